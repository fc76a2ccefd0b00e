"""Which trees split over lines a run reads as one: decided from both files.

A file read line by line may hold a tree split over two or more lines (a
line that leaves a tree open, then lines that continue it until its
brackets close: :func:`parsedit.trees.reader.joined`).  Read alone, such
lines are read as one sentence.  But the same lines can be two damaged
sentences whose brackets make up for each other (line ``k`` lost its last
``)``, line ``k + 1`` has one too many): joined, they would be one sentence
where the other file has two, and every later pair would shift.  The two
readings differ in what they do to the *pairs*, which only a run that sees
both files can judge, so a run decides (:class:`Splits`):

* each file is read as its lines (or, in free layout, its trees), each
  with its number of words (counted whatever its brackets:
  :func:`parsedit.trees.reader.line_words`), and the places where a tree
  may be split over lines;
* among every way of taking or leaving those joins, the run takes the one
  under which the paired sentences' numbers of words differ least, summed
  over the pairs, a sentence left without a pair at the end counting as
  all its words and one more; among equally good ways, the one that reads
  the most trees whole (:func:`choose`, a dynamic programme over the
  pairs).

So a tree split over lines of a file whose other file has it on one line is
joined (the words then line up, and the files hold as many sentences), two
damaged lines that make up for each other are not (joined, the pair would
hold two sentences' words against one, every later pair would be off, and
the files would no longer end together), and a split both files share is
joined in both (it moves nothing).  A split tree in a file that also lacks
its last sentence is still joined: the words say so, where counting the
sentences alone would not.  Nothing is read twice unless a file holds a place
where a tree may be split: the readers ask (:meth:`Splits.joins`) only
there, and the files are then read through once more to decide.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from itertools import chain

from parsedit.trees.reader import (
    Item,
    _read,
    blank,
    candidates,
    line_layout,
    line_words,
    read_trees,
    sample,
    words_in,
)
from parsedit.trees.source import DEFAULT_ENCODING, Overlong, lines

# The most ways of pairing the files kept at each pair (see choose): the
# cheapest so far.  More only when a file holds many places where a tree may
# be split, where the choice then stays good rather than best.
BEAM = 64


@dataclass(frozen=True)
class Side:
    """One file as :func:`choose` sees it: the words of each of its
    sentences read without any join (its lines up to the last that is not
    blank, or its trees in free layout), and where a tree may be split over
    lines (the index of its first line: how many lines after it it takes)."""

    words: list[int]
    joins: dict[int, int] = field(default_factory=dict)


def side(path: str, encoding: str = DEFAULT_ENCODING) -> Side:
    """A file read as :class:`Side` says (as the reference reader reads it:
    the same layout, the same places where a tree may be split)."""
    text_lines = lines(path, encoding)
    ahead = sample(text_lines)
    read = chain(ahead, text_lines)
    if not line_layout(ahead):
        return Side([0 if item.tokens is None else words_in(item.tokens)
                     for item in _read(path, read, layout=False)])
    words: list[int] = []
    joins: dict[int, int] = {}
    last = 0  # the lines up to the last that is not blank
    for k, (text, taken) in enumerate(candidates(read)):
        if type(text) is Overlong:
            words.append(0)
            last = k + 1
            continue
        words.append(line_words(text))
        if taken:
            joins[k] = taken
        if not blank(text):
            last = k + 1
    del words[last:]
    return Side(words, joins)


Cost = tuple[int, int]  # words apart, minus the joins taken
Taken = tuple[tuple[int, int], "Taken"] | None  # (side, index) of each join taken, last first


def _ways(one: Side, at: int) -> list[tuple[int, int, int]]:
    """The ways the sentence at ``at`` of a file may be read: (lines it
    takes, its words, 1 if a join) alone, and joined with the lines after
    it if a tree may be split there (none at the end)."""
    if at >= len(one.words):
        return []
    ways = [(1, one.words[at], 0)]
    taken = one.joins.get(at)
    if taken:
        ways.append((taken + 1, sum(one.words[at:at + taken + 1]), 1))
    return ways


def choose(gold: Side, test: Side, beam: int = BEAM) -> tuple[frozenset[int], frozenset[int]]:
    """The joins each file takes (the indexes of their first lines): the
    way of reading both whose pairs' numbers of words differ least (a
    sentence without a pair: its words and one more), then that reads the
    most trees whole (see the module docstring).  The ways are followed
    pair by pair, those that reach the same lines of both files merged,
    and at most ``beam`` of them (the best so far) kept at each pair."""
    if not gold.joins and not test.joins:
        return frozenset(), frozenset()
    layer: dict[tuple[int, int], tuple[Cost, Taken]] = {(0, 0): ((0, 0), None)}
    best: tuple[Cost, Taken] | None = None
    while layer:
        if len(layer) == 1:  # one way so far: on to the next place a choice is made
            ((a, b), (cost, taken)), = layer.items()
            apart = cost[0]
            while (a < len(gold.words) and b < len(test.words) and a not in gold.joins
                   and b not in test.joins):
                apart += abs(gold.words[a] - test.words[b])
                a, b = a + 1, b + 1
            layer = {(a, b): ((apart, cost[1]), taken)}
        following: dict[tuple[int, int], tuple[Cost, Taken]] = {}
        for (a, b), (cost, taken) in layer.items():
            golds, tests = _ways(gold, a), _ways(test, b)
            if not golds and not tests:
                if best is None or cost < best[0]:
                    best = (cost, taken)
                continue
            for g_lines, g_words, g_join in golds or [(0, 0, 0)]:
                for t_lines, t_words, t_join in tests or [(0, 0, 0)]:
                    if golds and tests:
                        step = abs(g_words - t_words)
                    else:  # one file has ended: this sentence is unpaired
                        step = g_words + t_words + 1
                    was = taken
                    if g_join:
                        was = ((0, a), was)
                    if t_join:
                        was = ((1, b), was)
                    new = (cost[0] + step, cost[1] - g_join - t_join)
                    where = (a + g_lines, b + t_lines)
                    if where not in following or new < following[where][0]:
                        following[where] = (new, was)
        if len(following) > beam:
            following = dict(sorted(following.items(), key=lambda item: item[1][0])[:beam])
        layer = following
    found: tuple[set[int], set[int]] = (set(), set())
    taken = best[1] if best is not None else None
    while taken is not None:
        (which, at), taken = taken
        found[which].add(at)
    return frozenset(found[0]), frozenset(found[1])


class Splits:
    """The joins of a run's two files, decided when a reader first asks
    (:meth:`joins`): ``gold`` and ``test`` are each a path and its text
    encoding.  Safe to share between the two readers of a run and between
    threads."""

    def __init__(self, gold: tuple[str, str], test: tuple[str, str]) -> None:
        self.files = (gold, test)
        self._taken: tuple[frozenset[int], frozenset[int]] | None = None
        self._lock = threading.Lock()

    def joins(self, which: int, line: int) -> bool:
        """Whether file ``which`` (0 gold, 1 test) reads the tree that may
        be split over lines from line ``line`` on as one sentence."""
        with self._lock:
            if self._taken is None:
                (gold, gold_encoding), (test, test_encoding) = self.files
                self._taken = choose(side(gold, gold_encoding), side(test, test_encoding))
        return line - 1 in self._taken[which]

    def side(self, which: int) -> Callable[[int], bool]:
        """:meth:`joins` of one file, as its reader takes it."""
        return partial(self.joins, which)


def read_both(gold_path: str, test_path: str, gold_encoding: str = DEFAULT_ENCODING,
              test_encoding: str = DEFAULT_ENCODING, splits: Splits | None = None
              ) -> tuple[Iterator[Item], Iterator[Item]]:
    """The items of a run's two files, each tree split over lines read as
    one where the run takes it (``splits``: by default, decided from these
    two files)."""
    splits = splits or Splits((gold_path, gold_encoding), (test_path, test_encoding))
    return (read_trees(gold_path, gold_encoding, splits.side(0)),
            read_trees(test_path, test_encoding, splits.side(1)))
