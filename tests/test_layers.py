"""The test layers' own machinery (tests/conftest.py): the quick run's share
of a property test's examples, and that Hypothesis then tries exactly that
many."""

from __future__ import annotations

from conftest import FULL_EXAMPLES, quick_examples, run_a_share
from hypothesis import given, settings
from hypothesis import strategies as st


def test_the_quick_run_tries_a_fifth_and_never_fewer_than_ten() -> None:
    counts = (1, 8, 10, 30, 50, 51, 100, 300, 1000)
    assert [quick_examples(n) for n in counts] == [1, 8, 10, 10, 10, 11, 20, 60, 200]


def test_hypothesis_tries_the_share_it_is_given() -> None:
    tried: list[int] = []

    @settings(max_examples=300, database=None)
    @given(st.integers())
    def draw(n: int) -> None:
        tried.append(n)

    run_a_share(draw)
    run_a_share(draw)  # as for each item of a parametrised test: once
    draw()
    assert FULL_EXAMPLES[draw] == 300
    assert len(tried) == 60
