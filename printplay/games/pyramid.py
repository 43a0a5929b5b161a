"""Pyramid (Pile of Twenty-Eight): options, layout, state, moves and rulings (rules/pyramid.md).

Remove pairs of *available* cards whose values total 13 (A = 1 … K = 13), and kings alone.
Available are the tableau cards no other card covers, the reserve cards (a variant), the
top card of the stock and the top card of the waste.  Turning moves the stock top to the
waste; a redeal turns the waste over into a new stock, for three passes in all.

The engine is the readable source of truth: states are immutable, ``apply`` returns a new
state and refuses illegal moves.  A deal in layout order is the tableau slots (row by row
from the apex), the reserve cards (``reserve`` only), then the stock, top card first.

A solver can build a position from its parts with :func:`start_state` (or
:class:`PyramidState` directly, mid-game) and walk it with :meth:`PyramidState.legal_moves`,
whose order is fixed, and :meth:`PyramidState.apply`; :func:`reshuffled` gives the stock of
a redeal under ``reshuffle``.

>>> from printplay.core.deal import numbered_deal
>>> game = Pyramid()
>>> state = game.initial_state(numbered_deal(game.deck(), 1))
>>> len(state.stock), state.stock[0].code, state.status()
(24, 'Js', 'pass 1 of 3, 24 in the stock, 0 on the waste')
>>> [move.to_json()["from"] for move in state.legal_moves()[:3]]
[['t:23', 't:24'], ['t:23', 'stock'], ['t:26', 't:27']]
>>> move = state.legal_moves()[1]
>>> move.to_json()
{'type': 'pair', 'cards': ['2s', 'Js'], 'from': ['t:23', 'stock']}
>>> after = state.apply(move)
>>> state.describe(move, after)
'Pair 2♠ in row 7 with J♠ on the stock; the stock now shows ...'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import ClassVar, TypeGuard

from printplay.core import options as opts
from printplay.core.cards import Card, Rank, parse_card, standard_deck
from printplay.core.deal import (
    Deal,
    fisher_yates,
    hash_words,
    numbered_deal,
    sha256_digest,
    validate_cards,
)
from printplay.core.errors import DealError, MoveError
from printplay.core.jsontypes import JsonObject, JsonValue
from printplay.core.layout import BoardView, Label, Layout, PileView, Slot, SlotView, link, ordinal
from printplay.core.options import shown
from printplay.core.protocols import SolitaireMove
from printplay.core.pysolfc import dealt
from printplay.games.moves import Draw as Draw

DECK_SIZE = 52
"""Cards in a Pyramid deal under every option."""
TARGET = 13
"""Two cards pair when their values total this; a king (13) is removed alone."""
RESERVE_SIZE = 6
"""Cards in the reserve under the ``reserve`` option."""
ROW_PITCH = 1.1
"""Horizontal distance between neighbouring cards of a row, in card widths."""
ROW_STEP = 0.5
"""Vertical distance between pyramid rows, in card heights (each row overlaps half)."""
GAP = 0.25
"""Space between the pyramid, the reserve row and the piles, in card heights."""
PILE_SPACING = 2.0
"""Distance between the left edges of the stock and the waste, in card widths."""
RESHUFFLE_PREFIX = b"printplay-pyramid-reshuffle-v1"
"""The bytes that open every block of the reshuffle's word stream (docs/deals.md)."""


def value(card: Card) -> int:
    """A card's value: Ace 1, 2–10 face value, Jack 11, Queen 12, King 13.

    >>> value(Card.parse("Qd")), value(Card.parse("Ks"))
    (12, 13)
    """
    return int(card.rank)


def pairs_with(a: Card, b: Card) -> bool:
    """Whether ``a`` and ``b`` make a pair: their values total 13.

    >>> eight, five, king, ace = (Card.parse(code) for code in ("8h", "5c", "Kh", "Ac"))
    >>> pairs_with(eight, five), pairs_with(king, ace)
    (True, False)
    """
    return value(a) + value(b) == TARGET


@dataclass(frozen=True)
class PyramidOptions:
    """The variants of Pyramid; the defaults are the standard game.  Options combine."""

    reserve: bool = opts.switch(
        "reserve",
        "Six more cards dealt face up in a row beside the pyramid, never covered, all "
        "available; the stock shrinks by six.",
        words="a reserve of six cards",
    )
    clear_the_board: bool = opts.switch(
        "clear-the-board",
        "Won once the pyramid alone is cleared: cards left in the stock, waste or reserve "
        "do not matter.",
        words="won when the pyramid is clear",
    )
    small: bool = opts.switch(
        "small",
        "A pyramid of six rows (21 cards); the stock is larger.",
        words="a six-row pyramid",
    )
    one_deal: bool = opts.switch(
        "one-deal",
        "One pass through the stock: no redeal.",
        words="one pass, no redeal",
    )
    waste_off_limits: bool = opts.switch(
        "waste-off-limits",
        "Cards on the waste can never be used (redeals are still allowed).",
        words="the waste off limits",
    )
    reshuffle: bool = opts.switch(
        "reshuffle",
        "Each redeal shuffles the waste into the new stock instead of turning it over (the "
        "shuffle is fixed by the deal, so a deal stays reproducible).",
        words="the waste reshuffled at each redeal",
    )

    def __post_init__(self) -> None:
        opts.validate(self)

    @property
    def rows(self) -> int:
        """Rows of the pyramid: 7, or 6 under ``small``."""
        return 6 if self.small else 7

    @property
    def tableau_size(self) -> int:
        """Cards in the pyramid: 28, or 21 under ``small``."""
        return self.rows * (self.rows + 1) // 2

    @property
    def reserve_size(self) -> int:
        """Cards in the reserve: 6 under ``reserve``, else 0."""
        return RESERVE_SIZE if self.reserve else 0

    @property
    def stock_size(self) -> int:
        """Cards in the stock at the start: what the pyramid and the reserve leave."""
        return DECK_SIZE - self.tableau_size - self.reserve_size

    @property
    def passes(self) -> int:
        """Passes through the stock: 3 (two redeals), or 1 under ``one-deal``."""
        return 1 if self.one_deal else 3


def slot_of(row: int, position: int) -> int:
    """The tableau slot of row ``row``, card ``position`` (both from 0): r(r+1)/2 + c.

    >>> slot_of(0, 0), slot_of(6, 6)
    (0, 27)
    """
    return row * (row + 1) // 2 + position


def row_of(slot: int) -> int:
    """The pyramid row (from 0) of tableau slot ``slot``.

    >>> [row_of(s) for s in (0, 1, 2, 3, 27)]
    [0, 1, 1, 2, 6]
    """
    row = 0
    while slot_of(row + 1, 0) <= slot:
        row += 1
    return row


@cache
def pyramid_layout(rows: int, reserve: int) -> Layout:
    """The layout of a pyramid of ``rows`` rows and a reserve of ``reserve`` cards.

    Tableau slots come first, row by row from the apex (row r, card c is slot
    r(r+1)/2 + c, covered by row r+1 cards c and c+1); the reserve follows as slots
    ``tableau_size`` … in a row under the pyramid.
    """
    size = slot_of(rows, 0)
    width = (rows - 1) * ROW_PITCH + 1
    cells = [(row, c) for row in range(rows) for c in range(row + 1)]
    covered_by: list[tuple[int, ...]] = [
        (slot_of(row + 1, c), slot_of(row + 1, c + 1)) if row + 1 < rows else () for row, c in cells
    ]
    covered_by += [()] * reserve
    covers = link(covered_by)
    slots = [
        Slot(
            index=index,
            name=f"row {row + 1}, {ordinal(c + 1)} card",
            row=row + 1,
            x=(rows - 1 - row) * ROW_PITCH / 2 + c * ROW_PITCH,
            y=row * ROW_STEP,
            covered_by=covered_by[index],
            covers=covers[index],
            dealt_face_up=True,
            position=c + 1,
            groups=("pyramid",),
            label=f"{row + 1}·{c + 1}",
        )
        for index, (row, c) in enumerate(cells)
    ]
    reserve_y = (rows - 1) * ROW_STEP + 1 + GAP
    reserve_left = (width - ((reserve - 1) * ROW_PITCH + 1)) / 2
    slots += [
        Slot(
            index=size + k,
            name=f"reserve, {ordinal(k + 1)} card",
            row=rows + 1,
            x=reserve_left + k * ROW_PITCH,
            y=reserve_y,
            covered_by=(),
            covers=(),
            dealt_face_up=True,
            position=k + 1,
            groups=("reserve",),
            label=f"R{k + 1}",
        )
        for k in range(reserve)
    ]
    labels = [
        Label(f"row {row + 1}", (rows - 1 - row) * ROW_PITCH / 2 - 0.5, row * ROW_STEP + 0.25)
        for row in range(rows)
    ]
    height = (rows - 1) * ROW_STEP + 1
    if reserve:
        labels.append(Label("reserve", reserve_left - 0.6, reserve_y + 0.5))
        height = reserve_y + 1
    return Layout(
        tuple(slots),
        width=width,
        height=height,
        pitch=ROW_PITCH,
        labels=tuple(labels),
        noun="pyramid and reserve" if reserve else "pyramid",
    )


def layout_for(options: PyramidOptions) -> Layout:
    """The layout of a deal under ``options``."""
    return pyramid_layout(options.rows, options.reserve_size)


# Places: where an available card lies.


TABLEAU, RESERVE, STOCK, WASTE = range(4)
"""The kinds of place a card can be taken from, in the order moves list them."""


@dataclass(frozen=True, order=True)
class Place:
    """Where a card of a move lies: a tableau slot, a reserve card, the stock or the waste top.

    ``pile`` is :data:`TABLEAU`, :data:`RESERVE`, :data:`STOCK` or :data:`WASTE`;
    ``index`` the tableau slot or reserve card (0 for the stock and the waste); ``slot``
    the layout slot (``None`` for the stock and the waste).  Places order as moves list
    them: tableau by slot, reserve, stock, waste.  In JSON a place is ``"t:N"``,
    ``"r:N"``, ``"stock"`` or ``"waste"`` (:attr:`code`).
    """

    pile: int
    index: int = 0
    slot: int | None = field(default=None, compare=False)

    @classmethod
    def tableau(cls, slot: int) -> Place:
        """Tableau slot ``slot``."""
        return cls(TABLEAU, slot, slot)

    @classmethod
    def reserve(cls, index: int, tableau_size: int) -> Place:
        """Reserve card ``index`` (from 0) beside a pyramid of ``tableau_size`` cards."""
        return cls(RESERVE, index, tableau_size + index)

    @property
    def code(self) -> str:
        """The place in JSON: ``"t:27"``, ``"r:0"``, ``"stock"`` or ``"waste"``."""
        if self.pile == TABLEAU:
            return f"t:{self.index}"
        if self.pile == RESERVE:
            return f"r:{self.index}"
        return "stock" if self.pile == STOCK else "waste"

    @property
    def name(self) -> str:
        """The place in words: "row 7", "the reserve", "the stock", "the waste"."""
        if self.pile == TABLEAU:
            return f"row {row_of(self.index) + 1}"
        if self.pile == RESERVE:
            return "the reserve"
        return "the stock" if self.pile == STOCK else "the waste"

    def words(self) -> str:
        """Where the card is, as a walkthrough says it: "in row 7", "on the waste"."""
        return f"{'on' if self.pile in (STOCK, WASTE) else 'in'} {self.name}"


STOCK_TOP = Place(STOCK)
"""The top card of the stock."""
WASTE_TOP = Place(WASTE)
"""The top card of the waste."""


def read_place(text: object, options: PyramidOptions) -> Place:
    """Read a place of ``docs/json.md`` (``"t:N"``, ``"r:N"``, ``"stock"``, ``"waste"``),
    checking that the slot or reserve card exists under ``options``; raises ``ValueError``.

    >>> read_place("t:27", PyramidOptions()).slot
    27
    >>> read_place("r:1", PyramidOptions(reserve=True)).slot
    29
    """
    if not isinstance(text, str):
        raise ValueError(
            f"a place is a string like 't:27', 'r:0', 'stock' or 'waste', not {text!r}"
        )
    if text == "stock":
        return STOCK_TOP
    if text == "waste":
        return WASTE_TOP
    kind, colon, number = text.partition(":")
    if colon and kind in ("t", "r") and number.isdecimal() and number.isascii():
        index = int(number)
        if kind == "t":
            if index >= options.tableau_size:
                raise ValueError(
                    f"there is no tableau slot {index} (slots 0–{options.tableau_size - 1})"
                )
            return Place.tableau(index)
        if index >= options.reserve_size:
            have = (
                f"reserve cards 0–{options.reserve_size - 1}"
                if options.reserve_size
                else "no reserve without the reserve option"
            )
            raise ValueError(f"there is no reserve card {index} ({have})")
        return Place.reserve(index, options.tableau_size)
    raise ValueError(f"unknown place {shown(text)} (places: 't:N', 'r:N', 'stock', 'waste')")


# Moves.


@dataclass(frozen=True)
class Pair:
    """Remove two available cards whose values total 13.

    The cards are kept in the order of their places (tableau, reserve, stock, waste), so
    a pair is the same move whichever card is named first.
    """

    cards: tuple[Card, Card]
    places: tuple[Place, Place]

    kind = "pair"
    turns_stock = False

    def __post_init__(self) -> None:
        if self.places[1] < self.places[0]:
            object.__setattr__(self, "cards", (self.cards[1], self.cards[0]))
            object.__setattr__(self, "places", (self.places[1], self.places[0]))

    @property
    def slots(self) -> tuple[int, ...]:
        """The layout slots the cards leave (none for the stock and the waste)."""
        return tuple(place.slot for place in self.places if place.slot is not None)

    def to_json(self) -> JsonObject:
        """The move in the JSON vocabulary of ``docs/json.md``."""
        return {
            "type": "pair",
            "cards": [card.code for card in self.cards],
            "from": [place.code for place in self.places],
        }


@dataclass(frozen=True)
class King:
    """Remove an available king alone."""

    card: Card
    place: Place

    kind = "king"
    turns_stock = False

    @property
    def cards(self) -> tuple[Card, ...]:
        """The king."""
        return (self.card,)

    @property
    def places(self) -> tuple[Place]:
        """Where the king lies, as a one-place tuple (like a pair's :attr:`Pair.places`)."""
        return (self.place,)

    @property
    def slots(self) -> tuple[int, ...]:
        """The layout slot the king leaves (none for the stock and the waste)."""
        return () if self.place.slot is None else (self.place.slot,)

    def to_json(self) -> JsonObject:
        """The move in the JSON vocabulary of ``docs/json.md``."""
        return {"type": "king", "card": self.card.code, "from": self.place.code}


@dataclass(frozen=True)
class Redeal:
    """Turn the waste over (or, under ``reshuffle``, shuffle it) into a new stock.

    ``stock`` is the new stock, top card first, when the move names it (a reshuffling
    redeal always does; a plain one may leave it out, ``None``).
    """

    stock: tuple[Card, ...] | None = None

    kind = "redeal"
    turns_stock = True
    slots: ClassVar[tuple[int, ...]] = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        """The new stock, top first, when the move names it."""
        return self.stock or ()

    def to_json(self) -> JsonObject:
        """The move in the JSON vocabulary of ``docs/json.md``."""
        if self.stock is None:
            return {"type": "redeal"}
        return {"type": "redeal", "stock": [card.code for card in self.stock]}


Move = Pair | King | Draw | Redeal


def move_from_json(data: Mapping[str, JsonValue], options: PyramidOptions | None = None) -> Move:
    """Read a move of ``docs/json.md``: a pair, a king, a draw or a redeal.

    Places are checked against ``options`` (the slots and reserve cards that exist); the
    legality of the move is :meth:`PyramidState.apply`'s business.

    >>> move = move_from_json({"type": "pair", "cards": ["5c", "8h"], "from": ["waste", "t:27"]})
    >>> move.to_json()  # the same move, its cards in place order
    {'type': 'pair', 'cards': ['8h', '5c'], 'from': ['t:27', 'waste']}
    >>> move_from_json({"type": "pair", "cards": ["5c"], "from": ["waste"]})
    Traceback (most recent call last):
    ...
    printplay.core.errors.MoveError: malformed Pyramid move ...: a pair names two cards and two ...
    """
    options = options or PyramidOptions()
    if not isinstance(data, Mapping):
        raise MoveError(f"a Pyramid move is a JSON object, not {shown(data)}")
    kind = data.get("type")
    try:
        if kind == "pair":
            cards, places = data["cards"], data["from"]
            if not (_is_list(cards) and _is_list(places) and len(cards) == len(places) == 2):
                raise ValueError("a pair names two cards and two places")
            a, b = (read_place(place, options) for place in places)
            if a == b:
                raise ValueError(f"both cards are taken from {a.code}")
            return Pair((_card(cards[0]), _card(cards[1])), (a, b))
        if kind == "king":
            return King(_card(data["card"]), read_place(data["from"], options))
        if kind == "draw":
            return Draw(_card(data["card"]))
        if kind == "redeal":
            stock = data.get("stock")
            if stock is None:
                return Redeal()
            if not _is_list(stock):
                raise ValueError("a redeal's stock is a list of card codes")
            order = tuple(_card(code) for code in stock)
            if len(set(order)) != len(order):
                raise ValueError("a redeal's stock names a card twice")
            return Redeal(order)
    except (KeyError, TypeError, ValueError) as error:
        raise MoveError(f"malformed Pyramid move {shown(dict(data))}: {error}") from None
    raise MoveError(
        f"unknown Pyramid move type {shown(kind)} (expected pair, king, draw or redeal)"
    )


def _is_list(value: object) -> TypeGuard[Sequence[object]]:
    return isinstance(value, list | tuple)


def _card(code: object) -> Card:
    if not isinstance(code, str):
        raise ValueError(f"a card is a code like 'Th', not {code!r}")
    return parse_card(code)


# The reshuffle.


def deal_key(cards: Sequence[Card]) -> bytes:
    """The 32 bytes a deal's reshuffles are drawn from: SHA-256 of its card codes in layout
    order joined by single spaces (the deal code is the first 40 bits of it).

    >>> deal_key(standard_deck()).hex()[:10]  # base 32 of its first 40 bits: DU4F-DKUR
    '1d3851aa91'
    """
    return sha256_digest(" ".join(card.code for card in cards).encode("ascii"))


def reshuffle_words(key: bytes, redeal: int) -> Iterator[int]:
    """The word stream of redeal number ``redeal`` (1 or 2) of the deal with ``key``.

    Block ``i`` is SHA-256 of the 30 ASCII bytes ``printplay-pyramid-reshuffle-v1``, the
    32-byte key, ``redeal`` as 8 bytes big-endian and ``i`` as 8 bytes big-endian.
    """
    return hash_words(RESHUFFLE_PREFIX + key + redeal.to_bytes(8, "big"))


def reshuffled(turned: Sequence[Card], key: bytes, redeal: int) -> tuple[Card, ...]:
    """The new stock (top first) of a reshuffling redeal: the waste as a plain redeal would
    turn it over (``turned``, top first), shuffled by Fisher–Yates (as the pp1 shuffle)
    from :func:`reshuffle_words`.  See ``docs/deals.md``."""
    return tuple(fisher_yates(turned, reshuffle_words(key, redeal)))


# The state.


@dataclass(frozen=True)
class PyramidState:
    """A position: pyramid and reserve (``None`` where a card has gone), stock and waste.

    ``stock`` runs from the top card (face up, in play) down; ``waste`` from the bottom
    card to the top.  ``pass_number`` counts passes through the stock from 1.  ``key``
    fixes the reshuffles of the deal (:func:`deal_key`; only ``reshuffle`` uses it).
    """

    options: PyramidOptions
    tableau: tuple[Card | None, ...]
    reserve: tuple[Card | None, ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...] = ()
    pass_number: int = 1
    key: bytes = b""

    @property
    def layout(self) -> Layout:
        """The layout the pyramid and reserve are laid out in."""
        return layout_for(self.options)

    def is_free(self, slot: int) -> bool:
        """Whether tableau ``slot`` holds a card that no card covers."""
        return self.tableau[slot] is not None and all(
            self.tableau[c] is None for c in self.layout.slots[slot].covered_by
        )

    @cached_property
    def available(self) -> tuple[tuple[Place, Card], ...]:
        """The cards in play now, with their places, in place order: free tableau cards,
        reserve cards, the stock top, and the waste top (unless ``waste-off-limits``)."""
        found = [(Place.tableau(slot), card) for slot, card in self.layout.open_cards(self.tableau)]
        size = self.options.tableau_size
        for index, kept in enumerate(self.reserve):
            if kept is not None:
                found.append((Place.reserve(index, size), kept))
        if self.stock:
            found.append((STOCK_TOP, self.stock[0]))
        if self.waste and not self.options.waste_off_limits:
            found.append((WASTE_TOP, self.waste[-1]))
        return tuple(found)

    def card_at(self, place: Place) -> Card | None:
        """The card at ``place`` now (``None`` if it is empty)."""
        if place.pile == TABLEAU:
            return self.tableau[place.index]
        if place.pile == RESERVE:
            return self.reserve[place.index]
        if place.pile == STOCK:
            return self.stock[0] if self.stock else None
        return self.waste[-1] if self.waste else None

    @cached_property
    def removals(self) -> tuple[Pair | King, ...]:
        """The pairs and kings that can be removed now, by the place of their first card."""
        found: list[Pair | King] = []
        cards = self.available
        for i, (place, card) in enumerate(cards):
            if value(card) == TARGET:
                found.append(King(card, place))
                continue
            for other_place, other in cards[i + 1 :]:
                if pairs_with(card, other):
                    found.append(Pair((card, other), (place, other_place)))
        return tuple(found)

    def can_redeal(self) -> bool:
        """Whether the waste may be turned into a new stock: the stock is empty, the waste
        is not, and a pass is left."""
        return not self.stock and bool(self.waste) and self.pass_number < self.options.passes

    def next_stock(self) -> tuple[Card, ...]:
        """The stock a redeal would make now, top first (the waste turned over, or under
        ``reshuffle`` shuffled)."""
        if self.options.reshuffle:
            return reshuffled(self.waste, self.key, self.pass_number)
        return self.waste

    @cached_property
    def moves(self) -> tuple[Move, ...]:
        """Every legal move: removals, then the draw, then the redeal (nothing once won)."""
        if self.is_won:
            return ()
        found: list[Move] = list(self.removals)
        if self.stock:
            found.append(Draw(self.stock[0]))
        elif self.can_redeal():
            found.append(Redeal(self.next_stock() if self.options.reshuffle else None))
        return tuple(found)

    def legal_moves(self) -> list[Move]:
        """Every legal move, in a fixed order: pairs and kings by the place of their first
        card (tableau by slot, reserve, stock, waste), then the draw, then the redeal."""
        return list(self.moves)

    @cached_property
    def is_won(self) -> bool:
        """Every card is removed (under ``clear-the-board``, every pyramid card)."""
        if any(card is not None for card in self.tableau):
            return False
        if self.options.clear_the_board:
            return True
        return not (self.stock or self.waste or any(card is not None for card in self.reserve))

    @property
    def is_over(self) -> bool:
        """Won, or lost: no move is left."""
        return not self.moves

    @property
    def cards_left(self) -> int:
        """Cards a win must still clear: all cards left in play (the pyramid's alone under
        ``clear-the-board``)."""
        pyramid = sum(card is not None for card in self.tableau)
        if self.options.clear_the_board:
            return pyramid
        reserve = sum(card is not None for card in self.reserve)
        return pyramid + reserve + len(self.stock) + len(self.waste)

    @property
    def stock_left(self) -> int:
        """Cards still in the stock."""
        return len(self.stock)

    @property
    def score(self) -> int | None:
        """Pyramid keeps no score (its best line is the shortest)."""
        return None

    @property
    def running_score(self) -> int | None:
        """Pyramid keeps no score."""
        return None

    def status(self) -> str:
        """The pass and the piles, for walkthrough headings."""
        return (
            f"pass {self.pass_number} of {self.options.passes}, {len(self.stock)} in the "
            f"stock, {len(self.waste)} on the waste"
        )

    def rows_cleared(self) -> frozenset[int]:
        """The pyramid rows (from 1) whose cards are all gone."""
        return frozenset(
            row + 1
            for row in range(self.options.rows)
            if all(
                self.tableau[slot] is None for slot in range(slot_of(row, 0), slot_of(row + 1, 0))
            )
        )

    def apply(self, move: SolitaireMove) -> PyramidState:
        """The state after ``move``; raises :class:`MoveError` if it is not legal."""
        if self.is_won:
            raise MoveError("the game is won: no move is left to make")
        if isinstance(move, Pair):
            for place, card in zip(move.places, move.cards, strict=True):
                self._check_available(place, card)
            if move.places[0] == move.places[1]:
                raise MoveError(f"a pair takes two cards, not {move.places[0].code} twice")
            a, b = move.cards
            if not pairs_with(a, b):
                raise MoveError(
                    f"{a.code} and {b.code} do not pair: their values total "
                    f"{value(a) + value(b)}, not {TARGET}"
                )
            return self._without(move.places)
        if isinstance(move, King):
            self._check_available(move.place, move.card)
            if move.card.rank != Rank.KING:
                raise MoveError(f"only a king is removed alone, not {move.card.code}")
            return self._without((move.place,))
        if isinstance(move, Draw):
            if not self.stock:
                raise MoveError(f"cannot turn {move.card.code}: the stock is empty")
            if move.card != self.stock[0]:
                raise MoveError(
                    f"cannot turn {move.card.code}: the top stock card is {self.stock[0].code}"
                )
            return self._replace(stock=self.stock[1:], waste=(*self.waste, self.stock[0]))
        if isinstance(move, Redeal):
            return self._redeal(move)
        raise MoveError(f"not a Pyramid move: {shown(move)}")

    def lost_reason(self) -> str | None:
        """A short proof that this position cannot be won, when the pyramid's shape gives
        one: some cards of one value can pair only with too few cards of the value making
        13 with them, because the others lie over or under them (a card cannot pair with a
        card it covers or that covers it, directly or not).  ``None`` when there is no
        such proof (the position may still be lost).

        >>> from printplay.core.deal import explicit_deal
        >>> game = Pyramid(PyramidOptions(clear_the_board=True))
        >>> codes = "Qc Ac Ad Ah As Qd Qh Qs" + " ".join(
        ...     f" {r}{s}" for r in "23456789TJK" for s in "cdhs")
        >>> state = game.initial_state(explicit_deal(codes, game.deck()))
        >>> print(state.lost_reason())  # doctest: +NORMALIZE_WHITESPACE
        A♣ and A♥ can pair only with Q♦: the other queens lie over or under them, and a
        card pairs only once
        """
        over = _lying_over(self.layout)
        cards: list[tuple[Card, int | None]] = [
            (card, slot) for slot, card in enumerate(self.tableau) if card is not None
        ]
        cards += [(card, None) for card in (*self.reserve, *self.stock, *self.waste) if card]
        clear = self.options.clear_the_board

        def apart(a: tuple[Card, int | None], b: tuple[Card, int | None]) -> bool:
            if a[1] is None or b[1] is None:
                return True
            return b[1] not in over[a[1]] and a[1] not in over[b[1]]

        for low in range(1, (TARGET + 1) // 2):
            lows = [c for c in cards if value(c[0]) == low]
            highs = [c for c in cards if value(c[0]) == TARGET - low]
            for side, other in ((lows, highs), (highs, lows)):
                needed = [c for c in side if c[1] is not None or not clear]
                for size in range(1, len(needed) + 1):
                    for group in itertools.combinations(needed, size):
                        partners = [b for b in other if any(apart(a, b) for a in group)]
                        if len(partners) < len(group):
                            return _stuck_words(group, partners, other)
        return None

    def describe(self, move: SolitaireMove, after: PyramidState) -> str:
        """``move`` in words; see :func:`describe_move`."""
        if not isinstance(move, Pair | King | Draw | Redeal):
            raise MoveError(f"not a Pyramid move: {shown(move)}")
        return describe_move(self, move, after)

    def milestone(self, move: SolitaireMove, after: PyramidState) -> bool:
        """Whether a walkthrough draws the board afresh at ``move``: at a redeal, and when a
        pyramid row is cleared (a move of another game is refused, :class:`MoveError`)."""
        if not isinstance(move, Pair | King | Draw | Redeal):
            raise MoveError(f"not a Pyramid move: {shown(move)}")
        return isinstance(move, Redeal) or bool(after.rows_cleared() - self.rows_cleared())

    def _check_available(self, place: Place, card: Card) -> None:
        if place.pile == TABLEAU and not 0 <= place.index < len(self.tableau):
            raise MoveError(f"there is no tableau slot {place.index}")
        if place.pile == RESERVE and not 0 <= place.index < len(self.reserve):
            raise MoveError(f"there is no reserve card {place.index}")
        there = self.card_at(place)
        if there is None:
            raise MoveError(f"cannot take {card.code} from {place.code}: it is empty")
        if there != card:
            raise MoveError(f"{place.code} holds {there.code}, not {card.code}")
        if place.pile == TABLEAU and not self.is_free(place.index):
            over = [
                self.layout.slots[c].name
                for c in self.layout.slots[place.index].covered_by
                if self.tableau[c] is not None
            ]
            raise MoveError(
                f"{card.code} ({self.layout.slots[place.index].name}) is still covered by "
                f"{' and '.join(over)}: a card is available only when nothing covers it "
                "before the move"
            )
        if place.pile == WASTE and self.options.waste_off_limits:
            raise MoveError(f"cannot use {card.code}: the waste is off limits (waste-off-limits)")

    def _without(self, places: Sequence[Place]) -> PyramidState:
        tableau, reserve = list(self.tableau), list(self.reserve)
        stock, waste = self.stock, self.waste
        for place in places:
            if place.pile == TABLEAU:
                tableau[place.index] = None
            elif place.pile == RESERVE:
                reserve[place.index] = None
            elif place.pile == STOCK:
                stock = stock[1:]
            else:
                waste = waste[:-1]
        return self._replace(tuple(tableau), tuple(reserve), stock, waste)

    def _redeal(self, move: Redeal) -> PyramidState:
        if self.stock:
            raise MoveError(
                f"cannot redeal: {len(self.stock)} card{'s are' if len(self.stock) > 1 else ' is'} "
                "still in the stock"
            )
        if not self.waste:
            raise MoveError(
                "cannot redeal: the waste is empty (an empty stock and an empty waste end the "
                "passes)"
            )
        if self.pass_number >= self.options.passes:
            if self.options.one_deal:
                raise MoveError("cannot redeal: one pass only (one-deal)")
            raise MoveError(
                f"cannot redeal: this is the last pass ({self.pass_number} of "
                f"{self.options.passes})"
            )
        stock = self.next_stock()
        if move.stock is not None and move.stock != stock:
            how = "shuffles the waste into" if self.options.reshuffle else "turns the waste into"
            raise MoveError(
                f"this redeal {how} the stock {' '.join(c.code for c in stock)}, not "
                f"{' '.join(c.code for c in move.stock)}"
            )
        return self._replace(stock=stock, waste=(), pass_number=self.pass_number + 1)

    def _replace(
        self,
        tableau: tuple[Card | None, ...] | None = None,
        reserve: tuple[Card | None, ...] | None = None,
        stock: tuple[Card, ...] | None = None,
        waste: tuple[Card, ...] | None = None,
        pass_number: int | None = None,
    ) -> PyramidState:
        return PyramidState(
            self.options,
            self.tableau if tableau is None else tableau,
            self.reserve if reserve is None else reserve,
            self.stock if stock is None else stock,
            self.waste if waste is None else waste,
            self.pass_number if pass_number is None else pass_number,
            self.key,
        )

    def board(self, badges: Mapping[int, str] | None = None) -> BoardView:
        """The position as a renderer draws it, with optional badges on layout slots; the
        stock and the waste lie under the layout, both with their top card face up."""
        badges = badges or {}
        layout = self.layout
        cards = (*self.tableau, *self.reserve)
        slots = tuple(
            SlotView(slot, cards[slot.index], True, badges.get(slot.index)) for slot in layout.slots
        )
        pile_y = layout.height + GAP
        middle = layout.width / 2
        piles = (
            PileView(
                "stock", tuple(reversed(self.stock)), True, middle - PILE_SPACING / 2 - 0.5, pile_y
            ),
            PileView("waste", self.waste, True, middle + PILE_SPACING / 2 - 0.5, pile_y),
        )
        return BoardView(
            slots, piles, layout.width, pile_y + 1, labels=layout.labels, pitch=layout.pitch
        )

    def to_json(self) -> JsonObject:
        """The position in the JSON layout of ``docs/json.md`` (``null`` for removed cards): the
        stock top card first, the waste bottom card first, and the pass under way."""
        return {
            "tableau": [card.code if card else None for card in self.tableau],
            "reserve": [card.code if card else None for card in self.reserve],
            "stock": [card.code for card in self.stock],
            "waste": [card.code for card in self.waste],
            "pass": self.pass_number,
        }


def start_state(
    options: PyramidOptions,
    tableau: Sequence[Card],
    reserve: Sequence[Card] = (),
    stock: Sequence[Card] = (),
) -> PyramidState:
    """The starting position from its parts: the pyramid by slot, the reserve, the stock
    top first (no check that the cards make a deck; :meth:`Pyramid.initial_state` checks).

    The reshuffles are fixed by the cards in layout order (:func:`deal_key`).
    """
    sizes = (len(tableau), len(reserve))
    if sizes != (options.tableau_size, options.reserve_size):
        raise DealError(
            f"this Pyramid takes {options.tableau_size} pyramid cards and "
            f"{options.reserve_size} reserve cards, not {sizes[0]} and {sizes[1]}"
        )
    return PyramidState(
        options,
        tuple(tableau),
        tuple(reserve),
        tuple(stock),
        key=deal_key((*tableau, *reserve, *stock)),
    )


# Words.


def _lying_over(layout: Layout) -> list[frozenset[int]]:
    """For each tableau slot, the slots that lie over it, directly or not."""
    over: list[frozenset[int]] = []
    for slot in layout.slots:
        found: set[int] = set()
        todo = list(slot.covered_by)
        while todo:
            upper = todo.pop()
            if upper not in found:
                found.add(upper)
                todo.extend(layout.slots[upper].covered_by)
        over.append(frozenset(found))
    return over


def _stuck_words(
    group: Sequence[tuple[Card, int | None]],
    partners: Sequence[tuple[Card, int | None]],
    others: Sequence[tuple[Card, int | None]],
) -> str:
    """``3♥ and 3♣ can pair only with 10♦: the other tens lie over or under them, and a
    card pairs only once``."""
    names = [card.label for card, _ in group]
    who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    them = "it" if len(group) == 1 else "them"
    word = others[0][0].rank.word if others else "partner"
    if not partners:
        if len(others) == 1:
            return f"{who} can pair with no {word}: the only one lies over or under {them}"
        every = {2: "both", 3: "all three", 4: "all four"}.get(len(others), "all")
        return f"{who} can pair with no {word}: {every} lie over or under {them}"
    shown = ", ".join(card.label for card, _ in partners)
    return (
        f"{who} can pair only with {shown}: the other {word}s lie over or under {them}, "
        "and a card pairs only once"
    )


def _names(cards: Sequence[tuple[Card, str]]) -> str:
    items = [f"{card.label} {where}" for card, where in cards]
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def describe_move(before: PyramidState, move: Move, after: PyramidState) -> str:
    """A move in words, with what it did: cards freed, rows cleared, the next pass."""
    options = before.options
    if isinstance(move, Draw):
        text = f"Turn {move.card.label} from the stock onto the waste ({len(after.stock)} left"
        text += f"; {after.stock[0].label} on top)" if after.stock else ")"
        return text
    if isinstance(move, Redeal):
        how = "shuffle the waste into a new stock" if options.reshuffle else "turn the waste over"
        top = after.stock[0].label if after.stock else ""
        return (
            f"Redeal: {how} for pass {after.pass_number} of {options.passes} "
            f"({len(after.stock)} card{'s' if len(after.stock) != 1 else ''}, {top} on top)"
        )
    if isinstance(move, Pair):
        (a, b), (pa, pb) = move.cards, move.places
        text = f"Pair {a.label} {pa.words()} with {b.label} {pb.words()}"
    else:
        text = f"Remove {move.card.label} from {move.place.name}"
    taken = {place.pile for place in move.places}
    was = {place for place, _ in before.available}
    freed = [
        (card, f"in row {row_of(place.index) + 1}")
        for place, card in after.available
        if place.pile == TABLEAU and place not in was
    ]
    if freed:
        text += f"; frees {_names(freed)}"
    if STOCK in taken:
        text += (
            f"; the stock now shows {after.stock[0].label}"
            if after.stock
            else "; the stock is empty"
        )
    if WASTE in taken and after.waste and not options.waste_off_limits:
        text += f"; the waste now shows {after.waste[-1].label}"
    cleared = sorted(after.rows_cleared() - before.rows_cleared())
    if after.is_won:
        text += (
            "; the pyramid is clear: won" if options.clear_the_board else "; every card is out: won"
        )
    elif cleared and len(after.rows_cleared()) == options.rows:
        text += "; the pyramid is clear"
    elif cleared:
        text += "; " + " and ".join(f"row {row}" for row in cleared) + " cleared"
    return text


def pysolfc_deal(options: PyramidOptions, number: int) -> Deal:
    """PySolFC game #``number`` of Pyramid in layout order (the registry's ``pysolfc``
    binding; docs/deals.md).

    PySolFC deals the 28 pyramid places from the top of its talon row by row from the apex,
    left to right (our slot order), then turns the next card onto the waste: that card is
    the top of our stock, so its dealing order is our layout order and its opening position
    is ours after the first turn of the stock.  Its Pyramid has seven rows and no reserve,
    so ``small`` and ``reserve`` are refused; the other options change only the rules.

    >>> pysolfc_deal(PyramidOptions(), 617).codes[28]  # PySolFC's first waste card
    '8s'
    """
    chosen = (("small", options.small), ("reserve", options.reserve))
    unmatched = [name for name, used in chosen if used]
    if unmatched:
        raise DealError(
            "PySolFC's Pyramid has seven rows and no reserve: --numbering pysolfc takes no "
            + " or ".join(unmatched)
            + " option"
        )
    return dealt(number)


class Pyramid:
    """The Pyramid game: its deck, layout and starting position under some options."""

    name = "pyramid"
    title = "Pyramid"
    options_type = PyramidOptions

    def __init__(self, options: PyramidOptions | None = None) -> None:
        self.options = options or PyramidOptions()

    def deck(self) -> list[Card]:
        """The deck in canonical order (52 cards, no jokers)."""
        return standard_deck()

    def numbered_deal(self, seed: int) -> Deal:
        """Deal number ``seed``: the deck shuffled by pp1 (docs/deals.md)."""
        return numbered_deal(self.deck(), seed)

    @property
    def layout(self) -> Layout:
        """The pyramid (and reserve) under these options."""
        return layout_for(self.options)

    def initial_state(self, deal: Deal | Sequence[Card]) -> PyramidState:
        """The starting position of a deal in layout order: the pyramid by slot, the reserve
        (under ``reserve``), then the stock, top card first."""
        cards = tuple(deal.cards if isinstance(deal, Deal) else deal)
        o = self.options
        if len(cards) != DECK_SIZE:
            parts = f"{o.tableau_size} in the pyramid"
            if o.reserve_size:
                parts += f", {o.reserve_size} in the reserve"
            raise DealError(
                f"a Pyramid deal has {DECK_SIZE} cards ({parts}, {o.stock_size} in the stock), "
                f"not {len(cards)}"
            )
        validate_cards(cards, self.deck())
        t, r = o.tableau_size, o.tableau_size + o.reserve_size
        return start_state(o, cards[:t], cards[t:r], cards[r:])

    def deal_json(self, deal: Deal) -> JsonObject:
        """The ``deal --json`` layout: ``tableau`` by slot, ``reserve``, ``stock`` top card
        first, ``waste`` (empty)."""
        data = self.initial_state(deal).to_json()
        del data["pass"]
        return data

    def deal_positions(self) -> list[str]:
        """Where each card of a deal (in layout order) goes, in words."""
        layout = self.layout
        stock = self.options.stock_size
        return (
            [slot.name for slot in layout.slots]
            + ["stock, top card (face up)"]
            + [f"stock, {ordinal(i)} from the top" for i in range(2, stock + 1)]
        )

    def deal_order(self) -> list[int]:
        """Cards are dealt in layout order: the pyramid from the apex down (each row
        overlapping the one before), the reserve, then the stock."""
        return list(range(len(self.deck())))

    def move_kinds(self) -> tuple[str, ...]:
        """Pairs, kings, stock turns and, with more than one pass, redeals."""
        redeal = ("redeal",) if self.options.passes > 1 else ()
        return ("pair", "king", "draw", *redeal)

    def shuffles_in_play(self) -> bool:
        """Whether a redeal shuffles the waste (``reshuffle``, with a redeal to make)."""
        return self.options.reshuffle and self.options.passes > 1

    def rulebook_context(self) -> dict[str, object]:
        """Computed facts for the rulebook: sizes, passes and the pairs that total 13."""
        o = self.options
        pairs = [
            {
                "low": Rank(low).label,
                "high": Rank(TARGET - low).label,
                "values": [low, TARGET - low],
            }
            for low in range(1, (TARGET + 1) // 2)
        ]
        return {
            "rows": o.rows,
            "tableau_size": o.tableau_size,
            "reserve_size": o.reserve_size,
            "stock_size": o.stock_size,
            "deal_size": DECK_SIZE,
            "passes": o.passes,
            "redeals": o.passes - 1,
            "target": TARGET,
            "pairs": pairs,
            "values": [
                {"rank": rank.label, "value": int(rank)} for rank in Rank if rank != Rank.JOKER
            ],
        }

    def move_from_json(self, data: Mapping[str, JsonValue]) -> Move:
        """Read a move of ``docs/json.md``; see :func:`move_from_json`."""
        return move_from_json(data, self.options)


__all__ = [
    "DECK_SIZE",
    "RESERVE_SIZE",
    "STOCK_TOP",
    "TARGET",
    "WASTE_TOP",
    "Draw",
    "King",
    "Move",
    "Pair",
    "Place",
    "Pyramid",
    "PyramidOptions",
    "PyramidState",
    "Redeal",
    "deal_key",
    "describe_move",
    "layout_for",
    "move_from_json",
    "pairs_with",
    "pyramid_layout",
    "pysolfc_deal",
    "read_place",
    "reshuffle_words",
    "reshuffled",
    "row_of",
    "slot_of",
    "start_state",
    "value",
]
