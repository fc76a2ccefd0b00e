"""An alignment shown as a table, in the manner of Roark's Table 1."""

from __future__ import annotations

from parsedit.encodings.base import Encoding
from parsedit.metrics.edits import Scored
from parsedit.report.text import number, rate

_NAMES = {"match": "", "sub": "substitution", "del": "deletion", "ins": "insertion"}


def render(scored: Scored, encoding: Encoding, scheme: str, sentence: int) -> str:
    show = encoding.display
    rows = []
    for op in scored.ops:
        gold = show(op.gold) if op.gold is not None else ""
        test = show(op.test) if op.test is not None else ""
        cost = number(op.cost) if op.kind != "match" or op.cost else ""
        rows.append((gold, test, _NAMES[op.kind], cost))
    width_g = max([len("gold")] + [len(r[0]) for r in rows])
    width_t = max([len("test")] + [len(r[1]) for r in rows])
    lines = [f"sentence {sentence}, {encoding.name} encoding, cost scheme {scheme}", "",
             f"{'gold':<{width_g}}  {'test':<{width_t}}  {'edit':<12}  cost"]
    lines.append("-" * len(lines[-1]))
    for gold, test, edit, cost in rows:
        lines.append(f"{gold:<{width_g}}  {test:<{width_t}}  {edit:<12}  {cost}".rstrip())
    counts = scored.counts
    lines.append("")
    if scored.moves:
        moved = ", ".join(f"{m.size} close brackets moved (saves {number(m.saving)})"
                          for m in scored.moves)
        lines.append(f"basic cost {number(counts.basic)}; movement correction: {moved}")
    lines.append(f"edits {number(counts.edits)} over {counts.gold} gold events: "
                 f"error rate {rate(counts.error_rate)}, accuracy {rate(counts.accuracy)}")
    return "\n".join(lines) + "\n"
