"""What ``parsedit grammars check`` and ``grammars compile`` do, as library
functions: the command only prints their results."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from parsedit.costs import load_costs
from parsedit.costs.alphabet import collect
from parsedit.costs.check import alphabet_symbols, check, ptb_symbols
from parsedit.costs.reader import Problem
from parsedit.costs.scheme import CostScheme
from parsedit.costs.shipped import shipped_file
from parsedit.costs.transducer import TRANSDUCER_SUFFIXES, FstScheme, compiled
from parsedit.encodings import NAMES
from parsedit.errors import ConfigError
from parsedit.fst.files import (
    DIGEST_SUFFIX,
    Fst,
    digest_line,
    digest_path,
    write_far_whole,
)
from parsedit.names import names_file
from parsedit.output import destination, replacing, write_text
from parsedit.params import load_params
from parsedit.plural import plural
from parsedit.trees.source import DEFAULT_ENCODING, check_encoding, check_files


@dataclass(frozen=True)
class Verdict:
    """What ``grammars check`` finds: the problems (errors first), their
    number of errors, and the closing line."""

    problems: list[Problem]
    errors: int
    summary: str


def check_scheme(scheme: str, treebanks: Sequence[str] = (), params: str = "collins",
                 encoding: str = DEFAULT_ENCODING) -> Verdict:
    """Check a scheme (a file or a shipped name) as ``score`` would load it: a
    declarative file against the symbols of ``treebanks`` (default: the Penn
    Treebank's labels and tags); a grammar module, or a compiled file, by
    loading it, and a module by building it over ``treebanks`` when given.
    What ``score`` refuses raises, with the same message."""
    path = Path(scheme) if names_file(scheme) else shipped_file(scheme)
    norm = load_params(params).normalisation
    if treebanks:
        check_files(*((treebank, check_encoding(encoding)) for treebank in treebanks))
    texts = (encoding,) * len(treebanks)
    if path is None or not path.is_file() or path.suffix in TRANSDUCER_SUFFIXES:
        loaded = load_costs(scheme)  # refuses what score refuses, as score words it
        if treebanks and isinstance(loaded, FstScheme) and loaded.needs_alphabet:
            for name in loaded.encodings or NAMES:
                loaded.transducer(collect(treebanks, name, norm, text_encodings=texts))
            return Verdict([], 0, f"{scheme}: loads, and builds a valid transducer over "
                                  f"{' and '.join(treebanks)} ({loaded.describe()})")
        built = " (give --alphabet to run its build())" if loaded.needs_alphabet else ""
        return Verdict([], 0, f"{scheme}: loads ({loaded.describe()}){built}")
    if treebanks:
        symbols = alphabet_symbols(collect(treebanks, name, norm, text_encodings=texts)
                                   for name in NAMES)
        where = " and ".join(treebanks)
        if not symbols:
            raise ConfigError(f"no tree could be read from {where}")
    else:
        symbols, where = ptb_symbols(), "the Penn Treebank labels"
    shown = scheme if names_file(scheme) else str(path)
    problems = check(path, symbols, where, shown)
    errors = sum(p.level == "error" for p in problems)
    if errors:
        return Verdict(problems, errors, f"{shown}: {plural(errors, 'error')}")
    loaded = load_costs(scheme)
    return Verdict(problems, 0, f"{shown}: OK ({loaded.name}@{loaded.digest}), "
                                f"{plural(len(problems), 'warning')}")


def compile_far(scheme: str, treebanks: Sequence[str], encodings: Sequence[str] = (),
                params: str = "collins", rule_pos: str = "words",
                text_encoding: str = DEFAULT_ENCODING
                ) -> tuple[CostScheme | FstScheme, dict[str, tuple[int, Fst]]]:
    """``grammars compile``: a declarative scheme compiled, or a grammar
    module built, over the alphabet of ``treebanks``, one transducer per
    encoding (``encodings``, else the scheme's, else all), each with the
    size of its alphabet."""
    loaded = load_costs(scheme)
    norm = load_params(params).normalisation
    check_files(*((treebank, check_encoding(text_encoding)) for treebank in treebanks))
    texts = (text_encoding,) * len(treebanks)
    out: dict[str, tuple[int, Fst]] = {}
    # (by default the encodings this command offers: a scheme's "dep" is
    # compiled when asked for by name)
    for name in encodings or [e for e in loaded.encodings if e in NAMES] or NAMES:
        alphabet = collect(treebanks, name, norm, rule_pos, text_encodings=texts)
        if isinstance(loaded, CostScheme):
            fst = compiled(loaded, alphabet)
        elif loaded.needs_alphabet:
            fst = loaded.transducer(alphabet)
        else:
            raise ConfigError(f"{scheme} is already a compiled transducer")
        out[name] = (len(alphabet.symbols), fst)
    return loaded, out


def write_compiled(output: str, fsts: dict[str, Fst]) -> str | None:
    """``grammars compile -o``: the FAR of ``fsts`` written to ``output``
    whole (read back before it replaces anything: OpenFst reports a failed
    write only on standard error), and its digest beside it
    (``OUTPUT.sha256``, which loading checks).  The digest file's path, or
    None where ``output`` is not a regular file (a device, a FIFO), which
    gets the FAR alone."""
    found = destination(output)
    check: str | None = None
    with replacing(output) as temporary:
        try:
            data = write_far_whole(Path(temporary), fsts)
        except OSError as exc:
            raise found.failed(exc) from None
        if not found.direct:
            check = str(digest_path(found.target))
            write_text(check, digest_line(data, found.target))
            if not os.path.islink(output):
                check = output + DIGEST_SUFFIX  # the same file, as the user named it
    return check
