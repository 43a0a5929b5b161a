"""The casino table card drawn from its model: a tent card to fold and stand up.

A landscape page folded across the middle, the same face on both sides (one upside down),
set as large as half the page allows, to read across a table: the order of play, the
kickout table and the bonus paytable of a :class:`~printplay.models.poker_model.TableCard`
(:func:`printplay.builders.poker_table_card.table_card` builds it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, Table, TableStyle

from printplay import __version__
from printplay.markup.typography import typographic
from printplay.models.poker_model import TableCard
from printplay.render.document import Paragraph, paper_size, write_atomically
from printplay.render.fonts import SANS, SANS_BOLD, SANS_ITALIC, register_fonts
from printplay.render.styles import book_styles

CARD_SIZES = tuple(16.0 - 0.25 * step for step in range(17))
"""Body sizes the table card tries, largest first: 16 pt down to 12 pt.  The largest that
fits is used; on A4 and Letter, with or without the home cap, that is at least 14 pt."""

CARD_EDGE = 8 * mm
"""The table card's margin at the page edges (home printers print to about 5 mm)."""

CARD_FOLD = 6 * mm
"""The room left on each side of the fold line."""


@dataclass(frozen=True)
class CardLayout:
    """The table card's face at one body size: its flowables and the size they need."""

    size: float
    story: list[Flowable]
    height: float


def _card_face(card: TableCard, width: float, size: float) -> CardLayout:
    """One face of the table card with body text of ``size`` points."""
    book = book_styles()
    palette = book.palette
    cell = ParagraphStyle(
        "card-cell", parent=book.cell, fontSize=size, leading=round(size * 1.2, 2)
    )
    bold = ParagraphStyle("card-bold", parent=cell, fontName=SANS_BOLD)
    right = ParagraphStyle("card-right", parent=cell, alignment=TA_RIGHT)
    heading = ParagraphStyle(
        "card-h",
        parent=book.h3,
        fontSize=size + 2,
        leading=round((size + 2) * 1.2, 2),
        spaceBefore=0,
        spaceAfter=3,
    )
    title = ParagraphStyle(
        "card-title", parent=book.h1, fontSize=size + 4, leading=size + 6, spaceAfter=4
    )
    step = ParagraphStyle(
        "card-step",
        parent=cell,
        spaceAfter=size * 0.18,
        leftIndent=size * 1.3,
        firstLineIndent=-size * 1.3,
    )
    note = ParagraphStyle("card-note", parent=cell, fontName=SANS_ITALIC, spaceBefore=3)
    pad = size * 0.3

    def grid(rows: list[list[Paragraph]], widths: list[float]) -> Table:
        table = Table(rows, colWidths=widths, hAlign="LEFT")
        table.setStyle(
            TableStyle(
                [
                    ("LINEBELOW", (0, 0), (-1, 0), 0.8, palette.rule),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("BACKGROUND", (0, 0), (-1, 0), palette.header_fill),
                    ("ROWBACKGROUNDS", (0, 1), (-1, -1), [None, palette.zebra_fill]),
                    ("TOPPADDING", (0, 0), (-1, -1), pad * 0.5),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), pad * 0.7),
                    ("LEFTPADDING", (0, 0), (-1, -1), pad),
                    ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                ]
            )
        )
        return table

    def fit(texts: Sequence[str], style: ParagraphStyle) -> float:
        return max(_text_width(text, style) for text in texts) + 2 * pad

    players, folds = card.kickout_columns
    kickout_widths = [
        fit([players, *(count for count, _ in card.kickout)], bold),
        fit([folds, *(brief for _, brief in card.kickout)], bold),
    ]
    kickout = grid(
        [[Paragraph(players, bold), Paragraph(folds, bold)]]
        + [[Paragraph(count, right), Paragraph(brief, cell)] for count, brief in card.kickout],
        kickout_widths,
    )
    hand, pays_word = card.bonus_columns
    pays_widths = [
        fit([hand, *(name for name, _ in card.bonuses)], bold),
        fit([pays_word, *(amount for _, amount in card.bonuses)], bold),
    ]
    pays = grid(
        [[Paragraph(hand, bold), Paragraph(pays_word, bold)]]
        + [[Paragraph(name, cell), Paragraph(amount, right)] for name, amount in card.bonuses],
        pays_widths,
    )
    gutter = size * 1.1
    kickout_width = max(sum(kickout_widths), _text_width(card.kickout_heading, heading))
    pays_width = max(sum(pays_widths), _text_width(card.bonus_heading, heading))
    order_width = width - kickout_width - pays_width - 2 * gutter
    steps = [
        Paragraph(f"<b>{i}.</b> {typographic(text)}", step)
        for i, text in enumerate(card.steps, start=1)
    ]
    pays_column: list[Flowable] = [Paragraph(card.bonus_heading, heading), pays]
    if card.home_note is not None:
        pays_column.append(Paragraph(card.home_note, note))
    columns = [
        [Paragraph(card.title, title), *steps],
        [
            Paragraph(card.kickout_heading, heading),
            kickout,
            Paragraph(card.kickout_note, note),
        ],
        pays_column,
    ]
    body = Table([columns], colWidths=[order_width + gutter, kickout_width + gutter, pays_width])
    body.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), gutter),
                ("RIGHTPADDING", (-1, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    story: list[Flowable] = [body]
    height = body.wrap(width, 10_000)[1]
    return CardLayout(size, story, float(height))


def table_card_layout(card: TableCard, paper: str) -> CardLayout:
    """The largest body size (:data:`CARD_SIZES`) at which a face fits half the page."""
    register_fonts()
    width, height = landscape(paper_size(paper))
    inner_width = width - 2 * CARD_EDGE
    inner_height = height / 2 - CARD_EDGE - CARD_FOLD
    for size in CARD_SIZES:
        layout = _card_face(card, inner_width, size)
        if layout.height <= inner_height:
            return layout
    raise AssertionError("the table card does not fit on half a page")


def _text_width(text: str, style: ParagraphStyle) -> float:
    """The width of ``text`` set on one line in ``style``, with a point to spare."""
    return stringWidth(text, style.fontName, style.fontSize) + 1.0


def draw_table_card(card: TableCard, path: Path, *, paper: str = "a4") -> Path:
    """A tent card: a landscape page folded across the middle, the same face on both sides,
    set as large as half the page allows (at least 14 pt), to read across a table."""
    register_fonts()
    width, height = landscape(paper_size(paper))
    half_height = height / 2
    size = table_card_layout(card, paper).size
    game = card.game

    def produce(name: str) -> None:
        canvas = Canvas(name, pagesize=(width, height), invariant=1)
        canvas.setTitle(f"Ricochet Poker casino table card ({game})")
        canvas.setSubject(
            f"Ricochet Poker, the casino game ({game}): order of play, kickout and bonus "
            "paytable, on a tent card folded across the middle"
        )
        canvas.setKeywords(
            ", ".join(
                ["Ricochet Poker", "casino", "table card", *(["home-cap"] if card.home_cap else [])]
            )
        )
        canvas.setAuthor("printplay")
        canvas.setCreator(f"printplay {__version__}")
        canvas.setViewerPreference("PrintScaling", "None")  # folds on the marked line
        for upside_down in (False, True):
            canvas.saveState()
            if upside_down:
                canvas.translate(width, height)
                canvas.rotate(180)
            frame = Frame(
                CARD_EDGE,
                CARD_EDGE,
                width - 2 * CARD_EDGE,
                half_height - CARD_EDGE - CARD_FOLD,
                showBoundary=0,
                leftPadding=0,
                rightPadding=0,
                topPadding=0,
                bottomPadding=0,
            )
            story = _card_face(card, width - 2 * CARD_EDGE, size).story
            frame.addFromList(story, canvas)
            if story:
                raise AssertionError("the table card does not fit on half a page")
            canvas.restoreState()
        canvas.saveState()
        canvas.setDash(3, 3)
        canvas.setStrokeGray(0.6)
        canvas.setLineWidth(0.5)
        canvas.line(CARD_EDGE / 2, half_height, width - CARD_EDGE / 2, half_height)
        canvas.setFont(SANS, 6)
        canvas.setFillGray(0.5)
        canvas.drawString(CARD_EDGE / 2, half_height + 1.5, "fold here")
        canvas.restoreState()
        canvas.showPage()
        canvas.save()

    return write_atomically(path, produce)


__all__ = [
    "CARD_EDGE",
    "CARD_FOLD",
    "CARD_SIZES",
    "CardLayout",
    "draw_table_card",
    "table_card_layout",
]
