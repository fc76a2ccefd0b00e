"""Per-sentence TSV, --jobs and the progress line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import files, run
from roark_trees import GOLD, PARSE2, PARSE3

from parsedit.config import Config
from parsedit.pipeline.run import evaluate


def four_pairs(tmp_path: Path) -> tuple[str, str]:
    """Parses 2 and 3, an empty test line, a word mismatch."""
    return files(tmp_path, [GOLD, GOLD, GOLD, "(S (NN a) (NN b))"],
                 [PARSE2, PARSE3, "", "(S (NN a) (NN c))"])


@pytest.mark.cli
def test_per_sentence_tsv_columns_are_the_documented_ones(tmp_path: Path) -> None:
    gold, test = four_pairs(tmp_path)
    out = tmp_path / "rows.tsv"
    result = run("score", gold, test, "--metrics",
                                       "parseval,label,span,rule,la,tagging",
                                       "--per-sentence", str(out), "-q")
    assert result.exit_code == 0, result.output
    rows = [line.split("\t") for line in out.read_text().splitlines()]
    assert rows[0] == [
        "id", "status", "length",
        "parseval_gold", "parseval_test", "parseval_matched", "parseval_recall",
        "parseval_precision", "parseval_f", "parseval_crossing",
        "label_edits", "label_basic", "label_gold", "label_accuracy",
        "span_edits", "span_gold", "span_accuracy",
        "rule_edits", "rule_gold", "rule_accuracy",
        "la_score", "la_words",
        "tagging_full_precision", "tagging_full_recall", "tagging_full_f",
        "tagging_pos_precision", "tagging_pos_recall", "tagging_pos_f",
        "tagging_pa_precision", "tagging_pa_recall", "tagging_pa_f"]
    assert all(len(r) == len(rows[0]) for r in rows)
    first = dict(zip(rows[0], rows[1]))
    assert (first["status"], first["label_edits"], first["label_basic"],
            first["span_edits"], first["rule_edits"]) == ("ok", "2", "4", "4", "2")
    assert first["parseval_matched"] == "8" and first["parseval_f"] == "69.5652"
    assert [r[1] for r in rows[1:]] == ["ok", "ok", "skip", "error"]
    assert rows[3][3:] == [""] * (len(rows[0]) - 3)


def test_jobs_give_the_same_numbers(shared: Path, tmp_path: Path) -> None:
    gold = str(shared / "kummerfeld" / "wsj01.mrg")
    test = str(shared / "kummerfeld" / "collins.1.mrg")
    config = Config(metrics=("parseval", "label", "span", "rule", "la"))
    one = evaluate(gold, test, config, worst_words=3)
    two = evaluate(gold, test, config, worst_words=3, jobs=2)
    assert one.sentences == two.sentences
    assert one.worst_words == two.worst_words


@pytest.mark.cli
def test_jobs_on_the_command_line(tmp_path: Path) -> None:
    gold, test = four_pairs(tmp_path)
    outputs = [run("score", gold, test, "--format", "json", "-j", j)
               for j in ("1", "3")]
    assert outputs[0].exit_code == outputs[1].exit_code == 0
    assert json.loads(outputs[0].stdout) == json.loads(outputs[1].stdout)


@pytest.mark.cli
def test_no_progress_line_off_a_terminal(tmp_path: Path) -> None:
    gold, test = four_pairs(tmp_path)
    result = run("score", gold, test)
    assert "sentences scored," not in result.stderr


def test_the_progress_line_after_two_seconds(capsys: object) -> None:
    from parsedit.cli.finish import Progress as _Progress

    progress = _Progress(True)
    progress(10)  # too early: nothing
    progress.start -= 3
    progress.last -= 3
    progress(500)
    progress.close()
    err = capsys.readouterr().err  # type: ignore[attr-defined]
    assert err.startswith("\rparsedit: 500 sentences scored, ") and err.endswith("\r")
