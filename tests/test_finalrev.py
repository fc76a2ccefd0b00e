"""Fixes from the final review of the 0.3.0 changes."""

from __future__ import annotations

from pathlib import Path

from conftest import run

CONLLU = ("1\tthe\t_\tDT\tDT\t_\t2\tdet\t_\t_\n"
          "2\tdog\t_\tNN\tNN\t_\t3\tnsubj\t_\t_\n"
          "3\tran\t_\tVBD\tVBD\t_\t0\troot\t_\t_\n\n")
# Its heads make no tree (two roots): a failed parse, counted by --failures count.
TWO_ROOTS = CONLLU.replace("3\tnsubj", "0\tnsubj")


def test_the_text_report_says_a_dep_failure_is_a_parse_with_no_heads(tmp_path: Path) -> None:
    gold, test = tmp_path / "gold.conllu", tmp_path / "test.conllu"
    gold.write_text(CONLLU * 2, encoding="utf-8")
    test.write_text(CONLLU + TWO_ROOTS, encoding="utf-8")
    result = run("score", "--failures", "count", str(gold), str(test))
    assert "Failures counted as parses with no heads (in the sums):" in result.stdout
    assert "no constituents" not in result.stdout
