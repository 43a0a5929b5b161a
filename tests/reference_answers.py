"""The reference searches' answers, stored: what a brute-force or breadth-first search through
the engine (:mod:`printplay.testing`) answered for each position an agreement test asks
about, in ``tests/golden/GAME_reference.json``, keyed by the position itself.

An agreement test checks the solver against these answers instead of searching again: the
examples are the same every run (the hypothesis profile is derandomized), so the answers
are too. The cases the developer's loop keeps (``live=True``) always search, and check the
stored answer is what the search says now: the reference code runs every run and the file
cannot drift from it. A position with no stored answer (a test or a strategy changed, so
its examples did) is searched for, as before; the run is then slower, not wrong.

After a change to the reference searches, the game rules they play or an agreement test's
positions, write the game's file again (every answer searched for afresh) and review the diff::

    PRINTPLAY_REGENERATE_REFERENCE=1 python -m pytest -n 0 -p no:cacheprovider \\
        tests/test_tripeaks_solver.py -k agree
    PRINTPLAY_REGENERATE_REFERENCE=1 python -m pytest -n 0 -p no:cacheprovider \\
        tests/test_pyramid_solver.py -k breadth_first
"""

from __future__ import annotations

import atexit
import hashlib
import json
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).parent / "golden"
"""Where the stored answers are: ``GAME_reference.json``, each a position key →
``{"case": words, "answer": JSON}``."""

REGENERATE = "PRINTPLAY_REGENERATE_REFERENCE"
"""Environment variable: search every position afresh and write the stored answers of
the games asked about again."""

_FRESH: dict[str, dict[str, dict[str, Any]]] = {}
"""What this process searched for while regenerating, by game, written at exit."""


def _store(game: str) -> Path:
    return GOLDEN / f"{game}_reference.json"


@cache
def _stored(game: str) -> dict[str, dict[str, Any]]:
    if not _store(game).exists():
        return {}
    data: dict[str, dict[str, Any]] = json.loads(_store(game).read_text(encoding="utf-8"))
    return data


def position_key(kind: str, position: object) -> str:
    """A short key of ``kind`` of answer about ``position`` (its text: the options and
    every card in place)."""
    return hashlib.sha256(f"{kind}|{position}".encode()).hexdigest()[:24]


def answer(
    game: str,
    kind: str,
    position: object,
    case: str,
    search: Callable[[], Any],
    *,
    live: bool = False,
) -> Any:
    """The reference's answer (JSON) of ``kind`` about ``position`` of ``game``: stored, or
    ``search()`` when none is stored, when ``live`` (and then the stored one must be the
    same), or when regenerating. ``case`` says in words what was asked (kept beside the
    answer)."""
    key = position_key(kind, position)
    stored = _stored(game).get(key)
    regenerating = bool(os.environ.get(REGENERATE))
    if regenerating and os.environ.get("PYTEST_XDIST_WORKER"):
        raise RuntimeError(f"{REGENERATE}: run pytest with -n 0 (each worker would write)")
    if stored is not None and not live and not regenerating:
        return stored["answer"]
    found = search()
    if stored is not None and not regenerating:
        name = _store(game).name
        assert stored["answer"] == found, f"{name} is stale for {case}: regenerate it"
    if regenerating:
        if not _FRESH:
            atexit.register(_write)
        _FRESH.setdefault(game, {})[key] = {"case": case, "answer": found}
    return found


def _write() -> None:
    for game, fresh in _FRESH.items():
        rows = sorted(fresh.items(), key=lambda item: (item[1]["case"], item[0]))
        body = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v, sort_keys=True)}" for k, v in rows)
        _store(game).write_text("{\n" + body + "\n}\n", encoding="utf-8")
