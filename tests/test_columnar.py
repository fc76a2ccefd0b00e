"""PARSEVAL alone read a block of lines at a time (parsedit.blocks, the
columnar reader in parsedit.trees.columnar) against the per-sentence path,
the oracle: the same sentence results, pair by pair, on random trees and odd
lines, at any block size, and EVALB's report byte for byte on 39,140 pairs."""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path
from unittest.mock import patch

import pytest
from conftest import ptb_ten_times
from hypothesis import given, settings
from hypothesis import strategies as st

from parsedit.config import Config
from parsedit.params import load_params
from parsedit.pipeline import Job, Lines, Scorer, evaluate, run
from parsedit.report import evalb as evalb_report
from parsedit.results import CorpusResult, SentenceRows
from parsedit.trees.ranges import line_ranges

LABELS = ["S", "NP", "VP", "NP-SBJ", "PP-LOC=2", "ADVP", "PRT", "TOP", "-NONE-", "SBAR",
          "X", "-LRB-"]
TAGS = ["NN", "DT", "VB", ",", ".", "-NONE-", "``", "''", "PRT", "CD", ":", "NP"]
WORDS = ["a", "b", "the", "*T*-1", ",", "0", "'", "\"", "caf\u00e9"]
# Lines the columnar reader must leave to the per-sentence path (or read as
# it would): blank, broken, failure markers, bare words, brackets written as
# words, other spacing, several trees on a line, a \r, a lone preterminal.
ODD = ["", "   ", "(S (NN a)", "(S (NN a)))", "raw words", "(X a b)", "(S (NN a)) )",
       "(S (NN a)) (S (NN b))", "( (X a b) )", "(S (-LRB- () (NN a))", "(S (NN a) )",
       " (S (NN a))", "(S (NN a))\r", "(S  (NN a))", "(S (-NONE- *))", "(NN a)",
       "(S (NP (NN a) ) (VB b) )", "x (NN a))", "()", "(S)", "(S (NN a)(VB b))",
       "(TOP ( (NN a) (VB b)))", "(S (NN a)) (VB b)", "(S (NN a) b)"]


@st.composite
def tree(draw: st.DrawFn, leaves: list[tuple[str, str]], labels: list[str] = LABELS,
         roots: tuple[str, ...] = ("TOP", "", "S", "NP", "TOP (S")) -> str:
    """A random tree over ``leaves`` (tag, word): runs of nodes wrapped in
    phrases (unary chains too), then a root, labelled, deleted or unlabelled."""
    nodes = [f"({tag} {word})" for tag, word in leaves]
    for _ in range(draw(st.integers(0, 2 * len(nodes)))):
        i = draw(st.integers(0, len(nodes) - 1))
        j = draw(st.integers(i, min(len(nodes), i + 4)))
        label = draw(st.sampled_from(labels))
        nodes[i:j + 1] = [f"({label} {' '.join(nodes[i:j + 1])})"]
    root = draw(st.sampled_from(roots))
    text = f"({root} {' '.join(nodes)})" + (")" if "(" in root else "")
    return text.replace(" )", ")") if draw(st.booleans()) else text


@st.composite
def pair(draw: st.DrawFn) -> tuple[str, str]:
    """A gold line and a test line: mostly trees over the same words (tags
    sometimes changed), sometimes with a word changed, dropped or added,
    sometimes an odd line on either side."""
    leaves = draw(st.lists(st.tuples(st.sampled_from(TAGS), st.sampled_from(WORDS)),
                           min_size=1, max_size=8))
    gold = draw(tree(leaves))
    change = draw(st.sampled_from(["same", "tags", "tags", "word", "drop", "add", "equal"]))
    other = list(leaves)
    if change == "tags":
        other = [(draw(st.sampled_from(TAGS)), w) if draw(st.booleans()) else (t, w)
                 for t, w in leaves]
    elif change == "word":
        other[-1] = (other[-1][0], draw(st.sampled_from(WORDS)))
    elif change == "drop" and len(other) > 1:
        other.pop(draw(st.integers(0, len(other) - 1)))
    elif change == "add":
        other.append((draw(st.sampled_from(TAGS)), draw(st.sampled_from(WORDS))))
    test = gold if change == "equal" else draw(tree(other))
    if draw(st.integers(0, 9)) == 0:
        gold = draw(st.sampled_from(ODD))
    if draw(st.integers(0, 9)) == 0:
        test = draw(st.sampled_from(ODD))
    return gold, test


PARAMS = ["collins", "new", "none"]


def per_sentence(config: Config, gold: str, test: str) -> CorpusResult:
    """The oracle: every pair read by the reader and scored on its own."""
    scorer = Scorer(config)
    return run(scorer, scorer.pairs(gold, test), gold, test)


@settings(max_examples=300, deadline=None)
@given(st.lists(pair(), min_size=1, max_size=12), st.sampled_from(PARAMS), st.booleans(),
       st.integers(1, 5), st.sampled_from(["skip", "count"]), st.integers(0, 2))
def test_blocks_give_the_per_sentence_results(pairs: list[tuple[str, str]], params: str,
                                              labeled: bool, every: int, failures: str,
                                              ends: int) -> None:
    loaded = replace(load_params(params), labeled=labeled, max_error=3)
    config = Config.from_options("parseval", loaded, failures=failures)
    gold_lines = [g for g, _ in pairs] + [""] * (ends == 1)
    test_lines = [t for _, t in pairs] + ["(S (NN a))"] * (ends == 2)
    with tempfile.TemporaryDirectory() as tmp:
        gold, test = str(Path(tmp) / "gold"), str(Path(tmp) / "test")
        Path(gold).write_text("".join(line + "\n" for line in gold_lines), encoding="utf-8")
        Path(test).write_text("".join(line + "\n" for line in test_lines), encoding="utf-8")
        oracle = per_sentence(config, gold, test)
        cut = line_ranges(gold, test, every=every)
        if cut is None:  # not both in line layout: never read by blocks
            return
        # a block at a time, blocks of ``every`` lines
        blocks = run(Scorer(config), Lines(cut), gold, test)
        assert blocks.sentences == oracle.sentences
        assert blocks.to_dict() == oracle.to_dict()
        # and through evaluate, as the command line runs it
        # (evaluate alone reads the files' first roots for their labels' warning)
        whole = evaluate(gold, test, config).to_dict()
        whole["warnings"] = [w for w in whole["warnings"] if not w.startswith("root labels")]
        assert whole == oracle.to_dict()


@settings(max_examples=300, deadline=None)
@given(st.lists(pair(), min_size=1, max_size=12), st.sampled_from(PARAMS), st.booleans(),
       st.integers(1, 5), st.sampled_from(["skip", "count"]), st.integers(0, 2),
       st.integers(1, 4), st.sampled_from(["sentences", "rows", "none"]), st.booleans())
def test_arrays_give_the_per_sentence_results(pairs: list[tuple[str, str]], params: str,
                                              labeled: bool, every: int, failures: str,
                                              ends: int, group: int, keep: str,
                                              deep: bool) -> None:
    """The numpy block path (parsedit.trees.arrays, parsedit.metrics.parseval_arrays)
    against the per-sentence path: every figure, sentence and table row, whatever
    the run keeps, with groups of 1 to 4 pairs summed at once (SUM_EVERY made
    small, for both), and with deep unary chains."""
    from parsedit import blocks, pipeline

    if deep:  # nesting deeper than any block of chunks so far
        pairs = [("(A " * 40 + g + ")" * 40, "(A " * 39 + t + ")" * 39)
                 for g, t in pairs]
    loaded = replace(load_params(params), labeled=labeled, max_error=3)
    config = Config.from_options("parseval", loaded, failures=failures)
    gold_lines = [g for g, _ in pairs] + [""] * (ends == 1)
    test_lines = [t for _, t in pairs] + ["(S (NN a))"] * (ends == 2)
    with tempfile.TemporaryDirectory() as tmp, \
            patch.object(pipeline, "SUM_EVERY", group), patch.object(blocks, "SUM_EVERY", group):
        gold, test = str(Path(tmp) / "gold"), str(Path(tmp) / "test")
        Path(gold).write_text("".join(line + "\n" for line in gold_lines), encoding="utf-8")
        Path(test).write_text("".join(line + "\n" for line in test_lines), encoding="utf-8")
        scorer = Scorer(config)
        oracle = run(scorer, scorer.pairs(gold, test), gold, test, keep=keep)
        cut = line_ranges(gold, test, every=every * group)
        if cut is None:  # not both in line layout: never read by blocks
            return
        with patch.object(blocks, "ARRAYS_FROM", 0):
            assert blocks.by_arrays(Job(Scorer(config), gold, test))
            arrays = run(Scorer(config), Lines(cut), gold, test, keep=keep)
        assert arrays.sentences == oracle.sentences
        assert arrays.not_ok == oracle.not_ok
        assert arrays.totals == oracle.totals and arrays.cutoff == oracle.cutoff
        assert arrays.to_dict() == oracle.to_dict()
        assert list(arrays.table) == list(oracle.table)
        if keep != "sentences":
            assert evalb_report.render(arrays) == evalb_report.render(oracle)


def test_blocks_are_used_for_parseval_alone(tmp_path: Path) -> None:
    """The hook: evaluate reads by blocks for PARSEVAL alone, not otherwise."""
    from parsedit import blocks

    def job(config: Config) -> Job:
        return Job(Scorer(config), "g", "t")

    assert blocks.eligible(job(Config.from_options("parseval")))
    assert blocks.eligible(job(Config.from_options("parseval", "new")))
    assert not blocks.eligible(job(Config.from_options("parseval,label")))
    assert not blocks.eligible(job(Config.from_options("parseval", with_preterminals=True)))
    assert not blocks.eligible(job(Config.from_options("parseval", weighted=True)))
    assert not blocks.eligible(job(Config.from_options("parseval", yields="align")))
    assert not blocks.eligible(Job(Scorer(Config.from_options("parseval"), details=True),
                                   "g", "t"))


@pytest.mark.slow
def test_evalb_report_on_39k_pairs_read_by_blocks(shared: Path, tmp_path: Path) -> None:
    """EVALB's report, byte for byte, on 39,140 pairs (the PTB sample ten
    times against a perturbed copy ten times): a block at a time (with numpy:
    the files are large), with the default blocks and with blocks of 7
    lines, keeping every sentence or only EVALB's table, against every pair
    read and scored on its own."""
    gold, test = ptb_ten_times(shared, tmp_path)
    config = Config.from_options("parseval")
    oracle = per_sentence(config, str(gold), str(test))
    assert len(oracle.sentences) == 39140 and oracle.count("ok") == 39140
    fast = evaluate(str(gold), str(test), config)
    assert fast.sentences == oracle.sentences
    assert evalb_report.render(fast) == evalb_report.render(oracle)
    # as `score` runs it for EVALB's report and for its own: whole groups
    # of pairs summed at once by the numpy path (the gold file is large enough)
    from parsedit import blocks

    assert gold.stat().st_size >= blocks.ARRAYS_FROM
    rows = evaluate(str(gold), str(test), config, keep="rows")
    assert evalb_report.render(rows) == evalb_report.render(oracle)
    none = evaluate(str(gold), str(test), config, keep="none")
    assert (none.totals, none.cutoff) == (oracle.totals, oracle.cutoff)
    cut = line_ranges(str(gold), str(test), every=7)
    assert cut is not None
    scorer = Scorer(config)
    small = run(scorer, Lines(cut), str(gold), str(test), keep="rows")
    assert evalb_report.render(small) == evalb_report.render(oracle)


@pytest.mark.parametrize("name,prm", [("sample", "sample.prm"), ("bug", "new.prm")])
def test_blocks_on_evalbs_edge_cases(shared: Path, name: str, prm: str) -> None:
    """EVALB's sample (blank test lines, length and word mismatches, errors)
    and bug files: the per-sentence results, read a block at a time."""
    gold, test = (str(shared / "evalb" / f"{name}.{s}") for s in ("gld", "tst"))
    config = Config.from_options("parseval", str(shared / "evalb" / prm))
    assert line_ranges(gold, test) is not None
    oracle = per_sentence(config, gold, test).to_dict()
    assert evaluate(gold, test, config).to_dict() == oracle
    # with numpy, in one process and in two forked workers
    from parsedit import blocks, pipeline

    with patch.object(blocks, "ARRAYS_FROM", 0), patch.object(pipeline, "BLOCK", 8):
        for jobs in (1, 2):  # (ranges of 8 lines: several, so two workers)
            assert evaluate(gold, test, config, jobs=jobs).to_dict() == oracle
            assert evaluate(gold, test, config, jobs=jobs, keep="rows").table == \
                SentenceRows.of(per_sentence(config, gold, test).sentences)


@settings(max_examples=400, deadline=None)
@given(st.lists(pair(), min_size=1, max_size=6), st.sampled_from([*PARAMS, "strip"]))
def test_a_line_is_read_into_the_sentence_the_reader_and_normalisation_make(
        pairs: list[tuple[str, str]], params: str) -> None:
    from parsedit.trees.columnar import Sentences
    from parsedit.trees.reader import read_sentence

    norm = load_params("collins" if params == "strip" else params).normalisation
    if params == "strip":
        norm = replace(norm, strip_outer_bracket=True)
    read = Sentences(norm)
    for line in (line for both in pairs for line in both):
        found = read.read(line)
        if found is None:  # left to the reader
            continue
        item = read_sentence(line)
        assert item.tokens is not None, line
        expected = norm.normalise(item.tokens)
        assert found.bracketing == expected.bracketing, line
        assert found.words == expected.words and found.length == expected.length, line


@settings(max_examples=150, deadline=None)
@given(st.lists(pair(), min_size=1, max_size=10), st.sampled_from(PARAMS),
       st.sampled_from(["label,span,rule", "parseval,la", "parseval,tagging",
                        "parseval,label"]),
       st.sampled_from(["strict", "align"]), st.integers(1, 4), st.booleans())
def test_lines_read_into_sentences_give_the_per_sentence_results(
        pairs: list[tuple[str, str]], params: str, metrics: str, yields: str,
        every: int, by_blocks: bool) -> None:
    # Any metrics, a range of lines at a time (blocks.sentences: line by
    # line, or with numpy as from a large gold file), against every pair read
    # by the reader and scored on its own.
    from parsedit import blocks

    config = Config.from_options(metrics, replace(load_params(params), max_error=3),
                                 yields=yields)
    with tempfile.TemporaryDirectory() as tmp:
        gold, test = str(Path(tmp) / "gold"), str(Path(tmp) / "test")
        Path(gold).write_text("".join(g + "\n" for g, _ in pairs), encoding="utf-8")
        Path(test).write_text("".join(t + "\n" for _, t in pairs), encoding="utf-8")
        cut = line_ranges(gold, test, every=every)
        if cut is None:  # not both in line layout: never read by ranges
            return
        oracle = per_sentence(config, gold, test)
        with patch.object(blocks, "ARRAYS_FROM", 0 if by_blocks else blocks.ARRAYS_FROM):
            ranges = run(Scorer(config), Lines(cut), gold, test)
        assert ranges.sentences == oracle.sentences
        assert ranges.to_dict() == oracle.to_dict()
