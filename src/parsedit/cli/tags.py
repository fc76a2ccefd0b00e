"""``parsedit tags``: tagger evaluation."""

from __future__ import annotations

import sys

import click

from parsedit.cli.app import main, user_errors
from parsedit.cli.finish import check_outputs, emit, warn
from parsedit.cli.options import (
    FILE,
    encoding_options,
    encodings_of,
    format_options,
    option_files,
    tag_options,
)
from parsedit.report import tags as tags_report
from parsedit.tagging.config import tag_config
from parsedit.tagging.evaluate import evaluate_tags
from parsedit.trees.formats import TAGGED
from parsedit.trees.source import check_files


@main.command(short_help="Score the tags of TEST files against GOLD.")
@click.argument("gold", type=FILE)
@click.argument("tests", nargs=-1, required=True, type=FILE, metavar="TEST...")
@tag_options
@format_options(TAGGED)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Report format.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write the report to this file instead of standard output.")
@encoding_options()
@user_errors
def tags(gold: str, tests: tuple[str, ...], tagset: str | None, weights: str | None,
         separator: str, scoring: str | None, gold_format: str, test_format: str, fmt: str,
         output: str | None, input_encoding: str, gold_encoding: str | None,
         test_encoding: str | None) -> None:
    """Score the tags of each TEST file against GOLD (Acedanski and Przepiorkowski)."""
    gold_enc, test_enc = encodings_of(input_encoding, gold_encoding, test_encoding)
    config = tag_config(scoring, tagset, weights, separator)
    check_outputs(output, inputs=[("gold file", gold), *(("test file", t) for t in tests),
                                  *option_files({"tagset": tagset, "weights": weights})])
    check_files((gold, gold_enc), *((test, test_enc) for test in tests))
    results = [(test, evaluate_tags(gold, test, config, gold_format, test_format,
                                    gold_enc, test_enc))
               for test in tests]
    render = tags_report.render_json if fmt == "json" else tags_report.render
    report = render(gold, results, config.scorings)
    warn(config.warnings())
    for test, r in results:
        for s in r.sentences:
            if s.status != "ok":
                click.echo(f"parsedit: {test}: sentence {s.id} {s.status}: {s.message}",
                           err=True)
    emit(report, output)
    for test, r in results:
        if not r.complete:
            click.echo(f"parsedit: error: {gold} holds {r.gold_trees} sentences but "
                       f"{test} holds {r.test_trees}", err=True)
            sys.exit(1)
        if r.sentences and not r.count("ok"):
            click.echo(f"parsedit: error: no sentence of {test} could be scored", err=True)
            sys.exit(1)
