"""The Pyramid search core's plain representation of a position, and its tables per deal.

:mod:`printplay.solve.pyramid_solver` turns an engine state into a :class:`Puzzle` (ranks
only, plus the rules in force); the searches (:mod:`printplay.solve.pyramid_search`) work on
positions packed as here and turn their steps back into engine moves.  Nothing in the core
knows the engine.  The parts of the core: this encoding; the moves
(:mod:`~printplay.solve.pyramid_moves`); the tests that prove a position lost
(:mod:`~printplay.solve.pyramid_dead`, on the stock and waste with
:mod:`~printplay.solve.pyramid_cycle`); the lower bound of the shortest-line search
(:mod:`~printplay.solve.pyramid_bound`); and the two searches.

**The pyramid part of a position** is the set of pyramid cards still there.  A card can go
only after every card covering it, so that set is closed upwards: a card still there keeps
every card it covers.  A 7-row pyramid has 1,430 such *shapes* (a 6-row one 429), the
Catalan numbers; they are enumerated once per pyramid size and numbered
(:func:`geometry`), and everything a search needs about a shape in a given deal (free
cards, the pairs among them, the forced king, the lower bound and the counting test) is
computed once per deal (:meth:`Tables.shape`).

**The stock and the waste** are one cycle of cards in a fixed order: the waste from bottom
to top, then the stock from top to bottom.  Draws and redeals never change that order (a
redeal turns the waste over, so its bottom card is on top again); only removals take cards
out.  So the cycle is a bitmask of the cards still in it and a pointer, the position of the
stock top; the waste top is the highest card still there below the pointer.  Under
``reshuffle`` a redeal puts the cards in a new order, which the engine decides: each order
met is numbered (:meth:`Tables.add_order`) and the position records its number.  Reserve
cards are bits of the same mask.  A position packs into one Python integer
(:func:`pack`)::

    ((((order << 56 | mask) << 6 | pointer) << 2 | passes) << 11) | shape

The order sits on top, where it is 0 without ``reshuffle``: a standard deal's positions then
stay below 2**62, which compiled code keeps as plain machine integers (above, each is a
Python object, made anew by every shift and mask).

**By ranks.**  Suits never matter but under ``reshuffle``, so positions with the same shape
and the same ranks in the reserve and, in order, in the waste and the stock have the same
future; :meth:`RankIndex.by_ranks` files a position under one of them.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Final

from printplay.core.verdicts import BudgetExhausted


def ones(bits: int) -> int:
    """How many bits of ``bits`` are set (``int.bit_count``, of which mypyc makes a call
    through Python by the method's name; this is compiled arithmetic on 32 bits at a time,
    a mask or a word of a few dozen bits taking one or two rounds)."""
    if bits < 0:
        bits = -bits
    count = 0
    while bits:
        word = bits & 0xFFFFFFFF
        bits >>= 32
        word -= word >> 1 & 0x55555555
        word = (word & 0x33333333) + (word >> 2 & 0x33333333)
        word = (word + (word >> 4)) & 0x0F0F0F0F
        count += (word * 0x01010101 & 0xFFFFFFFF) >> 24
    return count


KING: Final = 13
UNREACHABLE: Final = 1 << 20
"""A bound meaning no line reaches the goal."""
RANK_BITS: Final = (1 << 14) - 1
LAST_SHIFT: Final = 14
SHAPE_BITS: Final = 11
PASS_SHIFT: Final = SHAPE_BITS
PTR_SHIFT: Final = PASS_SHIFT + 2
MASK_SHIFT: Final = PTR_SHIFT + 6
MASK_BITS: Final = 56
"""The most reserve and cycle cards a position holds."""
ORDER_SHIFT: Final = MASK_SHIFT + MASK_BITS
ORDER_BITS: Final = 20
SHAPE_MASK: Final = (1 << SHAPE_BITS) - 1
MASK_ALL: Final = (1 << MASK_BITS) - 1
ORDER_MASK: Final = (1 << ORDER_BITS) - 1
OS_MASK: Final = ORDER_MASK << ORDER_SHIFT | SHAPE_MASK
"""The bits of a packed position holding its stock order and its shape (a constant above
2**62: compiled code uses :func:`order_shape` and :func:`without_pointer` instead)."""

# Steps of a line, as the searches write them (converted to engine moves by the adapter).
# A step is a tuple: ("king", where), ("pair", where, where), ("draw",), ("redeal",).
# ``where`` is ("t", slot), ("r", reserve index), ("stock",) or ("waste",).
Where = tuple[str, int] | tuple[str]
Step = tuple[object, ...]


def slot_of(row: int, col: int) -> int:
    """The slot of row ``row`` (from 0), card ``col`` (from 0)."""
    return row * (row + 1) // 2 + col


@dataclass(frozen=True)
class Geometry:
    """The covering relation of a pyramid of ``rows`` rows, as bitmasks per slot."""

    rows: int
    size: int
    covered_by: tuple[int, ...]
    """Per slot: the slots lying directly on it."""
    cone: tuple[int, ...]
    """Per slot: every slot lying on it or under it, directly or not (never pairable)."""
    shapes: tuple[int, ...]
    """Every reachable set of remaining slots, full pyramid first."""
    index: dict[int, int]
    free: tuple[int, ...]
    """Per shape: the remaining slots with nothing on them."""
    removals: tuple[tuple[tuple[int, int], ...], ...]
    """Per shape: ``(slot, next shape)`` for each free slot."""
    two_removals: tuple[tuple[tuple[int, int, int], ...], ...]
    """Per shape: ``(slot, slot, next shape)`` for each two free slots."""
    smallest_first: tuple[int, ...]
    """Every shape, the ones with fewest cards first."""


@cache
def geometry(rows: int) -> Geometry:
    """The pyramid of ``rows`` rows: covering masks and every reachable shape."""
    size = rows * (rows + 1) // 2
    cells = [(r, c) for r in range(rows) for c in range(r + 1)]
    covered_by = []
    cone = []
    for r, c in cells:
        cover = 0
        if r + 1 < rows:
            cover = 1 << slot_of(r + 1, c) | 1 << slot_of(r + 1, c + 1)
        covered_by.append(cover)
        mask = 0
        for r2, c2 in cells:
            if r2 > r and c <= c2 <= c + (r2 - r):
                mask |= 1 << slot_of(r2, c2)
            if r2 < r and c - (r - r2) <= c2 <= c:
                mask |= 1 << slot_of(r2, c2)
        cone.append(mask)
    full = (1 << size) - 1
    shapes = [full]
    index = {full: 0}
    frees = []
    at = 0
    while at < len(shapes):
        shape = shapes[at]
        free = 0
        for s in range(size):
            if shape >> s & 1 and not covered_by[s] & shape:
                free |= 1 << s
        frees.append(free)
        bits = free
        while bits:
            bit = bits & -bits
            bits ^= bit
            nxt = shape ^ bit
            if nxt not in index:
                index[nxt] = len(shapes)
                shapes.append(nxt)
        at += 1
    removals = tuple(
        tuple((s, index[shape ^ 1 << s]) for s in range(size) if free >> s & 1)
        for shape, free in zip(shapes, frees, strict=True)
    )
    two_removals = tuple(
        tuple(
            (s, u, index[shape ^ 1 << s ^ 1 << u])
            for (s, _a), (u, _b) in itertools.combinations(moves, 2)
        )
        for shape, moves in zip(shapes, removals, strict=True)
    )
    smallest_first = tuple(sorted(range(len(shapes)), key=lambda i: ones(shapes[i])))
    return Geometry(
        rows,
        size,
        tuple(covered_by),
        tuple(cone),
        tuple(shapes),
        index,
        tuple(frees),
        removals,
        two_removals,
        smallest_first,
    )


@dataclass(frozen=True)
class Puzzle:
    """A position in plain terms: ranks (1-13, 0 where a card is gone) and the rules.

    ``cycle`` is the waste from bottom to top followed by the stock from top to bottom;
    ``pointer`` is the number of waste cards.  ``passes_left`` counts the redeals still
    allowed.  ``reshuffle``, when given, is the engine's new stock order at a redeal: it
    takes the pass number after the redeal and the waste (bottom first, as identifiers of
    :attr:`cycle_ids`) and returns the new stock, top first, as the same identifiers.
    """

    rows: int
    pyramid: tuple[int, ...]
    reserve: tuple[int, ...]
    cycle: tuple[int, ...]
    pointer: int
    passes_left: int
    clear_board: bool = True
    waste_usable: bool = True
    passes_done: int = 0
    cycle_ids: tuple[int, ...] = ()
    """Identifiers of the cycle cards (default: their positions)."""
    reshuffle: Callable[[int, tuple[int, ...]], tuple[int, ...]] | None = field(
        default=None, compare=False
    )

    @property
    def ids(self) -> tuple[int, ...]:
        """The identifiers of the cycle cards."""
        return self.cycle_ids or tuple(range(len(self.cycle)))


def pack(sid: int, passes: int, ptr: int, oid: int, mask: int) -> int:
    """One position as one integer (see the module docstring)."""
    return ((((oid << MASK_BITS | mask) << 6 | ptr) << 2 | passes) << SHAPE_BITS) | sid


Fields = tuple[int, int, int, int, int]
"""A position unpacked: ``(shape, passes, pointer, order, mask)`` (:func:`unpack`)."""


def unpack(key: int) -> Fields:
    """``(shape, passes, pointer, order, mask)`` of a packed position."""
    return (
        key & SHAPE_MASK,
        key >> PASS_SHIFT & 3,
        key >> PTR_SHIFT & 63,
        key >> ORDER_SHIFT & ORDER_MASK,
        key >> MASK_SHIFT & MASK_ALL,
    )


def order_shape(key: int) -> int:
    """The stock order and the shape of a packed position as ``order << SHAPE_BITS |
    shape``."""
    return key >> ORDER_SHIFT << SHAPE_BITS | key & SHAPE_MASK


def without_pointer(key: int, mask: int) -> int:
    """The packed position with the shape and the stock order of ``key``, the mask
    ``mask``, and the pointer and passes 0 (``mask << MASK_SHIFT | key & OS_MASK``)."""
    return (key >> ORDER_SHIFT << MASK_BITS | mask) << MASK_SHIFT | key & SHAPE_MASK


def mask_order(key: int) -> int:
    """The mask and the stock order of a packed position as ``mask << ORDER_BITS | order``
    (the key of :attr:`RankIndex.outside`)."""
    return (key >> MASK_SHIFT & MASK_ALL) << ORDER_BITS | key >> ORDER_SHIFT & ORDER_MASK


Singles = tuple[tuple[tuple[int, int], ...], ...]
"""Per rank ``z``, the free pyramid cards pairing with a card of rank ``z``, ``(next shape,
slot)`` (:data:`ShapeInfo`)."""

ShapeInfo = tuple[
    int,
    int,
    tuple[tuple[int, int, int], ...],
    Singles,
    int,
    int,
    tuple[tuple[int, int], ...],
    tuple[int, ...],
    int,
    tuple[int, ...],
]
"""What a search needs about one shape in one deal: the shape after its free king (-1 if
none) and the king's slot; the free pyramid pairs ``(next shape, slot, slot)``; per rank
``z`` the free cards pairing with a card of rank ``z`` ``(next shape, slot)``; the ranks
with such a card, as a bitmask (kings always set); the lower bound on the steps removing
pyramid cards (:func:`relaxed_removals`); the cards of each rank needed from outside the
pyramid ``(rank, count)`` by the counting test; the pyramid cards left by rank; the
*slack*: how many pyramid cards beyond that need must take a partner from outside, as the
removal bound shows (see :mod:`printplay.solve.pyramid_bound`); per pair of ranks ``(a, 13
- a)`` (``a`` from 1 to 6) the size of a maximum matching of the pyramid cards of the two
ranks that can pair with each other."""


class Tables:
    """Everything the searches look up about a puzzle, computed when first needed."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        geo = geometry(puzzle.rows)
        self.geo = geo
        self.ranks = puzzle.pyramid
        self.nres = len(puzzle.reserve)
        self.res_ranks = puzzle.reserve
        self.max_pass = puzzle.passes_done + puzzle.passes_left
        self.clear_board = puzzle.clear_board
        self.waste_usable = puzzle.waste_usable
        start_shape = sum(1 << s for s in range(geo.size) if self.ranks[s])
        if self.nres + len(puzzle.cycle) > MASK_BITS:
            raise ValueError(f"more than {MASK_BITS} cards outside the pyramid")
        if start_shape not in geo.index:
            raise ValueError("impossible position: a pyramid card is gone but still covered")
        self.start_sid = geo.index[start_shape]
        outside = 0
        for rank in (*puzzle.cycle, *puzzle.reserve):
            outside |= 1 << rank
        self.removal_bound = relaxed_removals(geo, self.ranks, start_shape, outside)
        self.empty_sid = geo.index[0]
        self.info: list[ShapeInfo | None] = [None] * len(geo.shapes)
        self.sides = [
            (
                [s for s in range(geo.size) if self.ranks[s] == a],
                [s for s in range(geo.size) if self.ranks[s] == 13 - a],
            )
            for a in range(1, 7)
        ]
        self.rank_slots = tuple(
            sum(1 << s for s in range(geo.size) if self.ranks[s] == r) for r in range(14)
        )
        """Per rank: the slots holding a card of that rank, as bits."""
        self.matchings: dict[tuple[int, int, int], int] = {}
        # The cycle orders met (only one without reshuffle).
        self.orders: list[tuple[int, ...]] = []
        self.order_ranks: list[tuple[int, ...]] = []
        self.rank_pos: list[tuple[int, ...]] = []
        """Per order and rank: the positions holding a card of that rank."""
        self.order_index: dict[tuple[int, ...], int] = {}
        self.id_rank = dict(zip(puzzle.ids, puzzle.cycle, strict=True))
        self.redeal_orders: dict[tuple[int, int, int], tuple[int, int]] = {}
        self.add_order(tuple(i for i, r in zip(puzzle.ids, puzzle.cycle, strict=True) if r))
        self.start = self.start_position()
        """The puzzle's position, packed."""

    def start_position(self) -> int:
        """The puzzle's position, packed (its stock order the first, numbered 0)."""
        puzzle = self.puzzle
        positions = {i: p for p, i in enumerate(self.orders[0])}
        cycle_mask = 0
        for i, r in zip(puzzle.ids, puzzle.cycle, strict=True):
            if r:
                cycle_mask |= 1 << positions[i]
        ptr = sum(1 for r in puzzle.cycle[: puzzle.pointer] if r)
        res = sum(1 << i for i, r in enumerate(puzzle.reserve) if r)
        passes = puzzle.passes_done if cycle_mask else self.max_pass
        return pack(self.start_sid, passes, ptr, 0, res | cycle_mask << self.nres)

    def is_goal(self, key: int) -> bool:
        """Whether ``key`` is won."""
        if key & SHAPE_MASK != self.empty_sid:
            return False
        return self.clear_board or not key >> MASK_SHIFT & MASK_ALL

    def add_order(self, ids: tuple[int, ...]) -> int:
        """The number of the cycle order ``ids`` (identifiers, first card first)."""
        found = self.order_index.get(ids)
        if found is not None:
            return found
        if len(self.orders) > ORDER_MASK:
            raise BudgetExhausted("too many stock orders", 0)
        self.order_index[ids] = len(self.orders)
        self.orders.append(ids)
        ranks = tuple(self.id_rank[i] for i in ids)
        self.order_ranks.append(ranks)
        pos = [0] * 14
        for p, r in enumerate(ranks):
            pos[r] |= 1 << p
        self.rank_pos.append(tuple(pos))
        return len(self.orders) - 1

    def shape(self, sid: int) -> ShapeInfo:
        """The :data:`ShapeInfo` of shape ``sid`` (computed on first use)."""
        found = self.info[sid]
        if found is not None:
            return found
        geo = self.geo
        ranks = self.ranks
        index = geo.index
        shape = geo.shapes[sid]
        free = geo.free[sid]
        slots = []
        bits = free
        while bits:
            low = bits & -bits
            bits ^= low
            slots.append(low.bit_length() - 1)
        forced = forced_slot = -1
        for s in slots:
            if ranks[s] == KING:
                forced, forced_slot = index[shape ^ 1 << s], s
                break
        pairs = []
        singles: list[list[tuple[int, int]]] = [[] for _ in range(14)]
        hot = 1 << KING
        for i, s in enumerate(slots):
            rank = ranks[s]
            if rank == KING:
                continue
            singles[13 - rank].append((index[shape ^ 1 << s], s))
            hot |= 1 << (13 - rank)
            for u in slots[i + 1 :]:
                if ranks[u] + rank == 13:
                    pairs.append((index[shape ^ 1 << s ^ 1 << u], s, u))
        counts = [ones(shape & cards) for cards in self.rank_slots]
        h = counts[KING]
        need = []
        matched = []
        for c, (side_a, side_b) in enumerate(self.sides):
            in_a = shape & self.rank_slots[c + 1]
            in_b = shape & self.rank_slots[12 - c]
            m = self.matchings.get((c, in_a, in_b))
            if m is None:
                m = _matching(
                    [s for s in side_a if in_a >> s & 1],
                    [s for s in side_b if in_b >> s & 1],
                    geo.cone,
                )
                self.matchings[(c, in_a, in_b)] = m
            matched.append(m)
            na, nb = ones(in_a), ones(in_b)
            h += na + nb - m
            if na > m:
                need.append((13 - (c + 1), na - m))
            if nb > m:
                need.append((c + 1, nb - m))
        # each step removes two pyramid cards or one, so every pyramid card that takes a
        # partner from outside beyond the counting test's need is half a step above ``h``
        removal = self.removal_bound[sid]
        slack = 2 * (removal - h) if removal < UNREACHABLE else 0
        info: ShapeInfo = (
            forced,
            forced_slot,
            tuple(pairs),
            tuple(tuple(x) for x in singles),
            hot,
            removal,
            tuple(need),
            tuple(counts),
            slack,
            tuple(matched),
        )
        self.info[sid] = info
        return info


def relaxed_removals(geo: Geometry, ranks: Sequence[int], start: int, outside: int) -> list[int]:
    """Per shape (a subset of ``start``): the fewest steps that clear it when a partner from
    outside the pyramid is at hand whenever wanted, for every rank in the bitmask
    ``outside``; ``UNREACHABLE`` for a shape that cannot be cleared that way (or is not a
    subset of ``start``).  This relaxes only the outside cards, so it bounds the steps
    removing pyramid cards in any real line."""
    steps = [UNREACHABLE] * len(geo.shapes)
    shapes, removals, two_removals = geo.shapes, geo.removals, geo.two_removals
    alone = outside | 1  # a king (13 - 13 = 0) goes alone
    partner = [alone >> (13 - r) & 1 if r else 0 for r in ranks]
    for sid in geo.smallest_first:
        if shapes[sid] & ~start:
            continue
        moves = removals[sid]
        if not moves:
            steps[sid] = 0
            continue
        best = UNREACHABLE
        for s, nxt in moves:
            if partner[s] and steps[nxt] < best:
                best = steps[nxt]
        for s, u, nxt in two_removals[sid]:
            if ranks[s] + ranks[u] == 13 and steps[nxt] < best:
                best = steps[nxt]
        if best < UNREACHABLE:
            steps[sid] = best + 1
    return steps


def _matching(side_a: list[int], side_b: list[int], cone: Sequence[int]) -> int:
    """The size of a maximum matching between ``side_a`` and ``side_b`` (at most 4 each),
    two cards compatible when neither lies on or under the other."""
    best = 0
    n = len(side_b)

    def extend(i: int, used: int, size: int) -> None:
        nonlocal best
        if size + len(side_a) - i <= best:
            return
        if i == len(side_a):
            best = size
            return
        a = side_a[i]
        for j in range(n):
            if not used >> j & 1 and not cone[a] >> side_b[j] & 1:
                extend(i + 1, used | 1 << j, size + 1)
        extend(i + 1, used, size)

    extend(0, 0, 0)
    return best


class RankIndex:
    """What the searches look up about the ranks of the cards outside the pyramid: per stock
    order, the bits of the mask holding each rank; per mask, the ranks left outside; and
    each position filed by its ranks (:meth:`by_ranks`); remembered."""

    def __init__(self, t: Tables) -> None:
        self.t = t
        self.rank_cycles: dict[int, tuple[int, tuple[int, ...]]] = {}
        """Per cycle and stock order: :meth:`by_ranks`'s cycle and its positions (then
        the length of the cycle, the pointer when the stock is empty)."""
        self.reserve_ranks = self._reserve_ranks(t.res_ranks)
        """Per mask of reserve cards: :meth:`_reserve_ranks`."""
        self.rank_masks: list[tuple[int, ...]] = []
        """Per stock order: :meth:`masks_of`."""
        self.bit_ranks: list[tuple[int, ...]] = []
        """Per stock order: the rank of each bit of the mask."""
        self.outside: dict[int, int] = {}
        """Per mask and stock order: :meth:`outside_ranks`."""

    @staticmethod
    def _reserve_ranks(reserve: Sequence[int]) -> tuple[int, ...]:
        """Per mask of reserve cards: the mask holding the same ranks that keeps, of each
        rank, the first cards of the reserve."""
        out = []
        for mask in range(1 << len(reserve)):
            canon = 0
            for r in set(reserve):
                slots = [i for i, x in enumerate(reserve) if x == r]
                for i in slots[: sum(1 for j in slots if mask >> j & 1)]:
                    canon |= 1 << i
            out.append(canon)
        return tuple(out)

    def by_ranks(self, key: int) -> tuple[int, int]:
        """``key`` as the verdict search files it: a position standing for every position
        with the same shape and the same ranks in the reserve, the waste and the stock
        (suits never matter without ``reshuffle``), without its pointer, and its ``passes
        << 6 | pointer``.

        The cycle cards left are a sequence of ranks in a fixed order; among the masks of
        the cycle holding that sequence, the one taken is its embedding as far up the
        cycle as it goes (the last card on the last place of its rank, and so on down),
        and its pointer is that embedding's place of the stock top (:meth:`filed`)."""
        mask, at = self.filed(
            key >> MASK_SHIFT & MASK_ALL,
            key >> ORDER_SHIFT & ORDER_MASK,
            (key >> PASS_SHIFT & 3) << 6 | key >> PTR_SHIFT & 63,
        )
        return without_pointer(key, mask), at

    def filed(self, mask: int, oid: int, at: int) -> tuple[int, int]:
        """The mask and the ``passes << 6 | pointer`` of :meth:`by_ranks` for a position's
        mask, stock order and ``passes << 6 | pointer``."""
        nres = self.t.nres
        cyc = mask >> nres
        found = self.rank_cycles.get(cyc << ORDER_BITS | oid)
        if found is None:
            found = self.rank_cycle(cyc, oid)
        canon, places = found
        cptr = places[ones(cyc & ((1 << (at & 63)) - 1))]
        return canon << nres | self.reserve_ranks[mask & ((1 << nres) - 1)], at & ~63 | cptr

    def filed_after(
        self, mask: int, oid: int, at: int, cyc: int, canon: int, places: tuple[int, ...]
    ) -> tuple[int, int]:
        """:meth:`filed` of a position after one whose cycle cards ``cyc`` are in the same
        stock order (``canon`` and ``places``: its :attr:`rank_cycles`), found from those
        (:meth:`cycle_after`) when not known."""
        nres = self.t.nres
        ccyc = mask >> nres
        found = self.rank_cycles.get(ccyc << ORDER_BITS | oid)
        if found is None:
            found = self.cycle_after(oid, cyc, canon, places, ccyc)
        ccanon, cplaces = found
        cptr = cplaces[ones(ccyc & ((1 << (at & 63)) - 1))]
        return ccanon << nres | self.reserve_ranks[mask & ((1 << nres) - 1)], at & ~63 | cptr

    def rank_cycle(self, cyc: int, oid: int) -> tuple[int, tuple[int, ...]]:
        """The cycle of :meth:`by_ranks` of the cycle cards ``cyc`` of stock order ``oid``,
        and per card of ``cyc`` (from the lowest) its place there, then the length of the
        cycle (the pointer when the stock is empty); remembered in :attr:`rank_cycles`."""
        ranks = self.t.order_ranks[oid]
        pos = self.t.rank_pos[oid]
        canon = 0
        down: list[int] = []
        room = (1 << len(ranks)) - 1
        bits = cyc
        while bits:
            p = bits.bit_length() - 1
            bits ^= 1 << p
            q = (pos[ranks[p]] & room).bit_length() - 1
            canon |= 1 << q
            down.append(q)
            room = (1 << q) - 1
        down.reverse()
        down.append(len(ranks))
        found = self.rank_cycles[cyc << ORDER_BITS | oid] = (canon, tuple(down))
        return found

    def cycle_after(
        self, oid: int, cyc: int, canon: int, places: tuple[int, ...], child: int
    ) -> tuple[int, tuple[int, ...]]:
        """:meth:`by_ranks`'s cycle and positions of cycle ``child``, a subset of ``cyc``
        (whose are ``canon`` and ``places``), remembered: the cards above the highest
        card gone keep their places, and below it the embedding is redone downwards only
        until a card below every card gone falls on its old place (then so do the rest)."""
        ranks = self.t.order_ranks[oid]
        pos = self.t.rank_pos[oid]
        gone = cyc ^ child
        high = 1 << gone.bit_length()
        top = ones(cyc & (high - 1)) - 1
        low = ones(cyc & ((gone & -gone) - 1))
        above = places[top + 1]
        room = (1 << above) - 1
        out = canon >> above << above
        bits = child & (high - 1)
        new: list[int] = []
        rest: tuple[int, ...] = ()
        while bits:
            p = bits.bit_length() - 1
            bits ^= 1 << p
            q = (pos[ranks[p]] & room).bit_length() - 1
            k = ones(cyc & ((1 << p) - 1))
            if k < low and q == places[k]:
                out |= canon & ((1 << q + 1) - 1)
                rest = places[: k + 1]
                break
            out |= 1 << q
            new.append(q)
            room = (1 << q) - 1
        new.reverse()
        found = self.rank_cycles[child << ORDER_BITS | oid] = (
            out,
            rest + tuple(new) + places[top + 1 :],
        )
        return found

    def masks_of(self, oid: int) -> tuple[int, ...]:
        """Per rank: the bits of the mask (reserve and cycle) holding a card of that rank."""
        t = self.t
        while len(self.rank_masks) <= oid:
            pos = t.rank_pos[len(self.rank_masks)]
            masks = [p << t.nres for p in pos]
            for i, r in enumerate(t.res_ranks):
                if r:
                    masks[r] |= 1 << i
            self.rank_masks.append(tuple(masks))
            self.bit_ranks.append(t.res_ranks + t.order_ranks[len(self.bit_ranks)])
        return self.rank_masks[oid]

    def fewer_ranks(self, outside: int, key: int, child: int) -> int:
        """:meth:`outside_ranks` of ``child``, a position after ``key``, whose
        :meth:`outside_ranks` is ``outside``: only the cards gone from the mask can change
        it."""
        oid = child >> ORDER_SHIFT & ORDER_MASK
        if oid != key >> ORDER_SHIFT & ORDER_MASK:
            at = mask_order(child)
            found = self.outside.get(at)
            return self.outside_ranks(at) if found is None else found
        masks = self.masks_of(oid)
        ranks = self.bit_ranks[oid]
        mask = child >> MASK_SHIFT & MASK_ALL
        gone = (key >> MASK_SHIFT & MASK_ALL) ^ mask
        left = outside & RANK_BITS
        last = outside >> LAST_SHIFT & mask
        while gone:
            low = gone & -gone
            gone ^= low
            z = ranks[low.bit_length() - 1]
            here = mask & masks[z]
            if not here:
                left &= ~(1 << z)
            elif not here & (here - 1):
                last |= here
        return last << LAST_SHIFT | left

    def outside_ranks(self, at: int) -> int:
        """The ranks (as bits) with a card in the mask and stock order ``at`` (``mask <<
        ORDER_BITS | order``) and, shifted by ``LAST_SHIFT``, the bits of the mask holding
        the last card of its rank; remembered in :attr:`outside`."""
        masks = self.masks_of(at & ORDER_MASK)
        mask = at >> ORDER_BITS
        outside = 0
        last = 0
        for z in range(1, KING):
            here = mask & masks[z]
            if here:
                outside |= 1 << z
                if not here & (here - 1):
                    last |= here
        found = self.outside[at] = last << LAST_SHIFT | outside
        return found
