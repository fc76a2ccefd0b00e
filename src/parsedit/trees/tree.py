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

A label or a word is what the reader could have read: no whitespace (C's
``isspace``, where EVALB splits) and no bracket in either (a bracket in a
word is written as the treebank writes it, ``-LRB-``), and no empty word;
an empty label is an unlabelled bracket (``( (S ...))``).  :class:`Tree`
checks its arguments, and
:func:`node_tokens` checks every node it writes (a tree changed after it
was made, or another library's tree), raising
:class:`~parsedit.errors.TreeError`.

Every walk here is iterative: a tree 10,000 nodes deep must not hit Python's
recursion limit.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Union

from parsedit.errors import TreeError

Child = Union["Tree", str]

# The root label of several trees read as one sentence.  No label read from a
# file can contain "(", so it cannot be confused with one.
FOREST = "(forest)"
# What no label or word can hold: the reader splits text at whitespace and
# brackets, whitespace being what EVALB splits at (C's isspace in the C
# locale: parsedit.trees.reader.SPACES); a no-break space or another Unicode
# space is part of a word.
_UNREADABLE = re.compile(r"[ \t\n\v\f\r()]")


def text_problem(kind: str, text: object) -> str | None:
    """What makes ``text`` no ``kind`` (``"label"`` or ``"word"``) the
    bracketed form can hold, or None if it is one."""
    if not isinstance(text, str):
        return f"the {kind} {text!r} is not a str but {type(text).__name__}"
    if not text and kind == "word":
        return "a word is the empty string"
    found = _UNREADABLE.search(text)
    if found is None:
        return None
    what = "a bracket" if found.group() in "()" else "whitespace"
    hint = " (write a bracket as the treebank does: -LRB-, -RRB-)" \
        if what == "a bracket" and kind == "word" else ""
    return f"the {kind} {text!r} holds {what}, which no {kind} can hold{hint}"


class Tree:
    """A node: ``label`` and ``children``, each a :class:`Tree` or a word
    (``str``).  ``Tree("S", [Tree("NP", [Tree("DT", ["the"])])])``; from a
    bracketed string, ``parsedit.trees.reader.read_sentence(text).tree``.
    The Python API takes these, bracketed strings, or any tree with NLTK's
    interface.  A label or word that the bracketed form cannot hold, or a
    child that is neither a tree nor a word, is refused
    (:class:`~parsedit.errors.TreeError`); ``children`` is kept as given
    (a tuple becomes a list)."""

    __slots__ = ("label", "children")

    def __init__(self, label: str, children: list[Child] | tuple[Child, ...] | None = None
                 ) -> None:
        problem = None if label == FOREST else text_problem("label", label)
        kept: list[Child] = []
        if isinstance(children, list):
            kept = children
        elif isinstance(children, tuple):
            kept = list(children)
        elif children is not None:
            problem = problem or (f"children must be a list of trees and words, not "
                                  f"{type(children).__name__}")
        if problem is None and kept:
            problem = next(filter(None, map(_child_problem, kept)), None)
        if problem is not None:
            raise TreeError(f"Tree({label!r}, ...): {problem}")
        self.label = label
        self.children = kept

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


def tagged_words(tokens: Sequence[str]) -> Iterator[tuple[str | None, str]]:
    """Each word of a tree's tokens with its tag, in order: ``(tag, word)``
    for a preterminal, ``(None, word)`` for a word standing directly under
    a phrase."""
    for token in tokens:
        if token[0] == "(":
            if token[-1] == ")":  # a preterminal "(TAG word)"
                space = token.index(" ")
                yield token[1:space], token[space + 1:-1]
        elif token != ")":
            yield None, token


def _child_problem(child: object) -> str | None:
    """What makes ``child`` no child of a :class:`Tree`, or None."""
    if isinstance(child, Tree):
        return None
    if isinstance(child, str):
        return text_problem("word", child)
    return f"a child is {child!r} ({type(child).__name__}): a child is a Tree or a word (str)"


# Closes the node whose bracket node_tokens opened last.
_CLOSE = object()


def node_tokens(roots: Sequence[Any], label: Callable[[Any], str],
                children: Callable[[Any], Sequence[Any]],
                is_node: Callable[[Any], bool] = lambda node: isinstance(node, Tree)
                ) -> list[str]:
    """The token form of trees given by accessors (``label(node)`` and
    ``children(node)``; a ``str`` is a word; ``is_node`` says what else is
    a node): parsedit's own trees, or any other tree type
    (:mod:`parsedit.trees.memory`).  An unlabelled node over one word is a
    bracket around a bare word, as the reader reads ``( word)``.  A label or
    word the bracketed form cannot hold, a child that is neither a node
    nor a word, or a node inside itself raises
    :class:`~parsedit.errors.TreeError` (naming the node's label)."""
    out: list[str] = []
    stack: list[Any] = list(reversed(roots))
    open_nodes: list[int] = []  # the ids of the nodes whose brackets are open
    inside: set[int] = set()
    while stack:
        node = stack.pop()
        if node is _CLOSE:
            out.append(")")
            inside.discard(open_nodes.pop())
            continue
        if isinstance(node, str):
            problem = text_problem("word", node)
            if problem is not None:
                raise TreeError(problem)
            out.append(node)
            continue
        if not is_node(node):
            raise TreeError(f"a child is {node!r} ({type(node).__name__}): a child is a "
                            "tree or a word (str)")
        name = label(node)
        problem = text_problem("label", name)
        if problem is not None:
            raise TreeError(problem)
        if id(node) in inside:
            raise TreeError(f"the node labelled {name!r} is inside itself")
        kids = children(node)
        if not isinstance(kids, (list, tuple)):
            raise TreeError(f"the children of the node labelled {name!r} are a "
                            f"{type(kids).__name__}, not a list of trees and words")
        if len(kids) == 1 and isinstance(kids[0], str) and name:
            problem = text_problem("word", kids[0])
            if problem is not None:
                raise TreeError(f"{problem} (under {name!r})")
            out.append(f"({name} {kids[0]})")
        else:
            out.append("(" + name)
            stack.append(_CLOSE)
            open_nodes.append(id(node))
            inside.add(id(node))
            stack.extend(reversed(kids))
    return out
