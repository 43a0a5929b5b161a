"""The Ricochet Poker rulebook typeset from its model: the source rendered in its context,
made ready to print (typographic quotes, commands kept whole), with its diagrams.

The source's diagrams: ``hands`` (a row of hands, each captioned with its name in the
evaluator's words, e.g. ``[[diagram hands hands="Kd|Kc 3h"]]``) and ``strategy`` (the
basic-strategy chart of the model, :mod:`~printplay.render.strategy_chart`).
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from printplay.core.cards import Card
from printplay.games.poker.dealing import read_cards
from printplay.games.poker.hands import describe
from printplay.markup.jinja_source import render_rulebook_source
from printplay.models.poker_model import PokerRulebook
from printplay.render.document import PageSetup, build_pdf
from printplay.render.fonts import register_fonts
from printplay.render.hands_diagram import HandsDiagram
from printplay.render.markdown_pdf import DiagramFactory, markdown_to_flowables, page_errors
from printplay.render.strategy_chart import StrategyChartDiagram
from printplay.render.typography import print_ready


def diagram_hands(hands: str) -> tuple[list[list[Card]], list[str]]:
    """The hands a ``hands`` diagram shows (``"Kd|Kc 3h|Ks 8d"``: hands separated by
    ``|``) and their names, in the evaluator's words."""
    groups = [read_cards(part, what="a diagram hand") for part in hands.split("|")]
    return groups, [describe(group) for group in groups]


def hands_diagram(hands: str) -> HandsDiagram:
    """Hands side by side (``"Kd|Kc 3h|Ks 8d"``), each captioned with its name."""
    groups, captions = diagram_hands(hands)
    return HandsDiagram(groups, 13 * mm, captions=captions, group_gap=0.6)


def poker_markdown(model: PokerRulebook) -> str:
    """The rulebook's Markdown: its source rendered in its context, made ready to print
    (typographic quotes, commands kept on one line), as the PDF and the web page read it."""
    book = model.book
    source = render_rulebook_source(book.template, book.context, search_path=book.search_path)
    return print_ready(source)


def poker_diagrams(model: PokerRulebook) -> dict[str, DiagramFactory]:
    """The diagrams the rulebook source names: hands, and the basic-strategy chart."""

    def strategy() -> Flowable:
        return StrategyChartDiagram(model.chart)

    return {"hands": hands_diagram, "strategy": strategy}


def poker_rulebook_setup(model: PokerRulebook, paper: str) -> PageSetup:
    """The page setup of the rulebook: paper, title, footer and metadata."""
    book = model.book
    return PageSetup(
        paper=paper,
        title=f"{book.title} rules ({book.rules})",
        footer=f"printplay · {book.title} rules · {book.rules}",
        subject=(
            f"The rules of {book.title}, standard and casino games ({book.rules}): hands, "
            "odds, basic strategy, house edge, variants and rulings"
        ),
        keywords=(book.title, "rulebook", *book.chosen),
    )


def draw_poker_rulebook(model: PokerRulebook, path: Path, *, paper: str = "a4") -> Path:
    """Typeset the rulebook ``model`` to ``path``.

    The rendered Markdown gets typographic quotes, and its commands (code spans) never
    break across lines.
    """
    register_fonts()
    setup = poker_rulebook_setup(model, paper)
    book = model.book
    flowables = markdown_to_flowables(
        poker_markdown(model),
        width=setup.frame_width,
        height=setup.frame_height,
        diagrams=poker_diagrams(model),
        source=book.template,
    )
    with page_errors(book.template):
        return build_pdf(path, flowables, setup)


__all__ = [
    "diagram_hands",
    "draw_poker_rulebook",
    "hands_diagram",
    "poker_diagrams",
    "poker_markdown",
    "poker_rulebook_setup",
]
