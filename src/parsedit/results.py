"""Frozen, additive counts: a corpus is the sum of its sentences.

Every metric's per-sentence counts are one of the frozen classes here
(:class:`ParsevalCounts`, :class:`EditCounts`, :class:`LACounts`,
:class:`TaggingCounts`); ``a + b`` is the counts of both sets of sentences,
so a corpus is aggregated once, by summing, and two evaluators that saw parts
of a corpus merge exactly.  Rates are derived, never stored; an undefined
rate (nothing in the denominator) is ``None`` and is printed as ``n/a``.

:class:`Totals` holds the sums over a set of sentences (every metric's counts
and how many sentences had each status); :class:`CorpusResult` holds the
totals over all of them and over the cut-off subset, and of each sentence
what the run kept: every :class:`SentenceResult`, or only EVALB's table
(:class:`SentenceRows`, nine integers a sentence), or nothing (the sentences
not scored ``ok`` are always kept).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from functools import reduce
from operator import add, attrgetter
from typing import Any, NamedTuple

from parsedit.frozen import fast_init
from parsedit.plural import plural
from parsedit.version import __version__


def percent(part: float, whole: float) -> float | None:
    """100 * part / whole, or None when ``whole`` is 0."""
    return 100.0 * part / whole if whole else None


def f_measure(recall: float | None, precision: float | None) -> float | None:
    """Their harmonic mean (0 when both are 0; None when either is undefined)."""
    if recall is None or precision is None:
        return None
    return 0.0 if recall + precision == 0 else 2 * recall * precision / (recall + precision)


_FIELDS: dict[type, tuple[str, ...]] = {}


def _names(kind: type) -> tuple[str, ...]:
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(f.name for f in fields(kind))
    return names


class _Additive:
    """Field-by-field addition for the frozen count classes."""

    def __add__(self, other: Any) -> Any:
        kind = type(self)
        if type(other) is not kind:
            return NotImplemented
        mine, theirs = self.__dict__, other.__dict__
        return kind(*[mine[n] + theirs[n] for n in _names(kind)])

    def sum(self, items: list[Any]) -> Any:
        """``self + items[0] + items[1] + ...``, a field at a time: the same
        additions in the same order (so the same floats), without the
        objects in between."""
        kind = type(self)
        if not set(map(type, items)) <= {kind}:
            return reduce(add, items, self)
        columns = zip(*map(attrgetter(*_names(kind)), [self, *items]))
        return kind(*[reduce(add, column) for column in columns])


@fast_init
@dataclass(frozen=True)
class ParsevalCounts(_Additive):
    """PARSEVAL counts (EVALB's, Goodman's and the sentence-F sum) of one
    sentence or of many.  ``matched`` is labelled or unlabelled as LABELED
    says; ``labelled`` and ``unlabelled`` are both kept.  The tallies after
    ``crossing`` count sentences: how many are summed, and how many of them
    match completely, have every gold bracket matched with labels (Goodman's
    labelled tree) or without (bracketed tree), cross nothing, or cross at
    most twice; ``f_sum`` adds the sentences' F (100 for a sentence with no
    bracket on either side)."""

    words: int = 0
    correct_tags: int = 0
    gold: int = 0
    test: int = 0
    # Whole numbers, but for Grammarly's weighted Parseval (fractions).
    matched: float = 0
    labelled: float = 0
    unlabelled: float = 0
    crossing: int = 0
    sentences: int = 0
    complete: int = 0
    labelled_tree: int = 0
    bracketed_tree: int = 0
    no_crossing_trees: int = 0
    two_or_less_trees: int = 0
    f_sum: float = 0.0

    @classmethod
    def sentence(cls, words: int, correct_tags: int, gold: int, test: int, matched: float,
                 labelled: float, unlabelled: float, crossing: int) -> ParsevalCounts:
        """The counts of one scored sentence, its tallies derived."""
        f = 100.0 if gold == test == 0 else 200.0 * matched / (gold + test)
        # What __init__ would set, set at once (a frozen class sets its fields
        # one call at a time; this is made for every sentence).
        counts = object.__new__(cls)
        object.__setattr__(counts, "__dict__", {
            "words": words, "correct_tags": correct_tags, "gold": gold, "test": test,
            "matched": matched, "labelled": labelled, "unlabelled": unlabelled,
            "crossing": crossing, "sentences": 1, "complete": int(gold == test == matched),
            "labelled_tree": int(labelled == gold), "bracketed_tree": int(unlabelled == gold),
            "no_crossing_trees": int(crossing == 0), "two_or_less_trees": int(crossing <= 2),
            "f_sum": f})
        return counts

    @property
    def recall(self) -> float | None:
        return percent(self.matched, self.gold)

    @property
    def precision(self) -> float | None:
        return percent(self.matched, self.test)

    @property
    def f_measure(self) -> float | None:
        """F over summed counts: undefined (None) without gold or without test
        brackets, 0 when nothing matched (where EVALB's report, dividing 0 by
        0, prints ``-nan``; ``--format evalb`` does too)."""
        return f_measure(self.recall, self.precision)

    @property
    def e_measure(self) -> float | None:
        f = self.f_measure
        return None if f is None else 100.0 - f

    @property
    def sentence_f(self) -> float | None:
        """The mean of the sentences' F (for one sentence, its F)."""
        return self.f_sum / self.sentences if self.sentences else None

    def columns(self) -> dict[str, Any]:
        """One sentence's TSV columns (``--per-sentence``), by name."""
        return {"gold": self.gold, "test": self.test, "matched": self.matched,
                "recall": self.recall, "precision": self.precision, "f": self.sentence_f,
                "crossing": self.crossing}

    def figures(self) -> dict[str, float | int | None]:
        """Every corpus figure, by its JSON name."""
        n = self.sentences
        lr, lp = percent(self.labelled, self.gold), percent(self.labelled, self.test)
        ur, up = percent(self.unlabelled, self.gold), percent(self.unlabelled, self.test)
        return {
            "valid": n, "matched": self.matched, "gold": self.gold, "test": self.test,
            "recall": self.recall, "precision": self.precision, "f_measure": self.f_measure,
            "e_measure": self.e_measure,
            "labelled_recall": lr, "labelled_precision": lp, "labelled_f": f_measure(lr, lp),
            "unlabelled_recall": ur, "unlabelled_precision": up,
            "unlabelled_f": f_measure(ur, up),
            "complete_match": percent(self.complete, n),
            "crossing": self.crossing,
            "average_crossing": self.crossing / n if n else None,
            "no_crossing": percent(self.no_crossing_trees, n),
            "two_or_less_crossing": percent(self.two_or_less_trees, n),
            "words": self.words, "correct_tags": self.correct_tags,
            "tagging_accuracy": percent(self.correct_tags, self.words),
            "goodman_labelled_recall": lr,
            "goodman_labelled_tree": percent(self.labelled_tree, n),
            "goodman_bracketed_recall": ur,
            "goodman_bracketed_tree": percent(self.bracketed_tree, n),
            "goodman_consistent_recall": percent(self.test - self.crossing, self.test),
            "goodman_consistent_tree": percent(self.no_crossing_trees, n),
            "sentence_f": self.sentence_f,
        }


@fast_init
@dataclass(frozen=True)
class EditCounts(_Additive):
    """Edit cost against the gold events of one encoding.

    ``edits`` is the final cost; ``basic`` the cost before Roark's movement
    correction (equal to ``edits`` where no correction applies); ``gold`` the
    number of gold events (non-preterminal gold constituents, which is also
    the number of gold rules).  ``rated`` counts the sentences with gold
    events and ``accuracy_sum`` adds their accuracies, for the sentence
    average.
    """

    edits: float = 0.0
    basic: float = 0.0
    gold: int = 0
    rated: int = 0
    accuracy_sum: float = 0.0

    @classmethod
    def sentence(cls, edits: float, basic: float, gold: int) -> EditCounts:
        """One sentence's counts."""
        return cls(edits, basic, gold, int(gold > 0),
                   100.0 - 100.0 * edits / gold if gold else 0.0)

    @property
    def error_rate(self) -> float | None:
        """Edits per 100 gold events (can exceed 100)."""
        return percent(self.edits, self.gold)

    @property
    def accuracy(self) -> float | None:
        rate = self.error_rate
        return None if rate is None else 100.0 - rate

    @property
    def sentence_accuracy(self) -> float | None:
        """The mean of the sentences' accuracies (those with gold events)."""
        return self.accuracy_sum / self.rated if self.rated else None

    def columns(self) -> dict[str, Any]:
        """One sentence's TSV columns (``basic`` is the label metric's alone)."""
        return {"edits": self.edits, "basic": self.basic, "gold": self.gold,
                "accuracy": self.accuracy}

    def figures(self) -> dict[str, float | int | None]:
        return {"edits": self.edits, "basic": self.basic, "gold": self.gold,
                "error_rate": self.error_rate, "accuracy": self.accuracy,
                "sentence_accuracy": self.sentence_accuracy}


@fast_init
@dataclass(frozen=True)
class LACounts:
    """Leaf-ancestor scores (Sampson and Babarczy 2003), additive: the sums
    of sentence scores and of word scores, and how many of each.  A single
    sentence also keeps its ``word_scores`` (dropped from sums)."""

    sentence_sum: float = 0.0
    sentences: int = 0
    word_sum: float = 0.0
    words: int = 0
    word_scores: tuple[float, ...] = ()

    def __add__(self, other: LACounts) -> LACounts:
        return LACounts(self.sentence_sum + other.sentence_sum,
                        self.sentences + other.sentences, self.word_sum + other.word_sum,
                        self.words + other.words)

    @property
    def score(self) -> float | None:
        """The mean of the sentence scores (the paper's figure), in [0, 1]."""
        return None if not self.sentences else self.sentence_sum / self.sentences

    @property
    def word_score(self) -> float | None:
        """The mean over all words."""
        return None if not self.words else self.word_sum / self.words

    def columns(self) -> dict[str, Any]:
        """One sentence's TSV columns: its score (in [0, 1]) and words."""
        return {"score": self.score, "words": self.words}

    def figures(self) -> dict[str, float | int | None]:
        return {"score": self.score, "word_score": self.word_score,
                "sentences": self.sentences, "words": self.words}


@fast_init
@dataclass(frozen=True)
class TagCounts(_Additive):
    """Additive sums of one tagging scoring function (Acedański and
    Przepiórkowski 2010, section 3.1; see :mod:`parsedit.tagging.measures`)."""

    precision_sum: float = 0.0
    test_tags: int = 0
    recall_sum: float = 0.0
    gold_tags: int = 0
    weak_sum: float = 0.0
    strong_sum: float = 0.0
    segments: int = 0

    @property
    def precision(self) -> float | None:
        return percent(self.precision_sum, self.test_tags)

    @property
    def recall(self) -> float | None:
        return percent(self.recall_sum, self.gold_tags)

    @property
    def f_measure(self) -> float | None:
        return f_measure(self.recall, self.precision)

    @property
    def weak(self) -> float | None:
        return percent(self.weak_sum, self.segments)

    @property
    def strong(self) -> float | None:
        return percent(self.strong_sum, self.segments)

    def figures(self) -> dict[str, float | None]:
        """Percentages, in the paper's order: C (strong), WC, P, R, F."""
        return {"strong": self.strong, "weak": self.weak, "precision": self.precision,
                "recall": self.recall, "f_measure": self.f_measure}


@fast_init
@dataclass(frozen=True)
class TaggingCounts:
    """:class:`TagCounts` per scoring function, added function by function."""

    by_scoring: Mapping[str, TagCounts] = field(default_factory=dict)

    def __add__(self, other: TaggingCounts) -> TaggingCounts:
        merged = dict(self.by_scoring)
        for name, counts in other.by_scoring.items():
            merged[name] = merged[name] + counts if name in merged else counts
        return TaggingCounts(merged)

    def __getitem__(self, scoring: str) -> TagCounts:
        return self.by_scoring.get(scoring, TagCounts())

    def columns(self) -> dict[str, Any]:
        """One sentence's TSV columns: precision, recall and F per scoring
        function."""
        return {f"{name}_{column}": value for name, t in self.by_scoring.items()
                for column, value in (("precision", t.precision), ("recall", t.recall),
                                      ("f", t.f_measure))}

    def figures(self) -> dict[str, dict[str, float | int | None]]:
        """Per scoring function, its figures and its number of segments."""
        return {name: {**counts.figures(), "segments": counts.segments}
                for name, counts in self.by_scoring.items()}


def word_rate_title(weights: str = "") -> str:
    """What reports call :attr:`WordCounts.error_rate`: the word error rate,
    or, under a word cost scheme that is not unit-cost (``weights``, its
    name), a weighted cost that a reader must not take for sclite's WER."""
    return f"word error rate (weighted by {weights})" if weights else "word error rate"


@fast_init
@dataclass(frozen=True)
class WordCounts(_Additive):
    """The word alignment of one pair of yields (``--yield align``), additive:
    gold and test words, how many were matched, substituted, deleted,
    inserted, merged (k words against one, either way), and the cost of the
    alignment under the word cost scheme."""

    gold: int = 0
    test: int = 0
    matched: int = 0
    substituted: int = 0
    deleted: int = 0
    inserted: int = 0
    merged: int = 0
    cost: float = 0.0

    @property
    def error_rate(self) -> float | None:
        """The word error rate: 100 x cost / gold words (sclite's WER under
        unit costs)."""
        return percent(self.cost, self.gold)

    @property
    def differ(self) -> bool:
        """Whether the two yields were not the same words."""
        return self.matched != self.gold or self.test != self.gold

    def figures(self) -> dict[str, float | int | None]:
        """Every field, and the word error rate, by its JSON name."""
        return {"gold": self.gold, "test": self.test, "matched": self.matched,
                "substituted": self.substituted, "deleted": self.deleted,
                "inserted": self.inserted, "merged": self.merged, "cost": self.cost,
                "error_rate": self.error_rate}


@dataclass
class Loss:
    """A pair of leaf-ancestor lineages that loses: its word score, how often
    it occurs, and its first (sentence, word) occurrences."""

    gold: tuple[str, ...]
    test: tuple[str, ...]
    score: float
    count: int = 0
    examples: list[tuple[int, str]] = field(default_factory=list)

    @property
    def loss(self) -> float:
        """What it costs the corpus, in words: count x (1 - score)."""
        return self.count * (1.0 - self.score)


@dataclass(frozen=True)
class Edit:
    """One operation of an edit script: ``match``, ``sub`` (substitution),
    ``del`` (a gold symbol with no counterpart) or ``ins`` (a test symbol
    with none), as sclite and jiwer name them; symbols as people read them."""

    kind: str
    gold: str | None
    test: str | None
    cost: float


@dataclass(frozen=True)
class EditScript:
    """One pair's cheapest edit script in one encoding: its operations left
    to right, its counts, and the close-bracket movements Roark's correction
    found (``(size, saving)`` each); with error classes (label encoding),
    each operation's class (None for one no class accounts for: a match, a
    tag, a word)."""

    encoding: str
    scheme: str
    ops: tuple[Edit, ...]
    counts: EditCounts
    moves: tuple[tuple[int, float], ...] = ()
    classes: tuple[str | None, ...] = ()


@dataclass(frozen=True)
class WordLineages:
    """A word's gold and test lineages (leaf end first) and its score."""

    word: str
    gold: tuple[str, ...]
    test: tuple[str, ...]
    score: float


@dataclass(frozen=True)
class LineageScript:
    """One pair's leaf-ancestor lineages, word by word, and its counts."""

    scheme: str
    words: tuple[WordLineages, ...]
    counts: LACounts


STATUSES = ("ok", "skip", "error")
# A row's status in EVALB's table beyond STATUSES: a skip counted as
# EVALB_SPMRL's -X counts it (--failures spmrl), which it prints as status 3;
# such a row's message holds X_NOTE (parsedit.pipeline.spmrl).
X_STATUS = 3
X_NOTE = "counted as EVALB_SPMRL's -X counts an unparsed sentence"
# Why a pair is not scored ``ok`` (SentenceResult.cause), by status.  skip:
# the test file has no sentence for it (missing), its line cannot be read
# (unreadable), is empty (empty), keeps no word after normalisation
# (no_words), is a CoNLL-U sentence whose heads make no tree (invalid_tree:
# two roots or none, a cycle, a head outside the sentence), or the pair is
# too large for the metrics that align whole strings (too_large).  error:
# gold has no sentence for it (gold_missing), its line cannot be read
# (gold_unreadable) or is empty (gold_empty), the
# words differ in number (length) or in a word (words), or differ in number
# only by quotes tagged as a word on one side and as deleted punctuation on
# the other (quotes: EVALB's QUOTE_LABEL case).
# ok: a pair a convention scores where EVALB would not, with a message saying
# so: EVALB_SPMRL's row of zeros for a length mismatch (spmrl_zero), the pair
# it then scores as well (spmrl_twice), and a pair --delete-by gold scored
# that deleting by each side's own tags leaves out (rescued), and under the
# unsupervised convention a pair whose kept words differ from gold's in case
# alone, scored by position (case).
CAUSES = {"ok": ("spmrl_zero", "spmrl_twice", "rescued", "case"),
          "skip": ("missing", "unreadable", "empty", "no_words", "invalid_tree", "too_large"),
          "error": ("gold_missing", "gold_unreadable", "gold_empty", "length", "words",
                    "quotes")}
# What the caveat calls the pairs of each cause it leaves out of the
# figures (singular, plural).
ERROR_CAUSES = {"gold_missing": ("missing gold tree", "missing gold trees"),
                "gold_unreadable": ("unreadable gold tree", "unreadable gold trees"),
                "gold_empty": ("empty gold line", "empty gold lines"),
                "length": ("length mismatch", "length mismatches"),
                "words": ("word mismatch", "word mismatches"),
                "quotes": ("length mismatch made by quotes", "length mismatches made by quotes")}
SKIP_CAUSES = {"missing": ("missing parse", "missing parses"),
               "unreadable": ("unreadable parse", "unreadable parses"),
               "empty": ("empty parse", "empty parses"),
               "no_words": ("parse with no word left", "parses with no word left"),
               "invalid_tree": ("parse whose heads make no tree",
                                "parses whose heads make no tree"),
               "too_large": ("too large to align", "too large to align")}


def _why(causes: Mapping[str, int], names: Iterable[str], total: int) -> str:
    """``": 2 empty parses, 1 too large to align"``: the causes of ``total``
    pairs among ``names`` (``""`` for none; those no cause accounts for, in a
    result made without its causes, are "for other reasons")."""
    if not total:
        return ""
    parts = []
    for name in names:
        n = causes.get(name, 0)
        if n:
            one, many = (ERROR_CAUSES | SKIP_CAUSES)[name]
            parts.append(f"{n} {one if n == 1 else many}")
    rest = total - sum(causes.get(name, 0) for name in names)
    if rest > 0:
        parts.append(f"{rest} for other reasons")
    return ": " + ", ".join(parts)


# The causes of pairs whose words differ from gold (EVALB's length and word
# mismatches).
MISMATCHES = ("length", "words", "quotes")


@fast_init
@dataclass(frozen=True)
class SentenceResult:
    """One gold/test pair: ``ok``, ``error`` (gold unreadable or words differ) or
    ``skip`` (test empty, unreadable or without words).  A sentence with
    counts (one frozen counts object per metric) is in the sums: every ``ok``
    sentence, and a ``skip`` scored as a failure under ``--failures count``.

    ``length`` is EVALB's length of the gold sentence (0 without a gold tree),
    which puts the sentence in or out of the cut-off summary; ``reason`` is
    the line the EVALB report writes on standard error: EVALB's words for an
    error (``Length unmatch (4|5)``) where it has some, parsedit's message for
    input EVALB cannot read, None where EVALB says nothing (an empty line).
    """

    id: int
    status: str
    message: str | None = None
    counts: Mapping[str, Any] = field(default_factory=dict)
    length: int = 0
    reason: str | None = None
    # The error analysis's details of this sentence (with --errors only).
    details: Any = None
    # A ``skip`` counted as a parse with no constituents (``--failures count``):
    # it has counts, and they are in the sums.
    counted: bool = False
    # Which side alone ("gold" or "test") had an unlabelled outer bracket
    # ``( ... )``, for the root-convention warning; None when both or neither.
    outer_bracket: str | None = None
    # Why a pair is not ``ok``, for programs (one of :data:`CAUSES`, set by
    # the scorer; None when ok, or where no cause is given).
    cause: str | None = None

    @property
    def has_counts(self) -> bool:
        """Whether the sentence is in the sums: scored, or a counted failure."""
        return self.status == "ok" or self.counted

    def get(self, metric: str) -> Any:
        """This sentence's counts for ``metric``, or None if not scored."""
        return self.counts.get(metric)

    @property
    def parseval(self) -> ParsevalCounts | None:
        found: ParsevalCounts | None = self.counts.get("parseval")
        return found

    @property
    def label(self) -> EditCounts | None:
        found: EditCounts | None = self.counts.get("label")
        return found

    @property
    def span(self) -> EditCounts | None:
        found: EditCounts | None = self.counts.get("span")
        return found

    @property
    def rule(self) -> EditCounts | None:
        found: EditCounts | None = self.counts.get("rule")
        return found

    @property
    def la(self) -> LACounts | None:
        found: LACounts | None = self.counts.get("la")
        return found

    @property
    def tagging(self) -> TaggingCounts | None:
        found: TaggingCounts | None = self.counts.get("tagging")
        return found


class Row(NamedTuple):
    """One sentence's line of EVALB's table: its number, gold length, status
    (``ok``, ``skip`` or ``error``) and PARSEVAL counts (0 when not scored)."""

    id: int
    length: int
    status: str
    matched: int
    gold: int
    test: int
    crossing: int
    words: int
    correct_tags: int


class SentenceRows:
    """EVALB's per-sentence table, stored in columns of C integers (nine 4-byte
    integers a sentence, in one :class:`array.array`), so that a run that
    prints only EVALB's report keeps 36 bytes a sentence rather than a
    :class:`SentenceResult` (about 1 KiB).  Whole PARSEVAL counts only: a
    weighted match (a fraction) has no place in EVALB's table."""

    WIDTH = len(Row._fields)

    def __init__(self) -> None:
        self.data = array("i")

    def add(self, s: SentenceResult) -> None:
        """Append the row of ``s``."""
        c = s.counts.get("parseval") or ParsevalCounts()
        # EVALB_SPMRL's -X row: its status 3 (X_STATUS).
        status = X_STATUS if s.counted and X_NOTE in (s.message or "") \
            else STATUSES.index(s.status)
        self.data.extend((s.id, s.length, status, int(c.matched), c.gold,
                          c.test, c.crossing, c.words, c.correct_tags))

    def extend(self, other: SentenceRows) -> None:
        """Append every row of ``other``."""
        self.data.extend(other.data)

    @classmethod
    def of(cls, sentences: Iterable[SentenceResult]) -> SentenceRows:
        rows = cls()
        for s in sentences:
            rows.add(s)
        return rows

    def __len__(self) -> int:
        return len(self.data) // self.WIDTH

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SentenceRows) and self.data == other.data

    def tuples(self) -> Iterator[tuple[int, ...]]:
        """Each row as its nine integers, the status as its index in
        :data:`STATUSES` (what :meth:`__iter__` reads into a :class:`Row`)."""
        data = iter(self.data)
        return zip(*(data,) * self.WIDTH)

    def __iter__(self) -> Iterator[Row]:
        for number, length, status, *counts in self.tuples():
            yield Row(number, length, STATUSES[status] if status < X_STATUS else "skip",
                      *counts)


@dataclass(frozen=True)
class Run:
    """One pair of ``--segmentation align`` or ``document``: the pair's number
    and the 1-based numbers of the sentences of each side it holds (one or
    more in order; none when that file ended first), and ``limit``: whether
    it is a whole window in which no boundary of the two files agreed."""

    number: int
    gold: tuple[int, ...]
    test: tuple[int, ...]
    limit: bool = False

    @property
    def merged(self) -> bool:
        return len(self.gold) > 1 or len(self.test) > 1

    @property
    def complete(self) -> bool:
        """Whether the pair has sentences on both sides."""
        return bool(self.gold and self.test)

    def sentences(self) -> dict[str, int | None]:
        """The first and last sentence of each side (None for a side
        without), by their JSON and TSV names (:data:`RUN_FIELDS`)."""
        return {"gold_first": self.gold[0] if self.gold else None,
                "gold_last": self.gold[-1] if self.gold else None,
                "test_first": self.test[0] if self.test else None,
                "test_last": self.test[-1] if self.test else None}

    def describe(self) -> str:
        def span(ids: tuple[int, ...]) -> str:
            return "none" if not ids else str(ids[0]) if len(ids) == 1 \
                else f"{ids[0]}-{ids[-1]}"
        return f"pair {self.number} = gold {span(self.gold)} / test {span(self.test)}"


RUN_FIELDS = ("gold_first", "gold_last", "test_first", "test_last")


@dataclass(frozen=True)
class Totals:
    """The sums over a set of sentences: how many there are and of each
    status, and each metric's counts summed over the sentences that have
    them.  Additive, like the counts."""

    sentences: int = 0
    ok: int = 0
    skip: int = 0
    error: int = 0
    counts: Mapping[str, Any] = field(default_factory=dict)

    def __add__(self, other: Totals) -> Totals:
        merged = dict(self.counts)
        for name, counts in other.counts.items():
            merged[name] = merged[name] + counts if name in merged else counts
        return Totals(self.sentences + other.sentences, self.ok + other.ok,
                      self.skip + other.skip, self.error + other.error, merged)

    @classmethod
    def of(cls, sentences: Iterable[SentenceResult], zeros: Mapping[str, Any],
           max_length: int | None = None) -> Totals:
        """The totals of ``sentences`` (those of length <= ``max_length`` if
        given); ``zeros`` gives each metric's empty counts."""
        status = dict.fromkeys(STATUSES, 0)
        kept: dict[str, list[Any]] = {name: [] for name in zeros}
        n = 0
        for s in sentences:
            if max_length is not None and s.length > max_length:
                continue
            n += 1
            status[s.status] += 1
            for name, found in kept.items():
                counts = s.counts.get(name)
                if counts is not None:
                    found.append(counts)
        sums = {name: zero.sum(kept[name]) if isinstance(zero, _Additive)
                else reduce(add, kept[name], zero) for name, zero in zeros.items()}
        return cls(n, status["ok"], status["skip"], status["error"], sums)

    def count(self, status: str) -> int:
        return int(getattr(self, status))

    def get(self, metric: str) -> Any:
        return self.counts.get(metric)


@dataclass(frozen=True)
class CorpusResult:
    """The totals, aggregated once: over all sentences (``totals``) and over
    those of gold length <= ``cutoff_len`` (``cutoff``); and each sentence's
    result, as the run was asked to keep them.  ``result.parseval``,
    ``result.label``, ... are the corpus counts of each metric, whose
    properties are the figures (``result.parseval.f_measure``,
    ``result.label.accuracy``).

    ``sentences`` holds every :class:`SentenceResult` by default (the Python
    API, JSON, ``--per-sentence``, ``compare``, ``plot``, ``--errors``); a run
    that keeps less (``keep="rows"`` or ``"none"`` in
    :func:`parsedit.pipeline.run.evaluate`, what ``score`` does for its text and EVALB
    reports) leaves it empty, so that its memory does not grow with the
    corpus.  ``not_ok`` always holds the sentences whose status is not
    ``ok`` (errors, skips, counted failures), in order; ``rows`` EVALB's
    per-sentence table when the run kept only that (else None: the table is
    read off ``sentences``).

    With ``--segmentation align`` or ``document``, ``runs`` holds each
    pair's :class:`Run` (pair ``n``'s at index ``n - 1``: which sentences of
    each file it holds), and ``gold_trees`` and ``test_trees`` count the
    files' sentences in them, not the pairs."""

    metrics: tuple[str, ...]
    signature: str
    sentences: tuple[SentenceResult, ...]
    totals: Totals
    cutoff: Totals
    cutoff_len: int = 40
    gold_trees: int = 0
    test_trees: int = 0
    average: str = "corpus"  # or "sentence": reports add sentence averages
    # Set when the run stopped early, as EVALB does after MAX_ERROR errors.
    stopped: str | None = None
    # The leaf-ancestor lineage pairs that lose most, when asked for.
    worst_words: tuple[Loss, ...] | None = None
    # The error analysis (metrics.errors.analyse), when asked for.
    errors: Mapping[str, Any] | None = None
    # What makes a figure mean something other than a reader would assume
    # (options without effect, conventions that differ between the files):
    # one line each, printed on standard error and kept in JSON.
    warnings: tuple[str, ...] = ()
    # The sentences whose status is not ok, in order, whatever else is kept.
    not_ok: tuple[SentenceResult, ...] = ()
    # EVALB's per-sentence table, when the run kept only that of each sentence.
    rows: SentenceRows | None = None
    # The pairs of runs of sentences (--segmentation align or document), in order.
    runs: tuple[Run, ...] = ()
    # The route the run took (parsedit.pipeline.route) and why: never a
    # number's cause, every route gives the same figures.
    route: str = "reference"
    route_reason: str = ""
    # The pairs skipped as too large for the metrics that align whole
    # strings (parsedit.limits' MAX_EDIT_SIZE): never in any figure, even
    # under --failures count.
    too_large: int = 0
    # The pairs left out of the figures by cause (errors' and skips' causes,
    # CAUSES; from the tallies, so that every road says the same): what the
    # caveat says of them.
    causes: Mapping[str, int] = field(default_factory=dict)
    # The word cost scheme that weights the word error rate (--yield align
    # under a scheme that is not unit-cost: Config.word_weights), or "".
    word_weights: str = ""
    # What the run called its gold and test sources (their paths, or "gold"
    # and "test" for trees given as strings: the names its warnings use),
    # the JSON report's defaults; no part of what a result equals.
    gold_name: str = field(default="", compare=False)
    test_name: str = field(default="", compare=False)

    @classmethod
    def aggregate(cls, metrics: tuple[str, ...], signature: str,
                  sentences: Iterable[SentenceResult], zeros: Mapping[str, Any],
                  cutoff_len: int = 40, **rest: Any) -> CorpusResult:
        """The result of ``sentences``, summed once (``zeros`` gives each
        metric's empty counts; ``rest`` the other fields)."""
        kept = tuple(sentences)
        rest.setdefault("not_ok", tuple(s for s in kept if s.status != "ok"))
        return cls(metrics, signature, kept, Totals.of(kept, zeros),
                   Totals.of(kept, zeros, cutoff_len), cutoff_len, **rest)

    @property
    def table(self) -> SentenceRows:
        """EVALB's per-sentence table: the kept rows, or read off ``sentences``."""
        return self.rows if self.rows is not None else SentenceRows.of(self.sentences)

    def count(self, status: str) -> int:
        return self.totals.count(status)

    @property
    def failure_scored_as(self) -> str:
        """What a failed parse counted by ``--failures count`` is scored as,
        by the metrics run: a parse with "no constituents", "no heads"
        (dep), or "no constituents and no heads" (the stderr notes and the
        text report's list say it)."""
        return " and ".join(what for what, there in (
            ("no constituents", any(m != "dep" for m in self.metrics)),
            ("no heads", "dep" in self.metrics)) if there)

    def problems(self, gold: str = "GOLD", test: str = "TEST") -> list[str]:
        """What makes the figures cover less than the files (the command
        line's exit status 1): a stopped run, files with different numbers
        of trees, nothing scored; at most one line, the first that holds."""
        if self.stopped:
            return [self.stopped]
        if not self.complete and self.runs:
            # Pairs of runs of sentences: some have one side only.
            with_gold = sum(1 for run in self.runs if run.gold)
            with_test = sum(1 for run in self.runs if run.test)
            longer, shorter = (gold, test) if with_gold > with_test else (test, gold)
            return [f"{longer} has sentences left that no sentence of {shorter} pairs with "
                    f"({with_gold} pairs have gold sentences, {with_test} test sentences); "
                    f"they are not scored ({self.gold_trees} gold and {self.test_trees} "
                    "test sentences in all)"]
        if not self.complete:
            return [f"{gold} holds {plural(self.gold_trees, 'tree')} but {test} holds "
                    f"{self.test_trees}; the pairs beyond the shorter file are not scored"]
        if not self.count("ok"):
            return ["no sentence could be scored" + ("" if self.totals.sentences else
                                                     " (the files hold no trees)")]
        return []

    def caveats(self, gold: str = "GOLD", test: str = "TEST") -> list[str]:
        """What every report of this result says beside its ``warnings``:
        :meth:`problems`, and the sentences no figure includes (errors, and
        skips unless ``--failures count`` counted them), said once (the
        command line also lists each on standard error)."""
        totals = self.totals
        # Under --failures count (and EVALB_SPMRL's -X) every skip is in the
        # figures but those too large.
        counting = "|failures:count" in self.signature or "|failures:spmrl" in self.signature
        skipped = self.too_large if counting else totals.skip
        causes = {**self.causes, "too_large": self.too_large}
        errors = _why(causes, ERROR_CAUSES, totals.error)
        skips = _why(causes, ("too_large",) if counting else SKIP_CAUSES, skipped)
        left_out = [] if not totals.ok or not totals.error + skipped else [
            f"{totals.error + skipped} of {plural(totals.sentences, 'sentence')} "
            f"{'is' if totals.error + skipped == 1 else 'are'} left out of every "
            f"figure ({plural(totals.error, 'error')}{errors}; {plural(skipped, 'skip')}"
            f"{skips}); their statuses and messages are in the sentence results"]
        return [*self.problems(gold, test), *left_out]

    def with_caveats(self, gold: str = "GOLD", test: str = "TEST") -> CorpusResult:
        """This result with :meth:`caveats` added to its ``warnings``."""
        caveats = self.caveats(gold, test)
        return replace(self, warnings=self.warnings + tuple(caveats)) if caveats else self

    @property
    def complete(self) -> bool:
        """Whether GOLD and TEST held the same number of trees, all scored
        (with ``runs``: whether every pair has sentences on both sides)."""
        if self.runs:
            return self.stopped is None and all(run.complete for run in self.runs)
        return self.gold_trees == self.test_trees and self.stopped is None

    def run(self, sentence: SentenceResult) -> Run | None:
        """The :class:`Run` of a sentence result (None without ``runs``)."""
        return self.runs[sentence.id - 1] if self.runs else None

    @property
    def parseval(self) -> ParsevalCounts | None:
        found: ParsevalCounts | None = self.totals.get("parseval")
        return found

    @property
    def label(self) -> EditCounts | None:
        found: EditCounts | None = self.totals.get("label")
        return found

    @property
    def span(self) -> EditCounts | None:
        found: EditCounts | None = self.totals.get("span")
        return found

    @property
    def rule(self) -> EditCounts | None:
        found: EditCounts | None = self.totals.get("rule")
        return found

    @property
    def la(self) -> LACounts | None:
        found: LACounts | None = self.totals.get("la")
        return found

    @property
    def tagging(self) -> TaggingCounts | None:
        found: TaggingCounts | None = self.totals.get("tagging")
        return found

    @property
    def words(self) -> WordCounts | None:
        """The word alignment summed over the scored sentences (``--yield
        align`` only; None otherwise)."""
        found: WordCounts | None = self.totals.get("words")
        return found

    def to_dict(self, gold: str | None = None, test: str | None = None) -> dict[str, Any]:
        """The JSON report as a dictionary (the JSON contract:
        :mod:`parsedit.report.json` and the docs' JSON reference), its
        ``gold`` and ``test`` the names given, by default the run's own
        (:attr:`gold_name`, :attr:`test_name`)."""
        return to_dict(self, self.gold_name if gold is None else gold,
                       self.test_name if test is None else test)


# The JSON contract (documented in parsedit.report.json): results as plain data.

_PARSEVAL_SENTENCE = ("matched", "gold", "test", "labelled", "unlabelled", "crossing", "words",
                      "correct_tags")


def _counts(metric: str, counts: Any) -> Any:
    """One sentence's counts as JSON."""
    if isinstance(counts, LACounts):
        return {"score": counts.score, "words": counts.words,
                "word_scores": list(counts.word_scores)}
    if isinstance(counts, ParsevalCounts):
        return {key: getattr(counts, key) for key in _PARSEVAL_SENTENCE}
    if isinstance(counts, EditCounts):
        out: dict[str, Any] = {"edits": counts.edits}
        if metric == "label":
            out["basic"] = counts.basic
        out["gold"] = counts.gold
        return out
    # A metric's counts may say what one sentence's figures are (else its figures).
    return getattr(counts, "sentence_figures", counts.figures)()


# The dependency metric's TSV columns (its counts live in parsedit.deps).
def sentence_columns(metric: str, counts: Any) -> dict[str, Any]:
    """A metric's per-sentence TSV columns (``--per-sentence``), named
    ``{metric}_{column}``, in order, of one sentence's counts (or of a sum
    of them, for the names alone).  A metric's counts say their columns
    (``columns()``); counts that do not are given the scalars of their
    JSON sentence figures, flattened (``{metric}_{key}_{subkey}``), so that
    every metric renders in TSV."""
    own = getattr(counts, "columns", None)
    if own is not None:
        columns = own()
        if isinstance(counts, EditCounts) and metric != "label":
            del columns["basic"]
    else:
        columns = dict(_flat(_counts(metric, counts)))
    return {f"{metric}_{name}": value for name, value in columns.items()}


def _flat(figures: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    """The scalar entries of nested ``figures``, their keys joined by ``_``
    (lists left out)."""
    for key, value in figures.items():
        if isinstance(value, Mapping):
            yield from _flat(value, f"{prefix}{key}_")
        elif value is None or isinstance(value, (bool, int, float, str)):
            yield f"{prefix}{key}", value


def _figures(metric: str, totals: Totals) -> dict[str, Any]:
    """A metric's corpus figures over some totals."""
    counts = totals.counts[metric]
    if isinstance(counts, ParsevalCounts):
        return {"sentences": totals.sentences, "errors": totals.error, "skips": totals.skip,
                **counts.figures()}
    figures: dict[str, Any] = counts.figures()
    if isinstance(counts, EditCounts) and metric != "label":
        del figures["basic"]
    return figures


def corpus(result: CorpusResult) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for metric in result.metrics:
        out[metric] = {**_figures(metric, result.totals),
                       "cutoff": {"max_length": result.cutoff_len,
                                  **_figures(metric, result.cutoff)}}
        if isinstance(result.totals.counts[metric], LACounts):
            out[metric]["worst_words"] = None if result.worst_words is None else [
                {"gold": " ".join(e.gold), "test": " ".join(e.test), "score": e.score,
                 "count": e.count, "loss": e.loss,
                 "examples": [{"sentence": n, "word": w} for n, w in e.examples]}
                for e in result.worst_words]
    return out


def to_dict(result: CorpusResult, gold: str, test: str) -> dict[str, Any]:
    """The JSON report of ``result`` as a dictionary (see :mod:`parsedit.report.json`)."""
    sentences = []
    for s in result.sentences:
        entry: dict[str, Any] = {"id": s.id, "status": s.status, "message": s.message,
                                 "reason": s.reason, "cause": s.cause, "length": s.length,
                                 "counted": s.counted}
        run = result.run(s)
        if run is not None:
            entry.update(run.sentences())
        for metric in result.metrics:
            counts = s.counts.get(metric)
            entry[metric] = None if counts is None else _counts(metric, counts)
        if result.words is not None:
            words = s.counts.get("words")
            entry["words"] = None if words is None else words.figures()
        sentences.append(entry)
    return {
        "parsedit": __version__,
        "signature": result.signature,
        "gold": gold,
        "test": test,
        "summary": {"sentences": result.totals.sentences, "ok": result.count("ok"),
                    "skip": result.count("skip"), "error": result.count("error"),
                    "gold_trees": result.gold_trees, "test_trees": result.test_trees,
                    "stopped": result.stopped, "route": result.route,
                    "route_reason": result.route_reason},
        "warnings": list(result.warnings),
        "corpus": corpus(result),
        **({"words": {**result.words.figures(),
                      "cutoff": {"max_length": result.cutoff_len,
                                 **result.cutoff.counts["words"].figures()}}}
           if result.words is not None else {}),
        **({"errors": result.errors} if result.errors is not None else {}),
        "sentences": sentences,
    }
