"""Shared helpers for the tests."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from parsedit.trees.reader import _read
from parsedit.trees.tree import Tree

sys.path.insert(0, str(Path(__file__).parent))

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def tree(text: str) -> Tree:
    """One tree from a string (fails the test if it is not readable)."""
    item = next(_read("<test>", iter([text.encode()])))
    assert item.tree is not None, item.error
    return item.tree


@pytest.fixture
def shared() -> Path:
    if not SHARED.is_dir():
        pytest.skip("../shared/data is not beside this checkout")
    return SHARED
