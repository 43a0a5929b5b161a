"""The embedded fonts: DejaVu, which carries the suit symbols ♠♥♦♣.

Fonts are registered with reportlab once, on first use; every PDF embeds (subsets of)
them, so the suits print and extract as text on any machine.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from reportlab import rl_config
from reportlab.graphics.shapes import STATE_DEFAULTS
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus.tables import CellStyle

SANS = "PPSans"
SANS_BOLD = "PPSans-Bold"
SANS_ITALIC = "PPSans-Oblique"
SANS_BOLD_ITALIC = "PPSans-BoldOblique"
SERIF = "PPSerif"
SERIF_BOLD = "PPSerif-Bold"
SERIF_ITALIC = "PPSerif-Italic"
MONO = "PPMono"

_FILES = {
    SANS: "DejaVuSans.ttf",
    SANS_BOLD: "DejaVuSans-Bold.ttf",
    SANS_ITALIC: "DejaVuSans-Oblique.ttf",
    SANS_BOLD_ITALIC: "DejaVuSans-BoldOblique.ttf",
    SERIF: "DejaVuSerif.ttf",
    SERIF_BOLD: "DejaVuSerif-Bold.ttf",
    SERIF_ITALIC: "DejaVuSerif-Italic.ttf",
    MONO: "DejaVuSansMono.ttf",
}


@cache
def register_fonts() -> None:
    """Register the bundled fonts and their bold/italic families with reportlab."""
    folder = resources.files("printplay") / "fonts"
    for name, filename in _FILES.items():
        with resources.as_file(folder / filename) as path:
            pdfmetrics.registerFont(TTFont(name, str(path)))
    families = {
        SANS: (SANS, SANS_BOLD, SANS_ITALIC, SANS_BOLD_ITALIC),
        SERIF: (SERIF, SERIF_BOLD, SERIF_ITALIC, SERIF_BOLD),  # no bold italic serif bundled
        MONO: (MONO, MONO, MONO, MONO),
    }
    for family, (regular, bold, italic, bold_italic) in families.items():
        addMapping(family, 0, 0, regular)
        addMapping(family, 1, 0, bold)
        addMapping(family, 0, 1, italic)
        addMapping(family, 1, 1, bold_italic)
    # A new canvas, and every table cell, selects a font before anything is drawn; with
    # reportlab's default (Helvetica) every PDF would name a font it does not embed.
    rl_config.canvas_basefontname = SANS
    CellStyle.fontname = SANS
    STATE_DEFAULTS["fontName"] = SANS  # drawings (reportlab.graphics) start in it too
