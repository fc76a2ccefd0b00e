"""``parsedit plot``: the figures of Roark (2002) and Sampson and Babarczy
(2003), and the confidence intervals of ``compare``, drawn with matplotlib
(the optional extra ``plot``: ``pip install '.[plot]'`` in parsedit's checkout).

Every TEST file is drawn: overlaid in one colour each with a legend
(``e-vs-label``, ``la-vs-f``), or in one panel each (``buckets``).

* ``e-vs-label``: per sentence, PARSEVAL's E-measure (100 - F) on the x axis
  against the label edit rate on the y axis, as in Roark's Figure 5, with
  the line where they agree;
* ``buckets``: how many sentences fall at (E x gold constituents, label
  edits), both rounded to whole numbers, the diagonal left out (Figure 6),
  as a heat map with the count in each cell and integer ticks;
* ``rank-differences``: under each metric (one panel each), the difference
  between the systems ranked n and n + 1, each bar named by its two systems
  and their ranks, which are ``compare``'s (tied systems share the best
  rank; a system scored on fewer sentences is not ranked) (Figure 4; needs
  two systems or more);
* ``la-vs-f``: per sentence, the leaf-ancestor score against unlabelled and
  labelled PARSEVAL F (Sampson and Babarczy's Figures 1 and 2);
* ``intervals``: each system's figure under each metric with its paired
  bootstrap confidence interval (one panel per metric; from ``compare``);
* ``error-classes``: a stacked bar per system, one segment per class of
  error (``--error-classes``), its brackets (the bar is PARSEVAL's missing
  plus extra brackets); :func:`draw_error_classes` draws the same from the
  JSON report's classes, by brackets or by fixes.

The format follows the output file's suffix: ``.png``, ``.svg`` or ``.pdf``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from parsedit.compare import Comparison, Headlines
from parsedit.errors import ConfigError
from parsedit.plural import plural
from parsedit.results import CorpusResult

KINDS = ("e-vs-label", "buckets", "rank-differences", "la-vs-f", "intervals", "error-classes")
SUFFIXES = (".png", ".svg", ".pdf")
NEEDS = {"e-vs-label": ("parseval", "label"), "buckets": ("parseval", "label"),
         "rank-differences": ("parseval", "label", "span", "rule"),
         "la-vs-f": ("parseval", "la"), "intervals": ("parseval", "label", "span", "rule"),
         "error-classes": ("parseval",)}
# What needs error classes scored (beside its metrics).
CLASSIFIED = ("error-classes",)
# What needs two systems or more.
SEVERAL = ("rank-differences", "intervals")


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise ConfigError("plots need matplotlib: pip install matplotlib (or, in "
                          "parsedit's checkout, pip install '.[plot]')") from None
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
    if kind in SEVERAL and systems < 2:
        raise ConfigError(f"{kind} needs two systems or more")
    _pyplot()


def draw(kind: str, results: Sequence[tuple[str, CorpusResult]], output: str,
         board: Headlines | None = None) -> None:
    """Draw ``kind`` for (name, result) pairs into ``output``
    (``rank-differences`` draws the systems' headline figures, ``board``)."""
    check(kind, len(results), output)
    plt = _pyplot()
    if kind == "e-vs-label":
        figure_ = _e_vs_label(plt, results)
    elif kind == "buckets":
        figure_ = _buckets(plt, results)
    elif kind == "rank-differences":
        if board is None:
            raise ConfigError("rank differences are drawn from the systems' headline figures")
        figure_ = _rank_differences(plt, [name for name, _ in results], board)
    elif kind == "la-vs-f":
        figure_ = _la_vs_f(plt, results)
    elif kind == "error-classes":
        figure_ = _error_classes(plt, [(name, result.totals.counts["error_classes"].figures())
                                       for name, result in results], "brackets")
    else:
        raise ConfigError("intervals are drawn from a comparison (draw_intervals)")
    figure_.tight_layout()
    figure_.savefig(output)
    plt.close(figure_)


_MARKERS = "o^sDvP*X<>"


def _style(system: int) -> dict[str, str]:
    """The colour and marker of the ``system``-th system: the ten default
    colours, then the same colours with the next marker, so that no two of
    up to 100 systems look alike."""
    return {"color": f"C{system % 10}", "marker": _MARKERS[system // 10 % len(_MARKERS)]}


def _legend(ax: Any, systems: int, loc: str = "best") -> None:
    """The legend inside the axes for a few systems; beside them, where it
    cannot cover the points, past six."""
    if systems > 6:
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0)
    else:
        ax.legend(fontsize=8, loc=loc)


def _e_vs_label(plt: Any, results: Sequence[tuple[str, CorpusResult]]) -> Any:
    figure_, axes = plt.subplots(figsize=(6.5 if len(results) <= 6 else 9.5, 5.5))
    for i, (name, result) in enumerate(results):
        points = [(100.0 - s.counts["parseval"].sentence_f, s.counts["label"].error_rate)
                  for s in _ok(result) if s.counts["label"].error_rate is not None]
        axes.scatter([p[0] for p in points], [p[1] for p in points], s=10, alpha=0.5,
                     label=f"{name}: {plural(len(points), 'sentence')}", **_style(i))
    axes.plot([0, 100], [0, 100], color="grey", linewidth=1, label="equal scores")
    axes.set_xlabel("E-measure (100 - F, %)")
    axes.set_ylabel("label edit rate (% of gold constituents)")
    axes.set_title("Label edit rate against E-measure, per sentence")
    _legend(axes, len(results))
    return figure_


def _grid(plt: Any, panels: int, width: float, height: float) -> tuple[Any, list[Any]]:
    """A figure of ``panels`` panels, at most 3 a row, the spare ones hidden."""
    columns = min(3, panels)
    rows = math.ceil(panels / columns)
    figure_, axes = plt.subplots(rows, columns, figsize=(width * columns, height * rows),
                                 squeeze=False)
    flat = [ax for row in axes for ax in row]
    for ax in flat[panels:]:
        ax.set_visible(False)
    return figure_, flat[:panels]


def _buckets(plt: Any, results: Sequence[tuple[str, CorpusResult]]) -> Any:
    import numpy as np
    from matplotlib.ticker import MaxNLocator

    figure_, panels = _grid(plt, len(results), 5.5, 5.0)
    for ax, (name, result) in zip(panels, results):
        counts = Counter(
            (round((100.0 - s.counts["parseval"].sentence_f) / 100.0 * s.counts["label"].gold),
             round(s.counts["label"].edits)) for s in _ok(result))
        off = {k: n for k, n in counts.items() if k[0] != k[1]}
        size = 1 + max([1] + [max(k) for k in off])
        grid = np.zeros((size, size))
        for (x, y), n in off.items():
            grid[y, x] = n
        shown = np.ma.masked_where(grid == 0, grid)
        image = ax.imshow(shown, origin="lower", cmap="viridis", aspect="auto",
                          extent=(-0.5, size - 0.5, -0.5, size - 0.5))
        if size <= 25:  # counts fit in their cells
            for (x, y), n in off.items():
                ax.text(x, y, str(n), ha="center", va="center", fontsize=7,
                        color="white" if n < grid.max() / 2 else "black")
        ax.plot([-0.5, size - 0.5], [-0.5, size - 0.5], color="grey", linewidth=0.8)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        figure_.colorbar(image, ax=ax, label="sentences")
        ax.set_xlabel("E-measure x gold constituents, rounded")
        ax.set_ylabel("label edits, rounded")
        ax.set_title(f"{name}: {sum(off.values())} sentences off the diagonal "
                     f"({sum(counts.values()) - sum(off.values())} on it)", fontsize=9)
    return figure_


def _rank_differences(plt: Any, names: Sequence[str], board: Headlines) -> Any:
    height = 0.9 + 0.35 * len(names)
    figure_, panels = _grid(plt, len(board.figures), 6.5, height)
    for ax, metric in zip(panels, board.figures):
        # compare's ranks (ties share the best rank, a system scored on
        # fewer sentences has none), systems in order within a tie.
        ranked = sorted((rank, i, names[i], value) for i, (value, rank) in enumerate(
            zip(board.figures[metric], board.ranks[metric])) if rank is not None
            and value is not None)
        gaps = [abs(a[3] - b[3]) for a, b in zip(ranked, ranked[1:])]
        labels = [f"{a[0]}. {a[2]} - {b[0]}. {b[2]}" for a, b in zip(ranked, ranked[1:])]
        ax.barh(range(len(gaps)), gaps, color="tab:blue")
        ax.set_yticks(range(len(gaps)), labels, fontsize=7)
        ax.invert_yaxis()
        ax.set_xlabel("difference (percentage points)")
        unranked = len(names) - len(ranked)
        ax.set_title(f"{board.titles[metric]}: rank n - rank n+1"
                     + (f" ({unranked} not ranked: scored on fewer sentences, as in compare)"
                        if unranked else ""), fontsize=9)
    return figure_


def _la_vs_f(plt: Any, results: Sequence[tuple[str, CorpusResult]]) -> Any:
    figure_, axes = plt.subplots(1, 2, figsize=(11 if len(results) <= 6 else 15, 5))
    for ax, field, title in ((axes[0], "unlabelled", "unlabelled"),
                             (axes[1], "labelled", "labelled")):
        for i, (name, result) in enumerate(results):
            xs, ys = [], []
            for s in _ok(result):
                p = s.counts["parseval"]
                total = p.gold + p.test
                xs.append(2.0 * getattr(p, field) / total if total else 1.0)
                ys.append(s.counts["la"].score)
            ax.scatter(xs, ys, s=10, alpha=0.5, label=f"{name}: {plural(len(xs), 'sentence')}",
                       **_style(i))
        ax.plot([0, 1], [0, 1], color="grey", linewidth=1)
        ax.set_xlim(0, 1.02)
        ax.set_ylim(0, 1.02)
        ax.set_xlabel(f"PARSEVAL F, {title} (0-1)")
        ax.set_ylabel("leaf-ancestor score (0-1)")
        ax.set_title(f"Leaf-ancestor against {title} F, per sentence")
        _legend(ax, len(results), "lower right")
    return figure_


def draw_intervals(c: Comparison, output: str) -> None:
    """Each system's figure with its bootstrap interval, a panel per metric."""
    check("intervals", len(c.names), output)
    plt = _pyplot()
    height = 0.9 + 0.3 * len(c.names)
    figure_, panels = _grid(plt, len(c.metrics), 4.5, height)
    for ax, metric in zip(panels, c.metrics):
        rows = [(v, name, bounds) for name, v, bounds
                in zip(c.names, c.figures[metric], c.intervals[metric]) if v is not None]
        rows.sort(key=lambda row: -row[0])
        for y, (value, _, bounds) in enumerate(rows):
            low, high = bounds if bounds is not None else (value, value)
            ax.errorbar(value, y, xerr=[[value - low], [high - value]], fmt="o",
                        color="tab:blue", capsize=3, markersize=4)
        ax.set_yticks(range(len(rows)), [row[1] for row in rows], fontsize=7)
        ax.invert_yaxis()
        ax.set_xlabel(f"{c.titles[metric]} (%)")
        ax.set_title(f"{c.titles[metric]}, {100 * c.level:g}% bootstrap intervals", fontsize=9)
    figure_.tight_layout()
    figure_.savefig(output)
    plt.close(figure_)


def draw_error_classes(systems: Sequence[tuple[str, Mapping[str, Mapping[str, int]]]],
                       output: str, measure: str = "brackets") -> None:
    """A stacked bar per system from its error classes as the JSON report
    writes them (``{class: {"count": n, "brackets": m}}``, every class, in
    one order): each class's ``brackets`` (the missing and extra brackets its
    fixes account for; the bar is then PARSEVAL's missing plus extra) or
    ``count`` (its fixes), each class in one colour in every bar, so that
    bars of several systems compare segment by segment."""
    if measure not in ("brackets", "count"):
        raise ConfigError(f"error classes are drawn by 'brackets' or 'count', not {measure!r}")
    if Path(output).suffix not in SUFFIXES:
        raise ConfigError(f"-o {output}: the plot's format comes from the suffix, one of "
                          f"{', '.join(SUFFIXES)}")
    if not systems:
        raise ConfigError("error classes need one system or more")
    plt = _pyplot()
    figure_ = _error_classes(plt, systems, measure)
    figure_.tight_layout()
    figure_.savefig(output)
    plt.close(figure_)


def _error_classes(plt: Any, systems: Sequence[tuple[str, Mapping[str, Mapping[str, int]]]],
                   measure: str) -> Any:
    """The stacked bars of :func:`draw_error_classes`."""
    figure_, ax = plt.subplots(figsize=(max(6.5, 1.0 + 0.7 * len(systems)), 5.5))
    xs = range(len(systems))
    bottoms = [0.0] * len(systems)
    colours = plt.get_cmap("tab20")
    for i, name in enumerate(systems[0][1]):
        values = [float(classes[name][measure]) for _, classes in systems]
        if not any(values):
            continue
        ax.bar(xs, values, bottom=bottoms, color=colours(i), label=_class_title(name),
               width=0.7)
        bottoms = [b + v for b, v in zip(bottoms, values)]
    for x, total in zip(xs, bottoms):
        ax.text(x, total, f"{total:g}", ha="center", va="bottom", fontsize=7)
    ax.set_xticks(list(xs), [name for name, _ in systems], rotation=30 if len(systems) > 4
                  else 0, ha="right" if len(systems) > 4 else "center", fontsize=8)
    ax.set_ylabel("missing + extra brackets" if measure == "brackets" else "errors (fixes)")
    ax.set_title("Errors by class, per system")
    handles, labels = ax.get_legend_handles_labels()  # the top segment first, as stacked
    ax.legend(handles[::-1], labels[::-1], fontsize=7, loc="upper left",
              bbox_to_anchor=(1.02, 1.0), borderaxespad=0)
    return figure_


def _class_title(name: str) -> str:
    """A class's JSON name as people read it (``pp_attachment``: PP attachment)."""
    upper = {"pp", "np", "vp", "x"}
    return " ".join(w.upper() if w in upper else w for w in name.split("_"))
