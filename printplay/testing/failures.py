"""What the conformance kit raises on a violation, and where a violation happened.

A message names the game, its options, the deal, the moves from the deal to the position
(as JSON, so the position can be rebuilt) and what went wrong:

>>> where = Where("tripeaks", ("no-wrap",), deal=7, moves=({"type": "draw", "card": "Kd"},))
>>> print(where.fail("is_over is True but 2 moves are legal"))
tripeaks (no-wrap), deal 7, after 1 move: is_over is True but 2 moves are legal
  moves from the deal: [{"type": "draw", "card": "Kd"}]
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace

from printplay.core.jsontypes import JsonObject, JsonValue
from printplay.core.protocols import Position, SolitaireMove


class ConformanceError(AssertionError):
    """A game breaks the conformance kit's rules; the message says where and how."""


@dataclass(frozen=True)
class Where:
    """A position the kit is looking at: a game under options, a numbered deal and the
    moves from the deal to the position; or, for a position built by hand, its JSON."""

    game: str
    options: tuple[str, ...] = ()
    deal: int | None = None
    moves: tuple[JsonObject, ...] = ()
    position: JsonObject | None = None

    @classmethod
    def of(cls, game: str, options: Sequence[str], state: Position) -> Where:
        """A position known only by its JSON."""
        return cls(game, tuple(options), position=state.to_json())

    def then(self, move: SolitaireMove) -> Where:
        """The position after one more move."""
        return replace(self, moves=(*self.moves, move.to_json()))

    def fail(self, problem: str) -> ConformanceError:
        """The error for ``problem`` here (to raise)."""
        rules = ", ".join(self.options) or "standard rules"
        if self.deal is None:
            if self.position is None:
                return ConformanceError(f"{self.game} ({rules}): {problem}")
            position = _dumps(self.position)
            moves = f", then {_dumps(list(self.moves))}" if self.moves else ""
            return ConformanceError(f"{self.game} ({rules}), position {position}{moves}: {problem}")
        count = len(self.moves)
        text = f"{self.game} ({rules}), deal {self.deal}"
        text += f", after {count} move{'' if count == 1 else 's'}" if count else ", at the start"
        text += f": {problem}"
        if self.moves:
            text += f"\n  moves from the deal: {_dumps(list(self.moves))}"
        return ConformanceError(text)


def _dumps(value: JsonValue) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def shown(move: SolitaireMove) -> str:
    """A move for a message: its JSON if it writes any, else its repr."""
    try:
        return json.dumps(move.to_json(), ensure_ascii=False)
    except Exception:  # a foreign or broken move: say what it is
        return repr(move)


__all__ = ["ConformanceError", "Where", "shown"]
