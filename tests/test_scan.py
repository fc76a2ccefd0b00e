"""The byte scanner (parsedit.trees.scan) against the chunk reader
(parsedit.trees.arrays.ArrayKeys.read), its oracle: every line the scanner reads
gives what the chunk reader gives, a block of pairs read both ways gives the
same PARSEVAL counts, and the scanner does read the usual lines."""

from __future__ import annotations

from typing import Any
from unittest.mock import patch

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from test_lines import LABELS, ODD, PARAMS, TAGS
from test_lines import tree as columnar_tree

from parsedit.metrics.parseval_arrays import array_counts
from parsedit.params import load_params
from parsedit.trees import scan
from parsedit.trees.arrays import LINE, ArrayKeys, ArrayRead

# Words and labels of every length the keys and the word comparison cut at
# (8 and 15 bytes), some differing only past their first 8 or 16 bytes.
WORDS = ["a", "the", "*T*-1", ",", "'", "abcdefgh", "abcdefghi", "abcdefghijklmno",
         "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmnopqrstuvwx",
         "abcdefghijklmnopqrstuvwX", "abcdefghijklmnopqrstuvwxyz",
         "abcdefghijklmnopqrstuvwxyZ", "caf\u00e9", "-LRB-"]
LONG_LABELS = ["ADVP-LOC-CLR", "NP-SBJ-LOC-CLR", "NP-SBJ-LOC-CLR1", "NP-SBJ-LOC-CLR-1",
               "VERYLONGLABEL"]


def tree(leaves: list[tuple[str, str]], short: bool = False) -> st.SearchStrategy[str]:
    """A random tree over ``leaves``, as test_columnar's, with longer labels
    (none over 15 bytes if ``short``)."""
    return columnar_tree(leaves, LABELS + [label for label in LONG_LABELS
                                           if not short or len(label) <= 15],
                         ("TOP", "", "S", "TOP (S") + ("VERYLONGLABELS",) * (not short))


leaves = st.lists(st.tuples(st.sampled_from(TAGS + ["VERYLONGTAGNAME", "VERYLONGTAGNAME1", "PRP$"]),
                            st.sampled_from(WORDS)), min_size=1, max_size=8)
# Odd lines: the chunk reader's own, and short strings of the bytes that
# matter (brackets, spaces, tabs, a carriage return, labels, words).
odd = st.one_of(st.sampled_from(ODD), st.lists(st.sampled_from(
    ["(", ")", " ", "  ", "NP", "a", "\t", "\r", "(NN a)", ") (", "-NONE-", "caf\u00e9"]),
    max_size=12).map("".join))
line = st.one_of(leaves.flatmap(tree), leaves.flatmap(tree), odd)


def line_of(read: ArrayRead, k: int) -> tuple[Any, ...]:
    """What a read says of line ``k``: its words, EVALB's length, whether it
    is one unlabelled bracket, its bracket keys (sorted) and its tags."""
    keys = read.keys[read.keys >> LINE == k]
    return (int(read.words[k]), int(read.length[k]), bool(read.outer[k]),
            sorted(keys.tolist()), read.tag_ids[read.word_lines == k].tolist())


@settings(max_examples=400)
@given(st.lists(line, min_size=1, max_size=10), st.sampled_from(PARAMS))
def test_a_line_the_scanner_reads_is_read_as_the_chunk_reader_reads_it(
        lines: list[str], params: str) -> None:
    table = ArrayKeys(load_params(params).normalisation)
    size = len(lines) + 1
    scan = table.scanner.scan(lines, list(map(str.isascii, lines)), size)
    scanned = table._scanned(scan, scan.usual)
    chunked = table.read(lines, size)
    for k, text in enumerate(lines):
        if scanned.usual[k]:
            assert text.isascii() and chunked.usual[k], text
            assert line_of(scanned, k) == line_of(chunked, k), text
    assert not scanned.usual[len(lines):].any()


@settings(max_examples=200)
@given(st.lists(st.lists(st.tuples(st.sampled_from(TAGS + ["PRP$"]),
                                   st.sampled_from([w for w in WORDS if w.isascii()])),
                         min_size=1, max_size=8).flatmap(lambda found: tree(found, short=True)),
                min_size=1, max_size=10), st.sampled_from(PARAMS))
def test_the_scanner_reads_ascii_trees_in_the_usual_form(lines: list[str], params: str) -> None:
    """Not vacuous: every ASCII tree written as parsers write it, with labels
    and tags of up to 15 bytes, that the chunk reader reads, the scanner reads."""
    table = ArrayKeys(load_params(params).normalisation)
    scan = table.scanner.scan(lines, [True] * len(lines), len(lines))
    assert scan.usual.tolist() == table.read(lines, len(lines)).usual.tolist()


@st.composite
def pairs(draw: st.DrawFn) -> tuple[str, str]:
    """A gold line and a test line over mostly the same words (a word
    sometimes changed, late in it or early), or an odd line."""
    gold_leaves = draw(leaves)
    test_leaves = list(gold_leaves)
    if draw(st.booleans()):
        k = draw(st.integers(0, len(test_leaves) - 1))
        test_leaves[k] = (test_leaves[k][0], draw(st.sampled_from(WORDS)))
    gold, test = draw(tree(gold_leaves)), draw(tree(test_leaves))
    if draw(st.integers(0, 4)) == 0:
        test = gold
    if draw(st.integers(0, 9)) == 0:
        gold = draw(odd)
    if draw(st.integers(0, 9)) == 0:
        test = draw(odd)
    return gold, test


def both_ways(table: ArrayKeys, other: ArrayKeys, gold: list[str], test: list[str]
              ) -> tuple[Any, Any]:
    size = max(len(gold), len(test))
    same = np.zeros(size, np.bool_)
    same[:min(len(gold), len(test))] = [g == t for g, t in zip(gold, test)]
    scanned = array_counts(*table.read_pairs(gold, test, same, size), same)
    chunked = array_counts(other.read(gold, size),
                           other.read(["" if same[k] else t for k, t in enumerate(test)], size),
                           same)
    return scanned, chunked


@settings(max_examples=300)
@given(st.lists(pairs(), min_size=1, max_size=12), st.sampled_from(PARAMS),
       st.integers(0, 2))
def test_pairs_read_by_the_scanner_count_as_read_by_the_chunk_reader(
        found: list[tuple[str, str]], params: str, ends: int) -> None:
    norm = load_params(params).normalisation
    gold = [g for g, _ in found] + ["(S (NN a))"] * (ends == 1)
    test = [t for _, t in found] + ["(S (NN a))"] * (ends == 2)
    scanned, chunked = both_ways(ArrayKeys(norm), ArrayKeys(norm), gold, test)
    for name in scanned._fields:
        assert getattr(scanned, name).tolist() == getattr(chunked, name).tolist(), name


@settings(max_examples=100)
@given(st.lists(pairs(), min_size=1, max_size=12))
def test_labels_whose_slots_are_taken_leave_their_lines_to_the_chunk_reader(
        found: list[tuple[str, str]]) -> None:
    """With a table of 4 slots most labels find theirs taken: their lines
    are read by the chunk reader, with the same counts."""
    norm = load_params("collins").normalisation
    with patch.object(scan, "_SLOTS_BITS", 2):
        table = ArrayKeys(norm)
        scanned, chunked = both_ways(table, ArrayKeys(norm), [g for g, _ in found],
                                     [t for _, t in found])
    for name in scanned._fields:
        assert getattr(scanned, name).tolist() == getattr(chunked, name).tolist(), name


def test_the_scanner_reads_a_ptb_line() -> None:
    table = ArrayKeys(load_params("collins").normalisation)
    text = "(TOP (S (NP-SBJ (NNP Pierre) (NNP Vinken)) (VP (VBD joined)) (. .)))"
    lines = [text, "", "(S (NN a)", "(S (NN a)))", "(S (NN a) )", "(S\t(NN a))"]
    scan = table.scanner.scan(lines, [True] * 6, 7)
    read = table._scanned(scan, scan.usual)  # (balance is checked here)
    assert read.usual.tolist() == [True] + [False] * 6
    assert line_of(read, 0) == line_of(table.read([text], 1), 0)
    assert (read.words[0], read.length[0]) == (3, 4)  # the period deleted, but counted
