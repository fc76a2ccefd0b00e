"""A new user's findings on 0.3.0's way to release: what each fix changed in
behaviour (install hints, reports, help texts, warnings), one test each.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import run, write_trees
from roark_trees import GOLD, PARSE2

from parsedit.errors import ConfigError


def test_the_ted_extra_is_named_as_a_checkout_installs_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """parsedit is not on PyPI: the hint names the checkout's extra."""
    from parsedit.metrics.ted import check_apted

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "apted" else real(name, *a))
    with pytest.raises(ConfigError) as refused:
        check_apted()
    assert str(refused.value) == ("--metrics ted needs the apted package: pip install apted "
                                  "(or, in parsedit's checkout, pip install '.[ted]')")


# -- compare over every pair: every pair's numbers in every format -------------

def _cells(pair: dict[str, Any]) -> list[str]:
    """A pair's cells as compare's tables print them, b - a."""
    def p(value: float) -> str:
        return f"{value:.4f}"

    def signed(value: float) -> str:  # never -0.00 nor +0.00
        text = f"{value:+.2f}"
        return "0.00" if text[1:] == "0.00" else text

    low, high = pair["interval"]
    return [pair["a"], pair["b"], signed(pair["difference"]),
            f"[{signed(low)}, {signed(high)}]",
            p(pair["p"]), p(pair["p_holm"]) + ("*" if pair["significant"] else ""),
            p(pair["p_exact"]), str(pair["sentences"])]


@pytest.mark.cli
def test_compare_over_every_pair_shows_every_pair_in_every_format(tmp_path: Path) -> None:
    # 10 sentences (the exact test runs), three systems: good and moved
    # differ significantly, half (half good, half moved) from neither.
    gold = write_trees(tmp_path / "gold.mrg", [GOLD] * 10)
    paths = [write_trees(tmp_path / f"{name}.mrg", trees) for name, trees in
             (("good", [GOLD] * 10), ("moved", [PARSE2] * 10),
              ("half", [GOLD] * 5 + [PARSE2] * 5))]
    options = ("--metrics", "parseval", "--samples", "1000")
    data = json.loads(run("compare", gold, *paths, *options, "--format", "json").stdout)
    pairs = data["significance"]["parseval"]
    assert len(pairs) == 3 and not all(pair["significant"] for pair in pairs)
    assert any(pair["significant"] for pair in pairs)
    for fmt in ("text", "markdown", "latex"):
        out = run("compare", gold, *paths, *options, "--format", fmt).stdout
        if fmt == "text":
            rows = [line.split("  ") for line in out.splitlines()]
        elif fmt == "markdown":
            rows = [line.strip("| ").split(" | ") for line in out.splitlines()]
        else:  # a table row of a tabular, not a comment
            rows = [line.removesuffix(" \\\\").split(" & ") for line in out.splitlines()
                    if not line.startswith("%")]
            rows = [[cell.replace("$^*$", "*") for cell in row] for row in rows]
        rows = [[cell.strip() for cell in row if cell.strip()] for row in rows]
        for pair in pairs:
            assert _cells(pair) in rows, (fmt, pair)
        # The matrix stays, as a summary.
        assert "1 good" in out and "3 half" in out, fmt


# -- --encoding: each command's help names its own option -----------------------

@pytest.mark.cli
@pytest.mark.parametrize(("command", "own", "other"), [
    (("score",), "--encoding", None),
    (("compare",), "--encoding", None),
    (("tags",), "--encoding", None),
    (("align",), "--input-encoding", "the string to align"),
    (("grammars", "compile"), "--input-encoding", "the transducers to compile"),
])
def test_each_help_names_its_own_text_encoding_option(
        command: tuple[str, ...], own: str, other: str | None) -> None:
    # the help as one line (click wraps after a hyphen: "--input-" "encoding")
    said = re.sub(r"(\w)- (\w)", r"\1-\2", " ".join(run(*command, "--help").stdout.split()))
    if command != ("grammars", "compile"):
        assert f"Text encoding of GOLD (default: {own})." in said
        assert f"Text encoding of TEST (default: {own})." in said
    assert (f"here --encoding is another option: {other})" in said) == (other is not None)


@pytest.mark.cli
def test_convert_takes_input_encoding_as_every_command_does(tmp_path: Path) -> None:
    path = tmp_path / "latin.mrg"
    path.write_bytes("(S (NP (NN café)) (VP (VBD rose)))\n".encode("latin-1"))
    for option in ("--encoding", "--input-encoding"):
        out = run("convert", str(path), option, "latin-1", "--to", "bracketed")
        assert out.exit_code == 0 and "café" in out.stdout, out.output


# -- a weighted word error rate is labelled so -------------------------------------

DATA = Path(__file__).resolve().parents[1] / "src" / "parsedit" / "data"
SEQUOIA = str(DATA / "sequoia-gold.mrg")
RETOKENISED = str(DATA / "sequoia-retokenised.mrg")
WEIGHTED = ("the word error rate is weighted by words-tokenisation, whose costs are not all 1 "
            "(a merge of words costs 0.5): it is that scheme's cost over the gold words, not "
            "sclite's WER (--word-costs words gives that)")


def test_only_a_scheme_of_unit_costs_gives_sclites_wer() -> None:
    from dataclasses import replace

    from parsedit.costs import load_scheme

    words = load_scheme("words")
    assert words.unit_cost and not load_scheme("words-tokenisation").unit_cost
    # Without a substitution of any word by any other, replacing a word costs 2.
    assert not replace(words, substitute=()).unit_cost
    assert not replace(words, insert=()).unit_cost
    assert not replace(words, merge=1.0).unit_cost


@pytest.mark.cli
@pytest.mark.parametrize(("scheme", "title"), [
    ("words", "word error rate 8.80;"),
    ("words-tokenisation", "word error rate (weighted by words-tokenisation) 3.07;"),
])
def test_the_word_error_rate_says_when_it_is_weighted(scheme: str, title: str) -> None:
    options = ("--yield", "align", "--word-costs", scheme, "--metrics", "parseval")
    text = run("score", SEQUOIA, RETOKENISED, *options)
    assert title in text.stdout
    report = json.loads(run("score", SEQUOIA, RETOKENISED, *options, "--format", "json").stdout)
    assert (WEIGHTED in report["warnings"]) == (scheme != "words")
    assert (WEIGHTED in text.stderr) == (scheme != "words")
    aligned = run("align", SEQUOIA, RETOKENISED, "-n", "1", "--encoding", "words",
                  "--word-costs", scheme)
    assert ("word error rate (weighted by words-tokenisation) 4.35" in aligned.stdout) \
        == (scheme != "words")
    compared = run("compare", SEQUOIA, RETOKENISED, str(DATA / "sequoia-words10.mrg"),
                   *options, "--samples", "50").stdout
    header = [cell.strip() for cell in re.split(r"  +", compared.splitlines()[2])]
    assert ("WER (weighted by words-tokenisation)" in header) == (scheme != "words")
    assert ("WER" in header) == (scheme == "words")


# -- leaf-ancestor: one scale in every report ---------------------------------------

PERTURBED = str(DATA / "sequoia-perturbed.mrg")


@pytest.mark.cli
def test_leaf_ancestor_is_a_percentage_in_every_report_and_a_fraction_in_data() -> None:
    """The text report showed 0.8872 where compare and --format evalb show 88.72."""
    options = ("--metrics", "parseval,la")
    data = json.loads(run("score", SEQUOIA, PERTURBED, *options, "--format", "json").stdout)
    fraction = data["corpus"]["la"]["score"]
    assert 0 < fraction < 1  # JSON keeps the paper's [0, 1]
    shown = f"{100 * fraction:.2f}"
    text = run("score", SEQUOIA, PERTURBED, *options).stdout
    assert re.search(rf"^score % \(mean of sentences\) +{shown} ", text, re.M), text
    assert f"{fraction:.4f}" not in text
    evalb = run("score", SEQUOIA, PERTURBED, *options, "--format", "evalb").stdout
    assert f"Leaf-ancestor (sentences) = {100 * fraction:6.2f}" in evalb
    compared = run("compare", SEQUOIA, PERTURBED, SEQUOIA, *options, "--samples", "20").stdout
    assert f"  {shown} [" in compared


# -- -p spmrl: what its warnings say ------------------------------------------------

SHARED_SPMRL = Path(__file__).resolve().parents[2] / "shared" / "data" / "evalb" / "spmrl.prm"
TWO = ["(TOP (S (NP (D le) (N chat)) (VP (V dort))))",
       "(TOP (S (NP (D la) (N souris)) (VP (V court))))"]


def test_an_spmrl_prm_read_by_evalbs_rules_says_every_rule_that_differs() -> None:
    from parsedit.params import load_params

    if not SHARED_SPMRL.is_file():
        pytest.skip("no shared data")
    said = " ".join(load_params(str(SHARED_SPMRL)).warnings)
    # EVALB compares tags whole: they are not cut "at '#' too" but cut at all.
    assert "labels cut at '#' as well as '-' and '='" in said
    assert "tags compared cut the same way" in said
    assert "a length mismatch counted as a sentence with no bracket" in said


@pytest.mark.cli
def test_spmrl_says_unparsed_sentences_are_what_minus_x_counts(tmp_path: Path) -> None:
    gold = write_trees(tmp_path / "gold.mrg", TWO)
    test = write_trees(tmp_path / "test.mrg", [TWO[0], ""])
    said = "1 unparsed test sentence(s) (empty or unreadable lines) are left out"
    skipped = run("score", "-p", "spmrl", gold, test, "--metrics", "parseval",
                  "--format", "json")
    assert said in " ".join(json.loads(skipped.stdout)["warnings"])
    assert said in skipped.stderr and "--failures spmrl gives those figures" in skipped.stderr
    for failures in ("spmrl", "count"):
        counted = run("score", "-p", "spmrl", gold, test, "--metrics", "parseval",
                      "--failures", failures)
        assert "unparsed test sentence" not in counted.output
    evalbs = run("score", "-p", "collins", gold, test, "--metrics", "parseval")
    assert "unparsed test sentence" not in evalbs.output


@pytest.mark.cli
def test_spmrl_length_mismatches_name_the_empty_elements(tmp_path: Path) -> None:
    gold = write_trees(tmp_path / "gold.mrg",
                       ["(TOP (S (NP (-NONE- *)) (VP (V dort) (NP (D le) (N chat)))))"])
    test = write_trees(tmp_path / "test.mrg", ["(TOP (S (VP (V dort) (NP (D le) (N chat)))))"])
    out = run("score", "-p", "spmrl", gold, test, "--metrics", "parseval")
    assert "1 pair(s) whose word counts differ" in out.stderr
    assert "a DELETE_LABEL terminal (an empty element -NONE-) is a word" in out.stderr


# -- plot rank-differences: compare's ranks ------------------------------------------

def test_rank_differences_draws_compares_ranks(tmp_path: Path) -> None:
    """Two systems with the same figures share rank 1 in compare; the plot
    numbered them 1 and 2, and ranked a system compare does not rank."""
    pytest.importorskip("matplotlib")
    from parsedit.compare import headlines
    from parsedit.config import Config
    from parsedit.pipeline.run import evaluate
    from parsedit.report import plot

    gold = write_trees(tmp_path / "gold.mrg", [GOLD, GOLD])
    test = write_trees(tmp_path / "test.mrg", [PARSE2, PARSE2])
    twin = write_trees(tmp_path / "twin.mrg", [PARSE2, PARSE2])
    part = write_trees(tmp_path / "part.mrg", [GOLD, ""])
    config = Config(metrics=("parseval", "label"))
    results = [evaluate(gold, path, config) for path in (test, twin, gold, part)]
    board = headlines(results, config)
    assert board.ranks["parseval"] == [2, 2, 1, None]
    plt = plot._pyplot()
    figure = plot._rank_differences(plt, ["test", "twin", "gold", "part"], board)
    labels = [t.get_text() for t in figure.axes[0].get_yticklabels()]
    assert labels == ["1. gold - 2. test", "2. test - 2. twin"]
    assert "1 not ranked" in figure.axes[0].get_title()
    plt.close("all")


# -- small things: short helps, scheme summaries, the empty label ---------------------

@pytest.mark.cli
@pytest.mark.parametrize("group", [(), ("grammars",)])
def test_command_lists_are_not_cut_off(group: tuple[str, ...]) -> None:
    listed = run(*group, "--help").stdout.split("Commands:")[1]
    assert "..." not in listed, listed


@pytest.mark.cli
def test_grammars_list_keeps_a_sentence_past_an_abbreviation() -> None:
    listed = run("grammars", "list").stdout
    assert ("words-tokenisation: word costs for yields that differ in tokenisation and "
            "spelling rather than in words, e.g. an end-to-end tokeniser against a "
            "treebank's.\n") in listed


@pytest.mark.cli
def test_the_empty_label_has_a_name_in_the_per_label_table(tmp_path: Path) -> None:
    gold = write_trees(tmp_path / "gold.mrg", [f"( {GOLD})", f"( {GOLD})"])
    test = write_trees(tmp_path / "test.mrg", [f"( {PARSE2})", f"( {PARSE2})"])
    out = run("score", gold, test, "--metrics", "parseval,span", "--errors", "3").stdout
    rows = [line.split() for line in out.splitlines()]
    assert ["(no", "label)", "2", "2", "2", "100.00", "100.00", "100.00"] in rows, out
    data = json.loads(run("score", gold, test, "--metrics", "parseval,span", "--errors", "3",
                          "--format", "json").stdout)
    assert "" in [e["label"] for e in data["errors"]["labels"]]


@pytest.mark.cli
def test_the_max_error_stop_names_the_option_that_raises_it(tmp_path: Path) -> None:
    gold = write_trees(tmp_path / "gold.mrg", [GOLD] * 3)
    test = write_trees(tmp_path / "test.mrg", ["(S (X y))"] * 3)
    out = run("score", gold, test, "-e", "0", "--metrics", "parseval")
    assert "STOPPED" in out.stdout and "-e N (--max-error, max_error= in Python) allows more" \
        in out.stdout, out.stdout
    assert "STOPPED" not in run("score", gold, test, "-e", "3", "--metrics", "parseval").stdout


@pytest.mark.cli
def test_a_count_of_one_is_singular(tmp_path: Path) -> None:
    from parsedit.plural import plural

    assert (plural(1, "sentence"), plural(0, "error"), plural(2, "skip")) == (
        "1 sentence", "0 errors", "2 skips")
    gold = write_trees(tmp_path / "gold.mrg", [GOLD])
    test = write_trees(tmp_path / "test.mrg", ["(S (X y))"])
    out = run("score", gold, test, "--metrics", "parseval")
    assert "1 sentence: 0 scored, 0 skipped, 1 error\n" in out.stdout, out.stdout
    flipped = run("score", test, gold, "--metrics", "parseval")
    assert "gold has 1 word, test 15" in flipped.stderr, flipped.stderr
    two = write_trees(tmp_path / "two.mrg", [GOLD, GOLD])
    warned = run("score", two, write_trees(tmp_path / "t2.mrg", [PARSE2, "(S (X y))"]),
                 "--metrics", "parseval").stdout
    assert "1 of 2 sentences is left out of every figure (1 error: " in warned
    short = run("score", gold, write_trees(tmp_path / "none.mrg", []), "--metrics", "parseval")
    assert "holds 1 tree but" in short.output


@pytest.mark.cli
def test_score_help_reads_plainly() -> None:
    """Lines a new user could not read: "on the same line" (a CoNLL-U file
    has no tree a line), "--metrics TEXT", "the second summary", options
    prefixed by a bare "cascade:" or "unsupervised:", tagging options that
    did not say they are the tagging metric's."""
    text = " ".join(run("score", "--help").stdout.split())
    for gone in ("on the same line", "--metrics TEXT", "second summary", "M cascade:",
                 "K cascade:", "N unsupervised:", "reproduced and said"):
        assert gone not in text, gone
    for said in ("the n-th against the n-th", "--metrics LIST", "the len<=N column",
                 "With --movement cascade: at most M moves", "Tagging: the tagset",
                 "10 in collins", "sentence: also report the mean of the sentences'"):
        assert said in text, said


def test_run_the_tests_states_no_count_that_goes_stale() -> None:
    """The page said "The test counts are for 859 tests; the quick run has
    720" and gave each layer's count, stale by the next commit."""
    page = (Path(__file__).resolve().parents[1] / "docs" / "how-to" /
            "run-the-tests.md").read_text(encoding="utf-8")
    assert not re.search(r"\b\d{2,} tests\b|\| \d+ \|$|takes a minute", page, re.M)
    assert "--collect-only -q -m paper" in page


# -- EVALB's own limits: 200 words, 200 brackets -----------------------------------

SIMPLE = "(S (NP (DT the) (NN cat)) (VP (VBD sat)))"
# 207 brackets over two words: EVALB (COLLINS.prm) prints ID 203, status 201
# and recall 96.62 for this tree against itself (its bracket array overrun).
DEEP = "(S " + "(NP " * 205 + "(NN a)" + ")" * 205 + " (VP (VB b)))"
BEYOND = "beyond EVALB's arrays (MAX_WORD_IN_SENT, MAX_BRACKET_IN_SENT in evalb.c)"


@pytest.mark.cli
@pytest.mark.parametrize("route", ["reference", "lines/keys", "lines/sentences", "arrays/keys",
                                   "arrays/sentences"])
def test_pairs_beyond_evalbs_arrays_are_said(tmp_path: Path, route: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from parsedit.pipeline.tally import Tally

    summed: list[int] = []
    real = Tally.add_summed

    def counting(self: Tally, *args: Any, **kwargs: Any) -> None:
        summed.append(kwargs.get("beyond", args[6] if len(args) > 6 else 0))
        real(self, *args, **kwargs)

    monkeypatch.setattr(Tally, "add_summed", counting)
    trees = [SIMPLE] * 256
    trees[4] = trees[200] = DEEP
    gold = write_trees(tmp_path / "gold.mrg", trees)
    test = write_trees(tmp_path / "test.mrg", trees)
    for fmt in ("text", "evalb"):
        summed.clear()
        out = run("score", gold, test, "--metrics", "parseval", "--route", route, "-q",
                  "--format", fmt)
        assert f"2 pairs of these files hold more than 200 words or 200 brackets on a side, " \
            f"{BEYOND}" in out.stderr, out.stderr
        if route == "arrays/keys":  # (the pairs summed a group at a time are counted too)
            assert summed and sum(summed) == 2
    data = json.loads(run("score", gold, test, "--metrics", "parseval", "--route", route,
                          "--format", "json").stdout)
    assert any(BEYOND in w for w in data["warnings"])
    fine = write_trees(tmp_path / "fine.mrg", [SIMPLE] * 3)
    assert BEYOND not in run("score", fine, fine, "--route", route).output
    # EVALB_SPMRL's arrays are larger: no warning under its rules.
    assert BEYOND not in run("score", gold, test, "-p", "spmrl", "--route", route).output


def test_the_api_says_so_too() -> None:
    import parsedit

    result = parsedit.score([DEEP, SIMPLE], [DEEP, SIMPLE], metrics="parseval")
    assert any(BEYOND in w for w in result.warnings)
    evaluator = parsedit.Evaluator(metrics="parseval")
    evaluator.update([DEEP], [DEEP])
    evaluator.update([SIMPLE], [SIMPLE])
    assert any(BEYOND in w for w in evaluator.compute().warnings)


# -- the limits that change which pairs are scored are in the signature -------------

@pytest.mark.cli
def test_a_limit_that_changes_the_pairs_scored_is_in_the_signature(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def signed(*options: str) -> str:
        out = run("score", "--signature-only", *options)
        assert out.exit_code == 0, out.output
        return str(out.stdout)

    default = signed()
    assert "max-edit-size" not in default and "max-line-bytes" not in default
    monkeypatch.setenv("PARSEDIT_MAX_EDIT_SIZE", "1000")
    assert "|max-edit-size:1000|" in signed()
    # PARSEVAL alone aligns nothing: the limit changes no number there.
    assert "max-edit-size" not in signed("--metrics", "parseval")
    monkeypatch.setenv("PARSEDIT_MAX_EDIT_SIZE", "3000")
    assert signed() == default  # the default, set explicitly
    monkeypatch.setenv("PARSEDIT_MAX_LINE_BYTES", "4096")
    assert "|max-line-bytes:4096|" in signed("--metrics", "parseval")


# -- the API's JSON names its sources ------------------------------------------------

def test_the_apis_json_report_names_what_was_scored(tmp_path: Path) -> None:
    """to_dict() said "gold": "" and "test": "" where the CLI's JSON names
    the files."""
    import parsedit

    gold = write_trees(tmp_path / "gold.mrg", [GOLD])
    test = write_trees(tmp_path / "test.mrg", [PARSE2])
    report = parsedit.score(gold, test, metrics="parseval").to_dict()
    assert (report["gold"], report["test"]) == (gold, test)
    cli = json.loads(run("score", gold, test, "--metrics", "parseval", "--format",
                         "json").stdout)
    assert (cli["gold"], cli["test"]) == (report["gold"], report["test"])
    strings = parsedit.score([GOLD], [PARSE2], metrics="parseval")
    assert (strings.to_dict()["gold"], strings.to_dict()["test"]) == ("gold", "test")
    assert strings.to_dict("g.mrg", "t.mrg")["gold"] == "g.mrg"
    evaluator = parsedit.Evaluator(metrics="parseval")
    evaluator.update([GOLD], [PARSE2])
    assert evaluator.compute().to_dict()["test"] == "test"
    # The names are no part of what a result equals.
    from dataclasses import replace

    assert replace(strings, gold_name="other.mrg") == strings
