"""The options the commands share, defined once: the scoring options of
``score`` and ``compare`` (:func:`scoring_options`, turned into a Config
by :func:`scoring_config`), input encodings, cost schemes, tagging.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

import click

from parsedit.cli.app import F
from parsedit.config import (
    AVERAGES,
    DEFAULT_METRICS,
    DEP_LABELS,
    DEP_RELATIONS,
    FAILURES,
    RANGES,
    ROUTES,
    SEGMENTATIONS,
    UNSUPERVISED,
    WORD_ALIGNERS,
    YIELDS,
    Config,
)
from parsedit.encodings import NAMES
from parsedit.metrics.movement import METHODS
from parsedit.names import names_file
from parsedit.params import DELETE_BY
from parsedit.params import SHIPPED as SHIPPED_PARAMS
from parsedit.trees.formats import FORMATS, chosen
from parsedit.trees.source import DEFAULT_ENCODING, check_encoding


def config_of(metrics: str, rule_pos: str, costs: dict[str, str | None],
            params: str = "collins", cutoff: int | None = None, max_error: int | None = None,
            **options: Any) -> Config:
    """The Config of a command's options (``options`` go to Config.from_options)."""
    return Config.from_options(metrics, params, costs, cutoff, max_error, rule_pos=rule_pos,
                               **options)


# The options that name an input file (or a shipped name), and what they are.
FILE_OPTIONS = {"params": "parameter file", "label_costs": "label scheme",
                "span_costs": "span scheme", "rule_costs": "rule scheme",
                "la_costs": "leaf-ancestor scheme", "word_costs": "word scheme",
                "tagset": "tagset", "weights": "weights file", "ted_costs": "TED scheme",
                "error_rules": "error-class rule set", "dep_costs": "dep scheme",
                "heads": "head table"}


def option_files(options: dict[str, Any]) -> list[tuple[str, str | None]]:
    """The files among a command's options (:data:`FILE_OPTIONS`) as (what,
    path) pairs, for ``check_outputs``'s inputs: shipped names are no files."""
    out: list[tuple[str, str | None]] = []
    for key, what in FILE_OPTIONS.items():
        value = options.get(key)
        if isinstance(value, str) and (value not in SHIPPED_PARAMS if key == "params"
                                       else names_file(value)):
            out.append((what, value))
    return out


def whole(name: str) -> click.IntRange:
    """The click type of a whole-number option, from its bounds in
    :data:`parsedit.config.RANGES` (which the Python API checks too)."""
    _, low, high = RANGES[name]
    return click.IntRange(min=low, max=high)


def available_cores() -> int:
    """The processors this process may run on (its affinity mask, which
    ``taskset`` and container CPU sets narrow), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # no affinity masks (macOS)
        return os.cpu_count() or 1


class Jobs(click.IntRange):
    """``-j``: a number of processes from 1 to :data:`~parsedit.config.MAX_JOBS`, or ``auto`` (the
    processors available to this process)."""

    name = "N|auto"

    def __init__(self) -> None:
        _, low, high = RANGES["jobs"]
        super().__init__(min=low, max=high)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        return available_cores() if value == "auto" else super().convert(value, param, ctx)


JOBS_HELP = ("Score with N processes, or auto: one per processor available (the numbers "
             "are the same whatever N).")


class InputFile(click.Path):
    """An input file, or ``-`` for standard input, which must be open: a
    standard input closed when the run began (``<&-``) is refused in one line."""

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        if value == "-" and sys.stdin is None:
            self.fail("standard input is closed, so '-' has nothing to read", param, ctx)
        return super().convert(value, param, ctx)


FILE = InputFile(exists=True, dir_okay=False, allow_dash=True)


ENCODING_HELP = ("Text encoding of the input files (default utf-8; latin-1 for Negra/Tiger "
                  "exports and older French Treebank releases).")



def encoding_options(alias: bool = True, sides: bool = True,
                     encoding_is: str | None = None) -> Callable[[F], F]:
    """``--encoding`` and ``--input-encoding`` (one option: the text encoding
    of the input files), and ``--gold-encoding``/``--test-encoding``.

    Without ``alias`` the text encoding is ``--input-encoding`` alone, for a
    command where ``--encoding`` is another option (``encoding_is`` says
    what, in the help) or none: each help names the command's own option."""
    names = ("--encoding", "--input-encoding") if alias else ("--input-encoding",)
    own = names[0]
    said = ENCODING_HELP if encoding_is is None else \
        f"{ENCODING_HELP.removesuffix(').')}; here --encoding is another option: {encoding_is})."

    def decorate(func: F) -> F:
        if sides:
            func = click.option("--test-encoding", metavar="E", default=None,
                                help=f"Text encoding of TEST (default: {own}).")(func)
            func = click.option("--gold-encoding", metavar="E", default=None,
                                help=f"Text encoding of GOLD (default: {own}).")(func)
        return click.option(*names, "input_encoding", metavar="E", default=DEFAULT_ENCODING,
                            show_default=True, help=said)(func)
    return decorate



def format_options(accepted: tuple[str, ...]) -> Callable[[F], F]:
    """``--gold-format`` and ``--test-format``: one of the formats the
    command takes (:mod:`parsedit.trees.formats`), or ``auto``."""
    described = "; ".join(f"{name}: {FORMATS[name]}" for name in accepted)

    def decorate(func: F) -> F:
        func = click.option("--test-format", type=click.Choice(("auto", *accepted)),
                            default="auto", show_default=True,
                            help="The format of TEST (see --gold-format).")(func)
        return click.option("--gold-format", type=click.Choice(("auto", *accepted)),
                            default="auto", show_default=True,
                            help=f"The format of GOLD ({described}; auto: told from its "
                                 "first lines that are not blank, by a vote).")(func)
    return decorate


def formats_of(command: str, accepted: tuple[str, ...], *files: tuple[str, str, str, str]
               ) -> list[str]:
    """Each (path, format asked for, encoding, option) file's format, refused
    if ``command`` does not read it (:func:`parsedit.trees.formats.chosen`)."""
    return [chosen(name, path, encoding, accepted, option, command)
            for path, name, encoding, option in files]


def encodings_of(input_encoding: str, gold: str | None = None,
               test: str | None = None) -> tuple[str, str]:
    """The gold and test text encodings, each checked."""
    return (check_encoding(gold or input_encoding), check_encoding(test or input_encoding))


metrics_option = click.option(
    "--metrics", default=None, show_default=",".join(DEFAULT_METRICS), metavar="LIST",
    help="Comma-separated metrics: parseval (EVALB's), the edit distances label, span and "
         "rule, la (leaf-ancestor), tagging (tagger measures), ted (tree edit distance), "
         "dep (dependencies: UAS/LAS, relations, dependency edit distance) and "
         "unsupervised (the unsupervised-parsing convention: sentence and corpus F1 of "
         "unlabelled spans; the default under -p unsupervised).")


la_preterminals_option = click.option(
    "--la-preterminals", is_flag=True, help="Leaf-ancestor lineages include the tags.")


params_option = click.option(
    "--params", "-p", default="collins", show_default=True,
    metavar="collins|new|none|function-tags|nk|spmrl|spmrl-hebrew|unsupervised|"
            "unsupervised-li2020|PATH",
    help="EVALB parameter file: a shipped one by name, or any .prm file.")


failures_option = click.option(
    "--failures", type=click.Choice(FAILURES), default="skip", show_default=True,
    help="A test sentence that is empty, unreadable, a parser's failure marker or a "
         "CoNLL-U sentence whose heads make no tree: left out of the sums (skip, EVALB's "
         "way), scored as a parse with no constituents (no heads, for dep) over the gold "
         "words (count), or, with -p spmrl, counted as EVALB_SPMRL's -X counts "
         "it (spmrl: -X counts too many gold brackets; parsedit does the same and a "
         "warning says by how much).")


def label_options(func: F) -> F:
    """``--delete-label`` and ``--equal-label``: labels deleted and made
    equal on top of the parameter file (score, compare, plot)."""
    func = click.option("--equal-label", "equal_labels", nargs=2, multiple=True,
                        metavar="A B",
                        help="Count labels A and B as one, on top of the parameter file "
                             "(as an EQ_LABEL line; repeatable).")(func)
    return click.option("--delete-label", "delete_labels", multiple=True, metavar="LABEL",
                        help="Delete LABEL on top of the parameter file (as a DELETE_LABEL "
                             "line: a phrase loses its bracket, a preterminal its word; "
                             "repeatable): --delete-label ROOT for a ROOT root.")(func)


delete_by_option = click.option(
    "--delete-by", type=click.Choice(DELETE_BY), default=None,
    help="Whose tags decide which words the parameter file's DELETE_LABEL deletes: each "
         "side's own (own, EVALB's way: the default unless the file says DELETE_BY_GOLD 1) "
         "or gold's on both sides (gold, disco-dop's way: a mis-tagged punctuation mark "
         "neither drops the sentence nor is scored).")


rule_pos_option = click.option(
    "--rule-pos", type=click.Choice(["words", "tags"]), default="words", show_default=True,
    help="The rule encoding writes a rule's preterminal children as their words (Roark's "
         "evaluation) or as their tags.")



def cost_options(func: F) -> F:
    func = click.option("--la-costs", metavar="NAME|PATH", default=None,
                        help="Cost scheme for the leaf-ancestor lineages (default "
                             "leaf-ancestor; the paper's: sampson-first-char).")(func)
    for name in reversed(NAMES):
        func = click.option(f"--{name}-costs", metavar="NAME|PATH", default=None,
                            help=f"Cost scheme for the {name} encoding.")(func)
    return func



def yield_options(func: F) -> F:
    """``--yield``, ``--word-costs`` and ``--word-aligner`` (score, compare,
    align, plot)."""
    func = click.option("--word-aligner", type=click.Choice(WORD_ALIGNERS), default="python",
                        show_default=True,
                        help="How --yield align computes the word alignment: a banded pass "
                             "over the word lattice in Python, or an OpenFst composition and "
                             "shortest path (the same alignments; python is faster).")(func)
    func = click.option("--word-costs", metavar="NAME|PATH", default=None,
                        help="Word cost scheme of --yield align (default words; shipped: "
                             "words-tokenisation).")(func)
    return click.option("--yield", "yields", type=click.Choice(YIELDS), default="strict",
                        show_default=True,
                        help="strict: the words must be equal, as in EVALB; align: a pair "
                             "whose words differ is scored through its word alignment.")(func)


heads_option = click.option(
    "--heads", metavar="NAME|PATH", default="collins", show_default=True,
    help="dep: the head table that converts trees to dependencies (shipped: collins, "
         "magerman, sequoia; or a file).")


dep_labels_option = click.option(
    "--dep-labels", type=click.Choice(DEP_LABELS), default="auto", show_default=True,
    help="dep: relations are function tags where the tree has them, else Collins' triples "
         "PARENT/HEAD/DEPENDENT (auto), or always triples.")


def dep_options(func: F) -> F:
    """The dependency metric's options (``score``, ``compare``, ``align``;
    ``convert`` takes the first two)."""
    for option in reversed((
        heads_option,
        dep_labels_option,
        click.option("--dep-every-word", is_flag=True,
                     help="dep: UAS, LAS and the relational figures score every word (by "
                          "default punctuation by the gold tags is left out)."),
        click.option("--dep-relations", type=click.Choice(DEP_RELATIONS), default="full",
                     show_default=True,
                     help="dep: compare relations whole, or up to their first ':' (prefix, "
                          "as the CoNLL 2018 script does)."),
        click.option("--dep-costs", metavar="NAME|PATH", default=None,
                     help="dep: cost scheme for the dependency edit distance (default "
                          "levenshtein; shipped: dep-label-half)."),
    )):
        func = option(func)
    return func


def dep_config(options: dict[str, Any]) -> dict[str, Any]:
    """The Config fields of the options :func:`dep_options` added but
    ``--dep-costs`` (removed from ``options``; :func:`scoring_config` takes
    that one with the other schemes)."""
    return {"heads": options.pop("heads"), "dep_labels": options.pop("dep_labels"),
            "dep_every_word": options.pop("dep_every_word"),
            "dep_relations": options.pop("dep_relations")}
def unsupervised_options(func: F) -> F:
    """``--unsupervised`` and ``--max-words`` (the unsupervised metric)."""
    func = click.option("--max-words", type=whole("max_words"), default=None, metavar="N",
                        help="The unsupervised metric leaves out sentences of more than N "
                             "kept gold words (150: compare_trees.py's cut-off; 10: "
                             "WSJ10).")(func)
    return click.option("--unsupervised", "unsupervised", type=click.Choice(UNSUPERVISED),
                        default=None,
                        help="The unsupervised metric's rules (default: the parameter "
                             "file's, else kim: Kim et al. 2019's compare_trees.py; "
                             "kim-skip-empty: its eval.py of 2019-03-10; kim-multiset; "
                             "li2020: Li et al. 2020's evaluate.py; prpn: PRPN's and "
                             "ON-LSTM's test_phrase_grammar.py).")(func)


def tag_options(func: F) -> F:
    for option in reversed((
        click.option("--tagset", metavar="NAME|FILE", default=None,
                     help="Tagging: the tagset description naming each PoS's categories "
                          "(shipped: ipipan). Without one, positions are compared by "
                          "index."),
        click.option("--weights", metavar="NAME|FILE", default=None,
                     help="Tagging: category weights for wpa and cwpa (shipped: "
                          "poliqarp)."),
        click.option("--separator", default=":", show_default=True,
                     help="Tagging: what separates a tag's PoS and category values."),
        click.option("--scoring", default=None, metavar="full,pos,pa,wpa,cwpa",
                     help="Tagging: the scoring functions (default: full,pos,pa, and "
                          "wpa,cwpa with --weights)."),
    )):
        func = option(func)
    return func



ted_costs_option = click.option(
    "--ted-costs", metavar="NAME|PATH", default=None,
    help="Cost scheme whose label substitution classes price a relabelled node in tree "
         "edit distance (--metrics ted; default: unit costs, disco-dop's).")


error_classes_option = click.option(
    "--error-classes", is_flag=True,
    help="Also classify every sentence's errors (PP attachment, coordination, unary, ...; "
         "Kummerfeld et al. 2012) read off the label edit script.")


error_rules_option = click.option(
    "--error-rules", metavar="NAME|PATH", default=None,
    help="The rule set naming the error classes (shipped: ptb, sequoia; default ptb).")


def scoring_options(func: F) -> F:
    """Every option that changes a number, shared by ``score`` and ``compare``
    (one definition: :func:`scoring_config` turns them into a Config)."""
    for option in reversed((
        metrics_option,
        params_option,
        label_options,
        delete_by_option,
        click.option("--cutoff", "-c", type=whole("cutoff"), default=None, metavar="N",
                     help="Every figure is also given over the sentences of at most N "
                          "words (the len<=N column; overrides the parameter file's "
                          "CUTOFF_LEN)."),
        click.option("--max-error", "-e", type=whole("max_error"), default=None,
                     metavar="N",
                     help="Stop the run where EVALB stops, after N errors (overrides the "
                          "parameter file's MAX_ERROR, 10 in collins); raise it to score "
                          "past them."),
        click.option("--with-preterminals", is_flag=True,
                     help="PARSEVAL counts preterminals as constituents too."),
        click.option("--split", is_flag=True,
                     help="PARSEVAL-split: a constituent matches only if its children's "
                          "spans do."),
        click.option("--weighted", is_flag=True,
                     help="Grammarly's weighted PARSEVAL: an unmatched test constituent "
                          "counts 1 - w(height), w(h) = 3/2 - (2/3)^(h-1)."),
        click.option("--average", type=click.Choice(AVERAGES), default="corpus",
                     show_default=True,
                     help="sentence: also report the mean of the sentences' F and "
                          "accuracies, beside the corpus figures (corpus: those alone)."),
        failures_option,
        rule_pos_option,
        cost_options,
        click.option("--movement", type=click.Choice(METHODS), default="five-step",
                     show_default=True,
                     help="Apply the label scheme's movement cost by Roark's five steps, or "
                          "by composing the cascade of move transducers (exact, slow)."),
        click.option("--max-moves", type=whole("max_moves"), default=2, show_default=True,
                     metavar="M", help="With --movement cascade: at most M moves."),
        click.option("--max-k", type=whole("max_k"), default=6, show_default=True,
                     metavar="K",
                     help="With --movement cascade: at most K close brackets per move."),
        la_preterminals_option,
        unsupervised_options,
        tag_options,
        dep_options,
        yield_options,
        click.option("--segmentation", type=click.Choice(SEGMENTATIONS), default="gold",
                     show_default=True,
                     help="gold: the n-th trees pair up; align (with --yield align): runs "
                          "of sentences pair up by their word alignment (a window of 4 "
                          "sentences a side, widened to 64 where no boundary agrees), merged "
                          "as forests; document: each file one word stream, runs of any "
                          "length."),
        click.option("--route", type=click.Choice(ROUTES), default="auto", show_default=True,
                     help="Which readers take the lines: auto (the fastest that applies; "
                          "the same figures) or reference (every sentence by the reference "
                          "reader). The route taken is in JSON's summary and on --verbose."),
        ted_costs_option,
        error_classes_option,
        error_rules_option,
    )):
        func = option(func)
    return func



def scoring_config(options: dict[str, Any]) -> Config:
    """The Config of the options :func:`scoring_options` added (removed from
    ``options``)."""
    pop = options.pop
    costs = {name: pop(f"{name}_costs") for name in (*NAMES, "la", "ted", "dep")}
    return config_of(pop("metrics"), pop("rule_pos"), costs, pop("params"), pop("cutoff"),
                   pop("max_error"), with_preterminals=pop("with_preterminals"),
                   split=pop("split"), weighted=pop("weighted"), average=pop("average"),
                   failures=pop("failures"), movement=pop("movement"),
                   max_moves=pop("max_moves"), max_k=pop("max_k"),
                   la_preterminals=pop("la_preterminals"), scoring=pop("scoring"),
                   tagset=pop("tagset"), weights=pop("weights"), separator=pop("separator"),
                   yields=pop("yields"), word_costs=pop("word_costs"),
                   word_aligner=pop("word_aligner"),
                   segmentation=pop("segmentation"), route=pop("route"),
                   error_classes=pop("error_classes"), error_rules=pop("error_rules"),
                   unsupervised=pop("unsupervised"), max_words=pop("max_words"),
                   delete_by=pop("delete_by"), delete_labels=pop("delete_labels"),
                   equal_labels=pop("equal_labels"), **dep_config(options))
