"""``parsedit plot``: every kind draws a non-empty image of the asked format."""

from __future__ import annotations

import builtins
from pathlib import Path

import pytest
from conftest import run, write_trees
from roark_trees import GOLD, PARSE2, PARSE3

from parsedit.report.plot import KINDS
from parsedit.results import CorpusResult

MAGIC = {".png": b"\x89PNG", ".pdf": b"%PDF", ".svg": b"<svg"}


def files(tmp_path: Path) -> tuple[str, list[str]]:
    gold = write_trees(tmp_path / "gold.mrg", [GOLD] * 3)
    return gold, [write_trees(tmp_path / "a.mrg", [PARSE2, PARSE3, GOLD]),
                  write_trees(tmp_path / "b.mrg", [PARSE3, PARSE3, PARSE2])]


@pytest.mark.cli
@pytest.mark.slow
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


@pytest.mark.cli
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
    assert ("plots need matplotlib: pip install matplotlib (or, in parsedit's checkout, "
            "pip install '.[plot]')") in missing.stderr


def _results(tmp_path: Path) -> list[tuple[str, CorpusResult]]:
    from parsedit.config import Config
    from parsedit.pipeline.run import evaluate

    gold, tests = files(tmp_path)
    config = Config(metrics=("parseval", "label", "span", "rule", "la"))
    return [(Path(t).stem, evaluate(gold, t, config)) for t in tests]


def test_every_test_file_is_drawn_and_named(tmp_path: Path) -> None:
    from parsedit.report import plot

    plt = plot._pyplot()
    results = _results(tmp_path)
    # Roark's Figure 5: E-measure on the x axis; one legend entry per system.
    figure = plot._e_vs_label(plt, results)
    axes = figure.axes[0]
    assert axes.get_xlabel().startswith("E-measure")
    assert axes.get_ylabel().startswith("label edit rate")
    legend = [t.get_text() for t in axes.get_legend().get_texts()]
    assert legend[:2] == ["a: 3 sentences", "b: 3 sentences"]
    # Buckets: a panel per system, integer ticks only.
    figure = plot._buckets(plt, results)
    panels = [ax for ax in figure.axes if ax.get_visible() and ax.get_title()]
    assert [ax.get_title().split(":")[0] for ax in panels] == ["a", "b"]
    for ax in panels:
        assert all(float(t).is_integer() for t in ax.get_xticks())
        assert all(float(t).is_integer() for t in ax.get_yticks())
    # Rank differences: each bar names its two systems.
    from parsedit.compare import headlines
    from parsedit.config import Config

    board = headlines([r for _, r in results],
                      Config(metrics=("parseval", "label", "span", "rule", "la")))
    figure = plot._rank_differences(plt, [name for name, _ in results], board)
    assert [ax.get_title() for ax in figure.axes if ax.get_visible()][:2] == [
        "PARSEVAL F: rank n - rank n+1", "label acc.: rank n - rank n+1"]
    labels = [t.get_text() for t in figure.axes[0].get_yticklabels()]
    assert len(labels) == 1 and " - " in labels[0] and {"a", "b"} <= set(
        labels[0].replace(".", " ").split())
    figure = plot._la_vs_f(plt, results)
    assert len(figure.axes[0].get_legend().get_texts()) == 2
    plt.close("all")


def test_systems_past_ten_still_look_different() -> None:
    from parsedit.report.plot import _style

    looks = [tuple(sorted(_style(i).items())) for i in range(40)]
    assert len(set(looks)) == 40
    assert _style(0)["color"] == _style(10)["color"] and _style(0) != _style(10)
