"""``--delete-by gold`` (disco-dop's way: words deleted where the gold tags
are delete labels, on both sides), ``--delete-label`` and ``--equal-label``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import run

import parsedit
from parsedit.config import Config
from parsedit.errors import ConfigError
from parsedit.params import load_params
from parsedit.pipeline.route import Facts, choose
from parsedit.trees.gold_tags import by_gold
from parsedit.trees.reader import read_sentence

pytestmark = pytest.mark.cli

# disco-dop's worked example (reference notes, section C): the parser tags
# the final '.' of sentence 1 and the ',' of sentence 2 as NN.
GOLD = ["(S (NP (DT The) (NN dog)) (VP (VBD barked) (PP (IN at) (NP (PRP me)))) (. .))",
        "(S (NP (PRP He)) (VP (VBD left)) (, ,) (ADVP (RB sadly)) (. .))"]
TEST = ["(S (NP (DT The) (NN dog)) (VP (VBD barked) (PP (IN at) (NP (PRP me) (NN .)))))",
        "(S (NP (PRP He)) (VP (VBD left) (NP (NN ,)) (ADVP (RB sadly))) (. .))"]


def _files(tmp_path: Path, gold: list[str], test: list[str]) -> tuple[str, str]:
    (tmp_path / "gold.mrg").write_text("\n".join(gold) + "\n")
    (tmp_path / "test.mrg").write_text("\n".join(test) + "\n")
    return str(tmp_path / "gold.mrg"), str(tmp_path / "test.mrg")


def _json(*args: str) -> dict[str, Any]:
    result = run("score", "--format", "json", *args)
    assert result.exit_code in (0, 1), result.output
    found: dict[str, Any] = json.loads(result.stdout)
    return found


def test_the_worked_example_by_hand(tmp_path: Path) -> None:
    gold, test = _files(tmp_path, GOLD, TEST)
    report = _json("--metrics", "parseval", "--delete-by", "gold", gold, test)
    # Sentence 1, punctuation gone from both sides: S(0,5) NP(0,2) VP(2,5)
    # PP(3,5) NP(4,5) on both (the test's NP over 'me .' is NP(4,5)): 5 of 5.
    # Sentence 2, over 'He left sadly': gold S(0,3) NP(0,1) VP(1,2)
    # ADVP(2,3); test S(0,3) NP(0,1) VP(1,3) ADVP(2,3) (its NP over ',' has
    # no word left): 3 of 4.
    first, second = (s["parseval"] for s in report["sentences"])
    assert (first["matched"], first["gold"], first["test"]) == (5, 5, 5)
    assert (second["matched"], second["gold"], second["test"]) == (3, 4, 4)
    figures = report["corpus"]["parseval"]
    assert round(figures["recall"], 2) == round(figures["precision"], 2) == 88.89
    assert round(figures["f_measure"], 2) == 88.89  # disco-dop's 88.89
    assert report["summary"]["error"] == 0
    assert [w for w in report["warnings"] if w.startswith("--delete-by gold")] == [
        "--delete-by gold: 2 sentence(s) scored that EVALB's way (each side's own tags "
        "deciding what is deleted) would have left out as length or word mismatches: a "
        "punctuation mark the parser tagged as a word, or a word it tagged as punctuation"]
    assert all("would have left it out: length mismatch" in s["message"]
               for s in report["sentences"])
    # The parser's NN tags on '.' and ',' are not scored as tags: those words are gone.
    assert (first["words"], first["correct_tags"]) == (5, 5)


def test_the_default_is_evalbs(tmp_path: Path) -> None:
    gold, test = _files(tmp_path, GOLD, TEST)
    report = _json("--metrics", "parseval", gold, test)
    assert [s["reason"] for s in report["sentences"]] == ["Length unmatch (5|6)",
                                                         "Length unmatch (3|4)"]
    assert "|delete-by:gold|" in _json("--metrics", "parseval", "--delete-by", "gold", gold,
                                       test)["signature"]
    assert "delete-by" not in report["signature"]


def test_a_word_tagged_as_punctuation_stays_and_its_tag_is_wrong(tmp_path: Path) -> None:
    gold, test = _files(tmp_path, ["(S (NP (DT the) (NN dog)) (VP (VBD barked)) (. .))"],
                        ["(S (NP (DT the) (. dog)) (VP (VBD barked)) (. .))"])
    evalb = _json("--metrics", "parseval", gold, test)
    assert evalb["sentences"][0]["status"] == "error"
    report = _json("--metrics", "parseval", "--delete-by", "gold", gold, test)
    counts = report["sentences"][0]["parseval"]
    assert (counts["matched"], counts["gold"], counts["words"], counts["correct_tags"]) == \
        (3, 3, 3, 2)


def test_a_test_without_the_gold_punctuation_is_scored(tmp_path: Path) -> None:
    gold, test = _files(tmp_path, ["(S (NP (PRP He)) (VP (VBD left)) (. .))"],
                        ["(S (NP (PRP He)) (VP (VBD left)))"])
    report = _json("--metrics", "parseval", "--delete-by", "gold", gold, test)
    assert report["corpus"]["parseval"]["f_measure"] == 100.0


def test_alignment_and_keep() -> None:
    norm = load_params("collins").normalisation
    gold = read_sentence("(S (NP (PRP He)) (VP (VBD left)) (, ,) (ADVP (RB so)) (. .))").tokens
    test = read_sentence("(S (NP (. He)) (VP (VBD left) (NN ,)) (ADVP (RB so)))").tokens
    assert gold is not None and test is not None
    tokens, keep = by_gold(norm, gold, test)
    # 'He' kept against its own tag '.': the first deleted-tag preterminal;
    # ',' retagged as gold's ',' and deleted; the missing '.' is no matter.
    assert keep == {0}
    assert "(, ,)" in tokens and "(. He)" in tokens
    assert norm.normalise(tokens, keep).words == ["He)", "left)", "so)"]


def test_delete_by_gold_takes_the_reference_route() -> None:
    config = Config.from_options("parseval", delete_by="gold")
    facts = Facts("files", by_lines=True, size=10, keys=True)
    assert choose(config, facts).name == "reference"
    with pytest.raises(ConfigError, match="--delete-by gold reads the gold tags"):
        choose(Config.from_options("parseval", delete_by="gold", route="lines/keys"), facts)
    with pytest.raises(ConfigError, match="cannot be used with EVALB_SPMRL"):
        Config.from_options("parseval", "spmrl", delete_by="gold")


def test_delete_by_gold_in_the_api_and_the_evaluator(tmp_path: Path) -> None:
    gold, test = _files(tmp_path, GOLD, TEST)
    result = parsedit.score(gold, test, metrics="parseval", delete_by="gold")
    assert result.parseval is not None and round(result.parseval.f_measure or 0, 2) == 88.89
    evaluator = parsedit.Evaluator(metrics="parseval", delete_by="gold")
    evaluator.update(GOLD, TEST)
    assert evaluator.compute().totals == result.totals


# -- --delete-label and --equal-label ---------------------------------------------

ROOTED = ["(ROOT (S (NP (DT the) (NN dog)) (VP (VBD barked))))"]
TOPPED = ["(TOP (S (NP (DT the) (NN dog)) (VP (VBD barked))))"]


def test_delete_label_instead_of_a_copied_parameter_file(tmp_path: Path) -> None:
    gold, test = _files(tmp_path, ROOTED, TOPPED)
    plain = _json("--metrics", "parseval", gold, test)
    said = [w for w in plain["warnings"] if w.startswith("root labels differ")]
    assert said and "--delete-label ROOT deletes that root" in said[0]
    fixed = _json("--metrics", "parseval", "--delete-label", "ROOT", gold, test)
    assert fixed["corpus"]["parseval"]["f_measure"] == 100.0
    assert not [w for w in fixed["warnings"] if w.startswith("root labels differ")]
    assert "|delete:ROOT|" in fixed["signature"]
    # The same as a parameter file with the line added (its figures).
    prm = tmp_path / "root.prm"
    prm.write_text((Path(parsedit.__file__).parent / "prm" / "collins.prm").read_text()
                   + "DELETE_LABEL ROOT\n")
    by_file = _json("--metrics", "parseval", "-p", str(prm), gold, test)
    assert by_file["corpus"] == fixed["corpus"]


def test_equal_label(tmp_path: Path) -> None:
    gold, test = _files(tmp_path, ROOTED, TOPPED)
    report = _json("--metrics", "parseval", "-p", "none", "--equal-label", "ROOT", "TOP",
                   gold, test)
    assert report["corpus"]["parseval"]["f_measure"] == 100.0
    assert "|equal:ROOT=TOP|" in report["signature"]
    config = Config.from_options("parseval", "none", equal_labels=[("ROOT", "TOP")],
                                 delete_labels=["S1"])
    assert config.params.normalisation.label("TOP") == config.params.normalisation.label("ROOT")
    assert "S1" in config.params.normalisation.delete_labels
    with pytest.raises(ConfigError, match="takes two labels"):
        Config.from_options("parseval", equal_labels=[("A", "B", "C")])


def test_compare_and_plot_take_them(tmp_path: Path) -> None:
    gold, test = _files(tmp_path, ROOTED, TOPPED)
    other = tmp_path / "other.mrg"
    other.write_text(Path(test).read_text())
    compared = run("compare", "--format", "json", "--metrics", "parseval", "--delete-label",
                   "ROOT", gold, test, str(other))
    assert compared.exit_code == 0, compared.output
    assert "|delete:ROOT|" in json.loads(compared.stdout)["signature"]
    pytest.importorskip("matplotlib")
    out = tmp_path / "plot.png"
    plotted = run("plot", "e-vs-label", gold, test, "-o", str(out), "--delete-label",
                  "ROOT", "--equal-label", "A", "B")
    assert plotted.exit_code == 0, plotted.output
    assert out.exists()
