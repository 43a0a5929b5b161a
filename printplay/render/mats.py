"""Table mats: a solitaire's layout at true size, tiled across pages to tape together.

Lay a deal's cards on the mat and each card is where the setup sheet says.  Everything on
the mat comes from its model (:class:`~printplay.models.printable.TableMat`, built by
:mod:`printplay.builders.table_mat`): the game's layout and a board view of its start, never
the game's name: a 63 × 88 mm place for every slot (turned as the slot turns), named as the
deal order names it (``slot.label`` and ``slot.name``), the places of the piles (stock,
waste), the tokens on the board and the layout's row or wall labels.  Cards that lie on others are
drawn over them, so each place shows the part of its card that stays in sight, and its
name is set there.

The mat is cut into pages (tiles) of the chosen paper, turned whichever way needs fewer
pages.  Neighbouring tiles overlap by :data:`OVERLAP_MM`: a tile to the right or below is
trimmed along its left or top cut edge and laid over its neighbour, its edge on the
neighbour's dashed line, where half circles and crosses printed across the seam meet their
other halves (one circle at each corner where seams cross).  The words on the mat keep
clear of the seams and the circles: a place's words move within it, the circles along
their seam, and the pages shift across the mat when a place has no room off a seam.  Each
page is labelled ("A1 of 2 × 3"), with a small map of the pages and a 50 mm bar to check
the print scale, all :data:`FOOT_MM` or more from the edges; the first page shows the whole
mat and says how to put it together (the words are ``templates/kit.j2``).

:func:`plan_mat` gives the geometry (tested without a PDF); :func:`build_mat` writes the PDF;
:class:`MatOverview` is the whole mat drawn small, as a flowable.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from pathlib import Path

from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from printplay import __version__
from printplay.core.errors import RulebookError
from printplay.core.layout import BoardView, Layout
from printplay.core.outfile import check_writable
from printplay.models.printable import TableMat
from printplay.render.card_shapes import CARD_RATIO
from printplay.render.components import pieces_row
from printplay.render.document import (
    MARGIN,
    Paragraph,
    bookmark_page,
    paper_size,
    write_atomically,
)
from printplay.render.fonts import SANS, SANS_BOLD, register_fonts
from printplay.render.ink_light import ground
from printplay.render.markdown_pdf import fill_frame, markdown_to_flowables
from printplay.render.styles import MIN_TEXT
from printplay.render.words_markup import Words

CARD_MM = (63.0, 88.0)
"""The places are poker-size cards (width, height)."""

CORNER_MM = 3.0
"""The corner radius of a place (a poker card's)."""

OVERLAP_MM = 12.0
"""How far neighbouring tiles overlap."""

PAD_MM = 6.0
"""White round the layout's extent, inside the mat's edge."""

MARGINS_MM = (10.0, 10.0, 10.0, 20.0)
"""Page margins round the printed part of a tile: left, right, top, bottom (the bottom holds
the page label, the scale bar and the page map, 10 mm or more from the edge)."""

FOOT_MM = 10.0
"""What the foot of a page holds keeps this far from the page's edge."""

SCALE_BAR_MM = 50
"""The length of the bar that checks the print scale."""

MARK_RADIUS_MM = 3.0
"""The circles of the alignment marks across each seam."""

MARK_SPACING_MM = 70.0
"""About this far apart along a seam."""

MARK_REACH_MM = 2 * MARK_RADIUS_MM
"""How far a target's cross reaches from its centre."""

SEAM_CLEARANCE_MM = 2.0
"""Words on the mat keep this far from a seam (and from a target's cross)."""

END_INSET_MM = OVERLAP_MM + 6.0
"""Targets along a seam keep this far from its free ends (clear of the overlaps there)."""

CORNER_INSET_MM = 30.0
"""Targets along a seam keep this far from a corner where seams cross (its own target)."""

MARK_GAP_MM = 14.0
"""Targets along a seam keep at least this far apart."""

PLACE_FILL = HexColor("#EEF4F0")
PLACE_LINE = HexColor("#6F7F76")
PILE_LINE = HexColor("#8A8A8A")
TEXT = HexColor("#3A4A42")
NAME_TEXT = HexColor("#5A5A5A")
GUIDE = HexColor("#4D4D4D")

PT = 25.4 / 72
"""A point in millimetres (line widths on the mat, which is drawn in millimetres)."""

LABEL_SIZE = 15.0
"""The slot's short label ("3·7"), points."""
NAME_SIZE = 8.0
"""The slot's name ("row 3, 7th card"), points."""
LAYOUT_LABEL_SIZE = 13.0
"""The layout's row or wall labels, points."""


Box = tuple[float, float, float, float]
"""A rectangle in mat millimetres: left, top, right, bottom (``y`` grows downwards)."""


@dataclass(frozen=True)
class Place:
    """Where a card goes: a slot of the layout or a pile, centred at ``cx``, ``cy`` (mat
    millimetres, ``y`` down), turned ``rotation`` degrees anticlockwise."""

    kind: str  # "slot" or "pile"
    name: str
    label: str
    cx: float
    cy: float
    rotation: float = 0.0
    depth: int = 0
    """How many cards lie under this one (drawn first: the lowest)."""
    text_at: tuple[float, float] | None = None
    """Where its label is set (the middle of the part of it left in sight, clear of the
    seams between pages and of the registration targets)."""
    note: str = ""
    """A pile's second line, under its name ("23 cards, face down"); a slot's is its name."""

    @property
    def box(self) -> Box:
        """Its extent (a quarter-turned card is 88 wide and 63 tall)."""
        width, height = CARD_MM
        if round(self.rotation) % 180 == 90:
            width, height = height, width
        return (
            self.cx - width / 2,
            self.cy - height / 2,
            self.cx + width / 2,
            self.cy + height / 2,
        )


@dataclass(frozen=True)
class Text:
    """A line of words on the mat (a row or wall label, a token's name), centred at ``x``,
    ``y`` (mat millimetres), turned ``rotation`` degrees anticlockwise."""

    text: str
    x: float
    y: float
    size: float
    rotation: float = 0.0
    bold: bool = True

    @property
    def box(self) -> Box:
        width = stringWidth(self.text, SANS_BOLD if self.bold else SANS, self.size) / mm
        height = self.size * 1.2 / mm
        if round(self.rotation) % 180 == 90:
            width, height = height, width
        return (self.x - width / 2, self.y - height / 2, self.x + width / 2, self.y + height / 2)


@dataclass(frozen=True)
class Token:
    """A token's place (Ricochet's ball), a circle centred at ``x``, ``y``."""

    name: str
    x: float
    y: float
    radius: float = 9.5


@dataclass(frozen=True)
class Tile:
    """One page of the mat: row ``row`` (0 = A), column ``column`` (0 = 1), and the part of
    the mat it prints, in mat millimetres."""

    row: int
    column: int
    region: Box

    @property
    def name(self) -> str:
        """``A1``, ``B3`` …"""
        return f"{chr(ord('A') + self.row)}{self.column + 1}"


@dataclass(frozen=True)
class MatPlan:
    """A mat: its places, words and tokens, its size, and the tiles it is printed on."""

    game: str
    title: str
    noun: str
    places: tuple[Place, ...]
    texts: tuple[Text, ...]
    tokens: tuple[Token, ...]
    width: float
    height: float
    paper: str
    page: tuple[float, float]
    """Page size in points (the paper, turned as the tiles need)."""
    rows: int
    columns: int
    tiles: tuple[Tile, ...]
    marks: tuple[tuple[float, float], ...] = ()
    """The registration targets (circles with crosses), centred on the seams: one at each
    corner where seams cross, and more along each seam, clear of the words on the mat."""

    @property
    def content(self) -> tuple[float, float]:
        """The printed part of a page, in millimetres (width, height)."""
        left, right, top, bottom = MARGINS_MM
        return self.page[0] / mm - left - right, self.page[1] / mm - top - bottom

    def to_page(self, tile: Tile, x: float, y: float) -> tuple[float, float]:
        """A mat point (millimetres, ``y`` down) on ``tile``'s page (points, ``y`` up)."""
        left, _, top, _ = MARGINS_MM
        x0, y0, _, _ = tile.region
        return (left + x - x0) * mm, self.page[1] - (top + y - y0) * mm

    def tile_at(self, row: int, column: int) -> Tile | None:
        """The tile at ``row``, ``column``, if it is printed."""
        return next((t for t in self.tiles if (t.row, t.column) == (row, column)), None)

    def seams(self) -> tuple[list[float], list[float]]:
        """Where the tiles meet, in mat millimetres: the left edges of columns 2 … and the top
        edges of rows B …, where a trimmed tile's edge lies."""
        xs = sorted({t.region[0] for t in self.tiles if t.column > 0})
        ys = sorted({t.region[1] for t in self.tiles if t.row > 0})
        return xs, ys


# --- geometry ---------------------------------------------------------------------------------


def _union(boxes: Iterable[Box]) -> Box:
    items = list(boxes)
    return (
        min(b[0] for b in items),
        min(b[1] for b in items),
        max(b[2] for b in items),
        max(b[3] for b in items),
    )


def _inside(inner: Box, outer: Box) -> bool:
    return (
        inner[0] >= outer[0]
        and inner[1] >= outer[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _grown(box: Box, by: float) -> Box:
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def _places(layout: Layout, view: BoardView) -> list[Place]:
    width = CARD_MM[0]
    depth: dict[int, int] = {}

    def depth_of(index: int) -> int:
        if index not in depth:
            below = layout.slots[index].covers
            depth[index] = 1 + max(map(depth_of, below)) if below else 0
        return depth[index]

    places = []
    for slot in layout.slots:
        cx = (slot.x + 0.5) * width
        cy = (slot.y + 0.5) * CARD_RATIO * width
        label = slot.label or str(slot.index + 1)
        places.append(Place("slot", slot.name, label, cx, cy, slot.rotation, depth_of(slot.index)))
    for pile in view.piles:
        cx = pile.x * width + CARD_MM[0] / 2
        cy = pile.y * CARD_RATIO * width + CARD_MM[1] / 2
        places.append(Place("pile", pile.name, pile.name, cx, cy))
    return places


def _covering(layout: Layout) -> list[set[int]]:
    """For each slot, every slot lying on it, directly or through other cards."""
    slots = layout.slots
    found: list[set[int]] = [set() for _ in slots]
    for slot in slots:
        todo = list(slot.covered_by)
        while todo:
            above = todo.pop()
            if above not in found[slot.index]:
                found[slot.index].add(above)
                todo.extend(slots[above].covered_by)
    return found


def _label_box(place: Place, x: float, y: float) -> Box:
    """The box round a place's words set at ``x``, ``y``: its label and, under it, its name
    (a pile: its note)."""
    half_w, half_h = _label_half(place.label, place.note if place.kind == "pile" else place.name)
    return x - half_w, y - half_h, x + half_w, y + half_h


@functools.cache
def _label_half(label: str, second: str) -> tuple[float, float]:
    """Half the width and height of a label over a second line, in millimetres."""
    width = max(stringWidth(label, SANS_BOLD, LABEL_SIZE), stringWidth(second, SANS, NAME_SIZE))
    height = (LABEL_SIZE + NAME_SIZE) * 1.25
    return width / mm / 2, height / mm / 2


def _text_point(
    place: Place, over: Sequence[Box], blocked: Sequence[Box] = ()
) -> tuple[float, float]:
    """Where ``place``'s words go: the middle of the points where they fit clear of the cards
    lying on it (``over``); if that point touches ``blocked`` (a seam, a corner target), the
    nearest point clear of both; the middle of the card if no point is clear of the cards."""
    clear = [_grown(box, 1.0) for box in over]
    good = _clear_points(place, clear)
    if not good:
        return place.cx, place.cy
    mx = sum(p[0] for p in good) / len(good)
    my = sum(p[1] for p in good) / len(good)
    best = min(good, key=lambda p: ((p[0] - mx) ** 2 + (p[1] - my) ** 2, p))
    free = [p for p in good if not any(_overlaps(_label_box(place, *p), b) for b in blocked)]
    if not free or best in free:
        return best
    return min(free, key=lambda p: ((p[0] - best[0]) ** 2 + (p[1] - best[1]) ** 2, p))


def _clear_points(place: Place, clear: Sequence[Box]) -> list[tuple[float, float]]:
    """The points of a 2 mm grid over ``place`` where its words fit inside it, 2 mm from its
    edge, touching none of ``clear``."""
    x0, y0, x1, y1 = place.box
    inner = _grown(place.box, -2.0)
    step = 2.0
    good = []
    for i in range(int((x1 - x0) / step) + 1):
        for j in range(int((y1 - y0) / step) + 1):
            x, y = x0 + i * step, y0 + j * step
            box = _label_box(place, x, y)
            if _inside(box, inner) and not any(_overlaps(box, c) for c in clear):
                good.append((x, y))
    return good


def plan_mat(mat: TableMat, paper: str = "a4", *, words: Words) -> MatPlan:
    """The mat of ``mat``'s layout on ``paper``: places, words (``words``: the macros of
    ``kit.j2``, or of a house edition of it), size, tiles and the registration targets on
    the seams."""
    register_fonts()
    view = mat.start
    places = [_with_note(place, view, words) for place in _places(mat.layout, view)]
    texts, tokens = _layout_texts(view), _tokens(view)
    extent = _union(_content(places, texts, tokens))
    dx, dy = PAD_MM - extent[0], PAD_MM - extent[1]
    mat_w = extent[2] - extent[0] + 2 * PAD_MM
    mat_h = extent[3] - extent[1] + 2 * PAD_MM
    places = [_moved(p, dx, dy) for p in places]
    texts = [replace(t, x=t.x + dx, y=t.y + dy) for t in texts]
    tokens = [replace(t, x=t.x + dx, y=t.y + dy) for t in tokens]
    content = _content(places, texts, tokens)
    page, rows, columns, tiles = _tiles(paper, mat_w, mat_h, content)
    fixed = [t.box for t in texts] + [_token_box(t) for t in tokens]
    room = _word_room(mat.layout, places)
    if not _words_clear(places, room, fixed, tiles):
        tiles = _moved_grid(page, (mat_w, mat_h), content, tiles, places, room, fixed)
    seams = _seams(tiles)
    corners = _corners(seams)
    placed = _set_words(mat.layout, places, _blocked(seams, corners))
    words_on_mat = [_words_box(p) for p in placed] + [t.box for t in texts]
    words_on_mat += [_token_box(t) for t in tokens]
    marks = corners + _seam_marks(seams, corners, words_on_mat)
    return MatPlan(
        mat.game,
        mat.title,
        mat.layout.noun,
        tuple(placed),
        tuple(texts),
        tuple(tokens),
        mat_w,
        mat_h,
        paper,
        page,
        rows,
        columns,
        tuple(tiles),
        tuple(marks),
    )


def _layout_texts(view: BoardView) -> list[Text]:
    """The layout's row or wall labels, in mat millimetres."""
    width = CARD_MM[0]
    return [
        Text(
            label.text,
            label.x * width,
            label.y * CARD_RATIO * width,
            LAYOUT_LABEL_SIZE,
            label.rotation,
        )
        for label in view.labels
    ]


def _tokens(view: BoardView) -> list[Token]:
    """The tokens on the board at the start (Ricochet's ball), in mat millimetres."""
    width = CARD_MM[0]
    return [
        Token(marker.name, marker.x * width, marker.y * CARD_RATIO * width)
        for marker in view.markers
    ]


def _token_box(token: Token) -> Box:
    return (token.x - token.radius, token.y - token.radius, token.x + token.radius,
            token.y + token.radius)  # fmt: skip


def _content(places: Sequence[Place], texts: Sequence[Text], tokens: Sequence[Token]) -> list[Box]:
    """The boxes of everything drawn on the mat."""
    return [p.box for p in places] + [t.box for t in texts] + [_token_box(t) for t in tokens]


def _with_note(place: Place, view: BoardView, words: Words) -> Place:
    """A pile's place with its second line (how many cards, face down or up)."""
    pile = next((pile for pile in view.piles if pile.name == place.name), None)
    if place.kind != "pile" or pile is None:
        return place
    text = words("mat_pile", name=pile.name, count=len(pile.cards), face_up=pile.face_up)
    return replace(place, note=text.split(" · ", 1)[-1])


def _set_words(layout: Layout, places: Sequence[Place], blocked: Sequence[Box]) -> list[Place]:
    """Each place with the point its words are set at: in sight of the cards lying on it,
    clear of ``blocked``."""
    covering = _covering(layout)
    slot_count = len(layout.slots)
    placed = []
    for index, place in enumerate(places):
        over = [places[i].box for i in covering[index]] if index < slot_count else []
        placed.append(replace(place, text_at=_text_point(place, over, blocked)))
    return placed


def _word_room(layout: Layout, places: Sequence[Place]) -> list[list[tuple[float, float]]]:
    """For each place, the points its words may be set at clear of the cards lying on it."""
    covering = _covering(layout)
    slot_count = len(layout.slots)
    room = []
    for index, place in enumerate(places):
        over = [places[i].box for i in covering[index]] if index < slot_count else []
        room.append(_clear_points(place, [_grown(box, 1.0) for box in over]))
    return room


def _words_clear(
    places: Sequence[Place],
    room: Sequence[Sequence[tuple[float, float]]],
    fixed: Sequence[Box],
    tiles: Sequence[Tile],
) -> bool:
    """Whether, with the pages at ``tiles``, every place's words can be set clear of the seams
    and the corner targets, and the ``fixed`` words (wall labels, tokens) are."""
    seams = _seams(tiles)
    blocked = _blocked(seams, _corners(seams))
    if any(_overlaps(box, b) for box in fixed for b in blocked):
        return False
    for place, points in zip(places, room, strict=True):
        near = [b for b in blocked if _overlaps(b, place.box)]
        if (
            near
            and points
            and not any(
                not any(_overlaps(_label_box(place, x, y), b) for b in near) for x, y in points
            )
        ):
            return False
    return True


def _moved_grid(
    page: tuple[float, float],
    size: tuple[float, float],
    content: Sequence[Box],
    tiles: list[Tile],
    places: Sequence[Place],
    room: Sequence[Sequence[tuple[float, float]]],
    fixed: Sequence[Box],
) -> list[Tile]:
    """The pages moved across the mat, then up or down it, by the fewest millimetres that
    let every word clear the seams, without printing more pages; ``tiles`` if none does."""
    for along in range(2):
        for step in range(1, GRID_SEARCH_MM + 1):
            for sign in (1, -1):
                shift = (sign * step, 0.0) if along == 0 else (0.0, sign * step)
                moved = _printed(_grid(page, *size, shift)[2], content)
                if len(moved) <= len(tiles) and _words_clear(places, room, fixed, moved):
                    return moved
    return tiles


GRID_SEARCH_MM = 120
"""How far the pages may move across or along the mat to clear its words of the seams."""


def _words_box(place: Place) -> Box:
    """The box round a place's words where they are set."""
    x, y = place.text_at or (place.cx, place.cy)
    return _label_box(place, x, y)


def _moved(place: Place, dx: float, dy: float) -> Place:
    at = None if place.text_at is None else (place.text_at[0] + dx, place.text_at[1] + dy)
    return replace(place, cx=place.cx + dx, cy=place.cy + dy, text_at=at)


# --- seams and registration targets -------------------------------------------------------------


@dataclass(frozen=True)
class Seam:
    """Where a trimmed page's edge lies on the mat: the line x = ``at`` (``vertical``) or
    y = ``at``, from ``start`` to ``end`` along it, in mat millimetres."""

    vertical: bool
    at: float
    start: float
    end: float

    def point(self, along: float) -> tuple[float, float]:
        """The point ``along`` the seam."""
        return (self.at, along) if self.vertical else (along, self.at)

    def holds(self, point: tuple[float, float]) -> bool:
        """Whether ``point`` lies on the seam."""
        across, along = point if self.vertical else point[::-1]
        return (
            abs(across - self.at) < EPSILON and self.start - EPSILON <= along <= self.end + EPSILON
        )

    def along(self, point: tuple[float, float]) -> float:
        """How far along the seam's line ``point`` lies."""
        return point[1] if self.vertical else point[0]


EPSILON = 1e-6
"""Mat millimetres closer than this are the same."""


def _seams(tiles: Sequence[Tile]) -> list[Seam]:
    """Every seam: the left edge of each page with a page to its left, the top edge of each
    with a page above, pieces on one line joined."""
    printed = {(t.row, t.column) for t in tiles}
    pieces: dict[tuple[bool, float], list[tuple[float, float]]] = {}
    for tile in tiles:
        x0, y0, x1, y1 = tile.region
        if (tile.row, tile.column - 1) in printed:
            pieces.setdefault((True, x0), []).append((y0, y1))
        if (tile.row - 1, tile.column) in printed:
            pieces.setdefault((False, y0), []).append((x0, x1))
    seams = []
    for (vertical, at), spans in sorted(pieces.items()):
        seams += [Seam(vertical, at, a, b) for a, b in _joined(spans)]
    return seams


def _joined(spans: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """Overlapping or touching spans made one."""
    joined: list[tuple[float, float]] = []
    for start, end in sorted(spans):
        if joined and start <= joined[-1][1] + EPSILON:
            joined[-1] = (joined[-1][0], max(joined[-1][1], end))
        else:
            joined.append((start, end))
    return joined


def _corners(seams: Sequence[Seam]) -> list[tuple[float, float]]:
    """Where an upright seam crosses or meets a level one: one target each."""
    found = set()
    for upright in (s for s in seams if s.vertical):
        for level in (s for s in seams if not s.vertical):
            point = (upright.at, level.at)
            if upright.holds(point) and level.holds(point):
                found.add(point)
    return sorted(found)


def _blocked(seams: Sequence[Seam], corners: Sequence[tuple[float, float]]) -> list[Box]:
    """Where no words go: along every seam, and round the corner targets' crosses."""
    clear = SEAM_CLEARANCE_MM
    boxes = [
        (s.at - clear, s.start, s.at + clear, s.end)
        if s.vertical
        else (s.start, s.at - clear, s.end, s.at + clear)
        for s in seams
    ]
    reach = MARK_REACH_MM + clear
    boxes += [(x - reach, y - reach, x + reach, y + reach) for x, y in corners]
    return boxes


def _seam_marks(
    seams: Sequence[Seam], corners: Sequence[tuple[float, float]], words: Sequence[Box]
) -> list[tuple[float, float]]:
    """Targets along every seam between its corners and ends, about
    :data:`MARK_SPACING_MM` apart (two at least on a seam with no corner), each moved along
    the seam as far as it takes to clear ``words`` and the other targets."""
    marks: list[tuple[float, float]] = []
    for seam in seams:
        on = {seam.along(c) for c in corners if seam.holds(c)}
        stops = sorted({seam.start, seam.end, *on})
        for a, b in pairwise(stops):
            low = a + (CORNER_INSET_MM if a in on else END_INSET_MM)
            high = b - (CORNER_INSET_MM if b in on else END_INSET_MM)
            least = 1 if on else 2
            marks += _marks_between(seam, low, high, least, words, [*corners, *marks])
    return marks


def _marks_between(
    seam: Seam,
    low: float,
    high: float,
    least: int,
    words: Sequence[Box],
    taken: Sequence[tuple[float, float]],
) -> list[tuple[float, float]]:
    """Targets spread from ``low`` to ``high`` along ``seam`` (``least`` at least), each at
    the nearest point clear of ``words`` and ``taken``; one that finds none is left out."""
    length = high - low
    if length < 0:
        return []
    count = max(least, round(length / MARK_SPACING_MM) + 1)
    wanted = [low + length / 2] if count == 1 else [
        low + length * i / (count - 1) for i in range(count)
    ]  # fmt: skip
    chosen: list[tuple[float, float]] = []
    for along in wanted:
        spot = _clear_spot(seam, along, low, high, words, [*taken, *chosen])
        if spot is not None:
            chosen.append(spot)
    return chosen


def _clear_spot(
    seam: Seam,
    along: float,
    low: float,
    high: float,
    words: Sequence[Box],
    taken: Sequence[tuple[float, float]],
) -> tuple[float, float] | None:
    """The point of ``seam`` nearest ``along`` (millimetre steps, between ``low`` and
    ``high``) where a target's cross touches none of ``words`` and keeps
    :data:`MARK_GAP_MM` from every ``taken`` target."""
    reach = MARK_REACH_MM + 0.5
    for step in range(int(high - low) + 2):
        for offset in (step, -step) if step else (0,):
            spot = along + offset
            if not low - EPSILON <= spot <= high + EPSILON:
                continue
            x, y = seam.point(spot)
            cross = (x - reach, y - reach, x + reach, y + reach)
            if any(_overlaps(cross, box) for box in words):
                continue
            if all(math.hypot(x - tx, y - ty) >= MARK_GAP_MM for tx, ty in taken):
                return x, y
    return None


def _count(length: float, room: float) -> int:
    """Tiles of ``room`` overlapping by :data:`OVERLAP_MM` needed to cover ``length``."""
    if length <= room:
        return 1
    return math.ceil((length - OVERLAP_MM) / (room - OVERLAP_MM))


def _grid(
    page: tuple[float, float], mat_w: float, mat_h: float, shift: tuple[float, float] = (0.0, 0.0)
) -> tuple[int, int, list[Tile]]:
    """Every tile of a grid of pages of size ``page`` over the mat, the mat centred on them
    (then the grid moved by ``shift``, within what keeps the mat covered)."""
    left, right, top, bottom = MARGINS_MM
    room_w = page[0] / mm - left - right
    room_h = page[1] / mm - top - bottom
    columns, rows = _count(mat_w, room_w), _count(mat_h, room_h)
    step_w, step_h = room_w - OVERLAP_MM, room_h - OVERLAP_MM
    span_w = columns * step_w + OVERLAP_MM if columns > 1 else room_w
    span_h = rows * step_h + OVERLAP_MM if rows > 1 else room_h
    x_start = -(span_w - mat_w) / 2 + _within(shift[0], (span_w - mat_w) / 2)
    y_start = -(span_h - mat_h) / 2 + _within(shift[1], (span_h - mat_h) / 2)
    tiles = [
        Tile(
            row,
            column,
            (
                x_start + column * step_w,
                y_start + row * step_h,
                x_start + column * step_w + room_w,
                y_start + row * step_h + room_h,
            ),
        )
        for row in range(rows)
        for column in range(columns)
    ]
    return rows, columns, tiles


def _within(value: float, limit: float) -> float:
    """``value``, kept between ``-limit`` and ``limit``."""
    return max(-limit, min(limit, value))


def _printed(tiles: Sequence[Tile], content: Sequence[Box]) -> list[Tile]:
    """The tiles with something on them (a tile of empty table is not printed)."""
    return [t for t in tiles if any(_overlaps(t.region, box) for box in content)]


def _tiles(
    paper: str, mat_w: float, mat_h: float, content: Sequence[Box]
) -> tuple[tuple[float, float], int, int, list[Tile]]:
    """The page, turned whichever way needs fewer pages (landscape on a tie), and the tiles
    with something on them (a tile of empty table is not printed)."""
    short, long = sorted(paper_size(paper))
    best: tuple[tuple[float, float], int, int, list[Tile]] | None = None
    for page in ((long, short), (short, long)):
        rows, columns, tiles = _grid(page, mat_w, mat_h)
        tiles = _printed(tiles, content)
        if best is None or len(tiles) < len(best[3]):
            best = (page, rows, columns, tiles)
    assert best is not None
    return best


# --- drawing ----------------------------------------------------------------------------------


def _draw_mat(canvas: Canvas, plan: MatPlan, words: Words, *, detail: bool = True) -> None:
    """Draw the mat in its own frame: millimetres, the origin at its top-left corner, ``y``
    down (the caller sets the transform)."""
    canvas.saveState()
    if detail:
        for text in plan.texts:
            _draw_text(canvas, text, TEXT)
    # Lowest cards first: a card lying on others hides the parts of them it covers.
    order = sorted(plan.places, key=lambda p: (p.kind != "slot", p.depth, p.cx, p.cy))
    for place in order:
        _draw_place(canvas, place)
    if detail:
        for place in order:
            _draw_place_words(canvas, place, plan, words)
    for token in plan.tokens:
        canvas.setStrokeColor(PILE_LINE)
        canvas.setFillColor(white)
        canvas.setLineWidth(0.6 * PT)
        canvas.setDash([1.5, 1.0])
        canvas.circle(token.x, token.y, token.radius, stroke=1, fill=1)
        canvas.setDash([])
        _draw_text(canvas, Text(token.name, token.x, token.y, NAME_SIZE, bold=False), TEXT)
    canvas.restoreState()


def _draw_text(canvas: Canvas, text: Text, colour: Color) -> None:
    canvas.saveState()
    canvas.translate(text.x, text.y)
    canvas.rotate(-text.rotation)  # y runs down here: a turn anticlockwise on paper
    canvas.scale(1 / mm, -1 / mm)  # points, y up, for the text
    canvas.setFillColor(colour)
    canvas.setFont(SANS_BOLD if text.bold else SANS, text.size)
    canvas.drawCentredString(0, -text.size * 0.35, text.text)
    canvas.restoreState()


def _draw_place(canvas: Canvas, place: Place) -> None:
    width, height = CARD_MM
    canvas.saveState()
    canvas.translate(place.cx, place.cy)
    canvas.rotate(-place.rotation)
    canvas.setLineWidth((0.7 if place.kind == "slot" else 0.6) * PT)
    if place.kind == "slot":
        canvas.setFillColor(ground(PLACE_FILL))
        canvas.setStrokeColor(PLACE_LINE)
        canvas.roundRect(-width / 2, -height / 2, width, height, CORNER_MM, stroke=1, fill=1)
    else:
        canvas.setFillColor(white)
        canvas.setStrokeColor(PILE_LINE)
        canvas.setDash([2.0, 1.2])
        canvas.roundRect(-width / 2, -height / 2, width, height, CORNER_MM, stroke=1, fill=1)
    canvas.restoreState()


def _draw_place_words(canvas: Canvas, place: Place, plan: MatPlan, words: Words) -> None:
    x, y = place.text_at or (place.cx, place.cy)
    if place.kind == "pile":
        _draw_text(canvas, Text(place.label, x, y - 2.5, LABEL_SIZE), TEXT)
        return
    _draw_text(canvas, Text(place.label, x, y - 2.2, LABEL_SIZE), TEXT)
    _draw_text(canvas, Text(place.name, x, y + 3.6, NAME_SIZE, bold=False), NAME_TEXT)


def _draw_pile_counts(canvas: Canvas, plan: MatPlan) -> None:
    """Under each pile's name, its note: how many cards, face down or up."""
    for place in plan.places:
        if place.kind != "pile" or not place.note:
            continue
        x, y = place.text_at or (place.cx, place.cy)
        _draw_text(canvas, Text(place.note, x, y + 3.6, NAME_SIZE, bold=False), NAME_TEXT)


def _draw_tile(canvas: Canvas, plan: MatPlan, tile: Tile, words: Words) -> None:
    """One page of the mat: its part of the mat, clipped; the seams' marks; the margins."""
    left, _, top, _ = MARGINS_MM
    page_h = plan.page[1]
    room_w, room_h = plan.content
    x0, y0 = tile.region[:2]
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(left * mm, page_h - (top + room_h) * mm, room_w * mm, room_h * mm)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.translate(left * mm, page_h - top * mm)
    canvas.scale(mm, -mm)
    canvas.translate(-x0, -y0)
    _draw_mat(canvas, plan, words)
    _draw_pile_counts(canvas, plan)
    _draw_seam_marks(canvas, plan)
    canvas.restoreState()
    _draw_guides(canvas, plan, tile, words)
    _draw_margin(canvas, plan, tile, words)


def _draw_seam_marks(canvas: Canvas, plan: MatPlan) -> None:
    """The registration targets, in mat coordinates: the tile underneath prints them whole,
    the one laid over it (trimmed on the seam) half, at a corner a quarter."""
    r = MARK_RADIUS_MM
    canvas.saveState()
    canvas.setStrokeColor(GUIDE)
    canvas.setLineWidth(0.35 * PT)
    for x, y in plan.marks:
        _mark(canvas, x, y, r)
    canvas.restoreState()


def _mark(canvas: Canvas, x: float, y: float, r: float) -> None:
    canvas.circle(x, y, r, stroke=1, fill=0)
    canvas.line(x - 2 * r, y, x + 2 * r, y)
    canvas.line(x, y - 2 * r, x, y + 2 * r)


def _draw_guides(canvas: Canvas, plan: MatPlan, tile: Tile, words: Words) -> None:
    """The dashed lines where the next tiles' cut edges go, and the cut marks of this tile's
    own cut edges (in the margins, from the printed part to the page edge)."""
    left, _, top, _ = MARGINS_MM
    room_w, room_h = plan.content
    page_w, page_h = plan.page
    content_left, content_right = left * mm, (left + room_w) * mm
    content_top, content_bottom = page_h - top * mm, page_h - (top + room_h) * mm
    canvas.saveState()
    canvas.setStrokeColor(GUIDE)
    canvas.setFillColor(GUIDE)
    canvas.setFont(SANS, 6.5)
    if plan.tile_at(tile.row, tile.column + 1):  # its cut edge goes on this line
        x = content_right - OVERLAP_MM * mm
        canvas.setLineWidth(0.5)
        canvas.setDash([4, 2.5])
        canvas.line(x, content_bottom, x, content_top)
        canvas.setDash([])
        # Said in the margin beyond, which the next page covers.
        neighbour = Tile(tile.row, tile.column + 1, tile.region).name
        canvas.saveState()
        canvas.translate(content_right + 3.2 * mm, (content_top + content_bottom) / 2)
        canvas.rotate(90)
        canvas.drawCentredString(0, 0, words("mat_over", tile=neighbour))
        canvas.restoreState()
    if plan.tile_at(tile.row + 1, tile.column):
        y = content_bottom + OVERLAP_MM * mm
        canvas.setLineWidth(0.5)
        canvas.setDash([4, 2.5])
        canvas.line(content_left, y, content_right, y)
        canvas.setDash([])
        neighbour = Tile(tile.row + 1, tile.column, tile.region).name
        canvas.drawCentredString(
            (content_left + content_right) / 2,
            content_bottom - 3.2 * mm,
            words("mat_over", tile=neighbour),
        )
    canvas.setLineWidth(0.3)
    if plan.tile_at(tile.row, tile.column - 1):  # this left edge is cut: marks in the margin
        for y0, y1 in ((content_top + 1.5 * mm, page_h), (0.0, content_bottom - 1.5 * mm)):
            canvas.line(content_left, y0, content_left, y1)
        canvas.saveState()
        canvas.translate(content_left - 2.5 * mm, (content_top + content_bottom) / 2)
        canvas.rotate(90)
        canvas.drawCentredString(0, 0, words("mat_cut"))
        canvas.restoreState()
    if plan.tile_at(tile.row - 1, tile.column):
        for x0, x1 in ((0.0, content_left - 1.5 * mm), (content_right + 1.5 * mm, page_w)):
            canvas.line(x0, content_top, x1, content_top)
        canvas.drawCentredString(
            (content_left + content_right) / 2, content_top + 2.5 * mm, words("mat_cut")
        )
    canvas.restoreState()


def _draw_margin(canvas: Canvas, plan: MatPlan, tile: Tile, words: Words) -> None:
    """The foot of the page, :data:`FOOT_MM` or more from its edges: the label, the scale
    bar and the page map."""
    left, right, _, _ = MARGINS_MM
    page_w = plan.page[0]
    base = (FOOT_MM + 2.5) * mm
    canvas.saveState()
    canvas.setFillColor(GUIDE)
    label = Paragraph(
        words(
            "mat_page_label", game=plan.title, tile=tile.name, rows=plan.rows, columns=plan.columns
        ),
        ParagraphStyle("mat-label", fontName=SANS, fontSize=7, leading=9, textColor=GUIDE),
    )
    diagram_w = _assembly_size(plan)[0]
    room = page_w - (left + right + 3) * mm - diagram_w - (SCALE_BAR_MM + 14) * mm
    _, height = label.wrap(room, 2 * 9)
    label.drawOn(canvas, (left + 3) * mm, max(base - height / 2 + 2, FOOT_MM * mm))
    # The scale bar: 50 mm, ticked every 10, its length said above it.
    bar_x = (left + 3) * mm + room + 5 * mm
    canvas.setStrokeColor(GUIDE)
    canvas.setLineWidth(0.4)
    canvas.line(bar_x, base, bar_x + SCALE_BAR_MM * mm, base)
    for i in range(0, SCALE_BAR_MM + 1, 10):
        tick = 2.2 if i in (0, SCALE_BAR_MM) else 1.2
        canvas.line(bar_x + i * mm, base, bar_x + i * mm, base - tick * mm)
    canvas.setFont(SANS, 6.5)
    canvas.drawCentredString(
        bar_x + SCALE_BAR_MM * mm / 2, base + 1.2 * mm, words("mat_scale", length=SCALE_BAR_MM)
    )
    _draw_assembly(canvas, plan, tile, page_w - right * mm - diagram_w, (FOOT_MM + 0.5) * mm)
    canvas.restoreState()


ASSEMBLY_HEIGHT_MM = 8.0
"""The height of the page map at the foot of each page."""

ASSEMBLY_MAX_MM = 9.0
"""The most the page map may grow to so that its cells hold their names: the foot's room,
the map still 1 mm clear of the tile above it."""

NAME_CELL = 1.4
"""A page map's cell holds a name this share of its height tall."""

MAP_NAME_SIZE = 6.5
"""The page map's names where the cells have room."""


def _assembly_cells(plan: MatPlan) -> tuple[float, float, float | None]:
    """The page map's cells, width and height, and the size of the pages' names in them
    (``None``: too small to name them, and the page label names the page).  The map is
    :data:`ASSEMBLY_HEIGHT_MM` tall, grown up to :data:`ASSEMBLY_MAX_MM` where that makes
    room for the names (three rows of pages); its cells keep the pages' proportions, or
    are widened to hold the names (pages taller than wide)."""
    cell_h = ASSEMBLY_HEIGHT_MM * mm / plan.rows
    named = MIN_TEXT * NAME_CELL
    if cell_h < named <= ASSEMBLY_MAX_MM * mm / plan.rows:
        cell_h = named
    cell_w = cell_h * plan.page[0] / plan.page[1]
    size = round(min(MAP_NAME_SIZE, cell_h / NAME_CELL), 3)
    if size < MIN_TEXT:
        return cell_w, cell_h, None
    widest = max(stringWidth(tile.name, SANS_BOLD, size) for tile in plan.tiles)
    return max(cell_w, widest + 3.0), cell_h, size


def _assembly_size(plan: MatPlan) -> tuple[float, float]:
    cell_w, cell_h, _ = _assembly_cells(plan)
    return cell_w * plan.columns, cell_h * plan.rows


def _draw_assembly(canvas: Canvas, plan: MatPlan, here: Tile, x: float, y: float) -> None:
    """The tiles as a small grid, this one filled and named."""
    cell_w, cell_h, size = _assembly_cells(plan)
    height = cell_h * plan.rows
    canvas.saveState()
    canvas.setLineWidth(0.4)
    canvas.setStrokeColor(GUIDE)
    for row in range(plan.rows):
        for column in range(plan.columns):
            tile = plan.tile_at(row, column)
            cx = x + column * cell_w
            cy = y + height - (row + 1) * cell_h
            if tile is None:  # not printed: nothing on it
                canvas.setDash([1, 1])
                canvas.rect(cx, cy, cell_w, cell_h, stroke=1, fill=0)
                canvas.setDash([])
                continue
            mine = tile == here
            canvas.setFillColor(GUIDE if mine else white)
            canvas.rect(cx, cy, cell_w, cell_h, stroke=1, fill=1)
            if size is not None:
                canvas.setFillColor(white if mine else GUIDE)
                canvas.setFont(SANS_BOLD if mine else SANS, size)
                canvas.drawCentredString(cx + cell_w / 2, cy + cell_h / 2 - size * 0.35, tile.name)
    canvas.restoreState()


class MatOverview(Flowable):
    """The whole mat drawn ``width`` points wide, its places and the tiles' outlines with
    their names: how the pages fit together."""

    def __init__(self, plan: MatPlan, width: float, words: Words) -> None:
        super().__init__()
        self.plan = plan
        self.words = words
        self.extent = _union([(0.0, 0.0, plan.width, plan.height)] + [t.region for t in plan.tiles])
        self.scale = width / (self.extent[2] - self.extent[0])
        self.width = width
        self.height = (self.extent[3] - self.extent[1]) * self.scale

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas, plan, s = self.canv, self.plan, self.scale
        canvas.saveState()
        canvas.translate(0, self.height)
        canvas.scale(s, -s)
        canvas.translate(-self.extent[0], -self.extent[1])
        canvas.setStrokeColor(GUIDE)
        canvas.setLineWidth(0.5 / s)
        canvas.rect(0, 0, plan.width, plan.height, stroke=1, fill=0)
        _draw_mat(canvas, plan, self.words, detail=False)
        canvas.setStrokeColor(HexColor("#B3261E"))
        canvas.setLineWidth(0.8 / s)
        canvas.setDash([3 / s, 2 / s])
        for tile in plan.tiles:
            x0, y0, x1, y1 = tile.region
            canvas.rect(x0, y0, x1 - x0, y1 - y0, stroke=1, fill=0)
        canvas.setDash([])
        canvas.setFillColor(HexColor("#B3261E"))
        for tile in plan.tiles:
            x0, y0, x1, y1 = tile.region
            canvas.saveState()
            canvas.translate(x0 + OVERLAP_MM + 2, y0 + OVERLAP_MM + 2)
            canvas.scale(1 / s, -1 / s)
            canvas.setFont(SANS_BOLD, 11)
            canvas.drawString(0, -11, tile.name)
            canvas.restoreState()
        canvas.restoreState()


# --- the PDF ----------------------------------------------------------------------------------


def build_mat(mat: TableMat, path: Path | str, *, words: Words, paper: str = "a4") -> Path:
    """Write the table mat of ``mat`` to ``path``: a page showing the whole mat and how to
    put it together (and the pieces to cut out, :attr:`TableMat.cut_out
    <printplay.models.printable.TableMat.cut_out>`), then its tiles (atomically,
    byte-identical for identical input); ``words`` are the macros of ``kit.j2`` (or of a
    house edition of it)."""
    path = check_writable(Path(path))
    plan = plan_mat(mat, paper, words=words)
    register_fonts()

    def produce(tmp_name: str) -> None:
        canvas = Canvas(tmp_name, pagesize=plan.page, invariant=1)
        canvas.setTitle(words("mat_title", game=plan.title))
        canvas.setAuthor("printplay")
        canvas.setCreator(f"printplay {__version__}")
        paper_name = "A4" if plan.paper == "a4" else "US Letter"
        canvas.setSubject(
            f"{words('mat_title', game=plan.title)}: {len(plan.tiles)} pages, "
            f"{plan.rows} × {plan.columns}, {paper_name}"
        )
        canvas.setKeywords(", ".join([plan.title, "table mat", "print and play"]))
        canvas.setViewerPreference("PrintScaling", "None")
        bookmark_page(canvas, words("mat_title", game=plan.title))
        _draw_instructions(canvas, plan, mat, words)
        canvas.showPage()
        for number, tile in enumerate(plan.tiles):
            canvas.setPageSize(plan.page)
            if number == 0:
                bookmark_page(canvas, words("mat_pages", first=tile.name, last=plan.tiles[-1].name))
            bookmark_page(canvas, tile.name, 1)
            _draw_tile(canvas, plan, tile, words)
            canvas.showPage()
        canvas.save()

    return write_atomically(path, produce)


def _draw_instructions(canvas: Canvas, plan: MatPlan, mat: TableMat, words: Words) -> None:
    """The first page: the mat as a whole, the tiles on it, how to put it together, and the
    game's pieces to cut out (a page printed on one side: nothing is lost on its back)."""
    from reportlab.platypus import Frame

    page_w, page_h = plan.page
    canvas.setPageSize(plan.page)
    width = page_w - 2 * MARGIN
    markdown = words.markdown(
        "mat_markdown",
        game=plan.title,
        pages=len(plan.tiles),
        rows=plan.rows,
        columns=plan.columns,
        overlap=f"{OVERLAP_MM:g}",
        noun=plan.noun,
        places=len(mat.layout.slots),
        left_out=plan.rows * plan.columns - len(plan.tiles),
    )
    shown = _shown_pieces(words, mat.pieces)
    if shown:
        markdown += "\n\n" + words.markdown("mat_pieces_markdown", pieces=shown)
    room = page_h - 2 * MARGIN
    tall = room * 0.45 - (PIECES_ROOM_MM * mm if shown else 0.0)

    def overview() -> Flowable:
        extent = _union([(0.0, 0.0, plan.width, plan.height)] + [t.region for t in plan.tiles])
        aspect = (extent[2] - extent[0]) / (extent[3] - extent[1])
        return MatOverview(plan, min(width, tall * aspect), words)

    story = markdown_to_flowables(
        markdown,
        width=width,
        diagrams={"overview": overview, "pieces": lambda: pieces_row(mat.cut_out)},
        outline=False,
        source="kit.j2 (mat_markdown)",
    )
    frame = Frame(
        MARGIN, MARGIN, width, room, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0
    )
    if not fill_frame(frame, story, canvas, source="kit.j2 (mat_markdown)"):
        raise RulebookError("kit.j2: the words of the mat's first page do not fit on it")


PIECES_ROOM_MM = 40.0
"""What the pieces to cut out take on the mat's first page (the overview shrinks by it)."""


def _shown_pieces(words: Words, pieces: Sequence[str]) -> list[str]:
    """The names of the ``pieces`` the mat's first page prints: none if the words (a house
    edition of ``kit.j2``) have no ``mat_pieces_markdown``."""
    if not pieces or not words.has("mat_pieces_markdown"):
        return []
    return list(pieces)


def mat_prints_pieces(words: Words) -> bool:
    """Whether a mat printed with ``words`` carries its game's pieces to cut out."""
    return words.has("mat_pieces_markdown")


def mat_page_count(mat: TableMat, paper: str, words: Words) -> int:
    """How many pages :func:`build_mat` writes: the first page and the tiles."""
    return 1 + len(plan_mat(mat, paper, words=words).tiles)


__all__ = [
    "CARD_MM",
    "OVERLAP_MM",
    "MatOverview",
    "MatPlan",
    "Place",
    "Tile",
    "build_mat",
    "mat_page_count",
    "plan_mat",
]
