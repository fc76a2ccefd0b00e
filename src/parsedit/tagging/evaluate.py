"""Two tagged files, sentence by sentence, to sums per scoring function.

Sentences are paired in order, as trees are.  A test sentence that cannot be
read is ``skip``; a gold sentence that cannot be read, or a pair whose
tokens differ (in number or in spelling), is ``error`` with a message that
names both lines; the rest of the files is still scored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib.metadata import version

from parsedit import __version__
from parsedit.errors import ConfigError
from parsedit.results import CorpusResult, SentenceResult
from parsedit.tagging.measures import TagCounts, count
from parsedit.tagging.reader import Segment, TaggedSentence, read_tagged
from parsedit.tagging.scoring import NEEDS_WEIGHTS, SCORINGS, scorer
from parsedit.tagging.tagset import Tag, Tagset, Weights
from parsedit.trees.reader import paired
from parsedit.trees.source import DEFAULT_ENCODING, check_files


@dataclass(frozen=True)
class TagConfig:
    """Every option that can change a tagging number."""

    scorings: tuple[str, ...] = ("full", "pos", "pa")
    tagset: Tagset = field(default_factory=Tagset)
    weights: Weights | None = None

    def __post_init__(self) -> None:
        for name in self.scorings:
            if name not in SCORINGS:
                raise ConfigError(f"unknown scoring function {name!r}; expected some of "
                                  f"{', '.join(SCORINGS)}")
            if name in NEEDS_WEIGHTS and self.weights is None:
                raise ConfigError(f"the {name} scoring function needs --weights")
        if not self.scorings:
            raise ConfigError("--scoring needs at least one scoring function")

    def signature(self) -> str:
        parts = [f"scoring:{'+'.join(self.scorings)}", f"tagset:{self.tagset.describe()}"]
        if self.weights is not None:
            parts.append(f"weights:{self.weights.describe()}")
        return "|".join(parts)


class TagScorer:
    """The scoring functions of a :class:`TagConfig`, ready for segments."""

    def __init__(self, config: TagConfig) -> None:
        self.config = config
        self.scorers = {name: scorer(name, config.weights) for name in config.scorings}
        self._tags: dict[str, Tag] = {}

    def _tag(self, text: str) -> Tag:
        found = self._tags.get(text)
        if found is None:
            found = self._tags[text] = self.config.tagset.parse(text)
        return found

    def score(self, gold: Sequence[Segment], test: Sequence[Segment]) -> dict[str, TagCounts]:
        """Sums per scoring function over aligned segments (equal words)."""
        pairs = [(tuple(self._tag(t) for t in ts.tags), tuple(self._tag(t) for t in gs.tags))
                 for gs, ts in zip(gold, test)]
        return {name: count(pairs, score) for name, score in self.scorers.items()}


def mismatch(gold: Sequence[Segment], test: Sequence[Segment]) -> str | None:
    """Why two sentences' tokens cannot be paired, or None."""
    if len(gold) != len(test):
        return f"length mismatch: gold has {len(gold)} tokens, test {len(test)}"
    for i, (g, t) in enumerate(zip(gold, test), start=1):
        if g.word != t.word:
            return f"tokens differ at token {i}: gold {g.word!r}, test {t.word!r}"
    return None


def signature(config: TagConfig) -> str:
    return (f"{config.signature()}|parsedit:{__version__}|pynini:{version('pynini')}")


def evaluate_tags(gold_path: str, test_path: str, config: TagConfig,
                  gold_format: str = "auto", test_format: str = "auto",
                  gold_encoding: str = DEFAULT_ENCODING,
                  test_encoding: str = DEFAULT_ENCODING) -> CorpusResult:
    """The tagging metric alone, over two tagged files (``gold_trees`` and
    ``test_trees`` of the result count their sentences)."""
    check_files((gold_path, gold_encoding), (test_path, test_encoding))
    scorer_ = TagScorer(config)
    result = CorpusResult(("tagging",), signature(config))
    pairs = paired(read_tagged(gold_path, gold_format, gold_encoding),
                   read_tagged(test_path, test_format, test_encoding))
    for number, (gold, test) in enumerate(pairs, start=1):
        result.gold_trees += gold is not None
        result.test_trees += test is not None
        result.add(_judge(number, gold, test, gold_path, test_path, scorer_))
    return result


def _judge(number: int, gold: TaggedSentence | None, test: TaggedSentence | None,
           gold_path: str, test_path: str, scorer_: TagScorer) -> SentenceResult:
    if test is None or test.segments is None:
        why = f"{test_path}: no sentence {number} (the file ends first)" if test is None \
            else str(test.error)
        return SentenceResult(number, "skip", why)
    if gold is None or gold.segments is None:
        why = f"{gold_path}: no sentence {number} (the file ends first)" if gold is None \
            else str(gold.error)
        return SentenceResult(number, "error", why)
    problem = mismatch(gold.segments, test.segments)
    if problem is not None:
        return SentenceResult(number, "error", f"{gold_path}:{gold.line} and {test_path}:"
                              f"{test.line}: {problem}")
    if not gold.segments:
        return SentenceResult(number, "skip", f"{test_path}:{test.line}: empty sentence")
    return SentenceResult(number, "ok", None,
                          {"tagging": scorer_.score(gold.segments, test.segments)})
