"""What every solver returns, and the budget a search may be given.

A :class:`SolveResult` is exact by construction: ``solvable`` is ``True`` only with a winning
line that was replayed through the readable engine, ``False`` only after the whole reachable
space was searched, and ``None`` (unknown) only when a :class:`Budget` ran out.

Its JSON leaves the time out unless asked, so the same deal always prints the same bytes:

>>> result = SolveResult(solvable=None, moves=(), states=4096, seconds=0.25, reason="budget")
>>> result.to_json()["stats"]
{'states': 4096}
>>> result.to_json(timings=True)["stats"]
{'states': 4096, 'seconds': 0.25}
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Generic, Literal, Protocol, TypeVar

from printplay.core.jsontypes import JsonObject, JsonValue


class JsonMove(Protocol):
    """A move as a result holds it: something that writes itself as JSON."""

    def to_json(self) -> JsonObject:
        """The move in the JSON vocabulary of its game."""
        ...


M_co = TypeVar("M_co", bound=JsonMove, covariant=True)

ScoreOrder = Literal["highest", "lowest"]
"""Which score is best: the highest (points, as TriPeaks counts them) or the lowest
(strokes, as golf counts them).  A game declares it in its registry entry."""

SCORE_ORDERS: tuple[ScoreOrder, ...] = ("highest", "lowest")
"""Every order a game's scores may have."""


def better_score(order: ScoreOrder, score: int, than: int) -> bool:
    """Whether ``score`` beats ``than`` where the best score is the ``order`` one.

    >>> better_score("highest", 5, 3), better_score("lowest", 5, 3), better_score("lowest", 3, 3)
    (True, False, False)
    """
    return score > than if order == "highest" else score < than


CHECK_EVERY = 4096
"""A search looks at its budget once every this many states (a power of two)."""


@dataclass(frozen=True)
class SolveResult(Generic[M_co]):
    """The answer of a solver for one deal.

    ``solvable`` is ``True`` (a winning line is in ``moves``), ``False`` (proved lost) or
    ``None`` (unknown: the budget ran out).  ``moves`` is the winning line, or for a
    best-score search the best line found.  ``score`` is that line's final score when the
    search is about points; ``optimal`` says whether that score is proved the best (the
    highest or the lowest, as the game's :data:`ScoreOrder` says).
    ``states`` and ``seconds`` describe the work done; ``reason`` says why an answer is
    unknown or not optimal.
    """

    solvable: bool | None
    moves: tuple[M_co, ...]
    states: int
    seconds: float
    score: int | None = None
    optimal: bool | None = None
    reason: str = ""

    def to_json(self, *, timings: bool = False) -> JsonObject:
        """The result as the ``solve --json`` object: verdict, moves, score and statistics
        (the seconds spent only with ``timings``: they differ from run to run)."""
        stats: JsonObject = {"states": self.states}
        if timings:
            stats["seconds"] = round(self.seconds, 6)
        moves: list[JsonValue] = [move.to_json() for move in self.moves]
        data: JsonObject = {
            "solvable": self.solvable,
            "moves": moves,
            "score": self.score,
            "optimal": self.optimal,
            "stats": stats,
        }
        if self.reason:
            data["reason"] = self.reason
        return data


@dataclass(frozen=True)
class Budget:
    """Limits on a search: at most ``max_states`` states and ``max_seconds`` seconds.

    ``None`` means no limit.  Searches check the budget every :attr:`check_every` states,
    so a limit may be overshot by fewer than that many states.
    """

    max_states: int | None = None
    max_seconds: float | None = None

    def __post_init__(self) -> None:
        if self.max_states is not None and self.max_states < 0:
            raise ValueError("max_states must be at least 0")
        if self.max_seconds is not None and self.max_seconds < 0:
            raise ValueError("max_seconds must be at least 0")

    @property
    def check_every(self) -> int:
        """How often (in states) a search checks this budget: a power of two, often enough
        that a limit on states is kept closely, rarely enough to cost nothing."""
        return CHECK_EVERY if self.max_states is None else 64

    @property
    def unlimited(self) -> bool:
        """True when neither limit is set."""
        return self.max_states is None and self.max_seconds is None

    def exhausted(self, states: int, start: float) -> bool:
        """Whether a search that began at ``start`` (a ``time.perf_counter()`` reading) and
        has seen ``states`` states must stop."""
        if self.max_states is not None and states >= self.max_states:
            return True
        return self.max_seconds is not None and time.perf_counter() - start >= self.max_seconds


class BudgetExhausted(Exception):
    """Raised inside a search to unwind it when its :class:`Budget` has run out.

    ``reason`` is the message for :attr:`SolveResult.reason`; ``states`` the number of states
    the interrupted search had examined.
    """

    def __init__(self, reason: str, states: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.states = states
