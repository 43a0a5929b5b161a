"""The shared solver toolkit: clocks that keep budgets, replaying lines, checked results.

Every solver counts its work on a :class:`Clock`, which raises
:class:`~printplay.core.verdicts.BudgetExhausted` when the :class:`~printplay.core.verdicts.Budget`
is spent, and hands its line to :func:`checked_result`, which replays it through the
readable engine and refuses (:class:`LineError`) a line the engine does not accept.

>>> from printplay.core.deal import numbered_deal
>>> from printplay.games import make_game
>>> game = make_game("tripeaks")
>>> start = game.initial_state(numbered_deal(game.deck(), 1))
>>> move = start.legal_moves()[0]
>>> len(replay_line(start, [move]))
2
>>> replay_line(start, [move, move])
Traceback (most recent call last):
...
printplay.solve.toolkit.LineError: move 2 (play Tc from slot 21) is not legal: ...
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from printplay.core.errors import GameError, MoveError, PrintplayError
from printplay.core.jsontypes import JsonObject
from printplay.core.protocols import Position, Solitaire, SolitaireMove
from printplay.core.textfile import parse_json, read_text
from printplay.core.verdicts import CHECK_EVERY, Budget, BudgetExhausted, SolveResult

S = TypeVar("S", bound=Position)
M = TypeVar("M", bound=SolitaireMove)


class LineError(PrintplayError, ValueError):
    """A line of moves that the engine does not accept (a solver's or a user's)."""


class Clock:
    """Counts the states of a search and the time since it started; keeps the budget.

    Searches call :meth:`check` whenever their count of states has the bits of
    :attr:`mask` clear, or at the first state they look at the clock in after that (so
    about every :attr:`Budget.check_every` states).
    """

    def __init__(self, budget: Budget | None) -> None:
        self.start = time.perf_counter()
        self.budget = budget if budget is not None and not budget.unlimited else None
        self.spent = 0
        """States counted by searches that already finished."""
        self.enabled = True
        self.mask = CHECK_EVERY - 1 if self.budget is None else self.budget.check_every - 1

    def check(self, states: int) -> None:
        """Raise :class:`BudgetExhausted` if ``states`` more states overrun the budget."""
        total = self.spent + states
        if self.enabled and self.budget is not None and self.budget.exhausted(total, self.start):
            raise BudgetExhausted(f"budget exhausted after {total} states", states)

    @property
    def seconds(self) -> float:
        """Seconds since the clock started."""
        return time.perf_counter() - self.start


RECURSION_LIMIT = 4000
"""How deep the recursive searches may go (Python's default is 1000)."""


@contextmanager
def deep_recursion(limit: int = RECURSION_LIMIT) -> Iterator[None]:
    """Let a recursive search go deeper than Python's default limit, for its duration."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, limit))
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def _name(move: SolitaireMove) -> str:
    data: JsonObject = move.to_json() if hasattr(move, "to_json") else {}
    kind = data.get("type", type(move).__name__.lower())
    parts = [str(kind)]
    if "card" in data:
        parts.append(str(data["card"]))
    cards = data.get("cards")
    if isinstance(cards, list | str):
        parts.append("+".join(str(c) for c in cards))
    if "slot" in data:
        parts.append(f"from slot {data['slot']}")
    if "from" in data:
        where = data["from"]
        parts.append(
            "from " + ("+".join(str(w) for w in where) if isinstance(where, list) else str(where))
        )
    return " ".join(parts)


def own_state(state: Position, cls: type[S], game: str) -> S:
    """``state`` as a position of ``game`` (of class ``cls``); a position of another game
    is refused with :class:`~printplay.core.errors.GameError`."""
    if not isinstance(state, cls):
        raise GameError(f"not a {game} position: {type(state).__name__}")
    return state


def replay_line(state: S, moves: Sequence[SolitaireMove]) -> list[S]:
    """Every state along ``moves`` from ``state``, each move applied by the engine.

    Raises :class:`LineError` naming the first move the engine refuses.
    """
    states = [state]
    for number, move in enumerate(moves, start=1):
        try:
            states.append(states[-1].apply(move))
        except MoveError as error:
            raise LineError(f"move {number} ({_name(move)}) is not legal: {error}") from None
    return states


def read_line(game: Solitaire[Position, M], path: Path) -> list[M]:
    """The moves of a line file (``"-"``: standard input): JSON, either what
    ``solve --json`` prints (an object with ``moves``) or a list of moves, each read by
    ``game.move_from_json``.  Raises :class:`LineError` naming the file and the first bad
    move."""
    text = read_text(path, "line file", error=LineError)
    data = parse_json(text, f"line file {path}", error=LineError)
    if isinstance(data, dict):
        data = data.get("moves")
    if not isinstance(data, list):
        raise LineError(
            f"line file {path} holds no list of moves (give a list, or an object with "
            '"moves" as `solve --json` prints)'
        )
    moves = []
    for number, item in enumerate(data, start=1):
        if not isinstance(item, dict):
            raise LineError(f"move {number} of {path} is not a JSON object")
        try:
            moves.append(game.move_from_json(item))
        except MoveError as error:
            raise LineError(f"move {number} of {path}: {error}") from None
    return moves


def checked_result(
    state: Position,
    moves: Sequence[M],
    *,
    solvable: bool | None,
    clock: Clock,
    states: int,
    optimal: bool | None = None,
    reason: str = "",
    score: int | None = None,
) -> SolveResult[M]:
    """A :class:`SolveResult` for ``moves`` from ``state``, after replaying them.

    A line given as winning (``solvable=True``) must win in the engine; a best line must
    end the game.  When ``score`` is given, the engine's final score must equal it.
    Raises :class:`LineError` otherwise (a solver bug, never a user's fault).
    """
    line = tuple(moves)
    final = replay_line(state, line)[-1]
    if solvable is True and not final.is_won:
        raise LineError("the solver's winning line, replayed through the engine, does not win")
    if score is not None and final.score != score:
        raise LineError(f"the engine scores the line {final.score}, the solver claimed {score}")
    return SolveResult(
        solvable,
        line,
        states,
        clock.seconds,
        score=final.score if line or score is not None else state.score,
        optimal=optimal,
        reason=reason,
    )


__all__ = [
    "RECURSION_LIMIT",
    "Budget",
    "BudgetExhausted",
    "Clock",
    "LineError",
    "SolveResult",
    "checked_result",
    "deep_recursion",
    "own_state",
    "read_line",
    "replay_line",
]
