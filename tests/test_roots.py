"""Root and forest conventions, and failures that count.

The oracle here reads a sentence as its list of top-level items (trees or
preterminals) and builds the tree the convention says every edit encoding
reads: the one top-level constituent, or a virtual root with the empty label
over all the items.  Label, span and rule strings and lineages are then
written recursively from that tree (the oracles of test_properties and
test_leaf_ancestor), independently of the package's flat token walks.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import files, run, tree
from hypothesis import given, settings
from hypothesis import strategies as st
from test_leaf_ancestor import lineage_oracle, sampson
from test_properties import (
    bracket_string,
    closes_after_each_word,
    five_steps,
    roark_basic,
    rule_list,
    span_list,
    trees_over,
    unit,
)

from parsedit.config import Config
from parsedit.costs import load_costs
from parsedit.costs.shipped import shipped_names
from parsedit.encodings import get_encoding
from parsedit.encodings.lineage import lineages
from parsedit.errors import ConfigError
from parsedit.metrics import parseval
from parsedit.params import Params, load_params, parse_params
from parsedit.pipeline.run import evaluate
from parsedit.pipeline.scorer import Scorer
from parsedit.trees.bracketing import Bracketing
from parsedit.trees.normalise import COLLINS
from parsedit.trees.roots import (
    VIRTUAL_ROOT,
    constituent_view,
    edit_view,
    outer_bracket,
    root_warning,
)
from parsedit.trees.tree import Tree

CONFIG = Config(metrics=("parseval", "label", "span", "rule", "la"),
                schemes={"la": load_costs("sampson-first-char")})
EVALUATOR = Scorer(CONFIG)
LA = EVALUATOR.metrics["la"]
WRAPS = ("plain", "outer", "top", "outer-top", "top-outer")


# -- the oracle ---------------------------------------------------------------
@st.composite
def forests(draw: st.DrawFn, words: list[str]) -> list[Tree]:
    """Top-level items covering ``words``: one to three trees or preterminals."""
    cuts = sorted(draw(st.sets(st.integers(1, len(words) - 1), max_size=2))) \
        if len(words) > 1 else []
    bounds = [0, *cuts, len(words)]
    out = []
    for a, b in zip(bounds, bounds[1:]):
        if b - a == 1 and draw(st.booleans()):
            out.append(Tree(draw(st.sampled_from(["DT", "NN", "VB"])), [words[a]]))
        else:
            out.append(draw(trees_over(words[a:b])))
    return out


@st.composite
def forest_pairs(draw: st.DrawFn) -> tuple[list[Tree], list[Tree]]:
    n = draw(st.integers(1, 6))
    words = [f"w{i}" for i in range(n)]
    return draw(forests(words)), draw(forests(words))


def oracle_root(items: list[Tree], empty: str = "") -> tuple[Tree, bool]:
    """The tree the convention reads, and whether its root is virtual."""
    if len(items) == 1 and not items[0].is_preterminal:
        return items[0], False
    return Tree(empty, list(items)), True


def oracle(items: list[Tree]) -> dict[str, list[Any]]:
    """The three strings and the lineages, written recursively."""
    root, virtual = oracle_root(items)
    label = [t for item in items for t in bracket_string(item)] if virtual \
        else bracket_string(root)
    spans = span_list(root)[0][1:] if virtual else span_list(root)[0]
    return {"label": label, "span": spans, "rule": rule_list(root),
            "lineage": lineage_oracle(oracle_root(items, "∅")[0])}


def written(items: list[Tree], wrap: str) -> Bracketing:
    """The normalised bracketing of ``items`` written one way: as a line of
    trees, in an unlabelled outer bracket, under TOP, or both."""
    tokens = [t for item in items for t in item.tokens()]
    for layer in wrap.split("-"):
        if layer == "outer":
            tokens = ["(", *tokens, ")"]
        elif layer == "top":
            tokens = ["(TOP", *tokens, ")"]
    return COLLINS.apply(tokens)


def label_edits(gold: list[str], test: list[str]) -> float:
    basic = roark_basic(gold, test)
    g, t = closes_after_each_word(gold), closes_after_each_word(test)
    return five_steps(basic, [max(0, x - y) for x, y in zip(g, t)],
                      [max(0, y - x) for x, y in zip(g, t)])


def scores(gold: Bracketing, test: Bracketing) -> dict[str, Any]:
    """The edit metrics' counts and leaf-ancestor's word scores."""
    out: dict[str, Any] = {n: o.counts for n, o in EVALUATOR.score(gold, test).items()
                           if n in ("label", "span", "rule")}
    out["la"] = LA.score(gold, test).counts.word_scores
    return out


@settings(max_examples=200, deadline=None)
@given(forest_pairs(), st.sampled_from(WRAPS), st.sampled_from(WRAPS))
def test_every_encoding_and_lineage_is_the_oracles(
        pair: tuple[list[Tree], list[Tree]], gold_wrap: str, test_wrap: str) -> None:
    gold_items, test_items = pair
    gold, test = written(gold_items, gold_wrap), written(test_items, test_wrap)
    g, t = oracle(gold_items), oracle(test_items)
    result = EVALUATOR.score(gold, test)
    assert result["label"].counts.edits == label_edits(g["label"], t["label"])
    assert result["span"].counts.edits == unit(g["span"], t["span"])
    assert result["rule"].counts.edits == unit(g["rule"], t["rule"])
    # Gold events: constituents (never the virtual root); one rule more for a forest.
    assert result["label"].counts.gold == result["span"].counts.gold == len(g["span"])
    assert result["rule"].counts.gold == len(g["rule"])
    la = LA.score(gold, test).detail
    assert la.gold == g["lineage"] and la.test == t["lineage"]
    assert all(la.gold) and all(la.test)  # no word has an empty lineage
    for a, b, score in zip(g["lineage"], t["lineage"], la.counts.word_scores):
        assert score == pytest.approx(1 - sampson(a, b) / (len(a) + len(b)))


@settings(max_examples=150, deadline=None)
@given(forest_pairs(), st.sampled_from(WRAPS), st.sampled_from(WRAPS))
def test_rewrapping_either_side_never_changes_an_edit_metric_or_la(
        pair: tuple[list[Tree], list[Tree]], gold_wrap: str, test_wrap: str) -> None:
    gold_items, test_items = pair
    plain = scores(written(gold_items, "plain"), written(test_items, "plain"))
    assert scores(written(gold_items, gold_wrap), written(test_items, test_wrap)) == plain


@settings(max_examples=150, deadline=None)
@given(forest_pairs(), st.sampled_from(WRAPS))
def test_a_sentence_against_itself_is_counted_without_its_symbols(
        pair: tuple[list[Tree], list[Tree]], wrap: str) -> None:
    """An identical pair is scored from ``Encoding.count`` alone, its
    symbols encoded only if its alignment is read: the same counts and
    alignment as the symbols give, and as the oracle's events."""
    sentence = written(pair[0], wrap)
    expected = oracle(pair[0])
    for name in ("label", "span", "rule", "lineage"):
        encoding = get_encoding(name)
        assert encoding.count(sentence) == encoding.events(encoding.encode(sentence))
    for name in ("label", "span", "rule"):
        outcome = EVALUATOR.metrics[name].score(sentence, sentence)
        assert outcome.counts.edits == outcome.counts.basic == 0
        assert outcome.counts.gold == len(expected["rule" if name == "rule" else "span"])
        symbols = get_encoding(name).encode(sentence)
        assert [(op.kind, op.gold, op.test) for op in outcome.detail.ops] == \
            [("match", s, s) for s in symbols]


@settings(max_examples=100, deadline=None)
@given(forest_pairs(), st.sampled_from(WRAPS), st.sampled_from(WRAPS))
def test_one_parse_written_two_ways_costs_nothing(
        pair: tuple[list[Tree], list[Tree]], gold_wrap: str, test_wrap: str) -> None:
    items = pair[0]
    result = scores(written(items, gold_wrap), written(items, test_wrap))
    assert all(result[n].edits == 0 for n in ("label", "span", "rule"))
    assert set(result["la"]) <= {1.0}


@settings(max_examples=100, deadline=None)
@given(forest_pairs(), st.sampled_from(WRAPS))
def test_the_edit_view_is_idempotent_and_never_a_wrapped_tree(
        pair: tuple[list[Tree], list[Tree]], wrap: str) -> None:
    tokens = written(pair[0], wrap)
    view = edit_view(tokens)
    assert edit_view(view) == view
    assert not outer_bracket(view) or len(pair[0]) > 1 or pair[0][0].is_preterminal
    # The constituent view is the edit view less its virtual root, however found.
    assert constituent_view(tokens) == (view[1:-1] if view[0] == VIRTUAL_ROOT else view)


# -- the examples ----------------------------------------------------
def normalised(text: str) -> Bracketing:
    return COLLINS.apply(tree(text))


FOREST = "(TOP (NP (DT the) (NN dog)) (VBD barked))"
TREE = "(TOP (S (NP (DT the) (NN dog)) (VBD barked)))"


def test_a_forest_is_one_tree_under_a_virtual_root() -> None:
    rule = get_encoding("rule")
    assert [rule.display(r) for r in rule.encode(normalised(FOREST))] == [
        "∅ -> NP barked", "-> the dog"]
    assert [rule.display(r) for r in rule.encode(normalised(TREE))] == [
        "S -> NP barked", "-> the dog"]
    assert lineages(normalised(FOREST)) == [("NP", "[", "∅"), ("NP", "]", "∅"), ("∅", "]")]
    span = get_encoding("span")
    assert [span.display(s) for s in span.encode(normalised(FOREST))] == ["NP[0,2]"]
    assert get_encoding("label").encode(normalised(FOREST))[0] == "(NP"
    # A deleted root costs one edit in every encoding, as a missing constituent.
    result = scores(normalised(TREE), normalised(FOREST))
    assert {n: result[n].edits for n in ("label", "span", "rule")} == {
        "label": 1, "span": 1, "rule": 1}
    # Several trees on one line are the same forest.
    line = COLLINS.apply(["(NP", "(DT the)", "(NN dog)", ")", "(VBD barked)"])
    assert scores(normalised(FOREST), line) == scores(normalised(FOREST), normalised(FOREST))


def test_parseval_keeps_evalb_counting_unless_asked() -> None:
    gold, test = normalised("( (S (NP (DT the) (NN dog)) (VBD barked)))"), normalised(TREE)
    counts = parseval.score(gold, test)
    assert (counts.gold, counts.test, counts.matched) == (3, 2, 2)  # ("", 0, 3) missed
    strip = parse_params("STRIP_OUTER_BRACKET 1\nDELETE_LABEL TOP\n", "x.prm", "x")
    norm = strip.normalisation
    counts = parseval.score(norm.apply(tree("( (S (NP (DT the) (NN dog)) (VBD barked)))")),
                            norm.apply(tree(TREE)))
    assert (counts.gold, counts.test, counts.matched) == (2, 2, 2)
    # Off by default, and in the signature only when on.
    assert not load_params("collins").normalisation.strip_outer_bracket
    assert strip.describe() != parse_params("DELETE_LABEL TOP\n", "x.prm", "x").describe()
    assert load_params("collins").describe().startswith("collins@c5ef27aa")


def test_root_warning_needs_most_sentences() -> None:
    assert root_warning(5, 10, 5, "g", "t") is None
    warning = root_warning(6, 10, 6, "g.mrg", "t.mrg")
    assert warning is not None and "g.mrg has an unlabelled outer bracket" in warning
    assert "STRIP_OUTER_BRACKET 1" in warning
    assert "t.mrg has" in (root_warning(6, 10, 0, "g.mrg", "t.mrg") or "")


# -- real data -----------------------------------------------------------------
def _wrapped(source: Path, target: Path) -> str:
    """``source`` with every tree (not the failure markers) put in an
    unlabelled outer bracket."""
    lines = source.read_text(encoding="utf-8").splitlines()
    target.write_text("".join(f"( {line})\n" if line.startswith("(SENT") else line + "\n"
                              for line in lines), encoding="utf-8")
    return str(target)


ALL = Config(metrics=("parseval", "label", "span", "rule", "la"))


def _figures(gold: str, test: str, config: Config = ALL) -> tuple[float, ...]:
    result = evaluate(gold, test, config)
    assert result.parseval is not None and result.la is not None
    f, la = result.parseval.f_measure, result.la.score
    assert f is not None and la is not None
    return (round(f, 2), *(round(result.totals.counts[m].accuracy, 2)
                           for m in ("label", "span", "rule")), round(la, 4))


@pytest.mark.slow
def test_manifold_lacking_the_outer_bracket_is_not_penalised(shared: Path,
                                                              tmp_path: Path) -> None:
    gold = str(shared / "sequoia/gold.mrg")
    plain = str(shared / "sequoia/ManifoldFR.mrg")
    wrapped = _wrapped(shared / "sequoia/ManifoldFR.mrg", tmp_path / "wrapped.mrg")
    # Edit metrics and leaf-ancestor: the same either way (before the
    # convention, leaf-ancestor was 0.6669 plain and 0.8518 wrapped).
    # PARSEVAL keeps EVALB's counts: F 51.26 plain, 56.51 wrapped.
    assert _figures(gold, plain) == (51.26, 59.12, 44.32, 44.16, 0.8157)
    assert _figures(gold, wrapped) == (56.51, 59.12, 44.32, 44.16, 0.8157)
    assert len(evaluate(gold, plain, CONFIG).warnings) == 1
    assert not evaluate(gold, wrapped, CONFIG).warnings
    # STRIP_OUTER_BRACKET 1: PARSEVAL ignores the convention too.
    prm = tmp_path / "strip.prm"
    prm.write_text((shared / "evalb/COLLINS.prm").read_text() + "STRIP_OUTER_BRACKET 1\n")
    stripped = Config(metrics=ALL.metrics, params=load_params(str(prm)))
    assert _figures(gold, plain, stripped) == _figures(gold, wrapped, stripped) \
        == (53.2, 59.12, 44.32, 44.16, 0.8157)
    assert not evaluate(gold, plain, stripped).warnings


def test_failures_count_against_a_system(shared: Path) -> None:
    gold = str(shared / "sequoia/gold.mrg")
    test = str(shared / "sequoia/ManifoldFR.mrg")
    metrics = ("parseval", "label", "span", "rule", "la", "tagging")
    skip = evaluate(gold, test, Config(metrics=metrics))
    count = evaluate(gold, test, Config(metrics=metrics, failures="count"))
    everything = evaluate(gold, gold, Config(metrics=metrics))
    counted = [s for s in count.sentences if s.counted]
    assert len(counted) == 80 and all(s.status == "skip" for s in counted)
    assert "failures:count" in count.signature and "failures" not in skip.signature
    # Every gold event is in the denominators, as for a perfect parser.
    for metric in ("label", "span", "rule"):
        skipped, counted_, perfect = (r.totals.counts[metric] for r in (skip, count, everything))
        assert skipped.gold == 2960
        assert counted_.gold == perfect.gold == 4269
        # each failure costs its gold events
        assert counted_.edits - skipped.edits == 4269 - 2960
    assert count.parseval is not None and skip.parseval is not None
    assert count.parseval.gold == 4579 and count.parseval.sentences == 310
    assert count.parseval.matched == skip.parseval.matched and count.parseval.test == \
        skip.parseval.test
    assert count.la is not None and skip.la is not None
    assert count.la.sentences == 310
    assert count.la.sentence_sum == pytest.approx(skip.la.sentence_sum)
    assert round(100 * (count.la.score or 0), 2) == 60.52
    forked = evaluate(gold, test, Config(metrics=metrics, failures="count"), jobs=2)
    assert forked.totals == count.totals
    assert count.tagging is not None and skip.tagging is not None
    assert everything.tagging is not None
    assert count.tagging["full"].recall_sum == skip.tagging["full"].recall_sum
    assert count.tagging["full"].gold_tags == everything.tagging["full"].gold_tags


DEFAULTS = Scorer(Config(metrics=("parseval", "label", "span", "rule", "la")))


@settings(max_examples=100, deadline=None)
@given(forest_pairs(), st.sampled_from(WRAPS))
def test_a_counted_failure_costs_what_a_parse_without_constituents_costs(
        pair: tuple[list[Tree], list[Tree]], wrap: str) -> None:
    """Under the default schemes, a counted failure's edits equal the real
    distance to the gold preterminals with no phrase at all (where gold has
    a constituent: see below), and the oracle's count of gold events."""
    gold_items = pair[0]
    gold = written(gold_items, wrap)
    expected = oracle(gold_items)
    if not expected["span"]:
        return
    flat = tuple(t for t in gold if t.startswith("((") or t[0] != "(" and t != ")")
    real = DEFAULTS.score(gold, flat)
    missed = {n: m.failure(gold) for n, m in DEFAULTS.metrics.items()}
    for name in ("label", "span", "rule"):
        assert missed[name].edits == real[name].counts.edits == missed[name].gold
    assert missed["rule"].gold == len(expected["rule"])
    assert missed["span"].gold == missed["label"].gold == len(expected["span"])
    assert missed["la"].word_scores == (0.0,) * len(expected["lineage"])
    # PARSEVAL keeps EVALB's count: an unlabelled outer bracket is a gold bracket.
    assert (missed["parseval"].gold, missed["parseval"].test) == (
        len(expected["span"]) + ("outer" in wrap), 0)


def test_a_counted_failure_without_constituents() -> None:
    evaluator = DEFAULTS
    # By definition even where the flat parse would be right: a gold sentence
    # without constituents still has its virtual root's rule, which a failure misses.
    missed = {n: m.failure(normalised("(TOP (NN alone))"))
              for n, m in evaluator.metrics.items()}
    assert [missed[n].edits for n in ("label", "span", "rule")] == [0, 0, 1]


def test_orig_against_clean_is_one_parse(shared: Path) -> None:
    orig = str(shared / "ptb-sample/wsj_0001-0199.orig")
    clean = str(shared / "ptb-sample/wsj_0001-0199.clean")
    assert _figures(orig, clean)[1:] == (100.0, 100.0, 100.0, 1.0)


# -- command line ----------------------------------------------------------------
@pytest.mark.cli
def test_cli_failures(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [TREE, TREE], [TREE, "(Failure the dog barked)"])
    result = run("score", gold, test, "--failures", "count", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [s["counted"] for s in data["sentences"]] == [False, True]
    assert data["sentences"][1]["status"] == "skip"
    assert data["sentences"][1]["label"] == {"edits": 2.0, "basic": 2.0, "gold": 2}
    assert data["corpus"]["label"]["accuracy"] == 50.0
    assert "failures:count" in data["signature"]
    assert "counted as a parse with no constituents" in result.stderr
    text = run("score", gold, test, "--failures", "count").stdout
    assert "1 skipped (1 counted as failures)" in text
    assert "Failures counted as parses with no constituents (in the sums):" in text
    skipped = json.loads(run("score", gold, test, "--format", "json").stdout)
    assert skipped["corpus"]["label"]["accuracy"] == 100.0
    refused = run("score", gold, test, "--failures", "count", "--format", "evalb")
    assert refused.exit_code == 2 and "--format evalb cannot" in refused.stderr
    compared = run("compare", gold, test, gold, "--failures", "count", "--samples", "10",
                   "--format", "json")
    assert compared.exit_code == 0, compared.output
    assert "failures:count" in json.loads(compared.stdout)["signature"]
    with pytest.raises(ConfigError):
        Config(failures="ignore")


@pytest.mark.cli
def test_cli_root_warning_and_forest_alignment(tmp_path: Path) -> None:
    gold, test = files(tmp_path, ["( (S (NP (DT the) (NN dog)) (VBD barked)))"] * 2,
                       [TREE, FOREST])
    result = run("score", gold, test, "--format", "json")
    data = json.loads(result.stdout)
    assert len(data["warnings"]) == 1 and "STRIP_OUTER_BRACKET" in data["warnings"][0]
    assert "parsedit: warning: root conventions differ" in result.stderr
    shown = run("align", gold, test, "-n", "2", "--encoding", "rule")
    assert "∅ -> NP barked" in shown.stdout
    lineage = run("align", gold, test, "-n", "2", "--encoding", "lineage")
    assert "∅ ]" in lineage.stdout


def test_params_key_is_read(tmp_path: Path) -> None:
    params = parse_params("STRIP_OUTER_BRACKET 1\n", "p.prm", "p")
    assert params.normalisation.strip_outer_bracket and not params.warnings
    assert isinstance(params, Params)


SENTENCES = ["(S (NP (DT the) (NN dog)) (VP (VBD barked) (ADVP (RB loudly))))",
             "(NP (DT a) (NN cat))",
             "(NN alone)",
             "(NP (DT the) (NN dog)) (VBD barked)"]


def _layout(wrap: str, sentence: str) -> str:
    for layer in wrap.split("-"):
        if layer == "outer":
            sentence = f"( {sentence})"
        elif layer == "top":
            sentence = f"(TOP {sentence})"
    return sentence


@pytest.mark.parametrize("scheme", shipped_names())
def test_every_shipped_scheme_sees_one_parse_however_the_root_is_written(
        scheme: str, tmp_path: Path) -> None:
    encodings = load_costs(scheme).encodings or ("label", "span", "rule", "lineage")
    if encodings == ("words",):  # a word scheme aligns the yields (--yield align)
        encodings = ()
    metrics = tuple("la" if e == "lineage" else e for e in encodings) or ("label",)
    config = Config(metrics=metrics,
                    schemes={m: load_costs(scheme) for m in metrics} if encodings else {},
                    yields="align" if not encodings else "strict",
                    word_costs=None if encodings else load_costs(scheme))
    # The first line holds one tree, so the files are read line by line and
    # the last line (two trees) is one sentence.
    for gold_wrap, test_wrap in (("outer", "top"), ("plain", "outer-top"), ("top-outer",
                                                                             "plain")):
        gold, test = files(tmp_path, [_layout(gold_wrap, s) for s in SENTENCES],
                           [_layout(test_wrap, s) for s in SENTENCES])
        result = evaluate(gold, test, config)
        assert result.count("ok") == len(SENTENCES)
        if config.yields == "align":
            assert result.words is not None and result.words.cost == 0
            assert result.words.matched == result.words.gold == 10
        for metric in metrics:
            counts = result.totals.counts[metric]
            if metric == "la":
                assert counts.word_sum == counts.words == 10
            elif metric == "dep":
                assert counts.edits.edits == 0 and counts.uas == counts.las == 100
            else:
                assert counts.edits == 0


def test_root_labels_that_differ_by_convention_are_said(tmp_path: Path) -> None:
    gold_trees = ["(ROOT (S (NP (DT the) (NN dog)) (VP (VBD barked))))",
                  "(ROOT (S (NP (PRP it)) (VP (VBD ran))))"]
    top = [t.replace("(ROOT", "(TOP", 1) for t in gold_trees]
    gold, test = files(tmp_path, gold_trees, top)
    result = evaluate(gold, test, Config(metrics=("parseval",)))
    said = [w for w in result.warnings if w.startswith("root labels differ")]
    assert len(said) == 1 and "on 2 of the first 2 sentences" in said[0]
    assert "root labelled ROOT where" in said[0] and "has S" in said[0]
    # The same convention on both sides, or roots a parser chose: nothing said.
    same = evaluate(gold, gold, Config(metrics=("parseval",)))
    assert not any(w.startswith("root labels") for w in same.warnings)
    chosen, other = files(tmp_path, ["(S (NP (DT a)) (VP (VB b)))"] * 10,
                          ["(S (NP (DT a)) (VP (VB b)))"] * 9 + ["(FRAG (NP (DT a)) (VP (VB b)))"])
    assert not any(w.startswith("root labels")
                   for w in evaluate(chosen, other, Config(metrics=("parseval",))).warnings)


def test_root_labels_that_differ_are_said_by_the_python_api_too() -> None:
    import parsedit

    gold = ["(ROOT (S (NP (DT the) (NN dog)) (VP (VBD barked))))",
            "(ROOT (S (NP (PRP it)) (VP (VBD ran))))"]
    top = [t.replace("(ROOT", "(TOP", 1) for t in gold]

    def said(warnings: tuple[str, ...]) -> list[str]:
        return [w for w in warnings if w.startswith("root labels differ")]

    # In-memory sentences, as lists and as generators read once.
    for g, t in ((gold, top), (iter(gold), (s for s in top))):
        result = parsedit.score(g, t, metrics="parseval")
        assert result.totals.sentences == 2
        assert len(said(result.warnings)) == 1 and "on 2 of the first 2" in said(result.warnings)[0]
    assert not said(parsedit.score(gold, gold, metrics="parseval").warnings)
    # An evaluator fed batch by batch; merged with one that saw agreeing roots.
    differing = parsedit.Evaluator(metrics="parseval")
    differing.update(gold[:1], top[:1])
    differing.update(gold, top)
    assert "on 3 of the first 3" in said(differing.compute().warnings)[0]
    agreeing = parsedit.Evaluator(metrics="parseval")
    agreeing.update(gold, gold)
    assert not said(agreeing.compute().warnings)
    assert not said((differing + agreeing).compute().warnings)  # 3 of 5 differ: no convention


def test_root_label_is_the_edit_views_one_labelled_phrase() -> None:
    from parsedit.trees.roots import root_label

    assert root_label(("(S", "(NP", "((DT", "a)", ")", ")")) == "S"
    # An unlabelled outer bracket is no root of the edit metrics: its child is.
    assert root_label(("(", "(S", "((DT", "a)", ")", ")")) == "S"
    assert root_label(("(", "(NP", "((DT", "a)", ")", "(VP", "((VB", "b)", ")", ")")) is None
    assert root_label(("(NP", "((DT", "a)", ")", "(VP", "((VB", "b)", ")")) is None  # forest


def test_an_unlabelled_outer_bracket_over_another_root_label_is_said_twice(
        tmp_path: Path) -> None:
    # Gold (ROOT (S ...)) against test ( (S ...)): the outer bracket changes
    # PARSEVAL's counts, the root label ROOT against S every metric's; each is
    # said, the first only where PARSEVAL is scored.
    gold_trees = ["(ROOT (S (NP (DT the) (NN dog)) (VP (VBD barked))))",
                  "(ROOT (S (NP (PRP it)) (VP (VBD ran))))"]
    bare = [t.replace("(ROOT", "(", 1) for t in gold_trees]
    gold, test = files(tmp_path, gold_trees, bare)
    every = evaluate(gold, test, Config(metrics=("parseval", "label"))).warnings
    assert any(w.startswith("root conventions differ") for w in every)
    said = [w for w in every if w.startswith("root labels differ")]
    assert len(said) == 1 and "root labelled ROOT where" in said[0] and "has S" in said[0]
    assert "--delete-label ROOT deletes that root" in said[0]
    label = evaluate(gold, test, Config(metrics=("label",))).warnings
    assert not any(w.startswith("root conventions differ") for w in label)
    assert any(w.startswith("root labels differ") for w in label)
