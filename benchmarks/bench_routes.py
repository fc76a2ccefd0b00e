"""What each route costs in code and buys in time, and the spacing real parsers write.

    python benchmarks/bench_routes.py [GOLD] [--copies 1] [--metrics parseval]
                                      [--repeat 5] [--berkeley]

GOLD (default: the 3914-tree PTB sample in ../shared/data) is concatenated
``--copies`` times, against as many perturbed copies (benchmarks/perturb.py,
seeds 1, 2, ...).  For every route that applies to ``--metrics``
(parsedit.pipeline.route), ``parsedit score GOLD TEST --metrics M --route R
-q`` runs as a whole process in turn with ``--route reference`` (A B A B
..., ``--repeat`` pairs, so that a slower moment of a shared machine falls
on both), and the median (lowest - highest) of the ratios of CPU time, route
/ reference, is printed with the lines of code that exist for that route
alone.  Every route's report must be byte-identical to the reference
route's, or the script says so and exits 1.

``--berkeley`` times, in the same way, the route the table chooses on TEST
written as the Berkeley parser and benepar write it (``(TOP  (S ...) )``:
two spaces after the root label, a space before the last bracket) against
the same trees as written, the ratio Berkeley / as written.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_scale import DEFAULT, PARSEDIT, SRC, compiled, corpus, spread, timed  # noqa: E402

# The modules (or the parts of pipeline/units.py) that exist for a route alone.
ROUTE_CODE = {
    "lines/keys": ["trees/lines.py:LineKeys", "pipeline/units.py:lines/keys"],
    "lines/sentences": ["trees/lines.py:LineSentences"],
    "arrays/keys": ["trees/arrays.py", "metrics/parseval_arrays.py",
                    "pipeline/units.py:arrays/keys", "trees/scan.py"],
    "arrays/sentences": ["trees/array_sentences.py", "trees/scan.py"],
}
KEYS_ROUTES = ("lines/keys", "arrays/keys")
SENTENCES_ROUTES = ("lines/sentences", "arrays/sentences")


def code_lines(spec: str) -> int:
    """Lines of a module, of one class of it (``path:Class``), or of one
    section of pipeline/units.py (``path:route``, between its ``# -- ``
    headers)."""
    path, _, part = spec.partition(":")
    text = (SRC / "parsedit" / path).read_text(encoding="utf-8").splitlines()
    if not part:
        return len(text)
    if "/" in part:  # a section of units.py
        start = next(i for i, line in enumerate(text) if line.startswith("# -- ")
                     and part in line)
        end = next((i for i, line in enumerate(text[start + 1:], start + 1)
                    if line.startswith("# -- ")), len(text))
        return end - start
    start = next(i for i, line in enumerate(text) if line.startswith(f"class {part}"))
    end = next((i for i, line in enumerate(text[start + 1:], start + 1)
                if line and not line[0].isspace() and not line.startswith(("#", ")"))),
               len(text))
    return end - start


def berkeley(path: str, out: str) -> str:
    """``path``'s trees as the Berkeley parser writes them."""
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    spaced = [re.sub(r"^\((\S*) \(", r"(\1  (", line)[:-1] + " )" if line else line
              for line in lines]
    Path(out).write_text("\n".join(spaced) + "\n", encoding="utf-8")
    return out


def paired(a: list[str], b: list[str], repeat: int) -> tuple[list[float], bytes, bytes]:
    """The CPU ratios a / b of ``repeat`` interleaved pairs of runs, and each
    one's report."""
    ratios = []
    report_a = report_b = b""
    for _ in range(repeat):
        _, cpu_a, _, report_a = timed(a)
        _, cpu_b, _, report_b = timed(b)
        ratios.append(cpu_a / cpu_b)
    return ratios, report_a, report_b


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold", nargs="?", default=str(DEFAULT))
    parser.add_argument("--copies", type=int, default=1)
    parser.add_argument("--metrics", default="parseval")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--berkeley", action="store_true")
    args = parser.parse_args()
    compiled()
    routes = KEYS_ROUTES + SENTENCES_ROUTES if args.metrics == "parseval" \
        else SENTENCES_ROUTES
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        gold, test, pairs = corpus(args.gold, args.copies, tmp)
        base = [*PARSEDIT, "score", gold, test, "--metrics", args.metrics, "-q"]
        print(f"{pairs:,} pairs, --metrics {args.metrics}; CPU time of a whole process, "
              f"route / reference, median (lowest-highest) of {args.repeat} interleaved pairs")
        if args.berkeley:
            spaced = berkeley(test, str(Path(tmp) / "berkeley"))
            ratios, found, expected = paired(
                [*PARSEDIT, "score", gold, spaced, "--metrics", args.metrics, "-q"], base,
                args.repeat)
            same = found.split(b"\n")[1:] == expected.split(b"\n")[1:]  # (the file names)
            print(f"  Berkeley spacing / as written: {spread(ratios)}"
                  f"{'' if same else '  REPORTS DIFFER'}")
            failed |= not same
            return 1 if failed else 0
        for route in routes:
            ratios, found, expected = paired([*base, "--route", route],
                                             [*base, "--route", "reference"], args.repeat)
            same = found == expected
            failed |= not same
            code = sum(code_lines(spec) for spec in ROUTE_CODE[route])
            print(f"  {route:<18} {spread(ratios)}   {code:5d} lines of its own"
                  f"{'' if same else '   REPORT DIFFERS'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
