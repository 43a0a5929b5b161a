"""The reference searches' answers, stored: what a brute-force or breadth-first search through
the engine (:mod:`printplay.testing`) answered for each position an agreement test asks
about, in ``tests/golden/reference_answers.json``, keyed by the position itself.

An agreement test checks the solver against these answers instead of searching again: the
examples are the same every run (the hypothesis profile is derandomized), so the answers
are too. The cases the developer's loop keeps (``live=True``) always search, and check the
stored answer is what the search says now: the reference code runs every run and the file
cannot drift from it. A position with no stored answer (a test or a strategy changed, so
its examples did) is searched for, as before; the run is then slower, not wrong.

After a change to the reference searches, the game rules they play or an agreement test's
positions, write the file again (every answer searched for afresh) and review the diff::

    PRINTPLAY_REGENERATE_REFERENCE=1 python -m pytest -n 0 -p no:cacheprovider \\
        tests/test_tripeaks_solver.py -k agree
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

STORE = Path(__file__).parent / "golden" / "reference_answers.json"
"""The stored answers: position key → ``{"case": words, "answer": JSON}``."""

REGENERATE = "PRINTPLAY_REGENERATE_REFERENCE"
"""Environment variable: search every position afresh and write :data:`STORE` again."""

_FRESH: dict[str, dict[str, Any]] = {}
"""What this process searched for while regenerating, written to :data:`STORE` at exit."""


@cache
def _stored() -> dict[str, dict[str, Any]]:
    if not STORE.exists():
        return {}
    data: dict[str, dict[str, Any]] = json.loads(STORE.read_text(encoding="utf-8"))
    return data


def position_key(kind: str, position: object) -> str:
    """A short key of ``kind`` of answer about ``position`` (its text: the options and
    every card in place)."""
    return hashlib.sha256(f"{kind}|{position}".encode()).hexdigest()[:24]


def answer(
    kind: str, position: object, case: str, search: Callable[[], Any], *, live: bool = False
) -> Any:
    """The reference's answer (JSON) of ``kind`` about ``position``: stored, or ``search()``
    when none is stored, when ``live`` (and then the stored one must be the same), or when
    regenerating. ``case`` says in words which test case asked (kept beside the answer)."""
    key = position_key(kind, position)
    stored = _stored().get(key)
    regenerating = bool(os.environ.get(REGENERATE))
    if stored is not None and not live and not regenerating:
        return stored["answer"]
    found = search()
    if stored is not None and not regenerating:
        assert stored["answer"] == found, f"{STORE.name} is stale for {case}: regenerate it"
    if regenerating:
        if not _FRESH:
            atexit.register(_write)
        _FRESH[key] = {"case": case, "answer": found}
    return found


def _write() -> None:
    rows = sorted(_FRESH.items(), key=lambda item: (item[1]["case"], item[0]))
    body = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v, sort_keys=True)}" for k, v in rows)
    STORE.write_text("{\n" + body + "\n}\n", encoding="utf-8")
