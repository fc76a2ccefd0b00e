"""A range of lines read straight into normalised sentences with numpy, for
every metric but PARSEVAL alone (which reads bracket keys instead:
:mod:`parsedit.trees.arrays`).

:class:`~parsedit.trees.lines.LineSentences` reads a line into its
normalised sentence (:class:`~parsedit.trees.normalise.Normalised`: what
every metric reads) chunk by chunk, a few Python steps per word.  Here the
ASCII lines of the usual form are read a range at a time by the byte
scanner (:mod:`parsedit.trees.scan`), whose table of labels and tags
gives each phrase label its normalised open token (``"(NP"``, or deleted)
and each tag its tag token (``"((NN"``), whether its preterminal is kept and
whether it counts in EVALB's length; the phrases are paired as PARSEVAL's
reader pairs them (:func:`parsedit.trees.arrays.paired`), a phrase whose
label is deleted or which spans no kept word loses both its brackets (as
:meth:`Normalisation.normalise <parsedit.trees.normalise.Normalisation.normalise>`
does, token by token), and the tokens of the whole range are laid out in
one array, each line's bracketing then a slice of it.  Each word's token
(``"dog)"``) is numbered through a table of words keyed by their bytes as
labels are (one too long for a key, or whose slot is taken, is cut from the
text where it stands), so that a word is one string however often it
occurs.  Any other line goes
through :class:`~parsedit.trees.lines.LineSentences` as before (None where
it gives None).  Tested against it with Hypothesis
(tests/test_array_sentences.py).
"""

from __future__ import annotations

import numpy as np

from parsedit.collector import paused
from parsedit.trees.arrays import mended, paired
from parsedit.trees.bracketing import CLOSE
from parsedit.trees.lines import LineSentences
from parsedit.trees.normalise import Normalisation, Normalised
from parsedit.trees.roots import strip_outer_bracket
from parsedit.trees.scan import Pool, Scanner, Words

# Distinct words remembered: a table of 2^17 slots (3 MiB).
_WORD_BITS = 17


class ArraySentences:
    """The normalised sentences of ranges of lines under one
    :class:`Normalisation` (see the module docstring)."""

    def __init__(self, norm: Normalisation) -> None:
        self.norm = norm
        self.lines = LineSentences(norm)
        # Every token met, numbered (0 is the close bracket): the open and
        # tag tokens (bounded by the scanner's table: two a label or tag at
        # most) and the words' (bounded by their table).
        self.tokens = Pool(CLOSE)
        self.scanner = Scanner(self._opening, self._tag)
        self.words = Words(self.tokens, _WORD_BITS)

    def new_range(self) -> None:
        """Called between ranges of lines: the memory stays bounded."""
        self.lines.new_range()

    def _opening(self, label: str) -> int:
        """A phrase label's open token's number (-1: deleted)."""
        deleted, _, opened, _ = self.norm.token("(" + label)
        return -1 if deleted else self.tokens.number(opened)

    def _tag(self, tag: str) -> tuple[bool, bool, int]:
        """Whether a tag's preterminal is kept, whether it counts in EVALB's
        length, and its tag token's number."""
        deleted, uncounted, tagged, _ = self.norm.token(f"({tag} -)")
        return not deleted, not uncounted, self.tokens.number(tagged)

    def read(self, lines: list[str]) -> list[Normalised | None]:
        """Each line's normalised sentence (None: not of the usual form, or
        unbalanced, as :meth:`LineSentences.read
        <parsedit.trees.lines.LineSentences.read>` says); without the garbage
        collector (:func:`parsedit.collector.paused`)."""
        with paused():
            return self._read(lines)

    def _read(self, lines: list[str]) -> list[Normalised | None]:
        lines = mended(lines)  # (a file whose lines are oddly spaced: respaced)
        n = len(lines)
        scan = self.scanner.scan(lines, list(map(str.isascii, lines)), n)
        usual = scan.usual.copy()
        found = paired(usual, scan.counts, scan.line, scan.opens, scan.closes, scan.kept,
                       scan.counted, scan.labels)
        # A phrase keeps its brackets if its label is not deleted and it
        # spans a kept word.
        keep = (found.label >= 0) & (found.start != found.end)
        kept_open = np.zeros(len(found.open_chunk), np.bool_)
        kept_open[found.opening] = keep
        kept_close = np.zeros(len(found.close_chunk), np.bool_)
        kept_close[found.closing] = keep
        opened = np.zeros(len(found.open_chunk), np.int64)
        opened[found.opening] = found.label
        # Each chunk's slots, in order: its phrases' open tokens, its tag and
        # word tokens, its close brackets (-1: none there).
        opens, kept = found.opens, found.kept
        width = opens + found.closes + 2
        offset = np.cumsum(width) - width
        numbers = np.full(int(width.sum()), -1, np.int64)
        numbers[(offset[found.open_chunk] + found.open_rank)[kept_open]] = opened[kept_open]
        tag_at = (offset + opens)[kept]
        numbers[tag_at] = scan.tag[found.chosen][kept]
        # The kept words' tokens.
        start = scan.word_start[found.chosen][kept]
        word = self.words.numbers(scan, start, scan.word_end[found.chosen][kept] - start)
        numbers[tag_at + 1] = word
        close_at = offset[found.close_chunk] + opens[found.close_chunk] + 2 + found.close_rank
        numbers[close_at[kept_close]] = 0
        slot_line = np.repeat(found.line, width)
        present = numbers >= 0
        tokens_per_line = np.bincount(slot_line[present], minlength=n).tolist()
        chunks_per_line = np.bincount(found.line, minlength=n).tolist()
        words_per_line = np.bincount(found.line[kept], minlength=n).tolist()
        flat = self.tokens.array[numbers[present]].tolist()
        words = self.tokens.array[word].tolist()
        length = found.length.tolist()
        out: list[Normalised | None] = []
        at = word_at = 0
        strip = self.norm.strip_outer_bracket
        for k, line in enumerate(lines):
            if not chunks_per_line[k]:
                out.append(self.lines.read(line))
                continue
            end, word_end = at + tokens_per_line[k], word_at + words_per_line[k]
            bracketing = tuple(flat[at:end])
            out.append(Normalised(strip_outer_bracket(bracketing) if strip else bracketing,
                                  words[word_at:word_end], length[k]))
            at, word_at = end, word_end
        return out
