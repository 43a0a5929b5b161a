"""reportlab's paragraph mini-markup as HTML, for the sheet's words on a web page.

The words of a sheet (``templates/sheet.j2``, :mod:`printplay.render.sheet_words`) are
written for reportlab: ``<b>``, ``<i>``, ``<u>``, ``<strike>``, ``<sup>``, ``<sub>``,
``<font face=… size=… color=…>``, ``<br/>`` and entities (what
:mod:`printplay.render.words_markup` lets through).  A house edition of the template is
untrusted, so this is a whitelist, not a pass-through: those tags become their HTML (a
monospaced face is ``<code>``, a suit's colour a suit, any other colour or size small grey
text), entities stay entities, and anything else that looks like a tag is shown as text.
Every tag opened is closed.

>>> markup_html('<b>1.</b> 7<font color="#c8102e">♥</font>&nbsp;<font size=8>x</font>')
'<strong>1.</strong> 7<span class="suit red">♥</span>&nbsp;<span class="muted">x</span>'
>>> markup_html('<script>alert(1)</script> <font face="PPMono">a b</font> <b>open')
'&lt;script&gt;alert(1)&lt;/script&gt; <code>a b</code> <strong>open</strong>'
"""

from __future__ import annotations

import html
import re

from printplay.render.fonts import MONO
from printplay.render.styles import book_palette, hex_color

_TOKEN = re.compile(
    r"<(/?)(b|i|u|strike|sup|sub|font|br)\b([^<>]*?)/?>|&(#\d{1,7}|#x[0-9a-fA-F]{1,6}|\w{1,8});"
)
_ATTRIBUTE = re.compile(r"""(\w+)\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))""")
_ENTITIES = frozenset({"amp", "lt", "gt", "quot", "apos", "nbsp", "middot", "mdash", "ndash"})
_TAGS = {"b": "strong", "i": "em", "u": "u", "strike": "s", "sup": "sup", "sub": "sub"}
_ANY_TAG = re.compile(r"<[^<>]*>")
_SUIT_COLOURS = {hex_color(book_palette().red): "red", hex_color(book_palette().black): "black"}


def _font_tag(attributes: str) -> tuple[str, str]:
    """The HTML that opens and closes a ``<font>`` with these attributes."""
    found = {
        match.group(1).lower(): next(g for g in match.groups()[1:] if g is not None)
        for match in _ATTRIBUTE.finditer(attributes)
    }
    if found.get("face") == MONO:
        return "<code>", "</code>"
    colour = found.get("color", "").lower()
    if colour in _SUIT_COLOURS:
        return f'<span class="suit {_SUIT_COLOURS[colour]}">', "</span>"
    if colour or "size" in found:
        return '<span class="muted">', "</span>"
    return "<span>", "</span>"


def _escape(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def markup_html(markup: str) -> str:
    """Paragraph mini-markup as HTML (see the module's text)."""
    out: list[str] = []
    open_tags: list[tuple[str, str]] = []
    position = 0
    for match in _TOKEN.finditer(markup):
        out.append(_escape(markup[position : match.start()]))
        position = match.end()
        closing, tag, attributes, entity = match.groups()
        if entity is not None:
            known = entity.startswith("#") or entity in _ENTITIES
            out.append(f"&{entity};" if known else _escape(match.group()))
        elif tag == "br":
            out.append("<br>")
        elif closing:
            if tag in [name for name, _ in open_tags]:
                while open_tags:
                    name, end = open_tags.pop()
                    out.append(end)
                    if name == tag:
                        break
        elif tag == "font":
            start, end = _font_tag(attributes)
            out.append(start)
            open_tags.append(("font", end))
        else:
            out.append(f"<{_TAGS[tag]}>")
            open_tags.append((tag, f"</{_TAGS[tag]}>"))
    out.append(_escape(markup[position:]))
    out += [end for _, end in reversed(open_tags)]
    return "".join(out)


def markup_text(markup: str) -> str:
    """Paragraph mini-markup as plain text: tags dropped, entities read, spaces joined.

    >>> markup_text("After move 7 <font size='8'>(3 cards &amp; a joker)</font>")
    'After move 7 (3 cards & a joker)'
    """
    text = html.unescape(_ANY_TAG.sub("", markup))
    return " ".join(text.split())


__all__ = ["markup_html", "markup_text"]
