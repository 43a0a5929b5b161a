"""``printplay book``: a book of winnable deals of the difficulty asked, solutions at the
back; for Ricochet Poker, a book of close decisions with their exact answers.

The deals are taken in order of deal number from ``--start``, graded, and kept when they
are of the level asked (``mixed``: a rising ramp from easy to expert); a progress bar
shows the deals found and tried; ``--jobs`` grades on several processes.
``--imposition booklet`` prints the pages two a side in saddle-stitch order, ``print-shop``
each page with bleed and its trim and bleed boxes.  ``--json`` prints the book's manifest
(docs/json.md) instead of its path.  Bad input is one line on stderr and no file.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from printplay.cli.common import (
    Paper,
    house_folder,
    output_file,
    print_json,
    print_path,
    progress_bar,
)
from printplay.cli.option_types import JsonOpt, OptionsOpt, PaperOpt, RulesDirOpt
from printplay.core.errors import OptionError
from printplay.games import REGISTRY, entry


class Imposition(StrEnum):
    """How a book's pages are put on paper."""

    pages = "pages"
    booklet = "booklet"
    print_shop = "print-shop"


BOOKS = [name for name, game in REGISTRY.items() if game.book is not None]
"""The games that have a book."""

BookGameArg = Annotated[
    str,
    typer.Argument(
        help=f"The game: {', '.join(BOOKS)}.",
        show_default=False,
    ),
]


def book(
    game: BookGameArg,
    output: Annotated[
        Path,
        typer.Option(
            "--output", "-o", help="The PDF file to write.", show_default=False, parser=output_file
        ),
    ],
    count: Annotated[int, typer.Option("--count", "-n", help="How many puzzles (1 to 200).")] = 12,
    difficulty: Annotated[
        str,
        typer.Option(
            "--difficulty",
            "-d",
            help="easy, medium, hard, expert, or mixed: a rising ramp from easy to expert "
            "(docs/difficulty.md); curated: the graded collections shipped with printplay "
            "(first steps, then expert; standard rules, nothing searched).",
        ),
    ] = "mixed",
    option: OptionsOpt = None,
    start: Annotated[int, typer.Option("--start", help="The first deal number looked at.")] = 1,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs", "-j", help="Processes grading deals (a problem book is made in one).", min=1
        ),
    ] = 1,
    paper: PaperOpt = Paper.a4,
    imposition: Annotated[
        Imposition,
        typer.Option(
            "--imposition",
            help="pages: as laid out, one a page; booklet: two a side of a landscape sheet "
            "in saddle-stitch order (print both sides flipping on the short edge, fold, "
            "staple); print-shop: each page with 3 mm bleed, its TrimBox and BleedBox set.",
            case_sensitive=False,
        ),
    ] = Imposition.pages,
    rules_dir: RulesDirOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Write a book of winnable deals of the difficulty asked, one a page, with the
    solutions at the back (Ricochet Poker: close decisions, the answers at the back)."""
    from printplay.makers.requests import book_maker
    from printplay.models.book_model import CURATED, BookRequest

    found = entry(game)
    maker = book_maker(found.name)
    house = house_folder(rules_dir, output)
    curated = difficulty == CURATED and found.is_solitaire
    if curated and (option or count != BookRequest.count or start != BookRequest.start):
        raise OptionError(
            "--difficulty curated prints the shipped collections under standard rules: "
            "leave out --option, --count and --start"
        )
    with progress_bar(disable=not found.is_solitaire) as progress:
        task = progress.add_task("grading deals", total=count)

        def report(puzzles: int, tried: int) -> None:
            progress.update(task, completed=puzzles, description=f"grading deals ({tried} tried)")

        request = BookRequest(
            found.name,
            output,
            tuple(option or ()),
            count=count,
            difficulty=difficulty,
            start=start,
            jobs=jobs,
            paper=paper.value,
            curated=curated,
            progress=report,
            imposition=imposition.value,
            rules_dir=house,
        )
        path, manifest = maker(request)
    if as_json:
        print_json(manifest)
    else:
        print_path(path)


__all__ = ["book"]
