"""The fast readers behind one batch contract, and the instances a process uses.

Each fast reader reads a batch of lines (one tree each, as a file in line
layout or the Python API's strings hold them) straight into what the
metrics read, and gives None for every line it does not take (a blank,
damaged or unusual line, a failure marker, words beyond its limits): that
line is handed back, and the run reads it with the reference reader
(:mod:`parsedit.trees.reader`) in its place.  So a fast reader never
judges or scores a sentence, and correctness never depends on it handling
a rare case.

==================================  ===========================  ============
reader                              reads a line into            how
==================================  ===========================  ============
:class:`~.lines.LineKeys`           PARSEVAL's bracket keys      line by line
:class:`~.lines.LineSentences`      its normalised sentence      line by line
:class:`~.arrays.ArrayKeys`         PARSEVAL's bracket keys      a range at a
                                                                 time, numpy
:class:`~.array_sentences.          its normalised sentence      a range at a
ArraySentences`                                                  time, numpy
==================================  ===========================  ============

Which one a run uses is decided in :mod:`parsedit.pipeline.route`.  Each
reader remembers what it learnt of the lines it read (labels, chunks,
tags) until :meth:`new_range` bounds that memory, so a process keeps one
per normalisation: the line readers one per thread (a reader numbers
labels as it meets them, so two threads must not share one), the numpy
readers one per process, taken in turns (:data:`SHARED`: a range's reading
uses their scratch space).
"""

from __future__ import annotations

import threading
from functools import lru_cache
from itertools import compress
from typing import TYPE_CHECKING, Any, TypeVar

from parsedit.trees.lines import LineKeys, LineSentences
from parsedit.trees.normalise import Normalisation, Normalised

if TYPE_CHECKING:
    from parsedit.trees.array_sentences import ArraySentences
    from parsedit.trees.arrays import ArrayKeys

# The numpy readers are one per process (per normalisation), and reading a
# range uses their scratch space: callers in threads take turns.
SHARED = threading.Lock()
_PER_THREAD = threading.local()

R = TypeVar("R", LineKeys, LineSentences)


def _per_thread(kind: type[R], norm: Normalisation) -> R:
    """This thread's reader of ``kind`` for ``norm`` (at most eight
    normalisations remembered per thread)."""
    readers: dict[tuple[type, Normalisation], Any] = _PER_THREAD.__dict__.setdefault(
        "readers", {})
    found = readers.get((kind, norm))
    if found is None:
        if len(readers) >= 8:
            readers.clear()
        found = readers[kind, norm] = kind(norm)
    reader: R = found
    return reader


def line_keys(norm: Normalisation) -> LineKeys:
    """This thread's :class:`~parsedit.trees.lines.LineKeys` for ``norm``."""
    return _per_thread(LineKeys, norm)


def line_sentences(norm: Normalisation) -> LineSentences:
    """This thread's :class:`~parsedit.trees.lines.LineSentences` for ``norm``."""
    return _per_thread(LineSentences, norm)


@lru_cache(maxsize=8)
def array_keys(norm: Normalisation) -> ArrayKeys:
    """This process's :class:`~parsedit.trees.arrays.ArrayKeys` for ``norm``
    (used under :data:`SHARED`)."""
    from parsedit.trees.arrays import ArrayKeys

    return ArrayKeys(norm)


@lru_cache(maxsize=8)
def array_sentences(norm: Normalisation) -> ArraySentences:
    """This process's :class:`~parsedit.trees.array_sentences.ArraySentences`
    for ``norm`` (used under :data:`SHARED`)."""
    from parsedit.trees.array_sentences import ArraySentences

    return ArraySentences(norm)


def read_sentences(norm: Normalisation, gold: list[str], test: list[str], arrays: bool
                   ) -> tuple[list[Normalised | None], list[Normalised | None]]:
    """Each line of both sides read straight into its normalised sentence,
    None where the reader does not take it: a range at a time with numpy
    (``arrays``) or line by line; a test line equal to its gold line is
    read once."""
    if arrays:  # (lines written with odd spacing respaced first: equal ones read once)
        from parsedit.trees.arrays import mended

        gold, test = mended(gold), mended(test)
    equal = [k < len(gold) and line == gold[k] for k, line in enumerate(test)]
    test = ["" if same else line for line, same in zip(test, equal)]
    if arrays:
        reader = array_sentences(norm)
        with SHARED:
            reader.new_range()
            both = reader.read(gold + test)  # (one scan for both sides)
        gold_read, test_read = both[:len(gold)], both[len(gold):]
    else:
        lines = line_sentences(norm)
        lines.new_range()
        gold_read, test_read = list(map(lines.read, gold)), list(map(lines.read, test))
    for k in compress(range(len(equal)), equal):
        test_read[k] = gold_read[k]
    return gold_read, test_read
