"""Exact buy odds in the standard game of Ricochet Poker.

For the player to act, buying ``k`` cards succeeds (the hand is no longer the lowest) with
some probability, which this module computes exactly, for every allowed ``k``, with the
expected number of cards received (the chips paid are always ``k``).  The cards come
uniformly from the *unseen* cards: the deck minus every card on the table.

How: adding a card always raises a hand, so the hand is still lowest after ``j`` cards only if
it was after each earlier card, and "escaped within ``k`` cards" is the same as "the hand
plus all ``k`` cards is not the lowest".  So only card *sets* matter: if ``L_j`` is the
number of ``j``-card sets that leave the hand lowest (out of ``C(n, j)``, ``n`` unseen cards)
and ``p_j = L_j / C(n, j)``, then

* P(no longer lowest after buying ``k``) = ``1 - p_k``,
* expected cards received = ``p_0 + p_1 + … + p_{k-1}`` (card ``j + 1`` is dealt exactly when
  the hand is still lowest after ``j``).

The sets that leave the hand lowest are closed under taking subsets, so a depth-first search
that only extends sets which still leave the hand lowest visits exactly those sets.  Each
visit compares integer strengths: the opponents' lowest strength is computed once, a hand's
rank value is looked up by its rank multiset (and flush) in a memo, and suits are only
consulted on an exact rank tie.

>>> odds = position_odds({1: "Kd", 2: "Jc", 3: "8h", 4: "7s"}, 4)
>>> [str(b.escape) for b in odds.buys]
['7/12', '121/141', '1041/1081', '3226/3243']
>>> odds.buys[0].chips, odds.buys[0].expected_cards
(1, Fraction(1, 1))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from printplay.core.cards import Card
from printplay.core.errors import DealError, GameError, MoveError
from printplay.core.jsontypes import JsonObject
from printplay.core.options import option_specs
from printplay.games.poker.dealing import missing_card_hint, read_cards
from printplay.games.poker.hands import HandLike, strength
from printplay.games.poker.standard import StandardOptions, StandardState

MAX_SEATS: int = next(
    spec.maximum or 0 for spec in option_specs(StandardOptions) if spec.field == "players"
)
"""The most players the standard game seats (the ``players`` option's maximum)."""

__all__ = [
    "MAX_SEATS",
    "BuyOdds",
    "Odds",
    "chance",
    "escape_counts",
    "position_odds",
    "state_odds",
]


def chance(p: Fraction | float, digits: int = 1) -> str:
    """A probability for print: ``"certain"``, ``"none"``, or a percentage with ``digits``
    decimals that never rounds an uncertain chance to 0% or 100%.

    >>> chance(1), chance(0.9996), chance(0.25), chance(0.0004), chance(0.99996, digits=2)
    ('certain', '>99.9%', '25.0%', '<0.1%', '>99.99%')
    """
    value = float(p)
    if value >= 1:
        return "certain"
    if value <= 0:
        return "none"
    step = 10.0 ** -(digits + 2)
    if value > 1 - step:
        return f">{1 - step:.{digits}%}"
    if value < step:
        return f"<{step:.{digits}%}"
    return f"{value:.{digits}%}"


@dataclass(frozen=True)
class BuyOdds:
    """The odds of buying ``k`` cards: exact probability of escaping and expected cards.

    ``escape`` is the probability that the hand is no longer the lowest once dealing stops;
    ``expected_cards`` the expected number of cards received; the buy costs ``k`` chips.
    """

    k: int
    escape: Fraction
    expected_cards: Fraction

    @property
    def chips(self) -> int:
        """Chips paid: always ``k``."""
        return self.k

    @property
    def out(self) -> Fraction:
        """The probability of receiving all ``k`` and still being lowest (out)."""
        return 1 - self.escape

    @property
    def escape_per_chip(self) -> Fraction:
        """``escape / k``: how much escape each chip buys."""
        return self.escape / self.k

    def to_json(self) -> JsonObject:
        """``{"k", "chips", "escape", "escape_exact", "out", "expected_cards",
        "expected_cards_exact"}``: floats rounded to 6 places, exact values as ``"p/q"``."""
        return {
            "k": self.k,
            "chips": self.chips,
            "escape": round(float(self.escape), 6),
            "escape_exact": str(self.escape),
            "out": round(float(self.out), 6),
            "expected_cards": round(float(self.expected_cards), 6),
            "expected_cards_exact": str(self.expected_cards),
        }


@dataclass(frozen=True)
class Odds:
    """The buy odds of one player: a :class:`BuyOdds` for each ``k`` from 1 to the most computed.

    ``still_lowest[j]`` is the probability that the hand is still the lowest after ``j`` cards
    (``still_lowest[0] == 1``); ``lowest`` is the seat the buyer has to beat (the lowest of
    the others) and ``max_buy`` the most the player may buy (``buys`` may stop earlier when
    fewer were asked for).
    """

    seat: int
    cards: tuple[Card, ...]
    lowest: int
    unseen: int
    max_buy: int
    still_lowest: tuple[Fraction, ...]
    buys: tuple[BuyOdds, ...]

    def buy(self, k: int) -> BuyOdds:
        """The odds of buying ``k``."""
        for item in self.buys:
            if item.k == k:
                return item
        raise MoveError(f"no odds for buying {k}: computed 1 to {len(self.buys)}")

    def to_json(self) -> JsonObject:
        """``{"seat", "cards", "lowest", "unseen", "max_buy", "buys": [BuyOdds...]}``."""
        return {
            "seat": self.seat,
            "cards": [c.code for c in self.cards],
            "lowest": self.lowest,
            "unseen": self.unseen,
            "max_buy": self.max_buy,
            "buys": [b.to_json() for b in self.buys],
        }


def state_odds(state: StandardState, *, max_k: int | None = None) -> Odds:
    """The buy odds of the player to act in a standard-game state (up to ``max_k`` cards).

    The unseen cards are the cards not yet dealt.
    """
    if state.to_act is None:
        raise MoveError("the round is over: nobody is to act")
    hands = {p.seat: p.cards for p in state.players if p.status == "in"}
    return _odds(
        hands,
        state.to_act,
        tuple(state.remaining),
        state.options.limit,
        state.deck_left,
        max_k,
        state.options.five_aces_top,
    )


def position_odds(
    hands: Mapping[int, HandLike] | Sequence[HandLike],
    seat: int,
    unseen: HandLike | None = None,
    options: StandardOptions | None = None,
    *,
    dead: HandLike = (),
    deck_left: int | None = None,
    max_k: int | None = None,
) -> Odds:
    """The buy odds of ``seat`` in a position given as hands on the table.

    ``hands`` are the hands of the players still in, by seat (a sequence means seats 1, 2,
    …); ``seat`` must hold the lowest hand for the odds to describe a real turn, but any seat
    may be asked.  ``unseen`` are the cards that can be dealt; by default the deck of
    ``options`` less the hands and the ``dead`` cards (folded or out hands, still on the
    table).  ``deck_left`` caps the buy (default: every unseen card can be dealt); ``max_k``
    limits the work to buys of at most ``max_k`` cards.
    """
    options = options or StandardOptions()
    items = hands.items() if isinstance(hands, Mapping) else enumerate(hands, start=1)
    table = {s: _read(h, f"seat {s}'s hand") for s, h in items}
    if len(table) < 2:
        raise GameError("a position needs at least two hands still in")
    if len(table) > MAX_SEATS:
        raise GameError(
            f"the standard game seats at most {MAX_SEATS} players; the position has "
            f"{len(table)} hands"
        )
    if seat not in table:
        raise GameError(f"seat {seat} has no hand in the position (seats: {sorted(table)})")
    out_of_play = _read(dead, "the dead cards", empty=True)
    deck = set(options.deck())
    seen: dict[Card, str] = {}
    for s, hand in table.items():
        if len(hand) > options.limit:
            raise DealError(f"seat {s}'s hand has {len(hand)} cards; the limit is {options.limit}")
        for card in hand:
            _place(seen, card, f"seat {s}", deck)
    for card in out_of_play:
        _place(seen, card, "the dead cards", deck)
    if unseen is None:
        pool = tuple(c for c in options.deck() if c not in seen)
    else:
        pool = _read(unseen, "the unseen cards", empty=True)
        for card in pool:
            _in_deck(card, "the unseen cards", deck)
            if card in seen:
                raise DealError(f"{card.code} is unseen and also in {seen[card]}")
    left = len(pool) if deck_left is None else min(deck_left, len(pool))
    return _odds(table, seat, pool, options.limit, left, max_k, options.five_aces_top)


def _read(cards: HandLike, what: str, *, empty: bool = False) -> tuple[Card, ...]:
    items = cards if isinstance(cards, str) else list(cards)
    if empty and not (items.split() if isinstance(items, str) else items):
        return ()
    return tuple(read_cards(items, what=what))


def _in_deck(card: Card, where: str, deck: set[Card]) -> None:
    if card not in deck:
        raise DealError(f"{where}: {card.code} is not in this deck{missing_card_hint(card, deck)}")


def _place(seen: dict[Card, str], card: Card, where: str, deck: set[Card]) -> None:
    _in_deck(card, where, deck)
    if card in seen:
        raise DealError(f"{card.code} is in {seen[card]} and in {where}")
    seen[card] = where


def _odds(
    hands: Mapping[int, Sequence[Card]],
    seat: int,
    pool: Sequence[Card],
    limit: int,
    deck_left: int,
    max_k: int | None,
    five_aces: bool = False,
) -> Odds:
    hand = tuple(hands[seat])
    most = max(0, min(limit - len(hand), deck_left))
    depth = most if max_k is None else max(0, min(max_k, most))
    bar = min(
        (strength(h, suits=True, limit=limit, five_aces=five_aces), s)
        for s, h in hands.items()
        if s != seat
    )
    counts = escape_counts(hand, seat, bar, pool, limit, depth, five_aces=five_aces)
    n = len(pool)
    still = tuple(Fraction(counts[j], comb(n, j)) for j in range(depth + 1))
    buys = []
    expected = Fraction(0)
    for k in range(1, depth + 1):
        expected += still[k - 1]
        buys.append(BuyOdds(k, 1 - still[k], expected))
    return Odds(seat, hand, bar[1], n, most, still, tuple(buys))


_KEY: dict[int, int] = {r: int(5 ** (r - 2)) for r in range(2, 15)}


def _rank_key(card: Card) -> int:
    rank = int(card.rank)
    return _KEY[14 if rank == 1 else rank]


class _Values:
    """Rank values (``strength(..., suits=False)``) of hands, memoised by what decides them.

    Unless one suit and the jokers make five cards (a flush is possible), a hand's rank value
    depends only on its rank multiset and its jokers: the key is three times the sum of
    ``5 ** (rank - 2)`` over its natural cards (Ace 14; at most four cards a rank, so the sum
    is unique) plus the jokers.  Other hands are keyed by the jokers and the rank keys of each
    suit, sorted (the value does not depend on which suit is which).
    """

    def __init__(self, limit: int, five_aces: bool = False) -> None:
        self.limit = limit
        self.five_aces = five_aces
        self.plain: dict[int, int] = {}
        self.general: dict[tuple[int, tuple[int, ...]], int] = {}

    def plain_value(self, key: int, cards: Sequence[Card]) -> int:
        """The value of ``cards`` (no flush possible) with memo key ``key``."""
        value = strength(cards, suits=False, limit=self.limit, five_aces=self.five_aces)
        self.plain[key] = value
        return value

    def general_value(self, cards: Sequence[Card]) -> int:
        """The value of any hand."""
        per_suit = [0, 0, 0, 0]
        jokers = 0
        for card in cards:
            if card.suit is None:
                jokers += 1
            else:
                per_suit[card.suit] += _rank_key(card)
        key = (jokers, tuple(sorted(per_suit)))
        value = self.general.get(key)
        if value is None:
            value = self.general[key] = strength(
                cards, suits=False, limit=self.limit, five_aces=self.five_aces
            )
        return value


_MEMO: dict[tuple[int, bool], _Values] = {}
_MEMO_CAP = 2_000_000
"""Memoised values kept per hand rules (limit, five aces) before the memo is emptied (bounds
the memory, ~200 MB)."""


def escape_counts(
    hand: Sequence[Card],
    seat: int,
    bar: tuple[int, int],
    pool: Sequence[Card],
    limit: int,
    depth: int,
    *,
    five_aces: bool = False,
) -> list[int]:
    """``L_j``, ``j`` = 0 … ``depth``: how many ``j``-card sets of ``pool`` leave the hand lowest.

    The hand in ``seat`` is lowest while ``(strength(hand, suits=True, limit=limit,
    five_aces=five_aces), seat)`` is below ``bar``, the ``(strength, seat)`` of the lowest
    other hand still in.

    >>> from printplay.core.cards import parse_cards
    >>> escape_counts(parse_cards("7s"), 4, (strength("8h", suits=True), 3),
    ...               parse_cards("2c 9c 7d"), 5, 2)
    [1, 1, 0]
    """
    if len(hand) > limit:
        raise DealError(f"a hand holds at most {limit} cards, not {len(hand)}")
    rules = (limit, five_aces)
    values = _MEMO.setdefault(rules, _Values(limit, five_aces))
    if len(values.plain) + len(values.general) > _MEMO_CAP:
        values = _MEMO[rules] = _Values(limit, five_aces)
    plain = values.plain
    plain_value = values.plain_value
    general_value = values.general_value
    bar_rank = bar[0] >> (3 * limit)
    counts = [0] * (depth + 1)
    cards = list(pool)
    n = len(cards)
    keys = [3 * _rank_key(c) if c.suit is not None else 1 for c in cards]
    suits = [-1 if c.suit is None else int(c.suit) for c in cards]
    path = list(hand)
    suit_counts = [0, 0, 0, 0]
    for card in path:
        if card.suit is not None:
            suit_counts[card.suit] += 1

    def tie(candidate: Sequence[Card]) -> bool:
        """Equal rank values: suits decide, then seats."""
        return (strength(candidate, suits=True, limit=limit, five_aces=five_aces), seat) < bar

    def lowest(key: int, special: bool) -> bool:
        if special:
            value = general_value(path)
        else:
            got = plain.get(key)
            value = plain_value(key, path) if got is None else got
        if value == bar_rank:
            return tie(path)
        return value < bar_rank

    def visit(start: int, level: int, key: int, jokers: int, flushy: bool) -> None:
        nxt = level + 1
        deeper = nxt < depth
        found = 0
        append = path.append
        pop = path.pop
        for i in range(start, n):
            s = suits[i]
            new_key = key + keys[i]
            if s < 0:
                new_jokers = jokers + 1
                new_flushy = flushy or max(suit_counts) + new_jokers >= 5
            else:  # the suit's count is raised only for the sets that extend this one
                new_jokers = jokers
                new_flushy = flushy or suit_counts[s] + 1 + jokers >= 5
            if new_flushy:
                append(cards[i])
                low = lowest(new_key, True)
                pop()
            else:
                value = plain.get(new_key)
                if value is None:
                    append(cards[i])
                    value = plain_value(new_key, path)
                    pop()
                if value == bar_rank:
                    append(cards[i])
                    low = tie(path)
                    pop()
                else:
                    low = value < bar_rank
            if low:
                found += 1
                if deeper:
                    append(cards[i])
                    if s >= 0:
                        suit_counts[s] += 1
                    visit(i + 1, nxt, new_key, new_jokers, new_flushy)
                    if s >= 0:
                        suit_counts[s] -= 1
                    pop()
        counts[nxt] += found

    base_jokers = sum(c.suit is None for c in path)
    base_key = 3 * sum(_rank_key(c) for c in path if c.suit is not None) + base_jokers
    base_flushy = max(suit_counts) + base_jokers >= 5
    if not lowest(base_key, base_flushy):
        return counts
    counts[0] = 1
    if depth:
        visit(0, 0, base_key, base_jokers, base_flushy)
    return counts
