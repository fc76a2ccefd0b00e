"""Normalisation with EVALB's COLLINS.prm semantics."""

from __future__ import annotations

from conftest import tree

from parsedit.trees import bracketing
from parsedit.trees.normalise import COLLINS, NONE, Normalisation


def test_collins_deletes_traces_punctuation_top_and_function_tags() -> None:
    t = tree("(TOP (S (NP-SBJ-1 (NNP Vinken)) (, ,) (VP (VBD reported) (SBAR (-NONE- 0) "
             "(S (-NONE- *T*-1)))) (. .)))")
    assert COLLINS.apply(t) == (
        "(S", "(NP", "((NNP", "Vinken)", ")", "(VP", "((VBD", "reported)", ")", ")")


def test_equal_labels_and_index_suffixes() -> None:
    t = tree("(S (PRT=2 (RP up)) (ADVP-TMP (RB now)))")
    tokens = COLLINS.apply(t)
    assert [x for x in tokens if x.startswith("(") and not x.startswith("((")] == \
        ["(S", "(ADVP", "(ADVP"]


def test_unlabelled_outer_bracket_is_kept_as_evalb_does() -> None:
    assert COLLINS.apply(tree("( (S (NN a)) )"))[:2] == ("(", "(S")


def test_words_directly_under_phrases_get_an_unnamed_tag() -> None:
    assert COLLINS.apply(tree("(NP (DT the) dog)")) == ("(NP", "((DT", "the)", "((", "dog)", ")")


def test_none_keeps_everything_but_function_tags() -> None:
    # none.prm deletes nothing; function tags go, as EVALB always strips them.
    t = tree("(TOP (S (NP-SBJ (-NONE- *)) (. .)))")
    assert bracketing.words(NONE.apply(t)) == ["*", "."]
    assert NONE.apply(t)[:3] == ("(TOP", "(S", "(NP")


def test_equal_label_classes_are_transitive() -> None:
    norm = Normalisation(equal_labels=(("A", "B"), ("B", "C")))
    assert {norm.label(x) for x in "ABC"} == {"A"}


def test_deep_tree() -> None:
    depth = 10_000
    t = tree("(X " * depth + "(NN w)" + ")" * depth)
    assert bracketing.constituents(COLLINS.apply(t)) == depth
