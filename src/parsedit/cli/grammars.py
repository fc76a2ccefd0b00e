"""``parsedit grammars``: list, show, check and compile cost schemes."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from parsedit.cli.app import main, user_errors
from parsedit.cli.finish import check_outputs
from parsedit.cli.options import FILE, encoding_options, params_option, rule_pos_option
from parsedit.costs import check as scheme_check
from parsedit.costs import load_costs
from parsedit.costs.alphabet import collect
from parsedit.costs.check import alphabet_symbols, ptb_symbols
from parsedit.costs.scheme import CostScheme
from parsedit.costs.shipped import shipped_file, shipped_names
from parsedit.costs.transducer import TRANSDUCER_SUFFIXES, FstScheme, compiled
from parsedit.encodings import NAMES
from parsedit.errors import ConfigError
from parsedit.fst.files import write_far
from parsedit.output import replacing
from parsedit.params import load_params
from parsedit.report import scheme as scheme_report
from parsedit.trees.source import check_encoding, check_files


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
@user_errors
def show(scheme: str) -> None:
    """A scheme and its costs as readable tables."""
    click.echo(scheme_report.render(load_costs(scheme)), nl=False)



@grammars.command()
@click.argument("scheme", metavar="NAME|PATH")
@click.option("--alphabet", "treebanks", multiple=True, type=FILE, metavar="TREEBANK",
              help="Check classes against the labels of these trees (default: the Penn "
                   "Treebank's labels and tags); a grammar module is built over them. "
                   "Repeatable.")
@params_option
@encoding_options(alias=False, sides=False)
@user_errors
def check(scheme: str, treebanks: tuple[str, ...], params: str, input_encoding: str) -> None:
    """Every error in a scheme (a file or a shipped name), with its line; exit 1
    if there is one."""
    path = Path(scheme) if Path(scheme).is_file() else shipped_file(scheme)
    texts = (input_encoding,) * len(treebanks)
    if path is None or path.suffix in TRANSDUCER_SUFFIXES:
        loaded = load_costs(scheme)  # refuses what score refuses, as score words it
        if treebanks and isinstance(loaded, FstScheme) and loaded.needs_alphabet:
            norm = load_params(params).normalisation
            check_files(*((treebank, check_encoding(input_encoding)) for treebank in treebanks))
            for name in loaded.encodings or NAMES:
                loaded.transducer(collect(treebanks, name, norm, text_encodings=texts))
            click.echo(f"{scheme}: loads, and builds a valid transducer over "
                       f"{' and '.join(treebanks)} ({loaded.describe()})")
        else:
            built = " (give --alphabet to run its build())" if loaded.needs_alphabet else ""
            click.echo(f"{scheme}: loads ({loaded.describe()}){built}")
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
@click.option("--alphabet", "treebanks", multiple=True, type=FILE, metavar="TREEBANK",
              required=True, help="Build the transducer over the symbols of these trees. "
                                  "Repeatable.")
@click.option("--encoding", "encodings", multiple=True, type=click.Choice(list(NAMES)),
              help="Which encodings to compile (default: those the scheme names, or all).")
@params_option
@rule_pos_option
@click.option("-o", "--output", type=click.Path(dir_okay=False), required=True,
              metavar="FILE.far", help="The FAR file to write, one transducer per encoding.")
@encoding_options(alias=False, sides=False)
@user_errors
def compile(scheme: str, treebanks: tuple[str, ...], encodings: tuple[str, ...],
            params: str, rule_pos: str, output: str, input_encoding: str) -> None:
    """Compile a scheme to an OpenFst FAR over the alphabet of some treebanks."""
    loaded = load_costs(scheme)
    norm = load_params(params).normalisation
    check_outputs(output)
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
