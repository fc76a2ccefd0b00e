"""Cost schemes: the files in grammars/ that become edit transducers."""

from parsedit.costs.scheme import CostScheme, default_scheme, load_scheme

__all__ = ["CostScheme", "default_scheme", "load_scheme"]
