"""Reading a user's text file safely: bounded in size, UTF-8 (a byte-order mark allowed),
every failure one :class:`~printplay.errors.PrintplayError` line naming the file."""

from __future__ import annotations

import sys
from pathlib import Path

from printplay.errors import PrintplayError

TEXT_FILE_LIMIT = 64 * 1024 * 1024
"""The largest file read (64 MB); a larger one, or an endless stream such as ``/dev/zero``,
is refused rather than read into memory."""


def read_text(path: Path, what: str, *, error: type[PrintplayError] = PrintplayError) -> str:
    """The text of ``path`` (``"-"``: standard input), called ``what`` in error messages
    (``"deal file"``), refused with ``error`` if unreadable, too large or not UTF-8."""
    try:
        if str(path) == "-":
            data = sys.stdin.buffer.read(TEXT_FILE_LIMIT + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(TEXT_FILE_LIMIT + 1)
    except OSError as failure:
        raise error(f"cannot read {what} {path}: {failure.strerror or failure}") from None
    if len(data) > TEXT_FILE_LIMIT:
        raise error(
            f"{what} {path} is larger than {TEXT_FILE_LIMIT // 2**20} MB: split it into "
            "smaller files"
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise error(f"{what} {path} is not UTF-8 text") from None


__all__ = ["TEXT_FILE_LIMIT", "read_text"]
