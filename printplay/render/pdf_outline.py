"""The PDF outline (bookmarks) of typeset documents: a flowable that adds an entry where it
is placed.  Apart from :mod:`printplay.render.markdown_pdf` so that a sheet, which sets no
Markdown, has its outline without importing the Markdown typesetter."""

from __future__ import annotations

import weakref

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable
from reportlab.platypus.flowables import CallerMacro

__all__ = ["outline_entry"]

_OUTLINES: weakref.WeakKeyDictionary[Canvas, list[int]] = weakref.WeakKeyDictionary()
"""Each canvas's outline so far: the last bookmark's number and the last entry's level."""


def outline_entry(title: str, level: int) -> Flowable:
    """A zero-size flowable that bookmarks its position and adds a PDF outline entry.

    The bookmark key and the outline level are kept for each canvas, so keys are unique and
    levels never jump (an h2 before any h1 goes to the top level) however the flowables of
    several sources are combined.
    """

    def draw(macro: Flowable, *_: float) -> None:
        canvas = macro.canv
        state = _OUTLINES.get(canvas)
        if state is None:
            state = _OUTLINES[canvas] = [0, -1]
            canvas.showOutline()
        state[0] += 1
        key = f"printplay-section-{state[0]}"
        depth = min(level, state[1] + 1)
        canvas.bookmarkHorizontal(key, 0, 0)
        canvas.addOutlineEntry(title, key, level=depth, closed=depth > 0)
        state[1] = depth

    entry: Flowable = CallerMacro(drawCallable=draw)
    entry.keepWithNext = 1
    return entry
