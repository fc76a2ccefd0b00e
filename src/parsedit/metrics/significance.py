"""Paired significance and rank agreement, for ``parsedit compare``.

Every corpus figure parsedit compares is a ratio of sums over sentences,
``offset + scale * sum(num) / sum(den)``: PARSEVAL F is 100 * 2 matched /
(gold + test brackets), an edit accuracy 100 - 100 * edits / gold events,
leaf-ancestor 100 * the sum of sentence scores / sentences.  So the paired
**approximate randomisation** test (Noreen 1989; the test of Riezler and
Maxwell 2005 and of Dan Bikel's comparator for parsers) can shuffle whole
sentences: in each of ``samples`` rounds every sentence's two systems swap
their counts with probability 1/2, and the p-value is the share of rounds
whose difference is at least the observed one, (hits + 1) / (samples + 1).

:func:`kendall_tau` is Kendall's tau-b between two rankings, ties allowed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Ratio:
    """A corpus figure as ``offset + scale * sum(num) / sum(den)``."""

    scale: float
    offset: float

    def value(self, num: Array, den: Array) -> Array:
        """The figure of each row (the last axis is summed)."""
        totals = den.sum(axis=-1)
        safe = np.where(totals == 0, 1.0, totals)
        return np.where(totals == 0, np.nan, self.offset + self.scale * num.sum(axis=-1) / safe)


def randomization(ratio: Ratio, a: tuple[Array, Array], b: tuple[Array, Array],
                  samples: int, seed: int) -> float:
    """Two-sided p-value of the difference between systems a and b, paired
    by sentence (``a`` and ``b`` are (num, den) arrays of equal length)."""
    (a_num, a_den), (b_num, b_den) = a, b
    observed = abs(float(ratio.value(a_num, a_den) - ratio.value(b_num, b_den)))
    if np.isnan(observed):
        return float("nan")
    rng = np.random.default_rng(seed)
    hits = 0
    done = 0
    while done < samples:
        rows = min(1000, samples - done)
        swap = rng.random((rows, len(a_num))) < 0.5
        first = ratio.value(np.where(swap, b_num, a_num), np.where(swap, b_den, a_den))
        second = ratio.value(np.where(swap, a_num, b_num), np.where(swap, a_den, b_den))
        # A tolerance keeps exact ties (identical systems) counted as ties.
        hits += int(np.sum(np.abs(first - second) >= observed - 1e-9))
        done += rows
    return (hits + 1) / (samples + 1)


def kendall_tau(x: Sequence[float], y: Sequence[float]) -> float | None:
    """Kendall's tau-b of two score lists over the same items (None if one
    of them is constant)."""
    concordant = discordant = ties_x = ties_y = 0
    n = len(x)
    for i in range(n):
        for j in range(i + 1, n):
            dx, dy = x[i] - x[j], y[i] - y[j]
            if dx == 0 and dy == 0:
                continue
            if dx == 0:
                ties_x += 1
            elif dy == 0:
                ties_y += 1
            elif (dx > 0) == (dy > 0):
                concordant += 1
            else:
                discordant += 1
    denominator = ((concordant + discordant + ties_x) * (concordant + discordant + ties_y)) ** 0.5
    return None if denominator == 0 else (concordant - discordant) / denominator
