"""The command line, through click's runner."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import files, run
from roark_trees import GOLD, PARSE2, PARSE3

pytestmark = pytest.mark.cli


def test_score_json_contract(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD, GOLD, GOLD, "(S (NN a) (NN b))"],
                       [PARSE2, PARSE3, "", "(S (NN a) (NN c))"])
    result = run("score", gold, test, "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["signature"].startswith("metrics:parseval+label+span+rule|params:collins@")
    assert "|label:roark-basic@" in data["signature"]
    label = data["corpus"]["label"]
    assert label.pop("sentence_accuracy") == pytest.approx(100 - 500 / 22)
    cutoff = label.pop("cutoff")  # every sentence is short: the same figures
    assert cutoff.pop("max_length") == 40
    assert cutoff.pop("sentence_accuracy") == pytest.approx(100 - 500 / 22)
    assert cutoff == {"edits": 5.0, "basic": 7.0, "gold": 22,
                      "error_rate": 500 / 22, "accuracy": 100 - 500 / 22}
    assert label == {"edits": 5.0, "basic": 7.0, "gold": 22,
                     "error_rate": 500 / 22, "accuracy": 100 - 500 / 22}
    assert data["corpus"]["rule"]["edits"] == 6.0
    assert set(data["corpus"]["span"]) == {"edits", "gold", "error_rate", "accuracy",
                                           "sentence_accuracy", "cutoff"}
    statuses = [(s["id"], s["status"]) for s in data["sentences"]]
    assert statuses == [(1, "ok"), (2, "ok"), (3, "skip"), (4, "error")]
    assert data["sentences"][0]["label"] == {"edits": 2.0, "basic": 4.0, "gold": 11}
    assert data["sentences"][2]["label"] is None
    assert "test.mrg:3: empty line" in data["sentences"][2]["message"]
    assert "words differ at word 2: gold 'b', test 'c'" in data["sentences"][3]["message"]
    assert data["sentences"][3]["reason"] == "Words unmatch (b|c)"
    assert data["summary"] == {"sentences": 4, "ok": 2, "skip": 1, "error": 1,
                               "gold_trees": 4, "test_trees": 4, "stopped": None,
                               "route": "lines/sentences", "route_reason": "one tree a line"}


def test_score_text_lists_what_was_not_scored(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD, GOLD], [PARSE2, "(Failure She bought)"])
    result = run("score", gold, test, "--metrics", "label,rule")
    assert result.exit_code == 0
    assert "label" in result.stdout and "span " not in result.stdout
    assert "1 skipped" in result.stdout
    assert "test.mrg:2:1: (Failure ...) holds only bare words" in result.stdout
    assert "sentence 2 skip" in result.stderr


def test_different_tree_counts_name_both(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD, GOLD], [PARSE2])
    result = run("score", gold, test)
    assert result.exit_code == 1
    assert "holds 2 trees but" in result.stderr and "holds 1" in result.stderr
    assert "18.18" not in result.stderr and "label" in result.stdout


def test_user_errors_are_one_line_without_traceback(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    for args in (("score", gold, test, "--metrics", "label,bogus"),
                 ("score", gold, test, "--label-costs", "no-such-scheme"),
                 ("score", gold, test, "--span-costs", "roark-basic"),
                 ("align", gold, test, "--sentence", "5")):
        result = run(*args)
        assert result.exit_code == 2
        assert result.stderr.startswith("parsedit: error: ")
        assert "Traceback" not in result.output
    missing = run("score", gold, str(tmp_path / "missing.mrg"))
    assert missing.exit_code == 2 and "does not exist" in missing.stderr


def test_align_marks_each_edit(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    result = run("align", gold, test, "--sentence", "1")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert sum("insertion" in line for line in lines) == 5  # one (NP and four )
    assert sum("deletion" in line for line in lines) == 3
    assert "basic cost 4; movement correction: 3 close brackets moved (saves 2)" in result.stdout
    assert "edits 2 over 11 gold events: error rate 18.18" in result.stdout
    rules = run("align", gold, test, "-n", "1", "--encoding", "rule", "--rule-pos", "tags")
    row = next(line for line in rules.stdout.splitlines() if "substitution" in line)
    assert row.split() == ["->", "VBD", "NP", "PP", "->", "VBD", "NP", "substitution", "1"]


def test_output_file(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD], [PARSE3])
    out = tmp_path / "report.json"
    result = run("score", gold, test, "--format", "json", "-o", str(out))
    assert result.exit_code == 0 and result.stdout == ""
    assert json.loads(out.read_text())["corpus"]["span"]["edits"] == 3.0


def test_demo_runs_on_bundled_data() -> None:
    result = run("demo")
    assert result.exit_code == 0, result.output
    assert "310 sentences: 310 scored" in result.stdout
    assert "signature: metrics:parseval+label+span+rule" in result.stdout


def test_evalb_options_and_messages(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD, GOLD], [PARSE2, PARSE3])
    prm = tmp_path / "mine.prm"
    prm.write_text("LABELED 1\nCOLOUR red\nDELETE_LABEL TOP\n")
    result = run("score", gold, test, "-p", str(prm), "-c", "10", "--average", "sentence",
                 "--metrics", "parseval,label")
    assert result.exit_code == 0, result.output
    assert "mine.prm:2: unknown key 'COLOUR'" in result.stderr
    assert "len<=10" in result.stdout and "F-measure, sentence average" in result.stdout
    assert "sentence average" in result.stdout.split("metric")[1]
    assert "cutoff:10" in result.stdout and "average:sentence" in result.stdout
    refused = run("score", gold, test, "--metrics", "label", "--format", "evalb")
    assert refused.exit_code == 2 and "needs the parseval metric" in refused.stderr
    bad = run("score", gold, test, "-p", "nosuch")
    assert bad.exit_code == 2 and "not one of collins, new, none" in bad.stderr


def test_a_run_stopped_by_max_error_says_so_and_exits_1(tmp_path: Path) -> None:
    gold, test = files(tmp_path, ["(S (A a) (B b))"] * 4, ["(S (A a) (B c))"] * 4)
    result = run("score", gold, test, "-e", "1", "--format", "evalb")
    assert result.exit_code == 1
    evalb = [line for line in result.stderr.splitlines() if not line.startswith("parsedit:")]
    assert evalb[:3] == [
        "1 : Words unmatch (b|c)", "2 : Words unmatch (b|c)", "3 : Words unmatch (b|c)"]
    assert "parsedit: error: stopped at sentence 3" in result.stderr
    # What to do about words that differ, said once.
    assert result.stderr.count("--yield align scores them") == 1
    assert "parsedit: warning: 3 pairs whose words differ from gold" in result.stderr
    assert "=== Summary ===" in result.stdout


def test_evalb_format_refuses_what_is_not_evalb(tmp_path: Path) -> None:
    gold, test = files(tmp_path, ["(S (NP (NN dog)) (VP (VBZ barks)))"],
                       ["(S (NN dog) (VP (VBZ barks)))"])
    for option in ("--split", "--with-preterminals"):
        result = run("score", gold, test, "--format", "evalb", option)
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr.startswith("parsedit: error: --format evalb prints EVALB's "
                                        f"report, and {option} change(s) what")
    ignored = run("score", gold, test, "--format", "evalb", "--errors", "3")
    assert ignored.exit_code == 0
    assert "--errors show(s) nothing in --format evalb" in ignored.stderr


@pytest.mark.parametrize("options, warning", [
    (("--metrics", "parseval", "--la-costs", "sampson-first-char"),
     "--la-costs sampson-first-char has no effect: la is not in --metrics"),
    (("--metrics", "parseval", "--span-costs", "span-boundary"),
     "--span-costs span-boundary has no effect: span is not in --metrics"),
    (("--scoring", "full"),
     "--scoring, --tagset, --weights and --separator have no effect: tagging is not in "
     "--metrics"),
    (("--metrics", "label", "--la-preterminals"),
     "--la-preterminals has no effect: la is not in --metrics"),
    (("--metrics", "label", "--rule-pos", "tags"),
     "--rule-pos has no effect: rule is not in --metrics"),
    (("--metrics", "label", "--split"),
     "--with-preterminals, --split and --weighted have no effect: parseval is not in "
     "--metrics"),
    (("--metrics", "span", "--movement", "cascade"),
     "--movement cascade has no effect: no label scheme with a movement cost is scored"),
    (("--label-costs", "shallow", "--movement", "cascade"),
     "--movement cascade has no effect: no label scheme with a movement cost is scored"),
    (("--max-k", "3",), "--max-moves and --max-k have no effect without --movement cascade"),
    (("--label-costs", "function-tags"),
     "the label scheme function-tags compares function tags (same = \"base\"), but "
     "collins.prm strips them (STRIP_FUNCTION_TAGS 1), so those entries never apply; "
     "-p function-tags keeps them"),
])
def test_options_without_effect_are_warnings(tmp_path: Path, options: tuple[str, ...],
                                             warning: str) -> None:
    gold, test = files(tmp_path, ["(S (NP (NN dog)) (VP (VBZ barks)))"],
                       ["(S (NN dog) (VP (VBZ barks)))"])
    result = run("score", gold, test, "--format", "json", *options)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["warnings"] == [warning]
    assert result.stderr == f"parsedit: warning: {warning}\n"


def test_options_with_effect_are_not_warned_about(tmp_path: Path) -> None:
    gold, test = files(tmp_path, ["(S (NP (NN dog)) (VP (VBZ barks)))"],
                       ["(S (NN dog) (VP (VBZ barks)))"])
    result = run("score", gold, test, "--format", "json", "--metrics",
                 "parseval,label,rule,la,tagging", "--la-costs", "sampson-first-char",
                 "--scoring", "full", "--rule-pos", "tags", "--la-preterminals", "--split",
                 "--movement", "cascade", "--max-k", "3", "-p", "function-tags",
                 "--label-costs", "function-tags")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["warnings"] == [] and result.stderr == ""


def test_nothing_matched_is_f_0_and_evalb_keeps_its_nan(tmp_path: Path) -> None:
    gold, test = files(tmp_path, ["(S (NP (DT the) (NN dog)) (VP (VBD barked)))"],
                       ["(X (Y (DT the) (NN dog)) (Z (VBD barked)))"])
    data = json.loads(run("score", gold, test, "--metrics", "parseval", "--format",
                          "json").stdout)
    assert data["corpus"]["parseval"]["f_measure"] == 0.0
    assert "Bracketing FMeasure       =   -nan" in run("score", gold, test, "--format",
                                                       "evalb").stdout


def test_a_short_test_file_is_named_not_hidden_by_max_error(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD] * 3, [GOLD] * 30)
    result = run("score", gold, test, "--metrics", "parseval", "-e", "1")
    assert result.exit_code == 1
    assert "holds 3 trees but" in result.stderr and "holds 30" in result.stderr
    assert "stopped" not in result.stderr


def test_ctrl_c_while_the_command_loads_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    import builtins
    import sys

    from parsedit import command

    real = builtins.__import__

    def interrupted(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "parsedit.cli":
            raise KeyboardInterrupt
        return real(name, *args, **kwargs)

    monkeypatch.delitem(sys.modules, "parsedit.cli", raising=False)
    monkeypatch.setattr(builtins, "__import__", interrupted)
    with pytest.raises(SystemExit) as exit_:
        command.main()
    assert exit_.value.code == 130
    assert capsys.readouterr().err == "parsedit: interrupted\n"


def test_two_empty_files_are_no_complete_run(tmp_path: Path) -> None:
    empty = tmp_path / "empty.mrg"
    empty.write_text("")
    result = run("score", str(empty), str(empty))
    assert result.exit_code == 1
    assert "no sentence could be scored (the files hold no trees)" in result.stderr


def test_format_evalb_computes_what_it_shows(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    plain = run("score", gold, test, "--format", "evalb", "--signature-only")
    assert plain.stdout.startswith("metrics:parseval|")
    asked = run("score", gold, test, "--format", "evalb", "--metrics", "parseval,label,la")
    assert asked.exit_code == 0
    assert "--metrics label show(s) nothing in --format evalb" in asked.stderr
    assert "Leaf-ancestor (sentences)" in asked.stdout


def test_a_report_is_written_whole_through_partial_writes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    from parsedit.cli.finish import emit

    class Trickle(io.RawIOBase):
        """A file descriptor that takes at most 7 bytes a write (as a pipe
        may, unbuffered)."""

        def __init__(self) -> None:
            self.got = bytearray()

        def writable(self) -> bool:
            return True

        def write(self, data: Any) -> int:
            taken = bytes(data[:7])
            self.got += taken
            return len(taken)

    raw = Trickle()
    # A raw file where TextIOWrapper's annotations ask for a buffered one (as a pipe may be).
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding="utf-8",  # type: ignore[type-var]
                                                        write_through=True))
    emit(["première partie\n", "x" * 100 + "\n"], None)
    assert raw.got.decode() == "première partie\n" + "x" * 100 + "\n"


def test_the_report_says_what_standard_error_says_of_a_run_that_covers_less(
        tmp_path: Path) -> None:
    # A test file that ends early and a damaged line: the JSON and text
    # reports carry the caveats the Python API's result carries, not only
    # standard error.
    trees = ["(S (NP (DT the) (NN dog)) (VP (VBD barked)))",
             "(S (NP (PRP it)) (VP (VBD ran)))",
             "(S (NP (PRP we)) (VP (VBD sat)))"]
    gold, test = files(tmp_path, trees, [trees[0], "(S (NP (PRP it)"])
    result = run("score", gold, test, "--format", "json")
    assert result.exit_code == 1
    warnings = json.loads(result.stdout)["warnings"]
    assert any("holds 3 trees but" in w and "holds 2" in w for w in warnings)
    assert any(w.startswith("2 of 3 sentences are left out of every figure") for w in warnings)
    import parsedit

    assert parsedit.score(gold, test).warnings == tuple(warnings)
    text = run("score", gold, test).stdout
    assert "warning: 2 of 3 sentences are left out" in text
    # Standard error says each once: the sentences, then the error.
    assert result.stderr.count("holds 3 trees") == 1


def test_every_command_is_in_the_table_that_loads_it() -> None:
    """The group imports a command's module only when the command is looked
    up (``cli.app.COMMANDS``): a command missing from that table could not
    be run, and a name in it that no module defines would fail on use."""
    import importlib

    from parsedit.cli.app import COMMANDS, main

    for module in set(COMMANDS.values()):
        importlib.import_module(f"parsedit.cli.{module}")
    assert set(main.commands) == set(COMMANDS)
    for name, module in COMMANDS.items():
        assert main.commands[name].callback.__module__ == f"parsedit.cli.{module}"
