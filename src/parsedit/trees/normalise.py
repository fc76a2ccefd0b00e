"""Normalisation shared by every metric, with EVALB's semantics.

A :class:`Normalisation` is a parameter object; ``COLLINS`` (EVALB's
COLLINS.prm) is the default.  Applying it to a tree gives its normalised
:mod:`bracketing <parsedit.trees.bracketing>`: a flat token sequence, which
may hold several top-level constituents once the root (``TOP``) is deleted.

What EVALB does, and so what this does, in this order:

* A preterminal whose tag is a delete label (``-NONE-``, punctuation) is
  removed together with its word.  Tags are compared as written.
* A phrase label loses everything from its first ``-`` or ``=``
  (``NP-SBJ-1`` -> ``NP``, ``NP=2`` -> ``NP``) when ``strip_function_tags``
  is on; then, if it is a delete label (``TOP``), the bracket is removed and
  its children take its place.
* A constituent left spanning no word is removed.
* Labels in one ``equal_labels`` class (``ADVP`` = ``PRT``) are written as
  the first label of the class, so every metric sees them as one.
* An unlabelled bracket (the outer ``( ... )`` of the treebank) is kept as a
  bracket with the empty label, exactly as EVALB counts it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from parsedit.trees.bracketing import CLOSE, TAG, Bracketing
from parsedit.trees.tree import Tree

_PUNCTUATION = (",", ":", "``", "''", ".")


@dataclass(frozen=True)
class Normalisation:
    """How trees are cleaned before any metric sees them."""

    name: str = "collins"
    delete_labels: frozenset[str] = frozenset(("TOP", "-NONE-", *_PUNCTUATION))
    delete_labels_for_length: frozenset[str] = frozenset(("-NONE-",))
    equal_labels: tuple[tuple[str, ...], ...] = (("ADVP", "PRT"),)
    strip_function_tags: bool = True
    _canonical: dict[str, str] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        # Union-find: A=B and B=C put A, B and C in one class, written as the
        # first label of the first group that names the class.
        parent: dict[str, str] = {}

        def find(label: str) -> str:
            while parent.get(label, label) != label:
                label = parent[label]
            return label

        for group in self.equal_labels:
            head = find(group[0])
            for member in group[1:]:
                root = find(member)
                if root != head:
                    parent[root] = head
        canonical = {label: find(label) for group in self.equal_labels for label in group}
        object.__setattr__(self, "_canonical", canonical)

    def describe(self) -> str:
        """A short stable text of every setting, for signatures."""
        return (f"{self.name}(del={','.join(sorted(self.delete_labels))};"
                f"eq={'|'.join('='.join(g) for g in self.equal_labels)};"
                f"ftags={'strip' if self.strip_function_tags else 'keep'})")

    def label(self, label: str) -> str:
        """A phrase label as the metrics see it (before deletion)."""
        if self.strip_function_tags and ("-" in label or "=" in label):
            label = label[:min(i for i in (label.find("-"), label.find("=")) if i >= 0)]
        return self._canonical.get(label, label)

    def tag(self, tag: str) -> str:
        """A preterminal tag as the metrics see it (never stripped, as in EVALB)."""
        return self._canonical.get(tag, tag)

    def apply(self, tree: Tree) -> Bracketing:
        """The normalised bracketing of ``tree`` (iterative: any depth)."""
        out: list[str] = []
        delete = self.delete_labels
        canonical = self._canonical
        strip = self.strip_function_tags
        words = 0
        # One frame per open phrase: its children, the next child to visit,
        # the index of its open token in ``out`` (-1 if its label is deleted)
        # and the number of words written before it.
        frames: list[list[Any]] = [[[tree], 0, -1, 0]]
        while frames:
            frame = frames[-1]
            children, i = frame[0], frame[1]
            while i < len(children):
                child = children[i]
                i += 1
                if type(child) is str:
                    out.append(TAG)
                    out.append(child + CLOSE)
                    words += 1
                    continue
                grand = child.children
                if len(grand) == 1 and type(grand[0]) is str:
                    tag = child.label
                    if tag not in delete:
                        out.append(TAG + canonical.get(tag, tag))
                        out.append(grand[0] + CLOSE)
                        words += 1
                    continue
                label = child.label
                if strip and ("-" in label or "=" in label):
                    label = label[:min(k for k in (label.find("-"), label.find("=")) if k >= 0)]
                frame[1] = i
                if label in delete:
                    frames.append([grand, 0, -1, words])
                else:
                    frames.append([grand, 0, len(out), words])
                    out.append("(" + canonical.get(label, label))
                break
            else:
                frames.pop()
                index = frame[2]
                if index >= 0:
                    if words == frame[3]:  # nothing left inside: prune it
                        del out[index:]
                    else:
                        out.append(CLOSE)
        return tuple(out)


COLLINS = Normalisation()
NONE = Normalisation(name="none", delete_labels=frozenset(), equal_labels=(),
                     strip_function_tags=False)
