"""Paired significance, confidence intervals and rank agreement, for
``parsedit compare``.

Every corpus figure parsedit compares is a ratio of sums over sentences,
``offset + scale * sum(num) / sum(den)``: PARSEVAL F is 100 * 2 matched /
(gold + test brackets), an edit accuracy 100 - 100 * edits / gold events,
leaf-ancestor 100 * the sum of sentence scores / sentences.  Both tests below
therefore work on per-sentence counts (sufficient statistics) and recompute
each figure from resampled *sums*, exactly as the real figure is computed,
never by averaging sentence rates.

* **Approximate randomisation** (Noreen 1989; Riezler and Maxwell 2005; Dan
  Bikel's comparator for parsers), :func:`randomization`: in each of
  ``samples`` rounds every sentence's two systems swap their counts with
  probability 1/2; the p-value is (hits + 1) / (samples + 1), two-sided.
  Vectorised: a round's sums are the first system's sums plus a 0/1 swap row
  times the per-sentence differences, so a block of rounds is one matrix
  product, shared by every metric.  The swap rows are drawn exactly as
  before the vectorisation (``rng.random((1000, n)) < 0.5`` per block of
  1000 rounds), so a seed gives the same p-values as it always did.
* **Paired bootstrap** (Koehn 2004; Berg-Kirkpatrick et al. 2012),
  :func:`bootstrap`: ``samples`` resamples of the sentences with replacement,
  the same resample for every system, each a row of counts (how often each
  sentence is drawn) times the per-sentence counts.  It gives percentile
  confidence intervals for each figure and each difference, and a two-sided
  p-value for a difference: the share of resamples whose difference departs
  from the observed one by at least the observed one (the bootstrap
  distribution shifted to the null hypothesis, as Berg-Kirkpatrick et al.'s
  ``delta(x_i) > 2 delta(x)``, on both sides), (hits + 1) / (samples + 1).
* :func:`holm`: Holm's (1979) step-down correction of a family of p-values.
* :func:`kendall_tau`: Kendall's tau-b between two rankings, ties allowed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float64]
BLOCK = 1000  # rounds drawn at a time (fixes the random stream: keep it)
# A tolerance keeps exact ties (identical systems) counted as ties.
TOLERANCE = 1e-9


@dataclass(frozen=True)
class Ratio:
    """A corpus figure as ``offset + scale * sum(num) / sum(den)``."""

    scale: float
    offset: float

    def value(self, num: Array, den: Array) -> Array:
        """The figure of each row (the last axis is summed)."""
        return self.of_sums(num.sum(axis=-1), den.sum(axis=-1))

    def of_sums(self, num: Array, den: Array) -> Array:
        """The figure of summed counts (NaN where ``den`` is 0)."""
        safe = np.where(den == 0, 1.0, den)
        return np.where(den == 0, np.nan, self.offset + self.scale * num / safe)


def _swap_blocks(n: int, samples: int, seed: int) -> Iterator[Array]:
    """The swap matrix, block by block of rounds, as 0/1 floats (rounds x n)."""
    rng = np.random.default_rng(seed)
    done = 0
    while done < samples:
        rows = min(BLOCK, samples - done)
        yield (rng.random((rows, n)) < 0.5).astype(np.float64)
        done += rows


def randomization_many(ratios: Sequence[Ratio],
                       pairs: Sequence[tuple[tuple[Array, Array], tuple[Array, Array]]],
                       samples: int, seed: int,
                       progress: Callable[[int], None] | None = None) -> list[list[float]]:
    """Two-sided p-values of the differences between systems a and b of each
    pair, under several metrics at once, paired by sentence: a pair is
    ``((a_num, a_den), (b_num, b_den))``, arrays of shape (sentences,
    metrics), column k for ``ratios[k]``; every pair has the same number of
    sentences.  Every pair and metric sees the same swaps, as separate calls
    with one seed would (so one matrix product per block serves them all);
    ``progress`` hears how many rounds are done.  Result: [pair][metric]."""
    metrics = len(ratios)
    if not pairs:
        return []
    n = len(pairs[0][0][0])
    if any(len(a[0]) != n or len(b[0]) != n for a, b in pairs):
        raise ValueError("every pair of a randomisation batch needs the same sentences")
    # Per pair and metric: the summed counts, and the observed difference.
    sums = np.array([[a_num.sum(axis=0), a_den.sum(axis=0), b_num.sum(axis=0),
                      b_den.sum(axis=0)] for (a_num, a_den), (b_num, b_den) in pairs])
    observed = np.abs(np.array([[
        float(r.of_sums(sums[p, 0, k], sums[p, 1, k]) - r.of_sums(sums[p, 2, k], sums[p, 3, k]))
        for k, r in enumerate(ratios)] for p in range(len(pairs))]))
    hits = np.zeros((len(pairs), metrics), dtype=np.int64)
    if n and not np.all(np.isnan(observed)):
        # Columns: per pair, the metrics' num differences, then their den ones.
        differences = np.hstack([np.hstack([b[0] - a[0], b[1] - a[1]]) for a, b in pairs])
        scale = np.array([r.scale for r in ratios])
        offset = np.array([r.offset for r in ratios])

        def figures(num: Array, den: Array) -> Array:
            safe = np.where(den == 0, 1.0, den)
            return np.where(den == 0, np.nan, offset + scale * num / safe)

        done = 0
        for swap in _swap_blocks(n, samples, seed):
            # (rounds, pairs, num or den, metrics)
            moved = (swap @ differences).reshape(len(swap), len(pairs), 2, metrics)
            first = figures(sums[:, 0] + moved[:, :, 0], sums[:, 1] + moved[:, :, 1])
            second = figures(sums[:, 2] - moved[:, :, 0], sums[:, 3] - moved[:, :, 1])
            hits += np.sum(np.abs(first - second) >= observed - TOLERANCE, axis=0)
            done += len(swap)
            if progress is not None:
                progress(done)
    return [[float("nan") if not n or np.isnan(observed[p, k])
             else (int(hits[p, k]) + 1) / (samples + 1) for k in range(metrics)]
            for p in range(len(pairs))]


def randomization(ratio: Ratio, a: tuple[Array, Array], b: tuple[Array, Array],
                  samples: int, seed: int) -> float:
    """Two-sided p-value of the difference between systems a and b, paired
    by sentence (``a`` and ``b`` are (num, den) arrays of equal length)."""
    column = [(x[:, None], y[:, None]) for x, y in (a, b)]
    return randomization_many([ratio], [(column[0], column[1])], samples, seed)[0][0]


def resample_counts(n: int, samples: int, seed: int) -> Iterator[Array]:
    """Bootstrap resamples of n sentences, block by block: how often each
    sentence is drawn (rounds x n, each row summing to n)."""
    rng = np.random.default_rng(seed)
    done = 0
    while done < samples:
        rows = min(BLOCK, samples - done)
        drawn = rng.integers(0, n, size=(rows, n)) + n * np.arange(rows)[:, None]
        yield np.bincount(drawn.ravel(), minlength=rows * n).reshape(rows, n).astype(
            np.float64)
        done += rows


def bootstrap(ratios: Sequence[Ratio], num: Array, den: Array, samples: int,
              seed: int, progress: Callable[[int], None] | None = None) -> Array:
    """The figures of ``samples`` paired bootstrap resamples of the rows
    (sentences) of ``num`` and ``den`` (sentences x columns), column k's
    figure computed by ``ratios[k]`` from the resample's sums: (samples x
    columns); ``progress`` hears how many resamples are done."""
    columns = len(ratios)
    if not len(num):
        return np.full((samples, columns), np.nan)
    both = np.hstack([num, den])
    out = []
    for weights in resample_counts(len(num), samples, seed):
        sums = weights @ both
        out.append(np.column_stack([r.of_sums(sums[:, k], sums[:, columns + k])
                                    for k, r in enumerate(ratios)]))
        if progress is not None:
            progress(sum(len(block) for block in out))
    return np.vstack(out)


def interval(values: Array, level: float) -> tuple[float, float] | None:
    """The central ``level`` percentile interval of the finite ``values``."""
    finite = values[np.isfinite(values)]
    if not len(finite):
        return None
    tail = 100.0 * (1.0 - level) / 2.0
    low, high = np.percentile(finite, [tail, 100.0 - tail])
    return float(low), float(high)


def bootstrap_p(differences: Array, observed: float) -> float:
    """Two-sided p-value of an observed difference from its bootstrap
    distribution, shifted to the null hypothesis (see the module's text)."""
    if observed != observed:  # nan
        return float("nan")
    finite = differences[np.isfinite(differences)]
    hits = int(np.sum(np.abs(finite - observed) >= abs(observed) - TOLERANCE))
    return (hits + 1) / (len(finite) + 1)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given: the i-th
    smallest of m is multiplied by m - i + 1, kept monotone, capped at 1.
    NaN (a test that could not be run) is not counted in m and stays NaN."""
    known = sorted((p, k) for k, p in enumerate(p_values) if p == p)
    out = [float("nan")] * len(p_values)
    running = 0.0
    for rank, (p, k) in enumerate(known):
        running = max(running, min(1.0, (len(known) - rank) * p))
        out[k] = running
    return out


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
