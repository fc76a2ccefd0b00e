"""Error-class rule sets: which class a fix of a parse belongs to, as data.

The classifier (:mod:`parsedit.metrics.error_classes`) turns the label edit
script of a sentence into *fixes* (a constituent moved, a node added or
removed, a node relabelled) and describes each by the labels around it; a
rule set names the class of each fix from that description.  What is
language-specific (PP, NP, CC, SBAR, or PP, NP, COORD, Ssub for French) lives
in a TOML file, ``grammars/error-classes/<name>.toml``; the shipped ones are
``ptb`` (the Penn Treebank, after Kummerfeld et al. 2012) and ``sequoia``
(French, Sequoia / French Treebank categories).  A file::

    name = "ptb"
    description = "..."

    [[move]]                       # a moved run of constituents
    class = "pp_attachment"        # one of CLASSES
    movers = ["PP"]                # conditions, all of which must hold

    [[relabel]]                    # a node whose label is wrong
    class = "single_word_phrase"
    over_word = true

    [[node]]                       # a node added (missing) or removed (extra)
    class = "unary"
    unary = true

Rules are tried in the order written, within their kind, and the first
whose conditions all hold names the class; a fix no rule names is
``other``.  Labels in conditions are glob patterns (``"*NP*"`` is any label
containing NP, ``"S*"`` any label starting with S).  The conditions:

=================  ======  ===========================================================
condition          kinds   holds when
=================  ======  ===========================================================
``movers``         move    one of the moved constituents' labels matches
``mover_edge``     move    the first or the last moved constituent's label matches
``beside``         move    the sibling just before or just after the moved run, where
                           it was or where it goes, matches (a conjunction beside it)
``old_parent``     move    the label of the node the run leaves matches
``new_parent``     move    the label of the node the run joins matches
``label``          all     the node's label matches (relabel: the right label)
``parent``         node    its parent's label matches
``children``       node    one of its children's labels matches
``later_children`` node    one of its children but the first matches
``right_sibling``  node    the sibling just after it matches
``kind``           node    ``"add"`` (a missing node) or ``"remove"`` (an extra one)
``over_word``      node,   it has one child, a word (a preterminal)
                   relabel
``unary``          node    it has one child, or it is its parent's only child
``x_over_x``       node    it has one child with its own label, or it is the only
                           child of a parent with its own label
``words_only``     node    none of its children is a phrase
``same_children``  node    every child has its own label
=================  ======  ===========================================================
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from parsedit.errors import ConfigError
from parsedit.frozen import fast_init

if TYPE_CHECKING:
    from parsedit.costs.grammars import Verdict

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

#: The classes, in the order reports list them: the snake_case of Kummerfeld
#: et al.'s (2012) names, and ``other`` for a fix no rule names.
CLASSES = ("pp_attachment", "np_attachment", "vp_attachment", "clause_attachment",
           "modifier_attachment", "coordination", "np_internal_structure", "unary",
           "x_over_x_unary", "single_word_phrase", "different_label", "other")
#: The attachment classes (what a ranking of parsers by attachment errors sums).
ATTACHMENT = CLASSES[:5]
#: Each class as people read it (the analyser's names; reports' titles).
TITLES = {"pp_attachment": "PP attachment", "np_attachment": "NP attachment",
          "vp_attachment": "VP attachment", "clause_attachment": "clause attachment",
          "modifier_attachment": "modifier attachment", "coordination": "coordination",
          "np_internal_structure": "NP internal structure", "unary": "unary",
          "x_over_x_unary": "X over X unary", "single_word_phrase": "single word phrase",
          "different_label": "different label", "other": "other"}
OTHER = "other"
DEFAULT_RULES = "ptb"
KINDS = ("move", "relabel", "node")

_PATTERNS = ("movers", "mover_edge", "beside", "old_parent", "new_parent", "label", "parent",
             "children", "later_children", "right_sibling")
_FLAGS = ("over_word", "unary", "x_over_x", "words_only", "same_children")
_ALLOWED = {
    "move": {"movers", "mover_edge", "beside", "old_parent", "new_parent"},
    "relabel": {"label", "over_word"},
    "node": {"label", "parent", "children", "later_children", "right_sibling", "kind",
             *_FLAGS},
}


@fast_init
@dataclass(frozen=True)
class Fix:
    """What a rule reads of one fix: its ``kind`` (``move``, ``relabel``,
    ``add``, ``remove``) and the labels around it.  For a move: the moved
    run's labels (``movers``), the node it leaves and the one it joins, and
    the siblings beside it at both places; for a node: its label, its
    parent's, its children's, the sibling after it, and whether it is its
    parent's only child."""

    kind: str
    label: str = ""
    parent: str = ""
    children: tuple[str, ...] = ()
    right_sibling: str | None = None
    only_child: bool = False
    over_word: bool = False
    words_only: bool = False
    movers: tuple[str, ...] = ()
    old_parent: str = ""
    new_parent: str = ""
    beside: tuple[str, ...] = ()


def _matcher(patterns: Sequence[str]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{fnmatch.translate(p)})" for p in patterns) or "(?!)")


@dataclass(frozen=True)
class Rule:
    """One rule: its class and its conditions (see the module docstring)."""

    name: str
    patterns: tuple[tuple[str, tuple[str, ...]], ...] = ()
    flags: tuple[tuple[str, bool], ...] = ()
    fix_kind: str | None = None
    _compiled: dict[str, re.Pattern[str]] = field(init=False, repr=False, compare=False,
                                                   hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_compiled", {k: _matcher(v) for k, v in self.patterns})

    def holds(self, fix: Fix) -> bool:
        if self.fix_kind is not None and fix.kind != self.fix_kind:
            return False
        for key, pattern in self._compiled.items():
            if not any(pattern.match(label) for label in _labels(key, fix)):
                return False
        return all(_flag(key, fix) == wanted for key, wanted in self.flags)


def _labels(key: str, fix: Fix) -> tuple[str, ...]:
    """The labels a pattern condition looks at."""
    if key == "movers":
        return fix.movers
    if key == "mover_edge":
        return (fix.movers[0], fix.movers[-1]) if fix.movers else ()
    if key == "beside":
        return fix.beside
    if key in ("old_parent", "new_parent", "label", "parent"):
        return (str(getattr(fix, key)),)
    if key == "children":
        return fix.children
    if key == "later_children":
        return fix.children[1:]
    assert key == "right_sibling"
    return () if fix.right_sibling is None else (fix.right_sibling,)


def _flag(key: str, fix: Fix) -> bool:
    if key == "over_word":
        return fix.over_word
    if key == "unary":
        return len(fix.children) == 1 or fix.only_child
    if key == "x_over_x":
        return (len(fix.children) == 1 and fix.children[0] == fix.label) or (
            fix.only_child and fix.parent == fix.label)
    if key == "words_only":
        return fix.words_only
    assert key == "same_children"
    return bool(fix.children) and all(c == fix.label for c in fix.children)


@dataclass(frozen=True)
class RuleSet:
    """A named, ordered list of rules per kind of fix."""

    name: str
    source: str
    description: str
    rules: dict[str, tuple[Rule, ...]]
    digest: str = ""
    # The classes of the fixes seen (a fix's class depends on it alone, and
    # the same fixes recur: a relabelled single word, an NP added over two).
    _seen: dict[Fix, str] = field(default_factory=dict, init=False, repr=False,
                                  compare=False, hash=False)

    def classify(self, fix: Fix) -> str:
        """The class of a fix: the first rule of its kind that holds, else ``other``."""
        found = self._seen.get(fix)
        if found is not None:
            return found
        kind = "node" if fix.kind in ("add", "remove") else fix.kind
        found = next((rule.name for rule in self.rules.get(kind, ()) if rule.holds(fix)), OTHER)
        if len(self._seen) < 1 << 16:
            self._seen[fix] = found
        return found

    def describe(self) -> str:
        """``name@digest`` for signatures (the digest hashes the rules, not
        the file's comments or layout)."""
        return f"{self.name}@{self.digest}"

    def __getstate__(self) -> dict[str, Any]:
        """What pickling keeps (a Config crosses to workers and Evaluators
        pickle): the rules, not the classes remembered."""
        state = dict(self.__dict__)
        state["_seen"] = {}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for key, value in state.items():
            object.__setattr__(self, key, value)


def _rule(kind: str, entry: Any, where: str) -> Rule:
    if not isinstance(entry, dict):
        raise ConfigError(f"{where}: expected a table ([[{kind}]])")
    name = entry.get("class")
    if name not in CLASSES:
        raise ConfigError(f"{where}: 'class' must be one of {', '.join(CLASSES)}, "
                          f"not {name!r}")
    patterns: list[tuple[str, tuple[str, ...]]] = []
    flags: list[tuple[str, bool]] = []
    fix_kind = None
    for key, value in entry.items():
        if key == "class":
            continue
        if key not in _ALLOWED[kind]:
            raise ConfigError(f"{where}: unknown condition {key!r} for a {kind} rule "
                              f"(expected one of {', '.join(sorted(_ALLOWED[kind]))})")
        if key == "kind":
            if value not in ("add", "remove"):
                raise ConfigError(f"{where}: 'kind' must be \"add\" or \"remove\"")
            fix_kind = value
        elif key in _FLAGS:
            if not isinstance(value, bool):
                raise ConfigError(f"{where}: {key!r} must be true or false")
            flags.append((key, value))
        else:
            values = [value] if isinstance(value, str) else value
            if not isinstance(values, list) or not values or not all(
                    isinstance(v, str) for v in values):
                raise ConfigError(f"{where}: {key!r} must be a label pattern or a list of them")
            patterns.append((key, tuple(values)))
    return Rule(name, tuple(patterns), tuple(flags), fix_kind)


def parse_rules(text: str, source: str) -> RuleSet:
    """A rule set from the text of its file (``source`` names it in messages)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{source}: not a TOML rule set: {error}") from None
    unknown = set(data) - {"name", "description", *KINDS}
    if unknown:
        raise ConfigError(f"{source}: unknown key(s) {', '.join(sorted(unknown))} (expected "
                          "name, description, [[move]], [[relabel]], [[node]])")
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise ConfigError(f"{source}: a rule set needs a name (name = \"...\")")
    rules: dict[str, tuple[Rule, ...]] = {}
    for kind in KINDS:
        entries = data.get(kind, [])
        if not isinstance(entries, list):
            raise ConfigError(f"{source}: {kind} must be a list of tables ([[{kind}]])")
        rules[kind] = tuple(_rule(kind, e, f"{source}: [[{kind}]] number {i}")
                            for i, e in enumerate(entries, 1))
    content = {kind: [[r.name, r.fix_kind, r.patterns, r.flags] for r in found]
               for kind, found in rules.items()}
    digest = hashlib.sha256(json.dumps(content).encode()).hexdigest()[:8]
    return RuleSet(name, source, str(data.get("description", "")), rules, digest)


def rule_set_path(name_or_path: str) -> Path | None:
    """The error-class rule set ``parsedit grammars check`` is asked about,
    or None when it is asked about something else: a TOML file with
    ``[[move]]``, ``[[relabel]]`` or ``[[node]]`` tables (and no ``kind``:
    a head table says ``kind = "head-table"``), or the name of a shipped
    rule set that names no shipped cost scheme or head table."""
    path = Path(name_or_path)
    if path.is_file():
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            return None
        return path if "kind" not in data and set(data) & set(KINDS) else None
    from parsedit.costs.shipped import shipped_file
    from parsedit.names import names_file

    if names_file(name_or_path) or shipped_file(name_or_path) is not None:
        return None
    return rules_file(name_or_path)


def check_rule_set(path: Path, treebanks: Sequence[str] = (),
                   encoding: str = "utf-8") -> Verdict:
    """``parsedit grammars check`` for an error-class rule set: an error
    where :func:`load_rules` refuses it; warnings for rules that can never
    apply (an earlier rule of their kind without conditions takes every fix
    they would) and, with ``treebanks``, for label patterns that match no
    label or tag of their trees (the rule never applies to them)."""
    from parsedit.costs.grammars import Verdict
    from parsedit.costs.reader import Problem
    from parsedit.deps.heads import treebank_categories
    from parsedit.plural import plural
    from parsedit.trees.source import check_encoding, check_files

    categories: list[str] = []
    where = " and ".join(treebanks)
    if treebanks:
        check_files(*((treebank, check_encoding(encoding)) for treebank in treebanks))
        categories = treebank_categories(treebanks, encoding)
        if not categories:
            raise ConfigError(f"no tree could be read from {where}")
    try:
        rules = parse_rules(path.read_text(encoding="utf-8"), str(path))
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"cannot read error-class rules {path}: {error}") from None
    except ConfigError as error:
        message = str(error).removeprefix(f"{path}: ")
        return Verdict([Problem(str(path), None, message)], 1, f"{path}: 1 error")
    problems: list[Problem] = []

    def warn(message: str) -> None:
        problems.append(Problem(str(path), None, message, "warning"))

    for kind, found in rules.rules.items():
        for k, rule in enumerate(found, 1):
            catch_all = next((j for j, earlier in enumerate(found[:k - 1], 1)
                              if not earlier.patterns and not earlier.flags
                              and earlier.fix_kind in (None, rule.fix_kind)), None)
            if catch_all is not None:
                warn(f"[[{kind}]] number {k} ({rule.name}) never applies: [[{kind}]] "
                     f"number {catch_all} has no condition and takes every fix first")
            for key, patterns in rule.patterns if categories else ():
                for pattern in patterns:
                    matcher = _matcher((pattern,))
                    if not any(matcher.match(c) for c in categories):
                        warn(f"[[{kind}]] number {k} ({rule.name}): {key} pattern "
                             f"{pattern!r} matches no label or tag of {where}")
    count = sum(len(found) for found in rules.rules.values())
    return Verdict(problems, 0, f"{path}: OK, an error-class rule set ({rules.describe()}, "
                                f"{plural(count, 'rule')}), {plural(len(problems), 'warning')}")


def _folders() -> list[Path]:
    """Where shipped rule sets are: the installed ``parsedit.grammars``, and
    a source checkout's ``grammars/`` (run with ``PYTHONPATH=src``)."""
    out = [Path(str(resources.files("parsedit.grammars"))) / "error-classes"]
    checkout = Path(__file__).resolve().parents[3] / "grammars" / "error-classes"
    if checkout != out[0]:
        out.append(checkout)
    return out


def shipped_rules() -> list[str]:
    """The names of the shipped rule sets."""
    return sorted({p.stem for folder in _folders() if folder.is_dir()
                   for p in folder.glob("*.toml")})


def rules_file(name: str) -> Path | None:
    """The shipped rule set's file that ``name`` names, or None."""
    return next((candidate for folder in _folders()
                 if (candidate := folder / f"{name}.toml").is_file()), None)


@cache
def load_rules(name_or_path: str = DEFAULT_RULES) -> RuleSet:
    """A shipped rule set by name (``ptb``, ``sequoia``) or a file by path."""
    shipped = rules_file(name_or_path)
    if shipped is not None:
        return parse_rules(shipped.read_text(encoding="utf-8"), str(shipped))
    path = Path(name_or_path)
    if path.suffix == ".toml" or path.is_file():
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise ConfigError(f"cannot read error-class rules {name_or_path}: "
                              f"{error.strerror}") from None
        return parse_rules(text, name_or_path)
    raise ConfigError(f"unknown error-class rule set {name_or_path!r}: expected one of "
                      f"{', '.join(shipped_rules())} or a path to a .toml file")
