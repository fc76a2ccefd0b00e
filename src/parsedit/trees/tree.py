"""The Tree type.

A node has a label and an ordered list of children; a child is either a
:class:`Tree` or a word (a plain ``str``).  A *preterminal* is a node whose
only child is a word (PARSEVAL's definition, also Roark's).  A word may also
stand directly under a phrase beside other children.

Every walk here is iterative: a tree 10,000 nodes deep must not hit Python's
recursion limit.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Union

Child = Union["Tree", str]


class Tree:
    __slots__ = ("label", "children")

    def __init__(self, label: str, children: list[Child] | None = None) -> None:
        self.label = label
        self.children: list[Child] = children if children is not None else []

    @property
    def is_preterminal(self) -> bool:
        return len(self.children) == 1 and isinstance(self.children[0], str)

    def words(self) -> list[str]:
        """The yield, left to right."""
        out: list[str] = []
        stack: list[Child] = [self]
        while stack:
            node = stack.pop()
            if isinstance(node, str):
                out.append(node)
            else:
                stack.extend(reversed(node.children))
        return out

    def preorder(self) -> Iterator[Tree]:
        """Every node, top-down and left-most first."""
        stack: list[Tree] = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(c for c in reversed(node.children) if isinstance(c, Tree))

    def to_string(self) -> str:
        """Penn Treebank bracketing on one line."""
        parts: list[str] = []
        stack: list[Child | None] = [self]
        while stack:
            node = stack.pop()
            if node is None:
                parts.append(")")
            elif isinstance(node, str):
                parts.append(" " + node)
            else:
                parts.append((" (" if parts else "(") + node.label)
                stack.append(None)
                stack.extend(reversed(node.children))
        return "".join(parts)

    def __repr__(self) -> str:
        return f"Tree({self.to_string()!r})"
