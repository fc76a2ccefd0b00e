"""Sentences held in memory: trees of any class, and span sets (issue 28, item 3).

The fast walk of a tree against the checked walk, token for token; trees
and span sets through ``parsedit.score`` and ``Evaluator.update``, on every
route (``route=``), against the same trees as strings on the reference
route; span sets against an oracle written here from the documented
mapping to EVALB's brackets (parsedit.trees.spans).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parsedit
from parsedit.errors import ConfigError, TreeError
from parsedit.trees import memory
from parsedit.trees.reader import read_sentence
from parsedit.trees.spans import Spans
from parsedit.trees.tree import Tree, node_tokens

nltk = pytest.importorskip("nltk")

ROUTES = ("reference", "lines/keys", "lines/sentences", "arrays/keys", "arrays/sentences")
PHRASES = ("S", "NP", "NP-SBJ", "VP", "PP-LOC=2", "ADVP", "PRT", "TOP", "")
TAGS = ("DT", "NN", "VB", ",", ".", "-NONE-", "PRT")
WORDS = ("a", "b", "the", ",", ".", "*T*-1", "dog")


@st.composite
def children(draw: st.DrawFn, leaves: list[Any], depth: int = 0) -> list[Any]:
    """A random bracketing of ``leaves`` (preterminals or bare words): the
    children of a node over them."""
    cuts = sorted(draw(st.sets(st.integers(1, len(leaves) - 1), max_size=3))) \
        if len(leaves) > 1 else []
    parts = [leaves[a:b] for a, b in zip([0, *cuts], [*cuts, len(leaves)])]
    out: list[Any] = []
    for part in parts:
        if depth < 4 and draw(st.booleans()):
            node = Tree(draw(st.sampled_from(PHRASES)), draw(children(part, depth + 1)))
            for _ in range(draw(st.integers(0, 1))):  # a unary chain
                node = Tree(draw(st.sampled_from(PHRASES)), [node])
            out.append(node)
        else:
            out.extend(part)
    return out


@st.composite
def sentences(draw: st.DrawFn, tagged: bool = True) -> tuple[list[str], list[str] | None]:
    n = draw(st.integers(1, 7))
    words = draw(st.lists(st.sampled_from(WORDS), min_size=n, max_size=n))
    tags = draw(st.lists(st.sampled_from(TAGS), min_size=n, max_size=n)) if tagged else None
    return words, tags


def leaves(words: list[str], tags: list[str] | None) -> list[Any]:
    return list(words) if tags is None else [Tree(t, [w]) for w, t in zip(words, tags)]


@st.composite
def trees(draw: st.DrawFn, words: list[str], tags: list[str] | None) -> Tree:
    return Tree(draw(st.sampled_from(("TOP", "S", ""))), draw(children(leaves(words, tags))))


@st.composite
def any_trees(draw: st.DrawFn) -> Tree:
    """Trees with bare words beside preterminals, as a tree object may hold."""
    n = draw(st.integers(1, 7))
    out: list[Any] = []
    for _ in range(n):
        word = draw(st.sampled_from(WORDS))
        out.append(word if draw(st.integers(0, 3)) == 0 else
                   Tree(draw(st.sampled_from((*TAGS, ""))), [word]))
    return Tree(draw(st.sampled_from(("TOP", "S", ""))), draw(children(out)))


def as_tree(tree: Tree) -> Any:
    return tree


def as_nltk(tree: Tree | str) -> Any:
    if isinstance(tree, str):
        return tree
    return nltk.Tree(tree.label, [as_nltk(child) for child in tree.children])


def spans_of(tree: Tree, tagged: bool = True) -> Spans:
    """A tree's span set: each phrase's (label, start, end) in pre-order;
    ``tagged``: its preterminals are the words with their tags, else its
    leaves are bare words and every node is a span."""
    spans: list[tuple[str, int, int]] = []
    words: list[str] = []
    tags: list[str] = []

    def walk(node: Tree | str) -> None:
        if isinstance(node, str):
            assert not tagged, "a bare word in a tree of preterminals"
            words.append(node)
            return
        if tagged and node.is_preterminal:
            words.append(str(node.children[0]))
            tags.append(node.label)
            return
        at = len(spans)
        spans.append((node.label, len(words), 0))
        for child in node.children:
            walk(child)
        spans[at] = (node.label, spans[at][1], len(words))

    walk(tree)
    return Spans(spans, words, tags if tagged else None)


def corpus(result: parsedit.CorpusResult) -> Any:
    return result.to_dict()["corpus"]


# -- the fast walk ---------------------------------------------------------------


@given(any_trees())
def test_the_fast_walk_gives_the_checked_walks_tokens(tree: Tree) -> None:
    checked = tuple(node_tokens([tree], lambda n: n.label, lambda n: n.children))
    assert memory.tokens_of(tree) == checked
    assert tuple(memory._fast_tokens(tree)) == checked
    assert tuple(memory._fast_tokens(as_nltk(tree))) == checked


@given(any_trees())
def test_a_trees_line_reads_back_to_its_tokens_when_the_reader_takes_it(tree: Tree) -> None:
    tokens = memory.tokens_of(tree)
    read = read_sentence(memory.line(tokens))
    assert read.tokens == tokens or read.error is not None or not tokens


def test_unusual_trees_are_left_to_the_checked_walk() -> None:
    tagged = nltk.Tree("S", [("the", "DT"), nltk.Tree("NP", [("dog", "NN")]), 3])
    with pytest.raises(memory._NotUsual):
        memory._fast_tokens(tagged)
    assert memory.tokens_of(tagged) == ("(S", "(DT the)", "(NP", "(NN dog)", ")", "3", ")")
    bracket = nltk.Tree("S", [nltk.Tree("-LRB-", ["("]), nltk.Tree("NN", ["x"])])
    assert memory.tokens_of(bracket) == ("(S", "(-LRB- -LRB-)", "(NN x)", ")")
    deep = Tree("A", ["a"])
    for _ in range(3000):  # deeper than the fast walk goes, and than recursion could
        deep = Tree("A", [deep])
    tokens = memory.tokens_of(as_deep_nltk(deep))
    assert tokens == ("(A",) * 3000 + ("(A a)",) + (")",) * 3000 == tuple(deep.tokens())


def as_deep_nltk(tree: Tree) -> Any:
    """:func:`as_nltk` without recursion (for a tree 3,000 deep)."""
    chain = []
    node: Tree | str = tree
    while isinstance(node, Tree) and not node.is_preterminal:
        chain.append(node.label)
        node = node.children[0]
    assert isinstance(node, Tree)
    out = as_nltk(node)
    for label in reversed(chain):
        out = nltk.Tree(label, [out])
    return out


class Node:
    """A tree class of a program's own: ``label()`` and iteration, no list."""

    def __init__(self, label: Any, children: Sequence[Any]) -> None:
        self._label, self._children = label, list(children)

    def label(self) -> Any:
        return self._label

    def __iter__(self) -> Any:
        return iter(self._children)


def test_any_class_with_label_and_children_is_read() -> None:
    tree = Node("S", [Node("NP", [Node("DT", ["the"]), Node("NN", ["dog"])]),
                      Node("VP", [Node("VB", ["barks"])])])
    text = "(S (NP (DT the) (NN dog)) (VP (VB barks)))"
    assert memory.tokens_of(tree) == read_sentence(text).tokens
    assert corpus(parsedit.score([tree], [text])) == corpus(parsedit.score([text], [text]))
    with pytest.raises(TreeError, match="^test sentence 1: the label 'N P' holds whitespace"):
        parsedit.score([text], [Node("S", [Node("N P", ["a"])])], metrics="parseval")


# -- trees through the API, on every route ---------------------------------------


@settings(max_examples=40)
@given(st.data())
def test_trees_on_every_route_give_the_strings_figures(data: st.DataObject) -> None:
    pairs = []
    for _ in range(data.draw(st.integers(1, 4))):
        words, tags = data.draw(sentences())
        pairs.append((data.draw(trees(words, tags)), data.draw(trees(words, tags))))
    if data.draw(st.booleans()):  # words that differ, a tree of bare words
        pairs.append((data.draw(any_trees()), data.draw(any_trees())))
    gold = [g for g, _ in pairs]
    test = [t for _, t in pairs]
    metrics = data.draw(st.sampled_from(("parseval", "parseval,label,span,rule,la")))
    strings = parsedit.Evaluator(metrics=metrics, route="reference", keep_sentences=True)
    strings.update([g.to_string() for g in gold], [t.to_string() for t in test])
    by_items = parsedit.score(gold, test, metrics=metrics)
    expected = strings.compute()
    assert corpus(by_items) == corpus(expected)
    for route in ROUTES:
        if route.endswith("/keys") and metrics != "parseval":
            continue
        for form in (as_tree, as_nltk):
            evaluator = parsedit.Evaluator(metrics=metrics, route=route, keep_sentences=True)
            evaluator.update([form(g) for g in gold], [form(t) for t in test])
            found = evaluator.compute()
            assert corpus(found) == corpus(expected), route
            assert [(s.status, s.message) for s in found.sentences] == \
                [(s.status, s.message) for s in expected.sentences], route
            assert found.warnings == expected.warnings


def test_a_tree_the_reader_would_refuse_as_a_string_is_scored_from_its_tokens() -> None:
    # "(X a b)" as a string is a failure marker; as a tree, a tree of bare
    # words: the Evaluator scores it from its tokens, on every route, as
    # score() does.
    gold = [Tree("S", [Tree("A", ["a"]), Tree("B", ["b"])])] * 2
    test = [Tree("X", ["a", "b"]), Tree("S", [Tree("A", ["a"]), Tree("B", ["b"])])]
    expected = parsedit.score(gold, test, metrics="parseval")
    assert [s.status for s in expected.sentences] == ["ok", "ok"]
    for route in ("auto", *ROUTES):
        evaluator = parsedit.Evaluator(metrics="parseval", route=route)
        evaluator.update(gold, test)
        assert corpus(evaluator.compute()) == corpus(expected)


def test_a_batch_may_mix_strings_trees_span_sets_and_none() -> None:
    text = "(S (NP (DT the) (NN dog)) (VP (VB barks)))"
    tree = read_sentence(text).tree
    assert tree is not None
    spans = Spans([("S", 0, 3), ("NP", 0, 2), ("VP", 2, 3)], ["the", "dog", "barks"],
                  ["DT", "NN", "VB"])
    gold = [text, tree, as_nltk(tree), spans, text]
    evaluator = parsedit.Evaluator(metrics="parseval,label", keep_sentences=True)
    evaluator.update(gold, [spans, as_nltk(tree), text, tree, None])
    result = evaluator.compute()
    assert [s.status for s in result.sentences] == ["ok"] * 4 + ["skip"]
    assert result.parseval is not None and result.parseval.f_measure == 100.0
    assert result.sentences[4].message == "test:5: empty line"


# -- span sets ---------------------------------------------------------------------


def oracle(gold: Spans, test: Spans, collins: bool) -> dict[str, int] | None:
    """PARSEVAL of two span sets by the mapping parsedit.trees.spans
    documents, written out: None where EVALB would call the pair an error."""
    # COLLINS.prm's delete labels, which delete a preterminal by its tag.
    deleted_tags = {"TOP", ",", ":", "``", "''", ".", "-NONE-"} if collins else set()

    def brackets(side: Spans) -> tuple[Counter[tuple[str, int, int]], list[tuple[str, str]]]:
        tags = side.tags or [""] * len(side.words)
        kept = [tag not in deleted_tags for tag in tags]
        position = [0]
        for keep in kept:
            position.append(position[-1] + keep)
        out: Counter[tuple[str, int, int]] = Counter()
        for label, start, end in side.spans:
            base = label
            for cut in ("-", "="):
                base = base.split(cut)[0] if base.find(cut) > 0 else base
            base = "ADVP" if base == "PRT" and collins else base  # (COLLINS.prm's EQ_LABEL)
            if collins and base == "TOP":
                continue
            if position[start] < position[end]:
                out[base, position[start], position[end]] += 1
        return out, [(w, t) for w, t, keep in zip(side.words, tags, kept) if keep]

    gold_brackets, gold_words = brackets(gold)
    test_brackets, test_words = brackets(test)
    if [w for w, _ in gold_words] != [w for w, _ in test_words] or not test_words:
        return None
    crossing = sum(count for (_, s, e), count in test_brackets.items()
                   if any(a < s < z < e or s < a < e < z for _, a, z in gold_brackets))
    return {"words": len(gold_words),
            "correct_tags": sum(g == t for (_, g), (_, t) in zip(gold_words, test_words)),
            "gold": sum(gold_brackets.values()), "test": sum(test_brackets.values()),
            "matched": sum((gold_brackets & test_brackets).values()), "crossing": crossing}


@settings(max_examples=60)
@given(st.data())
def test_span_sets_give_their_trees_figures_and_the_documented_ones(data: st.DataObject
                                                                   ) -> None:
    tagged = data.draw(st.booleans())
    words, tags = data.draw(sentences(tagged))
    gold_tree = data.draw(trees(words, tags))
    test_tags = tags if tags is None or data.draw(st.booleans()) else \
        data.draw(st.lists(st.sampled_from(TAGS), min_size=len(tags), max_size=len(tags)))
    test_tree = data.draw(trees(words, test_tags))
    gold, test = spans_of(gold_tree, tagged), spans_of(test_tree, tagged)
    for params in ("collins", "none"):
        found = parsedit.score([gold], [test], metrics="parseval", params=params)
        if tagged:  # the same trees, as trees and as strings
            expected = parsedit.score([gold_tree], [test_tree], metrics="parseval",
                                      params=params)
            assert corpus(found) == corpus(expected)
            strings = parsedit.score([gold_tree.to_string()], [test_tree.to_string()],
                                     metrics="parseval", params=params)
            assert corpus(strings) == corpus(expected)
        counts = oracle(gold, test, params == "collins")
        sentence = found.sentences[0]
        if counts is None:
            assert sentence.status != "ok"
        else:
            assert sentence.status == "ok", sentence.message
            parseval = sentence.counts["parseval"]
            assert {name: getattr(parseval, name) for name in counts} == counts
        for route in ROUTES:
            evaluator = parsedit.Evaluator(metrics="parseval", params=params, route=route)
            evaluator.update([gold], [test])
            assert corpus(evaluator.compute()) == corpus(found), route


def test_punctuation_moves_no_boundary_once_deleted_by_its_tag() -> None:
    words = ["the", "dog", "barked", "."]
    gold = Spans([("S", 0, 4), ("NP", 0, 2), ("VP", 2, 3)], words, ["DT", "NN", "VBD", "."])
    test = Spans([("S", 0, 4), ("NP", 0, 2), ("VP", 2, 4)], words, ["DT", "NN", "VBD", "."])
    result = parsedit.score([gold], [test], metrics="parseval")
    assert result.parseval is not None and result.parseval.f_measure == 100.0
    # Without tags no word is deleted: (VP 2 3) and (VP 2 4) differ.
    untagged = parsedit.score([Spans(gold.spans, words)], [Spans(test.spans, words)],
                              metrics="parseval")
    assert untagged.parseval is not None and untagged.parseval.matched == 2
    assert untagged.parseval.words == 4


def test_spans_over_the_same_words_nest_in_the_order_given() -> None:
    words, tags = ["a", "b"], ["DT", "NN"]
    assert Spans([("S", 0, 2), ("VP", 0, 2), ("NP", 0, 1)], words, tags).tokens() == \
        ("(S", "(VP", "(NP", "(DT a)", ")", "(NN b)", ")", ")")
    assert Spans([("NP", 0, 1)], words, tags).tokens() == ("(NP", "(DT a)", ")", "(NN b)")
    assert Spans([], [], None).tokens() == ()
    numpy_spans = Spans([("S", np.int64(0), np.int64(2))], words, tags)
    assert numpy_spans.tokens() == ("(S", "(DT a)", "(NN b)", ")")
    assert Spans([("S", 0, 2)], ["(", ")"], None).tokens() == ("(S", "-LRB-", "-RRB-", ")")


@pytest.mark.parametrize(("spans", "message"), [
    (Spans([("S", 0, 3), ("NP", 1, 4)], list("abcd")),
     r"the spans 0 \('S', 0, 3\) and 1 \('NP', 1, 4\) cross"),
    (Spans([("NP", 0, 5)], list("abcd")), r"span 0 \('NP', 0, 5\) is not a span of the 4"),
    (Spans([("NP", 2, 2)], list("abcd")),
     r"span 0 \('NP', 2, 2\) is not a span of the 4 words: 0 <= start < end <= 4"),
    (Spans([("N P", 0, 1)], list("ab")), "span 0 .*the label 'N P' holds whitespace"),
    (Spans([("NP", 0)], list("ab")), r"span 0 is \('NP', 0\): a span is \(label, start, end\)"),  # type: ignore[list-item]
    (Spans([("NP", 0.0, 1)], list("ab")), "span 0 .*: start and end are word positions"),  # type: ignore[list-item]
    (Spans([("NP", True, 1)], list("ab")), "span 0 .* is not a span of the 2 words"),
    (Spans([], ["a", "b c"]), "the word 'b c' holds whitespace"),
    (Spans([], ["a", ""]), "a word is the empty string"),
    (Spans([], ["a", 3]), "the word 3 is not a str"),  # type: ignore[list-item]
    (Spans([], ["a", "b"], ["DT"]), "the tags are 1 tags for 2 words"),
    (Spans([], ["a", "b"], ["DT", ""]), "a tag is the empty string"),
    (Spans([], ["a", "b"], ["DT", "N(N"]), "the tag 'N\\(N' holds a bracket"),
    (Spans([], "ab"), "the words are a str"),
    (Spans("S", ["a"]), "the spans are a str"),  # type: ignore[arg-type]
])
def test_a_span_set_that_is_no_tree_is_refused_with_the_sentences_number(
        spans: Spans, message: str) -> None:
    good = Spans([("S", 0, 1)], ["a"], ["DT"])
    with pytest.raises(TreeError, match=f"^test sentence 2: {message}"):
        parsedit.score([good, good], [good, spans], metrics="parseval")
    evaluator = parsedit.Evaluator(metrics="parseval")
    evaluator.update([good] * 10, [good] * 10)
    with pytest.raises(TreeError, match=f"^gold sentence 11: {message}"):
        evaluator.update([spans], [good])
    assert evaluator.state()["all.sentences"] == 10


def test_one_span_set_instead_of_a_list_is_refused() -> None:
    spans = Spans([("S", 0, 1)], ["a"], ["DT"])
    with pytest.raises(ConfigError, match="one tree, not a list of sentences"):
        parsedit.score(spans, [spans])  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="sentence 1 is a int, not a bracketed string, a "
                                          "tree or a span set"):
        parsedit.Evaluator(metrics="parseval").update([3], [spans])  # type: ignore[list-item]


def test_every_metric_scores_span_sets_and_align_takes_them() -> None:
    words, tags = ["the", "dog", "barks"], ["DT", "NN", "VBZ"]
    gold = Spans([("S", 0, 3), ("NP", 0, 2), ("VP", 2, 3)], words, tags)
    test = Spans([("S", 0, 3), ("NP", 0, 1), ("VP", 1, 3)], words, tags)
    text = ["(S (NP (DT the) (NN dog)) (VP (VBZ barks)))",
            "(S (NP (DT the)) (VP (NN dog) (VBZ barks)))"]
    metrics = "parseval,label,span,rule,la,tagging"
    assert corpus(parsedit.score([gold], [test], metrics=metrics)) == \
        corpus(parsedit.score(text[:1], text[1:], metrics=metrics))
    assert parsedit.align(gold, test, "span") == parsedit.align(text[0], text[1], "span")


def test_a_trees_line_over_the_line_limit_is_scored_from_its_tokens(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A string over PARSEDIT_MAX_LINE_BYTES is refused, as a file's line is;
    # a tree is no line: its tokens are scored, by score() and an Evaluator.
    text = "(S (NP (DT the) (JJ little) (NN dog)) (VP (VBD barked) (PP (IN at) (NN night))))"
    tree = read_sentence(text).tree
    assert tree is not None and len(text) > 64
    monkeypatch.setenv("PARSEDIT_MAX_LINE_BYTES", "64")
    expected = parsedit.score([tree], [tree], metrics="parseval")
    assert expected.parseval is not None and expected.parseval.f_measure == 100.0
    for form in (as_tree, as_nltk):
        evaluator = parsedit.Evaluator(metrics="parseval", keep_sentences=True)
        evaluator.update([form(tree)], [form(tree)])
        assert corpus(evaluator.compute()) == corpus(expected)
    refused = parsedit.Evaluator(metrics="parseval", keep_sentences=True)
    refused.update([text], [text])
    assert refused.compute().sentences[0].status != "ok"


def test_an_nltk_tree_whose_label_method_is_its_own_is_read_by_it() -> None:
    # nltk.Tree's label is read as its attribute (no method call): a
    # subclass that overrides label() is read through its method.
    class Prefixed(nltk.Tree):  # type: ignore[misc,name-defined]
        def label(self) -> str:
            return "X" + str(self._label)

    plain = nltk.Tree.fromstring("(S (NP (DT the) (NN dog)) (VP (VBD ran)))")
    prefixed = Prefixed.convert(plain)
    assert memory.tokens_of(plain) == ("(S", "(NP", "(DT the)", "(NN dog)", ")", "(VP",
                                       "(VBD ran)", ")", ")")
    assert memory.tokens_of(prefixed) == ("(XS", "(XNP", "(XDT the)", "(XNN dog)", ")",
                                          "(XVP", "(XVBD ran)", ")", ")")
