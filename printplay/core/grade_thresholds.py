"""A game's grading thresholds (:class:`Thresholds`), apart from :mod:`printplay.core.grades`
(which names them too): every game's registry entry holds its own, so every run of the
command line creates this class, and none of the grades' others unless it grades.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Thresholds:
    """The thresholds that turn a winnable deal's measures into a level (see
    :mod:`printplay.analysis.levels`): the random player's shares of wins for ``easy``,
    ``medium`` and ``hard``, the most real decisions of an easy line
    (``easy_decisions``) and the fewest of an expert one (``expert_decisions``).  A game
    declares its own in its registry entry (``levels``).

    >>> Thresholds(easy=0.1, medium=0.2, hard=0.0, easy_decisions=1, expert_decisions=3)
    Traceback (most recent call last):
    ...
    ValueError: the random shares must fall from easy to hard
    """

    easy: float
    medium: float
    hard: float
    easy_decisions: int
    expert_decisions: int

    def __post_init__(self) -> None:
        if not 1 >= self.easy >= self.medium >= self.hard >= 0:
            raise ValueError("the random shares must fall from easy to hard")


__all__ = ["Thresholds"]
