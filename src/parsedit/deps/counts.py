"""The dependency metric's counts: frozen and additive, rates derived.

A corpus's counts are the sum of its sentences' (``a + b``); every figure is
a property computed from summed counts, ``None`` where its denominator is 0
(printed ``n/a``), never an average of rates.  See :meth:`DepCounts.figures`
for what each figure is.
"""

from __future__ import annotations

from collections import _count_elements  # type: ignore[attr-defined]
from collections.abc import Iterable
from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any

from parsedit.frozen import fast_init
from parsedit.results import EditCounts, _Additive, f_measure, percent

Relation = tuple[str, int, int, int]  # (relation, gold, test, correct)


def merge_relations(a: tuple[Relation, ...], b: tuple[Relation, ...]) -> tuple[Relation, ...]:
    """Two sorted per-relation tables added relation by relation."""
    if not a:
        return b
    if not b:
        return a
    table = {r: (g, t, c) for r, g, t, c in a}
    for r, g, t, c in b:
        old = table.get(r)
        table[r] = (g, t, c) if old is None else (old[0] + g, old[1] + t, old[2] + c)
    return tuple((r, *table[r]) for r in sorted(table))


def relation_table(gold: Iterable[str], test: Iterable[str],
                   correct: Iterable[str]) -> tuple[Relation, ...]:
    """The per-relation table of one sentence from its relations (counted by
    the C counter behind :class:`collections.Counter`, without its
    constructor's checks: a sentence's table is made for every pair)."""
    g: dict[str, int] = {}
    _count_elements(g, gold)
    if test is gold and correct is gold:  # (a sentence scored against itself)
        return tuple([(r, n, n, n) for r, n in sorted(g.items())])
    t: dict[str, int] = {}
    c: dict[str, int] = {}
    _count_elements(t, test)
    _count_elements(c, correct)
    if g == t == c:  # (the same relations, all correct)
        return tuple([(r, n, n, n) for r, n in sorted(g.items())])
    return tuple([(r, g.get(r, 0), t.get(r, 0), c.get(r, 0)) for r in sorted(g.keys() | t.keys())])


@fast_init
@dataclass(frozen=True)
class DepCounts(_Additive):
    """Counts of scored words (gold words whose gold tag is not punctuation,
    unless every word is scored) and relations.

    ``words``: scored gold words; ``aligned``: those with a test word (all
    of them when the two sides have the same words); ``failed``: those of
    sentences whose test parse failed, counted (``--failures count``) as
    scored with no head found, as PARSEVAL counts a failed parse's gold
    brackets as missed; ``attached``: aligned words whose test head is their
    gold head's counterpart (both the root counts as equal); ``labelled``:
    those with the relation too.  UAS and LAS are over the aligned and the
    failed words: ``attached / (aligned + failed)``.
    ``roots``/``root_correct``: sentences with a word, and those whose gold
    root word is the test root.  ``complete``/``complete_labelled``:
    sentences whose scored words are all aligned and attached (labelled), and
    whose scored test words are all aligned.  ``rated``/``uas_sum``: the
    sentences with aligned or failed words and the sum of their UAS (0 for a
    failed one), for the sentence average.  Relational counts (triples of
    head word, relation, dependent word, the root's head being the root):
    ``gold_relations``,
    ``test_relations`` (of scored words), ``matched``/``matched_labelled``
    (a gold triple with a test one whose words are aligned to its words and
    equal to them).  ``unaligned_test``: scored test words with no gold word.
    ``gold_functional``/``test_functional``: relations that are not Collins'
    triples on each side (function tags, or a CoNLL-U file's own relations:
    :attr:`~parsedit.deps.model.DepTree.functional`).  ``relations``: per
    relation (gold, test, matched labelled triples), sorted.  ``edits``: the
    dependency edit distance over every word (Roark 2002, section 5)."""

    # Fields that are tables of (name, counts...) rows summed by name (the
    # Python API's Evaluator keeps their rows in its state by name).
    TABLES = ("relations",)

    sentences: int = 0
    words: int = 0
    aligned: int = 0
    failed: int = 0
    attached: int = 0
    labelled: int = 0
    roots: int = 0
    root_correct: int = 0
    complete: int = 0
    complete_labelled: int = 0
    rated: int = 0
    uas_sum: float = 0.0
    gold_relations: int = 0
    test_relations: int = 0
    matched: int = 0
    matched_labelled: int = 0
    unaligned_test: int = 0
    gold_functional: int = 0
    test_functional: int = 0
    relations: tuple[Relation, ...] = ()
    edits: EditCounts = EditCounts()

    def __add__(self, other: Any) -> DepCounts:
        if type(other) is not DepCounts:
            return NotImplemented
        values: dict[str, Any] = {}
        for name in _NAMES:
            mine, theirs = getattr(self, name), getattr(other, name)
            values[name] = (merge_relations(mine, theirs) if name == "relations"
                            else mine + theirs)
        return DepCounts(**values)

    def sum(self, items: list[Any]) -> DepCounts:
        """``self + items[0] + items[1] + ...`` (the same counts), the
        per-relation tables merged once rather than pair by pair: what the
        pipeline's aggregation calls (:meth:`parsedit.results.Totals.of`)."""
        everything = [self, *items]
        if not all(type(c) is DepCounts for c in everything):
            raise TypeError("DepCounts.sum adds DepCounts only")
        values: dict[str, Any] = {}
        for name in _NAMES:
            if name == "relations":
                table: dict[str, list[int]] = {}
                for counts in everything:
                    for r, g, t, c in counts.relations:
                        found = table.get(r)
                        if found is None:
                            table[r] = [g, t, c]
                        else:
                            found[0] += g
                            found[1] += t
                            found[2] += c
                values[name] = tuple((r, *table[r]) for r in sorted(table))
            elif name == "edits":
                values[name] = self.edits.sum([c.edits for c in items])
            elif name == "uas_sum":  # floats: added in order, one by one
                total = 0.0
                for value in map(attrgetter(name), everything):
                    total += value
                values[name] = total
            else:  # whole numbers
                values[name] = sum(map(attrgetter(name), everything))
        return DepCounts(**values)

    # -- attachment scores (percentages) ----------------------------------------
    @property
    def uas(self) -> float | None:
        """Unlabelled attachment score over the aligned scored words and
        those of failed parses (each wrong)."""
        return percent(self.attached, self.aligned + self.failed)

    @property
    def las(self) -> float | None:
        """Labelled attachment score over the aligned scored words and
        those of failed parses (each wrong)."""
        return percent(self.labelled, self.aligned + self.failed)

    @property
    def root_accuracy(self) -> float | None:
        return percent(self.root_correct, self.roots)

    @property
    def complete_match(self) -> float | None:
        return percent(self.complete, self.sentences)

    @property
    def labelled_complete_match(self) -> float | None:
        return percent(self.complete_labelled, self.sentences)

    @property
    def sentence_uas(self) -> float | None:
        """The mean of the sentences' UAS (those with an aligned scored word)."""
        return self.uas_sum / self.rated if self.rated else None

    # -- relational precision and recall ----------------------------------------
    @property
    def precision(self) -> float | None:
        return percent(self.matched, self.test_relations)

    @property
    def recall(self) -> float | None:
        return percent(self.matched, self.gold_relations)

    @property
    def labelled_precision(self) -> float | None:
        return percent(self.matched_labelled, self.test_relations)

    @property
    def labelled_recall(self) -> float | None:
        return percent(self.matched_labelled, self.gold_relations)

    def columns(self) -> dict[str, Any]:
        """One sentence's TSV columns (``--per-sentence``), by name: its
        words, attachments, rates, root, relational P/R/F and edits."""
        relational = self.figures()["relational"]
        return {"words": self.words, "attached": self.attached, "labelled": self.labelled,
                "uas": self.uas, "las": self.las, "root": self.root_correct,
                "complete": self.complete, "precision": relational["precision"],
                "recall": relational["recall"], "f": relational["f"],
                "edits": self.edits.edits, "gold": self.edits.gold,
                "accuracy": self.edits.accuracy}

    def figures(self) -> dict[str, Any]:
        """Every figure, as ``corpus.dep`` holds it in JSON."""
        return {
            "uas": self.uas, "las": self.las, "root_accuracy": self.root_accuracy,
            "complete_match": self.complete_match,
            "labelled_complete_match": self.labelled_complete_match,
            "sentence_uas": self.sentence_uas,
            "words": self.words, "aligned": self.aligned, "failed": self.failed,
            "attached": self.attached,
            "labelled": self.labelled, "sentences": self.sentences,
            "relational": {
                "gold": self.gold_relations, "test": self.test_relations,
                "matched": self.matched, "matched_labelled": self.matched_labelled,
                "precision": self.precision, "recall": self.recall,
                "f": f_measure(self.recall, self.precision),
                "labelled_precision": self.labelled_precision,
                "labelled_recall": self.labelled_recall,
                "labelled_f": f_measure(self.labelled_recall, self.labelled_precision),
            },
            "by_relation": {
                r: {"gold": g, "test": t, "matched": c, "precision": percent(c, t),
                    "recall": percent(c, g), "f": f_measure(percent(c, g), percent(c, t))}
                for r, g, t, c in self.relations},
            "edits": self.edits.figures(),
            "unaligned_test": self.unaligned_test,
            "function_tag_relations": {"gold": self.gold_functional,
                                       "test": self.test_functional},
        }


_NAMES = tuple(f.name for f in fields(DepCounts))
