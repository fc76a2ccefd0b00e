"""Tags split into a part of speech and named categories; category weights.

A **tagset description** maps each part of speech to the ordered names of
its grammatical categories, one PoS a line::

    # PoS: categories, in the order their values follow it in a tag
    subst: number case gender
    ger:   number case gender aspect negation

so that ``subst:sg:nom:n`` reads as PoS ``subst`` with number ``sg``, case
``nom`` and gender ``n``.  Without a description, or for a PoS it does not
list, the values are named by their position (``1``, ``2``, ...).  Values
are split on a separator (``:`` by default).

A **weights** file gives each category a weight, one a line::

    pos      37771       # the weight of the part of speech itself
    case     14055
    default  0           # every category not listed (default: 1)
    ger gender 0.5       # three fields: a weight conditioned on the PoS (CWPA)

Weighted positional accuracy uses the two-field lines; conditional weighted
positional accuracy uses a PoS's own three-field lines where there are any,
the two-field ones otherwise.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from parsedit.errors import ConfigError
from parsedit.names import file_hint, names_file

POS = "pos"


@dataclass(frozen=True)
class Tag:
    """``text`` read as ``pos`` and ``(category, value)`` pairs in order."""

    text: str
    pos: str
    values: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Tagset:
    categories: dict[str, tuple[str, ...]] = field(default_factory=dict)
    separator: str = ":"
    source: str = "positions"
    digest: str = "none"

    def __post_init__(self) -> None:
        if not self.separator or self.separator.isspace() or "|" in self.separator:
            raise ConfigError(f"--separator must be a non-blank string without '|' (which "
                              f"separates several tags), not {self.separator!r}")

    def parse(self, text: str) -> Tag:
        pos, *values = text.split(self.separator)
        names = self.categories.get(pos, ())
        return Tag(text, pos, tuple(
            (names[i] if i < len(names) else str(i + 1), value)
            for i, value in enumerate(values)))

    def describe(self) -> str:
        return f"{self.source}@{self.digest}|sep:{self.separator}"


@dataclass(frozen=True)
class Weights:
    absolute: dict[str, float]
    conditional: dict[tuple[str, str], float]
    default: float = 1.0
    source: str = "none"
    digest: str = "none"

    def weight(self, category: str) -> float:
        """w(c), or w(PoS) for ``pos``: what weighted positional accuracy uses."""
        return self.absolute.get(category, self.default)

    def given(self, category: str, pos: str) -> float:
        """w(c | PoS): what the conditional measure uses."""
        found = self.conditional.get((pos, category))
        return self.weight(category) if found is None else found

    def describe(self) -> str:
        return f"{self.source}@{self.digest}"


def _text(name_or_path: str, suffix: str, what: str) -> tuple[str, str]:
    """The text of a file (a text with a ``/`` or a ``.``) or of a shipped
    one (any other text; :mod:`parsedit.names`), and what names it."""
    if names_file(name_or_path):
        path = Path(name_or_path)
        if not path.is_file():
            raise ConfigError(f"{what} {name_or_path}: no such file")
        return path.read_text(encoding="utf-8"), name_or_path
    shipped = resources.files("parsedit.tagsets").joinpath(f"{name_or_path}.{suffix}")
    if name_or_path and shipped.is_file():
        return shipped.read_text(encoding="utf-8"), name_or_path
    raise ConfigError(f"{what} {name_or_path!r}: not a shipped one; a file is named by a "
                      f"path, with a '/' or a '.'{file_hint(name_or_path)}")


def _lines(text: str) -> list[tuple[int, str]]:
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if line:
            out.append((number, line))
    return out


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def load_tagset(name_or_path: str | None, separator: str = ":") -> Tagset:
    if name_or_path is None:
        return Tagset(separator=separator)
    text, source = _text(name_or_path, "tagset", "tagset")
    categories: dict[str, tuple[str, ...]] = {}
    for number, line in _lines(text):
        pos, colon, names = line.partition(":")
        if not colon or not pos.strip():
            raise ConfigError(f"{source}:{number}: expected 'PoS: category category ...'")
        categories[pos.strip()] = tuple(names.split())
    return Tagset(categories, separator, source, _digest(repr(sorted(categories.items()))))


def load_weights(name_or_path: str) -> Weights:
    text, source = _text(name_or_path, "weights", "weights")
    absolute: dict[str, float] = {}
    conditional: dict[tuple[str, str], float] = {}
    default = 1.0
    for number, line in _lines(text):
        fields = line.split()
        try:
            value = float(fields[-1])
        except ValueError:
            value = -1.0
        if len(fields) not in (2, 3) or not value >= 0 or value == float("inf"):
            raise ConfigError(f"{source}:{number}: expected 'category weight' or 'PoS "
                              "category weight', a weight being a finite number >= 0")
        if len(fields) == 3:
            conditional[fields[0], fields[1]] = value
        elif fields[0] == "default":
            default = value
        else:
            absolute[fields[0]] = value
    content = repr((sorted(absolute.items()), sorted(conditional.items()), default))
    return Weights(absolute, conditional, default, source, _digest(content))
