"""A rulebook as HTML: the Markdown the PDF typesets and the pictures it prints, for the web.

The model is the one the PDF is drawn from (:class:`~printplay.models.printable.Rulebook`):
its text is the Markdown the builder rendered its source to, the text the PDF sets, and its
diagrams are the same drawings (:mod:`printplay.render.figures`, cards a
marker names, a strategy chart), each chosen by what kind of figure the model holds, so
the page and the PDF cannot say different things.
"""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing

from printplay.models.printable import (
    CardsFigure,
    ExampleMove,
    Figure,
    Rulebook,
    RulebookFigure,
    StrategyChart,
)
from printplay.render.alt_text import hands_words
from printplay.render.books import cards_row, shown_cards
from printplay.render.document import PageSetup
from printplay.render.figures import figure_drawing, figure_words, move_views
from printplay.render.html import (
    HtmlText,
    Outline,
    PageIds,
    WebFigure,
    WebFigureFactory,
    markdown_to_html,
)
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
    """A board figure's factory; its drawing's key the board views it draws (the same
    board in the rulebook of every variant is drawn to SVG once)."""
    if isinstance(figure, ExampleMove):
        example = figure

        def move() -> WebFigure:
            drawing = figure_drawing(example, BOOK_WIDTH)
            key = ("move", move_views(example))
            return WebFigure(drawing, figure_words(example), scale=SCALE, key=key)

        return move

    def draw(small: str = "no") -> WebFigure:
        drawing = figure_drawing(figure, BOOK_WIDTH, small)
        key = ("board", figure, small)
        return WebFigure(drawing, figure_words(figure), scale=SCALE, key=key)

    return draw


def _cards(figure: CardsFigure) -> WebFigureFactory:
    """Cards a marker names (a row of poker hands), each group under its caption."""

    def cards(**options: str) -> WebFigure:
        groups, captions = shown_cards(figure, options)
        drawing = cards_row(groups, captions).drawing()
        key = ("cards", tuple(tuple(group) for group in groups), tuple(captions))
        return WebFigure(drawing, hands_words(groups, captions), scale=SCALE, key=key)

    return cards


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
    table = (header, *chart.rows)
    return WebFigure(drawing, words, table, "Show the chart as a table", SCALE, ("chart", chart))


def web_figure(figure: RulebookFigure) -> WebFigureFactory:
    """What draws ``figure`` on a page, by the kind of figure it is."""
    if isinstance(figure, CardsFigure):
        return _cards(figure)
    if isinstance(figure, StrategyChart):
        chart = figure

        def strategy() -> WebFigure:
            return _strategy(chart)

        return strategy
    return _board_figure(figure)


def web_figures(model: Rulebook) -> dict[str, WebFigureFactory]:
    """The diagrams a rulebook's markers may draw on a page."""
    return {name: web_figure(figure) for name, figure in model.figures.items()}


def rulebook_html(
    model: Rulebook, *, ids: PageIds | None = None, outline: Outline | None = None
) -> HtmlText:
    """The rulebook as HTML blocks, its diagrams inline (see :mod:`printplay.render.html`)."""
    return markdown_to_html(
        model.text,
        figures=web_figures(model),
        source=model.source,
        ids=ids,
        outline=outline,
    )


__all__ = [
    "BOOK_WIDTH",
    "SCALE",
    "WEB_WIDTH",
    "rulebook_html",
    "web_figure",
    "web_figures",
]
