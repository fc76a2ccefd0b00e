"""Edit distances of one encoding under one cost scheme, sentence by sentence.

``EditMetric(encoding, scheme).score(gold, test)`` takes two encoded strings
and returns a :class:`Aligned`: the counts (final and basic cost, gold events)
and what is needed to show the alignment.

Pieces.  When the encoding has an anchor kind that the scheme can never edit
(the label encoding's terminals under roark-basic), every edit path matches
the i-th anchor of gold with the i-th of test, so the two strings split into
independent pieces between anchors.  Equal pieces cost nothing; the others are
aligned through the FST one by one and remembered, since the same small
pieces recur across a corpus.  The sum is exactly the whole-string distance.

Movement.  For the label encoding, a scheme with a ``movement`` cost gets
Roark's five-step correction (:mod:`parsedit.metrics.movement`), with one run
of deleted and one of inserted close brackets per piece; or, when asked, the
cascade of move transducers over the whole pair (:mod:`parsedit.fst.cascade`).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import compress, count
from operator import ne
from typing import Any

from parsedit.costs.alphabet import Alphabet
from parsedit.costs.scheme import CostScheme
from parsedit.costs.transducer import FstScheme
from parsedit.encodings.base import Encoding, Symbol
from parsedit.encodings.rule import RuleEncoding
from parsedit.frozen import fast_init
from parsedit.fst.align import Aligner, Alignment, FstAligner, Op, matched
from parsedit.fst.cascade import cascade_distance
from parsedit.metrics.base import Metric, Outcome, ratio
from parsedit.metrics.movement import FIVE_STEP, Move, Movement, correct
from parsedit.results import Edit, EditCounts, EditScript
from parsedit.trees.bracketing import CLOSE, Bracketing

_CACHE_LIMIT = 200_000
# Symbols on each side of a pair's differing stretch searched first for the
# anchors that bound it (EditMetric._pieces).
_SIGHT = 8


@fast_init
@dataclass(frozen=True)
class Aligned:
    """One pair's counts, and its alignment: ``prefix`` symbols matched, then
    the aligned ``pieces`` with the matched ``anchors`` between them, then
    ``suffix`` symbols matched."""

    counts: EditCounts
    prefix: Sequence[Symbol]
    pieces: tuple[Alignment, ...]
    anchors: tuple[Symbol, ...]
    suffix: Sequence[Symbol]
    moves: tuple[Move, ...]

    def script(self, encoding: Encoding, scheme: str) -> EditScript:
        """The edit script as data, its symbols as ``encoding`` displays them."""
        def show(symbol: Symbol | None) -> str | None:
            return None if symbol is None else encoding.display(symbol)
        return EditScript(encoding.name, scheme,
                          tuple(Edit(op.kind, show(op.gold), show(op.test), op.cost)
                                for op in self.ops),
                          self.counts, tuple((m.size, m.saving) for m in self.moves))

    @property
    def ops(self) -> list[Op]:
        """The whole edit script, left to right."""
        out = [Op("match", s, s, 0.0) for s in self.prefix]
        for i, piece in enumerate(self.pieces):
            if i:
                anchor = self.anchors[i - 1]
                out.append(Op("match", anchor, anchor, 0.0))
            out.extend(piece.ops)
        out.extend(Op("match", s, s, 0.0) for s in self.suffix)
        return out


class _Unread(Sequence[Symbol]):
    """The symbols of a sentence scored against itself, encoded only when
    they are read (its alignment matches them all; its counts need only the
    number of events)."""

    def __init__(self, encode: Callable[[Bracketing], tuple[Symbol, ...]],
                 tokens: Bracketing) -> None:
        self._encode = encode
        self._tokens = tokens
        self._symbols: tuple[Symbol, ...] | None = None

    @property
    def symbols(self) -> tuple[Symbol, ...]:
        if self._symbols is None:
            self._symbols = self._encode(self._tokens)
        return self._symbols

    def __len__(self) -> int:
        return len(self.symbols)

    def __getitem__(self, index: Any) -> Any:
        return self.symbols[index]

    def __iter__(self) -> Iterator[Symbol]:
        return iter(self.symbols)


class EditMetric:
    """``scheme`` is a declarative :class:`CostScheme` or a transducer
    (:class:`FstScheme`; a grammar module's is built over ``alphabet``);
    ``tie_break`` reads the preferred one of the cheapest scripts (for a
    declarative scheme; see :mod:`parsedit.fst.align`), never changing a cost."""

    aligner: Aligner | FstAligner

    def __init__(self, encoding: Encoding, scheme: CostScheme | FstScheme,
                 alphabet: Alphabet | None = None, movement: Movement = FIVE_STEP,
                 tie_break: bool = False) -> None:
        self.encoding = encoding
        self.scheme = scheme
        self.movement = movement
        self.alphabet = alphabet
        self._cache: dict[tuple[Sequence[Symbol], Sequence[Symbol]], Alignment] = {}
        self._runs_of: dict[tuple[Sequence[Symbol], Sequence[Symbol]], tuple[int, int]] = {}
        if isinstance(scheme, FstScheme):
            # Nothing is known of the transducer's costs here: FstAligner
            # takes what shortcuts it can prove on it (parsedit.fst.restrict).
            self.exact, self.anchor, self.corrects = False, None, False
            return
        self.exact = True  # identity is free, so equal strings cost nothing
        anchor = encoding.anchor_kind
        self.anchor = anchor if anchor is not None and not scheme.can_edit(anchor) else None
        self.corrects = encoding.name == "label" and scheme.movement is not None
        # The five-step correction reads every differing piece's path.
        self.aligner = Aligner(scheme, encoding, tie_break,
                               paths=self.corrects and movement.method == "five-step")
        close = scheme.signature("close", CLOSE)
        self._close_costs = (scheme.delete_cost(close), scheme.insert_cost(close))

    def __getattr__(self, name: str) -> Any:
        # A transducer scheme's aligner is built when first needed, so that
        # building the metric (for a signature) does not build a grammar.
        if name != "aligner" or not isinstance(self.scheme, FstScheme):
            raise AttributeError(name)
        aligner = FstAligner(self.scheme.transducer(self.alphabet), self.encoding,
                             self.scheme.name)
        self.aligner = aligner
        return aligner

    def _pieces(self, symbols: Sequence[Symbol], start: int, end: int
                 ) -> tuple[int, int, list[int], list[tuple[Symbol, ...]]]:
        """What lies between the first ``start`` and the last ``end``
        symbols, widened to whole pieces (from just after the anchor before
        it to the anchor after it): its bounds ``low`` and ``high``, the
        positions of the anchors inside, and the pieces between them.  (The
        anchors are looked for around that stretch first, and in the whole
        string only if the anchors that bound it are not in sight: the prefix
        and suffix that match are often most of a sentence.)"""
        n, stop = len(symbols), len(symbols) - end
        window = max(0, start - _SIGHT), min(n, stop + _SIGHT)
        for lo, hi in (window, (0, n)):
            at = [lo + i for i in self.encoding.anchors(symbols[lo:hi])]
            first = bisect_left(at, start)  # the anchors before start are at[:first]
            last = bisect_left(at, stop)  # the suffix from at[last] on
            if (first or not lo) and (last < len(at) or hi == n):
                break
        low = at[first - 1] + 1 if first else 0
        high = at[last] if last < len(at) else n
        middle = at[first:last]
        bounds = [low - 1, *middle, high]
        return low, high, middle, [tuple(symbols[a + 1:b]) for a, b in zip(bounds, bounds[1:])]

    def aligned(self, gold: tuple[Symbol, ...], test: tuple[Symbol, ...]) -> Alignment:
        """The alignment of two strings, remembered (pieces and lineages recur)."""
        key = (gold, test)
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()
            found = self._cache[key] = self.aligner.align(gold, test)
        return found

    def score(self, gold: Sequence[Symbol], test: Sequence[Symbol], events: int) -> Aligned:
        """Score one pair; ``events`` is the number of gold events."""
        scored = self._score(gold, test, events)
        if self.corrects and self.movement.method == "cascade" and scored.counts.basic > 0:
            assert isinstance(self.scheme, CostScheme)
            final = cascade_distance(gold, test, self.scheme, self.encoding,
                                     self.movement.max_moves, self.movement.max_k)
            return replace(scored, counts=EditCounts.sentence(final, scored.counts.basic, events))
        return scored

    def _score(self, gold: Sequence[Symbol], test: Sequence[Symbol], events: int) -> Aligned:
        if gold == test and self.exact:
            return Aligned(EditCounts.sentence(0.0, 0.0, events), gold, (), (), (), ())
        if self.anchor is not None:
            # Skip the common prefix and suffix, cut back to whole pieces, and
            # split only what lies between.
            n = min(len(gold), len(test))
            start = next(compress(count(), map(ne, gold, test)), n)
            end = min(next(compress(count(), map(ne, reversed(gold), reversed(test))), n),
                      n - start)
            low, high, gold_at, gold_pieces = self._pieces(gold, start, end)
            _, _, test_at, test_pieces = self._pieces(test, start, end)
            anchors = [gold[i] for i in gold_at]
            if anchors == [test[i] for i in test_at]:
                pieces: list[Alignment] = []
                differing: list[tuple[tuple[Symbol, ...], tuple[Symbol, ...]]] = []
                for g, t in zip(gold_pieces, test_pieces):
                    if g == t:
                        pieces.append(matched(g))
                    else:
                        pieces.append(self.aligned(g, t))
                        differing.append((g, t))
                return self._finish(gold[:low], tuple(pieces), tuple(anchors), gold[high:],
                                    events, differing)
        return self._finish((), (self.aligner.align(gold, test),), (), (), events)

    def _finish(self, prefix: Sequence[Symbol], pieces: tuple[Alignment, ...],
                anchors: tuple[Symbol, ...], suffix: Sequence[Symbol], events: int,
                differing: list[tuple[tuple[Symbol, ...], tuple[Symbol, ...]]] | None = None
                ) -> Aligned:
        """The pair's counts from its pieces; ``differing`` (the anchor
        route's pieces that differ, the others matched whole) lets the close
        brackets each deletes and inserts be counted once per distinct piece."""
        basic = sum(p.cost for p in pieces)
        if not self.corrects or basic == 0 or self.movement.method != "five-step":
            return Aligned(EditCounts.sentence(basic, basic, events), prefix, pieces, anchors,
                          suffix, ())
        if differing is None:
            deleted, inserted = self._runs(pieces)
        else:  # (an equal piece deletes and inserts nothing)
            deleted, inserted = map(list, zip(*map(self._closes, differing)))
        delete, insert = self._close_costs
        assert self.scheme.movement is not None
        final, moves = correct(basic, deleted, inserted, delete, insert, self.scheme.movement)
        return Aligned(EditCounts.sentence(final, basic, events), prefix, pieces, anchors, suffix,
                      tuple(moves))

    def _closes(self, piece: tuple[tuple[Symbol, ...], tuple[Symbol, ...]]
                ) -> tuple[int, int]:
        """The close brackets a differing piece between two anchors deletes
        and inserts (its run: it holds no word), remembered."""
        found = self._runs_of.get(piece)
        if found is None:
            if len(self._runs_of) >= _CACHE_LIMIT:
                self._runs_of.clear()
            (d,), (i,) = self._runs((self.aligned(*piece),))
            found = self._runs_of[piece] = (d, i)
        return found

    def _runs(self, pieces: tuple[Alignment, ...]) -> tuple[list[int], list[int]]:
        """Close brackets deleted and inserted between one word and the next."""
        kind = self.encoding.kind
        deleted: list[int] = []
        inserted: list[int] = []
        for piece in pieces:
            d = i = 0
            for op in piece.middle:
                symbol = op.gold if op.gold is not None else op.test
                if kind(symbol) == "word" and op.kind == "match":
                    deleted.append(d)
                    inserted.append(i)
                    d = i = 0
                elif op.kind == "del" and kind(op.gold) == "close":
                    d += 1
                elif op.kind == "ins" and kind(op.test) == "close":
                    i += 1
            deleted.append(d)
            inserted.append(i)
        return deleted, inserted


class EditDistance(Metric[EditCounts]):
    """An edit-distance metric: one encoding (label, span or rule) under one
    cost scheme, its errors counted against the gold events (the encoding's
    :meth:`~parsedit.encodings.base.Encoding.events`: the gold constituents,
    and for the rule encoding of a gold forest its virtual root's rule too)."""

    def __init__(self, encoding: Encoding, scheme: CostScheme | FstScheme,
                 alphabet: Alphabet | None = None, movement: Movement = FIVE_STEP,
                 tie_break: bool = False) -> None:
        self.name = encoding.name
        self.title = f"{encoding.name} acc."
        self.encoding = encoding
        self.edits = EditMetric(encoding, scheme, alphabet, movement, tie_break)

    def describe(self) -> list[str]:
        scheme = self.edits.scheme
        parts = [f"{self.name}:{scheme.describe()}"]
        if self.name == "label" and scheme.movement is not None:
            parts.append(f"movement:{self.edits.movement.describe()}")
        if isinstance(self.encoding, RuleEncoding):
            parts.append(f"rule-pos:{self.encoding.pos}")
        return parts

    def zero(self) -> EditCounts:
        return EditCounts()

    def score(self, gold: Bracketing, test: Bracketing) -> Outcome:
        encode = self.encoding.encode
        if test == gold and self.edits.exact:
            # Equal strings cost nothing: only the events are counted, and
            # the symbols encoded if the alignment is ever read.
            counts = EditCounts.sentence(0.0, 0.0, self.encoding.count(gold))
            return Outcome(counts, Aligned(counts, _Unread(encode, gold), (), (), (), ()))
        gold_symbols = encode(gold)
        test_symbols = encode(test)
        scored = self.edits.score(gold_symbols, test_symbols,
                                  self.encoding.events(gold_symbols))
        return Outcome(scored.counts, scored)

    def script(self, outcome: Outcome) -> EditScript:
        """An outcome's alignment as data."""
        detail: Aligned = outcome.detail
        return detail.script(self.encoding, self.edits.scheme.describe())

    def failure(self, gold: Bracketing) -> EditCounts:
        """Every gold event is an edit, whatever the cost scheme."""
        events = self.encoding.events(self.encoding.encode(gold))
        return EditCounts.sentence(float(events), float(events), events)

    def sentence_average(self, total: EditCounts) -> float | None:
        return total.sentence_accuracy

    def terms(self, counts: EditCounts) -> tuple[float, float]:
        return (counts.edits, float(counts.gold))

    def from_terms(self, sums: Any) -> Any:
        return ratio(sums, -100.0, 100.0)
