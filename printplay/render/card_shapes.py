"""Single cards as vector shapes: faces, face-down marks, backs, gaps and move badges.

Cards are built as :mod:`reportlab.graphics` shapes, so one drawing renders to PDF, SVG
and PNG alike (:mod:`printplay.render.board`); :func:`draw_card` puts one on a canvas.
Cards are drawn so that the top half alone identifies them (rank and suit side by side in
the top-left corner), because layouts overlap cards by half their height.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Literal

from reportlab.graphics.shapes import Circle, Drawing, Group, Path, Rect, Shape, String
from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printplay.core.cards import Card, standard_deck
from printplay.core.ink_mode import is_ink_light
from printplay.render import lean_pdf
from printplay.render.fonts import SANS, SANS_BOLD, register_fonts
from printplay.render.ink_light import ground
from printplay.render.styles import MIN_TEXT

CARD_RATIO = 88.9 / 63.5
"""Height over width of a poker-size card (63.5 × 88.9 mm)."""

RED = HexColor("#C8102E")
BLACK = HexColor("#1A1A1A")
BORDER = HexColor("#6E6E6E")
TAG_INK = HexColor("#333333")
"""The ink of a card's place tag (``Wm2``)."""
TAG_SHARE = 0.2
"""A place tag's size, as a share of the card's width (never under :data:`MIN_TEXT`)."""
FACE_DOWN_TINT = HexColor("#D5DEEB")
FACE_DOWN_LINE = HexColor("#A9B8CE")
BACK_FILL = HexColor("#23426E")
BACK_LINE = HexColor("#3F6396")
GAP_LINE = HexColor("#B5B5B5")
BADGE_FILL = HexColor("#12355B")
"""Move numbers sit on a dark disc (white numerals stay legible in greyscale); drawn
ink-light, they are in this ink on white, inside the ring."""
BADGE_RING = HexColor("#E07A10")
BADGE_MIN_SIZE = 7.0
"""The smallest move-number numeral, in points."""

RADIUS = 0.07
"""Corner radius as a fraction of the card width."""


def ink(card: Card) -> Color:
    """Red for hearts and diamonds, black otherwise."""
    return RED if card.is_red else BLACK


@dataclass(frozen=True)
class CardStyle:
    """How a card is drawn: ``face_down`` marks a dealt-face-down card whose identity is
    still shown (setup sheets); ``hidden`` draws the back only (spoiler-free); ``pip``
    draws the big suit symbol in the lower half (left out on covered cards, where it would
    peek out between the cards that cover them); ``tag`` is a small label printed under
    the corner index (a card's row and place, "3·7")."""

    face_down: bool = False
    hidden: bool = False
    badge: str | None = None
    pip: bool = True
    tag: str | None = None


Anchor = Literal["start", "middle", "end"]

JOKER_INDEX = "JKR"
"""The joker's corner index (no suit): short enough to show in a fan, like a "10" and suit."""

INDEX_SIZE = 0.30
"""The suit symbol of the corner index, as a fraction of the card width (never under
:data:`MIN_TEXT`: on a miniature card the index takes more of the card); the rank is as
big, a two-character rank ("10") squeezed sideways to keep its height."""

_INDEX_LEFT = 0.08
_INDEX_GAP = 0.02
_SQUEEZE = 0.8
"""Horizontal scale of a two-character rank, which keeps the full height."""


def _index_text(card: Card) -> tuple[str, str]:
    """The corner index: the rank label and the suit symbol (empty for a joker)."""
    if card.is_joker:
        return JOKER_INDEX, ""
    assert card.suit is not None
    return card.rank.label, card.suit.symbol


def _index_size(width: float) -> float:
    """The size of the corner index's suit symbol on a card ``width`` points wide."""
    return max(width * INDEX_SIZE, MIN_TEXT)


def _rank_size(width: float, label: str) -> float:
    return max(width * INDEX_SIZE * (0.86 if len(label) > 2 else 1.0), MIN_TEXT)


def _rank_width(label: str, size: float) -> float:
    squeeze = _SQUEEZE if len(label) == 2 else 1.0
    return stringWidth(label, SANS_BOLD, size) * squeeze


def index_reach(card: Card, width: float) -> float:
    """How far right of the card's left edge its corner index (rank and suit) reaches."""
    register_fonts()
    label, symbol = _index_text(card)
    reach = width * _INDEX_LEFT + _rank_width(label, _rank_size(width, label))
    if symbol:
        reach += width * _INDEX_GAP + stringWidth(symbol, SANS, _index_size(width))
    return reach


@cache
def widest_index(width: float) -> float:
    """How far right the widest corner index of any card reaches on cards ``width`` points
    wide: cards fanned at least this far apart (plus a little) show every index whole."""
    return max(index_reach(card, width) for card in standard_deck(jokers=2))


def _text(
    x: float,
    y: float,
    text: str,
    font: str,
    size: float,
    colour: Color,
    anchor: Anchor = "start",
    squeeze: float = 1.0,
) -> Shape:
    string = String(x, y, text, fontName=font, fontSize=size, fillColor=colour, textAnchor=anchor)
    if squeeze == 1.0:
        return string
    string.x, string.y = 0, 0
    group = Group(string)
    group.transform = (squeeze, 0, 0, 1, x, y)
    return group


def round_rect(
    x: float,
    y: float,
    width: float,
    height: float,
    radius: float,
    *,
    fill: Color | None,
    stroke: Color | None,
    stroke_width: float = 0.0,
    opacity: float = 1.0,
) -> Rect:
    """A rounded rectangle shape (``None`` for no fill or no outline)."""
    rect = Rect(x, y, width, height, rx=radius, ry=radius)
    rect.fillColor = fill
    rect.strokeColor = stroke
    rect.strokeWidth = stroke_width
    if opacity != 1.0:
        rect.fillOpacity = opacity
    return rect


def card_shapes(
    x: float, y: float, width: float, card: Card, style: CardStyle = CardStyle()
) -> Group:
    """``card`` with its bottom-left corner at ``x``, ``y`` (points), as shapes."""
    register_fonts()
    height = width * CARD_RATIO
    radius = width * RADIUS
    line = max(0.4, width * 0.012)
    group = Group()
    if style.hidden:
        _add_back(group, x, y, width, height, radius, line)
    else:
        fill = ground(FACE_DOWN_TINT) if style.face_down else white
        group.add(
            round_rect(x, y, width, height, radius, fill=fill, stroke=BORDER, stroke_width=line)
        )
        if style.face_down:
            _add_hatch(group, x, y, width, height, radius, FACE_DOWN_LINE, width * 0.16, line)
            group.add(
                round_rect(x, y, width, height, radius, fill=None, stroke=BORDER, stroke_width=line)
            )
        _add_face(group, x, y, width, height, card, style)
    if style.badge:
        # Below the index, in the half a covering row leaves visible, clear of the pip.
        group.add(badge_shapes(x + width * 0.7, y + height * 0.58, width * 0.2, style.badge))
    return group


def _add_face(
    group: Group, x: float, y: float, width: float, height: float, card: Card, style: CardStyle
) -> None:
    size = _index_size(width)
    top = y + height - width * 0.08 - size * 0.8
    left = x + width * _INDEX_LEFT
    label, symbol = _index_text(card)
    rank_size = _rank_size(width, label)
    rank_width = _rank_width(label, rank_size)
    colour = ink(card)
    if style.face_down:
        pad = width * 0.04
        text_width = rank_width + (size * 1.05 if symbol else 0.0)
        group.add(
            round_rect(
                left - pad,
                top - size * 0.28,
                text_width + 2 * pad,
                size * 1.25,
                width * 0.05,
                fill=white,
                stroke=None,
            )
        )
    squeeze = _SQUEEZE if len(label) == 2 else 1.0
    group.add(_text(left, top, label, SANS_BOLD, rank_size, colour, squeeze=squeeze))
    if symbol:
        shift = rank_width + width * _INDEX_GAP
        group.add(_text(left + shift, top, symbol, SANS, size, colour))
    if style.tag:
        # The tag names the card's place in the deal order list: large and dark enough to
        # read at true size, on white over a hatched face-down card.
        tag_size = max(width * TAG_SHARE, MIN_TEXT)
        tag_top = top - tag_size * 1.3
        tag_width = stringWidth(style.tag, SANS_BOLD, tag_size)
        group.add(
            round_rect(
                left - width * 0.03,
                tag_top - tag_size * 0.25,
                tag_width + width * 0.06,
                tag_size * 1.15,
                width * 0.03,
                fill=white,
                stroke=None,
            )
        )
        group.add(_text(left, tag_top, style.tag, SANS_BOLD, tag_size, TAG_INK))
    if not style.pip:
        return
    # The big pip stays in the lower half, which overlapping rows hide completely.
    if card.is_joker:
        group.add(
            _text(x + width / 2, y + height * 0.13, "★", SANS_BOLD, width * 0.42, colour, "middle")
        )
        return
    group.add(_text(x + width / 2, y + height * 0.13, symbol, SANS, width * 0.5, colour, "middle"))


def _clip_diagonal(
    start: float, box: tuple[float, float, float, float], radius: float
) -> tuple[float, float, float, float] | None:
    """The part of the line ``y - box_y = x - start`` (slope 1) inside the rounded
    rectangle ``box`` (x, y, width, height) with corner ``radius``, or ``None``."""
    bx, by, bw, bh = box
    # Parametrise by t: (start + t, by + t); inside the plain rectangle for t in [lo, hi].
    lo = max(0.0, bx - start)
    hi = min(bh, bx + bw - start)
    if hi <= lo:
        return None

    def inside(t: float) -> bool:
        px, py = start + t, by + t
        nearest_x = min(max(px, bx + radius), bx + bw - radius)
        nearest_y = min(max(py, by + radius), by + bh - radius)
        return math.hypot(px - nearest_x, py - nearest_y) <= radius + 1e-9

    # Walk each end inwards until it is inside the rounded corners (a few small steps).
    step = radius / 16 if radius > 0 else 0.0
    while lo < hi and step and not inside(lo):
        lo += step
    while hi > lo and step and not inside(hi):
        hi -= step
    if hi <= lo:
        return None
    return start + lo, by + lo, start + hi, by + hi


@cache
def _hatch_segments(
    width: float, height: float, radius: float, spacing: float
) -> tuple[tuple[float, float, float, float], ...]:
    """The diagonals of a hatch over a ``width`` by ``height`` rounded rectangle (corner
    ``radius``) at its origin, ``spacing`` apart: the same for every card of a size."""
    segments = []
    offset = -height
    while offset < width:
        segment = _clip_diagonal(offset, (0.0, 0.0, width, height), radius)
        if segment is not None:
            segments.append(segment)
        offset += spacing
    return tuple(segments)


def _add_hatch(
    group: Group,
    x: float,
    y: float,
    width: float,
    height: float,
    radius: float,
    colour: Color,
    spacing: float,
    line: float,
) -> None:
    """Diagonal lines over a rounded rectangle, as one path (drawn as fast as one shape)."""
    path = Path(strokeColor=colour, strokeWidth=max(0.3, width * 0.012), fillColor=None)
    for x0, y0, x1, y1 in _hatch_segments(width, height, radius, spacing):
        path.moveTo(x + x0, y + y0)
        path.lineTo(x + x1, y + y1)
    group.add(path)


def _add_back(
    group: Group, x: float, y: float, width: float, height: float, radius: float, line: float
) -> None:
    """A back: navy, its lattice and a white frame; drawn ink-light, white paper with the
    lattice and the frame in the lattice's blue."""
    light = is_ink_light()
    group.add(
        round_rect(
            x, y, width, height, radius, fill=ground(BACK_FILL), stroke=BORDER, stroke_width=line
        )
    )
    inset = width * 0.08
    inner = (x + inset, y + inset, width - 2 * inset, height - 2 * inset)
    _add_hatch(group, *inner, radius * 0.6, BACK_LINE, width * 0.1, line)
    frame = BACK_LINE if light else white
    group.add(
        round_rect(
            *inner, radius * 0.6, fill=None, stroke=frame, stroke_width=max(0.3, width * 0.015)
        )
    )


def card_badge(x: float, y: float, width: float, text: str) -> Group:
    """The move-number badge of a card whose bottom-left corner is at ``x``, ``y``: below
    the index, in the half a covering row leaves visible, clear of the pip and of the
    index of the card below.  Diagrams draw it after every card, so none hides it."""
    dx, dy = badge_offset(width)
    return badge_shapes(x + width / 2 + dx, y + width * CARD_RATIO / 2 + dy, width * 0.2, text)


def badge_offset(width: float) -> tuple[float, float]:
    """Where :func:`card_badge` centres its disc, from the centre of a card ``width`` wide
    (right of centre and a little above it, y up)."""
    return width * 0.22, width * CARD_RATIO * 0.1


def gap_shapes(x: float, y: float, width: float) -> Rect:
    """The dashed outline of an empty place."""
    rect = round_rect(
        x,
        y,
        width,
        width * CARD_RATIO,
        width * RADIUS,
        fill=None,
        stroke=GAP_LINE,
        stroke_width=0.5,
    )
    rect.strokeDashArray = [2, 2]
    return rect


def badge_shapes(cx: float, cy: float, radius: float, text: str) -> Group:
    """A move number on a dark disc centred at ``cx``, ``cy``: numerals of at least
    :data:`BADGE_MIN_SIZE` points, the disc grown to hold them."""
    register_fonts()
    size = max(BADGE_MIN_SIZE, radius * 1.05)
    radius = max(radius, stringWidth(text, SANS_BOLD, size) / 2 + size * 0.12, size * 0.72)
    light = is_ink_light()
    group = Group(
        Circle(
            cx,
            cy,
            radius,
            fillColor=ground(BADGE_FILL),
            strokeColor=BADGE_RING,
            strokeWidth=max(0.6, radius * 0.14),
        )
    )
    numerals = BADGE_FILL if light else white
    group.add(_text(cx, cy - size * 0.36, text, SANS_BOLD, size, numerals, "middle"))
    return group


def render_shapes(canvas: Canvas, shapes: Shape) -> None:
    """Draw ``shapes`` (in canvas coordinates) on a reportlab canvas."""
    drawing = Drawing(0, 0)
    drawing.add(shapes)
    lean_pdf.draw(drawing, canvas, 0, 0, show_boundary=False)


def draw_card(
    canvas: Canvas, x: float, y: float, width: float, card: Card, style: CardStyle = CardStyle()
) -> None:
    """Draw ``card`` with its bottom-left corner at ``x``, ``y`` (points) on a canvas."""
    render_shapes(canvas, card_shapes(x, y, width, card, style))
