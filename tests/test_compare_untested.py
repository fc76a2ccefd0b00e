"""``compare``'s pairs that cannot be tested, tests that cannot be
significant, and intervals no resampling bounds (the review of issue 27,
findings 5a, 5e and 5h)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import run, write_trees

from parsedit.metrics.significance import Null

GOLD = ["(S (NP (DT the) (NN dog)) (VP (VBD barked)))",
        "(S (NP (DT a) (NN cat)) (VP (VBD sat)))",
        "(S (NP (DT a) (NN cow)) (VP (VBD ran)))"]
WORSE = ["(S (NP (DT the)) (NN dog) (VP (VBD barked)))", *GOLD[1:]]


def compare(tmp_path: Path, systems: dict[str, list[str]], gold: list[str] = GOLD,
            *args: str) -> dict[str, Any]:
    paths = [write_trees(tmp_path / f"{name}.mrg", lines) for name, lines in systems.items()]
    result = run("compare", write_trees(tmp_path / "gold.mrg", gold), *paths, "--metrics",
                 "parseval", "--samples", "200", "--format", "json", *args)
    assert result.exit_code in (0, 1), result.output
    found: dict[str, Any] = json.loads(result.stdout)
    return found


@pytest.mark.cli
def test_a_pair_without_a_test_is_left_out_with_a_warning(tmp_path: Path) -> None:
    # c scored no sentence: a / c and b / c have no difference, p or interval.
    # Before: listed with "interval": null.
    report = compare(tmp_path, {"a": GOLD, "b": WORSE, "c": ["", "", ""]})
    pairs = report["significance"]["parseval"]
    assert [(p["a"], p["b"]) for p in pairs] == [("a", "b")]
    assert all(p["interval"] is not None and p["difference"] is not None for p in pairs)
    assert report["tests"]["parseval"] == 1
    (said,) = [w for w in report["warnings"] if "have no test" in w]
    assert said.startswith("PARSEVAL F: 2 pairs have no test") and "a / c, b / c" in said


@pytest.mark.cli
def test_too_few_sentences_for_holm_first_step_are_said(tmp_path: Path) -> None:
    # 3 sentences: the exact permutation p is at least 2/8 = 0.25 > 0.05.
    report = compare(tmp_path, {"a": GOLD, "b": WORSE})
    (said,) = [w for w in report["warnings"] if "exact permutation" in w]
    assert said.startswith("pairs over 3 sentences: the exact permutation test's p is at "
                           "least 2 / 2^3 = 0.25 there, above alpha / 1 = 0.05")
    assert not report["significance"]["parseval"][0]["significant"]
    # 10 sentences, one test: 2/1024 < 0.05, nothing to say.
    gold = GOLD * 3 + GOLD[:1]
    report = compare(tmp_path, {"a": gold, "b": WORSE * 3 + WORSE[:1]}, gold)
    assert not any("exact permutation" in w for w in report["warnings"])
    # ... but 0.05/78 would be out of reach: alpha small enough says so.
    report = compare(tmp_path, {"a": gold, "b": WORSE * 3 + WORSE[:1]}, gold,
                     "--alpha", "0.001")
    assert any(w.startswith("pairs over 10 sentences") for w in report["warnings"])


def null(largest: list[float], hits: int = 0, rounds: int = 1000) -> Null:
    keep = np.array(largest + [-np.inf] * (60 - len(largest)))[:, None, None]
    shape = (1, 1)
    return Null(np.full(shape, 5.0), np.full(shape, rounds), np.full(shape, hits),
                np.full(shape, hits), keep)


def test_an_interval_no_resampling_bounds_is_none() -> None:
    # A significant test whose rounds mostly gave no figure: 3 finite
    # deviations where the 50th largest is needed at 0.05.  Before: half
    # the difference, made up and unsaid.
    assert null([1.0, 0.5, 0.2]).half_width(0, 0, 0.05, True) is None
    # With enough finite deviations: the (T + 1)-th largest.
    width = null([4.0 - k * 0.05 for k in range(60)]).half_width(0, 0, 0.05, True)
    assert width is not None and 1.5 < width < 2.0
    # Not significant: bounded by the largest seen or the difference itself.
    wide = null([1.0]).half_width(0, 0, 0.05, False)
    assert wide is not None and wide >= 5.0


@pytest.mark.cli
def test_compare_flags_an_interval_no_resampling_bounds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The plumbing: where half_width finds none, the interval agrees with the
    # verdict (the difference +- half of it), is flagged, and said.
    def unbounded(self: Null, pair: int, statistic: int, gamma: float,
                  significant: bool) -> float | None:
        return None if significant else 100.0

    monkeypatch.setattr(Null, "half_width", unbounded)
    gold = GOLD * 10
    report = compare(tmp_path, {"a": gold, "b": WORSE * 10}, gold)
    (pair,) = report["significance"]["parseval"]
    assert pair["significant"] and not pair["interval_resampled"]
    low, high = pair["interval"]
    assert low == pytest.approx(1.5 * pair["difference"])
    assert high == pytest.approx(0.5 * pair["difference"]) and high < 0
    assert any("bounded by no resampled deviation" in w and "a / b" in w
               for w in report["warnings"])
