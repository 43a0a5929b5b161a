"""One solved deal as ``printplay stats`` records it, and its line in a results file.

A record is the deal number, the verdict (``won``, ``lost`` or ``undecided``: the time per
deal ran out), the length of the winning line (won deals only), the positions searched,
the seconds the solver took and, for a graded run, the deal's level.  In a results file it
is one line of JSON, read back strictly (a results file is untrusted input):

>>> record = DealRecord(deal=17, verdict="won", moves=41, states=1200, seconds=0.0031)
>>> line = record.to_line()
>>> line
'{"deal":17,"verdict":"won","moves":41,"states":1200,"seconds":0.0031}'
>>> record_from_json(json.loads(line)) == record
True
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Literal

from printplay.core.deal import MAX_SEED, MIN_SEED
from printplay.core.jsontypes import JsonObject, JsonValue
from printplay.core.verdicts import JsonMove, SolveResult

Verdict = Literal["won", "lost", "undecided"]
"""A deal's verdict: proved winnable, proved lost, or not decided in the time per deal."""

VERDICTS: dict[bool | None, Verdict] = {True: "won", False: "lost", None: "undecided"}
"""The verdict of a solver's ``solvable``."""

LEVEL_LIMIT = 40
"""The longest level name a record may hold."""

_KEYS = {"deal", "verdict", "moves", "states", "seconds", "level"}


@dataclass(frozen=True)
class DealRecord:
    """What ``printplay stats`` keeps of one solved deal."""

    deal: int
    """The deal number (the numbered shuffle)."""
    verdict: Verdict
    """``won``, ``lost`` or ``undecided``."""
    moves: int | None
    """The length of the winning line the solver returned (won deals only)."""
    states: int
    """The positions the solver searched."""
    seconds: float
    """The time the solver took, in seconds."""
    level: str | None = None
    """The deal's level (``easy`` … ``expert``) when the run grades deals."""

    def to_json(self) -> JsonObject:
        """The record as its JSON object (``level`` only when graded)."""
        data: JsonObject = {
            "deal": self.deal,
            "verdict": self.verdict,
            "moves": self.moves,
            "states": self.states,
            "seconds": self.seconds,
        }
        if self.level is not None:
            data["level"] = self.level
        return data

    def to_line(self) -> str:
        """The record as one compact line of JSON (no newline)."""
        return json.dumps(self.to_json(), separators=(",", ":"), ensure_ascii=False)


def record_of(deal: int, result: SolveResult[JsonMove], level: str | None = None) -> DealRecord:
    """The record of ``deal`` solved as ``result``."""
    verdict = VERDICTS[result.solvable]
    return DealRecord(
        deal=deal,
        verdict=verdict,
        moves=len(result.moves) if verdict == "won" else None,
        states=result.states,
        seconds=round(result.seconds, 6),
        level=level,
    )


_VERDICT_NAMES: dict[str, Verdict] = {"won": "won", "lost": "lost", "undecided": "undecided"}
"""A record's verdict as written, to the verdict it names."""


class RecordError(ValueError):
    """A JSON value that is not a deal record (the message says what is wrong)."""


def _whole(data: JsonObject, key: str, low: int, high: int | None = None) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f'"{key}" is not a whole number')
    if value < low or (high is not None and value > high):
        raise RecordError(f'"{key}" is out of range')
    return value


def record_from_json(data: JsonValue) -> DealRecord:
    """The record ``data`` holds, checked key by key (no other keys); a
    :class:`RecordError` saying what is wrong otherwise."""
    if not isinstance(data, dict):
        raise RecordError("it is not a JSON object")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise RecordError(f"unknown key {unknown[0][:40]!r}")
    deal = _whole(data, "deal", MIN_SEED, MAX_SEED)
    written = data.get("verdict")
    verdict = _VERDICT_NAMES.get(written) if isinstance(written, str) else None
    if verdict is None:
        raise RecordError('"verdict" is not won, lost or undecided')
    moves = data.get("moves")
    if verdict == "won":
        moves = _whole(data, "moves", 0)
    elif moves is not None:
        raise RecordError('"moves" is given for a deal not won')
    states = _whole(data, "states", 0)
    seconds = data.get("seconds")
    if isinstance(seconds, int) and not isinstance(seconds, bool):
        seconds = float(seconds)
    if not isinstance(seconds, float) or not math.isfinite(seconds) or seconds < 0:
        raise RecordError('"seconds" is not a time')
    level = data.get("level")
    if level is not None and (not isinstance(level, str) or not 0 < len(level) <= LEVEL_LIMIT):
        raise RecordError('"level" is not a level name')
    return DealRecord(
        deal=deal,
        verdict=verdict,
        moves=moves if isinstance(moves, int) else None,
        states=states,
        seconds=seconds,
        level=level,
    )


__all__ = [
    "LEVEL_LIMIT",
    "VERDICTS",
    "DealRecord",
    "RecordError",
    "Verdict",
    "record_from_json",
    "record_of",
]
