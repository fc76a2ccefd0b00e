"""Sentence pairing on the words as written (the review of issue 27,
finding 2): punctuation deleted by the parameter file (COLLINS.prm) no
longer makes crossing a shared boundary save an edit, nor does a word the
scoring deletes; a boundary is crossed only where the words as written and
the words as scored both find it cheaper.  The PTB sample's case (10 %
word errors, seed 0: 6 merges before) is in tests/test_pairing.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import files
from test_pairing import config, pairs

from parsedit.pipeline.run import evaluate

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
