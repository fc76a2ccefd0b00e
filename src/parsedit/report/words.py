"""Word alignments (``--yield align``): the table of ``parsedit align
--encoding words``, and the word error rows of the text report."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from parsedit.report.align import table
from parsedit.report.numbers import number, rate
from parsedit.results import WordCounts, word_rate_title

if TYPE_CHECKING:
    from parsedit.wordalign import WordAlignment

_NAMES = {"match": "", "sub": "substitution", "del": "deletion", "ins": "insertion",
          "merge": "merge", "split": "split"}


def render(alignment: WordAlignment, gold: Sequence[str], test: Sequence[str], scheme: str,
           sentence: int, weights: str = "") -> str:
    """One row per operation: gold words, test words, the edit and its cost
    (``weights``: the scheme's name if its word error rate is weighted)."""
    rows = []
    for op in alignment.ops:
        cost = number(op.cost) if op.kind != "match" or op.cost else ""
        rows.append((" ".join(gold[i] for i in op.gold), " ".join(test[j] for j in op.test),
                     _NAMES[op.kind], cost))
    lines = table(f"sentence {sentence}, words encoding, cost scheme {scheme}", rows)
    lines += ["", summary(alignment.counts, weights)]
    return "\n".join(lines) + "\n"


def summary(counts: WordCounts, weights: str = "") -> str:
    """One line: the word edits and the word error rate (named weighted by
    ``weights`` when the word cost scheme is not unit-cost)."""
    return (f"word edits {number(counts.cost)} over {counts.gold} gold words "
            f"({counts.test} test): {word_rate_title(weights)} {rate(counts.error_rate)}; "
            f"{counts.substituted} substituted, {counts.deleted} deleted, "
            f"{counts.inserted} inserted, {counts.merged} merged or split")
