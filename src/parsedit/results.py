"""Frozen, additive counts: a corpus is the sum of its sentences.

Rates are derived, never stored; an undefined rate (nothing in the
denominator) is ``None`` and is printed as ``n/a``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from parsedit.tagging.measures import TagCounts


def percent(part: float, whole: float) -> float | None:
    """100 * part / whole, or None when ``whole`` is 0."""
    return 100.0 * part / whole if whole else None


def f_measure(recall: float | None, precision: float | None) -> float | None:
    """Their harmonic mean (0 when both are 0; None when either is undefined)."""
    if recall is None or precision is None:
        return None
    return 0.0 if recall + precision == 0 else 2 * recall * precision / (recall + precision)



@dataclass(frozen=True)
class EditCounts:
    """Edit cost against the gold events of one encoding.

    ``edits`` is the final cost; ``basic`` the cost before Roark's movement
    correction (equal to ``edits`` where no correction applies); ``gold`` the
    number of gold events (non-preterminal gold constituents, which is also
    the number of gold rules).
    """

    edits: float = 0.0
    basic: float = 0.0
    gold: int = 0

    def __add__(self, other: EditCounts) -> EditCounts:
        return EditCounts(self.edits + other.edits, self.basic + other.basic,
                          self.gold + other.gold)

    @property
    def error_rate(self) -> float | None:
        """Edits per 100 gold events (can exceed 100)."""
        return percent(self.edits, self.gold)

    @property
    def accuracy(self) -> float | None:
        rate = self.error_rate
        return None if rate is None else 100.0 - rate


@dataclass(frozen=True)
class LACounts:
    """Leaf-ancestor scores (Sampson and Babarczy 2003), additive: the sums
    of sentence scores and of word scores, and how many of each.  A single
    sentence also keeps its ``word_scores`` (dropped from sums)."""

    sentence_sum: float = 0.0
    sentences: int = 0
    word_sum: float = 0.0
    words: int = 0
    word_scores: tuple[float, ...] = ()

    def __add__(self, other: LACounts) -> LACounts:
        return LACounts(self.sentence_sum + other.sentence_sum,
                        self.sentences + other.sentences, self.word_sum + other.word_sum,
                        self.words + other.words)

    @property
    def score(self) -> float | None:
        """The mean of the sentence scores (the paper's figure), in [0, 1]."""
        return None if not self.sentences else self.sentence_sum / self.sentences

    @property
    def word_score(self) -> float | None:
        """The mean over all words."""
        return None if not self.words else self.word_sum / self.words


@dataclass
class Loss:
    """A pair of leaf-ancestor lineages that loses: its word score, how often
    it occurs, and its first (sentence, word) occurrences."""

    gold: tuple[str, ...]
    test: tuple[str, ...]
    score: float
    count: int = 0
    examples: list[tuple[int, str]] = field(default_factory=list)

    @property
    def loss(self) -> float:
        """What it costs the corpus, in words: count x (1 - score)."""
        return self.count * (1.0 - self.score)


@dataclass(frozen=True)
class SentenceResult:
    """One gold/test pair: ``ok``, ``error`` (gold unreadable or words differ) or
    ``skip`` (test empty, unreadable or without words).  Only ``ok`` sentences
    have counts, one object per metric (:class:`EditCounts`, :class:`LACounts`,
    ParsevalCounts).

    ``length`` is EVALB's length of the gold sentence (0 without a gold tree),
    which puts the sentence in or out of the cut-off summary; ``reason`` is
    the line the EVALB report writes on standard error: EVALB's words for an
    error (``Length unmatch (4|5)``) where it has some, parsedit's message for
    input EVALB cannot read, None where EVALB says nothing (an empty line).
    """

    id: int
    status: str
    message: str | None = None
    counts: dict[str, Any] = field(default_factory=dict)
    length: int = 0
    reason: str | None = None


@dataclass
class CorpusResult:
    """Every sentence's result, and the sums over the ``ok`` ones."""

    metrics: tuple[str, ...]
    signature: str
    sentences: list[SentenceResult] = field(default_factory=list)
    gold_trees: int = 0
    test_trees: int = 0
    cutoff_len: int = 40
    average: str = "corpus"  # or "sentence": reports add sentence averages
    # Set when the run stopped early, as EVALB does after MAX_ERROR errors.
    stopped: str | None = None
    # The leaf-ancestor lineage pairs that lose most, when asked for.
    worst_words: list[Loss] | None = None
    # The error analysis (metrics.errors.analyse), when asked for.
    errors: dict[str, Any] | None = None
    # What makes a figure mean something other than a reader would assume
    # (options without effect, conventions that differ between the files):
    # one line each, printed on standard error and kept in JSON.
    warnings: list[str] = field(default_factory=list)

    def add(self, sentence: SentenceResult) -> None:
        self.sentences.append(sentence)

    def total(self, metric: str) -> EditCounts:
        total = EditCounts()
        for sentence in self.sentences:
            if sentence.status == "ok":
                total = total + sentence.counts[metric]
        return total

    def la(self, max_length: int | None = None) -> LACounts:
        """Leaf-ancestor sums over the scored sentences (of gold length <=
        ``max_length`` if given)."""
        total = LACounts()
        for sentence in self.sentences:
            if sentence.status == "ok" and (max_length is None
                                            or sentence.length <= max_length):
                total = total + sentence.counts["la"]
        return total

    def tagging(self) -> dict[str, TagCounts]:
        """Tagging sums per scoring function over the scored sentences."""
        totals: dict[str, TagCounts] = {}
        for sentence in self.sentences:
            if sentence.status == "ok":
                for scoring, counts in sentence.counts["tagging"].items():
                    totals[scoring] = totals[scoring] + counts if scoring in totals \
                        else counts
        return totals

    def sentence_accuracy(self, metric: str) -> float | None:
        """The mean of the sentences' accuracies (those with gold events)."""
        rates = [s.counts[metric].accuracy for s in self.sentences
                 if s.status == "ok" and s.counts[metric].gold]
        return sum(rates) / len(rates) if rates else None

    def count(self, status: str) -> int:
        return sum(1 for s in self.sentences if s.status == status)

    @property
    def complete(self) -> bool:
        """Whether GOLD and TEST held the same number of trees, all scored."""
        return self.gold_trees == self.test_trees and self.stopped is None


@dataclass(frozen=True)
class WordCounts:
    """The word alignment of one pair of yields (``--yield align``), additive:
    gold and test words, how many were matched, substituted, deleted,
    inserted, merged (k words against one, either way), and the cost of the
    alignment under the word cost scheme."""

    gold: int = 0
    test: int = 0
    matched: int = 0
    substituted: int = 0
    deleted: int = 0
    inserted: int = 0
    merged: int = 0
    cost: float = 0.0

    def __add__(self, other: WordCounts) -> WordCounts:
        return WordCounts(self.gold + other.gold, self.test + other.test,
                          self.matched + other.matched, self.substituted + other.substituted,
                          self.deleted + other.deleted, self.inserted + other.inserted,
                          self.merged + other.merged, self.cost + other.cost)

    @property
    def error_rate(self) -> float | None:
        """The word error rate: 100 x cost / gold words (sclite's WER under
        unit costs)."""
        return percent(self.cost, self.gold)
