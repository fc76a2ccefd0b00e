"""An output that names the file standard input reads (``-`` redirected
from it) is refused with exit 2 and the file left whole, as an output that
names an input's path is (the review of issue 27, finding 3)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import files

pytestmark = pytest.mark.cli

SRC = str(Path(__file__).resolve().parents[1] / "src")
GOLD = ["(S (NP (DT the) (NN dog)) (VP (VBD barked)))",
        "(S (NP (DT a) (NN cat)) (VP (VBD sat)))"]


def parsedit(args: list[str], stdin: str | None) -> subprocess.CompletedProcess[str]:
    """``python -m parsedit`` (this checkout's), standard input read from ``stdin``."""
    env = {**os.environ, "PYTHONPATH": SRC}
    if stdin is None:
        return subprocess.run([sys.executable, "-m", "parsedit", *args], text=True,
                              capture_output=True, check=False, env=env,
                              stdin=subprocess.DEVNULL)
    with open(stdin, "rb") as handle:
        return subprocess.run([sys.executable, "-m", "parsedit", *args], text=True,
                              capture_output=True, check=False, env=env, stdin=handle)


@pytest.mark.parametrize("command", [
    ["score", "-q", "--metrics", "parseval", "{gold}", "-", "-o", "{test}"],
    ["score", "-q", "--metrics", "parseval", "-", "{gold}", "-o", "{test}"],
    ["score", "-q", "--metrics", "parseval", "{gold}", "-", "--per-sentence", "{test}"],
    ["score", "-q", "--metrics", "parseval", "{gold}", "-", "-o", "{link}"],
    ["tags", "{gold}", "-", "-o", "{test}"],
    ["compare", "{gold}", "-", "{gold}", "--samples", "10", "-o", "{test}"],
])
@pytest.mark.slow
def test_an_output_that_is_the_file_on_standard_input_is_refused(
        tmp_path: Path, command: list[str]) -> None:
    gold, test = files(tmp_path, GOLD, GOLD)
    link = tmp_path / "link.mrg"
    link.symlink_to(test)
    before = Path(test).read_bytes()
    args = [a.format(gold=gold, test=test, link=link) for a in command]
    done = parsedit(args, stdin=test)
    assert done.returncode == 2, done.stderr
    assert "standard input" in done.stderr and "would destroy it" in done.stderr
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr
    assert Path(test).read_bytes() == before


def test_an_output_beside_the_file_on_standard_input_is_written(tmp_path: Path) -> None:
    gold, test = files(tmp_path, GOLD, GOLD)
    out = tmp_path / "report.txt"
    done = parsedit(["score", "-q", "--metrics", "parseval", gold, "-", "-o", str(out)],
                    stdin=test)
    assert done.returncode == 0, done.stderr
    assert "F-measure" in out.read_text()
