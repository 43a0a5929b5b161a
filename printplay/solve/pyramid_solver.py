"""The exact Pyramid solver: can a deal be won, and what is its shortest win?

The searches work on a plain, packed representation (the search core: the encoding in
:mod:`printplay.solve.pyramid_encoding`, the searches in :mod:`printplay.solve.pyramid_search`;
the docstrings of its parts describe the prunes and why each keeps every win and a shortest
one).  This module builds that representation from an engine state
(:func:`encode`), turns the search's steps back into engine moves, and replays every line
through :meth:`PyramidState.apply` before anyone sees it
(:func:`~printplay.solve.toolkit.checked_result`).

* :func:`solve` decides a position with a depth-first search (any winning line, or a proof
  that there is none).
* :func:`best_line` returns a shortest winning line, proved shortest by A* with an
  admissible lower bound (``optimal=True``), counting every pair, king, draw and redeal as
  one step.  The bound models the waste as a stack: a waste card leaves only from the top,
  so a card under cards that cannot all leave comes back only by a redeal; and it knows
  which pyramid cards can be free when a partner comes by (a card whose only partners are
  outside keeps the cards under it until one has come into play; see
  :mod:`printplay.solve.pyramid_bound`).  It first decides the position (a lost one needs
  no A*; the positions the verdict search proved lost prune the A*).

Every option combination is handled: ``clear-the-board`` changes the goal, ``reserve`` adds
always-available cards, ``small`` the pyramid's size, ``one-deal`` the passes,
``waste-off-limits`` takes the waste out of play, and under ``reshuffle`` the solver asks
the engine for each new stock (:func:`printplay.games.pyramid.reshuffled`).

**Budgets.**  A :class:`~printplay.core.verdicts.Budget` bounds the positions examined and
the seconds; the searches also stop, with an unknown answer, when they hold more than
:data:`MAX_POSITIONS` positions, so memory stays bounded (about 1 GB at that size).  A
budget that runs out in :func:`best_line` after a winning line was found returns that line
with ``optimal=False``.

>>> from printplay.core.deal import numbered_deal
>>> from printplay.games.pyramid import Pyramid, PyramidOptions
>>> game = Pyramid(PyramidOptions(clear_the_board=True))
>>> start = game.initial_state(numbered_deal(game.deck(), 1))
>>> solve(start).solvable
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from printplay.core.cards import Card
from printplay.core.protocols import Position
from printplay.core.verdicts import Budget, BudgetExhausted, SolveResult
from printplay.games.pyramid import (
    STOCK_TOP,
    WASTE_TOP,
    Draw,
    King,
    Move,
    Pair,
    Place,
    PyramidState,
    Redeal,
    reshuffled,
)
from printplay.solve import compiled, pyramid_encoding, pyramid_search
from printplay.solve.pyramid_encoding import KING, Puzzle, Step
from printplay.solve.pyramid_search import Searcher
from printplay.solve.toolkit import Clock, LineError, checked_result, deep_recursion, own_state

if not TYPE_CHECKING:
    # the same classes, from the compiled build when the install made a fresh one (fresh
    # for every part of the core, or for none)
    Puzzle = compiled.native(pyramid_encoding).Puzzle
    Searcher = compiled.native(pyramid_search).Searcher

MAX_POSITIONS = 3_000_000
"""The most positions a search may hold before it gives up with an unknown answer."""


@dataclass(frozen=True)
class Encoded:
    """A position as the searches see it, with the cards of its cycle."""

    puzzle: Puzzle
    cycle_cards: tuple[Card, ...]
    """The waste (bottom first) then the stock (top first): identifiers are indices."""


def _rank(card: Card | None) -> int:
    return 0 if card is None else int(card.rank)


def encode(state: PyramidState) -> Encoded:
    """The plain representation of ``state`` for the search core
    (:mod:`printplay.solve.pyramid_encoding`)."""
    options = state.options
    cycle_cards = (*state.waste, *state.stock)
    key = state.key

    def shuffle(redeal: int, waste: tuple[int, ...]) -> tuple[int, ...]:
        cards = [cycle_cards[i] for i in waste]
        where = {card: i for i, card in zip(waste, cards, strict=True)}
        return tuple(where[card] for card in reshuffled(cards, key, redeal))

    puzzle = Puzzle(
        rows=options.rows,
        pyramid=tuple(_rank(card) for card in state.tableau),
        reserve=tuple(_rank(card) for card in state.reserve),
        cycle=tuple(_rank(card) for card in cycle_cards),
        pointer=len(state.waste),
        passes_left=options.passes - state.pass_number,
        clear_board=options.clear_the_board,
        waste_usable=not options.waste_off_limits,
        passes_done=state.pass_number - 1,
        reshuffle=shuffle if options.reshuffle else None,
    )
    return Encoded(puzzle, cycle_cards)


def _place(where: object, state: PyramidState) -> Place:
    assert isinstance(where, tuple)
    if where[0] == "t":
        return Place.tableau(where[1])
    if where[0] == "r":
        return Place.reserve(where[1], state.options.tableau_size)
    return STOCK_TOP if where[0] == "stock" else WASTE_TOP


def steps_to_moves(state: PyramidState, steps: list[Step]) -> tuple[Move, ...]:
    """Engine moves for the search's steps, played from ``state`` (each move is applied
    to name the cards of the next; :class:`LineError` if the engine refuses one)."""
    moves: list[Move] = []
    for step in steps:
        move: Move
        if step[0] == "draw":
            if not state.stock:
                raise LineError("the solver drew from an empty stock")
            move = Draw(state.stock[0])
        elif step[0] == "redeal":
            move = Redeal(state.next_stock() if state.options.reshuffle else None)
        elif step[0] == "king":
            place = _place(step[1], state)
            card = state.card_at(place)
            if card is None or int(card.rank) != KING:
                raise LineError("the solver removed a king that is not there")
            move = King(card, place)
        else:
            places = (_place(step[1], state), _place(step[2], state))
            cards = tuple(state.card_at(place) for place in places)
            if cards[0] is None or cards[1] is None:
                raise LineError("the solver paired a card that is not there")
            move = Pair((cards[0], cards[1]), places)
        moves.append(move)
        state = state.apply(move)
    return tuple(moves)


def _searcher(state: PyramidState, clock: Clock) -> Searcher:
    return Searcher(encode(state).puzzle, clock, MAX_POSITIONS)


def solve(position: Position, *, budget: Budget | None = None) -> SolveResult[Move]:
    """Decide whether ``state`` can be won, with a winning line if it can.

    ``solvable`` is ``True`` with a line replayed through the engine, ``False`` after the
    whole reachable space was searched, ``None`` if ``budget`` ran out first.
    """
    state = own_state(position, PyramidState, "Pyramid")
    clock = Clock(budget)
    decided = _decide(state, clock, optimal=None)
    if isinstance(decided, SolveResult):
        return decided
    searcher, steps = decided
    moves = steps_to_moves(state, steps)
    return checked_result(state, moves, solvable=True, clock=clock, states=searcher.states)


def _decide(
    state: PyramidState, clock: Clock, *, optimal: bool | None
) -> SolveResult[Move] | tuple[Searcher, list[Step]]:
    """The verdict search: a finished :class:`SolveResult` (won at once, lost, or unknown
    when the budget ran out) or the searcher and its winning steps.  ``optimal`` is what a
    won-at-once or lost answer says of its line."""
    if state.is_won:
        return checked_result(state, (), solvable=True, clock=clock, states=0, optimal=optimal)
    searcher = _searcher(state, clock)
    try:
        with deep_recursion(20000):
            steps = searcher.decide()
    except BudgetExhausted as stop:
        return SolveResult(None, (), searcher.states, clock.seconds, reason=stop.reason)
    if steps is None:
        return SolveResult(False, (), searcher.states, clock.seconds, optimal=optimal)
    return searcher, steps


def best_line(position: Position, *, budget: Budget | None = None) -> SolveResult[Move]:
    """A shortest winning line (every pair, king, draw and redeal one step).

    ``optimal`` is ``True`` when the line is proved shortest (the A* search finished).  If
    ``budget`` runs out after a winning line was found, that line comes back with
    ``optimal=False``; before, the answer is unknown.  A position that cannot be won comes
    back with ``solvable=False`` and no moves.
    """
    state = own_state(position, PyramidState, "Pyramid")
    clock = Clock(budget)
    decided = _decide(state, clock, optimal=True)
    if isinstance(decided, SolveResult):
        return decided
    searcher, steps = decided
    reason = ""
    try:
        shortest = searcher.shortest(limit=len(steps))
    except BudgetExhausted as stop:
        shortest, reason = None, stop.reason
    optimal = not reason
    if shortest is not None:
        steps = shortest
    elif optimal:  # pragma: no cover - the verdict's line bounds the A*
        raise LineError("the shortest-line search found no line, yet the deal can be won")
    moves = steps_to_moves(state, steps)
    return checked_result(
        state,
        moves,
        solvable=True,
        clock=clock,
        states=searcher.states,
        optimal=optimal,
        reason=reason,
    )


__all__ = [
    "MAX_POSITIONS",
    "Encoded",
    "best_line",
    "encode",
    "solve",
    "steps_to_moves",
]
