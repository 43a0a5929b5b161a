"""The moves of the Pyramid search core: every step from a position, and macro steps.

A step is a tuple (:data:`~printplay.solve.pyramid_encoding.Step`); :meth:`Moves.successors`
lists every step from a position, and :meth:`Moves.line` writes a line of macro steps out
as steps.  The searches move by *macro steps* (:meth:`Moves.expand`): the draws and
redeals up to a removal, then the removal.  Every win keeps a form of that kind, a
shortest one too:

* *A free pyramid king goes at once.*  Every line that clears the pyramid removes it, in a
  step of its own; removing it first only frees cards sooner and leaves the length alone.
* *A removal after a draw uses the new stock top*: a removal of pyramid and reserve cards
  alone can be made before the draws instead, and one with the card just drawn, now the
  waste top, could have been made with it as the stock top, before drawing it (see
  :meth:`Moves.expand`).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from printplay.solve.pyramid_encoding import (
    KING,
    MASK_ALL,
    MASK_SHIFT,
    ORDER_BITS,
    ORDER_MASK,
    ORDER_SHIFT,
    PASS_SHIFT,
    PTR_SHIFT,
    SHAPE_MASK,
    Fields,
    Singles,
    Step,
    Tables,
    Where,
    ones,
    pack,
    unpack,
)


class Moves:
    """The moves from the positions of a puzzle, with what they remember."""

    def __init__(self, t: Tables) -> None:
        self.t = t
        self.adjacent: dict[int, int] = {}
        """Per cycle and stock order (``cycle << ORDER_BITS | order``): :meth:`adjacent_pairs`."""
        self.hot_pos: dict[int, int] = {}
        """Per ranks and stock order: :meth:`hot_positions`."""

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
        mask = key >> MASK_SHIFT & MASK_ALL
        here = (sid, passes, ptr, oid, mask)
        out = [(rest | nsid, 0) for nsid, _s1, _s2 in info[2]] if lo == 0 else []
        # a stock card pairing with a reserve card is a stop of the walk below, in a later
        # part of the expansion too
        hot = info[4] | self.reserve_removals(here, info[3], lo, out)
        if lo == 0:
            self.waste_removals(here, info[3], out)
        if not mask >> t.nres:
            return out, -1
        if t.puzzle.reshuffle is not None:
            return out, self._walk_slow(out, sid, passes, ptr, oid, mask, info[3], stop, lo, hi)
        return out, self.stock_removals(key, here, info[3], hot, stop, lo, hi, out)

    def reserve_removals(
        self, here: Fields, singles: Singles, lo: int, out: list[tuple[int, int]]
    ) -> int:
        """The removals of :meth:`expand` from the position ``here`` (unpacked) with
        reserve cards and no stock or waste card, into ``out`` (none after ``lo`` draws but
        0); the ranks pairing with a reserve card left, as bits.  ``singles``: per rank,
        the pyramid cards a card of that rank takes (:meth:`Tables.shape`)."""
        sid, passes, ptr, oid, mask = here
        nres = self.t.nres
        res_ranks = self.t.res_ranks
        hot = 0
        for i in range(nres):
            if mask >> i & 1:
                r = res_ranks[i]
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
        return hot

    def waste_removals(self, here: Fields, singles: Singles, out: list[tuple[int, int]]) -> None:
        """The removals of :meth:`expand` from the position ``here`` (unpacked) with the
        waste top, before any draw, into ``out``."""
        t = self.t
        sid, passes, ptr, oid, mask = here
        nres = t.nres
        low = mask >> nres & ((1 << ptr) - 1)
        if not low or not t.waste_usable:
            return
        w = low.bit_length() - 1
        r = t.order_ranks[oid][w]
        m1 = mask ^ 1 << (nres + w)
        q = passes if m1 >> nres else t.max_pass
        if r == KING:
            out.append((pack(sid, q, ptr, oid, m1), 0))
            return
        for nsid, _s in singles[r]:
            out.append((pack(nsid, q, ptr, oid, m1), 0))
        for i in range(nres):
            if mask >> i & 1 and t.res_ranks[i] + r == 13:
                out.append((pack(sid, q, ptr, oid, m1 ^ 1 << i), 0))

    def hot_positions(self, hot: int, oid: int) -> int:
        """The positions of stock order ``oid`` holding a card of the ranks ``hot`` (as
        bits); remembered."""
        hk = hot << ORDER_BITS | oid
        hot_pos = self.hot_pos.get(hk)
        if hot_pos is None:
            pos = self.t.rank_pos[oid]
            hot_pos = 0
            for z in range(14):
                if hot >> z & 1:
                    hot_pos |= pos[z]
            self.hot_pos[hk] = hot_pos
        return hot_pos

    def stock_removals(
        self,
        key: int,
        here: Fields,
        singles: Singles,
        hot: int,
        stop: int,
        lo: int,
        hi: int,
        out: list[tuple[int, int]],
    ) -> int:
        """The removals of :meth:`expand` from ``key`` (``here`` unpacked) with the stock
        top, after 0, 1, 2 ... draws and redeals, into ``out``: only where a removal is (a
        card of the ranks ``hot``, or one pairing with the card before it).  Returns the
        fewest draws of a removal after ``hi`` (-1: none)."""
        t = self.t
        sid, passes, ptr, oid, mask = here
        nres = t.nres
        res_ranks = t.res_ranks
        ranks = t.order_ranks[oid]
        n = len(ranks)
        cyc = mask >> nres
        max_pass = t.max_pass
        hot_pos = self.hot_pos.get(hot << ORDER_BITS | oid)
        if hot_pos is None:
            hot_pos = self.hot_positions(hot, oid)
        adj = 0
        if t.waste_usable:
            adj = self.adjacent.get(cyc << ORDER_BITS | oid, -1)
            if adj < 0:
                adj = self.adjacent_pairs(oid, cyc)
        spots = (hot_pos | adj) & cyc
        if not spots:
            return -1
        # a child is ``fixed | passes | pointer | shape`` with the removed cards' bits
        # cleared from ``fixed`` (the mask and the order)
        fixed = key >> MASK_SHIFT << MASK_SHIFT
        at_max = max_pass << PASS_SHIFT
        shift = MASK_SHIFT + nres
        one_left = ones(cyc) == 1
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
                d = base + ones(cyc & (lowbit - (1 << start)))
                if d < lo:
                    continue
                if d > hi:
                    return d
                r = ranks[p]
                nxt = cyc >> (p + 1)
                nptr = p + (nxt & -nxt).bit_length() if nxt else n
                c1 = (fixed ^ lowbit << shift) | nptr << PTR_SHIFT
                c1 |= at_max if one_left else q << PASS_SHIFT
                if r == KING:
                    # drawing a king is never better than removing it: the walk ends here
                    out.append((c1 | sid, d))
                    return -1
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
                    if ones(cyc) == 2:
                        c2 = c2 & ~(3 << PASS_SHIFT) | at_max
                    out.append((c2 | sid, d))
            base += ones(cyc >> start) + 1
            start = 0
            q += 1
        return -1

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
