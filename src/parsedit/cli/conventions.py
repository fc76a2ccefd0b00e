"""``parsedit baseline`` and ``parsedit conventions``: the conventions in use, side by side."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator

import click

from parsedit.cli.app import main, user_errors
from parsedit.cli.finish import check_outputs, emit, warn
from parsedit.cli.options import (
    FILE,
    encoding_options,
    encodings_of,
    format_options,
    formats_of,
    option_files,
)
from parsedit.errors import ConfigError, InputError
from parsedit.params import load_params
from parsedit.trees.baselines import KINDS, baselines
from parsedit.trees.formats import CONSTITUENTS, FORMATS, against_gold, detect
from parsedit.trees.reader import Item, read_trees
from parsedit.trees.source import STDIN, check_files


@main.command(short_help="Write left-branching, right-branching or random trees.")
@click.argument("kind", type=click.Choice(KINDS))
@click.argument("gold", type=FILE)
@click.option("--params", "-p", default="unsupervised", show_default=True,
              metavar="NAME|PATH",
              help="The parameter file whose deletions say which words are kept (the "
                   "unsupervised convention's 36 word tags by default).")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="random: the seed of the random trees.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write the trees to this file instead of standard output.")
@encoding_options(alias=False, sides=False)
@user_errors
def baseline(kind: str, gold: str, params: str, seed: int, output: str | None,
             input_encoding: str) -> None:
    """Write left-branching, right-branching or random binary trees over the
    words each GOLD tree keeps, as bare brackets, one a line (the baselines
    of unsupervised parsing: score them with -p unsupervised)."""
    check_outputs(output, inputs=[("gold file", gold), *option_files({"params": params})])
    norm = load_params(params).normalisation
    check_files((gold, input_encoding))
    found = detect(gold, input_encoding) if gold != STDIN else "bracketed"
    if found != "bracketed":
        raise ConfigError(f"{gold} holds {FORMATS[found]}, which baseline does not read (it "
                          "reads bracketed trees: the gold treebank)")
    errors: list[InputError] = []
    unkept: list[int] = []

    def noted(items: Iterable[Item]) -> Iterator[Item]:
        # The gold lines that give an empty line: unreadable, or no word kept.
        for item in items:
            if item.error is not None:
                errors.append(item.error)
            elif item.tokens and not norm.normalise(item.tokens).words:
                unkept.append(item.line)
            yield item

    emit(baselines(kind, noted(read_trees(gold, input_encoding)), norm, seed), output)
    if unkept:
        click.echo(f"parsedit: warning: {len(unkept)} gold tree(s) keep no word under "
                   f"-p {params} (first on line {unkept[0]}): their lines are empty; "
                   "are the gold's tags those the parameter file keeps?", err=True)
    for error in errors:
        click.echo(f"parsedit: skipped {error}", err=True)
    if errors:
        click.echo(f"parsedit: {len(errors)} gold tree(s) could not be read: their lines "
                   "are empty", err=True)
        sys.exit(1)


@main.command(short_help="Score under every published convention, side by side.")
@click.argument("gold", type=FILE)
@click.argument("test", type=FILE)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Report format.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write the report to this file instead of standard output.")
@click.option("--only", metavar="NAME[,NAME...]", default=None,
              help="Only these conventions (the first named is the one the others are said "
                   "against); default: every one.")
@encoding_options()
@format_options(CONSTITUENTS)
@user_errors
def conventions(gold: str, test: str, fmt: str, output: str | None, only: str | None,
                input_encoding: str, gold_encoding: str | None, test_encoding: str | None,
                gold_format: str, test_format: str) -> None:
    """Score TEST against GOLD under every published convention (EVALB's
    COLLINS.prm, benepar's nk.prm, new.prm, EVALB_SPMRL and its -X, gold-tag
    deletion, SuPar's span metric, the unsupervised variants) and say why
    each figure differs from the first."""
    from parsedit.conventions import CONVENTIONS, Convention, side_by_side, to_dict
    from parsedit.report import conventions as report

    encodings = encodings_of(input_encoding, gold_encoding, test_encoding)
    check_outputs(output, inputs=[("gold file", gold), ("test file", test)])
    check_files((gold, encodings[0]), (test, encodings[1]))
    chosen: tuple[Convention, ...] = CONVENTIONS
    if only:
        names = [name.strip() for name in only.split(",") if name.strip()]
        known = {c.name: c for c in CONVENTIONS}
        unknown = [name for name in names if name not in known]
        if unknown or not names:
            raise ConfigError(f"--only {only!r}: expected some of {', '.join(known)}")
        chosen = tuple(known[name] for name in dict.fromkeys(names))  # each once, in order
    # (a CoNLL-U file is refused here: no convention scores dependency trees)
    formats = formats_of("conventions", CONSTITUENTS,
                         (gold, gold_format, encodings[0], "--gold-format"),
                         (test, test_format, encodings[1], "--test-format"))
    if test_format == "auto":  # bare brackets, told by gold's kept words
        formats[1] = against_gold(test, gold, load_params("unsupervised").normalisation,
                                  encodings)
    scored = side_by_side(gold, test, chosen, encodings, (formats[0], formats[1]))
    data = to_dict(scored, gold, test)
    emit(report.render_json(data) if fmt == "json" else report.render(data), output)
    # Each convention's warnings (in JSON's "warnings" too) on standard error,
    # once for the conventions that share one.
    said: dict[str, list[str]] = {}
    for convention in scored:
        for warning in convention.warnings:
            said.setdefault(warning, []).append(convention.convention.name)
    warn(f"{', '.join(names)}: {warning}" for warning, names in said.items())
