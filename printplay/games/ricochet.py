"""Ricochet (Bram Tebbutt): options, walls, state, moves and rulings (rules/ricochet.md).

TriPeaks crossed with Breakout: four walls of cards enclose a square room; the waste top
destroys an open wall card one rank away, and the *ball* marks where the last card went.
Two cards in a row may not come from the same wall (the ricochet rule; a corner belongs to
both its walls).

The engine is the readable source of truth: states are immutable, ``apply`` returns a new
state and refuses illegal moves.  A deal in layout order is the 32 wall slots, the first
waste card, then the stock (next card first).

>>> from printplay.core.deal import numbered_deal
>>> game = Ricochet()
>>> state = game.initial_state(numbered_deal(game.deck(), 1))
>>> len(state.stock), state.waste_top.code, state.ball
(19, '8d', None)
>>> move = state.legal_moves()[0]
>>> move
Play(slot=0, card=Card.parse('7h'))
>>> after = state.apply(move)
>>> after.ball, sorted(after.ball_walls)
(0, ['north', 'west'])
>>> state.describe(move, after).split("; ")
['Destroy 7♥ in the NW corner with 8♦: the first card, so the ball goes onto the board at
  the NW corner',
 'the corner takes both north and west, so next comes east or south, not the NE or SW corner']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from printplay.core import options as opts
from printplay.core.cards import Card, standard_deck
from printplay.core.deal import Deal, numbered_deal, validate_cards
from printplay.core.errors import DealError, MoveError
from printplay.core.jsontypes import JsonObject, JsonValue
from printplay.core.layout import (
    BoardView,
    Label,
    Layout,
    Marker,
    PileView,
    Slot,
    SlotView,
    link,
    ordinal,
)
from printplay.core.protocols import SolitaireMove
from printplay.core.pysolfc import NUMBERING as PYSOLFC_NUMBERING
from printplay.core.pysolfc import dealing_order as pysolfc_dealing_order
from printplay.games.moves import Draw as Draw
from printplay.games.moves import Play as Play
from printplay.games.moves import PlayOrDrawState, own_move, read_play_or_draw

WALL_CARDS = 32
"""Cards in the four walls."""
STOCK_SIZE = 52 - WALL_CARDS - 1
"""Cards left in the stock once the first waste card is turned (19)."""

WALLS = ("north", "east", "south", "west")
"""The walls in clockwise order; wall ``w`` has the bit ``1 << w`` in a wall set."""
NORTH, EAST, SOUTH, WEST = (1 << w for w in range(4))
"""The bits of the four walls in a set of walls (:data:`SLOT_WALLS`)."""
ALL_WALLS = NORTH | EAST | SOUTH | WEST
"""The set of all four walls."""

LAYERS = ("inner", "middle", "outer")
"""The layers of a wall, from the room outwards."""
PER_WALL = (4, 3, 2)
"""Cards of one wall in each layer (the inner four count the wall's two corners)."""
LAYER_STARTS = (0, 12, 24, 32)
"""The first slot of each layer (inner 0–11, middle 12–23, outer 24–31)."""

CORNERS = {0: "NW", 3: "NE", 6: "SE", 9: "SW"}
"""The corner slots of the inner ring and their short names."""

CARD_ASPECT = 88.9 / 63.5
"""Height over width of the poker-size card the geometry assumes (the renderer's
``CARD_RATIO``): an east or west card lies turned, so its footprint depends on it."""
SIDE_PITCH = 1.35
"""Distance between the centres of neighbouring inner cards of a wall, in card widths."""
LAYER_STEP = CARD_ASPECT + 0.1
"""Distance between the layers of a wall (centre to centre), in card widths: a card's
length and a small gap, so that layers lie side by side like the courses of a brick wall."""
LABEL_GAP = 0.35
"""How far beyond the outer layer a wall's name is printed, in card widths."""
_MARGIN = 0.25
_ROOM = 3 * SIDE_PITCH
"""Corner centre to corner centre along a wall, in card widths: the room is square."""
_EXTENT = 2 * LAYER_STEP + CARD_ASPECT / 2 + LABEL_GAP + _MARGIN
"""From a corner's centre out to the edge of the layout, in card widths."""


@dataclass(frozen=True)
class RicochetOptions:
    """The variants and rulings of Ricochet; the defaults are the published text."""

    ball_resets: bool = opts.switch(
        "ball-resets",
        "A stock turn lifts the ball: the next card may come from any wall.",
        words="the ball lifted at each stock turn",
    )
    free_draw: bool = opts.switch(
        "free-draw",
        "The stock may be turned at any time, not only when no card can be destroyed.",
        words="stock turned at any time",
    )
    wrap: bool = opts.switch(
        "no-wrap",
        "Ace and King are ends of the ranks, not neighbours.",
        default=True,
        words="no wrap-around (Ace and King not neighbours)",
    )
    face_up: bool = opts.switch(
        "face-up",
        "All 32 wall cards are dealt face up: a perfect-information puzzle.",
        words="all cards face up",
    )
    stock_ends_game: bool = opts.switch(
        "stock-ends-game",
        "The game ends when the stock runs empty: once the last stock card is turned, no "
        "more cards may be destroyed.",
        words="game over once the stock is empty",
    )

    def __post_init__(self) -> None:
        opts.validate(self)


def inner_slot(wall: int, k: int) -> int:
    """Inner card ``k`` (0–3, corner to corner clockwise) of wall ``wall`` (0 = north).

    >>> [inner_slot(3, k) for k in range(4)]  # the west wall: SW corner, 10, 11, NW corner
    [9, 10, 11, 0]
    """
    return (3 * wall + k) % 12


def middle_slot(wall: int, k: int) -> int:
    """Middle card ``k`` (0–2) of wall ``wall``: it lies under inner ``k`` and ``k + 1``."""
    return 12 + 3 * wall + k


def outer_slot(wall: int, k: int) -> int:
    """Outer card ``k`` (0–1) of wall ``wall``: it lies under middle ``k`` and ``k + 1``."""
    return 24 + 2 * wall + k


def _walls_of(slot: int) -> int:
    if slot < 12:
        wall, k = divmod(slot, 3)
        return 1 << wall | ((1 << (wall - 1) % 4) if k == 0 else 0)
    if slot < 24:
        return 1 << (slot - 12) // 3
    return 1 << (slot - 24) // 2


def _place(slot: int) -> tuple[int, int, int]:
    """(layer, wall, k) of a slot; a corner is given as the first card of its wall."""
    if slot < 12:
        return 0, slot // 3, slot % 3
    if slot < 24:
        return 1, (slot - 12) // 3, (slot - 12) % 3
    return 2, (slot - 24) // 2, (slot - 24) % 2


SLOT_WALLS: tuple[int, ...] = tuple(_walls_of(slot) for slot in range(WALL_CARDS))
"""Per slot, the set of walls it belongs to as bits (:data:`NORTH` … :data:`WEST`)."""


def wall_names(walls: int) -> tuple[str, ...]:
    """The names of a set of walls, clockwise from north.

    >>> wall_names(NORTH | WEST)
    ('north', 'west')
    """
    return tuple(name for w, name in enumerate(WALLS) if walls >> w & 1)


def _join(words: Sequence[str], conjunction: str = "or") -> str:
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def corner_of(walls: int) -> str:
    """The short name of the corner where two walls meet (``"NW"``).

    >>> corner_of(SOUTH | EAST)
    'SE'
    """
    for slot, name in CORNERS.items():
        if SLOT_WALLS[slot] == walls:
            return name
    raise ValueError(f"walls {wall_names(walls)} do not meet in a corner")


def _centre(slot: int) -> tuple[float, float]:
    """The centre of a slot in card widths, from the NW corner's centre, ``y`` down."""
    layer, wall, k = _place(slot)
    along = (k + layer / 2) * SIDE_PITCH  # a middle card halfway along its two covers
    out = layer * LAYER_STEP
    r = _ROOM
    if wall == 0:  # north: west to east along the top, layers going up
        return along, -out
    if wall == 1:  # east: north to south down the right, layers going right
        return r + out, along
    if wall == 2:  # south: east to west along the bottom, layers going down
        return r - along, r + out
    return -out, r - along  # west: south to north up the left, layers going left


def _slot_name(slot: int) -> str:
    if slot in CORNERS:
        return f"{CORNERS[slot]} corner"
    layer, wall, k = _place(slot)
    return f"{WALLS[wall]} wall, {LAYERS[layer]} {ordinal(k + 1)} card"


COUNTED_FROM = ("west", "north", "east", "south")
"""Per wall, the end its cards are counted from (clockwise round the room)."""


def _counted(slot: int) -> str:
    """A slot's name for a player dealing without a diagram: which end a wall's cards
    are counted from (``"north wall, outer 1st card from the west"``)."""
    if slot in CORNERS:
        return _slot_name(slot)
    layer, wall, k = _place(slot)
    return (
        f"{WALLS[wall]} wall, {LAYERS[layer]} {ordinal(k + 1)} card from the {COUNTED_FROM[wall]}"
    )


def _slot_label(slot: int) -> str:
    if slot in CORNERS:
        return CORNERS[slot]
    layer, wall, k = _place(slot)
    return f"{WALLS[wall][0].upper()}{LAYERS[layer][0]}{k + 1}"


def _build_layout() -> Layout:
    covered_by: list[tuple[int, ...]] = []
    for slot in range(WALL_CARDS):
        layer, wall, k = _place(slot)
        if layer == 0:
            covered_by.append(())
        elif layer == 1:
            covered_by.append((inner_slot(wall, k), inner_slot(wall, k + 1)))
        else:
            covered_by.append((middle_slot(wall, k), middle_slot(wall, k + 1)))
    covers = link(covered_by)
    shift = _EXTENT
    slots = []
    for slot in range(WALL_CARDS):
        layer, wall, k = _place(slot)
        cx, cy = _centre(slot)
        turned = wall in (1, 3) and slot not in CORNERS
        slots.append(
            Slot(
                index=slot,
                name=_slot_name(slot),
                row=layer + 1,
                x=cx + shift - 0.5,
                y=(cy + shift) / CARD_ASPECT - 0.5,
                covered_by=covered_by[slot],
                covers=covers[slot],
                dealt_face_up=layer == 0,
                rotation=90.0 if turned else 0.0,
                position=slot - LAYER_STARTS[layer] + 1,
                groups=wall_names(SLOT_WALLS[slot]),
                label=_slot_label(slot),
            )
        )
    size = _ROOM + 2 * _EXTENT
    middle = shift + _ROOM / 2
    near = shift - 2 * LAYER_STEP - CARD_ASPECT / 2 - LABEL_GAP
    far = shift + _ROOM + 2 * LAYER_STEP + CARD_ASPECT / 2 + LABEL_GAP
    labels = (
        Label("North", middle, near / CARD_ASPECT),
        Label("East", far, middle / CARD_ASPECT, rotation=270.0),
        Label("South", middle, far / CARD_ASPECT),
        Label("West", near, middle / CARD_ASPECT, rotation=90.0),
    )
    return Layout(
        tuple(slots),
        width=size,
        height=size / CARD_ASPECT,
        pitch=SIDE_PITCH,
        labels=labels,
        noun="walls",
    )


LAYOUT = _build_layout()
"""The 32 wall slots, numbered as ``docs/json.md`` says: inner ring 0–11 clockwise from the NW
corner, middle layer 12–23 and outer layer 24–31, north, east, south, west."""

PILE_Y = (_EXTENT + _ROOM / 2 - CARD_ASPECT / 2 - 0.1) / CARD_ASPECT
"""Where diagrams put the stock and the waste (top edge), in card heights: in the middle
of the room, a little above centre to leave room for the pile names under them."""
PILE_X = (_EXTENT + _ROOM / 2 - 1.1, _EXTENT + _ROOM / 2 + 0.1)
"""The left edges of the stock and the waste, in card widths."""


def are_neighbours(a: Card, b: Card, *, wrap: bool = True) -> bool:
    """Whether ``a`` destroys ``b`` (or ``b`` destroys ``a``): ranks one apart.

    With ``wrap`` (the published rule: Aces are high and low) Ace and King are neighbours.

    >>> are_neighbours(Card.parse("Ac"), Card.parse("Kd")), are_neighbours(
    ...     Card.parse("Ac"), Card.parse("Kd"), wrap=False)
    (True, False)
    """
    gap = abs(a.rank - b.rank)
    return gap == 1 or (wrap and gap == 12)


def where(slot: int) -> str:
    """A slot in running text: ``"the north wall (inner, 2nd card)"``, ``"the NW corner"``.

    >>> where(1), where(16), where(3)
    ('the north wall (inner, 2nd card)', 'the east wall (middle, 2nd card)', 'the NE corner')
    """
    if slot in CORNERS:
        return f"the {CORNERS[slot]} corner"
    layer, wall, k = _place(slot)
    return f"the {WALLS[wall]} wall ({LAYERS[layer]}, {ordinal(k + 1)} card)"


def ball_place(walls: int) -> str:
    """Where the ball is, by its walls: ``"the north wall"``, ``"the NE corner"``."""
    names = wall_names(walls)
    if len(names) == 2:
        return f"the {corner_of(walls)} corner"
    return f"the {names[0]} wall"


def allowed_after(walls: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What may follow a ball in ``walls``: the walls a next card may come from, and the
    corners of those walls that are still barred (they touch the ball's walls too).

    >>> allowed_after(NORTH)
    (('east', 'south', 'west'), ('NW', 'NE'))
    >>> allowed_after(NORTH | EAST)
    (('south', 'west'), ('NW', 'SE'))
    """
    free = ALL_WALLS & ~walls
    barred = tuple(
        name
        for slot, name in CORNERS.items()
        if SLOT_WALLS[slot] & walls and SLOT_WALLS[slot] & free
    )
    return wall_names(free), barred


def next_text(walls: int) -> str:
    """What may come after a ball in ``walls``, in words.

    >>> next_text(WEST)
    'next comes north, east or south, not the NW or SW corner'
    >>> next_text(SOUTH | WEST)
    'the corner takes both south and west, so next comes north or east, not the NW or SE corner'
    """
    free, barred = allowed_after(walls)
    corners = f", not the {_join(barred)} corner" if barred else ""
    text = f"next comes {_join(free)}{corners}"
    names = wall_names(walls)
    if len(names) == 2:
        text = f"the corner takes both {names[0]} and {names[1]}, so {text}"
    return text


Move = Play | Draw


def move_from_json(data: Mapping[str, JsonValue]) -> Move:
    """Read a move of ``docs/json.md``: a play or a draw (see :mod:`printplay.games.moves`)."""
    return read_play_or_draw(data, "Ricochet")


@dataclass(frozen=True)
class RicochetState(PlayOrDrawState):
    """A position: the walls (``None`` where a card is destroyed), waste, stock and ball.

    ``waste`` runs from the bottom card to the top; ``stock`` from the next card to turn.
    ``ball`` is the slot of the last card destroyed, or ``None`` before the first card
    (and, under ``ball-resets``, after a stock turn).
    """

    options: RicochetOptions
    walls: tuple[Card | None, ...]
    waste: tuple[Card, ...]
    stock: tuple[Card, ...]
    ball: int | None = None

    @property
    def layout(self) -> Layout:
        """The layout the walls are laid out in."""
        return LAYOUT

    @property
    def waste_top(self) -> Card:
        """The card that destroys the next wall card."""
        return self.waste[-1]

    @property
    def ball_walls(self) -> frozenset[str]:
        """The walls the ball is in (two at a corner, none before the first card)."""
        if self.ball is None:
            return frozenset()
        return frozenset(wall_names(SLOT_WALLS[self.ball]))

    def is_open(self, slot: int) -> bool:
        """Whether the card in ``slot`` is still there and no card covers it."""
        return self.walls[slot] is not None and all(
            self.walls[c] is None for c in LAYOUT.slots[slot].covered_by
        )

    def is_face_up(self, slot: int) -> bool:
        """Whether ``slot`` shows its face: dealt face up (the inner ring, or every card
        under ``face-up``), or turned up once both cards over it are destroyed."""
        return (
            self.options.face_up
            or LAYOUT.slots[slot].dealt_face_up
            or all(self.walls[c] is None for c in LAYOUT.slots[slot].covered_by)
        )

    def ricochet_allows(self, slot: int) -> bool:
        """The ricochet rule: whether a card in ``slot`` may follow the ball (its walls
        share no wall with the ball's walls; anything goes while there is no ball)."""
        return self.ball is None or not SLOT_WALLS[slot] & SLOT_WALLS[self.ball]

    @cached_property
    def plays(self) -> tuple[Play, ...]:
        """The wall cards the waste top can destroy now, in slot order (none once the
        stock is empty under ``stock-ends-game``)."""
        if self.options.stock_ends_game and not self.stock:
            return ()
        top, wrap = self.waste_top, self.options.wrap
        return tuple(
            Play(slot, card)
            for slot, card in LAYOUT.open_cards(self.walls)
            if are_neighbours(card, top, wrap=wrap) and self.ricochet_allows(slot)
        )

    def can_draw(self) -> bool:
        """Whether the stock may be turned now: while cards are left in it, only when no
        card can be destroyed (counting the ricochet rule) unless ``free-draw``.

        Once the game is won nothing more may be done.
        """
        if not self.stock or self.is_won:
            return False
        return self.options.free_draw or not self.plays

    @cached_property
    def cards_left(self) -> int:
        """Wall cards not yet destroyed."""
        return sum(card is not None for card in self.walls)

    @property
    def score(self) -> int | None:
        """Ricochet keeps no score (its best line is the shortest)."""
        return None

    @property
    def running_score(self) -> int | None:
        """Ricochet keeps no score."""
        return None

    def status(self) -> str:
        """How many cards are left in the stock and the walls, for walkthrough headings."""
        return f"{len(self.stock)} left in the stock, {self.cards_left} in the walls"

    def apply(self, move: SolitaireMove) -> RicochetState:
        """The state after ``move``; raises :class:`MoveError` if it is not legal."""
        move = own_move(move, "Ricochet")
        if isinstance(move, Draw):
            return self._draw(move)
        self._check_play(move)
        walls = list(self.walls)
        walls[move.slot] = None
        return RicochetState(
            self.options, tuple(walls), (*self.waste, move.card), self.stock, move.slot
        )

    def _draw(self, move: Draw) -> RicochetState:
        if not self.stock or move.card != self.stock[0]:
            raise MoveError(
                f"cannot turn {move.card.code}: the next stock card is "
                f"{self.stock[0].code if self.stock else 'none (the stock is empty)'}"
            )
        if self.is_won:
            raise MoveError("the walls are clear: the game is won")
        if not self.can_draw():
            cards = ", ".join(f"{p.card.code} in {where(p.slot)}" for p in self.plays)
            raise MoveError(
                "the stock may be turned only when no card can be destroyed (counting the "
                f"ricochet rule; option free-draw lifts this), and {cards} can be"
            )
        ball = None if self.options.ball_resets else self.ball
        return RicochetState(
            self.options, self.walls, (*self.waste, self.stock[0]), self.stock[1:], ball
        )

    def _check_play(self, move: Play) -> None:
        slot = move.slot
        if not 0 <= slot < WALL_CARDS:
            raise MoveError(f"there is no wall slot {slot} (slots are 0–{WALL_CARDS - 1})")
        if self.options.stock_ends_game and not self.stock:
            raise MoveError(
                "the stock is empty, and under stock-ends-game the game ended when its last "
                "card was turned"
            )
        card = self.walls[slot]
        if card is None:
            raise MoveError(f"{where(slot)} is empty: its card is already destroyed")
        if card != move.card:
            raise MoveError(f"{where(slot)} holds {card.code}, not {move.card.code}")
        if not self.is_open(slot):
            over = [c for c in LAYOUT.slots[slot].covered_by if self.walls[c] is not None]
            names = " and ".join(where(c) for c in over)
            raise MoveError(f"{card.code} in {where(slot)} is still covered by {names}")
        top = self.waste_top
        if not are_neighbours(card, top, wrap=self.options.wrap):
            hint = "" if self.options.wrap else " (no-wrap: Ace and King are not neighbours)"
            raise MoveError(
                f"{top.code} cannot destroy {card.code}: their ranks are not one apart{hint}"
            )
        if not self.ricochet_allows(slot):
            assert self.ball is not None
            shared = _join(wall_names(SLOT_WALLS[slot] & SLOT_WALLS[self.ball]), "and")
            ball = ball_place(SLOT_WALLS[self.ball])
            raise MoveError(
                f"the ricochet rule: {card.code} in {where(slot)} shares the {shared} wall "
                f"with the ball in {ball}, and two cards in a row may not come from the same wall"
            )

    def lost_reason(self) -> str | None:
        """Under ``stock-ends-game``, a position with wall cards left and the stock empty
        is lost: the game ended when the last stock card was turned.  ``None`` otherwise
        (no short proof is known)."""
        if self.options.stock_ends_game and not self.stock and not self.is_won:
            return (
                f"the stock is empty with {self.cards_left} wall "
                f"card{'s' if self.cards_left != 1 else ''} left, and the game ended when its "
                "last card was turned (stock-ends-game)"
            )
        return None

    def board(self, badges: Mapping[int, str] | None = None) -> BoardView:
        """The position as a renderer draws it: walls, stock and waste in the room, and the
        ball (a marker at the centre of its slot) once it is on the board."""
        badges = badges or {}
        slots = tuple(
            SlotView(
                slot, self.walls[slot.index], self.is_face_up(slot.index), badges.get(slot.index)
            )
            for slot in LAYOUT.slots
        )
        piles = (
            PileView("stock", tuple(reversed(self.stock)), False, PILE_X[0], PILE_Y),
            PileView("waste", self.waste, True, PILE_X[1], PILE_Y),
        )
        markers: tuple[Marker, ...] = ()
        if self.ball is not None:
            slot = LAYOUT.slots[self.ball]
            markers = (Marker("ball", slot.x + 0.5, slot.y + 0.5),)
        return BoardView(
            slots,
            piles,
            LAYOUT.width,
            LAYOUT.height,
            markers=markers,
            labels=LAYOUT.labels,
            pitch=LAYOUT.pitch,
        )

    def describe(self, move: SolitaireMove, after: RicochetState) -> str:
        """``move`` in words; see :func:`describe_move`."""
        return describe_move(self, own_move(move, "Ricochet"), after)

    def to_json(self) -> JsonObject:
        """The position in the JSON layout of ``docs/json.md`` (``null`` for destroyed cards),
        with the ball's slot (``null`` when it is not on the board)."""
        return {
            "walls": [card.code if card else None for card in self.walls],
            "waste": [card.code for card in self.waste],
            "stock": [card.code for card in self.stock],
            "ball": self.ball,
        }


def describe_move(before: RicochetState, move: Move, after: RicochetState) -> str:
    """A move in words: where the ball goes and what may come next, cards turned up."""
    if isinstance(move, Draw):
        text = f"Turn {move.card.label} from the stock ({len(after.stock)} left)"
        if before.options.stock_ends_game and not after.stock:
            return text + ": the stock is empty, so the game is over (stock-ends-game)"
        if before.ball is None:
            return text + ": the ball is not on the board, so any open card may come next"
        place = ball_place(SLOT_WALLS[before.ball])
        if after.ball is None:
            return text + f": the ball is lifted from {place}, so any open card may come next"
        return text + f": the ball stays in {place}; {next_text(SLOT_WALLS[before.ball])}"
    walls = SLOT_WALLS[move.slot]
    target = ball_place(walls)
    text = f"Destroy {move.card.label} in {where(move.slot)} with {before.waste_top.label}: "
    if before.ball is None and (before.cards_left == WALL_CARDS or not before.options.ball_resets):
        text += f"the first card, so the ball goes onto the board at {target}"
    elif before.ball is None:
        text += f"the ball was lifted, so any open card could come: it lands at {target}"
    else:
        text += f"the ball goes from {ball_place(SLOT_WALLS[before.ball])} to {target}"
    if after.is_won:
        return text + "; the walls are clear"
    text += f"; {next_text(walls)}"
    for slot in LAYOUT.slots[move.slot].covers:
        card = after.walls[slot]
        if card is not None and not before.is_face_up(slot) and after.is_face_up(slot):
            text += f"; {card.label} in {where(slot)} turns face up"
    return text


def allowed_next_table() -> list[dict[str, object]]:
    """Per place of the ball (each wall, then each corner): the walls the next card may
    come from and the corners still barred, for the rulebook.

    >>> row = allowed_next_table()[5]
    >>> row["ball"], row["walls"], row["next"], row["barred_corners"]
    ('NE corner', ['north', 'east'], ['south', 'west'], ['NW', 'SE'])
    """
    places = [1 << w for w in range(4)] + [SLOT_WALLS[slot] for slot in CORNERS]
    rows: list[dict[str, object]] = []
    for walls in places:
        free, barred = allowed_after(walls)
        rows.append(
            {
                "ball": ball_place(walls).removeprefix("the "),
                "walls": list(wall_names(walls)),
                "next": list(free),
                "barred_corners": list(barred),
                "text": next_text(walls),
            }
        )
    return rows


PYSOLFC_LAYERS = ((24, 8), (12, 12), (0, 12))
"""PySolFC's Ricochet deals its walls outer layer first, then the middle, then the inner
ring, each layer clockwise from the north wall's west end as ours are: (our first slot,
cards) for each layer in its dealing order."""


def pysolfc_deal(options: RicochetOptions, number: int) -> Deal:
    """PySolFC game #``number`` of Ricochet (PySolFC's game 924) in layout order (the
    registry's ``pysolfc`` binding; docs/deals.md).

    PySolFC deals the 20 face-down cards of the outer and middle layers, then the 12 of the
    inner ring, from the top of its talon, each layer clockwise from the north-west as our
    slots run; then one card onto the waste; the rest is the stock.  Its rules are this
    game's with ``ball-resets`` and ``free-draw``; the options change only the rules, so
    every option takes its deals as they are.

    >>> len(pysolfc_deal(RicochetOptions(), 617).cards)
    52
    """
    dealt = pysolfc_dealing_order(number)
    walls = list(dealt[:WALL_CARDS])  # every slot is set again below
    taken = 0
    for first, count in PYSOLFC_LAYERS:
        walls[first : first + count] = dealt[taken : taken + count]
        taken += count
    return Deal((*walls, *dealt[WALL_CARDS:]), number, PYSOLFC_NUMBERING)


class Ricochet:
    """The Ricochet game: its deck, walls and starting position under some options."""

    name = "ricochet"
    title = "Ricochet"
    options_type = RicochetOptions

    def __init__(self, options: RicochetOptions | None = None) -> None:
        self.options = options or RicochetOptions()

    def deck(self) -> list[Card]:
        """The deck in canonical order (52 cards, no jokers)."""
        return standard_deck()

    def numbered_deal(self, seed: int) -> Deal:
        """Deal number ``seed``: the deck shuffled by pp1 (docs/deals.md)."""
        return numbered_deal(self.deck(), seed)

    @property
    def layout(self) -> Layout:
        """The Ricochet walls."""
        return LAYOUT

    def initial_state(self, deal: Deal | Sequence[Card]) -> RicochetState:
        """The starting position of a deal in layout order: 32 wall cards by slot, the
        first waste card, then the stock (next card first)."""
        cards = tuple(deal.cards if isinstance(deal, Deal) else deal)
        if len(cards) != 52:
            raise DealError(f"a Ricochet deal has 52 cards, not {len(cards)}")
        validate_cards(cards, self.deck())
        return RicochetState(
            self.options, cards[:WALL_CARDS], (cards[WALL_CARDS],), cards[WALL_CARDS + 1 :]
        )

    def deal_json(self, deal: Deal) -> JsonObject:
        """The ``deal --json`` layout: ``walls`` by slot, ``waste``, ``stock`` next first."""
        data = self.initial_state(deal).to_json()
        del data["ball"]
        return data

    def deal_positions(self) -> list[str]:
        """Where each card of a deal (in layout order) goes, in words."""
        face_up = self.options.face_up
        return (
            [
                f"{_counted(slot.index)}, face {'up' if face_up or slot.dealt_face_up else 'down'}"
                for slot in LAYOUT.slots
            ]
            + ["waste, face up"]
            + [f"stock, {ordinal(i)} to turn" for i in range(1, STOCK_SIZE + 1)]
        )

    def deal_order(self) -> list[int]:
        """Each wall is built from the outside in, the room clockwise from the north wall:
        the outer layer, then the middle layer (each card half over two outer cards' ends),
        then the inner ring over them, then the waste and the stock."""
        outer, middle, inner = (range(LAYER_STARTS[i], LAYER_STARTS[i + 1]) for i in (2, 1, 0))
        return [*outer, *middle, *inner, *range(WALL_CARDS, 52)]

    def move_kinds(self) -> tuple[str, ...]:
        """Plays of a card and turns of the stock."""
        return ("play", "draw")

    def shuffles_in_play(self) -> bool:
        """Never: the stock is turned in the order dealt."""
        return False

    def rulebook_context(self) -> dict[str, object]:
        """Computed facts for the rulebook: layer sizes, what may follow the ball, stock."""
        layers = [
            {
                "name": name,
                "per_wall": per_wall,
                "cards": LAYER_STARTS[i + 1] - LAYER_STARTS[i],
                "face_up": self.options.face_up or i == 0,
            }
            for i, (name, per_wall) in enumerate(zip(LAYERS, PER_WALL, strict=True))
        ]
        return {
            "layers": layers,
            "wall_cards": WALL_CARDS,
            "face_down": 0 if self.options.face_up else WALL_CARDS - LAYER_STARTS[1],
            "cards_per_wall": sum(PER_WALL),
            "corners": len(CORNERS),
            "walls": [name.capitalize() for name in WALLS],
            "next_table": allowed_next_table(),
            "stock_size": STOCK_SIZE,
            "deal_size": 52,
            "figures": {
                "ricochet": (
                    self.ricochet_figure(inner_slot(0, 1)),
                    self.ricochet_figure(inner_slot(1, 0)),
                ),
            },
        }

    def ricochet_figure(self, ball: int) -> BoardView:
        """The ricochet rule drawn: deal 1's room with the ball at ``ball`` (its card gone)
        and each inner card marked ✓ if it may be destroyed next, ✗ if the rule bars it."""
        deal = self.initial_state(self.numbered_deal(1))
        walls = list(deal.walls)
        walls[ball] = None
        state = RicochetState(self.options, tuple(walls), deal.waste, deal.stock, ball)
        badges = {
            slot: "✓" if state.ricochet_allows(slot) else "✗"
            for slot in range(LAYER_STARTS[1])
            if slot != ball
        }
        return replace(state.board(badges), piles=())

    def move_from_json(self, data: Mapping[str, JsonValue]) -> Move:
        """Read a move of ``docs/json.md``; see :func:`move_from_json`."""
        return move_from_json(data)


__all__ = [
    "ALL_WALLS",
    "CORNERS",
    "EAST",
    "LAYOUT",
    "NORTH",
    "SLOT_WALLS",
    "SOUTH",
    "STOCK_SIZE",
    "WALLS",
    "WALL_CARDS",
    "WEST",
    "Draw",
    "Move",
    "Play",
    "Ricochet",
    "RicochetOptions",
    "RicochetState",
    "allowed_after",
    "allowed_next_table",
    "are_neighbours",
    "ball_place",
    "describe_move",
    "move_from_json",
    "next_text",
    "where",
]
