"""``compare``'s statistics: intervals that agree with the tests, the exact
permutation test, Bikel's recall and precision tests, the sign convention,
numbers that never read ``-0.00``, and Kendall's tau over the ranked systems.

Every oracle here is written plainly in the test (loops over every swap,
sums of plain numbers), apart from :mod:`parsedit.metrics.significance`."""

from __future__ import annotations

import json
import math
from itertools import product
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import run, write_trees
from hypothesis import given, settings
from hypothesis import strategies as st
from roark_trees import GOLD, PARSE2, PARSE3

from parsedit.config import Config
from parsedit.metrics.parseval import Parseval
from parsedit.metrics.registry import build
from parsedit.metrics.significance import (
    holm,
    kendall_tau,
    permutation_null,
    randomization_null,
    stopping_level,
)

F = Parseval().from_terms
RECALL, PRECISION = (part.figure for part in Parseval().parts().values())
# A fourth tree: gold with the PP "at the store" missing its bracket (one
# gold bracket fewer matched, one test bracket fewer).
FLAT_PP = GOLD.replace("(PP (IN at) (NP (DT the) (NN store)))", "(IN at) (NP (DT the) (NN store))")


def exact_p(a: list[tuple[int, int, int]], b: list[tuple[int, int, int]],
            figure: str, one_sided: bool = False) -> float:
    """The exact paired permutation test, plainly: every way of swapping
    sentences between the systems, each system's figure from its summed
    (matched, gold, test) counts; the share of swaps whose difference b - a
    is at least as extreme as the observed one (two-sided, or one-sided in
    its direction as Bikel's compare.pl counts)."""
    def value(counts: list[tuple[int, int, int]]) -> float:
        matched = sum(c[0] for c in counts)
        gold = sum(c[1] for c in counts)
        test = sum(c[2] for c in counts)
        return {"f": 200 * matched / (gold + test), "recall": 100 * matched / gold,
                "precision": 100 * matched / test}[figure]

    observed = value(b) - value(a)
    hits = 0
    for swaps in product([False, True], repeat=len(a)):
        first = [y if s else x for x, y, s in zip(a, b, swaps)]
        second = [x if s else y for x, y, s in zip(a, b, swaps)]
        d = value(second) - value(first)
        if one_sided:
            hits += d >= observed - 1e-9 if observed >= 0 else d <= observed + 1e-9
        else:
            hits += abs(d) >= abs(observed) - 1e-9
    p: float = hits / 2 ** len(a)
    return p


def terms(counts: list[tuple[int, int, int]]) -> np.ndarray:
    return np.array(counts, dtype=float)


def monte_carlo_error(p: float, samples: int) -> float:
    """Four standard errors of a sampled p-value, and the +1's bias."""
    return 4 * math.sqrt(p * (1 - p) / samples) + 1 / (samples + 1)


# -- the exact permutation test ----------------------------------------------

A = [(8, 11, 12), (5, 11, 8), (11, 11, 11), (7, 11, 9), (9, 11, 11), (6, 11, 10)]
B = [(11, 11, 11), (8, 11, 12), (9, 11, 10), (5, 11, 8), (11, 11, 11), (8, 11, 12)]


def test_the_enumeration_is_the_exact_test_and_the_randomisation_approximates_it() -> None:
    null = permutation_null([(0, F)], [([terms(A)], [terms(B)])])
    exact = exact_p(A, B, "f")
    assert float(null.p(plus_one=False)[0, 0]) == pytest.approx(exact, abs=1e-12)
    assert null.rounds[0, 0] == 2 ** len(A)
    for seed in (1, 2, 3):
        sampled = randomization_null([(0, F)], [([terms(A)], [terms(B)])], 20000, seed)
        assert abs(float(sampled.p()[0, 0]) - exact) <= monte_carlo_error(exact, 20000)


@settings(max_examples=30)
@given(st.data())
def test_the_randomisation_is_within_monte_carlo_error_of_the_exact_test(
        data: st.DataObject) -> None:
    n = data.draw(st.integers(1, 9))
    counts = st.tuples(st.integers(0, 6), st.integers(6, 9), st.integers(1, 9)).map(
        lambda c: (min(c[0], c[1], c[2]), c[1], c[2]))
    a = data.draw(st.lists(counts, min_size=n, max_size=n))
    b = data.draw(st.lists(counts, min_size=n, max_size=n))
    exact = exact_p(a, b, "f")
    found = permutation_null([(0, F)], [([terms(a)], [terms(b)])]).p(plus_one=False)
    assert float(found[0, 0]) == pytest.approx(exact, abs=1e-12)
    sampled = randomization_null([(0, F)], [([terms(a)], [terms(b)])], 4000,
                                 data.draw(st.integers(0, 2**32 - 1)))
    assert abs(float(sampled.p()[0, 0]) - exact) <= monte_carlo_error(exact, 4000)


def systems(tmp_path: Path, **outputs: list[str]) -> tuple[str, list[str]]:
    n = len(next(iter(outputs.values())))
    gold = write_trees(tmp_path / "gold.mrg", [GOLD] * n)
    return gold, [write_trees(tmp_path / f"{name}.mrg", trees)
                  for name, trees in outputs.items()]


def sentence_counts(gold: str, path: str) -> list[tuple[int, int, int]]:
    """(matched, gold, test) of each sentence, as ``score`` gives them."""
    data = json.loads(run("score", gold, path, "--metrics", "parseval", "--format",
                          "json").stdout)
    return [(s["parseval"]["matched"], s["parseval"]["gold"], s["parseval"]["test"])
            for s in data["sentences"]]


def compared(*args: str) -> dict[str, Any]:
    result = run("compare", *args, "--format", "json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


@pytest.mark.cli
def test_compare_gives_the_exact_p_over_twenty_sentences_or_fewer(tmp_path: Path) -> None:
    first = [GOLD, PARSE2, PARSE3, FLAT_PP, PARSE2, GOLD, PARSE3, PARSE2]
    second = [PARSE3, PARSE2, GOLD, GOLD, PARSE3, PARSE2, FLAT_PP, PARSE3]
    gold, paths = systems(tmp_path, first=first, second=second)
    data = compared(gold, *paths, "--metrics", "parseval", "--samples", "20000")
    (entry,) = data["significance"]["parseval"]
    a, b = sentence_counts(gold, paths[0]), sentence_counts(gold, paths[1])
    exact = exact_p(a, b, "f")
    assert entry["p_exact"] == pytest.approx(exact, abs=1e-12)
    assert abs(entry["p"] - exact) <= monte_carlo_error(exact, 20000)
    assert "p_exact" in data["significance_method"]
    text = run("compare", gold, *paths, "--metrics", "parseval", "--samples", "2000",
               "--baseline", "first").stdout
    assert "p exact" in text and f"{exact:.4f}" in text
    # Over 21 sentences: no exact test (2^21 swaps), p_exact null.
    gold, paths = systems(tmp_path, first=first * 3, second=second * 3)
    (entry,) = compared(gold, *paths, "--metrics", "parseval", "--samples", "200")[
        "significance"]["parseval"]
    assert entry["sentences"] == 24 and entry["p_exact"] is None


# -- intervals that agree with the tests -------------------------------------

def disagreements(data: dict[str, Any]) -> int:
    """Pairs whose interval excludes 0 while the test is not significant, or
    the reverse; and each metric's intervals checked to be at the level where
    Holm's procedure stopped."""
    out = 0
    alpha = data["alpha"]
    for pairs in data["significance"].values():
        p_holm = [pair["p_holm"] for pair in pairs if pair["p_holm"] is not None]
        k = sum(p < alpha for p in p_holm)
        level = 1 - (alpha / (len(p_holm) - k) if k < len(p_holm) else alpha)
        for pair in pairs:
            if pair["difference"] is None:
                continue
            assert pair["confidence"] == pytest.approx(level)
            low, high = pair["interval"]
            assert low <= pair["difference"] <= high
            out += (low > 0 or high < 0) != pair["significant"]
            assert pair["significant"] == (pair["p_holm"] < alpha)
    return out


METRICS = ("--metrics", "parseval,label,span,rule,la")


@pytest.mark.cli
@pytest.mark.slow
def test_every_interval_agrees_with_its_test_on_real_parsers(shared: Path) -> None:
    kummerfeld = shared / "kummerfeld"
    parsers = sorted(str(p) for p in kummerfeld.glob("*.mrg") if p.name != "wsj01.mrg")
    sequoia = shared / "sequoia"
    students = sorted(str(p) for p in sequoia.glob("*.mrg") if p.name != "gold.mrg")
    runs = [(str(kummerfeld / "wsj01.mrg"), parsers, ()),
            (str(sequoia / "gold.mrg"), students, ()),
            (str(sequoia / "gold.mrg"), students, ("--failures", "count")),
            (str(sequoia / "gold.mrg"), students, ("--baseline", "AntGro")),
            (str(sequoia / "gold.mrg"), students, ("--paired", "bs", "--samples", "3000")),
            (str(kummerfeld / "wsj01.mrg"), parsers, ("--paired", "bs"))]
    tested = significant = 0
    for gold, paths, options in runs:
        data = compared(gold, *paths, *METRICS, "-q", *options)
        assert disagreements(data) == 0, options
        tested += sum(len(pairs) for pairs in data["significance"].values())
        significant += sum(p["significant"] for pairs in data["significance"].values()
                           for p in pairs)
    # 78 x 5 Kummerfeld tests twice, 15 x 5 Sequoia tests three times, 5 x 5
    assert tested == 2 * 390 + 3 * 75 + 25
    assert 0 < significant < tested  # both verdicts occur
    # Kummerfeld: 10 sentences, 78 tests a metric: nothing survives Holm, and
    # nothing excludes 0 (20 of 78 PARSEVAL bootstrap intervals did).
    data = compared(str(kummerfeld / "wsj01.mrg"), *parsers, *METRICS, "-q")
    pairs = data["significance"]["parseval"]
    assert not any(p["significant"] for p in pairs)
    assert all(p["interval"][0] <= 0 <= p["interval"][1] for p in pairs)
    assert all(p["confidence"] == pytest.approx(1 - 0.05 / 78) for p in pairs)
    assert any("only 10 sentences (fewer than 30)" in w for w in data["warnings"])
    # Sequoia's rank agreement is over the four ranked systems (0.333 over all six).
    sequoia_data = compared(str(sequoia / "gold.mrg"), *students, *METRICS, "-q")
    taus = {(t["a"], t["b"]): t for t in sequoia_data["rank_agreement"]}
    assert taus["parseval", "label"]["kendall_tau"] == pytest.approx(2 / 3)
    assert taus["parseval", "label"]["systems"] == 4


@pytest.mark.cli
def test_too_few_samples_for_the_level_say_so_and_agree(shared: Path) -> None:
    kummerfeld = shared / "kummerfeld"
    parsers = sorted(str(p) for p in kummerfeld.glob("*.mrg") if p.name != "wsj01.mrg")
    data = compared(str(kummerfeld / "wsj01.mrg"), *parsers, "--metrics", "parseval",
                    "--samples", "1000", "-q")
    assert disagreements(data) == 0
    assert any("with 1000 samples no p-value can fall below alpha / 78" in w
               and "--samples 1560 or more" in w for w in data["warnings"])


@settings(max_examples=40)
@given(st.data())
def test_intervals_agree_with_holm_anywhere(data: st.DataObject) -> None:
    # Random systems, random levels: after Holm, every interval excludes 0
    # exactly when its test is significant.
    n = data.draw(st.integers(1, 40))
    pairs = data.draw(st.integers(1, 8))
    alpha = data.draw(st.sampled_from([0.01, 0.05, 0.2, 0.5]))
    samples = data.draw(st.integers(20, 600))
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    shift = data.draw(st.sampled_from([0, 1, 3]))

    def system(bonus: int) -> np.ndarray:
        gold = rng.integers(3, 12, n)
        matched = np.minimum(rng.integers(0, 10, n) + bonus, gold)
        return np.column_stack([matched, gold, rng.integers(3, 12, n)]).astype(float)

    made = [([system(0)], [system(shift * (k % 2))]) for k in range(pairs)]
    keep = min(samples, math.ceil(alpha * (samples + 1)) + 1)
    null = randomization_null([(0, F)], made, samples, 7, keep)
    p = [float(x) for x in null.p()[:, 0]]
    p_holm = holm(p)
    gamma = stopping_level(p_holm, alpha)
    for row in range(pairs):
        observed = float(null.observed[row, 0])
        if observed != observed:
            continue
        verdict = p_holm[row] < alpha
        width = null.half_width(row, 0, gamma, verdict)
        assert width is not None  # every round has a figure here
        low, high = observed - width, observed + width
        assert (low > 0 or high < 0) == verdict
        # the verdict is Holm's: p below the level where it stopped
        assert verdict == (p[row] < gamma)


# -- Bikel's recall and precision --------------------------------------------

def test_bikel_recall_and_precision_by_hand() -> None:
    # Three sentences, 10 gold brackets each; (matched, gold, test).
    a = [(5, 10, 10), (5, 10, 10), (5, 10, 10)]
    b = [(7, 10, 8), (5, 10, 10), (6, 10, 12)]
    # Recall b - a: 18/30 - 15/30 = +10 points.  Sentence 2 is the same in
    # both, so its swap changes nothing; of the four swaps of sentences 1
    # and 3 only none reaches +10 (swap 1: -3.33, swap 3: +3.33, both: -10):
    # one-sided p = 2/8.  Precision b - a: 18/30 - 15/30 = +10 too; swapping
    # sentence 3 gives 17/28 - 16/32 = +10.71, which reaches it: p = 4/8.
    assert exact_p(a, b, "recall", one_sided=True) == 2 / 8
    assert exact_p(a, b, "precision", one_sided=True) == 4 / 8
    pair = [([terms(a)], [terms(b)])]
    enumerated = permutation_null([(0, RECALL), (0, PRECISION)], pair)
    assert list(enumerated.directed[0] / enumerated.rounds[0]) == [2 / 8, 4 / 8]
    assert list(enumerated.observed[0]) == pytest.approx([10.0, 10.0])
    sampled = randomization_null([(0, RECALL), (0, PRECISION)], pair, 20000, 3)
    for found, exact in zip(sampled.p_directed()[0], (0.25, 0.5)):
        assert abs(float(found) - exact) <= monte_carlo_error(exact, 20000)


@pytest.mark.cli
def test_compare_reports_recall_and_precision_beside_f(tmp_path: Path) -> None:
    first = [GOLD, PARSE2, PARSE3, FLAT_PP, PARSE2, GOLD, PARSE3]
    second = [PARSE3, PARSE2, GOLD, GOLD, FLAT_PP, PARSE2, PARSE3]
    gold, paths = systems(tmp_path, first=first, second=second)
    data = compared(gold, *paths, "--metrics", "parseval,label", "--samples", "20000")
    (entry,) = data["significance"]["parseval"]
    a, b = sentence_counts(gold, paths[0]), sentence_counts(gold, paths[1])
    scored = [json.loads(run("score", gold, path, "--metrics", "parseval", "--format",
                             "json").stdout)["corpus"]["parseval"] for path in paths]
    for name in ("recall", "precision"):
        part = entry["parts"][name]
        assert part["difference"] == pytest.approx(scored[1][name] - scored[0][name])
        exact = exact_p(a, b, name, one_sided=True)
        assert abs(part["p"] - exact) <= monte_carlo_error(exact, 20000)
        assert part["p_holm"] == pytest.approx(part["p"])  # one test in the family
    assert "parts" not in data["significance"]["label"][0]
    assert "compare.pl" in data["significance_method"]["parts"]
    text = run("compare", gold, *paths, "--metrics", "parseval", "--samples", "500").stdout
    assert "PARSEVAL recall and PARSEVAL precision, as Bikel's compare.pl" in text
    baseline = run("compare", gold, *paths, "--metrics", "parseval", "--samples", "500",
                   "--baseline", "first").stdout
    assert "PARSEVAL recall minus first" in baseline


def test_parseval_terms_give_f_recall_and_precision_as_score_does() -> None:
    metric = Parseval()
    assert set(metric.parts()) == {"recall", "precision"}
    sums = np.array([[16.0, 22.0, 20.0]])
    assert float(metric.from_terms(sums)[0]) == 200 * 16 / 42
    assert float(RECALL(sums)[0]) == 100 * 16 / 22
    assert float(PRECISION(sums)[0]) == 100 * 16 / 20


def test_a_metric_without_parts_has_none() -> None:
    assert build(Config.from_options("label"))["label"].parts() == {}


# -- the sign convention and -0.00 -------------------------------------------

@pytest.mark.cli
def test_differences_are_system_minus_baseline_everywhere(tmp_path: Path) -> None:
    gold, paths = systems(tmp_path, moved=[PARSE2] * 6, good=[GOLD] * 6)
    data = compared(gold, *paths, "--metrics", "label", "--samples", "500")
    (entry,) = data["significance"]["label"]
    figures = {s["name"]: s["figures"]["label"] for s in data["systems"]}
    assert (entry["a"], entry["b"]) == ("moved", "good")
    assert entry["difference"] == pytest.approx(figures["good"] - figures["moved"])
    assert entry["difference"] > 0
    assert "b - a" in data["significance_method"]["difference"]
    low, high = entry["interval"]
    assert low <= entry["difference"] <= high
    text = run("compare", gold, *paths, "--metrics", "label", "--samples", "500",
               "--baseline", "moved").stdout
    # the baseline table's row (the main table's comes first)
    row = [line for line in text.splitlines() if line.startswith("good ")][-1]
    assert row.split()[1] == f"+{entry['difference']:.2f}"
    assert f"[+{low:.2f}, +{high:.2f}]" in row
    # All pairs: a row per pair, b - a as in JSON.
    text = run("compare", gold, *paths, "--metrics", "label", "--samples", "500").stdout
    (cells,) = [line.split() for line in text.splitlines() if line.startswith("moved  good")]
    assert cells[:5] == ["moved", "good", f"+{entry['difference']:.2f}", f"[+{low:.2f},",
                       f"+{high:.2f}]"]
    # The matrix: row good (2) is better than column moved (1).
    matrix = [line.split() for line in text.splitlines() if line[:2] in ("1 ", "2 ")]
    assert matrix == [["1", "moved", "<"], ["2", "good", ">"]]


@pytest.mark.cli
def test_never_a_negative_zero(tmp_path: Path) -> None:
    from parsedit.report.compare import _number

    assert [_number(x) for x in (-0.0, -0.004, 0.004, -0.006)] == ["0.00", "0.00", "0.00",
                                                                   "-0.01"]
    assert [_number(x, True) for x in (-0.0, -0.004, 0.004, 0.006)] == ["0.00", "0.00", "0.00",
                                                                        "+0.01"]
    # 1000 sentences, one bracket fewer in one of them: b - a is about -0.005
    # of a point, which two decimals round to zero.
    gold = write_trees(tmp_path / "gold.mrg", [GOLD] * 1000)
    a = write_trees(tmp_path / "a.mrg", [GOLD] * 1000)
    b = write_trees(tmp_path / "b.mrg", [GOLD] * 999 + [FLAT_PP])
    options = ("--metrics", "parseval", "--samples", "200")
    data = compared(gold, a, b, *options)
    (entry,) = data["significance"]["parseval"]
    assert -0.005 < entry["difference"] < 0
    for fmt in ("text", "markdown", "latex"):
        for mode in ((), ("--baseline", "a")):
            out = run("compare", gold, a, b, *options, "--format", fmt, *mode).stdout
            assert "-0.00" not in out and "+0.00" not in out, (fmt, mode)
    text = run("compare", gold, a, b, *options, "--baseline", "a").stdout
    # the main table, the F table against a, the recall-and-precision table
    row = [line for line in text.splitlines() if line.startswith("b ")][1]
    assert row.split()[1] == "0.00"
    # JSON: no negative zero either
    for pair in data["significance"]["parseval"]:
        for value in (pair["difference"], *pair["interval"]):
            assert value != 0 or math.copysign(1, value) > 0


# -- Kendall's tau over the ranked systems -----------------------------------

@pytest.mark.cli
def test_tau_is_over_the_systems_the_table_ranks(tmp_path: Path) -> None:
    # partial skips a sentence: not ranked, and so not in the rank agreement.
    gold, paths = systems(tmp_path, good=[GOLD] * 6, moved=[PARSE2] * 6,
                          shallow=[PARSE3] * 6, partial=[PARSE2] * 5 + [""])
    data = compared(gold, *paths, "--metrics", "parseval,label", "--samples", "100")
    (agreement,) = data["rank_agreement"]
    assert agreement["systems"] == 3
    ranked = [s for s in data["systems"] if s["ranks"]["parseval"] is not None]
    assert [s["name"] for s in ranked] == ["good", "moved", "shallow"]
    assert agreement["kendall_tau"] == pytest.approx(1 / 3)
    every = kendall_tau([s["figures"]["parseval"] for s in data["systems"]],
                        [s["figures"]["label"] for s in data["systems"]])
    assert every != pytest.approx(1 / 3)  # over all four systems it would differ
    text = run("compare", gold, *paths, "--metrics", "parseval,label", "--samples",
               "100").stdout
    assert "Kendall's tau-b over the 3 systems ranked" in text
