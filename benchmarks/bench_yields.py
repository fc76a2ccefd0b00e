"""Throughput of ``--yield align`` against ``--yield strict``, reading included.

    python benchmarks/bench_yields.py [GOLD] [--metrics parseval] [--rate 0.1] [--repeat 3]
                                      [--word-aligner python|fst|both] [--word-pass]
                                      [--word-costs words|words-tokenisation|PATH]

GOLD defaults to the 3914-tree PTB sample in ../shared/data.  Two copies are
written to temporary files: one with parse errors only (benchmarks/perturb.py,
seed 1), and the same with word errors on top (benchmarks/word_errors.py,
seed 1, ``--rate``).  ``strict`` scores the first (its words are the gold
words); ``align`` scores the second, whose pairs nearly all differ in words.
Each run is timed ``--repeat`` times in one process on one core, strict and
align interleaved run by run, and the best is reported as sentence pairs per
second.  The target: align at least a
third of strict's throughput for the same metrics.

``--word-aligner both`` times the align run with each word aligner instead
(the Python pass and the OpenFst composition, which give the same
alignments), interleaved run by run, and reports their ratio.

``--word-pass`` times the word alignment alone instead, on the normalised
yields of the pairs whose words differ: the Python pass's integer pass (the
default under ``words``) against its general pass over the band (the same
alignments, checked here too), interleaved, best of ``--repeat``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from perturb import main as perturb_main  # noqa: E402
from perturb import one_core  # noqa: E402
from word_errors import main as word_errors_main  # noqa: E402

from parsedit.config import Config  # noqa: E402
from parsedit.pipeline.run import evaluate  # noqa: E402

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared/data/ptb-sample/wsj_0001-0199.clean"


def _best(gold: str, test: str, config: Config, repeat: int) -> tuple[float, int]:
    best, pairs = float("inf"), 0
    for _ in range(repeat):
        start = time.perf_counter()
        result = evaluate(gold, test, config)
        best = min(best, time.perf_counter() - start)
        pairs = result.count("ok")
    return best, pairs


def _aligners(gold: str, noisy: str, metrics: tuple[str, ...], repeat: int) -> int:
    """The align run under each word aligner, interleaved (python, fst, ...)."""
    best = {"python": float("inf"), "fst": float("inf")}
    pairs = 0
    for _ in range(repeat):
        for name in best:
            took, pairs = _best(gold, noisy, Config(metrics=metrics, yields="align",
                                                    word_aligner=name), 1)
            best[name] = min(best[name], took)
    for name, took in best.items():
        print(f"{name}: {pairs} pairs in {took:.2f} s, {pairs / took:,.0f} pairs/s")
    print(f"fst / python throughput: {best['python'] / best['fst']:.2f}")
    return 0


def _word_pass(gold: str, noisy: str, repeat: int) -> int:
    """The integer pass against the general pass, on the pairs that differ."""
    from parsedit.trees import bracketing
    from parsedit.trees.reader import read_trees

    config = Config(metrics=("parseval",), yields="align")
    norm = config.params.normalisation
    pairs = []
    for g, t in zip(read_trees(gold), read_trees(noisy)):
        if g.tokens is not None and t.tokens is not None:
            words = (bracketing.words(norm.apply(g.tokens)),
                     bracketing.words(norm.apply(t.tokens)))
            if words[0] != words[1]:
                pairs.append(words)
    whole = config.new_word_aligner()
    general = config.new_word_aligner()
    general._whole = None  # the general pass over the band
    best = {"integer": float("inf"), "general": float("inf")}
    for _ in range(repeat):
        for name, aligner in (("integer", whole), ("general", general)):
            start = time.perf_counter()
            for g, t in pairs:
                aligner.align(g, t)
            best[name] = min(best[name], time.perf_counter() - start)
    assert all(whole.align(g, t) == general.align(g, t) for g, t in pairs)
    for name, took in best.items():
        print(f"{name}: {len(pairs)} pairs in {took:.3f} s, "
              f"{took / len(pairs) * 1e6:.0f} us a pair")
    print(f"general / integer time: {best['general'] / best['integer']:.2f}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold", nargs="?", default=str(DEFAULT))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rate", type=float, default=0.1)
    parser.add_argument("--metrics", default="parseval")
    parser.add_argument("--word-aligner", choices=("python", "fst", "both"), default="python")
    parser.add_argument("--word-pass", action="store_true")
    parser.add_argument("--word-costs", default="words")
    args = parser.parse_args()
    one_core()
    metrics = tuple(args.metrics.split(","))
    with tempfile.TemporaryDirectory() as tmp:
        parsed = os.path.join(tmp, "perturbed.mrg")
        noisy = os.path.join(tmp, "words.mrg")
        perturb_main([args.gold, parsed, "--seed", "1"])
        word_errors_main([parsed, noisy, "--seed", "1", "--rate", str(args.rate)])
        if args.word_pass:
            return _word_pass(args.gold, noisy, args.repeat)
        if args.word_aligner == "both":
            return _aligners(args.gold, noisy, metrics, args.repeat)
        config = Config.from_options(metrics, yields="align", word_aligner=args.word_aligner,
                                     word_costs=args.word_costs)
        # Interleaved, strict then align, run by run (the VM's speed drifts).
        strict = align = float("inf")
        n_strict = n_align = 0
        for _ in range(args.repeat):
            took, n_strict = _best(args.gold, parsed, Config(metrics=metrics), 1)
            strict = min(strict, took)
            took, n_align = _best(args.gold, noisy, config, 1)
            align = min(align, took)
        words = evaluate(args.gold, noisy, config).words
    wer = words.error_rate if words is not None else None
    print(f"strict: {n_strict} pairs in {strict:.2f} s, {n_strict / strict:,.0f} pairs/s")
    print(f"align:  {n_align} pairs in {align:.2f} s, {n_align / align:,.0f} pairs/s "
          f"(word error rate {wer:.2f})")
    print(f"align / strict: {(n_align / align) / (n_strict / strict):.2f} (target >= 0.33)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
