"""Input and output that never betray the user: encodings, standard input,
compressed files, trailing blank lines, unwritable outputs, interrupts,
closed pipes and bad option values, each through the command line."""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from conftest import files, run
from hypothesis import example, given, settings
from hypothesis import strategies as st
from roark_trees import GOLD, PARSE2, PARSE3

from parsedit.cli import main
from parsedit.fst.files import read_far
from parsedit.pipeline import scorer as pipeline_scorer

GRAMMARS = Path(__file__).resolve().parents[1] / "grammars"


def one_error_line(result: Result, *needles: str) -> str:
    """The run failed with exit 2 and exactly one line on standard error."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("parsedit: error: "), lines
    assert "Traceback" not in result.output
    for needle in needles:
        assert needle in lines[0], lines[0]
    return str(lines[0])


def latin1(source: Path, target: Path) -> str:
    target.write_bytes(source.read_text(encoding="utf-8").encode("latin-1"))
    return str(target)


# --- encodings ---------------------------------------------------------------

@pytest.mark.parity
@pytest.mark.cli
def test_latin1_treebanks_are_refused_whole_then_read_with_encoding(
        shared: Path, tmp_path: Path) -> None:
    gold = latin1(shared / "sequoia/gold.mrg", tmp_path / "gold.mrg")
    test = latin1(shared / "sequoia/otmhi.mrg", tmp_path / "otmhi.mrg")
    refused = run("score", gold, test)
    line = one_error_line(refused, "gold.mrg:", "not valid utf-8 text (byte 0x", "--encoding")
    # The first line that is not ASCII, and its first non-ASCII byte.
    raw = Path(gold).read_bytes().split(b"\n")
    number = next(i for i, text in enumerate(raw, start=1) if not text.isascii())
    byte = next(i for i, b in enumerate(raw[number - 1], start=1) if b >= 0x80)
    assert f"gold.mrg:{number}:" in line and f"byte {byte} of the line" in line
    assert refused.stdout == ""
    read = run("score", gold, test, "--encoding", "latin-1", "--format", "evalb",
               "--metrics", "parseval")
    expected = shared / "sequoia/expected/otmhi.COLLINS-prm.rsl"
    assert read.exit_code == 0 and read.stdout == expected.read_text()
    assert "310 sentences: 310 scored" in run("score", gold, test, "--encoding", "latin1",
                                             "--metrics", "parseval").stdout


@pytest.mark.parity
@pytest.mark.cli
def test_gold_and_test_may_have_different_encodings(shared: Path, tmp_path: Path) -> None:
    gold = latin1(shared / "sequoia/gold.mrg", tmp_path / "gold.mrg")
    test = str(shared / "sequoia/otmhi.mrg")
    one_error_line(run("score", gold, test), "gold.mrg:", "--gold-encoding")
    both = run("score", gold, test, "--gold-encoding", "latin-1", "--metrics", "parseval",
               "--format", "evalb")
    expected = shared / "sequoia/expected/otmhi.COLLINS-prm.rsl"
    assert both.exit_code == 0 and both.stdout == expected.read_text()


@pytest.mark.cli
def test_align_and_grammars_take_input_encoding(tmp_path: Path) -> None:
    gold = tmp_path / "gold.mrg"
    gold.write_bytes("(S (NP (NC été)) (VN (V clôt)))\n".encode("latin-1"))
    one_error_line(run("align", str(gold), str(gold), "-n", "1"), "gold.mrg:1:", "0xe9")
    shown = run("align", str(gold), str(gold), "-n", "1", "--input-encoding", "latin-1")
    assert shown.exit_code == 0 and "été)" in shown.stdout
    side = run("align", str(gold), str(gold), "-n", "1", "--gold-encoding", "latin-1")
    one_error_line(side, "gold.mrg:1:")  # TEST is the same bytes, still read as UTF-8
    scheme = str(GRAMMARS / "levenshtein.toml")
    one_error_line(run("grammars", "check", scheme, "--alphabet", str(gold)), "0xe9")
    far = tmp_path / "lev.far"
    made = run("grammars", "compile", "levenshtein", "--alphabet", str(gold),
               "--input-encoding", "latin-1", "-o", str(far))
    assert made.exit_code == 0, made.output
    # every encoding is in the FAR (OpenFst drops keys written out of order)
    assert sorted(read_far(far)) == ["label", "rule", "span"]


@pytest.mark.cli
def test_a_byte_order_mark_is_not_text(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    marked = tmp_path / "marked.mrg"
    marked.write_bytes(b"\xef\xbb\xbf" + Path(test).read_bytes())
    plain = json.loads(run("score", gold, test, "--format", "json").stdout)
    bom = json.loads(run("score", gold, str(marked), "--format", "json").stdout)
    assert bom["corpus"] == plain["corpus"]
    sig = run("score", gold, str(marked), "--encoding", "utf-8-sig", "--format", "json")
    assert json.loads(sig.stdout)["corpus"] == plain["corpus"]


@pytest.mark.cli
def test_unknown_encodings_are_refused_before_reading(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    one_error_line(run("score", gold, test, "--encoding", "klingon"), "unknown text encoding")
    one_error_line(run("score", gold, test, "--test-encoding", "base64"),
                   "not a text encoding")


@pytest.mark.cli
def test_utf16_files_are_read_line_by_line(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD, "(S (NC été))"], [PARSE2, "(S (NC été))"])
    wide = tmp_path / "wide.mrg"
    wide.write_bytes(Path(test).read_text().encode("utf-16"))
    plain = json.loads(run("score", gold, test, "--format", "json").stdout)
    result = run("score", gold, str(wide), "--test-encoding", "utf-16", "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["corpus"] == plain["corpus"]



@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([b"(S (NN a))\n", b"x", b"\xc3\xa9", b"\xe2\x82\xac", b"\xff",
                                 b"\xc3", b"\x80", b"\xef\xbb\xbf", b"\n"]), max_size=12),
       st.integers(1, 8), st.sampled_from(["utf-8", "utf-8-sig", "ascii", "latin-1"]))
@example([b"\xc3", b"x", b"\xa9"], 1, "utf-8")  # a character cut by an ASCII piece
def test_a_file_is_checked_whole_as_decoding_it_would(data: list[bytes], chunk: int,
                                                      encoding: str) -> None:
    """Pieces of ASCII bytes are only looked at (source._valid), whatever a
    piece's edge cuts: the answer is that of decoding the file whole."""
    from parsedit.trees import source

    text = b"".join(data)
    try:
        text.decode(encoding)
        expected = True
    except UnicodeDecodeError:
        expected = False
    with tempfile.NamedTemporaryFile() as handle:
        handle.write(text)
        handle.flush()
        saved, source._CHUNK = source._CHUNK, chunk  # piece edges anywhere
        try:
            assert source._valid(handle.name, encoding) is expected
        finally:
            source._CHUNK = saved

# --- standard input and compressed files --------------------------------------

@pytest.mark.cli
def test_standard_input_as_gold_or_test_but_not_both(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD, GOLD], [PARSE2, PARSE3])
    expected = run("score", gold, test, "--format", "json").stdout
    runner = CliRunner()
    from_stdin = runner.invoke(main, ["score", gold, "-", "--format", "json"],
                               input=Path(test).read_bytes())
    assert from_stdin.exit_code == 0, from_stdin.output
    assert json.loads(from_stdin.stdout)["corpus"] == json.loads(expected)["corpus"]
    gold_stdin = runner.invoke(main, ["score", "-", test, "--format", "json"],
                               input=Path(gold).read_bytes())
    assert json.loads(gold_stdin.stdout)["corpus"] == json.loads(expected)["corpus"]
    one_error_line(runner.invoke(main, ["score", "-", "-"], input=b""),
                   "only one input can be standard input")


@pytest.mark.cli
def test_standard_input_feeds_a_grammar_module_and_tags(shared: Path, tmp_path: Path) -> None:
    # A grammar module reads both files for its alphabet before scoring.
    gold, test = files(tmp_path, [GOLD, GOLD], [PARSE2, PARSE3])
    args = ["score", gold, "--span-costs", "span-boundary", "--format", "json"]
    expected = json.loads(run(*args[:2], test, *args[2:]).stdout)["corpus"]
    piped = CliRunner().invoke(main, [*args[:2], "-", *args[2:]],
                               input=Path(test).read_bytes())
    assert piped.exit_code == 0, piped.output
    assert json.loads(piped.stdout)["corpus"] == expected
    tagged = tmp_path / "some.tagged"
    some = (shared / "ptb-sample/wsj_0001-0199.tagged").read_bytes().split(b"\n")[:40]
    tagged.write_bytes(b"\n".join(some) + b"\n")
    tags = CliRunner().invoke(main, ["tags", str(tagged), "-", "--format", "json"],
                              input=tagged.read_bytes())
    assert tags.exit_code == 0
    assert json.loads(tags.stdout)["tests"][0]["measures"]["full"]["strong"] == 100.0


@pytest.mark.parity
@pytest.mark.cli
@pytest.mark.parametrize("suffix, compress", [(".gz", gzip.compress), (".bz2", bz2.compress),
                                              (".xz", lzma.compress)])
def test_compressed_files_are_read_transparently(shared: Path, tmp_path: Path, suffix: str,
                                                 compress: object) -> None:
    gold = shared / "kummerfeld/wsj01.mrg"
    test = shared / "kummerfeld/berkeley.mrg"
    packed = tmp_path / f"berkeley.mrg{suffix}"
    packed.write_bytes(compress(test.read_bytes()))  # type: ignore[operator]
    expected = (shared / "kummerfeld/expected/berkeley.COLLINS-prm.rsl").read_text()
    args = ["--params", str(shared / "evalb/COLLINS.prm"), "--format", "evalb"]
    result = run("score", str(gold), str(packed), *args)
    assert result.exit_code == 0 and result.stdout == expected
    piped = CliRunner().invoke(main, ["score", str(gold), "-", *args],
                               input=packed.read_bytes())
    assert piped.stdout == expected


@pytest.mark.cli
def test_damaged_compressed_data_is_one_line(shared: Path, tmp_path: Path) -> None:
    gold = shared / "kummerfeld/wsj01.mrg"
    packed = gzip.compress((shared / "kummerfeld/berkeley.mrg").read_bytes())
    cut = tmp_path / "cut.mrg.gz"
    cut.write_bytes(packed[: len(packed) // 2])
    one_error_line(run("score", str(gold), str(cut)), "cut.mrg.gz:", "damaged gzip data")


# --- trailing blank lines -------------------------------------------------------

@pytest.mark.cli
def test_a_trailing_blank_line_is_not_a_tree(shared: Path, tmp_path: Path) -> None:
    gold = shared / "kummerfeld/wsj01.mrg"
    padded = tmp_path / "b.mrg"
    padded.write_bytes((shared / "kummerfeld/berkeley.mrg").read_bytes() + b"\n  \n\t\n")
    result = run("score", str(gold), str(padded), "--format", "json")
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)["summary"]
    assert summary["test_trees"] == summary["gold_trees"] == summary["ok"] == 10
    assert "holds" not in result.stderr


@pytest.mark.cli
def test_trailing_blank_lines_still_pair_with_gold_trees(tmp_path: Path) -> None:
    # A parser that fails on the last sentences and writes empty lines: they
    # are skipped sentences, as EVALB reads them; blank lines inside keep
    # their meaning too.
    gold, test = files(tmp_path, [GOLD] * 4, [PARSE2, "", PARSE3, "", "", ""])
    result = run("score", gold, test, "--format", "json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [s["status"] for s in data["sentences"]] == ["ok", "skip", "ok", "skip"]
    assert data["summary"]["test_trees"] == 4
    short = files(tmp_path, [GOLD] * 3 + [""], [PARSE2])
    uneven = run("score", *short)
    assert uneven.exit_code == 1 and "holds 3 trees but" in uneven.stderr


@pytest.mark.cli
def test_trailing_blank_lines_in_tagged_files(tmp_path: Path) -> None:
    gold = tmp_path / "gold.tagged"
    gold.write_text("a/DT b/NN\nc/VB\n\n")
    result = run("tags", str(gold), str(gold), "--format", "json")
    assert result.exit_code == 0, result.output
    assert len(json.loads(result.stdout)["tests"][0]["sentences"]) == 2


# --- outputs ----------------------------------------------------------------------

def _commands(tmp_path: Path, destination: str) -> list[tuple[str, ...]]:
    gold, test = files(tmp_path, [GOLD, GOLD], [PARSE2, PARSE3])
    return [("score", gold, test, "-o", destination),
            ("score", gold, test, "--per-sentence", destination),
            ("compare", gold, test, gold, "-o", destination, "--samples", "10"),
            ("plot", "e-vs-label", gold, test, "-o", destination + ".png"),
            ("tags", gold, test, "-o", destination),
            ("grammars", "compile", "roark-basic", "--alphabet", gold, "-o", destination)]


@pytest.mark.cli
def test_unwritable_outputs_are_refused_before_the_work(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_work(*args: object, **kwargs: object) -> None:
        raise AssertionError("scored before checking the destination")
    monkeypatch.setattr(pipeline_scorer.Scorer, "pair", no_work)
    missing = str(tmp_path / "missing" / "out")
    for args in _commands(tmp_path, missing):
        result = run(*args)
        one_error_line(result, "does not exist")
        assert result.stdout == "" and not (tmp_path / "missing").exists()
    directory = str(tmp_path / "adir")
    os.mkdir(directory)
    one_error_line(run(*_commands(tmp_path, directory)[0]), "is a directory")
    if os.geteuid() != 0:  # root writes anywhere
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        one_error_line(run(*_commands(tmp_path, str(locked / "x"))[0]), "not writable")


@pytest.mark.cli
def test_every_writer_leaves_only_the_finished_file(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    for args in _commands(tmp_path, str(out / "result")):
        result = run(*args)
        assert result.exit_code == 0, (args, result.output)
        made = sorted(p.name for p in out.iterdir())
        # grammars compile writes the FAR's digest beside it, as documented.
        digest = ["result.sha256"] if args[0] == "grammars" else []
        assert len(made) == 1 + len(digest) and not made[0].startswith("."), made
        assert made[1:] == digest, made
        assert (out / made[0]).stat().st_size > 0
        for name in made:
            (out / name).unlink()


@pytest.mark.cli
def test_interrupted_runs_leave_no_file_and_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    report = tmp_path / "report.txt"
    report.write_text("the previous report\n")

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt
    monkeypatch.setattr("parsedit.report.text.render", interrupted)
    result = run("score", gold, test, "-o", str(report))
    assert result.exit_code == 130
    assert result.stderr.strip().splitlines() == ["parsedit: interrupted"]
    assert report.read_text() == "the previous report\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


@pytest.mark.cli
def test_sigterm_ends_with_one_line_and_no_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gold, test = files(tmp_path, [GOLD], [PARSE2])

    def terminated(*args: object, **kwargs: object) -> None:
        os.kill(os.getpid(), signal.SIGTERM)
    monkeypatch.setattr("parsedit.report.tsv.render", terminated)
    before = signal.getsignal(signal.SIGTERM)
    result = run("score", gold, test, "--per-sentence", str(tmp_path / "rows.tsv"))
    assert result.exit_code == 143
    assert result.stderr.strip().splitlines() == ["parsedit: terminated"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gold.mrg", "test.mrg"]
    assert signal.getsignal(signal.SIGTERM) == before


@pytest.mark.cli
def test_two_outputs_to_one_file_are_refused(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    same = str(tmp_path / "x")
    one_error_line(run("score", gold, test, "-o", same, "--per-sentence", same),
                   "-o and --per-sentence name the same file")


@pytest.mark.cli
def test_a_failed_write_removes_the_partial_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gold, test = files(tmp_path, [GOLD], [PARSE2])

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", full_disk)
    one_error_line(run("score", gold, test, "-o", str(tmp_path / "r.txt")),
                   "cannot write: No space left on device")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gold.mrg", "test.mrg"]


@pytest.mark.cli
@pytest.mark.parametrize("trees", [50, 49])  # a complete run; one that exits 1
def test_a_closed_pipe_ends_quietly(tmp_path: Path, trees: int) -> None:
    gold, test = files(tmp_path, [GOLD] * 50, [PARSE2] * trees)
    read, write = os.pipe()
    os.close(read)  # like `| head -1` once head has gone
    try:
        done = subprocess.run([sys.executable, "-c", "from parsedit.cli import main; main()",
                               "score", gold, test, "--format", "json"],
                              stdout=write, stderr=subprocess.PIPE, timeout=120)
    finally:
        os.close(write)
    assert done.returncode == 141
    assert b"Traceback" not in done.stderr and b"Exception ignored" not in done.stderr
    if trees == 50:
        assert done.stderr == b""


# --- option values ------------------------------------------------------------------

@pytest.mark.cli
@pytest.mark.parametrize("args, needle", [
    (("compare", "{gold}", "{test}", "{test}", "--seed", "-5"), "'--seed'"),
    (("compare", "{gold}", "{test}", "{test}", "--samples", "0"), "'--samples'"),
    (("compare", "{gold}", "{test}", "{test}", "--name", "a"), "--name is given 1 times"),
    (("tags", "{gold}", "{test}", "--separator", ""), "--separator"),
    (("tags", "{gold}", "{test}", "--separator", "|"), "--separator"),
    (("score", "{gold}", "{test}", "--metrics", "tagging", "--separator", ""), "--separator"),
    (("score", "{gold}", "{test}", "-j", "0"), "'-j' / '--jobs'"),
    (("score", "{gold}", "{test}", "-j", "100000"), "'-j' / '--jobs'"),
    (("score", "{gold}", "{test}", "-c", "-1"), "'--cutoff'"),
    (("score", "{gold}", "{test}", "--metrics", "label", "--format", "evalb"),
     "needs the parseval metric"),
    (("align", "{gold}", "{test}", "--sentence", "0"), "'--sentence'"),
    (("plot", "bogus", "{gold}", "{test}", "-o", "x.png"), "'bogus' is not one of"),
    (("plot", "buckets", "{gold}", "{test}", "-o", "x.gif"), "suffix"),
    (("plot", "rank-differences", "{gold}", "{test}", "-o", "x.png"), "two systems"),
    (("score", "{gold}", "{test}", "--bogus"), "No such option"),
])
def test_bad_option_values_are_one_line_before_any_work(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...],
        needle: str) -> None:
    gold, test = files(tmp_path, [GOLD], [PARSE2])

    def no_work(*args: object, **kwargs: object) -> None:
        raise AssertionError("scored before checking the options")
    monkeypatch.setattr(pipeline_scorer.Scorer, "pair", no_work)
    result = run(*(a.format(gold=gold, test=test) for a in args))
    one_error_line(result, needle)
