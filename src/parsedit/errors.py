"""The one exception hierarchy of parsedit.

Every error a user can cause is a :class:`ParseditError`; the CLI turns it
into a one-line message and a non-zero exit, never a traceback.
"""

from __future__ import annotations


class ParseditError(Exception):
    """Base class: a message fit to show a user as it is."""


class InputError(ParseditError):
    """Unreadable input at a known place: file, line and column (1-based)."""

    def __init__(self, path: str, line: int, column: int, message: str, text: str = "") -> None:
        self.path = path
        self.line = line
        self.column = column
        self.reason = message
        self.text = text
        super().__init__(f"{path}:{line}:{column}: {message}")

    def __reduce__(self) -> tuple[type, tuple[str, int, int, str, str]]:
        # Exceptions pickle their message alone; this one needs its parts
        # (for the --jobs workers).
        return (type(self), (self.path, self.line, self.column, self.reason, self.text))

    def caret(self) -> str:
        """The offending line with a caret under the column (empty if no text)."""
        if not self.text:
            return ""
        shown = self.text.rstrip("\r\n")
        return f"    {shown}\n    {' ' * (self.column - 1)}^"


class NotATree(InputError):
    """A dependency sentence read whole whose heads make no tree (two roots
    or none, a cycle, a head outside the sentence): in a test file, a
    parser's invalid output, which ``--failures`` treats as a failed parse."""


class SchemeError(ParseditError):
    """A cost scheme (grammar file) that cannot be used."""


class ConfigError(ParseditError):
    """Options that do not fit together, or a name that is not known."""


class TreeError(ParseditError):
    """A tree object that is not a tree parsedit can read (the Python API's
    in-memory trees): a child that is neither a tree nor a word, a label or
    word the bracketed form cannot hold, a tree that contains itself."""


class TooLarge(ParseditError):
    """A pair too large for a metric to score within its bounds (the
    dependency edit distance's lattice): the pair is skipped with this
    message, and the run goes on."""


class StandardOutputError(OSError):
    """A write to standard output failed for another reason than a closed
    pipe (a full disk, ``> /dev/full``, an I/O error): one line and exit 2
    (:mod:`parsedit.cli.app`; raised by the guard of
    :func:`parsedit.output.guard_standard_streams`).  Not a
    :class:`ParseditError`: nothing the run read was wrong."""
