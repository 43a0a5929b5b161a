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

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from printplay import options as opts
from printplay.deal import SHUFFLE_NAME, Deal
from printplay.games import SolitaireGame
from printplay.render.board import BoardDiagram
from printplay.render.document import PageSetup, build_pdf
from printplay.render.fonts import register_fonts
from printplay.render.hands import HandsDiagram
from printplay.render.styles import Styles, book_styles, suit_markup
from printplay.solve.result import Budget, SolveResult

WALKTHROUGH_BUDGET = Budget(max_states=6_000_000)
"""How far a sheet searches for the best-scoring line before settling for any win.

A count of states, never a time: the same deal must give the same sheet on any machine.
Six million states (about 10 s here) prove the best score of nearly every deal."""

RULE = HexColor("#BBBBBB")


@dataclass(frozen=True)
class Step:
    """One move of a line, with the states around it and its number."""

    number: int
    move: Any
    before: Any
    after: Any


def choose_line(game: SolitaireGame, state: Any) -> SolveResult:
    """The line a walkthrough shows: the best-scoring one if found in time, else any win."""
    result: SolveResult = game.best_score(state, WALKTHROUGH_BUDGET)
    if result.solvable is None:
        result = game.solve(state)
    return result


def replay(game: SolitaireGame, state: Any, moves: Sequence[Any]) -> list[Step]:
    """The steps of ``moves`` from ``state``, each applied by the engine."""
    steps = []
    for number, move in enumerate(moves, start=1):
        after = state.apply(move)
        steps.append(Step(number, move, state, after))
        state = after
    return steps


def segments(game: SolitaireGame, steps: Sequence[Step]) -> list[list[Step]]:
    """Split a line at the stock turns: each segment is draws, then the plays after them."""
    groups: list[list[Step]] = [[]]
    for step in steps:
        if game.is_draw(step.move) and any(not game.is_draw(s.move) for s in groups[-1]):
            groups.append([])
        groups[-1].append(step)
    return [group for group in groups if group]


def _title(
    game: SolitaireGame, deal: Deal, styles: Styles, what: str, *, spoiler: str | None = None
) -> list[Flowable]:
    """The page heading and the line naming the deal; under a "Spoilers" heading if given."""
    origin = (
        f"deal number {deal.seed} (printplay shuffle {SHUFFLE_NAME})"
        if deal.seed is not None
        else "an explicit deal"
    )
    rules = opts.summary(game.options)
    details = f"{rules[0].upper()}{rules[1:]} · deal code <b>{deal.code}</b> · {origin}"
    if spoiler is None:
        return [
            Paragraph(f"{game.title} · {deal.name} · {what}", styles.h1),
            Paragraph(details, styles.small),
        ]
    return [
        Paragraph(f"Spoilers: {spoiler}", styles.h1),
        Paragraph(f"{game.title} · {deal.name} · {what}. {details}", styles.small),
    ]


def setup_page(
    game: SolitaireGame, deal: Deal, setup: PageSetup, styles: Styles, *, spoiler_free: bool
) -> list[Flowable]:
    """The setup sheet: the layout, the stock in order and the deal order.

    Spoiler-free, it is two pages: the player's page (the layout as a player sees it, the
    stock as a count) and, after a page break, the dealer's page with every card.
    """
    state = game.initial_state(deal)
    if not spoiler_free:
        return _title(game, deal, styles, "setup") + _dealer_story(game, deal, state, setup, styles)
    story = _title(game, deal, styles, "setup")
    story.append(Spacer(1, 3 * mm))
    story.append(
        BoardDiagram(state.board(), setup.frame_width, max_height=78 * mm, show_hidden=False)
    )
    stock = len(state.stock)
    waste = suit_markup(state.waste_top.label)
    hidden = _dealt_face_down(state)
    story.append(
        Paragraph(
            ("Dark cards are dealt face down. " if hidden else "")
            + f"The stock holds {stock} card{'s' if stock != 1 else ''}, face down; the "
            f"waste starts with {waste}.",
            styles.caption,
        )
    )
    story.append(Paragraph("Where the rest is", styles.h3))
    secret = "the stock and of the face-down cards" if hidden else "the stock"
    story.append(
        Paragraph(
            f"This page shows only what a player sees. The order of {secret} is on "
            "<b>page 2, the dealer's page</b>: whoever lays out the deal stacks the deck from "
            "it. The solution follows the dealer's page. Both are headed “Spoilers”: players, "
            "stop reading here.",
            styles.body,
        )
    )
    story.append(PageBreak())
    story += _title(
        game,
        deal,
        styles,
        "the deal order, for whoever stacks the deck",
        spoiler="the dealer's page",
    )
    story += _dealer_story(game, deal, state, setup, styles)
    return story


def _dealt_face_down(state: Any) -> bool:
    """Whether any card of the layout starts face down (not under the face-up variant)."""
    return any(not view.face_up for view in state.board().slots if view.card is not None)


def _dealer_story(
    game: SolitaireGame, deal: Deal, state: Any, setup: PageSetup, styles: Styles
) -> list[Flowable]:
    """Everything needed to lay out the deal (``state``, its start): the layout with every
    face, the stock in order and the deal order."""
    width = setup.frame_width
    story: list[Flowable] = [Spacer(1, 3 * mm)]
    story.append(BoardDiagram(state.board(), width, max_height=78 * mm, show_hidden=True))
    story.append(
        Paragraph(
            "Shaded, striped cards are dealt face down; their faces are shown so you can "
            "lay out this exact deal."
            if _dealt_face_down(state)
            else "Every card of the layout is dealt face up.",
            styles.caption,
        )
    )
    stock = list(state.stock)
    if stock:
        story.append(
            Paragraph(f"The stock, {len(stock)} cards, next card to turn first", styles.h3)
        )
        rows = -(-len(stock) // STOCK_PER_ROW)
        per_row = -(-len(stock) // rows)
        card_width = min(width / (per_row * 1.12), 10.5 * mm)
        for start in range(0, len(stock), per_row):
            chunk = stock[start : start + per_row]
            story.append(
                HandsDiagram(
                    [[card] for card in chunk],
                    card_width,
                    captions=[str(start + 1 + i) for i in range(len(chunk))],
                    group_gap=0.12,
                    align="LEFT",
                    caption_size=6.5,
                )
            )
            story.append(Spacer(1, 1.5 * mm))
    story.append(
        KeepTogether(
            [
                Paragraph("Deal order", styles.h3),
                Paragraph(
                    "To deal this exact game from a real deck, put the cards face up on a pile "
                    "in this order, card 1 first, so that card 1 is at the bottom. Turn the "
                    "whole pile face down: card 1 is now on top. Deal from the top into the "
                    "places listed.",
                    styles.small,
                ),
                Spacer(1, 1.5 * mm),
                _deal_order_table(game, deal, width, styles),
            ]
        )
    )
    return story


STOCK_PER_ROW = 13
"""At most this many stock cards a row on the setup sheet; the rows are balanced."""

SHORT_TAIL = 26.0
"""Moves reaching at most this far (points) below a walkthrough diagram stay beside it."""

KEEP_MOVES = 3
"""At most this many moves below a walkthrough diagram are never parted from it."""


def _deal_order_table(game: SolitaireGame, deal: Deal, width: float, styles: Styles) -> Table:
    names = game.deal_positions()
    columns = 3
    rows_per_column = -(-len(deal.cards) // columns)
    cells: list[list[Any]] = [[] for _ in range(rows_per_column)]
    for column in range(columns):
        for row in range(rows_per_column):
            i = column * rows_per_column + row
            if i < len(deal.cards):
                card = deal.cards[i]
                cells[row] += [
                    Paragraph(str(i + 1), styles.cell_right),
                    Paragraph(suit_markup(card.label), styles.cell_bold),
                    Paragraph(names[i], styles.cell),
                ]
            else:
                cells[row] += [Paragraph("", styles.cell)] * 3
    third = width / columns
    padding = 2
    bold, size = str(styles.cell_bold.fontName), float(styles.cell_bold.fontSize)
    widest = max(stringWidth(card.label, bold, size) for card in deal.cards)
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
    game: SolitaireGame,
    deal: Deal,
    result: SolveResult,
    setup: PageSetup,
    styles: Styles,
    *,
    spoiler_free: bool,
) -> list[Flowable]:
    """The walkthrough: the verdict, the start, then each segment of the line with a diagram.

    The starting position is always drawn first; when the line opens with a turn of the
    stock, the start says so.  The ending is set under the last move.
    """
    state = game.initial_state(deal)
    steps = replay(game, state, result.moves)
    final = steps[-1].after if steps else state
    spoiler = "the solution" if spoiler_free else None
    story = _title(game, deal, styles, "walkthrough", spoiler=spoiler)
    story.append(Paragraph(_verdict(game, result, steps, final), styles.body))
    story.append(Spacer(1, 2 * mm))
    width = setup.frame_width
    diagram_width = width * 0.56
    text_width = width - diagram_width - 4 * mm
    show_hidden = not spoiler_free
    groups = segments(game, steps)
    start = BoardDiagram(state.board(), diagram_width, show_hidden=show_hidden)
    ending: list[Flowable] = [Spacer(1, 1.5 * mm), Paragraph(_ending(game, final), styles.body)]
    if not groups or game.is_draw(groups[0][0].move):
        note = ParagraphStyle("opening", parent=styles.step, leftIndent=0, firstLineIndent=0)
        lines: list[Flowable] = [Paragraph(_opening(game, state), note)]
        if not groups:
            lines += ending
        story += _segment(Paragraph("The start", styles.h3), start, lines, width)
    for number, group in enumerate(groups):
        draws = [step for step in group if game.is_draw(step.move)]
        board_state = draws[-1].after if draws else group[0].before
        heading = _segment_heading(number, draws, board_state)
        tail = ending if group is groups[-1] else []
        todo = list(group)
        while todo:
            lines = [Paragraph(_step_text(game, step), styles.step) for step in todo] + tail
            # A chain too long to list beside its diagram goes on under a new diagram of
            # the board where it has got to, so every move is read beside its picture.
            # Every diagram of the line is as tall as the first (the layout sets the height).
            here = _moves_beside(lines[: len(todo)], start.height, text_width)
            if len(todo) - here >= KEEP_MOVES:
                todo, rest = todo[:here], todo[here:]
                lines = lines[:here]
            else:
                rest = []
            badges = {
                step.move.slot: str(step.number)
                for step in todo
                if not game.is_draw(step.move) and hasattr(step.move, "slot")
            }
            diagram = BoardDiagram(
                board_state.board(badges), diagram_width, show_hidden=show_hidden
            )
            story += _segment(Paragraph(heading, styles.h3), diagram, lines, width)
            if rest:
                heading = f"The chain goes on from move {rest[0].number}"
                board_state = rest[0].before
            todo = rest
    return story


def _moves_beside(lines: Sequence[Flowable], height: float, text_width: float) -> int:
    """How many of ``lines`` fit beside a diagram ``height`` tall (at least one)."""
    used = 0.0
    for count, line in enumerate(lines):
        _, line_height = line.wrap(text_width, 10_000)
        used += line_height + line.getSpaceAfter() + line.getSpaceBefore()
        if count and used > height:
            return count
    return len(lines)


def _segment(
    heading: Flowable, diagram: BoardDiagram, lines: list[Flowable], width: float
) -> list[Flowable]:
    """A diagram with its moves beside it, kept together with its heading.

    Moves that reach below the diagram go into a table of their own under it, which may
    break across pages, so a long segment never leaves half a page empty before it.
    """
    left = diagram.width + 4 * mm
    text_width = width - left
    beside = lines[: _moves_beside(lines, diagram.height, text_width)]
    rest = lines[len(beside) :]
    # A short tail (the ending, one short move) stays beside the diagram, not on its own.
    if sum(line.wrap(text_width, 10_000)[1] for line in rest) < SHORT_TAIL:
        beside += rest
        rest = []
    padding = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
    ]
    top = Table([[diagram, beside]], colWidths=[left, text_width], style=TableStyle(padding))
    group: list[Flowable] = [heading, top]
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
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                    ("NOSPLIT", (0, 0), (-1, min(1, rows - 1))),
                    ("NOSPLIT", (0, max(0, rows - 2)), (-1, rows - 1)),
                ]
            ),
        )
        if rows <= KEEP_MOVES:
            group.append(more)
        else:
            story.append(more)
    story.append(Spacer(1, 2.5 * mm))
    return story


def _opening(game: SolitaireGame, state: Any) -> str:
    """Words for a line that opens by turning the stock: what could have been played."""
    top = suit_markup(state.waste_top.label)
    cards = [suit_markup(move.card.label) for move in state.legal_moves() if not game.is_draw(move)]
    if not cards:
        return (
            f"The waste shows {top}. No card of the layout fits on it: the line opens by "
            f"turning the stock."
        )
    playable = cards[0] if len(cards) == 1 else ", ".join(cards[:-1]) + " or " + cards[-1]
    return (
        f"The waste shows {top}; {playable} could go on it, but the line opens by turning "
        f"the stock."
    )


def _segment_heading(number: int, draws: Sequence[Step], board_state: Any) -> str:
    if not draws:
        return "The start"
    turned = ", ".join(suit_markup(step.move.card.label) for step in draws)
    word = "turn" if len(draws) == 1 else "turns"
    return (
        f"Stock {word}: {turned} "
        f"<font size='8' color='#666666'>({len(board_state.stock)} left in the stock)"
        f"</font>"
    )


def _step_text(game: SolitaireGame, step: Step) -> str:
    text = suit_markup(game.describe(step.before, step.move, step.after))
    return f"<b>{step.number}.</b> {text} <font color='#666666'>· score {step.after.points}</font>"


def _verdict(game: SolitaireGame, result: SolveResult, steps: Sequence[Step], final: Any) -> str:
    plays = sum(not game.is_draw(step.move) for step in steps)
    draws = len(steps) - plays
    if result.solvable:
        best = (
            "the highest score this deal allows"
            if result.optimal
            else "a winning line (not proven to score the most)"
        )
        return (
            f"<b>This deal can be won.</b> The line below, {best}, takes {len(steps)} "
            f"moves: {plays} plays and {draws} turns of the stock, and scores "
            f"<b>{final.score}</b>. Numbers on the diagrams show which card each "
            f"numbered move plays."
        )
    if result.solvable is False:
        return (
            f"<b>This deal cannot be won</b>: the solver searched every reachable "
            f"position ({result.states:,} states). The best attempt below clears "
            f"{len(final.tableau) - final.cards_left} of {len(final.tableau)} cards and "
            f"scores <b>{final.score}</b>."
        )
    return (
        "<b>The solver ran out of time</b> before deciding this deal; the line below is "
        "the best it found."
    )


def _ending(game: SolitaireGame, final: Any) -> str:
    if final.is_won:
        return f"<b>Won.</b> Final score {final.score}."
    left = final.cards_left
    text = f"<b>Stuck</b> with {left} card{'s' if left != 1 else ''} left in the tableau. "
    if final.score != final.points:
        penalty = final.points - final.score
        return text + (
            f"Final score {final.score}: {final.points} points less the card penalty of "
            f"{penalty // left} a card left ({penalty})."
        )
    return text + f"Final score {final.score}."


def build_sheet(
    game: SolitaireGame,
    deal: Deal,
    path: Path,
    *,
    paper: str = "a4",
    spoiler_free: bool = False,
    result: SolveResult | None = None,
) -> Path:
    """Write the setup sheet and walkthrough of ``deal`` to ``path``."""
    register_fonts()
    setup = PageSetup(
        paper=paper,
        title=f"{game.title} {deal.name}",
        footer=f"printplay · {game.title} {deal.name} · code {deal.code}",
    )
    styles = book_styles()
    state = game.initial_state(deal)
    line = result or choose_line(game, state)
    story = setup_page(game, deal, setup, styles, spoiler_free=spoiler_free)
    story.append(PageBreak())
    story += walkthrough(game, deal, line, setup, styles, spoiler_free=spoiler_free)
    return build_pdf(path, story, setup)
