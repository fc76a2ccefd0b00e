"""Scored precision, recall, F, weak and strong correctness over segments
with one or more tags on either side (Acedański and Przepiórkowski, 3.1).

With T and G the test and gold tag sets of a segment and
score(t, A) = max over a in A of score(t, a):

    P  = sum over segments of sum_{t in T} score(t, G)  /  sum of |T|
    R  = sum over segments of sum_{g in G} score(g, T)  /  sum of |G|
    F  = 2PR / (P + R)
    WC = mean over segments of max_{t in T} score(t, G)
    SC = mean over segments of the min of every score(t, G) and score(g, T)

so recall never exceeds 1, however many tags the tagger gives.  With the
``full`` scoring function, WC is 1 for a segment where some test tag is
right, SC only where the two sets are equal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from parsedit.results import TagCounts
from parsedit.tagging.tagset import Tag


def count(pairs: Sequence[tuple[Sequence[Tag], Sequence[Tag]]],
          score: Callable[[Tag, Tag], float]) -> TagCounts:
    """The sums over (test tags, gold tags) segment pairs."""
    p = r = weak = strong = 0.0
    test_tags = gold_tags = 0
    for test, gold in pairs:
        if len(test) == 1 and len(gold) == 1:  # the usual segment: one tag a side
            one = score(test[0], gold[0])
            p += one
            r += one
            test_tags += 1
            gold_tags += 1
            weak += one
            strong += one
            continue
        forward = [max(score(t, g) for g in gold) for t in test]
        backward = [max(score(t, g) for t in test) for g in gold]
        p += sum(forward)
        r += sum(backward)
        test_tags += len(test)
        gold_tags += len(gold)
        weak += max(forward)
        strong += min(forward + backward)
    return TagCounts(p, test_tags, r, gold_tags, weak, strong, len(pairs))
