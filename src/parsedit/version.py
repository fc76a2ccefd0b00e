"""The version of parsedit (one place: the package, its signature and its reports read it)."""

__version__ = "0.3.0"
