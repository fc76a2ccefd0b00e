"""Review of issue 27's work (branch review27): one fix with its test, and
the problems the review found left open, each first a strict ``xfail``,
unmarked when it was fixed (branch fixes27)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import files, run

import parsedit
from parsedit.limits import max_line_bytes

GOLD = [
    "(S (NP (DT the) (NN dog)) (VP (VBD barked)))",
    "(S (NP (DT a) (NN cat)) (VP (VBD sat)))",
    "(NP (NP (DT the) (NN end)) (PP (IN of) (NP (NN it))))",
    "(S (NP (DT the) (NN bird)) (VP (VBD sang)))",
    "(FRAG (NP (DT some) (NN fish)))",
]


@pytest.mark.cli
def test_a_line_limit_beyond_an_index_is_no_limit(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # Was: OverflowError traceback from readline(limit + 1).
    monkeypatch.setenv("PARSEDIT_MAX_LINE_BYTES", "99999999999999999999")
    assert max_line_bytes() > 1 << 40
    gold, test = files(tmp_path, GOLD, GOLD)
    result = run("score", gold, test, "--metrics", "parseval", "-q")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output


def test_two_compensating_damaged_lines_move_no_later_pair(tmp_path: Path) -> None:
    test = list(GOLD)
    test[1] = test[1][:-1]   # lost its last ')'
    test[2] = test[2] + ")"  # one ')' too many
    gold, damaged = files(tmp_path, GOLD, test)
    result = parsedit.score(gold, damaged, metrics="parseval")
    assert [s.status for s in result.sentences][3:] == ["ok", "ok"]


def test_compute_warns_as_score_does_on_quote_mismatches(shared: Path) -> None:
    gold = (shared / "evalb/bug.gld").read_text().splitlines()
    test = (shared / "evalb/bug.tst").read_text().splitlines()
    evaluator = parsedit.Evaluator(metrics="parseval")
    evaluator.update(gold, test)
    assert evaluator.compute().warnings == parsedit.score(gold, test, metrics="parseval").warnings


@pytest.mark.cli
def test_an_output_that_is_the_file_on_standard_input_is_refused(tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD, GOLD)
    before = Path(test).read_bytes()
    import subprocess
    import sys
    with open(test, "rb") as stdin:
        done = subprocess.run([sys.executable, "-m", "parsedit", "score", "-q", "--metrics",
                               "parseval", gold, "-", "-o", test], stdin=stdin,
                              capture_output=True, check=False)
    assert done.returncode == 2 and Path(test).read_bytes() == before
