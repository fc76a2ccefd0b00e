"""An alignment shown as a table, in the manner of Roark's Table 1."""

from __future__ import annotations

from parsedit.encodings.base import Encoding
from parsedit.metrics.edits import Scored
from parsedit.metrics.leaf_ancestor import LAScored
from parsedit.report.numbers import number, rate

_NAMES = {"match": "", "sub": "substitution", "del": "deletion", "ins": "insertion"}


def table(title: str, rows: list[tuple[str, str, str, str]]) -> list[str]:
    """The title, then one line per (gold, test, edit, cost) row, aligned."""
    width_g = max([len("gold")] + [len(r[0]) for r in rows])
    width_t = max([len("test")] + [len(r[1]) for r in rows])
    lines = [title, "", f"{'gold':<{width_g}}  {'test':<{width_t}}  {'edit':<12}  cost"]
    lines.append("-" * len(lines[-1]))
    for gold, test, edit, cost in rows:
        lines.append(f"{gold:<{width_g}}  {test:<{width_t}}  {edit:<12}  {cost}".rstrip())
    return lines


def render(scored: Scored, encoding: Encoding, scheme: str, sentence: int) -> str:
    show = encoding.display
    rows = []
    for op in scored.ops:
        gold = show(op.gold) if op.gold is not None else ""
        test = show(op.test) if op.test is not None else ""
        cost = number(op.cost) if op.kind != "match" or op.cost else ""
        rows.append((gold, test, _NAMES[op.kind], cost))
    lines = table(f"sentence {sentence}, {encoding.name} encoding, cost scheme {scheme}", rows)
    counts = scored.counts
    lines.append("")
    if scored.moves:
        moved = ", ".join(f"{m.size} close brackets moved (saves {number(m.saving)})"
                          for m in scored.moves)
        lines.append(f"basic cost {number(counts.basic)}; movement correction: {moved}")
    lines.append(f"edits {number(counts.edits)} over {counts.gold} gold events: "
                 f"error rate {rate(counts.error_rate)}, accuracy {rate(counts.accuracy)}")
    return "\n".join(lines) + "\n"


def lineage(symbols: tuple[str, ...]) -> str:
    return " ".join(symbols)


def render_lineages(scored: LAScored, scheme: str, sentence: int) -> str:
    """Each word with its score and its gold and test lineages side by side,
    leaf end first (Sampson and Babarczy, section 7)."""
    words = scored.words
    width = max([len("word")] + [len(w) for w in words])
    gold_width = max([len("gold")] + [len(lineage(g)) for g in scored.gold])
    lines = [f"sentence {sentence}, leaf-ancestor lineages, cost scheme {scheme}", "",
             f"{'score':<7}{'word':<{width}}  {'gold':<{gold_width}} : test"]
    lines.append("-" * max(len(lines[-1]), 10))
    for word, gold, test, score in zip(words, scored.gold, scored.test,
                                       scored.counts.word_scores):
        lines.append(f"{score:<7.3f}{word:<{width}}  {lineage(gold):<{gold_width}} : "
                     f"{lineage(test)}")
    counts = scored.counts
    lines += ["", f"sentence score {counts.score:.3f} (mean of {counts.words} words)"
              if counts.score is not None else "no words"]
    return "\n".join(lines) + "\n"
