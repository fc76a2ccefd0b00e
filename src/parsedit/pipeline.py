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
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib.metadata import version

from parsedit import __version__
from parsedit.costs import Scheme, default_scheme
from parsedit.costs.alphabet import Alphabet, collect
from parsedit.encodings import NAMES as EDIT_METRICS
from parsedit.encodings import Encoding, get_encoding
from parsedit.errors import ConfigError
from parsedit.metrics import parseval
from parsedit.metrics.edits import EditMetric, Scored
from parsedit.metrics.errors import sentence_errors
from parsedit.metrics.leaf_ancestor import LAScored, LeafAncestor, WorstWords
from parsedit.metrics.movement import FIVE_STEP, METHODS, Movement
from parsedit.params import Params
from parsedit.results import CorpusResult, SentenceResult
from parsedit.tagging.evaluate import TagConfig, TagScorer
from parsedit.tagging.reader import Segment
from parsedit.trees import bracketing
from parsedit.trees.bracketing import CLOSE, Bracketing
from parsedit.trees.normalise import COLLINS, Normalisation, fix_quotes
from parsedit.trees.reader import Item, paired, read_trees
from parsedit.trees.source import DEFAULT_ENCODING, check_files

METRICS = ("parseval", *EDIT_METRICS, "la", "tagging")
DEFAULT_METRICS = ("parseval", *EDIT_METRICS)
AVERAGES = ("corpus", "sentence")


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

    @classmethod
    def for_files(cls, config: Config, gold_path: str, test_path: str,
                  gold_encoding: str = DEFAULT_ENCODING,
                  test_encoding: str = DEFAULT_ENCODING) -> Evaluator:
        """An evaluator whose grammar modules are built over the alphabets of
        the two files (the only schemes that read the files first)."""
        alphabets = {name: collect((gold_path, test_path), encoding_of(name),
                                   config.normalisation, config.rule_pos, config.la_preterminals,
                                   (gold_encoding, test_encoding))
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
        return SentenceResult(number, "ok", None, counts, length=length), scored


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


def pairs(gold_path: str, test_path: str, gold_encoding: str = DEFAULT_ENCODING,
          test_encoding: str = DEFAULT_ENCODING
          ) -> Iterator[tuple[int, Item | None, Item | None]]:
    """The numbered pairs of items of two files, the shorter padded with None
    (trailing blank lines as :func:`paired` takes them)."""
    items = paired(read_trees(gold_path, gold_encoding), read_trees(test_path, test_encoding))
    for number, (gold, test) in enumerate(items, start=1):
        yield number, gold, test


# (number, has gold, has test, result, leaf-ancestor details when kept)
PairScores = tuple[int, bool, bool, SentenceResult, "LAScored | None"]
# evaluator, gold path, test path, keep la, gold and test text encodings
Job = tuple[Evaluator, str, str, bool, str, str]
Pair = tuple[int, Item | None, Item | None]
# What a forked worker scores with: set before the pool forks, never pickled.
_WORKER: Job | None = None


def _score_pair(job: Job, pair: Pair) -> PairScores:
    evaluator, gold_path, test_path, keep_la, _, _ = job
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


def _ignore_interrupts() -> None:
    """In a worker: leave Ctrl-C to the main process, which stops the pool,
    and die quietly when the pool is terminated."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _scored(job: Job, jobs: int) -> Iterator[PairScores]:
    """Every pair scored, in order; with ``jobs`` > 1 by forked workers, each
    with its own copy of the evaluator (the numbers do not depend on it)."""
    global _WORKER
    _, gold_path, test_path, _, gold_encoding, test_encoding = job
    if jobs <= 1:
        for pair in pairs(gold_path, test_path, gold_encoding, test_encoding):
            yield _score_pair(job, pair)
        return
    try:
        context = multiprocessing.get_context("fork")
    except ValueError:
        raise ConfigError("--jobs needs processes that fork (Linux, macOS)") from None
    _WORKER = job
    with context.Pool(jobs, initializer=_ignore_interrupts) as pool:
        for done in pool.imap(_score_chunk, _chunks(pairs(gold_path, test_path,
                                                          gold_encoding, test_encoding))):
            yield from done


def evaluate(gold_path: str, test_path: str, config: Config | None = None,
             worst_words: int = 0, jobs: int = 1,
             progress: Callable[[int], None] | None = None,
             gold_encoding: str = DEFAULT_ENCODING,
             test_encoding: str = DEFAULT_ENCODING) -> CorpusResult:
    """Score every pair of ``gold_path`` and ``test_path``; with ``worst_words``
    (and the la metric), also list that many lineage pairs that lose most;
    ``jobs`` processes; ``progress`` is told each sentence number.  Either
    path may be ``-`` (standard input) or compressed; each file is decoded
    with its text encoding (see :mod:`parsedit.trees.source`)."""
    config = config or Config()
    check_files((gold_path, gold_encoding), (test_path, test_encoding))
    evaluator = Evaluator.for_files(config, gold_path, test_path, gold_encoding, test_encoding)
    worst = WorstWords() if worst_words and "la" in config.metrics else None
    params = config.params
    result = CorpusResult(config.metrics, config.signature(), cutoff_len=params.cutoff_len,
                          average=config.average, warnings=config.warnings())
    errors = 0
    job = (evaluator, gold_path, test_path, worst is not None, gold_encoding, test_encoding)
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
    return result
