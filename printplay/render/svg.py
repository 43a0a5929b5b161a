"""reportlab drawings as SVG: a picture file of its own, or a diagram put inside a web page.

Both come from reportlab's ``renderSVG`` (on a lean document tree,
:mod:`printplay.render.lean_svg`), so the picture is the very one the PDFs print.
What this module adds: fonts named as a browser knows them (the bundled DejaVu faces by
their public names, bold and oblique as weights and styles), coordinates rounded to a
hundredth of a point (the files are about half the size, the pictures the same), and, for
a page, an SVG element with no XML prologue, a text alternative for screen readers, and
ids made unique on the page (renderSVG names every drawing's clip path ``clip``, so two
diagrams on one page would share the first one's).

>>> from reportlab.graphics.shapes import Drawing, String
>>> drawing = Drawing(40, 20)
>>> _ = drawing.add(String(2, 5, "A♠", fontName="PPSans-Bold", fontSize=9))
>>> svg = inline_svg(drawing, label="the ace of spades", prefix="fig1")
>>> svg.startswith('<svg role="img" aria-label="the ace of spades"'), 'id="fig1-clip"' in svg
(True, True)
>>> "font-weight: bold" in svg and "PPSans" not in svg and "<?xml" not in svg
True
>>> "DejaVu" in svg  # the page's stylesheet names the font (INLINE_CSS)
False
"""

from __future__ import annotations

import math
import re
from collections.abc import Hashable, Iterator
from html import escape

from reportlab.graphics.shapes import Drawing, Group, String

from printplay.core.kept import Kept
from printplay.render.fonts import (
    MONO,
    SANS,
    SANS_BOLD,
    SANS_BOLD_ITALIC,
    SANS_ITALIC,
    register_fonts,
)
from printplay.render.lean_svg import draw_to_string

SVG_FAMILY = "'DejaVu Sans', 'Segoe UI Symbol', 'Arial Unicode MS', sans-serif"
"""How an SVG names the card font, for browsers: the bundled face by its public name."""

MONO_FAMILY = "'DejaVu Sans Mono', monospace"
"""How an SVG names the monospaced face."""

_FACES = {
    SANS: (SVG_FAMILY, "normal", "normal"),
    SANS_BOLD: (SVG_FAMILY, "bold", "normal"),
    SANS_ITALIC: (SVG_FAMILY, "normal", "italic"),
    SANS_BOLD_ITALIC: (SVG_FAMILY, "bold", "italic"),
    MONO: (MONO_FAMILY, "normal", "normal"),
}
_NUMBER = re.compile(r"(?<![\w#.])(-?\d+\.\d{3,})")
_PROLOGUE = re.compile(r"\A\s*<\?xml[^>]*\?>\s*(<!DOCTYPE[^>]*>\s*)?", re.DOTALL)
_TITLE = re.compile(r"\s*<title>.*?</title>\s*<desc>.*?</desc>", re.DOTALL)
_ID = re.compile(r'\bid="([^"]+)"')
_TAG = re.compile(r"<[^>]*>")
_TEXT_FLIP = re.compile(r'(<text x="[^"]*" y="([^"]*)"[^>]*?)translate\(0,-?\d+\) scale\(1,-1\)')
_SIZE = re.compile(r'width="[^"]*" height="[^"]*"')
_INDENT = re.compile(r"\n[ \t]+")


def _round(match: re.Match[str]) -> str:
    text = f"{float(match.group()):.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _exact(text: str, drawing: Drawing) -> str:
    """renderSVG's whole-number sizes made exact: its view box and the flip of its picture
    cut the drawing's size to whole points (the last hair of a drawing, a card's right
    edge, was cut off), and the flip of every text to whole points (a label sat up to a
    point too high)."""
    width, height = float(drawing.width), float(drawing.height)
    text = text.replace(
        f'viewBox="0 0 {int(width)} {int(height)}"', f'viewBox="0 0 {width!r} {height!r}"', 1
    )
    text = text.replace(f"translate(0,-{int(height)})", f"translate(0,-{height!r})", 1)

    def flip(match: re.Match[str]) -> str:
        return f"{match.group(1)}translate(0,{2 * float(match.group(2))!r}) scale(1,-1)"

    return _TEXT_FLIP.sub(flip, text)


def _framed(drawing: Drawing) -> Drawing:
    """``drawing`` grown to hold everything drawn, if something reaches past its edges.

    A PDF prints a drawing's overhang (a row label a point left of it) into the page's
    margin, but an SVG shows only its view box: the overhang would be cut off.

    >>> from reportlab.graphics.shapes import String
    >>> drawing = Drawing(40, 20)
    >>> _ = drawing.add(String(-3, 5, "row 1", fontName="PPSans", fontSize=9))
    >>> framed = _framed(drawing)
    >>> framed.width > 40, framed.getBounds()[0] >= 0
    (True, True)
    """
    register_fonts()  # the bounds of words need their font's widths
    width, height = float(drawing.width), float(drawing.height)
    x0, y0, x1, y1 = drawing.getBounds()
    left, bottom = max(0.0, -x0), max(0.0, -y0)
    right, top = max(0.0, x1 - width), max(0.0, y1 - height)
    if not (left or bottom or right or top):
        return drawing
    framed = Drawing(width + left + right, height + bottom + top)
    group = Group(*drawing.contents)
    group.translate(left, bottom)
    framed.add(group)
    return framed


def svg_text(drawing: Drawing) -> str:
    """The drawing as an SVG document (with its XML prologue): fonts named for browsers,
    coordinates rounded to hundredths, the view box holding everything drawn."""
    return _svg_of(_framed(drawing))


def _svg_of(drawing: Drawing) -> str:
    """:func:`svg_text` of a drawing already :func:`_framed`."""
    text = _exact(draw_to_string(drawing), drawing)
    for name, (family, weight, style) in _FACES.items():
        text = text.replace(
            f"font-family: {name};",
            f"font-family: {family}; font-weight: {weight}; font-style: {style};",
        )
    # Only numbers inside tags (coordinates, sizes) are rounded, never the text drawn.
    return _TAG.sub(lambda tag: _NUMBER.sub(_round, tag.group()), text)


def svg_document(drawing: Drawing) -> bytes:
    """The drawing as an SVG file's bytes (UTF-8)."""
    return svg_text(drawing).encode("utf-8")


_INHERITED = (
    f"font-family: {SVG_FAMILY}; ",
    "font-weight: normal; ",
    "font-style: normal; ",
    "stroke-linecap: butt; ",
    " fill-rule: evenodd;",
)
"""What every shape of an inline drawing would repeat, and it inherits instead: the card
font (the page's stylesheet sets it on the drawing, :data:`INLINE_CSS`), the normal weight
and style, and the defaults renderSVG writes out (its root sets the even-odd fill rule)."""

INLINE_CSS = (
    f"svg.drawing {{ font-family: {SVG_FAMILY}; font-weight: normal; font-style: normal; }}"
)
"""The stylesheet rule an inline drawing needs (:func:`inline_svg` leaves it to the page)."""


def _text_sizes(
    node: object, linear: tuple[float, float, float, float] = (1.0, 0.0, 0.0, 1.0)
) -> Iterator[float]:
    """The height of every string drawn under ``node``, in the drawing's units: its size
    scaled as the groups around it (``linear``: their transforms, less the moves) scale its
    up direction; a string squeezed sideways keeps its height."""
    outer_a, outer_b, outer_c, outer_d = linear
    if isinstance(node, String):
        if node.text.strip():
            yield float(node.fontSize) * math.hypot(outer_c, outer_d)
    elif isinstance(node, Group):
        a, b, c, d = (float(value) for value in node.transform[:4])
        inner = (
            outer_a * a + outer_c * b,
            outer_b * a + outer_d * b,
            outer_a * c + outer_c * d,
            outer_b * c + outer_d * d,
        )
        for child in node.contents:
            yield from _text_sizes(child, inner)


def label_ems(drawing: Drawing) -> float | None:
    """How many times its smallest words' size the drawing is wide (none without words):
    shown ``n`` pixels wide it prints them ``n / label_ems`` pixels high, so a page that
    wants them at least ``f`` pixels keeps it ``label_ems * f`` wide.

    >>> drawing = Drawing(120, 20)
    >>> _ = drawing.add(String(2, 5, "stock", fontName="PPSans", fontSize=6))
    >>> group = Group(String(2, 12, "row 1", fontName="PPSans", fontSize=8))
    >>> group.scale(0.5, 0.5)
    >>> _ = drawing.add(group)
    >>> label_ems(drawing)  # the words in the group are drawn 4 high
    30.0
    """
    sizes = list(_text_sizes(drawing))
    return float(drawing.width) / min(sizes) if sizes else None


KEPT = 256
"""How many drawings' SVG :func:`inline_svg` keeps, by their keys."""

_kept: Kept[tuple[Hashable, float], tuple[str, float | None]] = Kept(KEPT)


def _element(drawing: Drawing, scale: float) -> tuple[str, float | None]:
    """The drawing's ``<svg>`` element (its ids as renderSVG names them, no text
    alternative yet) and its :func:`label_ems`."""
    drawing = _framed(drawing)
    ems = label_ems(drawing)
    text = _PROLOGUE.sub("", _svg_of(drawing))
    width, height = float(drawing.width) * scale, float(drawing.height) * scale
    text = _SIZE.sub(f'width="{width:.2f}" height="{height:.2f}"', text, count=1)
    for inherited in _INHERITED:
        text = text.replace(inherited, "")
    text = _INDENT.sub("\n", text)
    return _TITLE.sub("", text, count=1), ems


def inline_svg(
    drawing: Drawing,
    *,
    label: str,
    prefix: str,
    scale: float = 1.0,
    key: Hashable | None = None,
) -> str:
    """The drawing as an ``<svg>`` element for a web page: ``label`` is its text
    alternative (what a screen reader reads instead of the picture), ``prefix`` makes its
    ids unique on the page (give each diagram its own), ``scale`` how much larger than its
    size in points it is shown (a drawing made for paper, shown on a screen).  The page's
    stylesheet must hold :data:`INLINE_CSS`.

    A drawing with words carries their size, as :func:`label_ems`, in a custom property
    (``style="--label-ems: 73.2"``): the stylesheet keeps it wide enough for them to read,
    on a phone and on paper.

    ``key`` says what the drawing is drawn from, when that settles every line of it (equal
    keys, equal drawings: the board views a rulebook's figure shows): the SVG of a key met
    before (the same figure in the rulebook of each variant) is not made again."""
    text, ems = _kept.get(None if key is None else (key, scale), lambda: _element(drawing, scale))
    for ident in dict.fromkeys(_ID.findall(text)):
        new = f"{prefix}-{ident}"
        text = text.replace(f'id="{ident}"', f'id="{new}"')
        text = text.replace(f"url(#{ident})", f"url(#{new})")
        text = text.replace(f'href="#{ident}"', f'href="#{new}"')
    attributes = f'<svg role="img" aria-label="{escape(label)}" class="drawing"'
    if ems is not None:
        attributes += f' style="--label-ems: {ems:.2f}"'
    return attributes + text.strip().removeprefix("<svg")


__all__ = [
    "INLINE_CSS",
    "MONO_FAMILY",
    "SVG_FAMILY",
    "inline_svg",
    "label_ems",
    "svg_document",
    "svg_text",
]
