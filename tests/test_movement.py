"""The five-step consecutive-close-bracket correction on run lengths."""

import pytest

from parsedit.metrics.movement import correct


@pytest.mark.paper
def test_roark_example_three_moved_brackets() -> None:
    cost, moves = correct(4.0, [0, 3, 0], [0, 0, 4])
    assert cost == 2.0 and [m.size for m in moves] == [3]


def test_single_brackets_are_not_moves() -> None:
    assert correct(1.0, [1], [1])[0] == 1.0


def test_repeats_until_runs_are_short() -> None:
    # Runs 5 and 2 deleted, 4 and 3 inserted: r = 4 (saves 3), then the
    # leftover runs 2, 1 | 3: r = 2 (saves 1), then 1 | 1: stop.
    cost, moves = correct(7.0, [5, 2], [4, 3])
    assert [m.size for m in moves] == [4, 2]
    assert cost == 7.0 - 3 - 1


def test_never_raises_the_cost() -> None:
    cost, moves = correct(2.0, [2], [2], movement=5.0)
    assert cost == 2.0 and not moves
