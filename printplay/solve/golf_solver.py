"""The exact Golf solver: can a deal be won, and what is its par (the fewest strokes)?

The solver knows every card (Golf is dealt face up; the stock too is known to it).  Every
line it returns is replayed move by move through :meth:`GolfState.apply` before anyone
sees it (:func:`~printplay.solve.toolkit.checked_result`).

**Encoding.**  A column loses cards from the bottom only, so the tableau is its *shape*,
the number of cards left in each column (``6 ** 7`` shapes), kept as one integer and as
the bitmask ``played`` of the slots gone.  Only the rank of the waste's top card matters
to what may follow, and ``k`` says how many cards of the *sequence* have been turned (the
waste's top card and then the stock: the next card is ``sequence[k]``).  Per rank ``r``,
``fit`` holds the slots whose card may go onto a card of rank ``r`` under the options (the
King's ruling included).

**Search.**  A depth-first search, plays before the stock turn:

* *Memo per shape and top rank.*  A position lost with the ``k``-th card of the sequence
  next is lost with any later one: the player with more stock to come makes the same
  plays and, at the first turn, turns the extra cards too.  So the memo keeps, per shape
  and rank of the top card, the smallest ``k`` proved lost (in four bits: ``k`` of 1 and
  2, met only near the start, are kept as 3, a weaker claim and still true), and a
  position met again with ``k`` at least that is passed over at once.
* *Turning through.*  A turn goes straight to the first stock card onto which a bottom
  card can go that no turn before it at this shape could take (every play from those
  earlier tops, made with more stock to come, was proved lost before the turn).
* *A card nothing can go onto.*  When a bottom card that fits the top is a card that no
  card left in the columns may go onto, playing it and then turning leads everywhere
  turning now does, with one card fewer: turning now is not tried.
* *Counting* (Hall's condition).  Every tableau card still to be played goes onto a card
  one rank away: the waste's top card, a stock card still to come, or another tableau card
  (not a King, where nothing may go onto a King); each of those takes at most one card
  directly on top of it.  So the cards to place must be matched to the cards that may
  take them, rank to neighbouring rank.  The ranks that may follow each other form a path
  (odd ranks on even ones and the other way round: two paths) or, with the wrap, a cycle,
  on which a greedy matching is a largest one (:meth:`Search.deficit`).  A position
  with more cards left unmatched than the search may leave behind is lost.  The test
  ignores the order of the columns and of the stock.
* *A card that can never go.*  A card can leave only onto a card of a neighbouring rank
  still to come: a stock card not yet turned, a tableau card that is not above it in its
  own column (in its column only the card lying on it can go just before it), or the top
  card if it is free now.  A card with none of those left makes the position lost; the
  search checks the cards that lost one with each move.

**Targets.**  The search looks for a line leaving at most ``slack`` cards in the columns
(a win is ``slack = 0``): the counting test then allows that many cards without a place.
What cannot reach a target cannot reach a lower one, and what is lost with a longer stock
is lost with a shorter one, so the memo carries over from one search to the next of the
same kind.

**Par.**  Strokes: a won deal scores minus the stock cards left, so its par is the win with
the fewest stock turns; a win within ``m`` turns is a win of the same position with the
stock cut to ``m`` cards, so :func:`best_line` searches again with the stock cut to one card
fewer than the best line turns until that is proved impossible.  A lost deal scores the
cards left; its par is the fewest: the search looks for a line leaving one card fewer than
the best line so far until that is proved impossible.

**Compiled.**  The install compiles this module with mypyc (``setup.py``'s ``COMPILED``,
one group with the Pyramid search core); :func:`printplay.solve.compiled.native` hands out
the build while it and the group's other builds were made from their sources, and the
search runs there: the same code, some thirty times as fast.  For that
the search's integers are ``i64`` (machine integers once compiled, ints as Python), its
tables small classes of them (:class:`SlotInfo`, :class:`RankInfo`, :class:`Lost`)
rather than lists of ints, which would box every number.

>>> from printplay.games.golf import Golf
>>> from printplay.core.pysolfc import dealt
>>> start = Golf().initial_state(dealt(2))
>>> result = solve(start)
>>> result.solvable, len([m for m in result.moves if m.kind == "play"])
(True, 35)
>>> par = best_line(start)
>>> par.score, par.optimal
(0, True)
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from printplay.core.cards import Card
from printplay.core.errors import GameError
from printplay.core.protocols import BookExtras, BookPage, Position, RegisteredSolitaire
from printplay.core.verdicts import Budget, BudgetExhausted, SolveResult
from printplay.games.golf import (
    COLUMNS,
    DEPTH,
    TABLEAU_SIZE,
    Draw,
    GolfOptions,
    GolfState,
    Move,
    Play,
    fits,
)
from printplay.solve import compiled
from printplay.solve.toolkit import Clock, LineError, checked_result, own_state

if TYPE_CHECKING:  # a machine integer once compiled (mypyc); never looked up as Python
    from mypy_extensions import i64

DRAW: Final = -1
"""In a line of steps, a stock turn; other steps are tableau slots."""

SHAPES: Final = (DEPTH + 1) ** COLUMNS
"""Shapes of the tableau: 0 to 5 cards left in each of the 7 columns."""

TOPS: Final = 14
"""Ranks of the top card, 1-13 (0 unused)."""

KING: Final = 13

MAX_SEQUENCE: Final = 17
"""The most cards of the waste's top and the stock together (52 - 35)."""

MEMO_BITS: Final = 4
"""Bits of the memo per shape and rank of the top card (:class:`Lost`)."""

MEMO_MASK: Final = (1 << MEMO_BITS) - 1

MEMO_BASE: Final = 2
"""A memo code ``c`` (1-15) says lost with the ``k``-th card next for every
``k >= c + MEMO_BASE``; 0 says nothing is known."""

ALL_SLOTS: Final = (1 << TABLEAU_SIZE) - 1

FIELD: Final = 4
"""Bits a rank's count takes in the packed counts (at most 4 cards of a rank)."""

CYCLE = (1, 3, 5, 7, 9, 11, 13, 2, 4, 6, 8, 10, 12)
"""The ranks in steps of two round the cycle of the wrap: the cards of rank ``CYCLE[i]``
go onto cards of rank ``CYCLE[i + 6]`` and ``CYCLE[i + 7]`` (indices round 13)."""

HOSTS_ON_CYCLE = tuple(CYCLE[(i + 6) % 13] for i in range(13))
"""Per place on :data:`CYCLE`, the first of the two ranks its cards go onto."""


def count_units(wrap: bool, king_hosts: bool) -> tuple[list[int], list[int]]:
    """Per rank, the unit of its field in the packed counts of cards to place and of the
    cards that may take them.  Without the wrap both are by rank (field ``r`` for rank
    ``r``; a King takes nothing unless a Queen may go onto it); with it, cards to place
    are in the order of :data:`CYCLE` and places in the order of :data:`HOSTS_ON_CYCLE`,
    so that the cards of the ``i``-th field go onto the places of fields ``i`` and
    ``i + 1`` (13 is field 0 again)."""
    need = [0] * 15
    place = [0] * 15
    for rank in range(1, 14):
        if wrap:
            need[rank] = 1 << FIELD * CYCLE.index(rank)
            place[rank] = 1 << FIELD * HOSTS_ON_CYCLE.index(rank)
        else:
            need[rank] = 1 << FIELD * rank
            place[rank] = 1 << FIELD * rank if rank != KING or king_hosts else 0
    return need, place


@lru_cache(maxsize=8)
def hosts_for(options: GolfOptions) -> tuple[int, ...]:
    """Per rank of the top card (0-13), the ranks (a bit each) that may go onto it."""
    probe = [Card.parse(f"{'A23456789TJQK'[rank - 1]}c") for rank in range(1, 14)]
    masks = [0] * 14
    for top in range(1, 14):
        for rank in range(1, 14):
            if fits(probe[rank - 1], probe[top - 1], options):
                masks[top] |= 1 << rank
    return tuple(masks)


class SlotInfo:
    """What the search reads of one tableau slot."""

    def __init__(self) -> None:
        self.rank: i64 = 0
        self.weight: i64 = 0
        """What playing the card takes off the shape number."""
        self.uncovers: i64 = 0
        """The bit of the slot the card lies on (0 for the top row)."""
        self.preds: i64 = 0
        """The tableau cards it may go onto just after they go (not those above it in
        its column, nor one below the card lying on it)."""
        self.succs: i64 = 0
        """The tableau cards that may go onto it just after it goes."""
        self.stock_preds: i64 = 0
        """The cards of the sequence (a bit per index) it may go onto."""


class RankInfo:
    """What the search reads of one rank."""

    def __init__(self, rank: int) -> None:
        self.rank: i64 = rank
        self.fit: i64 = 0
        """The slots whose card may go onto a card of this rank."""
        self.need: i64 = 0
        """A card of this rank in the packed counts of cards to place."""
        self.place: i64 = 0
        """The place a card of this rank offers in the packed counts of places."""


class Lost:
    """The memo at one shape: per rank ``r`` of the top card, the :data:`MEMO_BITS` bits
    from bit ``MEMO_BITS * r`` hold a code (:data:`MEMO_BASE`) saying from which card of
    the sequence on the position is lost (:meth:`Search.remember`)."""

    def __init__(self) -> None:
        self.codes: i64 = 0


NOTHING_LOST: Final = Lost()
"""The memo's entry for every shape with nothing proved lost yet (never written)."""


class Search:
    """One position's tables and the memo of the searches from it (module docstring).

    ``ranks`` holds the tableau by slot (0 where played), ``sequence`` the ranks of the
    waste's top card and then the stock, next card first; ``hosts[r]`` the ranks that may
    go onto rank ``r``.  :meth:`run` searches; :meth:`reset` sets the stock cut and the
    target first.  The steps of a line found are in :attr:`line`, last step first.
    """

    def __init__(
        self, ranks: list[int], sequence: list[int], hosts: list[int], wrap: bool, clock: Clock
    ) -> None:
        if len(sequence) > MAX_SEQUENCE:
            raise ValueError(f"a Golf position has at most {MAX_SEQUENCE - 1} stock cards")
        self.wrap = wrap
        self.clock = clock
        self.mask: i64 = clock.mask
        self.length: i64 = len(sequence)
        """The cards of the sequence."""
        self.size: i64 = len(sequence)
        """The cards of the sequence in play (fewer when the stock is cut)."""
        self.slack: i64 = 0
        """The cards a line may leave in the columns."""
        need_unit, place_unit = count_units(wrap, hosts[KING] != 0)
        self.by_rank = [RankInfo(rank) for rank in range(TOPS)]
        for rank in range(1, TOPS):
            info = self.by_rank[rank]
            info.need = need_unit[rank]
            info.place = place_unit[rank]
            info.fit = sum(
                1 << slot
                for slot in range(TABLEAU_SIZE)
                if ranks[slot] and hosts[rank] >> ranks[slot] & 1
            )
        self.slots = [SlotInfo() for _ in range(TABLEAU_SIZE)]
        self.sequence = [self.by_rank[rank] for rank in sequence]
        """Per card of the sequence, its rank's :class:`RankInfo`."""
        self.stock_succs: list[i64] = [0] * len(sequence)
        """Per card of the sequence, the tableau cards that may go onto it."""
        self.played: i64 = 0
        self.exposed: i64 = 0
        self.shape: i64 = 0
        self.left: i64 = 0
        for slot in range(TABLEAU_SIZE):
            card = self.slots[slot]
            rank = ranks[slot]
            card.rank = rank
            card.weight = (DEPTH + 1) ** (slot % COLUMNS)
            card.uncovers = 1 << slot - COLUMNS if slot >= COLUMNS else 0
            if rank == 0:
                self.played |= 1 << slot
                continue
            self.left += 1
            self.shape += card.weight
            if slot + COLUMNS >= TABLEAU_SIZE or ranks[slot + COLUMNS] == 0:
                self.exposed |= 1 << slot
            for other in range(TABLEAU_SIZE):
                other_rank = ranks[other]
                if other == slot or other_rank == 0 or not hosts[other_rank] >> rank & 1:
                    continue
                if other % COLUMNS == slot % COLUMNS and other != slot + COLUMNS:
                    continue  # above it in its column, or not the card lying on it
                card.preds |= 1 << other
                self.slots[other].succs |= 1 << slot
            for index in range(1, len(sequence)):
                if hosts[sequence[index]] >> rank & 1:
                    card.stock_preds |= 1 << index
                    self.stock_succs[index] |= 1 << slot
        self.need: i64 = 0
        """Packed counts (:func:`count_units`): the tableau cards left, per rank."""
        self.places: i64 = 0
        """Packed counts: per rank, the cards that may take one (tableau, top and the
        stock to come)."""
        self.memo = [NOTHING_LOST] * SHAPES
        """Per shape, what is proved lost there (an entry made at its first loss)."""
        self.line: list[int] = []
        self.count: i64 = 0
        self.one: i64 = 1
        """1, read from here where the search shifts it: compiled, a literal 1 shifted by a
        machine integer is a C ``int`` (32 bits) and ``1 << 33`` is undefined."""

    def reset(self, size: int, slack: int) -> None:
        """Keep the first ``size`` cards of the sequence (the top and ``size - 1`` stock
        cards) and look for lines leaving at most ``slack`` cards."""
        self.size = max(1, min(size, self.length))
        self.slack = slack
        self.count = 0
        self.line = []
        self.need = 0
        self.places = 0
        for card in self.slots:
            if card.rank:
                self.need += self.by_rank[card.rank].need
                self.places += self.by_rank[card.rank].place
        for index in range(self.size):
            self.places += self.sequence[index].place

    def remember(self, shape: i64, top: i64, k: i64) -> None:
        """Record the position lost with the ``k``-th card next (and so with any later)."""
        entry = self.memo[shape]
        if entry is NOTHING_LOST:
            entry = Lost()
            self.memo[shape] = entry
        shift = MEMO_BITS * top
        field = MEMO_MASK * self.one
        code = entry.codes >> shift & field
        new: i64 = 1
        if k > MEMO_BASE:
            new = k - MEMO_BASE
        if code == 0 or new < code:
            entry.codes = entry.codes & ~(field << shift) | new << shift

    def deficit_path(self, first: i64) -> i64:
        """Without the wrap: how many cards of ranks ``first``, ``first + 2``, ... find no
        card to go onto in a largest matching (each goes onto the rank below or above;
        the leftover places of the rank below are of no use to any later rank)."""
        need = self.need >> FIELD * first
        places = self.places >> FIELD * (first - 1)
        carry = places & 15
        unmatched: i64 = 0
        while need:
            places >>= 2 * FIELD
            want = need & 15
            if want > carry:
                want -= carry
                above = places & 15
                if want > above:
                    unmatched += want - above
                    carry = 0
                else:
                    carry = above - want
            else:
                carry = places & 15
            need >>= 2 * FIELD
        return unmatched

    def deficit_cycle(self) -> i64:
        """With the wrap: the same on the cycle of :data:`CYCLE`.  ``spare`` places of the
        first rank's lower neighbour are kept for the last rank, as many as it turns out
        to lack (raising it never lowers the matching while the last rank lacks more)."""
        first_places = self.places & 15
        spare: i64 = 0
        while True:
            need = self.need
            places = self.places
            carry = first_places - spare
            unmatched: i64 = 0
            for _field in range(12):
                places >>= FIELD
                want = need & 15
                if want > carry:
                    want -= carry
                    above = places & 15
                    if want > above:
                        unmatched += want - above
                        carry = 0
                    else:
                        carry = above - want
                else:
                    carry = places & 15
                need >>= FIELD
            want = need & 15
            if want <= carry:
                return unmatched
            want -= carry
            if want <= spare:
                return unmatched
            if spare >= first_places:
                return unmatched + want - spare
            spare = want if want < first_places else first_places

    def deficit(self) -> i64:
        """Cards left in the columns that no matching can give a card to go onto."""
        if self.wrap:
            return self.deficit_cycle()
        return self.deficit_path(1) + self.deficit_path(2)

    def short_after(self, rank: i64) -> bool:
        """The counting test after a card of ``rank`` went (onto a neighbouring rank):
        without the wrap and with nothing to leave, only the path of ``rank`` changed."""
        if self.wrap:
            return self.deficit_cycle() > self.slack
        if self.slack:
            return self.deficit_path(1) + self.deficit_path(2) > self.slack
        return self.deficit_path(2 - (rank & 1)) > 0

    def dead(self, suspects: i64, played: i64, k: i64) -> bool:
        """Whether a card of ``suspects`` (none free and fitting the top) has no card left
        to go onto: no tableau card (:attr:`SlotInfo.preds`), no stock card from ``k``."""
        if self.slack:
            return False
        remaining = ALL_SLOTS & ~played
        stock = ((self.one << self.size) - 1) >> k
        slots = self.slots
        while suspects:
            low = suspects & -suspects
            suspects ^= low
            card = slots[int(low).bit_length() - 1]
            if not card.preds & remaining and not card.stock_preds >> k & stock:
                return True
        return False

    def node(
        self, played: i64, exposed: i64, shape: i64, top: RankInfo, k: i64, left: i64, tried: i64
    ) -> bool:
        """Whether the target can be reached from here: ``top`` the rank of the waste's
        top card, ``k`` the next card of the sequence, ``tried`` the free cards an earlier
        top at this shape could take (their plays are lost)."""
        self.count += 1
        if not self.count & self.mask:
            self.clock.check(self.count)
        if left <= self.slack:
            return True
        one = self.one
        slots = self.slots
        by_rank = self.by_rank
        memo = self.memo
        can = exposed & top.fit
        self.places -= top.place  # the top takes the next card, or is covered
        rest = can & ~tried
        while rest:
            slot: i64 = int(rest).bit_length() - 1
            bit = one << slot
            rest ^= bit
            card = slots[slot]
            rank = card.rank
            shape2 = shape - card.weight
            code = memo[shape2].codes >> MEMO_BITS * rank & MEMO_MASK
            if code and code + MEMO_BASE <= k:  # lost with this card next, or an earlier
                continue
            after = by_rank[rank]
            played2 = played | bit
            exposed2 = (exposed ^ bit) | card.uncovers
            self.need -= after.need
            won = False
            if not self.short_after(rank):
                suspects = (card.succs | can) & ~played2 & ~(exposed2 & after.fit)
                if not self.dead(suspects, played2, k):
                    won = self.node(played2, exposed2, shape2, after, k, left - 1, 0)
            self.need += after.need
            if won:
                self.places += top.place
                self.line.append(int(slot))
                return True
            self.remember(shape2, rank, k)
        remaining = ALL_SLOTS & ~played
        sinks = can
        while sinks:
            low = sinks & -sinks
            sinks ^= low
            if not by_rank[slots[int(low).bit_length() - 1].rank].fit & remaining:
                self.places += top.place  # playing it, then turning, is better
                return False
        sequence = self.sequence
        size = self.size
        tried |= can
        suspects = can
        j = k
        while j < size and not exposed & sequence[j].fit & ~tried:
            self.places -= sequence[j].place
            suspects |= self.stock_succs[j]
            j += 1
        won = False
        if j < size:
            top2 = sequence[j]
            suspects |= self.stock_succs[j]
            code = memo[shape].codes >> MEMO_BITS * top2.rank & MEMO_MASK
            if not code or code + MEMO_BASE > j + 1:
                suspects &= remaining & ~(exposed & top2.fit)
                if self.deficit() > self.slack or self.dead(suspects, played, j + 1):
                    self.remember(shape, top2.rank, j + 1)
                elif self.node(played, exposed, shape, top2, j + 1, left, tried):
                    won = True
                else:
                    self.remember(shape, top2.rank, j + 1)
        for index in range(k, j):
            self.places += sequence[index].place
        self.places += top.place
        if won:
            for _ in range(j - k + 1):
                self.line.append(DRAW)
        return won

    def run(self) -> bool:
        """Search from the position: whether a line reaching the target exists (its steps
        then in :attr:`line`, last first)."""
        if self.left <= self.slack:
            return True
        if self.deficit() > self.slack:
            return False
        free = self.exposed & self.sequence[0].fit
        if self.dead(ALL_SLOTS & ~self.played & ~free, self.played, 1):
            return False
        return self.node(self.played, self.exposed, self.shape, self.sequence[0], 1, self.left, 0)


def _search_class() -> type[Search]:
    """:class:`Search`, from the compiled build of this module when there is a fresh one."""
    built: type[Search] = compiled.native(sys.modules[__name__]).Search
    return built


def new_search(state: GolfState, clock: Clock) -> Search:
    """The search tables of ``state`` (the compiled class when the install built one)."""
    if len(state.tableau) != TABLEAU_SIZE:
        raise ValueError(f"a Golf tableau has {TABLEAU_SIZE} slots, not {len(state.tableau)}")
    ranks = [0 if card is None else int(card.rank) for card in state.tableau]
    sequence = [int(card.rank) for card in (state.waste_top, *state.stock)]
    return _search_class()(
        ranks, sequence, list(hosts_for(state.options)), state.options.wrap, clock
    )


def searched(search: Search, size: int, slack: int = 0) -> list[int] | None:
    """Run ``search`` with the sequence cut to ``size`` cards and ``slack`` cards allowed
    to stay: the steps of a line (a slot for a play, :data:`DRAW` for a stock turn) or
    ``None`` if there is none.  The memo carries over from the searches before (see the
    module docstring for when that is sound).  Raises :class:`BudgetExhausted` when the
    clock's budget runs out."""
    search.reset(size, slack)
    try:
        with _collector_off():
            found = search.run()
    except BudgetExhausted as stop:
        search.clock.spent += search.count
        raise BudgetExhausted(stop.reason, search.count) from None
    search.clock.spent += search.count
    if not found:
        return None
    return list(reversed(search.line))


def steps_to_moves(state: GolfState, steps: Sequence[int]) -> tuple[Move, ...]:
    """Engine moves for a line of steps (a slot for a play, :data:`DRAW` for a turn)."""
    moves: list[Move] = []
    turned = 0
    for step in steps:
        if step == DRAW:
            moves.append(Draw(state.stock[turned]))
            turned += 1
        else:
            card = state.tableau[step]
            if card is None:
                raise LineError(f"the solver played from the empty slot {step}")
            moves.append(Play(step, card))
    return tuple(moves)


def _finish(state: GolfState, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """``moves`` played on to the end of the game: any card that fits, else a stock turn
    (cards only leave the columns, so the cards left can only fall)."""
    line = list(moves)
    here = state
    for move in moves:
        here = here.apply(move)
    while not here.is_over:
        move = here.legal_moves()[0]
        line.append(move)
        here = here.apply(move)
    return tuple(line)


@contextmanager
def _collector_off() -> Iterator[None]:
    """The garbage collector off while a search's tables live: the memo makes an object
    per shape, none in a cycle, and a collection would walk them all again and again.
    The tables must be gone (freed as they are dropped) before the block ends."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def solve(position: Position, *, budget: Budget | None = None) -> SolveResult[Move]:
    """Decide whether ``position`` can be won, with a winning line if it can.

    ``solvable`` is ``True`` with a line replayed through the engine, ``False`` after the
    whole reachable space was searched, ``None`` if ``budget`` ran out first.  ``score`` is
    the final score of the winning line (not the par: see :func:`best_line`).
    """
    state = own_state(position, GolfState, "Golf")
    with _collector_off():
        return _solve(state, Clock(budget))


def _solve(state: GolfState, clock: Clock) -> SolveResult[Move]:
    """:func:`solve`, its search's tables dropped on return."""
    search = new_search(state, clock)
    try:
        steps = searched(search, search.length)
    except BudgetExhausted as stop:
        return SolveResult(None, (), stop.states, clock.seconds, reason=stop.reason)
    if steps is None:
        return SolveResult(False, (), clock.spent, clock.seconds)
    return checked_result(
        state, steps_to_moves(state, steps), solvable=True, clock=clock, states=clock.spent
    )


def _fewest_turns(search: Search, steps: list[int]) -> tuple[list[int], str]:
    """A win with the fewest stock turns, from the win ``steps``: searched again with the
    stock cut to one card fewer than the best line so far turns, until that is proved
    impossible.  Returns the line and the budget's message if it ran out first (the line
    is then the best found)."""
    while steps.count(DRAW):
        try:
            found = searched(search, steps.count(DRAW))
        except BudgetExhausted as stop:
            return steps, stop.reason
        if found is None:
            break
        steps = found
    return steps, ""


def _fewest_left(state: GolfState, search: Search) -> tuple[tuple[Move, ...], str]:
    """A line of a lost position leaving the fewest cards: a first line played greedily,
    then searches for a line leaving one card fewer than the best so far, until that is
    proved impossible.  Returns the line (played to the end) and the budget's message if
    it ran out first."""
    best = _finish(state, ())
    while True:
        final = state
        for move in best:
            final = final.apply(move)
        target = final.cards_left - 1
        if target < 0:  # cannot happen for a lost position; kept for safety
            return best, ""
        try:
            found = searched(search, search.length, slack=target)
        except BudgetExhausted as stop:
            return best, stop.reason
        if found is None:
            return best, ""
        best = _finish(state, steps_to_moves(state, found))


def best_line(position: Position, *, budget: Budget | None = None) -> SolveResult[Move]:
    """The par: the line with the fewest strokes (lower is better).

    A position that can be won: the win leaving the most cards in the stock (score minus
    that many).  One that cannot: the line leaving the fewest cards in the columns (score
    that many).  ``optimal`` is ``True`` when the line is proved best; if ``budget`` runs
    out after a first line was found, the best found so far comes back with
    ``optimal=False``, and before, the answer is unknown.  The line is replayed through the
    engine and its final score checked against the claimed one.
    """
    state = own_state(position, GolfState, "Golf")
    clock = Clock(budget)
    if state.is_over:
        return SolveResult(state.is_won, (), 0, clock.seconds, state.score, True)
    with _collector_off():
        return _best_line(state, clock)


def _best_line(state: GolfState, clock: Clock) -> SolveResult[Move]:
    """:func:`best_line` of a position not over, its searches' tables dropped on return."""
    search = new_search(state, clock)
    try:
        steps = searched(search, search.length)
    except BudgetExhausted as stop:
        return SolveResult(None, (), stop.states, clock.seconds, reason=stop.reason)
    if steps is not None:
        steps, reason = _fewest_turns(search, steps)
        score = -(len(state.stock) - steps.count(DRAW))
        return checked_result(
            state, steps_to_moves(state, steps), solvable=True, clock=clock,
            states=clock.spent, optimal=not reason, reason=reason, score=score,
        )  # fmt: skip
    del search  # lost with nothing left says nothing of a target above: a fresh memo
    moves, reason = _fewest_left(state, new_search(state, clock))
    final = state
    for move in moves:
        final = final.apply(move)
    if not final.is_over:
        raise LineError("the best line of a lost position, replayed, does not end the game")
    return checked_result(
        state, moves, solvable=False, clock=clock, states=clock.spent,
        optimal=not reason, reason=reason, score=final.cards_left,
    )  # fmt: skip


HOLES: Final = 9
"""Holes a scorecard table holds: a round of nine, as a golf course counts them."""

ROUNDS_A_PAGE: Final = 2
"""Rounds of nine a scorecard page holds (the front nine and the back nine)."""

PLAYERS: Final = 4
"""Players a scorecard has a column for."""

NAME_ROOM: Final = "\\_" * 20
"""The line a scorecard leaves for each player's name (it sets the columns' width)."""


def par(position: Position) -> int:
    """The par of a hole: the proved fewest strokes from ``position``
    (:func:`best_line`, without a budget, always proves it)."""
    found = best_line(position)
    if found.score is None or not found.optimal:
        raise GameError(f"the par of a Golf deal was not proved ({found.reason or 'no score'})")
    return found.score


def course(game: RegisteredSolitaire, starts: Sequence[Position]) -> BookExtras:
    """What a Golf book adds (the declaration's ``book_extras``): it is a course, each deal
    a hole.  Under each puzzle its par; after the puzzles scorecard pages for up to
    :data:`PLAYERS` players, a table every :data:`HOLES` holes and
    :data:`ROUNDS_A_PAGE` tables a page, each hole's par printed, with a row for the
    totals."""
    pars = [par(start) for start in starts]
    notes = tuple(f"Par {strokes(value)}" for value in pars)
    return BookExtras(notes, scorecards(pars))


def scorecards(pars: Sequence[int]) -> tuple[BookPage, ...]:
    """The scorecard pages of a course whose holes' pars are ``pars``, in order."""
    holes_a_page = HOLES * ROUNDS_A_PAGE
    return tuple(
        scorecard(first, pars[first - 1 : first - 1 + holes_a_page])
        for first in range(1, len(pars) + 1, holes_a_page)
    )


def scorecard(first: int, pars: Sequence[int]) -> BookPage:
    """The scorecard page of the holes from ``first``, whose pars are ``pars``: a table
    every :data:`HOLES` holes, a row a hole, two lines tall to write in, a row for the
    players' names and one for the totals."""
    last = first + len(pars) - 1
    tables = [
        _round_table(start, pars[start - first : start - first + HOLES], titled=len(pars) > HOLES)
        for start in range(first, last + 1, HOLES)
    ]
    markdown = "\n".join(
        [
            "Every player plays the same deal for a hole and writes down their strokes: the "
            "cards left in the columns, or once the columns are clear minus the cards left "
            "in the stock. Par is the fewest strokes the deal allows, proved by printplay's "
            "solver: nobody can beat it, and matching it is a perfect hole. The lowest total "
            "wins.",
            *tables,
        ]
    )
    return BookPage(f"Scorecard, {_holes(first, last)}", markdown)


def _round_table(first: int, pars: Sequence[int], *, titled: bool) -> str:
    """One round's table of a scorecard (its holes named above it when ``titled``)."""
    blank = " &nbsp;<br>&nbsp; |" + " |" * (PLAYERS - 1)
    room = f" {NAME_ROOM} |" * PLAYERS
    players = " | ".join(f"Player {number}" for number in range(1, PLAYERS + 1))
    rows = [f"| {hole} | {strokes(value)} |{blank}" for hole, value in enumerate(pars, first)]
    heading = [f"### {_holes(first, first + len(pars) - 1).capitalize()}", ""] if titled else []
    return "\n".join(
        [
            "",
            *heading,
            f"| Hole | Par | {players} |",
            "| ---: | ---: |" + " --- |" * PLAYERS,
            f"| Name | |{room}",
            *rows,
            f"| Total | {strokes(sum(pars))} |{blank}",
        ]
    )


def _holes(first: int, last: int) -> str:
    """The holes from ``first`` to ``last`` as a scorecard names them."""
    return f"hole {first}" if first == last else f"holes {first} to {last}"


def strokes(score: int) -> str:
    """A score as a golfer writes it, with a true minus sign (−3)."""
    return str(score).replace("-", "\u2212")


__all__ = [
    "DRAW",
    "HOLES",
    "PLAYERS",
    "ROUNDS_A_PAGE",
    "Search",
    "best_line",
    "course",
    "hosts_for",
    "new_search",
    "par",
    "scorecard",
    "scorecards",
    "searched",
    "solve",
    "steps_to_moves",
    "strokes",
]
