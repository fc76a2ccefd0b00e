"""Error analysis (``score --errors``): what kinds of errors a parser makes.

Per sentence (:func:`sentence_errors`, kept in the sentence's result so that
``--jobs`` workers can send it back): the labelled brackets per label (gold,
test, matched, as PARSEVAL matches them), and each edit metric's edits.  Per
corpus (:func:`analyse`):

* for each encoding, the most frequent substitutions, insertions and
  deletions that cost something, sclite-style ("(NP => (VP 112"); spans are
  counted by label, since a span's positions never recur (``NP => NP`` is an
  NP over the wrong words).  They are read off the preferred one of the
  cheapest edit scripts (see :mod:`parsedit.fst.align`), so that a tie
  between equal-cost scripts does not show as confusions;
* for the label encoding, the movements the correction made, by size, kept
  apart from the insertions and deletions: the close brackets a movement
  accounts for are no longer counted as inserted and deleted;
* per-label recall, precision and F (what EVALB cannot give);
* the worst sentences by each metric;
* the sentences where PARSEVAL and the label edit distance disagree most:
  the largest gaps between E (100 - F) and the label error rate, Roark's
  outliers (his Figures 5 and 6).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parsedit.encodings.base import Encoding
from parsedit.metrics.base import Metric, Outcome
from parsedit.metrics.parseval import brackets
from parsedit.results import SentenceResult, f_measure, percent
from parsedit.trees.bracketing import CLOSE, Bracketing

Edit = tuple[str, str, str]  # (kind, gold symbol, test symbol); "" for none


@dataclass(frozen=True)
class SentenceErrors:
    labels: dict[str, tuple[int, int, int]]  # label -> (gold, test, matched)
    edits: dict[str, Counter[Edit]] = field(default_factory=dict)
    moves: Counter[int] = field(default_factory=Counter)  # size -> movements


def sentence_errors(gold: Bracketing, test: Bracketing, outcomes: Mapping[str, Outcome],
                    encodings: Mapping[str, Encoding]) -> SentenceErrors:
    gold_brackets, _ = brackets(gold)
    test_brackets, _ = brackets(test)
    gold_count, test_count = Counter(gold_brackets), Counter(test_brackets)
    labels: dict[str, list[int]] = {}
    for bracket, n in gold_count.items():
        labels.setdefault(bracket[0], [0, 0, 0])[0] += n
        labels[bracket[0]][2] += min(n, test_count[bracket])
    for bracket, n in test_count.items():
        labels.setdefault(bracket[0], [0, 0, 0])[1] += n
    edits: dict[str, Counter[Edit]] = {}
    moves: Counter[int] = Counter()
    for metric, encoding in encodings.items():
        s = outcomes[metric].detail
        shown = encoding.label if metric == "span" else encoding.display
        tally: Counter[Edit] = Counter()
        for op in s.ops:
            if op.kind != "match" and op.cost > 0:  # a free rewrite is no error
                tally[op.kind, "" if op.gold is None else shown(op.gold),
                      "" if op.test is None else shown(op.test)] += 1
        moved = sum(move.size for move in s.moves)
        if moved:  # those close brackets moved: they are not inserted and deleted
            close = shown(CLOSE)
            tally.subtract({("del", close, ""): moved, ("ins", "", close): moved})
        edits[metric] = +tally
        if metric == "label":
            moves.update(move.size for move in s.moves)
    return SentenceErrors({k: (v[0], v[1], v[2]) for k, v in labels.items()}, edits, moves)


def analyse(sentences: Sequence[SentenceResult], metrics: Mapping[str, Metric[Any]],
            top: int = 10) -> dict[str, Any]:
    """The corpus's error analysis, as the JSON report writes it."""
    ok = [s for s in sentences if s.details is not None]
    labels: dict[str, list[int]] = {}
    edits: dict[str, Counter[Edit]] = {}
    moves: Counter[int] = Counter()
    for s in ok:
        errors: SentenceErrors = s.details
        moves.update(errors.moves)
        for label, (g, t, m) in errors.labels.items():
            totals = labels.setdefault(label, [0, 0, 0])
            totals[0] += g
            totals[1] += t
            totals[2] += m
        for metric, tally in errors.edits.items():
            edits.setdefault(metric, Counter()).update(tally)
    out: dict[str, Any] = {"edits": {}, "labels": [], "worst": {}, "disagreements": []}
    if "label" in metrics:
        out["moves"] = [{"size": size, "count": n} for size, n in
                        sorted(moves.items(), key=lambda item: (-item[1], item[0]))][:top]
    for metric, tally in edits.items():
        out["edits"][metric] = {
            kind: [{"gold": g, "test": t, "count": n} for (k, g, t), n in
                   sorted(tally.items(), key=lambda item: (-item[1], item[0])) if k == kind][:top]
            for kind in ("sub", "ins", "del")}
    for label, (g, t, m) in sorted(labels.items(), key=lambda item: (-item[1][0], item[0])):
        recall, precision = percent(m, g), percent(m, t)
        out["labels"].append({"label": label, "gold": g, "test": t, "matched": m,
                              "recall": recall, "precision": precision,
                              "f_measure": f_measure(recall, precision)})
    for name, scorer in metrics.items():
        if name == "tagging" or not scorer.higher_is_better:  # (error classes: a count)
            continue
        scores = [(figure, s.id) for s in ok
                  if (figure := scorer.headline(s.counts[name])) is not None]
        out["worst"][name] = [{"sentence": i, "score": v} for v, i in sorted(scores)[:top]]
    if "parseval" in metrics and "label" in metrics:
        gaps = []
        for s in ok:
            rate = s.counts["label"].error_rate
            if rate is not None:
                e = 100.0 - s.counts["parseval"].sentence_f
                gaps.append((abs(e - rate), s.id, e, rate))
        gaps.sort(key=lambda g: (-g[0], g[1]))
        out["disagreements"] = [{"sentence": i, "e_measure": e, "label_error_rate": r}
                                for _, i, e, r in gaps[:top]]
    return out
