"""Time ``parsedit compare`` against scoring its systems with ``score``, on
the PTB sample, with and without sentences the systems fail.

    python benchmarks/bench_compare.py [GOLD] [--systems 6] [--samples 10000]
                                       [--word-errors 3] [--repeat 1]
                                       [--processes N] [--old] [--write DIR]

GOLD defaults to the 3914-tree PTB sample in ../shared/data.  Two sets of
``--systems`` copies of it with parse errors (benchmarks/perturb.py, seeds
1, 2, ...):

* ``same``: the words are gold's, so every system scores every sentence;
* ``words``: the same, but the last ``--word-errors`` copies are made by
  benchmarks/word_errors.py instead (word errors at rate 0.002, with
  perturb.py's parse errors at its rate, 0.7, and the same seed), so each of
  them fails a few hundred sentences (length and word mismatches: errors, as
  in EVALB) and the systems score different sentences, as on every real set.

Every run raises MAX_ERROR (``-e 1000000``) so that no system stops.

* In one process, on one core: :func:`parsedit.compare.compare` of each set
  (the default metrics: parseval, label, span, rule; ``--samples``), each
  phase timed in CPU seconds (``time.process_time``, so that other load on a
  shared machine does not count), the best of ``--repeat`` runs; and the 13
  Kummerfeld parsers (10 sentences, five metrics) end to end.
* ``--processes N``: as whole processes, start-up included, for each set in
  turn (A B A B ..., N runs each): ``parsedit compare GOLD S1 ... Sk -e
  1000000 -q`` against ``parsedit score GOLD Si -e 1000000 -q`` for the k
  systems one after another (one shell loop); median CPU and wall seconds,
  and their ratio compare / score pair by pair (median, lowest-highest).
* ``--old``: the randomisation of every pair of the ``same`` set under
  every metric again with the loop parsedit had before its vectorisation
  (each pair and metric on its own, the counts swapped with ``np.where``
  and every figure summed again; kept verbatim in tests/test_compare.py as
  ``old_randomization``, the oracle of the new one), timed, and the
  p-values checked to be the same (about 50 s).
* ``--write DIR``: write both sets into DIR/same and DIR/words and stop, to
  time the commands with a tool of your own.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from bench_scale import PARSEDIT, compiled, timed  # noqa: E402
from perturb import main as perturb_main  # noqa: E402
from perturb import one_core  # noqa: E402
from test_compare import old_randomization  # noqa: E402
from word_errors import main as word_errors_main  # noqa: E402

from parsedit.compare import Comparison, compare  # noqa: E402
from parsedit.config import Config  # noqa: E402
from parsedit.metrics import registry  # noqa: E402
from parsedit.metrics.base import Metric  # noqa: E402
from parsedit.metrics.significance import Array  # noqa: E402
from parsedit.results import CorpusResult  # noqa: E402

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
DEFAULT = DATA / "ptb-sample" / "wsj_0001-0199.clean"
MAX_ERROR = "1000000"


def systems(gold: str, out: Path, count: int, word_errors: int) -> dict[str, list[str]]:
    """Write the two sets (see the module's text): set name -> paths."""
    made: dict[str, list[str]] = {"same": [], "words": []}
    for kind in made:
        (out / kind).mkdir(parents=True, exist_ok=True)
        for seed in range(1, count + 1):
            path = str(out / kind / f"system{seed}.mrg")
            if kind == "words" and seed > count - word_errors:
                word_errors_main([gold, path, "--seed", str(seed), "--rate", "0.002",
                                  "--perturb", "0.7"])
            else:
                perturb_main([gold, path, "--seed", str(seed)])
            made[kind].append(path)
    return made


def _arrays(a: CorpusResult, b: CorpusResult, metric: Metric
            ) -> tuple[tuple[Array, ...], tuple[Array, ...]]:
    """Each system's terms, one array per term, over the sentences both scored."""
    both = [(s, t) for s, t in zip(a.sentences, b.sentences) if s.has_counts and t.has_counts]
    out = []
    for side in (0, 1):
        found = np.array([metric.terms(pair[side].counts[metric.name]) for pair in both])
        out.append(tuple(found[:, k] for k in range(found.shape[1])))
    return out[0], out[1]


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


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"


def processes(gold: str, paths: list[str], samples: int, runs: int) -> str:
    """``compare`` against ``score`` of each system, whole processes in turn."""
    compare_command = [*PARSEDIT, "compare", gold, *paths, "-e", MAX_ERROR, "-q",
                       "--samples", str(samples)]
    loop = " ".join(f"'{p}'" for p in paths)
    score_command = ["sh", "-c", f"for f in {loop}; do {' '.join(PARSEDIT)} score "
                     f"'{gold}' \"$f\" -e {MAX_ERROR} -q > /dev/null; done"]
    cpu: dict[str, list[float]] = {"compare": [], "score": []}
    wall: dict[str, list[float]] = {"compare": [], "score": []}
    for _ in range(runs):
        for name, command in (("compare", compare_command), ("score", score_command)):
            seconds, used, _, _ = timed(command)
            wall[name].append(seconds)
            cpu[name].append(used)
    ratio_cpu = [a / b for a, b in zip(cpu["compare"], cpu["score"])]
    ratio_wall = [a / b for a, b in zip(wall["compare"], wall["score"])]
    return (f"compare CPU {spread(cpu['compare'])} s, wall {spread(wall['compare'])} s; "
            f"score x{len(paths)} CPU {spread(cpu['score'])} s, wall {spread(wall['score'])} "
            f"s; compare / score: CPU {spread(ratio_cpu)}, wall {spread(ratio_wall)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold", nargs="?", default=str(DEFAULT))
    parser.add_argument("--systems", type=int, default=6)
    parser.add_argument("--word-errors", type=int, default=3)
    parser.add_argument("--samples", type=int, default=10000)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--processes", type=int, default=0, metavar="N")
    parser.add_argument("--old", action="store_true")
    parser.add_argument("--write", metavar="DIR")
    args = parser.parse_args()
    if args.write:
        systems(args.gold, Path(args.write), args.systems, args.word_errors)
        print(f"wrote {args.write}/same and {args.write}/words")
        return 0
    config = Config.from_options(max_error=int(MAX_ERROR))
    with tempfile.TemporaryDirectory() as tmp:
        sets = systems(args.gold, Path(tmp), args.systems, args.word_errors)
        if args.processes:
            compiled()
            for kind, paths in sets.items():
                print(f"whole processes, {kind}, {args.processes} runs each: "
                      + processes(args.gold, paths, args.samples, args.processes))
        one_core()
        for kind, paths in sets.items():
            total, phases, c = timed_compare(args.gold, paths, config, args.samples,
                                             args.repeat)
            counts = ", ".join(str(len(ids)) for ids in c.scored)
            print(f"compare, {kind} ({counts} sentences scored), {args.systems} systems, "
                  f"{args.samples} samples, one process: {total:.2f} s; "
                  + ", ".join(f"{k} {v:.2f} s" for k, v in phases.items()))
            if kind != "same" or not args.old:
                continue
            start = time.process_time()
            same = 0
            built = registry.build(config)
            for (i, j) in c.pairs:
                for name in c.metrics:
                    a, b = _arrays(c.results[i], c.results[j], built[name])
                    p = old_randomization(built[name].from_terms, a, b, args.samples,
                                          c.seed)
                    same += p == c.p_values[name][i, j]
            old = time.process_time() - start
            tests = len(c.pairs) * len(c.metrics)
            print(f"randomisation before the vectorisation: {old:.2f} s for {tests} tests; "
                  f"now {phases.get('randomisation rounds', float('nan')):.2f} s; "
                  f"{same} of {tests} p-values identical")
    kummerfeld = DATA / "kummerfeld"
    parsers = sorted(str(p) for p in kummerfeld.glob("*.mrg") if p.name != "wsj01.mrg")
    five = Config(metrics=("parseval", "label", "span", "rule", "la"))
    total, phases, _ = timed_compare(str(kummerfeld / "wsj01.mrg"), parsers, five,
                                     args.samples, args.repeat)
    print(f"compare, {len(parsers)} Kummerfeld parsers, 5 metrics: {total:.2f} s; "
          + ", ".join(f"{k} {v:.2f} s" for k, v in phases.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
