"""Ink-light drawing: the lite kit's printables drawn in outline, grounds left to the paper.

Inside :func:`printplay.core.ink_mode.ink_light`, every renderer that fills a background (a
table's header, a callout, a card's back in a diagram, a mat's places, a chip) leaves it
white and keeps its outline, and the dark discs of move numbers, balls and buttons become
rings.  Outside it (the default) nothing changes, byte for byte.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, white

from printplay.core.ink_mode import is_ink_light


def ground(colour: Color) -> Color:
    """The fill of a background: ``colour``, or white paper when drawing ink-light (white,
    not none, so that what it covers stays covered)."""
    return white if is_ink_light() else colour


__all__ = ["ground"]
