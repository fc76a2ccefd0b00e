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
* unsupervised: ``unsupervised_f`` (the sentence's F1; empty for a sentence
  the rules leave out), ``unsupervised_precision``, ``unsupervised_recall``,
  ``unsupervised_matched``, ``unsupervised_predicted``,
  ``unsupervised_gold``, ``unsupervised_left_out``;
* dep: ``dep_words`` (scored gold words), ``dep_attached``,
  ``dep_labelled``, ``dep_uas``, ``dep_las``, ``dep_root`` (1 if the root
  is right), ``dep_complete`` (1 if every scored word is attached),
  ``dep_precision``, ``dep_recall``, ``dep_f`` (relational), ``dep_edits``,
  ``dep_gold`` (dependencies, every word), ``dep_accuracy``;
* with ``--yield align``, last: ``words_gold``, ``words_test``,
  ``words_matched``, ``words_substituted``, ``words_deleted``,
  ``words_inserted``, ``words_merged``, ``words_cost``, ``words_error_rate``
  (the sentence's word alignment).

Rates are percentages with four decimals.  Each metric's counts say their
own columns (``columns()``; see :func:`parsedit.results.sentence_columns`);
this module only writes them.
"""

from __future__ import annotations

from typing import Any

from parsedit.results import RUN_FIELDS, CorpusResult, SentenceResult, sentence_columns

WORDS = ("gold", "test", "matched", "substituted", "deleted", "inserted", "merged", "cost",
         "error_rate")


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, float):
        return f"{value:.4f}".rstrip("0").rstrip(".") if value != int(value) else f"{value:g}"
    return str(value)


def render(result: CorpusResult) -> str:
    # Each metric's column names, from its summed counts (a sentence that
    # was not scored has empty cells under them).
    columns = {metric: list(sentence_columns(metric, result.totals.counts[metric]))
               for metric in result.metrics}
    header = ["id", "status", "length"]
    if result.runs:
        header += RUN_FIELDS
    for metric in result.metrics:
        header += columns[metric]
    words = result.words is not None
    if words:
        header += [f"words_{name}" for name in WORDS]
    rows = ["\t".join(header)]
    for s in result.sentences:
        cells = _row(s, columns)
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


def _row(s: SentenceResult, columns: dict[str, list[str]]) -> list[str]:
    cells = [str(s.id), s.status, str(s.length)]
    for metric, names in columns.items():
        counts = s.counts.get(metric)
        if counts is not None:
            cells += [_cell(v) for v in sentence_columns(metric, counts).values()]
        else:
            cells += [""] * len(names)
    return cells
