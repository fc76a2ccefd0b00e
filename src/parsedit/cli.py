"""The ``parsedit`` command: a thin click shell over the library.

Every user error is a :class:`ParseditError` turned into one line on standard
error and exit status 2; a run whose GOLD and TEST hold different numbers of
trees, in which no sentence could be scored, or which stopped after too many
errors (EVALB's MAX_ERROR) still prints its report and exits 1.  Ctrl-C is
one line and exit 130, SIGTERM one line and exit 143; a closed pipe on
standard output ends the run quietly with exit 141, as SIGPIPE ends other
Unix tools.  Output files are checked before the work and written whole
(:mod:`parsedit.output`).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from functools import wraps
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import click

from parsedit import __version__
from parsedit.compare import compare, names_for
from parsedit.costs import check as scheme_check
from parsedit.costs import load_costs
from parsedit.costs.alphabet import collect
from parsedit.costs.check import alphabet_symbols, ptb_symbols
from parsedit.costs.scheme import CostScheme, shipped_file, shipped_names
from parsedit.costs.transducer import TRANSDUCER_SUFFIXES, compiled, write_far
from parsedit.encodings import NAMES
from parsedit.errors import ConfigError, ParseditError
from parsedit.metrics.errors import analyse
from parsedit.metrics.leaf_ancestor import LAScored
from parsedit.metrics.movement import METHODS, Movement
from parsedit.output import check_destination, replacing, write_text
from parsedit.params import load_params, with_overrides
from parsedit.pipeline import (
    AVERAGES,
    DEFAULT_METRICS,
    METRICS,
    Config,
    Evaluator,
    evaluate,
    pairs,
)
from parsedit.report import align as align_report
from parsedit.report import compare as compare_report
from parsedit.report import evalb as evalb_report
from parsedit.report import json as json_report
from parsedit.report import plot as plot_report
from parsedit.report import scheme as scheme_report
from parsedit.report import tags as tags_report
from parsedit.report import text as text_report
from parsedit.report import tsv as tsv_report
from parsedit.results import CorpusResult
from parsedit.tagging.evaluate import TagConfig, evaluate_tags
from parsedit.tagging.reader import FORMATS
from parsedit.tagging.tagset import load_tagset, load_weights
from parsedit.trees.source import DEFAULT_ENCODING, check_encoding, check_files

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


class _Terminated(BaseException):
    """SIGTERM, raised where the program is, so that partial files are removed."""


def _terminate(signum: int, frame: object) -> None:
    raise _Terminated


class _Main(click.Group):
    """The command group: an unusable option is one line (``parsedit: error:
    ...``, exit 2) as every other user error is; Ctrl-C, SIGTERM and a closed
    pipe are handled."""

    def main(self, args: Sequence[str] | None = None,
             prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        def run() -> Any:
            return super(_Main, self).main(args, prog_name, complete_var, False, **extra)
        if not standalone_mode:
            return run()
        try:
            code = run()
        except click.exceptions.NoArgsIsHelpError as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            hint = ""
            if isinstance(exc, click.UsageError) and exc.ctx is not None:
                hint = f" (see '{exc.ctx.command_path} --help')"
            click.echo(f"parsedit: error: {exc.format_message().rstrip('.')}{hint}", err=True)
            sys.exit(exc.exit_code)
        except click.exceptions.Abort:
            click.echo("parsedit: interrupted", err=True)
            sys.exit(130)
        sys.exit(code if isinstance(code, int) else 0)

    def invoke(self, ctx: click.Context) -> Any:
        in_main = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGTERM, _terminate) if in_main else None
        try:
            try:
                return super().invoke(ctx)
            finally:
                sys.stdout.flush()  # a closed pipe shows here, not at exit
        except KeyboardInterrupt:
            click.echo("parsedit: interrupted", err=True)
            sys.exit(130)
        except _Terminated:
            click.echo("parsedit: terminated", err=True)
            sys.exit(143)
        except BrokenPipeError:
            # Nothing more can reach the reader; stop Python's flush at exit
            # from failing again.
            try:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())
            except (OSError, ValueError, AttributeError):
                pass
            sys.exit(141)
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)


def _metrics(value: str) -> tuple[str, ...]:
    names = tuple(v.strip() for v in value.split(",") if v.strip())
    if not names:  # unknown names are refused by Config
        raise ConfigError(f"--metrics takes a comma-separated list of {', '.join(METRICS)}")
    return names


def _config(metrics: str, rule_pos: str, costs: dict[str, str | None],
            params: str = "collins", cutoff: int | None = None, max_error: int | None = None,
            **options: Any) -> Config:
    """The Config of a command's options (``options`` go to Config as they are)."""
    schemes = {name: load_costs(path, name) for name, path in costs.items() if path}
    loaded = with_overrides(load_params(params), cutoff, max_error)
    return Config(metrics=_metrics(metrics), params=loaded, rule_pos=rule_pos,
                  schemes=schemes, **options)


class _Progress:
    """A progress line on standard error, once a run has taken 2 seconds."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.start = self.last = time.monotonic()
        self.shown = False

    def __call__(self, number: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.start < 2 or now - self.last < 0.25:
            return
        self.last, self.shown = now, True
        click.echo(f"\rparsedit: {number} sentences scored, "
                   f"{number / (now - self.start):,.0f} a second", err=True, nl=False)

    def close(self) -> None:
        if self.shown:
            click.echo("\r" + " " * 60 + "\r", err=True, nl=False)


def _render(result: CorpusResult, gold: str, test: str, fmt: str) -> str:
    if fmt == "evalb":
        if "parseval" not in result.metrics:
            raise ConfigError("--format evalb needs the parseval metric in --metrics")
        return evalb_report.render(result)
    return (json_report.render if fmt == "json" else text_report.render)(result, gold, test)


def _warn(warnings: list[str]) -> None:
    for warning in warnings:
        click.echo(f"parsedit: warning: {warning}", err=True)


def _emit(report: str, output: str | None) -> None:
    """The report to ``output`` (written whole) or to standard output."""
    if output:
        write_text(output, report)
    else:
        click.echo(report, nl=False)


def _finish(result: CorpusResult, gold: str, test: str, fmt: str, output: str | None) -> None:
    report = _render(result, gold, test, fmt)
    _warn(result.warnings)
    if fmt == "evalb":
        for line in evalb_report.stderr_lines(result):
            click.echo(line, err=True)
    else:
        for s in result.sentences:
            if s.status != "ok":
                click.echo(f"parsedit: sentence {s.id} {s.status}: {s.message}", err=True)
    _emit(report, output)
    if result.stopped:
        click.echo(f"parsedit: error: {result.stopped}", err=True)
        sys.exit(1)
    if not result.complete:
        click.echo(f"parsedit: error: {gold} holds {result.gold_trees} trees but {test} "
                   f"holds {result.test_trees}; the pairs beyond the shorter file are not "
                   "scored", err=True)
        sys.exit(1)
    if result.sentences and not result.count("ok"):
        click.echo("parsedit: error: no sentence could be scored", err=True)
        sys.exit(1)


MAX_JOBS = 256  # more processes than any machine gains from: a typo, not a wish
_FILE = click.Path(exists=True, dir_okay=False, allow_dash=True)
_ENCODING_HELP = ("Text encoding of the input files (default utf-8; latin-1 for Negra/Tiger "
                  "exports and older French Treebank releases).")


def _encoding_options(alias: bool = True, sides: bool = True) -> Callable[[F], F]:
    """``--encoding`` (``--input-encoding``, the only name where ``--encoding``
    names a string encoding), and ``--gold-encoding``/``--test-encoding``."""
    names = ("--encoding", "--input-encoding") if alias else ("--input-encoding",)

    def decorate(func: F) -> F:
        if sides:
            func = click.option("--test-encoding", metavar="E", default=None,
                                help="Text encoding of TEST (default: --encoding).")(func)
            func = click.option("--gold-encoding", metavar="E", default=None,
                                help="Text encoding of GOLD (default: --encoding).")(func)
        return click.option(*names, "input_encoding", metavar="E", default=DEFAULT_ENCODING,
                            show_default=True, help=_ENCODING_HELP)(func)
    return decorate


def _encodings(input_encoding: str, gold: str | None = None,
               test: str | None = None) -> tuple[str, str]:
    """The gold and test text encodings, each checked."""
    return (check_encoding(gold or input_encoding), check_encoding(test or input_encoding))
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


def _tag_config(scoring: str | None, tagset: str | None, weights: str | None,
                separator: str) -> TagConfig:
    loaded = load_weights(weights) if weights else None
    names = scoring or ("full,pos,pa" + (",wpa,cwpa" if loaded else ""))
    return TagConfig(tuple(n.strip() for n in names.split(",") if n.strip()),
                     load_tagset(tagset, separator), loaded)


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


@click.group(cls=_Main)
@click.version_option(__version__, prog_name="parsedit")
def main() -> None:
    """Evaluate constituency parses by edit distance over weighted FSTs."""


@main.command()
@click.argument("gold", type=_FILE, required=False)
@click.argument("test", type=_FILE, required=False)
@_metrics_option
@_params_option
@click.option("--cutoff", "-c", type=click.IntRange(min=0), default=None, metavar="N",
              help="Length cut-off of the second summary (overrides CUTOFF_LEN).")
@click.option("--max-error", "-e", type=click.IntRange(min=0), default=None, metavar="N",
              help="Stop where EVALB stops after N errors (overrides MAX_ERROR).")
@click.option("--with-preterminals", is_flag=True,
              help="PARSEVAL counts preterminals as constituents too.")
@click.option("--split", is_flag=True,
              help="PARSEVAL-split: a constituent matches only if its children's spans do.")
@click.option("--average", type=click.Choice(AVERAGES), default="corpus", show_default=True,
              help="Also report sentence-averaged F and accuracies (corpus figures stay).")
@_rule_pos_option
@_cost_options
@click.option("--movement", type=click.Choice(METHODS), default="five-step", show_default=True,
              help="Apply the label scheme's movement cost by Roark's five steps, or by "
                   "composing the cascade of move transducers (exact, slow).")
@click.option("--max-moves", type=click.IntRange(min=0), default=2, show_default=True,
              metavar="M", help="cascade: at most M moves.")
@click.option("--max-k", type=click.IntRange(min=2), default=6, show_default=True,
              metavar="K", help="cascade: at most K close brackets per move.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "evalb"]), default="text",
              show_default=True, help="Report format (evalb: EVALB's report, byte for byte).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write the report to this file instead of standard output.")
@click.option("--signature-only", is_flag=True,
              help="Print the signature these options give, and nothing else.")
@_la_preterminals_option
@click.option("--worst-words", type=click.IntRange(min=0), default=0, metavar="K",
              help="With la: list the K lineage pairs that lose the most over the corpus.")
@_tag_options
@click.option("--per-sentence", type=click.Path(dir_okay=False), default=None,
              metavar="FILE.tsv", help="Also write every sentence's figures as TSV.")
@click.option("-j", "--jobs", type=click.IntRange(min=1, max=MAX_JOBS), default=1,
              show_default=True, help="Score with N processes (the numbers are the same).")
@click.option("-q", "--quiet", is_flag=True, help="No progress line on standard error.")
@_encoding_options()
@click.option("--errors", "errors_top", type=click.IntRange(min=1), default=None,
              metavar="K", help="Error analysis: the K most frequent edits per encoding, "
                               "per-label recall/precision/F, the K worst sentences per "
                               "metric and the K largest PARSEVAL/edit disagreements.")
@_user_errors
def score(gold: str | None, test: str | None, metrics: str, params: str, cutoff: int | None,
          max_error: int | None, with_preterminals: bool, split: bool, average: str,
          rule_pos: str, label_costs: str | None, span_costs: str | None,
          rule_costs: str | None, la_costs: str | None, movement: str, max_moves: int,
          max_k: int, fmt: str, output: str | None, signature_only: bool,
          la_preterminals: bool, worst_words: int, tagset: str | None, weights: str | None,
          separator: str, scoring: str | None, per_sentence: str | None, jobs: int,
          quiet: bool, input_encoding: str, gold_encoding: str | None,
          test_encoding: str | None, errors_top: int | None) -> None:
    """Score every TEST tree against the GOLD tree on the same line (either may
    be - for standard input, and gzip, bzip2 or xz compressed)."""
    encodings = _encodings(input_encoding, gold_encoding, test_encoding)
    config = _config(metrics, rule_pos, {"label": label_costs, "span": span_costs,
                                         "rule": rule_costs, "la": la_costs},
                     params, cutoff, max_error, with_preterminals=with_preterminals,
                     split=split, average=average,
                     movement=Movement(movement, max_moves, max_k),
                     la_preterminals=la_preterminals,
                     tags=_tag_config(scoring, tagset, weights, separator),
                     errors=errors_top is not None)
    if worst_words and "la" not in config.metrics:
        raise ConfigError("--worst-words needs the la metric in --metrics")
    if fmt == "evalb" and "parseval" not in config.metrics:
        raise ConfigError("--format evalb needs the parseval metric in --metrics")
    if signature_only:
        click.echo(config.signature())
        return
    if gold is None or test is None:
        raise ConfigError("score needs GOLD and TEST files (or --signature-only)")
    _check_outputs(output, ("--per-sentence", per_sentence))
    progress = _Progress(sys.stderr.isatty() and not quiet)
    result = evaluate(gold, test, config, worst_words, jobs, progress, *encodings)
    progress.close()
    if errors_top is not None:
        result.errors = analyse(result, errors_top)
    if per_sentence:
        write_text(per_sentence, tsv_report.render(result), "--per-sentence")
    _finish(result, gold, test, fmt, output)


def _check_outputs(output: str | None, *others: tuple[str, str | None]) -> None:
    """Refuse unwritable destinations before the work, and two outputs to one file."""
    named = [("-o", output), *others]
    paths = [os.path.realpath(path) for _, path in named if path]
    if len(set(paths)) < len(paths):
        raise ConfigError(" and ".join(o for o, p in named if p) + " name the same file")
    for option, path in named:
        if path:
            check_destination(path, option)


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
@_encoding_options(alias=False)
@_user_errors
def align(gold: str, test: str, sentence: int, encoding: str, params: str, rule_pos: str,
          label_costs: str | None, span_costs: str | None, rule_costs: str | None,
          la_costs: str | None, la_preterminals: bool, input_encoding: str,
          gold_encoding: str | None, test_encoding: str | None) -> None:
    """Show one pair's alignment, each edit marked with its cost."""
    encodings = _encodings(input_encoding, gold_encoding, test_encoding)
    check_files((gold, encodings[0]), (test, encodings[1]))
    metric = "la" if encoding == "lineage" else encoding
    config = _config(metric, rule_pos,
                     {"label": label_costs, "span": span_costs, "rule": rule_costs,
                      "la": la_costs}, params, la_preterminals=la_preterminals)
    _warn(config.warnings())
    evaluator = Evaluator.for_files(config, gold, test, *encodings)
    number = 0
    for number, g, t in pairs(gold, test, *encodings):
        if number == sentence:
            result, scored = evaluator.pair(number, g, t, gold, test)
            if result.status != "ok":
                raise ConfigError(f"sentence {sentence} is not scored ({result.status}): "
                                  f"{result.message}")
            shown = scored[metric]
            scheme = config.scheme(metric).describe()
            if isinstance(shown, LAScored):
                click.echo(align_report.render_lineages(shown, scheme, sentence), nl=False)
            else:
                click.echo(align_report.render(shown, evaluator.encodings[metric], scheme,
                                               sentence), nl=False)
            return
    raise ConfigError(f"there is no sentence {sentence}: the files hold {number} pairs")


@main.command()
@click.option("--format", "fmt", type=click.Choice(["text", "json", "evalb"]), default="text",
              show_default=True, help="Report format.")
@_user_errors
def demo(fmt: str) -> None:
    """Score the bundled sample data (see parsedit/data/README.txt)."""
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
              help="A name for each system, in order (default: the file names). Repeatable.")
@click.option("--metrics", default=",".join(DEFAULT_METRICS), show_default=True,
              help="Comma-separated: parseval, label, span, rule, la.")
@_params_option
@_rule_pos_option
@_cost_options
@click.option("--samples", type=click.IntRange(min=1), default=10000, show_default=True,
              help="Rounds of the paired approximate randomisation test.")
@click.option("--seed", type=click.IntRange(min=0), default=12345, show_default=True,
              help="Seed of the randomisation (part of the signature).")
@click.option("--format", "fmt", type=click.Choice(compare_report.FORMATS), default="text",
              show_default=True, help="Report format.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write the report to this file instead of standard output.")
@click.option("-j", "--jobs", type=click.IntRange(min=1, max=MAX_JOBS), default=1,
              show_default=True, help="Score with N processes (the numbers are the same).")
@click.option("-q", "--quiet", is_flag=True, help="No progress line on standard error.")
@_encoding_options()
@_user_errors
def compare_command(gold: str, systems: tuple[str, ...], names: tuple[str, ...], metrics: str,
                    params: str, rule_pos: str, label_costs: str | None,
                    span_costs: str | None, rule_costs: str | None, la_costs: str | None,
                    samples: int, seed: int, fmt: str, output: str | None, jobs: int,
                    quiet: bool, input_encoding: str, gold_encoding: str | None,
                    test_encoding: str | None) -> None:
    """Compare several systems on one gold file: figures, ranks, rank agreement
    and paired significance (Roark's Table 3)."""
    gold_enc, test_enc = _encodings(input_encoding, gold_encoding, test_encoding)
    config = _config(metrics, rule_pos, {"label": label_costs, "span": span_costs,
                                         "rule": rule_costs, "la": la_costs}, params)
    _check_outputs(output)
    _warn(config.warnings())
    progress = _Progress(sys.stderr.isatty() and not quiet)
    comparison = compare(gold, list(systems), config, names, samples, seed, jobs, progress,
                         gold_enc, test_enc)
    progress.close()
    _emit(compare_report.render(comparison, gold, fmt), output)


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
@_encoding_options()
@_user_errors
def plot(kind: str, gold: str, tests: tuple[str, ...], output: str, names: tuple[str, ...],
         params: str, label_costs: str | None, span_costs: str | None,
         rule_costs: str | None, la_costs: str | None, input_encoding: str,
         gold_encoding: str | None, test_encoding: str | None) -> None:
    """Draw one of Roark's or Sampson and Babarczy's figures (KIND) for TEST files."""
    gold_enc, test_enc = _encodings(input_encoding, gold_encoding, test_encoding)
    config = _config(",".join(plot_report.NEEDS[kind]), "words",
                     {"label": label_costs, "span": span_costs, "rule": rule_costs,
                      "la": la_costs}, params)
    labels = names_for(list(tests), names)
    plot_report.check(kind, len(tests), output)
    _check_outputs(output)
    check_files((gold, gold_enc), *((test, test_enc) for test in tests))
    _warn(config.warnings())
    results = [(label, evaluate(gold, test, config, gold_encoding=gold_enc,
                                test_encoding=test_enc))
               for label, test in zip(labels, tests)]
    with replacing(output) as temporary:
        plot_report.draw(kind, results, temporary)
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
@click.argument("path", type=_FILE)
@click.option("--alphabet", "treebanks", multiple=True, type=_FILE, metavar="TREEBANK",
              help="Check classes against the labels of these trees (default: the Penn "
                   "Treebank's labels and tags). Repeatable.")
@_params_option
@_encoding_options(alias=False, sides=False)
@_user_errors
def check(path: str, treebanks: tuple[str, ...], params: str, input_encoding: str) -> None:
    """Every error in a scheme file, with its line; exit 1 if there is one."""
    if Path(path).suffix in TRANSDUCER_SUFFIXES:
        scheme = load_costs(path)
        click.echo(f"{path}: loads ({scheme.describe()})")
        return
    if treebanks:
        norm = load_params(params).normalisation
        check_files(*((treebank, check_encoding(input_encoding)) for treebank in treebanks))
        texts = (input_encoding,) * len(treebanks)
        symbols = alphabet_symbols(collect(treebanks, name, norm, text_encodings=texts)
                                   for name in NAMES)
        where = " and ".join(treebanks)
        if not symbols:
            raise ConfigError(f"no tree could be read from {where}")
    else:
        symbols, where = ptb_symbols(), "the Penn Treebank labels"
    problems = scheme_check.check(Path(path), symbols, where)
    for problem in problems:
        click.echo(str(problem), err=True)
    errors = sum(p.level == "error" for p in problems)
    if errors:
        click.echo(f"{path}: {errors} error(s)", err=True)
        sys.exit(1)
    click.echo(f"{path}: OK ({load_costs(path).describe()}), "
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
@_encoding_options(alias=False, sides=False)
@_user_errors
def compile(scheme: str, treebanks: tuple[str, ...], encodings: tuple[str, ...],
            params: str, rule_pos: str, output: str, input_encoding: str) -> None:
    """Compile a scheme to an OpenFst FAR over the alphabet of some treebanks."""
    loaded = load_costs(scheme)
    norm = load_params(params).normalisation
    _check_outputs(output)
    check_files(*((treebank, check_encoding(input_encoding)) for treebank in treebanks))
    texts = (input_encoding,) * len(treebanks)
    fsts = {}
    for name in encodings or loaded.encodings or NAMES:
        alphabet = collect(treebanks, name, norm, rule_pos, text_encodings=texts)
        if isinstance(loaded, CostScheme):
            fsts[name] = compiled(loaded, alphabet)
        elif loaded.needs_alphabet:
            fsts[name] = loaded.transducer(alphabet)
        else:
            raise ConfigError(f"{scheme} is already a compiled transducer")
        click.echo(f"{name}: {len(alphabet.symbols)} symbols, "
                   f"{fsts[name].num_states()} states", err=True)
    with replacing(output) as temporary:
        write_far(Path(temporary), fsts)
        if not Path(temporary).stat().st_size:
            raise ConfigError(f"-o {output}: OpenFst wrote nothing")
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
@_encoding_options()
@_user_errors
def tags(gold: str, tests: tuple[str, ...], tagset: str | None, weights: str | None,
         separator: str, scoring: str | None, gold_format: str, test_format: str, fmt: str,
         output: str | None, input_encoding: str, gold_encoding: str | None,
         test_encoding: str | None) -> None:
    """Score the tags of each TEST file against GOLD (Acedanski and Przepiorkowski)."""
    gold_enc, test_enc = _encodings(input_encoding, gold_encoding, test_encoding)
    config = _tag_config(scoring, tagset, weights, separator)
    _check_outputs(output)
    check_files((gold, gold_enc), *((test, test_enc) for test in tests))
    results = [(test, evaluate_tags(gold, test, config, gold_format, test_format,
                                    gold_enc, test_enc))
               for test in tests]
    render = tags_report.render_json if fmt == "json" else tags_report.render
    report = render(gold, results, config.scorings)
    for test, r in results:
        for s in r.sentences:
            if s.status != "ok":
                click.echo(f"parsedit: {test}: sentence {s.id} {s.status}: {s.message}",
                           err=True)
    _emit(report, output)
    for test, r in results:
        if not r.complete:
            click.echo(f"parsedit: error: {gold} holds {r.gold_trees} sentences but "
                       f"{test} holds {r.test_trees}", err=True)
            sys.exit(1)
        if r.sentences and not r.count("ok"):
            click.echo(f"parsedit: error: no sentence of {test} could be scored", err=True)
            sys.exit(1)
