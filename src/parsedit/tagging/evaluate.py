"""Two tagged files, sentence by sentence, to sums per scoring function.

Sentences are paired in order, as trees are.  A test sentence that cannot be
read is ``skip``; a gold sentence that cannot be read, or a pair whose
tokens differ (in number or in spelling), is ``error`` with a message that
names both lines; the rest of the files is still scored.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib.metadata import version
from typing import Any

from parsedit.metrics.base import Metric, Outcome, ratio
from parsedit.plural import plural
from parsedit.results import CorpusResult, SentenceResult, TagCounts, TaggingCounts
from parsedit.tagging.config import TagConfig
from parsedit.tagging.measures import count
from parsedit.tagging.reader import Segment, TaggedSentence, read_tagged
from parsedit.tagging.scoring import scorer
from parsedit.tagging.tagset import Tag
from parsedit.trees import bracketing
from parsedit.trees.bracketing import Bracketing
from parsedit.trees.formats import TAGGED, chosen
from parsedit.trees.reader import paired
from parsedit.trees.source import DEFAULT_ENCODING, check_files
from parsedit.trees.splits import Splits
from parsedit.version import __version__


class TagScorer:
    """The scoring functions of a :class:`TagConfig`, ready for segments."""

    def __init__(self, config: TagConfig) -> None:
        self.config = config
        self.scorers = {name: _remembered(scorer(name, config.weights))
                        for name in config.scorings}
        self._tags: dict[str, Tag] = {}

    def _tag(self, text: str) -> Tag:
        found = self._tags.get(text)
        if found is None:
            found = self._tags[text] = self.config.tagset.parse(text)
        return found

    def score(self, gold: Sequence[Segment], test: Sequence[Segment]) -> TaggingCounts:
        """Sums per scoring function over aligned segments (equal words)."""
        pairs = [(tuple(self._tag(t) for t in ts.tags), tuple(self._tag(t) for t in gs.tags))
                 for gs, ts in zip(gold, test)]
        return TaggingCounts({name: count(pairs, score) for name, score in self.scorers.items()})


_REMEMBERED = 1 << 16


def _remembered(score: Callable[[Tag, Tag], float]) -> Callable[[Tag, Tag], float]:
    """``score``, worked out once per distinct pair of tags (a tag's score
    depends on its text alone; a corpus has few distinct pairs), forgotten
    past :data:`_REMEMBERED` pairs so that memory stays bounded."""
    known: dict[tuple[str, str], float] = {}

    def remembered(test: Tag, gold: Tag) -> float:
        key = (test.text, gold.text)
        found = known.get(key)
        if found is None:
            if len(known) >= _REMEMBERED:
                known.clear()
            found = known[key] = score(test, gold)
        return found

    return remembered


def segments(tokens: Bracketing) -> list[Segment]:
    """Each word of a normalised bracketing with its preterminal's tag."""
    out = []
    tag = ""
    for kind, text in bracketing.decode_all(tokens):
        if kind is bracketing.TAGGED:
            tag = text
        elif kind is bracketing.WORD:
            out.append(Segment(text, (tag,)))
            tag = ""
    return out


class Tagging(Metric[TaggingCounts]):
    """The tagger measures over the preterminals of normalised trees
    (``score --metrics tagging``); its headline figure is the F of the first
    scoring function."""

    name = "tagging"

    def __init__(self, config: TagConfig) -> None:
        self.config = config
        self.scorer = TagScorer(config)
        self.title = f"tagging F ({config.scorings[0]})"

    def describe(self) -> list[str]:
        return [f"tagging:{self.config.signature()}"]

    def zero(self) -> TaggingCounts:
        return TaggingCounts()

    def score(self, gold: Bracketing, test: Bracketing) -> Outcome:
        return Outcome(self.scorer.score(segments(gold), segments(test)))

    def failure(self, gold: Bracketing) -> TaggingCounts:
        """Every gold tag missed: the test side has no tag at all."""
        n = len(segments(gold))
        missed = TagCounts(0.0, 0, 0.0, n, 0.0, 0.0, n)
        return TaggingCounts({name: missed for name in self.config.scorings})

    def terms(self, counts: TaggingCounts) -> tuple[float, float, float, float]:
        c = counts[self.config.scorings[0]]
        return (c.precision_sum, float(c.test_tags), c.recall_sum, float(c.gold_tags))

    def from_terms(self, sums: Any) -> Any:
        import numpy as np

        values = np.asarray(sums, dtype=np.float64)
        precision = ratio(values[..., 0:2], 1.0, 0.0)
        recall = ratio(values[..., 2:4], 1.0, 0.0)
        total = precision + recall
        return np.where(total == 0, 0.0, 200.0 * precision * recall
                        / np.where(total == 0, 1.0, total))


def mismatch(gold: Sequence[Segment], test: Sequence[Segment]) -> str | None:
    """Why two sentences' tokens cannot be paired, or None."""
    if len(gold) != len(test):
        return f"length mismatch: gold has {plural(len(gold), 'token')}, test {len(test)}"
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
    sentences = []
    gold_count = test_count = 0
    # (a CoNLL-U or bare-bracket file refused: read as word/TAG lines, its
    # lines were scored as sentences)
    formats = [chosen(fmt, path, encoding, TAGGED, option, "tags")
               for path, fmt, encoding, option in
               ((gold_path, gold_format, gold_encoding, "--gold-format"),
                (test_path, test_format, test_encoding, "--test-format"))]
    # Trees split over lines: read as one where a run of two bracketed files takes them.
    joins: list[Callable[[int], bool] | None] = [None, None]
    if formats == ["bracketed", "bracketed"]:
        splits = Splits((gold_path, gold_encoding), (test_path, test_encoding))
        joins = [splits.side(0), splits.side(1)]
    pairs = paired(read_tagged(gold_path, formats[0], gold_encoding, joins[0]),
                   read_tagged(test_path, formats[1], test_encoding, joins[1]))
    for number, (gold, test) in enumerate(pairs, start=1):
        gold_count += gold is not None
        test_count += test is not None
        sentences.append(_judge(number, gold, test, gold_path, test_path, scorer_))
    return CorpusResult.aggregate(("tagging",), signature(config), sentences,
                                  {"tagging": TaggingCounts()}, gold_trees=gold_count,
                                  test_trees=test_count, warnings=tuple(config.warnings()))


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
