"""Context-free rule sequence (Roark 2002, section 2 and Table 1).

The local trees of the non-preterminal nodes, top-down and left-most first.
The left-hand side is written only for a root (every other one also stands
on the right of its parent's rule).  A preterminal child is written as its
word (``pos="words"``, the paper's evaluation) or as its tag
(``pos="tags"``, the paper's Table 1).  A word standing directly under a
phrase is written as the word in both cases.
"""

from __future__ import annotations

from parsedit.encodings.base import Symbol
from parsedit.trees.normalise import Forest
from parsedit.trees.tree import Tree

Rule = tuple[str | None, tuple[str, ...]]


class RuleEncoding:
    kinds = ("rule",)
    anchor_kind: str | None = None

    def __init__(self, pos: str = "words") -> None:
        if pos not in ("words", "tags"):
            raise ValueError(f"rule pos must be 'words' or 'tags', not {pos!r}")
        self.pos = pos
        self.name = "rule"

    def encode(self, forest: Forest) -> tuple[Symbol, ...]:
        words = self.pos == "words"
        out: list[Rule] = []
        stack: list[tuple[Tree, bool]] = [
            (t, True) for t in reversed(forest) if isinstance(t, Tree) and not t.is_preterminal
        ]
        while stack:
            node, root = stack.pop()
            rhs: list[str] = []
            below: list[tuple[Tree, bool]] = []
            for child in node.children:
                if isinstance(child, str):
                    rhs.append(child)
                elif child.is_preterminal:
                    word = child.children[0]
                    rhs.append(word if words and isinstance(word, str) else child.label)
                else:
                    rhs.append(child.label)
                    below.append((child, False))
            out.append((node.label if root else None, tuple(rhs)))
            stack.extend(reversed(below))
        return tuple(out)

    def kind(self, symbol: Symbol) -> str:
        return "rule"

    def display(self, symbol: Symbol) -> str:
        lhs, rhs = symbol  # type: ignore[misc]
        return f"{lhs + ' ' if lhs is not None else ''}-> {' '.join(rhs)}"
