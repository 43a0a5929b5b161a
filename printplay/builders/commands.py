"""The commands printables print, built from the requests that make them.

A sheet says how to print it again ("To print this sheet again: …"), a book's puzzle how to
print its deal's sheet, a deal's web page how to print its sheet, a book's cover how to make
the book again.  Each command is built here, from the request that makes (or would make) the
printable, so that it runs as printed: the verb and the game, the deal, the options, the
paper, every flag that shapes what is printed, and the file to write (``-o``), which a sheet
names after its deal (:func:`sheet_file`).  The words are quoted with :func:`shlex.join`.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from printplay.core import options as opts
from printplay.core.deal import NUMBERING, Deal
from printplay.core.protocols import RegisteredSolitaire
from printplay.models.printable import PrintRequest

if TYPE_CHECKING:
    from printplay.models.book_model import BookRequest

PROGRAM = "printplay"
"""The command every printed command line starts with."""

DEFAULTS = PrintRequest("", Path())
"""A request as the command line makes it when given no flags: a flag that asks for its
default is left out of a command."""

_UNSAFE = re.compile(r"[^a-z0-9]+")


def _slug(words: Sequence[str]) -> str:
    """``words`` as one lower-case, dash-separated piece of a file name."""
    return _UNSAFE.sub("-", "-".join(words).lower()).strip("-")


def sheet_file(
    game: str,
    seed: int | None,
    *,
    numbering: str = NUMBERING,
    code: str = "",
    chosen: Sequence[str] = (),
) -> str:
    """The file a printed sheet command writes: named after the game, the deal (its number,
    or the ``code`` of an explicit deal) and the options chosen, e.g.
    ``tripeaks-deal-3.pdf``, ``pyramid-deal-5-reserve.pdf``, ``tripeaks-pysolfc-617.pdf``
    or ``ricochet-deal-mfxl-n3bb.pdf``."""
    if seed is None:
        name = ["deal", code]
    elif numbering == NUMBERING:
        name = ["deal", str(seed)]
    else:
        name = [numbering, str(seed)]
    return f"{_slug([game, *name, *chosen])}.pdf"


def sheet_request(
    game: RegisteredSolitaire,
    deal: Deal,
    *,
    paper: str = DEFAULTS.paper,
    spoiler_free: bool = False,
    level: str | None = None,
    max_seconds: float | None = DEFAULTS.max_seconds,
) -> PrintRequest:
    """The request that prints ``deal``'s sheet under ``game``'s options as chosen (written
    as a user writes them) to :func:`sheet_file`: by its number, or by its cards."""
    chosen = tuple(opts.chosen(game.options))
    return PrintRequest(
        game.name,
        Path(
            sheet_file(
                game.name, deal.seed, numbering=deal.numbering, code=deal.code, chosen=chosen
            )
        ),
        chosen,
        seed=deal.seed,
        deal_codes=" ".join(deal.codes) if deal.seed is None else None,
        numbering=deal.numbering,
        paper=paper,
        spoiler_free=spoiler_free,
        level=level,
        max_seconds=max_seconds,
    )


def sheet_argv(request: PrintRequest) -> list[str]:
    """The arguments of ``printplay`` that print the sheet ``request`` asks for, to
    ``request.path``: a sheet of a level (``--difficulty``) is asked for as the first deal
    of that level from its own number, so that it prints the level again.  (House words,
    ``--rules-dir``, are the reader's own folder: left out.)"""
    argv = ["sheet", request.game]
    if request.numbering != DEFAULTS.numbering:
        argv += ["--numbering", request.numbering]
    if request.seed is None:
        argv += ["--deal", request.deal_codes or ""]
    elif request.level is not None:
        argv += ["--difficulty", request.level, "--start", str(request.seed)]
    else:
        argv += ["--seed", str(request.seed)]
    if request.option_texts:
        argv += ["--option", ",".join(request.option_texts)]
    if request.paper != DEFAULTS.paper:
        argv += ["--paper", request.paper]
    if request.spoiler_free:
        argv.append("--spoiler-free")
    if request.max_seconds != DEFAULTS.max_seconds and request.max_seconds is not None:
        argv += ["--max-seconds", f"{request.max_seconds:g}"]
    return [*argv, "-o", str(request.path)]


def book_argv(request: BookRequest) -> list[str]:
    """The arguments of ``printplay`` that make the book ``request`` asks for (its output
    file left out: a book's cover prints it as a placeholder)."""
    from printplay.models.book_model import CURATED, BookRequest  # a sheet needs none of it

    argv = ["book", request.game]
    if request.curated:
        argv += ["--difficulty", CURATED]
    else:
        argv += ["--count", str(request.count), "--difficulty", request.difficulty]
        if request.start != BookRequest.start:
            argv += ["--start", str(request.start)]
        if request.option_texts:
            argv += ["--option", ",".join(request.option_texts)]
    if request.paper != BookRequest.paper:
        argv += ["--paper", request.paper]
    return argv


def command_line(argv: Sequence[str]) -> str:
    """``argv`` as a command a shell runs as it is: ``printplay`` and the words quoted."""
    return shlex.join([PROGRAM, *argv])


__all__ = [
    "DEFAULTS",
    "PROGRAM",
    "book_argv",
    "command_line",
    "sheet_argv",
    "sheet_file",
    "sheet_request",
]
