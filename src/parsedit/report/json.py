"""The JSON report: a stable contract (documented in the README).

Top level: ``parsedit`` (version), ``signature``, ``gold``, ``test``,
``summary`` (sentence counts), ``corpus`` (per metric: ``edits``, ``basic``
for *label* only, ``gold``, ``error_rate``, ``accuracy``; rates are ``null``
when there are no gold events), ``sentences`` (``id`` 1-based, ``status``
``ok``/``error``/``skip``, ``message``, and per metric its counts, or
``null`` when the sentence was not scored).
"""

from __future__ import annotations

import json
from typing import Any

from parsedit import __version__
from parsedit.results import CorpusResult, EditCounts


def _counts(metric: str, counts: EditCounts) -> dict[str, Any]:
    out: dict[str, Any] = {"edits": counts.edits}
    if metric == "label":
        out["basic"] = counts.basic
    out["gold"] = counts.gold
    return out


def to_dict(result: CorpusResult, gold: str, test: str) -> dict[str, Any]:
    corpus = {}
    for metric in result.metrics:
        total = result.total(metric)
        corpus[metric] = {**_counts(metric, total), "error_rate": total.error_rate,
                          "accuracy": total.accuracy}
    sentences = []
    for s in result.sentences:
        entry: dict[str, Any] = {"id": s.id, "status": s.status, "message": s.message}
        for metric in result.metrics:
            entry[metric] = _counts(metric, s.edits[metric]) if s.status == "ok" else None
        sentences.append(entry)
    return {
        "parsedit": __version__,
        "signature": result.signature,
        "gold": gold,
        "test": test,
        "summary": {"sentences": len(result.sentences), "ok": result.count("ok"),
                    "skip": result.count("skip"), "error": result.count("error"),
                    "gold_trees": result.gold_trees, "test_trees": result.test_trees},
        "corpus": corpus,
        "sentences": sentences,
    }


def render(result: CorpusResult, gold: str, test: str) -> str:
    return json.dumps(to_dict(result, gold, test), indent=1, ensure_ascii=False) + "\n"
