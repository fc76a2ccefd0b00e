"""``parsedit grammars``: list, show, check and compile cost schemes."""

from __future__ import annotations

import sys

import click

from parsedit.cli.app import main, user_errors
from parsedit.cli.finish import check_outputs
from parsedit.cli.options import FILE, encoding_options, params_option, rule_pos_option
from parsedit.costs import load_costs
from parsedit.costs.modules import grammar_module, module_header
from parsedit.costs.shipped import shipped_file, shipped_names
from parsedit.encodings import NAMES
from parsedit.names import names_file
from parsedit.params import SHIPPED
from parsedit.report import scheme as scheme_report


@main.group()
def grammars() -> None:
    """List, show, check and compile cost schemes."""



@grammars.command("list", short_help="The shipped schemes, head tables and rule sets.")
def grammars_list() -> None:
    """The shipped cost schemes, head tables and error-class rule sets, with
    what each is for."""
    from parsedit.deps.heads import heads_folder, shipped_tables
    from parsedit.metrics.error_rules import rules_file, shipped_rules

    for name in shipped_names():
        path = shipped_file(name)
        assert path is not None
        click.echo(scheme_report.summary(path.read_text(encoding="utf-8")))
    click.echo("\nHead tables (--heads, parsedit convert --heads):")
    for name in shipped_tables():
        text = (heads_folder() / f"{name}.toml").read_text(encoding="utf-8")
        click.echo(scheme_report.summary(text))
    click.echo("\nError-class rule sets (--error-rules):")
    for name in shipped_rules():
        path = rules_file(name)
        assert path is not None
        click.echo(scheme_report.summary(path.read_text(encoding="utf-8")))



@grammars.command(short_help="A scheme and its costs as readable tables.")
@click.argument("scheme", metavar="NAME|PATH")
@user_errors
def show(scheme: str) -> None:
    """A scheme and its costs as readable tables (a grammar module's header:
    its code is not run)."""
    module = grammar_module(scheme)
    if module is not None:
        click.echo(scheme_report.render_module(module_header(scheme, module)), nl=False)
        return
    click.echo(scheme_report.render(load_costs(scheme)), nl=False)



@grammars.command(short_help="Every error in a scheme, head table or rule set, with its line.")
@click.argument("scheme", metavar="NAME|PATH")
@click.option("--alphabet", "treebanks", multiple=True, type=FILE, metavar="TREEBANK",
              help="Check classes against the labels of these trees (default: the Penn "
                   "Treebank's labels and tags); a grammar module is built over them. "
                   "Repeatable.")
@params_option
@encoding_options(alias=False, sides=False)
@user_errors
def check(scheme: str, treebanks: tuple[str, ...], params: str, input_encoding: str) -> None:
    """Every error in a scheme, a head table or an error-class rule set (a
    file or a shipped name), with its line; exit 1 if there is one."""
    from parsedit.costs.grammars import check_scheme  # pynini: only when checking
    from parsedit.deps.heads import head_table_path
    from parsedit.metrics.error_rules import rule_set_path

    table = head_table_path(scheme)
    rule_set = rule_set_path(scheme) if table is None else None
    if table is not None:
        from parsedit.deps.check import check_table

        verdict = check_table(table, treebanks, input_encoding)
    elif rule_set is not None:
        from parsedit.metrics.error_rules import check_rule_set

        verdict = check_rule_set(rule_set, treebanks, input_encoding)
    else:
        verdict = check_scheme(scheme, treebanks, params, input_encoding)
    for problem in verdict.problems:
        click.echo(str(problem), err=True)
    click.echo(verdict.summary, err=verdict.errors > 0)
    if verdict.errors:
        sys.exit(1)


@grammars.command(short_help="Compile a scheme to an OpenFst FAR over treebanks' labels.")
@click.argument("scheme", metavar="NAME|PATH")
@click.option("--alphabet", "treebanks", multiple=True, type=FILE, metavar="TREEBANK",
              required=True, help="Build the transducer over the symbols of these trees. "
                                  "Repeatable.")
@click.option("--encoding", "encodings", multiple=True, type=click.Choice([*NAMES, "dep"]),
              help="Which encodings to compile (default: those the scheme names, or all of "
                   "label, span and rule; dep only when asked for).")
@params_option
@rule_pos_option
@click.option("-o", "--output", type=click.Path(dir_okay=False), required=True,
              metavar="FILE.far", help="The FAR file to write, one transducer per encoding.")
@encoding_options(alias=False, sides=False, encoding_is="the transducers to compile")
@user_errors
def compile(scheme: str, treebanks: tuple[str, ...], encodings: tuple[str, ...],
            params: str, rule_pos: str, output: str, input_encoding: str) -> None:
    """Compile a scheme to an OpenFst FAR over the alphabet of some treebanks."""
    from parsedit.costs.grammars import compile_far, write_compiled  # pynini: only here

    check_outputs(output, inputs=[("scheme", scheme if names_file(scheme) else None),
                                  *(("treebank", t) for t in treebanks),
                                  ("parameter file", params if params not in SHIPPED else None)])
    loaded, fsts = compile_far(scheme, treebanks, encodings, params, rule_pos, input_encoding)
    check = write_compiled(output, {name: fst for name, (_, fst) in fsts.items()})
    # Said once the file is written: a failed write says only why.
    for name, (symbols, fst) in fsts.items():
        click.echo(f"{name}: {symbols} symbols, {fst.num_states()} states", err=True)
    if loaded.movement is not None:
        click.echo("parsedit: note: the movement correction is applied after the shortest "
                   "path, not by a transducer; scores through this FAR are the basic "
                   "distance", err=True)
    if check is None:
        click.echo(f"parsedit: note: -o {output} is not a regular file, so no digest is "
                   "written beside it; a copy of it is read unchecked", err=True)
    digest = f" and its digest {check}" if check else ""
    click.echo(f"wrote {output}{digest} ({loaded.describe()})")
