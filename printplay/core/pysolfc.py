"""PySolFC's numbered deals: its deck, its two generators and where one gives way to the other.

PySolFC, the open-source solitaire collection, names a deal by its game number: game #617
of its Three Peaks is the same cards for everyone.  This module makes PySolFC's talon for
game number N, card for card, as its source does it (``pysollib/pysolrandom.py``,
``Game.createCards`` and ``Game.shuffle`` in ``pysollib/game/__init__.py``); the random
generators themselves are the ``pysol-cards`` package's, the very ones PySolFC uses.

1. **The deck**: clubs A–K, spades A–K, hearts A–K, diamonds A–K (PySolFC's suit order).
2. **The generator**: a game number below :data:`MT_FROM` (32000) is dealt by the
   Microsoft-compatible linear congruential generator (``LCRandom31``), after the deck is
   rearranged into Microsoft's order (A♣ A♦ A♥ A♠ 2♣ …, ``ms_rearrange``); from 32000 on,
   by the Mersenne Twister (``MTRandom``) on the deck as it is.  This is where PySolFC's app
   draws the line (``construct_random``: ``0 <= seed < 32000``); the package's own
   ``pysol_cards.random.shuffle`` helper draws it one number later (``game_num <= 32000``),
   so game 32000 is the one where the two disagree.
3. **The shuffle**: Fisher–Yates from the last position down, ``j = randint(0, i)``.
4. **The talon** is the shuffled list, its top card last; a game deals from the top, so
   the cards leave the talon in the reverse order (:func:`dealing_order`).

docs/deals.md says how each game's deal maps onto printplay's layout order.

>>> " ".join(card.code.upper() for card in dealing_order(1)[:8])  # FreeCell #1, first row
'JD 2D 9H JC 5D 7H 7C 5H'
>>> generator(31999), generator(32000)
('ms', 'mt')
"""

from __future__ import annotations

from typing import Literal

from printplay.core.cards import Card, Rank, Suit
from printplay.core.deal import Deal
from printplay.core.errors import DealError

NUMBERING = "pysolfc"
"""The name of PySolFC's numbering, as ``--numbering`` and JSON write it."""

FIRST_GAME = 1
"""The lowest game number: PySolFC refuses 0 (``LCRandom31`` takes no seed 0)."""

LAST_GAME = 10**20
"""The highest game number: ``MTRandom.MAX_SEED`` of PySolFC's generators ("20 digits"),
checked inclusively where PySolFC checks a seed (``0 <= seed <= MAX_SEED``).  Numbers
PySolFC picks for a new game lie below it."""

MT_FROM = 32000
"""The first game number dealt by the Mersenne Twister; lower numbers use the
Microsoft-compatible generator (``construct_random``: ``if 0 <= seed < 32000``)."""

SUIT_ORDER = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
"""PySolFC's suits in the order it builds a deck (``pysollib/util.py``: ``SUITS``)."""

Generator = Literal["ms", "mt"]
"""PySolFC's two generators: ``"ms"`` (Microsoft-compatible LCG), ``"mt"`` (Mersenne
Twister)."""


def check_game_number(number: int) -> int:
    """Return ``number`` if it is a PySolFC game number, else raise :class:`DealError`."""
    if not FIRST_GAME <= number <= LAST_GAME:
        raise DealError(
            f"a PySolFC game number is between {FIRST_GAME} and {LAST_GAME} (10^20), not {number}"
        )
    return number


def generator(number: int) -> Generator:
    """Which generator PySolFC deals game ``number`` with: ``"ms"`` below 32000, else
    ``"mt"``."""
    return "ms" if check_game_number(number) < MT_FROM else "mt"


def pysolfc_deck() -> list[Card]:
    """A 52-card deck in the order PySolFC builds it: clubs, spades, hearts, diamonds, each
    Ace to King.

    >>> [card.code for card in pysolfc_deck()[12:15]]
    ['Kc', 'As', '2s']
    """
    return [Card(Rank(rank), suit) for suit in SUIT_ORDER for rank in range(1, 14)]


def talon(number: int) -> list[Card]:
    """PySolFC's talon for game ``number`` once shuffled: bottom card first, top card last.
    (pysol_cards is imported here: a game's engine names this module, a deal numbered
    printplay's way needs none of it.)"""
    from pysol_cards.cards import ms_rearrange
    from pysol_cards.random import LCRandom31, MTRandom

    cards = pysolfc_deck()
    if generator(number) == "ms":
        cards = list(ms_rearrange(cards))
        random = LCRandom31(number)
    else:
        random = MTRandom(number)
    random.shuffle(cards)  # in place: Fisher–Yates from the last position down
    return cards


def dealing_order(number: int) -> list[Card]:
    """The cards of game ``number`` in the order they leave PySolFC's talon, first card
    dealt first (the talon, top card first)."""
    return talon(number)[::-1]


def dealt(number: int) -> Deal:
    """Game ``number`` as a deal in :func:`dealing_order`, named in PySolFC's numbering:
    the layout order of a game that deals its layout, then its waste and stock, from the
    top of the talon, one card a place.

    >>> dealt(617).name
    'PySolFC game #617'
    """
    return Deal(tuple(dealing_order(number)), number, NUMBERING)


__all__ = [
    "FIRST_GAME",
    "LAST_GAME",
    "MT_FROM",
    "NUMBERING",
    "SUIT_ORDER",
    "Generator",
    "check_game_number",
    "dealing_order",
    "dealt",
    "generator",
    "pysolfc_deck",
    "talon",
]
