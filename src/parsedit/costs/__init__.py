"""Cost schemes: the files in grammars/ that become edit transducers.

:func:`load_costs` is the one way in: a shipped name, a declarative ``.toml``
file (:mod:`~parsedit.costs.scheme`), a Python grammar module or a
precompiled ``.fst``/``.far`` file (:mod:`~parsedit.costs.transducer`); a
name and a path are told apart by the text alone (:mod:`parsedit.names`).
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
from parsedit.errors import SchemeError
from parsedit.names import names_file

if TYPE_CHECKING:
    from parsedit.costs.transducer import FstScheme

    Scheme = CostScheme | FstScheme


def load_costs(name_or_path: str, encoding: str | None = None) -> Scheme:
    """The scheme called ``name_or_path`` (``encoding`` picks a FAR's member).

    A text with a ``/`` or a ``.`` is a path, any other a shipped name
    (:mod:`parsedit.names`); a file of a shipped scheme's name in the working
    directory changes nothing.  Python code runs only from a path ending in
    ``.py`` or a shipped grammar module named by its name."""
    if not names_file(name_or_path):
        shipped = shipped_file(name_or_path)
        if shipped is not None and shipped.suffix in TRANSDUCER_SUFFIXES:
            from parsedit.costs.transducer import load_transducer_scheme

            return load_transducer_scheme(shipped, encoding, shipped=True)
        return load_scheme(name_or_path)
    path = Path(name_or_path)
    if path.suffix in TRANSDUCER_SUFFIXES:
        if not path.is_file():
            what = "is a directory" if path.is_dir() else "no such file"
            raise SchemeError(f"{name_or_path}: {what}")
        from parsedit.costs.transducer import load_transducer_scheme

        return load_transducer_scheme(path, encoding, given=name_or_path)
    return load_scheme(name_or_path)


def __getattr__(name: str) -> Any:
    """``FstScheme`` and ``Scheme``, imported on first use (they need pynini)."""
    if name in ("FstScheme", "Scheme"):
        from parsedit.costs.transducer import FstScheme

        return FstScheme if name == "FstScheme" else CostScheme | FstScheme
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["CostScheme", "FstScheme", "Scheme", "default_scheme", "load_costs", "load_scheme"]
