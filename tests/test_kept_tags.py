"""A parameter file that keeps words by their tags (KEEP_LABEL, ``-p
unsupervised``'s Penn Treebank word tags) on a treebank with other tags
leaves most pairs without a word: the report says so, from the CLI and
the Python API alike."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

import parsedit
from parsedit.cli import main

DATA = Path(__file__).resolve().parents[1] / "src" / "parsedit" / "data"
SEQUOIA = DATA / "sequoia-gold.mrg"
PTB = """\
(TOP (S (NP (DT The) (NN dog)) (VP (VBD barked)) (. .)))
(TOP (S (NP (PRP It)) (VP (VBD ran) (ADVP (RB away))) (. .)))
"""


def warned(gold: str, test: str) -> list[str]:
    out = CliRunner().invoke(main, ["score", gold, test, "-p", "unsupervised",
                                    "--format", "json"])
    assert out.exit_code == 0, out.output
    return [w for w in json.loads(out.stdout)["warnings"] if "KEEP_LABEL" in w]


def test_a_foreign_tag_set_under_ptb_word_tags_is_said() -> None:
    # Sequoia's tags (NC, V, P, DET...) are not the PTB's: 200 of its 310
    # trees keep no word under -p unsupervised.
    (said,) = warned(str(SEQUOIA), str(SEQUOIA))
    assert said.startswith("200 pairs of 310 kept no word: unsupervised.prm keeps only")
    assert "(the Penn Treebank's word tags)" in said
    lines = SEQUOIA.read_text(encoding="utf-8").splitlines()
    result = parsedit.score(lines, lines, params="unsupervised")
    assert said in result.warnings
    evaluator = parsedit.Evaluator(params="unsupervised")
    evaluator.update(lines[:155], lines[:155])
    evaluator.update(lines[155:], lines[155:])
    assert said in evaluator.compute().warnings


def test_ptb_tags_under_ptb_word_tags_say_nothing(tmp_path: Path) -> None:
    path = tmp_path / "ptb.mrg"
    path.write_text(PTB, encoding="utf-8")
    assert warned(str(path), str(path)) == []
