"""Regenerate the comparison tables and figures on real parser output
(docs/how-to/compare-for-a-paper.md, "On real parsers"; benchmarks/figures/).

    python benchmarks/real_data.py [--samples 10000] [--out benchmarks/figures]

Compares the 13 parsers of ../shared/data/kummerfeld/ (10 WSJ sentences) and
the 6 student parsers of ../shared/data/sequoia/ (310 French sentences) with
``parsedit compare`` (PARSEVAL F, label, span and rule accuracy, leaf-ancestor),
printing Markdown reports (Sequoia twice: failures skipped, as EVALB does,
and counted as parses with no constituents, ``--failures count``), and
draws each set's rank-differences and confidence-interval figures, every
Sequoia parser's buckets (Roark's Figure 6) and, for the best Sequoia
parser (otmhi), the label edit rate against the E-measure (Figure 5).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from click.testing import CliRunner

from parsedit.cli import main as cli

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
METRICS = "parseval,label,span,rule,la"


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    if result.exit_code not in (0, 1):
        raise SystemExit(result.output)
    return result.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", default="10000")
    parser.add_argument("--out", default=str(Path(__file__).parent / "figures"))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    kummerfeld = DATA / "kummerfeld"
    parsers = sorted(p for p in kummerfeld.glob("*.mrg") if p.name != "wsj01.mrg")
    sequoia = DATA / "sequoia"
    students = sorted(p for p in sequoia.glob("*.mrg") if p.name != "gold.mrg")
    for title, gold, systems in (("kummerfeld", kummerfeld / "wsj01.mrg", parsers),
                                 ("sequoia", sequoia / "gold.mrg", students)):
        paths = [str(p) for p in systems]
        print(f"## {title}\n")
        print(run("compare", str(gold), *paths, "--metrics", METRICS,
                  "--samples", args.samples, "--format", "markdown", "-q"))
        for kind in ("rank-differences", "intervals"):
            figure = out / f"{title}-{kind}.png"
            run("plot", kind, str(gold), *paths, "-o", str(figure))
            print(f"figure: {figure}\n")
    print("## sequoia, failures counted\n")
    print(run("compare", str(sequoia / "gold.mrg"), *map(str, students), "--metrics", METRICS,
              "--failures", "count", "--samples", args.samples, "--format", "markdown", "-q"))
    figure = out / "sequoia-buckets.png"
    run("plot", "buckets", str(sequoia / "gold.mrg"), *map(str, students), "-o", str(figure))
    print(f"figure: {figure}")
    best = sequoia / "otmhi.mrg"
    figure = out / "sequoia-otmhi-e-vs-label.png"
    run("plot", "e-vs-label", str(sequoia / "gold.mrg"), str(best), "-o", str(figure))
    print(f"figure: {figure}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
