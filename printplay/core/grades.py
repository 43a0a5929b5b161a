"""What a grade is: a deal's level and the measures it was set from.

Plain data, like :mod:`printplay.core.verdicts`: :mod:`printplay.analysis.grading` measures a
deal and :mod:`printplay.analysis.levels` sets its level by the game's :class:`Thresholds`;
books, sheets and the command line read the result.  ``docs/difficulty.md`` explains the
measures to a player.

>>> measures = Measures(random_won=37, playouts=200, greedy_won=True, decisions=3, length=44)
>>> measures.random_share
0.185
>>> Grade("medium", measures).to_json()["random_share"]
0.185
>>> Grade("unwinnable").to_json()
{'level': 'unwinnable'}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from printplay.core.grade_thresholds import Thresholds
from printplay.core.jsontypes import JsonObject, JsonValue, array, flag, whole

LEVELS = ("easy", "medium", "hard", "expert")
"""The levels of a winnable deal, easiest first."""

UNWINNABLE = "unwinnable"
"""The grade of a deal proved lost."""

UNKNOWN = "unknown"
"""The grade of a deal a budget stopped the solver from deciding."""

GRADES = (*LEVELS, UNWINNABLE, UNKNOWN)
"""Every grade a deal can get."""


@dataclass(frozen=True)
class Measures:
    """What was measured of a winnable deal.

    ``random_won`` of ``playouts`` random games were won (the random player of
    :mod:`printplay.analysis.players`, seeded from the deal); ``greedy_won`` says whether
    the greedy player won; ``decisions`` counts the real decisions on the winning line
    (positions where at most half the legal moves keep the deal winnable), made before the
    moves numbered ``decision_moves``; ``length`` is the line's length in moves;
    ``unsettled`` counts the moves whose position the budgeted search could not settle
    (counted as not keeping the deal winnable).
    """

    random_won: int
    playouts: int
    greedy_won: bool
    decisions: int
    length: int
    decision_moves: tuple[int, ...] = ()
    unsettled: int = 0

    @property
    def random_share(self) -> float:
        """The share of random games won."""
        return self.random_won / self.playouts if self.playouts else 0.0

    def to_json(self) -> JsonObject:
        """The measures as ``solve --grade --json`` prints them."""
        moves: list[JsonValue] = list(self.decision_moves)
        return {
            "random_share": round(self.random_share, 4),
            "random_won": self.random_won,
            "playouts": self.playouts,
            "greedy_won": self.greedy_won,
            "decisions": self.decisions,
            "decision_moves": moves,
            "length": self.length,
            "unsettled": self.unsettled,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JsonValue]) -> Measures:
        """The measures :meth:`to_json` wrote (``random_share`` is derived, so not read).

        >>> m = Measures(37, 200, True, 2, 44, (5, 9))
        >>> Measures.from_json(m.to_json()) == m
        True
        """
        moves = array(data["decision_moves"], "decision_moves")
        return cls(
            random_won=whole(data["random_won"], "random_won"),
            playouts=whole(data["playouts"], "playouts"),
            greedy_won=flag(data["greedy_won"], "greedy_won"),
            decisions=whole(data["decisions"], "decisions"),
            length=whole(data["length"], "length"),
            decision_moves=tuple(whole(move, "a decision move") for move in moves),
            unsettled=whole(data["unsettled"], "unsettled"),
        )


@dataclass(frozen=True)
class Grade:
    """A deal's grade: one of :data:`GRADES`, with the measures of a winnable deal."""

    level: str
    measures: Measures | None = None

    def __post_init__(self) -> None:
        if self.level not in GRADES:
            raise ValueError(f"no such grade {self.level!r}")
        if (self.level in LEVELS) != (self.measures is not None):
            raise ValueError("a level of a winnable deal comes with its measures, and only it")

    @property
    def winnable(self) -> bool:
        """Whether the grade is a level of a winnable deal."""
        return self.level in LEVELS

    def to_json(self) -> JsonObject:
        """The ``"grade"`` object of ``solve --grade --json``: the level, then the
        measures."""
        data: JsonObject = {"level": self.level}
        if self.measures is not None:
            data.update(self.measures.to_json())
        return data


__all__ = ["GRADES", "LEVELS", "UNKNOWN", "UNWINNABLE", "Grade", "Measures", "Thresholds"]
