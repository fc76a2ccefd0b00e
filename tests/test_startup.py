"""Start-up: ``parsedit --version`` and a PARSEVAL-only score import only
what they use (no numpy, matplotlib or pynini; numpy for PARSEVAL alone only
on a gold file of 1 MiB or more), each in a fresh process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("numpy", "matplotlib", "pynini")
PROBE = """
import sys
from parsedit.cli import main
try:
    main(sys.argv[1:], prog_name="parsedit")
except SystemExit:
    pass
print("loaded:", *sorted(m for m in {heavy!r} if m in sys.modules))
"""


def loaded(*args: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", PROBE.format(heavy=HEAVY), *args],
                          capture_output=True, text=True, check=True)
    line = [x for x in done.stdout.splitlines() if x.startswith("loaded:")][-1]
    return line.split()[1:]


@pytest.mark.parametrize("args", [("--version",), ("score", "--help"), ("grammars", "--help")])
def test_commands_that_score_nothing_load_nothing_heavy(args: tuple[str, ...]) -> None:
    assert loaded(*args) == []


def test_parseval_alone_loads_no_fst(tmp_path: Path) -> None:
    gold = tmp_path / "gold.mrg"
    gold.write_text("(S (NP (DT the) (NN dog)) (VP (VBZ barks)))\n")
    assert loaded("score", str(gold), str(gold), "--metrics", "parseval") == []
    # numpy only from a gold file of blocks.ARRAYS_FROM bytes (1 MiB) on, where
    # reading and scoring blocks of lines with it pays for its import
    from parsedit.blocks import ARRAYS_FROM

    line = "(S (NP (DT the) (NN dog)) (VP (VBZ barks)))\n"
    gold.write_text(line * (ARRAYS_FROM // len(line) - 1))
    assert loaded("score", str(gold), str(gold), "--metrics", "parseval") == []
    gold.write_text(line * (ARRAYS_FROM // len(line) + 1))
    assert loaded("score", str(gold), str(gold), "--metrics", "parseval") == ["numpy"]
    # the edit metrics need pynini, and load it
    assert loaded("score", str(gold), str(gold), "--metrics", "label") == ["pynini"]
