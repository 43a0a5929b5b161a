"""The casino basic-strategy chart, drawn: every cell shaded by its decision and lettered.

It draws a :class:`~printplay.models.printable.StrategyChart`
(:func:`printplay.builders.poker_chart.strategy_chart` builds it) for the rulebook's
``[[diagram strategy]]`` marker.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from reportlab.graphics.shapes import Drawing, Line, Polygon, Rect, String
from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from printplay.core.ink_mode import is_ink_light
from printplay.core.kept import Kept
from printplay.models.printable import StrategyChart
from printplay.render import lean_pdf
from printplay.render.fonts import (
    SANS,
    SANS_BOLD,
    SANS_BOLD_ITALIC,
    SANS_ITALIC,
    register_fonts,
)
from printplay.render.styles import book_palette

_PALETTE = book_palette()
_ACCENT, _INK, _MUTED, _RULE = _PALETTE.accent, _PALETTE.ink, _PALETTE.muted, _PALETTE.rule
_HEADER_FILL = _PALETTE.header_fill

DECISION_FILLS: dict[str, str] = {"B": "#DDEFD9", "F": "#E3A39B"}
"""Cell fills by decision: buy light green, fold a darker rose (apart in grey too: about 92%
and 72% white); a cell that depends on the suits is split corner to corner between the two."""


KEPT = 8
"""How many charts' drawings :meth:`StrategyChartDiagram.drawing` keeps (the oldest goes
first)."""

_made: Kept[tuple[type, StrategyChart, float, bool], Drawing] = Kept(KEPT)


class StrategyChartDiagram(Flowable):
    """The casino basic strategy on one page: a legend, then the rows (your two cards) in two
    panels side by side, the columns (the dealer's hand) in each; every cell shaded by its
    decision and lettered, so it reads in colour, in grey and in black and white.

    It draws a :class:`~printplay.models.printable.StrategyChart`: the rows (your two
    cards), their groups, the column spans and the legend all come from it.  The chart is a
    drawing of shapes (:meth:`drawing`), so a web page shows the very picture the PDF prints.
    """

    ROW_HEIGHT = 12.2
    FONT_SIZE = 7.3
    PANEL_GAP = 12.0
    HAND_WIDTH = 23.0
    HEADER_SIZE = 6.6

    def __init__(self, chart: StrategyChart) -> None:
        super().__init__()
        self.chart = chart
        self.header = chart.header
        self.panels = self._panels()
        self.legend_height = 16.0
        self.group_height = 10.0
        self.header_height = 2 * self.FONT_SIZE + 4
        rows_high = max(len(panel) for panel in self.panels)
        self.height = (
            self.legend_height
            + self.group_height
            + self.header_height
            + rows_high * self.ROW_HEIGHT
            + 2
        )
        self.width = 0.0

    def _panels(self) -> list[list[tuple[tuple[str, ...], str]]]:
        """The rows, each with its group, in two panels, split between two groups (pairs,
        A-, K-, … hands) as near the middle as possible."""
        rows = list(zip(self.chart.rows, self.chart.groups, strict=True))
        starts = [i for i, (_, group) in enumerate(rows) if i == 0 or group != rows[i - 1][1]]
        half = len(rows) / 2
        cut = min(starts[1:], key=lambda i: (abs(i - half), i)) if len(starts) > 1 else len(rows)
        return [rows[:cut], rows[cut:]]

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """As wide as the frame; as tall as its rows."""
        self.width = available_width
        return self.width, self.height

    def draw(self) -> None:
        """Draw :meth:`drawing` across the width the frame gave."""
        lean_pdf.draw(self.drawing(self.width), self.canv, 0, 0)

    def column_width(self, width: float) -> float:
        """The width of one decision column in a chart ``width`` wide (each panel shares
        its width out)."""
        panel = (width - self.PANEL_GAP) / 2
        return (panel - self.HAND_WIDTH) / (len(self.header) - 1)

    def drawing(self, width: float) -> Drawing:
        """The chart ``width`` points wide, as a drawing (for a PDF or a web page alike):
        the legend, then each panel: group labels, column labels, the cells.

        The drawing is made once a process for each chart, width, kind of diagram and ink
        mode (the same chart is in the rulebook of every variant, on its page and in its
        PDF) and shared: whoever draws it must not change it."""
        key = (type(self), self.chart, width, is_ink_light())
        return _made.get(key, lambda: self._drawing(width))

    def _drawing(self, width: float) -> Drawing:
        """:meth:`drawing`, made afresh."""
        register_fonts()
        drawing = Drawing(width, self.height)
        top = self.height
        self._legend(drawing, top - self.legend_height + 4)
        panel_width = (width - self.PANEL_GAP) / 2
        column = self.column_width(width)
        for number, panel in enumerate(self.panels):
            left = number * (panel_width + self.PANEL_GAP)
            y = top - self.legend_height
            self._groups(drawing, left, y - self.group_height + 2.5, column)
            y -= self.group_height
            self._header(drawing, left, y, column)
            y -= self.header_height
            for index, (row, group) in enumerate(panel):
                y -= self.ROW_HEIGHT
                self._row(drawing, left, y, row, column)
                if index and group != panel[index - 1][1]:  # a new group of rows
                    drawing.add(_line(left, y + self.ROW_HEIGHT, left + panel_width, 0.6, _ACCENT))
            bottom = y
            drawing.add(_line(left, bottom, left + panel_width, 0.8, _ACCENT))
            # the pairs apart from the rest, and the dealer's pairs apart from her high cards
            x = left + self.HAND_WIDTH + (self.chart.pair_column - 1) * column
            rule = Line(x, bottom, x, top - self.legend_height - self.group_height)
            rule.strokeColor, rule.strokeWidth = _ACCENT, 0.9
            drawing.add(rule)
        return drawing

    def _legend(self, drawing: Drawing, y: float) -> None:
        x = 0.0
        size = self.FONT_SIZE + 0.9
        title = self.chart.legend_title
        drawing.add(_text(x, y, title, SANS_BOLD, size, _INK))
        x += stringWidth(title, SANS_BOLD, size) + 6
        for code, text in self.chart.legend:
            self._cell(drawing, x, y - 3.2, 13.0, self.ROW_HEIGHT, code)
            x += 13.0 + 4
            drawing.add(_text(x, y, text, SANS, size, _INK))
            x += stringWidth(text, SANS, size) + 12

    def _groups(self, drawing: Drawing, left: float, y: float, width: float) -> None:
        size = self.FONT_SIZE - 0.6
        drawing.add(_text(left, y, self.chart.rows_title, SANS_ITALIC, size, _MUTED))
        for text, first, end in self.chart.spans:
            x0 = left + self.HAND_WIDTH + (first - 1) * width
            x1 = left + self.HAND_WIDTH + (end - 1) * width
            drawing.add(_text((x0 + x1) / 2, y, text, SANS_ITALIC, size, _MUTED, "middle"))
            rule = Line(x0 + 1.5, y - 2.2, x1 - 1.5, y - 2.2)
            rule.strokeColor, rule.strokeWidth = _RULE, 0.5
            drawing.add(rule)

    def _header(self, drawing: Drawing, left: float, y: float, width: float) -> None:
        panel_width = self.HAND_WIDTH + width * (len(self.header) - 1)
        if not is_ink_light():
            fill = Rect(left, y - self.header_height, panel_width, self.header_height)
            fill.fillColor, fill.strokeColor = _HEADER_FILL, None
            drawing.add(fill)
        base = y - self.header_height + 3
        drawing.add(_text(left + 2, base, self.header[0], SANS_BOLD, self.FONT_SIZE, _ACCENT))
        size = self.HEADER_SIZE
        for column, label in enumerate(self.header[1:]):
            centre = left + self.HAND_WIDTH + (column + 0.5) * width
            lines = _label_lines(label, width - 2, size)
            for depth, line in enumerate(reversed(lines)):
                drawing.add(
                    _text(
                        centre, base + depth * (size + 1), line, SANS_BOLD, size, _ACCENT, "middle"
                    )
                )

    def _row(
        self, drawing: Drawing, left: float, y: float, row: Sequence[str], width: float
    ) -> None:
        baseline = y + (self.ROW_HEIGHT - self.FONT_SIZE) / 2 + 1
        drawing.add(_text(left + 2, baseline, row[0], SANS_BOLD, self.FONT_SIZE, _INK))
        for column, code in enumerate(row[1:]):
            self._cell(
                drawing, left + self.HAND_WIDTH + column * width, y, width, self.ROW_HEIGHT, code
            )

    def _shade(
        self, drawing: Drawing, x: float, y: float, width: float, height: float, code: str
    ) -> None:
        """A cell's ground in its decision's colour (split corner to corner for ``s``)."""
        inset = 0.45
        x0, y0, x1, y1 = x + inset, y + inset, x + width - inset, y + height - inset
        if code in DECISION_FILLS:
            rect = Rect(x0, y0, x1 - x0, y1 - y0)
            rect.fillColor, rect.strokeColor = HexColor(DECISION_FILLS[code]), None
            drawing.add(rect)
        else:  # depends on the suits: buy above the diagonal, fold below
            halves = (
                (DECISION_FILLS["B"], (x0, y1)),  # the upper left half: buy
                (DECISION_FILLS["F"], (x1, y0)),  # the lower right half: fold
            )
            for fill, corner in halves:
                half = Polygon([x0, y0, *corner, x1, y1])
                half.fillColor, half.strokeColor = HexColor(fill), None
                drawing.add(half)

    def _cell(
        self, drawing: Drawing, x: float, y: float, width: float, height: float, code: str
    ) -> None:
        if not is_ink_light():  # ink-light, the letters alone tell the decisions apart
            self._shade(drawing, x, y, width, height, code)
        font = SANS_BOLD if code in "BF" else SANS_BOLD_ITALIC
        baseline = y + (height - self.FONT_SIZE) / 2 + 1.1
        drawing.add(_text(x + width / 2, baseline, code, font, self.FONT_SIZE, _INK, "middle"))


def _text(
    x: float,
    y: float,
    text: str,
    font: str,
    size: float,
    colour: Color,
    anchor: Literal["start", "middle", "end"] = "start",
) -> String:
    return String(x, y, text, fontName=font, fontSize=size, fillColor=colour, textAnchor=anchor)


def _line(left: float, y: float, right: float, width: float, colour: Color) -> Line:
    line = Line(left, y, right, y)
    line.strokeColor, line.strokeWidth = colour, width
    return line


def _label_lines(label: str, width: float, size: float) -> list[str]:
    """A column label on one line, or split in two (``KK≤J`` as ``KK`` over ``≤J``)."""
    if stringWidth(label, SANS_BOLD, size) <= width or len(label) < 3:
        return [label]
    return [label[:2], label[2:]]


__all__ = ["DECISION_FILLS", "KEPT", "StrategyChartDiagram"]
