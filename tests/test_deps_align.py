"""Dependencies scored through a word alignment (SParseval's alignment-based
dependency evaluation): parses of changed words, as ``--yield align`` pairs
them, over a seeded sweep of word error rates on the PTB sample."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import deps_support  # noqa: F401  (this checkout's grammars)
import pytest

from parsedit.costs.reader import load_scheme
from parsedit.deps.metric import Dependencies
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


def sweep(shared: Path, change: object) -> dict[float, object]:
    """The corpus counts at each rate: the PTB sample (.orig) against a copy
    with its words changed by ``change(tree, rng, rate, vocabulary)``, the
    yields aligned by the ``words`` scheme (what ``--yield align`` does) and
    the dependencies scored through that alignment."""
    items = [i for i in read_trees(str(shared / "ptb-sample/wsj_0001-0199.orig"))
             if i.tokens is not None][:1500]
    vocabulary = sorted({w for i in items for w in Tree.from_tokens(i.tokens).words()})
    aligner = WordAligner(load_scheme("words"))
    metric = Dependencies()
    out = {}
    for rate in RATES:
        rng = random.Random(7)
        total = metric.zero()
        for item in items:
            gold = metric.tree(item.tokens)  # type: ignore[arg-type]
            changed = change(Tree.from_tokens(item.tokens), rng, rate, vocabulary)  # type: ignore[operator]
            test = metric.tree(changed.tokens())
            alignment = aligner.align(gold.words, test.words)
            total = total + metric.score_aligned(gold, test, aligned_pairs(alignment.ops)).counts
        out[rate] = total
    return out


def test_substitutions_only(shared: Path) -> None:
    """Same structure, words substituted: every word is aligned and attached
    (UAS = LAS = 100 over the aligned words, 0 dependency edits), while the
    relational figures, which need the words themselves, fall with the rate."""
    counts = sweep(shared, substituted)
    f = []
    for total in counts.values():
        assert total.aligned == total.words  # type: ignore[attr-defined]
        assert total.uas == total.las == 100.0  # type: ignore[attr-defined]
        assert total.edits.edits == 0  # type: ignore[attr-defined]
        assert total.precision == total.recall  # type: ignore[attr-defined]
        f.append(total.precision)  # type: ignore[attr-defined]
    assert f[0] == 100.0
    assert f[0] > f[1] > f[2] > f[3]
    # a relation survives when its two words do: about (1 - rate)^2
    for rate, value in zip(RATES, f):
        assert value == pytest.approx(100 * (1 - rate) ** 2, abs=1.5)


def test_substitutions_deletions_insertions(shared: Path) -> None:
    """benchmarks/word_errors.py's speech-like errors (60% substitutions,
    20% deletions, 20% insertions): words go unaligned, so recall and
    precision fall with the rate, and so does the dependency edit accuracy."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from word_errors import word_errors

    counts = sweep(shared, word_errors)
    recall = [c.recall for c in counts.values()]  # type: ignore[attr-defined]
    accuracy = [c.edits.accuracy for c in counts.values()]  # type: ignore[attr-defined]
    assert recall[0] == accuracy[0] == 100.0
    assert recall[0] > recall[1] > recall[2] > recall[3]
    assert accuracy[0] > accuracy[1] > accuracy[2] > accuracy[3]
    for total in list(counts.values())[1:]:
        assert total.aligned < total.words and total.unaligned_test > 0  # type: ignore[attr-defined]


def test_aligned_pairs_of_a_word_alignment() -> None:
    alignment = WordAligner(load_scheme("words")).align(
        ["the", "dog", "barked", "."], ["a", "dog", "barked", "loudly", "."])
    assert aligned_pairs(alignment.ops) == [(0, 0), (1, 1), (2, 2), (3, 4)]
