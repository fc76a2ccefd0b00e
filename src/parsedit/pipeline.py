"""The road from pairs of trees to a :class:`CorpusResult`.

read (trees.reader) -> normalise (trees.normalise, set by params) -> each
metric of the run scores the normalised pair (metrics.registry: PARSEVAL,
the edit distances through the FST, leaf-ancestor, tagging) -> the sentence
results -> summed per 128 pairs into blocks (:class:`Block`, by forked
workers with ``jobs`` > 1) -> the blocks' sums added in order into a
:class:`CorpusResult`, which keeps of each sentence what the run asks.

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

import signal
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import chain, islice
from typing import TYPE_CHECKING, Any, Protocol

from parsedit.config import Config
from parsedit.errors import ConfigError
from parsedit.frozen import fast_init
from parsedit.limits import max_edit_size
from parsedit.metrics import registry
from parsedit.metrics.base import Outcome
from parsedit.metrics.errors import analyse, sentence_errors
from parsedit.results import (
    CorpusResult,
    EditScript,
    LineageScript,
    Run,
    SentenceResult,
    SentenceRows,
    Totals,
    WordCounts,
)
from parsedit.trees import bracketing
from parsedit.trees.bracketing import WORD, Bracketing, decode
from parsedit.trees.normalise import QUOTE_WORDS, Normalised, fix_quotes
from parsedit.trees.ranges import LineRange, Reroute, iter_line_ranges
from parsedit.trees.reader import Item, paired, read_trees
from parsedit.trees.roots import (
    ROOT_SAMPLE,
    outer_bracket,
    root_label,
    root_label_warning,
    root_warning,
)
from parsedit.trees.source import DEFAULT_ENCODING, check_files

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from parsedit.encodings.base import Encoding
    from parsedit.metrics.leaf_ancestor import LAScored, WorstWords
    from parsedit.metrics.yields import AlignedScorer

# The FST metrics (and pynini under them), the word alignment, the
# segmentation and the workers of -j N are imported where a run needs them,
# so that PARSEVAL alone starts without them.

Outcomes = dict[str, Outcome]
# Lines a block holds when one process reads PARSEVAL's pairs a block at a time.
BLOCK = 2048  # a multiple of SUM_EVERY, so that the sums are those of -j N
SENTENCES_BLOCK = 512  # likewise: the ranges other metrics read with numpy


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
        # The pairs of runs --segmentation align or document made, in order.
        self.runs: list[Run] = []
        # The most words and brackets a tree may hold for the metrics that
        # align whole strings (parsedit.limits), when the run has one.
        aligning = [m for m in (*config.edit_metrics, "la") if m in config.metrics]
        self.size_limit = max_edit_size() if aligning else None
        self.aligning = aligning

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

        segmented = self.config.segmentation != "gold"
        # As in EVALB, a test without words is a skip even when gold is broken.
        if test is None:  # the test file ended first: no failure to count
            return SentenceResult(number, "skip", _why_absent(test, test_path, number, segmented),
                                  length=length), {}
        if test.tokens is None:
            message = _why_absent(test, test_path, number)
            return skip(message, f"skipped: {message}" if test.error is not None else None)
        test_sentence = gold_sentence if gold_sentence and gold_raw == test.tokens \
            else norm.normalise(test.tokens)
        if not test_sentence.words:
            return skip(f"{test_path}:{test.line}: no word is left after normalisation")
        if gold is None or gold_raw is None or gold_sentence is None:
            message = _why_absent(gold, gold_path, number, segmented)
            reason = f"Length unmatch (0|{len(test_sentence.words)})" \
                if gold is not None and gold.error is None else message
            return SentenceResult(number, "error", message, length=length, reason=reason), {}
        if len(gold_sentence.words) != len(test_sentence.words) and norm.quote_labels:
            keep_gold, keep_test = fix_quotes(norm.quote_terms(gold_raw),
                                              norm.quote_terms(test.tokens))
            gold_sentence = norm.normalise(gold_raw, keep_gold)
            test_sentence = norm.normalise(test.tokens, keep_test)
        return self.judge(number, gold_sentence, test_sentence,
                          f"{gold_path}:{gold.line} and {test_path}:{test.line}")

    def judge(self, number: int, gold: Normalised, test: Normalised, where: str
              ) -> tuple[SentenceResult, Outcomes]:
        """Judge and score the ``number``-th pair once both sides are
        normalised (EVALB's quote fix made; the test has words): an error
        if its words differ (``where`` names both lines in the message),
        else every metric's outcome."""
        norm = self.config.params.normalisation
        length = gold.length
        gold_tokens, gold_words = gold.bracketing, gold.words
        test_tokens, test_words = test.bracketing, test.words

        def mismatch(message: str, reason: str) -> tuple[SentenceResult, Outcomes]:
            return SentenceResult(number, "error", f"{where}: {message}", length=length,
                                  reason=reason), {}

        limit = self.size_limit
        if limit is not None and max(len(gold_tokens), len(test_tokens)) > 2 * limit:
            sizes = f"{len(gold_tokens) // 2:,} and {len(test_tokens) // 2:,}"
            message = (f"{where}: {TOO_LARGE}: the trees hold {sizes} words and brackets, "
                       f"more than the {limit:,} that {', '.join(self.aligning)} align "
                       "(PARSEDIT_MAX_EDIT_SIZE sets the limit); not scored")
            return SentenceResult(number, "skip", message, length=length, reason=message), {}

        if self.aligned is not None and (len(gold_words) != len(test_words) or not all(
                norm.same_word(g[:-1], t[:-1]) for g, t in zip(gold_words, test_words))):
            return self._aligned(number, gold_tokens, test_tokens, length)
        if len(gold_words) != len(test_words):
            why = _empties(gold_tokens, test_tokens) or (
                "" if norm.quote_labels else _quotes(gold_tokens, test_tokens))
            return mismatch(f"length mismatch: gold has {len(gold_words)} words, test "
                            f"{len(test_words)}{why}",
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
            counts["words"] = self.aligned.same(len(gold_words))
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
        from parsedit.segmentation import aligned_pairs

        assert self.aligned is not None
        self.runs.clear()
        norm = self.config.params.normalisation

        def words(item: Item) -> list[str]:
            return [] if item.tokens is None else bracketing.words(
                norm.normalise(item.tokens).bracketing)
        return aligned_pairs(gold, test, self.aligned.aligner, words, self.runs,
                             self.config.segmentation == "document")


# What the message of a pair too large for the metrics that align strings says.
TOO_LARGE = "too large to align"


def too_large(sentences: Iterable[SentenceResult]) -> int:
    """How many of ``sentences`` were left out as too large to align."""
    return sum(1 for s in sentences if s.status == "skip" and s.message is not None
               and f": {TOO_LARGE}: " in s.message)


def _too_large_warning(count: int) -> str:
    """The warning for ``count`` pairs left out as too large to align."""
    return (f"{count} pair(s) not scored: a tree holds more words and brackets than the "
            f"{max_edit_size():,} the edit metrics and leaf-ancestor align (PARSEVAL's sums leave "
            "them out too, so that every figure covers the same sentences); "
            "PARSEDIT_MAX_EDIT_SIZE raises the limit, at a memory cost that grows with "
            "the square of a tree's size")


def _empties(gold: Bracketing, test: Bracketing) -> str:
    """Why the lengths may differ, when empty elements explain it."""
    difference = bracketing.empty_elements(gold) - bracketing.empty_elements(test)
    if not difference or difference != len(bracketing.words(gold)) - len(
            bracketing.words(test)):
        return ""
    more, fewer = ("gold", "test") if difference > 0 else ("test", "gold")
    return (f" ({more} has {abs(difference)} more -NONE- empty elements than {fewer}, kept by "
            "these parameters; EVALB's COLLINS.prm, `-p collins`, deletes them)")


# What a length mismatch's message adds when a quote tagged as a word on one
# side is deleted as punctuation on the other (EVALB's QUOTE_LABEL case).
QUOTE_NOTE = ("a quote tagged as a word on one side and as deleted punctuation on the "
              "other, which -p new scores as EVALB does with new.prm's QUOTE_LABEL")


@lru_cache(maxsize=1)
def _quote_tags() -> frozenset[str]:
    """The tags of new.prm's QUOTE_LABEL: those EVALB's quote fix looks at."""
    from parsedit.params import shipped_params

    return shipped_params("new").normalisation.quote_labels


def _quotes(gold: Bracketing, test: Bracketing) -> str:
    """Why the lengths may differ, when quotes explain it: the longer side's
    extra words are all quotes (``'``, ``"``, ``/``) tagged with one of
    new.prm's QUOTE_LABEL tags, the rest of both sides' words the same (a
    parameter file without QUOTE_LABEL deletes ``('' ')`` and keeps ``(POS
    ')``: section 23 under COLLINS.prm)."""
    def tagged(tokens: Bracketing) -> list[tuple[str, str]]:
        out, tag = [], ""
        for kind, text in bracketing.decode_all(tokens):
            if kind is bracketing.TAGGED:
                tag = text
            elif kind is WORD:
                out.append((tag, text))
        return out

    longer, shorter = sorted((tagged(gold), tagged(test)), key=len, reverse=True)
    quotes = _quote_tags()
    k = 0
    for tag, word in longer:
        if k < len(shorter) and shorter[k][1] == word:
            k += 1
        elif word not in QUOTE_WORDS or tag not in quotes:
            return ""
    return f" ({QUOTE_NOTE})" if k == len(shorter) else ""


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


def mismatched(sentences: Iterable[SentenceResult]) -> int:
    """How many of ``sentences`` are pairs whose words differ from gold
    (EVALB's length and word mismatches, errors under ``--yield strict``;
    not a missing gold tree)."""
    return sum(1 for s in sentences if _mismatch(s))


def quoted(sentences: Iterable[SentenceResult]) -> int:
    """How many of ``sentences`` are mismatches (:func:`mismatched`) made
    only by quotes tagged differently (:data:`QUOTE_NOTE`)."""
    return sum(1 for s in sentences if _mismatch(s) and QUOTE_NOTE in (s.message or ""))


def _mismatch(s: SentenceResult) -> bool:
    return s.status == "error" and s.reason is not None \
        and s.reason.startswith(("Words unmatch", "Length unmatch")) \
        and not s.reason.startswith("Length unmatch (0|")


def _words_differ(count: int, quotes: int = 0) -> str | None:
    """What to do about ``count`` pairs whose words differ from gold (see
    :func:`mismatched`), ``quotes`` of them made by quotes tagged
    differently (:func:`quoted`), or None: first what keeps the figures
    EVALB's (``-p new`` for the quotes), then ``--yield align``, whose
    figures are not."""
    if not count:
        return None
    pairs = f"{count} pairs whose words differ from gold (length or word mismatches) are " \
        "errors" if count > 1 else "1 pair whose words differ from gold (a length or word " \
        "mismatch) is an error"
    if quotes:
        which = "it differs" if count == 1 else "all of them differ" if quotes == count \
            else f"{quotes} of them differ"
        return (f"{pairs}, as in EVALB; {which} only by quotes tagged as "
                "words on one side and as deleted punctuation on the other (gold (POS ') "
                "against test ('' '), as in section 23 under COLLINS.prm): -p new (new.prm, "
                "or QUOTE_LABEL lines in a copy of your parameter file) scores those as "
                "EVALB does, so the figures stay comparable with EVALB's; --yield align "
                "would score every such pair through a word alignment instead, and its "
                "figures are not EVALB's")
    return (f"{pairs}, as in EVALB: if the test's words are its own "
            "(speech recognition, a tokeniser of its own) or its sentences are cut "
            "differently, --yield align scores them through a word alignment (with "
            "--segmentation align for the sentences), whose figures are not EVALB's")


def run_warnings(config: Config, ok: int, outer: Mapping[str, int], mismatches: int,
                 aligned: tuple[int, int] | None, runs: Sequence[Run], gold_name: str,
                 test_name: str, quotes: int = 0, too_large: int = 0) -> list[str]:
    """What a run's figures make a reader need to know, from its tallies:
    the options' own warnings, root conventions that differ (``outer``:
    scored pairs with an unlabelled outer bracket on the gold side only and
    on the test side only, of ``ok``), the pairs left out as too large to
    align (``too_large``, :func:`too_large`), the pairs ``--segmentation``
    merged or made of whole windows (``runs``), and the pairs whose words
    differ (``mismatches`` errors under ``--yield strict``, ``quotes`` of
    them made by quotes tagged differently; under ``--yield align``,
    ``aligned`` = (differ, scored) pairs).  One function for :func:`run` and
    the Python API's :class:`~parsedit.api.Evaluator`, so that both say the same; the
    root-label warning and the result's caveats follow them."""
    warnings = config.warnings()
    # An unlabelled outer bracket changes PARSEVAL's counts alone.
    roots = root_warning(outer["gold"] + outer["test"], ok, outer["gold"], gold_name,
                         test_name) if "parseval" in config.metrics else None
    if roots is not None:
        warnings.append(roots)
    if too_large:
        warnings.append(_too_large_warning(too_large))
    if runs:
        from parsedit.segmentation import limit_warning, merge_warning

        for said in (limit_warning(runs), merge_warning(runs, config.segmentation)):
            if said is not None:
                warnings.append(said)
    if aligned is not None:
        from parsedit.metrics.yields import warning

        differ = warning(*aligned)
    else:
        differ = _words_differ(mismatches, quotes)
    if differ is not None:
        warnings.append(differ)
    return warnings


def _why_absent(item: Item | None, path: str, number: int, segmented: bool = False) -> str:
    """Why a file has no tree for a pair (``segmented``: pairs are runs of
    sentences, so ``number`` is no tree's)."""
    if item is None:
        return f"{path}: no sentence left for pair {number} (the file ends first)" \
            if segmented else f"{path}: no tree {number} (the file ends first)"
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


# Sums are taken per SUM_EVERY consecutive pair numbers, and those partial
# sums added in order, whatever the number of processes: floating-point
# addition is not associative, and this is what makes -j N's figures -j 1's
# to the last bit.  A unit of work (a range of lines, a chunk of pairs) is
# one such group: line ranges are cut every SUM_EVERY lines.
SUM_EVERY = 128

# What a run keeps of each sentence (see CorpusResult): every SentenceResult,
# EVALB's per-sentence table only, or nothing but the sentences not ok.
KEEPS = ("sentences", "rows", "none")


@dataclass(frozen=True)
class Job:
    """What a run scores with: forked workers inherit it, never pickled."""

    scorer: Scorer
    gold_path: str
    test_path: str
    keep: str = "sentences"
    worst: bool = False  # keep the lineage pairs that lose (--worst-words)
    # With keep="rows", each block's rows rendered where it is scored (the
    # block then carries ``rendered``, not its rows).
    render: Callable[[SentenceRows], bytes] | None = None


class RowSink(Protocol):
    """Where a run's rows go (EVALB's table): each block's rows rendered in
    the process that scored it (a ``-j N`` worker, so that the parent does
    not render every row while the workers score), then added in order in
    the run's own process."""

    def render(self, rows: SentenceRows) -> bytes: ...

    def add(self, rendered: bytes) -> None: ...

    def clear(self) -> None:
        """Forget the rows added: the run starts again (it found that its
        files cannot be read a range of lines at a time after all)."""


class Block:
    """What scoring a run of consecutive pairs gives, and all that a worker
    sends back: partial sums (one :class:`Totals` pair per group of
    ``SUM_EVERY`` pair numbers, in order), the tallies the warnings need, and
    of each sentence only what the run keeps (see :data:`KEEPS`).  Blocks
    extend one another in order into the run's whole."""

    def __init__(self, job: Job) -> None:
        self.keep = job.keep
        self.zeros = job.scorer.zeros
        self.cutoff_len = job.scorer.config.params.cutoff_len
        self.sums: list[tuple[Totals, Totals]] = []  # all, cut-off: per whole group
        # How many groups' sums were added to the totals (and forgotten).
        self._summed = 0
        self._totals = (Totals(counts=dict(self.zeros)), Totals(counts=dict(self.zeros)))
        # The sentences of a group cut by the unit's start (head) or end
        # (tail), left for the parent to sum with the rest of their group.
        self.head: list[SentenceResult] = []
        self.tail: list[SentenceResult] = []
        self._group: list[SentenceResult] = []
        self._group_of = 0
        self.last = 0  # the number of the last pair
        self.gold_trees = self.test_trees = 0
        # Scored pairs where only the gold (test) side has ( ... ).
        self.outer = {"gold": 0, "test": 0}
        # --yield align: ok pairs with word counts, and of them those whose words differ.
        self.with_words = self.words_differ = 0
        # The numbers of the errors that count towards MAX_ERROR.
        self.errors: list[int] = []
        self.not_ok: list[SentenceResult] = []
        self.sentences: list[SentenceResult] = []
        self.rows = SentenceRows() if job.keep == "rows" else None
        self.rendered: bytes | None = None  # its rows, by job.render (see close)
        self._render = job.render
        self.worst: WorstWords | None = None
        if job.worst:
            from parsedit.metrics.leaf_ancestor import WorstWords

            self.worst = WorstWords()

    def add(self, pair: Scored) -> None:
        """One scored pair, in order."""
        number, has_gold, has_test = pair.number, pair.has_gold, pair.has_test
        sentence, lineages = pair.sentence, pair.lineages
        group = (number - 1) // SUM_EVERY
        if group != self._group_of:
            self._finish()
            self._group_of = group
        self._group.append(sentence)
        self.last = number
        self.gold_trees += has_gold
        self.test_trees += has_test
        if sentence.outer_bracket is not None:
            self.outer[sentence.outer_bracket] += 1
        if sentence.status != "ok":
            self._not_ok(pair)
        elif "words" in sentence.counts:
            self.with_words += 1
            self.words_differ += sentence.counts["words"].differ
        if self.keep == "sentences":
            self.sentences.append(sentence)
        elif self.rows is not None:
            self.rows.add(sentence)
        if self.worst is not None and lineages is not None:
            self.worst.add(number, lineages)

    def _not_ok(self, pair: Scored) -> None:
        """A pair not scored ``ok``: kept, and counted if an error."""
        self.not_ok.append(pair.sentence)
        # A pair beyond the end of the shorter file is no error EVALB
        # would meet: the tree counts, said at the end, tell what happened.
        if pair.sentence.status == "error" and pair.has_gold and pair.has_test:
            self.errors.append(pair.number)

    def add_summed(self, last: int, sums: tuple[Totals, Totals], trees: tuple[int, int],
                   outer: tuple[int, int], others: list[Scored], rows: bytes = b"") -> None:
        """A whole group of ``SUM_EVERY`` pairs ending at pair ``last``,
        summed by the caller (``sums``: what :meth:`Totals.of` gives of its
        sentences, all and within the cut-off), for a run that keeps no
        ``SentenceResult`` of an ``ok`` pair: how many had a gold and a test
        tree, and an outer bracket on the gold side alone and on the test
        side alone; its pairs not scored ``ok`` (``others``, in order; others
        may be in it too); EVALB's table rows of its pairs, as
        :class:`~parsedit.results.SentenceRows` holds them."""
        assert self.keep != "sentences" and self.worst is None
        self._finish()
        self._group_of = (last - 1) // SUM_EVERY
        self.sums.append(sums)
        self.last = last
        self.gold_trees += trees[0]
        self.test_trees += trees[1]
        self.outer["gold"] += outer[0]
        self.outer["test"] += outer[1]
        for pair in others:
            if pair.sentence.status != "ok":
                self._not_ok(pair)
        if self.rows is not None:
            self.rows.data.frombytes(rows)

    def _sum(self) -> None:
        if self._group:
            self.sums.append((Totals.of(self._group, self.zeros),
                              Totals.of(self._group, self.zeros, self.cutoff_len)))
            self._group = []

    def _finish(self) -> None:
        """Sum the group just ended if the unit holds all of it, else keep
        its sentences as the head or the tail."""
        if len(self._group) == SUM_EVERY:  # pair numbers are consecutive
            self._sum()
        elif self._group:
            if self.sums or self._summed or self.head:
                self.tail = self._group
            else:
                self.head = self._group
            self._group = []

    def _join(self, sentences: list[SentenceResult]) -> None:
        """In the parent: sentences of a cut group, summed once it is whole."""
        for sentence in sentences:
            group = (sentence.id - 1) // SUM_EVERY
            if group != self._group_of:
                self._sum()
                self._group_of = group
            self._group.append(sentence)

    def close(self) -> Block:
        """The block, its last group summed or kept as its tail (and its
        rows rendered, if the job renders them)."""
        self._finish()
        if self._render is not None and self.rows is not None:
            self.rendered, self.rows = self._render(self.rows), None
        self._render = None  # (a block crosses to the parent pickled)
        return self

    def extend(self, other: Block) -> None:
        """Append ``other`` (closed, and following this block's pairs)."""
        self._join(other.head)
        if other.sums:
            self._sum()
            self.sums += other.sums
        self._join(other.tail)
        self.last = other.last
        self.gold_trees += other.gold_trees
        self.test_trees += other.test_trees
        for side in self.outer:
            self.outer[side] += other.outer[side]
        self.with_words += other.with_words
        self.words_differ += other.words_differ
        self.errors += other.errors
        self.not_ok += other.not_ok
        self.sentences += other.sentences
        if self.rows is not None and other.rows is not None:
            self.rows.extend(other.rows)
        if self.worst is not None and other.worst is not None:
            self.worst.merge(other.worst)
        self._add()

    def _add(self) -> None:
        """Add the groups' sums to the totals, in order, and forget them (as
        blocks come back, so that -j N's parent does it while the workers
        score, and its memory does not grow with the corpus)."""
        every, cutoff = self._totals
        for group, short in self.sums:
            every, cutoff = every + group, cutoff + short
        self._totals = every, cutoff
        self._summed += len(self.sums)
        self.sums.clear()

    def totals(self) -> tuple[Totals, Totals]:
        """The sums over every sentence, and over the cut-off subset: the
        groups' sums added in order."""
        self._sum()
        self._add()
        return self._totals


Unit = LineRange | list[Pair]  # a range of lines a worker reads, or pairs read for it


@fast_init
@dataclass(frozen=True)
class Scored:
    """One pair as the road hands it on: its number, whether each side had
    an item, its result, and its leaf-ancestor lineages when kept."""

    number: int
    has_gold: bool
    has_test: bool
    sentence: SentenceResult
    lineages: LAScored | None


def _score_pair(job: Job, pair: Pair) -> Scored:
    number, gold, test = pair
    sentence, outcomes = job.scorer.pair(number, gold, test, job.gold_path, job.test_path)
    la = outcomes.get("la") if job.worst else None
    return Scored(number, gold is not None, test is not None, sentence,
                  None if la is None else la.detail)


def _scored(job: Job, unit: Unit) -> Iterator[Scored]:
    """The pairs of one unit, scored in order: a range of lines a block at a
    time for PARSEVAL alone (:mod:`parsedit.blocks`), else pair by pair."""
    if isinstance(unit, LineRange):
        from parsedit import blocks as columnar

        if columnar.eligible(job, aligned=True):
            return columnar.scored(job, unit)
        return columnar.sentences(job, unit)
    return (_score_pair(job, pair) for pair in unit)


def _score_unit(job: Job, unit: Unit, stop_at: int | None = None) -> Block:
    """Score one unit of work into a block (up to pair ``stop_at`` only, when given)."""
    if stop_at is None and isinstance(unit, LineRange):
        from parsedit import blocks as columnar

        if columnar.by_arrays(job):
            return columnar.block(job, unit)
    block = Block(job)
    for pair in _scored(job, unit):
        block.add(pair)
        if pair.number == stop_at:
            break
    return block.close()


def _chunks(pairs_: Iterable[Pair], size: int = SUM_EVERY) -> Iterator[list[Pair]]:
    chunk: list[Pair] = []
    for pair in pairs_:
        chunk.append(pair)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _work(job: Job, channel: Connection) -> None:
    """A forked worker: score each ``(index, unit)`` its channel brings until
    None, and send back ``(index, block)``, or the exception that stopped it.
    It leaves Ctrl-C to the parent, which stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    while (task := channel.recv()) is not None:
        index, unit = task
        try:
            channel.send((index, _score_unit(job, unit)))
        except BaseException as exc:  # handed to the parent, which raises it
            try:
                channel.send((index, exc))
            except Exception:  # it cannot be pickled: say what it was
                channel.send((index, RuntimeError(f"a worker failed: {exc!r}")))
            return


class Lines:
    """Pairs given as ranges of lines of the job's two files, which the
    workers of ``jobs`` > 1 read for themselves (:mod:`parsedit.trees.ranges`;
    the ranges may be found as they are taken)."""

    def __init__(self, ranges: Iterable[LineRange]) -> None:
        self.ranges = ranges


def blocks(job: Job, pairs_: Iterable[Pair] | Lines, jobs: int = 1
           ) -> Generator[tuple[Unit, Block], None, None]:
    """Every unit of work (a range of lines, or a chunk of ``SUM_EVERY``
    pairs) and its block, in order; with ``jobs`` > 1 scored by forked
    workers, each with its own copy of the scorer (the numbers do not depend
    on it), which read their own lines when ``pairs_`` are :class:`Lines`.
    A worker sends back its block's sums and what the run keeps of each
    sentence, never more."""
    units: Iterator[Unit] = iter(pairs_.ranges) if isinstance(pairs_, Lines) \
        else _chunks(pairs_)
    if isinstance(pairs_, Lines):  # no more workers than units, and no pool for one
        first = list(islice(units, jobs))
        jobs = len(first)
        units = chain(first, units)
    if jobs <= 1:
        for unit in units:
            yield unit, _score_unit(job, unit)
        return
    yield from _forked(job, units, jobs)


def _forked(job: Job, units: Iterator[Unit], jobs: int
            ) -> Generator[tuple[Unit, Block], None, None]:
    """:func:`blocks` by ``jobs`` forked workers.  Each worker has one unit
    at a time, and the next as soon as its block is back (so that a worker
    never waits on a parent that waits on it, and a slower core takes fewer
    units); blocks are put back in order, at most ``4 jobs`` units ahead.
    The workers are forked before ``units`` is taken further than its first
    ``jobs``, so that they start while the parent finds the rest.
    (Not multiprocessing.Pool: its worker thread spins while results wait in
    its pipe, which cost PARSEVAL about 7% more CPU.)"""
    import gc
    import multiprocessing
    from multiprocessing.connection import Connection, wait

    try:
        context = multiprocessing.get_context("fork")
    except ValueError:
        raise ConfigError("--jobs needs processes that fork (Linux, macOS)") from None
    channels = [context.Pipe() for _ in range(jobs)]  # (parent's end, worker's end)
    workers = [context.Process(target=_work, args=(job, theirs), daemon=True)
               for _, theirs in channels]
    # The objects the workers inherit are moved out of the collector's sight
    # first, so that the workers' collections neither walk them nor copy
    # their memory pages (see gc.freeze); the parent's are given back after.
    gc.freeze()
    try:
        for worker in workers:
            worker.start()
    finally:
        gc.unfreeze()
    idle = [ours for ours, _ in channels]
    ends = {worker.sentinel: ours for worker, (ours, _) in zip(workers, channels)}
    sent: dict[int, Unit] = {}  # handed out, not yet yielded
    done: dict[int, Block] = {}  # back, waiting for an earlier one
    handed = following = 0
    try:
        # The next unit to hand out, found (a range of lines: the parent's
        # pass over the files) while the workers score, not when one asks.
        unit = next(units, None)
        while True:
            while idle and unit is not None and handed - following < 4 * jobs:
                sent[handed] = unit
                idle.pop().send((handed, unit))
                handed += 1
                unit = next(units, None)
            if following in done:
                yield sent.pop(following), done.pop(following)
                following += 1
                continue
            if following == handed:
                break
            for ready in wait([*ends.values(), *ends]):
                if isinstance(ready, int):  # a worker ended
                    if not ends[ready].poll():
                        raise ConfigError("a --jobs worker died (out of memory?); the run "
                                          "is not complete")
                    continue
                assert isinstance(ready, Connection)
                index, block = ready.recv()
                if isinstance(block, BaseException):
                    raise block
                done[index] = block
                idle.append(ready)
        for ours, _ in channels:
            ours.send(None)
        for worker in workers:
            worker.join()
    finally:
        for worker in workers:
            if worker.is_alive():
                worker.terminate()
                worker.join()


def run(scorer: Scorer, pairs_: Iterable[Pair] | Lines, gold_name: str, test_name: str,
        worst_words: int = 0, errors: int = 0, jobs: int = 1,
        progress: Callable[[int], None] | None = None, keep: str = "sentences",
        rows: RowSink | None = None) -> CorpusResult:
    """Score numbered pairs of items into a result, aggregated once: with
    ``worst_words`` (and the la metric) the lineage pairs that lose most,
    with ``errors`` the error analysis (its lists ``errors`` long, and every
    sentence kept for it).  ``keep`` says what the result keeps of each
    sentence (:data:`KEEPS`; see :class:`CorpusResult`); with ``keep="rows"``,
    the rows go to ``rows`` (:class:`RowSink`: rendered where each block of
    pairs is scored, added in order) instead of the result keeping them, so
    that EVALB's table is written while ``-j N``'s workers score, and memory
    stays flat."""
    if keep not in KEEPS:
        raise ConfigError(f"keep={keep!r}: expected one of {', '.join(KEEPS)}")
    config = scorer.config
    params = config.params
    job = Job(scorer, gold_name, test_name, "sentences" if errors else keep,
              bool(worst_words) and "la" in config.metrics,
              None if rows is None else rows.render)
    whole = Block(job)
    if rows is not None:
        whole.rows = None  # handed to ``rows`` as they come, not kept
    stopped = None
    allowed = params.max_error + 1  # errors scored before the one EVALB stops at
    work = blocks(job, pairs_, jobs)
    for unit, block in work:
        counted = len(whole.errors)
        if counted + len(block.errors) > allowed:
            # The stop falls in this unit: score it again, up to the stop.
            number = block.errors[allowed - counted]
            block = _score_unit(job, unit, stop_at=number)
            stopped = (f"stopped at sentence {number}, error {allowed + 1}: more "
                       f"errors than MAX_ERROR {params.max_error} allows (EVALB stops "
                       "here too); the rest is not scored, and the summary covers "
                       f"sentences 1-{number} only")
        whole.extend(block)
        if rows is not None and block.rendered is not None:
            rows.add(block.rendered)
        if stopped is not None:
            break
        if progress is not None:
            progress(whole.last)
    work.close()  # a pool still working is stopped here
    totals, cutoff = whole.totals()
    # --segmentation align or document: the pairs scored (all of them unless
    # the run stopped), and the files' sentences in them.
    runs = tuple(scorer.runs[:whole.last])
    gold_trees, test_trees = whole.gold_trees, whole.test_trees
    if runs:
        gold_trees = sum(len(run.gold) for run in runs)
        test_trees = sum(len(run.test) for run in runs)
    warnings = run_warnings(config, totals.ok, whole.outer, mismatched(whole.not_ok),
                            None if scorer.aligned is None
                            else (whole.words_differ, whole.with_words),
                            runs, gold_name, test_name, quotes=quoted(whole.not_ok),
                            too_large=too_large(whole.not_ok))
    extra: dict[str, Any] = {}
    if whole.worst is not None:
        extra["worst_words"] = tuple(whole.worst.top(worst_words))
    if errors:
        extra["errors"] = analyse(whole.sentences, scorer.metrics, errors)
    return CorpusResult(config.metrics, config.signature(), tuple(whole.sentences), totals,
                        cutoff, params.cutoff_len, gold_trees, test_trees,
                        average=config.average, warnings=tuple(warnings), stopped=stopped,
                        not_ok=tuple(whole.not_ok), rows=whole.rows, runs=runs, **extra)


def evaluate(gold_path: str, test_path: str, config: Config | None = None,
             worst_words: int = 0, jobs: int = 1,
             progress: Callable[[int], None] | None = None, errors: int = 0,
             gold_encoding: str = DEFAULT_ENCODING,
             test_encoding: str = DEFAULT_ENCODING, keep: str = "sentences",
             rows: RowSink | None = None) -> CorpusResult:
    """Score every pair of ``gold_path`` and ``test_path`` (see :func:`run`;
    ``keep``: what the result keeps of each sentence; ``rows``: where EVALB's
    table rows go as they come, which the result then does not keep).
    Either path may be ``-`` (standard input) or compressed; each file is
    decoded with its text encoding (see :mod:`parsedit.trees.source`), and
    both are read through first, so that a file that cannot be decoded is
    refused before any scoring.  With ``jobs`` > 1, plain files in line
    layout are cut into ranges of lines that the workers read themselves
    (and read whole, from the start, if one turns out to hold a tree split
    over lines or a line over the limit: :class:`~parsedit.trees.ranges.Reroute`)."""
    config = config or Config()
    check_files((gold_path, gold_encoding), (test_path, test_encoding))
    scorer = Scorer.for_files(config, gold_path, test_path, errors > 0, gold_encoding,
                              test_encoding)
    # --segmentation align or document pairs runs of sentences, read by this
    # process; files in line layout are read a range of lines at a time
    # (parsedit.blocks), PARSEVAL alone in blocks of BLOCK lines, other
    # metrics in ranges of SENTENCES_BLOCK lines when read with numpy.
    from parsedit import blocks as columnar

    job = Job(scorer, gold_path, test_path)
    every = BLOCK if columnar.eligible(job, aligned=True) else \
        SENTENCES_BLOCK if columnar.large(job) else SUM_EVERY
    ranges = iter_line_ranges(gold_path, test_path, (gold_encoding, test_encoding),
                              every=every) if config.segmentation == "gold" else None
    whole = scorer.pairs(gold_path, test_path, gold_encoding, test_encoding)
    try:
        result = run(scorer, whole if ranges is None else Lines(ranges), gold_path, test_path,
                     worst_words, errors, jobs, progress, keep, rows)
    except Reroute:  # a tree split over lines, a line over the limit: read whole
        if rows is not None:
            rows.clear()
        result = run(scorer, whole, gold_path, test_path, worst_words, errors, jobs, progress,
                     keep, rows)
    firsts = zip(read_trees(gold_path, gold_encoding), read_trees(test_path, test_encoding))
    return with_root_labels(result, config, firsts, gold_path, test_path)


def root_labels(config: Config, pairs: Iterable[tuple[Item, Item]]
                ) -> list[tuple[str | None, str | None]]:
    """The root labels (after normalisation) of the first
    :data:`~parsedit.trees.roots.ROOT_SAMPLE` pairs of items, for the
    root-label warning."""
    norm = config.params.normalisation

    def label(item: Item) -> str | None:
        return None if item.tokens is None else root_label(norm.normalise(item.tokens).bracketing)

    return [(label(g), label(t)) for g, t in islice(pairs, ROOT_SAMPLE)]


def with_root_labels(result: CorpusResult, config: Config, pairs: Iterable[tuple[Item, Item]],
                     gold_name: str, test_name: str) -> CorpusResult:
    """``result`` with the root-label warning added when the first pairs'
    root labels say the two sides follow different conventions."""
    roots = root_label_warning(root_labels(config, pairs), gold_name, test_name)
    return replace(result, warnings=result.warnings + (roots,)) if roots else result
