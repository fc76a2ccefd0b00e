"""A block of lines read into normalised sentences with numpy
(parsedit.trees.array_sentences) against each line read by the columnar
reader (parsedit.trees.lines.LineSentences), its oracle, itself tested against
the reader and normalisation (tests/test_columnar.py)."""

from __future__ import annotations

from dataclasses import replace
from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st
from test_lines import PARAMS
from test_scan import leaves, line, tree

from parsedit.params import load_params
from parsedit.trees import array_sentences
from parsedit.trees.array_sentences import ArraySentences
from parsedit.trees.lines import LineSentences
from parsedit.trees.normalise import Normalisation


def normalisation(params: str) -> Normalisation:
    norm = load_params("collins" if params == "strip" else params).normalisation
    return replace(norm, strip_outer_bracket=True) if params == "strip" else norm


@settings(max_examples=400)
@given(st.lists(st.lists(line, max_size=12), min_size=1, max_size=3),
       st.sampled_from([*PARAMS, "strip"]))
def test_a_block_is_read_as_each_of_its_lines(blocks: list[list[str]], params: str) -> None:
    """Blocks in turn through one reader (what it learns carries over), odd
    lines among them, and labels and words of every length a key cuts at."""
    norm = normalisation(params)
    reader, oracle = ArraySentences(norm), LineSentences(norm)
    for lines in blocks:
        assert reader.read(lines) == [oracle.read(text) for text in lines]


@settings(max_examples=100)
@given(st.lists(leaves.flatmap(tree), min_size=1, max_size=12),
       st.sampled_from(PARAMS))
def test_words_whose_slots_are_taken_are_cut_from_the_text(lines: list[str],
                                                           params: str) -> None:
    """A table of 4 words: most words find their slot taken and are cut from
    the line instead, with the same sentences."""
    norm = normalisation(params)
    with patch.object(array_sentences, "_WORD_BITS", 2):
        reader = ArraySentences(norm)
        assert reader.read(lines) == [LineSentences(norm).read(text) for text in lines]
        assert reader.read(lines) == [LineSentences(norm).read(text) for text in lines]


def test_the_scanner_reads_the_usual_lines_and_a_word_is_one_string() -> None:
    """Not vacuous: the usual lines are read by the scanner, not handed to
    the columnar reader; a word met twice is one string."""
    reader = ArraySentences(load_params("collins").normalisation)
    lines = ["(TOP (S (NP (DT the) (NN dog)) (VP (VBD saw) (NP (DT the) (NN cat)))))",
             "(TOP (S (NP (DT the) (NN dog)) (VP (VBD ran))))", "(S (NN caf\u00e9))"]
    with patch.object(reader.lines, "read", wraps=reader.lines.read) as by_line:
        first, second, third = reader.read(lines)
    assert [call.args[0] for call in by_line.call_args_list] == [lines[2]]
    assert first is not None and second is not None and third is not None
    assert first.bracketing == ("(S", "(NP", "((DT", "the)", "((NN", "dog)", ")", "(VP",
                                "((VBD", "saw)", "(NP", "((DT", "the)", "((NN", "cat)", ")",
                                ")", ")")
    assert first.words[0] is first.words[3] is second.words[0]
