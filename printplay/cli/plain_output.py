"""Printing without rich where rich would print plain text: the same bytes, no import.

The verbs print through rich consoles (:class:`printplay.cli.common.LazyConsole`): colours
on a terminal, console markup (``[dim]…[/dim]``) read everywhere.  Where the stream is not
a terminal rich writes the text alone, and importing rich costs a short verb about a
quarter of its time.  :func:`plain_print` writes what rich would write there, for the
ordinary calls: strings whose markup is a few plain style tags and escaped brackets, and
drawings that give their ``plain`` text.  Anything else (a stream rich may colour, a tag or
an ``:emoji:`` code, a control character rich would strip, a tab, highlighting asked for) it
declines, and the console prints it through rich as before.
``tests/test_plain_output.py`` checks it against rich, string by string.
"""

from __future__ import annotations

import builtins
import os
import re
import sys
from typing import TextIO

STYLE_TAGS = frozenset({"bold", "dim", "italic", "red", "green", "yellow"})
"""The style tags read here: plain text shows none of them."""

_TAG = re.compile(r"(\\*)\[([a-z#/@][^[]*?)]")
"""A markup tag as rich reads one, with the backslashes before it."""
_EMOJI = re.compile(r":\S*:")
"""Where rich may read an ``:emoji:`` code."""
_STRIPPED = frozenset("\a\b\v\f\r\t")
"""Characters rich drops (control codes) or widens (tabs)."""


def escape_markup(text: str) -> str:
    """``text`` with every bracket that would open a tag escaped, as ``rich.markup.escape``
    does: the backslashes before it doubled, one more added; a lone backslash at the end
    doubled.

    >>> escape_markup("[card] face up")
    '\\\\[card] face up'
    """
    escaped = _TAG.sub(lambda found: f"{found[1] * 2}\\[{found[2]}]", text)
    if escaped.endswith("\\") and not escaped.endswith("\\\\"):
        escaped += "\\"
    return escaped


def markup_text(markup: str) -> str | None:
    """The text rich prints of ``markup`` without colour, or ``None`` if the markup holds
    more than style tags of :data:`STYLE_TAGS`, escapes and text (rich then reads it)."""
    pieces: list[str] = []
    opened: list[str] = []
    position = 0
    for found in _TAG.finditer(markup):
        pieces.append(markup[position : found.start()].replace("\\[", "["))
        position = found.end()
        backslashes, escaped = divmod(len(found[1]), 2)
        pieces.append("\\" * backslashes)
        if escaped:
            pieces.append(f"[{found[2]}]")
        elif not _closes(found[2], opened):
            return None
    pieces.append(markup[position:].replace("\\[", "["))
    return "".join(pieces)


def _closes(tag: str, opened: list[str]) -> bool:
    """Read tag ``tag`` against the tags ``opened`` (updated): whether it is a tag read
    here, and, if it closes one, whether that one is open (else rich reports an error)."""
    if tag in STYLE_TAGS:
        opened.append(tag)
        return True
    if not tag.startswith("/") or not opened:
        return False
    name = tag[1:]
    if not name:  # [/] closes the last tag opened
        opened.pop()
        return True
    if name not in opened:
        return False
    del opened[len(opened) - 1 - opened[::-1].index(name)]
    return True


def _plain(item: object, markup: bool) -> str | None:
    """What rich prints of one object where there is no colour, or ``None``."""
    if isinstance(item, str):
        text = markup_text(item) if markup else item
        return None if text is None or _EMOJI.search(text) else text
    plain = getattr(item, "plain", None)
    if isinstance(plain, str) and callable(getattr(item, "__rich__", None)):
        return plain
    return None


def colourless(stream: TextIO | None) -> bool:
    """Whether rich would write to ``stream`` as to a file: no terminal, nothing in the
    environment that makes it colour one anyway, not in a notebook."""
    if stream is None or "TTY_COMPATIBLE" in os.environ or "FORCE_COLOR" in os.environ:
        return False
    if hasattr(builtins, "get_ipython"):
        return False
    try:
        return not stream.isatty()
    except (AttributeError, ValueError):
        return False


def plain_text(objects: tuple[object, ...], sep: str, end: str, markup: bool) -> str | None:
    """The text rich prints of ``print(*objects, sep=sep, end=end)`` without colour, or
    ``None`` where it is not sure to be rich's."""
    pieces = [_plain(item, markup) for item in objects]
    if not objects or any(piece is None for piece in pieces):
        return None
    text = sep.join(piece for piece in pieces if piece is not None) + end
    return None if _STRIPPED.intersection(text) else text


def plain_print(
    stream_name: str, objects: tuple[object, ...], sep: str, end: str, markup: bool
) -> bool:
    """Write ``objects`` to ``sys.stdout`` or ``sys.stderr`` (``stream_name``) as rich would
    without colour, flushed as rich flushes; ``False`` (nothing written) where rich must.
    A closed pipe ends the run as rich's console ends it: status 1, nothing more said."""
    stream = getattr(sys, stream_name)
    if not colourless(stream):
        return False
    text = plain_text(objects, sep, end, markup)
    if text is None:
        return False
    try:
        stream.write(text)
        stream.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise SystemExit(1) from None
    return True


__all__ = ["STYLE_TAGS", "colourless", "escape_markup", "markup_text", "plain_print", "plain_text"]
