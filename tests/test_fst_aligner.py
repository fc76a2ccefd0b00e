"""Transducer schemes (grammar modules, compiled FARs) scored the fast way
(:mod:`parsedit.fst.restrict`) give exactly what composing each whole pair
with the whole transducer gives: Hypothesis pairs against that slower path,
for the shipped module, compiled schemes read back from a FAR, and odd
transducers that break each condition a shortcut needs, so that the
fallbacks are exercised too."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pynini
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parsedit.costs import load_costs
from parsedit.costs.alphabet import Alphabet
from parsedit.costs.transducer import FstScheme
from parsedit.encodings.span import SpanEncoding
from parsedit.errors import SchemeError
from parsedit.fst.align import FstAligner
from parsedit.fst.compile import compile_scheme
from parsedit.fst.files import read_far, write_far
from parsedit.fst.restrict import edit_shape

Arc = pynini.Arc  # type: ignore[attr-defined]
SPAN = SpanEncoding()
KNOWN = [(label, start, end) for label in ("NP", "VP", "PP")
         for start in range(3) for end in range(start + 1, 4)]
UNKNOWN = [("X", 0, 1), ("X", 1, 2)]  # in no transducer's table
ALPHABET = Alphabet.of(SPAN, KNOWN)


def whole_pair(fst: pynini.Fst, gold: list[Any], test: list[Any],
               encoding: Any = SPAN) -> float | None:
    """The slow path, as FstAligner composed before: the whole transducer,
    every unknown symbol given an identity loop on every state, each pair
    composed whole; None when there is no path."""
    fst = fst.copy()
    table = fst.input_symbols().copy()
    ids = []
    for symbol in (*gold, *test):
        text = encoding.text(symbol)
        found = table.find(text)
        if found < 0:
            found = table.add_symbol(text)
            for state in fst.states():
                fst.add_arc(state, Arc(found, found, 0.0, state))
        ids.append(found)
    fst.arcsort("ilabel")
    gold_fsa = pynini.accep("".join(f"[{i}]" for i in ids[:len(gold)]))
    test_fsa = pynini.accep("".join(f"[{i}]" for i in ids[len(gold):]))
    path = pynini.shortestpath(pynini.compose(pynini.compose(gold_fsa, fst), test_fsa))
    return float(path.paths().weight()) if path.start() >= 0 else None


def with_table(fst: pynini.Fst) -> pynini.Fst:
    fst.set_input_symbols(ALPHABET.table)
    fst.set_output_symbols(ALPHABET.table)
    return fst


def one_state(cost: Any) -> pynini.Fst:
    """A one-state transducer: identity 0; deletion, insertion and any
    substitution at ``cost(kind, a, b)`` (None: no such arc)."""
    fst = pynini.Fst()
    fst.add_state()
    fst.set_start(0)
    fst.set_final(0)
    ids = [ALPHABET.id(text) for text in ALPHABET.symbols]
    for a in ids:
        fst.add_arc(0, Arc(a, a, 0.0, 0))
        for kind, i, o in (("del", a, 0), ("ins", 0, a)):
            if cost(kind, a, 0) is not None:
                fst.add_arc(0, Arc(i, o, cost(kind, a, 0), 0))
        for b in ids:
            if a != b and cost("sub", a, b) is not None:
                fst.add_arc(0, Arc(a, b, cost("sub", a, b), 0))
    return with_table(fst)


def context() -> pynini.Fst:
    """Not edit-shaped: after an NP, deletions are cheap until the next
    match, and that state is final too."""
    fst = one_state(lambda kind, a, b: 1.0)
    cheap = fst.add_state()
    fst.set_final(cheap)
    for text in ALPHABET.symbols:
        a = ALPHABET.id(text)
        if ALPHABET.labels[text] == "NP":
            fst.add_arc(0, Arc(a, a, 0.0, cheap))
        fst.add_arc(cheap, Arc(a, 0, 0.25, cheap))
        fst.add_arc(cheap, Arc(a, a, 0.0, 0))
    return fst


def swallow() -> pynini.Fst:
    """Not edit-shaped: a symbol swallows the one after it (``a b`` for
    ``a``) at 0.25, one excursion that reads two symbols."""
    fst = one_state(lambda kind, a, b: 1.0)
    ids = [ALPHABET.id(text) for text in ALPHABET.symbols]
    for a in ids:
        read_a = fst.add_state()
        read_b = fst.add_state()
        fst.add_arc(0, Arc(a, 0, 0.25, read_a))
        for b in ids:
            fst.add_arc(read_a, Arc(b, 0, 0.0, read_b))
        fst.add_arc(read_b, Arc(0, a, 0.0, 0))
    return fst


def uneven() -> pynini.Fst:
    """Edit-shaped, but matching a common symbol can lose: a few symbols are
    dear to insert or delete, while every substitution is cheap."""
    def cost(kind: str, a: int, b: int) -> float:
        if kind == "sub":
            return 0.25
        return 3.0 if a % 2 == 0 else 1.0
    return one_state(cost)


def classes(leak: bool) -> pynini.Fst:
    """Edit-shaped, with two classes, as a compiled declarative scheme
    has: an NP can be neither deleted nor inserted, only rewritten as
    another NP (at 0.5, through a state of its own); other spans are
    deleted, inserted or rewritten among themselves at 1.  With ``leak``,
    an NP can also be rewritten as a VP at 0.5, so that matching a VP
    common to both strings can lose (an NP then has no other way out)."""
    fst = one_state(lambda kind, a, b: None if b or ALPHABET.symbols[a - 1][:2] == "NP"
                    else 1.0)
    hubs = {"NP": fst.add_state(), "other": fst.add_state()}
    for text in ALPHABET.symbols:
        a = ALPHABET.id(text)
        np = ALPHABET.labels[text] == "NP"
        fst.add_arc(0, Arc(a, 0, 0.5 if np else 1.0, hubs["NP" if np else "other"]))
        fst.add_arc(hubs["NP" if np else "other"], Arc(0, a, 0.0, 0))
        if leak and ALPHABET.labels[text] == "VP":
            fst.add_arc(hubs["NP"], Arc(0, a, 0.0, 0))
    return fst


def epsilons() -> pynini.Fst:
    """Levenshtein under a closure: arcs that read and write nothing."""
    fst = one_state(lambda kind, a, b: 1.0).closure()
    return with_table(fst)


def toll() -> pynini.Fst:
    """Levenshtein, with a toll of 0.5 on every pair (the start state's final
    weight): equal strings, even empty ones, cost 0.5."""
    fst = one_state(lambda kind, a, b: 1.0)
    fst.set_final(0, 0.5)
    return fst


@cache
def transducers() -> dict[str, pynini.Fst]:
    """Each transducer under test, by name; the compiled ones written to a
    FAR and read back, as ``--span-costs FILE.far`` reads them."""
    module = load_costs("span-boundary")
    assert isinstance(module, FstScheme) and module.build is not None
    out = {"span-boundary": with_table(module.build(ALPHABET)),
           "context": context(), "swallow": swallow(), "uneven": uneven(),
           "epsilons": epsilons(), "toll": toll(),
           "classes": classes(leak=False), "leaky": classes(leak=True)}
    for name in ("levenshtein", "equivalences"):
        scheme = load_costs(name)
        assert not isinstance(scheme, FstScheme)
        out[name] = compile_scheme(scheme, ALPHABET)
    return out


@pytest.fixture(scope="module")
def far_read_back(tmp_path_factory: pytest.TempPathFactory) -> dict[str, pynini.Fst]:
    path = Path(tmp_path_factory.mktemp("far")) / "compiled.far"
    write_far(path, {name: transducers()[name] for name in ("levenshtein", "equivalences")})
    return read_far(path)


def test_which_transducers_are_edit_shaped() -> None:
    shaped = {name for name, fst in transducers().items() if edit_shape(fst) is not None}
    assert shaped == {"span-boundary", "levenshtein", "equivalences", "uneven", "classes",
                      "leaky"}


symbols = st.sampled_from(KNOWN + UNKNOWN)


@st.composite
def pairs(draw: st.DrawFn) -> tuple[list[Any], list[Any]]:
    """A gold string and a test string that often shares a prefix and a
    suffix with it (or is equal to it)."""
    gold = draw(st.lists(symbols, max_size=7))
    test = list(gold)
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(test)))
        action = draw(st.sampled_from(["insert", "delete", "replace"]))
        if action == "insert":
            test.insert(at, draw(symbols))
        elif at < len(test):
            if action == "delete":
                del test[at]
            else:
                test[at] = draw(symbols)
    return gold, test


def check(aligner: FstAligner, fst: pynini.Fst, gold: list[Any], test: list[Any]) -> None:
    """``aligner``'s alignment of the pair against the whole composition."""
    expected = whole_pair(fst, gold, test)
    if expected is None:
        with pytest.raises(SchemeError, match="allows no edit path"):
            aligner.align(gold, test)
        return
    alignment = aligner.align(gold, test)
    assert alignment.cost == expected
    # The operations carry the arcs' costs; a final weight is on no arc.
    toll = float(fst.final(fst.start()))
    assert sum(op.cost for op in alignment.ops) + toll == pytest.approx(expected)
    ops = alignment.ops
    assert [op.gold for op in ops if op.gold is not None] == gold
    assert [op.test for op in ops if op.test is not None] == test
    assert aligner.align(gold, test).cost == expected  # remembered: the same


NAMES = ["span-boundary", "levenshtein", "equivalences", "context", "swallow", "uneven",
         "epsilons", "toll", "classes", "leaky"]


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=150, deadline=None)
@given(pair=pairs())
def test_the_fast_route_gives_the_whole_compositions_cost(
        name: str, pair: tuple[list[Any], list[Any]]) -> None:
    gold, test = pair
    fst = transducers()[name]
    check(FstAligner(fst, SPAN, name), fst, gold, test)


@settings(max_examples=100, deadline=None)
@given(st.lists(pairs(), min_size=1, max_size=6))
def test_one_aligner_over_many_pairs_and_a_far_read_back(
        far_read_back: dict[str, pynini.Fst], batch: list[tuple[list[Any], list[Any]]]) -> None:
    for name, fst in far_read_back.items():
        aligner = FstAligner(fst, SPAN, name)
        for gold, test in batch:
            check(aligner, fst, gold, test)


def test_the_shortcuts_are_taken_only_where_they_are_exact() -> None:
    np01, np02, vp12, pp02 = ("NP", 0, 1), ("NP", 0, 2), ("VP", 1, 2), ("PP", 0, 2)
    gold, test = [np01, np02, vp12], [np01, pp02, vp12]
    fst = transducers()
    trimmed = FstAligner(fst["span-boundary"], SPAN, "span-boundary").align(gold, test)
    assert (trimmed.prefix, trimmed.suffix, trimmed.cost) == (1, 1, 1.0)
    for name in ("context", "swallow"):
        whole = FstAligner(fst[name], SPAN, name).align(gold, test)
        assert (whole.prefix, whole.suffix) == (0, 0)
    # uneven: VP[1,2] is dear to insert and delete, NP[0,1] is not, so
    # matching NP[0,1] could lose (a dearer test symbol might have been
    # reached by rewriting it): the pair is composed whole.
    uneven = FstAligner(fst["uneven"], SPAN, "uneven")
    dear = {s for s in KNOWN if ALPHABET.id(SPAN.text(s)) % 2 == 0}
    assert vp12 in dear and np01 not in dear
    assert uneven.align(gold, test).prefix == 0
    # classes: an NP cannot be deleted, but neither can it become a VP, so
    # matching VP[1,2] loses nothing; under leaky it can, and it might.
    gold, test = [vp12, np01], [vp12, np02]
    assert FstAligner(fst["classes"], SPAN, "classes").align(gold, test).prefix == 1
    assert FstAligner(fst["leaky"], SPAN, "leaky").align(gold, test).prefix == 0
    leaky = FstAligner(fst["leaky"], SPAN, "leaky").align([vp12, np01], [vp12])
    assert leaky.cost == whole_pair(fst["leaky"], [vp12, np01], [vp12]) == 1.5
    same = FstAligner(fst["context"], SPAN, "context").align(gold, gold)
    assert (same.cost, same.prefix) == (0.0, len(gold))


def test_a_counterexample_to_naive_trimming_is_scored_right() -> None:
    """Under ``uneven``, NP[0,1] (cheap) then VP[1,2] (dear to insert): the
    common NP[0,1] is best rewritten as VP[1,2] and inserted again, which a
    trimmed alignment could not do."""
    np01, vp12 = ("NP", 0, 1), ("VP", 1, 2)
    fst = transducers()["uneven"]
    gold, test = [np01], [np01, vp12]
    expected = whole_pair(fst, gold, test)
    assert expected == 1.25  # insert NP[0,1] at 1, rewrite NP[0,1] as VP[1,2] at 0.25
    assert FstAligner(fst, SPAN, "uneven").align(gold, test).cost == expected


@pytest.mark.parametrize("encoding, schemes", [
    ("span", ["span-boundary", "equivalences"]),
    ("label", ["pos-scored"])])
def test_real_parsers_through_modules_and_compiled_schemes(
        shared: Path, encoding: str, schemes: list[str]) -> None:
    """Kummerfeld's parsers against WSJ section 1 (every other parser, for
    time), through the shipped module and compiled schemes (pos-scored: the
    label encoding, words never edited, tags rewritten among themselves),
    each pair against the whole composition."""
    from parsedit.costs.alphabet import collect
    from parsedit.encodings import get_encoding
    from parsedit.params import load_params
    from parsedit.trees.reader import read_trees

    folder = shared / "kummerfeld"
    gold_file = folder / "wsj01.mrg"
    parsers = sorted(p for p in folder.glob("*.mrg") if p != gold_file)
    norm = load_params("collins").normalisation
    enc = get_encoding(encoding, "words")
    alphabet = collect([str(p) for p in (gold_file, *parsers)], encoding, norm)

    def strings(path: Path) -> list[list[Any]]:
        return [list(enc.encode(norm.apply(item.tokens))) if item.tokens else []
                for item in read_trees(str(path))]

    gold = strings(gold_file)
    for name in schemes:
        scheme = load_costs(name)
        if isinstance(scheme, FstScheme):
            assert scheme.build is not None
            fst = scheme.build(alphabet)
            fst.set_input_symbols(alphabet.table)
            fst.set_output_symbols(alphabet.table)
        else:
            fst = compile_scheme(scheme, alphabet)
        aligner = FstAligner(fst, enc, name)
        trimmed = 0
        for parser in parsers[::2]:
            for g, t in zip(gold, strings(parser)):
                alignment = aligner.align(g, t)
                assert alignment.cost == whole_pair(fst, g, t, enc)
                trimmed += alignment.prefix + alignment.suffix > 0
        assert trimmed > 0  # the shortcut was taken, and checked


ODD_MODULE = '''
import pynini
ENCODINGS = ["span"]

def build(alphabet):
    """Context: after an NP matched, deletions cost 0.25 until the next
    match; some symbols dear to insert and delete; substitutions 0.5."""
    fst = pynini.Fst()
    home, cheap, sub = fst.add_state(), fst.add_state(), fst.add_state()
    fst.set_start(home)
    fst.set_final(home)
    fst.set_final(cheap)
    for text in alphabet.symbols:
        a = alphabet.id(text)
        dear = 3.0 if a % 3 == 0 else 1.0
        for arc in ((home, a, a, 0.0, home), (home, a, 0, dear, home),
                    (home, 0, a, dear, home), (home, a, 0, 0.5, sub), (sub, 0, a, 0.0, home),
                    (cheap, a, 0, 0.25, cheap), (cheap, a, a, 0.0, home)):
            fst.add_arc(arc[0], pynini.Arc(*arc[1:]))
        if alphabet.labels[text] == "NP":
            fst.add_arc(home, pynini.Arc(a, a, 0.0, cheap))
    return fst
'''


@pytest.mark.cli
def test_an_odd_module_through_the_command(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A module that is not edit-shaped, scored by ``parsedit score``: every
    sentence's cost is the whole composition's."""
    import json

    from conftest import files, run

    from parsedit.costs.alphabet import collect
    from parsedit.params import load_params
    from parsedit.trees.reader import read_trees

    monkeypatch.setenv("PARSEDIT_CACHE", "off")
    module = tmp_path / "odd.py"
    module.write_text(ODD_MODULE)
    gold_trees = ["(S (NP (DT the) (NN dog)) (VP (VBZ barks) (ADVP (RB loudly))))"] * 4
    test_trees = [gold_trees[0],
                  "(S (NP (DT the) (NN dog)) (VBZ barks) (ADVP (RB loudly)))",
                  "(S (NP (DT the) (NN dog) (VBZ barks)) (VP (ADVP (RB loudly))))",
                  "(S (NP (DT the)) (NP (NN dog)) (VP (VBZ barks) (PP (RB loudly))))"]
    gold, test = files(tmp_path, gold_trees, test_trees)
    result = run("score", gold, test, "--metrics", "span", "--span-costs", str(module),
                 "--format", "json")
    assert result.exit_code == 0, result.output
    got = [s["span"]["edits"] for s in json.loads(result.stdout)["sentences"]]
    norm = load_params("collins").normalisation
    alphabet = collect([gold, test], "span", norm)
    scheme = load_costs(str(module))
    assert isinstance(scheme, FstScheme) and scheme.build is not None
    fst = scheme.build(alphabet)
    fst.set_input_symbols(alphabet.table)
    fst.set_output_symbols(alphabet.table)
    assert edit_shape(fst) is None

    def spans(path: str) -> list[list[Any]]:
        out = []
        for item in read_trees(path):
            assert item.tokens is not None
            out.append(list(SPAN.encode(norm.apply(item.tokens))))
        return out

    expected = [whole_pair(fst, g, t) for g, t in zip(spans(gold), spans(test))]
    assert got == expected
    assert expected[1] == 0.25  # VP[2,4] deleted just after NP[0,2] matched: the context
