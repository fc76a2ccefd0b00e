"""Golden cases for every shipped cost scheme, worked out by hand."""

from __future__ import annotations

import pytest
from conftest import tree
from roark_trees import GOLD, PARSE2, PARSE3

from parsedit.config import Config
from parsedit.costs import load_costs
from parsedit.costs.reader import load_scheme
from parsedit.costs.shipped import shipped_names
from parsedit.encodings import get_encoding
from parsedit.fst.align import Aligner
from parsedit.params import Params, load_params
from parsedit.pipeline.scorer import Scorer
from parsedit.trees.normalise import NONE

SENTENCE = "(S (NP (DT the) (NN dog)) (VP (VBZ barks) (ADVP (RB loudly))))"


def label_cost(scheme: str, gold: str, test: str, params: Params | None = None) -> float:
    params = params or Params(NONE)
    norm = params.normalisation
    config = Config(metrics=("label",), params=params, schemes={"label": load_scheme(scheme)})
    scored = Scorer(config).score(norm.apply(tree(gold)), norm.apply(tree(test)))
    edits: float = scored["label"].counts.edits
    return edits


def test_every_shipped_scheme_loads_and_explains_itself() -> None:
    names = set(shipped_names())
    assert {"roark-basic", "levenshtein", "pos-scored", "function-tags", "shallow",
            "equivalences", "sampson-first-char"} <= names
    for name in names:
        assert load_costs(name).name == name
        header = open(scheme_path(name)).readline()
        assert header.startswith((f"# {name}: ", f'"""{name}: ')), header


def scheme_path(name: str) -> str:
    from parsedit.costs.shipped import shipped_file
    path = shipped_file(name)
    assert path is not None
    return str(path)


@pytest.mark.parametrize("test, cost", [
    (SENTENCE, 0.0),
    (SENTENCE.replace("(NN dog)", "(NNS dog)"), 0.5),  # inside the noun family
    (SENTENCE.replace("(VBZ barks)", "(VBD barks)"), 0.5),  # inside the verb family
    (SENTENCE.replace("(NN dog)", "(VB dog)"), 1.0),  # across families
    (SENTENCE.replace("(NN dog)", "(VB dog)").replace("(RB loudly)", "(RBR loudly)"), 1.5),
    # A wrong constituent costs what it costs under roark-basic.
    (SENTENCE.replace("(ADVP (RB loudly))", "(RB loudly)"), 1.0),
])
def test_pos_scored(test: str, cost: float) -> None:
    assert label_cost("pos-scored", SENTENCE, test) == cost


def test_pos_scored_keeps_the_movement_correction() -> None:
    assert label_cost("pos-scored", GOLD, PARSE2) == 2.0


FUNCTION_GOLD = "(S (NP-SBJ (DT the) (NN dog)) (VP (VBZ barks) (NP-TMP (NN today))))"


@pytest.mark.parametrize("test, cost", [
    (FUNCTION_GOLD, 0.0),
    # The parser gives no function tags: two half-cost rewrites.
    ("(S (NP (DT the) (NN dog)) (VP (VBZ barks) (NP (NN today))))", 1.0),
    # A wrong function tag costs as much as a missing one.
    ("(S (NP-TMP (DT the) (NN dog)) (VP (VBZ barks) (NP-TMP (NN today))))", 0.5),
    # A wrong label is a deletion plus an insertion.
    ("(S (VP (DT the) (NN dog)) (VP (VBZ barks) (NP-TMP (NN today))))", 1.0),
])
def test_function_tags(test: str, cost: float) -> None:
    assert label_cost("function-tags", FUNCTION_GOLD, test, load_params("function-tags")) \
        == cost


def test_function_tags_need_a_normalisation_that_keeps_them() -> None:
    # Under collins the tags are stripped before any cost is looked up.
    no_tags = "(S (NP (DT the) (NN dog)) (VP (VBZ barks) (NP (NN today))))"
    assert label_cost("function-tags", FUNCTION_GOLD, no_tags, load_params("collins")) == 0


@pytest.mark.parametrize("gold, test, cost", [
    (GOLD, PARSE3, 0.0),  # parse 3 only lacks structure
    (PARSE3, GOLD, 3.0),  # the other way round it builds three extra constituents
    # Parse 2: one extra NP (0.5 + 0.5 for its brackets, one of which is
    # among the four close brackets inserted after "store": 4 x 0.5), the
    # three deleted after "lining" free: 0.5 + 2.0.
    (GOLD, PARSE2, 2.5),
])
def test_shallow(gold: str, test: str, cost: float) -> None:
    assert label_cost("shallow", gold, test) == cost


@pytest.mark.parametrize("test, cost", [
    (SENTENCE.replace("(ADVP", "(PRT"), 0.0),
    ("(SQ (NP (DT the) (NN dog)) (VP (VBZ barks) (ADVP (RB loudly))))", 0.0),
    (SENTENCE.replace("(ADVP", "(PP"), 1.0),
])
def test_equivalences(test: str, cost: float) -> None:
    # Under the "none" parameters EVALB's own EQ_LABEL does not apply.
    assert label_cost("equivalences", SENTENCE, test) == cost


@pytest.mark.parametrize("gold, test, cost", [
    (("NP", "S"), ("NP", "S"), 0.0),
    (("NN", "S"), ("NP", "S"), 0.5),  # same first character
    (("NN", "S"), ("VP", "S"), 2.0),  # a plain substitution
    (("NP", "VP", "S"), ("NP", "S"), 1.0),  # a deletion
    (("PP", "S"), ("NP", "VP", "S"), 3.0),  # a substitution and an insertion
])
def test_sampson_first_char(gold: tuple[str, ...], test: tuple[str, ...], cost: float) -> None:
    # Label strings, written as spans over one word (only the label counts).
    aligner = Aligner(load_scheme("sampson-first-char"), get_encoding("span"))
    as_spans = [tuple((label, 0, 1) for label in s) for s in (gold, test)]
    assert aligner.align(*as_spans).cost == cost
