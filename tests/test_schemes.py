"""Cost schemes: shipped files, user files, and the errors they can hold."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from roark_trees import GOLD, PARSE2, PARSE3

from parsedit.cli import main
from parsedit.costs.reader import load_scheme, parse_scheme
from parsedit.costs.shipped import shipped_names
from parsedit.encodings import get_encoding
from parsedit.errors import SchemeError
from parsedit.fst.align import Aligner


def test_shipped_schemes_install_with_the_package() -> None:
    assert {"roark-basic", "levenshtein"} <= set(shipped_names())
    basic = load_scheme("roark-basic")
    sig = basic.signature("open")
    assert (basic.insert_cost(sig), basic.delete_cost(sig)) == (0.5, 0.5)
    assert basic.substitute_cost(basic.signature("tag"), basic.signature("tag")) == 0
    assert not basic.can_edit("word") and basic.movement == 1.0
    sigs = [basic.signature(k, "X") for k in ("open", "close", "tag")]
    assert basic.triangle_holds(basic.signature("word", "dog"), sigs)


@pytest.mark.cli
def test_a_user_scheme_changes_the_numbers(tmp_path: Path) -> None:
    # Shallow evaluation (Roark section 5): deleting structure is free.
    scheme = tmp_path / "shallow.toml"
    scheme.write_text('name = "shallow-test"\n[insert]\nopen = 0.5\nclose = 0.5\n'
                      '[delete]\nopen = 0\nclose = 0\n[[substitute]]\nfrom = "tag"\n'
                      'to = "tag"\ncost = 0\n')
    gold, test = tmp_path / "g.mrg", tmp_path / "t.mrg"
    gold.write_text(GOLD + "\n" + GOLD + "\n")
    test.write_text(PARSE3 + "\n" + PARSE2 + "\n")
    result = CliRunner().invoke(main, ["score", str(gold), str(test), "--metrics", "label",
                                       "--label-costs", str(scheme), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    # Parse 3 only lacks structure: free. Parse 2 inserts one open bracket
    # (the extra NP, 0.5) and four close brackets after "store" (one of them
    # the NP's, 2.0); the three deleted after "lining" are free; no movement
    # cost is declared, so no correction: 2.5.
    assert [s["label"]["edits"] for s in data["sentences"]] == [0.0, 2.5]
    assert f"label:{scheme}@" in data["signature"]  # a file: its path, not its name


@pytest.mark.parametrize("text, line, message", [
    (b'name = "x"\ncolour = 1\n', 2, "unknown key 'colour'"),
    (b'name = "x"\n[insert]\nopen = -1\n', 3,
     "[insert] open: a cost must be a finite number >= 0"),
    (b'name = "x"\n[delete]\nopen = "a lot"\n', 3, "[delete] open: a cost must be a number"),
    (b'name = "x"\n[[substitute]]\nfrom = "tag"\n', 2,
     "needs 'from', 'to' (or 'within') and 'cost'"),
    (b'name = \n', 1, "not a readable TOML file"),
    (b'name = "x"\n[delete]\nnoun = 1\n', 3, "[delete] noun: no class of that name"),
    (b'name = "x"\n[classes]\nnoun = { labels = "NN", kinds = "tags" }\n', 3,
     "unknown kind(s) tags"),
    (b'name = "x"\n[[substitute]]\nwithin = "any"\ncost = 1\nsame = "case"\n', 5,
     "same = 'case'; expected one of first-char, base"),
    (b'name = "x"\nextends = "no-such-scheme"\n', 2, "no cost scheme 'no-such-scheme'"),
])
def test_scheme_errors_name_the_file_line_and_fault(text: bytes, line: int,
                                                     message: str) -> None:
    with pytest.raises(SchemeError) as caught:
        parse_scheme(text, "mine.toml")
    assert str(caught.value).startswith(f"mine.toml:{line}: ")
    assert message in str(caught.value)


def test_every_error_is_reported_at_once() -> None:
    text = b'name = "x"\ncolour = 1\n[insert]\nopen = -1\nclose = "x"\n'
    with pytest.raises(SchemeError) as caught:
        parse_scheme(text, "mine.toml")
    assert [line.split(": ")[0] for line in str(caught.value).splitlines()] == [
        "mine.toml:2", "mine.toml:4", "mine.toml:5"]


NP, NN, VP = ("NP", 0, 2), ("NN", 0, 1), ("VP", 0, 1)
INSERT_ONLY = b'name = "insert-only"\n[insert]\nany = 1\n'


@pytest.mark.parametrize("gold, test", [
    ((NP, NN), (NP,)),  # after the common prefix only gold is left
    ((NP, NN), (NP, VP)),  # both sides are left: the lattice has no path
])
def test_a_scheme_that_forbids_the_only_edits_is_an_error(
        gold: tuple[tuple[str, int, int], ...], test: tuple[tuple[str, int, int], ...]) -> None:
    aligner = Aligner(parse_scheme(INSERT_ONLY, "insert-only.toml"), get_encoding("span", "words"))
    with pytest.raises(SchemeError, match="allows no edit path"):
        aligner.align(gold, test)


def test_a_one_sided_remainder_is_inserted() -> None:
    aligner = Aligner(parse_scheme(INSERT_ONLY, "insert-only.toml"), get_encoding("span", "words"))
    alignment = aligner.align((NP, VP), (NP, NN, VP))
    assert alignment.cost == 1.0
    assert [(op.kind, op.test) for op in alignment.ops] == [
        ("match", NP), ("ins", NN), ("match", VP)]


def _triangle_oracle(scheme: Any, sigs: list[Any]) -> bool:
    """The triangle inequality over the empty string and every triple, all
    at once (what adding the signatures one at a time must add up to)."""
    for a in sigs:
        for x in sigs:
            ax = scheme.substitute_cost(a, x)
            if ax + scheme.delete_cost(x) < scheme.delete_cost(a) or \
                    scheme.insert_cost(a) + ax < scheme.insert_cost(x):
                return False
            if any(ax + scheme.substitute_cost(x, b) < scheme.substitute_cost(a, b)
                   for b in sigs):
                return False
    return True


LEAKY = b"""
name = "leaky"
encodings = ["label"]
[classes]
np = { labels = ["NP", "NX"], kinds = ["open"] }
vp = { labels = ["VP", "VB"], kinds = ["open", "tag"] }
[insert]
any = 1.0
[delete]
any = 1.0
[[substitute]]
from = "np"
to = "vp"
cost = 0.2
[[substitute]]
from = "vp"
to = "open"
cost = 0.2
[[substitute]]
from = "any"
to = "any"
cost = 1.0
"""


@given(st.lists(st.tuples(st.sampled_from(["open", "tag", "word"]),
                          st.sampled_from(["NP", "NX", "VP", "VB", "S", "Dog", "dog", "n't"])),
                min_size=1, max_size=8, unique=True),
       st.sampled_from(["words-tokenisation", "pos-scored", "equivalences", "leaky"]))
@settings(max_examples=200, deadline=None)
def test_the_triangle_check_one_signature_at_a_time_is_the_whole_check(
        symbols: list[tuple[str, str]], name: str) -> None:
    scheme = parse_scheme(LEAKY, "leaky.toml") if name == "leaky" else load_scheme(name)
    sigs: list[Any] = []
    holds = True
    memo: dict[tuple[Any, Any], float] = {}
    for kind, label in symbols:
        sig = scheme.signature(kind, label)
        if sig in sigs:
            continue
        holds = holds and scheme.triangle_holds(sig, sigs, memo)
        sigs.append(sig)
    assert holds == _triangle_oracle(scheme, sigs)
