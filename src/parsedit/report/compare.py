"""``parsedit compare`` reports: text, JSON, TSV, Markdown and LaTeX.

Every format holds the main table (a row per system, a column per metric,
each figure with its rank); text, Markdown and LaTeX add the rank agreement
between metrics and a table of p-values per metric.  TSV is the main table
alone, one figure and one rank column per metric, for spreadsheets.
"""

from __future__ import annotations

import json
from typing import Any

from parsedit import __version__
from parsedit.compare import TITLES, Comparison

FORMATS = ("text", "json", "tsv", "markdown", "latex")
ALPHA = 0.05


def _fig(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}"


def _p(value: float) -> str:
    if value != value:  # nan
        return "n/a"
    return f"{value:.4f}" + ("*" if value < ALPHA else "")


def _rows(c: Comparison) -> list[list[str]]:
    """The main table: header, then a row per system."""
    rows = [["system", *(TITLES[m] for m in c.metrics)]]
    for i, name in enumerate(c.names):
        rows.append([name, *(f"{_fig(c.figures[m][i])} ({c.ranks[m][i] or '-'})"
                             for m in c.metrics)])
    return rows


def _tau_rows(c: Comparison) -> list[list[str]]:
    rows = [["", *(TITLES[m] for m in c.metrics[1:])]]
    for a in c.metrics[:-1]:
        row = [TITLES[a]]
        for b in c.metrics[1:]:
            if (a, b) not in c.tau:
                row.append("")
            else:
                tau = c.tau[a, b]
                row.append("n/a" if tau is None else f"{tau:.3f}")
        rows.append(row)
    return rows


def _p_rows(c: Comparison, metric: str) -> list[list[str]]:
    rows = [["", *c.names[1:]]]
    for i, name in enumerate(c.names[:-1]):
        rows.append([name, *(_p(c.p_values[metric][i, j]) if j > i else ""
                             for j in range(1, len(c.names)))])
    return rows


def _plain(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[k]) for r in rows) for k in range(len(rows[0]))]
    return ["  ".join(cell.ljust(w) if k == 0 else cell.rjust(w)
                      for k, (cell, w) in enumerate(zip(row, widths))).rstrip() for row in rows]


def _markdown(rows: list[list[str]]) -> list[str]:
    out = ["| " + " | ".join(rows[0]) + " |",
           "|" + "|".join(["---"] + ["---:"] * (len(rows[0]) - 1)) + "|"]
    return out + ["| " + " | ".join(r) + " |" for r in rows[1:]]


def _latex(rows: list[list[str]]) -> list[str]:
    def cell(text: str) -> str:
        for char in ("&", "%", "$", "#", "_", "{", "}"):
            text = text.replace(char, "\\" + char)
        return text.replace("*", "$^*$")
    out = ["\\begin{tabular}{l" + "r" * (len(rows[0]) - 1) + "}", "\\hline",
           " & ".join(cell(c) for c in rows[0]) + " \\\\", "\\hline"]
    out += [" & ".join(cell(c) for c in r) + " \\\\" for r in rows[1:]]
    return out + ["\\hline", "\\end{tabular}"]


def _document(c: Comparison, gold: str, table: Any, heading: Any) -> list[str]:
    lines = [heading(f"parsedit compare: {gold} (gold), {len(c.names)} systems"), ""]
    lines += table(_rows(c)) + [""]
    if len(c.metrics) > 1:
        lines += [heading("Rank agreement between metrics (Kendall's tau-b over the systems)"),
                  ""] + table(_tau_rows(c)) + [""]
    lines += [heading(f"Paired approximate randomisation, {c.samples} samples, seed {c.seed}: "
                      f"p-values (* p < {ALPHA})"), ""]
    for metric in c.metrics:
        lines += [TITLES[metric], ""] + table(_p_rows(c, metric)) + [""]
    return lines + [f"signature: {c.signature}"]


def render(c: Comparison, gold: str, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(to_dict(c, gold), indent=1, ensure_ascii=False) + "\n"
    if fmt == "tsv":
        header = ["system"] + [f"{m}{suffix}" for m in c.metrics for suffix in ("", "_rank")]
        rows = ["\t".join(header)]
        for i, name in enumerate(c.names):
            cells = [name]
            for m in c.metrics:
                value, rank = c.figures[m][i], c.ranks[m][i]
                cells += ["" if value is None else f"{value:.4f}", "" if rank is None
                          else str(rank)]
            rows.append("\t".join(cells))
        return "\n".join(rows) + "\n"
    if fmt == "markdown":
        lines = _document(c, gold, _markdown, lambda t: f"**{t}**")
    elif fmt == "latex":
        lines = _document(c, gold, _latex, lambda t: f"% {t}")
        lines[-1] = "% " + lines[-1]
    else:
        lines = _document(c, gold, _plain, lambda t: t)
    return "\n".join(lines) + "\n"


def to_dict(c: Comparison, gold: str) -> dict[str, Any]:
    return {
        "parsedit": __version__,
        "signature": c.signature,
        "gold": gold,
        "samples": c.samples,
        "seed": c.seed,
        "systems": [{
            "name": name,
            "summary": {"sentences": len(r.sentences), "ok": r.count("ok"),
                        "skip": r.count("skip"), "error": r.count("error")},
            "figures": {m: c.figures[m][i] for m in c.metrics},
            "ranks": {m: c.ranks[m][i] for m in c.metrics},
        } for i, (name, r) in enumerate(zip(c.names, c.results))],
        "rank_agreement": [{"a": a, "b": b, "kendall_tau": tau} for (a, b), tau in c.tau.items()],
        "significance": {m: [{"a": c.names[i], "b": c.names[j], "p": p,
                              "sentences": c.paired[i, j]}
                             for (i, j), p in c.p_values[m].items()] for m in c.metrics},
    }
