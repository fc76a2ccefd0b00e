"""-j N: workers sum their own units of work and send back only what the
run keeps of each sentence; every figure and every report is -j 1's, and a
run that keeps less (what ``score`` does for its text and EVALB reports)
holds no SentenceResult (parsedit.pipeline's blocks, results.SentenceRows)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from conftest import SHARED, run

from parsedit.config import Config
from parsedit.errors import ConfigError
from parsedit.pipeline.run import evaluate
from parsedit.report import evalb as evalb_report
from parsedit.report import text as text_report
from parsedit.report import tsv as tsv_report
from parsedit.results import CorpusResult, Row, SentenceRows

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

METRICS = "parseval,label,span,rule,la,tagging"


@pytest.fixture(scope="module")
def ptb300(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """300 PTB-sample trees against a perturbed copy, with a blank test line,
    a test line that is no tree and a word mismatch among them: three units
    of work, the last one short."""
    from perturb import main as perturb

    if not SHARED.is_dir():
        pytest.skip("../shared/data is not beside this checkout")
    tmp = tmp_path_factory.mktemp("ptb300")
    clean = (SHARED / "ptb-sample/wsj_0001-0199.clean").read_text().splitlines()[:300]
    gold = tmp / "gold.mrg"
    gold.write_text("\n".join(clean) + "\n")
    perturb([str(gold), str(tmp / "perturbed.mrg"), "--seed", "1"])
    test = (tmp / "perturbed.mrg").read_text().splitlines()
    test[5] = ""
    test[130] = "(S (NN broken"
    test[200] = test[200].replace(")", " extra)", 1)
    (tmp / "test.mrg").write_text("\n".join(test) + "\n")
    return str(gold), str(tmp / "test.mrg")


def reports(result: CorpusResult) -> tuple[str, str]:
    return evalb_report.render(result), text_report.render(result, "g", "t")


@pytest.mark.parametrize("metrics", ["parseval", METRICS])
def test_every_figure_and_report_is_minus_j_1s(ptb300: tuple[str, str], metrics: str) -> None:
    gold, test = ptb300
    config = Config.from_options(metrics)
    worst = 5 if "la" in metrics else 0
    one = evaluate(gold, test, config, worst, errors=3)
    assert one.totals.sentences == 300 and one.count("ok") == 297
    for jobs in (2, 3):
        other = evaluate(gold, test, config, worst, jobs=jobs, errors=3)
        # Exact floats, not approximately: the sums are taken per SUM_EVERY
        # pairs in every path.
        assert other == one
        assert other.to_dict("g", "t") == one.to_dict("g", "t")
        assert reports(other) == reports(one)
        assert tsv_report.render(other) == tsv_report.render(one)


def test_keeping_less_keeps_no_sentence_and_reports_the_same(ptb300: tuple[str, str]) -> None:
    gold, test = ptb300
    config = Config.from_options("parseval,la")
    every = evaluate(gold, test, config)
    assert len(every.sentences) == 300 and every.rows is None
    for jobs in (1, 2):
        rows = evaluate(gold, test, config, jobs=jobs, keep="rows")
        nothing = evaluate(gold, test, config, jobs=jobs, keep="none")
        for kept in (rows, nothing):
            assert kept.sentences == ()
            assert (kept.totals, kept.cutoff) == (every.totals, every.cutoff)
            assert kept.not_ok == every.not_ok
            assert [s.id for s in kept.not_ok] == [6, 131, 201]
        assert nothing.rows is None
        assert rows.rows is not None and rows.rows.data.typecode == "i"
        assert len(rows.rows.data) == 300 * SentenceRows.WIDTH  # nine C ints a sentence
        assert rows.rows == every.table
        assert reports(rows) == reports(every)
        assert text_report.render(nothing, "g", "t") == text_report.render(every, "g", "t")
        assert nothing.to_dict()["summary"] == every.to_dict()["summary"]


@pytest.mark.parametrize("memory", [1 << 22, 1000])  # in memory; in a temporary file
def test_evalbs_table_formatted_as_the_rows_come_is_the_report(ptb300: tuple[str, str],
                                                               memory: int) -> None:
    """The table formatted block by block during the run (what score does)
    is the report's, with -j 1, 2 and 3; the rows are handed to the table,
    not kept in the result (memory stays flat), which keeps them when no one
    takes them."""
    gold, test = ptb300
    config = Config.from_options("parseval,la")
    every = evaluate(gold, test, config)
    for jobs in (1, 2, 3):
        table = evalb_report.EvalbTable(memory)
        kept = evaluate(gold, test, config, jobs=jobs, keep="rows", rows=table)
        assert "".join(evalb_report.chunks(kept, table)) == evalb_report.render(every)
        assert kept.rows is None
    assert evaluate(gold, test, config, keep="rows").rows == every.table


def test_a_table_without_a_temporary_directory_is_one_line(tmp_path: Path, ptb300: tuple[str, str],
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "missing"))
    table = evalb_report.EvalbTable(100)
    kept = evaluate(*ptb300, Config.from_options("parseval"), keep="rows")
    assert kept.rows is not None
    with pytest.raises(ConfigError, match="set TMPDIR to a writable directory"):
        table.add(table.render(kept.rows))


def test_a_row_is_the_sentence_read_plainly(ptb300: tuple[str, str]) -> None:
    gold, test = ptb300
    every = evaluate(gold, test, Config.from_options("parseval"))
    for row, s in zip(every.table, every.sentences):
        c = s.parseval
        counts = (0,) * 6 if c is None else (c.matched, c.gold, c.test, c.crossing, c.words,
                                             c.correct_tags)
        assert row == Row(s.id, s.length, s.status, *counts)


@pytest.mark.parametrize("jobs", [1, 2])
def test_max_error_stops_inside_a_later_unit(tmp_path: Path, jobs: int,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The stop falls in the third unit: that unit is scored again up to it,
    and the sums are those of the files cut after the stopping sentence."""
    tree = "(S (NP (DT the) (NN dog)) (VP (VBZ barks)))"
    wrong = "(S (NP (DT the) (NN cat)) (VP (VBZ barks)))"
    errors = (10, 140, 200, 260, 270)
    gold = [tree] * 300
    test = [wrong if n in errors else tree for n in range(1, 301)]
    (tmp_path / "g").write_text("\n".join(gold) + "\n")
    (tmp_path / "t").write_text("\n".join(test) + "\n")
    cut_dir = tmp_path / "cut"  # the files cut after sentence 260, by the same names
    cut_dir.mkdir()
    (cut_dir / "g").write_text("\n".join(gold[:260]) + "\n")
    (cut_dir / "t").write_text("\n".join(test[:260]) + "\n")
    config = Config.from_options("parseval,label", max_error=2)
    monkeypatch.chdir(tmp_path)
    table = evalb_report.EvalbTable()
    stopped = evaluate("g", "t", config, jobs=jobs, keep="rows", rows=table)
    assert stopped.stopped is not None
    assert stopped.stopped.startswith("stopped at sentence 260, error 4:")
    assert stopped.gold_trees == stopped.test_trees == 260
    monkeypatch.chdir(cut_dir)
    cut = evaluate("g", "t", Config.from_options("parseval,label", max_error=10))
    assert (stopped.totals, stopped.cutoff) == (cut.totals, cut.cutoff)
    assert stopped.not_ok == cut.not_ok
    assert stopped.rows is None  # (handed to the table)
    assert "".join(evalb_report.chunks(stopped, table)) == evalb_report.render(cut)


@pytest.mark.cli
@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["evalb", "text", "json"])
def test_the_command_line_alike_with_jobs(ptb300: tuple[str, str], tmp_path: Path,
                                          fmt: str) -> None:
    gold, test = ptb300
    outputs = []
    for jobs in ("1", "2", "auto"):
        out = tmp_path / f"{fmt}{jobs}"
        done = run("score", gold, test, "--metrics", "parseval,la", "--format", fmt, "-j",
                   jobs, "-q", "-o", str(out))
        assert done.exit_code == 0, done.output
        outputs.append((out.read_text(), done.stderr))
        printed = run("score", gold, test, "--metrics", "parseval,la", "--format", fmt, "-j",
                      jobs, "-q")
        assert printed.stdout == outputs[-1][0]
    assert outputs[0] == outputs[1] == outputs[2]
    if fmt == "json":
        assert len(json.loads(outputs[0][0])["sentences"]) == 300
    if fmt == "evalb":  # EVALB's standard error: the unscored sentences' reasons
        evalb = [line for line in outputs[0][1].splitlines() if not line.startswith("parsedit:")]
        assert evalb[0].startswith("131 : ")


def test_auto_is_the_processors_this_process_may_use(monkeypatch: pytest.MonkeyPatch) -> None:
    from parsedit.cli import options

    monkeypatch.setattr("parsedit.cli.options.os.sched_getaffinity", lambda pid: {0, 2, 5})
    assert options.Jobs().convert("auto", None, None) == 3
    assert options.Jobs().convert("4", None, None) == 4


@pytest.mark.cli
@pytest.mark.parametrize("args, kept", [
    ((), "none"), (("--format", "evalb"), "rows"), (("--format", "json"), "sentences"),
    (("--per-sentence", "{tmp}/rows.tsv"), "sentences"),
])
def test_score_keeps_what_its_reports_print(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            args: tuple[str, ...], kept: str) -> None:
    from parsedit.cli import score as score_command

    asked = []
    real = vars(score_command)["evaluate"]  # the function score calls

    def spy(*args: object, **kwargs: object) -> CorpusResult:
        asked.append(kwargs["keep"])
        result: CorpusResult = real(*args, **kwargs)
        return result
    monkeypatch.setattr(score_command, "evaluate", spy)
    gold = tmp_path / "g.mrg"
    gold.write_text("(S (NP (DT the) (NN dog)) (VP (VBZ barks)))\n")
    done = run("score", str(gold), str(gold), "--metrics", "parseval", "-q",
               *(a.format(tmp=tmp_path) for a in args))
    assert done.exit_code == 0, done.output
    assert asked == [kept]
