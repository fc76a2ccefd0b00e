"""Parity with EVALB: every expected report under ../shared/data, byte for byte.

Standard error must name the same sentences with the same reasons; parsedit's
own closing lines (``parsedit: ...``) are not EVALB's and are left aside.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from parsedit.cli import main

pytestmark = [pytest.mark.parity, pytest.mark.cli]

KUMMERFELD = ("berkeley", "bikel", "bubs", "charniak_basic", "charniak_reranking",
              "charniak_selftrained_basic", "charniak_selftrained_reranking", "collins.1",
              "collins.2", "collins.3", "henderson", "stanford", "stanford_factored")
SEQUOIA = ("AntGro", "Chaoukia", "boubnanm", "otmhi")

CASES = (
    [("evalb/sample.prm", "evalb/sample.gld", "evalb/sample.tst",
      "evalb/expected/sample.sample-prm")]
    + [(f"evalb/{p}.prm", "evalb/bug.gld", "evalb/bug.tst", f"evalb/expected/bug.{p}-prm")
       for p in ("new", "COLLINS")]
    + [("evalb/COLLINS.prm", "kummerfeld/wsj01.mrg", f"kummerfeld/{name}.mrg",
        f"kummerfeld/expected/{name}.COLLINS-prm") for name in KUMMERFELD]
    + [("evalb/COLLINS.prm", "sequoia/gold.mrg", f"sequoia/{name}.mrg",
        f"sequoia/expected/{name}.COLLINS-prm") for name in SEQUOIA]
)


def _evalb(shared: Path, prm: str, gold: str, test: str) -> tuple[str, list[str]]:
    result = CliRunner().invoke(main, ["score", "--params", str(shared / prm), str(shared / gold),
                                       str(shared / test), "--format", "evalb"])
    assert "Traceback" not in result.output
    errors = [line for line in result.stderr.splitlines() if not line.startswith("parsedit:")]
    return result.stdout, errors


@pytest.mark.parametrize("prm, gold, test, expected", CASES, ids=[c[3] for c in CASES])
def test_report_equals_evalb(shared: Path, prm: str, gold: str, test: str,
                             expected: str) -> None:
    stdout, errors = _evalb(shared, prm, gold, test)
    assert stdout == (shared / f"{expected}.rsl").read_text()
    assert errors == (shared / f"{expected}.stderr").read_text().splitlines()


@pytest.mark.parametrize("name, failures", [("ManifoldFR", 80), ("MatthieuMoreau0", 64)])
def test_unreadable_test_lines_are_skipped_as_evalb_skips_blank_ones(
        shared: Path, name: str, failures: int) -> None:
    # EVALB aborts on these files; with each failure blanked it scores the
    # rest, and parsedit must give those numbers on the raw file.
    stdout, errors = _evalb(shared, "evalb/COLLINS.prm", "sequoia/gold.mrg",
                            f"sequoia/{name}.mrg")
    assert stdout == (shared / f"sequoia/expected/{name}.blanked.COLLINS-prm.rsl").read_text()
    assert len(errors) == failures
    assert all(" : skipped: " in line and f"{name}.mrg:" in line for line in errors)
