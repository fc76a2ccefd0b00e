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
   children) stand under one phrase of category ``ROOT``, and a root bracket
   labelled ``TOP``, ``ROOT``, ``S1`` or ``VROOT`` is of that category too
   (a root convention, not a category: :data:`ROOT_LABELS`).

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

from parsedit.deps.heads import DEFAULT_TABLE, HeadTable, load_head_table
from parsedit.deps.model import ROOT, DepTree
from parsedit.errors import ConfigError
from parsedit.trees.normalise import strip_function_tags

LABELS = ("auto", "triples")
TAG = "TAG"
TOP = "ROOT"  # the category of an unlabelled phrase, and of a line's several trees
# The labels treebanks and parsers write a root bracket with (Penn's TOP,
# ROOT, Charniak's S1, Negra's VROOT): a convention, not a category, so each
# is the category ROOT, as an unlabelled root is (a forest under (TOP ...)
# gives the relations of the same forest on one line).
ROOT_LABELS = frozenset(("TOP", "ROOT", "S1", "VROOT"))


def function_tag(label: str) -> str | None:
    """The function tags of a label, without indices (``NP-SBJ-1`` -> ``SBJ``,
    ``PP-LOC-CLR`` -> ``LOC-CLR``, ``NP=2`` -> None, ``-NONE-`` -> None)."""
    cuts = [i for i in (label.find("-"), label.find("=")) if i > 0]
    if not cuts:
        return None
    rest = label[min(cuts):].replace("=", "-")
    parts = [p for p in rest.split("-") if p and not p.isdigit()]
    return "-".join(parts) or None


# What the memories of a converter hold at most before they are cleared.
_MEMORY = 1 << 16


class Converter:
    """Converts trees with ``table`` (a :class:`HeadTable`, or a shipped
    name or path) and the relation labelling ``labels``.  It remembers what
    recurs: each distinct local tree's head child, each distinct dependency
    label, and the last tree converted (a test tree equal to its gold tree is
    converted once)."""

    def __init__(self, table: HeadTable | str = DEFAULT_TABLE, labels: str = "auto") -> None:
        if labels not in LABELS:
            raise ConfigError(f"unknown relation labelling {labels!r}; expected one of "
                              f"{', '.join(LABELS)}")
        self.table = load_head_table(table) if isinstance(table, str) else table
        self.labels = labels
        self._categories: dict[str, str] = {}
        self._heads: dict[tuple[str, tuple[str, ...]], int] = {}
        self._relations: dict[tuple[str, str, str, bool], tuple[str, bool]] = {}
        self._kids: dict[str, tuple[str, bool, str]] = {}
        self._last: tuple[Sequence[str], DepTree] | None = None
        self._tokens: dict[str, tuple[int, str, str, str]] = {}
        self._locals: dict[tuple[str, tuple[str, ...]],
                           tuple[int, tuple[tuple[int, str], ...], int]] = {}

    def describe(self) -> str:
        """``heads:NAME@DIGEST,labels:LABELS`` for signatures."""
        return f"heads:{self.table.describe()},labels:{self.labels}"

    def _category(self, label: str) -> str:
        found = self._categories.get(label)
        if found is None:
            if len(self._categories) >= _MEMORY:
                self._categories.clear()
            found = strip_function_tags(label) if label else TOP
            self._categories[label] = found = TOP if found in ROOT_LABELS else found
        return found

    def _head(self, parent: str, children: tuple[str, ...]) -> int:
        key = (parent, children)
        found = self._heads.get(key)
        if found is None:
            if len(self._heads) >= _MEMORY:
                self._heads.clear()
            found = self._heads[key] = self.table.head_child(parent, children)
        return found

    def _relation(self, parent: str, head: str, label: str, leaf: bool) -> tuple[str, bool]:
        """A dependent's relation (and whether it is a function tag): the
        function tag of its maximal projection's ``label``, else the triple."""
        key = (parent, head, label, leaf)
        found = self._relations.get(key)
        if found is None:
            if len(self._relations) >= _MEMORY:
                self._relations.clear()
            tag = None if self.labels == "triples" else function_tag(label)
            if tag is not None:
                found = (tag, True)
            else:
                own = TAG if leaf else self._category(label)
                found = (f"{parent}/{head}/{own}", False)
            self._relations[key] = found
        return found

    def convert(self, tokens: Sequence[str]) -> DepTree:
        """The dependency tree of one tree's tokens (see the module docstring)."""
        last = self._last
        if last is not None and last[0] == tokens:
            return last[1]
        converted = self._convert(tokens)
        self._last = (tokens, converted)
        return converted

    def _token(self, token: str) -> tuple[int, str, str, str]:
        """What a token is, worked out once per distinct token: (0, ...) a
        close bracket; (1, category, word, key) a word; (2, ...) an empty
        element; (3, category, key, "") an open bracket.  A key names what a
        child is in its local tree: ``)TAG`` for a word (``)`` for a word
        without a tag), the open token ``(LABEL`` for a phrase."""
        if token == ")":
            return (0, "", "", "")
        if token[0] != "(" or token[-1] == ")":
            if token[0] == "(":  # "(TAG word)"
                tag, _, word = token[1:-1].partition(" ")
            else:  # a word standing directly under a phrase
                tag, word = "", token
            category = self._category(tag) if tag else ""
            return (2, "", "", "") if category in self.table.empty else \
                (1, category, word, ")" + tag)
        return (3, self._category(token[1:]), token, "")

    def _local(self, key: tuple[str, tuple[str, ...]]
               ) -> tuple[int, tuple[tuple[int, str], ...], int]:
        """A local tree's head child, each other child's position and
        relation, and how many of them are function tags, from its key: the
        phrase's open token and its children's keys (see :meth:`_token`)."""
        parent, kids = key
        category = self._category(parent[1:])
        kid = self._kid
        described = [kid(k) for k in kids]
        categories = tuple([d[2] for d in described])
        h = self._head(category, categories)
        head_category = TAG if described[h][1] else categories[h]
        relation = self._relation
        dependents: list[tuple[int, str]] = []
        count = 0
        for i, (label, leaf, _) in enumerate(described):
            if i != h:
                found, tagged = relation(category, head_category, label, leaf)
                dependents.append((i, found))
                count += tagged
        return h, tuple(dependents), count

    def _kid(self, key: str) -> tuple[str, bool, str]:
        """What a child's key says (see :meth:`_token`): its label, whether
        it is a word, and its category ("" for a word without a tag)."""
        found = self._kids.get(key)
        if found is None:
            if len(self._kids) >= _MEMORY:
                self._kids.clear()
            label, leaf = key[1:], key[0] == ")"
            found = self._kids[key] = (label, leaf,
                                       self._category(label) if label or not leaf else "")
        return found

    def _convert(self, tokens: Sequence[str]) -> DepTree:
        # One pass: a phrase's head is found when it closes (its children are
        # done).  Each child of the open phrase is held as its head word (a
        # word's own index), beside its key (which says what it is).
        leaves: list[tuple[int, str, str, str]] = []  # each word's token description
        heads = [0] * len(tokens)  # (room for every word; cut to the words at the end)
        relations = [ROOT] * len(tokens)
        kids: list[int] = []  # the children's head words and keys, of the open phrase
        keys: list[str] = []
        opened: list[tuple[list[int], list[str], str]] = []  # the enclosing ones'
        known = self._tokens
        local = self._locals
        if len(known) >= _MEMORY:
            known.clear()
        if len(local) >= _MEMORY:
            local.clear()
        functional = 0
        for token in tokens:
            found = known.get(token)
            if found is None:
                found = known[token] = self._token(token)
            kind = found[0]
            if kind == 1:
                kids.append(len(leaves))
                keys.append(found[3])
                leaves.append(found)
            elif kind == 0:
                if not opened:
                    continue
                done, done_keys = kids, keys
                kids, keys, open_token = opened.pop()
                if not done:
                    continue  # a phrase left without a word
                keys.append(open_token)
                if len(done) == 1:  # a unary phrase: its child heads it
                    kids.append(done[0])
                    continue
                key = (open_token, tuple(done_keys))
                entry = local.get(key)
                if entry is None:
                    entry = local[key] = self._local(key)
                h, dependents, count = entry
                word = done[h]
                kids.append(word)
                head = word + 1
                for i, rel in dependents:
                    dependent = done[i]
                    heads[dependent] = head
                    relations[dependent] = rel
                functional += count
            elif kind == 3:
                opened.append((kids, keys, found[2]))
                kids, keys = [], []
        if not leaves:
            return DepTree((), (), (), ())
        if len(kids) > 1:  # several trees on the line: one phrase holds them
            h, dependents, count = self._local(("(", tuple(keys)))
            for i, rel in dependents:
                heads[kids[i]] = kids[h] + 1
                relations[kids[i]] = rel
            functional += count
        n = len(leaves)
        return DepTree(tuple([f[2] for f in leaves]), tuple([f[1] for f in leaves]),
                       tuple(heads[:n]), tuple(relations[:n]), functional)
