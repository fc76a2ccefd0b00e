"""The road from two files to a :class:`CorpusResult`.

read (trees.reader) -> normalise (trees.normalise, set by params) -> encode
(encodings) -> align through the FST (fst, via metrics.edits) or count
brackets (metrics.parseval) -> counts (results).

Pairs are taken in order and judged as EVALB judges them.  A test sentence
that is empty, unreadable or left without words is ``skip``; otherwise a gold
sentence that is empty or unreadable, or a pair whose words differ after
normalisation, is ``error``.  Both carry a message naming the line and are
left out of the sums; everything else is still scored.  As EVALB does, the
run stops at the (MAX_ERROR + 2)-th error, and says so.

With ``Config.yields == "align"`` a pair whose words differ is scored
instead, through its word alignment (:mod:`parsedit.metrics.yields`).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib.metadata import version
from itertools import zip_longest

from parsedit import __version__
from parsedit.costs import Scheme, default_scheme
from parsedit.costs.alphabet import Alphabet, collect
from parsedit.costs.scheme import CostScheme
from parsedit.encodings import NAMES as EDIT_METRICS
from parsedit.encodings import Encoding, get_encoding
from parsedit.errors import ConfigError
from parsedit.fst.words import WordAligner, identity
from parsedit.metrics import parseval, yields
from parsedit.metrics.edits import EditMetric, Scored
from parsedit.metrics.errors import sentence_errors
from parsedit.metrics.leaf_ancestor import LAScored, LeafAncestor, WorstWords
from parsedit.metrics.movement import FIVE_STEP, METHODS, Movement
from parsedit.params import Params
from parsedit.results import CorpusResult, SentenceResult
from parsedit.segmentation import Run, aligned_pairs
from parsedit.tagging.evaluate import TagConfig, TagScorer
from parsedit.tagging.reader import Segment
from parsedit.trees import bracketing
from parsedit.trees.bracketing import CLOSE, Bracketing
from parsedit.trees.normalise import COLLINS, Normalisation, fix_quotes
from parsedit.trees.reader import Item, read_trees

METRICS = ("parseval", *EDIT_METRICS, "la", "tagging")
DEFAULT_METRICS = ("parseval", *EDIT_METRICS)
AVERAGES = ("corpus", "sentence")
YIELDS = ("strict", "align")
SEGMENTATIONS = ("gold", "align")


def encoding_of(metric: str) -> str:
    """The string an edit metric aligns: its own, but lineages for ``la``."""
    return "lineage" if metric == "la" else metric


@dataclass(frozen=True)
class Config:
    """Every option that can change a number."""

    metrics: tuple[str, ...] = DEFAULT_METRICS
    params: Params = field(default_factory=lambda: Params(COLLINS, source="collins.prm"))
    rule_pos: str = "words"
    schemes: dict[str, Scheme] = field(default_factory=dict)
    with_preterminals: bool = False
    split: bool = False
    average: str = "corpus"
    movement: Movement = FIVE_STEP
    la_preterminals: bool = False
    tags: TagConfig = field(default_factory=TagConfig)
    # Keep each sentence's error details (never changes a number).
    errors: bool = False
    # "strict": words must be equal (EVALB); "align": scored through the word
    # alignment under word_costs (default: the shipped "words" scheme).
    yields: str = "strict"
    word_costs: Scheme | None = None
    # "gold": the n-th trees pair up; "align": runs of sentences pair up by
    # their word alignment (parsedit.segmentation), with yields "align".
    segmentation: str = "gold"

    def __post_init__(self) -> None:
        for name in self.metrics:
            if name not in METRICS:
                raise ConfigError(f"unknown metric {name!r}; expected some of "
                                  f"{', '.join(METRICS)}")
        if self.rule_pos not in ("words", "tags"):
            raise ConfigError(f"--rule-pos must be 'words' or 'tags', not {self.rule_pos!r}")
        if self.movement.method not in METHODS:
            raise ConfigError(f"--movement must be one of {', '.join(METHODS)}, not "
                              f"{self.movement.method!r}")
        if self.average not in AVERAGES:
            raise ConfigError(f"--average must be 'corpus' or 'sentence', not {self.average!r}")
        if self.yields not in YIELDS:
            raise ConfigError(f"--yield must be 'strict' or 'align', not {self.yields!r}")
        if self.segmentation not in SEGMENTATIONS:
            raise ConfigError(f"--segmentation must be 'gold' or 'align', not "
                              f"{self.segmentation!r}")
        if self.segmentation == "align" and self.yields != "align":
            raise ConfigError("--segmentation align needs --yield align")
        if self.yields == "align":
            self.word_scheme()
            for name in (*self.edit_metrics, *(["la"] if "la" in self.metrics else [])):
                if not isinstance(self.scheme(name), CostScheme):
                    raise ConfigError(f"--yield align needs declarative cost schemes; the "
                                      f"{name} scheme {self.scheme(name).name!r} is a "
                                      "transducer")

    @property
    def normalisation(self) -> Normalisation:
        return self.params.normalisation

    @property
    def edit_metrics(self) -> tuple[str, ...]:
        return tuple(m for m in self.metrics if m in EDIT_METRICS)

    def scheme(self, metric: str) -> Scheme:
        """The cost scheme of an edit metric (``la`` aligns lineages)."""
        encoding = encoding_of(metric)
        scheme = self.schemes.get(metric) or default_scheme(encoding)
        if scheme.encodings and encoding not in scheme.encodings:
            raise ConfigError(f"cost scheme {scheme.name!r} ({scheme.source}) is for the "
                              f"{', '.join(scheme.encodings)} encoding(s), not {encoding}")
        return scheme

    def word_scheme(self) -> CostScheme:
        """The word cost scheme of ``--yield align``."""
        scheme = self.word_costs or default_scheme("words")
        if not isinstance(scheme, CostScheme) or (scheme.encodings
                                                  and "words" not in scheme.encodings):
            raise ConfigError(f"word cost scheme {scheme.name!r} ({scheme.source}) is not a "
                              "declarative scheme for the words encoding")
        return scheme

    def warnings(self) -> list[str]:
        """What the options make a reader need to know (one line each)."""
        return list(self.params.warnings)

    def signature(self) -> str:
        """One line that pins a result down (sacreBLEU-style)."""
        parts = [f"metrics:{'+'.join(self.metrics)}", f"params:{self.params.describe()}"]
        if "parseval" in self.metrics:
            variant = "+".join(v for v, on in (("preterminals", self.with_preterminals),
                                               ("split", self.split)) if on) or "evalb"
            parts.append(f"parseval:{variant}")
        for name in self.edit_metrics:
            scheme = self.scheme(name)
            parts.append(f"{name}:{scheme.describe()}")
            if name == "label" and scheme.movement is not None:
                parts.append(f"movement:{self.movement.describe()}")
        if "rule" in self.metrics:
            parts.append(f"rule-pos:{self.rule_pos}")
        if "la" in self.metrics:
            parts.append(f"la:{self.scheme('la').describe()}")
            if self.la_preterminals:
                parts.append("la-preterminals")
        if "tagging" in self.metrics:
            parts.append(f"tagging:{self.tags.signature()}")
        if self.yields == "align":
            parts.append(f"yield:align|words:{self.word_scheme().describe()}")
        if self.segmentation == "align":
            parts.append("segmentation:align")
        parts += [f"average:{self.average}", f"parsedit:{__version__}",
                  f"pynini:{version('pynini')}"]
        return "|".join(parts)


class Evaluator:
    """The metrics of a :class:`Config`, ready to score pairs of trees."""

    def __init__(self, config: Config, alphabets: dict[str, Alphabet] | None = None) -> None:
        """``alphabets``: per encoding, what a grammar module builds over."""
        self.config = config
        self.encodings: dict[str, Encoding] = {
            name: get_encoding(name, config.rule_pos) for name in config.edit_metrics}
        alphabets = alphabets or {}
        self.metrics = {name: EditMetric(enc, config.scheme(name), alphabets.get(name),
                                         config.movement)
                        for name, enc in self.encodings.items()}
        self.la = LeafAncestor(config.scheme("la"), config.la_preterminals,
                               alphabets.get("la")) if "la" in config.metrics else None
        self.tags = TagScorer(config.tags) if "tagging" in config.metrics else None
        self.words = WordAligner(config.word_scheme(), config.normalisation.same_word) \
            if config.yields == "align" else None
        label = config.scheme("label") if "label" in self.metrics else None
        self.joint = EditMetric(self.encodings["label"],
                                yields.joint_scheme(label, config.word_scheme()), None,
                                config.movement) \
            if self.words is not None and isinstance(label, CostScheme) else None
        # The pairs of runs --segmentation align made, in order.
        self.runs: list[Run] = []
        self._yields: dict[int, list[str]] = {}

    def pairs(self, gold_path: str, test_path: str) -> Iterator[Pair]:
        """The numbered pairs of items to score (runs of sentences merged
        with --segmentation align)."""
        if self.config.segmentation != "align":
            return pairs(gold_path, test_path)
        assert self.words is not None
        return aligned_pairs(gold_path, test_path, self.words, self._words, self.runs)

    def _words(self, item: Item) -> list[str]:
        """An item's normalised yield (remembered: segmentation asks again)."""
        found = self._yields.get(id(item))
        if found is None:
            found = [] if item.tokens is None else \
                bracketing.words(self.config.normalisation.normalise(item.tokens).bracketing)
            self._yields[id(item)] = found
        return found

    @classmethod
    def for_files(cls, config: Config, gold_path: str, test_path: str) -> Evaluator:
        """An evaluator whose grammar modules are built over the alphabets of
        the two files (the only schemes that read the files first)."""
        alphabets = {name: collect((gold_path, test_path), encoding_of(name),
                                   config.normalisation, config.rule_pos, config.la_preterminals)
                     for name in config.metrics
                     if name in (*EDIT_METRICS, "la") and config.scheme(name).needs_alphabet}
        return cls(config, alphabets)

    def score(self, gold: Bracketing, test: Bracketing) -> dict[str, Scored]:
        """Every edit metric on one normalised pair with equal words."""
        out: dict[str, Scored] = {}
        if not self.metrics:
            return out
        events = bracketing.constituents(gold)
        for name, metric in self.metrics.items():
            encode = self.encodings[name].encode
            gold_symbols = encode(gold)
            test_symbols = gold_symbols if test == gold else encode(test)
            out[name] = metric.score(gold_symbols, test_symbols, events)
        return out

    def pair(self, number: int, gold: Item | None, test: Item | None, gold_path: str,
             test_path: str) -> tuple[SentenceResult, dict[str, Scored | LAScored]]:
        """Judge and score the ``number``-th pair of items: the result, and
        what each edit metric aligned (for alignments and error lists)."""
        config = self.config
        norm = config.normalisation
        gold_raw = gold.tokens if gold is not None else None
        gold_sentence = norm.normalise(gold_raw) if gold_raw else None
        length = gold_sentence.length if gold_sentence else 0
        # As in EVALB, a test without words is a skip even when gold is broken.
        if test is None or test.tokens is None:
            message = _why_absent(test, test_path, number)
            unreadable = test is not None and test.error is not None
            return SentenceResult(number, "skip", message, length=length,
                                  reason=f"skipped: {message}" if unreadable else None), {}
        test_sentence = gold_sentence if gold_sentence and gold_raw == test.tokens \
            else norm.normalise(test.tokens)
        if not test_sentence.words:
            return SentenceResult(number, "skip", f"{test_path}:{test.line}: no word is left "
                                  "after normalisation", length=length), {}
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

        def mismatch(message: str,
                     reason: str) -> tuple[SentenceResult, dict[str, Scored | LAScored]]:
            return SentenceResult(number, "error", f"{gold_path}:{gold.line} and {test_path}:"
                                  f"{test.line}: {message}", length=length, reason=reason), {}

        if self.words is not None and (len(gold_words) != len(test_words) or not all(
                norm.same_word(g[:-1], t[:-1]) for g, t in zip(gold_words, test_words))):
            return self.aligned(number, gold_tokens, test_tokens, length)
        if len(gold_words) != len(test_words):
            return mismatch(f"length mismatch: gold has {len(gold_words)} words, test "
                            f"{len(test_words)}",
                            f"Length unmatch ({len(gold_words)}|{len(test_words)})")
        if gold_words != test_words:
            for i, (g, t) in enumerate(zip(gold_words, test_words), start=1):
                g, t = g[:-1], t[:-1]  # drop the preterminal's close bracket
                if not norm.same_word(g, t):
                    return mismatch(f"words differ at word {i}: gold {g!r}, test {t!r}",
                                    f"Words unmatch ({g}|{t})")
            test_tokens = _with_words(test_tokens, gold_words)
        counts, scored = self._counts(gold_tokens, test_tokens)
        if self.words is not None:
            counts["words"] = identity(gold_words).counts
        return SentenceResult(number, "ok", None, counts, length=length), scored

    def aligned(self, number: int, gold_tokens: Bracketing, test_tokens: Bracketing,
                length: int) -> tuple[SentenceResult, dict[str, Scored | LAScored]]:
        """A pair whose words differ, scored through its word alignment."""
        assert self.words is not None
        alignment = self.words.align(bracketing.words(gold_tokens),
                                     bracketing.words(test_tokens))
        projection = yields.project(gold_tokens, test_tokens, alignment)
        counts, scored = self._counts(projection.gold, projection.test)
        schemes = {name: self.config.scheme(name) for name in self.metrics}
        yields.adjust(counts, projection, alignment, bracketing.constituents(gold_tokens),
                      {n: s for n, s in schemes.items() if isinstance(s, CostScheme)},
                      self.config.with_preterminals)
        counts["words"] = alignment.counts
        if self.joint is not None:
            scored["label"] = self.joint.score(gold_tokens, test_tokens,
                                               bracketing.constituents(gold_tokens))
            counts["label"] = scored["label"].counts
        return SentenceResult(number, "ok", None, counts, length=length), scored

    def _counts(self, gold_tokens: Bracketing, test_tokens: Bracketing
                ) -> tuple[dict[str, object], dict[str, Scored | LAScored]]:
        """Every metric's counts on a normalised pair with equal words."""
        config = self.config
        counts: dict[str, object] = {}
        if "parseval" in config.metrics:
            counts["parseval"] = parseval.score(gold_tokens, test_tokens, config.params.labeled,
                                                config.with_preterminals, config.split)
        edit_scored = self.score(gold_tokens, test_tokens)
        if config.errors:
            counts["errors"] = sentence_errors(gold_tokens, test_tokens, edit_scored,
                                               self.encodings)
        scored: dict[str, Scored | LAScored] = {**edit_scored}
        if self.la is not None:
            scored["la"] = self.la.score(gold_tokens, test_tokens)
        counts.update((name, s.counts) for name, s in scored.items())
        if self.tags is not None:
            counts["tagging"] = self.tags.score(_segments(gold_tokens), _segments(test_tokens))
        return counts, scored


def _why_absent(item: Item | None, path: str, number: int) -> str:
    """Why a file has no tree for a pair."""
    if item is None:
        return f"{path}: no tree {number} (the file ends first)"
    if item.error is not None:
        return str(item.error)
    return f"{path}:{item.line}: empty line"


def _segments(tokens: Bracketing) -> list[Segment]:
    """Each word of a normalised bracketing with its preterminal's tag."""
    out = []
    tag = ""
    for token in tokens:
        if token.startswith(bracketing.TAG):
            tag = token[2:]
        elif token[0] != "(" and token != CLOSE:
            out.append(Segment(token[:-1], (tag,)))
            tag = ""
    return out


def _with_words(tokens: Bracketing, words: list[str]) -> Bracketing:
    """``tokens`` with its word tokens replaced, in order (EQ_WORD made them equal)."""
    replacement = iter(words)
    return tuple(t if t[0] == "(" or t == CLOSE else next(replacement) for t in tokens)


def pairs(gold_path: str, test_path: str) -> Iterator[tuple[int, Item | None, Item | None]]:
    """The numbered pairs of items of two files, the shorter padded with None."""
    items = zip_longest(read_trees(gold_path), read_trees(test_path))
    for number, (gold, test) in enumerate(items, start=1):
        yield number, gold, test


# (number, has gold, has test, result, leaf-ancestor details when kept)
PairScores = tuple[int, bool, bool, SentenceResult, "LAScored | None"]
Job = tuple[Evaluator, str, str, bool]  # evaluator, gold path, test path, keep la
Pair = tuple[int, Item | None, Item | None]
# What a forked worker scores with: set before the pool forks, never pickled.
_WORKER: Job | None = None


def _score_pair(job: Job, pair: Pair) -> PairScores:
    evaluator, gold_path, test_path, keep_la = job
    number, gold, test = pair
    sentence, scored = evaluator.pair(number, gold, test, gold_path, test_path)
    la = scored.get("la") if keep_la else None
    return (number, gold is not None, test is not None, sentence,
            la if isinstance(la, LAScored) else None)


def _score_chunk(chunk: list[Pair]) -> list[PairScores]:
    assert _WORKER is not None
    return [_score_pair(_WORKER, pair) for pair in chunk]


def _chunks(pairs_: Iterator[Pair], size: int = 64) -> Iterator[list[Pair]]:
    chunk: list[Pair] = []
    for pair in pairs_:
        chunk.append(pair)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _scored(job: Job, jobs: int) -> Iterator[PairScores]:
    """Every pair scored, in order; with ``jobs`` > 1 by forked workers, each
    with its own copy of the evaluator (the numbers do not depend on it)."""
    global _WORKER
    _, gold_path, test_path, _ = job
    evaluator = job[0]
    if jobs <= 1:
        for pair in evaluator.pairs(gold_path, test_path):
            yield _score_pair(job, pair)
        return
    try:
        context = multiprocessing.get_context("fork")
    except ValueError:
        raise ConfigError("--jobs needs processes that fork (Linux, macOS)") from None
    _WORKER = job
    with context.Pool(jobs) as pool:
        for done in pool.imap(_score_chunk, _chunks(evaluator.pairs(gold_path, test_path))):
            yield from done


def evaluate(gold_path: str, test_path: str, config: Config | None = None,
             worst_words: int = 0, jobs: int = 1,
             progress: Callable[[int], None] | None = None) -> CorpusResult:
    """Score every pair of ``gold_path`` and ``test_path``; with ``worst_words``
    (and the la metric), also list that many lineage pairs that lose most;
    ``jobs`` processes; ``progress`` is told each sentence number."""
    config = config or Config()
    evaluator = Evaluator.for_files(config, gold_path, test_path)
    worst = WorstWords() if worst_words and "la" in config.metrics else None
    params = config.params
    result = CorpusResult(config.metrics, config.signature(), cutoff_len=params.cutoff_len,
                          average=config.average, warnings=config.warnings())
    errors = 0
    job = (evaluator, gold_path, test_path, worst is not None)
    for number, has_gold, has_test, sentence, la in _scored(job, jobs):
        result.gold_trees += has_gold
        result.test_trees += has_test
        result.add(sentence)
        if progress is not None:
            progress(number)
        if worst is not None and la is not None:
            worst.add(number, la)
        if sentence.status == "error":
            errors += 1
            if errors > params.max_error + 1:
                result.stopped = (f"stopped at sentence {number}, error {errors}: more errors "
                                  f"than MAX_ERROR {params.max_error} allows (EVALB stops here "
                                  "too); the rest is not scored, and the summary covers "
                                  f"sentences 1-{number} only")
                break
    if worst is not None:
        result.worst_words = worst.top(worst_words)
    merged = [run for run in evaluator.runs if run.merged]
    if merged:
        shown = "; ".join(run.describe() for run in merged[:10])
        result.warnings.append(
            f"--segmentation align: {sum(len(r.gold) for r in evaluator.runs)} gold and "
            f"{sum(len(r.test) for r in evaluator.runs)} test sentences in "
            f"{len(evaluator.runs)} pairs; {len(merged)} pairs merge sentences: {shown}"
            + (" ..." if len(merged) > 10 else ""))
    aligned = yields.warning(result.sentences)
    if aligned is not None:
        result.warnings.append(aligned)
    return result
