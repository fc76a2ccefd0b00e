"""Cost schemes: the files in grammars/ that become edit transducers.

:func:`load_costs` is the one way in: a shipped name, a declarative ``.toml``
file (:mod:`~parsedit.costs.scheme`), a Python grammar module or a
precompiled ``.fst``/``.far`` file (:mod:`~parsedit.costs.transducer`).
"""

from __future__ import annotations

from pathlib import Path

from parsedit.costs.reader import default_scheme, load_scheme
from parsedit.costs.scheme import CostScheme
from parsedit.costs.shipped import shipped_file
from parsedit.costs.transducer import TRANSDUCER_SUFFIXES, FstScheme, load_transducer_scheme

Scheme = CostScheme | FstScheme


def load_costs(name_or_path: str, encoding: str | None = None) -> Scheme:
    """The scheme called ``name_or_path`` (``encoding`` picks a FAR's member)."""
    path = Path(name_or_path)
    if not path.is_file():
        path = shipped_file(name_or_path) or path
    if path.is_file() and path.suffix in TRANSDUCER_SUFFIXES:
        return load_transducer_scheme(path, encoding)
    return load_scheme(name_or_path)


__all__ = ["CostScheme", "FstScheme", "Scheme", "default_scheme", "load_costs", "load_scheme"]
