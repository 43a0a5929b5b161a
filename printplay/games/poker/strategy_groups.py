"""The basic strategy's rows and columns: the player's two-card classes and the standing
hand's strength groups.

The player's two-card hands are grouped into the 169 usual classes (pairs, suited and
offsuit rank pairs: ``AA``, ``AKs``, ``AKo`` … ``32o``: :data:`PLAYER_CLASSES`); the standing
hand into 52 groups of consecutive strengths, each starting at a partial hand (like the
kickout thresholds): no pair by high card (7 to A), pairs 22 to QQ, KK and AA each split at a
queen kicker, two pair by the higher pair, three of a kind by rank, straight, flush, full
house, four of a kind or better (:data:`STANDING_GROUPS`).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from itertools import combinations

from printplay.core.cards import Card, parse_card
from printplay.core.errors import CardError
from printplay.games.poker.completions import card_index, rank_of, read_casino_hand
from printplay.games.poker.hands import HandLike, strength

__all__ = [
    "CLASS_INDEX",
    "ONE_PLAYER_COLUMNS",
    "PLAYER_CLASSES",
    "RANK_LETTERS",
    "STANDING_GROUPS",
    "StandingGroup",
    "class_combos",
    "class_index",
    "group_index",
    "hand_class",
    "standing_group",
]

RANK_LETTERS = "??23456789TJQKA"
"""The letter of each playing rank (2-14), by rank: ``RANK_LETTERS[14] == "A"``."""


def _class_names() -> tuple[str, ...]:
    names = [RANK_LETTERS[r] * 2 for r in range(14, 1, -1)]
    for high in range(14, 2, -1):
        for low in range(high - 1, 1, -1):
            pair = RANK_LETTERS[high] + RANK_LETTERS[low]
            names += [pair + "s", pair + "o"]
    return tuple(names)


PLAYER_CLASSES: tuple[str, ...] = _class_names()
"""The 169 two-card classes: pairs AA…22, then AKs, AKo, AQs … 32o."""

CLASS_INDEX: dict[str, int] = {name: i for i, name in enumerate(PLAYER_CLASSES)}
"""The row (index into :data:`PLAYER_CLASSES`) of each class name."""


def _class_of(a: int, b: int) -> int:
    ra, rb = rank_of(a), rank_of(b)
    if ra == rb:
        return CLASS_INDEX[RANK_LETTERS[ra] * 2]
    high, low = max(ra, rb), min(ra, rb)
    kind = "s" if a // 13 == b // 13 else "o"
    return CLASS_INDEX[RANK_LETTERS[high] + RANK_LETTERS[low] + kind]


_ROW_OF: tuple[int, ...] = tuple(
    _class_of(a, b) if a != b else -1 for a in range(52) for b in range(52)
)
"""Class index by ``52 * a + b`` for card indices ``a != b``."""


def hand_class(cards: HandLike) -> str:
    """The class of a two-card hand: ``"AA"``, ``"KQs"``, ``"T9o"``.

    >>> hand_class("9h Th"), hand_class("2c 2d"), hand_class("Ah 3s")
    ('T9s', '22', 'A3o')
    """
    hand = read_casino_hand(cards, "the two-card hand")
    if len(hand) != 2:
        raise CardError(f"a two-card hand has two cards, not {len(hand)}")
    return PLAYER_CLASSES[_ROW_OF[52 * hand[0].index + hand[1].index]]


def class_combos(name: str) -> list[tuple[int, int]]:
    """Every hand of a class as card-index pairs, in a fixed order."""
    if len(name) == 2:
        rank = RANK_LETTERS.index(name[0])
        return [(card_index(rank, s), card_index(rank, t)) for s, t in combinations(range(4), 2)]
    high, low = RANK_LETTERS.index(name[0]), RANK_LETTERS.index(name[1])
    if name[2] == "s":
        return [(card_index(high, s), card_index(low, s)) for s in range(4)]
    return [(card_index(high, s), card_index(low, t)) for s in range(4) for t in range(4) if s != t]


@dataclass(frozen=True)
class StandingGroup:
    """A group of standing hands: strengths from ``low`` (a partial hand) up to the next."""

    name: str
    label: str
    low: tuple[Card, ...]

    @property
    def low_strength(self) -> int:
        """The lowest strength in the group (-1 for the first group)."""
        return strength(self.low) if self.low else -1


def _groups() -> tuple[StandingGroup, ...]:
    def g(name: str, label: str, low: str) -> StandingGroup:
        return StandingGroup(name, label, tuple(parse_card(c) for c in low.split()))

    out = [g("7 high", "7", "")]
    words = {8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
    letters = RANK_LETTERS
    for rank in range(8, 15):
        # the label uses the letters of the rows and the pair columns (T, not 10)
        out.append(g(f"{words[rank]} high", letters[rank], f"{letters[rank]}c"))
    for rank in range(2, 13):
        pair = letters[rank] * 2
        out.append(g(f"pair {pair}", pair, f"{letters[rank]}c {letters[rank]}d"))
    out.append(g("pair KK, jack kicker or lower", "KK≤J", "Kc Kd"))
    out.append(g("pair KK, queen kicker or higher", "KKQ+", "Kc Kd Qc"))
    out.append(g("pair AA, jack kicker or lower", "AA≤J", "Ac Ad"))
    out.append(g("pair AA, queen kicker or higher", "AAQ+", "Ac Ad Qc"))
    for rank in range(3, 15):
        top = letters[rank] * 2
        out.append(g(f"two pair, {top} up", f"{top}xx", f"{letters[rank]}c {letters[rank]}d 2c 2d"))
    for rank in range(2, 15):
        trips = letters[rank] * 3
        low = f"{letters[rank]}c {letters[rank]}d {letters[rank]}h"
        out.append(g(f"three of a kind, {trips}", trips, low))
    out.append(g("straight", "str", "Ac 2d 3h 4s 5c"))
    out.append(g("flush", "fl", "2c 3c 4c 5c 7c"))
    out.append(g("full house", "fh", "2c 2d 2h 3c 3d"))
    out.append(g("four of a kind or better", "4k+", "2c 2d 2h 2s"))
    return tuple(out)


STANDING_GROUPS: tuple[StandingGroup, ...] = _groups()
"""The 52 groups of standing hands, low to high (the table's columns)."""

_GROUP_LOWS: tuple[int, ...] = tuple(group.low_strength for group in STANDING_GROUPS)

ONE_PLAYER_COLUMNS = 20
"""The groups a one-player dealer can hold without being kicked out (below KKQ)."""


def class_index(first: int, second: int) -> int:
    """The table row (index into :data:`PLAYER_CLASSES`) of two cards given by index."""
    return _ROW_OF[52 * first + second]


def group_index(value: int) -> int:
    """The table column (index into :data:`STANDING_GROUPS`) of a standing hand's strength."""
    return bisect_right(_GROUP_LOWS, value) - 1


def standing_group(hand: HandLike) -> StandingGroup:
    """The group of a five-card standing hand.

    >>> standing_group("Kh Ks Jd 4c 2c").name, standing_group("9h 9s 4d 4c 2c").name
    ('pair KK, jack kicker or lower', 'two pair, 99 up')
    """
    cards = read_casino_hand(hand, "the standing hand")
    if len(cards) != 5:
        raise CardError(f"a standing hand has five cards, not {len(cards)}")
    return STANDING_GROUPS[group_index(strength(cards))]
