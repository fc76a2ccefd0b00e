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
from parsedit.trees.bracketing import CLOSING, OPEN, TAGGED, WORD, Bracketing, decode_all
from parsedit.trees.roots import EMPTY_LABEL, VIRTUAL_ROOT, edit_view

LEFT, RIGHT = "[", "]"
Lineage = tuple[str, ...]


def lineages(tokens: Bracketing, preterminals: bool = False) -> list[Lineage]:
    """The lineage of every word of a normalised bracketing (its edit
    view), in word order.

    A treebank's tree is nearly always its own edit view once its unlabelled
    outer brackets are taken off (``( (S ...) )``): those tokens are read
    directly, and checked on the way to be one constituent (the view's own
    test would read every token once more); anything else (a forest, a
    phrase without words at an edge) is read through
    :func:`~parsedit.trees.roots.edit_view`."""
    outer = 0
    while outer < len(tokens) and tokens[outer] == VIRTUAL_ROOT:
        outer += 1
    try:
        found, whole = _walk(tokens[outer:len(tokens) - outer] if outer else tokens,
                             preterminals)
    except IndexError:  # a close bracket with nothing open: not the view
        whole = False
    return found if whole else _walk(edit_view(tokens), preterminals)[0]


def _walk(tokens: Bracketing, preterminals: bool) -> tuple[list[Lineage], bool]:
    """The lineages of a bracketing read as an edit view, in one pass, and
    whether it is one constituent with words (its first token opens a phrase
    that every word is in and that its last token closes).

    At a word, the open phrases are its ancestors.  Those that begin with it
    were opened since the previous word and are still open: all but the
    fewest (``low``) that were open in between.  Those that end with it are
    closed before the next word: all but the fewest open before that word.
    A preterminal, when asked for, begins and ends with its word."""
    decoded = decode_all(tokens)
    out: list[Lineage] = []
    stack: list[str] = []  # the open phrases' labels, outermost first
    low = 0  # the fewest phrases open since the last word
    floor = 1  # the fewest phrases open at or between the words after the first
    last: list[str] | None = None  # the last word's nodes, lowest first
    first = 0  # the phrases open at the first word
    begins = depth = tagged = 0  # the last word's: nodes beginning with it; phrases open; tag
    tag = ""
    for kind, text in decoded:
        if kind is OPEN:
            stack.append(text or EMPTY_LABEL)
        elif kind is CLOSING:
            stack.pop()
            if len(stack) < low:
                low = len(stack)
        elif kind is TAGGED:
            tag = text
        else:
            if last is not None:
                out.append(_marked(last, begins, tagged + depth - low))
                if low < floor:
                    floor = low
            else:
                first = len(stack)
            last = stack[::-1]
            tagged = 1 if preterminals and tag else 0
            if tagged:
                last.insert(0, tag)
            begins = tagged + len(stack) - low
            low = depth = len(stack)
            tag = ""
    if last is None:
        return out, False
    out.append(_marked(last, begins, tagged + depth - low))
    # One phrase open from the first token to the last: at the first word
    # (only its phrases and its tag before it), at every word and between
    # them, and after the last (only its phrases' close brackets after it).
    return out, bool(floor and first and not stack and decoded[0][0] is OPEN
                     and decoded[first + 1][0] is WORD
                     and decoded[len(decoded) - 1 - depth][0] is WORD)


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

    def count(self, tokens: Bracketing) -> int:
        return self.events(self.encode(tokens))

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
