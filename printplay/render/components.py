"""Small print-and-play components: Ricochet Poker chips, the Ricochet ball token and a
dealer button, as ``reportlab.graphics`` drawings and as sheets to print and cut out.

Every piece is a disc whose coloured edge is the cut line, sized for the common craft circle
punches (1 inch for chips, ¾ inch for the ball, 1½ inch for the dealer button) but easy to
cut with scissors too. Chips carry their value in print as well as in colour, and the two
values differ in grey and in their edge pattern, so they still sort on a greyscale printer.

:func:`chip_drawing`, :func:`ball_token_drawing` and :func:`dealer_button_drawing` give one
piece; :func:`component_sheets` packs the pieces a table needs (counted by
:mod:`printplay.builders.piece_set`) into page-sized drawings (platypus flowables too, for a
kit PDF); :func:`build_components` writes them as a PDF.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.graphics.shapes import Circle, Drawing, Group, String, Wedge
from reportlab.graphics.shapes import Path as ShapePath
from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, PageBreak

from printplay import __version__
from printplay.core.cards import Suit
from printplay.core.errors import OptionError
from printplay.core.ink_mode import is_ink_light
from printplay.models.pieces import Piece
from printplay.render import lean_pdf
from printplay.render.card_shapes import BADGE_FILL, BLACK, RED
from printplay.render.document import PageSetup, bookmark_page, paper_size, write_atomically
from printplay.render.faces import new_drawing, pip
from printplay.render.fonts import SANS_BOLD, register_fonts

CHIP_DIAMETER_MM = 25.4
"""Chips: a 1-inch circle punch cuts them out."""

BALL_DIAMETER_MM = 19.05
"""The ball token: ¾ inch, small enough to sit on a card in the wall."""

BUTTON_DIAMETER_MM = 38.1
"""The dealer button: 1½ inches."""

GAP_MM = 2.5
"""Space between pieces on a sheet, for the scissors."""

SHEET_MARGIN_MM = 10.0
"""Margin round a sheet of pieces."""

CUT_LINE = HexColor("#3A3A3A")
"""The thin line round every piece: where to cut."""

LIGHT_LINE = 0.8
"""Drawn ink-light, the width of the lines that outline a piece's coloured parts (points)."""


@dataclass(frozen=True)
class ChipStyle:
    """How a chip of one value looks: its colour and how many white spots ring its edge."""

    value: int
    colour: Color
    spots: int


CHIP_STYLES: dict[int, ChipStyle] = {
    1: ChipStyle(1, HexColor("#3E84CF"), 4),
    5: ChipStyle(5, HexColor("#8E1B24"), 8),
}
"""The chip values: blue ones (a light grey in greyscale, four spots) and dark red fives
(a dark grey, eight spots)."""


def _cut_circle(radius: float) -> Circle:
    circle = Circle(0, 0, radius)
    circle.fillColor = None
    circle.strokeColor = CUT_LINE
    circle.strokeWidth = 0.4
    return circle


def _disc(
    radius: float, fill: Color | None, stroke: Color | None = None, line: float = 0.5
) -> Circle:
    circle = Circle(0, 0, radius)
    circle.fillColor = fill
    circle.strokeColor = stroke
    circle.strokeWidth = line
    return circle


def _moved(circle: Circle, x: float, y: float) -> Circle:
    circle.cx, circle.cy = x, y
    return circle


def _label(text: str, y: float, size: float, colour: Color, font: str = SANS_BOLD) -> String:
    label = String(0, y, text, fontName=font, fontSize=size, fillColor=colour)
    label.textAnchor = "middle"
    return label


def _centred(group: Group, diameter: float) -> Drawing:
    """A Drawing ``diameter`` square holding ``group`` (drawn round the origin)."""
    drawing = new_drawing(diameter, diameter)
    group.transform = (1, 0, 0, 1, diameter / 2, diameter / 2)
    drawing.add(group)
    return drawing


def chip(value: int, diameter: float = CHIP_DIAMETER_MM * mm) -> Group:
    """A chip of ``value`` (1 or 5) centred on the origin, ``diameter`` points across."""
    try:
        style = CHIP_STYLES[value]
    except KeyError:
        values = " or ".join(str(v) for v in CHIP_STYLES)
        raise OptionError(f"no chip of value {value!r} (choose {values})") from None
    register_fonts()
    r = diameter / 2
    light = is_ink_light()
    group = Group()
    # Drawn ink-light: a white chip, its rim and its spots outlined in its colour.
    group.add(_disc(r * 0.97, white, style.colour, LIGHT_LINE) if light else _disc(r, style.colour))
    # Edge spots: white blocks round the rim, like a casino chip's inlays.
    step = 360 / style.spots
    width = step * (0.5 if style.spots <= 4 else 0.4)
    for i in range(style.spots):
        start = 90 + i * step - width / 2
        spot = Wedge(0, 0, r * 0.97, start, start + width, radius1=r * 0.74)
        spot.fillColor = white
        spot.strokeColor = None
        if light:
            spot.strokeColor, spot.strokeWidth = style.colour, LIGHT_LINE
        group.add(spot)
    group.add(_disc(r * 0.64, white, style.colour, line=0.8))
    group.add(_disc(r * 0.56, None, style.colour, line=0.4))
    text = str(style.value)
    size = r * 0.78
    group.add(_label(text, -size * 0.36, size, style.colour))
    group.add(_cut_circle(r))
    return group


def chip_drawing(value: int, diameter_mm: float = CHIP_DIAMETER_MM) -> Drawing:
    """One chip as a Drawing (for renderPDF, renderSVG or renderPM)."""
    return _centred(chip(value, diameter_mm * mm), diameter_mm * mm)


def ball_token(diameter: float = BALL_DIAMETER_MM * mm) -> Group:
    """The Ricochet ball token: an orange ball with a highlight, labelled BALL."""
    register_fonts()
    r = diameter / 2
    light = is_ink_light()
    # Drawn ink-light: a white disc in a ring, the ball and its lines in the disc's colour.
    ink = BADGE_FILL if light else white
    group = Group()
    group.add(_disc(r * 0.94, white, BADGE_FILL, 2 * LIGHT_LINE) if light else _disc(r, BADGE_FILL))
    # A white ball with three speed lines trailing behind it: a ball in flight.
    bx, by, br = r * 0.3, r * 0.2, r * 0.25
    ball = _disc(br, white, BADGE_FILL, 2 * LIGHT_LINE) if light else _disc(br, white)
    group.add(_moved(ball, bx, by))
    for dy, length in ((0.6, 0.7), (0.0, 0.95), (-0.6, 0.7)):
        line = ShapePath(strokeColor=ink, strokeWidth=max(0.6, r * 0.08), fillColor=None)
        line.strokeLineCap = 1
        y = by + dy * br
        end = bx - math.sqrt(max(0.0, br**2 - (dy * br) ** 2)) - r * 0.12
        line.moveTo(end - r * length * 0.75, y)
        line.lineTo(end, y)
        group.add(line)
    group.add(_label("BALL", -r * 0.55, r * 0.42, ink))
    group.add(_cut_circle(r))
    return group


def ball_token_drawing(diameter_mm: float = BALL_DIAMETER_MM) -> Drawing:
    """The ball token as a Drawing."""
    return _centred(ball_token(diameter_mm * mm), diameter_mm * mm)


def dealer_button(diameter: float = BUTTON_DIAMETER_MM * mm) -> Group:
    """A dealer button: a white disc with a dark ring, DEALER and the four suits."""
    register_fonts()
    r = diameter / 2
    group = Group()
    if is_ink_light():  # the dark ring drawn as a line
        group.add(_disc(r * 0.93, None, BLACK, 2 * LIGHT_LINE))
    else:
        group.add(_disc(r, BLACK))
        group.add(_disc(r * 0.86, white))
    group.add(_disc(r * 0.8, None, BLACK, line=0.5))
    word = "DEALER"
    size = min(r * 0.36, r * 1.3 / stringWidth(word, SANS_BOLD, 1))
    group.add(_label(word, -size * 0.36, size, BLACK))
    for suit, dx, dy in (
        (Suit.SPADES, -1, 1),
        (Suit.HEARTS, 1, 1),
        (Suit.DIAMONDS, -1, -1),
        (Suit.CLUBS, 1, -1),
    ):
        colour = RED if suit.is_red else BLACK
        x, y = dx * r * 0.17, dy * r * 0.46
        hollow = suit.is_red and is_ink_light()  # as on the lite deck's faces
        group.add(pip(suit, x, y, r * 0.22, colour, upside_down=dy < 0, hollow=hollow))
    group.add(_cut_circle(r))
    return group


def dealer_button_drawing(diameter_mm: float = BUTTON_DIAMETER_MM) -> Drawing:
    """The dealer button as a Drawing."""
    return _centred(dealer_button(diameter_mm * mm), diameter_mm * mm)


# --- sheets -------------------------------------------------------------------------------------


DIAMETERS: dict[str, float] = {
    "chip": CHIP_DIAMETER_MM * mm,
    "ball": BALL_DIAMETER_MM * mm,
    "dealer": BUTTON_DIAMETER_MM * mm,
}
"""Each piece's diameter in points, by the first word of its name."""


def diameter(piece: Piece) -> float:
    """The diameter of ``piece`` in points."""
    return DIAMETERS[piece.name.split()[0]]


def piece_group(piece: Piece) -> Group:
    """One of ``piece``, centred on the origin, with its cut line."""
    if piece.name.startswith("chip "):
        return chip(int(piece.name.split()[1]), diameter(piece))
    if piece.name == "ball":
        return ball_token(diameter(piece))
    return dealer_button(diameter(piece))


def pieces_row(pieces: Sequence[Piece]) -> Drawing:
    """Each of ``pieces`` as many times as it counts (the ball and its spare), side by side
    at true size with their cut lines: the cut-out strip at the end of a setup sheet."""
    row = [piece for piece in pieces for _ in range(piece.count)]
    gap = 4 * GAP_MM * mm
    width = sum(diameter(piece) for piece in row) + gap * (len(row) - 1)
    height = max(diameter(piece) for piece in row)
    drawing = new_drawing(width + 2, height + 2)
    x = 1.0
    for piece in row:
        group = piece_group(piece)
        group.transform = (1, 0, 0, 1, x + diameter(piece) / 2, 1 + height / 2)
        drawing.add(group)
        x += diameter(piece) + gap
    return drawing


@dataclass(frozen=True)
class Placed:
    """A piece placed on a sheet: its centre in the sheet's drawing."""

    piece: Piece
    x: float
    y: float


_TITLE = 9.0
"""Height of the line of text heading each sheet (points)."""


def layout_sheets(width: float, height: float, pieces: Sequence[Piece]) -> list[list[Placed]]:
    """Pack ``pieces`` into sheets ``width`` × ``height`` points, row by row, a row as tall as
    its largest piece, with a gap round each piece for the scissors."""
    gap = GAP_MM * mm
    top = height - _TITLE * 2.2
    sheets: list[list[Placed]] = [[]]
    x, row_top, row_height = 0.0, top, 0.0
    for piece in pieces:
        d = diameter(piece)
        if d > width or d > top:
            raise OptionError(f"a {piece.name} piece does not fit the page")
        for _ in range(piece.count):
            if x + d > width + 1e-6:  # a new row
                x, row_top, row_height = 0.0, row_top - row_height - gap, 0.0
            if row_top - d < -1e-6:  # a new sheet
                sheets.append([])
                x, row_top, row_height = 0.0, top, 0.0
            sheets[-1].append(Placed(piece, x + d / 2, row_top - d / 2))
            x += d + gap
            row_height = max(row_height, d)
    return [_centre_rows(sheet, width) for sheet in sheets]


def _centre_rows(placed: list[Placed], width: float) -> list[Placed]:
    """Each row of pieces moved to the middle of the sheet, its pieces on one line."""
    rows: dict[float, list[Placed]] = {}
    for item in placed:
        rows.setdefault(round(item.y + diameter(item.piece) / 2, 6), []).append(item)
    centred: list[Placed] = []
    for row in rows.values():
        left = min(p.x - diameter(p.piece) / 2 for p in row)
        right = max(p.x + diameter(p.piece) / 2 for p in row)
        shift = (width - (right - left)) / 2 - left
        top = max(p.y + diameter(p.piece) / 2 for p in row)
        middle = top - max(diameter(p.piece) for p in row) / 2
        centred += [Placed(p.piece, p.x + shift, middle) for p in row]
    return centred


def _sheet_drawing(width: float, height: float, placed: Sequence[Placed], title: str) -> Drawing:
    drawing = new_drawing(width, height)
    heading = String(0, height - _TITLE, title, fontName=SANS_BOLD, fontSize=_TITLE)
    heading.fillColor = BLACK
    drawing.add(heading)
    groups: dict[str, Group] = {}
    for item in placed:
        art = groups.setdefault(item.piece.name, piece_group(item.piece))
        copy = Group(*art.contents)
        copy.transform = (1, 0, 0, 1, item.x, item.y)
        drawing.add(copy)
    return drawing


def _title(placed: Sequence[Placed], number: int, total: int) -> str:
    names = []
    for item in placed:
        if item.piece.title not in names:
            names.append(item.piece.title)
    return (
        f"printplay · {', '.join(names)} · sheet {number} of {total} · print at 100 %, "
        "cut along the circles"
    )


def component_sheets(width: float, height: float, pieces: Sequence[Piece]) -> list[Drawing]:
    """``pieces`` (a table's, :func:`printplay.builders.piece_set.component_set`) packed into
    Drawings ``width`` × ``height`` points (one a page), true size."""
    sheets = layout_sheets(width, height, pieces)
    return [
        _sheet_drawing(width, height, placed, _title(placed, number, len(sheets)))
        for number, placed in enumerate(sheets, start=1)
    ]


def component_flowables(paper: str, pieces: Sequence[Piece]) -> list[Flowable]:
    """The sheets of ``pieces`` as platypus flowables that fill the body frame of a printplay
    document on ``paper`` (:class:`~printplay.render.document.PageSetup`), each on a page of
    its own."""
    setup = PageSetup(paper=paper)
    flowables: list[Flowable] = []
    sheets = component_sheets(setup.frame_width, setup.frame_height, pieces)
    for drawing in sheets:
        if flowables:
            flowables.append(PageBreak())
        flowables.append(drawing)
    return flowables


def build_components(path: Path | str, pieces: Sequence[Piece], *, paper: str = "a4") -> Path:
    """Write the component sheets of ``pieces`` (a table's,
    :func:`printplay.builders.piece_set.component_set`) to ``path`` (atomically,
    byte-identical for identical input); the PDF asks viewers not to scale it."""
    width, height = paper_size(paper)
    margin = SHEET_MARGIN_MM * mm
    sheets = component_sheets(width - 2 * margin, height - 2 * margin, pieces)

    def produce(tmp_name: str) -> None:
        canvas = Canvas(tmp_name, pagesize=(width, height), invariant=1)
        canvas.setTitle("printplay components")
        canvas.setAuthor("printplay")
        canvas.setCreator(f"printplay {__version__}")
        canvas.setViewerPreference("PrintScaling", "None")
        for number, drawing in enumerate(sheets, start=1):
            bookmark_page(canvas, f"Sheet {number} of {len(sheets)}")
            lean_pdf.draw(drawing, canvas, margin, margin)
            canvas.showPage()
        canvas.save()

    return write_atomically(Path(path), produce)
