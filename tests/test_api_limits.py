"""The Python API keeps the command line's line limit, and refuses an
older version's pickle with a message (the review of issue 27, findings 5b
and 5d)."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest
from conftest import files, run

import parsedit
from parsedit.errors import ConfigError, ParseditError

EXPECTED = Path(__file__).parent / "expected"
SHORT = "(S (NP (DT the) (NN dog)) (VP (VBD barked)))"
LONG = "(S " + " ".join(f"(NN w{k})" for k in range(30)) + ")"  # 263 bytes
ROUTES = ("auto", "reference", "lines/keys", "lines/sentences", "arrays/keys",
          "arrays/sentences")


@pytest.mark.cli
@pytest.mark.parametrize("route", ROUTES)
def test_the_evaluator_skips_a_string_over_the_line_limit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, route: str) -> None:
    # Was scored whatever PARSEDIT_MAX_LINE_BYTES said.
    monkeypatch.setenv("PARSEDIT_MAX_LINE_BYTES", "100")
    metrics = "parseval,label" if route.endswith("sentences") else "parseval"
    gold, test = [SHORT, LONG, SHORT], [SHORT, LONG, SHORT]
    batch = parsedit.Evaluator(metrics=metrics, route=route).update(gold, test)
    assert [s.status for s in batch] == ["ok", "skip", "ok"]
    # The command line's message, the sentence's number for the line's.
    gold_file, test_file = files(tmp_path, gold, test)
    cli = run("score", gold_file, test_file, "--metrics", "parseval", "--format", "json")
    said = json.loads(cli.stdout)["sentences"][1]["message"]
    assert said == f"{test_file}:2:1: the line is 263 bytes long, more than the 100 a line " \
        "may hold (not read; PARSEDIT_MAX_LINE_BYTES sets the limit)"
    assert batch[1].message == said.replace(test_file, "test")


def test_score_on_lists_skips_a_string_over_the_line_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARSEDIT_MAX_LINE_BYTES", "100")
    result = parsedit.score([SHORT, SHORT], [SHORT, LONG], metrics="parseval,label")
    assert [s.status for s in result.sentences] == ["ok", "skip"]
    assert "263 bytes long, more than the 100" in (result.sentences[1].message or "")
    # Multi-byte characters are counted in UTF-8 bytes, as a file's are.
    wide = LONG.replace("w", "é")  # 30 more bytes, as many characters
    found = parsedit.score([SHORT], [wide], metrics="parseval")
    assert "293 bytes long" in (found.sentences[0].message or "")


def test_a_pickle_of_parsedit_0_2_6_is_refused_with_a_message() -> None:
    # Was an AttributeError (and, before the pipeline package, KeyError
    # 'template') in the middle of pickle.loads.
    data = (EXPECTED / "evaluator-0.2.6.pickle").read_bytes()
    with pytest.raises(ParseditError, match="pickled by parsedit 0.2.6 or before"):
        pickle.loads(data)


def test_an_evaluator_state_without_its_sums_is_refused() -> None:
    evaluator = parsedit.Evaluator(metrics="parseval")
    state = evaluator.__getstate__()
    del state["template"]
    fresh = parsedit.Evaluator.__new__(parsedit.Evaluator)
    with pytest.raises(ConfigError, match="pickled by an older parsedit .*lacks template"):
        fresh.__setstate__(state)
    # A pickle of this version still round-trips.
    evaluator.update([SHORT], [SHORT])
    again = pickle.loads(pickle.dumps(evaluator))
    assert again.compute().parseval == evaluator.compute().parseval
