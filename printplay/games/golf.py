"""Golf: options, layout, state, moves and scoring (rules/golf.md).

Seven columns of five cards, all face up; the bottom card of a column (the one nearest the
player, covering the others) goes onto the waste when it is one rank above or below the
waste's top card.  The stock is turned one card at a time, once.  The engine is the
readable source of truth: states are immutable, ``apply`` returns a new state and refuses
illegal moves.

**Layout order.**  A deal is the 35 tableau slots row by row (slot ``7 * row + column``,
both from 0: row 0 is the top row, dealt first and covered by every row after it; row 4
is the bottom row, free at the start), then the first waste card, then the 16 stock cards,
next card to turn first.  That is the order a player deals the cards, and PySolFC's
(:func:`pysolfc_deal`).

**Rulings** (rules/golf.md, each pinned by a test): no wrap, and nothing goes onto a
King; ``queens-on-kings`` lets a Queen go onto a King; ``wrap`` makes Ace and King
neighbours both ways, and then a King takes an Ace or a Queen (as PySolFC's *Relaxed
Golf* and black-hole-solver's ``--wrap-ranks`` have it).  The stock may be turned at any
time, until the columns are clear.

**Score**, in strokes as in the sport (lower is better): the cards left in the columns, or,
once they are all cleared, minus the cards left in the stock.

>>> from printplay.core.deal import numbered_deal
>>> game = Golf()
>>> state = game.initial_state(numbered_deal(game.deck(), 1))
>>> len(state.stock), state.waste_top.code, state.score
(16, 'Th', 35)
>>> state.legal_moves()
[Play(slot=28, card=Card.parse('Js')), Draw(card=Card.parse('3d'))]
>>> after = state.apply(state.legal_moves()[0])
>>> state.describe(state.legal_moves()[0], after)
'Play J♠ from column 1, 5th card onto 10♥ (34 left in the columns)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from printplay.core import options as opts
from printplay.core.cards import Card, Rank, standard_deck
from printplay.core.deal import Deal, numbered_deal, validate_cards
from printplay.core.errors import DealError, MoveError
from printplay.core.jsontypes import JsonObject, JsonValue
from printplay.core.layout import (
    BoardView,
    Label,
    Layout,
    PileView,
    Slot,
    SlotView,
    link,
    ordinal,
)
from printplay.core.protocols import SolitaireMove
from printplay.core.pysolfc import dealt
from printplay.games.moves import Draw as Draw
from printplay.games.moves import Play as Play
from printplay.games.moves import PlayOrDrawState, own_move, read_play_or_draw

COLUMNS = 7
"""Columns of the tableau."""
DEPTH = 5
"""Cards dealt into each column (the tableau's rows)."""
TABLEAU_SIZE = COLUMNS * DEPTH
"""Cards in the tableau: 35."""
STOCK_SIZE = 52 - TABLEAU_SIZE - 1
"""Cards in the stock after the first waste card is turned: 16."""
PITCH = 1.1
"""Horizontal distance between neighbouring columns, in card widths."""
FAN = 0.3
"""How far each card of a column lies below the one it covers, in card heights (its top
strip, with the index, stays in sight)."""
PILE_Y = (DEPTH - 1) * FAN + 1.3
"""Where diagrams put the stock and the waste, in card heights from the top."""
PILE_X = (2.2, 4.4)
"""The stock and the waste lie under the third and the fifth column."""


@dataclass(frozen=True)
class GolfOptions:
    """The variants of Golf; the defaults are the standard game (no wrap, nothing on a
    King)."""

    wrap: bool = opts.switch(
        "wrap",
        "Ace and King are neighbours: an Ace goes onto a King and a King onto an Ace, so a "
        "King takes an Ace or a Queen.",
        words="ranks wrap round (a King takes an Ace or a Queen)",
    )
    queens_on_kings: bool = opts.switch(
        "queens-on-kings",
        "A Queen may go onto a King (in the standard game nothing goes onto a King).",
        words="a Queen may go onto a King",
    )

    def __post_init__(self) -> None:
        opts.validate(self)

    @property
    def kings_take(self) -> tuple[Rank, ...]:
        """The ranks that may go onto a King: none in the standard game."""
        if self.wrap:
            return (Rank.ACE, Rank.QUEEN)
        return (Rank.QUEEN,) if self.queens_on_kings else ()


def fits(card: Card, top: Card, options: GolfOptions) -> bool:
    """Whether ``card`` may go onto ``top``: one rank apart, the King's ruling aside.

    >>> fits(Card.parse("Qh"), Card.parse("Ks"), GolfOptions())
    False
    >>> fits(Card.parse("Qh"), Card.parse("Ks"), GolfOptions(queens_on_kings=True))
    True
    >>> fits(Card.parse("Ah"), Card.parse("Ks"), GolfOptions(wrap=True))
    True
    >>> fits(Card.parse("Kh"), Card.parse("Qs"), GolfOptions())
    True
    """
    if top.rank == Rank.KING:
        return card.rank in options.kings_take
    gap = abs(card.rank - top.rank)
    return gap == 1 or (options.wrap and gap == 12)


def _build_layout() -> Layout:
    covered_by: list[tuple[int, ...]] = [
        (slot + COLUMNS,) if slot + COLUMNS < TABLEAU_SIZE else () for slot in range(TABLEAU_SIZE)
    ]
    covers = link(covered_by)
    slots = []
    for index in range(TABLEAU_SIZE):
        row, column = divmod(index, COLUMNS)
        slots.append(
            Slot(
                index=index,
                name=f"column {column + 1}, {ordinal(row + 1)} card",
                row=row + 1,
                x=column * PITCH,
                y=row * FAN,
                covered_by=covered_by[index],
                covers=covers[index],
                dealt_face_up=True,
                position=column + 1,
                label=f"{column + 1}·{row + 1}",
            )
        )
    return Layout(
        tuple(slots),
        width=(COLUMNS - 1) * PITCH + 1,
        height=(DEPTH - 1) * FAN + 1,
        pitch=PITCH,
        labels=tuple(Label(f"row {row + 1}", -0.45, row * FAN + FAN / 2) for row in range(DEPTH)),
        noun="tableau",
    )


LAYOUT = _build_layout()
"""The 35-slot Golf tableau: slot ``7 * row + column``; each card is covered by the one
below it in its column."""


def column_of(slot: int) -> int:
    """The column (from 0) of a tableau slot."""
    return slot % COLUMNS


Move = Play | Draw


def move_from_json(data: Mapping[str, JsonValue]) -> Move:
    """Read a move of ``docs/json.md``: a play or a draw (see :mod:`printplay.games.moves`)."""
    return read_play_or_draw(data, "Golf")


@dataclass(frozen=True)
class GolfState(PlayOrDrawState):
    """A position: the tableau by slot (``None`` where a card has gone), waste and stock.

    ``waste`` runs from the bottom card to the top; ``stock`` from the next card to turn.
    """

    options: GolfOptions
    tableau: tuple[Card | None, ...]
    waste: tuple[Card, ...]
    stock: tuple[Card, ...]

    @property
    def layout(self) -> Layout:
        """The layout the tableau is laid out in."""
        return LAYOUT

    @property
    def waste_top(self) -> Card:
        """The card tableau cards are played onto."""
        return self.waste[-1]

    @cached_property
    def heights(self) -> tuple[int, ...]:
        """Cards left in each column (a column loses cards from the bottom only)."""
        return tuple(
            sum(self.tableau[row * COLUMNS + column] is not None for row in range(DEPTH))
            for column in range(COLUMNS)
        )

    def is_exposed(self, slot: int) -> bool:
        """Whether the card in ``slot`` is still there and no card covers it: the bottom
        card of its column."""
        return (
            0 <= slot < TABLEAU_SIZE
            and self.tableau[slot] is not None
            and all(self.tableau[c] is None for c in LAYOUT.slots[slot].covered_by)
        )

    @cached_property
    def plays(self) -> tuple[Play, ...]:
        """The bottom cards that can go onto the waste now, in slot order."""
        top = self.waste_top
        return tuple(
            Play(slot, card)
            for slot, card in LAYOUT.open_cards(self.tableau)
            if fits(card, top, self.options)
        )

    def can_draw(self) -> bool:
        """Whether the stock may be turned now: while it holds a card and the columns are
        not yet clear."""
        return bool(self.stock) and not self.is_won

    @cached_property
    def cards_left(self) -> int:
        """Tableau cards not yet played."""
        return TABLEAU_SIZE - sum(card is None for card in self.tableau)

    @property
    def score(self) -> int:
        """Strokes as the position stands (lower is better): the cards left in the
        columns, or minus the cards left in the stock once the columns are clear."""
        return -len(self.stock) if self.is_won else self.cards_left

    @property
    def running_score(self) -> int:
        """The strokes as they stand: Golf adds nothing at the end (the protocol's name for
        :attr:`score`)."""
        return self.score

    def status(self) -> str:
        """How many cards are left in the stock and the columns, for walkthrough
        headings."""
        return f"{len(self.stock)} left in the stock, {self.cards_left} in the columns"

    def apply(self, move: SolitaireMove) -> GolfState:
        """The state after ``move``; raises :class:`MoveError` if it is not legal."""
        move = own_move(move, "Golf")
        if isinstance(move, Draw):
            if not self.stock or move.card != self.stock[0]:
                raise MoveError(
                    f"cannot draw {move.card.code}: the next stock card is "
                    f"{self.stock[0].code if self.stock else 'none (stock empty)'}"
                )
            if self.is_won:
                raise MoveError("the columns are clear: the game is over")
            return GolfState(self.options, self.tableau, (*self.waste, move.card), self.stock[1:])
        if not (
            self.is_exposed(move.slot)
            and self.tableau[move.slot] == move.card
            and fits(move.card, self.waste_top, self.options)
        ):
            raise MoveError(
                f"cannot play {move.card.code} from slot {move.slot} onto {self.waste_top.code}"
            )
        tableau = list(self.tableau)
        tableau[move.slot] = None
        return GolfState(self.options, tuple(tableau), (*self.waste, move.card), self.stock)

    def board(self, badges: Mapping[int, str] | None = None) -> BoardView:
        """The position as a renderer draws it, with optional badges on tableau slots."""
        badges = badges or {}
        slots = tuple(
            SlotView(slot, self.tableau[slot.index], True, badges.get(slot.index))
            for slot in LAYOUT.slots
        )
        piles = (
            PileView("stock", tuple(reversed(self.stock)), False, PILE_X[0], PILE_Y),
            PileView("waste", self.waste, True, PILE_X[1], PILE_Y),
        )
        return BoardView(
            slots, piles, LAYOUT.width, PILE_Y + 1, labels=LAYOUT.labels, pitch=LAYOUT.pitch
        )

    def describe(self, move: SolitaireMove, after: GolfState) -> str:
        """``move`` in words; see :func:`describe_move`."""
        return describe_move(self, own_move(move, "Golf"), after)

    def columns(self) -> list[list[Card]]:
        """The cards of each column, top card first (the last is the free one)."""
        return [
            [
                card
                for row in range(DEPTH)
                if (card := self.tableau[row * COLUMNS + column]) is not None
            ]
            for column in range(COLUMNS)
        ]

    def to_json(self) -> JsonObject:
        """The position in the JSON layout of ``docs/json.md``: ``columns`` (seven lists,
        top card first, the free card last), ``waste`` (bottom first), ``stock`` (next
        first)."""
        return {
            "columns": [[card.code for card in column] for column in self.columns()],
            "waste": [card.code for card in self.waste],
            "stock": [card.code for card in self.stock],
        }


def describe_move(before: GolfState, move: Move, after: GolfState) -> str:
    """A move in words, with its effect: the cards left, a column cleared, the win."""
    if isinstance(move, Draw):
        return f"Turn {move.card.label} from the stock ({len(after.stock)} left)"
    column = column_of(move.slot)
    text = (
        f"Play {move.card.label} from {LAYOUT.slots[move.slot].name} onto {before.waste_top.label}"
    )
    if after.is_won:
        left = len(after.stock)
        return (
            f"{text}: the columns are clear, won with {left} card{'s' if left != 1 else ''} "
            f"left in the stock (score {after.score})"
        )
    text += f" ({after.cards_left} left in the columns)"
    if after.heights[column] == 0:
        text += f"; column {column + 1} is clear"
    return text


def pysolfc_deal(options: GolfOptions, number: int) -> Deal:
    """PySolFC game #``number`` of Golf in layout order (the registry's ``pysolfc``
    binding; docs/json.md).

    PySolFC deals Golf's 35 cards from the top of its talon a row at a time across the
    seven columns, left to right (five rows, the last one free), then turns the next card
    onto the waste; the rest is the stock, next card on top: its dealing order is our
    layout order.  Its *Golf*, *Dead King Golf* and *Relaxed Golf* deal alike: standard
    Golf here is its Dead King Golf, ``queens-on-kings`` its Golf and ``wrap`` its Relaxed
    Golf, so every option takes its deals as they are.

    >>> deal = pysolfc_deal(GolfOptions(), 24)
    >>> " ".join(deal.codes[:7]), deal.codes[35], deal.codes[36]
    ('4c 5h Qc 5d 2d 7h Ah', 'Jh', 'Td')
    """
    return dealt(number)


class Golf:
    """The Golf game: its deck, layout and starting position under some options."""

    name = "golf"
    title = "Golf"
    options_type = GolfOptions

    def __init__(self, options: GolfOptions | None = None) -> None:
        self.options = options or GolfOptions()

    def deck(self) -> list[Card]:
        """The deck in canonical order (52 cards, no jokers)."""
        return standard_deck()

    @property
    def layout(self) -> Layout:
        """The Golf tableau."""
        return LAYOUT

    def numbered_deal(self, seed: int) -> Deal:
        """Deal number ``seed``: the deck shuffled by pp1 (docs/deals.md)."""
        return numbered_deal(self.deck(), seed)

    def initial_state(self, deal: Deal | Sequence[Card]) -> GolfState:
        """The starting position of a deal in layout order: 35 tableau cards row by row,
        the first waste card, then the stock (next card first)."""
        cards = tuple(deal.cards if isinstance(deal, Deal) else deal)
        if len(cards) != 52:
            raise DealError(f"a Golf deal has 52 cards, not {len(cards)}")
        validate_cards(cards, self.deck())
        return GolfState(
            self.options,
            cards[:TABLEAU_SIZE],
            (cards[TABLEAU_SIZE],),
            cards[TABLEAU_SIZE + 1 :],
        )

    def deal_json(self, deal: Deal) -> JsonObject:
        """The ``deal --json`` object: columns top card first, waste, stock next first."""
        return self.initial_state(deal).to_json()

    def deal_positions(self) -> list[str]:
        """Where each card of a deal (in layout order) goes, in words."""
        return (
            [slot.name for slot in LAYOUT.slots]
            + ["waste, face up"]
            + [f"stock, {ordinal(i)} to turn" for i in range(1, STOCK_SIZE + 1)]
        )

    def deal_order(self) -> list[int]:
        """Cards are dealt in layout order: a row across the columns, each row overlapping
        the one dealt before it."""
        return list(range(52))

    def move_kinds(self) -> tuple[str, ...]:
        """Plays of a column's free card and turns of the stock."""
        return ("play", "draw")

    def shuffles_in_play(self) -> bool:
        """Never: the stock is turned once, in the order dealt."""
        return False

    def rulebook_context(self) -> dict[str, object]:
        """Computed facts for the rulebook: the sizes and what goes onto a King."""
        on_king = [Rank(rank).word for rank in self.options.kings_take]
        return {
            "tableau_size": TABLEAU_SIZE,
            "columns": COLUMNS,
            "depth": DEPTH,
            "stock_size": STOCK_SIZE,
            "deal_size": 52,
            "on_king": on_king,
            "best_possible": -STOCK_SIZE,
            "worked": self.worked_example(),
        }

    def worked_example(self, seed: int = 1, moves: int = 8) -> dict[str, object]:
        """The opening of deal ``seed`` in words, for the rulebook: a simple line that plays
        the free card of the tallest column that fits, else turns the stock."""
        state = self.initial_state(self.numbered_deal(seed))
        start = state.waste_top.label
        steps = []
        for _ in range(moves):
            if state.is_over:
                break
            choices = state.legal_moves()
            move = max(choices, key=lambda m: -1 if isinstance(m, Draw) else m.slot)
            after = state.apply(move)
            steps.append(state.describe(move, after))
            state = after
        after_text = (
            f"After these {len(steps)} moves, {state.cards_left} cards are left in the "
            f"columns and {len(state.stock)} in the stock."
        )
        return {"start": start, "steps": steps, "after": after_text}

    def move_from_json(self, data: Mapping[str, JsonValue]) -> Move:
        """Read a move of ``docs/json.md``; see :func:`move_from_json`."""
        return move_from_json(data)


__all__ = [
    "COLUMNS",
    "DEPTH",
    "LAYOUT",
    "STOCK_SIZE",
    "TABLEAU_SIZE",
    "Draw",
    "Golf",
    "GolfOptions",
    "GolfState",
    "Move",
    "Play",
    "column_of",
    "describe_move",
    "fits",
    "move_from_json",
    "pysolfc_deal",
]
