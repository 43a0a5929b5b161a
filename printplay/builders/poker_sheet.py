"""Ricochet Poker deal sheets as models: a numbered round played by bots, turn by turn.

:func:`bot_round` plays a round with one bot in every seat, with the exact odds of each
decision (and, for the odds bot, its estimate of each buy); :func:`build_round` turns it
into the :class:`~printplay.models.poker_model.PokerRound` the sheet prints: the tables
before every turn, the odds in words, what happened, the deal order (where each card of the
deck goes, checked against the round's events) and, for a round over at its first turn,
why.  The registry's sheet maker (:mod:`printplay.makers.poker_sheet_maker`) hands the
model to the PDF renderer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from pathlib import Path

from printplay.builders.commands import command_line, sheet_argv, sheet_file
from printplay.core import options as opts
from printplay.core.cards import Card, format_labels
from printplay.core.deal import SHUFFLE_NAME, fingerprint
from printplay.games.poker.bots import OddsBot, make_bot, play_round_states
from printplay.games.poker.odds import Odds, chance, state_odds
from printplay.games.poker.standard import (
    Buy,
    BuyEvent,
    DealEvent,
    Fold,
    FoldEvent,
    Player,
    StandardOptions,
    StandardState,
    actions_of,
    describe_event,
    new_round,
    round_deck,
)
from printplay.models.poker_model import BuyColumn, PokerRound, PokerTurn, Seat, TableView
from printplay.models.printable import DealOrderEntry, PrintRequest

BOT_PLAY: dict[str, str] = {
    "odds": "buys the number of cards its estimate values most, and folds when no buy is "
    "worth more than folding (0 chips)",
}
"""How each bot decides, in words (a bot not listed "plays by its own rule")."""


@dataclass(frozen=True)
class BotTurn:
    """One decision of a bot-played round: the states around it, the odds before it and,
    for the odds bot, its estimate of each buy (chips; folding is worth 0)."""

    before: StandardState
    after: StandardState
    odds: Odds | None
    values: dict[int, Fraction] | None = None

    @property
    def action(self) -> Buy | Fold:
        """What the player did."""
        return actions_of(self.after)[-1]


def bot_round(options: StandardOptions, deck: list[Card], bot_name: str = "odds") -> list[BotTurn]:
    """Play a round with one bot in every seat, with the odds of each decision."""
    bot = make_bot(bot_name)
    states = play_round_states(options, deck, bot)
    turns = []
    for before, after in pairwise(states):
        odds = state_odds(before) if before.max_buy else None
        values = bot.values(before, odds) if isinstance(bot, OddsBot) and odds else None
        turns.append(BotTurn(before, after, odds, values))
    return turns


def deal_places(deck: Sequence[Card], final: StandardState) -> list[str]:
    """Where each card of ``deck`` goes in the round that ends in ``final``: ``"seat 3 ·
    deal"``, ``"seat 4 · turn 2"``, or ``""`` for a card never dealt.

    The deal takes the top cards, one to each seat in turn (twice in the 7-card game); each
    buy then takes the next cards.  Every place is checked against the round's events.
    """
    n = final.options.players
    start = n * final.options.start_cards
    places = [f"seat {i % n + 1} · deal" for i in range(start)]
    turn = 0
    for event in final.events:
        if isinstance(event, DealEvent):
            assert all(deck[i] in event.cards for i in range(event.seat - 1, start, n))
        elif isinstance(event, BuyEvent | FoldEvent):
            turn += 1
            if isinstance(event, BuyEvent):
                for card in event.received:
                    assert deck[len(places)] == card, (len(places), card)
                    places.append(f"seat {event.seat} · turn {turn}")
    assert len(places) == final.position
    return places + [""] * (len(deck) - len(places))


def rules_words(options: StandardOptions) -> str:
    """The players and the variants in words: ``"eight players, seven-card limit, two
    jokers"``, ``"four players, standard rules"``."""
    specs = [s for s in opts.option_specs(StandardOptions) if s.field != "players"]
    phrases = [
        spec.phrase(getattr(options, spec.field))
        for spec in specs
        if getattr(options, spec.field) != spec.default
    ]
    return f"{opts.number_words(options.players)} players, " + (
        ", ".join(phrases) or "standard rules"
    )


def chips(value: Fraction | float) -> str:
    """Signed chips with a true minus sign: ``+0.84``, ``−1.14``."""
    return f"{float(value):+.2f}".replace("-", "−")


def seat_caption(player: Player, to_act: int | None) -> str:
    """A seat's caption on a table diagram: ``"seat 2 · in · to act"``, ``"★ seat 1 · won
    7 chips"``."""
    caption = f"seat {player.seat} · {player.status}"
    if player.status == "won":
        caption = f"★ {caption} {player.won} chips"
    if player.seat == to_act:
        caption += " · to act"
    return caption


def table_view(state: StandardState) -> TableView:
    """The hands at the table in ``state``: folded and out hands face down, the winner
    framed."""
    return TableView(
        tuple(
            Seat(
                seat=p.seat,
                cards=tuple(p.cards),
                caption=seat_caption(p, state.to_act),
                face_down=p.status in ("folded", "out"),
                winner=p.status == "won",
            )
            for p in state.players
        )
    )


def short_round_note(turns: Sequence[BotTurn], final: StandardState) -> str:
    """Why the round ends at its first turn, or ``""`` when it lasts longer."""
    if len(turns) != 1:
        return ""
    turn = turns[0]
    before = turn.before
    seat = before.to_act
    assert seat is not None
    me = before.player(seat)
    others = [p for p in before.players if p.status == "in" and p.seat != seat]
    against = " and ".join(f"seat {p.seat}’s {format_labels(p.cards)}" for p in others)
    text = (
        f"This round ends at its first turn. Seat {seat} holds the lowest hand, "
        f"{format_labels(me.cards)}, against {against}, with {before.pot} chips in the pot. "
    )
    if isinstance(turn.action, Fold):
        if turn.odds is not None and turn.odds.buys:
            best = turn.odds.buys[-1]
            text += (
                f"Even buying {best.k} cards gets it out of last place only "
                f"{chance(best.escape)} of the time"
            )
            values = turn.values
            if values:
                k = max(values, key=lambda key: (values[key], -key))
                text += (
                    f", and by the bot’s estimate no buy is worth its price (the best, buy {k}, "
                    f"comes to {chips(values[k])} chips against 0 for folding)"
                )
            text += f", so seat {seat} folds"
        else:
            text += f"Seat {seat} folds"
    else:
        text += f"Seat {seat} buys and is still the lowest hand, so it is out"
    winners = final.winners
    if len(winners) == 1:
        text += f" and seat {winners[0]} takes the pot. "
    else:
        text += " and the pot is split. "
    if before.options.players == 2:
        text += (
            "With two players this happens often: the pot holds only the two antes, so a buy "
            "rarely pays for itself. "
        )
    return text + (
        "The round is printed as dealt, because a deal number always names the same cards; "
        "for a longer round, try another deal number or more players."
    )


def _odds_columns(turn: BotTurn) -> tuple[BuyColumn, ...] | None:
    if turn.odds is None:
        return None
    values = turn.values
    return tuple(
        BuyColumn(
            k=buy.k,
            escape=chance(buy.escape),
            expected_cards=f"{float(buy.expected_cards):.2f}",
            worth=chips(values[buy.k]) if values is not None else None,
        )
        for buy in turn.odds.buys
    )


def poker_turn(number: int, turn: BotTurn) -> PokerTurn:
    """Turn ``number`` of a round as the sheet prints it."""
    action = turn.action
    return PokerTurn(
        number=number,
        heading=f"Turn {number}: seat {turn.before.to_act} to act, pot {turn.before.pot}",
        table=table_view(turn.before),
        odds=_odds_columns(turn),
        valued=turn.values is not None,
        bought=action.k if isinstance(action, Buy) else None,
        lines=tuple(describe_event(event) for event in turn.after.events_since(turn.before)),
    )


SHEET_BOT = "odds"
"""The bot that plays every seat of the sheets ``printplay sheet`` writes."""


def remake_command(
    options: StandardOptions, seed: int, *, paper: str = "a4", spoiler_free: bool = False
) -> str:
    """The command that prints the sheet of round ``seed`` again, on ``paper`` and
    spoiler-free if it was, e.g. ``printplay sheet ricochet-poker --seed 3 --option
    players=4 -o ricochet-poker-deal-3-players-4.pdf``."""
    chosen = tuple(opts.chosen(options))
    request = PrintRequest(
        "ricochet-poker",
        Path(sheet_file("ricochet-poker", seed, chosen=chosen)),
        chosen,
        seed=seed,
        paper=paper,
        spoiler_free=spoiler_free,
    )
    return command_line(sheet_argv(request))


def build_round(options: StandardOptions, seed: int, bot_name: str = SHEET_BOT) -> PokerRound:
    """Deal ``seed`` under ``options``, played by the ``bot_name`` bot in every seat."""
    deck = round_deck(options, seed=seed)
    turns = bot_round(options, deck, bot_name)
    first = turns[0].before if turns else new_round(options, deck)
    final = turns[-1].after if turns else first
    places = deal_places(deck, final)
    return PokerRound(
        seed=seed,
        code=fingerprint(deck),
        shuffle=SHUFFLE_NAME,
        players=options.players,
        rules=rules_words(options),
        chosen=tuple(c for c in opts.chosen(options) if not c.startswith("players=")),
        bot=bot_name,
        bot_play=BOT_PLAY.get(bot_name, "plays by its own rule"),
        deal=table_view(first),
        deal_lines=tuple(describe_event(event) for event in first.events),
        turns=tuple(poker_turn(number, turn) for number, turn in enumerate(turns, start=1)),
        final=table_view(final),
        final_lines=tuple(final.describe()),
        short_note=short_round_note(turns, final),
        deal_order=tuple(
            DealOrderEntry(number, card, place)
            for number, (card, place) in enumerate(zip(deck, places, strict=True), start=1)
        ),
        deals_twice=options.start_cards == 2,
        remake=remake_command(options, seed) if bot_name == SHEET_BOT else "",
    )


__all__ = [
    "BOT_PLAY",
    "BotTurn",
    "bot_round",
    "build_round",
    "chips",
    "deal_places",
    "poker_turn",
    "remake_command",
    "rules_words",
    "seat_caption",
    "short_round_note",
    "table_view",
]
