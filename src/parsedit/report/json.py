"""The JSON report: a stable contract (documented in the README).

Top level: ``parsedit`` (version), ``signature``, ``gold``, ``test``,
``summary`` (sentence counts, and ``stopped`` when the run stopped early),
``warnings`` (one string per caveat, the lines printed on standard error;
empty when the run needs none), ``corpus`` and ``sentences``.

``corpus.parseval``: every PARSEVAL figure over all scored sentences (see
:meth:`parsedit.results.ParsevalCounts.figures`), and the same under
``cutoff`` for sentences of length <= ``cutoff.max_length``.  Per edit
metric: ``edits``, ``basic`` (*label* only), ``gold``, ``error_rate``,
``accuracy`` and ``sentence_accuracy`` (the mean over sentences), and the
same under ``cutoff``.  Rates are ``null`` when undefined.

``corpus.la``: ``score`` (the mean of sentence scores, the paper's),
``word_score`` (the mean over words), ``sentences``, ``words``, the same under
``cutoff``, and ``worst_words`` (with ``--worst-words``, else null).

``corpus.tagging``: per scoring function, ``strong``, ``weak``, ``precision``,
``recall``, ``f_measure`` (percentages) and ``segments``, and the same under
``cutoff``; a sentence's ``tagging`` holds the same for that sentence.

``words`` (only with ``--yield align``): the word alignment summed over the
scored sentences: ``gold``, ``test`` (words), ``matched``, ``substituted``,
``deleted``, ``inserted``, ``merged`` (merges and splits), ``cost`` (under the
word cost scheme) and ``error_rate`` (100 x cost / gold), and the same under
``cutoff``; each sentence has the same under ``words`` (null when not scored).

``errors`` (only with ``--errors``): see :func:`parsedit.metrics.errors.analyse`.

``sentences``: ``id`` (1-based), ``status`` (``ok``/``error``/``skip``),
``message``, ``reason`` (EVALB's words, or null), ``length`` (EVALB's gold
length), and per metric its counts, or ``null`` when the sentence was not
scored (for ``la``: ``score``, ``words`` and ``word_scores``).  With
``--segmentation align`` or ``document`` an entry is a pair of runs of
sentences, ``id`` its number, and it also has ``gold_first``, ``gold_last``,
``test_first`` and ``test_last``: the 1-based numbers of the first and last
sentence of each file in the pair (null for a side that has none), and
``summary.gold_trees`` and ``test_trees`` count the files' sentences.
"""

from __future__ import annotations

import json
from typing import Any

from parsedit import __version__
from parsedit.results import (
    CorpusResult,
    EditCounts,
    LACounts,
    ParsevalCounts,
    Totals,
)

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
    return counts.figures()


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
    sentences = []
    for s in result.sentences:
        entry: dict[str, Any] = {"id": s.id, "status": s.status, "message": s.message,
                                 "reason": s.reason, "length": s.length,
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
                    "stopped": result.stopped},
        "warnings": list(result.warnings),
        "corpus": corpus(result),
        **({"words": {**result.words.figures(),
                      "cutoff": {"max_length": result.cutoff_len,
                                 **result.cutoff.counts["words"].figures()}}}
           if result.words is not None else {}),
        **({"errors": result.errors} if result.errors is not None else {}),
        "sentences": sentences,
    }


def render(result: CorpusResult, gold: str, test: str) -> str:
    return json.dumps(to_dict(result, gold, test), indent=1, ensure_ascii=False) + "\n"
