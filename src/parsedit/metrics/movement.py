"""Roark's consecutive-close-bracket movement correction (Roark 2002, section 3).

On the cheapest path through the basic labelled-bracketing transducer, a
constituent attached at the wrong height shows as a run of close brackets
deleted after one word and a run inserted after another.  The five steps:

1-2. c = the cost of the path;
3.   m = the longest run of deleted close brackets, n = of inserted ones;
4.   r = min(m, n);
5.   if r >= 2: take r brackets out of both runs, c -= r - 1, go to 3;
     return c.

Runs are counted per word: all close brackets deleted (or inserted) between
one word and the next form one run, however the path interleaves them with
matched brackets, so the result does not depend on how the shortest-path
search breaks ties.  With other bracket costs, taking r brackets out of both
runs saves r * (delete + insert) and costs ``movement`` instead (r - 1 with
Roark's 0.5 + 0.5 and movement 1).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass

METHODS = ("five-step", "cascade")


@dataclass(frozen=True)
class Movement:
    """How a scheme's movement cost is applied: Roark's five steps over the
    shortest path, or the cascade of move transducers
    (:mod:`parsedit.fst.cascade`) with at most ``max_moves`` moves of at
    most ``max_k`` brackets."""

    method: str = "five-step"
    max_moves: int = 2
    max_k: int = 6

    def describe(self) -> str:
        if self.method == "five-step":
            return self.method
        return f"cascade(moves<={self.max_moves},k<={self.max_k})"


FIVE_STEP = Movement()


@dataclass(frozen=True)
class Move:
    """One correction: ``size`` close brackets moved; the cost it saved."""

    size: int
    saving: float


def correct(cost: float, deleted_runs: Iterable[int], inserted_runs: Iterable[int],
            delete_cost: float = 0.5, insert_cost: float = 0.5,
            movement: float = 1.0) -> tuple[float, list[Move]]:
    """Apply the five-step correction; return the new cost and the moves made."""
    deleted = [-r for r in deleted_runs if r > 0]
    inserted = [-r for r in inserted_runs if r > 0]
    heapq.heapify(deleted)
    heapq.heapify(inserted)
    moves: list[Move] = []
    while deleted and inserted:
        m, n = -deleted[0], -inserted[0]
        r = min(m, n)
        saving = r * (delete_cost + insert_cost) - movement
        if r < 2 or saving <= 0:
            break
        heapq.heapreplace(deleted, -(m - r))
        heapq.heapreplace(inserted, -(n - r))
        cost -= saving
        moves.append(Move(r, saving))
    return cost, moves
