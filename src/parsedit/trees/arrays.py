"""The columnar reader (:mod:`parsedit.trees.columnar`) over a whole block of
lines at once, with numpy: no Python step per word or per phrase.

Every line of a block is cut into chunks at ``") ("`` by one ``split`` over
the block; each chunk is numbered by a dictionary over distinct chunks (what
a new chunk does is learnt once: one pattern match over all of a block's new
chunks, :data:`parsedit.trees.columnar._CHUNK`'s, then the per-line reader's
own rules, :meth:`Columns._opening <parsedit.trees.columnar.Columns._opening>`
and :meth:`Columns._kind <parsedit.trees.columnar.Columns._kind>`), and
per-chunk arrays give, for every chunk of the block at once, how many
phrases open before its preterminal and with which labels, whether its word
is kept and counts in EVALB's length, and how many phrases close after it.
Brackets follow without a stack: a phrase opened at depth *d* is closed by
the next close bracket back at depth *d*, so the i-th open at a depth is
closed by the i-th close at that depth, and sorting the opens and the closes
stably by depth pairs them.  Each kept bracket becomes an integer key
``line << 48 | label << 32 | start << 16 | end`` (``line`` within the
block), so that matching a whole block of pairs is integer set arithmetic
(:mod:`parsedit.metrics.parseval_arrays`).

Lines the per-line reader does not read (:meth:`Columns.read
<parsedit.trees.columnar.Columns.read>` gives None: blank, broken or unusual
lines, unbalanced brackets, 65,536 words or more) are marked not ``usual``
and left to the per-sentence path, as are lines whose phrase labels outgrow
the key's 16 bits.  This module and :mod:`parsedit.metrics.parseval_arrays`
import numpy; :mod:`parsedit.blocks` imports them only for files large
enough for it to pay (:data:`parsedit.blocks.ARRAYS_FROM`).
"""

from __future__ import annotations

import gc
import re
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from parsedit.trees.columnar import (
    _CHUNK,
    _DROPPED,
    _KEPT,
    _KEPT_UNCOUNTED,
    _MAX_CHUNKS,
    _MAX_WORDS,
    Columns,
)
from parsedit.trees.normalise import Normalisation

Ints = npt.NDArray[np.integer[Any]]
Bools = npt.NDArray[np.bool_]

LINE = 48  # a key's line within the block: key >> LINE
MAX_LINES = 1 << 15  # lines a block may hold (the key's sign bit stays clear)
MAX_LABELS = 1 << 16  # label numbers a key holds
SPANS = ~(0xFFFF << 32)  # key & SPANS: the bracket without its label
_SEPARATOR = ") ("
_JOIN = " (\n) "


class BlockRead(NamedTuple):
    """A block of lines as PARSEVAL sees them: per line whether it was read
    here (``usual``), its kept words, EVALB's length, and whether its
    normalised sentence is one unlabelled bracket around everything; the
    bracket keys of the usual lines (in no particular order); and their kept
    words, in order, as word and tag numbers, with the line of each."""

    usual: Bools
    words: Ints
    length: Ints
    outer: Bools
    keys: Ints
    word_ids: Ints
    tag_ids: Ints
    word_lines: Ints


def ragged(counts: Ints) -> tuple[Ints, Ints]:
    """For items each repeated ``counts[i]`` times: the item of each copy
    and the copy's rank within its item (0, 1, ...)."""
    owner = np.repeat(np.arange(len(counts)), counts)
    starts = np.cumsum(counts) - counts
    return owner, np.arange(len(owner)) - starts[owner]


class _Numbers(dict[str, int]):
    """Chunks numbered in the order first met; those not yet learnt in ``new``."""

    def __init__(self) -> None:
        super().__init__()
        self.new: list[str] = []

    def __missing__(self, chunk: str) -> int:
        number = self[chunk] = len(self)
        self.new.append(chunk)
        return number


# A chunk (as columnar._CHUNK), or anything else on its line.
_CHUNKS = re.compile(r"^(?:((?:[^\s()]* \()*)([^\s()]+) ([^\s()]+)(\)*)|.*)$", re.MULTILINE)
# Table's arrays per chunk.
_COLUMNS = ("valid", "opens", "closes", "kept", "counted", "word", "tag", "first")


class Table:
    """What each distinct chunk of one :class:`Normalisation` does, in
    arrays indexed by the chunk's number, and the numbers of the words and
    tags it holds (cleared past 2^18 chunks between blocks, so the memory
    stays bounded)."""

    def __init__(self, norm: Normalisation) -> None:
        self.norm = norm
        self._clear()

    def _clear(self) -> None:
        self.columns = Columns(self.norm)
        self.ids = _Numbers()
        dict.__setitem__(self.ids, "\n", 0)  # between two lines (see read)
        self._words: dict[str, int] = {}
        self._tags: dict[str, int] = {}
        # Per tag: word kept, counted in the length, tag number; per run of
        # opening phrases, their frames (None: a label number too large).
        self._kinds: dict[str, tuple[bool, bool, int]] = {}
        self._openings: dict[str, tuple[int, ...] | None] = {}
        size = 1024
        # Per chunk: read here, phrases opening, phrases closing, word kept,
        # counted in the length, word and tag numbers, first frame.
        self.valid = np.zeros(size, np.bool_)
        self.opens = np.zeros(size, np.int32)
        self.closes = np.zeros(size, np.int32)
        self.kept = np.zeros(size, np.bool_)
        self.counted = np.zeros(size, np.bool_)
        self.word = np.zeros(size, np.int32)
        self.tag = np.zeros(size, np.int32)
        self.first = np.zeros(size, np.int32)
        # The labels of every chunk's opening phrases, one after another
        # (their numbers, or -1 for a deleted label).
        self.frames = np.zeros(size, np.int32)
        self._frames = 0

    def new_block(self) -> None:
        """Called between blocks: forget everything past 2^18 chunks."""
        if len(self.ids) > _MAX_CHUNKS:
            self._clear()

    def _learn(self) -> None:
        """Fill in the arrays of the chunks numbered since the last call
        (without the garbage collector, which the tuples made here would
        set off every 700, to find no cycle: 5% of a whole run)."""
        collecting = gc.isenabled()
        gc.disable()
        try:
            self._learn_new()
        finally:
            if collecting:
                gc.enable()

    def _learn_new(self) -> None:
        chunks = self.ids.new
        start = len(self.ids) - len(chunks)
        need = len(self.ids)
        if need > len(self.valid):
            size = max(need, 2 * len(self.valid))
            for name in _COLUMNS:
                old = getattr(self, name)
                new = np.zeros(size, old.dtype)
                new[:len(old)] = old
                setattr(self, name, new)
        # One pattern over the new chunks: (opens, tag, word, closes) of each,
        # all empty for a chunk not of the usual form (chunks hold no newline).
        found: list[tuple[str, ...]] = _CHUNKS.findall("\n".join(chunks))
        if len(found) != len(chunks):  # (never seen; one chunk at a time then)
            found = [m.groups() if (m := _CHUNK.fullmatch(chunk)) else ("", "", "", "")
                     for chunk in chunks]
        frames: list[int] = []
        rows: list[tuple[bool, int, int, bool, bool, int, int, int]] = []
        words, kinds, openings, labels = self._words, self._kinds, self._openings, \
            self.columns._labels
        invalid = (False, 0, 0, False, False, 0, 0, 0)
        for opens, tag, word, closes in found:
            opened = openings.get(opens)
            if opened is None:
                opened = openings[opens] = self.columns._opening(opens)
                if len(labels) >= MAX_LABELS:
                    opened = openings[opens] = None
            if not word or opened is None:
                rows.append(invalid)
                continue
            kind = kinds.get(tag) or self._kind(tag)
            rows.append((True, len(opened), len(closes), kind[0], kind[1],
                         words.setdefault(word, len(words)), kind[2],
                         self._frames + len(frames)))
            frames.extend(frame >> 16 for frame in opened)  # (-1 stays -1)
        chunks.clear()
        for name, values in zip(_COLUMNS, zip(*rows)):
            getattr(self, name)[start:need] = values
        if self._frames + len(frames) > len(self.frames):
            grown = np.zeros(max(self._frames + len(frames), 2 * len(self.frames)), np.int32)
            grown[:self._frames] = self.frames[:self._frames]
            self.frames = grown
        self.frames[self._frames:self._frames + len(frames)] = frames
        self._frames += len(frames)

    def _kind(self, tag: str) -> tuple[bool, bool, int]:
        """What a preterminal's tag makes of it (see :attr:`_kinds`)."""
        kind, normalised = self.columns._kind(tag)
        self._kinds[tag] = found = (kind in (_KEPT, _KEPT_UNCOUNTED), kind in (_KEPT, _DROPPED),
                                    self._tags.setdefault(normalised, len(self._tags)))
        return found

    def _numbers(self, chunks: list[str]) -> Ints:
        """Each chunk's number, new ones learnt."""
        numbers = np.fromiter(map(self.ids.__getitem__, chunks), np.int32, len(chunks))
        if self.ids.new:
            self._learn()
        return numbers

    def read(self, lines: list[str], size: int) -> BlockRead:
        """The block's lines read (``size`` >= their number: the arrays are
        padded with lines that are not usual; an empty line is never usual).

        A line holding ``" )"`` (``"(NN dog) )"``, which the reader reads as
        ``"(NN dog))"``) is never usual as written, since no chunk holds a
        space before a close bracket: the block is read again with those
        lines' ``" )"`` made ``")"``, as :meth:`Columns._chunks_of
        <parsedit.trees.columnar.Columns._chunks_of>` reads them.  (Looking
        for ``" )"`` in every block first cost 3% of a run; few files have it.
        A file written so usually has it in every line: when a block's first
        line holds it, every line is mended before the block is read, once.)"""
        if lines and " )" in lines[0]:
            lines = [line.replace(" )", ")") for line in lines]
        found = self._read(lines, size)
        spaced = [i for i in np.flatnonzero(~found.usual[:len(lines)]).tolist()
                  if " )" in lines[i]]
        if not spaced:
            return found
        lines = list(lines)
        for i in spaced:
            lines[i] = lines[i].replace(" )", ")")
        return self._read(lines, size)

    def _read(self, lines: list[str], size: int) -> BlockRead:
        assert size < MAX_LINES
        n = len(lines)
        usual = np.zeros(size, np.bool_)
        usual[:n] = True
        joined = _JOIN.join(lines)
        odd = [i for i, text in enumerate(lines) if text[:1] != "(" or text[-1:] != ")"]
        if odd:
            lines = list(lines)
            for i in odd:  # as Columns._chunks_of reads it
                text = lines[i].strip()
                if not (text.startswith("(") and text.endswith(")")):
                    text = "()"
                    usual[i] = False
                lines[i] = text
            joined = _JOIN.join(lines)
        # Each line is "(" + inner + ")", so this is the inners joined by
        # ") (\n) (": split at ") (" (which overlaps itself nowhere, so no
        # match straddles a join), each line's chunks in order, the chunk
        # "\n" (number 0: no line holds a newline) between two lines.
        ids = self._numbers(joined[1:-1].split(_SEPARATOR) if n else [])
        between = np.flatnonzero(ids == 0)
        counts = (np.diff(between, prepend=-1, append=len(ids))[:n] - 1).astype(np.int32)
        ids = ids[ids != 0]
        line = np.repeat(np.arange(n, dtype=np.int32), counts)
        starts = np.cumsum(counts) - counts
        usual[:n] &= counts < _MAX_WORDS
        usual[line[~self.valid[ids]]] = False
        # Depth after each chunk within its line: a line is balanced if it
        # never goes below 0 and ends at 0 (within a chunk, the phrases open
        # before any closes).
        opens, closes = self.opens[ids], self.closes[ids]
        delta = opens - closes
        depth = np.cumsum(delta)
        depth -= (depth[starts] - delta[starts])[line]
        if n:
            usual[:n] &= (np.minimum.reduceat(depth, starts) >= 0) & (depth[starts + counts - 1]
                                                                      == 0)
        # The chunks of usual lines only.
        chosen = usual[line]
        ids, line, opens, closes = ids[chosen], line[chosen], opens[chosen], closes[chosen]
        before = (depth - delta)[chosen]  # depth before each chunk
        kept = self.kept[ids]
        words = np.bincount(line[kept], minlength=size)
        length = np.bincount(line[self.counted[ids]], minlength=size)
        # Each chunk's position: the kept words before it in its line.
        position = np.cumsum(kept) - kept - (np.cumsum(words) - words)[line]
        # The phrases opening, in order, each at the depth just after it, and
        # those closing, in order, each at the depth just before it.  At any
        # one depth, the opens and closes of balanced lines alternate (open,
        # close, open, close ...), each close its open's: so the i-th open at
        # a depth is closed by the i-th close at that depth, and sorting both
        # stably by depth pairs them.
        open_chunk, j = ragged(opens)
        close_chunk, k = ragged(closes)
        open_depth = before[open_chunk] + j + 1
        close_depth = before[close_chunk] + opens[close_chunk] - k
        small = np.int16 if not len(open_depth) or int(open_depth.max()) < (1 << 15) \
            else np.int64
        o = np.argsort(open_depth.astype(small), kind="stable")
        c = np.argsort(close_depth.astype(small), kind="stable")
        o_chunk = open_chunk[o]
        start = position[o_chunk]
        c_chunk = close_chunk[c]
        end = position[c_chunk] + kept[c_chunk]
        label = self.frames[self.first[ids][o_chunk] + j[o]]
        keep = (label >= 0) & (start != end)
        c, start, end, label = c[keep], start[keep], end[keep], label[keep]
        owner = line[o_chunk[keep]]
        keys = (owner.astype(np.int64) << 16 | label) << 32 | start.astype(np.int64) << 16 | end
        # The last bracket each line closes: is it "( ... )" over every word?
        outer = np.zeros(size, np.bool_)
        paren = self.columns._labels.get("(")
        if paren is not None and len(keys):
            last = np.full(size, -1, np.int64)
            np.maximum.at(last, owner, c)
            has = np.flatnonzero(last >= 0)
            key_at = np.zeros(len(close_chunk), np.int64)
            key_at[c] = keys
            final = key_at[last[has]]
            outer[has] = (final >> 32 & 0xFFFF == paren) & (final & 0xFFFFFFFF == words[has])
        return BlockRead(usual, words, length, outer, keys, self.word[ids][kept],
                         self.tag[ids][kept], line[kept])
