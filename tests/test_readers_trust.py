"""Issue 27, sections 4 and 5 (the readers' part): failure markers and hints,
a layout told from the whole file, words split where EVALB splits them, and
what one pathological pair may cost.  Each case gives its expected figure.

``tests/expected/unicode-spaces.COLLINS-prm.rsl`` is EVALB's own report on
the files :func:`unicode_space_files` writes (see tests/expected/README.md).
"""

from __future__ import annotations

import gzip
import io
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import files, run
from hypothesis import given, settings
from hypothesis import strategies as st

from parsedit.metrics.parseval import _matched_keys, crossed
from parsedit.tagging.reader import read_tagged
from parsedit.trees.reader import line_layout, read_trees
from parsedit.trees.source import raw_lines

EXPECTED = Path(__file__).parent / "expected"
GOLD = [
    "(TOP (S (NP (DT The) (NN dog)) (VP (VBD barked)) (. .)))",
    "(TOP (S (NP (DT A) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat)))) (. .)))",
    "(TOP (S (NP (PRP It)) (VP (VBD rained)) (. .)))",
    "(TOP (S (NP (NNS Birds)) (VP (VBP sing) (ADVP (RB loudly))) (. .)))",
    "(TOP (S (NP (NNP Mary)) (VP (VBD left) (NP (NN town))) (. .)))",
]


def score_json(gold: str, test: str, *args: str) -> dict[str, Any]:
    result = run("score", gold, test, "--format", "json", *args)
    assert result.exit_code in (0, 1), result.output
    assert "Traceback" not in result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def statuses(data: dict[str, Any]) -> list[str]:
    return [s["status"] for s in data["sentences"]]


# -- 4. Markers and hints ----------------------------------------------------


@pytest.mark.cli
@pytest.mark.parametrize("marker", ["(TOP ())", "(())", "(ROOT ())", "( ())", "(TOP ( ))"])
def test_an_empty_parse_is_a_failure_marker_counted_by_failures_count(
        tmp_path: Path, marker: str) -> None:
    gold, test = files(tmp_path, GOLD[:2], [marker, GOLD[1]])
    data = score_json(gold, test, "--metrics", "parseval")
    first = data["sentences"][0]
    assert first["status"] == "skip"
    assert "failure marker" in first["message"] and "unbalanced" not in first["message"]
    assert "test.mrg:1:1:" in first["message"]
    # Skipped: only sentence 2 is in the sums (5 of 5 brackets).
    assert data["corpus"]["parseval"]["recall"] == 100.0
    counted = score_json(gold, test, "--metrics", "parseval", "--failures", "count")
    assert counted["sentences"][0]["status"] == "skip"
    # Counted as a parse with no constituents: gold 3 + 5 brackets, 5 matched.
    assert counted["corpus"]["parseval"]["recall"] == pytest.approx(100 * 5 / 8)
    assert counted["corpus"]["parseval"]["precision"] == 100.0


def test_an_empty_parse_in_a_pretty_printed_file_costs_its_sentence_only(
        tmp_path: Path) -> None:
    path = tmp_path / "pretty.mrg"
    path.write_text("(S\n  (NP (DT a))\n  (VP (VB b)))\n(TOP ())\n(S\n  (NP (DT c))\n"
                    "  (VP (VB d)))\n")
    items = list(read_trees(str(path)))
    assert [i.line for i in items] == [1, 4, 5]
    assert items[1].error is not None and "(TOP ())" in items[1].error.reason
    assert items[2].tree is not None and items[2].tree.words() == ["c", "d"]


QUOTE_GOLD = ["(TOP (S (NP (NNP John) (POS ')) (VP (VBD left)) (. .)))",
              "(TOP (S (NP (NN a)) (VP (VBD b))))"]
QUOTE_TEST = ["(TOP (S (NP (NNP John) ('' ')) (VP (VBD left)) (. .)))",
              "(TOP (S (NP (NN a)) (VP (VBD b))))"]


@pytest.mark.cli
def test_a_quote_tagged_differently_suggests_p_new_first(tmp_path: Path) -> None:
    # Section 23's case: gold (POS ') against test ('' ').  COLLINS.prm
    # deletes '' and not POS: a length mismatch.
    gold, test = files(tmp_path, QUOTE_GOLD, QUOTE_TEST)
    data = score_json(gold, test, "--metrics", "parseval")
    assert statuses(data) == ["error", "ok"]
    assert "-p new" in data["sentences"][0]["message"]
    warning = next(w for w in data["warnings"] if "words differ" in w)
    assert warning.index("-p new") < warning.index("--yield align")
    assert "figures are not EVALB's" in warning[warning.index("--yield align"):]
    # -p new scores it as EVALB does with new.prm: every bracket matched,
    # 4 of 5 tags right (EVALB 2006, evalb -p new.prm: 100.00 / 100.00, 80.00).
    fixed = score_json(gold, test, "--metrics", "parseval", "-p", "new")
    assert statuses(fixed) == ["ok", "ok"]
    figures = fixed["corpus"]["parseval"]
    assert (figures["recall"], figures["precision"]) == (100.0, 100.0)
    assert figures["tagging_accuracy"] == pytest.approx(80.0)


@pytest.mark.cli
def test_a_length_mismatch_not_made_by_quotes_keeps_the_yield_align_hint(
        tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD[:1], ["(TOP (S (NP (DT The) (NN dog)) (VP (VBD barked) "
                                             "(RB off)) (. .)))"])
    data = score_json(gold, test, "--metrics", "parseval")
    warning = next(w for w in data["warnings"] if "words differ" in w)
    assert "-p new" not in warning and "--yield align" in warning
    assert "-p new" not in data["sentences"][0]["message"]


@pytest.mark.cli
def test_tags_without_a_separator_are_one_row_of_the_tagging_block(tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD[:2], [GOLD[0], GOLD[1].replace("(NN mat)", "(NNS mat)")])
    text = run("score", gold, test, "--metrics", "tagging").stdout
    rows = [line for line in text.splitlines() if line[:1].isalpha()
            and line.split()[-1][0].isdigit()]
    assert len(rows) == 1 and rows[0].startswith("full tags = pos = pa")
    # 8 of 9 tags right (COLLINS.prm deletes the punctuation; no ':' in any tag).
    assert rows[0].split()[-2] == f"{100 * 8 / 9:.2f}"
    shown = run("tags", gold, test).stdout
    assert shown.count("\ntest ") == 1 and "= parts of speech only" in shown


@pytest.mark.cli
def test_tags_with_a_separator_keep_their_rows(tmp_path: Path) -> None:
    gold, test = files(tmp_path, ["(S (NP (subst:sg:nom dog)) (VP (fin:sg:ter barks)))"],
                       ["(S (NP (subst:pl:nom dog)) (VP (fin:sg:ter barks)))"])
    text = run("score", gold, test, "--metrics", "tagging").stdout
    assert "full tags " in text and "parts of speech only" in text
    assert "positional accuracy" in text


# -- 5. A file's layout is told from the whole file -------------------------

LINE_ONE = {
    "forest": "(NP (DT The) (NN dog)) (VP (VBD barked)) (. .)",
    "failure marker": "(TOP ())",
    "raw text": "The dog barked .",
    "stray bracket": ") (TOP (S (NP (DT The) (NN dog)) (VP (VBD barked)) (. .)))",
    "open bracket": "((TOP (S (NP (DT The) (NN dog)) (VP (VBD barked)) (. .)))",
    "two trees": GOLD[0] + " " + GOLD[2],
    "Failure marker": "(Failure The dog barked .)",
}


@pytest.mark.cli
@pytest.mark.parametrize("kind", sorted(LINE_ONE))
def test_one_odd_first_line_never_moves_the_others(tmp_path: Path, kind: str) -> None:
    test_lines = [LINE_ONE[kind], "", *GOLD[1:]]
    gold, test = files(tmp_path, [GOLD[0], "", *GOLD[1:]], test_lines)
    items = list(read_trees(test))
    assert [i.line for i in items] == [1, 2, 3, 4, 5, 6]
    assert items[1].tokens is None and items[1].error is None  # the blank line kept
    clean = list(read_trees(gold))
    assert items[2:] == clean[2:]
    data = score_json(gold, test, "--metrics", "parseval")
    assert statuses(data)[1:] == ["skip", "ok", "ok", "ok", "ok"]
    others = [s["parseval"] for s in data["sentences"][2:]]
    assert all(p["matched"] == p["gold"] == p["test"] for p in others)


@pytest.mark.parity
@pytest.mark.cli
def test_a_forest_on_sequoia_line_1_changes_pair_1_only(shared: Path, tmp_path: Path) -> None:
    # otmhi.mrg with line 1 written as its root's children: EVALB gives F
    # 60.39 (60.42 without the change); 0.2.6 stopped after 12 errors, or
    # gave 19.50 with --yield align.
    lines = (shared / "sequoia/otmhi.mrg").read_text(encoding="utf-8").split("\n")
    assert lines[0].startswith("( (SENT ") and lines[0].endswith("))")
    lines[0] = lines[0][len("( (SENT "):-2]
    test = tmp_path / "otmhi-forest.mrg"
    test.write_text("\n".join(lines), encoding="utf-8")
    gold = str(shared / "sequoia/gold.mrg")
    for args in ((), ("--yield", "align")):
        data = score_json(gold, str(test), "--metrics", "parseval", *args)
        assert statuses(data) == ["ok"] * 310
        assert round(data["corpus"]["parseval"]["f_measure"], 2) == 60.39
    report = run("score", gold, str(test), "--metrics", "parseval", "--format", "evalb")
    expected = (shared / "sequoia/expected/otmhi.COLLINS-prm.rsl").read_text()
    rows, want = report.stdout.splitlines(), expected.splitlines()
    assert rows[3] != want[3] and rows[4:313] == want[4:313]  # sentences 2-310 as EVALB's
    assert "Bracketing FMeasure       =  60.39" in report.stdout


def split(line: str, before: str) -> tuple[str, str]:
    """A line split into two at the space before ``before``."""
    at = line.index(" " + before)
    return line[:at], line[at + 1:]


@pytest.mark.cli
def test_a_tree_split_over_two_lines_is_one_sentence(tmp_path: Path) -> None:
    test_lines = [GOLD[0], *split(GOLD[1], "(PP"), *GOLD[2:]]
    gold, test = files(tmp_path, GOLD, test_lines)
    items = list(read_trees(test))
    assert [i.line for i in items] == [1, 2, 4, 5, 6]
    assert items[1].tokens == list(read_trees(gold))[1].tokens
    for args in (("--metrics", "parseval"), ("--metrics", "parseval,label,la"),
                 ("--metrics", "parseval", "--yield", "align"),
                 ("--metrics", "parseval", "-j", "2")):
        data = score_json(gold, test, *args)
        assert statuses(data) == ["ok"] * 5, args
        assert data["corpus"]["parseval"]["f_measure"] == 100.0
    report = run("score", gold, test, "--metrics", "parseval", "--format", "evalb")
    assert report.exit_code == 0 and "Bracketing FMeasure       = 100.00" in report.stdout
    assert "Number of sentence        =      5" in report.stdout


@pytest.mark.cli
@pytest.mark.slow
@pytest.mark.parametrize("metrics", ["parseval", "parseval,label"])
def test_a_split_tree_in_a_large_file_through_the_block_readers(
        shared: Path, tmp_path: Path, metrics: str) -> None:
    # The PTB sample (1.4 MB: read a block at a time with numpy), line 100
    # split in two: every pair scored, F 100 (0.2.6: 3,814 pairs shifted).
    clean = shared / "ptb-sample/wsj_0001-0199.clean"
    lines = clean.read_text().split("\n")
    lines[99:100] = split(lines[99], "(VP")
    test = tmp_path / "split.mrg"
    test.write_text("\n".join(lines))
    for jobs in ("1", "2"):
        data = score_json(str(clean), str(test), "--metrics", metrics, "-j", jobs)
        assert len(data["sentences"]) == 3914 and set(statuses(data)) == {"ok"}
        assert data["corpus"]["parseval"]["f_measure"] == 100.0


@pytest.mark.cli
def test_two_damaged_lines_that_make_up_for_each_other_stay_two_errors(
        tmp_path: Path) -> None:
    # Line 2 lost a ')', line 3 has one too many and begins as every tree of
    # the file does ('(TOP'): the next sentence, not the rest of line 2.
    test_lines = [GOLD[0], GOLD[1][:-1], GOLD[2] + ")", *GOLD[3:]]
    gold, test = files(tmp_path, GOLD, test_lines)
    data = score_json(gold, test, "--metrics", "parseval")
    assert statuses(data) == ["ok", "skip", "skip", "ok", "ok"]


def test_a_line_layout_file_with_one_indented_tree_stays_line_by_line(tmp_path: Path) -> None:
    lines = [GOLD[k % 5] + "\n" for k in range(30)]
    lines[10:11] = ["(TOP (S (NP (DT The) (NN dog))\n", "    (VP (VBD barked)) (. .)))\n"]
    assert line_layout(lines)
    pretty = ["(S\n", "  (NP (DT a))\n", "  (VP (VB b)))\n", "(S (NP (DT c)) (VP (VB d)))\n"]
    assert not line_layout(pretty)
    # Past the lines that tell the layout, a tree pretty-printed over
    # indented lines (each a whole phrase) is one sentence too.
    lines = [GOLD[k % 5] + "\n" for k in range(80)]
    lines[70:71] = ["(TOP\n", "  (S\n", "    (NP (DT The) (NN dog))\n", "    (VP (VBD barked))\n",
                    "    (. .)))\n"]
    path = tmp_path / "one.mrg"
    path.write_text("".join(lines))
    items = list(read_trees(str(path)))
    assert len(items) == 80 and items[70].line == 71 and items[71].line == 76
    assert items[70].tokens == items[0].tokens  # GOLD[0], as line 1 has it


# -- 5. Unicode spaces inside a word -----------------------------------------

SPACES = ["\u00a0", "\u0085", "\u2000", "\u2009", "\u200a", "\u202f", "\u3000", "\u1680",
          "\u2028", "\u2029", "\x1c", "\x1f"]


def unicode_space_files(directory: Path) -> tuple[str, str]:
    """Gold and test files whose words hold a Unicode space (not one of
    C's isspace bytes), one a line: what EVALB's expected report is of."""
    directory.mkdir(parents=True, exist_ok=True)
    gold, test = [], []
    for c in SPACES:
        word = f"New{c}York"
        gold.append(f"(S (NP (NNP {word}) (NN city{c}hall)) (VP (VBZ is) (ADJP (JJ big))) "
                    "(. .))")
        test.append(f"(S (NP (NNP {word})) (NP (NN city{c}hall)) (VP (VBZ is) (JJ big)) "
                    "(. .))")
    for name, lines in (("gold.mrg", gold), ("test.mrg", test)):
        (directory / name).write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(directory / "gold.mrg"), str(directory / "test.mrg")


@pytest.mark.parity
@pytest.mark.cli
def test_a_unicode_space_is_part_of_its_word(tmp_path: Path) -> None:
    gold, test = unicode_space_files(tmp_path)
    for k, item in enumerate(read_trees(gold)):
        assert item.tree is not None
        assert item.tree.words() == [f"New{SPACES[k]}York", f"city{SPACES[k]}hall", "is",
                                     "big", "."]
    report = run("score", gold, test, "--format", "evalb")
    assert report.exit_code == 0, report.output
    assert report.stdout == (EXPECTED / "unicode-spaces.COLLINS-prm.rsl").read_text()


@pytest.mark.cli
@pytest.mark.slow
def test_a_unicode_space_through_the_block_readers(tmp_path: Path) -> None:
    # 1 MB and more: the numpy readers (their non-ASCII lines are cut into
    # chunks by a pattern of their own).
    gold, test = unicode_space_files(tmp_path)
    repeat = (1 << 20) // Path(gold).stat().st_size + 1
    for path in (gold, test):
        Path(path).write_bytes(Path(path).read_bytes() * repeat)
    for metrics in ("parseval", "parseval,label"):
        data = score_json(gold, test, "--metrics", metrics)
        assert set(statuses(data)) == {"ok"}
        figures = data["corpus"]["parseval"]
        assert (figures["recall"], figures["precision"]) == (50.0, 50.0)  # as EVALB's


@pytest.mark.cli
def test_the_invalid_utf8_hint_fits_the_bytes(tmp_path: Path) -> None:
    cp1252 = tmp_path / "cp1252.mrg"
    cp1252.write_bytes("(S (NN wait\u2026) (NN caf\u00e9))\n".encode("cp1252"))
    latin = tmp_path / "latin1.mrg"
    latin.write_bytes("(S (NN caf\u00e9))\n".encode("latin-1"))
    for path, wanted, unwanted in ((cp1252, "--encoding cp1252", "latin-1,"),
                                   (latin, "--encoding latin-1", "cp1252")):
        result = run("score", str(path), str(path))
        assert result.exit_code == 2
        assert wanted in result.stderr and unwanted not in result.stderr, result.stderr
    # What it recommends reads the file: the ellipsis is a word's, not a space.
    data = score_json(str(cp1252), str(cp1252), "--encoding", "cp1252", "--metrics",
                      "parseval")
    assert data["sentences"][0]["parseval"]["words"] == 2
    # Read as latin-1 instead, an ellipsis standing alone is U+0085, which
    # 0.2.6 took for a space, dropping the word; it is a word (EVALB's too).
    alone = tmp_path / "alone.mrg"
    alone.write_bytes("(S (NN wait) (: \u2026))\n".encode("cp1252"))
    data = score_json(str(alone), str(alone), "--encoding", "latin-1", "--metrics", "parseval",
                      "-p", "none")
    assert data["sentences"][0]["parseval"]["words"] == 2


# -- 5. Pathological pairs -----------------------------------------------------


def unary(depth: int) -> str:
    return "(S " + "(X " * depth + "(A w)" + ")" * depth + ")"


@pytest.mark.cli
@pytest.mark.parametrize("metrics", ["parseval", "parseval,label,span,rule,la"])
def test_a_unary_chain_a_thousand_deep(tmp_path: Path, metrics: str) -> None:
    # 0.2.6: RecursionError in PARSEVAL.  Gold 1,001 brackets (S and 1,000
    # X over the one word), test 501: 501 matched.
    gold, test = files(tmp_path, [unary(1000)], [unary(500)])
    data = score_json(gold, test, "--metrics", metrics)
    figures = data["sentences"][0]["parseval"]
    assert (figures["gold"], figures["test"], figures["matched"]) == (1001, 501, 501)
    with_preterminals = score_json(gold, test, "--metrics", "parseval", "--with-preterminals")
    assert with_preterminals["sentences"][0]["parseval"]["matched"] == 502


@pytest.mark.cli
def test_a_unary_chain_twenty_thousand_deep(tmp_path: Path) -> None:
    # One key repeated 20,001 and 10,001 times: matched as a multiset at
    # once (0.2.6 peeled one copy a round: a quadratic time).
    gold, test = files(tmp_path, [unary(20_000)], [unary(10_000)])
    figures = score_json(gold, test, "--metrics", "parseval")["sentences"][0]["parseval"]
    assert (figures["gold"], figures["test"], figures["matched"]) == (20_001, 10_001, 10_001)


@settings(max_examples=300)
@given(st.lists(st.integers(0, 6), max_size=40), st.lists(st.integers(0, 6), max_size=40))
def test_repeated_keys_match_as_a_multiset(gold: list[int], test: list[int]) -> None:
    assert _matched_keys(gold, test) == sum((Counter(gold) & Counter(test)).values())


@pytest.mark.cli
def test_a_unary_chain_through_the_block_reader(tmp_path: Path) -> None:
    filler = GOLD[0] + "\n"
    gold, test = tmp_path / "gold.mrg", tmp_path / "test.mrg"
    count = (1 << 20) // len(filler) + 1
    gold.write_text(unary(1000) + "\n" + filler * count)
    test.write_text(unary(500) + "\n" + filler * count)
    data = score_json(str(gold), str(test), "--metrics", "parseval")
    figures = data["sentences"][0]["parseval"]
    assert (figures["gold"], figures["test"], figures["matched"]) == (1001, 501, 501)


def branching(n: int, right: bool) -> str:
    """A binary tree of ``n`` words, all right- or all left-branching."""
    if right:
        return "".join(f"(X (A w{i}) " for i in range(n - 1)) + f"(A w{n - 1})" + ")" * (n - 1)
    return "(X " * (n - 1) + "(A w0)" + "".join(f" (A w{i}))" for i in range(1, n))


@pytest.mark.cli
@pytest.mark.slow
@pytest.mark.parametrize("block", [False, True])
def test_a_pair_past_65536_words_is_scored_by_parseval(tmp_path: Path, block: bool) -> None:
    # 66,000 words, right- against left-branching: of the 65,999 brackets a
    # side only the whole span matches; every other test bracket but the
    # whole one crosses a gold one (65,998).  With 1 MB of other lines after
    # it, the file is read a block at a time with numpy, and this line by
    # the per-line reader.
    n = 66_000
    filler = [GOLD[0]] * (1 + (1 << 20) // len(GOLD[0])) if block else []
    gold, test = files(tmp_path, [branching(n, True), *filler], [branching(n, False), *filler])
    data = score_json(gold, test, "--metrics", "parseval")
    figures = data["sentences"][0]["parseval"]
    assert (figures["gold"], figures["test"], figures["matched"]) == (n - 1, n - 1, 1)
    assert figures["crossing"] == n - 2


@st.composite
def laminar(draw: st.DrawFn) -> tuple[list[tuple[int, int]], list[tuple[int, int]], int]:
    """Gold spans that nest (a random tree's, over n words) and any test spans."""
    n = draw(st.integers(2, 60))
    spans: list[tuple[int, int]] = [(0, n)]
    stack = [(0, n)]
    while stack:
        a, z = stack.pop()
        if z - a < 2:
            continue
        cut = draw(st.integers(a + 1, z - 1))
        for part in ((a, cut), (cut, z)):
            if part[1] - part[0] > 1 and draw(st.booleans()):
                spans.append(part)
            stack.append(part)
    ends = st.tuples(st.integers(0, n), st.integers(0, n)).filter(lambda s: s[0] < s[1])
    test = draw(st.lists(ends, max_size=80))
    return spans, test, n


@settings(max_examples=300)
@given(laminar())
def test_crossing_brackets_by_the_sweep_are_the_pairwise_count(
        case: tuple[list[tuple[int, int]], list[tuple[int, int]], int]) -> None:
    gold, test, _ = case
    pairwise = sum(1 for s, e in test if any(a < s < z < e or s < a < e < z for a, z in gold))
    assert crossed(gold, test, checks=0) == pairwise == crossed(gold, test)


@pytest.mark.cli
def test_a_pair_too_large_to_align_is_skipped_with_the_limit_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARSEDIT_MAX_EDIT_SIZE", "100")
    # 60 words: 119 words and brackets a side, over the limit of 100.
    gold, test = files(tmp_path, [branching(60, True), GOLD[0]],
                       [branching(60, False), GOLD[0]])
    data = score_json(gold, test, "--metrics", "parseval,label,span,rule,la")
    assert statuses(data) == ["skip", "ok"]
    message = data["sentences"][0]["message"]
    assert "gold.mrg:1 and" in message and "test.mrg:1" in message
    assert "119 and 119 words and brackets" in message and "100" in message
    assert any("PARSEDIT_MAX_EDIT_SIZE" in w for w in data["warnings"])
    # Left out of every figure: PARSEVAL's too (4 of 4 brackets).
    assert data["corpus"]["parseval"]["f_measure"] == 100.0
    assert data["corpus"]["span"]["accuracy"] == 100.0
    # PARSEVAL alone needs no such limit: the pair is scored.
    alone = score_json(gold, test, "--metrics", "parseval")
    assert statuses(alone) == ["ok", "ok"]
    assert alone["sentences"][0]["parseval"]["matched"] == 1


@pytest.mark.cli
def test_a_limit_that_is_not_a_number_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARSEDIT_MAX_LINE_BYTES", "1e6")
    gold, test = files(tmp_path, GOLD[:1], GOLD[:1])
    result = run("score", gold, test)
    assert result.exit_code == 2 and "PARSEDIT_MAX_LINE_BYTES" in result.stderr
    assert "Traceback" not in result.output


class Recorder(io.BytesIO):
    """A file whose reads are recorded: the most bytes asked at once."""

    most = 0

    def readline(self, size: int | None = -1) -> bytes:
        self.most = max(self.most, size if size is not None and size >= 0 else 1 << 62)
        return super().readline(size)


def test_a_line_over_the_limit_is_never_read_whole() -> None:
    handle = Recorder(b"(S (NN a))\n" + b"(" * 100_000 + b"\n(S (NN c))\n(" + b"x" * 5000)
    found = list(raw_lines(handle, 1000))
    assert found == [b"(S (NN a))\n", 100_000, b"(S (NN c))\n", 5001]
    assert handle.most <= 1001


@pytest.mark.cli
@pytest.mark.parametrize("compress", [False, True])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_line_over_the_limit_is_one_unreadable_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, compress: bool, jobs: str) -> None:
    monkeypatch.setenv("PARSEDIT_MAX_LINE_BYTES", "1000")
    gold, _ = files(tmp_path, GOLD[:3], [])
    data = b"\n".join([GOLD[0].encode(), b"(" * 5000, GOLD[2].encode()]) + b"\n"
    test = tmp_path / ("test.mrg.gz" if compress else "test.mrg")
    test.write_bytes(gzip.compress(data) if compress else data)
    result = score_json(gold, str(test), "--metrics", "parseval", "-j", jobs)
    assert statuses(result) == ["ok", "skip", "ok"]
    message = result["sentences"][1]["message"]
    assert f"{test.name}:2:1:" in message and "5,000 bytes" in message and "1,000" in message
    report = run("score", gold, str(test), "--metrics", "parseval", "--format", "evalb")
    assert "Number of sentence        =      3" in report.stdout
    assert "Number of Valid sentence  =      2" in report.stdout


@pytest.mark.cli
def test_a_gold_line_over_the_limit_is_an_error_and_the_last_line_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARSEDIT_MAX_LINE_BYTES", "1000")
    gold, test = tmp_path / "long.mrg", tmp_path / "test.mrg"
    gold.write_bytes(GOLD[0].encode() + b"\n" + b"(" * 3000)  # no line end
    test.write_text(GOLD[0] + "\n" + GOLD[1] + "\n")
    data = score_json(str(gold), str(test), "--metrics", "parseval")
    assert statuses(data) == ["ok", "error"]
    assert "3,000 bytes" in data["sentences"][1]["message"]


def test_a_tree_across_lines_over_the_limit_is_one_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARSEDIT_MAX_LINE_BYTES", "200")
    path = tmp_path / "pretty.mrg"
    long_tree = "(S\n" + "".join(f"  (NP (DT w{k}))\n" for k in range(30)) + "  (VP (VB v)))\n"
    path.write_text("(S\n  (NP (DT a))\n  (VP (VB b)))\n" + long_tree
                    + "(S\n  (NP (DT c))\n  (VP (VB d)))\n")
    items = list(read_trees(str(path)))
    assert len(items) == 3 and items[1].error is not None
    assert "200 characters" in items[1].error.reason
    assert items[2].tree is not None and items[2].tree.words() == ["c", "d"]


def test_a_tagged_line_over_the_limit_is_one_unreadable_sentence(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARSEDIT_MAX_LINE_BYTES", "100")
    path = tmp_path / "tagged.txt"
    path.write_text("the/DT dog/NN\n" + "a/DT " * 100 + "\nits/PRP$ tail/NN\n")
    found = list(read_tagged(str(path), "slash"))
    assert [s.segments is not None for s in found] == [True, False, True]
    assert found[1].error is not None and found[1].error.line == 2
