"""Paired significance, confidence intervals and rank agreement, for
``parsedit compare``.

Every figure parsedit compares is a function of sums over sentences: each
metric gives a sentence's *terms* (sufficient statistics) and its headline
figure from summed terms (:class:`parsedit.metrics.base.Metric`'s ``terms``
and ``from_terms``): PARSEVAL F is 200 * matched / (gold + test brackets),
an edit accuracy 100 - 100 * edits / gold events, leaf-ancestor 100 * the
sum of sentence scores / sentences, tagging F the harmonic mean of two such
ratios.  Every test below therefore works on per-sentence terms and
recomputes each figure from resampled *sums*, exactly as the real figure is
computed, never by averaging sentence rates.  A *statistic* is a figure of
one group of terms (a metric's headline, or one of its parts, such as
PARSEVAL's recall and precision, :func:`parsedit.metrics.base.parts_of`).

Each resampling is tallied into a :class:`Null`: per pair of systems and
statistic, the observed difference (b - a), how many resamples reach it
(two-sided, and one-sided in its own direction), and the largest resampled
deviations, from which an interval is read that agrees with the test.

* **Approximate randomisation** (Noreen 1989; Yeh 2000; Dan Bikel's
  comparator for parsers, ``compare.pl``), :func:`randomization_null`: in
  each of ``samples`` rounds every sentence's two systems swap their terms
  with probability 1/2; the null deviation of a round is its difference
  b* - a*; p = (hits + 1) / (samples + 1).  Vectorised: a round's sums are
  the observed sums plus a 0/1 swap row times the per-sentence differences,
  so a block of rounds is one matrix product, shared by every statistic and
  every pair (each pair over its own sentences: the others' differences are
  zero for it), then one figure computation per statistic for every pair.
  The swap rows are drawn exactly as before the vectorisation
  (``rng.random((1000, n)) < 0.5`` per block of 1000 rounds), so a seed
  gives the same p-values as it always did for systems scored on the same
  sentences.
* **The exact permutation test**, :func:`permutation_null`: every one of the
  2^n swaps of n sentences (n <= :data:`EXACT_MAX`); p = hits / 2^n, the
  figure the randomisation approximates.
* **Paired bootstrap** (Koehn 2004; Berg-Kirkpatrick et al. 2012),
  :func:`bootstrap` (the figures of every resample, for percentile
  intervals of each system's figure) and :func:`bootstrap_null` (per pair,
  the deviation d* - d of a resample's difference from the observed one: the
  bootstrap distribution shifted to the null hypothesis, as
  Berg-Kirkpatrick et al.'s ``delta(x_i) > 2 delta(x)``, on both sides);
  each resample is a row of counts (how often each sentence is drawn)
  times the per-sentence terms.
* **Intervals that agree with a test** (:meth:`Null.half_width`): the
  observed difference +- the test's critical value at a level gamma: the
  (T + 1)-th largest null deviation, T the most hits a p-value below gamma
  allows.  It is the set of differences delta for which d - delta would not
  be significant at gamma under the resampled null distribution (the test
  inverted under a shift), so it excludes 0 exactly when p < gamma.
* :func:`holm`: Holm's (1979) step-down correction of a family of p-values;
  :func:`stopping_level`: the per-comparison level at which it stopped.
* :func:`kendall_tau`: Kendall's tau-b between two rankings, ties allowed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float64]
Counts = npt.NDArray[np.int64]
# A metric's headline figure from summed terms, the terms on the last axis
# (:meth:`parsedit.metrics.base.Metric.from_terms`).
Figure = Callable[[Array], Array]
# A statistic: (the group of terms it reads, its figure of their sums).
Statistic = tuple[int, Figure]
# A pair of systems: per group of terms, each system's terms (sentences x terms).
Pair = tuple[Sequence[Array], Sequence[Array]]
BLOCK = 1000  # rounds drawn at a time (fixes the random stream: keep it)
# A tolerance keeps exact ties (identical systems) counted as ties.
TOLERANCE = 1e-9
# Pairs over this many sentences or fewer also get the exact permutation test
# (2^20 = 1,048,576 swaps at most).
EXACT_MAX = 20


def _swap_blocks(n: int, samples: int, seed: int) -> Iterator[Array]:
    """The swap matrix, block by block of rounds, as 0/1 floats (rounds x n)."""
    rng = np.random.default_rng(seed)
    done = 0
    while done < samples:
        rows = min(BLOCK, samples - done)
        yield (rng.random((rows, n)) < 0.5).astype(np.float64)
        done += rows


def _all_swaps(n: int) -> Iterator[Array]:
    """Every one of the 2^n swaps of n sentences, block by block (0/1 floats)."""
    total = 1 << n
    step = 1 << min(n, 12)
    bits = np.arange(n)
    for start in range(0, total, step):
        codes = np.arange(start, min(start + step, total))
        yield ((codes[:, None] >> bits) & 1).astype(np.float64)


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


def _reaches(size: Array, observed: Array) -> npt.NDArray[np.bool_]:
    """Whether resampled deviations (by size) reach an observed difference
    (two-sided; NaN reaches nothing)."""
    reached: npt.NDArray[np.bool_] = size >= np.abs(observed) - TOLERANCE
    return reached


@dataclass
class Null:
    """One resampling of every pair under every statistic, tallied against
    the observed differences (arrays of pairs x statistics).

    ``rounds``: the resamples counted (all of them for a randomisation or
    the enumeration, whose NaN rounds reach nothing; the finite ones for a
    bootstrap); ``hits``: those whose deviation reaches the observed
    difference on either side; ``directed``: those reaching it on its own
    side (Bikel's one-sided count); ``largest``: the ``keep`` largest
    deviations by size, descending (keep x pairs x statistics, -inf where
    fewer)."""

    observed: Array
    rounds: Counts
    hits: Counts
    directed: Counts
    largest: Array

    def p(self, plus_one: bool = True) -> Array:
        """Two-sided p-values, (hits + 1) / (rounds + 1) (a sampled test), or
        hits / rounds (the enumeration, ``plus_one=False``); NaN where the
        difference is undefined."""
        extra = 1 if plus_one else 0
        with np.errstate(invalid="ignore", divide="ignore"):
            p = (self.hits + extra) / (self.rounds + extra)
        return np.where(np.isnan(self.observed) | (self.rounds + extra == 0), np.nan, p)

    def p_directed(self) -> Array:
        """One-sided p-values in the observed difference's direction, as
        Bikel's ``compare.pl``: (directed + 1) / (rounds + 1)."""
        with np.errstate(invalid="ignore", divide="ignore"):
            p = (self.directed + 1) / (self.rounds + 1)
        return np.where(np.isnan(self.observed), np.nan, p)

    def half_width(self, pair: int, statistic: int, gamma: float,
                   significant: bool) -> float | None:
        """The half-width c of the interval observed +- c that inverts this
        test at level ``gamma``: the (T + 1)-th largest deviation (plus the
        tolerance), T the most hits a p-value below gamma allows, so that
        the interval excludes 0 exactly when p < gamma.  ``significant`` is
        the verdict reported (p < gamma, decided by Holm's procedure): at
        the edge, where rounding in gamma could decide otherwise, T follows
        the verdict.  Where no p-value can fall below gamma (too few
        samples), the interval reaches past 0 on the far side of the
        observed difference.  None where the test is significant but fewer
        than T + 1 rounds gave a figure at all (most rounds' figures
        undefined, and undefined rounds reach nothing): no resampled
        deviation bounds the interval, and none is made up here."""
        n, hits = int(self.rounds[pair, statistic]), int(self.hits[pair, statistic])
        size = abs(float(self.observed[pair, statistic]))
        allowed = math.floor(gamma * (n + 1)) - 1  # (T + 1) / (n + 1) < gamma
        while allowed >= 0 and (allowed + 1) / (n + 1) >= gamma:
            allowed -= 1
        while (allowed + 2) / (n + 1) < gamma:
            allowed += 1
        allowed = max(allowed, hits) if significant else min(allowed, hits - 1)
        if allowed >= len(self.largest):
            raise ValueError(f"keep at least {allowed + 1} deviations for level {gamma}")
        column = self.largest[:, pair, statistic]
        if allowed >= 0 and np.isfinite(column[allowed]):
            width = float(column[allowed]) + TOLERANCE
        elif significant:
            # Only where most rounds' figures are undefined (NaN rounds
            # reach nothing): no finite deviation bounds the interval.
            return None
        else:
            seen = column[0] if len(column) and np.isfinite(column[0]) else 0.0
            width = max(float(seen), size) + TOLERANCE
        # Where floating point rounds the last step otherwise, move by ulps.
        for _ in range(64):
            if (size > width) == significant:
                return width
            width = float(np.nextafter(width, -np.inf if significant else np.inf))
        raise AssertionError("an interval that disagrees with its test")


def _tally(statistics: Sequence[Statistic], a_sums: Sequence[Array], b_sums: Sequence[Array],
           resampled: Iterator[tuple[Array, Array]], centred: bool, count_all: bool,
           keep: int, progress: Callable[[int], None] | None) -> Null:
    """Tally resampled sums against the observed ones.  ``a_sums[g]`` and
    ``b_sums[g]``: each pair's summed terms of group g (pairs x terms);
    ``resampled`` yields, block by block, both systems' resampled sums
    (rounds x columns: group by group, pair by pair, term by term);
    ``centred``: a deviation is the resampled difference minus the observed
    one (a bootstrap), else the resampled difference (a randomisation)."""
    widths = [sums.shape[1] for sums in a_sums]
    starts = np.cumsum([0] + [len(a_sums[0]) * w for w in widths])
    pairs = len(a_sums[0])
    observed = np.column_stack([figure(b_sums[g]) - figure(a_sums[g])
                                for g, figure in statistics]).reshape(pairs, len(statistics))
    shape = (pairs, len(statistics))
    rounds, hits, directed = (np.zeros(shape, dtype=np.int64) for _ in range(3))
    largest = np.full((0, *shape), -np.inf)
    done = 0
    for first, second in resampled:
        count = len(first)
        deviation = np.empty((count, *shape))
        for s, (g, figure) in enumerate(statistics):
            cut = slice(starts[g], starts[g + 1])
            found = figure(second[:, cut].reshape(count, pairs, -1)) \
                - figure(first[:, cut].reshape(count, pairs, -1))
            deviation[:, :, s] = found - observed[:, s] if centred else found
        finite = np.isfinite(deviation)
        size = np.abs(deviation)
        hits += np.sum(_reaches(size, observed), axis=0)
        directed += np.sum(np.where(observed >= 0, deviation >= observed - TOLERANCE,
                                    deviation <= observed + TOLERANCE), axis=0)
        rounds += count if count_all else np.sum(finite, axis=0)
        largest = np.concatenate([largest, np.where(finite, size, -np.inf)])
        if len(largest) > keep:
            largest = -np.partition(-largest, keep - 1, axis=0)[:keep]
        done += count
        if progress is not None:
            progress(done)
    return Null(observed, rounds, hits, directed, -np.sort(-largest, axis=0))


def _grouped(pairs: Sequence[Pair], side: int, groups: int) -> list[Array]:
    """One side's terms as one matrix per group: sentences x (pair by pair,
    term by term)."""
    return [np.hstack([pair[side][g] for pair in pairs]) for g in range(groups)]


@dataclass
class _Prepared:
    """Pairs over the same n sentences, summed: per group, each side's sums
    (pairs x terms)."""

    n: int
    groups: int
    a_sums: list[Array]
    b_sums: list[Array]


def _prepared(pairs: Sequence[Pair]) -> _Prepared:
    n = len(pairs[0][0][0])
    if any(len(x) != n for a, b in pairs for x in (*a, *b)):
        raise ValueError("every pair of a resampling needs the same sentences")
    groups = len(pairs[0][0])
    return _Prepared(n, groups, *([np.array([pair[side][g].sum(axis=0) for pair in pairs])
                                   for g in range(groups)] for side in (0, 1)))


def _empty(pairs: int, statistics: int) -> Null:
    shape = (pairs, statistics)
    zero = np.zeros(shape, dtype=np.int64)
    return Null(np.full(shape, np.nan), zero, zero.copy(), zero.copy(),
                np.full((0, *shape), -np.inf))


def _swapped(pairs: Sequence[Pair], ready: _Prepared, swaps: Iterator[Array]
             ) -> Iterator[tuple[Array, Array]]:
    """Both sides' sums after each round of swaps: the observed sums plus
    (minus) the swap rows times the per-sentence differences b - a."""
    differences = np.hstack([b - a for a, b in zip(_grouped(pairs, 0, ready.groups),
                                                   _grouped(pairs, 1, ready.groups))])
    first = np.concatenate([s.ravel() for s in ready.a_sums])
    second = np.concatenate([s.ravel() for s in ready.b_sums])
    for swap in swaps:
        moved = swap @ differences
        yield first + moved, second - moved


def randomization_null(statistics: Sequence[Statistic], pairs: Sequence[Pair],
                       samples: int, seed: int, keep: int = 1,
                       rows: Sequence[npt.NDArray[np.bool_]] | None = None,
                       progress: Callable[[int], None] | None = None) -> Null:
    """Paired approximate randomisation of every pair under every statistic
    at once: one swap matrix for every pair (all over the same n sentences;
    a pair whose ``rows`` mask leaves a sentence out is randomised over its
    own sentences, the others' terms zeroed for it), one matrix product per
    block of rounds; ``keep``: how many of the largest deviations to keep
    (for intervals); ``progress`` hears how many rounds are done."""
    if not pairs:
        return _empty(0, len(statistics))
    if rows is not None:
        pairs = [([t * mask[:, None] for t in a], [t * mask[:, None] for t in b])
                 for (a, b), mask in zip(pairs, rows)]
    ready = _prepared(pairs)
    if not ready.n:
        return _empty(len(pairs), len(statistics))
    return _tally(statistics, ready.a_sums, ready.b_sums,
                  _swapped(pairs, ready, _swap_blocks(ready.n, samples, seed)),
                  False, True, keep, progress)


def permutation_null(statistics: Sequence[Statistic], pairs: Sequence[Pair],
                     keep: int = 1) -> Null:
    """The exact paired permutation test: every one of the 2^n swaps of the
    pairs' n sentences (n <= :data:`EXACT_MAX`); p = hits / 2^n."""
    if not pairs:
        return _empty(0, len(statistics))
    ready = _prepared(pairs)
    if ready.n > EXACT_MAX:
        raise ValueError(f"the exact test lists 2^n swaps: n = {ready.n} > {EXACT_MAX}")
    if not ready.n:
        return _empty(len(pairs), len(statistics))
    return _tally(statistics, ready.a_sums, ready.b_sums,
                  _swapped(pairs, ready, _all_swaps(ready.n)), False, True, keep, None)


def bootstrap_null(statistics: Sequence[Statistic], pairs: Sequence[Pair], samples: int,
                   seed: int, keep: int = 1,
                   progress: Callable[[int], None] | None = None) -> Null:
    """The paired bootstrap of every pair (all over the same n sentences),
    centred: a resample's deviation is its difference minus the observed
    one; only finite resamples are counted."""
    if not pairs:
        return _empty(0, len(statistics))
    ready = _prepared(pairs)
    if not ready.n:
        return _empty(len(pairs), len(statistics))
    a_terms = np.hstack(_grouped(pairs, 0, ready.groups))
    b_terms = np.hstack(_grouped(pairs, 1, ready.groups))
    blocks = ((weights @ a_terms, weights @ b_terms)
              for weights in resample_counts(ready.n, samples, seed))
    return _tally(statistics, ready.a_sums, ready.b_sums, blocks, True, False, keep,
                  progress)


def randomization_many(figures: Sequence[Figure],
                       pairs: Sequence[tuple[Sequence[Array], Sequence[Array]]],
                       samples: int, seed: int,
                       progress: Callable[[int], None] | None = None) -> list[list[float]]:
    """Two-sided p-values of the differences between systems a and b of each
    pair, under several metrics at once, paired by sentence: a pair is
    ``(a_terms, b_terms)``, each a list with, per metric k, an array of shape
    (sentences, terms of metric k) scored by ``figures[k]``; every pair has
    the same number of sentences.  Every pair and metric sees the same swaps,
    as separate calls with one seed would.  Result: [pair][metric]."""
    null = randomization_null(list(enumerate(figures)), pairs, samples, seed,
                              progress=progress)
    return [[float(p) for p in row] for row in null.p()]


def randomization(figure: Figure, a: Array, b: Array, samples: int, seed: int) -> float:
    """Two-sided p-value of the difference between systems a and b, paired
    by sentence (``a`` and ``b``: arrays of terms, sentences x terms)."""
    return randomization_many([figure], [([a], [b])], samples, seed)[0][0]


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
    hits = int(np.sum(_reaches(np.abs(finite - observed), np.array(observed))))
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


def stopping_level(p_holm: Sequence[float], alpha: float) -> float:
    """The per-comparison level at which Holm's step-down stopped: alpha /
    (m - k) for m tests (NaN ones not counted) of which k are significant
    (Holm-corrected p < alpha), alpha when all are.  Every test's
    uncorrected p lies below it exactly when the test is significant: the k
    significant ones passed alpha / (m - i + 1) <= alpha / (m - k) at their
    step i, and the first one that failed, with every larger p, is at or
    above alpha / (m - k)."""
    known = [p for p in p_holm if p == p]
    left = len(known) - sum(p < alpha for p in known)
    return alpha / left if left else alpha


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
