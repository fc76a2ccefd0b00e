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
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from parsedit.results import CorpusResult


def render(result: CorpusResult, gold: str, test: str) -> str:
    """The JSON report: :meth:`CorpusResult.to_dict`, written out."""
    return json.dumps(result.to_dict(gold, test), indent=1, ensure_ascii=False) + "\n"
