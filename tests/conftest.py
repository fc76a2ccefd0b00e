"""Shared helpers for the tests, and the layers they run in.

The layers are pytest markers, registered in pyproject.toml: ``paper``,
``parity``, ``properties``, ``cli`` and ``slow``.  ``python -m pytest`` (the
quick run) leaves ``slow`` out and tries a fifth of each property test's
examples; ``HYPOTHESIS_PROFILE=ci`` tries them all, as .ci/run does, and
``-m slow`` runs what the quick run leaves out.  A test that Hypothesis
drives is in ``properties`` without saying so (:func:`pytest_collection_modifyitems`);
the other markers are written in the test files.
"""

from __future__ import annotations

import math
import os
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
# The full run (.ci/run): every example each test asks for, and a failure's
# blob printed so that it can be replayed elsewhere.
settings.register_profile("ci", parent=settings.get_profile("parsedit"), print_blob=True)
# The quick run (the default): the same settings, and a fifth of each test's
# examples (QUICK_SHARE, given in pytest_collection_modifyitems).
settings.register_profile("quick", parent=settings.get_profile("parsedit"))
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "quick")
settings.load_profile(PROFILE)

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


# -- the quick run's share of each property test's examples ----------------------

# The quick run tries one example in QUICK_SHARE of what a property test asks
# for (its own ``max_examples``, or Hypothesis's 100), never fewer than
# QUICK_FLOOR unless the test asks for fewer.
QUICK_SHARE = 5
QUICK_FLOOR = 10


def quick_examples(full: int) -> int:
    """How many examples the quick run tries of a test that asks for ``full``."""
    return max(min(full, QUICK_FLOOR), math.ceil(full / QUICK_SHARE))


# The count each property test asks for, by test function (the quick run's
# record, so that a parametrised test, one function, is shortened once).
FULL_EXAMPLES: dict[object, int] = {}


def run_a_share(test: object) -> None:
    """Give a Hypothesis test, once, :func:`quick_examples` of its own count.

    An explicit ``@settings(max_examples=...)`` wins over any profile, so no
    profile alone can shorten such a test: this changes the settings that
    ``@given`` keeps on the test (where Hypothesis's own ``@seed`` changes
    them too).  If Hypothesis ever keeps them elsewhere, the run stops here
    and says so rather than run every example unnoticed."""
    if test in FULL_EXAMPLES:
        return
    own = getattr(test, "_hypothesis_internal_use_settings", None)
    if not isinstance(own, settings):
        raise pytest.UsageError(
            "tests/conftest.py: Hypothesis no longer keeps a test's settings in "
            "_hypothesis_internal_use_settings; the quick run cannot shorten "
            f"{getattr(test, '__qualname__', test)!r} (run with HYPOTHESIS_PROFILE=ci)")
    FULL_EXAMPLES[test] = own.max_examples
    setattr(test, "_hypothesis_internal_use_settings",  # noqa: B010 (Hypothesis's name)
            settings(own, max_examples=quick_examples(own.max_examples)))


@pytest.hookimpl(tryfirst=True)  # before -m selects by the markers given here
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every Hypothesis test ``properties``; in the quick profile, give
    each a share of its examples."""
    # Hypothesis's own --hypothesis-profile, when given, is the one it loads.
    quick = (config.getoption("--hypothesis-profile", None) or PROFILE) == "quick"
    for item in items:
        test = getattr(item, "obj", None)
        test = getattr(test, "__func__", test)  # a method: its function
        if isinstance(item, pytest.Function) and getattr(test, "is_hypothesis_test", False):
            item.add_marker(pytest.mark.properties)
            if quick:
                run_a_share(test)
