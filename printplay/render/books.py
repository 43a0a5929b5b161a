"""Rulebooks typeset from their models: the text the builder rendered, the figures drawn as
diagrams.

The model (:class:`printplay.models.printable.Rulebook`) names the figures a source's
``[[diagram NAME …]]`` markers may draw: board views (one, or several side by side), an
example move (before and after), cards a marker names, captioned by the builder
(``[[diagram hands hands="Kd|Kc 3h"]]``), and a strategy chart.  The source draws board
views with ``diagram(NAME)`` and an optional size, ``small="yes"`` or a share of the text
width (``small="0.5"``); the drawings are :mod:`printplay.render.figures`'s, shared with the
website.  :func:`build_rulebook` sets the Markdown of any rulebook (its source rendered by
a builder: :mod:`printplay.builders.rulebook_text`) with
:mod:`printplay.render.markdown_pdf` and writes the PDF; nothing here runs a template.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from printplay.core.cards import Card
from printplay.core.outfile import check_writable
from printplay.models.printable import CardsFigure, Rulebook, RulebookFigure, StrategyChart
from printplay.render.document import PageSetup, build_pdf
from printplay.render.figures import figure_factory
from printplay.render.hands_diagram import HandsDiagram
from printplay.render.markdown_pdf import DiagramFactory, markdown_to_flowables, page_errors
from printplay.render.strategy_chart import StrategyChartDiagram
from printplay.render.styles import Styles

CARDS_FIGURE_CARD = 13 * mm
"""The width of a card in a figure of cards a marker names (a row of hands)."""

CARDS_FIGURE_GAP = 0.6
"""The room between its groups, in card widths."""


def build_rulebook(
    path: str | Path,
    *,
    text: str,
    source: str,
    setup: PageSetup,
    diagrams: Mapping[str, DiagramFactory] | None = None,
    styles: Styles | None = None,
) -> Path:
    """Typeset a rulebook's Markdown ``text`` and write the PDF to ``path``; return the path.

    ``source`` names the rulebook source the text came from, in messages; ``diagrams`` name
    the factories ``[[diagram NAME ...]]`` markers call; the text is set in ``styles`` (by
    default the book styles) across ``setup.frame_width``.
    """
    path = check_writable(Path(path))
    flowables: list[Flowable] = markdown_to_flowables(
        text,
        styles=styles,
        width=setup.frame_width,
        height=setup.frame_height,
        diagrams=diagrams,
        source=source,
    )
    with page_errors(source):
        return build_pdf(path, flowables, setup)
    raise AssertionError("unreachable")  # pragma: no cover


def shown_cards(
    figure: CardsFigure, options: Mapping[str, str]
) -> tuple[list[list[Card]], list[str]]:
    """The groups and captions a marker of ``figure`` with ``options`` shows (a
    :class:`ValueError` for options it does not take or cards the builder did not read)."""
    if set(options) != {figure.option}:
        raise ValueError(f"the diagram takes one option, {figure.option}=…")
    found = figure.shown.get(options[figure.option])
    if found is None:
        raise ValueError(f"no cards were read for {figure.option}={options[figure.option]!r}")
    return [list(group) for group in found.groups], list(found.captions)


def cards_row(groups: list[list[Card]], captions: list[str]) -> HandsDiagram:
    """Groups of cards side by side, each over its caption, as a rulebook draws them."""
    return HandsDiagram(groups, CARDS_FIGURE_CARD, captions=captions, group_gap=CARDS_FIGURE_GAP)


def cards_diagram(figure: CardsFigure) -> DiagramFactory:
    """What draws the cards a marker of ``figure`` names: its groups side by side, each over
    its caption."""

    def draw(**options: str) -> Flowable:
        return cards_row(*shown_cards(figure, options))

    return draw


def figure_diagram(figure: RulebookFigure, width: float) -> DiagramFactory:
    """What draws ``figure`` for a ``[[diagram …]]`` marker across ``width``: board views and
    example moves as drawings of :mod:`printplay.render.figures` (the pictures the web page
    shows too), cards a marker names in a row, a strategy chart as a chart."""
    if isinstance(figure, CardsFigure):
        return cards_diagram(figure)
    if isinstance(figure, StrategyChart):
        chart = figure

        def strategy() -> Flowable:
            return StrategyChartDiagram(chart)

        return strategy
    return figure_factory(figure, width)


def rulebook_diagrams(
    figures: Mapping[str, RulebookFigure], width: float
) -> dict[str, DiagramFactory]:
    """The diagram factories of a rulebook's figures, drawn across ``width``."""
    return {name: figure_diagram(figure, width) for name, figure in figures.items()}


def rulebook_setup(model: Rulebook, paper: str) -> PageSetup:
    """The page setup of a rulebook: paper, title, footer and metadata."""
    return PageSetup(
        paper=paper,
        title=f"{model.title} rules ({model.rules})",
        footer=f"printplay · {model.title} rules · {model.rules}",
        subject=f"The rules of {model.title}, {model.rules}, with diagrams and computed tables",
        keywords=(model.title, "rules", "rulebook", *model.chosen),
    )


def draw_rulebook(
    model: Rulebook,
    path: Path,
    *,
    paper: str = "a4",
    diagrams: Mapping[str, Callable[..., Flowable]] | None = None,
    setup: PageSetup | None = None,
) -> Path:
    """Typeset the rulebook ``model`` to ``path``; ``diagrams`` adds factories for markers
    the model's figures do not name (a game's own charts)."""
    setup = setup or rulebook_setup(model, paper)
    factories = rulebook_diagrams(model.figures, setup.frame_width)
    factories.update(diagrams or {})
    return build_rulebook(
        path, text=model.text, source=model.source, setup=setup, diagrams=factories
    )


__all__ = [
    "CARDS_FIGURE_CARD",
    "CARDS_FIGURE_GAP",
    "build_rulebook",
    "cards_diagram",
    "cards_row",
    "draw_rulebook",
    "figure_diagram",
    "rulebook_diagrams",
    "rulebook_setup",
    "shown_cards",
]
