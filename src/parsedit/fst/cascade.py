"""Roark's movement transducers, composed for real (Roark 2002, section 3).

Roark describes the consecutive-close-bracket correction as what one would
get by passing a parse "through an arbitrary number of transducers that, for
any given k, map the input to an output by deleting k consecutive close
brackets and inserting k consecutive close brackets, at a cost of 1"
(his Figure 3), before the basic labelled-bracketing edit transducer, and
computes it instead with the five-step pass over one shortest path
(:mod:`parsedit.metrics.movement`).  This module builds the cascade itself,
for at most ``max_moves`` moves of 2..``max_k`` brackets each:

    distance = shortest path of  gold @ E @ M @ ... @ M @ test   (M moves)

where E is the scheme's edit transducer compiled over the pair's alphabet
and M is "at most one move": the identity, or, for one k, k consecutive
``)`` deleted at one place and k inserted at another (before or after it),
at the scheme's ``movement`` cost.  A move is symmetric (moving brackets
back is a move too), so applying the moves on the test side loses nothing.

It is a research instrument, exact and slow: the set of strings within M
moves grows with the length of the string to the power M.
"""

from __future__ import annotations

from collections.abc import Sequence

import pynini

from parsedit.costs.alphabet import Alphabet
from parsedit.costs.scheme import CostScheme
from parsedit.encodings import Encoding, Symbol
from parsedit.errors import ConfigError
from parsedit.fst.compile import compile_scheme
from parsedit.fst.edit import Arc
from parsedit.trees.bracketing import CLOSE


def move_transducer(labels: Sequence[int], close: int, max_k: int,
                    cost: float) -> pynini.Fst:
    """At most one move of 2..max_k consecutive close brackets over ``labels``."""
    fst = pynini.Fst()
    home = fst.add_state()
    fst.set_start(home)
    fst.set_final(home)
    for label in labels:
        fst.add_arc(home, Arc(label, label, 0.0, home))
    for k in range(2, max_k + 1):
        for first, second in (((close, 0), (0, close)), ((0, close), (close, 0))):
            # k of the first operation, any symbols, k of the second.
            state = home
            for step in range(k):
                nxt = fst.add_state()
                fst.add_arc(state, Arc(*first, cost if step == 0 else 0.0, nxt))
                state = nxt
            for label in labels:
                fst.add_arc(state, Arc(label, label, 0.0, state))
            for _ in range(k):
                nxt = fst.add_state()
                fst.add_arc(state, Arc(*second, 0.0, nxt))
                state = nxt
            fst.set_final(state)
            for label in labels:
                fst.add_arc(state, Arc(label, label, 0.0, state))
    fst.arcsort("ilabel")
    return fst


def cascade_distance(gold: Sequence[Symbol], test: Sequence[Symbol], scheme: CostScheme,
                     encoding: Encoding, max_moves: int, max_k: int) -> float:
    """The edit distance with at most ``max_moves`` movements, by composition."""
    if scheme.movement is None:
        raise ConfigError(f"cost scheme {scheme.name!r} declares no movement cost")
    alphabet = Alphabet.of(encoding, {*gold, *test, CLOSE})
    edit = compile_scheme(scheme, alphabet)
    ids = [alphabet.id(t) for t in alphabet.symbols]
    moves = move_transducer(ids, alphabet.id(CLOSE), max_k, scheme.movement)

    def accep(symbols: Sequence[Symbol]) -> pynini.Fst:
        return pynini.accep("".join(f"[{alphabet.id(encoding.text(s))}]" for s in symbols))

    reachable = accep(test)
    for _ in range(max_moves):
        reachable = pynini.compose(moves, reachable).project("input").rmepsilon()
        reachable = pynini.determinize(reachable).minimize()
    lattice = pynini.compose(pynini.compose(accep(gold), edit), reachable)
    path = pynini.shortestpath(lattice)
    if path.start() < 0:
        raise ConfigError(f"cost scheme {scheme.name!r} allows no edit path")
    return float(path.paths().weight())
