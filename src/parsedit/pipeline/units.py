"""A unit of work scored by the run's route into a :class:`~.tally.Tally`.

A *unit* is a range of lines of both files (:class:`LineRange`: what
``-j N``'s workers read for themselves, when both files are one tree a line
on disk), or a list of pairs of items the reference reader made (any other
input); a batch of the Python API's strings is scored the same way
(:func:`batch`).  How each route of :mod:`parsedit.pipeline.route` scores
one:

* ``reference``: each pair of items judged and scored by
  :meth:`~.scorer.Scorer.pair`;
* ``lines/keys``: each pair of lines read into PARSEVAL's bracket keys
  (:class:`~parsedit.trees.lines.LineKeys`) and counted
  (:func:`~parsedit.metrics.parseval.keys_counts`; under ``--yield align``
  through the word alignment, :meth:`~parsedit.metrics.yields.AlignedScorer.keys`);
* ``lines/sentences`` and ``arrays/sentences``: both sides' lines read into
  their normalised sentences (:func:`parsedit.trees.fast.read_sentences`)
  and each pair judged and scored by :meth:`~.scorer.Scorer.judge`;
* ``arrays/keys``: a range read into bracket keys with numpy
  (:class:`~parsedit.trees.arrays.ArrayKeys`), counted
  (:func:`~parsedit.metrics.parseval_arrays.array_counts`) and, when the
  run keeps no sentence results, each whole group of ``SUM_EVERY`` pairs
  summed at once (the same sums, in the same order).

On every fast route, a line the reader does not take is read by the
reference reader in its place (:meth:`_Lines.item`: the item the reader
makes of that line in its file) and the pair scored the reference way, so
EVALB's edge cases (errors, skips, length and word mismatches, the quote
fix, ``--failures count``, the ends of the files) are judged by one piece of
code.  Each fast route is tested pair by pair against the reference route.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, fields, replace
from itertools import count
from typing import TYPE_CHECKING, Any

from parsedit.limits import max_line_bytes
from parsedit.metrics.parseval import keys_counts
from parsedit.pipeline import spmrl
from parsedit.pipeline.route import Route
from parsedit.pipeline.scorer import Pair, Scorer
from parsedit.pipeline.tally import (
    EVALB_MAX_BRACKETS,
    EVALB_MAX_WORDS,
    SUM_EVERY,
    Scored,
    Tally,
)
from parsedit.results import STATUSES, ParsevalCounts, SentenceResult, SentenceRows, Totals
from parsedit.trees import fast
from parsedit.trees.lines import LineRead
from parsedit.trees.normalise import Normalisation, Normalised
from parsedit.trees.ranges import LineRange, Reroute
from parsedit.trees.reader import SPACES, Item, _read, joined, read_sentence
from parsedit.trees.roots import root_label
from parsedit.trees.source import byte_text, over_limit, raw_lines

if TYPE_CHECKING:
    from parsedit.metrics.parseval_arrays import ArrayCounts
    from parsedit.metrics.yields import AlignedScorer
    from parsedit.trees.arrays import ArrayKeys
    from parsedit.trees.splits import Splits

# Lines a range holds (a multiple of SUM_EVERY, so that the sums are those
# of -j N): PARSEVAL's keys, and sentences read with numpy; other ranges
# hold SUM_EVERY lines.
KEYS_RANGE = 2048
ARRAY_SENTENCES_RANGE = 512

Unit = LineRange | list[Pair]  # a range of lines a worker reads, or pairs read for it


def range_lines(route: Route) -> int:
    """The lines of a range on ``route``."""
    if route.keys:
        return KEYS_RANGE
    return ARRAY_SENTENCES_RANGE if route.reader == "arrays" else SUM_EVERY


@dataclass(frozen=True)
class Job:
    """What a run scores with: forked workers inherit it, never pickled."""

    scorer: Scorer
    route: Route
    gold_path: str
    test_path: str
    keep: str = "sentences"
    worst: bool = False  # keep the lineage pairs that lose (--worst-words)
    # With keep="rows", each unit's rows rendered where it is scored (its
    # tally then carries ``rendered``, not its rows).
    render: Callable[[SentenceRows], bytes] | None = None
    # Which trees split over lines the run reads as one (None: every one,
    # as a file read alone).
    splits: Splits | None = None

    def tally(self) -> Tally:
        """An empty tally of this job's pairs."""
        return Tally(self.scorer.zeros, self.scorer.config.params.cutoff_len, self.keep,
                     self.worst, self.render)


def score_unit(job: Job, unit: Unit, stop_at: int | None = None) -> Tally:
    """One unit of work scored into a tally (up to pair ``stop_at`` only,
    when given: the stop EVALB makes after MAX_ERROR errors)."""
    if stop_at is None and isinstance(unit, LineRange) and job.route.name == "arrays/keys":
        return keys_by_arrays(job, unit)
    tally = job.tally()
    for pair in scored(job, unit):
        tally.add(pair)
        if pair.number == stop_at:
            break
    return tally.close()


def scored(job: Job, unit: Unit) -> Iterator[Scored]:
    """The pairs of one unit, scored in order by the job's route."""
    if not isinstance(unit, LineRange):
        return (score_pair(job, pair) for pair in unit)
    if job.route.keys:
        return keys_by_lines(job, unit)
    return sentences_by_range(job, unit)


def chunks(pairs: Iterable[Pair], size: int = SUM_EVERY) -> Iterator[list[Pair]]:
    """Pairs of items in units of ``size``."""
    chunk: list[Pair] = []
    for pair in pairs:
        chunk.append(pair)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


# -- reference ---------------------------------------------------------------


def score_pair(job: Job, pair: Pair) -> Scored:
    """A pair of items judged and scored the reference way."""
    number, gold, test = pair
    before, sentence, outcomes = rows(job.scorer, number, gold, test, job.gold_path,
                                      job.test_path)
    la = outcomes.get("la") if job.worst else None
    return Scored(number, gold is not None, test is not None, sentence,
                  None if la is None else la.detail, before)


def rows(scorer: Scorer, number: int, gold: Item | None, test: Item | None, gold_path: str,
         test_path: str) -> spmrl.Rows:
    """:meth:`~.scorer.Scorer.pair`, and before its result the row of zeros
    EVALB_SPMRL counts first for some pairs (under ``-p spmrl``:
    :func:`parsedit.pipeline.spmrl.rows`; else None)."""
    if scorer.config.params.spmrl:
        return spmrl.rows(scorer, number, gold, test, gold_path, test_path)
    return None, *scorer.pair(number, gold, test, gold_path, test_path)


class _Lines:
    """One file's lines of a range, as text without their newlines."""

    def __init__(self, path: str, span: tuple[int, int, bool], encoding: str,
                 joins: Callable[[int], bool] | None = None) -> None:
        start, self.end, self.last = span
        self.path = path
        self.joins = joins
        self.encoding = encoding
        self.lines = byte_text(path, start, self.end, encoding).split("\n") \
            if start < self.end else []
        # The newline-ended lines; a last piece without one is a line if not empty.
        self.ended = len(self.lines) - 1
        if self.lines and not self.lines[-1]:
            self.lines.pop()

    def get(self, k: int) -> str | None:
        return self.lines[k] if k < len(self.lines) else None

    def item(self, k: int, number: int) -> Item | None:
        """The ``k``-th line's item, as the reference reader makes it in
        this file (a tree split over lines that the run reads as one,
        ``joins`` given its first line's number, None: every one, as the
        file read alone, sends the whole run to the reference route:
        :class:`~parsedit.trees.ranges.Reroute`)."""
        if k >= len(self.lines):
            return None
        text = self.lines[k]
        item = next(_read(self.path, [text + "\n" if k < self.ended else text], layout=True,
                          first=number))
        if item.error is not None and joined(text, self._after(k)) \
                and (self.joins is None or self.joins(number)):
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


def _range(job: Job, lines: LineRange) -> tuple[_Lines, _Lines]:
    gold_encoding, test_encoding = lines.encodings
    splits = job.splits
    return (_Lines(job.gold_path, lines.gold, gold_encoding,
                   None if splits is None else splits.side(0)),
            _Lines(job.test_path, lines.test, test_encoding,
                   None if splits is None else splits.side(1)))


def _handed_back(job: Job, gold: _Lines, test: _Lines, k: int, number: int) -> Scored | None:
    """The ``k``-th pair of a range, which a fast reader handed back, scored
    the reference way from the items the reference reader makes of its
    lines (None when only blank lines are left at the ends of both files)."""
    gold_item, test_item = gold.item(k, number), test.item(k, number)
    if (gold_item is None or gold_item.trailing) and (test_item is None or test_item.trailing):
        return None
    return score_pair(job, (number, gold_item, test_item))


# -- lines/keys ---------------------------------------------------------------


def _same(read: LineRead) -> ParsevalCounts:
    """The counts of a test line equal to its gold line."""
    n, brackets = len(read.tagged), len(read.keys)
    return ParsevalCounts.sentence(n, n, brackets, brackets, brackets, brackets, brackets, 0)


def _keys_pair(read: Callable[[str], LineRead | None], gold: str | None, test: str | None,
               labeled: bool, aligned: AlignedScorer | None = None
               ) -> tuple[dict[str, Any], LineRead, LineRead] | None:
    """A pair of lines read into bracket keys and counted: the counts by
    metric and the two lines read, or None where a line is handed back (or
    the pair must be judged the reference way); with ``aligned`` (``--yield
    align``), counted through the word alignment."""
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
        counts = keys_counts(gold_read, test_read, labeled)
    if aligned is not None:
        found = aligned.keys(gold_read, test_read, counts)
        return None if found is None else (found, gold_read, test_read)
    return None if counts is None else ({"parseval": counts}, gold_read, test_read)


def _counted(number: int, counts: dict[str, Any], gold: LineRead, test: LineRead) -> Scored:
    """A pair counted from its keys, as the run hands it on."""
    outer = None if gold.outer == test.outer else "gold" if gold.outer else "test"
    return Scored(number, True, True, SentenceResult(number, "ok", None, counts,
                                                     length=gold.length, outer_bracket=outer),
                  None)


def _line_pair(job: Job, read: Callable[[str], LineRead | None], gold: _Lines, test: _Lines,
               k: int, number: int, aligned: AlignedScorer | None) -> Scored | None:
    """The ``k``-th pair of a range counted from its keys, or the reference
    way when a line is handed back (None when only blank lines are left at
    the ends of both files)."""
    found = _keys_pair(read, gold.get(k), test.get(k), job.scorer.config.params.labeled,
                       aligned)
    if found is not None:
        return _counted(number, *found)
    return _handed_back(job, gold, test, k, number)


def keys_by_lines(job: Job, lines: LineRange) -> Iterator[Scored]:
    """The pairs of one range of lines, counted from their keys line by
    line, in order."""
    scorer = job.scorer
    reader = fast.line_keys(scorer.config.params.normalisation)
    reader.new_range()
    gold, test = _range(job, lines)
    for k in range(max(len(gold.lines), len(test.lines))):
        found = _line_pair(job, reader.read, gold, test, k, lines.first + k, scorer.aligned)
        if found is None:
            return  # only blank lines are left at the ends of both files
        yield found


# -- lines/sentences, arrays/sentences ----------------------------------------


def _judged(job: Job, number: int, gold: Normalised | None, test: Normalised | None,
            where: str) -> Scored | None:
    """A pair of lines read into their normalised sentences, judged and
    scored by :meth:`~.scorer.Scorer.judge` (``where`` names the two lines
    in its messages); None where a line was handed back (None), a side has
    no words, or EVALB's quote fix applies: the reference way judges those."""
    if gold is None or not gold.words or test is None or not test.words or (
            job.scorer.config.params.normalisation.quote_labels
            and len(gold.words) != len(test.words)):
        return None
    sentence, outcomes = job.scorer.judge(number, gold, test, where)
    la = outcomes.get("la") if job.worst else None
    return Scored(number, True, True, sentence, None if la is None else la.detail)


def sentences_by_range(job: Job, lines: LineRange) -> Iterator[Scored]:
    """The pairs of one range of lines, read into their normalised
    sentences (with numpy on ``arrays/sentences``) and scored by every
    metric, in order."""
    gold, test = _range(job, lines)
    both = min(len(gold.lines), len(test.lines))
    gold_read, test_read = fast.read_sentences(
        job.scorer.config.params.normalisation, gold.lines[:both], test.lines[:both],
        job.route.reader == "arrays")
    for k in range(max(len(gold.lines), len(test.lines))):
        number = lines.first + k
        if k < both:
            found = _judged(job, number, gold_read[k], test_read[k],
                            f"{job.gold_path}:{number} and {job.test_path}:{number}")
            if found is not None:
                yield found
                continue
        other = _handed_back(job, gold, test, k, number)
        if other is None:
            return  # only blank lines are left at the ends of both files
        yield other


# -- arrays/keys --------------------------------------------------------------


_FIELDS = tuple(f.name for f in fields(ParsevalCounts))
_F = _FIELDS.index("f_sum")


def keys_by_arrays(job: Job, lines: LineRange) -> Tally:
    """The tally of one range of lines read into bracket keys and counted
    with numpy: what :func:`keys_by_lines` gives, added in order, with each
    whole group of ``SUM_EVERY`` pairs summed here rather than pair by pair
    when the run keeps no sentence results."""
    import numpy as np

    params = job.scorer.config.params
    gold, test = _range(job, lines)
    size = max(len(gold.lines), len(test.lines))
    found, matched, length, outer = _array_counts(fast.array_keys(params.normalisation),
                                                  gold.lines, test.lines, params.labeled)
    # The pairs handed back: to the line reader (a line too long for the
    # range's keys), else the reference way; up to the blank lines that end
    # both files (as keys_by_lines does).
    others: dict[int, Scored] = {}
    end = size
    line_reader = fast.line_keys(params.normalisation)
    line_reader.new_range()
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
    out = job.tally()
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
            # (what beyond_evalb says of each pair, in columns)
            beyond = np.where(has[every], (columns[0, every] > EVALB_MAX_WORDS)
                              | (columns[2, every] > EVALB_MAX_BRACKETS)
                              | (columns[3, every] > EVALB_MAX_BRACKETS),
                              length[every] > EVALB_MAX_WORDS)
            out.add_summed(first + group_end - 1,
                           (_totals(columns, f, has, status, every, None),
                            _totals(columns, f, has, status, every, short)),
                           (int(trees[0, every].sum()), int(trees[1, every].sum())),
                           (int((outer[every] == 1).sum()), int((outer[every] == 2).sum())),
                           [others[i] for i in range(k, group_end) if i in others], rows,
                           int(beyond.sum()))
        k = group_end
    return out.close()


def _array_counts(reader: ArrayKeys, gold: list[str], test: list[str], labeled: bool
                  ) -> tuple[ArrayCounts, Any, Any, Any]:
    """Pairs of lines read into keys and counted with numpy (the reader's
    memory bounded first; a test line equal to its gold line is not read):
    their counts (those ``scored``), the matched brackets as LABELED says,
    EVALB's length and the outer bracket of each (0 on neither side or both,
    1 on the gold side only, 2 on the test's)."""
    import numpy as np

    from parsedit.metrics.parseval_arrays import array_counts
    from parsedit.trees.arrays import mended

    gold, test = mended(gold), mended(test)  # (equal once respaced: read once)
    size = max(len(gold), len(test))
    same = np.zeros(size, np.bool_)
    equal = list(map(str.__eq__, gold, test))
    same[:len(equal)] = equal
    with fast.SHARED:
        reader.new_range()
        gold_read, test_read = reader.read_pairs(gold, test, same, size)
    found = array_counts(gold_read, test_read, same)
    test_outer = np.where(same, gold_read.outer, test_read.outer)
    outer = np.where(gold_read.outer == test_outer, 0, np.where(gold_read.outer, 1, 2))
    return (found, found.labelled if labeled else found.unlabelled, gold_read.length.copy(),
            outer)


def _ok(number: int, counts: Sequence[int], length: int, outer: int) -> Scored:
    """A pair counted by :func:`keys_by_arrays`, as the reference way gives it."""
    return Scored(number, True, True, SentenceResult(
        number, "ok", None, {"parseval": ParsevalCounts.sentence(*counts)}, length=length,
        outer_bracket=(None, "gold", "test")[outer]), None)


def _totals(columns: Any, f: Any, has: Any, status: Any, every: slice, within: Any) -> Totals:
    """What :meth:`Totals.of` gives of the pairs ``every`` (those ``within``
    the cut-off, if given), from the range's columns: the same integers, and
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


# -- the Python API's batches of strings ---------------------------------------


# Per line of a batch, the tokens it was written from (a tree held in
# memory: parsedit.trees.memory.written), or None (read from the line).
Given = Sequence[Sequence[str] | None]


def batch(job: Job, first: int, gold: list[str], test: list[str],
          given: tuple[Given, Given] | None = None) -> list[Scored]:
    """A batch of one-line strings (the Python API's
    :class:`~parsedit.api.Evaluator`), numbered from ``first``, scored by
    the job's route as a range's lines are: each string of the usual form
    read by the route's fast reader, any other pair the reference way (as
    if each string were line ``n`` of files named by the job: the messages
    name the pair ``GOLD:n and TEST:n``), from the tokens ``given`` where a
    line was written from a tree, else from the line; a string over the
    line limit (PARSEDIT_MAX_LINE_BYTES) is not read, as a file's line is
    not (a tree's tokens are scored whatever the length of its line)."""
    # The fast readers are given an empty string in its place, which they
    # hand back: the reference reader refuses it, naming the limit.
    found = _fast_batch(job, first, *([text if over_limit(text) is None else "" for text in side]
                                      for side in (gold, test)))
    gold_given, test_given = given or ((), ())
    return [scored if scored is not None else score_pair(job, (
        number, _item(g, gold_given, k, job.gold_path, number),
        _item(t, test_given, k, job.test_path, number)))
        for k, (number, scored, g, t) in enumerate(zip(count(first), found, gold, test))]


def _item(line: str, given: Given, k: int, path: str, number: int) -> Item:
    """The item of the ``k``-th line of a batch: of the tokens given, or
    the line read."""
    tokens = given[k] if k < len(given) else None
    if tokens is None:
        return read_sentence(line, path, number)
    return Item(number, tokens=tuple(tokens)) if tokens else Item(number)



def _fast_batch(job: Job, first: int, gold: list[str], test: list[str]
                ) -> list[Scored | None]:
    """:func:`batch` by the job's fast reader: None for each pair handed back."""
    route, config = job.route, job.scorer.config
    norm = config.params.normalisation
    if route.name == "reference":
        return [None] * len(gold)
    if route.name == "arrays/keys":
        return _keys_by_arrays_batch(job, first, gold, test)
    if route.keys:
        reader = fast.line_keys(norm)
        reader.new_range()
        read, labeled, aligned = reader.read, config.params.labeled, job.scorer.aligned
        counted = [_keys_pair(read, g, t, labeled, aligned) for g, t in zip(gold, test)]
        return [None if found is None else _counted(first + k, *found)
                for k, found in enumerate(counted)]
    gold_read, test_read = fast.read_sentences(norm, gold, test, route.reader == "arrays")
    return [_judged(job, number, g, t, f"{job.gold_path}:{number} and {job.test_path}:{number}")
            for number, g, t in zip(count(first), gold_read, test_read)]


def _keys_by_arrays_batch(job: Job, first: int, gold: list[str], test: list[str]
                          ) -> list[Scored | None]:
    """:func:`_fast_batch` on ``arrays/keys``: each pair counted as
    :func:`keys_by_arrays` counts it, the others None."""
    config = job.scorer.config
    reader = fast.array_keys(config.params.normalisation)
    out: list[Scored | None] = []
    for at in range(0, len(gold), KEYS_RANGE):
        found, matched, length, outer = _array_counts(
            reader, gold[at:at + KEYS_RANGE], test[at:at + KEYS_RANGE], config.params.labeled)
        columns = zip(found.words.tolist(), found.correct_tags.tolist(), found.gold.tolist(),
                      found.test.tolist(), matched.tolist(), found.labelled.tolist(),
                      found.unlabelled.tolist(), found.crossing.tolist())
        out += [_ok(first + at + k, counts, size, kind) if scored else None
                for k, (scored, counts, size, kind) in enumerate(zip(
                    found.scored.tolist(), columns, length.tolist(), outer.tolist()))]
    return out


def batch_root_labels(norm: Normalisation, lines: list[str], given: Given = ()
                      ) -> list[str | None]:
    """The root label of each one-line string's normalised sentence (for the
    root-label warning), read by the line reader, else from the tokens
    ``given`` (see :func:`batch`) or by the reference reader."""
    reader = fast.line_sentences(norm)
    labels: list[str | None] = []
    for k, line in enumerate(lines):
        found = reader.read(line) if over_limit(line) is None else None
        if found is None:  # (the reference reader refuses a line over the limit)
            tokens = _item(line, given, k, "<string>", 1).tokens
            found = None if tokens is None else norm.normalise(tokens)
        labels.append(None if found is None else root_label(found.bracketing))
    return labels
