"""The lower bound of the Pyramid search core's shortest-line search (admissible).

The bound counts the steps that remove pyramid cards and the steps that remove none (draws,
redeals, pairs and kings outside the pyramid), which are disjoint:

* removing: the fewest steps that clear the shape if a partner from outside were at hand
  whenever wanted (:func:`~printplay.solve.pyramid_encoding.relaxed_removals`, computed
  once per deal for every shape).  It is never below the counting bound ``sum (n_a + n_b -
  M)`` plus one per king, because a step removes at most two pyramid cards, two only as a
  compatible pair.  Written with ``O`` the pyramid cards that take an outside partner, a
  line's removing steps are ``(N + K + O) / 2`` for ``N`` pyramid cards and ``K`` kings,
  so each outside partner beyond the counting test's need costs half a step over the
  counting bound; the first ``2 (relaxed - counting)`` of them (the shape's *slack*) are
  already in the relaxed count.
* not removing (:meth:`Bound.access`): the ``k``-th pyramid card that needs a partner of
  rank ``b`` from outside needs the ``k``-th such card brought into play; a stock card
  comes into play only when every card above it has left the stock.  A card leaving by a
  draw, a pair outside the pyramid or a king is a non-removing step; one leaving by
  pairing with a pyramid card costs nothing within the need of its rank, half a step
  beyond it (after the slack), and at most ``n_{13-z}`` cards of rank ``z`` can leave so
  (:func:`leaving_price`).  A waste card needs the cards above it gone (priced the same),
  or the stock emptied, a redeal and the cards before it in the cycle.  The largest such
  cost over the needed cards bounds the non-removing steps.
* the waste is a stack: before a redeal a waste card leaves only by a removal as the
  waste top (it cannot be drawn, and two waste cards never pair), each with a king's
  step, a pyramid card, the stock top or a reserve card.  So at most the pyramid cards
  of rank ``13 - z`` that can be free then, plus the stock and reserve cards of that
  rank, waste cards of rank ``z`` can leave before a redeal (:meth:`Bound.room`), and
  a card under more of them than that, or under a card with no partner at all, cannot be
  dug out: only the redeal route is left for it (none on the last pass).
* a pyramid card is free only once every card lying on it has gone.  A card that is not
  a king goes with an outside card of its partner rank ``q`` or with a pyramid partner
  it neither covers nor lies on, once that partner is free; so it *needs* ``q`` if every
  pyramid partner waits for ``q`` (or it has none), and it needs whatever the cards
  lying on it need (:meth:`Bound.blocking`, the least solution of those equations).
  A pyramid card cannot be free before an outside card of every rank the cards lying
  on it need has come into play: been in the reserve, been a waste card that can be
  the waste top in this pass, or passed the stock top (:meth:`Bound.partnerable`).  A
  cycle card met while no pyramid card of its partner's rank can be free, or after as
  many cards of its rank as there are such pyramid cards, cannot leave by a removal with
  the pyramid: it costs a whole step (a draw, or a pair outside the pyramid), and a card
  the pyramid needs is drawn first (one step more).  Under ``reshuffle`` the stock after
  a redeal is a new order, so there no card is charged the draw.

When every card must go: a step removes a king, or a card of rank ``a`` and one of rank
``13 - a`` for a single ``a``, so the bound is the sum over the pairs of ranks of the more
numerous of the two left anywhere, plus the kings left, or the removing bound if higher.
"""

from __future__ import annotations

from printplay.solve.pyramid_encoding import (
    KING,
    MASK_ALL,
    MASK_SHIFT,
    ORDER_BITS,
    ORDER_MASK,
    ORDER_SHIFT,
    PASS_SHIFT,
    PTR_SHIFT,
    SHAPE_BITS,
    SHAPE_MASK,
    UNREACHABLE,
    RankIndex,
    ShapeInfo,
    Tables,
    ones,
)

Prices = tuple[list[int], list[list[int]], tuple[tuple[int, int], ...], int]
"""Per shape, for the access bound: the count wanted per rank, the price in half steps of
the n-th card of each rank leaving, the shape's needs and its slack."""

Blocks = tuple[int, tuple[tuple[int, int], ...], tuple[int, ...]]
"""Per shape, for :meth:`Bound.partnerable`: see :meth:`Bound.blocking`."""


def leaving_price(row: list[int], used: list[int], z: int, partners: int) -> int:
    """The price in half steps of the next card of rank ``z`` leaving by a removal
    (``row``: :meth:`Bound._prices` for that rank), counted in ``used``, while
    ``partners`` pyramid cards of the partner rank can be free; a full step once each
    has been taken."""
    n = used[z]
    if n < partners:
        used[z] = n + 1
        return row[n]
    return 2


class Bound:
    """The lower bound on the steps still needed from a position of a puzzle (see the
    module docstring), with what it remembers."""

    def __init__(self, t: Tables, index: RankIndex) -> None:
        self.t = t
        self.index = index
        self.prices: dict[int, Prices] = {}
        """Per shape: :meth:`_prices`."""
        self.price_kinds: dict[tuple[object, ...], int] = {}
        """Per :meth:`price_sig`: its number."""
        self.price_kind: dict[int, int] = {}
        """Per shape: the number of its :meth:`price_sig`."""
        self.access_memo: dict[int, int] = {}
        """Per price kind and position without its shape: :meth:`access`."""
        self.rank_seqs: dict[int, tuple[int, ...]] = {}
        """Per cycle cards and stock order (``cards << ORDER_BITS | order``): :meth:`rank_seq`."""
        self.pp_memo: dict[int, tuple[int, ...]] = {}
        """Per ranks in play and shape: :meth:`partnerable`."""
        self.blocks: list[Blocks | None] = [None] * len(t.geo.shapes)
        """Per shape: :meth:`blocking`."""

    def bound(self, key: int) -> int:
        """A lower bound on the steps still needed from ``key`` (admissible; the search
        keeps it from falling faster than the steps taken, see
        :class:`~printplay.solve.pyramid_search.ShortestLine`)."""
        t = self.t
        sid = key & SHAPE_MASK
        info = t.info[sid] or t.shape(sid)
        if not t.clear_board:
            mask = key >> MASK_SHIFT & MASK_ALL
            masks = self.index.masks_of(key >> ORDER_SHIFT & ORDER_MASK)
            counts = info[7]
            h = counts[KING] + ones(mask & masks[KING])
            for a in range(1, 7):
                h += max(
                    counts[a] + ones(mask & masks[a]),
                    counts[13 - a] + ones(mask & masks[13 - a]),
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
                key >> MASK_SHIFT & MASK_ALL,
            )
        return info[5] + found

    def access(self, sid: int, passes: int, ptr: int, oid: int, mask: int) -> int:
        """The steps, beyond the pyramid's own bound, needed to bring into play the cards
        from outside the pyramid that the pyramid needs (see the module docstring).

        A cycle card leaves by pairing with a pyramid card only if one of the partner
        rank can be free by then (:meth:`partnerable`, given the ranks in play before
        it); otherwise it leaves by a step of its own, and a needed card is drawn first.
        Per needed card, the least cost found: from the reserve, dug out of the waste
        (:meth:`dig`), down the stock (:meth:`walk_stock`) or after a redeal
        (:meth:`walk_after_redeal`)."""
        t = self.t
        nres = t.nres
        cyc = mask >> nres
        prices = self.prices.get(sid)
        if prices is None:
            info = t.shape(sid)
            prices = self.prices[sid] = self._prices(info[6], info[7], info[8])
        wanted, _price, need, _slack = prices
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
        stock_seq = self.rank_seqs.get(stock << ORDER_BITS | oid) or self.rank_seq(oid, stock)
        waste_seq = self.rank_seqs.get(waste << ORDER_BITS | oid) or self.rank_seq(oid, waste)
        dug = [UNREACHABLE] * len(waste_seq)
        if waste and t.waste_usable:
            seen = self.dig(sid, oid, stock, mask, prices, stock_seq[0], seen, waste_seq, dug)
        used = [0] * 14
        cost, slack, unmet = self.walk_stock(sid, prices, seen, stock_seq, unmet, costs, used)
        if unmet and waste and passes < t.max_pass:
            # or the rest of the stock goes, a redeal, and the cards before it
            cost += 2
            if t.puzzle.reshuffle is None:
                walked = seen | stock_seq[0]
                self.walk_after_redeal(
                    sid, prices, walked, waste_seq, dug, cost, slack, used, costs
                )
            else:
                # (a new order: any card can come first)
                for i in range(1, len(waste_seq)):
                    z = waste_seq[i]
                    if wanted[z]:
                        d = dug[i]
                        costs[z].append(cost if cost < d else d)
        elif waste:
            for i in range(1, len(waste_seq)):
                if dug[i] < UNREACHABLE:
                    costs[waste_seq[i]].append(dug[i])
        best = 0
        for z, n in need:
            found = costs[z]
            if len(found) < n:
                return UNREACHABLE
            found.sort()
            if found[n - 1] > best:
                best = found[n - 1]
        return (best + 1) // 2

    def dig(
        self,
        sid: int,
        oid: int,
        stock: int,
        mask: int,
        prices: Prices,
        in_stock: int,
        seen: int,
        waste_seq: tuple[int, ...],
        dug: list[int],
    ) -> int:
        """What it costs, before a redeal, to dig each needed waste card out (``dug``, by
        its place in ``waste_seq``; unchanged where it cannot be): from the top down, each
        card above it leaves with a king's step, a stock or reserve card (the ranks
        ``in_stock`` and ``seen``), or a pyramid card, no more of a rank than :meth:`room`
        lets leave.  Returns ``seen`` with the ranks of the waste cards passed."""
        wanted, price, _need, slack = prices
        crit = (self.blocks[sid] or self.blocking(sid))[0]
        left = [0] * 14
        used = [0] * 14
        cost = 0
        direct = seen | in_stock
        cur = direct & crit
        todo = crit ^ cur
        caps = self.pp_memo.get(cur << SHAPE_BITS | sid) or self.partnerable(sid, cur)
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
                caps = self.pp_memo.get(cur << SHAPE_BITS | sid) or self.partnerable(sid, cur)
        return seen

    def walk_stock(
        self,
        sid: int,
        prices: Prices,
        seen: int,
        stock_seq: tuple[int, ...],
        unmet: int,
        costs: dict[int, list[int]],
        used: list[int],
    ) -> tuple[int, int, int]:
        """Down the stock, top first: what it costs to bring each needed card into play
        (into ``costs``), with ``seen`` the ranks already in play and ``unmet`` the ranks
        whose need the reserve leaves unmet; the walk ends once every need is met and the
        cost passes the dearest (later cards lower the bound only below it).  Returns the
        cost of the whole walk, the slack left and the ranks whose need is still unmet
        (``used``: the cards of each rank that left with a pyramid card)."""
        wanted, price, need, slack = prices
        crit = (self.blocks[sid] or self.blocking(sid))[0]
        cost = 0
        cur = seen & crit
        todo = crit ^ cur
        caps = self.pp_memo.get(cur << SHAPE_BITS | sid) or self.partnerable(sid, cur)
        top = UNREACHABLE
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
                caps = self.pp_memo.get(cur << SHAPE_BITS | sid) or self.partnerable(sid, cur)
        return cost, slack, unmet

    def walk_after_redeal(
        self,
        sid: int,
        prices: Prices,
        seen: int,
        waste_seq: tuple[int, ...],
        dug: list[int],
        cost: int,
        slack: int,
        used: list[int],
        costs: dict[int, list[int]],
    ) -> None:
        """After the stock is gone and a redeal (``cost`` so far), the waste as the new
        stock, in the same order: what each needed card costs (into ``costs``), or less if
        it could be dug out before (``dug``); ``seen``: the ranks in play by then."""
        wanted, price, _need, _slack = prices
        crit = (self.blocks[sid] or self.blocking(sid))[0]
        cur = seen & crit
        todo = crit ^ cur
        caps = self.pp_memo.get(cur << SHAPE_BITS | sid) or self.partnerable(sid, cur)
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
                caps = self.pp_memo.get(cur << SHAPE_BITS | sid) or self.partnerable(sid, cur)

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
        found = (0, *(ones(of_rank[13 - z] & free) for z in range(1, KING)), 0)
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
        n = caps[z] + ones(stock & t.rank_pos[oid][13 - z])
        res = mask & ((1 << nres) - 1)
        if res:
            n += ones(res & self.index.masks_of(oid)[13 - z])
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
