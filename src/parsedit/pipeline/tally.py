"""Counts summed as the pairs come: the one accumulator of a run.

A :class:`Tally` takes scored pairs in order (:class:`Scored`) and keeps
partial sums per group of :data:`SUM_EVERY` pair numbers, the tallies the
warnings need, and of each sentence only what the run keeps
(:data:`KEEPS`).  Tallies of consecutive pairs extend one another in order:
a ``-j N`` worker sends back the tally of its unit of work, and the run's
own tally takes them in order; the Python API's
:class:`~parsedit.api.Evaluator` adds each batch's tally to its own.  The
totals are the groups' sums added in order, so ``-j N``'s figures are
``-j 1``'s to the last bit (floating-point addition is not associative).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from parsedit.errors import ConfigError
from parsedit.frozen import fast_init
from parsedit.results import (
    CAUSES,
    MISMATCHES,
    X_NOTE,
    ParsevalCounts,
    SentenceResult,
    SentenceRows,
    Totals,
)

if TYPE_CHECKING:

    from parsedit.metrics.leaf_ancestor import LAScored, WorstWords



# Sums are taken per SUM_EVERY consecutive pair numbers, and those partial
# sums added in order, whatever the number of processes: floating-point
# addition is not associative, and this is what makes -j N's figures -j 1's
# to the last bit.  A unit of work (a range of lines, a chunk of pairs) is
# one such group: line ranges are cut every SUM_EVERY lines.
SUM_EVERY = 128

# What a run keeps of each sentence (see CorpusResult): every SentenceResult,
# EVALB's per-sentence table only, or nothing but the sentences not ok.
KEEPS = ("sentences", "rows", "none")

@fast_init
@dataclass(frozen=True)
class Scored:
    """One pair as the road hands it on: its number, whether each side had
    an item, its result, and its leaf-ancestor lineages when kept."""

    number: int
    has_gold: bool
    has_test: bool
    sentence: SentenceResult
    lineages: LAScored | None
    # The row of zeros EVALB_SPMRL counts before this pair's row (a one-word
    # gold line of another length: parsedit.pipeline.spmrl), or None.
    before: SentenceResult | None = None

    @property
    def results(self) -> tuple[SentenceResult, ...]:
        """The pair's results in order: one, or EVALB_SPMRL's two."""
        return (self.sentence,) if self.before is None else (self.before, self.sentence)


class RowSink(Protocol):
    """Where a run's rows go (EVALB's table): each unit's rows rendered in
    the process that scored it (a ``-j N`` worker, so that the parent does
    not render every row while the workers score), then added in order in
    the run's own process."""

    def render(self, rows: SentenceRows) -> bytes: ...

    def add(self, rendered: bytes) -> None: ...

    def clear(self) -> None:
        """Forget the rows added: the run starts again (it found that its
        files cannot be read a range of lines at a time after all)."""


class Tally:
    """What scoring a run of consecutive pairs gives, and all that a worker
    sends back: partial sums (one :class:`Totals` pair per group of
    ``SUM_EVERY`` pair numbers, in order), the tallies the warnings need, and
    of each sentence only what the run keeps (see :data:`KEEPS`).  Tallies
    extend one another in order into the run's whole."""

    def __init__(self, zeros: Mapping[str, Any], cutoff_len: int | None,
                 keep: str = "sentences", worst: bool = False,
                 render: Callable[[SentenceRows], bytes] | None = None) -> None:
        """``zeros``: each metric's empty counts; ``cutoff_len``: the
        cut-off summary's longest sentence; ``keep``: what is kept of each
        sentence (:data:`KEEPS`); ``worst``: keep the leaf-ancestor lineage
        pairs that lose (``--worst-words``); ``render``: with ``keep="rows"``,
        how the rows are rendered where they are scored."""
        if keep not in KEEPS:
            raise ConfigError(f"keep={keep!r}: expected one of {', '.join(KEEPS)}")
        self.keep = keep
        self.zeros = dict(zeros)
        self.cutoff_len = cutoff_len
        self.sums: list[tuple[Totals, Totals]] = []  # all, cut-off: per whole group
        # How many groups' sums were added to the totals (and forgotten).
        self._summed = 0
        self._totals = (Totals(counts=dict(self.zeros)), Totals(counts=dict(self.zeros)))
        # The sentences of a group cut by the unit's start (head) or end
        # (tail), left for the parent to sum with the rest of their group.
        self.head: list[SentenceResult] = []
        self.tail: list[SentenceResult] = []
        self._group: list[SentenceResult] = []
        self._group_of = 0
        self.last = 0  # the number of the last pair
        self.gold_trees = self.test_trees = 0
        # Scored pairs where only the gold (test) side has ( ... ).
        self.outer = {"gold": 0, "test": 0}
        # --yield align: ok pairs with word counts, and of them those whose words differ.
        self.with_words = self.words_differ = 0
        # Pairs beyond EVALB's arrays (beyond_evalb).
        self.beyond_evalb = 0
        # The numbers of the errors that count towards MAX_ERROR.
        self.errors: list[int] = []
        self.not_ok: list[SentenceResult] = []
        self.sentences: list[SentenceResult] = []
        self.rows = SentenceRows() if keep == "rows" else None
        self.rendered: bytes | None = None  # its rows, by render (see close)
        self._render = render
        self.worst: WorstWords | None = None
        if worst:
            from parsedit.metrics.leaf_ancestor import WorstWords

            self.worst = WorstWords()

    def add(self, pair: Scored) -> None:
        """One scored pair, in order."""
        number, lineages = pair.number, pair.lineages
        group = (number - 1) // SUM_EVERY
        if group != self._group_of:
            self._finish()
            self._group_of = group
        self.last = number
        self.gold_trees += pair.has_gold
        self.test_trees += pair.has_test
        for sentence in pair.results:
            self._group.append(sentence)
            self.beyond_evalb += beyond_evalb(sentence)
            if sentence.outer_bracket is not None:
                self.outer[sentence.outer_bracket] += 1
            if noted(sentence):
                self._not_ok(pair, sentence)
            elif "words" in sentence.counts:
                self.with_words += 1
                self.words_differ += sentence.counts["words"].differ
            if self.keep == "sentences":
                self.sentences.append(sentence)
            elif self.rows is not None:
                self.rows.add(sentence)
        if self.worst is not None and lineages is not None:
            self.worst.add(number, lineages)

    def _not_ok(self, pair: Scored, sentence: SentenceResult) -> None:
        """A pair not scored ``ok`` (or scored with a note): kept, and
        counted if an error."""
        self.not_ok.append(sentence)
        # A pair beyond the end of the shorter file is no error EVALB
        # would meet: the tree counts, said at the end, tell what happened.
        if counts_as_error(sentence) and pair.has_gold and pair.has_test:
            self.errors.append(pair.number)

    def add_summed(self, last: int, sums: tuple[Totals, Totals], trees: tuple[int, int],
                   outer: tuple[int, int], others: list[Scored], rows: bytes = b"",
                   beyond: int = 0) -> None:
        """A whole group of ``SUM_EVERY`` pairs ending at pair ``last``,
        summed by the caller (``sums``: what :meth:`Totals.of` gives of its
        sentences, all and within the cut-off), for a run that keeps no
        ``SentenceResult`` of an ``ok`` pair: how many had a gold and a test
        tree, and an outer bracket on the gold side alone and on the test
        side alone; its pairs not scored ``ok`` (``others``, in order; others
        may be in it too); EVALB's table rows of its pairs, as
        :class:`~parsedit.results.SentenceRows` holds them; how many of its
        pairs are beyond EVALB's arrays (:func:`beyond_evalb`)."""
        assert self.keep != "sentences" and self.worst is None
        self._finish()
        self._group_of = (last - 1) // SUM_EVERY
        self.sums.append(sums)
        self.last = last
        self.gold_trees += trees[0]
        self.test_trees += trees[1]
        self.outer["gold"] += outer[0]
        self.outer["test"] += outer[1]
        self.beyond_evalb += beyond
        for pair in others:
            for sentence in pair.results:
                if noted(sentence):
                    self._not_ok(pair, sentence)
        if self.rows is not None:
            self.rows.data.frombytes(rows)

    def _sum(self) -> None:
        if self._group:
            self.sums.append((Totals.of(self._group, self.zeros),
                              Totals.of(self._group, self.zeros, self.cutoff_len)))
            self._group = []

    def _finish(self) -> None:
        """Sum the group just ended if the unit holds all of it, else keep
        its sentences as the head or the tail."""
        group = self._group
        # Pair numbers are consecutive (a pair may have two rows: EVALB_SPMRL's).
        if group and (group[0].id - 1) % SUM_EVERY == 0 \
                and group[-1].id - group[0].id == SUM_EVERY - 1:
            self._sum()
        elif self._group:
            if self.sums or self._summed or self.head:
                self.tail = self._group
            else:
                self.head = self._group
            self._group = []

    def _join(self, sentences: list[SentenceResult]) -> None:
        """In the parent: sentences of a cut group, summed once it is whole."""
        for sentence in sentences:
            group = (sentence.id - 1) // SUM_EVERY
            if group != self._group_of:
                self._sum()
                self._group_of = group
            self._group.append(sentence)

    def close(self) -> Tally:
        """The tally, its last group summed or kept as its tail (and its
        rows rendered, if they are rendered where scored)."""
        self._finish()
        if self._render is not None and self.rows is not None:
            self.rendered, self.rows = self._render(self.rows), None
        self._render = None  # (a tally crosses to the parent pickled)
        return self

    def extend(self, other: Tally) -> None:
        """Append ``other`` (closed, and following this tally's pairs)."""
        self._join(other.head)
        if other.sums:
            self._sum()
            self.sums += other.sums
        self._join(other.tail)
        self.last = other.last
        self.gold_trees += other.gold_trees
        self.test_trees += other.test_trees
        for side in self.outer:
            self.outer[side] += other.outer[side]
        self.with_words += other.with_words
        self.words_differ += other.words_differ
        self.beyond_evalb += other.beyond_evalb
        self.errors += other.errors
        self.not_ok += other.not_ok
        self.sentences += other.sentences
        if self.rows is not None and other.rows is not None:
            self.rows.extend(other.rows)
        if self.worst is not None and other.worst is not None:
            self.worst.merge(other.worst)
        self._add()

    def _add(self) -> None:
        """Add the groups' sums to the totals, in order, and forget them (as
        tallies come back, so that -j N's parent does it while the workers
        score, and its memory does not grow with the corpus)."""
        every, cutoff = self._totals
        for group, short in self.sums:
            every, cutoff = every + group, cutoff + short
        self._totals = every, cutoff
        self._summed += len(self.sums)
        self.sums.clear()

    def totals(self) -> tuple[Totals, Totals]:
        """The sums over every sentence, and over the cut-off subset: the
        groups' sums added in order."""
        self._sum()
        self._add()
        return self._totals

    def counted(self) -> Counted:
        """What the tally gives the result (see :class:`Counted`)."""
        totals, cutoff = self.totals()
        return Counted(totals, cutoff, self.gold_trees, self.test_trees,
                       {**self.outer, "with_words": self.with_words,
                        "words_differ": self.words_differ,
                        "beyond_evalb": self.beyond_evalb, **tallies(self.not_ok)},
                       tuple(self.sentences), tuple(self.not_ok), self.rows, self.last)


# What a pair's message says when it is too large for the metrics that align
# strings, and what a length mismatch's message adds when a quote tagged as a
# word on one side is deleted as punctuation on the other (EVALB's
# QUOTE_LABEL case): for readers; the tallies count the pairs' causes.
TOO_LARGE = "too large to align"
QUOTE_NOTE = ("a quote tagged as a word on one side and as deleted punctuation on the "
              "other, which -p new scores as EVALB does with new.prm's QUOTE_LABEL")


# The notes of the rows EVALB_SPMRL counts where EVALB would not
# (parsedit.pipeline.spmrl), and of a pair --delete-by gold scored that
# EVALB's way would have left out (parsedit.trees.gold_tags).
ZERO_NOTE = ("counted as EVALB_SPMRL counts it: a valid sentence with no bracket (a "
             "complete match, no crossing bracket)")
TWICE_NOTE = "then scored as well, as EVALB_SPMRL scores it (two rows for one line)"
_X = re.compile(re.escape(X_NOTE) + r": (\d+) gold brackets where the gold tree has (\d+)")
RESCUED_NOTE = ("scored by the gold tags' deletions (--delete-by gold); deleting by each "
                "side's own tags, as EVALB does, would have left it out:")
# The note of a pair scored under the unsupervised convention whose kept
# words differ from gold's in case alone (spans compared by position).
CASE_NOTE = ("scored by position, as the unsupervised convention compares spans "
             "(compare_trees.py): its words differ from gold's only in case")
# What a skip's message adds when the gold tags keep no word of the pair
# (--delete-by gold), which the warnings count apart from a test read with
# no word.
KEPT_NONE_NOTE = "the gold tags keep none of its words"


def x_tally(message: str | None) -> tuple[int, int] | None:
    """The gold brackets ``-X`` counted for a row, and those of its gold
    tree, read off its message (None if it is no ``-X`` row)."""
    found = _X.search(message or "")
    return None if found is None else (int(found.group(1)), int(found.group(2)))


def noted(s: SentenceResult) -> bool:
    """Whether a sentence is kept among those not ``ok``: not scored ``ok``,
    or scored with a cause (EVALB_SPMRL's rows of zeros, a pair
    ``--delete-by gold`` scored that EVALB's way would have left out, a
    pair whose words differ from gold's in case alone under the
    unsupervised convention)."""
    return s.status != "ok" or s.cause is not None


def counts_as_error(s: SentenceResult) -> bool:
    """Whether a sentence counts towards MAX_ERROR: an error, or a pair
    EVALB_SPMRL counts as valid after printing its error (a length
    mismatch: scored ``ok`` with EVALB's reason)."""
    return s.status == "error" or (s.status == "ok" and s.reason is not None)


def tallies(not_ok: Iterable[SentenceResult]) -> dict[str, int]:
    """What the warnings need to know of the pairs not scored ``ok`` (or
    scored with a note, :func:`noted`), from their causes
    (:data:`~parsedit.results.CAUSES`) and notes: how many are pairs whose
    words differ (``mismatched``: EVALB's length and word mismatches, errors
    under ``--yield strict``), how many of those differ only by quotes
    tagged differently (``quoted``), how many were left out as too large to
    align (``too_large``); EVALB_SPMRL's rows of zeros (``spmrl_zero``) and
    pairs it scores twice (``spmrl_twice``), its ``-X`` rows (``x_rows``)
    with the gold brackets it counted for them (``x_gold``) and those their
    trees have (``x_kept``); pairs ``--delete-by gold`` rescued
    (``rescued``); pairs scored under the unsupervised convention whose
    words differ from gold's in case alone (``case``); test sentences left
    out as unparsed (``unparsed``: an empty or unreadable line, or one
    without words, not counted by ``--failures``); test sentences whose
    heads make no tree (``invalid_trees``: CoNLL-U, counted by
    ``--failures`` or not); pairs whose test side kept no word
    (``no_words``), and
    of those the pairs whose gold side kept none either (``kept_none``:
    under KEEP_LABEL, often a gold tag set the list does not know; a test
    read with no word, such as a bare line misread as a tree, is not one).
    """
    causes: Counter[str | None] = Counter()
    out = dict.fromkeys(("x_rows", "x_gold", "x_kept"), 0)
    unparsed = kept_none = 0
    for s in not_ok:
        causes[s.cause] += 1
        unparsed += s.cause in UNPARSED and not s.counted
        kept_none += s.cause == "no_words" and (s.message or "").endswith(KEPT_NONE_NOTE)
        # (the numbers of a -X row are in the message parsedit.pipeline.spmrl
        # writes, read back only from a row counted as -X counts it)
        x = x_tally(s.message) if s.counted else None
        if x is not None:
            out["x_rows"] += 1
            out["x_gold"] += x[0]
            out["x_kept"] += x[1]
    return {**{cause: causes[cause] for cause in LEFT_OUT},
            "mismatched": sum(causes[cause] for cause in MISMATCHES),
            "quoted": causes["quotes"], "too_large": causes["too_large"],
            **{cause: causes[cause] for cause in CAUSES["ok"]}, "unparsed": unparsed,
            "no_words": causes["no_words"], "kept_none": kept_none,
            "invalid_trees": causes["invalid_tree"], **out}


# The causes of a test sentence left out as a parser's failure (what
# --failures counts): an empty or unreadable line, one without words, a
# dependency sentence whose heads make no tree.
UNPARSED = ("unreadable", "empty", "no_words", "invalid_tree")


# EVALB's arrays (evalb.c: MAX_WORD_IN_SENT, MAX_BRACKET_IN_SENT): a side
# with more words or brackets overruns them (EVALB crashes, or its counts
# are wrong); EVALB_SPMRL's are larger (1,000 and 2,000).
EVALB_MAX_WORDS = 200
EVALB_MAX_BRACKETS = 200


def beyond_evalb(sentence: SentenceResult) -> bool:
    """Whether EVALB itself could not score the pair: a side with more
    than :data:`EVALB_MAX_WORDS` words kept or :data:`EVALB_MAX_BRACKETS`
    brackets scored (PARSEVAL's counts), or, for a pair without PARSEVAL
    counts (an error, a skip), a gold sentence longer than
    :data:`EVALB_MAX_WORDS` (EVALB's length, which counts the words the
    parameter file deletes: the rare such pair may still fit).  EVALB's
    bracket array also holds the brackets it deletes (TOP, those over empty
    elements alone), so a pair with a few scored brackets fewer than the
    limit may overrun it too: those are not found."""
    counts = sentence.counts.get("parseval")
    if isinstance(counts, ParsevalCounts):
        return (counts.words > EVALB_MAX_WORDS or counts.gold > EVALB_MAX_BRACKETS
                or counts.test > EVALB_MAX_BRACKETS)
    return sentence.length > EVALB_MAX_WORDS


# The causes of the pairs left out of the figures that the caveat names
# (CorpusResult.causes), each a tally of its own (too_large, no_words and
# quotes, as quoted, are tallies already).
LEFT_OUT = ("gold_missing", "gold_unreadable", "gold_empty", "length", "words", "missing",
            "unreadable", "empty")
# The tallies the warnings need (see scored_tallies).
TALLIES = (*LEFT_OUT, "gold", "test", "with_words", "words_differ", "beyond_evalb",
           "mismatched", "quoted", "too_large",
           "spmrl_zero", "spmrl_twice", "x_rows", "x_gold", "x_kept", "rescued", "case",
           "unparsed", "no_words", "kept_none", "invalid_trees")


def scored_tallies(sentences: Iterable[SentenceResult]) -> dict[str, int]:
    """What the warnings need to know of any pairs: :func:`tallies`, and of
    the pairs scored, how many had an unlabelled outer bracket on the gold
    side alone (``gold``) and on the test side alone (``test``), how many
    had word counts (``with_words``, ``--yield align``) and how many of
    those had words that differ (``words_differ``); of every pair, how many
    are beyond EVALB's arrays (``beyond_evalb``): what a :class:`Tally`
    counts as the pairs come."""
    out = dict.fromkeys(("gold", "test", "with_words", "words_differ", "beyond_evalb"), 0)
    not_ok = []
    for sentence in sentences:
        out["beyond_evalb"] += beyond_evalb(sentence)
        if sentence.outer_bracket is not None:
            out[sentence.outer_bracket] += 1
        if noted(sentence):
            not_ok.append(sentence)
        elif "words" in sentence.counts:
            out["with_words"] += 1
            out["words_differ"] += sentence.counts["words"].differ
    return {**out, **tallies(not_ok)}


@dataclass(frozen=True)
class Counted:
    """What a set of scored pairs gives their result: the totals over every
    sentence and over the cut-off subset; the trees each file had; the
    tallies the warnings need (:func:`scored_tallies`' keys); the sentence
    results kept, those not ``ok`` (always kept), EVALB's table rows when
    kept alone; and the number of the last pair.  A run's
    :class:`Tally` gives one (:meth:`Tally.counted`), and so does the Python
    API's :class:`~parsedit.api.Evaluator` from its sums: the result and its
    warnings are made from it in one place (:mod:`parsedit.pipeline.conclude`)."""

    totals: Totals
    cutoff: Totals
    gold_trees: int
    test_trees: int
    tallies: Mapping[str, int]
    sentences: tuple[SentenceResult, ...] = ()
    not_ok: tuple[SentenceResult, ...] = ()
    rows: SentenceRows | None = None
    last: int = 0
