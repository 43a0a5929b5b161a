"""Ricochet Poker printables: the rulebook, the casino table card and the deal sheet.

Every table comes from the engines (hand rankings checked by the evaluator, exact odds, the
kickout and bonus tables, the basic strategy); the house edge comes from the stored result
of ``printplay poker edge`` (``printplay/data/house-edge*.json``), with its command.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import Any

from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, KeepTogether, Paragraph, Spacer, Table, TableStyle

from printplay import __version__
from printplay import options as opts
from printplay.cards import Card
from printplay.games.poker import casino
from printplay.games.poker.bots import play_round_states
from printplay.games.poker.dealing import read_cards
from printplay.games.poker.game import RicochetPoker
from printplay.games.poker.hands import describe
from printplay.games.poker.odds import chance, state_odds
from printplay.games.poker.standard import (
    Player,
    StandardOptions,
    StandardState,
    describe_event,
    new_round,
    round_deck,
)
from printplay.games.poker.strategy import strategy_table
from printplay.render.cards import CardStyle
from printplay.render.document import MARGIN, PageSetup, build_pdf, paper_size, write_atomically
from printplay.render.fonts import SANS, register_fonts
from printplay.render.hands import HandsDiagram
from printplay.render.rulebook import build_rulebook
from printplay.render.styles import Styles, book_styles, suit_markup

EDGE_FILES = {False: "house-edge.json", True: "house-edge-home-cap.json"}


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


def build_poker_rulebook(game: RicochetPoker, path: Path, *, paper: str = "a4") -> Path:
    """Write the Ricochet Poker rulebook (standard and casino games) to ``path``."""
    summary = opts.summary(game.options)
    setup = PageSetup(
        paper=paper,
        title="Ricochet Poker rules",
        footer=f"printplay · Ricochet Poker rules · {summary}",
    )
    header, rows = strategy_table(home_cap=game.options.home_cap)
    edge_rows, command, rounds = house_edge_rows(game.options.home_cap)
    other_rows, other_command, _ = house_edge_rows(not game.options.home_cap)
    other_values = [row[1].split("%")[0] + "%" for row in other_rows]
    context = {
        "options": game.options,
        "rules_summary": summary,
        "strategy_header": header,
        "strategy_rows": rows,
        "edge_rows": edge_rows,
        "edge_command": command,
        "edge_rounds": f"{rounds:,}",
        "edge_other": f"{min(other_values, key=_percent)} to {max(other_values, key=_percent)}",
        "edge_other_command": other_command,
        **game.rulebook_context(),
    }
    return build_rulebook(
        path,
        template="ricochet-poker.md",
        context=context,
        setup=setup,
        diagrams={"hands": _hands_diagram},
    )


# -- The casino table card -------------------------------------------------------------------


def _card_story(styles: Styles, home_cap: bool, width: float) -> list[Flowable]:
    kickout = [["Players", "The dealer folds with"]] + [
        [str(rule.players), rule.text] for rule in casino.KICKOUT_RULES.values()
    ]
    pays = [["Bonus", "Pays"]] + [
        [name[0].upper() + name[1:], str(min(bonus, casino.HOME_CAP) if home_cap else bonus)]
        for name, bonus in casino.BONUSES.items()
    ]
    order = [
        "Everyone antes 1, the dealer too.",
        "Players get 2 cards face up; the dealer 5.",
        "Kickout: the dealer folds if her hand reaches the table's threshold.",
        "Lowest two-card hand first: fold, or pay 1 for exactly 3 more cards.",
        "A five-card hand beaten by another five-card hand is out.",
        "The last hand standing takes the pot; identical hands split it.",
        "Straight or better: the house pays the bonus, win or lose (not if you fold).",
    ]
    if home_cap:
        order.append(
            f"Home game: every bonus is capped at {casino.HOME_CAP}, and the players take "
            "turns as the dealer."
        )
    cell = ParagraphStyle("card-cell", parent=styles.cell, fontSize=10, leading=12.5)
    heading = ParagraphStyle(
        "card-h", parent=styles.h3, fontSize=13, leading=16, spaceBefore=2, spaceAfter=4
    )

    def grid(data: list[list[str]], widths: list[float]) -> Table:
        table = Table(
            [[Paragraph(suit_markup(c), cell) for c in row] for row in data], colWidths=widths
        )
        table.setStyle(
            TableStyle(
                [
                    ("LINEBELOW", (0, 0), (-1, 0), 0.8, styles.palette.rule),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("BACKGROUND", (0, 0), (-1, 0), styles.palette.header_fill),
                    ("ROWBACKGROUNDS", (0, 1), (-1, -1), [None, styles.palette.zebra_fill]),
                    ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
                ]
            )
        )
        return table

    steps = [
        Paragraph(
            f"<b>{i}.</b> {text}",
            ParagraphStyle(
                "card-step", parent=cell, spaceAfter=3, leftIndent=12, firstLineIndent=-12
            ),
        )
        for i, text in enumerate(order, start=1)
    ]
    # The kickout and bonus tables are as wide as their longest cell (and their heading),
    # so no cell wraps; the order of play takes the rest of the width.
    gutter = 6 * mm
    kickout_heading, pays_heading = "Kickout", "Bonus paytable (antes)"
    kickout_widths = [_column_width(column, cell) for column in zip(*kickout, strict=True)]
    pays_widths = [_column_width(column, cell) for column in zip(*pays, strict=True)]
    kickout_width = max(sum(kickout_widths), _text_width(kickout_heading, heading))
    kickout_widths[-1] = kickout_width - sum(kickout_widths[:-1])
    pays_width = max(sum(pays_widths), _text_width(pays_heading, heading))
    pays_widths[0] = pays_width - sum(pays_widths[1:])
    order_width = width - kickout_width - pays_width - 2 * gutter
    if order_width < width * 0.3:  # a narrow page: let the kickout rules wrap instead
        squeeze = width * 0.3 - order_width
        kickout_width -= squeeze
        kickout_widths[-1] -= squeeze
        order_width += squeeze
    columns = [
        [Paragraph("Order of play", heading), *steps],
        [Paragraph(kickout_heading, heading), grid(kickout, kickout_widths)],
        [Paragraph(pays_heading, heading), grid(pays, pays_widths)],
    ]
    body = Table([columns], colWidths=[order_width + gutter, kickout_width + gutter, pays_width])
    body.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), gutter),
                ("RIGHTPADDING", (-1, 0), (-1, -1), 0),
            ]
        )
    )
    title = "Ricochet Poker · Casino" + (" · home game" if home_cap else "")
    return [Paragraph(title, styles.h1), body]


CELL_PADDING = 6.0
"""reportlab's default left and right padding of a table cell, in points."""


def _text_width(text: str, style: ParagraphStyle) -> float:
    """The width of ``text`` set on one line in ``style``, with a point to spare."""
    return stringWidth(text, style.fontName, style.fontSize) + 1.0


def _column_width(texts: Sequence[str], style: ParagraphStyle) -> float:
    """The width a table column needs to show each of ``texts`` on one line."""
    return max(_text_width(text, style) for text in texts) + 2 * CELL_PADDING


def build_table_card(path: Path, *, paper: str = "a4", home_cap: bool = False) -> Path:
    """A tent card: a landscape page folded across the middle, the same face on both sides."""
    register_fonts()
    width, height = landscape(paper_size(paper))
    styles = book_styles()
    inner = width - 2 * MARGIN
    half_height = height / 2

    def produce(name: str) -> None:
        canvas = Canvas(name, pagesize=(width, height), invariant=1)
        canvas.setTitle("Ricochet Poker casino table card")
        canvas.setAuthor("printplay")
        canvas.setCreator(f"printplay {__version__}")
        for upside_down in (False, True):
            canvas.saveState()
            if upside_down:
                canvas.translate(width, height)
                canvas.rotate(180)
            frame = Frame(
                MARGIN,
                MARGIN * 0.6,
                inner,
                half_height - MARGIN * 1.2,
                showBoundary=0,
                leftPadding=0,
                rightPadding=0,
                topPadding=0,
                bottomPadding=0,
            )
            story = _card_story(styles, home_cap, inner)
            frame.addFromList(story, canvas)
            if story:
                raise AssertionError("the table card does not fit on half a page")
            canvas.restoreState()
        canvas.saveState()
        canvas.setDash(3, 3)
        canvas.setStrokeGray(0.6)
        canvas.setLineWidth(0.5)
        canvas.line(MARGIN / 2, half_height, width - MARGIN / 2, half_height)
        canvas.setFont(SANS, 6)
        canvas.setFillGray(0.5)
        canvas.drawString(MARGIN / 2, half_height + 1.5, "fold here")
        canvas.restoreState()
        canvas.showPage()
        canvas.save()

    return write_atomically(path, produce)


# -- The deal sheet: a round played by bots ---------------------------------------------------


@dataclass(frozen=True)
class Turn:
    """One decision of a bot-played round: the states around it and the odds before it."""

    before: StandardState
    after: StandardState
    odds: Any


def bot_round(options: StandardOptions, deck: list[Card], bot_name: str = "odds") -> list[Turn]:
    """Play a round with one bot in every seat, with the odds of each decision."""
    states = play_round_states(options, deck, bot_name)
    return [
        Turn(before, after, state_odds(before) if before.max_buy else None)
        for before, after in pairwise(states)
    ]


TABLE_CARD_WIDTH = 12 * mm
"""Card width on the deal sheet when the table fits on one line."""

MIN_TABLE_CARD_WIDTH = 9 * mm
"""The smallest card the deal sheet draws: its corner index is 6.6 pt ("10") to 7.7 pt
tall, legible in print.  Rather than draw smaller cards, the seats go on more rows."""


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


def build_poker_sheet(
    options: StandardOptions, seed: int, path: Path, *, paper: str = "a4", bot_name: str = "odds"
) -> Path:
    """A deal sheet: deal ``seed`` played out by bots, turn by turn, with the odds."""
    register_fonts()
    setup = PageSetup(
        paper=paper,
        title=f"Ricochet Poker deal {seed}",
        footer=f"printplay · Ricochet Poker deal {seed} · {options.summary()}",
    )
    styles = book_styles()
    deck = round_deck(options, seed=seed)
    turns = bot_round(options, deck, bot_name)
    first = turns[0].before if turns else new_round(options, deck)
    story: list[Flowable] = [
        Paragraph(f"Ricochet Poker · deal {seed}", styles.h1),
        Paragraph(
            f"{options.players} players · {options.summary()} · every seat played by "
            f"the {bot_name} bot · deal number {seed} (printplay shuffle pp1)",
            styles.small,
        ),
        Spacer(1, 2 * mm),
        Paragraph(
            "Everything is face up, so every decision can be weighed exactly. Before each "
            "turn the table shows the hands (shaded and striped once folded or out; the "
            "winner's framed in gold); the odds give, for each "
            "number of cards the player may buy, the chance of no longer being the lowest "
            "hand and the cards they can expect to receive.",
            styles.body,
        ),
        Spacer(1, 2 * mm),
    ]
    for event in first.events:
        story.append(Paragraph(suit_markup(describe_event(event)), styles.step))
    width = setup.frame_width
    for number, turn in enumerate(turns, start=1):
        block: list[Flowable] = [
            Paragraph(
                f"Turn {number}: seat {turn.before.to_act} to act, pot {turn.before.pot}", styles.h3
            ),
            _table_diagram(turn.before, width),
            Spacer(1, 1.5 * mm),
        ]
        if turn.odds is not None:
            block.append(_odds_table(turn.odds, styles, width))
        for event in turn.after.events_since(turn.before):
            block.append(Paragraph(suit_markup(describe_event(event)), styles.step))
        story.append(KeepTogether(block))
    final = turns[-1].after if turns else first
    story.append(Paragraph("The end of the round", styles.h3))
    story.append(_table_diagram(final, width))
    story.append(Spacer(1, 1.5 * mm))
    for line in final.describe():
        story.append(Paragraph(suit_markup(line), styles.step))
    return build_pdf(path, story, setup)


def _odds_table(odds: Any, styles: Styles, width: float) -> Table:
    header = ["Buy", *(str(b.k) for b in odds.buys)]
    escape = ["Escapes last place", *(chance(b.escape) for b in odds.buys)]
    cards = ["Expected cards", *(f"{float(b.expected_cards):.2f}" for b in odds.buys)]
    data = [[Paragraph(c, styles.cell) for c in row] for row in (header, escape, cards)]
    first = width * 0.28
    rest = (width * 0.7 - first) / max(1, len(odds.buys))
    table = Table(data, colWidths=[first] + [rest] * len(odds.buys), hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, 0), styles.palette.header_fill),
                ("LINEBELOW", (0, 0), (-1, 0), 0.6, styles.palette.rule),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    return table


__all__ = [
    "build_poker_rulebook",
    "build_poker_sheet",
    "build_table_card",
    "house_edge_rows",
]
