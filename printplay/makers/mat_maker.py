"""The registry's mat maker for solitaires: the mat's model built, the target checked, the
mat drawn and tiled."""

from __future__ import annotations

from pathlib import Path

from printplay.builders.table_mat import table_mat
from printplay.core.outfile import check_writable
from printplay.core.templating import render_deadline
from printplay.games import entry, make_solitaire
from printplay.makers.printable_words import house_path, printable_words
from printplay.models.printable import PrintRequest
from printplay.render.mats import build_mat


def make_mat(request: PrintRequest) -> Path:
    """The registry's mat maker for solitaires: the mat, with the pieces the game needs
    (Ricochet's ball) to cut out on its first page."""
    game = make_solitaire(request.game, request.option_texts)
    check_writable(request.path)
    mat = table_mat(game, entry(request.game).pieces)
    search = house_path(request.rules_dir)
    with render_deadline(search, "the mat"):
        words = printable_words("kit.j2", search)
        return build_mat(mat, request.path, words=words, paper=request.paper)
    raise AssertionError("unreachable")  # pragma: no cover


__all__ = ["make_mat"]
