"""The levels: thresholds on a deal's measures, one set a game.

A winnable deal is

* **easy** if the random player wins at least :attr:`Thresholds.easy` of its games and
  the winning line has at most :attr:`Thresholds.easy_decisions` real decisions;
* else **medium** if the random player wins at least :attr:`Thresholds.medium`;
* else **hard** if the random player wins at least :attr:`Thresholds.hard`, or the
  winning line has fewer than :attr:`Thresholds.expert_decisions` real decisions;
* else **expert**: the random player (nearly) never wins and the line asks for many
  right choices.

The greedy player plays no part in setting a level: that its share of wins falls level
by level too, like the random player's, is the check that the levels mean something.
The thresholds were set on deals 1–1000 of each game under the standard rules
(``benchmarks/grading.py``; the figures are in ``docs/difficulty.md``) so that the levels
hold about a quarter, a third, a quarter and a sixth of the winnable deals and both
players' shares of wins fall level by level.  A variant is graded with its game's
thresholds (docs/difficulty.md shows what that gives).  A level never falls as the
decisions grow (:func:`printplay.analysis.grading.possible_levels` relies on it).

>>> from printplay.core.grades import Measures
>>> level_of("tripeaks", Measures(190, 200, True, 0, 40))
'easy'
>>> level_of("tripeaks", Measures(190, 200, True, 6, 40))
'medium'
>>> level_of("tripeaks", Measures(0, 200, False, 30, 51))
'expert'
"""

from __future__ import annotations

from dataclasses import dataclass

from printplay.core.grades import LEVELS, Measures
from printplay.games import game_name


@dataclass(frozen=True)
class Thresholds:
    """The thresholds of one game's levels (see the module text)."""

    easy: float
    medium: float
    hard: float
    easy_decisions: int
    expert_decisions: int

    def __post_init__(self) -> None:
        if not 1 >= self.easy >= self.medium >= self.hard >= 0:
            raise ValueError("the random shares must fall from easy to hard")


THRESHOLDS: dict[str, Thresholds] = {
    "tripeaks": Thresholds(easy=0.6, medium=0.3, hard=0.1, easy_decisions=3, expert_decisions=9),
    "pyramid": Thresholds(easy=0.3, medium=0.1, hard=0.02, easy_decisions=1, expert_decisions=2),
    "ricochet": Thresholds(easy=0.1, medium=0.03, hard=0.01, easy_decisions=4, expert_decisions=6),
}
"""Each solitaire's thresholds, by registry name."""


def thresholds(game: str) -> Thresholds:
    """The thresholds of ``game`` (a registry name or alias)."""
    return THRESHOLDS[game_name(game)]


def level_of(game: str, measures: Measures) -> str:
    """The level of a winnable deal of ``game`` with ``measures``: one of
    :data:`~printplay.core.grades.LEVELS`."""
    limits = thresholds(game)
    share = measures.random_share
    if share >= limits.easy and measures.decisions <= limits.easy_decisions:
        return LEVELS[0]
    if share >= limits.medium:
        return LEVELS[1]
    if share >= limits.hard or measures.decisions < limits.expert_decisions:
        return LEVELS[2]
    return LEVELS[3]


__all__ = ["THRESHOLDS", "Thresholds", "level_of", "thresholds"]
