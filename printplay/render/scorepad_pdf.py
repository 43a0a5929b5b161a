"""A scorepad drawn: each :class:`~printplay.models.scorepad_model.ScoreTable` of a
:class:`~printplay.models.scorepad_model.Scorepad` on a page of its own, its rows filling
the page between the headings and the formulas at its foot.

Ink-light: thin rules and text only, nothing filled.  A page is portrait unless its columns
would be narrower than :data:`PORTRAIT_COLUMN_MM`, then landscape; columns narrower than
:data:`MIN_COLUMN_MM` even so are refused in one line.  The same scorepad always gives the
same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO

from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printplay import __version__
from printplay.core.errors import OptionError
from printplay.models.scorepad_model import ScoreColumn, Scorepad, ScoreTable
from printplay.render.document import Paragraph, bookmark_page, fit_text, paper_size
from printplay.render.fonts import SANS, SANS_BOLD, register_fonts

MARGIN_MM = 10.0
"""Paper kept clear round the page: most printers cannot print the outer 3 to 6 mm."""

ROW_MM = 7.5
"""The least height of a row to write in (the rows share out what is left of the page)."""

MIN_ROWS = 8
"""Fewer rows than this on a page is refused: the formulas take too much of it."""

ROW_NUMBER_MM = 8.0
"""The width of the column numbering the rows."""

PORTRAIT_COLUMN_MM = 10.0
"""A page turns landscape when its columns would be narrower than this upright."""

MIN_COLUMN_MM = 7.5
"""No column is narrower: room for three handwritten digits."""

NARROW = 0.75
"""A narrow column's width, as a share of the others'."""

PAD_MM = 0.3
"""Room kept either side of a heading within its column."""

SEAT_MM = 9.0
"""The height of a seat's heading, with room to write a name."""

TEXT_INK = Color(0.1, 0.1, 0.1)
"""Headings, labels and formulas."""

SOFT_INK = Color(0.4, 0.4, 0.4)
"""Notes under the headings, row numbers and the footer."""

RULE_INK = Color(0.45, 0.45, 0.45)
"""The rules of the table."""

THIN, FIRM = 0.35, 0.9
"""Rule widths in points: between cells, and round a seat's columns and before totals."""

HEADING_SIZE, NOTE_SIZE, FORMULA_SIZE = 7.5, 6.0, 7.5
"""Type sizes in points; a heading shrinks to :data:`NOTE_SIZE` to fit its column."""


def _pt(value: float) -> float:
    return value * mm


@dataclass(frozen=True)
class _Grid:
    """Where a table's columns and rows lie on its page, in points."""

    size: tuple[float, float]
    lefts: tuple[float, ...]
    """The left edge of the row numbers, then of each column, then the table's right edge."""
    top: float
    seat_bottom: float
    heading_bottom: float
    row_tops: tuple[float, ...]
    """The top of the start row (if any) and of each numbered row, then the table's foot."""
    formulas_top: float
    formulas: tuple[Paragraph, ...]


def _units(columns: tuple[ScoreColumn, ...]) -> float:
    return sum(NARROW if column.narrow else 1.0 for column in columns)


def _orientation(table: ScoreTable, paper: str) -> tuple[float, float]:
    """The page ``table`` goes on: portrait if its columns are wide enough, else landscape;
    :class:`OptionError` if they are too narrow even so."""
    width, height = paper_size(paper)
    units = _units(table.all_columns)
    for w, h in ((width, height), (height, width)):
        column = (w - _pt(2 * MARGIN_MM + ROW_NUMBER_MM)) / units
        if column >= _pt(PORTRAIT_COLUMN_MM) or (w > h and column >= _pt(MIN_COLUMN_MM)):
            return w, h
    raise OptionError(
        f"{table.title}: {len(table.all_columns)} columns do not fit {paper} paper (fewer players)"
    )


def _formula_style() -> ParagraphStyle:
    return ParagraphStyle(
        "scorepad-formula",
        fontName=SANS,
        fontSize=FORMULA_SIZE,
        leading=FORMULA_SIZE * 1.25,
        textColor=TEXT_INK,
    )


def _heading_height(table: ScoreTable, lefts: tuple[float, ...]) -> float:
    """The column headings' band: a heading line and as many note lines as the longest
    note wraps to."""
    lines = 1
    for index, column in enumerate(table.all_columns):
        width = lefts[index + 2] - lefts[index + 1] - _pt(2 * PAD_MM)
        lines = max(lines, len(simpleSplit(column.note, SANS, NOTE_SIZE, width)))
    return _pt(3.6) + HEADING_SIZE + lines * NOTE_SIZE * 1.15


def plan_page(table: ScoreTable, paper: str) -> _Grid:
    """The page of ``table`` on ``paper``: its columns, its rows (as many as fit between the
    headings and the formulas) and its formulas' place."""
    size = _orientation(table, paper)
    width, height = size
    left, right = _pt(MARGIN_MM), width - _pt(MARGIN_MM)
    unit = (right - left - _pt(ROW_NUMBER_MM)) / _units(table.all_columns)
    lefts = [left, left + _pt(ROW_NUMBER_MM)]
    for column in table.all_columns:
        lefts.append(lefts[-1] + unit * (NARROW if column.narrow else 1.0))
    top = height - _pt(MARGIN_MM) - _pt(16)
    seat_bottom = top - (_pt(SEAT_MM) if table.seats else 0.0)
    heading_bottom = seat_bottom - _heading_height(table, tuple(lefts))
    style = _formula_style()
    formulas = tuple(Paragraph(text, style) for text in table.formulas)
    needed = sum(p.wrap(right - left, height)[1] + _pt(0.8) for p in formulas)
    formulas_top = _pt(MARGIN_MM) + _pt(6) + needed
    room = heading_bottom - formulas_top - _pt(4)
    starts = 1 if table.start_row is not None else 0
    rows = int(room // _pt(ROW_MM)) - starts
    if rows < MIN_ROWS:
        raise OptionError(f"{table.title}: room for {max(rows, 0)} rows only on {paper} paper")
    pitch = room / (rows + starts)
    row_tops = tuple(heading_bottom - k * pitch for k in range(rows + starts + 1))
    return _Grid(
        size, tuple(lefts), top, seat_bottom, heading_bottom, row_tops, formulas_top, formulas
    )


def rows_on_page(table: ScoreTable, paper: str) -> int:
    """The numbered rows ``table`` gets on ``paper``."""
    grid = plan_page(table, paper)
    return len(grid.row_tops) - 1 - (1 if table.start_row is not None else 0)


def _rule(canvas: Canvas, x0: float, y0: float, x1: float, y1: float, width: float) -> None:
    canvas.setLineWidth(width)
    canvas.line(x0, y0, x1, y1)


def _seat_lefts(table: ScoreTable) -> set[int]:
    """The indexes into a grid's ``lefts`` where each seat's columns begin."""
    first = 1 + len(table.shared)
    return {first + seat * len(table.columns) for seat in range(len(table.seats))}


def _draw_rules(canvas: Canvas, table: ScoreTable, grid: _Grid) -> None:
    """Thin rules between cells; firm ones round the table, under the headings, round
    each seat's columns and before every total column."""
    canvas.saveState()
    canvas.setStrokeColor(RULE_INK)
    foot, right_edge = grid.row_tops[-1], len(grid.lefts) - 1
    seats = _seat_lefts(table)
    totals = {index + 1 for index, column in enumerate(table.all_columns) if column.total}
    for index, x in enumerate(grid.lefts):
        firm = index in {0, 1, right_edge} | seats | totals
        high = table.seats and (index in seats or index == right_edge)
        _rule(canvas, x, foot, x, grid.top if high else grid.seat_bottom, FIRM if firm else THIN)
    left, right = grid.lefts[0], grid.lefts[-1]
    if table.seats:
        _rule(canvas, grid.lefts[min(seats)], grid.top, right, grid.top, FIRM)
    _rule(canvas, left, grid.seat_bottom, right, grid.seat_bottom, FIRM)
    _rule(canvas, left, grid.heading_bottom, right, grid.heading_bottom, FIRM)
    starts = 1 if table.start_row is not None else 0
    for k, y in enumerate(grid.row_tops[1:-1], start=1):
        _rule(canvas, left, y, right, y, FIRM if k == starts else THIN)
    _rule(canvas, left, foot, right, foot, FIRM)
    canvas.restoreState()


def _fitted(text: str, width: float, font: str, size: float, least: float) -> tuple[str, float]:
    """``text`` at ``size`` or smaller (down to ``least``) to fit ``width``, cut if even
    that is too wide."""
    need = stringWidth(text, font, 1.0) or 1.0
    fitted = max(least, min(size, width / need))
    return fit_text(text, width, fitted, font), fitted


def _draw_headings(canvas: Canvas, table: ScoreTable, grid: _Grid) -> None:
    canvas.saveState()
    pad = _pt(PAD_MM)
    first = 1 + len(table.shared)
    for seat, name in enumerate(table.seats):
        x0 = grid.lefts[first + seat * len(table.columns)]
        x1 = grid.lefts[first + (seat + 1) * len(table.columns)]
        text, size = _fitted(name, x1 - x0 - 2 * pad - _pt(1), SANS, NOTE_SIZE + 0.5, NOTE_SIZE)
        canvas.setFont(SANS, size)
        canvas.setFillColor(SOFT_INK)
        canvas.drawString(x0 + pad + _pt(0.5), grid.top - size - _pt(0.6), text)
    label, size = _fitted(
        table.row_heading,
        grid.lefts[1] - grid.lefts[0] - 2 * pad,
        SANS_BOLD,
        HEADING_SIZE,
        NOTE_SIZE,
    )
    canvas.setFillColor(TEXT_INK)
    canvas.setFont(SANS_BOLD, size)
    canvas.drawCentredString(
        (grid.lefts[0] + grid.lefts[1]) / 2, grid.seat_bottom - _pt(1.8) - size, label
    )
    for index, column in enumerate(table.all_columns):
        x0, x1 = grid.lefts[index + 1], grid.lefts[index + 2]
        middle, width = (x0 + x1) / 2, x1 - x0 - 2 * pad
        text, size = _fitted(column.heading, width, SANS_BOLD, HEADING_SIZE, NOTE_SIZE)
        y = grid.seat_bottom - _pt(1.8) - size
        canvas.setFillColor(TEXT_INK)
        canvas.setFont(SANS_BOLD, size)
        canvas.drawCentredString(middle, y, text)
        canvas.setFillColor(SOFT_INK)
        canvas.setFont(SANS, NOTE_SIZE)
        for line in simpleSplit(column.note, SANS, NOTE_SIZE, width):
            y -= NOTE_SIZE * 1.15
            canvas.drawCentredString(middle, y, fit_text(line, width, NOTE_SIZE))
    canvas.restoreState()


def _draw_row_labels(canvas: Canvas, table: ScoreTable, grid: _Grid) -> None:
    canvas.saveState()
    middle = (grid.lefts[0] + grid.lefts[1]) / 2
    width = grid.lefts[1] - grid.lefts[0] - _pt(1)
    labels: list[tuple[str, str]] = []
    if table.start_row is not None:
        labels.append((table.start_row, SANS_BOLD))
    numbered = len(grid.row_tops) - 1 - len(labels)
    labels += [(str(n), SANS) for n in range(1, numbered + 1)]
    for (label, font), top, bottom in zip(
        labels, grid.row_tops[:-1], grid.row_tops[1:], strict=True
    ):
        text, size = _fitted(label, width, font, NOTE_SIZE + 0.5, NOTE_SIZE)
        canvas.setFont(font, size)
        canvas.setFillColor(SOFT_INK if font == SANS else TEXT_INK)
        canvas.drawCentredString(middle, (top + bottom) / 2 - 0.35 * size, text)
    canvas.restoreState()


def _draw_titles(canvas: Canvas, pad: Scorepad, table: ScoreTable, grid: _Grid) -> None:
    width = grid.size[0] - _pt(2 * MARGIN_MM)
    left, top = _pt(MARGIN_MM), grid.size[1] - _pt(MARGIN_MM)
    canvas.saveState()
    canvas.setFillColor(TEXT_INK)
    canvas.setFont(SANS_BOLD, 12)
    canvas.drawString(left, top - 10, fit_text(f"{pad.title}: {table.title}", width, 12, SANS_BOLD))
    canvas.setFont(SANS, 8)
    line = f"{table.intro} ({pad.subtitle})"
    canvas.drawString(left, top - 10 - _pt(5.5), fit_text(line, width, 8))
    canvas.restoreState()


def _draw_foot(canvas: Canvas, pad: Scorepad, grid: _Grid, number: int) -> None:
    left, right = _pt(MARGIN_MM), grid.size[0] - _pt(MARGIN_MM)
    y = grid.formulas_top
    for paragraph in grid.formulas:
        _, h = paragraph.wrap(right - left, grid.size[1])
        paragraph.drawOn(canvas, left, y - h)
        y -= h + _pt(0.8)
    canvas.saveState()
    canvas.setFont(SANS, 6.5)
    canvas.setFillColor(SOFT_INK)
    page = f"{number} / {len(pad.tables)}"
    canvas.drawRightString(right, _pt(MARGIN_MM), page)
    room = right - left - stringWidth(page, SANS, 6.5) - _pt(4)
    canvas.drawString(left, _pt(MARGIN_MM), fit_text(f"printplay · {pad.footer}", room, 6.5))
    canvas.restoreState()


def draw_scorepad(pad: Scorepad, target: str | IO[bytes]) -> None:
    """Draw ``pad`` into a PDF at ``target`` (a file name or a binary stream), a page for
    each of its tables."""
    register_fonts()
    grids = [plan_page(table, pad.paper) for table in pad.tables]
    canvas = Canvas(target, pagesize=grids[0].size, invariant=1)
    canvas.setTitle(pad.title)
    canvas.setSubject(pad.subject)
    canvas.setAuthor("printplay")
    canvas.setCreator(f"printplay {__version__}")
    for number, (table, grid) in enumerate(zip(pad.tables, grids, strict=True), start=1):
        canvas.setPageSize(grid.size)
        bookmark_page(canvas, table.title)
        _draw_titles(canvas, pad, table, grid)
        _draw_rules(canvas, table, grid)
        _draw_headings(canvas, table, grid)
        _draw_row_labels(canvas, table, grid)
        _draw_foot(canvas, pad, grid, number)
        canvas.showPage()
    canvas.save()


__all__ = ["MARGIN_MM", "MIN_COLUMN_MM", "ROW_MM", "draw_scorepad", "plan_page", "rows_on_page"]
