"""The book styles every rulebook is set in: paragraph styles, colours and list/table metrics.

Body text is DejaVu Serif at 10.25 pt on 14.5 pt leading; headings, tables, callouts and the
quick-reference (compact) styles are DejaVu Sans.  :func:`book_styles` builds the full set;
its :attr:`Styles.compact` member is the smaller set used for quick-reference regions.

>>> styles = book_styles()
>>> styles.body.fontName, styles.body.fontSize
('PPSerif', 10.25)
>>> styles.compact is not None and styles.compact.body.fontSize < styles.body.fontSize
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TypeAlias

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from printplay.render.fonts import (
    MONO,
    SANS,
    SANS_BOLD,
    SANS_ITALIC,
    SERIF,
    SERIF_BOLD,
    register_fonts,
)
from printplay.render.ink_light import ground

MIN_TEXT = 6.0
"""The smallest text printed anywhere, in points: a diagram's labels and tags, a card's
corner index however small the card is drawn."""


TableCommand: TypeAlias = tuple[str, tuple[int, int], tuple[int, int], *tuple[object, ...]]
"""One command of a reportlab ``TableStyle``: its name, the first and last cells it covers
(negative counts from the end), and its arguments (widths, colours, fonts …)."""

TableRow: TypeAlias = list[object]
"""One row of a reportlab ``Table``: paragraphs, drawings, strings or nothing, cell by cell."""


@dataclass(frozen=True)
class Palette:
    """The colours of the book."""

    ink: Color
    """Body text."""
    accent: Color
    """Headings, rules and the callout bar."""
    muted: Color
    """Subtitles, captions and small print."""
    red: Color
    """Hearts and diamonds."""
    black: Color
    """Spades and clubs."""
    rule: Color
    """Thin lines: table rules, horizontal rules."""
    header_fill: Color
    """Background of a table's header row."""
    zebra_fill: Color
    """Background of every other table body row."""
    callout_fill: Color
    """Background of a callout (a Markdown blockquote)."""


RED_SUITS = "♥♦♡♢"
"""Suit symbols printed in red."""
BLACK_SUITS = "♠♣♤♧"
"""Suit symbols printed in black."""
_SPECIAL = re.compile(f"[&<>{RED_SUITS}{BLACK_SUITS}]")


def hex_color(color: Color) -> str:
    """``#rrggbb`` for a reportlab colour."""
    red, green, blue = (round(float(part) * 255) for part in color.rgb())
    return f"#{red:02x}{green:02x}{blue:02x}"


def suit_markup(text: str, palette: Palette | None = None) -> str:
    """Plain ``text`` as reportlab paragraph mini-markup: escaped, with its suits coloured.

    ``&``, ``<`` and ``>`` become entities; ♥ ♦ are wrapped in the palette's red and ♠ ♣ in
    its black, wherever they appear.

    >>> suit_markup("10♥ & K♠ <3")
    '10<font color="#c8102e">♥</font> &amp; K<font color="#000000">♠</font> &lt;3'
    """
    palette = palette or _PALETTE
    red, black = hex_color(palette.red), hex_color(palette.black)

    def one(match: re.Match[str]) -> str:
        char = match.group()
        if char == "&":
            return "&amp;"
        if char == "<":
            return "&lt;"
        if char == ">":
            return "&gt;"
        return f'<font color="{red if char in RED_SUITS else black}">{char}</font>'

    return _SPECIAL.sub(one, text)


def book_palette() -> Palette:
    """The default colours: near-black ink, a deep card-table green accent, red suits; the
    fills white when drawing ink-light (:mod:`printplay.render.ink_light`)."""
    return Palette(
        ink=HexColor("#1b1b1b"),
        accent=HexColor("#1f5640"),
        muted=HexColor("#5a5a5a"),
        red=HexColor("#c8102e"),
        black=HexColor("#000000"),
        rule=HexColor("#9bb1a5"),
        header_fill=ground(HexColor("#dde8e1")),
        zebra_fill=ground(HexColor("#f3f6f4")),
        callout_fill=ground(HexColor("#eef4f0")),
    )


_PALETTE = book_palette()


@dataclass(frozen=True)
class Styles:
    """A complete set of styles for :func:`~printplay.render.markdown_pdf.markdown_to_flowables`.

    Every paragraph style is a reportlab ``ParagraphStyle``; the Markdown converter picks
    them by element (``h1`` → :attr:`h1`, ``td`` → :attr:`table_cell`, …) and by the
    ``{: .name}`` class of an element (``title``, ``subtitle``, ``small``, ``caption``,
    ``center``, ``lead``).
    """

    title: ParagraphStyle
    """The book's title (``# Title {: .title}``)."""
    subtitle: ParagraphStyle
    """A line under the title (``{: .subtitle}``)."""
    h1: ParagraphStyle
    """A section heading; starts a section with space above and a rule below."""
    h2: ParagraphStyle
    """A subsection heading."""
    h3: ParagraphStyle
    """A minor heading (also used for h4–h6)."""
    body: ParagraphStyle
    """Running text."""
    lead: ParagraphStyle
    """An introductory paragraph, slightly larger (``{: .lead}``)."""
    list_item: ParagraphStyle
    """A paragraph inside a bulleted or numbered list."""
    table_header: ParagraphStyle
    """A table header cell."""
    table_cell: ParagraphStyle
    """A table body cell."""
    cell: ParagraphStyle
    """A cell of a compact data table (deal orders, listings): small sans."""
    cell_right: ParagraphStyle
    """Like :attr:`cell`, right-aligned (numbers)."""
    cell_bold: ParagraphStyle
    """Like :attr:`cell`, bold (card names)."""
    step: ParagraphStyle
    """One numbered move of a walkthrough."""
    small: ParagraphStyle
    """Small print (``{: .small}``)."""
    caption: ParagraphStyle
    """A caption under a diagram or table (``{: .caption}``)."""
    center: ParagraphStyle
    """Body text, centred (``{: .center}``)."""
    callout: ParagraphStyle
    """Text inside a callout box (a Markdown blockquote): rulings, notes."""
    code: ParagraphStyle
    """A code block."""
    term: ParagraphStyle
    """A term of a definition list."""
    definition: ParagraphStyle
    """A definition of a definition list."""
    palette: Palette
    """The colours."""
    list_indent: float
    """Indent of a list's text from the enclosing text, in points."""
    cell_padding: float
    """Horizontal padding inside a table cell, in points."""
    compact: Styles | None = None
    """The smaller styles used inside a quick-reference region; ``None`` inside that set."""
    row_padding: tuple[float, float] = (2.5, 3.5)
    """Padding above and below the text of a table row, in points."""

    def by_class(self, name: str) -> ParagraphStyle | None:
        """The style a ``{: .name}`` class selects, or ``None`` for an unknown class."""
        if name in _CLASS_STYLES:
            style: ParagraphStyle = getattr(self, name)
            return style
        return None


_CLASS_STYLES = frozenset(
    {"title", "subtitle", "small", "caption", "center", "lead", "callout", "h1", "h2", "h3"}
)


def _styles(size: float, *, compact: bool) -> Styles:
    """Build the style set scaled around a body size of ``size`` points."""
    register_fonts()
    colors = book_palette()
    scale = size / 10.25
    leading = round(size * (1.32 if compact else 1.42), 2)
    after = 3.0 if compact else 6.0
    body_font = SANS if compact else SERIF

    body = ParagraphStyle(
        "body",
        fontName=body_font,
        fontSize=size,
        leading=leading,
        textColor=colors.ink,
        spaceBefore=0,
        spaceAfter=after,
        alignment=TA_LEFT,
        allowWidows=0,
        allowOrphans=0,
        embeddedHyphenation=0,
    )

    def heading(name: str, font_size: float, before: float, after: float) -> ParagraphStyle:
        return ParagraphStyle(
            name,
            parent=body,
            fontName=SANS_BOLD,
            fontSize=font_size,
            leading=round(font_size * 1.22, 2),
            textColor=colors.accent,
            spaceBefore=before,
            spaceAfter=after,
            keepWithNext=1,
        )

    if compact:
        h1 = heading("h1", round(11.5 * scale, 2), 6, 2)
        h2 = heading("h2", round(10 * scale, 2), 5, 1.5)
        h3 = heading("h3", round(9 * scale, 2), 4, 1)
    else:
        h1 = heading("h1", 17.0, 20, 4)
        h2 = heading("h2", 13.0, 13, 4)
        h3 = heading("h3", 10.75, 9, 2.5)
    h3 = ParagraphStyle("h3", parent=h3, textColor=colors.ink)

    title = ParagraphStyle(
        "title",
        parent=body,
        fontName=SANS_BOLD,
        fontSize=round(28 * scale, 2),
        leading=round(33 * scale, 2),
        textColor=colors.accent,
        alignment=TA_CENTER,
        spaceBefore=round(24 * scale, 2),
        spaceAfter=round(8 * scale, 2),
        keepWithNext=1,
    )
    subtitle = ParagraphStyle(
        "subtitle",
        parent=body,
        fontName=SANS,
        fontSize=round(13 * scale, 2),
        leading=round(17 * scale, 2),
        textColor=colors.muted,
        alignment=TA_CENTER,
        spaceAfter=round(18 * scale, 2),
    )
    lead = ParagraphStyle(
        "lead",
        parent=body,
        fontSize=round(size * 1.1, 2),
        leading=round(leading * 1.1, 2),
        spaceAfter=after * 1.5,
    )
    list_item = ParagraphStyle("list_item", parent=body, spaceAfter=1.5 if compact else 2.5)
    cell_size = round(size * 0.9, 2)
    table_cell = ParagraphStyle(
        "table_cell",
        parent=body,
        fontName=SANS,
        fontSize=cell_size,
        leading=round(cell_size * 1.3, 2),
        spaceAfter=0,
    )
    table_header = ParagraphStyle(
        "table_header", parent=table_cell, fontName=SANS_BOLD, textColor=colors.accent
    )
    cell_size2 = round(size * 0.8, 2)
    cell = ParagraphStyle(
        "cell",
        parent=table_cell,
        fontSize=cell_size2,
        leading=round(cell_size2 * 1.2, 2),
    )
    cell_right = ParagraphStyle("cell_right", parent=cell, alignment=TA_RIGHT)
    cell_bold = ParagraphStyle("cell_bold", parent=cell, fontName=SANS_BOLD)
    step_size = round(size * 0.86, 2)
    step = ParagraphStyle(
        "step",
        parent=table_cell,
        fontSize=step_size,
        leading=round(step_size * 1.3, 2),
        leftIndent=10,
        firstLineIndent=-10,
        spaceAfter=1.5,
    )
    small = ParagraphStyle(
        "small",
        parent=body,
        fontSize=round(size * 0.8, 2),
        leading=round(size * 0.8 * 1.35, 2),
        textColor=colors.muted,
    )
    caption = ParagraphStyle(
        "caption",
        parent=small,
        fontName=SANS_ITALIC,
        alignment=TA_CENTER,
        spaceBefore=2,
        spaceAfter=after * 1.5,
    )
    center = ParagraphStyle("center", parent=body, alignment=TA_CENTER)
    callout = ParagraphStyle(
        "callout",
        parent=body,
        fontName=SANS,
        fontSize=round(size * 0.92, 2),
        leading=round(size * 0.92 * 1.38, 2),
        spaceAfter=after * 0.6,
    )
    code = ParagraphStyle(
        "code",
        parent=body,
        fontName=MONO,
        fontSize=round(size * 0.85, 2),
        leading=round(size * 0.85 * 1.3, 2),
        leftIndent=12,
        spaceBefore=2,
        spaceAfter=after,
    )
    term = ParagraphStyle(
        "term",
        parent=body,
        fontName=SERIF_BOLD if not compact else SANS_BOLD,
        spaceAfter=0,
        keepWithNext=1,
    )
    definition = ParagraphStyle("definition", parent=body, leftIndent=16)

    return Styles(
        title=title,
        subtitle=subtitle,
        h1=h1,
        h2=h2,
        h3=h3,
        body=body,
        lead=lead,
        list_item=list_item,
        table_header=table_header,
        table_cell=table_cell,
        cell=cell,
        cell_right=cell_right,
        cell_bold=cell_bold,
        step=step,
        small=small,
        caption=caption,
        center=center,
        callout=callout,
        code=code,
        term=term,
        definition=definition,
        palette=colors,
        list_indent=round(14 * scale, 2) if compact else 16.0,
        cell_padding=4.0 if compact else 5.0,
        compact=None,
    )


def quickref_styles(size: float = 8.5) -> Styles:
    """The compact, all-sans styles of a quick-reference page or card."""
    return _styles(size, compact=True)


def book_styles(size: float = 10.25) -> Styles:
    """The full book style set with a body size of ``size`` points (10.25 by default).

    Its :attr:`Styles.compact` is :func:`quickref_styles` in proportion.
    """
    full = _styles(size, compact=False)
    compact = quickref_styles(round(size * 8.5 / 10.25, 2))
    return replace(full, compact=compact)
