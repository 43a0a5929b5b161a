"""Ricochet Poker (RULES.md §4): hand evaluation, and later the game engines."""

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

__all__ = [
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
]

# The standard game (standard.py), its exact buy odds (odds.py) and bots (bots.py).
from printplay.games.poker.bots import BOTS, make_bot, play_round
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

__all__ += ["BOTS", "Buy", "Fold", "StandardOptions", "StandardState", "describe_event"]
__all__ += ["make_bot", "new_round", "parse_actions", "play_round", "play_script"]
__all__ += ["position_odds", "state_odds"]

# The casino game (casino.py: its own Buy/Fold/parse_actions/play_script live there) and its
# exact values and basic strategy (strategy.py).
from printplay.games.poker.casino import CasinoOptions, CasinoState, deal_round  # noqa: E402
from printplay.games.poker.strategy import (  # noqa: E402
    basic_strategy,
    buy_fold_ev,
    state_ev,
    strategy_table,
)

__all__ += ["CasinoOptions", "CasinoState", "basic_strategy", "buy_fold_ev", "deal_round"]
__all__ += ["state_ev", "strategy_table"]
