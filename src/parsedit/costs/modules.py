"""Grammar modules read as text, never run: what ``grammars show`` shows of
one.

A grammar module is Python code (:mod:`parsedit.costs.transducer`), and
parsedit runs it only where a user names it as code to be used: a path
ending in ``.py``, or a shipped module by its name, given as a cost scheme
to ``score``, ``compare``, ``align``, ``plot`` or ``grammars check|compile``.
``grammars show`` only displays: it reads the module's docstring and its
``NAME`` and ``ENCODINGS`` (when they are written as literals) from the
source, without running a line of it.
"""

from __future__ import annotations

import ast
import hashlib
from dataclasses import dataclass
from pathlib import Path

from parsedit.costs.shipped import shipped_file
from parsedit.errors import SchemeError
from parsedit.names import names_file


@dataclass(frozen=True)
class ModuleHeader:
    """What a grammar module's source (``source``: its path) says of itself:
    its name, its encodings (None when not written as a literal list), its docstring, and
    the digest of its bytes (as the signature gives it)."""

    source: str
    name: str
    digest: str
    encodings: tuple[str, ...] | None
    docstring: str | None
    readable: bool  # False: not valid Python (loading it would fail)


def grammar_module(name_or_path: str) -> Path | None:
    """The file of ``name_or_path`` if it is a grammar module (a path ending
    in ``.py``, or a shipped module's name), else None."""
    if names_file(name_or_path):
        path = Path(name_or_path)
        return path if path.suffix == ".py" else None
    shipped = shipped_file(name_or_path)
    return shipped if shipped is not None and shipped.suffix == ".py" else None


def _literal(tree: ast.Module, name: str) -> object:
    """The value of a top-level ``name = <literal>``, or None."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in node.targets):
            try:
                return ast.literal_eval(node.value)
            except (ValueError, TypeError, SyntaxError, RecursionError):
                return None
    return None


def module_header(name_or_path: str, path: Path) -> ModuleHeader:
    """The header of the grammar module at ``path`` (``name_or_path``: as the
    user named it, for messages), read from its source and never run."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SchemeError(f"{name_or_path}: cannot be read ({exc.strerror or exc})") from None
    digest = hashlib.sha256(data).hexdigest()[:8]
    try:
        tree = ast.parse(data, filename=str(path))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ModuleHeader(str(path), path.stem, digest, None, None, False)
    name = _literal(tree, "NAME")
    encodings = _literal(tree, "ENCODINGS")
    listed = tuple(encodings) if isinstance(encodings, (list, tuple)) and all(
        isinstance(e, str) for e in encodings) else None
    return ModuleHeader(str(path), name if isinstance(name, str) else path.stem,
                        digest, listed, ast.get_docstring(tree), True)
