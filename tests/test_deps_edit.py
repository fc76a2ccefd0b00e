"""Roark's (2002, section 5) dependency edit distance through the FST engine:
against a textbook dynamic programme, position by position against the
whole composition, and bounded on degenerate pairs."""

from __future__ import annotations

from pathlib import Path

import deps_support  # noqa: F401  (this checkout's grammars)
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parsedit.costs.reader import load_scheme, parse_scheme
from parsedit.deps.edit import DependencyEdits, PairTooLarge, dependency_strings
from parsedit.deps.metric import Dependencies
from parsedit.deps.model import DepTree
from parsedit.encodings.dep import DepSymbol

Costs = tuple[float, float]  # (a substitution on the same arc, on another)


def textbook(gold: tuple[DepSymbol, ...], test: tuple[DepSymbol, ...], costs: Costs,
             core: float | None = None) -> float:
    """Wagner and Fischer's recurrence, unit insertions and deletions; a
    substitution costs costs[0] on the same arc and costs[1] on another
    (``core``: between two symbols labelled "a", if cheaper)."""
    def sub(a: DepSymbol, b: DepSymbol) -> float:
        if a == b:
            return 0.0
        found = costs[0] if a[:2] == b[:2] else costs[1]
        if core is not None and a[2] == b[2] == "a":
            found = min(found, core)
        return found

    n, m = len(gold), len(test)
    d = [[0.0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        for j in range(m + 1):
            if i == 0 or j == 0:
                d[i][j] = float(i + j)
                continue
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1,
                          d[i - 1][j - 1] + sub(gold[i - 1], test[j - 1]))
    return d[n][m]


SCHEMES = {"levenshtein": (1.0, 1.0), "dep-label-half": (0.5, 1.0)}


@st.composite
def strings(draw: st.DrawFn, same_numbering: bool
            ) -> tuple[tuple[DepSymbol, ...], tuple[DepSymbol, ...]]:
    n = draw(st.integers(0, 9))
    m = n if same_numbering else draw(st.integers(0, 9))
    label = st.sampled_from(["a", "b", "c"])
    gold = tuple((i, draw(st.integers(0, n)), draw(label)) for i in range(1, n + 1))
    keys: list[int | str] = list(range(1, m + 1)) if same_numbering else \
        [draw(st.one_of(st.integers(1, n + 1), st.just(f"+{j}"))) for j in range(1, m + 1)]
    test = tuple((k, draw(st.sampled_from([0, *keys[:3], 1])), draw(label)) for k in keys)
    return gold, test


@pytest.mark.parametrize("scheme", SCHEMES)
@given(pair=strings(same_numbering=True))
def test_position_by_position_is_the_whole_distance(
        scheme: str, pair: tuple[tuple[DepSymbol, ...], tuple[DepSymbol, ...]]) -> None:
    gold, test = pair
    edits = DependencyEdits(load_scheme(scheme))
    assert edits.local
    cost = edits.score(gold, test).counts.edits
    assert cost == textbook(gold, test, SCHEMES[scheme])
    assert cost == edits.aligner.cost(gold, test)  # the whole pair composed
    unit = sum(a != b for a, b in zip(gold, test))
    label_only = sum(a != b and a[:2] == b[:2] for a, b in zip(gold, test))
    assert cost == (unit if scheme == "levenshtein" else unit - 0.5 * label_only)


@pytest.mark.parametrize("scheme", SCHEMES)
@given(pair=strings(same_numbering=False))
def test_any_numbering_is_composed_whole(
        scheme: str, pair: tuple[tuple[DepSymbol, ...], tuple[DepSymbol, ...]]) -> None:
    gold, test = pair
    scored = DependencyEdits(load_scheme(scheme)).score(gold, test)
    assert scored.counts.edits == textbook(gold, test, SCHEMES[scheme])
    ops = scored.ops
    assert [op.gold for op in ops if op.gold is not None] == list(gold)
    assert [op.test for op in ops if op.test is not None] == list(test)
    assert sum(op.cost for op in ops) == pytest.approx(scored.counts.edits)


NONLOCAL = b"""name = "core"
encodings = ["dep"]
[classes]
core = { labels = ["a"], kinds = ["dep"] }
[insert]
dep = 1.0
[delete]
dep = 1.0
[[substitute]]
within = "dep"
cost = 1.0
[[substitute]]
within = "core"
cost = 0.25
"""


@given(pair=strings(same_numbering=True))
def test_a_scheme_with_classes_is_composed_whole(
        pair: tuple[tuple[DepSymbol, ...], tuple[DepSymbol, ...]]) -> None:
    edits = DependencyEdits(parse_scheme(NONLOCAL, "core.toml"))
    assert not edits.local
    gold, test = pair
    assert edits.score(gold, test).counts.edits == textbook(gold, test, (1.0, 1.0), 0.25)


def test_through_an_alignment() -> None:
    """A test word unaligned (inserted) and a gold word unaligned (deleted):
    their dependencies are an insertion and a deletion; the word attached to
    the unaligned one is a substitution."""
    gold = DepTree(("a", "b", "c"), ("X",) * 3, (2, 0, 2), ("r", "root", "r"))
    test = DepTree(("a", "x", "b"), ("X",) * 3, (3, 1, 0), ("r", "r", "root"))
    g, t = dependency_strings(gold, test, [(0, 0), (1, 2)])
    assert g == ((1, 2, "r"), (2, 0, "root"), (3, 2, "r"))
    assert t == ((1, 2, "r"), ("+2", 1, "r"), (2, 0, "root"))
    assert DependencyEdits().score(g, t).counts.edits == 2.0


def test_degenerate_pair_is_linear() -> None:
    """A chain against the reversed chain, every dependency wrong: under the
    shipped schemes each position is aligned on its own, so 20,000 words cost
    20,000 one-symbol compositions (remembered), never a 20,000 by 20,000
    lattice."""
    n = 20_000
    words = tuple(f"w{i}" for i in range(n))
    gold = DepTree(words, ("NN",) * n, tuple(range(n)), ("a",) * n)
    test = DepTree(words, ("NN",) * n, (*range(2, n + 1), 0), ("a",) * n)
    for scheme in SCHEMES:
        counts = Dependencies(scheme=load_scheme(scheme)).score(gold, test).counts
        assert counts.edits.edits == n and counts.attached == 0


def test_degenerate_pair_beyond_the_limit_is_refused() -> None:
    edits = DependencyEdits(parse_scheme(NONLOCAL, "core.toml"), max_lattice=10_000)
    gold = tuple((i, i - 1, "b") for i in range(1, 201))
    test = tuple((i, (i + 1) % 201, "c") for i in range(1, 201))
    with pytest.raises(PairTooLarge, match="40,401 states"):
        edits.score(gold, test)
    # under the limit, the same kind of pair is composed
    assert edits.score(gold[:50], test[:50]).counts.edits == 50


def test_script(tmp_path: Path) -> None:
    metric = Dependencies(scheme=load_scheme("dep-label-half"))
    gold = DepTree(("a", "b", "c"), ("X",) * 3, (2, 0, 2), ("r", "root", "s"))
    test = DepTree(("a", "b", "c"), ("X",) * 3, (2, 0, 1), ("q", "root", "s"))
    outcome = metric.score(gold, test)
    script = metric.script(outcome)
    assert script.encoding == "dep" and script.scheme.startswith("dep-label-half@")
    assert [(e.kind, e.gold, e.test, e.cost) for e in script.ops] == [
        ("sub", "r(2,1)", "q(2,1)", 0.5), ("match", "root(0,2)", "root(0,2)", 0.0),
        ("sub", "s(2,3)", "s(1,3)", 1.0)]
    assert outcome.counts.edits.edits == 1.5
    assert outcome.counts.edits.accuracy == pytest.approx(50.0)


def test_a_compiled_transducer_scores_as_the_declarative_scheme(shared: Path,
                                                                 tmp_path: Path) -> None:
    """``dep-label-half`` compiled over the dependency alphabet of two files
    (grammars compile's route: the raw trees converted) and read back as an
    OpenFst transducer gives the same edit distances as the declarative
    scheme (composed whole: a transducer is never split by position)."""
    from parsedit.costs.grammars import compile_far
    from parsedit.costs.transducer import load_transducer_scheme
    from parsedit.fst.files import write_far
    from parsedit.trees.reader import read_trees

    gold, test = (str(shared / f"kummerfeld/{n}.mrg") for n in ("wsj01", "berkeley"))
    _, fsts = compile_far("dep-label-half", [gold, test], ["dep"])
    far = tmp_path / "dep.far"
    write_far(far, {"dep": fsts["dep"][1]})
    compiled = Dependencies(scheme=load_transducer_scheme(far, "dep"))
    declarative = Dependencies(scheme=load_scheme("dep-label-half"))
    assert not compiled.edits.local
    for g, t in zip(read_trees(gold), read_trees(test)):
        assert g.tokens is not None and t.tokens is not None
        assert compiled.score(g.tokens, t.tokens).counts.edits == \
            declarative.score(g.tokens, t.tokens).counts.edits
