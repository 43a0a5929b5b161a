"""Setup sheets and solution walkthroughs for the solitaire games.

The setup sheet draws a deal from the engine's layout geometry, lists the stock and the
deal order so a player can stack a real deck; the walkthrough replays the solver's line
through the engine, move by move, with a diagram of the start and after each turn of the
stock.

A spoiler-free sheet keeps what a player may not see off its first page: the layout is drawn
with the face-down cards as backs and the stock as a count.  The deal order (the dealer's
page) and the walkthrough follow on pages of their own, each under a "Spoilers" heading.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    Flowable,
    FrameBreak,
    KeepTogether,
    PageBreak,
    Spacer,
    Table,
    TableStyle,
)

from printplay.core.cards import Card
from printplay.core.outfile import bytes_writer
from printplay.models.pieces import Piece
from printplay.models.printable import DealOrderEntry, Setup
from printplay.models.printable import Sheet as SheetModel
from printplay.render.board import BoardDiagram, board_size
from printplay.render.card_shapes import CARD_RATIO
from printplay.render.components import pieces_row
from printplay.render.document import PageSetup, Paragraph, lay_out, write_atomically
from printplay.render.fonts import register_fonts
from printplay.render.hands_diagram import HandsDiagram
from printplay.render.pdf_outline import outline_entry
from printplay.render.sheet_words import (
    badge_piles,
    ending_text,
    opening_text,
    piles_text,
    segment_heading,
    step_text,
    tagged_place,
    verdict_text,
)
from printplay.render.styles import Styles, TableCommand, book_styles, suit_markup
from printplay.render.words_markup import Words

RULE = HexColor("#BBBBBB")


@dataclass(frozen=True)
class Sheet:
    """What every part of a sheet shares: the model drawn, the page, the styles and the
    words (``templates/sheet.j2``, or a house edition of it)."""

    model: SheetModel
    setup: PageSetup
    styles: Styles
    words: Words

    @property
    def deal_setup(self) -> Setup:
        """The deal's setup."""
        return self.model.setup

    def text(self, macro: str, **kwargs: object) -> str:
        """A sentence of the sheet: ``macro`` of the words template."""
        return self.words(macro, **kwargs)


def _title(sheet: Sheet, what: str, *, spoiler: str | None = None) -> list[Flowable]:
    """The page heading and the line naming the deal; under a "Spoilers" heading if given."""
    deal_setup, styles = sheet.deal_setup, sheet.styles
    deal = deal_setup.deal
    level = {"level": deal_setup.level} if deal_setup.level else {}  # a house macro may lack it
    details = sheet.text(
        "details",
        rules=deal_setup.rules,
        code=deal.code,
        seed=deal.seed,
        numbering=deal.numbering,
        **level,
    )
    title = sheet.text("title", game=deal_setup.title, deal=deal.name, what=what)
    if spoiler is None:
        return [
            outline_entry(what[:1].upper() + what[1:], 0),
            Paragraph(title, styles.h1),
            Paragraph(details, styles.small),
        ]
    heading = sheet.text("spoiler_title", what=spoiler)
    return [
        outline_entry(heading, 0),
        Paragraph(heading, styles.h1),
        Paragraph(f"{title}. {details}", styles.small),
    ]


def setup_page(sheet: Sheet, *, spoiler_free: bool) -> list[Flowable]:
    """The setup sheet: the layout, the stock in order and the deal order.

    Spoiler-free, it is two pages: the player's page (the layout as a player sees it, the
    stock as a count) and, after a page break, the dealer's page with every card.
    """
    state = sheet.deal_setup.start
    styles = sheet.styles
    story = _title(sheet, "setup")
    command = Paragraph(
        sheet.text("remake", command=escape(sheet.deal_setup.remake, quote=False)), styles.small
    )
    story.append(command)
    # A command longer than a line takes its room from the diagram: what follows on the
    # page stays where it was.
    _, height = command.wrap(sheet.setup.frame_width, sheet.setup.frame_height)
    more = max(0.0, height - float(styles.small.leading))
    if not spoiler_free:
        return story + _dealer_story(sheet, more)
    story.append(Spacer(1, 3 * mm))
    story.append(
        BoardDiagram(
            state.board(),
            sheet.setup.frame_width,
            max_height=_setup_height(sheet) - more,
            show_hidden=False,
        )
    )
    hidden = sheet.deal_setup.face_down
    caption = sheet.text("player_caption", hidden=hidden, piles_text=piles_text(sheet.words, state))
    story.append(Paragraph(caption, styles.caption))
    story.append(Paragraph(sheet.text("where_heading"), styles.h3))
    story.append(Paragraph(sheet.text("where_text", hidden=hidden, page=3), styles.body))
    # Page 2 stays free of spoilers: printed on both sides, the dealer's page must not
    # land on the back of the players' page.
    story.append(PageBreak())
    story.append(Paragraph(sheet.text("back_heading"), styles.h3))
    story.append(Paragraph(sheet.text("back_text"), styles.small))
    story.append(PageBreak())
    story += _title(sheet, sheet.text("dealer_what"), spoiler="the dealer's page")
    story += _dealer_story(sheet)
    return story


def card_rows(cards: Sequence[Card], width: float) -> list[Flowable]:
    """``cards`` in balanced rows of at most :data:`STOCK_PER_ROW`, numbered from 1 (a
    stock, next card first)."""
    flowables: list[Flowable] = []
    rows = -(-len(cards) // STOCK_PER_ROW)
    per_row = -(-len(cards) // rows)
    card_width = min(width / (per_row * 1.12), 10.5 * mm)
    for start in range(0, len(cards), per_row):
        chunk = cards[start : start + per_row]
        flowables.append(
            HandsDiagram(
                [[card] for card in chunk],
                card_width,
                captions=[str(start + 1 + i) for i in range(len(chunk))],
                group_gap=0.12,
                align="LEFT",
                caption_size=6.5,
            )
        )
        flowables.append(Spacer(1, 1.5 * mm))
    return flowables


def _pieces(sheet: Sheet, names: Sequence[str], pieces: Sequence[Piece]) -> list[Flowable]:
    """The game's ``pieces`` to cut out (Ricochet's ball), listed as ``names``, kept together
    at the end of the setup pages; nothing for a game that needs only the deck."""
    if not names:
        return []
    return [
        KeepTogether(
            [
                Paragraph(sheet.text("pieces_heading"), sheet.styles.h3),
                Paragraph(sheet.text("pieces_text", names=list(names)), sheet.styles.small),
                Spacer(1, 2 * mm),
                pieces_row(pieces),
            ]
        )
    ]


def _setup_height(sheet: Sheet) -> float:
    """The most height the setup page's layout may take: 74 mm for a wide layout (TriPeaks'
    peaks, Pyramid); a layout about as deep as it is wide (Ricochet's square room) grows to
    nearly half the page, leaving room for the stock below it."""
    layout = sheet.deal_setup.start.layout
    if layout.height * CARD_RATIO < 0.9 * layout.width:
        return 74 * mm
    return max(78 * mm, sheet.setup.frame_height * 0.46)


def _dealer_story(sheet: Sheet, less: float = 0.0) -> list[Flowable]:
    """Everything needed to lay out the deal: the layout with every face (``less`` points
    below its usual height), the stock in order and the deal order."""
    deal_setup, styles = sheet.deal_setup, sheet.styles
    state = deal_setup.start
    width = sheet.setup.frame_width
    story: list[Flowable] = [Spacer(1, 3 * mm)]
    story.append(
        BoardDiagram(
            state.board(),
            width,
            max_height=_setup_height(sheet) - less,
            show_hidden=True,
            tags=True,
        )
    )
    story.append(
        Paragraph(sheet.text("dealer_caption", hidden=deal_setup.face_down), styles.caption)
    )
    stock = deal_setup.stock
    if stock:
        story.append(Paragraph(sheet.text("stock_heading", count=len(stock)), styles.h3))
        story += card_rows(stock, width)
    story.append(
        KeepTogether(
            [
                Paragraph(sheet.text("deal_order_heading"), styles.h3),
                Paragraph(
                    sheet.text(
                        "deal_order_help",
                        stock_from=deal_setup.stock_from,
                        stock_count=len(deal_setup.stock),
                        top_face_up=deal_setup.stock_top_face_up,
                    ),
                    styles.small,
                ),
                Spacer(1, 1.5 * mm),
                _deal_order_table(deal_setup.deal_order, width, styles),
            ]
        )
    )
    return story


STOCK_PER_ROW = 13
"""At most this many stock cards a row on the setup sheet; the rows are balanced."""

SHORT_TAIL = 26.0
"""Moves reaching at most this far (points) below a walkthrough diagram stay beside it."""

MOVES_INDENT = 6.0
"""Points between the rule down the left of a segment's moves and the moves."""

MOVES_RULE = HexColor("#C9D3DD")

KEEP_MOVES = 3
"""At most this many moves below a walkthrough diagram are never parted from it."""

DIAGRAM_SHARES = (0.56, 0.52, 0.48)
"""The share of the page's width a walkthrough diagram takes: the first, or a smaller one
where that ends the walkthrough a page sooner instead of on a nearly empty page."""

NEARLY_EMPTY = 0.3
"""A last page with less than this share of its height used is worth saving: the
walkthrough is laid out again with smaller diagrams, and kept so if it ends a page sooner;
else with its last two segments kept together, and kept so if that fills the last page
better on as many pages."""

DIAGRAM_HEIGHT = 0.40
"""At most this share of the page's height a walkthrough diagram takes, so two segments
share a page even where the layout is deep (Pyramid with its reserve, on Letter)."""

FLOW_ON = 0.5
"""Setup pages that run past the first page and leave at least this share of the last one
free have the walkthrough follow on it, not on a page of its own."""


def order_cells(
    order: Sequence[DealOrderEntry],
    columns: int,
    styles: Styles,
    place: Callable[[DealOrderEntry], str],
) -> list[list[Paragraph]]:
    """The deal order's cells, read down the columns: number, card and ``place`` of each
    entry, three cells each, the last column filled out with empty cells."""
    rows_per_column = -(-len(order) // columns)
    cells: list[list[Paragraph]] = [[] for _ in range(rows_per_column)]
    for column in range(columns):
        for row in range(rows_per_column):
            i = column * rows_per_column + row
            if i < len(order):
                entry = order[i]
                cells[row] += [
                    Paragraph(str(entry.number), styles.cell_right),
                    Paragraph(suit_markup(entry.card.label), styles.cell_bold),
                    Paragraph(place(entry), styles.cell),
                ]
            else:
                cells[row] += [Paragraph("", styles.cell)] * 3
    return cells


def _deal_order_table(order: Sequence[DealOrderEntry], width: float, styles: Styles) -> Table:
    columns = 3
    cells = order_cells(order, columns, styles, tagged_place)
    third = width / columns
    padding = 2
    bold, size = str(styles.cell_bold.fontName), float(styles.cell_bold.fontSize)
    widest = max(stringWidth(entry.card.label, bold, size) for entry in order)
    card_column = max(third * 0.16, widest + 2 * padding + 1)  # "Joker" must not wrap
    number_column = third * 0.12
    table = Table(
        cells,
        colWidths=[number_column, card_column, third - number_column - card_column] * columns,
    )
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("TOPPADDING", (0, 0), (-1, -1), 0.6),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0.6),
                ("LEFTPADDING", (0, 0), (-1, -1), padding),
                ("RIGHTPADDING", (0, 0), (-1, -1), padding),
                ("LINEAFTER", (2, 0), (2, -1), 0.4, RULE),
                ("LINEAFTER", (5, 0), (5, -1), 0.4, RULE),
            ]
        )
    )
    return table


def walkthrough(
    sheet: Sheet, *, spoiler_free: bool, share: float = DIAGRAM_SHARES[0], together: int = 1
) -> list[Flowable]:
    """The walkthrough: the verdict, the start, then each segment of the line with a diagram
    ``share`` of the page's width (and at most :data:`DIAGRAM_HEIGHT` of its height); the
    last ``together`` segments are kept together on a page where they fit.

    The starting position is always drawn first; when the line opens with a turn of the
    stock, the start says so.  The ending is set under the last move.
    """
    styles = sheet.styles
    line = sheet.model.walkthrough
    state, steps, final = line.start, line.steps, line.final
    spoiler = "the solution" if spoiler_free else None
    story = _title(sheet, "walkthrough", spoiler=spoiler)
    story.append(Paragraph(verdict_text(sheet.words, line), styles.body))
    story.append(Spacer(1, 2 * mm))
    width = sheet.setup.frame_width
    diagram_width = width * share
    text_width = width - diagram_width - 4 * mm - MOVES_INDENT
    show_hidden = not spoiler_free
    tallest = sheet.setup.frame_height * DIAGRAM_HEIGHT
    start = BoardDiagram(state.board(), diagram_width, max_height=tallest, show_hidden=show_hidden)
    # The ending is set like the moves it closes (one face in one block).
    last = ParagraphStyle("ending", parent=styles.step, leftIndent=0, firstLineIndent=0)
    ending: list[Flowable] = [
        Spacer(1, 1.5 * mm),
        Paragraph(ending_text(sheet.words, final, len(steps)), last),
    ]
    if line.opens_with_stock:
        note = ParagraphStyle("opening", parent=styles.step, leftIndent=0, firstLineIndent=0)
        lines: list[Flowable] = []
        if line.steps:  # with no moves at all, nothing "opens by turning the stock"
            lines.append(Paragraph(opening_text(sheet.words, line), note))
        if not line.segments and line.result.solvable is not None:
            lines += ending
        starts = [len(story)]
        opening = Paragraph(sheet.text("start_heading"), styles.h3)
        story += _segment([opening], start, lines, width)
    else:
        starts = []
    for part in line.segments:
        board_state = part.board
        heading = segment_heading(sheet.words, part)
        tail = ending if part is line.segments[-1] else []
        todo = list(part.steps)
        intro: list[Flowable] = []
        if part.new_stock:
            text = sheet.text("new_stock", count=len(part.new_stock))
            intro = [Paragraph(text, styles.small), *card_rows(part.new_stock, width)]
        while todo:
            lines = [Paragraph(step_text(sheet.words, step), styles.step) for step in todo] + tail
            # A segment too long to list beside its diagram goes on under a new diagram of
            # the board where it has got to, so every move is read beside its picture.
            # Diagrams leave out the rows already cleared, so late ones are smaller.
            _, height = board_size(
                board_state.board(), diagram_width, max_height=tallest, crop=True
            )
            here = _moves_beside(lines[: len(todo)], height, text_width)
            if len(todo) - here >= KEEP_MOVES:
                todo, rest = todo[:here], todo[here:]
                lines = lines[:here]
            else:
                rest = []
            badges = {slot: str(step.number) for step in todo for slot in step.move.slots}
            diagram = BoardDiagram(
                badge_piles(board_state.board(badges), todo),
                diagram_width,
                max_height=tallest,
                show_hidden=show_hidden,
                crop=True,
            )
            starts.append(len(story))
            head = Bookmarked(Paragraph(heading, styles.h3), _plain(heading), 1)
            story += _segment([head], diagram, lines, width, intro)
            intro = []
            if rest:
                heading = sheet.text("goes_on", number=rest[0].number)
                board_state = rest[0].before
            todo = rest
    if together > 1 and len(starts) >= together:
        cut = starts[-together]
        story[cut:] = [KeepTogether(story[cut:])]
    return story


class Bookmarked(Flowable):
    """A heading that carries its own outline entry (bookmark), drawn with it at its top.

    A bookmark set as a flowable of its own before a group kept together is drawn where
    that group would have started: at the foot of the page before, when the group moves on
    to the next page.  Drawn by the heading, it lands on the heading's page.
    """

    def __init__(self, heading: Flowable, title: str, level: int) -> None:
        super().__init__()
        self.heading = heading
        self.entry = outline_entry(title, level)
        # Spaced and kept with what follows as the heading is (reportlab asks the wrapper).
        untyped: Any = heading  # reportlab's stubs leave these methods untyped
        self.spaceBefore = float(untyped.getSpaceBefore())
        self.spaceAfter = float(untyped.getSpaceAfter())
        self.keepWithNext = bool(untyped.getKeepWithNext())

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width, self.height = self.heading.wrap(availWidth, availHeight)
        return self.width, self.height

    def drawOn(self, canvas: Canvas, x: float, y: float, _sW: float = 0) -> None:
        self.entry.drawOn(canvas, x, y + self.height)
        heading: Any = self.heading  # reportlab's stubs leave out drawOn's last argument
        heading.drawOn(canvas, x, y, _sW)


def _plain(markup: str) -> str:
    """Paragraph markup as plain text, for an outline entry."""
    text = re.sub(r"<[^>]+>", "", markup)
    return " ".join(text.replace("&amp;", "&").replace("&nbsp;", " ").split())


def _moves_beside(lines: Sequence[Flowable], height: float, text_width: float) -> int:
    """How many of ``lines`` to set beside a diagram ``height`` tall: every line that starts
    beside it (the last may run a little below), so the moves under the diagram follow on
    without a gap (at least one)."""
    used = 0.0
    for count, line in enumerate(lines):
        if count and used >= height:
            return count
        _, line_height = line.wrap(text_width, 10_000)
        used += line_height + line.getSpaceAfter() + line.getSpaceBefore()
    return len(lines)


def _segment(
    heading: Sequence[Flowable],
    diagram: BoardDiagram,
    lines: list[Flowable],
    width: float,
    intro: Sequence[Flowable] = (),
) -> list[Flowable]:
    """A diagram with its moves beside it, kept together with its ``heading`` (the heading
    and its bookmark, if any).

    Moves that reach below the diagram go into a table of their own under it, which may
    break across pages, so a long segment never leaves half a page empty before it.
    """
    left = diagram.width + 4 * mm
    text_width = width - left
    beside = lines[: _moves_beside(lines, diagram.height, text_width - MOVES_INDENT)]
    rest = lines[len(beside) :]
    # A short tail (the ending, one short move) stays beside the diagram, not on its own.
    if sum(line.wrap(text_width - MOVES_INDENT, 10_000)[1] for line in rest) < SHORT_TAIL:
        beside += rest
        rest = []
    # A thin rule runs down the left of a segment's moves, beside the diagram and under
    # it, so every move reads as belonging to this diagram and not to the next heading.
    padding: list[TableCommand] = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("LEFTPADDING", (1, 0), (1, -1), MOVES_INDENT),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ("LINEBEFORE", (1, 0), (1, -1), 0.8, MOVES_RULE),
    ]
    top = Table([[diagram, beside]], colWidths=[left, text_width], style=TableStyle(padding))
    group: list[Flowable] = [*heading, *intro, top]
    story: list[Flowable] = [KeepTogether(group)]
    if rest:
        # A page break among the moves leaves at least two on each side of it; a few moves
        # are kept with the diagram.
        rows = len(rest)
        more = Table(
            [["", line] for line in rest],
            colWidths=[left, text_width],
            style=TableStyle(
                [
                    *padding,
                    ("NOSPLIT", (0, 0), (-1, min(1, rows - 1))),
                    ("NOSPLIT", (0, max(0, rows - 2)), (-1, rows - 1)),
                ]
            ),
        )
        if rows <= KEEP_MOVES:
            group.append(more)
        else:
            story.append(more)
    story.append(Spacer(1, 4 * mm))
    return story


def draw_sheet(
    model: SheetModel,
    path: Path,
    *,
    words: Words,
    paper: str = "a4",
    spoiler_free: bool = False,
) -> Path:
    """Write the setup sheet and walkthrough ``model`` to ``path`` in ``words`` (the macros
    of ``sheet.j2``, or of a house edition of it)."""
    register_fonts()
    deal_setup = model.setup
    deal, rules, title = deal_setup.deal, deal_setup.rules, deal_setup.title
    what = "setup sheet and walkthrough" + (", spoiler-free" if spoiler_free else "")
    setup = PageSetup(
        paper=paper,
        title=f"{title} {deal.name} ({rules})",
        footer=f"printplay · {title} {deal.name} · code {deal.code} · {rules}",
        subject=f"{title}, {deal.name}, {rules}: {what}",
        keywords=(title, deal.name, f"deal code {deal.code}", *deal_setup.chosen),
        true_size=bool(deal_setup.pieces),  # the pieces to cut out
    )
    sheet = Sheet(model, setup, book_styles(), words)

    def story(share: float, together: int) -> list[Flowable]:
        front = setup_page(sheet, spoiler_free=spoiler_free)
        front += _pieces(sheet, deal_setup.pieces, deal_setup.cut_out)
        front.append(PageBreak() if spoiler_free else _FlowOn(setup.frame_height))
        return front + walkthrough(sheet, spoiler_free=spoiler_free, share=share, together=together)

    return _build_fitted(path, setup, story)


class _FlowOn(Flowable):
    """Where the setup pages end and the walkthrough begins: a page break, unless the setup
    ran past the first page and left at least :data:`FLOW_ON` of the last one free (a deal
    order alone on its page), where the walkthrough follows on that page."""

    def __init__(self, frame_height: float) -> None:
        super().__init__()
        self.frame_height = frame_height
        self.broken_on: int | None = None

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        template = getattr(self, "_doctemplate", None)  # set by the document as it lays out
        page: int | None = getattr(template, "page", None)
        frame = getattr(template, "frame", None)
        follow_on = page is not None and page > 1 and availHeight >= FLOW_ON * self.frame_height
        if not follow_on and frame is not None and self.broken_on != page:
            self.broken_on = page  # asked again on the same page: one break only
            frame.add_generated_content(FrameBreak)
        return 0.0, 0.0

    def drawOn(self, canvas: Canvas, x: float, y: float, _sW: float = 0) -> None:
        """Nothing, not even a move of the canvas: the PDF is as with a plain page break."""


class _End(Flowable):
    """Nothing, set last: where it lands tells how many pages there are and how much of the
    last one is used."""

    def __init__(self, frame_height: float) -> None:
        super().__init__()
        self.frame_height = frame_height
        self.used = 1.0
        self.page = 0

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.used = 1 - availHeight / self.frame_height
        return 0.0, 0.0

    def drawOn(self, canvas: Canvas, x: float, y: float, _sW: float = 0) -> None:
        self.page = canvas.getPageNumber()  # and nothing drawn: the PDF is as without it


def _build_fitted(
    path: Path, setup: PageSetup, story: Callable[[float, int], list[Flowable]]
) -> Path:
    """Build the sheet of ``story`` (given the walkthrough diagrams' share of the width and
    how many of its last segments to keep together); where its last page is nearly empty,
    again with smaller diagrams, keeping the first build that ends a page sooner; failing
    that, with the last two segments kept together, kept if the last page is no longer
    nearly empty on as many pages (or else the first build).  Each build is laid out in
    memory; the one kept is written (the first is not laid out again to be kept)."""
    first, *smaller = DIAGRAM_SHARES

    def build(share: float, together: int) -> tuple[bytes, _End]:
        end = _End(setup.frame_height)
        out = io.BytesIO()
        lay_out(out, [*story(share, together), end], setup)
        return out.getvalue(), end

    kept, end = build(first, 1)
    if end.page >= 2 and end.used < NEARLY_EMPTY:
        kept = _fitted(kept, end.page, build, smaller)
    return write_atomically(path, bytes_writer(kept))


def _fitted(
    kept: bytes,
    pages: int,
    build: Callable[[float, int], tuple[bytes, _End]],
    smaller: Sequence[float],
) -> bytes:
    """The first build of :func:`_build_fitted` that does better than ``kept`` (``pages``
    long, its last page nearly empty), or ``kept``."""
    for share in smaller:
        pdf, end = build(share, 1)
        if end.page < pages:
            return pdf
    pdf, end = build(DIAGRAM_SHARES[0], 2)
    if end.page == pages and end.used >= NEARLY_EMPTY:
        return pdf
    return kept


__all__ = ["Bookmarked", "Sheet", "draw_sheet", "setup_page", "walkthrough"]
