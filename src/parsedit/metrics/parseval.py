"""PARSEVAL as EVALB computes it, with Goodman's rates and Grammarly's variants.

Brackets are read off the normalised bracketing: every non-preterminal
constituent is ``(label, start, end)`` over word positions; the unlabelled
outer bracket of the treebank is one with the empty label, as EVALB counts it.

* *Matched* brackets are a multiset intersection: two identical gold brackets
  need two in the test.  Labelled matching compares labels (after
  normalisation, so equal labels are one label), unlabelled matching spans
  only; ``LABELED`` chooses which one is EVALB's ``matched``.
* *Crossing* counts the test brackets that cross at least one gold bracket
  (Collins' way, as EVALB does): ``a < c < b < d`` or ``c < a < d < b``.
* *Tags*: a word's tag is correct if the two tags are equal after
  normalisation (tags are never stripped of ``-`` suffixes).
* ``with_preterminals`` counts every preterminal as a constituent too;
  ``split`` (Grammarly's Parseval-split) matches a constituent only if its
  children's spans are equal as well.
* ``weighted`` (Grammarly's weighted Parseval, the weight of gr-parseval's
  ``test.lisp``): a test constituent that matches counts 1, as always, and
  one that does not counts 1 - w(h) instead of 0, h being its height (a
  preterminal 1, a phrase 1 + its highest child) and w(h) = 3/2 - (2/3)^(h-1):
  an error near the words costs little (w(1) = 1/2: it still counts 1/2), one
  high in the tree more than a plain error (w grows towards 3/2, so it counts
  down to -1/2).  Among test constituents with the same key, the outermost
  ones match first (gr-parseval's pre-order).  Matched counts are then
  fractions; EVALB's report cannot show them.

Goodman (1996): L and B are the labelled and unlabelled matches, C the test
brackets crossing no gold bracket; recall rates are L/Nc, B/Nc and C/Ng
(Nc gold, Ng test brackets) and each tree rate is the share of sentences
where that count is complete (L = Nc, B = Nc, C = Ng).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import replace
from itertools import compress, filterfalse
from operator import eq
from typing import Any

from parsedit.metrics.base import Metric, Outcome, Part, ratio
from parsedit.results import ParsevalCounts
from parsedit.trees.bracketing import CLOSING, OPEN, TAGGED, Bracketing, decode_all
from parsedit.trees.lines import POSITION, POSITIONS, SPAN, LineRead

# (label, start, end), or with split (label, start, end, children's spans).
Bracket = tuple[Any, ...]


def brackets(tokens: Bracketing, with_preterminals: bool = False,
             split: bool = False) -> tuple[list[Bracket], list[str]]:
    """The brackets of a normalised bracketing, and each word's tag ("" for a
    word without one)."""
    if with_preterminals or split:
        return _variant_brackets(tokens, with_preterminals, split)
    out: list[Bracket] = []
    tags: list[str] = []
    stack: list[tuple[str, int]] = []  # the label and start of each open phrase
    for kind, text in decode_all(tokens):
        if kind is TAGGED:
            tags.append(text)
        elif kind is OPEN:
            stack.append((text, len(tags)))
        elif kind is CLOSING:
            label, start = stack.pop()
            out.append((label, start, len(tags)))
    return out, tags


def _variant_brackets(tokens: Bracketing, with_preterminals: bool, split: bool,
                      heights: list[int] | None = None) -> tuple[list[Bracket], list[str]]:
    """:func:`brackets` with preterminals counted, or with children's spans;
    each bracket's height appended to ``heights`` if given."""
    out: list[Bracket] = []
    tags: list[str] = []
    # Per open phrase: its label, its start, its children's spans, and the
    # height of its highest child.
    stack: list[tuple[str, int, list[tuple[int, int]], list[int]]] = []
    for kind, text in decode_all(tokens):
        if kind is TAGGED:
            tags.append(text)
        elif kind is OPEN:
            stack.append((text, len(tags), [], [0]))
        elif kind is CLOSING:
            label, start, children, highest = stack.pop()
            end = len(tags)
            out.append((label, start, end, tuple(children)) if split else (label, start, end))
            if heights is not None:
                heights.append(max(highest[0], 1) + 1)
            if stack:
                stack[-1][2].append((start, end))
                stack[-1][3][0] = max(stack[-1][3][0], max(highest[0], 1) + 1)
        else:  # a word: the end of its preterminal
            end = len(tags)
            if with_preterminals and tags[-1]:  # not a bare word
                out.append((tags[-1], end - 1, end, ((end - 1, end),))
                           if split else (tags[-1], end - 1, end))
                if heights is not None:
                    heights.append(1)
            if stack:
                stack[-1][2].append((end - 1, end))
                stack[-1][3][0] = max(stack[-1][3][0], 1)
    return out, tags


def weight(height: int) -> float:
    """gr-parseval's error weight of a constituent of this height."""
    return 1.5 - (2.0 / 3.0) ** (height - 1)


def _weighted_matched(gold: list[Bracket], test: list[Bracket], heights: list[int]) -> float:
    """Matched test constituents count 1, the others 1 - weight(height); of
    test constituents with one key, the highest match first."""
    available = Counter(gold)
    total = 0.0
    for height, bracket in sorted(zip(heights, test), key=lambda hb: -hb[0]):
        if available[bracket] > 0:
            available[bracket] -= 1
            total += 1.0
        else:
            total += 1.0 - weight(height)
    return total


def _matched_keys(gold: list[int], test: list[int]) -> int:
    """:func:`_matched` of integer keys: the keys both hold, and then the
    same of their repeats (each key's second, third ... copies), as long
    as both sides repeat one; past a few rounds (a unary chain of one label
    1,000 deep repeats its key 1,000 times), the rest counted at once."""
    matched = 0
    for _ in range(_ROUNDS):
        gold_set, test_set = set(gold), set(test)
        matched += len(gold_set & test_set)
        if len(gold_set) == len(gold) or len(test_set) == len(test):
            return matched
        gold, test = _repeats(gold), _repeats(test)
    return matched + sum((Counter(gold) & Counter(test)).values())


# Rounds of repeated keys matched as sets before the rest is counted.
_ROUNDS = 4


def _repeats(keys: list[int]) -> list[int]:
    """The keys that repeat, each as often as it repeats (its copies after the
    first)."""
    ordered = sorted(keys)
    later = ordered[1:]
    return list(compress(later, map(eq, later, ordered)))


def _matched(gold: list[Bracket], test: list[Bracket]) -> int:
    """The size of the multiset intersection (sets when nothing repeats)."""
    gold_set, test_set = set(gold), set(test)
    if len(gold_set) == len(gold) and len(test_set) == len(test):
        return len(gold_set & test_set)
    return sum((Counter(gold) & Counter(test)).values())


def crossing(gold: Sequence[Bracket], test: Sequence[Bracket]) -> int:
    """Test brackets crossing at least one gold bracket.  A test span equal
    to a gold span crosses nothing, since gold spans nest."""
    gold_spans = {(b[1], b[2]) for b in gold}
    return crossed(gold_spans, [(b[1], b[2]) for b in test if (b[1], b[2]) not in gold_spans])


# Beyond this many (test span, gold span) checks, crossed() sweeps instead.
_CHECKS = 1 << 14


def crossed(gold: Collection[tuple[int, int]], test: Sequence[tuple[int, int]],
            checks: int = _CHECKS) -> int:
    """How many of the ``test`` spans cross at least one of the ``gold``
    spans (which nest, as a tree's do): ``a < s < z < e`` or ``s < a < e <
    z``.  Span by span when that takes at most ``checks`` comparisons (a
    usual sentence); else in time about linear in the sentence's length (a
    sweep, :func:`_nearest_ends`) rather than the product of the two
    counts."""
    if not gold or not test:
        return 0
    if len(gold) * len(test) <= checks:
        count = 0
        for s, e in test:
            for a, z in gold:
                if a < s < z < e or s < a < e < z:
                    count += 1
                    break
        return count
    n = max(max(z for _, z in gold), max(e for _, e in test))
    first_end, last_start = _nearest_ends(gold, n)
    return sum(1 for s, e in test if first_end[s] < e or last_start[e] > s)


def _nearest_ends(gold: Collection[tuple[int, int]], n: int) -> tuple[list[int], list[int]]:
    """For each position p in 0..n: the least end z of a gold span (a, z)
    with a < p < z (n + 1 if none), and the greatest start a of one (-1 if
    none).  A test span (s, e) then crosses a gold span iff the first of
    s is below e (a < s < z < e) or the second of e above s (s < a < e <
    z).  Each position is given its value once, spans taken by end (by
    start), positions already given skipped by pointers that jump them."""
    def sweep(order: list[tuple[int, int]], none: int) -> list[int]:
        found = [none] * (n + 1)
        free = list(range(n + 2))  # free[p]: a position >= p not yet given, or p

        def next_free(p: int) -> int:
            root = p
            while free[root] != root:
                root = free[root]
            while free[p] != root:  # (every pointer on the way to it, shortened)
                free[p], p = root, free[p]
            return root

        for a, z in order:
            p = next_free(a + 1)
            while p < z:
                found[p] = a if none < 0 else z
                free[p] = p + 1
                p = next_free(p + 1)
        return found

    spans = list(gold)
    return (sweep(sorted(spans, key=lambda span: span[1]), n + 1),
            sweep(sorted(spans, key=lambda span: -span[0]), -1))


def score(gold: Bracketing, test: Bracketing, labeled: bool = True,
          with_preterminals: bool = False, split: bool = False,
          weighted: bool = False) -> ParsevalCounts:
    """PARSEVAL counts of one pair with equal words."""
    gold_brackets, gold_tags = brackets(gold, with_preterminals, split)
    if test == gold:
        n = len(gold_brackets)
        return ParsevalCounts.sentence(len(gold_tags), len(gold_tags), n, n, n, n, n, 0)
    heights: list[int] = []
    test_brackets, test_tags = _variant_brackets(test, with_preterminals, split, heights) \
        if weighted else brackets(test, with_preterminals, split)
    bare = ([b[1:] for b in gold_brackets], [b[1:] for b in test_brackets])
    labelled: float
    unlabelled: float
    if weighted:
        labelled = _weighted_matched(gold_brackets, test_brackets, heights)
        unlabelled = _weighted_matched(*bare, heights)
    else:
        labelled, unlabelled = _matched(gold_brackets, test_brackets), _matched(*bare)
    return ParsevalCounts.sentence(
        words=len(gold_tags),
        correct_tags=sum(1 for g, t in zip(gold_tags, test_tags) if g == t),
        gold=len(gold_brackets), test=len(test_brackets),
        matched=labelled if labeled else unlabelled,
        labelled=labelled, unlabelled=unlabelled,
        crossing=crossing(gold_brackets, test_brackets))


def keys_counts(gold: LineRead, test: LineRead, labeled: bool = True) -> ParsevalCounts | None:
    """:func:`score` of a pair read into bracket keys by the line reader
    (:mod:`parsedit.trees.lines`): the same counts, by integer set
    arithmetic on the bracket keys; None when the words differ or the test
    has none (the reference way judges that pair)."""
    if gold.tagged == test.tagged:
        correct = len(test.tagged)
        if not correct:
            return None
    else:
        gold_words, gold_tags = zip(*gold.tagged) if gold.tagged else ((), ())
        test_words, test_tags = zip(*test.tagged) if test.tagged else ((), ())
        if gold_words != test_words or not test_words:
            return None
        correct = sum(map(eq, gold_tags, test_tags))
    g, t = len(gold.keys), len(test.keys)
    gold_set, test_set = set(gold.keys), set(test.keys)
    crossed = 0
    if len(gold_set) == g and len(test_set) == t:  # no repeated bracket (usual)
        test_only = test_set - gold_set
        labelled = unlabelled = t - len(test_only)
        if test_only:
            # Taking matched brackets out of both sides leaves the unlabelled
            # matches to be found among the others; only those test
            # brackets can cross.
            test_spans = [key & SPAN for key in test_only]
            unlabelled += _matched_keys([key & SPAN for key in gold_set - test_set],
                                        test_spans)
            if unlabelled < t:
                crossed = _crossing([key & SPAN for key in gold.keys], test_spans)
    else:
        labelled = unlabelled = _matched_keys(gold.keys, test.keys)
        if labelled < t:  # some test bracket is not a gold one
            gold_spans = [key & SPAN for key in gold.keys]
            test_spans = [key & SPAN for key in test.keys]
            if labelled < g:  # else no more can match without labels
                unlabelled = _matched_keys(gold_spans, test_spans)
            if unlabelled < t:  # some test span is not a gold one: it may cross
                crossed = _crossing(gold_spans, test_spans)
    return ParsevalCounts.sentence(len(gold.tagged), correct, g, t,
                                   labelled if labeled else unlabelled, labelled, unlabelled,
                                   crossed)


def _crossing(gold: list[int], test: list[int]) -> int:
    """:func:`crossing` of spans ``start << POSITION | end``."""
    spans = set(gold)
    others = list(filterfalse(spans.__contains__, test))
    if not others:
        return 0
    return crossed([(span >> POSITION, span & POSITIONS) for span in spans],
                   [(span >> POSITION, span & POSITIONS) for span in others])


class Parseval(Metric[ParsevalCounts]):
    """The PARSEVAL metric (see the module docstring)."""

    name = "parseval"
    title = "PARSEVAL F"

    def __init__(self, labeled: bool = True, with_preterminals: bool = False,
                 split: bool = False, weighted: bool = False) -> None:
        self.labeled = labeled
        self.with_preterminals = with_preterminals
        self.split = split
        self.weighted = weighted

    def describe(self) -> list[str]:
        variant = "+".join(v for v, on in (("preterminals", self.with_preterminals),
                                           ("split", self.split),
                                           ("weighted", self.weighted)) if on) or "evalb"
        return [f"parseval:{variant}"]

    def zero(self) -> ParsevalCounts:
        return ParsevalCounts()

    def score(self, gold: Bracketing, test: Bracketing) -> Outcome:
        return Outcome(score(gold, test, self.labeled, self.with_preterminals, self.split,
                             self.weighted))

    def failure(self, gold: Bracketing) -> ParsevalCounts:
        """Every gold bracket missed, no test bracket, no tag right; and not a
        sentence without crossing brackets (no parse is not a good parse), so
        it counts in no crossing-tree rate."""
        gold_brackets, tags = brackets(gold, self.with_preterminals, self.split)
        counts = ParsevalCounts.sentence(len(tags), 0, len(gold_brackets), 0, 0, 0, 0, 0)
        return replace(counts, no_crossing_trees=0, two_or_less_trees=0)

    def sentence_average(self, total: ParsevalCounts) -> float | None:
        return total.sentence_f

    def terms(self, counts: ParsevalCounts) -> tuple[float, float, float]:
        """Matched, gold and test brackets: F, recall and precision alike."""
        return (float(counts.matched), float(counts.gold), float(counts.test))

    def from_terms(self, sums: Any) -> Any:
        """F = 100 x 2 matched / (gold + test): EVALB's F, and 0 (not EVALB's
        undefined) when nothing matched."""
        import numpy as np

        values = np.asarray(sums, dtype=np.float64)
        return ratio(np.stack([2.0 * values[..., 0], values[..., 1] + values[..., 2]],
                              axis=-1), 100.0, 0.0)

    def parts(self) -> dict[str, Part]:
        """Recall (matched / gold) and precision (matched / test), which
        ``compare`` tests beside F as Bikel's ``compare.pl`` does."""
        return {"recall": Part("PARSEVAL recall", _recall),
                "precision": Part("PARSEVAL precision", _precision)}


def _recall(sums: Any) -> Any:
    import numpy as np

    return ratio(np.asarray(sums, dtype=np.float64)[..., [0, 1]], 100.0, 0.0)


def _precision(sums: Any) -> Any:
    import numpy as np

    return ratio(np.asarray(sums, dtype=np.float64)[..., [0, 2]], 100.0, 0.0)

