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
* *Lost positions.*  The verdict search (:func:`decide`) proves positions lost; a position
  lost with the pointer at ``(pass, p)`` is lost at every later ``(pass', p')`` (the earlier
  one can draw through to it), so per position-without-pointer only the earliest lost
  pointer is kept, and the shortest-line search skips every position it covers.

**Shortest lines** are found by A* (:func:`shortest`) with a consistent lower bound, so the
first goal reached at the lowest ``f`` is a shortest line, and the proof is the search
itself.  The bound counts the steps that remove pyramid cards and, separately, the steps
that remove none (draws, redeals, pairs outside the pyramid), which are disjoint:

* removing: per rank pair ``n_a + n_b - M`` (each step removes at most two pyramid cards,
  two only as a compatible pair), plus one per king;
* not removing: the ``k``-th pyramid card that needs a partner of rank ``b`` from outside
  needs the ``k``-th such card brought into play; a stock card comes into play only when
  every card above it has left the stock, and each card that leaves by a draw, a pair
  outside the pyramid or a king is such a step.  At most ``n_{13-z}`` cards of rank ``z``
  can leave by pairing with pyramid cards, so the cards above it cost at least
  ``sum_z max(0, above_z - n_{13-z})``.  A waste card needs the cards above it removed
  (the same count), or the stock emptied, a redeal and the cards before it in the cycle.
  The largest such cost over the needed cards bounds the non-removing steps.

Each step lowers each part by at most one, so the sum is consistent.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

from printplay.solve.result import BudgetExhausted
from printplay.solve.toolkit import Clock

KING = 13
SHAPE_BITS = 11
PASS_SHIFT = SHAPE_BITS
PTR_SHIFT = PASS_SHIFT + 2
ORDER_SHIFT = PTR_SHIFT + 6
ORDER_BITS = 20
MASK_SHIFT = ORDER_SHIFT + ORDER_BITS
SHAPE_MASK = (1 << SHAPE_BITS) - 1
ORDER_MASK = (1 << ORDER_BITS) - 1

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
    return Geometry(rows, size, tuple(covered_by), tuple(cone), tuple(shapes), index, tuple(frees))


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


class Tables:
    """Everything the searches look up, computed once for a puzzle."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        geo = geometry(puzzle.rows)
        self.geo = geo
        ranks = puzzle.pyramid
        self.nres = len(puzzle.reserve)
        self.res_ranks = puzzle.reserve
        self.max_pass = puzzle.passes_done + puzzle.passes_left
        self.clear_board = puzzle.clear_board
        self.waste_usable = puzzle.waste_usable
        start_shape = sum(1 << s for s in range(geo.size) if ranks[s])
        # Shapes reachable from the start: subsets of it that are reachable shapes.
        if start_shape not in geo.index:
            raise ValueError("impossible position: a pyramid card is gone but still covered")
        self.start_sid = geo.index[start_shape]
        self.empty_sid = geo.index[0]
        nshapes = len(geo.shapes)
        self.forced: list[int] = [-1] * nshapes
        """Per shape: the shape after removing a free king (-1: no free king)."""
        self.forced_slot: list[int] = [-1] * nshapes
        self.pairs: list[tuple[tuple[int, int, int], ...]] = [()] * nshapes
        """Per shape: (next shape, slot, slot) of each free pyramid pair."""
        self.singles: list[tuple[tuple[tuple[int, int], ...], ...]] = [()] * nshapes
        """Per shape and partner rank z: (next shape, slot) of free cards of rank 13 - z."""
        self.h1: list[int] = [0] * nshapes
        self.need: list[tuple[tuple[int, int], ...]] = [()] * nshapes
        """Per shape: (rank z, how many cards of rank z from outside the pyramid)."""
        self.counts: list[tuple[int, ...]] = [()] * nshapes
        """Per shape: pyramid cards left by rank (index 0-13)."""
        for sid, shape in enumerate(geo.shapes):
            if shape & ~start_shape:
                continue
            self._shape(sid, shape, ranks)
        # The cycle orders met (only one without reshuffle).
        self.orders: list[tuple[int, ...]] = []
        self.order_ranks: list[tuple[int, ...]] = []
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
        self.order_ranks.append(tuple(self.id_rank[i] for i in ids))
        return len(self.orders) - 1

    def _shape(self, sid: int, shape: int, ranks: Sequence[int]) -> None:
        geo = self.geo
        index = geo.index
        free = geo.free[sid]
        slots = [s for s in range(geo.size) if free >> s & 1]
        for s in slots:
            if ranks[s] == KING:
                self.forced[sid] = index[shape ^ 1 << s]
                self.forced_slot[sid] = s
                break
        pairs = []
        singles: list[list[tuple[int, int]]] = [[] for _ in range(14)]
        for i, s in enumerate(slots):
            rank = ranks[s]
            if rank == KING:
                continue
            singles[13 - rank].append((index[shape ^ 1 << s], s))
            for t in slots[i + 1 :]:
                if ranks[t] + rank == 13:
                    pairs.append((index[shape ^ 1 << s ^ 1 << t], s, t))
        self.pairs[sid] = tuple(pairs)
        self.singles[sid] = tuple(tuple(x) for x in singles)
        counts = [0] * 14
        left = [s for s in range(geo.size) if shape >> s & 1]
        for s in left:
            counts[ranks[s]] += 1
        self.counts[sid] = tuple(counts)
        h = counts[KING]
        need = []
        for a in range(1, 7):
            b = 13 - a
            side_a = [s for s in left if ranks[s] == a]
            side_b = [s for s in left if ranks[s] == b]
            m = _matching(side_a, side_b, geo.cone)
            h += len(side_a) + len(side_b) - m
            if len(side_a) > m:
                need.append((b, len(side_a) - m))
            if len(side_b) > m:
                need.append((a, len(side_b) - m))
        self.h1[sid] = h
        self.need[sid] = tuple(need)


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

    def __init__(self, puzzle: Puzzle, clock: Clock) -> None:
        self.t = Tables(puzzle)
        self.clock = clock
        self.lost: dict[int, int] = {}
        """Per position without pointer (key >> PTR_SHIFT, shape and passes cleared): the
        earliest ``passes << 6 | pointer`` proved lost."""
        self.rank_masks: list[tuple[int, ...]] = []
        self._order_masks(0)
        t = self.t
        cycle_mask = 0
        ptr = puzzle.pointer
        ids = puzzle.ids
        positions = {i: p for p, i in enumerate(t.orders[0])}
        for i, r in zip(ids, puzzle.cycle, strict=True):
            if r:
                cycle_mask |= 1 << positions[i]
        # the pointer: first cycle card at or after the first stock card
        first_stock = sum(1 for r in puzzle.cycle[: puzzle.pointer] if r)
        ptr = first_stock
        res = sum(1 << i for i, r in enumerate(puzzle.reserve) if r)
        self.start = pack(t.start_sid, puzzle.passes_done, ptr, 0, res | cycle_mask << t.nres)
        self.states = 0

    def _order_masks(self, oid: int) -> None:
        t = self.t
        while len(self.rank_masks) <= oid:
            ranks = t.order_ranks[len(self.rank_masks)]
            masks = [0] * 14
            for i, r in enumerate(t.res_ranks):
                if r:
                    masks[r] |= 1 << i
            for p, r in enumerate(ranks):
                masks[r] |= 1 << (t.nres + p)
            self.rank_masks.append(tuple(masks))

    # -- moves ------------------------------------------------------------------------

    def is_goal(self, key: int) -> bool:
        t = self.t
        if key & SHAPE_MASK != t.empty_sid:
            return False
        return t.clear_board or key >> MASK_SHIFT == 0

    def dead(self, key: int) -> bool:
        """Whether the counting test shows the pyramid can no longer be cleared."""
        t = self.t
        need = t.need[key & SHAPE_MASK]
        if not need:
            return False
        masks = self.rank_masks[key >> ORDER_SHIFT & ORDER_MASK]
        mask = key >> MASK_SHIFT
        return any((mask & masks[z]).bit_count() < k for z, k in need)

    def redeal(self, passes: int, ptr: int, oid: int, mask: int) -> int:
        """The position after a redeal (the stock empty, the waste not)."""
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
            noid = t.add_order(new)
            self._order_masks(noid)
            found = (noid, len(new))
            t.redeal_orders[cache_key] = found
        noid, n = found
        res = mask & ((1 << nres) - 1)
        return pack(0, passes + 1, 0, noid, res | ((1 << n) - 1) << nres)

    def successors(self, key: int) -> list[tuple[int, Step]]:
        """Every position one step from ``key``, with the step (a free pyramid king is
        the only step when there is one)."""
        t = self.t
        sid, passes, ptr, oid, mask = unpack(key)
        rest = key & ~SHAPE_MASK
        forced = t.forced[sid]
        if forced >= 0:
            return [(rest | forced, ("king", ("t", t.forced_slot[sid])))]
        out: list[tuple[int, Step]] = []
        for nsid, s1, s2 in t.pairs[sid]:
            out.append((rest | nsid, ("pair", ("t", s1), ("t", s2))))
        nres = t.nres
        ranks = t.order_ranks[oid]
        n = len(ranks)
        cyc = mask >> nres
        # Cards in play outside the pyramid: (where, rank, mask after, pointer after).
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
        singles = t.singles[sid]
        for i, (where, rank, nmask, nptr) in enumerate(avail):
            if rank == KING:
                out.append((pack(sid, passes, nptr, oid, nmask), ("king", where)))
                continue
            for nsid, s in singles[rank]:
                out.append((pack(nsid, passes, nptr, oid, nmask), ("pair", ("t", s), where)))
            for where2, rank2, nmask2, nptr2 in avail[i + 1 :]:
                if rank + rank2 == 13:
                    both = nmask & nmask2
                    out.append(
                        (pack(sid, passes, max(nptr, nptr2), oid, both), ("pair", where, where2))
                    )
        if ptr < n:
            nxt = cyc >> (ptr + 1)
            nptr = ptr + (nxt & -nxt).bit_length() if nxt else n
            out.append((pack(sid, passes, nptr, oid, mask), ("draw",)))
        elif low and passes < t.max_pass:
            out.append((self.redeal(passes, ptr, oid, mask) | sid, ("redeal",)))
        return out

    # -- verdict ----------------------------------------------------------------------

    def decide(self) -> list[Step] | None:
        """Depth-first search for any winning line; ``None`` when there is none."""
        lost = self.lost
        clock = self.clock
        check, check_mask = clock.check, clock.mask
        line: list[Step] = []
        successors = self.successors
        dead = self.dead
        is_goal = self.is_goal

        def search(key: int) -> bool:
            where = key >> PTR_SHIFT << SHAPE_BITS | key & SHAPE_MASK
            at = (key >> PASS_SHIFT & 3) << 6 | key >> PTR_SHIFT & 63
            known = lost.get(where)
            if known is not None and known <= at:
                return False
            self.states += 1
            if not self.states & check_mask:
                check(self.states)
            for child, step in successors(key):
                if is_goal(child):
                    line.append(step)
                    return True
                if dead(child):
                    continue
                if search(child):
                    line.append(step)
                    return True
            known = lost.get(where)
            if known is None or known > at:
                lost[where] = at
            return False

        if self.is_goal(self.start):
            return []
        if self.dead(self.start) or not search(self.start):
            return None
        line.reverse()
        return line

    # -- shortest ---------------------------------------------------------------------

    def bound(self, key: int) -> int:
        """A lower bound on the steps still needed from ``key`` (consistent)."""
        t = self.t
        sid, passes, ptr, oid, mask = unpack(key)
        h = t.h1[sid]
        if not t.clear_board:
            masks = self.rank_masks[oid]
            counts = t.counts[sid]
            h = counts[KING] + (mask & masks[KING]).bit_count()
            for a in range(1, 7):
                h += max(
                    counts[a] + (mask & masks[a]).bit_count(),
                    counts[13 - a] + (mask & masks[13 - a]).bit_count(),
                )
            return h
        need = t.need[sid]
        if not need:
            return h
        return h + self.access(sid, passes, ptr, oid, mask, need)

    def access(
        self,
        sid: int,
        passes: int,
        ptr: int,
        oid: int,
        mask: int,
        need: tuple[tuple[int, int], ...],
    ) -> int:
        """The steps removing no pyramid card needed to bring into play the cards from
        outside the pyramid that the pyramid needs (see the module docstring)."""
        t = self.t
        counts = t.counts[sid]
        ranks = t.order_ranks[oid]
        n = len(ranks)
        nres = t.nres
        cyc = mask >> nres
        wanted = [0] * 14
        for z, k in need:
            wanted[z] = k
        costs: list[list[int]] = [[] for _ in range(14)]
        for i in range(nres):
            if mask >> i & 1 and wanted[t.res_ranks[i]]:
                costs[t.res_ranks[i]].append(0)
        # the stock, top down
        above = [0] * 14
        cost = 0
        for p in range(ptr, n):
            if cyc >> p & 1:
                z = ranks[p]
                if wanted[z]:
                    costs[z].append(cost)
                above[z] += 1
                if z == KING or above[z] > counts[13 - z]:
                    cost += 1
        stock_cost = cost
        waste_cost: dict[int, int] = {}
        if t.waste_usable:
            above = [0] * 14
            cost = 0
            for p in range(ptr - 1, -1, -1):
                if cyc >> p & 1:
                    z = ranks[p]
                    if wanted[z]:
                        waste_cost[p] = cost
                    above[z] += 1
                    if z == KING or above[z] > counts[13 - z]:
                        cost += 1
        if passes < t.max_pass:
            if t.puzzle.reshuffle is not None:
                for p in range(ptr):
                    if cyc >> p & 1 and wanted[ranks[p]]:
                        c = stock_cost + 1
                        waste_cost[p] = min(waste_cost.get(p, c), c)
            else:
                # after the stock (counted with the stock's leftovers) and the cards before
                above = [0] * 14
                for p in range(ptr, n):
                    if cyc >> p & 1:
                        above[ranks[p]] += 1
                cost = stock_cost + 1
                for p in range(ptr):
                    if cyc >> p & 1:
                        z = ranks[p]
                        if wanted[z]:
                            waste_cost[p] = min(waste_cost.get(p, cost), cost)
                        above[z] += 1
                        if z == KING or above[z] > counts[13 - z]:
                            cost += 1
        for p, c in waste_cost.items():
            costs[ranks[p]].append(c)
        best = 0
        for z, k in need:
            found = costs[z]
            if len(found) < k:
                return 1 << 20
            found.sort()
            if found[k - 1] > best:
                best = found[k - 1]
        return best

    def shortest(self, limit: int | None = None) -> list[Step] | None:
        """A* for a shortest winning line; ``None`` if there is none (within ``limit``
        steps, when given)."""
        clock = self.clock
        check, check_mask = clock.check, clock.mask
        start = self.start
        if self.is_goal(start):
            return []
        bound = self.bound
        successors = self.successors
        dead = self.dead
        is_goal = self.is_goal
        lost = self.lost
        h0 = bound(start)
        if h0 >= 1 << 20:
            return None
        parent: dict[int, int] = {start: 0}
        """Per position: its parent << 8 | g."""
        buckets: dict[int, list[list[int]]] = {}

        def push(f: int, h: int, entry: int) -> None:
            rows = buckets.get(f)
            if rows is None:
                rows = buckets[f] = [[] for _ in range(f + 1)]
            rows[h].append(entry)

        push(h0, h0, start << 8)
        f = h0
        goal = -1
        goal_parent = 0
        while goal < 0:
            rows = buckets.get(f)
            if rows is None:
                if not buckets or (limit is not None and f > limit):
                    return None
                f += 1
                continue
            h = 0
            while h < len(rows) and not rows[h]:
                h += 1
            if h == len(rows):
                del buckets[f]
                continue
            entry = rows[h].pop()
            key = entry >> 8
            g = entry & 255
            if parent[key] & 255 < g:
                continue
            if is_goal(key):
                goal, goal_parent = key, parent[key] >> 8
                break
            self.states += 1
            if not self.states & check_mask:
                check(self.states)
            g1 = g + 1
            for child, _step in successors(key):
                if is_goal(child):
                    if g1 == f:
                        goal, goal_parent = child, key
                        break
                    old = parent.get(child)
                    if old is None or old & 255 > g1:
                        parent[child] = key << 8 | g1
                        push(g1, 0, child << 8 | g1)
                    continue
                old = parent.get(child)
                if old is not None and old & 255 <= g1:
                    continue
                where = child >> PTR_SHIFT << SHAPE_BITS | child & SHAPE_MASK
                known = lost.get(where)
                if known is not None and known <= (
                    (child >> PASS_SHIFT & 3) << 6 | child >> PTR_SHIFT & 63
                ):
                    continue
                if dead(child):
                    continue
                hc = bound(child)
                if hc >= 1 << 20 or (limit is not None and g1 + hc > limit):
                    continue
                parent[child] = key << 8 | g1
                push(g1 + hc, hc, child << 8 | g1)
        # write the line out
        chain = [goal, goal_parent]
        key = goal_parent
        while key != start:
            key = parent[key] >> 8
            chain.append(key)
        chain.reverse()
        line: list[Step] = []
        for a, b in zip(chain, chain[1:]):
            for child, step in successors(a):
                if child == b:
                    line.append(step)
                    break
            else:  # pragma: no cover - a search bug
                raise AssertionError("no step between two positions of the line")
        return line
