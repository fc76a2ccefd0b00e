"""The unsupervised-parsing convention (``-p unsupervised``), its variants,
the bare-bracket reader and ``parsedit baseline``, against an independent
implementation of Kim et al. (2019)'s rules written here (nltk's reader,
their ``process_ptb.py`` and ``compare_trees.py`` rules) and the figures
their code gives (reference notes, section A)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import SHARED, run

import parsedit
from parsedit.config import UNSUPERVISED, Config
from parsedit.errors import ConfigError
from parsedit.metrics.unsupervised import VARIANTS
from parsedit.params import load_params
from parsedit.trees.bare import bare_item, read_bare
from parsedit.trees.formats import against_gold

nltk = pytest.importorskip("nltk")

pytestmark = pytest.mark.cli

# PRPN's data_ptb.py word_tags, which Kim et al.'s process_ptb.py copies.
WORD_TAGS = set("CC CD DT EX FW IN JJ JJR JJS LS MD NN NNS NNP NNPS PDT POS PRP PRP$ RB RBR "
                "RBS RP SYM TO UH VB VBD VBG VBN VBP VBZ WDT WP WP$ WRB".split())

# The reference notes' worked example (Kim's stage-1 gold; eval.py's output).
TINY_GOLD = ["(S (NP (DT the) (JJ big) (NN dog)) (VP (VBD barked) (ADVP (RB loudly))))",
             "(S (VP (VB go) (ADVP (RB away))))",
             "(NP (DT a) (JJ red) (NN car))",
             "(INTJ (UH hello))",
             "(NP (NNP John) (NNP Smith))"]
TINY_PRED = ["(NT (NT (T the) (NT (T big) (T dog))) (NT (T barked) (T loudly)))",
             "(NT (T go) (T away))",
             "(NT (T a) (NT (T red) (T car)))",
             "(T hello)",
             "(NT (T John) (T Smith))"]
TINY_BARE = ["((the (big dog)) (barked loudly))", "(go away)", "(a (red car))", "(hello)",
             "(John Smith)"]


# -- an independent implementation of Kim et al.'s rules ------------------------------


def kim_gold(line: str) -> Any:
    """process_ptb.py: nltk's reading (an unlabelled root with one child
    dropped), then every subtree without a word-tag leaf deleted."""
    tree = nltk.Tree.fromstring(line)
    if tree.label() == "" and len(tree) == 1:
        tree = tree[0]

    def keep(node: Any) -> Any:
        if isinstance(node[0], str):  # a preterminal
            return node if node.label() in WORD_TAGS else None
        children = [kept for kept in map(keep, node) if kept is not None]
        return nltk.Tree(node.label(), children) if children else None

    return keep(tree)


def post_order_spans(tree: Any) -> list[tuple[int, int]]:
    """utils.get_nonbinary_spans: (first, last) word of every constituent of
    two words or more, in closing order."""
    out: list[tuple[int, int]] = []

    def walk(node: Any, start: int) -> int:
        if isinstance(node[0], str):
            return start + 1
        end = start
        for child in node:
            end = walk(child, end)
        if end - start >= 2:
            out.append((start, end - 1))
        return end

    walk(tree, 0)
    return out


def branching(kind: str, n: int) -> list[tuple[int, int]]:
    """The post-order spans of the left- or right-branching tree over n words."""
    if kind == "left":
        return [(0, end) for end in range(1, n)]
    return [(start, n - 1) for start in range(n - 2, -1, -1)]


def compare_trees(gold: list[Any], pred: list[list[tuple[int, int]]],
                  cutoff: int | None) -> tuple[float, float, int]:
    """compare_trees.py's main: corpus F1, sentence F1 (percent) and the
    sentences scored."""
    tp = fp = fn = 0
    sentence: list[float] = []
    for tree, pred_spans in zip(gold, pred):
        n = len(tree.leaves())
        if (cutoff is not None and n > cutoff) or n == 1:
            continue
        gold_set, pred_set = set(post_order_spans(tree)[:-1]), set(pred_spans[:-1])
        tp += len(pred_set & gold_set)
        fp += len(pred_set - gold_set)
        fn += len(gold_set - pred_set)
        overlap = pred_set & gold_set
        prec = float(len(overlap)) / (len(pred_set) + 1e-8)
        reca = float(len(overlap)) / (len(gold_set) + 1e-8)
        if not gold_set:
            reca = 1.0
            if not pred_set:
                prec = 1.0
        sentence.append(2 * prec * reca / (prec + reca + 1e-8))
    p, r = tp / (tp + fp), tp / (tp + fn)
    return 100 * 2 * p * r / (p + r), 100 * sum(sentence) / len(sentence), len(sentence)


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    """The PTB sample (.orig) and parsedit's left- and right-branching baselines."""
    if not SHARED.is_dir():
        pytest.skip("../shared/data is not beside this checkout")
    out = tmp_path_factory.mktemp("baselines")
    gold = SHARED / "ptb-sample" / "wsj_0001-0199.orig"
    files = {"gold": gold}
    for kind in ("left", "right"):
        files[kind] = out / f"{kind}.txt"
        result = run("baseline", kind, str(gold), "-o", str(files[kind]))
        assert result.exit_code == 0, result.output
    yield files


def _unsupervised(*args: str) -> dict[str, Any]:
    result = run("score", "--format", "json", *args)
    assert result.exit_code == 0, result.output
    found: dict[str, Any] = json.loads(result.stdout)["corpus"]["unsupervised"]
    return found


@pytest.mark.slow
@pytest.mark.parametrize("cutoff", [None, 150])
def test_baselines_on_the_ptb_sample_as_kims_script_scores_them(
        sample: dict[str, Path], cutoff: int | None) -> None:
    read = [kim_gold(line) for line in sample["gold"].read_text().splitlines()]
    gold = [tree for tree in read if tree is not None]
    assert len(gold) == len(read)
    options = [] if cutoff is None else ["--max-words", str(cutoff)]
    figures = {}
    for kind in ("left", "right"):
        corpus, sentence, count = compare_trees(
            gold, [branching(kind, len(t.leaves())) for t in gold], cutoff)
        found = _unsupervised("-p", "unsupervised", *options, str(sample["gold"]),
                              str(sample[kind]))
        assert found["sentences"] == count
        assert found["corpus_f"] == pytest.approx(corpus, abs=1e-9)
        assert found["sentence_f"] == pytest.approx(sentence, abs=1e-9)
        figures[kind] = found
    # The figures compare_trees.py itself prints (reference notes, A.1), and
    # the papers' range for WSJ: right-branching about 40, left far below.
    expected = {None: ((35.75, 39.61), (6.36, 8.27)), 150: ((35.82, 39.62), (6.37, 8.27))}
    (rb_corpus, rb_sentence), (lb_corpus, lb_sentence) = expected[cutoff]
    assert round(figures["right"]["corpus_f"], 2) == rb_corpus
    assert round(figures["right"]["sentence_f"], 2) == rb_sentence
    assert round(figures["left"]["corpus_f"], 2) == lb_corpus
    assert round(figures["left"]["sentence_f"], 2) == lb_sentence
    assert figures["left"]["sentence_f"] < figures["right"]["sentence_f"] / 4


@pytest.mark.slow
def test_other_variants_on_the_sample(sample: dict[str, Path]) -> None:
    gold, right = str(sample["gold"]), str(sample["right"])
    # PRPN's and ON-LSTM's test_phrase_grammar.py (results/unsup_variants.json)
    assert _unsupervised("-p", "unsupervised", "--unsupervised", "prpn", gold, right)[
        "sentence_f"] == pytest.approx(39.910207132485276, abs=1e-9)
    # eval.py of 2019-03-10: sentences with an empty set left out of the mean
    skip = _unsupervised("-p", "unsupervised", "--unsupervised", "kim-skip-empty", gold, right)
    assert skip["sentence_f"] == pytest.approx(39.39133956492536, abs=1e-9)
    assert (skip["sentences"], skip["averaged"]) == (3901, 3874)
    # WSJ10 counted after punctuation removal
    wsj10 = _unsupervised("-p", "unsupervised", "--max-words", "10", gold, right)
    assert wsj10["sentences"] == 542
    assert wsj10["sentence_f"] == pytest.approx(56.874148721114146, abs=1e-9)
    # Per-label recall, as ON-LSTM's corpus_stats_labeled gives it
    labels = _unsupervised("-p", "unsupervised", gold, right)
    assert [labels[f"gold_{x}"] for x in ("NP", "VP", "PP", "SBAR", "ADJP", "ADVP")] == \
        [24379, 13514, 9292, 2877, 930, 410]
    assert [round(labels[f"recall_{x}"], 2) for x in ("NP", "VP", "PP", "SBAR", "ADJP",
                                                       "ADVP")] == \
        [23.93, 71.77, 41.86, 68.27, 28.71, 35.37]


@pytest.mark.slow
def test_li_et_al_2020_pipeline(sample: dict[str, Path], tmp_path: Path) -> None:
    # Li et al.'s preprocessing ($ kept, SYM and LS removed) and evaluate.py
    # (results/li_pipeline.json): micro 35.542756, macro 39.739651.
    right = tmp_path / "right.txt"
    run("baseline", "right", "-p", "unsupervised-li2020", str(sample["gold"]), "-o", str(right))
    found = _unsupervised("-p", "unsupervised-li2020", str(sample["gold"]), str(right))
    assert found["corpus_f"] == pytest.approx(35.542756210882004, abs=1e-9)
    assert found["sentence_f"] == pytest.approx(39.73965074600166, abs=1e-9)
    assert found["sentences"] == 3914


def test_a_labelled_root_over_a_unary_keeps_its_span(tmp_path: Path) -> None:
    # .clean's (TOP (S ...)): the last span in post-order is TOP's, so S's
    # whole-sentence span stays in the gold set (and no binary parse has it).
    if not SHARED.is_dir():
        pytest.skip("../shared/data is not beside this checkout")
    gold = SHARED / "ptb-sample" / "wsj_0001-0199.clean"
    lines = gold.read_text().splitlines()[:200]
    trees = [kim_gold(line) for line in lines]
    ours = [t for t in trees if t is not None]
    assert len(ours) == len(lines)
    corpus, sentence, _ = compare_trees(
        ours, [branching("right", len(t.leaves())) for t in ours], None)
    (tmp_path / "gold.mrg").write_text("\n".join(lines) + "\n")
    (tmp_path / "right.txt").write_text("\n".join(_right_bare(t.leaves()) for t in ours) + "\n")
    bare = parsedit.score(tmp_path / "gold.mrg", tmp_path / "right.txt", params="unsupervised")
    counts = bare.totals.counts["unsupervised"]
    assert counts.corpus_f == pytest.approx(corpus, abs=1e-9)
    assert counts.sentence_f == pytest.approx(sentence, abs=1e-9)


def _right_bare(words: list[str]) -> str:
    tree = words[-1]
    for word in reversed(words[:-1]):
        tree = f"({word} {tree})"
    return tree if len(words) > 1 else f"({tree})"


# -- the worked example, every variant --------------------------------------------

TINY = {"kim": (57.142857142857146, 44.999999675000005, 4),
        "kim-skip-empty": (57.142857142857146, 79.9999992, 4),
        "li2020": (66.66666666666667, 76.0, 5),
        "prpn": (66.66666666666667, 75.99999954, 5)}


@pytest.mark.parametrize("variant", sorted(TINY))
@pytest.mark.parametrize("form", ["eval.py", "bare"])
def test_the_worked_example(tmp_path: Path, variant: str, form: str) -> None:
    (tmp_path / "gold.txt").write_text("\n".join(TINY_GOLD) + "\n")
    (tmp_path / "pred.txt").write_text("\n".join(TINY_PRED if form == "eval.py"
                                                 else TINY_BARE) + "\n")
    found = _unsupervised("-p", "unsupervised", "--unsupervised", variant,
                          str(tmp_path / "gold.txt"), str(tmp_path / "pred.txt"))
    corpus, sentence, count = TINY[variant]
    assert found["corpus_f"] == pytest.approx(corpus, abs=1e-9)
    assert found["sentence_f"] == pytest.approx(sentence, abs=1e-9)
    assert found["sentences"] == count


def test_the_variants_are_named_once() -> None:
    assert tuple(VARIANTS) == UNSUPERVISED
    config = Config.from_options(params="unsupervised", unsupervised="li2020", max_words=150)
    assert config.metrics == ("unsupervised",)
    signature = run("score", "-p", "unsupervised", "--max-words", "150",
                    "--signature-only").stdout
    assert "|unsupervised:kim|max-words:150|" in signature
    assert "params:unsupervised@" in signature and "|delete-by:gold|" in signature
    with pytest.raises(ConfigError, match="'--unsupervised'"):
        Config.from_options(params="unsupervised", unsupervised="nope")
    idle = Config.from_options("parseval", unsupervised="kim").warnings()
    assert any("--unsupervised and --max-words have no effect" in w for w in idle)


# -- bare brackets ------------------------------------------------------------------


def test_bare_brackets_are_read_as_such() -> None:
    item = bare_item("((the (big dog)) (barked loudly))")
    assert item.tokens == ("(", "(", "the", "(", "big", "dog", ")", ")", "(", "barked",
                           "loudly", ")", ")")
    assert "closes no bracket" in str(bare_item("(a b))").error)
    assert "outside any bracket" in str(bare_item("a (b c)").error)
    assert "left open" in str(bare_item("((a b)").error)


def test_bare_brackets_are_told_from_trees_by_the_gold_file(tmp_path: Path) -> None:
    gold = tmp_path / "gold.txt"
    gold.write_text("( (S (NP (DT the) (NN dog)) (VP (VBD barked)) (. .)) )\n")
    norm = load_params("unsupervised").normalisation
    for text, expected in (("(the (dog barked))", "bare"),
                           ("((the dog) barked)", "bare"),
                           ("(the (dog (barked .)))", "bare"),
                           ("(NT (NT (T the) (T dog)) (T barked))", "bracketed"),
                           ("(S (NP (DT the) (NN dog)) (VP (VBD barked)))", "bracketed")):
        test = tmp_path / "test.txt"
        test.write_text(text + "\n")
        assert against_gold(str(test), str(gold), norm) == expected, text
    # Without -p unsupervised a bare line is a (wrong) bracketed tree; named, it is bare.
    test.write_text("(the (dog barked))\n")
    assert run("score", "--test-format", "bare", "-p", "unsupervised", str(gold),
               str(test)).exit_code == 0
    # compare reads them as score does (named, or told by the gold file)
    for options in (("--test-format", "bare"), ()):
        told = run("compare", "-p", "unsupervised", *options, str(gold), str(test), str(test),
                   "--name", "a", "--name", "b", "--samples", "20", "-q")
        assert told.exit_code == 0, told.output


def test_a_bare_test_with_punctuation_is_reduced_by_the_gold_tags(tmp_path: Path) -> None:
    gold = tmp_path / "gold.txt"
    gold.write_text("(S (NP (DT the) (NN dog)) (VP (VBD barked)) (. .))\n")
    test = tmp_path / "test.txt"
    test.write_text("(((the dog) barked) .)\n")
    found = _unsupervised("-p", "unsupervised", "--test-format", "bare", str(gold), str(test))
    # After '.' goes: gold {(0,2)} (the root's span removed), test {(0,2)}.
    assert (found["matched"], found["predicted"], found["gold"]) == (1, 1, 1)


# -- parsedit baseline --------------------------------------------------------------


def test_baseline_trees(tmp_path: Path) -> None:
    gold = tmp_path / "gold.txt"
    gold.write_text("\n".join(["( (S (NP (DT The) (NN dog)) (, ,) (VP (VBD ran) (ADVP "
                               "(RB away))) (. .)) )", "(INTJ (UH Hi) (. !))", "",
                               "(X (-NONE- *))"]) + "\n")
    left = run("baseline", "left", str(gold)).stdout.splitlines()
    right = run("baseline", "right", str(gold)).stdout.splitlines()
    assert left == ["(((The dog) ran) away)", "(Hi)", "", ""]
    assert right == ["(The (dog (ran away)))", "(Hi)", "", ""]
    once = run("baseline", "random", "--seed", "7", str(gold)).stdout
    assert once == run("baseline", "random", "--seed", "7", str(gold)).stdout
    words = [item for item in read_bare(_written(tmp_path, once))][0]
    assert [t for t in words.tokens or () if t not in "()"] == ["The", "dog", "ran", "away"]
    assert (words.tokens or ()).count("(") == 3  # binary over four words


def _written(tmp_path: Path, text: str) -> str:
    path = tmp_path / "random.txt"
    path.write_text(text)
    return str(path)
