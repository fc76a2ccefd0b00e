"""The line readers: a treebank line read straight into what the metrics
read, with no token objects in between (:mod:`parsedit.trees.fast` says
how they serve a run).

:class:`LineKeys` reads a line into PARSEVAL's bracket keys, with no
normalised bracketing either; :class:`LineSentences` into its normalised
sentence.

A line in the usual form (one tree, ``(LABEL`` and ``(TAG word)`` separated
by single spaces, close brackets following each other, as the Penn Treebank,
parsers and EVALB's files write it) is cut at each ``") ("``: every chunk
holds one preterminal, the phrases that open just before it and the phrases
that close just after it (``"S (NP-SBJ (NNP Pierre"``, ``"NNP Vinken)"``).
What the normalisation makes of a chunk is worked out once per distinct
chunk, from :meth:`Normalisation._token
<parsedit.trees.normalise.Normalisation._token>` (the reference road's own
rule for each token), and remembered, so a line costs one ``split``, one
dictionary look-up per word and one stack step per phrase.  Each kept phrase
becomes an integer key ``label << 40 | start << 20 | end`` over word
positions (labels numbered per distinct normalised label), so that matching
two sentences is integer set arithmetic
(:func:`parsedit.metrics.parseval.keys_counts`).

Anything else (blank lines, errors, failure markers, bare words, brackets
written as words, other spacing, sentences of 2^20 words or more) is not
read here: :meth:`LineKeys.read` returns None, the line is handed back,
and the run reads it with the reference reader, so correctness never
depends on this reader handling a rare case.  Equivalence with the
reference route is tested (tests/test_lines.py).
"""

from __future__ import annotations

import re
from itertools import accumulate, chain, compress
from typing import NamedTuple

from parsedit.trees.bracketing import CLOSE
from parsedit.trees.normalise import Normalisation, Normalised
from parsedit.trees.reader import SPACES, WORD_CLASS
from parsedit.trees.roots import strip_outer_bracket

# A chunk: the labels of the phrases opening before its preterminal (each
# followed by " ("), the preterminal's tag and word, and the close brackets
# of the phrases after it.  Anything else sends the line to the per-sentence
# path.
_CHUNK = re.compile(rf"((?:{WORD_CLASS}* \()*)({WORD_CLASS}+) ({WORD_CLASS}+)(\)*)")
# Distinct chunks remembered before the memory is cleared (between ranges).
_MAX_CHUNKS = 1 << 18
# Word positions fit in POSITION bits of a key (the whole key in 60 bits, a
# Python int of two digits: no slower than 16 bits; a sentence of 2^20 words
# or more, which the limit on a line's length rules out in this form, is
# read by the reference reader).
POSITION = 20
POSITIONS = (1 << POSITION) - 1  # key & POSITIONS: the end
MAX_WORDS = 1 << POSITION
LABEL = 2 * POSITION  # key >> LABEL: the label's number
SPAN = (1 << LABEL) - 1  # key & SPAN: the unlabelled bracket (start << POSITION | end)
# What a chunk does: (frames, kind, (word, tag), phrase closes).  Each
# phrase opening pushes its frame (label << 16, or -1 if its label is
# deleted); the preterminal is kept and counts in EVALB's length (_KEPT),
# is deleted and counts (_DROPPED, punctuation), is deleted and does not
# count (_UNCOUNTED, -NONE-), or is kept and does not count (_KEPT_UNCOUNTED).
Chunk = tuple[tuple[int, ...], int, tuple[str, str], tuple[None, ...]]
_KEPT, _DROPPED, _UNCOUNTED, _KEPT_UNCOUNTED = range(4)
_DELETED_PHRASE = -1


class LineRead(NamedTuple):
    """One line as PARSEVAL sees it: its bracket keys in the order they
    close, each kept word with its tag (``("dog)", "NN")``, in order),
    whether the normalised sentence is one unlabelled bracket around
    everything (:func:`parsedit.trees.roots.outer_bracket`), and EVALB's
    length (:class:`parsedit.trees.normalise.Normalised`)."""

    keys: list[int]
    tagged: list[tuple[str, str]]
    outer: bool
    length: int


# Whitespace that a line of the usual form does not hold: a run of spaces,
# or any other of the characters EVALB's reader splits at (C isspace).
_ODD_SPACE = re.compile(r"  |[\t\n\v\f\r]")


def respaced(text: str) -> str:
    """A line written as the fast readers read it: each run of whitespace
    (what EVALB's reader splits at) one space, none at either end or before
    a close bracket.  The reference reader reads both the same, so a parser
    that writes ``(TOP  (S ...) )`` (Berkeley, benepar) is read at full
    speed (see :func:`oddly_spaced`)."""
    # The bytes split where C's isspace splits: UTF-8 puts no ASCII byte
    # inside another character (and this is four times a regex's speed).
    words = text.encode("utf-8", "surrogatepass").split()
    return b" ".join(words).decode("utf-8", "surrogatepass").replace(" )", ")")


def oddly_spaced(text: str) -> bool:
    """Whether a line holds whitespace that :func:`respaced` would change
    (a run of spaces, a tab, a carriage return...): a line a fast reader
    refuses as written is read again respaced only then, so that lines of
    the usual form pay nothing."""
    return _ODD_SPACE.search(text) is not None


def _usual(text: str) -> list[str] | None:
    """A line's chunks (see the module docstring), or None if it is not
    bracketed at both ends."""
    if text[:1] != "(" or text[-1:] != ")":  # (else nothing to strip)
        text = text.strip(SPACES)
    if " )" in text:  # "(NN dog) )": the reader reads it as "(NN dog))"
        text = text.replace(" )", ")")
    if not (text.startswith("(") and text.endswith(")")):
        return None
    return text[1:-1].split(") (")


class LineKeys:
    """The key reader of one :class:`Normalisation`, with its memory of
    distinct chunks (what each becomes) and of normalised labels (their
    numbers)."""

    def __init__(self, norm: Normalisation) -> None:
        self.norm = norm
        self._chunks: dict[str, Chunk] = {}
        self._labels: dict[str, int] = {}
        # What the phrases opening in a chunk push, and what a tag makes of
        # its preterminal (its kind, its tag as normalised), per distinct one.
        self._frames: dict[str, tuple[int, ...]] = {}
        self._kinds: dict[str, tuple[int, str]] = {}

    def new_range(self) -> None:
        """Called between ranges of lines: the memory stays bounded on any
        corpus (label numbers are compared only within a pair)."""
        if len(self._chunks) > _MAX_CHUNKS or len(self._frames) > _MAX_CHUNKS:
            for memory in (self._chunks, self._labels, self._frames, self._kinds):
                memory.clear()

    def _learn(self, chunk: str) -> Chunk | None:
        """What a chunk does (None: not a chunk of the usual form)."""
        found = _CHUNK.fullmatch(chunk)
        if found is None:
            return None
        opens, tag, word, closes = found.groups()
        kind = self._kinds.get(tag) or self._kind(tag)
        return self._opening(opens), kind[0], (word + ")", kind[1]), (None,) * len(closes)

    def _opening(self, opens: str) -> tuple[int, ...]:
        """The frames the phrases opening in a chunk push (``opens``: each
        label followed by " (")."""
        frames = self._frames.get(opens)
        if frames is None:
            frames = self._frames[opens] = tuple(map(self._frame, opens.split(" (")[:-1]))
        return frames

    def _kind(self, tag: str) -> tuple[int, str]:
        """What a preterminal's tag makes of it: its kind, its tag as normalised."""
        deleted, uncounted, opened, _ = self.norm._token(f"({tag} -)")
        kind = self._kinds[tag] = ((_UNCOUNTED if uncounted else _DROPPED) if deleted
                                   else _KEPT_UNCOUNTED if uncounted else _KEPT, opened[2:])
        return kind

    def _frame(self, label: str) -> int:
        """What a phrase opening pushes: its label's number << POSITION, or -1 if
        its label is deleted."""
        deleted, _, opened, _ = self.norm._token("(" + label)
        return _DELETED_PHRASE if deleted else \
            self._labels.setdefault(opened, len(self._labels) + 1) << POSITION

    def _chunks_of(self, text: str) -> list[str] | None:
        """The chunks of a line, each learnt (None if one is not of the usual
        form, or the sentence is too long for a key)."""
        chunks = _usual(text)
        if chunks is None or len(chunks) >= MAX_WORDS:
            return None
        known = self._chunks
        for chunk in chunks:
            if chunk not in known:
                learnt = self._learn(chunk)
                if learnt is None:
                    return None
                known[chunk] = learnt
        return chunks

    def read(self, text: str) -> LineRead | None:
        """A line read (None: not of the usual form, or unbalanced); a line
        refused as written is read again respaced (:func:`respaced`), if its
        spacing is odd."""
        found = self._read(text)
        if found is None and oddly_spaced(text):
            return self._read(respaced(text))
        return found

    def _read(self, text: str) -> LineRead | None:
        walked = None
        if text[:1] == "(" and text[-1:] == ")":
            chunks = text[1:-1].split(") (")
            if len(chunks) < MAX_WORDS:
                try:
                    walked = self._walk(chunks)
                except KeyError:  # a chunk not seen yet, or not of the usual form
                    pass
        if walked is None:
            learnt = self._chunks_of(text)
            if learnt is None:
                return None
            walked = self._walk(learnt)
            if walked is None:
                return None
        keys, tagged, length = walked
        last = keys[-1] if keys else 0
        outer = last >> LABEL == self._labels.get("(") and last & SPAN == len(tagged)
        return LineRead(keys, tagged, outer, length)

    def _walk(self, chunks: list[str]) -> tuple[list[int], list[tuple[str, str]], int] | None:
        """The bracket keys, tagged words and EVALB's length of a line's chunks
        (None if its brackets do not balance); KeyError for a chunk not
        learnt."""
        keys: list[int] = []
        tagged: list[tuple[str, str]] = []
        stack: list[int] = []
        push, pop, emit, add = stack.append, stack.pop, keys.append, tagged.append
        n = extra = 0  # words kept; preterminals counted in the length beyond them
        try:
            for frames, kind, word, closes in map(self._chunks.__getitem__, chunks):
                if frames:
                    for frame in frames:
                        push(frame | n)
                if kind == 0:  # _KEPT
                    n += 1
                    add(word)
                elif kind == _DROPPED:
                    extra += 1
                elif kind == _KEPT_UNCOUNTED:
                    n += 1
                    add(word)
                    extra -= 1
                if closes:
                    for _ in closes:
                        frame = pop()
                        # a deleted label, or nothing left inside: no bracket
                        if frame >= 0 and n != frame & POSITIONS:
                            emit(frame << POSITION | n)
        except IndexError:  # more close brackets than open ones
            return None
        return None if stack else (keys, tagged, n + extra)


# What a chunk gives a normalised sentence (see LineSentences): its tokens (the
# phrases kept, the preterminal if kept, the close brackets), its word token
# (none if the preterminal is deleted), its part of EVALB's length, its
# phrases opened less closed, its risk (_DELETED_OPEN: a phrase label
# deleted; _EMPTYING: phrases kept with a preterminal deleted), and its parts
# for the walk: each phrase's open token (None if deleted), the
# preterminal's tokens, the number of close brackets.
Piece = tuple[tuple[str, ...], tuple[str, ...], int, int, int,
              tuple[tuple[str | None, ...], tuple[str, ...], int]]
_DELETED_OPEN, _EMPTYING = 1, 2


class LineSentences:
    """A line in the usual form read straight into its normalised sentence
    (:class:`~parsedit.trees.normalise.Normalised`: what every metric reads),
    the same as the reader and :meth:`Normalisation.normalise` make of it,
    with what each distinct chunk gives worked out once and remembered.

    Most lines are then joined from their chunks' tokens at C speed: when
    no phrase label is deleted but the root's (``TOP``) and no phrase can be
    left spanning no word (a phrase opened beside a deleted preterminal is
    safe when it stays open over the next preterminal, which is kept); any
    other line is walked chunk by chunk as normalisation walks tokens.  A
    line not of the usual form gives None (the caller reads it through the
    reader).  Equivalence with the reader and normalisation is tested
    (tests/test_lines.py)."""

    def __init__(self, norm: Normalisation) -> None:
        self.norm = norm
        self._pieces: dict[str, Piece] = {}

    def new_range(self) -> None:
        """Called between ranges of lines: the memory stays bounded."""
        if len(self._pieces) > _MAX_CHUNKS:
            self._pieces.clear()

    def _learn(self, chunk: str) -> Piece | None:
        found = _CHUNK.fullmatch(chunk)
        if found is None:
            return None
        opens, tag, word, closes = found.groups()
        token = self.norm.token
        opened: tuple[str | None, ...] = ()
        kept: tuple[str, ...] = ()
        if opens:
            opened = tuple(self._opened(label) for label in opens[:-2].split(" ("))
            kept = tuple(filter(None, opened))
        deleted, uncounted, tag_token, word_token = token(f"({tag} {word})")
        preterminal = () if deleted else (tag_token, word_token)
        risk = (_DELETED_OPEN if len(kept) != len(opened) else 0) | \
            (_EMPTYING if deleted and kept else 0)
        return (kept + preterminal + (CLOSE,) * len(closes), preterminal[1:],
                0 if uncounted else 1, len(opened) - len(closes), risk,
                (opened, preterminal, len(closes)))

    def _opened(self, label: str) -> str | None:
        """A phrase's open token as normalised (None if its label is deleted)."""
        deleted, _, text, _ = self.norm.token("(" + label)
        return None if deleted else text

    def read(self, text: str) -> Normalised | None:
        """A line's normalised sentence (None: not of the usual form, or
        unbalanced); a line refused as written is read again respaced
        (:func:`respaced`), if its spacing is odd."""
        found = self._read(text)
        if found is None and oddly_spaced(text):
            return self._read(respaced(text))
        return found

    def _read(self, text: str) -> Normalised | None:
        chunks = _usual(text)
        if chunks is None:
            return None
        known = self._pieces
        pieces: list[Piece | None] = list(map(known.get, chunks))
        if None in pieces:
            for k, piece in enumerate(pieces):
                if piece is None:
                    learnt = self._learn(chunks[k])
                    if learnt is None:
                        return None
                    pieces[k] = known[chunks[k]] = learnt
        tokens, words, lengths, steps, risks, parts = zip(*pieces)
        depths = list(accumulate(steps))
        if depths.pop():  # (the depth after the last chunk)
            return None
        low = min(depths, default=0)  # the least depth before the last chunk
        if low < 0:
            return None
        root = self._joinable(parts, risks, low)
        if root is None:
            bracketing = self._walk(parts)
        else:
            joined = tuple(chain.from_iterable(tokens))
            bracketing = joined[:len(joined) - root] if root else joined
        if self.norm.strip_outer_bracket:
            bracketing = strip_outer_bracket(bracketing)
        return Normalised(bracketing, list(chain.from_iterable(words)), sum(lengths))

    @staticmethod
    def _joinable(parts: tuple[tuple[tuple[str | None, ...], tuple[str, ...], int], ...],
                  risks: tuple[int, ...], low: int) -> int | None:
        """How many close brackets end the joined tokens that belong to
        deleted root phrases, when the chunks' tokens can simply be joined;
        None when the line must be walked (``low``: the least depth after a
        chunk but the last)."""
        root = 0
        for i in compress(range(len(risks)), risks):
            opened, _, closes = parts[i]
            if risks[i] & _EMPTYING and (closes or i + 1 == len(parts) or not parts[i + 1][1]):
                return None
            if risks[i] & _DELETED_OPEN:
                # only the first chunk's outermost phrases, closing at the end
                root = next((k for k, o in enumerate(opened) if o is not None), len(opened))
                if i or None in opened[root:] or (len(parts) > 1 and low < root):
                    return None
        return root

    @staticmethod
    def _walk(parts: tuple[tuple[tuple[str | None, ...], tuple[str, ...], int], ...]
              ) -> tuple[str, ...]:
        """The normalised tokens of a line, chunk by chunk: a deleted
        phrase's brackets dropped, a phrase left spanning no word pruned (as
        :meth:`Normalisation.normalise` does token by token)."""
        out: list[str] = []
        frames: list[tuple[int, int]] = []
        n = 0
        for opened, preterminal, closes in parts:
            for token in opened:
                if token is None:
                    frames.append((-1, n))
                else:
                    frames.append((len(out), n))
                    out.append(token)
            if preterminal:
                out += preterminal
                n += 1
            for _ in range(closes):
                index, before = frames.pop()
                if index >= 0:
                    if n == before:
                        del out[index:]
                    else:
                        out.append(CLOSE)
        return tuple(out)
