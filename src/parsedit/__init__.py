"""parsedit: evaluate constituency parsers by edit distance over weighted FSTs.

The Python API (see the README's "Python API" section and :mod:`parsedit.api`)::

    import parsedit
    result = parsedit.score("gold.mrg", "test.mrg", metrics="parseval,label")
    result.parseval.f_measure, result.label.accuracy, result.to_dict()

    ev = parsedit.Evaluator(metrics="parseval")
    for gold_batch, test_batch in batches:
        ev.update(gold_batch, test_batch)
    ev.compute().parseval.f_measure

The data flows one way: ``trees`` (read, normalise) -> ``encodings`` (tree to
symbol string) -> ``fst`` (acceptors, edit transducers, shortest paths) ->
``metrics`` (counts per sentence) -> ``results`` (additive counts) ->
``report`` (rendering).  ``pipeline`` wires the road; ``cli`` is a thin shell.
Importing parsedit loads nothing else until a name below is used.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from parsedit.version import __version__ as __version__

__all__ = [
    "Config", "CorpusResult", "Edit", "EditCounts", "EditScript", "Evaluator", "LACounts",
    "LineageScript", "ParseditError", "ParsevalCounts", "SentenceResult", "Spans",
    "TagCounts", "TaggingCounts", "Totals", "Tree", "WordLineages", "align", "load_costs",
    "load_params", "score",
]

_HOMES = {
    "score": "parsedit.api", "Evaluator": "parsedit.api", "align": "parsedit.api",
    "load_costs": "parsedit.costs", "load_params": "parsedit.params",
    "Config": "parsedit.config", "ParseditError": "parsedit.errors",
    "Tree": "parsedit.trees.tree", "Spans": "parsedit.trees.spans",
    **{name: "parsedit.results" for name in (
        "CorpusResult", "Edit", "EditCounts", "EditScript", "LACounts", "LineageScript",
        "ParsevalCounts", "SentenceResult", "TagCounts", "TaggingCounts", "Totals",
        "WordLineages")},
}

if TYPE_CHECKING:
    from parsedit.api import Evaluator, align, score
    from parsedit.config import Config
    from parsedit.costs import load_costs
    from parsedit.errors import ParseditError
    from parsedit.params import load_params
    from parsedit.results import (
        CorpusResult,
        Edit,
        EditCounts,
        EditScript,
        LACounts,
        LineageScript,
        ParsevalCounts,
        SentenceResult,
        TagCounts,
        TaggingCounts,
        Totals,
        WordLineages,
    )
    from parsedit.trees.spans import Spans
    from parsedit.trees.tree import Tree


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'parsedit' has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
