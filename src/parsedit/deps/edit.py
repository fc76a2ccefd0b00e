"""Roark's (2002, section 5) dependency edit distance, through the FST engine.

Each sentence's dependencies, ordered by their dependents' positions, are a
string of symbols (:mod:`parsedit.encodings.dep`); the distance is the least
cost of an edit script from gold to test under a cost scheme (default
``levenshtein``: a wrong head or relation is one substitution; the shipped
``dep-label-half`` charges a wrong relation alone half as much), found as
the shortest path of ``gold @ T @ test`` (:class:`parsedit.fst.align.Aligner`,
or :class:`~parsedit.fst.align.FstAligner` for a transducer scheme).  The
error rate is the cost per 100 gold dependencies (every word, punctuation
included), the accuracy 100 minus it, as for the label, span and rule
encodings.

Cost, bounded.  When the two strings number their dependents alike (the
same words, or every word aligned) and the scheme is *uniform* over
dependencies (:func:`position_local`: no class or ``same`` key but
``same = "span"`` tells one dependency from another), the cheapest script
pairs the i-th symbols with each other: a symbol can equal only the other
side's symbol at its own position, so every unmatched gold symbol costs at
least what rewriting it into the test symbol at its position costs (or
deleting and inserting, if cheaper), and that script costs exactly the sum.
A differing position's cost then depends only on whether its two arcs are the
same (the relation alone differs) or not: each of the two one-symbol pairs is
composed through the FST once and remembered, and a pair costs time linear in
its length and no lattice at all (each position's own alignment is composed
only when the script is read).
Otherwise the pair is composed whole (its common prefix and suffix, and
pieces between symbols it shares, set apart by the aligner), and a pair whose
differing middle would make a lattice of more than :data:`MAX_LATTICE` states
(1,000 by 1,000 dependencies) is refused with
:class:`PairTooLarge` rather than allowed to take gigabytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import and_, eq, ne
from typing import TYPE_CHECKING

from parsedit.costs.scheme import INF, SAME_KEYS, CostScheme
from parsedit.deps.model import DepTree
from parsedit.encodings.base import Symbol
from parsedit.encodings.dep import DepEncoding, DepSymbol, Key, symbols_of
from parsedit.errors import ParseditError, TooLarge
from parsedit.fst.align import Aligner, Alignment, FstAligner, Op
from parsedit.results import Edit, EditCounts, EditScript

if TYPE_CHECKING:
    from parsedit.costs.alphabet import Alphabet
    from parsedit.costs.transducer import FstScheme

# The largest edit lattice (gold by test symbols of a pair's differing middle)
# composed for one pair: about 200 MB and 2 seconds (a 1,000 by 1,000 middle).
MAX_LATTICE = 1_000_000


class PairTooLarge(TooLarge):
    """A pair whose dependency edit distance would need a lattice beyond
    :data:`MAX_LATTICE` states (only under a scheme that is not uniform, or
    with words that are not aligned one to one)."""


def dependency_strings(gold: DepTree, test: DepTree,
                       pairs: Sequence[tuple[int, int]] | None = None
                       ) -> tuple[tuple[DepSymbol, ...], tuple[DepSymbol, ...]]:
    """The two strings of a pair: gold's own, and test's with each word
    numbered as its aligned gold word (``pairs``, 0-based; None: the same
    words), an unaligned one as ``+j`` (its own 1-based position)."""
    gold_symbols = symbols_of(gold)
    if pairs is None:
        return gold_symbols, symbols_of(test)
    to_gold: dict[int, int] = {j: i for i, j in pairs}

    def key(j: int) -> Key:  # j: a 1-based test position, 0 the root
        if j == 0:
            return 0
        i = to_gold.get(j - 1)
        return i + 1 if i is not None else f"+{j}"

    test_symbols = tuple((key(j), key(h), r) for j, (h, r) in
                         enumerate(zip(test.heads, test.relations), start=1))
    return gold_symbols, test_symbols


def position_local(scheme: CostScheme) -> bool:
    """Whether, under ``scheme``, two strings that number their dependents
    alike are aligned position by position (see the module docstring): no
    class may hold a dependency, and no ``same`` key but ``span`` may apply
    to one, so that every dependency deletes at one cost, inserts at one,
    and rewrites at one cost into a dependency on the same arc and at one
    into any other (the first no dearer: an entry without ``same`` applies
    to both)."""
    if any("dep" in c.kinds for c in scheme.classes):
        return False
    return not any(s.same in SAME_KEYS and (scheme.may_hold(s.source, "dep")
                                            or scheme.may_hold(s.target, "dep"))
                   for s in scheme.substitute)


@dataclass(frozen=True)
class DepScored:
    """One pair's edit counts, and what its script is read from when asked
    for (:attr:`ops`): the pair's two strings (``gold`` and ``test``, or the
    two trees of the same words they are made from, ``trees``), and the
    alignment of the whole pair (``whole``), or, when the pair was aligned
    position by position, the aligner that aligns each differing position."""

    counts: EditCounts
    gold: tuple[DepSymbol, ...] = ()
    test: tuple[DepSymbol, ...] = ()
    whole: Alignment | None = None
    aligner: Aligner | FstAligner | None = None
    trees: tuple[DepTree, DepTree] | None = None

    @property
    def ops(self) -> list[Op]:
        """The whole edit script, left to right."""
        if self.whole is not None:
            return self.whole.ops
        gold, test = (self.gold, self.test) if self.trees is None else \
            dependency_strings(*self.trees)
        out: list[Op] = []
        for a, b in zip(gold, test):
            if a == b or self.aligner is None:
                out.append(Op("match", a, a, 0.0))
            else:
                out.extend(self.aligner.align((a,), (b,)).ops)
        return out

    def script(self, scheme: str) -> EditScript:
        """The edit script as data (``parsedit align --encoding dep``)."""
        encoding = DepEncoding()

        def show(symbol: Symbol | None) -> str | None:
            return None if symbol is None else encoding.display(symbol)
        return EditScript("dep", scheme, tuple(Edit(op.kind, show(op.gold), show(op.test),
                                                    op.cost) for op in self.ops),
                          self.counts, ())


class DependencyEdits:
    """The dependency edit distance under one cost scheme (default
    ``levenshtein``); ``alphabet``: what a grammar module's transducer is
    built over; ``tie_break``: read the preferred cheapest script (for
    alignments shown), never changing a cost."""

    aligner: Aligner | FstAligner

    def __init__(self, scheme: CostScheme | FstScheme | None = None,
                 alphabet: Alphabet | None = None, tie_break: bool = False,
                 max_lattice: int = MAX_LATTICE) -> None:
        if scheme is None:
            from parsedit.costs.reader import default_scheme

            scheme = default_scheme("dep")
        self.scheme = scheme
        self.encoding = DepEncoding()
        self.max_lattice = max_lattice
        self._local_costs: dict[bool, float] = {}
        if isinstance(scheme, CostScheme):
            self.local = position_local(scheme)
            self.aligner = Aligner(scheme, self.encoding, tie_break)
        else:
            self.local = False
            self.aligner = FstAligner(scheme.transducer(alphabet), self.encoding, scheme.name)

    def describe(self) -> str:
        return f"dep:{self.scheme.describe()}"

    def score(self, gold: Sequence[DepSymbol], test: Sequence[DepSymbol]) -> DepScored:
        """One pair's strings (:func:`dependency_strings`)."""
        g, t = tuple(gold), tuple(test)
        events = len(g)
        if g == t and isinstance(self.scheme, CostScheme):
            return DepScored(EditCounts.sentence(0.0, 0.0, events), g, t)
        if self.local and len(g) == len(t) and all(a[0] == b[0] for a, b in zip(g, t)):
            # Position by position: see score_trees.
            other, same = self._costs()
            cost = sum(other if a[1] != b[1] else same for a, b in zip(g, t) if a != b)
            return DepScored(EditCounts.sentence(cost, cost, events), g, t, None, self.aligner)
        n, m = len(g), len(t)
        start = next((k for k in range(min(n, m)) if g[k] != t[k]), min(n, m))
        end = 0
        while end < min(n, m) - start and g[n - 1 - end] == t[m - 1 - end]:
            end += 1
        size = (n - start - end + 1) * (m - start - end + 1)
        if size > self.max_lattice:
            raise PairTooLarge(
                f"the dependency edit distance of this pair would compose a lattice of "
                f"{size:,} states (its differing stretch: {n - start - end} gold and "
                f"{m - start - end} test dependencies), more than the {self.max_lattice:,}"
                f" allowed under the cost scheme {self.scheme.name!r}")
        alignment = self.aligner.align(g, t)
        if alignment.cost == INF:  # (the aligners raise first; never a silent infinity)
            raise ParseditError(f"cost scheme {self.scheme.name!r} allows no edit path")
        return DepScored(EditCounts.sentence(alignment.cost, alignment.cost, events), g, t,
                         alignment)

    def score_trees(self, gold: DepTree, test: DepTree) -> DepScored:
        """A pair of trees of the same words (word i aligned with word i):
        :meth:`score` of their strings, without making them when the scheme
        is uniform (a wrong head costs what rewriting into a dependency on
        another arc costs, a wrong relation alone what rewriting into one on
        the same arc costs: each composed through the FST once)."""
        if not self.local or len(gold) != len(test):
            return self.score(*dependency_strings(gold, test))
        events = len(gold)
        cost = 0.0
        if gold.heads != test.heads or gold.relations != test.relations:
            other, same = self._costs()
            # (counted column by column: the positions whose heads differ,
            # and those whose heads agree and relations differ)
            same_heads = list(map(eq, gold.heads, test.heads))
            moved = events - sum(same_heads)
            relabelled = sum(map(and_, same_heads, map(ne, gold.relations, test.relations)))
            cost = (moved * other if moved else 0.0) + (relabelled * same if relabelled else 0.0)
        return DepScored(EditCounts.sentence(cost, cost, events), aligner=self.aligner,
                         trees=(gold, test))

    def _costs(self) -> tuple[float, float]:
        """Under a uniform scheme: what a differing position costs when its
        heads differ, and when only its relations do (each the cost of a
        one-symbol pair composed through the FST, remembered)."""
        costs = self._local_costs
        if len(costs) < 2:
            costs[False] = self.aligner.cost(((1, 1, "a"),), ((1, 2, "a"),))
            costs[True] = self.aligner.cost(((1, 1, "a"),), ((1, 1, "b"),))
        return costs[False], costs[True]

    def failure(self, gold: Sequence[DepSymbol]) -> EditCounts:
        """A failed test sentence: every gold dependency an edit, whatever the
        scheme (as for the other edit distances)."""
        return EditCounts.sentence(float(len(gold)), float(len(gold)), len(gold))
