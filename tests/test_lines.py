"""The fast routes (parsedit.pipeline.route: a range of lines at a time,
read by the line readers of parsedit.trees.lines or the numpy readers)
against the reference route, the oracle: the same sentence results, pair by
pair, on random trees and odd lines, at any range size, and EVALB's report
byte for byte on 39,140 pairs.  Each run is forced onto its route by the
route option (``Config.route``), as ``--route`` forces it."""

from __future__ import annotations

import re
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from conftest import ptb_ten_times
from hypothesis import given, settings
from hypothesis import strategies as st

from parsedit.config import Config
from parsedit.errors import ConfigError
from parsedit.params import load_params
from parsedit.pipeline import tally, units
from parsedit.pipeline.route import ARRAYS_FROM, Facts, choose, keys_serve
from parsedit.pipeline.run import evaluate
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


def routed(config: Config, gold: str, test: str, route: str, **options: Any) -> CorpusResult:
    """A run forced onto ``route`` (``--route``)."""
    return evaluate(gold, test, replace(config, route=route), **options)


def per_sentence(config: Config, gold: str, test: str, **options: Any) -> CorpusResult:
    """The oracle: every pair read by the reference reader and scored on its own."""
    return routed(config, gold, test, "reference", **options)


def same(result: CorpusResult, oracle: CorpusResult) -> bool:
    """The same report, but for the route each took."""
    found, expected = result.to_dict(), oracle.to_dict()
    for report in (found, expected):
        del report["summary"]["route"], report["summary"]["route_reason"]
    return found == expected


@settings(max_examples=300, deadline=None)
@given(st.lists(pair(), min_size=1, max_size=12), st.sampled_from(PARAMS), st.booleans(),
       st.integers(1, 5), st.sampled_from(["skip", "count"]), st.integers(0, 2))
def test_lines_keys_give_the_reference_results(pairs: list[tuple[str, str]], params: str,
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
        if line_ranges(gold, test) is None:  # not both in line layout: no range is read
            return
        # a range of ``every`` lines at a time, line by line
        ranges = routed(config, gold, test, "lines/keys", every=every)
        assert ranges.route == "lines/keys"
        assert ranges.sentences == oracle.sentences
        assert same(ranges, oracle)
        # and as the command line runs it, on the route the table chooses
        assert same(evaluate(gold, test, config), oracle)


@settings(max_examples=300, deadline=None)
@given(st.lists(pair(), min_size=1, max_size=12), st.sampled_from(PARAMS), st.booleans(),
       st.integers(1, 5), st.sampled_from(["skip", "count"]), st.integers(0, 2),
       st.integers(1, 4), st.sampled_from(["sentences", "rows", "none"]), st.booleans())
def test_arrays_keys_give_the_reference_results(pairs: list[tuple[str, str]], params: str,
                                              labeled: bool, every: int, failures: str,
                                              ends: int, group: int, keep: str,
                                              deep: bool) -> None:
    """The numpy block path (parsedit.trees.arrays, parsedit.metrics.parseval_arrays)
    against the per-sentence path: every figure, sentence and table row, whatever
    the run keeps, with groups of 1 to 4 pairs summed at once (SUM_EVERY made
    small, for both), and with deep unary chains."""
    if deep:  # nesting deeper than any block of chunks so far
        pairs = [("(A " * 40 + g + ")" * 40, "(A " * 39 + t + ")" * 39)
                 for g, t in pairs]
    loaded = replace(load_params(params), labeled=labeled, max_error=3)
    config = Config.from_options("parseval", loaded, failures=failures)
    gold_lines = [g for g, _ in pairs] + [""] * (ends == 1)
    test_lines = [t for _, t in pairs] + ["(S (NN a))"] * (ends == 2)
    with tempfile.TemporaryDirectory() as tmp, \
            patch.object(tally, "SUM_EVERY", group), patch.object(units, "SUM_EVERY", group):
        gold, test = str(Path(tmp) / "gold"), str(Path(tmp) / "test")
        Path(gold).write_text("".join(line + "\n" for line in gold_lines), encoding="utf-8")
        Path(test).write_text("".join(line + "\n" for line in test_lines), encoding="utf-8")
        oracle = per_sentence(config, gold, test, keep=keep)
        if line_ranges(gold, test) is None:  # not both in line layout: no range is read
            return
        arrays = routed(config, gold, test, "arrays/keys", keep=keep, every=every * group)
        assert arrays.route == "arrays/keys"
        assert arrays.sentences == oracle.sentences
        assert arrays.not_ok == oracle.not_ok
        assert arrays.totals == oracle.totals and arrays.cutoff == oracle.cutoff
        assert same(arrays, oracle)
        assert list(arrays.table) == list(oracle.table)
        if keep != "sentences":
            assert evalb_report.render(arrays) == evalb_report.render(oracle)


def test_the_route_table() -> None:
    """The decision table: keys for PARSEVAL alone as EVALB counts it,
    numpy from a large file, the reference route where no fast reader
    applies; a route asked for is taken where it applies, else refused."""
    def route(config: Config, source: str = "files", size: int = 0, by_lines: bool = True,
              batch: int = 0, numpy: bool = False, details: bool = False) -> str:
        facts = Facts(source, by_lines, size, batch, numpy, keys_serve(config, details))
        return choose(config, facts).name

    parseval = Config.from_options("parseval")
    assert keys_serve(parseval) and keys_serve(Config.from_options("parseval", "new"))
    for other in (Config.from_options("parseval,label"),
                  Config.from_options("parseval", with_preterminals=True),
                  Config.from_options("parseval", weighted=True),
                  Config.from_options("parseval", split=True)):
        assert not keys_serve(other)
    assert not keys_serve(parseval, details=True)
    assert route(parseval) == "lines/keys"
    assert route(parseval, size=ARRAYS_FROM) == "arrays/keys"
    assert route(Config.from_options("parseval", yields="align"), size=ARRAYS_FROM) == \
        "lines/keys"
    assert route(parseval, details=True) == "lines/sentences"
    assert route(Config.from_options("label")) == "lines/sentences"
    assert route(Config.from_options("label"), size=ARRAYS_FROM) == "arrays/sentences"
    assert route(parseval, by_lines=False) == "reference"
    assert route(parseval, source="trees") == "reference"
    assert route(Config.from_options("parseval", yields="align", segmentation="align")) == \
        "reference"
    # an Evaluator's batch of strings: numpy from 512 strings, if imported
    assert route(parseval, source="strings", batch=511, numpy=True) == "lines/keys"
    assert route(parseval, source="strings", batch=512, numpy=True) == "arrays/keys"
    assert route(parseval, source="strings", batch=512, numpy=False) == "lines/keys"
    # asked for
    assert route(replace(parseval, route="reference"), size=ARRAYS_FROM) == "reference"
    assert route(replace(parseval, route="arrays/keys")) == "arrays/keys"
    with pytest.raises(ConfigError, match="does not apply: bracket keys serve PARSEVAL"):
        route(replace(Config.from_options("label"), route="lines/keys"))
    with pytest.raises(ConfigError, match="does not apply: a file is not one tree a line"):
        route(replace(parseval, route="lines/sentences"), by_lines=False)


@pytest.mark.slow
def test_evalb_report_on_39k_pairs_on_every_keys_route(shared: Path, tmp_path: Path) -> None:
    """EVALB's report, byte for byte, on 39,140 pairs (the PTB sample ten
    times against a perturbed copy ten times): a block at a time (with numpy:
    the files are large), and line by line in ranges of 7
    lines, keeping every sentence or only EVALB's table, against every pair
    read and scored on its own."""
    gold, test = ptb_ten_times(shared, tmp_path)
    config = Config.from_options("parseval")
    oracle = per_sentence(config, str(gold), str(test))
    assert len(oracle.sentences) == 39140 and oracle.count("ok") == 39140
    fast = evaluate(str(gold), str(test), config)
    assert fast.route == "arrays/keys"  # (the gold file is large enough for numpy)
    assert gold.stat().st_size >= ARRAYS_FROM
    assert fast.sentences == oracle.sentences
    assert evalb_report.render(fast) == evalb_report.render(oracle)
    # as `score` runs it for EVALB's report and for its own: whole groups
    # of pairs summed at once on the numpy route
    rows = evaluate(str(gold), str(test), config, keep="rows")
    assert evalb_report.render(rows) == evalb_report.render(oracle)
    none = evaluate(str(gold), str(test), config, keep="none")
    assert (none.totals, none.cutoff) == (oracle.totals, oracle.cutoff)
    small = routed(config, str(gold), str(test), "lines/keys", keep="rows", every=7)
    assert evalb_report.render(small) == evalb_report.render(oracle)


@pytest.mark.parametrize("name,prm", [("sample", "sample.prm"), ("bug", "new.prm")])
def test_keys_routes_on_evalbs_edge_cases(shared: Path, name: str, prm: str) -> None:
    """EVALB's sample (blank test lines, length and word mismatches, errors)
    and bug files: the per-sentence results, read a block at a time."""
    gold, test = (str(shared / "evalb" / f"{name}.{s}") for s in ("gld", "tst"))
    config = Config.from_options("parseval", str(shared / "evalb" / prm))
    assert line_ranges(gold, test) is not None
    oracle = per_sentence(config, gold, test)
    assert same(evaluate(gold, test, config), oracle)
    # with numpy, in one process and in two forked workers
    for jobs in (1, 2):  # (ranges of 8 lines: several, so two workers)
        assert same(routed(config, gold, test, "arrays/keys", jobs=jobs, every=8), oracle)
        assert routed(config, gold, test, "arrays/keys", jobs=jobs, keep="rows",
                      every=8).table == SentenceRows.of(oracle.sentences)


@settings(max_examples=400, deadline=None)
@given(st.lists(pair(), min_size=1, max_size=6), st.sampled_from([*PARAMS, "strip"]))
def test_a_line_is_read_into_the_sentence_the_reader_and_normalisation_make(
        pairs: list[tuple[str, str]], params: str) -> None:
    from parsedit.trees.lines import LineSentences
    from parsedit.trees.reader import read_sentence

    norm = load_params("collins" if params == "strip" else params).normalisation
    if params == "strip":
        norm = replace(norm, strip_outer_bracket=True)
    read = LineSentences(norm)
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
def test_sentences_routes_give_the_reference_results(
        pairs: list[tuple[str, str]], params: str, metrics: str, yields: str,
        every: int, by_blocks: bool) -> None:
    # Any metrics, a range of lines at a time (line by line, or with numpy
    # as from a large gold file), against every pair read by the reference
    # reader and scored on its own.
    config = Config.from_options(metrics, replace(load_params(params), max_error=3),
                                 yields=yields)
    with tempfile.TemporaryDirectory() as tmp:
        gold, test = str(Path(tmp) / "gold"), str(Path(tmp) / "test")
        Path(gold).write_text("".join(g + "\n" for g, _ in pairs), encoding="utf-8")
        Path(test).write_text("".join(t + "\n" for _, t in pairs), encoding="utf-8")
        if line_ranges(gold, test) is None:  # not both in line layout: no range is read
            return
        oracle = per_sentence(config, gold, test)
        route = "arrays/sentences" if by_blocks else "lines/sentences"
        ranges = routed(config, gold, test, route, every=every)
        assert ranges.sentences == oracle.sentences
        assert same(ranges, oracle)


@st.composite
def oddly_spaced_line(draw: st.DrawFn, line: str) -> str:
    """``line`` as parsers write it: runs of spaces or tabs where it has a
    space, a space before some close brackets (Berkeley's ``(TOP  (S ...) )``)."""
    out = []
    for char in line:
        if char == " ":
            out.append(draw(st.sampled_from([" ", "  ", "\t", " \t "])))
        elif char == ")" and draw(st.booleans()):
            out.append(" )")
        else:
            out.append(char)
    return "".join(out)


@settings(max_examples=200, deadline=None)
@given(st.data(), st.lists(pair(), min_size=1, max_size=6), st.sampled_from(PARAMS))
def test_the_fast_readers_read_odd_spacing_as_the_line_respaced(
        data: st.DataObject, pairs: list[tuple[str, str]], params: str) -> None:
    # The spacing real parsers write is read at full speed: by the line
    # readers and the numpy readers, as the respaced line is (and the
    # reference reader reads both alike).
    from parsedit.trees import fast
    from parsedit.trees.lines import LineKeys, LineSentences, respaced
    from parsedit.trees.reader import read_sentence

    norm = load_params(params).normalisation
    # (a bracket written as a word, "(-LRB- ()", is read so only as written)
    lines = [line for both in pairs for line in both
             if line.strip() and not re.search(r"\(\S+ [()]\)", line)]
    odd = [data.draw(oddly_spaced_line(line)) for line in lines]
    for plain, spaced in zip(lines, odd):
        assert read_sentence(plain).tokens == read_sentence(spaced).tokens
        assert respaced(spaced) == respaced(plain)
        keys = LineKeys(norm)
        assert keys.read(spaced) == keys.read(respaced(plain))
        sentences = LineSentences(norm)
        assert sentences.read(spaced) == sentences.read(respaced(plain))
    fast.array_sentences.cache_clear()
    assert fast.read_sentences(norm, odd, odd, True) == \
        fast.read_sentences(norm, [respaced(x) for x in lines],
                            [respaced(x) for x in lines], True)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet=" \t\v\f\r()ab\u00e9\u3000\x1c", max_size=12), max_size=6))
def test_a_range_respaced_at_once_is_each_line_respaced(lines: list[str]) -> None:
    # respaced_lines collapses a range's runs of spaces at once: the
    # oracle is each line respaced by itself (the byte split, C's isspace).
    from parsedit.trees.arrays import respaced_lines
    from parsedit.trees.lines import respaced

    assert respaced_lines(lines) == [respaced(line) for line in lines]
    assert respaced_lines(["(TOP  (S (NN a) ) )", "  (X  (Y b)) "]) == \
        ["(TOP (S (NN a)))", "(X (Y b))"]


def test_berkeley_spacing_is_read_on_the_fast_route(shared: Path, tmp_path: Path) -> None:
    # benepar and the Berkeley parser write (TOP  (S ...) ): no line of the
    # PTB sample written so is handed back to the reference reader.
    gold = shared / "ptb-sample" / "wsj_0001-0199.clean"
    lines = gold.read_text(encoding="utf-8").splitlines()
    berkeley = tmp_path / "berkeley.mrg"
    berkeley.write_text("".join(line.replace("(TOP (", "(TOP  (", 1)[:-1] + " )\n"
                                for line in lines), encoding="utf-8")
    config = Config.from_options("parseval")
    for route in ("lines/keys", "arrays/keys"):
        with patch.object(units, "score_pair", side_effect=AssertionError("handed back")):
            result = routed(config, str(gold), str(berkeley), route)
        assert result.parseval is not None and result.parseval.f_measure == 100.0
