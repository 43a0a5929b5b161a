"""A run of the command line: :func:`main`, the guards around a verb, and the plain command
lines run without the command-line library.

typer and the standard library it brings take about half of a short verb's start.  The
commands a user types most, ``printplay`` alone or with ``--help`` and a plain ``deal``,
``solve`` or ``sheet`` (a game, ``--seed``, ``--deal``, ``--option``, ``--numbering``,
``--json`` and ``solve``'s flags and counts, ``sheet``'s ``--output``, ``--paper``,
``--spoiler-free`` and ``--rules-dir``, each value of an ordinary form), are read here and
run without it (:func:`quick_call`): the verb gets the values typer would give it.  Anything
else (help of a verb, a value typer would refuse or read unusually, an option read
through a parser, another verb, a shell asking for completions) goes to typer, which
reads it and says what is wrong in its words.  ``tests/test_quick_run.py`` checks both
give the same values for a range of command lines, and the help pages at every width.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

from printplay.cli.common import (
    MESSAGE_LIMIT,
    Paper,
    Stopped,
    forget_stops,
    guard_streams,
    one_line,
    os_problem,
    output_problem,
    raise_if_stopped,
)
from printplay.core.errors import PrintplayError

WHOLE_NUMBER = re.compile(r"0|-?[1-9][0-9]{0,99}")
"""A whole number as typer reads it for sure: ASCII digits, no sign but a minus, no
leading zero, no blank, no underscore; at most 100 digits."""

COMPLETION_REQUEST = "_PRINTPLAY_COMPLETE"
"""The variable through which a shell asks for completions: typer answers it, whatever
the line."""

_FLAG, _TEXT, _TEXTS, _WHOLE, _COUNT, _NUMBERING, _PAPER, _FILE, _FOLDER = range(9)
"""The kinds of option read here: a switch, a word, a repeatable word, a whole number, a
whole number from 1, a numbering's name, a paper size's name, an output file's name (as
``common.output_file`` reads it), a folder's name."""

_DEAL_OPTIONS: dict[str, tuple[str, int]] = {
    "--seed": ("seed", _WHOLE),
    "-s": ("seed", _WHOLE),
    "--deal": ("deal", _TEXT),
    "--option": ("option", _TEXTS),
    "-O": ("option", _TEXTS),
    "--numbering": ("numbering", _NUMBERING),
    "--json": ("as_json", _FLAG),
}
_SOLVE_OPTIONS = {
    **_DEAL_OPTIONS,
    "--best-score": ("best_score", _FLAG),
    "--shortest": ("shortest", _FLAG),
    "--max-states": ("max_states", _COUNT),
    "--jobs": ("jobs", _COUNT),
    "-j": ("jobs", _COUNT),
    "--timings": ("timings", _FLAG),
    "--grade": ("grade", _FLAG),
}
_SHEET_OPTIONS = {
    **{name: read for name, read in _DEAL_OPTIONS.items() if name != "--json"},
    "--output": ("output", _FILE),
    "-o": ("output", _FILE),
    "--paper": ("paper", _PAPER),
    "--spoiler-free": ("spoiler_free", _FLAG),
    "--rules-dir": ("rules_dir", _FOLDER),
}
QUICK_OPTIONS = {"deal": _DEAL_OPTIONS, "solve": _SOLVE_OPTIONS, "sheet": _SHEET_OPTIONS}
"""The verbs run without typer, and the options read for them (any other goes to typer)."""

QUICK_DEFAULTS: dict[str, dict[str, object]] = {
    "deal": {"seed": None, "deal": None, "option": None, "as_json": False, "output": None},
    "solve": {
        "seed": None,
        "deal": None,
        "deal_file": None,
        "option": None,
        "as_json": False,
        "best_score": False,
        "shortest": False,
        "max_states": None,
        "max_seconds": None,
        "jobs": 1,
        "timings": False,
        "grade": False,
    },
    "sheet": {
        "seed": None,
        "deal": None,
        "option": None,
        "paper": Paper.a4,
        "spoiler_free": False,
        "rules_dir": None,
        "max_seconds": 60.0,
        "difficulty": None,
        "start": None,
    },
}
"""What each verb's parameters are when not given (``numbering``: printplay's own); a
verb's parameters missing here (``sheet``'s ``output``) must be given."""

QUICK_REQUIRED = {"sheet": ("output",)}
"""The options a verb's line must give to be read here (typer says what is missing)."""


QUICK_MODULES = {
    "sheet": (
        "printplay.makers.requests",
        "printplay.makers.sheet_maker",
        "printplay.makers.printable_words",
        "printplay.render.sheet_pdf",
    )
}
"""The modules a verb run here goes on to import for its work (reportlab, Jinja, the
builders): the console script loads them with the command line's own
(:func:`quick_modules`)."""


def quick_modules(args: list[str]) -> tuple[str, ...]:
    """The modules the work of the plain command line ``args`` imports, to load with the
    command line's own: :func:`printplay.cli.launch.entry` loads them with the collector
    asleep and freezes what they made, so that no collection walks them again."""
    return QUICK_MODULES.get(args[0], ()) if args else ()


def _value(kind: int, text: str) -> object:
    """``text`` read as an option of ``kind``, or ``None`` where typer should read it."""
    if kind == _TEXT:
        return text
    if kind == _FILE:
        return None if output_problem(text, "file name") else Path(text)
    if kind == _FOLDER:
        return Path(text) if text else None
    if kind == _PAPER:
        return Paper(text) if text in Paper.__members__ else None
    if kind in (_WHOLE, _COUNT):
        if not WHOLE_NUMBER.fullmatch(text):
            return None
        number = int(text)
        return None if kind == _COUNT and number < 1 else number
    from printplay.cli.deal_solve import Numbering

    return Numbering(text) if text in Numbering.__members__ else None


def quick_values(args: list[str]) -> tuple[str, str, dict[str, object]] | None:
    """The verb, the game and the other values of a plain ``deal``, ``solve`` or ``sheet``
    command line, as typer would hand them to the verb; ``None`` for any other line."""
    options = QUICK_OPTIONS.get(args[0]) if args else None
    if options is None:
        return None
    game: str | None = None
    values: dict[str, object] = {}
    texts: dict[str, list[str]] = {}  # the repeatable options' words
    words = iter(args[1:])
    for word in words:
        if not word.startswith("-"):
            if game is not None:
                return None
            game = word
            continue
        name, equals, text = word.partition("=") if word.startswith("--") else (word, "", "")
        param, kind = options.get(name, ("", -1))
        if kind < 0 or param in values or (equals and kind == _FLAG):
            return None
        if kind == _FLAG:
            values[param] = True
            continue
        if not equals:
            text = next(words, "-")
            if text.startswith("-"):
                return None
        if kind == _TEXTS:
            texts.setdefault(param, []).append(text)
            continue
        value = _value(kind, text)
        if value is None:
            return None
        values[param] = value
    if game is None or any(name not in values for name in QUICK_REQUIRED.get(args[0], ())):
        return None
    return args[0], game, {**values, **texts}


def quick_arguments(args: list[str]) -> tuple[str, str, dict[str, object]] | None:
    """The verb, the game and every other argument typer would hand the verb's work
    (:func:`~printplay.cli.deal_solve.run_deal`, ``run_solve`` or
    :func:`~printplay.cli.sheet_verb.run_sheet`) for a plain ``deal``, ``solve`` or
    ``sheet`` command line; ``None`` where typer should read the line."""
    found = quick_values(args)
    if found is None:
        return None
    from printplay.cli.deal_solve import Numbering
    from printplay.games import REGISTRY

    verb, game, values = found
    if game not in REGISTRY:  # typer names an unknown game (or reads an alias)
        return None
    return verb, game, {**QUICK_DEFAULTS[verb], "numbering": Numbering.printplay, **values}


def quick_call(args: list[str]) -> Callable[[], object] | None:
    """The run of a plain command line without typer (see the module's docstring), or
    ``None`` where typer should read it."""
    if os.environ.get(COMPLETION_REQUEST):
        return None
    if args == ["--help"]:
        return _root_help
    if not args:
        return _usage_page
    found = quick_arguments(args)
    if found is None:
        return None
    verb, game, given = found
    run = _verb_work(verb)
    return lambda: run(game, **given)


def _verb_work(verb: str) -> Callable[..., None]:
    """The work of a verb run here."""
    if verb == "sheet":
        from printplay.cli.sheet_verb import run_sheet

        return run_sheet
    from printplay.cli.deal_solve import run_deal, run_solve

    return run_deal if verb == "deal" else run_solve


def _root_help() -> None:
    from printplay.cli.root_help import root_help, terminal_columns

    sys.stdout.write(root_help(terminal_columns()))


def _usage_page() -> None:
    """``printplay`` alone: the help page, printed through the console (as typer's page
    was)."""
    from printplay.cli.common import stdout
    from printplay.cli.root_help import root_help, terminal_columns

    stdout.print(root_help(terminal_columns()).removesuffix("\n"))


def fail(message: str) -> None:
    """One line on stderr (or nowhere, if stderr is gone too): control characters shown
    as escapes, at most :data:`MESSAGE_LIMIT` characters, written in one piece."""
    line = one_line(f"printplay: {message}", MESSAGE_LIMIT)
    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stderr.write(line + "\n")
        sys.stderr.flush()


def guarded(call: Callable[[], object]) -> int:
    """Run ``call`` (a verb, or typer reading the command line) and return the exit status:
    bad input is one line on stderr and status 1 (typer's usage errors 2); a stop signal
    ends the run with 128 + its number."""
    guard_streams()
    if sys.stdout is None:
        fail("error: standard output is closed")
        return 1
    forget_stops()
    try:
        result = call()
        sys.stdout.flush()
        raise_if_stopped()  # a stop swallowed on its way still ends the run as stopped
    except PrintplayError as error:
        fail(f"error: {error}")
        return 1
    except Stopped as stop:
        what = "interrupted (Ctrl-C)" if stop.name == "SIGINT" else f"stopped by {stop.name}"
        fail(f"{what}; nothing half-written was left behind")
        return 128 + stop.signum
    except KeyboardInterrupt:
        return _interrupted()
    except BrokenPipeError:
        _quiet_stdout()
        return 1
    except OSError as error:
        _quiet_stdout()
        fail(f"error: {os_problem(error)}")
        return 1
    except Exception as error:
        status = _typer_error(error)
        if status is None:
            raise
        return status
    return result if isinstance(result, int) else 0


def _interrupted() -> int:
    fail("interrupted (Ctrl-C); nothing half-written was left behind")
    return 130


def _typer_error(error: Exception) -> int | None:
    """The exit status of typer's own errors (their message said), or ``None``."""
    typer = sys.modules.get("typer")
    if typer is None:
        return None
    if isinstance(error, typer.TyperException):
        fail(f"error: {error.format_message()}")
        return int(getattr(error, "exit_code", 2))
    if isinstance(error, typer.Abort):
        return _interrupted()
    return None


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so that Python's final flush of a broken or full stream
    adds no second message."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    Bad input gives one line on stderr and status 1 (2 for a usage error); Ctrl-C, SIGTERM
    and SIGHUP stop the run cleanly (workers ended, no half-written file) with 128 + the
    signal's number.
    """
    args = sys.argv[1:] if argv is None else list(argv)
    quick = quick_call(args)
    if quick is not None:
        return guarded(quick)
    from printplay.cli.app import run_typer

    return run_typer(args)


__all__ = [
    "QUICK_DEFAULTS",
    "QUICK_MODULES",
    "QUICK_OPTIONS",
    "QUICK_REQUIRED",
    "fail",
    "guarded",
    "main",
    "quick_arguments",
    "quick_call",
    "quick_modules",
]
