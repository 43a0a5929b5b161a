"""The stored house edge of casino Ricochet Poker: reading it, and rebuilding it.

``printplay/data/house-edge.json`` (and ``house-edge-home-cap.json``, with the home cap)
hold the house edge measured for every table size, 1 to 7 players
(:func:`~printplay.analysis.poker_edge.house_edge`): ``"command"`` is the measurement that
gives these numbers (``printplay poker edge …``; the rulebook prints it), ``"results"`` one
:meth:`EdgeResult.to_json <printplay.analysis.poker_edge.EdgeResult.to_json>` per table
size, and ``"provenance"`` (in a rebuilt file) what made the file
(:class:`~printplay.core.provenance.Provenance`).  ``printplay data rebuild edge`` writes it
(:func:`rebuild_edge_file`); :func:`read_edge` reads it back.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from printplay.analysis.poker_edge import CHUNK, EdgeResult, check_edge, house_edge
from printplay.core.errors import DataError
from printplay.core.jsontypes import JsonObject, JsonValue
from printplay.core.provenance import (
    Provenance,
    data_path,
    json_field,
    read_data_file,
    writable_data_path,
    write_data_file,
)
from printplay.games.poker.casino import MAX_PLAYERS

EDGE_FILES = {False: "house-edge.json", True: "house-edge-home-cap.json"}
"""The stored house edge, without and with the home cap, in ``printplay/data``."""

STORED_ROUNDS = {False: 4_000_000, True: 1_000_000}
"""Rounds per table size of the shipped files, without and with the home cap (the home
cap's smaller bonuses vary less, so fewer rounds give as tight an interval)."""

STORED_SEED = 1
"""The first deal of the shipped files' simulations."""


def edge_command(
    rounds: int, seed: int, *, home_cap: bool = False, players: Sequence[int] = ()
) -> str:
    """The ``printplay poker edge`` command that measures these settings (every table size
    unless ``players`` names some)."""
    return " ".join(
        [
            "printplay poker edge",
            *(f"-p {count}" for count in players),
            f"--rounds {rounds}",
            f"--seed {seed}",
            *(["--home-cap"] if home_cap else []),
        ]
    )


@dataclass(frozen=True)
class Interval:
    """A stored figure and its 95% interval."""

    value: float
    low: float
    high: float


@dataclass(frozen=True)
class StoredEdgeRow:
    """The house edge stored for one table size: per ante and per chip staked."""

    players: int
    rounds: int
    edge_ante: Interval
    edge_stake: Interval


@dataclass(frozen=True)
class StoredEdge:
    """A stored house-edge file: the command that measures it and a row per table size."""

    command: str
    rows: tuple[StoredEdgeRow, ...]

    @property
    def rounds(self) -> int:
        """Rounds simulated per table size (those of the first row)."""
        return self.rows[0].rounds


def _interval(data: JsonObject, key: str, what: str) -> Interval:
    found = json_field(data, key, dict, what)
    return Interval(
        json_field(found, "value", float, what),
        json_field(found, "low", float, what),
        json_field(found, "high", float, what),
    )


def read_edge(home_cap: bool = False, data_dir: Path | None = None) -> StoredEdge:
    """The stored house edge (``home_cap``: the home-cap file) in ``data_dir`` (by default
    the shipped data); a :class:`~printplay.core.errors.DataError` if it cannot be read."""
    path = data_path(EDGE_FILES[home_cap], data_dir)
    what = f"the house-edge file {path}"
    data = read_data_file(path, "the house-edge file")
    rows = []
    for result in json_field(data, "results", list, what):
        if not isinstance(result, dict):
            raise DataError(f"{what}: a result is not a JSON object")
        rows.append(
            StoredEdgeRow(
                players=json_field(result, "players", int, what),
                rounds=json_field(result, "rounds", int, what),
                edge_ante=_interval(result, "edge_ante", what),
                edge_stake=_interval(result, "edge_stake", what),
            )
        )
    if not rows:
        raise DataError(f"{what}: no results")
    return StoredEdge(json_field(data, "command", str, what), tuple(rows))


def check_rebuild(
    home_cap: bool, rounds: int, *, seed: int, jobs: int, data_dir: Path | None = None
) -> Path:
    """The file :func:`rebuild_edge_file` would write, after checking its arguments (as
    :func:`~printplay.analysis.poker_edge.house_edge` does, and a writable folder), so that
    a command can refuse them before it starts."""
    for players in range(1, MAX_PLAYERS + 1):
        check_edge(players, rounds, seed=seed, jobs=jobs)
    return writable_data_path(EDGE_FILES[home_cap], data_dir)


def rebuild_edge_file(
    home_cap: bool = False,
    *,
    rounds: int | None = None,
    seed: int = STORED_SEED,
    jobs: int = 1,
    data_dir: Path | None = None,
    progress: Callable[[int, int, int], None] | None = None,
) -> Path:
    """Simulate every table size (1 to 7 players) and write the house-edge file, with its
    provenance, in ``data_dir`` (by default over the shipped file).

    ``rounds`` per table size default to the shipped file's (:data:`STORED_ROUNDS`);
    ``progress(players, done, rounds)`` is called after each chunk of rounds.  The result
    depends only on ``rounds`` and ``seed``, never on ``jobs``.
    """
    count = STORED_ROUNDS[home_cap] if rounds is None else rounds
    tables = range(1, MAX_PLAYERS + 1)
    path = check_rebuild(home_cap, count, seed=seed, jobs=jobs, data_dir=data_dir)
    start = time.perf_counter()
    results: list[EdgeResult] = []
    for players in tables:

        def report(done: int, total: int, players: int = players) -> None:
            if progress is not None:
                progress(players, done, total)

        results.append(
            house_edge(players, count, seed=seed, jobs=jobs, home_cap=home_cap, progress=report)
        )
    cap = " --home-cap" if home_cap else ""
    settings: dict[str, JsonValue] = {
        "players": list(tables),
        "rounds": count,
        "seed": seed,
        "home_cap": home_cap,
        "chunk": CHUNK,
        "jobs": jobs,
    }
    provenance = Provenance(
        command=f"printplay data rebuild edge --rounds {count} --seed {seed}{cap}",
        settings=settings,
        run_seconds=time.perf_counter() - start,
    )
    data = {
        "command": edge_command(count, seed, home_cap=home_cap),
        "results": [result.to_json() for result in results],
        "provenance": provenance.to_json(),
    }
    return write_data_file(path, json.dumps(data) + "\n")


__all__ = [
    "EDGE_FILES",
    "STORED_ROUNDS",
    "STORED_SEED",
    "Interval",
    "StoredEdge",
    "StoredEdgeRow",
    "check_rebuild",
    "edge_command",
    "read_edge",
    "rebuild_edge_file",
]
