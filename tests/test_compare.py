"""``parsedit compare``: the table, ranks, rank agreement and significance."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import numpy as np
import pytest
from conftest import run, write_trees
from hypothesis import given, settings
from hypothesis import strategies as st
from roark_trees import GOLD, PARSE2, PARSE3

from parsedit.metrics.base import ratio
from parsedit.metrics.significance import (
    Figure,
    bootstrap,
    bootstrap_p,
    holm,
    interval,
    kendall_tau,
    randomization,
    randomization_many,
)


def systems(tmp_path: Path, **outputs: list[str]) -> tuple[str, list[str]]:
    """Roark's gold tree once per sentence, and a file per system."""
    n = len(next(iter(outputs.values())))
    gold = write_trees(tmp_path / "gold.mrg", [GOLD] * n)
    return gold, [write_trees(tmp_path / f"{name}.mrg", trees) for name, trees in outputs.items()]


def test_kendall_tau() -> None:
    assert kendall_tau([1, 2, 3], [10, 20, 30]) == 1.0
    assert kendall_tau([1, 2, 3], [30, 20, 10]) == -1.0
    assert kendall_tau([1, 2, 3, 4], [1, 3, 2, 4]) == pytest.approx(4 / 6)
    assert kendall_tau([1, 1, 1], [1, 2, 3]) is None
    # tau-b with a tie: 5 concordant of 6 pairs, one tied in x.
    assert kendall_tau([1, 2, 2, 3], [1, 2, 3, 4]) == pytest.approx(5 / (5 * 6) ** 0.5)


ACCURACY = partial(ratio, scale=-100.0, offset=100.0)  # an edit metric's from_terms
F_LIKE = partial(ratio, scale=100.0, offset=0.0)


def terms(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    """A system's (num, den) terms, a row per sentence."""
    return np.column_stack([num, den])


def test_identical_systems_are_not_different() -> None:
    rng = np.random.default_rng(1)
    edits, gold = rng.integers(0, 5, 200).astype(float), np.full(200, 10.0)
    assert randomization(ACCURACY, terms(edits, gold), terms(edits.copy(), gold), 2000, 7) == 1.0


def test_a_clearly_better_system_is_significant() -> None:
    rng = np.random.default_rng(2)
    gold = np.full(300, 10.0)
    worse = rng.integers(2, 6, 300).astype(float)
    better = np.maximum(worse - rng.integers(0, 3, 300), 0).astype(float)
    p = randomization(ACCURACY, terms(better, gold), terms(worse, gold), 2000, 7)
    assert p < 0.001
    # A small, noisy difference is not.
    noisy = np.where(rng.random(300) < 0.02, worse - 1, worse)
    assert randomization(ACCURACY, terms(noisy, gold), terms(worse, gold), 2000, 7) > 0.05


def test_the_same_seed_gives_the_same_p() -> None:
    rng = np.random.default_rng(3)
    a, b, gold = rng.random(50), rng.random(50), np.ones(50)
    first = randomization(ACCURACY, terms(a, gold), terms(b, gold), 500, 11)
    assert first == randomization(ACCURACY, terms(a, gold), terms(b, gold), 500, 11)


@pytest.mark.cli
def test_compare_table_ranks_and_p_values(tmp_path: Path) -> None:
    gold, paths = systems(tmp_path, good=[GOLD] * 6, moved=[PARSE2] * 6,
                          shallow=[PARSE3] * 6)
    result = run("compare", gold, *paths, "--samples", "500", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    by_name = {s["name"]: s for s in data["systems"]}
    assert list(by_name) == ["good", "moved", "shallow"]
    assert by_name["good"]["figures"]["label"] == 100.0
    # Roark's point: PARSEVAL ranks the misattachment (parse 2) below the
    # shallow parse 3, the label edit distance above it.
    assert by_name["moved"]["ranks"]["label"] == 2
    assert by_name["moved"]["ranks"]["parseval"] == 3
    assert by_name["moved"]["figures"]["label"] == pytest.approx(100 - 100 * 2 / 11)
    taus = {(t["a"], t["b"]): t["kendall_tau"] for t in data["rank_agreement"]}
    assert taus["parseval", "label"] == pytest.approx(1 / 3)
    p = {(s["a"], s["b"]): s["p"] for s in data["significance"]["label"]}
    # Six identical sentences each: every swap is all or nothing, so the
    # smallest p two-sided is (2 x 1/64 x 500 + 1) / 501, about 0.03.
    assert p["good", "moved"] < 0.1
    assert data["samples"] == 500 and "samples=500,seed=12345" in data["signature"]


@pytest.mark.cli
def test_compare_formats_and_names(tmp_path: Path) -> None:
    gold, paths = systems(tmp_path, a=[GOLD, PARSE2], b=[PARSE3, PARSE2])
    common = ("compare", gold, *paths, "--samples", "100", "--name", "First", "--name",
              "Second", "--metrics", "parseval,label")
    text = run(*common).stdout
    assert "First" in text and "Kendall's tau-b" in text and "Holm" in text
    tsv = run(*common, "--format", "tsv").stdout.splitlines()
    assert tsv[0].split("\t") == ["system", "parseval", "parseval_rank", "label",
                                  "label_rank", "parseval_low", "parseval_high", "label_low",
                                  "label_high", "scored", "trees"]
    assert tsv[1].split("\t")[0] == "First" and len(tsv) == 3
    markdown = run(*common, "--format", "markdown").stdout
    assert "| system | scored | PARSEVAL F | label acc. |" in markdown
    # Both bounds of each interval, never one "±" of its larger side.
    assert "|---|---:|---:|---:|" in markdown and "±" not in markdown
    data = json.loads(run(*common, "--format", "json").stdout)
    low, high = data["systems"][0]["intervals"]["parseval"]
    assert f"[{low:.2f}, {high:.2f}]" in markdown
    latex = run(*common, "--format", "latex").stdout
    assert "\\begin{tabular}{lrrr}" in latex and "\\pm" not in latex \
        and f"[{low:.2f}, {high:.2f}]" in latex and "\\end{tabular}" in latex
    assert "Second" in latex


@pytest.mark.cli
def test_compare_refuses_what_it_cannot_do(tmp_path: Path) -> None:
    gold, paths = systems(tmp_path, a=[GOLD], b=[GOLD])
    assert "at least two systems" in run("compare", gold, paths[0]).stderr
    assert "--name is given 1 times" in run("compare", gold, *paths, "--name", "x").stderr


def test_randomisation_approaches_the_exact_permutation_test() -> None:
    # With 8 sentences every one of the 2^8 swaps can be listed: the exact
    # two-sided p-value, computed here apart from the module's sampling.
    from itertools import product

    edits_a = np.array([0, 1, 2, 0, 3, 1, 0, 2], dtype=float)
    edits_b = np.array([1, 1, 3, 2, 3, 2, 1, 2], dtype=float)
    gold = np.array([5, 4, 6, 3, 7, 5, 4, 6], dtype=float)

    def accuracy(edits: np.ndarray) -> float:
        figure: float = 100 - 100 * edits.sum() / gold.sum()
        return figure

    observed = abs(accuracy(edits_a) - accuracy(edits_b))
    hits = 0
    for swap in product([False, True], repeat=8):
        mask = np.array(swap)
        a, b = np.where(mask, edits_b, edits_a), np.where(mask, edits_a, edits_b)
        hits += abs(accuracy(a) - accuracy(b)) >= observed - 1e-9
    exact = hits / 256
    sampled = randomization(ACCURACY, terms(edits_a, gold), terms(edits_b, gold), 20000, 5)
    assert sampled == pytest.approx(exact, abs=0.02)


def old_randomization(figure: Figure, a: tuple[np.ndarray, ...], b: tuple[np.ndarray, ...],
                      samples: int, seed: int) -> float:
    """The loop of parsedit before the vectorisation (commit 853e433: counts
    swapped with np.where, every figure summed again), kept here as the
    oracle (and timed by benchmarks/bench_compare.py); ``a`` and ``b``: one
    array per term (two then: num and den; any number now)."""
    def value(*columns: np.ndarray) -> np.ndarray:
        return figure(np.stack([c.sum(axis=-1) for c in columns], axis=-1))

    observed = abs(float(value(*a) - value(*b)))
    rng = np.random.default_rng(seed)
    hits = done = 0
    while done < samples:
        rows = min(1000, samples - done)
        swap = rng.random((rows, len(a[0]))) < 0.5
        first = value(*(np.where(swap, y, x) for x, y in zip(a, b)))
        second = value(*(np.where(swap, x, y) for x, y in zip(a, b)))
        hits += int(np.sum(np.abs(first - second) >= observed - 1e-9))
        done += rows
    return (hits + 1) / (samples + 1)


def test_vectorised_randomisation_equals_the_old_loop() -> None:
    # Same seed, same swaps: the same p-values, for several pairs and
    # metrics at once (2500 rounds: a partial last block too).
    rng = np.random.default_rng(4)
    figures = [ACCURACY, F_LIKE]
    systems_ = [(np.column_stack([rng.integers(0, 4, 80), rng.integers(0, 9, 80)]).astype(float),
                 np.column_stack([np.full(80, 6.0), rng.integers(1, 12, 80)]).astype(float))
                for _ in range(3)]
    pairs = [(systems_[0], systems_[1]), (systems_[0], systems_[2]), (systems_[2], systems_[1])]
    # Per system, per metric k: its (num, den) terms.
    by_metric = [[terms(num[:, k], den[:, k]) for k in range(2)] for num, den in systems_]
    found = randomization_many(figures, [(by_metric[0], by_metric[1]),
                                         (by_metric[0], by_metric[2]),
                                         (by_metric[2], by_metric[1])], 2500, 9)
    for (a, b), row in zip(pairs, found):
        for k, figure in enumerate(figures):
            assert row[k] == old_randomization(figure, (a[0][:, k], a[1][:, k]),
                                                (b[0][:, k], b[1][:, k]), 2500, 9)


def test_holm_by_hand() -> None:
    # Sorted: 0.005 x 4 = 0.02, 0.01 x 3 = 0.03, 0.03 x 2 = 0.06, 0.04 x 1 = 0.04
    # kept monotone: 0.06.
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])
    # A test that could not be run is not in the family.
    adjusted = holm([float("nan"), 0.02, 0.04])
    assert adjusted[0] != adjusted[0] and adjusted[1:] == pytest.approx([0.04, 0.04])


@given(st.lists(st.floats(0.0, 1.0), min_size=1, max_size=12), st.sampled_from([0.01, 0.05]))
def test_holm_rejects_what_the_step_down_procedure_rejects(p: list[float],
                                                           alpha: float) -> None:
    # Holm's procedure as he states it: compare the i-th smallest with
    # alpha / (m - i + 1), stop at the first that is not below it.
    rejected = set()
    for i, k in enumerate(sorted(range(len(p)), key=lambda k: p[k])):
        if p[k] > alpha / (len(p) - i):
            break
        rejected.add(k)
    adjusted = holm(p)
    assert {k for k, q in enumerate(adjusted) if q <= alpha} == rejected
    assert all(q >= x for q, x in zip(adjusted, p))


@pytest.mark.slow
def test_bootstrap_interval_covers_the_true_difference_at_the_nominal_rate() -> None:
    # Synthetic systems with a known difference: each sentence has 10 gold
    # events, system a makes Binomial(10, 0.2) edits, system b Binomial(10,
    # 0.25), so the true accuracy difference is 80 - 75 = 5 points.  The 95%
    # interval of a - b should cover 5 in about 95% of corpora.
    rng = np.random.default_rng(2024)
    corpora, covered = 300, 0
    for seed in range(corpora):
        gold = np.full((150, 1), 10.0)
        a = rng.binomial(10, 0.2, (150, 1)).astype(float)
        b = rng.binomial(10, 0.25, (150, 1)).astype(float)
        figures = bootstrap([ACCURACY, ACCURACY], [terms(a, gold), terms(b, gold)], 1000,
                            seed)
        bounds = interval(figures[:, 0] - figures[:, 1], 0.95)
        assert bounds is not None
        covered += bounds[0] <= 5.0 <= bounds[1]
    assert 0.91 <= covered / corpora <= 0.98


def test_bootstrap_recomputes_the_figure_from_summed_counts() -> None:
    # The resample that draws every sentence once is the corpus itself; the
    # figure is summed edits over summed gold, not a mean of rates.
    edits, gold = np.array([[1.0], [0.0], [6.0]]), np.array([[2.0], [1.0], [12.0]])
    figures = bootstrap([ACCURACY], [terms(edits, gold)], 3000, 1)
    # 100 - 100 * 7/15 = 53.3 for the corpus; the mean of the sentences'
    # accuracies would be 66.7.  Every resample lies between the extremes.
    assert np.all((figures >= 0.0) & (figures <= 100.0))
    rng = np.random.default_rng(1)
    drawn = rng.integers(0, 3, size=(1000, 3))
    first = drawn[0]
    expected = 100 - 100 * edits[first, 0].sum() / gold[first, 0].sum()
    assert figures[0, 0] == pytest.approx(expected)


def test_bootstrap_p() -> None:
    same = np.zeros(1000)
    assert bootstrap_p(same, 0.0) == 1.0
    shifted = np.random.default_rng(3).normal(5.0, 1.0, 1000)
    assert bootstrap_p(shifted, 5.0) < 0.01
    assert bootstrap_p(np.random.default_rng(3).normal(0.5, 1.0, 1000), 0.5) > 0.3


@pytest.mark.cli
def test_baseline_mode_and_holm(tmp_path: Path) -> None:
    gold, paths = systems(tmp_path, good=[GOLD] * 8, moved=[PARSE2] * 8,
                          shallow=[PARSE3] * 8, same=[GOLD] * 8)
    result = run("compare", gold, *paths, "--samples", "500", "--format", "json",
                 "--baseline", "moved", "--metrics", "parseval,label")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["baseline"] == "moved" and data["tests"] == {"parseval": 3, "label": 3}
    label = data["significance"]["label"]
    assert [(t["a"], t["b"]) for t in label] == [("moved", "good"), ("moved", "shallow"),
                                                   ("moved", "same")]
    raw = [t["p"] for t in label]
    assert [t["p_holm"] for t in label] == pytest.approx(holm(raw))
    for t in label:
        assert t["significant"] == (t["p_holm"] < 0.05) and t["sentences"] == 8
    by_name = {s["name"]: s for s in data["systems"]}
    # system - baseline (since 0.3.0; a - b before)
    assert label[0]["difference"] == pytest.approx(
        by_name["good"]["figures"]["label"] - by_name["moved"]["figures"]["label"])
    text = run("compare", gold, *paths, "--samples", "500", "--baseline", "moved").stdout
    assert "each system against the baseline moved" in text and "of 3 tests" in text
    refused = run("compare", gold, *paths, "--baseline", "x")
    assert refused.exit_code == 2 and "--baseline x: no system has that name" in refused.stderr


@pytest.mark.cli
def test_bootstrap_test_and_intervals(tmp_path: Path) -> None:
    gold, paths = systems(tmp_path, good=[GOLD] * 6, moved=[PARSE2] * 6)
    data = json.loads(run("compare", gold, *paths, "--samples", "400", "--paired", "bs",
                          "--format", "json", "--metrics", "label").stdout)
    assert data["test"] == "bs" and "bootstrap(samples=400" in data["signature"]
    good = data["systems"][0]
    assert good["intervals"]["label"] == [100.0, 100.0]
    moved = data["systems"][1]["intervals"]["label"]
    # Every sentence is the same: every resample gives the corpus figure.
    assert moved == pytest.approx([100 - 100 * 2 / 11] * 2)
    entry = data["significance"]["label"][0]
    # moved - good; every resample gives it, so the interval is the point.
    assert entry["interval"] == pytest.approx([-100 * 2 / 11] * 2)
    # The shifted distribution never reaches the observed difference.
    assert entry["p"] == pytest.approx(1 / 401)


@pytest.mark.cli
def test_compare_needs_as_many_trees_and_says_what_it_scored(tmp_path: Path) -> None:
    gold = write_trees(tmp_path / "gold.mrg", [GOLD] * 4)
    full = write_trees(tmp_path / "full.mrg", [PARSE2] * 3 + [PARSE3])
    short = write_trees(tmp_path / "short.mrg", [PARSE3] * 3)
    result = run("compare", gold, full, short, "--samples", "100")
    assert result.exit_code == 1
    assert "full" in result.stdout and "4/4" in result.stdout and "3/4" in result.stdout
    assert f"{gold} holds 4 trees but {short} holds 3" in result.stderr
    assert "scored on different sentences (full 4, short 3 scored)" in result.stderr
    data = json.loads(run("compare", gold, full, short, "--samples", "100", "--format",
                          "json").stdout)
    assert data["systems"][1]["summary"]["test_trees"] == 3
    label = data["significance"]["label"][0]
    assert label["sentences"] == 3
    # A pair is compared on the sentences both scored: the first three,
    # label edits 2 against 3 over 11 gold constituents each (not the
    # figures' difference, 100 x 9/44 - 100 x 9/33 apart); short - full.
    assert label["difference"] == pytest.approx(-100 * 3 / 33)
    assert data["systems"][0]["figures"]["label"] == pytest.approx(100 - 100 * 9 / 44)
    assert any("different sentences" in w for w in data["warnings"])
    # The short system covers part of the gold file: named, and not ranked.
    assert all(rank is None for rank in data["systems"][1]["ranks"].values())
    assert data["systems"][0]["ranks"]["label"] == 1
    assert not data["systems"][1]["summary"]["complete"]
    assert any(w.startswith("short: the gold file holds 4 trees but short holds 3")
               and "not ranked" in w for w in data["warnings"])


@pytest.mark.cli
def test_a_system_that_stopped_is_named_and_not_ranked(tmp_path: Path) -> None:
    gold = write_trees(tmp_path / "gold.mrg", [GOLD] * 6)
    good = write_trees(tmp_path / "good.mrg", [PARSE2] * 6)
    broken = write_trees(tmp_path / "broken.mrg", [GOLD] + ["(S (X y))"] * 5)
    result = run("compare", gold, good, broken, "--samples", "100", "-e", "1",
                 "--metrics", "parseval")
    assert result.exit_code == 1
    row = next(line for line in result.stdout.splitlines() if line.startswith("broken"))
    assert "1/6" in row and "(-)" in row and "100.00" in row
    assert f"{broken}: stopped at sentence 4" in result.stderr
    assert "broken: stopped at sentence 4" in result.stderr and "not ranked" in result.stderr


@pytest.mark.cli
@pytest.mark.parametrize("options", [
    ("--split",), ("--with-preterminals",), ("--la-preterminals",), ("-p", "none"),
    ("--rule-pos", "tags"), ("--movement", "cascade", "--max-moves", "1"),
    ("--label-costs", "levenshtein"), ("-c", "5"), ("--average", "sentence"),
])
def test_compare_scores_as_score_does(tmp_path: Path, options: tuple[str, ...]) -> None:
    gold, paths = systems(tmp_path, moved=[PARSE2, PARSE3], shallow=[PARSE3, GOLD])
    metrics = ("--metrics", "parseval,label,span,rule,la")
    data = json.loads(run("compare", gold, *paths, *metrics, *options, "--samples", "50",
                          "--format", "json").stdout)
    for path, system in zip(paths, data["systems"]):
        scored = json.loads(run("score", gold, path, *metrics, *options, "--format",
                                "json").stdout)
        corpus = scored["corpus"]
        assert system["figures"]["parseval"] == pytest.approx(corpus["parseval"]["f_measure"])
        for metric in ("label", "span", "rule"):
            assert system["figures"][metric] == pytest.approx(corpus[metric]["accuracy"])
        assert system["figures"]["la"] == pytest.approx(100 * corpus["la"]["score"])
        if "--average" in options:
            averages = system["sentence_averages"]
            assert averages["parseval"] == pytest.approx(corpus["parseval"]["sentence_f"])
            for metric in ("label", "span", "rule"):
                assert averages[metric] == pytest.approx(corpus[metric]["sentence_accuracy"])
            assert averages["la"] == pytest.approx(100 * corpus["la"]["score"])
        assert data["signature"].startswith(scored["signature"])


def test_compare_reports_every_phase(tmp_path: Path) -> None:
    from parsedit.compare import compare
    from parsedit.config import Config

    gold, paths = systems(tmp_path, a=[GOLD, PARSE2, PARSE3], b=[PARSE3, PARSE2, GOLD])
    heard: list[tuple[str, int, int]] = []
    compare(gold, paths, Config(metrics=("parseval", "label")), samples=1500,
            progress=lambda phase, total, done: heard.append((phase, total, done)))
    phases = list(dict.fromkeys(phase for phase, _, _ in heard))
    assert phases == ["scoring a (1/2)", "scoring b (2/2)", "bootstrap resamples",
                      "randomisation rounds"]
    assert ("scoring a (1/2)", 3, 3) in heard  # sentences done of the gold trees
    assert heard[-1] == ("randomisation rounds", 1500, 1500)
    assert ("bootstrap resamples", 1500, 1500) in heard


def test_progress_line_names_the_phase(capfd: pytest.CaptureFixture[str]) -> None:
    from parsedit.cli.finish import Progress as _Progress

    quiet = _Progress(False)
    quiet.phase("scoring a (1/2)", 310, 100)
    shown = _Progress(True)
    shown.start -= 10  # as if the run had been going for ten seconds
    shown.last -= 10
    shown.phase("scoring a (1/2)", 310, 155)
    shown.close()
    err = capfd.readouterr().err
    assert "parsedit: scoring a (1/2): 155 of 310 (50%)" in err
    assert err.count("parsedit:") == 1  # nothing from the quiet one


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 30), st.integers(1, 2500), st.integers(0, 2**32 - 1), st.data())
def test_vectorised_randomisation_equals_the_old_loop_anywhere(
        n: int, samples: int, seed: int, data: st.DataObject) -> None:
    counts = st.lists(st.integers(0, 9), min_size=n, max_size=n)
    edits_a, edits_b = (np.array(data.draw(counts), dtype=float) for _ in range(2))
    gold = np.array(data.draw(counts), dtype=float)
    found = randomization(ACCURACY, terms(edits_a, gold), terms(edits_b, gold), samples, seed)
    old = old_randomization(ACCURACY, (edits_a, gold), (edits_b, gold), samples, seed)
    assert found == old or (found != found and gold.sum() == 0)


@pytest.mark.cli
def test_tagging_is_compared_by_its_headline(tmp_path: Path) -> None:
    # Tagging's headline is the F of its first scoring function; with one tag
    # per word on both sides, precision = recall = correct tags / words.
    def sentence(wrong: int) -> str:
        tags = ["DT", "NN", "VBD"]
        for k in range(wrong):
            tags[k] = "XX"
        return (f"(S (NP ({tags[0]} the) ({tags[1]} dog)) (VP ({tags[2]} barked)))")

    wrong_a = [0, 0, 1, 0, 2, 0, 1, 0]
    wrong_b = [2, 0, 1, 1, 3, 1, 0, 2]
    gold = write_trees(tmp_path / "gold.mrg", [sentence(0)] * 8)
    a = write_trees(tmp_path / "a.mrg", [sentence(w) for w in wrong_a])
    b = write_trees(tmp_path / "b.mrg", [sentence(w) for w in wrong_b])
    data = json.loads(run("compare", gold, a, b, "--metrics", "tagging", "--scoring", "full",
                          "--samples", "20000", "--format", "json").stdout)
    assert data["titles"] == {"tagging": "tagging F (full)"}
    correct_a = np.array([3 - w for w in wrong_a], dtype=float)
    correct_b = np.array([3 - w for w in wrong_b], dtype=float)
    figures = [s["figures"]["tagging"] for s in data["systems"]]
    assert figures == pytest.approx([100 * correct_a.sum() / 24, 100 * correct_b.sum() / 24])
    scored = json.loads(run("score", gold, a, "--metrics", "tagging", "--scoring", "full",
                            "--format", "json").stdout)
    assert figures[0] == pytest.approx(scored["corpus"]["tagging"]["full"]["f_measure"])
    # The exact permutation test over all 2^8 swaps, apart from the module.
    from itertools import product

    observed = abs(correct_a.sum() - correct_b.sum())
    hits = sum(abs(np.where(swap, correct_b, correct_a).sum()
                   - np.where(swap, correct_a, correct_b).sum()) >= observed
               for swap in (np.array(s) for s in product([False, True], repeat=8)))
    (entry,) = data["significance"]["tagging"]
    assert entry["difference"] == pytest.approx(figures[1] - figures[0])
    assert entry["p"] == pytest.approx(hits / 256, abs=0.02)


def test_markdown_escapes_a_bar_in_a_name() -> None:
    from parsedit.report.compare import _markdown

    assert _markdown([["system", "F"], ["a|b", "90.00"]])[2] == "| a\\|b | 90.00 |"


@pytest.mark.cli
def test_compare_under_yield_align_shows_each_systems_word_error_rate(tmp_path: Path) -> None:
    gold = write_trees(tmp_path / "gold.mrg", [GOLD] * 4)
    same = write_trees(tmp_path / "same.mrg", [PARSE2] * 4)
    heard = write_trees(tmp_path / "heard.mrg",
                        [GOLD.replace("(DT the)", "(DT a)")] * 2 + [GOLD] * 2)
    options = ("--metrics", "parseval", "--yield", "align", "--samples", "100")
    text = run("compare", gold, same, heard, *options)
    assert text.exit_code == 0, text.output
    header = next(line for line in text.stdout.splitlines() if line.startswith("system"))
    assert header.split()[:3] == ["system", "scored", "WER"]
    row = next(line for line in text.stdout.splitlines() if line.startswith("heard"))
    wer = 100 * 2 / (4 * 15)  # two substituted words of 4 x 15
    assert row.split()[2] == f"{wer:.2f}"
    assert "heard: 2 of 4 scored sentences have words that differ" in text.stderr
    data = json.loads(run("compare", gold, same, heard, *options, "--format", "json").stdout)
    assert [s["word_error_rate"] for s in data["systems"]] == [0.0, pytest.approx(wer)]
    tsv = run("compare", gold, same, heard, *options, "--format", "tsv").stdout.splitlines()
    assert tsv[0].endswith("\tword_error_rate") and tsv[2].endswith(f"\t{wer:.4f}")
    plain = run("compare", gold, same, heard, "--metrics", "parseval", "--samples", "100",
                "--format", "json")
    assert "word_error_rate" not in json.loads(plain.stdout)["systems"][0]


@pytest.mark.cli
def test_a_system_scored_on_fewer_sentences_is_not_ranked(tmp_path: Path) -> None:
    # "partial" misses two parses: its figure is over its own four sentences,
    # so it is not ranked beside systems scored on all six (unless
    # --failures count scores the missing parses as parses with nothing).
    gold, paths = systems(tmp_path, good=[GOLD] * 6, moved=[PARSE2] * 6,
                          partial=[GOLD] * 4 + ["", ""])
    data = json.loads(run("compare", gold, *paths, "--samples", "200", "--metrics", "label",
                          "--format", "json").stdout)
    by_name = {s["name"]: s for s in data["systems"]}
    assert by_name["partial"]["ranks"]["label"] is None
    assert [by_name[n]["ranks"]["label"] for n in ("good", "moved")] == [1, 2]
    assert any("partial, scored on fewer than the 6 sentences" in w for w in data["warnings"])
    counted = json.loads(run("compare", gold, *paths, "--samples", "200", "--metrics",
                             "label", "--failures", "count", "--format", "json").stdout)
    ranks = {s["name"]: s["ranks"]["label"] for s in counted["systems"]}
    assert ranks == {"good": 1, "moved": 2, "partial": 3}
