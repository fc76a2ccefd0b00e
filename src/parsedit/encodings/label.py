"""Roark's labelled-bracketing string (Roark 2002, section 3).

An open bracket with its label is one token: ``(NP``.  A terminal together
with the close bracket of its preterminal is one token: ``dog)``; the
preterminal's open bracket is a token too, written ``((NN`` so that a tag is
never confused with a phrase label of the same name (shown as ``(NN``).  Every
other close bracket is the token ``)``.  This is exactly the normalised
bracketing (:mod:`parsedit.trees.bracketing`), so encoding is the identity on
its edit view (:func:`parsedit.trees.roots.constituent_view`): without an
unlabelled outer bracket, and without the virtual root of a forest, which is
never a constituent.  The gold events are the phrases' open brackets.
"""

from __future__ import annotations

from collections.abc import Sequence

from parsedit.encodings.base import Symbol
from parsedit.trees import bracketing
from parsedit.trees.bracketing import CLOSE, TAGGED, Bracketing, decode
from parsedit.trees.roots import constituent_view


class LabelEncoding:
    name = "label"
    kinds: tuple[str, ...] = ("open", "close", "tag", "word")
    anchor_kind: str | None = "word"

    def encode(self, tokens: Bracketing) -> tuple[Symbol, ...]:
        return constituent_view(tokens)

    def events(self, symbols: Sequence[Symbol]) -> int:
        # Each phrase has one close bracket ``)`` (a preterminal's is its
        # word's): counted at C speed, where decoding every token is not.
        return symbols.count(CLOSE)

    def count(self, tokens: Bracketing) -> int:
        return self.events(self.encode(tokens))

    def kind(self, symbol: Symbol) -> str:
        return bracketing.kind(str(symbol))

    def label(self, symbol: Symbol) -> str:
        return decode(str(symbol))[1]

    def display(self, symbol: Symbol) -> str:
        kind, text = decode(str(symbol))
        return "(" + text if kind is TAGGED else str(symbol)

    def text(self, symbol: Symbol) -> str:
        return str(symbol)

    def anchors(self, symbols: Sequence[Symbol]) -> list[int]:
        return bracketing.word_positions(symbols)  # type: ignore[arg-type]
