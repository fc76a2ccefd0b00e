"""Roark's labelled-bracketing string (Roark 2002, section 3).

An open bracket with its label is one token: ``(NP``.  A terminal together
with the close bracket of its preterminal is one token: ``dog)``; the
preterminal's open bracket is a token too, written ``((NN`` so that a tag is
never confused with a phrase label of the same name (shown as ``(NN``).  Every
other close bracket is the token ``)``.  A word standing directly under a
phrase gets an unnamed preterminal, ``((``, so that both trees of a pair
always have one tag token before each word.
"""

from __future__ import annotations

from parsedit.encodings.base import Symbol
from parsedit.trees.normalise import Forest
from parsedit.trees.tree import Tree

CLOSE = ")"
TAG_PREFIX = "(("


class LabelEncoding:
    name = "label"
    kinds = ("open", "close", "tag", "word")
    anchor_kind: str | None = "word"

    def encode(self, forest: Forest) -> tuple[Symbol, ...]:
        out: list[str] = []
        stack: list[Tree | str | None] = list(reversed(forest))
        while stack:
            node = stack.pop()
            if node is None:
                out.append(CLOSE)
            elif isinstance(node, str):
                out.append(TAG_PREFIX)
                out.append(node + ")")
            elif node.is_preterminal:
                out.append(TAG_PREFIX + node.label)
                out.append(f"{node.children[0]})")
            else:
                out.append("(" + node.label)
                stack.append(None)
                stack.extend(reversed(node.children))
        return tuple(out)

    def kind(self, symbol: Symbol) -> str:
        text = str(symbol)
        if text == CLOSE:
            return "close"
        if text.startswith(TAG_PREFIX):
            return "tag"
        if text.startswith("("):
            return "open"
        return "word"

    def display(self, symbol: Symbol) -> str:
        text = str(symbol)
        return text[1:] if text.startswith(TAG_PREFIX) else text
