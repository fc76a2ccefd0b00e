"""What every encoding provides: tree (normalised forest) -> tuple of symbols.

A symbol is any hashable value.  ``kind`` names the class a cost scheme sees
(``open``, ``close``, ``tag``, ``word`` for the labelled bracketing; ``span``;
``rule``), ``display`` writes it for people.  ``anchor_kind`` names the kind
that a scheme may never edit and that therefore cuts a pair of strings into
independent pieces (the label encoding's terminals), or is None.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Protocol

from parsedit.trees.normalise import Forest

Symbol = Hashable


class Encoding(Protocol):
    name: str
    kinds: tuple[str, ...]
    anchor_kind: str | None

    def encode(self, forest: Forest) -> tuple[Symbol, ...]: ...

    def kind(self, symbol: Symbol) -> str: ...

    def display(self, symbol: Symbol) -> str: ...


def constituents(forest: Forest) -> int:
    """Gold events: the number of non-preterminal constituents."""
    from parsedit.trees.tree import Tree

    count = 0
    stack = [c for c in forest if isinstance(c, Tree)]
    while stack:
        node = stack.pop()
        if not node.is_preterminal:
            count += 1
            stack.extend(c for c in node.children if isinstance(c, Tree))
    return count
