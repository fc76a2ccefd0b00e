"""How every report writes a number."""

from __future__ import annotations


def rate(value: float | None) -> str:
    """A percentage with two decimals, or ``n/a`` when undefined."""
    return "n/a" if value is None else f"{value:.2f}"


def number(value: float) -> str:
    """An edit count: whole, or with one decimal."""
    return f"{value:g}" if value == int(value) else f"{value:.1f}"
