"""--jobs workers read their own ranges of lines (parsedit.trees.ranges):
the pairs they read are the pairs the parent reads, whatever the lines hold."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from conftest import ptb_ten_times
from hypothesis import given, settings
from hypothesis import strategies as st

from parsedit.config import Config
from parsedit.pipeline.run import evaluate
from parsedit.pipeline.scorer import Pair, pairs
from parsedit.pipeline.units import _Lines
from parsedit.report import evalb as evalb_report
from parsedit.trees import ranges
from parsedit.trees.ranges import LineRange, line_layout, line_ranges, line_starts

# Lines as a treebank file may hold them: trees, blank lines, broken trees,
# raw text, a \r before the newline, a stray bracket, a byte-order mark.
LINES = st.sampled_from([
    b"(S (NP (DT the) (NN dog)) (VP (VBZ barks)))", b"(TOP (S (NN x) (VB y)))",
    b"( (S (NP-SBJ (PRP I)) (VP (VB go))) )", b"(S (NN a)) (S (NN b))", b"",
    b"   ", b"(S (NN a)", b"(S (NN a)))", b"raw words", b"(S (NN caf\xc3\xa9))\r",
    b"(X a b)", b"(S (NN a)) )", b"\xef\xbb\xbf(S (NN a))",
])


def oracle_starts(data: bytes, every: int) -> list[int]:
    """Offsets of lines 1, every + 1, ..., then the size: the plain way."""
    starts, newlines = [0], 0
    for i, byte in enumerate(data):
        if byte == ord("\n"):
            newlines += 1
            if newlines % every == 0:
                starts.append(i + 1)
    if starts[-1] != len(data):
        starts.append(len(data))
    return starts


def described(pairs_: object) -> list[tuple[object, ...]]:
    """Pairs as comparable tuples (errors by their message)."""
    out = []
    for number, g, t in pairs_:  # type: ignore[attr-defined]
        out.append((number, *((i.line, i.tokens, str(i.error)) if i else None
                              for i in (g, t))))
    return out


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=300), st.integers(1, 5), st.integers(1, 64))
def test_line_starts_are_every_kth_line(data: bytes, every: int, block: int) -> None:
    with tempfile.NamedTemporaryFile() as handle:
        handle.write(data)
        handle.flush()
        saved, ranges._BLOCK = ranges._BLOCK, block  # block edges anywhere
        try:
            assert list(line_starts(handle.name, every)) == oracle_starts(data, every)
        finally:
            ranges._BLOCK = saved


def range_pairs(lines: LineRange, gold: str, test: str) -> list[Pair]:
    """The pairs of items a range's lines make, as the routes that read
    ranges pair them (parsedit.pipeline.units): up to the blank lines that end both
    files."""
    g, t = _Lines(gold, lines.gold, "utf-8"), _Lines(test, lines.test, "utf-8")
    out: list[Pair] = []
    for k in range(max(len(g.lines), len(t.lines))):
        number = lines.first + k
        gold_item, test_item = g.item(k, number), t.item(k, number)
        if (gold_item is None or gold_item.trailing) and (test_item is None
                                                          or test_item.trailing):
            break
        out.append((number, gold_item, test_item))
    return out


@settings(max_examples=150, deadline=None)
@given(st.lists(LINES, max_size=12), st.lists(LINES, max_size=12), st.integers(1, 4),
       st.booleans())
def test_ranges_read_the_pairs_the_parent_reads(gold: list[bytes], test: list[bytes],
                                                every: int, newline_at_end: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for name, lines in (("gold", gold), ("test", test)):
            path = Path(tmp) / name
            path.write_bytes(b"\n".join(lines) + (b"\n" if newline_at_end and lines else b""))
            paths.append(str(path))
        cut = line_ranges(paths[0], paths[1], every=every)
        if cut is None:  # free layout: the parent reads, as before
            assert not (line_layout(paths[0]) and line_layout(paths[1]))
            return
        by_ranges = [p for r in cut for p in range_pairs(r, *paths)]
        assert described(by_ranges) == described(pairs(*paths))


def test_free_layout_is_read_by_the_parent(tmp_path: Path) -> None:
    gold = tmp_path / "gold.mrg"
    gold.write_text("(S\n  (NN a))\n")
    test = tmp_path / "test.mrg"
    test.write_text("(S (NN a))\n")
    assert line_ranges(str(gold), str(test)) is None
    assert line_ranges(str(test), str(test)) is not None


@pytest.mark.parametrize("name,prm", [("sample", "sample.prm"), ("bug", "new.prm")])
def test_jobs_read_evalbs_edge_cases_alike(shared: Path, name: str, prm: str) -> None:
    """EVALB's sample (blank test lines, length and word mismatches) and bug
    files: the same result with the workers reading their own lines."""
    gold, test = (str(shared / "evalb" / f"{name}.{s}") for s in ("gld", "tst"))
    config = Config.from_options("parseval,label,la", str(shared / "evalb" / prm))
    assert line_ranges(gold, test) is not None
    one = evaluate(gold, test, config)
    assert evaluate(gold, test, config, jobs=2).to_dict() == one.to_dict()
    # and by ranges of 3 lines in one process
    assert evaluate(gold, test, config, every=3).sentences == one.sentences


@pytest.mark.slow
def test_evalb_report_on_39k_pairs_read_by_the_workers(shared: Path, tmp_path: Path) -> None:
    """EVALB's report, byte for byte, on 39,140 pairs (the PTB sample ten
    times against a perturbed copy ten times): workers reading their own
    306 ranges of lines against the parent reading every pair."""
    gold, test = ptb_ten_times(shared, tmp_path)
    config = Config.from_options("parseval")
    cut = line_ranges(str(gold), str(test))
    assert cut is not None and len(cut) == 306
    plain = evaluate(str(gold), str(test), config)
    forked = evaluate(str(gold), str(test), config, jobs=2)
    assert len(plain.sentences) == 39140 and plain.count("ok") == 39140
    assert evalb_report.render(forked) == evalb_report.render(plain)
    # and as score does it: only the rows kept, the table formatted as they come
    table = evalb_report.EvalbTable()
    rows = evaluate(str(gold), str(test), config, jobs=2, keep="rows", rows=table)
    assert "".join(evalb_report.chunks(rows, table)) == evalb_report.render(plain)


@pytest.mark.parametrize("every", [1, 2, 3])
def test_trailing_blank_lines_across_ranges(tmp_path: Path, every: int) -> None:
    """Blank lines at the end of both files are no pairs, even when they
    fall in several ranges (the range before the last ends in them too)."""
    gold = tmp_path / "gold.mrg"
    gold.write_text("(TOP (NN a))\n\n\n\n")
    test = tmp_path / "test.mrg"
    test.write_text("(TOP (NN a))\n\n \n")
    cut = line_ranges(str(gold), str(test), every=every)
    assert cut is not None
    by_ranges = [p for r in cut for p in range_pairs(r, str(gold), str(test))]
    assert described(by_ranges) == described(pairs(str(gold), str(test)))
    assert [p[0] for p in by_ranges] == [1]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(["(S (A a))", "", "  ", "\t", "x", " y "]), max_size=8),
       st.booleans(), st.integers(1, 16))
def test_content_ends_after_the_last_line_that_is_not_blank(
        lines: list[str], newline_at_end: bool, block: int) -> None:
    text = "\n".join(lines) + ("\n" if newline_at_end and lines else "")
    kept = [line for line in lines if line.strip()]
    expected = 0
    if kept:
        last = max(i for i, line in enumerate(lines) if line.strip())
        expected = len("\n".join(lines[:last + 1]).encode())
    with tempfile.NamedTemporaryFile() as handle:
        handle.write(text.encode())
        handle.flush()
        saved, ranges._BLOCK = ranges._BLOCK, block  # block edges anywhere
        try:
            assert ranges.content_end(handle.name) == expected
        finally:
            ranges._BLOCK = saved
