"""The dependency metric (``--metrics dep``), through the Metric interface.

:class:`Dependencies` scores a pair of sentences given as **raw** trees (the
reader's tokens, :attr:`parsedit.trees.reader.Item.tokens`: punctuation,
empty elements and function tags still there, since conversion needs them)
or as :class:`~parsedit.deps.model.DepTree` (read from CoNLL-U), into
:class:`~parsedit.deps.counts.DepCounts`: attachment scores, root accuracy,
complete match, relational and per-relation precision and recall
(:mod:`parsedit.deps.score`) and Roark's dependency edit distance
(:mod:`parsedit.deps.edit`).

Words.  When the two trees have as many words, word i is aligned with word
i.  When they do not (a parse that dropped or added a word; gold and test
that differ in punctuation, which PARSEVAL's normalisation deletes but this
metric keeps), the yields are aligned by the shipped ``words`` scheme (unit
costs, :class:`parsedit.wordalign.WordAligner`) and scored through that
alignment; under ``--yield align`` the run's own alignment is given to
:meth:`Dependencies.score_aligned`.

Settings: the head table and relation labelling of the conversion; the
punctuation left out of every figure but the edit distance (default: the
head table's ``punctuation``, COLLINS.prm's ``, . : `` ''`` for the Penn
Treebank; ``every_word``: none); ``prefix`` (relations compared up to
``:``); the edit distance's cost scheme; when two different strings are
the same word for the relational figures (``same_word``: EVALB's EQ_WORD,
``Normalisation.same_word``).  :func:`conll18` gives the CoNLL
2018 shared task's setting (every word, relations up to ``:``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from parsedit.deps.convert import Converter
from parsedit.deps.counts import DepCounts
from parsedit.deps.edit import DependencyEdits, DepScored, dependency_strings
from parsedit.deps.heads import DEFAULT_TABLE, HeadTable
from parsedit.deps.model import DepTree
from parsedit.deps.score import (
    PUNCTUATION,
    Pairs,
    Scoring,
    aligned_pairs,
    attachment_counts,
    failed_counts,
)
from parsedit.metrics.base import Outcome, Part, RawMetric, ratio
from parsedit.results import EditScript

if TYPE_CHECKING:
    from parsedit.costs.alphabet import Alphabet
    from parsedit.costs.scheme import CostScheme
    from parsedit.costs.transducer import FstScheme
    from parsedit.wordalign import WordAligner

Side = Sequence[str] | DepTree


class Dependencies(RawMetric[DepCounts]):
    """Dependency accuracy of raw trees or dependency trees (see the module
    docstring).  ``headline`` is UAS."""

    name = "dep"
    title = "UAS"

    def __init__(self, heads: HeadTable | str = DEFAULT_TABLE, labels: str = "auto",
                 punctuation: frozenset[str] | None = None, every_word: bool = False,
                 prefix: bool = False, scheme: CostScheme | FstScheme | None = None,
                 alphabet: Alphabet | None = None, tie_break: bool = False,
                 same_word: Callable[[str, str], bool] | None = None) -> None:
        self.converter = Converter(heads, labels)
        if every_word:
            punctuation = frozenset()
        elif punctuation is None:
            punctuation = self.converter.table.punctuation or PUNCTUATION
        self.scoring = Scoring(punctuation, prefix, same_word)
        self.edits = DependencyEdits(scheme, alphabet, tie_break)
        self._words: WordAligner | None = None

    def describe(self) -> list[str]:
        return [f"dep:{self.converter.describe()}", f"dep-{self.scoring.describe()}",
                self.edits.describe()]

    def tree(self, side: Side) -> DepTree:
        """A side as a dependency tree (raw tokens are converted), its
        relations cut at their first ``:`` when they are compared so (every
        figure, the edit distance too)."""
        found = side if isinstance(side, DepTree) else self.converter.convert(side)
        if self.scoring.prefix and any(":" in r for r in found.relations):
            found = replace(found, relations=tuple(r.split(":", 1)[0] for r in found.relations))
        return found

    def zero(self) -> DepCounts:
        return DepCounts()

    def score(self, gold: Side, test: Side) -> Outcome:
        """One pair; its words aligned one to one when there are as many,
        else by the ``words`` scheme (see the module docstring)."""
        g, t = self.tree(gold), self.tree(test)
        if len(g) == len(t):
            return self._scored(g, t, None)
        golds, tests, _ = self._aligner().paired(g.words, t.words)
        return self._scored(g, t, list(zip(golds, tests)))

    def score_aligned(self, gold: Side, test: Side, pairs: Pairs) -> Outcome:
        """One pair through a word alignment: ``pairs`` of (gold, test) word
        indices, 0-based (:func:`parsedit.deps.score.aligned_pairs` reads them
        off a :class:`~parsedit.wordalign.WordAlignment`)."""
        return self._scored(self.tree(gold), self.tree(test), pairs)

    def score_through(self, gold: Side, test: Side, aligner: WordAligner) -> Outcome:
        """One pair scored through the word alignment ``aligner`` makes of
        the two trees' words (``--yield align``: the run's aligner, so that
        its word scheme and EQ_WORD pairs decide), or as :meth:`score`
        when the words are the same."""
        g, t = self.tree(gold), self.tree(test)
        if g.words == t.words:
            return self._scored(g, t, None)
        return self._scored(g, t, aligned_pairs(aligner.align(g.words, t.words).ops))

    def _scored(self, gold: DepTree, test: DepTree, pairs: Pairs | None) -> Outcome:
        scored = self.edits.score_trees(gold, test) if pairs is None else \
            self.edits.score(*dependency_strings(gold, test, pairs))
        return Outcome(attachment_counts(gold, test, pairs, self.scoring, scored.counts), scored)

    def _aligner(self) -> WordAligner:
        if self._words is None:
            from parsedit.costs.reader import load_scheme
            from parsedit.wordalign import WordAligner

            self._words = WordAligner(load_scheme("words"))
        return self._words

    def failure(self, gold: Side) -> DepCounts:
        """A failed test sentence (``--failures count``): every scored gold
        word scored and wrong (UAS and LAS count it), every gold relation
        missed, every gold dependency an edit (a deletion)."""
        g = self.tree(gold)
        counts = failed_counts(g, self.scoring)
        edits = self.edits.failure(dependency_strings(g, g)[0])
        return replace(counts, edits=edits)

    def script(self, outcome: Outcome) -> EditScript:
        """An outcome's edit script as data (``parsedit align --encoding dep``)."""
        detail: DepScored = outcome.detail
        return detail.script(self.edits.scheme.describe())

    def sentence_average(self, total: DepCounts) -> float | None:
        return total.sentence_uas

    def terms(self, counts: DepCounts) -> tuple[float, float, float]:
        """Attached scored words, the aligned and failed ones (UAS's
        denominator), and the labelled ones (LAS)."""
        return (float(counts.attached), float(counts.aligned + counts.failed),
                float(counts.labelled))

    def from_terms(self, sums: Any) -> Any:
        """UAS: 100 x attached / (aligned + failed)."""
        return _uas(sums)

    def parts(self) -> dict[str, Part]:
        """LAS, which ``compare`` tests beside UAS."""
        return {"las": Part("LAS", _las)}


def _uas(sums: Any) -> Any:
    import numpy as np

    return ratio(np.asarray(sums, dtype=np.float64)[..., [0, 1]], 100.0, 0.0)


def _las(sums: Any) -> Any:
    import numpy as np

    return ratio(np.asarray(sums, dtype=np.float64)[..., [2, 1]], 100.0, 0.0)


def conll18(**settings: Any) -> Dependencies:
    """The CoNLL 2018 shared task's UAS and LAS: every word, relations
    compared up to ``:`` (for dependency trees read from CoNLL-U)."""
    return Dependencies(every_word=True, prefix=True, **settings)

