"""``printplay book``: a book of winnable deals of the difficulty asked, solutions at the
back; for Ricochet Poker, a book of close decisions with their exact answers.

The deals are taken in order of deal number from ``--start``, graded, and kept when they
are of the level asked (``mixed``: a rising ramp from easy to expert); a progress bar
shows the deals found and tried; ``--jobs`` grades on several processes.  ``--json``
prints the book's manifest (docs/json.md) instead of its path.  Bad input is one line on
stderr and no file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from printplay.cli_common import (
    JsonOpt,
    OptionsOpt,
    Paper,
    PaperOpt,
    output_file,
    print_json,
    print_path,
    progress_bar,
)
from printplay.games import entry, make_solitaire

BookGameArg = Annotated[
    str,
    typer.Argument(
        help="The game: tripeaks, pyramid or ricochet (deals), or ricochet-poker (decisions).",
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
            "(docs/difficulty.md).",
        ),
    ] = "mixed",
    option: OptionsOpt = None,
    start: Annotated[int, typer.Option("--start", help="The first deal number looked at.")] = 1,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Processes grading deals.", min=1)] = 1,
    paper: PaperOpt = Paper.a4,
    as_json: JsonOpt = False,
) -> None:
    """Write a book of winnable deals of the difficulty asked, one a page, with the
    solutions at the back (Ricochet Poker: close decisions, the answers at the back)."""
    if not entry(game).is_solitaire:
        from printplay.printables.poker_problems import write_problem_book

        path, manifest = write_problem_book(
            output,
            count=count,
            difficulty=difficulty,
            option_texts=tuple(option or ()),
            start=start,
            paper=paper.value,
        )
    else:
        from printplay.printables.puzzle_book import write_book

        the_game = make_solitaire(game, option or [])
        with progress_bar() as progress:
            task = progress.add_task("grading deals", total=count)

            def report(found: int, tried: int) -> None:
                progress.update(task, completed=found, description=f"grading deals ({tried} tried)")

            path, manifest = write_book(
                the_game,
                output,
                count=count,
                difficulty=difficulty,
                start=start,
                jobs=jobs,
                paper=paper.value,
                progress=report,
            )
    if as_json:
        print_json(manifest)
    else:
        print_path(path)


__all__ = ["book"]
