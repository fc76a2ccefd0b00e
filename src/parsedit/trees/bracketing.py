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

from collections.abc import Callable, Iterable, Sequence
from itertools import accumulate, compress
from typing import TypeVar

Bracketing = tuple[str, ...]
_T = TypeVar("_T")

CLOSE = ")"
TAG = "(("
# The kinds of token (also the names cost schemes give them).
OPEN, CLOSING, TAGGED, WORD = "open", "close", "tag", "word"

Decoded = tuple[str, str]
_DECODED: dict[str, Decoded] = {}
# Beside each decoded token: the change of depth it makes (1 for an open
# bracket, -1 for a close bracket, 0 for a tag or word token) and whether it
# is a word, so that the depths and the words' positions of a whole
# bracketing are found by C-level maps over these memories.
_STEP: dict[str, int] = {}
_IS_WORD: dict[str, bool] = {}
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
            for memory in (_DECODED, _STEP, _IS_WORD):
                memory.clear()
        _DECODED[token] = found
        _STEP[token] = _step(found)
        _IS_WORD[token] = _is_word(found)
    return found


def _step(decoded: Decoded) -> int:
    """The change of depth a decoded token makes (what :data:`_STEP` holds)."""
    return 1 if decoded[0] is OPEN else -1 if decoded[0] is CLOSING else 0


def _is_word(decoded: Decoded) -> bool:
    """Whether a decoded token is a word (what :data:`_IS_WORD` holds)."""
    return decoded[0] is WORD


def decode_all(tokens: Iterable[str]) -> list[Decoded]:
    """:func:`decode` of every token (what the walkers iterate over)."""
    tokens = tokens if isinstance(tokens, (tuple, list)) else list(tokens)
    found = list(map(_DECODED.get, tokens))  # at C speed when every token is known
    if all(found):
        return found  # type: ignore[return-value]
    return [decode(token) for token in tokens]


def _known(memory: dict[str, _T], of: Callable[[Decoded], _T], tokens: Sequence[str]
           ) -> list[_T]:
    """What ``memory`` (one beside :data:`_DECODED`, holding ``of`` each
    decoded token) holds of every token, each decoded first if it is new.
    (Not read back from the memory then: decoding a token may clear the
    memories, past :data:`_LIMIT` tokens or in another thread.)"""
    found = list(map(memory.get, tokens))
    if None in found:
        found = [of(decode(token)) for token in tokens]
    return found  # type: ignore[return-value]


def depths(tokens: Sequence[str]) -> list[int]:
    """The depth after each token (open brackets less close brackets so far)."""
    return list(accumulate(_known(_STEP, _step, tokens)))


def word_positions(tokens: Sequence[str]) -> list[int]:
    """The positions of the word tokens, in order."""
    return list(compress(range(len(tokens)), _known(_IS_WORD, _is_word, tokens)))


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

