"""``parsedit convert``: the one place for changes of format.

``parsedit convert FILE --to conllu`` writes the dependency trees of a
bracketed treebank (:mod:`parsedit.deps.convert`) as CoNLL-U, exactly the
trees the dependency metric scores; ``--to bracketed`` writes each tree on
one line, as parsedit reads it (a pretty-printed file made one tree a line;
an empty line kept as the empty sentence it is, and written in place of a
tree that cannot be read, so that the lines still pair).  A CoNLL-U file is read and
written again (checked) with ``--to conllu``; it has no constituents to
write with ``--to bracketed``.  A tree that cannot be read is skipped and
named on standard error (file, line, column, why); the others are written,
and the exit status is then 1.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import click

from parsedit.cli.app import main, user_errors
from parsedit.cli.finish import check_outputs
from parsedit.cli.options import (
    FILE,
    dep_labels_option,
    encoding_options,
    heads_option,
    option_files,
)
from parsedit.errors import ConfigError, InputError
from parsedit.output import write_text
from parsedit.trees.formats import detect
from parsedit.trees.source import STDIN, check_encoding

FORMATS = ("conllu", "bracketed")


class _Skipped:
    """The trees a conversion skipped, to report at the end."""

    def __init__(self) -> None:
        self.errors: list[InputError] = []
        self.written = 0
        self.empty = 0


def _bracketed_to_conllu(path: str, encoding: str, heads: str, labels: str,
                         skipped: _Skipped) -> Iterator[str]:
    from parsedit.deps.conllu import conllu_sentence
    from parsedit.deps.convert import Converter
    from parsedit.trees.reader import read_trees

    converter = Converter(heads, labels)
    number = 0
    for item in read_trees(path, encoding):
        if item.trailing:
            continue
        number += 1
        if item.error is not None:
            skipped.errors.append(item.error)
            continue
        if item.tokens is None:
            skipped.empty += 1
            continue
        tree = converter.convert(item.tokens)
        if not len(tree):
            skipped.empty += 1
            continue
        skipped.written += 1
        yield conllu_sentence(tree, str(number), (f"source = {path}:{item.line}",))


def _bracketed_to_bracketed(path: str, encoding: str, skipped: _Skipped) -> Iterator[str]:
    from parsedit.trees.reader import read_trees
    from parsedit.trees.tree import Tree

    for item in read_trees(path, encoding):
        if item.trailing:
            continue
        if item.error is not None:  # an empty line in its place keeps the pairing
            skipped.errors.append(item.error)
            yield "\n"
            continue
        if item.tokens is None:
            skipped.empty += 1
            yield "\n"
            continue
        skipped.written += 1
        yield Tree.from_tokens(item.tokens).to_string() + "\n"


def _conllu_to_conllu(path: str, encoding: str, skipped: _Skipped) -> Iterator[str]:
    from parsedit.deps.conllu import conllu_sentence, read_conllu

    for number, item in enumerate(read_conllu(path, encoding), start=1):
        if item.error is not None or item.tree is None:
            assert item.error is not None
            skipped.errors.append(item.error)
            continue
        skipped.written += 1
        yield conllu_sentence(item.tree, item.sent_id or str(number))


@main.command(short_help="Convert trees to CoNLL-U, or to one bracketed tree a line.")
@click.argument("source", metavar="FILE", type=FILE)
@click.option("--to", "target", type=click.Choice(FORMATS), default="conllu", show_default=True,
              help="The format to write: CoNLL-U dependency trees, or one bracketed tree a "
                   "line.")
@click.option("--from", "origin", type=click.Choice(("auto", *FORMATS)), default="auto",
              show_default=True, help="The format of FILE (auto: told from its first lines, "
                                      "CoNLL-U by its ten tab-separated columns; standard "
                                      "input is bracketed unless --from conllu).")
@heads_option
@dep_labels_option
@click.option("-o", "--output", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write here (whole, or not at all) instead of standard output.")
@encoding_options(sides=False)
@user_errors
def convert(source: str, target: str, origin: str, heads: str, dep_labels: str,
            output: str | None, input_encoding: str) -> None:
    """Convert FILE to dependency trees in CoNLL-U, or to one bracketed tree a line."""
    from parsedit.deps.heads import load_head_table

    check_encoding(input_encoding)
    check_outputs(output, inputs=[("input file", source),
                                  *option_files({"heads": heads})])
    labels = dep_labels
    is_conllu = origin == "conllu" or (origin == "auto" and source != STDIN
                                       and detect(source, input_encoding) == "conllu")
    skipped = _Skipped()
    if is_conllu and target == "bracketed":
        raise ConfigError(f"{source} holds dependency trees: they have no constituents to "
                          "write as brackets (convert turns constituency trees into "
                          "dependencies, not back)")
    if is_conllu:
        pieces = _conllu_to_conllu(source, input_encoding, skipped)
    elif target == "conllu":
        load_head_table(heads)  # refused before any output
        pieces = _bracketed_to_conllu(source, input_encoding, heads, labels, skipped)
    else:
        pieces = _bracketed_to_bracketed(source, input_encoding, skipped)
    if output is not None:
        write_text(output, pieces)
    else:
        for piece in pieces:
            sys.stdout.write(piece)
    for error in skipped.errors:
        click.echo(f"parsedit: skipped {error}", err=True)
    if skipped.empty and target == "conllu":
        click.echo(f"parsedit: {skipped.empty} empty sentence(s) (no word) not written; "
                   "# sent_id numbers the trees of the input, so the written ones pair by it",
                   err=True)
    if skipped.errors:
        click.echo(f"parsedit: {len(skipped.errors)} tree(s) could not be read and were "
                   f"skipped; {skipped.written} written", err=True)
        sys.exit(1)
    if not skipped.written:
        click.echo(f"parsedit: {source}: no tree to convert", err=True)
        sys.exit(1)
