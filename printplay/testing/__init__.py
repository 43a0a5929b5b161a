"""The conformance kit: what every registered solitaire, engine and solver, must do.

Run it on a game with :func:`check_game`: it plays random games under rule sets drawn from
the game's options, checks each position and move against the protocols of
:mod:`printplay.core.protocols`, tries illegal moves and broken JSON, and compares the
solver with plain searches through the engine on small positions.  It raises
:class:`ConformanceError` (an ``AssertionError``) at the first violation, with a message
naming the game, the options, the deal and the moves that lead there; otherwise it returns
a :class:`ConformanceReport` of what it covered.

>>> report = check_game("ricochet", options=[(), ["free-draw"]], games=1, positions=2)
>>> report.option_sets, report.deals
([(), ('free-draw',)], 2)
>>> report.positions > 20 and report.refused > 20 and report.compared > 0
True

Its pieces serve a game's own tests: :func:`random_playout` (a reproducible random game,
move by move), :func:`reference_verdict`, :func:`reference_shortest`,
:func:`reference_search` and :func:`reference_best_score` (plain searches through the
engine, for small positions), :func:`check_position`, :func:`check_solver` and
:func:`takes` (whether ``apply`` takes a move), :func:`plays_taken` and
:func:`played_positions` (the positions of random games, deal after deal).
"""

from printplay.testing.conformance import ConformanceReport, check_game
from printplay.testing.engine import StrangeMove, check_position, plays_taken, takes
from printplay.testing.failures import ConformanceError, Where
from printplay.testing.playout import Step, played_positions, random_playout
from printplay.testing.reference import (
    BestScore,
    Reference,
    SearchTooBig,
    position_key,
    reference_best_score,
    reference_search,
    reference_shortest,
    reference_verdict,
)
from printplay.testing.solver import Agreement, check_solver
from printplay.testing.variants import option_sets

__all__ = [
    "Agreement",
    "BestScore",
    "ConformanceError",
    "ConformanceReport",
    "Reference",
    "SearchTooBig",
    "Step",
    "StrangeMove",
    "Where",
    "check_game",
    "check_position",
    "check_solver",
    "option_sets",
    "played_positions",
    "plays_taken",
    "position_key",
    "random_playout",
    "reference_best_score",
    "reference_search",
    "reference_shortest",
    "reference_verdict",
    "takes",
]
