"""The Python API: the same numbers as the command line, whatever form the
trees come in, however the batches are cut."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from conftest import files, run
from hypothesis import given, settings
from hypothesis import strategies as st
from roark_trees import GOLD, PARSE2, PARSE3
from test_lines import ODD, PARAMS, pair
from test_lines import same as same_report
from test_properties import tree_pairs

import parsedit
from parsedit.errors import ConfigError, ParseditError
from parsedit.pipeline.scorer import Scorer
from parsedit.results import SentenceResult
from parsedit.trees.tree import Tree

ALL = "parseval,label,span,rule,la,tagging"


def cli_json(gold: str, test: str, *options: str) -> dict[str, Any]:
    result = run("score", gold, test, "--format", "json", *options)
    assert result.exit_code in (0, 1), result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def same_numbers(api: dict[str, Any], cli: dict[str, Any]) -> None:
    """Equal reports but for the file names, and the API's warnings of what
    the command line says on standard error (sentences left out, problems)."""
    for key in ("corpus", "sentences", "summary", "signature"):
        assert api[key] == cli[key], key
    assert api["warnings"][:len(cli["warnings"])] == cli["warnings"]
    extra = api["warnings"][len(cli["warnings"]):]
    assert all("left out of every figure" in w or "holds" in w or "stopped" in w
               or "no sentence" in w for w in extra), extra


@pytest.mark.cli
@pytest.mark.slow
def test_api_gives_the_cli_numbers_on_the_shared_data(shared: Path) -> None:
    cases = [("evalb/sample.gld", "evalb/sample.tst", "evalb/sample.prm"),
             ("kummerfeld/wsj01.mrg", "kummerfeld/berkeley.mrg", "collins"),
             ("sequoia/gold.mrg", "sequoia/ManifoldFR.mrg", "collins"),
             ("sequoia/gold.mrg", "sequoia/otmhi.mrg", "new"),
             ("evalb/bug.gld", "evalb/bug.tst", "evalb/new.prm")]
    for gold, test, params in cases:
        prm = str(shared / params) if "/" in params else params
        g, t = str(shared / gold), str(shared / test)
        api = parsedit.score(g, t, metrics=ALL, params=prm).to_dict(g, t)
        same_numbers(api, cli_json(g, t, "--metrics", ALL, "-p", prm))
    orig, clean = (str(shared / f"ptb-sample/wsj_0001-0199.{k}") for k in ("orig", "clean"))
    api = parsedit.score(orig, clean, metrics="parseval,label").to_dict(orig, clean)
    same_numbers(api, cli_json(orig, clean, "--metrics", "parseval,label"))


def test_strings_files_parsedit_trees_and_nltk_trees_agree(tmp_path: Path) -> None:
    nltk = pytest.importorskip("nltk")
    gold_lines, test_lines = [GOLD, GOLD, GOLD], [PARSE2, PARSE3, "(S (NP (PRN She)))"]
    gold, test = files(tmp_path, gold_lines, test_lines)
    by_file = parsedit.score(gold, test, metrics=ALL).to_dict()
    by_string = parsedit.score(gold_lines, test_lines, metrics=ALL).to_dict()
    trees = [[Tree.from_tokens(parsedit_tokens(s)) for s in side]
             for side in (gold_lines, test_lines)]
    gold_trees, test_trees = trees
    by_tree = parsedit.score(gold_trees, test_trees, metrics=ALL).to_dict()
    by_nltk = parsedit.score([nltk.Tree.fromstring(s) for s in gold_lines],
                             [nltk.Tree.fromstring(s) for s in test_lines], metrics=ALL).to_dict()
    for other in (by_string, by_tree, by_nltk):
        assert other["corpus"] == by_file["corpus"]
        assert [s["status"] for s in other["sentences"]] == \
            [s["status"] for s in by_file["sentences"]]


def parsedit_tokens(text: str) -> tuple[str, ...]:
    from parsedit.trees.reader import read_sentence
    tokens = read_sentence(text).tokens
    assert tokens is not None
    return tokens


def test_an_unreadable_string_is_a_skip_with_its_position() -> None:
    result = parsedit.score([GOLD, GOLD], [PARSE2, "(S (NP she"])
    assert [s.status for s in result.sentences] == ["ok", "skip"]
    message = result.sentences[1].message
    assert message is not None and message.startswith("test:2:")
    assert result.label is not None and result.label.gold == 11


def test_results_have_plain_attributes() -> None:
    result = parsedit.score([GOLD, GOLD], [PARSE2, PARSE3], metrics="parseval,label,la")
    assert result.label is not None and result.label.edits == 5.0
    assert result.label.accuracy == pytest.approx(100 - 500 / 22)
    assert result.parseval is not None and result.parseval.f_measure is not None
    first = result.sentences[0].parseval
    assert first is not None and first.recall == pytest.approx(800 / 11)
    assert result.signature.startswith("metrics:parseval+label+la|")
    assert result.to_dict()["corpus"]["label"]["edits"] == 5.0
    assert result.span is None  # not asked for


@settings(max_examples=15, deadline=None)
@given(st.lists(tree_pairs(), min_size=1, max_size=8), st.integers(1, 4))
def test_batches_merges_and_one_call_agree(pairs: list[list[Tree]], size: int) -> None:
    gold = [g.to_string() for g, _ in pairs]
    test = [t.to_string() for _, t in pairs]
    metrics = "parseval,label,span,rule,la,tagging"
    once = parsedit.score(gold, test, metrics=metrics, params="none").to_dict()["corpus"]
    evaluator = parsedit.Evaluator(metrics=metrics, params="none")
    halves = [parsedit.Evaluator(metrics=metrics, params="none") for _ in range(2)]
    for start in range(0, len(gold), size):
        evaluator.update(gold[start:start + size], test[start:start + size])
        halves[(start // size) % 2].update(gold[start:start + size], test[start:start + size])
    assert close(evaluator.compute().to_dict()["corpus"], once)
    merged = halves[0] + halves[1]
    assert close(merged.compute().to_dict()["corpus"], once)
    # The state is sums: adding two states key by key merges them too.
    reduced = parsedit.Evaluator(metrics=metrics, params="none")
    a, b = halves[0].state(), halves[1].state()
    reduced.load_state({key: a[key] + b[key] for key in a})
    assert close(reduced.compute().to_dict()["corpus"], once)
    evaluator.reset()
    assert evaluator.compute().totals.sentences == 0


@settings(max_examples=150, deadline=None)
@given(st.lists(pair() | st.tuples(st.sampled_from(ODD), st.sampled_from(ODD)), min_size=1,
                max_size=10),
       st.sampled_from(PARAMS),
       st.sampled_from(["parseval", "label,span,rule", "parseval,la", "parseval,tagging"]),
       st.sampled_from(["strict", "align"]), st.integers(1, 4), st.booleans(), st.booleans())
def test_evaluator_strings_read_as_lines_give_the_per_sentence_results(
        pairs: list[tuple[str, str]], params: str, metrics: str, yields: str, size: int,
        broken: bool, numpy: bool) -> None:
    # Evaluator.update reads a batch of strings as a file's lines are read
    # (parsedit.pipeline.units.batch, batch_root_labels; with numpy or line
    # by line); the oracle is the same evaluator on the reference route,
    # reading every pair by the reference reader and scoring it on its own.
    # ``broken``: line breaks inside some strings.
    gold = [g for g, _ in pairs]
    test = [t.replace(") (", ")\n(", 1) if broken and k % 2 else t
            for k, (_, t) in enumerate(pairs)]
    loaded = replace(parsedit.load_params(params), max_error=1000)
    keys = metrics == "parseval"
    fast = ("lines" if not numpy or (keys and yields == "align") else "arrays") + \
        ("/keys" if keys else "/sentences")

    def evaluated(route: str) -> tuple[list[SentenceResult], parsedit.results.CorpusResult]:
        evaluator = parsedit.Evaluator(metrics=metrics, params=loaded, yields=yields,
                                       keep_sentences=True, route=route)
        batches = [evaluator.update(gold[start:start + size], test[start:start + size])
                   for start in range(0, len(gold), size)]
        return [s for batch in batches for s in batch], evaluator.compute()

    batches, result = evaluated(fast)
    assert result.route == fast
    oracle_batches, oracle = evaluated("reference")
    assert batches == oracle_batches == list(result.sentences)
    assert same_report(result, oracle)
    # parsedit.score gives the same sentences, but for its messages' line
    # numbers (an evaluator numbers each batch's lines from 1).
    scored = parsedit.score(gold, test, metrics=metrics, params=loaded, yields=yields)
    assert [replace(s, message=None, reason=None) for s in result.sentences] == \
        [replace(s, message=None, reason=None) for s in scored.sentences]


@pytest.mark.parametrize("metrics", ["parseval", ALL])
def test_evaluator_reads_strings_of_the_usual_form_as_lines(metrics: str) -> None:
    # No pair of one-line trees goes through the reader (Scorer.pair).
    expected = parsedit.score([GOLD, PARSE2], [PARSE2, PARSE3], metrics=metrics)
    evaluator = parsedit.Evaluator(metrics=metrics)
    with patch.object(Scorer, "pair", side_effect=AssertionError("read by the reader")):
        evaluator.update([GOLD, PARSE2], [PARSE2, PARSE3])
    assert evaluator.compute().to_dict()["corpus"] == expected.to_dict()["corpus"]


def close(a: object, b: object) -> bool:
    """Equal, floats to rounding (sums taken in another order)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(close(a[k], b[k]) for k in a)
    if isinstance(a, float) and isinstance(b, float):
        return a == pytest.approx(b)
    return a == b


def test_bad_input_raises_parsedits_own_errors() -> None:
    with pytest.raises(ConfigError, match="unknown metric 'bogus'"):
        parsedit.score([GOLD], [GOLD], metrics="parseval,bogus")
    with pytest.raises(ParseditError, match="no cost scheme 'nosuch'"):
        parsedit.score([GOLD], [GOLD], costs={"label": "nosuch"})
    with pytest.raises(ConfigError, match="holds 2 trees but the test batch 1"):
        parsedit.Evaluator().update([GOLD, GOLD], [GOLD])
    with pytest.raises(ConfigError, match="grammar module"):
        parsedit.Evaluator(metrics="span", costs={"span": "span-boundary"})


def test_align_returns_the_edit_script_as_data() -> None:
    script = parsedit.align(GOLD, PARSE2)
    assert isinstance(script, parsedit.EditScript)
    assert script.counts.edits == 2 and script.counts.basic == 4
    assert script.moves == ((3, 2.0),)
    assert sum(op.cost for op in script.ops) == 4
    assert [op.kind for op in script.ops].count("ins") == 5
    rules = parsedit.align(GOLD, PARSE2, encoding="rule", rule_pos="tags")
    assert isinstance(rules, parsedit.EditScript)
    assert any(op.kind == "sub" and op.gold == "-> VBD NP PP" for op in rules.ops)
    lineages = parsedit.align(GOLD, PARSE2, encoding="lineage")
    assert isinstance(lineages, parsedit.LineageScript)
    assert lineages.words[0].word == "She"
    with pytest.raises(ConfigError, match="not scored"):
        parsedit.align("(S (A a))", "(S (A b))")


def test_loaded_objects_can_be_passed_in() -> None:
    params = parsedit.load_params("none")
    costs = parsedit.load_costs("levenshtein")
    result = parsedit.score([GOLD], [PARSE2], metrics="label", params=params,
                            costs={"label": costs})
    assert "label:levenshtein@" in result.signature and "params:none@" in result.signature


def test_import_loads_neither_numpy_matplotlib_nor_the_cli() -> None:
    code = ("import sys, parsedit; parsedit.score(['(S (A a))'], ['(S (A a))']); "
            "print(sorted(m for m in ('numpy', 'matplotlib', 'parsedit.cli', 'click') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.cli
def test_python_dash_m_is_the_command() -> None:
    out = subprocess.run([sys.executable, "-m", "parsedit", "--version"], capture_output=True,
                         text=True, check=True)
    assert out.stdout.startswith("parsedit, version")


def test_brackets_and_odd_leaves_in_nltk_trees_are_words() -> None:
    nltk = pytest.importorskip("nltk")
    gold = nltk.Tree("S", [nltk.Tree("NP", [nltk.Tree("-LRB-", ["("]), nltk.Tree("NN", ["x"]),
                                            nltk.Tree("-RRB-", [")"])]),
                           nltk.Tree("VP", [nltk.Tree("CD", [1])])])
    test = "(S (-LRB- -LRB-) (NP (NN x)) (-RRB- -RRB-) (VP (CD 1)))"
    result = parsedit.score([gold], [test], metrics="parseval")
    assert result.sentences[0].status == "ok"
    assert result.parseval is not None and result.parseval.f_measure == pytest.approx(200 / 3)


def test_the_command_lines_option_names_are_accepted() -> None:
    result = parsedit.score([GOLD], [PARSE2], metrics="label", label_costs="levenshtein")
    assert "label:levenshtein@" in result.signature
    with pytest.raises(ConfigError, match="unknown option.*colour"):
        parsedit.score([GOLD], [PARSE2], colour="red")


def test_an_evaluator_warns_of_differing_root_conventions() -> None:
    evaluator = parsedit.Evaluator(metrics="parseval")
    evaluator.update(["( (S (NP (DT a)) (VP (VB b))))"] * 2,
                     ["(TOP (S (NP (DT a)) (VP (VB b))))"] * 2)
    (warning,) = evaluator.compute().warnings
    assert warning.startswith("root conventions differ: on 2 of 2 scored sentences gold has")


DATA = Path(parsedit.__file__).parent / "data"


@pytest.mark.cli
def test_segmentation_align_in_the_api_is_the_command_lines() -> None:
    gold, test = DATA / "sequoia-gold.mrg", DATA / "sequoia-resegmented.mrg"
    options = ("--metrics", "parseval", "--yield", "align", "--segmentation", "align")
    cli = cli_json(str(gold), str(test), *options)
    by_path = parsedit.score(gold, test, metrics="parseval", yields="align",
                             segmentation="align")
    assert by_path.parseval is not None
    assert by_path.parseval.f_measure == cli["corpus"]["parseval"]["f_measure"]
    assert len(by_path.sentences) == len(cli["sentences"])
    lines = [line for line in gold.read_text().splitlines() if line.strip()]
    tests = [line for line in test.read_text().splitlines() if line.strip()]
    in_memory = parsedit.score(lines, tests, metrics="parseval", yields="align",
                               segmentation="align")
    assert in_memory.parseval == by_path.parseval


def test_the_api_reads_files_in_their_text_encoding(tmp_path: Path) -> None:
    gold = tmp_path / "gold.l1"
    gold.write_bytes("(S (NP (NN café)) (VP (VB vu)))\n".encode("latin-1"))
    with pytest.raises(ParseditError, match="utf-8"):
        parsedit.score(gold, gold, metrics="parseval")
    result = parsedit.score(gold, gold, metrics="parseval", encoding="latin-1")
    assert result.parseval is not None and result.parseval.f_measure == 100.0
    assert parsedit.score(gold, gold, metrics="parseval", gold_encoding="latin-1",
                          test_encoding="latin-1").parseval == result.parseval


def test_partial_data_is_never_silent_in_the_api() -> None:
    short = parsedit.score([GOLD, GOLD], [PARSE2], metrics="parseval")
    assert any("gold holds 2 trees but test holds 1" in w for w in short.warnings)
    errors = parsedit.score([GOLD, GOLD, GOLD], [PARSE2, "(S (X y))", PARSE2],
                            metrics="parseval")
    assert any(w.startswith("1 of 3 sentences is left out of every figure (1 error:")
               for w in errors.warnings), errors.warnings
    stopped = parsedit.score([GOLD] * 5, ["(S (X y))"] * 5, metrics="parseval",
                             max_error=1)
    assert stopped.stopped is not None and stopped.stopped in stopped.warnings
    evaluator = parsedit.Evaluator(metrics="parseval")
    evaluator.update([GOLD, GOLD], ["(S (X y))", PARSE2])
    assert any("1 of 2 sentences is left out" in w for w in evaluator.compute().warnings)
    evaluator.reset()
    evaluator.update([GOLD], ["(S (X y))"])
    assert "no sentence could be scored" in evaluator.compute().warnings
    clean = parsedit.score([GOLD], [PARSE2], metrics="parseval")
    assert clean.warnings == ()


def test_one_tree_instead_of_a_list_is_refused_by_name() -> None:
    nltk = pytest.importorskip("nltk")
    tree = nltk.Tree.fromstring(GOLD)
    with pytest.raises(ConfigError, match="one tree, not a list of sentences"):
        parsedit.score(tree, tree)
    with pytest.raises(ConfigError, match="a bracketed tree, not a path"):
        parsedit.score(GOLD, [PARSE2])
    with pytest.raises(ConfigError, match="one tree"):
        parsedit.Evaluator(metrics="parseval").update(tree, tree)


def test_evaluators_can_be_summed() -> None:
    parts = []
    for test in (PARSE2, PARSE3, GOLD):
        evaluator = parsedit.Evaluator(metrics="parseval")
        evaluator.update([GOLD], [test])
        parts.append(evaluator)
    whole = parsedit.Evaluator(metrics="parseval")
    whole.update([GOLD] * 3, [PARSE2, PARSE3, GOLD])
    total = sum(parts)
    assert isinstance(total, parsedit.Evaluator)
    assert total.compute().parseval == whole.compute().parseval


def test_align_names_an_unknown_encoding_as_an_encoding() -> None:
    with pytest.raises(ConfigError, match="unknown encoding 'labels': expected one of label"):
        parsedit.align(GOLD, PARSE2, encoding="labels")


def test_costs_for_no_metric_are_refused_and_align_takes_them_as_score_does() -> None:
    gold, test = "(S (NN a) (NN b))", "(S (NN a) (VB b))"
    # "lineage" names the encoding; the metric whose scheme it is is "la".
    with pytest.raises(ConfigError, match="costs for 'lineage'"):
        parsedit.score([gold], [test], metrics="la", costs={"lineage": "sampson-first-char"})
    with pytest.raises(ConfigError, match="costs for 'labl'"):
        parsedit.score([gold], [test], costs={"labl": "levenshtein"})
    as_mapping = parsedit.align(gold, test, encoding="lineage",
                                costs={"la": "sampson-first-char"})
    as_name = parsedit.align(gold, test, encoding="lineage", costs="sampson-first-char")
    assert as_mapping == as_name


def test_two_bracketed_strings_are_refused_by_name() -> None:
    with pytest.raises(ConfigError, match="gold: a bracketed tree, not a path"):
        parsedit.score("(S (NN a))", "(S (NN a))")
