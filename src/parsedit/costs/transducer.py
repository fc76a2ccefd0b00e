"""Cost schemes given as transducers: Python grammar modules, OpenFst files,
and declarative schemes compiled over an alphabet.

A **grammar module** is a Python file that defines::

    NAME = "span-overlap"              # optional; the file name otherwise
    ENCODINGS = ["span"]               # optional; every encoding otherwise
    def build(alphabet: parsedit.costs.alphabet.Alphabet) -> Fst: ...

``build`` returns an edit transducer over ``alphabet.table``: input gold
symbols, output test symbols, arc weights the costs (tropical semiring), any
number of states.  A **precompiled** ``.fst`` or ``.far`` file (made by
``parsedit grammars compile`` or OpenFst's own tools) must carry its input
symbol table; a FAR holds one transducer per encoding, keyed by its name, or
a single one.  A file with a digest beside it (``X.far.sha256``, which
``grammars compile`` writes) is checked against it before OpenFst reads it;
one without is read first in a forked child (OpenFst aborts the process on
some damaged files) and then checked with OpenFst's ``Verify()``
(:mod:`parsedit.fst.files`).  Python code runs only from a path ending in
``.py`` or a shipped module named by its name (:func:`parsedit.costs.load_costs`).

Either way, a symbol the transducer does not know maps to itself at no
cost, wherever the transducer is: parsedit adds it to the symbol table with
an identity loop on every state.  parsedit applies no movement correction
with such a transducer, and takes only the shortcuts it can prove exact on
the transducer itself (:mod:`parsedit.fst.restrict`): each pair is composed
with the part of the transducer it can use, and equal strings, a common
prefix and suffix are matched without composing them only where the
transducer's shape and costs allow it.

**Compiled** transducers (a grammar module's, or a declarative scheme's over
an alphabet) are cached as FAR files in ``$PARSEDIT_CACHE`` (default
``$XDG_CACHE_HOME/parsedit`` or ``~/.cache/parsedit``; ``off`` turns the
cache off), keyed by a hash of the scheme's content, the alphabet and the
pynini version, never by a file name.
"""

from __future__ import annotations

import hashlib
import importlib.util
import math
import os
import signal
import tempfile
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass, replace
from importlib.metadata import version
from pathlib import Path

from parsedit.costs.alphabet import Alphabet
from parsedit.costs.scheme import TRANSDUCER_SUFFIXES as TRANSDUCER_SUFFIXES  # re-exported
from parsedit.costs.scheme import CostScheme
from parsedit.errors import SchemeError
from parsedit.fst.files import (
    Fst,
    check_digest,
    is_fst,
    read_far,
    read_fst,
    read_safely,
    validated,
    write_far,
)


@dataclass(frozen=True)
class FstScheme:
    """A scheme whose costs are a transducer: ``fst`` as loaded, or built
    from an alphabet by ``build``."""

    name: str
    digest: str
    source: str
    encodings: tuple[str, ...] = ()
    fst: Fst | None = None
    build: Callable[[Alphabet], Fst] | None = None
    movement: None = None
    # The path it was read from as the user gave it (None for a shipped
    # module): what signatures show for it.
    path: str | None = None
    # Whether a digest beside the file (``X.far.sha256``) vouched for it.
    verified: bool = False

    @property
    def needs_alphabet(self) -> bool:
        return self.fst is None

    def transducer(self, alphabet: Alphabet | None) -> Fst:
        """The transducer (a grammar module's is built over ``alphabet``)."""
        if self.fst is not None:
            return self.fst
        assert self.build is not None and alphabet is not None
        build = self.build
        return cached(f"{self.digest}|{alphabet.digest()}",
                      lambda: _built(build, alphabet, self.source), self.source)

    def describe(self) -> str:
        """``name@digest``; ``path@digest`` for a user's file."""
        return f"{self.path or self.name}@{self.digest}"


def _where(exc: BaseException, source: str) -> str:
    """``source:LINE``, the last line of ``source`` in the exception's
    traceback (where a grammar module raised), or ``source`` alone."""
    lines = [frame.lineno for frame in traceback.extract_tb(exc.__traceback__)
             if frame.filename == source and frame.lineno is not None]
    if isinstance(exc, SyntaxError) and exc.filename == source and exc.lineno:
        lines.append(exc.lineno)
    return f"{source}:{lines[-1]}" if lines else source


class _Timeout(Exception):
    """Raised inside build() when it runs past the limit."""


def build_timeout() -> float:
    """Seconds a grammar module's build() may run: ``$PARSEDIT_BUILD_TIMEOUT``
    (default 300; 0 means no limit)."""
    setting = os.environ.get("PARSEDIT_BUILD_TIMEOUT", "300")
    try:
        seconds = float(setting)
    except ValueError:
        raise SchemeError(f"PARSEDIT_BUILD_TIMEOUT={setting!r}: expected a number of "
                          "seconds") from None
    if not math.isfinite(seconds) or seconds < 0:
        raise SchemeError(f"PARSEDIT_BUILD_TIMEOUT={setting!r}: expected a number of "
                          "seconds >= 0")
    return seconds


def _limited(call: Callable[[], object], source: str, what: str) -> object:
    """``call()``, the code of the grammar module ``source``; an exception in
    it, or no return within :func:`build_timeout`, is a :class:`SchemeError`
    naming the module's line.  The limit is a SIGALRM timer, so it holds on
    the main thread of a POSIX process only; elsewhere the call runs without."""
    seconds = build_timeout()
    timed = (seconds > 0 and hasattr(signal, "setitimer")
             and threading.current_thread() is threading.main_thread())

    def expire(signum: int, frame: object) -> None:
        raise _Timeout

    previous = signal.signal(signal.SIGALRM, expire) if timed else None
    if timed:
        signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return call()
    except _Timeout as exc:
        raise SchemeError(f"{_where(exc, source)}: {what} did not finish within {seconds:g} s "
                          "(PARSEDIT_BUILD_TIMEOUT) and was stopped at this line") from None
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - any fault of the module's
        raise SchemeError(f"{_where(exc, source)}: {what} raised "
                          f"{type(exc).__name__}: {exc}") from None
    finally:
        if timed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


def _built(build: Callable[[Alphabet], object], alphabet: Alphabet, source: str) -> Fst:
    """``build(alphabet)``, checked (see :func:`validated`)."""
    fst: object = _limited(lambda: build(alphabet), source, "build()")
    if not is_fst(fst):
        raise SchemeError(f"{source}: build() must return a pynini.Fst, not "
                          f"{type(fst).__name__}")
    if fst.input_symbols() is None:
        fst.set_input_symbols(alphabet.table)
        fst.set_output_symbols(alphabet.table)
    return validated(fst, f"{source}: build() returned a transducer")


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:8]


def load_transducer_scheme(path: Path, encoding: str | None = None, shipped: bool = False,
                           given: str | None = None) -> FstScheme:
    """A grammar module (``.py``) or a precompiled ``.fst``/``.far`` file;
    ``given`` is the path as the user wrote it (for messages and the
    signature), ``shipped`` a module that comes with parsedit.  A compiled
    file with a digest beside it (``X.far.sha256``) is checked against it
    before OpenFst reads it; any damage OpenFst or :func:`validated` finds
    is a :class:`SchemeError` too."""
    shown = given or str(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SchemeError(f"{shown}: cannot be read ({exc.strerror or exc})") from None
    label = None if shipped else shown
    if path.suffix == ".py":
        return replace(_load_module(path, data), path=label)
    verified = check_digest(path, data)
    if not verified:
        read_safely(path, read_fst if path.suffix == ".fst" else read_far)
    if path.suffix == ".fst":
        fst = read_fst(path)
    else:
        fsts = read_far(path)
        if encoding in fsts:
            fst = fsts[encoding]
        elif len(fsts) == 1:
            fst = next(iter(fsts.values()))
        else:
            raise SchemeError(f"{shown}: holds {', '.join(fsts) or 'no transducer'}; none is "
                              f"named {encoding!r}")
    return FstScheme(path.stem, _digest(data), shown,
                     fst=validated(_with_table(fst, path), f"{shown}: a transducer"),
                     path=label, verified=verified)


def _with_table(fst: Fst, path: Path) -> Fst:
    if fst.input_symbols() is None:
        raise SchemeError(f"{path}: the transducer has no input symbol table, so parsedit "
                          "cannot tell which label is which symbol")
    return fst


def _load_module(path: Path, data: bytes) -> FstScheme:
    spec = importlib.util.spec_from_file_location(f"parsedit_grammar_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise SchemeError(f"{path}: cannot be loaded as a Python module")
    module = importlib.util.module_from_spec(spec)
    loader = spec.loader
    _limited(lambda: loader.exec_module(module), str(path), "loading the grammar module")
    build = getattr(module, "build", None)
    if not callable(build):
        raise SchemeError(f"{path}: a grammar module must define build(alphabet)")
    encodings = getattr(module, "ENCODINGS", ())
    return FstScheme(str(getattr(module, "NAME", path.stem)), _digest(data), str(path),
                     encodings=tuple(encodings), build=build)


def compiled(scheme: CostScheme, alphabet: Alphabet) -> Fst:
    """:func:`parsedit.fst.compile.compile_scheme`, through the cache."""
    from parsedit.fst.compile import compile_scheme

    return cached(f"{scheme.digest}|{alphabet.digest()}",
                  lambda: compile_scheme(scheme, alphabet), scheme.source)


# -- FAR files and the cache -------------------------------------------------

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


def cached(content: str, build: Callable[[], Fst], source: str) -> Fst:
    """The transducer for ``content`` from the cache, or built and stored.

    An entry is ``KEY.far`` and ``KEY.sha256``, the hash of the FAR's bytes.
    An entry whose bytes do not hash to it (truncated, damaged, half
    written) is never read, but rebuilt.  Both files are written under
    unique temporary names and renamed into place, so processes that build
    the same entry at once each write a whole file, and a reader never sees
    a partial one."""
    folder = cache_dir()
    if folder is None:
        return build()
    path = folder / f"{cache_key(content)}.far"
    check = path.with_suffix(".sha256")
    try:
        data = path.read_bytes()
        if hashlib.sha256(data).hexdigest() == check.read_text(encoding="ascii").strip():
            return read_far(path)["fst"]
    except (OSError, SchemeError, KeyError):
        pass  # no entry, or a damaged one: rebuilt
    fst = build()
    partials: list[str] = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for _ in range(2):
            handle, name = tempfile.mkstemp(suffix=".tmp", dir=folder)
            os.close(handle)
            partials.append(name)
        write_far(Path(partials[0]), {"fst": fst})
        digest = hashlib.sha256(Path(partials[0]).read_bytes()).hexdigest()
        Path(partials[1]).write_text(digest + "\n", encoding="ascii")
        os.replace(partials[0], path)
        os.replace(partials[1], check)
    except Exception:  # noqa: BLE001 - pynini's write errors are not OSError
        for name in partials:  # a read-only cache costs time, never a result
            Path(name).unlink(missing_ok=True)
    return fst

