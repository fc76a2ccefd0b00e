"""Sentence pairing on the words as written (the review of issue 27,
finding 2): punctuation deleted by the parameter file (COLLINS.prm) no
longer makes crossing a shared boundary save an edit, nor does a word the
scoring deletes; a boundary is crossed only where the words as written and
the words as scored both find it cheaper.  The PTB sample is read from
../shared/data, never copied."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import files

from parsedit.config import Config
from parsedit.pipeline.run import evaluate
from parsedit.results import CorpusResult

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from word_errors import main as word_errors_main  # noqa: E402

GOLD = ["(TOP (S (NP (DT the) (NN plan)) (VP (VBD failed)) (. .)))",
        "(TOP (S (NP (DT The) (NN company)) (VP (VBZ is) (VP (VBG operating))) (. .)))"]
# A word inserted before the full stop, and "The company" heard as "duck":
# without the full stops, "crack duck" against "The company" is two
# substitutions across the boundary, three edits on each side of it; with
# them, three either way.
PUNCTUATION = ["(TOP (S (NP (DT the) (NN plan)) (VP (VBD failed)) (NN crack) (. .)))",
               "(TOP (S (NP (NN duck)) (VP (VBZ is) (VP (VBG operating))) (. .)))"]
# A word inserted after the full stop under its tag (deleted by COLLINS.prm),
# and "The" lost: as written, one substitution across the boundary against
# two edits; as scored, one deletion either way.
DELETED_WORD = ["(TOP (S (NP (DT the) (NN plan)) (VP (VBD failed)) (. .) (. Mo)))",
                "(TOP (S (NP (NN company)) (VP (VBZ is) (VP (VBG operating))) (. .)))"]


def config(segmentation: str, **rest: object) -> Config:
    return Config.from_options(**{"metrics": ("parseval",), "yields": "align",
                                  "segmentation": segmentation, **rest})


def pairs(result: CorpusResult) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    return [(run.gold, run.test) for run in result.runs]


@pytest.mark.parametrize("test_lines", [PUNCTUATION, DELETED_WORD],
                         ids=["punctuation", "deleted-word"])
@pytest.mark.parametrize("aligner", ["python", "fst"])
def test_a_shared_boundary_is_not_crossed_to_save_what_the_scoring_deletes(
        tmp_path: Path, test_lines: list[str], aligner: str) -> None:
    # 0.2.6 and 0cd529e merged the punctuation case into one pair, F 57.14.
    gold, test = files(tmp_path, GOLD, test_lines)
    by_gold = evaluate(gold, test, config("gold", word_aligner=aligner))
    assert by_gold.parseval is not None and by_gold.parseval.f_measure == 100.0
    for segmentation in ("align", "document"):
        result = evaluate(gold, test, config(segmentation, word_aligner=aligner))
        assert pairs(result) == [((1,), (1,)), ((2,), (2,))], segmentation
        assert result.parseval == by_gold.parseval
        assert not any("merge" in w for w in result.warnings)


def test_under_no_deletions_the_words_as_written_decide(tmp_path: Path) -> None:
    # -p none deletes nothing: both views are one, and the boundary is kept.
    gold, test = files(tmp_path, GOLD, PUNCTUATION)
    result = evaluate(gold, test, config("align", params="none"))
    assert pairs(result) == [((1,), (1,)), ((2,), (2,))]


def test_a_sentence_split_in_two_is_still_one_pair(tmp_path: Path) -> None:
    # Where the files really cut the text differently, the pair is merged.
    whole = ("(TOP (S (S (NP (DT the) (NN plan)) (VP (VBD failed))) (CC and) "
             "(S (NP (DT the) (NN company)) (VP (VBZ is) (VP (VBG operating)))) (. .)))")
    halves = ["(TOP (S (NP (DT the) (NN plan)) (VP (VBD failed))))",
              "(TOP (S (CC and) (NP (DT the) (NN company)) (VP (VBZ is) (VP (VBG operating))) "
              "(. .)))"]
    gold, test = files(tmp_path, [whole, GOLD[0]], [*halves, GOLD[0]])
    result = evaluate(gold, test, config("align"))
    assert pairs(result) == [((1,), (1, 2)), ((2,), (3,))]


def test_word_errors_in_the_ptb_sample_seed_0_merge_no_pair(shared: Path,
                                                             tmp_path: Path) -> None:
    # 10 % word errors (benchmarks/word_errors.py, seed 0): 0cd529e merged 6
    # pairs (3908 pairs, F 99.545) where punctuation deletion made crossing
    # a boundary save an edit; gold segmentation gives F 99.623.
    clean = str(shared / "ptb-sample/wsj_0001-0199.clean")
    noisy = str(tmp_path / "w10.mrg")
    word_errors_main([clean, noisy, "--seed", "0", "--rate", "0.1"])
    by_gold = evaluate(clean, noisy, config("gold"))
    assert by_gold.parseval is not None and round(by_gold.parseval.f_measure or 0, 3) == 99.623
    for segmentation in ("align", "document"):
        result = evaluate(clean, noisy, config(segmentation))
        assert pairs(result) == [((n,), (n,)) for n in range(1, 3915)], segmentation
        assert result.parseval == by_gold.parseval and result.words == by_gold.words
