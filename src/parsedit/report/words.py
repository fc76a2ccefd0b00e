"""Word alignments (``--yield align``): the table of ``parsedit align
--encoding words``, and the word error rows of the text report."""

from __future__ import annotations

from collections.abc import Sequence

from parsedit.fst.words import WordAlignment
from parsedit.report.numbers import number, rate
from parsedit.results import WordCounts

_NAMES = {"match": "", "sub": "substitution", "del": "deletion", "ins": "insertion",
          "merge": "merge", "split": "split"}


def render(alignment: WordAlignment, gold: Sequence[str], test: Sequence[str], scheme: str,
           sentence: int) -> str:
    """One row per operation: gold words, test words, the edit and its cost."""
    rows = []
    for op in alignment.ops:
        cost = number(op.cost) if op.kind != "match" or op.cost else ""
        rows.append((" ".join(gold[i] for i in op.gold), " ".join(test[j] for j in op.test),
                     _NAMES[op.kind], cost))
    width_g = max([len("gold")] + [len(r[0]) for r in rows])
    width_t = max([len("test")] + [len(r[1]) for r in rows])
    lines = [f"sentence {sentence}, words encoding, cost scheme {scheme}", "",
             f"{'gold':<{width_g}}  {'test':<{width_t}}  {'edit':<12}  cost"]
    lines.append("-" * len(lines[-1]))
    for g, t, edit, cost in rows:
        lines.append(f"{g:<{width_g}}  {t:<{width_t}}  {edit:<12}  {cost}".rstrip())
    lines += ["", summary(alignment.counts)]
    return "\n".join(lines) + "\n"


def summary(counts: WordCounts) -> str:
    """One line: the word edits and the word error rate."""
    return (f"word edits {number(counts.cost)} over {counts.gold} gold words "
            f"({counts.test} test): word error rate {rate(counts.error_rate)}; "
            f"{counts.substituted} substituted, {counts.deleted} deleted, "
            f"{counts.inserted} inserted, {counts.merged} merged or split")
