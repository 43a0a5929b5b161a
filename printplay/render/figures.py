"""Rulebook figures as drawings, and in words: the same picture for the PDF and the web.

A rulebook model (:class:`printplay.models.printable.Rulebook`) names its figures: a board
view, several views side by side (Ricochet's allowed next walls), or an example move
(before and after, the card it takes numbered).  Here each becomes one reportlab drawing
(:func:`figure_drawing`), which the PDF places as a flowable and a web page inlines as SVG,
and a text alternative (:func:`figure_words`).  A source sizes a board figure with
``small="yes"`` (small), ``"no"`` (full) or a share of the width (``small="0.5"``).

>>> share("yes"), share("0.5")
(0.62, 0.5)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence

from reportlab.graphics.shapes import Drawing, Group, String
from reportlab.lib.units import mm

from printplay.core.ink_mode import is_ink_light
from printplay.core.kept import Kept
from printplay.core.layout import BoardView
from printplay.models.printable import ExampleMove, Figure
from printplay.render.alt_text import board_words, boards_words
from printplay.render.board import board_drawing
from printplay.render.fonts import SANS_ITALIC, register_fonts
from printplay.render.lean_pdf import LeanDrawing
from printplay.render.styles import book_palette, book_styles

SIDE_GAP = 8 * mm
"""The room between boards drawn side by side."""

MOVE_TITLES = ("Before", "After")
"""The titles over an example move's two boards."""

FigureFactory = Callable[..., Drawing]
"""What draws a figure for a ``[[diagram NAME …]]`` marker, called with its options."""


def share(small: str) -> float:
    """The share of the text width a board figure takes: ``"yes"`` (small), ``"no"``
    (full), or a number from 0.2 to 1."""
    if small in ("yes", "no"):
        return 0.62 if small == "yes" else 0.9
    try:
        value = float(small)
    except ValueError:
        value = 0.0
    if not 0.2 <= value <= 1:
        raise ValueError(
            f'a diagram\'s size is "yes", "no" or a share from 0.2 to 1, not {small!r}'
        )
    return value


class Panels(LeanDrawing):
    """Boards drawn side by side (:func:`side_by_side`), the one drawing a PDF prints,
    that also keeps each board as a drawing of its own with its words (``parts``): a
    web page lets them wrap one under another on a narrow screen."""

    parts: tuple[tuple[Drawing, str], ...] = ()


def side_by_side(views: Sequence[BoardView], titles: Sequence[str], width: float) -> Panels:
    """Board views side by side across ``width``, each centred under its title (if any).

    Face-down cards are drawn as backs, as in the layout diagram: one look for "face
    down" throughout the book, and the card a move turns up shows as it turns.
    """
    register_fonts()
    caption = book_styles().caption
    size, leading = float(caption.fontSize), float(caption.leading)
    each = (width - SIDE_GAP * (len(views) - 1)) / len(views)
    boards = [board_drawing(view, each, show_hidden=False) for view in views]
    title_space = leading + 4 if any(titles) else 0.0
    height = max(float(board.height) for board in boards) + title_space
    drawing = Panels(width, height)
    parts = []
    for index, (view, board, title) in enumerate(zip(views, boards, titles, strict=True)):
        left = index * (each + SIDE_GAP)
        x = left + (each - float(board.width)) / 2
        _place(drawing, board, title, x, left + each / 2, title_space, size)
        part = Drawing(each, height)
        _place(part, board, title, x - left, each / 2, title_space, size)
        parts.append((part, boards_words([view], [title or "Diagram"], show_hidden=False)))
    drawing.parts = tuple(parts)
    return drawing


def _place(
    drawing: Drawing, board: Drawing, title: str, x: float, middle: float, room: float, size: float
) -> None:
    """Add ``board`` to ``drawing`` at ``x``, under ``title`` (centred on ``middle``) in
    the ``room`` kept for titles at the drawing's top."""
    height = float(drawing.height)
    placed = Group(*board.contents)
    placed.transform = (1, 0, 0, 1, x, height - room - float(board.height))
    drawing.add(placed)
    if title:
        drawing.add(
            String(
                middle,
                height - size - 1,
                title,
                fontName=SANS_ITALIC,
                fontSize=size,
                fillColor=book_palette().muted,
                textAnchor="middle",
            )
        )


def move_views(example: ExampleMove) -> tuple[BoardView, BoardView]:
    """An example move's boards: before it (the cards it takes numbered 1) and after."""
    badge = {slot: "1" for slot in example.move.slots}
    return example.before.board(badge), example.after.board()


KEPT = 128
"""How many figures' drawings :func:`figure_drawing` keeps (the oldest goes first)."""

_made: Kept[Hashable, Drawing] = Kept(KEPT)


def figure_drawing(figure: Figure | ExampleMove, width: float, small: str = "no") -> Drawing:
    """``figure`` drawn across ``width``: an example move at full width, board views at the
    share ``small`` asks for.

    The drawing is made once a process for each figure, width, size and ink mode (the
    same board is in the rulebook of many variants, on its page and in its PDF) and
    shared: whoever draws it must not change it."""
    key = (figure, width, small, is_ink_light())
    return _made.get(key, lambda: _figure_drawing(figure, width, small))


def _figure_drawing(figure: Figure | ExampleMove, width: float, small: str) -> Drawing:
    """:func:`figure_drawing`, made afresh."""
    if isinstance(figure, ExampleMove):
        return side_by_side(move_views(figure), MOVE_TITLES, width)
    if isinstance(figure, BoardView):
        return board_drawing(figure, width * share(small), show_hidden=False)
    return side_by_side(figure, [""] * len(figure), width * share(small))


def figure_words(figure: Figure | ExampleMove) -> str:
    """What ``figure`` shows, in words (face-down cards as "face down", as drawn)."""
    if isinstance(figure, ExampleMove):
        return boards_words(move_views(figure), MOVE_TITLES, show_hidden=False)
    if isinstance(figure, BoardView):
        return board_words(figure, show_hidden=False)
    return boards_words(figure, [""] * len(figure), show_hidden=False)


class Resizable(LeanDrawing):
    """A figure's drawing that can draw itself again across another width (``redraw``): a
    page short of room draws it narrower rather than scaling it down, so its words keep
    their size (:class:`printplay.render.markdown_pdf`'s shrinkable diagrams)."""

    redraw: Callable[[float], Drawing] | None = None


def resizable(make: Callable[[float], Drawing], width: float) -> Resizable:
    """``make(width)`` as a :class:`Resizable` drawing, which ``make`` draws again across
    another width (its drawings' widths in proportion to what ``make`` is given)."""
    drawing = make(width)
    found = Resizable(drawing.width, drawing.height, *drawing.contents)
    found.redraw = lambda across: make(width * across / float(drawing.width))
    return found


def figure_factory(figure: Figure | ExampleMove, width: float) -> FigureFactory:
    """What draws ``figure`` for a ``[[diagram …]]`` marker across ``width`` (a
    :class:`Resizable` drawing): an example move takes no options, board views the
    ``small`` size."""
    if isinstance(figure, ExampleMove):
        example = figure

        def move() -> Drawing:
            return resizable(lambda across: figure_drawing(example, across), width)

        return move

    def draw(small: str = "no") -> Drawing:
        return resizable(lambda across: figure_drawing(figure, across, small), width)

    return draw


def figure_factories(
    figures: Mapping[str, Figure | ExampleMove], width: float
) -> dict[str, FigureFactory]:
    """The factories of a rulebook's figures, drawn across ``width``."""
    return {name: figure_factory(figure, width) for name, figure in figures.items()}


__all__ = [
    "KEPT",
    "MOVE_TITLES",
    "SIDE_GAP",
    "FigureFactory",
    "Panels",
    "Resizable",
    "figure_drawing",
    "figure_factories",
    "figure_factory",
    "figure_words",
    "move_views",
    "resizable",
    "share",
    "side_by_side",
]
