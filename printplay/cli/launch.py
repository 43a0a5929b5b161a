"""The console script's first steps, before the heavy imports.

Ctrl-C, SIGTERM and SIGHUP are caught from the first moment: while the command line and
its libraries are imported, a signal is only noted (raising inside a library's import could
be swallowed by its ``except`` and let the run go on, or print a long traceback), and the
run stops cleanly right after.  A plain command line (:func:`printplay.cli.run.quick_call`)
runs without typer's import.  A current folder that no longer exists is one line, not
the traceback a library's start-up would give.  The garbage collector sleeps while the
command line's modules load (and, for a plain line, the libraries its work imports:
:func:`~printplay.cli.run.quick_modules`), and what they made is frozen (``gc.freeze``):
later collections never walk it.  And its last step: once the command line has returned, the
interpreter's final garbage collections are skipped (``gc.freeze`` again).
"""

from __future__ import annotations

import gc
import importlib
import os
import signal
import sys
from types import FrameType

STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""The signals that stop a run."""

_noted: list[int] = []


def _note(signum: int, frame: FrameType | None) -> None:
    _noted.append(signum)


def _say(line: str) -> None:
    try:
        sys.stderr.write(f"printplay: {line}\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass


def _stopped(signum: int) -> int:
    name = signal.Signals(signum).name
    what = "interrupted (Ctrl-C)" if name == "SIGINT" else f"stopped by {name}"
    _say(f"{what} while starting; nothing was written")
    return 128 + signum


def _version() -> int:
    """Prints ``printplay --version``; the exit status."""
    from printplay.cli.version import version_lines

    if _noted:
        return _stopped(_noted[0])
    try:
        sys.stdout.write("".join(f"{line}\n" for line in version_lines()))
        sys.stdout.flush()
    except OSError:  # a closed pipe: nothing more to say, and no traceback at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return 0


def entry() -> None:
    """The ``printplay`` console script: exit with the command line's status."""
    for signum in STOP_SIGNALS:
        signal.signal(signum, _note)
    try:
        os.getcwd()
    except FileNotFoundError:
        _say("error: the current folder no longer exists: change to another folder first")
        sys.exit(1)
    if sys.argv[1:] == ["--version"]:  # answered without the command line's imports
        sys.exit(_version())
    gc.disable()  # the command line's modules make no garbage worth a collection
    try:
        from printplay.cli.common import catch_signals
        from printplay.cli.run import guarded, quick_call, quick_modules

        quick = quick_call(sys.argv[1:])  # a plain line runs without typer
        if quick is None:
            from printplay.cli.app import main
        else:  # and the libraries its work imports load now, with the command line's
            for name in quick_modules(sys.argv[1:]):
                importlib.import_module(name)
    except KeyboardInterrupt:
        sys.exit(_stopped(signal.SIGINT))
    finally:
        gc.freeze()  # what they made lives to the end: no later collection walks it
        gc.enable()
    if _noted:
        sys.exit(_stopped(_noted[0]))
    catch_signals()
    status = main() if quick is None else guarded(quick)
    _end_without_collecting()
    sys.exit(status)


def _end_without_collecting() -> None:
    """Spare the interpreter's last garbage collections: the run is over, every file it
    wrote is closed and every worker ended, and walking the libraries' objects once more
    costs a short verb a tenth of its time.  Objects are still freed as their references
    go, and exit handlers run; only cyclic garbage is left to the process's end."""
    gc.freeze()


__all__ = ["STOP_SIGNALS", "entry"]
