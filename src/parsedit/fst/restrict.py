"""Scoring through an arbitrary edit transducer, fast and exactly: what
:class:`parsedit.fst.align.FstAligner` knows of a grammar module's or a
compiled FAR's transducer ``T``.

Composed whole, ``gold @ T @ test`` is slow for a transducer built over a
corpus's alphabet: at every state of the gold side, the composition follows
every arc of ``T`` that reads nothing (an insertion of each symbol of the
alphabet, thousands of them), though only the test string's symbols can
survive the second composition.  Three things, each exact, avoid that:

* **Restriction** (any transducer).  A path that reads ``gold`` and writes
  ``test`` takes only arcs whose input is epsilon or a symbol of ``gold`` and
  whose output is epsilon or a symbol of ``test``.  :class:`ArcIndex` keeps
  ``T``'s arcs by input label (and, for those that read nothing, by output
  label), and :meth:`ArcIndex.restricted` builds, per pair, the transducer
  of those arcs alone: the same paths, so the same shortest path and cost.
* **Equal strings.**  When ``T``'s start state ``s`` is final at 0 and every
  symbol of a string has an identity arc ``a:a`` at 0 from ``s`` to ``s``,
  that string against itself costs 0: that path costs 0, and no weight is
  negative (:func:`parsedit.fst.files.validated`).
* **A common prefix and suffix** are matched without composing them when
  ``T`` is *edit-shaped* (:func:`edit_shape`) and the pair passes
  :meth:`EditShape.trims`.  Edit-shaped: ``s`` is the only final state, at 0,
  and every path from ``s`` back to ``s`` that does not pass through ``s``
  on the way (an *excursion*) reads at most one symbol and writes at most
  one.  Then every path is a sequence of excursions, each a deletion, an
  insertion or a substitution, and ``T``'s distance is the weighted edit
  distance with those costs.  For such a distance, matching a common first
  symbol ``a`` (at 0: an identity arc ``s -> s``) loses nothing provided
  ``del(x) <= sub(x, a) + del(a)`` for every gold symbol ``x`` and
  ``ins(y) <= ins(a) + sub(a, y)`` for every test symbol ``y`` (an
  alignment that deletes gold's ``a`` and rewrites some ``x`` as test's
  ``a``, or the mirror image, is then no cheaper than one that matches the
  two ``a`` s); the same holds for a last symbol.  Substitutions cost at
  least 0, so it is enough that no gold symbol is dearer to delete than
  ``a``, nor any test symbol dearer to insert: what :meth:`EditShape.trims`
  checks for every symbol matched this way.  The argument is in real
  arithmetic; OpenFst adds weights in single precision, so between costs
  that are not multiples of a power of two, two scripts of equal real cost
  can differ in the last place.

A transducer with arcs that read and write nothing is analysed after
OpenFst's epsilon removal (the same weighted relation); the pairs are still
composed with ``T`` itself.  A transducer that is not edit-shaped, or a pair
that fails the check, is composed whole (restricted): slower, never wrong.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pynini

from parsedit.fst.edit import Arc

INF = float("inf")

# One arc of the transducer: its source state, the arc, its target, its output.
Row = tuple[int, Arc, int, int]


@dataclass(frozen=True)
class EditShape:
    """An edit-shaped transducer's costs (see the module's docstring):
    the labels with an identity arc at 0 on the start state, and each
    label's cheapest deletion and insertion (absent: impossible)."""

    free: frozenset[int]
    delete: dict[int, float]
    insert: dict[int, float]

    def trims(self, gold: Sequence[int], test: Sequence[int], matched: Iterable[int]) -> bool:
        """Whether matching the symbols ``matched`` (a common prefix and
        suffix of ``gold`` and ``test``) at no cost, and aligning the rest,
        is exact: each is matched at 0, and none is cheaper to delete than
        any gold symbol or to insert than any test symbol."""
        delete, insert = self.delete, self.insert
        dearest_delete = max((delete.get(x, INF) for x in gold), default=0.0)
        dearest_insert = max((insert.get(y, INF) for y in test), default=0.0)
        return all(a in self.free and delete.get(a, INF) >= dearest_delete
                   and insert.get(a, INF) >= dearest_insert for a in matched)


def free_identities(fst: pynini.Fst) -> frozenset[int] | None:
    """The labels that cost nothing against themselves wherever they are in
    a string (an identity arc at 0 from the start state to itself), if the
    start state is final at 0 (else None: even two empty strings may cost
    something)."""
    start = fst.start()
    if float(fst.final(start)) != 0.0:
        return None
    return frozenset(arc.ilabel for arc in fst.arcs(start)
                     if arc.ilabel == arc.olabel != 0 and arc.nextstate == start
                     and float(arc.weight) == 0.0)


def edit_shape(fst: pynini.Fst, index: ArcIndex | None = None) -> EditShape | None:
    """``fst``'s deletion and insertion costs if it is edit-shaped (see the
    module's docstring), else None (``index``: ``fst``'s, if already made)."""
    index = index or ArcIndex(fst)
    finals = index.finals
    if index.epsilon:
        fst = fst.copy()
        fst.rmepsilon()
        finals = {state: float(fst.final(state)) for state in fst.states()
                  if float(fst.final(state)) != INF}
    start = fst.start()
    if finals != {start: 0.0}:
        return None
    delete: dict[int, float] = {}
    insert: dict[int, float] = {}
    # For a state an excursion can pass through: whether every arc out of it
    # returns to the start, and which of "reads", "writes" its arcs do.
    middle: dict[int, tuple[bool, frozenset[str]]] = {}
    for arc in fst.arcs(start):
        reads, writes, weight, state = arc.ilabel != 0, arc.olabel != 0, float(arc.weight), \
            arc.nextstate
        if state == start:  # an excursion of one arc
            if reads and not writes:
                delete[arc.ilabel] = min(weight, delete.get(arc.ilabel, INF))
            elif writes and not reads:
                insert[arc.olabel] = min(weight, insert.get(arc.olabel, INF))
            continue
        if state not in middle:
            out = list(fst.arcs(state))
            middle[state] = (all(a.nextstate == start for a in out),
                             frozenset(kind for a in out for kind, label in
                                       (("reads", a.ilabel), ("writes", a.olabel)) if label))
        if fst.num_arcs(state) == 0:
            continue  # a dead end: no path goes on from here
        returns, kinds = middle[state]
        # The second arc must return, doing only what the first did not.
        if not returns or (reads and writes) or kinds != {"writes" if reads else "reads"}:
            return None
    free = free_identities(fst)
    assert free is not None  # the start state is final at 0
    return EditShape(free, delete, insert)


class ArcIndex:
    """A transducer's arcs by the label they read (and, for those that read
    nothing, by the label they write), so that the part of it one pair can
    use is built without visiting the rest."""

    def __init__(self, fst: pynini.Fst) -> None:
        self.start = fst.start()
        self.finals: dict[int, float] = {}
        self.by_input: dict[int, list[Row]] = {}
        self.by_output: dict[int, list[Row]] = {}
        self.epsilon: list[Row] = []  # arcs that read and write nothing
        for state in fst.states():
            final = float(fst.final(state))
            if final != INF:
                self.finals[state] = final
            for arc in fst.arcs(state):
                row = (state, arc, arc.nextstate, arc.olabel)
                if arc.ilabel:
                    self.by_input.setdefault(arc.ilabel, []).append(row)
                elif arc.olabel:
                    self.by_output.setdefault(arc.olabel, []).append(row)
                else:
                    self.epsilon.append(row)

    def restricted(self, gold: set[int], test: set[int], loops: Iterable[int] = ()
                   ) -> pynini.Fst:
        """The transducer's arcs that read epsilon or a label of ``gold`` and
        write epsilon or a label of ``test``, over the states they touch (and
        the start state); with an identity loop at 0 on each of those states
        for every label of ``loops``.  Labels are kept, states renumbered."""
        fst = pynini.Fst()
        number: dict[int, int] = {}
        finals = self.finals

        def state(old: int) -> int:
            new = number.get(old)
            if new is None:
                new = number[old] = fst.add_state()
                final = finals.get(old)
                if final is not None:
                    fst.set_final(new, final)
            return new

        fst.set_start(state(self.start))
        rows = list(self.epsilon)
        for label in gold:
            rows.extend(row for row in self.by_input.get(label, ()) if not row[3] or row[3] in test)
        for label in test:
            rows.extend(self.by_output.get(label, ()))
        for source, arc, target, _ in rows:
            arc.nextstate = state(target)  # the index's own copy, set for this pair
            fst.add_arc(state(source), arc)
        for label in loops:
            for new in number.values():
                fst.add_arc(new, Arc(label, label, 0.0, new))
        fst.arcsort("ilabel")
        return fst
