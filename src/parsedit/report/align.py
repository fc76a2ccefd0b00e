"""An alignment shown as a table, in the manner of Roark's Table 1."""

from __future__ import annotations

from unicodedata import east_asian_width

from parsedit.report.numbers import number, rate
from parsedit.results import EditScript, LineageScript

_NAMES = {"match": "", "sub": "substitution", "del": "deletion", "ins": "insertion"}


def _columns(text: str) -> int:
    """How many terminal columns ``text`` takes: two for a wide character
    (Hangul, kanji, full-width forms), one for any other."""
    return sum(2 if east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _columns(text))


def table(title: str, rows: list[tuple[str, str, str, str]], last: str = "cost") -> list[str]:
    """The title, then one line per (gold, test, edit, cost) row, aligned in
    terminal columns (a Korean or Chinese word takes two a character);
    ``last`` heads the last column."""
    width_g = max([len("gold")] + [_columns(r[0]) for r in rows])
    width_t = max([len("test")] + [_columns(r[1]) for r in rows])
    lines = [title, "", f"{'gold':<{width_g}}  {'test':<{width_t}}  {'edit':<12}  {last}"]
    lines.append("-" * len(lines[-1]))
    for gold, test, edit, cost in rows:
        lines.append(f"{_pad(gold, width_g)}  {_pad(test, width_t)}  {edit:<12}  {cost}".rstrip())
    return lines


def render(script: EditScript, sentence: int) -> str:
    """The script a row an operation; with error classes, each edit's class
    after its cost."""
    rows = []
    classes = script.classes or (None,) * len(script.ops)
    for op, name in zip(script.ops, classes):
        gold, test = op.gold or "", op.test or ""
        cost = number(op.cost) if op.kind != "match" or op.cost else ""
        rows.append((gold, test, _NAMES[op.kind], f"{cost:<4}  {name}" if name else cost))
    lines = table(f"sentence {sentence}, {script.encoding} encoding, cost scheme "
                  f"{script.scheme}", rows, "cost  class" if script.classes else "cost")
    counts = script.counts
    lines.append("")
    if script.moves:
        moved = ", ".join(f"{size} close brackets moved (saves {number(saving)})"
                          for size, saving in script.moves)
        lines.append(f"basic cost {number(counts.basic)}; movement correction: {moved}")
    lines.append(f"edits {number(counts.edits)} over {counts.gold} gold events: "
                 f"error rate {rate(counts.error_rate)}, accuracy {rate(counts.accuracy)}")
    return "\n".join(lines) + "\n"


def lineage(symbols: tuple[str, ...]) -> str:
    return " ".join(symbols)


def render_lineages(script: LineageScript, sentence: int) -> str:
    """Each word with its score and its gold and test lineages side by side,
    leaf end first (Sampson and Babarczy, section 7)."""
    width = max([len("word")] + [len(w.word) for w in script.words])
    gold_width = max([len("gold")] + [len(lineage(w.gold)) for w in script.words])
    lines = [f"sentence {sentence}, leaf-ancestor lineages, cost scheme {script.scheme}", "",
             f"{'score':<7}{'word':<{width}}  {'gold':<{gold_width}} : test"]
    lines.append("-" * max(len(lines[-1]), 10))
    for w in script.words:
        lines.append(f"{w.score:<7.3f}{w.word:<{width}}  {lineage(w.gold):<{gold_width}} : "
                     f"{lineage(w.test)}")
    counts = script.counts
    lines += ["", f"sentence score {counts.score:.3f} (mean of {counts.words} words)"
              if counts.score is not None else "no words"]
    return "\n".join(lines) + "\n"
