"""Casino hands by strength, fast: every three-card completion of two cards, and bonuses.

A five-card rank multiset is keyed by the sum of ``5 ** (rank - 2)`` (Ace 14), and two
tables give the strength (``suits=False``) of every key, for hands of mixed suits and for
flushes (the same scheme as the evaluator's fast path): :func:`completion_strengths` values
the C(45, 3) = 14,190 completions of a casino player's two cards in a few milliseconds.
The bonus of a strength (:func:`bonus_of_strength`) is a sum of steps over the categories'
thresholds (:data:`BONUS_STEPS`).  The exact values (:mod:`~printplay.games.poker.ev`),
the basic-strategy table (:mod:`~printplay.games.poker.strategy_build`) and the house-edge
simulation build on these.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement

from printplay.core.cards import Card
from printplay.core.errors import DealError
from printplay.games.poker.casino import BONUSES, HOME_CAP
from printplay.games.poker.dealing import read_cards
from printplay.games.poker.hands import HandLike, strength, strength5

__all__ = [
    "BONUS_STEPS",
    "FLUSH_STRENGTHS",
    "PLAIN_STRENGTHS",
    "STRAIGHT_MIN",
    "bonus_increments",
    "bonus_of_strength",
    "card_index",
    "completion_strengths",
    "rank_key",
    "rank_of",
    "read_casino_hand",
]


def rank_of(index: int) -> int:
    """The playing rank (2-14) of the card with ``index``."""
    rank = index % 13 + 1
    return 14 if rank == 1 else rank


def card_index(rank: int, suit: int) -> int:
    """The index (:attr:`Card.index`) of the card of playing ``rank`` (2-14) and ``suit``
    (0-3)."""
    return (0 if rank == 14 else rank - 1) + 13 * suit


_KEY: tuple[int, ...] = tuple(5 ** (rank_of(i) - 2) for i in range(52))


def rank_key(ranks: Sequence[int]) -> int:
    """The key of a multiset of playing ranks (2-14) in :data:`PLAIN_STRENGTHS`."""
    return sum(5 ** (r - 2) for r in ranks)


def _build_tables() -> tuple[dict[int, int], dict[int, int]]:
    """Strength (``suits=False``) by rank key, for hands of mixed suits and for flushes."""
    plain: dict[int, int] = {}
    flush: dict[int, int] = {}
    for ranks in combinations_with_replacement(range(2, 15), 5):
        if any(ranks.count(r) > 4 for r in ranks):
            continue
        key = rank_key(ranks)
        # suits 0,1,2,3,0: equal ranks get distinct suits and the hand is never one suit
        cards = [card_index(r, k % 4) for k, r in enumerate(ranks)]
        plain[key] = strength5(*cards)
        if len(set(ranks)) == 5:
            flush[key] = strength5(*(card_index(r, 0) for r in ranks))
    return plain, flush


PLAIN_STRENGTHS, FLUSH_STRENGTHS = _build_tables()
"""Strength (``suits=False``) by rank key (:func:`rank_key`): of a hand of mixed suits, and
of a flush (five distinct ranks)."""


BONUS_STEPS: tuple[tuple[int, str], ...] = (
    (strength("Ac 2d 3h 4s 5c"), "straight"),
    (strength("2c 3c 4c 5c 7c"), "flush"),
    (strength("2c 2d 2h 3c 3d"), "full house"),
    (strength("2c 2d 2h 2s"), "four of a kind"),
    (strength("Ac 2c 3c 4c 5c"), "straight flush"),
    (strength("Tc Jc Qc Kc Ac"), "royal flush"),
)
"""The lowest strength of each bonus category (a partial hand below every hand of it)."""

STRAIGHT_MIN = BONUS_STEPS[0][0]
"""Strengths at or above this are straights or better: they earn a bonus."""


@cache
def bonus_increments(home_cap: bool) -> tuple[tuple[int, int], ...]:
    """(threshold, extra bonus from reaching it): the bonus is the sum over thresholds met
    (``home_cap``: each category's bonus capped at the home cap)."""
    out = []
    previous = 0
    for value, name in BONUS_STEPS:
        amount = min(BONUSES[name], HOME_CAP) if home_cap else BONUSES[name]
        out.append((value, amount - previous))
        previous = amount
    return tuple(out)


def bonus_of_strength(value: int, *, home_cap: bool = False) -> int:
    """The bonus for a five-card hand of strength ``value`` (``suits=False``)."""
    if value < STRAIGHT_MIN:
        return 0
    return sum(step for threshold, step in bonus_increments(home_cap) if value >= threshold)


def completion_strengths(first: int, second: int, unseen: Sequence[int]) -> list[int]:
    """Strengths (``suits=False``) of the two cards plus every 3 of ``unseen``.

    Cards are given by :attr:`Card.index`; ``unseen`` must be sorted ascending (so each suit
    is one block) and hold neither card.  The order is that of ``combinations(unseen, 3)``.
    """
    keys = [_KEY[c] for c in unseen]
    base = _KEY[first] + _KEY[second]
    n = len(unseen)
    plain = PLAIN_STRENGTHS.__getitem__
    flush = FLUSH_STRENGTHS.__getitem__
    suit = first // 13
    lo = hi = n
    if second // 13 == suit:
        lo = next((i for i, c in enumerate(unseen) if c // 13 == suit), n)
        hi = next((i for i, c in enumerate(unseen) if c // 13 > suit), n)
    out: list[int] = []
    for i in range(n - 2):
        key_i = base + keys[i]
        for j in range(i + 1, n - 1):
            key_j = key_i + keys[j]
            if lo <= i and j < hi:  # the two cards and unseen i, j share one suit
                out += map(flush, map(key_j.__add__, keys[j + 1 : hi]))
                out += map(plain, map(key_j.__add__, keys[hi:]))
            else:
                out += map(plain, map(key_j.__add__, keys[j + 1 :]))
    return out


def read_casino_hand(hand: HandLike, what: str) -> list[Card]:
    """The cards of ``hand`` (``what`` names it in messages); none for an empty hand, and
    :class:`~printplay.core.errors.DealError` for a joker (the casino game uses none)."""
    items = hand if isinstance(hand, str) else list(hand)
    if not (items.strip() if isinstance(items, str) else items):
        return []
    cards = read_cards(items, what=what)
    joker = next((c for c in cards if c.is_joker), None)
    if joker is not None:
        raise DealError(f"{what}: the casino game uses no jokers ({joker.code})")
    return cards
