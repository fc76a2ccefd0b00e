"""Cost schemes: the files in grammars/ that become edit transducers.

:func:`load_costs` is the one way in: a shipped name, a declarative ``.toml``
file (:mod:`~parsedit.costs.scheme`), a Python grammar module or a
precompiled ``.fst``/``.far`` file (:mod:`~parsedit.costs.transducer`).
The transducer side (and so pynini) is imported only when a scheme needs it,
so that a run that scores PARSEVAL alone, or ``parsedit --version``, starts
without it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from parsedit.costs.reader import default_scheme, load_scheme
from parsedit.costs.scheme import TRANSDUCER_SUFFIXES, CostScheme
from parsedit.costs.shipped import shipped_file

if TYPE_CHECKING:
    from parsedit.costs.transducer import FstScheme

    Scheme = CostScheme | FstScheme


def load_costs(name_or_path: str, encoding: str | None = None) -> Scheme:
    """The scheme called ``name_or_path`` (``encoding`` picks a FAR's member)."""
    path = Path(name_or_path)
    if not path.is_file():
        path = shipped_file(name_or_path) or path
    if path.is_file() and path.suffix in TRANSDUCER_SUFFIXES:
        from parsedit.costs.transducer import load_transducer_scheme

        return load_transducer_scheme(path, encoding)
    return load_scheme(name_or_path)


def __getattr__(name: str) -> Any:
    """``FstScheme`` and ``Scheme``, imported on first use (they need pynini)."""
    if name in ("FstScheme", "Scheme"):
        from parsedit.costs.transducer import FstScheme

        return FstScheme if name == "FstScheme" else CostScheme | FstScheme
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["CostScheme", "FstScheme", "Scheme", "default_scheme", "load_costs", "load_scheme"]
