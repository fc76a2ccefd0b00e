"""``parsedit grammars check`` for a head table: every problem with its line."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from parsedit.costs.grammars import Verdict
from parsedit.deps.heads import check_head_table, load_head_table, treebank_categories
from parsedit.errors import ConfigError
from parsedit.plural import plural
from parsedit.trees.source import check_encoding, check_files


def check_table(path: Path, treebanks: Sequence[str] = (),
                encoding: str = "utf-8") -> Verdict:
    """Errors (what :func:`~parsedit.deps.heads.load_head_table` refuses) and
    warnings (unreachable priority entries; with ``treebanks``, categories
    and patterns that occur in none of their trees)."""
    categories: list[str] = []
    where = ""
    if treebanks:
        check_files(*((treebank, check_encoding(encoding)) for treebank in treebanks))
        categories = treebank_categories(treebanks, encoding)
        where = " and ".join(treebanks)
        if not categories:
            raise ConfigError(f"no tree could be read from {where}")
    problems = check_head_table(path, categories, where)
    errors = sum(p.level == "error" for p in problems)
    if errors:
        return Verdict(problems, errors, f"{path}: {plural(errors, 'error')}")
    table = load_head_table(str(path) if "/" in str(path) else f"./{path}")
    return Verdict(problems, 0, f"{path}: OK, a head table ({table.describe()}, "
                                f"{len(table.categories)} categories), "
                                f"{plural(len(problems), 'warning')}")
