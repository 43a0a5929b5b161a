"""Rulebooks typeset from their models: the source rendered in its context, the figures
drawn as diagrams.

The model (:class:`printplay.printables.model.Rulebook`) names the figures a source's
``[[diagram NAME …]]`` markers may draw: board views (one, or several side by side) and
an example move (before and after).  The source draws them with ``diagram(NAME)`` and an
optional size, ``small="yes"`` or a share of the text width (``small="0.5"``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from printplay.games.layout import BoardView
from printplay.printables.model import ExampleMove, Figure, Rulebook
from printplay.render.board import BoardDiagram
from printplay.render.document import PageSetup
from printplay.render.markdown_pdf import DiagramFactory
from printplay.render.rulebook import build_rulebook
from printplay.render.styles import Styles, book_styles


def _side_by_side(
    views: Sequence[BoardView], titles: Sequence[str], width: float, styles: Styles
) -> Flowable:
    """Board views side by side across ``width``, each under its title (if any)."""
    gap = 8 * mm
    each = (width - gap * (len(views) - 1)) / len(views)
    # Face-down cards are drawn as backs, as in the layout diagram: one look for "face
    # down" throughout the book, and the card a move turns up shows as it turns.
    row: list[Flowable] = [BoardDiagram(view, each, show_hidden=False) for view in views]
    rows: list[list[Flowable]] = [row]
    if any(titles):
        rows.insert(0, [Paragraph(title, styles.caption) for title in titles])
    table = Table(rows, colWidths=[each + gap / 2] * len(views))
    table.setStyle(
        TableStyle(
            [
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), gap / 4),
                ("RIGHTPADDING", (0, 0), (-1, -1), gap / 4),
            ]
        )
    )
    return table


def _move_diagram(example: ExampleMove, width: float, styles: Styles) -> Flowable:
    badge = {slot: "1" for slot in example.move.slots}
    views = (example.before.board(badge), example.after.board())
    return _side_by_side(views, ("Before", "After"), width, styles)


def _share(small: str) -> float:
    """The share of the text width a diagram takes: ``"yes"`` (small), ``"no"`` (full), or
    a number between 0.2 and 1."""
    if small in ("yes", "no"):
        return 0.62 if small == "yes" else 0.9
    try:
        share = float(small)
    except ValueError:
        share = 0.0
    if not 0.2 <= share <= 1:
        raise ValueError(
            f'a diagram\'s size is "yes", "no" or a share from 0.2 to 1, not {small!r}'
        )
    return share


def figure_diagram(figure: Figure | ExampleMove, width: float, styles: Styles) -> DiagramFactory:
    """What draws ``figure`` for a ``[[diagram …]]`` marker across ``width``: an example
    move at full width, board views at the share ``small`` asks for."""
    if isinstance(figure, ExampleMove):
        example = figure

        def move() -> Flowable:
            return _move_diagram(example, width, styles)

        return move

    def draw(small: str = "no") -> Flowable:
        if isinstance(figure, BoardView):
            return BoardDiagram(figure, width * _share(small), show_hidden=False)
        return _side_by_side(figure, [""] * len(figure), width * _share(small), styles)

    return draw


def rulebook_diagrams(
    figures: Mapping[str, Figure | ExampleMove], width: float
) -> dict[str, DiagramFactory]:
    """The diagram factories of a rulebook's figures, drawn across ``width``."""
    styles = book_styles()
    return {name: figure_diagram(figure, width, styles) for name, figure in figures.items()}


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
