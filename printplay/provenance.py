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
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from printplay import __version__
from printplay.jsontypes import JsonObject, JsonValue


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


def write_data_file(path: Path, text: str) -> Path:
    """Write ``text`` to the data file ``path`` whole or not at all (a temporary file moved
    into place), and return the path."""
    from printplay.render.document import write_atomically

    def produce(name: str) -> None:
        Path(name).write_text(text, encoding="utf-8")

    return write_atomically(path, produce)


__all__ = ["Provenance", "data_path", "shipped_data_dir", "today", "write_data_file"]
