"""Ricochet Poker as a registered game: its printable options and the rulebook's facts.

The game engines are :mod:`~printplay.games.poker.standard` and
:mod:`~printplay.games.poker.casino`; this module gathers what the rulebook and the deal
sheet need from them, every figure computed by the engines.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printplay import options as opts
from printplay.cards import Card
from printplay.games.poker import casino
from printplay.games.poker.hands import CATEGORIES, category, compare, describe
from printplay.games.poker.odds import chance, position_odds
from printplay.games.poker.standard import RULINGS, StandardOptions, lowest_seat

RANKING_EXAMPLES: dict[str, tuple[str, str]] = {
    "high card": ("Ks 9d 7c 4h 2s", "nothing better: the highest card counts first"),
    "pair": ("8h 8s Kc 5d 2c", "two cards of one rank"),
    "two pair": ("Jd Jc 4s 4h 9c", "two pairs"),
    "three of a kind": ("7c 7d 7s Ah 3d", "three cards of one rank"),
    "straight": ("9d 8c 7h 6s 5d", "five ranks in a row"),
    "flush": ("Ah Jh 8h 4h 3h", "five cards of one suit"),
    "full house": ("Qs Qd Qc 6h 6d", "three of a kind and a pair"),
    "four of a kind": ("5c 5d 5h 5s Kd", "four cards of one rank"),
    "straight flush": ("9s 8s 7s 6s 5s", "a straight in one suit"),
    "royal flush": ("Ad Kd Qd Jd Td", "the ace-high straight flush"),
}
"""An example hand for each category, and what the category needs, in words."""

PARTIAL_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("Kd 3c", "Ks"),
    ("Kc 8h", "Kd 3c"),
    ("Ac 8d", "As"),
    ("9s 7h 2c", "8h"),
    ("2h 2d", "9s 7h 2c"),
    ("8d 8s", "2h 2d Kc"),
)
"""Pairs of short hands, the first beating the second, for the rulebook's table."""

ODDS_SPOT = ("Kd", "Jc", "8h", "7s")
"""The position of the rulebook's odds table: four players, one card each."""


@dataclass(frozen=True)
class PokerBookOptions:
    """The options a Ricochet Poker rulebook is printed with (variants of both games)."""

    limit: int = opts.setting(
        "limit",
        "Hand limit: 5, 6 or 7 cards (best five make the hand).",
        default=5,
        choices=(5, 6, 7),
    )
    jokers: int = opts.setting(
        "jokers",
        "Jokers as bugs in the standard game (0, 1 or 2).",
        default=0,
        choices=(0, 1, 2),
    )
    home_cap: bool = opts.switch("home-cap", "Casino bonuses capped at 10 (home play).")

    def __post_init__(self) -> None:
        opts.validate(self)


def _cards(text: str) -> str:
    return " ".join(Card.parse(code).label for code in text.split())


class RicochetPoker:
    """Ricochet Poker in the registry: its title, printable options and rulebook facts."""

    name = "ricochet-poker"
    title = "Ricochet Poker"
    options_type = PokerBookOptions

    def __init__(self, options: PokerBookOptions | None = None) -> None:
        self.options = options or PokerBookOptions()

    @property
    def standard_options(self) -> StandardOptions:
        """The standard game's options under these variants (four players)."""
        return StandardOptions(limit=self.options.limit, jokers=self.options.jokers)

    def rulebook_context(self) -> dict[str, Any]:
        """The rulebook's computed tables: rankings, short hands, odds, kickout, bonuses."""
        ranking = []
        for name in CATEGORIES:
            hand, needs = RANKING_EXAMPLES[name]
            assert category(hand) == name, f"the example for {name} is a {category(hand)}"
            ranking.append([name[0].upper() + name[1:], _cards(hand), needs])
        partial = []
        for higher, lower in PARTIAL_EXAMPLES:
            assert compare(higher, lower, suits=False) > 0, (higher, lower)
            partial.append(
                [
                    f"{_cards(higher)} ({describe(higher)})",
                    f"{_cards(lower)} ({describe(lower)})",
                    _why(higher, lower),
                ]
            )
        options = self.standard_options
        seat = lowest_seat(ODDS_SPOT, options)
        odds = position_odds(list(ODDS_SPOT), seat, options=options)
        odds_rows = [
            [
                f"{b.k} card{'s' if b.k > 1 else ''}",
                chance(b.escape),
                f"{float(b.expected_cards):.2f}",
                str(b.chips),
            ]
            for b in odds.buys
        ]
        spot = ", ".join(_cards(code) for code in ODDS_SPOT)
        cap = 10 if self.options.home_cap else None
        paytable = [
            [name[0].upper() + name[1:], str(min(bonus, cap) if cap else bonus)]
            for name, bonus in casino.BONUSES.items()
        ]
        kickout = [
            [str(rule.players), rule.text, _cards(" ".join(c.code for c in rule.threshold))]
            for rule in casino.KICKOUT_RULES.values()
        ]
        return {
            "limit": options.limit,
            "jokers": options.jokers,
            "cap": cap,
            "ranking_rows": ranking,
            "partial_rows": partial,
            "odds_rows": odds_rows,
            "odds_spot": f"four players holding {spot}, the {odds.cards[0].label} to act",
            "kickout_rows": kickout,
            "paytable_rows": paytable,
            "standard_rulings": RULINGS,
        }


def _why(higher: str, lower: str) -> str:
    if category(higher) != category(lower):
        return f"a {category(higher)} beats {category(lower)}"
    a, b = higher.split(), lower.split()
    if compare(a[: len(b)], b, suits=False) == 0 and len(a) > len(b):
        return "same ranks, one more card"
    return "higher ranks"
