"""PARSEVAL's counts for a whole range of pairs at once, from the bracket
keys of :mod:`parsedit.trees.arrays`: :func:`parsedit.metrics.parseval.keys_counts`
(and so :func:`parsedit.metrics.parseval.score`) done with numpy, pair by
pair the same integers.

The line of each key is in its high bits, so a multiset intersection of
keys within every pair is one over the whole range: labelled matches on the
keys, unlabelled matches on the keys without their labels (the size of the
multiset intersection of spans, as :func:`parsedit.metrics.parseval.score`
counts it), crossing brackets by checking each test span that is not a gold
span of its line against every gold span of that line.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from parsedit.trees.arrays import LINE, SPANS, ArrayRead, Bools, Ints, ragged


class ArrayCounts(NamedTuple):
    """Per pair of the range: whether it was scored here (both lines usual,
    the same words, at least one), and its PARSEVAL counts (0 where not
    scored)."""

    scored: Bools
    words: Ints
    correct_tags: Ints
    gold: Ints
    test: Ints
    labelled: Ints
    unlabelled: Ints
    crossing: Ints


def array_counts(gold: ArrayRead, test: ArrayRead, same: Bools) -> ArrayCounts:
    """The counts of the pairs of two ranges read alike (same size); a test
    line the same text as its gold line (``same``) is not read (it is not
    usual in ``test``): its counts are the gold line's against itself."""
    size = len(gold.usual)
    scored = gold.usual & test.usual & (gold.words == test.words) & (gold.words > 0)
    # The kept words of those pairs, side by side.
    on_gold, on_test = scored[gold.word_lines], scored[test.word_lines]
    lines = gold.word_lines[on_gold]
    scored[lines[gold.word_ids[on_gold] != test.word_ids[on_test]]] = False
    correct = np.bincount(lines[gold.tag_ids[on_gold] == test.tag_ids[on_test]],
                          minlength=size)
    copied = same & gold.usual & (gold.words > 0)
    # Each sorted once (key order: line, label, start, end).
    gold_keys = np.sort(gold.keys[(scored | copied)[gold.keys >> LINE]])
    test_keys = np.sort(test.keys[scored[test.keys >> LINE]])
    gold_spans, test_spans = np.sort(gold_keys & SPANS), np.sort(test_keys & SPANS)
    brackets = np.bincount(gold_keys >> LINE, minlength=size)

    def copy(found: Ints) -> Ints:
        return np.where(copied, brackets, found)

    scored |= copied
    return ArrayCounts(scored, np.where(scored, gold.words, 0),
                       np.where(copied, gold.words, correct), brackets,
                       copy(np.bincount(test_keys >> LINE, minlength=size)),
                       copy(_common(gold_keys, test_keys, size)),
                       copy(_common(gold_spans, test_spans, size)),
                       _crossing(gold_spans, test_spans, size))


def _distinct(ordered: Ints) -> tuple[Ints, Ints]:
    """The distinct keys of sorted keys, and how often each occurs."""
    if not len(ordered):
        return ordered, ordered
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    return ordered[starts], np.diff(np.r_[starts, len(ordered)])


def _common(gold: Ints, test: Ints, size: int) -> Ints:
    """Per line, the size of the multiset intersection of its keys (both
    sorted)."""
    keys, counts = _distinct(test)
    found = np.searchsorted(gold, keys, "right") - np.searchsorted(gold, keys, "left")
    return np.bincount(keys >> LINE, np.minimum(found, counts), size).astype(np.int64)


def _crossing(gold: Ints, test: Ints, size: int) -> Ints:
    """Per line, the test spans crossing at least one gold span of the line
    (``a < s < z < e`` or ``s < a < e < z``); a test span equal to a gold
    span crosses nothing, since gold spans nest.  The gold spans sorted."""
    spans = _distinct(gold)[0]
    if not len(spans):
        return np.zeros(size, np.int64)
    at = np.minimum(np.searchsorted(spans, test), len(spans) - 1)
    others = test[spans[at] != test]
    owners = spans >> LINE
    lines = others >> LINE
    low = np.searchsorted(owners, lines, "left")
    candidate, rank = ragged(np.searchsorted(owners, lines, "right") - low)
    span = spans[low[candidate] + rank]
    other = others[candidate]
    a, z = span >> 16 & 0xFFFF, span & 0xFFFF
    s, e = other >> 16 & 0xFFFF, other & 0xFFFF
    cross = ((a < s) & (s < z) & (z < e)) | ((s < a) & (a < e) & (e < z))
    crossed = np.zeros(len(others), np.bool_)
    crossed[candidate[cross]] = True
    return np.bincount(lines[crossed], minlength=size)
