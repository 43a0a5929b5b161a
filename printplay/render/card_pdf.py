"""One card side as a print shop takes it, as a one-page PDF at a print profile's size.

The page is the profile's image: the card's cut size (the trim) in its middle and the
bleed round it, filled edge to edge by the card's ground (white paper for a face and a
quick-reference card, the navy lattice for a back), so a cut that drifts shows no white
hairline.  Nothing but that ground comes nearer the cut than the safe zone: a face is
drawn without its cut-line outline, a quick-reference card without its outline and
frame, and art that would reach into the margin is shrunk about the card's centre just
enough to keep :data:`SAFE_CLEARANCE_MM` inside the safe zone (one scale for every face of
an export, so all indices are alike).

The page's TrimBox is the cut and its BleedBox the page, with an sRGB output intent;
:mod:`printplay.render.card_png` rasterises it.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Mapping
from functools import cache

from PIL import ImageCms
from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    NameObject,
    NumberObject,
    TextStringObject,
)
from reportlab.pdfgen.canvas import Canvas

from printplay import __version__
from printplay.models.card_export_model import CardExport, CardFile
from printplay.models.print_profiles import PrintProfile
from printplay.models.printable import QuickCardText
from printplay.render import lean_pdf
from printplay.render.card_sizes import CardSize
from printplay.render.document import pdf_dates, pdf_epoch
from printplay.render.faces import (
    BACK_INK_MARGIN_MM,
    FACE_INK_MARGIN_MM,
    FaceStyle,
    card_back,
    card_face,
    new_drawing,
)
from printplay.render.quickref_pdf import SAFE_MM as QUICK_SAFE_MM
from printplay.render.quickref_pdf import QuickCard, quick_card

SAFE_CLEARANCE_MM = 0.3
"""Art keeps this much more than the safe margin from the cut (a pixel or two of
anti-aliasing, and a little air)."""

OVERSHOOT = 1.0
"""The ground is drawn this many points past the page's edge, so no edge pixel is left
partly uncovered."""

SRGB = "sRGB IEC61966-2.1"

_ICC_DATE = struct.pack(">6H", 2026, 1, 1, 0, 0, 0)
"""The creation date written into the embedded ICC profile (LittleCMS stamps the time it
made the profile: fixed here, so the same export is the same bytes)."""


def card_size(profile: PrintProfile) -> CardSize:
    """The card format of ``profile``: its trim."""
    return CardSize(profile.name, profile.trim_mm[0], profile.trim_mm[1])


def page_size(profile: PrintProfile) -> tuple[float, float]:
    """The page in points: the profile's image at its resolution."""
    width, height = profile.image_px
    return width * 72 / profile.dpi, height * 72 / profile.dpi


def trim_origin(profile: PrintProfile) -> tuple[float, float]:
    """Where the cut line's lower-left corner lies on the page, in points."""
    size, (width, height) = card_size(profile), page_size(profile)
    return (width - size.width) / 2, (height - size.height) / 2


def art_scale(profile: PrintProfile, ink_margin_mm: float) -> float:
    """The scale that keeps art whose ink comes ``ink_margin_mm`` near the cut at
    :data:`SAFE_CLEARANCE_MM` inside the safe zone (1 when it already is)."""
    needed = profile.safe_mm + SAFE_CLEARANCE_MM
    if ink_margin_mm >= needed:
        return 1.0
    return min((half - needed) / (half - ink_margin_mm) for half in _halves(profile))


def _halves(profile: PrintProfile) -> tuple[float, float]:
    return profile.trim_mm[0] / 2, profile.trim_mm[1] / 2


@cache
def srgb_icc() -> bytes:
    """An sRGB ICC profile (LittleCMS's built-in one, through Pillow), with a fixed date."""
    data = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    data[24:36] = _ICC_DATE
    return bytes(data)


def quick_cards(texts: Mapping[str, QuickCardText], profile: PrintProfile) -> dict[str, QuickCard]:
    """The quick-reference cards of ``texts`` fitted to ``profile``'s card (a side that does
    not fit is an error now, before anything is written)."""
    size = card_size(profile)
    return {game: quick_card(text, size) for game, text in texts.items()}


def card_pdf(export: CardExport, file: CardFile, quick: Mapping[str, QuickCard]) -> bytes:
    """``file`` of ``export`` as a one-page PDF: the page the trim and bleed, the TrimBox
    and BleedBox set, an sRGB output intent."""
    profile = export.profile
    page = page_size(profile)
    x, y = trim_origin(profile)
    size = card_size(profile)
    bleed = max(x, y) + OVERSHOOT
    buffer = io.BytesIO()
    with pdf_dates(pdf_epoch()):
        canvas = Canvas(buffer, pagesize=page, invariant=1)
        canvas.setTitle(f"printplay card: {file.name}")
        canvas.setAuthor("printplay")
        canvas.setCreator(f"printplay {__version__}")
        canvas.setSubject(profile.title)
        canvas.setTrimBox((x, y, x + size.width, y + size.height))
        canvas.setBleedBox((0.0, 0.0, page[0], page[1]))
        if file.game is not None:
            side = "front" if file.side == "face" else "back"
            scale = art_scale(profile, QUICK_SAFE_MM)
            quick[file.game].draw(
                canvas, side, x, y, bleed=bleed, edge_lines=False, art_scale=scale
            )
        else:
            if file.card is not None:
                style = FaceStyle(four_colour=export.four_colour, large_index=export.large_index)
                scale = art_scale(profile, FACE_INK_MARGIN_MM)
                group = card_face(
                    file.card, size, style, bleed=bleed, outline=False, art_scale=scale
                )
            else:
                scale = art_scale(profile, BACK_INK_MARGIN_MM)
                group = card_back(size, export.back_text, bleed=bleed, art_scale=scale)
            drawing = new_drawing(*page)
            group.transform = (1, 0, 0, 1, x, y)
            drawing.add(group)
            lean_pdf.draw(drawing, canvas, 0, 0)
        canvas.showPage()
        canvas.save()
    return _with_output_intent(buffer.getvalue())


def _with_output_intent(pdf: bytes) -> bytes:
    """``pdf`` with an output intent saying its RGB colours are sRGB."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    icc = DecodedStreamObject()
    icc.set_data(srgb_icc())
    icc[NameObject("/N")] = NumberObject(3)
    intent = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/OutputIntent"),
            NameObject("/S"): NameObject("/GTS_PDFA1"),
            NameObject("/OutputConditionIdentifier"): TextStringObject(SRGB),
            NameObject("/Info"): TextStringObject(SRGB),
            NameObject("/DestOutputProfile"): writer._add_object(icc.flate_encode()),
        }
    )
    writer._root_object[NameObject("/OutputIntents")] = ArrayObject([intent])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


__all__ = [
    "OVERSHOOT",
    "SAFE_CLEARANCE_MM",
    "SRGB",
    "art_scale",
    "card_pdf",
    "card_size",
    "page_size",
    "quick_cards",
    "srgb_icc",
    "trim_origin",
]
