"""Putt, a pocket golf patience: the fifth game's engine, defined outside the package.

Twenty-eight cards, Ace to Seven of each suit.  Twenty lie face up in four columns of
five, each card overlapping the one dealt before it (the columns are fanned: only the top
strip of a covered card shows); the next card starts the waste and the last seven are the
stock.  The card at the foot of a column goes onto the waste when it is one rank above
or below the waste's top card (with ``wrap``, Ace and Seven are neighbours too); the stock
is turned one card at a time, once, at any time.  Won when the columns are clear.

**Score**, in strokes (lower is better): the cards left in the columns, or once they are
clear, minus the cards left in the stock.  The registry entry says so (``score_order``).

>>> game = Putt()
>>> state = game.initial_state(game.numbered_deal(1))
>>> len(state.stock), state.score, state.cards_left
(7, 20, 20)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from printplay.core import options as opts
from printplay.core.cards import Card, Rank, Suit
from printplay.core.deal import Deal, numbered_deal, validate_cards
from printplay.core.errors import DealError, MoveError
from printplay.core.layout import BoardView, Label, Layout, PileView, Slot, SlotView, link, ordinal
from printplay.core.protocols import SolitaireMove
from printplay.games.moves import Draw, Play, PlayOrDrawState, own_move, read_play_or_draw

COLUMNS = 4
DEPTH = 5
TABLEAU = COLUMNS * DEPTH
RANKS = 7
"""Ace to Seven."""
DECK_SIZE = 4 * RANKS
STOCK = DECK_SIZE - TABLEAU - 1
FAN = 0.3
"""How far each card lies below the one it covers, in card heights."""
PITCH = 1.15
PILE_Y = (DEPTH - 1) * FAN + 1.25
PILES_X = (0.6, 2.2)
"""Where the stock and the waste lie, under the columns."""


@dataclass(frozen=True)
class PuttOptions:
    """Putt's variants; the default is the standard game."""

    wrap: bool = opts.switch(
        "wrap",
        "Ace and Seven are neighbours: an Ace goes onto a Seven and a Seven onto an Ace.",
        words="ranks wrap round",
    )

    def __post_init__(self) -> None:
        opts.validate(self)


def fits(card: Card, top: Card, options: PuttOptions) -> bool:
    """Whether ``card`` may go onto ``top``: one rank apart (Ace and Seven too, wrapped).

    >>> fits(Card.parse("7c"), Card.parse("Ah"), PuttOptions(wrap=True))
    True
    >>> fits(Card.parse("7c"), Card.parse("Ah"), PuttOptions())
    False
    """
    gap = abs(card.rank - top.rank)
    return gap == 1 or (options.wrap and gap == RANKS - 1)


def _layout() -> Layout:
    covered_by = [(i + COLUMNS,) if i + COLUMNS < TABLEAU else () for i in range(TABLEAU)]
    covers = link(covered_by)
    slots = tuple(
        Slot(
            index=i,
            name=f"column {i % COLUMNS + 1}, {ordinal(i // COLUMNS + 1)} card",
            row=i // COLUMNS + 1,
            x=(i % COLUMNS) * PITCH,
            y=(i // COLUMNS) * FAN,
            covered_by=covered_by[i],
            covers=covers[i],
            dealt_face_up=True,
            position=i % COLUMNS + 1,
            label=f"{i % COLUMNS + 1}·{i // COLUMNS + 1}",
        )
        for i in range(TABLEAU)
    )
    labels = tuple(Label(f"{c + 1}", c * PITCH + 0.5, -0.15) for c in range(COLUMNS))
    width = (COLUMNS - 1) * PITCH + 1
    return Layout(slots, width, (DEPTH - 1) * FAN + 1, PITCH, labels, noun="columns")


LAYOUT = _layout()


@dataclass(frozen=True)
class PuttState(PlayOrDrawState):
    """A position: the columns by slot (``None`` once played), the waste (bottom first)
    and the stock (next card first)."""

    options: PuttOptions
    tableau: tuple[Card | None, ...]
    waste: tuple[Card, ...]
    stock: tuple[Card, ...]

    @property
    def layout(self) -> Layout:
        """The four fanned columns."""
        return LAYOUT

    def _free(self, slot: int) -> bool:
        below = slot + COLUMNS
        return self.tableau[slot] is not None and (below >= TABLEAU or self.tableau[below] is None)

    @property
    def plays(self) -> tuple[Play, ...]:
        """The free cards that fit the waste, in slot order."""
        top = self.waste[-1]
        return tuple(
            Play(slot, card)
            for slot, card in enumerate(self.tableau)
            if card is not None and self._free(slot) and fits(card, top, self.options)
        )

    def can_draw(self) -> bool:
        """The stock may be turned at any time while it lasts and the columns are not clear."""
        return bool(self.stock) and self.cards_left > 0

    @property
    def cards_left(self) -> int:
        """Cards still in the columns."""
        return sum(card is not None for card in self.tableau)

    @property
    def score(self) -> int:
        """Strokes: the cards left in the columns, or minus the stock left once clear."""
        return -len(self.stock) if self.cards_left == 0 else self.cards_left

    @property
    def running_score(self) -> int:
        """As :attr:`score`: nothing is added at the end."""
        return self.score

    def status(self) -> str:
        """The piles in a few words."""
        return f"{len(self.stock)} in the stock, {self.cards_left} in the columns"

    def apply(self, move: SolitaireMove) -> PuttState:
        """The position after ``move`` (:class:`MoveError` if it is not legal here)."""
        move = own_move(move, "Putt")
        if move not in self.legal_moves():
            raise MoveError(f"{move.kind} {move.cards[0].code} is not legal here")
        if isinstance(move, Draw):
            return PuttState(self.options, self.tableau, (*self.waste, move.card), self.stock[1:])
        tableau = list(self.tableau)
        tableau[move.slot] = None
        return PuttState(self.options, tuple(tableau), (*self.waste, move.card), self.stock)

    def board(self, badges: Mapping[int, str] | None = None) -> BoardView:
        """The columns, the stock and the waste; ``badges`` numbers slots."""
        marks = badges or {}
        slots = tuple(
            SlotView(slot, self.tableau[slot.index], True, marks.get(slot.index))
            for slot in LAYOUT.slots
        )
        piles = (
            PileView("stock", tuple(reversed(self.stock)), False, PILES_X[0], PILE_Y),
            PileView("waste", self.waste, True, PILES_X[1], PILE_Y),
        )
        return BoardView(slots, piles, LAYOUT.width, PILE_Y + 1, labels=LAYOUT.labels)

    def describe(self, move: SolitaireMove, after: PuttState) -> str:
        """``move`` in words, with what it left."""
        move = own_move(move, "Putt")
        if isinstance(move, Draw):
            return f"Turn {move.card.label} from the stock ({len(after.stock)} left)"
        text = f"Play {move.card.label} from {LAYOUT.slots[move.slot].name}"
        if after.cards_left == 0:
            return f"{text}: the columns are clear (score {after.score})"
        return f"{text} ({after.cards_left} left in the columns)"

    def to_json(self) -> dict[str, Any]:
        """``columns`` (top card first), ``waste`` (bottom first), ``stock`` (next first)."""
        columns = [
            [c.code for r in range(DEPTH) if (c := self.tableau[r * COLUMNS + k]) is not None]
            for k in range(COLUMNS)
        ]
        return {
            "columns": columns,
            "waste": [c.code for c in self.waste],
            "stock": [c.code for c in self.stock],
        }


class Putt:
    """The game under some options."""

    name = "putt"
    title = "Putt"
    options_type = PuttOptions

    def __init__(self, options: PuttOptions | None = None) -> None:
        self.options = options or PuttOptions()

    def deck(self) -> list[Card]:
        """Ace to Seven of clubs, diamonds, hearts and spades."""
        return [Card(Rank(rank), suit) for suit in Suit for rank in range(1, RANKS + 1)]

    @property
    def layout(self) -> Layout:
        """The four fanned columns."""
        return LAYOUT

    def numbered_deal(self, seed: int) -> Deal:
        """Deal ``seed``: the pp1 shuffle of the deck."""
        return numbered_deal(self.deck(), seed)

    def initial_state(self, deal: Deal | Sequence[Card]) -> PuttState:
        """The columns row by row, the first waste card, then the stock."""
        cards = tuple(deal.cards if isinstance(deal, Deal) else deal)
        if len(cards) != DECK_SIZE:
            raise DealError(f"a Putt deal has {DECK_SIZE} cards, not {len(cards)}")
        validate_cards(cards, self.deck())
        return PuttState(self.options, cards[:TABLEAU], (cards[TABLEAU],), cards[TABLEAU + 1 :])

    def deal_json(self, deal: Deal) -> dict[str, Any]:
        """The ``deal --json`` object: the starting position."""
        return self.initial_state(deal).to_json()

    def move_from_json(self, data: Mapping[str, Any]) -> Play | Draw:
        """A play or a draw."""
        return read_play_or_draw(data, "Putt")

    def deal_positions(self) -> list[str]:
        """Where each card of a deal goes."""
        stock = [f"stock, {ordinal(i)} to turn" for i in range(1, STOCK + 1)]
        return [slot.name for slot in LAYOUT.slots] + ["waste, face up"] + stock

    def deal_order(self) -> list[int]:
        """Row by row, as the layout: each row overlaps the one before it."""
        return list(range(DECK_SIZE))

    def rulebook_context(self) -> dict[str, Any]:
        """The sizes the rulebook prints."""
        return {"columns": COLUMNS, "depth": DEPTH, "tableau": TABLEAU, "stock": STOCK}

    def move_kinds(self) -> tuple[str, ...]:
        """Plays and stock turns."""
        return ("play", "draw")

    def shuffles_in_play(self) -> bool:
        """Nothing is shuffled after the deal."""
        return False
