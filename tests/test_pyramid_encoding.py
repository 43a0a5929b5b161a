"""Unit tests of the Pyramid search core's position encoding
(:mod:`printplay.solve.pyramid_encoding`) on small hand-built puzzles: the packed
position, the tables per shape, and what the rank index remembers.  The filing by ranks
is also tested against plain counting in tests/test_pyramid_solver.py."""

from __future__ import annotations

import random

import pytest

from printplay.solve.pyramid_encoding import (
    KING,
    LAST_SHIFT,
    MASK_SHIFT,
    ORDER_BITS,
    OS_MASK,
    RANK_BITS,
    Puzzle,
    RankIndex,
    Tables,
    pack,
    unpack,
)

SMALL = Puzzle(2, (5, 8, 1), (12,), (3, 0, 7, 9), 2, 2)
"""A two-row pyramid (a 5 under an 8 and an ace), a queen in the reserve, and a cycle of
a 3 and a gone card in the waste and a 7 and a 9 in the stock."""


@pytest.mark.parametrize("seed", range(20))
def test_pack_and_unpack_are_inverse(seed: int) -> None:
    rng = random.Random(seed)
    fields = (
        rng.getrandbits(11),
        rng.getrandbits(2),
        rng.getrandbits(6),
        rng.getrandbits(20),
        rng.getrandbits(56),
    )
    assert unpack(pack(*fields)) == fields


def test_the_start_packs_the_cards_left_in_cycle_order() -> None:
    """The gone card takes no bit; the pointer counts the waste cards left; the reserve
    takes the low bits of the mask; the cycle order numbered 0 holds the cards left."""
    t = Tables(SMALL)
    assert t.order_ranks[0] == (3, 7, 9)
    assert unpack(t.start) == (t.start_sid, 0, 1, 0, 0b111 << 1 | 1)
    assert t.geo.shapes[t.start_sid] == 0b111
    empty = Tables(Puzzle(2, (5, 8, 1), (), (0, 0), 0, 2))
    assert unpack(empty.start)[1] == empty.max_pass  # no cycle: no redeal left to make


def test_a_gone_card_still_covered_is_refused() -> None:
    with pytest.raises(ValueError, match="impossible position"):
        Tables(Puzzle(2, (0, 8, 1), (), (3,), 0, 2))


def test_the_goal() -> None:
    """Clear-the-board: the pyramid gone; otherwise every card gone too."""
    board = Tables(Puzzle(2, (5, 8, 1), (), (3,), 0, 2))
    every = Tables(Puzzle(2, (5, 8, 1), (), (3,), 0, 2, clear_board=False))
    empty = board.empty_sid
    assert board.is_goal(pack(empty, 0, 0, 0, 1))
    assert not every.is_goal(pack(empty, 0, 0, 0, 1))
    assert every.is_goal(pack(empty, 0, 0, 0, 0))
    assert not board.is_goal(pack(board.start_sid, 0, 0, 0, 0))


def test_what_a_shape_offers() -> None:
    """The full shape of :data:`SMALL`: the 8 and the ace are free and do not pair; a 5
    takes the 8 and a queen the ace; the 5 lies under the 8, so the counting test wants a
    queen, an 8 and a 5 from outside, and the pyramid takes three removing steps."""
    t = Tables(Puzzle(2, (5, 8, 1), (), (5, 8, 12), 0, 2, clear_board=True))
    forced, _king, pairs, singles, hot, removal, need, counts, slack, matched = t.shape(0)
    after_8 = t.geo.index[0b101]
    after_ace = t.geo.index[0b011]
    assert forced == -1 and pairs == ()
    assert singles[5] == ((after_8, 1),) and singles[12] == ((after_ace, 2),)
    assert hot == 1 << 5 | 1 << 12 | 1 << KING
    assert need == ((12, 1), (8, 1), (5, 1))
    assert removal == 3 and slack == 0
    assert counts[1] == counts[5] == counts[8] == 1 and matched[4] == 0


def test_a_free_king_is_forced() -> None:
    t = Tables(Puzzle(2, (5, KING, 1), (), (3,), 0, 2))
    forced, king, *_rest = t.shape(0)
    assert king == 1 and t.geo.shapes[forced] == 0b101


def test_the_mask_bits_of_each_rank() -> None:
    t = Tables(SMALL)
    masks = RankIndex(t).masks_of(0)
    assert masks[12] == 0b1  # the reserve queen
    assert masks[3] == 0b10 and masks[7] == 0b100 and masks[9] == 0b1000
    assert not any(masks[r] for r in range(14) if r not in (3, 7, 9, 12))


def test_the_ranks_outside_and_the_last_of_each() -> None:
    """``outside_ranks``: the ranks left outside the pyramid and, above ``LAST_SHIFT``, the
    bits holding the last card of a rank; ``fewer_ranks`` finds a child's from its parent's."""
    puzzle = Puzzle(1, (0,), (), (3, 3, 7, 9, 9, 9), 0, 2, clear_board=True)
    index = RankIndex(Tables(puzzle))
    full = index.outside_ranks(0b111111 << ORDER_BITS)
    assert full & RANK_BITS == 1 << 3 | 1 << 7 | 1 << 9
    assert full >> LAST_SHIFT == 0b000100  # the only 7
    rng = random.Random(3)
    for _ in range(50):
        mask = rng.getrandbits(6)
        child = mask & rng.getrandbits(6)
        parent = index.outside_ranks(mask << ORDER_BITS)
        key, after = pack(0, 0, 0, 0, mask), pack(0, 0, 0, 0, child)
        assert index.fewer_ranks(parent, key, after) == index.outside_ranks(child << ORDER_BITS)


@pytest.mark.parametrize("seed", range(10))
def test_filed_after_a_parent_as_afresh(seed: int) -> None:
    """The shortest-line search files a child by its ranks from its parent's filing
    (:meth:`RankIndex.filed_after`); a fresh index filing it alone agrees, and so does
    :meth:`RankIndex.by_ranks` of the packed position."""
    rng = random.Random(seed)
    n = rng.randint(2, 16)
    cycle = tuple(rng.choice((1, 5, 8, 12)) for _ in range(n))
    reserve = (5, 8)
    t = Tables(Puzzle(1, (0,), reserve, cycle, 0, 2, clear_board=True))
    for _ in range(40):
        cyc = rng.getrandbits(n) | 1
        child = cyc & ~(1 << rng.randrange(n))
        res = rng.getrandbits(2)
        at = rng.getrandbits(1) << 6 | rng.choice([p for p in range(n) if child >> p & 1] + [n])
        index = RankIndex(t)
        index.filed(cyc << 2 | 3, 0, 0)
        canon, places = index.rank_cycles[cyc << ORDER_BITS]
        found = index.filed_after(child << 2 | res, 0, at, cyc, canon, places)
        assert found == RankIndex(t).filed(child << 2 | res, 0, at)
        key = pack(0, at >> 6, at & 63, 0, child << 2 | res)
        assert RankIndex(t).by_ranks(key) == (found[0] << MASK_SHIFT | key & OS_MASK, found[1])
