"""What every ``printplay`` command shares: consoles, JSON output, progress bars, and the
guards around a run: terminals without suit symbols, signals, output arguments.  It imports
no command-line library (the options' declarations are in :mod:`printplay.cli.option_types`):
a verb run without one prints through it."""

from __future__ import annotations

import errno
import io
import json
import math
import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress

    from printplay.core.jsontypes import JsonValue


def _console_width() -> int | None:
    """The width to give the consoles: ``None`` (the terminal's, or ``COLUMNS``), or 80 when
    ``COLUMNS`` holds no positive whole number (``COLUMNS=0`` would print nothing at all)."""
    columns = os.environ.get("COLUMNS")
    if columns is None or (columns.isascii() and columns.isdigit() and 0 < int(columns) < 10**5):
        return None
    return 80


class LazyConsole:
    """A rich ``Console`` made on first use: rich is imported only by a run that prints
    through it.  Every attribute is the console's; :meth:`print` writes what rich would
    write itself where that is plain text (:mod:`printplay.cli.plain_output`: a verb
    piped to a file or another program needs no rich), as long as the console is not made."""

    def __init__(self, *, stderr: bool = False) -> None:
        self._stderr = stderr
        self._console: Console | None = None

    def print(
        self,
        *objects: object,
        sep: str = " ",
        end: str = "\n",
        markup: bool | None = None,
        highlight: bool | None = None,
    ) -> None:
        """Print as ``Console.print`` does (the console's ``highlight`` is off)."""
        if self._console is None and not highlight:
            from printplay.cli.plain_output import plain_print

            name = "stderr" if self._stderr else "stdout"
            if plain_print(name, objects, sep, end, markup is not False):
                return
        self.console.print(*objects, sep=sep, end=end, markup=markup, highlight=highlight)

    @property
    def console(self) -> Console:
        """The console, made now if it was not yet."""
        if self._console is None:
            from rich.console import Console

            self._console = Console(
                stderr=self._stderr, highlight=False, soft_wrap=True, width=_console_width()
            )
        return self._console

    def __getattr__(self, name: str) -> Any:
        return getattr(self.console, name)


stdout = LazyConsole()
"""Where the verbs print for the user (a rich console, made on first use)."""
stderr = LazyConsole(stderr=True)
"""Where progress, notes and summaries go (a rich console, made on first use)."""


def real_console(console: LazyConsole | Console) -> Console:
    """The rich console behind ``console`` (itself if it is one already)."""
    return console.console if isinstance(console, LazyConsole) else console


class Paper(StrEnum):
    """Paper sizes."""

    a4 = "a4"
    letter = "letter"


def print_json(data: JsonValue) -> None:
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

    def __init__(self, stream: TextIO) -> None:
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


def _shows_suits(stream: TextIO) -> bool:
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


_pending: list[int] = []
"""The signals that asked this run to stop: kept, so that a stop that some library's bare
``except`` (or Python's import machinery) swallowed is raised again at the next
checkpoint (:func:`raise_if_stopped`)."""


def _stop(signum: int, frame: FrameType | None) -> None:
    _pending.append(signum)
    raise Stopped(signum)


def raise_if_stopped() -> None:
    """Raise :class:`Stopped` if a stop signal arrived and was swallowed on its way."""
    if _pending:
        raise Stopped(_pending[0])


def forget_stops() -> None:
    """Start a run with no stop signal noted."""
    _pending.clear()


def catch_signals() -> None:
    """Turn Ctrl-C, SIGTERM and SIGHUP into :class:`Stopped` in this (the main) process."""
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _stop)


def _usage_error(message: str) -> Exception:
    """The command-line library's usage error (a bad value) saying ``message``."""
    import typer

    return typer.BadParameter(message)


def output_problem(value: str, what: str) -> str | None:
    """What is wrong with ``value`` as an output ``what`` (``"file name"`` or
    ``"folder"``), or ``None``."""
    if not value.strip():
        return f"the path is empty: give a {what}"
    if what == "file name" and value.endswith(("/", os.sep)) and value.strip("/" + os.sep):
        return f"{clip(value)} ends in a slash: give a file name, not a folder"
    return None


def output_file(value: str) -> Path:
    """Read an output file path as typed (a usage error if empty or ending in a slash,
    which a :class:`~pathlib.Path` would silently drop)."""
    problem = output_problem(str(value), "file name")
    if problem:
        raise _usage_error(problem)
    return Path(value)


def output_folder(value: str) -> Path:
    """Read an output folder path as typed (a usage error if empty)."""
    problem = output_problem(str(value), "folder")
    if problem:
        raise _usage_error(problem)
    return Path(value)


MESSAGE_LIMIT = 600
"""The longest error line printed (the rest is cut, with an ellipsis)."""


def one_line(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` made safe for a terminal line: line breaks as spaces, other control
    characters (an escape sequence in a file name) as ``\\x1b``-style escapes, cut to
    ``limit`` characters.

    >>> one_line("bad\\nname\\x1b[31m")
    'bad name\\\\x1b[31m'
    """
    text = " ".join(text.splitlines())
    safe = "".join(
        char if char.isprintable() else char.encode("unicode_escape").decode("ascii")
        for char in text
    )
    return clip(safe, limit)


def os_problem(error: OSError) -> str:
    """What an operating-system failure that reached the top means, in words: too many open
    files, no memory or processes left, or the system's own words with the file it names."""
    number = error.errno
    if number in (errno.EMFILE, errno.ENFILE):
        return "too many open files (raise the limit, e.g. `ulimit -n 1024`, or use fewer --jobs)"
    if number in (errno.EAGAIN, errno.ENOMEM):
        return f"the system refused to start a process or give memory: {error.strerror or error}"
    if number in (errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EFBIG):
        return f"cannot write: {error.strerror or error}"
    where = f" ({error.filename})" if error.filename else ""
    return f"{error.strerror or error}{where}"


def print_path(path: object) -> None:
    """Print a path the program wrote, literally: no console markup (``[red]`` stays), no raw
    control characters."""
    stdout.print(one_line(str(path), 10_000), markup=False, highlight=False)


def clip(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis, for messages."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


@contextmanager
def working(what: str) -> Iterator[None]:
    """A spinner on stderr with ``what`` and the time spent, while the block runs (gone
    when it ends; nothing when stderr is not a terminal)."""
    from printplay.cli.plain_output import colourless

    if colourless(sys.stderr):  # rich would show nothing there: a piped run needs no rich
        yield
        return
    from printplay.cli.progress_bars import spinner

    with spinner(real_console(stderr), what):
        yield


def progress_bar(*, disable: bool = False, rate: str | None = None) -> Progress:
    """A progress bar on stderr that disappears when done; add one task per job.  With
    ``rate`` (a unit: ``"deals"``) it shows how many a second are done.  Off when stderr
    is not a terminal: a log holds only what went wrong, each on one line."""
    from printplay.cli.progress_bars import checked_bar

    return checked_bar(real_console(stderr), disable=disable, rate=rate)


def seconds_budget(
    *, least: float = 0.001, most: float | None = None, zero: bool = False
) -> Callable[[str], float]:
    """The parser of a time limit in seconds (``--max-seconds``): a finite number from
    ``least`` to ``most`` (and 0 too with ``zero``, where it means no limit).  ``inf``,
    ``nan`` or a number out of range is a usage error: a budget that no results file,
    provenance or rerun could hold."""
    wanted = f"from {least:g} to {most:g}" if most is not None else f"at least {least:g}"
    if zero:
        wanted = f"0 for no limit, or {wanted}"

    def parse(value: str) -> float:
        text = str(value).strip()
        try:
            seconds = float(text) + 0.0  # -0 as 0
        except ValueError:
            raise _usage_error(f"{clip(text)!r} is not a number of seconds") from None
        fine = math.isfinite(seconds) and least <= seconds <= (most or math.inf)
        if not fine and not (zero and seconds == 0):
            raise _usage_error(f"{clip(text)!r}: give a number of seconds, {wanted}")
        return seconds

    return parse


def data_dir_checked(folder: Path | None, flag: str = "--data-dir") -> Path | None:
    """``--data-dir`` (or ``flag``), checked to be a folder."""
    from printplay.core.errors import OutputError

    if folder is not None and not folder.is_dir():
        raise OutputError(f"{flag} {folder}: no such folder")
    return folder


def command_named(path: str) -> Callable[..., object]:
    """The command function a game's declaration names (``"module:function"``)."""
    from printplay.core.errors import GameError
    from printplay.games import load

    found = load(path)
    if not callable(found):
        raise GameError(f"{path} is not a command")
    return found


def house_folder(folder: Path | None, output: Path | None = None) -> Path | None:
    """``--rules-dir``'s folder, checked: one that is not there is refused, and so is an
    ``output`` that would overwrite one of its house sources."""
    if folder is not None and not folder.is_dir():
        from printplay.core.errors import PrintplayError

        raise PrintplayError(f"--rules-dir {folder}: no such folder")
    if folder is not None and output is not None:
        from printplay.core.outfile import refuse_input_as_output
        from printplay.core.templating import house_sources

        sources = (("a house source of --rules-dir", path) for path in house_sources(folder))
        refuse_input_as_output(output, sources)
    return folder
