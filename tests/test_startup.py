"""Start-up: ``parsedit --version`` and a PARSEVAL-only score import only
what they use (no numpy, matplotlib or pynini; numpy for PARSEVAL alone only
on a gold file of 1 MiB or more; neither the other commands' modules nor the
cost-scheme machinery, tagging, the word alignment or the workers of -j N),
each in a fresh process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.cli

HEAVY = ("numpy", "matplotlib", "pynini")
PROBE = """
import sys
from parsedit.cli import main
try:
    main(sys.argv[1:], prog_name="parsedit")
except SystemExit:
    pass
print("loaded:", *sorted(m for m in {heavy!r} if m in sys.modules))
print("modules:", *sorted(sys.modules))
"""


def probe(*args: str) -> tuple[list[str], set[str]]:
    """Which of HEAVY a fresh ``parsedit ARGS`` loaded, and every module it loaded."""
    done = subprocess.run([sys.executable, "-c", PROBE.format(heavy=HEAVY), *args],
                          capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    heavy = [x for x in lines if x.startswith("loaded:")][-1].split()[1:]
    return heavy, set([x for x in lines if x.startswith("modules:")][-1].split()[1:])


def loaded(*args: str) -> list[str]:
    return probe(*args)[0]


def test_version_loads_no_command() -> None:
    _, modules = probe("--version")
    assert {m for m in modules if m.startswith("parsedit")} == {
        "parsedit", "parsedit.cli", "parsedit.cli.app", "parsedit.errors", "parsedit.version"}


def test_parseval_alone_loads_neither_schemes_nor_tagging_nor_workers(tmp_path: Path) -> None:
    gold = tmp_path / "gold.mrg"
    gold.write_text("(S (NP (DT the) (NN dog)) (VP (VBZ barks)))\n")
    _, modules = probe("score", str(gold), str(gold), "--metrics", "parseval")
    unused = ("parsedit.costs", "parsedit.fst", "parsedit.tagging.evaluate",
              "parsedit.segmentation", "parsedit.cli.compare", "parsedit.compare",
              "multiprocessing")
    assert not {m for m in modules if m.startswith(unused)}
    # the default metrics need the schemes, and load them
    _, modules = probe("score", str(gold), str(gold))
    assert "parsedit.costs" in modules and "parsedit.tagging.evaluate" not in modules


@pytest.mark.parametrize("args", [("--version",), ("score", "--help"), ("grammars", "--help")])
def test_commands_that_score_nothing_load_nothing_heavy(args: tuple[str, ...]) -> None:
    assert loaded(*args) == []


@pytest.mark.slow
def test_parseval_alone_loads_no_fst(tmp_path: Path) -> None:
    gold = tmp_path / "gold.mrg"
    gold.write_text("(S (NP (DT the) (NN dog)) (VP (VBZ barks)))\n")
    assert loaded("score", str(gold), str(gold), "--metrics", "parseval") == []
    # nor under --yield align, where a pair's words differ (the word alignment
    # is computed in Python)
    test = tmp_path / "test.mrg"
    test.write_text("(S (NP (DT a) (NN dog)) (VP (VBZ barks) (RB now)))\n")
    assert loaded("score", str(gold), str(test), "--metrics", "parseval",
                  "--yield", "align") == []
    # numpy only from a gold file of blocks.ARRAYS_FROM bytes (1 MiB) on, where
    # reading and scoring blocks of lines with it pays for its import
    from parsedit.pipeline.route import ARRAYS_FROM

    line = "(S (NP (DT the) (NN dog)) (VP (VBZ barks)))\n"
    gold.write_text(line * (ARRAYS_FROM // len(line) - 1))
    assert loaded("score", str(gold), str(gold), "--metrics", "parseval") == []
    gold.write_text(line * (ARRAYS_FROM // len(line) + 1))
    assert loaded("score", str(gold), str(gold), "--metrics", "parseval") == ["numpy"]
    # the edit metrics need pynini, and load it; numpy too from a gold file
    # of 1 MiB on, where it reads blocks of lines into normalised sentences
    assert loaded("score", str(gold), str(gold), "--metrics", "label") == ["numpy", "pynini"]
    gold.write_text(line)
    assert loaded("score", str(gold), str(gold), "--metrics", "label") == ["pynini"]


def test_score_keeps_openblas_to_one_thread_unless_told(tmp_path: Path) -> None:
    # score does no linear algebra; OpenBLAS's threads would spin when numpy
    # loads.  A value the user set is kept.
    gold = tmp_path / "gold.mrg"
    gold.write_text("(S (NP (DT the) (NN dog)) (VP (VBZ barks)))\n")
    probe = ("import os, sys\nfrom parsedit.cli import main\ntry:\n"
             "    main(sys.argv[1:], prog_name='parsedit')\nexcept SystemExit:\n    pass\n"
             "print('threads:', os.environ.get('OPENBLAS_NUM_THREADS'))\n")
    for given, expected in ((None, "1"), ("3", "3")):
        env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
        if given is not None:
            env["OPENBLAS_NUM_THREADS"] = given
        done = subprocess.run([sys.executable, "-c", probe, "score", str(gold), str(gold),
                               "--metrics", "parseval", "-q"],
                              capture_output=True, text=True, check=True, env=env)
        assert done.stdout.splitlines()[-1] == f"threads: {expected}"
