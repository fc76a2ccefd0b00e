"""``parsedit compare``: several systems against one gold file.

Each system is scored as ``parsedit score`` scores it (:func:`evaluate`);
then, per metric, its corpus figure with a paired-bootstrap confidence
interval, its rank, the rank agreement between metrics (Kendall's tau-b over
the systems) and, for every compared pair (every pair of systems, or each
system against a ``baseline``), the difference with its bootstrap interval
and the p-value of a paired test (approximate randomisation or bootstrap),
Holm-corrected over the tests run under that metric
(:mod:`parsedit.metrics.significance`).

The metric table (:data:`TITLES`, :data:`RATIOS`, :func:`sentence_terms`) is
the one place that says how a metric's corpus figure is made of per-sentence
counts: everything else works on those counts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from parsedit.config import Config
from parsedit.errors import ConfigError
from parsedit.pipeline import evaluate
from parsedit.results import CorpusResult, SentenceResult
from parsedit.trees.reader import read_trees
from parsedit.trees.source import DEFAULT_ENCODING, check_files

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from parsedit.metrics.significance import Array

COMPARABLE = ("parseval", "label", "span", "rule", "la")
TITLES = {"parseval": "PARSEVAL F", "label": "label acc.", "span": "span acc.",
          "rule": "rule acc.", "la": "leaf-ancestor"}
# metric -> (scale, offset): the corpus figure is offset + scale * sum(num) / sum(den)
# over the sentences' (num, den) of :func:`sentence_terms` (numpy is imported
# only when a comparison runs, so these are plain numbers).
RATIOS = {"parseval": (100.0, 0.0), "label": (-100.0, 100.0), "span": (-100.0, 100.0),
          "rule": (-100.0, 100.0), "la": (100.0, 0.0)}
TESTS = {"ar": "paired approximate randomisation", "bs": "paired bootstrap"}
# (phase, total, done): what a long run reports as it goes.
Progress = Callable[[str, int, int], None]


def figure(result: CorpusResult, metric: str) -> float | None:
    """A system's corpus figure for a metric, as ``score`` reports it (LA as
    a percentage)."""
    counts = result.totals.counts[metric]
    if metric == "parseval":
        return counts.f_measure  # type: ignore[no-any-return]
    if metric == "la":
        return None if counts.score is None else 100.0 * counts.score
    return counts.accuracy  # type: ignore[no-any-return]


def sentence_average(result: CorpusResult, metric: str) -> float | None:
    """The mean of the sentences' figures (``--average sentence``): PARSEVAL's
    sentence F, an edit metric's sentence accuracy; leaf-ancestor's corpus
    figure is already a mean of sentences."""
    counts = result.totals.counts[metric]
    if metric == "parseval":
        return counts.sentence_f  # type: ignore[no-any-return]
    if metric == "la":
        return figure(result, metric)
    return counts.sentence_accuracy  # type: ignore[no-any-return]


def sentence_terms(sentence: SentenceResult, metric: str) -> tuple[float, float]:
    """(num, den) of one sentence for :data:`RATIOS`."""
    counts = sentence.counts[metric]
    if metric == "parseval":
        return 2.0 * counts.matched, float(counts.gold + counts.test)
    if metric == "la":
        return (counts.sentence_sum, float(counts.sentences))
    return counts.edits, float(counts.gold)


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
    metrics = tuple(m for m in config.metrics if m in COMPARABLE)
    if not metrics:
        raise ConfigError(f"compare needs some of {', '.join(COMPARABLE)} in --metrics")
    if len(paths) < 2:
        raise ConfigError("compare needs at least two systems")
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
    out = Comparison(labels, metrics, results, samples, seed, signature, test, alpha, base)
    for metric in metrics:
        out.figures[metric] = [figure(r, metric) for r in results]
        out.ranks[metric] = ranks(out.figures[metric])
        if config.average == "sentence":
            out.averages[metric] = [sentence_average(r, metric) for r in results]
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
    left_out = [m for m in config.metrics if m not in COMPARABLE]
    if left_out:
        out.warnings.append(f"compare ranks and tests {', '.join(metrics)} only; "
                            f"{', '.join(left_out)} is scored but not compared")
    _significance(out, report)
    return out


def _warnings(c: Comparison) -> list[str]:
    """The scoring warnings (once), and whether the systems were scored on
    different sentence sets."""
    out: list[str] = []
    for result in c.results:
        out += [w for w in result.warnings if w not in out]
    scored = [frozenset(s.id for s in r.sentences if s.has_counts) for r in c.results]
    if len(set(scored)) > 1:
        counts = ", ".join(f"{name} {len(ids)}" for name, ids in zip(c.names, scored))
        out.append(f"the systems were scored on different sentences ({counts} scored): each "
                   "figure is over its own sentences, each randomisation test over the "
                   "sentences both systems scored")
    return out


def _counts(result: CorpusResult, metrics: tuple[str, ...], rows: list[int]
            ) -> tuple[Array, Array, npt.NDArray[np.bool_]]:
    """(num, den) per sentence of ``rows`` (0-based) and metric, 0 where the
    sentence was not scored, and the mask of scored rows."""
    import numpy as np

    num = np.zeros((len(rows), len(metrics)))
    den = np.zeros((len(rows), len(metrics)))
    ok = np.zeros(len(rows), dtype=bool)
    for r, index in enumerate(rows):
        sentence = result.sentences[index] if index < len(result.sentences) else None
        if sentence is not None and sentence.has_counts:
            ok[r] = True
            for k, metric in enumerate(metrics):
                num[r, k], den[r, k] = sentence_terms(sentence, metric)
    return num, den, ok


def _offset(report: Progress, phase: str, total: int, before: int) -> Callable[[int], None]:
    """A callback that reports ``before`` + its count done of ``total``."""
    def told(done: int) -> None:
        report(phase, total, before + done)
    return told


def _significance(c: Comparison, report: Progress) -> None:
    """Bootstrap intervals, the paired tests and Holm's correction."""
    import numpy as np

    from parsedit.metrics.significance import (
        Ratio,
        bootstrap,
        bootstrap_p,
        holm,
        interval,
        randomization_many,
    )

    longest = max(len(r.sentences) for r in c.results)
    scored = sorted({s.id - 1 for r in c.results for s in r.sentences if s.has_counts})
    c.resampled = len(scored)
    ratios = [Ratio(*RATIOS[m]) for m in c.metrics]
    columns = ratios * len(c.results)  # system s, metric k: column s * m + k
    counts = [_counts(r, c.metrics, list(range(longest))) for r in c.results]
    m = len(c.metrics)
    num = np.hstack([n for n, _, _ in counts])
    den = np.hstack([d for _, d, _ in counts])
    boot = bootstrap(columns, num[scored], den[scored], c.samples, c.seed,
                     partial(report, "bootstrap resamples", c.samples))
    for k, metric in enumerate(c.metrics):
        c.intervals[metric] = [interval(boot[:, s * m + k], c.level)
                               for s in range(len(c.results))]
        c.p_values[metric], c.p_holm[metric] = {}, {}
        c.differences[metric], c.difference_intervals[metric] = {}, {}
    # A pair is compared on the sentences both systems scored (its paired
    # data): difference, interval and p alike.  Pairs with the same sentences
    # share one bootstrap (the systems' own one when that is every sentence).
    both = {(i, j): counts[i][2] & counts[j][2] for i, j in c.pairs}
    shared: dict[bytes, Array] = {np.isin(np.arange(longest), scored).tobytes(): boot}
    for pair in c.pairs:
        key = both[pair].tobytes()
        if key not in shared:
            rows = both[pair]
            shared[key] = bootstrap(columns, num[rows], den[rows], c.samples, c.seed)
    p_ar: dict[tuple[int, int], list[float]] = {}
    if c.test == "ar":
        # Pairs over as many sentences share one swap matrix (as one seed
        # gives them): one batch per sentence count.
        batches: dict[int, list[tuple[int, int]]] = {}
        for pair in c.pairs:
            batches.setdefault(int(both[pair].sum()), []).append(pair)
        rounds = c.samples * len(batches)
        for k, batch in enumerate(batches.values()):
            arrays = [((counts[i][0][both[i, j]], counts[i][1][both[i, j]]),
                       (counts[j][0][both[i, j]], counts[j][1][both[i, j]])) for i, j in batch]
            found = randomization_many(ratios, arrays, c.samples, c.seed,
                                       _offset(report, "randomisation rounds", rounds,
                                               k * c.samples))
            p_ar.update(zip(batch, found))
    for i, j in c.pairs:
        rows = both[i, j]
        c.paired[i, j] = int(rows.sum())
        resampled = shared[rows.tobytes()]
        for k, metric in enumerate(c.metrics):
            a, b = i * m + k, j * m + k
            fa = columns[a].of_sums(num[rows, a].sum(), den[rows, a].sum())
            fb = columns[b].of_sums(num[rows, b].sum(), den[rows, b].sum())
            observed = float(fa - fb)
            spread = resampled[:, a] - resampled[:, b]
            known = observed == observed
            c.differences[metric][i, j] = observed if known else None
            c.difference_intervals[metric][i, j] = interval(spread, c.level) if known else None
            c.p_values[metric][i, j] = p_ar[i, j][k] if c.test == "ar" else \
                bootstrap_p(spread, observed)
    for metric in c.metrics:
        keys = list(c.p_values[metric])
        c.p_holm[metric] = dict(zip(keys, holm([c.p_values[metric][k] for k in keys])))
