"""``--per-sentence FILE.tsv``: one row per sentence, every metric asked for.

LineKeys, in this order (a metric's columns only when it is in ``--metrics``;
cells empty for a sentence that was not scored):

* ``id``, ``status`` (ok, error, skip), ``length`` (EVALB's gold length);
* with ``--segmentation align`` or ``document`` (``id`` is then a pair's
  number): ``gold_first``, ``gold_last``, ``test_first``, ``test_last``,
  the first and last sentence of each file in the pair (empty for a side
  that has none);
* parseval: ``parseval_gold``, ``parseval_test``, ``parseval_matched``,
  ``parseval_recall``, ``parseval_precision``, ``parseval_f``,
  ``parseval_crossing``;
* label: ``label_edits``, ``label_basic``, ``label_gold``, ``label_accuracy``;
* span, rule: ``{m}_edits``, ``{m}_gold``, ``{m}_accuracy``;
* la: ``la_score`` (in [0, 1]), ``la_words``;
* tagging: ``tagging_{s}_precision``, ``tagging_{s}_recall``,
  ``tagging_{s}_f`` for each scoring function ``s``;
* ted: ``ted_distance``, ``ted_discodop`` and ``ted_tedeval`` (the
  sentence's normalised scores, percentages; all three empty for a pair over
  the size limit);
* with ``--error-classes``, after the metrics: ``error_classes_{c}_count``
  and ``error_classes_{c}_brackets`` for each class ``c`` (in the JSON
  order: ``pp_attachment``, ..., ``other``);
* with ``--yield align``, last: ``words_gold``, ``words_test``,
  ``words_matched``, ``words_substituted``, ``words_deleted``,
  ``words_inserted``, ``words_merged``, ``words_cost``, ``words_error_rate``
  (the sentence's word alignment).

Rates are percentages with four decimals.
"""

from __future__ import annotations

from typing import Any

from parsedit.results import RUN_FIELDS, CorpusResult, SentenceResult

PARSEVAL = ("gold", "test", "matched", "recall", "precision", "f", "crossing")
WORDS = ("gold", "test", "matched", "substituted", "deleted", "inserted", "merged", "cost",
         "error_rate")


def _columns(metric: str, scorings: list[str], classes: list[str]) -> list[str]:
    if metric == "parseval":
        return [f"parseval_{c}" for c in PARSEVAL]
    if metric == "label":
        return ["label_edits", "label_basic", "label_gold", "label_accuracy"]
    if metric == "la":
        return ["la_score", "la_words"]
    if metric == "tagging":
        return [f"tagging_{s}_{c}" for s in scorings for c in ("precision", "recall", "f")]
    if metric == "ted":
        return ["ted_distance", "ted_discodop", "ted_tedeval"]
    if metric == "error_classes":
        return [f"error_classes_{c}_{n}" for c in classes for n in ("count", "brackets")]
    return [f"{metric}_edits", f"{metric}_gold", f"{metric}_accuracy"]


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.4f}".rstrip("0").rstrip(".") if value != int(value) else f"{value:g}"
    return str(value)


def _values(metric: str, counts: Any) -> list[Any]:
    if metric == "parseval":
        c = counts
        return [c.gold, c.test, c.matched, c.recall, c.precision, c.sentence_f, c.crossing]
    if metric == "la":
        return [counts.score, counts.words]
    if metric == "tagging":
        return [v for t in counts.by_scoring.values()
                for v in (t.precision, t.recall, t.f_measure)]
    if metric == "label":
        return [counts.edits, counts.basic, counts.gold, counts.accuracy]
    if metric == "ted":
        figures = counts.figures()
        return [None if counts.skipped else counts.distance, figures["discodop_micro"],
                figures["tedeval_micro"]]
    if metric == "error_classes":
        return [v for entry in counts.figures().values() for v in entry.values()]
    return [counts.edits, counts.gold, counts.accuracy]


def render(result: CorpusResult) -> str:
    scorings = list(result.tagging.by_scoring) if result.tagging is not None else []
    classes = list(result.totals.counts["error_classes"].figures()) \
        if "error_classes" in result.metrics else []
    header = ["id", "status", "length"]
    if result.runs:
        header += RUN_FIELDS
    for metric in result.metrics:
        header += _columns(metric, scorings, classes)
    words = result.words is not None
    if words:
        header += [f"words_{name}" for name in WORDS]
    rows = ["\t".join(header)]
    for s in result.sentences:
        cells = _row(s, result.metrics, scorings, classes)
        run = result.run(s)
        if run is not None:
            numbers = run.sentences()
            cells[3:3] = [_cell(numbers[name]) for name in RUN_FIELDS]
        if words:
            counts = s.counts.get("words")
            cells += [_cell(getattr(counts, name)) if counts is not None else ""
                      for name in WORDS]
        rows.append("\t".join(cells))
    return "\n".join(rows) + "\n"


def _row(s: SentenceResult, metrics: tuple[str, ...], scorings: list[str],
         classes: list[str]) -> list[str]:
    cells = [str(s.id), s.status, str(s.length)]
    for metric in metrics:
        counts = s.counts.get(metric)
        if counts is not None:
            cells += [_cell(v) for v in _values(metric, counts)]
        else:
            cells += [""] * len(_columns(metric, scorings, classes))
    return cells
