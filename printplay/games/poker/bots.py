"""Strategy bots for the standard game of Ricochet Poker, and rounds played by bots.

A bot is anything with a ``name`` and a ``choose(state) -> action`` method
(:class:`Bot`); it is asked only when it is to act, and must return one of
``state.legal_actions()``.  The registry :data:`BOTS` names the built-in strategies:

* ``cautious`` (:class:`CautiousBot`): buys the fewest cards, at most two, that escape with
  probability at least 3/4; otherwise folds.
* ``odds`` (:class:`OddsBot`): weighs the exact escape odds against the pot (see its
  docstring for the heuristic).
* ``aggressive`` (:class:`AggressiveBot`): always buys the most it may.
* ``steady`` (:class:`SteadyBot`): always buys one card.

>>> from printplay.games.poker.standard import StandardOptions, round_deck
>>> options = StandardOptions(players=3)
>>> final = play_round(options, round_deck(options, seed=7), ["odds", "cautious", "aggressive"])
>>> final.ended, sum(p.paid for p in final.players) == final.pot + sum(p.won for p in final.players)
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol, runtime_checkable

from printplay.core.cards import Card
from printplay.core.errors import GameError, MoveError
from printplay.games.poker.odds import Odds, state_odds
from printplay.games.poker.standard import (
    Action,
    Buy,
    Fold,
    StandardOptions,
    StandardState,
    new_round,
)

__all__ = [
    "BOTS",
    "AggressiveBot",
    "Bot",
    "CautiousBot",
    "OddsBot",
    "SteadyBot",
    "make_bot",
    "net_chips",
    "play_round",
    "play_round_states",
]


@runtime_checkable
class Bot(Protocol):
    """A strategy: ``choose`` returns the action for the player to act in ``state``."""

    @property
    def name(self) -> str:
        """The bot's registry name."""
        ...

    def choose(self, state: StandardState) -> Action:
        """One of ``state.legal_actions()``."""
        ...


@dataclass(frozen=True)
class AggressiveBot:
    """Always buys the most it may (``max_buy``)."""

    name: str = "aggressive"

    def choose(self, state: StandardState) -> Action:
        """Buy ``max_buy``."""
        return Buy(state.max_buy)


@dataclass(frozen=True)
class SteadyBot:
    """Always buys one card: the cheapest try, repeated while it is still lowest."""

    name: str = "steady"

    def choose(self, state: StandardState) -> Action:
        """Buy 1."""
        return Buy(1)


@dataclass(frozen=True)
class CautiousBot:
    """Buys only when it is cheap and likely to work, else folds.

    Buys the fewest cards ``k`` (at most ``most``) whose exact probability of escaping is at
    least ``threshold``; folds when there is none.
    """

    name: str = "cautious"
    threshold: Fraction = Fraction(3, 4)
    most: int = 2

    def choose(self, state: StandardState) -> Action:
        """Buy the cheapest likely escape, or fold."""
        odds = state_odds(state, max_k=self.most)
        for buy in odds.buys:
            if buy.escape >= self.threshold:
                return Buy(buy.k)
        return Fold()


@dataclass(frozen=True)
class OddsBot:
    """Buys the ``k`` with the best expected chips by a one-step estimate, or folds.

    The heuristic: chips already paid are sunk, so folding is worth 0.  Buying ``k`` costs
    ``k`` chips for sure; with the exact probability ``q_k`` (:mod:`~printplay.games.poker.odds`)
    the hand escapes, and a player who escapes is valued at ``weight`` even shares of the pot
    after the buy, ``(pot + k) * weight / n`` with ``n`` the players still in: the lowest hand
    is the one at a disadvantage, so the others hold more than an even share, and the pot
    still grows.  The bot buys the ``k`` maximising ``q_k * (pot + k) * weight / n - k`` if
    that is positive, and folds otherwise (ties go to the smaller ``k``).

    The default ``weight`` 3/2 did best against the other bots and against weights 2, 5/2
    and 3 in ``benchmarks/poker_bots.py`` at 3, 4 and 8 players and about as well as the best
    at 2 and 6 (the margins between weights are within the noise of a few hundred rounds).
    """

    name: str = "odds"
    weight: Fraction = Fraction(3, 2)

    def values(self, state: StandardState, odds: Odds | None = None) -> dict[int, Fraction]:
        """The estimated value of buying each ``k`` (folding is worth 0); ``odds`` are the
        state's buy odds if already computed."""
        odds = odds or state_odds(state)
        players = len(state.seats_in)
        return {
            buy.k: buy.escape * (state.pot + buy.k) * self.weight / players - buy.k
            for buy in odds.buys
        }

    def choose(self, state: StandardState) -> Action:
        """Buy the best ``k`` if it is worth more than folding, else fold."""
        values = self.values(state)
        if not values:
            return Fold()
        best = max(values, key=lambda k: (values[k], -k))
        return Buy(best) if values[best] > 0 else Fold()


BOTS: dict[str, Callable[[], Bot]] = {
    "aggressive": AggressiveBot,
    "cautious": CautiousBot,
    "odds": OddsBot,
    "steady": SteadyBot,
}
"""The built-in bots by name; each constructor takes no arguments."""


def make_bot(name: str | Bot) -> Bot:
    """The bot named ``name`` (case forgiven); a bot object is returned as it is.

    >>> make_bot("Odds").name
    'odds'
    >>> make_bot("bluffer")
    Traceback (most recent call last):
    ...
    printplay.core.errors.GameError: unknown bot 'bluffer' (bots: aggressive, cautious, odds, ...)
    """
    if not isinstance(name, str):
        return name
    key = name.strip().lower()
    if key not in BOTS:
        raise GameError(f"unknown bot {name!r} (bots: {', '.join(sorted(BOTS))})")
    return BOTS[key]()


def _seat_bots(
    options: StandardOptions, bots: str | Bot | Sequence[str | Bot] | Mapping[int, str | Bot]
) -> dict[int, Bot]:
    n = options.players
    if isinstance(bots, str | Bot):
        return dict.fromkeys(range(1, n + 1), make_bot(bots))
    if isinstance(bots, Mapping):
        missing = [s for s in range(1, n + 1) if s not in bots]
        if missing:
            raise GameError(f"no bot for seat {missing[0]} (give one for each of seats 1-{n})")
        return {seat: make_bot(bots[seat]) for seat in range(1, n + 1)}
    chosen = list(bots)
    if len(chosen) != n:
        raise GameError(f"{n} players need {n} bots, got {len(chosen)}")
    return {seat: make_bot(bot) for seat, bot in enumerate(chosen, start=1)}


def play_round_states(
    options: StandardOptions,
    deck: Sequence[Card | str] | str,
    bots: str | Bot | Sequence[str | Bot] | Mapping[int, str | Bot],
) -> list[StandardState]:
    """Every state of a round played by bots, from the deal to the end.

    ``bots`` is one bot (or name) for every seat, a sequence with one per seat in seat order,
    or a mapping from seat to bot.  A bot that answers with an action that does not fit
    raises :class:`~printplay.core.errors.MoveError` naming the bot.
    """
    players = _seat_bots(options, bots)
    states = [new_round(options, deck)]
    while states[-1].to_act is not None:
        state = states[-1]
        seat = state.to_act
        assert seat is not None
        bot = players[seat]
        action = bot.choose(state)
        try:
            states.append(state.apply(action))
        except MoveError as error:
            raise MoveError(f"bot {bot.name} in seat {seat} chose {action}: {error}") from None
    return states


def play_round(
    options: StandardOptions,
    deck: Sequence[Card | str] | str,
    bots: str | Bot | Sequence[str | Bot] | Mapping[int, str | Bot],
) -> StandardState:
    """The final state of a round played by bots (see :func:`play_round_states`).

    Its events tell the whole round; ``actions_of`` in :mod:`.standard` recovers the script.
    """
    return play_round_states(options, deck, bots)[-1]


def net_chips(states: Iterable[StandardState]) -> dict[int, int]:
    """Chips won less chips paid by seat, summed over the final states of several rounds."""
    totals: dict[int, int] = {}
    for state in states:
        for player in state.players:
            totals[player.seat] = totals.get(player.seat, 0) + player.won - player.paid
    return totals
