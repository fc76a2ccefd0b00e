"""Counts in words: ``1 sentence``, ``2 sentences`` (every message and
report says a count this way, so that none reads "1 sentences")."""

from __future__ import annotations


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and ``noun``, the noun plural unless ``count`` is 1
    (``many``: the plural when it is not ``noun + "s"``)."""
    return f"{count} {noun if count == 1 else many or noun + 's'}"
