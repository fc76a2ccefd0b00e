"""Trees split over lines, decided from both files of a run
(:mod:`parsedit.trees.splits`): a split tree is read as one, two damaged
lines whose brackets make up for each other are not, and neither moves a
later pair, on every route."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import files, run
from test_review27 import GOLD  # the review's five trees

import parsedit
from parsedit.tagging.config import TagConfig
from parsedit.tagging.evaluate import evaluate_tags
from parsedit.trees.reader import read_trees
from parsedit.trees.splits import Side, choose

# Line 2 lost its last ')', line 3 has one too many: together one tree.
COMPENSATING = [GOLD[0], GOLD[1][:-1], GOLD[2] + ")", *GOLD[3:]]
# Each route with the metrics it serves.
ROUTES = (("--route", "reference"), ("--route", "lines/keys"),
          ("--route", "lines/sentences", "--metrics", "parseval,label"),
          ("--route", "arrays/keys"),
          ("--route", "arrays/sentences", "--metrics", "parseval,label"),
          ("-j", "2", "--metrics", "parseval,label"))


def statuses(gold: str, test: str, *args: str) -> list[str]:
    result = run("score", gold, test, "--format", "json", *args)
    assert result.exit_code in (0, 1), result.output
    return [s["status"] for s in json.loads(result.stdout)["sentences"]]


def split(line: str, before: str) -> list[str]:
    at = line.index(" " + before)
    return [line[:at], line[at + 1:]]


@pytest.mark.cli
@pytest.mark.parametrize("route", ROUTES)
def test_two_compensating_damaged_lines_stay_two_skips_on_every_route(
        tmp_path: Path, route: tuple[str, ...]) -> None:
    # The review's case: a9c9d84 joined lines 2 and 3 and scored 4 and 5 wrongly.
    gold, test = files(tmp_path, GOLD, COMPENSATING)
    assert statuses(gold, test, "--metrics", "parseval", *route) == \
        ["ok", "skip", "skip", "ok", "ok"]


def test_the_review_case_scores_the_three_sound_pairs(tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD, COMPENSATING)
    result = parsedit.score(gold, test, metrics="parseval")
    assert [s.status for s in result.sentences] == ["ok", "skip", "skip", "ok", "ok"]
    assert result.parseval is not None and result.parseval.figures()["f_measure"] == 100.0
    assert not any("holds 5 trees" in w for w in result.warnings)


@pytest.mark.cli
@pytest.mark.parametrize("route", ROUTES)
def test_a_split_tree_and_a_compensating_pair_in_one_file(
        tmp_path: Path, route: tuple[str, ...]) -> None:
    # A tree split over lines 2-3 (read as one), then lines 5 and 6 damaged
    # so that their brackets make up for each other (left as two): every
    # other pair keeps its partner.
    gold_lines = GOLD + GOLD
    test_lines = [GOLD[0], *split(GOLD[1], "(VP"), GOLD[2], GOLD[3][:-1], GOLD[4] + ")",
                  *GOLD]
    gold, test = files(tmp_path, gold_lines, test_lines)
    assert statuses(gold, test, "--metrics", "parseval", *route) == \
        ["ok", "ok", "ok", "skip", "skip", "ok", "ok", "ok", "ok", "ok"]


@pytest.mark.cli
def test_a_split_tree_in_a_file_that_lacks_its_last_sentence(tmp_path: Path) -> None:
    # The files hold as many lines, but the words say line 2 continues line 1's tree.
    gold_lines = GOLD + GOLD
    test_lines = [GOLD[0], *split(GOLD[1], "(VP"), *GOLD[2:], *GOLD[:4]]
    assert len(test_lines) == len(gold_lines)
    gold, test = files(tmp_path, gold_lines, test_lines)
    assert statuses(gold, test, "--metrics", "parseval") == ["ok"] * 9 + ["skip"]


@pytest.mark.cli
def test_a_split_both_files_share_is_joined_in_both(tmp_path: Path) -> None:
    lines = [GOLD[0], *split(GOLD[1], "(VP"), *GOLD[2:]]
    gold, test = files(tmp_path, lines, lines)
    assert statuses(gold, test, "--metrics", "parseval") == ["ok"] * 5


def test_a_file_read_alone_joins_its_split_trees(tmp_path: Path) -> None:
    # No other file to compare with: a tree split over lines is read as one.
    _, test = files(tmp_path, GOLD, COMPENSATING)
    assert [item.line for item in read_trees(test)] == [1, 2, 4, 5]


def test_tags_and_the_evaluator_decide_as_score_does(tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD, COMPENSATING)
    tagged = evaluate_tags(gold, test, TagConfig())
    assert [s.status for s in tagged.sentences] == ["ok", "skip", "skip", "ok", "ok"]
    evaluator = parsedit.Evaluator(metrics="parseval", keep_sentences=True)
    batch = evaluator.update(gold, test)
    assert [s.status for s in batch] == ["ok", "skip", "skip", "ok", "ok"]


@pytest.mark.cli
def test_align_shows_the_pair_after_the_damage(tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD, COMPENSATING)
    result = run("align", gold, test, "--sentence", "4")
    assert result.exit_code == 0, result.output


@pytest.mark.cli
@pytest.mark.slow
def test_a_large_file_with_compensating_damage_through_the_array_readers(
        shared: Path, tmp_path: Path) -> None:
    # The PTB sample (1.4 MB: ranges read with numpy, -j 2's workers): lines
    # 100 and 101 damaged so that their brackets make up for each other.
    clean = shared / "ptb-sample/wsj_0001-0199.clean"
    lines = clean.read_text().split("\n")
    assert lines[99].endswith(")") and not lines[100].startswith(lines[99][:5] + " ")
    lines[99], lines[100] = lines[99][:-1], lines[100] + ")"
    test = tmp_path / "damaged.mrg"
    test.write_text("\n".join(lines))
    for jobs in ("1", "2"):
        found = statuses(str(clean), str(test), "--metrics", "parseval", "-j", jobs)
        assert len(found) == 3914 and found[99:101] == ["skip", "skip"]
        assert found.count("ok") == 3912


# -- choose, alone ------------------------------------------------------------


def test_choose_joins_what_makes_the_words_line_up() -> None:
    gold = Side([5, 7, 4, 6])
    split_test = Side([5, 3, 4, 4, 6], {1: 1})
    assert choose(gold, split_test) == (frozenset(), frozenset({1}))
    compensating = Side([5, 7, 4, 6], {1: 1})
    assert choose(gold, compensating) == (frozenset(), frozenset())
    # The same split in both: joined in both (it moves nothing).
    assert choose(split_test, split_test) == (frozenset({1}), frozenset({1}))
    # A split in gold, none in test.
    assert choose(split_test, gold) == (frozenset({1}), frozenset())


def test_choose_among_many_places_keeps_the_pairs() -> None:
    # 200 places where a tree may be split (more than the beam): the true
    # split is found among the compensating pairs around it.
    words = [3 + k % 7 for k in range(600)]
    joins = {k: 1 for k in range(0, 598, 3)}
    test_words = words[:300] + [2, words[300] - 2] + words[301:]
    test_joins = {k if k < 300 else k + 1: 1 for k in joins}
    test_joins[300] = 1
    gold_found, test_found = choose(Side(words), Side(test_words, test_joins))
    assert gold_found == frozenset() and test_found == frozenset({300})
