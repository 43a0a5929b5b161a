"""The data of a tuck box: a one-piece dieline for a deck, as lines on sheets of paper.

Everything is in millimetres on the page, x to the right and y upwards from the page's
bottom left corner (as PDF counts).  The builder (:mod:`printplay.builders.tuck_box`)
works out every line; the renderer (:mod:`printplay.render.tuck_box_pdf`) draws them as
they are: a :class:`Line` is a cut or a fold, an :class:`Area` is where glue goes, a
:class:`Label` is text set inside a box.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Point = tuple[float, float]
"""A point on the page, in millimetres from its bottom left corner."""

LineKind = Literal["cut", "fold"]
"""What a line of the dieline is: cut along it (solid) or fold on it (dashed)."""


@dataclass(frozen=True)
class Line:
    """A straight line of the dieline, from ``start`` to ``end``."""

    kind: LineKind
    start: Point
    end: Point

    @property
    def length(self) -> float:
        """Its length in millimetres."""
        return float(
            ((self.end[0] - self.start[0]) ** 2 + (self.end[1] - self.start[1]) ** 2) ** 0.5
        )


@dataclass(frozen=True)
class Area:
    """A flap to put glue on, its outline a polygon; ``label`` is printed inside it,
    turned by ``angle`` degrees."""

    outline: tuple[Point, ...]
    label: str
    angle: float = 0.0


@dataclass(frozen=True)
class Label:
    """Text set in the box ``(x0, y0, x1, y1)``, turned by ``angle`` degrees (90: reading
    upwards) about the box's centre, at most ``size`` points, smaller if it needs to be to
    fit the box (never under 6 pt); ``bold`` for a title."""

    text: str
    box: tuple[float, float, float, float]
    size: float
    angle: float = 0.0
    bold: bool = False


@dataclass(frozen=True)
class Panel:
    """A named part of the box as printed (front, back, a side, the lid …): its rectangle
    between its fold lines (or cut edges)."""

    name: str
    box: tuple[float, float, float, float]

    @property
    def width(self) -> float:
        """Its width in millimetres."""
        return self.box[2] - self.box[0]

    @property
    def height(self) -> float:
        """Its height in millimetres."""
        return self.box[3] - self.box[1]


@dataclass(frozen=True)
class LegendEntry:
    """One entry of a sheet's legend: a sample of a line kind (``"cut"``, ``"fold"``) or
    of a glue area (``"glue"``) and the words beside it."""

    kind: Literal["cut", "fold", "glue"]
    words: str


@dataclass(frozen=True)
class TuckBoxSheet:
    """One sheet of paper: its size, the lines, glue areas and labels of the piece it
    carries, its heading, legend and notes (reportlab paragraph markup, set in
    ``notes_box``), and a bar ``scale_mm`` long at ``scale_at`` to check the print's size."""

    size: tuple[float, float]
    margin: float
    lines: tuple[Line, ...]
    areas: tuple[Area, ...]
    labels: tuple[Label, ...]
    panels: tuple[Panel, ...]
    heading: str
    heading_at: Point
    legend: tuple[LegendEntry, ...]
    legend_at: Point
    notes: tuple[str, ...]
    notes_box: tuple[float, float, float, float]
    scale_mm: float
    scale_at: Point
    scale_words: str


@dataclass(frozen=True)
class BoxSize:
    """The inside of the box and what it was worked out from (all in millimetres):
    ``width`` = card width + ``width_clearance``, ``height`` = card height +
    ``height_clearance``, ``depth`` = ``cards`` × ``thickness`` + ``depth_clearance`` (at
    least ``min_depth``, to leave room to fold and glue)."""

    card_name: str
    card_width: float
    card_height: float
    cards: int
    thickness: float
    width_clearance: float
    height_clearance: float
    depth_clearance: float
    min_depth: float

    @property
    def width(self) -> float:
        """Inside width: the front and back panels' width."""
        return self.card_width + self.width_clearance

    @property
    def height(self) -> float:
        """Inside height: the front, back and side panels' height."""
        return self.card_height + self.height_clearance

    @property
    def stack(self) -> float:
        """The thickness of the stack of cards."""
        return self.cards * self.thickness

    @property
    def depth(self) -> float:
        """Inside depth: the side panels' width, the lid's and the bottom's height."""
        return max(self.stack + self.depth_clearance, self.min_depth)


@dataclass(frozen=True)
class TuckBox:
    """A tuck box for a deck: its size, the game named on it, the paper and its sheets
    (one, or two to glue together when the box does not fit one), and the PDF's title and
    subject."""

    size: BoxSize
    game: str
    paper: str
    sheets: tuple[TuckBoxSheet, ...]
    title: str
    subject: str

    @property
    def split(self) -> bool:
        """Whether the box is printed in two pieces, glued together."""
        return len(self.sheets) > 1


__all__ = [
    "Area",
    "BoxSize",
    "Label",
    "LegendEntry",
    "Line",
    "LineKind",
    "Panel",
    "Point",
    "TuckBox",
    "TuckBoxSheet",
]
