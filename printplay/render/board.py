"""Board diagrams: any position drawn from its layout geometry, to PDF, SVG and PNG.

:func:`board_drawing` turns a :class:`~printplay.core.layout.BoardView` into a
:class:`reportlab.graphics.shapes.Drawing`: the slots (turned as the layout turns them),
the groups a slot belongs to when a slot belongs to more than one (Ricochet's walls), the
layout's row or wall labels, the piles with their counts, and tokens such as the ball.
:class:`BoardDiagram` places that drawing in a PDF; :func:`write_board` writes it to a
``.pdf``, ``.svg`` or ``.png`` file, so the website and previews show the very same picture.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from reportlab.graphics.shapes import Circle, Drawing, Group, String
from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from printplay import __version__
from printplay.core.errors import OutputError
from printplay.core.ink_mode import is_ink_light
from printplay.core.layout import BoardView, Marker, PileView, SlotView
from printplay.core.outfile import bytes_writer
from printplay.render import lean_pdf
from printplay.render.card_shapes import (
    CARD_RATIO,
    CardStyle,
    badge_offset,
    badge_shapes,
    card_shapes,
    gap_shapes,
    round_rect,
)
from printplay.render.document import pdf_dates, write_atomically
from printplay.render.fonts import SANS, SANS_BOLD, register_fonts
from printplay.render.styles import MIN_TEXT

LABEL_COLOUR = HexColor("#555555")
LABEL_SPACE = 12.0
"""Points reserved under the drawing for pile labels."""
PILE_LABEL_SIZES = (7.0, 6.5, MIN_TEXT)
"""The sizes a diagram's pile labels may take, largest first: all labels of a diagram take
one size, the largest at which each fits under its pile, clear of the rest."""
PILE_LABEL_PAD = 2.5
"""Points between a pile and its label."""
LABEL_CLEAR = 0.8
"""The least space between two pile labels, as a share of their size: two labels never
read as one run of text."""
_ASCENT, _DESCENT = 0.76, 0.24
"""How far the sans face reaches above and below its baseline, as a share of its size."""
LAYOUT_LABEL_SCALE = 0.2
"""Row and wall labels, as a fraction of the card width (at least 6 points)."""
PILE_STEP = 0.025
"""How far each card under a pile's top shows, as a fraction of the card width."""
BALL_FILL = HexColor("#B3261E")
BAND_COLOURS = (
    HexColor("#E8EEF7"),
    HexColor("#F6EBDD"),
    HexColor("#E6F2E8"),
    HexColor("#F3E6EF"),
)
"""Tints of the groups a slot may belong to (Ricochet's four walls)."""
BAND_LINE_DEPTH = 6.0
"""Drawn ink-light, a group is outlined in its tint this many times as deep."""
BAND_LINE = 0.8
"""The width of a group's outline drawn ink-light, in points."""


Place = Callable[[float, float], tuple[float, float]]
"""Maps a point in card-width units (``y`` down) to drawing points (``y`` up)."""


@dataclass(frozen=True)
class _Box:
    """A rectangle in card-width units, ``y`` growing downwards."""

    left: float
    top: float
    right: float
    bottom: float


def _marker_box(marker: Marker) -> _Box:
    y = marker.y * CARD_RATIO
    return _Box(marker.x - 0.25, y - 0.25, marker.x + 0.25, y + 0.25)


def _slot_box(view: SlotView) -> _Box:
    slot = view.slot
    cx, cy = slot.x + 0.5, (slot.y + 0.5) * CARD_RATIO
    turned = round(slot.rotation) % 180 == 90
    half_w, half_h = (CARD_RATIO / 2, 0.5) if turned else (0.5, CARD_RATIO / 2)
    return _Box(cx - half_w, cy - half_h, cx + half_w, cy + half_h)


def _pile_box(pile: PileView) -> _Box:
    depth = min(3, max(0, len(pile.cards) - 1)) * PILE_STEP
    top = pile.y * CARD_RATIO
    return _Box(pile.x, top, pile.x + 1 + depth, top + CARD_RATIO + depth)


def _label_size(card_width: float) -> float:
    return max(6.0, card_width * LAYOUT_LABEL_SCALE)


@dataclass(frozen=True)
class _Frame:
    """Where a board drawing puts things: the view (piles lifted when cropped), the slots
    shown, the extent in card-width units, the card width and the size in points."""

    view: BoardView
    shown: list[SlotView]
    extent: _Box
    card_width: float
    size: tuple[float, float]


def _frame(
    view: BoardView, width: float, *, max_height: float | None, pile_labels: bool, crop: bool
) -> _Frame:
    shown = [v for v in view.slots if v.card is not None] if crop else list(view.slots)
    full = _union(
        [_slot_box(v) for v in view.slots]
        + [_pile_box(p) for p in view.piles]
        + _label_boxes(view, None)
    )
    if crop:
        view = _lift_piles(view, shown)
    # Cropping keeps the card size and the width; it drops the rows already cleared.
    kept = (
        [_slot_box(v) for v in shown]
        + [_pile_box(p) for p in view.piles]
        + [_marker_box(m) for m in view.markers]
        + _label_boxes(view, shown if crop else None)
    )
    extent = _Box(full.left, _union(kept).top, full.right, _union(kept).bottom) if kept else full
    space = LABEL_SPACE if pile_labels and view.piles else 0.0
    card_width = width / (full.right - full.left)
    if max_height is not None:
        card_width = min(card_width, (max_height - space) / (full.bottom - full.top))
    size = (
        card_width * (extent.right - extent.left),
        card_width * (extent.bottom - extent.top) + space,
    )
    return _Frame(view, shown, extent, card_width, size)


def board_size(
    view: BoardView,
    width: float,
    *,
    max_height: float | None = None,
    pile_labels: bool = True,
    crop: bool = False,
) -> tuple[float, float]:
    """The width and height in points :func:`board_drawing` would give ``view``."""
    frame = _frame(view, width, max_height=max_height, pile_labels=pile_labels, crop=crop)
    return frame.size


def board_drawing(
    view: BoardView,
    width: float,
    *,
    max_height: float | None = None,
    show_hidden: bool = True,
    pile_labels: bool = True,
    tags: bool = False,
    crop: bool = False,
) -> Drawing:
    """Draw ``view`` at most ``width`` points wide (and ``max_height`` tall).

    ``show_hidden`` draws face-down cards with their identity on a tinted, hatched face
    (setup sheets); otherwise they are drawn as card backs (spoiler-free).  ``tags`` prints
    each card's row and place under its index.  ``crop`` leaves out the room of cards
    already gone (late walkthrough diagrams shrink to what is left).
    """
    register_fonts()
    frame = _frame(view, width, max_height=max_height, pile_labels=pile_labels, crop=crop)
    view, shown, extent, card_width = frame.view, frame.shown, frame.extent, frame.card_width
    drawing_width, drawing_height = frame.size
    drawing = lean_pdf.LeanDrawing(drawing_width, drawing_height)

    def at(x: float, y: float) -> tuple[float, float]:
        """Card-width units (y down) to points (y up)."""
        return (x - extent.left) * card_width, drawing_height - (y - extent.top) * card_width

    _add_bands(drawing, view, card_width, at, extent)
    for label in view.labels:
        if crop and not _label_in_play(label.y, shown):
            continue
        x, y = at(label.x, label.y * CARD_RATIO)
        size = _label_size(card_width)
        text = String(0, -size * 0.35, label.text, fontName=SANS_BOLD, fontSize=size)
        text.fillColor = LABEL_COLOUR
        text.textAnchor = "middle"
        group = Group(text)
        group.transform = _turn(label.rotation, x, y)
        drawing.add(group)
    present = {v.slot.index for v in view.slots if v.card is not None}
    for slot_view in view.slots:
        if slot_view.card is None:
            continue
        drawing.add(_slot_shapes(slot_view, present, card_width, at, show_hidden, tags))
    on_top = {v.slot.index: _slot_box(v) for v in view.slots if v.card is not None}
    for slot_view in view.slots:
        if slot_view.card is not None and slot_view.badge:
            in_sight = _in_sight(slot_view, on_top)
            drawing.add(_slot_badge(slot_view, slot_view.badge, card_width, at, in_sight))
    for pile in view.piles:
        _add_pile(drawing, pile, card_width, at)
    if pile_labels:
        obstacles = [_points(box, at) for box in _obstacles(view, shown, crop)]
        for name in _pile_labels(view.piles, at, obstacles, frame.size):
            drawing.add(name)
    for marker in view.markers:
        x, y = at(marker.x, marker.y * CARD_RATIO)
        _add_ball(drawing, x, y, card_width * 0.2)
    return drawing


def _lift_piles(view: BoardView, shown: Sequence[SlotView]) -> BoardView:
    """``view`` with the piles that lie below the whole layout moved up as far as the
    layout's cleared bottom rows allow (they keep their gap to the lowest card left)."""
    if not shown:
        return view
    layout_bottom = max(_slot_box(v).bottom for v in view.slots)
    left_bottom = max(_slot_box(v).bottom for v in shown)
    lift = (layout_bottom - left_bottom) / CARD_RATIO
    if lift <= 0:
        return view
    piles = tuple(
        replace(pile, y=pile.y - lift) if pile.y * CARD_RATIO >= layout_bottom else pile
        for pile in view.piles
    )
    return replace(view, piles=piles)


def _union(boxes: Sequence[_Box]) -> _Box:
    return _Box(
        min(b.left for b in boxes),
        min(b.top for b in boxes),
        max(b.right for b in boxes),
        max(b.bottom for b in boxes),
    )


def _label_in_play(y: float, shown: Sequence[SlotView]) -> bool:
    """Whether a label at height ``y`` (card heights) has cards beside it: cards whose top
    half (what a covering row leaves visible) it is level with."""
    return any(v.slot.y - 0.01 <= y < v.slot.y + 0.5 for v in shown)


def _label_boxes(view: BoardView, shown: Sequence[SlotView] | None) -> list[_Box]:
    """Where the layout's labels reach (only those beside ``shown`` slots, if given)."""
    scale = LAYOUT_LABEL_SCALE
    boxes = []
    for label in view.labels:
        if shown is not None and not _label_in_play(label.y, shown):
            continue
        half_w = stringWidth(label.text, SANS_BOLD, scale) / 2 + 0.05
        half_h = scale * 0.6
        if round(label.rotation) % 180 == 90:
            half_w, half_h = half_h, half_w
        y = label.y * CARD_RATIO
        boxes.append(_Box(label.x - half_w, y - half_h, label.x + half_w, y + half_h))
    return boxes


def _turn(rotation: float, x: float, y: float) -> tuple[float, float, float, float, float, float]:
    """The transform that turns by ``rotation`` degrees (anticlockwise) about ``x``, ``y``."""
    quarter = round(rotation) % 360
    cos, sin = {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}.get(quarter, (1, 0))
    return (cos, sin, -sin, cos, x, y)


def _slot_shapes(
    view: SlotView,
    present: set[int],
    card_width: float,
    at: Place,
    show_hidden: bool,
    tags: bool,
) -> Group:
    assert view.card is not None
    slot = view.slot
    hidden = not view.face_up and not show_hidden
    covered = any(c in present for c in slot.covered_by)
    style = CardStyle(
        face_down=not view.face_up,
        hidden=hidden,
        pip=not covered,
        tag=slot.label if tags and slot.label and not hidden else None,
    )
    cx, cy = at(slot.x + 0.5, (slot.y + 0.5) * CARD_RATIO)
    height = card_width * CARD_RATIO
    group = Group(card_shapes(-card_width / 2, -height / 2, card_width, view.card, style))
    group.transform = _turn(slot.rotation, cx, cy)
    return group


STRIP_SHARE = 0.45
"""The most a badge's radius takes of the strip of a covered card in sight (so two
strips' badges keep apart)."""

BADGE_X, BADGE_UP = 0.22, 0.1 * CARD_RATIO
"""Where a badge sits on a card, in card widths from its centre: right, and up (as
:func:`~printplay.render.card_shapes.badge_offset` puts it)."""


def _in_sight(view: SlotView, on_top: dict[int, _Box]) -> tuple[float, float, float] | None:
    """Where a badge goes (card widths, ``y`` down) on a card whose badge place another card
    lies over (a fanned column, where each card covers all but the top strip of the one
    before it): the middle of the strip left in sight, and the strip's height, so that the
    badges of a column's cards fall each on its own card, apart; ``None`` where the usual
    place is clear (or the card is turned)."""
    slot = view.slot
    if slot.rotation % 360:
        return None
    box = _slot_box(view)
    x, y = slot.x + 0.5 + BADGE_X, (slot.y + 0.5) * CARD_RATIO - BADGE_UP
    tops = [
        cover.top
        for index in slot.covered_by
        if (cover := on_top.get(index)) is not None
        and cover.left <= x <= cover.right
        and cover.top < y < cover.bottom
    ]
    if not tops:
        return None
    strip = min(tops) - box.top
    return x, box.top + strip / 2, strip


def _slot_badge(
    view: SlotView,
    text: str,
    card_width: float,
    at: Place,
    in_sight: tuple[float, float, float] | None = None,
) -> Group:
    """A slot's move number, where :func:`card_badge` puts it on the card, turned with its
    card about the card's centre, the numerals kept upright.  On a turned card the disc
    goes below the centre line instead of above it, clear of the index in the turned
    card's corner.  ``in_sight`` moves it to the part of a covered card still in sight
    (:func:`_in_sight`), no larger than the strip holds."""
    slot = view.slot
    if in_sight is not None:
        x, y = at(in_sight[0], in_sight[1])
        return badge_shapes(x, y, card_width * min(0.2, STRIP_SHARE * in_sight[2]), text)
    cx, cy = at(slot.x + 0.5, (slot.y + 0.5) * CARD_RATIO)
    dx, dy = badge_offset(card_width)
    if slot.rotation % 360:
        dy = -dy
    turn = math.radians(slot.rotation)
    x = cx + dx * math.cos(turn) - dy * math.sin(turn)
    y = cy + dx * math.sin(turn) + dy * math.cos(turn)
    return badge_shapes(x, y, card_width * 0.2, text)


def _add_bands(
    drawing: Drawing, view: BoardView, card_width: float, at: Place, extent: _Box
) -> None:
    """Tint each group behind its slots, when some slot belongs to more than one group;
    a cropped diagram's tints stop at its edges."""
    if not any(len(v.slot.groups) > 1 for v in view.slots):
        return
    names: list[str] = []
    for v in view.slots:
        for name in v.slot.groups:
            if name not in names:
                names.append(name)
    pad = 0.12
    for number, name in enumerate(names):
        members = [_slot_box(v) for v in view.slots if name in v.slot.groups]
        box = _union(members)
        box = _Box(
            max(box.left - pad, extent.left),
            max(box.top - pad, extent.top),
            min(box.right + pad, extent.right),
            min(box.bottom + pad, extent.bottom),
        )
        if box.top >= box.bottom or box.left >= box.right:
            continue
        left, top = at(box.left, box.top)
        right, bottom = at(box.right, box.bottom)
        colour: Color = BAND_COLOURS[number % len(BAND_COLOURS)]
        if is_ink_light():  # the band's outline, in a deeper shade of its tint
            outline = _deeper(colour, BAND_LINE_DEPTH)
            band = round_rect(
                left,
                bottom,
                right - left,
                top - bottom,
                card_width * 0.12,
                fill=None,
                stroke=outline,
                stroke_width=BAND_LINE,
            )
        else:
            band = round_rect(
                left,
                bottom,
                right - left,
                top - bottom,
                card_width * 0.12,
                fill=colour,
                stroke=None,
                opacity=0.85,
            )
        drawing.add(band)


def _deeper(colour: Color, depth: float) -> Color:
    """``colour`` moved ``depth`` times as far from white (a light tint made a mid tone)."""
    return Color(*(max(0.0, 1 - (1 - part) * depth) for part in colour.rgb()))


def _add_pile(drawing: Drawing, pile: PileView, card_width: float, at: Place) -> None:
    left, top = at(pile.x, pile.y * CARD_RATIO)
    bottom = top - card_width * CARD_RATIO
    step = card_width * PILE_STEP
    depth = min(3, max(0, len(pile.cards) - 1))
    if not pile.cards:
        drawing.add(gap_shapes(left, bottom, card_width))
        return
    for i in range(depth, 0, -1):
        drawing.add(
            card_shapes(
                left + i * step,
                bottom - i * step,
                card_width,
                pile.cards[-1],
                CardStyle(hidden=True),
            )
        )
    drawing.add(
        card_shapes(left, bottom, card_width, pile.cards[-1], CardStyle(hidden=not pile.face_up))
    )
    if pile.badge:
        dx, dy = badge_offset(card_width)
        centre_x, centre_y = left + card_width / 2, bottom + card_width * CARD_RATIO / 2
        drawing.add(badge_shapes(centre_x + dx, centre_y + dy, card_width * 0.2, pile.badge))


Rect = tuple[float, float, float, float]
"""A rectangle in drawing points: left, bottom, right, top."""


def _points(box: _Box, at: Place) -> Rect:
    left, bottom = at(box.left, box.bottom)
    right, top = at(box.right, box.top)
    return left, bottom, right, top


def _obstacles(view: BoardView, shown: Sequence[SlotView], crop: bool) -> list[_Box]:
    """What a pile label must keep clear of: the cards shown, the piles, the tokens and
    the layout's labels."""
    return (
        [_slot_box(v) for v in view.slots if v.card is not None]
        + [_pile_box(p) for p in view.piles]
        + [_marker_box(m) for m in view.markers]
        + _label_boxes(view, shown if crop else None)
    )


def _pile_label(pile: PileView) -> str:
    """A pile's label: its name and how many cards it holds (``stock 19``, ``waste 1``)."""
    return f"{pile.name} {len(pile.cards)}"


LABEL_PLACES = ((False, 0), (False, 1), (True, 0), (True, 1))
"""Where a pile label may go, in order of preference, as (over the pile, line): under its
pile, a line lower (under a neighbour's label), over it, a line higher."""
LINE_STEP = 1.3
"""Baseline to baseline of two lines of labels, as a share of their size."""


def _label_rect(
    piles: Sequence[PileView],
    number: int,
    text: str,
    size: float,
    place: tuple[bool, int],
    at: Place,
) -> Rect:
    """Where the label ``text`` of ``piles[number]`` goes in ``place`` (see
    :data:`LABEL_PLACES`): centred on its pile, under it (or over it) by
    :data:`PILE_LABEL_PAD`; the labels of piles in a row share their baselines."""
    above, line = place
    pile = piles[number]
    row = [_pile_box(other) for other in piles if other.y == pile.y]
    centre, _ = at(pile.x + 0.5, 0.0)
    half = stringWidth(text, SANS, size) / 2
    if above:
        _, edge = at(0.0, min(box.top for box in row))
        baseline = edge + PILE_LABEL_PAD + (_DESCENT + line * LINE_STEP) * size
    else:
        _, edge = at(0.0, max(box.bottom for box in row))
        baseline = edge - PILE_LABEL_PAD - (_ASCENT + line * LINE_STEP) * size
    return centre - half, baseline - _DESCENT * size, centre + half, baseline + _ASCENT * size


def _clear(rect: Rect, others: Sequence[Rect], across: float, down: float) -> bool:
    """Whether ``rect`` keeps ``across`` points beside and ``down`` points above and below
    every one of ``others``."""
    left, bottom, right, top = rect
    return all(
        left >= o_right + across
        or right <= o_left - across
        or bottom >= o_top + down
        or top <= o_bottom - down
        for o_left, o_bottom, o_right, o_top in others
    )


def _pile_labels(
    piles: Sequence[PileView],
    at: Place,
    obstacles: Sequence[Rect],
    size_of_drawing: tuple[float, float],
) -> list[String]:
    """The piles' labels (:func:`_pile_label`), all of one size: the largest of
    :data:`PILE_LABEL_SIZES` at which each fits under its pile, clear of the cards and of
    each other (by :data:`LABEL_CLEAR` of their size beside each other).  Where none does
    (Ricochet's stock and waste side by side on a small diagram), the smallest, each label
    in the first of :data:`LABEL_PLACES` with room for it: never on another label, and on a
    card only if no place is free of them."""
    width, height = size_of_drawing
    texts = [_pile_label(pile) for pile in piles]

    def fits(rect: Rect, placed: Sequence[Rect], size: float, cards: bool) -> bool:
        inside = rect[0] >= 0 and rect[2] <= width and rect[1] >= 0 and rect[3] <= height
        apart = _clear(rect, placed, LABEL_CLEAR * size, 0.25 * size)
        return inside and apart and (not cards or _clear(rect, obstacles, 0.6, 0.6))

    def under(size: float) -> list[Rect] | None:
        """Each label under its pile, if each has room there."""
        placed: list[Rect] = []
        for number, text in enumerate(texts):
            rect = _label_rect(piles, number, text, size, LABEL_PLACES[0], at)
            if not fits(rect, placed, size, cards=True):
                return None
            placed.append(rect)
        return placed

    def anywhere(size: float) -> list[Rect]:
        """Each label in its first place with room (a card under it only if none has)."""
        placed: list[Rect] = []
        for number, text in enumerate(texts):
            rects = [_label_rect(piles, number, text, size, where, at) for where in LABEL_PLACES]
            free = [rect for rect in rects if fits(rect, placed, size, cards=True)]
            free = free or [rect for rect in rects if fits(rect, placed, size, cards=False)]
            placed.append(free[0] if free else rects[0])
        return placed

    size, rects = MIN_TEXT, None
    for size in PILE_LABEL_SIZES:
        rects = under(size)
        if rects is not None:
            break
    if rects is None:
        size, rects = MIN_TEXT, anywhere(MIN_TEXT)
    return [
        String(
            (left + right) / 2,
            bottom + _DESCENT * size,
            text,
            fontName=SANS,
            fontSize=size,
            fillColor=LABEL_COLOUR,
            textAnchor="middle",
        )
        for text, (left, bottom, right, _) in zip(texts, rects, strict=True)
    ]


def _add_ball(drawing: Drawing, x: float, y: float, radius: float) -> None:
    """The Ricochet ball: a red disc with a white rim and a highlight (drawn ink-light, a
    red ring)."""
    if is_ink_light():
        drawing.add(
            Circle(x, y, radius, fillColor=white, strokeColor=BALL_FILL, strokeWidth=radius * 0.25)
        )
        return
    drawing.add(
        Circle(x, y, radius, fillColor=BALL_FILL, strokeColor=white, strokeWidth=radius * 0.18)
    )
    drawing.add(
        Circle(
            x - radius * 0.3,
            y + radius * 0.3,
            radius * 0.28,
            fillColor=white,
            strokeColor=None,
            fillOpacity=0.7,
        )
    )


class BoardDiagram(Flowable):
    """A board drawing as a platypus flowable (see :func:`board_drawing` for the options)."""

    def __init__(
        self,
        view: BoardView,
        width: float,
        *,
        max_height: float | None = None,
        show_hidden: bool = True,
        pile_labels: bool = True,
        tags: bool = False,
        crop: bool = False,
    ) -> None:
        super().__init__()
        self.view = view
        self.drawing = board_drawing(
            view,
            width,
            max_height=max_height,
            show_hidden=show_hidden,
            pile_labels=pile_labels,
            tags=tags,
            crop=crop,
        )
        self.width = float(self.drawing.width)
        self.height = float(self.drawing.height)
        self.hAlign = "CENTER"

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """The diagram's fixed size."""
        return self.width, self.height

    def draw(self) -> None:
        """Draw the board drawing at the flowable's origin."""
        lean_pdf.draw(self.drawing, self.canv, 0, 0)


PICTURE_WIDTH = 480.0
"""Width in points (px in SVG) of a board picture file."""

PNG_DPI = 150


def _svg(drawing: Drawing) -> bytes:
    """The drawing as SVG (:func:`printplay.render.svg.svg_document`)."""
    from printplay.render.svg import svg_document  # a sheet writes no SVG: imported when asked

    return svg_document(drawing)


def _png(drawing: Drawing) -> bytes:
    """The drawing as PNG, rasterised from its PDF rendering (pypdfium2)."""
    import pypdfium2

    document = pypdfium2.PdfDocument(_pdf(drawing))
    try:
        bitmap = document[0].render(scale=PNG_DPI / 72)
        image = bitmap.to_pil()
        out = io.BytesIO()
        image.save(out, format="PNG")
        return out.getvalue()
    finally:
        document.close()


def _pdf(drawing: Drawing) -> bytes:
    """The drawing as a one-page PDF of its own size (byte-identical for identical input)."""
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(drawing.width, drawing.height), invariant=1)
    canvas.setTitle("printplay board")
    canvas.setCreator(f"printplay {__version__}")
    lean_pdf.draw(drawing, canvas, 0, 0)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


WRITERS = {".svg": _svg, ".png": _png, ".pdf": _pdf}
"""Picture formats by file suffix."""


def write_board(view: BoardView, path: Path, *, show_hidden: bool = True) -> Path:
    """Write the picture of ``view`` to ``path``: SVG, PNG or PDF by its suffix."""
    path = Path(path)
    writer = WRITERS.get(path.suffix.lower())
    if writer is None:
        raise OutputError(f"cannot write {path}: give a file ending in .svg, .png or .pdf")
    drawing = board_drawing(view, PICTURE_WIDTH, show_hidden=show_hidden)
    with pdf_dates():
        data = writer(drawing)
    return write_atomically(path, bytes_writer(data))


__all__ = ["BoardDiagram", "board_drawing", "board_size", "write_board"]
