"""Casino Ricochet Poker: the house deals and banks (rules/ricochet-poker.md, "The casino game").

One round: 1 to 7 players (seats 1..N) and the dealer each ante 1 chip, so the pot starts at
N + 1.  Players get two cards face up, the dealer five.  If the dealer's hand reaches the
*kickout* threshold for the number of players, she folds (her ante stays in the pot).  Then,
from the lowest two-card hand to the highest, each player acts once: :class:`Fold`, or
:class:`Buy` (pay 1 chip for exactly three more cards).  A five-card hand beaten by another
five-card hand still in is out; when one hand remains it takes the pot.  A player whose
five-card hand is a straight or better is paid a bonus by the house, whether or not the pot is
won.  The engine is the readable source of truth: states are immutable, :meth:`apply`
returns a new state and refuses an action that does not fit with a :class:`MoveError`.

>>> from printplay.games.poker.dealing import poker_deck
>>> options = CasinoOptions(players=1)
>>> deck = poker_deck(top="Kd 9c  8h 8s 5d 3c 2h  Ks Kh 4s")
>>> state = deal_round(options, deck)
>>> state.to_act, state.pot, state.dealer.status
(1, 2, 'in')
>>> end = state.apply(Buy())
>>> end.player(1).cards_text, end.player(1).status, end.player(1).net, end.dealer.status
('Kd 9c Ks Kh 4s', 'won', 1, 'out')
>>> end.to_act is None
True

Rulings (the engine's defaults; the rulebook repeats them):

* **Deal order.**  From the deck in dealing order (:func:`~printplay.games.poker.dealing.
  poker_deck`, top card first): one card to each of seats 1..N, a second card to each of
  seats 1..N, then the dealer's five cards.  The cards a player buys (and free cards) are the
  next three cards of the deck at the moment they are dealt.
* **Kickout** is decided with the evaluator, suits ignored, against a *partial hand*: the
  dealer is kicked out when ``compare(dealer, threshold, suits=False) >= 0``, the threshold
  being KKQ (1 player), AAQ (2), TT22 (3), AA22 (4), 222 (5), QQQ (6), A2345 (7).  Because a
  hand with more cards beats the same ranks with fewer, "at least KKQ" means a pair of kings
  with a queen or ace kicker, or better (KKQ32 is kicked out, KKJ98 stays); "two pair tens
  up" means two pair whose higher pair is tens or better (TT22 is kicked out, 99 88 K stays);
  "any straight" includes the wheel A2345.
* **Acting order** is fixed after the deal: the two-card hands from lowest to highest, with
  suits breaking ties (``compare(..., suits=True)``), so no two hands are equal.
* **Knocking out.**  Five-card hands are compared with suits ignored; a hand that is lower
  than another five-card hand still in is out at once.  Equal hands both stay in (they split
  at the end if nothing beats them), so the five-card hands still in are always equal.
* **One hand remains.**  After the deal and after every action, if exactly one hand is in
  (the dealer unless kicked out or out, players not folded or out, two-card hands still
  waiting to act counting as in), that hand takes the whole pot and the round ends.  If it is
  a player with two cards (everyone else folded or is out when their turn comes), the player
  wins with two cards and is dealt three more free cards, to see about a bonus.
* **End of the round** otherwise: when every player has acted, the five-card hands still in
  (all equal, suits ignored) split the pot, the dealer included.  **Odd chips**: the pot is
  split into equal whole shares and the chips left over go one each to the tied hands in
  order of suits (``compare(..., suits=True)``, highest first); chips are never broken.
* **The pot in every end state.**  It is always paid out in full, to the hands in at the
  end: (1) all players fold and the dealer is in: the dealer takes it (the house keeps the
  antes); (2) the dealer is kicked out and all players but one fold (or are out): the last
  one takes it, with two cards and free cards if it has not acted yet, or with its five
  cards; (3) with one player and the dealer kicked out, the player wins at once with two
  cards and free cards, never paying for a buy; (4) a player who has bought beats everyone
  still in and everyone after folds: that player takes it.  A pot is never left without a
  hand, because the highest five-card hand in is never knocked out and the last two-card
  hand in wins automatically.
* **Bonuses** are paid by the house, not from the pot, to every player who ends with five
  cards (bought or free) and did not fold, whether the pot was won or not: straight 2, flush
  5, full house 10, four of a kind 25, straight flush 100, royal flush 1000 (antes).  Home
  play (option ``home-cap``) caps every bonus at 10.  The house's net for a round is the
  dealer's pot share less her ante and the bonuses paid, and always equals minus the sum of
  the players' nets.  (Home play also rotates the dealer; that changes who banks, not the
  round, so the engine does not model it.)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal, TypedDict, Unpack

from printplay.core import options as opts
from printplay.core.cards import Card, format_labels, parse_card
from printplay.core.errors import DealError, MoveError, OptionError
from printplay.core.jsontypes import JsonObject, JsonValue
from printplay.games.poker.dealing import read_cards
from printplay.games.poker.hands import category, compare, describe, strength

__all__ = [
    "ANTE",
    "BONUSES",
    "BUY_CARDS",
    "BUY_CHIPS",
    "DEALER",
    "KICKOUT_RULES",
    "MAX_PLAYERS",
    "Action",
    "AntesPaid",
    "BonusPaid",
    "Bought",
    "Buy",
    "CasinoDealer",
    "CasinoEvent",
    "CasinoOptions",
    "CasinoPlayer",
    "CasinoState",
    "Dealt",
    "Fold",
    "Folded",
    "FreeCards",
    "KickoutCheck",
    "KickoutRule",
    "KnockedOut",
    "PotAwarded",
    "action_from_json",
    "bonus_for",
    "deal_round",
    "is_kicked_out",
    "kickout_rule",
    "parse_actions",
    "play_out",
    "play_script",
]

MAX_PLAYERS = 7
"""The casino table seats at most seven players."""

DEALER = 0
"""The seat number that stands for the dealer in events and pot shares."""

HOME_CAP = 10
"""The largest bonus in home play (option ``home-cap``)."""

ANTE = 1
"""What everyone, the dealer included, puts in the pot to start a round (chips)."""

BUY_CHIPS = 1
"""What a buy costs (chips): it brings exactly :data:`BUY_CARDS` cards."""

BUY_CARDS = 3
"""The cards a buy brings, and the free cards a player who wins with two cards is dealt."""

BONUSES: dict[str, int] = {
    "straight": 2,
    "flush": 5,
    "full house": 10,
    "four of a kind": 25,
    "straight flush": 100,
    "royal flush": 1000,
}
"""The bonus the house pays for a five-card hand of each category, in antes."""


@dataclass(frozen=True)
class KickoutRule:
    """The dealer's kickout threshold for one number of players, as a partial hand."""

    players: int
    threshold: tuple[Card, ...]
    short: str
    text: str
    brief: str = ""
    """The threshold in a few words, "or better" understood (for the table card)."""

    @property
    def strength(self) -> int:
        """The threshold's strength (``suits=False``, limit 5): kicked out at or above it."""
        return strength(self.threshold)

    def to_json(self) -> JsonObject:
        """``{"players": 1, "threshold": ["Kc", "Kd", "Qc"], "short": "KKQ", "text": ...}``."""
        return {
            "players": self.players,
            "threshold": [c.code for c in self.threshold],
            "short": self.short,
            "text": self.text,
        }


def _rule(players: int, cards: str, short: str, text: str, brief: str) -> KickoutRule:
    return KickoutRule(players, tuple(parse_card(c) for c in cards.split()), short, text, brief)


KICKOUT_RULES: dict[int, KickoutRule] = {
    1: _rule(1, "Kc Kd Qc", "KKQ", "a pair of kings with a queen or better", "kings and a queen"),
    2: _rule(2, "Ac Ad Qc", "AAQ", "a pair of aces with a queen or better", "aces and a queen"),
    3: _rule(3, "Tc Td 2c 2d", "TTxx", "two pair, tens up, or better", "two pair, tens up"),
    4: _rule(4, "Ac Ad 2c 2d", "AAxx", "two pair, aces up, or better", "two pair, aces up"),
    5: _rule(5, "2c 2d 2h", "trips", "any three of a kind or better", "three of a kind"),
    6: _rule(6, "Qc Qd Qh", "QQQ", "three queens or better", "three queens"),
    7: _rule(7, "Ac 2d 3h 4s 5c", "straight", "any straight or better", "a straight"),
}
"""The kickout threshold by number of players."""


def kickout_rule(players: int) -> KickoutRule:
    """The kickout threshold for ``players`` (1 to 7); :class:`OptionError` otherwise."""
    _check_players(players)
    return KICKOUT_RULES[players]


def is_kicked_out(dealer: Sequence[str | Card] | str, players: int) -> bool:
    """Whether the dealer's five cards reach the kickout threshold for ``players``.

    >>> is_kicked_out("Ks Kh Qd 3c 2s", 1), is_kicked_out("Ks Kh Jd 9c 8s", 1)
    (True, False)
    """
    return compare(dealer, kickout_rule(players).threshold, suits=False) >= 0


def bonus_for(cards: Sequence[str | Card] | str, *, home_cap: bool = False) -> tuple[str, int]:
    """The category of a five-card hand and the bonus it earns (0 below a straight).

    >>> bonus_for("Ah Kh Qh Jh Th"), bonus_for("Ah Kh Qh Jh Th", home_cap=True)
    (('royal flush', 1000), ('royal flush', 10))
    """
    name = category(cards)
    amount = BONUSES.get(name, 0)
    return name, min(amount, HOME_CAP) if home_cap else amount


def _check_players(players: object) -> None:
    if isinstance(players, bool) or not isinstance(players, int):
        raise OptionError(
            f"players must be a whole number from 1 to {MAX_PLAYERS}, not {players!r}"
        )
    if not 1 <= players <= MAX_PLAYERS:
        raise OptionError(f"the casino game seats 1 to {MAX_PLAYERS} players, not {players}")


@dataclass(frozen=True)
class CasinoOptions:
    """The casino game's settings: the number of players and the home-play bonus cap."""

    players: int = opts.setting(
        "players",
        "Players at the table besides the dealer, 1 to 7; sets the dealer's kickout threshold.",
        words="{n} player{s}",
        default=1,
        minimum=1,
        maximum=MAX_PLAYERS,
    )
    home_cap: bool = opts.switch(
        "home-cap",
        "Home play: every bonus is capped at 10 antes.",
        words="home game, bonuses capped at 10",
    )

    def __post_init__(self) -> None:
        opts.validate(self)

    @property
    def kickout(self) -> KickoutRule:
        """The dealer's kickout threshold at this table."""
        return KICKOUT_RULES[self.players]

    @property
    def cards_needed(self) -> int:
        """The most cards a round can deal: 2 per player, 5 for the dealer, 3 per player."""
        return 5 * self.players + 5


# --------------------------------------------------------------------------------------------
# Actions


@dataclass(frozen=True)
class Fold:
    """Give up the round: the ante stays in the pot, no bonus."""

    def to_json(self) -> JsonObject:
        """``{"type": "fold"}``."""
        return {"type": "fold"}

    def describe(self) -> str:
        """The action in words."""
        return "fold"


@dataclass(frozen=True)
class Buy:
    """Pay 1 chip into the pot for exactly three more cards."""

    def to_json(self) -> JsonObject:
        """``{"type": "buy", "cards": 3}``."""
        return {"type": "buy", "cards": 3}

    def describe(self) -> str:
        """The action in words."""
        return "buy three cards"


Action = Fold | Buy
"""A player's action in the casino game."""

_ACTION_WORDS: dict[str, Action] = {"buy": Buy(), "b": Buy(), "fold": Fold(), "f": Fold()}


def action_from_json(data: Mapping[str, JsonValue]) -> Action:
    """Read an action written by ``to_json`` (``{"type": "buy"}`` or ``{"type": "fold"}``)."""
    kind = data.get("type") if isinstance(data, dict) else None
    if kind == "fold":
        return Fold()
    if kind == "buy":
        if data.get("cards", 3) != 3:
            raise MoveError(f"a casino buy is always three cards, not {data.get('cards')!r}")
        return Buy()
    raise MoveError(f"unknown casino action {data!r} (expected type buy or fold)")


def parse_actions(text: str) -> list[Action]:
    """Read actions written as words separated by ``;`` or ``,``: ``"buy; fold, buy"``.

    ``b`` and ``f`` are short for ``buy`` and ``fold``; case and spaces do not matter.

    >>> parse_actions("buy; fold, B")
    [Buy(), Fold(), Buy()]
    >>> parse_actions("buy; bet")
    Traceback (most recent call last):
    ...
    printplay.core.errors.MoveError: unknown action 'bet' (action 2): write buy or fold, ...
    """
    actions: list[Action] = []
    for position, item in enumerate(re.split(r"[;,]", text), start=1):
        word = item.strip().lower()
        if not word:
            continue
        action = _ACTION_WORDS.get(word)
        if action is None:
            raise MoveError(
                f"unknown action {opts.shown(item.strip())} (action {position}): write buy or "
                "fold, separated by ';' or ','"
            )
        actions.append(action)
    return actions


# --------------------------------------------------------------------------------------------
# Events


def _who(seat: int) -> str:
    return "the dealer" if seat == DEALER else f"seat {seat}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class AntesPaid:
    """Everyone antes 1: the players and the dealer."""

    players: int
    pot: int

    def describe_event(self) -> str:
        """The event in words."""
        s = "s" if self.players > 1 else ""
        return f"{self.players} player{s} and the dealer ante 1 each: the pot is {self.pot}"

    def to_json(self) -> JsonObject:
        """``{"type": "antes", "players": N, "pot": N + 1}``."""
        return {"type": "antes", "players": self.players, "pot": self.pot}


@dataclass(frozen=True)
class Dealt:
    """A hand dealt face up: a player's two cards or the dealer's five (seat 0)."""

    seat: int
    cards: tuple[Card, ...]

    def describe_event(self) -> str:
        """The event in words."""
        return (
            f"{_cap(_who(self.seat))} is dealt {format_labels(self.cards)} ({describe(self.cards)})"
        )

    def to_json(self) -> JsonObject:
        """``{"type": "dealt", "seat": 0, "cards": [...]}`` (seat 0 is the dealer)."""
        return {"type": "dealt", "seat": self.seat, "cards": [c.code for c in self.cards]}


@dataclass(frozen=True)
class KickoutCheck:
    """The dealer's hand against the kickout threshold; ``kicked_out`` says which way."""

    kicked_out: bool
    hand: str
    rule: KickoutRule

    def describe_event(self) -> str:
        """The event in words."""
        if self.kicked_out:
            return (
                f"The dealer's {self.hand} reaches the kickout threshold for "
                f"{self.rule.players} player{'s' if self.rule.players > 1 else ''} "
                f"({self.rule.text}): the dealer folds, her ante stays in the pot"
            )
        return (
            f"The dealer's {self.hand} is below the kickout threshold ({self.rule.text}): she plays"
        )

    def to_json(self) -> JsonObject:
        """``{"type": "kickout", "kicked_out": true, "hand": ..., "threshold": "KKQ"}``."""
        return {
            "type": "kickout",
            "kicked_out": self.kicked_out,
            "hand": self.hand,
            "threshold": self.rule.short,
        }


@dataclass(frozen=True)
class Folded:
    """A player folds."""

    seat: int

    def describe_event(self) -> str:
        """The event in words."""
        return f"Seat {self.seat} folds"

    def to_json(self) -> JsonObject:
        """``{"type": "fold", "seat": 2}``."""
        return {"type": "fold", "seat": self.seat}


@dataclass(frozen=True)
class Bought:
    """A player pays 1 and receives three cards."""

    seat: int
    cards: tuple[Card, ...]
    hand: str
    pot: int

    def describe_event(self) -> str:
        """The event in words."""
        cards = format_labels(self.cards)
        return f"Seat {self.seat} pays 1 (pot {self.pot}) and buys {cards}: {self.hand}"

    def to_json(self) -> JsonObject:
        """``{"type": "buy", "seat": 1, "cards": [3 codes], "hand": ..., "pot": 3}``."""
        return {
            "type": "buy",
            "seat": self.seat,
            "cards": [c.code for c in self.cards],
            "hand": self.hand,
            "pot": self.pot,
        }


@dataclass(frozen=True)
class KnockedOut:
    """A five-card hand beaten by a higher five-card hand still in."""

    seat: int
    hand: str
    by: int
    by_hand: str

    def describe_event(self) -> str:
        """The event in words."""
        return (
            f"{_cap(_who(self.seat))} is out: {self.hand} loses to {self.by_hand} ({_who(self.by)})"
        )

    def to_json(self) -> JsonObject:
        """``{"type": "out", "seat": 0, "hand": ..., "by": 1, "by_hand": ...}``."""
        return {
            "type": "out",
            "seat": self.seat,
            "hand": self.hand,
            "by": self.by,
            "by_hand": self.by_hand,
        }


@dataclass(frozen=True)
class FreeCards:
    """Everyone else is out or folded: the player wins with two cards and gets three free."""

    seat: int
    cards: tuple[Card, ...]
    hand: str

    def describe_event(self) -> str:
        """The event in words."""
        return (
            f"Everyone else is out or folded: seat {self.seat} wins with two cards and gets "
            f"three free cards, {format_labels(self.cards)}: {self.hand}"
        )

    def to_json(self) -> JsonObject:
        """``{"type": "free_cards", "seat": 1, "cards": [3 codes], "hand": ...}``."""
        return {
            "type": "free_cards",
            "seat": self.seat,
            "cards": [c.code for c in self.cards],
            "hand": self.hand,
        }


@dataclass(frozen=True)
class PotAwarded:
    """The pot paid out: ``shares`` is ``(seat, chips)`` per winner (seat 0 the dealer)."""

    pot: int
    shares: tuple[tuple[int, int], ...]
    hand: str

    def describe_event(self) -> str:
        """The event in words."""
        if len(self.shares) == 1:
            return f"{_cap(_who(self.shares[0][0]))} takes the pot of {self.pot} with {self.hand}"
        parts = ", ".join(f"{_who(seat)} {chips}" for seat, chips in self.shares)
        odd = self.pot % len(self.shares)
        note = f"; {odd} odd chip{'s' if odd > 1 else ''} by suit" if odd else ""
        return f"Identical hands ({self.hand}) split the pot of {self.pot}: {parts}{note}"

    def to_json(self) -> JsonObject:
        """``{"type": "pot", "pot": 5, "shares": [{"seat": 1, "chips": 3}, ...], "hand": ...}``."""
        return {
            "type": "pot",
            "pot": self.pot,
            "shares": [{"seat": seat, "chips": chips} for seat, chips in self.shares],
            "hand": self.hand,
        }


@dataclass(frozen=True)
class BonusPaid:
    """The house pays a player's bonus (``full`` is the bonus before any home-play cap)."""

    seat: int
    category: str
    amount: int
    full: int

    def describe_event(self) -> str:
        """The event in words."""
        capped = f" (capped from {self.full})" if self.full != self.amount else ""
        return (
            f"The house pays seat {self.seat} a bonus of {self.amount}{capped} "
            f"for a {self.category}"
        )

    def to_json(self) -> JsonObject:
        """``{"type": "bonus", "seat": 1, "category": "flush", "amount": 5, "full": 5}``."""
        return {
            "type": "bonus",
            "seat": self.seat,
            "category": self.category,
            "amount": self.amount,
            "full": self.full,
        }


CasinoEvent = (
    AntesPaid
    | Dealt
    | KickoutCheck
    | Folded
    | Bought
    | KnockedOut
    | FreeCards
    | PotAwarded
    | BonusPaid
)
"""Anything the event log of a round records."""


# --------------------------------------------------------------------------------------------
# State

PlayerStatus = Literal["in", "folded", "out", "won"]
DealerStatus = Literal["in", "kicked out", "out", "won"]


class _PlayerChanges(TypedDict, total=False):
    """What a round changes of a seat (``_Round.set_player``)."""

    cards: tuple[Card, ...]
    status: PlayerStatus
    paid: int
    won: int
    bonus: int


@dataclass(frozen=True)
class CasinoPlayer:
    """One seat: its cards, status (``in``, ``folded``, ``out``, ``won``) and chips.

    ``paid`` is what the player put in the pot (ante, and 1 for a buy), ``won`` its share of
    the pot, ``bonus`` what the house paid it.  A player who wins or splits the pot is
    ``won``; a player still to act, or standing with five cards, is ``in``.
    """

    seat: int
    cards: tuple[Card, ...]
    status: PlayerStatus = "in"
    paid: int = ANTE
    won: int = 0
    bonus: int = 0

    @property
    def net(self) -> int:
        """Chips won this round: pot share plus bonus less what the player paid."""
        return self.won + self.bonus - self.paid

    @property
    def waiting(self) -> bool:
        """Still in with two cards: yet to act."""
        return self.status == "in" and len(self.cards) == 2

    @property
    def cards_text(self) -> str:
        """The cards as codes separated by spaces."""
        return " ".join(c.code for c in self.cards)

    @property
    def hand(self) -> str:
        """The hand in words."""
        return describe(self.cards)

    def to_json(self) -> JsonObject:
        """``{"seat", "cards", "hand", "status", "paid", "won", "bonus", "net"}``."""
        return {
            "seat": self.seat,
            "cards": [c.code for c in self.cards],
            "hand": self.hand,
            "status": self.status,
            "paid": self.paid,
            "won": self.won,
            "bonus": self.bonus,
            "net": self.net,
        }


@dataclass(frozen=True)
class CasinoDealer:
    """The dealer's five cards, status (``in``, ``kicked out``, ``out``, ``won``) and chips."""

    cards: tuple[Card, ...]
    status: DealerStatus = "in"
    paid: int = ANTE
    won: int = 0

    @property
    def hand(self) -> str:
        """The hand in words."""
        return describe(self.cards)

    def to_json(self) -> JsonObject:
        """``{"cards", "hand", "status", "paid", "won"}``."""
        return {
            "cards": [c.code for c in self.cards],
            "hand": self.hand,
            "status": self.status,
            "paid": self.paid,
            "won": self.won,
        }


@dataclass(frozen=True)
class CasinoState:
    """A round of the casino game: seats, dealer, pot, who acts, the rest of the deck, events.

    ``order`` is the acting order (seats from the lowest two-card hand up); ``stock`` the
    undealt cards, next card first; ``to_act`` the seat to act or ``None`` once the round is
    over; ``bonuses`` the total the house has paid in bonuses.  States are immutable:
    :meth:`apply` returns a new one.
    """

    options: CasinoOptions
    players: tuple[CasinoPlayer, ...]
    dealer: CasinoDealer
    pot: int
    order: tuple[int, ...]
    stock: tuple[Card, ...]
    events: tuple[CasinoEvent, ...]
    to_act: int | None = None
    bonuses: int = 0

    @property
    def is_over(self) -> bool:
        """The round has ended and every chip is paid out."""
        return self.to_act is None

    def player(self, seat: int) -> CasinoPlayer:
        """The player in ``seat`` (1..N)."""
        if not 1 <= seat <= len(self.players):
            raise MoveError(f"there is no seat {seat} (seats 1 to {len(self.players)})")
        return self.players[seat - 1]

    def legal_actions(self) -> list[Action]:
        """``[Fold(), Buy()]`` while someone is to act, else ``[]``."""
        return [] if self.is_over else [Fold(), Buy()]

    @property
    def max_buy(self) -> int:
        """The cards the player to act may buy: always three (0 when nobody acts)."""
        return 0 if self.to_act is None else 3

    @property
    def house_net(self) -> int:
        """The house's chips this round: the dealer's pot share less her ante and the bonuses."""
        return self.dealer.won - self.dealer.paid - self.bonuses

    def standing(self) -> list[tuple[int, tuple[Card, ...]]]:
        """The five-card hands still in, as ``(seat, cards)`` (seat 0 the dealer)."""
        hands = [(DEALER, self.dealer.cards)] if self.dealer.status == "in" else []
        hands += [(p.seat, p.cards) for p in self.players if p.status == "in" and len(p.cards) == 5]
        return hands

    def table_cards(self) -> list[Card]:
        """Every card dealt so far, face up on the table (folded hands included)."""
        cards = [c for p in self.players for c in p.cards]
        return cards + list(self.dealer.cards)

    def apply(self, action: Action) -> CasinoState:
        """The state after the player to act takes ``action``; :class:`MoveError` if it can't."""
        if self.to_act is None:
            raise MoveError(
                f"the round is over: no one is to act, so {action.describe()} does not fit"
            )
        if not isinstance(action, Fold | Buy):
            raise MoveError(f"not a casino action: {action!r} (expected Buy() or Fold())")
        work = _Round.thaw(self)
        seat = self.to_act
        if isinstance(action, Fold):
            work.set_player(seat, status="folded")
            work.events.append(Folded(seat))
        else:
            work.buy(seat)
        work.advance()
        return work.freeze()

    def describe(self) -> str:
        """The log of the round so far, one event a line."""
        return "\n".join(event.describe_event() for event in self.events)

    def to_json(self) -> JsonObject:
        """The round as JSON: options, players (each with ``net``), dealer, pot (0 once paid
        out), order, to_act, max_buy, over, kickout, bonuses, house_net, events."""
        return {
            "options": opts.to_json(self.options),
            "players": [p.to_json() for p in self.players],
            "dealer": self.dealer.to_json(),
            "pot": self.pot,
            "order": list(self.order),
            "to_act": self.to_act,
            "max_buy": self.max_buy,
            "over": self.is_over,
            "kickout": self.options.kickout.to_json(),
            "bonuses": self.bonuses,
            "house_net": self.house_net,
            "events": [event.to_json() for event in self.events],
        }


class _Round:
    """A mutable working copy of a state, for building the next one."""

    def __init__(
        self,
        options: CasinoOptions,
        players: list[CasinoPlayer],
        dealer: CasinoDealer,
        pot: int,
        order: tuple[int, ...],
        stock: list[Card],
        events: list[CasinoEvent],
        bonuses: int,
    ) -> None:
        self.options = options
        self.players = players
        self.dealer = dealer
        self.pot = pot
        self.order = order
        self.stock = stock
        self.events = events
        self.bonuses = bonuses
        self.to_act: int | None = None

    @classmethod
    def thaw(cls, state: CasinoState) -> _Round:
        return cls(
            state.options,
            list(state.players),
            state.dealer,
            state.pot,
            state.order,
            list(state.stock),
            list(state.events),
            state.bonuses,
        )

    def freeze(self) -> CasinoState:
        return CasinoState(
            self.options,
            tuple(self.players),
            self.dealer,
            self.pot,
            self.order,
            tuple(self.stock),
            tuple(self.events),
            self.to_act,
            self.bonuses,
        )

    def set_player(self, seat: int, **changes: Unpack[_PlayerChanges]) -> CasinoPlayer:
        self.players[seat - 1] = replace(self.players[seat - 1], **changes)
        return self.players[seat - 1]

    def draw(self, count: int) -> tuple[Card, ...]:
        if len(self.stock) < count:  # impossible with a checked deck
            raise DealError("the deck ran out of cards")
        cards = tuple(self.stock[:count])
        del self.stock[:count]
        return cards

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        return self.dealer.cards if seat == DEALER else self.players[seat - 1].cards

    def buy(self, seat: int) -> None:
        player = self.players[seat - 1]
        self.pot += BUY_CHIPS
        cards = self.draw(BUY_CARDS)
        player = self.set_player(seat, paid=player.paid + BUY_CHIPS, cards=player.cards + cards)
        self.events.append(Bought(seat, cards, player.hand, self.pot))
        fives = [(DEALER, self.dealer.cards)] if self.dealer.status == "in" else []
        fives += [(p.seat, p.cards) for p in self.players if p.status == "in" and len(p.cards) == 5]
        values = {who: strength(cards) for who, cards in fives}
        best = max(values.values())
        top = seat if values[seat] == best else next(w for w, v in values.items() if v == best)
        for who, value in values.items():
            if value < best:
                if who == DEALER:
                    self.dealer = replace(self.dealer, status="out")
                else:
                    self.set_player(who, status="out")
                self.events.append(
                    KnockedOut(who, describe(self.hand_of(who)), top, describe(self.hand_of(top)))
                )

    def advance(self) -> None:
        live = [p for p in self.players if p.status == "in"]
        dealer_in = self.dealer.status == "in"
        if len(live) + dealer_in == 1:
            if dealer_in:
                self.award([DEALER])
            else:
                player = live[0]
                if len(player.cards) == 2:
                    cards = self.draw(BUY_CARDS)
                    player = self.set_player(player.seat, cards=player.cards + cards)
                    self.events.append(FreeCards(player.seat, cards, player.hand))
                self.award([player.seat])
            return
        waiting = [s for s in self.order if self.players[s - 1].waiting]
        if waiting:
            self.to_act = waiting[0]
            return
        self.award(([DEALER] if dealer_in else []) + [p.seat for p in live])

    def award(self, winners: list[int]) -> None:
        """Pay the pot to ``winners`` (equal hands), odd chips by suit; then the bonuses."""
        ranked = sorted(winners, key=lambda w: strength(self.hand_of(w), suits=True), reverse=True)
        share, odd = divmod(self.pot, len(ranked))
        shares = tuple((w, share + (1 if i < odd else 0)) for i, w in enumerate(ranked))
        for who, chips in shares:
            if who == DEALER:
                self.dealer = replace(self.dealer, status="won", won=chips)
            else:
                self.set_player(who, status="won", won=chips)
        self.events.append(PotAwarded(self.pot, shares, describe(self.hand_of(ranked[0]))))
        for player in self.players:
            if player.status != "folded" and len(player.cards) == 5:
                name, full = bonus_for(player.cards)
                amount = min(full, HOME_CAP) if self.options.home_cap else full
                if amount:
                    self.set_player(player.seat, bonus=amount)
                    self.bonuses += amount
                    self.events.append(BonusPaid(player.seat, name, amount, full))
        self.pot = 0
        self.to_act = None


def _read_deck(deck: str | Sequence[str | Card], options: CasinoOptions) -> list[Card]:
    cards = read_cards(deck, what="the deck")
    joker = next((c for c in cards if c.is_joker), None)
    if joker is not None:
        raise DealError(f"the casino game uses no jokers, but the deck holds {joker.code}")
    if len(cards) < options.cards_needed:
        raise DealError(
            f"the deck has {len(cards)} cards; {options.players} player"
            f"{'s' if options.players > 1 else ''} may need {options.cards_needed}"
        )
    return cards


def deal_round(options: CasinoOptions, deck: str | Sequence[str | Card]) -> CasinoState:
    """Ante, deal and check the kickout: the state where the first player is to act.

    ``deck`` is the deck in dealing order, top card first (usually from
    :func:`~printplay.games.poker.dealing.poker_deck`); it needs at least ``5N + 5`` distinct
    cards and no jokers.  If the round is already decided (one player, dealer kicked out), the
    state returned is over.
    """
    cards = _read_deck(deck, options)
    n = options.players
    pot = (n + 1) * ANTE
    events: list[CasinoEvent] = [AntesPaid(n, pot)]
    players = [CasinoPlayer(s, (cards[s - 1], cards[n + s - 1])) for s in range(1, n + 1)]
    dealer_cards = tuple(cards[2 * n : 2 * n + 5])
    events += [Dealt(p.seat, p.cards) for p in players]
    events.append(Dealt(DEALER, dealer_cards))
    kicked = is_kicked_out(dealer_cards, n)
    events.append(KickoutCheck(kicked, describe(dealer_cards), options.kickout))
    dealer = CasinoDealer(dealer_cards, "kicked out" if kicked else "in")
    order = tuple(p.seat for p in sorted(players, key=lambda p: strength(p.cards, suits=True)))
    work = _Round(options, players, dealer, pot, order, cards[2 * n + 5 :], events, 0)
    work.advance()
    return work.freeze()


def play_out(state: CasinoState, choose: Callable[[CasinoState], Action]) -> CasinoState:
    """Play the round to its end, asking ``choose(state)`` for each action."""
    while not state.is_over:
        state = state.apply(choose(state))
    return state


def play_script(
    options: CasinoOptions,
    deck: str | Sequence[str | Card],
    actions: str | Sequence[Action],
) -> CasinoState:
    """Deal a round and apply ``actions`` in turn to whoever is to act.

    Stops when the actions run out (the state may still wait for an action) or the round
    ends; actions left over after the end are a :class:`MoveError`.  ``actions`` may be text
    for :func:`parse_actions`.

    >>> from printplay.games.poker.dealing import poker_deck
    >>> end = play_script(CasinoOptions(players=2), poker_deck(seed=3), "fold; fold; buy")
    Traceback (most recent call last):
    ...
    printplay.core.errors.MoveError: the round is over after 2 actions; 1 action left over: buy
    """
    steps = parse_actions(actions) if isinstance(actions, str) else list(actions)
    state = deal_round(options, deck)
    for done, action in enumerate(steps):
        if state.is_over:
            left = steps[done:]
            words = ", ".join(a.describe().split()[0] for a in left)
            raise MoveError(
                f"the round is over after {done} action{'s' if done != 1 else ''}; "
                f"{len(left)} action{'s' if len(left) != 1 else ''} left over: {words}"
            )
        state = state.apply(action)
    return state
