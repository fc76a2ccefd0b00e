"""The road from pairs of trees to a :class:`CorpusResult`.

read (trees.reader) -> normalise (trees.normalise, set by params) -> each
metric of the run scores the normalised pair (metrics.registry: PARSEVAL,
the edit distances through the FST, leaf-ancestor, tagging) -> the sentence
results -> aggregated once (results.CorpusResult.aggregate).

Pairs are taken in order and judged as EVALB judges them.  A test sentence
that is empty, unreadable or left without words is ``skip``; otherwise a gold
sentence that is empty or unreadable, or a pair whose words differ after
normalisation, is ``error``.  Both carry a message naming the line and are
left out of the sums; everything else is still scored.  With ``failures =
"count"``, a skipped test sentence over a readable gold one is scored as a
parse with no constituents over the gold words (each metric's ``failure``):
it stays ``skip`` but has counts, so it is in the sums.  As EVALB does, the
run stops at the (MAX_ERROR + 2)-th error, and says so.  The files' root
conventions are compared as the pairs go by (:mod:`parsedit.trees.roots`).

With ``Config.yields == "align"`` a pair whose words differ is scored
instead, through its word alignment (:mod:`parsedit.metrics.yields`), and
every scored pair has ``words`` counts; with ``Config.segmentation ==
"align"`` runs of sentences are paired by their word alignment
(:mod:`parsedit.segmentation`).
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from parsedit.config import Config
from parsedit.errors import ConfigError
from parsedit.fst.words import identity
from parsedit.metrics import registry
from parsedit.metrics.base import Outcome
from parsedit.metrics.errors import analyse, sentence_errors
from parsedit.results import (
    CorpusResult,
    EditScript,
    LineageScript,
    SentenceResult,
    WordCounts,
)
from parsedit.segmentation import Run, aligned_pairs, merge_warning
from parsedit.trees import bracketing
from parsedit.trees.bracketing import WORD, Bracketing, decode
from parsedit.trees.normalise import fix_quotes
from parsedit.trees.ranges import LineRange, line_ranges, read_range
from parsedit.trees.reader import Item, paired, read_trees
from parsedit.trees.roots import outer_bracket, root_warning
from parsedit.trees.source import DEFAULT_ENCODING, check_files

if TYPE_CHECKING:
    from parsedit.encodings.base import Encoding
    from parsedit.metrics.leaf_ancestor import LAScored
    from parsedit.metrics.yields import AlignedScorer

# The FST metrics (and pynini under them) are imported where a run needs them,
# so that PARSEVAL alone starts without them.

Outcomes = dict[str, Outcome]
# Lines a block holds when one process reads PARSEVAL's pairs a block at a time.
BLOCK = 2048


class Scorer:
    """The metrics of a :class:`Config`, ready to judge and score pairs."""

    def __init__(self, config: Config, alphabets: registry.Alphabets | None = None,
                 details: bool = False) -> None:
        """``alphabets``: per metric, what a grammar module builds over;
        ``details``: keep each sentence's error details (``--errors``), read
        off the preferred one of the cheapest edit scripts."""
        self.config = config
        self.metrics = registry.build(config, alphabets, tie_break=details)
        self.zeros = registry.zeros(self.metrics)
        self.details = details
        self.encodings: dict[str, Encoding] = {}
        if config.edit_metrics:
            from parsedit.metrics.edits import EditDistance

            self.encodings = {name: m.encoding for name, m in self.metrics.items()
                              if isinstance(m, EditDistance)}
        # --yield align: pairs whose words differ are scored by this.
        self.aligned: AlignedScorer | None = None
        if config.yields == "align":
            from parsedit.metrics.yields import AlignedScorer

            self.aligned = AlignedScorer(self.metrics, config, tie_break=details)
            self.zeros["words"] = WordCounts()
        # The pairs of runs --segmentation align made, in order.
        self.runs: list[Run] = []

    @classmethod
    def for_files(cls, config: Config, gold_path: str, test_path: str,
                  details: bool = False, gold_encoding: str = DEFAULT_ENCODING,
                  test_encoding: str = DEFAULT_ENCODING) -> Scorer:
        """A scorer whose grammar modules are built over the alphabets of the
        two files (the only schemes that read the files first), each decoded
        with its text encoding."""
        needs = registry.needs_alphabet(config)
        if needs:
            from parsedit.costs.alphabet import collect
        alphabets = {name: collect((gold_path, test_path), encoding,
                                   config.params.normalisation, config.rule_pos,
                                   config.la_preterminals, (gold_encoding, test_encoding))
                     for name, encoding in needs}
        return cls(config, alphabets, details)

    def score(self, gold: Bracketing, test: Bracketing) -> Outcomes:
        """Every metric on one normalised pair with equal words."""
        return {name: metric.score(gold, test) for name, metric in self.metrics.items()}

    def pair(self, number: int, gold: Item | None, test: Item | None, gold_path: str,
             test_path: str) -> tuple[SentenceResult, Outcomes]:
        """Judge and score the ``number``-th pair of items: the result, and
        each metric's outcome (for alignments and error lists)."""
        norm = self.config.params.normalisation
        gold_raw = gold.tokens if gold is not None else None
        gold_sentence = norm.normalise(gold_raw) if gold_raw else None
        length = gold_sentence.length if gold_sentence else 0

        def skip(message: str, reason: str | None = None) -> tuple[SentenceResult, Outcomes]:
            # A failure is counted only where the gold sentence can be scored.
            if self.config.failures == "count" and gold_sentence and gold_sentence.words:
                counts = {name: metric.failure(gold_sentence.bracketing)
                          for name, metric in self.metrics.items()}
                return SentenceResult(number, "skip", message, counts, length, reason,
                                      counted=True), {}
            return SentenceResult(number, "skip", message, length=length, reason=reason), {}

        # As in EVALB, a test without words is a skip even when gold is broken.
        if test is None:  # the test file ended first: no failure to count
            return SentenceResult(number, "skip", _why_absent(test, test_path, number),
                                  length=length), {}
        if test.tokens is None:
            message = _why_absent(test, test_path, number)
            return skip(message, f"skipped: {message}" if test.error is not None else None)
        test_sentence = gold_sentence if gold_sentence and gold_raw == test.tokens \
            else norm.normalise(test.tokens)
        if not test_sentence.words:
            return skip(f"{test_path}:{test.line}: no word is left after normalisation")
        if gold is None or gold_raw is None or gold_sentence is None:
            message = _why_absent(gold, gold_path, number)
            reason = f"Length unmatch (0|{len(test_sentence.words)})" \
                if gold is not None and gold.error is None else message
            return SentenceResult(number, "error", message, length=length, reason=reason), {}
        if len(gold_sentence.words) != len(test_sentence.words) and norm.quote_labels:
            keep_gold, keep_test = fix_quotes(norm.quote_terms(gold_raw),
                                              norm.quote_terms(test.tokens))
            gold_sentence = norm.normalise(gold_raw, keep_gold)
            test_sentence = norm.normalise(test.tokens, keep_test)
        gold_tokens, gold_words = gold_sentence.bracketing, gold_sentence.words
        test_tokens, test_words = test_sentence.bracketing, test_sentence.words

        def mismatch(message: str, reason: str) -> tuple[SentenceResult, Outcomes]:
            return SentenceResult(number, "error", f"{gold_path}:{gold.line} and {test_path}:"
                                  f"{test.line}: {message}", length=length, reason=reason), {}

        if self.aligned is not None and (len(gold_words) != len(test_words) or not all(
                norm.same_word(g[:-1], t[:-1]) for g, t in zip(gold_words, test_words))):
            return self._aligned(number, gold_tokens, test_tokens, length)
        if len(gold_words) != len(test_words):
            return mismatch(f"length mismatch: gold has {len(gold_words)} words, test "
                            f"{len(test_words)}{_empties(gold_tokens, test_tokens)}",
                            f"Length unmatch ({len(gold_words)}|{len(test_words)})")
        if gold_words != test_words:
            for i, (g, t) in enumerate(zip(gold_words, test_words), start=1):
                g, t = g[:-1], t[:-1]  # drop the preterminal's close bracket
                if not norm.same_word(g, t):
                    return mismatch(f"words differ at word {i}: gold {g!r}, test {t!r}",
                                    f"Words unmatch ({g}|{t})")
            test_tokens = _with_words(test_tokens, gold_words)
        outcomes = self.score(gold_tokens, test_tokens)
        details = sentence_errors(gold_tokens, test_tokens, outcomes, self.encodings) \
            if self.details else None
        counts = {name: outcome.counts for name, outcome in outcomes.items()}
        if self.aligned is not None:
            counts["words"] = identity(bracketing.words(gold_tokens)).counts
        return SentenceResult(number, "ok", None, counts, length=length, details=details,
                              outer_bracket=_outer(gold_tokens, test_tokens)), outcomes

    def _aligned(self, number: int, gold: Bracketing, test: Bracketing,
                 length: int) -> tuple[SentenceResult, Outcomes]:
        """A normalised pair whose words differ, scored through its word
        alignment (``--yield align``)."""
        assert self.aligned is not None
        projection, outcomes = self.aligned.score(gold, test)
        details = sentence_errors(projection.gold, projection.test, outcomes, self.encodings) \
            if self.details else None
        counts = {name: outcome.counts for name, outcome in outcomes.items()}
        return SentenceResult(number, "ok", None, counts, length=length, details=details,
                              outer_bracket=_outer(gold, test)), outcomes

    def pairs(self, gold_path: str, test_path: str, gold_encoding: str = DEFAULT_ENCODING,
              test_encoding: str = DEFAULT_ENCODING) -> Iterator[Pair]:
        """The numbered pairs of two files: in order, or with ``segmentation
        = "align"`` runs of sentences merged by their word alignment (each
        pair's :class:`~parsedit.segmentation.Run` kept in ``self.runs``)."""
        return self.paired(read_trees(gold_path, gold_encoding),
                           read_trees(test_path, test_encoding))

    def paired(self, gold: Iterable[Item], test: Iterable[Item]) -> Iterator[Pair]:
        """The numbered pairs of two sequences of items (see :meth:`pairs`)."""
        if self.config.segmentation == "gold":
            return numbered(gold, test)
        assert self.aligned is not None
        self.runs.clear()
        norm = self.config.params.normalisation

        def words(item: Item) -> list[str]:
            return [] if item.tokens is None else bracketing.words(
                norm.normalise(item.tokens).bracketing)
        return aligned_pairs(gold, test, self.aligned.aligner, words, self.runs,
                             self.config.segmentation == "document")


def _empties(gold: Bracketing, test: Bracketing) -> str:
    """Why the lengths may differ, when empty elements explain it."""
    difference = bracketing.empty_elements(gold) - bracketing.empty_elements(test)
    if not difference or difference != len(bracketing.words(gold)) - len(
            bracketing.words(test)):
        return ""
    more, fewer = ("gold", "test") if difference > 0 else ("test", "gold")
    return (f" ({more} has {abs(difference)} more -NONE- empty elements than {fewer}, kept by "
            "these parameters; EVALB's COLLINS.prm, `-p collins`, deletes them)")


def _outer(gold: Bracketing, test: Bracketing) -> str | None:
    """Which side alone has an unlabelled outer bracket (None: both or neither)."""
    gold_outer, test_outer = outer_bracket(gold), outer_bracket(test)
    return None if gold_outer == test_outer else "gold" if gold_outer else "test"


def align(scorer: Scorer, metric: str, number: int, gold: Item | None, test: Item | None,
          gold_name: str, test_name: str) -> EditScript | LineageScript:
    """One pair's alignment under one of the scorer's string metrics (an edit
    encoding, or ``la`` for its lineages)."""
    from parsedit.metrics.edits import EditDistance
    from parsedit.metrics.leaf_ancestor import LeafAncestor

    aligner = scorer.metrics.get(metric)
    if not isinstance(aligner, (EditDistance, LeafAncestor)):
        raise ConfigError(f"{metric!r} does not align strings: expected one of label, span, "
                          "rule, la")
    sentence, outcomes = scorer.pair(number, gold, test, gold_name, test_name)
    if sentence.status != "ok":
        raise ConfigError(f"sentence {number} is not scored ({sentence.status}): "
                          f"{sentence.message}")
    return aligner.script(outcomes[metric])


def _why_absent(item: Item | None, path: str, number: int) -> str:
    """Why a file has no tree for a pair."""
    if item is None:
        return f"{path}: no tree {number} (the file ends first)"
    if item.error is not None:
        return str(item.error)
    return f"{path}:{item.line}: empty line"


def _with_words(tokens: Bracketing, words: list[str]) -> Bracketing:
    """``tokens`` with its word tokens replaced, in order (EQ_WORD made them equal)."""
    replacement = iter(words)
    return tuple(next(replacement) if decode(t)[0] is WORD else t for t in tokens)


Pair = tuple[int, Item | None, Item | None]


def pairs(gold_path: str, test_path: str, gold_encoding: str = DEFAULT_ENCODING,
          test_encoding: str = DEFAULT_ENCODING) -> Iterator[Pair]:
    """The numbered pairs of items of two files (see :func:`numbered`)."""
    return numbered(read_trees(gold_path, gold_encoding), read_trees(test_path, test_encoding))


def numbered(gold: Iterable[Item], test: Iterable[Item], start: int = 1) -> Iterator[Pair]:
    """Items paired in order, numbered from ``start``, the shorter padded with
    None (trailing blank lines as :func:`parsedit.trees.reader.paired` takes them)."""
    for number, (g, t) in enumerate(paired(gold, test), start=start):
        yield number, g, t


@dataclass(frozen=True)
class Scored:
    """One pair as the road hands it on: its number, whether each side had
    an item, its result, and its leaf-ancestor lineages when kept."""

    number: int
    has_gold: bool
    has_test: bool
    sentence: SentenceResult
    lineages: LAScored | None


Job = tuple[Scorer, str, str, bool]  # scorer, gold name, test name, keep lineages
# What a forked worker scores with: set before the pool forks, never pickled.
_WORKER: Job | None = None


def _score_pair(job: Job, pair: Pair) -> Scored:
    scorer, gold_path, test_path, keep = job
    number, gold, test = pair
    sentence, outcomes = scorer.pair(number, gold, test, gold_path, test_path)
    la = outcomes.get("la")
    lineages = la.detail if keep and la is not None else None
    return Scored(number, gold is not None, test is not None, sentence, lineages)


def _score_chunk(chunk: list[Pair]) -> list[Scored]:
    assert _WORKER is not None
    return [_score_pair(_WORKER, pair) for pair in chunk]


def _range_pairs(job: Job, lines: LineRange) -> Iterator[Pair]:
    """The numbered pairs of one range of lines of the job's files."""
    _, gold_path, test_path, _ = job
    gold_encoding, test_encoding = lines.encodings
    return numbered(read_range(gold_path, lines.gold, lines.first, gold_encoding),
                    read_range(test_path, lines.test, lines.first, test_encoding), lines.first)


def _scored_range(job: Job, lines: LineRange) -> Iterator[Scored]:
    """One range of lines of the job's files, read and scored: a block at a
    time for PARSEVAL alone (:mod:`parsedit.blocks`), else pair by pair."""
    from parsedit import blocks

    if blocks.eligible(job):
        return blocks.scored(job, lines)
    return (_score_pair(job, pair) for pair in _range_pairs(job, lines))


def _score_range(lines: LineRange) -> list[Scored]:
    """A worker's own range of lines, read and scored by it."""
    assert _WORKER is not None
    return list(_scored_range(_WORKER, lines))


def _chunks(pairs_: Iterable[Pair], size: int = 64) -> Iterator[list[Pair]]:
    chunk: list[Pair] = []
    for pair in pairs_:
        chunk.append(pair)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _ignore_interrupts() -> None:
    """In a worker: leave Ctrl-C to the main process, which stops the pool,
    and die quietly when the pool is terminated."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


class Lines(list[LineRange]):
    """Pairs given as ranges of lines of the job's two files, which the
    workers of ``jobs`` > 1 read for themselves (:mod:`parsedit.trees.ranges`)."""


def scored(job: Job, pairs_: Iterable[Pair] | Lines, jobs: int = 1) -> Iterator[Scored]:
    """Every pair scored, in order; with ``jobs`` > 1 by forked workers, each
    with its own copy of the scorer (the numbers do not depend on it), which
    read their own lines when ``pairs_`` are :class:`Lines`."""
    global _WORKER
    if jobs <= 1:
        if isinstance(pairs_, Lines):
            for lines in pairs_:
                yield from _scored_range(job, lines)
        else:
            for pair in pairs_:
                yield _score_pair(job, pair)
        return
    try:
        context = multiprocessing.get_context("fork")
    except ValueError:
        raise ConfigError("--jobs needs processes that fork (Linux, macOS)") from None
    _WORKER = job
    with context.Pool(jobs, initializer=_ignore_interrupts) as pool:
        work = pool.imap(_score_range, pairs_) if isinstance(pairs_, Lines) \
            else pool.imap(_score_chunk, _chunks(pairs_))
        for done in work:
            yield from done


def run(scorer: Scorer, pairs_: Iterable[Pair] | Lines, gold_name: str, test_name: str,
        worst_words: int = 0, errors: int = 0, jobs: int = 1,
        progress: Callable[[int], None] | None = None) -> CorpusResult:
    """Score numbered pairs of items into a result, aggregated once: with
    ``worst_words`` (and the la metric) the lineage pairs that lose most,
    with ``errors`` the error analysis (its lists ``errors`` long)."""
    config = scorer.config
    params = config.params
    worst = None
    if worst_words and "la" in config.metrics:
        from parsedit.metrics.leaf_ancestor import WorstWords

        worst = WorstWords()
    sentences: list[SentenceResult] = []
    trees = {"gold_trees": 0, "test_trees": 0}
    stopped = None
    error_count = 0
    outer = {"gold": 0, "test": 0}  # scored pairs where only that side has ( ... )
    for pair in scored((scorer, gold_name, test_name, worst is not None), pairs_, jobs):
        trees["gold_trees"] += pair.has_gold
        trees["test_trees"] += pair.has_test
        sentence = pair.sentence
        sentences.append(sentence)
        if progress is not None:
            progress(pair.number)
        if worst is not None and pair.lineages is not None:
            worst.add(pair.number, pair.lineages)
        if sentence.outer_bracket is not None:
            outer[sentence.outer_bracket] += 1
        # A pair beyond the end of the shorter file is no error EVALB would
        # meet: the tree counts, said at the end, tell what happened.
        if sentence.status == "error" and pair.has_gold and pair.has_test:
            error_count += 1
            if error_count > params.max_error + 1:
                stopped = (f"stopped at sentence {pair.number}, error {error_count}: more "
                           f"errors than MAX_ERROR {params.max_error} allows (EVALB stops "
                           "here too); the rest is not scored, and the summary covers "
                           f"sentences 1-{pair.number} only")
                break
    warnings = config.warnings()
    roots = root_warning(outer["gold"] + outer["test"],
                         sum(s.status == "ok" for s in sentences), outer["gold"],
                         gold_name, test_name)
    if roots is not None:
        warnings.append(roots)
    merged = merge_warning(scorer.runs, scorer.config.segmentation)
    if merged is not None:
        warnings.append(merged)
    if scorer.aligned is not None:
        from parsedit.metrics.yields import warning

        aligned = warning(sentences)
        if aligned is not None:
            warnings.append(aligned)
    extra: dict[str, Any] = {}
    if worst is not None:
        extra["worst_words"] = tuple(worst.top(worst_words))
    if errors:
        extra["errors"] = analyse(sentences, scorer.metrics, errors)
    return CorpusResult.aggregate(config.metrics, config.signature(), sentences, scorer.zeros,
                                  params.cutoff_len, average=config.average,
                                  warnings=tuple(warnings), stopped=stopped,
                                  **trees, **extra)


def evaluate(gold_path: str, test_path: str, config: Config | None = None,
             worst_words: int = 0, jobs: int = 1,
             progress: Callable[[int], None] | None = None, errors: int = 0,
             gold_encoding: str = DEFAULT_ENCODING,
             test_encoding: str = DEFAULT_ENCODING) -> CorpusResult:
    """Score every pair of ``gold_path`` and ``test_path`` (see :func:`run`).
    Either path may be ``-`` (standard input) or compressed; each file is
    decoded with its text encoding (see :mod:`parsedit.trees.source`), and
    both are read through first, so that a file that cannot be decoded is
    refused before any scoring.  With ``jobs`` > 1, plain files in line
    layout are cut into ranges of lines that the workers read themselves."""
    config = config or Config()
    check_files((gold_path, gold_encoding), (test_path, test_encoding))
    scorer = Scorer.for_files(config, gold_path, test_path, errors > 0, gold_encoding,
                              test_encoding)
    # --segmentation align or document pairs runs of sentences, read by this
    # process; PARSEVAL alone is read a block of lines at a time (parsedit.blocks).
    from parsedit import blocks

    block = jobs <= 1 and blocks.eligible((scorer, gold_path, test_path, False))
    ranges = line_ranges(gold_path, test_path, (gold_encoding, test_encoding),
                         every=BLOCK if block else 128) \
        if (jobs > 1 or block) and config.segmentation == "gold" else None
    source = Lines(ranges) if ranges is not None \
        else scorer.pairs(gold_path, test_path, gold_encoding, test_encoding)
    return run(scorer, source, gold_path, test_path, worst_words, errors, jobs, progress)
