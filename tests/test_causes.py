"""Why a pair is not scored, for programs: SentenceResult.cause, set by the
scorer, which the warnings count (not words inside messages); and the
caveat that names pairs too large to align as such (the review of issue 27,
findings 5c and 5g)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import files, run

import parsedit
from parsedit.pipeline.tally import QUOTE_NOTE, TOO_LARGE, tallies
from parsedit.results import CAUSES, SentenceResult

TREE = "(TOP (S (NP (DT The) (NN dog)) (VP (VBD barked)) (. .)))"


def branching(n: int, right: bool) -> str:
    """A binary tree of ``n`` words, all right- or all left-branching."""
    if right:
        return "".join(f"(X (A w{i}) " for i in range(n - 1)) + f"(A w{n - 1})" + ")" * (n - 1)
    return "(X " * (n - 1) + "(A w0)" + "".join(f" (A w{i}))" for i in range(1, n))


@pytest.mark.cli
def test_every_cause_in_json(tmp_path: Path) -> None:
    gold = [TREE, TREE, TREE, TREE, "", "(TOP (S (NP (DT The) (NN cat))", TREE,
            "(TOP (S (NP (DT A) (NN dog)) (VP (VBD barked)) (. .)))", TREE]
    test = [TREE, "", "(TOP (S (NP (DT The) (NN dog))", "(TOP (. .))", TREE, TREE,
            "(TOP (S (NP (DT The)) (VP (VBD barked)) (. .)))", TREE]
    gold_file, test_file = files(tmp_path, gold, test)
    result = run("score", gold_file, test_file, "--metrics", "parseval", "--format", "json")
    causes = [s["cause"] for s in json.loads(result.stdout)["sentences"]]
    assert causes == [None, "empty", "unreadable", "no_words", "gold_empty",
                      "gold_unreadable", "length", "words", "missing"]
    assert set(causes) - {None} <= {c for found in CAUSES.values() for c in found}


def test_a_quote_mismatch_is_caused_by_quotes(shared: Path) -> None:
    gold = (shared / "evalb/bug.gld").read_text().splitlines()
    test = (shared / "evalb/bug.tst").read_text().splitlines()
    result = parsedit.score(gold, test, metrics="parseval")
    assert [s.cause for s in result.sentences] == ["quotes"] * 5
    assert any("-p new" in w for w in result.warnings)


def test_the_tallies_read_causes_not_messages() -> None:
    # A message that merely quotes the words the tallies once looked for.
    worded = SentenceResult(1, "error", f"x: length mismatch ({QUOTE_NOTE})",
                            reason="Length unmatch (3|4)")
    large = SentenceResult(2, "skip", f"x: {TOO_LARGE}: the trees hold ...")
    def three(found: dict[str, int]) -> dict[str, int]:
        return {key: found[key] for key in ("mismatched", "quoted", "too_large")}

    assert three(tallies([worded, large])) == {"mismatched": 0, "quoted": 0, "too_large": 0}
    caused = [SentenceResult(1, "error", "x", cause="quotes"),
              SentenceResult(2, "error", "x", cause="length"),
              SentenceResult(3, "skip", "x", cause="too_large"),
              SentenceResult(4, "error", "x", cause="gold_empty")]
    assert three(tallies(caused)) == {"mismatched": 2, "quoted": 1, "too_large": 1}


@pytest.mark.cli
@pytest.mark.parametrize("failures", [(), ("--failures", "count")])
def test_the_caveat_names_pairs_too_large_to_align(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failures: tuple[str, ...]) -> None:
    # Was "1 skips: a missing or unreadable parse", and under --failures
    # count no word of the too-large pair, which no figure holds.
    monkeypatch.setenv("PARSEDIT_MAX_EDIT_SIZE", "100")
    gold, test = files(tmp_path, [branching(60, True), TREE, TREE],
                       [branching(60, False), TREE, ""])
    data = json.loads(run("score", gold, test, "--metrics", "parseval,label", "--format",
                          "json", *failures).stdout)
    assert [s["cause"] for s in data["sentences"]] == ["too_large", None, "empty"]
    (caveat,) = [w for w in data["warnings"] if "left out of every figure" in w]
    if failures:
        assert "(0 errors; 1 skip: 1 too large to align)" in caveat
    else:
        assert "(0 errors; 2 skips: 1 empty parse, 1 too large to align)" in caveat
    evaluator = parsedit.Evaluator(metrics="parseval,label")
    evaluator.update([branching(60, True), TREE, TREE], [branching(60, False), TREE, ""])
    if not failures:
        assert caveat in evaluator.compute().warnings
