"""The two searches of the Pyramid search core: the verdict and the shortest line.

:mod:`printplay.solve.pyramid_solver` builds a
:class:`~printplay.solve.pyramid_encoding.Puzzle` from an engine state, asks a
:class:`Searcher` for a verdict (:meth:`Searcher.decide`) and a shortest line
(:meth:`Searcher.shortest`), and replays the steps through the engine.
A searcher puts together the parts of the core, one of each per puzzle: the tables and the
position encoding (:mod:`~printplay.solve.pyramid_encoding`), the moves
(:mod:`~printplay.solve.pyramid_moves`), the tests that prove a position lost
(:mod:`~printplay.solve.pyramid_dead`) and the lower bound
(:mod:`~printplay.solve.pyramid_bound`).  Every prune keeps every win, and keeps a
shortest one:

* *Lost positions.*  The verdict search proves positions lost; a position lost with the
  pointer at ``(pass, p)`` is lost at every later ``(pass', p')`` (the earlier one can draw
  through to it), so per position-without-pointer only the earliest lost pointer is kept,
  and both searches skip every position it covers.  Under ``reshuffle`` a redeal deals a
  new order, so there a position covers only later pointers of its pass.  Suits never
  matter otherwise, so the verdict search files a lost position under its ranks
  (:meth:`~printplay.solve.pyramid_encoding.RankIndex.by_ranks`): the same shape and the
  same ranks in the reserve and, in order, in the waste and the stock, whichever cards of
  a rank are gone.  Removing one of two cards of a rank lying next to each other in the
  cycle, or either pair of ``5 8 5 8``, leaves the same position; on the hardest six-row
  deals this halves the search.

**Shortest lines** are found by A* (:class:`ShortestLine`) with an admissible lower bound
(:class:`~printplay.solve.pyramid_bound.Bound`).  A child's bound is never taken below its
parent's less the steps between them, and a position reached again in fewer steps is
searched again, so the first goal reached at the lowest ``f`` is a shortest line, and the
proof is the search itself.  Without ``reshuffle`` a position there stands for every
position with its ranks (as the verdict search files them, same future, same bound).
"""

from __future__ import annotations

from typing import Final

from printplay.core.verdicts import BudgetExhausted
from printplay.solve.pyramid_bound import Bound
from printplay.solve.pyramid_dead import DeadTests
from printplay.solve.pyramid_encoding import (
    LAST_SHIFT,
    MASK_ALL,
    MASK_SHIFT,
    ORDER_BITS,
    ORDER_MASK,
    ORDER_SHIFT,
    PASS_SHIFT,
    PTR_SHIFT,
    RANK_BITS,
    SHAPE_MASK,
    UNREACHABLE,
    Puzzle,
    RankIndex,
    Step,
    Tables,
    mask_order,
    ones,
    order_shape,
    without_pointer,
)
from printplay.solve.pyramid_moves import Moves
from printplay.solve.toolkit import Clock

NOT_LOST: Final = 1 << 30
"""A pointer later than any (``passes << 6 | pointer``): the position is not known lost."""


class Searcher:
    """The two searches on a puzzle, with the parts they share and the positions proved
    lost."""

    def __init__(self, puzzle: Puzzle, clock: Clock, max_positions: int = 1 << 62) -> None:
        t = self.t = Tables(puzzle)
        self.index = RankIndex(t)
        self.moves = Moves(t)
        self.tests = DeadTests(t, self.index)
        self.bounds = Bound(t, self.index)
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
        """:attr:`lost` keyed by :meth:`~printplay.solve.pyramid_encoding.RankIndex.by_ranks`
        (the verdict search's own table; not used under ``reshuffle``, where the next stock
        depends on the suits too)."""
        self.start = t.start
        self.states = 0
        """The positions the searches have expanded."""
        self.chain: list[int] = []
        """The verdict search's winning line, last position first, as it unwinds."""
        self.same_order = puzzle.reshuffle is None
        """Whether the stock order never changes (so a mask's bits keep their ranks)."""
        self.check_mask = clock.mask
        """The budget is checked whenever :attr:`states` has these bits clear."""

    # -- verdict ----------------------------------------------------------------------

    def decide(self) -> list[Step] | None:
        """Depth-first search for any winning line; ``None`` when there is none.

        Positions are macro steps (:meth:`~printplay.solve.pyramid_moves.Moves.expand`); a
        free pyramid king is removed within the step that frees it.  A child is tested
        cheapest first (:meth:`child_lost`), and one the tests find dead is filed as lost
        under its ranks.  When every card must go, removals using a stock or waste card are
        tried first: a pyramid pair spends two partners the cycle may need, and wins come
        far sooner that way."""
        start = self.start
        root_out = self.index.outside_ranks(mask_order(start)) & RANK_BITS
        if self.t.is_goal(start):
            return []
        self.chain = []
        if self.tests.dead(start) or not self.search(
            start,
            start & self.where_mask,
            (start >> PASS_SHIFT & 3) << 6 | start >> PTR_SHIFT & 63,
            root_out,
            self.tests.clear_table(root_out),
        ):
            return None
        chain = self.chain
        chain.append(start)
        chain.reverse()
        return self.moves.line(chain)

    def search(self, key: int, where: int, at: int, out: int, table: bytearray) -> bool:
        """Whether ``key`` (``where`` and ``at`` its position without pointer and its
        pointer) can be won, its line then in :attr:`chain`; files it lost otherwise.
        ``out``: the ranks outside the pyramid, as bits; ``table``: its
        :meth:`~printplay.solve.pyramid_dead.DeadTests.clear_table`."""
        t = self.t
        lost = self.lost
        known = lost.get(where, NOT_LOST)
        rwhere, rat = self.index.by_ranks(key) if self.same_order else (where, at)
        self.states += 1
        if not self.states & self.check_mask:
            self.clock.check(self.states)
            if max(len(lost), len(self.lost_ranks)) > self.max_positions:
                raise BudgetExhausted("too many positions to hold", self.states)
        pmask = key >> MASK_SHIFT & MASK_ALL
        children = self.moves.expand(key, known)[0]
        if self.tests.every_card:
            # removals using a stock or waste card first: a pyramid card paired with
            # another pyramid or reserve card is one partner fewer for the cycle
            cycle_bits = pmask >> t.nres << t.nres
            children.sort(key=lambda c: not (pmask ^ c[0] >> MASK_SHIFT) & cycle_bits)
        for child, _draws in children:
            csid = child & SHAPE_MASK
            cinfo = t.info[csid] or t.shape(csid)
            kings: list[int] = []
            while cinfo[0] >= 0:
                # a free pyramid king goes at once (its position has that one child)
                kings.append(child)
                csid = cinfo[0]
                child = child & ~SHAPE_MASK | csid
                cinfo = t.info[csid] or t.shape(csid)
            if csid == t.empty_sid and (t.clear_board or t.is_goal(child)):
                self.chain.append(child)
                self.chain.extend(reversed(kings))
                return True
            cwhere = child & self.where_mask
            cat = (child >> PASS_SHIFT & 3) << 6 | child >> PTR_SHIFT & 63
            if lost.get(cwhere, NOT_LOST) <= cat:
                continue
            cout = self.child_lost(key, pmask, child, csid, out, table)
            if cout < 0:
                continue
            ctable = table if cout == out else self.tests.clear_table(cout)
            if self.search(child, cwhere, cat, cout, ctable):
                self.chain.append(child)
                self.chain.extend(reversed(kings))
                return True
        lost[where] = at
        if self.lost_ranks.get(rwhere, NOT_LOST) > rat:
            self.lost_ranks[rwhere] = rat
        return False

    def child_lost(
        self, key: int, pmask: int, child: int, csid: int, out: int, table: bytearray
    ) -> int:
        """-1 if the verdict search can skip ``child`` (its shape ``csid``), a position
        after ``key`` (its mask ``pmask``): filed
        lost by its ranks, or proved lost by the tests, cheapest first (the counting test,
        the stuck pyramid, then too few partners and, when every card must go, the cycle
        tests; a position they prove lost is filed by its ranks).  Otherwise the ranks
        outside its pyramid, as bits (``out`` and ``table``: ``key``'s, and their
        :meth:`~printplay.solve.pyramid_dead.DeadTests.clear_table`)."""
        tests = self.tests
        same = self.same_order
        if not self.t.waste_usable:
            if same:
                rw, ra = self.index.by_ranks(child)
                if self.lost_ranks.get(rw, NOT_LOST) <= ra:
                    return -1
            cout = self.index.fewer_ranks(out, key, child) & RANK_BITS
            return -1 if tests.dead(child) else cout
        cmask = child >> MASK_SHIFT & MASK_ALL
        for bits, k in tests.needs(child):
            if ones(cmask & bits) < k:
                return -1
        cout = out
        ctable = table
        gone = pmask ^ cmask
        if gone:
            if same:
                # (one stock order: the bits keep their ranks)
                masks = self.index.masks_of(0)
                bit_ranks = self.index.bit_ranks[0]
                while gone:
                    low = gone & -gone
                    gone ^= low
                    z = bit_ranks[low.bit_length() - 1]
                    if not cmask & masks[z]:
                        cout &= ~(1 << z)
            else:
                cout = self.index.fewer_ranks(out, key, child) & RANK_BITS
            if cout != out:
                ctable = tests.clear_table(cout)
        clear = ctable[csid]
        if not clear:
            clear = 1 if tests.clearable(csid, cout) else 2
        if clear == 2:
            return -1
        if same:
            rw, ra = self.index.by_ranks(child)
            if self.lost_ranks.get(rw, NOT_LOST) <= ra:
                return -1
        if (
            tests.every_dead(csid, child, cmask)
            if tests.every_card
            else tests.short_of_partners(csid, child >> ORDER_SHIFT & ORDER_MASK, cmask)
        ):
            if same:
                # filed, so that the tests are not run again on its ranks
                self.lost_ranks[rw] = ra
            return -1
        return cout

    # -- shortest ---------------------------------------------------------------------

    def shortest(self, limit: int | None = None) -> list[Step] | None:
        """A shortest winning line (:class:`ShortestLine`); ``None`` if there is none (of at
        most ``limit`` steps, when given)."""
        return ShortestLine(self, 255 if limit is None else limit).run()


def draws_between(cyc: int, p0: int, p1: int) -> int:
    """Draws and redeals from pointer ``p0`` to ``p1`` (``passes << 6 | ptr``, ``p0``
    first) with the cycle cards ``cyc`` left."""
    q0, s0, q1, s1 = p0 >> 6, p0 & 63, p1 >> 6, p1 & 63
    if q0 == q1:
        return ones(cyc & ((1 << s1) - (1 << s0)))
    total = ones(cyc)
    return ones(cyc >> s0) + (q1 - q0 - 1) * (total + 1) + 1 + ones(cyc & ((1 << s1) - 1))


def dominated(kept: list[int], mask: int, nres: int, at: int, g: int, strict: bool) -> bool:
    """Whether a position reached in ``g`` steps with the pointer at ``at`` is no better
    than one of ``kept`` (``P << 8 | g`` of the positions kept with the same position
    without pointer, whose mask is ``mask``, ``nres`` reserve cards): reached at the same
    pointer in fewer steps (or as few, unless ``strict``), or at an earlier one in few
    enough steps to draw to ``at`` in no more."""
    for e in kept:
        p0 = e >> 8
        if p0 == at:
            if (e & 255) < g or (not strict and (e & 255) == g):
                return True
        elif p0 < at and (e & 255) + draws_between(mask >> nres, p0, at) <= g:
            return True
    return False


class ShortestLine:
    """One A* search over macro steps for a shortest winning line of a :class:`Searcher`'s
    puzzle, of at most ``limit`` steps.

    Positions that differ only in the pointer are compared: one reached in ``g`` steps with
    the pointer at ``P`` makes useless any reached in ``g'`` steps at a later ``P'`` when
    ``g`` plus the draws from ``P`` to ``P'`` is at most ``g'`` (:func:`dominated`).
    Without ``reshuffle`` positions are compared by their ranks
    (:meth:`~printplay.solve.pyramid_encoding.RankIndex.by_ranks`): two with the same shape
    and the same ranks in the same places have the same future, lines of the same lengths
    and the same bound, so only the first reached in the fewest steps is searched (the line
    found is still one of real cards: each position keeps the real one it came from).
    Positions the verdict search filed lost by their ranks are skipped.
    """

    def __init__(self, searcher: Searcher, limit: int) -> None:
        self.s = searcher
        self.t = searcher.t
        self.limit = limit
        self.best: dict[int, int] = {searcher.start: 0}
        """Per position: its parent << 8 | g."""
        self.seen: dict[int, list[int]] = {}
        """Per position without pointer: ``P << 8 | g`` of the positions kept."""
        self.buckets: dict[int, list[list[int]]] = {}
        """Per ``f``: per ``h``, the entries waiting (the smallest ``h`` first), each
        ``(position << 8 | g) << 8 | draws`` (the draws before the first removal still to
        list, when the position's children are listed in parts)."""
        self.lows: dict[int, int] = {}
        """Per ``f``: no entry waits at a smaller ``h``."""
        self.ranked = searcher.t.puzzle.reshuffle is None
        """Whether positions are compared by their ranks."""
        self.root_out = 0
        """The ranks outside the pyramid at the first position, as bits."""
        self.out_full = 0
        """The position being expanded: its
        :meth:`~printplay.solve.pyramid_encoding.RankIndex.outside_ranks`."""
        self.out_ranks = 0
        """... the ranks outside its pyramid, as bits."""
        self.out_last = 0
        """... the bits of its mask whose card leaving may change those ranks (every bit
        under ``reshuffle``)."""
        self.out_table = bytearray()
        """... the :meth:`~printplay.solve.pyramid_dead.DeadTests.clear_table` of those
        ranks."""

    def run(self) -> list[Step] | None:
        """The shortest line, or ``None``."""
        s = self.s
        start = s.start
        if self.t.is_goal(start):
            return []
        h0 = s.bounds.bound(start)
        if h0 >= UNREACHABLE or s.tests.dead(start):
            return None
        self.push(h0, h0, start << 16)
        self.root_out = s.index.outside_ranks(mask_order(start)) & RANK_BITS
        if self.ranked:
            s.index.by_ranks(start)
        f = h0
        goal = -1
        while goal < 0:
            entry, h = self.pop(f)
            if entry < 0:
                if not self.buckets or f > self.limit:
                    return None
                f += 1
                continue
            goal = self.expand(entry, f, h)
        chain = [goal]
        key = goal
        while key != start:
            key = self.best[key] >> 8
            chain.append(key)
        chain.reverse()
        return s.moves.line(chain)

    def push(self, f: int, h: int, entry: int) -> None:
        """Queues ``entry`` at ``f`` and ``h``."""
        rows = self.buckets.get(f)
        if rows is None:
            rows = self.buckets[f] = [[] for _ in range(f + 1)]
            self.lows[f] = h
        elif h < self.lows[f]:
            self.lows[f] = h
        rows[h].append(entry)

    def pop(self, f: int) -> tuple[int, int]:
        """The next entry at ``f`` and its ``h``; ``(-1, 0)`` when none waits there (an
        emptied bucket then goes)."""
        rows = self.buckets.get(f)
        if rows is None:
            return -1, 0
        h = self.lows[f]
        while h < len(rows) and not rows[h]:
            h += 1
        if h == len(rows):
            del self.buckets[f]
            return -1, 0
        self.lows[f] = h
        return rows[h].pop(), h

    def expand(self, entry: int, f: int, h: int) -> int:
        """Expands the queued ``entry`` (at ``f`` and ``h``): the goal reached at ``f``, or
        -1."""
        s = self.s
        t = self.t
        lo = entry & 255
        key = entry >> 16
        g = entry >> 8 & 255
        if self.best[key] & 255 < g:
            return -1
        sid = key & SHAPE_MASK
        if sid == t.empty_sid and (t.clear_board or t.is_goal(key)):
            return key
        where = key & s.where_mask
        mask = key >> MASK_SHIFT & MASK_ALL
        oid = key >> ORDER_SHIFT & ORDER_MASK
        at = (key >> PASS_SHIFT & 3) << 6 | key >> PTR_SHIFT & 63
        if self.ranked:
            rmask, rat = s.index.filed(mask, oid, at)
            kept = self.seen.get(without_pointer(key, rmask))
            if kept is not None and dominated(kept, rmask, t.nres, rat, g, True):
                return -1
        else:
            kept = self.seen.get(where)
            if kept is not None and dominated(kept, mask, t.nres, at, g, True):
                return -1
        if not lo:
            s.states += 1
            if not s.states & s.check_mask:
                s.clock.check(s.states)
                if len(self.best) > s.max_positions:
                    raise BudgetExhausted("too many positions to hold", s.states)
        floor = (t.info[sid] or t.shape(sid))[5]
        children, later = s.moves.expand(key, s.lost.get(where, NOT_LOST), lo, f - g - floor)
        if later >= 0:
            self.push(g + later + floor, later + floor, (key << 8 | g) << 8 | later)
        return self.children(key, mask, oid, g, f, h if not lo else 0, children)

    def children(
        self,
        key: int,
        mask: int,
        oid: int,
        g: int,
        f: int,
        hn: int,
        children: list[tuple[int, int]],
    ) -> int:
        """Queues the ``children`` of ``key`` (its mask and stock order ``mask`` and ``oid``,
        reached in ``g`` steps, its bound ``hn``) that may lie on a shorter line than any
        yet (``(position, draws before it)``): the goal reached at ``f``, or -1."""
        s = self.s
        t = self.t
        best = self.best
        index = s.index
        nres = t.nres
        at = mask_order(key)
        pfull = index.outside.get(at)
        if pfull is None:
            pfull = index.outside_ranks(at)
        self.out_full = pfull
        self.out_ranks = pfull & RANK_BITS
        self.out_last = -1 if not self.ranked else pfull >> LAST_SHIFT
        self.out_table = s.tests.clear_table(self.out_ranks)
        cyc = mask >> nres
        pcanon = 0
        pplaces: tuple[int, ...] = ()
        if self.ranked:
            # (:meth:`expand` filed ``key`` by its ranks)
            pcanon, pplaces = index.rank_cycles[cyc << ORDER_BITS | oid]
        for child, draws in children:
            gc = g + draws + 1
            old = best.get(child)
            if old is not None and old & 255 <= gc:
                continue
            csid = child & SHAPE_MASK
            if csid == t.empty_sid and (t.clear_board or t.is_goal(child)):
                best[child] = key << 8 | gc
                if gc == f:
                    return child
                self.push(gc, 0, (child << 8 | gc) << 8)
                continue
            cw = child & s.where_mask
            cat = (child >> PASS_SHIFT & 3) << 6 | child >> PTR_SHIFT & 63
            if s.lost.get(cw, NOT_LOST) <= cat:
                continue
            cmask = child >> MASK_SHIFT & MASK_ALL
            if self.child_dead(key, mask ^ cmask, child, csid, cmask):
                continue
            rkey = child
            fmask = cmask
            if self.ranked:
                # positions with the same ranks in the same places have the same future
                # (suits never matter without ``reshuffle``): one is kept, and the bound is
                # remembered per ranks
                coid = child >> ORDER_SHIFT & ORDER_MASK
                fmask, cat = index.filed_after(cmask, coid, cat, cyc, pcanon, pplaces)
                cw = without_pointer(child, fmask)
                if s.lost_ranks.get(cw, NOT_LOST) <= cat:
                    continue
                rkey = cw | (cat >> 6) << PASS_SHIFT | (cat & 63) << PTR_SHIFT
            kept = self.seen.get(cw)
            if kept is not None and dominated(kept, fmask, nres, cat, gc, False):
                continue
            # (the costliest tests last: a child dominated is dropped without them)
            if self.cycle_dead(csid, child, cmask):
                continue
            hc = s.bounds.bound(rkey)
            if hc < hn - draws - 1:
                hc = hn - draws - 1
            if hc >= UNREACHABLE or gc + hc > self.limit:
                continue
            if kept is None:
                kept = self.seen[cw] = []
            best[child] = key << 8 | gc
            kept.append(cat << 8 | gc)
            self.push(gc + hc, hc, (child << 8 | gc) << 8)
        return -1

    def child_dead(self, key: int, gone: int, child: int, csid: int, cmask: int) -> bool:
        """Whether the cheap tests prove ``child`` (its shape ``csid`` and mask ``cmask``),
        a position after ``key`` (``gone``: the bits of the mask gone between them), lost:
        the counting test and the stuck pyramid (only when a rank has left the outside
        since the first position: with every rank still outside, the bound tells a stuck
        pyramid); with the waste off limits, every test of
        :meth:`~printplay.solve.pyramid_dead.DeadTests.dead`.  The costly ones are
        :meth:`cycle_dead`'s."""
        tests = self.s.tests
        if not self.t.waste_usable:
            return tests.dead(child)
        wanted = tests.need_bits.get(order_shape(child))
        if wanted is None:
            wanted = tests.needs(child)
        for bits, k in wanted:
            if ones(cmask & bits) < k:
                return True
        outside = self.out_ranks
        if gone & self.out_last:
            outside = self.s.index.fewer_ranks(self.out_full, key, child) & RANK_BITS
        if outside != self.root_out:
            table = self.out_table if outside == self.out_ranks else tests.clear_table(outside)
            clear = table[csid]
            if not clear:
                clear = 1 if tests.clearable(csid, outside) else 2
            if clear == 2:
                return True
        return False

    def cycle_dead(self, csid: int, child: int, cmask: int) -> bool:
        """Whether, when every card must go (and the waste is usable: otherwise
        :meth:`child_dead` ran these), too few partners or the cycle tests prove ``child``
        (its shape ``csid`` and mask ``cmask``) lost; too few partners first, the cheaper
        and, on the sheet's deal, the more often decisive."""
        tests = self.s.tests
        return (
            tests.every_card
            and self.t.waste_usable
            and (
                tests.short_of_partners(csid, child >> ORDER_SHIFT & ORDER_MASK, cmask)
                or tests.cycle_dead(child)
            )
        )
