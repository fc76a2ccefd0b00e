"""``parsedit grammars show``: a scheme and its costs as readable tables."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from parsedit.costs.modules import ModuleHeader
from parsedit.costs.scheme import INF, KINDS_OF, CostScheme

if TYPE_CHECKING:
    from parsedit.costs import Scheme


def _table(header: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> list[str]:
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]
    return ["  " + "  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip()
            for row in (header, *rows)]


def _cost(value: float) -> str:
    return "-" if value == INF else f"{value:g}"


def render(scheme: Scheme) -> str:
    lines = [f"{scheme.name}@{scheme.digest}  ({scheme.source})"]
    if not isinstance(scheme, CostScheme):
        what = "a grammar module, built over each corpus's alphabet" if scheme.needs_alphabet \
            else "a precompiled transducer"
        lines.append(f"{what}; encodings: {', '.join(scheme.encodings) or 'any'}")
        if scheme.fst is not None:
            fst = scheme.fst
            arcs = sum(fst.num_arcs(s) for s in fst.states())
            lines.append(f"{fst.num_states()} states, {arcs} arcs")
        return "\n".join(lines) + "\n"
    lines.append(f"extends: {scheme.extends or '-'}; encodings: "
                 f"{', '.join(scheme.encodings) or 'any'}; movement: "
                 f"{'-' if scheme.movement is None else f'{scheme.movement:g}'}")
    if scheme.classes:
        lines += ["", "classes"]
        lines += _table(("class", "kinds", "labels", "variants of"), [
            (c.name, " ".join(c.kinds), " ".join(c.labels) or "-",
             " ".join(c.variants) or "-") for c in scheme.classes])
    lines += ["", "insertion and deletion (the cheapest entry that applies wins)"]
    classes = dict.fromkeys([c for c, _ in scheme.insert] + [c for c, _ in scheme.delete])
    insert, delete = dict(scheme.insert), dict(scheme.delete)
    lines += _table(("class", "insert", "delete"), [
        (c, _cost(insert.get(c, INF)), _cost(delete.get(c, INF)))
        for c in classes])
    lines += ["", "substitution of one symbol for a different one"]
    lines += _table(("from", "to", "same", "cost"), [
        (s.source, s.target, s.same or "-", _cost(s.cost)) for s in scheme.substitute]
        if scheme.substitute else [("-", "-", "-", "-")])
    lines += ["", "by kind, for a symbol in no class of its own and entries with same aside "
              "(- is impossible)"]
    rows = []
    for kind in [k for e in scheme.encodings or KINDS_OF for k in KINDS_OF[e]]:
        sig = scheme.signature(kind)
        swap = min((s.cost for s in scheme.substitute
                    if s.same is None and s.source in sig and s.target in sig), default=INF)
        rows.append((kind, _cost(scheme.insert_cost(sig)), _cost(scheme.delete_cost(sig)),
                     _cost(swap)))
    lines += _table(("kind", "insert", "delete", "for another of its kind"), rows)
    return "\n".join(lines) + "\n"


def render_module(header: ModuleHeader) -> str:
    """A grammar module as its source describes it (it is not run)."""
    encodings = "unknown" if header.encodings is None else ", ".join(header.encodings) or "any"
    lines = [f"{header.name}@{header.digest}  ({header.source})",
             f"a grammar module, built over each corpus's alphabet; encodings: {encodings}",
             "Python code: its costs are what its build(alphabet) returns, and grammars show "
             "does not run it (grammars check --alphabet and compile do, as score does)"]
    if not header.readable:
        lines.append("not valid Python: loading it fails")
    if header.docstring:
        lines += ["", *(f"  {line}".rstrip() for line in header.docstring.splitlines())]
    return "\n".join(lines) + "\n"


def summary(text: str) -> str:
    """The first sentence of a scheme file's header comment or docstring."""
    header: list[str] = []
    for line in text.splitlines():
        line = line.strip().lstrip("#").strip().strip('"').strip()
        if not line:
            if header:
                break
            continue
        header.append(line)
    joined = " ".join(header)
    # The first full stop that ends a sentence: not one of an abbreviation
    # ("e.g. an end-to-end tokeniser" goes on).
    for found in re.finditer(r"\. ", joined):
        if not joined[:found.start() + 1].endswith(_ABBREVIATIONS):
            return joined[:found.start() + 1]
    return joined


# What a full stop inside a header's first sentence ends.
_ABBREVIATIONS = ("e.g.", "i.e.", "cf.", "al.", "etc.", "vs.")
