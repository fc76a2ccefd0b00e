"""Scaling, peak memory and the ``-j`` speed-up of ``parsedit score``, as processes.

    python benchmarks/bench_scale.py [GOLD] [--copies 1,10,100] [--metrics parseval]
                                     [--jobs 1,2] [--repeat 3]

GOLD (default: the 3914-tree PTB sample in ../shared/data) and a perturbed
copy (benchmarks/perturb.py, seed 1) are each concatenated ``--copies`` times
(1, 10, 100: 3.9k, 39k and 391k pairs); then ``parsedit score GOLD TEST
--metrics M -q -j N`` runs as a whole process for every size and every N,
``--repeat`` times in turn (A B A B ..., so that a slower moment of a shared
machine falls on every variant), and the median wall time, its pairs per
second, the speed-up over the first N (the median of the ratios taken run
by run, with their lowest and highest: a loaded machine shows as a wide
spread), the CPU time of all its processes against the first N's, and the
peak memory of the largest process (the parent, or a worker) are printed.
Every run's report must be byte-identical to the first one's, or the script
says so and exits 1.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from perturb import main as perturb_main  # noqa: E402

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared/data/ptb-sample/wsj_0001-0199.clean"
PARSEDIT = [sys.executable, "-m", "parsedit"]


def concatenated(source: str, copies: int, out: str) -> str:
    """``source`` written ``copies`` times into ``out``."""
    data = Path(source).read_bytes()
    with open(out, "wb") as handle:
        for _ in range(copies):
            handle.write(data)
    return out


def timed(command: list[str]) -> tuple[float, float, float, bytes]:
    """Wall seconds, CPU seconds of it and every process it started, peak MiB
    of the largest of them, and its output.  ``ru_maxrss`` of the children
    is the largest of any one child waited for so far; a fresh Python per run
    makes it this run's (runs only grow)."""
    probe = [sys.executable, "-c",
             "import resource, subprocess, sys, time; s = time.perf_counter(); "
             "out = subprocess.run(sys.argv[1:], capture_output=True).stdout; "
             "w = time.perf_counter() - s; "
             "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
             "c = u.ru_utime + u.ru_stime; "
             "sys.stdout.buffer.write(f'{w} {c} {u.ru_maxrss}\\n'.encode() + out)", *command]
    done = subprocess.run(probe, capture_output=True, check=True)
    head, _, report = done.stdout.partition(b"\n")
    wall, cpu, kib = head.split()
    return float(wall), float(cpu), int(kib) / 1024, report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold", nargs="?", default=str(DEFAULT))
    parser.add_argument("--copies", default="1,10,100")
    parser.add_argument("--metrics", default="parseval")
    parser.add_argument("--jobs", default="1,2", help="comma-separated; auto allowed")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--format", default="evalb", choices=["evalb", "text", "json"])
    args = parser.parse_args()
    jobs = args.jobs.split(",")
    print(f"machine: {os.cpu_count()} CPUs, {os.uname().machine}, Python "
          f"{sys.version.split()[0]}; metrics {args.metrics}, --format {args.format}; "
          f"median of {args.repeat} interleaved runs")
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        test_one = os.path.join(tmp, "perturbed.mrg")
        perturb_main([args.gold, test_one, "--seed", "1"])
        pairs_one = sum(1 for _ in open(args.gold, "rb"))
        for copies in (int(c) for c in args.copies.split(",")):
            gold = concatenated(args.gold, copies, os.path.join(tmp, f"gold{copies}"))
            test = concatenated(test_one, copies, os.path.join(tmp, f"test{copies}"))
            walls: dict[str, list[float]] = {j: [] for j in jobs}
            cpus: dict[str, list[float]] = {j: [] for j in jobs}
            peaks: dict[str, float] = {j: 0.0 for j in jobs}
            first: bytes | None = None
            for _ in range(args.repeat):
                for j in jobs:
                    wall, cpu, peak, report = timed([*PARSEDIT, "score", gold, test,
                                                     "--metrics", args.metrics, "--format",
                                                     args.format, "-q", "-j", j])
                    walls[j].append(wall)
                    cpus[j].append(cpu)
                    peaks[j] = max(peaks[j], peak)
                    first = report if first is None else first
                    if report != first:
                        print(f"  -j {j}: the report differs from the first run's", flush=True)
                        failed = True
            pairs = pairs_one * copies
            base, base_cpu = walls[jobs[0]], cpus[jobs[0]]
            for j in jobs:
                median = statistics.median(walls[j])
                ratios = [b / w for b, w in zip(base, walls[j])]
                cpu = statistics.median(c / b for b, c in zip(base_cpu, cpus[j]))
                print(f"{pairs:>8,} pairs  -j {j}: {median:7.2f} s  {pairs / median:>8,.0f} "
                      f"pairs/s  speed-up x{statistics.median(ratios):.2f} "
                      f"({min(ratios):.2f}-{max(ratios):.2f})  CPU x{cpu:.2f}  "
                      f"peak {peaks[j]:.0f} MiB", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
