"""Full-size playing cards, faces and backs, as ``reportlab.graphics`` shapes.

Every card is a :class:`~reportlab.graphics.shapes.Group` in the card's own frame: points, the
origin at the bottom-left corner of the cut line, the card ``width`` × ``height`` points. Art
that bleeds past the cut line lies at negative coordinates and beyond the width and height.
The same group renders to PDF (the printable deck), SVG or PNG (through reportlab's renderers);
:func:`face_drawing` and :func:`back_drawing` wrap one card in a Drawing of its own.

The cards share the diagrams' colours (:mod:`printplay.render.card_shapes`) and the embedded DejaVu
font: the corner indices are text in it (so a PDF's suits extract as ♠♥♦♣), and the pips are
the very outlines of its suit glyphs, read from the bundled font file and drawn as vector paths.
A suit never depends on colour alone: each has its own shape, and red prints lighter than
black in greyscale.
"""

from __future__ import annotations

import io
import math
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Literal

from reportlab.graphics.shapes import (
    Circle,
    Drawing,
    Group,
    Line,
    Path,
    Polygon,
    Rect,
    SolidShape,
    String,
)
from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from printplay.core.cards import Card, Rank, Suit
from printplay.core.errors import OptionError
from printplay.render.card_shapes import BACK_FILL, BACK_LINE, BLACK, JOKER_INDEX, RED, ink
from printplay.render.card_sizes import CARD_SIZES, CardSize, card_size
from printplay.render.fonts import SANS, SANS_BOLD, register_fonts

if TYPE_CHECKING:
    from fontTools.ttLib import TTFont

# --- colours ---------------------------------------------------------------------------------

GREEN = HexColor("#135324")
"""Clubs in a four-colour deck: a dark green, the second darkest grey in greyscale."""
BLUE = HexColor("#2662C6")
"""Diamonds in a four-colour deck: a mid blue, the third darkest grey."""
LIGHT_RED = HexColor("#F74B3D")
"""Hearts in a four-colour deck: a bright red, the lightest grey of the four (still 3.5 : 1
on white, for pips and indices that are large and bold)."""
GOLD = HexColor("#D9A21B")
"""The accent of the court cards' crowns and the jester's bells."""
OUTLINE = HexColor("#8C8C8C")
"""The thin cut-line outline of a face."""
BACK_ACCENT = HexColor("#C9D6EA")
"""The light lines and lettering of a back."""

FOUR_COLOURS: dict[Suit, Color] = {
    Suit.CLUBS: GREEN,
    Suit.DIAMONDS: BLUE,
    Suit.HEARTS: LIGHT_RED,
    Suit.SPADES: BLACK,
}
"""The inks of a four-colour deck, chosen to print as four well-separated greys on a greyscale
printer: spades darkest, then clubs, diamonds and hearts, about an eighth of the scale apart."""


@dataclass(frozen=True)
class FaceStyle:
    """How faces are drawn: a four-colour deck (clubs green, diamonds blue, hearts a lighter
    red), large (low-vision) corner indices, and outline (ink-light) faces."""

    four_colour: bool = False
    large_index: bool = False
    outline: bool = False
    """Ink-light faces, the lite kit's: court cards and jokers drawn in outline, without
    their tinted panel and gold; hearts and diamonds marked by shape, their pips and index
    suits hollow, spades and clubs solid, so that the two colours differ in greyscale and
    to colour-blind eyes."""

    def hollow(self, suit: Suit) -> bool:
        """Whether ``suit``'s pips and index symbol are drawn hollow (outlined)."""
        return self.outline and suit.is_red


def suit_colour(suit: Suit, style: FaceStyle = FaceStyle()) -> Color:
    """The ink of a suit: the diagrams' red and black, or the four-colour deck's."""
    if style.four_colour:
        return FOUR_COLOURS[suit]
    return RED if suit.is_red else BLACK


def card_colour(card: Card, style: FaceStyle = FaceStyle()) -> Color:
    """The ink of a card; the first joker is black, the second red."""
    if card.suit is None:
        return RED if card.joker == 2 else BLACK
    if style.four_colour:
        return FOUR_COLOURS[card.suit]
    return ink(card)


def tint(colour: Color, amount: float) -> Color:
    """``colour`` mixed with white: ``amount`` 0 is white, 1 the colour itself."""
    return Color(
        1 - (1 - colour.red) * amount,
        1 - (1 - colour.green) * amount,
        1 - (1 - colour.blue) * amount,
    )


def luma(colour: Color) -> float:
    """The grey level (0 black, 1 white) a colour prints as in greyscale (Rec. 601)."""
    return 0.299 * colour.red + 0.587 * colour.green + 0.114 * colour.blue


# --- glyph outlines -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Glyph:
    """A TrueType glyph's outline in font units: closed contours of ``(x, y, on_curve)``."""

    contours: tuple[tuple[tuple[int, int, bool], ...], ...]
    bounds: tuple[int, int, int, int]
    advance: int
    units_per_em: int


@cache
def _font_file(filename: str) -> TTFont:
    """A bundled font, read by fontTools (imported only when a glyph is first needed)."""
    from fontTools.ttLib import TTFont

    data = (resources.files("printplay") / "fonts" / filename).read_bytes()
    return TTFont(io.BytesIO(data))


@cache
def _char_map(filename: str) -> dict[int, str]:
    """A bundled font's characters: code point to glyph name (its best Unicode cmap)."""
    return {int(code): str(name) for code, name in _font_file(filename).getBestCmap().items()}


@cache
def glyph(char: str, filename: str = "DejaVuSans.ttf") -> Glyph:
    """The outline of ``char`` in a bundled font (a simple, not composite, glyph)."""
    font = _font_file(filename)
    name = _char_map(filename)[ord(char)]
    table = font["glyf"]
    outline = table[name]
    if outline.isComposite():
        raise ValueError(f"{char!r} is a composite glyph in {filename}")
    if not outline.numberOfContours:
        raise ValueError(f"{char!r} has no outline in {filename}")
    points, ends, flags = outline.getCoordinates(table)
    corners = [(int(x), int(y), bool(flag & 1)) for (x, y), flag in zip(points, flags, strict=True)]
    contours, first = [], 0
    for end in ends:
        contours.append(tuple(corners[first : end + 1]))
        first = end + 1
    bounds = (int(outline.xMin), int(outline.yMin), int(outline.xMax), int(outline.yMax))
    advance = int(font["hmtx"][name][0])
    return Glyph(tuple(contours), bounds, advance, int(font["head"].unitsPerEm))


Point = tuple[float, float]

_NON_ZERO: Literal[1] = 1
"""reportlab's FILL_NON_ZERO: TrueType outlines are filled by the non-zero winding rule."""


def _rect(
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    radius: float = 0.0,
    fill: Color | None = None,
    stroke: Color | None = None,
    line: float = 1.0,
) -> Rect:
    """A rectangle (with rounded corners when ``radius`` is set)."""
    rect = Rect(x, y, width, height, rx=radius, ry=radius)
    rect.fillColor = fill
    rect.strokeColor = stroke
    rect.strokeWidth = line
    return rect


def _outline_path(
    shape: Glyph, place: Callable[[float, float], Point], colour: Color, line: float = 0.0
) -> Path:
    """A filled path of ``shape``'s contours, each point mapped through ``place`` (with a
    ``line`` width, its outline only)."""
    if line:
        path = Path(fillColor=None, strokeColor=colour, strokeWidth=line, fillMode=_NON_ZERO)
        path.strokeLineJoin = 1  # round: no spikes at the sharp tips of a suit
    else:
        path = Path(fillColor=colour, strokeColor=None, strokeWidth=0, fillMode=_NON_ZERO)
    for contour in shape.contours:
        points = [(float(x), float(y), on) for x, y, on in contour]
        if not any(on for _, _, on in points):
            a, b = points[0], points[1]
            points.insert(0, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, True))
        start = next(i for i, p in enumerate(points) if p[2])
        points = points[start:] + points[:start]
        current = place(points[0][0], points[0][1])
        path.moveTo(*current)
        control: Point | None = None

        def quad(control: Point, end: Point) -> None:
            nonlocal current
            c1 = (
                current[0] + 2 / 3 * (control[0] - current[0]),
                current[1] + 2 / 3 * (control[1] - current[1]),
            )
            c2 = (end[0] + 2 / 3 * (control[0] - end[0]), end[1] + 2 / 3 * (control[1] - end[1]))
            path.curveTo(c1[0], c1[1], c2[0], c2[1], end[0], end[1])
            current = end

        for x, y, on in [*points[1:], points[0]]:
            here = place(x, y)
            if on:
                if control is None:
                    path.lineTo(*here)
                    current = here
                else:
                    quad(control, here)
                    control = None
            elif control is None:
                control = here
            else:
                quad(control, ((control[0] + here[0]) / 2, (control[1] + here[1]) / 2))
                control = here
        path.closePath()
    return path


def glyph_shape(
    char: str,
    cx: float,
    cy: float,
    height: float,
    colour: Color,
    *,
    upside_down: bool = False,
    filename: str = "DejaVuSans.ttf",
    hollow: bool = False,
) -> Path:
    """``char``'s outline as a filled path, its ink ``height`` points tall, centred on
    ``cx``, ``cy`` (turned half a turn when ``upside_down``; outlined, not filled, when
    ``hollow``: a line of :func:`hollow_line`, inside the same height)."""
    shape = glyph(char, filename)
    x0, y0, x1, y1 = shape.bounds
    line = hollow_line(height) if hollow else 0.0
    # A hollow glyph's line straddles its outline: shrunk by the line's width, it keeps the
    # filled glyph's size.
    scale = (height - line) / (y1 - y0)
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    sign = -1.0 if upside_down else 1.0

    def place(x: float, y: float) -> Point:
        return cx + sign * (x - mx) * scale, cy + sign * (y - my) * scale

    return _outline_path(shape, place, colour, line)


HOLLOW_LINE = (0.55, 0.05, 1.1)
"""A hollow glyph's line: the narrowest (points), its share of the glyph's height, the
widest (points)."""


def hollow_line(height: float) -> float:
    """The width of the line drawing a hollow glyph ``height`` points tall."""
    narrowest, share, widest = HOLLOW_LINE
    return min(max(narrowest, height * share), widest)


def pip(
    suit: Suit,
    cx: float,
    cy: float,
    height: float,
    colour: Color,
    *,
    upside_down: bool = False,
    hollow: bool = False,
) -> Path:
    """A suit pip: the DejaVu glyph's outline, ``height`` points tall, centred on ``cx, cy``
    (outlined, not filled, when ``hollow``)."""
    return glyph_shape(suit.symbol, cx, cy, height, colour, upside_down=upside_down, hollow=hollow)


def pip_width(suit: Suit, height: float) -> float:
    """The width of a pip ``height`` points tall."""
    x0, y0, x1, y1 = glyph(suit.symbol).bounds
    return height * (x1 - x0) / (y1 - y0)


# --- pip layouts --------------------------------------------------------------------------------

PIP_LAYOUTS: dict[int, tuple[tuple[int, float], ...]] = {
    1: ((0, 0.5),),
    2: ((0, 0.0), (0, 1.0)),
    3: ((0, 0.0), (0, 0.5), (0, 1.0)),
    4: ((-1, 0.0), (1, 0.0), (-1, 1.0), (1, 1.0)),
    5: ((-1, 0.0), (1, 0.0), (0, 0.5), (-1, 1.0), (1, 1.0)),
    6: ((-1, 0.0), (1, 0.0), (-1, 0.5), (1, 0.5), (-1, 1.0), (1, 1.0)),
    7: ((-1, 0.0), (1, 0.0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1.0), (1, 1.0)),
    8: ((-1, 0.0), (1, 0.0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1.0), (1, 1.0)),
    9: (
        (-1, 0.0), (1, 0.0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5),
        (-1, 2 / 3), (1, 2 / 3), (-1, 1.0), (1, 1.0),
    ),
    10: (
        (-1, 0.0), (1, 0.0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3),
        (-1, 2 / 3), (1, 2 / 3), (0, 5 / 6), (-1, 1.0), (1, 1.0),
    ),
}  # fmt: skip
"""The classic pip layouts, Ace to 10: each pip as (column -1/0/1, row from 0 at the top to 1
at the bottom). Pips below the middle are turned upside down, as on a real card."""


@dataclass(frozen=True)
class _Metrics:
    """Where things go on a face (millimetres unless stated)."""

    index_x: float  # centre of the index column from the left edge
    index_top: float  # top of the rank from the top edge
    rank_cap: float  # cap height of the rank
    suit_height: float  # height of the suit under the rank
    index_gap: float  # between the rank and the suit
    column: float  # pip columns from the centre, as a fraction of the width
    first_row: float  # top pip row's centre from the top, as a fraction of the height
    pip_height: float  # fraction of the width
    frame_x: float  # court frame inset from the sides
    frame_y: float  # court frame inset from top and bottom


_STANDARD = _Metrics(5.4, 3.8, 6.0, 4.6, 1.3, 0.205, 0.19, 0.15, 11.0, 8.0)
_LARGE = _Metrics(7.0, 3.4, 9.0, 6.6, 1.3, 0.17, 0.2, 0.12, 15.0, 8.0)

_CAP = 1493 / 2048
"""Cap height of DejaVu Sans Bold, as a fraction of the font size."""
_SUIT_INK = 1492 / 2048
_COURT_ZONE = (1493 + 410) / 1493
"""The height of the box court letters sit in, in cap heights: the J's, hook and all."""
"""Height of the suit glyphs of DejaVu Sans, as a fraction of the font size."""


def _metrics(style: FaceStyle) -> _Metrics:
    return _LARGE if style.large_index else _STANDARD


def _rank_text(text: str, x: float, top: float, cap: float, colour: Color) -> Group:
    """A rank (or one letter of the joker's index) centred on ``x``, its cap top at ``top``;
    two-character ranks ("10") condensed to the width of one broad letter."""
    size = cap / _CAP
    group = Group()
    width = stringWidth(text, SANS_BOLD, size)
    widest = stringWidth("Q", SANS_BOLD, size)
    squeeze = min(1.0, widest * 1.08 / width)
    label = String(0, 0, text, fontName=SANS_BOLD, fontSize=size, fillColor=colour)
    label.textAnchor = "middle"
    group.add(label)
    group.transform = (squeeze, 0, 0, 1, x, top - cap)
    return group


def _index(card: Card, style: FaceStyle, colour: Color) -> Group:
    """The corner index with the card's top-left corner at the origin (y grows upwards, so
    everything lies below zero)."""
    m = _metrics(style)
    group = Group()
    x = m.index_x * mm
    top = -m.index_top * mm
    if card.suit is None:
        letter = m.rank_cap * 0.62 * mm
        for letter_text in JOKER_INDEX:
            group.add(_rank_text(letter_text, x, top, letter, colour))
            top -= letter + m.index_gap * 0.7 * mm
        star = m.suit_height * 0.9 * mm
        group.add(glyph_shape("★", x, top - star / 2, star, colour))
        return group
    cap = m.rank_cap * mm
    group.add(_rank_text(card.rank.label, x, top, cap, colour))
    suit_height = m.suit_height * mm
    base = top - cap - m.index_gap * mm - suit_height
    size = suit_height / _SUIT_INK
    if style.hollow(card.suit):
        # The glyph's outline where the text's ink would be.
        shape = glyph(card.suit.symbol)
        _, low, _, high = shape.bounds
        ink = (high - low) / shape.units_per_em * size
        middle = base + (low + high) / 2 / shape.units_per_em * size
        group.add(glyph_shape(card.suit.symbol, x, middle, ink, colour, hollow=True))
        return group
    symbol = String(x, base, card.suit.symbol, fontName=SANS, fontSize=size)
    symbol.fillColor = colour
    symbol.textAnchor = "middle"
    group.add(symbol)
    return group


# --- faces -------------------------------------------------------------------------------------


def pip_centres(
    rank: Rank, size: CardSize, style: FaceStyle = FaceStyle()
) -> list[tuple[float, float, bool]]:
    """Where the pips of a numbered card (Ace to 10) go: ``(x, y, upside_down)`` in points."""
    m = _metrics(style)
    w, h = size.width, size.height
    top = h * (1 - m.first_row)
    bottom = h * m.first_row
    return [
        (w / 2 + column * m.column * w, top - row * (top - bottom), row > 0.5)
        for column, row in PIP_LAYOUTS[int(rank)]
    ]


def pip_size(rank: Rank, size: CardSize, style: FaceStyle = FaceStyle()) -> float:
    """The height of a numbered card's pips in points (the Ace's one pip is big)."""
    m = _metrics(style)
    height = m.pip_height * size.width
    return height * (2.6 if rank == Rank.ACE else 1.0)


FACE_INK_MARGIN_MM = 2.0
"""No ink of a face (its indices, pips and court art) comes nearer its cut line than this,
on any side, in either style; only the paper and the thin outline reach the edge."""

BACK_INK_MARGIN_MM = 5.8
"""Nothing on a back but its navy ground and lattice comes nearer its cut line than this
(the outer frame, 6 mm in, and its line's half width)."""


def card_face(
    card: Card,
    size: CardSize = CARD_SIZES["poker"],
    style: FaceStyle = FaceStyle(),
    *,
    bleed: float = 0.0,
    outline: bool = True,
    art_scale: float = 1.0,
) -> Group:
    """The face of ``card`` in its own frame (points, origin at the cut line's bottom-left
    corner); white art extends ``bleed`` points past the cut line.

    ``outline`` draws the thin grey outline on the cut line (a guide for cutting by hand;
    a print shop wants none); ``art_scale`` below 1 shrinks everything but the paper
    about the card's centre (to keep it inside a print shop's safe zone)."""
    register_fonts()
    w, h = size.width, size.height
    colour = card_colour(card, style)
    face = Group()
    face.add(_rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=white), name="paper")
    if outline:
        radius = 3 * mm
        face.add(
            _rect(0, 0, w, h, radius=radius, stroke=OUTLINE, line=0.4),
            name="outline",
        )
    art = face if art_scale == 1.0 else Group()
    if card.is_joker:
        art.add(_joker_art(card, size, style, colour), name="art")
    elif card.rank >= Rank.JACK:
        art.add(_court_art(card, size, style, colour), name="art")
    else:
        art.add(_pips(card, size, style, colour), name="art")
    top = _index(card, style, colour)
    top.transform = (1, 0, 0, 1, 0, h)
    art.add(top, name="index")
    bottom = _index(card, style, colour)
    bottom.transform = (-1, 0, 0, -1, w, 0)
    art.add(bottom, name="index_rotated")
    if art is not face:
        face.add(_scaled(art, size, art_scale), name="art_scaled")
    return face


def _scaled(group: Group, size: CardSize, scale: float) -> Group:
    """``group`` scaled by ``scale`` about the centre of a card of ``size``."""
    if not 0.0 < scale <= 1.0:
        raise ValueError(f"art scale {scale} is not in (0, 1]")
    cx, cy = size.width / 2, size.height / 2
    group.transform = (scale, 0, 0, scale, cx * (1 - scale), cy * (1 - scale))
    return group


def _pips(card: Card, size: CardSize, style: FaceStyle, colour: Color) -> Group:
    assert card.suit is not None
    group = Group()
    height = pip_size(card.rank, size, style)
    hollow = style.hollow(card.suit)
    for x, y, upside_down in pip_centres(card.rank, size, style):
        group.add(pip(card.suit, x, y, height, colour, upside_down=upside_down, hollow=hollow))
    if card.rank == Rank.ACE and card.suit == Suit.SPADES:
        # The maker's ace: the deck's name under the big pip.
        register_fonts()
        name = String(
            size.width / 2,
            size.height / 2 - height / 2 - 5.5 * mm,
            "printplay",
            fontName=SANS_BOLD,
            fontSize=2.6 * mm,
            fillColor=colour,
        )
        name.textAnchor = "middle"
        group.add(name)
    return group


def _frame(size: CardSize, style: FaceStyle) -> tuple[float, float, float, float]:
    m = _metrics(style)
    return m.frame_x * mm, m.frame_y * mm, size.width - m.frame_x * mm, size.height - m.frame_y * mm


def _panel(size: CardSize, style: FaceStyle, colour: Color, suit: Suit | None) -> Group:
    """The court frame: a tinted panel (white in outline), a double rule, a divider with a
    medallion."""
    x0, y0, x1, y1 = _frame(size, style)
    group = Group()
    r = 1.6 * mm
    panel = white if style.outline else tint(colour, 0.09)
    group.add(_rect(x0, y0, x1 - x0, y1 - y0, radius=r, fill=panel, stroke=colour, line=1.1))
    inset = 1.1 * mm
    group.add(
        _rect(x0 + inset, y0 + inset, x1 - x0 - 2 * inset, y1 - y0 - 2 * inset,
              radius=r * 0.6, stroke=colour, line=0.35)
    )  # fmt: skip
    cy = (y0 + y1) / 2
    cx = (x0 + x1) / 2
    group.add(Line(x0 + inset, cy, x1 - inset, cy, strokeColor=colour, strokeWidth=0.6))
    badge = min(3.4 * mm, (x1 - x0) * 0.12)
    group.add(Circle(cx, cy, badge, fillColor=white, strokeColor=colour, strokeWidth=0.6))
    if suit is not None:
        group.add(pip(suit, cx, cy, badge * 1.15, colour, hollow=style.hollow(suit)))
    else:
        group.add(glyph_shape("★", cx, cy, badge * 1.15, colour))
    return group


def _half_turn(group: Group, size: CardSize) -> Group:
    """``group`` turned half a turn about the card's centre."""
    turned = Group(group)
    turned.transform = (-1, 0, 0, -1, size.width, size.height)
    return turned


def _court_art(card: Card, size: CardSize, style: FaceStyle, colour: Color) -> Group:
    assert card.suit is not None
    group = _panel(size, style, colour, card.suit)
    half = _court_half(card, size, style, colour)
    group.add(half)
    group.add(_half_turn(half, size))
    return group


def _court_half(card: Card, size: CardSize, style: FaceStyle, colour: Color) -> Group:
    """The upper half of a court card: a crown (king), a tiara (queen) or a plumed cap
    (jack) above a bold letter flanked by two small pips."""
    assert card.suit is not None
    x0, y0, x1, y1 = _frame(size, style)
    cx = (x0 + x1) / 2
    cy = (y0 + y1) / 2
    half = y1 - cy
    width = x1 - x0
    group = Group()
    cap = min(half * 0.3, width * 0.36)
    # Every court letter sits in a box as tall as the J (whose hook descends below the
    # line), so the three courts of a suit line up; the ink is centred in the box.
    zone_bottom = cy + half * 0.1
    zone = cap * _COURT_ZONE
    letter = card.rank.letter
    x0g, y0g, x1g, y1g = glyph(letter, "DejaVuSans-Bold.ttf").bounds
    ink_height = cap * (y1g - y0g) / 1493
    middle = zone_bottom + zone / 2
    group.add(glyph_shape(letter, cx, middle, ink_height, colour, filename="DejaVuSans-Bold.ttf"))
    letter_width = ink_height * (x1g - x0g) / (y1g - y0g)
    small = min(cap * 0.42, (width - letter_width) / 2 * 0.5)
    side = letter_width / 2 + (width / 2 - letter_width / 2) * 0.48
    hollow = style.hollow(card.suit)
    for sign in (-1, 1):
        group.add(pip(card.suit, cx + sign * side, middle, small, colour, hollow=hollow))
    baseline = zone_bottom
    cap = zone
    crown_bottom = baseline + cap + half * 0.07
    crown_height = min(y1 - 2.4 * mm - crown_bottom, width * 0.42)
    crown_width = min(width * 0.62, crown_height * 1.7)
    motif = {Rank.KING: _crown, Rank.QUEEN: _tiara, Rank.JACK: _cap}[card.rank]
    art = motif(cx, crown_bottom, crown_width, crown_height, colour)
    group.add(_outlined(art, colour) if style.outline else art)
    return group


OUTLINE_LINE = 0.7
"""The line of a court card's or a joker's art drawn in outline (points)."""


def _outlined(group: Group, colour: Color) -> Group:
    """``group`` drawn in outline: every filled shape in it white (still covering what lies
    under it), outlined in ``colour`` (a shape with an outline keeps its own)."""
    for shape in group.contents:
        if isinstance(shape, Group):
            _outlined(shape, colour)
        elif isinstance(shape, SolidShape) and shape.fillColor not in (None, white):
            shape.fillColor = white
            if shape.strokeColor is None:
                shape.strokeColor, shape.strokeWidth = colour, OUTLINE_LINE
    return group


def _crown(cx: float, bottom: float, width: float, height: float, colour: Color) -> Group:
    """A king's crown: a band and five points, each tipped with a ball."""
    group = Group()
    band = height * 0.24
    left, right = cx - width / 2, cx + width / 2
    tips = 5
    ball = width * 0.055
    top = bottom + height - ball * 2
    points: list[float] = [left, bottom + band]
    for i in range(tips):
        x = left + width * i / (tips - 1)
        y = top if i % 2 == 0 else top - height * 0.16
        if i:
            points += [x - width / (tips - 1) / 2, bottom + band + height * 0.22]
        points += [x, y]
    points += [right, bottom + band]
    group.add(Polygon(points, fillColor=colour, strokeColor=None))
    group.add(_rect(left, bottom, width, band, fill=colour))
    for i in range(tips):
        x = left + width * i / (tips - 1)
        y = top if i % 2 == 0 else top - height * 0.16
        group.add(Circle(x, y + ball * 0.8, ball, fillColor=GOLD, strokeColor=colour,
                         strokeWidth=0.5))  # fmt: skip
    for i in range(3):
        x = cx + (i - 1) * width * 0.3
        group.add(_jewel(x, bottom + band / 2, band * 0.36))
    return group


def _jewel(cx: float, cy: float, radius: float) -> Polygon:
    return Polygon(
        [cx, cy + radius, cx + radius, cy, cx, cy - radius, cx - radius, cy],
        fillColor=GOLD,
        strokeColor=None,
    )


def _tiara(cx: float, bottom: float, width: float, height: float, colour: Color) -> Group:
    """A queen's tiara: a band under a dome of arches, pearls along its rim."""
    group = Group()
    band = height * 0.22
    left = cx - width / 2
    pearl = width * 0.045
    dome = height - band - pearl * 2.2
    path = Path(fillColor=colour, strokeColor=None)
    path.moveTo(left, bottom + band)
    arches = 3
    span = width / arches
    for i in range(arches):
        x = left + i * span
        rise = dome * (1.0 if i == 1 else 0.72)
        path.curveTo(x, bottom + band + rise * 1.3, x + span, bottom + band + rise * 1.3,
                     x + span, bottom + band)  # fmt: skip
    path.closePath()
    group.add(path)
    group.add(_rect(left, bottom, width, band, fill=colour))
    for i in range(arches):
        x = left + i * span + span / 2
        rise = dome * (1.0 if i == 1 else 0.72)
        group.add(Circle(x, bottom + band + rise * 0.975 + pearl * 0.7, pearl, fillColor=white,
                         strokeColor=colour, strokeWidth=0.5))  # fmt: skip
        group.add(Circle(x, bottom + band + rise * 0.45, pearl * 0.9, fillColor=GOLD,
                         strokeColor=None))  # fmt: skip
    for i in range(5):
        x = left + width * (i + 0.5) / 5
        group.add(Circle(x, bottom + band / 2, band * 0.2, fillColor=GOLD, strokeColor=None))
    return group


def _cap(cx: float, bottom: float, width: float, height: float, colour: Color) -> Group:
    """A jack's cap: a brimmed beret with a long plume."""
    group = Group()
    brim = height * 0.2
    left = cx - width / 2
    crown_w = width * 0.74
    body = Path(fillColor=colour, strokeColor=None)
    body.moveTo(cx - crown_w / 2, bottom + brim)
    body.curveTo(cx - crown_w / 2, bottom + height * 0.75, cx + crown_w * 0.1,
                 bottom + height * 0.78, cx + crown_w / 2, bottom + brim)  # fmt: skip
    body.closePath()
    group.add(body)
    # The plume sweeps up and back from the cap's side.
    plume = Path(fillColor=GOLD, strokeColor=colour, strokeWidth=0.5)
    base_x, base_y = cx + crown_w * 0.22, bottom + height * 0.5
    tip_x, tip_y = left + width * 0.02, bottom + height * 0.98
    plume.moveTo(base_x, base_y)
    plume.curveTo(cx + crown_w * 0.2, bottom + height * 1.0, cx - crown_w * 0.1,
                  bottom + height * 1.02, tip_x, tip_y)  # fmt: skip
    plume.curveTo(cx - crown_w * 0.12, bottom + height * 0.84, cx + crown_w * 0.05,
                  bottom + height * 0.8, base_x, base_y)  # fmt: skip
    plume.closePath()
    group.add(plume)
    group.add(_rect(left, bottom, width, brim, radius=brim / 2, fill=colour))
    group.add(Circle(base_x, base_y, width * 0.05, fillColor=GOLD, strokeColor=None))
    for i in range(4):
        x = left + width * (i + 0.5) / 4
        group.add(_jewel(x, bottom + brim / 2, brim * 0.3))
    return group


def _joker_art(card: Card, size: CardSize, style: FaceStyle, colour: Color) -> Group:
    group = _panel(size, style, colour, None)
    half = _joker_half(size, style, colour)
    group.add(half)
    group.add(_half_turn(half, size))
    return group


def _joker_half(size: CardSize, style: FaceStyle, colour: Color) -> Group:
    """The upper half of a joker: a jester's three-pointed cap with bells over JOKER."""
    x0, y0, x1, y1 = _frame(size, style)
    cx = (x0 + x1) / 2
    cy = (y0 + y1) / 2
    half = y1 - cy
    width = x1 - x0
    group = Group()
    word = "JOKER"
    font = min(half * 0.17 / _CAP, width * 0.8 / (stringWidth(word, SANS_BOLD, 1)))
    label = String(cx, cy + half * 0.14, word, fontName=SANS_BOLD, fontSize=font, fillColor=colour)
    label.textAnchor = "middle"
    group.add(label)
    bottom = cy + half * 0.14 + font * _CAP + half * 0.08
    height = y1 - 2.2 * mm - bottom
    cap_w = min(width * 0.8, height * 1.5)
    cap = _jester_cap(cx, bottom, cap_w, height, colour)
    group.add(_outlined(cap, colour) if style.outline else cap)
    return group


def _jester_cap(cx: float, bottom: float, width: float, height: float, colour: Color) -> Group:
    group = Group()
    band = height * 0.16
    bell = width * 0.075
    left, right = cx - width / 2, cx + width / 2
    top = bottom + height - bell * 2
    path = Path(fillColor=colour, strokeColor=None)
    base = bottom + band
    path.moveTo(left + width * 0.08, base)
    path.curveTo(
        left,
        base + height * 0.3,
        left - width * 0.02,
        top - height * 0.1,
        left,
        top - height * 0.18,
    )
    path.curveTo(left + width * 0.2, top - height * 0.3, cx - width * 0.14, base + height * 0.35,
                 cx - width * 0.12, base + height * 0.3)  # fmt: skip
    path.curveTo(cx - width * 0.14, top - height * 0.2, cx - width * 0.05, top, cx, top)
    path.curveTo(cx + width * 0.05, top, cx + width * 0.14, top - height * 0.2,
                 cx + width * 0.12, base + height * 0.3)  # fmt: skip
    path.curveTo(cx + width * 0.14, base + height * 0.35, right - width * 0.2, top - height * 0.3,
                 right, top - height * 0.18)  # fmt: skip
    path.curveTo(right + width * 0.02, top - height * 0.1, right, base + height * 0.3,
                 right - width * 0.08, base)  # fmt: skip
    path.closePath()
    group.add(path)
    group.add(_rect(left + width * 0.06, bottom, width * 0.88, band, radius=band / 2, fill=colour))
    for x, y in ((left, top - height * 0.18), (cx, top), (right, top - height * 0.18)):
        group.add(Circle(x, y + bell * 0.7, bell, fillColor=GOLD, strokeColor=colour,
                         strokeWidth=0.5))  # fmt: skip
    for i in range(3):
        x = cx + (i - 1) * width * 0.26
        group.add(_jewel(x, bottom + band / 2, band * 0.32))
    return group


# --- backs ---------------------------------------------------------------------------------------

DECK_NAME = "printplay"
"""The name printed on every back."""

BACK_TEXT_LIMIT = 24
"""The most characters of personal text a back carries."""


def check_back_text(text: str | None) -> str | None:
    """``text`` cleaned for a back (None when empty); an OptionError if it cannot be printed."""
    if text is None:
        return None
    cleaned = " ".join(str(text).split())
    if not cleaned:
        return None
    if len(cleaned) > BACK_TEXT_LIMIT:
        raise OptionError(
            f"back text {cleaned[:BACK_TEXT_LIMIT]!r}… is {len(cleaned)} characters long; "
            f"a back has room for {BACK_TEXT_LIMIT}"
        )
    known = _char_map("DejaVuSans-Bold.ttf")
    missing = sorted({c for c in cleaned if ord(c) not in known})
    if missing:
        raise OptionError(
            f"back text: the bundled font has no {' '.join(missing)} (choose other characters)"
        )
    if not any(unicodedata.category(c)[0] in "LNPS" for c in cleaned):
        raise OptionError("back text: it has no character that prints (only accents or spaces)")
    return cleaned


def _lattice(x0: float, y0: float, x1: float, y1: float, spacing: float) -> Path:
    """Diagonal lines both ways across a box, centred on it, cut exactly at its edges."""
    path = Path(strokeColor=BACK_LINE, strokeWidth=0.55, fillColor=None)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    reach = int(((x1 - x0) + (y1 - y0)) / spacing) + 2
    for slope in (1.0, -1.0):
        for k in range(-reach, reach + 1):
            # The line through (cx, cy + k * spacing * sqrt2) with the given slope.
            c = cy + k * spacing * math.sqrt(2) - slope * cx
            segment = _clip_line(slope, c, x0, y0, x1, y1)
            if segment:
                (ax, ay), (bx, by) = segment
                path.moveTo(ax, ay)
                path.lineTo(bx, by)
    return path


def _clip_line(
    slope: float, c: float, x0: float, y0: float, x1: float, y1: float
) -> tuple[Point, Point] | None:
    """The part of the line y = slope·x + c inside the box, if any of it is."""
    ends: list[Point] = []
    for x in (x0, x1):
        y = slope * x + c
        if y0 <= y <= y1:
            ends.append((x, y))
    for y in (y0, y1):
        x = (y - c) / slope
        if x0 < x < x1:
            ends.append((x, y))
    ends = sorted(set(ends))
    if len(ends) < 2 or ends[0] == ends[-1]:
        return None
    return ends[0], ends[-1]


def card_back(
    size: CardSize = CARD_SIZES["poker"],
    text: str | None = None,
    *,
    bleed: float = 0.0,
    art_scale: float = 1.0,
) -> Group:
    """The back: a full-bleed navy lattice with the deck's name in a central medallion and
    ``text`` under it; the pattern covers the card and its ``bleed`` (points) so that a back
    printed a little out of register still shows no white edge.  ``art_scale`` below 1
    shrinks everything but the ground and lattice about the card's centre."""
    register_fonts()
    text = check_back_text(text)
    w, h = size.width, size.height
    ground = Group()
    x0, y0, x1, y1 = -bleed, -bleed, w + bleed, h + bleed
    ground.add(_rect(x0, y0, x1 - x0, y1 - y0, fill=BACK_FILL), name="fill")
    ground.add(_lattice(x0, y0, x1, y1, 4.2 * mm), name="lattice")
    group = ground if art_scale == 1.0 else Group()
    _back_art(group, size, text)
    if group is not ground:
        ground.add(_scaled(group, size, art_scale), name="art_scaled")
    return ground


def _back_art(group: Group, size: CardSize, text: str | None) -> None:
    """Add to ``group`` everything on a back over its ground: the frames, the medallion
    with the deck's name, the suits and ``text``."""
    w, h = size.width, size.height
    cx, cy = w / 2, h / 2
    # Concentric rounded frames, far enough in that a back a millimetre or two out of
    # register still looks centred.
    for inset, line in ((6.0, 0.9), (7.2, 0.4)):
        r = 2.5 * mm
        group.add(
            _rect(inset * mm, inset * mm, w - 2 * inset * mm, h - 2 * inset * mm, radius=r,
                  stroke=BACK_ACCENT, line=line)
        )  # fmt: skip
    # The medallion: a lozenge with the name, the four suits around it.
    rx, ry = w * 0.36, h * 0.2
    group.add(
        Polygon([cx, cy + ry, cx + rx, cy, cx, cy - ry, cx - rx, cy], fillColor=BACK_FILL,
                strokeColor=BACK_ACCENT, strokeWidth=1.0)
    )  # fmt: skip
    inner = 0.86
    group.add(
        Polygon(
            [cx, cy + ry * inner, cx + rx * inner, cy, cx, cy - ry * inner, cx - rx * inner, cy],
            fillColor=None, strokeColor=BACK_ACCENT, strokeWidth=0.4,
        )
    )  # fmt: skip
    name_size = min(4.6 * mm, rx * 1.3 / stringWidth(DECK_NAME, SANS_BOLD, 1))
    name = String(cx, cy - name_size * _CAP / 2, DECK_NAME, fontName=SANS_BOLD,
                  fontSize=name_size, fillColor=white)  # fmt: skip
    name.textAnchor = "middle"
    group.add(name)
    suit_h = 3.2 * mm
    for suit, dx, dy in (
        (Suit.SPADES, -1, 1),
        (Suit.HEARTS, 1, 1),
        (Suit.DIAMONDS, -1, -1),
        (Suit.CLUBS, 1, -1),
    ):
        # Two suits over the name and two under it, turned, as on a court card.
        group.add(
            pip(
                suit, cx + dx * suit_h * 0.75, cy + dy * ry * 0.5, suit_h, white, upside_down=dy < 0
            )
        )
    for sign in (1, -1):
        # Corner suits, turned for a back that looks the same either way up.
        for suit, dx in ((Suit.HEARTS, -1), (Suit.SPADES, 1)):
            px = cx + dx * (w / 2 - 11 * mm) * sign
            py = cy + sign * (h / 2 - 11 * mm)
            group.add(pip(suit if sign > 0 else _opposite(suit), px, py, 3.0 * mm, BACK_ACCENT,
                          upside_down=sign < 0))  # fmt: skip
    if text:
        size_pt = min(3.2 * mm, (w - 16 * mm) / stringWidth(text, SANS_BOLD, 1))
        for sign in (1, -1):
            label = String(0, 0, text, fontName=SANS_BOLD, fontSize=size_pt, fillColor=white)
            label.textAnchor = "middle"
            band = Group(label)
            offset = ry + 5.5 * mm
            if sign > 0:
                band.transform = (1, 0, 0, 1, cx, cy + offset)
            else:
                band.transform = (-1, 0, 0, -1, cx, cy - offset)
            group.add(band)


def _opposite(suit: Suit) -> Suit:
    return {Suit.HEARTS: Suit.DIAMONDS, Suit.SPADES: Suit.CLUBS}.get(suit, suit)


# --- standalone drawings -------------------------------------------------------------------------


def new_drawing(width: float, height: float) -> Drawing:
    """An empty Drawing whose renderers start in the bundled font: left to reportlab's
    default, every PDF it is drawn into would name Helvetica, a font it does not embed."""
    register_fonts()
    drawing = Drawing(width, height)
    drawing.initialFontName = SANS  # type: ignore[attr-defined]  # (missing from the stubs)
    return drawing


def _wrap(group: Group, size: CardSize, bleed: float) -> Drawing:
    drawing = new_drawing(size.width + 2 * bleed, size.height + 2 * bleed)
    group.transform = (1, 0, 0, 1, bleed, bleed)
    drawing.add(group)
    return drawing


def face_drawing(
    card: Card,
    size: str | CardSize = "poker",
    style: FaceStyle = FaceStyle(),
    *,
    bleed_mm: float = 0.0,
) -> Drawing:
    """One face as a Drawing (the card plus its bleed), for renderPDF, renderSVG or renderPM."""
    fmt = size if isinstance(size, CardSize) else card_size(size)
    return _wrap(card_face(card, fmt, style, bleed=bleed_mm * mm), fmt, bleed_mm * mm)


def back_drawing(
    size: str | CardSize = "poker", text: str | None = None, *, bleed_mm: float = 0.0
) -> Drawing:
    """One back as a Drawing (the card plus its bleed)."""
    fmt = size if isinstance(size, CardSize) else card_size(size)
    return _wrap(card_back(fmt, text, bleed=bleed_mm * mm), fmt, bleed_mm * mm)
