"""Typographic text: curly quotes, and commands kept whole.

A printable set in typographic quotes passes its text through :func:`typographic`, so no
page mixes straight and curly quotes (the Ricochet Poker printables, the statistics
report); a rulebook's rendered Markdown goes through :func:`print_ready`, which also keeps
each command (code span) on one line.  Markup, not render: a builder makes the text of a
model ready to print, and the renderers of the others set theirs.
"""

from __future__ import annotations

import re

_PROTECTED = re.compile(r"(`[^`\n]*`|<[^>\n]*>|^[ \t]*\[\[.*?\]\][ \t]*$)", re.MULTILINE)
_OPENING = re.compile(r"(^|(?<=[\s(\[{—–-]))([\"'])")
_CODE_SPAN = re.compile(r"`[^`\n]+`")


def typographic(text: str) -> str:
    r"""Straight quotes made typographic: ``'`` as ’ (apostrophe, closing) or ‘ (opening),
    ``"`` as “ or ”; code spans, markup tags and ``[[marker]]`` lines are left alone.

    >>> print(typographic("seat 3's hand, the 'dealer' said \"fold\", `-O 'x'`"))
    seat 3’s hand, the ‘dealer’ said “fold”, `-O 'x'`
    """
    parts = _PROTECTED.split(text)
    for i in range(0, len(parts), 2):
        part = _OPENING.sub(lambda m: m.group(1) + ("‘" if m.group(2) == "'" else "“"), parts[i])
        parts[i] = part.replace("'", "’").replace('"', "”")
    return "".join(parts)


def print_ready(markdown: str) -> str:
    """A rendered rulebook source made ready to print: typographic quotes, and no line
    break inside a command (the spaces of code spans made non-breaking)."""
    text = typographic(markdown)
    return _CODE_SPAN.sub(lambda m: m.group().replace(" ", "\u00a0"), text)


__all__ = ["print_ready", "typographic"]
