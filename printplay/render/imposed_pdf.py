"""A finished PDF's pages put on new pages as an :class:`Imposition` says (pypdf).

Each side of the plan becomes a page of its size; the source pages named on it are drawn
there, moved and scaled, vector art and fonts as they were; the trim and bleed boxes are
set where the plan gives them.  The document's information is kept, the viewer is asked
to print at 100 % and, for a booklet, to turn the sheets on their short edge.  The same
input gives the same bytes.
"""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter, Transformation
from pypdf.generic import BooleanObject, NameObject, RectangleObject

from printplay import __version__
from printplay.models.imposition_model import Imposition

_DUPLEX = {"short-edge": "/DuplexFlipShortEdge", "long-edge": "/DuplexFlipLongEdge"}
_KEPT = ("/Title", "/Author", "/Subject", "/Keywords", "/Creator", "/CreationDate", "/ModDate")


def impose_pdf(pdf: bytes, plan: Imposition) -> bytes:
    """The pages of ``pdf`` placed as ``plan`` says, as a new PDF."""
    reader = PdfReader(io.BytesIO(pdf))
    writer = PdfWriter()
    for side in plan.sides:
        page = writer.add_blank_page(*side.size)
        for placement in side.placements:
            move = Transformation().scale(placement.scale).translate(placement.x, placement.y)
            page.merge_transformed_page(reader.pages[placement.page], move)
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


__all__ = ["impose_pdf"]
