"""Quick-reference cards: a game's rules in brief on a playing card, front and back.

The words come from the game's rulebook source, never from here: ``rules/<game>.md`` defines
two macros, ``quick_card_front(title=true)`` and ``quick_card_back(title=true)``, each
returning a few lines of Markdown (see ``templates/rulebook.j2``).  They are called in the
rulebook's own context (options, computed tables), so a card says what the rulebook says;
the rulebook's quick-reference page calls the same macros.

A card is typeset in the compact quick-reference styles at the largest size that fits, from
:data:`SIZES` down to :data:`MIN_TEXT` points (no text on a card is smaller), inside a safe
margin of :data:`SAFE_MM` from the cut line.  A side that does not fit even then is an
error naming the source, not a card with text cut off.  :class:`QuickCard` draws a side at
any place on a canvas; the deck prints the cards as extra cards
(:func:`printplay.render.deck.build_deck` with ``quick_ref``).
"""

from __future__ import annotations

import io
from dataclasses import fields, replace
from typing import Any

from reportlab.lib.colors import HexColor, white
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame

from printplay.core.errors import RulebookError
from printplay.core.layout import BoardView
from printplay.models.printable import QuickCardText
from printplay.render.board import BoardDiagram
from printplay.render.books import rulebook_diagrams
from printplay.render.card_sizes import DEFAULT_CARD, CardSize, card_size
from printplay.render.document import PageSetup, pdf_dates
from printplay.render.faces import OUTLINE
from printplay.render.markdown_pdf import DiagramFactory, fill_frame, markdown_to_flowables
from printplay.render.styles import Styles, quickref_styles

SAFE_MM = 4.0
"""Text keeps this far inside the cut line (a crooked cut or a corner rounder never
touches it)."""

BORDER_MM = 2.2
"""A thin frame this far inside the cut line."""

SIZES = (8.0, 7.6, 7.2, 6.9, 6.5)
"""Body sizes tried, in points, largest first."""

MIN_TEXT = 6.5
"""No text on a card is set smaller than this (points)."""

MACROS = ("quick_card_front", "quick_card_back")
"""The macros a rulebook source defines for its quick-reference card (as read by
:mod:`printplay.builders.quickref`)."""

SIDES = ("front", "back")

FRAME = HexColor("#1f5640")
"""The frame's ink: the book's accent green."""


def card_styles(size: float) -> Styles:
    """The quick-reference styles for a body of ``size`` points, every style at least
    :data:`MIN_TEXT` points (leading kept in proportion), headings a little larger than
    the body, in the accent colour."""
    styles = quickref_styles(size)
    changes: dict[str, Any] = {}
    for item in fields(styles):
        style = getattr(styles, item.name)
        if isinstance(style, ParagraphStyle) and style.fontSize < MIN_TEXT:
            ratio = float(style.leading) / float(style.fontSize)
            changes[item.name] = ParagraphStyle(
                style.name, parent=style, fontSize=MIN_TEXT, leading=round(MIN_TEXT * ratio, 2)
            )
    heading = round(size * 1.25, 2)
    for name in ("h1", "h2", "h3"):
        changes[name] = ParagraphStyle(
            name,
            parent=getattr(styles, name),
            fontSize=heading,
            leading=round(heading * 1.2, 2),
            spaceBefore=round(size * 0.4, 2),
            spaceAfter=round(size * 0.3, 2),
            textColor=FRAME,
        )
    return replace(styles, **changes, row_padding=(0.8, 1.4))


class _Fitted(Flowable):
    """A flowable of fixed size (a diagram) shrunk, never enlarged, to the width it gets."""

    def __init__(self, inner: Flowable) -> None:
        super().__init__()
        self.inner = inner
        self.scale = 1.0

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        width, height = self.inner.wrap(availWidth, availHeight)
        self.scale = min(1.0, availWidth / width) if width else 1.0
        self.width, self.height = width * self.scale, height * self.scale
        return self.width, self.height

    def draw(self) -> None:
        self.canv.saveState()
        self.canv.scale(self.scale, self.scale)
        self.inner.drawOn(self.canv, 0, 0)
        self.canv.restoreState()


def _fitted(factory: DiagramFactory) -> DiagramFactory:
    def make(**kwargs: str) -> Flowable:
        return _Fitted(factory(**kwargs))

    return make


def layout_schematic(view: BoardView) -> DiagramFactory:
    """A card-sized ``layout`` diagram of a solitaire (``view``: its layout as dealt): every
    place of the layout and the piles as a card back, no text (a diagram shrunk to a card
    would print its row labels and indices too small to read)."""

    def make(**_: str) -> Flowable:
        blank = replace(
            view,
            slots=tuple(replace(slot, face_up=False, badge=None) for slot in view.slots),
            piles=tuple(replace(pile, face_up=False) for pile in view.piles),
            labels=(),
        )
        return BoardDiagram(blank, _SCHEMATIC_WIDTH, show_hidden=False, pile_labels=False)

    return make


_SCHEMATIC_WIDTH = 1000.0
"""Drawn this wide, then shrunk to the card."""


def _card_diagrams(text: QuickCardText) -> dict[str, DiagramFactory]:
    width = PageSetup().frame_width
    drawn = rulebook_diagrams(text.figures, width)
    diagrams = {name: _fitted(factory) for name, factory in drawn.items()}
    layout = text.figures.get("layout")
    if isinstance(layout, BoardView):
        diagrams["layout"] = _fitted(layout_schematic(layout))
    return diagrams


def _flowables(text: QuickCardText, side: str, size: float, width: float) -> list[Flowable]:
    flowables = markdown_to_flowables(
        text.side(side),
        styles=card_styles(size),
        width=width,
        diagrams=_card_diagrams(text),
        outline=False,
        source=_source(text, side),
    )
    return flowables


def _source(text: QuickCardText, side: str) -> str:
    """How messages name the words of a card's side: the source and its macro."""
    return f"{text.source} ({MACROS[SIDES.index(side)]})"


def _fits(text: QuickCardText, side: str, size: float, width: float, height: float) -> bool:
    story = _flowables(text, side, size, width)
    with pdf_dates():
        canvas = Canvas(io.BytesIO())
    frame = _frame(0.0, 0.0, width, height)
    return fill_frame(frame, story, canvas, source=_source(text, side))


def _frame(x: float, y: float, width: float, height: float) -> Frame:
    return Frame(x, y, width, height, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)


class QuickCard:
    """A game's quick-reference card in one card size, each side fitted once.

    Raises :class:`RulebookError` if a side does not fit even at :data:`MIN_TEXT` points.
    """

    def __init__(self, text: QuickCardText, size: CardSize) -> None:
        self.text = text
        self.size = size
        safe = SAFE_MM * mm
        self.inner = (size.width - 2 * safe, size.height - 2 * safe)
        self.font_sizes: dict[str, float] = {}
        for side in SIDES:
            for font_size in SIZES:
                if _fits(text, side, font_size, *self.inner):
                    self.font_sizes[side] = font_size
                    break
            else:
                raise RulebookError(
                    f"{text.source}: the quick-reference card's {side} "
                    f"(macro {MACROS[SIDES.index(side)]}) does not fit on a "
                    f"{size.width_mm:g} × {size.height_mm:g} mm card even at {MIN_TEXT} pt; "
                    "shorten it"
                )

    @property
    def name(self) -> str:
        """What the card is, for labels."""
        return f"{self.text.title} quick reference"

    def draw(
        self,
        canvas: Canvas,
        side: str,
        x: float,
        y: float,
        *,
        bleed: float = 0.0,
        edge_lines: bool = True,
        art_scale: float = 1.0,
    ) -> None:
        """Draw ``side`` with the card's cut line's lower-left corner at ``x``, ``y``: a white
        card (and its bleed), a grey outline on the cut line, a thin frame, the text.

        ``edge_lines=False`` leaves out the outline and the frame (lines near the cut show
        every drift of a print shop's cut); ``art_scale`` below 1 shrinks the text about
        the card's centre."""
        width, height = self.size.width, self.size.height
        canvas.saveState()
        canvas.translate(x, y)
        canvas.setFillColor(white)
        canvas.rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, stroke=0, fill=1)
        if edge_lines:
            canvas.setStrokeColor(OUTLINE)
            canvas.setLineWidth(0.4)
            canvas.roundRect(0, 0, width, height, 3 * mm, stroke=1, fill=0)
            border = BORDER_MM * mm
            canvas.setStrokeColor(FRAME)
            canvas.setLineWidth(0.6)
            canvas.roundRect(
                border, border, width - 2 * border, height - 2 * border, 2 * mm, stroke=1, fill=0
            )
        if art_scale != 1.0:
            if not 0.0 < art_scale < 1.0:
                raise ValueError(f"art scale {art_scale} is not in (0, 1]")
            canvas.translate(width * (1 - art_scale) / 2, height * (1 - art_scale) / 2)
            canvas.scale(art_scale, art_scale)
        safe = SAFE_MM * mm
        story = _flowables(self.text, side, self.font_sizes[side], self.inner[0])
        frame = _frame(safe, safe, *self.inner)
        placed = fill_frame(frame, story, canvas, source=_source(self.text, side))
        canvas.restoreState()
        if not placed:  # measured to fit: never happens
            raise AssertionError(f"{self.name}: the {side} did not fit")


def quick_card(text: QuickCardText, size: CardSize | str = DEFAULT_CARD) -> QuickCard:
    """The quick-reference card of ``text`` in ``size``."""
    return QuickCard(text, size if isinstance(size, CardSize) else card_size(size))


__all__ = [
    "MACROS",
    "MIN_TEXT",
    "SAFE_MM",
    "QuickCard",
    "card_styles",
    "layout_schematic",
    "quick_card",
]
