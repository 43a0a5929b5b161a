"""How much of a PDF page is printed on: the span of its ink inside the text area.

A page is rendered in grey and the box around everything darker than near-white, inside
the 14 mm margins and above the footer, is measured as a share of that area (its surface,
or its height: how far down the page the printing reaches).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pypdfium2
from pdftext import page_texts

MM_PT = 72 / 25.4

NEARLY_EMPTY = 0.2
"""A page whose printed part covers less than this share of the text area is nearly empty."""

HALF_EMPTY = 0.45
"""A page (but the last) whose printing stops above this share of the text area's height
leaves most of it empty."""

LAST_PAGE = 0.3
"""A last page whose printing stops above this share of the height is nearly empty (the
share a sheet's own layout tries for, ``printplay.render.sheet_pdf.NEARLY_EMPTY``)."""


def _ink(page: Any) -> tuple[float, float]:
    """The width and height shares of the text area that the page's printing spans."""
    scale = 0.4
    image = page.render(scale=scale, grayscale=True).to_pil().convert("L")
    margin, foot = round(14 * MM_PT * scale), round(22 * MM_PT * scale)
    area = image.crop((margin, margin, image.width - margin, image.height - foot))
    ink = area.point(lambda v: 255 if v < 235 else 0).getbbox()
    if ink is None:
        return 0.0, 0.0
    return (ink[2] - ink[0]) / area.width, (ink[3] - ink[1]) / area.height


def used(page: Any) -> float:
    """The share of the page's text area that its printed part spans."""
    width, height = _ink(page)
    return width * height


def used_heights(path: Path) -> list[float]:
    """How far down each page of the PDF at ``path`` its printing reaches, as a share of
    the text area's height."""
    document = pypdfium2.PdfDocument(path)
    try:
        return [round(_ink(page)[1], 2) for page in document]
    finally:
        document.close()


def half_empty_pages(path: Path, skip: set[int] | None = None) -> list[tuple[int, float]]:
    """The pages of the PDF at ``path`` (numbered from 1) that leave most of their height
    empty (:data:`HALF_EMPTY`; the last page :data:`LAST_PAGE`), but those in ``skip``
    (a cover, a page that warns the solutions follow: meant so) and pages that say they
    are the warning ("Stop here if you want")."""
    skipped = set(skip or ())
    texts = page_texts(path)
    skipped |= {n for n, text in enumerate(texts, 1) if "Stop here if you want" in text}
    heights = used_heights(path)
    return [
        (number, height)
        for number, height in enumerate(heights, 1)
        if number not in skipped and height < (LAST_PAGE if number == len(heights) else HALF_EMPTY)
    ]


SEGMENT_HEADING = re.compile(
    r"^(The start|Stock turns?:|Redeal|After move \d+|The line goes on from move \d+)",
    re.MULTILINE,
)
"""How a sheet's walkthrough segment is headed (templates/sheet.j2)."""


def segments_a_page(path: Path) -> list[int]:
    """How many walkthrough segments each page of a sheet begins."""
    return [len(SEGMENT_HEADING.findall(text)) for text in page_texts(path)]
