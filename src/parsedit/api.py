"""The Python API: score parses from files, strings or tree objects, in one
call or batch by batch in a training loop.

* :func:`score` -- one call: ``parsedit.score(gold, test, metrics=..., params=...)``
  gives a :class:`~parsedit.results.CorpusResult`, exactly the figures of
  ``parsedit score`` (its ``to_dict()`` is the JSON report).
* :class:`Evaluator` -- an accumulating evaluator: ``update(gold_batch,
  test_batch)`` any number of times, ``compute()``, ``reset()``; ``ev1 + ev2``
  is the evaluator that saw both; ``state()`` / ``load_state()`` give its sums
  as a flat dictionary of numbers, to all-reduce across processes; it may be
  shared by threads, and pickled (to merge in another process).
* :func:`align` -- one pair's edit script (or leaf-ancestor lineages) as data.
* :func:`load_costs`, :func:`load_params` -- cost schemes and parameter files
  by shipped name or path, to pass in as objects.

``gold`` and ``test`` are each a path (``str`` or ``os.PathLike``), or an
iterable of sentences: bracketed strings (one tree each; an empty string is a
missing parse), parsedit :class:`~parsedit.trees.tree.Tree` objects, any
tree with NLTK's interface (``label()`` and iterable children, whose leaves
are words or NLTK's tagged words ``(word, tag)``), or span sets
(:class:`~parsedit.trees.spans.Spans`, as span-based parsers give them).
Options are those of ``parsedit score`` by their long names (``costs`` maps a metric to a scheme
name, path or loaded scheme; ``cutoff`` and ``max_error`` are ``-c`` and
``-e``).  Bad options raise :class:`parsedit.errors.ConfigError` with the
message the command line prints; a string that cannot be read or paired is
a ``skip`` or ``error`` in the result, as a line is on the command line; a
tree object that is no tree raises :class:`parsedit.errors.TreeError` naming
the sentence's number (see :mod:`parsedit.trees.memory`).
"""

from __future__ import annotations

import math
import os
import sys
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields, is_dataclass
from typing import Any

from parsedit.config import Config, check_run
from parsedit.costs import load_costs
from parsedit.costs.alphabet import collect_items
from parsedit.errors import ConfigError
from parsedit.metrics import registry
from parsedit.params import Params, load_params
from parsedit.pipeline import units
from parsedit.pipeline.conclude import Roots, conclude, root_labels
from parsedit.pipeline.route import Facts, Route, choose, keys_serve
from parsedit.pipeline.run import evaluate, evaluate_items, input_formats
from parsedit.pipeline.scorer import Scorer, numbered
from parsedit.pipeline.scorer import align as align_pair
from parsedit.pipeline.tally import TALLIES, Counted, noted, scored_tallies
from parsedit.results import (
    CorpusResult,
    EditScript,
    LineageScript,
    SentenceResult,
    TagCounts,
    TaggingCounts,
    Totals,
)
from parsedit.signature import signature
from parsedit.trees.formats import against_gold
from parsedit.trees.memory import (
    Sentence,
    Source,
    both,
    is_path,
    items,
    not_a_tree,
    one_sentence,
    written,
)
from parsedit.trees.reader import Item
from parsedit.trees.roots import ROOT_SAMPLE
from parsedit.trees.source import DEFAULT_ENCODING, check_encoding

__all__ = ["Evaluator", "align", "load_costs", "load_params", "score"]

# What align() aligns: the edit encodings, leaf-ancestor's lineages and the
# dependencies.
ENCODINGS = ("label", "span", "rule", "lineage", "dep")


def _name(source: Source, default: str) -> str:
    return str(source) if is_path(source) else default


def score(gold: Source, test: Source, metrics: str | Sequence[str] | None = None,
          params: str | Params | None = None, *, worst_words: int = 0, errors: int = 0,
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
    ``metrics`` and ``params`` None are the defaults (``parseval,label,
    span,rule`` and ``collins``); ``config`` (a :class:`Config`) holds
    every option that changes a number, so none of those may be given
    beside it.  What the command line reports as an error (files with
    different numbers of trees, a run stopped after MAX_ERROR errors,
    nothing scored) and sentences left out of the figures are in the
    result's ``warnings``.  Two files may be CoNLL-U (told from their first
    lines) and scored by ``metrics="dep"``, the default for them; under
    ``params="unsupervised"`` a test *file* of bare brackets is read as
    such, as the command line tells it."""
    gold_enc = check_encoding(gold_encoding or encoding)
    test_enc = check_encoding(test_encoding or encoding)
    if metrics is None and config is None and is_path(gold) and is_path(test) \
            and all(os.path.isfile(p) for p in (gold, test)):  # type: ignore[arg-type]
        found = input_formats(os.fspath(gold), os.fspath(test),  # type: ignore[arg-type]
                              (gold_enc, test_enc))
        metrics = "dep" if "conllu" in found else None  # what scores dependency trees
    config = _config(config, metrics, params, options)
    check_run(config, worst_words, errors, jobs)
    gold_name, test_name = _name(gold, "gold"), _name(test, "test")
    not_a_tree(gold, "gold")
    not_a_tree(test, "test")
    if is_path(gold) and is_path(test):
        gold_path, test_path = os.fspath(gold), os.fspath(test)  # type: ignore[arg-type]
        # Under the unsupervised convention a test file may be bare brackets;
        # else each file's format is told from its first lines.
        formats = ("bracketed", against_gold(test_path, gold_path,
                                             config.params.normalisation, (gold_enc, test_enc))
                   ) if config.params.unsupervised else None
        result = evaluate(gold_path, test_path, config, worst_words, jobs, errors=errors,
                          gold_encoding=gold_enc, test_encoding=test_enc, keep=keep,
                          formats=formats)
    else:
        needed = registry.needs_alphabet(config)
        gold_items: Iterable[Item] = items(gold, gold_name, gold_enc)
        test_items: Iterable[Item] = items(test, test_name, test_enc)
        alphabets = {}
        if needed:  # grammar modules are built over both sides' symbols: read them first
            gold_items, test_items = list(gold_items), list(test_items)
            alphabets = {name: collect_items((gold_items, test_items), enc,
                                             config.params.normalisation, config.rule_pos,
                                             config.la_preterminals,
                                             registry.encoder(config, name))
                         for name, enc in needed}
        result = evaluate_items(Scorer(config, alphabets, details=errors > 0), gold_items,
                                test_items, gold_name, test_name, worst_words, errors, jobs,
                                keep)
    return result.with_caveats(gold_name, test_name)


class Evaluator:
    """Accumulates scores over batches, for training loops.

    ``update`` scores a batch (gold and test sentences in the same order, as
    many of each) and returns the batch's sentence results, numbered on
    from the last batch; ``compute`` gives the :class:`CorpusResult` of
    everything seen since the last ``reset`` (its ``sentences`` and
    ``not_ok`` empty unless ``keep_sentences``), with the warnings
    :func:`score` gives of the same sentences.  The metrics, their
    transducers and caches are built once and kept.  Unlike a whole run,
    an evaluator never stops after MAX_ERROR errors, and pairs the n-th
    trees of a batch (``segmentation`` other than ``"gold"`` is refused).

    Threads may share one evaluator: each ``update`` is scored and added
    whole while the others wait (the batches of several threads take
    turns; none is lost or counted twice), and ``compute``, ``state``,
    ``reset`` and pickling see whole batches only.  The sums are exact
    (floats added without rounding until they are read), so they do not
    depend on the order the batches came in: threads, or merges in any
    grouping, give the figures of one evaluator that saw every batch, to
    the last bit.

    Its state is sums: ``ev1 + ev2`` equals one evaluator that saw both
    (their options must be equal), and ``state()`` is a flat dictionary of
    numbers that can be summed across processes (``torch.distributed`` or
    MPI all-reduce) and put back with ``load_state``.  An evaluator
    pickles as its options and sums (never its transducers, which are
    built again from the options when it next scores), so it can be sent
    to another process and merged there.
    """

    def __init__(self, metrics: str | Sequence[str] | None = None,
                 params: str | Params | None = None, *, keep_sentences: bool = False,
                 config: Config | None = None, **options: Any) -> None:
        config = _config(config, metrics, params, options)
        needed = registry.needs_alphabet(config)
        if needed:
            raise ConfigError(
                f"the {needed[0][0]} cost scheme is a grammar module, built over a whole "
                "corpus's symbols: use parsedit.score on whole files, or compile it over "
                "your treebank first (parsedit grammars compile)")
        if config.segmentation != "gold":
            raise ConfigError(
                f"segmentation={config.segmentation!r} pairs runs of sentences across whole "
                "files, which an Evaluator's batches are not: use parsedit.score on the "
                "whole files (an Evaluator pairs the n-th trees of a batch, and takes "
                "yields='align')")
        self.config = config
        self.keep_sentences = keep_sentences
        self._lock = threading.Lock()
        self._built: Scorer | None = None
        scorer = self._scorer()  # built now, so that a bad option fails here
        self._template = _template(config, scorer.zeros)
        self.reset()

    def _scorer(self) -> Scorer:
        """The scorer (built when first needed: an unpickled evaluator
        builds it when it next scores)."""
        if self._built is None:
            self._built = Scorer(self.config)
        return self._built

    def reset(self) -> None:
        """Forget everything seen."""
        with self._lock:
            self._sums = _Sums(_zero_state(self._template))
            self._sentences: list[SentenceResult] = []
            self._seen = 0
            # The root labels of the first pairs seen (the root-label warning).
            self._roots: Roots = []
            # The routes the batches took (each name, and why).
            self._routes: dict[str, str] = {}

    def update(self, gold: Iterable[Sentence], test: Iterable[Sentence]) -> list[SentenceResult]:
        """Score a batch; its sentences are numbered on from the last batch
        (and messages name them by those numbers).  A tree object that is
        no tree raises :class:`~parsedit.errors.TreeError` naming its
        number, and the batch is not counted.  Trees and span sets are
        written as lines and take the route a batch of strings takes
        (:func:`parsedit.trees.memory.written`)."""
        gold, test = _listed(gold), _listed(test)
        with self._lock:
            first = self._seen + 1
            if type(gold) is list and type(test) is list:  # (see _listed)
                # Trees and span sets written as lines, and routed as strings are.
                gold_lines, gold_given = written(gold, "gold", first)
                test_lines, test_given = written(test, "test", first)
                batch, roots = self._strings(gold_lines, test_lines, first,
                                             (gold_given, test_given))
            else:
                gold_items, test_items = both(gold, test, first)
                batch, roots = self._items(list(gold_items), list(test_items), first)
            self._add(batch, roots)
        return batch

    def _items(self, gold: list[Item], test: list[Item], first: int
               ) -> tuple[list[SentenceResult], Roots]:
        """A batch of items scored pair by pair, numbered from ``first``,
        and the root labels of its first pairs, for the root-label warning."""
        _same_size(gold, test)
        scorer = self._scorer()
        self._took(choose(self.config, Facts("trees")))
        batch = [s for number, g, t in numbered(gold, test, first)
                 for s in units.rows(scorer, number, g, t, "gold", "test")[:2] if s is not None]
        return batch, root_labels(self.config, zip(gold, test)) \
            if len(self._roots) < ROOT_SAMPLE else []

    def _took(self, route: Route) -> None:
        self._routes.setdefault(route.name, route.why)

    def _strings(self, gold: list[str], test: list[str], first: int,
                 given: tuple[units.Given, units.Given]) -> tuple[list[SentenceResult], Roots]:
        """A batch of bracketed strings, numbered from ``first``, scored as
        a file's lines are (:func:`parsedit.pipeline.units.batch`, by the
        route the table chooses for the batch; ``given``: the tokens of the
        lines that trees were written as), and the root labels of its first
        pairs, read the same way."""
        _same_size(gold, test)
        config = self.config
        scorer = self._scorer()
        route = choose(config, Facts("strings", size=sum(map(len, gold)), batch=len(gold),
                                     numpy="numpy" in sys.modules, keys=keys_serve(config),
                                     raw=bool(scorer.raw)))
        self._took(route)
        job = units.Job(scorer, route, "gold", "test")
        batch = [s for scored in units.batch(job, first, gold, test, given)
                 for s in scored.results]
        sample = max(0, ROOT_SAMPLE - len(self._roots))
        norm = config.params.normalisation
        return batch, list(zip(units.batch_root_labels(norm, gold[:sample], given[0]),
                               units.batch_root_labels(norm, test[:sample], given[1])))

    def _add(self, batch: list[SentenceResult], roots: Roots) -> None:
        """Add a scored batch to the sums (``roots``: its first pairs' root
        labels, for the root-label warning); the caller holds the lock."""
        self._roots += roots
        del self._roots[ROOT_SAMPLE:]
        self._seen += len(batch)
        sums: dict[str, float] = {}
        zeros = self._template.counts
        _flatten("all", Totals.of(batch, zeros), sums)
        _flatten("cutoff", Totals.of(batch, zeros, self.config.params.cutoff_len), sums)
        sums.update(_tallies(batch))
        self._sums.add(sums)
        if self.keep_sentences:
            self._sentences.extend(batch)

    def compute(self) -> CorpusResult:
        """The result of everything seen so far."""
        with self._lock:
            sums = self._sums.values()
            sentences = tuple(self._sentences)
            roots = list(self._roots)
            routes = dict(self._routes)
        totals = _rebuild("all", self._template, sums)
        counted = Counted(totals, _rebuild("cutoff", self._template, sums), totals.sentences,
                          totals.sentences, {key: int(sums.get(_key(key), 0)) for key in TALLIES},
                          sentences, tuple(s for s in sentences if noted(s)),
                          last=totals.sentences)
        route = Route("+".join(routes), "; ".join(f"{name}: {why}"
                                                   for name, why in routes.items())) \
            if routes else Route("reference", "nothing scored yet")
        return conclude(counted, self.config, route, "gold", "test", roots
                        ).with_caveats("gold", "test")

    def __getstate__(self) -> dict[str, Any]:
        """What pickling keeps: the options and the sums (never the scorer,
        whose transducers pickle badly or not at all: it is built again)."""
        with self._lock:
            return {"config": self.config, "keep_sentences": self.keep_sentences,
                    "template": self._template, "sums": self._sums.copy(),
                    "sentences": list(self._sentences), "seen": self._seen,
                    "roots": list(self._roots), "routes": dict(self._routes)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        missing = {"config", "keep_sentences", "template", "sums", "sentences", "seen",
                   "roots"} - set(state)
        if missing:
            raise ConfigError(
                "this Evaluator was pickled by an older parsedit (its pickle lacks "
                f"{', '.join(sorted(missing))}), whose sums this version cannot read; "
                "unpickle it with the version that pickled it, or score its sentences again")
        self.config = state["config"]
        self.keep_sentences = state["keep_sentences"]
        self._template = state["template"]
        self._sums = state["sums"]
        self._sentences = state["sentences"]
        self._seen = state["seen"]
        self._roots = state["roots"]
        self._routes = state.get("routes", {})
        self._lock = threading.Lock()
        self._built = None

    def __add__(self, other: Evaluator) -> Evaluator:
        if not isinstance(other, Evaluator):
            return NotImplemented
        if signature(other.config) != signature(self.config):
            raise ConfigError("only evaluators with the same options can be merged")
        mine, theirs = self.__getstate__(), other.__getstate__()
        mine["sums"].merge(theirs["sums"])
        mine["sentences"] += theirs["sentences"]
        mine["seen"] += theirs["seen"]
        mine["roots"] = (mine["roots"] + theirs["roots"])[:ROOT_SAMPLE]
        mine["routes"] = {**theirs["routes"], **mine["routes"]}
        merged = object.__new__(Evaluator)
        merged.__setstate__(mine)  # (its scorer is built if it scores: none is shared)
        return merged

    def __radd__(self, other: object) -> Evaluator:
        """``sum(evaluators)``: the 0 it starts from is no evaluator."""
        if other == 0:
            return self
        return NotImplemented

    def state(self) -> dict[str, float]:
        """Every sum, by a dotted name: add two evaluators' states key by key
        to merge them (an all-reduce adds floats in its own order: for sums
        exact to the last bit, pickle the evaluators and add them)."""
        with self._lock:
            return self._sums.values()

    def load_state(self, state: Mapping[str, float]) -> None:
        """Take the sums of ``state`` (as :meth:`state` gives them).  The
        root labels sampled for the root-label warning are not sums: this
        evaluator keeps its own sample (the first pairs it saw)."""
        sums: dict[str, float] = {}
        zeros = _zero_state(self._template)
        for key, zero in zeros.items():
            if key not in state:
                if key.startswith(("all.", "cutoff.")) and not _added(key):
                    raise ConfigError(f"load_state: {key!r} is missing")
                continue  # (a tally a state from an older parsedit lacks)
            value = state[key]
            sums[key] = int(value) if isinstance(zero, int) and float(value).is_integer() \
                else float(value)
        # The rows of tables (per-relation counts) are keys of their own.
        for key, value in state.items():
            if key not in zeros and key.startswith(("all.", "cutoff.")):
                sums[key] = int(value) if float(value).is_integer() else float(value)
        with self._lock:
            self._sums = _Sums(_zero_state(self._template))
            self._sums.add(sums)
            self._seen = int(self._sums.values()["all.sentences"])
            self._sentences = []


def _config(config: Config | None, metrics: str | Sequence[str] | None,
            params: str | Params | None, options: Mapping[str, Any]) -> Config:
    """The Config of :func:`score`'s or an :class:`Evaluator`'s options:
    ``config`` as it is, or one made of the others (``metrics`` and
    ``params`` None: the defaults), never both."""
    if config is None:
        return Config.from_options(metrics, "collins" if params is None else params,
                                   **options)
    given = [name for name, value in (("metrics", metrics), ("params", params))
             if value is not None] + sorted(options)
    if given:
        raise ConfigError(f"config= holds every option, so {', '.join(given)} given beside "
                          "it would be ignored: give them to Config.from_options, or leave "
                          "config out")
    if not isinstance(config, Config):
        raise ConfigError(f"config= takes a parsedit.Config, not {type(config).__name__}")
    return config


# Sums that counts classes gained after 0.3.0, which a state saved by 0.3.0
# lacks: taken as 0 (the error classes' gold labels, which only a warning reads).
_ADDED = (".error_classes.gold_labels", ".error_classes.fits.")


def _added(key: str) -> bool:
    """Whether ``key`` is one of the sums a state saved by 0.3.0 lacks."""
    return any(part in key for part in _ADDED)


def _key(tally: str) -> str:
    """The state key of one of the warnings' tallies
    (:data:`~parsedit.pipeline.tally.TALLIES`)."""
    return f"outer.{tally}" if tally in ("gold", "test") else f"warnings.{tally}"


def _tallies(batch: Sequence[SentenceResult]) -> dict[str, float]:
    """What the warnings need of a batch, as the state's sums (the tallies a
    run's :class:`~parsedit.pipeline.tally.Tally` counts:
    :func:`~parsedit.pipeline.tally.scored_tallies`)."""
    return {_key(name): value for name, value in scored_tallies(batch).items()}


def _zero_state(template: Totals) -> dict[str, float]:
    """Every key of a state, each 0 (as its sum's type)."""
    out: dict[str, float] = {}
    _flatten("all", template, out)
    _flatten("cutoff", template, out)
    out.update(_tallies(()))
    return out


class _Sums:
    """Sums of numbers by name, exact: whole numbers added as integers, the
    others kept as the partial sums of Shewchuk's algorithm (the
    non-overlapping floats whose exact sum is the total, which
    ``math.fsum`` rounds once), so that a total never depends on the order
    its parts were added in."""

    __slots__ = ("ints", "floats")

    def __init__(self, start: Mapping[str, float] | None = None) -> None:
        self.ints: dict[str, int] = {}
        self.floats: dict[str, list[float]] = {}
        if start:
            self.add(start)

    def add(self, values: Mapping[str, float]) -> None:
        ints, floats = self.ints, self.floats
        for key, value in values.items():
            if isinstance(value, int):
                ints[key] = ints.get(key, 0) + value
            else:
                partials = floats.get(key)
                if partials is None:
                    partials = floats[key] = []
                _add_exactly(partials, value)

    def merge(self, other: _Sums) -> None:
        """Add ``other``'s sums, exactly."""
        self.add(other.ints)
        for key, partials in other.floats.items():
            mine = self.floats.setdefault(key, [])
            for part in partials:
                _add_exactly(mine, part)

    def copy(self) -> _Sums:
        out = _Sums()
        out.ints = dict(self.ints)
        out.floats = {key: list(partials) for key, partials in self.floats.items()}
        return out

    def values(self) -> dict[str, float]:
        """Each sum: an int if only whole numbers were added to it, else
        the float nearest its exact value."""
        out: dict[str, float] = dict(self.ints)
        for key, partials in self.floats.items():
            out[key] = math.fsum([*partials, self.ints.get(key, 0)])
        return out


def _add_exactly(partials: list[float], x: float) -> None:
    """Add ``x`` to the exact sum that ``partials`` holds (Shewchuk's
    algorithm, as in ``math.fsum``; an infinity or NaN makes the sum an
    ordinary float sum, which such values make order-free anyway)."""
    if not math.isfinite(x) or (partials and not math.isfinite(partials[-1])):
        partials[:] = [math.fsum(p for p in partials if math.isfinite(p))
                       + sum(p for p in partials if not math.isfinite(p)) + x]
        return
    i = 0
    for y in partials:
        if abs(x) < abs(y):
            x, y = y, x
        high = x + y
        low = y - (high - x)
        if low:
            partials[i] = low
            i += 1
        x = high
    partials[i:] = [x]


def _same_size(gold: Sequence[object], test: Sequence[object]) -> None:
    if len(gold) != len(test):
        raise ConfigError(f"update: the gold batch holds {len(gold)} trees but the "
                          f"test batch {len(test)}")


def _listed(source: Iterable[Sentence]) -> Iterable[Sentence]:
    """A batch of sentences as a list (a generator read once), or the source
    itself when it is not a plain iterable of sentences (a path, one tree,
    anything else), for :func:`~parsedit.trees.memory.items` to read or
    refuse."""
    if type(source) is list:  # (no tree: nltk's trees are lists, but subclasses)
        return source
    if is_path(source) or one_sentence(source) or not isinstance(source, Iterable):
        return source
    return list(source)


def _template(config: Config, zeros: Mapping[str, Any]) -> Totals:
    """Empty totals whose tagging counts name every scoring function, so that
    every state has the same keys."""
    counts = dict(zeros)
    if "tagging" in counts:
        counts["tagging"] = TaggingCounts({s: TagCounts() for s in config.tags.scorings})
    return Totals(counts=counts)


# Per dotted name and dataclass type, its fields that hold numbers or
# parts, each with its dotted name (what _flatten walks).
_LAYOUTS: dict[tuple[str, type], tuple[tuple[str, str], ...]] = {}


def _flatten(prefix: str, value: Any, out: dict[str, float]) -> None:
    """The numbers of ``value`` (a :class:`Totals`, counts, mappings of
    them) into ``out`` by dotted name; flags and tuples are no sums, but
    the rows of a counts class's ``TABLES`` fields (``(name, n1, n2, ...)``,
    the dependency metric's per-relation counts) are, by their names
    (``PREFIX.FIELD.NAME.1``, ``.2``, ...)."""
    if type(value) is int or type(value) is float:  # a number in a mapping
        out[prefix] = value
        return
    if isinstance(value, Mapping):
        for name, part in value.items():
            _flatten(f"{prefix}.{name}", part, out)
        return
    for table in getattr(type(value), "TABLES", ()):
        for row in getattr(value, table):
            for k, number in enumerate(row[1:], start=1):
                out[f"{prefix}.{table}.{row[0]}.{k}"] = number
    layout = _LAYOUTS.get((prefix, type(value)))
    if layout is None:
        layout = _LAYOUTS[prefix, type(value)] = tuple(
            (f.name, f"{prefix}.{f.name}") for f in fields(value)
            if not isinstance(getattr(value, f.name), (bool, tuple))) \
            if is_dataclass(value) else ()
    for name, key in layout:
        part = getattr(value, name)
        if type(part) is int or type(part) is float:
            out[key] = part
        else:
            _flatten(key, part, out)


def _rebuild(prefix: str, template: Any, state: Mapping[str, float]) -> Any:
    """``template``'s type with its numbers taken from ``state``."""
    if type(template) is int or type(template) is float:  # a number in a mapping
        return state[prefix]
    if isinstance(template, Mapping):
        return {name: _rebuild(f"{prefix}.{name}", part, state)
                for name, part in template.items()}
    if is_dataclass(template):
        values: dict[str, Any] = {}
        tables = getattr(type(template), "TABLES", ())
        for f in fields(template):
            part = getattr(template, f.name)
            key = f"{prefix}.{f.name}"
            if f.name in tables:
                values[f.name] = _table(key, state)
            elif isinstance(part, bool) or isinstance(part, tuple):
                values[f.name] = part
            elif isinstance(part, (int, float)):
                values[f.name] = state[key]
            else:
                values[f.name] = _rebuild(key, part, state)
        build: Any = type(template)
        return build(**values)
    return template


def _table(key: str, state: Mapping[str, float]) -> tuple[tuple[Any, ...], ...]:
    """The rows of a ``TABLES`` field from ``state`` (see :func:`_flatten`),
    sorted by name, as the counts class sums them."""
    rows: dict[str, dict[int, Any]] = {}
    start = f"{key}."
    for name, value in state.items():
        if name.startswith(start):
            row, _, column = name[len(start):].rpartition(".")
            rows.setdefault(row, {})[int(column)] = int(value) \
                if float(value).is_integer() else value
    return tuple((row, *(columns[k] for k in sorted(columns)))
                 for row, columns in sorted(rows.items()))


def align(gold: Sentence, test: Sentence, encoding: str = "label",
          costs: str | Any | None = None, params: str | Params = "collins",
          **options: Any) -> EditScript | LineageScript:
    """The cheapest edit script of one pair in one encoding (``label``,
    ``span``, ``rule``, or ``dep``: its dependencies, with ``heads`` and the
    other dependency options), or its leaf-ancestor lineages (``lineage``), as
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
                                     config.la_preterminals, registry.encoder(config, name))
                 for name, enc in registry.needs_alphabet(config)}
    # details: ties between cheapest scripts broken as the CLI's align does
    return align_pair(Scorer(config, alphabets, details=True), metric, 1, g, t, "gold",
                      "test")

