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
cheapest scripts are broken in steps, so that an alignment never depends
on how a search happens to run: (0) when the caller gives sentence
:class:`Boundaries` (``--segmentation``), among the cheapest scripts those
that keep the most boundaries: the longest chain of *boundary states* (i,
j), where a gold sentence and a test sentence both end, that the script
passes, each beyond the one before on both sides (the sentence ends it puts
at the same place, one to one; a shared boundary is never crossed to save
nothing, see :func:`chain_script`); (1) among those, the ones with the most matched
words (computed in the same pass over the arcs that stay on a cheapest
path, an operation weighing the words it consumes without matching them);
(2) among those, the script is read forward from (0, 0) taking the first
arc by the order ``match``, ``sub``, ``merge``, ``split``, ``del``, ``ins``:
words are paired as early as possible, and a deleted gold word comes before
an inserted test word.  Each step is part of the order the backward pass
minimises, (cost, -boundaries kept, unmatched words), compared
lexicographically, not a correction made afterwards.  Distances within 1e-9
(relative) are taken as equal.

Exact shortcuts: when the scheme has no classes, no ``same`` keys and no
merge candidate in the pair, every word has the same costs, which obey the
triangle inequality when checked once; the common prefix is then matched
without entering the lattice, and so is the common suffix up to a word that
an earlier word of either side could also match (there, the tie-breaking
above may pair it earlier: gold ``x .`` against test ``y . z .`` pairs the
first two full stops, which is what lets ``--segmentation align`` find the
sentence boundary both sides share).  When classes and keys change only
substitutions (every word deletes at one cost and inserts at one, as in
``words-tokenisation``) and the pair has no merge candidate, the common
prefix alone is (the lemma below, at each state of it in turn).  A
substitution's cost is remembered by the shape of the two signatures (their
classes, and which ``same`` keys differ in value), what it depends on.

And one faster pass, with the same scripts, when moreover those costs are
whole numbers, a substitution is not free and no EQ_WORD pair is given (the
shipped ``words``): a state's (cost, unmatched words) is one integer, and
**a state whose two words are equal takes the match** without weighing its
other arcs.  That is exact (the lemma): take a script from (i, j), with
gold[i] = test[j], that starts by deleting gold[i]; the rest consumes test[j]
by an insertion, a substitution against some gold[k], or a match with some
gold[k] (equal to test[j], so to gold[i]).  Matching gold[i] with test[j]
instead, and in place of that operation dropping the insertion, deleting
gold[k] instead of substituting it, or deleting gold[k] instead of matching
it, gives a script that costs no more (all words delete at the same cost,
substitutions cost >= 0) and leaves no more words unmatched (two fewer,
two fewer, as many); the same for a script that
starts by inserting test[j].  So a best (cost, unmatched) script from (i, j)
starts with the match, and ``match`` comes first in the order of (2).
Tested against the general pass and the FST aligner (tests/test_yields.py).
(The lemma needs only that every word deletes at one finite cost and
inserts at one, substitutions cost >= 0 and no merge is possible: it is
what lets the common prefix be matched under classes too.)

With boundaries, the lemma holds at a state (i, j) with i not a gold
sentence end and j not a test sentence end, reached with no boundary state
counted on its row or column: the script S that deletes gold[i] first
differs from the one S' that matches it only in the states (k, j), k > i,
it passes before consuming test[j] (S' passes (k, j + 1) instead), and
none of those is a boundary state when j is no test end, while S' may
count one (and then, still on its column, not the next: it keeps no fewer
in all); the same for an insertion first, whose states (i, k) are none
when i is no gold end.  It holds too at a boundary state (i, i) reached on
the diagonal, which both scripts count: S's states after it are on its
column and count nothing.  So the match is taken without weighing the
other arcs only at such states: the common prefix runs up to the first
place where one side ends a sentence and the other does not, the integer
pass takes the shortcut off the rows and columns of the ends, and the
common suffix is left to the lattice; a pair of equal yields is its own
alignment (every cheapest script is then the diagonal) only when no word
deletes, inserts or merges for nothing.  Tested against a textbook
recurrence over (state, chain flags) and between the three passes
(tests/test_pairing.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Any, TypeVar

from parsedit.costs.scheme import INF, SAME_NAMES, CostScheme, Signature
from parsedit.errors import SchemeError
from parsedit.results import WordCounts

MAX_MERGE = 4
# Tie-breaking preference among operations on a cheapest path with most matches.
ORDER = ("match", "sub", "merge", "split", "del", "ins")
_RANK = {kind: n for n, kind in enumerate(ORDER)}
_MATCH, _SUB, _DEL, _INS = (_RANK[k] for k in ("match", "sub", "del", "ins"))
# The operations that pair a gold word with a test word (for a merge or a
# split, the first word of its k-word side).
PAIRED = ("match", "sub", "merge", "split")


@dataclass(frozen=True)
class WordOp:
    """One operation: its kind, the gold and test word positions (0-based)
    it covers, and its cost."""

    kind: str
    gold: tuple[int, ...]
    test: tuple[int, ...]
    cost: float


@dataclass(frozen=True)
class Boundaries:
    """Where sentences end on each side of a pair of word sequences, as the
    number of words before each end (a state (i, j) of the lattice is a
    boundary state when i is in ``gold`` and j in ``test``)."""

    gold: frozenset[int]
    test: frozenset[int]

    def local(self, start: int, end_g: int, end_t: int
              ) -> tuple[frozenset[int], frozenset[int]]:
        """The ends inside the middle that starts at ``start`` on both sides
        and ends at ``end_g`` and ``end_t``, counted from ``start``."""
        return (frozenset(g - start for g in self.gold if start <= g <= end_g),
                frozenset(t - start for t in self.test if start <= t <= end_t))


NONE: frozenset[int] = frozenset()
NO_ENDS = (NONE, NONE)


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


# Match operations, shared (they are frozen): made once per (gold, test)
# positions, forgotten past _MATCHES_KEPT of them.
_MATCHES: dict[tuple[int, int], WordOp] = {}
_MATCHES_KEPT = 1 << 14


def match(i: int, j: int) -> WordOp:
    """The match of gold word ``i`` with test word ``j``."""
    op = _MATCHES.get((i, j))
    if op is None:
        if len(_MATCHES) >= _MATCHES_KEPT:
            _MATCHES.clear()
        op = _MATCHES[i, j] = WordOp("match", (i,), (j,), 0.0)
    return op


@lru_cache(maxsize=1024)
def same_words(n: int) -> WordCounts:
    """The counts of the alignment of a yield of ``n`` words with itself."""
    return WordCounts(gold=n, test=n, matched=n)


def identity(words: Sequence[str]) -> WordAlignment:
    """The alignment of a yield with itself."""
    n = len(words)
    return WordAlignment(0.0, tuple(match(i, i) for i in range(n)), n, n)


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
        # Whether every word deletes at one finite cost and inserts at one (no
        # class lowers them): then a common prefix is matched without the
        # lattice whatever the substitutions cost (the module's lemma).
        self._prefix = self._trim or all(
            one < INF and all(cost >= one for _, cost in entries)
            for one, entries in ((scheme.delete_cost(plain_sig), scheme.delete),
                                 (scheme.insert_cost(plain_sig), scheme.insert)))
        # Substitution costs by the shape of the two signatures (see _shape).
        self._shapes: dict[tuple[Signature, Signature, frozenset[str]], float] = {}
        self._splits: dict[str, tuple[Signature, dict[str, str]]] = {}
        # Without classes or keys every word has one signature: its costs, once.
        self._plain_sub = scheme.substitute_cost(plain_sig, plain_sig) if self._plain else None
        # ... and when those costs are whole numbers, a substitution not free
        # (the shipped ``words``), and only equal strings match: the integer
        # pass (_whole_lattice).
        self._whole: tuple[int, int, int] | None = None
        if self._plain_sub is not None and same_word is None:
            costs = (self._plain_sub, scheme.delete_cost(plain_sig),
                     scheme.insert_cost(plain_sig))
            if costs[0] > 0 and all(0 <= c < INF and float(c).is_integer() for c in costs):
                self._whole = (int(costs[0]), int(costs[1]), int(costs[2]))
        # Whether every script but the diagonal costs something (no word
        # deletes, inserts or merges for nothing): then a pair of equal
        # yields is its own alignment under any boundaries.
        self._no_free_shift = all(cost > 0 for _, cost in (*scheme.insert, *scheme.delete)) \
            and (scheme.merge is None or scheme.merge > 0)

    @property
    def by_equality(self) -> bool:
        """Whether alignments depend on the words only through which are
        equal (whole-number costs, one signature, no merges, no EQ_WORD),
        so that any one-to-one respelling of the words gives the same."""
        return self._whole is not None and self.scheme.merge is None

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
            shape = self._shape(gold, test)
            found = self._shapes.get(shape)
            if found is None:
                found = self._shapes[shape] = self.scheme.substitute_cost(self._sig(gold),
                                                                          self._sig(test))
            self._subs[key] = found
        return found

    def _shape(self, gold: str, test: str) -> tuple[Signature, Signature, frozenset[str]]:
        """What a substitution's cost depends on: the two signatures without
        their ``same`` key values, and which keys differ in value (an entry
        applies by its classes and by whether its key's values are equal,
        CostScheme.applies), so that pairs of one shape cost the same."""
        (a, a_keys), (b, b_keys) = self._split(gold), self._split(test)
        return a, b, frozenset(k for k in a_keys.keys() | b_keys.keys()
                               if a_keys.get(k) != b_keys.get(k))

    def _split(self, word: str) -> tuple[Signature, dict[str, str]]:
        """A word's signature without its ``same`` keys, and their values."""
        found = self._splits.get(word)
        if found is None:
            classes, keys = set(), {}
            for name in self._sig(word):
                key, equals, value = name.partition("=")
                if equals and key in SAME_NAMES:
                    keys[key] = value
                else:
                    classes.add(name)
            found = self._splits[word] = (frozenset(classes), keys)
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
            # The k-word runs that are a word of the other side, by (i, k).
            hits = sorted((i, k) for k in range(2, MAX_MERGE + 1)
                          for i, joined in enumerate(map("".join, zip(*(
                              many[s:] for s in range(k))))) if joined in where)
            for i, k in hits:
                for j in where["".join(many[i:i + k])]:
                    span = tuple(range(i, i + k))
                    out.append(WordOp(kind, span, (j,), cost) if kind == "merge"
                               else WordOp(kind, (j,), span, cost))
        return out

    def align(self, gold: Sequence[str], test: Sequence[str],
              boundaries: Boundaries | None = None) -> WordAlignment:
        """The cheapest script from ``gold`` to ``test``; ties broken by the
        most ``boundaries`` kept (when given), then as the module says."""
        if list(gold) == list(test) and (boundaries is None or self._no_free_shift):
            return identity(gold)
        merges = self._merges(gold, test)
        start, end_g, end_t = self._middle(gold, test, merges, boundaries)
        prefix = [match(i, i) for i in range(start)]
        shift = len(test) - len(gold)
        suffix = [match(i, i + shift) for i in range(end_g, len(gold))]
        ends = NO_ENDS if boundaries is None else boundaries.local(start, end_g, end_t)
        middle = self._lattice(gold, test, start, end_g, end_t, merges, ends)
        ops = (*prefix, *middle, *suffix)
        return WordAlignment(sum(op.cost for op in ops), ops, len(gold), len(test))

    def paired(self, gold: Sequence[str], test: Sequence[str]
               ) -> tuple[list[int], list[int], WordCounts]:
        """The gold and the test positions of the words that ``align(gold,
        test)`` pairs (see PAIRED), in order (the k-th of one paired with
        the k-th of the other), and its counts; under the integer pass
        without making its operations."""
        if self._whole is None or self.scheme.merge is not None:
            alignment = self.align(gold, test)
            ops = [op for op in alignment.ops if op.kind in PAIRED]
            return [op.gold[0] for op in ops], [op.test[0] for op in ops], alignment.counts
        n, m = len(gold), len(test)
        if list(gold) == list(test):
            return list(range(n)), list(range(n)), same_words(n)
        start, end_g, end_t = self._middle(gold, test, [])
        golds, tests = list(range(start)), list(range(start))
        r, c = start, start
        kinds = [0] * len(ORDER)
        for rank in self._free_path(gold[start:end_g], test[start:end_t], *self._whole):
            kinds[rank] += 1
            if rank <= _SUB:
                golds.append(r)
                tests.append(c)
            r += rank != _INS
            c += rank != _DEL
        golds += range(end_g, n)
        tests += range(end_t, m)
        sub, delete, insert = self._whole
        cost = float(kinds[_SUB] * sub + kinds[_DEL] * delete + kinds[_INS] * insert)
        return golds, tests, WordCounts(
            gold=n, test=m, matched=start + n - end_g + kinds[_MATCH], substituted=kinds[_SUB],
            deleted=kinds[_DEL], inserted=kinds[_INS], cost=cost)

    def _middle(self, gold: Sequence[str], test: Sequence[str], merges: list[WordOp],
                boundaries: Boundaries | None = None) -> tuple[int, int, int]:
        """Where the lattice starts, and ends on each side: the common prefix
        and suffix are matched without it where that is exact (see the
        module; with ``boundaries``, the prefix up to the first place where
        one side ends a sentence and the other does not, and no suffix)."""
        start, end_g, end_t = 0, len(gold), len(test)
        if self._prefix and not merges:
            stops = frozenset() if boundaries is None else boundaries.gold ^ boundaries.test
            while start < end_g and start < end_t and gold[start] == test[start] \
                    and start not in stops:
                start += 1
        if self._trim and not merges and boundaries is None:
            # A common last word is trimmed only when no other word of either
            # middle could match it: else the forward read below (words paired
            # as early as possible) may pair it with an earlier word instead.
            while end_g > start and end_t > start and gold[end_g - 1] == test[end_t - 1] \
                    and self._alone(gold, start, end_g) and self._alone(test, start, end_t):
                end_g -= 1
                end_t -= 1
        return start, end_g, end_t

    def _alone(self, words: Sequence[str], start: int, end: int) -> bool:
        """Whether no word of ``words[start:end - 1]`` could match the word at
        ``end - 1`` (be equal to it, or made equal by EQ_WORD)."""
        word, before = words[end - 1], words[start:end - 1]
        if word in before:
            return False
        same = self.same_word
        return same is None or not any(same(word, other) or same(other, word)
                                       for other in before)

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
                 end_t: int, merges: list[WordOp],
                 ends: tuple[frozenset[int], frozenset[int]] = NO_ENDS) -> list[WordOp]:
        """The middle script, gold[start:end_g] against test[start:end_t]: one
        backward pass over the band of the lattice (see the module); ``ends``:
        the sentence ends of each side inside the middle, counted from
        ``start`` (see :class:`Boundaries`)."""
        g, t = gold[start:end_g], test[start:end_t]
        gold_ends, test_ends = ends
        if self._whole is not None and not merges:
            return self._whole_lattice(g, t, start, ends)
        rows, cols = end_g - start + 1, end_t - start + 1
        final = rows * cols - 1
        deletes = [self.delete_cost(w) for w in g]
        inserts = [self.insert_cost(w) for w in t]
        sub = self.substitute_cost
        # Exact pruning: a script through (r, c) shifts the two sides apart
        # by |r - c| words and back by |(R - r) - (C - c)|, each word at least
        # ``step``; a state whose bound exceeds a known script's cost is on
        # no cheapest path.
        # Merges and splits shift the sides too, k - 1 words for their cost,
        # but only where the pair has some.
        merge = self.scheme.merge
        step = min(deletes + inserts + ([merge / (MAX_MERGE - 1)]
                                        if merge is not None and merges else []))
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
        # Per state: the cheapest cost to the end, the most boundaries kept
        # (see chain_script; for a boundary state, counting it) and the
        # fewest unmatched words among those scripts (INF, 0 and ``worst``
        # off the band): with no boundary pending (these lists); and, with
        # boundaries, on a row of gold ends reached along it from a
        # boundary state counted there, or down a column of test ends.
        worst = len(gold) + len(test) + 1
        distance = [INF] * (rows * cols)
        kept = [0] * (rows * cols)
        unmatched = [worst] * (rows * cols)
        distance[final] = 0.0
        unmatched[final] = 0
        both = bool(gold_ends and test_ends)
        along_row = {r: ([INF] * cols, [0] * cols, [worst] * cols)
                     for r in gold_ends if both and r <= last_r}
        along_column = {c: ([INF] * rows, [0] * rows, [worst] * rows)
                        for c in test_ends if both and c <= last_c}

        def reached(here: int, flag: int) -> tuple[float, int, int]:
            """The values of state ``here`` reached with ``flag``."""
            if flag == _FREE:
                return distance[here], kept[here], unmatched[here]
            if flag == _AT:
                return distance[here], kept[here] - 1, unmatched[here]
            r, c = divmod(here, cols)
            d, k, n = along_row[r] if flag == _ROW else along_column[c]
            i = c if flag == _ROW else r
            return d[i], k[i], n[i]

        def options(r: int, c: int, flag: int
                    ) -> list[tuple[float, int, int, tuple[int, float, int, int, WordOp | None]]]:
            """Each arc out of (r, c) reached with ``flag``: the values through it."""
            out = []
            for arc in self._arcs(r, c, g, t, deletes, inserts, cols, sub, special):
                tr, tc = divmod(arc[2], cols)
                d, k, n = reached(arc[2], _after(flag, tr - r, tc - c))
                out.append((arc[1] + d, k, arc[3] + n, arc))
            return out

        def settle(r: int, c: int) -> None:
            """Every value of a state on a row or a column of ends."""
            here = r * cols + c
            flags = [_AT if r in along_row and c in along_column else _FREE]
            flags += [_ROW] * (r in along_row) + [_COLUMN] * (c in along_column)
            for flag in flags:
                found = [option for option in options(r, c, flag) if option[0] < INF]
                if here == final:
                    found.append((0.0, 0, 0, (0, 0.0, 0, 0, None)))
                if not found:
                    continue
                d, k, n = _best_triple(found)
                if flag == _FREE or flag == _AT:
                    distance[here], kept[here], unmatched[here] = d, k + (flag == _AT), n
                else:
                    values, i = (along_row[r], c) if flag == _ROW else (along_column[c], r)
                    values[0][i], values[1][i], values[2][i] = d, k, n

        for r in range(last_r, -1, -1):
            base = r * cols
            low, high = max(0, r + below), min(cols, r + above + 1)
            for c in range(high - 1, low - 1, -1):
                here = base + c
                if step * (abs(r - c) + abs(shift - r + c)) > bound:
                    continue
                if here == final or (r in along_row and c in along_column):
                    settle(r, c)  # the last state, or a boundary state
                    continue
                # The one-word arcs' (distance, boundaries kept, unmatched
                # words) through them; an arc that is not there costs INF.
                d_sub = d_del = d_ins = INF
                k_sub = k_del = k_ins = 0
                n_sub = n_del = n_ins = worst
                if r < last_r:
                    down = here + cols
                    if c < last_c:
                        cost = sub(g[r], t[c])
                        if cost == 0:
                            d_sub, k_sub, n_sub = distance[down + 1], kept[down + 1], \
                                unmatched[down + 1]
                        elif cost < INF:
                            d_sub, k_sub, n_sub = cost + distance[down + 1], kept[down + 1], \
                                2 + unmatched[down + 1]
                    d_del, k_del, n_del = deletes[r] + distance[down], kept[down], \
                        1 + unmatched[down]
                if c < last_c:
                    d_ins, k_ins, n_ins = inserts[c] + distance[here + 1], kept[here + 1], \
                        1 + unmatched[here + 1]
                best = min(d_sub, d_del, d_ins)
                more = special.get(here)
                if more:
                    others = [(cost + distance[target], kept[target], n + unmatched[target])
                              for _, cost, target, n, _ in more]
                    best = min(best, *(d for d, _, _ in others))
                if best == INF:
                    continue
                tolerance = 1e-9 * max(1.0, best)
                most, fewest = -1, worst
                for d, k, n in ((d_sub, k_sub, n_sub), (d_del, k_del, n_del),
                                (d_ins, k_ins, n_ins), *(others if more else ())):
                    if d - best <= tolerance and (k > most or (k == most and n < fewest)):
                        most, fewest = k, n
                distance[here], kept[here], unmatched[here] = best, most, fewest
                if r in along_row:
                    # Reached along a row of ends, an insertion stays on it.
                    row = along_row[r]
                    d_ins, k_ins, n_ins = (inserts[c] + row[0][c + 1], row[1][c + 1],
                                           1 + row[2][c + 1]) if c < last_c else (INF, 0, worst)
                    along = [option for option in ((d_sub, k_sub, n_sub, None),
                                                   (d_del, k_del, n_del, None),
                                                   (d_ins, k_ins, n_ins, None),
                                                   *((d, k, n, None) for d, k, n in
                                                     (others if more else ())))
                             if option[0] < INF]
                    if along:
                        row[0][c], row[1][c], row[2][c] = _best_triple(along)
                if c in along_column:
                    settle(r, c)
        if distance[0] == INF:
            raise SchemeError(
                f"word cost scheme {self.scheme.name!r} allows no alignment of "
                f"[{' '.join(g)}] with [{' '.join(t)}]")
        ops: list[WordOp] = []
        current = 0
        flag = _AT if 0 in along_row and 0 in along_column else _FREE
        while current != final:
            r, c = divmod(current, cols)
            best, most, fewest = reached(current, flag)
            tolerance = 1e-9 * max(1.0, best)
            if flag == _FREE and r not in along_row and c not in along_column:
                # Every arc reaches its target with no boundary pending.
                rank, cost, target, _, found = min(
                    (arc for arc in self._arcs(r, c, g, t, deletes, inserts, cols, sub, special)
                     if arc[1] + distance[arc[2]] - best <= tolerance
                     and kept[arc[2]] == most and arc[3] + unmatched[arc[2]] == fewest),
                    key=lambda arc: arc[0])
            else:
                _, _, _, (rank, cost, target, _, found) = min(
                    (option for option in options(r, c, flag) if option[0] - best <= tolerance
                     and option[1] == most and option[2] == fewest),
                    key=lambda option: option[3][0])
            tr, tc = divmod(target, cols)
            flag = _after(flag, tr - r, tc - c)
            if flag == _FREE and tr in along_row and tc in along_column:
                flag = _AT
            if found is None:
                found = _one_word(rank, r, c, start, cost)
            ops.append(found)
            current = target
        return ops

    def _whole_lattice(self, g: Sequence[str], t: Sequence[str], start: int,
                       ends: tuple[frozenset[int], frozenset[int]] = NO_ENDS) -> list[WordOp]:
        """:meth:`_lattice` by the integer pass (:meth:`_whole_path`)."""
        assert self._whole is not None
        sub, delete, insert = self._whole
        ops: list[WordOp] = []
        r = c = start
        for rank in self._whole_path(g, t, sub, delete, insert, *ends):
            if rank == _MATCH:
                ops.append(match(r, c))
            elif rank == _SUB:
                ops.append(WordOp("sub", (r,), (c,), float(sub)))
            elif rank == _DEL:
                ops.append(WordOp("del", (r,), (), float(delete)))
            else:
                ops.append(WordOp("ins", (), (c,), float(insert)))
            r += rank != _INS
            c += rank != _DEL
        return ops

    @staticmethod
    def _free_path(g: Sequence[str], t: Sequence[str], sub: int, delete: int, insert: int
                   ) -> list[int]:
        """:meth:`_whole_path` of a pair with no sentence ends to keep (every
        pair but ``--segmentation``'s): each state's pair (cost to the end,
        fewest unmatched words) is one integer, cost x ``unit`` + unmatched,
        and a state whose two words are equal takes the match without
        weighing its other arcs (the module's lemma); without the boundary
        bookkeeping, which would cost this common case a tenth more."""
        rows, cols = len(g), len(t)
        if rows <= 1 and cols <= 1:  # one word on a side, or none (g != t)
            if rows and cols:  # a substitution, or a deletion before an insertion
                return [_SUB] if sub <= delete + insert else [_DEL, _INS]
            return [_DEL] * rows + [_INS] * cols
        unit = rows + cols + 1
        w_sub, w_del, w_ins = sub * unit + 2, delete * unit + 1, insert * unit + 1
        width = cols + 1
        below, above = _band(g, t, sub, delete, insert)
        value: list[float] = [INF] * ((rows + 1) * width)
        here = rows * width + cols
        value[here] = 0
        for _ in range(cols - max(0, rows + below)):  # the last row: insertions
            here -= 1
            value[here] = w_ins + value[here + 1]
        for r in range(rows - 1, -1, -1):
            word = g[r]
            base = r * width
            low, high = max(0, r + below), min(width, r + above + 1)
            if high == width:
                value[base + cols] = w_del + value[base + width + cols]
                high -= 1
            for c in range(high - 1, low - 1, -1):
                here = base + c
                down = here + width
                if word == t[c]:
                    value[here] = value[down + 1]
                    continue
                best = w_sub + value[down + 1]
                other = w_del + value[down]
                if other < best:
                    best = other
                other = w_ins + value[here + 1]
                value[here] = other if other < best else best
        # Forward from (0, 0): the first arc by ORDER that keeps the pair.
        ranks: list[int] = []
        r = c = 0
        while r < rows or c < cols:
            here = r * width + c
            if r < rows and c < cols:
                if g[r] == t[c]:
                    ranks.append(_MATCH)
                    r += 1
                    c += 1
                    continue
                if w_sub + value[here + width + 1] == value[here]:
                    ranks.append(_SUB)
                    r += 1
                    c += 1
                    continue
            if r < rows and w_del + value[here + width] == value[here]:
                ranks.append(_DEL)
                r += 1
            else:
                ranks.append(_INS)
                c += 1
        return ranks

    @staticmethod
    def _whole_path(g: Sequence[str], t: Sequence[str], sub: int, delete: int, insert: int,
                    gold_ends: frozenset[int] = NONE, test_ends: frozenset[int] = NONE
                    ) -> list[int]:
        """The middle script's operations (their ranks in ORDER) when every
        word has the same whole-number costs and only equal words match (the
        shipped ``words``): :meth:`_lattice`'s script, several times faster
        (see the module).  Each state's triple (cost to the end, boundaries
        kept, fewest unmatched words) is one integer, cost x ``whole`` -
        kept x ``unit`` + unmatched, ``unit`` above any count of unmatched
        words and ``whole`` above any kept x ``unit`` + unmatched, so that
        integers compare as the triples do lexicographically, exactly; and a
        state whose two words are equal, off the rows and columns of the
        sentence ends (``gold_ends``, ``test_ends``: see
        :class:`Boundaries`), takes the match without weighing its other
        arcs, which cannot do better (the module's lemma).

        The boundaries kept are counted as :func:`chain_script` counts them:
        besides each state's value with no boundary pending (``value``, which
        for a boundary state includes counting it), a row of gold ends has
        the values of its states reached along it from a boundary state
        counted there (``along_row``), a column of test ends those of its
        states reached down it (``along_column``); a boundary state reached
        so counts nothing."""
        if not (gold_ends and test_ends):  # no boundary state: none kept
            return WordAligner._free_path(g, t, sub, delete, insert)
        rows, cols = len(g), len(t)
        unit = rows + cols + 1
        kept = unit  # (what a boundary kept is worth: above any count of unmatched words)
        # A chain has at most rows + cols + 1 states.
        whole = unit * (rows + cols + 3)
        w_sub, w_del, w_ins = sub * whole + 2, delete * whole + 1, insert * whole + 1
        width = cols + 1
        below, above = _band(g, t, sub, delete, insert)
        value: list[float] = [INF] * ((rows + 1) * width)
        along_row = {r: [INF] * width for r in gold_ends if r <= rows}
        along_column = {c: [INF] * (rows + 1) for c in test_ends if c <= cols}
        columns = sorted(along_column)

        def settle(r: int, c: int) -> None:
            """Every value of state (r, c) (a row or column of ends, or the
            last row), its successors settled."""
            here = r * width + c
            if r == rows and c == cols:
                diagonal = down = ahead = row_ahead = column_down = 0.0
            else:
                diagonal = down = ahead = row_ahead = column_down = INF
                if r < rows:
                    down = w_del + value[here + width]
                    if c < cols:
                        diagonal = (0 if g[r] == t[c] else w_sub) + value[here + width + 1]
                    if c in along_column:
                        column_down = w_del + along_column[c][r + 1]
                if c < cols:
                    ahead = w_ins + value[here + 1]
                    if r in along_row:
                        row_ahead = w_ins + along_row[r][c + 1]
            if r in along_row and c in along_column:  # a boundary state
                value[here] = min(diagonal, column_down, row_ahead) - kept
            else:
                value[here] = min(diagonal, down, ahead)
            if r in along_row:
                along_row[r][c] = min(diagonal, down, row_ahead)
            if c in along_column:
                along_column[c][r] = min(diagonal, column_down, ahead)

        for r in range(rows, -1, -1):
            low, high = max(0, r + below), min(width, r + above + 1)
            if r == rows or r in along_row:
                for c in range(high - 1, low - 1, -1):
                    settle(r, c)
                continue
            word = g[r]
            base = r * width
            if high == width:
                value[base + cols] = w_del + value[base + width + cols]
                high -= 1
            for c in range(high - 1, low - 1, -1):
                here = base + c
                down = here + width
                if word == t[c]:
                    if c not in test_ends:
                        value[here] = value[down + 1]
                        continue
                    best = value[down + 1]
                else:
                    best = w_sub + value[down + 1]
                other = w_del + value[down]
                if other < best:
                    best = other
                other = w_ins + value[here + 1]
                value[here] = other if other < best else best
            for c in columns:  # down a column of ends: its values along it
                if low <= c < min(width, r + above + 1):
                    here = base + c
                    along = along_column[c]
                    best = w_del + along[r + 1]
                    if c < cols:
                        other = (0 if word == t[c] else w_sub) + value[here + width + 1]
                        if other < best:
                            best = other
                        other = w_ins + value[here + 1]
                        if other < best:
                            best = other
                    along[r] = best
        # Forward from (0, 0): the first arc by ORDER that keeps the triple.
        ranks: list[int] = []
        r = c = 0
        flag = _AT if 0 in along_row and 0 in along_column else _FREE
        while r < rows or c < cols:
            if flag == _FREE and r < rows and c < cols and g[r] == t[c] \
                    and r not in along_row and c not in along_column:
                ranks.append(_MATCH)  # the lemma, as in the backward pass
                r += 1
                c += 1
                if r in along_row and c in along_column:
                    flag = _AT
                continue
            here = r * width + c
            rest = value[here] + kept if flag == _AT else value[here] if flag == _FREE \
                else along_row[r][c] if flag == _ROW else along_column[c][r]
            for rank, weight, gold, test in (
                    (_MATCH if r < rows and c < cols and g[r] == t[c] else _SUB,
                     0 if r < rows and c < cols and g[r] == t[c] else w_sub, 1, 1),
                    (_DEL, w_del, 1, 0), (_INS, w_ins, 0, 1)):
                if r + gold > rows or c + test > cols:
                    continue
                after = _after(flag, gold, test)
                there = here + gold * width + test
                arrived = value[there] if after == _FREE \
                    else along_row[r][c + 1] if after == _ROW else along_column[c][r + 1]
                if weight + arrived == rest:
                    ranks.append(rank)
                    r, c = r + gold, c + test
                    if after == _FREE and r in along_row and c in along_column:
                        after = _AT
                    flag = after
                    break
            else:
                raise AssertionError("the integer pass lost its path")
        return ranks

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


def _one_word(rank: int, r: int, c: int, start: int, cost: float) -> WordOp:
    """The one-word operation of rank ``rank`` (in ORDER) out of state (r, c)
    of a middle that starts at word ``start`` on both sides."""
    kind = ORDER[rank]
    return WordOp(kind, (start + r,) if kind != "ins" else (),
                  (start + c,) if kind != "del" else (), cost)


# The chain of kept boundaries (chain_script): where a script is since the
# last boundary state it counted.
_FREE, _ROW, _COLUMN, _AT = range(4)


def _after(flag: int, gold: int, test: int) -> int:
    """The flag after an arc that consumes ``gold`` and ``test`` words."""
    if flag == _AT:
        return _ROW if not gold else _COLUMN if not test else _FREE
    if flag == _ROW:
        return _ROW if not gold else _FREE
    if flag == _COLUMN:
        return _COLUMN if not test else _FREE
    return _FREE


State = TypeVar("State", bound=Hashable)
Arc_ = TypeVar("Arc_", bound=tuple[Any, ...])


def chain_script(states: Iterable[State], start: State,
                 where: Callable[[State], tuple[int, int]],
                 arcs: Callable[[State], Sequence[Arc_]],
                 final: Callable[[State], float],
                 ends: tuple[frozenset[int], frozenset[int]],
                 relative: float) -> list[tuple[Arc_, State]] | None:
    """The preferred script of a lattice with sentence ends to keep: its
    arcs, each with its source state, or None when no script reaches the end.

    ``states`` lists the lattice's states so that every arc's target comes
    before its source (backwards); ``where(state)`` gives the gold and test
    words consumed there (a *boundary state* when they are in ``ends``);
    ``arcs(state)`` its arcs as (rank, cost, target, unmatched words, ...);
    ``final(state)`` the cost of ending there (INF where it is not final).

    Scripts are ordered by (cost, -boundaries kept, unmatched words), then
    read forward taking the first arc by rank.  Costs within ``relative``
    of each other (relatively) are equal.  The boundaries kept are the
    longest chain of the boundary states a script passes in which each
    state is beyond the one before on both sides: the pairs of sentence
    ends the script puts at the same place, one to one.  (A script that
    passes (i, j) and then, inserting a whole test sentence, (i, k), keeps
    one boundary of the gold side there, not two.)  It is counted greedily,
    a state at a time, which is exact for a chain along a monotone path:
    a boundary state counts unless the script is still on the row or the
    column of the last one counted (the flag of the pass)."""
    gold_ends, test_ends = ends
    best: dict[tuple[State, int], tuple[float, int, int]] = {}
    chosen: dict[tuple[State, int], list[tuple[Any, Arc_, State, int]]] = {}
    for state in states:
        r, c = where(state)
        row, column = r in gold_ends, c in test_ends
        flags = [_FREE] + [_ROW] * row + [_COLUMN] * column + [_AT] * (row and column)
        out = arcs(state)
        end = final(state)
        for flag in flags:
            options: list[tuple[float, int, int, tuple[Any, Arc_, State, int] | None]] = []
            if end < INF:
                options.append((end, 0, 0, None))
            for arc in out:
                target = arc[2]
                tr, tc = where(target)
                after = _after(flag, tr - r, tc - c)
                gain = 0
                if after == _FREE and tr in gold_ends and tc in test_ends:
                    after, gain = _AT, 1
                found = best.get((target, after))
                if found is not None:
                    d, k, n = found
                    options.append((arc[1] + d, k + gain, n + arc[3],
                                    (arc[0], arc, target, after)))
            if not options:
                continue
            low, most, fewest = best[state, flag] = _best_triple(options, relative)
            tolerance = relative * max(1.0, low)
            chosen[state, flag] = [option[3] for option in options
                                   if option[0] - low <= tolerance and option[1] == most
                                   and option[2] == fewest and option[3] is not None]
    r, c = where(start)
    state, flag = start, _AT if r in gold_ends and c in test_ends else _FREE
    if (state, flag) not in best:
        return None
    path: list[tuple[Arc_, State]] = []
    while chosen.get((state, flag)):
        _, arc, target, after = min(chosen[state, flag], key=lambda option: option[0])
        path.append((arc, state))
        state, flag = target, after
    return path


def _best_triple(options: Sequence[tuple[float, int, int, Any]], relative: float = 1e-9
               ) -> tuple[float, int, int]:
    """The best (cost, boundaries kept, unmatched words) of some options (of
    finite cost): the cheapest (within ``relative``, relatively), then the
    most kept, then the fewest unmatched."""
    low = min(option[0] for option in options)
    tolerance = relative * max(1.0, low)
    near = [option for option in options if option[0] - low <= tolerance]
    most = max(option[1] for option in near)
    return low, most, min(option[2] for option in near if option[1] == most)


def _band(g: Sequence[str], t: Sequence[str], sub: int, delete: int, insert: int
          ) -> tuple[int, int]:
    """The band of :meth:`WordAligner._lattice` for the integer passes, from
    a greedy script's cost and in whole numbers, so with no margin: the
    diagonals x = c - r where step (|x| + |shift + x|) <= bound, x in
    [below, above] (every script shifts the sides |shift| words apart at
    least, so both ends are inside)."""
    rows, cols = len(g), len(t)
    step = min(delete, insert)
    if not step:
        return -rows, cols
    shift = rows - cols
    bound = _greedy_cost(g, t, sub, delete, insert)
    return -((bound + shift * step) // (2 * step)), (bound - shift * step) // (2 * step)


def _greedy_cost(g: Sequence[str], t: Sequence[str], sub: int, delete: int, insert: int) -> int:
    """The cost of one script (an upper bound on the cheapest), read left to
    right: equal words matched, else the one-word edit after which the next
    words are equal, else a substitution."""
    rows, cols = len(g), len(t)
    r = c = cost = 0
    while r < rows and c < cols:
        if g[r] == t[c]:
            r += 1
            c += 1
        elif r + 1 < rows and c + 1 < cols and g[r + 1] == t[c + 1]:
            cost += sub
            r += 1
            c += 1
        elif r + 1 < rows and g[r + 1] == t[c]:
            cost += delete
            r += 1
        elif c + 1 < cols and g[r] == t[c + 1]:
            cost += insert
            c += 1
        else:
            cost += sub
            r += 1
            c += 1
    return cost + (rows - r) * delete + (cols - c) * insert
