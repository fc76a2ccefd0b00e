"""Which road a run takes: the one decision table.

Every route gives the same figures, to the last bit (the tests run the
reference route beside each of the others); they differ in how lines are
read, and so in speed.  The route a run took is named in its result
(``summary.route`` in JSON, and on ``--verbose``), and ``--route
reference`` (``route="reference"`` in the Python API) forces the reference
route, whatever the table says.

======================  =====================================================
route                   what reads the lines
======================  =====================================================
``reference``           every sentence by the reference reader
                        (:mod:`parsedit.trees.reader`), normalised token by
                        token (:mod:`parsedit.trees.normalise`); every metric
                        on the normalised pair
``lines/keys``          each line of the usual form straight into PARSEVAL's
                        bracket keys (:class:`parsedit.trees.lines.LineKeys`)
``lines/sentences``     each line of the usual form straight into its
                        normalised sentence
                        (:class:`parsedit.trees.lines.LineSentences`)
``arrays/keys``         a block of lines at a time with numpy into bracket
                        keys (:class:`parsedit.trees.arrays.ArrayKeys`)
``arrays/sentences``    a block of lines at a time with numpy into normalised
                        sentences
                        (:class:`parsedit.trees.array_sentences.ArraySentences`)
======================  =====================================================

A fast reader reads only the lines it takes; every line it refuses (a
blank, damaged or unusual line, a failure marker, words that differ, a
test without words, EVALB's quote fix) is handed back and read by the
reference reader in its place (:mod:`parsedit.pipeline.units`), so EVALB's
edge cases are judged by one piece of code.  *Keys* serve a run of PARSEVAL
alone as EVALB counts it (no preterminals, split or weighted matching, no
error analysis or lineage lists kept); *sentences* serve every metric.

Why each row: a run over files that are not each one tree a line on disk
(a pretty-printed file, standard input, a compressed file), or that pairs
runs of sentences (``--segmentation``), or over sentences held in memory
given to ``parsedit.score``, is read the reference way (an ``Evaluator``
writes a batch of trees as lines, :func:`parsedit.trees.memory.written`,
and routes it as a batch of strings), and so is a run over CoNLL-U, or with
a metric that reads the raw trees (the dependency metric: punctuation,
empty elements and function tags kept), which the fast readers do not
keep; numpy's import (about 0.15 s) pays from a gold file
of :data:`ARRAYS_FROM` bytes on, or a batch of :data:`NUMPY_BATCH` strings
when numpy is imported already (a training loop); under ``--yield align``
PARSEVAL's keys are read line by line (the word alignment is per pair).
What each route costs in lines of code and buys in time is measured by
``benchmarks/bench_routes.py`` (see ``benchmarks/RESULTS.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from parsedit.config import Config
from parsedit.errors import ConfigError

# From this size of the gold file (bytes, about 2,900 PTB lines) a range of
# lines is read with numpy, whose import (about 0.15 s) then pays for itself.
ARRAYS_FROM = 1 << 20
# Strings an Evaluator's batch holds at least to be read with numpy.
NUMPY_BATCH = 512



@dataclass(frozen=True)
class Facts:
    """What the route depends on, besides the configuration.

    ``source``: ``"files"`` (two paths), ``"strings"`` (a batch of bracketed
    strings, the Python API) or ``"trees"`` (tree objects in memory);
    ``by_lines``: files only, both one tree a line, plain files on disk
    (:func:`parsedit.trees.ranges.readable_by_ranges`); ``size``: the gold
    file's bytes, or the batch's characters; ``batch``: the strings in a
    batch; ``numpy``: numpy is imported already; ``keys``: the run is
    PARSEVAL alone as EVALB counts it (:func:`keys_serve`); ``raw``: a
    metric of the run reads raw trees (a ``RawMetric``: the dependency
    metric), which only the reference reader keeps; ``bracketed``: both
    inputs are bracketed trees (not CoNLL-U)."""

    source: str
    by_lines: bool = False
    size: int = 0
    batch: int = 0
    numpy: bool = False
    keys: bool = False
    raw: bool = False
    bracketed: bool = True
    # A file of bare brackets (parsedit.trees.bare), which only the
    # reference way reads.
    bare: bool = False


@dataclass(frozen=True)
class Route:
    """The route taken: its name (one of :data:`ROUTES`) and why (the
    table's row, as a reader would say it)."""

    name: str
    why: str

    @property
    def reader(self) -> str:
        """``reference``, ``lines`` or ``arrays``."""
        return self.name.split("/")[0]

    @property
    def keys(self) -> bool:
        """Whether PARSEVAL's bracket keys are read (not sentences)."""
        return self.name.endswith("/keys")

    def describe(self) -> str:
        return f"{self.name} ({self.why})"


def _numpy_pays(config: Config, facts: Facts) -> bool:
    if facts.source == "files":
        return facts.size >= ARRAYS_FROM
    return facts.batch >= NUMPY_BATCH and (facts.numpy or facts.size >= ARRAYS_FROM)


Row = tuple[Callable[[Config, Facts], bool], str, str]

# The table: the first row whose condition holds names the route.
TABLE: tuple[Row, ...] = (
    (lambda c, f: c.segmentation != "gold", "reference",
     "--segmentation pairs runs of sentences"),
    (lambda c, f: c.params.spmrl, "reference", "EVALB_SPMRL's rules (-p spmrl)"),
    (lambda c, f: c.params.delete_by == "gold", "reference",
     "--delete-by gold reads the gold tags of each pair"),
    (lambda c, f: f.bare, "reference", "bare brackets are read the reference way"),
    (lambda c, f: f.source == "trees", "reference", "trees held in memory"),
    (lambda c, f: f.source == "files" and not f.by_lines, "reference",
     "a file is not one tree a line on disk"),
    (lambda c, f: not f.bracketed, "reference", "a file holds dependency trees (CoNLL-U)"),
    (lambda c, f: f.raw, "reference",
     "a metric reads the raw trees (dep: punctuation and function tags kept)"),
    (lambda c, f: f.keys and c.yields == "align", "lines/keys",
     "PARSEVAL alone, words aligned pair by pair"),
    (lambda c, f: f.keys and _numpy_pays(c, f), "arrays/keys",
     "PARSEVAL alone, enough lines for numpy"),
    (lambda c, f: f.keys, "lines/keys", "PARSEVAL alone"),
    (lambda c, f: _numpy_pays(c, f), "arrays/sentences", "enough lines for numpy"),
    (lambda c, f: True, "lines/sentences", "one tree a line"),
)


def choose(config: Config, facts: Facts) -> Route:
    """The route of a run under ``config`` over an input with ``facts``: the
    table's, or the one ``config.route`` names if it applies (else a
    :class:`~parsedit.errors.ConfigError` saying why not)."""
    name, why = next((name, why) for condition, name, why in TABLE
                     if condition(config, facts))
    if config.route in ("auto", name):
        return Route(name, why if config.route == "auto" else "asked for")
    if config.route == "reference":
        return Route("reference", "asked for")
    refusal = _refusal(config, facts, config.route)
    if refusal:
        raise ConfigError(f"--route {config.route} does not apply: {refusal} (the table "
                          f"chooses {name}: {why})")
    return Route(config.route, "asked for")


def _refusal(config: Config, facts: Facts, name: str) -> str:
    """Why the fast route ``name`` cannot read this input ("" if it can)."""
    if config.segmentation != "gold":
        return "--segmentation pairs runs of sentences, read the reference way"
    if config.params.spmrl:
        return "EVALB_SPMRL's rules (-p spmrl) are judged the reference way"
    if config.params.delete_by == "gold":
        return "--delete-by gold reads the gold tags of each pair, the reference way"
    if facts.bare:
        return "bare brackets are read the reference way"
    if facts.source == "trees":
        return "trees held in memory are read the reference way"
    if facts.source == "files" and not facts.by_lines:
        return "a file is not one tree a line on disk"
    if not facts.bracketed:
        return "a file holds dependency trees (CoNLL-U), read the reference way"
    if facts.raw:
        return ("a metric reads the raw trees (dep: punctuation and function tags kept), "
                "which only the reference reader keeps")
    if name.endswith("/keys") and not facts.keys:
        return "bracket keys serve PARSEVAL alone as EVALB counts it, and nothing more kept"
    if name == "arrays/keys" and config.yields == "align":
        return "under --yield align, keys are read line by line"
    return ""


def keys_serve(config: Config, details: bool = False, lineages: bool = False) -> bool:
    """Whether PARSEVAL's bracket keys are all a run needs: PARSEVAL alone,
    as EVALB counts it (no preterminals counted, no split or weighted
    matching, no outer bracket stripped, no error classes), with no error
    analysis (``details``) or leaf-ancestor lineages (``lineages``) kept."""
    return (config.run_metrics == ("parseval",)
            and not (config.with_preterminals or config.split or config.weighted)
            and not config.params.normalisation.strip_outer_bracket
            and not details and not lineages)
