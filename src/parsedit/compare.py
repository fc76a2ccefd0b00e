"""``parsedit compare``: several systems against one gold file.

Each system is scored as ``parsedit score`` scores it (:func:`evaluate`);
then, per metric, its corpus figure with a paired-bootstrap confidence
interval, its rank, the rank agreement between metrics (Kendall's tau-b over
the systems) and, for every compared pair (every pair of systems, or each
system against a ``baseline``), the difference with its bootstrap interval
and the p-value of a paired test (approximate randomisation or bootstrap),
Holm-corrected over the tests run under that metric
(:mod:`parsedit.metrics.significance`).

Every metric of ``--metrics`` is compared, through the interface every
metric implements (:class:`parsedit.metrics.base.Metric`): its ``title``, its
``headline`` figure of the summed counts, its ``sentence_average``, and its
per-sentence ``terms`` with ``from_terms`` for the resampled figures.  No
metric is named here: a metric added to the registry is compared as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from parsedit.config import Config
from parsedit.errors import ConfigError
from parsedit.metrics import registry
from parsedit.metrics.base import Metric
from parsedit.pipeline import evaluate
from parsedit.results import CorpusResult
from parsedit.trees.reader import read_trees
from parsedit.trees.source import DEFAULT_ENCODING, check_files

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from parsedit.metrics.significance import Array

TESTS = {"ar": "paired approximate randomisation", "bs": "paired bootstrap"}
# (phase, total, done): what a long run reports as it goes.
Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class Headlines:
    """Each metric's title and each system's headline figure under it (None
    where it is undefined), by metric, in the run's order."""

    titles: dict[str, str]
    figures: dict[str, list[float | None]]


def headlines(results: Sequence[CorpusResult], config: Config,
              metrics: Mapping[str, Metric] | None = None) -> Headlines:
    """The headline figures of systems scored under ``config`` (what
    ``compare`` ranks and ``plot rank-differences`` draws); ``metrics``: the
    config's metrics, if already built."""
    metrics = metrics or registry.build(config)
    return Headlines({name: m.title for name, m in metrics.items()},
                     {name: [m.headline(r.totals.counts[name]) for r in results]
                      for name, m in metrics.items()})


Interval = tuple[float, float]


@dataclass
class Comparison:
    names: list[str]
    metrics: tuple[str, ...]
    results: list[CorpusResult]
    samples: int
    seed: int
    signature: str
    test: str = "ar"  # the paired test of the p-values: "ar" or "bs"
    alpha: float = 0.05  # significance level; every confidence interval is at 1 - alpha
    baseline: int | None = None  # the system every other one is compared with
    # metric -> its headline figure's name ("PARSEVAL F", "label acc.")
    titles: dict[str, str] = field(default_factory=dict)
    figures: dict[str, list[float | None]] = field(default_factory=dict)
    # metric -> per system, the bootstrap interval of its figure
    intervals: dict[str, list[Interval | None]] = field(default_factory=dict)
    ranks: dict[str, list[int | None]] = field(default_factory=dict)
    # With --average sentence: metric -> per system, the mean of its sentences.
    averages: dict[str, list[float | None]] = field(default_factory=dict)
    # (a, b) -> tau-b, a before b in ``metrics``
    tau: dict[tuple[str, str], float | None] = field(default_factory=dict)
    # The compared pairs (i, j), in order: i < j, or (baseline, j).
    pairs: list[tuple[int, int]] = field(default_factory=list)
    # metric -> (i, j) -> p-value, uncorrected and Holm-corrected over the
    # metric's tests; figure i - figure j and its bootstrap interval.
    p_values: dict[str, dict[tuple[int, int], float]] = field(default_factory=dict)
    p_holm: dict[str, dict[tuple[int, int], float]] = field(default_factory=dict)
    differences: dict[str, dict[tuple[int, int], float | None]] = field(default_factory=dict)
    difference_intervals: dict[str, dict[tuple[int, int], Interval | None]] = field(
        default_factory=dict)
    # (i, j) -> sentences both systems scored (what the randomisation pairs)
    paired: dict[tuple[int, int], int] = field(default_factory=dict)
    # sentences the bootstrap resamples: those some system scored
    resampled: int = 0
    warnings: list[str] = field(default_factory=list)
    # The trees of the gold file (what "scored" counts against).
    gold_trees: int = 0

    @property
    def scored(self) -> list[frozenset[int]]:
        """Per system, the numbers of the sentences in its figures."""
        return [frozenset(s.id for s in r.sentences if s.has_counts) for r in self.results]

    @property
    def level(self) -> float:
        """The confidence level of every interval."""
        return 1.0 - self.alpha

    def tests(self, metric: str) -> int:
        """How many tests were run under a metric (the Holm family)."""
        return sum(p == p for p in self.p_values[metric].values())


def ranks(values: list[float | None]) -> list[int | None]:
    """1 for the best (highest); ties share the best rank; None stays None."""
    known = [v for v in values if v is not None]
    return [None if v is None else 1 + sum(other > v for other in known) for v in values]


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
            test_encoding: str = DEFAULT_ENCODING) -> Comparison:
    """Score every system in ``paths`` against ``gold`` and compare them
    (see the module's text); ``progress`` hears of every phase.  Every
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
    total = sum(1 for _ in read_trees(gold, gold_encoding))
    results = []
    for k, (label, path) in enumerate(zip(labels, paths), start=1):
        phase = f"scoring {label} ({k}/{len(paths)})"
        results.append(evaluate(gold, path, config, jobs=jobs,
                                progress=partial(report, phase, total),
                                gold_encoding=gold_encoding, test_encoding=test_encoding))
    name = {"ar": "randomization", "bs": "bootstrap"}[test]
    signature = (f"{results[0].signature}|compare:{name}(samples={samples},seed={seed})"
                 f"+bootstrap-ci({1.0 - alpha:g})+holm"
                 + (f"|baseline:{labels[base]}" if base is not None else ""))
    built = registry.build(config)
    metrics = tuple(built)
    board = headlines(results, config, built)
    out = Comparison(labels, metrics, results, samples, seed, signature, test, alpha, base,
                     board.titles, board.figures, gold_trees=total)
    # A system whose run stopped early, whose file holds another number of
    # trees, or which was scored on fewer sentences than the systems together
    # (missing or unreadable parses, skipped) is scored on part of the gold
    # file: not ranked, so that every rank compares figures over the same
    # sentences.
    union = frozenset().union(*out.scored)
    ranked = [result.complete and scored == union
              for result, scored in zip(results, out.scored)]
    for name, metric in built.items():
        out.ranks[name] = ranks([figure if rank else None
                                 for figure, rank in zip(out.figures[name], ranked)])
        if config.average == "sentence":
            out.averages[name] = [metric.sentence_average(r.totals.counts[name])
                                  for r in results]
    from parsedit.metrics.significance import kendall_tau

    for k, a in enumerate(metrics):
        for b in metrics[k + 1:]:
            pairs = [(x, y) for x, y in zip(out.figures[a], out.figures[b])
                     if x is not None and y is not None]
            out.tau[a, b] = kendall_tau([p[0] for p in pairs], [p[1] for p in pairs])
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
                      "missing or unreadable parse as one with no constituents)"
                      if fewer else ""))
    return out


def _terms(result: CorpusResult, metrics: Sequence[Metric], longest: int
           ) -> tuple[list[Array], npt.NDArray[np.bool_]]:
    """Per metric, the terms of each of the first ``longest`` sentences
    (sentences x terms), 0 where the sentence was not scored; and the mask
    of scored sentences."""
    import numpy as np

    found = [np.zeros((longest, len(m.terms(m.zero())))) for m in metrics]
    ok = np.zeros(longest, dtype=bool)
    for row, sentence in enumerate(result.sentences[:longest]):
        if sentence.has_counts:
            ok[row] = True
            for terms, metric in zip(found, metrics):
                terms[row] = metric.terms(sentence.counts[metric.name])
    return found, ok


def _summed(terms: Array) -> Array:
    """Each term summed over the sentences, one contiguous row per term (the
    pairwise summation numpy gives a plain column, as parsedit always did)."""
    import numpy as np

    summed: Array = np.ascontiguousarray(terms.T).sum(axis=-1)
    return summed


def _offset(report: Progress, phase: str, total: int, before: int) -> Callable[[int], None]:
    """A callback that reports ``before`` + its count done of ``total``."""
    def told(done: int) -> None:
        report(phase, total, before + done)
    return told


def _significance(c: Comparison, built: Mapping[str, Metric], report: Progress) -> None:
    """Bootstrap intervals, the paired tests and Holm's correction."""
    import numpy as np

    from parsedit.metrics.significance import (
        bootstrap,
        bootstrap_p,
        holm,
        interval,
        randomization_many,
    )

    metrics = [built[name] for name in c.metrics]
    figures = [m.from_terms for m in metrics]
    longest = max(len(r.sentences) for r in c.results)
    scored = sorted({s.id - 1 for r in c.results for s in r.sentences if s.has_counts})
    c.resampled = len(scored)
    m = len(metrics)
    # system s, metric k: column s * m + k
    systems = [_terms(r, metrics, longest) for r in c.results]
    columns = [terms for found, _ in systems for terms in found]
    boot = bootstrap(figures * len(c.results), [t[scored] for t in columns], c.samples,
                     c.seed, partial(report, "bootstrap resamples", c.samples))
    for k, metric in enumerate(c.metrics):
        c.intervals[metric] = [interval(boot[:, s * m + k], c.level)
                               for s in range(len(c.results))]
        c.p_values[metric], c.p_holm[metric] = {}, {}
        c.differences[metric], c.difference_intervals[metric] = {}, {}
    # A pair is compared on the sentences both systems scored (its paired
    # data): difference, interval and p alike.  Pairs with the same sentences
    # share one bootstrap (the systems' own one when that is every sentence).
    both = {(i, j): systems[i][1] & systems[j][1] for i, j in c.pairs}
    shared: dict[bytes, Array] = {np.isin(np.arange(longest), scored).tobytes(): boot}
    for pair in c.pairs:
        key = both[pair].tobytes()
        if key not in shared:
            rows = both[pair]
            shared[key] = bootstrap(figures * len(c.results), [t[rows] for t in columns],
                                    c.samples, c.seed)
    p_ar: dict[tuple[int, int], list[float]] = {}
    if c.test == "ar":
        # Pairs over as many sentences share one swap matrix (as one seed
        # gives them): one batch per sentence count.
        batches: dict[int, list[tuple[int, int]]] = {}
        for pair in c.pairs:
            batches.setdefault(int(both[pair].sum()), []).append(pair)
        rounds = c.samples * len(batches)
        for k, batch in enumerate(batches.values()):
            arrays = [([t[both[i, j]] for t in systems[i][0]],
                       [t[both[i, j]] for t in systems[j][0]]) for i, j in batch]
            found = randomization_many(figures, arrays, c.samples, c.seed,
                                       _offset(report, "randomisation rounds", rounds,
                                               k * c.samples))
            p_ar.update(zip(batch, found))
    for i, j in c.pairs:
        rows = both[i, j]
        c.paired[i, j] = int(rows.sum())
        resampled = shared[rows.tobytes()]
        for k, metric in enumerate(c.metrics):
            a, b = i * m + k, j * m + k
            observed = float(figures[k](_summed(columns[a][rows]))
                             - figures[k](_summed(columns[b][rows])))
            spread = resampled[:, a] - resampled[:, b]
            known = observed == observed
            c.differences[metric][i, j] = observed if known else None
            c.difference_intervals[metric][i, j] = interval(spread, c.level) if known else None
            c.p_values[metric][i, j] = p_ar[i, j][k] if c.test == "ar" else \
                bootstrap_p(spread, observed)
    for metric in c.metrics:
        keys = list(c.p_values[metric])
        c.p_holm[metric] = dict(zip(keys, holm([c.p_values[metric][k] for k in keys])))
