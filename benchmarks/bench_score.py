"""Throughput of a scoring run, and parsedit side by side with EVALB.

    python benchmarks/bench_score.py [GOLD] [--copies N] [--metrics M] [--repeat R]
                                     [--evalb PATH]

GOLD (default: the 3914-tree PTB sample in ../shared/data) is concatenated
``--copies`` times, and against it as many perturbed copies
(benchmarks/perturb.py, seeds 1, 2, ...: no test line repeats); by default
one copy, ``label,span,rule`` and three runs.  Two figures:

* in one process (what a caller of the Python API sees): ``evaluate`` on
  both files ``--repeat`` times on one core, each with fresh caches, the
  best run as pairs per second;
* as whole processes, start-up included: ``parsedit score GOLD TEST
  --metrics M -q`` (with ``-p collins --format evalb`` when an EVALB binary
  is given), median CPU and wall seconds of ``--repeat`` runs.  With
  ``--evalb PATH`` (an EVALB binary you built: none is shipped), ``PATH -p
  COLLINS.prm GOLD TEST`` is timed in turn with it (A B A B ...), and the
  ratio parsedit / EVALB of CPU and wall time is taken pair by pair (median,
  lowest - highest), so that a slower moment of a shared machine falls on
  both; for PARSEVAL alone the two reports are compared byte for byte.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_scale import DEFAULT, PARSEDIT, compiled, corpus, spread, timed  # noqa: E402
from perturb import one_core  # noqa: E402

from parsedit.config import Config  # noqa: E402
from parsedit.pipeline.run import evaluate  # noqa: E402

COLLINS = DEFAULT.parents[1] / "evalb" / "COLLINS.prm"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold", nargs="?", default=str(DEFAULT))
    parser.add_argument("--copies", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--metrics", default="label,span,rule",
                        help="comma-separated: parseval, label, span, rule, la, tagging")
    parser.add_argument("--evalb", metavar="PATH", help="an EVALB binary to time beside it")
    args = parser.parse_args()
    compiled()
    with tempfile.TemporaryDirectory() as tmp:
        gold, test, pairs = corpus(args.gold, args.copies, tmp)
        print(f"{pairs:,} pairs, metrics {args.metrics}; {os.cpu_count()} CPUs, Python "
              f"{sys.version.split()[0]}")

        saved = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
        one_core()
        config = Config(metrics=tuple(args.metrics.split(",")))
        best = float("inf")
        for _ in range(args.repeat):
            start = time.perf_counter()
            evaluate(gold, test, config)
            best = min(best, time.perf_counter() - start)
        if saved is not None:
            os.sched_setaffinity(0, saved)
        print(f"  in one process (evaluate), best of {args.repeat}: {best:.3f} s = "
              f"{pairs / best:,.0f} pairs/s")

        evalb_format = args.evalb is not None and args.metrics == "parseval"
        command = [*PARSEDIT, "score", gold, test, "--metrics", args.metrics, "-q"]
        if args.evalb is not None:
            command += ["-p", "collins"]
        if evalb_format:
            command += ["--format", "evalb"]
        runs: dict[str, list[tuple[float, float, float, bytes]]] = {"parsedit": [], "EVALB": []}
        for _ in range(args.repeat):
            runs["parsedit"].append(timed(command))
            if args.evalb is not None:
                runs["EVALB"].append(timed([args.evalb, "-p", str(COLLINS), gold, test]))
        for name, done in runs.items():
            if not done:
                continue
            wall = statistics.median(r[0] for r in done)
            cpu = statistics.median(r[1] for r in done)
            print(f"  {name}, whole process, median of {len(done)}: CPU {cpu:.3f} s, wall "
                  f"{wall:.3f} s = {pairs / wall:,.0f} pairs/s, peak "
                  f"{max(r[2] for r in done):.0f} MiB")
        if args.evalb is not None:
            ours, theirs = runs["parsedit"], runs["EVALB"]
            cpu_ratios = [a[1] / b[1] for a, b in zip(ours, theirs)]
            wall_ratios = [a[0] / b[0] for a, b in zip(ours, theirs)]
            print(f"  parsedit / EVALB, pair by pair: CPU {spread(cpu_ratios)}, "
                  f"wall {spread(wall_ratios)}")
            if evalb_format:
                same = all(a[3] == b[3] for a, b in zip(ours, theirs))
                print(f"  reports byte-identical: {'yes' if same else 'NO'}")
                return 0 if same else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
