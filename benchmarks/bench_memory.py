"""Sentences held in memory against the same trees as strings, in one process.

    python benchmarks/bench_memory.py [GOLD] [--sentences 1700] [--repeat 7]
        [--metrics parseval parseval,label,span,rule] [--only KIND] [--how score|evaluator]

The first ``--sentences`` trees of GOLD (default: the PTB sample in
../shared/data) against a perturbed copy (benchmarks/perturb.py, seed 1),
given to the Python API in four forms: bracketed strings, parsedit
``Tree`` objects, ``nltk.Tree`` objects (if nltk is installed) and span
sets (``parsedit.Spans``: each tree's spans over its word positions, its
words and its tags).  Each form is scored through ``parsedit.score(gold,
test)`` and through a kept ``parsedit.Evaluator`` fed batches of 64 (the
second epoch: the first fills its caches), for each ``--metrics``.  The
forms are timed in turn, ``--repeat`` rounds, and each one's best time is
kept (the machine is shared: the best of several is the least disturbed);
the ratio to strings is printed beside each; times are CPU seconds of
this process.  Every form's figures are checked equal to the strings'
before anything is timed.  A last line per ``--metrics`` times a training
loop's epoch as it goes: the gold sentences made once, each batch's
predictions made anew just before they are scored (untimed), as a parser
hands out fresh trees (trees made long before are slower to walk: their
nodes are no longer in the processor's caches).

``--only KIND --how HOW`` scores one form one way ``--rounds`` times and
times nothing, for whole-process pairs (``python benchmarks/bench_memory.py
--only nltk --how evaluator --metrics parseval`` against ``--only
strings``): a whole process also pays for making the sentences (the
perturbed copy, the form's objects) and for importing nltk, which the
rounds of scoring outweigh.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from perturb import main as perturb_main  # noqa: E402

import parsedit  # noqa: E402
from parsedit.trees.reader import read_trees  # noqa: E402
from parsedit.trees.tree import Tree  # noqa: E402

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared/data/ptb-sample/wsj_0001-0199.clean"
KINDS = ("strings", "parsedit", "nltk", "spans")
BATCH = 64


def trees(path: str, n: int) -> list[Tree]:
    out = []
    for item in read_trees(path):
        if len(out) == n:
            break
        tree = item.tree
        assert tree is not None, item.error
        out.append(tree)
    return out


def spans_of(tree: Tree) -> parsedit.Spans:
    """A tree's span set: every phrase's (label, start, end) in pre-order
    over the word positions, its words and its tags (a tree of preterminals)."""
    spans: list[tuple[str, int, int]] = []
    words: list[str] = []
    tags: list[str] = []

    def walk(node: Tree) -> None:
        if node.is_preterminal:
            tags.append(node.label)
            words.append(str(node.children[0]))
            return
        at = len(spans)
        spans.append((node.label, len(words), -1))
        for child in node.children:
            assert isinstance(child, Tree), "a word outside a preterminal"
            walk(child)
        spans[at] = (node.label, spans[at][1], len(words))

    walk(tree)
    return parsedit.Spans(spans, words, tags)


def forms(gold: list[Tree], test: list[Tree], only: str | None = None
          ) -> dict[str, tuple[list[Any], list[Any]]]:
    """The sentences in each form that can be made here (``only``: strings
    and that form)."""
    out: dict[str, tuple[list[Any], list[Any]]] = {
        "strings": ([t.to_string() for t in gold], [t.to_string() for t in test]),
        "parsedit": (gold, test),
    }
    if hasattr(parsedit, "Spans") and only in (None, "spans"):  # (parsedit 0.3.0 on)
        out["spans"] = ([spans_of(t) for t in gold], [spans_of(t) for t in test])
    try:
        import nltk
    except ImportError:
        print("(nltk is not installed: no nltk trees)", file=sys.stderr)
    else:
        if only not in (None, "nltk"):
            return out
        strings = out["strings"]
        out["nltk"] = ([nltk.Tree.fromstring(s) for s in strings[0]],
                       [nltk.Tree.fromstring(s) for s in strings[1]])
    return {kind: out[kind] for kind in KINDS if kind in out}


def by_score(metrics: str) -> Callable[[Sequence[Any], Sequence[Any]], Any]:
    def run(gold: Sequence[Any], test: Sequence[Any]) -> Any:
        return parsedit.score(gold, test, metrics=metrics).to_dict()["corpus"]
    return run


def by_evaluator(metrics: str) -> Callable[[Sequence[Any], Sequence[Any]], Any]:
    evaluator = parsedit.Evaluator(metrics=metrics)

    def run(gold: Sequence[Any], test: Sequence[Any]) -> Any:
        evaluator.reset()
        for i in range(0, len(gold), BATCH):
            evaluator.update(gold[i:i + BATCH], test[i:i + BATCH])
        return evaluator.compute().to_dict()["corpus"]
    return run


def seconds(job: Callable[[], object]) -> float:
    """The CPU seconds of ``job`` in this process (less disturbed than the
    wall clock on a shared machine)."""
    start = time.process_time()
    job()
    return time.process_time() - start


def fresh_epoch(metrics: str, kind: str, gold: Sequence[Any], test: list[Tree]) -> float:
    """A training loop's epoch: each batch's predictions made anew (in
    ``kind``'s form, from parsedit trees, untimed) just before the
    evaluator scores them, as a parser hands them out; the CPU seconds of
    the updates and the compute."""
    evaluator = FRESH.setdefault(metrics, parsedit.Evaluator(metrics=metrics))
    evaluator.reset()
    total = 0.0
    for i in range(0, len(gold), BATCH):
        made = [MAKE[kind](tree) for tree in test[i:i + BATCH]]
        total += seconds(partial(evaluator.update, gold[i:i + BATCH], made))
    return total + seconds(evaluator.compute)


FRESH: dict[str, parsedit.Evaluator] = {}


def _nltk(tree: Tree) -> Any:
    import nltk
    return nltk.Tree.fromstring(tree.to_string())


MAKE: dict[str, Callable[[Tree], Any]] = {
    "strings": Tree.to_string, "parsedit": lambda tree: Tree.from_tokens(tree.tokens()),
    "nltk": _nltk, "spans": lambda tree: spans_of(tree)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold", nargs="?", default=str(DEFAULT))
    parser.add_argument("--sentences", type=int, default=1700)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--metrics", nargs="+", default=["parseval", "parseval,label,span,rule"])
    parser.add_argument("--only", choices=KINDS)
    parser.add_argument("--how", choices=("score", "evaluator"), default="evaluator")
    parser.add_argument("--rounds", type=int, default=10,
                        help="with --only: how many times the sentences are scored")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        perturbed = os.path.join(tmp, "perturbed.mrg")
        perturb_main([args.gold, perturbed, "--seed", "1"])
        test_trees = trees(perturbed, args.sentences)
        sentences = forms(trees(args.gold, args.sentences), test_trees, args.only)
    if "nltk" not in sentences:
        del MAKE["nltk"]
    if "spans" not in sentences:
        del MAKE["spans"]
    if args.only:
        gold, test = sentences[args.only]
        for metrics in args.metrics:
            run = (by_score if args.how == "score" else by_evaluator)(metrics)
            for _ in range(args.rounds):
                run(gold, test)
        return 0
    print(f"{len(sentences['strings'][0])} pairs; best of {args.repeat} rounds, the forms "
          "timed in turn; CPU seconds, and the ratio to strings")
    for metrics in args.metrics:
        for how, make in (("score", by_score), ("evaluator", by_evaluator)):
            run = make(metrics)
            expected = run(*sentences["strings"])  # (also fills the caches)
            for kind, (gold, test) in sentences.items():
                assert run(gold, test) == expected, f"{kind}: other figures than strings'"
            best = dict.fromkeys(sentences, float("inf"))
            for _ in range(args.repeat):
                for kind, (gold, test) in sentences.items():
                    best[kind] = min(best[kind], seconds(partial(run, gold, test)))
            where = "parsedit.score" if how == "score" else f"Evaluator.update, batches of {BATCH}"
            show(f"{metrics}, {where}", best)
        best = dict.fromkeys(sentences, float("inf"))
        for _ in range(args.repeat):
            for kind, (gold, _) in sentences.items():
                best[kind] = min(best[kind], fresh_epoch(metrics, kind, gold, test_trees))
        show(f"{metrics}, Evaluator.update, batches of {BATCH}, predictions made anew", best)
    return 0


def show(what: str, best: dict[str, float]) -> None:
    print(f"{what}: " + ", ".join(f"{kind} {best[kind]:.3f} s "
                                  f"({best[kind] / best['strings']:.2f}x)" for kind in best))


if __name__ == "__main__":
    sys.exit(main())
