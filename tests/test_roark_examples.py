"""Roark (2002), section 2 and 3: the worked example, number for number."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import tree
from roark_trees import GOLD, PARSE2, PARSE3

from parsedit.config import Config
from parsedit.params import Params
from parsedit.pipeline.scorer import Scorer
from parsedit.trees.normalise import NONE

pytestmark = pytest.mark.paper


def scores(test: str, rule_pos: str = "words") -> dict[str, Any]:
    """Each edit metric's alignment (``counts``, ``ops``, ``moves``)."""
    evaluator = Scorer(Config(metrics=("label", "span", "rule"), params=Params(NONE),
                              rule_pos=rule_pos))
    outcomes = evaluator.score(NONE.apply(tree(GOLD)), NONE.apply(tree(test)))
    return {name: outcome.detail for name, outcome in outcomes.items()}


@pytest.mark.parametrize("rule_pos", ["words", "tags"])
def test_rule_edit_distance(rule_pos: str) -> None:
    # Table 1: parse (2) one substitution + one insertion; parse (3) one
    # substitution + three deletions; 11 gold rules.
    two, three = scores(PARSE2, rule_pos)["rule"].counts, scores(PARSE3, rule_pos)["rule"].counts
    assert (two.edits, two.gold) == (2, 11)
    assert (three.edits, three.gold) == (4, 11)
    assert round(two.error_rate, 1) == 18.2
    assert round(three.error_rate, 1) == 36.4


def test_rule_alignment_matches_table_1() -> None:
    ops = scores(PARSE2, "tags")["rule"].ops
    edits = [(op.kind, op.gold, op.test) for op in ops if op.kind != "match"]
    assert edits == [
        ("sub", (None, ("VBD", "NP", "PP")), (None, ("VBD", "NP"))),
        ("ins", None, (None, ("NP", "PP"))),
    ]


def test_label_edit_distance_with_movement_correction() -> None:
    two = scores(PARSE2)["label"]
    # Basic transducer: one extra NP (0.5 + 0.5), three close brackets deleted
    # after "lining" and four inserted after "store": 4; the movement of three
    # close brackets counts once: 4 - (3 - 1) = 2.
    assert two.counts.basic == 4
    assert two.counts.edits == 2
    assert [m.size for m in two.moves] == [3]
    three = scores(PARSE3)["label"]
    assert (three.counts.basic, three.counts.edits) == (3, 3)


def test_span_edit_distance() -> None:
    assert scores(PARSE2)["span"].counts.edits == 4
    assert scores(PARSE3)["span"].counts.edits == 3


def test_identical_parse_costs_nothing() -> None:
    for counts in (s.counts for s in scores(GOLD).values()):
        assert (counts.edits, counts.basic, counts.gold, counts.accuracy) == (0, 0, 11, 100)
