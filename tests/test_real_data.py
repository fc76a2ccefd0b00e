"""Real treebank data from ../shared/data."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pytest

from parsedit.config import Config
from parsedit.pipeline.run import evaluate

Span = tuple[str, int, int]


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
        assert all(f"{name}.mrg:{s.id}:" in (s.message or "") for s in skipped)
        assert result.count("ok") + result.count("error") == 310 - failures
        assert result.totals.counts["label"].gold > 0


def _edit_counts(gold: str, test: str, errors: bool) -> list[object]:
    result = evaluate(gold, test, Config(), errors=5 if errors else 0)
    return [(s.id, s.status, *(s.counts.get(m) for m in ("label", "span", "rule")))
            for s in result.sentences]


@pytest.mark.slow
def test_tie_breaking_changes_no_cost(shared: Path, tmp_path: Path) -> None:
    # --errors reads the preferred one of the cheapest scripts; every edit
    # count must be the plain run's, on the PTB sample (perturbed as the
    # benchmark perturbs it) and on every Sequoia parser.
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from perturb import main as perturb

    clean = str(shared / "ptb-sample/wsj_0001-0199.clean")
    perturbed = str(tmp_path / "perturbed.mrg")
    perturb([clean, perturbed, "--seed", "1"])
    pairs = [(clean, perturbed)] + [
        (str(shared / "sequoia/gold.mrg"), str(path))
        for path in sorted((shared / "sequoia").glob("*.mrg")) if path.name != "gold.mrg"]
    for gold, test in pairs:
        assert _edit_counts(gold, test, True) == _edit_counts(gold, test, False), test


def test_tie_breaking_removes_confusions_that_were_ties(shared: Path) -> None:
    # On Sequoia, the plain shortest path rewrote NPs as PPs (and PPs as NPs)
    # where a script of equal cost pairs each with its own label.
    from parsedit.costs.reader import load_scheme
    from parsedit.encodings import get_encoding
    from parsedit.fst.align import Aligner
    from parsedit.trees.normalise import COLLINS
    from parsedit.trees.reader import read_trees

    encoding, scheme = get_encoding("span"), load_scheme("levenshtein")
    plain, preferred = Aligner(scheme, encoding), Aligner(scheme, encoding, tie_break=True)
    crossed = {"plain": 0, "preferred": 0}
    gold = read_trees(str(shared / "sequoia/gold.mrg"))
    test = read_trees(str(shared / "sequoia/otmhi.mrg"))
    for g, t in zip(gold, test):
        assert g.tokens is not None and t.tokens is not None
        gs = encoding.encode(COLLINS.apply(g.tokens))
        ts = encoding.encode(COLLINS.apply(t.tokens))
        for name, aligner in (("plain", plain), ("preferred", preferred)):
            alignment = aligner.align(gs, ts)
            subs = [(cast(Span, op.gold), cast(Span, op.test)) for op in alignment.ops
                    if op.kind == "sub"]
            crossed[name] += sum({g[0], t[0]} == {"NP", "PP"} for g, t in subs)
            assert alignment.cost == plain.align(gs, ts).cost
    assert crossed["preferred"] < crossed["plain"] / 2, crossed
