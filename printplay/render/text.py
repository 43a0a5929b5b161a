"""Drawing a position in the terminal, from the same layout geometry as the PDFs.

Face-up cards print as ``[7♥]``, face-down ones as ``(7♥)`` (or ``(##)`` when hidden),
empty places as blanks.  :func:`board_text` gives a :class:`Board`: its ``plain`` text, or
(through rich) a ``Text`` whose red suits show in red on a colour terminal; rich is
imported only for the latter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeVar

from printplay.core.cards import Card
from printplay.core.layout import BoardView

if TYPE_CHECKING:
    from rich.text import Text

CELL = 6
"""Characters per card place, such as ``[10♥]`` and a space."""


def cell(card: Card | None, face_up: bool, *, show_hidden: bool = True) -> str:
    """One card as a short bracketed label, or blanks for an empty place."""
    if card is None:
        return " " * CELL
    label = "Jk" if card.is_joker else card.label
    if not face_up and not show_hidden:
        label = "##"
    return f"[{label}]" if face_up else f"({label})"


def _style(card: Card | None, shown: bool) -> str:
    return "red" if shown and card is not None and card.is_red else ""


def text_lines(heights: list[float]) -> dict[float, int]:
    """The line of the drawing each card height (``y``, in card heights) goes on: two
    lines a card height, and each height a line of its own below the one above it, so
    that the rows of a fanned column, less than half a card apart, stay apart.

    >>> text_lines([0.0, 1.0, 0.5, 1.0])
    {0.0: 0, 0.5: 1, 1.0: 2}
    >>> text_lines([0.0, 0.3, 0.6, 0.9])
    {0.0: 0, 0.3: 1, 0.6: 2, 0.9: 3}
    """
    lines: dict[float, int] = {}
    above: float | None = None
    line = -1
    for height in sorted(set(heights)):
        if above is None or height - above >= SAME_ROW:  # else the same row, but for rounding
            line = max(int(height * 2 + 0.5), line + 1)
        lines[height] = line
        above = height
    return lines


SAME_ROW = 1e-6
"""Heights closer than this, in card heights, are one row (computed heights round apart)."""


class _Sink(Protocol):
    """What a drawing is written into: a rich ``Text`` or a :class:`_PlainSink`."""

    def append(self, text: str, style: str = "") -> object: ...

    def rstrip(self) -> None: ...


_S = TypeVar("_S", bound=_Sink)


class _PlainSink:
    """A drawing's text alone, built by the same calls as a rich ``Text`` (without the
    styles)."""

    def __init__(self) -> None:
        self.plain = ""

    def append(self, text: str, style: str = "") -> None:
        """Add ``text`` at the end."""
        self.plain += text

    def rstrip(self) -> None:
        """Strip the whitespace at the end of the whole text, as ``Text.rstrip`` does."""
        self.plain = self.plain.rstrip()


class Board:
    """A position drawn for the terminal: :attr:`plain` is its text; rich prints it with
    its red suits in red (``__rich__``)."""

    __slots__ = ("_show_hidden", "_view")

    def __init__(self, view: BoardView, *, show_hidden: bool = True) -> None:
        self._view = view
        self._show_hidden = show_hidden

    @property
    def plain(self) -> str:
        """The drawing as plain text, what rich prints of it where there is no colour."""
        return _draw(self._view, self._show_hidden, _PlainSink()).plain

    def __rich__(self) -> Text:
        """The drawing as a rich ``Text``, red suits styled ``red``."""
        from rich.text import Text

        return _draw(self._view, self._show_hidden, Text())

    def __str__(self) -> str:
        return self.plain


def board_text(view: BoardView, *, show_hidden: bool = True) -> Board:
    """The layout and the piles, spaced by the layout's pitch (neighbouring cards of a row
    are one cell apart)."""
    return Board(view, show_hidden=show_hidden)


def _draw(view: BoardView, show_hidden: bool, out: _S) -> _S:
    """Write the drawing of ``view`` into ``out``."""
    scale = CELL / view.pitch
    rows: dict[int, list[tuple[int, str, str]]] = {}
    line_of = text_lines([view_slot.slot.y for view_slot in view.slots])
    for view_slot in view.slots:
        line = line_of[view_slot.slot.y]
        column = int(view_slot.slot.x * scale + 0.5)
        shown = view_slot.face_up or show_hidden
        text = cell(view_slot.card, view_slot.face_up, show_hidden=show_hidden)
        rows.setdefault(line, []).append((column, text, _style(view_slot.card, shown)))
    previous: int | None = None
    for line in sorted(rows):
        if previous is not None and line - previous > 1:
            out.append("\n")  # a gap in the layout (a reserve below a pyramid) stays a gap
        previous = line
        width = 0
        for column, text, style in sorted(rows[line]):
            out.append(" " * max(0, column - width))
            out.append(text, style=style)
            width = max(column, width) + len(text)
        out.rstrip()
        out.append("\n")
    out.append("\n")
    for number, pile in enumerate(view.piles):
        top = pile.cards[-1] if pile.cards else None
        if number:
            out.append("   ")
        out.append(f"{pile.name} ")
        if top is None:
            out.append("--")
        else:
            out.append(cell(top, pile.face_up, show_hidden=False), _style(top, pile.face_up))
        out.append(f" ({len(pile.cards)})")
    return out
