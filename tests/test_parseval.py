"""PARSEVAL, Goodman's rates and Grammarly's variants: worked examples,
EVALB's conventions, and properties against brute-force oracles."""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from conftest import run, tree, write_trees
from grammarly_cases import CASES, TABLE_1
from hypothesis import given, settings
from test_properties import tree_pairs

from parsedit.config import Config
from parsedit.metrics import parseval
from parsedit.params import load_params
from parsedit.pipeline.run import evaluate
from parsedit.results import ParsevalCounts
from parsedit.trees.normalise import COLLINS, NONE
from parsedit.trees.tree import Tree

Span = tuple[str, int, int]
Node = tuple[bool, str, int, int, tuple[tuple[int, int], ...]]  # see nodes()


def score(gold: str, test: str, **options: bool) -> ParsevalCounts:
    return parseval.score(NONE.apply(tree(gold)), NONE.apply(tree(test)), **options)


# Grammarly's example: a flat S against one with two NPs inside.
FLAT = "(S (NN a) (CC b) (NN c) (CC d) (NN e))"
NESTED = "(S (NP (NN a)) (CC b) (NP (NN c) (CC d) (NN e)))"


@pytest.mark.paper
def test_grammarly_parseval_counts_preterminals() -> None:
    c = score(FLAT, NESTED, with_preterminals=True)
    assert (c.matched, c.gold, c.test) == (6, 6, 8)  # precision 6/8, recall 100%


@pytest.mark.paper
def test_grammarly_parseval_split_needs_the_children_spans_too() -> None:
    c = score(FLAT, NESTED, with_preterminals=True, split=True)
    assert (c.matched, c.gold, c.test) == (5, 6, 8)  # precision 5/8, recall 5/6
    assert score(FLAT, NESTED).matched == 1 and score(FLAT, NESTED, split=True).matched == 0


def test_goodman_rates_on_a_small_pair() -> None:
    # Gold (S (X a b) (Y c d)); test (S (X a) (Z b c) d): the test's Z crosses X and Y.
    gold = "(S (X (A a) (B b)) (Y (C c) (D d)))"
    test = "(S (X (A a)) (Z (B b) (C c)) (D d))"
    c = score(gold, test)
    assert (c.labelled, c.unlabelled, c.gold, c.test, c.crossing) == (1, 1, 3, 3, 1)
    figures = c.figures()
    assert figures["goodman_labelled_recall"] == 100 / 3
    assert figures["goodman_bracketed_recall"] == 100 / 3
    assert figures["goodman_consistent_recall"] == 200 / 3  # C = 2 of Ng = 3
    assert figures["goodman_labelled_tree"] == figures["goodman_consistent_tree"] == 0.0
    perfect = score(gold, gold).figures()
    assert perfect["goodman_labelled_tree"] == perfect["goodman_bracketed_tree"] == 100.0
    assert perfect["e_measure"] == 0.0 and figures["e_measure"] == 100 - 100 / 3


def test_identical_brackets_are_matched_as_a_multiset() -> None:
    c = score("(S (NP (NP (A a) (B b))))", "(S (NP (A a) (B b)))")
    assert (c.matched, c.gold, c.test) == (2, 3, 2)


def test_the_outer_bracket_trap(tmp_path: Path) -> None:
    # Gold "( (S" keeps an unlabelled bracket that test "(TOP (S" does not have.
    g, t = tmp_path / "g.mrg", tmp_path / "t.mrg"
    g.write_text("( (S (NP (A a)) (B b)))\n")
    t.write_text("(TOP (S (NP (A a)) (B b)))\n")
    c = evaluate(str(g), str(t), Config(metrics=("parseval",))).sentences[0].counts["parseval"]
    assert (c.matched, c.gold, c.test) == (2, 3, 2)


def test_sentence_averaged_f_differs_from_the_corpus_f() -> None:
    small = score("(S (A a) (B b))", "(S (A a) (B b))")  # 1 of 1
    big = score("(S (X (A a) (B b)) (Y (C c) (D d)))", "(S (A a) (B b) (C c) (D d))")  # 1/3, 1/1
    figures = (small + big).figures()
    assert figures["f_measure"] == pytest.approx(200 / 3)  # R = 2/4, P = 2/2
    assert figures["sentence_f"] == (100 + 50) / 2


def test_the_ptb_sample_against_its_clean_copy_is_perfect(shared: Path, tmp_path: Path) -> None:
    # EVALB with COLLINS.prm gives 100/100/100 once the outer bracket of the
    # treebank is labelled TOP; the 249-word sentence, beyond EVALB's
    # 200-word limit, is scored like any other.
    sample = shared / "ptb-sample"
    orig = (sample / "wsj_0001-0199.orig").read_text()
    relabelled = tmp_path / "orig-top.mrg"
    relabelled.write_text(re.sub(r"^\( \(", "(TOP (", orig, flags=re.M))
    result = evaluate(str(relabelled), str(sample / "wsj_0001-0199.clean"),
                      Config(metrics=("parseval",)))
    figures = result.totals.counts["parseval"].figures()
    assert (figures["valid"], figures["recall"], figures["precision"]) == (3914, 100.0, 100.0)
    assert max(s.length for s in result.sentences) == 249


# -- oracles ---------------------------------------------------------------
def constituents(t: Tree) -> tuple[list[tuple[str, int, int]], int]:
    """(label, start, end) of every phrase (see :func:`nodes`), and the end."""
    found, end = nodes(t)
    return [n[1:4] for n in found if not n[0]], end


def best_matching(gold: list[Span], test: list[Span], same: Callable[[Span, Span], bool]) -> int:
    """The largest one-to-one matching, by trying every assignment (small trees)."""
    if len(gold) > len(test):
        gold, test = test, gold
    best = 0
    for order in itertools.permutations(range(len(test)), len(gold)):
        best = max(best, sum(1 for g, j in zip(gold, order) if same(g, test[j])))
    return best


@settings(max_examples=150, deadline=None)
@given(tree_pairs())
def test_matching_and_crossing_equal_brute_force(pair: list[Tree]) -> None:
    gold, test = pair
    g, _ = constituents(gold)
    t, _ = constituents(test)
    c = parseval.score(NONE.apply(gold), NONE.apply(test))
    if len(t) <= 6 and len(g) <= 6:
        assert c.labelled == best_matching(g, t, lambda a, b: a == b)
        assert c.unlabelled == best_matching(g, t, lambda a, b: a[1:] == b[1:])
    assert (c.gold, c.test) == (len(g), len(t))
    crossing = sum(1 for (_, s, e) in t
                   if any(a < s < z < e or s < a < e < z for (_, a, z) in g))
    assert c.crossing == crossing
    f = c.figures()["f_measure"]
    expected = 200 * c.labelled / (len(g) + len(t))  # 0 when nothing matched
    assert f == expected or abs(f - expected) < 1e-9  # type: ignore[operator]


@settings(max_examples=100, deadline=None)
@given(tree_pairs())
def test_identical_trees_score_perfectly(pair: list[Tree]) -> None:
    gold = COLLINS.apply(pair[0])
    c = parseval.score(gold, gold)
    assert c.matched == c.gold == c.test and c.crossing == 0 and c.complete
    assert c.correct_tags == c.words


def test_new_params_file_is_shipped() -> None:
    assert load_params("new").normalisation.name == "new"


def nodes(t: Tree, start: int = 0) -> tuple[list[Node], int]:
    """Every node as (is a preterminal, label, start, end, children's spans),
    recursively: the oracle for Grammarly's variants."""
    if t.is_preterminal:
        return [(True, t.label, start, start + 1, ((start, start + 1),))], start + 1
    out: list[Node] = []
    spans: list[tuple[int, int]] = []
    end = start
    for child in t.children:
        assert isinstance(child, Tree)
        found, new_end = nodes(child, end)
        spans.append((end, new_end))
        out += found
        end = new_end
    return [(False, t.label, start, end, tuple(spans)), *out], end


def matched(gold: Sequence[Hashable], test: Sequence[Hashable]) -> int:
    return sum((Counter(gold) & Counter(test)).values())


@settings(max_examples=150, deadline=None)
@given(tree_pairs())
def test_grammarly_variants_equal_their_definitions(pair: list[Tree]) -> None:
    gold, test = pair
    g, _ = nodes(gold)
    t, _ = nodes(test)
    gold_br, test_br = NONE.apply(gold), NONE.apply(test)
    for pre in (False, True):
        gn = [n[1:] for n in g if pre or not n[0]]
        tn = [n[1:] for n in t if pre or not n[0]]
        plain = parseval.score(gold_br, test_br, with_preterminals=pre)
        assert (plain.gold, plain.test) == (len(gn), len(tn))
        assert plain.labelled == matched([n[:3] for n in gn], [n[:3] for n in tn])
        split = parseval.score(gold_br, test_br, with_preterminals=pre, split=True)
        assert split.labelled == matched(gn, tn)
        assert split.unlabelled == matched([n[1:] for n in gn], [n[1:] for n in tn])


def height(t: Tree) -> int:
    """A preterminal 1, a phrase 1 + its highest child (gr-parseval's depth)."""
    if t.is_preterminal:
        return 1
    return 1 + max(height(c) for c in t.children if isinstance(c, Tree))


def heights(t: Tree) -> list[int]:
    """Every node's height, in the pre-order of :func:`nodes`."""
    if t.is_preterminal:
        return [1]
    return [height(t)] + [h for c in t.children if isinstance(c, Tree) for h in heights(c)]


def weighted_oracle(gold: Sequence[Hashable], test: Sequence[Hashable],
                    test_heights: list[int]) -> float:
    """gr-parseval's procedure as it reads: each test node in pre-order takes
    the first equal gold node left, else counts 1 - (3/2 - (2/3)^(h-1))."""
    left = list(gold)
    total = Fraction(0)
    for node, h in zip(test, test_heights):
        if node in left:
            left.remove(node)
            total += 1
        else:
            total += 1 - (Fraction(3, 2) - Fraction(2, 3) ** (h - 1))
    return float(total)


@settings(max_examples=150, deadline=None)
@given(tree_pairs())
def test_weighted_parseval_equals_its_definition(pair: list[Tree]) -> None:
    gold, test = pair
    g, _ = nodes(gold)
    t, _ = nodes(test)
    t_heights = heights(test)
    gold_br, test_br = NONE.apply(gold), NONE.apply(test)
    for pre in (False, True):
        for split in (False, True):
            keep = [k for k, n in enumerate(t) if pre or not n[0]]
            gn = [n[1:] if split else n[1:4] for n in g if pre or not n[0]]
            tn = [t[k][1:] if split else t[k][1:4] for k in keep]
            hs = [t_heights[k] for k in keep]
            c = parseval.score(gold_br, test_br, with_preterminals=pre, split=split,
                               weighted=True)
            assert c.labelled == pytest.approx(weighted_oracle(gn, tn, hs))
            assert c.unlabelled == pytest.approx(
                weighted_oracle([n[1:] for n in gn], [n[1:] for n in tn], hs))


@pytest.mark.paper
@pytest.mark.cli
@pytest.mark.parametrize("case", range(11))
def test_grammarly_table_1(tmp_path: Path, case: int) -> None:
    # Grammarly's Table 1, every column, through the command line: every
    # node counts (-p none keeps TOP and punctuation, --with-preterminals
    # the tags; Leafless is --split without them).
    test, gold = CASES[case]
    gold_file = write_trees(tmp_path / "gold.mrg", [gold])
    test_file = write_trees(tmp_path / "test.mrg", [test])

    def f(*options: str) -> dict[str, Any]:
        result = run("score", gold_file, test_file, "-p", "none", "--metrics", "parseval",
                     "--format", "json", *options)
        assert result.exit_code == 0, result.output
        figures: dict[str, Any] = json.loads(result.stdout)["corpus"]["parseval"]
        return figures

    pre = ("--with-preterminals",)
    found = (f(*pre)["labelled_f"], f(*pre, "--split")["unlabelled_f"],
             f(*pre, "--split")["labelled_f"], f(*pre, "--weighted")["labelled_f"],
             f(*pre, "--split", "--weighted")["unlabelled_f"],
             f(*pre, "--split", "--weighted")["labelled_f"], f("--split")["labelled_f"])
    # Their table is rounded to two decimals (94.11 for 94.117...: truncated).
    assert found == pytest.approx(TABLE_1[case], abs=0.01)


@pytest.mark.cli
def test_evalb_format_refuses_weighted_matches(tmp_path: Path) -> None:
    test, gold = CASES[0]
    files = [write_trees(tmp_path / f"{n}.mrg", [t]) for n, t in (("g", gold), ("t", test))]
    result = run("score", *files, "--weighted", "--format", "evalb")
    assert result.exit_code == 2 and "cannot show --weighted" in result.stderr
    signature = run("score", *files, "--weighted", "--split", "--signature-only").stdout
    assert "parseval:split+weighted" in signature
