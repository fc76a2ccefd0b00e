"""The key reader of :mod:`parsedit.trees.lines` over a whole range of
lines at once, with numpy: no Python step per word or per phrase.

Every line of a range is cut into chunks at ``") ("`` by one ``split`` over
the range; each chunk is numbered by a dictionary over distinct chunks (what
a new chunk does is learnt once: one pattern match over all of a range's new
chunks, :data:`parsedit.trees.lines._CHUNK`'s, then the per-line reader's
own rules, :meth:`LineKeys._opening <parsedit.trees.lines.LineKeys._opening>`
and :meth:`LineKeys._kind <parsedit.trees.lines.LineKeys._kind>`), and
per-chunk arrays give, for every chunk of the range at once, how many
phrases open before its preterminal and with which labels, whether its word
is kept and counts in EVALB's length, and how many phrases close after it.
Brackets follow without a stack: a phrase opened at depth *d* is closed by
the next close bracket back at depth *d*, so the i-th open at a depth is
closed by the i-th close at that depth, and sorting the opens and the closes
stably by depth pairs them.  Each kept bracket becomes an integer key
``line << 48 | label << 32 | start << 16 | end`` (``line`` within the
block), so that matching a whole range of pairs is integer set arithmetic
(:mod:`parsedit.metrics.parseval_arrays`).

Lines the per-line reader does not read (:meth:`LineKeys.read
<parsedit.trees.lines.LineKeys.read>` gives None: blank, broken or unusual
lines, unbalanced brackets, :data:`MAX_WORDS` words or more, which the
per-line reader takes) are marked not ``usual``
and handed back (read by the reference reader), as are lines whose phrase
labels outgrow the key's 16 bits.  This module and
:mod:`parsedit.metrics.parseval_arrays` import numpy; the route table
(:mod:`parsedit.pipeline.route`) takes them only for inputs large enough
for it to pay (:data:`parsedit.pipeline.route.ARRAYS_FROM`).
"""

from __future__ import annotations

import re
from itertools import chain, compress
from typing import Any, NamedTuple, cast

import numpy as np
import numpy.typing as npt

from parsedit.collector import paused
from parsedit.trees.lines import (
    _CHUNK,
    _DROPPED,
    _KEPT,
    _KEPT_UNCOUNTED,
    _MAX_CHUNKS,
    POSITION,
    LineKeys,
    oddly_spaced,
    respaced,
)
from parsedit.trees.normalise import Normalisation
from parsedit.trees.reader import SPACES, WORD_CLASS
from parsedit.trees.scan import Pool, Scanned, Scanner, same_words

Ints = npt.NDArray[np.integer[Any]]
Bools = npt.NDArray[np.bool_]

LINE = 48  # a key's line within the range: key >> LINE
MAX_LINES = 1 << 15  # lines a range may hold (the key's sign bit stays clear)
MAX_LABELS = 1 << 16  # label numbers a key holds
# The most words of a line read here (a key holds 16 bits of a position):
# a longer one is read by the per-line reader (parsedit.trees.lines),
# since the crossing brackets of a range (parsedit.metrics.parseval_arrays)
# check each test span against every gold span of its line.
MAX_WORDS = 1 << 12
SPANS = ~(0xFFFF << 32)  # key & SPANS: the bracket without its label
_SEPARATOR = ") ("
_JOIN = " (\n) "


class ArrayRead(NamedTuple):
    """A range of lines as PARSEVAL sees them: per line whether it was read
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


# A chunk (as lines._CHUNK), or anything else on its line.
_W = WORD_CLASS
_CHUNKS = re.compile(rf"^(?:((?:{_W}* \()*)({_W}+) ({_W}+)(\)*)|.*)$", re.MULTILINE)
# ArrayKeys's arrays per chunk.
_COLUMNS = ("valid", "opens", "closes", "kept", "counted", "word", "tag", "first")


class ArrayKeys:
    """What each distinct chunk of one :class:`Normalisation` does, in
    arrays indexed by the chunk's number, and the numbers of the words and
    tags it holds (cleared past 2^18 chunks between ranges, so the memory
    stays bounded)."""

    def __init__(self, norm: Normalisation) -> None:
        self.norm = norm
        self._clear()

    def _clear(self) -> None:
        self.columns = LineKeys(self.norm)
        self.ids = _Numbers()
        dict.__setitem__(self.ids, "\n", 0)  # between two lines (see read)
        self._words = Pool()
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
        self.scanner = Scanner(self._label, self._kind)

    def new_range(self) -> None:
        """Called between ranges: forget everything past 2^18 chunks."""
        if len(self.ids) > _MAX_CHUNKS:
            self._clear()

    def _learn(self) -> None:
        """Fill in the arrays of the chunks numbered since the last call
        (without the garbage collector, which the tuples made here would
        set off every 700, to find no cycle: 5% of a whole run)."""
        with paused():
            self._learn_new()

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
        chunks.clear()
        # Column by column, each distinct part worked out once, in the order
        # first met (so labels and tags are numbered as chunk by chunk).
        opens, tags, words, closes = zip(*found)
        openings = self._openings
        for one in dict.fromkeys(opens):
            if one not in openings:
                labels = tuple(frame >> POSITION for frame in self.columns._opening(one))
                openings[one] = None if self._labels_full() else labels
        opened: list[tuple[int, ...] | None] = list(map(openings.__getitem__, opens))
        valid = list(map(bool, words))  # (a chunk not of the usual form has no word)
        if None in opened:
            valid = [v and o is not None for v, o in zip(valid, opened)]
        if not all(valid):
            opens, tags, words, closes = (tuple(compress(column, valid))
                                          for column in (opens, tags, words, closes))
            opened = list(compress(opened, valid))
        rows = np.flatnonzero(valid) + start
        runs = cast("list[tuple[int, ...]]", opened)  # (None left out above)
        kinds = self._kinds
        for tag in dict.fromkeys(tags):
            if tag not in kinds:
                self._kind(tag)
        kept, counted, tag_ids = zip(*map(kinds.__getitem__, tags)) if tags else ((), (), ())
        frames = list(chain.from_iterable(runs))
        sizes = np.fromiter(map(len, runs), np.int32, len(runs))
        self.valid[rows] = True
        self.opens[rows] = sizes
        self.closes[rows] = np.fromiter(map(len, closes), np.int32, len(closes))
        self.kept[rows] = kept
        self.counted[rows] = counted
        self.word[rows] = np.fromiter(map(self._words.number, words), np.int32,
                                      len(words))
        self.tag[rows] = tag_ids
        self.first[rows] = self._frames + np.cumsum(sizes) - sizes
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

    def _label(self, label: str) -> int | None:
        """A phrase label's number (-1: deleted; None: too many labels for a key)."""
        frame = self.columns._frame(label)
        return None if self._labels_full() else frame >> POSITION

    def _labels_full(self) -> bool:
        """Whether a key has no room for more label numbers."""
        return len(self.columns._labels) >= MAX_LABELS

    def read_pairs(self, gold: list[str], test: list[str], same: Bools, size: int
                   ) -> tuple[ArrayRead, ArrayRead]:
        """Both sides of a range of pairs read (``size`` >= the number of
        either's lines): a pair whose lines are both ASCII in the usual form
        by the byte scanner (:mod:`parsedit.trees.scan`), every other
        pair by :meth:`read`.  A test line the same as its gold line
        (``same``) is not read (it is not usual in the test's read).

        The word numbers of a pair read by the scanner only say whether the
        test word is the gold word beside it: the gold's are 0, the test's 0
        where it is and 1 where it is not."""
        gold, test = mended(gold), mended(test)
        equal = same.tolist()
        gold_scan = self.scanner.scan(gold, list(map(str.isascii, gold)), size)
        test_scan = self.scanner.scan(test, [line.isascii() and not equal[k]
                                             for k, line in enumerate(test)], size)
        scanned = gold_scan.usual & (same | test_scan.usual)
        gold_read = self._scanned(gold_scan, scanned)
        test_read = self._scanned(test_scan, scanned & ~same)
        # Whether each test word is its gold word, in pairs of as many words.
        both = gold_read.usual & test_read.usual & (gold_read.words == test_read.words)
        on_gold, on_test = both[gold_read.word_lines], both[test_read.word_lines]
        differ = ~same_words(gold_scan, gold_read.word_ids[on_gold], test_scan,
                             test_read.word_ids[on_test])
        test_ids = np.zeros(len(test_read.word_ids), np.int32)
        test_ids[np.flatnonzero(on_test)[differ]] = 1
        gold_read = gold_read._replace(word_ids=np.zeros(len(gold_read.word_ids), np.int32))
        test_read = test_read._replace(word_ids=test_ids)
        rest = np.flatnonzero(~scanned[:max(len(gold), len(test))]).tolist()
        if not rest:
            return gold_read, test_read
        left = set(rest)
        others = (self.read([line if k in left else "" for k, line in enumerate(gold)], size),
                  self.read([line if k in left and not equal[k] else ""
                             for k, line in enumerate(test)], size))
        return _merged(gold_read, others[0]), _merged(test_read, others[1])

    def _scanned(self, scan: Scanned, chosen: Bools) -> ArrayRead:
        """The lines ``chosen`` of a side the scanner read, as a range read
        (their word numbers: chunk numbers in the scan)."""
        return bracketed(chosen.copy(), scan.counts, scan.line, scan.opens, scan.closes,
                         scan.kept, scan.counted, np.arange(len(scan.line), dtype=np.int32),
                         scan.tag, scan.labels, self.columns._labels.get("("))

    def read(self, lines: list[str], size: int) -> ArrayRead:
        """The range's lines read (``size`` >= their number: the arrays are
        padded with lines that are not usual; an empty line is never usual).

        A line whose spacing is odd (``"(TOP  (S ...) )"``, as the Berkeley
        parser and benepar write, a tab, ``" )"``) is never usual as
        written, since no chunk holds such spacing: the range is read again
        with those lines respaced, as :meth:`LineKeys.read
        <parsedit.trees.lines.LineKeys.read>` reads them.  (Looking for odd
        spacing in every line first cost 3% of a run; few files have it.  A
        file written so usually has it in every line: when a range's first
        line has it, every line is respaced before the range is read, once.)"""
        lines = mended(lines)
        found = self._read(lines, size)
        spaced = [i for i in np.flatnonzero(~found.usual[:len(lines)]).tolist()
                  if oddly_spaced(lines[i])]
        if not spaced:
            return found
        lines = list(lines)
        for i in spaced:
            lines[i] = respaced(lines[i])
        return self._read(lines, size)

    def _read(self, lines: list[str], size: int) -> ArrayRead:
        assert size < MAX_LINES
        n = len(lines)
        usual = np.zeros(size, np.bool_)
        usual[:n] = True
        joined = _JOIN.join(lines)
        odd = [i for i, text in enumerate(lines) if text[:1] != "(" or text[-1:] != ")"]
        if odd:
            lines = list(lines)
            for i in odd:  # as LineKeys._chunks_of reads it
                text = lines[i].strip(SPACES)
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
        usual[line[~self.valid[ids]]] = False
        opens = self.opens[ids]
        open_chunk, j = ragged(opens)
        labels = self.frames[self.first[ids][open_chunk] + j]
        return bracketed(usual, counts, line, opens, self.closes[ids], self.kept[ids],
                         self.counted[ids], self.word[ids], self.tag[ids], labels,
                         self.columns._labels.get("("))


def mended(lines: list[str]) -> list[str]:
    """A range's lines, each respaced (:func:`~parsedit.trees.lines.respaced`)
    if the first line's spacing is odd (a file written so usually has it in
    every line: see :meth:`ArrayKeys.read`), and a string holding a line
    break (the Python API's, never a file's line) made empty, which no
    reader takes."""
    lines = ["" if "\n" in line else line for line in lines]
    return respaced_lines(lines) if lines and oddly_spaced(lines[0]) else lines


_SPACE, _LINE, _CLOSE = ord(" "), ord("\n"), ord(")")


def respaced_lines(lines: list[str]) -> list[str]:
    """``[respaced(line) for line in lines]`` (:func:`~parsedit.trees.lines.respaced`),
    a range at a time with numpy: three times the speed of respacing each
    line, which made a file written as the Berkeley parser writes it cost a
    quarter more than the same file respaced (benchmarks/RESULTS.md,
    2026-11-28).  The UTF-8 bytes: C's isspace characters (no line holds a
    line break) become spaces, a space before a space is dropped (a run
    keeps its last), then a space at either end of a line or before a close
    bracket."""
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    if data.count(b"\n") != len(lines) - 1:
        return [respaced(line) for line in lines]
    a = np.frombuffer(data, np.uint8)
    if any(c in data for c in (b"\t", b"\v", b"\f", b"\r")):
        a = np.where((a >= 9) & (a <= 13) & (a != _LINE), np.uint8(_SPACE), a)
    space = a == _SPACE
    a = a[~(space & np.append(space[1:], False))]
    space = a == _SPACE
    after = np.append(a[1:], np.uint8(_LINE))
    before = np.insert(a[:-1], 0, np.uint8(_LINE))
    a = a[~(space & ((after == _CLOSE) | (after == _LINE) | (before == _LINE)))]
    text: str = a.tobytes().decode("utf-8", "surrogatepass")
    return text.split("\n")


def _merged(one: ArrayRead, other: ArrayRead) -> ArrayRead:
    """Two reads of the same range whose usual lines are not shared, as one."""
    pick = one.usual
    return ArrayRead(pick | other.usual, np.where(pick, one.words, other.words),
                     np.where(pick, one.length, other.length),
                     np.where(pick, one.outer, other.outer),
                     *(np.concatenate((a, b)) for a, b in zip(one[4:], other[4:])))


class Phrases(NamedTuple):
    """The phrases of a range's usual lines, each opening paired with its
    close (:func:`paired`): per chunk whether it is in a usual line
    (``chosen``); per chosen chunk, its line, the phrases opening before its
    preterminal and closing after it, whether its word is kept; per line,
    its kept words and EVALB's length; per phrase opening (chunk by chunk,
    in order) its chunk and rank within it, and likewise per close; the
    openings in depth order (``opening``: indices into the openings), each
    closed by ``closing`` (indices into the closes), with its span over kept
    words (``start`` to ``end``) and its label."""

    chosen: Bools
    line: Ints
    opens: Ints
    closes: Ints
    kept: Bools
    words: Ints
    length: Ints
    open_chunk: Ints
    open_rank: Ints
    close_chunk: Ints
    close_rank: Ints
    opening: Ints
    closing: Ints
    start: Ints
    end: Ints
    label: Ints


def paired(usual: Bools, counts: Ints, line: Ints, opens: Ints, closes: Ints, kept: Bools,
           counted: Bools, labels: Ints) -> Phrases:
    """The phrases of a range's lines, from its chunks (by either reader):
    per line whether it may be usual so far and its number of chunks; per
    chunk in order, its line, the phrases opening before its preterminal and
    closing after it, whether its word is kept and counts in EVALB's length;
    per phrase opening (chunk by chunk), its label (-1: deleted).  ``usual``
    is updated (a line is usual if balanced, with words and fewer than
    :data:`MAX_WORDS` chunks)."""
    n, size = len(counts), len(usual)
    starts = np.cumsum(counts) - counts
    usual[:n] &= (counts > 0) & (counts < MAX_WORDS)
    # Depth after each chunk within its line: a line is balanced if it
    # never goes below 0 and ends at 0 (within a chunk, the phrases open
    # before any closes).
    delta = opens - closes
    depth = np.cumsum(delta)
    depth -= (depth - delta)[starts[line]]
    some = np.flatnonzero(counts > 0)
    if len(some):
        first = starts[some]
        usual[some] &= (np.minimum.reduceat(depth, first) >= 0) & (
            depth[first + counts[some] - 1] == 0)
    # The chunks of usual lines only.
    chosen = usual[line]
    labels = labels[np.repeat(chosen, opens)]
    line, opens, closes = line[chosen], opens[chosen], closes[chosen]
    before = (depth - delta)[chosen]  # depth before each chunk
    kept = kept[chosen]
    words = np.bincount(line[kept], minlength=size)
    length = np.bincount(line[counted[chosen]], minlength=size)
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
    c_chunk = close_chunk[c]
    return Phrases(chosen, line, opens, closes, kept, words, length, open_chunk, j,
                   close_chunk, k, o, c, position[open_chunk[o]],
                   position[c_chunk] + kept[c_chunk], labels[o])


def bracketed(usual: Bools, counts: Ints, line: Ints, opens: Ints, closes: Ints, kept: Bools,
              counted: Bools, word: Ints, tag: Ints, labels: Ints, paren: int | None
              ) -> ArrayRead:
    """A range read for PARSEVAL, from its chunks (see :func:`paired`; per
    chunk also its word's and tag's numbers; labels as numbers; the number
    of the empty label, if it has one)."""
    found = paired(usual, counts, line, opens, closes, kept, counted, labels)
    size, words, line, kept = len(usual), found.words, found.line, found.kept
    keep = (found.label >= 0) & (found.start != found.end)
    c, start, end, label = (found.closing[keep], found.start[keep], found.end[keep],
                            found.label[keep])
    owner = line[found.open_chunk[found.opening[keep]]]
    keys = (owner.astype(np.int64) << 16 | label) << 32 | start.astype(np.int64) << 16 | end
    # The last bracket each line closes: is it "( ... )" over every word?
    outer = np.zeros(size, np.bool_)
    if paren is not None and len(keys):
        last = np.full(size, -1, np.int64)
        np.maximum.at(last, owner, c)
        has = np.flatnonzero(last >= 0)
        key_at = np.zeros(len(found.close_chunk), np.int64)
        key_at[c] = keys
        final = key_at[last[has]]
        outer[has] = (final >> 32 & 0xFFFF == paren) & (final & 0xFFFFFFFF == words[has])
    chosen = found.chosen
    return ArrayRead(usual, words, found.length, outer, keys, word[chosen][kept],
                     tag[chosen][kept], line[kept])
