"""``parsedit grammars``, transducer schemes, the FAR cache and signatures."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pynini
import pytest
from click.testing import Result
from conftest import files, run
from roark_trees import GOLD, PARSE2, PARSE3

from parsedit.costs.shipped import shipped_names

pytestmark = pytest.mark.cli

ROARK_TREES = [GOLD, PARSE2, PARSE3]


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("PARSEDIT_CACHE", str(folder))
    return folder


def edits(result: Result, metric: str, field: str = "edits") -> list[float]:
    assert result.exit_code == 0, result.output
    return [s[metric][field] for s in json.loads(result.stdout)["sentences"]]


def test_list_names_every_shipped_scheme_with_its_summary() -> None:
    result = run("grammars", "list")
    assert result.exit_code == 0
    lines = result.stdout.split("\n\n")[0].splitlines()  # (head tables and rule sets follow)
    assert [line.split(":")[0] for line in lines] == shipped_names()
    assert "pos-scored: roark-basic with the preterminals evaluated" in result.stdout


def test_show_prints_the_costs_as_tables() -> None:
    result = run("grammars", "show", "pos-scored")
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("pos-scored@") and "extends: roark-basic@" in out
    assert "  noun        tag    NN NNS NNP NNPS  -" in out
    assert "  tag         tag         -     1" in out
    assert "  tag    -       -       1" in out  # by kind: tags rewrite at 1
    module = run("grammars", "show", "span-boundary")
    assert "a grammar module, built over each corpus's alphabet; encodings: span" in module.stdout


BAD = """name = "bad"
colour = "blue"
[classes]
nouns = ["ZZ*"]
verbs = "VB*"
[insert]
open = -1
any = 1
[delete]
any = "one"
tag = 1
[[substitute]]
within = "verbs"
cost = 5
[[substitute]]
from = "adjectives"
to = "tag"
cost = 1
"""


def check(path: Path, text: str, *options: str) -> Result:
    """``parsedit grammars check`` on ``text`` written to ``path``."""
    path.write_text(text)
    return run("grammars", "check", str(path), *options)


def test_check_reports_every_error_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    result = check(path, BAD)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{path}:2: unknown key 'colour'; expected one of name, extends, encodings, movement, "
        "merge, classes, insert, delete, substitute",
        f"{path}:7: [insert] open: a cost must be a finite number >= 0, not -1",
        f"{path}:10: [delete] any: a cost must be a number, not 'one'",
        f"{path}:15: [[substitute]] number 2: no class 'adjectives' (classes: any, boundary, "
        "close, dep, node, nouns, open, rule, span, tag, verbs, word)",
        f"{path}: 4 errors",
    ]


def test_check_finds_classes_that_match_nothing_and_useless_substitutions(
        tmp_path: Path) -> None:
    path = tmp_path / "odd.toml"
    result = check(path, BAD.replace('colour = "blue"\n', "").replace("open = -1", "open = 1")
                   .replace('"one"', "1").replace('"adjectives"', '"tag"'))
    # A class that matches nothing is a warning: score would use the scheme,
    # and check calls an error only what score refuses.
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [
        f"{path}:3: warning: class 'nouns' matches no symbol of the Penn Treebank labels",
        f"{path}:11: warning: [[substitute]] number 1: over the Penn Treebank labels, it "
        "costs 5, more than deleting one symbol and inserting the other (2 at most), so no "
        "shortest path uses it",
    ]
    assert result.stdout.startswith(f"{path}: OK (bad@") and "2 warnings" in result.stdout
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    assert run("score", gold, test, "--label-costs", str(path)).exit_code == 0
    result = check(path, path.read_text().replace('"ZZ*"', '"NN*"'))
    assert result.exit_code == 0
    assert result.stdout.startswith(f"{path}: OK (bad@") and "1 warning" in result.stdout


def test_check_and_score_agree_on_errors(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    path = tmp_path / "bad.toml"
    assert check(path, BAD).exit_code == 1
    result = run("score", gold, test, "--label-costs", str(path))
    assert result.exit_code == 2 and f"{path}:7: [insert] open: a cost" in result.stderr
    # Shipped names are checked too, and every one is clean.
    for name in shipped_names():
        result = run("grammars", "check", name)
        assert result.exit_code == 0, result.output
        assert "error" not in result.output and "warning: " not in result.stderr


def test_check_against_a_treebank(tmp_path: Path) -> None:
    gold, _ = files(tmp_path, ["(S (NP (NNX dog)) (VP (VBZ barks)))"], [])
    path = tmp_path / "nnx.toml"
    # No NNX in the PTB.
    result = check(path, 'name = "nnx"\n[classes]\nodd = "NNX"\n[delete]\nodd = 1\n')
    assert "warning: class 'odd' matches no symbol" in result.stderr
    result = run("grammars", "check", str(path), "--alphabet", gold)
    assert result.exit_code == 0 and "0 warnings" in result.stdout, result.output


def test_every_shipped_declarative_scheme_checks_clean() -> None:
    folder = Path(__file__).resolve().parents[1] / "grammars"
    for path in sorted(folder.glob("*.toml")):
        result = run("grammars", "check", str(path))
        assert result.exit_code == 0 and "0 warnings" in result.stdout, result.output


def test_a_compiled_far_scores_what_the_scheme_scores(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD, GOLD, GOLD], ROARK_TREES)
    far = str(tmp_path / "pos.far")
    result = run("grammars", "compile", "pos-scored", "--alphabet", gold, "--alphabet", test,
                 "-o", far)
    assert result.exit_code == 0, result.output
    assert "movement correction" in result.stderr
    with pynini.Far(far) as archive:
        assert [key for key, _ in archive] == ["label"]
    through_far = edits(run("score", gold, test, "--metrics", "label", "--label-costs", far,
                            "--format", "json"), "label")
    declared = edits(run("score", gold, test, "--metrics", "label", "--label-costs",
                         "pos-scored", "--format", "json"), "label", "basic")
    assert through_far == declared == [0.0, 4.0, 3.0]


def test_a_far_maps_symbols_it_does_not_know_to_themselves(tmp_path: Path) -> None:
    small, _ = files(tmp_path, ["(S (NP (NN dog)) (VP (VBZ barks)))"], [])
    far = str(tmp_path / "small.far")
    assert run("grammars", "compile", "roark-basic", "--alphabet", small, "-o", far,
               "--encoding", "label").exit_code == 0
    # "cat", "sat" and VBD are not in the FAR: each maps to itself.
    gold, test = files(tmp_path, ["(S (NP (NN cat)) (VP (VBD sat)))"] * 2,
                       ["(S (NP (NN cat)) (VP (VBD sat)))", "(S (NP (NN cat)) (VBD sat))"])
    assert edits(run("score", gold, test, "--metrics", "label", "--label-costs", far,
                     "--format", "json"), "label") == [0.0, 1.0]
    # Nor is PP, which therefore cannot be deleted: the scheme allows no path.
    gold, test = files(tmp_path, ["(S (NP (NN cat)) (PP (VBD sat)))"],
                       ["(S (NP (NN cat)) (VBD sat))"])
    result = run("score", gold, test, "--metrics", "label", "--label-costs", far)
    assert result.exit_code == 2 and "transducer 'small' allows no edit path" in result.stderr


MODULE = '''
import pynini
from pathlib import Path
NAME = "unit-module"
ENCODINGS = ["span", "rule"]

def build(alphabet):
    with open(Path(__file__).with_name("calls.txt"), "a") as log:
        log.write("built\\n")
    fst = pynini.Fst()
    fst.add_state(); fst.set_start(0); fst.set_final(0)
    for text in alphabet.symbols:
        a = alphabet.id(text)
        for arc in ((a, a, 0.0), (a, 0, 1.0), (0, a, 1.0)):
            fst.add_arc(0, pynini.Arc(*arc, 0))
    return fst
'''


def test_a_grammar_module_is_built_once_per_alphabet_and_cached(
        tmp_path: Path, cache: Path) -> None:
    module = tmp_path / "unit.py"
    module.write_text(MODULE)
    gold, test = files(tmp_path, [GOLD, GOLD, GOLD], ROARK_TREES)
    args = ("score", gold, test, "--metrics", "span", "--format", "json", "--span-costs")
    scores = edits(run(*args, str(module)), "span")
    # Insertion and deletion only: levenshtein's three substitutions and one
    # insertion (parse 2) cost 7, its three deletions (parse 3) cost 3.
    assert scores == [0.0, 7.0, 3.0]
    assert edits(run(*args, str(module)), "span") == scores
    calls = tmp_path / "calls.txt"
    assert calls.read_text() == "built\n"
    assert len(list(cache.glob("*.far"))) == 1
    # The key is the content, not the file's name.
    renamed = tmp_path / "renamed.py"
    shutil.copy(module, renamed)
    assert edits(run(*args, str(renamed)), "span") == scores
    assert calls.read_text() == "built\n"
    module.write_text(MODULE + "\n# changed\n")
    edits(run(*args, str(module)), "span")
    assert calls.read_text() == "built\nbuilt\n"


def test_the_cache_can_be_turned_off(tmp_path: Path, cache: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARSEDIT_CACHE", "off")
    module = tmp_path / "unit.py"
    module.write_text(MODULE)
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    for _ in range(2):
        run("score", gold, test, "--metrics", "span", "--span-costs", str(module))
    assert (tmp_path / "calls.txt").read_text() == "built\nbuilt\n"
    assert not cache.exists()


def test_the_shipped_module_gives_half_credit_for_one_boundary(tmp_path: Path) -> None:
    gold = "(S (NP (DT the) (NN dog)) (VP (VBZ barks) (ADVP (RB loudly))))"
    tests = [gold, "(S (NP (DT the) (NN dog) (VBZ barks)) (VP (ADVP (RB loudly))))",
             "(S (PP (DT the) (NN dog)) (VP (VBZ barks) (ADVP (RB loudly))))"]
    g, t = files(tmp_path, [gold] * 3, tests)
    # NP[0,2] -> NP[0,3] and VP[2,4] -> VP[3,4]: 0.5 each; NP -> PP: 1.
    assert edits(run("score", g, t, "--metrics", "span", "--span-costs", "span-boundary",
                     "--format", "json"), "span") == [0.0, 1.0, 1.0]


UNIT_ARCS = """import pynini
def build(alphabet):
    fst = pynini.Fst()
    fst.add_state(); fst.set_start(0); {final}
    for text in alphabet.symbols:
        a = alphabet.id(text)
        for arc in ((a, a, {identity}), (a, 0, 1.0), (0, a, 1.0)):
            fst.add_arc(0, pynini.Arc(*arc, 0))
    return fst
"""


@pytest.mark.parametrize("text, message", [
    ("x = 1\n", ": a grammar module must define build(alphabet)"),
    ("def build(alphabet):\n    return 3\n", ": build() must return a pynini.Fst, not int"),
    ("raise ValueError('oops')\n",
     ":1: loading the grammar module raised ValueError: oops"),
    ("import sys\nsys.exit(3)\n", ":2: loading the grammar module raised SystemExit: 3"),
    ("def build(alphabet)\n    return 3\n",
     ":1: loading the grammar module raised SyntaxError: "),
    ("def build(alphabet):\n    table = {}\n    return table['missing']\n",
     ":3: build() raised KeyError: 'missing'"),
    # Identity at -1: edits that pay (span edits 832 instead of 2259 on
    # sequoia/otmhi.mrg, where this used to be a silent wrong number).
    (UNIT_ARCS.format(final="fst.set_final(0)", identity="-1.0"),
     ": build() returned a transducer with an arc of weight -1.0 (state 0, labels 1:1); a "
     "cost must be a number >= 0"),
    # pynini refuses a NaN weight itself, at the line that makes the arc.
    (UNIT_ARCS.format(final="fst.set_final(0)", identity="float('nan')"),
     ":8: build() raised FstBadWeightError: nan"),
    (UNIT_ARCS.format(final="", identity="0.0"),
     ": build() returned a transducer without a final state, so no edit path can end"),
    ("import pynini\ndef build(alphabet):\n    return pynini.Fst()\n",
     ": build() returned a transducer without a start state"),
])
def test_grammar_module_errors(tmp_path: Path, text: str, message: str) -> None:
    module = tmp_path / "broken.py"
    module.write_text(text)
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    result = run("score", gold, test, "--metrics", "span", "--span-costs", str(module))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"parsedit: error: {module}{message}")
    assert len(result.stderr.splitlines()) == 1  # one line, no traceback
    # check builds the module when given an alphabet, and says the same.
    result = run("grammars", "check", str(module), "--alphabet", gold)
    assert result.exit_code == 2 and result.stderr.startswith(
        f"parsedit: error: {module}{message}")


def test_a_grammar_module_that_never_returns_is_stopped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARSEDIT_BUILD_TIMEOUT", "0.5")
    module = tmp_path / "forever.py"
    module.write_text("def build(alphabet):\n    while True:\n        pass\n")
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    result = run("score", gold, test, "--metrics", "span", "--span-costs", str(module))
    assert result.exit_code == 2
    assert result.stderr.startswith(
        f"parsedit: error: {module}:2: build() did not finish within 0.5 s "
        "(PARSEDIT_BUILD_TIMEOUT)") or result.stderr.startswith(
        f"parsedit: error: {module}:3: build() did not finish within 0.5 s")
    monkeypatch.setenv("PARSEDIT_BUILD_TIMEOUT", "soon")
    result = run("score", gold, test, "--metrics", "span", "--span-costs", str(module))
    assert result.exit_code == 2 and "PARSEDIT_BUILD_TIMEOUT='soon'" in result.stderr


def test_transducer_file_errors(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    bare = pynini.accep("ab")
    fst = tmp_path / "bare.fst"
    bare.write(str(fst))
    result = run("score", gold, test, "--metrics", "span", "--span-costs", str(fst))
    assert result.exit_code == 2 and "has no input symbol table" in result.stderr
    far = tmp_path / "two.far"
    with pynini.Far(str(far), mode="w") as archive:
        archive["a"] = bare
        archive["b"] = bare
    result = run("score", gold, test, "--metrics", "span", "--span-costs", str(far))
    assert result.exit_code == 2 and "holds a, b; none is named 'span'" in result.stderr
    junk = tmp_path / "junk.far"
    junk.write_text("not a far")
    result = run("score", gold, test, "--metrics", "span", "--span-costs", str(junk))
    assert result.exit_code == 2 and "not a readable FAR file" in result.stderr


def signature(*args: str) -> str:
    result = run("score", "--signature-only", *args)
    assert result.exit_code == 0, result.output
    return result.stdout.strip()


def test_signature_only_prints_what_the_report_carries(tmp_path: Path) -> None:
    gold, test = files(tmp_path, [GOLD], [PARSE2])
    report = json.loads(run("score", gold, test, "--format", "json").stdout)
    assert signature() == report["signature"]
    assert signature(gold, test) == report["signature"]


def test_signatures_change_when_and_only_when_a_result_could(tmp_path: Path) -> None:
    base = signature()
    scheme = tmp_path / "mine.toml"
    scheme.write_text('name = "mine"\nextends = "roark-basic"\n')
    # Same costs as roark-basic, from a file: the signature shows its path
    # where the shipped scheme's name was, and the same digest.
    assert signature("--label-costs", str(scheme)) == base.replace(
        "label:roark-basic@", f"label:{scheme}@")
    commented = tmp_path / "commented.toml"
    commented.write_text('# a comment\nname = "mine"\n\n  extends="roark-basic"  # again\n')
    assert signature("--label-costs", str(commented)).replace(str(commented), str(scheme)) \
        == signature("--label-costs", str(scheme))
    scheme.write_text('name = "mine"\nextends = "roark-basic"\nmovement = 2\n')
    assert signature("--label-costs", str(scheme)) != signature("--label-costs",
                                                                str(commented))
    for option in (("--params", "new"), ("--average", "sentence"), ("--rule-pos", "tags"),
                   ("--metrics", "label"), ("--cutoff", "20"), ("--split",),
                   ("--span-costs", "sampson-first-char"), ("--movement", "cascade"),
                   ("--max-error", "3"), ("-e", "0")):
        assert signature(*option) != base, option
    cascade = signature("--movement", "cascade")
    assert "|movement:cascade(moves<=2,k<=6)|" in cascade
    assert signature("--movement", "cascade", "--max-k", "3") != cascade
    # Options that cannot change a number leave it alone.
    for option in (("--format", "json"), ("-o", str(tmp_path / "out.txt")),
                   ("--max-moves", "5")):  # the bounds of a cascade not asked for
        assert signature(*option) == base, option


VN_VP = """name = "vn-vp"
extends = "levenshtein"
encodings = ["span"]
[classes]
verbal = { labels = ["VN", "VP"], kinds = ["span"] }
[[substitute]]
within = "verbal"
cost = 0.0
"""


def test_check_warns_when_a_span_substitution_ignores_boundaries(tmp_path: Path) -> None:
    path = tmp_path / "vn-vp.toml"
    result = check(path, VN_VP)
    assert result.exit_code == 0
    assert result.stderr == (
        f"{path}:6: warning: [[substitute]] number 1: it rewrites a span as one with other "
        "boundaries too, at 0 (less than the 1 such a rewrite costs otherwise), so a "
        "misplaced constituent is cheaper than a wrong one; add same = \"span\" to allow it "
        "only between spans with the same boundaries\n")
    result = check(path, VN_VP + 'same = "span"\n')
    assert result.exit_code == 0 and result.stderr == "", result.output


def test_equivalences_relabel_a_span_only_over_the_same_words(tmp_path: Path) -> None:
    gold = "(S (NP (NN dog)) (VP (VBZ barks) (ADVP (RB off))))"
    tests = ["(S (NP (NN dog)) (VP (VBZ barks) (PRT (RB off))))",  # same words: free
             "(S (NP (NN dog)) (VP (PRT (VBZ barks) (RB off))))",  # ADVP[2,3] -> PRT[1,3]
             "(SINV (NP (NN dog)) (VP (VBZ barks) (ADVP (RB off))))"]
    g, t = files(tmp_path, [gold] * 3, tests)
    # -p none: collins.prm makes ADVP and PRT one label already.
    args = ("score", g, t, "--metrics", "span", "--format", "json", "-p", "none",
            "--span-costs")
    assert edits(run(*args, "equivalences"), "span") == [0.0, 1.0, 0.0]
    assert edits(run(*args, "levenshtein"), "span") == [1.0, 1.0, 1.0]


def test_sequoia_span_equivalence_needs_same_span(tmp_path: Path, shared: Path) -> None:
    # VN = VP at 0 without same = "span" lets spans move for free; with it the
    # output, which never relabels VN as VP over the same words, scores as
    # under levenshtein.
    gold, test = shared / "sequoia" / "gold.mrg", shared / "sequoia" / "otmhi.mrg"
    loose = tmp_path / "loose.toml"
    loose.write_text(VN_VP)
    strict = tmp_path / "strict.toml"
    strict.write_text(VN_VP + 'same = "span"\n')

    def total(costs: str) -> float:
        result = run("score", str(gold), str(test), "--metrics", "span", "--format", "json",
                     "--span-costs", costs)
        edits: float = json.loads(result.stdout)["corpus"]["span"]["edits"]
        return edits

    assert total("levenshtein") == total(str(strict)) == 2259
    assert total(str(loose)) < 2259


def test_a_damaged_cache_entry_is_rebuilt(tmp_path: Path, cache: Path) -> None:
    module = tmp_path / "unit.py"
    module.write_text(MODULE)
    gold, test = files(tmp_path, [GOLD, GOLD, GOLD], ROARK_TREES)
    args = ("score", gold, test, "--metrics", "span", "--format", "json", "--span-costs",
            str(module))
    calls = tmp_path / "calls.txt"
    assert edits(run(*args), "span") == [0.0, 7.0, 3.0]
    (entry,) = cache.glob("*.far")
    whole = entry.read_bytes()
    damaged = bytearray(whole)
    damaged[len(whole) // 2] ^= 0xFF  # a flipped byte in the middle
    for broken in (whole[:len(whole) // 2], bytes(damaged), b""):
        entry.write_bytes(broken)
        before = calls.read_text().count("built")
        result = run(*args)
        assert edits(result, "span") == [0.0, 7.0, 3.0]
        assert calls.read_text().count("built") == before + 1  # rebuilt, not used
        assert entry.read_bytes() == whole
    assert not list(cache.glob("*.tmp"))


# MODULE, slowed down so that two processes surely build at the same time.
CONCURRENT = MODULE.replace("def build(alphabet):\n",
                            "import time\ndef build(alphabet):\n    time.sleep(0.5)\n")


def test_two_processes_build_one_cache_entry_at_once(tmp_path: Path, cache: Path) -> None:
    import subprocess
    import sys

    module = tmp_path / "slow.py"
    module.write_text(CONCURRENT)
    gold, test = files(tmp_path, [GOLD, GOLD, GOLD], ROARK_TREES)
    command = [sys.executable, "-c", "from parsedit.cli import main; main()", "score", gold,
               test, "--metrics", "span", "--format", "json", "--span-costs", str(module)]
    runs = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True) for _ in range(2)]
    for process in runs:
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
        assert [s["span"]["edits"] for s in json.loads(out)["sentences"]] == [0.0, 7.0, 3.0]
    assert len(list(cache.glob("*.far"))) == 1 and not list(cache.glob("*.tmp"))
