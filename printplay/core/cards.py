"""Cards: ranks, suits, jokers, parsing and formatting, and the deck.

Card codes follow the JSON contract: a rank from ``A23456789TJQK`` then a suit from ``cdhs``
(``"Th"``, ``"As"``); jokers are ``"X1"`` and ``"X2"``.  Input is forgiving: ``10h``, suit
symbols and any case are read too.

>>> parse_card("10h")
Card.parse('Th')
>>> parse_card("t♥") == parse_card("TH")
True
>>> parse_card("Qs").symbol, parse_card("Qs").label
('Q♠', 'Q♠')
>>> parse_card("Td").label
'10♦'
>>> [c.code for c in parse_cards("As, 2c  x1")]
['As', '2c', 'X1']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

from printplay.core.errors import CardError


class Suit(IntEnum):
    """The four suits, in the order clubs < diamonds < hearts < spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter code: ``c``, ``d``, ``h`` or ``s``."""
        return "cdhs"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ♣ ♦ ♥ ♠."""
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def plural(self) -> str:
        """The English name in the plural: ``"clubs"``."""
        return self.name.lower()


class Rank(IntEnum):
    """Card ranks, Ace = 1 to King = 13; ``JOKER`` = 0 for jokers."""

    JOKER = 0
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        """The one-character code used in card codes: ``A``, ``2`` … ``T``, ``J``, ``Q``, ``K``."""
        return "XA23456789TJQK"[self]

    @property
    def label(self) -> str:
        """The printed index: like :attr:`letter` but ``10`` for the ten."""
        return "10" if self == Rank.TEN else self.letter

    @property
    def word(self) -> str:
        """The English name: ``"ace"``, ``"seven"``, ``"king"``."""
        return self.name.lower()


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card (a rank and a suit) or one of the two jokers.

    Jokers have rank :attr:`Rank.JOKER`, no suit and ``joker`` set to 1 or 2.
    """

    rank: Rank
    suit: Suit | None = None
    joker: int = 0

    def __post_init__(self) -> None:
        if self.rank == Rank.JOKER:
            if self.suit is not None or self.joker not in (1, 2):
                raise CardError("a joker has no suit and is numbered 1 or 2")
        elif self.suit is None or self.joker:
            raise CardError("a card other than a joker needs a suit")

    @classmethod
    def make_joker(cls, number: int) -> Card:
        """Joker number 1 or 2."""
        return cls(Rank.JOKER, None, number)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card code; see :func:`parse_card`."""
        return parse_card(text)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with the given :attr:`index`."""
        if 0 <= index < 52:
            return cls(Rank(index % 13 + 1), Suit(index // 13))
        if index in (52, 53):
            return cls.make_joker(index - 51)
        raise CardError(f"no card has index {index}")

    @property
    def is_joker(self) -> bool:
        """True for the jokers."""
        return self.rank == Rank.JOKER

    @property
    def index(self) -> int:
        """A dense number: 0–51 suit by suit (clubs A–K first), 52 and 53 for the jokers."""
        if self.suit is None:
            return 51 + self.joker
        return self.suit * 13 + self.rank - 1

    @property
    def code(self) -> str:
        """The JSON code: ``"Th"``, ``"As"``, ``"X1"``."""
        if self.suit is None:
            return f"X{self.joker}"
        return self.rank.letter + self.suit.letter

    @property
    def symbol(self) -> str:
        """The code with a suit symbol: ``"T♥"``; jokers print as ``"Joker"``."""
        if self.suit is None:
            return "Joker"
        return self.rank.letter + self.suit.symbol

    @property
    def label(self) -> str:
        """The form printed for people: ``"10♥"``, ``"Q♠"``, ``"Joker"``."""
        if self.suit is None:
            return "Joker"
        return self.rank.label + self.suit.symbol

    @property
    def name(self) -> str:
        """In words: ``"seven of clubs"``, ``"joker"``."""
        if self.suit is None:
            return "joker"
        return f"{self.rank.word} of {self.suit.plural}"

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts (jokers count as black)."""
        return self.suit is not None and self.suit.is_red

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"


_SUITS = {
    "c": Suit.CLUBS,
    "d": Suit.DIAMONDS,
    "h": Suit.HEARTS,
    "s": Suit.SPADES,
    "♣": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
}
_RANKS = {r.letter.lower(): r for r in Rank if r != Rank.JOKER} | {"10": Rank.TEN}
_CARD_RE = re.compile(r"^(10|[a2-9tjqk])(.)$")
_JOKER_RE = re.compile(r"^x([12])$")
_SEPARATORS = re.compile(r"[\s,;]+")


def parse_card(text: str) -> Card:
    """Read one card: ``Th``, ``10h``, ``T♥``, ``th``; ``X1``/``X2`` for the jokers.

    >>> parse_card("qS").name
    'queen of spades'
    >>> parse_card("1h")
    Traceback (most recent call last):
    ...
    printplay.core.errors.CardError: unknown card '1h': write a rank (A 2-9 T or 10 J Q K) then ...
    """
    cleaned = text.strip().lower().replace("\ufe0f", "")
    known = _PARSED.get(cleaned)
    if known is not None:
        return known
    card = _parse_cleaned(cleaned, text)
    _PARSED[cleaned] = card  # only codes that read as a card: a few hundred spellings
    return card


_PARSED: dict[str, Card] = {}
"""Card codes read before (lower case), and their cards: a deal file reads each 52 times a
line."""


def _parse_cleaned(cleaned: str, text: str) -> Card:
    """:func:`parse_card` of ``text``, lower-cased and trimmed to ``cleaned``."""
    joker = _JOKER_RE.match(cleaned)
    if joker:
        return Card.make_joker(int(joker.group(1)))
    match = _CARD_RE.match(cleaned)
    if match and match.group(2) in _SUITS:
        return Card(_RANKS[match.group(1)], _SUITS[match.group(2)])
    raise CardError(
        f"unknown card {_shorten(text.strip())!r}: write a rank (A 2-9 T or 10 J Q K) then a suit "
        "(c d h s or ♣ ♦ ♥ ♠); jokers are X1 and X2"
    )


def _shorten(text: str, limit: int = 16) -> str:
    """``text``, cut to ``limit`` characters with an ellipsis (for error messages)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def split_codes(text: str) -> list[str]:
    """The card codes in ``text``, separated by spaces, commas or semicolons.

    >>> split_codes("7h, 3s;6c,Jc  As")
    ['7h', '3s', '6c', 'Jc', 'As']
    """
    return [token for token in _SEPARATORS.split(text) if token]


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Read cards from a string (separated by spaces, commas or semicolons) or a sequence.

    Items of a sequence may be codes or :class:`Card` objects.
    """
    items: Iterable[str | Card]
    items = split_codes(text) if isinstance(text, str) else text
    return [item if isinstance(item, Card) else parse_card(item) for item in items]


def format_cards(cards: Iterable[Card]) -> str:
    """Card codes separated by single spaces, the form ``--deal`` reads."""
    return " ".join(card.code for card in cards)


def format_labels(cards: Iterable[Card]) -> str:
    """Card labels separated by single spaces, as people read them.

    >>> format_labels(parse_cards("Th 9c X1"))
    '10♥ 9♣ Joker'
    """
    return " ".join(card.label for card in cards)


def standard_deck(jokers: int = 0) -> list[Card]:
    """The deck in its canonical order: clubs A–K, diamonds, hearts, spades, then jokers.

    >>> deck = standard_deck(jokers=2)
    >>> len(deck), deck[0].code, deck[13].code, deck[-1].code
    (54, 'Ac', 'Ad', 'X2')
    """
    if jokers not in (0, 1, 2):
        raise CardError(f"a deck has 0, 1 or 2 jokers, not {jokers}")
    return list(_STANDARD_DECK[: 52 + jokers])


_STANDARD_DECK = tuple(Card.from_index(i) for i in range(54))
"""Every card in the canonical order, made once (cards are values)."""
