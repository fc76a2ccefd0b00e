"""Paired significance, confidence intervals and rank agreement, for
``parsedit compare``.

Every figure parsedit compares is a function of sums over sentences: each
metric gives a sentence's *terms* (sufficient statistics) and its headline
figure from summed terms (:class:`parsedit.metrics.base.Metric`'s ``terms``
and ``from_terms``): PARSEVAL F is 100 * 2 matched / (gold + test brackets),
an edit accuracy 100 - 100 * edits / gold events, leaf-ancestor 100 * the
sum of sentence scores / sentences, tagging F the harmonic mean of two such
ratios.  Both tests below therefore work on per-sentence terms and recompute
each figure from resampled *sums*, exactly as the real figure is computed,
never by averaging sentence rates.

* **Approximate randomisation** (Noreen 1989; Riezler and Maxwell 2005; Dan
  Bikel's comparator for parsers), :func:`randomization`: in each of
  ``samples`` rounds every sentence's two systems swap their terms with
  probability 1/2; the p-value is (hits + 1) / (samples + 1), two-sided.
  Vectorised: a round's sums are the first system's sums plus a 0/1 swap row
  times the per-sentence differences, so a block of rounds is one matrix
  product, shared by every metric, then one figure computation per metric
  for every pair.  The swap rows are drawn exactly as before the
  vectorisation (``rng.random((1000, n)) < 0.5`` per block of 1000 rounds),
  so a seed gives the same p-values as it always did.
* **Paired bootstrap** (Koehn 2004; Berg-Kirkpatrick et al. 2012),
  :func:`bootstrap`: ``samples`` resamples of the sentences with replacement,
  the same resample for every system, each a row of counts (how often each
  sentence is drawn) times the per-sentence terms.  It gives percentile
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

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float64]
# A metric's headline figure from summed terms, the terms on the last axis
# (:meth:`parsedit.metrics.base.Metric.from_terms`).
Figure = Callable[[Array], Array]
BLOCK = 1000  # rounds drawn at a time (fixes the random stream: keep it)
# A tolerance keeps exact ties (identical systems) counted as ties.
TOLERANCE = 1e-9


def _swap_blocks(n: int, samples: int, seed: int) -> Iterator[Array]:
    """The swap matrix, block by block of rounds, as 0/1 floats (rounds x n)."""
    rng = np.random.default_rng(seed)
    done = 0
    while done < samples:
        rows = min(BLOCK, samples - done)
        yield (rng.random((rows, n)) < 0.5).astype(np.float64)
        done += rows


def randomization_many(figures: Sequence[Figure],
                       pairs: Sequence[tuple[Sequence[Array], Sequence[Array]]],
                       samples: int, seed: int,
                       progress: Callable[[int], None] | None = None) -> list[list[float]]:
    """Two-sided p-values of the differences between systems a and b of each
    pair, under several metrics at once, paired by sentence: a pair is
    ``(a_terms, b_terms)``, each a list with, per metric k, an array of shape
    (sentences, terms of metric k) scored by ``figures[k]``; every pair has
    the same number of sentences.  Every pair and metric sees the same swaps,
    as separate calls with one seed would (so one matrix product per block
    serves them all, and one array operation per metric scores every pair);
    ``progress`` hears how many rounds are done.  Result: [pair][metric]."""
    metrics = len(figures)
    if not pairs:
        return []
    n = len(pairs[0][0][0])
    if any(len(x) != n for a, b in pairs for x in (*a, *b)):
        raise ValueError("every pair of a randomisation batch needs the same sentences")
    # Per metric: each pair's summed terms (pairs x terms), for a and for b.
    a_sums = [np.array([a[k].sum(axis=0) for a, _ in pairs]) for k in range(metrics)]
    b_sums = [np.array([b[k].sum(axis=0) for _, b in pairs]) for k in range(metrics)]
    observed = np.abs(np.column_stack([figure(a_sums[k]) - figure(b_sums[k])
                                       for k, figure in enumerate(figures)]))
    hits = np.zeros((len(pairs), metrics), dtype=np.int64)
    if n and not np.all(np.isnan(observed)):
        # Columns, metric by metric: per pair, the metric's term differences.
        differences = np.hstack([b[k] - a[k] for k in range(metrics) for a, b in pairs])
        widths = [len(pairs) * a_sums[k].shape[1] for k in range(metrics)]
        starts = np.cumsum([0, *widths])
        done = 0
        for swap in _swap_blocks(n, samples, seed):
            moved = swap @ differences
            for k, figure in enumerate(figures):
                # (rounds, pairs, terms)
                block = moved[:, starts[k]:starts[k + 1]].reshape(len(swap), len(pairs), -1)
                first, second = figure(a_sums[k] + block), figure(b_sums[k] - block)
                hits[:, k] += np.sum(np.abs(first - second) >= observed[:, k] - TOLERANCE,
                                     axis=0)
            done += len(swap)
            if progress is not None:
                progress(done)
    return [[float("nan") if not n or np.isnan(observed[p, k])
             else (int(hits[p, k]) + 1) / (samples + 1) for k in range(metrics)]
            for p in range(len(pairs))]


def randomization(figure: Figure, a: Array, b: Array, samples: int, seed: int) -> float:
    """Two-sided p-value of the difference between systems a and b, paired
    by sentence (``a`` and ``b``: arrays of terms, sentences x terms)."""
    return randomization_many([figure], [([a], [b])], samples, seed)[0][0]


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


def bootstrap(figures: Sequence[Figure], terms: Sequence[Array], samples: int,
              seed: int, progress: Callable[[int], None] | None = None) -> Array:
    """The figures of ``samples`` paired bootstrap resamples of the sentences:
    column k holds ``figures[k]`` of the resample's summed ``terms[k]`` (an
    array of sentences x terms; every one has the same sentences), so the
    result is (samples x columns); ``progress`` hears how many resamples are
    done."""
    columns = len(figures)
    n = len(terms[0]) if terms else 0
    if not n:
        return np.full((samples, columns), np.nan)
    both = np.hstack(terms)
    starts = np.cumsum([0, *(t.shape[1] for t in terms)])
    out = []
    for weights in resample_counts(n, samples, seed):
        sums = weights @ both
        out.append(np.column_stack([figure(sums[:, starts[k]:starts[k + 1]])
                                    for k, figure in enumerate(figures)]))
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
