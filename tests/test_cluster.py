"""Evaluator states mapped over partitions with Dask and summed (issue 28, item 5).

The how-to (docs/how-to/cluster.md) scores a corpus in partitions, one
Evaluator each, and adds them; here Dask's local schedulers (threads, and
processes: each partition's evaluator pickled back to this process) do
the same on partitions of the bundled Sequoia data and of the PTB sample,
and the sum must be one Evaluator fed the same partitions as its batches,
exactly (the Evaluator's sums are exact, so the order and grouping of the
additions cannot change a bit); one Evaluator fed everything as one batch
has the same whole counts, and float sums (the sentence averages) equal
to within their rounding (a batch's sentences are summed in order before
the batch is added exactly).
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from pathlib import Path

import pytest
from conftest import SHARED

import parsedit

dask = pytest.importorskip("dask")
db = pytest.importorskip("dask.bag")

DATA = Path(parsedit.__file__).parent / "data"
METRICS = "parseval,label,span,rule,la"


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def score_part(metrics: str, gold: Sequence[str], test: Sequence[str]) -> parsedit.Evaluator:
    evaluator = parsedit.Evaluator(metrics=metrics)
    evaluator.update(list(gold), list(test))
    return evaluator


def summed(metrics: str, gold: list[str], test: list[str], size: int,
           scheduler: str) -> parsedit.Evaluator:
    """The partitions of ``size`` pairs scored by Dask and added in a tree."""
    parts = db.from_sequence(range(0, len(gold), size), npartitions=max(1, len(gold) // size))
    evaluators = parts.map(lambda at: score_part(metrics, gold[at:at + size],
                                                 test[at:at + size]))
    total: parsedit.Evaluator = evaluators.fold(operator.add).compute(scheduler=scheduler)
    return total


def one(metrics: str, gold: list[str], test: list[str], size: int) -> parsedit.CorpusResult:
    """One evaluator over everything, fed batches of ``size`` pairs."""
    evaluator = parsedit.Evaluator(metrics=metrics)
    for at in range(0, len(gold), size):
        evaluator.update(gold[at:at + size], test[at:at + size])
    return evaluator.compute()


def same(found: parsedit.CorpusResult, expected: parsedit.CorpusResult) -> None:
    assert found.to_dict()["corpus"] == expected.to_dict()["corpus"]
    assert found.totals == expected.totals and found.cutoff == expected.cutoff
    assert found.warnings == expected.warnings


def close(found: object, expected: object) -> None:
    """Equal, but floats to within their rounding."""
    if isinstance(expected, dict):
        assert isinstance(found, dict) and found.keys() == expected.keys()
        for key, value in expected.items():
            close(found[key], value)
    elif isinstance(expected, float):
        assert found == pytest.approx(expected, rel=1e-12)
    else:
        assert found == expected


@pytest.mark.parametrize("scheduler", ["threads", "processes"])
def test_partitions_summed_by_dask_are_one_evaluator_over_everything(scheduler: str) -> None:
    gold = lines(DATA / "sequoia-gold.mrg")
    test = lines(DATA / "sequoia-perturbed.mrg")
    found = summed(METRICS, gold, test, 37, scheduler).compute()
    same(found, one(METRICS, gold, test, 37))
    assert found.totals.sentences == 310
    whole = one(METRICS, gold, test, len(gold)).to_dict()["corpus"]
    close(found.to_dict()["corpus"], whole)
    # F is a ratio of whole counts: the same as score()'s, whatever the batches.
    by_score = parsedit.score(gold, test, metrics=METRICS).parseval
    assert found.parseval is not None and by_score is not None
    assert found.parseval.f_measure == by_score.f_measure == whole["parseval"]["f_measure"]


@pytest.mark.slow
def test_the_ptb_sample_summed_by_dask_is_one_evaluator_over_everything() -> None:
    gold_path = SHARED / "ptb-sample" / "wsj_0001-0199.clean"
    if not gold_path.exists():
        pytest.skip("the PTB sample is not in ../shared/data")
    gold = lines(gold_path)
    # A silver parse: every tenth sentence's first bracket lost its label.
    test = [line.replace("(S ", "(X ", 1) if k % 10 == 0 else line
            for k, line in enumerate(gold)]
    test[5] = "(S (NP broken"  # an unreadable parse, a skip in the warnings
    for metrics in ("parseval", "parseval,label"):
        found = summed(metrics, gold, test, 500, "threads").compute()
        same(found, one(metrics, gold, test, 500))
        close(found.to_dict()["corpus"], one(metrics, gold, test, len(gold)).to_dict()["corpus"])
        assert found.warnings  # the skipped sentence is said
    assert found.totals.sentences == len(gold) == 3914
