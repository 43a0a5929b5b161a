"""The tuck box drawn: every line, glue area and label of a
:class:`~printplay.models.tuck_box_model.TuckBox`, at true size, one sheet a page.

Cut lines are solid and dark, fold lines dashed and lighter, glue areas hatched with thin
grey lines and labelled; a legend samples the three, and a bar checks the print's size.  The
PDF asks viewers to print it without scaling (``/PrintScaling /None``); the same box always
gives the same bytes.
"""

from __future__ import annotations

import html
import re
from typing import IO

from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame

from printplay import __version__
from printplay.core.errors import RulebookError
from printplay.models.tuck_box_model import Area, Label, Line, TuckBox, TuckBoxSheet
from printplay.render.document import Paragraph, bookmark_page, fit_text
from printplay.render.fonts import SANS, SANS_BOLD, register_fonts

CUT_INK = Color(0.13, 0.13, 0.13)
"""Cut lines: near black."""

FOLD_INK = Color(0.35, 0.35, 0.35)
"""Fold lines: a dark grey, dashed."""

GLUE_INK = Color(0.62, 0.62, 0.62)
"""The hatching of glue areas: a light grey."""

TEXT_INK = Color(0.15, 0.15, 0.15)
"""The labels and notes."""

CUT_WIDTH, FOLD_WIDTH, HATCH_WIDTH = 0.6, 0.5, 0.3
"""Line widths in points."""

FOLD_DASH = (3.0, 2.0)
"""The fold lines' dash pattern in points: on, off."""

HATCH_STEP_MM = 2.0
"""The distance between the glue areas' hatching lines."""

MIN_SIZE = 6.0
"""No text is set smaller (points)."""

NOTE_SIZES = (7.5, 7.0, 6.5, 6.0)
"""The notes' type sizes, tried in turn until they fit their box."""


def _pt(value: float) -> float:
    return value * mm


def _plain(text: str) -> str:
    """``text`` without markup: tags dropped, entities read."""
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def _draw_line(canvas: Canvas, line: Line) -> None:
    (x0, y0), (x1, y1) = line.start, line.end
    canvas.line(_pt(x0), _pt(y0), _pt(x1), _pt(y1))


def _lines(canvas: Canvas, sheet: TuckBoxSheet) -> None:
    """The folds first (dashed), then the cuts over them (solid)."""
    canvas.saveState()
    canvas.setLineWidth(FOLD_WIDTH)
    canvas.setStrokeColor(FOLD_INK)
    canvas.setDash(list(FOLD_DASH), 0)
    for line in sheet.lines:
        if line.kind == "fold":
            _draw_line(canvas, line)
    canvas.restoreState()
    canvas.saveState()
    canvas.setLineWidth(CUT_WIDTH)
    canvas.setStrokeColor(CUT_INK)
    canvas.setLineCap(1)
    for line in sheet.lines:
        if line.kind == "cut":
            _draw_line(canvas, line)
    canvas.restoreState()


def _hatch(canvas: Canvas, points: tuple[tuple[float, float], ...]) -> None:
    """Thin diagonal lines across the polygon ``points`` (mm), clipped to it."""
    xs = [_pt(x) for x, _ in points]
    ys = [_pt(y) for _, y in points]
    canvas.saveState()
    outline = canvas.beginPath()
    outline.moveTo(xs[0], ys[0])
    for x, y in zip(xs[1:], ys[1:], strict=True):
        outline.lineTo(x, y)
    outline.close()
    canvas.clipPath(outline, stroke=0, fill=0)
    canvas.setStrokeColor(GLUE_INK)
    canvas.setLineWidth(HATCH_WIDTH)
    step = _pt(HATCH_STEP_MM)
    low, high = min(xs) - (max(ys) - min(ys)), max(xs)
    count = int((high - low) / step) + 1
    for k in range(count + 1):
        x = low + k * step
        canvas.line(x, min(ys), x + (max(ys) - min(ys)), max(ys))
    canvas.restoreState()


def _centred_text(
    canvas: Canvas,
    text: str,
    box: tuple[float, float, float, float],
    angle: float,
    size: float,
    font: str,
) -> None:
    """``text`` centred in ``box`` (mm), turned by ``angle``, at ``size`` points or less to
    fit the box (never under :data:`MIN_SIZE`)."""
    x0, y0, x1, y1 = (_pt(v) for v in box)
    along, across = (x1 - x0, y1 - y0)
    if round(angle) % 180 == 90:
        along, across = across, along
    width = stringWidth(text, font, 1.0) or 1.0
    size = max(MIN_SIZE, min(size, along / width, across / 1.1))
    canvas.saveState()
    canvas.translate((x0 + x1) / 2, (y0 + y1) / 2)
    canvas.rotate(angle)
    canvas.setFont(font, size)
    canvas.setFillColor(TEXT_INK)
    canvas.drawCentredString(0, -0.35 * size, text)
    canvas.restoreState()


def _areas(canvas: Canvas, areas: tuple[Area, ...]) -> None:
    for area in areas:
        _hatch(canvas, area.outline)
        xs = [x for x, _ in area.outline]
        ys = [y for _, y in area.outline]
        box = (min(xs) + 1, min(ys) + 1, max(xs) - 1, max(ys) - 1)
        label = _plain(area.label)
        _white_behind(canvas, label, box, area.angle, 7.0)
        _centred_text(canvas, label, box, area.angle, 7.0, SANS_BOLD)


def _white_behind(
    canvas: Canvas, text: str, box: tuple[float, float, float, float], angle: float, size: float
) -> None:
    """A white band behind a label over hatching, so it reads."""
    x0, y0, x1, y1 = (_pt(v) for v in box)
    along, across = (x1 - x0, y1 - y0)
    if round(angle) % 180 == 90:
        along, across = across, along
    width = stringWidth(text, SANS_BOLD, 1.0) or 1.0
    size = max(MIN_SIZE, min(size, along / width, across / 1.1))
    canvas.saveState()
    canvas.translate((x0 + x1) / 2, (y0 + y1) / 2)
    canvas.rotate(angle)
    canvas.setFillColor(Color(1, 1, 1))
    half = width * size / 2 + 1.5
    canvas.rect(-half, -0.6 * size, 2 * half, 1.2 * size, stroke=0, fill=1)
    canvas.restoreState()


def _labels(canvas: Canvas, labels: tuple[Label, ...]) -> None:
    for label in labels:
        font = SANS_BOLD if label.bold else SANS
        _centred_text(canvas, _plain(label.text), label.box, label.angle, label.size, font)


def _legend(canvas: Canvas, sheet: TuckBoxSheet) -> None:
    """Samples of a cut, a fold and a glue area with their words, and the scale bar."""
    x, y = (_pt(v) for v in sheet.legend_at)
    size = 7.5
    sample = _pt(10)
    canvas.saveState()
    canvas.setFont(SANS, size)
    canvas.setFillColor(TEXT_INK)
    for entry in sheet.legend:
        if entry.kind == "glue":
            _hatch(
                canvas,
                (
                    (x / mm, y / mm - 2),
                    (x / mm + 10, y / mm - 2),
                    (x / mm + 10, y / mm + 2),
                    (x / mm, y / mm + 2),
                ),
            )
        else:
            canvas.saveState()
            fold = entry.kind == "fold"
            canvas.setStrokeColor(FOLD_INK if fold else CUT_INK)
            canvas.setLineWidth(FOLD_WIDTH if fold else CUT_WIDTH)
            if fold:
                canvas.setDash(list(FOLD_DASH), 0)
            canvas.line(x, y, x + sample, y)
            canvas.restoreState()
        words = _plain(entry.words)
        canvas.drawString(x + sample + _pt(2), y - 0.35 * size, words)
        x += sample + _pt(2) + stringWidth(words, SANS, size) + _pt(7)
    canvas.restoreState()
    _scale(canvas, sheet, size)


def _scale(canvas: Canvas, sheet: TuckBoxSheet, size: float) -> None:
    """A bar :attr:`~TuckBoxSheet.scale_mm` long, ticked every 10 mm, its words above."""
    x, y = (_pt(v) for v in sheet.scale_at)
    length = _pt(sheet.scale_mm)
    canvas.saveState()
    canvas.setStrokeColor(CUT_INK)
    canvas.setLineWidth(0.5)
    canvas.line(x, y - _pt(1), x + length, y - _pt(1))
    for k in range(int(sheet.scale_mm // 10) + 1):
        tick = x + _pt(10 * k)
        canvas.line(tick, y - _pt(1), tick, y - _pt(2.5 if k in (0, sheet.scale_mm // 10) else 2))
    canvas.setFont(SANS, size)
    canvas.setFillColor(TEXT_INK)
    canvas.drawCentredString(x + length / 2, y + _pt(0.6), _plain(sheet.scale_words))
    canvas.restoreState()


def _notes(canvas: Canvas, sheet: TuckBoxSheet) -> None:
    """The notes as paragraphs in their box, at the largest of :data:`NOTE_SIZES` that
    fits; a house edition's words that fit at none are refused in one line."""
    x0, y0, x1, y1 = (_pt(v) for v in sheet.notes_box)
    for size in NOTE_SIZES:
        style = ParagraphStyle(
            "tuck-box-note",
            fontName=SANS,
            fontSize=size,
            leading=size * 1.25,
            spaceAfter=size * 0.3,
            textColor=TEXT_INK,
        )
        paragraphs: list[Flowable] = [Paragraph(text, style) for text in sheet.notes]
        need = sum(p.wrap(x1 - x0, y1 - y0)[1] + style.spaceAfter for p in paragraphs)
        if need <= y1 - y0:
            frame = Frame(x0, y0, x1 - x0, y1 - y0, 0, 0, 0, 0, showBoundary=0)
            frame.addFromList(paragraphs, canvas)
            return
    raise RulebookError("tuck_box.j2: the notes do not fit under the box, even at 6 pt")


def _heading(canvas: Canvas, sheet: TuckBoxSheet) -> None:
    x, y = (_pt(v) for v in sheet.heading_at)
    width = _pt(sheet.size[0] - 2 * sheet.margin)
    canvas.saveState()
    canvas.setFont(SANS_BOLD, 8.5)
    canvas.setFillColor(TEXT_INK)
    canvas.drawString(x, y, fit_text(_plain(sheet.heading), width, 8.5, SANS_BOLD))
    canvas.restoreState()


def draw_tuck_box(box: TuckBox, target: str | IO[bytes]) -> None:
    """Draw ``box`` into a PDF at ``target`` (a file name or a binary stream), a page for
    each of its sheets; the PDF asks viewers not to scale it."""
    register_fonts()
    first = box.sheets[0]
    canvas = Canvas(target, pagesize=(_pt(first.size[0]), _pt(first.size[1])), invariant=1)
    canvas.setTitle(_plain(box.title))
    canvas.setSubject(box.subject)
    canvas.setAuthor("printplay")
    canvas.setCreator(f"printplay {__version__}")
    canvas.setViewerPreference("PrintScaling", "None")
    for number, sheet in enumerate(box.sheets, start=1):
        canvas.setPageSize((_pt(sheet.size[0]), _pt(sheet.size[1])))
        bookmark_page(canvas, f"Sheet {number} of {len(box.sheets)}")
        _areas(canvas, sheet.areas)
        _lines(canvas, sheet)
        _labels(canvas, sheet.labels)
        _heading(canvas, sheet)
        _legend(canvas, sheet)
        _notes(canvas, sheet)
        canvas.showPage()
    canvas.save()


__all__ = ["CUT_INK", "FOLD_INK", "GLUE_INK", "draw_tuck_box"]
