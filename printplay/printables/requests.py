"""Printables by name: what the command line and ``demo`` ask a registered game to print.

Each game's registry entry maps printable names (``"rulebook"``, ``"sheet"``, …) to a
maker: a function taking a :class:`PrintRequest` and returning the path it wrote.  The
command line builds the request from its arguments; nothing here knows any game.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import cast

from printplay.errors import GameError
from printplay.games import entry, load
from printplay.printables.model import PrintRequest


def printable_names(game: str) -> list[str]:
    """The printables ``game`` offers, in registry order."""
    return list(entry(game).printables)


def make_printable(kind: str, request: PrintRequest) -> Path:
    """Write printable ``kind`` of ``request.game``; raises :class:`GameError` if the game
    has none."""
    game = entry(request.game)
    maker = game.printables.get(kind)
    if maker is None:
        offered = ", ".join(game.printables) or "none"
        raise GameError(f"{game.title} has no {kind} (it prints: {offered})")
    write = cast("Callable[[PrintRequest], Path]", load(maker))
    return write(request)


__all__ = ["PrintRequest", "make_printable", "printable_names"]
