"""Dependencies scored through a word alignment (SParseval's alignment-based
dependency evaluation): parses of changed words scored by the real run under
``--yield align``, over a seeded sweep of word error rates on the PTB sample."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

import deps_support  # noqa: F401  (this checkout's grammars)
import pytest

import parsedit
from parsedit.costs.reader import load_scheme
from parsedit.deps.counts import DepCounts
from parsedit.deps.score import aligned_pairs
from parsedit.trees.reader import read_trees
from parsedit.trees.tree import Tree
from parsedit.wordalign import WordAligner

RATES = (0.0, 0.05, 0.10, 0.20)


def substituted(tree: Tree, rng: random.Random, rate: float, vocabulary: list[str]) -> Tree:
    """``tree`` with each word (not an empty element) replaced, with
    probability ``rate``, by another word of the corpus; nothing else changes."""
    for node in tree.preorder():
        if node.is_preterminal and node.label != "-NONE-" and rng.random() < rate:
            word = str(node.children[0])
            while True:
                other = rng.choice(vocabulary)
                if other != word:
                    break
            node.children[0] = other
    return tree


def figure(value: float | None) -> float:
    assert value is not None
    return value


Change = Callable[[Tree, random.Random, float, list[str]], Tree]


def sweep(shared: Path, tmp_path: Path, change: Change) -> dict[float, DepCounts]:
    """The corpus counts at each rate, from the real run: the PTB sample
    (.orig, its first 800 trees) against a copy with its words changed by
    ``change(tree, rng, rate, vocabulary)``, scored by ``parsedit.score(...,
    metrics="dep", yields="align")``: the pairs whose words differ are
    scored through the word alignment of their dependency words."""
    trees = [Tree.from_tokens(i.tokens)
             for i in read_trees(str(shared / "ptb-sample/wsj_0001-0199.orig"))
             if i.tokens is not None][:800]
    vocabulary = sorted({w for tree in trees for w in tree.words()})
    gold = tmp_path / "gold.mrg"
    gold.write_text("".join(tree.to_string() + "\n" for tree in trees))
    out = {}
    for rate in RATES:
        rng = random.Random(7)
        test = tmp_path / f"test-{rate}.mrg"
        test.write_text("".join(change(Tree.from_tokens(tree.tokens()), rng, rate,
                                       vocabulary).to_string() + "\n" for tree in trees))
        result = parsedit.score(str(gold), str(test), metrics="dep", yields="align")
        assert result.count("ok") == len(trees)
        out[rate] = result.totals.counts["dep"]
    return out


@pytest.mark.slow
def test_substitutions_only(shared: Path, tmp_path: Path) -> None:
    """Same structure, words substituted: every word is aligned and attached
    (UAS = LAS = 100 over the aligned words, 0 dependency edits), while the
    relational figures, which need the words themselves, fall with the rate."""
    counts = sweep(shared, tmp_path, substituted)
    f = []
    for total in counts.values():
        assert total.aligned == total.words
        assert total.uas == total.las == 100.0
        assert total.edits.edits == 0
        assert total.precision == total.recall
        f.append(figure(total.precision))
    assert f[0] == 100.0
    assert f[0] > f[1] > f[2] > f[3]
    # a relation survives when its two words do: about (1 - rate)^2
    for rate, value in zip(RATES, f):
        assert value == pytest.approx(100 * (1 - rate) ** 2, abs=1.5)


@pytest.mark.slow
def test_substitutions_deletions_insertions(shared: Path, tmp_path: Path) -> None:
    """benchmarks/word_errors.py's speech-like errors (60% substitutions,
    20% deletions, 20% insertions): words go unaligned, so recall and
    precision fall with the rate, and so does the dependency edit accuracy."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from word_errors import word_errors

    counts = sweep(shared, tmp_path, word_errors)
    recall = [figure(c.recall) for c in counts.values()]
    accuracy = [figure(c.edits.accuracy) for c in counts.values()]
    uas = [figure(c.uas) for c in counts.values()]
    assert recall[0] == accuracy[0] == uas[0] == 100.0
    assert recall[0] > recall[1] > recall[2] > recall[3]
    assert accuracy[0] > accuracy[1] > accuracy[2] > accuracy[3]
    # words deleted and inserted move heads: UAS over the aligned words falls too
    assert uas[0] > uas[1] > uas[2] > uas[3]
    for total in list(counts.values())[1:]:
        assert total.aligned < total.words and total.unaligned_test > 0


def test_aligned_pairs_of_a_word_alignment() -> None:
    alignment = WordAligner(load_scheme("words")).align(
        ["the", "dog", "barked", "."], ["a", "dog", "barked", "loudly", "."])
    assert aligned_pairs(alignment.ops) == [(0, 0), (1, 1), (2, 2), (3, 4)]
