"""The Pyramid search core's tests that prove a position lost, each keeping every win.

* *Counting.*  Per pair of ranks ``a + b = 13``, the pyramid cards of the two ranks can pair
  with each other only when neither covers the other (a card cannot pair with a card it
  lies on or under).  A maximum matching ``M`` of that compatibility graph, computed per
  shape (:meth:`~printplay.solve.pyramid_encoding.Tables.shape`), says at least
  ``n_a - M`` pyramid cards of rank ``a`` need a partner of rank ``b`` from outside the
  pyramid; fewer such cards left is a dead position (:meth:`DeadTests.needs`).
* *Stuck pyramids.*  Suppose every rank with a card left outside the pyramid could partner
  any number of pyramid cards.  The pyramid must still come apart in an order, and a
  pyramid pair needs both its cards free at once, so two pairs can lock each other (each
  lies on a card of the other).  :meth:`DeadTests.clearable` searches the shapes under
  that assumption, remembered per shape and set of outside ranks; a shape it cannot clear
  is a dead position.  This proves lost, at the first position, 333 of the 502 published
  decks that cannot be won, which the counting test alone leaves to a full search.
* *Too few partners.*  The stuck-pyramid test lets a rank outside partner any number of
  pyramid cards; :meth:`DeadTests.limited_clear` searches the shapes again with a count
  per rank (each outside card pairs once), remembered per counts and shape and cut off,
  with no verdict, past :data:`LIMITED_WORK` new shapes a test.  Every search runs it at
  the first position, and the verdict search on every child: the cut-off test of the
  first position can leave undecided what its children's tests, with the shapes already
  remembered, decide (deck 582 of the published 1500, which cannot be won: 2 positions
  instead of 118,978).  The shortest-line search runs it on every child only in games
  where every card must go (with the pyramid alone to clear, nearly every position it
  expands can still be won).
* *Every card must go* (the standard goal).  The cycle cards that pair with each other
  form a non-crossing matching (:mod:`printplay.solve.pyramid_cycle`), and every other
  cycle card but a king pairs with a pyramid or reserve card of the matching rank, one
  each: more such cards than pyramid and reserve cards, or one whose matching rank is in
  neither, is a dead position (:meth:`DeadTests.unreducible`; on the last pass two waste
  cards never pair), and so is more such cards of one rank than pyramid and reserve cards
  of the matching rank (:meth:`DeadTests.short_by_rank`, the fewest of one rank found the
  same way).  Cards that can never pair with each other (the waste on the last pass,
  every cycle card with the waste off limits) are checked by Hall's condition per pair of
  ranks (:meth:`DeadTests.unmatched`).  At the first position these two and the one above
  prove lost most deals that used to take seconds.
"""

from __future__ import annotations

from printplay.solve.pyramid_cycle import clearable_cycle, fewest_in_cycle
from printplay.solve.pyramid_encoding import (
    KING,
    MASK_ALL,
    MASK_BITS,
    MASK_SHIFT,
    ORDER_BITS,
    ORDER_MASK,
    ORDER_SHIFT,
    PASS_SHIFT,
    PTR_SHIFT,
    RANK_BITS,
    SHAPE_BITS,
    SHAPE_MASK,
    UNREACHABLE,
    RankIndex,
    ShapeInfo,
    Tables,
    ones,
    order_shape,
    unpack,
)

LIMITED_WORK = 2000
"""The most shapes one :meth:`DeadTests.short_of_partners` test may look at anew."""


class _GaveUp(Exception):
    """A test ran out of its work allowance (its answer is then "not dead")."""


class DeadTests:
    """The tests that prove a position of a puzzle lost (see the module docstring), with
    what they remember."""

    def __init__(self, t: Tables, index: RankIndex) -> None:
        self.t = t
        self.index = index
        self.every_card = not t.clear_board
        """Whether every card must go (then :meth:`cycle_dead` applies)."""
        self.need_bits: dict[int, tuple[tuple[int, int], ...]] = {}
        """Per stock order and shape (:func:`~printplay.solve.pyramid_encoding.order_shape`):
        :meth:`needs`."""
        self.clear_tables: dict[int, bytearray] = {}
        """Per outside ranks: :meth:`clear_table`."""
        self.reduce_memo: dict[int, int] = {}
        """Per order, cycle, pointer and partner ranks: :func:`deletions`, or ``-1 - n``
        when only known to be at most ``n``, the cycle cards left (kings aside).  (The
        order on top in the keys here keeps them below 2**62 without ``reshuffle``.)"""
        self.rank_memo: dict[int, int] = {}
        """Per order, cycle cards kept, pointer, partner ranks and rank ``a`` (1 to 6): the
        fewest cycle cards of rank ``a`` that must go with a partner from elsewhere
        (:meth:`short_by_rank`)."""
        self.limited: dict[int, bool] = {}
        """Per counts of outside ranks and shape: :meth:`limited_clear`."""
        self.limit_work = LIMITED_WORK
        self.mates_of: dict[int, tuple[tuple[int, ...], tuple[int, ...], int]] = {}
        """Per stock order: :meth:`cycle_mates`."""

    def dead(self, key: int) -> bool:
        """Whether the counting test shows the pyramid can no longer be cleared (or,
        when every card must go, a card on a waste that is off limits can never go)."""
        t = self.t
        mask = key >> MASK_SHIFT & MASK_ALL
        if not t.waste_usable and key >> PASS_SHIFT & 3 == t.max_pass:
            # on the last pass the waste is out of play for good
            waste = (1 << (key >> PTR_SHIFT & 63)) - 1 << t.nres
            if mask & waste:
                if not t.clear_board:
                    return True
                mask &= ~waste
        return (
            any(ones(mask & bits) < k for bits, k in self.needs(key))
            or self.stuck(key, mask)
            or self.short_of_partners(key & SHAPE_MASK, key >> ORDER_SHIFT & ORDER_MASK, mask)
            or (self.every_card and self.cycle_dead(key))
        )

    def stuck(self, key: int, mask: int) -> bool:
        """Whether ``key``'s pyramid cannot be cleared even if every rank with a card left
        in ``mask`` (outside the pyramid) could partner any number of pyramid cards."""
        at = mask << ORDER_BITS | key >> ORDER_SHIFT & ORDER_MASK
        outside = self.index.outside.get(at)
        if outside is None:
            outside = self.index.outside_ranks(at)
        outside &= RANK_BITS
        return not self.clearable(key & SHAPE_MASK, outside)

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
        masks = self.index.masks_of(oid)
        counts = 0
        for z in range(1, KING):
            counts |= min(ones(mask & masks[z]), 7) << 3 * z
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
        masks = self.index.masks_of(oid)
        counts = info[7]
        matched = info[9]
        other = mask & ~lone
        for c in range(6):
            a, b = c + 1, 12 - c
            wa, wb = ones(lone & masks[a]), ones(lone & masks[b])
            oa, ob = ones(other & masks[a]), ones(other & masks[b])
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
        reserve card of the matching rank, one each.
        :func:`~printplay.solve.pyramid_cycle.deletions` counts the fewest such cards; more
        than the pyramid and reserve cards left is a dead position.  On the last pass
        (``ptr`` > 0) two waste cards never pair."""
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
        memo = ((oid << MASK_BITS | cyc) << 6 | ptr) << 14 | partner
        found = self.reduce_memo.get(memo)
        if found is None:
            ranks, mates, kings = self.cycle_mates(oid)
            # at most every card left (kings aside) needs a partner from elsewhere
            found = -1 - ones(cyc & ~kings)
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
        masks = self.index.masks_of(oid)
        cyc = mask >> nres
        cyc_bits = cyc << nres
        res_bits = mask & ((1 << nres) - 1)
        free = -1
        for a in range(1, 7):
            b = 13 - a
            qb = counts[b] + ones(res_bits & masks[b])
            if ones(cyc_bits & masks[a]) <= qb:
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
            key = (((oid << MASK_BITS | word) << 6 | ptr) << 14 | wpartner) << 3 | a
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
        at = order_shape(key)
        found = self.need_bits.get(at)
        if found is None:
            masks = self.index.masks_of(at >> SHAPE_BITS)
            found = tuple((masks[z], k) for z, k in self.t.shape(key & SHAPE_MASK)[6])
            self.need_bits[at] = found
        return found
