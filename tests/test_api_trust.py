"""The Python API as a training loop and a distributed run use it (issue 27,
section 2 and the pickling case of section 5): an Evaluator shared by
threads loses nothing, a malformed tree object is parsedit's own error
naming the sentence's number, the API refuses what the command line
refuses in the same words and warns as ``score`` warns, and an Evaluator
with edit metrics pickles, goes on scoring and merges exactly."""

from __future__ import annotations

import math
import pickle
import random
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from conftest import SHARED, run
from hypothesis import given, settings
from hypothesis import strategies as st
from roark_trees import GOLD, PARSE2, PARSE3

import parsedit
from parsedit.api import _Sums
from parsedit.config import Config
from parsedit.errors import ConfigError, ParseditError, TreeError
from parsedit.signature import signature
from parsedit.trees import lines as line_readers
from parsedit.trees.tree import Tree

ALL = "parseval,label,span,rule,la,tagging"
EDITS = "label,span,rule,la"
PTB = SHARED / "ptb-sample" / "wsj_0001-0199.clean"


@pytest.fixture(scope="module")
def ptb(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], list[str]]:
    """The PTB sample (3,914 trees) and a copy with parse errors, words
    unchanged (benchmarks/perturb.py, seed 1), as lists of lines."""
    if not PTB.is_file():
        pytest.skip("../shared/data is not beside this checkout")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from perturb import main as perturb

    out = tmp_path_factory.mktemp("ptb") / "perturbed.mrg"
    perturb([str(PTB), str(out), "--seed", "1"])
    gold = PTB.read_text(encoding="utf-8").splitlines()
    test = out.read_text(encoding="utf-8").splitlines()
    assert len(gold) == len(test) == 3914
    return gold, test


def batches(gold: list[str], test: list[str], size: int) -> list[tuple[list[str], list[str]]]:
    return [(gold[k:k + size], test[k:k + size]) for k in range(0, len(gold), size)]


def in_threads(work: Callable[[int], None], threads: int) -> None:
    """``work(k)`` for k < ``threads``, each in its own thread, with the
    interpreter switching threads every few microseconds (so that a race
    shows), re-raising the first failure."""
    failures: list[BaseException] = []

    def guarded(k: int) -> None:
        try:
            work(k)
        except BaseException as exc:  # handed to the test
            failures.append(exc)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        started = [threading.Thread(target=guarded, args=(k,)) for k in range(threads)]
        for thread in started:
            thread.start()
        for thread in started:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    if failures:
        raise failures[0]


# -- 1. threads ----------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize(("metrics", "size", "sentences"),
                         [("parseval", 25, 3914), (ALL, 20, 600)])
def test_threads_sharing_an_evaluator_lose_nothing(ptb: tuple[list[str], list[str]],
                                                   metrics: str, size: int,
                                                   sentences: int) -> None:
    # Issue 27: 8 threads on the PTB sample lost about 7% of the matched
    # brackets; 736 of 800 sentences were counted in 2 of 3 runs.
    gold, test = ptb[0][:sentences], ptb[1][:sentences]
    work = batches(gold, test, size)
    alone = parsedit.Evaluator(metrics=metrics)
    for g, t in work:
        alone.update(g, t)
    expected = alone.state()
    assert expected["all.sentences"] == sentences
    for _ in range(3):
        shared = parsedit.Evaluator(metrics=metrics)

        def share(k: int, shared: parsedit.Evaluator = shared) -> None:
            for g, t in work[k::8]:
                shared.update(g, t)

        in_threads(share, 8)
        # Every sum to the last bit, floats too: the sums are exact, so the
        # order the threads' batches came in does not show.
        assert shared.state() == expected
        assert shared.compute().to_dict()["corpus"] == alone.compute().to_dict()["corpus"]


def test_threads_give_each_batch_its_own_numbers(ptb: tuple[list[str], list[str]]) -> None:
    gold, test = ptb[0][:400], ptb[1][:400]
    shared = parsedit.Evaluator(metrics="parseval", keep_sentences=True)
    returned: list[list[int]] = [[] for _ in range(8)]

    def work(k: int) -> None:
        for g, t in batches(gold, test, 10)[k::8]:
            returned[k] += [s.id for s in shared.update(g, t)]

    in_threads(work, 8)
    numbers = sorted(n for found in returned for n in found)
    assert numbers == list(range(1, 401))
    assert [s.id for s in shared.compute().sentences] == list(range(1, 401))


def test_evaluators_in_threads_keep_to_their_own_line_readers(
        ptb: tuple[list[str], list[str]]) -> None:
    # Evaluators of one normalisation share no line reader: a reader that
    # forgets what it learnt (here past 64 chunks, so at every batch) while
    # another thread reads a pair with it would number that pair's labels
    # twice over.
    gold, test = ptb[0][:800], ptb[1][:800]
    parts = [batches(gold[k::4], test[k::4], 10) for k in range(4)]
    expected = []
    for part in parts:
        alone = parsedit.Evaluator(metrics="parseval")
        for g, t in part:
            alone.update(g, t)
        expected.append(alone.state())
    with patch.object(line_readers, "_MAX_CHUNKS", 64):
        for _ in range(2):
            found: list[dict[str, float]] = [{} for _ in parts]

            def work(k: int, found: list[dict[str, float]] = found) -> None:
                own = parsedit.Evaluator(metrics="parseval")
                for g, t in parts[k]:
                    own.update(g, t)
                found[k] = own.state()

            in_threads(work, 4)
            assert found == expected


def test_score_in_threads_gives_each_its_own_figures(ptb: tuple[list[str], list[str]],
                                                      tmp_path: Path) -> None:
    # score() on files of fewer than 1 MiB reads them through the line
    # readers, one per thread (forgetting what they learnt at every range
    # of lines here).
    runs = []
    for k in range(4):
        gold, test = tmp_path / f"gold{k}.mrg", tmp_path / f"test{k}.mrg"
        gold.write_text("\n".join(ptb[0][k::4]) + "\n", encoding="utf-8")
        test.write_text("\n".join(ptb[1][k::4]) + "\n", encoding="utf-8")
        runs.append((str(gold), str(test)))
    expected = [parsedit.score(g, t, metrics="parseval").to_dict()["corpus"] for g, t in runs]
    with patch.object(line_readers, "_MAX_CHUNKS", 64):
        found: list[Any] = [None] * 4

        def work(k: int) -> None:
            found[k] = parsedit.score(*runs[k], metrics="parseval").to_dict()["corpus"]

        in_threads(work, 4)
    assert found == expected


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.floats(-1e6, 1e6, allow_nan=False) | st.integers(-100, 100),
                         max_size=6), min_size=1, max_size=8), st.randoms())
def test_sums_do_not_depend_on_the_order_of_their_parts(parts: list[list[float]],
                                                        rng: random.Random) -> None:
    # The oracle: math.fsum, the correctly rounded sum of every number.
    def summed(order: list[list[float]]) -> dict[str, float]:
        sums = _Sums({"x": 0.0})
        for values in order:
            for value in values:
                sums.add({"x": value})
        return sums.values()

    every = [v for values in parts for v in values]
    shuffled = list(parts)
    rng.shuffle(shuffled)
    assert summed(parts)["x"] == summed(shuffled)["x"] == math.fsum(every)
    halves = _Sums({"x": 0.0}), _Sums({"x": 0.0})
    for k, values in enumerate(parts):
        for value in values:
            halves[k % 2].add({"x": value})
    halves[1].merge(halves[0])
    assert halves[1].values()["x"] == math.fsum(every)


# -- 2. malformed trees ----------------------------------------------------------

@pytest.mark.parametrize(("make", "message"), [
    # The first two pass what Tree's annotations forbid: Tree must refuse it.
    (lambda: Tree("S", [5]),  # type: ignore[list-item]
     r"Tree\('S', \.\.\.\): a child is 5 \(int\): a child is a Tree "
                             r"or a word"),
    (lambda: Tree("S", [None]), r"a child is None \(NoneType\)"),  # type: ignore[list-item]
    (lambda: Tree("NP SBJ", ["a"]), "the label 'NP SBJ' holds whitespace"),
    (lambda: Tree("S", ["New York"]), "the word 'New York' holds whitespace"),
    (lambda: Tree("S", [""]), "a word is the empty string"),
    (lambda: Tree("S", ["("]), "the word '\\(' holds a bracket.*-LRB-"),
    (lambda: Tree("(S", []), "the label '\\(S' holds a bracket"),
    (lambda: Tree(3, []), "the label 3 is not a str but int"),  # type: ignore[arg-type]
    (lambda: Tree("S", "abc"), "children must be a list"),  # type: ignore[arg-type]
    (lambda: Tree("S", [("dog", "NN")]), r"a child is \('dog', 'NN'\)"),  # type: ignore[list-item]
])
def test_tree_checks_its_own_arguments(make: Callable[[], Tree], message: str) -> None:
    with pytest.raises(TreeError, match=message) as raised:
        make()
    assert isinstance(raised.value, ParseditError)


def test_a_good_tree_is_made_as_before() -> None:
    tree = Tree("S", (Tree("NP", [Tree("DT", ["the"]), Tree("NN", ["dog"])]), "barks"))
    assert isinstance(tree.children, list)
    assert tree.to_string() == "(S (NP (DT the) (NN dog)) barks)"
    assert Tree("", [tree]).to_string() == "( (S (NP (DT the) (NN dog)) barks))"


def broken_trees() -> Iterator[tuple[Any, str]]:
    """Tree objects that are no trees, and what the error says of each."""
    five = Tree("S", [Tree("NP", [Tree("DT", ["a"])])])
    five.children.append(5)  # type: ignore[arg-type]
    yield five, r"a child is 5 \(int\)"
    spaced = Tree("S", [Tree("NP", [Tree("DT", ["a"])])])
    spaced.children[0].label = "NP SBJ"  # type: ignore[union-attr]
    yield spaced, "the label 'NP SBJ' holds whitespace"
    loop = Tree("S", [Tree("A", ["a"])])
    loop.children.append(loop)
    yield loop, "the node labelled 'S' is inside itself"
    stringy = Tree("S", [])
    stringy.children = "abc"  # type: ignore[assignment]
    yield stringy, "the children of the node labelled 'S' are a str"


@pytest.mark.parametrize("how", ["score", "evaluator"])
def test_a_broken_tree_is_parsedits_error_with_the_sentences_number(how: str) -> None:
    good = Tree("S", [Tree("NP", [Tree("DT", ["a"])]), Tree("VP", [Tree("VB", ["b"])])])
    for broken, message in broken_trees():
        if how == "score":
            with pytest.raises(TreeError, match=f"^test sentence 3: {message}"):
                parsedit.score([good] * 3, [good, good, broken], metrics="parseval")
            continue
        evaluator = parsedit.Evaluator(metrics="parseval")
        evaluator.update([good] * 100, [good] * 100)
        # The third of the next batch is the evaluation's sentence 103.
        with pytest.raises(TreeError, match=f"^gold sentence 103: {message}"):
            evaluator.update([good, good, broken], [good] * 3)
        assert evaluator.state()["all.sentences"] == 100  # the batch is not counted
        assert [s.id for s in evaluator.update([good], [good])] == [101]


def test_broken_nltk_trees_are_parsedits_error() -> None:
    nltk = pytest.importorskip("nltk")
    cases = [
        (nltk.Tree("S", [nltk.Tree("NP", [None])]), r"a child is None \(NoneType\)"),
        (nltk.Tree("S", [nltk.Tree("NP SBJ", ["a"])]), "the label 'NP SBJ' holds whitespace"),
        (nltk.Tree("S", [nltk.Tree("NNP", ["New York"])]),
         "the word 'New York' holds whitespace, which no word can hold \\(under 'NNP'\\)"),
        (nltk.Tree("S", [("dog", "")]), r"the tagged word \('dog', ''\): its tag is empty"),
        (nltk.Tree("S", [("dog", "N N")]),
         r"the tagged word \('dog', 'N N'\): the label 'N N' holds whitespace"),
        (nltk.Tree("S", [("a", "DT", "x")]), "a leaf is the tuple .*: a tuple is a tagged word"),
        (nltk.Tree("S", [["a"]]), r"a child is \['a'\] \(list\)"),
    ]
    evaluator = parsedit.Evaluator(metrics="parseval")
    evaluator.update(["(S (A a))"] * 40, ["(S (A a))"] * 40)
    for broken, message in cases:
        with pytest.raises(TreeError, match=f"^gold sentence 2: {message}"):
            parsedit.score([GOLD, broken], [GOLD, GOLD], metrics="parseval")
        with pytest.raises(TreeError, match=f"^test sentence 42: {message}"):
            evaluator.update([GOLD] * 2, [GOLD, broken])


def test_an_evaluators_messages_name_the_sentences_number_in_the_evaluation() -> None:
    # Issue 27: the messages gave the position in the batch.
    gold = "(S (NP (DT a) (NN b)) (VP (VB c)))"
    short = "(S (NP (DT a)) (VP (VB c)))"
    for metrics in ("parseval", "label"):
        evaluator = parsedit.Evaluator(metrics=metrics)
        evaluator.update([gold] * 100, [gold] * 100)
        strings = evaluator.update([gold] * 3, [gold, "(S (NP a", short])
        assert [s.id for s in strings] == [101, 102, 103]
        assert (strings[1].message or "").startswith("test:102:")
        assert (strings[2].message or "").startswith("gold:103 and test:103: length mismatch")
        trees = evaluator.update([parsedit_tree(gold)] * 2, [None, parsedit_tree(short)])
        assert (trees[0].message or "") == "test:104: empty line"
        assert (trees[1].message or "").startswith("gold:105 and test:105: length mismatch")


def parsedit_tree(text: str) -> Tree:
    from parsedit.trees.reader import read_sentence
    tree = read_sentence(text).tree
    assert tree is not None
    return tree


def test_nltk_tagged_trees_are_read_as_tagged_words() -> None:
    # NLTK's tagged-tree form: (word, tag) leaves, as nltk.RegexpParser
    # gives them.  Issue 27: they became the word -LRB-'the', 'DT'-RRB-.
    nltk = pytest.importorskip("nltk")
    chunker = nltk.RegexpParser("NP: {<DT>?<JJ>*<NN>}")
    tagged = [("the", "DT"), ("little", "JJ"), ("dog", "NN"), ("barked", "VBD"),
              ("at", "IN"), ("the", "DT"), ("cat", "NN")]
    chunked = chunker.parse(tagged)
    assert isinstance(chunked[0][0], tuple)  # the tagged-tree form indeed
    as_string = ("(S (NP (DT the) (JJ little) (NN dog)) (VBD barked) (IN at) "
                 "(NP (DT the) (NN cat)))")
    test = "(S (NP (DT the) (JJ little) (NN dog)) (VP (VBD barked) (PP (IN at) (NP (DT the) " \
        "(NN cat)))))"
    by_tree = parsedit.score([chunked], [test], metrics=ALL).to_dict()
    by_string = parsedit.score([as_string], [test], metrics=ALL).to_dict()
    assert by_tree["corpus"] == by_string["corpus"]
    assert by_tree["corpus"]["parseval"]["words"] == 7
    assert by_tree["corpus"]["parseval"]["tagging_accuracy"] == 100.0
    # Brackets in a tagged word are written as the treebank writes them.
    brackets = nltk.Tree("S", [("(", "-LRB-"), nltk.Tree("NP", [("x", "NN")]), (")", "-RRB-")])
    result = parsedit.score([brackets], ["(S (-LRB- -LRB-) (NP (NN x)) (-RRB- -RRB-))"],
                            metrics="parseval")
    assert result.parseval is not None and result.parseval.f_measure == 100.0


def test_an_unlabelled_node_over_a_word_is_read_as_the_string_is() -> None:
    tree = Tree("S", [Tree("", ["a"]), Tree("B", ["b"])])
    as_tree = parsedit.score([tree], ["(S (A a) (B b))"], metrics="parseval,label").to_dict()
    as_string = parsedit.score(["(S ( a) (B b))"], ["(S (A a) (B b))"],
                               metrics="parseval,label").to_dict()
    assert as_tree["corpus"] == as_string["corpus"]
    assert tree.to_string() == "(S ( a) (B b))"


# -- 3. validation and warnings --------------------------------------------------

# (API option, value, the command line's option and value)
REFUSED: list[tuple[str, object, str, str]] = [
    ("cutoff", -1, "--cutoff", "-1"), ("max_error", -1, "-e", "-1"),
    ("max_moves", -1, "--max-moves", "-1"), ("max_k", 1, "--max-k", "1"),
    ("average", "mean", "--average", "mean"), ("failures", "keep", "--failures", "keep"),
    ("rule_pos", "lemmas", "--rule-pos", "lemmas"), ("movement", "fast", "--movement", "fast"),
    ("yields", "loose", "--yield", "loose"), ("segmentation", "x", "--segmentation", "x"),
    ("word_aligner", "c", "--word-aligner", "c"),
]
RUN_REFUSED: list[tuple[str, object, str, str]] = [
    ("worst_words", -1, "--worst-words", "-1"), ("errors", -2, "--errors", "-2"),
    ("jobs", 0, "-j", "0"), ("jobs", 257, "-j", "257")]


def cli_error(*args: str) -> str:
    result = run("score", str(SHARED / "evalb/sample.gld"), str(SHARED / "evalb/sample.gld"),
                 *args)
    assert result.exit_code == 2, result.output
    (line,) = [line for line in result.output.splitlines() if line.startswith("parsedit:")]
    assert line.startswith("parsedit: error: ")
    return line[len("parsedit: error: "):].split(" (see '")[0]


@pytest.mark.cli
@pytest.mark.parametrize(("option", "value", "flag", "text"), REFUSED + RUN_REFUSED)
def test_the_api_refuses_what_the_command_line_refuses_in_its_words(
        shared: Path, option: str, value: object, flag: str, text: str) -> None:
    expected = cli_error(flag, text)
    assert expected.startswith("Invalid value for ")
    options: dict[str, Any] = {option: value}
    with pytest.raises(ConfigError) as raised:
        parsedit.score([GOLD], [PARSE2], **options)
    assert str(raised.value) == expected
    if (option, value, flag, text) in REFUSED:
        with pytest.raises(ConfigError) as raised:
            parsedit.Evaluator(**options)
        assert str(raised.value) == expected


def test_the_api_refuses_what_no_whole_number_option_takes() -> None:
    for value in (True, "5", 2.0, None):
        with pytest.raises(ConfigError, match="Invalid value for '--max-k': .* is not a valid "
                                              "integer"):
            parsedit.score([GOLD], [PARSE2], max_k=value)
    assert parsedit.score([GOLD], [PARSE2], cutoff=0).cutoff.sentences == 0
    assert parsedit.score([GOLD], [PARSE2], metrics="parseval", errors=0).errors is None


@pytest.mark.cli
def test_worst_words_without_la_is_refused_as_on_the_command_line(shared: Path) -> None:
    expected = cli_error("--metrics", "parseval", "--worst-words", "3")
    with pytest.raises(ConfigError) as raised:
        parsedit.score([GOLD], [PARSE2], metrics="parseval", worst_words=3)
    assert str(raised.value) == expected == "--worst-words needs the la metric in --metrics"


def test_options_beside_a_config_are_refused() -> None:
    config = Config.from_options("parseval,label", "new")
    assert parsedit.score([GOLD], [PARSE2], config=config).signature == signature(config)
    for beside in ({"metrics": "parseval"}, {"params": "collins"}, {"cutoff": 5},
                   {"label_costs": "levenshtein"}):
        with pytest.raises(ConfigError, match=f"config= holds every option, so "
                                              f"{next(iter(beside))} given beside it"):
            parsedit.score([GOLD], [PARSE2], config=config, **beside)
        with pytest.raises(ConfigError, match="config= holds every option"):
            parsedit.Evaluator(config=config, **beside)
    with pytest.raises(ConfigError, match="config= takes a parsedit.Config, not str"):
        parsedit.score([GOLD], [PARSE2], config="parseval")  # type: ignore[arg-type]
    # Run options are no Config's: they go beside it.
    assert parsedit.score([GOLD], [PARSE2], config=config, keep="none").sentences == ()


def test_config_errors_is_gone() -> None:
    # Deliberate API change: Config.errors was accepted and never read.
    assert "errors" not in Config.__dataclass_fields__
    with pytest.raises(ConfigError, match="unknown option.*errors"):
        parsedit.Evaluator(errors=True)


def test_an_evaluator_refuses_segmentation_it_would_not_do() -> None:
    with pytest.raises(ConfigError, match="segmentation='align' pairs runs of sentences"):
        parsedit.Evaluator(metrics="parseval", yields="align", segmentation="align")


WARNED = [  # (gold, test): each pair makes one of score's warnings
    ("(S (NP (DT a) (NN b)) (VP (VB c)))", "(S (NP (DT a)) (VP (VB c)))"),  # length
    ("(S (NP (DT a) (NN b)) (VP (VB c)))", "(S (NP (DT a) (NN x)) (VP (VB c)))"),  # word
    ("( (S (NP (DT a)) (VP (VB c))))", "(TOP (S (NP (DT a)) (VP (VB c))))"),  # roots
    ("( (S (NP (DT a)) (VP (VB c))))", "(S (NP (DT a)) (VP (VB c)))"),  # outer bracket
    ("(S (NP (DT a)) (VP (VB c)))", "(S (NP a"),  # unreadable: a skip
    (GOLD, PARSE2), (GOLD, PARSE3),
]


@pytest.mark.parametrize("options", [
    {"metrics": "parseval"}, {"metrics": ALL}, {"metrics": "parseval,label", "params": "none"},
    {"metrics": "parseval", "yields": "align"}, {"metrics": "label", "rule_pos": "tags"},
    {"metrics": "parseval,la", "params": str(SHARED / "evalb/sample.prm")},
])
def test_compute_warns_exactly_as_score_does(options: dict[str, Any]) -> None:
    if "prm" in str(options.get("params", "")) and not SHARED.is_dir():
        pytest.skip("../shared/data is not beside this checkout")
    rng = random.Random(7)
    pairs = [rng.choice(WARNED) for _ in range(40)]
    gold, test = [g for g, _ in pairs], [t for _, t in pairs]
    whole = parsedit.score(gold, test, max_error=1000, **options)
    assert whole.warnings, "the case warns of nothing"
    evaluator = parsedit.Evaluator(**options)
    for k in range(0, 40, 3):
        evaluator.update(gold[k:k + 3], test[k:k + 3])
    assert evaluator.compute().warnings == whole.warnings
    said = "scored through the word alignment" if options.get("yields") == "align" \
        else "whose words differ from gold"
    assert any(said in warning for warning in whole.warnings)
    # Through a pickle and a merge too.
    halves = [parsedit.Evaluator(**options) for _ in range(2)]
    halves[0].update(gold[:20], test[:20])
    halves[1].update(gold[20:], test[20:])
    merged = pickle.loads(pickle.dumps(halves[0])) + pickle.loads(pickle.dumps(halves[1]))
    assert merged.compute().warnings == whole.warnings


# -- 4. pickling -------------------------------------------------------------------

@pytest.fixture(scope="module")
def far(tmp_path_factory: pytest.TempPathFactory, ptb: tuple[list[str], list[str]]) -> str:
    """roark-basic compiled to a FAR over the symbols of the first 300
    sentences of the PTB sample and their perturbed copies."""
    where = tmp_path_factory.mktemp("far")
    alphabet = where / "alphabet.mrg"
    alphabet.write_text("\n".join(ptb[0][:300] + ptb[1][:300]) + "\n", encoding="utf-8")
    out = where / "roark.far"
    result = run("grammars", "compile", "roark-basic", "--alphabet", str(alphabet),
                 "--encoding", "label", "-o", str(out))
    assert result.exit_code == 0, result.output
    return str(out)


@pytest.mark.parametrize(("options", "size"), [
    ({"metrics": EDITS}, 50), ({"metrics": ALL, "keep_sentences": True}, 50),
    pytest.param({"metrics": "label", "movement": "cascade"}, 4,  # (slow: 24 sentences)
                 marks=pytest.mark.slow),
    ({"metrics": "parseval,label,la", "yields": "align"}, 50),
    ({"metrics": "label", "far": True}, 50),
])
def test_an_evaluator_with_edit_metrics_pickles_and_goes_on(
        ptb: tuple[list[str], list[str]], far: str, options: dict[str, Any],
        size: int) -> None:
    options = dict(options)
    if options.pop("far", False):  # issue 27: a FAR scheme's evaluator did not pickle
        options["costs"] = {"label": far}
    gold, test = ptb[0][:6 * size], ptb[1][:6 * size]
    whole = parsedit.Evaluator(**options)
    for g, t in batches(gold, test, size):
        whole.update(g, t)
    first = parsedit.Evaluator(**options)
    for g, t in batches(gold[:3 * size], test[:3 * size], size):
        first.update(g, t)
    data = pickle.dumps(first)
    assert b"pynini" not in data or "costs" in options  # (a FAR's transducer is an option)
    again = pickle.loads(data)
    assert again.state() == first.state()
    for g, t in batches(gold[3 * size:], test[3 * size:], size):
        again.update(g, t)
    assert again.state() == whole.state()
    assert again.compute().to_dict() == whole.compute().to_dict()


@pytest.mark.parametrize("metrics", [EDITS, ALL])
def test_pickled_halves_merge_into_the_whole(ptb: tuple[list[str], list[str]],
                                             metrics: str) -> None:
    # A distributed run: each process scores its share, pickles its
    # evaluator, and one process adds them.
    gold, test = ptb[0][:400], ptb[1][:400]
    whole = parsedit.Evaluator(metrics=metrics)
    shares = [parsedit.Evaluator(metrics=metrics) for _ in range(3)]
    for k, (g, t) in enumerate(batches(gold, test, 40)):
        whole.update(g, t)
        shares[k % 3].update(g, t)
    sent = [pickle.loads(pickle.dumps(share)) for share in shares]
    merged = sent[0] + sent[1] + sent[2]
    assert merged.state() == whole.state()  # exactly: the sums are exact
    assert sum(reversed(sent)).state() == whole.state()
    assert merged.compute().to_dict()["corpus"] == whole.compute().to_dict()["corpus"]
    merged.update(gold[:10], test[:10])  # a merged evaluator goes on scoring
    whole.update(gold[:10], test[:10])
    assert merged.state() == whole.state()


def test_a_state_all_reduced_as_floats_loads() -> None:
    # torch.distributed all-reduces tensors of floats: whole counts come back
    # as floats, and load back as whole numbers.
    evaluator = parsedit.Evaluator(metrics=ALL)
    evaluator.update([GOLD, GOLD, "( (S (A a)))"], [PARSE2, "(S (X y))", "(TOP (S (A a)))"])
    state = evaluator.state()
    other = parsedit.Evaluator(metrics=ALL)
    other.load_state({key: float(value) for key, value in state.items()})
    assert other.state() == state
    assert all(type(other.state()[k]) is type(v) for k, v in state.items())
    assert other.compute().to_dict()["corpus"] == evaluator.compute().to_dict()["corpus"]
    assert other.compute().warnings == evaluator.compute().warnings
    older = {k: v for k, v in state.items() if not k.startswith("warnings.")}
    other.load_state(older)  # a state without the warnings' tallies still loads
    with pytest.raises(ConfigError, match="'all.sentences' is missing"):
        other.load_state({k: v for k, v in state.items() if k != "all.sentences"})


def test_load_state_keeps_weighted_fractions() -> None:
    # Found beside issue 27: load_state made each sum the type of its zero,
    # so weighted PARSEVAL's fractional matches (3.17) became 3 (F 75.00
    # instead of 79.17).
    evaluator = parsedit.Evaluator(metrics="parseval", weighted=True)
    evaluator.update(["(S (NP (DT a) (NN b)) (VP (VB c) (NP (DT d))))"],
                     ["(S (NP (DT a)) (NN b) (VP (VB c) (NP (DT d))))"])
    assert evaluator.state()["all.counts.parseval.matched"] == pytest.approx(19 / 6)
    other = parsedit.Evaluator(metrics="parseval", weighted=True)
    other.load_state(evaluator.state())
    assert other.compute().parseval == evaluator.compute().parseval
    loaded = other.compute().parseval
    assert loaded is not None and loaded.f_measure == pytest.approx(100 * 2 * (19 / 6) / 8)


def test_the_token_memories_forgetting_mid_sentence_lose_nothing() -> None:
    # Found auditing the state scoring shares: the token memories are
    # cleared past a bound (2^20 distinct tokens) while a sentence's tokens
    # are decoded (in this thread or another), which gave a KeyError.
    from parsedit.trees import bracketing

    def forget() -> None:
        for memory in (bracketing._DECODED, bracketing._STEP, bracketing._IS_WORD):
            memory.clear()

    tokens = ("(S", "(NP", "((DT", "a)", ")", "(VP", "((VB", "b)", ")", ")")
    try:
        with patch.object(bracketing, "_LIMIT", 3):
            forget()
            assert bracketing.depths(tokens) == [1, 2, 2, 2, 1, 2, 2, 2, 1, 0]
            forget()
            assert bracketing.word_positions(tokens) == [3, 7]
    finally:
        forget()
