"""Aligning two yields: the cheapest word edit script, a shortest path in its lattice.

``WordAligner(scheme).align(gold, test)`` returns a :class:`WordAlignment`:
its cost and its operations, left to right, each naming the gold and test
word positions it covers:

* ``match`` (equal words, or words EQ_WORD makes equal; cost 0), ``sub`` (one
  gold word against one different test word, at the scheme's substitution
  cost), ``del`` (a gold word with no counterpart), ``ins`` (a test word with
  none);
* with a ``merge`` cost in the scheme: ``merge`` (k gold words against one
  test word that is exactly their concatenation, ``do n't`` / ``don't``) and
  ``split`` (one gold word against k test words), 2 <= k <= 4, at that cost.

How: the lattice of every script has a state (i, j) for "i gold and j test
words consumed" and one arc per operation.  It has no cycle (every arc goes
to a higher state), so one backward pass gives each state's cheapest cost to
the end, the tropical shortest distance an FST library would compute; only
the band of states that a script cheaper than a known one (difflib's) can
pass through is visited, which is exact.  (Building the lattice as an
OpenFst acceptor arc by arc from Python cost five times as much as the whole
pass.)  **Ties** between
cheapest scripts are broken in two steps, so that an alignment never depends
on how a search happens to run: (1) among the cheapest scripts, those with
the most matched words (computed in the same pass over the arcs that stay
on a cheapest path, an operation weighing the words it consumes without
matching them); (2) among those, the script is read forward from (0, 0)
taking the first arc by the order ``match``, ``sub``, ``merge``, ``split``,
``del``, ``ins``: words are paired as early as possible, and a deleted gold
word comes before an inserted test word.  Distances within 1e-9 (relative)
are taken as equal.

One exact shortcut: when the scheme has no classes, no ``same`` keys and no
merge candidate in the pair, every word has the same costs, which obey the
triangle inequality when checked once; the common prefix is then matched
without entering the lattice, and so is the common suffix up to a word that
an earlier word of either side could also match (there, the tie-breaking
above may pair it earlier: gold ``x .`` against test ``y . z .`` pairs the
first two full stops, which is what lets ``--segmentation align`` find the
sentence boundary both sides share).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from parsedit.costs.scheme import INF, CostScheme, Signature
from parsedit.errors import SchemeError
from parsedit.results import WordCounts

MAX_MERGE = 4
# Tie-breaking preference among operations on a cheapest path with most matches.
ORDER = ("match", "sub", "merge", "split", "del", "ins")
_RANK = {kind: n for n, kind in enumerate(ORDER)}
_MATCH, _SUB, _DEL, _INS = (_RANK[k] for k in ("match", "sub", "del", "ins"))


@dataclass(frozen=True)
class WordOp:
    """One operation: its kind, the gold and test word positions (0-based)
    it covers, and its cost."""

    kind: str
    gold: tuple[int, ...]
    test: tuple[int, ...]
    cost: float


@dataclass(frozen=True)
class WordAlignment:
    """The cheapest word edit script between two yields."""

    cost: float
    ops: tuple[WordOp, ...]
    gold_words: int
    test_words: int

    @property
    def counts(self) -> WordCounts:
        kinds = [op.kind for op in self.ops]
        return WordCounts(gold=self.gold_words, test=self.test_words,
                          matched=kinds.count("match"), substituted=kinds.count("sub"),
                          deleted=kinds.count("del"), inserted=kinds.count("ins"),
                          merged=kinds.count("merge") + kinds.count("split"),
                          cost=self.cost)


def identity(words: Sequence[str]) -> WordAlignment:
    """The alignment of a yield with itself."""
    n = len(words)
    return WordAlignment(0.0, tuple(WordOp("match", (i,), (i,), 0.0) for i in range(n)), n, n)


class WordAligner:
    """Word alignments under one word cost scheme.

    ``same_word(g, t)`` says whether two different strings count as the same
    word (EVALB's EQ_WORD); such a pair is a ``match`` at cost 0.
    """

    def __init__(self, scheme: CostScheme,
                 same_word: Callable[[str, str], bool] | None = None) -> None:
        self.scheme = scheme
        self.same_word = same_word
        self._plain = not scheme.classes and not any(s.same for s in scheme.substitute)
        self._sigs: dict[str, Signature] = {}
        self._subs: dict[tuple[str, str], float] = {}
        plain_sig = scheme.signature("word")
        self._trim = self._plain and scheme.triangle_holds(plain_sig, [])
        # Without classes or keys every word has one signature: its costs, once.
        self._plain_sub = scheme.substitute_cost(plain_sig, plain_sig) if self._plain else None

    def _sig(self, word: str) -> Signature:
        found = self._sigs.get(word)
        if found is None:
            found = self._sigs[word] = self.scheme.signature("word", word)
        return found

    def substitute_cost(self, gold: str, test: str) -> float:
        """0 for the same word, else the scheme's substitution cost."""
        if gold == test or (self.same_word is not None and self.same_word(gold, test)):
            return 0.0
        if self._plain_sub is not None:
            return self._plain_sub
        key = (gold, test)
        found = self._subs.get(key)
        if found is None:
            found = self._subs[key] = self.scheme.substitute_cost(self._sig(gold),
                                                                  self._sig(test))
        return found

    def delete_cost(self, word: str) -> float:
        return self.scheme.delete_cost(self._sig(word))

    def insert_cost(self, word: str) -> float:
        return self.scheme.insert_cost(self._sig(word))

    def _merges(self, gold: Sequence[str], test: Sequence[str]) -> list[WordOp]:
        """Every merge and split the pair allows (none without a merge cost)."""
        cost = self.scheme.merge
        if cost is None:
            return []
        out: list[WordOp] = []
        for one, many, kind in ((test, gold, "merge"), (gold, test, "split")):
            where: dict[str, list[int]] = {}
            for j, word in enumerate(one):
                where.setdefault(word, []).append(j)
            for i in range(len(many)):
                for k in range(2, MAX_MERGE + 1):
                    if i + k > len(many):
                        break
                    for j in where.get("".join(many[i:i + k]), ()):
                        span = tuple(range(i, i + k))
                        out.append(WordOp(kind, span, (j,), cost) if kind == "merge"
                                   else WordOp(kind, (j,), span, cost))
        return out

    def align(self, gold: Sequence[str], test: Sequence[str]) -> WordAlignment:
        """The cheapest script from ``gold`` to ``test`` (ties broken by ORDER)."""
        if list(gold) == list(test):
            return identity(gold)
        merges = self._merges(gold, test)
        start, end_g, end_t = 0, len(gold), len(test)
        if self._trim and not merges:
            while start < end_g and start < end_t and gold[start] == test[start]:
                start += 1
            # A common last word is trimmed only when no other word of either
            # middle could match it: else the forward read below (words paired
            # as early as possible) may pair it with an earlier word instead.
            first_g = self._first(gold, start, end_g)
            first_t = self._first(test, start, end_t)
            while end_g > start and end_t > start and gold[end_g - 1] == test[end_t - 1] \
                    and first_g.get(gold[end_g - 1]) == end_g - 1 \
                    and first_t.get(test[end_t - 1]) == end_t - 1:
                end_g -= 1
                end_t -= 1
        prefix = [WordOp("match", (i,), (i,), 0.0) for i in range(start)]
        suffix = [WordOp("match", (i,), (i - len(gold) + len(test),), 0.0)
                  for i in range(end_g, len(gold))]
        middle = self._lattice(gold, test, start, end_g, end_t, merges)
        ops = (*prefix, *middle, *suffix)
        return WordAlignment(sum(op.cost for op in ops), ops, len(gold), len(test))

    def _first(self, words: Sequence[str], start: int, end: int) -> dict[str, int]:
        """Each word of ``words[start:end]`` and where the first word there
        that could match it is (equal, or made equal by EQ_WORD)."""
        first: dict[str, int] = {}
        for k in range(start, end):
            first.setdefault(words[k], k)
        if self.same_word is not None:
            same = self.same_word
            for word in first:
                first[word] = min(k for k in range(start, end)
                                  if words[k] == word or same(word, words[k])
                                  or same(words[k], word))
        return first

    def _known_cost(self, gold: Sequence[str], test: Sequence[str], deletes: list[float],
                    inserts: list[float]) -> float:
        """The cost of one script (an upper bound on the cheapest): difflib's
        matching blocks matched, the words between them substituted pairwise
        and the rest deleted or inserted."""
        cost = 0.0
        for tag, a, b, c, d in SequenceMatcher(None, gold, test, autojunk=False).get_opcodes():
            if tag == "equal":
                continue
            pairs = min(b - a, d - c)
            cost += sum(self.substitute_cost(gold[a + k], test[c + k]) for k in range(pairs))
            cost += sum(deletes[a + pairs:b]) + sum(inserts[c + pairs:d])
        return cost

    def _lattice(self, gold: Sequence[str], test: Sequence[str], start: int, end_g: int,
                 end_t: int, merges: list[WordOp]) -> list[WordOp]:
        """The middle script, gold[start:end_g] against test[start:end_t]: one
        backward pass over the band of the lattice (see the module)."""
        rows, cols = end_g - start + 1, end_t - start + 1
        final = rows * cols - 1
        g, t = gold[start:end_g], test[start:end_t]
        deletes = [self.delete_cost(w) for w in g]
        inserts = [self.insert_cost(w) for w in t]
        sub = self.substitute_cost
        # Exact pruning: a script through (r, c) shifts the two sides apart
        # by |r - c| words and back by |(R - r) - (C - c)|, each word at least
        # ``step``; a state whose bound exceeds a known script's cost is on
        # no cheapest path.
        merge = self.scheme.merge
        step = min(deletes + inserts + ([merge / (MAX_MERGE - 1)] if merge is not None else []))
        bound = self._known_cost(g, t, deletes, inserts) + 1e-9 if step > 0 else INF
        last_r, last_c = rows - 1, cols - 1
        shift = last_r - last_c
        # The bound keeps c - r within [below, above] (|x| + |shift + x| is
        # convex in x = c - r); one column of margin, the check is exact.
        if bound < INF:
            words = bound / step
            below = math.floor(-(words + shift) / 2) - 1
            above = math.floor((words - shift) / 2) + 1
        else:
            below, above = -rows, cols
        # Merge and split arcs by their source state: (rank, cost, target, unmatched, op).
        special: dict[int, list[tuple[int, float, int, int, WordOp]]] = {}
        for op in merges:
            i, j = op.gold[0] - start, op.test[0] - start
            if 0 <= i and op.gold[-1] < end_g and 0 <= j and op.test[-1] < end_t:
                target = (op.gold[-1] + 1 - start) * cols + op.test[-1] + 1 - start
                special.setdefault(i * cols + j, []).append(
                    (_RANK[op.kind], op.cost, target, len(op.gold) + len(op.test), op))
        # Per state: the cheapest cost to the end, and the fewest unmatched
        # words among the cheapest scripts (INF and ``worst`` off the band).
        worst = len(gold) + len(test) + 1
        distance = [INF] * (rows * cols)
        unmatched = [worst] * (rows * cols)
        distance[final] = 0.0
        unmatched[final] = 0
        for r in range(last_r, -1, -1):
            base = r * cols
            low, high = max(0, r + below), min(cols, r + above + 1)
            for c in range(high - 1, low - 1, -1):
                here = base + c
                if here == final or step * (abs(r - c) + abs(shift - r + c)) > bound:
                    continue
                # The one-word arcs' (distance through it, unmatched words
                # through it); an arc that is not there costs INF.
                d_sub = d_del = d_ins = INF
                n_sub = n_del = n_ins = worst
                if r < last_r:
                    if c < last_c:
                        cost = sub(g[r], t[c])
                        if cost == 0:
                            d_sub, n_sub = distance[here + cols + 1], unmatched[here + cols + 1]
                        elif cost < INF:
                            d_sub = cost + distance[here + cols + 1]
                            n_sub = 2 + unmatched[here + cols + 1]
                    d_del, n_del = deletes[r] + distance[here + cols], 1 + unmatched[here + cols]
                if c < last_c:
                    d_ins, n_ins = inserts[c] + distance[here + 1], 1 + unmatched[here + 1]
                best = min(d_sub, d_del, d_ins)
                more = special.get(here)
                if more:
                    others = [(cost + distance[target], n + unmatched[target])
                              for _, cost, target, n, _ in more]
                    best = min(best, *(d for d, _ in others))
                if best == INF:
                    continue
                tolerance = 1e-9 * max(1.0, best)
                fewest = worst
                for d, n in ((d_sub, n_sub), (d_del, n_del), (d_ins, n_ins),
                             *(others if more else ())):
                    if n < fewest and d - best <= tolerance:
                        fewest = n
                distance[here] = best
                unmatched[here] = fewest
        if distance[0] == INF:
            raise SchemeError(
                f"word cost scheme {self.scheme.name!r} allows no alignment of "
                f"[{' '.join(g)}] with [{' '.join(t)}]")
        ops: list[WordOp] = []
        current = 0
        while current != final:
            r, c = divmod(current, cols)
            best, fewest = distance[current], unmatched[current]
            tolerance = 1e-9 * max(1.0, best)
            rank, cost, target, _, found = min(
                (arc for arc in self._arcs(r, c, g, t, deletes, inserts, cols, sub, special)
                 if arc[1] + distance[arc[2]] - best <= tolerance
                 and arc[3] + unmatched[arc[2]] == fewest),
                key=lambda arc: arc[0])
            if found is None:
                kind = ORDER[rank]
                found = WordOp(kind, (start + r,) if kind != "ins" else (),
                               (start + c,) if kind != "del" else (), cost)
            ops.append(found)
            current = target
        return ops

    @staticmethod
    def _arcs(r: int, c: int, gold: Sequence[str], test: Sequence[str], deletes: list[float],
              inserts: list[float], cols: int, sub: Callable[[str, str], float],
              special: dict[int, list[tuple[int, float, int, int, WordOp]]]
              ) -> list[tuple[int, float, int, int, WordOp | None]]:
        """The arcs out of state (r, c): (rank in ORDER, cost, target, words
        unmatched, the operation or None for a one-word one)."""
        here = r * cols + c
        out: list[tuple[int, float, int, int, WordOp | None]] = []
        if r < len(gold):
            if c < len(test):
                cost = sub(gold[r], test[c])
                if cost == 0:
                    out.append((_MATCH, 0.0, here + cols + 1, 0, None))
                elif cost < INF:
                    out.append((_SUB, cost, here + cols + 1, 2, None))
            if deletes[r] < INF:
                out.append((_DEL, deletes[r], here + cols, 1, None))
        if c < len(test) and inserts[c] < INF:
            out.append((_INS, inserts[c], here + 1, 1, None))
        out += special.get(here, ())
        return out
