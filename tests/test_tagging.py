"""Tagger evaluation (Acedański and Przepiórkowski 2010): the paper's worked
examples, the aggregates over multi-tag segments, readers and commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run
from hypothesis import given, settings
from hypothesis import strategies as st

from parsedit.errors import ConfigError
from parsedit.tagging.evaluate import _remembered
from parsedit.tagging.measures import count
from parsedit.tagging.reader import Segment, read_tagged
from parsedit.tagging.scoring import positional, scorer
from parsedit.tagging.tagset import Tag, Tagset, Weights, load_tagset, load_weights

GER, SUBST = "ger:sg:nom:n:perf:aff", "subst:sg:nom:n"
IPIPAN = load_tagset("ipipan")
POSITIONS = Tagset()


@pytest.mark.paper
@pytest.mark.parametrize("tagset", [POSITIONS, IPIPAN])
def test_positional_accuracy_of_the_papers_example(tagset: Tagset) -> None:
    # Section 2.2: they agree on sg, nom, n: P = 3/6, R = 3/4, F = 0.6.
    test, gold = tagset.parse(GER), tagset.parse(SUBST)
    assert positional(test, gold, lambda c, p: 1.0, lambda c, p: 1.0) == (3 / 6, 3 / 4)
    assert scorer("pa")(test, gold) == pytest.approx(0.6)
    assert scorer("full")(test, gold) == scorer("pos")(test, gold) == 0.0


@pytest.mark.paper
def test_weighted_positional_accuracy_of_the_papers_example() -> None:
    # Section 2.3: PoS, case, number, gender 2.0, the rest 0.5: P = 2/3, R = 3/4.
    weights = Weights({"pos": 2.0, "case": 2.0, "number": 2.0, "gender": 2.0}, {}, 0.5)
    test, gold = IPIPAN.parse(GER), IPIPAN.parse(SUBST)

    def weigh(category: str, pos: str) -> float:
        return weights.weight(category)

    assert positional(test, gold, weigh, weigh) == pytest.approx((2 / 3, 3 / 4))
    assert scorer("wpa", weights)(test, gold) == pytest.approx(2 * (2 / 3) * (3 / 4) / (
        2 / 3 + 3 / 4))


@pytest.mark.paper
def test_conditional_weights_follow_the_papers_formulas(tmp_path: Path) -> None:
    # Section 2.4: precision with the test tag's PoS (ger), recall with the
    # gold tag's (subst).
    path = tmp_path / "cond.weights"
    path.write_text("pos 1\ndefault 1\nger pos 4\nger number 1\nger case 2\nger gender 3\n"
                    "ger aspect 5\nger negation 6\nsubst pos 7\nsubst number 8\n"
                    "subst case 9\nsubst gender 10\n")
    weights = load_weights(str(path))
    test, gold = IPIPAN.parse(GER), IPIPAN.parse(SUBST)
    p, r = positional(test, gold, weights.given, weights.given)
    assert p == pytest.approx((1 + 2 + 3) / (4 + 1 + 2 + 3 + 5 + 6))
    assert r == pytest.approx((8 + 9 + 10) / (7 + 8 + 9 + 10))
    assert scorer("cwpa", weights)(test, gold) == pytest.approx(2 * p * r / (p + r))


def segments(tags: str) -> tuple[Tag, ...]:
    return tuple(POSITIONS.parse(t) for t in tags.split("|"))


@pytest.mark.paper
def test_the_footnote_two_tags_scoring_0_6() -> None:
    # One gold tag; the tagger gives two, each scoring 0.6 against it.
    # Ziolko et al.'s recall would be 1.2; here recall is 0.6.
    gold = segments(SUBST)
    test = segments(f"{GER}|ger:sg:nom:n:imperf:aff")
    sums = count([(test, gold)], scorer("pa"))
    assert sums.recall == pytest.approx(60.0) and sums.precision == pytest.approx(60.0)
    assert sums.weak == pytest.approx(60.0) and sums.strong == pytest.approx(60.0)


def test_weak_and_strong_correctness_of_multi_tag_segments() -> None:
    full = scorer("full")
    both = count([(segments("a"), segments("a|b"))], full)
    # The tagger's one tag is right (weak) but it misses b (not strong).
    assert (both.weak, both.strong, both.precision, both.recall) == (100.0, 0.0, 100.0, 50.0)
    equal = count([(segments("a|b"), segments("b|a"))], full)
    assert (equal.weak, equal.strong) == (100.0, 100.0)


TAGS = st.sampled_from(["subst:sg:nom:n", "subst:pl:acc:n", GER, "fin:sg:ter:perf", "adv",
                        "adj:sg:nom:n:pos"])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.lists(TAGS, min_size=1, max_size=3),
                          st.lists(TAGS, min_size=1, max_size=3)), min_size=1, max_size=6),
       st.sampled_from(["full", "pos", "pa", "wpa", "cwpa"]))
def test_aggregates_stay_within_bounds(pairs: list[tuple[list[str], list[str]]],
                                       name: str) -> None:
    weights = load_weights("poliqarp")
    score = scorer(name, weights)
    parsed = [(tuple(IPIPAN.parse(t) for t in test), tuple(IPIPAN.parse(g) for g in gold))
              for test, gold in pairs]
    sums = count(parsed, score)
    for figure in sums.figures().values():
        assert figure is not None and -1e-9 <= figure <= 100 + 1e-9
    assert sums.strong <= sums.weak + 1e-9  # type: ignore[operator]
    # Full tags are the strictest scoring function, PoS the most lenient
    # here, positional accuracy in between.
    full, pa = count(parsed, scorer("full")).recall, count(parsed, scorer("pa")).recall
    assert full is not None and pa is not None and full <= pa + 1e-9
    identical = count([(g, g) for _, g in parsed], score)
    assert identical.figures() == {k: 100.0 for k in identical.figures()}


def test_wpa_without_weights_is_refused() -> None:
    with pytest.raises(ConfigError, match="needs --weights"):
        scorer("wpa")


# -- reading ---------------------------------------------------------------------

def test_readers(tmp_path: Path) -> None:
    tsv = tmp_path / "a.tsv"
    tsv.write_text("uda\tsubst:pl:nom:n|subst:pl:acc:n\nsię\tqub\n\n\nzadanie\tger:sg:nom:n\n")
    sentences = list(read_tagged(str(tsv)))
    assert [s.line for s in sentences] == [1, 5]
    assert sentences[0].segments == (Segment("uda", ("subst:pl:nom:n", "subst:pl:acc:n")),
                                     Segment("się", ("qub",)))
    slash = tmp_path / "a.txt"
    slash.write_text("1\\/2/CD dogs/NNS|NN\nbroken token/NN\n")
    first, second = read_tagged(str(slash))
    assert first.segments == (Segment("1\\/2", ("CD",)), Segment("dogs", ("NNS", "NN")))
    assert second.segments is None and str(second.error).startswith(f"{slash}:2:1: expected "
                                                                    "word/TAG, found 'broken'")
    trees = tmp_path / "t.mrg"
    trees.write_text("(S (NP (-NONE- *)) (NP (DT the) (NN dog)))\n")
    (only,) = read_tagged(str(trees))
    assert only.segments == (Segment("the", ("DT",)), Segment("dog", ("NN",)))


@pytest.mark.cli
def test_bad_tsv_lines_lose_only_their_sentence(tmp_path: Path) -> None:
    gold, test = tmp_path / "g.tsv", tmp_path / "t.tsv"
    gold.write_text("a\tx\nb\ty\n\nc\tx\n\nd\tx\n")
    test.write_text("a\tx\nb y\n\nc\tx\n\nD\tx\n")
    result = run("tags", str(gold), str(test), "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)["tests"][0]
    assert [s["status"] for s in data["sentences"]] == ["skip", "ok", "error"]
    assert data["sentences"][0]["message"] == (f"{test}:2:1: expected word<TAB>tag (tags as "
                                               "tag1|tag2)")
    assert data["sentences"][2]["message"] == (f"{gold}:6 and {test}:6: tokens differ at "
                                               "token 1: gold 'd', test 'D'")
    assert data["measures"]["full"]["segments"] == 1


# -- commands --------------------------------------------------------------------

@pytest.mark.paper
@pytest.mark.cli
def test_tags_command_lays_out_the_papers_tables(tmp_path: Path) -> None:
    gold, one, two = tmp_path / "gold.tsv", tmp_path / "one.tsv", tmp_path / "two.tsv"
    gold.write_text(f"uda\t{SUBST}\nsię\tqub\n")
    one.write_text(f"uda\t{GER}\nsię\tqub\n")
    two.write_text(f"uda\t{SUBST}|{GER}\nsię\tqub\n")
    result = run("tags", str(gold), str(one), str(two), "--tagset", "ipipan", "--weights",
                 "poliqarp")
    assert result.exit_code == 0, result.output
    out = result.stdout
    for title in ("full tags (the paper's Table 2)", "parts of speech only (Table 3)",
                  "positional accuracy (Table 4)", "weighted positional accuracy (Table 5)",
                  "conditional weighted positional accuracy"):
        assert title in out
    full = out.split("full tags")[1].splitlines()
    assert full[1].split() == ["test", "C", "(%)", "WC", "(%)", "P", "(%)", "R", "(%)", "F",
                               "(%)"]
    assert full[3].split()[1:] == ["50.00", "50.00", "50.00", "50.00", "50.00"]
    # two: uda gets both tags, one of them wrong: weakly right, not strongly.
    assert full[4].split()[1:] == ["50.00", "100.00", "66.67", "100.00", "80.00"]
    assert "|weights:poliqarp@" in out and "tagset:ipipan@" in out
    data = json.loads(run("tags", str(gold), str(one), "--format", "json").stdout)
    pa = data["tests"][0]["measures"]["pa"]
    assert pa["recall"] == pytest.approx(100 * (0.6 + 1) / 2)


@pytest.mark.cli
def test_tags_of_the_penn_treebank_sample(shared: Path) -> None:
    folder = shared / "ptb-sample"
    result = run("tags", str(folder / "wsj_0001-0199.clean"),
                 str(folder / "wsj_0001-0199.tagged"), "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)["tests"][0]
    assert data["summary"]["ok"] == 3914
    assert data["measures"]["full"]["segments"] == 94084
    assert all(v == 100.0 for m in data["measures"].values() for k, v in m.items()
               if k != "segments")


@pytest.mark.cli
def test_score_adds_tagging_to_a_tree_evaluation(tmp_path: Path) -> None:
    gold, test = tmp_path / "g.mrg", tmp_path / "t.mrg"
    gold.write_text("(S (NP (DT the) (NN dog)) (VP (VBZ barks)))\n")
    test.write_text("(S (NP (DT the) (NNS dog)) (VP (VBZ barks)))\n")
    result = run("score", str(gold), str(test), "--metrics", "parseval,tagging",
                 "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["corpus"]["tagging"]["full"]["recall"] == pytest.approx(200 / 3)
    assert data["sentences"][0]["tagging"]["pos"]["strong"] == pytest.approx(200 / 3)
    assert "|tagging:scoring:full+pos+pa|" in data["signature"]
    text = run("score", str(gold), str(test), "--metrics", "tagging").stdout
    # Tags without a separator: full, pos and pa are one row (see
    # test_readers_trust.py).
    assert "full tags = pos = pa" in text and "positional accuracy" not in text
    refused = run("score", str(gold), str(test), "--metrics", "tagging", "--scoring", "wpa")
    assert refused.exit_code == 2 and "needs --weights" in refused.stderr


def oracle(pairs: list[tuple[list[str], list[str]]], name: str) -> dict[str, float]:
    """The paper's section 3.1 formulas, literally, over tags compared by
    position (section 2.2) with no weights: an implementation apart from
    parsedit's scoring and measures modules."""

    def score(t: str, g: str) -> float:
        a, b = t.split(":"), g.split(":")
        if name == "full":
            return float(t == g)
        if name == "pos":
            return float(a[0] == b[0])
        agree = sum(x == y for x, y in zip(a, b))
        p, r = agree / len(a), agree / len(b)
        return 0.0 if p + r == 0 else 2 * p * r / (p + r)

    def best(t: str, tags: list[str]) -> float:
        return max(score(t, x) for x in tags)

    n = len(pairs)
    p = sum(best(t, g) for ts, g in pairs for t in ts) / sum(len(ts) for ts, _ in pairs)
    r = sum(best(g, ts) for ts, gs in pairs for g in gs) / sum(len(gs) for _, gs in pairs)
    wc = sum(max(best(t, gs) for t in ts) for ts, gs in pairs) / n
    sc = sum(min([best(t, gs) for t in ts] + [best(g, ts) for g in gs]) for ts, gs in pairs) / n
    return {"precision": 100 * p, "recall": 100 * r, "weak": 100 * wc, "strong": 100 * sc}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.lists(TAGS, min_size=1, max_size=3),
                          st.lists(TAGS, min_size=1, max_size=3)), min_size=1, max_size=6),
       st.sampled_from(["full", "pos", "pa"]))
def test_aggregates_are_the_papers_formulas(pairs: list[tuple[list[str], list[str]]],
                                            name: str) -> None:
    parsed = [(tuple(POSITIONS.parse(t) for t in test), tuple(POSITIONS.parse(g) for g in gold))
              for test, gold in pairs]
    figures = count(parsed, scorer(name)).figures()
    for key, value in oracle(pairs, name).items():
        assert figures[key] == pytest.approx(value)
    # The scorer the metric uses remembers each pair of tags: the same sums,
    # on a first pass and on a second that finds every pair remembered.
    remembered = _remembered(scorer(name))
    assert count(parsed, remembered) == count(parsed, remembered) == count(parsed, scorer(name))


@pytest.mark.cli
def test_named_weights_without_a_tagset_are_a_warning(tmp_path: Path) -> None:
    # Without a tagset, categories are named 1, 2, ...: none of poliqarp's
    # named weights applies, and wpa silently becomes something else.
    gold, test = tmp_path / "gold.tsv", tmp_path / "test.tsv"
    gold.write_text(f"uda\t{SUBST}\n")
    test.write_text(f"uda\t{GER}\n")
    args = ("tags", str(gold), str(test), "--weights", "poliqarp", "--scoring", "wpa")
    result = run(*args, "--format", "json")
    assert result.exit_code == 0
    (warning,) = json.loads(result.stdout)["warnings"]
    assert warning.startswith("--weights poliqarp names categories (accentability, "
                              "accommodability, agglutination and 8 more), but without "
                              "--tagset categories are named by their position")
    assert result.stderr == f"parsedit: warning: {warning}\n"
    assert f"warning: {warning}" in run(*args).stdout
    named = run(*args, "--tagset", "ipipan", "--format", "json")
    assert named.stderr == "" and json.loads(named.stdout)["warnings"] == []
    trees = tmp_path / "t.mrg"
    trees.write_text("(S (NP (DT the) (NN dog)))\n")
    scored = run("score", str(trees), str(trees), "--metrics", "tagging", "--weights",
                 "poliqarp", "--format", "json")
    assert json.loads(scored.stdout)["warnings"] == [warning]
