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

Adding a metric: write a class with these members in its module under
``metrics/`` (its counts a frozen class with ``__add__`` and ``figures()``),
and add its factory to :data:`parsedit.metrics.registry.FACTORIES`.  One
member is optional: ``parts()``, further figures of the same terms that
``compare`` tests beside the headline (PARSEVAL's recall and precision), read
through :func:`parts_of`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from parsedit.frozen import fast_init
from parsedit.trees.bracketing import Bracketing


@fast_init
@dataclass(frozen=True)
class Outcome:
    """What scoring one pair gives: its ``counts``, and for the metrics that
    align strings, the alignment behind them (``detail``)."""

    counts: Any
    detail: Any = None


class Metric(Protocol):
    name: str
    #: the headline figure's name in comparisons ("PARSEVAL F", "label acc.")
    title: str

    def describe(self) -> list[str]:
        """Its parts of the signature (``name:setting``)."""
        ...

    def zero(self) -> Any:
        """The counts of no sentence (the identity of ``+``)."""
        ...

    def score(self, gold: Bracketing, test: Bracketing) -> Outcome:
        """One normalised pair with equal words."""
        ...

    def failure(self, gold: Bracketing) -> Any:
        """The counts of a test sentence that failed (empty, unreadable, a
        parser's failure marker) scored as a parse with no constituents over
        the gold words (``--failures count``)."""
        ...

    def headline(self, total: Any) -> float | None:
        """The one figure ``compare`` ranks by (higher is better), as a
        percentage."""
        ...

    def sentence_average(self, total: Any) -> float | None:
        """The mean of the sentences' headline figures, as a percentage
        (``--average sentence``), or None where the metric has none."""
        ...

    def terms(self, counts: Any) -> Sequence[float]:
        """A sentence's sufficient statistics for :meth:`from_terms`."""
        ...

    def from_terms(self, sums: Any) -> Any:
        """The headline figure from summed terms (the last axis of a numpy
        array holds the terms, so many resampled corpora are scored at once)."""
        ...


class Part(NamedTuple):
    """A further figure of a metric's terms: its name in reports and its
    figure from summed terms (as ``from_terms``)."""

    title: str
    figure: Callable[[Any], Any]


def parts_of(metric: Metric) -> dict[str, Part]:
    """The metric's parts, by name (its optional ``parts()``; none if it has
    no such member): figures of its terms that ``compare`` tests beside the
    headline, one family of tests each."""
    parts: Callable[[], dict[str, Part]] | None = getattr(metric, "parts", None)
    return dict(parts()) if parts is not None else {}


def ratio(sums: Any, scale: float, offset: float) -> Any:
    """``offset + scale * sums[..., 0] / sums[..., 1]``, NaN where the
    denominator is 0 (numpy arrays, or a plain sequence of two numbers)."""
    import numpy as np

    values = np.asarray(sums, dtype=np.float64)
    num, den = values[..., 0], values[..., 1]
    safe = np.where(den == 0, 1.0, den)
    return np.where(den == 0, np.nan, offset + scale * num / safe)

