"""The words of printables are reportlab paragraph markup: a whitelist checks them.

The macros of ``sheet.j2``, ``book.j2`` and ``kit.j2`` (or a house edition of them) return
reportlab's paragraph mini-markup, which the PDFs set as it is.  A house template is
untrusted, and reportlab's markup can do far more than print words: ``<img src=…>`` embeds
any image the program can read, ``<a href=…>`` makes a link action (``javascript:``,
``file:``), ``<onDraw>`` calls a drawing method, and an unclosed tag or an unknown font
ends in a long traceback.  So the words are checked before anything is set, and refused
in one line unless they hold only:

- text, in which a ``<`` or ``&`` that opens nothing is text (``a < b``, ``A & K``);
- the tags of :data:`TAGS` (``<b>``, ``<i>``, ``<u>``, ``<strike>``, ``<sup>``, ``<sub>``,
  ``<br/>`` and ``<font>``), each closed in the order opened, and no other tag: no image,
  no link, no comment;
- on ``<font>`` only ``face`` (or ``name``), one of printplay's own fonts
  (:data:`FONT_FACES`), ``size`` from :data:`MIN_FONT_SIZE` to :data:`MAX_FONT_SIZE`
  points, and ``color``, ``#rgb``, ``#rrggbb`` or a colour's name (``red``);
- entities: any name (``&nbsp;``; an unknown one is text), and ``&#`` only if it begins
  a printable character's number (``&#65;``).

The message names the tag or the entity, never what it points to, so it tells nothing
about the files on the machine.

>>> markup_problem('<b>1.</b> 7<font color="#c8102e">♥</font>&nbsp;<font size=8>x</font>')
>>> markup_problem('<img src="/etc/passwd"/>')
'the tag <img> (words may hold only <b>, <i>, <u>, <strike>, <sup>, <sub>, <br/> and <font>)'
>>> markup_problem("<b>open")
'<b> is never closed'
>>> markup_problem('<font name="Nope">x</font>')
'<font name="Nope">: not one of printplay\\'s fonts (PPMono, PPSans, …)'
"""

from __future__ import annotations

import re
from typing import Protocol

from reportlab.lib.colors import getAllNamedColors

from printplay.render.fonts import (
    MONO,
    SANS,
    SANS_BOLD,
    SANS_BOLD_ITALIC,
    SANS_ITALIC,
    SERIF,
    SERIF_BOLD,
    SERIF_ITALIC,
)

TAGS = ("b", "i", "u", "strike", "sup", "sub", "br", "font")
"""The tags words may hold (``br`` written ``<br/>``)."""

FONT_FACES = frozenset(
    {MONO, SANS, SANS_BOLD, SANS_BOLD_ITALIC, SANS_ITALIC, SERIF, SERIF_BOLD, SERIF_ITALIC}
)
"""The faces a ``<font face=…>`` may name: the fonts printplay embeds."""

MIN_FONT_SIZE = 4.0
"""The smallest ``<font size=…>``, in points."""

MAX_FONT_SIZE = 36.0
"""The largest ``<font size=…>``, in points (a line of the largest heading is 24)."""

_ALLOWED = ", ".join(f"<{tag}>" for tag in TAGS[:-1]).replace("<br>", "<br/>")
_TAG_LIST = f"{_ALLOWED} and <{TAGS[-1]}>"
_NAMED_COLOURS = frozenset(name.lower() for name in getAllNamedColors())
_HEX_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
_SIZE = re.compile(r"\d{1,3}(?:\.\d{1,3})?")

# What an HTML parser (reportlab's) takes for the start of a tag: "<" then a letter, "/",
# "!" or "?"; and of a character's number: "&#" (which must then be a number and ";").
_OPENS_TAG = re.compile(r"<[A-Za-z/!?]")
_OPENS_ENTITY = re.compile(r"&#")
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]*)((?:\s[^<>]*|/)?)>")
_ATTRIBUTE = re.compile(r"""\s+([A-Za-z][\w-]*)\s*=\s*("[^"<>&]*"|'[^'<>&]*'|[^\s"'<>&=`]+)""")
_NUMBER = re.compile(r"&#(?:([0-9]+)|[xX]([0-9a-fA-F]+));")


def markup_problem(markup: str) -> str | None:
    """What is wrong with ``markup`` as the words of a printable (see the module's text),
    or ``None`` if nothing is."""
    open_tags: list[str] = []
    position = 0
    while True:
        tag_at = _find(_OPENS_TAG, markup, position)
        entity_at = _find(_OPENS_ENTITY, markup, position)
        start = min(tag_at, entity_at)
        if start == len(markup):
            break
        if start == entity_at:
            match = _NUMBER.match(markup, start)
            problem = _number_problem(match)
        else:
            match = _TAG.match(markup, start)
            problem = _tag_problem(match, markup[start:], open_tags)
        if problem is not None:
            return problem
        assert match is not None
        position = match.end()
    if open_tags:
        return f"<{open_tags[-1]}> is never closed"
    return None


def _find(pattern: re.Pattern[str], text: str, start: int) -> int:
    found = pattern.search(text, start)
    return len(text) if found is None else found.start()


def _number_problem(match: re.Match[str] | None) -> str | None:
    if match is None:
        return "&# that starts no character's number such as &#65; (write &amp;# for the text)"
    decimal, hexadecimal = match.groups()
    digits = decimal if decimal is not None else hexadecimal
    code = int(digits, 10 if decimal is not None else 16) if len(digits) <= 7 else -1
    printable = 0x20 <= code <= 0x10FFFF and not (0x7F <= code < 0xA0 or 0xD800 <= code < 0xE000)
    return None if printable else f"{_shown(match.group())} is no printable character"


def _tag_problem(match: re.Match[str] | None, rest: str, open_tags: list[str]) -> str | None:
    """What is wrong with the tag at the start of ``rest``; ``open_tags`` is updated."""
    if match is None:
        opening = re.match(r"</?[\w!?-]*", rest)
        assert opening is not None
        return f"{_shown(opening.group())}…: not a tag words may hold ({_TAG_LIST})"
    closing, name, attributes = match.group(1), match.group(2).lower(), match.group(3)
    self_closing = attributes.rstrip().endswith("/")
    if self_closing:
        attributes = attributes.rstrip()[:-1]
    if name not in TAGS:
        return f"the tag <{name}> (words may hold only {_TAG_LIST})"
    if name == "br":
        if closing or attributes.strip() or not self_closing:
            return f"{_shown(match.group())}: write a line break <br/>"
        return None
    if self_closing:
        return f"{_shown(match.group())}: <{name}> holds text, it cannot close itself"
    if closing:
        if attributes.strip():
            return f"{_shown(match.group())}: a closing tag takes nothing"
        if not open_tags or open_tags[-1] != name:
            inner = f" (<{open_tags[-1]}> is open)" if open_tags else ""
            return f"</{name}> closes no open <{name}>{inner}"
        open_tags.pop()
        return None
    problem = _attributes_problem(name, attributes, match.group())
    if problem is None:
        open_tags.append(name)
    return problem


def _attributes_problem(name: str, attributes: str, written: str) -> str | None:
    found: dict[str, str] = {}
    position = 0
    while position < len(attributes.rstrip()):
        match = _ATTRIBUTE.match(attributes, position)
        if match is None:
            return f"{_shown(written)}: cannot read its attributes"
        key, value = match.group(1).lower(), match.group(2).strip("\"'")
        if key == "name":
            key = "face"
        if key in found:
            return f"{_shown(written)}: {key} is given twice"
        found[key] = value
        position = match.end()
    if found and name != "font":
        return f"{_shown(written)}: <{name}> takes no attributes"
    for key, value in found.items():
        problem = _font_attribute_problem(key, value)
        if problem is not None:
            return f"{_shown(written)}: {problem}"
    return None


def _font_attribute_problem(key: str, value: str) -> str | None:
    if key == "face":
        if value in FONT_FACES:
            return None
        return f"not one of printplay's fonts ({', '.join(sorted(FONT_FACES)[:2])}, …)"
    if key == "size":
        if _SIZE.fullmatch(value) and MIN_FONT_SIZE <= float(value) <= MAX_FONT_SIZE:
            return None
        return f"a size is a number of points from {MIN_FONT_SIZE:g} to {MAX_FONT_SIZE:g}"
    if key == "color":
        if _HEX_COLOUR.fullmatch(value) or value.lower() in _NAMED_COLOURS:
            return None
        return "a colour is #rrggbb or a colour's name"
    return f"<font> takes face, size and color, not {key}"


class Words(Protocol):
    """The words of a printable as a renderer asks for them: the macros of one template
    (``sheet.j2``, ``book.j2``, ``kit.j2``, ``site.j2`` or a house edition of them), called
    by name.  A maker makes them (:func:`printplay.makers.printable_words.printable_words`:
    in the Jinja sandbox, checked against :func:`markup_problem` when they are the PDFs'
    paragraph markup) and hands them over; a renderer runs no template itself.
    """

    def has(self, macro: str) -> bool:
        """Whether the template defines ``macro``."""
        ...

    def __call__(self, macro: str, **kwargs: object) -> str:
        """The text of ``macro`` called with ``kwargs``, on one line."""
        ...

    def columns(self, macro: str, **kwargs: object) -> list[str]:
        """The text of ``macro`` cut at each ``|``: the heads of a table's columns."""
        ...

    def markdown(self, macro: str, **kwargs: object) -> str:
        """The text of ``macro`` called with ``kwargs``, line breaks and all."""
        ...


def _shown(text: str, most: int = 40) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


__all__ = ["FONT_FACES", "MAX_FONT_SIZE", "MIN_FONT_SIZE", "TAGS", "Words", "markup_problem"]
