"""Rows of cards as platypus flowables: hands side by side, each with a caption under it.

Used for poker hands in rulebooks and deal sheets, and for the stock on setup sheets (one
card a group, numbered).  The diagram is a drawing of shapes (:meth:`HandsDiagram.drawing`),
so a web page shows the very picture the PDF prints.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from reportlab.graphics.shapes import Drawing, Group, String
from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from printplay.core.cards import Card
from printplay.render import lean_pdf
from printplay.render.card_shapes import (
    CARD_RATIO,
    CardStyle,
    card_shapes,
    round_rect,
    widest_index,
)
from printplay.render.fonts import SANS, SANS_BOLD, register_fonts
from printplay.render.ink_light import ground

CAPTION_COLOUR = HexColor("#555555")
HIGHLIGHT_FILL = HexColor("#FFF4CC")
HIGHLIGHT_LINE = HexColor("#C99A06")
HIGHLIGHT_TEXT = HexColor("#7A5C00")

INDEX_CLEARANCE = 0.05
"""Card widths left free right of the widest corner index when cards are fanned."""


class HandsDiagram(Flowable):
    """Groups of cards in one row, ``captions[i]`` printed under group ``i``.

    Cards within a group overlap by ``overlap`` of a card width (0 = side by side), but
    never so much that a card hides part of the corner index ("10" and suit) of the card
    under it; groups are ``group_gap`` card widths apart.  ``styles`` (optional, per group)
    draws a group's cards differently, e.g. greyed for a folded hand; ``highlights``
    (optional, per group) frames a group and sets its caption in bold, e.g. a winning hand.
    ``columns`` (optional) breaks the groups into rows of that many, aligned as a grid, top
    row first.  ``align`` places the diagram on the line (``"CENTER"``, ``"LEFT"`` or
    ``"RIGHT"``).
    """

    def __init__(
        self,
        groups: Sequence[Sequence[Card]],
        card_width: float,
        *,
        captions: Sequence[str] = (),
        overlap: float = 0.45,
        group_gap: float = 0.35,
        caption_size: float = 7.0,
        styles: Sequence[CardStyle] = (),
        highlights: Sequence[bool] = (),
        columns: int | None = None,
        row_gap: float = 0.25,
        align: Literal["LEFT", "CENTER", "RIGHT"] = "CENTER",
    ) -> None:
        super().__init__()
        register_fonts()
        self.groups = [list(group) for group in groups]
        self.card_width = card_width
        self.captions = list(captions)
        fanned = any(len(group) > 1 for group in self.groups)
        step = 1 - overlap
        if fanned:
            step = max(step, widest_index(card_width) / card_width + INDEX_CLEARANCE)
        self.step = card_width * step
        self.gap = card_width * group_gap
        self.caption_size = caption_size
        self.styles = list(styles)
        self.highlights = list(highlights)
        self.caption_space = caption_size + 3 if self.captions else 0.0
        self.pad = card_width * 0.1 if any(self.highlights) else 0.0
        self.columns = max(1, columns or len(self.groups) or 1)
        self.rows = [
            list(range(start, min(start + self.columns, len(self.groups))))
            for start in range(0, len(self.groups), self.columns)
        ] or [[]]
        widths = [self._group_width(index) for index in range(len(self.groups))]
        if len(self.rows) == 1:
            self.column_widths = widths
        else:
            self.column_widths = [
                max(widths[index] for index in range(column, len(widths), self.columns))
                for column in range(min(self.columns, len(widths)))
            ]
        self.row_height = card_width * CARD_RATIO + self.caption_space
        self.row_gap = card_width * row_gap + 2 * self.pad
        self.width = (
            sum(self.column_widths) + self.gap * max(0, len(self.column_widths) - 1) + 2 * self.pad
        )
        self.height = (
            self.row_height * len(self.rows) + self.row_gap * (len(self.rows) - 1) + 2 * self.pad
        )
        self.hAlign = align

    def _cards_width(self, index: int) -> float:
        return self.card_width + self.step * max(0, len(self.groups[index]) - 1)

    def _caption_font(self, index: int) -> str:
        return SANS_BOLD if self._highlighted(index) else SANS

    def _highlighted(self, index: int) -> bool:
        return index < len(self.highlights) and self.highlights[index]

    def _group_width(self, index: int) -> float:
        """The cards' width, or the caption's if that is wider."""
        width = self._cards_width(index)
        if index < len(self.captions):
            caption = stringWidth(
                self.captions[index], self._caption_font(index), self.caption_size
            )
            width = max(width, caption)
        return width

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """The diagram's fixed size."""
        return self.width, self.height

    def drawing(self) -> Drawing:
        """The diagram as a drawing (shapes), for a PDF or a web page alike: the rows top
        to bottom, in each the groups left to right, each centred in its column with its
        caption centred under it."""
        drawing = Drawing(self.width, self.height)
        for row_number, row in enumerate(self.rows):
            bottom = self.pad + (len(self.rows) - 1 - row_number) * (self.row_height + self.row_gap)
            x = self.pad
            for column, index in enumerate(row):
                width = self.column_widths[column]
                drawing.add(self._group(index, x, bottom, width))
                x += width + self.gap
        return drawing

    def draw(self) -> None:
        """Draw :meth:`drawing` at the flowable's origin."""
        lean_pdf.draw(self.drawing(), self.canv, 0, 0)

    def _group(self, index: int, x: float, bottom: float, width: float) -> Group:
        group = self.groups[index]
        style = self.styles[index] if index < len(self.styles) else CardStyle()
        cards_width = self._cards_width(index)
        left = x + (width - cards_width) / 2
        shapes = Group()
        if self._highlighted(index):
            inner = max(cards_width, self._group_width(index))
            shapes.add(
                round_rect(
                    x + (width - inner) / 2 - self.pad,
                    bottom - self.pad,
                    inner + 2 * self.pad,
                    self.row_height + 2 * self.pad,
                    self.pad * 1.5,
                    fill=ground(HIGHLIGHT_FILL),
                    stroke=HIGHLIGHT_LINE,
                    stroke_width=1.2,
                )
            )
        for position, card in enumerate(group):
            shapes.add(
                card_shapes(
                    left + position * self.step,
                    bottom + self.caption_space,
                    self.card_width,
                    card,
                    style,
                )
            )
        if index < len(self.captions) and self.captions[index]:
            shapes.add(
                String(
                    x + width / 2,
                    bottom + 1.5,
                    self.captions[index],
                    fontName=self._caption_font(index),
                    fontSize=self.caption_size,
                    fillColor=HIGHLIGHT_TEXT if self._highlighted(index) else CAPTION_COLOUR,
                    textAnchor="middle",
                )
            )
        return shapes
