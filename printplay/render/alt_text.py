"""Diagrams in words: the text a screen reader reads instead of a picture of cards.

A board is read place by place as its layout names them, grouped the way the layout groups
them (``Row 1: face down, face down, face down. Row 4: seven of hearts, …``), then its
piles and tokens; a row of hands is read hand by hand with its caption.  Cards are named
in words (``queen of spades``), because a screen reader reads ``Q♠`` badly.

>>> from printplay.core.layout import BoardView, PileView, Slot, SlotView
>>> from printplay.core.cards import parse_card
>>> slot = Slot(0, "row 1, 1st card", 1, 0.0, 0.0, (), (), False)
>>> view = BoardView(
...     (SlotView(slot, parse_card("7h"), False, badge="3"),),
...     (PileView("stock", (parse_card("Kd"), parse_card("2c")), False, 0.0, 2.0),),
...     1.0, 3.0)
>>> board_words(view, show_hidden=False)
'Row 1: face down (move 3). Stock: 2 cards, face down.'
>>> board_words(view, show_hidden=True)
'Row 1: seven of hearts (face down, move 3). Stock: 2 cards, face down.'
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from printplay.core.cards import Card
from printplay.core.layout import BoardView, PileView, SlotView

_PLACE_IN_GROUP = re.compile(r"^\d+(st|nd|rd|th) card$")


def card_words(card: Card) -> str:
    """A card in words: ``seven of hearts``, ``joker``."""
    return card.name


def cards_words(cards: Sequence[Card]) -> str:
    """Several cards in words, separated by commas."""
    return ", ".join(card_words(card) for card in cards)


def _slot_words(view: SlotView, show_hidden: bool) -> str:
    assert view.card is not None
    notes = [] if view.face_up or not show_hidden else ["face down"]
    text = card_words(view.card) if view.face_up or show_hidden else "face down"
    if view.badge:
        notes.append(f"move {view.badge}")
    return f"{text} ({', '.join(notes)})" if notes else text


def _pile_words(pile: PileView) -> str:
    name = pile.name[:1].upper() + pile.name[1:]
    count = len(pile.cards)
    if not count:
        return f"{name}: empty."
    cards = f"{count} card" + ("" if count == 1 else "s")
    badge = f" (move {pile.badge})" if pile.badge else ""
    if not pile.face_up:
        return f"{name}: {cards}, face down{badge}."
    return f"{name}: {cards}, {card_words(pile.cards[-1])} on top{badge}."


def board_words(view: BoardView, *, show_hidden: bool) -> str:
    """What a board diagram shows, in words: the cards of the layout place by place (a
    face-down card as "face down", unless ``show_hidden`` draws its face too), then the
    piles and the tokens."""
    groups: dict[str, list[str]] = {}
    for slot_view in view.slots:
        if slot_view.card is None:
            continue
        group, _, rest = slot_view.slot.name.partition(", ")
        words = _slot_words(slot_view, show_hidden)
        if rest and not _PLACE_IN_GROUP.match(rest):
            words = f"{rest} {words}"
        groups.setdefault(group, []).append(words)
    parts = [f"{name[:1].upper()}{name[1:]}: {', '.join(cards)}." for name, cards in groups.items()]
    if not parts and view.slots:
        parts.append("No card is left in the layout.")
    parts += [_pile_words(pile) for pile in view.piles]
    for marker in view.markers:
        parts.append(f"The {marker.name} lies on the {_nearest_place(view, marker.x, marker.y)}.")
    return " ".join(parts)


def _nearest_place(view: BoardView, x: float, y: float) -> str:
    """The name of the layout place whose centre is nearest to ``x``, ``y`` (card units)."""
    nearest = min(
        view.slots,
        key=lambda v: math.hypot(v.slot.x + 0.5 - x, v.slot.y + 0.5 - y),
    )
    return nearest.slot.name


def boards_words(views: Sequence[BoardView], titles: Sequence[str], *, show_hidden: bool) -> str:
    """Several boards side by side in words, each after its title (or its number)."""
    parts = []
    for number, (view, title) in enumerate(zip(views, titles, strict=True), start=1):
        name = title or f"Diagram {number}"
        parts.append(f"{name}: {board_words(view, show_hidden=show_hidden)}")
    return " ".join(parts)


def hands_words(groups: Sequence[Sequence[Card]], captions: Sequence[str] = ()) -> str:
    """A row of hands in words, each with its caption."""
    parts = []
    for index, group in enumerate(groups):
        caption = captions[index] if index < len(captions) else ""
        cards = cards_words(group) or "no cards"
        parts.append(f"{cards} ({caption})" if caption else cards)
    return "; ".join(parts) + "."


__all__ = ["board_words", "boards_words", "card_words", "cards_words", "hands_words"]
