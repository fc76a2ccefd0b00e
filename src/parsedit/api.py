"""The Python API: score parses from files, strings or tree objects, in one
call or batch by batch in a training loop.

* :func:`score` -- one call: ``parsedit.score(gold, test, metrics=..., params=...)``
  gives a :class:`~parsedit.results.CorpusResult`, exactly the figures of
  ``parsedit score`` (its ``to_dict()`` is the JSON report).
* :class:`Evaluator` -- an accumulating evaluator: ``update(gold_batch,
  test_batch)`` any number of times, ``compute()``, ``reset()``; ``ev1 + ev2``
  is the evaluator that saw both; ``state()`` / ``load_state()`` give its sums
  as a flat dictionary of numbers, to all-reduce across processes.
* :func:`align` -- one pair's edit script (or leaf-ancestor lineages) as data.
* :func:`load_costs`, :func:`load_params` -- cost schemes and parameter files
  by shipped name or path, to pass in as objects.

``gold`` and ``test`` are each a path (``str`` or ``os.PathLike``), or an
iterable of sentences: bracketed strings (one tree each; an empty string is a
missing parse), parsedit :class:`~parsedit.trees.tree.Tree` objects, or any
tree with NLTK's interface (``label()`` and iterable children).  Options are
those of ``parsedit score`` by their long names (``costs`` maps a metric to a
scheme name, path or loaded scheme; ``cutoff`` and ``max_error`` are ``-c``
and ``-e``).  Bad options raise :class:`parsedit.errors.ParseditError` with
the message the command line prints; a sentence that cannot be read or
paired is a ``skip`` or ``error`` in the result, as on the command line.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import fields, is_dataclass
from typing import Any, cast

from parsedit.config import DEFAULT_METRICS, Config
from parsedit.costs import load_costs
from parsedit.costs.alphabet import collect_items
from parsedit.errors import ConfigError
from parsedit.metrics import registry
from parsedit.params import Params, load_params
from parsedit.pipeline import (
    Job,
    Scorer,
    evaluate,
    numbered,
    root_labels,
    run,
    with_root_labels,
)
from parsedit.pipeline import align as align_pair
from parsedit.results import (
    CorpusResult,
    EditScript,
    LineageScript,
    SentenceResult,
    TagCounts,
    TaggingCounts,
    Totals,
)
from parsedit.trees.memory import Sentence, Source, TreeLike, is_path, items, not_a_tree
from parsedit.trees.reader import Item, read_sentence
from parsedit.trees.roots import ROOT_SAMPLE, root_label_warning, root_warning
from parsedit.trees.source import DEFAULT_ENCODING, check_encoding
from parsedit.trees.tree import Tree

__all__ = ["Evaluator", "align", "load_costs", "load_params", "score"]

# The root labels of pairs (gold's, test's), for the root-label warning.
Roots = list[tuple[str | None, str | None]]

# What align() aligns: the edit encodings, and leaf-ancestor's lineages.
ENCODINGS = ("label", "span", "rule", "lineage")


def _name(source: Source, default: str) -> str:
    return str(source) if is_path(source) else default


def score(gold: Source, test: Source, metrics: str | Sequence[str] = DEFAULT_METRICS,
          params: str | Params = "collins", *, worst_words: int = 0, errors: int = 0,
          jobs: int = 1, keep: str = "sentences", config: Config | None = None,
          encoding: str = DEFAULT_ENCODING, gold_encoding: str | None = None,
          test_encoding: str | None = None, **options: Any) -> CorpusResult:
    """Score every test sentence against the gold sentence in the same place.

    ``worst_words`` (with ``la``) and ``errors`` ask for the leaf-ancestor
    worst lineage pairs and the error analysis, that many of each; ``jobs``
    scores with forked processes; ``keep`` is what the result keeps of each
    sentence (``"sentences"``, ``"rows"`` or ``"none"``: see
    :class:`CorpusResult`); ``encoding`` (or ``gold_encoding`` and
    ``test_encoding``) is the text encoding of files, as ``--encoding``;
    ``config`` replaces every other option.  What the command line reports
    as an error (files with different numbers of trees, a run stopped after
    MAX_ERROR errors, nothing scored) and sentences left out of the figures
    are in the result's ``warnings``."""
    config = config or Config.from_options(metrics, params, **options)
    gold_enc = check_encoding(gold_encoding or encoding)
    test_enc = check_encoding(test_encoding or encoding)
    gold_name, test_name = _name(gold, "gold"), _name(test, "test")
    not_a_tree(gold, "gold")
    not_a_tree(test, "test")
    if is_path(gold) and is_path(test):
        result = evaluate(os.fspath(gold), os.fspath(test), config,  # type: ignore[arg-type]
                          worst_words, jobs, errors=errors, gold_encoding=gold_enc,
                          test_encoding=test_enc, keep=keep)
    else:
        needed = registry.needs_alphabet(config)
        gold_items: Iterable[Item] = items(gold, gold_name, gold_enc)
        test_items: Iterable[Item] = items(test, test_name, test_enc)
        alphabets = {}
        if needed:  # grammar modules are built over both sides' symbols: read them first
            gold_items, test_items = list(gold_items), list(test_items)
            alphabets = {name: collect_items((gold_items, test_items), enc,
                                             config.params.normalisation, config.rule_pos,
                                             config.la_preterminals)
                         for name, enc in needed}
        scorer = Scorer(config, alphabets, details=errors > 0)
        gold_seen, test_seen = _Firsts(gold_items), _Firsts(test_items)
        result = run(scorer, scorer.paired(gold_seen, test_seen), gold_name, test_name,
                     worst_words, errors, jobs, keep=keep)
        result = with_root_labels(result, config, zip(gold_seen.first, test_seen.first),
                                  gold_name, test_name)
    return result.with_caveats(gold_name, test_name)


class _Firsts:
    """Items passed on as they are read, the first :data:`ROOT_SAMPLE` of
    them kept (``first``) for the root-label warning, so that sentences given
    as a generator are read once."""

    def __init__(self, source: Iterable[Item]) -> None:
        self.source = source
        self.first: list[Item] = []

    def __iter__(self) -> Iterator[Item]:
        for item in self.source:
            if len(self.first) < ROOT_SAMPLE:
                self.first.append(item)
            yield item


class Evaluator:
    """Accumulates scores over batches, for training loops.

    ``update`` scores a batch (gold and test sentences in the same order, as
    many of each) and returns the batch's sentence results; ``compute`` gives
    the :class:`CorpusResult` of everything seen since the last ``reset``
    (its ``sentences`` empty unless ``keep_sentences``).  The metrics, their
    transducers and caches are built once and kept.  Unlike a whole run,
    an evaluator never stops after MAX_ERROR errors.

    Its state is sums: ``ev1 + ev2`` equals one evaluator that saw both
    (their options must be equal), and ``state()`` is a flat dictionary of
    numbers that can be summed across processes (``torch.distributed`` or
    MPI all-reduce) and put back with ``load_state``.
    """

    def __init__(self, metrics: str | Sequence[str] = DEFAULT_METRICS,
                 params: str | Params = "collins", *, keep_sentences: bool = False,
                 config: Config | None = None, **options: Any) -> None:
        self.config = config or Config.from_options(metrics, params, **options)
        needed = registry.needs_alphabet(self.config)
        if needed:
            raise ConfigError(
                f"the {needed[0][0]} cost scheme is a grammar module, built over a whole "
                "corpus's symbols: use parsedit.score on whole files, or compile it over "
                "your treebank first (parsedit grammars compile)")
        self.keep_sentences = keep_sentences
        self._scorer = Scorer(self.config)
        self._job = Job(self._scorer, "gold", "test")
        self._template = _template(self.config, self._scorer.zeros)
        self.reset()

    def reset(self) -> None:
        """Forget everything seen."""
        self._totals = self._template
        self._cutoff = self._template
        self._sentences: list[SentenceResult] = []
        self._seen = 0
        # Scored pairs with an unlabelled outer bracket on the gold side only,
        # and on the test side only (the root-convention warning).
        self._outer = {"gold": 0, "test": 0}
        # The root labels of the first pairs seen (the root-label warning).
        self._roots: list[tuple[str | None, str | None]] = []

    def update(self, gold: Iterable[Sentence], test: Iterable[Sentence]) -> list[SentenceResult]:
        """Score a batch; its sentences are numbered on from the last batch."""
        gold, test = _listed(gold), _listed(test)
        if isinstance(gold, list) and isinstance(test, list) \
                and all(isinstance(s, str) for s in (*gold, *test)):
            batch, roots = self._strings(cast(list[str], gold), cast(list[str], test))
        else:
            batch, roots = self._items(list(items(gold, "gold")), list(items(test, "test")))
        return self._add(batch, roots)

    def _items(self, gold: list[Item], test: list[Item]) -> tuple[list[SentenceResult], Roots]:
        """A batch of items scored pair by pair, and the root labels of its
        first pairs, for the root-label warning."""
        _same_size(gold, test)
        batch = [self._scorer.pair(number, g, t, "gold", "test")[0]
                 for number, g, t in numbered(gold, test, self._seen + 1)]
        return batch, root_labels(self.config, zip(gold, test)) \
            if len(self._roots) < ROOT_SAMPLE else []

    def _strings(self, gold: list[str], test: list[str]) -> tuple[list[SentenceResult], Roots]:
        """A batch of bracketed strings scored as a file's lines are
        (:func:`parsedit.blocks.line_pairs`: each string of the usual one-line
        form read straight into what the metrics read), any other pair from
        its items, as :meth:`_items` scores them; and the root labels of its
        first pairs, read the same way."""
        from parsedit import blocks

        _same_size(gold, test)
        first = self._seen + 1
        found = blocks.line_pairs(self._job, first, gold, test)
        batch = [scored.sentence if scored is not None else self._scorer.pair(
            first + k, read_sentence(g, "gold", k + 1), read_sentence(t, "test", k + 1), "gold",
            "test")[0] for k, (scored, g, t) in enumerate(zip(found, gold, test))]
        sample = max(0, ROOT_SAMPLE - len(self._roots))
        norm = self.config.params.normalisation
        return batch, list(zip(blocks.line_root_labels(norm, gold[:sample]),
                               blocks.line_root_labels(norm, test[:sample])))

    def _add(self, batch: list[SentenceResult], roots: Roots) -> list[SentenceResult]:
        """Add a scored batch to the sums (``roots``: its first pairs' root
        labels, for the root-label warning)."""
        self._roots += roots
        del self._roots[ROOT_SAMPLE:]
        self._seen += len(batch)
        for sentence in batch:
            if sentence.outer_bracket is not None:
                self._outer[sentence.outer_bracket] += 1
        zeros = self._scorer.zeros
        self._totals = self._totals + Totals.of(batch, zeros)
        self._cutoff = self._cutoff + Totals.of(batch, zeros, self.config.params.cutoff_len)
        if self.keep_sentences:
            self._sentences.extend(batch)
        return batch

    def compute(self) -> CorpusResult:
        """The result of everything seen so far."""
        config = self.config
        warnings = config.warnings()
        roots = [root_warning(self._outer["gold"] + self._outer["test"], self._totals.ok,
                              self._outer["gold"], "gold", "test")
                 if "parseval" in config.metrics else None,
                 root_label_warning(self._roots, "gold", "test")]
        result = CorpusResult(config.metrics, config.signature(), tuple(self._sentences),
                              self._totals, self._cutoff, config.params.cutoff_len,
                              self._totals.sentences, self._totals.sentences, config.average,
                              warnings=tuple(warnings + [w for w in roots if w]),
                              not_ok=tuple(s for s in self._sentences if s.status != "ok"))
        return result.with_caveats("gold", "test")

    def __add__(self, other: Evaluator) -> Evaluator:
        if not isinstance(other, Evaluator):
            return NotImplemented
        if other.config.signature() != self.config.signature():
            raise ConfigError("only evaluators with the same options can be merged")
        merged = Evaluator(config=self.config, keep_sentences=self.keep_sentences)
        merged._totals = self._totals + other._totals
        merged._cutoff = self._cutoff + other._cutoff
        merged._sentences = self._sentences + other._sentences
        merged._seen = self._seen + other._seen
        merged._outer = {side: self._outer[side] + other._outer[side] for side in self._outer}
        merged._roots = (self._roots + other._roots)[:ROOT_SAMPLE]
        return merged

    def __radd__(self, other: object) -> Evaluator:
        """``sum(evaluators)``: the 0 it starts from is no evaluator."""
        if other == 0:
            return self
        return NotImplemented

    def state(self) -> dict[str, float]:
        """Every sum, by a dotted name: add two evaluators' states key by key
        to merge them."""
        out: dict[str, float] = {}
        _flatten("all", self._totals, out)
        _flatten("cutoff", self._cutoff, out)
        _flatten("outer", self._outer, out)
        return out

    def load_state(self, state: Mapping[str, float]) -> None:
        """Take the sums of ``state`` (as :meth:`state` gives them).  The
        root labels sampled for the root-label warning are not sums: this
        evaluator keeps its own sample (the first pairs it saw)."""
        self._totals = _rebuild("all", self._template, state)
        self._cutoff = _rebuild("cutoff", self._template, state)
        self._seen = self._totals.sentences
        self._sentences = []
        self._outer = {side: int(state.get(f"outer.{side}", 0)) for side in self._outer}


def _same_size(gold: Sequence[object], test: Sequence[object]) -> None:
    if len(gold) != len(test):
        raise ConfigError(f"update: the gold batch holds {len(gold)} trees but the "
                          f"test batch {len(test)}")


def _listed(source: Iterable[Sentence]) -> Iterable[Sentence]:
    """A batch of sentences as a list (a generator read once), or the source
    itself when it is not a plain iterable of sentences (a path, one tree,
    anything else), for :func:`~parsedit.trees.memory.items` to read or
    refuse."""
    if is_path(source) or isinstance(source, (Tree, TreeLike)) \
            or not isinstance(source, Iterable):
        return source
    return list(source)


def _template(config: Config, zeros: Mapping[str, Any]) -> Totals:
    """Empty totals whose tagging counts name every scoring function, so that
    every state has the same keys."""
    counts = dict(zeros)
    if "tagging" in counts:
        counts["tagging"] = TaggingCounts({s: TagCounts() for s in config.tags.scorings})
    return Totals(counts=counts)


def _flatten(prefix: str, value: Any, out: dict[str, float]) -> None:
    if isinstance(value, bool) or not (is_dataclass(value) or isinstance(value, Mapping)):
        if isinstance(value, (int, float)):
            out[prefix] = value
        return
    parts = value.items() if isinstance(value, Mapping) else \
        ((f.name, getattr(value, f.name)) for f in fields(value))
    for name, part in parts:
        _flatten(f"{prefix}.{name}", part, out)


def _rebuild(prefix: str, template: Any, state: Mapping[str, float]) -> Any:
    """``template``'s type with its numbers taken from ``state``."""
    if isinstance(template, Mapping):
        return {name: _rebuild(f"{prefix}.{name}", part, state)
                for name, part in template.items()}
    if is_dataclass(template):
        values: dict[str, Any] = {}
        for f in fields(template):
            part = getattr(template, f.name)
            key = f"{prefix}.{f.name}"
            if isinstance(part, bool) or isinstance(part, tuple):
                values[f.name] = part
            elif isinstance(part, (int, float)):
                if key not in state:
                    raise ConfigError(f"load_state: {key!r} is missing")
                values[f.name] = type(part)(state[key])
            else:
                values[f.name] = _rebuild(key, part, state)
        build: Any = type(template)
        return build(**values)
    return template


def align(gold: Sentence, test: Sentence, encoding: str = "label",
          costs: str | Any | None = None, params: str | Params = "collins",
          **options: Any) -> EditScript | LineageScript:
    """The cheapest edit script of one pair in one encoding (``label``,
    ``span``, ``rule``), or its leaf-ancestor lineages (``lineage``), as
    data; ``costs`` is the encoding's cost scheme (a name, a path or a loaded
    scheme), or a mapping from metric to scheme as :func:`score` takes it."""
    if encoding not in ENCODINGS:
        raise ConfigError(f"unknown encoding {encoding!r}: expected one of "
                          f"{', '.join(ENCODINGS)}")
    metric = "la" if encoding == "lineage" else encoding
    config = Config.from_options((metric,), params, costs if isinstance(costs, Mapping)
                                 else {metric: costs}, **options)
    (_, g, t), = numbered(items([gold], "gold"), items([test], "test"))
    alphabets = {name: collect_items(([g] if g else [], [t] if t else []), enc,
                                     config.params.normalisation, config.rule_pos,
                                     config.la_preterminals)
                 for name, enc in registry.needs_alphabet(config)}
    # details: ties between cheapest scripts broken as the CLI's align does
    return align_pair(Scorer(config, alphabets, details=True), metric, 1, g, t, "gold",
                      "test")

