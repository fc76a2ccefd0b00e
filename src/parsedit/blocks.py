"""PARSEVAL alone, scored a block of lines at a time.

When a run asks for PARSEVAL and nothing else (EVALB's counts: no
preterminals counted, no split or weighted matching, no word alignment, no
error analysis), each range of lines (:mod:`parsedit.trees.ranges`: both
files in line layout, on disk) is read as text and each pair of lines through
the columnar reader (:mod:`parsedit.trees.columnar`) into integer bracket
keys, matched by :func:`parsedit.metrics.parseval.columnar_counts`.  Any pair
that reader does not take (a blank, broken or unusual line, a failure
marker, words that differ, a test without words, a file that ended) is
scored by the per-sentence path, from the same items the reader would have
made of those lines, so EVALB's edge cases (errors, skips, length and word
mismatches, the quote fix, ``--failures count``, the end of a file) are
judged exactly as before.  A pair scored here gets the same
:class:`~parsedit.results.SentenceResult` the per-sentence path gives it
(tested pair by pair on random trees and on 39,140 PTB pairs).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import lru_cache
from itertools import zip_longest
from typing import TYPE_CHECKING, Any

from parsedit.metrics.parseval import Parseval, columnar_counts
from parsedit.pipeline import Job, Scored, _score_pair
from parsedit.results import ParsevalCounts, SentenceResult
from parsedit.trees.columnar import Columns, Read
from parsedit.trees.normalise import Normalisation
from parsedit.trees.ranges import LineRange
from parsedit.trees.reader import Item, _read
from parsedit.trees.source import byte_text

if TYPE_CHECKING:
    from parsedit.metrics.yields import AlignedScorer


def eligible(job: Job, aligned: bool = False) -> bool:
    """Whether the job's run is PARSEVAL alone, as EVALB counts it (and
    nothing per sentence beyond the counts is kept); with ``aligned``, under
    ``--yield align`` too (gold segmentation), which :func:`scored` takes."""
    scorer, keep = job.scorer, job.worst
    config = scorer.config
    metric = scorer.metrics.get("parseval")
    return (config.metrics == ("parseval",) and isinstance(metric, Parseval)
            and not (metric.with_preterminals or metric.split or metric.weighted)
            and (scorer.aligned is None or aligned) and config.segmentation == "gold"
            and not scorer.details and not keep
            and not config.params.normalisation.strip_outer_bracket)


@lru_cache(maxsize=8)
def _columns(norm: Normalisation) -> Columns:
    return Columns(norm)


class _Lines:
    """One file's lines of a range, as text without their newlines."""

    def __init__(self, path: str, span: tuple[int, int, bool], encoding: str) -> None:
        start, end, self.last = span
        self.path = path
        self.lines = byte_text(path, start, end, encoding).split("\n") if start < end else []
        # The newline-ended lines; a last piece without one is a line if not empty.
        self.ended = len(self.lines) - 1
        if self.lines and not self.lines[-1]:
            self.lines.pop()

    def item(self, k: int, number: int) -> Item | None:
        """The ``k``-th line's item, as the reader makes it in this range."""
        if k >= len(self.lines):
            return None
        text = self.lines[k]
        item = next(_read(self.path, [text + "\n" if k < self.ended else text], layout=True,
                          first=number))
        # Blank lines at the end of a range are trailing only if nothing but
        # blank lines follows it in the file (``last``).
        trailing = item.trailing and self.last and not any(
            line.strip() for line in self.lines[k + 1:])
        return item if item.trailing == trailing else replace(item, trailing=trailing)


def _same(read: Read) -> ParsevalCounts:
    """The counts of a test line equal to its gold line."""
    n, brackets = len(read.tagged), len(read.keys)
    return ParsevalCounts.sentence(n, n, brackets, brackets, brackets, brackets, brackets, 0)


def _columnar(read: Callable[[str], Read | None], gold: str | None, test: str | None,
              labeled: bool, aligned: AlignedScorer | None = None
              ) -> tuple[dict[str, Any], Read, Read] | None:
    """A pair of lines scored through the columnar reader: the counts by
    metric and the two lines read, or None for the per-sentence path; with
    ``aligned`` (``--yield align``), as it scores them."""
    if gold is None or test is None:
        return None
    gold_read = read(gold)
    if gold_read is None:
        return None
    if test == gold:
        test_read = gold_read
        counts = _same(gold_read) if gold_read.tagged else None
    else:
        read_test = read(test)
        if read_test is None:
            return None
        test_read = read_test
        counts = columnar_counts(gold_read, test_read, labeled)
    if aligned is not None:
        found = aligned.columnar(gold_read, test_read, counts)
        return None if found is None else (found, gold_read, test_read)
    return None if counts is None else ({"parseval": counts}, gold_read, test_read)


def scored(job: Job, lines: LineRange) -> Iterator[Scored]:
    """The pairs of one range of lines, scored, in order (see the module
    docstring)."""
    scorer, gold_path, test_path = job.scorer, job.gold_path, job.test_path
    columns = _columns(scorer.config.params.normalisation)
    columns.new_block()
    labeled = scorer.config.params.labeled
    gold_encoding, test_encoding = lines.encodings
    gold = _Lines(gold_path, lines.gold, gold_encoding)
    test = _Lines(test_path, lines.test, test_encoding)
    read = columns.read
    for k, (g, t) in enumerate(zip_longest(gold.lines, test.lines)):
        number = lines.first + k
        found = _columnar(read, g, t, labeled, scorer.aligned)
        if found is not None:
            counts, gold_read, test_read = found
            outer = None if gold_read.outer == test_read.outer \
                else "gold" if gold_read.outer else "test"
            yield Scored(number, True, True,
                         SentenceResult(number, "ok", None, counts,
                                        length=gold_read.length, outer_bracket=outer), None)
            continue
        gold_item, test_item = gold.item(k, number), test.item(k, number)
        if (gold_item is None or gold_item.trailing) and \
                (test_item is None or test_item.trailing):
            return  # only blank lines are left at the ends of both files
        yield _score_pair(job, (number, gold_item, test_item))
