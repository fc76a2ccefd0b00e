"""The dependency metric's review fixes: failed parses counted by
``--failures count`` (UAS and LAS fall), invalid CoNLL-U test trees, the
function-tag warning whatever the gold's format, and ``conventions`` on a
CoNLL-U file."""

from __future__ import annotations

import json
from pathlib import Path

import deps_support  # noqa: F401  (this checkout's grammars)
import pytest
from conftest import files, run, tree

from parsedit.deps.metric import Dependencies

pytestmark = pytest.mark.cli

GOLD = ["(S (NP-SBJ (DT The) (NN company)) (VP (MD will) (VP (VB pay) (NP (DT a) "
        "(NN dividend)) (PP-TMP (IN in) (NP (NNP March))))) (. .))",
        "(S (NP-SBJ (PRP It)) (VP (VBD rose)) (. .))"]
# The PP attached to the object; the second parse failed (an empty line).
TEST = ["(S (NP (DT The) (NN company)) (VP (MD will) (VP (VB pay) (NP (NP (DT a) "
        "(NN dividend)) (PP (IN in) (NP (NNP March)))))) (. .))", ""]


def json_run(*args: str) -> dict:  # type: ignore[type-arg]
    result = run(*args, "--format", "json")
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)  # type: ignore[no-any-return]


# -- 1. --failures count: a failed parse's words are scored and wrong ---------------------


def test_a_failure_counts_its_words_wrong() -> None:
    metric = Dependencies()
    gold = tree("(S (NP (DT The) (NN dog)) (VP (VBD barked)) (. .))").tokens()
    failed = metric.failure(gold)
    # 3 scored words (the full stop left out), none attached: UAS 0, not undefined
    assert (failed.words, failed.aligned, failed.failed, failed.attached) == (3, 0, 3, 0)
    assert failed.uas == 0.0 and failed.las == 0.0 and failed.sentence_uas == 0.0
    assert (failed.gold_relations, failed.test_relations, failed.recall) == (3, 0, 0.0)
    assert failed.edits.edits == 4  # every dependency, punctuation included, deleted
    total = metric.score(gold, gold).counts + failed
    # the parsed copy's 3 words right, the failed one's 3 wrong: as PARSEVAL's
    # recall counts a failure's gold brackets missed
    assert total.uas == 50.0 and total.las == 50.0 and total.sentence_uas == 50.0
    assert metric.headline(total) == 50.0  # compare's figure, from the terms
    assert total.figures()["failed"] == 3


@pytest.mark.parametrize("yields", ["strict", "align"])
def test_failures_count_lowers_uas(tmp_path: Path, yields: str) -> None:
    gold, test = files(tmp_path, GOLD, TEST)
    skipped = json_run("score", gold, test, "--metrics", "dep", "--yield", yields)
    counted = json_run("score", gold, test, "--metrics", "dep", "--failures", "count",
                       "--yield", yields)
    s, c = skipped["corpus"]["dep"], counted["corpus"]["dep"]
    assert (s["words"], s["aligned"], s["failed"], s["attached"]) == (8, 8, 0, 7)
    # the failed sentence's 2 scored words (It, rose): scored, wrong
    assert (c["words"], c["aligned"], c["failed"], c["attached"]) == (10, 8, 2, 7)
    assert s["uas"] == 87.5 and c["uas"] == 70.0  # 7/8, then 7/10
    assert c["uas"] == c["relational"]["recall"]  # every gold relation is a word's
    assert c["las"] < s["las"]
    # no word of a counted failure is said to lack a counterpart
    assert not [w for w in counted["warnings"] if "no counterpart" in w]
    sentence = counted["sentences"][1]
    assert sentence["counted"] and sentence["dep"]["uas"] == 0.0


def test_failures_count_in_the_text_report(tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD, TEST)
    shown = run("score", gold, test, "--metrics", "dep", "--failures", "count").stdout
    assert "words of failed parses" in shown
    assert "UAS                                      70.00" in shown
    # under skip (nothing failed counted) the row is not shown
    assert "failed parses" not in run("score", gold, test, "--metrics", "dep").stdout


def test_failures_count_on_sequoia(shared: Path) -> None:
    """The reviewer's run: ManifoldFR's 80 failures (1,762 scored gold words)
    lower UAS from 2,636 / 3,741 to 2,636 / 5,503."""
    gold, test = (str(shared / "sequoia" / f) for f in ("gold.mrg", "ManifoldFR.mrg"))
    figures = [json_run("score", gold, test, "--metrics", "dep", "--heads", "sequoia",
                        "--failures", how)["corpus"]["dep"] for how in ("skip", "count")]
    skipped, counted = figures
    assert (skipped["words"], skipped["attached"], skipped["failed"]) == (3741, 2636, 0)
    assert (counted["words"], counted["aligned"], counted["failed"]) == (5503, 3741, 1762)
    assert skipped["uas"] == pytest.approx(100 * 2636 / 3741)
    assert counted["uas"] == pytest.approx(100 * 2636 / 5503)
    assert counted["las"] == pytest.approx(100 * counted["labelled"] / 5503)
