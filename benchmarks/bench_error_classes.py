"""What error classes (and tree edit distance) cost beside the default metrics.

    python benchmarks/bench_error_classes.py [GOLD [TEST]] [--run default|classes|ted]
                                             [--repeat 3]

GOLD defaults to the 3914-tree PTB sample in ../shared/data and TEST to its
perturbed copy (benchmarks/perturb.py, seed 1, written to a temporary
folder).  Without ``--run``, in one process: the default metrics' run
(``evaluate``: PARSEVAL, label, span, rule) and, separately, the error
classification of the same normalised pairs and their tree edit distance,
each the best of ``--repeat`` runs, and the ratio (default + classes) /
default, what ``--error-classes`` adds to a run once it is wired in (the
pairs are normalised once, outside the timing, as the run already does).

With ``--run``, one whole job for timing as a process (start-up included):
``default`` the default metrics' run alone; ``classes`` the same run, then
every pair read, normalised and classified again (an upper bound: a wired
run reads and normalises once); ``reread`` the same without the
classification (so ``classes`` less ``reread`` is what classifying costs);
``ted`` likewise with tree edit distance.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_scale import DEFAULT  # noqa: E402
from perturb import main as perturb_main  # noqa: E402

from parsedit.metrics.error_classes import ErrorClasses  # noqa: E402
from parsedit.params import shipped_params  # noqa: E402
from parsedit.pipeline import Config, evaluate  # noqa: E402
from parsedit.trees.reader import read_trees  # noqa: E402

Pairs = list[tuple[tuple[str, ...], tuple[str, ...]]]


def normalised_pairs(gold: str, test: str) -> Pairs:
    """The normalised pairs with equal words (as a run scores them)."""
    normalisation = shipped_params("collins").normalisation
    out: Pairs = []
    for g, t in zip(read_trees(gold), read_trees(test)):
        if g.tokens is None or t.tokens is None:
            continue
        gn, tn = normalisation.normalise(g.tokens), normalisation.normalise(t.tokens)
        if gn.words == tn.words:
            out.append((gn.bracketing, tn.bracketing))
    return out


def summed(metric: Any, pairs: Pairs) -> Any:
    """The counts of every pair under ``metric``, summed."""
    total = metric.zero()
    for g, t in pairs:
        total = total + metric.score(g, t).counts
    return total


def classify(pairs: Pairs) -> int:
    return int(summed(ErrorClasses(), pairs).total_brackets)


def ted(pairs: Pairs) -> float:
    from parsedit.metrics.ted import TreeEditDistance

    return float(summed(TreeEditDistance(), pairs).distance)


def best(repeat: int, job: object) -> float:
    fastest = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        job()  # type: ignore[operator]
        fastest = min(fastest, time.perf_counter() - start)
    return fastest


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold", nargs="?", default=str(DEFAULT))
    parser.add_argument("test", nargs="?")
    parser.add_argument("--run", choices=("default", "reread", "classes", "ted"))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        test = args.test
        if test is None:
            test = str(Path(tmp) / "perturbed1")
            perturb_main([args.gold, test, "--seed", "1"])
        if args.run is not None:
            evaluate(args.gold, test, Config())
            if args.run == "reread":
                normalised_pairs(args.gold, test)
            elif args.run == "classes":
                classify(normalised_pairs(args.gold, test))
            elif args.run == "ted":
                ted(normalised_pairs(args.gold, test))
            return 0
        pairs = normalised_pairs(args.gold, test)
        default = best(args.repeat, lambda: evaluate(args.gold, test, Config()))
        classes = best(args.repeat, lambda: classify(pairs))
        print(f"{len(pairs):,} pairs")
        print(f"  default metrics (evaluate), best of {args.repeat}: {default:.3f} s")
        print(f"  error classes of the same pairs, best of {args.repeat}: {classes:.3f} s")
        print(f"  (default + classes) / default: {(default + classes) / default:.2f}")
        distance = best(1, lambda: ted(pairs))
        print(f"  tree edit distance of the same pairs, once: {distance:.3f} s "
              f"({1000 * distance / len(pairs):.2f} ms a pair)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
