"""Scoring through a transducer scheme against the declarative path, as
whole processes, interleaved.

    python benchmarks/bench_grammars.py [GOLD] [--encoding span] [--repeat 5]
        [--scheme levenshtein] [--module span-boundary] [--python PATH]

GOLD defaults to the 3914-tree PTB sample in ../shared/data; the test file
is a copy perturbed by benchmarks/perturb.py (seed 1).  Three commands score
the one encoding (``parsedit score GOLD TEST --metrics ENC -q``) with

* ``--ENC-costs SCHEME``: the declarative scheme (the baseline);
* ``--ENC-costs FILE.far``: SCHEME compiled over the two files by
  ``parsedit grammars compile`` and read back;
* ``--ENC-costs MODULE``: a Python grammar module (built over the two files'
  alphabet; its transducer is built and cached before timing starts, in a
  temporary ``$PARSEDIT_CACHE``), unless ``--module ''``.

They run in turn, A B C A B C ..., ``--repeat`` rounds, each process pinned
to one core; the CPU time (user + system) of each process is compared with
that of the baseline in the same round, and the median ratio over rounds is
reported, with the median times.  The target (issue 16): a grammar module
within 5 times the declarative path.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_scale import compiled  # noqa: E402
from perturb import main as perturb_main  # noqa: E402
from perturb import one_core  # noqa: E402

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared/data/ptb-sample/wsj_0001-0199.clean"


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """CPU seconds (user + system) and wall seconds of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold", nargs="?", default=str(DEFAULT))
    parser.add_argument("--encoding", default="span", help="span, rule or label")
    parser.add_argument("--scheme", default="levenshtein", help="the declarative baseline")
    parser.add_argument("--module", default="span-boundary",
                        help="a grammar module ('' for none)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--python", default=sys.executable,
                        help="the interpreter that runs parsedit (default: this one)")
    args = parser.parse_args()
    compiled()
    one_core()  # the children inherit the pinning
    with tempfile.TemporaryDirectory() as tmp:
        test = os.path.join(tmp, "perturbed.mrg")
        perturb_main([args.gold, test, "--seed", "1"])
        env = dict(os.environ, PARSEDIT_CACHE=os.path.join(tmp, "cache"))
        parsedit = [args.python, "-m", "parsedit"]
        far = os.path.join(tmp, "compiled.far")
        subprocess.run([*parsedit, "grammars", "compile", args.scheme, "--alphabet", args.gold,
                        "--alphabet", test, "--encoding", args.encoding, "-o", far],
                       env=env, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        score = [*parsedit, "score", args.gold, test, "--metrics", args.encoding, "-q"]
        option = f"--{args.encoding}-costs"
        runs = {args.scheme: [*score, option, args.scheme],
                f"{args.scheme} compiled (.far)": [*score, option, far]}
        if args.module:
            runs[args.module] = [*score, option, args.module]
            timed(runs[args.module], env)  # builds and caches the module's transducer
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in runs}
        for _ in range(args.repeat):
            for name, command in runs.items():
                times[name].append(timed(command, env))
        base = times[args.scheme]
        print(f"{args.gold} against its perturbed copy, --metrics {args.encoding}, "
              f"{args.repeat} interleaved rounds, one core; median CPU (wall) seconds:")
        for name in runs:
            cpu = statistics.median(t[0] for t in times[name])
            wall = statistics.median(t[1] for t in times[name])
            ratios = sorted(t[0] / b[0] for t, b in zip(times[name], base))
            print(f"  {name:32} {cpu:7.2f} s ({wall:.2f} s)   against {args.scheme}: "
                  f"{statistics.median(ratios):.2f}x (range {ratios[0]:.2f}-{ratios[-1]:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
