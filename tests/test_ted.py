"""Tree edit distance (parsedit.metrics.ted): 0 for a parse against itself,
the chosen library's documented examples, an independent Zhang-Shasha oracle
on random pairs, disco-dop's and TedEval's normalisations by hand, the cost
schemes' substitution classes, and the size limit."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

import pytest
from conftest import SHARED
from hypothesis import given
from hypothesis import strategies as st
from test_error_classes import pairs

from parsedit.costs.reader import load_scheme
from parsedit.metrics.ted import (
    Rename,
    TedCounts,
    TreeEditDistance,
    _Node,
    distance,
    rename_costs,
    tree_of,
)
from parsedit.params import shipped_params
from parsedit.trees.reader import read_sentence, read_trees

pytest.importorskip("apted")

NORMALISE = shipped_params("collins").normalisation
UNIT = rename_costs(None)


def normalised(text: str) -> tuple[str, ...]:
    item = read_sentence(text)
    assert item.tokens is not None, item.error
    return NORMALISE.normalise(item.tokens).bracketing


def braces(text: str) -> _Node:
    """A tree in APTED's bracket notation, ``{a{b}{c}}``."""
    stack: list[_Node] = []
    root: _Node | None = None
    i = 0
    while i < len(text):
        if text[i] == "{":
            j = i + 1
            while text[j] not in "{}":
                j += 1
            node = _Node(text[i + 1:j])
            if stack:
                stack[-1].children.append(node)
            else:
                root = node
            stack.append(node)
            i = j
        else:
            stack.pop()
            i += 1
    assert root is not None
    return root


def test_a_parse_against_itself_is_0() -> None:
    metric = TreeEditDistance()
    total = metric.zero()
    for item in list(read_trees(str(SHARED / "ptb-sample" / "wsj_0001-0199.clean")))[:50]:
        assert item.tokens is not None
        tokens = NORMALISE.normalise(item.tokens).bracketing
        counts = metric.score(tokens, tokens).counts
        assert counts.distance == 0
        assert distance(tree_of(tokens)[0], tree_of(tokens)[0], UNIT) == 0
        total = total + counts
    assert total.figures()["discodop_micro"] == 100.0
    assert total.figures()["tedeval_macro"] == 100.0


def test_the_apted_readme_example() -> None:
    # "If you want to compare the trees {a{b}{c}} and {a{b{d}}} ... distance: 2"
    assert distance(braces("{a{b}{c}}"), braces("{a{b{d}}}"), UNIT) == 2


def test_zhang_and_shashas_example() -> None:
    # Zhang and Shasha (1989), figure 2: delete c under f... distance 2.
    assert distance(braces("{f{d{a}{c{b}}}{e}}"), braces("{f{c{d{a}{b}}}{e}}"), UNIT) == 2


def test_the_library_test_cases() -> None:
    """The correctness cases APTED ships with (from its Java original)."""
    cases = json.loads((resources.files("apted") / "resources"
                        / "correctness_test_cases.json").read_text())
    assert len(cases) > 50
    for case in cases:
        assert distance(braces(case["t1"]), braces(case["t2"]), UNIT) == case["d"], case


# -- an independent oracle: Zhang and Shasha's forest recursion, memoised ----------

Tree = tuple[str, int, tuple["Tree", ...]]


def _plain(node: _Node) -> Tree:
    return (node.name, node.position, tuple(_plain(c) for c in node.children))


def oracle(gold: _Node, test: _Node, rename: Rename) -> float:
    def ren(a: Tree, b: Tree) -> float:
        return rename(_Node(a[0], a[1]), _Node(b[0], b[1]))

    @cache
    def forest(f: tuple[Tree, ...], g: tuple[Tree, ...]) -> float:
        if not f and not g:
            return 0.0
        if not g:
            return forest(f[:-1] + f[-1][2], g) + 1
        if not f:
            return forest(f, g[:-1] + g[-1][2]) + 1
        v, w = f[-1], g[-1]
        return min(forest(f[:-1] + v[2], g) + 1, forest(f, g[:-1] + w[2]) + 1,
                   forest(v[2], w[2]) + forest(f[:-1], g[:-1]) + ren(v, w))

    return forest((_plain(gold),), (_plain(test),))


LABELS = ["NP", "NP-SBJ", "NX", "VP", "PP", "S"]
TAGS = ["NN", "NNS", "VB", "IN"]


def small_pairs() -> st.SearchStrategy[tuple[str, str]]:
    """Two random trees over the same 1 to 4 words, no tag under a phrase."""
    return pairs(4, labels=LABELS, tags=TAGS, deepest=2, bare=False)


KEEP_TAGS = shipped_params("function-tags").normalisation


@given(small_pairs(), st.sampled_from([None, "function-tags", "sampson-first-char",
                                       "roark-basic", "levenshtein"]))
def test_apted_agrees_with_zhang_and_shashas_recursion(pair: tuple[str, str],
                                                       scheme: str | None) -> None:
    gold, test = (KEEP_TAGS.normalise(read_sentence(t).tokens or ()).bracketing for t in pair)
    rename = rename_costs(None if scheme is None else load_scheme(scheme))
    g, t = tree_of(gold)[0], tree_of(test)[0]
    assert distance(g, t, rename) == pytest.approx(oracle(g, t, rename))


# -- normalisations, by hand -----------------------------------------------------

GOLD = "(TOP (S (NP (PRP He)) (VP (VBD left)) (ADVP (RB sadly)) (. .)))"
TEST = "(TOP (S (NP (PRP He)) (VP (VBD left) (ADVP (RB sadly))) (. .)))"


def test_discodops_normalisation_by_hand() -> None:
    """disco-dop's own example: the ADVP moved into the VP is a deletion and
    an insertion, TED 2; its nodes, TOP S NP PRP VP VBD ADVP RB, are 8 a
    tree, and TOP is a deleted label so the root pair is left out:
    1 - 2 / (8 + 8 - 2) = 85.71 (disco-dop prints 85.71).  Written without
    TOP, S is scored and counted: 1 - 2 / (7 + 7), the same."""
    metric = TreeEditDistance()
    for gold, test in ((GOLD, TEST), (GOLD[5:-1], TEST[5:-1])):
        counts = metric.score(normalised(gold), normalised(test)).counts
        assert counts.distance == 2
        assert counts.dice == 14
        figures = counts.figures()
        assert figures["discodop_micro"] == pytest.approx(100 * (1 - 2 / 14))
        assert round(figures["discodop_micro"], 2) == 85.71
        assert figures["discodop_macro"] == pytest.approx(100 * (1 - 2 / 14))
        # TedEval leaves the two roots (S and S) out: 1 - 2 / 12.
        assert figures["tedeval_micro"] == pytest.approx(100 * (1 - 2 / 12))


def test_micro_and_macro() -> None:
    metric = TreeEditDistance()
    one = metric.score(normalised(GOLD), normalised(TEST)).counts  # 2 of 14
    other = metric.score(normalised("(S (NP (NN a)) (VP (VB b)))"),
                         normalised("(S (NP (NN a) (VB b)))")).counts
    # The VP deleted, and VB deleted and inserted under the NP (ancestry is
    # kept by a mapping): 3 of 5 + 4 nodes.
    assert other.distance == 3 and other.dice == 9
    total = one + other
    figures = total.figures()
    assert figures["distance"] == 5 and figures["mean_distance"] == 2.5
    assert figures["discodop_micro"] == pytest.approx(100 * (1 - 5 / 23))
    assert figures["discodop_macro"] == pytest.approx(100 * ((1 - 2 / 14) + (1 - 3 / 9)) / 2)
    assert figures["tedeval_micro"] == pytest.approx(100 * (1 - 5 / 19))
    assert figures["tedeval_macro"] == pytest.approx(100 * ((1 - 2 / 12) + (1 - 3 / 7)) / 2)
    assert metric.headline(total) == pytest.approx(figures["discodop_micro"])
    assert float(metric.from_terms(tuple(map(sum, zip(metric.terms(one), metric.terms(other))))
                                   )) == pytest.approx(figures["discodop_micro"])


def test_a_forest_against_a_tree() -> None:
    """A forest (TOP deleted over two constituents) stands under a shared
    root that is never counted: against the same words under an S, TED is
    the S inserted, and TedEval has one root to leave out."""
    counts = TreeEditDistance().score(normalised("(TOP (NP (NN a)) (VP (VB b)))"),
                                      normalised("(TOP (S (NP (NN a)) (VP (VB b))))")).counts
    assert counts.distance == 1 and counts.dice == 4 + 5 and counts.tedeval == 8


# -- cost schemes --------------------------------------------------------------------

def _ren(scheme: str | None, a: str, b: str, tag: bool = False) -> float:
    rename = rename_costs(None if scheme is None else load_scheme(scheme))
    return rename(_Node(a, 0 if tag else -1), _Node(b, 0 if tag else -1))


def test_the_schemes_substitution_classes_mean_what_they_mean_elsewhere() -> None:
    assert _ren(None, "NP-SBJ", "NP") == 1 and _ren(None, "NN", "NNS", tag=True) == 1
    # function-tags: a function tag's difference is half a wrong label.
    assert _ren("function-tags", "NP-SBJ", "NP") == 0.5
    assert _ren("function-tags", "NP", "VP") == 1
    # sampson-first-char: 0.5 where a wrong label costs 2.
    assert _ren("sampson-first-char", "NP", "NX") == 0.25
    assert _ren("sampson-first-char", "NP", "VP") == 1
    # roark-basic: tags rewrite for free; phrases as a deletion and insertion.
    assert _ren("roark-basic", "NN", "VB", tag=True) == 0
    assert _ren("roark-basic", "NP", "VP") == 1
    assert _ren("levenshtein", "NP", "VP") == 1
    # A preterminal of another word, or a phrase for a preterminal: 1.
    rename = rename_costs(load_scheme("roark-basic"))
    assert rename(_Node("NN", 0), _Node("NN", 1)) == 1
    assert rename(_Node("NN", 0), _Node("NN")) == 1


def test_a_scheme_changes_the_distance() -> None:
    gold = KEEP_TAGS.normalise(read_sentence("(S (NP-SBJ (NN a)) (VP (VB b)))").tokens
                               or ()).bracketing
    test = KEEP_TAGS.normalise(read_sentence("(S (NP (NN a)) (VP (NN b)))").tokens
                               or ()).bracketing
    assert TreeEditDistance().score(gold, test).counts.distance == 2
    scheme = load_scheme("function-tags")
    assert TreeEditDistance(scheme).score(gold, test).counts.distance == 0.5  # tag free
    assert TreeEditDistance(scheme).describe() == [f"ted:{scheme.describe()}|limit:400"]


# -- bounded cost ---------------------------------------------------------------------

def test_a_pair_over_the_size_limit_is_skipped_and_said() -> None:
    words = 30
    left = "(X (NN w0))"
    for i in range(1, words):
        left = f"(X {left} (NN w{i}))"
    right = f"(NN w{words - 1})"
    for i in range(words - 2, -1, -1):
        right = f"(X (NN w{i}) {right})"
    gold, test = normalised(left), normalised(right)
    metric = TreeEditDistance(size_limit=40)
    counts = metric.score(gold, test).counts
    assert counts == TedCounts(skipped=1)
    assert counts.figures()["discodop_micro"] is None
    (warning,) = metric.warnings(counts)
    assert "1 pair(s)" in warning and "40 nodes" in warning
    assert TreeEditDistance().score(gold, test).counts.skipped == 0
    assert metric.warnings(TedCounts()) == []


def test_a_failed_parse() -> None:
    counts = TreeEditDistance().failure(normalised("(S (NP (NN a)) (VP (VB b)))"))
    assert counts.distance == 3 and counts.dice == 5 + 2


# -- Grammarly's Table 2 ------------------------------------------------------------------

# Its "minimum edit distance" column, cases 1 to 11.
GRAMMARLY_TED = [5, 3, 6, 6, 5, 4, 6, 1, 1, 3, 5]


@pytest.mark.paper
@pytest.mark.parametrize("case", range(11))
def test_grammarlys_table_2_minimum_edit_distance(case: int) -> None:
    """Reproduced on ten cases of eleven.  Case 7 (NP-internal structure) is
    4 here, not 6: the test's NP over "Secretary" deleted, the NAC over
    "Secretary of State" inserted, and "Baker" deleted from the NP of "State
    Baker" and inserted beside the NAC; no cheaper script exists (a mapping
    keeps ancestry, and the two trees share every other node), and APTED's
    result agrees with the Zhang-Shasha recursion above."""
    from grammarly_cases import CASES

    test, gold = CASES[case]
    none = shipped_params("none").normalisation
    g = none.normalise(read_sentence(gold).tokens or ()).bracketing
    t = none.normalise(read_sentence(test).tokens or ()).bracketing
    found = TreeEditDistance().score(g, t).counts.distance
    assert found == (4 if case == 6 else GRAMMARLY_TED[case])
