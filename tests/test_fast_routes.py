"""The fast routes of the edit metrics against the full route, on random pairs.

Fast: one long-lived metric per encoding, so each middle is looked up by its
local labels among the ones composed for earlier examples, and no path is
read back unless asked for.  Full: the way every distance was computed
before, written out here: the whole strings, every symbol numbered in its
block, acceptors compiled symbol by symbol, composed with the two factors of
the edit transducer, and the shortest path read back arc by arc.  Both
compose with OpenFst; they share only the edit transducer's arcs.
"""

from __future__ import annotations

from typing import cast

import pynini
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_leaf_ancestor import lineage_oracle
from test_properties import five_steps, tree_pairs

from parsedit.config import Config
from parsedit.costs.reader import load_scheme, parse_scheme
from parsedit.costs.scheme import CostScheme, Substitution
from parsedit.encodings import Encoding, Symbol, get_encoding
from parsedit.encodings.lineage import LineageEncoding, lineages
from parsedit.encodings.rule import RuleEncoding
from parsedit.encodings.span import SpanEncoding
from parsedit.encodings.structure import Structures
from parsedit.fst.align import Aligner
from parsedit.fst.edit import EditTransducer
from parsedit.metrics import registry
from parsedit.metrics.edits import EditDistance
from parsedit.metrics.leaf_ancestor import LeafAncestor
from parsedit.results import LACounts
from parsedit.trees.bracketing import CLOSING, OPEN, TAGGED, WORD, Bracketing, decode_all
from parsedit.trees.normalise import NONE
from parsedit.trees.roots import constituent_view, edit_view
from parsedit.trees.tree import Tree

# Long-lived, so that later examples meet the middles of earlier ones.
FAST = {name: EditDistance(get_encoding(name), load_scheme(scheme))
        for name, scheme in (("label", "roark-basic"), ("span", "levenshtein"),
                             ("rule", "levenshtein"))}
FAST_LA = {scheme: LeafAncestor(load_scheme(scheme))
           for scheme in ("leaf-ancestor", "sampson-first-char")}
SCHEMES = {"label": "roark-basic", "span": "levenshtein", "rule": "levenshtein"}


def full_route(scheme: CostScheme, encoding: Encoding, gold: tuple[Symbol, ...],
               test: tuple[Symbol, ...]) -> tuple[float, list[tuple[str, Symbol, Symbol]]]:
    """The cost and the operations (kind, gold, test) of the whole pair."""
    signatures = []
    blocks: dict[Symbol, int] = {}
    for symbol in (*gold, *test):
        sig = scheme.signature(encoding.kind(symbol), encoding.label(symbol))
        if sig not in signatures:
            signatures.append(sig)
        blocks[symbol] = signatures.index(sig)
    counts = [0] * len(signatures)
    label: dict[Symbol, int] = {}
    capacity = 1 << max(len(blocks), 1).bit_length()
    for symbol, block in blocks.items():
        label[symbol] = block * capacity + counts[block] + 1
        counts[block] += 1
    edit = EditTransducer(scheme, signatures, capacity)
    gold_fsa = pynini.accep("".join(f"[{label[s]}]" for s in gold))
    test_fsa = pynini.accep("".join(f"[{label[s]}]" for s in test))
    lattice = pynini.compose(pynini.compose(gold_fsa, edit.left),
                             pynini.compose(edit.right_inverse, test_fsa))
    path = pynini.shortestpath(lattice)
    symbol_of = {v: s for s, v in label.items()}
    ops = []
    state = path.start()
    while path.num_arcs(state):
        arc = next(iter(path.arcs(state)))
        g, t = symbol_of.get(arc.ilabel), symbol_of.get(arc.olabel)
        kind = "ins" if g is None else "del" if t is None else "match" if g == t else "sub"
        ops.append((kind, g, t))
        state = arc.nextstate
    return float(path.paths().weight()), ops


def runs(ops: list[tuple[str, Symbol, Symbol]], encoding: Encoding) -> tuple[list[int],
                                                                              list[int]]:
    """Close brackets deleted and inserted between one word and the next."""
    deleted, inserted, d, i = [], [], 0, 0
    for kind, g, t in ops:
        if kind == "match" and encoding.kind(g) == "word":
            deleted.append(d)
            inserted.append(i)
            d = i = 0
        elif kind == "del" and encoding.kind(g) == "close":
            d += 1
        elif kind == "ins" and encoding.kind(t) == "close":
            i += 1
    return deleted + [d], inserted + [i]


@settings(max_examples=300, deadline=None)
@given(tree_pairs())
def test_label_span_rule_fast_route_is_the_full_route(pair: list[Tree]) -> None:
    gold, test = (NONE.apply(t) for t in pair)
    for name, metric in FAST.items():
        encoding = metric.encoding
        g, t = encoding.encode(gold), encoding.encode(test)
        counts = metric.score(gold, test).counts
        cost, ops = full_route(load_scheme(SCHEMES[name]), encoding, g, t)
        assert counts.basic == cost
        if name == "label":
            assert counts.edits == five_steps(cost, *runs(ops, encoding))
        else:
            assert counts.edits == cost
        # The path read back later equals the one a fresh aligner reads at once.
        scored = metric.score(gold, test).detail
        eager = EditDistance(encoding, load_scheme(SCHEMES[name]))
        cast(Aligner, eager.edits.aligner).paths = True
        assert scored.ops == eager.score(gold, test).detail.ops
        assert sum(op.cost for op in scored.ops) == cost
        assert [op.gold for op in scored.ops if op.gold is not None] == list(g)
        assert [op.test for op in scored.ops if op.test is not None] == list(t)
        for op in scored.ops:
            paired = op.gold is not None and op.test is not None
            assert op.kind == ("ins" if op.gold is None else "del" if op.test is None
                               else "match" if op.gold == op.test else "sub")
            assert paired or op.kind in ("ins", "del")


@settings(max_examples=200, deadline=None)
@given(tree_pairs())
def test_leaf_ancestor_fast_route_is_the_full_route(pair: list[Tree]) -> None:
    gold, test = (NONE.apply(t) for t in pair)
    for name, la in FAST_LA.items():
        result = la.lineages(gold, test)
        for g, t, score in zip(result.gold, result.test, result.counts.word_scores):
            cost, _ = full_route(load_scheme(name), la.encoding, g, t)
            assert score == 1.0 - cost / (len(g) + len(t))


def with_tags(t: Tree) -> list[tuple[str, ...]]:
    """The oracle's lineages with each word's tag as its lowest node, which
    begins and ends with it."""
    out = []
    tags = [node.label for node in t.preorder() if node.is_preterminal]
    for tag, lineage in zip(tags, lineage_oracle(t)):
        first = last = node = -1  # the highest beginning and ending nodes
        opened = False
        for x in lineage:
            if x == "[":
                opened = True
            elif x == "]":
                last = node
            else:
                node += 1
                first = node if opened else first
                opened = False
        marked: list[str] = []
        for i, label in enumerate([tag, *(x for x in lineage if x not in ("[", "]"))]):
            marked += ["["] * (i == first + 1) + [label] + ["]"] * (i == last + 1)
        out.append(tuple(marked))
    return out


@settings(max_examples=200, deadline=None)
@given(tree_pairs(count=1))
def test_lineages_with_preterminals(trees: list[Tree]) -> None:
    (t,) = trees
    assert lineages(NONE.apply(t), preterminals=True) == with_tags(t)


_TOKENS = st.one_of(
    st.just(")"),
    st.text("NPab(", min_size=1, max_size=3).map(lambda t: "(" + t),
    st.text("NPab", min_size=1, max_size=3).map(lambda t: "((" + t),
    st.text("dog-)(", max_size=3).map(lambda t: t + ")"))


@given(st.lists(_TOKENS, max_size=20))
def test_the_yield_is_read_as_the_token_decoder_reads_words(tokens: list[str]) -> None:
    from parsedit.trees.bracketing import WORD, decode_all, words

    assert words(tuple(tokens)) == [text for kind, text in decode_all(tokens) if kind is WORD]


SHARED = {pos: Structures(pos) for pos in ("words", "tags")}


def own_spans(tokens: Bracketing) -> tuple[tuple[str, int, int], ...]:
    """The oracle: spans walked off the constituent view on their own."""
    out: list[tuple[str, int, int]] = []
    stack: list[int] = []
    position = 0
    for kind, text in decode_all(constituent_view(tokens)):
        if kind is OPEN:
            stack.append(len(out))
            out.append((text, position, position))
        elif kind is CLOSING:
            index = stack.pop()
            label, start, _ = out[index]
            out[index] = (label, start, position)
        elif kind is WORD:
            position += 1
    return tuple(out)


def own_rules(tokens: Bracketing, pos: str) -> tuple[tuple[str | None, tuple[str, ...]], ...]:
    """The oracle: rules walked off the edit view on their own."""
    out: list[tuple[str | None, tuple[str, ...]] | None] = []
    stack: list[tuple[int, str | None, list[str]]] = []
    tag = ""
    for kind, text in decode_all(edit_view(tokens)):
        if kind is TAGGED:
            tag = text
        elif kind is OPEN:
            if stack:
                stack[-1][2].append(text)
            stack.append((len(out), None if stack else text, []))
            out.append(None)
        elif kind is CLOSING:
            index, lhs, rhs = stack.pop()
            out[index] = (lhs, tuple(rhs))
        elif stack:
            stack[-1][2].append(tag if pos == "tags" and tag else text)
    return tuple(r for r in out if r is not None)


@settings(max_examples=300, deadline=None)
@given(tree_pairs(count=3), st.sampled_from(("words", "tags")), st.booleans())
def test_spans_and_rules_read_together_are_each_encodings_own(
        trees: list[Tree], pos: str, forest: bool) -> None:
    # One pass for both (a run that scores span and rule), against each
    # encoding's own walk; a long-lived reader, its trees in turn (so the
    # few it remembers are told apart), forests (a virtual root) included.
    bracketings = [NONE.apply(t) for t in trees]
    if forest:
        bracketings.append(bracketings[0] + bracketings[1])
    for tokens in (*bracketings, *reversed(bracketings)):
        spans, rules = SHARED[pos].read(tokens)
        assert spans == SpanEncoding().encode(tokens) == own_spans(tokens)
        assert rules == RuleEncoding(pos).encode(tokens) == own_rules(tokens, pos)


@settings(max_examples=100, deadline=None)
@given(tree_pairs())
def test_span_and_rule_scored_together_as_alone(pair: list[Tree]) -> None:
    gold, test = (NONE.apply(t) for t in pair)
    together = registry.build(Config.from_options("span,rule"))
    for name in ("span", "rule"):
        alone = registry.build(Config.from_options(name))[name]
        assert together[name].score(gold, test).counts == alone.score(gold, test).counts


@settings(max_examples=200, deadline=None)
@given(tree_pairs())
def test_the_cost_alone_is_the_alignments(pair: list[Tree]) -> None:
    # What leaf-ancestor asks for (no script made), against the alignment,
    # on long-lived aligners (remembered middles) of lineages and of rules.
    gold, test = (NONE.apply(t) for t in pair)
    metrics: tuple[LeafAncestor | EditDistance, ...] = (*FAST_LA.values(), FAST["rule"])
    for metric in metrics:
        aligner = metric.edits.aligner
        strings: list[tuple[tuple[Symbol, ...], tuple[Symbol, ...]]]
        if isinstance(metric, LeafAncestor):
            strings = list(zip(lineages(gold), lineages(test)))
        else:
            strings = [(metric.encoding.encode(gold), metric.encoding.encode(test))]
        for g, t in strings:
            assert aligner.cost(g, t) == aligner.align(g, t).cost


@st.composite
def odd_bracketings(draw: st.DrawFn) -> Bracketing:
    """Trees as treebanks and parsers write them, and worse: a forest of one
    to three trees, a phrase without words anywhere, then zero to two
    unlabelled brackets or a labelled one around the lot."""
    trees = draw(tree_pairs(count=draw(st.integers(1, 3))))
    tokens = [token for t in trees for token in NONE.apply(t)]
    if draw(st.booleans()):
        at = draw(st.integers(0, len(tokens)))
        tokens[at:at] = [draw(st.sampled_from(("(", "(X"))), ")"]
    for _ in range(draw(st.integers(0, 2))):
        tokens = [draw(st.sampled_from(("(", "(", "(R"))), *tokens, ")"]
    return tuple(tokens)


@settings(max_examples=400, deadline=None)
@given(odd_bracketings(), st.booleans())
def test_lineages_read_past_outer_brackets_are_the_edit_views(tokens: Bracketing,
                                                               preterminals: bool) -> None:
    # The fast route reads the tokens inside their unlabelled outer brackets
    # and checks them; the plain route walks the edit view.
    from parsedit.encodings.lineage import _walk

    assert lineages(tokens, preterminals) == _walk(edit_view(tokens), preterminals)[0]


UNEVEN = parse_scheme(b'''
name = "uneven"
encodings = ["lineage"]
[classes]
clause = { labels = ["S*"], kinds = ["node"] }
[insert]
any = 1.0
boundary = 0.5
clause = 1.5
[delete]
any = 1.0
boundary = 0.25
[[substitute]]
from = "any"
to = "any"
cost = 3.0
''', "uneven.toml")
# Long-lived, so that later examples meet the middles of earlier ones.
LINEAGE_ALIGNERS = {scheme.name: Aligner(scheme, LineageEncoding()) for scheme in (
    load_scheme("leaf-ancestor"), UNEVEN, load_scheme("sampson-first-char"))}
_LINEAGE = st.lists(st.sampled_from(("S", "SQ", "NP", "VP", "[", "]")), max_size=8).map(tuple)


@settings(max_examples=400, deadline=None)
@given(_LINEAGE, _LINEAGE)
def test_a_remembered_middle_cost_is_the_full_routes(gold: tuple[str, ...],
                                                     test: tuple[str, ...]) -> None:
    for aligner in LINEAGE_ALIGNERS.values():
        assert aligner.cost(gold, test) == full_route(aligner.scheme, aligner.encoding,
                                                      gold, test)[0]
        assert aligner.align(gold, test).cost == aligner.cost(gold, test)


@settings(max_examples=100, deadline=None)
@given(odd_bracketings(), st.booleans())
def test_equal_trees_are_scored_without_reading_their_lineages(tokens: Bracketing,
                                                               preterminals: bool) -> None:
    # The plain route: every word's lineages read and scored, as for any pair.
    la = LeafAncestor(load_scheme("leaf-ancestor"), preterminals)
    scored = la.lineages(tokens, tokens)
    plain = lineages(tokens, preterminals)
    scores = tuple(la.word_score(g, g) for g in plain)
    total = sum(scores)
    assert scored.counts == (LACounts(total / len(scores), 1, total, len(scores), scores)
                             if scores else LACounts())
    assert scored.gold == scored.test == plain


_SPANS = st.sampled_from([("NP", 0, 2), ("VP", 2, 5), ("S", 0, 5), ("PP", 3, 5), ("NP", 3, 5),
                          ("ADJP", 1, 2), ("SBAR", 2, 5), ("NP", 0, 1)])


def _one_block(delete: float, insert: float, sub: float) -> CostScheme:
    return CostScheme("one-block", "test", "test", ("span",), (("any", insert),),
                      (("any", delete),), (Substitution("any", "any", sub),))


@settings(max_examples=400, deadline=None)
@given(st.lists(_SPANS, max_size=12), st.lists(_SPANS, max_size=12),
       st.sampled_from([(1.0, 1.0, 1.0), (1.0, 1.0, 1.5), (1.0, 1.0, 0.5), (0.5, 2.0, 1.0),
                        (1.0, 1.0, 3.0)]))
def test_a_middle_cut_at_its_common_symbols_costs_what_the_whole_does(
        gold: list[Symbol], test: list[Symbol], costs: tuple[float, float, float]) -> None:
    # The middle's cost from its pieces (Aligner._split, when its bounds
    # meet) against the whole pair composed at once, on a long-lived aligner
    # (remembered middles and pieces) and on a fresh one.
    scheme = _one_block(*costs)
    encoding = get_encoding("span")
    aligner = SPLIT.setdefault(costs, Aligner(scheme, encoding))
    cost, ops = full_route(scheme, encoding, tuple(gold), tuple(test))
    assert aligner.cost(gold, test) == cost
    assert Aligner(scheme, encoding).cost(gold, test) == cost
    # The script read back is the whole lattice's, whatever gave the cost.
    alignment = Aligner(scheme, encoding).align(gold, test)
    assert alignment.cost == cost
    assert sum(op.cost for op in alignment.ops) == pytest.approx(cost)
    assert [op.gold for op in alignment.ops if op.gold is not None] == gold
    assert [op.test for op in alignment.ops if op.test is not None] == test


SPLIT: dict[tuple[float, float, float], Aligner] = {}


def test_a_middle_is_cut_only_where_its_bounds_meet() -> None:
    scheme = _one_block(1.0, 1.0, 1.0)
    encoding = get_encoding("span")
    a, b, c, d, e, x, y, z = (("A", i, i + 1) for i in range(8))
    aligner = Aligner(scheme, encoding)
    # Cut at b and d: the pieces a/x, c/y and e/z cost 3 = max(3, 3): exact.
    assert aligner._split([a, b, c, d, e], [x, b, y, d, z]) == 3.0
    # The same symbols in another order: 3 substitutions, where the bound
    # (no symbol beyond the other side's count) is 0.
    assert aligner._split([a, b, c, d, e], [e, b, a, d, c]) is None
    assert aligner.cost([a, b, c, d, e], [e, b, a, d, c]) == 3.0
    # b and c swapped: no cut keeps both orders but one, and the pieces cost
    # 2 + 0 where the bag distance is 0: composed whole instead.
    assert aligner._split([a, b, c], [a, c, b]) is None
    assert aligner.cost([a, b, c], [a, c, b]) == 2.0
    # Costs that do not add up exactly are never cut.
    assert Aligner(_one_block(0.3, 0.3, 0.3), encoding)._bound is None
