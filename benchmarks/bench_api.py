"""The Python API's costs, as a training loop sees them.

    python benchmarks/bench_api.py [GOLD] [--sentences 1700] [--repeat 3] [--evalb PATH]

* import: the wall time of ``python -c "import parsedit"`` and of importing
  it and scoring one sentence (best of ``--repeat`` fresh processes);
* a dev-set-sized evaluation from strings: the first ``--sentences`` trees of
  GOLD (default: the PTB sample in ../shared/data) against a perturbed copy
  (benchmarks/perturb.py, seed 1), given to a kept ``parsedit.Evaluator`` in
  batches of 64 as a training loop would, with PARSEVAL alone and with every
  metric (the evaluator built once, outside the timing, as it is kept across
  epochs; the first epoch also fills its caches, so both epochs are shown),
  first without numpy imported, then with it (as in any training loop: the
  Evaluator then reads each batch with numpy);
* what benepar and AllenNLP do instead: write the two sets of trees to
  temporary files, run EVALB in a subprocess and read its report.  With
  ``--evalb PATH`` (an EVALB binary you built) that whole round trip is timed;
  without one, only its overhead is: the temporary files and a subprocess
  that does nothing (``true``).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_scale import compiled  # noqa: E402
from perturb import main as perturb_main  # noqa: E402
from perturb import one_core  # noqa: E402

import parsedit  # noqa: E402
from parsedit.trees.reader import read_trees  # noqa: E402

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared/data/ptb-sample/wsj_0001-0199.clean"
ALL = "parseval,label,span,rule,la"


def best(repeat: int, job: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return min(times)


def process(code: str) -> Callable[[], object]:
    return lambda: subprocess.run([sys.executable, "-c", code], check=True)


def lines(path: str, n: int) -> list[str]:
    out = []
    for item in read_trees(path):
        if len(out) == n:
            break
        out.append(item.tree.to_string() if item.tree is not None else "")
    return out


def epochs(gold: list[str], test: list[str], metrics: str) -> tuple[float, float]:
    """Seconds for a first and a second epoch through a kept evaluator."""
    evaluator = parsedit.Evaluator(metrics=metrics)
    out = []
    for _ in range(2):
        evaluator.reset()
        start = time.perf_counter()
        for i in range(0, len(gold), 64):
            evaluator.update(gold[i:i + 64], test[i:i + 64])
        evaluator.compute()
        out.append(time.perf_counter() - start)
    return out[0], out[1]


def subprocess_round_trip(gold: list[str], test: list[str], command: list[str]) -> None:
    """benepar's way: temporary files, a subprocess, its report read back."""
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for name, trees in (("gold.txt", gold), ("test.txt", test)):
            path = os.path.join(tmp, name)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write("\n".join(trees) + "\n")
            paths.append(path)
        subprocess.run([*command, *paths], capture_output=True, text=True, check=False)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold", nargs="?", default=str(DEFAULT))
    parser.add_argument("--sentences", type=int, default=1700)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--evalb", metavar="PATH", help="an EVALB binary to time as well")
    args = parser.parse_args()
    compiled()
    one_core()
    print(f"import parsedit: {best(args.repeat, process('import parsedit')):.3f} s "
          "(a fresh process, Python's own start included)")
    one = "import parsedit; parsedit.score(['(S (A a))'], ['(S (A a))'])"
    print(f"import parsedit and score one sentence: {best(args.repeat, process(one)):.3f} s")
    print(f"python alone: {best(args.repeat, process('pass')):.3f} s")
    with tempfile.TemporaryDirectory() as tmp:
        perturbed = os.path.join(tmp, "perturbed.mrg")
        perturb_main([args.gold, perturbed, "--seed", "1"])
        gold, test = lines(args.gold, args.sentences), lines(perturbed, args.sentences)
    print(f"{len(gold)} sentence pairs from strings, a kept Evaluator, batches of 64:")
    for loaded in (False, True):
        if loaded:  # (as in a training loop, where it always is)
            import numpy  # noqa: F401
        print(f" numpy {'imported' if loaded else 'not imported'}:")
        for metrics in ("parseval", ALL):
            first, second = epochs(gold, test, metrics)
            print(f"  {metrics}: first epoch {first:.3f} s, next epochs {second:.3f} s "
                  f"({len(gold) / second:,.0f} pairs/s)")
    if args.evalb:
        prm = Path(args.gold).resolve().parents[1] / "evalb" / "COLLINS-nomax.prm"
        seconds = best(args.repeat, lambda: subprocess_round_trip(
            gold, test, [args.evalb, "-p", str(prm)]))
        print(f"EVALB through temporary files and a subprocess: {seconds:.3f} s")
    else:
        seconds = best(args.repeat, lambda: subprocess_round_trip(gold, test, ["true"]))
        print(f"temporary files and a subprocess alone (no EVALB given): {seconds:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
