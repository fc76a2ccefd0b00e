"""Mismatched yields (``--yield align``): the word alignment against a plain
dynamic-programming oracle, the projection's PARSEVAL against spans mapped
by hand, identical yields against ``--yield strict``, and the word-error
test set made from the bundled Sequoia sample (benchmarks/word_errors.py)."""

from __future__ import annotations

import json
import random
import sys
import tempfile
from collections import Counter
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from conftest import files, run, tree
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import edit_distance, span_list, tree_pairs, trees_over

from parsedit.config import Config
from parsedit.costs.reader import load_scheme, parse_scheme
from parsedit.encodings import get_encoding
from parsedit.fst.cascade import cascade_distance
from parsedit.fst.wordfst import FstWordAligner
from parsedit.metrics.base import Outcome
from parsedit.metrics.edits import Aligned, EditDistance
from parsedit.metrics.yields import JointDistance, joint_scheme
from parsedit.params import Params, load_params
from parsedit.pipeline.run import evaluate
from parsedit.pipeline.scorer import Scorer
from parsedit.trees import bracketing
from parsedit.trees.normalise import NONE
from parsedit.trees.ranges import line_ranges
from parsedit.trees.reader import Item, read_trees
from parsedit.trees.tree import Tree
from parsedit.wordalign import PAIRED, WordAligner

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from perturb import main as perturb_main  # noqa: E402
from perturb import perturb  # noqa: E402
from test_lines import ODD, TAGS, per_sentence  # noqa: E402
from test_lines import same as same_report  # noqa: E402
from test_lines import tree as columnar_tree  # noqa: E402
from word_errors import main as word_errors_main  # noqa: E402
from word_errors import retokenise, word_errors  # noqa: E402

DATA = resources.files("parsedit.data")
GOLD = str(DATA.joinpath("sequoia-gold.mrg"))
WORDS10 = str(DATA.joinpath("sequoia-words10.mrg"))
RETOKENISED = str(DATA.joinpath("sequoia-retokenised.mrg"))
ALL = ("parseval", "label", "span", "rule", "la")
MERGING = parse_scheme(b'name = "m"\nextends = "words"\nmerge = 0.5\n', "<m>")


# -- the word alignment ------------------------------------------------------
def oracle(gold: list[str], test: list[str], merge: float | None) -> tuple[float, int]:
    """Unit-cost word edit distance, with k:1 merges and 1:k splits (k <= 4)
    at ``merge`` when given, by the textbook recurrence; and the most matched
    words among the cheapest scripts (the pairs (cost, -matches) compared
    lexicographically: the costs here are exact in binary)."""
    inf = (float("inf"), 0)
    d = [[inf] * (len(test) + 1) for _ in range(len(gold) + 1)]
    d[0][0] = (0.0, 0)

    for i in range(len(gold) + 1):
        for j in range(len(test) + 1):
            candidates = []
            if i and j:
                same = gold[i - 1] == test[j - 1]
                c, m = d[i - 1][j - 1]
                candidates.append((c + (not same), m - same))
            if i:
                candidates.append((d[i - 1][j][0] + 1, d[i - 1][j][1]))
            if j:
                candidates.append((d[i][j - 1][0] + 1, d[i][j - 1][1]))
            for k in range(2, 5):
                if merge is not None and j and i >= k and "".join(gold[i - k:i]) == test[j - 1]:
                    candidates.append((d[i - k][j - 1][0] + merge, d[i - k][j - 1][1]))
                if merge is not None and i and j >= k and "".join(test[j - k:j]) == gold[i - 1]:
                    candidates.append((d[i - 1][j - k][0] + merge, d[i - 1][j - k][1]))
            d[i][j] = min([d[i][j], *candidates])
    cost, matched = d[-1][-1]
    return cost, -matched


WORDS = st.lists(st.sampled_from(["a", "b", "ab", "ba", "aba", "c"]), max_size=7)


@settings(max_examples=300, deadline=None)
@given(WORDS, WORDS, st.booleans())
def test_word_alignment_is_the_cheapest_script(gold: list[str], test: list[str],
                                               merging: bool) -> None:
    scheme = MERGING if merging else load_scheme("words")
    alignment = WordAligner(scheme).align(gold, test)
    cost, matched = oracle(gold, test, scheme.merge)
    assert abs(alignment.cost - cost) < 1e-9
    assert alignment.counts.matched == matched  # ties: the most matched words
    # The operations cover each side's words once, in order, at their costs.
    assert [i for op in alignment.ops for i in op.gold] == list(range(len(gold)))
    assert [j for op in alignment.ops for j in op.test] == list(range(len(test)))
    assert abs(sum(op.cost for op in alignment.ops) - alignment.cost) < 1e-9
    counts = alignment.counts
    assert counts.matched + counts.substituted + counts.deleted <= len(gold)


def kinds(gold: str, test: str, scheme_name: str = "words") -> list[tuple[str, str, str]]:
    alignment = WordAligner(load_scheme(scheme_name)).align(gold.split(), test.split())
    g, t = gold.split(), test.split()
    return [(op.kind, " ".join(g[i] for i in op.gold), " ".join(t[j] for j in op.test))
            for op in alignment.ops]


def test_ties_prefer_more_matches_then_the_fixed_order() -> None:
    # Two substitutions cost as much as a deletion and an insertion; the
    # script with more matched words wins.
    assert kinds("a b c", "a c y") == [("match", "a", "a"), ("del", "b", ""),
                                       ("match", "c", "c"), ("ins", "", "y")]
    # Equal matches: the order match, sub, merge, split, del, ins decides.
    assert kinds("x", "y z") == [("sub", "x", "y"), ("ins", "", "z")]
    assert kinds("x y", "z") == [("sub", "x", "z"), ("del", "y", "")]


def forward_read(gold: list[str], test: list[str]) -> list[tuple[str, int, int]]:
    """The stated tie-breaking, by the textbook recurrence (unit costs, no
    merges): each state's best (cost, -matches) to the end, then the script
    read forward from (0, 0), taking the first arc by match, sub, del, ins
    that stays on a best path.  Operations as (kind, gold, test) positions."""
    n, m = len(gold), len(test)
    best = [[(0.0, 0)] * (m + 1) for _ in range(n + 1)]

    def arcs(i: int, j: int) -> list[tuple[str, int, int, float, int]]:
        out = []
        if i < n and j < m:
            same = gold[i] == test[j]
            out.append(("match" if same else "sub", i + 1, j + 1, float(not same), -same))
        if i < n:
            out.append(("del", i + 1, j, 1.0, 0))
        if j < m:
            out.append(("ins", i, j + 1, 1.0, 0))
        return out

    for i in range(n, -1, -1):
        for j in range(m, -1, -1):
            if (i, j) != (n, m):
                best[i][j] = min((c + best[a][b][0], x + best[a][b][1])
                                 for _, a, b, c, x in arcs(i, j))
    ops = []
    i = j = 0
    while (i, j) != (n, m):
        kind, a, b, _, _ = next(arc for arc in arcs(i, j)
                                if (arc[3] + best[arc[1]][arc[2]][0],
                                    arc[4] + best[arc[1]][arc[2]][1]) == best[i][j])
        ops.append((kind, i, j))
        i, j = a, b
    return ops


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from("abc."), max_size=8), st.lists(st.sampled_from("abc."),
                                                                max_size=8))
def test_alignment_follows_the_stated_tie_breaking(gold: list[str], test: list[str]) -> None:
    # The common prefix and suffix shortcut must give the script the forward
    # read gives: a last word that an earlier word could match is not simply
    # paired with the other side's last word (gold "x ." against test "y . z ."
    # pairs the first two full stops and inserts "z .").
    alignment = WordAligner(load_scheme("words")).align(gold, test)
    got = [(op.kind, op.gold[0] if op.gold else None, op.test[0] if op.test else None)
           for op in alignment.ops]
    want = [(kind, i if kind != "ins" else None, j if kind != "del" else None)
            for kind, i, j in forward_read(gold, test)]
    assert got == want


def test_a_sentence_end_is_paired_as_early_as_possible() -> None:
    # Two sentences of a window against one: the full stop of the first test
    # sentence is the gold sentence's, so the boundary agrees there.
    assert kinds("a x y .", "b x y . z w .") == [
        ("sub", "a", "b"), ("match", "x", "x"), ("match", "y", "y"), ("match", ".", "."),
        ("ins", "", "z"), ("ins", "", "w"), ("ins", "", ".")]


@pytest.mark.cli
def test_alignment_table_lines_up_wide_characters(tmp_path: Path) -> None:
    # A Hangul syllable takes two terminal columns: 나무꽃 is 6 wide, so the
    # gold column is 6 wide and 은 (2 columns) is followed by 4 spaces.
    gold, test = files(tmp_path, ["(S (NP (NNG 나무꽃) (JX 은)) (VP (VA 크) (EF 다)))"],
                       ["(S (NP (NNG 나무) (NNG 꽃) (JX 은)) (VP (VA 크) (EF 다)))"])
    result = run("align", gold, test, "--encoding", "words", "-n", "1")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[2:7] == [
        "gold    test  edit          cost",
        "--------------------------------",
        "나무꽃  나무  substitution  1",
        "        꽃    insertion     1",
        "은      은"]


def test_tokenisation_scheme_merges_and_equates() -> None:
    assert kinds("I do n't go", "i don't go", "words-tokenisation") == [
        ("sub", "I", "i"), ("merge", "do n't", "don't"), ("match", "go", "go")]
    alignment = WordAligner(load_scheme("words-tokenisation")).align(
        "I do n't".split(), "i don't".split())
    assert abs(alignment.cost - 0.6) < 1e-9  # case 0.1 + merge 0.5
    # Without the merge cost: a substitution and a deletion.
    assert kinds("do n't", "don't") == [("sub", "do", "don't"), ("del", "n't", "")]


# The FST word aligner against the Python pass (the oracle): random yields
# with substitutions, case changes, merges and splits, class equivalences
# and EVALB EQ_WORD pairs.
TOKENS = ["a", "b", "ab", "ba", "aba", "A", "Ab", "do", "n't", "don't", "not", "Not", "can",
          "ca", "'re", "are", "c", "-"]
EQ_WORD = {("c", "b"), ("A", "a"), ("-", "ba")}


@st.composite
def word_pairs(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    gold = draw(st.lists(st.sampled_from(TOKENS), max_size=9))
    test: list[str] = []
    i = 0
    while i < len(gold):
        op = draw(st.sampled_from(["keep", "keep", "sub", "case", "del", "ins", "merge",
                                   "split"]))
        word = gold[i]
        if op == "keep":
            test.append(word)
        elif op == "sub":
            test.append(draw(st.sampled_from(TOKENS)))
        elif op == "case":
            test.append(word.swapcase())
        elif op == "ins":
            test += [word, draw(st.sampled_from(TOKENS))]
        elif op == "merge" and i + 1 < len(gold):
            test.append(word + gold[i + 1])
            i += 1
        elif op == "split" and len(word) > 1:
            test += [word[:1], word[1:]]
        i += 1
    return gold, test


@settings(max_examples=400, deadline=None)
@given(word_pairs(), st.sampled_from(["words", "words-tokenisation", "m"]), st.booleans())
def test_fst_word_aligner_gives_the_python_alignment(pair: tuple[list[str], list[str]],
                                                     name: str, eq_word: bool) -> None:
    scheme = MERGING if name == "m" else load_scheme(name)
    same = (lambda g, t: (g, t) in EQ_WORD) if eq_word else None
    gold, test = pair
    assert FstWordAligner(scheme, same).align(gold, test) == \
        WordAligner(scheme, same).align(gold, test)


# Whole-number costs with one signature take WordAligner's integer pass;
# the general pass over the band (the oracle) and the FST aligner give the
# same script, ties and all.
WHOLE = [load_scheme("words"), *(
    parse_scheme(f'name = "w{s}{d}{i}"\n[insert]\nword = {i}\n[delete]\nword = {d}\n'
                 f'[[substitute]]\nfrom = "word"\nto = "word"\ncost = {s}\n'.encode(), "<w>")
    for s, d, i in ((2, 1, 1), (1, 2, 3), (3, 1, 1), (1, 0, 1), (5, 2, 2), (1, 1, 0)))]


@settings(max_examples=600, deadline=None)
@given(st.one_of(word_pairs(), st.tuples(st.lists(st.sampled_from("abc"), max_size=12),
                                         st.lists(st.sampled_from("abc"), max_size=12))),
       st.sampled_from(range(len(WHOLE))))
def test_integer_word_pass_gives_the_general_alignment(pair: tuple[list[str], list[str]],
                                                       which: int) -> None:
    gold, test = pair
    fast = WordAligner(WHOLE[which])
    assert fast._whole is not None
    general = WordAligner(WHOLE[which])
    general._whole = None  # the band of the general pass, as before the integer pass
    alignment = fast.align(gold, test)
    assert alignment == general.align(gold, test)
    if which < 3:
        assert alignment == FstWordAligner(WHOLE[which]).align(gold, test)
    # paired(): the pairs and counts of align(), without its operations.
    paired = [op for op in alignment.ops if op.kind in PAIRED]
    assert fast.paired(gold, test) == ([op.gold[0] for op in paired],
                                       [op.test[0] for op in paired], alignment.counts)


@settings(max_examples=200, deadline=None)
@given(word_pairs(), st.sampled_from(["words-tokenisation", "m"]), st.booleans())
def test_paired_words_are_those_of_the_alignment(pair: tuple[list[str], list[str]],
                                                  name: str, eq_word: bool) -> None:
    scheme = MERGING if name == "m" else load_scheme(name)
    aligner = WordAligner(scheme, (lambda g, t: (g, t) in EQ_WORD) if eq_word else None)
    alignment = aligner.align(*pair)
    paired = [op for op in alignment.ops if op.kind in PAIRED]
    assert aligner.paired(*pair) == ([op.gold[0] for op in paired],
                                     [op.test[0] for op in paired], alignment.counts)


@settings(max_examples=300, deadline=None)
@given(word_pairs(), st.sampled_from(["words-tokenisation", "m"]), st.booleans())
def test_common_prefix_and_substitutions_by_shape_are_exact(
        pair: tuple[list[str], list[str]], name: str, eq_word: bool) -> None:
    # Under classes and keys, the common prefix is matched without the
    # lattice (every word deletes and inserts at one cost), and substitution
    # costs are remembered by the signatures' shape: the whole lattice and
    # the scheme's own costs (the oracles) agree.
    scheme = MERGING if name == "m" else load_scheme(name)
    same = (lambda g, t: (g, t) in EQ_WORD) if eq_word else None
    fast = WordAligner(scheme, same)
    assert fast._prefix
    whole = WordAligner(scheme, same)
    whole._prefix = False
    gold, test = pair
    assert fast.align(gold, test) == whole.align(gold, test)
    for g in gold:
        for t in test:
            if g != t and not (same and same(g, t)):
                assert fast.substitute_cost(g, t) == scheme.substitute_cost(
                    scheme.signature("word", g), scheme.signature("word", t))


def test_integer_word_pass_is_taken_only_where_it_is_exact() -> None:
    assert WordAligner(load_scheme("words"))._whole == (1, 1, 1)
    assert WordAligner(load_scheme("words"), lambda g, t: False)._whole is None  # EQ_WORD
    assert WordAligner(load_scheme("words-tokenisation"))._whole is None  # classes, keys
    halves = parse_scheme(b'name = "h"\n[insert]\nword = 0.5\n[delete]\nword = 1\n'
                          b'[[substitute]]\nfrom = "word"\nto = "word"\ncost = 1\n', "<h>")
    assert WordAligner(halves)._whole is None
    # A class that deletes words more cheaply: no common prefix taken out.
    cheap = parse_scheme(b'name = "c"\nextends = "words"\n[classes]\nx = { labels = ["a"], '
                         b'kinds = ["word"] }\n[delete]\nx = 0.5\n', "<c>")
    assert not WordAligner(cheap)._prefix


def test_fst_word_aligner_on_the_sequoia_word_errors() -> None:
    # One aligner over a whole file (blocks and slots grow as pairs come).
    python = WordAligner(load_scheme("words-tokenisation"))
    fst = FstWordAligner(load_scheme("words-tokenisation"))
    for gold, test in zip(read_trees(GOLD), read_trees(RETOKENISED)):
        assert gold.tokens is not None and test.tokens is not None
        g = bracketing.words(NONE.apply(gold.tokens))
        t = bracketing.words(NONE.apply(test.tokens))
        assert fst.align(g, t) == python.align(g, t)


@pytest.mark.cli
def test_cli_word_aligners_give_the_same_reports(tmp_path: Path) -> None:
    for args in (["score", GOLD, WORDS10, "--yield", "align", "--metrics", "parseval,label",
                  "--format", "json"],
                 ["align", GOLD, RETOKENISED, "-n", "2", "--encoding", "words",
                  "--word-costs", "words-tokenisation"]):
        python = run(*args)  # the default
        fst = run(*args, "--word-aligner", "fst")
        assert python.exit_code == fst.exit_code == 0, fst.output
        assert fst.stdout == python.stdout


# -- scoring through the alignment -------------------------------------------
def config(**options: object) -> Config:
    return Config(metrics=ALL, params=Params(NONE), **options)  # type: ignore[arg-type]


def score(gold: Tree, test: Tree, cfg: Config) -> dict[str, Any]:
    sentence, _ = Scorer(cfg).pair(1, _item(gold), _item(test), "g", "t")
    assert sentence.status == "ok", sentence.message
    return dict(sentence.counts)


def _item(t: Tree) -> Item:
    return Item(1, tuple(t.tokens()))


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_identical_yields_give_exactly_the_strict_figures(data: st.DataObject) -> None:
    words = [f"w{i}" for i in range(data.draw(st.integers(1, 7)))]
    gold, test = data.draw(trees_over(words)), data.draw(trees_over(words))
    strict = score(gold, test, config())
    aligned = score(gold, test, config(yields="align"))
    words_counts = aligned.pop("words")
    assert aligned == strict
    assert words_counts.cost == 0 and words_counts.matched == len(words)


@st.composite
def edited(draw: st.DrawFn) -> tuple[Tree, Tree]:
    """A gold tree and a test tree over a yield with word errors."""
    n = draw(st.integers(1, 6))
    gold_words = [f"w{i}" for i in range(n)]
    test_words: list[str] = []
    for i, word in enumerate(gold_words):
        op = draw(st.sampled_from(["keep", "keep", "sub", "del", "ins"]))
        if op == "keep":
            test_words.append(word)
        elif op == "sub":
            test_words.append(f"x{i}")
        elif op == "ins":
            test_words += [word, f"y{i}"]
    if not test_words:
        test_words = ["z"]
    return draw(trees_over(gold_words)), draw(trees_over(test_words))


def mapped(t: Tree, paired: dict[int, int]) -> list[tuple[str, int, int] | None]:
    """Each constituent's span over aligned-pair ranks, None with no aligned word."""
    out: list[tuple[str, int, int] | None] = []
    for label, start, end in span_list(t)[0]:
        ranks = [paired[i] for i in range(start, end) if i in paired]
        out.append((label, min(ranks), max(ranks) + 1) if ranks else None)
    return out


@settings(max_examples=200, deadline=None)
@given(edited())
def test_parseval_through_the_alignment_against_mapped_spans(pair: tuple[Tree, Tree]) -> None:
    gold, test = pair
    alignment = WordAligner(load_scheme("words")).align(gold.words(), test.words())
    gold_rank: dict[int, int] = {}
    test_rank: dict[int, int] = {}
    for op in alignment.ops:
        if op.kind in ("match", "sub"):
            gold_rank[op.gold[0]] = test_rank[op.test[0]] = len(gold_rank)
    g, t = mapped(gold, gold_rank), mapped(test, test_rank)
    matched = sum((Counter(x for x in g if x) & Counter(x for x in t if x)).values())
    counts = score(gold, test, config(yields="align"))["parseval"]
    assert (counts.gold, counts.test, counts.matched) == (len(g), len(t), matched)
    assert counts.words == len(gold.words())


def test_a_pure_word_error_costs_only_word_edits() -> None:
    gold = tree("(S (NP (DT the) (NN dog)) (VP (VBZ barks) (ADVP (RB loudly))))")
    for test_text, wer in (
            ("(S (NP (DT the) (NN cat)) (VP (VBZ barks) (ADVP (RB loudly))))", 25.0),
            ("(S (NP (NN dog)) (VP (VBZ barks) (ADVP (RB loudly))))", 25.0),
            ("(S (NP (DT the) (JJ big) (NN dog)) (VP (VBZ barks) (ADVP (RB loudly))))", 25.0)):
        counts = score(gold, tree(test_text), config(yields="align"))
        p = counts["parseval"]
        assert p.matched == p.gold == p.test == 4
        for name in ("span", "rule"):
            assert counts[name].edits == 0
        assert counts["label"].edits == 1  # the joint path: the word edit alone
        assert counts["words"].error_rate == wer
    # An unaligned word's lineage scores 0: 3 of 4 gold words perfect.
    deleted = score(gold, tree("(S (NP (NN dog)) (VP (VBZ barks) (ADVP (RB loudly))))"),
                    config(yields="align"))
    assert deleted["la"].score == 0.75


def test_a_constituent_over_deleted_words_only_is_lost() -> None:
    gold = tree("(S (NP (DT the) (NN dog)) (VP (VBZ barks) (ADVP (RB loudly))))")
    counts = score(gold, tree("(S (NP (DT the) (NN dog)) (VP (VBZ barks)))"),
                   config(yields="align"))
    p = counts["parseval"]
    assert (p.gold, p.test, p.matched) == (4, 3, 3)
    # ADVP lost: one constituent deleted at its cost (label, jointly: the
    # word and ADVP's two brackets).
    for name in ("span", "rule"):
        assert counts[name].edits == 1 and counts[name].gold == 4
    assert counts["label"].edits == 2


# -- the Sequoia test set ----------------------------------------------------
def test_bundled_sequoia_against_itself_is_strict_exactly() -> None:
    strict = evaluate(GOLD, GOLD, Config(metrics=ALL))
    aligned = evaluate(GOLD, GOLD, Config(metrics=ALL, yields="align"))
    for a, b in zip(strict.sentences, aligned.sentences):
        counts = dict(b.counts)
        counts.pop("words")
        assert counts == a.counts


def test_word_errors_are_scored_not_refused() -> None:
    strict = evaluate(GOLD, WORDS10, Config(metrics=("parseval",)))
    aligned = evaluate(GOLD, WORDS10, Config(metrics=ALL, yields="align"))
    assert strict.stopped is not None  # MAX_ERROR reached: EVALB stops too
    assert aligned.count("ok") == 310
    total = aligned.words
    assert total is not None and total.error_rate is not None
    assert 8 < total.error_rate < 11  # generated at a 10 % rate


def _f(rate: float, seed: int) -> tuple[float, float]:
    rng = random.Random(seed)
    trees = [item.tree for item in read_trees(GOLD)][:80]
    vocabulary = sorted({w for t in trees if t is not None for w in t.words()})
    return _score_copy([word_errors(_copy(t), rng, rate, vocabulary) for t in trees])


def _copy(t: Tree | None) -> Tree:
    assert t is not None
    return Tree.from_tokens(t.tokens())


def _score_copy(trees: list[Tree], scheme: str = "words") -> tuple[float, float]:
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        test = Path(folder) / "test.mrg"
        test.write_text("".join(t.to_string() + "\n" for t in trees))
        gold = Path(folder) / "gold.mrg"
        gold.write_text("".join(line + "\n" for line in
                                Path(GOLD).read_text().splitlines()[:len(trees)]))
        result = evaluate(str(gold), str(test),
                          Config(metrics=("parseval",), yields="align",
                                 word_costs=load_scheme(scheme)))
    words = result.words
    assert words is not None and words.error_rate is not None
    assert result.parseval is not None
    f = result.parseval.f_measure
    assert isinstance(f, float)
    return f, words.error_rate


def test_scores_degrade_with_the_word_error_rate_on_average() -> None:
    rates = (0.0, 0.1, 0.3)
    means = [sum(_f(rate, seed)[0] for seed in (1, 2)) / 2 for rate in rates]
    assert means[0] == 100.0
    assert all(a > b for a, b in zip(means, means[1:])), means


def test_retokenisation_costs_little_under_the_tokenisation_scheme() -> None:
    trees = [item.tree for item in read_trees(RETOKENISED)][:80]
    plain_f, plain_wer = _score_copy([_copy(t) for t in trees])
    tok_f, tok_wer = _score_copy([_copy(t) for t in trees], "words-tokenisation")
    assert tok_wer < plain_wer
    assert tok_f >= plain_f
    # Retokenising the gold itself, then merging back, is what the file holds.
    again = retokenise(_copy([item.tree for item in read_trees(GOLD)][0]),
                       random.Random(1), 1.0)
    first = trees[0]
    assert first is not None
    assert again.to_string() == first.to_string()


# -- the command line -------------------------------------------------------
@pytest.mark.cli
def test_cli_yield_align_reports_the_word_error_rate(tmp_path: Path) -> None:
    result = run("score", GOLD, WORDS10, "--yield", "align", "--metrics", "parseval,label",
                 "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["summary"]["error"] == 0
    assert report["words"]["gold"] == 6441 and 8 < report["words"]["error_rate"] < 11
    assert "yield:align|words:words@" in report["signature"]
    assert any(w.startswith("232 of 310 scored sentences have words that differ")
               for w in report["warnings"])
    assert report["sentences"][0]["words"]["substituted"] >= 0
    text = run("score", GOLD, WORDS10, "--yield", "align", "--metrics", "parseval")
    assert "word error rate" in text.stdout
    strict = run("score", GOLD, WORDS10, "--metrics", "parseval", "--format", "json")
    assert "words" not in json.loads(strict.stdout)
    assert "yield" not in json.loads(strict.stdout)["signature"]


@pytest.mark.cli
def test_cli_align_words_shows_the_alignment(tmp_path: Path) -> None:
    gold, test = files(tmp_path, ["(S (NP (PRP I)) (VP (VBP do) (RB n't) (VB go)))"],
                       ["(S (NP (PRP i)) (VP (VBP don't) (VB go)))"])
    result = run("align", gold, test, "-n", "1", "--encoding", "words",
                 "--word-costs", "words-tokenisation")
    assert result.exit_code == 0, result.output
    assert "do n't  don't  merge         0.5" in result.stdout
    # (0.1 + 0.5) / 4: a weighted cost, said so (not sclite's WER)
    assert "word error rate (weighted by words-tokenisation) 15.00" in result.stdout
    bad = run("score", gold, test, "--yield", "align", "--word-costs", "roark-basic")
    assert bad.exit_code == 2 and "words encoding" in bad.stderr


# -- the joint label edit distance ---------------------------------------------
LABEL = get_encoding("label")
JOINT = joint_scheme(load_scheme("roark-basic"), load_scheme("words"))


def label_scored(g: tuple[str, ...], t: tuple[str, ...], scheme: object = JOINT) -> Aligned:
    """The label distance's alignment of two normalised trees under ``scheme``."""
    detail: Aligned = EditDistance(LABEL, scheme).score(g, t).detail  # type: ignore[arg-type]
    return detail


def joint_oracle(a: list[str], b: list[str]) -> float:
    """Roark's basic costs with words editable at 1 (a tag with its word at 0)."""
    inf = float("inf")

    def kind(x: str) -> str:
        return "close" if x == ")" else "tag" if x.startswith("((") else \
            "open" if x.startswith("(") else "word"

    def indel(x: str) -> float:
        return {"open": 0.5, "close": 0.5, "tag": 0.0, "word": 1.0}[kind(x)]

    def sub(x: str, y: str) -> float:
        if kind(x) == kind(y) == "tag":
            return 0.0
        return 1.0 if kind(x) == kind(y) == "word" else inf

    return edit_distance(a, b, sub, indel, indel)


@settings(max_examples=150, deadline=None)
@given(edited())
def test_joint_basic_distance_against_the_oracle(pair: tuple[Tree, Tree]) -> None:
    g, t = NONE.apply(pair[0]), NONE.apply(pair[1])
    scored = label_scored(g, t)
    assert abs(scored.counts.basic - joint_oracle(list(g), list(t))) < 1e-9


@settings(max_examples=150, deadline=None)
@given(tree_pairs())
def test_joint_distance_with_identical_words_is_never_dearer(pair: list[Tree]) -> None:
    # Finding (docs/explanation/word-alignment.md): with words editable, a
    # cheapest path can trade brackets for word edits, so the joint distance
    # can be below the label distance even when the words are equal.  Identical yields therefore
    # never take the joint transducer in the pipeline.
    g, t = NONE.apply(pair[0]), NONE.apply(pair[1])
    joint = label_scored(g, t).counts
    plain = label_scored(g, t, load_scheme("roark-basic")).counts
    assert joint.basic <= plain.basic


def test_joint_distance_can_trade_brackets_for_words() -> None:
    g = NONE.apply(tree("(S (DT w0) (DT w1) (DT w2) (DT w3) (S (S (DT w4))) (DT w5))"))
    t = NONE.apply(tree("(S (DT w0) (DT w1) (DT w2) (S (S (DT w3))) (DT w4) (DT w5))"))
    assert label_scored(g, t).counts.basic == 3.0
    assert label_scored(g, t, load_scheme("roark-basic")).counts.basic == 4.0


@pytest.mark.parametrize("gold, test, five, cascade", [
    # The cheapest joint path trades brackets for word edits and leaves no
    # run of close brackets to move; the cascade moves them.
    ("(S (DT w0) (S (S (DT w1))) (DT w2))", "(S (S (S (DT w0) (DT w1) (DT w2) (DT y2))))",
     5.0, 4.0),
    # Runs are counted between matched words, so a run may span a deleted
    # word: the five steps move brackets that are not consecutive in the
    # string, which no move transducer can.
    ("(S (S (S (DT w0) (DT w1) (DT w2))))", "(S (S (DT w1)) (S (DT y1)) (DT w2))", 4.0, 5.0),
])
def test_joint_movement_correction_against_the_cascade(gold: str, test: str, five: float,
                                                        cascade: float) -> None:
    # Finding (docs/explanation/word-alignment.md): with word edits the five
    # steps and the cascade can differ either way, even where the five steps' moves fit the bounds.
    g, t = NONE.apply(tree(gold)), NONE.apply(tree(test))
    scored = label_scored(g, t)
    assert all(m.size <= 4 for m in scored.moves) and len(scored.moves) <= 2
    assert scored.counts.edits == five
    assert cascade_distance(g, t, JOINT, LABEL, 2, 4) == cascade


def test_joint_label_distance_in_the_pipeline() -> None:
    gold = tree("(S (NP (DT the) (NN dog)) (VP (VBZ barks) (ADVP (RB loudly))))")
    counts = score(gold, tree("(S (NP (DT the) (NN cat)) (VP (VBZ barks) (ADVP (RB loudly))))"),
                   config(yields="align"))
    assert counts["label"].edits == 1 and counts["label"].gold == 4
    # A word deleted with its only constituent: the word and the ADVP's brackets.
    counts = score(gold, tree("(S (NP (DT the) (NN dog)) (VP (VBZ barks)))"),
                   config(yields="align"))
    assert counts["label"].edits == 2


@st.composite
def near(draw: st.DrawFn) -> tuple[Tree, Tree]:
    """A gold tree and a copy with word errors (word_errors.py) and, half the
    time, a parse error (perturb.py): the kind of pair the bounds meet on."""
    words = [f"w{i}" for i in range(draw(st.integers(1, 9)))]
    gold = draw(trees_over(words))
    rng = random.Random(draw(st.integers(0, 10 ** 6)))
    test = word_errors(tree(gold.to_string()), rng, 0.3, [*words, "x", "y"])
    if draw(st.booleans()):
        test = perturb(test, rng, 1.0)
    return gold, test


JOINT_SCHEMES = [
    (load_scheme("roark-basic"), load_scheme("words")),
    (load_scheme("roark-basic"), load_scheme("words-tokenisation")),
    # The label scheme edits words itself: W is computed under the joint scheme.
    (parse_scheme(b'name = "w"\nextends = "roark-basic"\n[insert]\nword = 2.0\n', "<w>"),
     load_scheme("words")),
]


@settings(max_examples=300, deadline=None)
@given(st.one_of(near(), edited()), st.sampled_from(range(len(JOINT_SCHEMES))))
def test_joint_distance_by_bounds_is_the_whole_composition(pair: tuple[Tree, Tree],
                                                           which: int) -> None:
    # The oracle: today's composition of each pair's whole label strings.
    label, words = JOINT_SCHEMES[which]
    g, t = NONE.apply(pair[0]), NONE.apply(pair[1])
    scheme = joint_scheme(label, words)
    whole = EditDistance(LABEL, scheme).score(g, t).counts
    alignment = WordAligner(words).align(bracketing.words(g), bracketing.words(t))
    fast = JointDistance(EditDistance(LABEL, scheme), label).score(g, t, alignment).counts
    assert fast == whole


def test_joint_bounds_meet_on_the_sequoia_word_errors() -> None:
    # The bounds route is taken for nearly every pair of the test set, and
    # every figure is the whole composition's.
    label, words = JOINT_SCHEMES[0]
    scheme = joint_scheme(label, words)
    whole = EditDistance(LABEL, scheme)
    fast = JointDistance(EditDistance(LABEL, scheme), label)
    composed = 0
    score = fast.distance.score

    def counting(gold: tuple[str, ...], test: tuple[str, ...]) -> Outcome:
        nonlocal composed
        composed += 1
        return score(gold, test)

    fast.distance.score = counting  # type: ignore[method-assign]
    aligner = WordAligner(words)
    pairs = 0
    for gold, test in zip(read_trees(GOLD), read_trees(WORDS10)):
        assert gold.tokens is not None and test.tokens is not None
        g, t = NONE.normalise(gold.tokens).bracketing, NONE.normalise(test.tokens).bracketing
        gw, tw = bracketing.words(g), bracketing.words(t)
        if gw == tw:
            continue
        pairs += 1
        assert fast.score(g, t, aligner.align(gw, tw)).counts == whole.score(g, t).counts
    assert pairs > 200 and composed < pairs / 10


# -- the PTB sample (../shared/data, not redistributable) -----------------------
@pytest.mark.slow
def test_ptb_sample_identical_words_give_the_strict_figures(shared: Path) -> None:
    orig = str(shared / "ptb-sample/wsj_0001-0199.orig")
    clean = str(shared / "ptb-sample/wsj_0001-0199.clean")
    strict = evaluate(orig, clean, Config())
    aligned = evaluate(orig, clean, Config(yields="align"))
    assert aligned.count("ok") == strict.count("ok") == 3914
    for a, b in zip(strict.sentences, aligned.sentences):
        counts = dict(b.counts)
        assert counts.pop("words").cost == 0
        assert counts == a.counts


def test_ptb_sample_with_word_errors(shared: Path, tmp_path: Path) -> None:
    lines = (shared / "ptb-sample/wsj_0001-0199.clean").read_text().splitlines()[:300]
    gold = tmp_path / "gold.mrg"
    gold.write_text("".join(line + "\n" for line in lines))
    rng = random.Random(3)
    trees = [_copy(item.tree) for item in read_trees(str(gold))]
    vocabulary = sorted({w for t in trees for w in t.words()})
    test = tmp_path / "test.mrg"
    test.write_text("".join(word_errors(t, rng, 0.1, vocabulary).to_string() + "\n"
                            for t in trees))
    result = evaluate(str(gold), str(test), Config(metrics=ALL, yields="align"))
    assert result.count("ok") == len(trees)
    words = result.words
    assert words is not None and words.error_rate is not None
    assert 7 < words.error_rate < 12
    assert result.parseval is not None
    f = result.parseval.f_measure
    assert isinstance(f, float) and 97 < f < 100


# -- sentence boundaries (--segmentation align) --------------------------------
RESEGMENTED = str(DATA.joinpath("sequoia-resegmented.mrg"))


@pytest.mark.cli
def test_joined_sentences_are_paired_as_a_forest(tmp_path: Path) -> None:
    one = "(S (NP (DT the) (NN dog)) (VP (VBZ barks)))"
    two = "(S (NP (PRP it)) (VP (VBZ runs)))"
    three = "(S (NP (NNS cats)) (VP (VBP sleep)))"
    gold, test = files(tmp_path, [f"( {one})", f"( {two})", f"( {three})"],
                       [f"( {one})", f"( {two}) ( {three})"])
    cfg = Config(yields="align", segmentation="align")
    result = evaluate(gold, test, cfg)
    assert [s.status for s in result.sentences] == ["ok", "ok"]
    assert result.label is not None and result.label.edits == 0
    assert any("pair 2 = gold 2-3 / test 2" in w for w in result.warnings)
    strict = run("score", gold, test)
    assert strict.exit_code == 1  # different numbers of trees
    both = run("score", gold, test, "--yield", "align", "--segmentation", "align")
    assert both.exit_code == 0, both.output
    bad = run("score", gold, test, "--segmentation", "align")
    assert bad.exit_code == 2 and "needs --yield align" in bad.stderr


def test_four_sentences_joined_and_retokenised_pair_with_one(tmp_path: Path) -> None:
    # Korean-like morphemes, made up here: four gold sentences that the test
    # file joins into one tree and retokenises (나무 꽃 -> 나무꽃, 하늘*SLASH*별
    # as one token for three), each with its full stop, then a sentence both
    # files share.  The window of 4 gold sentences against 2 test sentences
    # agrees on the boundary after gold 4 only if the last gold full stop is
    # paired with the first test sentence's (the stated tie-breaking), not
    # with the next sentence's.
    gold_trees = ["(TOP (S (NP-SBJ (NNG 나무) (NNG 꽃) (JX 은)) (VP (VA 크) (EF 다) (SF .))))",
                  "(TOP (NP (NNG 하늘) (SP *SLASH*) (NNG 별) (SF .)))",
                  "(TOP (S (NP-SBJ (NNG 새) (JKS 가)) (VP (VV 날) (EF 다) (SF .))))",
                  "(TOP (NP (SS *LRB*) (SN 45) (SS *RRB*) (SF .)))",
                  "(TOP (S (NP-SBJ (NNG 물) (JKS 이)) (VP (VA 맑) (EF 다) (SF .))))"]
    joined = ("(TOP (S (S (NP (NNG 나무꽃) (JX 은)) (VP (VA 크) (EF 다) (SF .)))"
              " (NP (NNG 하늘*SLASH*별) (SF .)) (S (NP (NNG 새) (JKS 가)) (VP (VV 날) (EF 다)"
              " (SF .))) (NP (SS *LRB*) (SN 45) (SS *RRB*) (SF .))) )")
    last = "(TOP (S (NP (NNG 물) (JKS 이)) (VP (VA 맑) (EF 다) (SF .))) )"
    gold, test = files(tmp_path, gold_trees, [joined, last])
    result = evaluate(gold, test, Config(metrics=("parseval",), yields="align",
                                         segmentation="align"))
    assert result.complete and [s.status for s in result.sentences] == ["ok", "ok"]
    assert any("pair 1 = gold 1-4 / test 1" in w for w in result.warnings)
    alone = tmp_path / "alone"
    alone.mkdir()
    shared = evaluate(*files(alone, gold_trees[-1:], [last]), Config(metrics=("parseval",)))
    assert result.sentences[1].counts["parseval"] == shared.sentences[0].counts["parseval"]


@pytest.mark.cli
def test_sentences_left_unpaired_are_named_as_sentences(tmp_path: Path) -> None:
    # Six gold sentences against one test tree over the first four: the last
    # two find nothing to pair with; the messages count pairs and sentences,
    # not trees (gold holds 6 trees, not 3).
    gold_trees = [f"(S (NP (NNG 말{i})) (VP (VV 하) (EF 다) (SF .)))" for i in range(6)]
    joined = "(S " + " ".join(f"(NP (NNG 말{i}) (VV 하) (EF 다) (SF .))" for i in range(4)) + ")"
    gold, test = files(tmp_path, gold_trees, [joined])
    result = run("score", gold, test, "--yield", "align", "--segmentation", "align")
    assert result.exit_code == 1
    assert f"{test}: no sentence left for pair 2 (the file ends first)" in result.stderr
    assert (f"error: {gold} has sentences left that no sentence of {test} pairs with "
            "(3 pairs have gold sentences, 1 test sentences)") in result.stderr
    assert "holds" not in result.stderr


def test_equal_boundaries_pair_as_without_segmentation() -> None:
    # Without word errors every boundary agrees: the pairs are the sentences.
    plain = evaluate(GOLD, GOLD, Config(metrics=("parseval",), yields="align"))
    segmented = evaluate(GOLD, GOLD, Config(metrics=("parseval",), yields="align",
                                            segmentation="align"))
    assert [s.counts for s in plain.sentences] == [s.counts for s in segmented.sentences]
    # With 10 % word errors inside the sentences, no boundary both files
    # share is crossed (the alignment keeps them among its cheapest scripts;
    # before it did, 300 to 309 pairs): the pairs are the sentences.
    noisy = evaluate(GOLD, WORDS10, Config(metrics=("parseval",), yields="align",
                                           segmentation="align"))
    unsegmented = evaluate(GOLD, WORDS10, Config(metrics=("parseval",), yields="align"))
    assert [s.counts for s in noisy.sentences] == [s.counts for s in unsegmented.sentences]


def test_resegmented_sequoia_is_scored() -> None:
    result = evaluate(GOLD, RESEGMENTED, Config(yields="align", segmentation="align"))
    assert result.count("ok") == len(result.sentences) == 286
    words = result.words
    assert words is not None and words.cost == 0 and words.gold == 6441
    assert result.complete


def test_document_segmentation_with_identical_boundaries_gives_the_gold_numbers(
        tmp_path: Path) -> None:
    # Sentences as gold's, words retokenised (merges and splits inside the
    # sentences; the first 80 trees, for time): every boundary agrees, the
    # pairs are the sentences.
    def head(path: str) -> list[str]:
        return Path(path).read_text(encoding="utf-8").splitlines()[:80]

    gold, test = files(tmp_path, head(GOLD), head(RETOKENISED))
    cfg: dict[str, Any] = {"metrics": ("parseval", "span", "rule", "la"), "yields": "align",
                           "word_costs": "words-tokenisation"}
    plain = evaluate(gold, test, Config.from_options(**cfg))
    document = evaluate(gold, test, Config.from_options(**cfg, segmentation="document"))
    assert len(document.sentences) == 80 and document.words is not None
    assert document.words.merged > 0
    assert [s.counts for s in plain.sentences] == [s.counts for s in document.sentences]
    assert plain.parseval == document.parseval and plain.words == document.words
    assert not any("--segmentation" in w for w in document.warnings)
    assert "segmentation:document" in document.signature
    identical = evaluate(GOLD, GOLD, Config(yields="align", segmentation="document"))
    assert identical.parseval == evaluate(GOLD, GOLD, Config()).parseval


def test_document_segmentation_of_split_and_joined_sentences() -> None:
    result = evaluate(GOLD, RESEGMENTED, Config(metrics=("parseval",), yields="align",
                                                segmentation="document"))
    # Every pair ends where both files end a sentence, and the words are all
    # matched: the same 286 pairs as --segmentation align finds.
    assert result.count("ok") == len(result.sentences) == 286 and result.complete
    words = result.words
    assert words is not None and words.cost == 0 and words.gold == 6441
    assert any(w.startswith("--segmentation document: 310 gold and 295 test sentences in "
                            "286 pairs; 33 pairs merge sentences: pair 9 = gold 9 / test 9-10")
               for w in result.warnings)


@pytest.mark.cli
def test_document_segmentation_merges_any_number_of_sentences(tmp_path: Path) -> None:
    # Six gold sentences, the test file one tree over all of them and then
    # a seventh sentence, with a word error: document pairs gold 1-6 with
    # test 1, and so does --segmentation align, which looks 4 sentences
    # ahead, finds no boundary before its window's edge and widens the
    # window (it used to pair gold 1-4 with test 1, the edge taken for a
    # boundary).
    words = [f"w{i}" for i in range(12)]
    gold_trees = [f"(S (NP (DT {a})) (VP (VB {b})))" for a, b in zip(words[::2], words[1::2])]
    gold_trees.append("(S (NP (DT x)) (VP (VB y)))")
    joined = "(S " + " ".join(f"(NP (DT {w}))" for w in words).replace("w5", "v5") + ")"
    gold, test = files(tmp_path, gold_trees, [joined, "(S (NP (DT x)) (VP (VB y)))"])
    document = evaluate(gold, test, Config(metrics=("parseval",), yields="align",
                                           segmentation="document"))
    assert [s.status for s in document.sentences] == ["ok", "ok"]
    assert document.words is not None and document.words.substituted == 1
    assert any("pair 1 = gold 1-6 / test 1" in w for w in document.warnings)
    assert document.parseval is not None and document.parseval.gold == 7 + 6 * 2 + 2
    align = evaluate(gold, test, Config(metrics=("parseval",), yields="align",
                                        segmentation="align"))
    assert any("pair 1 = gold 1-6 / test 1" in w for w in align.warnings)
    assert align.parseval == document.parseval
    cli = run("score", gold, test, "--yield", "align", "--segmentation", "document",
              "--format", "json")
    assert cli.exit_code == 0, cli.output
    report = json.loads(cli.stdout)
    assert "segmentation:document" in report["signature"]
    # The summary counts the files' sentences (it counted the pairs, 2 and 2).
    assert (report["summary"]["gold_trees"], report["summary"]["test_trees"]) == (7, 2)
    bad = run("score", gold, test, "--segmentation", "document")
    assert bad.exit_code == 2 and "--segmentation document needs --yield align" in bad.stderr


# -- the interfaces: Python API, compare, jobs, refusals ------------------------
def test_python_api_takes_the_yield_options() -> None:
    import parsedit

    by_name = parsedit.score(GOLD, WORDS10, "parseval", yields="align",
                             word_costs="words-tokenisation")
    cli_config = Config.from_options("parseval", yields="align",
                                     word_costs=load_scheme("words-tokenisation"))
    assert by_name.totals == evaluate(GOLD, WORDS10, cli_config).totals
    assert by_name.words is not None and by_name.words.gold == 6441
    assert "words:words-tokenisation@" in by_name.signature
    # An evaluator's state holds the word counts, and merges them.
    gold = ["(S (NP (DT the) (NN dog)) (VP (VBZ barks)))"]
    test = ["(S (NP (DT a) (NN dog)) (VP (VBZ barks) (RB now)))"]
    one = parsedit.Evaluator("parseval,label", yields="align")
    one.update(gold, test)
    other = parsedit.Evaluator("parseval,label", yields="align")
    other.load_state(one.state())
    both = (one + other).compute()
    assert both.words is not None
    assert (both.words.gold, both.words.substituted, both.words.inserted) == (6, 2, 2)
    assert both.parseval is not None and both.parseval.sentences == 2


def test_jobs_give_the_same_aligned_counts() -> None:
    config = Config.from_options("parseval,span,la", yields="align")
    assert evaluate(GOLD, WORDS10, config, jobs=2).totals == \
        evaluate(GOLD, WORDS10, config).totals


@pytest.mark.cli
def test_compare_scores_through_the_alignment_and_refuses_segmentation() -> None:
    result = run("compare", GOLD, WORDS10, RETOKENISED, "--yield", "align", "--samples",
                 "50", "--metrics", "parseval", "--format", "json")
    assert result.exit_code == 0, result.output
    assert "yield:align|words:words@" in json.loads(result.stdout)["signature"]
    refused = run("compare", GOLD, WORDS10, RETOKENISED, "--yield", "align",
                  "--segmentation", "align")
    assert refused.exit_code == 2 and "--segmentation align" in refused.stderr


@pytest.mark.cli
def test_evalb_format_and_idle_word_costs() -> None:
    refused = run("score", GOLD, WORDS10, "--yield", "align", "--format", "evalb")
    assert refused.exit_code == 2 and "equal words" in refused.stderr
    idle = Config.from_options(word_costs="words-tokenisation")
    assert any("--word-costs words-tokenisation has no effect" in w for w in idle.warnings())


@pytest.mark.cli
def test_per_sentence_tsv_ends_with_the_word_columns(tmp_path: Path) -> None:
    table = tmp_path / "s.tsv"
    result = run("score", GOLD, WORDS10, "--yield", "align", "--metrics", "parseval",
                 "--per-sentence", str(table), "--format", "json")
    assert result.exit_code == 0, result.output
    rows = [line.split("\t") for line in table.read_text().splitlines()]
    assert rows[0][-9:] == ["words_gold", "words_test", "words_matched", "words_substituted",
                            "words_deleted", "words_inserted", "words_merged", "words_cost",
                            "words_error_rate"]
    for row, sentence in zip(rows[1:], json.loads(result.stdout)["sentences"]):
        words = sentence["words"]
        assert int(row[-9]) == words["gold"] and int(row[-7]) == words["matched"]
        assert float(row[-2]) == words["cost"]
    strict = tmp_path / "strict.tsv"
    run("score", GOLD, GOLD, "--metrics", "parseval", "--per-sentence", str(strict))
    assert "words_gold" not in strict.read_text()


@pytest.mark.cli
def test_segmentation_reads_standard_input_and_compressed_files(tmp_path: Path) -> None:
    import gzip

    from click.testing import CliRunner

    from parsedit.cli import main

    packed = tmp_path / "reseg.mrg.gz"
    packed.write_bytes(gzip.compress(Path(RESEGMENTED).read_bytes()))
    result = CliRunner().invoke(main, ["score", "-", str(packed), "--yield", "align",
                                       "--segmentation", "align", "--format", "json"],
                                input=Path(GOLD).read_text())
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["summary"]["ok"] == 286 and report["words"]["cost"] == 0


@pytest.mark.cli
def test_plot_takes_the_yield_options(tmp_path: Path) -> None:
    image = tmp_path / "e.png"
    result = run("plot", "e-vs-label", GOLD, WORDS10, "--yield", "align", "-o", str(image))
    assert result.exit_code == 0, result.output
    assert image.stat().st_size > 0
    bad = run("plot", "e-vs-label", GOLD, WORDS10, "--yield", "align", "--word-costs",
              "roark-basic", "-o", str(tmp_path / "bad.png"))
    assert bad.exit_code == 2 and "words encoding" in bad.output


# -- PARSEVAL alone under --yield align, a block of lines at a time -----------
# (the route lines/keys, with yields.keys_aligned) against the reference route, the
# oracle: the same sentence results (PARSEVAL counts, word counts), pair by pair.
MISWORDS = ["a", "b", "the", "The", "do", "n't", "don't", ",", "'", "\"", "*T*-1", "0"]


@st.composite
def misworded(draw: st.DrawFn) -> tuple[str, str]:
    """A gold line and a test line whose words mostly differ (words
    substituted, dropped, added, joined; tags sometimes changed), each over
    a tree of its own; sometimes the same words, the same line, or an odd
    line on either side."""
    leaves = draw(st.lists(st.tuples(st.sampled_from(TAGS), st.sampled_from(MISWORDS)),
                           min_size=1, max_size=10))
    gold = draw(columnar_tree(leaves))
    other = list(leaves)
    for _ in range(draw(st.integers(0, 4))):
        op = draw(st.sampled_from(["sub", "drop", "add", "tag", "join"]))
        i = draw(st.integers(0, len(other) - 1))
        if op == "sub":
            other[i] = (other[i][0], draw(st.sampled_from(MISWORDS)))
        elif op == "drop" and len(other) > 1:
            other.pop(i)
        elif op == "add":
            other.insert(i, (draw(st.sampled_from(TAGS)), draw(st.sampled_from(MISWORDS))))
        elif op == "tag":
            other[i] = (draw(st.sampled_from(TAGS)), other[i][1])
        elif op == "join" and i + 1 < len(other):
            other[i:i + 2] = [(other[i + 1][0], other[i][1] + other[i + 1][1])]
    test = gold if draw(st.integers(0, 9)) == 0 else draw(columnar_tree(other))
    if draw(st.integers(0, 14)) == 0:
        gold = draw(st.sampled_from(ODD))
    if draw(st.integers(0, 14)) == 0:
        test = draw(st.sampled_from(ODD))
    return gold, test


@settings(max_examples=300, deadline=None)
@given(st.lists(misworded(), min_size=1, max_size=10),
       st.sampled_from(["collins", "new", "none", "eq-word"]), st.booleans(),
       st.sampled_from(["words", "words-tokenisation", "m"]), st.integers(1, 4),
       st.sampled_from(["skip", "count"]), st.integers(0, 9))
def test_aligned_parseval_by_lines_is_the_reference_result(
        pairs: list[tuple[str, str]], params: str, labeled: bool, costs: str, every: int,
        failures: str, fst: int) -> None:
    loaded = load_params("collins" if params == "eq-word" else params)
    if params == "eq-word":
        loaded = replace(loaded, normalisation=replace(
            loaded.normalisation, equal_words=(("a", "b"), ("don't", "do"))))
    config = Config.from_options(
        "parseval", replace(loaded, labeled=labeled, max_error=3), failures=failures,
        yields="align", word_costs=MERGING if costs == "m" else costs,
        word_aligner="fst" if fst == 0 else "python")
    with tempfile.TemporaryDirectory() as tmp:
        gold, test = str(Path(tmp) / "gold"), str(Path(tmp) / "test")
        Path(gold).write_text("".join(g + "\n" for g, _ in pairs), encoding="utf-8")
        Path(test).write_text("".join(t + "\n" for _, t in pairs), encoding="utf-8")
        oracle = per_sentence(config, gold, test)
        if line_ranges(gold, test) is None:  # not both in line layout: no range is read
            return
        fast = evaluate(gold, test, replace(config, route="lines/keys"), every=every)
        assert fast.route == "lines/keys"
        assert fast.sentences == oracle.sentences
        assert same_report(fast, oracle)


@pytest.mark.slow
def test_aligned_parseval_by_lines_on_real_word_errors(shared: Path, tmp_path: Path) -> None:
    """The PTB sample against a copy with parse errors and 10 % word errors
    (3,195 pairs whose words differ), and the Sequoia sample against its
    word-error and re-tokenised copies under words-tokenisation: by blocks
    as evaluate runs it, the per-sentence results and reports."""
    gold = shared / "ptb-sample" / "wsj_0001-0199.clean"
    parsed, test = tmp_path / "parsed.mrg", tmp_path / "test.mrg"
    perturb_main([str(gold), str(parsed), "--seed", "1"])
    word_errors_main([str(parsed), str(test), "--seed", "1", "--rate", "0.1"])
    for pair, costs in (((str(gold), str(test)), "words"), ((GOLD, WORDS10), "words"),
                        ((GOLD, WORDS10), "words-tokenisation"),
                        ((GOLD, RETOKENISED), "words-tokenisation")):
        config = Config.from_options("parseval", yields="align", word_costs=costs)
        oracle = per_sentence(config, *pair)
        assert oracle.words is not None and oracle.words.error_rate is not None
        assert oracle.words.error_rate > 1
        fast = evaluate(*pair, config)
        assert fast.route == "lines/keys"
        assert fast.sentences == oracle.sentences
        assert same_report(fast, oracle)
