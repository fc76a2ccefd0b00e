"""The ``parsedit`` command: a thin click shell over the library.

Every user error is a :class:`ParseditError` turned into one line on standard
error and exit status 2; a run whose GOLD and TEST hold different numbers of
trees, in which no sentence could be scored, or which stopped after too many
errors (EVALB's MAX_ERROR) still prints its report and exits 1.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import wraps
from importlib import resources
from typing import Any, TypeVar

import click

from parsedit import __version__
from parsedit.costs import load_costs
from parsedit.encodings import NAMES
from parsedit.errors import ConfigError, ParseditError
from parsedit.params import load_params, with_overrides
from parsedit.pipeline import AVERAGES, METRICS, Config, Evaluator, evaluate, pairs
from parsedit.report import align as align_report
from parsedit.report import evalb as evalb_report
from parsedit.report import json as json_report
from parsedit.report import text as text_report
from parsedit.results import CorpusResult

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


def _metrics(value: str) -> tuple[str, ...]:
    names = tuple(v.strip() for v in value.split(",") if v.strip())
    if not names:  # unknown names are refused by Config
        raise ConfigError(f"--metrics takes a comma-separated list of {', '.join(METRICS)}")
    return names


def _config(metrics: str, rule_pos: str, costs: dict[str, str | None],
            params: str = "collins", cutoff: int | None = None, max_error: int | None = None,
            with_preterminals: bool = False, split: bool = False,
            average: str = "corpus") -> Config:
    schemes = {name: load_costs(path, name) for name, path in costs.items() if path}
    loaded = with_overrides(load_params(params), cutoff, max_error)
    for warning in loaded.warnings:
        click.echo(f"parsedit: warning: {warning}", err=True)
    return Config(metrics=_metrics(metrics), params=loaded, rule_pos=rule_pos,
                  schemes=schemes, with_preterminals=with_preterminals, split=split,
                  average=average)


def _render(result: CorpusResult, gold: str, test: str, fmt: str) -> str:
    if fmt == "evalb":
        if "parseval" not in result.metrics:
            raise ConfigError("--format evalb needs the parseval metric in --metrics")
        return evalb_report.render(result)
    return (json_report.render if fmt == "json" else text_report.render)(result, gold, test)


def _finish(result: CorpusResult, gold: str, test: str, fmt: str, output: str | None) -> None:
    report = _render(result, gold, test, fmt)
    if fmt == "evalb":
        for line in evalb_report.stderr_lines(result):
            click.echo(line, err=True)
    else:
        for s in result.sentences:
            if s.status != "ok":
                click.echo(f"parsedit: sentence {s.id} {s.status}: {s.message}", err=True)
    if output:
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(report)
    else:
        click.echo(report, nl=False)
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


_FILE = click.Path(exists=True, dir_okay=False)
_metrics_option = click.option(
    "--metrics", default=",".join(METRICS), show_default=True,
    help="Comma-separated metrics: parseval (EVALB's), and the edit distances label, "
         "span, rule.")
_params_option = click.option(
    "--params", "-p", default="collins", show_default=True, metavar="collins|new|none|PATH",
    help="EVALB parameter file: a shipped one by name, or any .prm file.")
_rule_pos_option = click.option(
    "--rule-pos", type=click.Choice(["words", "tags"]), default="words", show_default=True,
    help="Write preterminal children of rules as their words (Roark's evaluation) or tags.")


def _cost_options(func: F) -> F:
    for name in reversed(NAMES):
        func = click.option(f"--{name}-costs", metavar="NAME|PATH", default=None,
                            help=f"Cost scheme for the {name} encoding.")(func)
    return func


@click.group()
@click.version_option(__version__, prog_name="parsedit")
def main() -> None:
    """Evaluate constituency parses by edit distance over weighted FSTs."""


@main.command()
@click.argument("gold", type=_FILE)
@click.argument("test", type=_FILE)
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
@click.option("--format", "fmt", type=click.Choice(["text", "json", "evalb"]), default="text",
              show_default=True, help="Report format (evalb: EVALB's report, byte for byte).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write the report to this file instead of standard output.")
@_user_errors
def score(gold: str, test: str, metrics: str, params: str, cutoff: int | None,
          max_error: int | None, with_preterminals: bool, split: bool, average: str,
          rule_pos: str, label_costs: str | None, span_costs: str | None,
          rule_costs: str | None, fmt: str, output: str | None) -> None:
    """Score every TEST tree against the GOLD tree on the same line."""
    config = _config(metrics, rule_pos,
                     {"label": label_costs, "span": span_costs, "rule": rule_costs},
                     params, cutoff, max_error, with_preterminals, split, average)
    _finish(evaluate(gold, test, config), gold, test, fmt, output)


@main.command()
@click.argument("gold", type=_FILE)
@click.argument("test", type=_FILE)
@click.option("--sentence", "-n", type=click.IntRange(min=1), required=True,
              help="Which pair to show (1-based).")
@click.option("--encoding", type=click.Choice(list(NAMES)), default="label",
              show_default=True, help="Which string to align.")
@_params_option
@_rule_pos_option
@_cost_options
@_user_errors
def align(gold: str, test: str, sentence: int, encoding: str, params: str, rule_pos: str,
          label_costs: str | None, span_costs: str | None, rule_costs: str | None) -> None:
    """Show one pair's alignment, each edit marked with its cost."""
    config = _config(encoding, rule_pos,
                     {"label": label_costs, "span": span_costs, "rule": rule_costs}, params)
    evaluator = Evaluator.for_files(config, gold, test)
    number = 0
    for number, g, t in pairs(gold, test):
        if number == sentence:
            result, scored = evaluator.pair(number, g, t, gold, test)
            if result.status != "ok":
                raise ConfigError(f"sentence {sentence} is not scored ({result.status}): "
                                  f"{result.message}")
            click.echo(align_report.render(scored[encoding], evaluator.encodings[encoding],
                                           config.scheme(encoding).describe(), sentence),
                       nl=False)
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
