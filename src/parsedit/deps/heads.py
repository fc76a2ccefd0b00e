"""Head tables: which child of a phrase is its head, as data.

A head table is a TOML file (``grammars/heads/*.toml``; the schema is
written at the top of each shipped table).  Per phrase category it gives an
ordered list of *rules*; the first rule that finds a child decides:

* ``search`` + ``priority``: for each category of the list in turn, the
  first child, scanning in ``search`` order (``left-to-right`` or
  ``right-to-left``), of that category: Magerman's and Collins' tables;
* ``search`` + ``first-of``: the first child, in ``search`` order, of any
  category of the list (Collins' NP rules: "search from right to left for the
  first child which is an NN, NNP, NNPS, NNS, NX, POS or JJR");
* ``if-last``: the last child, if it is of one of the categories (Collins:
  "if the last word is tagged POS"); with ``use = "CAT"``, the phrase is
  headed by the rules of ``CAT`` instead (Magerman's ``NP$``, an NP ending in
  a possessive);

and when no rule finds one, ``default`` (``first`` or ``last`` child).  A
category is matched by its label without function tags (``NP-SBJ-1`` is an
``NP``); a pattern may be a glob (``N*``, ``*``).  Table-wide settings:
``empty`` (categories removed with their word before heads are found: the
treebank's empty elements), ``never-head`` (categories taken as head only
when every child is one: punctuation, which parsedit keeps and attaches),
``unknown`` (the default child of a category the table does not list),
``extends`` (a shipped name or a path: a table whose categories and settings
this one inherits, its own put over them), and ``[coordination]`` (Collins'
rule: a head child right after a coordinator that is not the first child
moves to the child before the coordinator, except
inside a base phrase of the ``not-in-base`` categories: one with no child of
those categories).

:func:`read_head_table` reads one, collecting every problem with its line
(``parsedit grammars check``); :func:`load_head_table` takes a shipped name
(``collins``, ``magerman``, ``sequoia``) or a path and refuses a table with
an error.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fnmatch import translate
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from parsedit.costs.reader import Problem, SchemeReader
from parsedit.errors import SchemeError
from parsedit.names import names_file
from parsedit.trees.normalise import strip_function_tags

KIND = "head-table"
DEFAULT_TABLE = "collins"
SEARCHES = ("left-to-right", "right-to-left")
ENDS = ("first", "last")
_TOP_KEYS = ("kind", "name", "extends", "description", "source", "empty", "never-head",
             "punctuation", "unknown", "coordination", "categories")
_RULE_KEYS = ("search", "priority", "first-of", "if-last", "use")
_CATEGORY_KEYS = ("rules", "default", *_RULE_KEYS)
_COORDINATION_KEYS = ("coordinators", "not-in-base")


class Patterns:
    """A set of category patterns (exact labels or globs), matched fast."""

    __slots__ = ("items", "_exact", "_regex")

    def __init__(self, items: Sequence[str]) -> None:
        self.items = tuple(items)
        self._exact = frozenset(p for p in items if not _is_glob(p))
        globs = [translate(p) for p in items if _is_glob(p)]
        self._regex = re.compile("|".join(globs)) if globs else None

    def __contains__(self, category: str) -> bool:
        return category in self._exact or (
            self._regex is not None and self._regex.match(category) is not None)

    def __repr__(self) -> str:
        return f"Patterns({list(self.items)!r})"


def _is_glob(pattern: str) -> bool:
    return any(c in pattern for c in "*?[")


@dataclass(frozen=True)
class Rule:
    """One rule of a category (see the module docstring): ``how`` is
    ``priority``, ``first-of`` or ``if-last``."""

    how: str
    patterns: tuple[Patterns, ...]
    search: str = "left-to-right"
    use: str | None = None
    # Per category, the first of ``patterns`` it matches (len(patterns):
    # none), worked out once (a priority rule then scans the children once).
    ranks: dict[str, int] = field(default_factory=dict, compare=False, hash=False,
                                  repr=False)

    def rank(self, category: str) -> int:
        """The position of the first of the rule's patterns that
        ``category`` matches (``len(patterns)`` if none does)."""
        found = self.ranks.get(category)
        if found is None:
            found = self.ranks[category] = next(
                (k for k, pattern in enumerate(self.patterns) if category in pattern),
                len(self.patterns))
        return found


@dataclass(frozen=True)
class Category:
    rules: tuple[Rule, ...]
    default: str  # "first" | "last"


@dataclass(frozen=True)
class HeadTable:
    """A head table, read and checked (see the module docstring)."""

    name: str
    source: str
    categories: dict[str, Category]
    empty: Patterns
    never_head: Patterns
    unknown: str = "first"
    coordinators: Patterns | None = None
    not_in_base: Patterns | None = None
    digest: str = ""
    punctuation: frozenset[str] = frozenset()

    def describe(self) -> str:
        """``name@digest`` for signatures."""
        return f"{self.name}@{self.digest}"

    def category(self, label: str) -> str:
        """A label as the table matches it: without function tags or index."""
        return strip_function_tags(label)

    def head_child(self, parent: str, children: Sequence[str]) -> int:
        """The index of the head among ``children`` (their categories) of a
        phrase of category ``parent`` (all without function tags)."""
        n = len(children)
        never = self.never_head
        usable = [i for i, c in enumerate(children) if c not in never] or list(range(n))
        head = self._find(parent, children, usable)
        coordinators = self.coordinators
        if (coordinators is not None and head >= 2 and children[head - 1] in coordinators
                and not self._base(parent, children)):
            head -= 2
        return head

    def _base(self, parent: str, children: Sequence[str]) -> bool:
        """Whether the coordination rule stops at this phrase: a category of
        ``not-in-base`` with no child of those categories."""
        base = self.not_in_base
        return base is not None and parent in base and not any(c in base for c in children)

    def _find(self, parent: str, children: Sequence[str], usable: list[int]) -> int:
        seen: set[str] = set()
        category = self.categories.get(parent)
        while category is not None:
            seen.add(parent)
            for rule in category.rules:
                order = usable if rule.search == "left-to-right" else usable[::-1]
                if rule.how == "if-last":
                    last = usable[-1]
                    if children[last] in rule.patterns[0]:
                        if rule.use is None:
                            return last
                        parent = rule.use
                        break
                elif rule.how == "first-of":
                    found = next((i for i in order if children[i] in rule.patterns[0]), None)
                    if found is not None:
                        return found
                else:  # priority: the first child of the first pattern any child matches
                    best, best_rank = -1, len(rule.patterns)
                    for i in order:
                        rank = rule.rank(children[i])
                        if rank < best_rank:
                            best, best_rank = i, rank
                    if best >= 0:
                        return best
            else:
                return usable[0] if category.default == "first" else usable[-1]
            if parent in seen:  # (the reader refuses cycles; never loop)
                break
            category = self.categories.get(parent)
        return usable[0] if self.unknown == "first" else usable[-1]


# -- reading --------------------------------------------------------------------

def heads_folder() -> Path:
    """Where the shipped head tables are (``grammars/heads``)."""
    return Path(str(resources.files("parsedit.grammars"))) / "heads"


def shipped_tables() -> list[str]:
    """The names of the shipped head tables."""
    folder = heads_folder()
    return sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []


def table_file(name_or_path: str) -> Path | None:
    """The file a head-table name means: a path (a text with a ``/`` or a
    ``.``: :func:`parsedit.names.names_file`) as given, a bare name as the
    shipped table, or None."""
    if names_file(name_or_path):
        path = Path(name_or_path)
        return path if path.is_file() else None
    shipped = heads_folder() / f"{name_or_path}.toml"
    return shipped if shipped.is_file() else None


def is_head_table(path: Path) -> bool:
    """Whether a file declares itself a head table (``kind = "head-table"``)."""
    try:
        head = path.read_bytes()[:4096].decode("utf-8", errors="replace")
    except OSError:
        return False
    return re.search(r'(?m)^\s*kind\s*=\s*"head-table"', head) is not None


def load_head_table(name_or_path: str = DEFAULT_TABLE) -> HeadTable:
    """A shipped head table by name (read once per process) or a file."""
    if not names_file(name_or_path):  # (the rule of every NAME|PATH option)
        return _shipped(name_or_path)
    path = Path(name_or_path)
    if not path.is_file():
        raise SchemeError(f"no head table {name_or_path!r}: no such file")
    return _parse(path.read_bytes(), str(path), path.parent)


@cache
def _shipped(name: str) -> HeadTable:
    path = table_file(name)
    if path is None:
        raise SchemeError(f"no head table {name!r}: not one of the shipped tables "
                          f"({', '.join(shipped_tables())}); a file is named by a path")
    return _parse(path.read_bytes(), f"grammars/heads/{path.name}", path.parent)


def _parse(raw: bytes, source: str, base: Path | None = None) -> HeadTable:
    table, problems = read_head_table(raw, source, base, (source,))
    if table is None:
        raise SchemeError("\n".join(str(p) for p in problems if p.level == "error"))
    return table


def read_head_table(raw: bytes, source: str, base: Path | None = None,
                    chain: tuple[str, ...] = ()) -> tuple[HeadTable | None, list[Problem]]:
    """A head table and every problem found in it (None when one is an
    error); ``base``: the folder a path in its ``extends`` is read from."""
    reader = _Reader(raw, source, base, chain)
    return reader.read(), reader.problems


class _Reader(SchemeReader):
    """Reads one head table, collecting every problem with its line (a cost
    scheme's reader, for its TOML, its messages and their lines)."""

    def __init__(self, raw: bytes, source: str, base: Path | None = None,
                 chain: tuple[str, ...] = ()) -> None:
        super().__init__(raw, source, base, chain)

    def extended(self, value: Any) -> HeadTable | None:
        """The table this one ``extends`` (a shipped name, or a path from
        this file's folder), or None."""
        if value is None:
            return None
        if not isinstance(value, str) or not value:
            self.error("'extends' must name a shipped head table or a file", None, "extends")
            return None
        path = table_file(value) if "/" not in value and not value.endswith(".toml") else \
            (self.base / value if self.base is not None else Path(value))
        if path is None or not path.is_file():
            self.error(f"'extends = {value!r}': no such head table (shipped: "
                       f"{', '.join(shipped_tables())}; a file is named by a path)", None,
                       "extends")
            return None
        if str(path) in self.chain:
            self.error(f"'extends' makes a cycle: {' -> '.join((*self.chain, str(path)))}",
                       None, "extends")
            return None
        parent, problems = read_head_table(path.read_bytes(), str(path), path.parent,
                                           (*self.chain, str(path)))
        if parent is None:
            first = next((p for p in problems if p.level == "error"), None)
            self.error(f"'extends = {value!r}': {first}", None, "extends")
        return parent

    def patterns(self, value: Any, what: str, table: str | None, key: str,
                 nth: int = 1) -> Patterns | None:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            self.error(f"{what}: expected a list of category names or patterns", table, key,
                       nth)
            return None
        bad = [v for v in value if any(c.isspace() or c in "()" for c in v)]
        if bad:
            self.error(f"{what}: {bad[0]!r} cannot be a category (no spaces or brackets)",
                       table, key, nth)
            return None
        return Patterns(value)

    def read(self) -> HeadTable | None:  # type: ignore[override]
        data = self.toml(_TOP_KEYS)
        if data is None:
            return None
        self.data = data
        if data.get("kind") != KIND:
            self.error(f'a head table says kind = "{KIND}"', None, "kind")
        name = data.get("name")
        if not isinstance(name, str) or not name:
            self.error("'name' must be a non-empty string", None, "name")
            name = "?"
        for key in ("description", "source"):
            if key in data and not isinstance(data[key], str):
                self.error(f"{key!r} must be a string", None, key)
        parent = self.extended(data.get("extends"))

        def inherited(key: str) -> Any:
            """A list setting: the file's own, else the parent's, else none."""
            if key in data or parent is None:
                return data.get(key, [])
            return list({"empty": parent.empty, "never-head": parent.never_head}[key].items) \
                if key != "punctuation" else sorted(parent.punctuation)

        empty = self.patterns(inherited("empty"), "empty", None, "empty")
        never = self.patterns(inherited("never-head"), "never-head", None, "never-head")
        punctuation = self.patterns(inherited("punctuation"), "punctuation", None,
                                    "punctuation")
        unknown = data.get("unknown", parent.unknown if parent else "first")
        if unknown not in ENDS:
            self.error(f"unknown = {unknown!r}; expected one of {', '.join(ENDS)}", None,
                       "unknown")
        if "coordination" in data or parent is None:
            coordinators, base = self.coordination(data.get("coordination"))
        else:
            coordinators, base = parent.coordinators, parent.not_in_base
        own = data.get("categories")
        if own is None and parent is not None:
            own = {}
        categories = self.categories(own, dict(parent.categories) if parent else {})
        if any(p.level == "error" for p in self.problems):
            return None
        assert empty is not None and never is not None and punctuation is not None
        digest = hashlib.sha256(self.raw + (parent.digest.encode() if parent else b"")
                                ).hexdigest()[:8]
        return HeadTable(str(name), self.source, categories, empty, never, str(unknown),
                         coordinators, base, digest, frozenset(punctuation.items))

    def coordination(self, value: Any) -> tuple[Patterns | None, Patterns | None]:
        if value is None:
            return None, None
        if not isinstance(value, dict):
            self.error("[coordination] must be a table", None, "coordination")
            return None, None
        for key in value:
            if key not in _COORDINATION_KEYS:
                self.error(f"[coordination]: unknown key {key!r}; expected "
                           f"{', '.join(_COORDINATION_KEYS)}", "coordination", key)
        if "coordinators" not in value:
            self.error("[coordination] needs 'coordinators'", "coordination")
            return None, None
        coordinators = self.patterns(value["coordinators"], "[coordination] coordinators",
                                     "coordination", "coordinators")
        base = None
        if "not-in-base" in value:
            base = self.patterns(value["not-in-base"], "[coordination] not-in-base",
                                 "coordination", "not-in-base")
        return coordinators, base

    def categories(self, value: Any, inherited: dict[str, Category]) -> dict[str, Category]:
        """The table's categories: ``inherited`` ones (from the table it
        extends) with its own put over them."""
        out: dict[str, Category] = inherited
        if value is None:
            self.error("a head table needs [categories]")
            return out
        if not isinstance(value, dict):
            self.error("[categories] must be a table of CATEGORY = rules", None, "categories")
            return out
        uses: dict[str, list[str]] = {}
        for name, spec in value.items():
            table = f"categories.{name}"
            if not name or any(c.isspace() or c in "()" for c in name):
                self.error(f"{name!r} cannot be a category", "categories", name)
                continue
            if not isinstance(spec, dict):
                self.error(f"category {name}: expected a table of rules", "categories", name)
                continue
            for key in spec:
                if key not in _CATEGORY_KEYS:
                    self.error(f"category {name}: unknown key {key!r}; expected "
                               f"{', '.join(_CATEGORY_KEYS)}", table, key)
            if "rules" in spec and any(k in spec for k in _RULE_KEYS):
                self.error(f"category {name}: give either 'rules' or one rule's keys",
                           table, "rules")
                continue
            raw_rules = spec.get("rules")
            if raw_rules is None:
                raw_rules = [{k: v for k, v in spec.items() if k in _RULE_KEYS}] \
                    if any(k in spec for k in _RULE_KEYS) else []
                where = (table, None)
            else:
                where = (f"{table}.rules", None)
            if not isinstance(raw_rules, list):
                self.error(f"category {name}: 'rules' must be a list of tables", table, "rules")
                continue
            rules = []
            for n, raw in enumerate(raw_rules, start=1):
                rule = self.rule(raw, f"category {name}, rule {n}", where[0], n)
                if rule is not None:
                    rules.append(rule)
                    if rule.use is not None:
                        uses.setdefault(name, []).append(rule.use)
            default = spec.get("default")
            if default is None:
                searched = [r.search for r in rules if r.how != "if-last"]
                default = "first" if not searched or searched[0] == "left-to-right" else "last"
                if not rules:
                    self.error(f"category {name}: with no rules, say which child is the "
                               "head: default = \"first\" or \"last\"", table)
            elif default not in ENDS:
                self.error(f"category {name}: default = {default!r}; expected one of "
                           f"{', '.join(ENDS)}", table, "default")
                default = "first"
            out[name] = Category(tuple(rules), str(default))
        for name, targets in uses.items():
            for target in targets:
                if target not in out:
                    self.error(f"category {name}: use = {target!r} names no category of the "
                               "table", f"categories.{name}", "use")
        for start in uses:
            chain, at = [start], start
            while at in uses and uses[at][0] in out:
                at = uses[at][0]
                if at in chain:
                    self.error(f"'use' makes a cycle: {' -> '.join((*chain, at))}",
                               f"categories.{start}", "use")
                    break
                chain.append(at)
        return out

    def rule(self, raw: Any, what: str, table: str, nth: int) -> Rule | None:
        if not isinstance(raw, dict):
            self.error(f"{what}: expected a table", table, nth=nth)
            return None
        for key in raw:
            if key not in _RULE_KEYS:
                self.error(f"{what}: unknown key {key!r}; expected {', '.join(_RULE_KEYS)}",
                           table, key, nth)
        hows = [k for k in ("priority", "first-of", "if-last") if k in raw]
        if len(hows) != 1:
            self.error(f"{what}: give exactly one of priority, first-of, if-last", table,
                       nth=nth)
            return None
        how = hows[0]
        search = raw.get("search", "left-to-right")
        if how == "if-last":
            if "search" in raw:
                self.error(f"{what}: if-last looks at the last child; 'search' does not apply",
                           table, "search", nth)
        elif "search" not in raw:
            self.error(f"{what}: say the search: \"left-to-right\" or \"right-to-left\"",
                       table, how, nth)
            return None
        elif search not in SEARCHES:
            self.error(f"{what}: search = {search!r}; expected one of {', '.join(SEARCHES)}",
                       table, "search", nth)
            return None
        use = raw.get("use")
        if use is not None and (how != "if-last" or not isinstance(use, str)):
            self.error(f"{what}: 'use' (a category name) goes with if-last only", table,
                       "use", nth)
            return None
        value = raw[how]
        if how == "priority":
            items = [value] if isinstance(value, str) else value
            if not isinstance(items, list) or not items:
                self.error(f"{what}: priority must be a non-empty list", table, how, nth)
                return None
            patterns = [self.patterns(item, f"{what}: priority", table, how, nth)
                        for item in items]
            if any(p is None for p in patterns):
                return None
            wild = next((i for i, p in enumerate(items) if p == "*"), None)
            if wild is not None and wild < len(items) - 1:
                self.error(f"{what}: the categories after '*' ({', '.join(items[wild + 1:])}) "
                           "can never be reached", table, how, nth, level="warning")
            return Rule(how, tuple(p for p in patterns if p is not None), str(search))
        found = self.patterns(value, f"{what}: {how}", table, how, nth)
        if found is None:
            return None
        return Rule(how, (found,), str(search), use)


def check_head_table(path: Path, categories: Sequence[str] = (),
                     alphabet_name: str = "") -> list[Problem]:
    """Every problem of the head table at ``path``, errors first; given the
    ``categories`` of some treebanks, also a warning for each pattern that
    matches none of them."""
    raw = path.read_bytes()
    reader = _Reader(raw, str(path), path.parent, (str(path),))
    table, problems = reader.read(), reader.problems
    if table is not None and categories:
        where = reader.where
        seen = set(categories)
        own = reader.data.get("categories") or {}
        for name, category in table.categories.items():
            if name not in own:
                continue  # (inherited: checked in its own file)
            if not any(name == c for c in seen) and category.rules:
                problems.append(Problem(str(path), where.line(f"categories.{name}"),
                                        f"category {name} occurs nowhere in {alphabet_name}",
                                        "warning"))
            for rule in category.rules:
                for patterns in rule.patterns:
                    for item in patterns.items:
                        if item != "*" and not any(c in Patterns([item]) for c in seen):
                            problems.append(Problem(
                                str(path), where.line(f"categories.{name}"),
                                f"category {name}: {item!r} matches no category of "
                                f"{alphabet_name}", "warning"))
    return sorted(problems, key=lambda p: p.level != "error")


def head_table_path(name_or_path: str) -> Path | None:
    """The head table ``parsedit grammars check`` is asked about, or None
    when it is asked about a cost scheme: a file that says ``kind =
    "head-table"``, or the name of a shipped head table that is not the name
    of a shipped cost scheme."""
    from parsedit.costs.shipped import shipped_file

    path = Path(name_or_path)
    if path.is_file():
        return path if is_head_table(path) else None
    if shipped_file(name_or_path) is not None:
        return None
    return table_file(name_or_path)


def treebank_categories(paths: Sequence[str], encoding: str) -> list[str]:
    """Every category (phrase label and tag, without function tags) of the
    readable trees of some treebanks."""
    from parsedit.trees.reader import read_trees

    found: set[str] = set()
    for path in paths:
        for item in read_trees(path, encoding):
            for token in item.tokens or ():
                if token[0] == "(":
                    label = token[1:-1].partition(" ")[0] if token[-1] == ")" else token[1:]
                    if label:
                        found.add(strip_function_tags(label))
    return sorted(found)
