"""The fuzzed reader, bounded to a few seconds (``tests/fuzz_long.py`` runs
the same checks for longer; see :mod:`fuzzing` for what they are)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from fuzzing import (
    Corpus,
    Node,
    Pretty,
    check_one_bad_line,
    check_other_commands,
    check_pretty_reading,
    check_pretty_score,
    check_score,
    corpora,
    one_bad_line,
    pretty,
    pretty_files,
    roots,
    tokens,
)
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from parsedit.errors import InputError
from parsedit.trees.reader import line_layout, read_trees
from parsedit.trees.source import lines as source_lines


@pytest.mark.cli
@settings(max_examples=30, deadline=None)
@given(corpora())
def test_damaged_trees_through_score_with_every_metric(corpus: Corpus) -> None:
    with tempfile.TemporaryDirectory() as directory:
        check_score(corpus, Path(directory))


@pytest.mark.cli
@settings(max_examples=10, deadline=None)
@given(corpora(first=True))
def test_damage_to_the_first_line_too(corpus: Corpus) -> None:
    with tempfile.TemporaryDirectory() as directory:
        check_score(corpus, Path(directory))


@pytest.mark.cli
@settings(max_examples=40, deadline=None)
@given(one_bad_line())
def test_one_bad_line_never_moves_the_others_line_1_too(corpus: Corpus) -> None:
    with tempfile.TemporaryDirectory() as directory:
        check_one_bad_line(corpus, Path(directory))


@pytest.mark.cli
@settings(max_examples=8, deadline=None)
@given(corpora(), st.integers(1, 5))
def test_damaged_trees_through_align_tags_and_compare(corpus: Corpus, sentence: int) -> None:
    with tempfile.TemporaryDirectory() as directory:
        check_other_commands(corpus, Path(directory), min(sentence, len(corpus.gold)))


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_through_the_reader(data: bytes) -> None:
    # Any bytes: items in line order within the file, or the one encoding error.
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "any.mrg"
        path.write_bytes(data)
        try:
            items = list(read_trees(str(path)))
        except InputError as exc:
            if "damaged" in exc.reason:  # the bytes began as compressed data
                assert data[:2] in (b"\x1f\x8b", b"\xfd7", b"BZ")
                return
            assert "not valid utf-8" in exc.reason
            with pytest.raises(UnicodeDecodeError):
                data.split(b"\n")[exc.line - 1].decode("utf-8")
            return
        pieces = list(source_lines(str(path)))
    text = data.decode("utf-8").removeprefix("\ufeff")
    assert "".join(pieces) == text and all(pieces)
    assert all(p.count("\n") == 1 and p.endswith("\n") for p in pieces[:-1])
    lines = data.count(b"\n") + 1
    numbers = [item.line for item in items]
    assert numbers == sorted(numbers) and all(1 <= n <= lines for n in numbers)
    for item in items:
        assert (item.tokens is None) or (item.error is None)
        if item.error is not None:
            assert item.error.line == item.line and item.error.column >= 1


@settings(max_examples=300, deadline=None)
@given(pretty_files())
def test_one_bracket_more_or_less_in_a_pretty_printed_tree_costs_that_tree_only(
        case: Pretty) -> None:
    with tempfile.TemporaryDirectory() as directory:
        check_pretty_reading(case, Path(directory))


@settings(max_examples=100, deadline=None)
@given(st.lists(roots(), min_size=2, max_size=6), st.integers(10, 90), st.data())
def test_pretty_printed_trees_several_on_a_line_are_read_apart(
        trees: list[Node], margin: int, data: st.DataObject) -> None:
    # NLTK's print(t1, t2): a tree may begin on the line where another ends.
    gaps = data.draw(st.lists(st.sampled_from(("\n", "\n\n", " ")), min_size=len(trees),
                              max_size=len(trees)))
    texts = [pretty(tree, margin) for tree in trees]
    text = "".join(t + gap for t, gap in zip(texts, gaps))
    assume(not line_layout(text.splitlines(keepends=True)))
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "trees.mrg"
        path.write_text(text)
        items = list(read_trees(str(path)))
    assert [item.tokens for item in items] == [tokens(tree) for tree in trees]


@pytest.mark.cli
@settings(max_examples=10, deadline=None)
@given(pretty_files())
def test_a_damaged_pretty_printed_tree_is_one_skip_and_the_rest_scored_as_before(
        case: Pretty) -> None:
    with tempfile.TemporaryDirectory() as directory:
        check_pretty_score(case, Path(directory))
