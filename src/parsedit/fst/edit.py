"""Edit transducers: a cost scheme's costs turned into arcs.

The transducer works over *local* labels.  Before a pair of strings is
composed, each distinct symbol in it gets a small integer label inside the
block of its signature (the set of scheme classes it belongs to): block ``b``
holds labels ``b*capacity + 1 .. (b+1)*capacity``.  Two symbols share a label
only if they are equal, and every label in a block has the costs of its
signature, so the distance is the one over the real symbols, while one
precompiled transducer serves every pair, however large the corpus alphabet.

The transducer is kept in two factors, as in pynini.lib.edit_transducer, so
that its size is linear in the alphabet rather than quadratic.  They meet on
a middle tape that carries a symbol itself (a match) or a marker: ``<sub r>``
(one per substitution entry ``r`` of the scheme), ``<del>`` or ``<ins>``:

    left (gold side):  a -> a (0)   a -> <del> (delete a)   a -> <sub r> (cost r)
                       <eps> -> <ins> (0)
    right (test side): b -> b (0)   b -> <ins> (insert b)   b -> <sub r> (0)
                       <eps> -> <del> (0)

The right factor is written from the test side and kept inverted, so that
both factors are composed with their short string (``gold @ left`` and
``right^-1 @ test``), each looking its arcs up in the sorted factor; the
``<eps>`` loops become a loop on every state.  Composing the two gives the
lattice of every edit script, and since the middle tape has no epsilon, that
composition is a plain product, with no epsilon filter.  Its shortest path is
the cheapest script.

A substitution entry with ``same`` (e.g. the same first character) has one
marker per key value, so only symbols with equal keys meet on it.  Blocks are
added as a corpus shows new signatures; markers sit far above every block
label, so adding a block never moves them.
"""

from __future__ import annotations

import pynini

from parsedit.costs.scheme import INF, CostScheme, Signature

Arc = pynini.Arc  # type: ignore[attr-defined]  # re-exported from pywrapfst, not in the stubs

DELETE = 1 << 28
INSERT = DELETE + 1


class EditTransducer:
    """The two factors of a scheme's edit transducer over signature blocks."""

    def __init__(self, scheme: CostScheme, signatures: list[Signature], capacity: int) -> None:
        self.scheme = scheme
        self.capacity = capacity
        self.blocks = 0
        self._markers: dict[tuple[int, str | None], int] = {}
        self._left = pynini.Fst()
        self._right = pynini.Fst()
        for fst in (self._left, self._right):
            fst.add_state()
            fst.set_start(0)
            fst.set_final(0)
        self._left.add_arc(0, Arc(0, INSERT, 0.0, 0))
        self._right.add_arc(0, Arc(DELETE, 0, 0.0, 0))
        self._sorted = False
        for sig in signatures:
            self.add_block(sig)

    @property
    def left(self) -> pynini.Fst:
        """The left factor (symbol to marker), its arcs sorted by input."""
        self._sort()
        return self._left

    @property
    def right_inverse(self) -> pynini.Fst:
        """The right factor inverted (marker to symbol), sorted by output."""
        self._sort()
        return self._right

    def _sort(self) -> None:
        # Sorted when next used, not after every block: a corpus adds blocks
        # one by one (thousands of words under a keyed word scheme), and a
        # sort after each would cost the square of the arcs.
        if not self._sorted:
            self._left.arcsort("ilabel")
            self._right.arcsort("olabel")
            self._sorted = True

    def label(self, block: int, index: int) -> int:
        """The local label of the ``index``-th symbol (0-based) of a block."""
        return block * self.capacity + index + 1

    def _marker(self, rule: int, key: str | None) -> int:
        return self._markers.setdefault((rule, key), INSERT + 1 + len(self._markers))

    def add_block(self, sig: Signature) -> None:
        """Give the next block the costs of ``sig``."""
        scheme, block = self.scheme, self.blocks
        self.blocks += 1
        delete = scheme.delete_cost(sig)
        insert = scheme.insert_cost(sig)
        subs_from = [(self._marker(r, scheme.same_key(s, sig)), s.cost)
                     for r, s in enumerate(scheme.substitute) if s.source in sig]
        subs_to = [self._marker(r, scheme.same_key(s, sig))
                   for r, s in enumerate(scheme.substitute) if s.target in sig]
        left, right = self._left, self._right
        self._sorted = False
        for index in range(self.capacity):
            a = self.label(block, index)
            left.add_arc(0, Arc(a, a, 0.0, 0))
            right.add_arc(0, Arc(a, a, 0.0, 0))
            if delete < INF:
                left.add_arc(0, Arc(a, DELETE, delete, 0))
            if insert < INF:
                right.add_arc(0, Arc(INSERT, a, insert, 0))
            for marker, cost in subs_from:
                left.add_arc(0, Arc(a, marker, cost, 0))
            for marker in subs_to:
                right.add_arc(0, Arc(marker, a, 0.0, 0))
