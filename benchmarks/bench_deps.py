"""The dependency metric against the rule encoding's edit distance: the real
run, and the metric alone, per sentence.

    python benchmarks/bench_deps.py [--metric dep|rule] [--route auto|reference]
                                    [--repeat 5] [--alone] [--write DIR]
                                    [GOLD [TEST]]

GOLD (default: the 3914-tree PTB sample in ../shared/data, ``.clean``)
against TEST (default: its perturbed copy, ``benchmarks/perturb.py`` seed 1,
written to a temporary file), on one core.

* By default, the real run in this process: ``parsedit.pipeline.run.evaluate``
  (what ``parsedit score`` runs) with ``--metrics dep`` or ``--metrics rule``
  on the route the table chooses for each (``--route auto``: ``dep`` takes
  ``reference``, ``rule`` a sentences route) or on ``reference``, the best
  CPU time of ``--repeat`` runs (each with a fresh scorer; the first run
  also pays the imports), and the headline figure.
* ``--alone``: the metric alone on pairs read beforehand by parsedit's
  reader, the counts summed once: ``dep`` converts both trees with Collins'
  head table and counts attachment, root, complete match, relational and
  per-relation counts and Roark's dependency edit distance under
  ``levenshtein`` through the FST engine; ``rule`` normalises both trees by
  COLLINS.prm and computes the rule encoding's edit distance under
  ``levenshtein``.
* ``--write DIR``: write TEST to ``DIR/perturbed.mrg`` and print the pairs
  of commands to time as whole processes (start-up included), each pair in
  turn (A B A B ...), e.g. with ``/usr/bin/time`` or any harness that
  alternates two commands and takes the ratio pair by pair: ``dep`` against
  ``rule`` on the routes the table chooses, over TEST and over GOLD itself
  (identical trees), and ``dep`` on its route against ``dep`` on
  ``reference`` (what the route buys).  That is what ``benchmarks/RESULTS.md``
  reports.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from perturb import main as perturb  # noqa: E402
from perturb import one_core  # noqa: E402

from parsedit.trees.reader import read_trees  # noqa: E402

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared/data/ptb-sample/wsj_0001-0199.clean"
Pairs = list[tuple[tuple[str, ...], tuple[str, ...]]]


def alone_dep(pairs: Pairs) -> tuple[float, Any]:
    from parsedit.deps.metric import Dependencies

    metric = Dependencies()
    start = time.process_time()
    total = metric.zero().sum([metric.score(gold, test).counts for gold, test in pairs])
    return time.process_time() - start, metric.headline(total)


def alone_rule(pairs: Pairs) -> tuple[float, Any]:
    from parsedit.costs.reader import default_scheme
    from parsedit.encodings import get_encoding
    from parsedit.metrics.edits import EditDistance
    from parsedit.trees.normalise import COLLINS

    metric = EditDistance(get_encoding("rule"), default_scheme("rule"))
    start = time.process_time()
    total = metric.zero().sum([metric.score(COLLINS.apply(gold), COLLINS.apply(test)).counts
                               for gold, test in pairs])
    return time.process_time() - start, metric.headline(total)


def whole_run(gold: str, test: str, metric: str, route: str) -> tuple[float, Any]:
    from parsedit.config import Config
    from parsedit.metrics import registry
    from parsedit.pipeline.run import evaluate

    config = Config(metrics=(metric,), route=route)
    start = time.process_time()
    result = evaluate(gold, test, config, keep="none")
    seconds = time.process_time() - start
    built = registry.build(config)[metric]
    return seconds, built.headline(result.totals.counts[metric])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold", nargs="?", default=str(DEFAULT))
    parser.add_argument("test", nargs="?")
    parser.add_argument("--metric", choices=("dep", "rule"), default="dep")
    parser.add_argument("--route", choices=("auto", "reference"), default="auto",
                        help="the route of the real run (auto: the table's)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--alone", action="store_true",
                        help="time the metric alone on pairs read beforehand")
    parser.add_argument("--write", metavar="DIR",
                        help="write the perturbed copy to DIR and print the commands to time")
    args = parser.parse_args(argv)
    one_core()
    if args.write:
        folder = Path(args.write)
        folder.mkdir(parents=True, exist_ok=True)
        test = args.test or str(folder / "perturbed.mrg")
        if args.test is None:
            perturb([args.gold, test, "--seed", "1"])
        score = "python -m parsedit score"
        for name, other in ((test, "rule"), (args.gold, "rule"), (test, "dep --route reference")):
            print(f"A: {score} {args.gold} {name} --metrics dep -q")
            print(f"B: {score} {args.gold} {name} --metrics {other} -q")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        test = args.test
        if test is None:
            test = str(Path(folder) / "perturbed.mrg")
            perturb([args.gold, test, "--seed", "1"])
        if args.alone:
            pairs = [(g.tokens, t.tokens) for g, t in zip(read_trees(args.gold), read_trees(test))
                     if g.tokens is not None and t.tokens is not None]
            score = alone_dep if args.metric == "dep" else alone_rule
            runs = [score(pairs) for _ in range(args.repeat)]
            what = f"{len(pairs)} pairs, the metric alone"
        else:
            runs = [whole_run(args.gold, test, args.metric, args.route)
                    for _ in range(args.repeat)]
            what = f"the run (evaluate, route {args.route})"
    seconds = min(r[0] for r in runs)
    print(f"{args.metric}: {what}, {seconds:.3f} CPU s (best of {args.repeat}); "
          f"headline {runs[0][1]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
