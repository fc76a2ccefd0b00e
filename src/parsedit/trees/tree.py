"""The Tree type.

A node has a label and an ordered list of children; a child is either a
:class:`Tree` or a word (a plain ``str``).  A *preterminal* is a node whose
only child is a word (PARSEVAL's definition, also Roark's).  A word may also
stand directly under a phrase beside other children.

A tree is also written as *tokens*, the form the reader produces and
normalisation reads: ``"(LABEL"`` opens a phrase (``"("`` if unlabelled),
``")"`` closes it, ``"(TAG word)"`` (one space) is a whole preterminal, and any other
token is a word standing directly under a phrase.  A line holding several
trees, which EVALB scores as one sentence, is a tree whose root label is
:data:`FOREST`: it has no bracket of its own.

Every walk here is iterative: a tree 10,000 nodes deep must not hit Python's
recursion limit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Union

Child = Union["Tree", str]

# The root label of several trees read as one sentence.  No label read from a
# file can contain "(", so it cannot be confused with one.
FOREST = "(forest)"


class Tree:
    """A node: ``label`` and ``children``, each a :class:`Tree` or a word
    (``str``).  ``Tree("S", [Tree("NP", [Tree("DT", ["the"])])])``; from a
    bracketed string, ``parsedit.trees.reader.read_sentence(text).tree``.
    The Python API takes these, bracketed strings, or any tree with NLTK's
    interface."""

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
        return "".join(t if t == ")" else " " + t for t in self.tokens()).lstrip()

    @classmethod
    def from_tokens(cls, tokens: Sequence[str]) -> Tree:
        """The tree of a balanced token sequence (a forest if it holds several)."""
        root = cls(FOREST)
        stack = [root]
        for token in tokens:
            if token == ")":
                stack.pop()
            elif token[0] != "(":
                stack[-1].children.append(token)
            elif token[-1] == ")":
                tag, _, word = token[1:-1].partition(" ")
                stack[-1].children.append(cls(tag, [word]))
            else:
                node = cls(token[1:])
                stack[-1].children.append(node)
                stack.append(node)
        if len(root.children) == 1 and isinstance(root.children[0], Tree):
            return root.children[0]
        return root

    def tokens(self) -> list[str]:
        """The token form (see the module docstring)."""
        roots = self.children if self.label == FOREST else [self]
        return node_tokens(roots, lambda node: node.label, lambda node: node.children)

    def __repr__(self) -> str:
        return f"Tree({self.to_string()!r})"


def node_tokens(roots: Sequence[Any], label: Callable[[Any], str],
                children: Callable[[Any], Sequence[Any]]) -> list[str]:
    """The token form of trees given by accessors (``label(node)`` and
    ``children(node)``; a ``str`` is a word): parsedit's own trees, or any
    other tree type (:mod:`parsedit.trees.memory`)."""
    out: list[str] = []
    stack: list[Any] = list(reversed(roots))
    while stack:
        node = stack.pop()
        if node is None:
            out.append(")")
        elif isinstance(node, str):
            out.append(node)
        else:
            kids = children(node)
            if len(kids) == 1 and isinstance(kids[0], str):
                out.append(f"({label(node)} {kids[0]})")
            else:
                out.append("(" + label(node))
                stack.append(None)
                stack.extend(reversed(kids))
    return out
