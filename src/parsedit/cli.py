"""The ``parsedit`` command: a thin click shell over the library.

Every user error is a :class:`ParseditError` turned into one line on standard
error and exit status 2; a run whose GOLD and TEST hold different numbers of
trees, in which no sentence could be scored, or which stopped after too many
errors (EVALB's MAX_ERROR) still prints its report and exits 1.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable
from functools import wraps
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import click

from parsedit import __version__
from parsedit.compare import compare, names_for
from parsedit.config import AVERAGES, DEFAULT_METRICS, Config
from parsedit.costs import load_costs
from parsedit.costs.scheme import TRANSDUCER_SUFFIXES, CostScheme, shipped_file, shipped_names
from parsedit.encodings import NAMES
from parsedit.errors import ConfigError, ParseditError
from parsedit.metrics.movement import METHODS
from parsedit.params import load_params
from parsedit.pipeline import Scorer, evaluate, pairs
from parsedit.pipeline import align as align_pair
from parsedit.report import align as align_report
from parsedit.report import compare as compare_report
from parsedit.report import evalb as evalb_report
from parsedit.report import json as json_report
from parsedit.report import plot as plot_report
from parsedit.report import scheme as scheme_report
from parsedit.report import tags as tags_report
from parsedit.report import text as text_report
from parsedit.report import tsv as tsv_report
from parsedit.results import CorpusResult, LineageScript
from parsedit.tagging.evaluate import evaluate_tags, tag_config
from parsedit.tagging.reader import FORMATS

F = TypeVar("F", bound=Callable[..., Any])


def _user_errors(func: F) -> F:
    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except ParseditError as exc:
            click.echo(f"parsedit: error: {exc}", err=True)
            sys.exit(2)
    return wrapper  # type: ignore[return-value]


def _config(metrics: str, rule_pos: str, costs: dict[str, str | None],
            params: str = "collins", cutoff: int | None = None, max_error: int | None = None,
            **options: Any) -> Config:
    """The Config of a command's options (``options`` go to Config.from_options)."""
    return Config.from_options(metrics, params, costs, cutoff, max_error, rule_pos=rule_pos,
                               **options)


class _Progress:
    """A progress line on standard error, once a run has taken 2 seconds."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.start = self.last = time.monotonic()
        self.shown = False
        self.width = 60

    def __call__(self, number: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.start < 2 or now - self.last < 0.25:
            return
        self.last, self.shown = now, True
        click.echo(f"\rparsedit: {number} sentences scored, "
                   f"{number / (now - self.start):,.0f} a second", err=True, nl=False)

    def phase(self, name: str, total: int, done: int) -> None:
        """A named phase of a longer run, ``done`` of ``total``."""
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.start < 2 or (now - self.last < 0.25 and 0 < done < total):
            return
        self.last, self.shown = now, True
        share = f" ({100 * done / total:.0f}%)" if total else ""
        line = f"parsedit: {name}: {done:,} of {total:,}{share}"
        click.echo("\r" + line.ljust(self.width)[:max(self.width, len(line))], err=True,
                   nl=False)
        self.width = max(self.width, len(line))

    def close(self) -> None:
        if self.shown:
            click.echo("\r" + " " * self.width + "\r", err=True, nl=False)


def _render(result: CorpusResult, gold: str, test: str, fmt: str) -> str:
    if fmt == "evalb":
        if "parseval" not in result.metrics:
            raise ConfigError("--format evalb needs the parseval metric in --metrics")
        return evalb_report.render(result)
    return (json_report.render if fmt == "json" else text_report.render)(result, gold, test)


def _warn(warnings: Iterable[str]) -> None:
    for warning in warnings:
        click.echo(f"parsedit: warning: {warning}", err=True)


def _finish(result: CorpusResult, gold: str, test: str, fmt: str, output: str | None) -> None:
    report = _render(result, gold, test, fmt)
    _warn(result.warnings)
    if fmt == "evalb":
        for line in evalb_report.stderr_lines(result):
            click.echo(line, err=True)
    else:
        for s in result.sentences:
            if s.status != "ok":
                counted = " (counted as a parse with no constituents)" if s.counted else ""
                click.echo(f"parsedit: sentence {s.id} {s.status}: {s.message}{counted}",
                           err=True)
    if output:
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(report)
    else:
        click.echo(report, nl=False)
    problems = _run_errors(result, gold, test)
    for problem in problems:
        click.echo(f"parsedit: error: {problem}", err=True)
    if problems:
        sys.exit(1)


def _run_errors(result: CorpusResult, gold: str, test: str, several: bool = False
                ) -> list[str]:
    """What makes a printed report exit 1: a stopped run, files with different
    numbers of trees, nothing scored (at most one line; the first that holds;
    naming ``test`` where ``several`` tests were scored)."""
    if result.stopped:
        return [result.stopped]
    if not result.complete:
        return [f"{gold} holds {result.gold_trees} trees but {test} holds "
                f"{result.test_trees}; the pairs beyond the shorter file are not scored"]
    if result.sentences and not result.count("ok"):
        return ["no sentence could be scored" + (f" in {test}" if several else "")]
    return []


_FILE = click.Path(exists=True, dir_okay=False)
_metrics_option = click.option(
    "--metrics", default=",".join(DEFAULT_METRICS), show_default=True,
    help="Comma-separated metrics: parseval (EVALB's), the edit distances label, span, "
         "rule, and la (leaf-ancestor).")
_la_preterminals_option = click.option(
    "--la-preterminals", is_flag=True, help="Leaf-ancestor lineages include the tags.")
_params_option = click.option(
    "--params", "-p", default="collins", show_default=True,
    metavar="collins|new|none|function-tags|PATH",
    help="EVALB parameter file: a shipped one by name, or any .prm file.")
_failures_option = click.option(
    "--failures", type=click.Choice(["skip", "count"]), default="skip", show_default=True,
    help="A test sentence that is empty, unreadable or a parser's failure marker: left out "
         "of the sums (skip, EVALB's way) or scored as a parse with no constituents over "
         "the gold words (count, EVALB_SPMRL's -X).")
_rule_pos_option = click.option(
    "--rule-pos", type=click.Choice(["words", "tags"]), default="words", show_default=True,
    help="Write preterminal children of rules as their words (Roark's evaluation) or tags.")


def _cost_options(func: F) -> F:
    func = click.option("--la-costs", metavar="NAME|PATH", default=None,
                        help="Cost scheme for the leaf-ancestor lineages (default "
                             "leaf-ancestor; the paper's: sampson-first-char).")(func)
    for name in reversed(NAMES):
        func = click.option(f"--{name}-costs", metavar="NAME|PATH", default=None,
                            help=f"Cost scheme for the {name} encoding.")(func)
    return func


def _tag_options(func: F) -> F:
    for option in reversed((
        click.option("--tagset", metavar="NAME|FILE", default=None,
                     help="Tagset description naming each PoS's categories (shipped: "
                          "ipipan). Without one, positions are compared by index."),
        click.option("--weights", metavar="NAME|FILE", default=None,
                     help="Category weights for wpa and cwpa (shipped: poliqarp)."),
        click.option("--separator", default=":", show_default=True,
                     help="What separates a tag's PoS and category values."),
        click.option("--scoring", default=None, metavar="full,pos,pa,wpa,cwpa",
                     help="Scoring functions (default: full,pos,pa, and wpa,cwpa with "
                          "--weights)."),
    )):
        func = option(func)
    return func


@click.group()
@click.version_option(__version__, prog_name="parsedit")
def main() -> None:
    """Evaluate constituency parses by edit distance over weighted FSTs."""


def _scoring_options(func: F) -> F:
    """Every option that changes a number, shared by ``score`` and ``compare``
    (one definition: :func:`_scoring_config` turns them into a Config)."""
    for option in reversed((
        _metrics_option,
        _params_option,
        click.option("--cutoff", "-c", type=click.IntRange(min=0), default=None, metavar="N",
                     help="Length cut-off of the second summary (overrides CUTOFF_LEN)."),
        click.option("--max-error", "-e", type=click.IntRange(min=0), default=None,
                     metavar="N",
                     help="Stop where EVALB stops after N errors (overrides MAX_ERROR)."),
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
                     help="Also report sentence-averaged F and accuracies (corpus figures "
                          "stay)."),
        _failures_option,
        _rule_pos_option,
        _cost_options,
        click.option("--movement", type=click.Choice(METHODS), default="five-step",
                     show_default=True,
                     help="Apply the label scheme's movement cost by Roark's five steps, or "
                          "by composing the cascade of move transducers (exact, slow)."),
        click.option("--max-moves", type=click.IntRange(min=0), default=2, show_default=True,
                     metavar="M", help="cascade: at most M moves."),
        click.option("--max-k", type=click.IntRange(min=2), default=6, show_default=True,
                     metavar="K", help="cascade: at most K close brackets per move."),
        _la_preterminals_option,
        _tag_options,
    )):
        func = option(func)
    return func


def _scoring_config(options: dict[str, Any]) -> Config:
    """The Config of the options :func:`_scoring_options` added (removed from
    ``options``)."""
    pop = options.pop
    costs = {name: pop(f"{name}_costs") for name in (*NAMES, "la")}
    return _config(pop("metrics"), pop("rule_pos"), costs, pop("params"), pop("cutoff"),
                   pop("max_error"), with_preterminals=pop("with_preterminals"),
                   split=pop("split"), weighted=pop("weighted"), average=pop("average"),
                   failures=pop("failures"), movement=pop("movement"),
                   max_moves=pop("max_moves"), max_k=pop("max_k"),
                   la_preterminals=pop("la_preterminals"), scoring=pop("scoring"),
                   tagset=pop("tagset"), weights=pop("weights"), separator=pop("separator"))


@main.command()
@click.argument("gold", type=_FILE, required=False)
@click.argument("test", type=_FILE, required=False)
@_scoring_options
@click.option("--format", "fmt", type=click.Choice(["text", "json", "evalb"]), default="text",
              show_default=True, help="Report format (evalb: EVALB's report, byte for byte).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write the report to this file instead of standard output.")
@click.option("--signature-only", is_flag=True,
              help="Print the signature these options give, and nothing else.")
@click.option("--worst-words", type=click.IntRange(min=0), default=0, metavar="K",
              help="With la: list the K lineage pairs that lose the most over the corpus.")
@click.option("--per-sentence", type=click.Path(dir_okay=False), default=None,
              metavar="FILE.tsv", help="Also write every sentence's figures as TSV.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Score with N processes (the numbers are the same).")
@click.option("-q", "--quiet", is_flag=True, help="No progress line on standard error.")
@click.option("--errors", "errors_top", type=click.IntRange(min=1), default=None,
              metavar="K", help="Error analysis: the K most frequent edits per encoding, "
                               "per-label recall/precision/F, the K worst sentences per "
                               "metric and the K largest PARSEVAL/edit disagreements.")
@_user_errors
def score(gold: str | None, test: str | None, fmt: str, output: str | None,
          signature_only: bool, worst_words: int, per_sentence: str | None, jobs: int,
          quiet: bool, errors_top: int | None, **scoring: Any) -> None:
    """Score every TEST tree against the GOLD tree on the same line."""
    config = _scoring_config(scoring)
    if fmt == "evalb" and config.weighted:
        raise ConfigError("--format evalb cannot show --weighted matches (fractions); use "
                          "text or json")
    if worst_words and "la" not in config.metrics:
        raise ConfigError("--worst-words needs the la metric in --metrics")
    if fmt == "evalb" and (config.split or config.with_preterminals):
        raise ConfigError("--format evalb prints EVALB's report, and --split and "
                          "--with-preterminals change what its figures count (they would "
                          "not be EVALB's); use --format text or json with them")
    if signature_only:
        click.echo(config.signature())
        return
    if config.failures == "count" and fmt == "evalb":
        raise ConfigError("--format evalb cannot show --failures count: EVALB's report sums "
                          "only the sentences it scored; use --format text or json")
    if gold is None or test is None:
        raise ConfigError("score needs GOLD and TEST files (or --signature-only)")
    progress = _Progress(sys.stderr.isatty() and not quiet)
    result = evaluate(gold, test, config, worst_words, jobs, progress, errors_top or 0)
    progress.close()
    if per_sentence:
        with open(per_sentence, "w", encoding="utf-8") as handle:
            handle.write(tsv_report.render(result))
    _finish(result, gold, test, fmt, output)


@main.command()
@click.argument("gold", type=_FILE)
@click.argument("test", type=_FILE)
@click.option("--sentence", "-n", type=click.IntRange(min=1), required=True,
              help="Which pair to show (1-based).")
@click.option("--encoding", type=click.Choice([*NAMES, "lineage"]), default="label",
              show_default=True, help="Which string to align (lineage: leaf-ancestor, "
                                      "word by word).")
@_params_option
@_rule_pos_option
@_cost_options
@_la_preterminals_option
@_user_errors
def align(gold: str, test: str, sentence: int, encoding: str, params: str, rule_pos: str,
          label_costs: str | None, span_costs: str | None, rule_costs: str | None,
          la_costs: str | None, la_preterminals: bool) -> None:
    """Show one pair's alignment, each edit marked with its cost."""
    metric = "la" if encoding == "lineage" else encoding
    config = _config(metric, rule_pos,
                     {"label": label_costs, "span": span_costs, "rule": rule_costs,
                      "la": la_costs}, params, la_preterminals=la_preterminals)
    _warn(config.warnings())
    scorer = Scorer.for_files(config, gold, test, details=True)  # ties broken as --errors
    number = 0
    for number, g, t in pairs(gold, test):
        if number == sentence:
            script = align_pair(scorer, metric, number, g, t, gold, test)
            if isinstance(script, LineageScript):
                click.echo(align_report.render_lineages(script, sentence), nl=False)
            else:
                click.echo(align_report.render(script, sentence), nl=False)
            return
    raise ConfigError(f"there is no sentence {sentence}: the files hold {number} pairs")


@main.command()
@click.option("--format", "fmt", type=click.Choice(["text", "json", "evalb"]), default="text",
              show_default=True, help="Report format.")
@_user_errors
def demo(fmt: str) -> None:
    """Score the bundled sample data: the last 310 trees of the French Sequoia
    treebank against a copy with synthetic parse errors."""
    data = resources.files("parsedit.data")
    with resources.as_file(data.joinpath("sequoia-gold.mrg")) as gold, \
            resources.as_file(data.joinpath("sequoia-perturbed.mrg")) as test:
        if fmt == "text":
            click.echo("Demo: the last 310 trees of the French Sequoia treebank against a copy "
                       "with synthetic parse errors\n(wrong attachments, missing and extra "
                       "brackets, wrong labels).\n")
        _finish(evaluate(str(gold), str(test)), "sequoia-gold.mrg", "sequoia-perturbed.mrg",
                fmt, None)


@main.command(name="compare")
@click.argument("gold", type=_FILE)
@click.argument("systems", nargs=-1, required=True, type=_FILE, metavar="SYSTEM...")
@click.option("--name", "names", multiple=True, metavar="NAME",
              help="A name for each system, in order (default: the file names without "
                   "their last suffix). Repeatable.")
@_scoring_options
@click.option("--baseline", metavar="NAME", default=None,
              help="Compare every other system with this one only (a name or file), as "
                   "sacreBLEU does; default: every pair.")
@click.option("--paired", "test", type=click.Choice(["ar", "bs"]), default="ar",
              show_default=True,
              help="The paired test of the p-values: approximate randomisation or bootstrap.")
@click.option("--alpha", type=click.FloatRange(0, 1, min_open=True, max_open=True),
              default=0.05, show_default=True,
              help="Significance level (after Holm's correction); intervals are at 1 - alpha.")
@click.option("--samples", type=click.IntRange(min=1), default=10000, show_default=True,
              help="Rounds of the randomisation test and of the bootstrap.")
@click.option("--seed", type=int, default=12345, show_default=True,
              help="Seed of the randomisation and the bootstrap (part of the signature).")
@click.option("--format", "fmt", type=click.Choice(compare_report.FORMATS), default="text",
              show_default=True, help="Report format.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write the report to this file instead of standard output.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Score with N processes (the numbers are the same).")
@click.option("-q", "--quiet", is_flag=True, help="No progress line on standard error.")
@_user_errors
def compare_command(gold: str, systems: tuple[str, ...], names: tuple[str, ...],
                    baseline: str | None, test: str, alpha: float, samples: int, seed: int,
                    fmt: str, output: str | None, jobs: int, quiet: bool,
                    **scoring: Any) -> None:
    """Compare several systems on one gold file: figures with confidence intervals,
    ranks, rank agreement and paired significance (Roark's Table 3)."""
    config = _scoring_config(scoring)
    progress = _Progress(sys.stderr.isatty() and not quiet)
    comparison = compare(gold, list(systems), config, names, samples, seed, jobs,
                         progress.phase, baseline, test, alpha)
    progress.close()
    report = compare_report.render(comparison, gold, fmt)
    _warn(comparison.warnings)
    if output:
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(report)
    else:
        click.echo(report, nl=False)
    problems = [p for result, path in zip(comparison.results, systems)
                for p in _run_errors(result, gold, path, several=True)]
    for problem in problems:
        click.echo(f"parsedit: error: {problem}", err=True)
    if problems:
        sys.exit(1)


@main.command()
@click.argument("kind", type=click.Choice(plot_report.KINDS))
@click.argument("gold", type=_FILE)
@click.argument("tests", nargs=-1, required=True, type=_FILE, metavar="TEST...")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              metavar="FILE.png|svg|pdf", help="The image to write.")
@click.option("--name", "names", multiple=True, metavar="NAME",
              help="A name for each TEST, in order (default: the file names).")
@_params_option
@_cost_options
@_user_errors
def plot(kind: str, gold: str, tests: tuple[str, ...], output: str, names: tuple[str, ...],
         params: str, label_costs: str | None, span_costs: str | None,
         rule_costs: str | None, la_costs: str | None) -> None:
    """Draw one of Roark's or Sampson and Babarczy's figures (KIND) for TEST files,
    or the confidence intervals of a comparison (intervals)."""
    plot_report.check(kind, len(tests), output)
    config = _config(",".join(plot_report.NEEDS[kind]), "words",
                     {"label": label_costs, "span": span_costs, "rule": rule_costs,
                      "la": la_costs}, params)
    _warn(config.warnings())
    if kind == "intervals":
        comparison = compare(gold, list(tests), config, names, test="bs")
        _warn(comparison.warnings)
        plot_report.draw_intervals(comparison, output)
    else:
        labels = names_for(list(tests), names)
        plot_report.draw(kind, [(label, evaluate(gold, test, config))
                                for label, test in zip(labels, tests)], output)
    click.echo(f"wrote {output}")


@main.group()
def grammars() -> None:
    """List, show, check and compile cost schemes."""


@grammars.command("list")
def grammars_list() -> None:
    """The shipped cost schemes, with what each is for."""
    for name in shipped_names():
        path = shipped_file(name)
        assert path is not None
        click.echo(scheme_report.summary(path.read_text(encoding="utf-8")))


@grammars.command()
@click.argument("scheme", metavar="NAME|PATH")
@_user_errors
def show(scheme: str) -> None:
    """A scheme and its costs as readable tables."""
    click.echo(scheme_report.render(load_costs(scheme)), nl=False)


@grammars.command()
@click.argument("scheme", metavar="NAME|PATH")
@click.option("--alphabet", "treebanks", multiple=True, type=_FILE, metavar="TREEBANK",
              help="Check classes against the labels of these trees (default: the Penn "
                   "Treebank's labels and tags); a grammar module is built over them. "
                   "Repeatable.")
@_params_option
@_user_errors
def check(scheme: str, treebanks: tuple[str, ...], params: str) -> None:
    """Every error in a scheme (a file or a shipped name), with its line; exit 1
    if there is one."""
    from parsedit.costs import check as scheme_check
    from parsedit.costs.alphabet import collect
    from parsedit.costs.transducer import FstScheme

    path = Path(scheme) if Path(scheme).is_file() else shipped_file(scheme)
    if path is None or path.suffix in TRANSDUCER_SUFFIXES:
        loaded = load_costs(scheme)  # refuses what score refuses, as score words it
        if treebanks and isinstance(loaded, FstScheme) and loaded.needs_alphabet:
            norm = load_params(params).normalisation
            for name in loaded.encodings or NAMES:
                loaded.transducer(collect(treebanks, name, norm))
            click.echo(f"{scheme}: loads, and builds a valid transducer over "
                       f"{' and '.join(treebanks)} ({loaded.describe()})")
        else:
            built = " (give --alphabet to run its build())" if loaded.needs_alphabet else ""
            click.echo(f"{scheme}: loads ({loaded.describe()}){built}")
        return
    if treebanks:
        norm = load_params(params).normalisation
        symbols = scheme_check.alphabet_symbols(collect(treebanks, name, norm) for name in NAMES)
        where = " and ".join(treebanks)
        if not symbols:
            raise ConfigError(f"no tree could be read from {where}")
    else:
        symbols, where = scheme_check.ptb_symbols(), "the Penn Treebank labels"
    problems = scheme_check.check(path, symbols, where)
    for problem in problems:
        click.echo(str(problem), err=True)
    errors = sum(p.level == "error" for p in problems)
    if errors:
        click.echo(f"{path}: {errors} error(s)", err=True)
        sys.exit(1)
    click.echo(f"{path}: OK ({load_costs(str(path)).describe()}), "
               f"{len(problems)} warning(s)")


@grammars.command()
@click.argument("scheme", metavar="NAME|PATH")
@click.option("--alphabet", "treebanks", multiple=True, type=_FILE, metavar="TREEBANK",
              required=True, help="Build the transducer over the symbols of these trees. "
                                  "Repeatable.")
@click.option("--encoding", "encodings", multiple=True, type=click.Choice(list(NAMES)),
              help="Which encodings to compile (default: those the scheme names, or all).")
@_params_option
@_rule_pos_option
@click.option("-o", "--output", type=click.Path(dir_okay=False), required=True,
              metavar="FILE.far", help="The FAR file to write, one transducer per encoding.")
@_user_errors
def compile(scheme: str, treebanks: tuple[str, ...], encodings: tuple[str, ...],
            params: str, rule_pos: str, output: str) -> None:
    """Compile a scheme to an OpenFst FAR over the alphabet of some treebanks."""
    from parsedit.costs.alphabet import collect
    from parsedit.costs.transducer import compiled
    from parsedit.fst.files import write_far

    loaded = load_costs(scheme)
    norm = load_params(params).normalisation
    fsts = {}
    for name in encodings or loaded.encodings or NAMES:
        alphabet = collect(treebanks, name, norm, rule_pos)
        if isinstance(loaded, CostScheme):
            fsts[name] = compiled(loaded, alphabet)
        elif loaded.needs_alphabet:
            fsts[name] = loaded.transducer(alphabet)
        else:
            raise ConfigError(f"{scheme} is already a compiled transducer")
        click.echo(f"{name}: {len(alphabet.symbols)} symbols, "
                   f"{fsts[name].num_states()} states", err=True)
    write_far(Path(output), fsts)
    if loaded.movement is not None:
        click.echo("parsedit: note: the movement correction is applied after the shortest "
                   "path, not by a transducer; scores through this FAR are the basic "
                   "distance", err=True)
    click.echo(f"wrote {output} ({loaded.describe()})")


@main.command()
@click.argument("gold", type=_FILE)
@click.argument("tests", nargs=-1, required=True, type=_FILE, metavar="TEST...")
@_tag_options
@click.option("--gold-format", type=click.Choice(FORMATS), default="auto", show_default=True,
              help="trees (preterminals), tsv (word<TAB>tag), slash (word/TAG lines).")
@click.option("--test-format", type=click.Choice(FORMATS), default="auto", show_default=True)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Report format.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write the report to this file instead of standard output.")
@_user_errors
def tags(gold: str, tests: tuple[str, ...], tagset: str | None, weights: str | None,
         separator: str, scoring: str | None, gold_format: str, test_format: str, fmt: str,
         output: str | None) -> None:
    """Score the tags of each TEST file against GOLD (Acedanski and Przepiorkowski)."""
    config = tag_config(scoring, tagset, weights, separator)
    results = [(test, evaluate_tags(gold, test, config, gold_format, test_format))
               for test in tests]
    render = tags_report.render_json if fmt == "json" else tags_report.render
    report = render(gold, results, config.scorings)
    _warn(config.warnings())
    for test, r in results:
        for s in r.sentences:
            if s.status != "ok":
                click.echo(f"parsedit: {test}: sentence {s.id} {s.status}: {s.message}",
                           err=True)
    if output:
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(report)
    else:
        click.echo(report, nl=False)
    for test, r in results:
        if not r.complete:
            click.echo(f"parsedit: error: {gold} holds {r.gold_trees} sentences but "
                       f"{test} holds {r.test_trees}", err=True)
            sys.exit(1)
        if r.sentences and not r.count("ok"):
            click.echo(f"parsedit: error: no sentence of {test} could be scored", err=True)
            sys.exit(1)
