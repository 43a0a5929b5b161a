"""The registry's mat maker for solitaires: the mat's model built, the target checked, the
mat drawn and tiled."""

from __future__ import annotations

from pathlib import Path

from printplay.builders.table_mat import table_mat
from printplay.core.outfile import check_writable
from printplay.games import entry, make_solitaire
from printplay.models.printable import PrintRequest
from printplay.render.mats import build_mat


def make_mat(request: PrintRequest) -> Path:
    """The registry's mat maker for solitaires: the mat, with the pieces the game needs
    (Ricochet's ball) to cut out on its first page."""
    game = make_solitaire(request.game, request.option_texts)
    check_writable(request.path)
    return build_mat(
        table_mat(game, entry(request.game).pieces),
        request.path,
        paper=request.paper,
        rules_dir=request.rules_dir,
    )


__all__ = ["make_mat"]
