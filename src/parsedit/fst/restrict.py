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
  two ``a`` s); the same holds for a last symbol, and by induction for a
  whole prefix and suffix.  :meth:`EditShape.trims` checks exactly that,
  with ``T``'s own costs: a symbol ``T`` never rewrites passes at once, and
  symbols rewritten through the same states are checked together.  The
  argument is in real arithmetic; OpenFst adds weights in single precision,
  so between costs that are not multiples of a power of two, two scripts
  of equal real cost can differ in the last place.

A transducer with arcs that read and write nothing is analysed after
OpenFst's epsilon removal (the same weighted relation); the pairs are still
composed with ``T`` itself.  A transducer that is not edit-shaped, or a pair
that fails the check, is composed whole (restricted): slower, never wrong.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

import pynini

from parsedit.fst.edit import Arc

INF = float("inf")
# Substitution costs remembered before starting afresh.
_MEMO_LIMIT = 1_000_000

# One arc of the transducer: its source state, the arc, its target, its output.
Row = tuple[int, Arc, int, int]


class EditShape:
    """An edit-shaped transducer's costs (see the module's docstring): the
    labels with an identity arc at 0 on the start state; each label's
    cheapest deletion and insertion (absent: impossible); and its
    substitutions, as the excursions that rewrite one label as another
    (:meth:`_rewrite`)."""

    def __init__(self, free: frozenset[int]) -> None:
        self.free = free
        self.delete: dict[int, float] = {}
        self.insert: dict[int, float] = {}
        # Substitutions x -> a: one arc x:a from the start to itself, or two
        # arcs through a state q: x:<eps> into q then <eps>:a out of it, or
        # <eps>:a into q then x:<eps> out of it.  By label, the cheapest arc
        # of each kind through each state.
        self.direct: dict[tuple[int, int], float] = {}
        self.read_into: dict[int, dict[int, float]] = {}  # x -> q -> x:<eps> start -> q
        self.written_out: dict[int, dict[int, float]] = {}  # a -> q -> <eps>:a q -> start
        self.written_into: dict[int, dict[int, float]] = {}  # a -> q -> <eps>:a start -> q
        self.read_out: dict[int, dict[int, float]] = {}  # x -> q -> x:<eps> q -> start
        # What a label is rewritten through, as a key that labels rewritten
        # the same ways share (a compiled scheme's tags all share one): the
        # states its reading arcs enter and leave, or the label itself when
        # it has a one-arc substitution.  Labels never rewritten have none.
        self._reader: dict[int, Hashable] = {}
        self._writer: dict[int, Hashable] = {}
        self._substitutions: dict[tuple[bool, Hashable, int], float] = {}

    @staticmethod
    def _least(table: dict[int, dict[int, float]], label: int, state: int,
               weight: float) -> None:
        states = table.setdefault(label, {})
        states[state] = min(weight, states.get(state, INF))

    def finish(self) -> EditShape:
        """Key every label by how it is rewritten (see ``__init__``)."""
        for reading, side in ((True, self._reader), (False, self._writer)):
            first, second = self._tables(reading)
            direct = {pair[0 if reading else 1] for pair in self.direct}
            for label in first.keys() | second.keys() | direct:
                side[label] = label if label in direct else self._states(label, reading)
        return self

    def _tables(self, reading: bool) -> tuple[dict[int, dict[int, float]], ...]:
        """The arcs that read (or write) a label on the way into a state,
        and on the way out of one."""
        return ((self.read_into, self.read_out) if reading
                else (self.written_into, self.written_out))

    def _states(self, label: int, reading: bool) -> tuple[frozenset[tuple[int, float]], ...]:
        """The states a label's two-arc substitutions pass through, as a key."""
        return tuple(frozenset(table.get(label, {}).items()) for table in self._tables(reading))

    def _rewrite(self, reading: bool, key: Hashable, label: int) -> float:
        """The cheapest substitution of a label keyed ``key`` for ``label``
        (``reading``: the keyed label is read and ``label`` written), or of
        ``label`` for it."""
        memo = (reading, key, label)
        found = self._substitutions.get(memo)
        if found is not None:
            return found
        found = INF
        if isinstance(key, int):  # the label itself: it has one-arc substitutions
            found = self.direct.get((key, label) if reading else (label, key), INF)
            key = self._states(key, reading)
        assert isinstance(key, tuple)
        into, out = (dict(part) for part in key)  # the keyed label's
        other_into, other_out = self._tables(not reading)  # ``label``'s
        for first, second in ((into, other_out.get(label, {})),
                              (other_into.get(label, {}), out)):
            for state in first.keys() & second.keys():
                found = min(found, first[state] + second[state])
        if len(self._substitutions) >= _MEMO_LIMIT:
            self._substitutions.clear()
        self._substitutions[memo] = found
        return found

    def trims(self, gold: Sequence[int], test: Sequence[int], matched: Iterable[int]) -> bool:
        """Whether matching the symbols ``matched`` (a common prefix and
        suffix of ``gold`` and ``test``) at no cost, and aligning the rest,
        is exact: each ``a`` of them is matched at 0, and for every gold
        symbol ``x`` and test symbol ``y``, ``del(x) <= sub(x, a) + del(a)``
        and ``ins(y) <= ins(a) + sub(a, y)`` (for ``x = a`` this always
        holds).  Only symbols that can be rewritten need a look (``sub`` is
        infinite for the others), once for each way of being rewritten; and
        none when no symbol is dearer to delete or insert than ``a``."""
        delete, insert, rewrite = self.delete, self.insert, self._rewrite
        sides = []
        for symbols, costs, keys in ((gold, delete, self._reader), (test, insert, self._writer)):
            dearest = 0.0
            keyed: dict[Hashable, float] = {}
            for x in set(symbols):
                cost = costs.get(x, INF)
                dearest = max(dearest, cost)
                key = keys.get(x)
                if key is not None and cost > keyed.get(key, -1.0):
                    keyed[key] = cost
            sides.append((dearest, keyed, costs))
        for a in set(matched):
            if a not in self.free:
                return False
            for reading, (dearest, keyed, costs) in zip((True, False), sides):
                cost = costs.get(a, INF)
                if cost < dearest and any(c > cost and c > rewrite(reading, key, a) + cost
                                          for key, c in keyed.items()):
                    return False
        return True


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
    """``fst``'s deletion, insertion and substitution costs if it is
    edit-shaped (see the module's docstring), else None (``index``:
    ``fst``'s, if already made)."""
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
    free = free_identities(fst)
    assert free is not None  # the start state is final at 0
    shape = EditShape(free)
    least = EditShape._least
    # The states an excursion can pass through: the first arc read, or wrote.
    middle: dict[int, bool] = {}
    for arc in fst.arcs(start):
        x, a, weight, state = arc.ilabel, arc.olabel, float(arc.weight), arc.nextstate
        if state == start:  # an excursion of one arc
            if x and not a:
                shape.delete[x] = min(weight, shape.delete.get(x, INF))
            elif a and not x:
                shape.insert[a] = min(weight, shape.insert.get(a, INF))
            elif x != a:
                shape.direct[x, a] = min(weight, shape.direct.get((x, a), INF))
            continue
        if fst.num_arcs(state) == 0:
            continue  # a dead end: no path goes on from here
        if x and a or middle.setdefault(state, bool(x)) != bool(x):
            return None  # reads and writes, then goes on; or entered both ways
        if x:
            least(shape.read_into, x, state, weight)
        else:
            least(shape.written_into, a, state, weight)
    for state, entered_reading in middle.items():
        # Every arc out must return, doing only what the first did not.
        for arc in fst.arcs(state):
            x, a, weight = arc.ilabel, arc.olabel, float(arc.weight)
            if arc.nextstate != start or (x if entered_reading else a) or not (a or x):
                return None
            if entered_reading:
                least(shape.written_out, a, state, weight)
            else:
                least(shape.read_out, x, state, weight)
    return shape.finish()


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
