"""Where a scoring run's time goes, stage by stage, in one process on one core.

    python benchmarks/bench_stages.py [GOLD] [--metrics parseval,label,span,rule,la]
                                      [--copies 1] [--repeat 3]

GOLD (default: the 3914-tree PTB sample in ../shared/data) is concatenated
``--copies`` times, and against it as many perturbed copies
(benchmarks/perturb.py, seeds 1, 2, ...: no test line repeats).  Each stage
is timed alone over the whole corpus, best of ``--repeat``, along the route
``parsedit score`` takes for files in line layout: each line read straight
into its normalised sentence (a range of 512 lines at a time with numpy,
parsedit.trees.array_sentences, from a gold file of ``ARRAYS_FROM``
bytes on, else line by line with parsedit.trees.lines's ``LineSentences``;
fresh memories; a test line equal to its gold line read once), then each metric
scoring every pair with fresh caches (its encoding, the compositions and
shortest paths for the edit metrics); last, the whole run (``evaluate``,
keeping no sentence, as the text report), whose remainder over the stages
is judging the pairs, the sentence results and the aggregation.  The
per-sentence path (each pair read by the reader, normalised and scored on
its own, the route of the Python API and of files not in line layout) is
timed whole after, for comparison.

With ``--metrics parseval`` ``evaluate`` reads a block of lines at a time
(parsedit.blocks), so its stages are those instead: the lines read as text,
each line through the columnar reader with fresh memories (a test line equal
to its gold line is not read), the counts of each pair from the bracket
keys, then the whole run; from a gold file of ``ARRAYS_FROM`` bytes
on, blocks of 2,048 pairs of lines read with numpy (``ArrayKeys.read_pairs``:
the byte scanner, parsedit.trees.scan, and the chunk reader for the
other lines; fresh memories) and their counts
(parsedit.metrics.parseval_arrays) instead of the columnar reader's two
stages.

Under each metric that composes, "OpenFst" is the part of its best run spent
inside ``pynini.compose`` and ``pynini.shortestpath`` (the floor of the FST
design: what is left when every line of Python around them is gone), and
how many lattices were composed.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_api import best  # noqa: E402
from bench_scale import corpus  # noqa: E402
from perturb import one_core  # noqa: E402

import parsedit.fst.align  # noqa: E402
from parsedit.config import Config  # noqa: E402
from parsedit.metrics import registry  # noqa: E402
from parsedit.metrics.parseval import keys_counts  # noqa: E402
from parsedit.pipeline.route import ARRAYS_FROM  # noqa: E402
from parsedit.pipeline.run import evaluate  # noqa: E402
from parsedit.pipeline.units import ARRAY_SENTENCES_RANGE, KEYS_RANGE  # noqa: E402
from parsedit.trees import fast  # noqa: E402
from parsedit.trees.lines import LineKeys, LineRead, LineSentences  # noqa: E402
from parsedit.trees.normalise import Normalised  # noqa: E402
from parsedit.trees.reader import read_trees  # noqa: E402

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared/data/ptb-sample/wsj_0001-0199.clean"


def block_stages(gold: str, test: str, repeat: int) -> None:
    """The stages of PARSEVAL read a block of lines at a time."""
    config = Config.from_options("parseval")
    lines = [Path(path).read_text(encoding="utf-8").split("\n") for path in (gold, test)]
    pairs = list(zip(*lines))

    def read(keep: bool = False) -> list[tuple[LineRead | None, LineRead | None]]:
        columns = LineKeys(config.params.normalisation)  # fresh memories
        out = []
        for g, t in pairs:
            both = columns.read(g), None if t == g else columns.read(t)
            if keep:  # (not while timed: holding every line read costs time too)
                out.append(both)
        return out

    reads = read(keep=True)
    stages = [("lines as text", best(repeat, lambda: [Path(p).read_text(encoding="utf-8")
                                                      .split("\n") for p in (gold, test)]))]
    if os.path.getsize(gold) >= ARRAYS_FROM:  # read and scored with numpy
        import numpy as np

        from parsedit.metrics.parseval_arrays import array_counts
        from parsedit.trees.arrays import ArrayKeys

        ranges = [(g[i:i + KEYS_RANGE], t[i:i + KEYS_RANGE]) for g, t in [lines]
                  for i in range(0, len(g), KEYS_RANGE)]
        sames = [np.array([a == b for a, b in zip(g, t)]) for g, t in ranges]

        def read_arrays(keep: bool = False) -> list[Any]:
            # As score reads them: both sides of a block of pairs, the byte
            # scanner for ASCII lines of the usual form (parsedit.trees.scan)
            # and the chunk reader for the others; fresh memories.
            table = ArrayKeys(config.params.normalisation)
            out = []
            for (g, t), same in zip(ranges, sames):
                both = table.read_pairs(g, t, same, len(g))
                if keep:
                    out.append(both)
            return out

        read_blocks = read_arrays(keep=True)
        stages += [("blocks read with numpy, both files", best(repeat, read_arrays)),
                   ("counts with numpy", best(repeat, lambda: [
                       array_counts(g, t, same) for (g, t), same in zip(read_blocks, sames)]))]
    else:
        stages += [("columnar reader, both lines", best(repeat, read)),
                   ("counts from the keys", best(repeat, lambda: [
                       keys_counts(g, t) for g, t in reads
                       if g is not None and t is not None]))]
    # as `score` runs it for its text report: no sentence result kept
    whole = best(repeat, lambda: evaluate(gold, test, config, keep="none"))
    stages.append(("results, aggregation, the rest", whole - sum(s for _, s in stages)))
    n = len(pairs) - 1
    print(f"{n} pairs, parseval read a block of lines at a time, best of {repeat}, one "
          f"core: whole run (keeping no sentence, as the text report) {whole:.3f} s = "
          f"{n / whole:,.0f} pairs/s")
    for name, seconds in stages:
        print(f"  {name:<44} {seconds:7.3f} s  {100 * seconds / whole:5.1f}%")
    # (the per-sentence path is timed by main, after)


class Timed:
    """pynini as the aligner sees it, with the time spent in ``compose`` and
    ``shortestpath`` added up (``seconds``) and the lattices counted."""

    def __init__(self, module: Any) -> None:
        self.module = module
        self.seconds = 0.0
        self.lattices = 0

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.module, name)
        if name not in ("compose", "shortestpath"):
            return found

        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return found(*args, **kwargs)
            finally:
                self.seconds += time.perf_counter() - start
                self.lattices += name == "shortestpath"
        return timed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold", nargs="?", default=str(DEFAULT))
    parser.add_argument("--metrics", default="parseval,label,span,rule,la")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--copies", type=int, default=1)
    args = parser.parse_args()
    one_core()
    with tempfile.TemporaryDirectory() as tmp:
        gold, test, _ = corpus(args.gold, args.copies, tmp)
        config = Config.from_options(args.metrics)

        def per_sentence() -> None:  # every pair read and scored on its own
            evaluate(gold, test, replace(config, route="reference"), keep="none")

        if args.metrics == "parseval":
            block_stages(gold, test, args.repeat)
            print("the per-sentence path (each pair read and scored on its own): "
                  f"{best(args.repeat, per_sentence):.3f} s")
            return 0
        norm = config.params.normalisation
        lines = [Path(path).read_text(encoding="utf-8").splitlines() for path in (gold, test)]
        items = [list(read_trees(path)) for path in (gold, test)]

        def read() -> list[tuple[Normalised | None, Normalised | None]]:
            # As score reads files in line layout (the sentences routes):
            # each line straight into its normalised sentence, a range of
            # ARRAY_SENTENCES_RANGE lines at a time with numpy from a gold
            # file of ARRAYS_FROM bytes on (trees.fast.read_sentences), else
            # line by line; fresh memories; a test line equal to its gold
            # line read once.
            if os.path.getsize(gold) >= ARRAYS_FROM:
                fast.array_sentences.cache_clear()
                out = []
                step = ARRAY_SENTENCES_RANGE
                for at in range(0, len(lines[0]), step):
                    found = fast.read_sentences(norm, lines[0][at:at + step],
                                                lines[1][at:at + step], True)
                    out += zip(*found)
                return out
            sentences = LineSentences(norm)
            out = []
            for g, t in zip(*lines):
                found = sentences.read(g)
                out.append((found, found if t == g else sentences.read(t)))
            return out

        def normalised(item: Any, found: Normalised | None) -> Normalised | None:
            # A line that reader does not take: the reader and normalisation.
            return found if found is not None or item.tokens is None \
                else norm.normalise(item.tokens)

        first = read()
        pairs = [(normalised(g, a), normalised(t, b)) for (a, b), g, t in zip(first, *items)]
        unusual = sum(x is None for pair in first for x in pair)
        scored = [(g.bracketing, t.bracketing) for g, t in pairs
                  if g is not None and t is not None and g.words == t.words]
        stages: list[tuple[str, float]] = [
            ("read and normalise both files", best(args.repeat, read))]
        floors: dict[str, tuple[float, int]] = {}
        for name in config.metrics:
            def score_metric(name: str = name) -> None:
                metric = registry.build(Config.from_options(name))[name]  # fresh caches
                for g, t in scored:
                    metric.score(g, t)
            timed = Timed(parsedit.fst.align.pynini)
            parsedit.fst.align.pynini = timed  # type: ignore[assignment]
            runs = []
            for _ in range(args.repeat):
                timed.seconds, timed.lattices = 0.0, 0
                runs.append((best(1, score_metric), timed.seconds, timed.lattices))
            parsedit.fst.align.pynini = timed.module
            seconds, floor, lattices = min(runs)
            stages.append((f"score: {name}", seconds))
            if lattices:
                floors[f"score: {name}"] = (floor, lattices)
        # The whole run as score makes it (text report: no sentence kept).
        whole = best(args.repeat, lambda: evaluate(gold, test, config, keep="none"))
        slow = best(args.repeat, per_sentence)
    parts = sum(seconds for _, seconds in stages)
    stages.append(("judging, results, aggregation (the rest)", whole - parts))
    print(f"{len(pairs)} pairs ({len(scored)} scored; {unusual} lines left to the reader), "
          f"metrics {args.metrics}, best of {args.repeat}, one core: whole run {whole:.3f} s "
          f"= {len(pairs) / whole:,.0f} pairs/s")
    for name, seconds in stages:
        print(f"  {name:<44} {seconds:7.3f} s  {100 * seconds / whole:5.1f}%")
        if name in floors:
            floor, lattices = floors[name]
            print(f"    of which OpenFst (compose, shortest path) {floor:7.3f} s  "
                  f"{100 * floor / whole:5.1f}%  ({lattices} lattices)")
    print(f"the per-sentence path (each pair read and scored on its own): {slow:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
