"""Review of issues 27-31 as landed (branch review2): each fix's test."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run, write_trees

GOLD = [
    "(S (NP (DT the) (JJ big) (NN dog)) (VP (VBD barked) (ADVP (RB loudly))) (. .))",
    "(S (NP (PRP He)) (VP (VBD left) (NP (DT the) (NN room))) (. .))",
]


@pytest.mark.cli
@pytest.mark.parametrize("target", ["conllu", "bracketed"])
def test_convert_refuses_an_output_that_is_its_input(tmp_path: Path, target: str) -> None:
    # Was: exit 0, the treebank replaced by its conversion.
    gold = write_trees(tmp_path / "gold.mrg", GOLD)
    before = Path(gold).read_bytes()
    result = run("convert", gold, "--to", target, "-o", gold)
    assert result.exit_code == 2, result.output
    assert "is the input file" in result.output
    assert Path(gold).read_bytes() == before
