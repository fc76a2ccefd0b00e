"""``parsedit baseline`` and ``parsedit conventions``: the conventions in use, side by side."""

from __future__ import annotations

import click

from parsedit.cli.app import main, user_errors
from parsedit.cli.finish import check_outputs, emit
from parsedit.cli.options import FILE, encoding_options, option_files
from parsedit.params import load_params
from parsedit.trees.baselines import KINDS, baselines
from parsedit.trees.reader import read_trees
from parsedit.trees.source import check_files


@main.command()
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
    emit(baselines(kind, read_trees(gold, input_encoding), norm, seed), output)
