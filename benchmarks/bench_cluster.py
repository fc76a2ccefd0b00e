"""The cluster route of docs/how-to/cluster.md against `-j N`, on one machine.

    python benchmarks/bench_cluster.py --write DIR [--copies 10] [--shards 20] [GOLD]
    python benchmarks/bench_cluster.py --dask DIR [--workers 2] [--metrics M]
    python benchmarks/bench_cluster.py --fixed [--metrics M] [--repeat 5]

``--write`` writes a silver corpus to DIR: ``--copies`` copies of GOLD
(default: the PTB sample in ../shared/data) as ``gold.mrg``, a perturbed
copy of each (benchmarks/perturb.py, seeds 1, 2, ...) as ``test.mrg``, and
the same lines cut into ``--shards`` pairs of shard files
(``gold-NNN.mrg``, ``test-NNN.mrg``), as a silver corpus is kept on a
cluster's shared storage.

``--dask`` scores the shards as the how-to does: Dask's local scheduler
with ``--workers`` processes, one Evaluator per shard pair, the evaluators
added; it prints the PARSEVAL F.  Timed as a whole process against
``parsedit score DIR/gold.mrg DIR/test.mrg -j N`` (the same pairs), the
difference is what the cluster route costs beyond ``-j N`` on one machine:
its workers start apart (a fresh Python each, importing parsedit and
building its scorer) where ``-j N``'s are forked from a parent that has.

``--fixed`` times that cost alone: a fresh process that imports parsedit,
builds an Evaluator and scores one pair (best of ``--repeat``), against
``python -c pass``.
"""

from __future__ import annotations

import argparse
import operator
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared/data/ptb-sample/wsj_0001-0199.clean"


def write(directory: Path, gold: Path, copies: int, shards: int) -> None:
    from perturb import main as perturb_main

    directory.mkdir(parents=True, exist_ok=True)
    gold_lines: list[str] = []
    test_lines: list[str] = []
    for seed in range(1, copies + 1):
        perturbed = directory / f"perturbed-{seed}.mrg"
        perturb_main([str(gold), str(perturbed), "--seed", str(seed)])
        gold_lines += gold.read_text(encoding="utf-8").splitlines()
        test_lines += perturbed.read_text(encoding="utf-8").splitlines()
        perturbed.unlink()
    for name, lines in (("gold", gold_lines), ("test", test_lines)):
        (directory / f"{name}.mrg").write_text("\n".join(lines) + "\n", encoding="utf-8")
        size = -(-len(lines) // shards)
        for k in range(shards):
            part = lines[k * size:(k + 1) * size]
            (directory / f"{name}-{k:03d}.mrg").write_text("\n".join(part) + "\n",
                                                          encoding="utf-8")
    print(f"{len(gold_lines)} pairs in {shards} shards")


def score_shard(paths: tuple[str, str], metrics: str) -> object:
    import parsedit

    gold, test = (Path(path).read_text(encoding="utf-8").splitlines() for path in paths)
    evaluator = parsedit.Evaluator(metrics=metrics)
    evaluator.update(gold, test)
    return evaluator


def by_dask(directory: Path, workers: int, metrics: str) -> None:
    from functools import partial

    import dask.bag as db

    shards = sorted(directory.glob("gold-*.mrg"))
    pairs = [(str(g), str(g.with_name(g.name.replace("gold-", "test-")))) for g in shards]
    bag = db.from_sequence(pairs, npartitions=len(pairs))
    total = bag.map(partial(score_shard, metrics=metrics)).fold(operator.add).compute(
        scheduler="processes", num_workers=workers)
    print(f"F {total.compute().parseval.f_measure:.4f} over {len(pairs)} shards")


def fixed(metrics: str, repeat: int) -> None:
    one = (f"import parsedit; e = parsedit.Evaluator(metrics={metrics!r}); "
           "e.update(['(S (A a))'], ['(S (A a))'])")

    def best(code: str) -> float:
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True)
            times.append(time.perf_counter() - start)
        return min(times)

    print(f"a fresh worker, {metrics}: {best(one):.3f} s wall (python alone "
          f"{best('pass'):.3f} s)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold", nargs="?", default=str(DEFAULT))
    parser.add_argument("--write", type=Path)
    parser.add_argument("--copies", type=int, default=10)
    parser.add_argument("--shards", type=int, default=20)
    parser.add_argument("--dask", type=Path)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--fixed", action="store_true")
    parser.add_argument("--metrics", default="parseval,label,span,rule")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if args.write:
        write(args.write, Path(args.gold), args.copies, args.shards)
    if args.dask:
        by_dask(args.dask, args.workers, args.metrics)
    if args.fixed:
        fixed(args.metrics, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
