"""Real treebank data from ../shared/data."""

from __future__ import annotations

from pathlib import Path

from parsedit.config import Config
from parsedit.pipeline import evaluate


def test_ptb_sample_against_itself_costs_nothing(shared: Path) -> None:
    clean = str(shared / "ptb-sample/wsj_0001-0199.clean")
    result = evaluate(clean, clean)
    assert result.count("ok") == 3914
    for metric in ("label", "span", "rule"):
        assert result.totals.counts[metric].edits == 0


def test_treebank_annotation_against_training_form(shared: Path) -> None:
    # .orig has function tags, indices, -NONE- and an unlabelled outer
    # bracket; .clean has (TOP ...). After COLLINS normalisation the only
    # difference is the unlabelled bracket: a root convention, so the edit
    # metrics and leaf-ancestor see one parse, while PARSEVAL counts it as
    # EVALB does (one missed constituent per sentence) and a warning says so.
    orig = str(shared / "ptb-sample/wsj_0001-0199.orig")
    clean = str(shared / "ptb-sample/wsj_0001-0199.clean")
    result = evaluate(orig, clean, Config(metrics=("parseval", "label", "span", "rule", "la")))
    assert result.count("ok") == 3914
    for metric in ("label", "span", "rule"):
        assert result.totals.counts[metric].edits == 0
    assert result.la is not None and result.la.score == result.la.word_score == 1.0
    assert result.parseval is not None
    assert result.parseval.gold - result.parseval.matched == 3914
    assert result.parseval.test == result.parseval.matched
    assert len(result.warnings) == 1 and "STRIP_OUTER_BRACKET 1" in result.warnings[0]


def test_parser_failures_are_skipped_and_the_rest_scored(shared: Path) -> None:
    gold = str(shared / "sequoia/gold.mrg")
    for name, failures in (("ManifoldFR", 80), ("MatthieuMoreau0", 64)):
        result = evaluate(gold, str(shared / f"sequoia/{name}.mrg"))
        skipped = [s for s in result.sentences if s.status == "skip"]
        assert len(skipped) == failures
        assert all(f"{name}.mrg:{s.id}:" in s.message for s in skipped)
        assert result.count("ok") + result.count("error") == 310 - failures
        assert result.totals.counts["label"].gold > 0
