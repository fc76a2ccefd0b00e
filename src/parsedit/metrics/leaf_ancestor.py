"""The leaf-ancestor metric (Sampson and Babarczy 2003) on the FST engine.

Each word is scored by how alike its gold and test lineages are
(:mod:`parsedit.encodings.lineage`)::

    score(word) = 1 - d(c, g) / (len(c) + len(g))

where d is the edit distance between the two lineages under a cost scheme,
computed like every other edit distance in parsedit (:class:`EditMetric`,
composing the lineages with the scheme's transducer; the aligner remembers
the cost of each distinct pair of middles, what is left of two lineages
once their common ends are matched).  With insertion and deletion at 1 and
substitutions in [0, 2], as the paper requires, a score lies in [0, 1].  A
sentence scores the mean of its words; a corpus the mean of its sentences
(the paper's figure) and, beside it, the mean of all its words.

:class:`WorstWords` gathers, across a corpus, the lineage pairs that lose the
most (the paper's section 7: which configurations fail).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from parsedit.costs.alphabet import Alphabet
from parsedit.costs.scheme import CostScheme
from parsedit.costs.transducer import FstScheme
from parsedit.encodings.lineage import Lineage, LineageEncoding, lineages
from parsedit.frozen import fast_init
from parsedit.metrics.base import Metric, Outcome, ratio
from parsedit.metrics.edits import EditMetric
from parsedit.results import LACounts, LineageScript, Loss, WordLineages
from parsedit.trees import bracketing
from parsedit.trees.bracketing import Bracketing


@fast_init
@dataclass(frozen=True)
class LAScored:
    """One pair's leaf-ancestor scores, with the lineages behind them: the
    gold and the test lineages (``read``), or, for a pair of equal trees,
    whose every word scores 1, the gold bracketing's, read when first asked
    for."""

    counts: LACounts
    bracketing: Bracketing
    read: tuple[list[Lineage], list[Lineage]] | None = None
    preterminals: bool = False

    @cached_property
    def gold(self) -> list[Lineage]:
        return lineages(self.bracketing, self.preterminals) if self.read is None \
            else self.read[0]

    @property
    def test(self) -> list[Lineage]:
        return self.gold if self.read is None else self.read[1]

    @property
    def words(self) -> list[str]:
        return bracketing.words(self.bracketing)

    def script(self, scheme: str) -> LineageScript:
        """The lineages as data, word by word."""
        return LineageScript(scheme, tuple(
            WordLineages(w, g, t, s) for w, g, t, s in zip(self.words, self.gold, self.test,
                                                          self.counts.word_scores)),
            self.counts)


class LeafAncestor(Metric[LACounts]):
    """The leaf-ancestor metric: ``score`` gives :class:`LACounts`, with the
    lineages behind them as the outcome's detail (an :class:`LAScored`)."""

    name = "la"
    title = "leaf-ancestor"

    def __init__(self, scheme: CostScheme | FstScheme, preterminals: bool = False,
                 alphabet: Alphabet | None = None) -> None:
        self.encoding = LineageEncoding(preterminals)
        self.edits = EditMetric(self.encoding, scheme, alphabet)

    def describe(self) -> list[str]:
        parts = [f"la:{self.edits.scheme.describe()}"]
        return parts + ["la-preterminals"] if self.encoding.preterminals else parts

    def zero(self) -> LACounts:
        return LACounts()

    def script(self, outcome: Outcome) -> LineageScript:
        """An outcome's lineages as data."""
        detail: LAScored = outcome.detail
        return detail.script(self.edits.scheme.describe())

    def failure(self, gold: Bracketing) -> LACounts:
        """Every word scores 0."""
        words = len(bracketing.words(gold))
        return LACounts(0.0, 1, 0.0, words, (0.0,) * words) if words else LACounts()

    def sentence_average(self, total: LACounts) -> float | None:
        """The corpus figure: already the mean of the sentences' scores."""
        return self.headline(total)

    def terms(self, counts: LACounts) -> tuple[float, float]:
        return (counts.sentence_sum, float(counts.sentences))

    def from_terms(self, sums: Any) -> Any:
        return ratio(sums, 100.0, 0.0)

    def word_score(self, gold: Lineage, test: Lineage) -> float:
        if (gold == test and self.edits.exact) or not (gold or test):
            return 1.0  # (a tree of one preterminal leaves its word no lineage)
        return 1.0 - self.edits.aligner.cost(gold, test) / (len(gold) + len(test))

    def score(self, gold: Bracketing, test: Bracketing) -> Outcome:
        """Score a normalised pair with equal words."""
        scored = self.lineages(gold, test)
        return Outcome(scored.counts, scored)

    def lineages(self, gold: Bracketing, test: Bracketing) -> LAScored:
        """The pair's lineages and word scores."""
        preterminals, exact = self.encoding.preterminals, self.edits.exact
        if test == gold and exact:  # every word scores 1: no lineage needed
            words = len(bracketing.words(gold))
            return LAScored(LACounts(1.0, 1, float(words), words, (1.0,) * words) if words
                            else LACounts(), gold, preterminals=preterminals)
        gold_lineages = lineages(gold, preterminals)
        test_lineages = gold_lineages if test == gold else lineages(test, preterminals)
        score = self.word_score
        scores = tuple(1.0 if exact and g == t else score(g, t)
                       for g, t in zip(gold_lineages, test_lineages))
        total = sum(scores)
        counts = LACounts(total / len(scores), 1, total, len(scores), scores) if scores \
            else LACounts()
        return LAScored(counts, gold, (gold_lineages, test_lineages))


class WorstWords:
    """The lineage pairs that lose the most over a corpus."""

    def __init__(self, examples: int = 3) -> None:
        self.examples = examples
        self.pairs: dict[tuple[Lineage, Lineage], Loss] = {}

    def add(self, sentence: int, scored: LAScored) -> None:
        if scored.counts.word_sum == scored.counts.words:
            return  # every word scored 1
        for word, gold, test, score in zip(scored.words, scored.gold, scored.test,
                                           scored.counts.word_scores):
            if score >= 1.0:
                continue
            entry = self.pairs.get((gold, test))
            if entry is None:
                entry = self.pairs[gold, test] = Loss(gold, test, score)
            entry.count += 1
            if len(entry.examples) < self.examples:
                entry.examples.append((sentence, word))

    def merge(self, other: WorstWords) -> None:
        """Add the losses of ``other``, whose sentences follow this one's."""
        for key, theirs in other.pairs.items():
            mine = self.pairs.get(key)
            if mine is None:
                self.pairs[key] = mine = Loss(theirs.gold, theirs.test, theirs.score)
            mine.count += theirs.count
            mine.examples += theirs.examples[:self.examples - len(mine.examples)]

    def top(self, k: int) -> list[Loss]:
        return sorted(self.pairs.values(), key=lambda e: (-e.loss, e.gold, e.test))[:k]
