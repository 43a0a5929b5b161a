"""The levels: thresholds on a deal's measures, each game's declared in its registry entry.

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
A game's thresholds are its declaration's (:attr:`printplay.games.GameEntry.levels`), set
on deals 1–1000 under the standard rules (``benchmarks/grading.py``; the figures are in
``docs/difficulty.md``) so that the levels hold about a quarter, a third, a quarter and a
sixth of the winnable deals and both players' shares of wins fall level by level.  A game
that declares none (a new game, before it is measured) is graded with :data:`DEFAULT`.
A variant is graded with its game's thresholds (docs/difficulty.md shows what that gives).
A level never falls as the decisions grow
(:func:`printplay.analysis.grading.possible_levels` relies on it).

>>> from printplay.core.grades import Measures
>>> level_of("tripeaks", Measures(190, 200, True, 0, 40))
'easy'
>>> level_of("tripeaks", Measures(190, 200, True, 6, 40))
'medium'
>>> level_of("tripeaks", Measures(0, 200, False, 30, 51))
'expert'
"""

from __future__ import annotations

from printplay.core.grades import LEVELS, Measures, Thresholds
from printplay.games import entry

DEFAULT = Thresholds(easy=0.3, medium=0.1, hard=0.02, easy_decisions=3, expert_decisions=6)
"""The thresholds of a game that declares none: each the median of the measured games'
(TriPeaks, Pyramid and Ricochet), until ``benchmarks/grading.py`` has measured the game
and its registry entry gives its own."""


def thresholds(game: str) -> Thresholds:
    """The thresholds of ``game`` (a registry name or alias): its declaration's, else
    :data:`DEFAULT`."""
    declared = entry(game).levels
    return DEFAULT if declared is None else declared


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


__all__ = ["DEFAULT", "Thresholds", "level_of", "thresholds"]
