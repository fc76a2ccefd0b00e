"""Trees held in memory, as the reader's items: for the Python API.

A *source* of trees is a path (``str`` or ``os.PathLike``: the file is read
as ``parsedit score`` reads it) or an iterable whose elements are each one
sentence: a bracketed string (one tree, several trees read as one sentence
as EVALB reads a line, or an empty string for a missing parse), a parsedit
:class:`~parsedit.trees.tree.Tree`, or any object with NLTK's tree interface
(``label()`` and iteration over children, leaves being strings; nltk itself
is not needed), or None for a missing parse.  An element that cannot be read
becomes an item carrying its error, numbered by its position from 1, exactly
as an unreadable line of a file.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import Any, Protocol, runtime_checkable

from parsedit.errors import ConfigError
from parsedit.trees.reader import Item, read_sentence, read_trees
from parsedit.trees.source import DEFAULT_ENCODING
from parsedit.trees.tree import Tree, node_tokens


@runtime_checkable
class TreeLike(Protocol):
    """NLTK's tree interface: a label and iterable children (strings are leaves)."""

    def label(self) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...


Sentence = str | Tree | TreeLike | None
Source = str | os.PathLike[str] | Iterable[Sentence]


def is_path(source: object) -> bool:
    return isinstance(source, (str, os.PathLike))


def tokens_of(tree: Tree | TreeLike) -> tuple[str, ...]:
    """The reader's tokens of an in-memory tree (see :mod:`parsedit.trees.tree`)."""
    if isinstance(tree, Tree):
        return tuple(tree.tokens())
    def children(node: TreeLike) -> list[Any]:
        # A leaf is a word: a string (anything else written as one), a
        # bracket in it written as the treebank writes it.
        return [c if isinstance(c, TreeLike) else _word(str(c)) for c in node]

    return tuple(node_tokens([tree], lambda node: str(node.label()), children))


def _word(text: str) -> str:
    return text.replace("(", "-LRB-").replace(")", "-RRB-")


def not_a_tree(source: Source, name: str) -> None:
    """Refuse a bracketed tree given where a path or a list of sentences is
    expected (it would be read as a file's name)."""
    if isinstance(source, str) and source.lstrip().startswith("("):
        raise ConfigError(f"{name}: a bracketed tree, not a path: give a list of sentences "
                          "([tree]) or a file's path")


def items(source: Source, name: str, encoding: str = DEFAULT_ENCODING) -> Iterator[Item]:
    """The items of a source of trees; ``name`` names it in messages,
    ``encoding`` is a file's text encoding."""
    not_a_tree(source, name)
    if is_path(source):
        yield from read_trees(os.fspath(source), encoding)  # type: ignore[arg-type]
        return
    if isinstance(source, (Tree, TreeLike)):
        raise ConfigError(f"{name}: one tree, not a list of sentences: give [tree]")
    if not isinstance(source, Iterable):
        raise ConfigError(f"{name}: expected a path or an iterable of trees, not "
                          f"{type(source).__name__}")
    for number, sentence in enumerate(source, start=1):
        if sentence is None:
            yield Item(number)
        elif isinstance(sentence, str):
            yield read_sentence(sentence, name, number)
        elif isinstance(sentence, (Tree, TreeLike)):
            tokens = tokens_of(sentence)
            yield Item(number, tokens=tokens) if tokens else Item(number)
        else:
            raise ConfigError(f"{name}: sentence {number} is a {type(sentence).__name__}, "
                              "not a bracketed string or a tree")
