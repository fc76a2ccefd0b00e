"""The JSON report: a stable contract (documented in the README).

Top level: ``parsedit`` (version), ``signature``, ``gold``, ``test``,
``summary`` (sentence counts, and ``stopped`` when the run stopped early),
``warnings`` (one string per caveat, the lines printed on standard error;
empty when the run needs none), ``corpus`` and ``sentences``.

``corpus.parseval``: every PARSEVAL figure over all scored sentences (see
:meth:`parsedit.metrics.parseval.Summary.figures`), and the same under
``cutoff`` for sentences of length <= ``cutoff.max_length``.  Per edit
metric: ``edits``, ``basic`` (*label* only), ``gold``, ``error_rate``,
``accuracy`` and ``sentence_accuracy`` (the mean over sentences).  Rates
are ``null`` when undefined.

``corpus.la``: ``score`` (the mean of sentence scores, the paper's),
``word_score`` (the mean over words), ``sentences``, ``words``, the same under
``cutoff``, and ``worst_words`` (with ``--worst-words``, else null).

``corpus.tagging``: per scoring function, ``strong``, ``weak``, ``precision``,
``recall``, ``f_measure`` (percentages) and ``segments``; a sentence's
``tagging`` holds the same for that sentence.

``words`` (only with ``--yield align``): the word alignment summed over the
scored sentences: ``gold``, ``test`` (words), ``matched``, ``substituted``,
``deleted``, ``inserted``, ``merged`` (merges and splits), ``cost`` (under the
word cost scheme) and ``error_rate`` (100 x cost / gold); each sentence has
the same under ``words`` (null when not scored).

``errors`` (only with ``--errors``): see :func:`parsedit.metrics.errors.analyse`.

``sentences``: ``id`` (1-based), ``status`` (``ok``/``error``/``skip``),
``message``, ``reason`` (EVALB's words, or null), ``length`` (EVALB's gold
length), and per metric its counts, or ``null`` when the sentence was not
scored (for ``la``: ``score``, ``words`` and ``word_scores``).
"""

from __future__ import annotations

import json
from typing import Any

from parsedit import __version__
from parsedit.metrics.parseval import ParsevalCounts, summarise
from parsedit.metrics.yields import word_totals
from parsedit.report import tags as tags_report
from parsedit.results import CorpusResult, EditCounts, LACounts, WordCounts


def _la(counts: LACounts) -> dict[str, Any]:
    return {"score": counts.score, "word_score": counts.word_score,
            "sentences": counts.sentences, "words": counts.words}


def _counts(metric: str, counts: Any) -> dict[str, Any]:
    if metric == "tagging":
        return tags_report.figures(counts)
    if isinstance(counts, LACounts):
        return {"score": counts.score, "words": counts.words,
                "word_scores": list(counts.word_scores)}
    if isinstance(counts, ParsevalCounts):
        return {"matched": counts.matched, "gold": counts.gold, "test": counts.test,
                "labelled": counts.labelled, "unlabelled": counts.unlabelled,
                "crossing": counts.crossing, "words": counts.words,
                "correct_tags": counts.correct_tags}
    assert isinstance(counts, EditCounts)
    out: dict[str, Any] = {"edits": counts.edits}
    if metric == "label":
        out["basic"] = counts.basic
    out["gold"] = counts.gold
    return out


def _words(counts: WordCounts) -> dict[str, Any]:
    return {"gold": counts.gold, "test": counts.test, "matched": counts.matched,
            "substituted": counts.substituted, "deleted": counts.deleted,
            "inserted": counts.inserted, "merged": counts.merged, "cost": counts.cost,
            "error_rate": counts.error_rate}


def corpus(result: CorpusResult) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for metric in result.metrics:
        if metric == "parseval":
            cutoff = summarise(result.sentences, result.cutoff_len).figures()
            out[metric] = {**summarise(result.sentences).figures(),
                           "cutoff": {"max_length": result.cutoff_len, **cutoff}}
        elif metric == "tagging":
            out[metric] = tags_report.figures(result.tagging())
        elif metric == "la":
            worst = None if result.worst_words is None else [
                {"gold": " ".join(e.gold), "test": " ".join(e.test), "score": e.score,
                 "count": e.count, "loss": e.loss,
                 "examples": [{"sentence": n, "word": w} for n, w in e.examples]}
                for e in result.worst_words]
            out[metric] = {**_la(result.la()),
                           "cutoff": {"max_length": result.cutoff_len,
                                      **_la(result.la(result.cutoff_len))},
                           "worst_words": worst}
        else:
            total = result.total(metric)
            out[metric] = {**_counts(metric, total), "error_rate": total.error_rate,
                           "accuracy": total.accuracy,
                           "sentence_accuracy": result.sentence_accuracy(metric)}
    return out


def to_dict(result: CorpusResult, gold: str, test: str) -> dict[str, Any]:
    sentences = []
    words = word_totals(result.sentences)
    for s in result.sentences:
        entry: dict[str, Any] = {"id": s.id, "status": s.status, "message": s.message,
                                 "reason": s.reason, "length": s.length}
        for metric in result.metrics:
            entry[metric] = _counts(metric, s.counts[metric]) if s.status == "ok" else None
        if words is not None:
            entry["words"] = _words(s.counts["words"]) if s.status == "ok" else None
        sentences.append(entry)
    return {
        "parsedit": __version__,
        "signature": result.signature,
        "gold": gold,
        "test": test,
        "summary": {"sentences": len(result.sentences), "ok": result.count("ok"),
                    "skip": result.count("skip"), "error": result.count("error"),
                    "gold_trees": result.gold_trees, "test_trees": result.test_trees,
                    "stopped": result.stopped},
        "warnings": list(result.warnings),
        "corpus": corpus(result),
        **({"words": _words(words)} if words is not None else {}),
        **({"errors": result.errors} if result.errors is not None else {}),
        "sentences": sentences,
    }


def render(result: CorpusResult, gold: str, test: str) -> str:
    return json.dumps(to_dict(result, gold, test), indent=1, ensure_ascii=False) + "\n"
