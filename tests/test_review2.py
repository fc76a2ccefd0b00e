"""Review of issues 27-31 as landed (branch review2): each fix's test."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run, write_trees

import parsedit

GOLD = [
    "(S (NP (DT the) (JJ big) (NN dog)) (VP (VBD barked) (ADVP (RB loudly))) (. .))",
    "(S (NP (PRP He)) (VP (VBD left) (NP (DT the) (NN room))) (. .))",
]


@pytest.mark.cli
@pytest.mark.parametrize("target", ["conllu", "bracketed"])
def test_convert_refuses_an_output_that_is_its_input(tmp_path: Path, target: str) -> None:
    # Was: exit 0, the treebank replaced by its conversion.
    gold = write_trees(tmp_path / "gold.mrg", GOLD)
    before = Path(gold).read_bytes()
    result = run("convert", gold, "--to", target, "-o", gold)
    assert result.exit_code == 2, result.output
    assert "is the input file" in result.output
    assert Path(gold).read_bytes() == before


@pytest.mark.cli
def test_baseline_names_unreadable_gold_lines_and_fails(tmp_path: Path) -> None:
    # Was: an unreadable gold line gave an empty line, exit 0 and no message;
    # a word/TAG file, empty lines throughout.
    gold = write_trees(tmp_path / "gold.mrg", [GOLD[0], "the dog barked", GOLD[1]])
    result = run("baseline", "right", gold)
    assert result.exit_code == 1, result.output
    assert f"{gold}:2:1" in result.output and "1 gold tree(s) could not be read" in result.output
    assert "(the (big (dog (barked loudly))))\n\n(He (left (the room)))\n" in result.output
    tagged = tmp_path / "gold.tagged"
    tagged.write_text("the/DT dog/NN barked/VBD ./.\nHe/PRP left/VBD ./.\n")
    result = run("baseline", "right", str(tagged))
    assert result.exit_code == 2, result.output
    assert "holds word/TAG tokens, one sentence a line, which baseline does not read" \
        in result.output


@pytest.mark.cli
def test_baseline_warns_when_no_word_is_kept(tmp_path: Path) -> None:
    # French tags are none of the unsupervised convention's 36 word tags: the
    # lines were empty without a word said.
    gold = write_trees(tmp_path / "gold.mrg", [
        GOLD[0], "(SENT (NP (DET le) (NC juge)) (VN (V clôt)) (PONCT .))"])
    result = run("baseline", "right", gold)
    assert result.exit_code == 0, result.output
    assert "(the (big (dog (barked loudly))))" in result.output
    assert "1 gold tree(s) keep no word under -p unsupervised (first on line 2)" \
        in result.output


FRENCH = ["(SENT (NP (DET le) (NC juge)) (VN (V clôt)) (PONCT .))",
          "(SENT (NP (DET la) (NC cour)) (VN (V siège)) (PONCT .))"]


def test_unsupervised_on_other_tags_says_why_sentences_are_skipped() -> None:
    # Was: only "2 skips: a missing or unreadable parse", though every parse
    # was there: the PTB word tags keep none of Sequoia's words.
    mixed = [GOLD[0], *FRENCH]
    result = parsedit.score(mixed, mixed, params="unsupervised")
    said = [w for w in result.warnings if "KEEP_LABEL" in w]
    assert len(said) == 1 and said[0].startswith("2 pairs of 3 kept no word")
    assert "no word is left after normalisation: the gold tags keep none of its words" \
        in (result.sentences[1].message or "")
    evaluator = parsedit.Evaluator(params="unsupervised")
    evaluator.update(mixed, mixed)
    assert evaluator.compute().warnings == result.warnings
    assert not any("KEEP_LABEL" in w
                   for w in parsedit.score(GOLD, GOLD, params="unsupervised").warnings)


@pytest.mark.cli
def test_conventions_says_each_conventions_warnings_on_standard_error(tmp_path: Path) -> None:
    # Was: in JSON alone; the text report and standard error said nothing.
    gold = write_trees(tmp_path / "gold.mrg", [GOLD[0], *FRENCH])
    result = run("conventions", gold, gold, "--only", "evalb,unsupervised,unsupervised-prpn")
    assert result.exit_code == 0, result.output
    assert ("parsedit: warning: unsupervised, unsupervised-prpn: 2 pairs of 3 kept no word: "
            "unsupervised.prm keeps only") in result.output


def _conllu(path: Path, rows: list[tuple[str, str, int, str]]) -> str:
    """A one-sentence CoNLL-U file of (form, UPOS, head, relation) rows, XPOS '_'."""
    path.write_text("".join(f"{i}\t{form}\t_\t{upos}\t_\t_\t{head}\t{rel}\t_\t_\n"
                            for i, (form, upos, head, rel) in enumerate(rows, start=1)) + "\n")
    return str(path)


def test_the_conllu_warning_says_ud_punctuation_is_scored(tmp_path: Path) -> None:
    # UD's XPOS is often '_': the tag read is then UPOS, and PUNCT is none of
    # the PTB's punctuation tags, so the full stop is scored; the warning said
    # "leave out punctuation by the gold tags" all the same.
    gold = _conllu(tmp_path / "gold.conllu", [("He", "PRON", 2, "nsubj"),
                                              ("left", "VERB", 0, "root"),
                                              (".", "PUNCT", 2, "punct")])
    test = _conllu(tmp_path / "test.conllu", [("He", "PRON", 2, "nsubj"),
                                              ("left", "VERB", 0, "root"),
                                              (".", "PUNCT", 1, "punct")])
    result = parsedit.score(gold, test)
    assert result.to_dict()["corpus"]["dep"]["words"] == 3
    said = [w for w in result.warnings if "is CoNLL-U" in w]
    assert len(said) == 1 and "UD's UPOS PUNCT is not" in said[0]


def test_delete_by_gold_under_yield_align_rescues_no_word_error() -> None:
    # Was: every pair with a substituted word was "rescued" (a warning and a
    # note saying EVALB's way would have left it out), though under --yield
    # align EVALB's way aligns it.
    gold = ["(S (NP (DT the) (NN dog)) (VP (VBD barked)) (. .))"]
    test = ["(S (NP (DT the) (NN cat)) (VP (VBD barked)) (. .))"]
    result = parsedit.score(gold, test, metrics="parseval", delete_by="gold", yields="align")
    assert result.sentences[0].status == "ok" and result.sentences[0].cause is None
    assert not any("KEEP_LABEL" in w for w in result.warnings)
    tagged = ["(S (NP (DT the) (NN dog)) (VP (VBD barked)) (NN .))"]
    strict = parsedit.score(gold, tagged, metrics="parseval", delete_by="gold")
    assert strict.sentences[0].cause == "rescued"


@pytest.mark.cli
def test_compare_over_more_than_1023_sentences(tmp_path: Path) -> None:
    # Was: OverflowError traceback (2.0 ** n for the exact test's smallest p)
    # for every compare over more than 1023 sentences, the PTB sample's too.
    n = 1030
    right, wrong = GOLD[1], "(S (NP (PRP He)) (VP (VBD left) (NP (DT the)) (NP (NN room))) (. .))"
    gold = write_trees(tmp_path / "gold.mrg", [right] * n)
    one = write_trees(tmp_path / "one.mrg", [right] * (n - 40) + [wrong] * 40)
    two = write_trees(tmp_path / "two.mrg", [wrong] * n)
    result = run("compare", gold, one, two, "--metrics", "parseval", "--samples", "20", "-q")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output and "1030" in result.output


@pytest.mark.cli
def test_tags_refuses_conllu_files(tmp_path: Path) -> None:
    # Was: each CoNLL-U line read as a word/TAG sentence, "100.00" and exit 0.
    rows = [("He", "PRON", 2, "nsubj"), ("left", "VERB", 0, "root")]
    gold = _conllu(tmp_path / "gold.conllu", rows)
    test = _conllu(tmp_path / "test.conllu", rows)
    result = run("tags", gold, test)
    assert result.exit_code == 2, result.output
    assert "holds CoNLL-U dependency trees (--gold-format conllu), which tags does not read" \
        in result.output


def test_a_test_read_without_words_is_not_blamed_on_the_gold_tags(tmp_path: Path) -> None:
    # A test line whose words the gold tags would keep, read with none (a
    # bare line misread as a tree): no warning about the gold's tags.
    gold = write_trees(tmp_path / "gold.mrg", [GOLD[0]])
    test = write_trees(tmp_path / "test.mrg", ["(S (X (. .)))"])
    result = parsedit.score(gold, test, params="unsupervised")
    assert result.sentences[0].status == "skip"
    assert not any("KEEP_LABEL" in w for w in result.warnings)


def test_error_classes_are_bounded_like_the_edit_metrics(monkeypatch: pytest.MonkeyPatch) -> None:
    # Was: with PARSEVAL alone beside --error-classes no size limit applied,
    # and the classes' script grows with the square of a tree (64 s for one
    # 3,000-word degenerate pair).
    monkeypatch.setenv("PARSEDIT_MAX_EDIT_SIZE", "50")
    words = [f"w{i}" for i in range(40)]
    right = "".join(f"(X (NN {w}) " for w in words[:-1]) + f"(NN {words[-1]})" + ")" * 39
    left = "(X " * 39 + f"(NN {words[0]}) " + " ".join(f"(NN {w}))" for w in words[1:])
    result = parsedit.score([f"(S {right})", GOLD[1]], [f"(S {left})", GOLD[1]],
                            metrics="parseval", error_classes=True)
    assert [s.status for s in result.sentences] == ["skip", "ok"]
    assert result.sentences[0].cause == "too_large"
    assert "that error_classes align" in (result.sentences[0].message or "")
    assert any("the error classes align" in w for w in result.warnings)
