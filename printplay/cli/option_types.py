"""The options several verbs share, declared for typer (``Annotated`` aliases)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from printplay.cli.common import Paper

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

RulesDirOpt = Annotated[
    Path | None,
    typer.Option(
        "--rules-dir",
        help="A folder of house rulebook sources and templates (GAME.md, sheet.j2, ...), "
        "at its top or in rules/ and templates/ inside it, read before the bundled ones. "
        "House files run sandboxed: they can reach no Python, no shell and no file outside "
        "the folder.",
        show_default=False,
    ),
]
"""``--rules-dir``: a folder of house sources (:func:`~printplay.cli.common.house_folder`
checks it)."""

PaperOpt = Annotated[Paper, typer.Option("--paper", help="Paper size.", case_sensitive=False)]
"""``--paper a4|letter`` (any case); anything else is a usage error (exit status 2)."""

DataDirOpt = Annotated[
    Path | None,
    typer.Option(
        "--data-dir",
        help="Write the file in this folder instead of over the shipped data.",
        show_default=False,
    ),
]
"""``printplay data rebuild …``'s folder to write a data file in."""

JobsOpt = Annotated[int, typer.Option("--jobs", "-j", help="Processes.", min=1)]
"""How many processes a rebuild runs on."""


__all__ = ["DataDirOpt", "JobsOpt", "JsonOpt", "OptionsOpt", "PaperOpt"]
