"""A declarative cost scheme compiled into one transducer over an alphabet
(``parsedit grammars compile``, the movement cascade)."""

from __future__ import annotations

import pynini

from parsedit.costs.alphabet import Alphabet
from parsedit.costs.scheme import INF, CostScheme, boundaries
from parsedit.fst.edit import Arc


def compile_scheme(scheme: CostScheme, alphabet: Alphabet) -> pynini.Fst:
    """``scheme`` as one transducer over ``alphabet``, linear in its size.

    State 0 is start and final; every symbol has its identity, deletion
    (``a:<eps>``) and insertion (``<eps>:b``) arcs there.  A substitution
    entry (with ``same``: one per key value) is a state ``q``: ``a:<eps>``
    with the cost from 0 to ``q`` for every symbol it rewrites, ``<eps>:b``
    at no cost from ``q`` back to 0 for every symbol it rewrites into.
    """
    fst = pynini.Fst()
    fst.add_state()
    fst.set_start(0)
    fst.set_final(0)
    states: dict[tuple[int, str | None], int] = {}

    def state(rule: int, key: str | None) -> int:
        if (rule, key) not in states:
            states[rule, key] = fst.add_state()
        return states[rule, key]

    for text in alphabet.symbols:
        kind, label = alphabet.kinds[text], alphabet.labels[text]
        sig = scheme.signature(kind, label, boundaries(kind, text, label))
        a = alphabet.id(text)
        fst.add_arc(0, Arc(a, a, 0.0, 0))
        delete, insert = scheme.delete_cost(sig), scheme.insert_cost(sig)
        if delete < INF:
            fst.add_arc(0, Arc(a, 0, delete, 0))
        if insert < INF:
            fst.add_arc(0, Arc(0, a, insert, 0))
        for rule, entry in enumerate(scheme.substitute):
            key = scheme.same_key(entry, sig)
            if entry.source in sig:
                fst.add_arc(0, Arc(a, 0, entry.cost, state(rule, key)))
            if entry.target in sig:
                fst.add_arc(state(rule, key), Arc(0, a, 0.0, 0))
    table = alphabet.table
    fst.set_input_symbols(table)
    fst.set_output_symbols(table)
    fst.connect()
    fst.arcsort("ilabel")
    return fst
