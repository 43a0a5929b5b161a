"""Ricochet Poker printables: the rulebook, the casino table card and the deal sheet.

Every table comes from the engines (hand rankings checked by the evaluator, exact odds, the
kickout and bonus tables, the basic strategy); the house edge comes from the stored result
of ``printplay poker edge`` (``printplay/data/house-edge*.json``), with its command.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    Flowable,
    Frame,
    KeepTogether,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from printplay import __version__
from printplay import options as opts
from printplay.cards import Card, format_labels
from printplay.deal import SHUFFLE_NAME, check_seed, fingerprint
from printplay.errors import DealError
from printplay.games.poker import casino
from printplay.games.poker.bots import OddsBot, make_bot, play_round_states
from printplay.games.poker.dealing import read_cards
from printplay.games.poker.game import PokerBookOptions, RicochetPoker
from printplay.games.poker.hands import describe
from printplay.games.poker.odds import chance, state_odds
from printplay.games.poker.standard import (
    Buy,
    BuyEvent,
    DealEvent,
    Fold,
    FoldEvent,
    Player,
    StandardOptions,
    StandardState,
    actions_of,
    describe_event,
    new_round,
    round_deck,
    standard_options,
)
from printplay.games.poker.strategy_play import strategy_table
from printplay.printables.model import PrintRequest, Rulebook
from printplay.render.cards import CardStyle
from printplay.render.document import (
    PageSetup,
    build_pdf,
    check_writable,
    paper_size,
    write_atomically,
)
from printplay.render.fonts import SANS, SANS_BOLD, SANS_BOLD_ITALIC, SANS_ITALIC, register_fonts
from printplay.render.hands import HandsDiagram
from printplay.render.markdown_pdf import DiagramFactory, markdown_to_flowables, outline_entry
from printplay.render.rulebook import render_rulebook_source
from printplay.render.styles import Styles, book_palette, book_styles, hex_color, suit_markup

EDGE_FILES = {False: "house-edge.json", True: "house-edge-home-cap.json"}

_PALETTE = book_palette()
_ACCENT, _INK, _MUTED, _RULE = _PALETTE.accent, _PALETTE.ink, _PALETTE.muted, _PALETTE.rule
_HEADER_FILL = _PALETTE.header_fill

_PROTECTED = re.compile(r"(`[^`\n]*`|<[^>\n]*>|^[ \t]*\[\[.*?\]\][ \t]*$)", re.MULTILINE)
_OPENING = re.compile(r"(^|(?<=[\s(\[{—–-]))([\"'])")


def typographic(text: str) -> str:
    r"""Straight quotes made typographic: ``'`` as ’ (apostrophe, closing) or ‘ (opening),
    ``"`` as “ or ”; code spans, markup tags and ``[[marker]]`` lines are left alone.

    Every poker printable passes its text through this, so no page mixes the two kinds.

    >>> print(typographic("seat 3's hand, the 'dealer' said \"fold\", `-O 'x'`"))
    seat 3’s hand, the ‘dealer’ said “fold”, `-O 'x'`
    """
    parts = _PROTECTED.split(text)
    for i in range(0, len(parts), 2):
        part = _OPENING.sub(lambda m: m.group(1) + ("‘" if m.group(2) == "'" else "“"), parts[i])
        parts[i] = part.replace("'", "’").replace('"', "”")
    return "".join(parts)


def house_edge_rows(home_cap: bool) -> tuple[list[list[str]], str, int]:
    """The stored house-edge measurement: table rows, the command that made it, rounds."""
    data = json.loads((resources.files("printplay") / "data" / EDGE_FILES[home_cap]).read_text())
    rows = []
    for result in data["results"]:
        ante, stake = result["edge_ante"], result["edge_stake"]
        rows.append(
            [
                str(result["players"]),
                f"{100 * ante['value']:.2f}% ({100 * ante['low']:.2f} to {100 * ante['high']:.2f})",
                f"{100 * stake['value']:.2f}% ({100 * stake['low']:.2f} to "
                f"{100 * stake['high']:.2f})",
            ]
        )
    return rows, str(data["command"]), int(data["results"][0]["rounds"])


def _percent(text: str) -> float:
    return float(text.rstrip("%"))


def _hands_diagram(hands: str) -> Flowable:
    groups = [read_cards(part, what="a diagram hand") for part in hands.split("|")]
    captions = [describe(group) for group in groups]
    return HandsDiagram(groups, 13 * mm, captions=captions, group_gap=0.6)


def poker_rulebook_context(game: RicochetPoker) -> dict[str, Any]:
    """The context of the Ricochet Poker rulebook source: the engine's facts, the basic
    strategy and the stored house edge."""
    rules = opts.describe(game.options)
    header, rows = strategy_table(home_cap=game.options.home_cap)
    edge_rows, command, rounds = house_edge_rows(game.options.home_cap)
    other_rows, other_command, _ = house_edge_rows(not game.options.home_cap)
    other_values = [row[1].split("%")[0] + "%" for row in other_rows]
    return {
        "options": game.options,
        "rules_summary": rules,
        "strategy_header": header,
        "strategy_rows": rows,
        "edge_rows": edge_rows,
        "edge_command": command,
        "edge_rounds": f"{rounds:,}",
        "edge_other": f"{min(other_values, key=_percent)} to {max(other_values, key=_percent)}",
        "edge_other_command": other_command,
        **game.rulebook_context(),
    }


def _diagrams(game: RicochetPoker) -> dict[str, DiagramFactory]:
    """The diagrams the rulebook source names: hands, and the basic-strategy chart."""
    return {"hands": _hands_diagram, "strategy": _strategy_chart(game.options.home_cap)}


def build_poker_rulebook(
    game: RicochetPoker, path: Path, *, paper: str = "a4", rules_dir: Path | None = None
) -> Path:
    """Write the Ricochet Poker rulebook (standard and casino games) to ``path``; a house
    edition of its source in ``rules_dir`` is read first.

    The rendered Markdown gets typographic quotes, and its commands (code spans) never
    break across lines.
    """
    register_fonts()
    rules = opts.describe(game.options)
    setup = PageSetup(
        paper=paper,
        title=f"Ricochet Poker rules ({rules})",
        footer=f"printplay · Ricochet Poker rules · {rules}",
        subject=(
            f"The rules of Ricochet Poker, standard and casino games ({rules}): hands, odds, "
            "basic strategy, house edge, variants and rulings"
        ),
        keywords=("Ricochet Poker", "rulebook", *opts.chosen(game.options)),
    )
    path = check_writable(Path(path))
    search = [rules_dir] if rules_dir is not None else []
    source = render_rulebook_source(
        "ricochet-poker.md", poker_rulebook_context(game), search_path=search
    )
    flowables = markdown_to_flowables(
        print_ready(source),
        width=setup.frame_width,
        diagrams=_diagrams(game),
    )
    return build_pdf(path, flowables, setup)


_CODE_SPAN = re.compile(r"`[^`\n]+`")


def print_ready(markdown: str) -> str:
    """A rendered rulebook source made ready to print: typographic quotes, and no line
    break inside a command (the spaces of code spans made non-breaking)."""
    text = typographic(markdown)
    return _CODE_SPAN.sub(lambda m: m.group().replace(" ", "\u00a0"), text)


# -- The basic-strategy chart ------------------------------------------------------------------

DECISION_FILLS: dict[str, str] = {"B": "#DDEFD9", "F": "#E3A39B"}
"""Cell fills by decision: buy light green, fold a darker rose (apart in grey too: about 92%
and 72% white); a cell that depends on the suits is split corner to corner between the two."""

DECISION_WORDS: dict[str, str] = {
    "B": "buy",
    "F": "fold",
    "s": "buy only if your two cards are suited",
    "o": "buy only if your two cards are offsuit",
}
"""The chart's legend, by cell letter."""


class StrategyChart(Flowable):
    """The casino basic strategy on one page: a legend, then the rows (your two cards) in two
    panels side by side, the columns (the dealer's hand) in each; every cell shaded by its
    decision and lettered, so it reads in colour, in grey and in black and white.

    ``header`` and ``rows`` are :func:`~printplay.games.poker.strategy_play.strategy_table`'s.
    """

    ROW_HEIGHT = 12.2
    FONT_SIZE = 7.3
    PANEL_GAP = 12.0
    HAND_WIDTH = 23.0
    HEADER_SIZE = 6.6

    def __init__(self, header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        super().__init__()
        self.header = list(header)
        self.rows = [list(row) for row in rows]
        self.panels = self._panels()
        self.used = [code for code in DECISION_WORDS if any(code in r[1:] for r in self.rows)]
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

    def _panels(self) -> list[list[list[str]]]:
        """The rows in two panels, split between two groups (pairs, A-, K-, … hands) as
        near the middle as possible."""
        starts = [
            i
            for i, row in enumerate(self.rows)
            if i == 0 or _group(row) != _group(self.rows[i - 1])
        ]
        half = len(self.rows) / 2
        cut = (
            min(starts[1:], key=lambda i: (abs(i - half), i)) if len(starts) > 1 else len(self.rows)
        )
        return [self.rows[:cut], self.rows[cut:]]

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """As wide as the frame; as tall as its rows."""
        self.width = available_width
        return self.width, self.height

    @property
    def column_width(self) -> float:
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
            for index, row in enumerate(panel):
                y -= self.ROW_HEIGHT
                self._draw_row(left, y, row)
                if index and _group(row) != _group(panel[index - 1]):  # a new group of rows
                    canvas.setStrokeColor(_ACCENT)
                    canvas.setLineWidth(0.6)
                    canvas.line(left, y + self.ROW_HEIGHT, left + panel_width, y + self.ROW_HEIGHT)
            canvas.setStrokeColor(_ACCENT)
            canvas.setLineWidth(0.8)
            bottom = y
            canvas.line(left, bottom, left + panel_width, bottom)
            # the pairs apart from the rest, and the dealer's pairs apart from her high cards
            pair_col = next(i for i, label in enumerate(self.header) if label[:1] * 2 == label[:2])
            x = left + self.HAND_WIDTH + (pair_col - 1) * self.column_width
            canvas.setLineWidth(0.9)
            canvas.line(x, bottom, x, top - self.legend_height - self.group_height)

    def _draw_legend(self, y: float) -> None:
        canvas = self.canv
        x = 0.0
        size = self.FONT_SIZE + 0.9
        canvas.setFont(SANS_BOLD, size)
        canvas.setFillColor(_INK)
        canvas.drawString(x, y, "Key:")
        x += stringWidth("Key:", SANS_BOLD, size) + 6
        for code in self.used:
            self._draw_cell(x, y - 3.2, 13.0, self.ROW_HEIGHT, code)
            x += 13.0 + 4
            text = DECISION_WORDS[code]
            canvas.setFont(SANS, size)
            canvas.setFillColor(_INK)
            canvas.drawString(x, y, text)
            x += stringWidth(text, SANS, size) + 12

    def _draw_groups(self, left: float, y: float) -> None:
        canvas = self.canv
        pair_col = next(i for i, label in enumerate(self.header) if label[:1] * 2 == label[:2])
        width = self.column_width
        spans = [
            ("her highest card, no pair", 1, pair_col),
            ("her pair", pair_col, len(self.header)),
        ]
        canvas.setFont(SANS_ITALIC, self.FONT_SIZE - 0.6)
        canvas.setFillColor(_MUTED)
        canvas.drawString(left, y, "you")
        for text, first, end in spans:
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
        canvas.drawString(left + 2, base, "hand")
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


def _group(row: Sequence[str]) -> str:
    """A chart row's group: ``"pairs"``, or the high card of an unpaired hand."""
    name = row[0]
    return "pairs" if name[0] == name[1] else name[0]


def _label_lines(label: str, width: float, size: float) -> list[str]:
    """A column label on one line, or split in two (``KK≤J`` as ``KK`` over ``≤J``)."""
    if stringWidth(label, SANS_BOLD, size) <= width or len(label) < 3:
        return [label]
    return [label[:2], label[2:]]


def _strategy_chart(home_cap: bool) -> DiagramFactory:
    def factory() -> Flowable:
        header, rows = strategy_table(home_cap=home_cap)
        return StrategyChart(header, rows)

    return factory


def rulebook_source(
    game_name: str,
    option_texts: Sequence[str] = (),
    *,
    paper: str = "a4",
    rules_dir: Path | None = None,
) -> Rulebook:
    """The registry's rulebook model: ``ricochet-poker.md`` with its context (the options
    are the rulebook's: limit, jokers, home-cap); its charts are drawn by the maker."""
    game = RicochetPoker(opts.parse_options(PokerBookOptions, option_texts))
    return Rulebook(
        game="ricochet-poker",
        title="Ricochet Poker",
        template="ricochet-poker.md",
        context=poker_rulebook_context(game),
        search_path=(rules_dir,) if rules_dir is not None else (),
        rules=opts.describe(game.options),
        chosen=tuple(opts.chosen(game.options)),
    )


# -- The casino table card -------------------------------------------------------------------

CARD_SIZES = tuple(16.0 - 0.25 * step for step in range(17))
"""Body sizes the table card tries, largest first: 16 pt down to 12 pt.  The largest that
fits is used; on A4 and Letter, with or without the home cap, that is at least 14 pt."""

CARD_EDGE = 8 * mm
"""The table card's margin at the page edges (home printers print to about 5 mm)."""

CARD_FOLD = 6 * mm
"""The room left on each side of the fold line."""


def card_steps() -> list[str]:
    """The casino game's order of play, in the few words a table card has room for."""
    return [
        "Everyone antes 1, the dealer too.",
        "Players get 2 cards face up, the dealer 5.",
        "The dealer folds on a kickout hand.",
        "Lowest two-card hand first, each once: fold, or pay 1 for 3 more cards.",
        "A five-card hand beaten by another is out.",
        "Last hand in wins the pot; ties split it.",
        "Won with 2 cards? You still get 3 more, for the bonus.",
        "Straight or better: the house pays a bonus, win or lose, unless you folded.",
    ]


@dataclass(frozen=True)
class CardLayout:
    """The table card's face at one body size: its flowables and the size they need."""

    size: float
    story: list[Flowable]
    height: float


def _card_face(home_cap: bool, width: float, size: float) -> CardLayout:
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

    rules = list(casino.KICKOUT_RULES.values())
    kickout_widths = [
        fit(["Players", *(str(r.players) for r in rules)], bold),
        fit(["Dealer folds with", *(r.brief for r in rules)], bold),
    ]
    kickout = grid(
        [[Paragraph("Players", bold), Paragraph("Dealer folds with", bold)]]
        + [[Paragraph(str(r.players), right), Paragraph(r.brief, cell)] for r in rules],
        kickout_widths,
    )
    bonuses = [
        (name[:1].upper() + name[1:], str(min(b, casino.HOME_CAP) if home_cap else b))
        for name, b in casino.BONUSES.items()
    ]
    pays_widths = [
        fit(["Hand", *(name for name, _ in bonuses)], bold),
        fit(["Pays", *(amount for _, amount in bonuses)], bold),
    ]
    pays = grid(
        [[Paragraph("Hand", bold), Paragraph("Pays", bold)]]
        + [[Paragraph(name, cell), Paragraph(amount, right)] for name, amount in bonuses],
        pays_widths,
    )
    gutter = size * 1.1
    kickout_width = max(sum(kickout_widths), _text_width("Kickout", heading))
    pays_heading = "Bonus (antes)"
    pays_width = max(sum(pays_widths), _text_width(pays_heading, heading))
    order_width = width - kickout_width - pays_width - 2 * gutter
    steps = [
        Paragraph(f"<b>{i}.</b> {typographic(text)}", step)
        for i, text in enumerate(card_steps(), start=1)
    ]
    pays_column: list[Flowable] = [Paragraph(pays_heading, heading), pays]
    if home_cap:
        pays_column.append(
            Paragraph(f"Home game: bonuses capped at {casino.HOME_CAP}; take turns dealing.", note)
        )
    name = "Ricochet Poker · Casino"
    columns = [
        [Paragraph(name, title), *steps],
        [
            Paragraph("Kickout", heading),
            kickout,
            Paragraph("…or any better hand.", note),
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


def table_card_layout(paper: str, home_cap: bool) -> CardLayout:
    """The largest body size (:data:`CARD_SIZES`) at which a face fits half the page."""
    register_fonts()
    width, height = landscape(paper_size(paper))
    inner_width = width - 2 * CARD_EDGE
    inner_height = height / 2 - CARD_EDGE - CARD_FOLD
    for size in CARD_SIZES:
        layout = _card_face(home_cap, inner_width, size)
        if layout.height <= inner_height:
            return layout
    raise AssertionError("the table card does not fit on half a page")


def _text_width(text: str, style: ParagraphStyle) -> float:
    """The width of ``text`` set on one line in ``style``, with a point to spare."""
    return stringWidth(text, style.fontName, style.fontSize) + 1.0


def build_table_card(path: Path, *, paper: str = "a4", home_cap: bool = False) -> Path:
    """A tent card: a landscape page folded across the middle, the same face on both sides,
    set as large as half the page allows (at least 14 pt), to read across a table."""
    register_fonts()
    width, height = landscape(paper_size(paper))
    half_height = height / 2
    size = table_card_layout(paper, home_cap).size
    game = "home game, bonuses capped at 10" if home_cap else "casino rules"

    def produce(name: str) -> None:
        canvas = Canvas(name, pagesize=(width, height), invariant=1)
        canvas.setTitle(f"Ricochet Poker casino table card ({game})")
        canvas.setSubject(
            f"Ricochet Poker, the casino game ({game}): order of play, kickout and bonus "
            "paytable, on a tent card folded across the middle"
        )
        canvas.setKeywords(
            ", ".join(
                ["Ricochet Poker", "casino", "table card", *(["home-cap"] if home_cap else [])]
            )
        )
        canvas.setAuthor("printplay")
        canvas.setCreator(f"printplay {__version__}")
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
            story = _card_face(home_cap, width - 2 * CARD_EDGE, size).story
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


# -- The deal sheet: a round played by bots ---------------------------------------------------


@dataclass(frozen=True)
class Turn:
    """One decision of a bot-played round: the states around it, the odds before it and,
    for the odds bot, its estimate of each buy (chips; folding is worth 0)."""

    before: StandardState
    after: StandardState
    odds: Any
    values: dict[int, Fraction] | None = None

    @property
    def action(self) -> Buy | Fold:
        """What the player did."""
        return actions_of(self.after)[-1]


def bot_round(options: StandardOptions, deck: list[Card], bot_name: str = "odds") -> list[Turn]:
    """Play a round with one bot in every seat, with the odds of each decision."""
    bot = make_bot(bot_name)
    states = play_round_states(options, deck, bot)
    turns = []
    for before, after in pairwise(states):
        odds = state_odds(before) if before.max_buy else None
        values = bot.values(before, odds) if isinstance(bot, OddsBot) and odds else None
        turns.append(Turn(before, after, odds, values))
    return turns


TABLE_CARD_WIDTH = 12 * mm
"""Card width on the deal sheet when the table fits on one line."""

MIN_TABLE_CARD_WIDTH = 9 * mm
"""The smallest card the deal sheet draws: its corner index is 6.6 pt ("10") to 7.7 pt
tall, legible in print.  Rather than draw smaller cards, the seats go on more rows."""

ODDS_LABEL_WIDTH = 40 * mm
"""The odds table's first column on the deal sheet (its row names)."""

ODDS_BUY_WIDTH = 17 * mm
"""Each buy column of the odds table: the same on every turn, so the columns line up."""


def _table_diagram(state: StandardState, width: float) -> HandsDiagram:
    """The hands at the table, one group a seat: on one row if the cards stay legible,
    else on as few rows as keep them at least ``MIN_TABLE_CARD_WIDTH`` wide."""
    groups = [p.cards for p in state.players]
    captions = [_seat_caption(p, state.to_act) for p in state.players]
    styles = [CardStyle(face_down=p.status in ("folded", "out")) for p in state.players]
    highlights = [p.status == "won" for p in state.players]

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


def _seat_caption(player: Player, to_act: int | None) -> str:
    caption = f"seat {player.seat} · {player.status}"
    if player.status == "won":
        caption = f"★ {caption} {player.won} chips"
    if player.seat == to_act:
        caption += " · to act"
    return caption


def rules_words(options: StandardOptions) -> str:
    """The players and the variants in words: ``"eight players, seven-card limit, two
    jokers"``, ``"four players, standard rules"``."""
    specs = [s for s in opts.option_specs(StandardOptions) if s.field != "players"]
    phrases = [
        spec.phrase(getattr(options, spec.field))
        for spec in specs
        if getattr(options, spec.field) != spec.default
    ]
    return f"{opts.number_words(options.players)} players, " + (
        ", ".join(phrases) or "standard rules"
    )


@dataclass(frozen=True)
class SheetStyles:
    """The deal sheet's styles: all sans, so no block mixes serif and sans."""

    book: Styles
    text: ParagraphStyle
    small: ParagraphStyle
    note: ParagraphStyle

    @classmethod
    def make(cls, book: Styles) -> SheetStyles:
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


def _chips(value: Fraction | float) -> str:
    """Signed chips with a true minus sign: ``+0.84``, ``−1.14``."""
    return f"{float(value):+.2f}".replace("-", "−")


def build_poker_sheet(
    options: StandardOptions,
    seed: int,
    path: Path,
    *,
    paper: str = "a4",
    bot_name: str = "odds",
    spoiler_free: bool = False,
) -> Path:
    """A deal sheet: deal ``seed`` played out by bots, turn by turn, with the odds.

    It opens with the deal order, to stack a real deck and replay the round; spoiler-free,
    page 1 shows only the deal (what the players see), and the deal order and the round
    follow on pages headed "Spoilers".
    """
    register_fonts()
    book = book_styles()
    styles = SheetStyles.make(book)
    deck = round_deck(options, seed=seed)
    turns = bot_round(options, deck, bot_name)
    first = turns[0].before if turns else new_round(options, deck)
    final = turns[-1].after if turns else first
    code = fingerprint(deck)
    rules = rules_words(options)
    setup = PageSetup(
        paper=paper,
        title=f"Ricochet Poker deal {seed} ({rules})",
        footer=f"printplay · Ricochet Poker deal {seed} · {rules} · deck code {code}",
        subject=(
            f"Ricochet Poker, deal {seed}, {rules}: a round played by the {bot_name} bot, "
            "turn by turn, with the exact odds of every buy and the deal order"
            + (", spoiler-free" if spoiler_free else "")
        ),
        keywords=(
            "Ricochet Poker",
            f"deal {seed}",
            f"deck code {code}",
            f"printplay shuffle {SHUFFLE_NAME}",
            f"{bot_name} bot",
            f"players={options.players}",
            *(c for c in opts.chosen(options) if not c.startswith("players=")),
        ),
    )
    width = setup.frame_width
    title = f"Ricochet Poker · deal {seed}"
    subtitle = f"{rules[:1].upper()}{rules[1:]} · every seat played by the {bot_name} bot"
    story: list[Flowable] = [
        outline_entry(f"Deal {seed}", 0),
        Paragraph(title, book.h1),
        _para(subtitle, styles.small),
        Spacer(1, 2 * mm),
        _para(_introduction(bot_name, spoiler_free), styles.text),
    ]
    short = _short_round_note(turns, final)
    if short and not spoiler_free:
        story.append(_note_box(short, styles))
    deal_lines = [_para(describe_event(event), book.step) for event in first.events]
    order = _deal_order(deck, final, seed, code, styles, width)
    if spoiler_free:
        story += [
            outline_entry("The deal", 1),
            Paragraph("The deal", book.h3),
            _table_diagram(first, width),
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
    for number, turn in enumerate(turns, start=1):
        heading = f"Turn {number}: seat {turn.before.to_act} to act, pot {turn.before.pot}"
        story.append(outline_entry(heading, 1))
        story.append(KeepTogether(turn_block(heading, turn, styles, width)))
    story.append(outline_entry("The end of the round", 1))
    story.append(Paragraph("The end of the round", book.h3))
    story.append(_table_diagram(final, width))
    story.append(Spacer(1, 1.5 * mm))
    for line in final.describe():
        story.append(_para(line, book.step))
    return build_pdf(path, story, setup)


ACTION_SPACE = 2 * mm
"""Space between a turn's odds table and the lines saying what happened."""


def turn_block(heading: str, turn: Turn, styles: SheetStyles, width: float) -> list[Flowable]:
    """One turn: its heading, the table before it, the odds, then what happened."""
    book = styles.book
    block: list[Flowable] = [
        Paragraph(heading, book.h3),
        _table_diagram(turn.before, width),
        Spacer(1, 1.5 * mm),
    ]
    if turn.odds is not None:
        block.append(odds_table(turn, styles))
    block.append(Spacer(1, ACTION_SPACE))
    for event in turn.after.events_since(turn.before):
        block.append(_para(describe_event(event), book.step))
    return block


def _introduction(bot_name: str, spoiler_free: bool) -> str:
    how = (
        "buys the number of cards its estimate values most, and folds when no buy is worth "
        "more than folding (0 chips)"
        if bot_name == "odds"
        else "plays by its own rule"
    )
    where = (
        "the deal order on page 2"
        if spoiler_free
        else "the deal order below (it also lists the cards no one is dealt, in case you play "
        "differently)"
    )
    return (
        "Everything is face up, so every decision can be weighed exactly. To play this round "
        f"with a real deck, stack it from {where}. Before each turn the table shows the hands "
        "(shaded and striped once folded or out; the winner’s framed in gold); the odds give, "
        "for each number of cards the player may buy, the chance of no longer being the "
        f"lowest hand and the cards they can expect to receive. The {bot_name} bot {how}."
    )


def _short_round_note(turns: Sequence[Turn], final: StandardState) -> str:
    """Why the round ends at its first turn, or ``""`` when it lasts longer."""
    if len(turns) != 1:
        return ""
    turn = turns[0]
    before = turn.before
    seat = before.to_act
    assert seat is not None
    me = before.player(seat)
    others = [p for p in before.players if p.status == "in" and p.seat != seat]
    against = " and ".join(f"seat {p.seat}’s {format_labels(p.cards)}" for p in others)
    text = (
        f"This round ends at its first turn. Seat {seat} holds the lowest hand, "
        f"{format_labels(me.cards)}, against {against}, with {before.pot} chips in the pot. "
    )
    if isinstance(turn.action, Fold):
        if turn.odds is not None and turn.odds.buys:
            best = turn.odds.buys[-1]
            text += (
                f"Even buying {best.k} cards gets it out of last place only "
                f"{chance(best.escape)} of the time"
            )
            values = turn.values
            if values:
                k = max(values, key=lambda key: (values[key], -key))
                text += (
                    f", and by the bot’s estimate no buy is worth its price (the best, buy {k}, "
                    f"comes to {_chips(values[k])} chips against 0 for folding)"
                )
            text += f", so seat {seat} folds"
        else:
            text += f"Seat {seat} folds"
    else:
        text += f"Seat {seat} buys and is still the lowest hand, so it is out"
    winners = final.winners
    if len(winners) == 1:
        text += f" and seat {winners[0]} takes the pot. "
    else:
        text += " and the pot is split. "
    if before.options.players == 2:
        text += (
            "With two players this happens often: the pot holds only the two antes, so a buy "
            "rarely pays for itself. "
        )
    return text + (
        "The round is printed as dealt, because a deal number always names the same cards; "
        "for a longer round, try another deal number or more players."
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


def deal_places(deck: Sequence[Card], final: StandardState) -> list[str]:
    """Where each card of ``deck`` goes in the round that ends in ``final``: ``"seat 3 ·
    deal"``, ``"seat 4 · turn 2"``, or ``""`` for a card never dealt.

    The deal takes the top cards, one to each seat in turn (twice in the 7-card game); each
    buy then takes the next cards.  Every place is checked against the round's events.
    """
    n = final.options.players
    start = n * final.options.start_cards
    places = [f"seat {i % n + 1} · deal" for i in range(start)]
    turn = 0
    for event in final.events:
        if isinstance(event, DealEvent):
            assert all(deck[i] in event.cards for i in range(event.seat - 1, start, n))
        elif isinstance(event, BuyEvent | FoldEvent):
            turn += 1
            if isinstance(event, BuyEvent):
                for card in event.received:
                    assert deck[len(places)] == card, (len(places), card)
                    places.append(f"seat {event.seat} · turn {turn}")
    assert len(places) == final.position
    return places + [""] * (len(deck) - len(places))


def _deal_order(
    deck: Sequence[Card],
    final: StandardState,
    seed: int,
    code: str,
    styles: SheetStyles,
    width: float,
) -> list[Flowable]:
    """The deal order: every card of the deck, in dealing order, and where it goes."""
    book = styles.book
    places = deal_places(deck, final)
    used = sum(1 for place in places if place)
    cards = len(deck)
    help_text = (
        "To replay this round with a real deck, put the cards face up on a pile in this "
        "order, card 1 first, so that card 1 is at the bottom. Turn the whole pile face down: "
        "card 1 is now on top. Deal from the top: one card to each seat in turn"
        + (", twice," if final.options.start_cards == 2 else "")
        + f" from seat 1, then each bought card as the round asks for it. The round uses "
        f"cards 1 to {used}; cards {used + 1} to {cards} (grey) are never dealt, but stack "
        "them too if you mean to play the deal your own way."
    )
    code_line = (
        f"Deck code {code}: deal number {seed} of the printplay shuffle "
        f"({SHUFFLE_NAME}), {cards} cards. The same number deals the same cards on any machine."
    )
    return [
        outline_entry("Deal order", 1),
        KeepTogether(
            [
                Paragraph("Deal order", book.h3),
                _para(help_text, styles.small),
                Spacer(1, 1.5 * mm),
                _deal_order_table(deck, places, styles, width),
                Spacer(1, 1 * mm),
                _para(code_line, styles.small),
            ]
        ),
    ]


DEAL_ORDER_COLUMNS = 3
"""The deal order's cards run down this many columns."""


def _deal_order_table(
    deck: Sequence[Card], places: Sequence[str], styles: SheetStyles, width: float
) -> Table:
    book = styles.book
    muted = hex_color(book.palette.muted)
    rows = -(-len(deck) // DEAL_ORDER_COLUMNS)
    cells: list[list[Any]] = [[] for _ in range(rows)]
    for column in range(DEAL_ORDER_COLUMNS):
        for row in range(rows):
            i = column * rows + row
            if i >= len(deck):
                cells[row] += [Paragraph("", book.cell) for _ in range(3)]
                continue
            label = suit_markup(deck[i].label)
            place = places[i]
            if not place:
                label = f'<font color="{muted}">{deck[i].label}</font>'
            cells[row] += [
                Paragraph(str(i + 1), book.cell_right),
                Paragraph(label, book.cell_bold if place else book.cell),
                Paragraph(place, book.cell),
            ]
    third = width / DEAL_ORDER_COLUMNS
    bold, size = str(book.cell_bold.fontName), float(book.cell_bold.fontSize)
    widest = max(stringWidth(card.label, bold, size) for card in deck)
    card_column = max(third * 0.16, widest + 5)  # "Joker" must not wrap
    number_column = third * 0.12
    table = Table(
        cells,
        colWidths=[number_column, card_column, third - number_column - card_column]
        * DEAL_ORDER_COLUMNS,
        hAlign="LEFT",
    )
    commands: list[tuple[Any, ...]] = [
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


def odds_table(turn: Turn, styles: SheetStyles) -> Table:
    """The odds of every buy, in columns of one width on every turn, so they line up; for
    the odds bot, its estimate too, with the buy it chose in bold."""
    book = styles.book
    odds = turn.odds
    chosen = turn.action.k if isinstance(turn.action, Buy) else None

    def cell(text: str, k: int | None = None) -> Paragraph:
        style = book.cell_bold if k is not None and k == chosen else book.cell
        return Paragraph(suit_markup(text), style)

    rows = [
        [cell("Buy"), *(cell(str(b.k), b.k) for b in odds.buys)],
        [cell("Escapes last place"), *(cell(chance(b.escape), b.k) for b in odds.buys)],
        [cell("Expected cards"), *(cell(f"{float(b.expected_cards):.2f}", b.k) for b in odds.buys)],
    ]
    if turn.values is not None:
        rows.append(
            [
                cell("Worth to the bot (chips)"),
                *(cell(_chips(turn.values[b.k]), b.k) for b in odds.buys),
            ]
        )
    table = Table(
        rows, colWidths=[ODDS_LABEL_WIDTH] + [ODDS_BUY_WIDTH] * len(odds.buys), hAlign="LEFT"
    )
    commands: list[tuple[Any, ...]] = [
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


# -- Printables of the registry ----------------------------------------------------------------


def make_rulebook(request: PrintRequest) -> Path:
    """The registry's rulebook maker: the options are the rulebook's (limit, jokers, home-cap)."""
    game = RicochetPoker(opts.parse_options(PokerBookOptions, request.option_texts))
    check_writable(request.path)
    return build_poker_rulebook(
        game, request.path, paper=request.paper, rules_dir=request.rules_dir
    )


def make_sheet(request: PrintRequest) -> Path:
    """The registry's sheet maker: a numbered round played by bots, under the standard
    game's options (players, limit, jokers …)."""
    if request.deal_codes is not None:
        raise DealError(
            "a Ricochet Poker deal sheet is made from a deal number (--seed N), not --deal"
        )
    if request.seed is None:
        raise DealError("a Ricochet Poker deal sheet needs a deal number: --seed N")
    options = standard_options(request.option_texts)
    check_writable(request.path)
    return build_poker_sheet(
        options,
        check_seed(request.seed),
        request.path,
        paper=request.paper,
        spoiler_free=request.spoiler_free,
    )


def make_table_card(request: PrintRequest) -> Path:
    """The registry's table-card maker (the option ``home-cap`` caps the bonuses)."""
    options = opts.parse_options(PokerBookOptions, request.option_texts)
    check_writable(request.path)
    return build_table_card(request.path, paper=request.paper, home_cap=options.home_cap)


__all__ = [
    "build_poker_rulebook",
    "build_poker_sheet",
    "build_table_card",
    "house_edge_rows",
    "make_rulebook",
    "make_sheet",
    "make_table_card",
    "poker_rulebook_context",
    "rulebook_source",
]
