"""``[[marker]]`` lines: a markdown-it block rule that makes each one a token.

A line holding only ``[[kind word …]]`` is a marker (its words are split as a shell
splits them, so a value with spaces is quoted: ``title='two words'``):

``[[diagram NAME key=value …]]``
    a ``marker`` token: draw diagram NAME with these options (values are strings);
``[[pagebreak]]``
    a ``marker`` token: start a new page;
``[[columns N]]`` … ``[[/columns]]``
    ``columns_open`` and ``columns_close`` tokens around what is between them: set it in N
    balanced columns (2 to 4; 2 when N is left out);
``[[quickref]]`` … ``[[/quickref]]``
    ``quickref_open`` and ``quickref_close`` tokens: a quick-reference region.

Each token's ``info`` is the kind, ``markup`` the marker as written, ``map`` its line, and
``meta["marker"]`` the :class:`Marker` read from it (:func:`marker_of`).  A marker line ends
a paragraph, a list or a blockquote above it without a blank line.  Inside a code block it
is code.

>>> read_marker("diagram layout small=yes", line=4)
Marker(kind='diagram', line=4, text='[[diagram layout small=yes]]', closing=False, \
name='layout', options={'small': 'yes'}, columns=0)
>>> read_marker("columns 3", line=9).columns
3
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from printplay.core.errors import RulebookError
from printplay.markup.locations import located

if TYPE_CHECKING:
    from markdown_it.rules_block import StateBlock
    from markdown_it.token import Token
    from markdown_it.tree import SyntaxTreeNode

KINDS = ("diagram", "pagebreak", "columns", "quickref")
"""The kinds of marker."""
REGIONS = frozenset({"columns", "quickref"})
"""The kinds that open a region, closed by ``[[/kind]]``."""
COLUMNS = range(2, 5)
"""The numbers of columns ``[[columns N]]`` takes."""

_LINE = re.compile(r"\[\[(.*)\]\]")


@dataclass(frozen=True)
class Marker:
    """A marker as read: its kind, line (1-based) and text, and what it says."""

    kind: str
    """``diagram``, ``pagebreak``, ``columns`` or ``quickref``."""
    line: int
    """The line it is on, counted from 1."""
    text: str
    """As written, ``[[…]]``."""
    closing: bool = False
    """Whether it closes a region (``[[/columns]]``)."""
    name: str = ""
    """A diagram's name."""
    options: dict[str, str] = field(default_factory=dict)
    """A diagram's ``key=value`` options."""
    columns: int = 0
    """The number of columns a ``[[columns N]]`` region is set in."""

    @property
    def shown(self) -> str:
        """The marker as messages show it: as written, cut short if it is long."""
        return shown(self.text)


def shown(text: str, most: int = 60) -> str:
    """``text`` cut to at most ``most`` characters, ``…`` where it was cut."""
    return text if len(text) <= most else text[: most - 1] + "…"


def read_marker(body: str, *, line: int, source: str | None = None) -> Marker:
    """Read the words between ``[[`` and ``]]``; a :class:`RulebookError` names ``source``
    and ``line`` if they are not a marker."""
    text = shown(f"[[{body}]]")

    def problem(message: str) -> RulebookError:
        return located(source, line, message)

    try:
        words = shlex.split(body)
    except ValueError as error:
        raise problem(f"cannot read marker {text}: {error}") from None
    kind = words[0].removeprefix("/") if words else ""
    closing = bool(words) and words[0].startswith("/")
    if kind not in KINDS or (closing and kind not in REGIONS):
        known = ", ".join(f"[[{k}]] … [[/{k}]]" if k in REGIONS else f"[[{k}]]" for k in KINDS)
        raise problem(f"unknown marker {text} (known markers: {known})")
    args = words[1:]
    if kind == "diagram":
        if not args:
            raise problem(f"{text}: a diagram marker needs a diagram name")
        options = _options(args[1:], lambda message: problem(f"{text}: {message}"))
        return Marker(kind, line, f"[[{body}]]", name=args[0], options=options)
    if kind == "columns" and not closing:
        if len(args) > 1 or (args and args[0] not in [str(n) for n in COLUMNS]):
            raise problem(f"{text}: the number of columns must be 2, 3 or 4")
        return Marker(kind, line, f"[[{body}]]", columns=int(args[0]) if args else COLUMNS[0])
    if args:
        raise problem(f"{text}: [[{words[0]}]] takes no arguments")
    return Marker(kind, line, f"[[{body}]]", closing=closing)


def _options(pairs: list[str], problem: Callable[[str], RulebookError]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        if not equals or not key.isidentifier():
            raise problem(f"expected key=value, got {pair!r}")
        if key in options:
            raise problem(f"{key}= is given twice")
        options[key] = value
    return options


def marker_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """The block rule: a line that is a marker becomes a token (see the module's text)."""
    if state.is_code_block(start):
        return False
    begin = state.bMarks[start] + state.tShift[start]
    written = state.src[begin : state.eMarks[start]].rstrip(" \t")
    match = _LINE.fullmatch(written)
    if match is None:
        return False
    if silent:
        return True
    marker = read_marker(match.group(1).strip(), line=start + 1, source=state.env.get("source"))
    if marker.kind not in REGIONS:
        token = state.push("marker", "", 0)
    elif marker.closing:
        token = state.push(f"{marker.kind}_close", "", -1)
    else:
        token = state.push(f"{marker.kind}_open", "", 1)
    token.map = [start, start + 1]
    token.info = marker.kind
    token.markup = written
    token.content = match.group(1).strip()
    token.meta["marker"] = marker
    state.line = start + 1
    return True


def marker_of(item: Token | SyntaxTreeNode) -> Marker:
    """The :class:`Marker` of a marker token, a region's opening or closing token, or a
    region node of the syntax tree."""
    marker = item.meta.get("marker")
    if not isinstance(marker, Marker):
        raise TypeError(f"{item.type} is not a marker")
    return marker
