"""``parsedit compare``: the table, ranks, rank agreement and significance."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from conftest import run, write_trees
from roark_trees import GOLD, PARSE2, PARSE3

from parsedit.metrics.significance import Ratio, kendall_tau, randomization


def systems(tmp_path: Path, **outputs: list[str]) -> tuple[str, list[str]]:
    """Roark's gold tree once per sentence, and a file per system."""
    n = len(next(iter(outputs.values())))
    gold = write_trees(tmp_path / "gold.mrg", [GOLD] * n)
    return gold, [write_trees(tmp_path / f"{name}.mrg", trees) for name, trees in outputs.items()]


def test_kendall_tau() -> None:
    assert kendall_tau([1, 2, 3], [10, 20, 30]) == 1.0
    assert kendall_tau([1, 2, 3], [30, 20, 10]) == -1.0
    assert kendall_tau([1, 2, 3, 4], [1, 3, 2, 4]) == pytest.approx(4 / 6)
    assert kendall_tau([1, 1, 1], [1, 2, 3]) is None
    # tau-b with a tie: 5 concordant of 6 pairs, one tied in x.
    assert kendall_tau([1, 2, 2, 3], [1, 2, 3, 4]) == pytest.approx(5 / (5 * 6) ** 0.5)


ACCURACY = Ratio(-100.0, 100.0)


def test_identical_systems_are_not_different() -> None:
    rng = np.random.default_rng(1)
    edits, gold = rng.integers(0, 5, 200).astype(float), np.full(200, 10.0)
    assert randomization(ACCURACY, (edits, gold), (edits.copy(), gold), 2000, 7) == 1.0


def test_a_clearly_better_system_is_significant() -> None:
    rng = np.random.default_rng(2)
    gold = np.full(300, 10.0)
    worse = rng.integers(2, 6, 300).astype(float)
    better = np.maximum(worse - rng.integers(0, 3, 300), 0).astype(float)
    p = randomization(ACCURACY, (better, gold), (worse, gold), 2000, 7)
    assert p < 0.001
    # A small, noisy difference is not.
    noisy = np.where(rng.random(300) < 0.02, worse - 1, worse)
    assert randomization(ACCURACY, (noisy, gold), (worse, gold), 2000, 7) > 0.05


def test_the_same_seed_gives_the_same_p() -> None:
    rng = np.random.default_rng(3)
    a, b, gold = rng.random(50), rng.random(50), np.ones(50)
    first = randomization(ACCURACY, (a, gold), (b, gold), 500, 11)
    assert first == randomization(ACCURACY, (a, gold), (b, gold), 500, 11)


def test_compare_table_ranks_and_p_values(tmp_path: Path) -> None:
    gold, paths = systems(tmp_path, good=[GOLD] * 6, moved=[PARSE2] * 6,
                          shallow=[PARSE3] * 6)
    result = run("compare", gold, *paths, "--samples", "500", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    by_name = {s["name"]: s for s in data["systems"]}
    assert list(by_name) == ["good.mrg", "moved.mrg", "shallow.mrg"]
    assert by_name["good.mrg"]["figures"]["label"] == 100.0
    # Roark's point: PARSEVAL ranks the misattachment (parse 2) below the
    # shallow parse 3, the label edit distance above it.
    assert by_name["moved.mrg"]["ranks"]["label"] == 2
    assert by_name["moved.mrg"]["ranks"]["parseval"] == 3
    assert by_name["moved.mrg"]["figures"]["label"] == pytest.approx(100 - 100 * 2 / 11)
    taus = {(t["a"], t["b"]): t["kendall_tau"] for t in data["rank_agreement"]}
    assert taus["parseval", "label"] == pytest.approx(1 / 3)
    p = {(s["a"], s["b"]): s["p"] for s in data["significance"]["label"]}
    # Six identical sentences each: every swap is all or nothing, so the
    # smallest p two-sided is (2 x 1/64 x 500 + 1) / 501, about 0.03.
    assert p["good.mrg", "moved.mrg"] < 0.1
    assert data["samples"] == 500 and "samples=500,seed=12345" in data["signature"]


def test_compare_formats_and_names(tmp_path: Path) -> None:
    gold, paths = systems(tmp_path, a=[GOLD, PARSE2], b=[PARSE3, PARSE2])
    common = ("compare", gold, *paths, "--samples", "100", "--name", "First", "--name",
              "Second", "--metrics", "parseval,label")
    text = run(*common).stdout
    assert "First" in text and "Kendall's tau-b" in text and "p-values" in text
    tsv = run(*common, "--format", "tsv").stdout.splitlines()
    assert tsv[0].split("\t") == ["system", "parseval", "parseval_rank", "label",
                                  "label_rank"]
    assert tsv[1].split("\t")[0] == "First" and len(tsv) == 3
    markdown = run(*common, "--format", "markdown").stdout
    assert "| system | PARSEVAL F | label acc. |" in markdown and "|---|---:|---:|" in markdown
    latex = run(*common, "--format", "latex").stdout
    assert "\\begin{tabular}{lrr}" in latex and "\\end{tabular}" in latex
    assert "Second" in latex


def test_compare_refuses_what_it_cannot_do(tmp_path: Path) -> None:
    gold, paths = systems(tmp_path, a=[GOLD], b=[GOLD])
    assert "at least two systems" in run("compare", gold, paths[0]).stderr
    assert "--name is given 1 times" in run("compare", gold, *paths, "--name", "x").stderr
    assert "compare needs some of" in run("compare", gold, *paths, "--metrics",
                                          "tagging").stderr


def test_randomisation_approaches_the_exact_permutation_test() -> None:
    # With 8 sentences every one of the 2^8 swaps can be listed: the exact
    # two-sided p-value, computed here apart from the module's sampling.
    from itertools import product

    edits_a = np.array([0, 1, 2, 0, 3, 1, 0, 2], dtype=float)
    edits_b = np.array([1, 1, 3, 2, 3, 2, 1, 2], dtype=float)
    gold = np.array([5, 4, 6, 3, 7, 5, 4, 6], dtype=float)

    def accuracy(edits: np.ndarray) -> float:
        return 100 - 100 * edits.sum() / gold.sum()

    observed = abs(accuracy(edits_a) - accuracy(edits_b))
    hits = 0
    for swap in product([False, True], repeat=8):
        mask = np.array(swap)
        a, b = np.where(mask, edits_b, edits_a), np.where(mask, edits_a, edits_b)
        hits += abs(accuracy(a) - accuracy(b)) >= observed - 1e-9
    exact = hits / 256
    sampled = randomization(ACCURACY, (edits_a, gold), (edits_b, gold), 20000, 5)
    assert sampled == pytest.approx(exact, abs=0.02)
