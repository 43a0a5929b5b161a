"""The model of a solitaire's table mat: its layout, the board at the start of a deal and the
pieces to cut out (drawn and tiled by :mod:`printplay.render.mats`)."""

from __future__ import annotations

from printplay.builders.piece_set import Pieces, cut_out, listed
from printplay.core.layout import BoardView
from printplay.core.protocols import RegisteredSolitaire
from printplay.models.printable import TableMat


def start_view(game: RegisteredSolitaire) -> BoardView:
    """The board at the start of a deal (deal 1): the layout, the piles and any tokens."""
    view: BoardView = game.initial_state(game.numbered_deal(1)).board()
    return view


def table_mat(game: RegisteredSolitaire, pieces: Pieces | None = None) -> TableMat:
    """The mat of ``game``, with the ``pieces`` (its registry entry's) to cut out on its
    first page."""
    pieces = pieces or {}
    return TableMat(
        game.name, game.title, game.layout, start_view(game), listed(pieces), cut_out(pieces)
    )


__all__ = ["start_view", "table_mat"]
