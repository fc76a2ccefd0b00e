"""Head tables, tree-to-dependency conversion and CoNLL-U (parsedit.deps).

The heads of hand-worked Penn Treebank style sentences are those Collins'
(1999, Appendix A) and Magerman's (1995) tables give by hand; a Hypothesis
property compares the conversion with a deliberately simple recursive
implementation of the table semantics written here, reading the TOML files
directly."""

from __future__ import annotations

import sys
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

import deps_support
import pytest
from conftest import run, tree
from hypothesis import given
from hypothesis import strategies as st

from parsedit.deps.conllu import conllu_sentence, parse_conllu, read_conllu
from parsedit.deps.convert import Converter, function_tag
from parsedit.deps.heads import load_head_table, read_head_table
from parsedit.errors import SchemeError
from parsedit.trees.reader import read_trees

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

HEADS = deps_support.GRAMMARS / "heads"


def deps(text: str, table: str = "collins", labels: str = "auto") -> list[tuple[str, str, str]]:
    """(word, its head word or ROOT, relation) of each word of a tree."""
    converted = Converter(table, labels).convert(tree(text).tokens())
    assert converted.problem() is None
    return [(w, converted.words[h - 1] if h else "ROOT", r)
            for w, h, r in zip(converted.words, converted.heads, converted.relations)]


def heads_of(text: str, table: str = "collins") -> dict[str, str]:
    return {w: h for w, h, _ in deps(text, table)}


# -- Collins' table on hand-worked sentences ---------------------------------------

MODAL = ("(S (NP-SBJ (DT The) (NN company)) (VP (MD will) (VP (VB pay) "
         "(NP (DT a) (NN dividend)))) (. .))")


def test_the_modal_heads_the_verb_phrase() -> None:
    # VP: search from the left for TO VBD VBN MD ...: MD before the inner VP;
    # S: from the left for TO IN VP: the VP, so the modal is the root.
    assert deps(MODAL) == [
        ("The", "company", "NP/TAG/TAG"),
        ("company", "will", "SBJ"),
        ("will", "ROOT", "root"),
        ("pay", "will", "VP/TAG/VP"),
        ("a", "dividend", "NP/TAG/TAG"),
        ("dividend", "pay", "VP/TAG/NP"),
        (".", "will", "S/VP/TAG"),
    ]


def test_triples_ignore_function_tags() -> None:
    assert dict((w, r) for w, _, r in deps(MODAL, labels="triples"))["company"] == "S/VP/NP"


def test_the_possessive_heads_its_np() -> None:
    # Collins: "if the last word is tagged POS, return the last word"; the
    # outer NP: from the right, the first NN...: "dog".
    text = "(NP (NP (NNP John) (POS 's)) (NN dog))"
    assert deps(text) == [("John", "'s", "NP/TAG/TAG"), ("'s", "dog", "NP/TAG/NP"),
                          ("dog", "ROOT", "root")]
    # Magerman: an NP ending in POS is his NP$, headed by its noun.
    assert heads_of(text, "magerman") == {"John": "dog", "'s": "John", "dog": "ROOT"}


def test_coordination_moves_the_head_to_the_first_conjunct() -> None:
    # NP rules pick the rightmost NNP, "Mary"; it follows a CC that is not
    # the first child, in an NP that is not base (it has an NP child): the
    # head moves to the child before the CC.
    assert heads_of("(NP (NP (NNP John)) (CC and) (NNP Mary))") == {
        "John": "ROOT", "and": "John", "Mary": "John"}
    # Magerman has no such rule: the rightmost N* child heads.
    assert heads_of("(NP (NP (NNP John)) (CC and) (NNP Mary))", "magerman")["Mary"] == "ROOT"
    # ... but not inside a base NP (Bikel 2004, section 3.12).
    assert heads_of("(NP (NNS cats) (CC and) (NNS dogs))") == {
        "cats": "dogs", "and": "dogs", "dogs": "ROOT"}
    # UCP: the last child, moved before the CC.
    assert heads_of("(UCP (JJ financial) (CC and) (NN insurance))") == {
        "financial": "ROOT", "and": "financial", "insurance": "financial"}
    # ADVP, searched from the right: "carefully", moved to "slowly".
    assert heads_of("(ADVP (RB slowly) (CC and) (RB carefully))")["slowly"] == "ROOT"
    # VP coordination: the first VP from the left already.
    assert heads_of("(VP (VP (VBD sang)) (CC and) (VP (VBD danced)))")["sang"] == "ROOT"


def test_complementizer_and_preposition_heads() -> None:
    text = ("(S (NP (PRP He)) (VP (VBD said) (SBAR (IN that) (S (NP (PRP it)) "
            "(VP (VBD rained))))) (. .))")
    assert heads_of(text) == {"He": "said", "said": "ROOT", "that": "said", "it": "rained",
                              "rained": "that", ".": "said"}
    # Magerman's SBAR is headed by its S.
    assert heads_of(text, "magerman")["that"] == "rained"
    # Collins' PP is searched from the right: "because of" is headed by "of".
    assert heads_of("(PP (IN because) (IN of) (NP (DT the) (NN rain)))") == {
        "because": "of", "of": "ROOT", "the": "rain", "rain": "of"}


def test_empty_elements_removed_punctuation_attached() -> None:
    text = "( (S (NP-SBJ (-NONE- *-1)) (VP (TO to) (VP (VB go))) (. .)) )"
    assert deps(text) == [("to", "ROOT", "root"), ("go", "to", "VP/TAG/VP"),
                          (".", "to", "S/VP/TAG")]
    # Punctuation never heads a phrase that has another child.
    assert heads_of("(FRAG (NP (NN Yes)) (. .))") == {"Yes": "ROOT", ".": "Yes"}
    # ... but heads one that has nothing else.
    assert heads_of("(FRAG (. .) (, ,))") == {".": ",", ",": "ROOT"}


def test_several_trees_on_a_line_one_root() -> None:
    converted = Converter().convert(("(S", "(NN a)", ")", "(S", "(NN b)", ")"))
    assert converted.heads == (0, 1) and converted.relations[1] == "ROOT/S/S"


def test_function_tags() -> None:
    assert function_tag("NP-SBJ-1") == "SBJ"
    assert function_tag("PP-LOC-CLR") == "LOC-CLR"
    assert function_tag("NP=2") is None
    assert function_tag("NP-SBJ=3") == "SBJ"
    assert function_tag("-NONE-") is None and function_tag("-LRB-") is None
    assert function_tag("PP-P_OBJ") == "P_OBJ"
    assert function_tag("CLR-AFF.DEMSUJ") == "AFF.DEMSUJ"


def test_sequoia_sentence() -> None:
    text = ("( (SENT (VN (CLS-SUJ Il) (V demande)) (ADV toutefois) (NP-OBJ (DET le) "
            "(NC renvoi) (PP (P devant) (NP (DET le) (NC tribunal)))) (PONCT .)))")
    assert deps(text, "sequoia") == [
        ("Il", "demande", "SUJ"), ("demande", "ROOT", "root"),
        ("toutefois", "demande", "SENT/VN/TAG"), ("le", "renvoi", "NP/TAG/TAG"),
        ("renvoi", "demande", "OBJ"), ("devant", "renvoi", "NP/TAG/PP"),
        ("le", "tribunal", "NP/TAG/TAG"), ("tribunal", "devant", "PP/TAG/NP"),
        (".", "demande", "SENT/VN/TAG")]


def test_deep_tree_converts_without_recursion() -> None:
    depth = 10_000
    tokens = ["(S"] * depth + ["(NN w)"] + [")"] * depth
    assert Converter().convert(tokens).heads == (0,)


# -- every shared treebank converts into trees ----------------------------------------

TREEBANKS = ["ptb-sample/wsj_0001-0199.clean", "ptb-sample/wsj_0001-0199.orig",
             "sequoia/gold.mrg", "kummerfeld/wsj01.mrg", "evalb/sample.gld", "evalb/bug.gld"]


@pytest.mark.parametrize("name", TREEBANKS)
def test_every_tree_is_a_dependency_tree(shared: Path, name: str) -> None:
    converter = Converter("sequoia" if name.startswith("sequoia") else "collins")
    for item in read_trees(str(shared / name)):
        if item.tokens is None:
            continue
        converted = converter.convert(item.tokens)
        assert converted.problem() is None, (item.line, converted)
        assert list(converted.words) == words_of(item.tokens)


def words_of(tokens: tuple[str, ...]) -> list[str]:
    """The words of a tree's tokens, empty elements left out."""
    out = []
    for token in tokens:
        if token[0] == "(" and token[-1] == ")":
            tag, _, word = token[1:-1].partition(" ")
            if tag != "-NONE-":
                out.append(word)
        elif token[0] != "(" and token != ")":
            out.append(token)
    return out


def test_orig_and_clean_have_the_same_dependencies(shared: Path) -> None:
    """The .orig treebank (function tags, empty elements, ``( (S ...) )``)
    and the .clean one (``(TOP (S ...))``) give the same dependencies under
    the triples: empty elements are removed before heads are found, and
    categories are compared without function tags."""
    converter = Converter(labels="triples")
    orig = read_trees(str(shared / "ptb-sample/wsj_0001-0199.orig"))
    clean = read_trees(str(shared / "ptb-sample/wsj_0001-0199.clean"))
    for a, b in zip(orig, clean, strict=True):
        assert a.tokens is not None and b.tokens is not None
        x, y = converter.convert(a.tokens), converter.convert(b.tokens)
        assert (x.words, x.heads, x.relations) == (y.words, y.heads, y.relations), a.line


# -- the independent implementation ---------------------------------------------------

def naive_heads(text_tree: object, table: dict[str, Any]) -> list[int]:
    """Each word's head (1-based, 0 root) by a plain recursive reading of a
    head table's TOML (for small trees: no care for depth or speed)."""
    from parsedit.trees.tree import Tree

    empty = set(table.get("empty", []))
    never = set(table.get("never-head", []))
    coordination = table.get("coordination")
    categories = table["categories"]
    words: list[int] = []
    heads: dict[int, int] = {}

    def base(label: str) -> str:
        # cut at the first "-" and the first "=", where not at the start
        cuts = [i for i in (label.find("-"), label.find("=")) if i > 0]
        return label[:min(cuts)] if cuts else label

    def matches(cat: str, item: Any) -> bool:
        items = [item] if isinstance(item, str) else item
        return any(fnmatchcase(cat, p) for p in items)

    def choose(cat: str, cats: list[str]) -> int:
        usable = [i for i, c in enumerate(cats) if c not in never] or list(range(len(cats)))
        spec = categories.get(cat)
        while spec is not None:
            rules = spec.get("rules") or ([{k: v for k, v in spec.items() if k != "default"}]
                                          if any(k != "default" for k in spec) else [])
            redirected = None
            for rule in rules:
                order = usable if rule.get("search") != "right-to-left" else usable[::-1]
                if "if-last" in rule:
                    if matches(cats[usable[-1]], rule["if-last"]):
                        if "use" in rule:
                            redirected = rule["use"]
                            break
                        return usable[-1]
                elif "first-of" in rule:
                    for i in order:
                        if matches(cats[i], rule["first-of"]):
                            return i
                else:
                    for item in rule["priority"]:
                        for i in order:
                            if matches(cats[i], item):
                                return i
            if redirected is not None:
                spec = categories.get(redirected)
                continue
            default = spec.get("default")
            if default is None:
                first = next((r for r in rules if "if-last" not in r), None)
                default = "last" if first and first["search"] == "right-to-left" else "first"
            return usable[0] if default == "first" else usable[-1]
        return usable[0] if table.get("unknown", "first") == "first" else usable[-1]

    def walk(node: object) -> int | None:
        """The head word of a node (None if it has no word)."""
        assert isinstance(node, Tree)
        if node.is_preterminal:
            if base(node.label) in empty:
                return None
            words.append(len(words) + 1)
            return len(words)
        found = [(walk(c) if isinstance(c, Tree) else None, c) for c in node.children]
        kept = [(h, c) for h, c in found if h is not None]
        if not kept:
            return None
        cats = [base(c.label) for _, c in kept if isinstance(c, Tree)]
        h = choose(base(node.label) or "ROOT", cats)
        if coordination and h >= 2 and cats[h - 1] in coordination["coordinators"]:
            nib = coordination.get("not-in-base", [])
            if not (base(node.label) in nib and not any(c in nib for c in cats)):
                h -= 2
        for i, (word, _) in enumerate(kept):
            if i != h:
                heads[word] = kept[h][0]
        return kept[h][0]

    root = walk(text_tree)
    if root is not None:
        heads[root] = 0
    return [heads[w] for w in words]


PHRASES = ["S", "NP", "VP", "PP", "SBAR", "ADJP", "ADVP", "UCP", "QP", "WHNP", "NX", "FRAG",
           "NP-SBJ", "PP-LOC", "SINV"]
TAGS = ["NN", "NNS", "NNP", "DT", "JJ", "VB", "VBD", "MD", "TO", "IN", "CC", "POS", "RB", "CD",
        ",", ".", "-NONE-", "PRP", "WDT", "$"]


@st.composite
def trees(draw: st.DrawFn, depth: int = 4) -> str:
    if depth == 0 or draw(st.booleans()):
        return f"({draw(st.sampled_from(TAGS))} w)"
    kids = draw(st.lists(trees(depth - 1), min_size=1, max_size=4))
    return f"({draw(st.sampled_from(PHRASES))} {' '.join(kids)})"


@pytest.mark.parametrize("name", ["collins", "magerman"])
@given(text=trees())
def test_conversion_matches_a_simple_implementation(name: str, text: str) -> None:
    table = tomllib.loads((HEADS / f"{name}.toml").read_text(encoding="utf-8"))
    parsed = tree(text)
    converted = Converter(name).convert(parsed.tokens())
    assert converted.problem() is None
    assert list(converted.heads) == naive_heads(parsed, table)


# -- head tables: reading and checking ---------------------------------------------

def test_shipped_tables_load() -> None:
    for name in ("collins", "magerman", "sequoia"):
        assert load_head_table(name).name == name


def problems(text: str) -> list[str]:
    table, found = read_head_table(text.encode(), "t.toml")
    return [str(p) for p in found]


def test_head_table_errors_have_lines() -> None:
    text = ('kind = "head-table"\nname = "t"\n[categories.NP]\nsearch = "upwards"\n'
            'priority = ["NN"]\n[categories.VP]\nrules = [{ if-last = ["VB"], use = "XP" }]\n'
            '[categories.S]\nwhat = 1\n')
    found = problems(text)
    assert any(p.startswith("t.toml:4:") and "upwards" in p for p in found)
    assert any("use = 'XP'" in p for p in found)
    assert any(p.startswith("t.toml:9:") and "unknown key 'what'" in p for p in found)
    with pytest.raises(SchemeError):
        load_head_table("/nonexistent/t.toml")


def test_use_cycle_refused() -> None:
    text = ('kind = "head-table"\nname = "t"\n'
            '[categories.A]\nrules = [{ if-last = ["x"], use = "B" }]\n'
            '[categories.B]\nrules = [{ if-last = ["x"], use = "A" }]\n')
    assert any("cycle" in p for p in problems(text))


def test_not_a_head_table() -> None:
    assert any("kind" in p for p in problems('name = "t"\n[categories.NP]\ndefault = "last"\n'))


@pytest.mark.cli
def test_grammars_check_head_tables(shared: Path, tmp_path: Path) -> None:
    result = run("grammars", "check", "collins")
    assert result.exit_code == 0 and "OK, a head table" in result.output
    result = run("grammars", "check", "magerman")
    assert "can never be reached" in result.output
    bad = tmp_path / "bad.toml"
    bad.write_text('kind = "head-table"\nname = "bad"\n[categories.NP]\nsearch = "up"\n'
                   'priority = ["NN"]\n')
    result = run("grammars", "check", str(bad))
    assert result.exit_code == 1 and f"{bad}:4:" in result.output
    result = run("grammars", "check", "sequoia", "--alphabet", str(shared / "sequoia/gold.mrg"))
    assert result.exit_code == 0 and "'VIMP' matches no category" in result.output
    # A cost scheme is still checked as one.
    assert run("grammars", "check", "dep-label-half").exit_code == 0


# -- CoNLL-U --------------------------------------------------------------------------

def test_conllu_round_trip(shared: Path) -> None:
    converter = Converter()
    trees_ = [converter.convert(item.tokens) for item in
              read_trees(str(shared / "ptb-sample/wsj_0001-0199.orig")) if item.tokens][:300]
    text = "".join(conllu_sentence(t, str(n)) for n, t in enumerate(trees_, start=1))
    read = list(parse_conllu("<t>", iter(text.splitlines(keepends=True))))
    # (the relations that are function tags counted from the file, as converted)
    assert [r.tree for r in read] == trees_
    assert [r.sent_id for r in read] == [str(n) for n in range(1, 301)]


GOLD18 = """# sent_id = 1
# text = The dog barked.
1\tThe\tthe\tDET\tDT\tDefinite=Def|PronType=Art\t2\tdet\t_\t_
2\tdog\tdog\tNOUN\tNN\tNumber=Sing\t3\tnsubj\t_\t_
3\tbarked\tbark\tVERB\tVBD\tMood=Ind|Tense=Past\t0\troot\t_\tSpaceAfter=No
4\t.\t.\tPUNCT\t.\t_\t3\tpunct\t_\t_

# sent_id = 2
# text = Vino del mar
1\tVino\tvenir\tVERB\t_\t_\t0\troot\t_\t_
1.1\tir\tir\tVERB\t_\t_\t_\t_\t1:conj\t_
2-3\tdel\t_\t_\t_\t_\t_\t_\t_\t_
2\tde\tde\tADP\t_\t_\t4\tcase\t_\t_
3\tel\tel\tDET\t_\t_\t4\tdet\t_\t_
4\tmar\tmar\tNOUN\t_\t_\t1\tobl:arg\t_\t_

"""


def read18(text: str) -> list[object]:
    return list(parse_conllu("x.conllu", iter(text.splitlines(keepends=True))))


def test_conllu_reader_reads_the_conll18_example() -> None:
    first, second = read18(GOLD18)
    assert first.tree.words == ("The", "dog", "barked", ".")  # type: ignore[attr-defined]
    assert first.tree.tags == ("DT", "NN", "VBD", ".")  # type: ignore[attr-defined]
    # the empty node is skipped, the multiword token's words are read
    assert second.tree.words == ("Vino", "de", "el", "mar")  # type: ignore[attr-defined]
    assert second.tree.tags == ("VERB", "ADP", "DET", "NOUN")  # type: ignore[attr-defined]
    assert second.tree.heads == (0, 4, 4, 1)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("change", "where", "message"), [
    (("4\t.\t.\tPUNCT\t.\t_\t3\tpunct\t_\t_", "4\t.\t.\tPUNCT\t.\t_\t3\tpunct\t_"), (6, 1),
     "10 tab-separated columns"),
    (("4\t.\t.\tPUNCT\t.\t_\t3\tpunct", "4\t.\t.\tPUNCT\t.\t_\t9\tpunct"), (6, 17),
     "HEAD 9 points outside"),
    (("4\t.\t.\tPUNCT\t.\t_\t3\tpunct", "4\t.\t.\tPUNCT\t.\t_\t_\tpunct"), (6, 17),
     "HEAD '_' is not a whole number"),
    (("4\t.\t.\tPUNCT\t.\t_\t3\tpunct", "5\t.\t.\tPUNCT\t.\t_\t3\tpunct"), (6, 1),
     "word ID 5, expected 4"),
    (("4\t.\t.\tPUNCT\t.\t_\t3\tpunct", "4\t.\t.\tPUNCT\t.\t_\t0\tpunct"), (6, 17),
     "2 words have HEAD 0"),
    (("1\tThe\tthe\tDET\tDT\tDefinite=Def|PronType=Art\t2", "1\tThe\tthe\tDET\tDT\t"
      "Definite=Def|PronType=Art\t1"), (3, 44), "cycle"),
    (("2\tdog\tdog", "# mid\n2\tdog\tdog"), (4, 1), "comment line inside a sentence"),
    (("2\tdog\tdog\tNOUN", "2\t\tdog\tNOUN"), (4, 3), "empty FORM"),
])
def test_conllu_errors_have_line_and_column(change: tuple[str, str], where: tuple[int, int],
                                            message: str) -> None:
    items = read18(GOLD18.replace(*change, 1))
    first = items[0]
    assert first.tree is None and first.error is not None  # type: ignore[attr-defined]
    error = first.error  # type: ignore[attr-defined]
    assert (error.line, error.column) == where and message in error.reason, error
    # the next sentence is still read
    assert items[1].tree is not None  # type: ignore[attr-defined]


def test_conllu_lenient_where_stated() -> None:
    # no final blank line, several blank lines, a block of comments alone
    text = "# newdoc\n\n" + GOLD18.rstrip("\n") .replace("\n\n", "\n\n\n")
    assert [i.tree is not None for i in read18(text)] == [True, True]  # type: ignore[attr-defined]


# -- parsedit convert -----------------------------------------------------------------

@pytest.mark.cli
def test_convert_command(tmp_path: Path) -> None:
    source = tmp_path / "a.mrg"
    source.write_text(MODAL + "\n(S (NP oops\n\n(S (NP (NN x)) (VP (VBD y)))\n")
    result = run("convert", str(source))
    assert result.exit_code == 1
    assert "# sent_id = 1\n" in result.output and "# sent_id = 4\n" in result.output
    assert "skipped " + str(source) + ":2:" in result.output
    out = tmp_path / "a.conllu"
    assert run("convert", str(source), "-o", str(out)).exit_code == 1
    expected = Converter().convert(tree(MODAL).tokens())
    first = next(read_conllu(str(out))).tree
    assert first is not None
    assert (first.words, first.tags, first.heads, first.relations) == (
        expected.words, expected.tags, expected.heads, expected.relations)
    # bracketed: one tree a line, an empty line where a tree was unreadable
    result = run("convert", str(source), "--to", "bracketed")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [tree(MODAL).to_string(), "", "",
                                          "(S (NP (NN x)) (VP (VBD y)))"]
    # CoNLL-U read back and written again; no brackets from it
    assert run("convert", str(out)).exit_code == 0
    result = run("convert", str(out), "--to", "bracketed")
    assert result.exit_code == 2 and "no constituents" in result.output
    result = run("convert", str(source), "--heads", "nosuch")
    assert result.exit_code == 2 and "no head table 'nosuch'" in result.output



AUX_TABLE = """kind = "head-table"
name = "collins-aux"
extends = "collins"
# Charniak's parser tags auxiliaries AUX (and AUXG): heads of their VP, as
# the modal is in Collins' table.
[categories.VP]
search = "left-to-right"
priority = ["TO", "VBD", "VBN", "MD", "VBZ", "VB", "VBG", "VBP", "AUX", "AUXG", "VP", "ADJP",
            "NN", "NNS", "NP"]
"""


def test_a_table_extends_another(shared: Path, tmp_path: Path) -> None:
    """A user's table that extends Collins' with Charniak's AUX tag: every
    other category and setting inherited.  On the Kummerfeld sample's
    Charniak output, Collins' own table heads "has made" by "made" (AUX is in
    no list), against the gold's "has" (VBZ); the extended table agrees."""
    path = tmp_path / "collins-aux.toml"
    path.write_text(AUX_TABLE)
    table = load_head_table(str(path))
    assert table.name == "collins-aux" and table.coordinators is not None
    assert set(table.categories) == set(load_head_table("collins").categories)
    assert table.punctuation == load_head_table("collins").punctuation
    from parsedit.deps.metric import Dependencies

    def uas(heads: str) -> float:
        metric = Dependencies(heads, labels="triples")
        total = metric.zero()
        for g, t in zip(read_trees(str(shared / "kummerfeld/wsj01.mrg")),
                        read_trees(str(shared / "kummerfeld/charniak_basic.mrg"))):
            assert g.tokens is not None and t.tokens is not None
            total = total + metric.score(g.tokens, t.tokens).counts
        assert total.uas is not None
        return float(total.uas)

    assert uas(str(path)) > uas("collins") + 5
    # a cycle of extends, and a missing parent, are errors with their line
    loop = tmp_path / "loop.toml"
    loop.write_text('kind = "head-table"\nname = "loop"\nextends = "loop.toml"\n')
    assert any("cycle" in str(p) for p in read_head_table(
        loop.read_bytes(), str(loop), tmp_path, (str(loop),))[1])
    assert any(":3:" in p and "no such head table" in p for p in problems(
        'kind = "head-table"\nname = "t"\nextends = "nosuch"\n'))
