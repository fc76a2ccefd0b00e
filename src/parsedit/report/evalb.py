"""EVALB's report, byte for byte: the per-sentence table, the totals line
and the two summary blocks (all sentences, and length <= CUTOFF_LEN).

EVALB prints a sentence's status as 0 (scored), 1 (error) or 2 (skip), and
an F of 0/0 as ``-nan``; both are reproduced.  :func:`stderr_lines` gives
what EVALB writes on standard error for the same run.
"""

from __future__ import annotations

from parsedit.metrics.parseval import ParsevalCounts, Summary, summarise
from parsedit.results import CorpusResult

_STATUS = {"ok": 0, "error": 1, "skip": 2}
_RULE = "=" * 76


def _ratio(part: int, whole: int, scale: float = 100.0) -> float:
    return scale * part / whole if whole else 0.0


def _summary(title: str, summary: Summary) -> list[str]:
    counts = summary.counts
    n = summary.valid
    matched = sum(c.matched for c in counts)
    gold = sum(c.gold for c in counts)
    test = sum(c.test for c in counts)
    crossing = sum(c.crossing for c in counts)
    words = sum(c.words for c in counts)
    recall, precision = _ratio(matched, gold), _ratio(matched, test)
    f = f"{2 * precision * recall / (precision + recall):6.2f}" \
        if precision + recall else "  -nan"
    return [
        "", title,
        f"Number of sentence        = {summary.sentences:6d}",
        f"Number of Error sentence  = {summary.errors:6d}",
        f"Number of Skip  sentence  = {summary.skips:6d}",
        f"Number of Valid sentence  = {n:6d}",
        f"Bracketing Recall         = {recall:6.2f}",
        f"Bracketing Precision      = {precision:6.2f}",
        f"Bracketing FMeasure       = {f}",
        f"Complete match            = {_ratio(sum(c.complete for c in counts), n):6.2f}",
        f"Average crossing          = {_ratio(crossing, n, 1.0):6.2f}",
        f"No crossing               = {_ratio(sum(c.crossing == 0 for c in counts), n):6.2f}",
        f"2 or less crossing        = {_ratio(sum(c.crossing <= 2 for c in counts), n):6.2f}",
        f"Tagging accuracy          = {_ratio(sum(c.correct_tags for c in counts), words):6.2f}",
    ]


def render(result: CorpusResult) -> str:
    lines = ["  Sent.                        Matched  Bracket   Cross        Correct Tag",
             " ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy",
             _RULE]
    for s in result.sentences:
        c = s.counts["parseval"] if s.status == "ok" else ParsevalCounts(0, 0, 0, 0, 0, 0, 0, 0)
        lines.append(
            f"{s.id:4d}  {s.length:3d}    {_STATUS[s.status]}  "
            f"{_ratio(c.matched, c.gold):6.2f} {_ratio(c.matched, c.test):6.2f}   "
            f"{c.matched:3d}    {c.gold:3d}  {c.test:3d}    {c.crossing:3d}   "
            f"{c.words:4d}  {c.correct_tags:4d}   {_ratio(c.correct_tags, c.words):6.2f}")
    lines.append(_RULE)
    everything = summarise(result.sentences)
    counts = everything.counts
    matched = sum(c.matched for c in counts)
    gold = sum(c.gold for c in counts)
    test = sum(c.test for c in counts)
    words = sum(c.words for c in counts)
    tags = sum(c.correct_tags for c in counts)
    totals = ""
    if gold > 0 and test > 0:
        totals = (f"                {_ratio(matched, gold):6.2f} {_ratio(matched, test):6.2f} "
                  f"{matched:6d} {gold:5d} {test:5d}  {sum(c.crossing for c in counts):5d}")
    lines.append(f"{totals}  {words:5d} {tags:5d}   {_ratio(tags, words):6.2f}")
    lines.append("=== Summary ===")
    lines += _summary("-- All --", everything)
    cutoff = result.cutoff_len
    lines += _summary(f"-- len<={cutoff} --", summarise(result.sentences, cutoff))
    return "\n".join(lines) + "\n"


def stderr_lines(result: CorpusResult) -> list[str]:
    """EVALB's standard error: ``ID : reason`` for each error, in its words
    where it has some; parsedit's message for what EVALB cannot read."""
    return [f"{s.id} : {s.reason}" for s in result.sentences if s.reason]
