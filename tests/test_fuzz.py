"""The fuzzed reader, bounded to a few seconds (``tests/fuzz_long.py`` runs
the same checks for longer; see :mod:`fuzzing` for what they are)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from fuzzing import (
    Corpus,
    check_other_commands,
    check_score,
    corpora,
    invoke,
    pretty,
    roots,
    tokens,
)
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from parsedit.errors import InputError
from parsedit.trees.reader import line_layout, read_trees
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


@st.composite
def pretty_files(draw: st.DrawFn) -> tuple[list, list[str], int, str]:
    """Trees written pretty-printed one after another (each from column 1,
    blank lines between some), at least two of them across lines so that the
    file is read in free layout whatever the damage; tree ``k`` damaged by
    one bracket inserted (anywhere in its text but before a continuation
    line's indentation, where a ``(`` starts a tree by the convention the
    reader resynchronises on) or deleted.  Returns the trees, the texts
    written, ``k`` and the damaged text of tree ``k``."""
    trees = draw(st.lists(roots(), min_size=2, max_size=6))
    margin = draw(st.integers(10, 70))
    texts = [pretty(tree, margin) for tree in trees]
    assume(sum("\n" in text for text in texts) >= 2)
    k = draw(st.integers(0, len(trees) - 1))
    text = texts[k]
    if draw(st.booleans()):
        at = draw(st.sampled_from([i for i in range(len(text) + 1)
                                   if i == 0 or text[i - 1] != "\n"]))
        damaged = text[:at] + draw(st.sampled_from("()")) + text[at:]
    else:
        at = draw(st.sampled_from([i for i, c in enumerate(text) if c in "()"]))
        damaged = text[:at] + text[at + 1:]
    return trees, texts, k, damaged


def write_pretty(path: Path, texts: list[str], gaps: list[str]) -> str:
    path.write_text("".join(text + gap for text, gap in zip(texts, gaps)))
    return str(path)


@settings(max_examples=300, deadline=None)
@given(pretty_files(), st.data())
def test_one_bracket_more_or_less_in_a_pretty_printed_tree_costs_that_tree_only(
        case: tuple[list, list[str], int, str], data: st.DataObject) -> None:
    trees, texts, k, damaged = case
    gaps = data.draw(st.lists(st.sampled_from(("\n", "\n\n")), min_size=len(texts),
                              max_size=len(texts)))
    with tempfile.TemporaryDirectory() as directory:
        clean = list(read_trees(write_pretty(Path(directory) / "clean.mrg", texts, gaps)))
        texts[k] = damaged
        items = list(read_trees(write_pretty(Path(directory) / "damaged.mrg", texts, gaps)))
    assert [item.tokens for item in clean] == [tokens(tree) for tree in trees]
    assert len(items) == len(trees), [str(i.error) for i in items if i.error]
    for number, (item, before) in enumerate(zip(items, clean)):
        if number == k:
            assert item.tokens is None and item.error is not None
            assert item.line == item.error.line
        else:
            assert item == before


@settings(max_examples=100, deadline=None)
@given(st.lists(roots(), min_size=2, max_size=6), st.integers(10, 90), st.data())
def test_pretty_printed_trees_several_on_a_line_are_read_apart(
        trees: list, margin: int, data: st.DataObject) -> None:
    # NLTK's print(t1, t2): a tree may begin on the line where another ends.
    gaps = data.draw(st.lists(st.sampled_from(("\n", "\n\n", " ")), min_size=len(trees),
                              max_size=len(trees)))
    texts = [pretty(tree, margin) for tree in trees]
    text = "".join(t + gap for t, gap in zip(texts, gaps))
    assume(not line_layout(text.splitlines(keepends=True)))
    with tempfile.TemporaryDirectory() as directory:
        items = list(read_trees(write_pretty(Path(directory) / "trees.mrg", texts, gaps)))
    assert [item.tokens for item in items] == [tokens(tree) for tree in trees]


@settings(max_examples=10, deadline=None)
@given(pretty_files())
def test_a_damaged_pretty_printed_tree_is_one_skip_and_the_rest_scored_as_before(
        case: tuple[list, list[str], int, str]) -> None:
    trees, texts, k, damaged = case
    runs = []
    with tempfile.TemporaryDirectory() as directory:
        gold = write_pretty(Path(directory) / "gold.mrg", texts, ["\n"] * len(texts))
        for text in (texts[k], damaged):
            texts[k] = text
            test = write_pretty(Path(directory) / "test.mrg", texts, ["\n"] * len(texts))
            result = invoke("score", gold, test, "--metrics", "parseval", "--format", "json")
            assert result.exit_code in (0, 1), result.output  # 1: nothing scored (-NONE-)
            runs.append(json.loads(result.stdout)["sentences"])
    clean, sentences = runs
    assert len(sentences) == len(trees)
    assert sentences[k]["status"] == "skip" and "test.mrg" in sentences[k]["message"]
    assert sentences[:k] + sentences[k + 1:] == clean[:k] + clean[k + 1:]
