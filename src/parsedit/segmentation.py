"""Pairing runs of sentences when the two files split the text differently
(``--segmentation align``).

The files are read in step.  From the next unpaired gold sentence i and test
sentence j, the words of a window of up to :data:`WINDOW` sentences on each
side are aligned (:mod:`parsedit.fst.words`).  A gold sentence boundary and a
test sentence boundary *agree* when the alignment puts them at the same
place: some prefix of its operations consumes exactly the words before both.
The next pair is the shortest run of gold sentences and the shortest run of
test sentences that end at agreeing boundaries (one gold sentence against
two test sentences, two against one, ...); when no boundary inside the
window agrees, the whole window is one pair.  A run of several sentences is
scored as one forest, as EVALB scores a line holding several trees.

A sentence without words (empty, unreadable) is never merged: it is paired
with the sentence in the same place on the other side, as without
segmentation, and keeps its status.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from parsedit.fst.words import WordAligner
from parsedit.trees.reader import Item

WINDOW = 4


@dataclass(frozen=True)
class Run:
    """One pair of runs: the pair's number and the 1-based sentence numbers
    of each side (a range of one or more)."""

    number: int
    gold: tuple[int, ...]
    test: tuple[int, ...]

    @property
    def merged(self) -> bool:
        return len(self.gold) > 1 or len(self.test) > 1

    def describe(self) -> str:
        def span(ids: tuple[int, ...]) -> str:
            return str(ids[0]) if len(ids) == 1 else f"{ids[0]}-{ids[-1]}"
        return f"pair {self.number} = gold {span(self.gold)} / test {span(self.test)}"


def merge_warning(runs: Sequence[Run]) -> str | None:
    """The warning of a run whose pairs merge sentences (None when none does)."""
    merged = [run for run in runs if run.merged]
    if not merged:
        return None
    shown = "; ".join(run.describe() for run in merged[:10])
    return (f"--segmentation align: {sum(len(r.gold) for r in runs)} gold and "
            f"{sum(len(r.test) for r in runs)} test sentences in {len(runs)} pairs; "
            f"{len(merged)} pairs merge sentences: {shown}" + (" ..." if len(merged) > 10 else ""))


def _merge(items: Sequence[Item]) -> Item:
    tokens: list[str] = []
    for item in items:
        assert item.tokens is not None
        tokens += item.tokens
    return Item(items[0].line, tuple(tokens))


def aligned_pairs(gold_items: Iterable[Item], test_items: Iterable[Item], aligner: WordAligner,
                  words: Callable[[Item], list[str]],
                  runs: list[Run]) -> Iterator[tuple[int, Item | None, Item | None]]:
    """The numbered pairs of (possibly merged) items of two files; each
    pair's :class:`Run` is appended to ``runs``.  ``words(item)`` is an
    item's normalised yield."""
    gold = list(gold_items)
    test = list(test_items)
    i = j = 0
    number = 0
    while i < len(gold) or j < len(test):
        number += 1
        if i == len(gold) or j == len(test) or not words(gold[i]) or not words(test[j]):
            runs.append(Run(number, (i + 1,) if i < len(gold) else (),
                            (j + 1,) if j < len(test) else ()))
            yield (number, gold[i] if i < len(gold) else None,
                   test[j] if j < len(test) else None)
            i, j = i + (i < len(gold)), j + (j < len(test))
            continue
        k, m = _next_run(gold[i:i + WINDOW], test[j:j + WINDOW], aligner, words)
        runs.append(Run(number, tuple(range(i + 1, i + k + 1)), tuple(range(j + 1, j + m + 1))))
        yield number, _merge(gold[i:i + k]), _merge(test[j:j + m])
        i, j = i + k, j + m


def _next_run(gold: Sequence[Item], test: Sequence[Item], aligner: WordAligner,
              words: Callable[[Item], list[str]]) -> tuple[int, int]:
    """How many sentences of each window form the next pair."""
    # Only sentences with words join a window (an empty one ends it).
    gold = _with_words(gold, words)
    test = _with_words(test, words)
    gold_words = [words(item) for item in gold]
    test_words = [words(item) for item in test]
    alignment = aligner.align([w for ws in gold_words for w in ws],
                              [w for ws in test_words for w in ws])
    cuts = {(0, 0)}
    g = t = 0
    for op in alignment.ops:
        g += len(op.gold)
        t += len(op.test)
        cuts.add((g, t))
    gold_ends = _ends(gold_words)
    test_ends = _ends(test_words)
    for k, gb in enumerate(gold_ends, start=1):
        for m, tb in enumerate(test_ends, start=1):
            if (gb, tb) in cuts:
                return k, m
    return len(gold), len(test)


def _with_words(items: Sequence[Item], words: Callable[[Item], list[str]]) -> list[Item]:
    out: list[Item] = []
    for item in items:
        if not words(item):
            break
        out.append(item)
    return out


def _ends(sentences: list[list[str]]) -> list[int]:
    """The word count at the end of each sentence."""
    out: list[int] = []
    total = 0
    for ws in sentences:
        total += len(ws)
        out.append(total)
    return out
