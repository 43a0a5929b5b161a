"""Printables by name: what the command line and ``demo`` ask a registered game to print.

Each game's registry entry maps printable names (``"rulebook"``, ``"sheet"``, …) to a
maker: a function taking a :class:`PrintRequest` and returning the path it wrote.  The
command line builds the request from its arguments; nothing here knows any game.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import TypeAlias, cast

from printplay.core.errors import GameError
from printplay.games import entry, load
from printplay.models.printable import PrintRequest

MadeKey: TypeAlias = tuple[str, PrintRequest]
"""A PDF's kind and the request it was written from, with an empty path."""

Made: TypeAlias = Mapping[MadeKey, Path]
"""PDFs written already, by their kind (``"rulebook"``, ``"mat"`` …) and their request with
an empty path (:func:`made_key`): the demo hands its own to the website, which copies a PDF
of the same kind from an equal request instead of typesetting it again.  (A kit's parts are
numbered as pages of the kit, so a kit never copies one.)"""


def made_key(kind: str, request: PrintRequest) -> MadeKey:
    """The key of :data:`Made` for a PDF of ``kind`` written from ``request``."""
    return kind, replace(request, path=Path())


def copy_made(made: Made, kind: str, request: PrintRequest) -> Path | None:
    """Copy the PDF ``made`` holds for ``kind`` from an equal request to ``request.path``
    and return that path; ``None`` (nothing copied) when it holds none.  A request that
    carries a solver result is never looked up (results are not compared)."""
    if request.result is not None:
        return None
    known = made.get(made_key(kind, request))
    if known is None:
        return None
    shutil.copyfile(known, request.path)
    return request.path


def printable_names(game: str) -> list[str]:
    """The printables ``game`` offers, in registry order."""
    return list(entry(game).printables)


def make_printable(kind: str, request: PrintRequest, made: Made | None = None) -> Path:
    """Write printable ``kind`` of ``request.game`` (or copy it from ``made``); raises
    :class:`GameError` if the game has none."""
    if made:
        copied = copy_made(made, kind, request)
        if copied is not None:
            return copied
    game = entry(request.game)
    maker = game.printables.get(kind)
    if maker is None:
        offered = ", ".join(game.printables) or "none"
        raise GameError(f"{game.title} has no {kind} (it prints: {offered})")
    write = cast("Callable[[PrintRequest], Path]", load(maker))
    return write(request)


__all__ = [
    "Made",
    "MadeKey",
    "PrintRequest",
    "copy_made",
    "made_key",
    "make_printable",
    "printable_names",
]
