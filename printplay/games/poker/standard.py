"""The standard game of Ricochet Poker (rules/ricochet-poker.md): options, state, actions, replay.

Every player antes and is dealt one card face up (two in the 7-card game).  The lowest hand
acts: it folds, or buys ``k`` cards, pays ``k`` chips at once and is dealt cards one at a
time until it is no longer the lowest hand (or all ``k`` came and it is still lowest: out).
The round ends when one player is left in, or when the hands left are identical in rank and
none can be improved (a split).

States are immutable: :meth:`StandardState.apply` returns a new state and raises
:class:`~printplay.core.errors.MoveError` for an action that does not fit.  The worked example
of the published rules:

>>> from printplay.games.poker.dealing import poker_deck
>>> deck = poker_deck(top="Kd Jc 8h 7s 2h 9c 2d 9h Qd 5h 8d 8s")
>>> state = new_round(StandardOptions(players=4), deck)
>>> state.to_act, state.max_buy, state.pot
(4, 4, 4)
>>> after = state.apply(Buy(3))
>>> print(describe_event(after.events[-1]))
Seat 4 (7♠) buys 3 for 3 chips and receives 2♥, 9♣: nine-seven-two; beats seat 3's eight
high, stops (1 card not dealt); pot 7
>>> final = play_script(StandardOptions(), deck, "buy 3; fold; buy 2; buy 2; buy 4")
>>> final.to_act, final.max_buy, final.pot, [p.status for p in final.players]
(4, 1, 15, ['in', 'out', 'folded', 'in'])

Rulings (also in :data:`RULINGS`, for the rulebook):

* *Identical hands.*  Hands that tie in rank but differ by suit keep playing, and the lower
  by suit acts.  Two hands identical even with suits (possible only with two jokers: a lone
  joker in each of two seats) are ordered by seat: the lower seat counts as the lower hand
  and acts first.
* *Cannot buy.*  A lowest hand that is at the hand limit, or that cannot be dealt a card
  because the deck is empty, is out at once (an ``out`` event), and the action moves on.
* *Split.*  When the hands still in are identical in rank (suits ignored) and none can be
  improved (all at the limit, or the deck empty), they split the pot.  Odd chips stay in the
  pot for the next round (the state's ``pot`` keeps them); option ``odd-chips-to-seats``
  gives them one each to the winners from the lowest seat up instead.
* *Chips.*  At every moment the chips paid (antes and buys) equal the pot plus the chips won.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Literal

from printplay.core import options as opts
from printplay.core.cards import Card, format_labels, standard_deck
from printplay.core.errors import DealError, MoveError, OptionError
from printplay.core.jsontypes import JsonObject, JsonValue
from printplay.games.poker.book_options import FIVE_ACES_NEED_JOKERS
from printplay.games.poker.dealing import missing_card_hint, poker_deck, read_cards
from printplay.games.poker.hands import HandLike, describe, strength

__all__ = [
    "BUY_OUT",
    "BUY_STOPPED",
    "RULINGS",
    "STATUSES",
    "Action",
    "AnteEvent",
    "Buy",
    "BuyEvent",
    "DealEvent",
    "Event",
    "Fold",
    "FoldEvent",
    "OutEvent",
    "Player",
    "SplitEvent",
    "StandardOptions",
    "StandardState",
    "WinEvent",
    "action_from_json",
    "actions_of",
    "describe_event",
    "lowest_seat",
    "new_round",
    "parse_action",
    "parse_actions",
    "play_script",
    "replay",
    "round_deck",
    "standard_options",
]

STATUSES = ("in", "folded", "out", "won")
"""The statuses a player can have: still ``in``, ``folded``, ``out`` (lost), ``won``."""

Status = Literal["in", "folded", "out", "won"]

BUY_STOPPED = "no longer lowest"
"""The ``stop`` of a buy that made the hand no longer the lowest."""

BUY_OUT = "all received, still lowest: out"
"""The ``stop`` of a buy that dealt every card and left the hand the lowest (the player is out)."""

RULINGS: tuple[str, ...] = (
    "Hands that tie in rank but differ by suit keep playing; the lower by suit acts.",
    "Two hands identical even in suits (possible only with two Jokers) are ordered by seat: "
    "the lower seat counts as lower and acts first.",
    "A lowest hand that is at the hand limit, or that cannot be dealt a card because the deck "
    "is empty, cannot buy and is out; the action goes on to the next lowest hand.",
    "A buy is limited by the hand limit and by the cards left in the deck.",
    "When the hands still in are identical in rank (suits ignored) and none can be improved "
    "(all at the limit, or the deck empty), they split the pot; odd chips stay in the pot for "
    "the next round (or, if the table prefers, one each to the winners from the lowest seat: "
    "the odd-chips-to-seats option of printplay poker play).",
)
"""The rulings of the standard game, one sentence each, for the rulebook."""


# --------------------------------------------------------------------------------------------
# Options


@dataclass(frozen=True)
class StandardOptions:
    """The variants of the standard game; the defaults are the published game for 4 players.

    Bad values raise :class:`~printplay.core.errors.OptionError` with a one-line message, whether
    the options are parsed (:func:`standard_options`) or built directly.

    >>> StandardOptions(limit=7).start_cards
    2
    >>> StandardOptions(players=9)
    Traceback (most recent call last):
    ...
    printplay.core.errors.OptionError: option players must be at most 8, not 9
    """

    players: int = opts.setting(
        "players",
        "Players in the round, seated 1 to N.",
        default=4,
        minimum=2,
        maximum=8,
        words="{n} players",
    )
    limit: int = opts.setting(
        "limit",
        "Hand limit: 5, 6 or 7 cards (the best five make the hand; with 7 each player starts "
        "with two cards).",
        words="{n}-card limit",
        default=5,
        choices=(5, 6, 7),
    )
    jokers: int = opts.setting(
        "jokers",
        "Jokers in the deck as bugs (0, 1 or 2): a joker counts as an Ace or completes a "
        "straight or flush.",
        words="{n} Joker{s}",
        default=0,
        choices=(0, 1, 2),
    )
    ante: int = opts.setting(
        "ante", "Chips each player antes.", default=1, minimum=1, maximum=1000, words="ante {v}"
    )
    odd_chips_to_seats: bool = opts.switch(
        "odd-chips-to-seats",
        "On a split, odd chips go one each to the winners from the lowest seat up instead of "
        "staying in the pot.",
        words="odd chips to the seats",
    )
    five_aces_top: bool = opts.switch(
        "five-aces-top",
        "With jokers: four Aces and a joker are five aces, the top hand, above a royal flush "
        "(by default they are four aces with an Ace kicker).",
        words="five aces the top hand",
    )

    def __post_init__(self) -> None:
        opts.validate(self)
        if self.five_aces_top and not self.jokers:
            raise OptionError(FIVE_ACES_NEED_JOKERS)

    @property
    def start_cards(self) -> int:
        """Cards each player is dealt at the start: 2 in the 7-card game, else 1."""
        return 2 if self.limit == 7 else 1

    @property
    def deck_size(self) -> int:
        """Cards in the full deck: 52 plus the jokers."""
        return 52 + self.jokers

    def deck(self) -> list[Card]:
        """The full deck in canonical order (with the jokers the options add)."""
        return standard_deck(self.jokers)

    def to_json(self) -> JsonObject:
        """Every option's value by field name."""
        return opts.to_json(self)

    def summary(self) -> str:
        """One line: the options that differ from the defaults, or ``"standard rules"``."""
        return opts.summary(self)


def standard_options(texts: Sequence[str] = ()) -> StandardOptions:
    """Options read from ``NAME=VALUE`` strings: ``standard_options(["players=6, limit=7"])``.

    >>> standard_options(["players=6", "jokers=2"]).players
    6
    """
    return opts.parse_options(StandardOptions, texts)


def round_deck(
    options: StandardOptions,
    *,
    seed: int | None = None,
    top: str | Sequence[str | Card] | None = None,
) -> list[Card]:
    """The deck for a round under ``options`` (jokers included), in dealing order.

    See :func:`~printplay.games.poker.dealing.poker_deck`: the numbered deal ``seed``, or the
    ``top`` cards first then the rest.
    """
    return poker_deck(seed=seed, top=top, jokers=options.jokers)


# --------------------------------------------------------------------------------------------
# Actions


@dataclass(frozen=True)
class Fold:
    """The player to act folds: out of the round, chips already paid stay in the pot."""

    def to_json(self) -> JsonObject:
        """``{"type": "fold"}``."""
        return {"type": "fold"}

    def __str__(self) -> str:
        return "fold"


@dataclass(frozen=True)
class Buy:
    """The player to act buys ``k`` cards (pays ``k`` chips at once)."""

    k: int

    def __post_init__(self) -> None:
        if isinstance(self.k, bool) or not isinstance(self.k, int) or self.k < 1:
            raise MoveError(f"a buy is of at least 1 card, not {self.k!r}")

    def to_json(self) -> JsonObject:
        """``{"type": "buy", "k": 3}``."""
        return {"type": "buy", "k": self.k}

    def __str__(self) -> str:
        return f"buy {self.k}"


Action = Fold | Buy

_ACTION_RE = re.compile(r"^(?:(fold|f)|(?:buy|b)\s*(\d+))$")
_ACTION_SPLIT = re.compile(r"[;,\n]")
_ACTION_HELP = "write 'fold' or 'buy K', e.g. 'buy 3' (short: 'f', 'b3')"


def parse_action(text: str) -> Action:
    """Read one action: ``fold``/``f`` or ``buy 3``/``buy3``/``b3``, any case.

    >>> parse_action("Buy 3"), parse_action("f")
    (Buy(k=3), Fold())
    >>> parse_action("raise 2")
    Traceback (most recent call last):
    ...
    printplay.core.errors.MoveError: cannot read action 'raise 2': write 'fold' or 'buy K', e.g. ...
    """
    cleaned = " ".join(text.strip().lower().split())
    match = _ACTION_RE.match(cleaned)
    if match is None:
        raise MoveError(f"cannot read action {opts.shown(text.strip())}: {_ACTION_HELP}")
    if match.group(1):
        return Fold()
    if len(match.group(2)) > 100:  # too long to read as a number: far more than a hand holds
        raise MoveError(f"cannot buy {opts.shown(match.group(2))} cards: a hand holds at most 7")
    k = int(match.group(2))
    if k < 1:
        raise MoveError(f"cannot read action {text.strip()!r}: a buy is of at least 1 card")
    return Buy(k)


def parse_actions(text: str | Iterable[str | Action]) -> list[Action]:
    """Read a list of actions separated by ``;``, ``,`` or new lines (empty items skipped).

    A sequence may mix texts and actions.  A bad item raises
    :class:`~printplay.core.errors.MoveError` naming it and its position.

    >>> parse_actions("buy 3; fold, B2")
    [Buy(k=3), Fold(), Buy(k=2)]
    >>> parse_actions("buy 3; fold; buy two")
    Traceback (most recent call last):
    ...
    printplay.core.errors.MoveError: action 3: cannot read action 'buy two': write 'fold' or ...
    """
    items: list[str | Action]
    if isinstance(text, str):
        items = [part for part in _ACTION_SPLIT.split(text) if part.strip()]
    else:
        items = list(text)
    actions: list[Action] = []
    for position, item in enumerate(items, start=1):
        if isinstance(item, Fold | Buy):
            actions.append(item)
            continue
        try:
            actions.append(parse_action(str(item)))
        except MoveError as error:
            raise MoveError(f"action {position}: {error}") from None
    return actions


def action_from_json(data: Mapping[str, JsonValue]) -> Action:
    """Read an action written by ``to_json``: ``{"type": "fold"}``, ``{"type": "buy", "k": 2}``."""
    kind = data.get("type")
    if kind == "fold":
        return Fold()
    if kind == "buy":
        k = data.get("k")
        if isinstance(k, bool) or not isinstance(k, int):
            raise MoveError(f"a buy needs a whole number k, not {k!r}")
        return Buy(k)
    raise MoveError(f"unknown Ricochet Poker action type {kind!r} (expected fold or buy)")


# --------------------------------------------------------------------------------------------
# Events


def _codes(cards: Iterable[Card]) -> list[JsonValue]:
    return [card.code for card in cards]


@dataclass(frozen=True)
class AnteEvent:
    """Every seat antes ``chips``; the pot is then ``pot``."""

    seats: tuple[int, ...]
    chips: int
    pot: int
    type: str = field(default="ante", init=False)

    def to_json(self) -> JsonObject:
        """``{"type": "ante", "seats", "chips", "pot"}``."""
        return {"type": self.type, "seats": list(self.seats), "chips": self.chips, "pot": self.pot}


@dataclass(frozen=True)
class DealEvent:
    """``seat`` is dealt its starting ``cards`` face up (in the order received)."""

    seat: int
    cards: tuple[Card, ...]
    type: str = field(default="deal", init=False)

    def to_json(self) -> JsonObject:
        """``{"type": "deal", "seat", "cards"}``."""
        return {"type": self.type, "seat": self.seat, "cards": _codes(self.cards)}


@dataclass(frozen=True)
class BuyEvent:
    """``seat`` holding ``hand`` bought ``k`` cards for ``k`` chips and received ``received``.

    ``stop`` is :data:`BUY_STOPPED` (``lowest`` is then the seat now lowest, holding
    ``lowest_cards``) or :data:`BUY_OUT` (the buyer is out; ``lowest`` is the buyer).
    ``limit`` is the hand limit, for describing the hands; ``pot`` the pot after the buy.
    """

    seat: int
    k: int
    hand: tuple[Card, ...]
    received: tuple[Card, ...]
    stop: str
    lowest: int
    lowest_cards: tuple[Card, ...]
    pot: int
    limit: int = 5
    five_aces: bool = False
    type: str = field(default="buy", init=False)

    @property
    def chips(self) -> int:
        """Chips paid: ``k``, whatever was received."""
        return self.k

    @property
    def out(self) -> bool:
        """Whether the buyer went out (all received, still lowest)."""
        return self.stop == BUY_OUT

    def to_json(self) -> JsonObject:
        """``{"type": "buy", "seat", "k", "paid", "hand", "received", "stop", "out",
        "lowest", "lowest_cards", "pot"}``."""
        return {
            "type": self.type,
            "seat": self.seat,
            "k": self.k,
            "paid": self.k,
            "hand": _codes(self.hand),
            "received": _codes(self.received),
            "stop": self.stop,
            "out": self.out,
            "lowest": self.lowest,
            "lowest_cards": _codes(self.lowest_cards),
            "pot": self.pot,
        }


@dataclass(frozen=True)
class FoldEvent:
    """``seat`` holding ``cards`` folded; the pot stays ``pot``."""

    seat: int
    cards: tuple[Card, ...]
    pot: int
    type: str = field(default="fold", init=False)

    def to_json(self) -> JsonObject:
        """``{"type": "fold", "seat", "cards", "pot"}``."""
        return {"type": self.type, "seat": self.seat, "cards": _codes(self.cards), "pot": self.pot}


@dataclass(frozen=True)
class OutEvent:
    """``seat``, lowest, could not buy and is out: ``reason`` is ``"hand limit"`` or
    ``"deck empty"``."""

    seat: int
    cards: tuple[Card, ...]
    reason: str
    limit: int = 5
    five_aces: bool = False
    type: str = field(default="out", init=False)

    def to_json(self) -> JsonObject:
        """``{"type": "out", "seat", "cards", "reason"}``."""
        return {
            "type": self.type,
            "seat": self.seat,
            "cards": _codes(self.cards),
            "reason": self.reason,
        }


@dataclass(frozen=True)
class WinEvent:
    """``seat``, the last player in, takes the pot of ``chips``."""

    seat: int
    cards: tuple[Card, ...]
    chips: int
    limit: int = 5
    type: str = field(default="win", init=False)

    def to_json(self) -> JsonObject:
        """``{"type": "win", "seat", "cards", "chips"}``."""
        return {
            "type": self.type,
            "seat": self.seat,
            "cards": _codes(self.cards),
            "chips": self.chips,
        }


@dataclass(frozen=True)
class SplitEvent:
    """``seats`` (holding ``hands``, identical in rank) split the pot.

    ``shares[i]`` is what ``seats[i]`` receives; ``left`` the odd chips left in the pot.
    """

    seats: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    shares: tuple[int, ...]
    left: int
    limit: int = 5
    five_aces: bool = False
    type: str = field(default="split", init=False)

    def to_json(self) -> JsonObject:
        """``{"type": "split", "seats", "hands", "shares", "left"}``."""
        return {
            "type": self.type,
            "seats": list(self.seats),
            "hands": [_codes(hand) for hand in self.hands],
            "shares": list(self.shares),
            "left": self.left,
        }


Event = AnteEvent | DealEvent | BuyEvent | FoldEvent | OutEvent | WinEvent | SplitEvent


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def describe_event(event: Event) -> str:
    """An event in words, for sheets and text output.

    >>> describe_event(FoldEvent(3, (Card.parse("8h"),), 7))
    'Seat 3 (8♥) folds; pot 7'
    """
    if isinstance(event, AnteEvent):
        return (
            f"{_plural(len(event.seats), 'player')} ante {_plural(event.chips, 'chip')} each; "
            f"pot {event.pot}"
        )
    if isinstance(event, DealEvent):
        return f"Seat {event.seat} is dealt {', '.join(c.label for c in event.cards)}"
    if isinstance(event, FoldEvent):
        return f"Seat {event.seat} ({format_labels(event.cards)}) folds; pot {event.pot}"
    if isinstance(event, OutEvent):
        why = "is at the hand limit" if event.reason == "hand limit" else "cannot buy: deck empty"
        return (
            f"Seat {event.seat} ({format_labels(event.cards)}, "
            f"{describe(event.cards, limit=event.limit, five_aces=event.five_aces)}) is lowest "
            f"and {why}: out"
        )
    if isinstance(event, WinEvent):
        return (
            f"Seat {event.seat} ({format_labels(event.cards)}) is the last player in and takes "
            f"the pot: {_plural(event.chips, 'chip')}"
        )
    if isinstance(event, SplitEvent):
        words = describe(event.hands[0], limit=event.limit, five_aces=event.five_aces)
        parts = ", ".join(
            f"seat {seat} {share}" for seat, share in zip(event.seats, event.shares, strict=True)
        )
        text = f"Seats {', '.join(str(s) for s in event.seats)} split the pot with {words}: {parts}"
        if event.left:
            verb = "stays" if event.left == 1 else "stay"
            text += f"; {_plural(event.left, 'odd chip')} {verb} in the pot"
        return text
    hand = (*event.hand, *event.received)
    limit, aces = event.limit, event.five_aces
    text = (
        f"Seat {event.seat} ({format_labels(event.hand)}) buys {event.k} for "
        f"{_plural(event.k, 'chip')} and receives {', '.join(c.label for c in event.received)}: "
        f"{describe(hand, limit=limit, five_aces=aces)}; "
    )
    if event.out:
        text += "still lowest: out"
    else:
        other = describe(event.lowest_cards, limit=limit, five_aces=aces)
        plain = strength(hand, limit=limit, five_aces=aces)
        by_suit = (
            " (by suit)"
            if plain == strength(event.lowest_cards, limit=limit, five_aces=aces)
            else ""
        )
        text += f"beats seat {event.lowest}'s {other}{by_suit}, stops"
        missed = event.k - len(event.received)
        if missed:
            text += f" ({_plural(missed, 'card')} not dealt)"
    return f"{text}; pot {event.pot}"


# --------------------------------------------------------------------------------------------
# State


@dataclass(frozen=True)
class Player:
    """One seat: its cards, status, chips put in (ante included) and chips won at the end."""

    seat: int
    cards: tuple[Card, ...]
    status: Status = "in"
    paid: int = 0
    won: int = 0

    @property
    def net(self) -> int:
        """Chips won less chips paid."""
        return self.won - self.paid

    def to_json(self) -> JsonObject:
        """``{"seat", "cards", "status", "paid", "won"}``."""
        return {
            "seat": self.seat,
            "cards": _codes(self.cards),
            "status": self.status,
            "paid": self.paid,
            "won": self.won,
        }


@dataclass(frozen=True)
class StandardState:
    """A moment of a round: players, pot, the deck and what happened so far.

    ``deck`` is the whole deck in dealing order and ``position`` the number of cards dealt;
    ``to_act`` is the seat to act (the lowest hand), ``None`` once the round is over.
    Build the first state with :func:`new_round`.
    """

    options: StandardOptions
    deck: tuple[Card, ...]
    position: int
    players: tuple[Player, ...]
    pot: int
    to_act: int | None
    events: tuple[Event, ...]

    # -- reading the state ------------------------------------------------------------------

    def player(self, seat: int) -> Player:
        """The player in ``seat`` (1 to N)."""
        if not 1 <= seat <= len(self.players):
            raise MoveError(f"no seat {seat}: seats are 1 to {len(self.players)}")
        return self.players[seat - 1]

    @property
    def ended(self) -> bool:
        """Whether the round is over (nobody is to act)."""
        return self.to_act is None

    @property
    def seats_in(self) -> tuple[int, ...]:
        """Seats still in the round."""
        return tuple(p.seat for p in self.players if p.status == "in")

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats that won (empty while the round goes on)."""
        return tuple(p.seat for p in self.players if p.status == "won")

    @property
    def deck_left(self) -> int:
        """Cards not yet dealt."""
        return len(self.deck) - self.position

    @property
    def remaining(self) -> tuple[Card, ...]:
        """The cards not yet dealt, next card first (unknown to the players)."""
        return self.deck[self.position :]

    @property
    def unseen(self) -> frozenset[Card]:
        """The cards not on the table: what a buyer can be dealt, in unknown order."""
        return frozenset(self.remaining)

    @property
    def max_buy(self) -> int:
        """The most cards the player to act may buy (0 when nobody acts)."""
        if self.to_act is None:
            return 0
        return _max_buy(self.player(self.to_act), self.options.limit, self.deck_left)

    def strength(self, seat: int) -> int:
        """The strength of ``seat``'s hand as compared during play (suits count)."""
        return _strength(self.player(seat).cards, self.options)

    @cached_property
    def lowest(self) -> int | None:
        """The lowest hand still in (suits break ties, then the lower seat), ``None`` if none."""
        seats = self.seats_in
        if not seats:
            return None
        return min(seats, key=lambda s: (self.strength(s), s))

    def legal_actions(self) -> list[Action]:
        """What the player to act may do: fold, or buy 1 to ``max_buy``; nothing once over."""
        if self.to_act is None:
            return []
        return [Fold(), *(Buy(k) for k in range(1, self.max_buy + 1))]

    def describe(self) -> list[str]:
        """The position in words: one line a seat, then the pot and who acts.

        >>> from printplay.games.poker.dealing import poker_deck
        >>> deck = poker_deck(top="Kd Jc 8h 7s 2h 9c 2d 9h Qd 5h 8d 8s")
        >>> print("\\n".join(play_script(StandardOptions(), deck, "buy 3; fold").describe()))
        Seat 1: K♦ (king high), in, paid 1
        Seat 2: J♣ (jack high), in, paid 1
        Seat 3: 8♥ (eight high), folded, paid 1
        Seat 4: 7♠ 2♥ 9♣ (nine-seven-two), in, paid 4
        Pot 7; seat 4 to act, may buy 1 to 2 cards
        """
        limit, aces = self.options.limit, self.options.five_aces_top
        lines = []
        for p in self.players:
            won = f", won {p.won}" if p.won else ""
            words = describe(p.cards, limit=limit, five_aces=aces)
            lines.append(
                f"Seat {p.seat}: {format_labels(p.cards)} ({words}), {p.status}, paid {p.paid}{won}"
            )
        if self.to_act is None:
            left = f"; {_plural(self.pot, 'chip')} left in the pot" if self.pot else ""
            lines.append(f"Round over: {_result(self)}{left}")
        else:
            most = self.max_buy
            span = "1 card" if most == 1 else f"1 to {most} cards"
            lines.append(f"Pot {self.pot}; seat {self.to_act} to act, may buy {span}")
        return lines

    def events_since(self, before: StandardState) -> tuple[Event, ...]:
        """The events that happened after ``before`` (an earlier state of the same round)."""
        return self.events[len(before.events) :]

    def to_json(self) -> JsonObject:
        """The state: ``{"options", "players": [{"seat", "cards", "status", "paid", "won"}],
        "pot", "to_act", "max_buy", "deck_left", "ended", "winners", "events"}``."""
        return {
            "options": self.options.to_json(),
            "players": [p.to_json() for p in self.players],
            "pot": self.pot,
            "to_act": self.to_act,
            "max_buy": self.max_buy,
            "deck_left": self.deck_left,
            "ended": self.ended,
            "winners": list(self.winners),
            "events": [event.to_json() for event in self.events],
        }

    # -- playing ----------------------------------------------------------------------------

    def apply(self, action: Action) -> StandardState:
        """The state after the player to act takes ``action``.

        Raises :class:`~printplay.core.errors.MoveError` when the round is over or the buy is too
        large.
        """
        if self.to_act is None:
            raise MoveError(f"the round is over ({_result(self)}): no more actions")
        seat = self.to_act
        limit = self.options.limit
        players = list(self.players)
        events = list(self.events)
        pot = self.pot
        position = self.position
        me = players[seat - 1]
        if isinstance(action, Fold):
            players[seat - 1] = replace(me, status="folded")
            events.append(FoldEvent(seat, me.cards, pot))
        elif isinstance(action, Buy):
            most = self.max_buy
            if action.k > most:
                raise MoveError(_too_many(seat, action.k, most, me, limit, self.deck_left))
            k = action.k
            pot += k
            others = [p for p in players if p.status == "in" and p.seat != seat]
            bar = min((_strength(p.cards, self.options), p.seat) for p in others)
            cards = me.cards
            received: list[Card] = []
            still_lowest = True
            while still_lowest and len(received) < k:
                card = self.deck[position]
                position += 1
                received.append(card)
                cards = (*cards, card)
                still_lowest = (_strength(cards, self.options), seat) < bar
            status: Status = "out" if still_lowest else "in"
            players[seat - 1] = replace(me, cards=cards, paid=me.paid + k, status=status)
            lowest = seat if still_lowest else min(_ranking(players, self.options))[1]
            events.append(
                BuyEvent(
                    seat=seat,
                    k=k,
                    hand=me.cards,
                    received=tuple(received),
                    stop=BUY_OUT if still_lowest else BUY_STOPPED,
                    lowest=lowest,
                    lowest_cards=players[lowest - 1].cards,
                    pot=pot,
                    limit=limit,
                    five_aces=self.options.five_aces_top,
                )
            )
        else:
            raise MoveError(f"not a Ricochet Poker action: {action!r}")
        return _settle(self.options, self.deck, position, players, pot, events)


def _ranking(players: Sequence[Player], options: StandardOptions) -> list[tuple[int, int]]:
    """``(strength, seat)`` of every player still in; the minimum is the lowest hand."""
    return [(_strength(p.cards, options), p.seat) for p in players if p.status == "in"]


def _strength(cards: Sequence[Card], options: StandardOptions, *, suits: bool = True) -> int:
    """A hand's strength under the options' hand rules (limit, five aces)."""
    return strength(cards, suits=suits, limit=options.limit, five_aces=options.five_aces_top)


def lowest_seat(hands: Sequence[HandLike], options: StandardOptions | None = None) -> int:
    """The seat (1, 2, …) of the lowest of ``hands``, suits breaking ties: the one to act.

    >>> lowest_seat(["Kd", "Jc", "8h", "7s 2h"]), lowest_seat(["Kd", "Kc"])
    (4, 2)
    """
    options = options or StandardOptions()
    limit = options.limit
    cards = [
        read_cards(hand, what=f"seat {seat}'s hand") for seat, hand in enumerate(hands, start=1)
    ]
    for seat, hand in enumerate(cards, start=1):
        if len(hand) > limit:
            raise DealError(f"seat {seat}'s hand has {len(hand)} cards; the limit is {limit}")
    return min((_strength(hand, options), seat) for seat, hand in enumerate(cards, start=1))[1]


def _max_buy(player: Player, limit: int, deck_left: int) -> int:
    return max(0, min(limit - len(player.cards), deck_left))


def _too_many(seat: int, k: int, most: int, me: Player, limit: int, deck_left: int) -> str:
    if most == limit - len(me.cards):
        return f"seat {seat} can buy at most {_plural(most, 'card')} (hand limit {limit}), not {k}"
    return (
        f"seat {seat} can buy at most {_plural(most, 'card')} "
        f"({deck_left} left in the deck), not {k}"
    )


def _result(state: StandardState) -> str:
    winners = state.winners
    if len(winners) == 1:
        return f"seat {winners[0]} won"
    return "seats " + ", ".join(str(s) for s in winners) + " split the pot"


def _settle(
    options: StandardOptions,
    deck: tuple[Card, ...],
    position: int,
    players: list[Player],
    pot: int,
    events: list[Event],
) -> StandardState:
    """Apply the automatic rulings (out at the limit, win, split) and find who acts next."""
    limit = options.limit
    deck_left = len(deck) - position
    to_act: int | None = None
    while True:
        ranked = sorted(_ranking(players, options))
        if len(ranked) == 1:
            seat = ranked[0][1]
            me = players[seat - 1]
            players[seat - 1] = replace(me, status="won", won=me.won + pot)
            events.append(WinEvent(seat, me.cards, pot, limit))
            pot = 0
            break
        hands = [players[s - 1].cards for _, s in ranked]
        if deck_left == 0 or all(len(h) >= limit for h in hands):
            plain = {_strength(h, options, suits=False) for h in hands}
            if len(plain) == 1:
                seats = tuple(sorted(s for _, s in ranked))
                share, odd = divmod(pot, len(seats))
                shares = [share] * len(seats)
                if options.odd_chips_to_seats:
                    for i in range(odd):
                        shares[i] += 1
                    odd = 0
                for seat, chips in zip(seats, shares, strict=True):
                    me = players[seat - 1]
                    players[seat - 1] = replace(me, status="won", won=me.won + chips)
                events.append(
                    SplitEvent(
                        seats,
                        tuple(players[s - 1].cards for s in seats),
                        tuple(shares),
                        odd,
                        limit,
                        options.five_aces_top,
                    )
                )
                pot = odd
                break
        seat = ranked[0][1]
        me = players[seat - 1]
        if len(me.cards) >= limit or deck_left == 0:
            reason = "hand limit" if len(me.cards) >= limit else "deck empty"
            players[seat - 1] = replace(me, status="out")
            events.append(OutEvent(seat, me.cards, reason, limit, options.five_aces_top))
            continue
        to_act = seat
        break
    return StandardState(options, deck, position, tuple(players), pot, to_act, tuple(events))


def new_round(options: StandardOptions, deck: Sequence[Card | str] | str) -> StandardState:
    """The state after the antes and the deal, with the lowest hand to act.

    ``deck`` is in dealing order, top card first (see :func:`round_deck`).  Usually it is the
    whole deck; a shorter stack of distinct cards from the deck is accepted too (the deck
    then runs out sooner), as long as it holds the opening deal.
    """
    cards = tuple(read_cards(deck, what="the deck"))
    allowed = set(options.deck())
    for position, card in enumerate(cards, start=1):
        if card not in allowed:
            hint = missing_card_hint(card, allowed)
            raise DealError(f"deck card {position}: {card.code} is not in this deck{hint}")
    n = options.players
    need = n * options.start_cards
    if len(cards) < need:
        raise DealError(
            f"a {n}-player round deals {need} cards at the start; the deck has {len(cards)}"
        )
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i in range(need):
        hands[i % n].append(cards[i])
    players = [
        Player(seat, tuple(hand), "in", options.ante, 0) for seat, hand in enumerate(hands, start=1)
    ]
    pot = n * options.ante
    events: list[Event] = [AnteEvent(tuple(range(1, n + 1)), options.ante, pot)]
    events += [DealEvent(p.seat, p.cards) for p in players]
    return _settle(options, cards, need, players, pot, events)


def replay(
    options: StandardOptions,
    deck: Sequence[Card | str] | str,
    actions: str | Iterable[str | Action],
) -> list[StandardState]:
    """Every state of a scripted round: the start, then one state after each action.

    Raises :class:`~printplay.core.errors.MoveError` naming the action (``"action 3 (buy 4):
    ..."``) if one does not fit, and if actions are left over once the round has ended.
    """
    moves = parse_actions(actions)
    states = [new_round(options, deck)]
    for number, action in enumerate(moves, start=1):
        state = states[-1]
        if state.ended:
            left = len(moves) - number + 1
            after = f"after action {number - 1}" if number > 1 else "at the deal"
            raise MoveError(
                f"the round ended {after} ({_result(state)}); {_plural(left, 'action')} left over"
            )
        try:
            states.append(state.apply(action))
        except MoveError as error:
            raise MoveError(f"action {number} ({action}): {error}") from None
    return states


def play_script(
    options: StandardOptions,
    deck: Sequence[Card | str] | str,
    actions: str | Iterable[str | Action],
) -> StandardState:
    """Play ``actions`` in turn, each by whoever is to act; the state they lead to.

    Stops when the actions run out (the round may go on) or the round ends; actions left
    over after the end raise :class:`~printplay.core.errors.MoveError` (see :func:`replay`).
    """
    return replay(options, deck, actions)[-1]


def actions_of(state: StandardState) -> list[Action]:
    """The actions taken so far in ``state``'s round, from its events (a replayable script).

    >>> from printplay.games.poker.dealing import poker_deck
    >>> deck = poker_deck(top="Kd Jc 8h 7s 2h 9c 2d 9h Qd 5h 8d 8s")
    >>> "; ".join(str(a) for a in actions_of(play_script(StandardOptions(), deck, "b3; f")))
    'buy 3; fold'
    """
    actions: list[Action] = []
    for event in state.events:
        if isinstance(event, BuyEvent):
            actions.append(Buy(event.k))
        elif isinstance(event, FoldEvent):
            actions.append(Fold())
    return actions
