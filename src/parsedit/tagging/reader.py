"""Tagged sentences from three formats of file (:mod:`parsedit.trees.formats`):

* bracketed trees (first character ``(``): the preterminals, empty elements
  (``-NONE-``) left out;
* ``word<TAB>tag`` one token a line, a blank line between sentences, several
  tags allowed as ``tag1|tag2``;
* ``word/TAG`` tokens, one sentence a line (the Penn Treebank's ``.tagged``
  files), the tag after the last ``/``, again ``tag1|tag2`` for several.

Each sentence is a :class:`TaggedSentence` with its first line, and either
its segments or the :class:`InputError` that made it unreadable; a bad line
never stops the rest of the file being read.  Files are opened through
:mod:`parsedit.trees.source` (standard input, compression, text encoding);
blank lines at the end of a file are not sentences (``trailing``, as for
trees).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from parsedit.errors import InputError
from parsedit.frozen import fast_init
from parsedit.trees.formats import detect
from parsedit.trees.reader import SPACES, read_trees
from parsedit.trees.source import DEFAULT_ENCODING, Overlong, lines
from parsedit.trees.tree import tagged_words

EMPTY = "-NONE-"


@fast_init
@dataclass(frozen=True)
class Segment:
    word: str
    tags: tuple[str, ...]


@dataclass(frozen=True)
class TaggedSentence:
    line: int
    segments: tuple[Segment, ...] | None
    error: InputError | None = None
    trailing: bool = False


def read_tagged(path: str, fmt: str = "auto", encoding: str = DEFAULT_ENCODING,
                joins: Callable[[int], bool] | None = None) -> Iterator[TaggedSentence]:
    """Every sentence of a tagged file, in order (``joins``: which trees
    split over lines of a bracketed file are read as one, as
    :func:`~parsedit.trees.reader.read_trees` takes it)."""
    fmt = detect(path, encoding) if fmt == "auto" else fmt
    if fmt == "bracketed":
        yield from _from_trees(path, encoding, joins)
    elif fmt == "tsv":
        yield from _from_tsv(path, encoding)
    else:
        yield from _from_slash(path, encoding)


def _from_trees(path: str, encoding: str, joins: Callable[[int], bool] | None
                ) -> Iterator[TaggedSentence]:
    for item in read_trees(path, encoding, joins):
        if item.tokens is None:
            yield TaggedSentence(item.line, None, item.error, item.trailing)
            continue
        segments = tuple(Segment(word, (tag if tag is not None else "",))
                         for tag, word in tagged_words(item.tokens) if tag != EMPTY)
        yield TaggedSentence(item.line, segments)


def _lines(path: str, encoding: str) -> Iterator[tuple[int, str]]:
    """Numbered lines without their line ends (an
    :class:`~parsedit.trees.source.Overlong` as it is)."""
    for number, line in enumerate(lines(path, encoding), start=1):
        yield number, line if type(line) is Overlong else line.rstrip("\r\n")


def _tags(text: str) -> tuple[str, ...]:
    return tuple(text.split("|"))


def _from_tsv(path: str, encoding: str) -> Iterator[TaggedSentence]:
    first: int | None = None
    segments: list[Segment] = []
    error: InputError | None = None
    for number, line in _lines(path, encoding):
        if type(line) is Overlong:
            first = number if first is None else first
            error = error or InputError(path, number, 1, line.message())
            continue
        if not line.strip(SPACES):
            if first is not None:
                yield TaggedSentence(first, None if error else tuple(segments), error)
            first, segments, error = None, [], None
            continue
        first = number if first is None else first
        if error is not None:
            continue
        fields = line.split("\t")
        if len(fields) != 2 or not fields[0] or not fields[1]:
            error = InputError(path, number, 1, "expected word<TAB>tag (tags as tag1|tag2)",
                               line)
            continue
        segments.append(Segment(fields[0], _tags(fields[1])))
    if first is not None:
        yield TaggedSentence(first, None if error else tuple(segments), error)


def _from_slash(path: str, encoding: str) -> Iterator[TaggedSentence]:
    blanks: list[int] = []  # blank lines, trailing unless a sentence follows
    for number, line in _lines(path, encoding):
        if type(line) is not Overlong and not line.strip(SPACES):
            blanks.append(number)
            continue
        yield from (TaggedSentence(blank, ()) for blank in blanks)
        blanks.clear()
        if type(line) is Overlong:
            yield TaggedSentence(number, None, InputError(path, number, 1, line.message()))
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
    yield from (TaggedSentence(blank, (), trailing=True) for blank in blanks)
