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
"""

from __future__ import annotations

import bz2
import codecs
import gzip
import io
import lzma
import os
import sys
import zlib
from collections.abc import Iterable, Iterator
from typing import BinaryIO

from parsedit.errors import ConfigError, InputError

STDIN = "-"
DEFAULT_ENCODING = "utf-8"
ENCODING_HINT = ("say the file's encoding with --encoding, --gold-encoding or "
                 "--test-encoding (latin-1 reads any byte)")

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


def lines(path: str, encoding: str = DEFAULT_ENCODING) -> Iterator[str]:
    """The decoded lines of a file, each with its ``\\n`` (the last may lack
    it); see the module docstring."""
    handle, kind = _open(path)
    # A UTF-8 byte-order mark at the start is not text (removed here: Python's
    # utf-8-sig decoder accepts a file cut inside the mark).
    bom = codecs.lookup(encoding).name in ("utf-8", "utf-8-sig")
    encoding = "utf-8" if bom else encoding
    decoder = codecs.getincrementaldecoder(encoding)()
    pending = ""  # decoded text of a line not yet ended (multi-byte line ends)
    number = 1
    with handle:
        raw_lines = iter(handle)
        while True:
            try:
                raw = next(raw_lines, None)
            except (OSError, EOFError, zlib.error, lzma.LZMAError) as exc:
                raise InputError(path, number, 1, f"damaged {kind} data, where this line "
                                 f"would begin ({exc})") from None
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
                                 f"{ENCODING_HINT}") from None
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
