"""Normalisation with EVALB's COLLINS.prm semantics."""

from __future__ import annotations

import pytest
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
    out = COLLINS.apply(t)
    assert out == ("(X",) * depth + ("((NN", "w)") + (")",) * depth


def test_the_token_memory_is_bounded_and_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    # normalise() remembers what it made of each distinct token; cleared
    # beyond a bound, and a cold and a warm normalisation agree.
    from parsedit.trees import normalise as module

    monkeypatch.setattr(module, "_MAX_TOKENS", 8)
    norm = Normalisation(equal_labels=(("ADVP", "PRT"),))
    trees = [tree(f"(TOP (S-1 (NP-SBJ (NN w{i}) (-NONE- *)) (PRT (RP up)) (, ,) (VB v{i})))")
             for i in range(20)]
    warm = [norm.normalise(t.tokens()) for t in trees]
    assert len(norm._tokens) <= 8 + 8
    cold = [Normalisation(equal_labels=(("ADVP", "PRT"),)).normalise(t.tokens()) for t in trees]
    assert warm == cold
    assert warm[3].bracketing == ("(S", "(NP", "((NN", "w3)", ")", "(ADVP", "((RP", "up)", ")",
                                  "((VB", "v3)", ")")
