"""Inline Markdown tokens as reportlab's paragraph mini-markup, or as plain text.

Emphasis becomes ``<i>``, strong ``<b>``, strikethrough ``<strike>``, code the monospaced
face, a line break ``<br/>``; a link prints its text and an image its alternative text.
Text is escaped and its suit symbols coloured (:func:`~printplay.render.styles.suit_markup`).

>>> markdown_markup("**Q♠** beats *J*, `a<b`")
'<b>Q<font color="#000000">♠</font></b> beats <i>J</i>, <font face="PPMono">a&lt;b</font>'
>>> markdown_markup("<i>raw</i> [link](https://x.org)")
'&lt;i&gt;raw&lt;/i&gt; link'
"""

from __future__ import annotations

from collections.abc import Sequence

from markdown_it.token import Token

from printplay.markup import parse
from printplay.render.fonts import MONO
from printplay.render.styles import Palette, book_palette, suit_markup

_WRAPS = {
    "em": ("<i>", "</i>"),
    "strong": ("<b>", "</b>"),
    "s": ("<strike>", "</strike>"),
}


def inline_markup(tokens: Sequence[Token], palette: Palette, mono: str = MONO) -> str:
    """The mini-markup of inline tokens (an ``inline`` token's children)."""
    out: list[str] = []
    for token in tokens:
        kind = token.type
        if kind in ("text", "text_special"):
            out.append(suit_markup(token.content, palette))
        elif kind == "softbreak":
            out.append("\n")
        elif kind == "hardbreak":
            out.append("<br/>")
        elif kind == "code_inline":
            out.append(f'<font face="{mono}">{suit_markup(token.content, palette)}</font>')
        elif kind == "image":
            out.append(suit_markup(plain_text(token.children or ()), palette))
        elif kind.endswith(("_open", "_close")):
            wrap = _WRAPS.get(kind.rsplit("_", 1)[0])
            if wrap is not None:  # a link's ends print nothing: its text is what shows
                out.append(wrap[0] if token.nesting == 1 else wrap[1])
        else:
            out.append(suit_markup(token.content, palette))
    return "".join(out)


def plain_text(tokens: Sequence[Token], line_break: str = " ") -> str:
    """The text of inline tokens without markup; a line break (``<br>``, two spaces at a
    line's end) as ``line_break``, the end of a line in a paragraph as a space."""
    parts: list[str] = []
    for token in tokens:
        if token.type == "hardbreak":
            parts.append(line_break)
        elif token.type == "softbreak":
            parts.append(" ")
        elif token.type == "image":
            parts.append(plain_text(token.children or (), line_break))
        elif not token.nesting:
            parts.append(token.content)
    return "".join(parts)


def markdown_markup(text: str, palette: Palette | None = None) -> str:
    """One paragraph of inline Markdown (``**Q♠** beats *J*``) as mini-markup, for text set
    outside a Markdown document (a label, a table cell drawn by hand)."""
    for token in parse(text):
        if token.type == "inline":
            return inline_markup(token.children or (), palette or book_palette()).strip()
    return ""
