"""Dependencies as a string of symbols (Roark 2002, section 5).

"Given the left-to-right ordering of the words, we can stipulate an
ordering among dependency relations to give an overall ordering of the
dependencies": one symbol per word, in the order of the words, ``(dependent,
head, relation)``: the word's position, its head's position (0 for the
root) and the relation.  Since each symbol carries its dependent's position,
two analyses of the same words differ exactly at the words whose head or
relation differ, and the edit distance under unit costs is their number.

Positions are numbered in the gold sentence; through a word alignment
(:func:`parsedit.deps.edit.dependency_strings`) a test word takes the number
of its gold word and an unaligned one a number of its own (``+3``), which no
gold symbol has.  A symbol's *label* is its relation (what cost classes
match); its text ``REL[DEP,HEAD]`` names it in a symbol table, and
``same = "span"`` in a cost scheme compares its arc ``[DEP,HEAD]``.  Every
word is a gold event (punctuation included).

:meth:`DepEncoding.encode` takes a tree's *raw* tokens (the reader's, not a
normalised bracketing: punctuation and function tags must still be there)
and converts them with the encoding's converter.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from parsedit.encodings.base import Symbol

if TYPE_CHECKING:
    from parsedit.deps.convert import Converter
    from parsedit.deps.model import DepTree

Key = int | str
DepSymbol = tuple[Key, Key, str]


def symbols_of(tree: DepTree) -> tuple[DepSymbol, ...]:
    """A dependency tree's symbols, its own words numbered 1, 2, ..."""
    return tuple((i, h, r) for i, (h, r) in enumerate(zip(tree.heads, tree.relations),
                                                         start=1))


class DepEncoding:
    name = "dep"
    kinds: tuple[str, ...] = ("dep",)
    anchor_kind: str | None = None

    def __init__(self, converter: Converter | None = None) -> None:
        self._converter = converter

    @property
    def converter(self) -> Converter:
        if self._converter is None:
            from parsedit.deps.convert import Converter

            self._converter = Converter()
        return self._converter

    def encode(self, tokens: Sequence[str]) -> tuple[Symbol, ...]:
        return symbols_of(self.converter.convert(tokens))

    def events(self, symbols: Sequence[Symbol]) -> int:
        return len(symbols)

    def count(self, tokens: Sequence[str]) -> int:
        return len(self.converter.convert(tokens))

    def kind(self, symbol: Symbol) -> str:
        return "dep"

    def label(self, symbol: Symbol) -> str:
        return cast(DepSymbol, symbol)[2]

    def text(self, symbol: Symbol) -> str:
        dependent, head, relation = cast(DepSymbol, symbol)
        return f"{relation}[{dependent},{head}]"

    def display(self, symbol: Symbol) -> str:
        dependent, head, relation = cast(DepSymbol, symbol)
        return f"{relation}({head},{dependent})"

    def anchors(self, symbols: Sequence[Symbol]) -> list[int]:
        return []
