"""Rulebooks typeset from their models: the source rendered in its context, the figures
drawn as diagrams.

The model (:class:`printplay.models.printable.Rulebook`) names the figures a source's
``[[diagram NAME …]]`` markers may draw: board views (one, or several side by side) and
an example move (before and after).  The source draws them with ``diagram(NAME)`` and an
optional size, ``small="yes"`` or a share of the text width (``small="0.5"``); the drawings
are :mod:`printplay.render.figures`'s, shared with the website.  :func:`build_rulebook` sets
any rulebook source (rendered by :mod:`printplay.markup.jinja_source`) with
:mod:`printplay.render.markdown_pdf` and writes the PDF.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from reportlab.platypus import Flowable

from printplay.core.outfile import check_writable
from printplay.core.templating import render_deadline
from printplay.markup.jinja_source import render_rulebook_source, source_name
from printplay.models.printable import ExampleMove, Figure, Rulebook
from printplay.render.document import PageSetup, build_pdf
from printplay.render.figures import figure_factory
from printplay.render.markdown_pdf import DiagramFactory, markdown_to_flowables, page_errors
from printplay.render.styles import Styles


def build_rulebook(
    path: str | Path,
    *,
    template: str | Path,
    context: Mapping[str, object],
    setup: PageSetup,
    diagrams: Mapping[str, DiagramFactory] | None = None,
    styles: Styles | None = None,
    search_path: Sequence[str | Path] = (),
) -> Path:
    """Render a rulebook source, typeset it and write the PDF to ``path``; return the path.

    ``template`` and ``search_path`` are as for :func:`render_rulebook_source`; ``diagrams``
    name the factories ``[[diagram NAME ...]]`` markers call; the text is set in ``styles``
    (by default the book styles) across ``setup.frame_width``.  Made from house sources
    (``search_path``), the whole of it, typesetting included, may take at most
    :data:`~printplay.core.templating.MAX_RENDER_SECONDS`.
    """
    path = check_writable(Path(path))
    name = source_name(template)
    with render_deadline(search_path, name):
        text = render_rulebook_source(template, context, search_path=search_path)
        flowables: list[Flowable] = markdown_to_flowables(
            text,
            styles=styles,
            width=setup.frame_width,
            height=setup.frame_height,
            diagrams=diagrams,
            source=name,
        )
        with page_errors(name):
            return build_pdf(path, flowables, setup)
    raise AssertionError("unreachable")  # pragma: no cover


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


__all__ = [
    "build_rulebook",
    "draw_rulebook",
    "figure_diagram",
    "rulebook_diagrams",
    "rulebook_setup",
]
