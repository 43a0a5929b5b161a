"""What every ``printplay`` command shares: consoles, JSON output, progress bars, options."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

stdout = Console(highlight=False, soft_wrap=True)
stderr = Console(stderr=True, highlight=False, soft_wrap=True)

OptionsOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-O",
        help="A game option, NAME or NAME=VALUE (see `printplay games`); repeat or separate "
        "with commas.",
        show_default=False,
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


def print_json(data: Any) -> None:
    """Write one JSON object on one line of stdout (UTF-8, suit symbols kept)."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")


def progress_bar(*, disable: bool = False) -> Progress:
    """A progress bar on stderr that disappears when done; add one task per job."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=stderr,
        transient=True,
        disable=disable,
        redirect_stdout=False,  # results go to stdout even while the bar is drawn
        redirect_stderr=False,
    )
