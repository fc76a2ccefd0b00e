"""The dependency metric: UAS/LAS, root accuracy, complete match,
relational and per-relation precision and recall, against the papers'
worked examples, the CoNLL 2018 script's figures, the shared treebanks and
an independent count."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import deps_support  # noqa: F401  (this checkout's grammars)
import numpy as np
import pytest
from conftest import run, tree
from hypothesis import given
from hypothesis import strategies as st
from test_deps import GOLD18

from parsedit.deps.conllu import parse_conllu
from parsedit.deps.counts import DepCounts
from parsedit.deps.metric import Dependencies, conll18
from parsedit.deps.model import DepTree
from parsedit.deps.score import PUNCTUATION, Scoring, attachment_counts
from parsedit.trees.reader import read_trees


def dep(words: str, heads: list[int], relations: list[str] | None = None,
        tags: list[str] | None = None) -> DepTree:
    w = words.split()
    return DepTree(tuple(w), tuple(tags or ["X"] * len(w)), tuple(heads),
                   tuple(relations or ["r"] * len(w)))


# -- the papers' worked examples --------------------------------------------------------

@pytest.mark.paper
def test_kubler_telljohann_wrong_pp_attachment() -> None:
    """Kübler & Telljohann (2002, section 5): "ich nehme den Zug nach
    Frankfurt an der Oder" with "an der Oder" attached to the verb instead of
    "Frankfurt": dependency precision and recall 7/8 = 87.50 (their relations
    leave out the root's; with it, 8/9)."""
    words = "ich nehme den Zug nach Frankfurt an der Oder"
    #         1    2    3   4   5       6     7  8   9
    gold = dep(words, [2, 0, 4, 2, 6, 4, 9, 9, 6])
    test = dep(words, [2, 0, 4, 2, 6, 4, 9, 9, 2])
    counts = attachment_counts(gold, test, None, Scoring(frozenset()))
    assert (counts.matched, counts.gold_relations, counts.test_relations) == (8, 9, 9)
    without_root = ((counts.matched - counts.root_correct)
                    / (counts.gold_relations - counts.roots))
    assert round(100 * without_root, 2) == 87.50
    assert counts.uas == counts.precision == counts.recall == pytest.approx(800 / 9)


@pytest.mark.paper
def test_clark_hockenmaier_dependency_evaluation_1() -> None:
    """Clark & Hockenmaier (2002, section 4.2), Collins' evaluation: six
    dependencies (the sentence head's included), "bought" attached to
    "shares" instead of "has": five of six correct, labelled and unlabelled."""
    words = "the shares that IBM has bought"
    gold = dep(words, [2, 0, 2, 5, 3, 5],
               ["NP/N/NP\\N", "HEAD", "NP/NP/NP\\NP", "S/V/NP", "NP\\NP/C/S", "V/V/V"])
    test = dep(words, [2, 0, 2, 5, 3, 2],
               ["NP/N/NP\\N", "HEAD", "NP/NP/NP\\NP", "S/V/NP", "NP\\NP/C/S", "NP/NP/NP\\NP"])
    counts = attachment_counts(gold, test, None, Scoring(frozenset()))
    assert (counts.attached, counts.labelled, counts.words) == (5, 5, 6)


# -- the CoNLL 2018 script, on its hand-checkable example ----------------------------

SYS18 = """# sent_id = 1
1\tThe\tthe\tDET\tDT\tDefinite=Def|PronType=Art\t2\tnummod\t_\t_
2\tdog\tdog\tNOUN\tNN\tNumber=Sing\t3\tnsubj:pass\t_\t_
3\tbarked\tbark\tVERB\tVBD\tMood=Ind|Tense=Past\t0\troot\t_\t_
4\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_

1\tVino\tvenir\tVERB\t_\t_\t0\troot\t_\t_
2-3\tdel\t_\t_\t_\t_\t_\t_\t_\t_
2\tde\tde\tADP\t_\t_\t4\tcase\t_\t_
3\tel\tel\tDET\t_\t_\t1\tdet\t_\t_
4\tmar\tmar\tNOUN\t_\t_\t1\tobl:tmod\t_\t_

"""


def conllu_trees(text: str) -> list[DepTree]:
    items = list(parse_conllu("<t>", iter(text.splitlines(keepends=True))))
    assert all(i.tree is not None for i in items)
    return [i.tree for i in items]  # type: ignore[misc]


@pytest.mark.paper
def test_conll18_script_figures() -> None:
    """``conll18_ud_eval.py -v gold.conllu sys.conllu`` (ufal/conll2018,
    script of 2022-08-24) prints UAS 75.00 and LAS 62.50 on this example
    (counts: UAS 6/8, LAS 5/8); computed by hand in /work/ref/conventions
    NOTES.md section D: every word is scored, relations are compared up to
    ':' (nsubj:pass = nsubj, obl:tmod = obl:arg)."""
    metric = conll18()
    total = DepCounts()
    for gold, test in zip(conllu_trees(GOLD18), conllu_trees(SYS18), strict=True):
        total = total + metric.score(gold, test).counts
    assert (total.attached, total.labelled, total.words) == (6, 5, 8)
    assert (f"{total.uas:.2f}", f"{total.las:.2f}") == ("75.00", "62.50")
    # Without the ':' rule, obl:arg / obl:tmod and nsubj / nsubj:pass differ.
    plain = Dependencies(every_word=True)
    labelled = sum(plain.score(g, t).counts.labelled
                   for g, t in zip(conllu_trees(GOLD18), conllu_trees(SYS18)))
    assert labelled == 3


# -- self-evaluation on every shared treebank --------------------------------------

TREEBANKS = ["ptb-sample/wsj_0001-0199.clean", "ptb-sample/wsj_0001-0199.orig",
             "sequoia/gold.mrg", "kummerfeld/wsj01.mrg", "evalb/sample.gld", "evalb/sample.tst",
             "evalb/bug.gld", "evalb/bug.tst"]


@pytest.mark.cli
@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow)
                                  if name.startswith("ptb") else name for name in TREEBANKS])
def test_a_parse_against_itself(shared: Path, name: str) -> None:
    """Through the command line: every tree against itself scores UAS = LAS
    = 100 and no dependency edit (and through the identity alignment, the
    metric alone)."""
    heads = "sequoia" if name.startswith("sequoia") else "collins"
    path = str(shared / name)
    result = run("score", path, path, "--metrics", "dep", "--heads", heads, "--format", "json")
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)["corpus"]["dep"]
    assert figures["words"] > 0
    assert figures["uas"] == figures["las"] == 100.0
    assert figures["edits"]["edits"] == 0 and figures["edits"]["accuracy"] == 100.0
    assert figures["root_accuracy"] == figures["complete_match"] == 100.0
    relational = figures["relational"]
    assert relational["precision"] == relational["recall"] == 100.0
    assert relational["labelled_precision"] == 100.0
    metric = Dependencies(heads)
    for item in read_trees(path):
        if item.tokens is None:
            continue
        n = len(metric.tree(item.tokens))
        aligned = metric.score_aligned(item.tokens, item.tokens, [(i, i) for i in range(n)])
        assert aligned.counts.edits.edits == 0 and aligned.counts.attached == \
            aligned.counts.aligned


# -- the PTB sample against a perturbed copy, counted from the CoNLL-U -----------------

def independent_count(gold_file: Path, test_file: Path, punctuation: frozenset[str]
                      ) -> dict[str, float]:
    """UAS, LAS, root accuracy, complete match, per-relation counts and the
    number of words whose head or relation differ (the unit-cost dependency
    edit distance), counted from two CoNLL-U files with nothing but str.split."""
    def sentences(path: Path) -> dict[str, list[list[str]]]:
        out: dict[str, list[list[str]]] = {}
        for block in path.read_text(encoding="utf-8").split("\n\n"):
            lines = [line for line in block.split("\n") if line]
            if not lines:
                continue
            ident = next(line.split(" = ")[1] for line in lines if line.startswith("# sent_id"))
            out[ident] = [line.split("\t") for line in lines if not line.startswith("#")]
        return out

    gold, test = sentences(gold_file), sentences(test_file)
    assert gold.keys() == test.keys()
    n = attached = labelled = roots = complete = edits = events = 0
    by_relation: Counter[tuple[str, str]] = Counter()
    for key, g_rows in gold.items():
        t_rows = test[key]
        assert [r[1] for r in g_rows] == [r[1] for r in t_rows]
        roots += [r[6] for r in g_rows].index("0") == [r[6] for r in t_rows].index("0")
        all_right = True
        for g, t in zip(g_rows, t_rows):
            events += 1
            edits += (g[6], g[7]) != (t[6], t[7])
            if g[4] in punctuation:
                continue
            n += 1
            by_relation["gold", g[7]] += 1
            by_relation["test", t[7]] += 1
            if g[6] == t[6]:
                attached += 1
                if g[7] == t[7]:
                    labelled += 1
                    by_relation["matched", g[7]] += 1
            else:
                all_right = False
        complete += all_right
    return {"uas": 100 * attached / n, "las": 100 * labelled / n, "words": n,
            "root": 100 * roots / len(gold), "complete": 100 * complete / len(gold),
            "edits": edits, "events": events, "by_relation": by_relation}  # type: ignore[dict-item]


@pytest.mark.slow
@pytest.mark.cli
@pytest.mark.parametrize("labels", ["auto", "triples"])
def test_perturbed_ptb_sample_against_the_converted_files(shared: Path, tmp_path: Path,
                                                          labels: str) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from perturb import main as perturb

    gold = shared / "ptb-sample/wsj_0001-0199.orig"
    test = tmp_path / "perturbed.mrg"
    perturb([str(gold), str(test), "--seed", "3"])
    for source, target in ((gold, tmp_path / "gold.conllu"), (test, tmp_path / "test.conllu")):
        assert run("convert", str(source), "--dep-labels", labels, "-o", str(target)).exit_code == 0
    expected = independent_count(tmp_path / "gold.conllu", tmp_path / "test.conllu", PUNCTUATION)
    # The real run: parsedit score, as a user runs it.
    result = run("score", str(gold), str(test), "--metrics", "dep", "--dep-labels", labels,
                 "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["summary"]["ok"] == report["summary"]["sentences"]
    figures = report["corpus"]["dep"]
    assert figures["words"] == expected["words"]
    assert figures["uas"] == pytest.approx(expected["uas"])
    assert figures["las"] == pytest.approx(expected["las"])
    assert figures["uas"] < 99 and figures["las"] < figures["uas"]
    assert figures["root_accuracy"] == pytest.approx(expected["root"])
    assert figures["complete_match"] == pytest.approx(expected["complete"])
    edits = figures["edits"]
    assert (edits["edits"], edits["gold"]) == (expected["edits"], expected["events"])
    relational = figures["relational"]
    assert relational["precision"] == relational["recall"] == figures["uas"]
    assert relational["labelled_precision"] == relational["labelled_recall"] == figures["las"]
    by_relation: Counter[tuple[str, str]] = expected["by_relation"]  # type: ignore[assignment]
    assert {r: (v["gold"], v["test"], v["matched"])
            for r, v in figures["by_relation"].items()} == {
        r: (by_relation["gold", r], by_relation["test", r], by_relation["matched", r])
        for r in {r for _, r in by_relation}}
    # The two converted files, scored as CoNLL-U, give the same figures (and
    # the same length cut-off), but for the relations that are function tags,
    # which CoNLL-U does not mark.
    result = run("score", str(tmp_path / "gold.conllu"), str(tmp_path / "test.conllu"),
                 "--metrics", "dep", "--format", "json")
    assert result.exit_code == 0, result.output
    from_conllu = json.loads(result.stdout)["corpus"]["dep"]
    for side in (figures, from_conllu, figures["cutoff"], from_conllu["cutoff"]):
        del side["function_tag_relations"]
    assert from_conllu == figures


def test_words_that_differ_are_aligned() -> None:
    """A test tree without the gold's final full stop: PARSEVAL's
    normalisation deletes it, the dependency metric keeps it and aligns the
    yields; the full stop is missed, the rest scored."""
    metric = Dependencies(every_word=True)
    gold = tree("(S (NP (NN Dogs)) (VP (VBP bark)) (. .))").tokens()
    test = tree("(S (NP (NN Dogs)) (VP (VBP bark)))").tokens()
    counts = metric.score(gold, test).counts
    assert (counts.words, counts.aligned, counts.attached) == (3, 2, 2)
    assert counts.uas == 100.0 and counts.recall == pytest.approx(200 / 3)
    assert counts.precision == 100.0 and counts.complete == 0
    assert counts.edits.edits == 1.0  # the full stop's dependency deleted


# -- an independent, deliberately simple implementation ---------------------------

RELATIONS = ["a", "b", "c:x", "c:y"]


@st.composite
def dep_trees(draw: st.DrawFn, n: int) -> DepTree:
    """A random tree over n words: word k's head is drawn among the words
    already attached (a random order), so it is always a tree."""
    order = draw(st.permutations(list(range(1, n + 1))))
    heads = [0] * n
    for k, word in enumerate(order[1:], start=1):
        heads[word - 1] = draw(st.sampled_from(order[:k]))
    tags = draw(st.lists(st.sampled_from(["NN", ",", "."]), min_size=n, max_size=n))
    relations = draw(st.lists(st.sampled_from(RELATIONS), min_size=n, max_size=n))
    return DepTree(tuple(f"w{i}" for i in range(n)), tuple(tags), tuple(heads),
                   tuple(relations))


@st.composite
def pairs(draw: st.DrawFn) -> tuple[DepTree, DepTree]:
    n = draw(st.integers(1, 12))
    gold = draw(dep_trees(n))
    test = draw(dep_trees(n))
    return gold, DepTree(gold.words, test.tags, test.heads, test.relations)


def simple(gold: DepTree, test: DepTree, punctuation: frozenset[str], prefix: bool
           ) -> tuple[int, int, int, int, int, int, int, float, float]:
    """(words, attached, labelled, root ok, complete, complete labelled,
    gold relations, unit edits, half edits) for the same words."""
    def rel(r: str) -> str:
        return r.split(":")[0] if prefix else r
    words = attached = labelled = 0
    for g_h, t_h, g_r, t_r, tag in zip(gold.heads, test.heads, gold.relations,
                                       test.relations, gold.tags):
        if tag in punctuation:
            continue
        words += 1
        attached += g_h == t_h
        labelled += g_h == t_h and rel(g_r) == rel(t_r)
    unit = sum((a, rel(b)) != (c, rel(d)) for a, b, c, d in zip(gold.heads, gold.relations,
                                                      test.heads, test.relations))
    half = sum(1.0 if a != c else 0.5 if rel(b) != rel(d) else 0.0
               for a, b, c, d in zip(gold.heads, gold.relations, test.heads, test.relations))
    return (words, attached, labelled, int(gold.heads.index(0) == test.heads.index(0)),
            int(attached == words), int(labelled == words), words, unit, half)


@given(pair=pairs(), punct=st.booleans(), prefix=st.booleans())
def test_against_a_simple_implementation(pair: tuple[DepTree, DepTree], punct: bool,
                                         prefix: bool) -> None:
    gold, test = pair
    punctuation = PUNCTUATION if punct else frozenset()
    expected = simple(gold, test, punctuation, prefix)
    from parsedit.costs.reader import load_scheme

    for scheme, edits in (("levenshtein", expected[7]), ("dep-label-half", expected[8])):
        metric = Dependencies(punctuation=punctuation, prefix=prefix,
                              scheme=load_scheme(scheme))
        c = metric.score(gold, test).counts
        assert (c.words, c.attached, c.labelled, c.root_correct, c.complete,
                c.complete_labelled, c.gold_relations) == expected[:7]
        assert (c.matched, c.matched_labelled) == (c.attached, c.labelled)
        assert c.edits.edits == edits and c.edits.gold == len(gold)


@given(st.lists(pairs(), min_size=1, max_size=6))
def test_sums_and_terms(corpus: list[tuple[DepTree, DepTree]]) -> None:
    """Counts add; the headline is UAS from summed terms, as compare needs."""
    metric = Dependencies()
    parts = [metric.score(g, t).counts for g, t in corpus]
    total = sum(parts, metric.zero())
    assert total == metric.zero().sum(parts)  # the aggregation's route, the same floats
    reverse = sum(reversed(parts), metric.zero())
    assert (total.attached, total.relations, total.edits.edits) == \
        (reverse.attached, reverse.relations, reverse.edits.edits)
    assert total.uas_sum == pytest.approx(reverse.uas_sum)
    terms = np.array([metric.terms(c) for c in parts]).sum(axis=0)
    value = float(metric.from_terms(terms))
    if total.aligned:
        assert value == pytest.approx(metric.headline(total))
    else:
        assert np.isnan(value) and metric.headline(total) is None
    assert sum(r[1] for r in total.relations) == total.gold_relations
    assert sum(r[2] for r in total.relations) == total.test_relations


def test_failure_and_figures() -> None:
    metric = Dependencies()
    gold = tree("(S (NP (DT The) (NN dog)) (VP (VBD barked)) (. .))").tokens()
    failed = metric.failure(gold)
    assert (failed.words, failed.aligned, failed.failed, failed.gold_relations,
            failed.test_relations) == (3, 0, 3, 3, 0)
    assert failed.edits.edits == 4 and failed.uas == 0.0 and failed.recall == 0.0
    figures = (metric.score(gold, gold).counts + failed).figures()
    assert figures["uas"] == 50.0 and figures["relational"]["recall"] == 50.0
    assert figures["edits"]["accuracy"] == 50.0
    assert figures["by_relation"]["S/VP/NP"] == {
        "gold": 2, "test": 1, "matched": 1, "precision": 100.0, "recall": 50.0,
        "f": pytest.approx(200 / 3)}
    assert metric.describe()[0].startswith("dep:heads:collins@")


def test_a_form_with_a_space_is_the_same_word() -> None:
    """The CoNLL 2018 script deletes Zs characters from FORM before comparing
    (its conll18_ex/ok_space.conllu, ``bar ked``, scores as ``barked``)."""
    spaced = GOLD18.replace("3\tbarked\t", "3\tbar ked\t", 1)
    metric = conll18()
    for gold, test in zip(conllu_trees(GOLD18), conllu_trees(spaced), strict=True):
        counts = metric.score(gold, test).counts
        assert counts.uas == counts.precision == 100.0
