"""Unit tests of the lower bound of the Pyramid shortest-line search
(:mod:`printplay.solve.pyramid_bound`) on small hand-built puzzles, each bound the length
of the shortest line (worked out by hand in the docstrings).  The bound against the
kit's breadth-first search on random positions, and its parts (the room in the waste,
the partners that can be free): tests/test_pyramid_solver.py."""

from __future__ import annotations

import pytest

from printplay.solve.pyramid_bound import Bound, leaving_price
from printplay.solve.pyramid_encoding import KING, UNREACHABLE, Puzzle, RankIndex, Tables


def bound_of(puzzle: Puzzle) -> int:
    """The bound at ``puzzle``'s position."""
    t = Tables(puzzle)
    return Bound(t, RankIndex(t)).bound(t.start)


def test_the_price_of_a_card_leaving() -> None:
    """Free within the need of its rank, then its row's price, and a whole step (two half
    steps) once every pyramid card of the partner rank has taken one."""
    row = [0, 1, 1, 2, 2]
    used = [0] * 14
    assert [leaving_price(row, used, 5, 3) for _ in range(4)] == [0, 1, 1, 2]
    assert used[5] == 3


@pytest.mark.parametrize(
    ("cycle", "pointer", "passes_left", "expected"),
    [
        # the ace is the stock top: one pair
        ((1,), 0, 2, 1),
        # the 2 must be drawn first
        ((2, 1), 0, 2, 2),
        # the ace is the waste top
        ((1,), 1, 2, 1),
        # the ace lies under a 2 in the waste, which nothing takes: only a redeal brings it
        # back, as the stock top
        ((1, 2), 2, 2, 2),
        # ... and with no redeal left, never
        ((1, 2), 2, 0, UNREACHABLE),
    ],
)
def test_a_queen_and_its_ace(
    cycle: tuple[int, ...], pointer: int, passes_left: int, expected: int
) -> None:
    """A queen alone in the pyramid: one removing step, and the steps that bring an ace
    into play."""
    found = bound_of(Puzzle(1, (12,), (), cycle, pointer, passes_left))
    assert min(found, UNREACHABLE) == expected


@pytest.mark.parametrize("passes_left", [0, 2])
def test_a_card_dug_out_of_the_waste(passes_left: int) -> None:
    """The ace lies under a jack in the waste, and the queen under a 2 and a king: the king
    goes, the 2 takes the jack as the waste top, the queen the ace; three steps, no redeal
    wanted."""
    assert bound_of(Puzzle(2, (12, 2, KING), (), (1, 11), 2, passes_left)) == 3


def test_every_card_must_go() -> None:
    """The standard goal: the queen and the ace, and the 5 and the 8 outside, take at least
    two pairs."""
    assert bound_of(Puzzle(1, (12,), (), (1, 5, 8), 0, 2, clear_board=False)) == 2
