"""A featured deal's page: its setup, the order to stack a deck in, and its solution.

The page draws the deal's sheet model (:class:`printplay.models.printable.Sheet`), the one
its PDF is drawn from, in the sheet's own words (``templates/sheet.j2`` through
:mod:`printplay.render.sheet_words`): the layout as a player sees it, then, each behind a
button that needs no script (``<details>``), the deal order with every card and the
walkthrough, a diagram for each stretch of the line with its moves in words.
"""

from __future__ import annotations

from html import escape

from printplay.core.layout import BoardView
from printplay.models.printable import Segment, Walkthrough
from printplay.models.site_model import DealPage, GamePage
from printplay.render.alt_text import board_words
from printplay.render.board import board_drawing
from printplay.render.html import PageIds, scroller, text_html
from printplay.render.markup_html import markup_html, markup_text
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
from printplay.render.site_pages import page_ids
from printplay.render.site_shell import Page, SiteWords, href
from printplay.render.svg import inline_svg
from printplay.render.web_rulebook import BOOK_WIDTH, SCALE
from printplay.render.words_markup import Words

SETUP_WIDTH = BOOK_WIDTH
"""How wide the setup diagrams are drawn: as a rulebook's (shown :data:`SCALE` times
larger, as the rulebook's are; smaller screens shrink them)."""
SETUP_HEIGHT = 0.78 * BOOK_WIDTH
"""How tall a setup diagram may be (a square layout would be taller than a screen)."""
SEGMENT_WIDTH = 0.8 * BOOK_WIDTH
"""How wide a walkthrough diagram is drawn."""


def _figure(
    view: BoardView,
    ids: PageIds,
    *,
    show_hidden: bool,
    caption: str = "",
    width: float = SETUP_WIDTH,
    tags: bool = False,
    crop: bool = False,
) -> str:
    """A board diagram as a figure, its text alternative naming every card it shows."""
    drawing = board_drawing(
        view, width, max_height=SETUP_HEIGHT, show_hidden=show_hidden, tags=tags, crop=crop
    )
    ident = ids.figure()
    words = board_words(view, show_hidden=show_hidden)
    svg = inline_svg(drawing, label=words, prefix=ident, scale=SCALE)
    below = f"\n<figcaption>{caption}</figcaption>" if caption else ""
    wrapped = scroller("drawing-wrap", svg)
    return f'<figure class="diagram" id="{ident}">\n{wrapped}{below}\n</figure>'


def _heading(level: int, text: str, ids: PageIds, plain: str) -> str:
    return f'<h{level} id="{ids.claim(plain)}">{text}</h{level}>'


def _cards_list(cards: tuple[str, ...], css: str) -> str:
    items = "".join(f"<li>{text_html(label)}</li>" for label in cards)
    return f'<ol class="{css}">{items}</ol>'


def _dealer(deal: DealPage, sheet_words: Words, words: SiteWords, ids: PageIds) -> str:
    """The dealer's part, behind its button: every card, the stock, the deal order."""
    setup = deal.sheet.setup
    parts = [
        _figure(
            setup.start.board(),
            ids,
            show_hidden=True,
            tags=True,
            caption=markup_html(sheet_words("dealer_caption", hidden=setup.face_down)),
        )
    ]
    if setup.stock:
        heading = sheet_words("stock_heading", count=len(setup.stock))
        parts.append(_heading(3, markup_html(heading), ids, heading))
        parts.append(_cards_list(tuple(card.label for card in setup.stock), "stock"))
    heading = sheet_words("deal_order_heading")
    parts.append(_heading(3, markup_html(heading), ids, heading))
    help_text = sheet_words(
        "deal_order_help",
        stock_from=setup.stock_from,
        stock_count=len(setup.stock),
        top_face_up=setup.stock_top_face_up,
    )
    parts.append(f"<p>{markup_html(help_text)}</p>")
    rows = "\n".join(
        f'<tr><td class="right">{entry.number}</td><td>{text_html(entry.card.label)}</td>'
        f"<td>{markup_html(tagged_place(entry))}</td></tr>"
        for entry in setup.deal_order
    )
    head = "".join(
        f'<th scope="col">{words.html("deal_order_columns", column=column)}</th>'
        for column in range(3)
    )
    parts.append(
        scroller(
            "table-wrap",
            '<table class="deal-order">\n'
            f"<thead>\n<tr>{head}</tr>\n</thead>\n<tbody>\n{rows}\n</tbody>\n</table>",
        )
    )
    summary = words.html("dealer_summary")
    inner = "\n".join(parts)
    return f'<details class="dealer">\n<summary>{summary}</summary>\n{inner}\n</details>'


def _segment(part: Segment, line: Walkthrough, sheet_words: Words, ids: PageIds) -> str:
    """One stretch of the line: its heading, the board it starts from with the cards its
    moves take numbered, the moves in words (and the ending, after the last)."""
    heading = segment_heading(sheet_words, part)
    parts = [_heading(3, markup_html(heading), ids, markup_text(heading))]
    if part.new_stock:
        parts.append(f"<p>{markup_html(sheet_words('new_stock', count=len(part.new_stock)))}</p>")
        parts.append(_cards_list(tuple(card.label for card in part.new_stock), "stock"))
    badges = {slot: str(step.number) for step in part.steps for slot in step.move.slots}
    view = badge_piles(part.board.board(badges), part.steps)
    parts.append(_figure(view, ids, show_hidden=True, width=SEGMENT_WIDTH, crop=True))
    moves = "\n".join(
        f"<li>{markup_html(step_text(sheet_words, step))}</li>" for step in part.steps
    )
    parts.append(f'<ul class="moves">\n{moves}\n</ul>')
    if part is line.segments[-1]:
        parts.append(_ending(line, sheet_words))
    return '<section class="segment">\n' + "\n".join(parts) + "\n</section>"


def _ending(line: Walkthrough, sheet_words: Words) -> str:
    text = ending_text(sheet_words, line.final, len(line.steps))
    return f'<p class="ending">{markup_html(text)}</p>'


def _solution(deal: DealPage, sheet_words: Words, words: SiteWords, ids: PageIds) -> str:
    """The walkthrough, behind its button: the verdict, the start, each segment."""
    line = deal.sheet.walkthrough
    parts = [f"<p>{markup_html(verdict_text(sheet_words, line))}</p>"]
    if line.opens_with_stock:
        heading = sheet_words("start_heading")
        parts.append(_heading(3, markup_html(heading), ids, heading))
        parts.append(_figure(line.start.board(), ids, show_hidden=True, width=SEGMENT_WIDTH))
        if line.steps:
            parts.append(f"<p>{markup_html(opening_text(sheet_words, line))}</p>")
        if not line.segments and line.result.solvable is not None:
            parts.append(_ending(line, sheet_words))
    parts += [_segment(part, line, sheet_words, ids) for part in line.segments]
    summary = words.html("solution_summary")
    inner = "\n".join(parts)
    return f'<details class="solution">\n<summary>{summary}</summary>\n{inner}\n</details>'


def deal_page(game: GamePage, deal: DealPage, sheet_words: Words, words: SiteWords) -> Page:
    """The page of a featured deal (see the module's text)."""
    path = deal.path
    setup = deal.sheet.setup
    ids = page_ids()
    title = words.words("deal_title", game=game.title, deal=deal.name)
    details = sheet_words("details", rules=setup.rules, code=setup.deal.code, seed=setup.deal.seed)
    remake = sheet_words("remake", command=escape(setup.remake))
    pdf = (
        f'<a href="{escape(href(path, deal.pdf.path))}" type="application/pdf">'
        f"{words.html('pdf', title=words.words('deal_pdf'), pages=deal.pdf.pages)}</a>"
    )
    rules = (
        f'<a href="{escape(href(path, game.path))}">{words.html("rules_link", game=game.title)}</a>'
    )
    hidden = setup.face_down
    player_caption = sheet_words(
        "player_caption", hidden=hidden, piles_text=piles_text(sheet_words, setup.start)
    )
    setup_title = words.words("setup_heading")
    solution_title = words.words("solution_heading")
    parts = [
        f'<h1 id="{ids.claim(title)}">{text_html(title)}</h1>',
        f'<p class="lead">{words.html("deal_lead", rules=setup.rules)}</p>',
        f'<p class="small">{markup_html(details)}</p>',
        f'<div class="page-box">\n<p class="print-link">{pdf}</p>\n<p>{rules}</p>\n'
        f'<p class="small">{markup_html(remake)}</p>\n</div>',
        _heading(2, text_html(setup_title), ids, setup_title),
        _figure(setup.start.board(), ids, show_hidden=False, caption=markup_html(player_caption)),
        _dealer(deal, sheet_words, words, ids),
        _heading(2, text_html(solution_title), ids, solution_title),
        _solution(deal, sheet_words, words, ids),
    ]
    description = f"{title}: {setup.rules}, deal code {setup.deal.code}"
    return Page(path, title, description, game.game, "\n".join(parts))


__all__ = ["deal_page"]
