"""The dependency metric in the run: ``--metrics dep`` through the route
table, the scorer's judge, CoNLL-U input, the reports, ``compare``,
``align --encoding dep`` and the Python API."""

from __future__ import annotations

import json
from pathlib import Path

import deps_support  # noqa: F401  (this checkout's grammars)
import pytest
from conftest import run, write_trees
from test_deps import GOLD18
from test_deps_scoring import SYS18

import parsedit
from parsedit.config import Config
from parsedit.errors import ConfigError
from parsedit.pipeline.route import Facts, choose
from parsedit.pipeline.run import evaluate
from parsedit.results import EditScript
from parsedit.trees.formats import detect

pytestmark = pytest.mark.cli

GOLD = ["(S (NP-SBJ (DT The) (NN company)) (VP (MD will) (VP (VB pay) (NP (DT a) "
        "(NN dividend)) (PP-TMP (IN in) (NP (NNP March))))) (. .))",
        "(S (NP-SBJ (PRP It)) (VP (VBD rose)) (. .))"]
# The PP attached to the object; the second sentence as gold.
TEST = ["(S (NP (DT The) (NN company)) (VP (MD will) (VP (VB pay) (NP (NP (DT a) "
        "(NN dividend)) (PP (IN in) (NP (NNP March)))))) (. .))",
        "(S (NP (PRP It)) (VP (VBD rose)) (. .))"]


def json_run(*args: str) -> dict:  # type: ignore[type-arg]
    result = run(*args, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def files(tmp_path: Path, gold: list[str], test: list[str]) -> tuple[str, str]:
    return write_trees(tmp_path / "gold.mrg", gold), write_trees(tmp_path / "test.mrg", test)


# -- the route table -------------------------------------------------------------------


def test_a_run_with_dep_takes_the_reference_route(tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD, TEST)
    report = json_run("score", gold, test, "--metrics", "parseval,dep")
    assert report["summary"]["route"] == "reference"
    assert "raw trees" in report["summary"]["route_reason"]
    # without dep, the same files are read by a fast route
    assert json_run("score", gold, test, "--metrics", "parseval")["summary"]["route"] \
        != "reference"


@pytest.mark.parametrize("route", ["lines/keys", "lines/sentences", "arrays/keys",
                                   "arrays/sentences"])
def test_a_fast_route_is_refused_for_dep(route: str) -> None:
    config = Config(metrics=("dep",), route=route)
    with pytest.raises(ConfigError, match="reads the raw trees"):
        choose(config, Facts("files", by_lines=True, raw=True))
    with pytest.raises(ConfigError, match="CoNLL-U"):
        choose(config, Facts("files", by_lines=True, raw=True, bracketed=False))
    # the table's own choice, and reference when asked for
    assert choose(Config(metrics=("dep",)), Facts("files", by_lines=True, raw=True)).name \
        == "reference"
    assert choose(Config(metrics=("dep",)), Facts("strings", batch=10_000, numpy=True,
                                                  raw=True)).name == "reference"


def test_forcing_a_fast_route_on_the_command_line_is_refused(tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD, TEST)
    result = run("score", gold, test, "--metrics", "dep", "--route", "lines/sentences")
    assert result.exit_code != 0
    assert "--route lines/sentences does not apply" in result.output
    assert "raw trees" in result.output and "Traceback" not in result.output
    forced = json_run("score", gold, test, "--metrics", "dep", "--route", "reference")
    assert forced["summary"]["route"] == "reference"


# -- the judge stays EVALB's for every metric of the run ------------------------------


def test_evalb_sample_judged_alike_with_and_without_dep(shared: Path) -> None:
    """EVALB's sample (skips, length and word mismatches, an EQ_WORD pair):
    adding dep to the run changes no status and no PARSEVAL figure, and dep
    is scored on exactly the pairs judged ok."""
    gold, test = str(shared / "evalb/sample.gld"), str(shared / "evalb/sample.tst")
    alone = json_run("score", gold, test, "--metrics", "parseval", "-p",
                     str(shared / "evalb/sample.prm"))
    both = json_run("score", gold, test, "--metrics", "parseval,dep", "-p",
                    str(shared / "evalb/sample.prm"))
    dep = json_run("score", gold, test, "--metrics", "dep", "-p",
                   str(shared / "evalb/sample.prm"))
    assert alone["summary"]["ok"] < alone["summary"]["sentences"]  # (the sample's edge cases)
    for key in ("ok", "skip", "error"):
        assert alone["summary"][key] == both["summary"][key] == dep["summary"][key]
    assert alone["corpus"]["parseval"] == both["corpus"]["parseval"]
    assert both["corpus"]["dep"] == dep["corpus"]["dep"]
    statuses = [(s["status"], s["reason"]) for s in alone["sentences"]]
    assert statuses == [(s["status"], s["reason"]) for s in both["sentences"]]
    for sentence in both["sentences"]:
        assert (sentence["dep"] is not None) == (sentence["status"] == "ok")
    assert both["corpus"]["dep"]["sentences"] == alone["summary"]["ok"]


def test_failures_counted_for_dep(tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD, [TEST[0], ""])
    skipped = json_run("score", gold, test, "--metrics", "dep")["corpus"]["dep"]
    counted = json_run("score", gold, test, "--metrics", "dep", "--failures", "count"
                       )["corpus"]["dep"]
    assert skipped["sentences"] == 1 and counted["sentences"] == 2
    # the failed sentence's 2 scored words (It, rose) are all missed
    assert counted["words"] == skipped["words"] + 2
    assert counted["attached"] == skipped["attached"]
    assert counted["edits"]["edits"] == skipped["edits"]["edits"] + 3


# -- the figures of a worked example ----------------------------------------------------


def test_worked_example_in_every_report(tmp_path: Path) -> None:
    """The modal heads the VP; the test attaches the PP to the object: of
    the 8 + 2 scored words (punctuation left out), 'in' is the one wrong
    head, and its relation too; 'company' and 'It' are SBJ in gold and
    triples in the test (LAS), and the run says so."""
    gold, test = files(tmp_path, GOLD, TEST)
    report = json_run("score", gold, test, "--metrics", "dep")
    dep = report["corpus"]["dep"]
    assert (dep["words"], dep["attached"], dep["labelled"]) == (10, 9, 7)
    assert dep["uas"] == 90.0 and dep["las"] == 70.0
    assert dep["root_accuracy"] == 100.0 and dep["complete_match"] == 50.0
    # the words whose head or relation differ: in, company, It (of 9 + 3 words)
    assert dep["edits"]["edits"] == 3.0 and dep["edits"]["gold"] == 12
    assert dep["function_tag_relations"] == {"gold": 3, "test": 0}
    assert any("function tags" in w and "--dep-labels triples" in w
               for w in report["warnings"])
    triples = json_run("score", gold, test, "--metrics", "dep", "--dep-labels", "triples")
    assert triples["corpus"]["dep"]["las"] == 90.0
    assert not any("function tags" in w for w in triples["warnings"])
    # text, TSV
    text = run("score", gold, test, "--metrics", "dep", "--per-sentence",
               str(tmp_path / "s.tsv"))
    assert text.exit_code == 0, text.output
    assert "UAS                                      90.00" in text.output
    assert "dependency edit accuracy" in text.output
    rows = (tmp_path / "s.tsv").read_text().splitlines()
    header = rows[0].split("\t")
    first = dict(zip(header, rows[1].split("\t")))
    assert (first["dep_words"], first["dep_attached"], first["dep_root"]) == ("8", "7", "1")
    assert first["dep_uas"] == "87.5"


def test_parseval_and_dep_side_by_side(tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD, TEST)
    report = json_run("score", gold, test, "--metrics", "parseval,dep")
    assert report["corpus"]["parseval"]["f_measure"] < 100
    assert report["corpus"]["dep"]["uas"] == 90.0


# -- CoNLL-U ----------------------------------------------------------------------------


def conllu_files(tmp_path: Path, gold: str, test: str) -> tuple[str, str]:
    (tmp_path / "gold.conllu").write_text(gold, encoding="utf-8")
    (tmp_path / "test.conllu").write_text(test, encoding="utf-8")
    return str(tmp_path / "gold.conllu"), str(tmp_path / "test.conllu")


# Hand-computed (and what conll18_ud_eval.py -v prints: UAS 44.44, LAS 33.33;
# -c: UAS 4/9, LAS 3/9): sentence a, Prices (nsubj = nsubj:pass up to ':'),
# rose, on (wrong label) and . attached; sharply and Friday not; sentence b:
# nothing attached, the root wrong.
GOLD_B = """# sent_id = a
# text = Prices rose sharply on Friday.
1\tPrices\tprice\tNOUN\tNNS\t_\t2\tnsubj\t_\t_
2\trose\trise\tVERB\tVBD\t_\t0\troot\t_\t_
3\tsharply\tsharply\tADV\tRB\t_\t2\tadvmod\t_\t_
4\ton\ton\tADP\tIN\t_\t5\tcase\t_\t_
5\tFriday\tFriday\tPROPN\tNNP\t_\t2\tobl:tmod\t_\tSpaceAfter=No
6\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_

# sent_id = b
1\tYes\tyes\tINTJ\tUH\t_\t0\troot\t_\t_
2\t,\t,\tPUNCT\t,\t_\t1\tpunct\t_\t_
3\tindeed\tindeed\tADV\tRB\t_\t1\tadvmod\t_\t_

"""
SYS_B = """1\tPrices\t_\t_\tNNS\t_\t2\tnsubj:pass\t_\t_
2\trose\t_\t_\tVBD\t_\t0\troot\t_\t_
3\tsharply\t_\t_\tRB\t_\t1\tadvmod\t_\t_
4\ton\t_\t_\tIN\t_\t5\tmark\t_\t_
5\tFriday\t_\t_\tNNP\t_\t1\tobl\t_\t_
6\t.\t_\t_\t.\t_\t2\tpunct\t_\t_

1\tYes\t_\t_\tUH\t_\t3\tdiscourse\t_\t_
2\t,\t_\t_\t,\t_\t3\tpunct\t_\t_
3\tindeed\t_\t_\tRB\t_\t0\troot\t_\t_

"""


@pytest.mark.parametrize(("gold_text", "test_text", "uas", "las", "counts"), [
    (GOLD18, SYS18, 75.0, 62.5, (8, 6, 5)),  # the script's own example: UAS 6/8, LAS 5/8
    (GOLD_B, SYS_B, 4 / 9 * 100, 3 / 9 * 100, (9, 4, 3)),
])
def test_conllu_as_the_conll18_script_scores_it(tmp_path: Path, gold_text: str,
                                                 test_text: str, uas: float, las: float,
                                                 counts: tuple[int, int, int]) -> None:
    gold, test = conllu_files(tmp_path, gold_text, test_text)
    assert detect(gold) == detect(test) == "conllu"
    report = json_run("score", gold, test, "--dep-every-word", "--dep-relations", "prefix")
    assert report["signature"].startswith("metrics:dep|")  # dep: the default for CoNLL-U
    dep = report["corpus"]["dep"]
    assert (dep["words"], dep["attached"], dep["labelled"]) == counts
    assert dep["uas"] == pytest.approx(uas) and dep["las"] == pytest.approx(las)
    assert not any("CoNLL 2018" in w for w in report["warnings"])
    # the Python API: the same figures
    result = parsedit.score(gold, test, dep_every_word=True, dep_relations="prefix")
    assert result.totals.counts["dep"].uas == pytest.approx(uas)


def test_conllu_default_settings_hand_computed(tmp_path: Path) -> None:
    """Punctuation left out by the gold tags (. and ,): 7 words, 3 attached
    (Prices, rose, on); relations whole: rose alone labelled; every word's
    dependency in the edit distance, relations up to ':' under prefix."""
    gold, test = conllu_files(tmp_path, GOLD_B, SYS_B)
    report = json_run("score", gold, test)
    dep = report["corpus"]["dep"]
    assert (dep["words"], dep["attached"], dep["labelled"]) == (7, 3, 1)
    assert dep["root_accuracy"] == 50.0 and dep["complete_match"] == 0.0
    assert dep["edits"]["edits"] == 7 and dep["edits"]["gold"] == 9
    assert any("CoNLL 2018" in w and "--dep-every-word" in w for w in report["warnings"])
    prefix = json_run("score", gold, test, "--dep-relations", "prefix")["corpus"]["dep"]
    assert prefix["labelled"] == 2 and prefix["edits"]["edits"] == 6


def test_other_metrics_refused_on_conllu(tmp_path: Path) -> None:
    gold, test = conllu_files(tmp_path, GOLD18, SYS18)
    result = run("score", gold, test, "--metrics", "parseval,dep")
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "holds CoNLL-U dependency trees, which parseval cannot score" in result.output
    assert "--metrics dep" in result.output
    with pytest.raises(ConfigError, match="cannot score"):
        parsedit.score(gold, test, metrics="label")
    segmented = run("score", gold, test, "--metrics", "dep", "--yield", "align",
                    "--segmentation", "align")
    assert segmented.exit_code != 0 and "--segmentation align" in segmented.output


def test_bracketed_gold_against_a_dependency_parser(tmp_path: Path) -> None:
    """A dependency parser's CoNLL-U output against converted constituency
    gold: the same figures as the test's trees would give."""
    gold, test = files(tmp_path, GOLD, TEST)
    converted = tmp_path / "test.conllu"
    assert run("convert", test, "-o", str(converted)).exit_code == 0
    trees = json_run("score", gold, test, "--metrics", "dep")
    mixed = json_run("score", gold, str(converted))
    assert mixed["summary"]["route"] == "reference"
    for key in ("uas", "las", "root_accuracy", "edits", "by_relation", "words"):
        assert mixed["corpus"]["dep"][key] == trees["corpus"]["dep"][key]


def test_conllu_judge(tmp_path: Path) -> None:
    """An unreadable test sentence is a skip (listed), a sentence of other
    words an error under --yield strict, scored through the word alignment
    under --yield align; the other pairs are scored."""
    first, second = SYS18.split("\n\n")[:2]
    broken = first.replace("\t2\tpunct", "\t9\tpunct")  # HEAD outside the sentence
    gold, test = conllu_files(tmp_path, GOLD18, broken + "\n\n" + second + "\n\n")
    report = json_run("score", gold, test)
    statuses = [s["status"] for s in report["sentences"]]
    assert statuses == ["skip", "ok"]
    assert "HEAD 9 points outside" in report["sentences"][0]["message"]
    text = run("score", gold, test)
    assert "Not scored" in text.output and "test.conllu:5:17: the sentence of lines 1-5 is " \
        "not a dependency tree: HEAD 9" in text.output
    # other words
    changed = SYS18.replace("\tdog\t", "\tcat\t", 1)
    gold, test = conllu_files(tmp_path, GOLD18, changed)
    strict = json_run("score", gold, test)
    assert [s["status"] for s in strict["sentences"]] == ["error", "ok"]
    assert strict["sentences"][0]["reason"] == "Words unmatch (dog|cat)"
    assert any("--yield align" in w for w in strict["warnings"])
    aligned = json_run("score", gold, test, "--yield", "align", "--dep-every-word",
                       "--dep-relations", "prefix")
    assert [s["status"] for s in aligned["sentences"]] == ["ok", "ok"]
    dep = aligned["corpus"]["dep"]
    # every word aligned (a substitution): attachment as before, relations
    # of 'cat' missed (it is not 'dog')
    assert (dep["words"], dep["aligned"], dep["attached"]) == (8, 8, 6)
    assert dep["relational"]["matched"] < dep["attached"]
    assert aligned["words"]["substituted"] == 1


# -- compare, align, the API --------------------------------------------------------------


def test_compare_ranks_by_uas_and_tests_las(tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD * 5, TEST * 5)
    result = run("compare", gold, test, gold, "--metrics", "dep", "--samples", "200",
                 "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    text = json.dumps(report)
    assert "UAS" in text and "LAS" in text
    text_report = run("compare", gold, test, gold, "--metrics", "dep", "--samples", "200")
    assert "UAS" in text_report.output and "[" in text_report.output


def test_align_encoding_dep(tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD, TEST)
    result = run("align", gold, test, "-n", "1", "--encoding", "dep")
    assert result.exit_code == 0, result.output
    assert "dep encoding, cost scheme levenshtein" in result.output
    assert "TMP(4,7)" in result.output and "NP/NP/PP(6,7)" in result.output
    half = run("align", gold, test, "-n", "1", "--encoding", "dep", "--dep-costs",
               "dep-label-half")
    assert "dep-label-half" in half.output
    script = parsedit.align(GOLD[0], TEST[0], encoding="dep")
    assert isinstance(script, EditScript)
    assert script.counts.edits == 2  # in (head and relation), company (relation)
    assert [e.kind for e in script.ops].count("sub") == 2


def test_api_score_and_evaluator_agree(tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD * 3, TEST * 3)
    whole = parsedit.score(gold, test, metrics="dep")
    evaluator = parsedit.Evaluator(metrics="dep")
    evaluator.update(GOLD * 2, TEST * 2)
    evaluator.update(GOLD, TEST)
    batched = evaluator.compute()
    assert batched.to_dict()["corpus"]["dep"]["by_relation"] == \
        whole.to_dict()["corpus"]["dep"]["by_relation"]
    assert batched.totals.counts["dep"].uas == whole.totals.counts["dep"].uas == 90.0
    # state() and load_state() carry the per-relation table
    other = parsedit.Evaluator(metrics="dep")
    other.load_state(evaluator.state())
    assert other.compute().totals.counts["dep"].relations == whole.totals.counts["dep"].relations
    strings = parsedit.score(GOLD, TEST, metrics="dep", heads="magerman")
    assert strings.totals.counts["dep"].words == 10


def test_idle_dep_options_are_said(tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD, TEST)
    result = run("score", gold, test, "--metrics", "parseval", "--heads", "magerman")
    assert "--heads, --dep-labels, --dep-every-word and --dep-relations have no effect" \
        in result.output


def test_signature_names_the_dep_settings() -> None:
    result = run("score", "--metrics", "dep", "--heads", "magerman", "--dep-relations",
                 "prefix", "--dep-costs", "dep-label-half", "--signature-only")
    assert result.exit_code == 0, result.output
    assert "dep:heads:magerman@" in result.output and "relations:prefix" in result.output
    assert "dep:dep-label-half@" in result.output


def test_an_unknown_head_table_is_one_line(tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD, TEST)
    result = run("score", gold, test, "--metrics", "dep", "--heads", "nosuch")
    assert result.exit_code != 0 and "no head table 'nosuch'" in result.output
    assert "Traceback" not in result.output


# -- a degenerate pair is bounded -------------------------------------------------------


def test_degenerate_pair_is_skipped_with_its_size(tmp_path: Path) -> None:
    """1,200 words, every head different, and a full stop only the gold
    has (the parameter file deletes it, so EVALB's judge lets the pair
    through; the dependency words differ in number): the pair's dependency
    edit lattice would pass the limit, so it is skipped with a message
    naming its sizes, and the next pair is scored."""
    n = 1200
    words = " ".join(f"(NN w{i})" for i in range(n))
    gold_tree = f"(S (NP {words}) (. .))"
    test_tree = f"(S (VP {words.replace('(NN', '(VB')}))"
    gold, test = files(tmp_path, [gold_tree, GOLD[1]], [test_tree, GOLD[1]])
    report = json_run("score", gold, test, "--metrics", "dep,parseval")
    first, second = report["sentences"]
    assert second["status"] == "ok"
    assert first["status"] == "skip" and first["dep"] is None
    assert "too large to align" in first["message"] and "lattice" in first["message"]
    assert "1201 gold and 1200 test dependencies" in first["message"]
    assert any("not scored" in w for w in report["warnings"])
    # PARSEVAL leaves it out too: every figure covers the same sentences
    assert report["corpus"]["parseval"]["sentences"] == 2
    assert report["summary"]["ok"] == 1


def test_config_from_options_takes_dep_fields() -> None:
    config = Config.from_options("dep", heads="sequoia", dep_labels="triples",
                                 dep_every_word=True, dep_relations="prefix",
                                 dep_costs="dep-label-half")
    assert config.scheme("dep").name == "dep-label-half"
    with pytest.raises(ConfigError, match="--dep-relations"):
        Config.from_options("dep", dep_relations="colon")
    assert evaluate is not None


def test_jobs_give_the_same_figures(tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD * 100, TEST * 100)
    one = json_run("score", gold, test, "--metrics", "parseval,dep")
    two = json_run("score", gold, test, "--metrics", "parseval,dep", "-j", "2")
    assert one["corpus"] == two["corpus"] and one["sentences"] == two["sentences"]
    assert one["corpus"]["dep"]["sentences"] == 200


def test_segmentation_align_with_dep(tmp_path: Path) -> None:
    """Runs of sentences merged by their word alignment are scored as
    forests: one tree over two sentences against the two trees (the second
    sentence's head depends on the first's in both: UAS 100; its relation is
    S/S/S against the forest's ROOT/S/S)."""
    gold, test = files(tmp_path, [f"(S {GOLD[0]} {GOLD[1]})"], GOLD)
    report = json_run("score", gold, test, "--metrics", "dep", "--yield", "align",
                      "--segmentation", "align")
    dep = report["corpus"]["dep"]
    assert report["summary"]["ok"] == 1 and dep["words"] == 10
    assert dep["uas"] == 100.0 and dep["labelled"] == 9
