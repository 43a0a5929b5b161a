"""The options a Ricochet Poker rulebook is printed with: light to import.

The registry reads them to list the game's options (``printplay games``) without loading
the hand evaluator and the odds behind :mod:`~printplay.games.poker.game`.
"""

from __future__ import annotations

from dataclasses import dataclass

from printplay.core import options as opts
from printplay.core.errors import OptionError

FIVE_ACES_NEED_JOKERS = "option five-aces-top needs jokers (jokers=1 or jokers=2)"


@dataclass(frozen=True)
class PokerBookOptions:
    """The options a Ricochet Poker rulebook is printed with (variants of both games)."""

    limit: int = opts.setting(
        "limit",
        "Hand limit: 5, 6 or 7 cards (best five make the hand).",
        words="{n}-card limit",
        default=5,
        choices=(5, 6, 7),
    )
    jokers: int = opts.setting(
        "jokers",
        "Jokers as bugs in the standard game (0, 1 or 2).",
        words="{n} Joker{s}",
        default=0,
        choices=(0, 1, 2),
    )
    home_cap: bool = opts.switch(
        "home-cap",
        "Casino bonuses capped at 10 (home play).",
        words="casino bonuses capped at 10",
    )
    five_aces_top: bool = opts.switch(
        "five-aces-top",
        "With jokers: four Aces and a joker are five aces, the top hand (by default four aces "
        "with an Ace kicker).",
        words="five aces the top hand",
    )

    def __post_init__(self) -> None:
        opts.validate(self)
        if self.five_aces_top and not self.jokers:
            raise OptionError(FIVE_ACES_NEED_JOKERS)
