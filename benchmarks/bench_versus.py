"""This checkout against another one, as whole processes, ratio of CPU time pair by pair.

    python benchmarks/bench_versus.py --against SRC [GOLD] [--copies 10]
                                      [--metrics parseval] [--format text] [--repeat 5]
                                      [--test TEST] [--option=--yield --option=align ...]

GOLD (default: the 3914-tree PTB sample in ../shared/data) is concatenated
``--copies`` times, and against it the concatenation of as many perturbed
copies (benchmarks/perturb.py, seeds 1, 2, ...: different errors in every
copy, so that no test line repeats and no cache is flattered by repeats).
``--test`` scores GOLD against that file instead (e.g. a copy with word
errors, made by benchmarks/word_errors.py), and each ``--option`` is passed
on to ``score`` as it is.  Then ``parsedit score GOLD TEST --metrics M
--format F -q`` runs with this
checkout (A) and with ``PYTHONPATH=SRC`` (B: another checkout's ``src``,
e.g. ``git archive 91cb834 | tar -x -C /tmp/old`` and ``--against
/tmp/old/src``), in turn A B A B ... ``--repeat`` times, and prints each
one's median CPU and wall seconds and peak memory, and the median (lowest -
highest) of the ratios A / B of CPU time and of wall time taken pair by
pair (so that a slower moment of a shared machine falls on both).  It says
whether the two reports were byte-identical (a version string in a
signature line is enough to make them differ).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_scale import DEFAULT, PARSEDIT, compiled, corpus, timed  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold", nargs="?", default=str(DEFAULT))
    parser.add_argument("--against", required=True, metavar="SRC",
                        help="the other checkout's src directory")
    parser.add_argument("--copies", type=int, default=10)
    parser.add_argument("--metrics", default="parseval")
    parser.add_argument("--format", default="text", choices=["evalb", "text", "json"])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--test", help="score GOLD against this file (no copies made)")
    parser.add_argument("--option", action="append", default=[],
                        help="an argument passed on to score (repeatable)")
    args = parser.parse_args()
    compiled(args.against)
    with tempfile.TemporaryDirectory() as tmp:
        if args.test:
            gold, test = args.gold, args.test
            pairs = Path(gold).read_bytes().count(b"\n")
        else:
            gold, test, pairs = corpus(args.gold, args.copies, tmp)
        command = [*PARSEDIT, "score", gold, test, "--metrics", args.metrics, "--format",
                   args.format, "-q", *args.option]
        here = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        there = {**here, "PYTHONPATH": args.against}
        runs: dict[str, list[tuple[float, float, float, bytes]]] = {"A": [], "B": []}
        for _ in range(args.repeat):
            for name, env in (("A", here), ("B", there)):
                saved = dict(os.environ)
                os.environ.clear()
                os.environ.update(env)
                try:
                    runs[name].append(timed(command))
                finally:
                    os.environ.clear()
                    os.environ.update(saved)
    print(f"{pairs:,} pairs, parsedit score --metrics {args.metrics} --format {args.format} "
          f"-q; {os.cpu_count()} CPUs, Python {sys.version.split()[0]}; A: this checkout, "
          f"B: {args.against}; {args.repeat} interleaved pairs of runs")
    for name, done in runs.items():
        print(f"  {name}: CPU {statistics.median(r[1] for r in done):.2f} s, wall "
              f"{statistics.median(r[0] for r in done):.2f} s, peak "
              f"{max(r[2] for r in done):.0f} MiB")
    for what, index in (("CPU", 1), ("wall", 0)):
        ratios = [a[index] / b[index] for a, b in zip(runs["A"], runs["B"])]
        print(f"  A / B {what}: {statistics.median(ratios):.3f} ({min(ratios):.3f}-"
              f"{max(ratios):.3f}), i.e. A is x{1 / statistics.median(ratios):.2f}")
    same = runs["A"][0][3] == runs["B"][0][3]
    print(f"  reports byte-identical: {'yes' if same else 'no'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
