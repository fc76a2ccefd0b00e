"""A one-tree-a-line file some of whose trees are wrapped onto indented
lines, with blank (failure) lines: read line by line, its blank lines keep
their meaning and no pair moves (the review of issue 27, finding 4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run

from parsedit.trees.reader import line_layout, read_trees


def wrapped(lines: list[str], blanked: tuple[int, ...], every: int) -> list[str]:
    """``lines`` with the lines ``blanked`` (1-based) made empty and every
    ``every``-th line (the first too) split at its first ' (' past its
    middle, the second half indented: the review's construction."""
    out: list[str] = []
    for k, line in enumerate(lines):
        if k + 1 in blanked:
            out.append("")
        elif k % every == 0:
            at = line.find(" (", len(line) // 2)
            out += [line[:at], "    " + line[at + 1:]]
        else:
            out.append(line)
    return out


@pytest.mark.cli
@pytest.mark.slow
def test_sequoia_with_wrapped_trees_and_blank_lines(shared: Path, tmp_path: Path) -> None:
    # otmhi.mrg, lines 3, 7 and 41 blanked, 1 tree in 11 wrapped (29 in all):
    # was read as pretty-printed, the blank lines vanished and the run
    # stopped after 12 errors; now the figures of the blanked file alone
    # (which EVALB reads line by line), on every route.
    lines = (shared / "sequoia/otmhi.mrg").read_text(encoding="utf-8").split("\n")
    test, blanked = tmp_path / "wrapped.mrg", tmp_path / "blanked.mrg"
    test.write_text("\n".join(wrapped(lines, (3, 7, 41), 11)), encoding="utf-8")
    blanked.write_text("\n".join("" if k + 1 in (3, 7, 41) else line
                                 for k, line in enumerate(lines)), encoding="utf-8")
    assert line_layout(test.read_text(encoding="utf-8").splitlines(keepends=True)[:200])
    gold = str(shared / "sequoia/gold.mrg")
    want = json.loads(run("score", gold, str(blanked), "--format", "json", "--metrics",
                          "parseval").stdout)
    for args in ((), ("-j", "2"), ("--metrics", "parseval,label")):
        result = run("score", gold, str(test), "--format", "json", "--metrics", "parseval",
                     *args)
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        statuses = [s["status"] for s in data["sentences"]]
        assert len(statuses) == 310
        assert [n for n, s in enumerate(statuses, start=1) if s != "ok"] == [3, 7, 41]
        assert data["corpus"]["parseval"] == want["corpus"]["parseval"]
    assert round(want["corpus"]["parseval"]["f_measure"], 2) == 60.48


def test_blank_lines_separating_every_tree_are_separators(tmp_path: Path) -> None:
    # A pretty-printer's file of short trees, a blank line after each: one
    # tree in five wrapped is not enough to call it pretty-printed, but the
    # blank lines are separators, not sentences.
    trees = [f"(S (NP (DT w{k})) (VP (VB v{k})))" for k in range(10)]
    text = ""
    for k, tree in enumerate(trees):
        text += (tree.replace(" (VP", "\n  (VP") if k % 5 == 0 else tree) + "\n\n"
    path = tmp_path / "pretty.mrg"
    path.write_text(text)
    assert not line_layout(text.splitlines(keepends=True))
    assert [item.tokens is not None for item in read_trees(str(path))] == [True] * 10


def test_a_quarter_of_the_trees_wrapped_is_still_one_tree_a_line(tmp_path: Path) -> None:
    trees = [f"(S (NP (DT w{k})) (VP (VB v{k})))" for k in range(30)]
    lines = []
    for k, tree in enumerate(trees):
        lines += tree.replace(" (VP", "\n  (VP").split("\n") if k % 4 == 0 else [tree]
        if k == 4:
            lines.append("")  # a failure: an empty line
    path = tmp_path / "mixed.mrg"
    path.write_text("\n".join(lines) + "\n")
    items = list(read_trees(str(path)))
    assert len(items) == 31 and items[5].tokens is None and items[5].error is None
    # Half of them wrapped: pretty-printed.
    lines = []
    for k, tree in enumerate(trees):
        lines += tree.replace(" (VP", "\n  (VP").split("\n") if k % 2 == 0 else [tree]
    assert not line_layout([line + "\n" for line in lines])
