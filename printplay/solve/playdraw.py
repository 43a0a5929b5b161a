"""The solver core of the play-or-draw games (TriPeaks, Ricochet): encoding and verdicts.

In both games a move plays an open layout card one rank away from the waste top onto the
waste, or turns the next stock card onto it; a card is open once the cards lying on it are
gone.  A game gives the core its :class:`Rules`: the layout (which slots cover which) and
what may follow what.  Ricochet's ball is such a rule: after a card from some walls the next
must come from a wall sharing none of them (:attr:`Rules.follow`), and cards of one wall can
never go directly onto one another (its ``groups``, for the counting test).  TriPeaks
has no such rule: anything open may follow anything.

The solver knows every card, face-down ones too (perfect information).  Every line it
returns is replayed through the game's engine (:func:`decide`, via
:func:`~printplay.solve.toolkit.checked_result`).

**Encoding.**  A position is a few integers: ``mask`` (the slots played), the rank of the
waste top, the open slots the ball allows next and ``k``, the position of the next card to
turn in the sequence ``[waste top, stock...]``.  The open slots are a bitmask updated
incrementally (removing a card can uncover only the one or two cards it lies on), and
``neighbours[rank]`` (per deal) holds the slots whose card may go onto a card of that rank;
so the cards that can be played now are ``open & allowed & neighbours[top]``, called
``cand``.

**Splitting a position.**  From a position the player either plays a card of ``cand``, or
(when allowed) turns the stock.  What follows a play depends only on ``mask``, the card
played and ``k`` (the top becomes that card, and what may follow is ``follow[slot]``).  What
follows a turn depends only on ``mask``, ``k`` and the open cards allowed after the turn
(``open & allowed``, or every open card where a turn lifts the ball, ``resets``, and in
TriPeaks).  So the search works on two kinds of node, each memoised on just what it depends
on: *plays* ``(mask, cand, k)`` and *turns* ``(mask, cards allowed after a turn, k)``.
Positions that differ in top or ball but allow the same cards share their nodes.

**Free drawing** (the stock turned at any time).  A turn node is "turn once or more, then
play": it is won if some later stock card ``j`` leaves a plays node ``(mask, cand_j, j +
1)`` that is won.  Pruning, each one exact (it never throws away a win):

* *Dominance in the stock.*  A node lost with the next stock card at ``k`` is lost at every
  later ``k'``: from the earlier one the player can do all the later one can, turning
  through to the same stock card (a turn is always allowed; the ball after one turn or
  several is the same).  So each table keeps, per node, the smallest ``k`` proved lost
  (:class:`LostTables`), and a turn node re-examined with an earlier ``k`` tries only the
  stock cards before the one it was proved lost from.
* *Dominance among stock cards.*  Within one turn node, a stock card is tried only for
  the open cards no earlier stock card offered: a play an earlier card offered was proved
  lost with more of the stock still to come, and the same play after a later card leads to
  the same position with less of it.  A stock card offering nothing new is turned past, and
  the node stops when no stock card to come can offer a new one.
* *Counting* (Hall's condition, :class:`~printplay.solve.packed.Regions`).  Every layout
  card still to be played goes onto a card one rank away: the waste top, a stock card still
  to come, or another layout card; each of those takes at most one card directly on top of
  it.  So for every rank ``r`` the layout cards of rank ``r`` cannot outnumber the cards of
  ranks ``r - 1`` and ``r + 1`` among the top, the stock to come and the layout (a joker
  counts for every rank); the same holds for two ranks two apart (the cards of ranks ``r``
  and ``r + 2`` cannot outnumber the places of ranks ``r - 1``, ``r + 1`` and ``r + 3``);
  and for each group, its cards of rank ``r`` cannot outnumber the places outside the
  group.  The counts are packed 8 bits a rank, all groups side by side in one integer, and
  compared at once with guard bits each time a stock card is about to be turned.  A later
  stock card leaves fewer places, so once the test fails for one card it fails for all
  later ones, and the turn node stops there.  The lean TriPeaks path tests longer runs of
  ranks two apart too (up to :data:`~printplay.solve.packed.RUNS` cards: the cards of
  ranks ``r, r + 2, ..., r + 2L - 2`` cannot outnumber the places of ranks ``r - 1, r + 1,
  ..., r + 2L - 1``), with one addition and one mask a stock card: the layout's places less
  its need is linear in its count, so the search carries it as it plays
  (:func:`~printplay.solve.packed.runs_short`).
* *Turning through.*  A stock card that allows no play is turned past at once.

**Strict drawing** (a turn only when no card can be played).  A position with a play must
play, one without must turn; the stock dominance does not hold (a turn is forced the moment
nothing can be played), so plays nodes are memoised exactly as ``(mask, cand, k)``; the
counting test and turning through apply as above.

Move order: plays before turns, the highest slot number first (TriPeaks' lowest row,
Ricochet's outer layer).  Where anything open may follow anything and there are no groups
(TriPeaks), the free search takes a lean path that tries the same moves in the same order,
so finds the same line, without the ball's bookkeeping; it memoises the position a play
leads to (the slots played and the rank of the card played) instead of plays nodes, so that
a play known lost costs one look-up (:func:`_search_open`).

**Values instead of a search** (TriPeaks, past an allowance).  A deal the lean search has
not decided within :data:`ALLOWANCE` nodes (most lost deals: a proof of loss visits every
reachable position, and the search meets many again with more of the stock to come, to be
searched again) is decided by exact values instead.  Which slots are open depends on the
slots played alone, so the masks reachable from a position are the same for every deal
(:func:`lattice`: 22,932 from TriPeaks' start, shipped with printplay); each mask's values,
for every rank on top and every stock position at once, come from its children's in a few
operations on integers (:class:`Values`), once per mask.  A won deal's line is then the
search's own: it walks to it with the values as its lost tables.

**Targets.**  Both searches look for a line that plays ``T`` layout cards in all (a win is
every card).  Every prune above holds for any target; the counting test then allows as many
cards without a place as may be left (:func:`encode`'s ``leftover``).  A node that cannot
reach ``T`` cannot reach ``T + 1`` either, so tables carry over to a higher target.

>>> from printplay.core.deal import numbered_deal
>>> from printplay.games.tripeaks import LAYOUT, TriPeaks
>>> state = TriPeaks().initial_state(numbered_deal(TriPeaks().deck(), 1))
>>> enc = encode(Rules(LAYOUT), state.tableau, (state.waste_top, *state.stock), wrap=True)
>>> steps, states = search(enc, Clock(None), free=True, resets=True, tables=LostTables())
>>> steps is not None and len([step for step in steps if step != DRAW])
28
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import TypeGuard

from printplay.core.cards import Card
from printplay.core.errors import GameError
from printplay.core.layout import Layout
from printplay.core.protocols import Position
from printplay.core.verdicts import BudgetExhausted, SolveResult
from printplay.games import REGISTRY, load
from printplay.games.moves import Draw, Play
from printplay.solve import lattice_store
from printplay.solve.packed import (
    GUARD,
    GUARD_PAIRS,
    RUN_CHECK,
    RUN_GUARD,
    RUN_ONES,
    Regions,
    cover_masks,
    layout_masks,
    neighbour_ranks,
    rank_unit,
    run_unit,
)
from printplay.solve.toolkit import Clock, LineError, checked_result, deep_recursion

DRAW = -1
"""In a line of steps (see :func:`steps_to_moves`), a stock turn; other steps are slots."""

KEY_SHIFT = 32
"""A plays node's key is ``mask << KEY_SHIFT | cand`` (layouts have at most 32 slots)."""

STOCK_BITS = 6
"""Strict drawing keys a plays node with its stock position: ``key << STOCK_BITS | k``."""

RANK_BITS = 4
"""The lean free search keys a play's position ``mask << RANK_BITS | rank`` (ranks 0-13)."""


class Rules:
    """What the core needs of a game: its layout and what may follow what.

    ``follow`` gives per slot the slots whose card may be played right after its card
    (every slot if not given); ``groups`` are masks of slots whose cards never go directly
    onto one another (for the counting test).
    """

    def __init__(
        self, layout: Layout, follow: Sequence[int] | None = None, groups: Sequence[int] = ()
    ) -> None:
        self.size = len(layout.slots)
        if self.size > KEY_SHIFT:
            raise ValueError(f"the core takes at most {KEY_SHIFT} slots, not {self.size}")
        self.full = (1 << self.size) - 1
        """The mask of a cleared layout."""
        self.need, self.uncovers = cover_masks(layout)
        self.follow = tuple(follow) if follow is not None else (self.full,) * self.size
        self.regions = Regions(groups)
        self.open = all(f == self.full for f in self.follow) and not groups
        """Whether anything open may follow anything and no group is set (TriPeaks): the
        free search then takes a leaner path (:func:`_search_open`)."""

    def play(self, mask: int, exposed: int, slot: int) -> tuple[int, int]:
        """The played and open slots after the card of ``slot`` goes (the searches write
        this out)."""
        bit = 1 << slot
        mask |= bit
        exposed ^= bit
        for cover_bit, need in self.uncovers[slot]:
            if mask & need == need:
                exposed |= cover_bit
        return mask, exposed


@dataclass(frozen=True)
class Encoded:
    """A position in the core's encoding, with the tables of its deal.

    ``cards`` holds the layout by slot (``None`` where played); ``sequence`` is the waste
    top followed by the stock (next card first), so the next card to turn is
    ``sequence[1]`` at the start.
    """

    rules: Rules
    cards: tuple[Card | None, ...]
    sequence: tuple[Card, ...]
    ranks: tuple[int, ...]
    """Per slot: the rank of its card (0 for a joker or an empty slot)."""
    sequence_ranks: tuple[int, ...]
    """The ranks of :attr:`sequence`."""
    mask: int
    """The slots played."""
    exposed: int
    """The slots whose card is there and open."""
    allowed: int
    """The slots the next card may come from (the ball's rule; every slot in TriPeaks)."""
    neighbours: tuple[int, ...]
    """Per rank 0-13: the slots whose card may go onto a card of that rank."""
    delta: tuple[int, ...]
    """Per slot: what its card adds to :attr:`counts`."""
    counts: int
    """The layout cards left, counted by rank in :class:`~printplay.solve.packed.Regions`
    (jokers are not counted: they go anywhere)."""
    reach: tuple[int, ...]
    """Per position ``j`` of :attr:`sequence` (and one past the end): the slots whose card
    may go onto some card of ``sequence[j:]``; a turn from ``j`` can lead to a play only if
    one of them is allowed."""
    supply: tuple[tuple[int, int], ...]
    """Per position ``j`` of :attr:`sequence` (and one past the end): the places the cards
    ``sequence[j:]`` and the layout's jokers offer, for
    :meth:`~printplay.solve.packed.Regions.short`."""
    run_supply: tuple[int, ...] = ()
    """Where :attr:`Rules.open` (the lean search): per position ``j`` of :attr:`sequence`
    (and one past the end), the places the cards ``sequence[j:]`` and the layout's jokers
    offer to runs of ranks two apart, guard bits added, for
    :func:`~printplay.solve.packed.runs_short`."""
    run_delta: tuple[int, ...] = ()
    """Where :attr:`Rules.open`: per slot, what its card adds to :attr:`run_slack`."""
    run_slack: int = 0
    """Where :attr:`Rules.open`: the layout's places less its need, by runs of ranks two
    apart (:func:`~printplay.solve.packed.runs_short`)."""
    wrap: bool = True
    """Whether a King and an Ace are one rank apart."""


def encode(
    rules: Rules,
    cards: tuple[Card | None, ...],
    sequence: tuple[Card, ...],
    *,
    wrap: bool,
    allowed: int | None = None,
    leftover: int = 0,
) -> Encoded:
    """Build the encoding of a position: ``cards`` by slot, ``sequence`` the waste top and
    the stock, ``allowed`` the slots the next card may come from (default: all).

    ``leftover`` is how many layout cards a search may leave (0 to win): the counting test
    then allows that many cards of a rank, or of two ranks two apart, without a place.
    Raises :class:`ValueError` for a position no play can reach (a played slot still
    covered by a card).
    """
    if len(sequence) >= 1 << STOCK_BITS:
        raise ValueError(f"a stock of {len(sequence) - 1} cards is longer than the core takes")
    mask, exposed = layout_masks(cards, rules.need)
    ranks = tuple(0 if card is None else int(card.rank) for card in cards)
    sequence_ranks = tuple(int(card.rank) for card in sequence)
    present = [slot for slot in range(rules.size) if cards[slot] is not None]
    by_rank = [0] * 14
    for slot in present:
        by_rank[ranks[slot]] |= 1 << slot
    neighbours = tuple(sum(by_rank[other] for other in others) for others in neighbour_ranks(wrap))
    regions = rules.regions
    delta = tuple(regions.count(slot, rank_unit(ranks[slot], wrap)) for slot in range(rules.size))
    jokers = by_rank[0]
    reach = [0] * (len(sequence) + 1)
    supply = [regions.supply(0, leftover, jokers)] * (len(sequence) + 1)
    stock = stock_jokers = 0
    for j in range(len(sequence) - 1, -1, -1):
        rank = sequence_ranks[j]
        reach[j] = reach[j + 1] | neighbours[rank]
        stock += rank_unit(rank, wrap)
        stock_jokers += rank == 0
        supply[j] = regions.supply(stock, stock_jokers + leftover, jokers)
    run_supply: tuple[int, ...] = ()
    run_delta: tuple[int, ...] = ()
    if rules.open:
        run_delta = tuple(run_unit(rank, wrap)[1] for rank in ranks)
        offered = RUN_GUARD + RUN_ONES * (jokers.bit_count() + leftover)
        runs = [offered] * (len(sequence) + 1)
        for j in range(len(sequence) - 1, -1, -1):
            offered += run_unit(sequence_ranks[j], wrap)[0]
            runs[j] = offered
        run_supply = tuple(runs)
    return Encoded(
        rules=rules,
        cards=cards,
        sequence=sequence,
        ranks=ranks,
        sequence_ranks=sequence_ranks,
        mask=mask,
        exposed=exposed,
        allowed=rules.full if allowed is None else allowed,
        neighbours=neighbours,
        delta=delta,
        counts=sum(delta[slot] for slot in present),
        reach=tuple(reach),
        supply=tuple(supply),
        run_supply=run_supply,
        run_delta=run_delta,
        run_slack=sum(run_delta[slot] for slot in present) if run_delta else 0,
        wrap=wrap,
    )


@dataclass
class LostTables:
    """What searches proved lost, kept from one search of a position to the next.

    A node lost with some stock stays lost with less of it, and a node from which ``T``
    cards played cannot be reached cannot reach more either; so tables carry over to a
    search with a shorter stock or a higher target, never the other way.  ``plays`` and
    ``turns`` (free drawing) map a node's key to the smallest ``k`` it was proved lost from
    (a turns key is the mask alone where a turn lifts the ball, else ``mask << KEY_SHIFT |
    allowed open cards``); ``strict`` holds the keys of plays nodes proved lost under strict
    drawing; ``positions`` (the lean free search, :func:`_search_open`) maps a position
    by its played slots and the rank of the waste top, ``mask << RANK_BITS | rank``, to the
    smallest ``k`` it was proved lost from.
    """

    plays: dict[int, int] = field(default_factory=dict)
    turns: dict[int, int] = field(default_factory=dict)
    strict: set[int] = field(default_factory=set)
    positions: dict[int, int] = field(default_factory=dict)


def _search_free(
    enc: Encoded, clock: Clock, resets: bool, tables: LostTables, target: int
) -> tuple[list[int] | None, int]:
    """Depth-first search when the stock may be turned at any time (see :func:`search`)."""
    # Both searches write KEY_SHIFT (32) and STOCK_BITS (6) out, and 64 (past any k) for a
    # node not in a table: names cost in the loops.
    # They count both kinds of node but look at the clock in plays nodes only, the first one
    # at or past each multiple of clock.mask + 1.
    rules = enc.rules
    ranks = enc.ranks
    seq = enc.sequence_ranks
    n = len(seq)
    nbm = enc.neighbours
    delta = enc.delta
    supply = enc.supply
    reach = enc.reach
    stock_nbm = tuple(nbm[rank] for rank in seq)
    slot_nbm = tuple(nbm[rank] for rank in ranks)
    follow = rules.follow
    uncovers = rules.uncovers
    all_shift, outside_times = rules.regions.all_shift, rules.regions.outside
    guards, guard_ranks = rules.regions.guards, rules.regions.guard_ranks
    check, check_mask = clock.check, clock.mask
    play_lost, turn_lost = tables.plays, tables.turns
    play_get, turn_get = play_lost.get, turn_lost.get
    line: list[int] = []
    count = 0
    due = check_mask + 1

    def plays(mask: int, exposed: int, cand: int, k: int, counts: int) -> bool:
        """Whether playing one of ``cand`` reaches the target (``k``: the next card to
        turn)."""
        nonlocal count, due
        count += 1
        if count >= due:
            check(count)
            due = (count | check_mask) + 1
        last = mask.bit_count() + 1 >= target
        rest = cand
        while rest:
            slot = rest.bit_length() - 1
            bit = 1 << slot
            rest ^= bit
            m2 = mask | bit
            if last:
                line.append(slot)
                return True
            e2 = exposed ^ bit
            for cover_bit, need in uncovers[slot]:
                if m2 & need == need:
                    e2 |= cover_bit
            c2 = counts - delta[slot]
            e_ball = e2 & follow[slot]
            cand2 = e_ball & slot_nbm[slot]
            if cand2 and play_get(m2 << 32 | cand2, 64) > k and plays(m2, e2, cand2, k, c2):
                line.append(slot)
                return True
            after = e2 if resets else e_ball
            if after & reach[k]:
                key = m2 if resets else m2 << 32 | after
                stop = turn_get(key, n)  # tables may come from a longer stock: stop > n
                if stop > k and turns(m2, e2, after, key, k, stop if stop < n else n, c2):
                    line.append(slot)
                    return True
        play_lost[mask << 32 | cand] = k
        return False

    def turns(
        mask: int, exposed: int, after: int, key: int, k: int, stop: int, counts: int
    ) -> bool:
        """Whether turning stock cards from ``k`` on (before ``stop``, from which the node
        is known lost) and then playing reaches the target; ``after`` are the open cards
        allowed after a turn."""
        nonlocal count
        count += 1
        seen = 0  # the cards earlier stock cards offered: playing them after this one is lost
        total = spread = spread_outside = 0
        for j in range(k, stop):
            fresh = after & stock_nbm[j] & ~seen
            if not fresh:
                if not after & reach[j] & ~seen:
                    break  # no stock card to come offers a card not offered before
                continue  # turning through
            if not total:
                total = counts >> all_shift
                outside = total * outside_times - counts
                spread_outside = (outside << 8) + (outside >> 8)
                spread = (total << 8) + (total >> 8)
            single_all, pair = supply[j]
            # Regions.short, written out
            if ((single_all + spread_outside) | guards) - counts & guard_ranks != (guard_ranks) or (
                (pair + spread + (total >> 24)) | GUARD
            ) - total - (total >> 16) & (GUARD_PAIRS) != GUARD_PAIRS:
                break  # and fails for every later stock card too
            if play_get(mask << 32 | fresh, 64) > j + 1 and plays(
                mask, exposed, fresh, j + 1, counts
            ):
                line.extend([DRAW] * (j - k + 1))
                return True
            seen |= fresh
        turn_lost[key] = k
        return False

    mask, exposed = enc.mask, enc.exposed
    e_ball = exposed & enc.allowed
    cand = e_ball & nbm[seq[0]]
    key = mask if resets else mask << 32 | e_ball
    won = (
        mask.bit_count() >= target
        or (bool(cand) and plays(mask, exposed, cand, 1, enc.counts))
        or turns(mask, exposed, exposed if resets else e_ball, key, 1, n, enc.counts)
    )
    line.reverse()
    return (line if won else None), count


def _search_open(
    enc: Encoded,
    clock: Clock,
    tables: LostTables,
    target: int,
    *,
    allowance: int | None = None,
    known: Values | None = None,
) -> tuple[list[int] | None, int]:
    """:func:`_search_free` where anything open may follow anything, a turn lifts nothing
    and there are no groups (TriPeaks): the same moves in the same order, so the same line,
    with the ball, the turn keys and the groups' counts left out, and the stronger counting
    test of runs of ranks two apart (:func:`~printplay.solve.packed.runs_short`; a play
    carries the layout's places less its need, :attr:`Encoded.run_slack`, instead of its
    count).

    A play's position is memoised before its plays are listed: it is the played slots and
    the rank of the card just played (what can follow depends on nothing else), keyed
    ``mask << RANK_BITS | rank`` in :attr:`LostTables.positions` with the smallest ``k``
    proved lost.  So a play already known lost costs one look-up, without working out what
    it uncovers; a chain node then stands for the plays that may follow a card (plays
    before turns, highest slot first, as in the generic search) and has no table of its own.

    ``allowance``: past that many nodes, :class:`_OverAllowance` is raised (looked at when
    the clock is).  ``known``: the exact values of every position (:class:`Values`), read
    instead of ``tables``; the search then walks straight down the line it would have found
    without them, since it skips exactly the positions that are lost.
    """
    rules = enc.rules
    seq = enc.sequence_ranks
    n = len(seq)
    nbm = enc.neighbours
    run_supply = enc.run_supply
    reach = enc.reach
    stock_nbm = tuple(nbm[rank] for rank in seq)
    slots = tuple(
        (1 << slot, (1 << slot) << 4 | enc.ranks[slot], rules.uncovers[slot],
         enc.run_delta[slot], nbm[enc.ranks[slot]])
        for slot in range(rules.size)
    )  # fmt: skip
    check, check_mask = clock.check, clock.mask
    pos_lost, turn_lost = tables.positions, tables.turns
    pos_get: Callable[[int, int], int] = pos_lost.get
    turn_get: Callable[[int, int], int] = turn_lost.get
    if known is not None:
        pos_get, turn_get = known.position_lost_from, known.turn_lost_from
    line: list[int] = []
    count = 0
    limit = (1 << 62) if allowance is None else allowance
    due = min(check_mask + 1, limit)
    near = target - 1

    def chain(mask: int, exposed: int, cand: int, k: int, slack: int) -> bool:
        """Whether playing one of ``cand`` (then on) reaches the target."""
        nonlocal count, due
        count += 1
        if count >= due:
            if count >= limit:
                raise _OverAllowance(count)
            check(count)
            due = min((count | check_mask) + 1, limit)
        if mask.bit_count() >= near:
            line.append(cand.bit_length() - 1)
            return True
        reach_k = reach[k]
        base = mask << 4  # RANK_BITS
        rest = cand
        while rest:
            slot = rest.bit_length() - 1
            bit, low, uncovers, delta, fits = slots[slot]
            rest ^= bit
            key = base | low
            if pos_get(key, 64) > k:
                m2 = mask | bit
                e2 = exposed ^ bit
                for cover_bit, need in uncovers:
                    if m2 & need == need:
                        e2 |= cover_bit
                s2 = slack - delta
                cand2 = e2 & fits
                if cand2 and chain(m2, e2, cand2, k, s2):
                    line.append(slot)
                    return True
                if e2 & reach_k:
                    stop = turn_get(m2, n)  # tables may come from a longer stock: stop > n
                    if stop > k and turns(m2, e2, k, stop if stop < n else n, s2):
                        line.append(slot)
                        return True
                pos_lost[key] = k
        return False

    def turns(mask: int, exposed: int, k: int, stop: int, slack: int) -> bool:
        nonlocal count
        count += 1
        avail = exposed  # the open cards no earlier stock card offered
        for j in range(k, stop):
            fresh = avail & stock_nbm[j]
            if not fresh:
                if not avail & reach[j]:
                    break
                continue
            if (run_supply[j] + slack) & RUN_CHECK != RUN_CHECK:
                break  # packed.runs_short, written out: and for every later stock card
            if chain(mask, exposed, fresh, j + 1, slack):
                line.extend([DRAW] * (j - k + 1))
                return True
            avail ^= fresh
        turn_lost[mask] = k
        return False

    mask, exposed = enc.mask, enc.exposed
    cand = exposed & enc.allowed & nbm[seq[0]]
    won = (
        mask.bit_count() >= target
        or (bool(cand) and chain(mask, exposed, cand, 1, enc.run_slack))
        or turns(mask, exposed, 1, n, enc.run_slack)
    )
    line.reverse()
    return (line if won else None), count


ALLOWANCE = 20_000
"""How many nodes the lean free search examines before the verdict is worked out by values
over every played-card mask instead (:func:`_by_values`): most winnable deals are decided
well within it, and a lost one costs the same whatever it is."""

LATTICE_LIMIT = 200_000
"""The most played-card masks :func:`lattice` lists; a layout with more is left to the
depth-first search alone."""


class _OverAllowance(Exception):
    """The lean free search examined its allowance of nodes without a verdict."""

    def __init__(self, states: int) -> None:
        super().__init__(states)
        self.states = states


@dataclass(frozen=True)
class Lattice:
    """Every set of played slots reachable from a position, whatever the cards.

    Which slots are open depends on the slots played alone, so the masks reachable by
    playing open cards one at a time are the same for every deal with those slots played:
    TriPeaks' tableau has 22,932 of them from the start, with 119,364 plays between them.
    ``masks`` lists them breadth first (so a mask comes before every mask it leads to),
    :attr:`index` gives a mask's place in that list; per mask, ``kids`` holds the places of
    the masks its open slots' plays lead to and ``slots`` those slots, in the same order.
    """

    masks: tuple[int, ...]
    kids: tuple[tuple[int, ...], ...]
    slots: tuple[tuple[int, ...], ...]

    @cached_property
    def index(self) -> dict[int, int]:
        """A mask's place in :attr:`masks` (made when first asked: a lost deal's values
        never ask)."""
        return dict(zip(self.masks, range(len(self.masks)), strict=True))


@lru_cache(maxsize=8)
def lattice(rules: Rules, mask: int, exposed: int) -> Lattice | None:
    """The :class:`Lattice` of the layout of ``rules`` from the slots ``mask`` played (and
    ``exposed`` open), once per process: read from the lattices printplay ships
    (:mod:`~printplay.solve.lattice_store`: TriPeaks' tableau from the start, about 8 ms)
    or else worked out (:func:`listed`: about 29 ms for that one); ``None`` if it has more
    than :data:`LATTICE_LIMIT` masks.

    Python's cyclic garbage collector is held off while the lists are made (it would walk
    them again and again as they grow, doubling the time), and each mask's row is a tuple
    of integers, which the collector stops following.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        lists = lattice_store.stored(lattice_key(rules, mask, exposed))
        if lists is None or not _fits(lists, mask):
            lists = listed(rules, mask, exposed)
        if lists is None:
            return None
        return Lattice(*lists)
    finally:
        if collecting:
            gc.enable()


LatticeSpec = tuple[Rules, int, int]
"""A lattice a solver ships: its rules, the slots played and the slots open (TriPeaks'
``SHIPPED_LATTICES``)."""


def _is_spec(value: object) -> TypeGuard[LatticeSpec]:
    return (
        isinstance(value, tuple)
        and len(value) == 3
        and isinstance(value[0], Rules)
        and all(isinstance(part, int) for part in value[1:])
    )


def declared_lattices() -> list[LatticeSpec]:
    """The lattices the registered games ship, in registry order: each game's declaration
    names its solver's (``lattices``, ``"module:attribute"``), as ``printplay data rebuild
    lattices`` lists them again."""
    found: list[LatticeSpec] = []
    for game in REGISTRY.values():
        if game.lattices is None:
            continue
        specs = load(game.lattices)
        if not isinstance(specs, tuple) or not all(_is_spec(spec) for spec in specs):
            raise GameError(f"{game.lattices} is not a tuple of (rules, mask, exposed)")
        found += specs
    return found


def lattice_key(rules: Rules, mask: int, exposed: int) -> lattice_store.Key:
    """What a shipped lattice is filed under (:mod:`~printplay.solve.lattice_store`)."""
    return rules.uncovers, mask, exposed


def _fits(lists: lattice_store.Lists, mask: int) -> bool:
    """Whether a shipped lattice has the shape of one of ``mask``, within the limit."""
    masks, kids, slots = lists
    return (
        0 < len(masks) <= LATTICE_LIMIT
        and len(kids) == len(slots) == len(masks)
        and masks[0] == mask
    )


def listed(rules: Rules, mask: int, exposed: int) -> lattice_store.Lists | None:
    """:func:`lattice`'s masks, plays and slots, worked out (``None`` past the limit)."""
    uncovers = rules.uncovers
    masks = [mask]
    opens = [exposed]
    index = {mask: 0}
    get = index.get
    kids: list[tuple[int, ...]] = []
    slots: list[tuple[int, ...]] = []
    for place, played in enumerate(masks):  # the list grows as it is walked
        if place >= LATTICE_LIMIT:
            return None
        free = opens[place]
        row = []
        row_slots = []
        rest = free
        while rest:
            bit = rest & -rest
            rest ^= bit
            slot = bit.bit_length() - 1
            m2 = played | bit
            other = get(m2)
            if other is None:
                e2 = free ^ bit
                for cover_bit, need in uncovers[slot]:
                    if m2 & need == need:
                        e2 |= cover_bit
                other = index[m2] = len(masks)
                masks.append(m2)
                opens.append(e2)
            row.append(other)
            row_slots.append(slot)
        kids.append(tuple(row))
        slots.append(tuple(row_slots))
    return tuple(masks), tuple(kids), tuple(slots)


class Values:
    """The exact value of every position of a deal where anything open may follow anything
    and the stock may be turned at any time (TriPeaks), worked out once per played-card
    mask of a :class:`Lattice`, children first (:func:`_by_values`).

    A position is the slots played ``M``, the rank ``r`` of the waste top and ``k``, the
    next card to turn.  Lost at ``k`` means lost at every later ``k`` (dominance in the
    stock), and what may follow depends on the rank on top alone; so a mask's values are
    one integer, a field of :attr:`stride` bits per ``k`` (``k = 0 .. n``, ``n`` the length
    of ``sequence``) with bit ``r`` set where the position with rank ``r`` on top is won
    (bits 1-13 the ranks, 15 a joker), and in each bit the fields set are those of ``k``
    below some bound.  With ``Z`` the values of the plays (bit ``q`` of each field: the
    values of the mask a play of an open card of rank ``q`` leads to, that card on top):

    * a play: ``U``, bit ``r`` the bits of ``Z`` of the ranks next to ``r`` (a shift each
      way; with the wrap, an Ace's bit also takes the King's, twelve above, and the King's
      the Ace's; a joker's bit goes to every rank, and every rank's to a joker's);
    * a turn from ``k``: won if for some stock card ``j >= k`` (the ``j``-th of
      ``sequence``) the plays win with ``j + 1`` next and that card on top: ``D``, the bit
      of the rank of card ``j`` in field ``j + 1`` of ``U``.  The turns then win from every
      ``k`` up to the highest such ``j``: every bit of the fields below ``D``'s highest;
    * the value: ``U`` or the turns' fields.  A mask with every slot played is won.

    Each mask costs a few operations on integers per open card and per mask, whatever the
    deal, and no position is looked at again for another stock position (as the
    depth-first search does); the counting test and the dominance among stock cards have
    nothing to prune here.  :meth:`position_lost_from` and :meth:`turn_lost_from` read the
    values as the depth-first search's lost tables (the smallest ``k`` a node is lost
    from), exactly.
    """

    def __init__(self, enc: Encoded, shape: Lattice) -> None:
        seq = enc.sequence_ranks
        n = len(seq)
        jokers = 0 in seq or any(
            card is not None and rank == 0 for card, rank in zip(enc.cards, enc.ranks, strict=True)
        )
        # with jokers, 16 spare bits a field to find the fields holding any rank
        stride = self.stride = 32 if jokers else 16
        self.shape = shape
        self.enc = enc
        fields = self.fields = sum(1 << stride * k for k in range(n + 1))
        """One in the lowest bit of every field."""
        self.pick = pick = tuple(fields << (rank or 15) for rank in enc.ranks)
        """Per slot: its card's rank's bit in every field."""
        self.turned = turned = sum(1 << stride * (j + 1) + (seq[j] or 15) for j in range(1, n))
        """The bit of the rank of each stock card ``j`` in field ``j + 1``."""
        self.fill = fill = (
            0,
            *(
                (1 << stride * ((size - 1) // stride)) - 1
                for size in range(1, stride * (n + 1) + 1)
            ),
        )
        """Per bit length of ``D``: every bit of the fields below its highest."""
        full = enc.rules.full
        won = (1 << stride * (n + 1)) - 1
        values = self.values = [0] * len(shape.masks)
        kids, slots, masks = shape.kids, shape.slots, shape.masks
        # with the wrap, an Ace's bit takes the King's (12 above) and the King's the Ace's
        aces, kings = (fields << 1, fields << 13) if enc.wrap else (0, 0)
        place = len(kids)
        # children first; the two lists pair up by construction (zip unchecked: it costs)
        for row, row_slots in zip(reversed(kids), reversed(slots)):  # noqa: B905
            place -= 1
            z = 0
            for other, slot in zip(row, row_slots):  # noqa: B905
                z |= values[other] & pick[slot]
            if not z:
                values[place] = won if masks[place] == full else 0
            elif jokers:
                values[place] = self._value(z)
            else:
                u = z << 1 | z >> 1 | (z >> 12 & aces) | (z << 12 & kings)
                values[place] = u | fill[(u & turned).bit_length()]

    def _value(self, z: int) -> int:
        """A mask's values from its plays' values ``z`` (any deal, jokers too)."""
        fields = self.fields
        if self.enc.wrap:
            z |= (z >> 13 & fields) | (z >> 1 & fields) << 14
        ranks = z & fields * 0x3FFE  # bits 1-13
        joker = z >> 15 & fields
        u = (z << 1 | z >> 1) & fields * 0x3FFE | joker * 0x3FFE
        # bit 15: any rank may go onto a joker (fields hold 16 bits and 16 spare)
        u |= ((ranks + fields * 0xFFFF) >> 16 & fields | joker) << 15
        return u | self.fill[(u & self.turned).bit_length()]

    def won(self) -> bool:
        """Whether the position encoded can be won."""
        return bool(self.values[0] >> self.stride + (self.enc.sequence_ranks[0] or 15) & 1)

    def position_lost_from(self, key: int, default: int = 0) -> int:
        """The smallest ``k`` from which the position keyed ``mask << RANK_BITS | rank``
        (:attr:`LostTables.positions`) is lost."""
        won = self.values[self.shape.index[key >> RANK_BITS]] >> (key & 15 or 15) & self.fields
        # won from k = 0, 1, ..., w - 1: the last bit set is in field w - 1
        return (won.bit_length() + self.stride - 1) // self.stride

    def turn_lost_from(self, mask: int, default: int = 0) -> int:
        """The smallest ``k`` from which turning the stock, then playing, is lost with the
        slots of ``mask`` played (:attr:`LostTables.turns`)."""
        place = self.shape.index[mask]
        z = 0
        for other, slot in zip(self.shape.kids[place], self.shape.slots[place], strict=True):
            z |= self.values[other] & self.pick[slot]
        turns = self._value(z) & self.turned
        # D's highest bit is in field j + 1 for the last stock card j that wins
        return (turns.bit_length() - 1) // self.stride if turns else 0


def _by_values(
    enc: Encoded, clock: Clock, tables: LostTables, target: int, spent: int
) -> tuple[list[int] | None, int]:
    """The lean free search's verdict by :class:`Values`, after ``spent`` nodes of the
    search itself, with the nodes examined (a mask counts as one).  If the position can be
    won, the line is the one the search finds alone: it walks to it with the values as its
    lost tables, skipping exactly the positions that are lost.  A layout with too many
    masks to list (:func:`lattice`) is left to the search."""
    shape = lattice(enc.rules, enc.mask, enc.exposed)
    if shape is None:
        steps, states = _search_open(enc, clock, tables, target)
        return steps, spent + states
    values = Values(enc, shape)
    states = spent + len(shape.masks)
    if not values.won():
        return None, states
    steps, count = _search_open(enc, clock, tables, target, known=values)
    if steps is None:
        raise LineError("the values say the position is won, but the walk found no line")
    return steps, states + count


def _search_strict(
    enc: Encoded, clock: Clock, resets: bool, tables: LostTables, target: int
) -> tuple[list[int] | None, int]:
    """Depth-first search under strict drawing (see :func:`search`)."""
    rules = enc.rules
    ranks = enc.ranks
    seq = enc.sequence_ranks
    n = len(seq)
    nbm = enc.neighbours
    delta = enc.delta
    supply = enc.supply
    slot_nbm = tuple(nbm[rank] for rank in ranks)
    follow = rules.follow
    uncovers = rules.uncovers
    short = rules.regions.short
    check, check_mask = clock.check, clock.mask
    lost = tables.strict
    line: list[int] = []
    count = 0
    due = check_mask + 1

    def plays(mask: int, exposed: int, cand: int, k: int, counts: int) -> bool:
        nonlocal count, due
        count += 1
        if count >= due:
            check(count)
            due = (count | check_mask) + 1
        last = mask.bit_count() + 1 >= target
        rest = cand
        while rest:
            slot = rest.bit_length() - 1
            bit = 1 << slot
            rest ^= bit
            m2 = mask | bit
            if last:
                line.append(slot)
                return True
            e2 = exposed ^ bit
            for cover_bit, need in uncovers[slot]:
                if m2 & need == need:
                    e2 |= cover_bit
            c2 = counts - delta[slot]
            e_ball = e2 & follow[slot]
            cand2 = e_ball & slot_nbm[slot]
            if cand2:
                won = (m2 << 32 | cand2) << 6 | k not in lost and plays(m2, e2, cand2, k, c2)
            else:
                won = turn(m2, e2, e2 if resets else e_ball, k, c2)
            if won:
                line.append(slot)
                return True
        lost.add((mask << 32 | cand) << 6 | k)
        return False

    def turn(mask: int, exposed: int, after: int, k: int, counts: int) -> bool:
        """The forced turns of a position where nothing can be played, then play on."""
        nonlocal count
        count += 1
        j = k
        while j < n and not after & nbm[seq[j]]:
            j += 1  # turning through
        if j >= n or short(supply[j], counts):
            return False
        cand = after & nbm[seq[j]]
        if (mask << 32 | cand) << 6 | j + 1 in lost or not plays(
            mask, exposed, cand, j + 1, counts
        ):
            return False
        line.extend([DRAW] * (j - k + 1))
        return True

    mask, exposed = enc.mask, enc.exposed
    e_ball = exposed & enc.allowed
    cand = e_ball & nbm[seq[0]]
    if mask.bit_count() >= target:
        won = True
    elif cand:
        won = plays(mask, exposed, cand, 1, enc.counts)
    else:
        won = turn(mask, exposed, exposed if resets else e_ball, 1, enc.counts)
    line.reverse()
    return (line if won else None), count


def _open(
    enc: Encoded, clock: Clock, tables: LostTables, target: int, hand_over: bool
) -> tuple[list[int] | None, int]:
    """The lean free search, handing over to :func:`_by_values` past :data:`ALLOWANCE`
    nodes when the target is a win and no budget of states is set (a budget of states
    counts the search's nodes, and is left to them; a budget of time is looked at by the
    search only, the values taking some 15-20 ms)."""
    budget = clock.budget
    if (
        not hand_over
        or target < enc.rules.size
        or (budget is not None and budget.max_states is not None)
    ):
        return _search_open(enc, clock, tables, target)
    try:
        return _search_open(enc, clock, tables, target, allowance=ALLOWANCE)
    except _OverAllowance as over:
        return _by_values(enc, clock, tables, target, over.states)


def search(
    enc: Encoded,
    clock: Clock,
    *,
    free: bool,
    resets: bool,
    tables: LostTables,
    target: int | None = None,
    hand_over: bool = True,
) -> tuple[list[int] | None, int]:
    """Search for a line that plays ``target`` layout cards in all (default: a win).

    ``free``: the stock may be turned at any time (else only when no card can be played);
    ``resets``: a turn lifts the ball (every open card is allowed after it).  ``enc`` must
    have been encoded with ``leftover`` = layout size - ``target``.  Returns the line as
    steps (a slot for a play, :data:`DRAW` for a turn) or ``None``, and the number of nodes
    examined (plays and turns), also counted on ``clock``; when the budget runs out, the
    :class:`BudgetExhausted` is counted there too and raised again.  ``tables`` receives
    the nodes proved lost.  ``hand_over``: whether the lean free search may hand a win over
    to values past its allowance (:data:`ALLOWANCE`); the values leave in ``tables`` only
    what the search proved before, so a caller that searches again with the same tables
    (a shorter stock, a best score) may rather keep the search alone.
    """
    goal = enc.rules.size if target is None else target
    try:
        with deep_recursion():
            if free and resets and enc.rules.open:
                steps, states = _open(enc, clock, tables, goal, hand_over)
            else:
                run = _search_free if free else _search_strict
                steps, states = run(enc, clock, resets, tables, goal)
    except BudgetExhausted as stop:
        clock.spent += stop.states
        raise
    clock.spent += states
    return steps, states


def fewest_turns(
    cut: Callable[[int], Encoded],
    steps: list[int],
    clock: Clock,
    *,
    free: bool,
    resets: bool,
    tables: LostTables,
) -> tuple[list[int], int, str]:
    """A winning line with the fewest stock turns, from a winning line ``steps``.

    A win with at most ``L`` turns is exactly a win of the same position with the stock cut
    to ``L`` cards (``cut(L)``: the position encoded so).  So the position is searched
    again with the stock cut to one card fewer than the best line so far turns, until that
    is proved impossible: the last line found then has the fewest turns there are.  What a
    search proves lost stays lost with a shorter stock, so ``tables`` carry over.

    Returns the line, the nodes examined and, if the clock's budget ran out first, its
    message (the line is then the best found, not proved).
    """
    states = 0
    while steps.count(DRAW) > 0:
        try:
            found, count = search(
                cut(steps.count(DRAW) - 1),
                clock,
                free=free,
                resets=resets,
                tables=tables,
                hand_over=False,
            )
        except BudgetExhausted as stop:
            return steps, states + stop.states, stop.reason
        states += count
        if found is None:
            break
        steps = found
    return steps, states, ""


def steps_to_moves(enc: Encoded, steps: Sequence[int]) -> tuple[Play | Draw, ...]:
    """Engine moves for a line of steps (a slot for a play, :data:`DRAW` for a turn)."""
    moves: list[Play | Draw] = []
    k = 1
    for step in steps:
        if step == DRAW:
            moves.append(Draw(enc.sequence[k]))
            k += 1
        else:
            card = enc.cards[step]
            assert card is not None
            moves.append(Play(step, card))
    return tuple(moves)


def decide(
    state: Position,
    enc: Encoded,
    clock: Clock,
    *,
    free: bool,
    resets: bool,
    tables: LostTables,
    hand_over: bool = True,
) -> SolveResult[Play | Draw]:
    """The verdict on ``state`` (encoded as ``enc``), with a winning line if it can be won.

    ``solvable`` is ``True`` with a line replayed through the engine, ``False`` after the
    whole reachable space was searched, ``None`` if the clock's budget ran out first.
    ``hand_over`` as for :func:`search`.
    """
    try:
        steps, states = search(
            enc, clock, free=free, resets=resets, tables=tables, hand_over=hand_over
        )
    except BudgetExhausted as stop:
        return SolveResult(None, (), stop.states, clock.seconds, reason=stop.reason)
    if steps is None:
        return SolveResult(False, (), states, clock.seconds)
    moves = steps_to_moves(enc, steps)
    return checked_result(state, moves, solvable=True, clock=clock, states=states)


__all__ = [
    "DRAW",
    "KEY_SHIFT",
    "RANK_BITS",
    "STOCK_BITS",
    "Encoded",
    "LostTables",
    "Rules",
    "decide",
    "encode",
    "fewest_turns",
    "search",
    "steps_to_moves",
]
