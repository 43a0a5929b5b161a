"""The sentences of a setup sheet and its walkthrough, from ``templates/sheet.j2``.

Each function fills one macro of the sheet's words template (or a house edition of it)
with the facts of a sheet model, and returns reportlab's paragraph mini-markup (``<b>``,
``<font>``; card labels with their suits coloured).  The PDF sheet sets it as it is; a web
page turns it into HTML (:func:`printplay.render.markup_html.markup_html`), so both say
the same words.  Also here: the badges a walkthrough diagram puts on the pile tops a
stretch of moves takes, which both draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from printplay.core.layout import BoardView
from printplay.core.protocols import Position
from printplay.models.printable import DealOrderEntry, Segment, Step, Walkthrough
from printplay.render.styles import suit_markup
from printplay.render.words_markup import Words


def piles_text(words: Words, state: Position) -> str:
    """What the piles of ``state`` hold, as a player sees them."""
    piles = [
        {
            "name": pile.name,
            "count": len(pile.cards),
            "face_up": pile.face_up,
            "top": suit_markup(pile.cards[-1].label) if pile.cards else "",
        }
        for pile in state.board().piles
    ]
    return words("piles", piles=piles)


def tagged_place(entry: DealOrderEntry) -> str:
    """The place of a deal-order entry, after the tag the diagram prints there (unless the
    place's words begin with it: ``SW corner``)."""
    if not entry.tag or entry.place.startswith(entry.tag):
        return entry.place
    return f"<b>{entry.tag}</b> {entry.place}"


def badge_piles(view: BoardView, steps: Sequence[Step]) -> BoardView:
    """``view`` with a move number on each pile top that one of ``steps`` takes (Pyramid's
    pair of a pyramid card with the stock's top card): both cards of a move are marked."""
    in_layout = {slot.card for slot in view.slots if slot.card is not None}
    badges: dict[int, str] = {}
    for step in steps:
        if step.move.turns_stock:
            continue
        for card in step.move.cards:
            for number, pile in enumerate(view.piles):
                if card not in in_layout and pile.cards and pile.cards[-1] == card:
                    badges.setdefault(number, str(step.number))
    if not badges:
        return view
    piles = tuple(
        replace(pile, badge=badges[number]) if number in badges else pile
        for number, pile in enumerate(view.piles)
    )
    return replace(view, piles=piles)


def opening_text(words: Words, line: Walkthrough) -> str:
    """Words for a line that opens by turning the stock: what could have been played."""
    cards = [suit_markup(card.label) for card in line.opening_plays]
    shows = [f"the {name} shows {suit_markup(card.label)}" for name, card in line.showing]
    return words("opening", cards=cards, shows=shows)


def segment_heading(words: Words, part: Segment) -> str:
    """The heading of a segment: the stock turns that open it, or the move it follows."""
    status = part.board.status()
    if part.kind is not None:
        cards = [suit_markup(card.label) for card in part.opening_cards]
        return words("segment_heading", kind=part.kind, cards=cards, status=status)
    if part.previous is not None:
        return words("after_heading", number=part.previous, status=status)
    return words("start_heading")


def step_text(words: Words, step: Step) -> str:
    """One move of the line: its number, the move in the engine's words, the score."""
    text = suit_markup(step.words)
    return words("step", number=step.number, text=text, score=step.after.running_score)


def verdict_text(words: Words, line: Walkthrough) -> str:
    """What the solver says of the deal, and what the line below it is."""
    result = line.result
    return words(
        "verdict",
        solvable=result.solvable,
        optimal=result.optimal,
        best_line=line.best_line,
        moves=len(line.steps),
        counts=list(line.counts),
        score=line.final.score,
        states=result.states,
        cleared=line.cleared,
        total=line.start.cards_left,
        seconds=line.seconds,
        reason=line.reason,
        attempt=line.attempt,
        lowest=line.score_order == "lowest",
    )


def ending_text(words: Words, final: Position, moves: int) -> str:
    """How the line ends: won in so many moves, or stuck, with the score."""
    return words(
        "ending",
        won=final.is_won,
        moves=moves,
        left=final.cards_left,
        noun=final.layout.noun,
        score=final.score,
        points=final.running_score,
    )


__all__ = [
    "badge_piles",
    "ending_text",
    "opening_text",
    "piles_text",
    "segment_heading",
    "step_text",
    "tagged_place",
    "verdict_text",
]
