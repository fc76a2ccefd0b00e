"""Edit transducers: a cost scheme's costs turned into arcs.

The transducer works over *local* labels.  Before a pair of strings is
composed, each distinct symbol in it gets a small integer label inside the
block of its signature (the set of scheme classes it belongs to): block ``b``
holds labels ``b*capacity + 1 .. (b+1)*capacity``.  Two symbols share a label
only if they are equal, and every label in a block has the costs of its
signature, so the distance is the one over the real symbols, while one
precompiled transducer serves every pair, however large the corpus alphabet.

The transducer is kept in two factors, as in pynini.lib.edit_transducer, so
that its size is linear in the alphabet rather than quadratic:

    left:  a -> a (0)   a -> <eps> (delete a)   a -> <sub r> (cost of rule r)
    right: b -> b (0)   <eps> -> b (insert b)   <sub r> -> b (0)

where ``<sub r>`` is one marker label per substitution entry of the scheme.
``gold @ left`` and ``right @ test`` are composed, and the shortest path of
the result is the cheapest edit script.
"""

from __future__ import annotations

import pynini

from parsedit.costs.scheme import INF, CostScheme, Signature


class EditTransducer:
    """The two factors of a scheme's edit transducer over signature blocks."""

    def __init__(self, scheme: CostScheme, signatures: list[Signature], capacity: int) -> None:
        self.scheme = scheme
        self.signatures = signatures
        self.capacity = capacity
        self.left, self.right = self._build()

    def label(self, block: int, index: int) -> int:
        """The local label of the ``index``-th symbol (0-based) of a block."""
        return block * self.capacity + index + 1

    def _build(self) -> tuple[pynini.Fst, pynini.Fst]:
        scheme = self.scheme
        first_marker = len(self.signatures) * self.capacity + 1
        left = pynini.Fst()
        right = pynini.Fst()
        for fst in (left, right):
            state = fst.add_state()
            fst.set_start(state)
            fst.set_final(state)
        for block, sig in enumerate(self.signatures):
            delete = scheme.delete_cost(sig)
            insert = scheme.insert_cost(sig)
            subs_from = [(r, c) for r, (f, _, c) in enumerate(scheme.substitute) if f in sig]
            subs_to = [r for r, (_, t, _) in enumerate(scheme.substitute) if t in sig]
            for index in range(self.capacity):
                a = self.label(block, index)
                left.add_arc(0, pynini.Arc(a, a, 0.0, 0))
                right.add_arc(0, pynini.Arc(a, a, 0.0, 0))
                if delete < INF:
                    left.add_arc(0, pynini.Arc(a, 0, delete, 0))
                if insert < INF:
                    right.add_arc(0, pynini.Arc(0, a, insert, 0))
                for rule, cost in subs_from:
                    left.add_arc(0, pynini.Arc(a, first_marker + rule, cost, 0))
                for rule in subs_to:
                    right.add_arc(0, pynini.Arc(first_marker + rule, a, 0.0, 0))
        left.arcsort("olabel")
        right.arcsort("ilabel")
        return left, right
