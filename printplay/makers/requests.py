"""Printables by name: what the command line and ``demo`` ask a registered game to print.

Each game's registry entry maps printable names (``"rulebook"``, ``"sheet"``, …) to a
maker: a function taking a :class:`PrintRequest` and returning the path it wrote.  The
command line builds the request from its arguments; nothing here knows any game.
"""

from __future__ import annotations

import shutil
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeAlias, runtime_checkable

from printplay.core.errors import GameError
from printplay.core.ink_mode import is_ink_light
from printplay.games import GameEntry, entry, load, not_a
from printplay.models.printable import PrintRequest, Rulebook

if TYPE_CHECKING:
    from printplay.core.jsontypes import JsonObject
    from printplay.models.book_model import BookRequest


@runtime_checkable
class PrintMaker(Protocol):
    """What a registry entry's ``printables`` name: a request in, the path written out."""

    def __call__(self, request: PrintRequest, /) -> Path:
        """Write the printable ``request`` asks for; the path written."""
        ...


@runtime_checkable
class BookMaker(Protocol):
    """What a registry entry's ``book`` names: a request in, the path written and the
    book's summary (its JSON) out."""

    def __call__(self, request: BookRequest, /) -> tuple[Path, JsonObject]:
        """Write the book ``request`` asks for; the path written and its summary."""
        ...


def book_maker(game: str) -> BookMaker:
    """The book maker ``game``'s registry entry names (:class:`GameError` if none)."""
    found = entry(game)
    if found.book is None:
        raise GameError(f"{found.title} has no book")
    maker = load(found.book)
    if not isinstance(maker, BookMaker):
        raise not_a(found.book, "book maker")
    return maker


@runtime_checkable
class BookBuilder(Protocol):
    """What a registry entry's ``rulebook_model`` names: the whole model a game's rulebook
    is drawn from, under options."""

    def __call__(
        self, game: str, option_texts: Sequence[str], /, *, rules_dir: Path | None = None
    ) -> Rulebook:
        """The rulebook's model of ``game`` under ``option_texts``."""
        ...


@runtime_checkable
class RulebookDrawer(Protocol):
    """What a registry entry's ``rulebook_pdf`` names: a rulebook's model, built already,
    drawn to a PDF."""

    def __call__(self, model: Rulebook, path: Path, /, *, paper: str = "a4") -> Path:
        """Write ``model`` to ``path``; the path written."""
        ...


def rulebook_book(
    game: GameEntry, option_texts: Sequence[str], rules_dir: Path | None = None
) -> Rulebook:
    """The whole model ``game``'s rulebook is drawn from under ``option_texts``, as its
    registry entry's ``rulebook_model`` builds it."""
    build = load(game.rulebook_model)
    if not isinstance(build, BookBuilder):
        raise not_a(game.rulebook_model, "rulebook model builder")
    return build(game.name, tuple(option_texts), rules_dir=rules_dir)


def rulebook_pdf(game: GameEntry) -> RulebookDrawer:
    """What draws ``game``'s rulebook model, built already, to a PDF (its registry entry's
    ``rulebook_pdf``)."""
    draw = load(game.rulebook_pdf)
    if not isinstance(draw, RulebookDrawer):
        raise not_a(game.rulebook_pdf, "rulebook drawer")
    return draw


MadeKey: TypeAlias = tuple[str, PrintRequest, bool]
"""A PDF's kind, the request it was written from, with an empty path, and whether it was
drawn ink-light (:func:`~printplay.core.ink_mode.is_ink_light`)."""

Made: TypeAlias = Mapping[MadeKey, Path]
"""PDFs written already, by their kind (``"rulebook"``, ``"mat"`` …) and their request with
an empty path (:func:`made_key`): the demo hands its own to the website, which copies a PDF
of the same kind from an equal request instead of typesetting it again.  (A kit's parts are
numbered as pages of the kit, so a kit never copies one: it takes their pages renumbered,
those drawn in its own ink mode only.)"""


def made_key(kind: str, request: PrintRequest) -> MadeKey:
    """The key of :data:`Made` for a PDF of ``kind`` written from ``request`` now: drawn
    ink-light or not as the ink mode is now, so that a lite kit takes no part drawn in
    full ink, nor a full kit an ink-light one."""
    return kind, replace(request, path=Path()), is_ink_light()


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
    write = load(maker)
    if not isinstance(write, PrintMaker):
        raise not_a(maker, "printable's maker")
    return write(request)


__all__ = [
    "BookBuilder",
    "BookMaker",
    "Made",
    "MadeKey",
    "PrintMaker",
    "PrintRequest",
    "RulebookDrawer",
    "book_maker",
    "copy_made",
    "made_key",
    "make_printable",
    "printable_names",
    "rulebook_book",
    "rulebook_pdf",
]
