"""Scaling, peak memory and the ``-j`` speed-up of ``parsedit score``, as processes.

    python benchmarks/bench_scale.py [GOLD] [--copies 1,10,100] [--metrics parseval]
                                     [--jobs 1,2] [--repeat 3] [--distinct] [--ceiling]

GOLD (default: the 3914-tree PTB sample in ../shared/data) and a perturbed
copy (benchmarks/perturb.py, seed 1) are each concatenated ``--copies`` times
(1, 10, 100: 3.9k, 39k and 391k pairs; with ``--distinct``, copy k of the
test is perturbed with seed k, so that no test line repeats and no cache is
flattered by repeated pairs); then ``parsedit score GOLD TEST
--metrics M -q -j N`` runs as a whole process for every size and every N,
``--repeat`` times in turn (A B A B ..., so that a slower moment of a shared
machine falls on every variant), and the median wall time, its pairs per
second, the speed-up over the first N (the median of the ratios taken run
by run, with their lowest and highest: a loaded machine shows as a wide
spread), the CPU time of all its processes against the first N's, and the
peak memory of the largest process (the parent, or a worker) are printed.
Every run's report must be byte-identical to the first one's, or the script
says so and exits 1.

``--ceiling`` adds, in the same turns, what two *independent* processes get
on this machine: the first and second halves of the pairs scored by two
``-j 1`` processes started together, against one ``-j 1`` process on all of
them.  No ``-j 2`` can beat that (it is the machine's own limit: shared
caches, a busy neighbour), so it is the yardstick for ``-j 2``'s speed-up.
"""

from __future__ import annotations

import argparse
import json
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
SRC = Path(__file__).resolve().parents[1] / "src"


def compiled(*sources: str | Path) -> None:
    """Write the bytecode of this checkout's ``src`` and of ``sources``
    (another checkout's, timed against it) before anything is timed.  An
    installed parsedit has its bytecode; a checkout run where
    PYTHONDONTWRITEBYTECODE is set (as in some sandboxes) would otherwise
    compile every module again in every run, about 0.06 s of CPU each,
    which no user pays."""
    import compileall

    for source in (SRC, *sources):
        compileall.compile_dir(str(source), quiet=1)


def concatenated(sources: list[str], out: str) -> str:
    """The files ``sources`` written one after another into ``out``."""
    with open(out, "wb") as handle:
        for source in sources:
            handle.write(Path(source).read_bytes())
    return out


def corpus(gold: str, copies: int, tmp: str) -> tuple[str, str, int]:
    """GOLD concatenated ``copies`` times, against as many perturbed copies
    (benchmarks/perturb.py, seeds 1, 2, ...: no test line repeats), written
    into ``tmp``: the two paths and the number of pairs."""
    tests = [os.path.join(tmp, f"perturbed{seed}") for seed in range(1, copies + 1)]
    for seed, one in enumerate(tests, 1):
        perturb_main([gold, one, "--seed", str(seed)])
    pairs = Path(gold).read_bytes().count(b"\n") * copies
    return (concatenated([gold] * copies, os.path.join(tmp, "gold")),
            concatenated(tests, os.path.join(tmp, "test")), pairs)


def halves(path: str, tmp: str) -> tuple[str, str]:
    """The first and the second half of the lines of ``path``, as two files."""
    lines = Path(path).read_bytes().splitlines(keepends=True)
    middle = len(lines) // 2
    first, second = os.path.join(tmp, "first-half"), os.path.join(tmp, "second-half")
    first += os.path.basename(path)
    second += os.path.basename(path)
    Path(first).write_bytes(b"".join(lines[:middle]))
    Path(second).write_bytes(b"".join(lines[middle:]))
    return first, second


def spread(values: list[float]) -> str:
    """The median of ``values`` and their range, as the scripts print ratios."""
    return f"{statistics.median(values):.3f} ({min(values):.3f}-{max(values):.3f})"


def timed(command: list[str], *others: list[str]) -> tuple[float, float, float, bytes]:
    """Wall seconds, CPU seconds of it and every process it started, peak MiB
    of the largest of them, and its output (with ``others``: those commands
    started at the same time as ``command``, waited for too, their output
    not kept).  ``ru_maxrss`` of the children is the largest of any one
    child waited for so far; a fresh Python per run makes it this run's
    (runs only grow)."""
    probe = [sys.executable, "-c",
             "import json, resource, subprocess, sys, time; s = time.perf_counter(); "
             "commands = json.loads(sys.argv[1]); "
             "others = [subprocess.Popen(c, stdout=subprocess.DEVNULL) for c in commands[1:]]; "
             "out = subprocess.run(commands[0], capture_output=True).stdout; "
             "[o.wait() for o in others]; "
             "w = time.perf_counter() - s; "
             "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
             "c = u.ru_utime + u.ru_stime; "
             "sys.stdout.buffer.write(f'{w} {c} {u.ru_maxrss}\\n'.encode() + out)",
             json.dumps([command, *others])]
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
    parser.add_argument("--distinct", action="store_true",
                        help="perturb copy k of the test with seed k")
    parser.add_argument("--ceiling", action="store_true",
                        help="also time two independent -j 1 processes on the two halves")
    args = parser.parse_args()
    compiled()
    jobs = args.jobs.split(",")
    copies = [int(c) for c in args.copies.split(",")]
    print(f"machine: {os.cpu_count()} CPUs, {os.uname().machine}, Python "
          f"{sys.version.split()[0]}; metrics {args.metrics}, --format {args.format}; "
          f"median of {args.repeat} interleaved runs")
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        tests = [os.path.join(tmp, f"perturbed{seed}.mrg")
                 for seed in range(1, (max(copies) if args.distinct else 1) + 1)]
        for seed, test_one in enumerate(tests, 1):
            perturb_main([args.gold, test_one, "--seed", str(seed)])
        pairs_one = sum(1 for _ in open(args.gold, "rb"))
        for n in copies:
            gold = concatenated([args.gold] * n, os.path.join(tmp, f"gold{n}"))
            test = concatenated([tests[k % len(tests)] for k in range(n)],
                                os.path.join(tmp, f"test{n}"))
            pairs = pairs_one * n
            variants = {f"-j {j}": [[*PARSEDIT, "score", gold, test, "--metrics", args.metrics,
                                     "--format", args.format, "-q", "-j", j]] for j in jobs}
            if args.ceiling:
                (gold_a, gold_b), (test_a, test_b) = halves(gold, tmp), halves(test, tmp)
                variants["halves"] = [[*PARSEDIT, "score", g, t, "--metrics", args.metrics,
                                       "--format", args.format, "-q"]
                                      for g, t in ((gold_a, test_a), (gold_b, test_b))]
            walls: dict[str, list[float]] = {v: [] for v in variants}
            cpus: dict[str, list[float]] = {v: [] for v in variants}
            peaks: dict[str, float] = {v: 0.0 for v in variants}
            first: bytes | None = None
            for _ in range(args.repeat):
                for name, commands in variants.items():
                    wall, cpu, peak, report = timed(*commands)
                    walls[name].append(wall)
                    cpus[name].append(cpu)
                    peaks[name] = max(peaks[name], peak)
                    if name == "halves":
                        continue
                    first = report if first is None else first
                    if report != first:
                        print(f"  {name}: the report differs from the first run's", flush=True)
                        failed = True
            base_name = next(iter(variants))
            base, base_cpu = walls[base_name], cpus[base_name]
            for j in variants:
                median = statistics.median(walls[j])
                ratios = [b / w for b, w in zip(base, walls[j])]
                cpu = statistics.median(c / b for b, c in zip(base_cpu, cpus[j]))
                print(f"{pairs:>8,} pairs  {j}: {median:7.2f} s  {pairs / median:>8,.0f} "
                      f"pairs/s  speed-up x{statistics.median(ratios):.2f} "
                      f"({min(ratios):.2f}-{max(ratios):.2f})  CPU x{cpu:.2f}  "
                      f"peak {peaks[j]:.0f} MiB", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
