"""Unit tests of the moves of the Pyramid search core (:mod:`printplay.solve.pyramid_moves`)
on small random puzzles: every macro step is draws and redeals then one step, written out
by :meth:`Moves.line`."""

from __future__ import annotations

import random

import pytest

from printplay.solve.pyramid_encoding import KING, Puzzle, Step, Tables, unpack
from printplay.solve.pyramid_moves import Moves


def random_puzzle(rng: random.Random) -> Puzzle:
    """A three-row pyramid of a few ranks, a short cycle split into waste and stock, now
    and then a reserve, reshuffle-free."""
    ranks = (1, 12, 5, 8, KING, 3, 10)
    cycle = tuple(rng.choice(ranks) for _ in range(rng.randint(1, 7)))
    return Puzzle(
        3,
        tuple(rng.choice(ranks) for _ in range(6)),
        tuple(rng.choice(ranks) for _ in range(rng.choice((0, 0, 2)))),
        cycle,
        rng.randint(0, len(cycle)),
        rng.randint(0, 2),
        clear_board=rng.random() < 0.5,
        waste_usable=rng.random() < 0.8,
    )


def replay(moves: Moves, key: int, steps: list[Step]) -> int:
    """The position ``steps`` lead to from ``key``, step by step."""
    for step in steps:
        key = next(after for after, made in moves.successors(key) if made == step)
    return key


@pytest.mark.parametrize("seed", range(40))
def test_a_macro_step_is_draws_then_a_step(seed: int) -> None:
    """Each position :meth:`Moves.expand` lists after ``d`` draws and redeals is one step
    (:meth:`Moves.successors`) from where those draws lead (:meth:`Moves.walk`); and a
    line through them is written out step by step (:meth:`Moves.line`)."""
    rng = random.Random(seed)
    moves = Moves(Tables(random_puzzle(rng)))
    key = moves.t.start
    for _ in range(4):
        children, later = moves.expand(key)
        assert later == -1
        for child, draws in children:
            steps, at = moves.walk(key, draws)
            assert all(step[0] in ("draw", "redeal") for step in steps)
            assert child in [after for after, _step in moves.successors(at)]
        if not children:
            break
        child, draws = rng.choice(children)
        line = moves.line([key, child])
        assert len(line) <= draws + 1  # (the fewest draws to a step reaching the child)
        assert replay(moves, key, line) == child
        key = child


@pytest.mark.parametrize("seed", range(20))
def test_the_removals_come_in_parts(seed: int) -> None:
    """Listed in parts (after ``lo`` to ``hi`` draws, as the shortest-line search asks),
    the removals are the same, and the first part says where the next begins."""
    rng = random.Random(seed)
    moves = Moves(Tables(random_puzzle(rng)))
    key = moves.t.start
    whole = sorted(moves.expand(key)[0])
    first, later = moves.expand(key, lo=0, hi=1)
    assert all(draws <= 1 for _child, draws in first)
    if later < 0:
        assert sorted(first) == whole
        return
    rest, _ = moves.expand(key, lo=later)
    assert sorted(first + rest) == whole


def test_a_free_pyramid_king_goes_at_once() -> None:
    t = Tables(Puzzle(2, (5, KING, 1), (), (8, 12), 0, 2))
    children, _later = Moves(t).expand(t.start)
    assert children == [(t.start & ~2047 | t.geo.index[0b101], 0)]


def test_a_redeal_turns_the_waste_over() -> None:
    """The stock empty, a redeal puts the pointer at the first card left, the next pass."""
    t = Tables(Puzzle(1, (12,), (), (3, 7, 9), 3, 2))
    moves = Moves(t)
    _sid, passes, ptr, oid, mask = unpack(t.start)
    assert ptr == 3
    after = moves.redeal(passes, ptr, oid, mask)
    assert unpack(after)[1:] == (passes + 1, 0, oid, mask)
