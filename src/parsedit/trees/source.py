"""Opening an input file: the one place that knows about standard input,
compression and text encodings.  Every reader (trees, tagged files, the
alphabets of grammar modules) reads through :func:`lines`.

* ``-`` is standard input.  It is read whole into memory the first time it
  is opened, since some steps read a file twice (the alphabet of a grammar
  module, the layout of a tagged file).
* gzip, bzip2 and xz files are decompressed, recognised by their first
  bytes (whatever the file is called, standard input included).
* The text is decoded with the encoding the user names (UTF-8 by default; a
  UTF-8 byte-order mark at the start is dropped).  A line that is not valid
  in that encoding is an :class:`InputError` for the whole run, naming the
  file, line and byte: a file read in the wrong encoding is never scored on
  the subset of lines that happen to decode.

Lines are split at ``\\n`` alone (a ``\\r`` before it stays on the line), so
that line numbers are the ones ``wc -l``, ``sed -n`` and editors count.

A line longer than :func:`parsedit.limits.max_line_bytes` is never held:
its bytes are read through in pieces (decompressed as they come) and
:func:`lines` gives an :class:`Overlong` in its place, which every reader
turns into an unreadable line naming the limit.
"""

from __future__ import annotations

import bz2
import codecs
import gzip
import io
import lzma
import os
import re
import sys
import zlib
from collections.abc import Iterable, Iterator
from typing import BinaryIO

from parsedit.errors import ConfigError, InputError
from parsedit.limits import max_line_bytes

STDIN = "-"
DEFAULT_ENCODING = "utf-8"
ONE_FILE = "--gold-encoding or --test-encoding for one file"
# Bytes 0x80-0x9F that Windows-1252 leaves undefined (Python's cp1252 refuses them).
_CP1252_UNDEFINED = re.compile("[\udc81\udc8d\udc8f\udc90\udc9d]")
_C1 = re.compile("[\udc80-\udc9f]")
_ESCAPED = re.compile("[\udc80-\udcff]")

# (magic bytes, what it is, how to open it)
_BZ2_BLOCK = (b"\x31\x41\x59\x26\x53\x59", b"\x17\x72\x45\x38\x50\x90")
_stdin: tuple[object, bytes] | None = None  # (the stdin object read, its bytes)
_CHUNK = 1 << 20  # bytes read at a time to check a file whole


def check_encoding(name: str) -> str:
    """``name`` if Python can decode text with it, else a :class:`ConfigError`."""
    try:
        info = codecs.lookup(name)
    except LookupError:
        raise ConfigError(f"unknown text encoding {name!r} (try utf-8 or latin-1)") from None
    if not getattr(info, "_is_text_encoding", True):
        raise ConfigError(f"{name!r} is not a text encoding (try utf-8 or latin-1)")
    return name


def check_inputs(paths: Iterable[str]) -> None:
    """Refuse standard input named more than once: it can be read only once."""
    if sum(path == STDIN for path in paths) > 1:
        raise ConfigError("only one input can be standard input ('-')")


def check_files(*inputs: tuple[str, str]) -> None:
    """Read each (path, text encoding) through once, before any work, so that a
    file in the wrong encoding or with damaged compression stops the run at
    once; standard input may be one of them, once."""
    check_inputs(path for path, _ in inputs)
    for path, encoding in inputs:
        if not _valid(path, encoding):
            for _ in lines(path, encoding):  # raises, naming the line
                pass


def _valid(path: str, encoding: str) -> bool:
    """Whether the whole file decodes, in large pieces (fast).  In UTF-8 and
    ASCII a piece of ASCII bytes is text when no character is left half
    read before it, so such a piece is only looked at (``bytes.isascii``,
    about five times faster than decoding it)."""
    handle, _ = _open(path)
    decoder = codecs.getincrementaldecoder(encoding)()
    skim = codecs.lookup(encoding).name in ("utf-8", "utf-8-sig", "ascii")
    with handle:
        try:
            while chunk := handle.read(_CHUNK):
                if skim and chunk.isascii() and not decoder.getstate()[0]:
                    continue
                decoder.decode(chunk)
            decoder.decode(b"", final=True)
        except (UnicodeDecodeError, OSError, EOFError, zlib.error, lzma.LZMAError):
            return False
    return True


def _stdin_bytes() -> bytes:
    global _stdin
    if _stdin is None or _stdin[0] is not sys.stdin:
        _stdin = (sys.stdin, sys.stdin.buffer.read())
    return _stdin[1]


def _compression(head: bytes) -> str | None:
    if head.startswith(b"\x1f\x8b"):
        return "gzip"
    if head.startswith(b"\xfd7zXZ\x00"):
        return "xz"
    if head[:3] == b"BZh" and head[3:4].isdigit() and head[4:10] in _BZ2_BLOCK:
        return "bzip2"
    return None


def _open(path: str) -> tuple[BinaryIO, str | None]:
    """The file's bytes, decompressed, and the compression found (or None)."""
    if path == STDIN:
        raw: BinaryIO = io.BytesIO(_stdin_bytes())
    else:
        try:
            raw = open(path, "rb")
        except OSError as exc:
            raise ConfigError(f"{path}: cannot read: {exc.strerror}") from None
    head = raw.read(10)
    raw.seek(0)
    kind = _compression(head)
    if kind == "gzip":
        return gzip.GzipFile(fileobj=raw, mode="rb"), kind  # type: ignore[return-value]
    if kind == "bzip2":
        return bz2.BZ2File(raw, mode="rb"), kind  # type: ignore[return-value]
    if kind == "xz":
        return lzma.LZMAFile(raw, mode="rb"), kind  # type: ignore[return-value]
    return raw, None


class Overlong(str):
    """What :func:`lines` gives for a line longer than the limit, in its
    place: the text of an empty line, with the line's ``size`` in bytes and
    the ``limit`` it passed.  Every reader checks for it (``type(text) is
    Overlong``) and makes the line an unreadable one."""

    size: int
    limit: int

    def message(self) -> str:
        """Why the line is not read."""
        return (f"the line is {self.size:,} bytes long, more than the {self.limit:,} a line "
                "may hold (not read; PARSEDIT_MAX_LINE_BYTES sets the limit)")


def overlong(size: int, limit: int) -> Overlong:
    """The :class:`Overlong` of a line of ``size`` bytes."""
    found = Overlong("\n")
    found.size, found.limit = size, limit
    return found


def over_limit(text: str, limit: int | None = None) -> Overlong | None:
    """The :class:`Overlong` of a string held in memory (a sentence given to
    the Python API) whose UTF-8 bytes pass the line limit (default:
    :func:`~parsedit.limits.max_line_bytes`), or None: such a string is
    refused as a file's line over the limit is."""
    limit = max_line_bytes() if limit is None else limit
    if len(text) <= limit // 4:  # four bytes a character at most
        return None
    size = len(text.encode("utf-8", "surrogatepass"))
    return overlong(size, limit) if size > limit else None


def raw_lines(handle: BinaryIO, limit: int) -> Iterator[bytes | int]:
    """Each line of ``handle`` (its bytes, with its ``\\n``), or, for a line
    of more than ``limit`` bytes (its ``\\n`` not counted), its size: its
    bytes are read through in pieces of at most ``limit`` bytes, never
    held whole."""
    readline = handle.readline
    while raw := readline(limit + 1):
        if len(raw) <= limit or raw[-1:] == b"\n":
            yield raw
            continue
        size = len(raw)
        while piece := readline(limit):
            if piece[-1:] == b"\n":
                size += len(piece) - 1
                break
            size += len(piece)
        yield size


def lines(path: str, encoding: str = DEFAULT_ENCODING) -> Iterator[str]:
    """The decoded lines of a file, each with its ``\\n`` (the last may lack
    it), an :class:`Overlong` in place of a line over the limit; see the
    module docstring."""
    handle, kind = _open(path)
    limit = max_line_bytes()
    # A UTF-8 byte-order mark at the start is not text (removed here: Python's
    # utf-8-sig decoder accepts a file cut inside the mark).
    bom = codecs.lookup(encoding).name in ("utf-8", "utf-8-sig")
    encoding = "utf-8" if bom else encoding
    decoder = codecs.getincrementaldecoder(encoding)()
    pending = ""  # decoded text of a line not yet ended (multi-byte line ends)
    number = 1
    with handle:
        source = raw_lines(handle, limit)
        while True:
            try:
                raw = next(source, None)
            except (OSError, EOFError, zlib.error, lzma.LZMAError) as exc:
                raise InputError(path, number, 1, f"damaged {kind} data, where this line "
                                 f"would begin ({exc})") from None
            if isinstance(raw, int):  # a line over the limit, read through
                decoder.reset()
                pending, bom = "", False
                yield overlong(raw, limit)
                number += 1
                continue
            try:
                text = decoder.decode(raw if raw is not None else b"", final=raw is None)
                if pending:
                    text = pending + text
                if bom and text:
                    text, bom = text.removeprefix("\ufeff"), False
            except UnicodeDecodeError as exc:
                where = (raw or b"")[:exc.start]
                column = len(where.decode(encoding, errors="replace")) + 1
                shown = "end of file" if raw is None else f"byte 0x{exc.object[exc.start]:02x}"
                raise InputError(path, number, column, f"not valid {encoding} "
                                 f"text ({shown}, byte {exc.start + 1} of the line); "
                                 f"{suggestion(path)}") from None
            if text and text.find("\n") == len(text) - 1:  # usually: one whole line
                pending = ""
                yield text
                number += 1
            else:
                parts = text.split("\n")
                pending = parts.pop()
                for part in parts:
                    yield part + "\n"
                    number += 1
            if raw is None:
                break
    if pending:
        yield pending


def suggestion(path: str) -> str:
    """Which encoding to try for a file that is not valid in the one given,
    from the bytes that are not UTF-8 in it: UTF-8 if there are none;
    Windows-1252 if some are 0x80-0x9F (its curly quotes, dashes and
    ellipsis, which latin-1 would read as control characters), unless one
    of them is a byte it leaves undefined; latin-1 (which reads any byte)
    otherwise."""
    handle, _ = _open(path)
    decoder = codecs.getincrementaldecoder("utf-8")("surrogateescape")
    escaped = c1 = undefined = False
    try:
        with handle:
            while True:
                chunk = handle.read(_CHUNK)
                text = decoder.decode(chunk, final=not chunk)
                if _ESCAPED.search(text):
                    escaped = True
                    c1 = c1 or _C1.search(text) is not None
                    undefined = undefined or _CP1252_UNDEFINED.search(text) is not None
                if not chunk:
                    break
    except (OSError, EOFError, zlib.error, lzma.LZMAError):
        pass
    if not escaped:
        return f"the file is valid UTF-8: try --encoding utf-8 ({ONE_FILE})"
    if c1 and not undefined:
        return ("bytes 0x80-0x9F occur, which Windows-1252 reads as characters such as "
                "\u2026 \u201c \u201d \u2013 and latin-1 as control characters: try "
                f"--encoding cp1252 ({ONE_FILE})")
    return f"try --encoding latin-1, which reads any byte ({ONE_FILE})"


def plain(path: str, encoding: str = DEFAULT_ENCODING) -> bool:
    """Whether ``path`` is a file on disk, not compressed, in an encoding where
    the byte ``\\n`` is always a line end (UTF-8, ASCII and the one-byte
    encodings): then a range of its lines can be read from byte offsets
    (:func:`byte_lines`), as the workers of ``--jobs`` do."""
    if path == STDIN or not os.path.isfile(path):
        return False
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        return False
    one_byte = len(bytes(range(256)).decode(name, errors="replace")) == 256
    if name not in ("utf-8", "utf-8-sig", "ascii") and not one_byte:
        return False
    with open(path, "rb") as handle:
        return _compression(handle.read(10)) is None


def byte_lines(path: str, start: int, end: int, encoding: str = DEFAULT_ENCODING) -> list[str]:
    """The decoded lines (each with its ``\\n``) of bytes ``start`` to ``end``
    of a :func:`plain` file, cut at line ends; a UTF-8 byte-order mark at the
    start of the file is dropped, as :func:`lines` drops it.  The file was
    checked whole before (:func:`check_files`)."""
    parts = byte_text(path, start, end, encoding).split("\n")
    last = parts.pop()
    return [part + "\n" for part in parts] + ([last] if last else [])


def byte_text(path: str, start: int, end: int, encoding: str = DEFAULT_ENCODING) -> str:
    """Bytes ``start`` to ``end`` of a :func:`plain` file, decoded (see
    :func:`byte_lines`)."""
    with open(path, "rb") as handle:
        handle.seek(start)
        data = handle.read(end - start)
    if codecs.lookup(encoding).name in ("utf-8", "utf-8-sig"):
        encoding = "utf-8-sig" if start == 0 else "utf-8"
    return data.decode(encoding)
