"""Adding a metric touches only its module and the registry: a tiny metric,
written here and registered by monkeypatching, is scored by ``score`` and
ranked and tested by ``compare`` with no other change."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import run, write_trees
from roark_trees import GOLD, PARSE2, PARSE3

from parsedit import config as config_module
from parsedit.metrics import registry
from parsedit.metrics.base import Metric, Outcome
from parsedit.trees.bracketing import Bracketing


@dataclass(frozen=True)
class ExactCounts:
    """Sentences whose test bracketing equals the gold one, of sentences."""

    exact: int = 0
    sentences: int = 0

    def __add__(self, other: ExactCounts) -> ExactCounts:
        return ExactCounts(self.exact + other.exact, self.sentences + other.sentences)

    def figures(self) -> dict[str, float | int | None]:
        return {"exact": self.exact, "sentences": self.sentences,
                "rate": 100.0 * self.exact / self.sentences if self.sentences else None}


class Exact(Metric[ExactCounts]):
    """The share of sentences parsed exactly right, as a percentage: only
    what is the metric's own is written (its headline is its terms'
    figure, its signature part its name, by the base's defaults)."""

    name = "exact"
    title = "exact match"

    def zero(self) -> ExactCounts:
        return ExactCounts()

    def score(self, gold: Bracketing, test: Bracketing) -> Outcome:
        return Outcome(ExactCounts(int(gold == test), 1))

    def failure(self, gold: Bracketing) -> ExactCounts:
        return ExactCounts(0, 1)

    def sentence_average(self, total: ExactCounts) -> float | None:
        return self.headline(total)

    def terms(self, counts: ExactCounts) -> tuple[float, float]:
        return (float(counts.exact), float(counts.sentences))

    def from_terms(self, sums: Any) -> Any:
        values = np.asarray(sums, dtype=np.float64)
        exact, sentences = values[..., 0], values[..., 1]
        return np.where(sentences == 0, np.nan,
                        100.0 * exact / np.where(sentences == 0, 1.0, sentences))


@pytest.fixture
def exact(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.FACTORIES, "exact", lambda config, alphabets, tie: Exact())
    monkeypatch.setattr(config_module, "METRICS", (*config_module.METRICS, "exact"))


@pytest.mark.cli
def test_a_registered_metric_is_scored_and_compared(tmp_path: Path, exact: None) -> None:
    # Sentence by sentence: system a gets 3 of 4 exactly right, b 1 of 4.
    gold = write_trees(tmp_path / "gold.mrg", [GOLD] * 4)
    a = write_trees(tmp_path / "a.mrg", [GOLD, GOLD, PARSE2, GOLD])
    b = write_trees(tmp_path / "b.mrg", [PARSE3, GOLD, PARSE2, PARSE3])
    metrics = ("--metrics", "parseval,exact")
    scored = run("score", gold, a, *metrics, "--format", "json")
    assert scored.exit_code == 0, scored.output
    data = json.loads(scored.stdout)
    assert data["corpus"]["exact"]["exact"] == 3 and data["corpus"]["exact"]["rate"] == 75.0
    assert [s["exact"]["exact"] for s in data["sentences"]] == [1, 1, 0, 1]

    compared = run("compare", gold, a, b, *metrics, "--samples", "200", "--format", "json",
                   "--average", "sentence")
    assert compared.exit_code == 0, compared.output
    result = json.loads(compared.stdout)
    assert result["titles"] == {"parseval": "PARSEVAL F", "exact": "exact match"}
    systems = {s["name"]: s for s in result["systems"]}
    assert systems["a"]["figures"]["exact"] == 75.0
    assert systems["b"]["figures"]["exact"] == 25.0
    assert systems["a"]["ranks"]["exact"] == 1 and systems["b"]["ranks"]["exact"] == 2
    assert systems["a"]["sentence_averages"]["exact"] == 75.0
    (entry,) = result["significance"]["exact"]
    assert entry["difference"] == pytest.approx(-50.0) and entry["sentences"] == 4
    # The oracle: every one of the 2^4 swaps, listed.  Sentences 1 and 4
    # differ (a exact, b not); swapping either moves the difference by 50.
    hits = sum(abs((2 - 2 * x - 2 * y) * 25.0) >= 50.0 - 1e-9
               for x in (0, 1) for y in (0, 1))
    assert entry["p"] == pytest.approx(hits / 4, abs=0.1)
    text = run("compare", gold, a, b, *metrics, "--samples", "50").stdout
    assert "exact match" in text


def test_compare_names_no_metric_and_its_renderers_import_none() -> None:
    # compare.py works through the Metric interface; its reports and plots
    # render what the Comparison holds, without importing metrics/.
    import ast

    import parsedit.compare
    import parsedit.report

    for module in ("compare", "plot"):
        path = Path(parsedit.report.__file__).parent / f"{module}.py"
        tree = ast.parse(path.read_text())
        imported = [node.module or "" for node in ast.walk(tree)
                    if isinstance(node, ast.ImportFrom)]
        imported += [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                     for alias in node.names]
        assert not [name for name in imported if name.startswith("parsedit.metrics")], module
    source = Path(parsedit.compare.__file__).read_text()
    for name in ("parseval", "label", "span", "rule", "la", "tagging"):
        assert f'"{name}"' not in source
