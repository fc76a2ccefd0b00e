"""Files in line layout scored a range of lines at a time: PARSEVAL alone
by its bracket keys, any other metrics from normalised sentences.

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

From a gold file of :data:`ARRAYS_FROM` bytes on, a range is read and scored
with numpy instead (:func:`block`: :mod:`parsedit.trees.arrays`, whose
byte scanner, :mod:`parsedit.trees.bytescan`, reads the ASCII lines of the
usual form; :mod:`parsedit.metrics.parseval_arrays`), the same pairs going
to the per-sentence path, and each whole group of ``SUM_EVERY`` pairs summed
at once when the run keeps no sentence results (the same sums; tested the
same ways).

Any other run over files in line layout reads each range's lines straight
into normalised sentences (:func:`sentences`: line by line, or from a gold
file of :data:`ARRAYS_FROM` bytes on a range at a time with numpy,
:mod:`parsedit.trees.block_sentences`), and the Python API's
:class:`~parsedit.api.Evaluator` reads a batch of bracketed strings by
either route, a string as a line (:func:`line_pairs`; with numpy when
:func:`numpy_pays`).
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import fields, replace
from functools import lru_cache
from itertools import compress, count
from typing import TYPE_CHECKING, Any

from parsedit.limits import max_line_bytes
from parsedit.metrics.parseval import Parseval, columnar_counts
from parsedit.pipeline import BLOCK, SUM_EVERY, Block, Job, Scored, _score_pair
from parsedit.results import STATUSES, ParsevalCounts, SentenceResult, Totals
from parsedit.trees.columnar import Columns, Read, Sentences
from parsedit.trees.normalise import Normalisation, Normalised
from parsedit.trees.ranges import LineRange, Reroute
from parsedit.trees.reader import SPACES, Item, _read, joined, read_sentence
from parsedit.trees.roots import root_label
from parsedit.trees.source import byte_text, raw_lines

if TYPE_CHECKING:
    from parsedit.metrics.parseval_arrays import BlockCounts
    from parsedit.metrics.yields import AlignedScorer
    from parsedit.trees.arrays import Table
    from parsedit.trees.block_sentences import BlockSentences

# From this size of the gold file (bytes, about 2,900 PTB lines) a range of
# lines is read and scored with numpy (:func:`block`), whose import (about
# 0.15 s) then pays for itself; below it, line by line (:func:`scored`).
ARRAYS_FROM = 1 << 20
# Strings an Evaluator's batch holds at least to be read with numpy.
NUMPY_BATCH = 512
# The block readers are one per process (per normalisation), and a block's
# reading uses their scratch space: Evaluators in threads take turns.
_SHARED = threading.Lock()
# The line readers (Columns, Sentences) are one per thread (per
# normalisation): a reader numbers labels as it meets them and forgets
# everything past a bound, so two threads sharing one could number a label
# twice, or forget a gold line's numbers before its test line is read.
_PER_THREAD = threading.local()


def _reader(kind: type[Columns] | type[Sentences], norm: Normalisation) -> Any:
    """This thread's reader of ``kind`` for ``norm`` (at most eight
    normalisations remembered per thread)."""
    readers: dict[tuple[type, Normalisation], Any] = _PER_THREAD.__dict__.setdefault(
        "readers", {})
    found = readers.get((kind, norm))
    if found is None:
        if len(readers) >= 8:
            readers.clear()
        found = readers[kind, norm] = kind(norm)
    return found


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


def _columns(norm: Normalisation) -> Columns:
    found: Columns = _reader(Columns, norm)
    return found


class _Lines:
    """One file's lines of a range, as text without their newlines."""

    def __init__(self, path: str, span: tuple[int, int, bool], encoding: str) -> None:
        start, self.end, self.last = span
        self.path = path
        self.encoding = encoding
        self.lines = byte_text(path, start, self.end, encoding).split("\n") \
            if start < self.end else []
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
        if item.error is not None and joined(text, self._after(k)):
            raise Reroute(f"{self.path}:{number}: a tree split over lines")
        # Blank lines at the end of a range are trailing only if nothing but
        # blank lines follows it in the file (``last``).
        trailing = item.trailing and self.last and not any(
            line.strip(SPACES) for line in self.lines[k + 1:])
        return item if item.trailing == trailing else replace(item, trailing=trailing)


    def _after(self, k: int) -> Iterator[str]:
        """The lines after the ``k``-th, in the range and then beyond it (read
        from the file as they are asked for: rarely)."""
        yield from self.lines[k + 1:]
        if self.last:
            return
        with open(self.path, "rb") as handle:
            handle.seek(self.end)
            for raw in raw_lines(handle, max_line_bytes()):
                if isinstance(raw, int):
                    return
                yield raw.decode(self.encoding, errors="replace")


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


def _counted(number: int, counts: dict[str, Any], gold: Read, test: Read) -> Scored:
    """A pair scored by :func:`_columnar`, as the run hands it on."""
    outer = None if gold.outer == test.outer else "gold" if gold.outer else "test"
    return Scored(number, True, True, SentenceResult(number, "ok", None, counts,
                                                     length=gold.length, outer_bracket=outer),
                  None)


def _judged(job: Job, number: int, gold: Normalised | None, test: Normalised | None,
            where: str) -> Scored | None:
    """A pair of lines read straight into their normalised sentences (None:
    a line that reader does not take), judged by
    :meth:`~parsedit.pipeline.Scorer.judge` (``where`` names the two lines
    in its messages); None for the per-sentence path: a line not read, a
    side without words, EVALB's quote fix."""
    if gold is None or not gold.words or test is None or not test.words or (
            job.scorer.config.params.normalisation.quote_labels
            and len(gold.words) != len(test.words)):
        return None
    sentence, outcomes = job.scorer.judge(number, gold, test, where)
    la = outcomes.get("la") if job.worst else None
    return Scored(number, True, True, sentence, None if la is None else la.detail)


def _normalised(norm: Normalisation, gold: list[str], test: list[str], by_blocks: bool
                ) -> tuple[list[Normalised | None], list[Normalised | None]]:
    """Each line of both sides read straight into its normalised sentence
    (None: a line not of the usual form): a block at a time with numpy
    (:class:`~parsedit.trees.block_sentences.BlockSentences`) or line by
    line (:class:`~parsedit.trees.columnar.Sentences`); a test line equal
    to its gold line is read once."""
    equal = [k < len(gold) and line == gold[k] for k, line in enumerate(test)]
    test = ["" if same else line for line, same in zip(test, equal)]
    if by_blocks:
        block_reader = _block_sentences(norm)
        with _SHARED:
            block_reader.new_block()
            both = block_reader.read(gold + test)  # (one scan for both sides)
        gold_read, test_read = both[:len(gold)], both[len(gold):]
    else:
        reader = _sentences(norm)
        reader.new_block()
        gold_read, test_read = list(map(reader.read, gold)), list(map(reader.read, test))
    for k in compress(range(len(equal)), equal):
        test_read[k] = gold_read[k]
    return gold_read, test_read


def line_pairs(job: Job, first: int, gold: list[str], test: list[str]) -> list[Scored | None]:
    """Pairs of one-line strings (the Python API's
    :class:`~parsedit.api.Evaluator` batches), numbered from ``first``,
    scored as a range's lines are, by :func:`scored`'s route or by
    :func:`sentences`'; None for each pair that is for the per-sentence path
    (the caller scores it from its items).  The messages name the pair
    numbered ``n`` ``GOLD:n and TEST:n`` (the job's two names)."""
    config = job.scorer.config
    if config.segmentation != "gold":
        return [None] * len(gold)
    norm = config.params.normalisation
    numpy = numpy_pays(gold)
    if eligible(job) and numpy:
        return _counted_lines(job, first, gold, test)
    if eligible(job, aligned=True):
        columns = _columns(norm)
        columns.new_block()
        read, labeled, aligned = columns.read, config.params.labeled, job.scorer.aligned
        counted = [_columnar(read, g, t, labeled, aligned) for g, t in zip(gold, test)]
        return [None if found is None else _counted(first + k, *found)
                for k, found in enumerate(counted)]
    gold_read, test_read = _normalised(norm, gold, test, by_blocks=numpy)
    return [_judged(job, number, g, t, f"{job.gold_path}:{number} and {job.test_path}:{number}")
            for number, g, t in zip(count(first), gold_read, test_read)]


def numpy_pays(lines: list[str]) -> bool:
    """Whether a batch of strings is read with numpy (:func:`line_pairs`):
    a batch of :data:`NUMPY_BATCH` strings or more (a smaller one costs the
    block reader's fixed steps more than it saves), when numpy is imported
    already (as in any training loop) or the batch holds
    :data:`ARRAYS_FROM` bytes of text, where its import pays."""
    return len(lines) >= NUMPY_BATCH and (
        "numpy" in sys.modules or sum(map(len, lines)) >= ARRAYS_FROM)


def _counted_lines(job: Job, first: int, gold: list[str], test: list[str]
                   ) -> list[Scored | None]:
    """:func:`line_pairs` for PARSEVAL alone, with numpy: each pair
    :func:`block` scores, as it scores it, the others None."""
    config = job.scorer.config
    table = _table(config.params.normalisation)
    out: list[Scored | None] = []
    for at in range(0, len(gold), BLOCK):
        found, matched, length, outer = _counted_block(
            table, gold[at:at + BLOCK], test[at:at + BLOCK], config.params.labeled)
        columns = zip(found.words.tolist(), found.correct_tags.tolist(), found.gold.tolist(),
                      found.test.tolist(), matched.tolist(), found.labelled.tolist(),
                      found.unlabelled.tolist(), found.crossing.tolist())
        out += [_ok(first + at + k, counts, size, kind) if scored else None
                for k, (scored, counts, size, kind) in enumerate(zip(
                    found.scored.tolist(), columns, length.tolist(), outer.tolist()))]
    return out


def line_root_labels(norm: Normalisation, lines: list[str]) -> list[str | None]:
    """The root label of each one-line string's normalised sentence (as
    :func:`parsedit.pipeline.root_labels` reads them), read as
    :func:`line_pairs` reads it: by the reader when the columnar one does not
    take it."""
    sentences = _sentences(norm)
    labels = []
    for line in lines:
        found = sentences.read(line)
        if found is None:
            tokens = read_sentence(line).tokens
            found = None if tokens is None else norm.normalise(tokens)
        labels.append(None if found is None else root_label(found.bracketing))
    return labels


def _per_sentence(job: Job, gold: _Lines, test: _Lines, k: int, number: int) -> Scored | None:
    """The ``k``-th pair of a range scored by the per-sentence path, from
    the items the reader makes of its lines (None when only blank lines are
    left at the ends of both files)."""
    gold_item, test_item = gold.item(k, number), test.item(k, number)
    if (gold_item is None or gold_item.trailing) and (test_item is None or test_item.trailing):
        return None
    return _score_pair(job, (number, gold_item, test_item))


def _line_pair(job: Job, read: Callable[[str], Read | None], gold: _Lines, test: _Lines,
               k: int, number: int, aligned: AlignedScorer | None) -> Scored | None:
    """The ``k``-th pair of a range scored through the columnar reader
    (``read``), or by the per-sentence path when it does not take it (None
    when only blank lines are left at the ends of both files)."""
    g = gold.lines[k] if k < len(gold.lines) else None
    t = test.lines[k] if k < len(test.lines) else None
    found = _columnar(read, g, t, job.scorer.config.params.labeled, aligned)
    if found is not None:
        return _counted(number, *found)
    return _per_sentence(job, gold, test, k, number)


def scored(job: Job, lines: LineRange) -> Iterator[Scored]:
    """The pairs of one range of lines, scored, in order (see the module
    docstring)."""
    scorer, gold_path, test_path = job.scorer, job.gold_path, job.test_path
    columns = _columns(scorer.config.params.normalisation)
    columns.new_block()
    gold_encoding, test_encoding = lines.encodings
    gold = _Lines(gold_path, lines.gold, gold_encoding)
    test = _Lines(test_path, lines.test, test_encoding)
    for k in range(max(len(gold.lines), len(test.lines))):
        found = _line_pair(job, columns.read, gold, test, k, lines.first + k, scorer.aligned)
        if found is None:
            return  # only blank lines are left at the ends of both files
        yield found


def _sentences(norm: Normalisation) -> Sentences:
    found: Sentences = _reader(Sentences, norm)
    return found


def sentences(job: Job, lines: LineRange) -> Iterator[Scored]:
    """The pairs of one range of lines, scored in order by any metrics: each
    line of the usual form read straight into its normalised sentence (a
    range at a time with numpy from a gold file of :data:`ARRAYS_FROM`
    bytes on: :func:`_normalised`) and the pair judged by
    :meth:`~parsedit.pipeline.Scorer.judge`; a line that reader does not
    take, a side without words, EVALB's quote fix and the ends of the files
    by the per-sentence path, from the items the reader makes of them."""
    gold_encoding, test_encoding = lines.encodings
    gold = _Lines(job.gold_path, lines.gold, gold_encoding)
    test = _Lines(job.test_path, lines.test, test_encoding)
    both = min(len(gold.lines), len(test.lines))
    gold_read, test_read = _normalised(job.scorer.config.params.normalisation,
                                       gold.lines[:both], test.lines[:both], large(job))
    for k in range(max(len(gold.lines), len(test.lines))):
        number = lines.first + k
        if k < both:
            found = _judged(job, number, gold_read[k], test_read[k],
                            f"{job.gold_path}:{number} and {job.test_path}:{number}")
            if found is not None:
                yield found
                continue
        other = _per_sentence(job, gold, test, k, number)
        if other is None:
            return  # only blank lines are left at the ends of both files
        yield other


def large(job: Job) -> bool:
    """Whether the job's gold file is of :data:`ARRAYS_FROM` bytes or more
    (large enough for numpy to pay for its import)."""
    try:
        return os.path.getsize(job.gold_path) >= ARRAYS_FROM
    except OSError:
        return False


@lru_cache(maxsize=8)
def _block_sentences(norm: Normalisation) -> BlockSentences:
    from parsedit.trees.block_sentences import BlockSentences

    return BlockSentences(norm)


def by_arrays(job: Job) -> bool:
    """Whether the job's ranges are scored with numpy (:func:`block`): an
    eligible run over a gold file of :data:`ARRAYS_FROM` bytes or more."""
    return eligible(job) and large(job)


@lru_cache(maxsize=8)
def _table(norm: Normalisation) -> Table:
    from parsedit.trees.arrays import Table

    return Table(norm)


_FIELDS = tuple(f.name for f in fields(ParsevalCounts))
_F = _FIELDS.index("f_sum")


def block(job: Job, lines: LineRange) -> Block:
    """The block of one range of lines, read and scored with numpy
    (:mod:`parsedit.trees.arrays`, :mod:`parsedit.metrics.parseval_arrays`):
    what :func:`scored` gives, added to a :class:`~parsedit.pipeline.Block`
    in order, with each whole group of ``SUM_EVERY`` pairs summed here
    rather than pair by pair when the run keeps no sentence results."""
    import numpy as np

    scorer = job.scorer
    params = scorer.config.params
    table = _table(params.normalisation)
    gold_encoding, test_encoding = lines.encodings
    gold = _Lines(job.gold_path, lines.gold, gold_encoding)
    test = _Lines(job.test_path, lines.test, test_encoding)
    size = max(len(gold.lines), len(test.lines))
    found, matched, length, outer = _counted_block(table, gold.lines, test.lines,
                                                   params.labeled)
    # The pairs left to the per-line reader (a line too long for the block's
    # keys) or the per-sentence path, up to the blank lines that end both
    # files (as scored() does).
    others: dict[int, Scored] = {}
    end = size
    line_reader = _columns(params.normalisation)
    line_reader.new_block()
    for k in np.flatnonzero(~found.scored).tolist():
        other = _line_pair(job, line_reader.read, gold, test, k, lines.first + k, None)
        if other is None:
            end = k
            break
        others[k] = other
    # Every pair's counts, as ParsevalCounts.sentence makes them, in columns.
    gold_n, test_n = found.gold, found.test
    columns = np.zeros((len(_FIELDS) - 1, size), np.int64)
    columns[:8] = (found.words, found.correct_tags, gold_n, test_n, matched, found.labelled,
                   found.unlabelled, found.crossing)
    columns[8:] = (found.scored, (gold_n == test_n) & (test_n == matched),
                   found.labelled == gold_n, found.unlabelled == gold_n, found.crossing == 0,
                   found.crossing <= 2)
    brackets = gold_n + test_n
    f = np.where(brackets == 0, 100.0, 200.0 * matched / np.maximum(brackets, 1))
    has = found.scored.copy()
    status = np.zeros(size, np.int64)  # STATUSES
    trees = np.ones((2, size), np.int64)
    for k, pair in others.items():
        sentence = pair.sentence
        counts = sentence.counts.get("parseval")
        has[k] = counts is not None
        if counts is not None:
            values = [getattr(counts, name) for name in _FIELDS]
            f[k] = values.pop(_F)
            columns[:, k] = values
        else:
            f[k] = 0.0
            columns[:, k] = 0
        status[k] = STATUSES.index(sentence.status)
        length[k] = sentence.length
        outer[k] = (None, "gold", "test").index(sentence.outer_bracket)
        trees[:, k] = pair.has_gold, pair.has_test
    out = Block(job)
    cutoff = params.cutoff_len
    short = length <= cutoff if cutoff is not None else np.ones(size, np.bool_)
    first = lines.first
    k = 0
    while k < end:
        number = first + k
        group_end = min(end, k + SUM_EVERY - (number - 1) % SUM_EVERY)
        if job.keep == "sentences" or group_end - k != SUM_EVERY:
            for i in range(k, group_end):
                out.add(others[i] if i in others else _ok(first + i, columns[:8, i].tolist(),
                                                           int(length[i]), int(outer[i])))
        else:
            every = slice(k, group_end)
            rows = b""
            if job.keep == "rows":  # SentenceRows' columns
                table_rows = np.stack((np.arange(first + k, first + group_end), length[every],
                                       status[every], *columns[[4, 2, 3, 7, 0, 1], every]))
                rows = table_rows.T.astype(np.intc).tobytes()  # array("i")
            out.add_summed(first + group_end - 1,
                           (_totals(columns, f, has, status, every, None),
                            _totals(columns, f, has, status, every, short)),
                           (int(trees[0, every].sum()), int(trees[1, every].sum())),
                           (int((outer[every] == 1).sum()), int((outer[every] == 2).sum())),
                           [others[i] for i in range(k, group_end) if i in others], rows)
        k = group_end
    return out.close()


def _counted_block(table: Table, gold: list[str], test: list[str], labeled: bool
                   ) -> tuple[BlockCounts, Any, Any, Any]:
    """Pairs of lines read and counted with numpy (a block: the table's
    memory bounded first; a test line equal to its gold line is not read):
    their counts (those ``scored``), the matched
    brackets as LABELED says, EVALB's length and the outer bracket of each
    (0 on neither side or both, 1 on the gold side only, 2 on the test's)."""
    import numpy as np

    from parsedit.metrics.parseval_arrays import block_counts

    size = max(len(gold), len(test))
    same = np.zeros(size, np.bool_)
    equal = list(map(str.__eq__, gold, test))
    same[:len(equal)] = equal
    with _SHARED:
        table.new_block()
        gold_read, test_read = table.read_pairs(gold, test, same, size)
    found = block_counts(gold_read, test_read, same)
    test_outer = np.where(same, gold_read.outer, test_read.outer)
    outer = np.where(gold_read.outer == test_outer, 0, np.where(gold_read.outer, 1, 2))
    return (found, found.labelled if labeled else found.unlabelled, gold_read.length.copy(),
            outer)


def _ok(number: int, counts: Sequence[int], length: int, outer: int) -> Scored:
    """A pair scored ``ok`` by :func:`block`, as the per-sentence path gives it."""
    return Scored(number, True, True, SentenceResult(
        number, "ok", None, {"parseval": ParsevalCounts.sentence(*counts)}, length=length,
        outer_bracket=(None, "gold", "test")[outer]), None)


def _totals(columns: Any, f: Any, has: Any, status: Any, every: slice, within: Any) -> Totals:
    """What :meth:`Totals.of` gives of the pairs ``every`` (those ``within``
    the cut-off, if given), from the block's columns: the same integers, and
    the sentences' F added in the same order."""
    import numpy as np

    chosen = np.zeros(len(has), np.bool_)
    chosen[every] = True
    if within is not None:
        chosen &= within
    counted = chosen & has
    sums: list[Any] = [int(x) for x in columns[:, counted].sum(axis=1)]
    f_sum = 0.0
    for value in f[counted].tolist():
        f_sum += value
    sums.insert(_F, f_sum)
    ok, skip, error = np.bincount(status[chosen], minlength=len(STATUSES)).tolist()
    return Totals(int(chosen.sum()), ok, skip, error, {"parseval": ParsevalCounts(*sums)})
