"""Dependency scoring against the rule encoding's edit distance, per sentence.

    python benchmarks/bench_deps.py [--metric dep|rule] [--repeat 3] [GOLD [TEST]]

GOLD (default: the 3914-tree PTB sample in ../shared/data) against TEST
(default: its perturbed copy, benchmarks/perturb.py seed 1, written to a
temporary file), one core.  Each pair is read by parsedit's reader and
scored, and the counts summed once (as the pipeline aggregates):

* ``dep``: the whole dependency metric (parsedit.deps.metric.Dependencies):
  both trees converted with Collins' head table, attachment, root, complete
  match, relational and per-relation counts, and Roark's dependency edit
  distance under ``levenshtein`` through the FST engine;
* ``rule``: the rule encoding's edit distance under ``levenshtein``
  (parsedit.metrics.edits.EditDistance), on the trees normalised by
  COLLINS.prm, as the pipeline's per-sentence route does.

It prints the best of ``--repeat`` runs (fresh metric and caches each time)
as microseconds per sentence pair, and the headline figure.  Time it as a
whole process too (start-up included), dep against rule, e.g. with
``/usr/bin/time`` or any harness that alternates the two commands.
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
# This checkout's table, by path (what an older installed parsedit lacks).
COLLINS = Path(__file__).resolve().parents[1] / "grammars/heads/collins.toml"


def score_dep(pairs: list[tuple[tuple[str, ...], tuple[str, ...]]]) -> tuple[float, Any]:
    from parsedit.deps.metric import Dependencies

    metric = Dependencies(str(COLLINS))
    start = time.perf_counter()
    total = metric.zero().sum([metric.score(gold, test).counts for gold, test in pairs])
    return time.perf_counter() - start, metric.headline(total)


def score_rule(pairs: list[tuple[tuple[str, ...], tuple[str, ...]]]) -> tuple[float, Any]:
    from parsedit.costs.reader import default_scheme
    from parsedit.encodings import get_encoding
    from parsedit.metrics.edits import EditDistance
    from parsedit.trees.normalise import COLLINS

    metric = EditDistance(get_encoding("rule"), default_scheme("rule"))
    start = time.perf_counter()
    total = metric.zero().sum([metric.score(COLLINS.apply(gold), COLLINS.apply(test)).counts
                               for gold, test in pairs])
    return time.perf_counter() - start, metric.headline(total)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold", nargs="?", default=str(DEFAULT))
    parser.add_argument("test", nargs="?")
    parser.add_argument("--metric", choices=("dep", "rule"), default="dep")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args(argv)
    one_core()
    with tempfile.TemporaryDirectory() as folder:
        test = args.test
        if test is None:
            test = str(Path(folder) / "perturbed.mrg")
            perturb([args.gold, test, "--seed", "1"])
        pairs = [(g.tokens, t.tokens) for g, t in zip(read_trees(args.gold), read_trees(test))
                 if g.tokens is not None and t.tokens is not None]
    score = score_dep if args.metric == "dep" else score_rule
    runs = [score(pairs) for _ in range(args.repeat)]
    seconds = min(r[0] for r in runs)
    print(f"{args.metric}: {len(pairs)} pairs, {seconds:.3f} s, "
          f"{1e6 * seconds / len(pairs):.0f} us a pair; headline {runs[0][1]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
