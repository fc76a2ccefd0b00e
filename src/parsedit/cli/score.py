"""``parsedit score``, ``align`` and ``demo``."""

from __future__ import annotations

import os
import sys
from importlib import resources
from typing import Any

import click

from parsedit.cli.app import main, user_errors
from parsedit.cli.finish import Progress, check_outputs, finish, warn
from parsedit.cli.options import (
    FILE,
    JOBS_HELP,
    Jobs,
    config_of,
    cost_options,
    dep_config,
    dep_options,
    encoding_options,
    encodings_of,
    error_classes_option,
    error_rules_option,
    format_options,
    formats_of,
    la_preterminals_option,
    option_files,
    params_option,
    rule_pos_option,
    scoring_config,
    scoring_options,
    whole,
    yield_options,
)
from parsedit.config import Config, check_run
from parsedit.encodings import NAMES
from parsedit.errors import ConfigError
from parsedit.output import write_text
from parsedit.pipeline.run import evaluate
from parsedit.pipeline.scorer import Scorer, pairs
from parsedit.pipeline.scorer import align as align_pair
from parsedit.report import evalb as evalb_report
from parsedit.signature import signature
from parsedit.trees.formats import SCORED, against_gold
from parsedit.trees.source import check_files


@main.command(short_help="Score every TEST tree against its GOLD tree.")
@click.argument("gold", type=FILE, required=False)
@click.argument("test", type=FILE, required=False)
@scoring_options
@click.option("--format", "fmt", type=click.Choice(["text", "json", "evalb"]), default="text",
              show_default=True, help="Report format (evalb: EVALB's report, byte for byte).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write the report to this file instead of standard output.")
@click.option("--signature-only", is_flag=True,
              help="Print the signature these options give, and nothing else.")
@click.option("--worst-words", type=whole("worst_words"), default=0, metavar="K",
              help="With la: list the K lineage pairs that lose the most over the corpus.")
@click.option("--per-sentence", type=click.Path(dir_okay=False), default=None,
              metavar="FILE.tsv", help="Also write every sentence's figures as TSV.")
@click.option("-j", "--jobs", type=Jobs(), default="1", show_default=True,
              help=JOBS_HELP)
@click.option("-q", "--quiet", is_flag=True, help="No progress line on standard error.")
@click.option("-v", "--verbose", is_flag=True,
              help="Also say on standard error which route read the lines, and why.")
@encoding_options()
@format_options(SCORED)
@click.option("--errors", "errors_top", type=whole("errors"), default=None,
              metavar="K", help="Error analysis: the K most frequent edits per encoding, "
                               "per-label recall/precision/F, the K worst sentences per "
                               "metric and the K largest PARSEVAL/edit disagreements.")
@user_errors
def score(gold: str | None, test: str | None, fmt: str, output: str | None,
          signature_only: bool, worst_words: int, per_sentence: str | None, jobs: int,
          quiet: bool, verbose: bool, errors_top: int | None, input_encoding: str,
          gold_encoding: str | None, test_encoding: str | None, gold_format: str,
          test_format: str, **scoring: Any) -> None:
    """Score every tree of TEST against the tree of GOLD at the same place (the
    n-th against the n-th). Either file may be - (standard input), and gzip,
    bzip2 or xz compressed; both are needed unless --signature-only."""
    # score does no linear algebra, and OpenBLAS's threads, started when
    # numpy loads (PARSEVAL's block path), spin for about 0.1 s of CPU in
    # every process; a value the user set is kept.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    encodings = encodings_of(input_encoding, gold_encoding, test_encoding)
    inputs = [("gold file", gold), ("test file", test), *option_files(scoring)]
    source = click.get_current_context().get_parameter_source("metrics")
    formats = None if gold is None or test is None else tuple(formats_of(
        "score", SCORED, (gold, gold_format, encodings[0], "--gold-format"),
        (test, test_format, encodings[1], "--test-format")))
    if fmt == "evalb" and source is click.core.ParameterSource.DEFAULT:
        scoring["metrics"] = "parseval"  # what EVALB's report shows: nothing else computed
    elif formats is not None and "conllu" in formats \
            and source is click.core.ParameterSource.DEFAULT:
        scoring["metrics"] = "dep"  # the only metric that scores dependency trees
    config = scoring_config(scoring)
    check_run(config, worst_words, errors_top or 0)
    if fmt == "evalb":
        evalb_report.check(config)
        warn(evalb_report.unshown(config, errors_top is not None))
    if signature_only:
        click.echo(signature(config))
        return
    if gold is None or test is None or formats is None:
        raise ConfigError("score needs GOLD and TEST files (or --signature-only)")
    if test_format == "auto" and config.params.unsupervised:  # bare brackets, told by gold
        formats = (formats[0], against_gold(test, gold, config.params.normalisation, encodings))
    check_outputs(output, ("--per-sentence", per_sentence), inputs=inputs)
    progress = Progress(sys.stderr.isatty() and not quiet)
    # Only JSON and --per-sentence list every sentence's counts; the text
    # report lists none and EVALB's its table, so memory stays flat.
    keep = "sentences" if fmt == "json" or per_sentence else "rows" if fmt == "evalb" \
        else "none"
    # EVALB's table is formatted as the rows come, while -j N's workers score.
    table = evalb_report.EvalbTable() if fmt == "evalb" else None
    result = evaluate(gold, test, config, worst_words, jobs, progress, errors_top or 0,
                      *encodings, keep=keep, rows=table, formats=(formats[0], formats[1]))
    progress.close()
    if per_sentence:
        from parsedit.report import tsv as tsv_report

        write_text(per_sentence, tsv_report.render(result), "--per-sentence")
    finish(result, gold, test, fmt, output, table, verbose)



@main.command(short_help="Show one pair's alignment, each edit with its cost.")
@click.argument("gold", type=FILE)
@click.argument("test", type=FILE)
@click.option("--sentence", "-n", type=click.IntRange(min=1), required=True,
              help="Which pair to show (1-based).")
@click.option("--encoding", type=click.Choice([*NAMES, "lineage", "words", "dep"]),
              default="label", show_default=True,
              help="Which string to align (lineage: leaf-ancestor, word by word; words: the "
                   "two yields; dep: the dependencies, Roark's section 5).")
@params_option
@rule_pos_option
@cost_options
@la_preterminals_option
@dep_options
@yield_options
@encoding_options(alias=False, encoding_is="the string to align")
@format_options(SCORED)
@error_classes_option
@error_rules_option
@user_errors
def align(gold: str, test: str, sentence: int, encoding: str, params: str, rule_pos: str,
          label_costs: str | None, span_costs: str | None, rule_costs: str | None,
          la_costs: str | None, la_preterminals: bool, yields: str, word_costs: str | None,
          word_aligner: str, input_encoding: str, gold_encoding: str | None,
          test_encoding: str | None, gold_format: str, test_format: str,
          dep_costs: str | None, error_classes: bool, error_rules: str | None,
          **dep: Any) -> None:
    """Show one pair's alignment, each edit marked with its cost (and, with
    --error-classes, the label encoding's edits with their error class)."""
    from parsedit.report import align as align_report
    from parsedit.results import LineageScript

    encodings = encodings_of(input_encoding, gold_encoding, test_encoding)
    check_files((gold, encodings[0]), (test, encodings[1]))
    gold_format, test_format = formats_of(
        "align", SCORED, (gold, gold_format, encodings[0], "--gold-format"),
        (test, test_format, encodings[1], "--test-format"))
    if "conllu" in (gold_format, test_format) and encoding != "dep":
        raise ConfigError(f"a CoNLL-U file holds dependency trees, which --encoding {encoding} "
                          "cannot align: --encoding dep aligns their dependencies")
    if error_classes and encoding != "label":
        raise ConfigError(f"--error-classes marks the label encoding's edits; --encoding "
                          f"{encoding} has none")
    if encoding == "words":
        words_config = config_of("parseval", rule_pos, {}, params, yields="align",
                                 word_costs=word_costs, word_aligner=word_aligner)
        warn(words_config.warnings("--encoding"))
        _align_words(gold, test, sentence, words_config, encodings)
        return
    metric = "la" if encoding == "lineage" else encoding
    config = config_of(metric, rule_pos,
                       {"label": label_costs, "span": span_costs, "rule": rule_costs,
                        "la": la_costs, "dep": dep_costs}, params,
                       la_preterminals=la_preterminals, yields=yields, word_costs=word_costs,
                       word_aligner=word_aligner, error_classes=error_classes,
                       error_rules=error_rules, **dep_config(dep))
    warn(config.warnings("--encoding"))
    formats = (gold_format, test_format)
    scorer = Scorer.for_files(config, gold, test, True, *encodings,  # ties as --errors
                              formats=formats)
    number = 0
    for number, g, t in pairs(gold, test, *encodings, formats=formats):
        if number == sentence:
            script = align_pair(scorer, metric, number, g, t, gold, test)
            if isinstance(script, LineageScript):
                click.echo(align_report.render_lineages(script, sentence), nl=False)
            else:
                click.echo(align_report.render(script, sentence), nl=False)
            return
    raise ConfigError(f"there is no sentence {sentence}: the files hold {number} pairs")


def _align_words(gold: str, test: str, sentence: int, config: Config,
                 encodings: tuple[str, str]) -> None:
    """Print the word alignment of the ``sentence``-th pair of normalised yields."""
    from parsedit.metrics.yields import word_aligner
    from parsedit.report import words as words_report

    norm = config.params.normalisation
    scheme = config.word_scheme()
    number = 0
    for number, g, t in pairs(gold, test, *encodings):
        if number == sentence:
            if g is None or g.tokens is None or t is None or t.tokens is None:
                side = "gold" if g is None or g.tokens is None else "test"
                raise ConfigError(f"sentence {sentence} has no tree on the {side} side")
            gold_words = [w[:-1] for w in norm.normalise(g.tokens).words]
            test_words = [w[:-1] for w in norm.normalise(t.tokens).words]
            alignment = word_aligner(config).align(gold_words, test_words)
            click.echo(words_report.render(alignment, gold_words, test_words,
                                           scheme.describe(), sentence, config.word_weights()),
                       nl=False)
            return
    raise ConfigError(f"there is no sentence {sentence}: the files hold {number} pairs")



@main.command(short_help="Score the bundled Sequoia sample data.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "evalb"]), default="text",
              show_default=True, help="Report format.")
@user_errors
def demo(fmt: str) -> None:
    """Score the bundled sample data: the last 310 trees of the French Sequoia
    treebank against a copy with synthetic parse errors."""
    data = resources.files("parsedit.data")
    with resources.as_file(data.joinpath("sequoia-gold.mrg")) as gold, \
            resources.as_file(data.joinpath("sequoia-perturbed.mrg")) as test:
        if fmt == "text":
            click.echo("Demo: the last 310 trees of the French Sequoia treebank against a copy "
                       "with synthetic parse errors\n(wrong attachments, missing and extra "
                       f"brackets, wrong labels): parsedit score {gold} {test}\n")
        finish(evaluate(str(gold), str(test)), "sequoia-gold.mrg", "sequoia-perturbed.mrg",
                fmt, None)
