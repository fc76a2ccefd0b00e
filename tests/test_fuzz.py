"""The fuzzed reader, bounded to a few seconds (``tests/fuzz_long.py`` runs
the same checks for longer; see :mod:`fuzzing` for what they are)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from fuzzing import Corpus, check_other_commands, check_score, corpora
from hypothesis import given, settings
from hypothesis import strategies as st

from parsedit.errors import InputError
from parsedit.trees.reader import read_trees
from parsedit.trees.source import lines as source_lines


@settings(max_examples=30, deadline=None)
@given(corpora())
def test_damaged_trees_through_score_with_every_metric(corpus: Corpus) -> None:
    with tempfile.TemporaryDirectory() as directory:
        check_score(corpus, Path(directory))


@settings(max_examples=10, deadline=None)
@given(corpora(first=True))
def test_damage_to_the_first_line_too(corpus: Corpus) -> None:
    with tempfile.TemporaryDirectory() as directory:
        check_score(corpus, Path(directory))


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
