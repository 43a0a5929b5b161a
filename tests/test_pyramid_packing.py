"""The packed positions of the Pyramid search core stay machine-sized where they can
(:mod:`printplay.solve.pyramid_encoding`): compiled with mypyc, an integer below 2**62 is a
plain machine word and one above it a Python object made anew by every shift and mask, so
a standard deal's positions, the A*'s entries and the tables' keys must stay below it.  The
stock order, 0 without ``reshuffle``, sits above the mask for that."""

from __future__ import annotations

import random

import pytest

from printplay.core.deal import numbered_deal
from printplay.games.pyramid import Pyramid, PyramidOptions
from printplay.solve.pyramid_encoding import (
    MASK_BITS,
    MASK_SHIFT,
    ORDER_BITS,
    OS_MASK,
    SHAPE_BITS,
    Puzzle,
    Tables,
    mask_order,
    order_shape,
    pack,
    unpack,
    without_pointer,
)
from printplay.solve.pyramid_search import Searcher, ShortestLine
from printplay.solve.pyramid_solver import encode
from printplay.solve.toolkit import Clock

SHORT = 1 << 62
"""mypyc's machine-sized integers are those below this."""


def test_the_largest_positions_without_reshuffle_are_machine_sized() -> None:
    """Every field at its largest, the order 0: a seven-row deal (24 cards outside the
    pyramid) and its A* entries (``(position << 8 | g) << 8 | draws``), and a six-row deal
    with the reserve (31 cards)."""
    seven = pack((1 << SHAPE_BITS) - 1, 3, 63, 0, (1 << 24) - 1)
    assert seven < SHORT
    assert (seven << 8 | 255) << 8 | 255 < SHORT
    assert pack((1 << SHAPE_BITS) - 1, 3, 63, 0, (1 << 31) - 1) < SHORT


@pytest.mark.parametrize("seed", range(20))
def test_the_helpers_read_the_fields_as_the_masks_do(seed: int) -> None:
    rng = random.Random(seed)
    sid, passes, ptr = rng.getrandbits(11), rng.getrandbits(2), rng.getrandbits(6)
    oid, mask, other = rng.getrandbits(ORDER_BITS), rng.getrandbits(56), rng.getrandbits(56)
    key = pack(sid, passes, ptr, oid, mask)
    assert unpack(key) == (sid, passes, ptr, oid, mask)
    assert order_shape(key) == oid << SHAPE_BITS | sid
    assert mask_order(key) == mask << ORDER_BITS | oid
    assert without_pointer(key, other) == other << MASK_SHIFT | key & OS_MASK
    assert without_pointer(key, other) == pack(sid, 0, 0, oid, other)


def test_more_cards_outside_the_pyramid_than_a_mask_holds_are_refused() -> None:
    with pytest.raises(ValueError, match="cards outside the pyramid"):
        Tables(Puzzle(1, (5,), (), (3,) * (MASK_BITS + 1), 0, 2))


def test_a_standard_search_keeps_its_positions_and_keys_machine_sized() -> None:
    """Both searches on a standard deal: every position and table key they keep."""
    game = Pyramid(PyramidOptions())
    state = game.initial_state(numbered_deal(game.deck(), 1))
    searcher = Searcher(encode(state).puzzle, Clock(None))
    steps = searcher.decide()
    assert steps is not None
    line = ShortestLine(searcher, len(steps))
    assert line.run() is not None
    tests = searcher.tests
    kept = [
        *searcher.lost,
        *searcher.lost_ranks,
        *line.best,
        *line.best.values(),
        *line.seen,
        *(entry for rows in line.buckets.values() for row in rows for entry in row),
        *tests.reduce_memo,
        *tests.rank_memo,
        *tests.need_bits,
        *searcher.index.outside,
    ]
    assert len(line.best) > 100
    assert max(kept) < SHORT
