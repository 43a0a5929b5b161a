"""The exact Putt solver: the verdict, and the best line, the one with the fewest strokes.

A depth-first search over every line, on the ranks alone: a position is the height of
each column, how many stock cards are turned and the rank on the waste, and each keeps the
lowest final score it can reach (a win scores minus the stock left, a loss the cards left,
so a win always beats a loss).  That is the par, and the verdict with it.  The line is
rebuilt from the table move by move and replayed through the engine.

>>> from fifth_game.putt import Putt
>>> game = Putt()
>>> result = best_line(game.initial_state(game.numbered_deal(1)))
>>> result.optimal, result.solvable == (result.score <= 0)
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from fifth_game.putt import COLUMNS, RANKS, Draw, PuttState
from printplay.core.protocols import (
    BookExtras,
    BookPage,
    Position,
    RegisteredSolitaire,
    SolitaireMove,
)
from printplay.core.verdicts import Budget, BudgetExhausted, SolveResult
from printplay.solve.toolkit import Clock, checked_result, deep_recursion, own_state

Key = tuple[tuple[int, ...], int, int]
"""Column heights, stock cards turned, the waste's rank."""


class _Search:
    """One search from a position: the lowest score from every position met."""

    def __init__(self, start: PuttState, clock: Clock) -> None:
        self.start = start
        self.clock = clock
        depth = len(start.tableau) // COLUMNS
        self.columns = [
            [int(card.rank) for r in range(depth) if (card := start.tableau[r * COLUMNS + c])]
            for c in range(COLUMNS)
        ]
        self.stock = [int(card.rank) for card in start.stock]
        self.wrap = start.options.wrap
        self.best: dict[Key, int] = {}

    def fits(self, rank: int, top: int) -> bool:
        gap = abs(rank - top)
        return gap == 1 or (self.wrap and gap == RANKS - 1)

    def lowest(self, heights: tuple[int, ...], turned: int, top: int) -> int:
        """The lowest final score reachable from this position."""
        key = (heights, turned, top)
        found = self.best.get(key)
        if found is not None:
            return found
        if len(self.best) & self.clock.mask == 0:
            self.clock.check(len(self.best))
        left = sum(heights)
        if left == 0:
            score = -(len(self.stock) - turned)
        else:
            scores = [
                self.lowest((*heights[:c], h - 1, *heights[c + 1 :]), turned, rank)
                for c, h in enumerate(heights)
                if h and self.fits(rank := self.columns[c][h - 1], top)
            ]
            if turned < len(self.stock):
                scores.append(self.lowest(heights, turned + 1, self.stock[turned]))
            score = min(scores, default=left)
        self.best[key] = score
        return score

    def root(self) -> int:
        heights = tuple(len(column) for column in self.columns)
        return self.lowest(heights, 0, int(self.start.waste[-1].rank))

    def line(self) -> tuple[SolitaireMove, ...]:
        """A line reaching the lowest score from the start, in the engine's moves."""
        heights = [len(column) for column in self.columns]
        turned = 0
        target = self.root()
        state, moves = self.start, []
        while not state.is_over:
            for move in state.legal_moves():
                if isinstance(move, Draw):
                    after = (tuple(heights), turned + 1, self.stock[turned])
                else:
                    column = move.slot % COLUMNS
                    shorter = [*heights[:column], heights[column] - 1, *heights[column + 1 :]]
                    after = (tuple(shorter), turned, int(move.card.rank))
                if self.lowest(*after) == target:
                    break
            heights, turned = list(after[0]), after[1]
            moves.append(move)
            state = state.apply(move)
        return tuple(moves)


def _run(
    position: Position, budget: Budget | None
) -> tuple[_Search, int] | SolveResult[SolitaireMove]:
    state = own_state(position, PuttState, "Putt")
    search = _Search(state, Clock(budget))
    try:
        with deep_recursion():
            return search, search.root()
    except BudgetExhausted as stop:
        return SolveResult(None, (), stop.states, search.clock.seconds, reason=stop.reason)


def solve(position: Position, *, budget: Budget | None = None) -> SolveResult[SolitaireMove]:
    """Whether ``position`` can be won, with a winning line (the best) if it can."""
    found = _run(position, budget)
    if isinstance(found, SolveResult):
        return found
    search, score = found
    won = score <= 0
    return checked_result(
        search.start,
        search.line() if won else (),
        solvable=won,
        clock=search.clock,
        states=len(search.best),
    )


def best_line(position: Position, *, budget: Budget | None = None) -> SolveResult[SolitaireMove]:
    """The line with the fewest strokes (the lowest score), proved; played to the end."""
    found = _run(position, budget)
    if isinstance(found, SolveResult):
        return found
    search, score = found
    return checked_result(
        search.start,
        search.line(),
        solvable=score <= 0,
        clock=search.clock,
        states=len(search.best),
        optimal=True,
        score=score,
    )


HOLES = 9
"""Holes on a scorecard: a round of nine."""


def course(game: RegisteredSolitaire, starts: Sequence[Position]) -> BookExtras:
    """What a Putt book adds, as a golf course: each hole's par (the proved best score)
    under its puzzle, and a scorecard page for up to four players every nine holes."""
    pars = []
    for start in starts:
        found = best_line(start)
        assert found.score is not None and found.optimal
        pars.append(found.score)
    notes = tuple(f"Par {_strokes(par)}" for par in pars)
    pages = []
    for first in range(0, len(pars), HOLES):
        holes = list(enumerate(pars, start=1))[first : first + HOLES]
        rows = [f"| {hole} | {_strokes(par)} | | | | |" for hole, par in holes]
        total = _strokes(sum(par for _, par in holes))
        markdown = "\n".join(
            [
                "Each player writes their strokes for each hole; the lowest total wins.",
                "",
                "| Hole | Par | Player 1 | Player 2 | Player 3 | Player 4 |",
                "| --- | ---: | --- | --- | --- | --- |",
                *rows,
                f"| **All** | **{total}** | | | | |",
            ]
        )
        title = f"Scorecard, holes {holes[0][0]} to {holes[-1][0]}"
        pages.append(BookPage(title, markdown))
    return BookExtras(notes, tuple(pages))


def _strokes(score: int) -> str:
    """A score as a golfer writes it (a true minus sign)."""
    return str(score).replace("-", "−")
