"""``parsedit compare`` reports: text, JSON, TSV, Markdown and LaTeX.

Every format holds the main table: a row per system with the sentences it
had scored, a column per metric, each figure with the half-width of its
confidence interval and its rank.  Text, Markdown and LaTeX add the rank
agreement between metrics and, per metric, the significance: against a
baseline, a table of differences with their intervals and p-values; over
every pair, a compact matrix (``>`` the row's system is significantly
better, ``<`` worse, ``.`` no significant difference, ``-`` no test could
be run) and the list of the significant differences.  TSV is the main
table alone, for spreadsheets; JSON has everything.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from parsedit import __version__
from parsedit.compare import TESTS, Comparison, Interval

FORMATS = ("text", "json", "tsv", "markdown", "latex")


def _fig(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}"


def _p(value: float) -> str:
    return "n/a" if value != value else f"{value:.4f}"


def _half(value: float | None, bounds: Interval | None) -> str:
    """The interval as ± the larger distance from the figure to its ends."""
    if value is None or bounds is None:
        return ""
    return f" ±{max(value - bounds[0], bounds[1] - value):.2f}"


def _bounds(bounds: Interval | None) -> str:
    return "n/a" if bounds is None else f"[{bounds[0]:+.2f}, {bounds[1]:+.2f}]"


def _scored(c: Comparison, i: int) -> str:
    result = c.results[i]
    return f"{result.count('ok')}/{c.gold_trees}"


def _wer(c: Comparison, i: int) -> float | None:
    """System ``i``'s word error rate (``--yield align``; None otherwise)."""
    words = c.results[i].words
    return None if words is None else words.error_rate


def _aligned(c: Comparison) -> bool:
    """Whether the systems were scored through word alignments."""
    return any(r.words is not None for r in c.results)


def _rows(c: Comparison) -> list[list[str]]:
    """The main table: header, then a row per system (with its word error
    rate under ``--yield align``, so that word and structure errors are
    both in sight)."""
    wer = _aligned(c)
    rows = [["system", "scored", *(["WER"] if wer else []),
             *(c.titles[m] for m in c.metrics)]]
    for i, name in enumerate(c.names):
        rows.append([name, _scored(c, i), *([_fig(_wer(c, i))] if wer else []),
                     *(f"{_fig(c.figures[m][i])}{_half(c.figures[m][i], c.intervals[m][i])} "
                       f"({c.ranks[m][i] or '-'})" for m in c.metrics)])
    return rows


def _tau_rows(c: Comparison) -> list[list[str]]:
    rows = [["", *(c.titles[m] for m in c.metrics[1:])]]
    for a in c.metrics[:-1]:
        row = [c.titles[a]]
        for b in c.metrics[1:]:
            if (a, b) not in c.tau:
                row.append("")
            else:
                tau = c.tau[a, b]
                row.append("n/a" if tau is None else f"{tau:.3f}")
        rows.append(row)
    return rows


def significant(c: Comparison, metric: str, pair: tuple[int, int]) -> bool:
    """Whether a pair differs under a metric at alpha, after Holm's correction."""
    p = c.p_holm[metric][pair]
    return p == p and p < c.alpha


def _baseline_rows(c: Comparison, metric: str) -> list[list[str]]:
    level = f"{100 * c.level:g}%"
    base = c.names[c.baseline] if c.baseline is not None else ""
    rows = [["system", f"minus {base}", f"{level} interval", "p", "p (Holm)", "sentences"]]
    for pair in c.pairs:
        difference = c.differences[metric][pair]
        mark = "*" if significant(c, metric, pair) else ""
        rows.append([c.names[pair[1]],
                     "n/a" if difference is None else f"{-difference:+.2f}",
                     _bounds(_negated(c.difference_intervals[metric][pair])),
                     _p(c.p_values[metric][pair]), _p(c.p_holm[metric][pair]) + mark,
                     str(c.paired[pair])])
    return rows


def _negated(bounds: Interval | None) -> Interval | None:
    """The interval of b - a from that of a - b."""
    return None if bounds is None else (-bounds[1], -bounds[0])


def _matrix_rows(c: Comparison, metric: str) -> list[list[str]]:
    n = len(c.names)
    rows = [["", *(str(j + 1) for j in range(n))]]
    for i, name in enumerate(c.names):
        row = [f"{i + 1} {name}"]
        for j in range(n):
            pair = (min(i, j), max(i, j))
            if i == j or pair not in c.p_holm[metric]:
                row.append("")
                continue
            difference = c.differences[metric][pair]
            p = c.p_holm[metric][pair]
            if p != p or difference is None:
                row.append("-")  # not tested: no sentence both systems scored
            elif not significant(c, metric, pair):
                row.append(".")
            else:
                better = difference > 0 if i < j else difference < 0
                row.append(">" if better else "<")
        rows.append(row)
    return rows


def _listed(c: Comparison, metric: str) -> list[str]:
    """Each significant difference, the better system first."""
    out = []
    for pair in c.pairs:
        difference = c.differences[metric][pair]
        if difference is None or not significant(c, metric, pair):
            continue
        i, j = pair
        bounds = c.difference_intervals[metric][pair]
        if difference < 0:
            i, j, difference, bounds = j, i, -difference, _negated(bounds)
        out.append(f"{c.names[i]} > {c.names[j]}: {difference:+.2f} {_bounds(bounds)}, "
                   f"p {_p(c.p_values[metric][pair])}, Holm {_p(c.p_holm[metric][pair])}, "
                   f"{c.paired[pair]} sentences")
    return out


def _significance_heading(c: Comparison) -> str:
    mode = f"each system against the baseline {c.names[c.baseline]}" \
        if c.baseline is not None else "every pair of systems"
    return (f"Significance: {TESTS[c.test]} ({c.samples} samples, seed {c.seed}), {mode}; "
            "a pair's difference, interval and p-value over the sentences both systems "
            "scored; p-values Holm-corrected over the tests run under each metric, "
            f"significant at alpha = {c.alpha:g}")


def _document(c: Comparison, gold: str, table: Callable[[list[list[str]]], list[str]],
              heading: Callable[[str], str], note: Callable[[str], str]) -> list[str]:
    level = f"{100 * c.level:g}%"
    lines = [heading(f"parsedit compare: {gold} (gold), {len(c.names)} systems"), ""]
    lines += table(_rows(c)) + ["", note(
        f"Each figure ± the half-width of its {level} paired-bootstrap interval ({c.samples} "
        f"resamples of the {c.resampled} sentences some system scored; ± the larger side, "
        "exact bounds in JSON and TSV), and its rank; scored: sentences scored of the gold "
        "trees" + ("; WER: the word error rate of the system's words against gold's "
                   "(--yield align)." if _aligned(c) else ".")), ""]
    if c.averages:
        lines += [heading("Sentence averages (--average sentence: the mean of the sentences' "
                          "figures, beside the corpus figures above)"), ""]
        lines += table([["system", *(c.titles[m] for m in c.metrics)]]
                       + [[name, *(_fig(c.averages[m][i]) for m in c.metrics)]
                          for i, name in enumerate(c.names)]) + [""]
    if c.warnings:
        lines += [note(f"warning: {w}") for w in c.warnings] + [""]
    if len(c.metrics) > 1:
        lines += [heading("Rank agreement between metrics (Kendall's tau-b over the systems)"),
                  ""] + table(_tau_rows(c)) + [""]
    lines += [heading(_significance_heading(c)), ""]
    for metric in c.metrics:
        found = sum(significant(c, metric, pair) for pair in c.pairs)
        p_values = c.p_values[metric]
        # the sentences of the tests run (NaN: a pair not tested, for want of figures)
        used = sorted({c.paired[pair] for pair in c.pairs
                       if not math.isnan(p_values.get(pair, math.nan))})
        span = "" if not used else f" (each over {used[0]} sentences)" \
            if used[0] == used[-1] else f" (each over {used[0]}-{used[-1]} sentences)"
        lines += [note(f"{c.titles[metric]}: {found} of {c.tests(metric)} tests significant"
                       f"{span}"), ""]
        if c.baseline is not None:
            lines += table(_baseline_rows(c, metric)) + [""]
            continue
        lines += table(_matrix_rows(c, metric)) + [""]
        listed = _listed(c, metric)
        lines += [note(line) for line in listed] + ([""] if listed else [])
    return lines + [note(f"signature: {c.signature}")]


def _plain(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[k]) for r in rows) for k in range(len(rows[0]))]
    return ["  ".join(cell.ljust(w) if k == 0 else cell.rjust(w)
                      for k, (cell, w) in enumerate(zip(row, widths))).rstrip() for row in rows]


def _markdown(rows: list[list[str]]) -> list[str]:
    def row(cells: list[str]) -> str:  # a | in a system's name would end its cell
        return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"

    out = [row(rows[0]), "|" + "|".join(["---"] + ["---:"] * (len(rows[0]) - 1)) + "|"]
    return out + [row(r) for r in rows[1:]]


def _latex_text(text: str) -> str:
    for char in ("&", "%", "$", "#", "_", "{", "}"):
        text = text.replace(char, "\\" + char)
    return text.replace("±", "$\\pm$").replace("*", "$^*$").replace(">", "$>$") \
        .replace("<", "$<$")


def _latex(rows: list[list[str]]) -> list[str]:
    out = ["\\begin{tabular}{l" + "r" * (len(rows[0]) - 1) + "}", "\\hline",
           " & ".join(_latex_text(c) for c in rows[0]) + " \\\\", "\\hline"]
    out += [" & ".join(_latex_text(c) for c in r) + " \\\\" for r in rows[1:]]
    return out + ["\\hline", "\\end{tabular}"]


def render(c: Comparison, gold: str, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(to_dict(c, gold), indent=1, ensure_ascii=False) + "\n"
    if fmt == "tsv":
        return _tsv(c)
    if fmt == "markdown":
        lines = _document(c, gold, _markdown, lambda t: f"**{t}**", lambda t: t)
    elif fmt == "latex":
        lines = _document(c, gold, _latex, lambda t: f"% {t}", lambda t: f"% {t}")
    else:
        lines = _document(c, gold, _plain, lambda t: t, lambda t: t)
    return "\n".join(lines) + "\n"


def _tsv(c: Comparison) -> str:
    """The main table: ``system``, ``{metric}`` and ``{metric}_rank`` per metric
    (as before), then ``{metric}_low`` and ``{metric}_high`` per metric, then
    ``scored`` and ``trees``, and ``word_error_rate`` under ``--yield align``."""
    wer = _aligned(c)
    header = ["system"] + [f"{m}{suffix}" for m in c.metrics for suffix in ("", "_rank")]
    header += [f"{m}{suffix}" for m in c.metrics for suffix in ("_low", "_high")]
    rows = ["\t".join(header + ["scored", "trees"] + ["word_error_rate"] * wer)]
    for i, name in enumerate(c.names):
        cells = [name]
        for m in c.metrics:
            value, rank = c.figures[m][i], c.ranks[m][i]
            cells += ["" if value is None else f"{value:.4f}", "" if rank is None
                      else str(rank)]
        for m in c.metrics:
            bounds = c.intervals[m][i]
            cells += ["", ""] if bounds is None else [f"{b:.4f}" for b in bounds]
        result = c.results[i]
        rate = _wer(c, i)
        rows.append("\t".join(cells + [str(result.count("ok")), str(c.gold_trees)]
                              + (["" if rate is None else f"{rate:.4f}"] if wer else [])))
    return "\n".join(rows) + "\n"


def _listed_bounds(bounds: Interval | None) -> list[float] | None:
    return None if bounds is None else list(bounds)


def _nan(value: float) -> float | None:
    return None if value != value else value


def to_dict(c: Comparison, gold: str) -> dict[str, Any]:
    return {
        "parsedit": __version__,
        "signature": c.signature,
        "gold": gold,
        "samples": c.samples,
        "seed": c.seed,
        "test": c.test,
        "alpha": c.alpha,
        "confidence": c.level,
        "baseline": None if c.baseline is None else c.names[c.baseline],
        "correction": "holm, per metric",
        "bootstrap_sentences": c.resampled,
        "titles": {m: c.titles[m] for m in c.metrics},
        "tests": {m: c.tests(m) for m in c.metrics},
        "warnings": c.warnings,
        "systems": [{
            "name": name,
            "summary": {"sentences": len(r.sentences), "ok": r.count("ok"),
                        "skip": r.count("skip"), "error": r.count("error"),
                        "gold_trees": r.gold_trees, "test_trees": r.test_trees,
                        "complete": r.complete, "stopped": r.stopped},
            **({"word_error_rate": _wer(c, i)} if _aligned(c) else {}),
            "figures": {m: c.figures[m][i] for m in c.metrics},
            "intervals": {m: _listed_bounds(c.intervals[m][i]) for m in c.metrics},
            "ranks": {m: c.ranks[m][i] for m in c.metrics},
            **({"sentence_averages": {m: c.averages[m][i] for m in c.metrics}}
               if c.averages else {}),
        } for i, (name, r) in enumerate(zip(c.names, c.results))],
        "rank_agreement": [{"a": a, "b": b, "kendall_tau": tau} for (a, b), tau in c.tau.items()],
        "significance": {m: [{
            "a": c.names[i], "b": c.names[j],
            "difference": c.differences[m][i, j],
            "interval": _listed_bounds(c.difference_intervals[m][i, j]),
            "p": _nan(c.p_values[m][i, j]), "p_holm": _nan(c.p_holm[m][i, j]),
            "significant": significant(c, m, (i, j)),
            "sentences": c.paired[i, j],
        } for (i, j) in c.pairs] for m in c.metrics},
    }
