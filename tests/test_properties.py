"""Properties on random tree pairs over one yield, against simple oracles.

The oracles here are written from the definitions, independently of the
package: a plain dynamic-programming weighted edit distance, the bracket
string and spans read off the tree recursively, and Roark's five steps as a
literal loop over lists of runs.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar, cast

from hypothesis import given, settings
from hypothesis import strategies as st

from parsedit.config import Config
from parsedit.costs.transducer import FstScheme
from parsedit.params import Params
from parsedit.pipeline.scorer import Scorer
from parsedit.trees.normalise import NONE
from parsedit.trees.tree import Child, Tree

T = TypeVar("T")
Span = tuple[str, int, int]

LABELS = ["S", "NP", "VP", "PP"]
TAGS = ["DT", "NN", "VB"]


@st.composite
def trees_over(draw: st.DrawFn, words: list[str]) -> Tree:
    """A random tree with the given yield; every word has a preterminal."""

    def build(lo: int, hi: int, depth: int) -> list[Child]:
        # A list of sibling constituents covering words[lo:hi].
        if hi - lo == 1 and (depth > 3 or draw(st.booleans())):
            return [Tree(draw(st.sampled_from(TAGS)), [words[lo]])]
        cuts: list[int] = []
        if hi - lo > 1:
            least = 1 if depth > 3 else 0  # ranges must shrink, eventually
            cuts = sorted(draw(st.sets(st.integers(lo + 1, hi - 1), min_size=least, max_size=2)))
        bounds = [lo, *cuts, hi]
        out: list[Child] = []
        for a, b in zip(bounds, bounds[1:]):
            kids = build(a, b, depth + 1)
            if depth < 5 and draw(st.booleans()):
                out.append(Tree(draw(st.sampled_from(LABELS)), kids))
            else:
                out.extend(kids)
        return out

    return Tree(draw(st.sampled_from(LABELS)), build(0, len(words), 0))


@st.composite
def tree_pairs(draw: st.DrawFn, count: int = 2) -> list[Tree]:
    n = draw(st.integers(1, 7))
    words = [f"w{i}" for i in range(n)]
    return [draw(trees_over(words)) for _ in range(count)]


# -- oracles ---------------------------------------------------------------
def word(t: Tree) -> str:
    """A preterminal's word."""
    (w,) = t.children
    assert isinstance(w, str)
    return w


def subtrees(t: Tree) -> list[Tree]:
    """A phrase's children (every word has a preterminal in these trees)."""
    kids = [c for c in t.children if isinstance(c, Tree)]
    assert len(kids) == len(t.children)
    return kids


def bracket_string(t: Tree) -> list[str]:
    if t.is_preterminal:
        return ["((" + t.label, word(t) + ")"]
    out = ["(" + t.label]
    for c in subtrees(t):
        out += bracket_string(c)
    return out + [")"]


def span_list(t: Tree, start: int = 0) -> tuple[list[Span], int]:
    if t.is_preterminal:
        return [], start + 1
    here: list[Span] = []
    end = start
    for c in subtrees(t):
        sub, end = span_list(c, end)
        here += sub
    return [(t.label, start, end)] + here, end


def rule_list(t: Tree, root: bool = True) -> list[tuple[str | None, tuple[str, ...]]]:
    if t.is_preterminal:
        return []
    rhs = tuple(word(c) if c.is_preterminal else c.label for c in subtrees(t))
    out = [(t.label if root else None, rhs)]
    for c in subtrees(t):
        out += rule_list(c, False)
    return out


def edit_distance(a: Sequence[T], b: Sequence[T], sub: Callable[[T, T], float],
                  ins: Callable[[T], float], dele: Callable[[T], float]) -> float:
    inf = float("inf")
    d = [[inf] * (len(b) + 1) for _ in range(len(a) + 1)]
    d[0][0] = 0.0
    for i in range(len(a) + 1):
        for j in range(len(b) + 1):
            if i and d[i - 1][j] + dele(a[i - 1]) < d[i][j]:
                d[i][j] = d[i - 1][j] + dele(a[i - 1])
            if j and d[i][j - 1] + ins(b[j - 1]) < d[i][j]:
                d[i][j] = d[i][j - 1] + ins(b[j - 1])
            if i and j:
                step = 0.0 if a[i - 1] == b[j - 1] else sub(a[i - 1], b[j - 1])
                d[i][j] = min(d[i][j], d[i - 1][j - 1] + step)
    return d[len(a)][len(b)]


def unit(a: Sequence[Hashable], b: Sequence[Hashable]) -> float:
    return edit_distance(a, b, lambda x, y: 1.0, lambda y: 1.0, lambda x: 1.0)


def roark_basic(a: list[str], b: list[str]) -> float:
    inf = float("inf")

    def bracket(x: str) -> float:
        return 0.5 if x == ")" or (x.startswith("(") and not x.startswith("((")) else inf

    def sub(x: str, y: str) -> float:
        return 0.0 if x.startswith("((") and y.startswith("((") else inf

    return edit_distance(a, b, sub, bracket, bracket)


def closes_after_each_word(tokens: list[str]) -> list[int]:
    runs, count = [], 0
    for t in tokens:
        if t == ")":
            count += 1
        elif not t.startswith("("):
            runs.append(count)
            count = 0
    return runs + [count]


def five_steps(cost: float, deleted: list[int], inserted: list[int]) -> float:
    deleted, inserted = list(deleted), list(inserted)
    while deleted and inserted:
        m, n = max(deleted), max(inserted)
        r = min(m, n)
        if r < 2:
            break
        deleted[deleted.index(m)] -= r
        inserted[inserted.index(n)] -= r
        cost -= r - 1
    return cost


def score(gold: Tree, test: Tree) -> dict[str, Any]:
    """Each edit metric's alignment (``counts``, ``ops``, ``moves``)."""
    evaluator = Scorer(Config(metrics=("label", "span", "rule"), params=Params(NONE)))
    outcomes = evaluator.score(NONE.apply(gold), NONE.apply(test))
    return {name: outcome.detail for name, outcome in outcomes.items()}


# -- properties --------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(tree_pairs())
def test_distances_equal_the_dynamic_programme(pair: list[Tree]) -> None:
    gold, test = pair
    result = score(gold, test)
    g, t = bracket_string(gold), bracket_string(test)
    basic = roark_basic(g, t)
    assert result["label"].counts.basic == basic
    # Per word, the path must delete (or insert) exactly the surplus of close
    # brackets; the correction is then the literal five steps.
    gold_runs, test_runs = closes_after_each_word(g), closes_after_each_word(t)
    deleted = [max(0, x - y) for x, y in zip(gold_runs, test_runs)]
    inserted = [max(0, y - x) for x, y in zip(gold_runs, test_runs)]
    assert result["label"].counts.edits == five_steps(basic, deleted, inserted)
    assert result["span"].counts.edits == unit(span_list(gold)[0], span_list(test)[0])
    assert result["rule"].counts.edits == unit(rule_list(gold), rule_list(test))


@settings(max_examples=100, deadline=None)
@given(tree_pairs())
def test_alignment_cost_is_the_sum_of_its_operations(pair: list[Tree]) -> None:
    for scored in score(*pair).values():
        assert sum(op.cost for op in scored.ops) == scored.counts.basic
        gold_side = [op.gold for op in scored.ops if op.gold is not None]
        assert len(gold_side) == len([op for op in scored.ops if op.kind != "ins"])


@settings(max_examples=100, deadline=None)
@given(tree_pairs(count=1))
def test_identical_trees_cost_nothing(trees: list[Tree]) -> None:
    (t,) = trees
    for scored in score(t, t).values():
        assert scored.counts.edits == 0 and scored.counts.basic == 0


@settings(max_examples=100, deadline=None)
@given(tree_pairs())
def test_span_and_rule_are_symmetric_and_correction_never_raises(pair: list[Tree]) -> None:
    a, b = pair
    ab, ba = score(a, b), score(b, a)
    for name in ("span", "rule"):
        assert ab[name].counts.edits == ba[name].counts.edits
    assert ab["label"].counts.edits <= ab["label"].counts.basic
    assert ab["label"].counts.edits == ba["label"].counts.edits


@settings(max_examples=100, deadline=None)
@given(tree_pairs(count=3))
def test_triangle_inequality(trees: list[Tree]) -> None:
    a, b, c = trees
    for name in ("span", "rule"):
        ab = score(a, b)[name].counts.edits
        bc = score(b, c)[name].counts.edits
        ac = score(a, c)[name].counts.edits
        assert ac <= ab + bc


@settings(max_examples=100, deadline=None)
@given(tree_pairs())
def test_label_under_levenshtein_is_the_plain_distance(pair: list[Tree]) -> None:
    # Words are editable under this scheme, so the string is aligned whole
    # (no pieces) and has no movement correction.
    from parsedit.costs.reader import load_scheme

    gold, test = pair
    config = Config(metrics=("label",), params=Params(NONE),
                    schemes={"label": load_scheme("levenshtein")})
    result = Scorer(config).score(NONE.apply(gold), NONE.apply(test))["label"].detail
    expected = unit(bracket_string(gold), bracket_string(test))
    assert result.counts.edits == result.counts.basic == expected


UNIT_BY_CLASSES = b'''
name = "unit-by-classes"
extends = "levenshtein"
[classes]
nominal = { labels = ["N*", "DT"], kinds = ["open", "tag", "span"] }
verbal = { variants = ["VP", "VB"] }
[[substitute]]
within = "nominal"
cost = 1
[[substitute]]
from = "verbal"
to = "any"
same = "first-char"
cost = 1
'''


@settings(max_examples=100, deadline=None)
@given(tree_pairs())
def test_a_scheme_with_every_cost_1_is_plain_levenshtein(pair: list[Tree]) -> None:
    from parsedit.costs.reader import parse_scheme

    gold, test = pair
    scheme = parse_scheme(UNIT_BY_CLASSES, "unit.toml")
    config = Config(params=Params(NONE), metrics=("label", "span", "rule"),
                    schemes={"label": scheme, "span": scheme, "rule": scheme})
    result = Scorer(config).score(NONE.apply(gold), NONE.apply(test))
    assert result["label"].counts.edits == unit(bracket_string(gold), bracket_string(test))
    assert result["span"].counts.edits == unit(span_list(gold)[0], span_list(test)[0])
    assert result["rule"].counts.edits == unit(rule_list(gold), rule_list(test))


CLASSES = b'''
name = "classes"
[classes]
nominal = { labels = ["NN", "DT"], kinds = ["tag"] }
verbal = ["VP", "S"]
ends-in-p = "*P"
[insert]
open = 0.5
close = 0.5
[delete]
open = 0.5
close = 0.5
[[substitute]]
from = "tag"
to = "tag"
cost = 1
[[substitute]]
within = "nominal"
cost = 0.25
[[substitute]]
within = "verbal"
cost = 0.25
[[substitute]]
within = "ends-in-p"
cost = 0.75
'''


def by_classes(a: list[str], b: list[str]) -> float:
    """CLASSES written out as plain functions on the bracket strings."""
    inf = float("inf")

    def bracket(x: str) -> float:
        return 0.5 if x == ")" or (x.startswith("(") and not x.startswith("((")) else inf

    def sub(x: str, y: str) -> float:
        if x.startswith("((") and y.startswith("(("):
            return 0.25 if {x[2:], y[2:]} <= {"NN", "DT"} else 1.0
        if bracket(x) == bracket(y) == 0.5 and ")" not in (x, y):
            if {x[1:], y[1:]} <= {"VP", "S"}:
                return 0.25
            return 0.75 if x.endswith("P") and y.endswith("P") else inf
        return inf

    return edit_distance(a, b, sub, bracket, bracket)


@settings(max_examples=150, deadline=None)
@given(tree_pairs())
def test_a_scheme_with_classes_is_its_dynamic_programme(pair: list[Tree]) -> None:
    from parsedit.costs.reader import parse_scheme

    gold, test = pair
    config = Config(params=Params(NONE), metrics=("label",),
                    schemes={"label": parse_scheme(CLASSES, "classes.toml")})
    result = Scorer(config).score(NONE.apply(gold), NONE.apply(test))["label"].detail
    assert result.counts.edits == by_classes(bracket_string(gold), bracket_string(test))


@settings(max_examples=100, deadline=None)
@given(tree_pairs(), st.sampled_from(["classes", "sampson-first-char", "pos-scored"]))
def test_a_compiled_scheme_is_the_scheme(pair: list[Tree], name: str) -> None:
    # One transducer over the pair's alphabet (epsilon arcs, a state per
    # substitution entry) against the two-factor one built pair by pair.
    from parsedit.costs import load_costs
    from parsedit.costs.alphabet import Alphabet
    from parsedit.costs.reader import parse_scheme
    from parsedit.encodings import get_encoding
    from parsedit.fst.align import Aligner, FstAligner
    from parsedit.fst.compile import compile_scheme

    scheme = parse_scheme(CLASSES, "classes.toml") if name == "classes" else load_costs(name)
    assert not isinstance(scheme, FstScheme)
    encoding = get_encoding("label")
    gold, test = (tuple(NONE.apply(t)) for t in pair)
    fst = compile_scheme(scheme, Alphabet.of(encoding, {*gold, *test}))
    through_fst = FstAligner(fst, encoding, name).align(gold, test)
    assert through_fst.cost == Aligner(scheme, encoding).align(gold, test).cost
    assert sum(op.cost for op in through_fst.ops) == through_fst.cost


SAME_SPAN = b'''
name = "same-span"
extends = "levenshtein"
encodings = ["span"]
[classes]
verbal = { labels = ["VP", "S"], kinds = ["span"] }
[[substitute]]
within = "verbal"
same = "span"
cost = 0
[[substitute]]
within = "verbal"
cost = 0.25
'''


def same_span(a: list[Span], b: list[Span]) -> float:
    """SAME_SPAN written out: VP and S are one label over the same words, a
    quarter of an edit apart over other words."""

    def sub(x: tuple[str, int, int], y: tuple[str, int, int]) -> float:
        if {x[0], y[0]} <= {"VP", "S"}:
            return 0.0 if x[1:] == y[1:] else 0.25
        return 1.0

    return edit_distance(a, b, sub, lambda y: 1.0, lambda x: 1.0)


@settings(max_examples=150, deadline=None)
@given(tree_pairs())
def test_same_span_compares_boundaries(pair: list[Tree]) -> None:
    # Boundaries are numbered afresh in each pair; the oracle compares the
    # real ones.  The compiled transducer (real boundaries, one state per
    # entry and key) must agree too.
    from parsedit.costs.alphabet import Alphabet
    from parsedit.costs.reader import parse_scheme
    from parsedit.encodings import get_encoding
    from parsedit.fst.align import FstAligner
    from parsedit.fst.compile import compile_scheme

    gold, test = pair
    scheme = parse_scheme(SAME_SPAN, "same-span.toml")
    scorer = Scorer(Config(params=Params(NONE), metrics=("span",), schemes={"span": scheme}))
    g, t = NONE.apply(gold), NONE.apply(test)
    expected = same_span(span_list(gold)[0], span_list(test)[0])
    assert scorer.score(g, t)["span"].counts.edits == expected
    encoding = get_encoding("span")
    gs, ts = encoding.encode(g), encoding.encode(t)
    fst = compile_scheme(scheme, Alphabet.of(encoding, {*gs, *ts}))
    assert FstAligner(fst, encoding, "same-span").align(gs, ts).cost == expected


def preferred_alignment(a: list[Span], b: list[Span]) -> tuple[float, int, int]:
    """The least (cost, -same label pairs, -same start pairs) over every
    alignment of two span lists under unit costs, as (cost, labels, starts)."""
    inf = (float("inf"), 0, 0)
    d = [[inf] * (len(b) + 1) for _ in range(len(a) + 1)]
    d[0][0] = (0.0, 0, 0)
    for i in range(len(a) + 1):
        for j in range(len(b) + 1):
            options = [d[i][j]]
            if i:
                c, lab, sta = d[i - 1][j]
                options.append((c + 1, lab, sta))
            if j:
                c, lab, sta = d[i][j - 1]
                options.append((c + 1, lab, sta))
            if i and j:
                x, y = a[i - 1], b[j - 1]
                c, lab, sta = d[i - 1][j - 1]
                options.append((c + (0 if x == y else 1), lab - (x[0] == y[0]),
                                sta - (x[1] == y[1])))
            d[i][j] = min(options)
    cost, labels, starts = d[len(a)][len(b)]
    return cost, -labels, -starts


@settings(max_examples=200, deadline=None)
@given(tree_pairs())
def test_ties_are_broken_towards_same_label_then_same_start(pair: list[Tree]) -> None:
    # Among the cheapest scripts, the one read back pairs the most spans with
    # the same label, then the same start; its cost is the plain one.
    from parsedit.costs.reader import load_scheme
    from parsedit.encodings import get_encoding
    from parsedit.fst.align import Aligner

    gold, test = (span_list(t)[0] for t in pair)
    encoding, scheme = get_encoding("span"), load_scheme("levenshtein")
    plain = Aligner(scheme, encoding).align(gold, test)
    preferred = Aligner(scheme, encoding, tie_break=True).align(gold, test)
    ops = preferred.ops
    assert preferred.cost == plain.cost == sum(op.cost for op in ops)
    assert [op.gold for op in ops if op.gold is not None] == gold
    assert [op.test for op in ops if op.test is not None] == test
    paired = [(cast(Span, op.gold), cast(Span, op.test)) for op in ops
              if op.gold is not None and op.test is not None]
    assert (preferred.cost, sum(g[0] == t[0] for g, t in paired),
            sum(g[1] == t[1] for g, t in paired)) == preferred_alignment(gold, test)
