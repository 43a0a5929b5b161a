"""Layouts shared by the solitaire games: slots with names, geometry and covering.

Geometry is in *card units*: ``x`` counts card widths and ``y`` card heights, measured
from the top-left corner of the layout to the top-left corner of the card, ``y`` growing
downwards.  Renderers scale these to paper; they never hard-code a game's positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from printplay.core.cards import Card

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th")


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` … ``11th``, ``21st`` …"""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


@dataclass(frozen=True)
class Slot:
    """One place in a layout.

    ``covered_by`` lists the slots whose cards lie on this one (all must be gone before
    this card is free); ``covers`` is the converse.  ``row`` counts from 1, and ``position``
    is the card's place in its row, from 1.  ``rotation`` (degrees, anticlockwise) turns
    the card about its centre (Ricochet's east and west walls lie turned by 90).
    ``groups`` names the groups the slot belongs to (a Ricochet corner belongs to two
    walls); ``label`` is the short tag a diagram may print by the card ("3·7").
    """

    index: int
    name: str
    row: int
    x: float
    y: float
    covered_by: tuple[int, ...]
    covers: tuple[int, ...]
    dealt_face_up: bool
    rotation: float = 0.0
    position: int = 0
    groups: tuple[str, ...] = ()
    label: str = ""


@dataclass(frozen=True)
class Label:
    """Words a diagram prints beside a layout ("row 3", "North"), centred at ``x``, ``y``
    in card units, turned ``rotation`` degrees anticlockwise."""

    text: str
    x: float
    y: float
    rotation: float = 0.0


@dataclass(frozen=True)
class Layout:
    """The slots of a layout, in slot-number order, and its size in card units.

    ``pitch`` is the horizontal distance between neighbouring cards of a row (text
    diagrams take their spacing from it); ``labels`` are the row or group names a diagram
    prints beside the cards; ``noun`` is what the game's rules call the layout.
    """

    slots: tuple[Slot, ...]
    width: float
    height: float
    pitch: float = 1.1
    labels: tuple[Label, ...] = ()
    noun: str = "layout"
    """What the game calls the cards laid out ("tableau", "pyramid", "walls")."""

    def __len__(self) -> int:
        return len(self.slots)

    @cached_property
    def covered_by(self) -> tuple[tuple[int, ...], ...]:
        """Per slot, the slots whose cards cover it (:attr:`Slot.covered_by`, as a table)."""
        return tuple(slot.covered_by for slot in self.slots)

    def open_cards(self, cards: Sequence[Card | None]) -> list[tuple[int, Card]]:
        """The cards of ``cards`` (by slot, from slot 0) still there with no card over them,
        with their slots, in slot order.  A random game asks this of every position, so
        the covering test is written out rather than made of generators.

        >>> def slot(index, covered_by):
        ...     return Slot(index, f"slot {index}", 1, index, 0, covered_by, (), True)
        >>> two_over_one = Layout((slot(0, (1, 2)), slot(1, ()), slot(2, ())), 3, 1)
        >>> ace, king = Card.parse("Ah"), Card.parse("Kd")
        >>> two_over_one.open_cards([ace, king, ace]), two_over_one.open_cards([ace, None, None])
        ([(1, Card.parse('Kd')), (2, Card.parse('Ah'))], [(0, Card.parse('Ah'))])
        """
        covered_by = self.covered_by
        found = []
        for slot, card in enumerate(cards):
            if card is None:
                continue
            for cover in covered_by[slot]:
                if cards[cover] is not None:
                    break
            else:
                found.append((slot, card))
        return found

    def above(self, index: int) -> frozenset[int]:
        """Every slot that ``index`` covers, directly or through other cards."""
        seen: set[int] = set()
        todo = list(self.slots[index].covers)
        while todo:
            slot = todo.pop()
            if slot not in seen:
                seen.add(slot)
                todo.extend(self.slots[slot].covers)
        return frozenset(seen)


def link(covered_by: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The ``covers`` lists that are the converse of ``covered_by`` lists."""
    covers: list[list[int]] = [[] for _ in covered_by]
    for lower, blockers in enumerate(covered_by):
        for blocker in blockers:
            covers[blocker].append(lower)
    return [tuple(sorted(c)) for c in covers]


@dataclass(frozen=True)
class SlotView:
    """What a diagram shows in one slot: the card (``None`` once gone) and how."""

    slot: Slot
    card: Card | None
    face_up: bool
    badge: str | None = None


@dataclass(frozen=True)
class PileView:
    """A pile beside the layout (stock, waste), at ``x``, ``y`` in card units.

    ``cards`` runs from the bottom of the pile to the top; ``face_up`` says whether the
    top card shows.
    """

    name: str
    cards: tuple[Card, ...]
    face_up: bool
    x: float
    y: float
    badge: str | None = None
    """A move number on the top card (a walkthrough marks a pile card a move takes)."""


@dataclass(frozen=True)
class Marker:
    """A token on the board (Ricochet's ball), centred at ``x``, ``y`` in card units."""

    name: str
    x: float
    y: float


@dataclass(frozen=True)
class BoardView:
    """Everything a renderer needs to draw a position: the layout's slots, the piles, the
    tokens and the layout's labels."""

    slots: tuple[SlotView, ...]
    piles: tuple[PileView, ...]
    width: float
    height: float
    markers: tuple[Marker, ...] = ()
    labels: tuple[Label, ...] = ()
    pitch: float = 1.1
    """The layout's :attr:`Layout.pitch`."""
