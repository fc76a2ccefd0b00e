"""Write a copy of a treebank with speech-like word errors or re-tokenisation.

    python benchmarks/word_errors.py GOLD OUT [--seed 1] [--rate 0.1]
                                    [--retokenise] [--perturb 0]

Word errors (default): each word, with probability ``rate``, is replaced by
another word of the corpus (60 %), deleted with its preterminal (20 %; only
when its parent keeps another child), or followed by an inserted word of the
corpus under a copy of its preterminal (20 %).  The structure is otherwise
left as it is, so every error is a word error.

``--retokenise``: instead, each pair of sibling preterminals whose first word
ends with an apostrophe (``l'``, ``d'``) or whose second starts with one or
is ``n't`` (``do n't``) is written as one word with probability ``rate``
(the second's tag), and each hyphenated word is split into its parts and the
hyphens (``anti-war`` -> ``anti - war``) under its own tag.

``--resegment``: instead, with probability ``rate`` / 2 a tree is written on
one line with the next one (two sentences joined), and with probability
``rate`` / 2 a tree whose top phrase has two or more children is split into
two trees, each with a copy of the top phrase over half of its children.

``--perturb R`` also applies ``perturb.py``'s parse errors at rate R first.
The output is deterministic for a seed.  ``tests/test_yields.py`` uses
:func:`word_errors` and :func:`retokenise` directly.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from parsedit.trees.reader import read_trees
from parsedit.trees.tree import Tree

sys.path.insert(0, str(Path(__file__).parent))
from perturb import perturb  # noqa: E402


def _preterminal_slots(tree: Tree) -> list[tuple[Tree, int]]:
    """(parent, index) of every preterminal child, left to right."""
    out: list[tuple[Tree, int]] = []
    for node in tree.preorder():
        for i, child in enumerate(node.children):
            if isinstance(child, Tree) and child.is_preterminal:
                out.append((node, i))
    return out


def word_errors(tree: Tree, rng: random.Random, rate: float, vocabulary: list[str]) -> Tree:
    """``tree`` with substituted, deleted and inserted words (in place)."""
    # Right to left, so that an index stays valid after an edit beside it.
    for parent, i in reversed(_preterminal_slots(tree)):
        if rng.random() >= rate:
            continue
        node = parent.children[i]
        assert isinstance(node, Tree)
        word = node.children[0]
        roll = rng.random()
        if roll < 0.6:
            node.children[0] = _other(rng, vocabulary, str(word))
        elif roll < 0.8:
            if len(parent.children) > 1:
                del parent.children[i]
        else:
            parent.children.insert(i + 1, Tree(node.label, [rng.choice(vocabulary)]))
    return tree


def _other(rng: random.Random, vocabulary: list[str], word: str) -> str:
    while True:
        found = rng.choice(vocabulary)
        if found != word:
            return found


def _clitic(a: str, b: str) -> bool:
    return a.endswith("'") or b.startswith("'") or b == "n't"


def retokenise(tree: Tree, rng: random.Random, rate: float) -> Tree:
    """``tree`` with clitics merged into their neighbours and hyphenated
    words split (in place)."""
    for node in list(tree.preorder()):
        kids = node.children
        i = 0
        while i < len(kids):
            a = kids[i]
            if isinstance(a, Tree) and a.is_preterminal:
                word = str(a.children[0])
                b = kids[i + 1] if i + 1 < len(kids) else None
                if (isinstance(b, Tree) and b.is_preterminal
                        and _clitic(word, str(b.children[0])) and rng.random() < rate):
                    kids[i:i + 2] = [Tree(b.label, [word + str(b.children[0])])]
                elif "-" in word.strip("-") and rng.random() < rate:
                    parts: list[str] = []
                    for n, part in enumerate(word.split("-")):
                        parts += (["-"] if n else []) + ([part] if part else [])
                    kids[i:i + 1] = [Tree(a.label, [p]) for p in parts]
                    i += len(parts) - 1
            i += 1
    return tree


def resegment(trees: list[Tree], rng: random.Random, rate: float) -> list[str]:
    """The lines of ``trees`` with sentences joined and split."""
    lines: list[str] = []
    i = 0
    while i < len(trees):
        tree = trees[i]
        roll = rng.random()
        top = tree.children[0] if tree.label == "" and len(tree.children) == 1 else tree
        if roll < rate / 2 and i + 1 < len(trees):
            lines.append(tree.to_string() + " " + trees[i + 1].to_string())
            i += 2
            continue
        if roll < rate and isinstance(top, Tree) and len(top.children) >= 2:
            half = len(top.children) // 2
            for part in (top.children[:half], top.children[half:]):
                piece = Tree(top.label, part)
                lines.append((Tree("", [piece]) if top is not tree else piece).to_string())
        else:
            lines.append(tree.to_string())
        i += 1
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold")
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=0.1)
    parser.add_argument("--retokenise", action="store_true")
    parser.add_argument("--resegment", action="store_true")
    parser.add_argument("--perturb", type=float, default=0.0)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    trees = [item.tree for item in read_trees(args.gold)]
    vocabulary = sorted({w for t in trees if t is not None for w in t.words()})
    if args.resegment:
        lines = resegment([t for t in trees if t is not None], rng, args.rate)
        with open(args.out, "w", encoding="utf-8") as out:
            out.write("".join(line + "\n" for line in lines))
        return 0
    with open(args.out, "w", encoding="utf-8") as out:
        for tree in trees:
            if tree is None:
                out.write("\n")
                continue
            if args.perturb:
                tree = perturb(tree, rng, args.perturb)
            tree = retokenise(tree, rng, args.rate) if args.retokenise \
                else word_errors(tree, rng, args.rate, vocabulary)
            out.write(tree.to_string() + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
