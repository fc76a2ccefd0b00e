"""Writing output files so that a file that looks complete is complete, and
writing *through* what the path names, never replacing it.

Every command that writes a file (``score -o`` and ``--per-sentence``,
``compare -o``, ``plot -o``, ``tags -o``, ``grammars compile -o``) calls
:func:`check_destination` (through the command's ``check_outputs``) before
it starts its work, so that a missing or unwritable directory, or an output
that names one of the inputs, is one line at once rather than a traceback or
a lost input after the work; and then writes through :func:`replacing`.

Where the bytes go (:func:`destination`):

* a **regular file**, or a name that does not exist yet: into a temporary
  file beside it, flushed to the disk and renamed over it only when it is
  complete, with the permissions the file had.  An interrupted run (Ctrl-C,
  SIGTERM, a full disk, an error) removes the temporary file and leaves the
  file as it was.  A **symbolic link** is followed: its target is the file
  replaced, and the link stays a link.
* **anything else** (a device such as ``/dev/null``, a FIFO, a socket, a
  process's descriptor such as ``/dev/stdout``): the finished output is
  copied into it, opened for writing as a shell's ``>`` opens it; it is
  never replaced by a regular file.  (Nothing is written into it before the
  output is complete.)

Every write, flush, ``fsync`` and close is checked; a failure (a full disk,
``/dev/full``) is a :class:`ConfigError` naming the option and the file.
"""

from __future__ import annotations

import errno
import io
import os
import stat
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parsedit.errors import ConfigError, StandardOutputError

# Where the kernel keeps a process's descriptors: a path that resolves into
# it (/dev/stdout, /dev/fd/N) names an open file of this process, written
# into as it is, never replaced.
_DESCRIPTORS = ("/proc/", "/dev/fd/")
_MAX_LINKS = 40  # as the kernel's own limit on a path's symbolic links


@dataclass(frozen=True)
class Destination:
    """Where an output path's bytes go: ``target``, the file a symbolic link
    ends at (the path itself otherwise), and whether it is written into
    directly (``direct``: not a regular file) or replaced whole."""

    path: str
    option: str
    target: str
    direct: bool

    def failed(self, exc: OSError) -> ConfigError:
        """The one line for a write that failed."""
        return ConfigError(f"{self.option} {self.path}: cannot write: {exc.strerror or exc}")


def _follow(path: str) -> tuple[str, bool]:
    """The file ``path`` ends at after its symbolic links (the last one's
    target, which may not exist yet), and whether the way there passes
    through a process's descriptors (``/dev/stdout`` -> ``/proc/self/fd/1``)."""
    current = os.path.abspath(path)
    through = current.startswith(_DESCRIPTORS)
    for _ in range(_MAX_LINKS):
        directory, name = os.path.split(current)
        current = os.path.join(os.path.realpath(directory), name)
        through = through or current.startswith(_DESCRIPTORS)
        if not os.path.islink(current):
            return current, through
        current = os.path.join(os.path.dirname(current), os.readlink(current))
    raise OSError(errno.ELOOP, "Too many levels of symbolic links")


def destination(path: str, option: str = "-o") -> Destination:
    """Where ``path``'s bytes go, refused (a :class:`ConfigError`, before
    any work) when they cannot: a directory, a missing or unwritable
    directory, an unwritable file."""
    where = f"{option} {path}"
    try:
        target, through = _follow(path)
        found: os.stat_result | None = os.stat(path)
    except FileNotFoundError:
        found = None  # a new file, or a symbolic link's new target
    except OSError as exc:
        raise ConfigError(f"{where}: {exc.strerror or exc}") from None
    if not Path(path).name or (found is not None and stat.S_ISDIR(found.st_mode)):
        raise ConfigError(f"{where}: is a directory, not a file")
    if found is not None and not os.access(path, os.W_OK):
        raise ConfigError(f"{where}: the file exists and is not writable")
    if through or (found is not None and not stat.S_ISREG(found.st_mode)):
        # Opened as it is named: the kernel follows a descriptor's link.
        return Destination(path, option, path, True)
    parent = os.path.dirname(target)
    if not os.path.isdir(parent):
        raise ConfigError(f"{where}: the directory {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise ConfigError(f"{where}: the directory {parent} is not writable")
    return Destination(path, option, target, False)


def _identity(path: str) -> tuple[int, int, int] | None:
    """(device, inode, mode) of the file ``path`` names, or None."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return found.st_dev, found.st_ino, found.st_mode


def _stdin_identity() -> tuple[int, int, int] | None:
    """(device, inode, mode) of what standard input reads (descriptor 0:
    a file redirected with ``<`` is that file), or None if it is closed."""
    try:
        found = os.fstat(0)
    except OSError:
        return None
    return found.st_dev, found.st_ino, found.st_mode


def check_destination(path: str, option: str = "-o",
                      inputs: Sequence[tuple[str, str]] = ()) -> Destination:
    """Refuse, before any work, a destination that cannot be written, or
    that is one of the ``inputs`` ((what, path) pairs: the same file,
    whatever links lead to it, and for ``-`` the file standard input
    reads; a character device such as ``/dev/null`` may be both)."""
    found = destination(path, option)
    mine = _identity(path)
    if mine is not None and not stat.S_ISCHR(mine[2]):
        for what, given in inputs:
            theirs = _identity(given) if given != "-" else _stdin_identity()
            if theirs is not None and theirs[:2] == mine[:2]:
                named = given if given != "-" else "- (standard input reads it)"
                raise ConfigError(f"{option} {path} is the {what} {named}: writing the "
                                  "output there would destroy it; name another file")
    return found


def same_output(paths: Sequence[tuple[str, str]]) -> str | None:
    """The options of two outputs (of ``(option, path)`` pairs) that name the
    same file (not a character device such as ``/dev/null``), or None."""
    seen: dict[object, str] = {}
    for option, path in paths:
        found = _identity(path)
        if found is not None and stat.S_ISCHR(found[2]):
            continue
        key = found[:2] if found is not None else _follow(path)[0]
        if key in seen:
            return f"{seen[key]} and {option}"
        seen[key] = option
    return None


def _mode(target: str) -> int:
    """The permissions the file should get: its own if it exists, else what
    the umask allows."""
    try:
        return os.stat(target).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _sync(path: str) -> None:
    """Flush ``path``'s bytes to the disk (a full disk shows here at the latest)."""
    handle = os.open(path, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def _sync_directory(directory: str) -> None:
    """Make a rename in ``directory`` durable; some file systems cannot, which
    is not an error."""
    try:
        handle = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def write_all(handle: int, data: bytes) -> None:
    """Every byte of ``data`` to the descriptor ``handle`` (a write may take
    part of them); an error raises :class:`OSError`."""
    view = memoryview(data)
    while view:
        written = os.write(handle, view)
        if written <= 0:
            raise OSError(5, "the write made no progress")
        view = view[written:]


def _copy_into(source: str, target: str) -> None:
    """``source``'s bytes into the existing non-regular file ``target``."""
    try:
        sys.stdout.flush()  # what was printed before comes first (-o /dev/stdout)
    except (OSError, ValueError, AttributeError):
        pass
    handle = os.open(target, os.O_WRONLY | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0))
    try:
        with open(source, "rb") as finished:
            while True:
                block = finished.read(1 << 20)
                if not block:
                    break
                write_all(handle, block)
    finally:
        os.close(handle)


@contextmanager
def replacing(path: str, option: str = "-o") -> Iterator[str]:
    """A temporary path (with ``path``'s suffix, for writers that choose the
    format by it) to write the output into; when the block ends normally it
    becomes ``path``'s content (see the module's docstring: renamed over a
    regular file, copied into anything else), and it is removed otherwise."""
    import tempfile  # here: the command's start imports this module (its guard)

    found = destination(path, option)
    suffix = Path(path).suffix
    if found.direct:
        handle, temporary = tempfile.mkstemp(prefix="parsedit-", suffix=f".partial{suffix}")
    else:
        handle, temporary = tempfile.mkstemp(
            dir=os.path.dirname(found.target),
            prefix=f".{os.path.basename(found.target)}.", suffix=f".partial{suffix}")
    os.close(handle)
    try:
        yield temporary
        try:
            if found.direct:
                _copy_into(temporary, found.target)
            else:
                _sync(temporary)
                os.chmod(temporary, _mode(found.target))
                os.replace(temporary, found.target)
                _sync_directory(os.path.dirname(found.target))
        except OSError as exc:
            raise found.failed(exc) from None
    finally:
        Path(temporary).unlink(missing_ok=True)


def write_text(path: str, text: str | Iterable[str], option: str = "-o") -> None:
    """Write ``text`` (UTF-8; a string, or pieces written as they come) to
    ``path`` whole, or not at all; a write that fails (a full disk) is a
    :class:`ConfigError` naming the file."""
    with replacing(path, option) as temporary:
        try:
            handle = os.open(temporary, os.O_WRONLY | os.O_TRUNC)
            try:
                for piece in [text] if isinstance(text, str) else text:
                    write_all(handle, piece.encode("utf-8"))
            finally:
                os.close(handle)
        except OSError as exc:
            raise ConfigError(f"{option} {path}: cannot write: {exc.strerror or exc}") \
                from None


# -- the standard streams -------------------------------------------------------

class _Guarded(io.FileIO):
    """The descriptor of a standard stream, written through a guard: the
    first failed write raises (standard output: :class:`BrokenPipeError`
    for a closed pipe or a descriptor closed when the run began,
    :class:`StandardOutputError` otherwise), and every later write is
    dropped, so that the interpreter's last flush at exit cannot fail again
    (a second message, exit 120).  Standard error (``quiet``) never raises:
    a message that cannot be shown must not change how a run ends."""

    def __init__(self, fd: int, closed: bool, quiet: bool) -> None:
        super().__init__(fd, "wb", closefd=False)
        self.was_closed = closed
        self.quiet = quiet
        self.failed = False

    def write(self, data: Any) -> int:
        size = memoryview(data).nbytes
        if self.failed:
            return size
        if self.was_closed:
            self.failed = True
            if self.quiet:
                return size
            raise BrokenPipeError(errno.EPIPE, "standard output is closed")
        try:
            return super().write(data)
        except OSError as exc:
            self.failed = True
            if self.quiet:
                return size
            if isinstance(exc, BrokenPipeError):
                raise
            raise StandardOutputError(exc.errno, exc.strerror) from None


def _is_open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def _guarded_text(fd: int, old: Any, closed: bool, quiet: bool) -> io.TextIOWrapper:
    """A text stream like ``old`` (None when the descriptor was closed) over
    :class:`_Guarded`."""
    raw = _Guarded(fd, closed, quiet)
    unbuffered = isinstance(getattr(old, "buffer", None), io.RawIOBase)
    binary: Any = raw if unbuffered else io.BufferedWriter(raw)
    return io.TextIOWrapper(binary, encoding=getattr(old, "encoding", None) or "utf-8",
                            errors=getattr(old, "errors", None)
                            or ("backslashreplace" if quiet else "strict"),
                            line_buffering=quiet or bool(getattr(old, "line_buffering", False)),
                            write_through=unbuffered)


def guard_standard_streams() -> None:
    """Make the standard streams safe for a run of the command (not for a
    library: it replaces ``sys.stdout`` and ``sys.stderr``).

    A descriptor 0, 1 or 2 closed when the run began (``<&-``, ``>&-``,
    ``2>&-``) is opened on ``/dev/null``, so that no file the run opens
    takes its number; standard input stays ``None`` (``-`` is then refused
    in one line); writing to a closed standard output ends the run as a
    closed pipe does (exit 141); a failed write to standard output is
    :class:`StandardOutputError`; and standard error never fails a run."""
    closed = [fd for fd in (0, 1, 2) if not _is_open(fd)]
    for fd in closed:  # ascending: os.open takes the lowest free number
        handle = os.open(os.devnull, os.O_RDWR)
        if handle != fd:
            os.dup2(handle, fd)
            os.close(handle)
    # Only the interpreter's own streams (a caller that put its own in place,
    # as a test's capture does, keeps them).
    if sys.stdout is sys.__stdout__:
        _flush(sys.stdout)
        sys.stdout = _guarded_text(1, sys.stdout, 1 in closed, quiet=False)
    if sys.stderr is sys.__stderr__:
        _flush(sys.stderr)
        sys.stderr = _guarded_text(2, sys.stderr, 2 in closed, quiet=True)


def _flush(stream: Any) -> None:
    try:
        if stream is not None:
            stream.flush()
    except (OSError, ValueError):
        pass
