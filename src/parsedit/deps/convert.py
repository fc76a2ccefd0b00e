"""Constituency tree -> dependency tree, through a head table.

``Converter(table).convert(tokens)`` takes a tree in parsedit's token form
(:mod:`parsedit.trees.tree`: what the reader gives, before any
normalisation) and gives its :class:`~parsedit.deps.model.DepTree`:

1. Words tagged with one of the table's ``empty`` categories (``-NONE-``)
   are removed, and so is every phrase left without a word.  Nothing else is
   removed: punctuation is kept, and attached like any word.
2. Every phrase's head child is found by the table
   (:meth:`~parsedit.deps.heads.HeadTable.head_child`), bottom-up; a
   phrase's head word is its head child's.
3. The head word of every other child depends on the phrase's head word.
   The head word of the whole tree is the root (head 0, relation ``root``).
   Several trees on one line (and an unlabelled bracket with several
   children) stand under one phrase of category ``ROOT``.

Relations (``labels``):

* ``auto`` (default): the dependent's maximal projection's function tag,
  where it has one (``NP-SBJ-1`` -> ``SBJ``, ``PP-LOC-CLR`` -> ``LOC-CLR``,
  Sequoia's ``NP-SUJ`` -> ``SUJ``, ``CLS-SUJ`` -> ``SUJ``; numeric indices
  dropped), else the triple below;
* ``triples``: always Collins' (1999) triple ``PARENT/HEAD/DEPENDENT``: the
  categories (without function tags) of the phrase where the dependent's
  maximal projection attaches, of that phrase's head child, and of the
  maximal projection (``S/VP/NP`` for a subject).  As in Collins'
  evaluation, every part-of-speech tag is written ``TAG`` (``NP/TAG/TAG``
  for a determiner), so that a tagging error is not an attachment error.

Every step is iterative: a tree 10,000 phrases deep converts as any other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from parsedit.deps.heads import DEFAULT_TABLE, HeadTable, load_head_table
from parsedit.deps.model import ROOT, DepTree
from parsedit.errors import ConfigError
from parsedit.trees.normalise import strip_function_tags

LABELS = ("auto", "triples")
TAG = "TAG"
TOP = "ROOT"  # the category of an unlabelled phrase, and of a line's several trees


def function_tag(label: str) -> str | None:
    """The function tags of a label, without indices (``NP-SBJ-1`` -> ``SBJ``,
    ``PP-LOC-CLR`` -> ``LOC-CLR``, ``NP=2`` -> None, ``-NONE-`` -> None)."""
    cuts = [i for i in (label.find("-"), label.find("=")) if i > 0]
    if not cuts:
        return None
    rest = label[min(cuts):].replace("=", "-")
    parts = [p for p in rest.split("-") if p and not p.isdigit()]
    return "-".join(parts) or None


@dataclass
class _Node:
    category: str  # without function tags; TOP for an unlabelled phrase
    label: str  # as written
    children: list[_Node]
    word: int = -1  # a leaf's word index
    head: int = -1  # the head word (index) once found


class Converter:
    """Converts trees with ``table`` (a :class:`HeadTable`, or a shipped
    name or path) and the relation labelling ``labels``."""

    def __init__(self, table: HeadTable | str = DEFAULT_TABLE, labels: str = "auto") -> None:
        if labels not in LABELS:
            raise ConfigError(f"unknown relation labelling {labels!r}; expected one of "
                              f"{', '.join(LABELS)}")
        self.table = load_head_table(table) if isinstance(table, str) else table
        self.labels = labels
        self._categories: dict[str, str] = {}

    def describe(self) -> str:
        """``heads:NAME@DIGEST,labels:LABELS`` for signatures."""
        return f"heads:{self.table.describe()},labels:{self.labels}"

    def _category(self, label: str) -> str:
        found = self._categories.get(label)
        if found is None:
            found = self._categories[label] = strip_function_tags(label) if label else TOP
        return found

    def convert(self, tokens: Sequence[str]) -> DepTree:
        """The dependency tree of one tree's tokens (see the module docstring)."""
        words: list[str] = []
        tags: list[str] = []
        labels: list[str] = []  # each word's own label (its tag as written)
        top = _Node(TOP, "", [])
        stack = [top]
        empty = self.table.empty
        for token in tokens:
            if token == ")":
                node = stack.pop()
                if node.children:
                    stack[-1].children.append(node)
            elif token[0] != "(" or token[-1] == ")":
                if token[0] == "(":  # "(TAG word)"
                    tag, _, word = token[1:-1].partition(" ")
                else:  # a word standing directly under a phrase
                    tag, word = "", token
                category = self._category(tag) if tag else ""
                if category in empty:
                    continue
                words.append(word)
                tags.append(category)
                labels.append(tag)
                stack[-1].children.append(_Node(TAG, tag, [], len(words) - 1))
            else:
                stack.append(_Node(self._category(token[1:]), token[1:], []))
        if len(top.children) == 1:
            top = top.children[0]
        n = len(words)
        heads = [0] * n
        relations = [ROOT] * n
        functional = 0
        if n == 0:
            return DepTree((), (), (), ())
        # Post-order without recursion: a node's children are done before it.
        order: list[_Node] = []
        pending = [top]
        while pending:
            node = pending.pop()
            order.append(node)
            pending.extend(node.children)
        head_child = self.table.head_child
        triples = self.labels == "triples"
        for node in reversed(order):
            if node.word >= 0:
                node.head = node.word
                continue
            kids = node.children
            child_categories = [tags[k.word] if k.word >= 0 else k.category for k in kids]
            h = head_child(node.category, child_categories)
            node.head = kids[h].head
            head_category = TAG if kids[h].word >= 0 else kids[h].category
            for i, kid in enumerate(kids):
                if i == h:
                    continue
                dependent = kid.head
                heads[dependent] = node.head + 1
                found = None if triples else function_tag(kid.label)
                if found is not None:
                    functional += 1
                    relations[dependent] = found
                else:
                    own = TAG if kid.word >= 0 else kid.category
                    relations[dependent] = f"{node.category}/{head_category}/{own}"
        return DepTree(tuple(words), tuple(tags), tuple(heads), tuple(relations), functional)
