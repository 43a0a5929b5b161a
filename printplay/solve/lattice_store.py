"""Lattices of played-card masks shipped with printplay, read instead of listed.

A :class:`~printplay.solve.playdraw.Lattice` depends on a layout and the slots played, never
on the cards, so the ones a solver meets on every deal (TriPeaks' tableau from the start:
22,932 masks, 119,364 plays) are listed once by ``printplay data rebuild lattices`` and
shipped in ``printplay/data/lattices.bin``.  Reading one takes under a third of the time
listing it does (about 8.5 ms against 29 ms here), once per process that hands a deal over
to values.

The file is zlib-compressed :mod:`marshal` data (zlib's checksum catches a damaged file)
of a dictionary: ``"format"``, ``"provenance"`` (what made it) and ``"lattices"``, which maps
a key (the layout's ``uncovers`` table, the slots played and the slots open) to the
lattice's masks, plays and slots.  A file that is missing, damaged, of another format or
Python's marshal cannot read is passed over: the lattice is then listed, as before.
"""

from __future__ import annotations

import marshal
import zlib
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path

FILE = "lattices.bin"
"""The file's name in the data folder."""

FORMAT = 1
"""The layout of the file's dictionary; a file of another is passed over."""

MARSHAL_VERSION = 4
"""The :mod:`marshal` version the file is written in: every Python printplay runs on
(3.11 and later) reads it, whichever Python rebuilt it."""

Key = tuple[tuple[tuple[tuple[int, int], ...], ...], int, int]
"""A lattice's key: the layout's ``uncovers`` table, the slots played, the slots open."""

Lists = tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
"""A lattice's masks, and per mask the places its plays lead to and the slots played."""


def stored(key: Key) -> Lists | None:
    """The shipped lattice of ``key``, or ``None`` if none is shipped (or the file cannot
    be read)."""
    return _shipped().get(key)


@lru_cache(maxsize=1)
def _shipped() -> dict[Key, Lists]:
    """The lattices of the shipped file, read once per process (``{}`` if it cannot be)."""
    return read_file(Path(__file__).resolve().parent.parent / "data" / FILE)


def read_file(path: Path) -> dict[Key, Lists]:
    """The lattices of the file ``path``; ``{}`` if it is missing, damaged or of another
    format (the lattices are then listed)."""
    try:
        return read(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError, KeyError, zlib.error):
        return {}


def read(data: bytes) -> dict[Key, Lists]:
    """The lattices of a file's bytes (:class:`ValueError` if it is of another format)."""
    content = marshal.loads(zlib.decompress(data))
    if not isinstance(content, dict) or content.get("format") != FORMAT:
        raise ValueError("not a lattice file of this format")
    lattices = content["lattices"]
    if not isinstance(lattices, dict):
        raise ValueError("not a lattice file of this format")
    return lattices


def encode_file(lattices: Iterable[tuple[Key, Lists]], provenance: Mapping[str, object]) -> bytes:
    """The bytes of a lattice file holding ``lattices``, with ``provenance``."""
    content = {"format": FORMAT, "provenance": dict(provenance), "lattices": dict(lattices)}
    return zlib.compress(marshal.dumps(content, MARSHAL_VERSION), 9)


__all__ = [
    "FILE",
    "FORMAT",
    "MARSHAL_VERSION",
    "Key",
    "Lists",
    "encode_file",
    "read",
    "read_file",
    "stored",
]
