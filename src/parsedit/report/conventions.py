"""The report of ``parsedit conventions``: one pair of files under every convention."""

from __future__ import annotations

import json
from typing import Any


def _number(value: Any) -> str:
    return "n/a" if value is None else f"{value:.2f}"


def render_json(report: dict[str, Any]) -> str:
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"


def render(report: dict[str, Any]) -> str:
    """A table of every convention's headline figure, then why each differs
    from the first, and their signatures."""
    rows = report["conventions"]
    lines = [f"parsedit conventions: {report['gold']} (gold) against {report['test']} (test)",
             "",
             f"{'convention':<24}{'figure':<13}{'value':>8}  {'other figures':<40}{'scored':>12}",
             "-" * 99]
    for row in rows:
        if "corpus_f" in row:
            others = f"corpus F1 {_number(row['corpus_f'])}"
        else:
            others = f"R {_number(row['recall'])}  P {_number(row['precision'])}  " \
                f"tags {_number(row['tagging_accuracy'])}"
        lines.append(f"{row['name']:<24}{row['figure']:<13}{_number(row['value']):>8}  "
                     f"{others:<40}{row['scored']:>6} of {row['sentences']:<5}")
    lines += ["", "What each is, and why it differs from the first:"]
    for row in rows:
        lines.append(f"  {row['name']} ({row['args']}): {row['title']}")
        lines.append(f"    {row['difference'] or 'the first: the others are said against it'}")
    lines += ["", "Signatures:", *(f"  {row['name']}: {row['signature']}" for row in rows)]
    return "\n".join(lines) + "\n"
