"""What every encoding provides: a normalised bracketing -> tuple of symbols.

A symbol is any hashable value.  ``kind`` names the class a cost scheme sees
(``open``, ``close``, ``tag``, ``word`` for the labelled bracketing; ``span``;
``rule``), ``label`` is what a scheme's classes match (a phrase's or a tag's
label, a span's label, a rule as written, a word), ``display`` writes it for
people and ``text`` names it uniquely in a symbol table; ``events`` counts a
gold string's events, the denominator of its error rate, and ``count`` the
events of a bracketing's string without always encoding it (what a pair of
equal sentences needs).  Every encoding
reads the edit view of the bracketing (:mod:`parsedit.trees.roots`): root
conventions carry no constituent, and a forest stands under a virtual root.
``anchor_kind`` names the kind that, when a scheme can never edit it, cuts a
pair of strings into independent pieces (the label encoding's terminals), or
is None; ``anchors(symbols)`` gives the positions of the symbols of that kind.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol

from parsedit.trees.bracketing import Bracketing

Symbol = Hashable


class Encoding(Protocol):
    name: str
    kinds: tuple[str, ...]
    anchor_kind: str | None

    def encode(self, bracketing: Bracketing) -> tuple[Symbol, ...]: ...

    def events(self, symbols: Sequence[Symbol]) -> int: ...

    def count(self, bracketing: Bracketing) -> int: ...

    def kind(self, symbol: Symbol) -> str: ...

    def label(self, symbol: Symbol) -> str: ...

    def display(self, symbol: Symbol) -> str: ...

    def text(self, symbol: Symbol) -> str: ...

    def anchors(self, symbols: Sequence[Symbol]) -> list[int]: ...
