"""The leaf-ancestor metric: Sampson and Babarczy's examples, number for
number, and Hypothesis against independent oracles."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import files, run, tree
from hypothesis import given, settings
from sampson_examples import EXAMPLES, WORD_SCORES, to_ptb
from test_properties import edit_distance, tree_pairs

from parsedit.config import Config
from parsedit.costs import load_costs
from parsedit.encodings.lineage import lineages
from parsedit.metrics.leaf_ancestor import LeafAncestor
from parsedit.params import Params
from parsedit.pipeline.scorer import Scorer
from parsedit.trees.normalise import NONE
from parsedit.trees.tree import Tree

PAPER = Config(metrics=("parseval", "la"), params=Params(NONE),
               schemes={"la": load_costs("sampson-first-char")})


def scored(number: int, config: Config = PAPER) -> tuple[float, float, float, list[float]]:
    """(GEIG/unlabelled F, GEIG/labelled F, LA, word scores) of an example."""
    gold, test, _ = EXAMPLES[number]
    g, t = (NONE.apply(tree(to_ptb(s))) for s in (gold, test))
    evaluator = Scorer(config)
    la = evaluator.metrics["la"].score(g, t).counts
    from parsedit.metrics import parseval
    p = parseval.score(g, t, True, False, False)
    return (2 * p.unlabelled / (p.gold + p.test), 2 * p.labelled / (p.gold + p.test),
            la.score or 0.0, list(la.word_scores))


@pytest.mark.paper
@pytest.mark.parametrize("number", sorted(EXAMPLES))
def test_the_papers_figures(number: int) -> None:
    unlabelled, labelled, la, _ = scored(number)
    assert (round(unlabelled, 3), round(labelled, 3), round(la, 3)) == EXAMPLES[number][2]


@pytest.mark.paper
@pytest.mark.parametrize("number", sorted(WORD_SCORES))
def test_the_papers_word_scores(number: int) -> None:
    assert [round(s, 3) for s in scored(number)[3]] == WORD_SCORES[number]


@pytest.mark.paper
def test_lineages_as_printed() -> None:
    gold, test, _ = EXAMPLES[1]
    assert [" ".join(x) for x in lineages(NONE.apply(tree(to_ptb(gold))))] == [
        "N1 [ S", "[ N1 N1 S", "N1 ] N1 S", "N1 ] S", "S", "S ]"]
    assert [" ".join(x) for x in lineages(NONE.apply(tree(to_ptb(test))))] == [
        "NP [ S", "NP S", "NP S", "NP ] S", "S", "S ]"]
    gold, test, _ = EXAMPLES[11]
    g = [" ".join(x) for x in lineages(NONE.apply(tree(to_ptb(gold))))]
    t = [" ".join(x) for x in lineages(NONE.apply(tree(to_ptb(test))))]
    assert (g[0], t[0]) == ("[ S", "[ S")
    assert (g[7], t[7]) == ("NP [ S S S", "[ NP S S")  # these
    assert (g[8], t[8]) == ("NP S S S", "NP ] S S")  # two
    assert (g[9], t[9]) == ("NP ] S S S", "[ S S S")  # offices
    assert (g[-1], t[-1]) == ("PP NP S VP S S S ]", "PP NP VP VP VP S S S ]")


def test_preterminals_join_lineages_when_asked() -> None:
    bracketing = NONE.apply(tree("(S (NP (DT the) (NN dog)) (VBZ barks))"))
    assert lineages(bracketing) == [("NP", "[", "S"), ("NP", "]", "S"), ("S", "]")]
    # A tag is the lowest node: the highest ending with "the" (NP does not),
    # the highest beginning with "dog" and "barks".
    assert lineages(bracketing, preterminals=True) == [
        ("DT", "]", "NP", "[", "S"), ("[", "NN", "NP", "]", "S"), ("[", "VBZ", "S", "]")]


def test_the_default_costs_are_all_or_nothing() -> None:
    # N1 [ S against NP [ S: a substitution at 2, 1 - 2/6.
    words = scored(1, Config(metrics=("la",), params=Params(NONE)))[3]
    assert round(words[0], 3) == 0.667


# -- Hypothesis ----------------------------------------------------------------

def lineage_oracle(t: Tree) -> list[tuple[str, ...]]:
    """Lineages from a recursive walk, written from the paper's rules (i) and
    (ii): each ancestor, innermost first, knows whether the word begins it
    and whether the word ends it."""
    out: list[tuple[str, ...]] = []

    def walk(node: Tree, ancestors: list[tuple[str, bool, bool]]) -> None:
        if node.is_preterminal:
            first = max((i for i, a in enumerate(ancestors) if a[1]), default=None)
            last = max((i for i, a in enumerate(ancestors) if a[2]), default=None)
            lineage: list[str] = []
            for i, (label, _, _) in enumerate(ancestors):
                lineage += ["["] * (i == first) + [label] + ["]"] * (i == last)
            out.append(tuple(lineage))
            return
        for n, child in enumerate(node.children):
            assert isinstance(child, Tree)
            begins, ends = n == 0, n == len(node.children) - 1
            walk(child, [(node.label, begins, ends)] + [
                (label, b and begins, e and ends) for label, b, e in ancestors])

    walk(t, [])
    return out


def sampson(a: tuple[str, ...], b: tuple[str, ...]) -> float:
    return edit_distance(list(a), list(b),
                         lambda x, y: 0.5 if x[0] == y[0] else 2.0, lambda y: 1.0, lambda x: 1.0)


@settings(max_examples=200, deadline=None)
@given(tree_pairs())
def test_word_scores_are_the_plain_dynamic_programme(pair: list[Tree]) -> None:
    gold, test = pair
    la = LeafAncestor(load_costs("sampson-first-char"))
    result = la.lineages(NONE.apply(gold), NONE.apply(test))
    expected_gold, expected_test = lineage_oracle(gold), lineage_oracle(test)
    assert result.gold == expected_gold and result.test == expected_test
    for g, t, score in zip(expected_gold, expected_test, result.counts.word_scores):
        assert score == pytest.approx(1 - sampson(g, t) / (len(g) + len(t)))
        assert 0.0 <= score <= 1.0


@settings(max_examples=100, deadline=None)
@given(tree_pairs(count=1))
def test_identical_trees_score_1(trees: list[Tree]) -> None:
    for scheme in ("leaf-ancestor", "sampson-first-char"):
        counts = LeafAncestor(load_costs(scheme)).score(*[NONE.apply(trees[0])] * 2).counts
        assert counts.score == 1.0 and counts.word_sum == counts.words


# -- command line --------------------------------------------------------------

def example_files(tmp_path: Path, numbers: list[int]) -> tuple[str, str]:
    return files(tmp_path, [to_ptb(EXAMPLES[n][0]) for n in numbers],
                 [to_ptb(EXAMPLES[n][1]) for n in numbers])


@pytest.mark.paper
@pytest.mark.cli
def test_json_and_text_reports(tmp_path: Path) -> None:
    gold, test = example_files(tmp_path, [1, 2, 3])
    args = ("score", gold, test, "-p", "none", "--metrics", "parseval,la", "--la-costs",
            "sampson-first-char")
    result = run(*args, "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    sentences = [s["la"] for s in data["sentences"]]
    assert [round(s["score"], 3) for s in sentences] == [0.833, 0.952, 0.262]
    assert [round(w, 3) for w in sentences[0]["word_scores"]] == WORD_SCORES[1]
    corpus = data["corpus"]["la"]
    assert round(corpus["score"], 4) == round((0.8333333 + sum(
        s["score"] for s in sentences[1:])) / 3, 4)
    words = sum(sum(s["word_scores"]) for s in sentences)
    assert corpus["word_score"] == pytest.approx(words / 23)
    assert (corpus["sentences"], corpus["words"], corpus["worst_words"]) == (3, 23, None)
    assert "|la:sampson-first-char@" in data["signature"]
    text = run(*args).stdout
    assert f"{'score % (mean of sentences)':<36}{100 * corpus['score']:>10.2f}" in text
    evalb = run(*args, "--format", "evalb").stdout
    assert f"Leaf-ancestor (sentences) = {100 * corpus['score']:6.2f}" in evalb


@pytest.mark.cli
def test_worst_words(tmp_path: Path) -> None:
    gold, test = example_files(tmp_path, [1, 3, 3])
    result = run("score", gold, test, "-p", "none", "--metrics", "la", "--la-costs",
                 "sampson-first-char", "--worst-words", "2", "--format", "json")
    worst = json.loads(result.stdout)["corpus"]["la"]["worst_words"]
    # Example 3, twice: "they" and "deal" (S S for PP T, both wrong: score 0)
    # lose the most, then "," (S for T).
    assert [(w["gold"], w["test"], w["count"], w["loss"]) for w in worst] == [
        ("S S", "PP T", 4, 4.0), ("S", "T", 2, 2.0)]
    assert worst[0]["examples"] == [{"sentence": 2, "word": "they"},
                                    {"sentence": 2, "word": "deal"},
                                    {"sentence": 3, "word": "they"}]
    text = run("score", gold, test, "-p", "none", "--metrics", "la",
               "--worst-words", "1").stdout
    assert "Lineage pairs that lose most" in text
    refused = run("score", gold, test, "--worst-words", "3")
    assert refused.exit_code == 2


@pytest.mark.paper
@pytest.mark.cli
def test_align_shows_the_papers_display(tmp_path: Path) -> None:
    gold, test = example_files(tmp_path, [1])
    result = run("align", gold, test, "-n", "1", "--encoding", "lineage", "-p", "none",
                 "--la-costs", "sampson-first-char")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[4:10] == [
        "0.917  two       N1 [ S    : NP [ S",
        "0.583  tax       [ N1 N1 S : NP S",
        "0.583  revision  N1 ] N1 S : NP S",
        "0.917  bills     N1 ] S    : NP ] S",
        "1.000  were      S         : S",
        "1.000  passed    S ]       : S ]",
    ]
    assert lines[-1] == "sentence score 0.833 (mean of 6 words)"
