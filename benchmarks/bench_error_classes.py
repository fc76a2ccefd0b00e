"""What ``--error-classes`` (and ``--metrics ted``) cost beside the default metrics.

    python benchmarks/bench_error_classes.py [GOLD [TEST]] [--run default|classes|ted]
                                             [--repeat 3] [--ted]

GOLD defaults to the 3914-tree PTB sample in ../shared/data and TEST to its
perturbed copy (benchmarks/perturb.py, seed 1, written to a temporary
folder).  Without ``--run``, in one process, each the best of ``--repeat``
runs: the default metrics' run (PARSEVAL, label, span, rule), the same with
error classes (``Config(error_classes=True)``, what ``parsedit score
--error-classes`` runs), and their ratio, in CPU seconds; with ``--ted``,
then, once, the default metrics with tree edit distance (about a minute on
the sample).  With ``--run``, one of those runs alone, to be timed as a
whole process (start-up included), e.g. with ``/usr/bin/time``:
the ratio the issue bounds (1.5) is ``classes`` over ``default``.  The same
runs from the command line: ``parsedit score GOLD TEST -q`` and ``parsedit
score GOLD TEST -q --error-classes``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_scale import DEFAULT  # noqa: E402
from perturb import main as perturb_main  # noqa: E402

from parsedit.config import DEFAULT_METRICS, Config  # noqa: E402
from parsedit.pipeline.run import evaluate  # noqa: E402

RUNS = {"default": Config(), "classes": Config(error_classes=True)}


def config_of(run: str) -> Config:
    if run == "ted":
        return Config(metrics=(*DEFAULT_METRICS, "ted"))
    return RUNS[run]


def timed(gold: str, test: str, run: str) -> float:
    """The CPU seconds of one run (the machines are shared: wall time drifts)."""
    start = time.process_time()
    evaluate(gold, test, config_of(run), keep="none")
    return time.process_time() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold", nargs="?", default=str(DEFAULT))
    parser.add_argument("test", nargs="?")
    parser.add_argument("--run", choices=("default", "classes", "ted"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--ted", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        test = args.test
        if test is None:
            test = str(Path(tmp) / "perturbed1")
            perturb_main([args.gold, test, "--seed", "1"])
        if args.run is not None:
            evaluate(args.gold, test, config_of(args.run), keep="none")
            return 0
        best = {run: min(timed(args.gold, test, run) for _ in range(args.repeat))
                for run in RUNS}
        print(f"  default metrics, best of {args.repeat}: {best['default']:.3f} s of CPU")
        print(f"  with --error-classes, best of {args.repeat}: {best['classes']:.3f} s "
              f"({best['classes'] / best['default']:.2f} x)")
        if args.ted:
            print(f"  with --metrics ...,ted, once: {timed(args.gold, test, 'ted'):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
