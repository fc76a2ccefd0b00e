"""parsedit's error classes against the Berkeley Parser Analyser's counts.

    python benchmarks/error_classes_agreement.py GOLD NAME=TEST [NAME=TEST ...]
        --analyser COUNTS.json [--rules ptb] [-p collins] [--threshold 150]
        [--tolerance 0.3]

Each TEST file is scored against GOLD by ``parsedit.score(...,
error_classes=True)``, exactly what ``parsedit score --error-classes``
computes; a pair that is unreadable, empty, or whose words differ after
normalisation is left out (the analyser leaves out the same ones: failures,
and length mismatches).
COUNTS.json holds the analyser's counts, ``{NAME: {class: {"count": n,
"brackets": m}}}`` (made outside this repository by running the analyser;
none of its code is here).  For each system, per class: the analyser's and
parsedit's fixes and brackets, and parsedit / analyser; a class with at
least ``--threshold`` analyser brackets is marked ``ok`` when parsedit's
brackets are within ``--tolerance`` of the analyser's.  With several
systems: Kendall's tau-b between the two rankings of the systems by
attachment brackets (PP, NP, VP, clause, modifier).  It also checks, per
sentence, that the classes' brackets add up to PARSEVAL's missing plus extra
brackets, and says how long the classification took.

No data is copied here: the files are read from the paths given.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import parsedit
from parsedit.metrics.error_classes import ClassCounts
from parsedit.metrics.error_rules import ATTACHMENT, CLASSES
from parsedit.metrics.significance import kendall_tau


def classify_file(gold: str, test: str, rules: str, params: str
                  ) -> tuple[ClassCounts, list[int], float]:
    """The summed counts of ``test`` against ``gold`` as ``parsedit score
    --error-classes`` gives them (through the Python API), the pairs left
    out (not scored: unreadable, a failure, words that differ), and the
    seconds the whole run took."""
    start = time.perf_counter()
    # Every pair is scored: no stop after MAX_ERROR errors (the analyser has none).
    result = parsedit.score(gold, test, "parseval", params, error_classes=True,
                            error_rules=rules, max_error=1 << 30)
    spent = time.perf_counter() - start
    for s in result.sentences:
        if s.status != "ok":
            continue
        counts, p = s.counts["error_classes"], s.counts["parseval"]
        if counts.total_brackets != p.gold + p.test - 2 * p.matched:
            raise SystemExit(f"pair {s.id}: classes' brackets {counts.total_brackets} != "
                             f"PARSEVAL missing + extra {p.gold + p.test - 2 * p.matched}")
    left_out = [s.id for s in result.sentences if s.status != "ok"]
    return result.totals.counts["error_classes"], left_out, spent


def _shown(tau: float | None) -> str:
    return "n/a (constant)" if tau is None else f"{tau:.3f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold")
    parser.add_argument("tests", nargs="+", metavar="NAME=TEST")
    parser.add_argument("--analyser", required=True, metavar="COUNTS.json")
    parser.add_argument("--rules", default="ptb")
    parser.add_argument("-p", "--params", default="collins")
    parser.add_argument("--threshold", type=int, default=150)
    parser.add_argument("--tolerance", type=float, default=0.3)
    args = parser.parse_args()
    analyser = json.loads(Path(args.analyser).read_text())
    ours: dict[str, ClassCounts] = {}
    for spec in args.tests:
        name, _, path = spec.partition("=")
        if name not in analyser:
            print(f"{name}: not in {args.analyser}", file=sys.stderr)
            return 2
        total, left_out, spent = classify_file(args.gold, path, args.rules, args.params)
        ours[name] = total
        theirs = analyser[name]
        print(f"{name}: {total.sentences} sentences classified (parsedit score "
              f"--error-classes, {spent:.2f} s in all); left out: "
              f"{', '.join(map(str, left_out)) or 'none'}")
        print(f"  {'class':<22} {'analyser':>14} {'parsedit':>14} {'ratio':>6}")
        for cls, count, brackets in total.items():
            a = theirs[cls]
            ratio = brackets / a["brackets"] if a["brackets"] else float("nan")
            mark = ""
            if a["brackets"] >= args.threshold:
                mark = "ok" if abs(ratio - 1) <= args.tolerance else "OUT"
            print(f"  {cls:<22} {a['count']:>6} {a['brackets']:>7} {count:>6} {brackets:>7} "
                  f"{ratio:>6.2f} {mark}")
        a_total = sum(v["brackets"] for v in theirs.values())
        print(f"  {'total':<22} {sum(v['count'] for v in theirs.values()):>6} {a_total:>7} "
              f"{sum(total.count.values()):>6} {total.total_brackets:>7}")
    if len(ours) > 1:
        names = sorted(ours)
        a_attach = [float(sum(analyser[n][c]["brackets"] for c in ATTACHMENT)) for n in names]
        p_attach = [float(ours[n].attachment_brackets) for n in names]
        print("attachment brackets (analyser, parsedit):")
        for n, a, p in zip(names, a_attach, p_attach):
            print(f"  {n:<32} {a:>5.0f} {p:>5.0f}")
        print(f"Kendall's tau-b of the two rankings: {_shown(kendall_tau(a_attach, p_attach))}")
        for cls in CLASSES:
            a = [float(analyser[n][cls]["brackets"]) for n in names]
            p = [float(ours[n].brackets[cls]) for n in names]
            print(f"  tau-b {cls:<22} {_shown(kendall_tau(a, p))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
