"""Writing output files so that a file that looks complete is complete.

Every command that writes a file (``score -o`` and ``--per-sentence``,
``compare -o``, ``plot -o``, ``tags -o``, ``grammars compile -o``) calls
:func:`check_destination` before it starts its work, so that a missing or
unwritable directory is one line at once rather than a traceback after the
work, and then writes through :func:`replacing`: into a temporary file in the
same directory, renamed over the destination only when it is complete.  An
interrupted run (Ctrl-C, SIGTERM, a full disk, an error) removes the
temporary file and leaves the destination as it was.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from parsedit.errors import ConfigError


def check_destination(path: str, option: str = "-o") -> None:
    """Refuse, before any work, a destination that cannot be written."""
    target = Path(path)
    where = f"{option} {path}"
    if not target.name or target.is_dir():
        raise ConfigError(f"{where}: is a directory, not a file")
    parent = target.parent
    if not parent.is_dir():
        raise ConfigError(f"{where}: the directory {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise ConfigError(f"{where}: the directory {parent} is not writable")
    if target.exists() and not os.access(target, os.W_OK):
        raise ConfigError(f"{where}: the file exists and is not writable")


def _mode(target: Path) -> int:
    """The permissions the file should get: its own if it exists, else what
    the umask allows."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


@contextmanager
def replacing(path: str, option: str = "-o") -> Iterator[str]:
    """A temporary path beside ``path`` (with the same suffix, for writers that
    choose the format by it); renamed to ``path`` when the block ends
    normally, removed otherwise."""
    import tempfile

    check_destination(path, option)
    target = Path(path)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                         suffix=f".partial{target.suffix}")
    os.close(handle)
    try:
        yield temporary
        os.chmod(temporary, _mode(target))
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_text(path: str, text: str | Iterable[str], option: str = "-o") -> None:
    """Write ``text`` (UTF-8; a string, or pieces written as they come) to
    ``path`` whole, or not at all; a write that fails (a full disk) is a
    :class:`ConfigError` naming the file."""
    try:
        with replacing(path, option) as temporary, \
                open(temporary, "w", encoding="utf-8") as handle:
            handle.writelines([text] if isinstance(text, str) else text)
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as exc:
        raise ConfigError(f"{option} {path}: cannot write: {exc.strerror or exc}") from None
