"""Constituents with spans (Roark 2002, section 2).

The non-preterminal constituents, top-down and left-most first, each one
symbol ``(label, start, end)`` over word positions, end exclusive.
"""

from __future__ import annotations

from parsedit.encodings.base import Symbol
from parsedit.trees.normalise import Forest
from parsedit.trees.tree import Tree


def spans(forest: Forest) -> list[tuple[str, int, int]]:
    """``(label, start, end)`` of every non-preterminal node, in preorder."""
    out: list[tuple[str, int, int]] = []
    position = 0
    # Entries: a node to enter, or an int = index in ``out`` to close.
    stack: list[Tree | str | int] = list(reversed(forest))
    while stack:
        node = stack.pop()
        if isinstance(node, int):
            label, start, _ = out[node]
            out[node] = (label, start, position)
        elif isinstance(node, str) or node.is_preterminal:
            position += 1
        else:
            stack.append(len(out))
            out.append((node.label, position, position))
            stack.extend(reversed(node.children))
    return out


class SpanEncoding:
    name = "span"
    kinds = ("span",)
    anchor_kind: str | None = None

    def encode(self, forest: Forest) -> tuple[Symbol, ...]:
        return tuple(spans(forest))

    def kind(self, symbol: Symbol) -> str:
        return "span"

    def display(self, symbol: Symbol) -> str:
        label, start, end = symbol  # type: ignore[misc]
        return f"{label}[{start},{end}]"
