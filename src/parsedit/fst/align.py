"""Aligning two symbol strings: acceptors, composition, shortest path.

``Aligner(scheme, encoding).align(gold, test)`` returns the cheapest edit
script from ``gold`` to ``test`` as an :class:`Alignment`: its cost and its
operations (``match``, ``sub``, ``del`` for a gold symbol with no
counterpart, ``ins`` for a test symbol with none, as sclite names them).

How: each string becomes a weighted acceptor (tropical semiring) over local
labels, is composed with its factor of the edit transducer (see
:mod:`parsedit.fst.edit`), the two results are composed into the lattice of
all edit scripts, and its shortest path is read back into operations.

Two exact shortcuts keep this fast: equal strings cost nothing (identity is
always free), and when the scheme's costs obey the triangle inequality the
common prefix and suffix are matched without composing them.

Middles.  What is composed depends only on the pair's *local labels*: which
symbols of the two strings are equal, and each one's signature block.  So a
middle is keyed by its local labels (one character each: the acceptors are
compiled from those strings), and each distinct key is composed once per
corpus: two span middles ``NP[3,5] VP[5,9]`` / ``VP[5,9] NP[3,5]`` and
``PP[0,2] S[0,7]`` / ``S[0,7] PP[0,2]`` are the same lattice.  The shortest
path is read back only when asked for (the movement correction, error
analysis, scripts); the cost alone is the path's weight.  The remembered
middles are cleared past a size, so memory stays bounded.  A caller that
needs the cost alone (``Aligner.cost``: leaf-ancestor) also has each
distinct middle's cost remembered by its symbols.

Ties.  Several edit scripts can share the least cost, and the one the
shortest-path search returns is an accident of its order: it may rewrite an
NP as a PP and a PP as an NP where another script of the same cost rewrites
each as its own label.  With ``tie_break`` (error analysis, ``parsedit
align``), the script is chosen among the cheapest ones, and only among them,
by (1) the most pairs of symbols with the same label (a match counts), then
(2) the most pairs with the same start (spans), then the lattice's own arc
order: a dynamic programme over the arcs on cheapest paths
(:func:`_preferred`).  The cost is always the shortest path's, so no edit
cost ever depends on it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import compress, count
from operator import ne

import pynini

from parsedit.costs.scheme import INF, SPAN_KEY, CostScheme, Signature, boundaries
from parsedit.encodings.base import Encoding, Symbol
from parsedit.errors import SchemeError
from parsedit.frozen import fast_init
from parsedit.fst.edit import Arc, EditTransducer
from parsedit.fst.restrict import ArcIndex, edit_shape, free_identities

# Distinct middles a transducer aligner remembers before it starts afresh.
_MEMO_LIMIT = 20_000


@fast_init
@dataclass(frozen=True)
class Op:
    kind: str  # "match" | "sub" | "del" | "ins"
    gold: Symbol | None
    test: Symbol | None
    cost: float


class Alignment:
    """An edit script: ``prefix`` symbols matched, the ``middle`` operations,
    ``suffix`` symbols matched.  The middle is read off the shortest path
    (``path``, or by calling ``later``) only when asked for: scoring needs
    the cost alone."""

    __slots__ = ("cost", "gold", "prefix", "suffix", "_middle", "_path", "_symbols", "_later")

    def __init__(self, cost: float, gold: Sequence[Symbol], prefix: int, suffix: int,
                 middle: tuple[Op, ...] = (), path: pynini.Fst | None = None,
                 symbols: dict[int, Symbol] | None = None,
                 later: Callable[[], tuple[Op, ...]] | None = None) -> None:
        self.cost = cost
        self.gold = gold
        self.prefix = prefix
        self.suffix = suffix
        self._middle: tuple[Op, ...] | None = \
            middle if path is None and later is None else None
        self._path = path
        self._symbols = symbols
        self._later = later

    @property
    def middle(self) -> tuple[Op, ...]:
        if self._middle is None:
            if self._later is not None:
                self._middle = self._later()
                self._later = None
            else:
                assert self._path is not None
                self._middle = _read_path(self._path, self._symbols or {})
                self._path = None
        return self._middle

    @property
    def ops(self) -> list[Op]:
        """Every operation, left to right."""
        end = len(self.gold) - self.suffix
        return (_matches(self.gold[:self.prefix]) + list(self.middle)
                + _matches(self.gold[end:]))


_MATCHED: dict[tuple[Symbol, ...], Alignment] = {}


def matched(symbols: tuple[Symbol, ...]) -> Alignment:
    """The alignment of a string with itself, every symbol matched at no
    cost: one object per distinct string, remembered (the equal pieces of a
    pair's strings recur in nearly every sentence)."""
    found = _MATCHED.get(symbols)
    if found is None:
        if len(_MATCHED) >= CACHE_LIMIT:
            _MATCHED.clear()
        found = _MATCHED[symbols] = Alignment(0.0, symbols, len(symbols), 0)
    return found


def _op(arc: Arc, symbol_of: dict[int, Symbol]) -> Op:
    """The operation of one arc of an edit lattice."""
    cost = float(arc.weight)
    g = symbol_of.get(arc.ilabel)
    t = symbol_of.get(arc.olabel)
    if g is None:
        return Op("ins", None, t, cost)
    if t is None:
        return Op("del", g, None, cost)
    return Op("match" if g == t else "sub", g, t, cost)


def _read_path(path: pynini.Fst, symbol_of: dict[int, Symbol]) -> tuple[Op, ...]:
    """The operations along a linear shortest-path FST."""
    ops: list[Op] = []
    state = path.start()
    while True:
        arcs = list(path.arcs(state))
        if not arcs:
            return tuple(ops)
        arc = arcs[0]
        ops.append(_op(arc, symbol_of))
        state = arc.nextstate


#: A middle's key: the transducer's capacity, then the gold and the test
#: side's local labels, one character each.
Key = tuple[int, str, str]

#: How many middles an aligner remembers before it forgets them all.
CACHE_LIMIT = 1 << 16
# Signatures past which the triangle check (cubic in them) is not made.
TRIANGLE_LIMIT = 64

# Characters that pynini's string compiler reads as brackets: written as
# their label in brackets instead.
_ESCAPES = {ord("["): "[91]", ord("\\"): "[92]", ord("]"): "[93]"}
_SURROGATES = 0xD800  # labels from here on are no character UTF-8 can carry


class _Solved:
    """A middle's cost, and its path as (kind, cost) steps once read back."""

    __slots__ = ("cost", "template")

    def __init__(self, cost: float, template: tuple[tuple[str, float], ...] | None) -> None:
        self.cost = cost
        self.template = template


def _acceptor(labels: str) -> pynini.Fst:
    """The acceptor of a string of local labels (one character each)."""
    if max(labels) < chr(_SURROGATES):
        return pynini.accep(labels.translate(_ESCAPES), token_type="utf8")
    return pynini.accep("".join(f"[{ord(c)}]" for c in labels))


def _template(path: pynini.Fst) -> tuple[tuple[str, float], ...]:
    """The steps of a linear shortest path: what each arc does, and its
    cost.  Equal local labels are equal symbols, so a match is an arc whose
    two labels are equal."""
    steps: list[tuple[str, float]] = []
    state = path.start()
    while True:
        arc = next(iter(path.arcs(state)), None)
        if arc is None:
            return tuple(steps)
        g, t = arc.ilabel, arc.olabel
        steps.append(("ins" if g == 0 else "del" if t == 0 else "match" if g == t else "sub",
                      float(arc.weight)))
        state = arc.nextstate


def _replay(template: tuple[tuple[str, float], ...], gold: Sequence[Symbol],
            test: Sequence[Symbol]) -> tuple[Op, ...]:
    """A path's steps as operations on the symbols of a middle."""
    ops: list[Op] = []
    i = j = 0
    for kind, cost in template:
        if kind == "ins":
            ops.append(Op(kind, None, test[j], cost))
            j += 1
        elif kind == "del":
            ops.append(Op(kind, gold[i], None, cost))
            i += 1
        else:
            ops.append(Op(kind, gold[i], test[j], cost))
            i += 1
            j += 1
    return tuple(ops)


def _matches(symbols: Sequence[Symbol]) -> list[Op]:
    return [Op("match", s, s, 0.0) for s in symbols]


def _start(encoding: Encoding, symbol: Symbol) -> str | None:
    """A span's start (what the second preference compares), or None for a
    symbol without boundaries."""
    kind, label = encoding.kind(symbol), encoding.label(symbol)
    bounds = boundaries(kind, encoding.text(symbol), label)
    return bounds.strip("[]").split(",")[0] if bounds else None


def _preferred(lattice: pynini.Fst, cost: float, symbol_of: dict[int, Symbol],
               encoding: Encoding) -> tuple[Op, ...]:
    """The operations of the cheapest path of an acyclic edit lattice that
    pairs the most symbols with the same label, then with the same start
    (see the module's docstring); ties after that go to the earlier arc.

    The lattice is first pruned to its paths of cost ``cost`` (within the
    rounding of its single-precision weights, exact for costs that are
    multiples of a power of two such as 0.5), so the choice is among the
    cheapest scripts only."""
    cheapest = pynini.prune(lattice, weight=1e-5 * max(1.0, cost))
    cheapest.topsort()  # arcs now go from lower states to higher ones
    label = {i: encoding.label(s) for i, s in symbol_of.items()}
    start = {i: _start(encoding, s) for i, s in symbol_of.items()}
    best: dict[int, tuple[int, int]] = {}
    chosen: dict[int, Arc] = {}
    for state in range(cheapest.num_states() - 1, -1, -1):
        if float(cheapest.final(state)) != INF:
            best[state] = (0, 0)
        for arc in cheapest.arcs(state):
            then = best.get(arc.nextstate)
            if then is None:
                continue
            g, t = arc.ilabel, arc.olabel
            paired = g in label and t in label
            value = (then[0] + (paired and label[g] == label[t]),
                     then[1] + (paired and start[g] is not None and start[g] == start[t]))
            if state not in best or value > best[state]:
                best[state], chosen[state] = value, arc
    ops: list[Op] = []
    state = cheapest.start()
    while state in chosen:
        arc = chosen[state]
        ops.append(_op(arc, symbol_of))
        state = arc.nextstate
    return tuple(ops)


class Aligner:
    """Edit-distance alignments of one encoding under one cost scheme; with
    ``tie_break``, the script read back is the preferred one among the
    cheapest (see the module's docstring); with ``paths``, every middle's
    path is read back as it is composed (for a caller that reads every
    script), where otherwise it is read when first asked for."""

    def __init__(self, scheme: CostScheme, encoding: Encoding,
                 tie_break: bool = False, paths: bool = False) -> None:
        self.scheme = scheme
        self.encoding = encoding
        self.tie_break = tie_break
        self.paths = paths
        self._solved: dict[Key, _Solved] = {}
        # The cost of each distinct middle (its symbols), for ``cost``.
        self._middle_costs: dict[tuple[tuple[Symbol, ...], tuple[Symbol, ...]], float] = {}
        self._signatures: list[Signature] = []
        self._block_number: dict[Signature, int] = {}
        # Substitution costs between signatures, for the triangle check.
        self._triangle_costs: dict[tuple[Signature, Signature], float] = {}
        self._costs: list[tuple[float, float]] = []  # each block's deletion and insertion
        self._trim = True
        self._transducers: dict[int, EditTransducer] = {}
        # Without classes or keys, a symbol's costs depend on its kind alone,
        # and its block is looked up by kind; otherwise by symbol, cached.
        self._by_label = bool(scheme.classes) or any(s.same for s in scheme.substitute)
        # With ``same = "span"``, a span's key is where it is; boundaries are
        # numbered afresh in each pair (only their equality matters), so the
        # blocks stay as few as a pair's distinct boundaries.
        self._positional = scheme.positional
        self._kind_block = {kind: self._add(scheme.signature(kind)) for kind in encoding.kinds}
        self._one_block = set(self._kind_block.values()) == {0}
        self._label_block: dict[tuple[str, str, str], int] = {}
        self._block_of: dict[Symbol, int] = {}
        # One block: every symbol is deleted, inserted and rewritten at the
        # same costs, what the lower bound of a split middle needs (_split).
        self._bound: tuple[float, float] | None = None
        if self._one_block and not self._by_label and not self._positional:
            sig = self._signatures[0]
            (delete, insert), sub = self._costs[0], scheme.substitute_cost(sig, sig)
            # Whole multiples of 1/1024 add up exactly, in OpenFst's single
            # precision too, so a bound met is met exactly.
            if all(c < INF and (c * 1024).is_integer() for c in (delete, insert, sub)):
                self._bound = (min(delete, sub), min(insert, sub))

    def _add(self, sig: Signature) -> int:
        """The block of a signature, added (to every transducer built so far)
        the first time it is seen."""
        found = self._block_number.get(sig)
        if found is None:
            # The check is cubic in the signatures (each distinct word has its
            # own under a scheme with keys, such as words-tokenisation's
            # casefold): past TRIANGLE_LIMIT of them, pairs are no longer
            # trimmed but composed whole, which is exact and slower.
            self._trim = self._trim and len(self._signatures) < TRIANGLE_LIMIT \
                and self.scheme.triangle_holds(sig, self._signatures, self._triangle_costs)
            found = self._block_number[sig] = len(self._signatures)
            self._signatures.append(sig)
            self._costs.append((self.scheme.delete_cost(sig), self.scheme.insert_cost(sig)))
            for edit in self._transducers.values():
                edit.add_block(sig)
        return found

    def _labelled_block(self, kind: str, label: str, where: str = "") -> int:
        key = (kind, label, where)
        found = self._label_block.get(key)
        if found is None:
            found = self._label_block[key] = self._add(self.scheme.signature(*key))
        return found

    def block(self, symbol: Symbol) -> int:
        """The signature block of a symbol (of a scheme that does not compare
        boundaries)."""
        kind = self.encoding.kind(symbol)
        if not self._by_label:
            return self._kind_block[kind]
        found = self._block_of.get(symbol)
        if found is None:
            found = self._block_of[symbol] = self._labelled_block(
                kind, self.encoding.label(symbol))
        return found

    def _pair_blocks(self, gold: Sequence[Symbol], test: Sequence[Symbol]) -> dict[Symbol, int]:
        """The block of every symbol of a pair; with ``same = "span"``, a
        span's boundaries are numbered in the pair (equal boundaries, equal
        numbers), which keeps exactly the equalities the key compares."""
        if not self._positional:
            for symbol in (*gold, *test):
                if symbol not in self._block_of:
                    self.block(symbol)
            return self._block_of
        enc, out = self.encoding, {}
        where: dict[str, str] = {}
        for symbol in (*gold, *test):
            if symbol in out:
                continue
            kind, label = enc.kind(symbol), enc.label(symbol)
            block = self._labelled_block(kind, label)
            if any(n.startswith(f"{SPAN_KEY}=") for n in self._signatures[block]):
                bounds = boundaries(kind, enc.text(symbol), label)
                block = self._labelled_block(kind, label,
                                             where.setdefault(bounds, str(len(where))))
            out[symbol] = block
        return out

    def _trimmed(self, gold: Sequence[Symbol], test: Sequence[Symbol]) -> tuple[
            int, int, Sequence[Symbol], Sequence[Symbol], dict[Symbol, int] | None]:
        """A differing pair's matched prefix and suffix lengths, its middles,
        and its symbols' blocks (None when looked up by kind)."""
        # Find every symbol's block before deciding to trim.
        blocks = self._pair_blocks(gold, test) if self._by_label else None
        start = end = 0
        if self._trim:  # (the first differing symbol from each end, at C speed)
            n = min(len(gold), len(test))
            start = next(compress(count(), map(ne, gold, test)), n)
            end = min(next(compress(count(), map(ne, reversed(gold), reversed(test))), n),
                      n - start)
        return start, end, gold[start:len(gold) - end], test[start:len(test) - end], blocks

    def _one_sided_cost(self, gold: Sequence[Symbol], test: Sequence[Symbol],
                        blocks: dict[Symbol, int] | None) -> float:
        """The cost of a middle with one side empty: the only script deletes
        or inserts the rest."""
        cost = sum(self._one_sided_costs(gold, test, blocks))
        if cost == INF:
            self._no_path(gold, test)
        return cost

    def _solve(self, key: Key, gold: Sequence[Symbol], test: Sequence[Symbol]) -> _Solved:
        """A middle's cost (and path, with ``paths``), composed once per key
        (or found from its pieces, see :meth:`_split`)."""
        solved = self._solved.get(key)
        if solved is None:
            if len(self._solved) >= CACHE_LIMIT:
                self._solved.clear()
            cost = None if self.paths else self._split(gold, test)
            if cost is not None:  # the path, if asked for, is composed whole
                solved = _Solved(cost, None)
            else:
                path = self._lattice(key, gold, test)[1]
                solved = _Solved(float(path.paths().weight()),
                                 _template(path) if self.paths else None)
            self._solved[key] = solved
        return solved

    def _split(self, gold: Sequence[Symbol], test: Sequence[Symbol]) -> float | None:
        """A middle's cost from its pieces, when that is provably its cost;
        else None (it is composed whole).

        The symbols that occur once on each side, taken in gold's order as
        long as they keep test's order too, cut both sides into pieces; each
        piece is aligned as any pair is (composed, remembered), and matching
        the cutting symbols costs nothing, so the pieces' costs add up to the
        cost of an edit script: an upper bound.  Under a scheme with one
        block (every symbol deleted at cost d, inserted at i, rewritten at
        s), every gold symbol beyond the count test has of it must be
        deleted or rewritten, each by an operation of its own, so the cost
        is at least their number times min(d, s), and likewise for test
        with min(i, s): a lower bound.  When the two meet, the sum is the
        cost the whole lattice's shortest path has (with costs that add up
        exactly, which ``_bound`` requires)."""
        if self._bound is None:
            return None
        gold_counts, test_counts = Counter(gold), Counter(test)
        where = {s: j for j, s in enumerate(test) if test_counts[s] == 1}
        cuts: list[tuple[int, int]] = []
        last = -1
        for i, symbol in enumerate(gold):
            j = where.get(symbol, -1)
            if j > last and gold_counts[symbol] == 1:
                cuts.append((i, j))
                last = j
        if not cuts:
            return None
        # What each side has beyond the other's count of it: its length less
        # the multiset intersection.
        common = sum(min(n, test_counts[s]) for s, n in gold_counts.items())
        gold_only, test_only = len(gold) - common, len(test) - common
        delete, insert = self._bound
        lower = max(gold_only * delete, test_only * insert)
        upper = 0.0
        i = j = 0
        for cut_i, cut_j in (*cuts, (len(gold), len(test))):
            upper += self.cost(gold[i:cut_i], test[j:cut_j])
            if upper > lower:
                return None
            i, j = cut_i + 1, cut_j + 1
        return upper if upper == lower else None

    def cost(self, gold: Sequence[Symbol], test: Sequence[Symbol]) -> float:
        """``align(gold, test).cost``, without making what would read the
        script back (what a metric that needs only the cost calls)."""
        if gold == test:
            return 0.0
        if self.tie_break:
            return self.align(gold, test).cost
        _, _, g, t, blocks = self._trimmed(gold, test)
        if self._positional:  # (a span's block depends on the pair)
            return self._middle_cost(g, t, blocks)
        middle = (tuple(g), tuple(t))
        found = self._middle_costs.get(middle)
        if found is None:
            if len(self._middle_costs) >= CACHE_LIMIT:
                self._middle_costs.clear()
            found = self._middle_costs[middle] = self._middle_cost(g, t, blocks)
        return found

    def _middle_cost(self, g: Sequence[Symbol], t: Sequence[Symbol],
                     blocks: dict[Symbol, int] | None) -> float:
        """The cost of a pair's middle: deleted or inserted, or composed
        (once per key)."""
        if not g or not t:
            return self._one_sided_cost(g, t, blocks)
        return self._solve(self._key(g, t, blocks), g, t).cost

    def align(self, gold: Sequence[Symbol], test: Sequence[Symbol]) -> Alignment:
        if gold == test:
            return Alignment(0.0, gold, len(gold), 0)
        start, suffix, g, t, blocks = self._trimmed(gold, test)
        if not g or not t:
            return Alignment(self._one_sided_cost(g, t, blocks), gold, start, suffix,
                             later=partial(self._one_sided, g, t, blocks))
        key = self._key(g, t, blocks)
        if self.tie_break:
            lattice, path = self._lattice(key, g, t)
            symbols = {ord(c): s for c, s in zip(key[1] + key[2], (*g, *t))}
            cost = float(path.paths().weight())
            return Alignment(cost, gold, start, suffix,
                             middle=_preferred(lattice, cost, symbols, self.encoding))
        solved = self._solve(key, g, t)
        return Alignment(solved.cost, gold, start, suffix,
                         later=partial(self._middle, key, solved, g, t))

    def _middle(self, key: Key, solved: _Solved, gold: Sequence[Symbol],
                test: Sequence[Symbol]) -> tuple[Op, ...]:
        """The operations of a middle, its path read back (composed again)
        the first time one of its key is asked for."""
        if solved.template is None:
            solved.template = _template(self._lattice(key, gold, test)[1])
        return _replay(solved.template, gold, test)

    def _one_sided_costs(self, gold: Sequence[Symbol], test: Sequence[Symbol],
                         blocks: dict[Symbol, int] | None) -> list[float]:
        """The cost of deleting each symbol of ``gold``, then of inserting
        each of ``test``."""
        costs = self._costs
        if blocks is None and self._one_block:
            delete, insert = costs[0]
            return [delete] * len(gold) + [insert] * len(test)
        if blocks is None:
            kind, kind_block = self.encoding.kind, self._kind_block
            return ([costs[kind_block[kind(s)]][0] for s in gold]
                    + [costs[kind_block[kind(s)]][1] for s in test])
        return [costs[blocks[s]][0] for s in gold] + [costs[blocks[s]][1] for s in test]

    def _one_sided(self, gold: Sequence[Symbol], test: Sequence[Symbol],
                   blocks: dict[Symbol, int] | None) -> tuple[Op, ...]:
        """The operations of a middle with one side empty."""
        costs = self._one_sided_costs(gold, test, blocks)
        return tuple([Op("del", s, None, c) for s, c in zip(gold, costs)]
                     + [Op("ins", None, s, c) for s, c in zip(test, costs[len(gold):])])

    def _no_path(self, gold: Sequence[Symbol], test: Sequence[Symbol]) -> None:
        shown = self.encoding.display
        raise SchemeError(
            f"cost scheme {self.scheme.name!r} allows no edit path from "
            f"[{' '.join(shown(s) for s in gold)}] to [{' '.join(shown(s) for s in test)}]")

    def _key(self, gold: Sequence[Symbol], test: Sequence[Symbol],
             block_of: dict[Symbol, int] | None) -> Key:
        """A middle's local labels: the capacity of the transducer, and each
        side's labels as one character each.  Symbols are numbered inside
        their block in order of appearance, so equal symbols, and only they,
        get equal labels."""
        if self._one_block and block_of is None:
            # One block, at index 0: a symbol's label is its number + 1.
            number: dict[Symbol, str] = {}
            g = "".join([number.setdefault(s, chr(len(number) + 1)) for s in gold])
            t = "".join([number.setdefault(s, chr(len(number) + 1)) for s in test])
            capacity = 8
            while capacity < len(number):
                capacity *= 2
            return capacity, g, t
        kind, kind_block = self.encoding.kind, self._kind_block
        local: dict[Symbol, tuple[int, int]] = {}
        counts = [0] * len(self._signatures)
        for symbol in (*gold, *test):
            if symbol not in local:
                block = block_of[symbol] if block_of is not None else kind_block[kind(symbol)]
                local[symbol] = (block, counts[block])
                counts[block] += 1
        # The smallest power-of-two capacity that holds the pair: a long
        # sentence does not make every later, short one slower.
        capacity = 8
        while capacity < max(counts, default=0):
            capacity *= 2
        label = {s: chr(b * capacity + i + 1) for s, (b, i) in local.items()}
        return (capacity, "".join([label[s] for s in gold]),
                "".join([label[s] for s in test]))

    def _lattice(self, key: Key, gold: Sequence[Symbol],
                 test: Sequence[Symbol]) -> tuple[pynini.Fst, pynini.Fst]:
        """The edit lattice of a middle (``gold`` and ``test``, whose local
        labels ``key`` gives) and its shortest path."""
        capacity, g, t = key
        edit = self._transducers.get(capacity)
        if edit is None:
            edit = self._transducers[capacity] = EditTransducer(
                self.scheme, self._signatures, capacity)
        # Trimming dead states costs more than the shortest path pays for them.
        lattice = pynini.compose(pynini.compose(_acceptor(g), edit.left, connect=False),
                                 pynini.compose(edit.right_inverse, _acceptor(t),
                                                connect=False),
                                 connect=False)
        path = pynini.shortestpath(lattice)
        if path.start() < 0:  # no path: the lattice is empty
            self._no_path(gold, test)
        return lattice, path


class FstAligner:
    """Edit-distance alignments through any edit transducer with a symbol
    table (see :mod:`parsedit.costs.transducer`): ``gold @ T @ test``.

    A symbol missing from the table is added with an identity loop on every
    state, so it maps to itself at no cost.  Each pair is composed with the
    part of ``T`` it can use; equal strings, and a common prefix and suffix,
    are matched without composing them only where that is provably exact
    for ``T``; distinct middles are remembered.  See
    :mod:`parsedit.fst.restrict`.
    """

    def __init__(self, transducer: pynini.Fst, encoding: Encoding, name: str) -> None:
        self.encoding = encoding
        self.name = name
        table = transducer.input_symbols()
        assert table is not None
        self.table = table.copy()
        self._arcs = ArcIndex(transducer)
        self._free = free_identities(transducer)
        self._shape = edit_shape(transducer, self._arcs)
        self._unknown: set[int] = set()  # labels added to the table: identity everywhere
        self._ids: dict[Symbol, int] = {}
        self._symbol_of: dict[int, Symbol] = {}
        self._memo: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[float, pynini.Fst]] = {}

    def _id(self, symbol: Symbol) -> int:
        found = self._ids.get(symbol)
        if found is None:
            text = self.encoding.text(symbol)
            found = self.table.find(text)
            if found < 0:
                found = self.table.add_symbol(text)
                self._unknown.add(found)
            self._ids[symbol] = found
            self._symbol_of[found] = symbol
        return found

    def cost(self, gold: Sequence[Symbol], test: Sequence[Symbol]) -> float:
        """``align(gold, test).cost``."""
        return self.align(gold, test).cost

    def align(self, gold: Sequence[Symbol], test: Sequence[Symbol]) -> Alignment:
        ident = self._id
        gold_ids = tuple(ident(s) for s in gold)
        test_ids = tuple(ident(s) for s in test)
        unknown = self._unknown
        free = self._free
        if (gold_ids == test_ids and free is not None
                and all(a in free or a in unknown for a in gold_ids)):
            return Alignment(0.0, gold, len(gold), 0)
        start, end_g, end_t = 0, len(gold_ids), len(test_ids)
        while start < end_g and start < end_t and gold_ids[start] == test_ids[start]:
            start += 1
        while end_g > start and end_t > start and gold_ids[end_g - 1] == test_ids[end_t - 1]:
            end_g -= 1
            end_t -= 1
        matched = gold_ids[:start] + gold_ids[end_g:]
        if matched and (self._shape is None or not self._shape.trims(gold_ids, test_ids, matched)
                        or (unknown and any(a in unknown for a in (*gold_ids, *test_ids)))):
            start, end_g, end_t = 0, len(gold_ids), len(test_ids)
        key = (gold_ids[start:end_g], test_ids[start:end_t])
        found = self._memo.get(key)
        if found is None:
            if len(self._memo) >= _MEMO_LIMIT:
                self._memo.clear()
            found = self._memo[key] = self._compose(*key)
        cost, path = found
        if path.start() < 0:
            shown = self.encoding.display
            raise SchemeError(
                f"transducer {self.name!r} allows no edit path from "
                f"[{' '.join(shown(s) for s in gold)}] to [{' '.join(shown(s) for s in test)}]")
        return Alignment(cost, gold, start, len(gold) - end_g, path=path,
                         symbols=self._symbol_of)

    def _compose(self, gold: tuple[int, ...], test: tuple[int, ...]
                 ) -> tuple[float, pynini.Fst]:
        """The cost and shortest path of ``gold @ T @ test``, ``T`` cut down
        to the arcs this pair can use."""
        gold_set, test_set = set(gold), set(test)
        edit = self._arcs.restricted(gold_set, test_set,
                                     self._unknown & gold_set & test_set)
        gold_fsa = pynini.accep("".join(f"[{a}]" for a in gold))
        test_fsa = pynini.accep("".join(f"[{a}]" for a in test))
        lattice = pynini.compose(pynini.compose(gold_fsa, edit, connect=False), test_fsa,
                                 connect=False)
        path = pynini.shortestpath(lattice)
        return (float(path.paths().weight()) if path.start() >= 0 else INF), path
