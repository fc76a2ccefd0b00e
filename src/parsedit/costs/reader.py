"""Reading a cost-scheme file (TOML) into a :class:`CostScheme`, every
problem collected with its line.

A scheme file (see ``grammars/*.toml`` and the README) holds::


    name = "pos-scored"            # how reports name it
    extends = "roark-basic"        # optional: a shipped name or a path
    encodings = ["label"]          # the encodings it is meant for
    movement = 1.0                 # optional: Roark's close-bracket move cost
    merge = 0.5                    # optional, *words* only: k words written as
                                   # one (``do n't`` / ``don't``), 2 <= k <= 4
    [classes]                      # optional: named sets of symbols
    noun = ["NN", "NNS", "NNP", "NNPS"]      # labels, or glob patterns
    verb = "VB*"                             # one pattern
    np = { variants = ["NP"], kinds = ["open"] }   # NP, NP-SBJ, NP=2, ...
    [insert]   CLASS = COST ...    # cost of inserting a symbol of CLASS
    [delete]   CLASS = COST ...    # cost of deleting one
    [[substitute]]                 # one table per substitution entry
    from = "CLASS"; to = "CLASS"; cost = COST      # or: within = "CLASS"
    same = "first-char"            # optional: only between symbols whose
                                   # labels share this key ("base" too), or
                                   # ("span") spans with the same boundaries

A file that ``extends`` another inherits its classes and entries; an
entry of its own for the same class (the same from/to/same for
substitutions) replaces the inherited one.  :func:`load_scheme` takes a
shipped name (read once per process) or a path; ``extends`` too, a path
being relative to the file's directory (:mod:`parsedit.names`: a text with a
``/`` or a ``.`` is a path, any other a shipped name).
"""

from __future__ import annotations

import math
import os
import re
import sys
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from parsedit.costs.scheme import (
    ANY,
    ENCODINGS,
    KINDS,
    SAME_NAMES,
    CostScheme,
    Substitution,
    SymbolClass,
    digest,
)
from parsedit.costs.shipped import DEFAULTS, shipped_file, shipped_names
from parsedit.errors import SchemeError
from parsedit.names import file_hint, names_file

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib


_KEYS = ("name", "extends", "encodings", "movement", "merge", "classes", "insert", "delete",
         "substitute")
_CLASS_KEYS = ("labels", "variants", "kinds")
_SUBSTITUTE_KEYS = ("from", "to", "within", "cost", "same")
_CLASS_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_.-]*\Z")


@dataclass(frozen=True)
class Problem:
    """One fault in a scheme file; ``level`` is ``error`` or ``warning``."""

    source: str
    line: int | None
    message: str
    level: str = "error"

    def __str__(self) -> str:
        where = f"{self.source}:{self.line}" if self.line else self.source
        prefix = "" if self.level == "error" else "warning: "
        return f"{where}: {prefix}{self.message}"


class Locator:
    """Finds the line of a key in a TOML text, for messages."""

    _HEADER = re.compile(r"\s*(\[\[?)\s*([^\]\s]+)\s*\]\]?")

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()

    def line(self, table: str | None, key: str | None = None, nth: int = 1) -> int | None:
        section: str | None = None
        seen = 0
        header_line = None
        for number, line in enumerate(self.lines, start=1):
            header = self._HEADER.match(line)
            if header:
                section = header.group(2)
                seen += section == table
                if section == table and seen == nth:
                    header_line = number
                continue
            if section == table and (table is None or seen == nth) and key is not None:
                if re.match(rf'\s*"?{re.escape(key)}"?\s*=', line):
                    return number
        return header_line


class SchemeReader:
    """Reads one scheme file, collecting every problem rather than stopping;
    ``data`` is the file's own TOML table, ``where`` finds its lines."""

    def __init__(self, raw: bytes, source: str, base: Path | None,
                 chain: tuple[str, ...]) -> None:
        self.raw = raw
        self.source = source
        self.base = base
        self.chain = chain
        self.problems: list[Problem] = []
        self.data: dict[str, Any] = {}
        self.where = Locator(raw.decode("utf-8", errors="replace"))

    def error(self, message: str, table: str | None = None, key: str | None = None,
              nth: int = 1, level: str = "error") -> None:
        self.problems.append(Problem(self.source, self.where.line(table, key, nth), message,
                                     level))

    def cost(self, value: Any, what: str, table: str | None, key: str,
             nth: int = 1) -> float | None:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.error(f"{what}: a cost must be a number, not {value!r}", table, key, nth)
            return None
        if not math.isfinite(value) or value < 0:
            self.error(f"{what}: a cost must be a finite number >= 0, not {value}", table,
                       key, nth)
            return None
        return float(value)

    def toml(self, keys: tuple[str, ...]) -> dict[str, Any] | None:
        """The file's TOML table (None when it is not UTF-8 TOML), every key
        that is not one of ``keys`` an error."""
        try:
            data: dict[str, Any] = tomllib.loads(self.raw.decode("utf-8"))
        except UnicodeDecodeError:
            self.error("not UTF-8 text")
            return None
        except tomllib.TOMLDecodeError as exc:
            found = re.search(r"at line (\d+)", str(exc))
            self.problems.append(Problem(self.source, int(found.group(1)) if found else None,
                                         f"not a readable TOML file: {exc}"))
            return None
        for key in data:
            if key not in keys:
                self.error(f"unknown key {key!r}; expected one of {', '.join(keys)}",
                           None, key)
        return data

    def read(self) -> CostScheme | None:
        data = self.toml(_KEYS)
        if data is None:
            return None
        self.data = data
        parent = self.parent(data.get("extends"))
        name = data.get("name")
        if not isinstance(name, str) or not name:
            self.error("'name' must be a non-empty string", None, "name")
            name = "?"
        encodings = data.get("encodings", list(parent.encodings) if parent else [])
        if not isinstance(encodings, list) or not all(e in ENCODINGS for e in encodings):
            self.error(f"'encodings' must be a list of {', '.join(ENCODINGS)}", None,
                       "encodings")
            encodings = []
        classes = {c.name: c for c in parent.classes} if parent else {}
        classes.update(self.classes(data.get("classes", {})))
        known = {*KINDS, ANY, *classes}
        insert = dict(parent.insert) if parent else {}
        delete = dict(parent.delete) if parent else {}
        insert.update(self.table(data, "insert", known))
        delete.update(self.table(data, "delete", known))
        subs: dict[Any, Substitution] = {s.key: s for s in parent.substitute} if parent else {}
        for entry in self.substitutions(data.get("substitute", []), known):
            subs[entry.key] = entry
        movement = parent.movement if parent else None
        if "movement" in data:
            movement = self.cost(data["movement"], "movement", None, "movement")
        merge = parent.merge if parent else None
        if "merge" in data:
            merge = self.cost(data["merge"], "merge", None, "merge")
        if any(p.level == "error" for p in self.problems):
            return None
        return CostScheme(
            name=name, digest=digest(classes, insert, delete, subs, movement, merge),
            source=self.source, encodings=tuple(encodings), insert=tuple(insert.items()),
            delete=tuple(delete.items()), substitute=tuple(subs.values()),
            movement=movement, merge=merge, classes=tuple(classes.values()),
            extends=parent.describe() if parent else None)

    def parent(self, extends: Any) -> CostScheme | None:
        """The scheme ``extends`` names: a shipped name, or a path relative to
        this file's directory (:mod:`parsedit.names` tells them apart)."""
        if extends is None:
            return None
        if not isinstance(extends, str) or not extends:
            self.error("'extends' must name a shipped scheme or a file", None, "extends")
            return None
        is_file = names_file(extends)
        target = os.path.join(str(self.base), extends) if is_file and self.base is not None \
            else extends
        if _chain_key(target) in {_chain_key(link) for link in self.chain}:
            self.error(f"'extends' makes a cycle: {' -> '.join((*self.chain, target))}",
                       None, "extends")
            return None
        try:
            if is_file:
                return read_scheme_file(target, (*self.chain, target))
            return load_scheme(target, chain=(*self.chain, target))
        except SchemeError as exc:
            self.error(f"'extends = {extends!r}': {exc}", None, "extends")
            return None

    def classes(self, value: Any) -> dict[str, SymbolClass]:
        out: dict[str, SymbolClass] = {}
        if not isinstance(value, dict):
            self.error("[classes] must be a table of NAME = definition", "classes")
            return out
        for name, spec in value.items():
            if not _CLASS_NAME.match(name) or name in (*KINDS, ANY):
                self.error(f"class name {name!r} must be letters, digits, '_', '.', '-' "
                           "and not a built-in class", "classes", name)
                continue
            if isinstance(spec, str):
                spec = {"labels": [spec]}
            elif isinstance(spec, list):
                spec = {"labels": spec}
            if not isinstance(spec, dict) or not spec:
                self.error(f"class {name!r}: expected a pattern, a list of patterns or a "
                           "table with labels, variants, kinds", "classes", name)
                continue
            for key in spec:
                if key not in _CLASS_KEYS:
                    self.error(f"class {name!r}: unknown key {key!r}; expected "
                               f"{', '.join(_CLASS_KEYS)}", "classes", name)
            lists = {}
            for key in _CLASS_KEYS:
                items = spec.get(key, [])
                items = [items] if isinstance(items, str) else items
                if not isinstance(items, list) or not all(
                        isinstance(i, str) and i for i in items):
                    self.error(f"class {name!r}: {key} must be a string or a list of "
                               "strings", "classes", name)
                    items = []
                lists[key] = tuple(items)
            bad = [k for k in lists["kinds"] if k not in KINDS]
            if bad:
                self.error(f"class {name!r}: unknown kind(s) {', '.join(bad)}; expected "
                           f"{', '.join(KINDS)}", "classes", name)
            if not lists["labels"] and not lists["variants"]:
                self.error(f"class {name!r} has no labels or variants, so it matches "
                           "nothing", "classes", name)
            kinds = lists["kinds"] or SymbolClass("_").kinds
            out[name] = SymbolClass(name, lists["labels"], lists["variants"], kinds)
        return out

    def table(self, data: dict[str, Any], key: str, known: set[str]) -> dict[str, float]:
        value = data.get(key, {})
        out: dict[str, float] = {}
        if not isinstance(value, dict):
            self.error(f"[{key}] must be a table of CLASS = COST", None, key)
            return out
        for cls, raw in value.items():
            if cls not in known:
                self.error(f"[{key}] {cls}: no class of that name (classes: "
                           f"{', '.join(sorted(known))})", key, cls)
            cost = self.cost(raw, f"[{key}] {cls}", key, cls)
            if cost is not None:
                out[cls] = cost
        return out

    def substitutions(self, entries: Any, known: set[str]) -> list[Substitution]:
        out: list[Substitution] = []
        if not isinstance(entries, list):
            self.error("substitutions are written as [[substitute]] tables", None,
                       "substitute")
            return out
        for n, entry in enumerate(entries, start=1):
            what = f"[[substitute]] number {n}"
            if not isinstance(entry, dict):
                self.error(f"{what} must be a table", "substitute", nth=n)
                continue
            for key in entry:
                if key not in _SUBSTITUTE_KEYS:
                    self.error(f"{what}: unknown key {key!r}; expected "
                               f"{', '.join(_SUBSTITUTE_KEYS)}", "substitute", key, n)
            if "within" in entry:
                source = target = entry["within"]
                if "from" in entry or "to" in entry:
                    self.error(f"{what}: give either 'within' or 'from' and 'to'",
                               "substitute", "within", n)
            else:
                source, target = entry.get("from"), entry.get("to")
            if source is None or target is None or "cost" not in entry:
                self.error(f"{what} needs 'from', 'to' (or 'within') and 'cost'",
                           "substitute", nth=n)
                continue
            for cls in (source, target):
                if cls not in known:
                    self.error(f"{what}: no class {cls!r} (classes: "
                               f"{', '.join(sorted(known))})", "substitute", None, n)
            same = entry.get("same")
            if same is not None and same not in SAME_NAMES:
                self.error(f"{what}: same = {same!r}; expected one of "
                           f"{', '.join(SAME_NAMES)}", "substitute", "same", n)
            cost = self.cost(entry["cost"], what, "substitute", "cost", n)
            if cost is not None:
                out.append(Substitution(str(source), str(target), cost, same))
        return out


def read_scheme(text: bytes, source: str, base: Path | None = None,
                chain: tuple[str, ...] = ()) -> tuple[CostScheme | None, list[Problem]]:
    """A scheme and every problem found in it (None when one is an error)."""
    reader = SchemeReader(text, source, base, chain)
    return reader.read(), reader.problems


def parse_scheme(text: bytes, source: str, base: Path | None = None,
                 chain: tuple[str, ...] = ()) -> CostScheme:
    """Build a scheme from a file's bytes; ``source`` names it in messages."""
    scheme, problems = read_scheme(text, source, base, chain)
    if scheme is None:
        errors = [str(p) for p in problems if p.level == "error"]
        raise SchemeError("\n".join(errors))
    return scheme


def load_scheme(name_or_path: str, chain: tuple[str, ...] = ()) -> CostScheme:
    """A shipped declarative scheme by name, or a scheme file by path (which
    is which: :func:`parsedit.names.names_file`; a file in the working
    directory never stands in for a shipped name)."""
    if names_file(name_or_path):
        return read_scheme_file(name_or_path, chain or (name_or_path,))
    if chain:
        return _read_shipped(name_or_path, chain)
    return _shipped(name_or_path)


def _chain_key(link: str) -> str:
    """What the cycle check of ``extends`` compares: a file's real path, a
    shipped scheme's name."""
    return os.path.realpath(link) if names_file(link) else link


def read_scheme_file(path_text: str, chain: tuple[str, ...] = ()) -> CostScheme:
    """The scheme file at ``path_text`` (as the user wrote it: what messages
    and the signature show)."""
    path = Path(path_text)
    if not path.is_file():
        what = "is a directory, not a scheme file" if path.is_dir() else "no such file"
        raise SchemeError(f"{path_text}: {what}")
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SchemeError(f"{path_text}: cannot be read ({exc.strerror or exc})") from None
    scheme = parse_scheme(raw, path_text, path.parent, chain or (path_text,))
    return replace(scheme, path=path_text)


@cache
def _shipped(name: str) -> CostScheme:
    """A shipped scheme, read once per process (schemes are frozen)."""
    return _read_shipped(name, (name,))


def _read_shipped(name: str, chain: tuple[str, ...]) -> CostScheme:
    shipped = shipped_file(name)
    if shipped is None:
        raise SchemeError(f"no cost scheme {name!r}: not one of the shipped schemes "
                          f"({', '.join(shipped_names())}); a file is named by a path, with "
                          f"a '/' or a '.'{file_hint(name)}")
    if shipped.suffix != ".toml":
        raise SchemeError(f"the shipped scheme {name!r} is a grammar module (Python), not a "
                          "declarative scheme")
    return parse_scheme(shipped.read_bytes(), f"grammars/{shipped.name}", shipped.parent, chain)


def default_scheme(encoding: str) -> CostScheme:
    """The scheme an encoding uses unless told otherwise."""
    return load_scheme(DEFAULTS[encoding])
