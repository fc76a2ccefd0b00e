"""Ranges of lines that ``--jobs`` workers read for themselves.

With ``-j N`` the parent does not read and pickle every pair: when both files
are in line layout (:mod:`parsedit.trees.reader`: one sentence per line, which
is what parsers write and EVALB reads) and plain (:func:`source.plain
<parsedit.trees.source.plain>`: on disk, not compressed, in an encoding whose
``\\n`` byte is always a line end), pair *n* is line *n* of each file, so the
parent only finds where every ``every``-th line starts (a count of newlines
in large blocks of bytes) and each worker reads its own lines from those
offsets through the same reader.  Other files (trees across lines, standard
input, compressed files) are read by the parent as before.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass, replace

from parsedit.trees.reader import Item, _read
from parsedit.trees.source import DEFAULT_ENCODING, byte_lines, plain

_BLOCK = 1 << 20


@dataclass(frozen=True)
class LineRange:
    """Lines ``first`` .. of both files: each file's byte range (start,
    end, whether it ends the file) and text encoding."""

    first: int
    gold: tuple[int, int, bool]
    test: tuple[int, int, bool]
    encodings: tuple[str, str] = (DEFAULT_ENCODING, DEFAULT_ENCODING)


def line_layout(path: str, encoding: str = DEFAULT_ENCODING) -> bool:
    """Whether the reader reads ``path`` line by line: its first non-blank
    line holds exactly one whole, readable tree (a file of blank lines holds
    no sentence, so it is not)."""
    with open(path, "rb") as handle:
        start = 0
        for raw in handle:
            if raw.strip():
                text = byte_lines(path, start, start + len(raw), encoding)
                items = list(_read(path, text))
                return len(items) == 1 and items[0].tokens is not None
            start += len(raw)
    return False


def line_starts(path: str, every: int) -> list[int]:
    """Byte offsets where lines 1, every + 1, 2 every + 1, ... start, then
    the size of the file (a last line without a newline counts)."""
    starts = [0]
    need = every  # newlines still to pass before the next start
    offset = 0
    with open(path, "rb") as handle:
        while block := handle.read(_BLOCK):
            count = block.count(b"\n")
            if count < need:
                need -= count
            else:
                at = -1
                for _ in range(count):
                    at = block.index(b"\n", at + 1)
                    need -= 1
                    if need == 0:
                        starts.append(offset + at + 1)
                        need = every
            offset += len(block)
    if starts[-1] != offset:
        starts.append(offset)
    return starts


def line_ranges(gold_path: str, test_path: str,
                encodings: tuple[str, str] = (DEFAULT_ENCODING, DEFAULT_ENCODING),
                every: int = 128) -> list[LineRange] | None:
    """The two files cut into ranges of ``every`` lines, or None when either
    is not plain and in line layout."""
    paths = (gold_path, test_path)
    try:
        if not all(plain(p, e) and line_layout(p, e) for p, e in zip(paths, encodings)):
            return None
        gold, test = (line_starts(p, every) for p in paths)
    except (OSError, UnicodeDecodeError):
        return None
    return [LineRange(k * every + 1, _bytes(gold, k), _bytes(test, k), encodings)
            for k in range(max(len(gold), len(test)) - 1)]


def _bytes(starts: list[int], k: int) -> tuple[int, int, bool]:
    """The byte range of the ``k``-th range of lines (empty past the end),
    and whether it is the file's last."""
    if k + 1 < len(starts):
        return starts[k], starts[k + 1], k + 2 == len(starts)
    return starts[-1], starts[-1], True


def read_range(path: str, span: tuple[int, int, bool], first: int,
               encoding: str = DEFAULT_ENCODING) -> list[Item]:
    """The items of the lines in the byte range ``span`` of a plain,
    line-layout file, numbered from ``first``: blank lines at the end of a
    range are trailing only in the file's last range."""
    start, end, last = span
    if start == end:
        return []
    items = list(_read(path, byte_lines(path, start, end, encoding), layout=True, first=first))
    if last or not any(i.trailing for i in items) or blank_after(path, end, encoding):
        return items
    return [replace(i, trailing=False) if i.trailing else i for i in items]


def blank_after(path: str, offset: int, encoding: str = DEFAULT_ENCODING) -> bool:
    """Whether the file holds nothing but whitespace from byte ``offset`` on:
    then the blank lines that end a range before it are trailing too."""
    if codecs.lookup(encoding).name == "utf-8-sig":
        encoding = "utf-8"
    decoder = codecs.getincrementaldecoder(encoding)()
    with open(path, "rb") as handle:
        handle.seek(offset)
        while chunk := handle.read(_BLOCK):
            if decoder.decode(chunk).strip():
                return False
    return not decoder.decode(b"", final=True).strip()
