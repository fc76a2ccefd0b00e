"""``parsedit compare``: several systems against one gold file.

Each system is scored as ``parsedit score`` scores it (:func:`evaluate`);
then, per metric, its corpus figure with a paired-bootstrap percentile
confidence interval, its rank, the rank agreement between metrics (Kendall's
tau-b over the systems ranked) and, for every compared pair (every pair of
systems, or each system against a ``baseline``), the difference b - a
(system - baseline) and the p-value of a paired test (approximate
randomisation or bootstrap), Holm-corrected over the tests run under that
metric, with the interval that inverts that test at the per-comparison
level where Holm's procedure stopped, so that an interval excludes 0 exactly
when its test is significant (:mod:`parsedit.metrics.significance`).  Pairs
over :data:`EXACT_MAX` sentences or fewer also get the exact permutation
test's p; a metric's parts (PARSEVAL's recall and precision) are tested as
Bikel's ``compare.pl`` tests them.

Every metric of ``--metrics`` is compared, through the interface every
metric implements (:class:`parsedit.metrics.base.Metric[Any]`): its ``title``, its
``headline`` figure of the summed counts, its ``sentence_average``, its
per-sentence ``terms`` with ``from_terms`` for the resampled figures, and its
optional ``parts``.  No metric is named here: a metric added to the registry
is compared as it is.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from parsedit.config import Config
from parsedit.errors import ConfigError
from parsedit.metrics import registry
from parsedit.metrics.base import Metric
from parsedit.pipeline.run import evaluate, input_formats
from parsedit.plural import plural
from parsedit.results import CorpusResult
from parsedit.trees.formats import against_gold, read_items
from parsedit.trees.source import DEFAULT_ENCODING, check_files

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from parsedit.metrics.significance import Array

TESTS = {"ar": "paired approximate randomisation", "bs": "paired bootstrap"}
# Pairs over this many sentences or fewer get the exact permutation test too.
EXACT_MAX = 20
# Fewer sentences than this, and percentile-bootstrap intervals are too narrow
# (their coverage falls short of the level asked: the resamples of a few
# sentences spread less than the sentences do, by sqrt((n - 1) / n) and
# more); a rule of thumb, said in a warning.
BOOTSTRAP_MIN = 30
# (phase, total, done): what a long run reports as it goes.
Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class Headlines:
    """Each metric's title and each system's headline figure under it (None
    where it is undefined), by metric, in the run's order, with each
    system's rank (:func:`ranks`: ties share the best rank; None for a
    system not ranked, see :func:`headlines`)."""

    titles: dict[str, str]
    figures: dict[str, list[float | None]]
    ranks: dict[str, list[int | None]] = field(default_factory=dict)


def headlines(results: Sequence[CorpusResult], config: Config,
              metrics: Mapping[str, Metric[Any]] | None = None) -> Headlines:
    """The headline figures of systems scored under ``config`` and their
    ranks (what ``compare`` shows and ``plot rank-differences`` draws);
    ``metrics``: the config's metrics, if already built.

    A system whose run stopped early, whose file holds another number of
    trees, or which was scored on fewer sentences than the systems together
    (missing or unreadable parses, skipped) is scored on part of the gold
    file: not ranked, so that every rank compares figures over the same
    sentences."""
    metrics = metrics or registry.build(config)
    figures = {name: [m.headline(r.totals.counts[name]) for r in results]
               for name, m in metrics.items()}
    scored = [_scored(r) for r in results]
    union = frozenset().union(*scored)
    ranked = [r.complete and mine == union for r, mine in zip(results, scored)]
    return Headlines({name: m.title for name, m in metrics.items()}, figures,
                     {name: ranks([f if rank else None for f, rank in zip(figures[name], ranked)],
                                  m.higher_is_better) for name, m in metrics.items()})


def _scored(result: CorpusResult) -> frozenset[int]:
    """The numbers of the sentences in a result's figures."""
    return frozenset(s.id for s in result.sentences if s.has_counts)


Interval = tuple[float, float]
Pair = tuple[int, int]


@dataclass
class PartTests:
    """A metric's part tested beside its headline (PARSEVAL's recall and
    precision), as Bikel's ``compare.pl`` tests them: stratified shuffling
    (each sentence's two systems swapped with probability 1/2, the same
    rounds as the headline's randomisation) and a one-sided p-value in the
    observed difference's direction, (hits + 1) / (samples + 1); Holm-
    corrected over the pairs, a family of its own."""

    title: str
    # whether a higher figure is better (False: a count of errors)
    higher_is_better: bool = True
    # per system, its figure over the sentences it scored (None: undefined)
    figures: list[float | None] = field(default_factory=list)
    # (i, j) -> figure j - figure i over the sentences both scored
    differences: dict[Pair, float | None] = field(default_factory=dict)
    p_values: dict[Pair, float] = field(default_factory=dict)
    p_holm: dict[Pair, float] = field(default_factory=dict)


@dataclass
class Comparison:
    names: list[str]
    metrics: tuple[str, ...]
    results: list[CorpusResult]
    samples: int
    seed: int
    signature: str
    test: str = "ar"  # the paired test of the p-values: "ar" or "bs"
    alpha: float = 0.05  # significance level; the figures' intervals are at 1 - alpha
    baseline: int | None = None  # the system every other one is compared with
    # metric -> its headline figure's name ("PARSEVAL F", "label acc.")
    titles: dict[str, str] = field(default_factory=dict)
    figures: dict[str, list[float | None]] = field(default_factory=dict)
    # metric -> per system, the percentile-bootstrap interval of its figure
    intervals: dict[str, list[Interval | None]] = field(default_factory=dict)
    ranks: dict[str, list[int | None]] = field(default_factory=dict)
    # With --average sentence: metric -> per system, the mean of its sentences.
    averages: dict[str, list[float | None]] = field(default_factory=dict)
    # (a, b) -> tau-b over the systems ranked under both, a before b in
    # ``metrics``; and how many systems that is.
    tau: dict[tuple[str, str], float | None] = field(default_factory=dict)
    tau_systems: dict[tuple[str, str], int] = field(default_factory=dict)
    # The compared pairs (i, j), in order: i < j, or (baseline, j).
    pairs: list[Pair] = field(default_factory=list)
    # metric -> (i, j) -> p-value, uncorrected and Holm-corrected over the
    # metric's tests; figure j - figure i (system - baseline) and the
    # interval that inverts the test at ``interval_levels[metric]``.
    p_values: dict[str, dict[Pair, float]] = field(default_factory=dict)
    p_holm: dict[str, dict[Pair, float]] = field(default_factory=dict)
    differences: dict[str, dict[Pair, float | None]] = field(default_factory=dict)
    difference_intervals: dict[str, dict[Pair, Interval | None]] = field(
        default_factory=dict)
    # metric -> the confidence of its pairs' intervals: 1 - alpha / (m - k),
    # m tests of which k significant (1 - alpha when all are).
    interval_levels: dict[str, float] = field(default_factory=dict)
    # metric -> the pairs whose interval no resampled deviation bounds (a
    # significant test most of whose rounds gave no figure): their interval
    # is the difference +- half of it, which agrees with the verdict and
    # was not resampled.
    unresampled: dict[str, set[Pair]] = field(default_factory=dict)
    # metric -> (i, j) -> the exact permutation p, for pairs over EXACT_MAX
    # sentences or fewer.
    p_exact: dict[str, dict[Pair, float]] = field(default_factory=dict)
    # metric -> part name -> its tests (metrics with parts only).
    parts: dict[str, dict[str, PartTests]] = field(default_factory=dict)
    # (i, j) -> sentences both systems scored (what a pair's test uses)
    paired: dict[Pair, int] = field(default_factory=dict)
    # sentences the bootstrap resamples: those some system scored
    resampled: int = 0
    warnings: list[str] = field(default_factory=list)
    # The trees of the gold file (what "scored" counts against).
    gold_trees: int = 0
    # metric -> whether a higher figure is better (False: a count of errors,
    # ranked fewest first); absent: higher is better
    higher: dict[str, bool] = field(default_factory=dict)

    def better(self, metric: str) -> bool:
        """Whether a higher figure is better under ``metric``."""
        return self.higher.get(metric, True)

    @property
    def scored(self) -> list[frozenset[int]]:
        """Per system, the numbers of the sentences in its figures."""
        return [_scored(r) for r in self.results]

    @property
    def level(self) -> float:
        """The confidence level of the systems' figures' intervals."""
        return 1.0 - self.alpha

    def tests(self, metric: str) -> int:
        """How many tests were run under a metric (the Holm family)."""
        return sum(p == p for p in self.p_values[metric].values())

    def tested(self, metric: str) -> list[Pair]:
        """The pairs tested under a metric: those with a difference (a
        pair without, where a system has no figure over the sentences both
        scored, has no test, p-value or interval, and is left out of
        JSON's ``significance``, with a warning)."""
        return [pair for pair in self.pairs if self.differences[metric][pair] is not None]

    def significant(self, metric: str, pair: Pair) -> bool:
        """Whether a pair differs under a metric at alpha, after Holm's
        correction (and so whether its interval excludes 0)."""
        p = self.p_holm[metric][pair]
        return p == p and p < self.alpha

    def part_significant(self, part: PartTests, pair: Pair) -> bool:
        """Whether a pair differs under a metric's part at alpha, after
        Holm's correction over the part's tests."""
        p = part.p_holm[pair]
        return p == p and p < self.alpha


def ranks(values: list[float | None], higher_is_better: bool = True) -> list[int | None]:
    """1 for the best (the highest, or the lowest where lower is better);
    ties share the best rank; None stays None."""
    sign = 1.0 if higher_is_better else -1.0
    known = [sign * v for v in values if v is not None]
    return [None if v is None else 1 + sum(other > sign * v for other in known)
            for v in values]


def names_for(paths: list[str], names: tuple[str, ...]) -> list[str]:
    """The systems' names: ``names`` if given, else each file's stem
    (``collins.1.mrg`` -> ``collins.1``)."""
    if names and len(names) != len(paths):
        raise ConfigError(f"--name is given {len(names)} times for {len(paths)} systems")
    out = list(names) or [Path(p).stem for p in paths]
    if len(set(out)) != len(out):
        raise ConfigError(f"two systems have the same name ({', '.join(out)}); use --name")
    return out


def _baseline(names: list[str], paths: list[str], baseline: str | None) -> int | None:
    if baseline is None:
        return None
    for i, (name, path) in enumerate(zip(names, paths)):
        if baseline in (name, path):
            return i
    raise ConfigError(f"--baseline {baseline}: no system has that name or file; the systems "
                      f"are {', '.join(names)}")


def compare(gold: str, paths: list[str], config: Config, names: tuple[str, ...] = (),
            samples: int = 10000, seed: int = 12345, jobs: int = 1,
            progress: Progress | None = None, baseline: str | None = None,
            test: str = "ar", alpha: float = 0.05,
            gold_encoding: str = DEFAULT_ENCODING,
            test_encoding: str = DEFAULT_ENCODING,
            formats: tuple[str, str] = ("auto", "auto")) -> Comparison:
    """Score every system in ``paths`` against ``gold`` and compare them
    (see the module's text); ``progress`` hears of every phase;
    ``formats``: the gold file's and the systems' (``auto``: told from
    their first lines, and under the unsupervised convention a system's bare
    brackets from the gold file's words; bracketed, conllu or bare).  Every
    option is checked, and every file read through, before the first is
    scored."""
    if len(paths) < 2:
        raise ConfigError("compare needs at least two systems")
    if config.segmentation != "gold":
        raise ConfigError(f"compare cannot use --segmentation {config.segmentation}: each "
                          "system's sentences would be paired with gold differently, and the "
                          "paired tests need the same sentences in every system")
    if samples < 1 or seed < 0:
        raise ConfigError(f"compare needs samples >= 1 and a seed >= 0, not {samples} "
                          f"and {seed}")
    if test not in TESTS:
        raise ConfigError(f"the paired test must be one of {', '.join(TESTS)}, not {test!r}")
    if not 0.0 < alpha < 1.0:
        raise ConfigError(f"alpha must lie between 0 and 1, not {alpha}")
    labels = names_for(paths, names)
    base = _baseline(labels, paths, baseline)
    report: Progress = progress or (lambda phase, total, done: None)
    check_files((gold, gold_encoding), *((path, test_encoding) for path in paths))
    gold_format = input_formats(gold, gold, (gold_encoding, gold_encoding),
                                (formats[0], formats[0]))[0]
    total = sum(1 for _ in read_items(gold, gold_format, gold_encoding))
    results = []
    for k, (label, path) in enumerate(zip(labels, paths), start=1):
        phase = f"scoring {label} ({k}/{len(paths)})"
        # (under the unsupervised convention a system may write bare
        # brackets, told by the gold file's words, as score tells them)
        test_format = against_gold(path, gold, config.params.normalisation,
                                   (gold_encoding, test_encoding)) \
            if formats[1] == "auto" and config.params.unsupervised else formats[1]
        results.append(evaluate(gold, path, config, jobs=jobs,
                                progress=partial(report, phase, total),
                                gold_encoding=gold_encoding, test_encoding=test_encoding,
                                formats=(gold_format, test_format)))
    name = {"ar": "randomization", "bs": "bootstrap"}[test]
    signature = (f"{results[0].signature}|compare:{name}(samples={samples},seed={seed})"
                 f"+bootstrap-ci({1.0 - alpha:g})+holm+inverted-ci"
                 + (f"|baseline:{labels[base]}" if base is not None else ""))
    built = registry.build(config)
    metrics = tuple(built)
    board = headlines(results, config, built)
    out = Comparison(labels, metrics, results, samples, seed, signature, test, alpha, base,
                     board.titles, board.figures, ranks=board.ranks, gold_trees=total,
                     higher={name: m.higher_is_better for name, m in built.items()})
    for name, metric in built.items():
        if config.average == "sentence":
            out.averages[name] = [metric.sentence_average(r.totals.counts[name])
                                  for r in results]
    from parsedit.metrics.significance import kendall_tau

    # Over the systems the table ranks: a figure over fewer sentences is
    # no rank, and agrees or disagrees with nothing.  A figure where lower
    # is better counts negated, so that agreeing rankings agree.
    sign = {name: 1.0 if metric.higher_is_better else -1.0 for name, metric in built.items()}
    for k, a in enumerate(metrics):
        for b in metrics[k + 1:]:
            both = [(sign[a] * x, sign[b] * y) for x, y, ranked_a, ranked_b
                    in zip(out.figures[a], out.figures[b], out.ranks[a], out.ranks[b])
                    if ranked_a is not None and ranked_b is not None
                    and x is not None and y is not None]
            out.tau[a, b] = kendall_tau([p[0] for p in both], [p[1] for p in both])
            out.tau_systems[a, b] = len(both)
    systems = range(len(results))
    out.pairs = [(base, j) for j in systems if j != base] if base is not None else \
        [(i, j) for i in systems for j in systems if i < j]
    out.warnings = _warnings(out)
    _significance(out, built, report)
    return out


def _warnings(c: Comparison) -> list[str]:
    """The scoring warnings (once), and whether the systems were scored on
    different sentence sets."""
    out: list[str] = []
    for name, result in zip(c.names, c.results):
        for warning in result.warnings:  # named by system unless every system has it
            said = warning if all(warning in r.warnings for r in c.results) \
                else f"{name}: {warning}"
            if said not in out:
                out.append(said)
    for name, result in zip(c.names, c.results):
        for problem in result.problems("the gold file", name):
            out.append(f"{name}: {problem}; its figures cover only the sentences scored, and "
                       "it is not ranked")
    scored = c.scored
    if len(set(scored)) > 1:
        counts = ", ".join(f"{name} {len(ids)}" for name, ids in zip(c.names, scored))
        union = frozenset().union(*scored)
        fewer = [name for name, ids, result in zip(c.names, scored, c.results)
                 if ids != union and result.complete]
        out.append(f"the systems were scored on different sentences ({counts} scored): each "
                   "figure is over its own sentences, each randomisation test over the "
                   "sentences both systems scored"
                   + (f"; {', '.join(fewer)}, scored on fewer than the {len(union)} sentences "
                      "the systems scored together, not ranked (--failures count scores a "
                      "missing or unreadable parse, or a CoNLL-U tree that is not a tree, as "
                      f"a failed parse: one with {c.results[0].failure_scored_as}; a pair "
                      "whose words differ is an error either way)"
                      if fewer else ""))
    return out


def _terms(result: CorpusResult, metrics: Sequence[Metric[Any]], longest: int
           ) -> tuple[list[Array], npt.NDArray[np.bool_]]:
    """Per metric, the terms of each of the first ``longest`` sentences
    (sentences x terms), 0 where the sentence was not scored; and the mask
    of scored sentences.  A sentence is a pair of lines: the two rows
    EVALB_SPMRL gives some pairs (``-p spmrl``) add up in one."""
    import numpy as np

    found = [np.zeros((longest, len(m.terms(m.zero())))) for m in metrics]
    ok = np.zeros(longest, dtype=bool)
    for sentence in result.sentences:
        row = sentence.id - 1
        if sentence.has_counts and row < longest:
            ok[row] = True
            for terms, metric in zip(found, metrics):
                terms[row] += metric.terms(sentence.counts[metric.name])
    return found, ok


def _offset(report: Progress, phase: str, total: int, before: int) -> Callable[[int], None]:
    """A callback that reports ``before`` + its count done of ``total``."""
    def told(done: int) -> None:
        report(phase, total, before + done)
    return told


def _significance(c: Comparison, built: Mapping[str, Metric[Any]], report: Progress) -> None:
    """The figures' bootstrap intervals; per pair the paired test (and the
    exact one over a few sentences), Holm's correction and the interval that
    agrees with it; the parts' tests."""

    from parsedit.metrics.significance import (
        Null,
        bootstrap,
        bootstrap_null,
        holm,
        interval,
        permutation_null,
        randomization_null,
        stopping_level,
    )

    metrics = [built[name] for name in c.metrics]
    m = len(metrics)
    heads = [(k, metric.from_terms) for k, metric in enumerate(metrics)]
    parted = [(k, name, part) for k, metric in enumerate(metrics)
              for name, part in metric.parts().items()]
    longest = max((s.id for r in c.results for s in r.sentences), default=0)
    scored = sorted({s.id - 1 for r in c.results for s in r.sentences if s.has_counts})
    c.resampled = len(scored)
    # Every array from here is over the sentences some system scored: per
    # system, per metric, its terms (0 where it did not score the sentence).
    systems = [_terms(r, metrics, longest) for r in c.results]
    terms = [[t[scored] for t in found] for found, _ in systems]
    masks = [ok[scored] for _, ok in systems]
    # system s, metric k: column s * m + k
    boot = bootstrap([metric.from_terms for metric in metrics] * len(c.results),
                     [t for found in terms for t in found], c.samples, c.seed,
                     partial(report, "bootstrap resamples", c.samples))
    for k, metric in enumerate(c.metrics):
        c.intervals[metric] = [interval(boot[:, s * m + k], c.level)
                               for s in range(len(c.results))]
    # A pair is compared on the sentences both systems scored (its paired
    # data): difference, interval and p alike.
    both = {(i, j): masks[i] & masks[j] for i, j in c.pairs}
    c.paired = {pair: int(rows.sum()) for pair, rows in both.items()}

    def own(pair: Pair) -> tuple[list[Array], list[Array]]:
        """The pair's terms over its own sentences."""
        rows = both[pair]
        return [t[rows] for t in terms[pair[0]]], [t[rows] for t in terms[pair[1]]]

    # Enough of the largest deviations for an interval at any level <= alpha.
    keep = min(c.samples, math.ceil(c.alpha * (c.samples + 1)) + 1)
    # One randomisation serves every pair (each over its own sentences) and
    # every statistic: the headlines' test (--paired ar) and the parts'.
    shuffled_stats = (heads if c.test == "ar" else []) + [(k, part.figure)
                                                          for k, _, part in parted]
    shuffled = randomization_null(
        shuffled_stats, [(terms[i], terms[j]) for i, j in c.pairs], c.samples, c.seed,
        keep, rows=[both[pair] for pair in c.pairs],
        progress=partial(report, "randomisation rounds", c.samples)) \
        if shuffled_stats and c.pairs else None
    tested: dict[Pair, tuple[Null, int]] = {}
    if c.test == "ar" and shuffled is not None:
        tested = {pair: (shuffled, row) for row, pair in enumerate(c.pairs)}
    elif c.test == "bs":
        # Pairs over as many sentences share one stream of resamples.
        batches: dict[int, list[Pair]] = {}
        for pair in c.pairs:
            batches.setdefault(c.paired[pair], []).append(pair)
        rounds = c.samples * len(batches)
        for k, batch in enumerate(batches.values()):
            null = bootstrap_null(heads, [own(pair) for pair in batch], c.samples, c.seed,
                                  keep, _offset(report, "paired bootstrap resamples",
                                                rounds, k * c.samples))
            tested.update((pair, (null, row)) for row, pair in enumerate(batch))
    small: dict[int, list[Pair]] = {}
    for pair in c.pairs:
        if 0 < c.paired[pair] <= EXACT_MAX:
            small.setdefault(c.paired[pair], []).append(pair)
    for batch in small.values():
        found = permutation_null(heads, [own(pair) for pair in batch]).p(plus_one=False)
        for row, pair in enumerate(batch):
            for k, metric in enumerate(c.metrics):
                c.p_exact.setdefault(metric, {})[pair] = float(found[row, k])
    for k, metric in enumerate(c.metrics):
        c.p_values[metric] = {pair: float(tested[pair][0].p()[tested[pair][1], k])
                              for pair in c.pairs}
        c.p_holm[metric] = dict(zip(c.pairs, holm(list(c.p_values[metric].values()))))
        gamma = stopping_level(list(c.p_holm[metric].values()), c.alpha)
        c.interval_levels[metric] = 1.0 - gamma
        c.differences[metric], c.difference_intervals[metric] = {}, {}
        for pair in c.pairs:
            null, row = tested[pair]
            observed = float(null.observed[row, k])
            if observed != observed:  # no figure on one side: nothing tested
                c.differences[metric][pair] = c.difference_intervals[metric][pair] = None
                continue
            found_width = null.half_width(row, k, gamma, c.significant(metric, pair))
            if found_width is None:  # significant, but no resampled deviation bounds it
                c.unresampled.setdefault(metric, set()).add(pair)
                found_width = abs(observed) / 2
            # + 0.0: never a negative zero
            c.differences[metric][pair] = observed + 0.0
            c.difference_intervals[metric][pair] = (observed - found_width + 0.0,
                                                    observed + found_width + 0.0)
    start = len(shuffled_stats) - len(parted)
    for q, (k, name, part) in enumerate(parted):
        assert shuffled is not None
        tests = PartTests(part.title, part.higher_is_better,
                          [_figure(part.figure(found[k].sum(axis=0))) for found in terms])
        for row, pair in enumerate(c.pairs):
            observed = float(shuffled.observed[row, start + q])
            tests.differences[pair] = None if observed != observed else observed + 0.0
            tests.p_values[pair] = float(shuffled.p_directed()[row, start + q])
        tests.p_holm = dict(zip(c.pairs, holm(list(tests.p_values.values()))))
        c.parts.setdefault(c.metrics[k], {})[name] = tests
    c.warnings += _resampling_warnings(c)


def _figure(value: Any) -> float | None:
    """A figure of summed terms, None where it is undefined (NaN)."""
    figure = float(value)
    return None if math.isnan(figure) else figure


def _described(c: Comparison, pairs: Sequence[Pair]) -> str:
    """Pairs as ``a / b``, the first ten."""
    shown = ", ".join(f"{c.names[i]} / {c.names[j]}" for i, j in pairs[:10])
    return shown + (" ..." if len(pairs) > 10 else "")


def _resampling_warnings(c: Comparison) -> list[str]:
    """What the resampling cannot vouch for: pairs without a test;
    percentile-bootstrap intervals over few sentences; too few sentences or
    samples for any test to be significant; intervals no resampling
    bounds."""
    out = []
    for metric in c.metrics:
        untested = [pair for pair in c.pairs if c.differences[metric][pair] is None]
        if untested:
            out.append(f"{c.titles[metric]}: {len(untested)} pairs have no test, a system "
                       "having no figure over the sentences both scored: "
                       f"{_described(c, untested)}; they are left out of the significance "
                       "(JSON's significance lists the pairs tested)")
        unbounded = sorted(c.unresampled.get(metric, ()))
        if unbounded:
            out.append(f"{c.titles[metric]}: {len(unbounded)} significant pairs' intervals "
                       "are bounded by no resampled deviation (most rounds gave no figure): "
                       f"{_described(c, unbounded)}; each is shown as the difference +- half "
                       "of it, which agrees with the test and was not resampled (JSON: "
                       "interval_resampled false)")
    # Two of the 2^n swaps (none and all) always reach the observed
    # difference: the exact permutation test's p is 2 / 2^n at least (its
    # logarithm compared: 2.0 ** n overflows past n = 1023).
    for m in sorted({c.tests(metric) for metric in c.metrics} - {0}):
        stuck = sorted({c.paired[pair] for metric in c.metrics if c.tests(metric) == m
                        for pair in c.tested(metric)
                        if (1 - c.paired[pair]) * math.log(2) > math.log(c.alpha / m)})
        if stuck:
            sizes = f"{stuck[0]}" if len(stuck) == 1 else f"{stuck[0]}-{stuck[-1]}"
            out.append(f"pairs over {sizes} sentence{'s' * (sizes != '1')}: the exact "
                       "permutation test's p is "
                       f"at least 2 / 2^{stuck[-1]} = {2.0 / 2.0 ** stuck[-1]:.2g} there, "
                       f"above alpha / {m} = {c.alpha / m:.2g}, the first step of Holm's "
                       f"correction over {plural(m, 'test')}: none of them can be significant, "
                       "whatever the systems (the randomisation approximates that test); "
                       "their 0 significant is forced by the number of sentences")
    if 0 < c.resampled < BOOTSTRAP_MIN:
        out.append(f"the figures' {100 * c.level:g}% percentile-bootstrap intervals resample "
                   f"only {plural(c.resampled, 'sentence')} (fewer than {BOOTSTRAP_MIN}): on so "
                   "few they "
                   "are too narrow, covering less than their level; read them as rough")
    few = sorted({c.paired[pair] for pair in c.pairs if 0 < c.paired[pair] < BOOTSTRAP_MIN})
    if c.test == "bs" and few:
        out.append(f"the paired bootstrap tests {len(few) > 1 and 'of pairs ' or ''}over "
                   f"{few[0]}{'-' + str(few[-1]) if len(few) > 1 else ''} sentences (fewer "
                   f"than {BOOTSTRAP_MIN}) are unreliable on so few; the randomisation test "
                   "(--paired ar) is exact in the limit, and the exact permutation p is given "
                   f"for pairs over {EXACT_MAX} sentences or fewer")
    families = sorted({c.tests(metric) for metric in c.metrics} - {0})
    for m in families:
        if m / (c.samples + 1) >= c.alpha:
            out.append(f"with {c.samples} samples no p-value can fall below alpha / {m} = "
                       f"{c.alpha / m:.2g}, the first step of Holm's correction over "
                       f"{plural(m, 'test')}: no test can be significant, and every interval "
                       "reaches past 0; "
                       f"--samples {math.ceil(m / c.alpha)} or more can")
    return out
