"""Pairing runs of sentences when the two files split the text differently
(``--segmentation align`` and ``--segmentation document``).

The files are read in step.  From the next unpaired gold sentence i and test
sentence j, the words of a window of sentences on each side are aligned
(:mod:`parsedit.wordalign`).  A gold sentence boundary and a test sentence
boundary *agree* when the alignment puts them at the same place: some
prefix of its operations consumes exactly the words before both.

Which boundaries are trusted: on a side whose window holds the rest of the
file (up to its end or an empty sentence), every sentence end; on another,
only the ends in the first half of the window's words.  The window's own
end is where it cut the text, not a sentence end the other side was seen to
share, and near it the alignment can be bent by what it cut off: among
equally cheap scripts, the words left over at the end can be placed so as
to meet some boundary of the other side.  The alignment is told the
trusted boundaries (:class:`~parsedit.wordalign.Boundaries`) and among its
cheapest scripts takes one that keeps the most of them, so that a word
error at a sentence's edge (an inserted last word and a substituted first
word of the next, which cost as much paired across the boundary as on each
side of it) never merges two pairs whose boundary both files have; a
boundary is crossed only where crossing it is cheaper.

Which words: each sentence's words *as written* (punctuation kept; the
caller leaves out what is no text, such as ``-NONE-``'s empty elements),
and, where those cross a boundary, the words *as scored* too (the
parameter file's deletions made): a boundary either alignment keeps is
kept (:func:`_agreed_in_views`).  So a boundary is never crossed to save an
edit that deleting punctuation made (an inserted last word and a changed
first word, with the full stop between them deleted, cost one substitution
across the boundary and two edits on its sides), nor one that a word the
scoring deletes made (a word inserted under a ``.`` tag, which as written
is one substitution across the boundary and as scored no edit at all).

``align`` (the default pairing of ``--segmentation align``): the window is
:data:`WINDOW` sentences a side (4).  The next pair is the shortest run of
gold sentences and the shortest run of test sentences that end at the first
trusted boundary the alignment agrees on (one gold sentence against two
test sentences, two against one, ...).  When there is none, the window is
doubled, up to :data:`MAX_WINDOW` sentences a side (64), so that a test
sentence holding five gold sentences is paired with all five; when none
agrees even there, the next pair is the one ``document`` makes from the
same sentences (however many it takes: the window's end is where it cut
the text, and a pair made of the whole window would draw in sentences that
belong with what follows), and the run's warnings name it.  A run of
several sentences is scored as one forest, as EVALB scores a line holding
several trees.

``document`` reads each file as one word stream: the boundaries are those
of the alignment of the whole gold stream with the whole test stream, and a
pair is every stretch between two boundaries both sides agree on, however
many sentences it takes.  The document alignment is computed in windows,
so that it stays tractable on a file of thousands of sentences: from the
last agreed boundary, the words of the next sentences on each side, at
least :data:`DOCUMENT_WORDS` a side (200), are aligned; every trusted
boundary the alignment agrees on is kept (the pairs between them are
emitted), and the next window starts at the last of them; when there is
none, the window doubles, up to the end of both files (whatever is then
left is one pair).  A document alignment computed whole would differ only
where a window's optimal path would not, which a window of a couple of
hundred words with sentences agreeing inside it all but rules out (stated,
not proved).  So ``align`` pairs one run at a time, looking 4 sentences
ahead and further only when it must; ``document`` merges as many sentences
as the alignment needs, and never stops widening.

A sentence without words (empty, unreadable) is never merged: it is paired
with the sentence in the same place on the other side, as without
segmentation, and keeps its status.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from parsedit.plural import plural
from parsedit.results import Run
from parsedit.trees.reader import Item
from parsedit.wordalign import Boundaries, WordAligner

__all__ = ["DOCUMENT_WORDS", "MAX_WINDOW", "WINDOW", "Run", "aligned_pairs", "limit_warning",
           "merge_warning"]

WINDOW = 4
MAX_WINDOW = 64
DOCUMENT_WORDS = 200


def merge_warning(runs: Sequence[Run], segmentation: str = "align") -> str | None:
    """The warning of a run whose pairs merge sentences (None when none does)."""
    merged = [run for run in runs if run.merged]
    if not merged:
        return None
    shown = "; ".join(run.describe() for run in merged[:10])
    return (f"--segmentation {segmentation}: {sum(len(r.gold) for r in runs)} gold and "
            f"{sum(len(r.test) for r in runs)} test sentences in {len(runs)} pairs; "
            f"{plural(len(merged), 'pair')} merge{'s' * (len(merged) == 1)} sentences: {shown}"
            + (" ..." if len(merged) > 10 else ""))


def limit_warning(runs: Sequence[Run]) -> str | None:
    """The warning of ``--segmentation align`` pairs made as ``document``
    makes them because no boundary agreed within :data:`MAX_WINDOW`
    sentences a side (None when none was)."""
    cut = [run for run in runs if run.limit]
    if not cut:
        return None
    shown = "; ".join(run.describe() for run in cut[:10])
    return (f"--segmentation align: {plural(len(cut), 'pair')} found no sentence boundary of "
            "the two "
            f"files agreeing within {MAX_WINDOW} sentences a side, and were paired as "
            "--segmentation document pairs them (by the alignment of as many sentences as "
            f"it takes): {shown}" + (" ..." if len(cut) > 10 else ""))


def _merge(items: Sequence[Item]) -> Item:
    tokens: list[str] = []
    for item in items:
        assert item.tokens is not None
        tokens += item.tokens
    return Item(items[0].line, tuple(tokens))


Words = Callable[[Item], list[str]]


def _remembered(words: Words) -> Words:
    """``words``, each item's computed once."""
    known: dict[int, list[str]] = {}

    def words_of(item: Item) -> list[str]:
        found = known.get(id(item))
        if found is None:
            found = known[id(item)] = words(item)
        return found
    return words_of


def aligned_pairs(gold_items: Iterable[Item], test_items: Iterable[Item], aligner: WordAligner,
                  words: Words, runs: list[Run], document: bool = False,
                  scored: Words | None = None
                  ) -> Iterator[tuple[int, Item | None, Item | None]]:
    """The numbered pairs of (possibly merged) items of two files; each
    pair's :class:`Run` is appended to ``runs``.  ``words(item)`` is an
    item's yield as written (punctuation kept), ``scored(item)`` the yield
    its pair is scored on (the parameter file's deletions made), if it
    differs: a boundary is crossed only where both alignments cross it
    (see the module); ``document`` pairs runs as ``--segmentation
    document`` does (see the module), else as ``align``."""
    words_of = _remembered(words)
    views = (words_of,) if scored is None else (words_of, _remembered(scored))

    gold = list(gold_items)
    test = list(test_items)
    i = j = 0
    number = 0
    while i < len(gold) or j < len(test):
        number += 1
        if i == len(gold) or j == len(test) or not words_of(gold[i]) or not words_of(test[j]):
            runs.append(Run(number, (i + 1,) if i < len(gold) else (),
                            (j + 1,) if j < len(test) else ()))
            yield (number, gold[i] if i < len(gold) else None,
                   test[j] if j < len(test) else None)
            i, j = i + (i < len(gold)), j + (j < len(test))
            continue
        limit = False
        if document:
            found = _document_runs(gold, test, i, j, aligner, views)
        else:
            k, m, limit = _next_run(gold, test, i, j, aligner, views)
            found = [(k, m)]
        for n, (k, m) in enumerate(found):
            number += n > 0
            runs.append(Run(number, tuple(range(i + 1, i + k + 1)),
                            tuple(range(j + 1, j + m + 1)), limit))
            yield number, _merge(gold[i:i + k]), _merge(test[j:j + m])
            i, j = i + k, j + m


def _agreed(gold: Sequence[Item], test: Sequence[Item], aligner: WordAligner,
            words: Callable[[Item], list[str]], gold_whole: bool = True,
            test_whole: bool = True) -> list[tuple[int, int]]:
    """The trusted boundaries the alignment of two windows' words agrees on,
    in order, as (gold sentences, test sentences) before them.

    On a side whose window is ``whole`` (it holds the rest of the file, up
    to its end or an empty sentence) every sentence end is trusted; on
    another, only the ends in the first half of the window's words.  The
    window cut the text at its last end, which is no boundary at all, and
    near the cut the alignment can be bent by what it cut off: among
    equally cheap scripts, the words left over at the end can be placed so
    as to meet a sentence end of the other side.  The alignment is told
    every sentence end but the cuts, and keeps the most of them its cost
    allows (see :class:`~parsedit.wordalign.Boundaries`): the ends further
    on tell it which of two equally cheap places of an early boundary goes
    on agreeing with the sentences after it."""
    gold_words = [words(item) for item in gold]
    test_words = [words(item) for item in test]
    gold_ends = _ends(gold_words)
    test_ends = _ends(test_words)
    alignment = aligner.align([w for ws in gold_words for w in ws],
                              [w for ws in test_words for w in ws],
                              Boundaries(frozenset(gold_ends if gold_whole else gold_ends[:-1]),
                                         frozenset(test_ends if test_whole else test_ends[:-1])))
    cuts = {(0, 0)}
    g = t = 0
    for op in alignment.ops:
        g += len(op.gold)
        t += len(op.test)
        cuts.add((g, t))
    return [(k, m) for k, gb in _trusted(gold_ends, gold_whole).items()
            for m, tb in _trusted(test_ends, test_whole).items() if (gb, tb) in cuts]


def _agreed_in_views(gold: Sequence[Item], test: Sequence[Item], aligner: WordAligner,
                     views: Sequence[Words], gold_whole: bool, test_whole: bool,
                     enough: Callable[[list[tuple[int, int]]], bool]
                     ) -> list[tuple[int, int]]:
    """The boundaries :func:`_agreed` finds in the first of ``views`` (the
    yields as written), and unless those are ``enough`` (no sentence left
    out of the pairs they make), those it finds in the others too (the
    yields as scored): a boundary one alignment keeps is kept, so that it
    is crossed only where every view finds crossing it cheaper.  In order
    of gold, then test, sentences."""
    found = _agreed(gold, test, aligner, views[0], gold_whole, test_whole)
    if enough(found):
        return found
    more = set(found)
    for words in views[1:]:
        more.update(_agreed(gold, test, aligner, words, gold_whole, test_whole))
    return sorted(more)


def _one_by_one(agreed: list[tuple[int, int]]) -> bool:
    """Whether boundaries pair the first sentence of each side alone."""
    return bool(agreed) and agreed[0] == (1, 1)


def _trusted(ends: list[int], whole: bool) -> dict[int, int]:
    """Of a window's sentence ends (word counts), those that may be taken
    for agreed boundaries, by the number of sentences before them: all of
    them in a ``whole`` window, else those in the first half of its words."""
    return {k: end for k, end in enumerate(ends, start=1) if whole or 2 * end <= ends[-1]}


def _next_run(gold: Sequence[Item], test: Sequence[Item], i: int, j: int,
              aligner: WordAligner, views: Sequence[Words]) -> tuple[int, int, bool]:
    """How many sentences from gold sentence ``i`` and test sentence ``j``
    (0-based) form the next pair, and whether no boundary agreed within
    :data:`MAX_WINDOW` sentences a side (the pair is then the whole window)."""
    words = views[0]
    size = WINDOW
    while True:
        gold_window, gold_whole = _window(gold, i, i + size, words)
        test_window, test_whole = _window(test, j, j + size, words)
        agreed = _agreed_in_views(gold_window, test_window, aligner, views, gold_whole,
                                  test_whole, _one_by_one)
        if agreed:
            return agreed[0][0], agreed[0][1], False
        # (Both sides whole: their ends agree, the end of every alignment.)
        if size >= MAX_WINDOW:
            # The next pair as --segmentation document finds it, however
            # many sentences it takes (the window's end is no boundary).
            k, m = _document_runs(gold, test, i, j, aligner, views)[0]
            return k, m, True
        size *= 2


def _window(items: Sequence[Item], start: int, stop: int, words: Callable[[Item], list[str]]
            ) -> tuple[list[Item], bool]:
    """The sentences from ``start`` to ``stop`` (an empty one ends them
    sooner), and whether they are the rest of the file up to its end or an
    empty sentence (the window is *whole* on that side)."""
    window = _with_words(items[start:stop], words)
    end = start + len(window)
    return window, end == len(items) or not words(items[end])


def _document_runs(gold: Sequence[Item], test: Sequence[Item], i: int, j: int,
                   aligner: WordAligner, views: Sequence[Words]) -> list[tuple[int, int]]:
    """The next pairs of ``--segmentation document`` from gold sentence ``i``
    and test sentence ``j`` (0-based): (gold sentences, test sentences) each,
    from one window of the document alignment (see the module)."""
    words = views[0]
    size = DOCUMENT_WORDS
    while True:
        gold_window, gold_whole = _window(gold, i, _words_end(gold, i, size, words), words)
        test_window, test_whole = _window(test, j, _words_end(test, j, size, words), words)

        def enough(agreed: list[tuple[int, int]]) -> bool:
            # Every sentence of the windows up to the last boundary paired alone.
            return bool(agreed) and agreed == [(n, n) for n in range(1, len(agreed) + 1)]
        kept: list[tuple[int, int]] = []
        for k, m in _agreed_in_views(gold_window, test_window, aligner, views, gold_whole,
                                     test_whole, enough):
            if not kept or (k > kept[-1][0] and m > kept[-1][1]):  # a sentence or more a side
                kept.append((k, m))
        if gold_whole and test_whole:
            if not kept or kept[-1] != (len(gold_window), len(test_window)):
                kept.append((len(gold_window), len(test_window)))
        if kept:
            runs: list[tuple[int, int]] = []
            k0 = m0 = 0
            for k, m in kept:
                runs.append((k - k0, m - m0))
                k0, m0 = k, m
            return runs
        size *= 2


def _words_end(items: Sequence[Item], start: int, size: int,
                  words: Callable[[Item], list[str]]) -> int:
    """Where the sentences from ``start`` hold at least ``size`` words (or
    the file ends)."""
    count = 0
    end = start
    while end < len(items) and count < size:
        count += len(words(items[end]))
        end += 1
    return end


def _with_words(items: Sequence[Item], words: Callable[[Item], list[str]]) -> list[Item]:
    out: list[Item] = []
    for item in items:
        if not words(item):
            break
        out.append(item)
    return out


def _ends(sentences: list[list[str]]) -> list[int]:
    """The word count at the end of each sentence."""
    out: list[int] = []
    total = 0
    for ws in sentences:
        total += len(ws)
        out.append(total)
    return out
