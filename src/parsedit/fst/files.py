"""OpenFst files and objects: reading and writing FARs and FSTs, symbol
tables, and the checks an edit transducer must pass.  (pynini is imported
in :mod:`parsedit.fst` only; the rest of parsedit handles ``Fst`` objects
through these functions.)"""

from __future__ import annotations

import hashlib
import math
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeGuard

import pynini
from pywrapfst import SymbolTable as SymbolTable  # pynini's own, re-exported

from parsedit.errors import SchemeError

Fst = pynini.Fst
EPSILON = "<eps>"


def is_fst(value: object) -> TypeGuard[Fst]:
    return isinstance(value, pynini.Fst)


def symbol_table(symbols: Iterable[str]) -> SymbolTable:
    """A symbol table: 0 is ``<eps>``, then ``symbols`` in order from 1."""
    table = SymbolTable()
    table.add_symbol(EPSILON)
    for text in symbols:
        table.add_symbol(text)
    return table


def validated(fst: pynini.Fst, what: str) -> pynini.Fst:
    """``fst`` if it can be an edit transducer: tropical weights, a start
    state, a final state, every weight a number >= 0 (an arc at infinity is
    an arc never taken).  Otherwise a :class:`SchemeError` that begins with
    ``what`` and says which state or arc is at fault: a negative weight
    would make edits pay, a NaN would make every comparison false."""
    with quiet_openfst():
        consistent = fst.verify()
    if not consistent:
        raise SchemeError(f"{what} that OpenFst finds inconsistent (an arc to a state that "
                          "does not exist, or a label outside its symbol table): a damaged "
                          "file?")
    if fst.weight_type() != "tropical":
        raise SchemeError(f"{what} over {fst.weight_type()} weights; edit costs are "
                          "tropical (the minimum over paths, costs added along one)")
    if fst.start() < 0:
        raise SchemeError(f"{what} without a start state")
    final = False
    for state in fst.states():
        weight = float(fst.final(state))
        if math.isnan(weight) or weight < 0:
            raise SchemeError(f"{what} whose state {state} is final at {weight}; a "
                              "cost must be a number >= 0")
        final = final or weight < math.inf
        for arc in fst.arcs(state):
            weight = float(arc.weight)
            if math.isnan(weight) or weight < 0:
                raise SchemeError(f"{what} with an arc of weight {weight} (state {state}, "
                                  f"labels {arc.ilabel}:{arc.olabel}); a cost must be a "
                                  "number >= 0")
    if not final:
        raise SchemeError(f"{what} without a final state, so no edit path can end")
    return fst


@contextmanager
def quiet_openfst() -> Iterator[None]:
    """OpenFst's own messages (``ERROR: FstHeader::Read: ...``, several lines
    per damaged file, written by its C++ straight to descriptor 2) silenced
    while it reads or checks a file: parsedit says what went wrong in one
    line of its own."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):
        yield
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, 2)
        finally:
            os.close(devnull)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def read_fst(path: Path) -> Fst:
    """A transducer from an OpenFst file."""
    try:
        with quiet_openfst():
            return pynini.Fst.read(str(path))
    except Exception as exc:  # pynini raises its own FstIOError and others
        raise SchemeError(f"{path}: not an OpenFst file: {_one_line(exc)}") from None


def write_far(path: Path, fsts: dict[str, pynini.Fst]) -> None:
    """One transducer per key; OpenFst's FAR writer needs the keys in order
    (out of order it drops them, saying so only on standard error)."""
    with pynini.Far(str(path), mode="w") as far:
        for key in sorted(fsts):
            far[key] = fsts[key]


def read_far(path: Path) -> dict[str, pynini.Fst]:
    try:
        with quiet_openfst():
            far = pynini.Far(str(path), mode="r")
            return {str(key): fst.copy() for key, fst in far}
    except Exception as exc:  # pynini raises its own FstIOError and others
        raise SchemeError(f"{path}: not a readable FAR file: {_one_line(exc)}") from None


def read_safely(path: Path, reader: Callable[[Path], object]) -> None:
    """Read ``path`` with ``reader`` in a forked child first, where the
    platform can fork: on some damaged files OpenFst ends the whole process
    (``std::bad_alloc`` from a length read as billions, a failed check),
    which no exception can catch.  A child that dies so (with a memory limit
    that makes an absurd length fail fast) is a :class:`SchemeError` here;
    an exception in it is left to the caller's own read to report.  Files
    with a digest beside them are checked by it instead, before any reading
    (:func:`check_digest`)."""
    if not hasattr(os, "fork"):
        return
    try:
        pid = os.fork()
    except OSError:
        return
    if pid == 0:  # the child: nothing of it but its exit status matters
        status = 0
        try:
            import faulthandler

            faulthandler.disable()  # its report of the abort (pytest enables it)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 2)  # OpenFst's last words, not the user's concern
            _limit_memory(path)
            reader(path)
        except BaseException:  # noqa: BLE001 - the parent's read reports it
            status = 0
        finally:
            os._exit(status)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status) or os.WEXITSTATUS(status) != 0:
        raise SchemeError(f"{path}: OpenFst cannot read it (reading it stopped the process "
                          "that tried: a damaged file?)")


def _limit_memory(path: Path) -> None:
    """In :func:`read_safely`'s child: address space for what it holds and a
    generous multiple of the file's size, no more."""
    try:
        import resource

        with open("/proc/self/statm", encoding="ascii") as statm:
            used = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        limit = used + (256 << 20) + 64 * path.stat().st_size
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, OSError, ValueError):
        pass


def write_far_whole(path: Path, fsts: dict[str, pynini.Fst]) -> bytes:
    """:func:`write_far`, then read back: the file's bytes if it holds every
    transducer as given, else an :class:`OSError` (OpenFst reports a failed
    write, a full disk, only on standard error, leaving a short file)."""
    write_far(path, fsts)
    try:
        back = read_far(path)
    except SchemeError:
        back = {}
    if sorted(back) != sorted(fsts) or any(
            back[key].write_to_string() != fst.write_to_string() for key, fst in fsts.items()):
        raise OSError(5, "OpenFst could not write the whole file (is the disk full?)")
    return path.read_bytes()


# -- digests beside compiled files ---------------------------------------------
#
# ``grammars compile -o X.far`` writes ``X.far.sha256`` beside the file (in
# sha256sum's format, so ``sha256sum -c X.far.sha256`` checks it too); a
# transducer file with a digest beside it is read only when its bytes hash
# to it, before OpenFst parses them, so that damage is one line, never a
# crash or a silently different transducer.

DIGEST_SUFFIX = ".sha256"
_HEX = re.compile(r"[0-9a-f]{64}\Z")


def digest_path(path: Path | str) -> Path:
    """Where the digest of the file ``path`` is kept: beside the file itself
    (a symbolic link's target)."""
    return Path(os.path.realpath(path) + DIGEST_SUFFIX)


def digest_line(data: bytes, path: Path | str) -> str:
    """The digest file's text for the bytes ``data`` of the file ``path``."""
    return f"{hashlib.sha256(data).hexdigest()}  {os.path.basename(os.path.realpath(path))}\n"


def check_digest(path: Path, data: bytes) -> bool:
    """Whether ``data``, the bytes of ``path``, were checked against a digest
    beside them (False: there is none); a digest they do not match, or one
    that cannot be read, is a :class:`SchemeError`."""
    check = digest_path(path)
    try:
        text = check.read_bytes()
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise SchemeError(f"{path}: its digest {check} cannot be read "
                          f"({exc.strerror or exc})") from None
    words = text.split()
    expected = words[0].decode("ascii", "replace").lower() if words else ""
    if not _HEX.match(expected):
        raise SchemeError(f"{path}: its digest {check} is damaged (expected 64 hexadecimal "
                          "digits, as sha256sum writes them); compile the file again")
    if hashlib.sha256(data).hexdigest() != expected:
        raise SchemeError(f"{path}: the file does not match its digest {check} (damaged, "
                          "truncated or changed since it was compiled); compile it again")
    return True
