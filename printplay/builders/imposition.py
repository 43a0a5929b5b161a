"""Imposing a finished book for printing (builder): a booklet to fold and staple, or
trim-size pages with bleed for a print shop.

A **booklet** puts two pages side by side on each side of a landscape sheet of the same
paper, each scaled to half the sheet (an A4 page to A5 exactly; a Letter page to 64.7 %,
centred on its half), in saddle-stitch order: printed on both sides flipping on the short
edge, the sheets stacked in order, folded in the middle and stapled on the fold, the pages
read in order.  The page count is made up to a multiple of four with blank pages at the
end.

A **print-shop** PDF keeps every page at its size (the trim) and grows it by
:data:`BOOK_BLEED_MM` on each side (the bleed), with the TrimBox on the page's edge and the
BleedBox on the grown page, as print shops ask.

>>> booklet_order(8)
((8, 1), (2, 7), (6, 3), (4, 5))
>>> booklet_order(6)
((None, 1), (2, None), (6, 3), (4, 5))
"""

from __future__ import annotations

from printplay.core.errors import OptionError
from printplay.core.jsontypes import JsonObject
from printplay.models.imposition_model import (
    IMPOSITIONS,
    Imposition,
    Placement,
    SheetSide,
)

POINTS_PER_MM = 72 / 25.4

BOOK_BLEED_MM = 3.0
"""The bleed a print-shop PDF adds round each page."""


def check_imposition(value: str) -> str:
    """``value`` in lower case if it is one of :data:`IMPOSITIONS`; an OptionError if not."""
    chosen = str(value).lower()
    if chosen not in IMPOSITIONS:
        raise OptionError(
            f"unknown imposition {str(value)[:30]!r} (choose {', '.join(IMPOSITIONS)})"
        )
    return chosen


def booklet_order(pages: int) -> tuple[tuple[int | None, int | None], ...]:
    """The pages on each side of the sheets of a saddle-stitched booklet of ``pages``
    pages, in printing order (a sheet's front, then its back): ``(left, right)``, numbered
    from 1, ``None`` for a blank page that makes the count up to a multiple of four.

    The first sheet holds the outermost pages: the last and the first on its front, the
    second and the last but one on its back, and so on inwards."""
    if pages < 1:
        raise ValueError(f"a booklet of {pages} pages")
    total = -(-pages // 4) * 4

    def real(number: int) -> int | None:
        return number if number <= pages else None

    sides: list[tuple[int | None, int | None]] = []
    for sheet in range(total // 4):
        first, last = 2 * sheet + 1, total - 2 * sheet
        sides.append((real(last), real(first)))
        sides.append((real(first + 1), real(last - 1)))
    return tuple(sides)


def booklet(pages: int, page: tuple[float, float], paper: tuple[float, float]) -> Imposition:
    """The booklet of a document of ``pages`` pages of size ``page`` (points, portrait) on
    landscape sheets of ``paper``: each page scaled to fit half a sheet, centred on it."""
    width, height = max(paper), min(paper)
    half = width / 2
    scale = min(half / page[0], height / page[1])
    x_in = (half - page[0] * scale) / 2
    y = (height - page[1] * scale) / 2
    sides: list[SheetSide] = []
    for left, right in booklet_order(pages):
        placed = tuple(
            Placement(number - 1, offset + x_in, y, scale)
            for number, offset in ((left, 0.0), (right, half))
            if number is not None
        )
        sides.append(SheetSide((width, height), placed))
    return Imposition("booklet", tuple(sides), duplex="short-edge")


def print_shop(
    pages: int, page: tuple[float, float], bleed_mm: float = BOOK_BLEED_MM
) -> Imposition:
    """Every page of a document of ``pages`` pages of size ``page`` on a page grown by
    ``bleed_mm`` each side: the TrimBox the page as laid out, the BleedBox the whole."""
    bleed = bleed_mm * POINTS_PER_MM
    width, height = page[0] + 2 * bleed, page[1] + 2 * bleed
    trim = (bleed, bleed, bleed + page[0], bleed + page[1])
    sides = tuple(
        SheetSide(
            (width, height),
            (Placement(number, bleed, bleed),),
            trim=trim,
            bleed=(0.0, 0.0, width, height),
        )
        for number in range(pages)
    )
    return Imposition("print-shop", sides)


def imposition_plan(
    kind: str, pages: int, page: tuple[float, float], paper: tuple[float, float]
) -> Imposition | None:
    """The imposition ``kind`` of a document of ``pages`` pages of size ``page`` printed on
    ``paper``; ``None`` for ``pages`` (the document as laid out)."""
    chosen = check_imposition(kind)
    if chosen == "booklet":
        return booklet(pages, page, paper)
    if chosen == "print-shop":
        return print_shop(pages, page)
    return None


def imposition_manifest(plan: Imposition, pages: int) -> JsonObject:
    """What a book's manifest says of its imposition ``plan`` of ``pages`` pages: the kind,
    the pages of the file, and the sheets and blank pages of a booklet or the trim and
    bleed of a print-shop PDF."""
    data: JsonObject = {"kind": plan.kind, "file_pages": len(plan.sides)}
    if plan.kind == "booklet":
        data["sheets"] = len(plan.sides) // 2
        data["blank_pages"] = 2 * len(plan.sides) - pages
        data["duplex"] = plan.duplex
    elif plan.sides and plan.sides[0].trim is not None:
        x0, y0, x1, y1 = plan.sides[0].trim
        data["trim_mm"] = [round((x1 - x0) / POINTS_PER_MM, 1), round((y1 - y0) / POINTS_PER_MM, 1)]
        data["bleed_mm"] = BOOK_BLEED_MM
    return data


__all__ = [
    "BOOK_BLEED_MM",
    "booklet",
    "booklet_order",
    "check_imposition",
    "imposition_manifest",
    "imposition_plan",
    "print_shop",
]
