"""Encodings: a normalised tree as a string of symbols, by name."""

from __future__ import annotations

from parsedit.encodings.base import Encoding, Symbol
from parsedit.encodings.dep import DepEncoding
from parsedit.encodings.label import LabelEncoding
from parsedit.encodings.lineage import LineageEncoding
from parsedit.encodings.rule import RuleEncoding
from parsedit.encodings.span import SpanEncoding
from parsedit.encodings.structure import structures
from parsedit.errors import ConfigError

NAMES = ("label", "span", "rule")


def get_encoding(name: str, rule_pos: str = "words", la_preterminals: bool = False) -> Encoding:
    """The encoding called ``name`` (``rule_pos`` applies to *rule* only,
    ``la_preterminals`` to *lineage*)."""
    if name == "label":
        return LabelEncoding()
    if name == "span":
        # read through the same reader as the rules, so that a run scoring
        # both reads each tree once
        return SpanEncoding(structures(rule_pos))
    if name == "rule":
        return RuleEncoding(rule_pos)
    if name == "lineage":
        return LineageEncoding(la_preterminals)
    if name == "dep":
        # reads raw tokens (not a normalised bracketing): see encodings/dep.py
        return DepEncoding()
    raise ConfigError(f"unknown encoding {name!r}; expected one of "
                      f"{', '.join((*NAMES, 'lineage', 'dep'))}")


__all__ = ["NAMES", "Encoding", "Symbol", "get_encoding"]
