"""Ricochet Poker (rules/ricochet-poker.md): hands, the standard and casino games, odds, bots.

The modules: ``hands.py`` (evaluation: compare, category, describe), ``standard.py`` (the
standard game), ``odds.py`` (its exact buy odds), ``bots.py`` (players for it),
``casino.py`` (the casino game), ``completions.py`` (casino hands by strength, fast),
``ev.py`` (exact buy/fold values), ``strategy_groups.py``, ``strategy_data.py`` and
``strategy_build.py`` (the basic-strategy table: its rows and columns, its cells stored and
loaded, computing it), ``strategy_play.py`` (buy or fold by the table, and its chart rows),
``strategy_words.py`` (the table in sentences), ``dealing.py`` (decks) and ``game.py`` (the
registry entry, the rulebook's facts).

The names in ``__all__`` are the package's API.  Each is imported from its module on first
use, so importing one module (the evaluator, say) loads no other: a renderer that names a
hand loads no bot and no strategy table.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from printplay.games.poker.bots import BOTS, make_bot, play_round
    from printplay.games.poker.casino import CasinoOptions, CasinoState, deal_round
    from printplay.games.poker.ev import buy_fold_ev, state_ev
    from printplay.games.poker.hands import (
        CATEGORIES,
        LIMITS,
        HandLike,
        HandValue,
        category,
        category_of,
        compare,
        describe,
        evaluate,
        five_card_strengths,
        strength,
        strength5,
    )
    from printplay.games.poker.odds import position_odds, state_odds
    from printplay.games.poker.standard import (
        Buy,
        Fold,
        StandardOptions,
        StandardState,
        describe_event,
        new_round,
        parse_actions,
        play_script,
    )
    from printplay.games.poker.strategy_play import basic_strategy, strategy_table

_MODULES: dict[str, tuple[str, ...]] = {
    "hands": (
        "CATEGORIES",
        "LIMITS",
        "HandLike",
        "HandValue",
        "category",
        "category_of",
        "compare",
        "describe",
        "evaluate",
        "five_card_strengths",
        "strength",
        "strength5",
    ),
    "standard": (
        "Buy",
        "Fold",
        "StandardOptions",
        "StandardState",
        "describe_event",
        "new_round",
        "parse_actions",
        "play_script",
    ),
    "odds": ("position_odds", "state_odds"),
    "bots": ("BOTS", "make_bot", "play_round"),
    "casino": ("CasinoOptions", "CasinoState", "deal_round"),
    "ev": ("buy_fold_ev", "state_ev"),
    "strategy_play": ("basic_strategy", "strategy_table"),
}
"""The module each name of the API lives in.  The casino game's own ``Buy``, ``Fold``,
``parse_actions`` and ``play_script`` are in ``casino.py``; these are the standard game's."""

_HOME = {name: module for module, names in _MODULES.items() for name in names}


def __getattr__(name: str) -> object:
    """A name of the API, imported from its module on first use."""
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value: object = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "BOTS",
    "CATEGORIES",
    "LIMITS",
    "Buy",
    "CasinoOptions",
    "CasinoState",
    "Fold",
    "HandLike",
    "HandValue",
    "StandardOptions",
    "StandardState",
    "basic_strategy",
    "buy_fold_ev",
    "category",
    "category_of",
    "compare",
    "deal_round",
    "describe",
    "describe_event",
    "evaluate",
    "five_card_strengths",
    "make_bot",
    "new_round",
    "parse_actions",
    "play_round",
    "play_script",
    "position_odds",
    "state_ev",
    "state_odds",
    "strategy_table",
    "strength",
    "strength5",
]
