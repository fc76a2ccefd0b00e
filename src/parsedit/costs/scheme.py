"""Cost schemes: declarative edit costs, read from TOML files.

A scheme file (see ``grammars/*.toml``) holds::

    name = "roark-basic"          # how reports name it
    encodings = ["label"]         # the encodings it is meant for
    movement = 1.0                # optional: Roark's close-bracket move cost
    [insert]   CLASS = COST ...   # cost of inserting a symbol of CLASS
    [delete]   CLASS = COST ...   # cost of deleting one
    [[substitute]]                # one table per substitution class pair
    from = "CLASS"; to = "CLASS"; cost = COST

A class is a symbol kind of the encoding (``open``, ``close``, ``tag``,
``word`` for *label*; ``span``; ``rule``) or ``any``.  Every symbol maps to
itself at no cost; an operation no entry allows is impossible; where several
entries apply, the cheapest wins.  Costs are finite numbers >= 0.

A scheme's *digest* is a hash of its file's bytes, so that reports can pin
down exactly which costs produced a number.
"""

from __future__ import annotations

import hashlib
import math
import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from parsedit.errors import SchemeError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

INF = math.inf
ANY = "any"
_KEYS = {"name", "encodings", "movement", "insert", "delete", "substitute"}
DEFAULTS = {"label": "roark-basic", "span": "levenshtein", "rule": "levenshtein"}

Signature = frozenset[str]


@dataclass(frozen=True)
class CostScheme:
    name: str
    digest: str
    source: str
    encodings: tuple[str, ...]
    insert: tuple[tuple[str, float], ...]
    delete: tuple[tuple[str, float], ...]
    substitute: tuple[tuple[str, str, float], ...]
    movement: float | None = None

    # -- what a symbol of a kind may cost ---------------------------------
    @staticmethod
    def signature(kind: str) -> Signature:
        """The classes a symbol of ``kind`` belongs to."""
        return frozenset((kind, ANY))

    def insert_cost(self, sig: Signature) -> float:
        return min((c for cls, c in self.insert if cls in sig), default=INF)

    def delete_cost(self, sig: Signature) -> float:
        return min((c for cls, c in self.delete if cls in sig), default=INF)

    def substitute_cost(self, a: Signature, b: Signature) -> float:
        """Cost of rewriting a symbol of ``a`` as a *different* symbol of ``b``."""
        return min((c for f, t, c in self.substitute if f in a and t in b), default=INF)

    def can_edit(self, kind: str) -> bool:
        """Whether a symbol of ``kind`` can ever be anything but itself."""
        sig = self.signature(kind)
        return (self.insert_cost(sig) < INF or self.delete_cost(sig) < INF
                or any(f in sig or t in sig for f, t, _ in self.substitute))

    def trim_safe(self, kinds: tuple[str, ...]) -> bool:
        """Whether stripping a common prefix and suffix keeps distances exact.

        True when the costs obey the triangle inequality over the kinds'
        symbols and the empty string, which is what the exchange argument
        behind prefix stripping needs.
        """
        sigs = [self.signature(k) for k in kinds]
        for a in sigs:
            for x in sigs:
                ax = self.substitute_cost(a, x)
                if ax + self.delete_cost(x) < self.delete_cost(a):
                    return False
                if self.insert_cost(a) + self.substitute_cost(a, x) < self.insert_cost(x):
                    return False
                for b in sigs:
                    if ax + self.substitute_cost(x, b) < self.substitute_cost(a, b):
                        return False
        return True

    def describe(self) -> str:
        """``name@digest`` for signatures."""
        return f"{self.name}@{self.digest}"


def _cost(value: Any, where: str, source: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise SchemeError(f"{source}: {where}: a cost must be a number, not {value!r}")
    cost = float(value)
    if not math.isfinite(cost) or cost < 0:
        raise SchemeError(f"{source}: {where}: a cost must be a finite number >= 0, not {value}")
    return cost


def parse_scheme(text: bytes, source: str) -> CostScheme:
    """Build a scheme from a file's bytes; ``source`` names it in messages."""
    try:
        data = tomllib.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise SchemeError(f"{source}: not a readable TOML file: {exc}") from None
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise SchemeError(f"{source}: unknown key(s) {', '.join(unknown)}; "
                          f"expected {', '.join(sorted(_KEYS))}")
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise SchemeError(f"{source}: 'name' must be a non-empty string")
    encodings = data.get("encodings", [])
    if not isinstance(encodings, list) or not all(isinstance(e, str) for e in encodings):
        raise SchemeError(f"{source}: 'encodings' must be a list of names")

    def table(key: str) -> tuple[tuple[str, float], ...]:
        value = data.get(key, {})
        if not isinstance(value, dict):
            raise SchemeError(f"{source}: [{key}] must be a table of CLASS = COST")
        return tuple((cls, _cost(c, f"[{key}] {cls}", source)) for cls, c in value.items())

    subs = []
    entries = data.get("substitute", [])
    if not isinstance(entries, list):
        raise SchemeError(f"{source}: substitutions are written as [[substitute]] tables")
    for n, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict) or set(entry) != {"from", "to", "cost"}:
            raise SchemeError(f"{source}: [[substitute]] number {n} needs exactly "
                              "'from', 'to' and 'cost'")
        subs.append((str(entry["from"]), str(entry["to"]),
                     _cost(entry["cost"], f"[[substitute]] number {n}", source)))
    movement = data.get("movement")
    return CostScheme(
        name=name,
        digest=hashlib.sha256(text).hexdigest()[:8],
        source=source,
        encodings=tuple(encodings),
        insert=table("insert"),
        delete=table("delete"),
        substitute=tuple(subs),
        movement=None if movement is None else _cost(movement, "movement", source),
    )


def shipped_names() -> list[str]:
    """The schemes that come with parsedit."""
    folder = resources.files("parsedit.grammars")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


def load_scheme(name_or_path: str) -> CostScheme:
    """A shipped scheme by name, or a scheme file by path."""
    path = Path(name_or_path)
    if path.is_file():
        return parse_scheme(path.read_bytes(), str(path))
    shipped = resources.files("parsedit.grammars").joinpath(f"{name_or_path}.toml")
    if shipped.is_file():
        return parse_scheme(shipped.read_bytes(), f"grammars/{name_or_path}.toml")
    raise SchemeError(f"no cost scheme {name_or_path!r}: not a file, and not one of the "
                      f"shipped schemes ({', '.join(shipped_names())})")


def default_scheme(encoding: str) -> CostScheme:
    """The scheme an encoding uses unless told otherwise."""
    return load_scheme(DEFAULTS[encoding])
