"""The columnar front end: a treebank line read straight into what PARSEVAL
needs, with no token objects and no normalised bracketing in between.

A line in the usual form (one tree, ``(LABEL`` and ``(TAG word)`` separated
by single spaces, close brackets following each other, as the Penn Treebank,
parsers and EVALB's files write it) is cut at each ``" ("``: every piece is
one open bracket, either a phrase's label (``"NP-SBJ"``, ``""`` for an
unlabelled bracket) or a preterminal with the close brackets after it
(``"NNP Vinken))"``).  What the normalisation makes of a piece is worked out
once per distinct piece (:meth:`Normalisation._token
<parsedit.trees.normalise.Normalisation._token>`, the per-sentence path's own
rule) and remembered, so a line costs one ``split``, one dictionary look-up
per piece and one stack step per phrase.  Each kept phrase becomes an integer
key ``label << 32 | start << 16 | end`` over word positions (labels numbered
per distinct normalised label), so that matching two sentences is integer
set arithmetic (:func:`parsedit.metrics.parseval.columnar_counts`).

Anything else (blank lines, errors, failure markers, bare words, brackets
written as words, unusual spacing, sentences of 65,536 words or more) is not
read here: :meth:`Columns.read` returns None and the caller scores that
pair by the per-sentence path, so correctness never depends on this reader
handling a rare case.  The equivalence with the per-sentence path is tested
(tests/test_columnar.py).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from parsedit.trees.normalise import Normalisation

# A piece as it stands: a preterminal "TAG word" with its close brackets, or
# a phrase's label.  Anything else sends the line to the per-sentence path.
_PRETERMINAL = re.compile(r"([^\s()]+) ([^\s()]+)(\)+)")
_LABEL = re.compile(r"[^\s()]*")
# Distinct pieces remembered before the memory is cleared (at a block's edge).
_MAX_PIECES = 1 << 18
# Word positions fit in 16 bits of a key.
_MAX_WORDS = 1 << 16
SPAN = (1 << 32) - 1  # key & SPAN: the unlabelled bracket (start << 16 | end)
# What a piece does: (frame, phrase closes, (word, tag)).  A phrase pushes
# ``frame`` (label << 16, or -1 if its label is deleted); a preterminal
# (frame -2) adds its word if it is kept (not None) and closes phrases.
Piece = tuple[int, tuple[None, ...], tuple[str, str] | None]
_DELETED_PHRASE = -1
_PRETERMINAL_FRAME = -2


class Read(NamedTuple):
    """One line as PARSEVAL sees it: its bracket keys in the order they
    close, each word with its tag (``("dog)", "NN")``, in order), and whether
    the normalised sentence is one unlabelled bracket around everything
    (:func:`parsedit.trees.roots.outer_bracket`)."""

    keys: list[int]
    tagged: list[tuple[str, str]]
    outer: bool


class Columns:
    """The columnar reader of one :class:`Normalisation`, with its memory of
    distinct pieces (what each becomes) and of normalised labels (their
    numbers)."""

    def __init__(self, norm: Normalisation) -> None:
        self.norm = norm
        self._pieces: dict[str, Piece] = {}
        self._lengths: dict[str, int] = {}  # piece -> 1 if it counts in EVALB's length
        self._labels: dict[str, int] = {}

    def new_block(self) -> None:
        """Called between pairs: the memory stays bounded on any corpus (label
        numbers are compared only within a pair)."""
        if len(self._pieces) > _MAX_PIECES:
            self._pieces.clear()
            self._lengths.clear()
            self._labels.clear()

    def _learn(self, piece: str) -> Piece | None:
        """What a piece does (None: not a piece of the usual form)."""
        found = _PRETERMINAL.fullmatch(piece)
        token = self.norm._token
        if found is not None:
            tag, word, closes = found.groups()
            deleted, uncounted, opened, word_token = token(f"({tag} {word})")
            self._lengths[piece] = int(not uncounted)
            return (_PRETERMINAL_FRAME, (None,) * (len(closes) - 1),
                    None if deleted else (word_token, opened[2:]))
        if _LABEL.fullmatch(piece) is None:
            return None
        self._lengths[piece] = 0
        deleted, _, opened, _ = token("(" + piece)
        if deleted:
            return (_DELETED_PHRASE, (), None)
        number = self._labels.setdefault(opened, len(self._labels) + 1)
        return (number << 16, (), None)

    def _pieces_of(self, text: str) -> list[str] | None:
        """The pieces of a line, each learnt (None if one is not of the usual
        form, or the sentence is too long for a key)."""
        text = text.strip()
        if not text.startswith("("):
            return None
        if " )" in text:  # "(NN dog) )": the reader reads it as "(NN dog))"
            text = text.replace(" )", ")")
        pieces = text[1:].split(" (")
        if len(pieces) >= _MAX_WORDS:
            return None
        known = self._pieces
        for piece in pieces:
            if piece not in known:
                learnt = self._learn(piece)
                if learnt is None:
                    return None
                known[piece] = learnt
        return pieces

    def read(self, text: str, length: bool = False) -> tuple[Read, int] | None:
        """A line read (None: not of the usual form, or unbalanced), and with
        ``length`` EVALB's length of the sentence (else 0)."""
        pieces = text[1:].split(" (") if text[:1] == "(" else None
        try:
            walked = self._walk(pieces) if pieces is not None else None
        except KeyError:  # a piece not seen yet, or not of the usual form
            walked = None
        if walked is None:
            pieces = self._pieces_of(text)
            if pieces is None:
                return None
            walked = self._walk(pieces)
            if walked is None:
                return None
        keys, tagged = walked
        n = len(tagged)
        empty = self._labels.get("(")
        outer = bool(keys) and keys[-1] >> 32 == empty and keys[-1] & SPAN == n
        counted = sum(map(self._lengths.__getitem__, pieces)) if length else 0  # type: ignore[arg-type]
        return Read(keys, tagged, outer), counted

    def _walk(self, pieces: list[str]) -> tuple[list[int], list[tuple[str, str]]] | None:
        """The bracket keys and tagged words of a line's pieces (None if its
        brackets do not balance); KeyError for a piece not learnt."""
        keys: list[int] = []
        tagged: list[tuple[str, str]] = []
        stack: list[int] = []
        push, pop, emit, add = stack.append, stack.pop, keys.append, tagged.append
        n = 0
        try:
            for frame, closes, word in map(self._pieces.__getitem__, pieces):
                if frame != -2:  # a phrase
                    push(frame | n)
                    continue
                if word is not None:
                    n += 1
                    add(word)
                if closes:
                    for _ in closes:
                        frame = pop()
                        # a deleted label, or nothing left inside: no bracket
                        if frame >= 0 and n != frame & 0xFFFF:
                            emit(frame << 16 | n)
        except IndexError:  # more close brackets than open ones
            return None
        return None if stack else (keys, tagged)
