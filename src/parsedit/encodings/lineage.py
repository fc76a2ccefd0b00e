"""Leaf-ancestor lineages (Sampson and Babarczy 2003, section 2).

A word's lineage is the labels of the nodes from the word up to the root,
leaf end first, with two boundary markers:

(i)  ``[`` immediately before the label of the highest constituent that
     begins with the word, if there is one;
(ii) ``]`` immediately after the label of the highest constituent that ends
     with the word, if there is one.

So in ``[S [N1 two [N1 tax revision ] bills ] were passed ]`` the lineage of
*two* is ``N1 [ S``, of *tax* ``[ N1 N1 S``, of *bills* ``N1 ] S``, of *passed*
``S ]``.  Preterminals are not part of lineages unless asked for; then a tag
is the lowest label (and gets a marker when nothing above it begins or ends
with the word).  Markers are symbols like any other for the edit distance,
of kind ``boundary``; labels are of kind ``node``.

Lineages are read off the edit view (:func:`parsedit.trees.roots.edit_view`):
an unlabelled outer bracket or a deleted root label is in no lineage, and a
forest's virtual root (the empty label, written ``∅`` in lineages) is a
node like any other, boundary markers included, so no word has an empty lineage.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from parsedit.encodings.base import Symbol
from parsedit.trees.bracketing import CLOSING, OPEN, TAGGED, Bracketing, decode_all
from parsedit.trees.roots import edit_view, show_label

LEFT, RIGHT = "[", "]"
Lineage = tuple[str, ...]


def lineages(tokens: Bracketing, preterminals: bool = False) -> list[Lineage]:
    """The lineage of every word of a normalised bracketing (its edit
    view), in word order."""
    spans: list[list[object]] = []  # [label, start, end] of each phrase
    stack: list[int] = []
    chains: list[tuple[str, tuple[int, ...]]] = []  # per word: tag, ancestors (inner first)
    tag = ""
    for kind, text in decode_all(edit_view(tokens)):
        if kind is TAGGED:
            tag = text
        elif kind is OPEN:
            stack.append(len(spans))
            spans.append([show_label(text), len(chains), -1])
        elif kind is CLOSING:
            spans[stack.pop()][2] = len(chains)
        else:
            chains.append((tag, tuple(reversed(stack))))
            tag = ""
    out: list[Lineage] = []
    for word, (tag, chain) in enumerate(chains):
        nodes = [(tag, word, word + 1)] if preterminals and tag else []
        nodes += [cast(tuple[str, int, int], tuple(spans[i])) for i in chain]
        first = last = -1  # the highest node beginning / ending with the word
        for n, (_, start, end) in enumerate(nodes):
            if start == word:
                first = n
            if end == word + 1:
                last = n
        lineage: list[str] = []
        for n, (label, _, _) in enumerate(nodes):
            if n == first:
                lineage.append(LEFT)
            lineage.append(label)
            if n == last:
                lineage.append(RIGHT)
        out.append(tuple(lineage))
    return out


class LineageEncoding:
    """Lineage strings for the edit-distance engine; ``encode`` gives all of a
    sentence's lineages one after the other (what an alphabet is made of)."""

    name = "lineage"
    kinds: tuple[str, ...] = ("node", "boundary")
    anchor_kind: str | None = None

    def __init__(self, preterminals: bool = False) -> None:
        self.preterminals = preterminals

    def encode(self, tokens: Bracketing) -> tuple[Symbol, ...]:
        return tuple(s for lineage in lineages(tokens, self.preterminals) for s in lineage)

    def events(self, symbols: Sequence[Symbol]) -> int:
        return sum(1 for s in symbols if s not in (LEFT, RIGHT))

    def kind(self, symbol: Symbol) -> str:
        return "boundary" if symbol in (LEFT, RIGHT) else "node"

    def label(self, symbol: Symbol) -> str:
        return str(symbol)

    def text(self, symbol: Symbol) -> str:
        return str(symbol)

    def display(self, symbol: Symbol) -> str:
        return str(symbol)

    def anchors(self, symbols: Sequence[Symbol]) -> list[int]:
        return []
