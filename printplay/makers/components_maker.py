"""The components maker: the pieces a table needs (chips, a ball token, a dealer button),
counted by :mod:`printplay.builders.piece_set`, drawn on sheets to print and cut out."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from printplay.builders.piece_set import MAX_PLAYERS, Pieces, component_set
from printplay.render.components import build_components
from printplay.render.document import paper_size


def make_components(
    path: Path | str,
    *,
    paper: str = "a4",
    players: int = MAX_PLAYERS,
    kinds: Sequence[str] | None = None,
    words: Pieces | None = None,
) -> Path:
    """Write the component sheets for a table of ``players`` to ``path`` (atomically,
    byte-identical for identical input).  ``kinds`` picks the pieces
    (:data:`~printplay.models.pieces.KINDS`; all of them by default), ``words`` (a game's
    registry ``pieces``) says what they are called (by default, as the games that need
    them call them).  A bad paper, then bad pieces, then an unwritable path raise before
    anything is written."""
    paper_size(paper)
    return build_components(path, component_set(players, kinds, words), paper=paper)


__all__ = ["make_components"]
