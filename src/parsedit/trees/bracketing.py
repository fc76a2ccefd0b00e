"""The normalised form of a tree: a flat sequence of bracket tokens.

Normalisation writes every tree as Roark's labelled-bracketing tokens
(Roark 2002, section 3), which every encoding then reads in one pass:

* ``"(NP"``   a phrase's open bracket with its label (``"("`` if unlabelled);
* ``"((NN"``  a preterminal's open bracket with its tag (``"(("`` for a word
  standing directly under a phrase, which has no tag);
* ``"dog)"``  a word with the close bracket of its preterminal;
* ``")"``     a phrase's close bracket.

Labels and words never contain whitespace or brackets, so the kinds cannot
be confused.  :func:`decode` is the one place that reads a token: every walker
over a bracketing takes its kind and text from it (remembered per distinct
token, so the walkers stay as fast as hand-written tests of the first
characters).
"""

from __future__ import annotations

from collections.abc import Iterable

Bracketing = tuple[str, ...]

CLOSE = ")"
TAG = "(("
# The kinds of token (also the names cost schemes give them).
OPEN, CLOSING, TAGGED, WORD = "open", "close", "tag", "word"

Decoded = tuple[str, str]
_DECODED: dict[str, Decoded] = {}
_LIMIT = 1 << 20  # distinct tokens remembered at most (words of a huge corpus)


def decode(token: str) -> Decoded:
    """``(kind, text)`` of a token: ``("open", label)`` for ``(NP``,
    ``("tag", tag)`` for ``((NN``, ``("word", word)`` for ``dog)``,
    ``("close", ")")`` for ``)``."""
    found = _DECODED.get(token)
    if found is None:
        if token == CLOSE:
            found = (CLOSING, CLOSE)
        elif token[0] != "(":
            found = (WORD, token[:-1])
        elif token.startswith(TAG):
            found = (TAGGED, token[2:])
        else:
            found = (OPEN, token[1:])
        if len(_DECODED) >= _LIMIT:
            _DECODED.clear()
        _DECODED[token] = found
    return found


def decode_all(tokens: Iterable[str]) -> list[Decoded]:
    """:func:`decode` of every token (what the walkers iterate over)."""
    tokens = tokens if isinstance(tokens, (tuple, list)) else list(tokens)
    found = list(map(_DECODED.get, tokens))  # at C speed when every token is known
    if all(found):
        return found  # type: ignore[return-value]
    return [decode(token) for token in tokens]


def kind(token: str) -> str:
    """``open``, ``close``, ``tag`` or ``word``."""
    return decode(token)[0]


def words(bracketing: Bracketing) -> list[str]:
    """The yield: the text of every word token (:func:`decode`'s rule for a
    word, written out: a token neither ``(...`` nor ``)``, less its ``)``)."""
    return [token[:-1] for token in bracketing if token[0] != "(" and token != CLOSE]


def empty_elements(bracketing: Bracketing) -> int:
    """The number of words tagged ``-NONE-`` (the treebank's traces and null
    elements), which a parameter file without ``DELETE_LABEL -NONE-`` keeps."""
    return sum(1 for token in bracketing if token == "((-NONE-")

