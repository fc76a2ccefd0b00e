"""A whole run: the route chosen, the units of work scored, the tallies added, the result concluded.

read (:mod:`parsedit.trees`) -> normalise -> each metric of the run scores
the normalised pair (:mod:`parsedit.pipeline.scorer`) -> the sentence
results summed as they come (:mod:`parsedit.pipeline.tally`; by forked
workers with ``jobs`` > 1, :mod:`parsedit.pipeline.workers`) -> the result
and its warnings (:mod:`parsedit.pipeline.conclude`).  Which readers take
the lines is the route's (:mod:`parsedit.pipeline.route`), and how a unit of
work is scored on each route is :mod:`parsedit.pipeline.units`'.

As EVALB does, the run stops at the (MAX_ERROR + 2)-th error, and says so.
With ``Config.segmentation`` "align" or "document", runs of sentences are
paired by their word alignment (:mod:`parsedit.segmentation`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace

from parsedit.config import Config
from parsedit.errors import ConfigError
from parsedit.metrics.errors import analyse
from parsedit.pipeline.conclude import Roots, conclude, root_labels
from parsedit.pipeline.route import Facts, Route, choose, keys_serve
from parsedit.pipeline.scorer import Pair, Scorer
from parsedit.pipeline.tally import RowSink, Tally
from parsedit.pipeline.units import Job, Unit, chunks, range_lines, score_unit
from parsedit.pipeline.workers import tallies
from parsedit.results import CorpusResult
from parsedit.trees.formats import SCORED, against_gold, chosen, read_sides
from parsedit.trees.ranges import Reroute, by_ranges, iter_line_ranges
from parsedit.trees.reader import Item
from parsedit.trees.roots import ROOT_SAMPLE
from parsedit.trees.source import DEFAULT_ENCODING, STDIN, check_files
from parsedit.trees.splits import Splits

# The formats of a run over two bracketed files (parsedit.trees.formats).
BRACKETED = ("bracketed", "bracketed")


def run(job: Job, units: Iterable[Unit], jobs: int = 1,
        progress: Callable[[int], None] | None = None,
        rows: RowSink | None = None) -> tuple[Tally, str | None]:
    """Score the units of work into one tally, in order (by ``jobs``
    processes), and say where the run stopped if it did (after MAX_ERROR
    errors, as EVALB stops).  With ``rows`` (:class:`RowSink`), EVALB's
    table rows go there as each unit's come (rendered where it was scored)
    instead of the tally keeping them, so that the table is written while
    ``-j N``'s workers score, and memory stays flat."""
    params = job.scorer.config.params
    whole = job.tally()
    if rows is not None:
        whole.rows = None  # handed to ``rows`` as they come, not kept
    stopped = None
    allowed = params.max_error + 1  # errors scored before the one EVALB stops at
    work = tallies(job, units, jobs)
    for unit, tally in work:
        counted = len(whole.errors)
        if counted + len(tally.errors) > allowed:
            # The stop falls in this unit: score it again, up to the stop.
            number = tally.errors[allowed - counted]
            tally = score_unit(job, unit, stop_at=number)
            stopped = (f"stopped at sentence {number}, error {allowed + 1}: more "
                       f"errors than MAX_ERROR {params.max_error} allows (EVALB stops "
                       "here too); the rest is not scored, and the summary covers "
                       f"sentences 1-{number} only; -e N (--max-error, max_error= in "
                       "Python) allows more")
        whole.extend(tally)
        if rows is not None and tally.rendered is not None:
            rows.add(tally.rendered)
        if stopped is not None:
            break
        if progress is not None:
            progress(whole.last)
    work.close()  # workers still scoring are stopped here
    return whole, stopped


def _job(scorer: Scorer, route: Route, gold_name: str, test_name: str, worst_words: int,
         errors: int, keep: str, rows: RowSink | None) -> Job:
    """The job of a run: ``--errors`` keeps every sentence, ``--worst-words``
    the lineages that lose."""
    return Job(scorer, route, gold_name, test_name, "sentences" if errors else keep,
               bool(worst_words) and "la" in scorer.config.metrics,
               None if rows is None else rows.render)


def _result(job: Job, tally: Tally, stopped: str | None, roots: Roots, worst_words: int,
            errors: int, formats: tuple[str, str] = BRACKETED,
            bare: Callable[[], bool] | None = None) -> CorpusResult:
    """The result of a run's tally (see :func:`~parsedit.pipeline.conclude.conclude`;
    ``bare``, asked only if some pairs' words differ: whether the test file
    is an unsupervised parser's output, scored outside that convention)."""
    counted = tally.counted()
    scorer = job.scorer
    worst = tuple(tally.worst.top(worst_words)) if tally.worst is not None else None
    analysis = analyse(tally.sentences, scorer.metrics, errors) if errors else None
    unsupervised = bare is not None and counted.tallies["mismatched"] > 0 and bare()
    return conclude(counted, scorer.config, job.route, job.gold_path,
                    job.test_path, roots, stopped, scorer.runs, worst, analysis, formats,
                    unsupervised)


def file_facts(config: Config, gold_path: str, test_path: str,
               encodings: tuple[str, str], details: bool = False,
               lineages: bool = False, raw: bool = False,
               formats: tuple[str, str] = BRACKETED) -> Facts:
    """The facts the route of a run over two files depends on (``raw``: a
    metric of the run reads raw trees; ``formats``: the files')."""
    size = 0 if gold_path == STDIN else os.path.getsize(gold_path)
    return Facts("files", formats == BRACKETED and by_ranges(gold_path, test_path, encodings),
                 size, numpy="numpy" in sys.modules, keys=keys_serve(config, details, lineages),
                 raw=raw, bracketed="conllu" not in formats, bare="bare" in formats)


def input_formats(gold_path: str, test_path: str, encodings: tuple[str, str],
                  formats: tuple[str, str] | None = None) -> tuple[str, str]:
    """The formats of a run's two files: as given, or (None, or ``auto``)
    told from their first lines (:func:`parsedit.trees.formats.detect`),
    each one that ``score`` reads (:data:`~parsedit.trees.formats.SCORED`)
    or refused."""
    names = formats or ("auto", "auto")
    gold, test = (chosen(name, path, encoding, SCORED, option, "score")
                  for name, path, encoding, option in zip(
                      names, (gold_path, test_path), encodings,
                      ("--gold-format", "--test-format")))
    return gold, test


def _dependencies_only(scorer: Scorer, paths: tuple[str, str],
                       formats: tuple[str, str]) -> None:
    """Refuse a run over a CoNLL-U file with a metric that cannot score
    dependency trees (every metric but those that read raw trees), or that
    pairs runs of sentences."""
    if "conllu" not in formats:
        return
    path = next(p for p, f in zip(paths, formats) if f == "conllu")
    others = [name for name in scorer.metrics if name not in scorer.raw]
    if others:
        raise ConfigError(f"{path} holds CoNLL-U dependency trees, which "
                          f"{', '.join(others)} cannot score (they need constituency trees): "
                          "only the dependency metric does (--metrics dep)")
    if scorer.config.segmentation != "gold":
        raise ConfigError(f"{path} holds CoNLL-U dependency trees: --segmentation "
                          f"{scorer.config.segmentation} pairs runs of bracketed trees only")


def evaluate(gold_path: str, test_path: str, config: Config | None = None,
             worst_words: int = 0, jobs: int = 1,
             progress: Callable[[int], None] | None = None, errors: int = 0,
             gold_encoding: str = DEFAULT_ENCODING,
             test_encoding: str = DEFAULT_ENCODING, keep: str = "sentences",
             rows: RowSink | None = None, every: int | None = None,
             formats: tuple[str, str] | None = None) -> CorpusResult:
    """Score every pair of ``gold_path`` and ``test_path``: with
    ``worst_words`` (and the la metric) the lineage pairs that lose most,
    with ``errors`` the error analysis (its lists ``errors`` long, and every
    sentence kept for it); ``keep`` says what the result keeps of each
    sentence (:data:`~parsedit.pipeline.tally.KEEPS`); ``rows``: where
    EVALB's table rows go as they come (see :func:`run`), which the result
    then does not keep; ``every``: the lines a range holds on a route that
    reads ranges of lines (default: the route's, :func:`~.units.range_lines`;
    the figures do not depend on it); ``formats``: the two files' formats
    (bracketed, conllu or bare, or auto; default: told from their first
    lines; a run over CoNLL-U takes only the dependency metric, bare
    brackets are read the reference way).  Either path may
    be ``-`` (standard input) or compressed; each file is decoded with its text encoding (see
    :mod:`parsedit.trees.source`), and both are read through first, so that a
    file that cannot be decoded is refused before any scoring.  On a route
    that reads ranges of lines, ``-j N``'s workers read their own; if a file
    turns out to hold a tree split over lines that the run reads as one
    (:class:`~parsedit.trees.splits.Splits`) or a line over the limit, the
    run starts again on the reference route
    (:class:`~parsedit.trees.ranges.Reroute`), and says so in its route."""
    config = config or Config()
    encodings = (gold_encoding, test_encoding)
    check_files((gold_path, gold_encoding), (test_path, test_encoding))
    formats = input_formats(gold_path, test_path, encodings, formats)
    scorer = Scorer.for_files(config, gold_path, test_path, errors > 0, *encodings, formats)
    _dependencies_only(scorer, (gold_path, test_path), formats)
    route = choose(config, file_facts(config, gold_path, test_path, encodings, errors > 0,
                                      bool(worst_words) and "la" in config.metrics,
                                      bool(scorer.raw), formats))
    splits = Splits((gold_path, gold_encoding), (test_path, test_encoding))
    job = replace(_job(scorer, route, gold_path, test_path, worst_words, errors, keep, rows),
                  splits=splits)
    whole = scorer.pairs(gold_path, test_path, gold_encoding, test_encoding, splits, formats)
    try:
        units: Iterable[Unit] = chunks(whole) if route.reader == "reference" else \
            iter_line_ranges(gold_path, test_path, encodings, every or range_lines(route))
        tally, stopped = run(job, units, jobs, progress, rows)
    except Reroute as why:  # a tree split over lines, a line over the limit: read whole
        if rows is not None:
            rows.clear()
        job = replace(job, route=Route("reference", f"{why}: read whole"))
        tally, stopped = run(job, chunks(whole), jobs, progress, rows)
    firsts = zip(*read_sides(gold_path, test_path, gold_encoding, test_encoding, splits,
                             formats))
    return _result(job, tally, stopped, root_labels(config, firsts), worst_words, errors,
                   formats, lambda: _unsupervised_output(config, gold_path, test_path,
                                                         encodings, formats))


def _unsupervised_output(config: Config, gold_path: str, test_path: str,
                         encodings: tuple[str, str], formats: tuple[str, str]) -> bool:
    """Whether the test file, scored outside the unsupervised convention,
    is what an unsupervised parser writes: named bare brackets, or read as
    bracketed trees but holding bare brackets over the words that
    convention keeps (so that the warning about words that differ points to
    ``-p unsupervised`` rather than ``--yield align``)."""
    if config.params.unsupervised:
        return False
    if formats[1] == "bare":
        return True
    if formats != BRACKETED or STDIN in (gold_path, test_path):
        return False
    from parsedit.params import shipped_params

    return against_gold(test_path, gold_path, shipped_params("unsupervised").normalisation,
                        encodings) == "bare"


IN_MEMORY = Facts("trees")


def evaluate_items(scorer: Scorer, gold: Iterable[Item], test: Iterable[Item],
                   gold_name: str, test_name: str, worst_words: int = 0, errors: int = 0,
                   jobs: int = 1, keep: str = "sentences",
                   facts: Facts = IN_MEMORY) -> CorpusResult:
    """Score pairs of items held in memory (the Python API's sources that
    are not files, or files of bare brackets: ``facts``) by ``scorer``, on
    the reference route (see :func:`evaluate` for the options)."""
    route = choose(scorer.config, facts)
    job = _job(scorer, route, gold_name, test_name, worst_words, errors, keep, None)
    gold_seen, test_seen = _Firsts(gold), _Firsts(test)
    pairs: Iterable[Pair] = scorer.paired(gold_seen, test_seen)
    tally, stopped = run(job, chunks(pairs), jobs)
    roots = root_labels(scorer.config, zip(gold_seen.first, test_seen.first))
    return _result(job, tally, stopped, roots, worst_words, errors)


class _Firsts:
    """Items passed on as they are read, the first :data:`ROOT_SAMPLE` of
    them kept (``first``) for the root-label warning, so that sentences given
    as a generator are read once."""

    def __init__(self, source: Iterable[Item]) -> None:
        self.source = source
        self.first: list[Item] = []

    def __iter__(self) -> Iterator[Item]:
        for item in self.source:
            if len(self.first) < ROOT_SAMPLE:
                self.first.append(item)
            yield item

