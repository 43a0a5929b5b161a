"""``{: .class}`` attribute lists: a markdown-it core rule that moves them onto their block.

Two places take one, as in Python-Markdown's ``attr_list``: the end of a heading line
(``# TriPeaks {: .title}``) and a line of its own ending a paragraph::

    Print-and-play kit
    {: .subtitle}

An attribute list holds classes (``.title``), an id (``#rules``) and ``key=value`` pairs
(quote a value with spaces); each becomes an attribute of the heading's or paragraph's
opening token (``class`` joined by spaces) and the list leaves the text.  Braces holding
anything else are left as text.

>>> read_attributes(": .title .wide #top lang=en")
{'class': 'title wide', 'id': 'top', 'lang': 'en'}
>>> read_attributes(": not an attribute list") is None
True
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from markdown_it.rules_core import StateCore

_ITEM = re.compile(r"""\s*(?:\.([\w-]+)|#([\w-]+)|([\w-]+)=("[^"]*"|'[^']*'|[^\s"'}]+))""")
_HEADING_END = re.compile(r"(?:^|[ \t]+)\{([^}\n]*)\}[ \t]*$")
_LAST_LINE = re.compile(r"\n[ \t]*\{([^}\n]*)\}[ \t]*$")


def read_attributes(inside: str) -> dict[str, str] | None:
    """The attributes between the braces of ``{: …}`` (the colon is optional), or ``None``
    if that is not an attribute list."""
    text = inside.removeprefix(":").strip()
    attributes: dict[str, str] = {}
    classes: list[str] = []
    position = 0
    while position < len(text):
        match = _ITEM.match(text, position)
        if match is None:
            return None
        position = match.end()
        name, ident, key, value = match.groups()
        if name:
            classes.append(name)
        elif ident:
            attributes["id"] = ident
        else:
            attributes[key] = value.strip("\"'") if value[0] in "\"'" else value
    if not classes and not attributes:
        return None
    return {"class": " ".join(classes), **attributes} if classes else attributes


def attributes_rule(state: StateCore) -> None:
    """The core rule, run after the block rules and before the inline ones: an attribute
    list ending a heading or a paragraph moves onto its opening token."""
    tokens = state.tokens
    for index, token in enumerate(tokens):
        if token.type != "inline" or index == 0:
            continue
        opening = tokens[index - 1]
        if opening.type == "heading_open":
            pattern = _HEADING_END
        elif opening.type == "paragraph_open":
            pattern = _LAST_LINE
        else:
            continue
        match = pattern.search(token.content)
        attributes = read_attributes(match.group(1)) if match else None
        if match is None or attributes is None:
            continue
        token.content = token.content[: match.start()].rstrip()
        for key, value in attributes.items():
            if key == "class":
                opening.attrJoin("class", value)
            else:
                opening.attrSet(key, value)
