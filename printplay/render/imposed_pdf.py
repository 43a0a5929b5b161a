"""A finished PDF's pages put on new pages as an :class:`Imposition` says (pypdf).

Each source page becomes a Form XObject (its content stream copied as it is, still
compressed, with its resources and its media box as the form's bounding box), and each side
of the plan a page of its size that draws the forms named on it, moved and scaled: vector
art and fonts as they were, nothing parsed or written out again, so the file is about the
size of its source and made in a fraction of a second.  The trim and bleed boxes are set
where the plan gives them.  The document's information is kept, the viewer is asked to
print at 100 % and, for a booklet, to turn the sheets on their short edge.  The same input
gives the same bytes.
"""

from __future__ import annotations

import io

from pypdf import PageObject, PdfReader, PdfWriter
from pypdf.generic import (
    BooleanObject,
    DecodedStreamObject,
    DictionaryObject,
    IndirectObject,
    NameObject,
    RectangleObject,
    StreamObject,
)

from printplay import __version__
from printplay.models.imposition_model import Imposition, Placement

_DUPLEX = {"short-edge": "/DuplexFlipShortEdge", "long-edge": "/DuplexFlipLongEdge"}
_KEPT = ("/Title", "/Author", "/Subject", "/Keywords", "/Creator", "/CreationDate", "/ModDate")


def impose_pdf(pdf: bytes, plan: Imposition) -> bytes:
    """The pages of ``pdf`` placed as ``plan`` says, as a new PDF.

    Raises :class:`ValueError` for a page whose content is not one stream (reportlab, which
    made every document this imposes, writes one a page).
    """
    reader = PdfReader(io.BytesIO(pdf))
    writer = PdfWriter()
    forms: dict[int, IndirectObject] = {}
    for side in plan.sides:
        page = writer.add_blank_page(*side.size)
        drawn = DictionaryObject()
        for placement in side.placements:
            if placement.page not in forms:
                forms[placement.page] = page_form(writer, reader.pages[placement.page])
            drawn[_form_name(placement)] = forms[placement.page]
        page[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): drawn})
        content = DecodedStreamObject()
        content.set_data("\n".join(_draw(placement) for placement in side.placements).encode())
        page.replace_contents(content.flate_encode())
        if side.trim is not None:
            page.trimbox = RectangleObject(side.trim)
        if side.bleed is not None:
            page.bleedbox = RectangleObject(side.bleed)
    preferences = writer.create_viewer_preferences()
    preferences[NameObject("/PrintScaling")] = NameObject("/None")
    preferences[NameObject("/DisplayDocTitle")] = BooleanObject(True)
    if plan.duplex is not None:
        preferences[NameObject("/Duplex")] = NameObject(_DUPLEX[plan.duplex])
    information = reader.metadata
    kept = {key: str(information[key]) for key in _KEPT if information and key in information}
    kept["/Producer"] = f"printplay {__version__} (reportlab, pypdf): {plan.kind}"
    writer.add_metadata(kept)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def page_form(writer: PdfWriter, page: PageObject) -> IndirectObject:
    """``page`` of another document as a Form XObject of ``writer``: its content stream
    copied into ``writer`` as it is, with the page's resources (fonts and images copied
    once however many pages use them) and its media box as the bounding box."""
    contents = page.raw_get("/Contents")
    if not isinstance(contents, IndirectObject) or not isinstance(
        contents.get_object(), StreamObject
    ):
        raise ValueError("a page to impose must have its content in one stream")
    form = contents.clone(writer)
    stream = form.get_object()
    assert isinstance(stream, StreamObject)
    stream[NameObject("/Type")] = NameObject("/XObject")
    stream[NameObject("/Subtype")] = NameObject("/Form")
    stream[NameObject("/BBox")] = RectangleObject(page.mediabox)
    stream[NameObject("/Resources")] = page.raw_get("/Resources").clone(writer)
    return form


def _form_name(placement: Placement) -> NameObject:
    return NameObject(f"/Page{placement.page + 1}")


def _number(value: float) -> str:
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _draw(placement: Placement) -> str:
    """The operators that draw a placement's form, scaled, then moved to its place."""
    scale, x, y = (_number(v) for v in (placement.scale, placement.x, placement.y))
    return f"q {scale} 0 0 {scale} {x} {y} cm {_form_name(placement)} Do Q"


__all__ = ["impose_pdf", "page_form"]
