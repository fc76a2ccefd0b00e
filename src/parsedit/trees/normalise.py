"""Normalisation shared by every metric, with EVALB's semantics.

A :class:`Normalisation` is a parameter object; ``COLLINS`` (EVALB's
COLLINS.prm) is the default.  Applying it to a tree gives a *forest* (a list
of top-level children), because deleting the root (``TOP``) can leave several.

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

from parsedit.trees.tree import Child, Tree

Forest = list[Child]

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
        if self.strip_function_tags:
            cut = min((i for i in (label.find("-"), label.find("=")) if i >= 0), default=-1)
            if cut >= 0:
                label = label[:cut]
        return self._canonical.get(label, label)

    def tag(self, tag: str) -> str:
        """A preterminal tag as the metrics see it (never stripped, as in EVALB)."""
        return self._canonical.get(tag, tag)

    def apply(self, tree: Tree) -> Forest:
        """The normalised forest of ``tree`` (iterative: any depth)."""
        result: Forest = []
        # Post-order walk.  An entry (child, out, None) is a child still to be
        # visited, whose result goes to ``out``; (node, out, kids) is a phrase
        # whose children have been gathered into ``kids``.
        stack: list[tuple[Child, Forest, Forest | None]] = [(tree, result, None)]
        while stack:
            node, out, kids = stack.pop()
            if isinstance(node, str):
                out.append(node)
            elif kids is None and node.is_preterminal:
                if node.label not in self.delete_labels:
                    out.append(Tree(self.tag(node.label), list(node.children)))
            elif kids is None:
                kids = []
                stack.append((node, out, kids))
                stack.extend((child, kids, None) for child in reversed(node.children))
            elif kids:
                label = self.label(node.label)
                if label in self.delete_labels:
                    out.extend(kids)
                else:
                    out.append(Tree(label, kids))
        return result


COLLINS = Normalisation()
NONE = Normalisation(name="none", delete_labels=frozenset(), equal_labels=(),
                     strip_function_tags=False)
