"""The unsupervised-parsing convention: unlabelled spans, sentence F1 and corpus F1.

Grammar-induction papers (PRPN, ON-LSTM, compound PCFG and their
successors) score unlabelled spans of two words or more, the whole-sentence
span removed, over the words left once punctuation and empty elements are
gone (``-p unsupervised``, whose gold tags decide on both sides), and report
the mean of the sentences' F1 beside the F1 of summed counts.  Their
scripts disagree in the details, and each rule set is a named *variant*
(``--unsupervised NAME``, in the signature):

``kim`` (the default)
    Kim et al. (2019)'s ``compare_trees.py`` (and ``eval.py``) at HEAD:
    spans from every constituent in post-order, unary chains repeating a
    span; only the *last* span in post-order removed (the root's, so a
    unary below the root that spans the sentence keeps its span; an
    unlabelled root with one child is dropped first, as nltk's reader
    does); spans compared as sets; one-word sentences left out; a
    sentence's F1 is ``2PR/(P+R+1e-8)`` with ``P = tp/(pred+1e-8)``,
    ``R = tp/(gold+1e-8)``, and when the gold set is empty ``R = 1``, and
    ``P = 1`` too if the predicted set is (PRPN's rule: a sentence with
    neither scores 0.999999995).
``kim-skip-empty``
    ``eval.py`` of 2019-03-10 (compound-pcfg ``d999980b``): as ``kim``, but
    a sentence whose gold or predicted set is empty is left out of the
    sentence mean (its counts stay in the corpus F1).
``kim-multiset``
    as ``kim``, spans compared as multisets (a unary chain's repeated span
    must be predicted as often).
``li2020``
    Li et al. (2020)'s ``evaluate.py``: unary chains collapsed (a span
    counts once however many nodes share it), *every* whole-sentence span
    removed, every sentence in the mean (one-word sentences included,
    scoring 100); a sentence's F1 is 100 if both sets are empty, 0 if only
    gold's is, or nothing matched, else ``2PR/(P+R)`` without epsilon.

``prpn``
    PRPN's and ON-LSTM's ``test_phrase_grammar.py`` (sentence F1 only, as
    they report it): unary chains collapsed, the root's span never counted,
    every sentence in the mean (a one- or two-word sentence, with neither
    set, scores 0.999999995), PRPN's F1 rule as ``kim``.

``--max-words N`` leaves out sentences of more than N kept gold words (the
150 of ``compare_trees.py``'s default, WSJ10's 10).  The corpus F1 is
``2PR/(P+R)`` of the summed counts (Kim's and Li's "micro").  Per-label
recall (as ON-LSTM's ``corpus_stats_labeled`` and Kim et al.'s Table 3):
of the gold constituents of two words or more labelled NP, VP, PP, SBAR,
ADJP or ADVP (function tags cut), the share whose span the test has, the
root's included.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, NamedTuple

from parsedit.frozen import fast_init
from parsedit.metrics.base import Metric, Outcome, ratio
from parsedit.results import _Additive, percent
from parsedit.trees.bracketing import CLOSING, OPEN, TAGGED, Bracketing, decode_all

# The gold categories whose recall the papers tabulate.
LABELS = ("NP", "VP", "PP", "SBAR", "ADJP", "ADVP")


class Rules(NamedTuple):
    """A variant's rules: which whole-sentence spans go (``last``: the last
    in post-order; ``every``), how spans are compared (``set``,
    ``multiset``; ``collapse``: unary chains collapsed first), whether
    one-word sentences are scored, and the empty-gold rule (``kim``,
    ``skip``, ``li``)."""

    root: str
    compare: str
    one_word: bool
    empty: str


VARIANTS: dict[str, Rules] = {
    "kim": Rules("last", "set", False, "kim"),
    "kim-skip-empty": Rules("last", "set", False, "skip"),
    "kim-multiset": Rules("last", "multiset", False, "kim"),
    "li2020": Rules("every", "collapse", True, "li"),
    "prpn": Rules("every", "collapse", True, "kim"),
}


@fast_init
@dataclass(frozen=True)
class UnsupervisedCounts(_Additive):
    """Counts of the unsupervised convention over one sentence or many: the
    sentences scored (``sentences``) and those in the sentence mean
    (``averaged``), the sum of their F1 (fractions, as the scripts add
    them), the sentences the rules leave out (one word, too long), the
    matched, predicted and gold spans, and per label of :data:`LABELS` its
    gold constituents and those whose span the test has."""

    sentences: int = 0
    averaged: int = 0
    f_sum: float = 0.0
    left_out: int = 0
    matched: int = 0
    predicted: int = 0
    gold: int = 0
    np_gold: int = 0
    np_found: int = 0
    vp_gold: int = 0
    vp_found: int = 0
    pp_gold: int = 0
    pp_found: int = 0
    sbar_gold: int = 0
    sbar_found: int = 0
    adjp_gold: int = 0
    adjp_found: int = 0
    advp_gold: int = 0
    advp_found: int = 0

    @property
    def precision(self) -> float | None:
        return percent(self.matched, self.predicted)

    @property
    def recall(self) -> float | None:
        return percent(self.matched, self.gold)

    @property
    def corpus_f(self) -> float | None:
        """2PR/(P+R) of the summed counts, as Kim's and Li's scripts compute it
        (0 when nothing matched; undefined without predicted or gold spans)."""
        p, r = self.precision, self.recall
        if p is None or r is None:
            return None
        return 2 * p * r / (p + r) if p + r else 0.0

    @property
    def sentence_f(self) -> float | None:
        """The mean of the sentences' F1, as a percentage."""
        return 100.0 * self.f_sum / self.averaged if self.averaged else None

    def columns(self) -> dict[str, float | int | None]:
        """One sentence's TSV columns: its F1 (a percentage; empty for a
        sentence the rules leave out of the mean), precision, recall, its
        matched, predicted and gold spans, and whether the rules left it out."""
        return {"f": self.sentence_f, "precision": self.precision, "recall": self.recall,
                "matched": self.matched, "predicted": self.predicted, "gold": self.gold,
                "left_out": self.left_out}

    def figures(self) -> dict[str, float | int | None]:
        out: dict[str, float | int | None] = {
            "sentence_f": self.sentence_f, "corpus_f": self.corpus_f,
            "precision": self.precision, "recall": self.recall,
            "matched": self.matched, "predicted": self.predicted, "gold": self.gold,
            "sentences": self.sentences, "averaged": self.averaged, "left_out": self.left_out}
        for label in LABELS:
            key = label.lower()
            total = getattr(self, f"{key}_gold")
            out[f"recall_{label}"] = percent(getattr(self, f"{key}_found"), total)
            out[f"gold_{label}"] = total
        return out


Span = tuple[int, int]


def spans(tokens: Bracketing) -> tuple[list[Span], list[tuple[str, int, int]], int, bool]:
    """A normalised bracketing's constituents: the spans of two words or
    more in post-order (repeats kept), every labelled one (label, start,
    end), the number of words, and whether it is one tree (a root over all
    its words) rather than a forest.  An unlabelled root with one child is
    dropped first, as nltk's treebank reader drops it."""
    tokens = _without_empty_root(tokens)
    out: list[Span] = []
    labelled: list[tuple[str, int, int]] = []
    stack: list[tuple[str, int]] = []
    words = 0
    tops = 0
    for kind, text in decode_all(tokens):
        if kind is TAGGED:
            words += 1
            tops += not stack
        elif kind is OPEN:
            stack.append((text, words))
        elif kind is CLOSING:
            label, start = stack.pop()
            tops += not stack
            if words - start >= 2:
                out.append((start, words))
                labelled.append((label, start, words))
    return out, labelled, words, tops == 1 and bool(out) and out[-1] == (0, words)


def _without_empty_root(tokens: Bracketing) -> Bracketing:
    """``tokens`` without an unlabelled root that has exactly one child."""
    if not tokens or tokens[0] != "(" or tokens[-1] != ")":
        return tokens
    depth, children = 0, 0
    for kind, _ in decode_all(tokens[1:-1]):
        if kind is OPEN:
            children += depth == 0
            depth += 1
        elif kind is CLOSING:
            depth -= 1
            if depth < 0:
                return tokens  # the first bracket closes before the end
        elif kind is TAGGED:
            children += depth == 0
    return tokens[1:-1] if children == 1 and depth == 0 else tokens


class Unsupervised(Metric[UnsupervisedCounts]):
    """The unsupervised-parsing convention (see the module docstring)."""

    name = "unsupervised"
    title = "sentence F1"

    def __init__(self, variant: str = "kim", max_words: int | None = None) -> None:
        self.variant = variant
        self.rules = VARIANTS[variant]
        self.max_words = max_words

    def describe(self) -> list[str]:
        limit = f"|max-words:{self.max_words}" if self.max_words is not None else ""
        return [f"unsupervised:{self.variant}{limit}"]

    def zero(self) -> UnsupervisedCounts:
        return UnsupervisedCounts()

    def _sets(self, tokens: Bracketing) -> tuple[Counter[Span], int]:
        """A side's spans as the rules compare them, and its words."""
        found, _, words, tree = spans(tokens)
        rules = self.rules
        if rules.root == "last" and tree:
            found = found[:-1]
        elif rules.root == "every":
            found = [span for span in found if span != (0, words)]
        counted = Counter(found)
        if rules.compare != "multiset":
            counted = Counter(dict.fromkeys(counted, 1))
        return counted, words

    def score(self, gold: Bracketing, test: Bracketing) -> Outcome:
        gold_spans, words = self._sets(gold)
        if (words == 1 and not self.rules.one_word) or (
                self.max_words is not None and words > self.max_words):
            return Outcome(UnsupervisedCounts(left_out=1))
        test_spans, _ = self._sets(test)
        matched = sum((gold_spans & test_spans).values())
        predicted, total = sum(test_spans.values()), sum(gold_spans.values())
        f = self._sentence_f(matched, predicted, total)
        labels = self._labels(gold, test)
        return Outcome(UnsupervisedCounts(
            1, int(f is not None), f or 0.0, 0, matched, predicted, total, *labels))

    def _sentence_f(self, matched: int, predicted: int, gold: int) -> float | None:
        """A sentence's F1 as a fraction by the variant's rule (None: left
        out of the mean)."""
        empty = self.rules.empty
        if empty == "li":
            if gold == 0:
                return 1.0 if predicted == 0 else 0.0
            if matched == 0 or predicted == 0:
                return 0.0
            p, r = matched / predicted, matched / gold
            return 2 * p * r / (p + r)
        if empty == "skip" and (gold == 0 or predicted == 0):
            return None
        precision = float(matched) / (predicted + 1e-8)
        recall = float(matched) / (gold + 1e-8)
        if gold == 0:
            recall = 1.0
            if predicted == 0:
                precision = 1.0
        return 2 * precision * recall / (precision + recall + 1e-8)

    @staticmethod
    def _labels(gold: Bracketing, test: Bracketing) -> list[int]:
        """Per label of :data:`LABELS`: its gold constituents of two words or
        more (one per label and span) and those whose span the test has
        (the roots included on both sides)."""
        _, labelled, _, _ = spans(gold)
        found, _, _, _ = spans(test)
        predicted = set(found)
        out = []
        for label in LABELS:
            own = {(start, end) for name, start, end in labelled if name == label}
            out += [len(own), len(own & predicted)]
        return out

    def failure(self, gold: Bracketing) -> UnsupervisedCounts:
        """A missing parse: no predicted span (an empty tree's F1 by the
        variant's rule)."""
        return self.score(gold, ()).counts  # type: ignore[no-any-return]

    def terms(self, counts: UnsupervisedCounts) -> tuple[float, float]:
        """The sum of sentence F1 and the sentences in the mean: the headline
        is the sentence F1, as the papers rank by it."""
        return (counts.f_sum, float(counts.averaged))

    def from_terms(self, sums: Any) -> Any:
        return ratio(sums, 100.0, 0.0)

    def sentence_average(self, total: UnsupervisedCounts) -> float | None:
        return total.sentence_f
