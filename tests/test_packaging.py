"""What a plain install holds: every package under src/parsedit is one that
pyproject.toml names, so that ``pip install .`` (not editable, as .ci/run
installs) installs it too."""

from __future__ import annotations

import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_is_installed() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    named = set(config["tool"]["setuptools"]["packages"])
    src = ROOT / "src"
    found = {".".join(init.parent.relative_to(src).parts)
             for init in src.rglob("__init__.py") if "__pycache__" not in init.parts}
    assert found <= named, sorted(found - named)
