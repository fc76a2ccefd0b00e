"""Judging and scoring one pair: the metrics of a run, ready.

A :class:`Scorer` holds the metrics a :class:`~parsedit.config.Config`
asks for (:func:`parsedit.metrics.registry.build`).  :meth:`Scorer.pair`
judges a pair of items as EVALB judges it: a test sentence that is empty,
unreadable or left without words is ``skip``; otherwise a gold sentence that
is empty or unreadable, or a pair whose words differ after normalisation, is
``error``.  Both carry a message naming the line and are left out of the
sums.  With ``failures = "count"``, a skipped test sentence over a readable
gold one is scored as a parse with no constituents over the gold words (each
metric's ``failure``): it stays ``skip`` but has counts, so it is in the
sums.  :meth:`Scorer.judge` scores a pair once both sides are normalised:
every metric's outcome, or under ``--yield align`` through the word
alignment (:mod:`parsedit.metrics.yields`) when the words differ.

A metric that reads raw trees (a :class:`~parsedit.metrics.base.RawMetric`: the dependency
metric, which converts the trees itself and needs their punctuation and
function tags) is handed the two items' tokens instead of the normalised
bracketings, but only for a pair judged as above, so that every metric of a
run covers the same sentences.  A pair with a CoNLL-U side (a dependency
tree, no constituents: only such metrics run) is judged the same way on its
dependency words (:meth:`Scorer.dependencies`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from parsedit.config import Config
from parsedit.errors import ConfigError, NotATree, ParseditError, TooLarge
from parsedit.limits import max_edit_size
from parsedit.metrics import registry
from parsedit.metrics.base import Outcome, RawMetric
from parsedit.metrics.errors import sentence_errors
from parsedit.pipeline.tally import (
    CASE_NOTE,
    KEPT_NONE_NOTE,
    QUOTE_NOTE,
    RESCUED_NOTE,
    TOO_LARGE,
)
from parsedit.plural import plural
from parsedit.results import (
    EditScript,
    LineageScript,
    Run,
    SentenceResult,
    WordCounts,
)
from parsedit.trees import bracketing, gold_tags
from parsedit.trees.bracketing import WORD, Bracketing, decode
from parsedit.trees.formats import read_items, read_sides
from parsedit.trees.normalise import QUOTE_WORDS, Normalisation, Normalised, fix_quotes
from parsedit.trees.reader import Item, paired
from parsedit.trees.roots import (
    outer_bracket,
)
from parsedit.trees.source import DEFAULT_ENCODING
from parsedit.trees.splits import Splits
from parsedit.trees.tree import tagged_words

if TYPE_CHECKING:

    from parsedit.deps.model import DepTree
    from parsedit.encodings.base import Encoding
    from parsedit.metrics.yields import AlignedScorer



Outcomes = dict[str, Outcome]
# The raw sides of a pair, for the metrics that read them: the reader's tokens.
Raw = tuple[Bracketing, Bracketing]

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
        # align whole strings (parsedit.limits), when the run has one: the
        # error classes too, whose edit script grows with the square of a
        # tree's size (64 s for one degenerate pair of 3,000 words, unbounded).
        aligning = [m for m in (*config.edit_metrics, "la") if m in config.metrics] \
            + (["error_classes"] if "error_classes" in self.metrics else [])
        self.size_limit = max_edit_size() if aligning else None
        self.aligning = aligning
        # The metrics that read raw trees (RawMetric), by name.
        self.raw = tuple(name for name, m in self.metrics.items() if isinstance(m, RawMetric))

    @classmethod
    def for_files(cls, config: Config, gold_path: str, test_path: str,
                  details: bool = False, gold_encoding: str = DEFAULT_ENCODING,
                  test_encoding: str = DEFAULT_ENCODING,
                  formats: tuple[str, str] = ("bracketed", "bracketed")) -> Scorer:
        """A scorer whose grammar modules are built over the alphabets of the
        two files (the only schemes that read the files first), each decoded
        with its text encoding and read in its format."""
        needs = registry.needs_alphabet(config)
        if needs:
            from parsedit.costs.alphabet import collect_items
        alphabets = {name: collect_items(
            (read_items(gold_path, formats[0], gold_encoding),
             read_items(test_path, formats[1], test_encoding)), encoding,
            config.params.normalisation, config.rule_pos, config.la_preterminals,
            registry.encoder(config, name)) for name, encoding in needs}
        return cls(config, alphabets, details)

    def score(self, gold: Bracketing, test: Bracketing, raw: Raw | None = None) -> Outcomes:
        """Every metric on one normalised pair with equal words; a metric
        that reads raw trees on ``raw``, the pair's raw sides."""
        if raw is None:
            if self.raw:
                raise ParseditError(f"the {', '.join(self.raw)} metric reads raw trees, which "
                                    "this route does not keep (the route table sends such "
                                    "runs to the reference route)")
            return {name: metric.score(gold, test) for name, metric in self.metrics.items()}
        return {name: metric.score(*raw) if isinstance(metric, RawMetric)
                else metric.score(gold, test) for name, metric in self.metrics.items()}

    def pair(self, number: int, gold: Item | None, test: Item | None, gold_path: str,
             test_path: str) -> tuple[SentenceResult, Outcomes]:
        """Judge and score the ``number``-th pair of items: the result, and
        each metric's outcome (for alignments and error lists)."""
        if (gold is not None and gold.dependencies is not None) or (
                test is not None and test.dependencies is not None):
            return self.dependencies(number, gold, test, gold_path, test_path)
        norm = self.config.params.normalisation
        gold_raw = gold.tokens if gold is not None else None
        gold_sentence = norm.normalise(gold_raw) if gold_raw else None
        length = gold_sentence.length if gold_sentence else 0

        # A failure is counted only where the gold sentence can be scored.
        def failure() -> dict[str, Any]:
            assert gold_raw is not None and gold_sentence is not None
            return self._failed({name: metric.failure(gold_raw if isinstance(metric, RawMetric)
                                                      else gold_sentence.bracketing)
                                 for name, metric in self.metrics.items()},
                                bracketing.words(gold_sentence.bracketing))

        # As in EVALB, a test without words is a skip even when gold is broken.
        test_sentence = None if test is None or test.tokens is None else \
            gold_sentence if gold_sentence and gold_raw == test.tokens \
            else norm.normalise(test.tokens)
        by_gold = bool(self.config.params.delete_by == "gold" and gold_raw and test is not None
                       and test.tokens)
        own = test_sentence  # (deleted by its own tags: EVALB's way)
        if by_gold and test is not None and test.tokens and gold_raw \
                and test.tokens != gold_raw:
            test_sentence = norm.normalise(*gold_tags.by_gold(
                norm, gold_raw, test.tokens, bool(self.config.params.unsupervised)))
        absent = self._absent(
            number, (gold, test), (gold_path, test_path), length,
            None if test_sentence is None else len(test_sentence.words),
            gold_sentence is not None,
            failure if gold_sentence and gold_sentence.words else None,
            "no word is left after normalisation"
            + (f": {KEPT_NONE_NOTE}" if gold_sentence is not None
               and not gold_sentence.words else ""))
        if absent is not None:
            return absent
        assert gold is not None and test is not None and test.tokens is not None
        assert gold_raw is not None and gold_sentence is not None and test_sentence is not None
        if len(gold_sentence.words) != len(test_sentence.words) and norm.quote_labels \
                and not by_gold:
            keep_gold, keep_test = fix_quotes(norm.quote_terms(gold_raw),
                                              norm.quote_terms(test.tokens))
            gold_sentence = norm.normalise(gold_raw, keep_gold)
            test_sentence = norm.normalise(test.tokens, keep_test)
        where = f"{gold_path}:{gold.line} and {test_path}:{test.line}"
        result, outcomes = self.judge(number, gold_sentence, test_sentence, where,
                                      (gold_raw, test.tokens) if self.raw else None)
        # (under a convention that deletes by gold tags, -p unsupervised, the
        # test's own tags are nothing to compare with; under --yield align
        # EVALB's way leaves no pair out for its words, it aligns them)
        rescued = _rescued(norm, gold_sentence.words, own.words) \
            if by_gold and own is not None and result.status == "ok" \
            and not self.config.params.unsupervised and self.config.yields != "align" \
            else None
        if rescued is not None:
            result = replace(result, message=f"{where}: {RESCUED_NOTE} {rescued}",
                             cause="rescued")
        return result, outcomes

    def judge(self, number: int, gold: Normalised, test: Normalised, where: str,
              raw: Raw | None = None) -> tuple[SentenceResult, Outcomes]:
        """Judge and score the ``number``-th pair once both sides are
        normalised (EVALB's quote fix made; the test has words): an error
        if its words differ (``where`` names both lines in the message),
        else every metric's outcome (those that read raw trees on ``raw``,
        the pair's raw sides, which a run with such a metric must give)."""
        norm = self.config.params.normalisation
        length = gold.length
        gold_tokens, gold_words = gold.bracketing, gold.words
        test_tokens, test_words = test.bracketing, test.words

        def mismatch(message: str, reason: str, cause: str) -> tuple[SentenceResult, Outcomes]:
            return SentenceResult(number, "error", f"{where}: {message}", length=length,
                                  reason=reason, cause=cause), {}

        limit = self.size_limit
        if limit is not None and max(len(gold_tokens), len(test_tokens)) > 2 * limit:
            sizes = f"{len(gold_tokens) // 2:,} and {len(test_tokens) // 2:,}"
            message = (f"{where}: {TOO_LARGE}: the trees hold {sizes} words and brackets, "
                       f"more than the {limit:,} that {', '.join(self.aligning)} align "
                       "(PARSEDIT_MAX_EDIT_SIZE sets the limit); not scored")
            return SentenceResult(number, "skip", message, length=length, reason=message,
                                  cause="too_large"), {}

        if self.aligned is not None and (len(gold_words) != len(test_words) or not all(
                norm.same_word(g[:-1], t[:-1]) for g, t in zip(gold_words, test_words))):
            return self._aligned(number, gold_tokens, test_tokens, length, raw, where)
        if len(gold_words) != len(test_words):
            empties = _empties(gold_tokens, test_tokens)
            quotes = not empties and not norm.quote_labels and _quotes(gold_tokens, test_tokens)
            return mismatch(f"length mismatch: gold has {plural(len(gold_words), 'word')}, test "
                            f"{len(test_words)}{empties or (f' ({QUOTE_NOTE})' if quotes else '')}",
                            f"Length unmatch ({len(gold_words)}|{len(test_words)})",
                            "quotes" if quotes else "length")
        # (under the unsupervised convention spans are compared by position,
        # as compare_trees.py compares them: words that differ in case alone,
        # a lowercased test, are scored, and the pair says so)
        cased = None
        if gold_words != test_words:
            folds = bool(self.config.params.unsupervised)
            for i, (g, t) in enumerate(zip(gold_words, test_words), start=1):
                g, t = g[:-1], t[:-1]  # drop the preterminal's close bracket
                if not norm.same_word(g, t):
                    if folds and g.casefold() == t.casefold():
                        cased = cased or f"{CASE_NOTE} (word {i}: gold {g!r}, test {t!r})"
                        continue
                    return mismatch(f"words differ at word {i}: gold {g!r}, test {t!r}",
                                    f"Words unmatch ({g}|{t})", "words")
            test_tokens = _with_words(test_tokens, gold_words)
        try:
            outcomes = self._raw_aligned(gold_tokens, test_tokens, raw) \
                if self.aligned is not None and raw is not None \
                else self.score(gold_tokens, test_tokens, raw)
        except TooLarge as too_large:
            return _too_large(number, where, too_large, length), {}
        details = sentence_errors(gold_tokens, test_tokens, outcomes, self.encodings) \
            if self.details else None
        counts = {name: outcome.counts for name, outcome in outcomes.items()}
        if self.aligned is not None:
            counts["words"] = self.aligned.same(len(gold_words))
        return SentenceResult(number, "ok", cased and f"{where}: {cased}", counts,
                              length=length, details=details,
                              outer_bracket=_outer(gold_tokens, test_tokens),
                              cause=cased and "case"), outcomes

    def _failed(self, counts: dict[str, Any], gold_words: Sequence[str]) -> dict[str, Any]:
        """A failed parse's counts (``--failures count``), and under
        ``--yield align`` its word counts: no test word, so every gold word
        deleted, as sclite counts a missing hypothesis (the word error rate
        then covers the failed parses, as the metrics' figures do)."""
        if self.aligned is not None:
            counts["words"] = self.aligned.aligner.align(gold_words, []).counts
        return counts

    def _absent(self, number: int, items: tuple[Item | None, Item | None],
                paths: tuple[str, str], length: int, test_words: int | None, gold_ok: bool,
                failure: Callable[[], dict[str, Any]] | None, no_words: str,
                gold_no_words: bool = False) -> tuple[SentenceResult, Outcomes] | None:
        """EVALB's judge of a pair a side of which is not there to score, as
        :meth:`pair` (on normalised words) and :meth:`dependencies` (on
        dependency words) apply it, or None when both are: the test file
        ended (skip, nothing counted), its sentence unreadable or empty
        (``test_words`` None) or without words (skip: ``no_words`` says
        after what; with ``--failures count``, ``failure()`` counts it when
        the gold sentence can be scored), else the gold one missing,
        unreadable or empty (not ``gold_ok``; ``gold_no_words``: it is read
        but holds no word): an error."""
        gold, test = items
        gold_path, test_path = paths
        segmented = self.config.segmentation != "gold"

        def skip(message: str, cause: str, reason: str | None = None
                 ) -> tuple[SentenceResult, Outcomes]:
            if self.config.failures == "count" and failure is not None:
                return SentenceResult(number, "skip", message, failure(), length, reason,
                                      counted=True, cause=cause), {}
            return SentenceResult(number, "skip", message, length=length, reason=reason,
                                  cause=cause), {}

        if test is None:  # the test file ended first: no failure to count
            return SentenceResult(number, "skip", _why_absent(test, test_path, number, segmented),
                                  length=length, cause="missing"), {}
        if test_words is None:
            message = _why_absent(test, test_path, number)
            if test.error is not None:  # (a dependency sentence whose heads make no
                # tree is a parser's invalid output, as an unreadable line is)
                return skip(message, "invalid_tree" if isinstance(test.error, NotATree)
                            else "unreadable", f"skipped: {message}")
            return skip(message, "empty")
        if not test_words:
            return skip(f"{test_path}:{test.line}: {no_words}", "no_words")
        if gold_ok:
            return None
        message = f"{gold_path}:{gold.line}: {no_words}" if gold is not None and gold_no_words \
            else _why_absent(gold, gold_path, number, segmented)
        cause = "gold_missing" if gold is None else \
            "gold_unreadable" if gold.error is not None else "gold_empty"
        reason = f"Length unmatch (0|{test_words})" if cause == "gold_empty" else message
        return SentenceResult(number, "error", message, length=length, reason=reason,
                              cause=cause), {}

    def dependencies(self, number: int, gold: Item | None, test: Item | None,
                     gold_path: str, test_path: str) -> tuple[SentenceResult, Outcomes]:
        """Judge and score the ``number``-th pair when a side is a CoNLL-U
        sentence (its ``dependencies``; the other side may be a tree, which
        is converted), as :meth:`pair` judges a pair of trees, on the
        dependency words: the test file ended, or its sentence is
        unreadable or holds no word: ``skip`` (``--failures count``: each
        metric's failure over the gold words); the gold sentence is
        unreadable or holds no word: ``error``; the words differ (in number,
        or a word that is not the same word: equal, or equal without spaces
        as the CoNLL 2018 script compares forms, or an EQ_WORD pair): an
        ``error`` under ``--yield strict``, scored through their word
        alignment under ``--yield align``.  Only metrics that read raw trees
        run on such pairs (:func:`parsedit.pipeline.run.evaluate` refuses
        the others)."""
        from parsedit.deps.metric import Dependencies
        from parsedit.deps.score import aligned_pairs

        metrics = {name: m for name, m in self.metrics.items() if isinstance(m, Dependencies)}
        if len(metrics) != len(self.metrics):
            others = ", ".join(name for name in self.metrics if name not in metrics)
            raise ConfigError(f"a CoNLL-U sentence holds no constituents for {others} to "
                              "score; only the dependency metric (dep) reads it")
        convert = next(iter(metrics.values())).tree

        def side(item: Item | None) -> DepTree | None:
            if item is None:
                return None
            if item.dependencies is not None:
                return item.dependencies
            return None if item.tokens is None else convert(item.tokens)

        gold_tree, test_tree = side(gold), side(test)
        # EVALB's length: the gold words but those DELETE_LABEL_FOR_LENGTH names.
        uncounted = self.config.params.normalisation.delete_labels_for_length
        length = 0 if gold_tree is None else sum(t not in uncounted for t in gold_tree.tags)

        absent = self._absent(
            number, (gold, test), (gold_path, test_path), length,
            None if test_tree is None else len(test_tree),
            gold_tree is not None and len(gold_tree) > 0,
            (lambda: self._failed({name: m.failure(gold_tree) for name, m in metrics.items()},
                                  gold_tree.words))
            if gold_tree is not None and len(gold_tree) else None,
            "no word is left (empty elements only)",
            gold_tree is not None and not len(gold_tree))
        if absent is not None:
            return absent
        assert gold is not None and test is not None
        assert gold_tree is not None and test_tree is not None
        where = f"{gold_path}:{gold.line} and {test_path}:{test.line}"
        same = _same_form(self.config.params.normalisation)
        g_words, t_words = gold_tree.words, test_tree.words
        differ = len(g_words) != len(t_words) or not all(map(same, g_words, t_words))
        if differ and self.aligned is None:
            if len(g_words) != len(t_words):
                return SentenceResult(
                    number, "error", f"{where}: length mismatch: gold has "
                    f"{plural(len(g_words), 'word')}, test {len(t_words)}", length=length,
                    reason=f"Length unmatch ({len(g_words)}|{len(t_words)})",
                    cause="length"), {}
            i, g, t = next((i, g, t) for i, (g, t) in enumerate(zip(g_words, t_words), 1)
                           if not same(g, t))
            return SentenceResult(number, "error", f"{where}: words differ at word {i}: "
                                  f"gold {g!r}, test {t!r}", length=length,
                                  reason=f"Words unmatch ({g}|{t})", cause="words"), {}
        try:
            if differ:
                assert self.aligned is not None
                alignment = self.aligned.aligner.align(g_words, t_words)
                pairs = aligned_pairs(alignment.ops)
                outcomes = {name: m.score_aligned(gold_tree, test_tree, pairs)
                            for name, m in metrics.items()}
                outcomes["words"] = Outcome(alignment.counts, alignment)
            else:
                outcomes = {name: m.score(gold_tree, test_tree) for name, m in metrics.items()}
                if self.aligned is not None:
                    outcomes["words"] = Outcome(self.aligned.same(len(g_words)))
        except TooLarge as too_large:
            return _too_large(number, where, too_large, length), {}
        counts = {name: outcome.counts for name, outcome in outcomes.items()}
        return SentenceResult(number, "ok", None, counts, length=length), outcomes

    def _raw_aligned(self, gold: Bracketing, test: Bracketing, raw: Raw) -> Outcomes:
        """Under ``--yield align``, a pair whose normalised words are the
        same: every metric as under strict, but those that read raw trees
        through the alignment of their own words (which may still differ:
        punctuation, empty elements)."""
        assert self.aligned is not None
        aligner = self.aligned.aligner
        return {name: metric.score_through(*raw, aligner) if isinstance(metric, RawMetric)
                else metric.score(gold, test) for name, metric in self.metrics.items()}

    def _aligned(self, number: int, gold: Bracketing, test: Bracketing,
                 length: int, raw: Raw | None = None, where: str = ""
                 ) -> tuple[SentenceResult, Outcomes]:
        """A normalised pair whose words differ, scored through its word
        alignment (``--yield align``; the metrics that read raw trees through
        the alignment of their own words, from ``raw``)."""
        assert self.aligned is not None
        try:
            projection, outcomes = self.aligned.score(gold, test, raw)
        except TooLarge as too_large:
            return _too_large(number, where, too_large, length), {}
        details = sentence_errors(projection.gold, projection.test, outcomes, self.encodings) \
            if self.details else None
        counts = {name: outcome.counts for name, outcome in outcomes.items()}
        return SentenceResult(number, "ok", None, counts, length=length, details=details,
                              outer_bracket=_outer(gold, test)), outcomes

    def pairs(self, gold_path: str, test_path: str, gold_encoding: str = DEFAULT_ENCODING,
              test_encoding: str = DEFAULT_ENCODING, splits: Splits | None = None,
              formats: tuple[str, str] = ("bracketed", "bracketed")) -> Iterator[Pair]:
        """The numbered pairs of two files, each read in its format: in
        order, or with ``segmentation = "align"`` runs of sentences merged
        by their word alignment (each pair's
        :class:`~parsedit.segmentation.Run` kept in ``self.runs``); trees
        split over lines read as one where ``splits`` (by default, the
        files' own) takes them (:func:`parsedit.trees.formats.read_sides`)."""
        return self.paired(*read_sides(gold_path, test_path, gold_encoding, test_encoding,
                                       splits, formats))

    def paired(self, gold: Iterable[Item], test: Iterable[Item]) -> Iterator[Pair]:
        """The numbered pairs of two sequences of items (see :meth:`pairs`)."""
        if self.config.segmentation == "gold":
            return numbered(gold, test)
        from parsedit.segmentation import aligned_pairs

        assert self.aligned is not None
        self.runs.clear()
        # Sentences are paired on their words as written, punctuation kept
        # (only what the parameter file leaves out of the length, -NONE-'s
        # empty elements, is not text), and a boundary both files share is
        # crossed only where the words as scored (the parameter file's
        # deletions made) cross it too: never to save an edit that deleting
        # punctuation made, nor one a word the scoring deletes made.  Each
        # pair is scored as ever.
        norm = self.config.params.normalisation
        empty = norm.delete_labels_for_length

        def written(item: Item) -> list[str]:
            return [] if item.tokens is None else [
                word for tag, word in tagged_words(item.tokens) if tag not in empty]

        def scored(item: Item) -> list[str]:
            return [] if item.tokens is None else bracketing.words(
                norm.normalise(item.tokens).bracketing)
        return aligned_pairs(gold, test, self.aligned.aligner, written, self.runs,
                             self.config.segmentation == "document", scored)


def _rescued(norm: Normalisation, gold: list[str], own: list[str]) -> str | None:
    """What would have left a pair out had each side's own tags decided
    which words go (EVALB's way), or None if nothing would have."""
    if len(gold) != len(own):
        return f"length mismatch: gold has {plural(len(gold), 'word')}, test {len(own)}"
    for i, (g, t) in enumerate(zip(gold, own), start=1):
        if not norm.same_word(g[:-1], t[:-1]):
            return f"words differ at word {i}: gold {g[:-1]!r}, test {t[:-1]!r}"
    return None


def _empties(gold: Bracketing, test: Bracketing) -> str:
    """Why the lengths may differ, when empty elements explain it."""
    difference = bracketing.empty_elements(gold) - bracketing.empty_elements(test)
    if not difference or difference != len(bracketing.words(gold)) - len(
            bracketing.words(test)):
        return ""
    more, fewer = ("gold", "test") if difference > 0 else ("test", "gold")
    return (f" ({more} has {abs(difference)} more -NONE- empty elements than {fewer}, kept by "
            "these parameters; EVALB's COLLINS.prm, `-p collins`, deletes them)")


@lru_cache(maxsize=1)
def _quote_tags() -> frozenset[str]:
    """The tags of new.prm's QUOTE_LABEL: those EVALB's quote fix looks at."""
    from parsedit.params import shipped_params

    return shipped_params("new").normalisation.quote_labels


def _quotes(gold: Bracketing, test: Bracketing) -> bool:
    """Whether quotes explain why the lengths differ: the longer side's
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
            return False
    return k == len(shorter)


def _outer(gold: Bracketing, test: Bracketing) -> str | None:
    """Which side alone has an unlabelled outer bracket (None: both or neither)."""
    gold_outer, test_outer = outer_bracket(gold), outer_bracket(test)
    return None if gold_outer == test_outer else "gold" if gold_outer else "test"


def _same_form(norm: Normalisation) -> Callable[[str, str], bool]:
    """When two dependency words are the same word: equal, equal without
    spaces (the CoNLL 2018 script's forms), or an EQ_WORD pair."""
    from parsedit.deps.conllu import bare_form

    def same(gold: str, test: str) -> bool:
        return gold == test or bare_form(gold) == bare_form(test) or (
            bool(norm.equal_words) and norm.same_word(gold, test))
    return same


def _too_large(number: int, where: str, error: TooLarge, length: int) -> SentenceResult:
    """A pair a metric found too large to score: skipped, with why."""
    message = f"{where}: {TOO_LARGE}: {error}; not scored"
    return SentenceResult(number, "skip", message, length=length, reason=message,
                          cause="too_large")


def align(scorer: Scorer, metric: str, number: int, gold: Item | None, test: Item | None,
          gold_name: str, test_name: str) -> EditScript | LineageScript:
    """One pair's alignment under one of the scorer's string metrics (an edit
    encoding, ``la`` for its lineages, or ``dep`` for its dependencies)."""
    from parsedit.deps.metric import Dependencies
    from parsedit.metrics.edits import EditDistance
    from parsedit.metrics.leaf_ancestor import LeafAncestor

    aligner = scorer.metrics.get(metric)
    if not isinstance(aligner, (EditDistance, LeafAncestor, Dependencies)):
        raise ConfigError(f"{metric!r} does not align strings: expected one of label, span, "
                          "rule, la, dep")
    sentence, outcomes = scorer.pair(number, gold, test, gold_name, test_name)
    if sentence.status != "ok":
        raise ConfigError(f"sentence {number} is not scored ({sentence.status}): "
                          f"{sentence.message}")
    script = aligner.script(outcomes[metric])
    classified = outcomes.get("error_classes")
    if classified is not None:  # each edit marked with its error class
        if not isinstance(script, EditScript) or metric != "label":
            raise ConfigError(f"error classes mark the label encoding's edits, not {metric}'s")
        from parsedit.metrics.error_classes import op_classes

        script = replace(script, classes=op_classes(outcomes[metric].detail.ops,
                                                    classified.detail))
    return script

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
          test_encoding: str = DEFAULT_ENCODING, *,
          formats: tuple[str, str] = ("bracketed", "bracketed")) -> Iterator[Pair]:
    """The numbered pairs of items of two files, each read in its format
    (see :func:`numbered`)."""
    return numbered(*read_sides(gold_path, test_path, gold_encoding, test_encoding,
                                formats=formats))



def numbered(gold: Iterable[Item], test: Iterable[Item], start: int = 1) -> Iterator[Pair]:
    """Items paired in order, numbered from ``start``, the shorter padded with
    None (trailing blank lines as :func:`parsedit.trees.reader.paired` takes them)."""
    for number, (g, t) in enumerate(paired(gold, test), start=start):
        yield number, g, t
