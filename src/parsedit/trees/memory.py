"""Trees held in memory, as the reader's items: for the Python API.

A *source* of trees is a path (``str`` or ``os.PathLike``: the file is read
as ``parsedit score`` reads it) or an iterable whose elements are each one
sentence: a bracketed string (one tree, several trees read as one sentence
as EVALB reads a line, or an empty string for a missing parse), a parsedit
:class:`~parsedit.trees.tree.Tree`, any object with NLTK's tree interface
(``label()`` and iteration over children; nltk itself is not needed), a
span set (:class:`~parsedit.trees.spans.Spans`), or None for a missing
parse.  The elements are numbered from ``first`` (the sentence's number in
the evaluation: 1 for a whole run, on from the last batch in an
:class:`~parsedit.api.Evaluator`).

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

Speed.  A tree is read into its tokens by :func:`tokens_of`: first by a
walk that takes the usual tree only (each class's way to its label and
children found once and remembered, labels and words checked a whole
sentence at a time), and any tree it does not take (a tagged word, a
number, a label or word to check one by one, a tree too deep for it) by
the checked walk, :func:`~parsedit.trees.tree.node_tokens`, which judges
it and names what is wrong.  So the checks are the checked walk's, and the
usual tree costs little more than the reader spends on the same tree as a
string.  :func:`written` writes a batch of sentences as the lines a file
would hold (with the tokens of its trees and span sets beside them), so
that an :class:`~parsedit.api.Evaluator` scores a batch of trees by the
route a batch of strings takes.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Protocol, runtime_checkable

from parsedit.errors import ConfigError, TreeError
from parsedit.trees.reader import Item, read_sentence, read_trees
from parsedit.trees.source import DEFAULT_ENCODING
from parsedit.trees.spans import Spans, treebank_word
from parsedit.trees.splits import read_both
from parsedit.trees.tree import Tree, node_tokens, text_problem


@runtime_checkable
class TreeLike(Protocol):
    """NLTK's tree interface: a label and iterable children (strings are leaves)."""

    def label(self) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...


Sentence = str | Tree | TreeLike | Spans | None
Source = str | os.PathLike[str] | Iterable[Sentence]


def is_path(source: object) -> bool:
    return isinstance(source, (str, os.PathLike))


# What a class of node is, found once per class (see _kind): parsedit's Tree
# (label and children attributes), an NLTK-style tree that is a list (its
# children are itself, read as a list: nltk.Tree), another NLTK-style tree
# (its children listed), or no tree (None).
_PARSEDIT, _LIST, _ITERABLE, _NLTK = 0, 1, 2, 3
_KINDS: dict[type, int | None] = {Tree: _PARSEDIT, str: None, tuple: None, type(None): None}
# The deepest tree the fast walk takes (deeper ones, and trees inside
# themselves, are the checked walk's).
_DEEPEST = 1000
# What no label or word of the fast walk may hold: what text_problem
# refuses, looked for in all of a sentence's labels (or words) at once.
_UNREADABLE = re.compile(r"[ \t\n\v\f\r()]")
_first = list.__getitem__


def _kind(cls: type, node: object) -> int | None:
    """What nodes of class ``cls`` are (``node`` one of them), remembered."""
    found = _KINDS.get(cls, -1)
    if found != -1:
        return found
    kind: int | None = None
    if issubclass(cls, Tree):
        kind = _PARSEDIT
    elif isinstance(node, TreeLike):
        kind = _LIST if issubclass(cls, list) and cls.__iter__ is list.__iter__ \
            and cls.__len__ is list.__len__ else _ITERABLE
        # An nltk.Tree whose label() is nltk's: its label read as the
        # attribute label() returns (a method call a node is a fifth of the walk).
        nltk_tree = getattr(sys.modules.get("nltk.tree.tree"), "Tree", None)
        if kind == _LIST and nltk_tree is not None and issubclass(cls, nltk_tree) \
                and getattr(cls, "label", None) is nltk_tree.label:
            kind = _NLTK
    if len(_KINDS) < 256:
        _KINDS[cls] = kind
    return kind


class _NotUsual(Exception):
    """The fast walk does not take this tree (the checked walk reads it)."""


def tokens_of(tree: Tree | TreeLike) -> tuple[str, ...]:
    """The reader's tokens of an in-memory tree (see :mod:`parsedit.trees.tree`);
    :class:`~parsedit.errors.TreeError` if it is no tree."""
    try:
        return tuple(_fast_tokens(tree))
    except _NotUsual:
        return _checked_tokens(tree)


def _checked_tokens(tree: Tree | TreeLike) -> tuple[str, ...]:
    """:func:`tokens_of` by the checked walk, which names what is wrong."""
    if isinstance(tree, Tree):
        return tuple(tree.tokens())

    def label(node: Any) -> str:
        return node.label if _kind(type(node), node) == _PARSEDIT else str(node.label())

    def children(node: Any) -> list[Any]:
        return node.children if _kind(type(node), node) == _PARSEDIT \
            else list(map(_leaf, node))

    return tuple(node_tokens([tree], label, children,
                             lambda node: _kind(type(node), node) is not None))


def _fast_tokens(root: object) -> list[str]:
    """:func:`tokens_of` of the usual tree: every node a tree of a known
    class, with a ``str`` label; every leaf a ``str``; no label or word
    that text_problem refuses or that a word in an NLTK-style tree would
    have rewritten (a bracket); at most :data:`_DEEPEST` deep.
    :class:`_NotUsual` for any other."""
    out: list[str] = []
    labels: list[str] = []
    words: list[str] = []
    emit, add_label, add_word = out.append, labels.append, words.append
    above: list[Iterator[Any]] = []
    level: Iterator[Any] = iter((root,))
    known: type | None = None  # the class of the last node (trees are mostly of one)
    kind: int | None = None
    while True:
        for node in level:
            cls = type(node)
            if cls is not known:
                if cls is str:  # a word standing under a phrase
                    add_word(node)
                    emit(node)
                    continue
                kind = _KINDS.get(cls, -1)
                if kind == -1:
                    kind = _kind(cls, node)
                if kind is None:
                    raise _NotUsual
                known = cls
            if kind == _PARSEDIT:
                label, kids = node.label, node.children
                if type(kids) is not list:
                    raise _NotUsual
            elif kind == _NLTK:
                label, kids = node._label, node
            else:
                label = node.label()
                kids = node if kind == _LIST else list(node)
            add_label(label)
            if label and len(kids) == 1:
                word = _first(kids, 0)
                if type(word) is str:
                    add_word(word)
                    emit(f"({label} {word})")
                    continue
            emit("(" + label)
            if len(above) == _DEEPEST:
                raise _NotUsual
            above.append(level)
            level = iter(kids)
            break
        else:
            if not above:
                break
            emit(")")
            level = above.pop()
    try:
        if _UNREADABLE.search("".join(labels)) or _UNREADABLE.search("".join(words)) \
                or "" in words:
            raise _NotUsual
    except TypeError:  # a label that is not a str
        raise _NotUsual from None
    return out


def _leaf(child: Any) -> Any:
    """A child of an NLTK-style tree as :func:`node_tokens` takes it: a
    tree as it is, a word as a string (a bracket in it written as the
    treebank writes it), a tagged word ``(word, tag)`` as its preterminal."""
    if isinstance(child, str):
        return treebank_word(child)
    if _kind(type(child), child) is not None:
        return child
    if isinstance(child, (int, float)) and not isinstance(child, bool):
        return str(child)
    if isinstance(child, tuple):
        if len(child) != 2 or not all(isinstance(part, str) for part in child):
            raise TreeError(f"a leaf is the tuple {child!r}: a tuple is a tagged word, "
                            "(word, tag), two strings")
        word, tag = child
        problem = "its tag is empty" if not tag else \
            text_problem("label", tag) or text_problem("word", treebank_word(word))
        if problem is not None:
            raise TreeError(f"the tagged word {child!r}: {problem}")
        return Tree(tag, [treebank_word(word)])
    return child  # refused by node_tokens, which names it


def not_a_tree(source: Source, name: str) -> None:
    """Refuse a bracketed tree given where a path or a list of sentences is
    expected (it would be read as a file's name)."""
    if isinstance(source, str) and source.lstrip().startswith("("):
        raise ConfigError(f"{name}: a bracketed tree, not a path: give a list of sentences "
                          "([tree]) or a file's path")


def one_sentence(source: object) -> bool:
    """Whether ``source`` is one sentence object (a tree, a span set), not
    a source of sentences."""
    return isinstance(source, Spans) or _kind(type(source), source) is not None


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
    if one_sentence(source):
        raise ConfigError(f"{name}: one tree, not a list of sentences: give [tree]")
    if not isinstance(source, Iterable):
        raise ConfigError(f"{name}: expected a path or an iterable of trees, not "
                          f"{type(source).__name__}")
    for number, sentence in enumerate(source, start=first):
        if isinstance(sentence, str):
            yield read_sentence(sentence, name, number)
        else:
            yield _object_item(sentence, name, number)


def _object_item(sentence: Sentence, name: str, number: int) -> Item:
    """The item of a sentence given as an object (not a string): None, a
    tree, a span set."""
    tokens = None if sentence is None else _tokens(sentence, name, number)
    return Item(number, tokens=tuple(tokens)) if tokens else Item(number)


def _tokens(sentence: Sentence, name: str, number: int, tried: bool = False
            ) -> Sequence[str]:
    """The tokens of a tree or a span set, :class:`~parsedit.errors.TreeError`
    naming the sentence's number if it is none (``tried``: the fast walk
    did not take it already)."""
    try:
        if isinstance(sentence, Spans):
            return sentence.tokens()
        if _kind(type(sentence), sentence) is not None:
            tree: Any = sentence
            return _checked_tokens(tree) if tried else tokens_of(tree)
    except TreeError as exc:
        raise TreeError(f"{name} sentence {number}: {exc}") from None
    raise ConfigError(f"{name}: sentence {number} is a {type(sentence).__name__}, "
                      "not a bracketed string, a tree or a span set")


def line(tokens: Sequence[str]) -> str:
    """The one line that the reader reads into ``tokens`` (when it reads
    the line at all: a tree the reader would refuse as a failure marker,
    ``(X a b)``, is written too, and read from its tokens), if no bracket
    but a preterminal holds one bare word alone (as in the tokens of a
    tree, :func:`~parsedit.trees.tree.node_tokens`)."""
    return " ".join(tokens).replace(" )", ")")


def written(source: list[Sentence], name: str, first: int
            ) -> tuple[list[str], list[Sequence[str] | None]]:
    """A batch of sentences as the lines of a file, numbered from
    ``first``: a string as it is, None as an empty line, a tree or a span
    set with tags as :func:`line` of its tokens (a span set without tags
    as an empty line); and beside each line, the tokens it
    was written from (None for a string or None: read from the line).  A
    route that hands a line back reads its tokens in its place
    (:func:`parsedit.pipeline.units.batch`), so a tree is never read the
    reference way from its line, only from its tokens."""
    lines: list[str] = []
    given: list[Sequence[str] | None] = []
    add_line, add_given = lines.append, given.append
    for number, sentence in enumerate(source, start=first):
        if isinstance(sentence, str) or sentence is None:
            add_line(sentence or "")
            add_given(None)
            continue
        tried = _KINDS.get(type(sentence)) is not None  # (a class of tree seen before)
        tokens: Sequence[str] | None = None
        if tried:
            try:
                tokens = _fast_tokens(sentence)
            except _NotUsual:
                pass
        if tokens is None:
            tokens = _tokens(sentence, name, number, tried)
        # A span over one bare word is a bracket, which its line would not
        # say ("(NP a)" reads as a preterminal): untagged span sets are read
        # from their tokens only (an empty line is read by no fast reader).
        untagged = isinstance(sentence, Spans) and sentence.tags is None
        add_line("" if untagged else line(tokens))
        add_given(tokens)
    return lines, given
