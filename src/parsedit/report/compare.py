"""``parsedit compare`` reports: text, JSON, TSV, Markdown and LaTeX.

Every format holds the main table: a row per system with the sentences it
had scored, a column per metric, each figure with both bounds of its
confidence interval and its rank.  Text, Markdown and LaTeX add the rank
agreement between metrics and, per metric, the significance: a table with a
row per compared pair, significant or not (against a baseline, system -
baseline; over every pair, b - a, its second system minus its first), with
the difference, both bounds of its interval, p, Holm's p and the exact p
where it was computed, so that LaTeX's tables hold every number a paper
needs; over every pair, a compact matrix before it as a summary (``>`` the
row's system is significantly better, ``<`` worse, ``.`` no significant
difference, ``-`` no test could be run); and a table for a metric's parts
(PARSEVAL's recall and precision) beside it.  TSV is the main table alone,
for spreadsheets; JSON has everything.  Renderers compute nothing: every
figure and verdict comes from the :class:`Comparison`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from parsedit.compare import EXACT_MAX, TESTS, Comparison, Interval, Pair
from parsedit.plural import plural
from parsedit.version import __version__

FORMATS = ("text", "json", "tsv", "markdown", "latex")


def _number(value: float, signed: bool = False) -> str:
    """Two decimals, never ``-0.00`` (nor ``+0.00``): a figure that rounds
    to zero is ``0.00``."""
    text = f"{value:+.2f}" if signed else f"{value:.2f}"
    return "0.00" if text.lstrip("+-") == "0.00" else text


def _fig(value: float | None) -> str:
    return "n/a" if value is None else _number(value)


def _p(value: float) -> str:
    return "n/a" if value != value else f"{value:.4f}"


def _with_interval(value: float | None, bounds: Interval | None) -> str:
    """A figure and both bounds of its interval (an asymmetric interval is
    never folded into one ± of its larger side)."""
    if value is None:
        return "n/a"
    return _fig(value) if bounds is None else \
        f"{_fig(value)} [{_number(bounds[0])}, {_number(bounds[1])}]"


def _bounds(bounds: Interval | None) -> str:
    return "n/a" if bounds is None else \
        f"[{_number(bounds[0], True)}, {_number(bounds[1], True)}]"


def _level(level: float) -> str:
    """A confidence level as a percentage, with the digits it needs."""
    return f"{100 * level:.6g}%"


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


def _weights(c: Comparison) -> str:
    """The word cost scheme weighting the word error rate, or "" (the
    systems share one configuration)."""
    return next((r.word_weights for r in c.results if r.word_weights), "")


def _wer_title(c: Comparison) -> str:
    weights = _weights(c)
    return f"WER (weighted by {weights})" if weights else "WER"


def _wer_note(c: Comparison) -> str:
    """What the main table's word error rate column is (under ``--yield
    align``; "" otherwise)."""
    if not _aligned(c):
        return ""
    weights = _weights(c)
    if weights:
        return (f"; {_wer_title(c)}: the cost of the system's words against gold's under "
                f"{weights} per 100 gold words (--yield align), not sclite's WER")
    return "; WER: the word error rate of the system's words against gold's (--yield align)"


def _rows(c: Comparison) -> list[list[str]]:
    """The main table: header, then a row per system (with its word error
    rate under ``--yield align``, so that word and structure errors are
    both in sight)."""
    wer = _aligned(c)
    rows = [["system", "scored", *([_wer_title(c)] if wer else []),
             *(c.titles[m] for m in c.metrics)]]
    for i, name in enumerate(c.names):
        rows.append([name, _scored(c, i), *([_fig(_wer(c, i))] if wer else []),
                     *(f"{_with_interval(c.figures[m][i], c.intervals[m][i])} "
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
                row.append("n/a" if tau is None else f"{tau + 0.0:.3f}")
        rows.append(row)
    return rows


def _exact_shown(c: Comparison, metric: str) -> bool:
    return bool(c.p_exact.get(metric))


def _pair_heads(c: Comparison) -> list[str]:
    """The columns naming a pair: the system (against a baseline) or both
    systems, a then b (over every pair)."""
    return ["system"] if c.baseline is not None else ["a", "b"]


def _pair_cells(c: Comparison, pair: Pair) -> list[str]:
    return [c.names[pair[1]]] if c.baseline is not None else [c.names[i] for i in pair]


def _minus(c: Comparison) -> str:
    """The difference's column: system minus the baseline, or b minus a."""
    return f"minus {c.names[c.baseline]}" if c.baseline is not None else "b minus a"


def _pair_rows(c: Comparison, metric: str) -> list[list[str]]:
    """A row per compared pair, significant or not: the difference, both
    bounds of its interval, p, Holm's p (``*``: significant), the exact p
    where it was computed, and the sentences the test ran over."""
    exact = _exact_shown(c, metric)
    rows = [[*_pair_heads(c), _minus(c), f"{_level(c.interval_levels[metric])} interval",
             "p", "p (Holm)", *(["p exact"] if exact else []), "sentences"]]
    for pair in c.pairs:
        difference = c.differences[metric][pair]
        mark = "*" if c.significant(metric, pair) else ""
        rows.append([*_pair_cells(c, pair),
                     "n/a" if difference is None else _number(difference, True),
                     _bounds(c.difference_intervals[metric][pair]),
                     _p(c.p_values[metric][pair]), _p(c.p_holm[metric][pair]) + mark,
                     *([_p(c.p_exact[metric].get(pair, math.nan))] if exact else []),
                     str(c.paired[pair])])
    return rows


def _part_rows(c: Comparison, metric: str) -> list[list[str]]:
    """A row per compared pair: each part's difference, p and Holm's p."""
    parts = list(c.parts[metric].values())
    rows = [_pair_heads(c) + [cell for part in parts
                              for cell in (f"{part.title} {_minus(c)}", "p", "p (Holm)")]]
    for pair in c.pairs:
        row = _pair_cells(c, pair)
        for part in parts:
            difference = part.differences[pair]
            row += ["n/a" if difference is None else _number(difference, True),
                    _p(part.p_values[pair]),
                    _p(part.p_holm[pair]) + ("*" if c.part_significant(part, pair) else "")]
        rows.append(row)
    return rows


# A metric with more parts than this (error classes) has its parts shown one
# a row: each system's figure, and against a baseline a row per part and system.
WIDE_PARTS = 2


def _many_parts(c: Comparison, metric: str) -> bool:
    return len(c.parts.get(metric, {})) > WIDE_PARTS


def _part_figure_rows(c: Comparison, metric: str) -> list[list[str]]:
    """Each part's figure per system (a part a row)."""
    def shown(value: float | None) -> str:  # a count as a whole number
        return f"{value:.0f}" if value is not None and value == int(value) else _fig(value)

    return [["", *c.names]] + [[part.title, *(shown(v) for v in part.figures)]
                               for part in c.parts[metric].values()]


def _part_long_rows(c: Comparison, metric: str) -> list[list[str]]:
    """A row per part and compared pair: its difference, p and Holm's p."""
    rows = [["part", *_pair_heads(c), _minus(c), "p", "p (Holm)"]]
    for part in c.parts[metric].values():
        for pair in c.pairs:
            difference = part.differences[pair]
            rows.append([part.title, *_pair_cells(c, pair),
                         "n/a" if difference is None else _number(difference, True),
                         _p(part.p_values[pair]),
                         _p(part.p_holm[pair]) + ("*" if c.part_significant(part, pair)
                                                  else "")])
    return rows


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
            elif not c.significant(metric, pair):
                row.append(".")
            else:
                # difference: the pair's second system minus its first; gain:
                # how much better the second is
                gain = difference if c.better(metric) else -difference
                better = gain < 0 if i < j else gain > 0
                row.append(">" if better else "<")
        rows.append(row)
    return rows


def _significance_heading(c: Comparison) -> str:
    mode = f"each system against the baseline {c.names[c.baseline]}" \
        if c.baseline is not None else "every pair of systems"
    return (f"Significance: {TESTS[c.test]} ({c.samples} samples, seed {c.seed}), {mode}; "
            "a pair's difference (its second system minus its first"
            + (": system minus baseline" if c.baseline is not None else ", b - a")
            + "), interval and p-value over the sentences both systems scored; "
            "p-values Holm-corrected over the tests run under each metric, significant at "
            f"alpha = {c.alpha:g}; each interval inverts its test at the per-comparison "
            "level where Holm's procedure stopped (alpha / (m - k) for m tests of which k "
            "are significant), so it excludes 0 exactly when the test is significant"
            + ("; exact p: the exact permutation test (every one of the 2^n swaps), for "
               f"pairs over {EXACT_MAX} sentences or fewer" if c.p_exact else ""))


def _parts_heading(c: Comparison, metric: str) -> str:
    titles = f"each part of {c.titles[metric]}" if _many_parts(c, metric) \
        else " and ".join(part.title for part in c.parts[metric].values())
    return (f"{titles}, as Bikel's compare.pl tests them: stratified shuffling of the "
            "sentences (the same rounds), p one-sided in the observed difference's "
            "direction, Holm-corrected over the pairs compared, part by part")


def _document(c: Comparison, gold: str, table: Table,
              heading: Callable[[str], str], note: Callable[[str], str]) -> list[str]:
    level = _level(c.level)
    lines = [heading(f"parsedit compare: {gold} (gold), {len(c.names)} systems"), ""]
    fewer = [c.titles[m] for m in c.metrics if not c.better(m)]
    lines += table(_rows(c), 1) + ["", note(
        f"Each figure with its {level} paired-bootstrap percentile interval [low, high] "
        f"({c.samples} resamples of the {plural(c.resampled, 'sentence')} some system "
        "scored), and "
        "its rank (- : not ranked"
        + (f"; {', '.join(fewer)}: fewer is better, rank 1 the fewest" if fewer else "")
        + "); scored: sentences scored of the gold trees"
        + _wer_note(c) + "."), ""]
    if c.averages:
        lines += [heading("Sentence averages (--average sentence: the mean of the sentences' "
                          "figures, beside the corpus figures above)"), ""]
        lines += table([["system", *(c.titles[m] for m in c.metrics)]]
                       + [[name, *(_fig(c.averages[m][i]) for m in c.metrics)]
                          for i, name in enumerate(c.names)], 1) + [""]
    if c.warnings:
        lines += [note(f"warning: {w}") for w in c.warnings] + [""]
    if len(c.metrics) > 1:
        counts = sorted(set(c.tau_systems.values()))
        over = "/".join(str(n) for n in counts)
        lines += [heading("Rank agreement between metrics (Kendall's tau-b over the "
                          f"{over} systems ranked)"), ""] + table(_tau_rows(c), 1) + [""]
    lines += [heading(_significance_heading(c)), ""]
    for metric in c.metrics:
        found = sum(c.significant(metric, pair) for pair in c.pairs)
        p_values = c.p_values[metric]
        # the sentences of the tests run (NaN: a pair not tested, for want of figures)
        used = sorted({c.paired[pair] for pair in c.pairs
                       if not math.isnan(p_values.get(pair, math.nan))})
        span = "" if not used else f" (each over {plural(used[0], 'sentence')})" \
            if used[0] == used[-1] else f" (each over {used[0]}-{used[-1]} sentences)"
        lines += [note(f"{c.titles[metric]}: {found} of {plural(c.tests(metric), 'test')} "
                       "significant"
                       f"{span}; intervals at {_level(c.interval_levels[metric])}"), ""]
        if _many_parts(c, metric):
            lines += [note(f"{c.titles[metric]} by part, each system's figure"
                           + ("" if c.better(metric) else " (fewer is better)")), ""]
            lines += table(_part_figure_rows(c, metric), 1) + [""]
        if c.baseline is None:
            lines += table(_matrix_rows(c, metric), 1) + [""]
        named = len(_pair_heads(c))
        lines += table(_pair_rows(c, metric), named) + [""]
        if metric in c.parts:
            lines += [note(_parts_heading(c, metric)), ""]
            lines += (table(_part_long_rows(c, metric), named + 1) if _many_parts(c, metric)
                      else table(_part_rows(c, metric), named)) + [""]
    return lines + [note(f"signature: {c.signature}")]


# A table is its rows (the header first) and how many of its first columns
# hold names (left-aligned; the figures after them are right-aligned).
Table = Callable[[list[list[str]], int], list[str]]


def _plain(rows: list[list[str]], names: int = 1) -> list[str]:
    widths = [max(len(r[k]) for r in rows) for k in range(len(rows[0]))]
    return ["  ".join(cell.ljust(w) if k < names else cell.rjust(w)
                      for k, (cell, w) in enumerate(zip(row, widths))).rstrip() for row in rows]


def _markdown(rows: list[list[str]], names: int = 1) -> list[str]:
    def row(cells: list[str]) -> str:  # a | in a system's name would end its cell
        return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"

    out = [row(rows[0]), "|" + "|".join(["---"] * names + ["---:"] * (len(rows[0]) - names))
           + "|"]
    return out + [row(r) for r in rows[1:]]


def _latex_text(text: str) -> str:
    for char in ("&", "%", "$", "#", "_", "{", "}"):
        text = text.replace(char, "\\" + char)
    return text.replace("±", "$\\pm$").replace("*", "$^*$").replace(">", "$>$") \
        .replace("<", "$<$")


def _latex(rows: list[list[str]], names: int = 1) -> list[str]:
    out = ["\\begin{tabular}{" + "l" * names + "r" * (len(rows[0]) - names) + "}", "\\hline",
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


def _method(c: Comparison) -> dict[str, Any]:
    """How the significance was computed, in words (JSON's
    ``significance_method``)."""
    return {
        "test": f"{TESTS[c.test]}, two-sided, {c.samples} samples, seed {c.seed}",
        "difference": "b - a: the pair's second system minus its first (with a baseline, "
                      "the system minus the baseline)",
        "correction": "Holm, over the tests run under each metric; significant: p_holm "
                      "< alpha",
        "interval": "the test inverted: the difference +- the test's critical value at the "
                    "per-comparison level where Holm's step-down stopped, alpha / (m - k) "
                    "for m tests of which k are significant (alpha when all are); it "
                    "excludes 0 exactly when the test is significant; its level is the "
                    "pair's confidence",
        "p_exact": "the exact permutation test (every one of the 2^n swaps of the n "
                   f"sentences) for pairs over {EXACT_MAX} sentences or fewer, null "
                   "otherwise: the figure the randomisation approximates",
        "parts": "figures of a metric tested beside its headline (PARSEVAL recall and "
                 "precision) as Bikel's compare.pl tests them: stratified shuffling (each "
                 "sentence's two systems swapped with probability 1/2; the randomisation's "
                 "rounds), p one-sided in the observed difference's direction, (hits + 1) "
                 "/ (samples + 1); p_holm over the pairs of each part",
        "figure_intervals": "each system's figure: the percentile interval of the paired "
                            "bootstrap at `confidence`, not adjusted",
    }


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
        "significance_method": _method(c),
        "bootstrap_sentences": c.resampled,
        "titles": {m: c.titles[m] for m in c.metrics},
        "higher_is_better": {m: c.better(m) for m in c.metrics},
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
            **({"parts": {m: {name: part.figures[i] for name, part in parts.items()}
                          for m, parts in c.parts.items()}} if c.parts else {}),
        } for i, (name, r) in enumerate(zip(c.names, c.results))],
        "rank_agreement": [{"a": a, "b": b, "kendall_tau": tau,
                            "systems": c.tau_systems[a, b]} for (a, b), tau in c.tau.items()],
        "significance": {m: [_pair(c, m, pair) for pair in c.tested(m)] for m in c.metrics},
    }


def _pair(c: Comparison, metric: str, pair: Pair) -> dict[str, Any]:
    i, j = pair
    return {
        "a": c.names[i], "b": c.names[j],
        "difference": c.differences[metric][pair],
        "interval": _listed_bounds(c.difference_intervals[metric][pair]),
        "interval_resampled": pair not in c.unresampled.get(metric, ()),
        "confidence": c.interval_levels[metric],
        "p": _nan(c.p_values[metric][pair]), "p_holm": _nan(c.p_holm[metric][pair]),
        "p_exact": c.p_exact.get(metric, {}).get(pair),
        "significant": c.significant(metric, pair),
        "sentences": c.paired[pair],
        **({"parts": {name: {"difference": part.differences[pair],
                             "p": _nan(part.p_values[pair]),
                             "p_holm": _nan(part.p_holm[pair]),
                             "significant": c.part_significant(part, pair)}
                      for name, part in c.parts[metric].items()}}
           if metric in c.parts else {}),
    }
