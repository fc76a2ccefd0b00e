"""The road from two files to a :class:`CorpusResult`.

read (trees.reader) -> normalise (trees.normalise) -> encode (encodings) ->
align through the FST (fst, via metrics.edits) -> counts (results).

Pairs are taken in order.  A test sentence that is empty or unreadable is
``skip``; a gold sentence that is empty or unreadable, or a pair whose words
differ after normalisation, is ``error``.  Both carry a message naming the
line and are left out of the sums; everything else is still scored.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib.metadata import version
from itertools import zip_longest

from parsedit import __version__
from parsedit.costs.scheme import CostScheme, default_scheme
from parsedit.encodings import NAMES, Encoding, get_encoding
from parsedit.errors import ConfigError
from parsedit.metrics.edits import EditMetric, Scored
from parsedit.results import CorpusResult, SentenceResult
from parsedit.trees import bracketing
from parsedit.trees.bracketing import Bracketing
from parsedit.trees.normalise import COLLINS, Normalisation
from parsedit.trees.reader import Item, read_trees


@dataclass(frozen=True)
class Config:
    """Every option that can change a number."""

    metrics: tuple[str, ...] = NAMES
    normalisation: Normalisation = COLLINS
    rule_pos: str = "words"
    schemes: dict[str, CostScheme] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in self.metrics:
            if name not in NAMES:
                raise ConfigError(f"unknown metric {name!r}; expected some of {', '.join(NAMES)}")
        if self.rule_pos not in ("words", "tags"):
            raise ConfigError(f"--rule-pos must be 'words' or 'tags', not {self.rule_pos!r}")

    def scheme(self, encoding: str) -> CostScheme:
        scheme = self.schemes.get(encoding) or default_scheme(encoding)
        if scheme.encodings and encoding not in scheme.encodings:
            raise ConfigError(f"cost scheme {scheme.name!r} ({scheme.source}) is for the "
                              f"{', '.join(scheme.encodings)} encoding(s), not {encoding}")
        return scheme

    def signature(self) -> str:
        """One line that pins a result down (sacreBLEU-style)."""
        parts = [f"metrics:{'+'.join(self.metrics)}"]
        for name in self.metrics:
            parts.append(f"{name}:{self.scheme(name).describe()}")
        if "rule" in self.metrics:
            parts.append(f"rule-pos:{self.rule_pos}")
        parts += [f"norm:{self.normalisation.describe()}", "average:corpus",
                  f"parsedit:{__version__}", f"pynini:{version('pynini')}"]
        return "|".join(parts)


class Evaluator:
    """The metrics of a :class:`Config`, ready to score pairs of trees."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.encodings: dict[str, Encoding] = {
            name: get_encoding(name, config.rule_pos) for name in config.metrics}
        self.metrics = {name: EditMetric(enc, config.scheme(name))
                        for name, enc in self.encodings.items()}

    def score(self, gold: Bracketing, test: Bracketing) -> dict[str, Scored]:
        """Every metric on one normalised pair with equal words."""
        events = bracketing.constituents(gold)
        out = {}
        for name, metric in self.metrics.items():
            encode = self.encodings[name].encode
            gold_symbols = encode(gold)
            test_symbols = gold_symbols if test == gold else encode(test)
            out[name] = metric.score(gold_symbols, test_symbols, events)
        return out

    def pair(self, number: int, gold: Item | None, test: Item | None,
             gold_path: str, test_path: str) -> tuple[SentenceResult, dict[str, Scored]]:
        """Judge and score the ``number``-th pair of items."""
        # As in EVALB, an empty test line is a skip even when gold is broken.
        if test is None or test.tokens is None:
            return SentenceResult(number, "skip", _why_absent(test, test_path, number)), {}
        if gold is None or gold.tokens is None:
            return SentenceResult(number, "error", _why_absent(gold, gold_path, number)), {}
        norm = self.config.normalisation
        gold_tokens, test_tokens = norm.apply(gold.tokens), norm.apply(test.tokens)
        mismatch = _word_mismatch(gold_tokens, test_tokens)
        if mismatch:
            return SentenceResult(number, "error", f"{gold_path}:{gold.line} and "
                                  f"{test_path}:{test.line}: {mismatch}"), {}
        scored = self.score(gold_tokens, test_tokens)
        return SentenceResult(number, "ok", None,
                              {name: s.counts for name, s in scored.items()}), scored


def _why_absent(item: Item | None, path: str, number: int) -> str:
    """Why a file has no tree for a pair."""
    if item is None:
        return f"{path}: no tree {number} (the file ends first)"
    if item.error is not None:
        return str(item.error)
    return f"{path}:{item.line}: empty line"


def _word_mismatch(gold: Bracketing, test: Bracketing) -> str | None:
    gold_words, test_words = bracketing.words(gold), bracketing.words(test)
    if gold_words == test_words:
        return None
    if len(gold_words) != len(test_words):
        return f"length mismatch: gold has {len(gold_words)} words, test {len(test_words)}"
    for i, (g, t) in enumerate(zip(gold_words, test_words), start=1):
        if g != t:
            return f"words differ at word {i}: gold {g!r}, test {t!r}"
    return None


def pairs(gold_path: str, test_path: str) -> Iterator[tuple[int, Item | None, Item | None]]:
    """The numbered pairs of items of two files, the shorter padded with None."""
    items = zip_longest(read_trees(gold_path), read_trees(test_path))
    for number, (gold, test) in enumerate(items, start=1):
        yield number, gold, test


def evaluate(gold_path: str, test_path: str, config: Config | None = None) -> CorpusResult:
    """Score every pair of ``gold_path`` and ``test_path``."""
    config = config or Config()
    evaluator = Evaluator(config)
    result = CorpusResult(config.metrics, config.signature())
    for number, gold, test in pairs(gold_path, test_path):
        result.gold_trees += gold is not None
        result.test_trees += test is not None
        sentence, _ = evaluator.pair(number, gold, test, gold_path, test_path)
        result.add(sentence)
    return result
