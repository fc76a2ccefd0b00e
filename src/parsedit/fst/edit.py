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
"""

from __future__ import annotations

import pynini

from parsedit.costs.scheme import INF, CostScheme, Signature

Arc = pynini.Arc  # type: ignore[attr-defined]  # re-exported from pywrapfst, not in the stubs


class EditTransducer:
    """The two factors of a scheme's edit transducer over signature blocks."""

    def __init__(self, scheme: CostScheme, signatures: list[Signature], capacity: int) -> None:
        self.scheme = scheme
        self.signatures = signatures
        self.capacity = capacity
        self.left, right = self._build()
        # (test @ right)^-1 is right^-1 @ test: invert the factor once here.
        self.right_inverse = right.invert().arcsort("olabel")

    def label(self, block: int, index: int) -> int:
        """The local label of the ``index``-th symbol (0-based) of a block."""
        return block * self.capacity + index + 1

    def _build(self) -> tuple[pynini.Fst, pynini.Fst]:
        scheme = self.scheme
        delete_marker = len(self.signatures) * self.capacity + 1
        insert_marker = delete_marker + 1
        first_sub = delete_marker + 2
        left = pynini.Fst()
        right = pynini.Fst()
        for fst in (left, right):
            state = fst.add_state()
            fst.set_start(state)
            fst.set_final(state)
        left.add_arc(0, Arc(0, insert_marker, 0.0, 0))
        right.add_arc(0, Arc(0, delete_marker, 0.0, 0))
        for block, sig in enumerate(self.signatures):
            delete = scheme.delete_cost(sig)
            insert = scheme.insert_cost(sig)
            subs_from = [(r, c) for r, (f, _, c) in enumerate(scheme.substitute) if f in sig]
            subs_to = [r for r, (_, t, _) in enumerate(scheme.substitute) if t in sig]
            for index in range(self.capacity):
                a = self.label(block, index)
                left.add_arc(0, Arc(a, a, 0.0, 0))
                right.add_arc(0, Arc(a, a, 0.0, 0))
                if delete < INF:
                    left.add_arc(0, Arc(a, delete_marker, delete, 0))
                if insert < INF:
                    right.add_arc(0, Arc(a, insert_marker, insert, 0))
                for rule, cost in subs_from:
                    left.add_arc(0, Arc(a, first_sub + rule, cost, 0))
                for rule in subs_to:
                    right.add_arc(0, Arc(a, first_sub + rule, 0.0, 0))
        left.arcsort("ilabel")
        right.arcsort("ilabel")
        return left, right
