"""Errors in Markdown, said in one line with where they are.

The Markdown printplay typesets is what Jinja rendered from a source, so a line number is
a line of that rendered text, not of the source file; the message says so.

>>> str(located("tripeaks.md", 12, "unknown marker [[x]]"))
'tripeaks.md, line 12 of the rendered text: unknown marker [[x]]'
>>> str(located(None, 3, "unknown marker [[x]]"))
'line 3: unknown marker [[x]]'
"""

from __future__ import annotations

from printplay.core.errors import RulebookError


def where(source: str | None, line: int | None) -> str:
    """Where something is: the source's name and a line of its rendered text, as known."""
    if line is None:
        return source or "the Markdown"
    if source is None:
        return f"line {line}"
    return f"{source}, line {line} of the rendered text"


def located(source: str | None, line: int | None, problem: str) -> RulebookError:
    """A :class:`RulebookError` saying ``problem`` at ``line`` (1-based) of ``source``."""
    return RulebookError(f"{where(source, line)}: {problem}")
