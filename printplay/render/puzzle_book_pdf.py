"""Puzzle books as PDF: cover, how to use and the quick reference, contents, one puzzle a
page, the solutions at the back.

The book is laid out twice: a first pass in memory finds the page of every puzzle and
solution (marks that note their page as they are drawn), the second writes the file with
those pages in the contents and on the puzzle pages; the pages found must not move.  A
puzzle page shows the deal (the diagram with every card, the stock in order, the deal order
in compact form), its level and the command that remakes it, and never any move of its
solution.  Levels are printed as words and pips (●●○○), never as colour alone.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Generic, TypeVar
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Spacer,
    Table,
    TableStyle,
)

from printplay import __version__
from printplay.core.errors import OutputError
from printplay.core.layout import BoardView
from printplay.core.outfile import bytes_writer
from printplay.models.book_model import BookPages, Puzzle, PuzzleBook, TurningPoint
from printplay.models.printable import DealOrderEntry
from printplay.render.board import BoardDiagram
from printplay.render.card_shapes import CARD_RATIO
from printplay.render.card_sizes import DEFAULT_CARD
from printplay.render.document import PageSetup, Paragraph, lay_out, page_offset, write_atomically
from printplay.render.markdown_pdf import markdown_to_flowables, outline_entry
from printplay.render.quickref_pdf import QuickCard, quick_card
from printplay.render.sheet_pdf import card_rows, order_cells
from printplay.render.styles import Styles, TableCommand, TableRow, book_styles, suit_markup
from printplay.render.words_markup import Words

RULE = HexColor("#BBBBBB")
"""The thin rules of tables."""

ORDER_COLUMNS = 6
"""Columns of a puzzle page's compact deal order."""

NBSP = "\u00a0"
"""A space no line breaks at: a move's words stay together."""

SOLUTION_DIAGRAMS = 2
"""Turning-point diagrams side by side in a solution."""


M = TypeVar("M")
"""A book's model (a puzzle book, a problem book)."""


class PageMark(Flowable):
    """A flowable of no size that notes the page it lands on under ``key``, as the footer
    numbers it (a book inside a kit prints the kit's page numbers)."""

    def __init__(self, key: str, pages: dict[str, int]) -> None:
        super().__init__()
        self.key = key
        self.pages = pages
        self.width = self.height = 0
        self.offset = page_offset()

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """No size."""
        return 0, 0

    def draw(self) -> None:
        """Note the page."""
        self.pages[self.key] = self.canv.getPageNumber() + self.offset


class Sketch(Flowable):
    """A drawing's stand-in in the first pass: its size, nothing drawn (the diagrams are
    most of a book's drawing time, and the first pass only finds where things land)."""

    def __init__(self, real: Flowable) -> None:
        super().__init__()
        self.real = real
        self.hAlign = getattr(real, "hAlign", "LEFT")

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """The size of the drawing it stands for."""
        width, height = self.real.wrap(available_width, available_height)
        self.width, self.height = width, height
        return width, height

    def draw(self) -> None:
        """Nothing."""


class QuickCards(Flowable):
    """A quick-reference card's two sides side by side, at the size of a playing card."""

    GAP = 8 * mm

    def __init__(self, card: QuickCard) -> None:
        super().__init__()
        self.card = card
        self.width = 2 * card.size.width + self.GAP
        self.height = card.size.height
        self.hAlign = "CENTER"

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """Two cards and the gap between them."""
        return self.width, self.height

    def draw(self) -> None:
        """Front on the left, back on the right."""
        self.card.draw(self.canv, "front", 0, 0)
        self.card.draw(self.canv, "back", self.card.size.width + self.GAP, 0)


class TwoPassBook(Generic[M]):
    """What every part of a book laid out in passes (:func:`lay_out_settled`) shares: the
    model, page, styles, words and the pages found by the first pass (``None`` in the
    first pass itself)."""

    def __init__(
        self,
        model: M,
        setup: PageSetup,
        words: Words,
        found: dict[str, int] | None,
        drawings: dict[str, Flowable] | None = None,
    ) -> None:
        self.model = model
        self.setup = setup
        self.styles: Styles = book_styles()
        self.words = words
        self.found = found
        self.marks: dict[str, int] = {}
        self.drawings = drawings if drawings is not None else {}
        """Drawings made once and drawn in both passes, by name."""

    @property
    def first_pass(self) -> bool:
        """Whether this is the pass that only finds the pages."""
        return self.found is None

    def page(self, key: str) -> str:
        """The page ``key`` landed on, or a placeholder as wide (first pass)."""
        if self.found is None:
            return "000"
        return str(self.found[key])

    def mark(self, key: str) -> Flowable:
        """A mark noting the page of ``key``."""
        return PageMark(key, self.marks)

    def drawing(self, flowable: Flowable) -> Flowable:
        """``flowable`` (a diagram), or in the first pass its :class:`Sketch`."""
        return Sketch(flowable) if self.found is None else flowable

    def made(self, name: str, make: Callable[[], Flowable]) -> Flowable:
        """The drawing ``name``, made on first use and kept for the second pass (or its
        :class:`Sketch` in the first pass)."""
        if name not in self.drawings:
            self.drawings[name] = make()
        return self.drawing(self.drawings[name])

    def kept(self, name: str, make: Callable[[], Flowable]) -> Flowable:
        """The flowable ``name``, one whose words hold no page number: made on first use and
        given again in the next pass, its lines broken once (a paragraph keeps the lines of
        each width it was given; a pass lays it out as the one before did, but where a page
        moved, at the same widths)."""
        key = f"kept {name}"
        if key not in self.drawings:
            self.drawings[key] = make()
        return self.drawings[key]

    def para(self, macro: str, style: str = "body", **kwargs: object) -> Paragraph:
        """A paragraph of ``macro``'s words in ``style`` (``"lead"``: a heading that opens
        a block kept together, its space above given by a spacer before the block, since a
        kept block measures itself without its first space)."""
        if style == "lead":
            found = ParagraphStyle("lead-h2", parent=self.styles.h2, spaceBefore=0)
        else:
            found = getattr(self.styles, style)
        return Paragraph(self.words(macro, **kwargs), found)


class Book(TwoPassBook[PuzzleBook]):
    """What every part of a puzzle book shares."""


def _cover(book: Book) -> list[Flowable]:
    model, styles = book.model, book.styles
    count = len(model.puzzles)
    story: list[Flowable] = [
        outline_entry(book.words("book_title", game=model.title), 0),
        Spacer(1, 30 * mm),
        book.para("book_title", "title", game=model.title),
        book.para("book_subtitle", "subtitle", count=count, difficulty=model.difficulty),
        book.para("cover_rules", "body", rules=model.rules),
        Spacer(1, 8 * mm),
        book.para("cover_levels_heading", "h2"),
    ]
    rows = []
    for level in ("easy", "medium", "hard", "expert"):
        numbers = [p.number for p in model.puzzles if p.grade.level == level]
        if not numbers:
            continue
        rows.append(
            [
                Paragraph(f"<b>{book.words('pips', level=level)}</b>", styles.cell),
                Paragraph(book.words("level_name", level=level), styles.cell_bold),
                Paragraph(book.words("plural", count=len(numbers), one="puzzle"), styles.cell),
                Paragraph(_numbers(numbers), styles.cell),
            ]
        )
    width = book.setup.frame_width
    table = Table(rows, colWidths=[22 * mm, 24 * mm, 26 * mm, width - 72 * mm], hAlign="LEFT")
    table.setStyle(table_style(header=False))
    story += [table, Spacer(1, 14 * mm)]
    story.append(
        book.para("cover_made", "small", command=escape(model.command), version=__version__)
    )
    return story


def _numbers(numbers: Sequence[int]) -> str:
    """``1–3, 5``: puzzle numbers with runs joined."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)


def table_style(*, header: bool) -> TableStyle:
    """The books' table style: thin rules under the rows, a darker one under a header."""
    commands: list[TableCommand] = [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("LINEBELOW", (0, 0), (-1, -1), 0.3, RULE),
    ]
    if header:
        commands.append(("LINEBELOW", (0, 0), (-1, 0), 0.8, HexColor("#555555")))
    return TableStyle(commands)


def _how_to(book: Book) -> list[Flowable]:
    model = book.model
    hidden = any(p.setup.face_down for p in model.puzzles)
    story: list[Flowable] = [
        PageBreak(),
        outline_entry(book.words("how_heading"), 1),
        book.para("how_heading", "h1"),
        book.para("how_setup", hidden=hidden, shuffled=model.shuffles),
        book.para(
            "how_goal",
            command=escape(model.rules_command),
            rules=model.rules if model.chosen else None,
            quick=model.quick is not None,
        ),
        book.para("how_solutions", first=book.page("solutions")),
        book.para("levels_heading", "h2"),
        book.para("levels_text", playouts=model.playouts),
    ]
    for level in ("easy", "medium", "hard", "expert"):
        story.append(book.para("level_line", level=level, thresholds=model.thresholds))
    if model.quick is not None:
        text = model.quick
        cards = book.made("quick", lambda: QuickCards(quick_card(text, DEFAULT_CARD)))
        story += quick_reference(book.para, model.title, cards)
    return story


def quick_reference(para: Callable[..., Flowable], title: str, cards: Flowable) -> list[Flowable]:
    """A book's quick reference of its game: a heading, a line and the cards, kept
    together; ``para`` makes a paragraph of the book's words."""
    return [
        Spacer(1, 4 * mm),
        KeepTogether(
            [
                para("quick_heading", "lead", game=title),
                para("quick_text", "small"),
                Spacer(1, 2 * mm),
                cards,
            ]
        ),
    ]


def _contents(book: Book) -> list[Flowable]:
    styles = book.styles
    heads = book.words.columns("contents_columns")
    rows: list[TableRow] = [[Paragraph(head, styles.table_header) for head in heads]]
    for puzzle in book.model.puzzles:
        level = puzzle.grade.level
        rows.append(
            [
                Paragraph(str(puzzle.number), styles.cell),
                Paragraph(puzzle.setup.deal.name, styles.cell),
                Paragraph(
                    f"{book.words('level_name', level=level)} "
                    f"<font size='7'>{book.words('pips', level=level)}</font>",
                    styles.cell,
                ),
                Paragraph(book.page(f"puzzle-{puzzle.number}"), styles.cell),
                Paragraph(book.page(f"solution-{puzzle.number}"), styles.cell),
            ]
        )
    width = book.setup.frame_width * 0.8
    fractions = (0.14, 0.26, 0.3, 0.14, 0.16)
    table = Table(rows, colWidths=[width * f for f in fractions], repeatRows=1, hAlign="LEFT")
    table.setStyle(table_style(header=True))
    heading = book.para("contents_heading", "h1")
    return contents_block(book.words("contents_heading"), heading, table)


CONTENTS_GAP = 10 * mm
"""Space above a list of contents that follows on the how-to page."""


def contents_block(title: str, heading: Flowable, table: Flowable) -> list[Flowable]:
    """A book's list of contents: on the page the how-to material ends on where it fits
    there whole (else from the top of the next), so a short how-to, or a quick reference
    pushed onto a page of its own, does not leave a page nearly empty."""
    return [
        Spacer(1, CONTENTS_GAP),
        KeepTogether([outline_entry(title, 1), heading, table]),
    ]


def _order_place(entry: DealOrderEntry) -> str:
    """Where a card of the deal order goes, in a word: the diagram's tag, else the start
    of the place's words (``waste``)."""
    return entry.tag or entry.place.split(",")[0]


def _deal_order(book: Book, puzzle: Puzzle) -> list[Flowable]:
    """The deal order in compact form: number, card and tag, in columns; the stock is
    named by its range, as it is drawn above in order."""
    setup, styles = puzzle.setup, book.styles
    entries = list(setup.deal_order)
    if setup.stock_from is not None:
        entries = entries[: setup.stock_from - 1]
    cells = order_cells(entries, ORDER_COLUMNS, styles, lambda e: escape(_order_place(e)))
    column_width = book.setup.frame_width / ORDER_COLUMNS
    bold, size = str(styles.cell_bold.fontName), float(styles.cell_bold.fontSize)
    widest = max(stringWidth(e.card.label, bold, size) for e in setup.deal_order) + 8
    number = column_width * 0.2
    widths = [number, widest, column_width - number - widest] * ORDER_COLUMNS
    table = Table(cells, colWidths=widths, hAlign="LEFT")
    commands: list[TableCommand] = [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 0.4),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0.4),
        ("LEFTPADDING", (0, 0), (-1, -1), 1.5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 1.5),
    ]
    for column in range(ORDER_COLUMNS - 1):
        commands.append(("LINEAFTER", (3 * column + 2, 0), (3 * column + 2, -1), 0.4, RULE))
    table.setStyle(TableStyle(commands))
    help_text = book.words(
        "order_help",
        stock_from=setup.stock_from,
        stock_count=len(setup.stock),
        top_face_up=setup.stock_top_face_up,
    )
    return [
        book.para("order_heading", "h3"),
        Paragraph(help_text, styles.small),
        Spacer(1, 1 * mm),
        table,
    ]


def _diagram_height(book: Book, layout_width: float, layout_height: float) -> float:
    """How tall a puzzle's diagram may be: 90 mm for a wide layout, more for one about as
    deep as it is wide (Ricochet's room), leaving room for the stock and the deal order."""
    if _wide(layout_width, layout_height):
        return 90 * mm
    return book.setup.frame_height * 0.45


SOLUTION_HEIGHT = 70 * mm
"""How tall a turning point's diagram may be, a wide layout's (TriPeaks' peaks, Pyramid)."""

DEEP_SOLUTION_HEIGHT = 87 * mm
"""How tall a turning point's diagram of a layout about as deep as it is wide may be
(Ricochet's room): enough to draw it as wide as its column, its cards about 18 pt wide,
which is what the pile labels and the cards' indices need to stay clear of each other."""


def _solution_height(layout_width: float, layout_height: float) -> float:
    """How tall a turning point's diagram may be (:data:`SOLUTION_HEIGHT`,
    :data:`DEEP_SOLUTION_HEIGHT`)."""
    return SOLUTION_HEIGHT if _wide(layout_width, layout_height) else DEEP_SOLUTION_HEIGHT


def _wide(layout_width: float, layout_height: float) -> bool:
    """Whether a layout is clearly wider than deep (TriPeaks' peaks, Pyramid)."""
    return layout_height * CARD_RATIO < 0.9 * layout_width


def _puzzle_page(book: Book, puzzle: Puzzle) -> list[Flowable]:
    """A puzzle's page.  The first pass sets its heading alone: a puzzle takes one page
    whatever is on it (the second pass checks that no page moved)."""
    setup, styles = puzzle.setup, book.styles
    level = puzzle.grade.level
    layout = setup.start.layout
    width = book.setup.frame_width
    story: list[Flowable] = [
        PageBreak(),
        outline_entry(book.words("puzzle_outline", number=puzzle.number, level=level), 2),
        book.mark(f"puzzle-{puzzle.number}"),
        book.para("puzzle_title", "h1", number=puzzle.number, level=level),
    ]
    if book.first_pass:
        return story
    story += [
        book.para(
            "puzzle_details",
            "small",
            game=setup.title,
            deal=setup.deal.name,
            code=setup.deal.code,
            rules=setup.rules,
        ),
        *_note(book, puzzle),
        Spacer(1, 2 * mm),
        book.drawing(
            BoardDiagram(
                setup.start.board(),
                width,
                max_height=_diagram_height(book, layout.width, layout.height),
                show_hidden=True,
                tags=True,
            )
        ),
        book.para("board_caption", "caption", hidden=setup.face_down),
    ]
    if setup.stock:
        story.append(book.para("stock_heading", "h3", count=len(setup.stock)))
        story += [book.drawing(row) for row in card_rows(setup.stock, width)]
    story += _deal_order(book, puzzle)
    story.append(Spacer(1, 3 * mm))
    story.append(
        Paragraph(
            book.words(
                "puzzle_foot",
                command=escape(setup.remake),
                page=book.page(f"solution-{puzzle.number}"),
            ),
            styles.small,
        )
    )
    return story


SEPARATOR = NBSP + "· "
"""Between two moves of a solution: a line breaks after the dot, never before it."""


def _moves_text(book: Book, puzzle: Puzzle, first: int = 1, last: int | None = None) -> str:
    """The line's moves ``first`` to ``last`` (numbered from 1; default: to the end) as
    numbered moves, the real decisions' numbers in bold."""
    measures = puzzle.grade.measures
    decisions = set(measures.decision_moves) if measures is not None else set()
    parts = []
    for number, move in enumerate(puzzle.moves, start=1):
        if number < first or (last is not None and number > last):
            continue
        label = (
            f"<b>{number}</b>" if number in decisions else f"<font color='#5a5a5a'>{number}</font>"
        )
        parts.append(label + NBSP + suit_markup(move.replace(" ", NBSP)))
    return SEPARATOR.join(parts)


def _moves(book: Book, puzzle: Puzzle) -> list[Flowable]:
    """The line's moves; after a move that shuffles a new stock (a shuffled redeal), the
    stock it lays down, in order, as a sheet prints it, then the moves go on."""
    story: list[Flowable] = []
    first = 1
    width = book.setup.frame_width
    for number, stock in sorted(puzzle.new_stocks.items()):
        story.append(_moves_para(book, puzzle, first, number))
        story.append(Spacer(1, 1 * mm))
        story.append(book.para("new_stock", "small", number=number, count=len(stock)))
        story += [book.drawing(row) for row in card_rows(stock, width)]
        first = number + 1
    if first <= len(puzzle.moves):
        story.append(_moves_para(book, puzzle, first))
    return story


def _moves_para(book: Book, puzzle: Puzzle, first: int, last: int | None = None) -> Flowable:
    """The paragraph of :func:`_moves_text` (made once for every pass)."""
    return book.kept(
        f"moves-{puzzle.number}-{first}-{last}",
        lambda: Paragraph(_moves_text(book, puzzle, first, last), book.styles.step),
    )


def _badged(point: TurningPoint) -> BoardView:
    """The board before a turning point, the card the line takes marked with the move's
    number (on its slot, or on a pile whose top it is)."""
    step = point.step
    number = str(step.number)
    view = step.before.board({slot: number for slot in step.move.slots})
    if step.move.turns_stock or step.move.slots:
        return view
    in_layout = {slot.card for slot in view.slots if slot.card is not None}
    piles = tuple(
        replace(pile, badge=number)
        if pile.cards and pile.cards[-1] in step.move.cards and pile.cards[-1] not in in_layout
        else pile
        for pile in view.piles
    )
    return replace(view, piles=piles)


def _turning_points(book: Book, puzzle: Puzzle) -> list[Flowable]:
    points = puzzle.turning_points
    if not points:
        return []
    width = book.setup.frame_width
    gap = 5 * mm
    across = SOLUTION_DIAGRAMS
    each = (width - gap * (across - 1)) / across
    layout = puzzle.setup.start.layout
    height = _solution_height(layout.width, layout.height)
    cells: list[object] = []
    for point in points:

        def caption(point: TurningPoint = point) -> Flowable:
            words = book.words(
                "turning_caption",
                number=point.step.number,
                move=suit_markup(puzzle.moves[point.step.number - 1]),
                choices=point.choices,
                keeping=point.keeping,
            )
            return Paragraph(words, book.styles.caption)

        def diagram(point: TurningPoint = point) -> Flowable:
            return BoardDiagram(
                _badged(point), each, max_height=height, show_hidden=True, crop=True
            )

        name = f"turn-{puzzle.number}-{point.step.number}"
        cells.append([book.made(name, diagram), book.kept(name, caption)])
    cells += [""] * (-len(cells) % across)
    rows = [cells[i : i + across] for i in range(0, len(cells), across)]
    table = Table(rows, colWidths=[each + gap] * (across - 1) + [each])
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), gap),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return [table]


def _solution(book: Book, puzzle: Puzzle) -> list[Flowable]:
    measures = puzzle.grade.measures
    level = puzzle.grade.level
    head: list[Flowable] = [
        outline_entry(book.words("puzzle_outline", number=puzzle.number, level=level), 2),
        book.mark(f"solution-{puzzle.number}"),
        book.kept(
            f"solution-title-{puzzle.number}",
            lambda: book.para(
                "solution_title",
                "lead",
                number=puzzle.number,
                deal=puzzle.setup.deal.name,
                level=level,
            ),
        ),
        book.para(
            "solution_summary",
            "small",
            moves=len(puzzle.moves),
            decisions=measures.decisions if measures is not None else 0,
            random_won=measures.random_won if measures is not None else 0,
            playouts=measures.playouts if measures is not None else 0,
            greedy=measures.greedy_won if measures is not None else False,
            page=book.page(f"puzzle-{puzzle.number}"),
        ),
        *_moves(book, puzzle),
    ]
    return [KeepTogether(head + _turning_points(book, puzzle)), Spacer(1, 5 * mm)]


def _solutions(book: Book) -> list[Flowable]:
    count = len(book.model.puzzles)
    story: list[Flowable] = [
        PageBreak(),
        outline_entry(book.words("solutions_heading"), 1),
        Spacer(1, 60 * mm),
        book.para("solutions_heading", "title"),
        book.para("solutions_warning", "subtitle", count=count),
        PageBreak(),
        book.mark("solutions"),
        book.para("solutions_heading", "h1"),
        book.para(
            "solutions_key", "small", kinds=book.model.move_kinds, shuffled=book.model.shuffles
        ),
        Spacer(1, 2 * mm),
    ]
    for puzzle in book.model.puzzles:
        story += _solution(book, puzzle)
    return story


def _note(book: Book, puzzle: Puzzle) -> list[Flowable]:
    """The line the game prints under a puzzle's heading (its declaration's book extras:
    a golf hole's par), if any."""
    if not puzzle.note:
        return []
    return [Paragraph(f"<b>{escape(puzzle.note)}</b>", book.styles.body)]


def _extra_pages(book: Book) -> list[Flowable]:
    """The pages the game adds after the puzzles (its declaration's book extras: a golf
    course's scorecard), each a heading and its Markdown."""
    story: list[Flowable] = []
    for page in book.model.pages:
        story += [
            PageBreak(),
            outline_entry(page.title, 1),
            Paragraph(escape(page.title), book.styles.h1),
            *markdown_to_flowables(
                page.markdown,
                width=book.setup.frame_width,
                height=book.setup.frame_height,
                outline=False,
                source=f"{book.model.title}'s book extras",
            ),
        ]
    return story


def _story(book: Book) -> list[Flowable]:
    story = _cover(book) + _how_to(book) + _contents(book)
    story += [PageBreak(), outline_entry(book.words("puzzles_outline"), 1)]
    for number, puzzle in enumerate(book.model.puzzles):
        part = _puzzle_page(book, puzzle)
        story += part[1:] if number == 0 else part  # the outline entry's page break
    return story + _extra_pages(book) + _solutions(book)


def page_setup(model: PuzzleBook, paper: str, words: Words) -> PageSetup:
    """The book's paper, footer and metadata."""
    title = words("book_title", game=model.title)
    return PageSetup(
        paper=paper,
        title=f"{title} ({model.rules})",
        footer=words("footer", game=model.title, difficulty=model.difficulty, rules=model.rules),
        subject=f"{title}: {len(model.puzzles)} deals, {model.difficulty}, {model.rules}",
        keywords=(model.title, "puzzles", model.difficulty, *model.chosen),
    )


def draw_book(
    model: PuzzleBook,
    path: Path,
    *,
    words: Words,
    paper: str = "a4",
    finish: Finish | None = None,
    sketched: Mapping[str, int] | None = None,
) -> BookPages:
    """Write the book ``model`` to ``path``; where its puzzles and solutions landed.

    ``words`` are the macros of ``book.j2`` (or of a house edition of it); ``finish`` turns
    the laid-out PDF into the one written (an imposition), its page numbers the laid-out
    ones; ``sketched`` the first pass of the same book found already
    (:attr:`~printplay.models.book_model.BookPages.sketched`, see :func:`lay_out_settled`).
    """
    setup = page_setup(model, paper, words)
    drawings: dict[str, Flowable] = {}

    def one_pass(found: dict[str, int] | None) -> tuple[list[Flowable], dict[str, int]]:
        book = Book(model, setup, words, found, drawings)
        return _story(book), book.marks

    marks, pages, first = lay_out_settled(path, setup, one_pass, finish, sketched)
    numbers = [p.number for p in model.puzzles]
    return BookPages(
        puzzle_pages=tuple(marks[f"puzzle-{n}"] for n in numbers),
        solution_pages=tuple(marks[f"solution-{n}"] for n in numbers),
        pages=pages,
        sketched=tuple(first.items()),
    )


PASSES = 4
"""The most layouts of a book :func:`lay_out_settled` makes before giving up."""


Finish = Callable[[bytes], bytes]
"""What turns a laid-out book's PDF into the PDF written (an imposition)."""


def lay_out_settled(
    path: Path,
    setup: PageSetup,
    one_pass: Callable[[dict[str, int] | None], tuple[list[Flowable], dict[str, int]]],
    finish: Finish | None = None,
    sketched: Mapping[str, int] | None = None,
) -> tuple[dict[str, int], int, dict[str, int]]:
    """Lay a book out until its pages hold still and write the last pass to ``path``
    (through ``finish``, if given); the marks, the pages laid out, and the marks the first
    pass found, numbered from page 1.

    ``one_pass(found)`` gives a story and the marks its :class:`PageMark` flowables fill
    as they are drawn (``{key: page}``); the first pass is given ``None`` and only finds
    the pages, the next are given the pages the pass before found (for contents and
    cross-references).  Most books hold still at the second pass; a page number of
    another width can move a line, and so a page, and then a third pass settles it.
    Pages still moving after :data:`PASSES` passes are an :class:`OutputError` and
    nothing is written.

    ``sketched`` is what the first pass of the same book found, numbered from page 1 (as
    returned by an earlier printing of it): the first pass is then not made again.  It
    prints placeholders where page numbers go, so it finds the same places however the
    book is numbered (a book inside a kit, :func:`~printplay.render.document.numbered_from`
    its page there), only the numbers moved."""
    offset = page_offset()
    if sketched is None:
        story, found = one_pass(None)
        lay_out(io.BytesIO(), story, setup)
    else:
        found = {key: page + offset for key, page in sketched.items()}
    first = {key: page - offset for key, page in found.items()}
    pdf = io.BytesIO()
    for _ in range(PASSES - 1):
        story, printed = one_pass(dict(found))
        pdf = io.BytesIO()
        lay_out(pdf, story, setup)
        if printed == found:  # the pages printed are the pages found
            break
        found = printed
    else:
        raise OutputError(f"the pages of {path.name} kept moving from one layout to the next")
    from pypdf import PdfReader

    data = pdf.getvalue()
    pages = len(PdfReader(io.BytesIO(data)).pages)
    write_atomically(path, bytes_writer(data if finish is None else finish(data)))
    return printed, pages, first


def page_count(path: Path) -> int:
    """The number of pages of the PDF at ``path``."""
    from pypdf import PdfReader

    return len(PdfReader(path).pages)


__all__ = [
    "Book",
    "Finish",
    "PageMark",
    "QuickCards",
    "Sketch",
    "TwoPassBook",
    "contents_block",
    "draw_book",
    "lay_out_settled",
    "page_count",
    "page_setup",
    "quick_reference",
    "table_style",
]
