"""``parsedit conventions``: one pair of files under every named convention,
each figure checked against the reference notes' (each computed there by
the convention's own code), and the line that says why it differs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import run

from parsedit.conventions import CONVENTIONS

pytestmark = pytest.mark.cli

# benepar's example (reference notes, section B): EVALB COLLINS.prm
# 73.33, nk.prm 82.76, SuPar's LF 75.86 (its delete and equal sets; NP-SBJ
# against NP does not match, as SuPar cuts no function tag).
BENEPAR_GOLD = [
    "(TOP (S (NP (PRP She)) (VP (VBD looked) (PRT (RP up)) (NP (DT the) (NN word))) (. .)))",
    "(TOP (S (VP (VB Go) (ADVP (RB away))) (. !)))",
    "(TOP (SQ (VBD Did) (NP (PRP you)) (VP (VB see) (NP (PRP it))) (? ?)))",
    "(TOP (S (NP-SBJ (DT The) (NN dog)) (VP (VBD barked)) (. .)))"]
BENEPAR_PRED = [
    "(TOP (SINV (NP (PRP She)) (VP (VBD looked) (ADVP (RB up)) (NP (DT the)) (NN word)) "
    "(. .)))",
    "(TOP (VP (VB Go) (ADVP (RB away)) (. !)))",
    "(S1 (SQ (VBD Did) (NP (PRP you)) (VP (VB see) (NP (PRP it)) (? ?))))",
    "(TOP (S (NP (DT The) (NN dog)) (VP (VBD barked)) (. .)))"]
# disco-dop's example (section C): the parser tags '.' and ',' as NN.
DISCO_GOLD = ["(S (NP (DT The) (NN dog)) (VP (VBD barked) (PP (IN at) (NP (PRP me)))) (. .))",
              "(S (NP (PRP He)) (VP (VBD left)) (, ,) (ADVP (RB sadly)) (. .))"]
DISCO_PRED = ["(S (NP (DT The) (NN dog)) (VP (VBD barked) (PP (IN at) (NP (PRP me) (NN .)))))",
              "(S (NP (PRP He)) (VP (VBD left) (NP (NN ,)) (ADVP (RB sadly))) (. .))"]


def _conventions(tmp_path: Path, gold: list[str], test: list[str],
                 *options: str) -> dict[str, dict[str, Any]]:
    (tmp_path / "gold.mrg").write_text("\n".join(gold) + "\n")
    (tmp_path / "test.mrg").write_text("\n".join(test) + "\n")
    result = run("conventions", "--format", "json", *options, str(tmp_path / "gold.mrg"),
                 str(tmp_path / "test.mrg"))
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    return {row["name"]: row for row in report["conventions"]}


def test_benepar_and_supar(tmp_path: Path) -> None:
    rows = _conventions(tmp_path, BENEPAR_GOLD, BENEPAR_PRED)
    assert [name for name in rows] == [c.name for c in CONVENTIONS]
    assert round(rows["evalb"]["value"], 2) == 73.33
    assert round(rows["nk"]["value"], 2) == 82.76
    assert (round(rows["supar"]["value"], 4), round(rows["supar"]["recall"], 4),
            round(rows["supar"]["precision"], 4)) == (75.8621, 73.3333, 78.5714)
    # Why nk differs: sentence 3's '?' and S1 (deleted by nk.prm only).
    assert "counts differ on 1 of the 4 lines both score" in rows["nk"]["difference"]
    assert "e.g. 3" in rows["nk"]["difference"]
    assert rows["evalb"]["difference"] == ""
    for row in rows.values():
        assert row["signature"].startswith("metrics:") and row["sentences"] == 4
    assert "|params:supar@" in rows["supar"]["signature"]


def test_disco_dop_gold_tags(tmp_path: Path) -> None:
    rows = _conventions(tmp_path, DISCO_GOLD, DISCO_PRED, "--only", "evalb,gold-tags,spmrl")
    assert list(rows) == ["evalb", "gold-tags", "spmrl"]
    assert rows["evalb"]["scored"] == 0 and rows["evalb"]["value"] is None
    assert round(rows["gold-tags"]["value"], 2) == 88.89  # disco-dop's
    assert rows["gold-tags"]["difference"].startswith(
        "scores 2 line(s) the first leaves out (1, 2)")
    assert "2 sentence(s) scored that own-tag deletion leaves out" in \
        rows["gold-tags"]["difference"]
    # EVALB_SPMRL deletes no word: punctuation is scored, as a word and by its tag.
    assert rows["spmrl"]["difference"] == "scores 2 line(s) the first leaves out (1, 2)"
    assert rows["spmrl"]["tagging_accuracy"] == pytest.approx(100 * 9 / 11)


def test_the_issues_sequoia_figures(shared: Path) -> None:
    result = run("conventions", "--format", "json", "--only", "evalb,spmrl,spmrl-X,nk",
                 str(shared / "sequoia" / "gold.mrg"), str(shared / "sequoia" / "AntGro.mrg"))
    rows = {row["name"]: row for row in json.loads(result.stdout)["conventions"]}
    assert round(rows["evalb"]["value"], 2) == 53.60
    assert round(rows["evalb"]["tagging_accuracy"], 2) == 88.98
    assert round(rows["spmrl"]["value"], 2) == 49.90
    assert round(rows["spmrl"]["tagging_accuracy"], 2) == 89.82
    # The unlabelled root of every sentence: EVALB counts it, EVALB_SPMRL deletes it.
    assert "gold brackets 4579 -> 4269, test 3832 -> 3522, matched 2254 -> 1944" in \
        rows["spmrl"]["difference"]
    text = run("conventions", "--only", "evalb,spmrl", str(shared / "sequoia" / "gold.mrg"),
               str(shared / "sequoia" / "AntGro.mrg")).stdout
    assert "spmrl                   PARSEVAL F      49.90" in text
    assert "Signatures:" in text


def test_unsupervised_rows_on_bare_brackets(tmp_path: Path) -> None:
    gold = ["(S (NP (DT the) (JJ big) (NN dog)) (VP (VBD barked) (ADVP (RB loudly))) (. .))",
            "(S (NP (PRP He)) (VP (VBD left) (NP (DT the) (NN room))) (. .))"]
    bare = ["((the (big dog)) (barked loudly))", "(He (left (the room)))"]
    rows = _conventions(tmp_path, gold, bare, "--only", "unsupervised,evalb,unsupervised-li2020")
    # EVALB's convention scores them, but bare brackets have no label to match.
    assert rows["evalb"]["scored"] == 2 and rows["evalb"]["value"] == 0.0
    assert rows["unsupervised"]["scored"] == 2
    assert rows["unsupervised"]["figure"] == "sentence F1"
    # Sentence 1: gold {(0,3), (3,5)}, test {(1,3), (0,3), (3,5)}; sentence 2:
    # both {(2,4), (1,4)} ('.' gone, the roots' spans removed): 4 matched of
    # 5 test and 4 gold spans.
    assert rows["unsupervised"]["corpus_f"] == pytest.approx(200 * 4 / (5 + 4))
    assert rows["evalb"]["difference"].startswith("8 gold and 7 test labelled brackets on 2 "
                                                  "sentences")
    assert "where the first has 4 gold and 5 test unlabelled spans" in \
        rows["evalb"]["difference"]


def test_only_refuses_unknown_names(tmp_path: Path) -> None:
    (tmp_path / "g.mrg").write_text(DISCO_GOLD[0] + "\n")
    result = run("conventions", "--only", "evalb,nope", str(tmp_path / "g.mrg"),
                 str(tmp_path / "g.mrg"))
    assert result.exit_code == 2 and "expected some of evalb, nk" in result.stderr
