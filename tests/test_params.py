"""EVALB parameter files: every key, with EVALB's semantics."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import files

from parsedit.config import Config
from parsedit.errors import ConfigError
from parsedit.params import Params, load_params, parse_params
from parsedit.pipeline.run import evaluate
from parsedit.results import CorpusResult
from parsedit.signature import signature
from parsedit.trees.normalise import COLLINS


def run(tmp_path: Path, prm: str, gold: list[str], test: list[str]) -> CorpusResult:
    params = parse_params(prm, "test.prm", "test")
    return evaluate(*files(tmp_path, gold, test), Config(metrics=("parseval",), params=params))


def counts(result: CorpusResult, n: int = 0) -> tuple[int, int, int]:
    c = result.sentences[n].counts["parseval"]
    return c.matched, c.gold, c.test


def test_the_shipped_collins_file_is_the_default_normalisation() -> None:
    assert load_params("collins").normalisation == COLLINS
    new = load_params("new")
    assert {"S1", "?", "!"} <= new.normalisation.delete_labels
    assert "POS" in new.normalisation.quote_labels
    assert load_params("none").normalisation.delete_labels == frozenset()


def test_comments_short_lines_and_unknown_keys(tmp_path: Path) -> None:
    params = parse_params("# a comment\n\nX\nDEBUG 2\nCOLOUR red\nEQ_LABEL A\n"
                          "DELETE_LABEL\n", "mine.prm", "mine")
    assert params.warnings == (
        "mine.prm:5: unknown key 'COLOUR'; line ignored",
        "mine.prm:6: EQ_LABEL takes two values, not 1; line ignored",
        "mine.prm:7: DELETE_LABEL has no value; line ignored")
    with pytest.raises(ConfigError, match="mine.prm:1: MAX_ERROR takes a whole number"):
        parse_params("MAX_ERROR ten\n", "mine.prm", "mine")
    with pytest.raises(ConfigError, match="not one of collins, new, none"):
        load_params(str(tmp_path / "nothing.prm"))


def test_delete_label_on_a_preterminal_deletes_the_word(tmp_path: Path) -> None:
    result = run(tmp_path, "DELETE_LABEL X\n", ["(S (A a) (X x) (B b))"],
                 ["(S (A a) (B b) (X x))"])
    c = result.sentences[0].counts["parseval"]
    assert c.words == 2 and c.matched == c.gold == 1  # S spans the two words left


def test_delete_label_on_a_phrase_deletes_the_bracket_only(tmp_path: Path) -> None:
    result = run(tmp_path, "DELETE_LABEL TOP\n", ["(TOP (S (A a) (B b)))"],
                 ["(TOP (S (A a) (B b)))"])
    c = result.sentences[0].counts["parseval"]
    assert (c.matched, c.gold, c.words) == (1, 1, 2)


def test_labeled_zero_ignores_labels(tmp_path: Path) -> None:
    gold, test = ["(S (NP (A a) (B b)) (C c))"], ["(S (VP (A a) (B b)) (C c))"]
    assert counts(run(tmp_path, "LABELED 1\n", gold, test)) == (1, 2, 2)
    assert counts(run(tmp_path, "LABELED 0\n", gold, test)) == (2, 2, 2)


def test_eq_label_joins_labels_and_tags(tmp_path: Path) -> None:
    result = run(tmp_path, "EQ_LABEL ADVP PRT\n", ["(S (ADVP (RP up)) (B b))"],
                 ["(S (PRT (ADVP up)) (B b))"])
    c = result.sentences[0].counts["parseval"]
    assert (c.matched, c.correct_tags) == (2, 1)  # RP vs ADVP is still wrong


def test_eq_word_makes_words_equal(tmp_path: Path) -> None:
    gold, test = ["(S (A This) (B b))"], ["(S (A this) (B b))"]
    assert run(tmp_path, "", gold, test).sentences[0].reason == "Words unmatch (This|this)"
    assert run(tmp_path, "EQ_WORD This this\n", gold, test).sentences[0].status == "ok"


def test_cutoff_len_and_delete_label_for_length(tmp_path: Path) -> None:
    gold = ["(S (A a) (B b) (-NONE- *) (. .))", "(S (A a) (B b) (C c) (D d))"]
    prm = "CUTOFF_LEN 3\nDELETE_LABEL -NONE-\nDELETE_LABEL .\nDELETE_LABEL_FOR_LENGTH -NONE-\n"
    result = run(tmp_path, prm, gold, gold)
    # Punctuation counts in the length, empty elements do not.
    assert [s.length for s in result.sentences] == [3, 4]
    assert result.cutoff_len == 3


def test_max_error_stops_where_evalb_stops(tmp_path: Path) -> None:
    gold = ["(S (A a) (B b))"] * 5
    test = ["(S (A a) (B c))"] * 5
    result = run(tmp_path, "MAX_ERROR 2\n", gold, test)
    # EVALB exits at its (MAX_ERROR + 2)-th error.
    assert len(result.sentences) == 4 and result.stopped is not None
    assert "stopped at sentence 4" in result.stopped and not result.complete


def test_quote_label_puts_a_quote_back(tmp_path: Path) -> None:
    gold = ["(S (NP (NNS kids) (POS ')) (NN toy))"]
    test = ["(S (NP (NNS kids) ('' ')) (NN toy))"]
    prm = "DELETE_LABEL ''\n"
    assert run(tmp_path, prm, gold, test).sentences[0].reason == "Length unmatch (3|2)"
    result = run(tmp_path, prm + "QUOTE_LABEL POS\nQUOTE_LABEL ''\n", gold, test)
    c = result.sentences[0].counts["parseval"]
    assert (c.words, c.correct_tags, c.matched, c.gold) == (3, 2, 2, 2)


def test_function_tags_are_stripped_unless_the_extension_says_not(tmp_path: Path) -> None:
    gold, test = ["(S (NP-SBJ (A a)) (B b))"], ["(S (NP (A a)) (B b))"]
    assert counts(run(tmp_path, "", gold, test)) == (2, 2, 2)
    assert counts(run(tmp_path, "STRIP_FUNCTION_TAGS 0\n", gold, test)) == (1, 2, 2)


def test_params_describe_every_setting() -> None:
    assert Params(COLLINS).describe().startswith("collins@")


def test_a_file_of_mostly_unknown_keys_is_not_a_parameter_file(tmp_path: Path) -> None:
    treebank = tmp_path / "gold.mrg"
    treebank.write_text("(S (NP (NN dog)) (VP (VBZ barks)))\n(S (VP (VB go)))\n")
    with pytest.raises(ConfigError, match=(
            f"{treebank}: not an EVALB parameter file: 2 of its 2 setting lines "
            r"\(the first at line 1\) do not begin with a key of EVALB's")) as refused:
        load_params(str(treebank))
    assert "(S" not in str(refused.value) and "dog" not in str(refused.value)
    # A few unknown keys among EVALB's are warnings, as in EVALB.
    params = parse_params("LABELED 1\nCUTOFF_LEN 40\nCOLOUR red\n", "mine.prm", "mine")
    assert params.warnings == ("mine.prm:3: unknown key 'COLOUR'; line ignored",)
    with pytest.raises(ConfigError, match="2 of its 3 setting lines"):
        parse_params("LABELED 1\nCOLOUR red\nSIZE 3\n", "mine.prm", "mine")


def test_max_error_is_in_the_signature() -> None:
    # It decides where a run stops, so which sentences the figures cover.
    assert "|max-error:10" in load_params("collins").describe()
    assert signature(Config(params=parse_params("MAX_ERROR 3\n", "m.prm", "m"))) != \
        signature(Config(params=parse_params("MAX_ERROR 4\n", "m.prm", "m")))


def test_the_normalisation_constants_are_the_shipped_files() -> None:
    from parsedit.trees.normalise import COLLINS, NONE
    assert load_params("none").normalisation == NONE
    assert load_params("collins").normalisation == COLLINS


def test_a_length_mismatch_from_kept_empty_elements_says_so(tmp_path: Path) -> None:
    gold = ["(S (NP (-NONE- *T*-1)) (VP (VB go) (NP (-NONE- *))))"]
    test = ["(S (VP (VB go)))"]
    message = run(tmp_path, "", gold, test).sentences[0].message
    assert message is not None and message.endswith(
        "length mismatch: gold has 3 words, test 1 (gold has 2 more -NONE- empty elements "
        "than test, kept by these parameters; EVALB's COLLINS.prm, `-p collins`, deletes them)")
    other = run(tmp_path, "", ["(S (A a) (B b))"], ["(S (A a))"]).sentences[0].message
    assert other is not None and other.endswith("gold has 2 words, test 1")


def test_labeled_0_says_that_the_headline_figures_are_unlabelled(tmp_path: Path) -> None:
    trees = ["(S (A a) (B b))"]
    unlabelled = run(tmp_path, "LABELED 0\n", trees, ["(S (X a) (B b))"])
    assert any(w.startswith("LABELED 0 in the parameter file") for w in unlabelled.warnings)
    labelled = run(tmp_path, "LABELED 1\n", trees, trees)
    assert not any(w.startswith("LABELED") for w in labelled.warnings)
