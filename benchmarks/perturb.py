"""Write a copy of a treebank with synthetic parse errors, words unchanged.

    python benchmarks/perturb.py GOLD OUT [--seed 1] [--rate 0.7]

Each tree is left alone with probability 1 - rate; otherwise it gets one to
three of: a wrong attachment (a constituent lowered into its left sibling or
raised out of its parent), a missing bracket, an extra bracket, a wrong
label.  The output is deterministic for a seed.
"""

from __future__ import annotations

import argparse
import os
import random
import sys

from parsedit.trees.reader import read_trees
from parsedit.trees.tree import Tree


def _phrases(tree: Tree) -> list[tuple[Tree | None, Tree]]:
    """(parent, node) for every non-preterminal node."""
    out: list[tuple[Tree | None, Tree]] = []
    stack: list[tuple[Tree | None, Tree]] = [(None, tree)]
    while stack:
        parent, node = stack.pop()
        if node.is_preterminal:
            continue
        out.append((parent, node))
        stack.extend((node, c) for c in node.children if isinstance(c, Tree))
    return out


def _relabel(tree: Tree, rng: random.Random) -> bool:
    nodes = [n for p, n in _phrases(tree) if p is not None]
    labels = sorted({n.label for _, n in _phrases(tree) if n.label}
                    | {"NP", "VP", "PP", "S", "ADJP"})
    if not nodes:
        return False
    node = rng.choice(nodes)
    node.label = rng.choice([lab for lab in labels if lab != node.label])
    return True


def _delete(tree: Tree, rng: random.Random) -> bool:
    found = [(p, n) for p, n in _phrases(tree) if p is not None]
    if not found:
        return False
    parent, node = rng.choice(found)
    assert parent is not None
    i = next(k for k, c in enumerate(parent.children) if c is node)
    parent.children[i:i + 1] = node.children
    return True


def _insert(tree: Tree, rng: random.Random) -> bool:
    wide = [n for _, n in _phrases(tree) if len(n.children) >= 3]
    if not wide:
        return False
    node = rng.choice(wide)
    size = rng.randint(2, len(node.children) - 1)
    start = rng.randint(0, len(node.children) - size)
    label = rng.choice(["NP", "VP", "PP", "S", "ADJP", "SBAR"])
    node.children[start:start + size] = [Tree(label, node.children[start:start + size])]
    return True


def _attach(tree: Tree, rng: random.Random) -> bool:
    moves = []
    for parent, node in _phrases(tree):
        for i in range(len(node.children)):
            if i > 0 and isinstance(node.children[i - 1], Tree) \
                    and not node.children[i - 1].is_preterminal and i == len(node.children) - 1:
                moves.append(("lower", node, i))
        if parent is not None and len(node.children) >= 2 \
                and parent.children and parent.children[-1] is node:
            moves.append(("raise", node, parent))
    if not moves:
        return False
    how, node, where = rng.choice(moves)
    if how == "lower":
        child = node.children.pop(where)
        node.children[where - 1].children.append(child)  # type: ignore[union-attr]
    else:
        child = node.children.pop()
        where.children.append(child)  # type: ignore[union-attr]
    return True


OPERATIONS = (_attach, _delete, _insert, _relabel)


def perturb(tree: Tree, rng: random.Random, rate: float) -> Tree:
    if rng.random() >= rate:
        return tree
    for _ in range(rng.randint(1, 3)):
        rng.choice(OPERATIONS)(tree, rng)
    return tree


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold")
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=0.7)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    with open(args.out, "w", encoding="utf-8") as out:
        for item in read_trees(args.gold):
            if item.tree is None:
                out.write("\n")
                continue
            out.write(perturb(item.tree, rng, args.rate).to_string() + "\n")
    return 0



def one_core() -> None:
    """Pin this process to one core (where the system allows), as every
    benchmark here measures."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


if __name__ == "__main__":
    sys.exit(main())
