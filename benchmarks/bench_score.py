"""Throughput of a scoring run, reading included.

    python benchmarks/bench_score.py [GOLD] [--metrics label,span,rule] [--repeat 3]

The targets: label + span + rule >= 3,000 pairs/s; parseval alone >= 10,000.
With ``--evalb PATH`` (an EVALB binary you built), EVALB is timed on the same
two files with COLLINS.prm, process start included, for comparison.

GOLD defaults to the 3914-tree PTB sample in ../shared/data.  A perturbed copy
(benchmarks/perturb.py, seed 1) is written to a temporary file; then the whole
evaluation (read both files, normalise, encode, compose, correct, sum) runs
``--repeat`` times in this one process on one core, each time with fresh
caches, and the best run is reported as sentence pairs per second.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from perturb import main as perturb_main  # noqa: E402
from perturb import one_core  # noqa: E402

from parsedit.pipeline import Config, evaluate  # noqa: E402

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared/data/ptb-sample/wsj_0001-0199.clean"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold", nargs="?", default=str(DEFAULT))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--metrics", default="label,span,rule",
                        help="comma-separated: parseval, label, span, rule, la")
    parser.add_argument("--evalb", metavar="PATH", help="an EVALB binary to time as well")
    args = parser.parse_args()
    one_core()
    with tempfile.TemporaryDirectory() as tmp:
        test = os.path.join(tmp, "perturbed.mrg")
        perturb_main([args.gold, test, "--seed", "1"])
        config = Config(metrics=tuple(args.metrics.split(",")))
        best = float("inf")
        for _ in range(args.repeat):
            start = time.perf_counter()
            result = evaluate(args.gold, test, config)
            best = min(best, time.perf_counter() - start)
        pairs = len(result.sentences)
        print(f"{pairs} sentence pairs, metrics {args.metrics}: best of {args.repeat} runs "
              f"{best:.3f} s = {pairs / best:,.0f} pairs/s on one core")
        for metric in config.metrics:
            if metric == "parseval":
                f = result.totals.counts["parseval"].figures()
                print(f"  parseval: recall {f['recall']:.2f} precision {f['precision']:.2f} "
                      f"F {f['f_measure']:.2f}")
                continue
            if metric == "la":
                la = result.totals.counts["la"]
                print(f"  la: sentence mean {la.score:.4f}, word mean {la.word_score:.4f} "
                      f"over {la.words} words")
                continue
            t = result.totals.counts[metric]
            print(f"  {metric}: edits {t.edits:g} over {t.gold} gold events, "
                  f"accuracy {t.accuracy:.2f}")
        if args.evalb:
            prm = Path(args.gold).resolve().parents[1] / "evalb" / "COLLINS-nomax.prm"
            best = float("inf")
            for _ in range(args.repeat):
                start = time.perf_counter()
                subprocess.run([args.evalb, "-p", str(prm), args.gold, test],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
                best = min(best, time.perf_counter() - start)
            print(f"EVALB ({args.evalb}): best of {args.repeat} runs {best:.3f} s = "
                  f"{pairs / best:,.0f} pairs/s on one core")
    return 0


if __name__ == "__main__":
    sys.exit(main())
