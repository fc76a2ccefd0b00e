"""The bracketed-file reader: what it reads, and how it refuses the rest."""

from __future__ import annotations

import types
from pathlib import Path
from typing import Any

import pytest
from conftest import run

from parsedit.errors import InputError
from parsedit.trees.reader import read_trees


def read(tmp_path: Path, content: str | bytes) -> list[Any]:
    path = tmp_path / "trees.mrg"
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    return list(read_trees(str(path)))


def test_one_tree_per_line_with_blank_line_as_empty_sentence(tmp_path: Path) -> None:
    items = read(tmp_path, "(S (NN a))\n\n(S (NN b))\n")
    assert [i.line for i in items] == [1, 2, 3]
    assert items[1].tree is None and items[1].error is None
    assert items[2].tree.words() == ["b"]


def test_many_trees_per_line_and_trees_across_lines(tmp_path: Path) -> None:
    items = read(tmp_path, "(S (NN a)) (S (NN b))\n\n(S\n  (NP (DT the)\n      (NN c)))\n")
    assert [i.tree.words() for i in items] == [["a"], ["b"], ["the", "c"]]
    assert [i.line for i in items] == [1, 1, 3]


def test_treebank_conventions(tmp_path: Path) -> None:
    text = ("( (S (NP-SBJ-1 (-NONE- *T*)) (NP=2 (-LRB- -LRB-) (NN 1\\/2)) "
            "(VP (VBD ran) away) (. .)) )\n")
    (item,) = read(tmp_path, text)
    root = item.tree
    assert root.label == ""  # the unlabelled outer bracket
    s = root.children[0]
    assert [c.label for c in s.children] == ["NP-SBJ-1", "NP=2", "VP", "."]
    vp = s.children[2]
    assert vp.children[1] == "away"  # a word directly under a phrase
    assert root.words() == ["*T*", "-LRB-", "1\\/2", "ran", "away", "."]


def test_utf8_and_crlf(tmp_path: Path) -> None:
    items = read(tmp_path, "(SENT (NC clôt))\r\n(SENT (NC été))\r\n".encode())
    assert [i.tree.words() for i in items] == [["clôt"], ["été"]]


def test_unbalanced_line_is_one_error_and_reading_goes_on(tmp_path: Path) -> None:
    items = read(tmp_path, "(S (NN a))\n(S (NP (NN b))\n(S (NN c)))\n(S (NN d))\n")
    assert items[0].tree is not None and items[3].tree.words() == ["d"]
    first, second = items[1].error, items[2].error
    assert (first.line, first.column) == (2, 1)
    assert "1 still open" in first.reason
    assert (second.line, second.column) == (3, 11)
    assert "closes nothing" in second.reason
    assert "^" in second.caret()


def test_raw_text_and_failure_markers(tmp_path: Path) -> None:
    items = read(tmp_path, "(S (NN a))\nthe cat sat\n  (Failure the cat sat)\n")
    raw, failure = items[1].error, items[2].error
    assert (raw.line, raw.column) == (2, 1) and "'the'" in raw.reason
    assert (failure.line, failure.column) == (3, 3) and "bare words" in failure.reason
    assert str(failure).startswith(str(tmp_path / "trees.mrg") + ":3:3: ")


def test_not_utf8_refuses_the_whole_file_naming_line_and_byte(tmp_path: Path) -> None:
    with pytest.raises(InputError) as caught:
        read(tmp_path, b"(S (NN a))\n(S (NN \xff))\n")
    assert (caught.value.line, caught.value.column) == (2, 8)
    assert "not valid utf-8 text (byte 0xff, byte 8 of the line)" in caught.value.reason
    assert "--encoding" in caught.value.reason


def test_free_layout_recovers_at_next_tree_in_column_one(tmp_path: Path) -> None:
    items = read(tmp_path, "(S\n (NP (NN a))\n(S\n (NN b))\n")
    assert items[0].error is not None and items[0].error.line == 1
    assert items[1].tree.words() == ["b"]


def test_deep_tree_does_not_recurse(tmp_path: Path) -> None:
    depth = 10_000
    (item,) = read(tmp_path, "(X " * depth + "(NN w)" + ")" * depth + "\n")
    assert item.tree.words() == ["w"]
    assert sum(1 for _ in item.tree.preorder()) == depth + 1
    assert item.tree.to_string().count("(") == depth + 1


def test_reading_streams(tmp_path: Path) -> None:
    path = tmp_path / "t.mrg"
    path.write_text("(S (NN a))\n" * 3)
    stream = read_trees(str(path))
    assert isinstance(stream, types.GeneratorType)
    assert next(stream).tree.words() == ["a"]


def test_a_line_of_several_trees_is_one_sentence_in_line_layout(tmp_path: Path) -> None:
    # EVALB's sample.tst line 8: scored as one sentence with no bracket over it.
    items = read(tmp_path, "(S (P a) (Q b))\n(P a) (Q b)\n")
    assert items[1].tokens == ("(P a)", "(Q b)")
    assert items[1].tree.to_string() == "(P a) (Q b)"


def test_a_preterminal_split_by_whitespace_is_still_one(tmp_path: Path) -> None:
    items = read(tmp_path, "(S (NN a ) (VB\n  b))\n")
    assert items[0].tokens == ("(S", "(NN a)", "(VB b)", ")")


def test_a_failure_marker_beside_a_tree_fails_the_line(tmp_path: Path) -> None:
    items = read(tmp_path, "(S (NN a))\n(S (NN a)) (Failure b c)\n")
    assert items[1].tokens is None and "bare words" in items[1].error.reason


def test_a_stray_bracket_on_the_first_line_does_not_change_the_layout(tmp_path: Path) -> None:
    # Found by tests/fuzz_long.py: the file was read freely, the line gave a
    # tree and an error, and every later pair was off by one.
    items = read(tmp_path, "(S (NN a)))\n(S (NN b))\n")
    assert len(items) == 2 and items[0].error is not None
    assert items[1].tree.words() == ["b"]


def test_a_bracket_written_as_a_word_is_read_as_the_treebank_writes_it(tmp_path: Path) -> None:
    (item,) = read(tmp_path, "(S (NP (-LRB- () (NN x) (-RRB- ))) (VP (VB go)))\n")
    assert item.tokens == ("(S", "(NP", "(-LRB- -LRB-)", "(NN x)", "(-RRB- -RRB-)", ")",
                           "(VP", "(VB go)", ")", ")")


def test_a_failure_marker_inside_an_outer_bracket_is_one(tmp_path: Path) -> None:
    marker, parse = read(tmp_path, "( (Failure the dog barked))\n( (S (NN the) (NN dog)))\n")
    assert marker.tokens is None and "(Failure ...) holds only bare words" in str(marker.error)
    assert parse.tokens is not None


def test_a_stray_open_bracket_on_the_first_line_does_not_change_the_layout(
        tmp_path: Path) -> None:
    items = read(tmp_path, "(S (NN a)) (NP\n(S (NN b))\n(S (NN c))\n")
    assert len(items) == 3 and items[0].error is not None
    assert "still open at the end of the line" in str(items[0].error)
    assert [i.tree.words() for i in items[1:]] == [["b"], ["c"]]


def test_a_pretty_printed_file_whose_first_tree_fits_on_a_line_is_read_freely(
        tmp_path: Path) -> None:
    items = read(tmp_path, "(S (NN a))\n\n(S\n  (NP (DT the) (NN b))\n  (VP (VB c)))\n")
    assert [i.tree.words() for i in items] == [["a"], ["the", "b", "c"]]


def test_a_damaged_line_followed_by_an_indented_one_keeps_the_line_layout(
        tmp_path: Path) -> None:
    # Line 2 is left open by damage and line 3 is an indented stray '(' that
    # never closes it: damage, not a pretty-printed tree (Hypothesis found
    # this); each line is its own error.
    items = read(tmp_path, "(S (NN a))\n(S (NP (NN b) (VP (VB c)))\n (\n(S (NN d))\n")
    assert [i.line for i in items] == [1, 2, 3, 4]
    assert items[1].error is not None and items[2].error is not None
    assert items[3].tree.words() == ["d"]
    # Line 2 left open and line 3 indented, closing one bracket more than
    # line 2 left open (the long fuzz run found it): damage too.
    items = read(tmp_path, "(S (NN a))\n(S (NP (NN b) (VP (VB c)))\n (NN x)))\n(S (NN d))\n")
    assert [i.line for i in items] == [1, 2, 3, 4]
    assert items[0].tree.words() == ["a"] and items[3].tree.words() == ["d"]
    assert items[1].error is not None and items[2].error is not None
    # Line 2 left open and line 3 indented, closing exactly what line 2 left
    # open (its first "(" lost): like a pretty-printed tree, but a whole tree
    # alone on a line wider than any pretty-printer writes (line 1) says the
    # file is one tree a line (the fuzz test found it).
    wide = "(S " + " ".join(["(NN a)"] * 20) + ")"
    items = read(tmp_path, f"{wide}\n(({wide[1:]}\n {wide[1:]})\n(S (NN d))\n")
    assert [i.line for i in items] == [1, 2, 3, 4]
    assert items[0].error is None and items[3].tree.words() == ["d"]
    assert items[1].error is not None and items[2].error is not None
    # ... but a line of a tab and ")" closing it exactly (the fuzz test
    # again) ends a tree split over two lines: one sentence, the later lines
    # keeping their pairs (see test_readers_trust.py).
    items = read(tmp_path, f"{wide}\n(({wide[1:]}\n\t)\n(S (NN d))\n")
    assert [i.line for i in items] == [1, 2, 4] and items[1].tree is not None
    # The same with a first line a pretty-printer could have written: one
    # pretty-printed tree (the two readings cannot be told apart).
    items = read(tmp_path, "(S (NN a))\n((S (NN b))\n (S (NN c)))\n(S (NN d))\n")
    assert [i.line for i in items] == [1, 2, 4]
    # NLTK's pformat with a wide margin: a whole tree on a wide line, then a
    # longer one broken, its lines indented by two: pretty-printed (the
    # review found it).
    pretty = (f"{wide}\n(S\n  (NP (DT the) (NN dog))\n"
              f"  (VP (VBD ran) (PP (IN over) (NP (DT the) (NN {'x' * 120})))))\n")
    items = read(tmp_path, pretty)
    assert [i.line for i in items] == [1, 2] and all(i.error is None for i in items)
    # A damaged line before a pretty-printed tree does not hide its layout.
    items = read(tmp_path,
                 "(S (NN a))\n(S (NP (NN b)\n(S\n  (NP (DT the) (NN b))\n  (VP (VB c)))\n")
    assert [i.tree.words() for i in items if i.error is None] == [["a"], ["the", "b", "c"]]


# Free layout: damage inside one tree costs that tree only.

PRETTY = ("(S\n  (NP (DT the) (NN dog))\n  (VP (VBZ barks)))\n"
          "(S\n  (NP (NN b))\n  (VP (VBZ c)))\n"
          "(S\n  (NP (NN d))\n  (VP (VBZ e)))\n")


def test_a_stray_bracket_after_a_pretty_printed_tree_replaces_it(tmp_path: Path) -> None:
    clean = read(tmp_path, PRETTY)
    items = read(tmp_path, PRETTY.replace("barks)))", "barks))))"))
    assert len(items) == 3 and items[1:] == clean[1:]
    assert (items[0].line, items[0].error.line, items[0].error.column) == (3, 3, 20)
    assert items[0].error.reason == "unbalanced brackets: ')' closes nothing"


def test_a_stray_bracket_inside_a_pretty_printed_tree_takes_the_rest_of_it(
        tmp_path: Path) -> None:
    # The tree closes at the end of line 2; line 3, indented, is still its own.
    clean = read(tmp_path, PRETTY)
    items = read(tmp_path, PRETTY.replace("(NN dog))", "(NN dog)))"))
    assert len(items) == 3 and items[1:] == clean[1:]
    assert (items[0].error.line, items[0].error.column) == (3, 19)
    assert items[0].error.reason == ("unbalanced brackets: ')' closes nothing (the tree of "
                                     "line 1 closed at line 2, column 25)")
    (item,) = read(tmp_path, "(S\n  (NP (DT a)))\n  dog)\n")
    assert item.error.reason == ("expected '(' but found the word 'dog' outside any bracket "
                                 "(the tree of line 1 closed at line 2, column 14)")


def test_a_pretty_printed_tree_missing_a_bracket_is_one_error(tmp_path: Path) -> None:
    clean = read(tmp_path, PRETTY)
    for damaged in (PRETTY.replace("(VBZ c)))", "(VBZ c))"),
                    PRETTY.replace("(NP (NN b", "NP (NN b")):
        items = read(tmp_path, damaged)
        assert len(items) == 3 and items[0] == clean[0] and items[2] == clean[2]
        assert items[1].error is not None and items[1].error.line in (4, 5, 6)


def test_damage_in_column_one_between_trees_is_the_next_tree_s(tmp_path: Path) -> None:
    # The root's '(' lost, or a stray ')' before it: no bracket is open and
    # column 1 is not blank, so a tree starts there, as it does at a '('.
    clean = read(tmp_path, PRETTY)
    for damaged in (PRETTY.replace("\n(S\n  (NP (NN b", "\nS\n  (NP (NN b"),
                    PRETTY.replace("\n(S\n  (NP (NN b", "\n)(S\n  (NP (NN b")):
        items = read(tmp_path, damaged)
        assert len(items) == 3 and items[0] == clean[0] and items[2] == clean[2]
        assert (items[1].error.line, items[1].error.column) == (4, 1)


def test_a_failure_marker_among_pretty_printed_trees_is_one_sentence(tmp_path: Path) -> None:
    items = read(tmp_path, PRETTY.replace("(S\n  (NP (NN b))\n  (VP (VBZ c)))",
                                          "(Failure b c)"))
    assert len(items) == 3 and "bare words" in items[1].error.reason
    assert items[2].tree.words() == ["d", "e"]


def test_damage_on_a_line_of_several_free_trees_costs_the_line(tmp_path: Path) -> None:
    # Where a tree closed early, what follows it on its line cannot be told
    # from the next tree: the whole stretch, to the next line starting a
    # tree in column 1, is one error.
    items = read(tmp_path, "(S\n  (NN a))\n(S (NN b))) (S (NN c))\n(S (NN d)) (S (NN e))\n")
    assert [i.tokens is not None for i in items] == [True, False, True, True]
    assert [i.tree.words() for i in items if i.tokens] == [["a"], ["d"], ["e"]]


@pytest.mark.cli
def test_a_nltk_pretty_printed_file_with_a_stray_bracket_scores_every_other_tree(
        shared: Path, tmp_path: Path) -> None:
    # The new-user trial: ten trees written by NLTK's str(tree), one ')' more
    # at the end of tree 5 (or inside it) put every later pair off by one.
    nltk = pytest.importorskip("nltk")
    lines = (shared / "kummerfeld/collins.1.mrg").read_text().splitlines()[:10]
    trees = [str(nltk.Tree.fromstring(line)) for line in lines]
    gold = tmp_path / "gold.mrg"
    gold.write_text("\n".join(trees) + "\n")
    fifth = trees[4]
    for damaged in (fifth + ")", fifth.replace(")", "))", 1)):
        test = tmp_path / "test.mrg"
        test.write_text("\n".join([*trees[:4], damaged, *trees[5:]]) + "\n")
        result = run("score", str(gold), str(test), "--metrics", "parseval")
        assert result.exit_code == 0, result.output
        assert "10 sentences: 9 scored, 1 skipped, 0 errors" in result.output
        assert "sentence 5 skip: " in result.stderr
        # With -j 2 the parent reads free layout itself: the same report.
        assert run("score", str(gold), str(test), "--metrics", "parseval", "-j", "2"
                   ).output == result.output


def test_the_limits_of_the_stretch_rule(tmp_path: Path) -> None:
    # As the reader's docstring says: where the convention itself is broken,
    # damage can reach a neighbour (each still one error, reading goes on).
    tree = "( (S\n    (NP (NN {0}))\n    (VP (VB {0}))) )\n"
    text = "".join(tree.format(word) for word in "abc")
    # The first '(' of "( (S" lost: " (S" continues the tree before it.
    items = read(tmp_path, text.replace("\n( (S\n    (NP (NN b", "\n (S\n    (NP (NN b"))
    assert [i.tokens is not None for i in items] == [False, True]
    assert "the tree of line 1 closed at line 3, column 18" in items[0].error.reason
    # A '(' put in column 1 of a continuation line starts a tree there.
    items = read(tmp_path, text.replace("\n    (VP (VB b", "\n(    (VP (VB b"))
    assert [i.tokens is not None for i in items] == [True, False, False, True]
