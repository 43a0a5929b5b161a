"""The pieces a game is played with besides the cards, as printables hold them: the kinds a
game's registry entry names (``pieces``), what each gives a table, and a piece to cut out
with how many of it a table needs (counted by :mod:`printplay.builders.piece_set`, drawn by
:mod:`printplay.render.components`)."""

from __future__ import annotations

from dataclasses import dataclass

KINDS: dict[str, str] = {
    "chips": "Ricochet Poker chips, 1s and 5s (20 antes a player)",
    "ball": "the Ricochet ball token (and a spare)",
    "dealer": "a dealer button (and a spare)",
}
"""The kinds of piece, as a game's registry entry names them (``pieces``), with what each
gives a table."""


@dataclass(frozen=True)
class Piece:
    """One kind of piece to cut out and how many of it a table needs: ``"chip 1"``,
    ``"chip 5"``, ``"ball"`` or ``"dealer"``."""

    name: str
    count: int


__all__ = ["KINDS", "Piece"]
