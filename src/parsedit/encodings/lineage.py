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

from parsedit.encodings.base import Symbol
from parsedit.trees.bracketing import CLOSING, OPEN, TAGGED, Bracketing, decode_all
from parsedit.trees.roots import edit_view, show_label

LEFT, RIGHT = "[", "]"
Lineage = tuple[str, ...]


def lineages(tokens: Bracketing, preterminals: bool = False) -> list[Lineage]:
    """The lineage of every word of a normalised bracketing (its edit
    view), in word order.

    One pass: at a word, the open phrases are its ancestors.  Those that
    begin with it were opened since the previous word and are still open:
    all but the fewest (``low``) that were open in between.  Those that end
    with it are closed before the next word: all but the fewest open before
    that word.  A preterminal, when asked for, begins and ends with its word."""
    out: list[Lineage] = []
    stack: list[str] = []  # the open phrases' labels, outermost first
    low = 0  # the fewest phrases open since the last word
    last: list[str] | None = None  # the last word's nodes, lowest first
    begins = depth = tagged = 0  # the last word's: nodes beginning with it; phrases open; tag
    tag = ""
    for kind, text in decode_all(edit_view(tokens)):
        if kind is OPEN:
            stack.append(show_label(text))
        elif kind is CLOSING:
            stack.pop()
            if len(stack) < low:
                low = len(stack)
        elif kind is TAGGED:
            tag = text
        else:
            if last is not None:
                out.append(_marked(last, begins, tagged + depth - low))
            last = stack[::-1]
            tagged = 1 if preterminals and tag else 0
            if tagged:
                last.insert(0, tag)
            begins = tagged + len(stack) - low
            low = depth = len(stack)
            tag = ""
    if last is not None:
        out.append(_marked(last, begins, tagged + depth - low))
    return out


def _marked(nodes: list[str], begins: int, ends: int) -> Lineage:
    """A word's nodes (lowest first) with ``[`` before the highest of the
    ``begins`` lowest (those beginning with the word) and ``]`` after the
    highest of the ``ends`` lowest (those ending with it)."""
    first, last = begins - 1, ends - 1
    # The later position first, so that the other does not move.
    if first > last:
        nodes.insert(first, LEFT)
        if last >= 0:
            nodes.insert(last + 1, RIGHT)
    else:
        if last >= 0:
            nodes.insert(last + 1, RIGHT)
        if first >= 0:
            nodes.insert(first, LEFT)
    return tuple(nodes)


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
