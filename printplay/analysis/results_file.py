"""The results file of ``printplay stats``: JSON Lines, a header then one record a deal.

The first line says what the file holds: the game, its options, the time per deal and
whether deals are graded (what decides a verdict), with the shuffle, the printplay
version that started it and the date.  Each further line is a :class:`DealRecord`, in
the order deals were finished.  Only the command that runs appends to it, a whole chunk
of lines in one write, under an exclusive lock (a second run on the same file is
refused), so that:

- a run stopped by anything, even SIGKILL, leaves every complete line valid; only the
  last line can be torn, and the next run cuts it off (that deal is solved again);
- running the same command again skips the deals already in the file;
- no deal is ever in the file twice: a file that holds one twice is refused;
- a file made for another game, other options or another time per deal is refused in
  one line, and so is anything that is not a results file.

The file is untrusted input: lines are read one at a time with a length limit, JSON with
bounded nesting and numbers (:func:`printplay.core.textfile.parse_json`).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from printplay import __version__
from printplay.analysis.stats_records import DealRecord, RecordError, record_from_json
from printplay.core.deal import SHUFFLE_NAME
from printplay.core.errors import OutputError, PrintplayError
from printplay.core.jsontypes import JsonObject, JsonValue
from printplay.core.outfile import check_writable
from printplay.core.provenance import today
from printplay.core.textfile import open_regular, parse_json

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX: no lock, one run at a time by hand
    fcntl = None  # type: ignore[assignment]

FORMAT = "printplay stats results"
"""What the header's ``"format"`` key says."""

FORMAT_VERSION = 1
"""The version of this format."""

RESULTS_LINE_LIMIT = 4096
"""The longest line a results file may hold, in bytes."""

RESULTS_FILE_LIMIT = 64 * 2**30
"""The largest results file read (64 GB: far more than the most deals a run covers)."""

SYNC_SECONDS = 10.0
"""How often appended lines are forced to disk (they survive the process at once)."""


def seconds_text(seconds: float) -> str:
    """A time per deal as a command line takes it back, the very same number: short where
    that loses nothing.

    >>> seconds_text(2.0), seconds_text(0.1234567891)
    ('2', '0.1234567891')
    """
    short = f"{seconds:g}"
    return short if float(short) == seconds else repr(seconds)


class ResultsError(PrintplayError):
    """A results file that cannot be used: not ours, damaged, made under other settings,
    in use or unreadable."""


@dataclass(frozen=True)
class Header:
    """What a results file holds: the settings that decide a verdict, and where it came
    from."""

    game: str
    options: tuple[str, ...]
    """The options as chosen (``printplay.core.options.chosen``: canonical, defaults left out)."""
    max_seconds: float | None
    """The time per deal (``None``: no limit)."""
    grade: bool = False
    """Whether records carry the deal's level."""
    shuffle: str = SHUFFLE_NAME
    version: str = __version__
    """The printplay version that started the file."""
    created: str = field(default_factory=today)

    def to_line(self) -> str:
        """The header as its line of JSON (no newline)."""
        data: JsonObject = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "options": list(self.options),
            "max_seconds": self.max_seconds,
            "grade": self.grade,
            "shuffle": self.shuffle,
            "printplay": self.version,
            "created": self.created,
        }
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    def settings(self) -> tuple[str, tuple[str, ...], float | None, bool, str]:
        """What must match for two runs to share a file."""
        return self.game, self.options, self.max_seconds, self.grade, self.shuffle

    def differences(self, wanted: Header) -> list[str]:
        """How this header's settings differ from ``wanted``'s, a phrase a setting that
        differs (``"shuffle pysolfc-ms (PySolFC's numbering), not pp1 (printplay's
        own)"``), for the message that refuses the file."""
        mine, theirs = self, wanted
        rows = [
            ("game", mine.game, theirs.game, mine.game == theirs.game),
            (
                "options",
                _options_text(mine.options),
                _options_text(theirs.options),
                mine.options == theirs.options,
            ),
            (
                "time per deal",
                _budget_text(mine.max_seconds),
                _budget_text(theirs.max_seconds),
                mine.max_seconds == theirs.max_seconds,
            ),
            (
                "grading",
                _grade_text(mine.grade),
                _grade_text(theirs.grade),
                mine.grade == theirs.grade,
            ),
            (
                "shuffle",
                _shuffle_text(mine.shuffle),
                _shuffle_text(theirs.shuffle),
                mine.shuffle == theirs.shuffle,
            ),
        ]
        return [f"{name} {one}, not {other}" for name, one, other, same in rows if not same]


def _options_text(options: tuple[str, ...]) -> str:
    return ",".join(options) if options else "none (the standard game)"


def _budget_text(seconds: float | None) -> str:
    return f"{seconds_text(seconds)} s" if seconds is not None else "no limit"


def _grade_text(grade: bool) -> str:
    return "graded" if grade else "ungraded"


def _shuffle_text(shuffle: str) -> str:
    if shuffle == SHUFFLE_NAME:
        return f"{shuffle} (printplay's own)"
    if shuffle.startswith("pysolfc"):
        return f"{shuffle} (PySolFC's numbering)"
    return shuffle


def _header_from(data: JsonValue, where: str) -> Header:
    """The header a first line holds; not ours is one line."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ResultsError(
            f"{where} is not a printplay stats results file (its first line)"
        ) from None
    if data.get("format_version") != FORMAT_VERSION:
        raise ResultsError(f"{where} is in another version of the results format: start a new file")
    game, options = data.get("game"), data.get("options")
    budget, grade, shuffle = data.get("max_seconds"), data.get("grade"), data.get("shuffle")
    version, created = data.get("printplay"), data.get("created")
    fine = (
        isinstance(game, str)
        and isinstance(options, list)
        and all(isinstance(option, str) for option in options)
        and (budget is None or (isinstance(budget, int | float) and not isinstance(budget, bool)))
        and isinstance(grade, bool)
        and isinstance(shuffle, str)
        and isinstance(version, str)
        and isinstance(created, str)
    )
    if not fine:
        raise ResultsError(f"{where}: its header line is damaged")
    assert isinstance(game, str) and isinstance(options, list) and isinstance(grade, bool)
    assert isinstance(shuffle, str) and isinstance(version, str) and isinstance(created, str)
    return Header(
        game=game,
        options=tuple(str(option) for option in options),
        max_seconds=float(budget) if isinstance(budget, int | float) else None,
        grade=grade,
        shuffle=shuffle,
        version=version,
        created=created,
    )


@dataclass
class ReadReport:
    """What reading an existing results file found."""

    header: Header
    records: int = 0
    """Complete records read."""
    torn_at: int | None = None
    """Where a torn last line starts (it is cut off before appending), if there is one."""
    end: int = 0
    """The offset just past the last complete line."""


def _short(path: Path) -> str:
    text = str(path)
    return text if len(text) <= 80 else f"{text[:39]}…{text[-40:]}"


def _read_line(handle: BinaryIO, where: str, number: int) -> bytes:
    raw = handle.readline(RESULTS_LINE_LIMIT + 1)
    if len(raw) > RESULTS_LINE_LIMIT:
        raise ResultsError(
            f"{where} line {number} is longer than {RESULTS_LINE_LIMIT:,} bytes: not a results file"
        )
    return raw


def _decode(raw: bytes, where: str, number: int) -> JsonValue:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ResultsError(f"{where} line {number} is not UTF-8 text") from None
    return parse_json(text, f"{where} line {number}", error=ResultsError)


def read_results(
    handle: BinaryIO, where: str, expected: Header, on_record: Callable[[DealRecord], bool]
) -> ReadReport:
    """Read an open results file: check its header against ``expected`` and hand each
    record to ``on_record`` (which returns ``False`` for a deal it has seen already: the
    file is then refused).  A last line without its newline is torn: left out, and its
    offset reported."""
    first = _read_line(handle, where, 1)
    if not first:
        raise ResultsError(f"{where} is empty: not a results file (remove it, or name another)")
    if not first.endswith(b"\n"):
        raise ResultsError(f"{where} is not a printplay stats results file (no header line)")
    try:
        value = _decode(first, where, 1)
    except ResultsError:
        raise ResultsError(
            f"{where} is not a printplay stats results file (its first line)"
        ) from None
    header = _header_from(value, where)
    if header.settings() != expected.settings():
        raise ResultsError(
            f"{where} was made for another run: {'; '.join(header.differences(expected))}; "
            "use another results file"
        )
    report = ReadReport(header=header, end=len(first))
    number = 1
    while True:
        raw = _read_line(handle, where, number + 1)
        if not raw:
            return report
        number += 1
        if report.end + len(raw) > RESULTS_FILE_LIMIT:
            raise ResultsError(f"{where} is larger than {RESULTS_FILE_LIMIT // 2**30} GB")
        if not raw.endswith(b"\n"):  # only at the end: readline stops at a newline or EOF
            report.torn_at = report.end
            return report
        try:
            record = record_from_json(_decode(raw, where, number))
        except RecordError as error:
            raise ResultsError(f"{where} line {number} is not a deal record: {error}") from None
        if header.grade != (record.level is not None):
            raise ResultsError(f"{where} line {number}: the level does not match the header")
        if not on_record(record):
            raise ResultsError(
                f"{where} line {number} repeats deal {record.deal}: the file was changed by "
                "hand or written by two runs at once; it cannot be trusted"
            )
        report.records += 1
        report.end += len(raw)


def _link(source: Path, target: Path) -> None:
    """Put ``source`` at ``target`` unless something is there already (a file system
    without hard links: moved, which checks only just before)."""
    try:
        os.link(source, target)
    except OSError as error:
        if error.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
            raise
        if target.exists():
            raise FileExistsError(errno.EEXIST, "exists", str(target)) from None
        os.rename(source, target)


class ResultsFile:
    """A results file open for a run: read, checked, locked, then appended to.

    :meth:`open` reads what is there (nothing is written until :meth:`start`, so a run
    refused before it starts changes nothing); :meth:`start` creates the file with its
    header, or cuts off a torn last line; :meth:`append` adds records.
    """

    def __init__(self, path: Path, header: Header) -> None:
        self.path = Path(path)
        self.header = header
        self.handle: BinaryIO | None = None
        self.report: ReadReport | None = None
        self.fd: int | None = None
        self.synced = time.monotonic()

    def open(self, on_record: Callable[[DealRecord], bool]) -> ReadReport | None:
        """Check the file can be used, lock it and read it (``None``: there is none yet,
        and its folder is writable)."""
        where = _short(self.path)
        if not self.path.exists() and not self.path.is_symlink():
            check_writable(self.path)
            return None
        if self.path.is_dir():
            raise ResultsError(f"{where} is a folder, not a results file")
        # a FIFO would block the open forever: opened only if it is a regular file
        handle = open_regular(self.path, "results file", error=ResultsError, update=True)
        self.handle = handle
        self._lock(handle.fileno(), where)
        try:
            self.report = read_results(handle, where, self.header, on_record)
        except OSError as error:
            raise ResultsError(f"cannot read {where}: {error.strerror or error}") from None
        return self.report

    def _lock(self, fd: int, where: str) -> None:
        if fcntl is None:  # pragma: no cover
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise ResultsError(
                    f"{where} is being written by another run: wait for it, or name another "
                    "results file"
                ) from None
            raise ResultsError(f"cannot lock {where}: {error.strerror or error}") from None

    def start(self) -> bool:
        """Make the file ready to append to: created with its header if new, a torn last
        line cut off; ``True`` if a torn line was cut."""
        where = _short(self.path)
        if self.handle is None:
            self._create(where)
            return False
        assert self.report is not None
        self.fd = self.handle.fileno()
        torn = self.report.torn_at is not None
        try:
            if torn:
                os.ftruncate(self.fd, self.report.end)
                os.fsync(self.fd)
            os.lseek(self.fd, self.report.end, os.SEEK_SET)
        except OSError as error:
            raise ResultsError(f"cannot repair {where}: {error.strerror or error}") from None
        return torn

    def _create(self, where: str) -> None:
        """A new file whose first line is the whole header, or none at all: written to a
        temporary name, then linked into place (refused if a file appeared meanwhile)."""
        folder = self.path.parent if str(self.path.parent) else Path(".")
        temporary = folder / f".{self.path.name}.{os.getpid()}.tmp"
        try:
            with open(temporary, "xb") as handle:
                handle.write((self.header.to_line() + "\n").encode("utf-8"))
                handle.flush()
                os.fsync(handle.fileno())
            _link(temporary, self.path)
        except FileExistsError:
            raise ResultsError(f"{where} appeared while this run started: run again") from None
        except OSError as error:
            raise OutputError(f"cannot write {where}: {error.strerror or error}") from None
        finally:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        handle2 = open(self.path, "r+b")  # noqa: SIM115 - kept open for the run
        self.handle = handle2
        self._lock(handle2.fileno(), where)
        self.fd = handle2.fileno()
        os.lseek(self.fd, 0, os.SEEK_END)

    def append(self, records: Iterable[DealRecord]) -> None:
        """Add ``records``, in one write (a stop in the middle tears only the last line)."""
        assert self.fd is not None, "start() first"
        data = "".join(record.to_line() + "\n" for record in records).encode("utf-8")
        view = memoryview(data)
        try:
            while view:
                written = os.write(self.fd, view)
                view = view[written:]
            if time.monotonic() - self.synced > SYNC_SECONDS:
                os.fsync(self.fd)
                self.synced = time.monotonic()
        except OSError as error:
            raise OutputError(
                f"cannot write {_short(self.path)}: {error.strerror or error}"
            ) from None

    def close(self) -> None:
        """Force what was written to disk and release the file."""
        handle, self.handle, self.fd = self.handle, None, None
        if handle is not None:
            with contextlib.suppress(OSError):
                os.fsync(handle.fileno())
            handle.close()


__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "RESULTS_LINE_LIMIT",
    "Header",
    "ReadReport",
    "ResultsError",
    "ResultsFile",
    "read_results",
    "seconds_text",
]
