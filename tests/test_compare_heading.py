"""compare's significance heading says what a difference is: b - a over
every pair, system minus baseline only when there is a baseline."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from parsedit.cli import main

DATA = Path(__file__).resolve().parents[1] / "src" / "parsedit" / "data"
FILES = [str(DATA / name) for name in ("sequoia-gold.mrg", "sequoia-perturbed.mrg",
                                       "sequoia-words10.mrg")]


@pytest.mark.cli
@pytest.mark.parametrize("baseline", [False, True])
def test_the_heading_names_the_difference(baseline: bool) -> None:
    options = ["--baseline", "sequoia-perturbed"] if baseline else []
    out = CliRunner().invoke(main, ["compare", *FILES, "--metrics", "parseval",
                                    "--yield", "align", "--samples", "50", *options])
    assert out.exit_code == 0, out.output
    heading = next(line for line in out.stdout.splitlines() if line.startswith("Significance"))
    assert ("system minus baseline" in heading) == baseline
    assert ("its second system minus its first, b - a)" in heading) == (not baseline)
