"""The text report: a compact table people read at a glance."""

from __future__ import annotations

from parsedit.results import CorpusResult


def rate(value: float | None) -> str:
    """A percentage with two decimals, or ``n/a`` when undefined."""
    return "n/a" if value is None else f"{value:.2f}"


def number(value: float) -> str:
    return f"{value:g}" if value == int(value) else f"{value:.1f}"


def render(result: CorpusResult, gold: str, test: str) -> str:
    lines = [f"parsedit: {gold} (gold) against {test} (test)",
             f"{len(result.sentences)} sentences: {result.count('ok')} scored, "
             f"{result.count('skip')} skipped, {result.count('error')} errors", ""]
    header = f"{'metric':<8}{'edits':>10}{'basic':>10}{'gold':>8}{'error rate':>12}{'accuracy':>10}"
    lines += [header, "-" * len(header)]
    for metric in result.metrics:
        t = result.total(metric)
        basic = number(t.basic) if metric == "label" else ""
        lines.append(f"{metric:<8}{number(t.edits):>10}{basic:>10}{t.gold:>8}"
                     f"{rate(t.error_rate):>12}{rate(t.accuracy):>10}")
    unscored = [s for s in result.sentences if s.status != "ok"]
    if unscored:
        lines += ["", "Not scored (left out of the sums):"]
        lines += [f"  {s.id:>5} {s.status:<6}{s.message}" for s in unscored]
    lines += ["", f"signature: {result.signature}"]
    return "\n".join(lines) + "\n"
