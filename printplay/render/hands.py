"""Rows of cards as platypus flowables: hands side by side, each with a caption under it.

Used for poker hands in rulebooks and deal sheets, and for the stock on setup sheets (one
card a group, numbered).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from printplay.cards import Card
from printplay.render.cards import CARD_RATIO, CardStyle, draw_card
from printplay.render.fonts import SANS

CAPTION_COLOUR = HexColor("#555555")


class HandsDiagram(Flowable):
    """Groups of cards in one row, ``captions[i]`` printed under group ``i``.

    Cards within a group overlap by ``overlap`` of a card width (0 = side by side); groups
    are ``group_gap`` card widths apart.  ``styles`` (optional, per group) draws a group's
    cards differently, e.g. greyed for a folded hand.  ``align`` places the row on the line
    (``"CENTER"``, ``"LEFT"`` or ``"RIGHT"``).
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
        align: Literal["LEFT", "CENTER", "RIGHT"] = "CENTER",
    ) -> None:
        super().__init__()
        self.groups = [list(group) for group in groups]
        self.card_width = card_width
        self.captions = list(captions)
        self.step = card_width * (1 - overlap)
        self.gap = card_width * group_gap
        self.caption_size = caption_size
        self.styles = list(styles)
        self.caption_space = caption_size + 3 if self.captions else 0.0
        widths = [self._group_width(index) for index in range(len(self.groups))]
        self.width = sum(widths) + self.gap * max(0, len(widths) - 1)
        self.height = card_width * CARD_RATIO + self.caption_space
        self.hAlign = align

    def _group_width(self, index: int) -> float:
        """The cards' width, or the caption's if that is wider."""
        group = self.groups[index]
        width = self.card_width + self.step * max(0, len(group) - 1)
        if index < len(self.captions):
            width = max(width, stringWidth(self.captions[index], SANS, self.caption_size))
        return width

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """The row's fixed size."""
        return self.width, self.height

    def draw(self) -> None:
        """Draw each group left to right, then its caption centred under it."""
        x = 0.0
        for index, group in enumerate(self.groups):
            style = self.styles[index] if index < len(self.styles) else CardStyle()
            width = self._group_width(index)
            cards_width = self.card_width + self.step * max(0, len(group) - 1)
            left = x + (width - cards_width) / 2
            for position, card in enumerate(group):
                draw_card(
                    self.canv,
                    left + position * self.step,
                    self.caption_space,
                    self.card_width,
                    card,
                    style,
                )
            if index < len(self.captions) and self.captions[index]:
                self.canv.setFont(SANS, self.caption_size)
                self.canv.setFillColor(CAPTION_COLOUR)
                self.canv.drawCentredString(x + width / 2, 1.5, self.captions[index])
            x += width + self.gap
