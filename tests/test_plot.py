"""``parsedit plot``: every kind draws a non-empty image of the asked format."""

from __future__ import annotations

import builtins
from pathlib import Path

import pytest
from conftest import run, write_trees
from roark_trees import GOLD, PARSE2, PARSE3

from parsedit.report.plot import KINDS

MAGIC = {".png": b"\x89PNG", ".pdf": b"%PDF", ".svg": b"<svg"}


def files(tmp_path: Path) -> tuple[str, list[str]]:
    gold = write_trees(tmp_path / "gold.mrg", [GOLD] * 3)
    return gold, [write_trees(tmp_path / "a.mrg", [PARSE2, PARSE3, GOLD]),
                  write_trees(tmp_path / "b.mrg", [PARSE3, PARSE3, PARSE2])]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("suffix", sorted(MAGIC))
def test_every_kind_in_every_format(tmp_path: Path, kind: str, suffix: str) -> None:
    gold, tests = files(tmp_path)
    out = tmp_path / f"figure{suffix}"
    result = run("plot", kind, gold, *tests, "-o", str(out))
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    assert len(data) > 1000
    assert MAGIC[suffix] in data[:400]


def test_plot_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gold, tests = files(tmp_path)
    bad = run("plot", "buckets", gold, tests[0], "-o",
                                    str(tmp_path / "x.jpg"))
    assert bad.exit_code == 2 and "one of .png, .svg, .pdf" in bad.stderr
    one = run("plot", "rank-differences", gold, tests[0], "-o",
                                    str(tmp_path / "x.png"))
    assert one.exit_code == 2 and "two systems or more" in one.stderr
    real_import = builtins.__import__

    def no_matplotlib(name: str, *args: object, **kwargs: object) -> object:
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    missing = run("plot", "buckets", gold, tests[0], "-o",
                                        str(tmp_path / "x.png"))
    assert missing.exit_code == 2
    assert "plots need matplotlib: pip install 'parsedit[plot]'" in missing.stderr
