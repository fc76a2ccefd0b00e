"""Encodings: a normalised tree as a string of symbols, by name."""

from __future__ import annotations

from parsedit.encodings.base import Encoding, Symbol
from parsedit.encodings.label import LabelEncoding
from parsedit.encodings.rule import RuleEncoding
from parsedit.encodings.span import SpanEncoding
from parsedit.errors import ConfigError

NAMES = ("label", "span", "rule")


def get_encoding(name: str, rule_pos: str = "words") -> Encoding:
    """The encoding called ``name`` (``rule_pos`` applies to *rule* only)."""
    if name == "label":
        return LabelEncoding()
    if name == "span":
        return SpanEncoding()
    if name == "rule":
        return RuleEncoding(rule_pos)
    raise ConfigError(f"unknown encoding {name!r}; expected one of {', '.join(NAMES)}")


__all__ = ["NAMES", "Encoding", "Symbol", "get_encoding"]
