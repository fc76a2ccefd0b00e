"""``parsedit compare`` and ``plot``."""

from __future__ import annotations

import sys
from typing import Any

import click

from parsedit.cli.app import main, user_errors
from parsedit.cli.finish import Progress, check_outputs, emit, run_errors, warn
from parsedit.cli.options import (
    FILE,
    JOBS_HELP,
    Jobs,
    config_of,
    cost_options,
    encoding_options,
    encodings_of,
    error_rules_option,
    format_options,
    formats_of,
    label_options,
    option_files,
    params_option,
    scoring_config,
    scoring_options,
    yield_options,
)
from parsedit.compare import compare, headlines, names_for
from parsedit.output import replacing
from parsedit.pipeline.run import evaluate
from parsedit.report import compare as compare_report
from parsedit.report import plot as plot_report
from parsedit.trees.formats import COMPARED, TREES
from parsedit.trees.source import check_files


@main.command(name="compare", short_help="Compare systems: intervals, ranks, significance.")
@click.argument("gold", type=FILE)
@click.argument("systems", nargs=-1, required=True, type=FILE, metavar="SYSTEM...")
@click.option("--name", "names", multiple=True, metavar="NAME",
              help="A name for each system, in order (default: the file names without "
                   "their last suffix). Repeatable.")
@scoring_options
@click.option("--baseline", metavar="NAME", default=None,
              help="Compare every other system with this one only (a name or file), as "
                   "sacreBLEU does; default: every pair.")
@click.option("--paired", "test", type=click.Choice(["ar", "bs"]), default="ar",
              show_default=True,
              help="The paired test of the p-values: approximate randomisation or bootstrap.")
@click.option("--alpha", type=click.FloatRange(0, 1, min_open=True, max_open=True),
              default=0.05, show_default=True,
              help="Significance level (after Holm's correction). The systems' figures' "
                   "intervals are at 1 - alpha; each pair's difference interval at the "
                   "level where Holm's procedure stopped, 1 - alpha/(m - k) for m tests of "
                   "which k are significant.")
@click.option("--samples", type=click.IntRange(min=1), default=10000, show_default=True,
              help="Rounds of the randomisation test and of the bootstrap.")
@click.option("--seed", type=click.IntRange(min=0), default=12345, show_default=True,
              help="Seed of the randomisation and the bootstrap (part of the signature).")
@click.option("--format", "fmt", type=click.Choice(compare_report.FORMATS), default="text",
              show_default=True, help="Report format.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write the report to this file instead of standard output.")
@click.option("-j", "--jobs", type=Jobs(), default="1", show_default=True,
              help=JOBS_HELP)
@click.option("-q", "--quiet", is_flag=True, help="No progress line on standard error.")
@encoding_options()
@format_options(COMPARED)
@user_errors
def compare_command(gold: str, systems: tuple[str, ...], names: tuple[str, ...],
                    baseline: str | None, test: str, alpha: float, samples: int, seed: int,
                    fmt: str, output: str | None, jobs: int, quiet: bool,
                    input_encoding: str, gold_encoding: str | None,
                    test_encoding: str | None, gold_format: str, test_format: str,
                    **scoring: Any) -> None:
    """Compare several systems on one gold file: figures with confidence intervals,
    ranks, rank agreement and paired significance (Roark's Table 3)."""
    gold_enc, test_enc = encodings_of(input_encoding, gold_encoding, test_encoding)
    inputs = [("gold file", gold), *(("system file", s) for s in systems),
              *option_files(scoring)]
    found = formats_of("compare", COMPARED, (gold, gold_format, gold_enc, "--gold-format"),
                       *((s, test_format, test_enc, "--test-format") for s in systems))
    source = click.get_current_context().get_parameter_source("metrics")
    if "conllu" in found and source is click.core.ParameterSource.DEFAULT:
        scoring["metrics"] = "dep"  # as score: the only metric that scores dependency trees
    config = scoring_config(scoring)
    check_outputs(output, inputs=inputs)
    progress = Progress(sys.stderr.isatty() and not quiet)
    comparison = compare(gold, list(systems), config, names, samples, seed, jobs,
                         progress.phase, baseline, test, alpha, gold_enc, test_enc,
                         (gold_format, test_format))
    progress.close()
    report = compare_report.render(comparison, gold, fmt)
    warn(comparison.warnings)
    emit(report, output)
    problems = [p for result, path in zip(comparison.results, systems)
                for p in run_errors(result, gold, path, several=True)]
    for problem in problems:
        click.echo(f"parsedit: error: {problem}", err=True)
    if problems:
        sys.exit(1)



@main.command(short_help="Draw Roark's or Sampson and Babarczy's figures.")
@click.argument("kind", type=click.Choice(plot_report.KINDS))
@click.argument("gold", type=FILE)
@click.argument("tests", nargs=-1, required=True, type=FILE, metavar="TEST...")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              metavar="FILE.png|svg|pdf", help="The image to write.")
@click.option("--name", "names", multiple=True, metavar="NAME",
              help="A name for each TEST, in order (default: the file names).")
@params_option
@label_options
@cost_options
@yield_options
@encoding_options()
@format_options(TREES)
@error_rules_option
@user_errors
def plot(kind: str, gold: str, tests: tuple[str, ...], output: str, names: tuple[str, ...],
         params: str, delete_labels: tuple[str, ...],
         equal_labels: tuple[tuple[str, str], ...], label_costs: str | None,
         span_costs: str | None, rule_costs: str | None, la_costs: str | None, yields: str,
         word_costs: str | None,
         word_aligner: str, input_encoding: str, gold_encoding: str | None,
         test_encoding: str | None, gold_format: str, test_format: str,
         error_rules: str | None) -> None:
    """Draw one of Roark's or Sampson and Babarczy's figures (KIND) for TEST files,
    the confidence intervals of a comparison (intervals), or each system's errors
    by class as stacked bars (error-classes; --error-rules names the rule set)."""
    gold_enc, test_enc = encodings_of(input_encoding, gold_encoding, test_encoding)
    plot_report.check(kind, len(tests), output)
    config = config_of(",".join(plot_report.NEEDS[kind]), "words",
                     {"label": label_costs, "span": span_costs, "rule": rule_costs,
                      "la": la_costs}, params, yields=yields, word_costs=word_costs,
                     word_aligner=word_aligner,
                     error_classes=kind in plot_report.CLASSIFIED, error_rules=error_rules,
                     delete_labels=delete_labels, equal_labels=equal_labels)
    labels = names_for(list(tests), names)
    check_outputs(output, inputs=[
        ("gold file", gold), *(("test file", t) for t in tests),
        *option_files({"params": params, "label_costs": label_costs, "span_costs": span_costs,
                       "rule_costs": rule_costs, "la_costs": la_costs,
                       "word_costs": word_costs, "error_rules": error_rules})])
    check_files((gold, gold_enc), *((test, test_enc) for test in tests))
    formats_of("plot", TREES, (gold, gold_format, gold_enc, "--gold-format"),
               *((t, test_format, test_enc, "--test-format") for t in tests))
    warn(config.warnings())
    if kind == "intervals":
        comparison = compare(gold, list(tests), config, names, test="bs",
                             gold_encoding=gold_enc, test_encoding=test_enc)
        warn(comparison.warnings)
        with replacing(output) as temporary:
            plot_report.draw_intervals(comparison, temporary)
    else:
        scored = [evaluate(gold, test, config, gold_encoding=gold_enc,
                           test_encoding=test_enc) for test in tests]
        with replacing(output) as temporary:
            plot_report.draw(kind, list(zip(labels, scored)), temporary,
                             headlines(scored, config))
    click.echo(f"wrote {output}")
