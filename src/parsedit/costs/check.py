"""``parsedit grammars check``: what a scheme file gets wrong, with lines.

Errors are exactly what :mod:`parsedit.costs.scheme` refuses (unknown keys,
costs that are not finite numbers >= 0, undefined classes, ...), so that
``score`` refuses what ``check`` calls an error and nothing else.  Warnings:
classes that match no symbol of an alphabet; entries no shortest path can
use (a substitution dearer than deleting one symbol and inserting the other,
or one that applies to no pair of symbols); and, in a scheme for the span
encoding, a substitution without ``same = "span"`` that makes a span cheaper
to rewrite as one with other boundaries than the scheme otherwise charges
(``VN`` = ``VP`` at 0 would make ``VP[2,5]`` for ``VN[3,5]`` free).  The
alphabet is the Penn Treebank's labels and tags unless treebanks are given.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from parsedit.costs.alphabet import Alphabet
from parsedit.costs.reader import Problem, SchemeReader
from parsedit.costs.scheme import SPAN_KEY, CostScheme, Substitution

PTB_TAGS = (
    "CC CD DT EX FW IN JJ JJR JJS LS MD NN NNS NNP NNPS PDT POS PRP PRP$ RB RBR RBS RP SYM "
    "TO UH VB VBD VBG VBN VBP VBZ WDT WP WP$ WRB # $ . , : `` '' -LRB- -RRB- -NONE-").split()
PTB_PHRASES = (
    "ADJP ADVP CONJP FRAG INTJ LST NAC NP NX PP PRN PRT QP RRC S SBAR SBARQ SINV SQ UCP VP "
    "WHADJP WHADVP WHNP WHPP X TOP NP-SBJ NP-TMP NP-PRD NP-LOC NP-ADV NP-VOC PP-LOC PP-CLR "
    "PP-DIR PP-TMP PP-PRD ADVP-TMP ADVP-LOC ADVP-MNR S-NOM S-ADV S-TPC S-CLR SBAR-ADV "
    "SBAR-PRP SBAR-TMP").split()
# Penn Treebank words that word cost schemes (the words encoding) single out:
# the contracted forms and their spellings, and a word in two cases.
PTB_WORDS = ("n't not Not ca can Can wo will Will 're are 've have 'll 'm am The the "
             "do does").split()

Symbols = list[tuple[str, str]]


# Relations of the dependency encoding: what the shipped Collins head table's
# conversion writes most often, and the root's.
PTB_RELATIONS = ("root NP/TAG/TAG S/VP/NP VP/TAG/NP PP/TAG/NP S/VP/TAG NP/NP/PP VP/TAG/PP "
                 "SBJ TMP LOC").split()


def ptb_symbols() -> Symbols:
    """(kind, label) of every Penn Treebank tag and phrase label, of a few
    words (:data:`PTB_WORDS`) and dependency relations (:data:`PTB_RELATIONS`)."""
    return ([("tag", t) for t in PTB_TAGS] + [("open", p) for p in PTB_PHRASES]
            + [("span", p) for p in PTB_PHRASES] + [("close", ")")]
            + [("word", w) for w in PTB_WORDS] + [("dep", r) for r in PTB_RELATIONS])


def alphabet_symbols(alphabets: Iterable[Alphabet]) -> Symbols:
    """(kind, label) of every symbol of some alphabets; a phrase label also
    stands for the spans that carry it."""
    out: set[tuple[str, str]] = set()
    for alphabet in alphabets:
        for text in alphabet.symbols:
            kind, label = alphabet.kinds[text], alphabet.labels[text]
            out.add((kind, label))
            if kind == "open":
                out.add(("span", label))
    return sorted(out)


def check(path: Path, symbols: Symbols, alphabet_name: str,
          source: str | None = None) -> list[Problem]:
    """Every problem of the scheme file at ``path`` (``source``: the path as
    the user wrote it), errors first."""
    shown = source or str(path)
    reader = SchemeReader(path.read_bytes(), shown, path.parent, (shown,))
    scheme, problems, data, where = reader.read(), reader.problems, reader.data, reader.where
    if scheme is None:
        return problems
    kinds = {k for k, _ in symbols}
    for cls in scheme.classes:
        if cls.name not in data.get("classes", {}) or not set(cls.kinds) & kinds:
            continue  # inherited, or of kinds the alphabet cannot show
        if not any(cls.matches(k, label) for k, label in symbols):
            problems.append(Problem(shown, where.line("classes", cls.name),
                                    f"class {cls.name!r} matches no symbol of {alphabet_name}",
                                    "warning"))
    own = data.get("substitute", [])
    for n, entry in enumerate(own if isinstance(own, list) else [], start=1):
        source = entry.get("within", entry.get("from"))
        target = entry.get("within", entry.get("to"))
        match = [s for s in scheme.substitute
                 if (s.source, s.target, s.same) == (source, target, entry.get("same"))]
        if not match:
            continue
        line = where.line("substitute", None, n)
        message = _unused(scheme, match[0], symbols)
        if message:
            problems.append(Problem(shown, line, f"[[substitute]] number {n}: over "
                                    f"{alphabet_name}, it {message}", "warning"))
        message = _moves_spans(scheme, match[0])
        if message:
            problems.append(Problem(shown, line, f"[[substitute]] number {n}: {message}",
                                    "warning"))
    return sorted(problems, key=lambda p: p.level != "error")


def _moves_spans(scheme: CostScheme, entry: Substitution) -> str | None:
    """Why a substitution of a scheme for spans needs ``same = "span"``, or None."""
    if ("span" not in scheme.encodings or entry.same == SPAN_KEY
            or not (scheme.may_hold(entry.source, "span")
                    and scheme.may_hold(entry.target, "span"))):
        return None
    span = scheme.signature("span")
    otherwise = min(scheme.substitute_cost(span, span),
                    scheme.delete_cost(span) + scheme.insert_cost(span))
    if entry.cost >= otherwise:
        return None
    return (f"it rewrites a span as one with other boundaries too, at {entry.cost:g} (less "
            f"than the {otherwise:g} such a rewrite costs otherwise), so a misplaced "
            "constituent is cheaper than a wrong one; add same = \"span\" to allow it only "
            "between spans with the same boundaries")


def _unused(scheme: CostScheme, entry: Substitution, symbols: Symbols) -> str | None:
    """Why no shortest path can take a substitution entry, or None."""
    sigs = {scheme.signature(k, label) for k, label in symbols}
    pairs = [(a, b) for a in sigs for b in sigs if scheme.applies(entry, a, b)]
    if not pairs:
        return "applies to no pair of symbols"
    instead = max(scheme.delete_cost(a) + scheme.insert_cost(b) for a, b in pairs)
    if entry.cost > instead:
        return (f"costs {entry.cost:g}, more than deleting one symbol and inserting the "
                f"other ({instead:g} at most), so no shortest path uses it")
    return None

