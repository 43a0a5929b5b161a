"""One card side as a PNG at exactly a print profile's pixel size, rasterised by PDFium
from its one-page PDF (:mod:`printplay.render.card_pdf`), its resolution in its ``pHYs``
chunk and an sRGB ICC profile embedded.
"""

from __future__ import annotations

import io

import pypdfium2

from printplay.models.print_profiles import PrintProfile
from printplay.render.card_pdf import srgb_icc


def card_png(pdf: bytes, profile: PrintProfile) -> bytes:
    """The one-page ``pdf`` rasterised at exactly ``profile``'s pixel size, as a PNG that
    carries its resolution and an sRGB ICC profile.

    The page is rendered onto a transparent ground: a pixel the card's own ground did not
    cover (the bleed left unfilled) is an error, not a white hairline."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[0]
        width, height = profile.image_px
        # PDFium sizes the bitmap as ceil(page size × scale): a hair under the exact scale
        # gives exactly the image's pixels whatever the rounding of the page's size.
        scale = min((width - 0.01) / page.get_width(), (height - 0.01) / page.get_height())
        image = page.render(scale=scale, fill_color=(0, 0, 0, 0)).to_pil()
    finally:
        document.close()
    if image.size != (width, height):
        raise AssertionError(f"rendered {image.size}, not {profile.image_px}")
    low, _ = image.getchannel("A").getextrema()
    if low != 255:
        raise AssertionError("the card's ground does not fill its bleed")
    out = io.BytesIO()
    image.convert("RGB").save(
        out, "PNG", dpi=(profile.dpi, profile.dpi), icc_profile=srgb_icc(), optimize=False
    )
    return out.getvalue()


__all__ = ["card_png"]
