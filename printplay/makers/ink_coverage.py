"""How much of a PDF's paper is inked, measured on its rendered pages.

Every page is rendered in greys at :data:`INK_DPI` with pypdfium2, without smoothing (so a
pixel is either paper or ink, and a thin line does not smear into the pixels round it), and
every pixel that is not pure white counts as inked: the share of the pages' area printed
on, however lightly.  The lite kit is measured this way against the full one
(``benchmarks/lite_kit.py``; the figures are in docs/print-and-play.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

INK_DPI = 100
"""The resolution pages are measured at: a pixel is a quarter of a millimetre across."""

_WHITE = 255
"""The grey level of bare paper."""


@dataclass(frozen=True)
class InkCoverage:
    """What a PDF prints: its pages and the share of their area inked."""

    pages: int
    share: float
    """Of the whole area of all the pages (blank ones too), the part inked: 0 to 1."""

    @property
    def inked_pages(self) -> float:
        """The inked area in pages' worth (a page inked all over counts 1)."""
        return self.share * self.pages


def measure_ink(path: Path | str, dpi: int = INK_DPI) -> InkCoverage:
    """The ink coverage of the PDF at ``path``, its pages rendered at ``dpi``."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(path))
    inked = total = 0
    try:
        for index in range(len(document)):
            page = document[index]
            bitmap = page.render(
                scale=dpi / 72,
                grayscale=True,
                no_smoothtext=True,
                no_smoothpath=True,
                no_smoothimage=True,
            )
            histogram = bitmap.to_pil().convert("L").histogram()
            inked += sum(histogram[:_WHITE])
            total += sum(histogram)
            page.close()
        pages = len(document)
    finally:
        document.close()
    return InkCoverage(pages, inked / total if total else 0.0)


__all__ = ["INK_DPI", "InkCoverage", "measure_ink"]
