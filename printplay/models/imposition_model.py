"""The data of an imposition: where each page of a finished PDF goes on the sheets printed.

:mod:`printplay.builders.imposition` builds an :class:`Imposition` from a document's page
count and sizes; :mod:`printplay.render.imposed_pdf` places the pages as it says and
computes nothing.  Lengths are PDF points, a sheet's origin its lower-left corner.
"""

from __future__ import annotations

from dataclasses import dataclass

IMPOSITIONS = ("pages", "booklet", "print-shop")
"""How a book's pages are put on paper: ``pages`` as laid out, one a sheet side;
``booklet`` two a side in saddle-stitch order, to fold and staple; ``print-shop`` one a
page of the trim size grown by the bleed, its trim and bleed boxes set."""

Box = tuple[float, float, float, float]
"""A rectangle: left, bottom, right, top."""


@dataclass(frozen=True)
class Placement:
    """A page of the source document (``page``, 0-based) drawn on a sheet side, its
    lower-left corner at ``x``, ``y``, scaled by ``scale``."""

    page: int
    x: float
    y: float
    scale: float = 1.0


@dataclass(frozen=True)
class SheetSide:
    """One page of the imposed PDF: its size, the source pages on it (none for a side
    left blank), and the boxes a print shop reads (``None``: the whole page)."""

    size: tuple[float, float]
    placements: tuple[Placement, ...]
    trim: Box | None = None
    bleed: Box | None = None


@dataclass(frozen=True)
class Imposition:
    """A whole imposition: its kind (one of :data:`IMPOSITIONS`), the pages of the PDF it
    makes in order, and how a printer turns each sheet for its second side (``None``:
    one side, or as the printer likes)."""

    kind: str
    sides: tuple[SheetSide, ...]
    duplex: str | None = None


__all__ = ["IMPOSITIONS", "Box", "Imposition", "Placement", "SheetSide"]
