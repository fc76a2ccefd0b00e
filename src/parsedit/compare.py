"""``parsedit compare``: several systems against one gold file.

Each system is scored as ``parsedit score`` scores it (:func:`evaluate`);
then, per metric, its corpus figure, its rank, the rank agreement between
metrics (Kendall's tau-b over the systems) and, for every pair of systems,
the p-value of a paired approximate randomisation test over the sentences
both systems had scored (:mod:`parsedit.metrics.significance`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from parsedit.errors import ConfigError
from parsedit.metrics.parseval import summarise
from parsedit.metrics.significance import Array, Ratio, kendall_tau, randomization
from parsedit.pipeline import Config, evaluate
from parsedit.results import CorpusResult, SentenceResult
from parsedit.trees.source import DEFAULT_ENCODING, check_files

COMPARABLE = ("parseval", "label", "span", "rule", "la")
TITLES = {"parseval": "PARSEVAL F", "label": "label acc.", "span": "span acc.",
          "rule": "rule acc.", "la": "leaf-ancestor"}
RATIOS = {"parseval": Ratio(100.0, 0.0), "label": Ratio(-100.0, 100.0),
          "span": Ratio(-100.0, 100.0), "rule": Ratio(-100.0, 100.0), "la": Ratio(100.0, 0.0)}


def figure(result: CorpusResult, metric: str) -> float | None:
    """A system's corpus figure for a metric, as ``score`` reports it (LA as
    a percentage)."""
    if metric == "parseval":
        f = summarise(result.sentences).figures()["f_measure"]
        return None if f is None else float(f)
    if metric == "la":
        score = result.la().score
        return None if score is None else 100.0 * score
    return result.total(metric).accuracy


def sentence_terms(sentence: SentenceResult, metric: str) -> tuple[float, float]:
    """(num, den) of one sentence for :data:`RATIOS`."""
    counts = sentence.counts[metric]
    if metric == "parseval":
        return 2.0 * counts.matched, float(counts.gold + counts.test)
    if metric == "la":
        return (counts.sentence_sum, float(counts.sentences))
    return counts.edits, float(counts.gold)


@dataclass
class Comparison:
    names: list[str]
    metrics: tuple[str, ...]
    results: list[CorpusResult]
    samples: int
    seed: int
    signature: str
    figures: dict[str, list[float | None]] = field(default_factory=dict)
    ranks: dict[str, list[int | None]] = field(default_factory=dict)
    # (a, b) -> tau-b, a before b in ``metrics``
    tau: dict[tuple[str, str], float | None] = field(default_factory=dict)
    # metric -> (i, j) -> p-value, for i < j
    p_values: dict[str, dict[tuple[int, int], float]] = field(default_factory=dict)
    paired: dict[tuple[int, int], int] = field(default_factory=dict)


def ranks(values: list[float | None]) -> list[int | None]:
    """1 for the best (highest); ties share the best rank; None stays None."""
    known = [v for v in values if v is not None]
    return [None if v is None else 1 + sum(other > v for other in known) for v in values]


def names_for(paths: list[str], names: tuple[str, ...]) -> list[str]:
    if names and len(names) != len(paths):
        raise ConfigError(f"--name is given {len(names)} times for {len(paths)} systems")
    out = list(names) or [Path(p).name for p in paths]
    if len(set(out)) != len(out):
        raise ConfigError(f"two systems have the same name ({', '.join(out)}); use --name")
    return out


def compare(gold: str, paths: list[str], config: Config, names: tuple[str, ...] = (),
            samples: int = 10000, seed: int = 12345, jobs: int = 1,
            progress: Callable[[int], None] | None = None,
            gold_encoding: str = DEFAULT_ENCODING,
            test_encoding: str = DEFAULT_ENCODING) -> Comparison:
    """Score each system in ``paths`` against ``gold`` and compare them; every
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
    system_names = names_for(paths, names)
    check_files((gold, gold_encoding), *((path, test_encoding) for path in paths))
    results = [evaluate(gold, path, config, jobs=jobs, progress=progress,
                        gold_encoding=gold_encoding, test_encoding=test_encoding)
               for path in paths]
    signature = f"{results[0].signature}|compare:randomization(samples={samples},seed={seed})"
    out = Comparison(system_names, metrics, results, samples, seed, signature)
    for metric in metrics:
        out.figures[metric] = [figure(r, metric) for r in results]
        out.ranks[metric] = ranks(out.figures[metric])
    for k, a in enumerate(metrics):
        for b in metrics[k + 1:]:
            pairs = [(x, y) for x, y in zip(out.figures[a], out.figures[b])
                     if x is not None and y is not None]
            out.tau[a, b] = kendall_tau([p[0] for p in pairs], [p[1] for p in pairs])
    for i in range(len(results)):
        for j in range(i + 1, len(results)):
            both = [(s, t) for s, t in zip(results[i].sentences, results[j].sentences)
                    if s.status == t.status == "ok"]
            out.paired[i, j] = len(both)
            for metric in metrics:
                first = _arrays([s for s, _ in both], metric)
                second = _arrays([t for _, t in both], metric)
                out.p_values.setdefault(metric, {})[i, j] = randomization(
                    RATIOS[metric], first, second, samples, seed)
    return out


def _arrays(sentences: list[SentenceResult], metric: str) -> tuple[Array, Array]:
    terms = [sentence_terms(s, metric) for s in sentences]
    return (np.array([t[0] for t in terms], dtype=np.float64),
            np.array([t[1] for t in terms], dtype=np.float64))
