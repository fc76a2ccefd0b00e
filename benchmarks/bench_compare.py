"""Time ``parsedit compare``, and the randomisation test before and after its
vectorisation, on the PTB sample.

    python benchmarks/bench_compare.py [GOLD] [--systems 6] [--samples 10000]

GOLD defaults to the 3914-tree PTB sample in ../shared/data.  ``--systems``
perturbed copies (benchmarks/perturb.py, seeds 1, 2, ...) are written to a
temporary directory and compared with :func:`parsedit.compare.compare`
(default metrics: parseval, label, span, rule), each phase timed.  Then the
randomisation of every pair under every metric is run again with the loop
parsedit had before (each pair and metric on its own, the counts swapped with
``np.where`` and every figure summed again; kept verbatim in
tests/test_compare.py as ``old_randomization``, the oracle of the new one)
and the p-values are checked to be the same.  The 13 Kummerfeld parsers (10
sentences, five metrics) are timed as well, end to end.  One core; the best
of ``--repeat`` runs; times are the process's CPU time (``time.process_time``),
so that other load on a shared machine does not count.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from perturb import main as perturb_main  # noqa: E402
from perturb import one_core  # noqa: E402
from test_compare import old_randomization  # noqa: E402

from parsedit.compare import Comparison, compare  # noqa: E402
from parsedit.metrics import registry  # noqa: E402
from parsedit.metrics.base import Metric  # noqa: E402
from parsedit.metrics.significance import Array  # noqa: E402
from parsedit.pipeline import Config  # noqa: E402
from parsedit.results import CorpusResult  # noqa: E402

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
DEFAULT = DATA / "ptb-sample" / "wsj_0001-0199.clean"


def _arrays(a: CorpusResult, b: CorpusResult, metric: Metric
            ) -> tuple[tuple[Array, Array], ...]:
    """Each system's (num, den) terms (every metric timed here has two)."""
    both = [(s, t) for s, t in zip(a.sentences, b.sentences) if s.status == t.status == "ok"]
    out = []
    for side in (0, 1):
        terms = [metric.terms(pair[side].counts[metric.name]) for pair in both]
        out.append((np.array([t[0] for t in terms]), np.array([t[1] for t in terms])))
    return tuple(out)


class Phases:
    """A ``compare`` progress callback that times each phase (the systems'
    scoring summed into one)."""

    def __init__(self) -> None:
        self.seen: dict[str, float] = {}
        self.phase = ""
        self.since = time.process_time()

    def __call__(self, phase: str, total: int, done: int) -> None:
        name = "scoring" if phase.startswith("scoring") else phase
        if name != self.phase:
            self.close()
            self.phase = name

    def close(self) -> None:
        now = time.process_time()
        if self.phase:
            self.seen[self.phase] = self.seen.get(self.phase, 0.0) + now - self.since
        self.since = now


def timed_compare(gold: str, paths: list[str], config: Config, samples: int,
                  repeat: int) -> tuple[float, dict[str, float], Comparison]:
    """The best total time of ``compare``, its phases in that run, the result."""
    best, phases, result = float("inf"), {}, None
    for _ in range(repeat):
        timer = Phases()
        start = time.process_time()
        found = compare(gold, paths, config, samples=samples, progress=timer)
        timer.close()
        if time.process_time() - start < best:
            best, phases, result = time.process_time() - start, timer.seen, found
    assert result is not None
    return best, phases, result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold", nargs="?", default=str(DEFAULT))
    parser.add_argument("--systems", type=int, default=6)
    parser.add_argument("--samples", type=int, default=10000)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    one_core()
    config = Config()
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for seed in range(1, args.systems + 1):
            paths.append(os.path.join(tmp, f"perturbed{seed}.mrg"))
            perturb_main([args.gold, paths[-1], "--seed", str(seed)])
        total, phases, c = timed_compare(args.gold, paths, config, args.samples, args.repeat)
        print(f"compare, {args.systems} systems on {args.gold}, {args.samples} samples: "
              f"{total:.2f} s; " + ", ".join(f"{k} {v:.2f} s" for k, v in phases.items()))
        start = time.process_time()
        same = 0
        built = registry.build(config)
        for (i, j) in c.pairs:
            for name in c.metrics:
                a, b = _arrays(c.results[i], c.results[j], built[name])
                p = old_randomization(built[name].from_terms, a, b, args.samples, c.seed)
                same += p == c.p_values[name][i, j]
        old = time.process_time() - start
        tests = len(c.pairs) * len(c.metrics)
        print(f"randomisation before the vectorisation: {old:.2f} s for {tests} tests; "
              f"now {phases.get('randomisation rounds', float('nan')):.2f} s; "
              f"{same} of {tests} p-values identical")
    kummerfeld = DATA / "kummerfeld"
    systems = sorted(str(p) for p in kummerfeld.glob("*.mrg") if p.name != "wsj01.mrg")
    five = Config(metrics=("parseval", "label", "span", "rule", "la"))
    total, phases, _ = timed_compare(str(kummerfeld / "wsj01.mrg"), systems, five,
                                     args.samples, args.repeat)
    print(f"compare, {len(systems)} Kummerfeld parsers, 5 metrics: {total:.2f} s; "
          + ", ".join(f"{k} {v:.2f} s" for k, v in phases.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
