"""What every ``printplay`` command shares: consoles, JSON output, progress bars, options,
and the guards around a run: terminals without suit symbols, signals, output arguments."""

from __future__ import annotations

import io
import json
import os
import signal
import sys
from collections.abc import Sequence
from enum import StrEnum
from types import FrameType
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


class Paper(StrEnum):
    """Paper sizes."""

    a4 = "a4"
    letter = "letter"


PaperOpt = Annotated[Paper, typer.Option("--paper", help="Paper size.", case_sensitive=False)]
"""``--paper a4|letter`` (any case); anything else is a usage error (exit status 2)."""


def print_json(data: Any) -> None:
    """Write one JSON object on one line of stdout (UTF-8, suit symbols kept; escaped where
    the terminal cannot show them)."""
    plain = isinstance(sys.stdout, SuitSafeWriter)
    sys.stdout.write(json.dumps(data, ensure_ascii=plain) + "\n")


SUITS = "♠♥♦♣"
SUIT_LETTERS = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c"})
"""Suit symbols as the letters of card codes: ``10♥`` prints as ``10h``."""


class SuitSafeWriter(io.TextIOBase):
    """A text stream for a terminal whose encoding lacks the suit symbols: suits become the
    letters of card codes, anything else it cannot show a question mark."""

    def __init__(self, stream: Any) -> None:
        super().__init__()
        self.stream = stream

    @property
    def encoding(self) -> str:  # type: ignore[override]
        """The encoding of the terminal underneath."""
        return str(getattr(self.stream, "encoding", None) or "ascii")

    def write(self, text: str) -> int:
        """Write ``text`` in what the terminal can show."""
        safe = text.translate(SUIT_LETTERS).encode(self.encoding, errors="replace")
        self.stream.write(safe.decode(self.encoding))
        return len(text)

    def flush(self) -> None:
        """Flush the terminal."""
        self.stream.flush()

    def isatty(self) -> bool:
        """Whether the terminal is a terminal."""
        return bool(self.stream.isatty())

    def fileno(self) -> int:
        """The terminal's file descriptor."""
        return int(self.stream.fileno())


def _shows_suits(stream: Any) -> bool:
    try:
        SUITS.encode(getattr(stream, "encoding", None) or "ascii")
    except (LookupError, UnicodeEncodeError):
        return False
    return True


def guard_streams() -> None:
    """Let output reach terminals whose encoding has no suit symbols (they print as letters)."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        wrapped = isinstance(stream, SuitSafeWriter)
        if stream is not None and not wrapped and not _shows_suits(stream):
            setattr(sys, name, SuitSafeWriter(stream))


class Stopped(BaseException):
    """Raised in the main process when Ctrl-C (SIGINT), SIGTERM or SIGHUP arrives, so that
    every ``finally`` runs: worker pools are terminated and half-written files removed.

    Like :class:`KeyboardInterrupt` it is no :class:`Exception`, so no ``except Exception``
    swallows it; unlike it, the command-line library lets it through to :func:`main`.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        """``SIGINT``, ``SIGTERM`` or ``SIGHUP``."""
        return signal.Signals(self.signum).name


def _stop(signum: int, frame: FrameType | None) -> None:
    raise Stopped(signum)


def catch_signals() -> None:
    """Turn Ctrl-C, SIGTERM and SIGHUP into :class:`Stopped` in this (the main) process."""
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _stop)


def output_arguments(argv: Sequence[str]) -> list[tuple[str, str]]:
    """The ``(flag, value)`` of every ``-o`` / ``--output`` / ``--output-dir`` in ``argv``,
    the value as typed (a ``Path`` would drop a trailing slash)."""
    found = []
    for i, arg in enumerate(argv):
        if arg in ("-o", "--output", "--output-dir") and i + 1 < len(argv):
            found.append((arg, argv[i + 1]))
        elif arg.startswith(("--output=", "--output-dir=")):
            flag, _, value = arg.partition("=")
            found.append((flag, value))
        elif arg.startswith("-o") and len(arg) > 2:
            found.append(("-o", arg[2:]))
    return found


def output_problem(flag: str, value: str) -> str | None:
    """What is wrong with an output path as typed, if anything: empty, or (for a file)
    ending in a slash."""
    what = "folder" if flag == "--output-dir" else "file name"
    if not value.strip():
        return f"{flag}: the path is empty: give a {what}"
    if what == "file name" and value.endswith(("/", os.sep)) and value.strip("/" + os.sep):
        return f"{flag} {clip(value)} ends in a slash: give a file name, not a folder"
    return None


def clip(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis, for messages."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


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
