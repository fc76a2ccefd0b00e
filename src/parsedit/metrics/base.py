"""What every metric provides: the one interface the pipeline, the reports,
``compare`` and the Python API see.

A metric scores one normalised pair (gold and test bracketings with equal
words) into frozen, additive counts (:mod:`parsedit.results`); the corpus is
the sum of its sentences' counts, aggregated once by the pipeline; figures
are properties of summed counts.  For significance tests and confidence
intervals a metric also names its headline figure as a function of summed
per-sentence *terms* (sufficient statistics), so that a resampled corpus is
scored exactly as the real one: from summed counts, never from averaged
rates.

Adding a metric: subclass :class:`Metric` in its module under ``metrics/``
(its counts a frozen class with ``__add__`` and ``figures()``, and
``columns()``, one sentence's ``--per-sentence`` TSV cells by name: without
it the scalars of its JSON sentence figures are its columns, see
:func:`parsedit.results.sentence_columns`), and add its factory to
:data:`parsedit.metrics.registry.FACTORIES`.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from parsedit.frozen import fast_init
from parsedit.trees.bracketing import Bracketing

if TYPE_CHECKING:
    from parsedit.wordalign import WordAligner


@fast_init
@dataclass(frozen=True)
class Outcome:
    """What scoring one pair gives: its ``counts``, and for the metrics that
    align strings, the alignment behind them (``detail``)."""

    counts: Any
    detail: Any = None


C = TypeVar("C")


class Metric(ABC, Generic[C]):
    """The base of every metric, generic in its counts ``C`` (a frozen,
    additive class: ``a + b`` is the counts of both sets of sentences).

    A metric writes what is its own: ``name``, ``title``, :meth:`zero`,
    :meth:`score`, :meth:`failure`, :meth:`terms` and :meth:`from_terms`.
    The rest has defaults: :meth:`headline` is ``from_terms(terms(total))``,
    the one function that scores the real corpus and every resampled one
    (as sacreBLEU's ``_compute_score_from_stats``), :meth:`describe` its
    name, :meth:`sentence_average` none, :meth:`parts` none,
    :meth:`warnings` none, and a higher headline is better."""

    #: its name in ``--metrics``, JSON and the signature
    name: str
    #: the headline figure's name in comparisons ("PARSEVAL F", "label acc.")
    title: str
    #: whether a higher headline is better (a percentage of what is right);
    #: False for a count of errors, which ``compare`` ranks fewest first
    higher_is_better: bool = True

    def describe(self) -> list[str]:
        """Its parts of the signature (``name:setting``)."""
        return [self.name]

    @abstractmethod
    def zero(self) -> C:
        """The counts of no sentence (the identity of ``+``)."""

    @abstractmethod
    def score(self, gold: Bracketing, test: Bracketing) -> Outcome:
        """One normalised pair with equal words."""

    @abstractmethod
    def failure(self, gold: Bracketing) -> C:
        """The counts of a test sentence that failed (empty, unreadable, a
        parser's failure marker) scored as a parse with no constituents over
        the gold words (``--failures count``)."""

    @abstractmethod
    def terms(self, counts: C) -> Sequence[float]:
        """A sentence's sufficient statistics for :meth:`from_terms`."""

    @abstractmethod
    def from_terms(self, sums: Any) -> Any:
        """The headline figure from summed terms (the last axis of a numpy
        array holds the terms, so many resampled corpora are scored at
        once); NaN where it is undefined."""

    def headline(self, total: C) -> float | None:
        """The one figure ``compare`` ranks by (higher is better), as a
        percentage, or None where it is undefined: the figure of the
        corpus's summed terms, as every resampled corpus is scored."""
        value = float(self.from_terms(self.terms(total)))
        return None if math.isnan(value) else value

    def sentence_average(self, total: C) -> float | None:
        """The mean of the sentences' headline figures, as a percentage
        (``--average sentence``), or None where the metric has none."""
        return None

    def parts(self) -> dict[str, Part]:
        """Further figures of the same terms that ``compare`` tests beside
        the headline, one family of tests each (PARSEVAL's recall and
        precision); none by default."""
        return {}

    def warnings(self, total: C) -> list[str]:
        """What a report of the summed counts ``total`` must say beside its
        figures (one line each: pairs a metric could not score, say); none
        by default."""
        return []


class Part(NamedTuple):
    """A further figure of a metric's terms: its name in reports, its
    figure from summed terms (as ``from_terms``), and whether a higher
    figure is better (False for a count of errors)."""

    title: str
    figure: Callable[[Any], Any]
    higher_is_better: bool = True


def ratio(sums: Any, scale: float, offset: float) -> Any:
    """``offset + scale * sums[..., 0] / sums[..., 1]``, NaN where the
    denominator is 0 (numpy arrays, or a plain sequence of two numbers)."""
    import numpy as np

    values = np.asarray(sums, dtype=np.float64)
    num, den = values[..., 0], values[..., 1]
    safe = np.where(den == 0, 1.0, den)
    return np.where(den == 0, np.nan, offset + scale * num / safe)


class RawMetric(Metric[C]):
    """A metric that reads the pair's trees as read rather than normalised
    (the reader's tokens, :attr:`parsedit.trees.reader.Item.tokens`:
    punctuation, empty elements and function tags still there; or, from a
    CoNLL-U file, its dependency tree), as the dependency metric does, which
    converts them itself.  The scorer hands :meth:`score` and
    :meth:`failure` the raw sides (after judging the pair as for every
    metric: :meth:`parsedit.pipeline.scorer.Scorer.judge`), a run with such
    a metric takes the ``reference`` route, whose reader keeps them
    (:mod:`parsedit.pipeline.route`), and under ``--yield align`` it scores
    a pair through the alignment of its own words (:meth:`score_through`),
    where a metric of normalised pairs has the pair's projections scored
    and adjusted instead (:mod:`parsedit.metrics.yields`)."""

    @abstractmethod
    def score(self, gold: Any, test: Any) -> Outcome:
        """One pair of raw sides with equal words."""

    @abstractmethod
    def failure(self, gold: Any) -> C:
        """A failed parse's counts over the raw gold side."""

    @abstractmethod
    def score_through(self, gold: Any, test: Any, aligner: WordAligner) -> Outcome:
        """A pair of raw sides whose words differ, scored through the word
        alignment ``aligner`` makes of its own words (``--yield align``)."""
