"""The review's fixes (revfix): each test fails without its fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import files, run

from parsedit.metrics.registry import FACTORIES

GOLD = ["(S (NP (DT The) (NN dog)) (VP (VBD saw) (NP (DT a) (NN cat)) (PP (IN in) "
        "(NP (DT the) (NN park)))) (. .))",
        "(S (NP (PRP It)) (VP (VBD ran) (ADVP (RB away))) (. .))"]
TEST = ["(S (NP (DT The) (NN dog)) (VP (VBD saw) (NP (NP (DT a) (NN cat)) (PP (IN in) "
        "(NP (DT the) (NN park))))) (. .))",
        "(S (NP (PRP It)) (VP (VBD ran) (RB away)) (. .))"]


def _options(metric: str) -> list[str]:
    """The options that ask for ``metric`` (the unsupervised convention is
    a parameter file's)."""
    if metric == "unsupervised":
        return ["-p", "unsupervised"]
    if metric == "error_classes":
        return ["--error-classes"]
    return ["--metrics", metric]


@pytest.mark.parametrize("metric", sorted(FACTORIES))
def test_every_metric_renders_in_tsv(tmp_path: Path, metric: str) -> None:
    """Every registered metric has its columns in ``--per-sentence`` TSV,
    one cell a column, each sentence's cells filled."""
    gold, test = files(tmp_path, GOLD, TEST)
    rows_file = tmp_path / "rows.tsv"
    result = run("score", gold, test, *_options(metric), "--per-sentence", str(rows_file))
    assert result.exit_code == 0, result.output
    rows = [row.split("\t") for row in rows_file.read_text().splitlines()]
    header = rows[0]
    assert [name for name in header if name.startswith(f"{metric}_")], header
    for row in rows[1:]:
        assert len(row) == len(header)
        assert row[1] == "ok"


def test_unsupervised_tsv_columns(tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD, TEST)
    rows_file = tmp_path / "rows.tsv"
    result = run("score", "-p", "unsupervised", gold, test, "--per-sentence", str(rows_file))
    assert result.exit_code == 0, result.output
    header, first, second = (r.split("\t") for r in rows_file.read_text().splitlines())
    row = dict(zip(header, first, strict=True))
    # gold spans of two words or more: S(0,11)... test has one more (NP a cat in the park)
    assert row["unsupervised_matched"] == row["unsupervised_gold"]
    assert int(row["unsupervised_predicted"]) == int(row["unsupervised_gold"]) + 1
    assert dict(zip(header, second, strict=True))["unsupervised_left_out"] == "0"


@pytest.mark.parametrize(("options", "named"), [
    ({"delete_labels": ["NP", 3]}, "delete_labels"),
    ({"delete_labels": "NP"}, "delete_labels"),
    ({"delete_labels": 3}, "delete_labels"),
    ({"equal_labels": [("A", 3)]}, "equal_labels"),
    ({"equal_labels": [3]}, "equal_labels"),
    ({"equal_labels": "AB"}, "equal_labels"),
    ({"metrics": ["parseval", None]}, "metrics"),
    ({"metrics": 3}, "metrics"),
    ({"scoring": ["full", 2], "metrics": "tagging"}, "scoring"),
])
def test_list_options_of_the_api_are_checked(options: dict[str, Any], named: str) -> None:
    """A list-valued option of the Python API holding something else is a
    ConfigError naming the option, not a TypeError traceback."""
    import parsedit
    from parsedit.errors import ConfigError

    with pytest.raises(ConfigError, match=f"^{named}: expected a list of"):
        parsedit.score([GOLD[0]], [TEST[0]], **options)
    assert parsedit.score([GOLD[0]], [TEST[0]], delete_labels=["NP"],
                          equal_labels=[("PP", "ADVP")]).totals.sentences == 1


UNSUP_GOLD = ["(S (NP (DT The) (JJ big) (NN dog)) (VP (VBD barked) (ADVP (RB loudly))) (. .))",
              "(S (NP (PRP He)) (VP (VBD left) (NP (DT the) (NN Room))) (. .))",
              "(S (NP (NNP Ann)) (VP (VBD ran)) (. .))"]


def _json(*args: str) -> dict[str, Any]:
    import json

    result = run(*args, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def test_unsupervised_scores_a_lowercased_test(tmp_path: Path) -> None:
    """Under -p unsupervised spans are compared by position (compare_trees.py):
    a lowercased test, bare brackets or trees, is scored as its original
    case would be, with a warning counting the pairs that differ in case."""
    gold = str(tmp_path / "gold.mrg")
    Path(gold).write_text("\n".join(UNSUP_GOLD) + "\n")
    right = tmp_path / "right.txt"
    assert run("baseline", "right", gold, "-o", str(right)).exit_code == 0
    lower = tmp_path / "right.lc"
    lower.write_text(right.read_text().lower())
    trees = tmp_path / "trees.lc"  # Kim's eval.py's labelled trees, lowercased
    trees.write_text("(nt-1 (t-1 the) (nt-2 (t-2 big) (nt-3 (t-3 dog) (nt-4 (t-4 barked) "
                     "(t-5 loudly)))))\n(nt-1 (t-1 he) (nt-2 (t-2 left) (nt-3 (t-3 the) "
                     "(t-4 room))))\n(nt-1 (t-1 ann) (t-2 ran))\n")
    cased = _json("score", "-p", "unsupervised", gold, str(right))
    assert cased["summary"]["ok"] == 3 and not any("case" in w for w in cased["warnings"])
    for test, options in ((lower, ()), (lower, ("--test-format", "bare")), (trees, ())):
        report = _json("score", "-p", "unsupervised", gold, str(test), *options)
        assert report["summary"]["ok"] == 3, (test, options, report["warnings"])
        assert report["corpus"]["unsupervised"] == cased["corpus"]["unsupervised"]
        assert any(w.startswith("3 pairs whose kept words differ from gold's only in case")
                   for w in report["warnings"]), report["warnings"]
    # EVALB's conventions still compare words: case matters there
    collins = run("score", gold, str(trees), "--metrics", "parseval")
    assert collins.exit_code == 1 and "words differ at word 1: gold 'The', test 'the'" \
        in collins.stderr


def test_bare_test_outside_the_convention_points_to_it(tmp_path: Path) -> None:
    """A bare-bracket test scored without -p unsupervised: the warning about
    words that differ names -p unsupervised, not --yield align first."""
    gold = str(tmp_path / "gold.mrg")
    # ($ $): a word to COLLINS.prm, not to the unsupervised convention
    Path(gold).write_text("\n".join([*UNSUP_GOLD, "(S (NP ($ $) (CD 5)) (VP (VBD fell)) (. .))"])
                          + "\n")
    right = tmp_path / "right.txt"
    assert run("baseline", "right", gold, "-o", str(right)).exit_code == 0
    for options in ((), ("--test-format", "bare")):
        result = run("score", gold, str(right), *options)
        warning = next(line for line in result.stderr.splitlines() if "differ from gold" in line)
        assert "-p unsupervised scores it" in warning, warning
    # a bracketed test whose words differ keeps the --yield align hint
    other = tmp_path / "other.mrg"
    other.write_text(UNSUP_GOLD[0].replace("dog", "cat") + "\n" + "\n".join(UNSUP_GOLD[1:])
                     + "\n(S (NP ($ $) (CD 5)) (VP (VBD fell)) (. .))\n")
    result = run("score", gold, str(other))
    warning = next(line for line in result.stderr.splitlines() if "differ from gold" in line)
    assert "--yield align scores them" in warning and "unsupervised" not in warning


def test_error_rules_for_another_treebank_are_named(shared: Path) -> None:
    """PTB's rule set over French trees: its VP, clause and modifier
    attachment labels never occur, and the warning names the shipped rule
    set that fits (sequoia); none with that rule set, nor for PTB trees."""
    gold = str(shared / "sequoia/gold.mrg")
    test = str(shared / "sequoia/AntGro.mrg")
    ptb = _json("score", "--error-classes", gold, test)
    found = [w for w in ptb["warnings"] if w.startswith("error classes:")]
    assert len(found) == 1, ptb["warnings"]
    assert "VP attachment: VP" in found[0] and "clause attachment: S, SINV, SBAR" in found[0]
    assert found[0].endswith("--error-rules sequoia fits their labels better")
    sequoia = _json("score", "--error-classes", "--error-rules", "sequoia", gold, test)
    assert not [w for w in sequoia["warnings"] if w.startswith("error classes:")]
    english = str(shared / "ptb-sample/wsj_0001-0199.orig")
    same = _json("score", "--error-classes", "--metrics", "parseval", english, english)
    assert not [w for w in same["warnings"] if w.startswith("error classes:")]
    # the Python API's Evaluator sums what the warning reads, state and all
    import parsedit

    lines = Path(gold).read_text().splitlines()
    tests = Path(test).read_text().splitlines()
    one = parsedit.Evaluator("parseval", error_classes=True)
    one.update(lines[:150], tests[:150])
    two = parsedit.Evaluator("parseval", error_classes=True)
    two.update(lines[150:], tests[150:])
    state = {k: one.state()[k] + two.state()[k] for k in one.state()}
    three = parsedit.Evaluator("parseval", error_classes=True)
    three.load_state(state)
    assert [w for w in three.compute().warnings if w.startswith("error classes:")] == found


def test_grammars_check_knows_an_error_class_rule_set(tmp_path: Path, shared: Path) -> None:
    """grammars check validates a rule set as one (by path or by shipped
    name), not as a cost scheme; counts are words ("0 warnings")."""
    folder = Path(__file__).resolve().parents[1] / "grammars" / "error-classes"
    for path in (str(folder / "ptb.toml"), "ptb"):
        result = run("grammars", "check", path)
        assert result.exit_code == 0, result.output
        assert "OK, an error-class rule set (ptb@" in result.stdout
        assert result.stdout.rstrip().endswith("rules), 0 warnings")
    odd = tmp_path / "odd.toml"
    odd.write_text('name = "odd"\n[[relabel]]\nclass = "different_label"\n'
                   '[[relabel]]\nclass = "single_word_phrase"\nover_word = true\n'
                   '[[move]]\nclass = "vp_attachment"\nmovers = ["VP"]\n')
    result = run("grammars", "check", str(odd), "--alphabet", str(shared / "sequoia/gold.mrg"))
    assert result.exit_code == 0, result.output
    assert "[[relabel]] number 2 (single_word_phrase) never applies" in result.stderr
    assert "movers pattern 'VP' matches no label or tag of" in result.stderr
    assert result.stdout.rstrip().endswith("3 rules), 2 warnings")
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "bad"\n[[move]]\nclass = "nonsense"\n')
    result = run("grammars", "check", str(bad))
    assert result.exit_code == 1
    assert "[[move]] number 1: 'class' must be one of" in result.stderr
    assert result.stderr.rstrip().endswith(f"{bad}: 1 error")


def test_compare_takes_what_score_takes(tmp_path: Path) -> None:
    """compare reads bare brackets under -p unsupervised (systems against
    the baselines, a lowercased one too) and picks the dependency metric
    for CoNLL-U files, as score does."""
    gold = str(tmp_path / "gold.mrg")
    Path(gold).write_text("\n".join(UNSUP_GOLD) + "\n")
    right, left = tmp_path / "right.txt", tmp_path / "left.txt"
    assert run("baseline", "right", gold, "-o", str(right)).exit_code == 0
    assert run("baseline", "left", gold, "-o", str(left)).exit_code == 0
    lower = tmp_path / "lower.txt"
    lower.write_text(right.read_text().lower())
    result = run("compare", "-p", "unsupervised", gold, str(right), str(left), str(lower),
                 "--samples", "50", "--format", "json", "-q")
    assert result.exit_code == 0, result.output
    import json

    report = json.loads(result.stdout)
    score = _json("score", "-p", "unsupervised", gold, str(right))
    figures = {s["name"]: s for s in report["systems"]}
    assert set(figures) == {"right", "left", "lower"}
    assert figures["right"]["summary"]["ok"] == figures["lower"]["summary"]["ok"] == 3
    headline = score["corpus"]["unsupervised"]["sentence_f"]
    assert figures["right"]["figures"]["unsupervised"] == pytest.approx(headline)
    assert figures["lower"]["figures"]["unsupervised"] == pytest.approx(headline)
    # CoNLL-U: dep without --metrics dep
    conllu = []
    for name, trees in (("gold", UNSUP_GOLD), ("test", [*UNSUP_GOLD[:2], TEST[1]])):
        source = tmp_path / f"{name}.mrg"
        source.write_text("\n".join(trees) + "\n")
        target = tmp_path / f"{name}.conllu"
        assert run("convert", str(source), "-o", str(target)).exit_code == 0
        conllu.append(str(target))
    result = run("compare", conllu[0], conllu[1], conllu[0], "--name", "test",
                 "--name", "same", "--samples", "50", "-q")
    assert result.exit_code == 0, result.output
    assert "UAS" in result.stdout


def test_conventions_only_names_each_once(tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD, TEST)
    twice = run("conventions", gold, test, "--only", "evalb,evalb", "--format", "json")
    once = run("conventions", gold, test, "--only", "evalb", "--format", "json")
    assert twice.exit_code == once.exit_code == 0, twice.output
    assert twice.stdout == once.stdout


def test_the_caveat_says_the_causes_that_occurred(tmp_path: Path) -> None:
    """Not "a missing or unreadable parse" whatever the cause: each cause
    counted, the same from the command line and from an Evaluator."""
    import parsedit

    tree = GOLD[1]
    golds = [tree] * 5
    tests = [tree, "", tree.replace("away", "off"), "(S (X a", tree.replace("(. .)", "")]
    gold, test = files(tmp_path, golds, tests)
    report = _json("score", gold, test)
    (caveat,) = [w for w in report["warnings"] if "left out of every figure" in w]
    assert caveat.startswith("3 of 5 sentences are left out of every figure (1 error: 1 word "
                             "mismatch; 2 skips: 1 unreadable parse, 1 empty parse);")
    evaluator = parsedit.Evaluator()
    evaluator.update(golds, tests)
    assert caveat in evaluator.compute().warnings
    assert caveat in parsedit.score(golds, tests).warnings


def test_a_state_without_the_error_class_label_sums_loads(shared: Path) -> None:
    """A state saved by 0.3.0 has no gold-label sums for the error classes:
    it loads, its figures whole, and the rule-set warning is not given."""
    import parsedit

    gold = Path(shared / "sequoia/gold.mrg").read_text().splitlines()
    test = Path(shared / "sequoia/AntGro.mrg").read_text().splitlines()
    whole = parsedit.Evaluator("parseval", error_classes=True)
    whole.update(gold, test)
    state = {k: v for k, v in whole.state().items()
             if ".error_classes.gold_labels" not in k and ".error_classes.fits." not in k}
    old = parsedit.Evaluator("parseval", error_classes=True)
    old.load_state(state)
    result = old.compute()
    assert result.totals.counts["error_classes"].classes == \
        whole.compute().totals.counts["error_classes"].classes
    assert not [w for w in result.warnings if w.startswith("error classes:")]
    assert [w for w in whole.compute().warnings if w.startswith("error classes:")]
