"""Drawing single cards on a reportlab canvas: faces, face-down marks, backs, gaps.

Cards are drawn so that the top half alone identifies them (rank and suit side by side
in the top-left corner), because layouts overlap cards by half their height.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printplay.cards import Card, standard_deck
from printplay.render.fonts import SANS, SANS_BOLD, register_fonts

CARD_RATIO = 88.9 / 63.5
"""Height over width of a poker-size card (63.5 × 88.9 mm)."""

RED = HexColor("#C8102E")
BLACK = HexColor("#1A1A1A")
BORDER = HexColor("#6E6E6E")
FACE_DOWN_TINT = HexColor("#D5DEEB")
FACE_DOWN_LINE = HexColor("#A9B8CE")
BACK_FILL = HexColor("#23426E")
BACK_LINE = HexColor("#3F6396")
GAP_LINE = HexColor("#B5B5B5")
BADGE_FILL = HexColor("#E07A10")


def ink(card: Card) -> Color:
    """Red for hearts and diamonds, black otherwise."""
    return RED if card.is_red else BLACK


@dataclass(frozen=True)
class CardStyle:
    """How a card is drawn: ``face_down`` marks a dealt-face-down card whose identity is
    still shown (setup sheets); ``hidden`` draws the back only (spoiler-free); ``pip``
    draws the big suit symbol in the lower half (left out on covered cards, where it would
    peek out between the cards that cover them)."""

    face_down: bool = False
    hidden: bool = False
    badge: str | None = None
    pip: bool = True


def draw_card(
    canvas: Canvas, x: float, y: float, width: float, card: Card, style: CardStyle = CardStyle()
) -> None:
    """Draw ``card`` with its bottom-left corner at ``x``, ``y`` (points)."""
    height = width * CARD_RATIO
    radius = width * 0.07
    canvas.saveState()
    canvas.setLineWidth(max(0.4, width * 0.012))
    canvas.setStrokeColor(BORDER)
    if style.hidden:
        _draw_back(canvas, x, y, width, height, radius)
    else:
        canvas.setFillColor(FACE_DOWN_TINT if style.face_down else white)
        canvas.roundRect(x, y, width, height, radius, stroke=1, fill=1)
        if style.face_down:
            _hatch(canvas, x, y, width, height, FACE_DOWN_LINE, spacing=width * 0.16)
            canvas.setStrokeColor(BORDER)
            canvas.roundRect(x, y, width, height, radius, stroke=1, fill=0)
        _draw_face(canvas, x, y, width, height, card, style)
    if style.badge:
        draw_badge(canvas, x + width * 0.76, y + height * 0.66, width * 0.2, style.badge)
    canvas.restoreState()


JOKER_INDEX = "JKR"
"""The joker's corner index (no suit): short enough to show in a fan, like a "10" and suit."""

INDEX_SIZE = 0.30
"""The suit symbol of the corner index, as a fraction of the card width; the rank is as
big (0.86 of it for two or more characters)."""

_INDEX_LEFT = 0.08
_INDEX_GAP = 0.02


def _index_text(card: Card) -> tuple[str, str]:
    """The corner index: the rank label and the suit symbol (empty for a joker)."""
    if card.is_joker:
        return JOKER_INDEX, ""
    assert card.suit is not None
    return card.rank.label, card.suit.symbol


def _rank_font_size(width: float, label: str) -> float:
    return width * INDEX_SIZE * (0.86 if len(label) > 1 else 1.0)


def index_reach(card: Card, width: float) -> float:
    """How far right of the card's left edge its corner index (rank and suit) reaches."""
    register_fonts()
    label, symbol = _index_text(card)
    reach = width * _INDEX_LEFT + stringWidth(label, SANS_BOLD, _rank_font_size(width, label))
    if symbol:
        reach += width * _INDEX_GAP + stringWidth(symbol, SANS, width * INDEX_SIZE)
    return reach


@cache
def widest_index() -> float:
    """The widest corner index of any card ("10" and its suit), as a fraction of the width:
    cards fanned at least this far apart (plus a little) show every index whole."""
    return max(index_reach(card, 1.0) for card in standard_deck(jokers=2))


def _draw_face(
    canvas: Canvas, x: float, y: float, width: float, height: float, card: Card, style: CardStyle
) -> None:
    size = width * INDEX_SIZE
    top = y + height - width * 0.08 - size * 0.8
    left = x + width * _INDEX_LEFT
    label, symbol = _index_text(card)
    font_size = _rank_font_size(width, label)
    canvas.setFillColor(ink(card))
    if style.face_down:
        pad = width * 0.04
        text_width = canvas.stringWidth(label, SANS_BOLD, font_size) + (
            size * 1.05 if symbol else 0.0
        )
        canvas.setFillColor(white)
        canvas.roundRect(
            left - pad,
            top - size * 0.28,
            text_width + 2 * pad,
            size * 1.25,
            width * 0.05,
            stroke=0,
            fill=1,
        )
        canvas.setFillColor(ink(card))
    canvas.setFont(SANS_BOLD, font_size)
    canvas.drawString(left, top, label)
    if symbol:
        shift = canvas.stringWidth(label, SANS_BOLD, font_size) + width * _INDEX_GAP
        canvas.setFont(SANS, size)
        canvas.drawString(left + shift, top, symbol)
    if not style.pip:
        return
    # The big pip stays in the lower half, which overlapping rows hide completely.
    if card.is_joker:
        canvas.setFont(SANS_BOLD, size * 1.4)
        canvas.drawCentredString(x + width / 2, y + height * 0.13, "★")
        return
    canvas.setFont(SANS, width * 0.5)
    canvas.drawCentredString(x + width / 2, y + height * 0.13, symbol)


def _hatch(
    canvas: Canvas, x: float, y: float, width: float, height: float, colour: Color, spacing: float
) -> None:
    canvas.saveState()
    path = canvas.beginPath()
    path.roundRect(x, y, width, height, width * 0.07)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.setStrokeColor(colour)
    canvas.setLineWidth(max(0.3, width * 0.012))
    offset = -height
    while offset < width:
        canvas.line(x + offset, y, x + offset + height, y + height)
        offset += spacing
    canvas.restoreState()


def _draw_back(
    canvas: Canvas, x: float, y: float, width: float, height: float, radius: float
) -> None:
    canvas.setFillColor(BACK_FILL)
    canvas.roundRect(x, y, width, height, radius, stroke=1, fill=1)
    inset = width * 0.08
    _hatch(
        canvas,
        x + inset,
        y + inset,
        width - 2 * inset,
        height - 2 * inset,
        BACK_LINE,
        spacing=width * 0.1,
    )
    canvas.setStrokeColor(white)
    canvas.setLineWidth(max(0.3, width * 0.015))
    canvas.roundRect(
        x + inset, y + inset, width - 2 * inset, height - 2 * inset, radius * 0.6, stroke=1, fill=0
    )


def draw_gap(canvas: Canvas, x: float, y: float, width: float) -> None:
    """Draw the dashed outline of an empty place."""
    canvas.saveState()
    canvas.setStrokeColor(GAP_LINE)
    canvas.setLineWidth(0.5)
    canvas.setDash(2, 2)
    canvas.roundRect(x, y, width, width * CARD_RATIO, width * 0.07, stroke=1, fill=0)
    canvas.restoreState()


def draw_badge(canvas: Canvas, cx: float, cy: float, radius: float, text: str) -> None:
    """A filled circle with a short label (a move number) centred at ``cx``, ``cy``."""
    canvas.saveState()
    canvas.setFillColor(BADGE_FILL)
    canvas.setStrokeColor(white)
    canvas.setLineWidth(max(0.4, radius * 0.12))
    canvas.circle(cx, cy, radius, stroke=1, fill=1)
    canvas.setFillColor(white)
    size = radius * (1.15 if len(text) < 2 else 0.95 if len(text) < 3 else 0.75)
    canvas.setFont(SANS_BOLD, size)
    canvas.drawCentredString(cx, cy - size * 0.36, text)
    canvas.restoreState()
