"""The exact Ricochet solver: can a deal be won, and what is its shortest win?

The solver knows every card, face-down ones too (perfect information; so the ``face-up``
option changes nothing here).  Verdicts come from the play-or-draw core,
:mod:`printplay.solve.playdraw`, which Ricochet shares with TriPeaks; its docstring
explains the encoding and the pruning.  Every line is replayed move by move through
:meth:`RicochetState.apply` before anyone sees it
(:func:`~printplay.solve.toolkit.checked_result`).

**The ball, as the core sees it.**  The walls are the core's layout.  The ricochet rule
says what may follow what: after a card from the walls ``w``, the next card must come from
a wall sharing none of them (``ALLOWED[w]``, the core's ``follow`` per slot); before the
first card, or after a turn under ``ball-resets``, any open card.  It also sharpens the
counting test: a wall card put directly on another wall card follows it at once, so the two
share no wall, and for each wall the cards of rank ``r`` in it cannot outnumber the places
of rank ``r ± 1`` outside it (each wall is one of the core's groups).  ``free-draw``
chooses the core's free search, and the published text (the stock turned only when no card
can be destroyed) its strict one.

**The stock ending the game** (``stock-ends-game``).  Once the last stock card is turned
nothing more may be destroyed, so that card can never take a wall card nor give a play:
turning it only ends the game.  A position under this option is therefore won exactly when
the same position with its last stock card cut off is won under the published ending, and
its wins are the same lines (none turns the last card); :func:`encode` cuts it off, and a
position whose stock is already empty allows no card at all.  The core is unchanged, and
so are the verdicts without the option.

**Shortest line.**  A win destroys every wall card, so the fewest moves means the fewest
stock turns.  :func:`best_line` solves the deal, then hands the line to the core's
:func:`~printplay.solve.playdraw.fewest_turns`, which solves it again with the stock cut
to one card fewer than the best line so far turns, until that is proved impossible (the
tables carry over from one search to the next).

**A position that cannot be won.**  Every lost game turns the whole stock (it ends only
when the stock is empty and nothing can be destroyed), so every complete lost line is as
long as the cards it destroys plus the stock.  :func:`best_line` then returns a line that
destroys as many wall cards as any line can (so leaves the fewest), played on to the end
of the game.  The tables of the search that proved the loss name a number of cards some
line reaches (the most destroyed in any node met); the solver searches for a line to that
many (the core's targets), then to one more, and so on, until a search proves the next
number out of reach.  The tables carry over from each target to the next.

>>> from printplay.core.deal import numbered_deal
>>> from printplay.games.ricochet import Ricochet
>>> game = Ricochet()
>>> result = solve(game.initial_state(numbered_deal(game.deck(), 1)))
>>> result.solvable, sum(move.kind == "play" for move in result.moves)
(True, 32)
"""

from __future__ import annotations

from dataclasses import dataclass

from printplay.core.protocols import Position
from printplay.core.verdicts import Budget, BudgetExhausted, SolveResult
from printplay.games.ricochet import (
    LAYOUT,
    SLOT_WALLS,
    WALL_CARDS,
    WALLS,
    Move,
    RicochetState,
)
from printplay.solve import playdraw
from printplay.solve.playdraw import DRAW, KEY_SHIFT, STOCK_BITS, Encoded, steps_to_moves
from printplay.solve.toolkit import Clock, LineError, checked_result, own_state

ALLOWED = tuple(
    sum(1 << s for s in range(WALL_CARDS) if not SLOT_WALLS[s] & walls) for walls in range(16)
)
"""Per set of walls (4 bits), the slots a card may come from after a ball there."""

RULES = playdraw.Rules(
    LAYOUT,
    follow=[ALLOWED[walls] for walls in SLOT_WALLS],
    groups=[
        sum(1 << s for s in range(WALL_CARDS) if SLOT_WALLS[s] >> wall & 1)
        for wall in range(len(WALLS))
    ],
)
"""The walls as the core sees them: the ricochet rule, and the walls as groups."""

FULL = RULES.full
"""The mask of walls with every card destroyed."""


def encode(state: RicochetState, limit: int | None = None, leftover: int = 0) -> Encoded:
    """Build the core's encoding of ``state``; ``limit`` keeps only that many stock cards
    (under ``stock-ends-game`` never the last one, which only ends the game).

    ``leftover`` is how many wall cards a search may leave (0 to win): the counting test
    then allows that many cards of a rank, or of two ranks two apart, without a place.
    Raises :class:`ValueError` for a position no play can reach (a destroyed card whose
    covers are still there).
    """
    if len(state.walls) != WALL_CARDS:
        raise ValueError(f"Ricochet has {WALL_CARDS} wall slots, not {len(state.walls)}")
    allowed = ALLOWED[0 if state.ball is None else SLOT_WALLS[state.ball]]
    if state.options.stock_ends_game:
        # The last stock card only ends the game: cut it off, and with the stock empty
        # allow no card at all (the game is over).
        if not state.stock:
            allowed = 0
        last = len(state.stock) - 1
        limit = last if limit is None else min(limit, last)
    stock = state.stock if limit is None else state.stock[: max(0, limit)]
    return playdraw.encode(
        RULES,
        state.walls,
        (state.waste_top, *stock),
        wrap=state.options.wrap,
        allowed=allowed,
        leftover=leftover,
    )


def short_of_places(supply: tuple[int, int], counts: int) -> bool:
    """The counting test: whether some rank (or pair of ranks two apart) has more wall
    cards left than places to go, counting all cards or the cards of one wall.

    ``supply`` is an entry of :attr:`Encoded.supply`, ``counts`` an :attr:`Encoded.counts`.

    >>> from printplay.core.cards import Card
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
    return RULES.regions.short(supply, counts)


@dataclass
class LostTables(playdraw.LostTables):
    """What searches proved lost (see :class:`printplay.solve.playdraw.LostTables`), and
    what that says of the most wall cards a line destroys."""

    def most_destroyed(self, start: int, resets: bool) -> int:
        """The most wall cards destroyed in any node of the tables (a plays node offers
        one more), or ``start``: a number of cards some line reaches.  ``resets``: whether
        the tables come from a search under ``ball-resets`` (turns keys are masks)."""
        most = start
        for key in self.plays:
            most = max(most, (key >> KEY_SHIFT).bit_count() + 1)
        for key in self.turns:
            most = max(most, (key if resets else key >> KEY_SHIFT).bit_count())
        for key in self.strict:
            most = max(most, (key >> KEY_SHIFT + STOCK_BITS).bit_count() + 1)
        return min(most, WALL_CARDS)


def _search(
    state: RicochetState,
    enc: Encoded,
    clock: Clock,
    tables: LostTables,
    target: int = WALL_CARDS,
) -> tuple[list[int] | None, int]:
    """The core's search under the options of ``state`` (see
    :func:`printplay.solve.playdraw.search`)."""
    options = state.options
    free, resets = options.free_draw, options.ball_resets
    return playdraw.search(enc, clock, free=free, resets=resets, tables=tables, target=target)


def solve(position: Position, *, budget: Budget | None = None) -> SolveResult[Move]:
    """Decide whether ``state`` can be won, with a winning line if it can.

    ``solvable`` is ``True`` with a line replayed through the engine, ``False`` after the
    whole reachable space was searched, ``None`` if ``budget`` ran out first.
    """
    state = own_state(position, RicochetState, "Ricochet")
    options = state.options
    free, resets = options.free_draw, options.ball_resets
    clock, tables = Clock(budget), LostTables()
    return playdraw.decide(state, encode(state), clock, free=free, resets=resets, tables=tables)


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
    options = state.options
    steps, more, reason = playdraw.fewest_turns(
        lambda limit: encode(state, limit=limit), steps, clock,
        free=options.free_draw, resets=options.ball_resets, tables=tables,
    )  # fmt: skip
    states += more
    return checked_result(
        state, steps_to_moves(enc, steps), solvable=True, clock=clock, states=states,
        optimal=not reason, reason=reason,
    )  # fmt: skip


__all__ = [
    "ALLOWED",
    "DRAW",
    "FULL",
    "RULES",
    "Encoded",
    "LostTables",
    "best_line",
    "encode",
    "short_of_places",
    "solve",
    "steps_to_moves",
]
