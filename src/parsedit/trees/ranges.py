"""Ranges of lines that ``--jobs`` workers read for themselves.

With ``-j N`` the parent does not read and pickle every pair: when both files
are in line layout (:mod:`parsedit.trees.reader`: one sentence per line, which
is what parsers write and EVALB reads), pair *n* is line *n* of each file, so
the parent only finds where every ``every``-th line starts (a count of
newlines in large blocks of bytes) and each worker reads its own lines,
from those offsets, through the same reader.  Files in free layout (trees
across lines) are read by the parent as before: their pair numbers are known
only once the trees before them are read.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from parsedit.trees.reader import Item, _read

_BLOCK = 1 << 20


@dataclass(frozen=True)
class LineRange:
    """Lines ``first`` .. of both files: each file's byte range (start, end)."""

    first: int
    gold: tuple[int, int]
    test: tuple[int, int]


def line_layout(path: str) -> bool:
    """Whether the reader reads ``path`` line by line (its first non-blank
    line holds exactly one whole, readable tree; a file of blank lines holds
    no sentence, so it is not)."""
    with open(path, "rb") as handle:
        for raw in handle:
            if raw.strip():
                items = list(_read(path, iter([raw])))
                return len(items) == 1 and items[0].tokens is not None
    return False  # blank or empty: the reader yields no sentence at all


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


def line_ranges(gold_path: str, test_path: str, every: int = 128) -> list[LineRange] | None:
    """The two files cut into ranges of ``every`` lines, or None when either is
    not in line layout (or is not a regular file that can be sought in)."""
    try:
        if not (line_layout(gold_path) and line_layout(test_path)):
            return None
        gold, test = line_starts(gold_path, every), line_starts(test_path, every)
    except OSError:
        return None
    out = []
    for k in range(max(len(gold), len(test)) - 1):
        out.append(LineRange(k * every + 1, _bytes(gold, k), _bytes(test, k)))
    return out


def _bytes(starts: list[int], k: int) -> tuple[int, int]:
    """The byte range of the ``k``-th range of lines (empty past the end)."""
    if k + 1 < len(starts):
        return starts[k], starts[k + 1]
    return starts[-1], starts[-1]


def read_range(path: str, span: tuple[int, int], first: int) -> list[Item]:
    """The items of the lines in the byte range ``span`` of a line-layout
    file, numbered from ``first``."""
    start, end = span
    if start == end:
        return []
    with open(path, "rb") as handle:
        handle.seek(start)
        data = handle.read(end - start)
    return list(_read(path, io.BytesIO(data), layout=True, first=first))

