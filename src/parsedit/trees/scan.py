"""The ASCII lines of a range read byte by byte with numpy: no Python object
per word, per phrase or per chunk.

:class:`parsedit.trees.arrays.ArrayKeys` cuts each line into chunks (one per
word: the phrases opening before its preterminal, the preterminal, the
phrases closing after it) and numbers every chunk through a dictionary, one
Python string and one look-up per word.  For a line of ASCII text this
module finds the same chunks from the bytes alone: the brackets, spaces and
newlines of a whole range are located by vectorised comparisons, and each
phrase label and preterminal tag is identified by its bytes packed into two
64-bit integers (:data:`MAX_KEY` bytes at most) and looked up in a fixed
table of 2^16 slots (:class:`Keys`), where what the normalisation makes of
it was worked out once.  PARSEVAL only asks whether a test word is its
gold word, which :func:`same_words` answers by comparing their bytes, eight
at a time; the normalised sentences of the other metrics need each word's
token, which :class:`Words` numbers through a table of words keyed by their
bytes (:class:`Pool` holding the strings).

A line is read here only in exactly the form the chunk reader takes
(:data:`parsedit.trees.lines._CHUNK`): ``(`` and ``)`` at its ends, each
``(`` followed by a label (perhaps empty) and one space, then either ``(`` (a
phrase) or a word and ``)`` (a preterminal, whose tag is not empty), a ``)``
followed by ``)``, by a space and ``(``, or by the end of the line, and no
byte but printable ASCII.  Anything else (tabs, carriage returns, other
spacing, a label or tag longer than :data:`MAX_KEY` bytes, one the table has
no room for) is marked not ``usual`` and left to the chunk reader, which
reads it as before; so on every line this module takes it gives what the
chunk reader gives (tested with Hypothesis, tests/test_bytescan.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

Ints = npt.NDArray[np.integer[Any]]
Bools = npt.NDArray[np.bool_]

MAX_KEY = 15  # bytes of a label or tag that a key holds
_SLOTS_BITS = 16
_OPEN, _CLOSE, _SPACE, _NEWLINE = 40, 41, 32, 10
_PAD = bytes(24)  # so that 8 bytes can be read from 16 past any byte of the text
# _MASKS[k]: the first k bytes of a little-endian word.
_MASKS = np.array([(1 << (8 * k)) - 1 for k in range(9)], np.uint64)
_LENGTH = np.uint64(56)  # a key's length + 1 sits in the top byte of its second word
_BODY = (1 << 56) - 1
_M1, _M2 = 0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F  # odd multipliers of the slot hash


def _slots(lo: Ints, hi: Ints, bits: int) -> Ints:
    """Each key's slot in a table of 2^bits: its two words mixed, the top
    bits kept."""
    mixed = (lo * np.uint64(_M1)) ^ (hi * np.uint64(_M2))
    slots: Ints = (mixed >> np.uint64(64 - bits)).astype(np.intp)
    return slots


def _slot(lo: int, hi: int, bits: int) -> int:
    """:func:`_slots` of one key, in Python integers."""
    mask = (1 << 64) - 1
    return (((lo * _M1) & mask) ^ ((hi * _M2) & mask)) >> (64 - bits)


def keys(words: Ints, start: Ints, length: Ints) -> tuple[Ints, Ints]:
    """The keys of runs of at most :data:`MAX_KEY` bytes (``length`` bytes
    from ``start`` in the text ``words`` reads): their bytes packed into two
    64-bit words, the second with the length + 1 in its top byte."""
    lo = words[start] & _MASKS[np.minimum(length, 8)]
    hi = (words[start + 8] & _MASKS[np.clip(length - 8, 0, 7)]) | \
        (length + 1).astype(np.uint64) << _LENGTH
    return lo, hi


class Keys:
    """Runs of bytes (labels, tags, words) identified by their keys
    (:func:`keys`) in a fixed table of 2^``bits`` slots, each given a value
    once by ``learn`` (None: not read here); a key whose slot holds another
    key is not found."""

    def __init__(self, learn: Callable[[str], int | None], bits: int | None = None) -> None:
        self.learn = learn
        self.bits = _SLOTS_BITS if bits is None else bits
        # Per slot, side by side (one gather a key): its key's two words (a
        # free slot's second word is 0) and its value + 1 (0: not read here).
        self.table = np.zeros((1 << self.bits, 3), np.uint64)

    def find(self, lo: Ints, hi: Ints) -> tuple[Ints, Bools]:
        """Each key's value, and whether it is found and read here; keys
        not yet met are learnt first."""
        slot = _slots(lo, hi, self.bits)
        held = self.table[slot]
        found = (held[:, 1] == hi) & (held[:, 0] == lo)
        if not found.all():
            table = self.table
            missing = np.flatnonzero(~found)
            for key_lo, key_hi in dict.fromkeys(zip(lo[missing].tolist(),
                                                    hi[missing].tolist())):
                at = _slot(key_lo, key_hi, self.bits)
                if table[at, 1]:
                    continue  # another key's slot
                learnt = self.learn(_text(key_lo, key_hi))
                table[at] = (key_lo, key_hi, 0 if learnt is None else learnt + 1)
            held[missing] = table[slot[missing]]
            found[missing] = (held[missing, 1] == hi[missing]) & (held[missing, 0] == lo[missing])
        values = held[:, 2]
        return values.astype(np.int64) - 1, found & (values != 0)


def _text(lo: int, hi: int) -> str:
    """The text (a label, tag or word) a key holds."""
    length = (hi >> 56) - 1
    return (lo.to_bytes(8, "little") + (hi & _BODY).to_bytes(7, "little"))[:length].decode(
        "ascii")


class Pool:
    """Strings numbered in the order first met, held in an object array so
    that a range's strings are gathered by their numbers at C speed."""

    def __init__(self, *first: str) -> None:
        self.array = np.empty(1 << 10, object)
        self._numbers: dict[str, int] = {}
        for text in first:
            self.number(text)

    def number(self, text: str) -> int:
        found = self._numbers.get(text)
        if found is None:
            found = self._numbers[text] = len(self._numbers)
            self._room(found + 1)
            self.array[found] = text
        return found

    def place(self, texts: list[str]) -> Ints:
        """Strings placed after the numbered ones, for one range only (the
        next range's overwrite them): their numbers."""
        first = len(self._numbers)
        self._room(first + len(texts))
        self.array[first:first + len(texts)] = texts
        return np.arange(first, first + len(texts))

    def _room(self, size: int) -> None:
        if size > len(self.array):
            grown = np.empty(max(size, 2 * len(self.array)), object)
            grown[:len(self.array)] = self.array
            self.array = grown


class Words:
    """The word tokens (``"dog)"``) of scanned lines, numbered in a
    :class:`Pool` through a table of 2^``bits`` words keyed by their bytes,
    so that a word is one string however often it occurs (a word too long
    for a key, or whose slot is taken, is cut from the text where it stands
    and placed in the pool for its range alone)."""

    def __init__(self, pool: Pool, bits: int) -> None:
        self.pool = pool
        self.keys = Keys(lambda word: pool.number(word + ")"), bits)

    def numbers(self, scan: Scanned, start: Ints, size: Ints) -> Ints:
        """The numbers of the words of ``size`` bytes at ``start`` in the
        scanned text."""
        word = np.full(len(start), -1, np.int64)
        short = np.flatnonzero(size <= MAX_KEY)
        values, known = self.keys.find(*keys(scan.words, start[short], size[short]))
        word[short[known]] = values[known]
        cut = np.flatnonzero(word < 0)
        if len(cut):
            text = scan.text
            word[cut] = self.pool.place([text[a:a + n] + ")" for a, n in
                                         zip(start[cut].tolist(), size[cut].tolist())])
        return word


class Scanned(NamedTuple):
    """One side of a range of lines read here: per line whether it was read
    (``usual``: whether its brackets balance is for
    :func:`parsedit.trees.arrays.bracketed` to say) and its number of
    chunks; per chunk (in order), its line, the phrases opening before it
    and closing after it, whether its word is kept and counts in EVALB's
    length, its tag's number and its word's bytes (``word_start`` to
    ``word_end`` in ``words``, the text as 64-bit words from every byte:
    :func:`same_words`; ``text`` the text itself); per phrase opening (chunk
    by chunk, in order), its label's number (-1: deleted)."""

    usual: Bools
    counts: Ints
    line: Ints
    opens: Ints
    closes: Ints
    kept: Bools
    counted: Bools
    tag: Ints
    labels: Ints
    word_start: Ints
    word_end: Ints
    words: Ints
    text: str


class Scanner:
    """Reads ASCII lines as :class:`parsedit.trees.arrays.ArrayKeys` reads them,
    with ``label`` (a phrase label's number, -1 if deleted, None if it
    cannot be numbered) and ``tag`` (whether a preterminal's word is kept,
    whether it counts in EVALB's length, the tag's number) to work out each
    distinct label and tag."""

    def __init__(self, label: Callable[[str], int | None],
                 tag: Callable[[str], tuple[bool, bool, int]]) -> None:
        def learn(text: str) -> int | None:
            # (label + 1) << 32 | tag << 2 | kept << 1 | counted; a label met
            # as a tag is numbered as a label too, and the other way (a
            # number more, never a different count).
            number = label(text)
            if number is None:
                return None
            kept, counted, tagged = tag(text)
            return (number + 1) << 32 | tagged << 2 | kept << 1 | counted

        self.keys = Keys(learn)

    def scan(self, lines: Sequence[str], take: Sequence[bool], size: int) -> Scanned:
        """The lines ``take`` says (each ASCII), read; every other line, and
        every line not of the form this module reads (one holding a line
        break among them), is not ``usual`` (``size`` >= the number of
        lines: the per-line arrays' length)."""
        take = [t and "\n" not in line for line, t in zip(lines, take)]
        while True:
            found = self._scan(lines, take, size)
            if isinstance(found, Scanned):
                return found
            take = [t and k not in found for k, t in enumerate(take)]

    def _scan(self, lines: Sequence[str], take: Sequence[bool], size: int
              ) -> Scanned | set[int]:
        """:meth:`scan`, or the lines to be left out (a label or tag too long
        or not found) and scanned without."""
        n = len(lines)
        text = "\n".join([line if t else "" for line, t in zip(lines, take)]) + "\n"
        end = len(text)
        data = np.frombuffer(text.encode("ascii") + _PAD, np.uint8)
        c = data[:end]
        is_open, is_close, is_space, is_newline = (c == _OPEN), (c == _CLOSE), (c == _SPACE), \
            (c == _NEWLINE)
        is_word = (c > _SPACE) & (c < 127) & ~is_open & ~is_close
        newlines = np.flatnonzero(is_newline)
        first = np.zeros(n, np.int64)
        first[1:] = newlines[:-1] + 1
        usual = np.zeros(size, np.bool_)
        usual[:n] = (newlines > first) & (c[first] == _OPEN) & (c[newlines - 1] == _CLOSE)
        # Bytes out of place: any other byte; after "(" a label or its space;
        # after a label or word byte, more of it, a space or ")"; after a
        # space, "(" or a word; after ")", ")", a space or the end of the
        # line; a space after "(" or ")" is followed by "(".
        wrong = ~(is_open | is_close | is_space | is_newline | is_word)
        wrong[:-1] |= is_open[:-1] & ~(is_word[1:] | is_space[1:])
        wrong[:-1] |= is_word[:-1] & ~(is_word[1:] | is_space[1:] | is_close[1:])
        wrong[:-1] |= is_space[:-1] & ~(is_open[1:] | is_word[1:])
        wrong[:-1] |= is_close[:-1] & ~(is_close[1:] | is_space[1:] | is_newline[1:])
        wrong[1:-1] |= is_space[1:-1] & (is_open[:-2] | is_close[:-2]) & ~is_open[2:]
        bad = np.flatnonzero(wrong)
        if len(bad):
            usual[np.searchsorted(newlines, bad)] = False
        # The brackets, spaces and newlines, in order ("events"), each with its
        # line.  A "(" is followed by its label's space; the event after that
        # space is "(" (a phrase) or the ")" after a word (a preterminal), not
        # a space (a word followed by another).
        events = np.flatnonzero(is_open | is_close | is_space | is_newline)
        kind = c[events]
        newline = kind == _NEWLINE
        line = np.cumsum(newline, dtype=np.int32) - newline
        opening, spacing = kind == _OPEN, kind == _SPACE
        off = np.zeros(len(events), np.bool_)
        off[:-1] |= opening[:-1] & ~spacing[1:]
        off[1:-1] |= spacing[1:-1] & opening[:-2] & spacing[2:]
        if off.any():
            usual[line[off]] = False
        if (~usual[:n] & (newlines > first)).any():  # (a blank line has no other event)
            chosen = usual[line] & ~newline
            events, kind, line = events[chosen], kind[chosen], line[chosen]
        # Each "(": its label's bytes, and whether it opens a phrase.
        opened = np.flatnonzero(kind == _OPEN)
        start = events[opened] + 1
        length = events[opened + 1] - start
        phrase = kind[opened + 2] == _OPEN
        long = length > MAX_KEY
        if long.any():
            return set(line[opened[long]].tolist())
        words = np.ndarray((end + 16,), "<u8", data, strides=(1,))
        values, found = self.keys.find(*keys(words, start, length))
        if not found.all():
            return set(line[opened[~found]].tolist())
        # The chunks: one per preterminal, with the phrases opening since the
        # last one and those closing before the next.
        terminal = ~phrase
        preterminal = opened[terminal]
        chunks = len(preterminal)
        chunk = np.cumsum(terminal, dtype=np.int32)  # of each "(", 1 + its chunk
        closing = np.flatnonzero(kind == _CLOSE)
        own = kind[closing - 1] == _SPACE  # a preterminal's own ")", not a phrase's
        closed = np.cumsum(own, dtype=np.int32)  # of each ")", 1 + its chunk
        tags = values[terminal] & 0xFFFFFFFF
        return Scanned(
            usual, np.bincount(line[preterminal], minlength=n), line[preterminal],
            np.bincount(chunk[phrase], minlength=chunks).astype(np.int32),
            np.bincount(closed[~own] - 1, minlength=chunks).astype(np.int32),
            (tags & 2) != 0, (tags & 1) != 0, tags >> 2, (values[phrase] >> 32) - 1,
            events[preterminal + 1] + 1, events[preterminal + 2], words, text)


def same_words(gold: Scanned, gold_chunks: Ints, test: Scanned, test_chunks: Ints) -> Bools:
    """Whether each gold chunk's word has the same bytes as the test chunk's
    beside it."""
    g_start, t_start = gold.word_start[gold_chunks], test.word_start[test_chunks]
    length = gold.word_end[gold_chunks] - g_start
    same: Bools = length == test.word_end[test_chunks] - t_start
    done = 0
    left = np.flatnonzero(same)
    while len(left):
        mask = _MASKS[np.minimum(length[left] - done, 8)]
        same[left] = (gold.words[g_start[left] + done] & mask) == \
            (test.words[t_start[left] + done] & mask)
        done += 8
        left = left[same[left] & (length[left] > done)]
    return same
