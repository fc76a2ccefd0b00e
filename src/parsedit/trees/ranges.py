"""Ranges of lines, which a run reads a range at a time (the routes of
:mod:`parsedit.pipeline.units`) and ``--jobs`` workers read for themselves.

With ``-j N`` the parent does not read and pickle every pair: when both files
are in line layout (:mod:`parsedit.trees.reader`: one sentence per line, which
is what parsers write and EVALB reads) and plain (:func:`source.plain
<parsedit.trees.source.plain>`: on disk, not compressed, in an encoding whose
``\\n`` byte is always a line end), pair *n* is line *n* of each file, so the
parent only finds where every ``every``-th line starts (one pass over each
file, as the ranges are handed out) and each worker reads its own lines from
those offsets through the same reader.  Other files (trees across lines, standard
input, compressed files) are read by the parent as before.

Two things found only on the way make a file unfit after all, and raise
:class:`Reroute` (the run then reads both files whole, as the reader does):
a line longer than :func:`parsedit.limits.max_line_bytes` (found by the
parent as it cuts the ranges, before a worker would read it), and a tree
split over lines (found by a worker, :mod:`parsedit.pipeline.units`), which the
reader reads as one sentence, so that line *n* is no longer pair *n*.
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import zip_longest
from typing import BinaryIO

from parsedit.errors import ConfigError
from parsedit.limits import max_line_bytes
from parsedit.trees.reader import SPACES, sample
from parsedit.trees.reader import line_layout as reads_by_line
from parsedit.trees.source import DEFAULT_ENCODING, Overlong, overlong, plain, raw_lines

_BLOCK = 1 << 20


class Reroute(Exception):  # noqa: N818 (a change of road, not an error)
    """The files cannot be read a range of lines at a time after all (a
    line over the limit, a tree split over lines): read them whole."""


@dataclass(frozen=True)
class LineRange:
    """Lines ``first`` .. of both files: each file's byte range (start,
    end, whether it ends the file) and text encoding."""

    first: int
    gold: tuple[int, int, bool]
    test: tuple[int, int, bool]
    encodings: tuple[str, str] = (DEFAULT_ENCODING, DEFAULT_ENCODING)


def line_layout(path: str, encoding: str = DEFAULT_ENCODING) -> bool:
    """Whether the reader reads ``path`` line by line, told from the same
    first lines as the reader tells it (:func:`parsedit.trees.reader.sample`,
    :func:`parsedit.trees.reader.line_layout`); False if one of them is
    longer than the limit (the reader refuses it without holding it)."""
    limit = max_line_bytes()
    utf8 = codecs.lookup(encoding).name in ("utf-8", "utf-8-sig")
    # (a byte-order mark is dropped at the start of the file alone, as lines() does)
    names = ("utf-8-sig", "utf-8") if utf8 else (encoding, encoding)

    def decoded(handle: BinaryIO) -> Iterator[str]:
        for k, raw in enumerate(raw_lines(handle, limit)):
            yield overlong(raw, limit) if isinstance(raw, int) else raw.decode(names[k > 0])

    with open(path, "rb") as handle:
        texts = sample(decoded(handle))
    return not any(type(text) is Overlong for text in texts) and reads_by_line(texts)


def line_starts(path: str, every: int) -> Iterator[int]:
    """Byte offsets where lines 1, every + 1, 2 every + 1, ... start, then
    the size of the file (a last line without a newline counts), found as
    they are taken.  Each newline is found by ``bytes.find`` (a C search),
    one Python step a line: counting a block's newlines (``bytes.count``,
    which reads byte by byte) measured no faster.  :class:`Reroute` at a
    line longer than the limit."""
    yield 0
    last = 0  # the last offset given
    need = every  # newlines still to pass before the next start
    offset = 0
    limit = max_line_bytes()
    begun = 0  # where the line being read begins
    try:
        with open(path, "rb") as handle:
            while block := handle.read(_BLOCK):
                find = block.find
                at = find(b"\n")
                while at >= 0:
                    if offset + at - begun > limit:
                        raise Reroute(f"{path}: a line over {limit} bytes")
                    begun = offset + at + 1
                    need -= 1
                    if not need:
                        last = offset + at + 1
                        yield last
                        need = every
                    at = find(b"\n", at + 1)
                offset += len(block)
                if offset - begun > limit:
                    raise Reroute(f"{path}: a line over {limit} bytes")
    except OSError as exc:  # it was read moments before
        raise ConfigError(f"{path}: cannot read: {exc.strerror}") from None
    if last != offset:
        yield offset


def line_ranges(gold_path: str, test_path: str,
                encodings: tuple[str, str] = (DEFAULT_ENCODING, DEFAULT_ENCODING),
                every: int = 128) -> list[LineRange] | None:
    """The two files cut into ranges of ``every`` lines, or None when they
    cannot be read so (:func:`by_ranges`)."""
    if not by_ranges(gold_path, test_path, encodings):
        return None
    return list(iter_line_ranges(gold_path, test_path, encodings, every))


def by_ranges(gold_path: str, test_path: str,
              encodings: tuple[str, str] = (DEFAULT_ENCODING, DEFAULT_ENCODING)) -> bool:
    """Whether both files can be read a range of lines at a time: each is
    plain (on disk, not compressed, :func:`~parsedit.trees.source.plain`),
    in line layout, and its last line within the line limit."""
    paths = (gold_path, test_path)
    try:
        return all(plain(p, e) and line_layout(p, e) and content_end(p, e) >= 0
                   for p, e in zip(paths, encodings))
    except (OSError, UnicodeDecodeError):
        return False


def iter_line_ranges(gold_path: str, test_path: str,
                     encodings: tuple[str, str] = (DEFAULT_ENCODING, DEFAULT_ENCODING),
                     every: int = 128) -> Iterator[LineRange]:
    """Two files that :func:`by_ranges` takes, cut into ranges of ``every``
    lines, found as they are taken (so that ``-j N``'s workers start on the
    first ones while the parent finds the rest, rather than after a pass
    over both files)."""
    paths = (gold_path, test_path)
    ends = [content_end(p, e) for p, e in zip(paths, encodings)]
    sizes = [os.path.getsize(p) for p in paths]
    gold, test = (_spans(p, every, end) for p, end in zip(paths, ends))
    # Past the end of the shorter file, its ranges are empty.
    return (LineRange(k * every + 1, (sizes[0], sizes[0], True) if g is None else g,
                      (sizes[1], sizes[1], True) if t is None else t, encodings)
            for k, (g, t) in enumerate(zip_longest(gold, test)))


def _spans(path: str, every: int, content: int) -> Iterator[tuple[int, int, bool]]:
    """The byte range of each range of ``every`` lines of ``path``, and
    whether nothing but blank lines follows it in the file (``content``:
    where the last line that is not blank ends)."""
    starts = line_starts(path, every)
    start = next(starts)
    for end in starts:
        yield start, end, end >= content
        start = end


def content_end(path: str, encoding: str = DEFAULT_ENCODING) -> int:
    """The byte offset just past the last line of ``path`` that is not blank
    (0 if none is): blank lines after it are the file's trailing ones; -1
    if that line is longer than the limit (never read whole)."""
    limit = max_line_bytes()
    with open(path, "rb") as handle:
        end, width = handle.seek(0, 2), _BLOCK
        while end > 0:
            start = max(0, end - width)
            handle.seek(start)
            data = handle.read(end - start)
            pieces = data.split(b"\n")
            if start and len(pieces) == 1:  # no line end in the block: read further back
                if width > limit:
                    return -1
                width *= 2
                continue
            # A line cut by the block's start is read whole with the next block.
            whole = pieces if start == 0 else pieces[1:]
            offset = end
            for piece in reversed(whole):
                if piece.decode(encoding, "replace").strip(SPACES):
                    return offset
                offset -= len(piece) + 1
            end = start + (0 if start == 0 else len(pieces[0]))
    return 0
