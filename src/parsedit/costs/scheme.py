"""Cost schemes, the model: classes of symbols and what editing them costs.

A scheme file's format is described in :mod:`parsedit.costs.reader`, which
reads one into a :class:`CostScheme`; :mod:`parsedit.costs.shipped` finds
the schemes that come with parsedit.

Built-in classes are the symbol kinds of the encodings (``open``, ``close``,
``tag``, ``word``, ``span``, ``rule``; ``node`` and ``boundary`` in lineages)
and ``any``.  A symbol is matched by its
*label*: a phrase's or a tag's label, a span's label, a rule as written
(``NP -> DT NN``), the word itself, a dependency's relation.  A user class
matches labelled kinds only (every kind but ``close``, ``word`` and
``boundary``), and not dependencies (``dep``, added later: so that the classes,
and digests, of earlier schemes stay as they were), unless its ``kinds`` say
otherwise.

Every symbol maps to itself at no cost; an operation no entry allows is
impossible; where several entries apply, the cheapest wins.

A scheme's *digest* (:func:`digest`) hashes its resolved costs (not its
bytes, name or comments), so two schemes with equal digests give equal
numbers.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from parsedit.trees.normalise import strip_function_tags

INF = math.inf
# What load_costs hands to costs.transducer: grammar modules and compiled FSTs.
TRANSDUCER_SUFFIXES = (".py", ".far", ".fst")
ANY = "any"
KINDS_OF = {"label": ("open", "close", "tag", "word"), "span": ("span",), "rule": ("rule",),
            "lineage": ("node", "boundary"), "words": ("word",), "dep": ("dep",)}
KINDS = tuple(dict.fromkeys(k for kinds in KINDS_OF.values() for k in kinds))
ENCODINGS = tuple(KINDS_OF)
UNLABELLED = frozenset(("close", "word", "boundary"))
SAME_KEYS: dict[str, Callable[[str], str]] = {
    "first-char": lambda label: label[:1],
    "base": strip_function_tags,
    "casefold": str.casefold,
}
# ``same = "span"`` compares a span symbol's boundaries, not its label: a
# substitution between two spans then relabels a constituent without moving it.
# A dependency's "span" is its arc (its dependent's and its head's positions):
# a substitution between two dependencies then relabels an arc without
# moving it.
SPAN_KEY = "span"
SAME_NAMES = (*SAME_KEYS, SPAN_KEY)

Signature = frozenset[str]


@dataclass(frozen=True)
class SymbolClass:
    """A named set of symbols: labels matching ``labels`` (glob patterns; an
    exact label is a pattern without wildcards) or function-tag ``variants``
    of a base label, among symbols of ``kinds``."""

    name: str
    labels: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    kinds: tuple[str, ...] = tuple(k for k in KINDS if k not in UNLABELLED and k != "dep")
    _regex: re.Pattern[str] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        globs = "|".join(fnmatch.translate(p) for p in self.labels) or "(?!)"
        object.__setattr__(self, "_regex", re.compile(globs))

    def matches(self, kind: str, label: str) -> bool:
        if kind not in self.kinds:
            return False
        if self.variants and strip_function_tags(label) in self.variants:
            return True
        return self._regex.match(label) is not None

    def canonical(self) -> dict[str, Any]:
        return {"labels": sorted(self.labels), "variants": sorted(self.variants),
                "kinds": sorted(self.kinds)}


@dataclass(frozen=True)
class Substitution:
    """Rewriting a symbol of class ``source`` as a different one of class
    ``target`` costs ``cost``; with ``same``, only when both labels have the
    same key (their first character, or their label without function tags)."""

    source: str
    target: str
    cost: float
    same: str | None = None

    @property
    def key(self) -> tuple[str, str, str | None]:
        return (self.source, self.target, self.same)


@dataclass(frozen=True)
class CostScheme:
    name: str
    digest: str
    source: str
    encodings: tuple[str, ...] = ()
    insert: tuple[tuple[str, float], ...] = ()
    delete: tuple[tuple[str, float], ...] = ()
    substitute: tuple[Substitution, ...] = ()
    movement: float | None = None
    classes: tuple[SymbolClass, ...] = ()
    extends: str | None = None
    # The cost of aligning k (2..4) consecutive words of one side with one
    # word of the other that is their concatenation (words encoding only).
    merge: float | None = None
    # The path it was read from as the user gave it (None for a shipped
    # scheme, or one built in memory): what signatures show for it.
    path: str | None = None

    @property
    def needs_alphabet(self) -> bool:
        """False: a declarative scheme is built pair by pair, not over a corpus."""
        return False

    # -- what a symbol may cost --------------------------------------------
    def signature(self, kind: str, label: str = "", where: str = "") -> Signature:
        """The classes a symbol of ``kind`` with ``label`` belongs to, and the
        keys (``first-char=N``) that ``same`` substitutions compare; ``where``
        is what ``same = "span"`` compares (see :func:`boundaries`)."""
        names = {kind, ANY}
        names.update(c.name for c in self.classes if c.matches(kind, label))
        keys = {s.same for s in self.substitute
                if s.same is not None and (s.source in names or s.target in names)}
        names.update(f"{key}={where if key == SPAN_KEY else SAME_KEYS[key](label)}"
                     for key in keys if key is not None)
        return frozenset(names)

    @property
    def positional(self) -> bool:
        """Whether an entry compares boundaries (``same = "span"``), so that a
        span's costs depend on where it is, not on its label alone."""
        return any(s.same == SPAN_KEY for s in self.substitute)

    def insert_cost(self, sig: Signature) -> float:
        return min((c for cls, c in self.insert if cls in sig), default=INF)

    def delete_cost(self, sig: Signature) -> float:
        return min((c for cls, c in self.delete if cls in sig), default=INF)

    def substitute_cost(self, a: Signature, b: Signature) -> float:
        """Cost of rewriting a symbol of ``a`` as a *different* symbol of ``b``."""
        return min((s.cost for s in self.substitute if self.applies(s, a, b)), default=INF)

    @staticmethod
    def same_key(entry: Substitution, sig: Signature) -> str | None:
        """The value of ``entry.same`` in a signature (None without ``same``)."""
        if entry.same is None:
            return None
        prefix = entry.same + "="
        return next((n[len(prefix):] for n in sig if n.startswith(prefix)), None)

    def applies(self, entry: Substitution, a: Signature, b: Signature) -> bool:
        return (entry.source in a and entry.target in b
                and self.same_key(entry, a) == self.same_key(entry, b))

    def may_hold(self, cls: str, kind: str) -> bool:
        """Whether class ``cls`` can hold a symbol of ``kind``."""
        if cls in (kind, ANY):
            return True
        return any(c.name == cls and kind in c.kinds for c in self.classes)

    def can_edit(self, kind: str) -> bool:
        """Whether a symbol of ``kind`` can ever be anything but itself."""
        return (any(self.may_hold(cls, kind) for cls, _ in (*self.insert, *self.delete))
                or any(self.may_hold(s.source, kind) or self.may_hold(s.target, kind)
                       for s in self.substitute))

    def triangle_holds(self, new: Signature, sigs: Iterable[Signature],
                       memo: dict[tuple[Signature, Signature], float] | None = None) -> bool:
        """Whether the costs obey the triangle inequality over the empty
        string and every pair and triple of ``sigs`` and ``new`` that involves
        ``new``: what the exchange argument behind stripping a common prefix
        and suffix needs.  A caller that adds signatures one at a time (as
        the aligners do) has checked the others as each came; ``memo`` keeps
        the substitution costs between its calls."""
        costs = memo if memo is not None else {}

        def sub(a: Signature, b: Signature) -> float:
            found = costs.get((a, b))
            if found is None:
                found = costs[a, b] = self.substitute_cost(a, b)
            return found

        known = [*sigs, new]
        for x in known:
            for a, b in ((new, x), (x, new)):
                ab = sub(a, b)
                if ab + self.delete_cost(b) < self.delete_cost(a):
                    return False
                if self.insert_cost(a) + ab < self.insert_cost(b):
                    return False
        for a in known:
            for x in known:
                # The triples (a, x, new), (new, a, x) and (a, new, x).
                if sub(a, x) + sub(x, new) < sub(a, new):
                    return False
                if sub(new, a) + sub(a, x) < sub(new, x):
                    return False
                if sub(a, new) + sub(new, x) < sub(a, x):
                    return False
        return True

    @property
    def unit_cost(self) -> bool:
        """Whether every word can be inserted, deleted or replaced by any
        other at cost 1, and nothing else costs anything but 1 (no merges):
        the cost of the cheapest alignment is then a count of edits (over the
        gold words, sclite's word error rate), not a weighted cost.  A scheme
        without a substitution of any word by any other is not: replacing a
        word then costs a deletion and an insertion, 2."""
        costs = [c for _, c in (*self.insert, *self.delete)]
        costs += [s.cost for s in self.substitute]
        every = ("word", ANY)
        return (self.merge is None and all(c == 1 for c in costs)
                and any(cls in every for cls, _ in self.insert)
                and any(cls in every for cls, _ in self.delete)
                and any(s.same is None and s.source in every and s.target in every
                        for s in self.substitute))

    def describe(self) -> str:
        """``name@digest`` for signatures; ``path@digest`` for a scheme read
        from a file, so that a signature tells a user's file from the shipped
        scheme of the same name."""
        return f"{self.path or self.name}@{self.digest}"


def boundaries(kind: str, text: str, label: str) -> str:
    """What ``same = "span"`` compares: a span symbol's boundaries (``[3,5]``
    of ``VP[3,5]``, its text without its label), a dependency's arc
    (``[4,2]`` of ``nsubj[4,2]``: dependent 4, head 2); "" for every other
    symbol, so that the key never keeps symbols without boundaries apart."""
    return text[len(label):] if kind in ("span", "dep") else ""


def digest(classes: dict[str, SymbolClass], insert: dict[str, float],
            delete: dict[str, float], substitute: dict[Any, Substitution],
            movement: float | None, merge: float | None = None) -> str:
    content = {
        "classes": {n: c.canonical() for n, c in sorted(classes.items())},
        "insert": sorted(insert.items()), "delete": sorted(delete.items()),
        "substitute": sorted([s.source, s.target, s.same or "", s.cost]
                             for s in substitute.values()),
        "movement": movement,
    }
    if merge is not None:  # only then, so that every other digest stays as it was
        content["merge"] = merge
    return hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()[:8]
