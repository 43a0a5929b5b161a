"""The tuck box's builder: a one-piece dieline sized from the deck, laid out on paper.

The box holds a deck of ``cards`` cards, each ``thickness`` mm thick, of the deck's card
size: inside it is the card's width plus :data:`WIDTH_CLEARANCE_MM`, its height plus
:data:`HEIGHT_CLEARANCE_MM`, and the stack's thickness plus :data:`DEPTH_CLEARANCE_MM` deep.
The dieline, left to right: a side panel (the spine), the front (a thumb notch in its top
edge), the other side, the back and the glue flap that closes the tube inside the first
side.  The lid and its tuck flap hang from the top of the back, the bottom and its glue flap
from its foot; each side has a small dust flap at either end.

Every part is a polygon; an edge two parts share is a fold, an edge of one part alone a cut
(:func:`dieline_lines`), so the lines always close round the pieces.  The box is put on
one sheet, upright or turned a quarter (the sheet stays portrait), else split at the fold
between the front and the second side into two pieces, one a sheet, joined by a glue tab;
a box too big even so is refused in one line.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from printplay.core.errors import OptionError
from printplay.markup.jinja_source import TemplateWords
from printplay.models.tuck_box_model import (
    Area,
    BoxSize,
    Label,
    LegendEntry,
    Line,
    LineKind,
    Panel,
    Point,
    TuckBox,
    TuckBoxSheet,
)

WIDTH_CLEARANCE_MM = 1.5
"""Room across the inside, besides the card's width: a card cut a little wide still slides."""

HEIGHT_CLEARANCE_MM = 2.0
"""Room above the cards inside, besides the card's height."""

DEPTH_CLEARANCE_MM = 2.0
"""Room in the depth, besides the stack's thickness (cards cut by hand do not stack flat)."""

DEFAULT_THICKNESS_MM = 0.30
"""A card's thickness unless told: cards printed on 200–300 g/m² card stock measure about
0.25 to 0.35 mm, a bought casino card about 0.30 mm."""

MIN_THICKNESS_MM, MAX_THICKNESS_MM = 0.05, 2.0
"""The thickness a card may be given: thinner than paper, or thicker than a sleeved card with
an old card inside, is a mistake."""

MAX_CARDS = 1000
"""The most cards a box may be asked to hold."""

MIN_DEPTH_MM = 6.0
"""The box is at least this deep, whatever it holds: room to fold and a glue flap to hold."""

GLUE_FLAP_MM = 10.0
"""The glue flap's width (less for a thin box: it must fit inside the side panel)."""

TUCK_FLAP_MM = 15.0
"""The tuck flap of the lid and the glue flap of the bottom: their height."""

TUCK_INSET_MM = 1.0
"""The tuck flap is this much narrower than the lid at each side, to slide in."""

CORNER_MM = 4.0
"""The radius of the tuck and bottom flaps' rounded corners."""

NOTCH_RADIUS_MM = 10.0
"""The thumb notch in the front's top edge: a half circle this big (less on a narrow card)."""

MARGIN_MM = 10.0
"""Paper kept clear round everything printed: most printers cannot print the outer 3 to 6 mm."""

HEADING_MM = 11.0
"""Height of the heading's band at the top of a sheet."""

LEGEND_MM = 9.0
"""Height of the legend's band below the dieline."""

NOTES_MM = 40.0
"""Height of the notes' band at the foot of a sheet."""

SCALE_MM = 50.0
"""The length of the bar that checks the print's size."""

ARC_STEPS = 24
"""Straight lines a half circle is drawn with (a tenth of a millimetre off at most)."""

_EPSILON = 1e-6


@dataclass(frozen=True)
class Part:
    """One part of a dieline: a polygon (counter-clockwise, in mm), its name, and whether
    glue goes on it (with the label's angle)."""

    name: str
    outline: tuple[Point, ...]
    glue: bool = False
    glue_angle: float = 0.0

    def box(self) -> tuple[float, float, float, float]:
        """Its bounding box."""
        xs = [p[0] for p in self.outline]
        ys = [p[1] for p in self.outline]
        return min(xs), min(ys), max(xs), max(ys)


@dataclass(frozen=True)
class Piece:
    """A piece of the dieline to cut out: its parts, placed from ``(0, 0)`` up and right."""

    parts: tuple[Part, ...]
    width: float
    height: float


# --- checking the request ---------------------------------------------------------------------


def check_cards(cards: object) -> int:
    """``cards`` if it is a whole number of cards from 1 to :data:`MAX_CARDS`."""
    if isinstance(cards, bool) or not isinstance(cards, int) or not 1 <= cards <= MAX_CARDS:
        raise OptionError(
            f"--cards must be a whole number of cards from 1 to {MAX_CARDS}, not {cards!r}"
        )
    return cards


def check_thickness(thickness: object) -> float:
    """``thickness`` (mm a card) if it is a number from :data:`MIN_THICKNESS_MM` to
    :data:`MAX_THICKNESS_MM`."""
    value = thickness if isinstance(thickness, int | float) else None
    if (
        isinstance(thickness, bool)
        or value is None
        or not math.isfinite(value)
        or not MIN_THICKNESS_MM <= value <= MAX_THICKNESS_MM
    ):
        raise OptionError(
            f"--card-thickness must be from {MIN_THICKNESS_MM:g} to {MAX_THICKNESS_MM:g} mm "
            f"a card, not {thickness!r}"
        )
    return float(value)


def box_size(
    card_name: str, card_width: float, card_height: float, cards: int, thickness: float
) -> BoxSize:
    """The inside of a box for ``cards`` cards ``card_width`` × ``card_height`` mm, each
    ``thickness`` mm thick (both checked)."""
    return BoxSize(
        card_name,
        card_width,
        card_height,
        check_cards(cards),
        check_thickness(thickness),
        WIDTH_CLEARANCE_MM,
        HEIGHT_CLEARANCE_MM,
        DEPTH_CLEARANCE_MM,
        MIN_DEPTH_MM,
    )


# --- the parts --------------------------------------------------------------------------------


def _rect(x0: float, y0: float, x1: float, y1: float) -> tuple[Point, ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def _arc(cx: float, cy: float, r: float, start: float, end: float, steps: int) -> list[Point]:
    """Points along a circle from angle ``start`` to ``end`` (degrees), both included."""
    return [
        (
            cx + r * math.cos(math.radians(start + (end - start) * k / steps)),
            cy + r * math.sin(math.radians(start + (end - start) * k / steps)),
        )
        for k in range(steps + 1)
    ]


def _flap(x0: float, x1: float, y: float, height: float, up: bool) -> tuple[Point, ...]:
    """A flap from ``x0`` to ``x1`` on the line ``y``, ``height`` tall, upwards or downwards,
    its outer corners rounded."""
    sign = 1.0 if up else -1.0
    r = min(CORNER_MM, height / 2, (x1 - x0) / 4)
    top = y + sign * height
    steps = ARC_STEPS // 4
    if up:
        outer = _arc(x1 - r, top - r, r, 0, 90, steps) + _arc(x0 + r, top - r, r, 90, 180, steps)
        return ((x0, y), (x1, y), *outer)
    outer = _arc(x0 + r, top + r, r, 180, 270, steps) + _arc(x1 - r, top + r, r, 270, 360, steps)
    return ((x1, y), (x0, y), *outer)


def _dust_flap(x0: float, x1: float, y: float, height: float, up: bool) -> tuple[Point, ...]:
    """A dust flap over ``x0``–``x1`` on the line ``y``: a trapezoid narrowing outwards."""
    taper = min(0.25 * (x1 - x0), 0.4 * height)
    top = y + height if up else y - height
    if up:
        return ((x0, y), (x1, y), (x1 - taper, top), (x0 + taper, top))
    return ((x1, y), (x0, y), (x0 + taper, top), (x1 - taper, top))


def _side_flap(x: float, y0: float, y1: float, width: float) -> tuple[Point, ...]:
    """A glue flap ``width`` wide on the vertical line ``x`` from ``y0`` to ``y1``, to its
    right, its ends cut at 45 degrees."""
    taper = min(width, (y1 - y0) / 4)
    return ((x, y0), (x + width, y0 + taper), (x + width, y1 - taper), (x, y1))


@dataclass(frozen=True)
class _Measures:
    """The dieline's measures in mm: inside width, height, depth; glue flap, tuck flap,
    dust flap, notch."""

    width: float
    height: float
    depth: float
    glue: float
    tuck: float
    dust: float
    notch: float

    @classmethod
    def of(cls, size: BoxSize) -> _Measures:
        w, d = size.width, size.depth
        return cls(
            w,
            size.height,
            d,
            glue=min(GLUE_FLAP_MM, d - 1.0),
            tuck=TUCK_FLAP_MM,
            dust=min(TUCK_FLAP_MM, w / 2 - 2.0),
            notch=min(NOTCH_RADIUS_MM, w / 4),
        )


def _side(name: str, x: float, m: _Measures, foot: float) -> list[Part]:
    """A side panel at ``x`` with its two dust flaps, the panel's foot at ``foot``."""
    top = foot + m.height
    return [
        Part(name, _rect(x, foot, x + m.depth, top)),
        Part(f"{name} top flap", _dust_flap(x, x + m.depth, top, m.dust, up=True)),
        Part(f"{name} bottom flap", _dust_flap(x, x + m.depth, foot, m.dust, up=False)),
    ]


def _front(x: float, m: _Measures, foot: float) -> Part:
    """The front panel at ``x``, the thumb notch cut in its top edge."""
    top = foot + m.height
    middle = x + m.width / 2
    notch = _arc(middle, top, m.notch, 0, -180, ARC_STEPS)
    return Part("front", ((x, foot), (x + m.width, foot), (x + m.width, top), *notch, (x, top)))


def _back(x: float, m: _Measures, foot: float) -> list[Part]:
    """The back panel at ``x`` with the lid and its tuck flap above, the bottom and its glue
    flap below, the side's glue flap on its right."""
    top = foot + m.height
    right = x + m.width
    inset = TUCK_INSET_MM
    return [
        Part("back", _rect(x, foot, right, top)),
        Part("lid", _rect(x, top, right, top + m.depth)),
        Part("tuck flap", _flap(x + inset, right - inset, top + m.depth, m.tuck, up=True)),
        Part("bottom", _rect(x, foot - m.depth, right, foot)),
        Part(
            "bottom flap",
            _flap(x + inset, right - inset, foot - m.depth, m.tuck, up=False),
            glue=True,
        ),
        Part("glue flap", _side_flap(right, foot, top, m.glue), glue=True, glue_angle=90.0),
    ]


def one_piece(size: BoxSize) -> Piece:
    """The whole dieline of a box of ``size``, as one piece."""
    m = _Measures.of(size)
    foot = m.depth + m.tuck
    x = [0.0, m.depth, m.depth + m.width, 2 * m.depth + m.width]
    parts = [
        *_side("side", x[0], m, foot),
        _front(x[1], m, foot),
        *_side("side", x[2], m, foot),
        *_back(x[3], m, foot),
    ]
    return Piece(tuple(parts), 2 * m.width + 2 * m.depth + m.glue, 2 * foot + m.height)


def two_pieces(size: BoxSize) -> tuple[Piece, Piece]:
    """The dieline of a box of ``size`` cut at the fold between the front and the second
    side: a side and the front with a glue tab on the front's right edge, then the other
    side, the back with the lid and bottom, and the glue flap."""
    m = _Measures.of(size)
    foot = m.depth + m.tuck
    first = [
        *_side("side", 0.0, m, m.dust),
        _front(m.depth, m, m.dust),
        Part(
            "tab",
            _side_flap(m.depth + m.width, m.dust, m.dust + m.height, m.glue),
            glue=True,
            glue_angle=90.0,
        ),
    ]
    second = [*_side("side", 0.0, m, foot), *_back(m.depth, m, foot)]
    width = m.depth + m.width + m.glue
    return (
        Piece(tuple(first), width, m.height + 2 * m.dust),
        Piece(tuple(second), width, 2 * foot + m.height),
    )


# --- cut and fold lines -------------------------------------------------------------------------


def _key(point: Point) -> Point:
    return (round(point[0], 6) + 0.0, round(point[1], 6) + 0.0)


def _on_segment(p: Point, a: Point, b: Point) -> float | None:
    """Where ``p`` lies strictly inside the segment ``a``–``b`` (0 to 1), or ``None``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    cross = (p[0] - a[0]) * dy - (p[1] - a[1]) * dx
    if length2 == 0 or abs(cross) / math.sqrt(length2) > _EPSILON:
        return None
    t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2
    return t if _EPSILON < t < 1 - _EPSILON else None


def _edges(parts: Sequence[Part]) -> list[tuple[Point, Point]]:
    """Every edge of every part, cut where another part's corner lies on it."""
    corners = sorted({_key(p) for part in parts for p in part.outline})
    edges = []
    for part in parts:
        ring = [_key(p) for p in part.outline]
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
            if a == b:
                continue
            cuts = sorted(t for p in corners if (t := _on_segment(p, a, b)) is not None)
            stops = [
                a,
                *(_key((a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))) for t in cuts),
                b,
            ]
            edges += [(p, q) for p, q in itertools.pairwise(stops) if p != q]
    return edges


def _joined(kind: LineKind, segments: Iterable[tuple[Point, Point]]) -> list[Line]:
    """Straight lines of one kind joined end to end where they continue each other."""
    remaining = sorted({(min(s), max(s)) for s in segments})
    lines: list[Line] = []
    while remaining:
        a, b = remaining.pop(0)
        grown = True
        while grown:
            grown = False
            for index, (c, d) in enumerate(remaining):
                if c == b and _on_segment(b, a, d) is not None:
                    b = d
                elif d == a and _on_segment(a, c, b) is not None:
                    a = c
                else:
                    continue
                remaining.pop(index)
                grown = True
                break
        lines.append(Line(kind, a, b))
    return lines


def dieline_lines(parts: Sequence[Part]) -> list[Line]:
    """The cut and fold lines of a piece made of ``parts``: an edge two parts share is a
    fold, an edge of one part alone a cut."""
    counts = Counter((min(a, b), max(a, b)) for a, b in _edges(parts))
    folds = [edge for edge, count in counts.items() if count >= 2]
    cuts = [edge for edge, count in counts.items() if count == 1]
    return _joined("fold", folds) + _joined("cut", cuts)


# --- putting a piece on a sheet -----------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """Where a piece goes on a sheet: turned a quarter or not, and moved by ``(dx, dy)``."""

    turned: bool
    dx: float
    dy: float

    def point(self, p: Point) -> Point:
        """``p`` of the piece on the sheet."""
        x, y = (-p[1], p[0]) if self.turned else p
        return _key((x + self.dx, y + self.dy))

    def angle(self, angle: float) -> float:
        """Text at ``angle`` on the piece, on the sheet: turned with the piece, but never
        upside down (kept from -90 to 90 degrees)."""
        turned = (angle + (90.0 if self.turned else 0.0)) % 360.0
        return turned - 180.0 if 90.0 < turned <= 270.0 else turned

    def box(self, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        """A box of the piece on the sheet."""
        (x0, y0), (x1, y1) = self.point(box[:2]), self.point(box[2:])
        return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _room(paper: tuple[float, float]) -> tuple[float, float]:
    """The width and height a piece may take on a sheet of ``paper`` (mm)."""
    width, height = paper
    return width - 2 * MARGIN_MM, height - 2 * MARGIN_MM - HEADING_MM - LEGEND_MM - NOTES_MM


def place(piece: Piece, paper: tuple[float, float]) -> Placement | None:
    """Where ``piece`` goes on a sheet of ``paper`` (mm): upright if it fits, else turned a
    quarter, centred across, below the heading; ``None`` if it fits neither way."""
    room_w, room_h = _room(paper)
    top = paper[1] - MARGIN_MM - HEADING_MM
    for turned in (False, True):
        w, h = (piece.height, piece.width) if turned else (piece.width, piece.height)
        if w <= room_w + _EPSILON and h <= room_h + _EPSILON:
            dx = (paper[0] - w) / 2 + (piece.height if turned else 0.0)
            return Placement(turned, dx, top - h)
    return None


def plan_pieces(size: BoxSize, paper: tuple[float, float]) -> list[tuple[Piece, Placement]] | None:
    """The pieces of a box of ``size`` and where each goes on its sheet of ``paper``: one
    piece if it fits a sheet, else two; ``None`` if even two do not fit."""
    whole = one_piece(size)
    spot = place(whole, paper)
    if spot is not None:
        return [(whole, spot)]
    pieces = two_pieces(size)
    spots = [place(piece, paper) for piece in pieces]
    if any(s is None for s in spots):
        return None
    return [(piece, s) for piece, s in zip(pieces, spots, strict=True) if s is not None]


def most_cards(size: BoxSize, paper: tuple[float, float]) -> int:
    """The most cards of ``size``'s card and thickness a box on ``paper`` can hold (0 if
    none)."""
    low, high = 0, size.cards
    while low < high:  # the fit only gets worse as the box deepens
        middle = (low + high + 1) // 2
        trial = replace(size, cards=middle)
        if plan_pieces(trial, paper) is not None:
            low = middle
        else:
            high = middle - 1
    return low


# --- the sheets ---------------------------------------------------------------------------------


def _mm(value: float) -> str:
    """A length as printed: to a hundredth of a millimetre, without trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _card_words(size: BoxSize) -> str:
    return f"{_mm(size.card_width)} × {_mm(size.card_height)}"


def _labels(
    piece: Piece, spot: Placement, words: TemplateWords, game: str | None, size: BoxSize
) -> list[Label]:
    """The words printed on the piece: the game's name on the front and the spines, what the
    box holds on the back, what the tuck flap and the joint are for."""
    name = game or words("plain_name")
    labels: list[Label] = []
    for part in piece.parts:
        x0, y0, x1, y1 = part.box()
        if part.name == "front":
            notch = min(NOTCH_RADIUS_MM, (x1 - x0) / 4)
            box = (x0 + 4, y0 + 4, x1 - 4, y1 - notch - 4)
            labels.append(Label(name, spot.box(box), 22.0, spot.angle(0.0), bold=True))
        elif part.name == "side":
            box = (x0 + 1, y0 + 6, x1 - 1, y1 - 6)
            labels.append(Label(name, spot.box(box), 13.0, spot.angle(90.0), bold=True))
        elif part.name == "back":
            text = words(
                "back_label", cards=size.cards, card=size.card_name, card_size=_card_words(size)
            )
            box = (x0 + 3, y0 + 4, x1 - 3, y0 + 10)
            labels.append(Label(text, spot.box(box), 7.0, spot.angle(0.0)))
        elif part.name == "tuck flap":
            box = (x0 + 4, y0 + 2, x1 - 4, y1 - 3)
            labels.append(Label(words("tuck_label"), spot.box(box), 7.0, spot.angle(0.0)))
    return labels


def _areas(piece: Piece, spot: Placement, words: TemplateWords) -> list[Area]:
    return [
        Area(
            tuple(spot.point(p) for p in part.outline),
            words("tab_label") if part.name == "tab" else words("glue_label"),
            spot.angle(part.glue_angle),
        )
        for part in piece.parts
        if part.glue
    ]


def _panels(piece: Piece, spot: Placement) -> list[Panel]:
    return [Panel(part.name, spot.box(part.box())) for part in piece.parts]


def _notes(words: TemplateWords, size: BoxSize, split: bool) -> tuple[str, ...]:
    at_least = size.stack + size.depth_clearance < size.min_depth
    inside = " × ".join(_mm(v) for v in (size.width, size.height, size.depth))
    steps = [words("step_print"), words("step_cut", split=split)]
    if split:
        steps.append(words("step_join"))
    first = len(steps) + 1
    steps += [
        words("step_glue", number=first),
        words("step_bottom", number=first + 1),
        words("step_close", number=first + 2),
    ]
    return (
        words(
            "size_note",
            inside=inside,
            card_size=_card_words(size),
            width_clearance=_mm(size.width_clearance),
            height_clearance=_mm(size.height_clearance),
            cards=size.cards,
            thickness=f"{size.thickness:.2f}",
            stack=_mm(size.stack),
            depth_clearance=_mm(size.depth_clearance),
            min_depth=_mm(size.min_depth),
            at_least=at_least,
        ),
        words("thickness_note", default=f"{DEFAULT_THICKNESS_MM:.2f}"),
        *steps,
    )


def _sheet(
    piece: Piece,
    spot: Placement,
    paper: tuple[float, float],
    heading: str,
    notes: tuple[str, ...],
    labels: list[Label],
    words: TemplateWords,
) -> TuckBoxSheet:
    lines = tuple(
        Line(line.kind, spot.point(line.start), spot.point(line.end))
        for line in dieline_lines(piece.parts)
    )
    legend_y = spot.dy - LEGEND_MM / 2 - 1.5
    left = MARGIN_MM
    return TuckBoxSheet(
        size=paper,
        margin=MARGIN_MM,
        lines=lines,
        areas=tuple(_areas(piece, spot, words)),
        labels=tuple(labels),
        panels=tuple(_panels(piece, spot)),
        heading=heading,
        heading_at=(left, paper[1] - MARGIN_MM - HEADING_MM / 2 - 1.0),
        legend=(
            LegendEntry("cut", words("legend_cut")),
            LegendEntry("fold", words("legend_fold")),
            LegendEntry("glue", words("legend_glue")),
        ),
        legend_at=(left, legend_y),
        notes=notes,
        notes_box=(left, MARGIN_MM, paper[0] - MARGIN_MM, legend_y - LEGEND_MM / 2),
        scale_mm=SCALE_MM,
        scale_at=(paper[0] - MARGIN_MM - SCALE_MM, legend_y),
        scale_words=words("scale", length=_mm(SCALE_MM)),
    )


def build_tuck_box(
    card_name: str,
    card_width: float,
    card_height: float,
    *,
    cards: int,
    thickness: float = DEFAULT_THICKNESS_MM,
    game: str | None = None,
    paper: str = "a4",
    paper_size: tuple[float, float],
    words: TemplateWords,
) -> TuckBox:
    """The tuck box for ``cards`` cards of ``card_width`` × ``card_height`` mm, each
    ``thickness`` mm thick, ``game``'s name on it, on sheets of ``paper`` (``paper_size``
    in mm, portrait), its words the macros of ``tuck_box.j2`` in ``words`` (the maker
    hands them over, checked as the renderer sets them).  :class:`OptionError` for a bad
    count or thickness, or a box that does not fit the paper even in two pieces (naming
    the most cards that fit)."""
    size = box_size(card_name, card_width, card_height, cards, thickness)
    plan = plan_pieces(size, paper_size)
    if plan is None:
        most = most_cards(size, paper_size)
        raise OptionError(
            f"a box for {size.cards} {card_name} cards {thickness:.2f} mm thick "
            f"({_mm(size.depth)} mm deep) does not fit {paper} paper even in two pieces: "
            f"at most {most} cards of that thickness"
        )
    split = len(plan) > 1
    notes = _notes(words, size, split)
    sheets = []
    for number, (piece, spot) in enumerate(plan, start=1):
        heading = words(
            "heading",
            game=game or "",
            cards=size.cards,
            card=card_name,
            card_size=_card_words(size),
            sheet=number,
            sheets=len(plan),
        )
        labels = _labels(piece, spot, words, game, size)
        sheets.append(_sheet(piece, spot, paper_size, heading, notes, labels, words))
    title = words("title", game=game or "", cards=size.cards, card=card_name)
    subject = (
        f"inside {_mm(size.width)} × {_mm(size.height)} × {_mm(size.depth)} mm; "
        f"{size.cards} cards × {size.thickness:.2f} mm; {paper}"
    )
    return TuckBox(size, game or "", paper, tuple(sheets), title, subject)


__all__ = [
    "DEFAULT_THICKNESS_MM",
    "DEPTH_CLEARANCE_MM",
    "HEIGHT_CLEARANCE_MM",
    "MAX_CARDS",
    "WIDTH_CLEARANCE_MM",
    "Part",
    "Piece",
    "Placement",
    "box_size",
    "build_tuck_box",
    "check_cards",
    "check_thickness",
    "dieline_lines",
    "most_cards",
    "one_piece",
    "place",
    "plan_pieces",
    "two_pieces",
]
