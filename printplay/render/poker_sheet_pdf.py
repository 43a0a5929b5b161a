"""The Ricochet Poker deal sheet drawn from its model: a round played by bots, turn by turn.

It opens with the deal order, to stack a real deck and replay the round; spoiler-free,
page 1 shows only the deal (what the players see), and the deal order and the round follow
on pages headed "Spoilers".  Every figure, caption and line comes from the
:class:`~printplay.models.poker_model.PokerRound`
(:func:`printplay.builders.poker_sheet.build_round` plays the bots and computes the odds).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

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

from printplay.core.ink_mode import is_ink_light
from printplay.markup.typography import typographic
from printplay.models.poker_model import PokerRound, PokerTurn, TableView
from printplay.models.printable import DealOrderEntry
from printplay.render.card_shapes import CardStyle
from printplay.render.document import PageSetup, Paragraph, build_pdf
from printplay.render.fonts import MONO, register_fonts
from printplay.render.hands_diagram import HandsDiagram
from printplay.render.pdf_outline import outline_entry
from printplay.render.sheet_pdf import Bookmarked
from printplay.render.styles import Styles, TableCommand, book_styles, hex_color, suit_markup

TABLE_CARD_WIDTH = 12 * mm
"""Card width on the deal sheet when the table fits on one line."""

MIN_TABLE_CARD_WIDTH = 9 * mm
"""The smallest card the deal sheet draws: its corner index is 6.6 pt ("10") to 7.7 pt
tall, legible in print.  Rather than draw smaller cards, the seats go on more rows."""

ODDS_LABEL_WIDTH = 40 * mm
"""The odds table's first column on the deal sheet (its row names)."""

ODDS_BUY_WIDTH = 17 * mm
"""Each buy column of the odds table: the same on every turn, so the columns line up."""

ACTION_SPACE = 2 * mm
"""Space between a turn's odds table and the lines saying what happened."""

DEAL_ORDER_COLUMNS = 3
"""The deal order's cards run down this many columns."""


@dataclass(frozen=True)
class SheetStyles:
    """The deal sheet's styles: all sans, so no block mixes serif and sans."""

    book: Styles
    text: ParagraphStyle
    small: ParagraphStyle
    note: ParagraphStyle

    @classmethod
    def make(cls, book: Styles) -> SheetStyles:
        """The sheet's styles, made from the book's."""
        text = ParagraphStyle(
            "sheet-text", parent=book.table_cell, fontSize=9.2, leading=12.6, spaceAfter=4
        )
        small = ParagraphStyle(
            "sheet-small", parent=text, fontSize=8.2, leading=10.8, textColor=book.palette.muted
        )
        note = ParagraphStyle("sheet-note", parent=text, spaceAfter=0)
        return cls(book, text, small, note)


def _para(text: str, style: ParagraphStyle) -> Paragraph:
    """Plain ``text`` as a paragraph: typographic quotes, suits coloured."""
    return Paragraph(suit_markup(typographic(text)), style)


def _remake(model: PokerRound, style: ParagraphStyle) -> list[Flowable]:
    """The line giving the command that prints the sheet again (none if it has none)."""
    if not model.remake:
        return []
    command = escape(model.remake)
    return [Paragraph(f'To print this sheet again: <font face="{MONO}">{command}</font>', style)]


def table_diagram(table: TableView, width: float) -> HandsDiagram:
    """The hands at the table, one group a seat: on one row if the cards stay legible,
    else on as few rows as keep them at least ``MIN_TABLE_CARD_WIDTH`` wide."""
    groups = [seat.cards for seat in table.seats]
    captions = [seat.caption for seat in table.seats]
    styles = [CardStyle(face_down=seat.face_down) for seat in table.seats]
    highlights = [seat.winner for seat in table.seats]

    def diagram(card_width: float, columns: int) -> HandsDiagram:
        return HandsDiagram(
            groups,
            card_width,
            captions=captions,
            group_gap=0.5,
            styles=styles,
            highlights=highlights,
            caption_size=6.5,
            overlap=0.38,
            columns=columns,
        )

    seats = len(groups)
    for rows in range(1, seats + 1):
        columns = -(-seats // rows)
        if rows > 1 and -(-seats // (rows - 1)) == columns:
            continue
        # Every part of the diagram's width but the captions scales with the card width,
        # so shrinking in proportion approaches the widest fit from above.
        card_width = TABLE_CARD_WIDTH
        candidate = diagram(card_width, columns)
        for _ in range(8):
            if candidate.width <= width or card_width < MIN_TABLE_CARD_WIDTH:
                break
            card_width *= width / candidate.width * 0.999
            candidate = diagram(card_width, columns)
        if card_width >= MIN_TABLE_CARD_WIDTH and candidate.width <= width:
            return candidate
    return diagram(MIN_TABLE_CARD_WIDTH, 1)


def sheet_setup(model: PokerRound, paper: str, spoiler_free: bool) -> PageSetup:
    """The page setup of a deal sheet: paper, title, footer and metadata."""
    seed, rules, code = model.seed, model.rules, model.code
    return PageSetup(
        paper=paper,
        title=f"Ricochet Poker deal {seed} ({rules})",
        footer=f"printplay · Ricochet Poker deal {seed} · deck code {code} · {rules}",
        subject=(
            f"Ricochet Poker, deal {seed}, {rules}: a round played by the {model.bot} bot, "
            "turn by turn, with the exact odds of every buy and the deal order"
            + (", spoiler-free" if spoiler_free else "")
        ),
        keywords=(
            "Ricochet Poker",
            f"deal {seed}",
            f"deck code {code}",
            f"printplay shuffle {model.shuffle}",
            f"{model.bot} bot",
            f"players={model.players}",
            *model.chosen,
        ),
    )


def draw_poker_sheet(
    model: PokerRound, path: Path, *, paper: str = "a4", spoiler_free: bool = False
) -> Path:
    """Write the deal sheet of ``model`` to ``path``: the deal order, then the round turn by
    turn with the odds; spoiler-free, the deal alone on page 1."""
    register_fonts()
    book = book_styles()
    styles = SheetStyles.make(book)
    rules = model.rules
    setup = sheet_setup(model, paper, spoiler_free)
    width = setup.frame_width
    title = f"Ricochet Poker · deal {model.seed}"
    subtitle = f"{rules[:1].upper()}{rules[1:]} · every seat played by the {model.bot} bot"
    story: list[Flowable] = [
        outline_entry(f"Deal {model.seed}", 0),
        Paragraph(title, book.h1),
        _para(subtitle, styles.small),
        *_remake(model, styles.small),
        Spacer(1, 2 * mm),
        _para(_introduction(model, spoiler_free), styles.text),
    ]
    short = model.short_note
    if short and not spoiler_free:
        story.append(_note_box(short, styles))
    deal_lines = [_para(line, book.step) for line in model.deal_lines]
    order = _deal_order(model, styles, width)
    if spoiler_free:
        story += [
            outline_entry("The deal", 1),
            Paragraph("The deal", book.h3),
            table_diagram(model.deal, width),
            Spacer(1, 1.5 * mm),
            *deal_lines,
            Spacer(1, 3 * mm),
            _para(
                "This page shows only what the players see after the deal. The deal order "
                "(page 2, for whoever stacks the deck) and the round as the bots played it "
                "follow, both headed “Spoilers”: players, stop reading here.",
                styles.text,
            ),
            PageBreak(),
            outline_entry("Spoilers: the deal order", 0),
            Paragraph("Spoilers: the deal order", book.h1),
            _para(f"{title} · {subtitle}", styles.small),
            *order,
            PageBreak(),
            outline_entry("Spoilers: the round", 0),
            Paragraph("Spoilers: the round", book.h1),
            _para(f"{title} · {subtitle}", styles.small),
        ]
        if short:
            story.append(_note_box(short, styles))
    else:
        story += [*order, outline_entry("The deal", 1), Paragraph("The deal", book.h3)]
        story += deal_lines
    for turn in model.turns:
        heading, *block = turn_block(turn, styles, width)
        story.append(KeepTogether([Bookmarked(heading, turn.heading, 1), *block]))
    story.append(outline_entry("The end of the round", 1))
    story.append(Paragraph("The end of the round", book.h3))
    story.append(table_diagram(model.final, width))
    story.append(Spacer(1, 1.5 * mm))
    for line in model.final_lines:
        story.append(_para(line, book.step))
    return build_pdf(path, story, setup)


def turn_block(turn: PokerTurn, styles: SheetStyles, width: float) -> list[Flowable]:
    """One turn: its heading, the table before it, the odds, then what happened."""
    book = styles.book
    block: list[Flowable] = [
        Paragraph(turn.heading, book.h3),
        table_diagram(turn.table, width),
        Spacer(1, 1.5 * mm),
    ]
    if turn.odds is not None:
        block.append(odds_table(turn, styles))
    block.append(Spacer(1, ACTION_SPACE))
    for line in turn.lines:
        block.append(_para(line, book.step))
    return block


def _introduction(model: PokerRound, spoiler_free: bool) -> str:
    where = (
        "the deal order on page 2"
        if spoiler_free
        else "the deal order below (it also lists the cards no one is dealt, in case you play "
        "differently)"
    )
    return (
        "Everything is face up, so every decision can be weighed exactly. To play this round "
        f"with a real deck, stack it from {where}. Before each turn the table shows the hands "
        f"({'striped' if is_ink_light() else 'shaded and striped'} once folded or out; the "
        "winner’s framed in gold); the odds give, "
        "for each number of cards the player may buy, the chance of no longer being the "
        f"lowest hand and the cards they can expect to receive. The {model.bot} bot "
        f"{model.bot_play}."
    )


def _note_box(text: str, styles: SheetStyles) -> Table:
    """A shaded box with an accent bar, like a rulebook's ruling."""
    palette = styles.book.palette
    box = Table(
        [[_para(text, styles.note)]],
        style=TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, -1), palette.callout_fill),
                ("LINEBEFORE", (0, 0), (0, -1), 2.6, palette.accent),
                ("LEFTPADDING", (0, 0), (-1, -1), 9),
                ("RIGHTPADDING", (0, 0), (-1, -1), 9),
                ("TOPPADDING", (0, 0), (-1, -1), 5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
            ]
        ),
        hAlign="LEFT",
        spaceBefore=2,
        spaceAfter=6,
    )
    return box


def _deal_order(model: PokerRound, styles: SheetStyles, width: float) -> list[Flowable]:
    """The deal order: every card of the deck, in dealing order, and where it goes."""
    book = styles.book
    used = model.used
    cards = len(model.deal_order)
    help_text = (
        "To replay this round with a real deck, put the cards face up on a pile in this "
        "order, card 1 first, so that card 1 is at the bottom. Turn the whole pile face down: "
        "card 1 is now on top. Deal from the top: one card to each seat in turn"
        + (", twice," if model.deals_twice else "")
        + f" from seat 1, then each bought card as the round asks for it. The round uses "
        f"cards 1 to {used}; cards {used + 1} to {cards} (grey) are never dealt, but stack "
        "them too if you mean to play the deal your own way."
    )
    code_line = (
        f"Deck code {model.code}: deal number {model.seed} of the printplay shuffle "
        f"({model.shuffle}), {cards} cards. The same number deals the same cards on any "
        "machine."
    )
    return [
        outline_entry("Deal order", 1),
        KeepTogether(
            [
                Paragraph("Deal order", book.h3),
                _para(help_text, styles.small),
                Spacer(1, 1.5 * mm),
                _deal_order_table(model.deal_order, styles, width),
                Spacer(1, 1 * mm),
                _para(code_line, styles.small),
            ]
        ),
    ]


def _deal_order_table(order: Sequence[DealOrderEntry], styles: SheetStyles, width: float) -> Table:
    book = styles.book
    muted = hex_color(book.palette.muted)
    rows = -(-len(order) // DEAL_ORDER_COLUMNS)
    cells: list[list[Flowable]] = [[] for _ in range(rows)]
    for column in range(DEAL_ORDER_COLUMNS):
        for row in range(rows):
            i = column * rows + row
            if i >= len(order):
                cells[row] += [Paragraph("", book.cell) for _ in range(3)]
                continue
            entry = order[i]
            label = suit_markup(entry.card.label)
            if not entry.place:
                label = f'<font color="{muted}">{entry.card.label}</font>'
            cells[row] += [
                Paragraph(str(entry.number), book.cell_right),
                Paragraph(label, book.cell_bold if entry.place else book.cell),
                Paragraph(entry.place, book.cell),
            ]
    third = width / DEAL_ORDER_COLUMNS
    bold, size = str(book.cell_bold.fontName), float(book.cell_bold.fontSize)
    widest = max(stringWidth(entry.card.label, bold, size) for entry in order)
    card_column = max(third * 0.16, widest + 5)  # "Joker" must not wrap
    number_column = third * 0.12
    table = Table(
        cells,
        colWidths=[number_column, card_column, third - number_column - card_column]
        * DEAL_ORDER_COLUMNS,
        hAlign="LEFT",
    )
    commands: list[TableCommand] = [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 0.6),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0.6),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
    ]
    for column in range(1, DEAL_ORDER_COLUMNS):
        commands.append(("LINEBEFORE", (3 * column, 0), (3 * column, -1), 0.4, book.palette.rule))
    table.setStyle(TableStyle(commands))
    return table


def odds_table(turn: PokerTurn, styles: SheetStyles) -> Table:
    """The odds of every buy, in columns of one width on every turn, so they line up; for
    the odds bot, its estimate too, with the buy it chose in bold."""
    book = styles.book
    buys = turn.odds or ()
    chosen = turn.bought

    def cell(text: str, k: int | None = None) -> Paragraph:
        style = book.cell_bold if k is not None and k == chosen else book.cell
        return Paragraph(suit_markup(text), style)

    rows = [
        [cell("Buy"), *(cell(str(b.k), b.k) for b in buys)],
        [cell("Escapes last place"), *(cell(b.escape, b.k) for b in buys)],
        [cell("Expected cards"), *(cell(b.expected_cards, b.k) for b in buys)],
    ]
    if turn.valued:
        rows.append([cell("Worth to the bot (chips)"), *(cell(b.worth or "", b.k) for b in buys)])
    table = Table(rows, colWidths=[ODDS_LABEL_WIDTH] + [ODDS_BUY_WIDTH] * len(buys), hAlign="LEFT")
    commands: list[TableCommand] = [
        ("BACKGROUND", (0, 0), (-1, 0), book.palette.header_fill),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, book.palette.rule),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    ]
    if chosen is not None:
        column = chosen
        commands.append(("BOX", (column, 0), (column, -1), 0.8, book.palette.accent))
    table.setStyle(TableStyle(commands))
    return table


__all__ = [
    "ACTION_SPACE",
    "DEAL_ORDER_COLUMNS",
    "MIN_TABLE_CARD_WIDTH",
    "ODDS_BUY_WIDTH",
    "ODDS_LABEL_WIDTH",
    "TABLE_CARD_WIDTH",
    "SheetStyles",
    "draw_poker_sheet",
    "odds_table",
    "sheet_setup",
    "table_diagram",
    "turn_block",
]
