"""The statistics report drawn: one page, its charts made with reportlab's chart module.

It draws a :class:`~printplay.models.stats_model.StatsReport`
(:func:`printplay.builders.stats_report.stats_report` builds it): the share won as one
stacked bar across all the deals with the 95% range bracketed over it, the counts and the
spreads as tables, the lengths of the winning lines as a histogram and, for a graded run,
the levels as bars.  Fills differ in lightness as well as hue, and every part is labelled,
so the page reads in grey too.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.graphics.charts.barcharts import HorizontalBarChart, VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.shapes import Drawing, Line, String
from reportlab.lib.colors import HexColor, white
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, KeepInFrame, Spacer, Table, TableStyle

from printplay.markup.typography import typographic
from printplay.models.stats_model import BarChart, ShareChart, StatsReport
from printplay.render.document import PageSetup, Paragraph, build_pdf
from printplay.render.fonts import SANS, SANS_BOLD, register_fonts
from printplay.render.styles import Styles, TableCommand, book_styles

WON = HexColor("#1f5640")
"""Proved won: the book's deep green (dark in grey)."""
UNDECIDED = HexColor("#f2d27a")
"""Undecided: a light straw (light in grey)."""
LOST = HexColor("#d9826f")
"""Proved lost: a salmon red (between the two in grey)."""
BARS = HexColor("#3f7d63")
"""The bars of the histograms."""

AXIS_SIZE = 7.0
"""The type size of axis labels."""


def _share_drawing(chart: ShareChart, width: float, styles: Styles) -> Drawing:
    """The share won: a stacked bar of won, undecided and lost over all the deals (0–100%),
    the 95% range bracketed above it, a legend below."""
    height = 34 * mm
    drawing = Drawing(width, height)
    bars = HorizontalBarChart()
    bars.x, bars.y = 4, round(17 * mm)
    bars.width, bars.height = round(width - 8), round(8 * mm)
    bars.data = [[100 * chart.won], [100 * chart.undecided], [100 * chart.lost]]
    bars.categoryAxis.style = "stacked"
    bars.categoryAxis.visible = False
    bars.barWidth = round(8 * mm)
    bars.groupSpacing = 0
    bars.valueAxis.valueMin, bars.valueAxis.valueMax, bars.valueAxis.valueStep = 0, 100, 10
    bars.valueAxis.labels.fontName = SANS
    bars.valueAxis.labels.fontSize = AXIS_SIZE
    bars.valueAxis.labelTextFormat = "%d%%"
    bars.valueAxis.strokeColor = styles.palette.muted
    bars.bars.strokeColor = white
    bars.bars.strokeWidth = 0.6
    for index, fill in enumerate((WON, UNDECIDED, LOST)):
        bars.bars[index].fillColor = fill
    drawing.add(bars)

    def at(share: float) -> float:
        return bars.x + bars.width * share

    ink = styles.palette.ink
    left = 0.0
    for share, words, colour in zip(
        (chart.won, chart.undecided, chart.lost), chart.legend, (white, ink, ink), strict=True
    ):
        shown = f"{100 * share:.1f}% {words.split()[0]}"
        if share * bars.width > stringWidth(shown, SANS, 8) + 6:
            middle = at(left + share / 2)
            drawing.add(
                String(
                    middle,
                    bars.y + bars.height / 2 - 2.8,
                    shown,
                    fontName=SANS,
                    fontSize=8,
                    fillColor=colour,
                    textAnchor="middle",
                )
            )
        left += share
    top = bars.y + bars.height + 2.5 * mm
    low, high = at(chart.low), at(chart.high)
    for line in (
        Line(low, top, high, top),
        Line(low, top - 1.6 * mm, low, top + 0.4),
        Line(high, top - 1.6 * mm, high, top + 0.4),
    ):
        line.strokeColor, line.strokeWidth = ink, 1.1
        drawing.add(line)
    words = f"95% range {100 * chart.low:.1f}–{100 * chart.high:.1f}%"
    middle = min(max((low + high) / 2, 30 * mm), width - 30 * mm)
    drawing.add(
        String(
            middle,
            top + 1.5 * mm,
            words,
            fontName=SANS_BOLD,
            fontSize=8,
            fillColor=ink,
            textAnchor="middle",
        )
    )
    legend = Legend()
    legend.x, legend.y = 4, round(1.5 * mm)
    legend.alignment = "right"
    legend.columnMaximum = 1
    legend.fontName, legend.fontSize = SANS, 8
    legend.boxAnchor = "sw"
    legend.dx, legend.dy = 8, 8
    legend.deltax = round(30 * mm)
    legend.strokeColor = styles.palette.muted
    legend.strokeWidth = 0.4
    legend.colorNamePairs = list(zip((WON, UNDECIDED, LOST), chart.legend, strict=True))
    drawing.add(legend)
    return drawing


def _bar_drawing(chart: BarChart, width: float, height: float, styles: Styles) -> Drawing:
    """Counts by category as vertical bars, each labelled, the axis named."""
    drawing = Drawing(width, height)
    bars = VerticalBarChart()
    many = len(chart.bars) > 16
    bars.x, bars.y = 34, round(14 * mm if many else 9 * mm)
    bars.width, bars.height = round(width - 40), round(height - bars.y - 6 * mm)
    bars.data = [[count for _, count in chart.bars]]
    bars.categoryAxis.categoryNames = [label for label, _ in chart.bars]
    bars.categoryAxis.labels.fontName = SANS
    bars.categoryAxis.labels.fontSize = AXIS_SIZE
    bars.categoryAxis.strokeColor = styles.palette.muted
    if many:
        bars.categoryAxis.labels.angle = 90
        bars.categoryAxis.labels.boxAnchor = "e"
        bars.categoryAxis.labels.dy = -2
    bars.valueAxis.valueMin, bars.valueAxis.valueMax = 0, chart.top
    bars.valueAxis.valueStep = chart.step
    bars.valueAxis.labels.fontName = SANS
    bars.valueAxis.labels.fontSize = AXIS_SIZE
    bars.valueAxis.labelTextFormat = "{:,.0f}".format
    bars.valueAxis.strokeColor = styles.palette.muted
    bars.valueAxis.visibleGrid = True
    bars.valueAxis.gridStrokeColor = styles.palette.rule
    bars.valueAxis.gridStrokeWidth = 0.3
    bars.bars[0].fillColor = BARS
    bars.bars.strokeColor = None
    bars.barSpacing = 0
    bars.groupSpacing = 2 if many else 6
    if chart.counts:
        _count_labels(bars, chart, styles)
    drawing.add(bars)
    drawing.add(
        String(
            bars.x + bars.width / 2,
            1.5,
            chart.axis,
            fontName=SANS,
            fontSize=8,
            fillColor=styles.palette.muted,
            textAnchor="middle",
        )
    )
    drawing.add(
        String(
            2,
            bars.y + bars.height + 2.5 * mm,
            "deals",
            fontName=SANS,
            fontSize=8,
            fillColor=styles.palette.muted,
        )
    )
    return drawing


def _count_labels(bars: VerticalBarChart, chart: BarChart, styles: Styles) -> None:
    """Each bar's count written on it: inside its top in white, or over a bar too short
    to hold it."""
    bars.barLabelFormat = "{:,.0f}".format
    bars.barLabels.fontName = SANS
    bars.barLabels.fontSize = 8
    for index, (_, count) in enumerate(chart.bars):
        label = bars.barLabels[(0, index)]
        inside = count / chart.top * bars.height > 14
        label.boxAnchor = "n" if inside else "s"
        label.dy = -3 if inside else 2
        label.fillColor = white if inside else styles.palette.ink


def _table(
    rows: tuple[tuple[str, ...], ...], styles: Styles, header: bool, first: float | None = None
) -> Table:
    """A small table: the first column in words, the others figures, right-aligned."""
    cell, right = styles.cell, styles.cell_right
    body = [
        [_paragraph(row[0], styles.cell_bold if header and i == 0 else cell)]
        + [_paragraph(text, right) for text in row[1:]]
        for i, row in enumerate(rows)
    ]
    widths = None if first is None else [first] + [None] * (len(rows[0]) - 1)
    table = Table(body, colWidths=widths, hAlign="LEFT")
    palette = styles.palette
    commands: list[TableCommand] = [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.6),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.4),
        ("LEFTPADDING", (0, 0), (-1, -1), 4),
        ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        ("LINEBELOW", (0, -1), (-1, -1), 0.6, palette.rule),
        ("ROWBACKGROUNDS", (0, 1 if header else 0), (-1, -1), [None, palette.zebra_fill]),
    ]
    if header:
        commands += [
            ("BACKGROUND", (0, 0), (-1, 0), palette.header_fill),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, palette.rule),
        ]
    table.setStyle(TableStyle(commands))
    return table


def _paragraph(text: str, style: ParagraphStyle, *, literal: bool = False) -> Paragraph:
    """A paragraph of plain ``text``: escaped, its quotes typographic unless ``literal`` (a
    command keeps its straight quotes, to be copied)."""
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return Paragraph(escaped if literal else typographic(escaped), style)


def stats_story(report: StatsReport, width: float) -> list[Flowable]:
    """The flowables of the report's page, ``width`` points wide."""
    register_fonts()
    styles = book_styles()
    compact = styles.compact or styles
    small = compact.small
    subtitle = ParagraphStyle(
        "stats-subtitle", parent=styles.body, fontName=SANS, textColor=styles.palette.muted
    )
    story: list[Flowable] = [
        _paragraph(report.title, styles.h1),
        _paragraph(report.subtitle, subtitle),
        Spacer(1, 2 * mm),
        _paragraph(report.headline, styles.lead),
        _share_drawing(report.share, width, styles),
        _paragraph(report.share.caption, small),
        Spacer(1, 2 * mm),
    ]
    counts = _table(report.counts, compact, header=False)
    spreads = _table(report.spreads, compact, header=True, first=0.22 * width * 0.58)
    side = Table([[counts, spreads]], colWidths=[width * 0.42, width * 0.58], hAlign="LEFT")
    side.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 6),
            ]
        )
    )
    story += [side, Spacer(1, 3 * mm)]
    tall = 70 * mm if report.levels is not None else 100 * mm
    charts = [(report.lengths, tall), (report.levels, 50 * mm)]
    for chart, height in charts:
        if chart is None:
            continue
        story += [
            _paragraph(chart.title, compact.h2),
            _bar_drawing(chart, width, height, styles),
            Spacer(1, 1.5 * mm),
            _paragraph(chart.caption, small),
        ]
    story.append(Spacer(1, 3 * mm))
    story += [_paragraph(line, small, literal=True) for line in report.provenance]
    return story


def draw_stats_report(report: StatsReport, path: Path) -> Path:
    """Write the report as a one-page PDF at ``path`` (shrunk to fit, never a second
    page)."""
    setup = PageSetup(
        paper=report.paper,
        title=report.title,
        footer=report.footer,
        subject=report.subtitle,
        keywords=report.keywords,
    )
    story = stats_story(report, setup.frame_width)
    page = KeepInFrame(setup.frame_width, setup.frame_height, story, mode="shrink")
    return build_pdf(path, [page], setup)


__all__ = ["draw_stats_report", "stats_story"]
