"""What the dependency tests share: this checkout's grammars/ as the package
``parsedit.grammars`` (the shared virtual environment's editable install
maps that package to the main checkout, which has no head tables), and small
helpers."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

GRAMMARS = Path(__file__).resolve().parents[1] / "grammars"


def use_this_checkout_grammars() -> None:
    """Make ``parsedit.grammars`` this checkout's ``grammars/`` (a superset of
    the main checkout's) for the rest of the test session."""
    module = sys.modules.get("parsedit.grammars")
    if module is not None and Path(str(module.__file__)).parent == GRAMMARS:
        return
    spec = importlib.util.spec_from_file_location(
        "parsedit.grammars", GRAMMARS / "__init__.py",
        submodule_search_locations=[str(GRAMMARS)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["parsedit.grammars"] = module
    spec.loader.exec_module(module)
    import parsedit

    setattr(parsedit, "grammars", module)  # noqa: B010


use_this_checkout_grammars()
