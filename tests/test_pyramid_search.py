"""Unit tests of the searches of the Pyramid search core (:mod:`printplay.solve.pyramid_search`)
on tiny puzzles: the comparison of positions by pointer, the A* queue, and both searches'
lines.  The searches on real deals: tests/test_pyramid_solver.py."""

from __future__ import annotations

from printplay.solve.pyramid_encoding import Puzzle
from printplay.solve.pyramid_search import Searcher, ShortestLine, dominated, draws_between
from printplay.solve.toolkit import Clock

FOUR = 0b1111
"""Four cycle cards left."""


def test_draws_between_two_pointers() -> None:
    """``passes << 6 | pointer``: the cards drawn on the way, and a step per redeal."""
    assert draws_between(FOUR, 0 << 6 | 1, 0 << 6 | 3) == 2
    # draw 2 and 3, redeal, draw 0
    assert draws_between(FOUR, 0 << 6 | 2, 1 << 6 | 1) == 4
    # draw 2 and 3, redeal, draw all four, redeal
    assert draws_between(FOUR, 0 << 6 | 2, 2 << 6 | 0) == 8
    # a gone card is not drawn
    assert draws_between(0b1011, 0 << 6 | 0, 0 << 6 | 4) == 3


def test_a_position_kept_makes_a_later_one_useless() -> None:
    """Kept: pointer 1 reached in 3 steps.  The same pointer in 3 steps is no better only
    when not strict; pointer 3 (two draws on) in 5 steps is no better, in 4 it is."""
    kept = [1 << 8 | 3]
    assert not dominated(kept, FOUR, 0, 1, 3, True)
    assert dominated(kept, FOUR, 0, 1, 3, False)
    assert dominated(kept, FOUR, 0, 3, 5, True)
    assert not dominated(kept, FOUR, 0, 3, 4, True)
    # the mask's low bits are the reserve's: two reserve cards, the same cycle
    assert dominated(kept, FOUR << 2 | 0b11, 2, 3, 5, True)
    assert not dominated(kept, FOUR, 0, 0, 9, True)  # an earlier pointer is never covered


QUEEN = Puzzle(1, (12,), (), (2, 1), 0, 2)
"""A queen, and an ace under a 2 on the stock."""


def test_the_queue_gives_the_least_h_first() -> None:
    run = ShortestLine(Searcher(QUEEN, Clock(None)), 10)
    for h, entry in ((3, 111), (1, 222), (3, 333)):
        run.push(5, h, entry)
    assert [run.pop(5) for _ in range(4)] == [(222, 1), (333, 3), (111, 3), (-1, 0)]
    assert 5 not in run.buckets
    assert run.pop(6) == (-1, 0)


def test_both_searches_on_a_tiny_puzzle() -> None:
    """Draw the 2, then the ace, now the stock top, goes with the queen."""
    line = [("draw",), ("pair", ("t", 0), ("stock",))]
    searcher = Searcher(QUEEN, Clock(None))
    assert searcher.decide() == line
    assert searcher.shortest() == line
    assert searcher.states > 0
    lost = Searcher(Puzzle(1, (12,), (), (2, 3), 0, 2), Clock(None))
    assert lost.decide() is None
    assert lost.shortest() is None
