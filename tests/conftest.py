"""Shared helpers for the tests."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, settings

from parsedit.cli import main
from parsedit.trees.reader import _read
from parsedit.trees.tree import Tree

sys.path.insert(0, str(Path(__file__).parent))

# No test may depend on how fast the machine is (the machines are shared and
# their speed drifts): Hypothesis neither times examples out nor fails a test
# whose inputs were slow to generate at a busy moment.
settings.register_profile("parsedit", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("parsedit")

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def tree(text: str) -> Tree:
    """One tree from a string (fails the test if it is not readable)."""
    item = next(_read("<test>", iter([text])))
    assert item.tree is not None, item.error
    return item.tree


def run(*args: str) -> Result:
    """The ``parsedit`` command with ``args``, through click's runner."""
    return CliRunner().invoke(main, list(args))


def write_trees(path: Path, trees: Iterable[str]) -> str:
    """Write one tree a line; the path as a string."""
    path.write_text("".join(t + "\n" for t in trees))
    return str(path)


def files(tmp_path: Path, gold: Iterable[str], test: Iterable[str]) -> tuple[str, str]:
    """``gold.mrg`` and ``test.mrg`` in ``tmp_path``."""
    return write_trees(tmp_path / "gold.mrg", gold), write_trees(tmp_path / "test.mrg", test)


@pytest.fixture
def shared() -> Path:
    if not SHARED.is_dir():
        pytest.skip("../shared/data is not beside this checkout")
    return SHARED


def ptb_ten_times(shared: Path, tmp_path: Path) -> tuple[Path, Path]:
    """The PTB sample ten times and a perturbed copy of it (benchmarks/perturb.py,
    seed 1) ten times: 39,140 pairs, as the benchmarks build them."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from perturb import main as perturb

    clean = shared / "ptb-sample/wsj_0001-0199.clean"
    perturb([str(clean), str(tmp_path / "perturbed.mrg"), "--seed", "1"])
    gold, test = tmp_path / "gold10.mrg", tmp_path / "test10.mrg"
    gold.write_bytes(clean.read_bytes() * 10)
    test.write_bytes((tmp_path / "perturbed.mrg").read_bytes() * 10)
    return gold, test
