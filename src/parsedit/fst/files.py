"""OpenFst files and objects: reading and writing FARs and FSTs, symbol
tables, and the checks an edit transducer must pass.  (pynini is imported
in :mod:`parsedit.fst` only; the rest of parsedit handles ``Fst`` objects
through these functions.)"""

from __future__ import annotations

import math
from collections.abc import Iterable
from pathlib import Path
from typing import TypeGuard

import pynini
from pywrapfst import SymbolTable as SymbolTable  # pynini's own, re-exported

from parsedit.errors import SchemeError

Fst = pynini.Fst
EPSILON = "<eps>"


def is_fst(value: object) -> TypeGuard[Fst]:
    return isinstance(value, pynini.Fst)


def symbol_table(symbols: Iterable[str]) -> SymbolTable:
    """A symbol table: 0 is ``<eps>``, then ``symbols`` in order from 1."""
    table = SymbolTable()
    table.add_symbol(EPSILON)
    for text in symbols:
        table.add_symbol(text)
    return table


def validated(fst: pynini.Fst, what: str) -> pynini.Fst:
    """``fst`` if it can be an edit transducer: tropical weights, a start
    state, a final state, every weight a number >= 0 (an arc at infinity is
    an arc never taken).  Otherwise a :class:`SchemeError` that begins with
    ``what`` and says which state or arc is at fault: a negative weight
    would make edits pay, a NaN would make every comparison false."""
    if fst.weight_type() != "tropical":
        raise SchemeError(f"{what} over {fst.weight_type()} weights; edit costs are "
                          "tropical (the minimum over paths, costs added along one)")
    if fst.start() < 0:
        raise SchemeError(f"{what} without a start state")
    final = False
    for state in fst.states():
        weight = float(fst.final(state))
        if math.isnan(weight) or weight < 0:
            raise SchemeError(f"{what} whose state {state} is final at {weight}; a "
                              "cost must be a number >= 0")
        final = final or weight < math.inf
        for arc in fst.arcs(state):
            weight = float(arc.weight)
            if math.isnan(weight) or weight < 0:
                raise SchemeError(f"{what} with an arc of weight {weight} (state {state}, "
                                  f"labels {arc.ilabel}:{arc.olabel}); a cost must be a "
                                  "number >= 0")
    if not final:
        raise SchemeError(f"{what} without a final state, so no edit path can end")
    return fst


def read_fst(path: Path) -> Fst:
    """A transducer from an OpenFst file."""
    try:
        return pynini.Fst.read(str(path))
    except Exception as exc:  # pynini raises its own FstIOError and others
        raise SchemeError(f"{path}: not an OpenFst file: {exc}") from None


def write_far(path: Path, fsts: dict[str, pynini.Fst]) -> None:
    """One transducer per key; OpenFst's FAR writer needs the keys in order
    (out of order it drops them, saying so only on standard error)."""
    with pynini.Far(str(path), mode="w") as far:
        for key in sorted(fsts):
            far[key] = fsts[key]


def read_far(path: Path) -> dict[str, pynini.Fst]:
    try:
        far = pynini.Far(str(path), mode="r")
        return {str(key): fst.copy() for key, fst in far}
    except Exception as exc:  # pynini raises its own FstIOError and others
        raise SchemeError(f"{path}: not a readable FAR file: {exc}") from None
