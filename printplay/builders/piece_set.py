"""How many pieces a table needs: each player's chips, the ball token and a dealer button,
each with a spare, and what each game calls them (the pieces are drawn by
:mod:`printplay.render.components`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from printplay.core.errors import OptionError
from printplay.games import REGISTRY, PieceWords
from printplay.models.pieces import KINDS, Piece

MIN_PLAYERS, MAX_PLAYERS = 2, 8

CHIPS_PER_PLAYER: dict[int, int] = {1: 10, 5: 2}
"""A player's stack: ten 1s and two 5s, 20 antes (the rulebook: "about 20 each is plenty")."""

Pieces = Mapping[str, PieceWords]
"""Kinds of piece, each with what a game calls it (a registry entry's ``pieces``)."""


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


def declared_pieces() -> dict[str, PieceWords]:
    """Every kind of piece a registered game needs, with the words of the first game that
    needs it."""
    found: dict[str, PieceWords] = {}
    for game in REGISTRY.values():
        for kind, words in game.pieces.items():
            found.setdefault(kind, words)
    return found


def component_set(
    players: int = MAX_PLAYERS,
    kinds: Sequence[str] | None = None,
    words: Pieces | None = None,
) -> list[Piece]:
    """The pieces a table of ``players`` needs: each player's chips, the ball (and a spare),
    a dealer button (and a spare); only those of ``kinds`` (see :data:`KINDS`) if given.
    Each is called as ``words`` (a game's ``pieces``) say, by default as the game that
    needs it does (:func:`declared_pieces`)."""
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise OptionError(
            f"players must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}, not {players!r}"
        )
    wanted = check_kinds(kinds)
    called = declared_pieces() if words is None else words

    def title(kind: str) -> str:
        return called[kind].name if kind in called else kind

    pieces = []
    if "chips" in wanted:
        pieces += [
            Piece(f"chip {value}", per_player * players, title("chips"))
            for value, per_player in CHIPS_PER_PLAYER.items()
        ]
    if "ball" in wanted:
        pieces.append(Piece("ball", 2, title("ball")))
    if "dealer" in wanted:
        pieces.append(Piece("dealer", 2, title("dealer")))
    return pieces


def cut_out(pieces: Pieces) -> tuple[Piece, ...]:
    """The ``pieces`` (a game's) the smallest table needs (Ricochet's ball and its spare):
    the cut-out strip at the end of a setup sheet and on a mat's first page; none for no
    pieces."""
    return tuple(component_set(MIN_PLAYERS, tuple(pieces), pieces)) if pieces else ()


def listed(pieces: Pieces) -> tuple[str, ...]:
    """What a setup sheet or a mat lists of ``pieces`` (a game's), in its words."""
    return tuple(words.listed for words in pieces.values())


__all__ = [
    "CHIPS_PER_PLAYER",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Pieces",
    "check_kinds",
    "component_set",
    "cut_out",
    "declared_pieces",
    "listed",
]
