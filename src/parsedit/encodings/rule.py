"""Context-free rule sequence (Roark 2002, section 2 and Table 1).

The local trees of the non-preterminal nodes of the edit view
(:func:`parsedit.trees.roots.edit_view`), top-down and left-most first.
The left-hand side is written only for the root (every other one also stands
on the right of its parent's rule).  A forest's virtual root is a node like
any other: its rule has the empty left-hand side, shown ``∅ -> NP VP``, so
every word and top-level constituent is in exactly one rule, and a missing
root costs one rule edit.  Each rule is a gold event: a gold forest has one
rule more than it has constituents.  A preterminal child is written as its
word (``pos="words"``, the paper's evaluation) or as its tag
(``pos="tags"``, the paper's Table 1).  A word standing directly under a
phrase has no tag, and is written as the word in both cases.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from parsedit.encodings.base import Symbol
from parsedit.encodings.structure import Structures, structures
from parsedit.trees.bracketing import CLOSE, Bracketing
from parsedit.trees.roots import edit_view, show_label

Rule = tuple[str | None, tuple[str, ...]]


class RuleEncoding:
    name = "rule"
    kinds: tuple[str, ...] = ("rule",)
    anchor_kind: str | None = None

    def __init__(self, pos: str = "words", shared: Structures | None = None) -> None:
        """``shared``: the :class:`~parsedit.encodings.structure.Structures`
        (of the same ``pos``) to read through; by default the process's,
        which the span encoding reads too (see
        :func:`~parsedit.encodings.structure.structures`)."""
        if pos not in ("words", "tags"):
            raise ValueError(f"rule pos must be 'words' or 'tags', not {pos!r}")
        self.pos = pos
        self.shared = shared if shared is not None else structures(pos)

    def encode(self, tokens: Bracketing) -> tuple[Symbol, ...]:
        return self.shared.read(tokens)[1]

    def events(self, symbols: Sequence[Symbol]) -> int:
        return len(symbols)

    def count(self, tokens: Bracketing) -> int:
        # A rule per phrase of the edit view (its virtual root's included),
        # each closed by a ``)``: counted without the walk.
        return edit_view(tokens).count(CLOSE)

    def kind(self, symbol: Symbol) -> str:
        return "rule"

    def label(self, symbol: Symbol) -> str:
        return self.display(symbol)

    def text(self, symbol: Symbol) -> str:
        return self.display(symbol)

    def display(self, symbol: Symbol) -> str:
        lhs, rhs = cast(Rule, symbol)
        head = "" if lhs is None else show_label(lhs) + " "
        return f"{head}-> {' '.join(show_label(r) for r in rhs)}"

    def anchors(self, symbols: Sequence[Symbol]) -> list[int]:
        return []
