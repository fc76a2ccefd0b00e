"""Judging a pair by EVALB_SPMRL's rules (``-p spmrl``, ``-p spmrl-hebrew``).

EVALB_SPMRL is EVALB as Petrov and McDonald (SANCL 2012), then Seddah and
Müller (SPMRL 2013) changed it; every SPMRL paper's figures are its figures.
Its labels are read by :class:`~parsedit.trees.normalise.Normalisation`
with ``spmrl`` set (labels and tags cut at ``-``, ``=`` or ``#``, the delete
labels cut alike, no terminal deleted); what it does to a pair is here:

* a test line without words is skipped, as EVALB skips it, or under
  ``--failures spmrl`` (its ``-X``) counted as a valid sentence with every
  gold word and :func:`x_count`'s gold brackets, none matched;
* a pair whose word counts differ is no error: a row of zeros is counted as
  a valid sentence (a complete match without crossing brackets), and EVALB's
  message is still printed (``Length unmatch (3|4)``) and counts towards
  MAX_ERROR; when gold has at most one word there is no message, and the
  pair is then scored as well (its first gold words compared): two rows, two
  sentences, for one line;
* words that differ are an error, as in EVALB.

Those rows carry a message ending in one of the notes of
:mod:`parsedit.pipeline.tally`, which counts them for the warnings.  A test line
EVALB_SPMRL cannot read (a parser's failure marker, raw text) stops
EVALB_SPMRL for good; parsedit scores it as the empty line that would let
EVALB_SPMRL go on (the ``*.blanked`` expected reports are those runs).
"""

from __future__ import annotations

from typing import Any

from parsedit.metrics.base import RawMetric
from parsedit.metrics.parseval import brackets as parseval_brackets
from parsedit.params import Params
from parsedit.pipeline.scorer import Outcomes, Scorer
from parsedit.pipeline.tally import TWICE_NOTE, ZERO_NOTE
from parsedit.plural import plural
from parsedit.results import X_NOTE, ParsevalCounts, SentenceResult
from parsedit.trees.bracketing import CLOSE
from parsedit.trees.normalise import Normalised, spmrl_label
from parsedit.trees.reader import NO_WORD, Item

Rows = tuple[SentenceResult | None, SentenceResult, Outcomes]


def x_count(params: Params, tokens: tuple[str, ...] | None) -> tuple[int, int]:
    """What EVALB_SPMRL's ``-X`` counts for a gold tree whose parse is
    missing: its gold brackets, and its words (every terminal).

    Meant to count the gold brackets that survive deletion, its
    ``massage_data_gold_only`` adds one for every bracket with words and
    then one for every DELETE_LABEL line its label does *not* equal
    (``!=`` for ``==``): 1 + D - m per bracket, D the number of DELETE_LABEL
    lines, m those equal to the bracket's label once both are cut (23 for
    ``(TOP (S (NP (D le) (N chat)) (VP (V dort))))`` under spmrl.prm)."""
    if not tokens:
        return 0, 0
    norm = params.normalisation

    def cut(label: str) -> str:
        label = spmrl_label(label)
        return norm.label(label) if label else label

    deletes = [cut(label) for label in params.deletes]
    brackets = words = 0
    starts: list[tuple[str, int]] = []
    for token in tokens:
        if token == CLOSE:
            label, start = starts.pop()
            if words > start:
                brackets += 1 + len(deletes) - sum(1 for d in deletes if d == cut(label))
        elif token[0] == "(" and token[-1] != ")":
            starts.append((token[1:], words))
        else:  # a preterminal, or a word directly under a phrase
            words += 1
    return brackets, words


def rows(scorer: Scorer, number: int, gold: Item | None, test: Item | None,
         gold_path: str, test_path: str) -> Rows:
    """The rows EVALB_SPMRL gives the ``number``-th pair of items: the row
    of zeros it counts first for a one-word gold line of another length
    (else None), the pair's row, and each metric's outcome."""
    config = scorer.config
    params = config.params
    norm = params.normalisation
    gold_raw = gold.tokens if gold is not None else None
    blank_gold = gold is not None and gold_raw is None and gold.error is None
    gold_sentence = norm.normalise(gold_raw) if gold_raw else \
        Normalised((), [], 0) if blank_gold else None
    length = gold_sentence.length if gold_sentence else 0
    if test is None or test.tokens is None or not norm.normalise(test.tokens).words:
        if test is None:  # the test file ended first
            return None, *scorer.pair(number, gold, test, gold_path, test_path)
        # A line EVALB_SPMRL cannot read stops it; one without words it reads.
        stops = test.error is not None and not str(test.error).endswith(NO_WORD)
        why = f"{test_path}:{test.line}: no word" if test.tokens is not None else \
            f"{test.error} (EVALB_SPMRL stops the run at such a line; scored here as the " \
            "empty line that lets it go on)" if stops else str(test.error) \
            if test.error is not None else f"{test_path}:{test.line}: empty line"
        reason = f"skipped: {why}" if stops else None
        cause = "no_words" if test.tokens is not None else \
            "unreadable" if test.error is not None else "empty"
        if config.failures == "skip" or gold_sentence is None or (
                config.failures == "count" and not gold_sentence.words):
            return None, SentenceResult(number, "skip", why, length=length, reason=reason,
                                        cause=cause), {}

        def failures() -> dict[str, Any]:
            # Each metric's failure (those that read raw trees, dep, over the
            # raw gold tree): only for a gold sentence with words, read.
            assert gold_raw is not None and gold_sentence is not None
            return {name: metric.failure(gold_raw if isinstance(metric, RawMetric)
                                         else gold_sentence.bracketing)
                    for name, metric in scorer.metrics.items()}

        if config.failures == "count":  # parsedit's count: a parse with no constituents
            counts = failures()
            return None, SentenceResult(number, "skip", why, counts, length, reason,
                                        counted=True, cause=cause), {}
        brackets, words = x_count(params, gold_raw)
        kept = len(parseval_brackets(gold_sentence.bracketing)[0])
        counts = {name: found for name, found in failures().items()
                  if name != "parseval"} if gold_sentence.words else {}
        if "parseval" in scorer.metrics:
            counts["parseval"] = ParsevalCounts.sentence(words, 0, brackets, 0, 0, 0, 0, 0)
        message = (f"{why}; {X_NOTE}: {brackets} gold brackets where the gold tree has "
                   f"{kept}")
        return None, SentenceResult(number, "skip", message, counts, length, reason,
                                    counted=True, cause=cause), {}
    if gold_sentence is None:
        return None, *scorer.pair(number, gold, test, gold_path, test_path)
    test_sentence = norm.normalise(test.tokens)
    where = f"{gold_path}:{gold.line if gold else number} and {test_path}:{test.line}"
    g, t = len(gold_sentence.words), len(test_sentence.words)
    if g == t:  # (the metrics that read raw trees, dep, given them)
        return None, *scorer.judge(number, gold_sentence, test_sentence, where,
                                   (gold_raw, test.tokens) if scorer.raw and gold_raw else None)
    mismatch = f"length mismatch: gold has {plural(g, 'word')}, test {t}"
    scored = "parseval" in scorer.metrics
    zero = SentenceResult(number, "ok", f"{where}: {mismatch}; {ZERO_NOTE}",
                          {"parseval": ParsevalCounts.sentence(0, 0, 0, 0, 0, 0, 0, 0)}
                          if scored else {}, length, f"Length unmatch ({g}|{t})" if g > 1 else None,
                          cause="spmrl_zero")
    if g > 1:
        return None, zero, {}
    # At most one gold word: its words compared, then every bracket of both.
    for gold_word, test_word in zip(gold_sentence.words, test_sentence.words):
        if not norm.same_word(gold_word[:-1], test_word[:-1]):
            return zero, SentenceResult(
                number, "error", f"{where}: words differ at word 1: gold {gold_word[:-1]!r}, "
                f"test {test_word[:-1]!r}", length=length,
                reason=f"Words unmatch ({gold_word[:-1]}|{test_word[:-1]})", cause="words"), {}
    outcomes = {"parseval": scorer.metrics["parseval"].score(
        gold_sentence.bracketing, test_sentence.bracketing)} if scored else {}
    return zero, SentenceResult(number, "ok", f"{where}: {mismatch}; {TWICE_NOTE}",
                                {name: o.counts for name, o in outcomes.items()},
                                length, cause="spmrl_twice"), outcomes
