"""How many pieces a table needs: each player's chips, the ball token and a dealer button,
each with a spare (the pieces are drawn by :mod:`printplay.render.components`)."""

from __future__ import annotations

from collections.abc import Sequence

from printplay.core.errors import OptionError
from printplay.models.pieces import KINDS, Piece

MIN_PLAYERS, MAX_PLAYERS = 2, 8

CHIPS_PER_PLAYER: dict[int, int] = {1: 10, 5: 2}
"""A player's stack: ten 1s and two 5s, 20 antes (the rulebook: "about 20 each is plenty")."""


def check_kinds(kinds: Sequence[str] | None) -> tuple[str, ...]:
    """``kinds`` checked (every kind when ``None``), in :data:`KINDS` order."""
    if kinds is None:
        return tuple(KINDS)
    unknown = [kind for kind in kinds if kind not in KINDS]
    if unknown:
        raise OptionError(f"no piece {unknown[0]!r} (pieces: {', '.join(KINDS)})")
    if not kinds:
        raise OptionError("no pieces asked for")
    return tuple(kind for kind in KINDS if kind in kinds)


def component_set(players: int = MAX_PLAYERS, kinds: Sequence[str] | None = None) -> list[Piece]:
    """The pieces a table of ``players`` needs: each player's chips, the ball (and a spare),
    a dealer button (and a spare); only those of ``kinds`` (see :data:`KINDS`) if given."""
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise OptionError(
            f"players must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}, not {players!r}"
        )
    wanted = check_kinds(kinds)
    pieces = []
    if "chips" in wanted:
        pieces += [
            Piece(f"chip {value}", per_player * players)
            for value, per_player in CHIPS_PER_PLAYER.items()
        ]
    if "ball" in wanted:
        pieces.append(Piece("ball", 2))
    if "dealer" in wanted:
        pieces.append(Piece("dealer", 2))
    return pieces


def cut_out(kinds: Sequence[str]) -> tuple[Piece, ...]:
    """The pieces of ``kinds`` the smallest table needs (Ricochet's ball and its spare): the
    cut-out strip at the end of a setup sheet and on a mat's first page; none for no kinds."""
    return tuple(component_set(MIN_PLAYERS, kinds)) if kinds else ()


__all__ = [
    "CHIPS_PER_PLAYER",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "check_kinds",
    "component_set",
    "cut_out",
]
