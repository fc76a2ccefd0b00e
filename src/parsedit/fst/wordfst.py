"""Word alignment as an OpenFst shortest path (``--word-aligner fst``).

:class:`FstWordAligner` computes exactly what :class:`~parsedit.wordalign.WordAligner`
does (the same cheapest script, the same tie-breaking), but through
compositions: the word scheme becomes a two-factor edit transducer over
signature blocks (:class:`~parsedit.fst.edit.EditTransducer`, as for
brackets: linear in the vocabulary, word -> cost class -> word, with the
scheme's substitution, insertion and deletion costs and its classes and
``same`` keys such as case-folding), the gold and test yields become string
acceptors compiled in OpenFst from their label strings, and the lattice of
every script is ``(gold @ left) @ (right^-1 @ test)``.

Edits over several symbols: each ``merge`` (``do n't`` -> ``don't``) or
``split`` the pair allows, and each pair of different words that EVALB's
EQ_WORD makes equal, gets a *slot*: a label of its own, on one extra arc of
each acceptor (the gold arc spanning its gold words and carrying its cost,
the test arc spanning its test words), which the transducer passes through
unchanged.  A slot's two arcs can only meet at the states where the
operation starts, so a path through them is exactly that operation.

The cost is the shortest path's.  The script is chosen as the Python pass
chooses it: the lattice is pruned to its cheapest paths (OpenFst's weights
are single precision: paths within 1e-5 of the cheapest, relatively, count
as cheapest, where the Python pass uses 1e-9; costs that are multiples of a
power of two, such as 0.5, are exact in both), then over what is left (a
handful of arcs) the most sentence-boundary states kept (each state's
numbers of gold and test words found by a forward pass), the fewest
unmatched words and the first arc by :data:`~parsedit.wordalign.ORDER` are
read exactly as in the Python pass.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pynini

from parsedit.costs.scheme import INF, SAME_NAMES, CostScheme, Signature
from parsedit.errors import SchemeError
from parsedit.fst.edit import Arc, EditTransducer
from parsedit.wordalign import NO_ENDS, ORDER, WordAligner, WordOp, chain_script

SLOT = 1 << 27  # slot labels: far above every block label, below the markers
_MATCH, _SUB, _DEL, _INS = (ORDER.index(k) for k in ("match", "sub", "del", "ins"))


class FstWordAligner(WordAligner):
    """Word alignments under one word cost scheme, by composition and
    shortest path (see the module); the same results as :class:`WordAligner`."""

    def __init__(self, scheme: CostScheme,
                 same_word: Callable[[str, str], bool] | None = None) -> None:
        super().__init__(scheme, same_word)
        self._whole = None  # no integer pass: every middle is composed
        self._signatures: list[Signature] = []
        self._blocks: dict[Signature, int] = {}
        # Per capacity: the transducer and how many slots it passes.
        self._transducers: dict[int, tuple[EditTransducer, int]] = {}

    def _block(self, sig: Signature) -> int:
        found = self._blocks.get(sig)
        if found is None:
            found = self._blocks[sig] = len(self._signatures)
            self._signatures.append(sig)
            for edit, _ in self._transducers.values():
                edit.add_block(sig)
        return found

    @staticmethod
    def _pair_sig(sig: Signature, keys: dict[str, str]) -> Signature:
        """``sig`` with its ``same`` key values (``casefold=dog``) numbered
        afresh in the pair, equal values equal numbers: only their equality
        matters, and the blocks stay as few as a pair's distinct keys rather
        than growing with the corpus."""
        if not any(name.partition("=")[0] in SAME_NAMES for name in sig):
            return sig
        out = set()
        for name in sig:
            key, equals, _ = name.partition("=")
            if equals and key in SAME_NAMES:
                name = f"{key}={keys.setdefault(name, str(len(keys)))}"
            out.add(name)
        return frozenset(out)

    def _transducer(self, capacity: int, slots: int) -> EditTransducer:
        edit, have = self._transducers.get(capacity, (None, 0))
        if edit is None:
            edit = EditTransducer(self.scheme, self._signatures, capacity)
        if slots > have:
            want = max(8, have)
            while want < slots:
                want *= 2
            for slot in range(SLOT + have, SLOT + want):
                edit.left.add_arc(0, Arc(slot, slot, 0.0, 0))
                edit.right_inverse.add_arc(0, Arc(slot, slot, 0.0, 0))
            edit.left.arcsort("ilabel")
            edit.right_inverse.arcsort("olabel")
            have = want
        self._transducers[capacity] = (edit, have)
        return edit

    def _lattice(self, gold: Sequence[str], test: Sequence[str], start: int, end_g: int,
                 end_t: int, merges: list[WordOp],
                 ends: tuple[frozenset[int], frozenset[int]] = NO_ENDS) -> list[WordOp]:
        """The middle script, gold[start:end_g] against test[start:end_t]
        (``ends``: each side's sentence ends in it, counted from ``start``)."""
        g, t = gold[start:end_g], test[start:end_t]
        # Slots: the merges and splits inside the middle, then EQ_WORD pairs.
        slots = [op for op in merges if op.gold[0] >= start and op.gold[-1] < end_g
                 and op.test[0] >= start and op.test[-1] < end_t]
        if self.same_word is not None:
            slots += [WordOp("match", (start + r,), (start + c,), 0.0)
                      for r, a in enumerate(g) for c, b in enumerate(t)
                      if a != b and self.same_word(a, b)]
        local: dict[str, tuple[int, int]] = {}
        counts: dict[int, int] = {}
        keys: dict[str, str] = {}
        for word in (*g, *t):
            if word not in local:
                block = self._block(self._pair_sig(self._sig(word), keys))
                local[word] = (block, counts.get(block, 0))
                counts[block] = counts.get(block, 0) + 1
        capacity = 8
        while capacity < max(counts.values()):
            capacity *= 2
        edit = self._transducer(capacity, len(slots))
        label = {w: edit.label(*where) for w, where in local.items()}
        gold_fsa = pynini.accep("".join(f"[{label[w]}]" for w in g))
        test_fsa = pynini.accep("".join(f"[{label[w]}]" for w in t))
        for n, op in enumerate(slots):
            gold_fsa.add_arc(op.gold[0] - start, Arc(SLOT + n, SLOT + n, op.cost,
                                                     op.gold[-1] + 1 - start))
            test_fsa.add_arc(op.test[0] - start, Arc(SLOT + n, SLOT + n, 0.0,
                                                     op.test[-1] + 1 - start))
        lattice = pynini.compose(pynini.compose(gold_fsa, edit.left, connect=False),
                                 pynini.compose(edit.right_inverse, test_fsa, connect=False),
                                 connect=False)
        # Prune to the cheapest paths, within 1e-5 of a bound on the cost
        # (deleting and inserting every word, when that is a script).
        bound = sum(self.delete_cost(w) for w in g) + sum(self.insert_cost(w) for w in t)
        if bound == INF:
            path = pynini.shortestpath(lattice)
            bound = float(path.paths().weight()) if path.start() >= 0 else INF
        cheapest = pynini.prune(lattice, weight=1e-5 * max(1.0, bound))
        if cheapest.start() < 0:
            raise SchemeError(
                f"word cost scheme {self.scheme.name!r} allows no alignment of "
                f"[{' '.join(g)}] with [{' '.join(t)}]")
        cheapest.topsort()
        return self._preferred(cheapest, gold, test, slots, start, ends)

    def _preferred(self, lattice: pynini.Fst, gold: Sequence[str], test: Sequence[str],
                   slots: list[WordOp], start: int,
                   ends: tuple[frozenset[int], frozenset[int]] = NO_ENDS) -> list[WordOp]:
        """The cheapest script with the fewest unmatched words, read forward by
        ORDER (the Python pass's rules) over a pruned, sorted lattice; with
        ``ends`` to keep, by :func:`~parsedit.wordalign.chain_script`."""
        # Each arc as (rank, slot order, cost, next state, unmatched, slot or None).
        arcs_of: list[list[tuple[int, int, float, int, int, int | None]]] = []
        for state in range(lattice.num_states()):
            arcs = []
            for arc in lattice.arcs(state):
                cost, a, b = float(arc.weight), arc.ilabel, arc.olabel
                if a >= SLOT:
                    n = a - SLOT
                    op = slots[n]
                    missed = 0 if op.kind == "match" else len(op.gold) + len(op.test)
                    arcs.append((ORDER.index(op.kind), n, cost, arc.nextstate, missed, n))
                elif a and b:
                    same = a == b or cost == 0
                    arcs.append((_MATCH if same else _SUB, 0, cost, arc.nextstate,
                                 0 if same else 2, None))
                else:
                    arcs.append((_DEL if a else _INS, 0, cost, arc.nextstate, 1, None))
            arcs_of.append(arcs)
        if ends[0] and ends[1]:
            return self._chained(lattice, arcs_of, gold, test, slots, start, ends)
        out: dict[int, list[tuple[int, int, float, int, int, int | None]]] = {}
        distance: dict[int, float] = {}
        unmatched: dict[int, int] = {}
        for state in range(lattice.num_states() - 1, -1, -1):
            arcs = arcs_of[state]
            final = float(lattice.final(state))
            best = final
            for arc_ in arcs:
                if arc_[3] in distance and arc_[2] + distance[arc_[3]] < best:
                    best = arc_[2] + distance[arc_[3]]
            if best == INF:
                continue
            tolerance = 1e-5 * max(1.0, best)
            kept = [x for x in arcs
                    if x[3] in distance and x[2] + distance[x[3]] - best <= tolerance]
            stops = [0] if final - best <= tolerance else []
            fewest = min(stops + [x[4] + unmatched[x[3]] for x in kept])
            distance[state], unmatched[state] = best, fewest
            out[state] = [x for x in kept if x[4] + unmatched[x[3]] == fewest]
        ops: list[WordOp] = []
        state, r, c = lattice.start(), start, start
        while out.get(state):
            rank, _, _, target, _, slot = min(out[state], key=lambda x: (x[0], x[1]))
            op = self._op(rank, slot, gold, test, slots, r, c)
            ops.append(op)
            r, c = r + len(op.gold), c + len(op.test)
            state = target
        return ops

    def _op(self, rank: int, slot: int | None, gold: Sequence[str], test: Sequence[str],
            slots: list[WordOp], r: int, c: int) -> WordOp:
        """The operation of an arc out of gold word ``r`` and test word ``c``."""
        if slot is not None:
            return slots[slot]
        # The exact cost (the lattice's weights are single precision).
        kind = ORDER[rank]
        cost = (0.0 if kind == "match" else self.delete_cost(gold[r]) if kind == "del"
                else self.insert_cost(test[c]) if kind == "ins"
                else self.substitute_cost(gold[r], test[c]))
        return WordOp(kind, (r,) if kind != "ins" else (), (c,) if kind != "del" else (), cost)

    def _chained(self, lattice: pynini.Fst,
                 arcs_of: list[list[tuple[int, int, float, int, int, int | None]]],
                 gold: Sequence[str], test: Sequence[str], slots: list[WordOp], start: int,
                 ends: tuple[frozenset[int], frozenset[int]]) -> list[WordOp]:
        """:meth:`_preferred` with sentence ends to keep: each state's words
        consumed found forward (the lattice is sorted: every arc goes to a
        later state), then the Python pass's chain pass over the lattice."""
        where = {lattice.start(): (0, 0)}
        for state, arcs in enumerate(arcs_of):
            if state in where:
                r, c = where[state]
                for rank, _, _, target, _, slot in arcs:
                    if slot is not None:
                        where[target] = (r + len(slots[slot].gold), c + len(slots[slot].test))
                    else:
                        where[target] = (r + (rank != _INS), c + (rank != _DEL))
        path = chain_script(
            (state for state in range(lattice.num_states() - 1, -1, -1) if state in where),
            lattice.start(), where.__getitem__,
            lambda state: [((x[0], x[1]), x[2], x[3], x[4], x[5]) for x in arcs_of[state]],
            lambda state: float(lattice.final(state)), ends, 1e-5)
        assert path is not None  # the lattice holds the cheapest paths
        ops: list[WordOp] = []
        r = c = start
        for (rank, _), _, _, _, slot in (arc for arc, _ in path):
            op = self._op(rank, slot, gold, test, slots, r, c)
            ops.append(op)
            r, c = r + len(op.gold), c + len(op.test)
        return ops
