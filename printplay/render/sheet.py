"""Setup sheets and solution walkthroughs for the solitaire games.

The setup sheet draws a deal from the engine's layout geometry, lists the stock and the
deal order so a player can stack a real deck; the walkthrough replays the solver's line
through the engine, move by move, with a diagram after each turn of the stock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.platypus import (
    CondPageBreak,
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

WALKTHROUGH_BUDGET = Budget(max_seconds=20.0)
"""How long a sheet may search for the best-scoring line before settling for any win."""

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


def _title(game: SolitaireGame, deal: Deal, styles: Styles, what: str) -> list[Flowable]:
    origin = (
        f"deal number {deal.seed} (printplay shuffle {SHUFFLE_NAME})"
        if deal.seed is not None
        else "an explicit deal"
    )
    rules = opts.summary(game.options)
    return [
        Paragraph(f"{game.title} · {deal.name} · {what}", styles.h1),
        Paragraph(
            f"{rules[0].upper()}{rules[1:]} · deal code <b>{deal.code}</b> · {origin}", styles.small
        ),
    ]


def setup_page(
    game: SolitaireGame, deal: Deal, setup: PageSetup, styles: Styles, *, spoiler_free: bool
) -> list[Flowable]:
    """The setup sheet: the layout, the stock in order and the deal order."""
    state = game.initial_state(deal)
    width = setup.frame_width
    story = _title(game, deal, styles, "setup")
    story.append(Spacer(1, 3 * mm))
    story.append(
        BoardDiagram(state.board(), width, max_height=78 * mm, show_hidden=not spoiler_free)
    )
    legend = (
        "Dark cards are dealt face down."
        if spoiler_free
        else "Shaded, striped cards are dealt face down; their faces are shown so you can "
        "lay out this exact deal."
    )
    story.append(Paragraph(legend, styles.caption))
    stock = list(state.stock)
    if stock:
        story.append(
            Paragraph(f"The stock, {len(stock)} cards, next card to turn first", styles.h3)
        )
        per_row = 12
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
    story.append(Paragraph("Deal order", styles.h3))
    story.append(
        Paragraph(
            "To deal this exact game from a real deck, put the cards face up on a pile in this "
            "order, card 1 first, so that card 1 is at the bottom. Turn the whole pile face "
            "down: card 1 is now on top. Deal from the top into the places listed.",
            styles.small,
        )
    )
    story.append(Spacer(1, 1.5 * mm))
    story.append(_deal_order_table(game, deal, width, styles))
    return story


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
    table = Table(cells, colWidths=[third * 0.12, third * 0.16, third * 0.72] * columns)
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("TOPPADDING", (0, 0), (-1, -1), 0.6),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0.6),
                ("LEFTPADDING", (0, 0), (-1, -1), 2),
                ("RIGHTPADDING", (0, 0), (-1, -1), 2),
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
    """The walkthrough: the verdict, then each segment of the line with a diagram."""
    state = game.initial_state(deal)
    steps = replay(game, state, result.moves)
    final = steps[-1].after if steps else state
    story = _title(game, deal, styles, "walkthrough")
    story.append(Paragraph(_verdict(game, result, steps, final), styles.body))
    story.append(Spacer(1, 2 * mm))
    width = setup.frame_width
    diagram_width = width * 0.56
    for number, group in enumerate(segments(game, steps)):
        first = group[0]
        badges = {
            step.move.slot: str(step.number)
            for step in group
            if not game.is_draw(step.move) and hasattr(step.move, "slot")
        }
        draws = [step for step in group if game.is_draw(step.move)]
        board_state = draws[-1].after if draws else first.before
        heading = _segment_heading(number, draws, board_state)
        diagram = BoardDiagram(
            board_state.board(badges), diagram_width, show_hidden=not spoiler_free
        )
        lines = [Paragraph(_step_text(game, step), styles.step) for step in group]
        table = Table([[diagram, lines]], colWidths=[diagram_width + 4 * mm, None])
        table.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (0, 0), (-1, -1), 0),
                ]
            )
        )
        story.append(CondPageBreak(diagram.height + 12 * mm))
        story.append(KeepTogether([Paragraph(heading, styles.h3), table, Spacer(1, 2.5 * mm)]))
    story.append(Paragraph(_ending(game, final), styles.body))
    return story


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
    return (
        f"<b>Stuck</b> with {final.cards_left} cards left in the tableau. "
        f"Final score {final.score}."
    )


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
