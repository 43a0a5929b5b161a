"""The exact Ricochet solver: can a deal be won, and what is its shortest win?

The solver knows every card, face-down ones too (perfect information; so the ``face-up``
option changes nothing here).  It works on a compact encoding and checks itself against the
readable engine of :mod:`printplay.games.ricochet`: every line it returns is replayed move
by move through :meth:`RicochetState.apply` before anyone sees it
(:func:`~printplay.solve.toolkit.checked_result`).

**Encoding.**  A position is a few integers: ``mask`` (32 bits, the wall slots destroyed),
the rank of the waste top, the ball as a set of walls (4 bits; 0 when it is off the board)
and ``k``, the position of the next card to turn in the sequence ``[waste top, stock...]``.
The open slots are a bitmask updated incrementally (destroying a card can uncover only the
one or two cards it lies on).  ``ALLOWED[walls]`` is the set of slots the ricochet rule lets
follow a ball in ``walls``, and ``NEIGHBOURS[rank]`` (per deal) the slots whose card a card
of that rank destroys; so the cards that can be destroyed now are
``open & ALLOWED[ball] & NEIGHBOURS[top]``, called ``cand``.

**Splitting a position.**  From a position the player either destroys a card of ``cand``,
or (when allowed) turns the stock.  What follows a play depends only on ``mask``, the card
played and ``k`` (the ball and the top become that card's walls and rank).  What follows a
turn depends only on ``mask``, ``k`` and the open cards the ball allows, ``open &
ALLOWED[ball]`` (the ball stays; under ``ball-resets`` it is lifted and every open card is
allowed).  So the search works on two kinds of node, each memoised on just what it depends
on: *plays* ``(mask, cand, k)`` and *turns* ``(mask, allowed open cards, k)``.  Positions
that differ in top or ball but allow the same cards share their nodes.

**Free drawing** (``free-draw``).  A turn node is "turn once or more, then play": it is won
if some later stock card ``j`` leaves a plays node ``(mask, cand_j, j + 1)`` that is won.
Pruning, each one exact (it never throws away a win):

* *Dominance in the stock.*  A node lost with the next stock card at ``k`` is lost at
  every later ``k'``: from the earlier one the player can do all the later one can,
  turning through to the same stock card (a turn is always allowed; the ball after one turn
  or several is the same).  So each table keeps, per node, the smallest ``k`` proved lost,
  and a turn node re-examined with an earlier ``k`` tries only the stock cards before the
  one it was proved lost from.
* *Dominance among stock cards.*  Within one turn node, a stock card whose ``cand`` is a
  subset of an earlier card's ``cand`` (already proved lost) is skipped: every play it
  offers was offered earlier, with more of the stock still to come.
* *Counting* (Hall's condition).  Every wall card still to be destroyed goes onto a card
  one rank away: the waste top, a stock card still to come, or another wall card; each of
  those takes at most one card directly on top of it.  So for every rank ``r`` the wall
  cards of rank ``r`` cannot outnumber the cards of ranks ``r - 1`` and ``r + 1`` among the
  top, the stock to come and the walls; and the same for two ranks two apart (as in the
  TriPeaks solver).  The ricochet rule sharpens it: a wall card put directly on another wall
  card follows it at once, so the two share no wall.  Hence, for each wall ``w``, the cards
  of rank ``r`` in ``w`` cannot outnumber the places of rank ``r ± 1`` among the top, the
  stock and the wall cards *outside* ``w``.  Counts are packed 8 bits a rank, the five
  tests (all cards, and each wall) side by side in one integer, and compared at once with
  guard bits each time a stock card is about to be turned.  A later stock card leaves
  fewer places, so once the test fails for one card it fails for all later ones, and the
  turn node stops there.
* *Turning through.*  A stock card that allows no play is turned past at once.

**Strict drawing** (the default: a turn only when no card can be destroyed).  A position
with a play must play, one without must turn; the stock dominance does not hold (a turn is
forced the moment nothing can be destroyed), so plays nodes are memoised exactly as
``(mask, cand, k)``; the counting test and turning through apply as above.

Move order: the outer layer first (highest slot number), then the middle, then the inner.

**Shortest line.**  A win destroys every wall card, so the fewest moves means the fewest
stock turns; and a win with at most ``L`` turns is exactly a win of the same position with
the stock cut to ``L`` cards.  :func:`best_line` solves the deal, then solves it again with
the stock cut to one card fewer than the best line so far uses, until that is proved
impossible.  What a search proves lost stays lost with a shorter stock, so its tables carry
over from one search to the next.

**Targets.**  Both searches look for a line that destroys ``T`` wall cards in all (a win is
``T = 32``).  Every prune above holds for any target; the counting test then allows
``32 - T`` cards of a rank (or of two ranks two apart) without a place, since that many may
be left.  A node that cannot reach ``T`` cannot reach ``T + 1`` either.

**A position that cannot be won.**  Every lost game turns the whole stock (it ends only
when the stock is empty and nothing can be destroyed), so every complete lost line is as
long as the cards it destroys plus the stock.  :func:`best_line` then returns a line that
destroys as many wall cards as any line can (so leaves the fewest), played on to the end
of the game.  The tables of the search that proved the loss name a number of cards some
line reaches (the most destroyed in any node met); the solver searches for a line to that
many, then to one more, and so on, until a search proves the next number out of reach.
The tables carry over from each target to the next.

>>> from printplay.deal import numbered_deal
>>> from printplay.games.ricochet import Ricochet
>>> game = Ricochet()
>>> result = solve(game.initial_state(numbered_deal(game.deck(), 1)))
>>> result.solvable, sum(move.kind == "play" for move in result.moves)
(True, 32)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from printplay.cards import Card
from printplay.games.protocols import Position
from printplay.games.ricochet import (
    LAYOUT,
    SLOT_WALLS,
    WALL_CARDS,
    Draw,
    Move,
    Play,
    RicochetState,
)
from printplay.solve.packed import (
    GUARD,
    GUARD_PAIRS,
    cover_masks,
    layout_masks,
    next_to,
    places,
    rank_unit,
)
from printplay.solve.toolkit import Clock, LineError, checked_result, deep_recursion, own_state
from printplay.verdicts import Budget, BudgetExhausted, SolveResult

FULL = (1 << WALL_CARDS) - 1
"""The mask of walls with every card destroyed."""

DRAW = -1
"""In a line of steps (see :func:`steps_to_moves`), a stock turn; other steps are slots."""

ALLOWED = tuple(
    sum(1 << s for s in range(WALL_CARDS) if not SLOT_WALLS[s] & walls) for walls in range(16)
)
"""Per set of walls (4 bits), the slots a card may come from after a ball there."""

_NEED, _UNCOVERS = cover_masks(LAYOUT)

# Packed counts: 8 bits a rank (field r for rank r; with wrap, field 0 repeats the kings and
# field 14 the aces), 16 fields (128 bits) a region, five regions: the cards touching the
# north, east, south and west walls, and all cards.
_REGION = 128
_REGIONS = 5
_ALL = 4
"""The region counting every card."""
_REPEAT = sum(1 << _REGION * region for region in range(_REGIONS))
_OUTSIDE = _REPEAT + (1 << _REGION * _ALL)
"""``counts * _OUTSIDE - walls`` gives, per wall region, the cards outside that wall, and in
the last region all cards again."""
_GUARDS = sum(0x80 << 8 * f for f in range(16 * _REGIONS))
_GUARD_RANKS = sum(
    0x80 << _REGION * region + 8 * rank for region in range(_REGIONS) for rank in range(1, 14)
)
_GUARD, _GUARD_PAIRS = GUARD, GUARD_PAIRS


@dataclass(frozen=True)
class Encoded:
    """A position in the solver's encoding, with the tables of its deal.

    ``cards`` holds the walls by slot (``None`` where destroyed); ``sequence`` is the waste
    top followed by the stock (next card first, cut to a limit if one was given), so the
    next card to turn is ``sequence[1]`` at the start.
    """

    cards: tuple[Card | None, ...]
    sequence: tuple[Card, ...]
    ranks: tuple[int, ...]
    """Per slot: the rank of its card (0 for a destroyed card)."""
    sequence_ranks: tuple[int, ...]
    mask: int
    """The slots destroyed."""
    exposed: int
    """The slots whose card is there and open."""
    ball: int
    """The walls of the ball (0 when it is off the board)."""
    neighbours: tuple[int, ...]
    """Per rank 0-13: the slots whose card a card of that rank destroys."""
    delta: tuple[int, ...]
    """Per slot: what its card adds to :attr:`counts` (in its walls' regions and the last)."""
    counts: int
    """The wall cards left, counted by rank, packed in five regions (see the module)."""
    reach: tuple[int, ...]
    """Per position ``j`` of :attr:`sequence` (and one past the end): the slots whose card
    some card of ``sequence[j:]`` destroys; a turn from ``j`` can lead to a play only if
    the ball allows one of them."""
    supply: tuple[tuple[int, int], ...]
    """Per position ``j`` of :attr:`sequence`: the places the cards ``sequence[j:]`` offer
    (a top and the stock after it), as two packed counts: per rank ``r`` how many cards one
    of rank ``r`` could go onto (repeated in every region), and per rank ``r`` how many
    cards one of rank ``r`` or ``r + 2`` could go onto."""


def encode(state: RicochetState, limit: int | None = None, leftover: int = 0) -> Encoded:
    """Build the compact encoding of ``state``; ``limit`` keeps only that many stock cards.

    ``leftover`` is how many wall cards a search may leave (0 to win): the counting test
    then allows that many cards of a rank, or of two ranks two apart, without a place.
    Raises :class:`ValueError` for a position no play can reach (a destroyed card whose
    covers are still there).
    """
    wrap = state.options.wrap
    cards = state.walls
    if len(cards) != WALL_CARDS:
        raise ValueError(f"Ricochet has {WALL_CARDS} wall slots, not {len(cards)}")
    mask, exposed = layout_masks(cards, _NEED)
    ranks = tuple(0 if card is None else int(card.rank) for card in cards)
    stock = state.stock if limit is None else state.stock[: max(0, limit)]
    sequence = (state.waste_top, *stock)
    sequence_ranks = tuple(int(card.rank) for card in sequence)
    present = [slot for slot in range(WALL_CARDS) if cards[slot] is not None]
    neighbours = tuple(
        sum(1 << slot for slot in present if next_to(ranks[slot], rank, wrap)) for rank in range(14)
    )
    delta = tuple(
        sum(
            rank_unit(ranks[slot], wrap) << _REGION * region
            for region in range(_REGIONS)
            if region == _ALL or SLOT_WALLS[slot] >> region & 1
        )
        for slot in range(WALL_CARDS)
    )
    reach = [0] * (len(sequence) + 1)
    for j in range(len(sequence) - 1, -1, -1):
        reach[j] = reach[j + 1] | neighbours[sequence_ranks[j]]
    supply = []
    for j in range(len(sequence)):
        rest = sum(rank_unit(rank, wrap) for rank in sequence_ranks[j:])
        single, pair = places(rest, leftover)  # an allowance counts like a joker
        supply.append((single * _REPEAT, pair))
    return Encoded(
        cards=cards,
        sequence=sequence,
        ranks=ranks,
        sequence_ranks=sequence_ranks,
        mask=mask,
        exposed=exposed,
        ball=0 if state.ball is None else SLOT_WALLS[state.ball],
        neighbours=neighbours,
        delta=delta,
        counts=sum(delta[slot] for slot in present),
        reach=tuple(reach),
        supply=tuple(supply),
    )


def short_of_places(supply: tuple[int, int], counts: int) -> bool:
    """The counting test: whether some rank (or pair of ranks two apart) has more wall
    cards left than places to go, counting all cards or the cards of one wall.

    ``supply`` is an entry of :attr:`Encoded.supply`, ``counts`` an :attr:`Encoded.counts`.
    The searches inline this test (search for "short_of_places, written out").

    >>> from printplay.cards import Card
    >>> from printplay.games.ricochet import RicochetOptions
    >>> fives = (None,) * 24 + (Card.parse("5c"), Card.parse("5d")) + (None,) * 6
    >>> enc = encode(RicochetState(RicochetOptions(), fives, (Card.parse("4h"),), ()))
    >>> short_of_places(enc.supply[0], enc.counts)  # one four for two fives
    True
    >>> more = encode(RicochetState(RicochetOptions(), fives, (Card.parse("4h"),),
    ...                             (Card.parse("6s"),)))
    >>> short_of_places(more.supply[0], more.counts)
    False
    >>> spare = encode(RicochetState(RicochetOptions(), fives, (Card.parse("4h"),), ()),
    ...                leftover=1)
    >>> short_of_places(spare.supply[0], spare.counts)  # one five may stay
    False
    """
    single_all, pair = supply
    total = counts >> _REGION * _ALL
    outside = total * _OUTSIDE - counts
    spread = (total << 8) + (total >> 8)
    return ((single_all + (outside << 8) + (outside >> 8)) | _GUARDS) - counts & _GUARD_RANKS != (
        _GUARD_RANKS
    ) or ((pair + spread + (total >> 24)) | _GUARD) - total - (total >> 16) & _GUARD_PAIRS != (
        _GUARD_PAIRS
    )


@dataclass
class LostTables:
    """What searches proved lost, kept from one search of a position to the next.

    A node lost with some stock stays lost with less of it, and a node from which ``T``
    cards destroyed cannot be reached cannot reach more either; so tables carry over to a
    search with a shorter stock or a higher target, never the other way.  ``plays`` and
    ``turns`` (free drawing) map a node's key to the smallest ``k`` it was proved lost
    from; ``strict`` holds the keys of plays nodes proved lost under strict drawing.
    """

    plays: dict[int, int] = field(default_factory=dict)
    turns: dict[int, int] = field(default_factory=dict)
    strict: set[int] = field(default_factory=set)

    def most_destroyed(self, start: int, resets: bool) -> int:
        """The most wall cards destroyed in any node of the tables (a plays node offers
        one more), or ``start``: a number of cards some line reaches.  ``resets``: whether
        the tables come from a search under ``ball-resets`` (turns keys are masks)."""
        most = start
        for key in self.plays:
            most = max(most, (key >> 32).bit_count() + 1)
        for key in self.turns:
            most = max(most, (key if resets else key >> 32).bit_count())
        for key in self.strict:
            most = max(most, (key >> 37).bit_count() + 1)
        return min(most, WALL_CARDS)


def _search_free(
    enc: Encoded, clock: Clock, resets: bool, tables: LostTables, target: int
) -> tuple[list[int] | None, int]:
    """Depth-first search when the stock may be turned at any time, for a line that
    destroys ``target`` cards in all (32: a win).

    Returns that line as steps (a slot for a play, :data:`DRAW` for a turn) or ``None``,
    and the number of plays nodes examined.
    """
    ranks = enc.ranks
    seq = enc.sequence_ranks
    n = len(seq)
    nbm = enc.neighbours
    delta = enc.delta
    supply = enc.supply
    allowed = ALLOWED
    walls = SLOT_WALLS
    uncovers = _UNCOVERS
    check, check_mask = clock.check, clock.mask
    play_lost, turn_lost = tables.plays, tables.turns
    play_get, turn_get = play_lost.get, turn_lost.get
    reach = enc.reach
    line: list[int] = []
    count = 0

    def plays(mask: int, exposed: int, cand: int, k: int, counts: int) -> bool:
        """Whether destroying one of ``cand`` reaches the target (``k``: the next card to
        turn)."""
        nonlocal count
        count += 1
        if not count & check_mask:
            check(count)
        rest = cand
        while rest:
            slot = rest.bit_length() - 1
            bit = 1 << slot
            rest ^= bit
            m2 = mask | bit
            if m2.bit_count() >= target:
                line.append(slot)
                return True
            e2 = exposed ^ bit
            for cover_bit, need in uncovers[slot]:
                if m2 & need == need:
                    e2 |= cover_bit
            c2 = counts - delta[slot]
            e_ball = e2 & allowed[walls[slot]]
            cand2 = e_ball & nbm[ranks[slot]]
            if cand2:
                lost = play_get(m2 << 32 | cand2)
                if (lost is None or lost > k) and plays(m2, e2, cand2, k, c2):
                    line.append(slot)
                    return True
            if (e2 if resets else e_ball) & reach[k]:
                key = m2 if resets else m2 << 32 | e_ball
                lost = turn_get(key)
                if (lost is None or lost > k) and turns(
                    m2,
                    e2,
                    e2 if resets else e_ball,
                    key,
                    k,
                    n if lost is None or lost > n else lost,
                    c2,
                ):
                    line.append(slot)
                    return True
        play_lost[mask << 32 | cand] = k
        return False

    def turns(
        mask: int, exposed: int, after: int, key: int, k: int, stop: int, counts: int
    ) -> bool:
        """Whether turning stock cards from ``k`` on (before ``stop``, from which the node
        is known lost) and then playing reaches the target; ``after`` are the open cards
        the ball allows after a turn."""
        tried: list[int] = []
        total = spread = spread_outside = 0
        for j in range(k, stop):
            cand = after & nbm[seq[j]]
            if not cand:
                if not after & reach[j]:
                    break  # no stock card to come fits an open card
                continue  # turning through
            for other in tried:
                if cand & other == cand:
                    break  # dominated by an earlier stock card
            else:
                if not total:
                    total = counts >> _REGION * _ALL
                    outside = total * _OUTSIDE - counts
                    spread_outside = (outside << 8) + (outside >> 8)
                    spread = (total << 8) + (total >> 8)
                single_all, pair = supply[j]
                # short_of_places, written out
                if ((single_all + spread_outside) | _GUARDS) - counts & _GUARD_RANKS != (
                    _GUARD_RANKS
                ) or ((pair + spread + (total >> 24)) | _GUARD) - total - (total >> 16) & (
                    _GUARD_PAIRS
                ) != _GUARD_PAIRS:
                    break  # and fails for every later stock card too
                lost = play_get(mask << 32 | cand)
                if (lost is None or lost > j + 1) and plays(mask, exposed, cand, j + 1, counts):
                    line.extend([DRAW] * (j - k + 1))
                    return True
                tried.append(cand)
        turn_lost[key] = k
        return False

    mask, exposed = enc.mask, enc.exposed
    e_ball = exposed & allowed[enc.ball]
    cand = e_ball & nbm[seq[0]]
    key = mask if resets else mask << 32 | e_ball
    won = (
        mask.bit_count() >= target
        or (bool(cand) and plays(mask, exposed, cand, 1, enc.counts))
        or turns(mask, exposed, exposed if resets else e_ball, key, 1, n, enc.counts)
    )
    line.reverse()
    return (line if won else None), count


def _search_strict(
    enc: Encoded, clock: Clock, resets: bool, tables: LostTables, target: int
) -> tuple[list[int] | None, int]:
    """Depth-first search under strict drawing (a turn only when no card can be
    destroyed), for a line that destroys ``target`` cards in all (32: a win)."""
    ranks = enc.ranks
    seq = enc.sequence_ranks
    n = len(seq)
    nbm = enc.neighbours
    delta = enc.delta
    supply = enc.supply
    allowed = ALLOWED
    walls = SLOT_WALLS
    uncovers = _UNCOVERS
    check, check_mask = clock.check, clock.mask
    lost = tables.strict
    line: list[int] = []
    count = 0

    def plays(mask: int, exposed: int, cand: int, k: int, counts: int) -> bool:
        nonlocal count
        count += 1
        if not count & check_mask:
            check(count)
        rest = cand
        while rest:
            slot = rest.bit_length() - 1
            bit = 1 << slot
            rest ^= bit
            m2 = mask | bit
            if m2.bit_count() >= target:
                line.append(slot)
                return True
            e2 = exposed ^ bit
            for cover_bit, need in uncovers[slot]:
                if m2 & need == need:
                    e2 |= cover_bit
            c2 = counts - delta[slot]
            e_ball = e2 & allowed[walls[slot]]
            cand2 = e_ball & nbm[ranks[slot]]
            if cand2:
                won = (m2 << 32 | cand2) << 5 | k not in lost and plays(m2, e2, cand2, k, c2)
            else:
                won = turn(m2, e2, e2 if resets else e_ball, k, c2)
            if won:
                line.append(slot)
                return True
        lost.add((mask << 32 | cand) << 5 | k)
        return False

    def turn(mask: int, exposed: int, after: int, k: int, counts: int) -> bool:
        """The forced turns of a position where nothing can be destroyed, then play on."""
        j = k
        while j < n and not after & nbm[seq[j]]:
            j += 1  # turning through
        if j >= n or short_of_places(supply[j], counts):
            return False
        cand = after & nbm[seq[j]]
        if (mask << 32 | cand) << 5 | j + 1 in lost or not plays(
            mask, exposed, cand, j + 1, counts
        ):
            return False
        line.extend([DRAW] * (j - k + 1))
        return True

    mask, exposed = enc.mask, enc.exposed
    e_ball = exposed & allowed[enc.ball]
    cand = e_ball & nbm[seq[0]]
    if mask.bit_count() >= target:
        won = True
    elif cand:
        won = plays(mask, exposed, cand, 1, enc.counts)
    else:
        won = turn(mask, exposed, exposed if resets else e_ball, 1, enc.counts)
    line.reverse()
    return (line if won else None), count


def _search(
    state: RicochetState,
    enc: Encoded,
    clock: Clock,
    tables: LostTables,
    target: int = WALL_CARDS,
) -> tuple[list[int] | None, int]:
    """The right search for the options of ``state``; counts its states on ``clock``.

    ``enc`` must have been encoded with ``leftover = 32 - target``.
    """
    options = state.options
    search = _search_free if options.free_draw else _search_strict
    try:
        with deep_recursion():
            steps, states = search(enc, clock, options.ball_resets, tables, target)
    except BudgetExhausted as stop:
        clock.spent += stop.states
        raise
    clock.spent += states
    return steps, states


def steps_to_moves(enc: Encoded, steps: list[int]) -> tuple[Move, ...]:
    """Engine moves for a line of steps (a slot for a play, :data:`DRAW` for a turn)."""
    moves: list[Move] = []
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


def solve(position: Position, *, budget: Budget | None = None) -> SolveResult[Move]:
    """Decide whether ``state`` can be won, with a winning line if it can.

    ``solvable`` is ``True`` with a line replayed through the engine, ``False`` after the
    whole reachable space was searched, ``None`` if ``budget`` ran out first.
    """
    state = own_state(position, RicochetState, "Ricochet")
    clock = Clock(budget)
    enc = encode(state)
    try:
        steps, states = _search(state, enc, clock, LostTables())
    except BudgetExhausted as stop:
        return SolveResult(None, (), stop.states, clock.seconds, reason=stop.reason)
    if steps is None:
        return SolveResult(False, (), states, clock.seconds)
    return checked_result(
        state, steps_to_moves(enc, steps), solvable=True, clock=clock, states=states
    )


def _finish(state: RicochetState, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """``moves`` played on to the end of the game: the first legal move each time (a card
    if one can be destroyed, else a stock turn).

    After a line to the most cards any line destroys, nothing more can ever be destroyed,
    so this only turns the rest of the stock.
    """
    line = list(moves)
    for move in moves:
        state = state.apply(move)
    while not state.is_over:
        move = state.legal_moves()[0]
        line.append(move)
        state = state.apply(move)
    return tuple(line)


def _most_destroyed(
    state: RicochetState, clock: Clock, start: int
) -> tuple[list[int] | None, int, str]:
    """A line to as many destroyed wall cards as any line reaches, for a position that
    cannot be won; ``start`` is a number of destroyed cards known to be reachable.

    Searches for lines that destroy ``start`` cards, then one more, and so on, until a
    search proves the next number out of reach; the tables carry over.  Returns the steps
    (``None`` if the budget ran out before the first line), the states examined and the
    budget's message if it ran out.
    """
    tables = LostTables()
    best: list[int] | None = None
    states = 0
    target = start
    while target < WALL_CARDS:
        enc = encode(state, leftover=WALL_CARDS - target)
        try:
            steps, count = _search(state, enc, clock, tables, target)
        except BudgetExhausted as stop:
            return best, states + stop.states, stop.reason
        states += count
        if steps is None:
            if best is None:
                raise LineError(f"no line reaches {target} cards, which the solver had seen")
            break
        best = steps
        target += 1
    return best, states, ""


def best_line(position: Position, *, budget: Budget | None = None) -> SolveResult[Move]:
    """The shortest win (the fewest moves: every win destroys all the wall cards, so the
    fewest stock turns), or for a position that cannot be won, a line that destroys as many
    wall cards as any line can (so leaves the fewest), played to the end of the game.
    Every lost game turns the whole stock, so such lines are all equally long.

    ``optimal`` is ``True`` when that is proved.  If ``budget`` runs out first, the best
    line found so far comes back with ``optimal=False``: the shortest win found if one
    was, else a line played to the end of the game (``solvable`` is ``None`` unless the
    position was proved lost).  Every line is replayed through the engine.
    """
    state = own_state(position, RicochetState, "Ricochet")
    clock = Clock(budget)
    tables = LostTables()
    enc = encode(state)
    try:
        steps, states = _search(state, enc, clock, tables)
    except BudgetExhausted as stop:
        return checked_result(
            state, _finish(state, ()), solvable=None, clock=clock, states=stop.states,
            optimal=False, reason=stop.reason,
        )  # fmt: skip
    if steps is None:
        seen = tables.most_destroyed(enc.mask.bit_count(), state.options.ball_resets)
        most, more, reason = _most_destroyed(state, clock, seen)
        line = _finish(state, () if most is None else steps_to_moves(enc, most))
        return checked_result(
            state, line, solvable=False, clock=clock, states=states + more,
            optimal=not reason, reason=reason,
        )  # fmt: skip
    reason = ""
    while steps.count(DRAW) > 0:
        shorter = encode(state, limit=steps.count(DRAW) - 1)
        try:
            found, count = _search(state, shorter, clock, tables)
        except BudgetExhausted as stop:
            states += stop.states
            reason = stop.reason
            break
        states += count
        if found is None:
            break
        steps = found
    return checked_result(
        state, steps_to_moves(enc, steps), solvable=True, clock=clock, states=states,
        optimal=not reason, reason=reason,
    )  # fmt: skip


__all__ = [
    "ALLOWED",
    "DRAW",
    "FULL",
    "Encoded",
    "LostTables",
    "best_line",
    "encode",
    "short_of_places",
    "solve",
    "steps_to_moves",
]
