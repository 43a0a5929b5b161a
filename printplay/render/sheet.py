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

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
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
from printplay.deal import Deal, choose_deal
from printplay.games import entry, make_solitaire, solver_for
from printplay.games.layout import BoardView
from printplay.games.protocols import RegisteredSolitaire, SolitaireMove
from printplay.render.board import BoardDiagram, board_size
from printplay.render.cards import CARD_RATIO
from printplay.render.components import KINDS, pieces_row
from printplay.render.document import PageSetup, build_pdf, check_writable
from printplay.render.fonts import register_fonts
from printplay.render.hands import HandsDiagram
from printplay.render.markdown_pdf import outline_entry
from printplay.render.printables import PrintRequest
from printplay.render.rulebook import Words
from printplay.render.styles import Styles, book_styles, suit_markup
from printplay.solve.toolkit import replay_line
from printplay.verdicts import Budget, SolveResult

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


def choose_line(game: RegisteredSolitaire, state: Any) -> SolveResult[SolitaireMove]:
    """The line a walkthrough shows: the game's best line if found in time, else any win."""
    solver = solver_for(game)
    result = solver.best_line(state, budget=WALKTHROUGH_BUDGET)
    if result.solvable is None:
        result = solver.solve(state)
    return result


def replay(state: Any, moves: Sequence[Any]) -> list[Step]:
    """The steps of ``moves`` from ``state``, each applied by the engine."""
    states = replay_line(state, moves)
    return [
        Step(number, move, states[number - 1], states[number])
        for number, move in enumerate(moves, start=1)
    ]


def segments(game: RegisteredSolitaire, steps: Sequence[Step]) -> list[list[Step]]:
    """Split a line where the walkthrough draws the board afresh: at the game's milestones.

    A milestone that takes no card of the layout (a stock turn, a redeal) opens a segment,
    together with the milestones right after it: the segment's diagram shows the board
    after them.  A milestone that takes cards (a pair that clears a row) closes its
    segment, so its cards are marked on the diagram before it.
    """
    groups: list[list[Step]] = [[]]
    for step in steps:
        milestone = step.before.milestone(step.move, step.after)
        leads = milestone and not step.move.slots
        if leads and any(not _opens(game, s) for s in groups[-1]):
            groups.append([])
        groups[-1].append(step)
        if milestone and not leads:
            groups.append([])
    return _join_short(game, [group for group in groups if group])


def _join_short(game: RegisteredSolitaire, groups: list[list[Step]]) -> list[list[Step]]:
    """Segments of fewer than :data:`MIN_SEGMENT` moves that take cards (Pyramid's end
    game, where nearly every pair clears a row) run on into the segment after them, unless
    that one opens with a stock turn or a redeal: a diagram per move would spend a page on
    three moves.  A last move alone is read on the diagram before it."""
    joined: list[list[Step]] = []
    for group in groups:
        lone_last = group is groups[-1] and len(group) == 1
        if joined and not _opens(game, group[0]) and (len(joined[-1]) < MIN_SEGMENT or lone_last):
            joined[-1].extend(group)
            continue
        joined.append(list(group))
    return joined


def _opens(game: RegisteredSolitaire, step: Step) -> bool:
    """Whether ``step`` is a milestone that opens its segment (see :func:`segments`)."""
    return not step.move.slots and step.before.milestone(step.move, step.after)


@dataclass(frozen=True)
class Sheet:
    """What every part of a sheet shares: the game, the deal, the page, the styles and the
    words (``templates/sheet.j2``, or a house edition of it)."""

    game: RegisteredSolitaire
    deal: Deal
    setup: PageSetup
    styles: Styles
    words: Words

    def text(self, macro: str, **kwargs: object) -> str:
        """A sentence of the sheet: ``macro`` of the words template."""
        return self.words(macro, **kwargs)


def _title(sheet: Sheet, what: str, *, spoiler: str | None = None) -> list[Flowable]:
    """The page heading and the line naming the deal; under a "Spoilers" heading if given."""
    game, deal, styles = sheet.game, sheet.deal, sheet.styles
    details = sheet.text(
        "details", rules=opts.describe(game.options), code=deal.code, seed=deal.seed
    )
    title = sheet.text("title", game=game.title, deal=deal.name, what=what)
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


def _piles_text(sheet: Sheet, state: Any) -> str:
    piles = [
        {
            "name": pile.name,
            "count": len(pile.cards),
            "face_up": pile.face_up,
            "top": suit_markup(pile.cards[-1].label) if pile.cards else "",
        }
        for pile in state.board().piles
    ]
    return sheet.text("piles", piles=piles)


def setup_page(sheet: Sheet, *, spoiler_free: bool) -> list[Flowable]:
    """The setup sheet: the layout, the stock in order and the deal order.

    Spoiler-free, it is two pages: the player's page (the layout as a player sees it, the
    stock as a count) and, after a page break, the dealer's page with every card.
    """
    state = sheet.game.initial_state(sheet.deal)
    styles = sheet.styles
    story = _title(sheet, "setup")
    if not spoiler_free:
        return story + _dealer_story(sheet, state)
    story.append(Spacer(1, 3 * mm))
    story.append(
        BoardDiagram(
            state.board(),
            sheet.setup.frame_width,
            max_height=_setup_height(sheet),
            show_hidden=False,
        )
    )
    hidden = _dealt_face_down(state)
    caption = sheet.text("player_caption", hidden=hidden, piles_text=_piles_text(sheet, state))
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
    story += _dealer_story(sheet, state)
    return story


def _pieces(sheet: Sheet, kinds: Sequence[str]) -> list[Flowable]:
    """The game's pieces to cut out (Ricochet's ball), kept together at the end of the
    setup pages; nothing for a game that needs only the deck."""
    if not kinds:
        return []
    names = [KINDS[kind] for kind in kinds]
    return [
        KeepTogether(
            [
                Paragraph(sheet.text("pieces_heading"), sheet.styles.h3),
                Paragraph(sheet.text("pieces_text", names=names), sheet.styles.small),
                Spacer(1, 2 * mm),
                pieces_row(kinds),
            ]
        )
    ]


def _setup_height(sheet: Sheet) -> float:
    """The most height the setup page's layout may take: 78 mm for a wide layout (TriPeaks'
    peaks, Pyramid); a layout about as deep as it is wide (Ricochet's square room) grows to
    nearly half the page, leaving room for the stock below it."""
    layout = sheet.game.layout
    if layout.height * CARD_RATIO < 0.9 * layout.width:
        return 78 * mm
    return max(78 * mm, sheet.setup.frame_height * 0.46)


def _dealt_face_down(state: Any) -> bool:
    """Whether any card of the layout starts face down (not under the face-up variant)."""
    return any(not view.face_up for view in state.board().slots if view.card is not None)


def _dealer_story(sheet: Sheet, state: Any) -> list[Flowable]:
    """Everything needed to lay out the deal (``state``, its start): the layout with every
    face, the stock in order and the deal order."""
    styles = sheet.styles
    width = sheet.setup.frame_width
    story: list[Flowable] = [Spacer(1, 3 * mm)]
    story.append(
        BoardDiagram(
            state.board(), width, max_height=_setup_height(sheet), show_hidden=True, tags=True
        )
    )
    story.append(
        Paragraph(sheet.text("dealer_caption", hidden=_dealt_face_down(state)), styles.caption)
    )
    stock = _stock_cards(state)
    if stock:
        story.append(Paragraph(sheet.text("stock_heading", count=len(stock)), styles.h3))
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
                Paragraph(sheet.text("deal_order_heading"), styles.h3),
                Paragraph(sheet.text("deal_order_help"), styles.small),
                Spacer(1, 1.5 * mm),
                _deal_order_table(sheet.game, sheet.deal, width, styles),
            ]
        )
    )
    return story


def _stock_cards(state: Any) -> list[Any]:
    """The stock, next card to turn first (the board's ``stock`` pile runs bottom to top)."""
    for pile in state.board().piles:
        if pile.name == "stock":
            return list(reversed(pile.cards))
    return []


STOCK_PER_ROW = 13
"""At most this many stock cards a row on the setup sheet; the rows are balanced."""

SHORT_TAIL = 26.0
"""Moves reaching at most this far (points) below a walkthrough diagram stay beside it."""

MOVES_INDENT = 6.0
"""Points between the rule down the left of a segment's moves and the moves."""

MOVES_RULE = HexColor("#C9D3DD")

KEEP_MOVES = 3
"""At most this many moves below a walkthrough diagram are never parted from it."""

MIN_SEGMENT = 3
"""A walkthrough segment of fewer moves that take cards runs on into the next one."""


def _deal_order_table(game: RegisteredSolitaire, deal: Deal, width: float, styles: Styles) -> Table:
    names = game.deal_positions()
    order = game.deal_order()
    columns = 3
    rows_per_column = -(-len(deal.cards) // columns)
    cells: list[list[Any]] = [[] for _ in range(rows_per_column)]
    for column in range(columns):
        for row in range(rows_per_column):
            i = column * rows_per_column + row
            if i < len(deal.cards):
                card = deal.cards[order[i]]
                cells[row] += [
                    Paragraph(str(i + 1), styles.cell_right),
                    Paragraph(suit_markup(card.label), styles.cell_bold),
                    Paragraph(names[order[i]], styles.cell),
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
    sheet: Sheet, result: SolveResult[SolitaireMove], *, spoiler_free: bool
) -> list[Flowable]:
    """The walkthrough: the verdict, the start, then each segment of the line with a diagram.

    The starting position is always drawn first; when the line opens with a turn of the
    stock, the start says so.  The ending is set under the last move.
    """
    game, styles = sheet.game, sheet.styles
    state = game.initial_state(sheet.deal)
    steps = replay(state, result.moves)
    final = steps[-1].after if steps else state
    spoiler = "the solution" if spoiler_free else None
    story = _title(sheet, "walkthrough", spoiler=spoiler)
    story.append(Paragraph(_verdict(sheet, result, steps, state, final), styles.body))
    story.append(Spacer(1, 2 * mm))
    width = sheet.setup.frame_width
    diagram_width = width * 0.56
    text_width = width - diagram_width - 4 * mm - MOVES_INDENT
    show_hidden = not spoiler_free
    groups = segments(game, steps)
    start = BoardDiagram(state.board(), diagram_width, show_hidden=show_hidden)
    # The ending is set like the moves it closes (one face in one block).
    last = ParagraphStyle("ending", parent=styles.step, leftIndent=0, firstLineIndent=0)
    ending: list[Flowable] = [
        Spacer(1, 1.5 * mm),
        Paragraph(_ending(sheet, final, len(steps)), last),
    ]
    if not groups or _opens(game, groups[0][0]):
        note = ParagraphStyle("opening", parent=styles.step, leftIndent=0, firstLineIndent=0)
        lines: list[Flowable] = [Paragraph(_opening(sheet, state), note)]
        if not groups:
            lines += ending
        story += _segment(Paragraph(sheet.text("start_heading"), styles.h3), start, lines, width)
    previous: Step | None = None
    for group in groups:
        leading = []
        for step in group:
            if not _opens(game, step):
                break
            leading.append(step)
        board_state = leading[-1].after if leading else group[0].before
        heading = _segment_heading(sheet, leading, previous, board_state)
        tail = ending if group is groups[-1] else []
        todo = list(group)
        while todo:
            lines = [Paragraph(_step_text(sheet, step), styles.step) for step in todo] + tail
            # A segment too long to list beside its diagram goes on under a new diagram of
            # the board where it has got to, so every move is read beside its picture.
            # Diagrams leave out the rows already cleared, so late ones are smaller.
            _, height = board_size(board_state.board(), diagram_width, crop=True)
            here = _moves_beside(lines[: len(todo)], height, text_width)
            if len(todo) - here >= KEEP_MOVES:
                todo, rest = todo[:here], todo[here:]
                lines = lines[:here]
            else:
                rest = []
            badges = {slot: str(step.number) for step in todo for slot in step.move.slots}
            diagram = BoardDiagram(
                _badge_piles(board_state.board(badges), todo),
                diagram_width,
                show_hidden=show_hidden,
                crop=True,
            )
            story += [outline_entry(_plain(heading), 1)]
            story += _segment(Paragraph(heading, styles.h3), diagram, lines, width)
            if rest:
                heading = sheet.text("goes_on", number=rest[0].number)
                board_state = rest[0].before
            todo = rest
        previous = group[-1]
    return story


def _badge_piles(view: BoardView, steps: Sequence[Step]) -> BoardView:
    """``view`` with a move number on each pile top that one of ``steps`` takes (Pyramid's
    pair of a pyramid card with the stock's top card): both cards of a move are marked."""
    in_layout = {slot.card for slot in view.slots if slot.card is not None}
    badges: dict[int, str] = {}
    for step in steps:
        if step.move.turns_stock:
            continue
        for card in step.move.cards:
            for number, pile in enumerate(view.piles):
                if card not in in_layout and pile.cards and pile.cards[-1] == card:
                    badges.setdefault(number, str(step.number))
    if not badges:
        return view
    piles = tuple(
        replace(pile, badge=badges[number]) if number in badges else pile
        for number, pile in enumerate(view.piles)
    )
    return replace(view, piles=piles)


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
    heading: Flowable, diagram: BoardDiagram, lines: list[Flowable], width: float
) -> list[Flowable]:
    """A diagram with its moves beside it, kept together with its heading.

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
    padding: list[Any] = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("LEFTPADDING", (1, 0), (1, -1), MOVES_INDENT),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ("LINEBEFORE", (1, 0), (1, -1), 0.8, MOVES_RULE),
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


def _opening(sheet: Sheet, state: Any) -> str:
    """Words for a line that opens by turning the stock: what could have been played."""
    cards = [
        suit_markup(move.cards[0].label)
        for move in state.legal_moves()
        if move.slots and move.cards
    ]
    shows = [
        f"the {pile.name} shows {suit_markup(pile.cards[-1].label)}"
        for pile in state.board().piles
        if pile.face_up and pile.cards
    ]
    return sheet.text("opening", cards=cards, shows=shows)


def _segment_heading(
    sheet: Sheet, leading: Sequence[Step], previous: Step | None, board_state: Any
) -> str:
    """The heading of a segment: the stock turns that open it, or the move it follows."""
    status = board_state.status()
    if leading:
        kind = leading[-1].move.kind
        cards = [suit_markup(card.label) for step in leading for card in step.move.cards]
        return sheet.text("segment_heading", kind=kind, cards=cards, status=status)
    if previous is not None:
        return sheet.text("after_heading", number=previous.number, status=status)
    return sheet.text("start_heading")


def _step_text(sheet: Sheet, step: Step) -> str:
    text = suit_markup(step.before.describe(step.move, step.after))
    return sheet.text("step", number=step.number, text=text, score=step.after.running_score)


def _verdict(
    sheet: Sheet, result: SolveResult[SolitaireMove], steps: Sequence[Step], start: Any, final: Any
) -> str:
    counts: dict[str, int] = {}
    for step in steps:
        counts[step.move.kind] = counts.get(step.move.kind, 0) + 1
    return sheet.text(
        "verdict",
        solvable=result.solvable,
        optimal=result.optimal,
        best_line=entry(sheet.game.name).best_line,
        moves=len(steps),
        counts=list(counts.items()),
        score=final.score,
        states=result.states,
        cleared=start.cards_left - final.cards_left,
        total=start.cards_left,
    )


def _ending(sheet: Sheet, final: Any, moves: int) -> str:
    return sheet.text(
        "ending",
        won=final.is_won,
        moves=moves,
        left=final.cards_left,
        noun=final.layout.noun,
        score=final.score,
        points=final.running_score,
    )


def build_sheet(
    game: RegisteredSolitaire,
    deal: Deal,
    path: Path,
    *,
    paper: str = "a4",
    spoiler_free: bool = False,
    result: SolveResult[SolitaireMove] | None = None,
    rules_dir: Path | None = None,
) -> Path:
    """Write the setup sheet and walkthrough of ``deal`` to ``path``.

    ``result`` is the line to walk through (by default the game's best line, searched
    now); ``rules_dir`` a folder whose ``sheet.j2`` rewords the sheet.
    """
    register_fonts()
    rules = opts.describe(game.options)
    what = "setup sheet and walkthrough" + (", spoiler-free" if spoiler_free else "")
    setup = PageSetup(
        paper=paper,
        title=f"{game.title} {deal.name} ({rules})",
        footer=f"printplay · {game.title} {deal.name} · {rules} · code {deal.code}",
        subject=f"{game.title}, {deal.name}, {rules}: {what}",
        keywords=(game.title, deal.name, f"deal code {deal.code}", *opts.chosen(game.options)),
    )
    search = [rules_dir] if rules_dir is not None else []
    sheet = Sheet(game, deal, setup, book_styles(), Words("sheet.j2", search))
    line = result or choose_line(game, game.initial_state(deal))
    story = setup_page(sheet, spoiler_free=spoiler_free)
    story += _pieces(sheet, entry(game.name).pieces)
    story.append(PageBreak())
    story += walkthrough(sheet, line, spoiler_free=spoiler_free)
    return build_pdf(path, story, setup)


def make_sheet(request: PrintRequest) -> Path:
    """The registry's sheet maker for solitaires: deal, solve and write the sheet."""
    game = make_solitaire(request.game, request.option_texts)
    deal = choose_deal(game.deck(), seed=request.seed, codes=request.deal_codes)
    check_writable(request.path)
    return build_sheet(
        game,
        deal,
        request.path,
        paper=request.paper,
        spoiler_free=request.spoiler_free,
        result=request.result,
        rules_dir=request.rules_dir,
    )
