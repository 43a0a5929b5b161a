"""Computed data and where it comes from: the data folder, and what a rebuilt file records.

The files in ``printplay/data`` (the solitaires' win rates, the casino strategy table, the
house edge) are computed by ``printplay data rebuild …``.  Each rebuilt file records its
:class:`Provenance` under the key ``"provenance"``: the command that made it, its settings
(deals or rounds, options, budget, seed …), the printplay version, the date and how long
it took.  Loaders read the shipped folder unless given another one (``--data-dir``), so a
rebuild can be tried out without touching the shipped data.

>>> Provenance("printplay data rebuild strategy", {"samples": 12}, 3.4, "0.1.0",
...            "2026-11-26").to_json()["run_seconds"]
3
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TypeVar

from printplay import __version__
from printplay.core.errors import DataError
from printplay.core.jsontypes import JsonObject, JsonValue
from printplay.core.outfile import check_writable, write_atomically
from printplay.core.textfile import read_text

T = TypeVar("T", bool, int, float, str, list[JsonValue], dict[str, JsonValue])


def shipped_data_dir() -> Path:
    """The folder of the data printplay ships (``printplay/data``)."""
    return Path(str(resources.files("printplay") / "data"))


def data_path(name: str, data_dir: Path | None = None) -> Path:
    """The data file ``name`` in ``data_dir`` (by default the shipped folder)."""
    return (shipped_data_dir() if data_dir is None else Path(data_dir)) / name


def today() -> str:
    """Today's date (UTC), as ``2026-11-26``."""
    return datetime.datetime.now(datetime.UTC).date().isoformat()


@dataclass(frozen=True)
class Provenance:
    """What produced a data file: the command, its settings, the version, date and time."""

    command: str
    """The command that rebuilds the file with these settings."""
    settings: Mapping[str, JsonValue]
    """What was run: deals or rounds, options, budget, seed, processes …"""
    run_seconds: float | None = None
    """The wall-clock time the run took."""
    version: str = __version__
    """The printplay version that ran it."""
    date: str = field(default_factory=today)
    """The day it ran (UTC)."""

    def to_json(self) -> JsonObject:
        """``{"command", "settings", "printplay", "date", "run_seconds"}``."""
        seconds = round(self.run_seconds) if self.run_seconds is not None else None
        return {
            "command": self.command,
            "settings": dict(self.settings),
            "printplay": self.version,
            "date": self.date,
            "run_seconds": seconds,
        }


def writable_data_path(name: str, data_dir: Path | None = None) -> Path:
    """:func:`data_path`, checked to be writable before a long computation starts
    (:class:`~printplay.core.errors.OutputError` if not: a missing folder, say)."""
    return check_writable(data_path(name, data_dir))


def read_data_file(path: Path, what: str) -> JsonObject:
    """The JSON object stored at ``path`` (``what`` names it in messages); a
    :class:`~printplay.core.errors.DataError` if it is missing, not JSON or not an object."""
    try:
        data: JsonValue = json.loads(read_text(path, what, error=DataError))
    except ValueError as error:
        raise DataError(f"{what} {path} is not JSON: {error}") from None
    if not isinstance(data, dict):
        raise DataError(f"{what} {path} holds no JSON object")
    return data


def json_field(data: JsonObject, key: str, kind: type[T], what: str) -> T:
    """``data[key]``, checked to be of ``kind`` (a whole number is a ``float`` too); a
    :class:`~printplay.core.errors.DataError` naming ``what`` if it is missing or of another
    kind."""
    value = data.get(key)
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if isinstance(value, bool) and kind is not bool:
        value = None
    if not isinstance(value, kind):
        raise DataError(f"{what}: {key!r} is missing or not a {kind.__name__}")
    return value


def write_data_file(path: Path, text: str) -> Path:
    """Write ``text`` to the data file ``path`` whole or not at all (a temporary file moved
    into place), and return the path."""

    def produce(name: str) -> None:
        Path(name).write_text(text, encoding="utf-8")

    return write_atomically(path, produce)


__all__ = [
    "Provenance",
    "data_path",
    "json_field",
    "read_data_file",
    "shipped_data_dir",
    "today",
    "writable_data_path",
    "write_data_file",
]
