"""The metrics by name: how each is built from a :class:`Config`.

``build(config)`` gives the metrics of a run, in the order asked for; every
one implements :class:`parsedit.metrics.base.Metric[Any]`.  A new metric is its
module and one line in :data:`FACTORIES` (and a ``Config`` field if it takes
options of its own).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from parsedit.config import Config, encoding_of
from parsedit.encodings import NAMES as EDIT_METRICS
from parsedit.encodings import get_encoding
from parsedit.metrics.base import Metric
from parsedit.metrics.parseval import Parseval

if TYPE_CHECKING:
    from parsedit.costs.alphabet import Alphabet
    from parsedit.encodings.base import Encoding

# The FST metrics (and so pynini), leaf-ancestor and tagging are imported by
# their factories, when a run asks for them: PARSEVAL alone starts without them.
Alphabets = Mapping[str, "Alphabet"]
# (config, alphabets, tie_break): see build()
Factory = Callable[[Config, Alphabets, bool], Metric[Any]]


def _edit(name: str) -> Factory:
    def build(config: Config, alphabets: Alphabets, tie_break: bool) -> Metric[Any]:
        from parsedit.metrics.edits import EditDistance

        return EditDistance(get_encoding(name, config.rule_pos), config.scheme(name),
                            alphabets.get(name), config.movement, tie_break)
    return build


def _leaf_ancestor(config: Config, alphabets: Alphabets) -> Metric[Any]:
    from parsedit.metrics.leaf_ancestor import LeafAncestor

    return LeafAncestor(config.scheme("la"), config.la_preterminals, alphabets.get("la"))


def _unsupervised(config: Config) -> Metric[Any]:
    from parsedit.metrics.unsupervised import Unsupervised

    return Unsupervised(config.unsupervised_variant, config.max_words)


def _tagging(config: Config, alphabets: Alphabets, tie_break: bool) -> Metric[Any]:
    from parsedit.tagging.evaluate import Tagging

    return Tagging(config.tags)


def _ted(config: Config, alphabets: Alphabets, tie_break: bool) -> Metric[Any]:
    from parsedit.metrics.ted import TreeEditDistance, check_apted

    check_apted()
    scheme = config.schemes.get("ted")  # a CostScheme (Config refuses others), or unit costs
    return TreeEditDistance(scheme)  # type: ignore[arg-type]


def _error_classes(config: Config, alphabets: Alphabets, tie_break: bool) -> Metric[Any]:
    from parsedit.metrics.error_classes import ErrorClasses

    return ErrorClasses(config.error_rules or "ptb")
def _dependencies(config: Config, alphabets: Alphabets, tie_break: bool) -> Metric[Any]:
    from parsedit.deps.metric import Dependencies

    norm = config.params.normalisation
    return Dependencies(config.heads, config.dep_labels, every_word=config.dep_every_word,
                        prefix=config.dep_relations == "prefix", scheme=config.scheme("dep"),
                        alphabet=alphabets.get("dep"), tie_break=tie_break,
                        same_word=norm.same_word if norm.equal_words else None)


FACTORIES: dict[str, Factory] = {
    "parseval": lambda c, _, __: Parseval(c.params.labeled, c.with_preterminals, c.split,
                                          c.weighted),
    "label": _edit("label"),
    "span": _edit("span"),
    "rule": _edit("rule"),
    "la": lambda c, a, _: _leaf_ancestor(c, a),
    "tagging": _tagging,
    "ted": _ted,
    "error_classes": _error_classes,
    "dep": _dependencies,
    "unsupervised": lambda c, _, __: _unsupervised(c),
}


def build(config: Config, alphabets: Alphabets | None = None,
          tie_break: bool = False) -> dict[str, Metric[Any]]:
    """The metrics of ``config``, by name, in its order, error classes last
    with ``--error-classes`` (``alphabets``: per
    metric, what a grammar module is built over; ``tie_break``: the edit
    metrics read the preferred one of the cheapest scripts, for error
    analysis and alignments, see :mod:`parsedit.fst.align`)."""
    return {name: FACTORIES[name](config, alphabets or {}, tie_break)
            for name in config.run_metrics}


def needs_alphabet(config: Config) -> list[tuple[str, str]]:
    """(metric, encoding) of the metrics whose cost scheme is a grammar
    module, built over the corpus's alphabet (the metrics with a cost scheme:
    the edit distances, leaf-ancestor and the dependency edit distance)."""
    return [(name, encoding_of(name)) for name in config.metrics
            if name in (*EDIT_METRICS, "la", "dep") and config.scheme(name).needs_alphabet]


def encoder(config: Config, metric: str) -> Encoding:
    """The encoding whose alphabet a metric's grammar module is built over
    (one of :func:`needs_alphabet`'s): the dependency encoding converts with
    the run's head table and relation labelling."""
    if metric == "dep":
        from parsedit.deps.convert import Converter
        from parsedit.encodings.dep import DepEncoding

        return DepEncoding(Converter(config.heads, config.dep_labels))
    return get_encoding(encoding_of(metric), config.rule_pos, config.la_preterminals)


def zeros(metrics: Mapping[str, Metric[Any]]) -> dict[str, Any]:
    """Each metric's empty counts, to sum from."""
    return {name: metric.zero() for name, metric in metrics.items()}
