"""The stacked bars of error classes per system (report.plot.draw_error_classes)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SHARED

from parsedit.errors import ConfigError
from parsedit.metrics.error_classes import ClassCounts, ErrorClasses
from parsedit.metrics.error_rules import CLASSES
from parsedit.params import shipped_params
from parsedit.report.plot import draw_error_classes
from parsedit.trees.reader import read_trees

pytest.importorskip("matplotlib")

MAGIC = {".png": b"\x89PNG", ".pdf": b"%PDF", ".svg": b"<svg"}
NORMALISE = shipped_params("collins").normalisation


def _counts(parser: str) -> ClassCounts:
    metric = ErrorClasses()
    total = metric.zero()
    folder = SHARED / "kummerfeld"
    for g, t in zip(read_trees(str(folder / "wsj01.mrg")),
                    read_trees(str(folder / f"{parser}.mrg"))):
        assert g.tokens is not None and t.tokens is not None
        total = total + metric.score(NORMALISE.normalise(g.tokens).bracketing,
                                     NORMALISE.normalise(t.tokens).bracketing).counts
    return total


@pytest.mark.slow
@pytest.mark.parametrize("suffix", sorted(MAGIC))
@pytest.mark.parametrize("measure", ["brackets", "count"])
def test_stacked_bars_in_every_format(tmp_path: Path, suffix: str, measure: str) -> None:
    systems = [(p, _counts(p).figures()) for p in ("berkeley", "collins.1", "stanford")]
    assert list(systems[0][1]) == list(CLASSES)
    out = tmp_path / f"classes{suffix}"
    draw_error_classes(systems, str(out), measure)
    data = out.read_bytes()
    assert len(data) > 1000
    assert MAGIC[suffix] in data[:400]


def test_refused(tmp_path: Path) -> None:
    one = [("a", ClassCounts().figures())]
    with pytest.raises(ConfigError, match="one of .png, .svg, .pdf"):
        draw_error_classes(one, str(tmp_path / "x.jpg"))
    with pytest.raises(ConfigError, match="'brackets' or 'count'"):
        draw_error_classes(one, str(tmp_path / "x.png"), "share")
    with pytest.raises(ConfigError, match="one system or more"):
        draw_error_classes([], str(tmp_path / "x.png"))
    assert not (tmp_path / "x.png").exists()
