"""The search core of the Pyramid solver, on a plain representation of a position.

:mod:`printplay.solve.pyramid` turns an engine state into a :class:`Puzzle` (ranks only,
plus the rules in force), runs the searches here and turns their steps back into engine
moves, which it replays through the engine.  Nothing here knows the engine.

**The pyramid part of a position** is the set of pyramid cards still there.  A card can go
only after every card covering it, so that set is closed upwards: a card still there keeps
every card it covers.  A 7-row pyramid has 1,430 such *shapes* (a 6-row one 429), the
Catalan numbers; they are enumerated once per pyramid size and numbered, and everything a
search needs about a shape in a given deal (free cards, the pairs among them, the forced
king, the lower bound and the counting test below) is computed once per deal.

**The stock and the waste** are one cycle of cards in a fixed order: the waste from bottom
to top, then the stock from top to bottom.  Draws and redeals never change that order (a
redeal turns the waste over, so its bottom card is on top again); only removals take cards
out.  So the cycle is a bitmask of the cards still in it and a pointer, the position of the
stock top; the waste top is the highest card still there below the pointer.  Under
``reshuffle`` a redeal puts the cards in a new order, which the engine decides: each order
met is numbered and the position records its number.  Reserve cards are bits of the same
mask.  A position packs into one Python integer::

    ((((mask << 20 | order) << 6 | pointer) << 2 | passes) << 11) | shape

**Exactness.**  Every prune below keeps every win, and keeps a shortest one:

* *A free pyramid king goes at once.*  Every line that clears the pyramid removes it, in a
  step of its own; removing it first only frees cards sooner and leaves the length alone.
* *Counting.*  Per pair of ranks ``a + b = 13``, the pyramid cards of the two ranks can pair
  with each other only when neither covers the other (a card cannot pair with a card it
  lies on or under).  A maximum matching ``M`` of that compatibility graph, computed per
  shape, says at least ``n_a - M`` pyramid cards of rank ``a`` need a partner of rank ``b``
  from outside the pyramid; fewer such cards left is a dead position.
* *Stuck pyramids.*  Suppose every rank with a card left outside the pyramid could partner
  any number of pyramid cards.  The pyramid must still come apart in an order, and a
  pyramid pair needs both its cards free at once, so two pairs can lock each other (each
  lies on a card of the other).  :meth:`Searcher.clearable` searches the shapes under that
  assumption, remembered per shape and set of outside ranks; a shape it cannot clear is a
  dead position.  This proves lost, at the first position, 333 of the 502 published decks
  that cannot be won, which the counting test alone leaves to a full search.
* *Too few partners.*  The stuck-pyramid test lets a rank outside partner any number of
  pyramid cards; :meth:`Searcher.limited_clear` searches the shapes again with a count
  per rank (each outside card pairs once), remembered per counts and shape and cut off,
  with no verdict, past :data:`LIMITED_WORK` new shapes a test.  Every search runs it at
  the first position, and the verdict search on every child: the cut-off test of the
  first position can leave undecided what its children's tests, with the shapes already
  remembered, decide (deck 582 of the published 1500, which cannot be won: 2 positions
  instead of 118,978).  The shortest-line search runs it on every child only in games
  where every card must go (with the pyramid alone to clear, nearly every position it
  expands can still be won).
* *Every card must go* (the standard goal).  Two stock or waste cards pair only as the
  stock top and the waste top, neighbours in the cycle order of the cards left, and that
  order never changes (under ``reshuffle``: from the last redeal on).  So the cycle cards
  that pair with each other form a non-crossing matching, each pair's cards neighbours
  once the cards between them are gone, and every other cycle card but a king pairs with
  a pyramid or reserve card of the matching rank, one each: more such cards than pyramid
  and reserve cards, or one whose matching rank is in neither, is a dead position
  (:meth:`Searcher.unreducible`; on the last pass two waste cards never pair), and so is
  more such cards of one rank than pyramid and reserve cards of the matching rank
  (:meth:`Searcher.short_by_rank`, the fewest of one rank found the same way).  Cards
  that can never pair with each other (the waste on the last pass, every cycle card with
  the waste off limits) are checked by Hall's condition per pair of ranks
  (:meth:`Searcher.unmatched`).  At the first position these two and the one above prove
  lost most deals that used to take seconds.
* *Lost positions.*  The verdict search (:func:`decide`) proves positions lost; a position
  lost with the pointer at ``(pass, p)`` is lost at every later ``(pass', p')`` (the earlier
  one can draw through to it), so per position-without-pointer only the earliest lost
  pointer is kept, and both searches skip every position it covers.  Under ``reshuffle``
  a redeal deals a new order, so there a position covers only later pointers of its pass.
  Suits never matter otherwise, so the verdict search files a lost position under its
  ranks (:meth:`Searcher.by_ranks`): the same shape and the same ranks in the reserve and,
  in order, in the waste and the stock, whichever cards of a rank are gone.  Removing one
  of two cards of a rank lying next to each other in the cycle, or either pair of ``5 8
  5 8``, leaves the same position; on the hardest six-row deals this halves the search.

**Shortest lines** are found by A* (:func:`shortest`) with an admissible lower bound.  A
child's bound is never taken below its parent's less the steps between them, and a
position reached again in fewer steps is searched again, so the first goal reached at the
lowest ``f`` is a shortest line, and the proof is the search itself.  Without
``reshuffle`` a position there stands for every position with its ranks (as the verdict
search files them, same future, same bound).  The bound counts the
steps that remove pyramid cards and the steps that remove none (draws, redeals, pairs and
kings outside the pyramid), which are disjoint:

* removing: the fewest steps that clear the shape if a partner from outside were at hand
  whenever wanted (:func:`relaxed_removals`, computed once per deal for every shape).  It
  is never below the counting bound ``sum (n_a + n_b - M)`` plus one per king, because a
  step removes at most two pyramid cards, two only as a compatible pair.  Written with
  ``O`` the pyramid cards that take an outside partner, a line's removing steps are
  ``(N + K + O) / 2`` for ``N`` pyramid cards and ``K`` kings, so each outside partner
  beyond the counting test's need costs half a step over the counting bound; the first
  ``2 (relaxed - counting)`` of them (the shape's *slack*) are already in the relaxed
  count.
* not removing: the ``k``-th pyramid card that needs a partner of rank ``b`` from outside
  needs the ``k``-th such card brought into play; a stock card comes into play only when
  every card above it has left the stock.  A card leaving by a draw, a pair outside the
  pyramid or a king is a non-removing step; one leaving by pairing with a pyramid card
  costs nothing within the need of its rank, half a step beyond it (after the slack), and
  at most ``n_{13-z}`` cards of rank ``z`` can leave so.  A waste card needs the cards
  above it gone (priced the same), or the stock emptied, a redeal and the cards before it
  in the cycle.  The largest such cost over the needed cards bounds the non-removing steps.
* the waste is a stack: before a redeal a waste card leaves only by a removal as the
  waste top (it cannot be drawn, and two waste cards never pair), each with a king's
  step, a pyramid card, the stock top or a reserve card.  So at most the pyramid cards
  of rank ``13 - z`` that can be free then, plus the stock and reserve cards of that
  rank, waste cards of rank ``z`` can leave before a redeal (:meth:`Searcher.room`), and
  a card under more of them than that, or under a card with no partner at all, cannot be
  dug out: only the redeal route is left for it (none on the last pass).
* a pyramid card is free only once every card lying on it has gone.  A card that is not
  a king goes with an outside card of its partner rank ``q`` or with a pyramid partner
  it neither covers nor lies on, once that partner is free; so it *needs* ``q`` if every
  pyramid partner waits for ``q`` (or it has none), and it needs whatever the cards
  lying on it need (:meth:`Searcher.blocking`, the least solution of those equations).
  A pyramid card cannot be free before an outside card of every rank the cards lying
  on it need has come into play: been in the reserve, been a waste card that can be
  the waste top in this pass, or passed the stock top (:meth:`Searcher.partnerable`).  A
  cycle card met while no pyramid card of its partner's rank can be free, or after as
  many cards of its rank as there are such pyramid cards, cannot leave by a removal with
  the pyramid: it costs a whole step (a draw, or a pair outside the pyramid), and a card
  the pyramid needs is drawn first (one step more).  Under ``reshuffle`` the stock after
  a redeal is a new order, so there no card is charged the draw.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

from printplay.solve.toolkit import Clock
from printplay.verdicts import BudgetExhausted

KING = 13
UNREACHABLE = 1 << 20
"""A bound meaning no line reaches the goal."""
RANK_BITS = (1 << 14) - 1
LAST_SHIFT = 14
SHAPE_BITS = 11
PASS_SHIFT = SHAPE_BITS
PTR_SHIFT = PASS_SHIFT + 2
ORDER_SHIFT = PTR_SHIFT + 6
ORDER_BITS = 20
MASK_SHIFT = ORDER_SHIFT + ORDER_BITS
SHAPE_MASK = (1 << SHAPE_BITS) - 1
ORDER_MASK = (1 << ORDER_BITS) - 1
OS_MASK = ORDER_MASK << ORDER_SHIFT | SHAPE_MASK
"""The bits of a packed position holding its stock order and its shape."""

# Steps of a line, as the searches write them (converted to engine moves by the adapter).
# A step is a tuple: ("king", where), ("pair", where, where), ("draw",), ("redeal",).
# ``where`` is ("t", slot), ("r", reserve index), ("stock",) or ("waste",).
Where = tuple[str, int] | tuple[str]
Step = tuple[object, ...]


LIMITED_WORK = 2000
"""The most shapes one :meth:`Searcher.short_of_partners` test may look at anew."""


class _GaveUp(Exception):
    """A test ran out of its work allowance (its answer is then "not dead")."""


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
    smallest_first = tuple(sorted(range(len(shapes)), key=lambda i: shapes[i].bit_count()))
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


Prices = tuple[list[int], list[list[int]], tuple[tuple[int, int], ...], int]
"""Per shape, for the access bound: the count wanted per rank, the price in half steps of
the n-th card of each rank leaving, the shape's needs and its slack."""

Blocks = tuple[int, tuple[tuple[int, int], ...], tuple[int, ...]]
"""Per shape, for :meth:`Searcher.partnerable`: see :meth:`Searcher.blocking`."""

ShapeInfo = tuple[
    int,
    int,
    tuple[tuple[int, int, int], ...],
    tuple[tuple[tuple[int, int], ...], ...],
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
removal bound shows (see :meth:`Searcher.access`); per pair of ranks ``(a, 13 - a)``
(``a`` from 1 to 6) the size of a maximum matching of the pyramid cards of the two ranks
that can pair with each other."""


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
        counts = [(shape & cards).bit_count() for cards in self.rank_slots]
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
            na, nb = in_a.bit_count(), in_b.bit_count()
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


def deletions(ranks: Sequence[int], cyc: int, ptr: int, partner: int, spare: int) -> int:
    """The fewest cards of the cycle ``cyc`` (bits of positions in ``ranks``) that must go
    with a partner from elsewhere so that the rest pair off as neighbours (each pair's
    cards adjacent once the cards between them are gone; kings go alone); only ranks in
    the bitmask ``partner`` can go so.  Cards below ``ptr`` (the waste on the last pass)
    never pair with each other.  ``UNREACHABLE`` if there is no way; 0 (for "no more
    than ``spare``") when a way exists and at most ``spare`` cards are left to pair.

    Pairing two neighbours at once never loses (a later card pairing with either one has
    the rank of the other), so the neighbours are paired off first (:func:`reduced_word`),
    except two cards at or above ``ptr`` while cards below it are left: the two cards
    pairing with them instead may both lie below ``ptr`` (``5 8 3 | 5 8`` with a partner
    for the 3 needs one card from elsewhere; pairing the 5 and 8 above first leaves none);
    a search over intervals then settles the rest: first whether there is a way at all
    (:func:`_clearable_word`), then, if the word is longer than ``spare``, the fewest
    (:func:`_fewest_left`)."""
    return word_deletions(reduced_word(ranks, cyc, ptr), partner, spare)


Word = tuple[list[int], list[int]]
"""The ranks of the cards of a cycle left once neighbours pair off (kings left out), and
per card, as bits, the later cards it may pair with."""


def reduced_word(ranks: Sequence[int], cyc: int, ptr: int) -> Word:
    """The :data:`Word` of the cycle ``cyc`` (see :func:`deletions`)."""
    word: list[int] = []
    low_flags: list[bool] = []
    lows_left = bool(cyc & ((1 << ptr) - 1))
    bits = cyc
    while bits:
        low = bits & -bits
        bits ^= low
        p = low.bit_length() - 1
        r = ranks[p]
        if r == KING:
            continue
        below = p < ptr
        # safe when exactly one of the two lies below ``ptr``, or none is left below it
        if word and word[-1] + r == 13 and (below != low_flags[-1] or not lows_left):
            word.pop()
            low_flags.pop()
        else:
            word.append(r)
            low_flags.append(below)
    at = [0] * 14
    lows = 0
    for i, r in enumerate(word):
        at[r] |= 1 << i
        if low_flags[i]:
            lows |= 1 << i
    mates = [
        at[13 - r] >> (i + 1) << (i + 1) & (~lows if lows >> i & 1 else -1)
        for i, r in enumerate(word)
    ]
    return word, mates


def word_deletions(word: Word, partner: int, spare: int) -> int:
    """:func:`deletions` of a :data:`Word`."""
    cards, mates = word
    if not cards:
        return 0
    if not _clearable_word(cards, mates, partner):
        return UNREACHABLE
    if len(cards) <= spare:
        return 0
    return _fewest_left(cards, mates, partner)


def clearable_cycle(
    ranks: Sequence[int], mates: Sequence[int], cyc: int, ptr: int, partner: int
) -> bool:
    """Whether the cards ``cyc`` (bits of positions, kings left out) can all go, some with a
    partner from elsewhere (ranks in the bitmask ``partner``), the rest pairing off as
    neighbours; below ``ptr`` no two pair.  Per position ``p`` the ends ``j`` of the
    clearable stretches ``[p, j)``, as bits, an absent card lying in no one's way."""
    n = cyc.bit_length()
    ends = 1 << n
    table = [0] * (n + 1)
    table[n] = ends
    lows = (1 << ptr) - 1
    for p in range(n - 1, -1, -1):
        after = ends
        if cyc >> p & 1:
            found = after if partner >> ranks[p] & 1 else 0
            bits = mates[p] & cyc & after
            if p < ptr:
                bits &= ~lows
            while bits:
                low = bits & -bits
                bits ^= low
                found |= table[low.bit_length()]
            ends = found | 1 << p
        else:
            ends = after | 1 << p
        table[p] = ends
    return bool(ends >> n & 1)


def _clearable_word(word: list[int], mates: list[int], partner: int) -> bool:
    """Whether ``word`` can go at all (any number of cards with a partner from elsewhere):
    :func:`clearable_cycle` of the whole word, nothing below a pointer."""
    return clearable_cycle(word, mates, (1 << len(word)) - 1, 0, partner)


FIELD_ONES = tuple(sum(1 << 8 * j for j in range(n + 1)) for n in range(64))
"""Per word length ``n``: a one in each of ``n + 1`` byte-wide fields."""


def _fewest_left(word: list[int], mates: list[int], partner: int) -> int:
    """:func:`deletions` of a word with no neighbours that pair: fewest cards going with a
    partner from elsewhere, the rest in a non-crossing matching of pairs
    (:func:`fewest_in_cycle` of the whole word, nothing below a pointer)."""
    return fewest_in_cycle(word, mates, (1 << len(word)) - 1, 0, partner)


def fewest_in_cycle(
    ranks: Sequence[int],
    mates: Sequence[int],
    cyc: int,
    ptr: int,
    partner: int,
    costly: int = -1,
) -> int:
    """:func:`deletions` of the cards ``cyc`` (bits of positions, kings left out): fewest
    cards going with a partner from elsewhere, the rest in a non-crossing matching of
    pairs (Nussinov's interval recursion), on the positions themselves (an absent card
    lying in no one's way); per position ``p``, ``mates[p]``: the later positions holding a
    card of the matching rank.  With ``costly``, a bitmask of ranks, only the cards of
    those ranks going so are counted (the others in ``partner`` go for nothing): the fewest
    cards of the ranks ``costly`` that must go with a partner from elsewhere.

    A row of the recursion, ``best[i][j]`` for every end ``j``, is one integer of byte-wide
    fields, each at most 63 (63: no way), so that a minimum of two rows takes a few integer
    operations: per field, ``(a | 128) - b`` keeps its top bit exactly when ``a >= b``.  A
    cycle is at most 52 cards, so 63 is never a count."""
    n = cyc.bit_length()
    ones = FIELD_ONES[n]
    guard = ones << 7
    none = 63 * ones
    lows = (1 << ptr) - 1
    below = 0
    rows = [0] * (n + 1)
    for p in range(n - 1, -1, -1):
        if not cyc >> p & 1:
            rows[p] = below = below & ~(0xFF << 8 * p)
            continue
        r = ranks[p]
        if not partner >> r & 1:
            row = none
        elif costly >> r & 1:
            row = below + ones
        else:
            row = below  # a card going for nothing
        row &= ~(0xFF << 8 * p)
        bits = mates[p] & cyc
        if p < ptr:
            bits &= ~lows
        while bits:
            low = bits & -bits
            bits ^= low
            k = low.bit_length() - 1
            c = below >> 8 * k & 0xFF
            if c < 63:
                cut = 8 * (k + 1)
                other = (rows[k + 1] + c * ones) >> cut << cut | none & ((1 << cut) - 1)
                smaller = (((row | guard) - other) & guard) >> 7
                smaller *= 0xFF
                row = other & smaller | row & ~smaller
        over = ((((row | guard) - none) & guard) >> 7) * 0xFF
        rows[p] = below = none & over | row & ~over
    found = below >> 8 * n & 0xFF
    return found if found < 63 else UNREACHABLE


def leaving_price(row: list[int], used: list[int], z: int, partners: int) -> int:
    """The price in half steps of the next card of rank ``z`` leaving by a removal
    (``row``: :meth:`Searcher._prices` for that rank), counted in ``used``, while
    ``partners`` pyramid cards of the partner rank can be free; a full step once each
    has been taken."""
    n = used[z]
    if n < partners:
        used[z] = n + 1
        return row[n]
    return 2


def pack(sid: int, passes: int, ptr: int, oid: int, mask: int) -> int:
    """One position as one integer (see the module docstring)."""
    return ((((mask << ORDER_BITS | oid) << 6 | ptr) << 2 | passes) << SHAPE_BITS) | sid


def unpack(key: int) -> tuple[int, int, int, int, int]:
    """``(shape, passes, pointer, order, mask)`` of a packed position."""
    return (
        key & SHAPE_MASK,
        key >> PASS_SHIFT & 3,
        key >> PTR_SHIFT & 63,
        key >> ORDER_SHIFT & ORDER_MASK,
        key >> MASK_SHIFT,
    )


class Searcher:
    """The moves of a puzzle's positions, the lower bound, and the two searches."""

    def __init__(self, puzzle: Puzzle, clock: Clock, max_positions: int = 1 << 62) -> None:
        t = self.t = Tables(puzzle)
        self.clock = clock
        self.max_positions = max_positions
        self.where_mask = ~(63 << PTR_SHIFT | 3 << PASS_SHIFT)
        """Keeps of a position what draws and redeals leave alone (``position &
        where_mask``).  A redeal under ``reshuffle`` deals a new order, so a position there
        is only compared with others of its pass."""
        if puzzle.reshuffle is not None:
            self.where_mask = ~(63 << PTR_SHIFT)
        self.lost: dict[int, int] = {}
        """Per position without pointer (``position & where_mask``): the earliest
        ``passes << 6 | pointer`` proved lost."""
        self.lost_ranks: dict[int, int] = {}
        """:attr:`lost` keyed by :meth:`by_ranks` (the verdict search's own table; not
        used under ``reshuffle``, where the next stock depends on the suits too)."""
        self.rank_cycles: dict[int, tuple[int, tuple[int, ...]]] = {}
        """Per cycle and stock order: :meth:`by_ranks`'s cycle and its positions (then
        the length of the cycle, the pointer when the stock is empty)."""
        self.reserve_ranks = self._reserve_ranks(puzzle.reserve)
        self.rank_masks: list[tuple[int, ...]] = []
        self.bit_ranks: list[tuple[int, ...]] = []
        """Per stock order: the rank of each bit of the mask."""
        self.adjacent: dict[int, int] = {}
        """Per cycle and stock order (``cycle << ORDER_BITS | order``): :meth:`adjacent_pairs`."""
        self.hot_pos: dict[int, int] = {}
        self.prices: dict[int, Prices] = {}
        self.price_kinds: dict[tuple[object, ...], int] = {}
        self.price_kind: dict[int, int] = {}
        self.access_memo: dict[int, int] = {}
        self.rank_seqs: dict[int, tuple[int, ...]] = {}
        """Per cycle cards and stock order (``cards << ORDER_BITS | order``): :meth:`rank_seq`."""
        self.pp_memo: dict[int, tuple[int, ...]] = {}
        """Per ranks in play and shape: :meth:`partnerable`."""
        self.blocks: list[Blocks | None] = [None] * len(t.geo.shapes)
        """Per shape: :meth:`blocking`."""
        self.need_bits: dict[int, tuple[tuple[int, int], ...]] = {}
        self.outside: dict[int, int] = {}
        """Per mask and stock order: :meth:`outside_ranks`."""
        self.clear_tables: dict[int, bytearray] = {}
        self.reduce_memo: dict[int, int] = {}
        """Per cycle, pointer, order and partner ranks: :func:`deletions`, or ``-1 - n``
        when only known to be at most ``n``, the cycle cards left (kings aside)."""
        self.rank_memo: dict[int, int] = {}
        """Per cycle cards kept, pointer, order, partner ranks and rank ``a`` (1 to 6): the
        fewest cycle cards of rank ``a`` that must go with a partner from elsewhere
        (:meth:`short_by_rank`)."""
        self.limited: dict[int, bool] = {}
        """Per counts of outside ranks and shape: :meth:`limited_clear`."""
        self.limit_work = LIMITED_WORK
        self.mates_of: dict[int, tuple[tuple[int, ...], tuple[int, ...], int]] = {}
        self.every_card = not puzzle.clear_board
        """Whether every card must go (then :meth:`cycle_dead` applies)."""
        positions = {i: p for p, i in enumerate(t.orders[0])}
        cycle_mask = 0
        for i, r in zip(puzzle.ids, puzzle.cycle, strict=True):
            if r:
                cycle_mask |= 1 << positions[i]
        ptr = sum(1 for r in puzzle.cycle[: puzzle.pointer] if r)
        res = sum(1 << i for i, r in enumerate(puzzle.reserve) if r)
        passes = puzzle.passes_done if cycle_mask else t.max_pass
        self.start = pack(t.start_sid, passes, ptr, 0, res | cycle_mask << t.nres)
        self.states = 0

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
        and its pointer is that embedding's place of the stock top."""
        t = self.t
        nres = t.nres
        mask = key >> MASK_SHIFT
        oid = key >> ORDER_SHIFT & ORDER_MASK
        cyc = mask >> nres
        at = cyc << ORDER_BITS | oid
        found = self.rank_cycles.get(at)
        if found is None:
            ranks = t.order_ranks[oid]
            pos = t.rank_pos[oid]
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
            found = self.rank_cycles[at] = (canon, tuple(down))
        canon, places = found
        ptr = key >> PTR_SHIFT & 63
        cptr = places[(cyc & ((1 << ptr) - 1)).bit_count()]
        res = self.reserve_ranks[mask & ((1 << nres) - 1)]
        where = ((canon << nres | res) << MASK_SHIFT) | (key & OS_MASK)
        return where, (key >> PASS_SHIFT & 3) << 6 | cptr

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
        top = (cyc & (high - 1)).bit_count() - 1
        low = (cyc & ((gone & -gone) - 1)).bit_count()
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
            k = (cyc & ((1 << p) - 1)).bit_count()
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

    def is_goal(self, key: int) -> bool:
        """Whether ``key`` is won."""
        t = self.t
        if key & SHAPE_MASK != t.empty_sid:
            return False
        return t.clear_board or key >> MASK_SHIFT == 0

    def dead(self, key: int) -> bool:
        """Whether the counting test shows the pyramid can no longer be cleared (or,
        when every card must go, a card on a waste that is off limits can never go)."""
        t = self.t
        mask = key >> MASK_SHIFT
        if not t.waste_usable and key >> PASS_SHIFT & 3 == t.max_pass:
            # on the last pass the waste is out of play for good
            waste = (1 << (key >> PTR_SHIFT & 63)) - 1 << t.nres
            if mask & waste:
                if not t.clear_board:
                    return True
                mask &= ~waste
        return (
            any((mask & bits).bit_count() < k for bits, k in self.needs(key))
            or self.stuck(key, mask)
            or self.short_of_partners(key & SHAPE_MASK, key >> ORDER_SHIFT & ORDER_MASK, mask)
            or (self.every_card and self.cycle_dead(key))
        )

    def stuck(self, key: int, mask: int) -> bool:
        """Whether ``key``'s pyramid cannot be cleared even if every rank with a card left
        in ``mask`` (outside the pyramid) could partner any number of pyramid cards."""
        at = mask << ORDER_BITS | key >> ORDER_SHIFT & ORDER_MASK
        outside = self.outside.get(at)
        if outside is None:
            outside = self.outside_ranks(at)
        outside &= RANK_BITS
        return not self.clearable(key & SHAPE_MASK, outside)

    def fewer_ranks(self, outside: int, key: int, child: int) -> int:
        """:meth:`outside_ranks` of ``child``, a position after ``key``, whose
        :meth:`outside_ranks` is ``outside``: only the cards gone from the mask can change
        it."""
        oid = child >> ORDER_SHIFT & ORDER_MASK
        if oid != key >> ORDER_SHIFT & ORDER_MASK:
            found = self.outside.get(child >> ORDER_SHIFT)
            return self.outside_ranks(child >> ORDER_SHIFT) if found is None else found
        masks = self.masks_of(oid)
        ranks = self.bit_ranks[oid]
        mask = child >> MASK_SHIFT
        gone = (key >> MASK_SHIFT) ^ mask
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

    def clear_table(self, outside: int) -> bytearray:
        """Per shape, whether it can be cleared with the outside ranks ``outside`` (see
        :meth:`clearable`): 1 yes, 2 no, 0 not known yet."""
        table = self.clear_tables.get(outside)
        if table is None:
            table = self.clear_tables[outside] = bytearray(len(self.t.geo.shapes))
        return table

    def clearable(self, sid: int, outside: int) -> bool:
        """Whether shape ``sid`` can be cleared by kings, pyramid pairs and pairs with cards
        from outside of the ranks in the bitmask ``outside``, as many as wanted."""
        table = self.clear_table(outside)
        known = table[sid]
        if known:
            return known == 1
        geo = self.t.geo
        ranks = self.t.ranks
        moves = geo.removals[sid]
        result = not moves
        kings = [nxt for s, nxt in moves if ranks[s] == KING]
        if kings:
            # a free king can go first in any line
            result = self.clearable(kings[0], outside)
        elif moves:
            for s, nxt in moves:
                if outside >> (13 - ranks[s]) & 1 and self.clearable(nxt, outside):
                    result = True
                    break
            else:
                result = any(
                    ranks[s] + ranks[u] == 13 and self.clearable(nxt, outside)
                    for s, u, nxt in geo.two_removals[sid]
                )
        table[sid] = 1 if result else 2
        return result

    def cycle_dead(self, key: int) -> bool:
        """Whether, in a game where every card must go, the cards of the stock and waste
        can no longer all go (see :meth:`unmatched` and :meth:`unreducible`)."""
        t = self.t
        sid, passes, ptr, oid, mask = unpack(key)
        cyc = mask >> t.nres
        if not cyc:
            return False
        last = passes == t.max_pass
        if not t.waste_usable:
            lone = cyc
        elif last:
            lone = cyc & ((1 << ptr) - 1)
        else:
            lone = 0
        info = t.info[sid] or t.shape(sid)
        if lone and self.unmatched(info, oid, mask, lone << t.nres):
            return True
        if t.waste_usable and (last or t.puzzle.reshuffle is None):
            return self.unreducible(info, oid, mask, ptr if last else 0)
        return False

    def every_dead(self, sid: int, key: int, mask: int) -> bool:
        """The tests the searches add, child by child, in games where every card must go
        (:meth:`short_of_partners` and :meth:`cycle_dead`).  With the pyramid alone to
        clear, the verdict search adds :meth:`short_of_partners` only, and the shortest-line
        search neither: nearly every position it expands can still be won."""
        return self.cycle_dead(key) or self.short_of_partners(
            sid, key >> ORDER_SHIFT & ORDER_MASK, mask
        )

    def short_of_partners(self, sid: int, oid: int, mask: int) -> bool:
        """Whether the pyramid cannot be taken apart with the cards outside it, each used
        once: :meth:`clearable` with a count per rank (see :meth:`limited_clear`)."""
        masks = self.masks_of(oid)
        counts = 0
        for z in range(1, KING):
            counts |= min((mask & masks[z]).bit_count(), 7) << 3 * z
        self.limit_work = LIMITED_WORK
        try:
            return not self.limited_clear(sid, counts)
        except _GaveUp:
            return False

    def limited_clear(self, sid: int, counts: int) -> bool:
        """Whether shape ``sid`` can be cleared by kings, pyramid pairs and pairs with
        cards from outside, at most ``counts >> 3 z & 7`` of rank ``z``; remembered.
        Raises :class:`_GaveUp` past :data:`LIMITED_WORK` new shapes in one test."""
        memo = counts << SHAPE_BITS | sid
        known = self.limited.get(memo)
        if known is not None:
            return known
        self.limit_work -= 1
        if self.limit_work < 0:
            raise _GaveUp
        geo = self.t.geo
        ranks = self.t.ranks
        moves = geo.removals[sid]
        result = not moves
        kings = [nxt for s, nxt in moves if ranks[s] == KING]
        if kings:
            result = self.limited_clear(kings[0], counts)
        elif moves:
            result = any(
                ranks[s] + ranks[u] == 13 and self.limited_clear(nxt, counts)
                for s, u, nxt in geo.two_removals[sid]
            ) or any(
                counts >> 3 * (13 - ranks[s]) & 7
                and self.limited_clear(nxt, counts - (1 << 3 * (13 - ranks[s])))
                for s, nxt in moves
            )
        self.limited[memo] = result
        return result

    def unmatched(self, info: ShapeInfo, oid: int, mask: int, lone: int) -> bool:
        """Whether the cards left cannot all be paired when no two of the cards ``lone``
        (bits of ``mask``) can ever pair with each other.

        Per pair of ranks ``(a, b)``, say ``m`` pairs are made inside the pyramid (at most
        its maximum matching); every other pyramid card pairs outside it, every lone card
        with a card that is not lone.  Hall's condition on each side of that bipartite graph
        bounds ``m`` from both sides; no ``m`` left means a dead position."""
        masks = self.masks_of(oid)
        counts = info[7]
        matched = info[9]
        other = mask & ~lone
        for c in range(6):
            a, b = c + 1, 12 - c
            wa, wb = (lone & masks[a]).bit_count(), (lone & masks[b]).bit_count()
            oa, ob = (other & masks[a]).bit_count(), (other & masks[b]).bit_count()
            pa, pb = counts[a], counts[b]
            low = max(0, pa - wb - ob, pb - wa - oa)
            high = min(matched[c], pb + ob - wa, pa + oa - wb)
            if low > high:
                return True
        return False

    def unreducible(self, info: ShapeInfo, oid: int, mask: int, ptr: int) -> bool:
        """Whether the stock and waste cards can no longer all go, by their order.

        Two cards of the stock and waste pair only as the stock top and the waste top,
        which are neighbours in the cycle order of the cards left, and the order never
        changes (on the last pass under ``reshuffle`` neither).  So the cycle cards that
        pair with each other form a non-crossing matching of neighbours-once-the-cards-
        between-are-gone, and every other cycle card (kings aside) pairs with a pyramid or
        reserve card of the matching rank, one each.  :meth:`deletions` counts the fewest
        such cards; more than the pyramid and reserve cards left is a dead position.  On
        the last pass (``ptr`` > 0) two waste cards never pair."""
        t = self.t
        nres = t.nres
        counts = info[7]
        spare = sum(counts[1:KING])
        partner = 0
        for z in range(1, KING):
            if counts[13 - z]:
                partner |= 1 << z
        for i in range(nres):
            r = t.res_ranks[i]
            if mask >> i & 1 and r != KING:
                spare += 1
                partner |= 1 << (13 - r)
        cyc = mask >> nres
        at = (cyc << 6 | ptr) << ORDER_BITS | oid
        memo = at << 14 | partner
        found = self.reduce_memo.get(memo)
        if found is None:
            ranks, mates, kings = self.cycle_mates(oid)
            # at most every card left (kings aside) needs a partner from elsewhere
            found = -1 - (cyc & ~kings).bit_count()
            if found >= -1 - spare:
                if not clearable_cycle(ranks, mates, cyc & ~kings, ptr, partner):
                    found = UNREACHABLE
                self.reduce_memo[memo] = found
        if found < -1 - spare:
            # known only to be at most a count above ``spare``
            ranks, mates, kings = self.cycle_mates(oid)
            found = fewest_in_cycle(ranks, mates, cyc & ~kings, ptr, partner)
            self.reduce_memo[memo] = found
        if found > spare:
            return True
        return self.short_by_rank(counts, oid, mask, ptr, partner)

    def short_by_rank(
        self, counts: tuple[int, ...], oid: int, mask: int, ptr: int, partner: int
    ) -> bool:
        """Whether, for some rank, the stock and waste cards of that rank that must go with
        a pyramid or reserve card outnumber the pyramid and reserve cards of the matching
        rank (a position :meth:`unreducible` finds alive; ``partner``: the ranks with such
        a card, as bits).

        In a line that clears everything, let ``D_a`` count the cycle cards of rank ``a``
        that pair with a pyramid or reserve card (the rest of the cycle, kings aside,
        pairing among themselves as in :meth:`unreducible`).  Each pairs with its own
        pyramid or reserve card of rank ``b = 13 - a``, so ``D_a <= Q_b``, the pyramid and
        reserve cards of rank ``b`` left.  :func:`fewest_in_cycle` with only the cards of
        rank ``a`` counted (the other ranks with a partner there going for nothing, the
        ranks without one not at all) is the least ``D_a`` of any way the cycle can go;
        above ``Q_b`` is a dead position.  It can be above only when the cycle holds more
        cards of rank ``a`` than ``Q_b``.  :meth:`unreducible` bounds the sum of the ``D_a``
        over all ranks; this bounds each, and the two disagree often: a cycle whose every
        way out with few cards from elsewhere spends three fives on a pyramid with one
        eight.

        The recursion runs without the cards of every other pair of ranks ``(c, 13 - c)``
        that both have a partner from elsewhere: those cards cost nothing to send there,
        and they pair only with each other, so any way the cycle goes stays a way, at the
        same cost, when each of their pairs goes apart instead; the least cost is the
        same without them (they then lie in no one's way), and more cycles share it."""
        t = self.t
        nres = t.nres
        masks = self.masks_of(oid)
        cyc = mask >> nres
        cyc_bits = cyc << nres
        res_bits = mask & ((1 << nres) - 1)
        free = -1
        for a in range(1, 7):
            b = 13 - a
            qb = counts[b] + (res_bits & masks[b]).bit_count()
            if (cyc_bits & masks[a]).bit_count() <= qb:
                continue
            ranks, mates, kings = self.cycle_mates(oid)
            pos = t.rank_pos[oid]
            if free < 0:
                # the pairs of ranks both with a partner from elsewhere
                free = 0
                for z in range(1, 7):
                    if partner >> z & 1 and partner >> (13 - z) & 1:
                        free |= 1 << z | 1 << (13 - z)
            pair = 1 << a | 1 << b
            # the cards of another such pair go for nothing in some way of least cost
            # (two of them pairing with each other may go apart instead): left out
            drop = 0
            for z in range(1, KING):
                if free >> z & 1 and not pair >> z & 1:
                    drop |= pos[z]
            word = cyc & ~kings & ~drop
            wpartner = partner & ~(free & ~pair)
            key = (((word << 6 | ptr) << ORDER_BITS | oid) << 14 | wpartner) << 3 | a
            least = self.rank_memo.get(key)
            if least is None:
                least = fewest_in_cycle(ranks, mates, word, ptr, wpartner, 1 << a)
                self.rank_memo[key] = least
            if least > qb:
                return True
        return False

    def cycle_mates(self, oid: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
        """Per stock order: the ranks by position, per position the later positions
        holding a card of the matching rank (as bits), and the positions of kings."""
        found = self.mates_of.get(oid)
        if found is None:
            ranks = self.t.order_ranks[oid]
            pos = self.t.rank_pos[oid]
            mates = tuple(
                pos[13 - r] >> (p + 1) << (p + 1) if r else 0 for p, r in enumerate(ranks)
            )
            found = self.mates_of[oid] = (ranks, mates, pos[KING])
        return found

    def needs(self, key: int) -> tuple[tuple[int, int], ...]:
        """The counting test of ``key``'s shape and stock order: pairs ``(bits, k)``, at
        least ``k`` of the mask's ``bits`` (the cards of one rank outside the pyramid)
        needed to clear the pyramid."""
        at = key & OS_MASK
        found = self.need_bits.get(at)
        if found is None:
            masks = self.masks_of(at >> ORDER_SHIFT)
            found = tuple((masks[z], k) for z, k in self.t.shape(key & SHAPE_MASK)[6])
            self.need_bits[at] = found
        return found

    def redeal(self, passes: int, ptr: int, oid: int, mask: int) -> int:
        """The position after a redeal (the stock empty, the waste not), shape 0."""
        t = self.t
        nres = t.nres
        cyc = mask >> nres
        puzzle = t.puzzle
        if puzzle.reshuffle is None:
            low = cyc & -cyc
            return pack(0, passes + 1, low.bit_length() - 1, oid, mask)
        cache_key = (oid, cyc, passes)
        found = t.redeal_orders.get(cache_key)
        if found is None:
            order = t.orders[oid]
            waste = tuple(order[p] for p in range(len(order)) if cyc >> p & 1)
            new = tuple(puzzle.reshuffle(passes + 1, waste))
            if sorted(new) != sorted(waste):
                raise ValueError("the engine's reshuffled stock is not the waste")
            found = (t.add_order(new), len(new))
            t.redeal_orders[cache_key] = found
        noid, n = found
        res = mask & ((1 << nres) - 1)
        return pack(0, passes + 1, 0, noid, res | ((1 << n) - 1) << nres)

    def successors(self, key: int) -> list[tuple[int, Step]]:
        """Every position one step from ``key``, with the step."""
        t = self.t
        sid, passes, ptr, oid, mask = unpack(key)
        rest = key & ~SHAPE_MASK
        info = t.shape(sid)
        out: list[tuple[int, Step]] = []
        if info[0] >= 0:
            out.append((rest | info[0], ("king", ("t", info[1]))))
        for nsid, s1, s2 in info[2]:
            out.append((rest | nsid, ("pair", ("t", s1), ("t", s2))))
        nres = t.nres
        ranks = t.order_ranks[oid]
        n = len(ranks)
        cyc = mask >> nres
        avail: list[tuple[Where, int, int, int]] = []
        if ptr < n:
            nxt = cyc >> (ptr + 1)
            nptr = ptr + (nxt & -nxt).bit_length() if nxt else n
            avail.append((("stock",), ranks[ptr], mask ^ 1 << (nres + ptr), nptr))
        low = cyc & ((1 << ptr) - 1)
        if low and t.waste_usable:
            w = low.bit_length() - 1
            avail.append((("waste",), ranks[w], mask ^ 1 << (nres + w), ptr))
        for i in range(nres):
            if mask >> i & 1:
                avail.append((("r", i), t.res_ranks[i], mask ^ 1 << i, ptr))
        singles = info[3]

        def make(nsid: int, nptr: int, nmask: int) -> int:
            return pack(nsid, passes if nmask >> nres else t.max_pass, nptr, oid, nmask)

        for i, (where, rank, nmask, nptr) in enumerate(avail):
            if rank == KING:
                out.append((make(sid, nptr, nmask), ("king", where)))
                continue
            for nsid, s in singles[rank]:
                out.append((make(nsid, nptr, nmask), ("pair", ("t", s), where)))
            for where2, rank2, nmask2, nptr2 in avail[i + 1 :]:
                if rank + rank2 == 13:
                    both = nmask & nmask2
                    out.append((make(sid, max(nptr, nptr2), both), ("pair", where, where2)))
        if ptr < n:
            nxt = cyc >> (ptr + 1)
            nptr = ptr + (nxt & -nxt).bit_length() if nxt else n
            out.append((pack(sid, passes, nptr, oid, mask), ("draw",)))
        elif low and passes < t.max_pass:
            out.append((self.redeal(passes, ptr, oid, mask) | sid, ("redeal",)))
        return out

    def walk(self, key: int, draws: int) -> tuple[list[Step], int]:
        """The draws and redeals of a macro step as steps, and the position they reach."""
        steps: list[Step] = []
        for _ in range(draws):
            sid, passes, ptr, oid, mask = unpack(key)
            n = len(self.t.order_ranks[oid])
            if ptr < n:
                cyc = mask >> self.t.nres
                nxt = cyc >> (ptr + 1)
                nptr = ptr + (nxt & -nxt).bit_length() if nxt else n
                key = pack(sid, passes, nptr, oid, mask)
                steps.append(("draw",))
            else:
                key = self.redeal(passes, ptr, oid, mask) | sid
                steps.append(("redeal",))
        return steps, key

    def line(self, keys: Sequence[int]) -> list[Step]:
        """The steps of a line of macro steps through the positions ``keys``."""
        steps: list[Step] = []
        for a, b in itertools.pairwise(keys):
            for draws in range(0, 160):
                walked, at = self.walk(a, draws)
                found = [step for child, step in self.successors(at) if child == b]
                if found:
                    steps.extend(walked)
                    steps.append(found[0])
                    break
            else:  # pragma: no cover - a search bug
                raise AssertionError("no macro step between two positions of the line")
        return steps

    # -- macro steps --------------------------------------------------------------------

    def adjacent_pairs(self, oid: int, cyc: int) -> int:
        """The positions whose card pairs with the card just before it in the cycle (the
        waste top when that card is the stock top)."""
        key = cyc << ORDER_BITS | oid
        found = self.adjacent.get(key)
        if found is None:
            ranks = self.t.order_ranks[oid]
            found = 0
            prev = -1
            bits = cyc
            while bits:
                low = bits & -bits
                p = low.bit_length() - 1
                bits ^= low
                if prev >= 0 and ranks[p] + ranks[prev] == 13:
                    found |= low
                prev = p
            self.adjacent[key] = found
        return found

    def expand(
        self, key: int, stop: int = 1 << 30, lo: int = 0, hi: int = 1 << 30
    ) -> tuple[list[tuple[int, int]], int]:
        """The positions after one removal, each with the draws and redeals before it.

        Every line can be put in a form where the step after a draw or a redeal uses the
        new stock top: a removal of pyramid and reserve cards alone can be made before
        the draws instead, and a removal with the card just drawn, now the waste top,
        could have been made with it as the stock top, before drawing it.  So removals
        without the stock top are made only before any draw, and after each draw or
        redeal only removals with the stock top.  Only the stock cards that some removal
        uses are stopped at.  A stock king ends the walk (drawn, it only lies in the way),
        except under ``reshuffle``, where the next shuffle depends on the cards in the
        waste.  None of these reorderings changes the waste at a redeal.  ``stop``
        (``passes << 6 | pointer``) ends the walk: from there on the stock was already
        searched.  Each item is ``(position, draws and
        redeals before the removal)``.  Only removals after ``lo`` to ``hi`` draws are
        listed; the second result is the fewest draws of a removal after ``hi`` (-1: none).
        """
        t = self.t
        sid = key & SHAPE_MASK
        info = t.info[sid] or t.shape(sid)
        rest = key & ~SHAPE_MASK
        if info[0] >= 0:
            return ([(rest | info[0], 0)] if lo == 0 else []), -1
        passes = key >> PASS_SHIFT & 3
        ptr = key >> PTR_SHIFT & 63
        oid = key >> ORDER_SHIFT & ORDER_MASK
        mask = key >> MASK_SHIFT
        out = [(rest | nsid, 0) for nsid, _s1, _s2 in info[2]] if lo == 0 else []
        nres = t.nres
        singles = info[3]
        res_ranks = t.res_ranks
        ranks = t.order_ranks[oid]
        n = len(ranks)
        cyc = mask >> nres
        max_pass = t.max_pass
        hot = info[4]
        # the reserve, alone or with the pyramid
        for i in range(nres):
            if mask >> i & 1:
                r = res_ranks[i]
                # a stock card pairing with this reserve card is a stop of the walk below,
                # in a later part of the expansion too
                hot |= 1 << 13 - r
                if lo:
                    continue
                m1 = mask ^ 1 << i
                if r == KING:
                    out.append((pack(sid, passes, ptr, oid, m1), 0))
                    continue
                for nsid, _s in singles[r]:
                    out.append((pack(nsid, passes, ptr, oid, m1), 0))
                for j in range(i + 1, nres):
                    if mask >> j & 1 and res_ranks[j] + r == 13:
                        out.append((pack(sid, passes, ptr, oid, m1 ^ 1 << j), 0))
        waste_usable = t.waste_usable
        # the waste top, before any draw
        low = cyc & ((1 << ptr) - 1)
        if low and waste_usable and lo == 0:
            w = low.bit_length() - 1
            r = ranks[w]
            m1 = mask ^ 1 << (nres + w)
            q = passes if m1 >> nres else max_pass
            if r == KING:
                out.append((pack(sid, q, ptr, oid, m1), 0))
            else:
                for nsid, _s in singles[r]:
                    out.append((pack(nsid, q, ptr, oid, m1), 0))
                for i in range(nres):
                    if mask >> i & 1 and res_ranks[i] + r == 13:
                        out.append((pack(sid, q, ptr, oid, m1 ^ 1 << i), 0))
        if not cyc:
            return out, -1
        if t.puzzle.reshuffle is not None:
            return out, self._walk_slow(out, sid, passes, ptr, oid, mask, singles, stop, lo, hi)
        # the stock top, after 0, 1, 2 ... draws and redeals: only where a removal is
        hk = hot << ORDER_BITS | oid
        hot_pos = self.hot_pos.get(hk)
        if hot_pos is None:
            pos = t.rank_pos[oid]
            hot_pos = 0
            for z in range(14):
                if hot >> z & 1:
                    hot_pos |= pos[z]
            self.hot_pos[hk] = hot_pos
        adj = 0
        if waste_usable:
            adj = self.adjacent.get(cyc << ORDER_BITS | oid, -1)
            if adj < 0:
                adj = self.adjacent_pairs(oid, cyc)
        spots = (hot_pos | adj) & cyc
        if not spots:
            return out, -1
        # a child is ``fixed | passes | pointer | shape`` with the removed cards' bits
        # cleared from ``fixed`` (the mask and the order)
        fixed = key >> ORDER_SHIFT << ORDER_SHIFT
        at_max = max_pass << PASS_SHIFT
        shift = MASK_SHIFT + nres
        one_left = cyc.bit_count() == 1
        q = passes
        start = ptr
        base = 0
        while q <= max_pass:
            if q << 6 | start >= stop:
                break
            bits = spots >> start << start
            while bits:
                lowbit = bits & -bits
                bits ^= lowbit
                p = lowbit.bit_length() - 1
                if q << 6 | p >= stop:
                    break
                d = base + (cyc & (lowbit - (1 << start))).bit_count()
                if d < lo:
                    continue
                if d > hi:
                    return out, d
                r = ranks[p]
                nxt = cyc >> (p + 1)
                nptr = p + (nxt & -nxt).bit_length() if nxt else n
                c1 = (fixed ^ lowbit << shift) | nptr << PTR_SHIFT
                c1 |= at_max if one_left else q << PASS_SHIFT
                if r == KING:
                    # drawing a king is never better than removing it: the walk ends here
                    out.append((c1 | sid, d))
                    return out, -1
                for nsid, _s in singles[r]:
                    out.append((c1 | nsid, d))
                if nres:
                    m1 = mask ^ lowbit << nres
                    qq = q if m1 >> nres else max_pass
                    for i in range(nres):
                        if mask >> i & 1 and res_ranks[i] + r == 13:
                            out.append((pack(sid, qq, nptr, oid, m1 ^ 1 << i), d))
                if adj & lowbit:
                    below = cyc & (lowbit - 1)
                    c2 = c1 ^ 1 << (below.bit_length() - 1 + shift)
                    if cyc.bit_count() == 2:
                        c2 = c2 & ~(3 << PASS_SHIFT) | at_max
                    out.append((c2 | sid, d))
            base += (cyc >> start).bit_count() + 1
            start = 0
            q += 1
        return out, -1

    def _walk_slow(
        self,
        out: list[tuple[int, int]],
        sid: int,
        passes: int,
        ptr: int,
        oid: int,
        mask: int,
        singles: tuple[tuple[tuple[int, int], ...], ...],
        stop: int,
        lo: int,
        hi: int,
    ) -> int:
        """The walk through the stock of :meth:`expand`, card by card (for reshuffles)."""
        t = self.t
        nres = t.nres
        res_ranks = t.res_ranks
        ranks = t.order_ranks[oid]
        n = len(ranks)
        cyc = mask >> nres
        d = 0
        while (passes << 6 | ptr) < stop:
            if d > hi:
                return d
            if ptr < n:
                r = ranks[ptr]
                nxt = cyc >> (ptr + 1)
                nptr = ptr + (nxt & -nxt).bit_length() if nxt else n
                m1 = mask ^ 1 << (nres + ptr)
                q = passes if m1 >> nres else t.max_pass
                if d < lo:
                    pass
                elif r == KING:
                    # not the end of the walk, as without reshuffle: a king drawn instead
                    # stays in the waste, and the next shuffle depends on the waste
                    out.append((pack(sid, q, nptr, oid, m1), d))
                else:
                    for nsid, _s in singles[r]:
                        out.append((pack(nsid, q, nptr, oid, m1), d))
                    for i in range(nres):
                        if mask >> i & 1 and res_ranks[i] + r == 13:
                            out.append((pack(sid, q, nptr, oid, m1 ^ 1 << i), d))
                    low = cyc & ((1 << ptr) - 1)
                    if low and t.waste_usable:
                        w = low.bit_length() - 1
                        if ranks[w] + r == 13:
                            m2 = m1 ^ 1 << (nres + w)
                            q2 = passes if m2 >> nres else t.max_pass
                            out.append((pack(sid, q2, nptr, oid, m2), d))
                ptr = nptr
                d += 1
            elif cyc and passes < t.max_pass:
                _, passes, ptr, oid, mask = unpack(self.redeal(passes, ptr, oid, mask))
                ranks = t.order_ranks[oid]
                n = len(ranks)
                cyc = mask >> nres
                d += 1
            else:
                break
        return -1

    # -- verdict ----------------------------------------------------------------------

    def decide(self) -> list[Step] | None:
        """Depth-first search for any winning line; ``None`` when there is none.

        Positions are macro steps (:meth:`expand`); a free pyramid king is removed within
        the step that frees it.  A child is tested cheapest first (the lost tables, the
        counting test, the stuck pyramid, then too few partners and, when every card must
        go, the cycle tests), and one the tests find dead is filed as lost under its ranks
        (:meth:`by_ranks`).  When every card must go, removals using a stock or waste card
        are tried first: a pyramid pair spends two partners the cycle may need, and wins
        come far sooner that way."""
        lost = self.lost
        clock = self.clock
        check, check_mask = clock.check, clock.mask
        expand = self.expand
        dead = self.dead
        is_goal = self.is_goal
        chain: list[int] = []

        big = 1 << 30
        goal_sid = self.t.empty_sid
        clear_board = self.t.clear_board
        needs = self.needs
        clear_table, clearable, fewer = self.clear_table, self.clearable, self.fewer_ranks
        fast = self.t.waste_usable
        every_card, every_dead = self.every_card, self.every_dead
        short_of_partners = self.short_of_partners
        # under reshuffle a redeal renumbers the mask's bits
        same = self.t.puzzle.reshuffle is None
        where_mask = self.where_mask
        lost_ranks = self.lost_ranks
        by_ranks = self.by_ranks

        masks = self.masks_of(0)
        bit_ranks = self.bit_ranks[0]
        infos, shape = self.t.info, self.t.shape
        nres = self.t.nres

        def search(key: int, where: int, at: int, out: int, table: bytearray) -> bool:
            """``out``: the ranks outside the pyramid, as bits; ``table``: its
            :meth:`clear_table`."""
            known = lost.get(where, big)
            rwhere, rat = by_ranks(key) if same else (where, at)
            self.states += 1
            if not self.states & check_mask:
                check(self.states)
                if max(len(lost), len(lost_ranks)) > self.max_positions:
                    raise BudgetExhausted("too many positions to hold", self.states)
            pmask = key >> MASK_SHIFT
            children = expand(key, known)[0]
            if every_card:
                # removals using a stock or waste card first: a pyramid card paired with
                # another pyramid or reserve card is one partner fewer for the cycle
                cycle_bits = pmask >> nres << nres
                children.sort(key=lambda c: not (pmask ^ c[0] >> MASK_SHIFT) & cycle_bits)
            for child, _draws in children:
                csid = child & SHAPE_MASK
                cinfo = infos[csid] or shape(csid)
                kings: list[int] = []
                while cinfo[0] >= 0:
                    # a free pyramid king goes at once (its position has that one child)
                    kings.append(child)
                    csid = cinfo[0]
                    child = child & ~SHAPE_MASK | csid
                    cinfo = infos[csid] or shape(csid)
                if csid == goal_sid and (clear_board or is_goal(child)):
                    chain.append(child)
                    chain.extend(reversed(kings))
                    return True
                cwhere = child & where_mask
                cat = (child >> PASS_SHIFT & 3) << 6 | child >> PTR_SHIFT & 63
                if lost.get(cwhere, big) <= cat:
                    continue
                cmask = child >> MASK_SHIFT
                if not fast:
                    if same:
                        rw, ra = by_ranks(child)
                        if lost_ranks.get(rw, big) <= ra:
                            continue
                    cout = fewer(out, key, child) & RANK_BITS
                    if not dead(child) and search(child, cwhere, cat, cout, clear_table(cout)):
                        chain.append(child)
                        chain.extend(reversed(kings))
                        return True
                    continue
                for bits, k in needs(child):
                    if (cmask & bits).bit_count() < k:
                        break
                else:
                    cout = out
                    ctable = table
                    gone = pmask ^ cmask
                    if gone:
                        if same:
                            while gone:
                                low = gone & -gone
                                gone ^= low
                                z = bit_ranks[low.bit_length() - 1]
                                if not cmask & masks[z]:
                                    cout &= ~(1 << z)
                        else:
                            cout = fewer(out, key, child) & RANK_BITS
                        if cout != out:
                            ctable = clear_table(cout)
                    clear = ctable[csid]
                    if not clear:
                        clear = 1 if clearable(csid, cout) else 2
                    if clear == 2:
                        continue
                    if same:
                        rw, ra = by_ranks(child)
                        if lost_ranks.get(rw, big) <= ra:
                            continue
                    if (
                        every_dead(csid, child, cmask)
                        if every_card
                        else short_of_partners(csid, child >> ORDER_SHIFT & ORDER_MASK, cmask)
                    ):
                        if same:
                            # filed, so that the tests are not run again on its ranks
                            lost_ranks[rw] = ra
                        continue
                    if search(child, cwhere, cat, cout, ctable):
                        chain.append(child)
                        chain.extend(reversed(kings))
                        return True
            lost[where] = at
            if lost_ranks.get(rwhere, big) > rat:
                lost_ranks[rwhere] = rat
            return False

        start = self.start
        root_out = self.outside_ranks(start >> ORDER_SHIFT) & RANK_BITS
        if is_goal(start):
            return []
        if dead(start) or not search(
            start,
            start & where_mask,
            (start >> PASS_SHIFT & 3) << 6 | start >> PTR_SHIFT & 63,
            root_out,
            clear_table(root_out),
        ):
            return None
        chain.append(start)
        chain.reverse()
        return self.line(chain)

    # -- shortest ---------------------------------------------------------------------

    def bound(self, key: int) -> int:
        """A lower bound on the steps still needed from ``key`` (admissible; the search
        keeps it from falling faster than the steps taken, see :meth:`shortest`)."""
        t = self.t
        sid = key & SHAPE_MASK
        info = t.info[sid] or t.shape(sid)
        if not t.clear_board:
            mask = key >> MASK_SHIFT
            masks = self.masks_of(key >> ORDER_SHIFT & ORDER_MASK)
            counts = info[7]
            h = counts[KING] + (mask & masks[KING]).bit_count()
            for a in range(1, 7):
                h += max(
                    counts[a] + (mask & masks[a]).bit_count(),
                    counts[13 - a] + (mask & masks[13 - a]).bit_count(),
                )
            return h if h > info[5] else info[5]
        if not info[6]:
            return info[5]
        # shapes with the same needs, pairing capacities and partners that can be free
        # price the stock alike
        kind = self.price_kind.get(sid)
        if kind is None:
            kind = self.price_kind[sid] = self.price_kinds.setdefault(
                self.price_sig(sid, info), len(self.price_kinds)
            )
        memo = kind << 72 | key >> SHAPE_BITS
        found = self.access_memo.get(memo)
        if found is None:
            found = self.access_memo[memo] = self.access(
                sid,
                key >> PASS_SHIFT & 3,
                key >> PTR_SHIFT & 63,
                key >> ORDER_SHIFT & ORDER_MASK,
                key >> MASK_SHIFT,
            )
        return info[5] + found

    def access(self, sid: int, passes: int, ptr: int, oid: int, mask: int) -> int:
        """The steps, beyond the pyramid's own bound, needed to bring into play the cards
        from outside the pyramid that the pyramid needs (see the module docstring).

        A cycle card leaves by pairing with a pyramid card only if one of the partner
        rank can be free by then (:meth:`partnerable`, given the ranks in play before
        it); otherwise it leaves by a step of its own, and a needed card is drawn first."""
        t = self.t
        nres = t.nres
        cyc = mask >> nres
        prices = self.prices.get(sid)
        if prices is None:
            info = t.shape(sid)
            prices = self.prices[sid] = self._prices(info[6], info[7], info[8])
        wanted, price, need, slack_all = prices
        crit = (self.blocks[sid] or self.blocking(sid))[0]
        partnerable = self.partnerable
        pp_get = self.pp_memo.get
        seq_get = self.rank_seqs.get
        costs: dict[int, list[int]] = {z: [] for z, _n in need}
        unmet = len(need)
        # the ranks of the cards in play: the reserve, the waste cards that can be its
        # top in this pass, the stock cards passed
        seen = 0
        if nres:
            res_ranks = t.res_ranks
            for i in range(nres):
                if mask >> i & 1:
                    seen |= 1 << res_ranks[i]
                    if wanted[res_ranks[i]]:
                        costs[res_ranks[i]].append(0)
            unmet = sum(1 for z, n in need if len(costs[z]) < n)
        stock = cyc >> ptr << ptr
        waste = cyc ^ stock
        stock_seq = seq_get(stock << ORDER_BITS | oid) or self.rank_seq(oid, stock)
        in_stock = stock_seq[0]
        # the waste cards that can be its top in this pass (by their place in the waste,
        # from the bottom): from the top down, each leaves with a king's step, a stock
        # or reserve card, or a pyramid card
        waste_seq = seq_get(waste << ORDER_BITS | oid) or self.rank_seq(oid, waste)
        big = 1 << 20
        dug = [big] * len(waste_seq)
        if waste and t.waste_usable:
            left = [0] * 14
            used = [0] * 14
            cost = 0
            slack = slack_all
            direct = seen | in_stock
            cur = direct & crit
            todo = crit ^ cur
            caps = pp_get(cur << SHAPE_BITS | sid) or partnerable(sid, cur)
            for i in range(len(waste_seq) - 1, 0, -1):
                z = waste_seq[i]
                seen |= 1 << z
                c = caps[z]
                if c:
                    if wanted[z]:
                        dug[i] = cost
                    n = used[z]
                    if n < c:
                        p = price[z][n]
                        used[z] = n + 1
                    elif direct >> (13 - z) & 1:
                        p = 2
                    else:
                        break
                elif z == KING or direct >> (13 - z) & 1:
                    p = 2
                else:
                    break
                n = left[z]
                if n and z != KING and n >= self.room(caps, oid, stock, mask, z):
                    break
                left[z] = n + 1
                if p == 1 and slack:
                    slack -= 1
                else:
                    cost += p
                if todo >> z & 1:
                    todo ^= 1 << z
                    cur |= 1 << z
                    caps = pp_get(cur << SHAPE_BITS | sid) or partnerable(sid, cur)
        used = [0] * 14
        cost = 0
        slack = slack_all
        # the stock, top first
        cur = seen & crit
        todo = crit ^ cur
        caps = pp_get(cur << SHAPE_BITS | sid) or partnerable(sid, cur)
        top = big
        for i in range(1, len(stock_seq) if unmet else 1):
            if cost >= top:
                break
            z = stock_seq[i]
            c = caps[z]
            if c:
                if wanted[z]:
                    found = costs[z]
                    found.append(cost)
                    if len(found) == wanted[z]:
                        unmet -= 1
                        if not unmet:
                            # later cards lower the bound only below the dearest need
                            top = max(sorted(costs[y])[n - 1] for y, n in need)
                p = leaving_price(price[z], used, z, c)
                if p == 1 and slack:
                    slack -= 1
                else:
                    cost += p
            else:
                if wanted[z]:
                    # no pyramid partner can be free for it yet: it is drawn first
                    found = costs[z]
                    found.append(cost + 2)
                    if len(found) == wanted[z]:
                        unmet -= 1
                        if not unmet:
                            top = max(sorted(costs[y])[n - 1] for y, n in need)
                cost += 2
            if todo >> z & 1:
                todo ^= 1 << z
                cur |= 1 << z
                caps = pp_get(cur << SHAPE_BITS | sid) or partnerable(sid, cur)
        if unmet and waste and passes < t.max_pass:
            # or the rest of the stock goes, a redeal, and the cards before it
            cost += 2
            if t.puzzle.reshuffle is None:
                cur = (seen | in_stock) & crit
                todo = crit ^ cur
                caps = pp_get(cur << SHAPE_BITS | sid) or partnerable(sid, cur)
                for i in range(1, len(waste_seq)):
                    z = waste_seq[i]
                    c = caps[z]
                    if c:
                        if wanted[z]:
                            d = dug[i]
                            costs[z].append(cost if cost < d else d)
                        p = leaving_price(price[z], used, z, c)
                        if p == 1 and slack:
                            slack -= 1
                        else:
                            cost += p
                    else:
                        if wanted[z]:
                            d = dug[i]
                            costs[z].append(cost + 2 if cost + 2 < d else d)
                        cost += 2
                    if todo >> z & 1:
                        todo ^= 1 << z
                        cur |= 1 << z
                        caps = pp_get(cur << SHAPE_BITS | sid) or partnerable(sid, cur)
            else:
                # (a new order: any card can come first)
                for i in range(1, len(waste_seq)):
                    z = waste_seq[i]
                    if wanted[z]:
                        d = dug[i]
                        costs[z].append(cost if cost < d else d)
        elif waste:
            for i in range(1, len(waste_seq)):
                if dug[i] < big:
                    costs[waste_seq[i]].append(dug[i])
        best = 0
        for z, n in need:
            found = costs[z]
            if len(found) < n:
                return big
            found.sort()
            if found[n - 1] > best:
                best = found[n - 1]
        return (best + 1) // 2

    def rank_seq(self, oid: int, cards: int) -> tuple[int, ...]:
        """The ranks (as bits) of the cycle cards ``cards`` of stock order ``oid``, then
        the rank of each, from the lowest bit (the stock top, or the waste bottom) up;
        remembered."""
        ranks = self.t.order_ranks[oid]
        seq = [0]
        bits = cards
        while bits:
            low = bits & -bits
            bits ^= low
            z = ranks[low.bit_length() - 1]
            seq[0] |= 1 << z
            seq.append(z)
        found = self.rank_seqs[cards << ORDER_BITS | oid] = tuple(seq)
        return found

    def price_sig(self, sid: int, info: ShapeInfo) -> tuple[object, ...]:
        """What :meth:`access` depends on of shape ``sid``: its needs, its pyramid cards
        per rank (at most four count), its slack, and for :meth:`partnerable` the cards
        that can wait for an outside rank (:meth:`blocking`) with their ranks."""
        crit, waiting, of_rank = self.blocks[sid] or self.blocking(sid)
        sig = (info[6], tuple(min(c, 4) for c in info[7][1:KING]), info[8])
        if not crit:
            return sig
        held = 0
        for card, _waits in waiting:
            held |= card
        return (*sig, crit, waiting, tuple(cards & held for cards in of_rank))

    def blocking(self, sid: int) -> Blocks:
        """What :meth:`partnerable` needs of shape ``sid``: the outside ranks some card's
        freeing waits for (as bits), per such card ``(its bit, the ranks it waits for)``,
        and per rank the cards of the shape of that rank.

        A card *needs* the ranks that every way of removing it waits for: the ranks its
        covering cards need, and, unless it is a king, those common to all its ways to
        go: with an outside card of its partner rank, or with each pyramid partner it
        neither covers nor lies on, which must be free first.  A card *waits for* the
        ranks its covering cards need.  This is the least solution of those equations
        (found by going over the cards until nothing changes): every rank it names is
        one that every line freeing the card has brought into play first."""
        t = self.t
        geo = t.geo
        ranks = t.ranks
        cone = geo.cone
        covered_by = geo.covered_by
        shape = geo.shapes[sid]
        of_rank = tuple(shape & cards for cards in t.rank_slots)
        slots = []
        bits = shape
        while bits:
            s = bits.bit_length() - 1
            bits ^= 1 << s
            slots.append(s)
        # (covering cards first: higher slots lie on lower ones)
        needs = [0] * geo.size
        waits = [0] * geo.size
        changed = True
        while changed:
            changed = False
            for s in slots:
                wait = 0
                cover = covered_by[s] & shape
                while cover:
                    c = cover.bit_length() - 1
                    cover ^= 1 << c
                    wait |= needs[c]
                if wait != waits[s]:
                    waits[s] = wait
                    changed = True
                r = ranks[s]
                need = wait
                if r != KING:
                    common = 1 << (13 - r)
                    partners = of_rank[13 - r] & ~cone[s]
                    # (a partner's wait as last found: the going over ends only when
                    # no need and no wait changes)
                    while partners and common:
                        d = partners.bit_length() - 1
                        partners ^= 1 << d
                        common &= waits[d]
                    need |= common
                if need != needs[s]:
                    needs[s] = need
                    changed = True
        crit = 0
        waiting = []
        for s in slots:
            if waits[s]:
                crit |= waits[s]
                waiting.append((1 << s, waits[s]))
        found = self.blocks[sid] = (crit, tuple(waiting), of_rank)
        return found

    def partnerable(self, sid: int, seen: int) -> tuple[int, ...]:
        """Per rank ``z`` (kings never), how many pyramid cards of rank ``13 - z`` of
        shape ``sid`` can be free once the outside cards of the ranks ``seen`` (as bits,
        only those of :meth:`blocking`'s first bits) have come into play: those that wait
        for no other rank (see :meth:`blocking`); remembered."""
        _crit, waiting, of_rank = self.blocks[sid] or self.blocking(sid)
        blocked = 0
        for card, waits in waiting:
            if waits & ~seen:
                blocked |= card
        free = self.t.geo.shapes[sid] & ~blocked
        found = (0, *((of_rank[13 - z] & free).bit_count() for z in range(1, KING)), 0)
        self.pp_memo[seen << SHAPE_BITS | sid] = found
        return found

    def room(self, caps: tuple[int, ...], oid: int, stock: int, mask: int, z: int) -> int:
        """How many waste cards of rank ``z`` (not a king) can at most leave the waste
        before a redeal, ``caps`` the :meth:`partnerable` of the ranks in play.  A waste
        card leaves only by a removal as the waste top, and two waste cards never pair
        before a redeal, so with a partner of rank ``13 - z`` from the pyramid (one that
        can be free then), the stock or the reserve, each partner once: no card under
        more waste cards of rank ``z`` than that can be dug out."""
        t = self.t
        nres = t.nres
        n = caps[z] + (stock & t.rank_pos[oid][13 - z]).bit_count()
        res = mask & ((1 << nres) - 1)
        if res:
            n += (res & self.masks_of(oid)[13 - z]).bit_count()
        return n

    @staticmethod
    def _prices(need: tuple[tuple[int, int], ...], counts: tuple[int, ...], slack: int) -> Prices:
        wanted = [0] * 14
        for z, k in need:
            wanted[z] = k
        # price in half steps of the n-th card of rank z leaving by a removal: free within
        # the need, half a step up to the pyramid cards it can pair with, else a full step
        price = [[2] * 5 for _ in range(14)]
        for z in range(1, 13):
            cap = counts[13 - z]
            row = price[z]
            for n in range(min(cap, 4)):
                row[n] = 0 if n < wanted[z] else 1
        return wanted, price, need, slack

    def shortest(self, limit: int | None = None) -> list[Step] | None:
        """A* over macro steps for a shortest winning line; ``None`` if there is none
        (of at most ``limit`` steps, when given).

        Positions that differ only in the pointer are compared: one reached in ``g``
        steps with the pointer at ``P`` makes useless any reached in ``g'`` steps at a
        later ``P'`` when ``g`` plus the draws from ``P`` to ``P'`` is at most ``g'``.
        Without ``reshuffle`` positions are compared by their ranks (:meth:`by_ranks`):
        two with the same shape and the same ranks in the same places have the same
        future, lines of the same lengths and the same bound, so only the first reached
        in the fewest steps is searched (the line found is still one of real cards: each
        position keeps the real one it came from).  Positions the verdict search filed
        lost by their ranks are skipped.
        """
        clock = self.clock
        check, check_mask = clock.check, clock.mask
        start = self.start
        if self.is_goal(start):
            return []
        bound = self.bound
        expand = self.expand
        dead = self.dead
        is_goal = self.is_goal
        lost = self.lost
        nres = self.t.nres
        big = 1 << 20
        h0 = bound(start)
        if h0 >= big or dead(start):
            return None
        if limit is None:
            limit = 255
        best: dict[int, int] = {start: 0}
        """Per position: its parent << 8 | g."""
        seen: dict[int, list[int]] = {}
        """Per position without pointer: ``P << 8 | g`` of the positions kept."""
        buckets: dict[int, list[list[int]]] = {}
        """Per ``f``: per ``h``, the entries waiting (the smallest ``h`` first)."""
        lows: dict[int, int] = {}
        """Per ``f``: no entry waits at a smaller ``h``."""

        def draws_between(mask: int, p0: int, p1: int) -> int:
            """Draws and redeals from pointer ``p0`` to ``p1`` (``passes << 6 | ptr``)."""
            cyc = mask >> nres
            q0, s0, q1, s1 = p0 >> 6, p0 & 63, p1 >> 6, p1 & 63
            if q0 == q1:
                return (cyc & ((1 << s1) - (1 << s0))).bit_count()
            total = cyc.bit_count()
            return (
                (cyc >> s0).bit_count()
                + (q1 - q0 - 1) * (total + 1)
                + 1
                + (cyc & ((1 << s1) - 1)).bit_count()
            )

        def dominated(kept: Sequence[int], mask: int, at: int, g: int, strict: bool) -> bool:
            for e in kept:
                p0 = e >> 8
                if p0 == at:
                    if (e & 255) < g or (not strict and (e & 255) == g):
                        return True
                elif p0 < at and (e & 255) + draws_between(mask, p0, at) <= g:
                    return True
            return False

        def push(f: int, h: int, entry: int) -> None:
            rows = buckets.get(f)
            if rows is None:
                rows = buckets[f] = [[] for _ in range(f + 1)]
                lows[f] = h
            elif h < lows[f]:
                lows[f] = h
            rows[h].append(entry)

        push(h0, h0, start << 16)
        shape = self.t.shape
        infos = self.t.info
        goal_sid = self.t.empty_sid
        clear_board = self.t.clear_board
        needs = self.needs
        need_bits = self.need_bits
        access_memo, price_kind = self.access_memo, self.price_kind
        outside_get, outside_ranks = self.outside.get, self.outside_ranks
        clear_table, clearable, fewer = self.clear_table, self.clearable, self.fewer_ranks
        fast = self.t.waste_usable
        every_card, every_dead = self.every_card, self.every_dead
        root_out = self.outside_ranks(start >> ORDER_SHIFT) & RANK_BITS
        reshuffling = self.t.puzzle.reshuffle is not None
        where_mask = self.where_mask
        ranked = not reshuffling
        by_ranks, lost_ranks = self.by_ranks, self.lost_ranks
        rank_cycles = self.rank_cycles
        cycle_after = self.cycle_after
        rank_cycles_get = rank_cycles.get
        reserve_ranks = self.reserve_ranks
        res_bits = (1 << nres) - 1
        if ranked:
            by_ranks(start)
        f = h0
        goal = -1
        while goal < 0:
            rows = buckets.get(f)
            if rows is None:
                if not buckets or f > limit:
                    return None
                f += 1
                continue
            h = lows[f]
            while h < len(rows) and not rows[h]:
                h += 1
            if h == len(rows):
                del buckets[f]
                continue
            lows[f] = h
            entry = rows[h].pop()
            lo = entry & 255
            key = entry >> 16
            g = entry >> 8 & 255
            if best[key] & 255 < g:
                continue
            if key & SHAPE_MASK == goal_sid and (clear_board or is_goal(key)):
                goal = key
                break
            where = key & where_mask
            mask = key >> MASK_SHIFT
            at = (key >> PASS_SHIFT & 3) << 6 | key >> PTR_SHIFT & 63
            if ranked:
                # :meth:`by_ranks`, inline (every position queued has its cycle there)
                cyc = mask >> nres
                pcanon, pplaces = rank_cycles[cyc << ORDER_BITS | key >> ORDER_SHIFT & ORDER_MASK]
                rmask = pcanon << nres | reserve_ranks[mask & res_bits]
                rat = at & ~63 | pplaces[(cyc & ((1 << (at & 63)) - 1)).bit_count()]
                kept = seen.get(rmask << MASK_SHIFT | (key & OS_MASK))
                if kept is not None and dominated(kept, rmask, rat, g, True):
                    continue
            elif dominated(seen.get(where, ()), mask, at, g, True):
                continue
            if not lo:
                self.states += 1
                if not self.states & check_mask:
                    check(self.states)
                    if len(best) > self.max_positions:
                        raise BudgetExhausted("too many positions to hold", self.states)
            floor = (infos[key & SHAPE_MASK] or shape(key & SHAPE_MASK))[5]
            children, later = expand(key, lost.get(where, 1 << 30), lo, f - g - floor)
            if later >= 0:
                push(g + later + floor, later + floor, (key << 8 | g) << 8 | later)
            hn = h if not lo else 0
            pfull = outside_get(key >> ORDER_SHIFT)
            if pfull is None:
                pfull = outside_ranks(key >> ORDER_SHIFT)
            plast = -1 if reshuffling else pfull >> LAST_SHIFT
            pout = pfull & RANK_BITS
            table = clear_table(pout)
            for child, draws in children:
                gc = g + draws + 1
                old = best.get(child)
                if old is not None and old & 255 <= gc:
                    continue
                csid = child & SHAPE_MASK
                if csid == goal_sid and (clear_board or is_goal(child)):
                    best[child] = key << 8 | gc
                    if gc == f:
                        goal = child
                        break
                    push(gc, 0, (child << 8 | gc) << 8)
                    continue
                cw = child & where_mask
                cat = (child >> PASS_SHIFT & 3) << 6 | child >> PTR_SHIFT & 63
                if lost.get(cw, 1 << 30) <= cat:
                    continue
                cmask = child >> MASK_SHIFT
                if fast:
                    alive = True
                    wanted = need_bits.get(child & OS_MASK)
                    if wanted is None:
                        wanted = needs(child)
                    for bits, k in wanted:
                        if (cmask & bits).bit_count() < k:
                            alive = False
                            break
                    if not alive:
                        continue
                    # (with every rank still outside, the bound tells a stuck pyramid)
                    if (mask ^ cmask) & plast:
                        outside = fewer(pfull, key, child) & RANK_BITS
                    else:
                        outside = pout
                    if outside != root_out:
                        clear = (table if outside == pout else clear_table(outside))[csid]
                        if not clear:
                            clear = 1 if clearable(csid, outside) else 2
                        if clear == 2:
                            continue
                    if every_card and every_dead(csid, child, cmask):
                        continue
                elif dead(child):
                    continue
                rkey = child
                if ranked:
                    # positions with the same ranks in the same places have the same
                    # future (suits never matter without ``reshuffle``): one is kept, and
                    # the bound is remembered per ranks (:meth:`by_ranks`, inline)
                    ccyc = cmask >> nres
                    found_rc = rank_cycles_get(
                        ccyc << ORDER_BITS | child >> ORDER_SHIFT & ORDER_MASK
                    )
                    if found_rc is None:
                        found_rc = cycle_after(
                            child >> ORDER_SHIFT & ORDER_MASK, cyc, pcanon, pplaces, ccyc
                        )
                    canon, places = found_rc
                    cptr = places[(ccyc & ((1 << (child >> PTR_SHIFT & 63)) - 1)).bit_count()]
                    cmask = canon << nres | reserve_ranks[cmask & res_bits]
                    cw = cmask << MASK_SHIFT | (child & OS_MASK)
                    cat = cat & ~63 | cptr
                    if lost_ranks.get(cw, 1 << 30) <= cat:
                        continue
                    rkey = cw | (cat >> 6) << PASS_SHIFT | cptr << PTR_SHIFT
                kept = seen.get(cw)
                if kept is not None:
                    if dominated(kept, cmask, cat, gc, False):
                        continue
                else:
                    kept = seen[cw] = []
                # the bound (:meth:`bound`, its common case inline)
                cinfo = infos[csid] or shape(csid)
                hc = cinfo[5]
                if not clear_board:
                    hc = bound(rkey)
                elif cinfo[6]:
                    kind = price_kind.get(csid)
                    if kind is None:
                        hc = bound(rkey)
                    else:
                        found = access_memo.get(kind << 72 | rkey >> SHAPE_BITS)
                        hc = hc + found if found is not None else bound(rkey)
                if hc < hn - draws - 1:
                    hc = hn - draws - 1
                if hc >= big or gc + hc > limit:
                    continue
                best[child] = key << 8 | gc
                kept.append(cat << 8 | gc)
                fc = gc + hc
                rows = buckets.get(fc)
                if rows is None:
                    rows = buckets[fc] = [[] for _ in range(fc + 1)]
                    lows[fc] = hc
                elif hc < lows[fc]:
                    lows[fc] = hc
                rows[hc].append((child << 8 | gc) << 8)
        chain = [goal]
        key = goal
        while key != start:
            key = best[key] >> 8
            chain.append(key)
        chain.reverse()
        return self.line(chain)
