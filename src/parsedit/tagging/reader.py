"""Tagged sentences from three kinds of file, told apart by their first line:

* bracketed trees (first character ``(``): the preterminals, empty elements
  (``-NONE-``) left out;
* ``word<TAB>tag`` one token a line, a blank line between sentences, several
  tags allowed as ``tag1|tag2``;
* ``word/TAG`` tokens, one sentence a line (the Penn Treebank's ``.tagged``
  files), the tag after the last ``/``, again ``tag1|tag2`` for several.

Each sentence is a :class:`TaggedSentence` with its first line, and either
its segments or the :class:`InputError` that made it unreadable; a bad line
never stops the rest of the file being read.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from parsedit.errors import ConfigError, InputError
from parsedit.trees.reader import read_trees

FORMATS = ("auto", "trees", "tsv", "slash")
EMPTY = "-NONE-"


@dataclass(frozen=True)
class Segment:
    word: str
    tags: tuple[str, ...]


@dataclass(frozen=True)
class TaggedSentence:
    line: int
    segments: tuple[Segment, ...] | None
    error: InputError | None = None


def detect(path: str) -> str:
    """``trees``, ``tsv`` or ``slash``, from the first non-blank line."""
    with open(path, "rb") as handle:
        for raw in handle:
            line = raw.decode("utf-8", errors="replace").strip("\r\n")
            if line.strip():
                if line.lstrip().startswith("("):
                    return "trees"
                return "tsv" if "\t" in line else "slash"
    return "slash"


def read_tagged(path: str, fmt: str = "auto") -> Iterator[TaggedSentence]:
    """Every sentence of a tagged file, in order."""
    if not Path(path).is_file():
        raise ConfigError(f"{path}: no such file")
    fmt = detect(path) if fmt == "auto" else fmt
    if fmt == "trees":
        yield from _from_trees(path)
    elif fmt == "tsv":
        yield from _from_tsv(path)
    else:
        yield from _from_slash(path)


def _from_trees(path: str) -> Iterator[TaggedSentence]:
    for item in read_trees(path):
        if item.tokens is None:
            yield TaggedSentence(item.line, None, item.error)
            continue
        segments = []
        for token in item.tokens:
            if token[0] == "(" and token[-1] == ")":  # a preterminal "(TAG word)"
                space = token.index(" ")
                tag = token[1:space]
                if tag != EMPTY:
                    segments.append(Segment(token[space + 1:-1], (tag,)))
            elif token[0] != "(" and token != ")":  # a word without a preterminal
                segments.append(Segment(token, ("",)))
        yield TaggedSentence(item.line, tuple(segments))


def _lines(path: str) -> Iterator[tuple[int, str | None]]:
    """Numbered lines; None for a line that is not UTF-8."""
    with open(path, "rb") as handle:
        for number, raw in enumerate(handle, start=1):
            try:
                yield number, raw.decode("utf-8").rstrip("\r\n")
            except UnicodeDecodeError:
                yield number, None


def _tags(text: str) -> tuple[str, ...]:
    return tuple(text.split("|"))


def _from_tsv(path: str) -> Iterator[TaggedSentence]:
    first: int | None = None
    segments: list[Segment] = []
    error: InputError | None = None
    for number, line in _lines(path):
        if line is not None and not line.strip():
            if first is not None:
                yield TaggedSentence(first, None if error else tuple(segments), error)
            first, segments, error = None, [], None
            continue
        first = number if first is None else first
        if error is not None:
            continue
        if line is None:
            error = InputError(path, number, 1, "not UTF-8 text")
            continue
        fields = line.split("\t")
        if len(fields) != 2 or not fields[0] or not fields[1]:
            error = InputError(path, number, 1, "expected word<TAB>tag (tags as tag1|tag2)",
                               line)
            continue
        segments.append(Segment(fields[0], _tags(fields[1])))
    if first is not None:
        yield TaggedSentence(first, None if error else tuple(segments), error)


def _from_slash(path: str) -> Iterator[TaggedSentence]:
    for number, line in _lines(path):
        if line is None:
            yield TaggedSentence(number, None, InputError(path, number, 1, "not UTF-8 text"))
            continue
        if not line.strip():
            yield TaggedSentence(number, ())
            continue
        segments: list[Segment] = []
        error = None
        column = 1
        for token in line.split(" "):
            if token:
                word, slash, tag = token.rpartition("/")
                if not slash or not word or not tag:
                    error = InputError(path, number, column, f"expected word/TAG, found "
                                       f"{token!r}", line)
                    break
                segments.append(Segment(word, _tags(tag)))
            column += len(token) + 1
        yield TaggedSentence(number, None if error else tuple(segments), error)
