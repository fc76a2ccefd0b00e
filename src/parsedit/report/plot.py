"""``parsedit plot``: the figures of Roark (2002) and Sampson and Babarczy
(2003), drawn with matplotlib (the optional extra ``parsedit[plot]``).

* ``e-vs-label``: per sentence, PARSEVAL's E-measure (100 - F) against the
  label edit rate, with the line where they agree (Roark's Figure 5);
* ``buckets``: how many sentences fall at (E x gold constituents, label
  edits), both rounded to whole numbers, the diagonal left out (Figure 6);
* ``rank-differences``: under each metric, the difference between the
  systems ranked n and n + 1 (Figure 4; needs two systems or more);
* ``la-vs-f``: per sentence, the leaf-ancestor score against unlabelled and
  labelled PARSEVAL F (Sampson and Babarczy's Figures 1 and 2).

The format follows the output file's suffix: ``.png``, ``.svg`` or ``.pdf``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from parsedit.compare import COMPARABLE, TITLES, figure
from parsedit.errors import ConfigError
from parsedit.results import CorpusResult

KINDS = ("e-vs-label", "buckets", "rank-differences", "la-vs-f")
SUFFIXES = (".png", ".svg", ".pdf")
NEEDS = {"e-vs-label": ("parseval", "label"), "buckets": ("parseval", "label"),
         "rank-differences": ("parseval", "label", "span", "rule"),
         "la-vs-f": ("parseval", "la")}


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise ConfigError("plots need matplotlib: pip install 'parsedit[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _ok(result: CorpusResult) -> list[Any]:
    return [s for s in result.sentences if s.status == "ok"]


def check(kind: str, systems: int, output: str) -> None:
    """Refuse, before any scoring, a plot that cannot be drawn: an unknown
    kind or suffix, too few systems, no matplotlib."""
    if kind not in KINDS:
        raise ConfigError(f"unknown plot {kind!r}; expected one of {', '.join(KINDS)}")
    if Path(output).suffix not in SUFFIXES:
        raise ConfigError(f"-o {output}: the plot's format comes from the suffix, one of "
                          f"{', '.join(SUFFIXES)}")
    if kind == "rank-differences" and systems < 2:
        raise ConfigError("rank-differences needs two systems or more")
    _pyplot()


def draw(kind: str, results: Sequence[tuple[str, CorpusResult]], output: str) -> None:
    """Draw ``kind`` for (name, result) pairs into ``output``."""
    check(kind, len(results), output)
    plt = _pyplot()
    figure_, axes = plt.subplots(1, 2 if kind == "la-vs-f" else 1,
                                 figsize=(11, 5) if kind == "la-vs-f" else (6.5, 5.5))
    name, result = results[0]
    if kind == "e-vs-label":
        points = [(s.counts["label"].error_rate, 100.0 - s.counts["parseval"].f_measure())
                  for s in _ok(result) if s.counts["label"].error_rate is not None]
        axes.scatter([p[0] for p in points], [p[1] for p in points], s=10, alpha=0.5,
                     label=f"{name}: {len(points)} sentences")
        top = max([100.0] + [max(p) for p in points])
        axes.plot([0, top], [0, top], color="grey", linewidth=1, label="equal scores")
        axes.set_xlabel("label edit rate (% of gold constituents)")
        axes.set_ylabel("E-measure (100 - F, %)")
        axes.set_title("E-measure against label edit rate, per sentence")
        axes.legend()
    elif kind == "buckets":
        counts = Counter(
            (round((100.0 - s.counts["parseval"].f_measure()) / 100.0 * s.counts["label"].gold),
             round(s.counts["label"].edits)) for s in _ok(result))
        off = {k: n for k, n in counts.items() if k[0] != k[1]}
        if off:
            axes.scatter([k[0] for k in off], [k[1] for k in off],
                         s=[40 + 20 * n for n in off.values()], alpha=0.4)
            for (x, y), n in off.items():
                axes.annotate(str(n), (x, y), ha="center", va="center", fontsize=8)
        axes.set_xlabel("E-measure x gold constituents, rounded (approximate errors)")
        axes.set_ylabel("label edits")
        axes.set_title(f"{name}: sentences per bucket, {sum(off.values())} off the "
                       f"diagonal ({sum(counts.values()) - sum(off.values())} on it)")
    elif kind == "rank-differences":
        metrics = [m for m in COMPARABLE if m in result.metrics]
        width = 0.8 / len(metrics)
        for k, metric in enumerate(metrics):
            values = sorted((v for _, r in results if (v := figure(r, metric)) is not None),
                            reverse=True)
            gaps = [a - b for a, b in zip(values, values[1:])]
            axes.bar([i + k * width for i in range(len(gaps))], gaps, width,
                     label=TITLES[metric])
        axes.set_xticks([i + 0.4 - width / 2 for i in range(len(results) - 1)],
                        [f"{n} - {n + 1}" for n in range(1, len(results))])
        axes.set_xlabel("ranks under each metric")
        axes.set_ylabel("difference in score (percentage points)")
        axes.set_title(f"Differences between systems ranked n and n+1 ({len(results)} "
                       "systems)")
        axes.legend()
    else:  # la-vs-f
        for ax, field, title in ((axes[0], "unlabelled", "unlabelled"),
                                 (axes[1], "labelled", "labelled")):
            xs, ys = [], []
            for s in _ok(result):
                p = s.counts["parseval"]
                total = p.gold + p.test
                xs.append(2.0 * getattr(p, field) / total if total else 1.0)
                ys.append(s.counts["la"].score)
            ax.scatter(xs, ys, s=10, alpha=0.5, label=f"{name}: {len(xs)} sentences")
            ax.plot([0, 1], [0, 1], color="grey", linewidth=1)
            ax.set_xlim(0, 1.02)
            ax.set_ylim(0, 1.02)
            ax.set_xlabel(f"PARSEVAL F, {title} (0-1)")
            ax.set_ylabel("leaf-ancestor score (0-1)")
            ax.set_title(f"Leaf-ancestor against {title} F, per sentence")
            ax.legend(loc="lower right")
    figure_.tight_layout()
    figure_.savefig(output)
    plt.close(figure_)
