"""The movement cascade (Roark's Figure 3 transducers, composed) against the
five-step correction.

Finding, stated in docs/explanation/metrics.md (The movement cascade): the two
agree whenever the five-step's moves fit the cascade's bounds and moving k
brackets costs no less than deleting and re-inserting one (movement >= delete
+ insert of a close bracket, as in Roark's 1 = 0.5 + 0.5). Outside the bounds
the cascade is dearer (it cannot make the moves); when moving is cheaper than
that, the cascade can be cheaper (it can pad a lone deleted bracket with an
inserted one and move the pair, which the five steps, moving runs of at least
two on one path, never do).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import tree
from hypothesis import given, settings
from roark_trees import GOLD, PARSE2, PARSE3
from test_properties import tree_pairs

from parsedit.config import Config
from parsedit.costs import load_costs
from parsedit.costs.reader import parse_scheme
from parsedit.costs.scheme import CostScheme
from parsedit.costs.transducer import FstScheme
from parsedit.encodings import get_encoding
from parsedit.fst.cascade import cascade_distance
from parsedit.params import Params
from parsedit.pipeline.run import evaluate
from parsedit.pipeline.scorer import Scorer
from parsedit.trees.normalise import NONE
from parsedit.trees.tree import Tree

LABEL = get_encoding("label")
CHEAP_MOVES = parse_scheme(b'name = "cheap-moves"\nextends = "roark-basic"\n'
                           b'[insert]\nclose = 0.7\n[delete]\nclose = 0.7\n', "cheap.toml")


def both(gold: Tree, test: Tree, scheme: CostScheme | FstScheme, moves: int = 2,
         k: int = 4) -> tuple[float, float, list[int]]:
    """(cascade, five-step, sizes of the five-step's moves)."""
    assert isinstance(scheme, CostScheme)  # a declarative scheme, as the cascade takes
    g, t = NONE.apply(gold), NONE.apply(test)
    config = Config(metrics=("label",), params=Params(NONE), schemes={"label": scheme})
    scored = Scorer(config).score(g, t)["label"].detail
    return (cascade_distance(g, t, scheme, LABEL, moves, k), scored.counts.edits,
            [m.size for m in scored.moves])


@pytest.mark.paper
@pytest.mark.parametrize("moves, expected", [(0, 4.0), (1, 2.0), (2, 2.0)])
def test_roarks_parse_2_needs_one_move(moves: int, expected: float) -> None:
    cascade, five, sizes = both(tree(GOLD), tree(PARSE2), load_costs("roark-basic"), moves)
    assert (five, sizes) == (2.0, [3])
    assert cascade == expected


@pytest.mark.paper
def test_roarks_parse_3_has_nothing_to_move() -> None:
    assert both(tree(GOLD), tree(PARSE3), load_costs("roark-basic"))[:2] == (3.0, 3.0)


def test_a_move_larger_than_k_is_out_of_reach() -> None:
    cascade, five, _ = both(tree(GOLD), tree(PARSE2), load_costs("roark-basic"), 1, 2)
    assert five == 2.0 and cascade == 3.0  # two of the three brackets move


@settings(max_examples=300, deadline=None)
@given(tree_pairs())
def test_with_roarks_costs_the_cascade_is_the_five_steps(pair: list[Tree]) -> None:
    moves, k = 2, 3
    gold, test = pair
    cascade, five, sizes = both(gold, test, load_costs("roark-basic"), moves, k)
    if len(sizes) <= moves and all(size <= k for size in sizes):
        assert cascade == pytest.approx(five, abs=1e-4)
    else:
        assert cascade >= five - 1e-4


@settings(max_examples=300, deadline=None)
@given(tree_pairs())
def test_with_cheap_moves_the_cascade_can_only_do_better(pair: list[Tree]) -> None:
    gold, test = pair
    cascade, five, sizes = both(gold, test, CHEAP_MOVES)
    assert len(sizes) > 2 or max(sizes, default=0) > 4 or cascade <= five + 1e-4


def test_why_cheap_moves_differ() -> None:
    # Gold closes one bracket after w0 and one after w1; test none after w0
    # and three after w1.  The five steps see runs of 1 and 2: no move, and
    # pay 0.7 + 2 x 0.7 for the brackets.  The cascade inserts one bracket
    # after w0 (0.7) and moves the two (1): 0.4 less.
    gold = tree("(S (VP (VB w0)) (NN w1))")
    test = tree("(S (NN w0) (PP (NP (VB w1))))")
    cascade, five, sizes = both(gold, test, CHEAP_MOVES)
    assert five == pytest.approx(3.6) and sizes == []
    assert cascade == pytest.approx(3.2, abs=1e-5)
    assert both(gold, test, load_costs("roark-basic"))[:2] == (3.0, 3.0)


@pytest.mark.slow
def test_real_parsers_agree(shared: Path) -> None:
    from parsedit.metrics.movement import Movement
    folder = shared / "kummerfeld"
    for parser in ("berkeley", "bikel", "collins.1", "stanford"):
        totals = []
        for method in ("five-step", "cascade"):
            config = Config(metrics=("label",), movement=Movement(method, 2, 6))
            result = evaluate(str(folder / "wsj01.mrg"), str(folder / f"{parser}.mrg"), config)
            totals.append(result.totals.counts["label"].edits)
        assert totals[0] == totals[1], parser
