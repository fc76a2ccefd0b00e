"""The trivial baselines of unsupervised parsing, as bare brackets over a gold file's kept words.

Grammar-induction papers set their figures beside left-branching
``(((w0 w1) w2) w3)``, right-branching ``(w0 (w1 (w2 w3)))`` and random
binary trees over the words each gold tree keeps (``-p unsupervised``: the
36 word tags).  ``parsedit baseline KIND GOLD`` writes them, one a line, in
the bare-bracket form those parsers write (:mod:`parsedit.trees.bare`): a
one-word sentence is ``(w0)``, a gold line without a kept word (or
unreadable) an empty line, so that the lines stay paired with gold's.  A
random tree splits each span at a point drawn uniformly, recursively, from
a generator seeded with ``seed`` (the same seed, the same trees).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

from parsedit.trees.normalise import Normalisation
from parsedit.trees.reader import Item

KINDS = ("left", "right", "random")


def _left(words: list[str]) -> str:
    tree = words[0]
    for word in words[1:]:
        tree = f"({tree} {word})"
    return tree


def _right(words: list[str]) -> str:
    tree = words[-1]
    for word in reversed(words[:-1]):
        tree = f"({word} {tree})"
    return tree


def _random(words: list[str], rng: random.Random) -> str:
    """A random binary tree over ``words`` (iterative: any length)."""
    # Each frame: a span still to build, or a marker to join the last two built.
    built: list[str] = []
    todo: list[tuple[int, int] | None] = [(0, len(words))]
    while todo:
        span = todo.pop()
        if span is None:
            right, left = built.pop(), built.pop()
            built.append(f"({left} {right})")
            continue
        start, end = span
        if end - start == 1:
            built.append(words[start])
            continue
        cut = rng.randint(start + 1, end - 1)
        todo += [None, (cut, end), (start, cut)]
    return built[0]


def baseline(kind: str, words: list[str], rng: random.Random) -> str:
    """One sentence's baseline tree over ``words`` (an empty string for none)."""
    if not words:
        return ""
    if len(words) == 1:
        return f"({words[0]})"
    return {"left": _left, "right": _right}[kind](words) if kind != "random" \
        else _random(words, rng)


def baselines(kind: str, gold: Iterable[Item], norm: Normalisation, seed: int = 0
              ) -> Iterator[str]:
    """The baseline trees of ``kind`` over each gold item's kept words, each
    line ending in a newline."""
    if kind not in KINDS:
        raise ValueError(f"unknown baseline {kind!r}")
    rng = random.Random(seed)
    for item in gold:
        if item.trailing:
            continue
        kept = [w[:-1] for w in norm.normalise(item.tokens).words] if item.tokens else []
        yield baseline(kind, kept, rng) + "\n"
