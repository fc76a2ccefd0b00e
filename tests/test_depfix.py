"""The dependency metric's review fixes: failed parses counted by
``--failures count`` (UAS and LAS fall), invalid CoNLL-U test trees, the
function-tag warning whatever the gold's format, and ``conventions`` on a
CoNLL-U file."""

from __future__ import annotations

import json
from pathlib import Path

import deps_support  # noqa: F401  (this checkout's grammars)
import pytest
from conftest import files, run, tree

from parsedit.deps.metric import Dependencies

pytestmark = pytest.mark.cli

GOLD = ["(S (NP-SBJ (DT The) (NN company)) (VP (MD will) (VP (VB pay) (NP (DT a) "
        "(NN dividend)) (PP-TMP (IN in) (NP (NNP March))))) (. .))",
        "(S (NP-SBJ (PRP It)) (VP (VBD rose)) (. .))"]
# The PP attached to the object; the second parse failed (an empty line).
TEST = ["(S (NP (DT The) (NN company)) (VP (MD will) (VP (VB pay) (NP (NP (DT a) "
        "(NN dividend)) (PP (IN in) (NP (NNP March)))))) (. .))", ""]


def json_run(*args: str) -> dict:  # type: ignore[type-arg]
    result = run(*args, "--format", "json")
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)  # type: ignore[no-any-return]


# -- 1. --failures count: a failed parse's words are scored and wrong ---------------------


def test_a_failure_counts_its_words_wrong() -> None:
    metric = Dependencies()
    gold = tree("(S (NP (DT The) (NN dog)) (VP (VBD barked)) (. .))").tokens()
    failed = metric.failure(gold)
    # 3 scored words (the full stop left out), none attached: UAS 0, not undefined
    assert (failed.words, failed.aligned, failed.failed, failed.attached) == (3, 0, 3, 0)
    assert failed.uas == 0.0 and failed.las == 0.0 and failed.sentence_uas == 0.0
    assert (failed.gold_relations, failed.test_relations, failed.recall) == (3, 0, 0.0)
    assert failed.edits.edits == 4  # every dependency, punctuation included, deleted
    total = metric.score(gold, gold).counts + failed
    # the parsed copy's 3 words right, the failed one's 3 wrong: as PARSEVAL's
    # recall counts a failure's gold brackets missed
    assert total.uas == 50.0 and total.las == 50.0 and total.sentence_uas == 50.0
    assert metric.headline(total) == 50.0  # compare's figure, from the terms
    assert total.figures()["failed"] == 3


@pytest.mark.parametrize("yields", ["strict", "align"])
def test_failures_count_lowers_uas(tmp_path: Path, yields: str) -> None:
    gold, test = files(tmp_path, GOLD, TEST)
    skipped = json_run("score", gold, test, "--metrics", "dep", "--yield", yields)
    counted = json_run("score", gold, test, "--metrics", "dep", "--failures", "count",
                       "--yield", yields)
    s, c = skipped["corpus"]["dep"], counted["corpus"]["dep"]
    assert (s["words"], s["aligned"], s["failed"], s["attached"]) == (8, 8, 0, 7)
    # the failed sentence's 2 scored words (It, rose): scored, wrong
    assert (c["words"], c["aligned"], c["failed"], c["attached"]) == (10, 8, 2, 7)
    assert s["uas"] == 87.5 and c["uas"] == 70.0  # 7/8, then 7/10
    assert c["uas"] == c["relational"]["recall"]  # every gold relation is a word's
    assert c["las"] < s["las"]
    # no word of a counted failure is said to lack a counterpart
    assert not [w for w in counted["warnings"] if "no counterpart" in w]
    sentence = counted["sentences"][1]
    assert sentence["counted"] and sentence["dep"]["uas"] == 0.0


def test_failures_count_in_the_text_report(tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD, TEST)
    shown = run("score", gold, test, "--metrics", "dep", "--failures", "count").stdout
    assert "words of failed parses" in shown
    assert "UAS                                      70.00" in shown
    # under skip (nothing failed counted) the row is not shown
    assert "failed parses" not in run("score", gold, test, "--metrics", "dep").stdout


def test_failures_count_on_sequoia(shared: Path) -> None:
    """The reviewer's run: ManifoldFR's 80 failures (1,762 scored gold words)
    lower UAS from 2,636 / 3,741 to 2,636 / 5,503."""
    gold, test = (str(shared / "sequoia" / f) for f in ("gold.mrg", "ManifoldFR.mrg"))
    figures = [json_run("score", gold, test, "--metrics", "dep", "--heads", "sequoia",
                        "--failures", how)["corpus"]["dep"] for how in ("skip", "count")]
    skipped, counted = figures
    assert (skipped["words"], skipped["attached"], skipped["failed"]) == (3741, 2636, 0)
    assert (counted["words"], counted["aligned"], counted["failed"]) == (5503, 3741, 1762)
    assert skipped["uas"] == pytest.approx(100 * 2636 / 3741)
    assert counted["uas"] == pytest.approx(100 * 2636 / 5503)
    assert counted["las"] == pytest.approx(100 * counted["labelled"] / 5503)


# -- 2. a CoNLL-U test sentence whose heads make no tree ----------------------------------

IT_ROSE = "1\tIt\t_\t_\tPRP\t_\t2\tnsubj\t_\t_\n2\trose\t_\t_\tVBD\t_\t0\troot\t_\t_\n" \
    "3\t.\t_\t_\t.\t_\t2\tpunct\t_\t_\n\n"
DOG = "1\tThe\t_\t_\tDT\t_\t2\tdet\t_\t_\n2\tdog\t_\t_\tNN\t_\t3\tnsubj\t_\t_\n" \
    "3\tbarked\t_\t_\tVBD\t_\t0\troot\t_\t_\n\n"


def heads(block: str, *new: int) -> str:
    """``block`` with its words' heads replaced by ``new``."""
    lines = block.rstrip("\n").split("\n")
    out = []
    for line, head in zip(lines, new):
        columns = line.split("\t")
        columns[6] = str(head)
        out.append("\t".join(columns))
    return "\n".join(out) + "\n\n"


@pytest.mark.parametrize(("new", "line", "message"), [
    ((2, 0, 0), 3, "2 words have HEAD 0 (words 2, 3)"),  # at the second root
    ((0, 3, 2), 2, "the heads make a cycle through word 2 (each word's head: 2 -> 3 -> 2)"),
    ((2, 3, 1), 1, "no word has HEAD 0 (a tree has exactly one root), and the heads make a "
                   "cycle through word 1 (each word's head: 1 -> 2 -> 3 -> 1)"),
    ((2, 0, 7), 3, "HEAD 7 points outside the sentence of 3 words"),
])
def test_an_invalid_tree_is_placed_at_its_word(new: tuple[int, ...], line: int,
                                               message: str) -> None:
    from parsedit.deps.conllu import parse_conllu
    from parsedit.errors import InputError, NotATree

    items = list(parse_conllu("t.conllu", iter((IT_ROSE + heads(DOG, *new)).splitlines(True))))
    assert items[0].tree is not None  # the sentence before is read
    error = items[1].error
    assert isinstance(error, NotATree) and isinstance(error, InputError)
    assert error.line == 4 + line and message in error.reason, error
    assert "is not a dependency tree" in error.reason
    assert str(error).startswith(f"t.conllu:{4 + line}:")


def test_not_a_tree_pickles_as_itself() -> None:
    import pickle

    from parsedit.errors import NotATree

    error = pickle.loads(pickle.dumps(NotATree("t.conllu", 5, 17, "a cycle", "x")))
    assert type(error) is NotATree and str(error) == "t.conllu:5:17: a cycle"


def invalid_files(tmp_path: Path) -> tuple[str, str]:
    gold = tmp_path / "gold.conllu"
    test = tmp_path / "test.conllu"
    gold.write_text(IT_ROSE + DOG)
    test.write_text(IT_ROSE + heads(DOG, 0, 3, 2))  # a cycle: a parser's broken output
    return str(gold), str(test)


def test_an_invalid_test_tree_is_a_failure_said_so(tmp_path: Path) -> None:
    gold, test = invalid_files(tmp_path)
    skipped = json_run("score", gold, test)
    sentence = skipped["sentences"][1]
    assert (sentence["status"], sentence["cause"], sentence["counted"]) == \
        ("skip", "invalid_tree", False)
    assert sentence["message"].startswith(f"{test}:6:")
    said = [w for w in skipped["warnings"] if "not a dependency tree" in w]
    assert len(said) == 1 and "1 test sentence is not" in said[0]
    assert "over the 1 sentence scored alone" in said[0] and "--failures count" in said[0]
    assert "refuses the whole file" in said[0]  # what the CoNLL 2018 script does
    assert skipped["corpus"]["dep"]["uas"] == 100.0  # over It rose alone
    counted = json_run("score", gold, test, "--failures", "count")
    assert counted["sentences"][1]["counted"]
    dep = counted["corpus"]["dep"]
    # It rose (2 words right) and the dog sentence's 3 words wrong
    assert (dep["words"], dep["failed"], dep["uas"]) == (5, 3, 40.0)
    said = [w for w in counted["warnings"] if "not a dependency tree" in w]
    assert len(said) == 1 and "scored as failed parses" in said[0]


def test_an_invalid_test_tree_against_bracketed_gold(tmp_path: Path) -> None:
    gold = tmp_path / "gold.mrg"
    gold.write_text("(S (NP (PRP It)) (VP (VBD rose)) (. .))\n"
                    "(S (NP (DT The) (NN dog)) (VP (VBD barked)))\n")
    test = tmp_path / "test.conllu"
    test.write_text(IT_ROSE + heads(DOG, 0, 0, 0))
    result = run("score", str(gold), str(test))
    assert "3 words have HEAD 0" in result.stderr
    assert "1 test sentence is not a dependency tree" in result.stderr
    counted = json_run("score", str(gold), str(test), "--failures", "count")["corpus"]["dep"]
    # It rose right (2 scored words); The dog barked's 3 words wrong
    assert (counted["words"], counted["failed"], counted["attached"]) == (5, 3, 2)


# -- 3. the function-tag warning looks at the relations, not at the format ---------------


def test_functional_relations_are_those_no_triple_matches() -> None:
    from parsedit.deps.model import functional_relations

    assert functional_relations(("SBJ", "S/VP/NP", "root", "nsubj:pass", "NP/TAG/TAG",
                                 "LOC-CLR")) == 3


def tag_warnings(report: dict) -> list[str]:  # type: ignore[type-arg]
    return [w for w in report["warnings"]
            if "function tag" in w or "relation sets" in w]


def test_conllu_gold_with_function_tags_warns(tmp_path: Path) -> None:
    """The gold as `convert` writes it (function tags as relations) against
    a parse without function tags: the same warning, and the same count, as
    from the bracketed gold."""
    gold, test = files(tmp_path, GOLD[1:], ["(S (NP (PRP It)) (VP (VBD rose)) (. .))"])
    converted = tmp_path / "gold.conllu"
    result = run("convert", gold, "-o", str(converted))
    assert result.exit_code == 0, result.output
    assert "\tSBJ\t" in converted.read_text()
    from_trees = json_run("score", gold, test, "--metrics", "dep")
    from_conllu = json_run("score", str(converted), test)
    said = tag_warnings(from_conllu)
    assert len(said) == 1 and said[0].startswith("dep: 1 gold relation is a function tag")
    assert "is CoNLL-U, read as it is" in said[0] and "--dep-labels triples" in said[0]
    assert len(tag_warnings(from_trees)) == 1
    for report in (from_trees, from_conllu):
        assert report["corpus"]["dep"]["function_tag_relations"] == {"gold": 1, "test": 0}
    assert from_conllu["corpus"]["dep"]["las"] == from_trees["corpus"]["dep"]["las"]
    # a test whose relations are not triples either: no such warning
    ud = tmp_path / "ud.conllu"
    ud.write_text(IT_ROSE.replace("nsubj", "SBJ"))
    assert not tag_warnings(json_run("score", str(converted), str(ud)))


def test_different_relation_sets_warn(tmp_path: Path) -> None:
    """Function tags against a dependency treebank's relations: no relation
    but the root's can match."""
    gold = tmp_path / "gold.mrg"
    gold.write_text(GOLD[1] + "\n")
    ud = tmp_path / "ud.conllu"
    ud.write_text(IT_ROSE)
    said = tag_warnings(json_run("score", str(gold), str(ud)))
    assert len(said) == 1 and "different relation sets" in said[0]
    # the same relations on both sides: none
    same = tmp_path / "same.conllu"
    same.write_text(IT_ROSE)
    assert not tag_warnings(json_run("score", str(same), str(ud)))


def test_conllu_gold_warns_on_the_reviewers_files(shared: Path, tmp_path: Path) -> None:
    kummerfeld = shared / "kummerfeld"
    converted = tmp_path / "wsj01.conllu"
    assert run("convert", str(kummerfeld / "wsj01.mrg"), "-o", str(converted)).exit_code == 0
    test = str(kummerfeld / "berkeley.mrg")
    from_trees = json_run("score", str(kummerfeld / "wsj01.mrg"), test, "--metrics", "dep")
    from_conllu = json_run("score", str(converted), test, "--metrics", "dep")
    assert from_conllu["corpus"]["dep"]["las"] == from_trees["corpus"]["dep"]["las"]
    counts = [r["corpus"]["dep"]["function_tag_relations"] for r in (from_trees, from_conllu)]
    assert counts[0] == counts[1] and counts[0]["gold"] > 0 and counts[0]["test"] == 0
    assert [len(tag_warnings(r)) for r in (from_trees, from_conllu)] == [1, 1]


# -- 4. conventions on a CoNLL-U file ------------------------------------------------------


@pytest.mark.parametrize("side", ["gold", "test", "named"])
def test_conventions_refuses_conllu_for_itself(tmp_path: Path, side: str) -> None:
    trees, _ = files(tmp_path, GOLD[1:], GOLD[1:])
    conllu = tmp_path / "it.conllu"
    conllu.write_text(IT_ROSE)
    args = [str(conllu), trees] if side == "gold" else [trees, str(conllu)]
    if side == "named":
        args.append("--test-format=conllu")
    result = run("conventions", *args)
    assert result.exit_code == 2, result.output
    if side == "named":  # not one of its formats
        assert "'conllu' is not one of 'auto', 'bracketed', 'bare'" in result.output
        return
    option = "--gold-format" if side == "gold" else "--test-format"
    assert f"holds CoNLL-U dependency trees ({option} conllu), which conventions does " \
        "not read" in result.output
    assert "parsedit score and compare (--metrics dep) does" in result.output
    # (it does not suggest --metrics dep to conventions, which has no such option)
    assert "only the dependency metric does" not in result.output


# -- dep under EVALB_SPMRL's rules (-p spmrl) --------------------------------------------


@pytest.mark.parametrize("failures", ["skip", "count", "spmrl"])
def test_dep_under_spmrl_rules(tmp_path: Path, failures: str) -> None:
    """dep reads the raw trees under -p spmrl too (it stopped the run with
    "reads raw trees, which this route does not keep"), and a failed parse
    counted by --failures count or spmrl is its failure over the raw gold."""
    gold, test = files(tmp_path, GOLD, TEST)
    spmrl = json_run("score", gold, test, "-p", "spmrl", "--failures", failures,
                     "--metrics", "parseval,dep")
    plain = json_run("score", gold, test, "--metrics", "dep",
                     "--failures", "skip" if failures == "skip" else "count")
    assert spmrl["corpus"]["dep"]["uas"] == plain["corpus"]["dep"]["uas"] == \
        (87.5 if failures == "skip" else 70.0)
    assert spmrl["corpus"]["dep"]["failed"] == (0 if failures == "skip" else 2)


def test_a_counted_failure_says_what_it_is_scored_as(tmp_path: Path) -> None:
    # --failures count: a dep run's failed parse has no heads, not "no constituents".
    gold, test = files(tmp_path, GOLD, TEST)
    for metrics, said in (("dep", "(counted as a parse with no heads)"),
                          ("parseval,dep", "(counted as a parse with no constituents and no "
                                           "heads)"),
                          ("parseval", "(counted as a parse with no constituents)")):
        out = run("score", gold, test, "--metrics", metrics, "--failures", "count")
        assert out.exit_code == 0, out.output
        assert said in out.stderr, out.stderr
