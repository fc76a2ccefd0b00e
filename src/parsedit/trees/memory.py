"""Trees held in memory, as the reader's items: for the Python API.

A *source* of trees is a path (``str`` or ``os.PathLike``: the file is read
as ``parsedit score`` reads it) or an iterable whose elements are each one
sentence: a bracketed string (one tree, several trees read as one sentence
as EVALB reads a line, or an empty string for a missing parse), a parsedit
:class:`~parsedit.trees.tree.Tree`, or any object with NLTK's tree interface
(``label()`` and iteration over children; nltk itself is not needed), or
None for a missing parse.  The elements are numbered from ``first`` (the
sentence's number in the evaluation: 1 for a whole run, on from the last
batch in an :class:`~parsedit.api.Evaluator`).

A string that cannot be read becomes an item carrying its error, exactly as
an unreadable line of a file.  A tree object that is no tree (a child that
is neither a tree nor a word, a label or word holding whitespace or a
bracket, a tree inside itself) is a mistake in the calling program, not in
a parser's output: it raises :class:`~parsedit.errors.TreeError` naming the
sentence's number.

The leaves of an NLTK-style tree are words: a string (a bracket in it
written as the treebank writes it, ``-LRB-``), a number (written as a
string), or a tagged word ``(word, tag)``, NLTK's tagged-tree form (as
``nltk.chunk`` and ``Tree.fromstring(..., leaf_pattern)`` users build it),
read as the preterminal ``(tag word)``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import Any, Protocol, runtime_checkable

from parsedit.errors import ConfigError, TreeError
from parsedit.trees.reader import Item, read_sentence, read_trees
from parsedit.trees.source import DEFAULT_ENCODING
from parsedit.trees.splits import read_both
from parsedit.trees.tree import Tree, node_tokens, text_problem


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
    """The reader's tokens of an in-memory tree (see :mod:`parsedit.trees.tree`);
    :class:`~parsedit.errors.TreeError` if it is no tree."""
    if isinstance(tree, Tree):
        return tuple(tree.tokens())

    def label(node: Tree | TreeLike) -> str:
        return node.label if isinstance(node, Tree) else str(node.label())

    def children(node: Tree | TreeLike) -> list[Any]:
        return node.children if isinstance(node, Tree) else list(map(_leaf, node))

    return tuple(node_tokens([tree], label, children,
                             lambda node: isinstance(node, (Tree, TreeLike))))


def _leaf(child: Any) -> Any:
    """A child of an NLTK-style tree as :func:`node_tokens` takes it: a
    tree as it is, a word as a string (a bracket in it written as the
    treebank writes it), a tagged word ``(word, tag)`` as its preterminal."""
    if isinstance(child, str):
        return _word(child)
    if isinstance(child, TreeLike):
        return child
    if isinstance(child, (int, float)) and not isinstance(child, bool):
        return str(child)
    if isinstance(child, tuple):
        if len(child) != 2 or not all(isinstance(part, str) for part in child):
            raise TreeError(f"a leaf is the tuple {child!r}: a tuple is a tagged word, "
                            "(word, tag), two strings")
        word, tag = child
        problem = "its tag is empty" if not tag else \
            text_problem("label", tag) or text_problem("word", _word(word))
        if problem is not None:
            raise TreeError(f"the tagged word {child!r}: {problem}")
        return Tree(tag, [_word(word)])
    return child  # refused by node_tokens, which names it


def _word(text: str) -> str:
    return text.replace("(", "-LRB-").replace(")", "-RRB-")


def not_a_tree(source: Source, name: str) -> None:
    """Refuse a bracketed tree given where a path or a list of sentences is
    expected (it would be read as a file's name)."""
    if isinstance(source, str) and source.lstrip().startswith("("):
        raise ConfigError(f"{name}: a bracketed tree, not a path: give a list of sentences "
                          "([tree]) or a file's path")


def both(gold: Source, test: Source, first: int = 1) -> tuple[Iterator[Item], Iterator[Item]]:
    """The items of a gold and a test source (see :func:`items`), named
    ``gold`` and ``test``; two files are read as a run reads them, each
    tree split over lines read as one where the run takes it
    (:class:`~parsedit.trees.splits.Splits`)."""
    if is_path(gold) and is_path(test):
        not_a_tree(gold, "gold")
        not_a_tree(test, "test")
        return read_both(os.fspath(gold), os.fspath(test))  # type: ignore[arg-type]
    return items(gold, "gold", first=first), items(test, "test", first=first)


def items(source: Source, name: str, encoding: str = DEFAULT_ENCODING,
          first: int = 1) -> Iterator[Item]:
    """The items of a source of trees; ``name`` names it in messages,
    ``encoding`` is a file's text encoding, ``first`` the number of the
    first sentence of a list (a file's are its own)."""
    not_a_tree(source, name)
    if is_path(source):
        yield from read_trees(os.fspath(source), encoding)  # type: ignore[arg-type]
        return
    if isinstance(source, (Tree, TreeLike)):
        raise ConfigError(f"{name}: one tree, not a list of sentences: give [tree]")
    if not isinstance(source, Iterable):
        raise ConfigError(f"{name}: expected a path or an iterable of trees, not "
                          f"{type(source).__name__}")
    for number, sentence in enumerate(source, start=first):
        if sentence is None:
            yield Item(number)
        elif isinstance(sentence, str):
            yield read_sentence(sentence, name, number)
        elif isinstance(sentence, (Tree, TreeLike)):
            try:
                tokens = tokens_of(sentence)
            except TreeError as exc:
                raise TreeError(f"{name} sentence {number}: {exc}") from None
            yield Item(number, tokens=tokens) if tokens else Item(number)
        else:
            raise ConfigError(f"{name}: sentence {number} is a {type(sentence).__name__}, "
                              "not a bracketed string or a tree")
