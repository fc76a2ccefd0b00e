"""How every report writes a number."""

from __future__ import annotations


def rate(value: float | None) -> str:
    """A percentage with two decimals, or ``n/a`` when undefined."""
    return "n/a" if value is None else f"{value:.2f}"


def number(value: float) -> str:
    """An edit count: whole, or with one decimal."""
    return f"{value:g}" if value == int(value) else f"{value:.1f}"


# What a report calls the empty label (an unlabelled bracket such as the
# Penn Treebank's outer "( ... )"); JSON keeps "".
NO_LABEL = "(no label)"


def label_name(label: str) -> str:
    """A label as a report's table shows it: the empty label named."""
    return label or NO_LABEL
