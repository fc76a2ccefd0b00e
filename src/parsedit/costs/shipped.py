"""The cost schemes that come with parsedit (``grammars/``, installed as
the package ``parsedit.grammars``), and each encoding's default."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from parsedit.names import names_file

DEFAULTS = {"label": "roark-basic", "span": "levenshtein", "rule": "levenshtein",
            "lineage": "leaf-ancestor", "words": "words", "dep": "levenshtein"}


def shipped_names() -> list[str]:
    """The schemes that come with parsedit."""
    folder = resources.files("parsedit.grammars")
    return sorted(p.name.rsplit(".", 1)[0] for p in folder.iterdir()
                  if p.name.endswith((".toml", ".py")) and not p.name.startswith("_"))


def shipped_file(name: str) -> Path | None:
    """The file of a shipped scheme, or None (always for a text that names a
    file, :func:`parsedit.names.names_file`: a path is never looked up among
    the shipped schemes)."""
    if not name or names_file(name):
        return None
    folder = resources.files("parsedit.grammars")
    for suffix in (".toml", ".py"):
        candidate = folder.joinpath(name + suffix)
        if candidate.is_file():
            return Path(str(candidate))
    return None
