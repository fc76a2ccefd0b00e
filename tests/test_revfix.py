"""The review's fixes (revfix): each test fails without its fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import files, run

from parsedit.metrics.registry import FACTORIES

GOLD = ["(S (NP (DT The) (NN dog)) (VP (VBD saw) (NP (DT a) (NN cat)) (PP (IN in) "
        "(NP (DT the) (NN park)))) (. .))",
        "(S (NP (PRP It)) (VP (VBD ran) (ADVP (RB away))) (. .))"]
TEST = ["(S (NP (DT The) (NN dog)) (VP (VBD saw) (NP (NP (DT a) (NN cat)) (PP (IN in) "
        "(NP (DT the) (NN park))))) (. .))",
        "(S (NP (PRP It)) (VP (VBD ran) (RB away)) (. .))"]


def _options(metric: str) -> list[str]:
    """The options that ask for ``metric`` (the unsupervised convention is
    a parameter file's)."""
    if metric == "unsupervised":
        return ["-p", "unsupervised"]
    if metric == "error_classes":
        return ["--error-classes"]
    return ["--metrics", metric]


@pytest.mark.parametrize("metric", sorted(FACTORIES))
def test_every_metric_renders_in_tsv(tmp_path: Path, metric: str) -> None:
    """Every registered metric has its columns in ``--per-sentence`` TSV,
    one cell a column, each sentence's cells filled."""
    gold, test = files(tmp_path, GOLD, TEST)
    rows_file = tmp_path / "rows.tsv"
    result = run("score", gold, test, *_options(metric), "--per-sentence", str(rows_file))
    assert result.exit_code == 0, result.output
    rows = [row.split("\t") for row in rows_file.read_text().splitlines()]
    header = rows[0]
    assert [name for name in header if name.startswith(f"{metric}_")], header
    for row in rows[1:]:
        assert len(row) == len(header)
        assert row[1] == "ok"


def test_unsupervised_tsv_columns(tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD, TEST)
    rows_file = tmp_path / "rows.tsv"
    result = run("score", "-p", "unsupervised", gold, test, "--per-sentence", str(rows_file))
    assert result.exit_code == 0, result.output
    header, first, second = (r.split("\t") for r in rows_file.read_text().splitlines())
    row = dict(zip(header, first, strict=True))
    # gold spans of two words or more: S(0,11)... test has one more (NP a cat in the park)
    assert row["unsupervised_matched"] == row["unsupervised_gold"]
    assert int(row["unsupervised_predicted"]) == int(row["unsupervised_gold"]) + 1
    assert dict(zip(header, second, strict=True))["unsupervised_left_out"] == "0"


@pytest.mark.parametrize(("options", "named"), [
    ({"delete_labels": ["NP", 3]}, "delete_labels"),
    ({"delete_labels": "NP"}, "delete_labels"),
    ({"delete_labels": 3}, "delete_labels"),
    ({"equal_labels": [("A", 3)]}, "equal_labels"),
    ({"equal_labels": [3]}, "equal_labels"),
    ({"equal_labels": "AB"}, "equal_labels"),
    ({"metrics": ["parseval", None]}, "metrics"),
    ({"metrics": 3}, "metrics"),
    ({"scoring": ["full", 2], "metrics": "tagging"}, "scoring"),
])
def test_list_options_of_the_api_are_checked(options: dict[str, Any], named: str) -> None:
    """A list-valued option of the Python API holding something else is a
    ConfigError naming the option, not a TypeError traceback."""
    import parsedit
    from parsedit.errors import ConfigError

    with pytest.raises(ConfigError, match=f"^{named}: expected a list of"):
        parsedit.score([GOLD[0]], [TEST[0]], **options)
    assert parsedit.score([GOLD[0]], [TEST[0]], delete_labels=["NP"],
                          equal_labels=[("PP", "ADVP")]).totals.sentences == 1
