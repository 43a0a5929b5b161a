"""Ricochet Poker as a registered game: its printable options and the rulebook's facts.

The game engines are :mod:`~printplay.games.poker.standard` and
:mod:`~printplay.games.poker.casino`; this module gathers what the rulebook and the deal
sheet need from them, every figure computed by the engines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import comb

from printplay.core import options as opts
from printplay.core.cards import format_labels, parse_cards
from printplay.games.poker import casino
from printplay.games.poker.book_options import PokerBookOptions
from printplay.games.poker.dealing import poker_deck
from printplay.games.poker.hands import CATEGORIES, category, compare, describe
from printplay.games.poker.odds import chance, state_odds
from printplay.games.poker.standard import (
    RULINGS,
    StandardOptions,
    StandardState,
    describe_event,
    play_script,
)
from printplay.games.poker.strategy_data import load_strategy
from printplay.games.poker.strategy_play import strategy_table
from printplay.games.poker.strategy_words import strategy_summary

FIVE_ACES_EXAMPLE = "X1 Ac Ad Ah As"
"""Four Aces and a joker: five aces, or four aces with an Ace kicker (the ruling)."""

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


WORKED_EXAMPLE = ("Kd Jc 8h 7s 2h 9c 2d 9h Qd 5h 8d 8s", "buy 3; fold; buy 2; buy 2; buy 4")
"""The published rules' worked example of the standard game: four players, the deck's top
cards in dealing order, and the actions taken in turn."""


def worked_example() -> dict[str, list[str]]:
    """The worked example played through the engine: what happens, a line an event, and the
    table at the end, a line a seat (the pot and who acts last)."""
    top, actions = WORKED_EXAMPLE
    state = play_script(StandardOptions(players=4), poker_deck(top=top), actions)
    return {
        "deck": [card.label for card in parse_cards(top)],
        "events": [describe_event(event) for event in state.events],
        "table": state.describe(),
    }


@dataclass(frozen=True)
class OddsSpot:
    """A position for the rulebook's odds table, reached by playing a round in the engine.

    ``starts`` are the players' opening hands by the number of cards dealt at the start (one,
    or two in the 7-card game), seat by seat; ``streams`` the cards dealt after the start, in
    order, by the same key; ``script`` the actions played (each by whoever is to act).  The
    position is the state the script leads to, so it is a legal position under every limit.
    """

    title: str
    starts: dict[int, tuple[str, ...]]
    streams: dict[int, str] = field(default_factory=dict)
    script: str = ""

    def state(self, options: StandardOptions) -> StandardState:
        """The position under ``options`` (limit and jokers; the players are the spot's)."""
        hands = [hand.split() for hand in self.starts[options.start_cards]]
        round_options = StandardOptions(
            players=len(hands),
            limit=options.limit,
            jokers=options.jokers,
            five_aces_top=options.five_aces_top,
        )
        top = [hand[i] for i in range(options.start_cards) for hand in hands]
        deck = poker_deck(
            top=[*top, *self.streams.get(options.start_cards, "").split()], jokers=options.jokers
        )
        return play_script(round_options, deck, self.script)


ODDS_SPOTS: tuple[OddsSpot, ...] = (
    OddsSpot(
        "The deal, five players",
        {1: ("Qs", "9c", "4d", "Jh", "7d"), 2: ("Qs 3h", "9c 6s", "4d 2c", "Jh 8c", "7d 5s")},
    ),
    OddsSpot("The deal, two players", {1: ("Qc", "9h"), 2: ("Qc 5d", "9h 7s")}),
    OddsSpot(
        "A pair against higher pairs",
        {1: ("Ts", "5c", "8d"), 2: ("Ts 3d", "5c 2s", "8d 4c")},
        {1: "5h 8s Th", 2: "5h 8s Th"},
        "buy 2; buy 2; buy 3",
    ),
    OddsSpot(
        "Late in a round",
        {1: ("9c", "6d", "Js"), 2: ("9c 3d", "6d 4h", "Js 5c")},
        {1: "4h 2s Jd 7c 3c 9h", 2: "2s 8s Jd 7c 3c 9h"},
        "buy 3; buy 1; buy 2",
    ),
)
"""The positions of the rulebook's odds table: common spots, played out by the engine."""


def _cards(text: str) -> str:
    return format_labels(parse_cards(text))


def _unbroken(text: str) -> str:
    """``text`` with no-break spaces: a seat and its hand are never split across lines."""
    return text.replace(" ", "\u00a0")


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
        return StandardOptions(
            limit=self.options.limit,
            jokers=self.options.jokers,
            five_aces_top=self.options.five_aces_top,
        )

    def rulebook_context(self) -> dict[str, object]:
        """The rulebook's computed facts: rankings, short hands, the odds of common positions,
        kickout, bonuses, the basic strategy in short, the variants and the hand rulings."""
        ranking = []
        for name in CATEGORIES:
            hand, needs = RANKING_EXAMPLES[name]
            assert category(hand) == name, f"the example for {name} is a {category(hand)}"
            ranking.append([name[0].upper() + name[1:], _cards(hand), needs])
        if self.options.five_aces_top:
            hand = FIVE_ACES_EXAMPLE
            assert category(hand, five_aces=True) == "five aces"
            ranking.append(["Five aces", _cards(hand), "four Aces and a Joker (variant)"])
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
        odds_header, odds_rows, odds_align = self.odds_table()
        cap = casino.HOME_CAP if self.options.home_cap else None
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
            "start_words": _count(options.start_cards, "card"),
            "cap": cap,
            "casino_ante": casino.ANTE,
            "ranking_rows": ranking,
            "partial_rows": partial,
            "odds_header": odds_header,
            "odds_rows": odds_rows,
            "odds_align": odds_align,
            "kickout_rows": kickout,
            "paytable_rows": paytable,
            "standard_rulings": RULINGS,
            "strategy_summary": strategy_summary(home_cap=self.options.home_cap).sentences,
            "strategy_codes": sorted(
                {
                    cell
                    for row in strategy_table(home_cap=self.options.home_cap)[1]
                    for cell in row[1:]
                }
            ),
            "strategy_samples": f"{load_strategy().samples:,}",
            "worked_example": worked_example(),
            "strategy_completions": f"{comb(45, 3):,}",
            **self.variant_facts(),
            **hand_ruling_examples(),
        }

    def odds_table(self) -> tuple[list[str], list[list[str]], str]:
        """The buy odds of :data:`ODDS_SPOTS` under these options: header, rows, alignment.

        A row (Markdown table cells): the spot, with the cards out of play; the hand to act,
        named by its seat; the other hands still in, one a line, each named by its seat; then
        the chance of escaping last place for each buy of 1 card and up (``—`` where the buy
        is not allowed).
        """
        options = self.standard_options
        states = [(spot, spot.state(options)) for spot in ODDS_SPOTS]
        most = max(state.max_buy for _, state in states)
        header = [
            "Position",
            "You hold",
            "The other hands",
            *(f"Buy {k}" for k in range(1, most + 1)),
        ]
        rows = []
        for spot, state in states:
            assert state.to_act is not None and state.max_buy > 0, spot.title
            me = state.player(state.to_act)
            assert len(me.cards) >= options.start_cards, spot.title
            others = [p for p in state.players if p.status == "in" and p.seat != me.seat]
            dead = [c for p in state.players if p.status != "in" for c in p.cards]
            title = spot.title + (f"<br>*out of play: {format_labels(dead)}*" if dead else "")
            buys = [chance(b.escape) for b in state_odds(state).buys]
            rows.append(
                [
                    title,
                    _unbroken(f"Seat {me.seat}: {format_labels(me.cards)}"),
                    "<br>".join(
                        _unbroken(f"Seat {p.seat}: {format_labels(p.cards)}") for p in others
                    ),
                    *buys,
                    *(["—"] * (most - len(buys))),
                ]
            )
        return header, rows, "lll" + "r" * most

    def variant_facts(self) -> dict[str, object]:
        """The variants of Ricochet Poker and which of them this edition plays."""
        specs = {spec.field: spec for spec in opts.option_specs(PokerBookOptions)}
        limits = [n for n in specs["limit"].choices or () if n != specs["limit"].default]
        jokers = [n for n in specs["jokers"].choices or () if n != specs["jokers"].default]
        starts = {n: StandardOptions(limit=n).start_cards for n in specs["limit"].choices or ()}
        in_force = [
            spec.phrase(getattr(self.options, spec.field))
            for spec in opts.option_specs(PokerBookOptions)
            if getattr(self.options, spec.field) != spec.default
        ]
        return {
            "start_words_by_limit": {n: _count(k, "card") for n, k in starts.items()},
            "variant_limits": limits,
            "variant_jokers": jokers,
            "default_limit": specs["limit"].default,
            "home_cap_value": casino.HOME_CAP,
            "variants_in_force": in_force,
        }


def hand_ruling_examples() -> dict[str, str]:
    """Worked examples for the hand rulings, each checked by the evaluator."""
    long_a, long_b = "Ks Kd 9c 7h 4d 3s", "Kh Kc 9d 7s 4c 2h"
    assert compare(long_a, long_b, suits=False, limit=6) > 0
    assert compare(long_a.rsplit(" ", 1)[0], long_b.rsplit(" ", 1)[0], suits=False) == 0
    five_aces, straight_flush = FIVE_ACES_EXAMPLE, "6c 5c 4c 3c 2c"
    assert compare(straight_flush, five_aces, suits=False) > 0
    assert category(five_aces) == "four of a kind"
    royal = "Ah Kh Qh Jh Th"
    assert compare(five_aces, royal, suits=False, five_aces=True) > 0
    assert category(five_aces, five_aces=True) == "five aces"
    bug = "X1 9h 8h 7h 6h"
    assert category(bug) == "straight flush"
    assert compare("Ac", "X1") > 0 and compare("Ac", "X1", suits=False) == 0
    spare = "Ah Kh Qh Jh Th X1"
    assert compare(spare, "Ah Kh Qh Jh Th As", suits=False, limit=6) == 0
    suit_a, suit_b = "8s 8d 3c", "8h 8c 3d"
    assert compare(suit_a, suit_b) > 0 and compare(suit_a, suit_b, suits=False) == 0
    return {
        "long_higher": _cards(long_a),
        "long_lower": _cards(long_b),
        "long_described": describe(long_a, limit=6),
        "bug_hand": _cards(bug),
        "bug_described": describe(bug),
        "five_aces": _cards(five_aces),
        "five_aces_described": describe(five_aces),
        "five_aces_top_described": describe(five_aces, five_aces=True),
        "straight_flush": _cards(straight_flush),
        "royal_flush": _cards(royal),
        "joker_ace_higher": _cards("Ac"),
        "spare_joker": _cards(spare),
        "spare_joker_described": describe(spare, limit=6),
        "suit_higher": _cards(suit_a),
        "suit_lower": _cards(suit_b),
    }


_COUNT_WORDS = ("no", "one", "two", "three", "four", "five")


def _count(n: int, word: str) -> str:
    """``_count(2, "card") == "two cards"``."""
    return f"{_COUNT_WORDS[n]} {word}{'s' if n != 1 else ''}"


def _why(higher: str, lower: str) -> str:
    if category(higher) != category(lower):
        return f"a {category(higher)} beats {category(lower)}"
    a, b = higher.split(), lower.split()
    if compare(a[: len(b)], b, suits=False) == 0 and len(a) > len(b):
        return "same ranks, one more card"
    return "higher ranks"
