"""Cost schemes given as transducers: Python grammar modules, OpenFst files,
and declarative schemes compiled over an alphabet.

A **grammar module** is a Python file that defines::

    NAME = "span-overlap"              # optional; the file name otherwise
    ENCODINGS = ["span"]               # optional; every encoding otherwise
    def build(alphabet: parsedit.costs.alphabet.Alphabet) -> pynini.Fst: ...

``build`` returns an edit transducer over ``alphabet.table``: input gold
symbols, output test symbols, arc weights the costs (tropical semiring), any
number of states.  A **precompiled** ``.fst`` or ``.far`` file (made by
``parsedit grammars compile`` or OpenFst's own tools) must carry its input
symbol table; a FAR holds one transducer per encoding, keyed by its name, or
a single one.

Either way, a symbol the transducer does not know maps to itself at no
cost, wherever the transducer is: parsedit adds it to the symbol table with
an identity loop on every state.  parsedit takes no shortcut with such a
transducer (every pair is composed whole) and applies no movement correction.

**Compiled** transducers (a grammar module's, or a declarative scheme's over
an alphabet) are cached as FAR files in ``$PARSEDIT_CACHE`` (default
``$XDG_CACHE_HOME/parsedit`` or ``~/.cache/parsedit``; ``off`` turns the
cache off), keyed by a hash of the scheme's content, the alphabet and the
pynini version, never by a file name.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

import pynini

from parsedit.costs.alphabet import Alphabet
from parsedit.costs.scheme import INF, CostScheme
from parsedit.errors import SchemeError

Arc = pynini.Arc  # type: ignore[attr-defined]  # re-exported from pywrapfst, not in the stubs
TRANSDUCER_SUFFIXES = (".py", ".far", ".fst")


@dataclass(frozen=True)
class FstScheme:
    """A scheme whose costs are a transducer: ``fst`` as loaded, or built
    from an alphabet by ``build``."""

    name: str
    digest: str
    source: str
    encodings: tuple[str, ...] = ()
    fst: pynini.Fst | None = None
    build: Callable[[Alphabet], pynini.Fst] | None = None
    movement: None = None

    @property
    def needs_alphabet(self) -> bool:
        return self.fst is None

    def transducer(self, alphabet: Alphabet | None) -> pynini.Fst:
        """The transducer (a grammar module's is built over ``alphabet``)."""
        if self.fst is not None:
            return self.fst
        assert self.build is not None and alphabet is not None
        build = self.build
        return cached(f"{self.digest}|{alphabet.digest()}", lambda: _checked(
            build(alphabet), self.source, alphabet), self.source)

    def describe(self) -> str:
        return f"{self.name}@{self.digest}"


def _checked(fst: object, source: str, alphabet: Alphabet) -> pynini.Fst:
    if not isinstance(fst, pynini.Fst):
        raise SchemeError(f"{source}: build() must return a pynini.Fst, not "
                          f"{type(fst).__name__}")
    if fst.start() < 0:
        raise SchemeError(f"{source}: build() returned a transducer without a start state")
    if fst.input_symbols() is None:
        fst.set_input_symbols(alphabet.table)
        fst.set_output_symbols(alphabet.table)
    return fst


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:8]


def load_transducer_scheme(path: Path, encoding: str | None = None) -> FstScheme:
    """A grammar module (``.py``) or a precompiled ``.fst``/``.far`` file."""
    data = path.read_bytes()
    if path.suffix == ".py":
        return _load_module(path, data)
    if path.suffix == ".fst":
        try:
            fst = pynini.Fst.read(str(path))
        except Exception as exc:  # pynini raises its own FstIOError and others
            raise SchemeError(f"{path}: not an OpenFst file: {exc}") from None
        return FstScheme(path.stem, _digest(data), str(path), fst=_with_table(fst, path))
    fsts = read_far(path)
    if encoding in fsts:
        fst = fsts[encoding]
    elif len(fsts) == 1:
        fst = next(iter(fsts.values()))
    else:
        raise SchemeError(f"{path}: holds {', '.join(fsts)}; none is named {encoding!r}")
    return FstScheme(path.stem, _digest(data), str(path), fst=_with_table(fst, path))


def _with_table(fst: pynini.Fst, path: Path) -> pynini.Fst:
    if fst.input_symbols() is None:
        raise SchemeError(f"{path}: the transducer has no input symbol table, so parsedit "
                          "cannot tell which label is which symbol")
    return fst


def _load_module(path: Path, data: bytes) -> FstScheme:
    spec = importlib.util.spec_from_file_location(f"parsedit_grammar_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise SchemeError(f"{path}: cannot be loaded as a Python module")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        raise SchemeError(f"{path}: the grammar module failed to load: "
                          f"{type(exc).__name__}: {exc}") from None
    build = getattr(module, "build", None)
    if not callable(build):
        raise SchemeError(f"{path}: a grammar module must define build(alphabet)")
    encodings = getattr(module, "ENCODINGS", ())
    return FstScheme(str(getattr(module, "NAME", path.stem)), _digest(data), str(path),
                     encodings=tuple(encodings), build=build)


# -- compiling a declarative scheme -------------------------------------------

def compile_scheme(scheme: CostScheme, alphabet: Alphabet) -> pynini.Fst:
    """``scheme`` as one transducer over ``alphabet``, linear in its size.

    State 0 is start and final; every symbol has its identity, deletion
    (``a:<eps>``) and insertion (``<eps>:b``) arcs there.  A substitution
    entry (with ``same``: one per key value) is a state ``q``: ``a:<eps>``
    with the cost from 0 to ``q`` for every symbol it rewrites, ``<eps>:b``
    at no cost from ``q`` back to 0 for every symbol it rewrites into.
    """
    fst = pynini.Fst()
    fst.add_state()
    fst.set_start(0)
    fst.set_final(0)
    states: dict[tuple[int, str | None], int] = {}

    def state(rule: int, key: str | None) -> int:
        if (rule, key) not in states:
            states[rule, key] = fst.add_state()
        return states[rule, key]

    for text in alphabet.symbols:
        sig = scheme.signature(alphabet.kinds[text], alphabet.labels[text])
        a = alphabet.id(text)
        fst.add_arc(0, Arc(a, a, 0.0, 0))
        delete, insert = scheme.delete_cost(sig), scheme.insert_cost(sig)
        if delete < INF:
            fst.add_arc(0, Arc(a, 0, delete, 0))
        if insert < INF:
            fst.add_arc(0, Arc(0, a, insert, 0))
        for rule, entry in enumerate(scheme.substitute):
            key = scheme.same_key(entry, sig)
            if entry.source in sig:
                fst.add_arc(0, Arc(a, 0, entry.cost, state(rule, key)))
            if entry.target in sig:
                fst.add_arc(state(rule, key), Arc(0, a, 0.0, 0))
    table = alphabet.table
    fst.set_input_symbols(table)
    fst.set_output_symbols(table)
    fst.connect()
    fst.arcsort("ilabel")
    return fst


def compiled(scheme: CostScheme, alphabet: Alphabet) -> pynini.Fst:
    """:func:`compile_scheme`, through the cache."""
    return cached(f"{scheme.digest}|{alphabet.digest()}",
                  lambda: compile_scheme(scheme, alphabet), scheme.source)


# -- FAR files and the cache -------------------------------------------------

def write_far(path: Path, fsts: dict[str, pynini.Fst]) -> None:
    """One transducer per key; OpenFst's FAR writer needs the keys in order
    (out of order it drops them, saying so only on standard error)."""
    with pynini.Far(str(path), mode="w") as far:
        for key in sorted(fsts):
            far[key] = fsts[key]


def read_far(path: Path) -> dict[str, pynini.Fst]:
    try:
        far = pynini.Far(str(path), mode="r")
        return {str(key): fst.copy() for key, fst in far}
    except Exception as exc:  # pynini raises its own FstIOError and others
        raise SchemeError(f"{path}: not a readable FAR file: {exc}") from None


def cache_dir() -> Path | None:
    """Where compiled transducers are kept, or None when caching is off."""
    setting = os.environ.get("PARSEDIT_CACHE")
    if setting == "off":
        return None
    if setting:
        return Path(setting)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "parsedit"


def cache_key(content: str) -> str:
    return hashlib.sha256(f"{content}|pynini {version('pynini')}".encode()).hexdigest()


def cached(content: str, build: Callable[[], pynini.Fst], source: str) -> pynini.Fst:
    """The transducer for ``content`` from the cache, or built and stored."""
    folder = cache_dir()
    path = folder / f"{cache_key(content)}.far" if folder is not None else None
    if path is not None and path.is_file():
        try:
            return read_far(path)["fst"]
        except (SchemeError, KeyError):
            pass  # a damaged entry is rebuilt
    fst = build()
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            partial = path.with_suffix(f".{os.getpid()}.tmp")
            write_far(partial, {"fst": fst})
            partial.replace(path)
        except Exception:  # noqa: BLE001 - pynini's write errors are not OSError
            pass  # a read-only cache costs time, never a result
    return fst
