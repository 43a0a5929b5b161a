"""The casino basic-strategy chart, drawn: every cell shaded by its decision and lettered.

It draws a :class:`~printplay.printables.poker_model.StrategyChart`
(:func:`printplay.printables.poker_chart.strategy_chart` builds it) for the rulebook's
``[[diagram strategy]]`` marker.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from printplay.printables.poker_model import StrategyChart
from printplay.render.fonts import SANS, SANS_BOLD, SANS_BOLD_ITALIC, SANS_ITALIC
from printplay.render.styles import book_palette

_PALETTE = book_palette()
_ACCENT, _INK, _MUTED, _RULE = _PALETTE.accent, _PALETTE.ink, _PALETTE.muted, _PALETTE.rule
_HEADER_FILL = _PALETTE.header_fill

DECISION_FILLS: dict[str, str] = {"B": "#DDEFD9", "F": "#E3A39B"}
"""Cell fills by decision: buy light green, fold a darker rose (apart in grey too: about 92%
and 72% white); a cell that depends on the suits is split corner to corner between the two."""


class StrategyChartDiagram(Flowable):
    """The casino basic strategy on one page: a legend, then the rows (your two cards) in two
    panels side by side, the columns (the dealer's hand) in each; every cell shaded by its
    decision and lettered, so it reads in colour, in grey and in black and white.

    It draws a :class:`~printplay.printables.poker_model.StrategyChart`: the rows (your two
    cards), their groups, the column spans and the legend all come from it.
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

    @property
    def column_width(self) -> float:
        """The width of one decision column (each panel shares its width out)."""
        panel = (self.width - self.PANEL_GAP) / 2
        return (panel - self.HAND_WIDTH) / (len(self.header) - 1)

    def draw(self) -> None:
        """The legend, then each panel: group labels, column labels, the cells."""
        canvas = self.canv
        top = self.height
        self._draw_legend(top - self.legend_height + 4)
        panel_width = (self.width - self.PANEL_GAP) / 2
        for number, panel in enumerate(self.panels):
            left = number * (panel_width + self.PANEL_GAP)
            y = top - self.legend_height
            self._draw_groups(left, y - self.group_height + 2.5)
            y -= self.group_height
            self._draw_header(left, y)
            y -= self.header_height
            for index, (row, group) in enumerate(panel):
                y -= self.ROW_HEIGHT
                self._draw_row(left, y, row)
                if index and group != panel[index - 1][1]:  # a new group of rows
                    canvas.setStrokeColor(_ACCENT)
                    canvas.setLineWidth(0.6)
                    canvas.line(left, y + self.ROW_HEIGHT, left + panel_width, y + self.ROW_HEIGHT)
            canvas.setStrokeColor(_ACCENT)
            canvas.setLineWidth(0.8)
            bottom = y
            canvas.line(left, bottom, left + panel_width, bottom)
            # the pairs apart from the rest, and the dealer's pairs apart from her high cards
            x = left + self.HAND_WIDTH + (self.chart.pair_column - 1) * self.column_width
            canvas.setLineWidth(0.9)
            canvas.line(x, bottom, x, top - self.legend_height - self.group_height)

    def _draw_legend(self, y: float) -> None:
        canvas = self.canv
        x = 0.0
        size = self.FONT_SIZE + 0.9
        canvas.setFont(SANS_BOLD, size)
        canvas.setFillColor(_INK)
        title = self.chart.legend_title
        canvas.drawString(x, y, title)
        x += stringWidth(title, SANS_BOLD, size) + 6
        for code, text in self.chart.legend:
            self._draw_cell(x, y - 3.2, 13.0, self.ROW_HEIGHT, code)
            x += 13.0 + 4
            canvas.setFont(SANS, size)
            canvas.setFillColor(_INK)
            canvas.drawString(x, y, text)
            x += stringWidth(text, SANS, size) + 12

    def _draw_groups(self, left: float, y: float) -> None:
        canvas = self.canv
        width = self.column_width
        canvas.setFont(SANS_ITALIC, self.FONT_SIZE - 0.6)
        canvas.setFillColor(_MUTED)
        canvas.drawString(left, y, self.chart.rows_title)
        for text, first, end in self.chart.spans:
            x0 = left + self.HAND_WIDTH + (first - 1) * width
            x1 = left + self.HAND_WIDTH + (end - 1) * width
            canvas.drawCentredString((x0 + x1) / 2, y, text)
            canvas.setStrokeColor(_RULE)
            canvas.setLineWidth(0.5)
            canvas.line(x0 + 1.5, y - 2.2, x1 - 1.5, y - 2.2)

    def _draw_header(self, left: float, y: float) -> None:
        canvas = self.canv
        width = self.column_width
        canvas.setFillColor(_HEADER_FILL)
        panel_width = self.HAND_WIDTH + width * (len(self.header) - 1)
        canvas.rect(left, y - self.header_height, panel_width, self.header_height, stroke=0, fill=1)
        canvas.setFillColor(_ACCENT)
        canvas.setFont(SANS_BOLD, self.FONT_SIZE)
        base = y - self.header_height + 3
        canvas.drawString(left + 2, base, self.header[0])
        size = self.HEADER_SIZE
        canvas.setFont(SANS_BOLD, size)
        for column, label in enumerate(self.header[1:]):
            centre = left + self.HAND_WIDTH + (column + 0.5) * width
            lines = _label_lines(label, width - 2, size)
            for depth, line in enumerate(reversed(lines)):
                canvas.drawCentredString(centre, base + depth * (size + 1), line)

    def _draw_row(self, left: float, y: float, row: Sequence[str]) -> None:
        canvas = self.canv
        width = self.column_width
        canvas.setFont(SANS_BOLD, self.FONT_SIZE)
        canvas.setFillColor(_INK)
        canvas.drawString(left + 2, y + (self.ROW_HEIGHT - self.FONT_SIZE) / 2 + 1, row[0])
        for column, code in enumerate(row[1:]):
            self._draw_cell(
                left + self.HAND_WIDTH + column * width, y, width, self.ROW_HEIGHT, code
            )

    def _draw_cell(self, x: float, y: float, width: float, height: float, code: str) -> None:
        canvas = self.canv
        inset = 0.45
        x0, y0, x1, y1 = x + inset, y + inset, x + width - inset, y + height - inset
        if code in DECISION_FILLS:
            canvas.setFillColor(HexColor(DECISION_FILLS[code]))
            canvas.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
        else:  # depends on the suits: buy above the diagonal, fold below
            halves = (
                (DECISION_FILLS["B"], (x0, y1)),  # the upper left half: buy
                (DECISION_FILLS["F"], (x1, y0)),  # the lower right half: fold
            )
            for fill, corner in halves:
                path = canvas.beginPath()
                path.moveTo(x0, y0)
                path.lineTo(*corner)
                path.lineTo(x1, y1)
                path.close()
                canvas.setFillColor(HexColor(fill))
                canvas.drawPath(path, stroke=0, fill=1)
        canvas.setFillColor(_INK)
        font = SANS_BOLD if code in "BF" else SANS_BOLD_ITALIC
        canvas.setFont(font, self.FONT_SIZE)
        canvas.drawCentredString(x + width / 2, y + (height - self.FONT_SIZE) / 2 + 1.1, code)


def _label_lines(label: str, width: float, size: float) -> list[str]:
    """A column label on one line, or split in two (``KK≤J`` as ``KK`` over ``≤J``)."""
    if stringWidth(label, SANS_BOLD, size) <= width or len(label) < 3:
        return [label]
    return [label[:2], label[2:]]


__all__ = ["DECISION_FILLS", "StrategyChartDiagram"]
