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
from printplay.render.html import PageIds, text_html
from printplay.render.markup_html import markup_html, markup_text
from printplay.render.page_templates import Cell, Link, Markup, Row, render
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
) -> dict[str, object]:
    """A board diagram for a figure (``deal.html``'s ``board``), its text alternative
    naming every card it shows, its caption (HTML) under it if it has one."""
    drawing = board_drawing(
        view, width, max_height=SETUP_HEIGHT, show_hidden=show_hidden, tags=tags, crop=crop
    )
    ident = ids.figure()
    words = board_words(view, show_hidden=show_hidden)
    svg = inline_svg(drawing, label=words, prefix=ident, scale=SCALE)
    return {"ident": ident, "drawing": Markup(svg), "caption": Markup(caption) if caption else None}


def _heading(text: str, ids: PageIds, plain: str) -> dict[str, object]:
    """A heading of the page (HTML ``text``), its id from its ``plain`` words."""
    return {"ident": ids.claim(plain), "text": Markup(text)}


def _cards(cards: tuple[str, ...], css: str, **more: object) -> dict[str, object]:
    """A list of cards, each its label."""
    return {"cards": [Markup(text_html(label)) for label in cards], "css": css, **more}


def _dealer(
    deal: DealPage, sheet_words: Words, words: SiteWords, ids: PageIds
) -> dict[str, object]:
    """The dealer's part, behind its button: every card, the stock, the deal order."""
    setup = deal.sheet.setup
    board = _figure(
        setup.start.board(),
        ids,
        show_hidden=True,
        tags=True,
        caption=markup_html(sheet_words("dealer_caption", hidden=setup.face_down)),
    )
    stock = None
    if setup.stock:
        heading = sheet_words("stock_heading", count=len(setup.stock))
        stock = _cards(
            tuple(card.label for card in setup.stock),
            "stock",
            heading=_heading(markup_html(heading), ids, heading),
        )
    heading = sheet_words("deal_order_heading")
    order_heading = _heading(markup_html(heading), ids, heading)
    help_text = sheet_words(
        "deal_order_help",
        stock_from=setup.stock_from,
        stock_count=len(setup.stock),
        top_face_up=setup.stock_top_face_up,
    )
    order = [
        Row(
            (
                Cell(str(entry.number), "right"),
                Cell(Markup(text_html(entry.card.label))),
                Cell(Markup(markup_html(tagged_place(entry)))),
            )
        )
        for entry in setup.deal_order
    ]
    return {
        "summary": words.html("dealer_summary"),
        "board": board,
        "stock": stock,
        "order_heading": order_heading,
        "order_help": Markup(markup_html(help_text)),
        "order_columns": [words.html("deal_order_columns", column=column) for column in range(3)],
        "order": order,
    }


def _segment(
    part: Segment, line: Walkthrough, sheet_words: Words, ids: PageIds
) -> dict[str, object]:
    """One stretch of the line: its heading, the board it starts from with the cards its
    moves take numbered, the moves in words (and the ending, after the last)."""
    heading = segment_heading(sheet_words, part)
    found: dict[str, object] = {
        "heading": _heading(markup_html(heading), ids, markup_text(heading))
    }
    found["stock"] = None
    if part.new_stock:
        words = Markup(markup_html(sheet_words("new_stock", count=len(part.new_stock))))
        found["stock"] = _cards(tuple(card.label for card in part.new_stock), "stock", words=words)
    badges = {slot: str(step.number) for step in part.steps for slot in step.move.slots}
    view = badge_piles(part.board.board(badges), part.steps)
    found["board"] = _figure(view, ids, show_hidden=True, width=SEGMENT_WIDTH, crop=True)
    found["moves"] = [Markup(markup_html(step_text(sheet_words, step))) for step in part.steps]
    found["ending"] = _ending(line, sheet_words) if part is line.segments[-1] else None
    return found


def _ending(line: Walkthrough, sheet_words: Words) -> Markup:
    return Markup(markup_html(ending_text(sheet_words, line.final, len(line.steps))))


def _solution(
    deal: DealPage, sheet_words: Words, words: SiteWords, ids: PageIds
) -> dict[str, object]:
    """The walkthrough, behind its button: the verdict, the start, each segment."""
    line = deal.sheet.walkthrough
    start = None
    if line.opens_with_stock:
        heading = sheet_words("start_heading")
        start = {
            "heading": _heading(markup_html(heading), ids, heading),
            "board": _figure(line.start.board(), ids, show_hidden=True, width=SEGMENT_WIDTH),
            "opening": (
                Markup(markup_html(opening_text(sheet_words, line))) if line.steps else None
            ),
            "ending": (
                _ending(line, sheet_words)
                if not line.segments and line.result.solvable is not None
                else None
            ),
        }
    return {
        "summary": words.html("solution_summary"),
        "verdict": Markup(markup_html(verdict_text(sheet_words, line))),
        "start": start,
        "segments": [_segment(part, line, sheet_words, ids) for part in line.segments],
    }


def deal_page(game: GamePage, deal: DealPage, sheet_words: Words, words: SiteWords) -> Page:
    """The page of a featured deal (see the module's text)."""
    return game_deal_page(game.game, game.title, game.path, deal, sheet_words, words)


def game_deal_page(
    game: str, game_title: str, home: str, deal: DealPage, sheet_words: Words, words: SiteWords
) -> Page:
    """:func:`deal_page` of a deal of ``game``, named ``game_title``, whose page is ``home``:
    all a deal's page needs of its game (a maker draws it where the deal's sheet is made)."""
    path = deal.path
    setup = deal.sheet.setup
    ids = page_ids()
    title = words.words("deal_title", game=game_title, deal=deal.name)
    details = sheet_words("details", rules=setup.rules, code=setup.deal.code, seed=setup.deal.seed)
    remake = sheet_words("remake", command=escape(setup.remake))
    pdf_title = words.words("deal_pdf")
    hidden = setup.face_down
    player_caption = sheet_words(
        "player_caption", hidden=hidden, piles_text=piles_text(sheet_words, setup.start)
    )
    setup_title = words.words("setup_heading")
    solution_title = words.words("solution_heading")
    heading = _heading(text_html(title), ids, title)
    setup_heading = _heading(text_html(setup_title), ids, setup_title)
    board = _figure(
        setup.start.board(), ids, show_hidden=False, caption=markup_html(player_caption)
    )
    dealer = _dealer(deal, sheet_words, words, ids)
    solution_heading = _heading(text_html(solution_title), ids, solution_title)
    main = render(
        "deal.html",
        title=heading,
        lead=words.html("deal_lead", rules=setup.rules),
        details=Markup(markup_html(details)),
        pdf=Link(
            href(path, deal.pdf.path), words.html("pdf", title=pdf_title, pages=deal.pdf.pages)
        ),
        rules=Link(href(path, home), words.html("rules_link", game=game_title)),
        remake=Markup(markup_html(remake)),
        setup_heading=setup_heading,
        setup=board,
        dealer=dealer,
        solution_heading=solution_heading,
        solution=_solution(deal, sheet_words, words, ids),
    )
    description = f"{title}: {setup.rules}, deal code {setup.deal.code}"
    return Page(path, title, description, game, main)


__all__ = ["deal_page", "game_deal_page"]
