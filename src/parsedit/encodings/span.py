"""Constituents with spans (Roark 2002, section 2).

The non-preterminal constituents, top-down and left-most first, each one
symbol ``(label, start, end)`` over word positions, end exclusive, read off
the edit view (:func:`parsedit.trees.roots.constituent_view`: no unlabelled
outer bracket, no virtual root).  Each is a gold event.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from parsedit.encodings.base import Symbol
from parsedit.encodings.structure import Structures, structures
from parsedit.trees.bracketing import CLOSE, Bracketing
from parsedit.trees.roots import constituent_view, show_label


class SpanEncoding:
    """Spans read by a :class:`~parsedit.encodings.structure.Structures`
    (``shared``; by default the process's, which the rule encoding reads
    too: see :func:`~parsedit.encodings.structure.structures`)."""

    name = "span"
    kinds: tuple[str, ...] = ("span",)
    anchor_kind: str | None = None

    def __init__(self, shared: Structures | None = None) -> None:
        self.shared = shared if shared is not None else structures()

    def encode(self, tokens: Bracketing) -> tuple[Symbol, ...]:
        return self.shared.read(tokens)[0]

    def events(self, symbols: Sequence[Symbol]) -> int:
        return len(symbols)

    def count(self, tokens: Bracketing) -> int:
        # A span per phrase of the constituent view, each closed by a ``)``
        # (a preterminal's is its word's): counted without the walk.
        return constituent_view(tokens).count(CLOSE)

    def kind(self, symbol: Symbol) -> str:
        return "span"

    def label(self, symbol: Symbol) -> str:
        return cast(tuple[str, int, int], symbol)[0]

    def text(self, symbol: Symbol) -> str:
        return self.display(symbol)

    def display(self, symbol: Symbol) -> str:
        label, start, end = cast(tuple[str, int, int], symbol)
        return f"{show_label(label)}[{start},{end}]"

    def anchors(self, symbols: Sequence[Symbol]) -> list[int]:
        return []
