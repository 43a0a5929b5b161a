"""Bitmasks and packed rank counts shared by the solvers of the waste-building games.

TriPeaks and Ricochet play a card onto a waste card one rank away, from a layout whose
cards are freed as the cards covering them go.  Their solvers share the same encoding:

* **Layout bitmasks.**  A position's gone slots are one integer (bit ``s`` for slot
  ``s``); a slot is free when every slot covering it is gone (:func:`cover_masks`,
  :func:`layout_masks`).
* **Packed counts.**  Cards counted by rank in 8-bit fields of one integer (field ``r``
  for rank ``r``; with wrap, field 0 repeats the kings and field 14 the aces, so that
  shifting by one field reaches a rank's neighbours).  The counting test compares all
  ranks at once with guard bits: every card still to play needs a place one rank away.
* **Regions.**  Where some cards can never go directly onto one another (Ricochet's
  walls), a count holds one region of 16 fields per such group of slots and a last one
  for all cards, so that one comparison tests every group at once (:class:`Regions`).

>>> rank_unit(13, wrap=True) == (1 << 8 * 13) + 1
True
>>> next_to(1, 13, wrap=True), next_to(1, 13, wrap=False), next_to(0, 7, wrap=False)
(True, False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from printplay.core.layout import Layout

GUARD = sum(0x80 << 8 * field for field in range(15))
"""A guard bit above each of the 15 rank fields (0 to 14)."""
GUARD_RANKS = sum(0x80 << 8 * rank for rank in range(1, 14))
"""Guard bits of the real ranks' fields (1 to 13)."""
GUARD_PAIRS = sum(0x80 << 8 * rank for rank in range(1, 12))
"""Guard bits of the fields of rank pairs ``r``, ``r + 2`` (1 to 11)."""
ONES_RANKS = sum(1 << 8 * rank for rank in range(1, 14))
"""One in every real rank's field: what a joker adds to a count of places."""
REGION_BITS = 128
"""The width of one region of a regional count: 16 fields of 8 bits."""


def next_to(a: int, b: int, wrap: bool) -> bool:
    """Whether ranks ``a`` and ``b`` are one apart (0 is a joker, next to everything)."""
    if a == 0 or b == 0:
        return True
    gap = abs(a - b)
    return gap == 1 or (wrap and gap == 12)


@cache
def neighbour_ranks(wrap: bool) -> tuple[tuple[int, ...], ...]:
    """Per rank 0-13, the ranks one away from it (:func:`next_to`), worked out once.

    >>> neighbour_ranks(True)[13], neighbour_ranks(False)[13]
    ((0, 1, 12), (0, 12))
    """
    return tuple(
        tuple(other for other in range(14) if next_to(other, rank, wrap)) for rank in range(14)
    )


def rank_unit(rank: int, wrap: bool) -> int:
    """What one card of ``rank`` adds to a packed count (0 for a joker or no card)."""
    if rank == 0:
        return 0
    return (
        (1 << 8 * rank)
        + (1 if wrap and rank == 13 else 0)
        + (1 << 8 * 14 if wrap and rank == 1 else 0)
    )


def places(cards: int, jokers: int = 0) -> tuple[int, int]:
    """The places that cards outside the layout offer, from their packed count ``cards``
    and ``jokers`` (each joker, or each card a search may leave, counts for every rank):
    per rank ``r``, how many cards one of rank ``r`` could go onto; and per rank ``r``,
    how many cards one of rank ``r`` or ``r + 2`` could go onto."""
    single = (cards << 8) + (cards >> 8) + jokers * ONES_RANKS
    return single, single + (cards >> 24)


RUNS = 4
"""The longest run of ranks two apart the runs test (:func:`run_places`) looks at."""
RUN_GUARD = sum(0x80 << REGION_BITS * run + 8 * field for run in range(RUNS) for field in range(16))
"""A guard bit above every field of every run's region."""
RUN_CHECK = sum(
    0x80 << REGION_BITS * (length - 1) + 8 * rank
    for length in range(1, RUNS + 1)
    for rank in range(1, 16 - 2 * length)
)
"""The guard bits the runs test reads: in the region of runs of ``L`` cards, the fields of
the runs ``r, r + 2, ..., r + 2L - 2`` within the real ranks 1 to 13."""
RUN_ONES = sum(1 << REGION_BITS * run + 8 * rank for run in range(RUNS) for rank in range(1, 14))
"""One in every real rank's field of every region: what a joker adds to the places."""


def run_places(cards: int) -> int:
    """The places that cards of packed count ``cards`` offer to runs of ranks two apart: in
    region ``L - 1``, field ``r`` counts the cards of ranks ``r - 1, r + 1, ..., r + 2L - 1``
    (what a card of rank ``r, r + 2, ..., r + 2L - 2`` could go onto)."""
    total = 0
    ranks = cards << 8
    for length in range(1, RUNS + 1):
        ranks += cards >> 16 * length - 8
        total += ranks << REGION_BITS * (length - 1)
    return total


def run_need(cards: int) -> int:
    """How many cards of packed count ``cards`` each run of ranks two apart holds: in region
    ``L - 1``, field ``r`` counts the cards of ranks ``r, r + 2, ..., r + 2L - 2``."""
    total = 0
    ranks = 0
    for length in range(1, RUNS + 1):
        ranks += cards >> 16 * (length - 1)
        total += ranks << REGION_BITS * (length - 1)
    return total


@cache
def run_unit(rank: int, wrap: bool) -> tuple[int, int]:
    """What one card of ``rank`` adds to the places of a runs supply (a joker: one place
    in every field) and to a layout's runs slack (places less need; 0 for a joker, which
    the test leaves out)."""
    unit = rank_unit(rank, wrap)
    if rank == 0:
        return RUN_ONES, 0
    return run_places(unit), run_places(unit) - run_need(unit)


def runs_short(supply: int, slack: int) -> bool:
    """The runs test (Hall's condition on runs of ranks two apart): whether the layout cards
    of some run ``r, r + 2, ..., r + 2L - 2`` (``L`` up to :data:`RUNS`) outnumber the places
    of ranks ``r - 1, r + 1, ..., r + 2L - 1`` among the layout, the waste top and the stock.

    ``supply`` is the places outside the layout with :data:`RUN_GUARD` added (see
    :attr:`~printplay.solve.playdraw.Encoded.run_supply`), ``slack`` the layout's places less
    its need (:func:`run_places` less :func:`run_need` of its count: linear in the count, so
    a search carries it as it plays, like the count).  Every field of ``supply + slack`` is
    the places of its run less its cards, plus the guard bit: it keeps the bit exactly when
    there are enough places.  With runs of one and two cards this is :meth:`Regions.short`
    without groups; longer runs make it stronger.

    >>> four, five, six, seven = (1 << 8 * rank for rank in (4, 5, 6, 7))
    >>> layout = lambda count: run_places(count) - run_need(count)
    >>> runs_short(run_places(0) + RUN_GUARD, layout(five))  # one five, nothing to go onto
    True
    >>> runs_short(run_places(four) + RUN_GUARD, layout(five))
    False
    >>> runs_short(run_places(0) + RUN_GUARD, layout(five + seven + six))
    True
    >>> runs_short(run_places(four) + RUN_GUARD, layout(five + seven + six))
    False
    """
    return (supply + slack) & RUN_CHECK != RUN_CHECK


class Regions:
    """Packed counts in regions, and the counting test on them (Hall's condition).

    ``groups`` are masks of slots whose cards never go directly onto one another (a card
    put on another card of the layout follows it at once, and the game forbids that within
    a group).  A count has one region per group, counting that group's cards, and a last
    one counting every card; with no groups it is a plain packed count.  A supply (see
    :meth:`supply`) gives the places outside the layout: per region, how many cards one of
    rank ``r`` could go onto; and in all, how many one of rank ``r`` or ``r + 2`` could.

    >>> four, five, six = (1 << 8 * rank for rank in (4, 5, 6))
    >>> plain, wall = Regions(()), Regions((0b111,))
    >>> plain.short(plain.supply(four), 2 * five + six)  # a four and a six for two fives
    False
    >>> counts = wall.count(0, five) + wall.count(1, five) + wall.count(2, six)
    >>> wall.short(wall.supply(four), counts)  # but not a six of their own group
    True
    """

    def __init__(self, groups: Sequence[int]) -> None:
        self.groups = tuple(groups)
        self.all_shift = REGION_BITS * len(self.groups)
        """Where the last region (every card) starts."""
        regions = len(self.groups) + 1
        self.repeat = sum(1 << REGION_BITS * region for region in range(regions))
        """One in the lowest field of every region: a count times this is in every region."""
        self.outside = self.repeat + (1 << self.all_shift)
        """``total * outside - counts`` gives per group the cards outside it, and in the
        last region every card again."""
        self.guards = sum(0x80 << 8 * field for field in range(16 * regions))
        self.guard_ranks = sum(
            0x80 << REGION_BITS * region + 8 * rank
            for region in range(regions)
            for rank in range(1, 14)
        )

    def count(self, slot: int, unit: int) -> int:
        """What a card of packed count ``unit`` in ``slot`` adds to a regional count."""
        if not self.groups:
            return unit
        regions = (region for region, group in enumerate(self.groups) if group >> slot & 1)
        return sum(unit << REGION_BITS * region for region in regions) + (unit << self.all_shift)

    def supply(self, cards: int, jokers: int = 0, layout_jokers: int = 0) -> tuple[int, int]:
        """The places outside the layout, for :meth:`short`: ``cards`` (a packed count),
        ``jokers`` (each joker, or each card a search may leave, counts for every rank) and
        the jokers of the layout in the slots of mask ``layout_jokers`` (in a group's region
        only those outside the group count: a card may not go onto one of its group)."""
        single, pair = places(cards, jokers)
        extra = ONES_RANKS * layout_jokers.bit_count()
        regions = (
            single + ONES_RANKS * (layout_jokers & ~group).bit_count() << REGION_BITS * region
            for region, group in enumerate(self.groups)
        )
        return sum(regions) + (single + extra << self.all_shift), pair + extra

    def short(self, supply: tuple[int, int], counts: int) -> bool:
        """Whether some rank (or pair of ranks two apart) has more cards left than places
        to go, among all cards or in some group.  The searches write this test out (search
        for "Regions.short, written out")."""
        single_all, pair = supply
        total = counts >> self.all_shift
        outside = total * self.outside - counts
        spread = (total << 8) + (total >> 8)
        return ((single_all + (outside << 8) + (outside >> 8)) | self.guards) - counts & (
            self.guard_ranks
        ) != self.guard_ranks or ((pair + spread + (total >> 24)) | GUARD) - total - (
            total >> 16
        ) & GUARD_PAIRS != GUARD_PAIRS


def cover_masks(layout: Layout) -> tuple[tuple[int, ...], tuple[tuple[tuple[int, int], ...], ...]]:
    """Per slot of ``layout``: the mask of the slots covering it; and the ``(bit, need)`` of
    each slot it lies on (removing it may free them: ``bit`` when all of ``need`` is gone)."""
    need = tuple(sum(1 << c for c in slot.covered_by) for slot in layout.slots)
    uncovers = tuple(tuple((1 << c, need[c]) for c in slot.covers) for slot in layout.slots)
    return need, uncovers


def layout_masks(cards: Sequence[object | None], need: Sequence[int]) -> tuple[int, int]:
    """The masks of the gone slots (``None`` in ``cards``) and of the free ones.

    Raises :class:`ValueError` for a position no play can reach: a gone slot still covered.
    """
    mask = sum(1 << slot for slot, card in enumerate(cards) if card is None)
    for slot in range(len(cards)):
        if mask >> slot & 1 and need[slot] & ~mask:
            raise ValueError(f"impossible position: slot {slot} is empty but still covered")
    free = sum(
        1 << slot
        for slot in range(len(cards))
        if not mask >> slot & 1 and mask & need[slot] == need[slot]
    )
    return mask, free


__all__ = [
    "GUARD",
    "GUARD_PAIRS",
    "GUARD_RANKS",
    "ONES_RANKS",
    "REGION_BITS",
    "RUNS",
    "RUN_CHECK",
    "RUN_GUARD",
    "RUN_ONES",
    "Regions",
    "cover_masks",
    "layout_masks",
    "neighbour_ranks",
    "next_to",
    "places",
    "rank_unit",
    "run_need",
    "run_places",
    "run_unit",
    "runs_short",
]
