"""A rulebook as HTML: the Markdown the PDF typesets and the pictures it prints, for the web.

The model is the one the PDF is drawn from (:class:`~printplay.models.printable.Rulebook`,
or the Ricochet Poker :class:`~printplay.models.poker_model.PokerRulebook` with its
strategy chart); its source is rendered by the same Jinja call with the same context, and
its diagrams are the same drawings (:mod:`printplay.render.figures`, the poker hands and
chart), so the page and the PDF cannot say different things.
"""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing

from printplay.markup.jinja_source import render_rulebook_source
from printplay.models.poker_model import PokerRulebook, StrategyChart
from printplay.models.printable import ExampleMove, Figure, Rulebook
from printplay.render.alt_text import hands_words
from printplay.render.document import PageSetup
from printplay.render.figures import figure_drawing, figure_words
from printplay.render.html import (
    HtmlText,
    Outline,
    PageIds,
    WebFigure,
    WebFigureFactory,
    markdown_to_html,
)
from printplay.render.poker_rulebook_pdf import diagram_hands, hands_diagram, poker_markdown
from printplay.render.strategy_chart import StrategyChartDiagram

BOOK_WIDTH = PageSetup().frame_width
"""The width the diagrams are drawn for: the text width of an A4 rulebook, as its PDF
draws them (every label in the same proportion to the cards)."""

WEB_WIDTH = 720.0
"""How wide (CSS pixels) a page shows a diagram drawn across :data:`BOOK_WIDTH`; on a
narrower screen a diagram shrinks with the text."""

SCALE = WEB_WIDTH / BOOK_WIDTH
"""How much larger than in the PDF a page shows a rulebook's diagrams."""


def _board_figure(figure: Figure | ExampleMove) -> WebFigureFactory:
    if isinstance(figure, ExampleMove):
        example = figure

        def move() -> WebFigure:
            drawing = figure_drawing(example, BOOK_WIDTH)
            return WebFigure(drawing, figure_words(example), scale=SCALE)

        return move

    def draw(small: str = "no") -> WebFigure:
        drawing = figure_drawing(figure, BOOK_WIDTH, small)
        return WebFigure(drawing, figure_words(figure), scale=SCALE)

    return draw


def _hands(hands: str) -> WebFigure:
    """A row of poker hands, each under its name."""
    groups, captions = diagram_hands(hands)
    diagram = hands_diagram(hands)
    return WebFigure(diagram.drawing(), hands_words(groups, captions), scale=SCALE)


def _strategy(chart: StrategyChart) -> WebFigure:
    """The basic-strategy chart, with the chart as a table a screen reader can walk."""
    drawing: Drawing = StrategyChartDiagram(chart).drawing(BOOK_WIDTH)
    legend = "; ".join(f"{code}: {words}" for code, words in chart.legend)
    words = (
        f"The basic-strategy chart: a row for each of your two-card hands, a column for each "
        f"of the dealer's hands, a decision in every cell ({legend}). The button after the "
        "chart shows it as a table."
    )
    header = (chart.header[0].capitalize(), *chart.header[1:])
    return WebFigure(drawing, words, (header, *chart.rows), "Show the chart as a table", SCALE)


def web_figures(model: Rulebook | PokerRulebook) -> dict[str, WebFigureFactory]:
    """The diagrams a rulebook's markers may draw on a page."""
    if isinstance(model, PokerRulebook):
        chart = model.chart

        def strategy() -> WebFigure:
            return _strategy(chart)

        return {"hands": _hands, "strategy": strategy}
    return {name: _board_figure(figure) for name, figure in model.figures.items()}


def rulebook_markdown(model: Rulebook | PokerRulebook) -> str:
    """The rulebook's Markdown, exactly as its PDF typesets it."""
    if isinstance(model, PokerRulebook):
        return poker_markdown(model)
    return render_rulebook_source(model.template, model.context, search_path=model.search_path)


def book_of(model: Rulebook | PokerRulebook) -> Rulebook:
    """The rulebook's source and context (a poker rulebook's book)."""
    return model.book if isinstance(model, PokerRulebook) else model


def rulebook_html(
    model: Rulebook | PokerRulebook, *, ids: PageIds | None = None, outline: Outline | None = None
) -> HtmlText:
    """The rulebook as HTML blocks, its diagrams inline (see :mod:`printplay.render.html`)."""
    return markdown_to_html(
        rulebook_markdown(model),
        figures=web_figures(model),
        source=book_of(model).template,
        ids=ids,
        outline=outline,
    )


__all__ = [
    "BOOK_WIDTH",
    "SCALE",
    "WEB_WIDTH",
    "book_of",
    "rulebook_html",
    "rulebook_markdown",
    "web_figures",
]
