"""Unit tests of the Pyramid search core's tests that prove a position lost
(:mod:`printplay.solve.pyramid_dead`), each on a small hand-built puzzle where it decides
and a neighbour where it does not.  Against plain searches on random positions:
tests/test_pyramid_solver.py."""

from __future__ import annotations

import pytest

from printplay.solve import pyramid_dead
from printplay.solve.pyramid_dead import DeadTests
from printplay.solve.pyramid_encoding import KING, MASK_SHIFT, Puzzle, RankIndex, Tables, unpack


def checks_of(puzzle: Puzzle) -> tuple[DeadTests, int]:
    """The dead-position tests of ``puzzle``, and its packed start."""
    t = Tables(puzzle)
    return DeadTests(t, RankIndex(t)), t.start


def test_the_counting_test() -> None:
    """The two 9s lie on the 4, so none pairs with it: the 9s want two 4s from outside."""
    tests, start = checks_of(Puzzle(2, (4, 9, 9), (), (4, 9), 0, 2))
    (bits4, k4), (bits9, k9) = sorted(tests.needs(start), key=lambda need: -need[1])
    assert (k4, k9) == (2, 1)
    assert tests.index.masks_of(0)[4] == bits4 and tests.index.masks_of(0)[9] == bits9
    assert tests.dead(start)
    enough, start = checks_of(Puzzle(2, (4, 9, 9), (), (4, 4, 9), 0, 2))
    assert not enough.dead(start)


LOCKED = (KING, 9, 10, 3, KING, 4)
"""The top three rows of a pyramid whose pairs (9, 4) and (10, 3) lock each other: the 9
waits for the 3 to go, the 3 for the 10, the 10 for the 4, the 4 for the 9."""


def test_a_locked_pyramid_is_stuck() -> None:
    tests, start = checks_of(Puzzle(3, LOCKED, (), (1, 12), 0, 2))
    assert not tests.needs(start)  # (the counting test finds no need)
    assert tests.stuck(start, start >> MASK_SHIFT)
    assert tests.dead(start)
    # a 9 from outside takes the 4, and a 4 the 9 once the 10 and the 3 have paired
    freed, start = checks_of(Puzzle(3, LOCKED, (), (1, 12, 9, 4), 0, 2))
    assert not freed.stuck(start, start >> MASK_SHIFT)


TOO_FEW = (12, 12, 3, 10, KING, 1)
"""The queen on the second row pairs with the ace below (neither covers the other), but
only once the 3 has gone with the 10, which waits for the ace: the ace must go with a
queen from outside, and both pyramid queens with aces from outside."""


def test_too_few_partners() -> None:
    """One ace outside: enough for the counting test (one queen can pair inside) and for
    the stuck test (any number of aces), not for the pyramid taken apart with each outside
    card used once."""
    tests, start = checks_of(Puzzle(3, TOO_FEW, (), (1, 12), 0, 2))
    sid, _passes, _ptr, oid, mask = unpack(start)
    assert all((mask & bits).bit_count() >= k for bits, k in tests.needs(start))
    assert not tests.stuck(start, mask)
    assert tests.short_of_partners(sid, oid, mask)
    assert tests.dead(start)
    enough, start = checks_of(Puzzle(3, TOO_FEW, (), (1, 1, 12), 0, 2))
    sid, _passes, _ptr, oid, mask = unpack(start)
    assert not enough.short_of_partners(sid, oid, mask)


def test_too_few_partners_gives_up_past_its_allowance(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past :data:`LIMITED_WORK` new shapes a test, the answer is "not dead"."""
    monkeypatch.setattr(pyramid_dead, "LIMITED_WORK", 0)
    tests, start = checks_of(Puzzle(3, TOO_FEW, (), (1, 12), 0, 2))
    sid, _passes, _ptr, oid, mask = unpack(start)
    assert not tests.short_of_partners(sid, oid, mask)


def test_a_cycle_card_without_a_partner() -> None:
    """Every card must go: in ``5 5 8`` the 8 takes one 5 as its neighbour, and the other 5
    has no partner left anywhere; a reserve 8 takes it."""
    tests, start = checks_of(Puzzle(1, (0,), (), (5, 5, 8), 0, 2, clear_board=False))
    assert tests.cycle_dead(start)
    assert tests.dead(start)
    reserve, start = checks_of(Puzzle(1, (0,), (8,), (5, 5, 8), 0, 2, clear_board=False))
    assert not reserve.cycle_dead(start)


def test_cards_that_never_pair_with_each_other() -> None:
    """With the waste off limits, the stock and waste cards never pair with each other:
    a 5 and an 8 there need an 8 and a 5 from elsewhere (:meth:`DeadTests.unmatched`)."""
    off = {"clear_board": False, "waste_usable": False}
    tests, start = checks_of(Puzzle(1, (0,), (), (5, 8), 0, 2, **off))
    sid, _passes, _ptr, oid, mask = unpack(start)
    info = tests.t.shape(sid)
    assert tests.unmatched(info, oid, mask, mask)
    assert tests.cycle_dead(start)
    paired, start = checks_of(Puzzle(1, (8,), (), (5,), 0, 2, **off))
    sid, _passes, _ptr, oid, mask = unpack(start)
    assert not paired.unmatched(paired.t.shape(sid), oid, mask, mask)
