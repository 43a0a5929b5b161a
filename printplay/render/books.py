"""Rulebooks typeset from their models: the source rendered in its context, the figures
drawn as diagrams.

The model (:class:`printplay.models.printable.Rulebook`) names the figures a source's
``[[diagram NAME …]]`` markers may draw: board views (one, or several side by side) and
an example move (before and after).  The source draws them with ``diagram(NAME)`` and an
optional size, ``small="yes"`` or a share of the text width (``small="0.5"``); the drawings
are :mod:`printplay.render.figures`'s, shared with the website.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from reportlab.platypus import Flowable

from printplay.models.printable import ExampleMove, Figure, Rulebook
from printplay.render.document import PageSetup
from printplay.render.figures import figure_factory
from printplay.render.markdown_pdf import DiagramFactory
from printplay.render.rulebook_pdf import build_rulebook


def figure_diagram(figure: Figure | ExampleMove, width: float) -> DiagramFactory:
    """What draws ``figure`` for a ``[[diagram …]]`` marker across ``width`` (a drawing of
    :mod:`printplay.render.figures`, the picture the web page shows too)."""
    return figure_factory(figure, width)


def rulebook_diagrams(
    figures: Mapping[str, Figure | ExampleMove], width: float
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
        path,
        template=model.template,
        context=model.context,
        setup=setup,
        diagrams=factories,
        search_path=model.search_path,
    )


__all__ = ["draw_rulebook", "figure_diagram", "rulebook_diagrams", "rulebook_setup"]
