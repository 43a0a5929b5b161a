"""The pieces a game is played with besides the cards, as printables hold them: the kinds
printplay draws, and a piece to cut out with how many of it a table needs and what its game
calls it (counted by :mod:`printplay.builders.piece_set`, drawn by
:mod:`printplay.render.components`).  What a piece is called is its game's word, from the
game's registry entry (``pieces``): nothing here names a game."""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("chips", "ball", "dealer")
"""The kinds of piece printplay draws, as a game's registry entry names those it needs
(``pieces``): chips (1s and 5s), a ball token, a dealer button."""


@dataclass(frozen=True)
class Piece:
    """One kind of piece to cut out and how many of it a table needs: ``"chip 1"``,
    ``"chip 5"``, ``"ball"`` or ``"dealer"``; ``title`` is what the component sheets call
    it, in its game's words (``"Ricochet ball"``)."""

    name: str
    count: int
    title: str


__all__ = ["KINDS", "Piece"]
