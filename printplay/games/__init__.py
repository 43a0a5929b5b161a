"""The game registry: every game printplay knows, by name.

A new game adds its engine module and one line to :data:`GAMES`; the command line, the
sheets and the rulebooks find it here.

>>> sorted(GAMES)
['ricochet-poker', 'tripeaks']
>>> make_game("TriPeaks", ["no-wrap"]).options.wrap
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from printplay.cards import Card
from printplay.deal import Deal
from printplay.errors import GameError
from printplay.games.poker.game import RicochetPoker
from printplay.games.tripeaks import TriPeaks
from printplay.options import parse_options


class SolitaireGame(Protocol):
    """What every solitaire game offers (TriPeaks, Pyramid, Ricochet)."""

    name: str
    title: str
    options_type: type[Any]
    options: Any

    def deck(self) -> list[Card]:
        """The deck in canonical order under the game's options."""
        ...

    def initial_state(self, deal: Deal) -> Any:
        """The starting position of a deal in layout order."""
        ...

    def deal_json(self, deal: Deal) -> dict[str, Any]:
        """The layout of a deal as ``deal --json`` prints it."""
        ...

    def describe(self, before: Any, move: Any, after: Any) -> str:
        """A move in words, with what it did."""
        ...

    def is_draw(self, move: Any) -> bool:
        """Whether ``move`` turns a stock card (walkthroughs split the line there)."""
        ...

    def deal_positions(self) -> list[str]:
        """Where each card of a deal goes, in words, in layout order."""
        ...

    def rulebook_context(self) -> dict[str, Any]:
        """Facts the rulebook source uses, computed from the engine."""
        ...

    def solve(self, state: Any, budget: Any = None) -> Any:
        """Decide whether ``state`` can be won (a :class:`~printplay.solve.SolveResult`)."""
        ...

    def best_score(self, state: Any, budget: Any = None) -> Any:
        """The highest-scoring line from ``state``."""
        ...


GAMES: dict[str, type[Any]] = {"tripeaks": TriPeaks, "ricochet-poker": RicochetPoker}
"""Game classes by name; each takes its options object and names its ``options_type``."""

SOLITAIRES = frozenset({"tripeaks"})
"""The games with a layout to deal, solve and draw (the :class:`SolitaireGame` protocol)."""

OPTION_TYPES: dict[str, type[Any]] = {name: game.options_type for name, game in GAMES.items()}

ALIASES = {
    "tri-peaks": "tripeaks",
    "tritowers": "tripeaks",
    "three-peaks": "tripeaks",
    "poker": "ricochet-poker",
    "ricochetpoker": "ricochet-poker",
}


def game_name(name: str) -> str:
    """The registry name for ``name`` (case and aliases forgiven)."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = ALIASES.get(key, key)
    if key not in GAMES:
        raise GameError(f"unknown game {name!r} (games: {', '.join(sorted(GAMES))})")
    return key


def make_game(name: str, option_texts: Sequence[str] = ()) -> Any:
    """The game ``name`` with options read from ``NAME`` / ``NAME=VALUE`` strings."""
    key = game_name(name)
    return GAMES[key](parse_options(OPTION_TYPES[key], option_texts))


def make_solitaire(name: str, option_texts: Sequence[str] = ()) -> SolitaireGame:
    """Like :func:`make_game`, for verbs that need a layout (deal, solve)."""
    key = game_name(name)
    if key not in SOLITAIRES:
        raise GameError(
            f"{key} has no layout to deal or solve (solitaires: {', '.join(sorted(SOLITAIRES))});"
            " for Ricochet Poker see `printplay poker --help`"
        )
    game: SolitaireGame = make_game(key, option_texts)
    return game
