"""Reading a user's files safely: bounded in size, UTF-8 (a byte-order mark allowed),
JSON bounded in depth and in the length of its numbers, every failure one
:class:`~printplay.core.errors.PrintplayError` line naming the file.

Files a user hands us (deal files, move lines, results files, house rulebook sources) are
untrusted: nothing in them may crash the program, exhaust its memory, hang it or fill a
terminal with an error message.  Every one is opened by :func:`open_regular`, which opens
regular files only: a FIFO, a device (``/dev/zero``), a socket or a folder is refused
before anything is read from it (opening a FIFO would wait for a writer forever).

>>> import io
>>> [line for line in text_lines(io.BytesIO(b"a\\nb"), "demo", "x")]
[(1, 'a'), (2, 'b')]
"""

from __future__ import annotations

import json
import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from printplay.core.errors import PrintplayError
from printplay.core.jsontypes import JsonValue

TEXT_FILE_LIMIT = 64 * 1024 * 1024
"""The largest file read (64 MB); a larger one is refused rather than read into memory."""

JSON_DEPTH_LIMIT = 64
"""The deepest nesting of arrays and objects a JSON file may have."""

JSON_NUMBER_DIGITS = 40
"""The longest number (in characters) a JSON file may hold."""


def _stdin(what: str, error: type[PrintplayError]) -> BinaryIO:
    stream = sys.stdin
    buffer = getattr(stream, "buffer", None) if stream is not None else None
    if buffer is None:
        raise error(f"cannot read {what} from standard input: it is closed")
    return buffer  # type: ignore[no-any-return]


def open_regular(
    path: Path, what: str, *, error: type[PrintplayError] = PrintplayError, update: bool = False
) -> BinaryIO:
    """``path`` opened for reading (``update``: reading and writing), if it is a regular
    file; anything else is one ``error`` line naming ``what`` (``"deal file"``).

    The file is opened without blocking and checked on the open descriptor, so a FIFO
    cannot hang the program and nothing can be swapped in between the check and the read.
    """
    flags = (os.O_RDWR if update else os.O_RDONLY) | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise error(f"cannot read {what} {path}: it is a folder") from None
    except OSError as failure:
        raise error(f"cannot read {what} {path}: {failure.strerror or failure}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file"
            raise error(f"cannot read {what} {path}: it is {kind}")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "r+b" if update else "rb")
    except BaseException:
        os.close(fd)
        raise


def read_bytes(path: Path, what: str, *, error: type[PrintplayError] = PrintplayError) -> bytes:
    """The bytes of ``path`` (``"-"``: standard input), at most :data:`TEXT_FILE_LIMIT`."""
    try:
        if str(path) == "-":
            data = _stdin(what, error).read(TEXT_FILE_LIMIT + 1)
        else:
            with open_regular(path, what, error=error) as handle:
                data = handle.read(TEXT_FILE_LIMIT + 1)
    except OSError as failure:
        raise error(f"cannot read {what} {path}: {failure.strerror or failure}") from None
    if len(data) > TEXT_FILE_LIMIT:
        raise error(
            f"{what} {path} is larger than {TEXT_FILE_LIMIT // 2**20} MB: split it into "
            "smaller files"
        )
    return data


def read_text(path: Path, what: str, *, error: type[PrintplayError] = PrintplayError) -> str:
    """The text of ``path`` (``"-"``: standard input), called ``what`` in error messages
    (``"deal file"``), refused with ``error`` if unreadable, too large or not UTF-8."""
    data = read_bytes(path, what, error=error)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as failure:
        line = data.count(b"\n", 0, failure.start) + 1
        raise error(f"{what} {path} is not UTF-8 text (line {line})") from None


LINE_LIMIT = 1024 * 1024
"""The longest line read from a line-by-line file (1 MB)."""


def text_lines(
    handle: BinaryIO,
    where: str,
    what: str,
    *,
    error: type[PrintplayError] = PrintplayError,
    line_limit: int = LINE_LIMIT,
) -> Iterator[tuple[int, str]]:
    """The lines of an open binary stream, numbered from 1, decoded as UTF-8 one at a time
    (a byte-order mark allowed on the first), so a bad line is reported without reading
    the rest; no line longer than ``line_limit`` bytes, at most :data:`TEXT_FILE_LIMIT`
    bytes in all."""
    total = 0
    number = 0
    while True:
        raw = handle.readline(line_limit + 1)
        if not raw:
            return
        number += 1
        if len(raw) > line_limit:
            raise error(f"{what} {where} line {number} is longer than {line_limit:,} bytes")
        total += len(raw)
        if total > TEXT_FILE_LIMIT:
            raise error(
                f"{what} {where} is larger than {TEXT_FILE_LIMIT // 2**20} MB: split it into "
                "smaller files"
            )
        try:
            line = raw.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError:
            raise error(f"{what} {where} line {number} is not UTF-8 text") from None
        yield number, line.rstrip("\r\n")


def read_lines(
    path: Path,
    what: str,
    *,
    error: type[PrintplayError] = PrintplayError,
    line_limit: int = LINE_LIMIT,
) -> Iterator[tuple[int, str]]:
    """The numbered lines of ``path`` (``"-"``: standard input), streamed (see
    :func:`text_lines`)."""
    try:
        if str(path) == "-":
            stream = _stdin(what, error)
            yield from text_lines(stream, "-", what, error=error, line_limit=line_limit)
            return
        with open_regular(path, what, error=error) as handle:
            yield from text_lines(handle, str(path), what, error=error, line_limit=line_limit)
    except OSError as failure:
        raise error(f"cannot read {what} {path}: {failure.strerror or failure}") from None


def _bounded_number(text: str) -> int | float:
    if len(text) > JSON_NUMBER_DIGITS:
        raise ValueError(f"a number of {len(text):,} characters")
    return float(text) if any(c in text for c in ".eE") else int(text)


def _depth(value: JsonValue, limit: int) -> None:
    stack: list[tuple[JsonValue, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, list | dict):
            if depth > limit:
                raise ValueError(f"arrays or objects nested more than {limit} deep")
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)


def parse_json(text: str, where: str, *, error: type[PrintplayError] = PrintplayError) -> JsonValue:
    """Parse JSON from a user's file named ``where``: no number longer than
    :data:`JSON_NUMBER_DIGITS` characters, no nesting deeper than :data:`JSON_DEPTH_LIMIT`;
    anything else is one ``error`` line."""
    try:
        value: JsonValue = json.loads(
            text,
            parse_int=_bounded_number,
            parse_float=_bounded_number,
            parse_constant=_no_constant,
        )
        _depth(value, JSON_DEPTH_LIMIT)
    except json.JSONDecodeError as failure:
        raise error(f"{where} is not JSON: {failure.msg} (line {failure.lineno})") from None
    except RecursionError:
        raise error(f"{where}: arrays or objects nested too deeply") from None
    except ValueError as failure:
        raise error(f"{where}: {failure}") from None
    return value


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a JSON number")


__all__ = [
    "JSON_DEPTH_LIMIT",
    "JSON_NUMBER_DIGITS",
    "LINE_LIMIT",
    "TEXT_FILE_LIMIT",
    "open_regular",
    "parse_json",
    "read_bytes",
    "read_lines",
    "read_text",
    "text_lines",
]
