"""Every option that can change a number, in one frozen object.

A :class:`Config` is what the command line, the Python API and the workers of
``--jobs`` share: the metrics asked for, the parameter file, each encoding's
cost scheme and each metric's own options.  Its :meth:`Config.signature` pins
a result down (sacreBLEU-style): two runs with equal signatures give equal
numbers.  The metrics themselves are built from it by
:func:`parsedit.metrics.registry.build`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from numbers import Integral
from typing import TYPE_CHECKING, Any

from parsedit.encodings import NAMES as EDIT_METRICS
from parsedit.errors import ConfigError
from parsedit.metrics.movement import FIVE_STEP, METHODS, Movement
from parsedit.params import Params, load_params, shipped_params, with_labels, with_overrides
from parsedit.tagging.config import TagConfig, tag_config
from parsedit.tagging.tagset import Tagset, Weights

if TYPE_CHECKING:
    from parsedit.costs import CostScheme, Scheme
    from parsedit.metrics.error_rules import RuleSet

# The cost-scheme machinery (parsedit.costs) is imported where a scheme is
# asked for, so that a run of PARSEVAL alone starts without it.

METRICS = ("parseval", *EDIT_METRICS, "la", "tagging", "ted", "dep", "unsupervised")
DEFAULT_METRICS = ("parseval", *EDIT_METRICS)
AVERAGES = ("corpus", "sentence")
FAILURES = ("skip", "count", "spmrl")
YIELDS = ("strict", "align")
SEGMENTATIONS = ("gold", "align", "document")
WORD_ALIGNERS = ("python", "fst")
# What --route may ask for (parsedit.pipeline.route: "auto" lets its table
# choose; any other is taken where it applies, else refused).
ROUTES = ("auto", "reference", "lines/keys", "lines/sentences", "arrays/keys",
          "arrays/sentences")
# The dependency metric's relation labellings and relation comparisons
# (parsedit.deps.convert.LABELS; "prefix": up to the first ':', CoNLL 2018's).
DEP_LABELS = ("auto", "triples")
DEP_RELATIONS = ("full", "prefix")
MAX_JOBS = 256  # more processes than any machine gains from: a typo, not a wish

# The metrics that take a cost scheme of their own (--{metric}-costs): the
# edit distances, leaf-ancestor (lineages) and tree edit distance (label
# substitution classes, no default scheme).
WITH_COSTS = (*EDIT_METRICS, "la", "ted", "dep")

# The whole-number options: each as the command line's messages name it, and
# its least and greatest values (None: no greatest).  The command line's
# IntRange types are made from these bounds, and click words its refusals
# as invalid() does, so that the Python API refuses what the command line
# refuses, in the same words.
RANGES: dict[str, tuple[str, int, int | None]] = {
    "cutoff": ("'--cutoff' / '-c'", 0, None),
    "max_error": ("'--max-error' / '-e'", 0, None),
    "max_moves": ("'--max-moves'", 0, None),
    "max_k": ("'--max-k'", 2, None),
    "worst_words": ("'--worst-words'", 0, None),
    "errors": ("'--errors'", 1, None),
    "jobs": ("'-j' / '--jobs'", 1, MAX_JOBS),
    "max_words": ("'--max-words'", 1, None),
}
# The unsupervised-parsing variants (parsedit.metrics.unsupervised.VARIANTS).
UNSUPERVISED = ("kim", "kim-skip-empty", "kim-multiset", "li2020", "prpn")


def invalid(option: str, detail: str) -> ConfigError:
    """The error for an option's value, worded as the command line's
    (click's) refusal of it: ``option`` as :data:`RANGES` names options."""
    return ConfigError(f"Invalid value for {option}: {detail}")


def check_whole(name: str, value: object) -> None:
    """Refuse a value of the whole-number option ``name`` (a key of
    :data:`RANGES`) that is no whole number or out of its range."""
    option, low, high = RANGES[name]
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise invalid(option, f"{value!r} is not a valid integer")
    number = int(value)
    if number < low or (high is not None and number > high):
        bounds = f"x>={low}" if high is None else f"{low}<=x<={high}"
        raise invalid(option, f"{value} is not in the range {bounds}")


def check_choice(option: str, value: object, choices: Sequence[str]) -> None:
    """Refuse a value of ``option`` (named as :data:`RANGES` names options)
    that is not one of ``choices``."""
    if value not in choices:
        raise invalid(option, f"{value!r} is not one of {', '.join(map(repr, choices))}")


def check_run(config: Config, worst_words: int = 0, errors: int = 0, jobs: int = 1) -> None:
    """Refuse what the command line refuses of a run's own options (not in
    the Config): ``worst_words`` (``--worst-words``, which needs ``la``),
    ``errors`` (``--errors``; 0 asks for no error analysis) and ``jobs``
    (``-j``)."""
    check_whole("worst_words", worst_words)
    if errors != 0:
        check_whole("errors", errors)
    check_whole("jobs", jobs)
    if worst_words and "la" not in config.metrics:
        raise ConfigError("--worst-words needs the la metric in --metrics")


def _loaded(scheme: str | Scheme, encoding: str) -> Scheme:
    """A cost scheme given by name or path, loaded; or as it is."""
    if not isinstance(scheme, str):
        return scheme
    from parsedit.costs import load_costs

    return load_costs(scheme, encoding)


def encoding_of(metric: str) -> str:
    """The string an edit metric aligns: its own, but lineages for ``la``."""
    return "lineage" if metric == "la" else metric



def _sequence(option: str, value: Any, what: str) -> tuple[Any, ...]:
    # what: the plural of what the list holds ("labels")
    """``value`` as a tuple, if it is a list (or another sequence that is
    not a string), else a :class:`ConfigError` naming ``option``."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ConfigError(f"{option}: expected a list of {what}, not {value!r}")
    return tuple(value)


def strings(option: str, value: Any, what: str) -> tuple[str, ...]:
    """``value``, a list of strings, as a tuple; a :class:`ConfigError`
    naming ``option`` and what it holds for anything else (the Python API's
    list-valued options: ``metrics``, ``scoring``, ``delete_labels``, each
    pair of ``equal_labels``)."""
    items = _sequence(option, value, f"{what}s")
    for item in items:
        if not isinstance(item, str):
            raise ConfigError(f"{option}: expected a list of {what}s (strings), "
                              f"not {item!r} ({type(item).__name__}) in {value!r}")
    return items

@dataclass(frozen=True)
class Config:
    """Every option that can change a number."""

    metrics: tuple[str, ...] = DEFAULT_METRICS
    params: Params = field(default_factory=lambda: shipped_params("collins"))
    rule_pos: str = "words"
    schemes: dict[str, Scheme] = field(default_factory=dict)
    with_preterminals: bool = False
    split: bool = False
    weighted: bool = False  # Grammarly's weighted Parseval (metrics.parseval)
    average: str = "corpus"
    movement: Movement = FIVE_STEP
    la_preterminals: bool = False
    tags: TagConfig = field(default_factory=TagConfig)
    # What a skipped test sentence is: left out of the sums ("skip", EVALB's
    # way), scored as a parse with no constituents ("count"), or counted as
    # EVALB_SPMRL's -X counts it ("spmrl", under -p spmrl: too many gold
    # brackets, parsedit.pipeline.spmrl.x_count).
    failures: str = "skip"
    # "strict": a pair's words must be equal (EVALB); "align": a pair whose
    # words differ is scored through its word alignment under word_costs
    # (default: the shipped "words" scheme), see parsedit.metrics.yields.
    yields: str = "strict"
    word_costs: Scheme | None = None
    # "gold": the n-th trees pair up; "align": runs of sentences pair up by
    # their word alignment (parsedit.segmentation), with yields "align";
    # "document": each file as one word stream, runs of any length.
    segmentation: str = "gold"
    # How the word alignment is computed: "python", the banded backward pass
    # over the word lattice (parsedit.wordalign), or "fst", an OpenFst
    # composition and shortest path (parsedit.fst.wordfst); the same
    # alignments, so not in the signature.
    word_aligner: str = "python"
    # Which readers take the lines: "auto", as parsedit.pipeline.route's
    # table chooses, or one of its routes by name ("reference": every
    # sentence by the reference reader); every route gives the same
    # figures, so it is not in the signature.
    route: str = "auto"
    # Error classes read off the label edit script (--error-classes), named
    # by a rule set (--error-rules; None: the shipped "ptb" set), scored as
    # the metric "error_classes" after the metrics asked for (run_metrics).
    error_classes: bool = False
    error_rules: RuleSet | None = None
    # The dependency metric (dep, parsedit.deps): the head table (a shipped
    # name or a path), the relation labelling (function tags where the tree
    # has them, else Collins' triples; or always the triples), whether UAS,
    # LAS and the relational figures score every word (else punctuation by
    # the gold tags is left out), and whether relations are compared whole
    # or up to their first ':' (the CoNLL 2018 script's way).
    heads: str = "collins"
    dep_labels: str = "auto"
    dep_every_word: bool = False
    dep_relations: str = "full"
    # The unsupervised metric's variant (None: the parameter file's
    # UNSUPERVISED, else "kim") and the most kept gold words a sentence it
    # scores may have (None: any), parsedit.metrics.unsupervised.
    unsupervised: str | None = None
    max_words: int | None = None

    def __post_init__(self) -> None:
        for name in self.metrics:
            if name not in METRICS:
                raise ConfigError(f"unknown metric {name!r}; expected some of "
                                  f"{', '.join(METRICS)}")
        if not self.metrics:
            raise ConfigError(f"no metric asked for; expected some of {', '.join(METRICS)}")
        for option, value, choices in (
                ("'--rule-pos'", self.rule_pos, ("words", "tags")),
                ("'--movement'", self.movement.method, METHODS),
                ("'--average'", self.average, AVERAGES),
                ("'--failures'", self.failures, FAILURES),
                ("'--yield'", self.yields, YIELDS),
                ("'--segmentation'", self.segmentation, SEGMENTATIONS),
                ("'--word-aligner'", self.word_aligner, WORD_ALIGNERS),
                ("'--route'", self.route, ROUTES),
                ("'--dep-labels'", self.dep_labels, DEP_LABELS),
                ("'--dep-relations'", self.dep_relations, DEP_RELATIONS),
                ("'--unsupervised'", self.unsupervised_variant, UNSUPERVISED)):
            check_choice(option, value, choices)
        if self.max_words is not None:
            check_whole("max_words", self.max_words)
        check_whole("max_moves", self.movement.max_moves)
        check_whole("max_k", self.movement.max_k)
        if self.failures == "spmrl" and not self.params.spmrl:
            raise ConfigError("--failures spmrl is EVALB_SPMRL's -X, which counts under its "
                              "rules: use it with -p spmrl or -p spmrl-hebrew (or a parameter "
                              "file with EVALB_SPMRL 1); --failures count counts a missing "
                              "parse under any parameter file")
        if self.params.spmrl and self.yields != "strict":
            raise ConfigError("--yield align cannot be used with EVALB_SPMRL's rules (-p "
                              "spmrl), which score pairs of different lengths their own way")
        if self.segmentation != "gold" and self.yields != "align":
            raise ConfigError(f"--segmentation {self.segmentation} needs --yield align")
        self._check_structure_metrics()
        if self.yields == "align":
            from parsedit.costs import CostScheme

            self.word_scheme()
            for name in (*self.edit_metrics, *(["la"] if "la" in self.metrics else [])):
                if not isinstance(self.scheme(name), CostScheme):
                    raise ConfigError(f"--yield align needs declarative cost schemes; the "
                                      f"{name} scheme {self.scheme(name).name!r} is a "
                                      "transducer")

    def _check_structure_metrics(self) -> None:
        """Load a rule set given by name or path; refuse what tree edit
        distance and error classes cannot do: a scheme that is a transducer
        (TED reads a scheme's label costs), and pairs whose words differ
        (``--yield align``: both compare trees over the same words)."""
        if isinstance(self.error_rules, str):
            from parsedit.metrics.error_rules import load_rules

            object.__setattr__(self, "error_rules", load_rules(self.error_rules))
        ted = self.schemes.get("ted")
        if ted is not None:
            from parsedit.costs import CostScheme

            if not isinstance(ted, CostScheme):
                raise ConfigError(f"--ted-costs {ted.name}: tree edit distance reads a "
                                  "declarative scheme's label costs, not a transducer")
        if self.yields == "align":
            for given, what in (("ted" in self.metrics, "--metrics ted"),
                                (self.error_classes, "--error-classes")):
                if given:
                    raise ConfigError(f"{what} compares trees over the same words; it cannot "
                                      "score pairs whose words differ (--yield align)")

    @property
    def run_metrics(self) -> tuple[str, ...]:
        """What a run scores: the metrics asked for, then ``error_classes``
        with ``--error-classes``."""
        return (*self.metrics, "error_classes") if self.error_classes else self.metrics

    @classmethod
    def from_options(cls, metrics: str | Sequence[str] | None = None,
                     params: str | Params = "collins",
                     costs: Mapping[str, str | Scheme | None] | None = None,
                     cutoff: int | None = None, max_error: int | None = None,
                     movement: str | Movement = "five-step", max_moves: int = 2,
                     max_k: int = 6, tagset: str | Tagset | None = None,
                     weights: str | Weights | None = None, separator: str = ":",
                     scoring: str | Sequence[str] | None = None,
                     word_costs: str | Scheme | None = None,
                     delete_by: str | None = None, delete_labels: Sequence[str] = (),
                     equal_labels: Sequence[Sequence[str]] = (), **options: Any) -> Config:
        """A Config from options as the command line and the Python API give
        them: names or paths where objects are expected (``metrics`` as
        ``"parseval,label"`` or a sequence; None: ``unsupervised`` if the
        parameter file names a convention (UNSUPERVISED), else the
        default; ``costs`` per metric, and
        ``word_costs``, a shipped name, a path or a loaded scheme;
        ``error_rules`` a rule set's shipped name or path, or one loaded;
        ``cutoff`` and ``max_error`` overriding the parameter file's, as
        EVALB's ``-c`` and ``-e``); ``label_costs`` and the like, as the
        command line names them, join ``costs``; ``options`` are the other
        fields, as they are (``yields="align"``, ``segmentation="align"``),
        and a name that is no option is refused; ``delete_labels`` and
        ``equal_labels`` (pairs) add to the parameter file's DELETE_LABEL and
        EQ_LABEL lines (``--delete-label``, ``--equal-label``); ``delete_by``
        (``"own"`` or ``"gold"``) overrides the file's DELETE_BY_GOLD
        (``--delete-by``)."""
        loaded = load_params(params) if isinstance(params, str) else params
        if metrics is None:
            metrics = ("unsupervised",) if loaded.unsupervised else DEFAULT_METRICS
        names = tuple(m.strip() for m in (metrics.split(",") if isinstance(metrics, str)
                                          else strings("metrics", metrics, "metric name"))
                      if m.strip())
        if scoring is not None and not isinstance(scoring, str):
            scoring = strings("scoring", scoring, "scoring function")
        delete_labels = strings("delete_labels", delete_labels, "label")
        equal_labels = tuple(strings("equal_labels", pair, "label")
                             for pair in _sequence("equal_labels", equal_labels,
                                                   "pairs of labels"))
        costs = dict(costs or {})
        for metric in WITH_COSTS:
            if f"{metric}_costs" in options:
                costs[metric] = options.pop(f"{metric}_costs")
        strange = sorted(set(costs) - set(WITH_COSTS))
        if strange:
            raise ConfigError(f"costs for {', '.join(map(repr, strange))}: expected costs for "
                              f"some of {', '.join(WITH_COSTS)} (the metric whose strings "
                              "the scheme aligns; la aligns lineages, ted relabels nodes)")

        known = {f.name for f in fields(cls)} - {"metrics", "params", "schemes", "movement",
                                                 "tags"}
        unknown = sorted(set(options) - known)
        if unknown:
            raise ConfigError(f"unknown option(s) {', '.join(unknown)}; expected some of "
                              f"costs, cutoff, max_error, movement, max_moves, max_k, tagset, "
                              f"weights, separator, scoring, delete_by, delete_labels, "
                              "equal_labels, "
                              f"{', '.join(sorted(known))}, *_costs")
        for name, value in (("cutoff", cutoff), ("max_error", max_error)):
            if value is not None:
                check_whole(name, value)
        schemes = {name: _loaded(scheme, name) for name, scheme in costs.items()
                   if scheme is not None}
        if isinstance(movement, str):
            movement = Movement(movement, max_moves, max_k)
        if word_costs is not None:
            word_costs = _loaded(word_costs, "words")
        loaded = with_labels(loaded, delete_labels, equal_labels)
        return cls(metrics=names, params=with_overrides(loaded, cutoff, max_error, delete_by),
                   schemes=schemes, movement=movement, word_costs=word_costs,
                   tags=tag_config(scoring, tagset, weights, separator), **options)

    @property
    def unsupervised_variant(self) -> str:
        """The unsupervised metric's variant: the option's, the parameter
        file's UNSUPERVISED, or ``kim``."""
        return self.unsupervised or self.params.unsupervised or "kim"

    @property
    def edit_metrics(self) -> tuple[str, ...]:
        return tuple(m for m in self.metrics if m in EDIT_METRICS)

    def scheme(self, metric: str) -> Scheme:
        """The cost scheme of an edit metric (``la`` aligns lineages)."""
        from parsedit.costs import default_scheme

        encoding = encoding_of(metric)
        scheme = self.schemes.get(metric) or default_scheme(encoding)
        if scheme.encodings and encoding not in scheme.encodings:
            raise ConfigError(f"cost scheme {scheme.name!r} ({scheme.source}) is for the "
                              f"{', '.join(scheme.encodings)} encoding(s), not {encoding}")
        return scheme

    def word_scheme(self) -> CostScheme:
        """The word cost scheme of ``--yield align``."""
        from parsedit.costs import CostScheme, default_scheme

        scheme = self.word_costs or default_scheme("words")
        if not isinstance(scheme, CostScheme) or (scheme.encodings
                                                  and "words" not in scheme.encodings):
            raise ConfigError(f"word cost scheme {scheme.name!r} ({scheme.source}) is not a "
                              "declarative scheme for the words encoding")
        return scheme

    def word_weights(self) -> str:
        """The word cost scheme's name when ``--yield align``'s word error
        rate is a weighted cost (a scheme not unit-cost: merges, cheaper
        substitutions), not sclite's WER; "" otherwise."""
        if self.yields != "align":
            return ""
        scheme = self.word_scheme()
        return "" if scheme.unit_cost else scheme.path or scheme.name

    def warnings(self, chooser: str = "--metrics") -> list[str]:
        """What the options make a reader need to know (one line each);
        ``chooser`` names the option that chose the metrics (``align``'s
        ``--encoding``)."""
        out = list(self.params.warnings) + self.idle_options(chooser)
        if "parseval" in self.metrics and not self.params.labeled:
            out.append("LABELED 0 in the parameter file: PARSEVAL's recall, precision and F "
                       "are unlabelled, as EVALB's are then; the labelled figures are JSON's "
                       "labelled_recall, labelled_precision and labelled_f")
        if "tagging" in self.metrics:
            out += self.tags.warnings()
        weights = self.word_weights()
        if weights:
            merge = self.word_scheme().merge
            out.append(f"the word error rate is weighted by {weights}, whose costs are not all "
                       "1" + ("" if merge is None else f" (a merge of words costs {merge:g})")
                       + ": it is that scheme's cost over the gold words, not sclite's WER "
                       "(--word-costs words gives that)")
        return out

    def idle_options(self, chooser: str = "--metrics") -> list[str]:
        """Options that change nothing in this run, which a reader would
        otherwise believe had shaped its numbers (one line each)."""
        metrics, out = self.metrics, []
        for metric, scheme in self.schemes.items():
            if metric not in metrics:
                out.append(f"--{metric}-costs {scheme.name} has no effect: {metric} is not "
                           f"in {chooser}")
        for given, options, metric in (
                (self.tags != TagConfig(), "--scoring, --tagset, --weights and --separator have",
                 "tagging"),
                (self.la_preterminals, "--la-preterminals has", "la"),
                (self.rule_pos != "words", "--rule-pos has", "rule"),
                (self.with_preterminals or self.split or self.weighted,
                 "--with-preterminals, --split and --weighted have", "parseval"),
                ((self.heads, self.dep_labels, self.dep_every_word, self.dep_relations)
                 != ("collins", "auto", False, "full"),
                 "--heads, --dep-labels, --dep-every-word and --dep-relations have", "dep"),
                (self.unsupervised is not None or self.max_words is not None,
                 "--unsupervised and --max-words have", "unsupervised")):
            if given and metric not in metrics:
                out.append(f"{options} no effect: {metric} is not in {chooser}")
        if self.word_costs is not None and self.yields != "align":
            out.append(f"--word-costs {self.word_costs.name} has no effect without "
                       "--yield align")
        if self.movement.method == "cascade" and (
                "label" not in metrics or self.scheme("label").movement is None):
            out.append("--movement cascade has no effect: no label scheme with a movement "
                       "cost is scored")
        if self.movement.method != "cascade" and self.movement != FIVE_STEP:
            out.append("--max-moves and --max-k have no effect without --movement cascade")
        if self.error_rules is not None and not self.error_classes:
            out.append(f"--error-rules {self.error_rules.name} has no effect without "
                       "--error-classes")
        with_schemes = (*self.edit_metrics, *(m for m in ("la",) if m in metrics),
                        *(m for m in ("ted",) if m in metrics and m in self.schemes))
        if self.params.normalisation.strip_function_tags and with_schemes:
            from parsedit.costs import CostScheme

            for metric in with_schemes:
                # (TED's scheme is any declarative one, for its label costs)
                scheme = self.schemes[metric] if metric == "ted" else self.scheme(metric)
                if isinstance(scheme, CostScheme) and any(
                        e.same == "base" for e in scheme.substitute):
                    out.append(
                        f"the {metric} scheme {scheme.name} compares function tags (same = "
                        f"\"base\"), but {self.params.source or 'the parameter file'} "
                        "strips them (STRIP_FUNCTION_TAGS 1), so those entries never apply; "
                        "-p function-tags keeps them")
        return out
