"""Span sets: a sentence as span-based parsers give it, read as the tree it describes.

A span-based parser (SuPar's CRF and biaffine parsers, benepar's chart
decoder) gives each sentence as a list of labelled spans ``(label, start,
end)`` over word positions (``start`` counted from 0, ``end`` one past the
last word, so ``(NP, 0, 2)`` covers words 0 and 1), beside its words and
perhaps their tags.  :class:`Spans` holds one such sentence; the Python API
takes it wherever it takes a tree (``parsedit.score``,
``Evaluator.update``), so a training loop scores its spans with no tree
built and no string written.

How a span set maps to EVALB's brackets, exactly: it is read as the token
form (:mod:`parsedit.trees.tree`) of the tree it describes, and that is
normalised and scored as any tree is.  So:

* each word is a preterminal ``(tag word)`` when ``tags`` are given, else a
  bare word standing under the spans that cover it;
* each span is a bracket around its words; spans over the same words nest
  in the order given, the first outermost; spans must nest (two spans that
  cross are no tree, and raise :class:`~parsedit.errors.TreeError`); words
  under no span stand at the top, beside the top spans (a sentence of
  several trees, as EVALB reads several trees on a line);
* the parameter file then does what it does to any tree: a word whose
  *tag* is a delete label (COLLINS.prm: ``-NONE-`` and the punctuation tags
  ``, : `` '' .``) is removed with its word, so the positions of the words
  after it move down and a span's bracket covers the words it kept (a span
  over ``the dog .`` and one over ``the dog`` become the same bracket); a
  span left covering no word is removed; a span whose label is a delete
  label (``TOP``) is removed; labels lose their function tags (``NP-SBJ``
  is ``NP``) and equal labels are one (``ADVP`` = ``PRT``); EVALB's length
  counts the words whose tag is not ``-NONE-``.  Without tags no word is
  deleted (the parameter file deletes by tag), so every position stays and
  punctuation moves no boundary: the figures are EVALB's on the trees only
  if their punctuation has no tag the parameter file deletes;
* the two sides' words are compared as EVALB compares them (a pair whose
  words differ after deletion is an ``error``, left out of the figures).

A word holding a bracket is written as the treebank writes it (``(`` is
``-LRB-``, as in NLTK's leaves); a label, tag or word the bracketed form
cannot hold (whitespace, a bracket in a label or tag, an empty word or tag)
raises :class:`~parsedit.errors.TreeError`, as a malformed tree does.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from parsedit.errors import TreeError
from parsedit.trees.tree import text_problem

Span = tuple[str, int, int]


def treebank_word(text: str) -> str:
    """A word as the treebank writes it: ``(`` as ``-LRB-``, ``)`` as ``-RRB-``."""
    if "(" in text or ")" in text:
        return text.replace("(", "-LRB-").replace(")", "-RRB-")
    return text


@dataclass(frozen=True)
class Spans:
    """One sentence as a set of labelled spans: ``spans``, each ``(label,
    start, end)`` over the positions of ``words`` (``end`` exclusive), and
    the words' ``tags`` if known (see the module docstring for how it is
    scored).  ``Spans([("S", 0, 3), ("NP", 0, 2)], ["the", "dog",
    "barked"], ["DT", "NN", "VBD"])`` is ``(S (NP (DT the) (NN dog)) (VBD
    barked))``.  The arguments are kept as given and checked when the
    sentence is scored, where an error can name the sentence's number."""

    spans: Sequence[Span]
    words: Sequence[str]
    tags: Sequence[str] | None = None

    def tokens(self) -> tuple[str, ...]:
        """The token form of the tree the spans describe (empty for a
        sentence of no words); :class:`~parsedit.errors.TreeError` for a
        span set that is no tree's."""
        leaves = _leaves(self.words, self.tags)
        n = len(leaves)
        # Outermost first: by start, then the longer first, then as given.
        spans = _checked(self.spans, n)
        spans.sort()
        out: list[str] = []
        emit = out.append
        ends: list[int] = []  # the ends of the spans open, innermost last
        opened: list[int] = []  # and their numbers
        k = 0
        for i, leaf in enumerate(leaves):
            while k < len(spans) and spans[k][0] == i:
                _, minus_end, number, label = spans[k]
                if ends and -minus_end > ends[-1]:
                    raise TreeError(f"the spans {_shown(opened[-1], self.spans)} and "
                                    f"{_shown(number, self.spans)} cross: the spans of a "
                                    "sentence must nest, as a tree's do")
                emit("(" + label)
                ends.append(-minus_end)
                opened.append(number)
                k += 1
            emit(leaf)
            while ends and ends[-1] == i + 1:
                emit(")")
                ends.pop()
                opened.pop()
        return tuple(out)


# What no label, tag or word may hold (what text_problem refuses), looked for
# in all of a sentence's at once; text_problem then names the culprit.
_UNREADABLE = re.compile(r"[ \t\n\v\f\r()]")


def _leaves(words: Sequence[str], tags: Sequence[str] | None) -> list[str]:
    """Each word's token: ``(tag word)``, or the bare word without tags."""
    if isinstance(words, str) or not isinstance(words, Sequence):
        raise TreeError(f"the words are a {type(words).__name__}, not a list of words")
    try:
        written = [treebank_word(word) for word in words]
        clean = "" not in written and not _UNREADABLE.search("".join(written))
    except TypeError:  # a word that is no str
        clean = False
    if not clean:
        problem = next(filter(None, (text_problem("word", treebank_word(word))
                                     if isinstance(word, str) else text_problem("word", word)
                                     for word in words)))
        raise TreeError(problem)
    if tags is None:
        return written
    if isinstance(tags, str) or not isinstance(tags, Sequence) or len(tags) != len(words):
        raise TreeError(f"the tags are {_described(tags)} for {len(words)} words: give one "
                        "tag a word, or tags=None")
    try:
        clean = "" not in tags and not _UNREADABLE.search("".join(tags))
    except TypeError:  # a tag that is no str
        clean = False
    if not clean:
        problem = next(filter(None, ("a tag is the empty string" if tag == ""
                                     else text_problem("label", tag) for tag in tags)))
        raise TreeError(problem.replace("label", "tag"))
    return [f"({tag} {word})" for tag, word in zip(tags, written)]


def _described(tags: object) -> str:
    return f"{len(tags)} tags" if isinstance(tags, Sequence) and not isinstance(tags, str) \
        else f"a {type(tags).__name__}"


def _checked(spans: Sequence[Span], n: int) -> list[tuple[int, int, int, str]]:
    """The spans checked, each as (start, -end, its number, label), the
    order they nest in."""
    if isinstance(spans, str) or not isinstance(spans, Sequence):
        raise TreeError(f"the spans are a {type(spans).__name__}, not a list of "
                        "(label, start, end)")
    out: list[tuple[int, int, int, str]] = []
    labels: list[str] = []
    for k, span in enumerate(spans):
        if type(span) is tuple and len(span) == 3:
            label, start, end = span
            if type(start) is int and type(end) is int and 0 <= start < end <= n:
                out.append((start, -end, k, label))
                labels.append(label)
                continue
        out.append(_span(k, span, n))
        labels.append(span[0])
    try:
        clean = not _UNREADABLE.search("".join(labels))
    except TypeError:  # a label that is no str
        clean = False
    if not clean:
        for k, span in enumerate(spans):
            _span(k, span, n)
    return out


def _span(k: int, span: Any, n: int) -> tuple[int, int, int, str]:
    """The ``k``-th span checked one by one, as :func:`_checked` gives it."""
    if not isinstance(span, (tuple, list)) or len(span) != 3:
        raise TreeError(f"span {k} is {span!r}: a span is (label, start, end)")
    label, start, end = span
    problem = text_problem("label", label)
    if problem is not None:
        raise TreeError(f"span {k} {span!r}: {problem}")
    try:
        start, end = operator.index(start), operator.index(end)
    except TypeError:
        raise TreeError(f"span {k} {span!r}: start and end are word positions, "
                        "integers") from None
    if isinstance(span[1], bool) or isinstance(span[2], bool) or not 0 <= start < end <= n:
        raise TreeError(f"span {k} {span!r} is not a span of the {n} words: 0 <= start < "
                        f"end <= {n} (end is one past the span's last word)")
    return start, -end, k, label


def _shown(number: int, spans: Sequence[Span]) -> str:
    return f"{number} {tuple(spans[number])!r}"
