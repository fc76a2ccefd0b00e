"""The normalised form of a tree: a flat sequence of bracket tokens.

Normalisation writes every tree as Roark's labelled-bracketing tokens
(Roark 2002, section 3), which every encoding then reads in one pass:

* ``"(NP"``   a phrase's open bracket with its label (``"("`` if unlabelled);
* ``"((NN"``  a preterminal's open bracket with its tag (``"(("`` for a word
  standing directly under a phrase, which has no tag);
* ``"dog)"``  a word with the close bracket of its preterminal;
* ``")"``     a phrase's close bracket.

Labels and words never contain whitespace or brackets, so the kinds cannot
be confused.
"""

from __future__ import annotations

Bracketing = tuple[str, ...]

CLOSE = ")"
TAG = "(("


def kind(token: str) -> str:
    """``open``, ``close``, ``tag`` or ``word``."""
    if token == CLOSE:
        return "close"
    if token[0] != "(":
        return "word"
    return "tag" if token.startswith(TAG) else "open"


def words(bracketing: Bracketing) -> list[str]:
    """The yield."""
    return [t[:-1] for t in bracketing if t[0] != "(" and t != CLOSE]


def constituents(bracketing: Bracketing) -> int:
    """The number of non-preterminal constituents (Roark's gold events)."""
    return len([t for t in bracketing if t[0] == "(" and t[1:2] != "("])
