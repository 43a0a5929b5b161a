"""The registry's sheet maker for solitaires: deal, solve, build the sheet's model and hand it
to the PDF renderer."""

from __future__ import annotations

from pathlib import Path

from printplay.builders.commands import sheet_request
from printplay.builders.sheet import build_sheet
from printplay.games import make_solitaire
from printplay.games.numbering import choose
from printplay.models.printable import PrintRequest


def make_sheet(request: PrintRequest) -> Path:
    """The registry's sheet maker for solitaires: deal, solve and write the sheet."""
    from printplay.core.outfile import check_writable
    from printplay.core.templating import render_deadline
    from printplay.makers.printable_words import house_path, printable_words
    from printplay.render.sheet_pdf import draw_sheet

    game = make_solitaire(request.game, request.option_texts)
    deal = choose(game, seed=request.seed, codes=request.deal_codes, numbering=request.numbering)
    check_writable(request.path)
    # The command printed on the sheet prints this very sheet again: its paper, its flags.
    again = sheet_request(
        game,
        deal,
        paper=request.paper,
        spoiler_free=request.spoiler_free,
        level=request.level,
        max_seconds=request.max_seconds,
    )
    sheet = build_sheet(game, deal, request.result, seconds=request.max_seconds, request=again)
    search = house_path(request.rules_dir)
    with render_deadline(search, "the setup sheet"):
        return draw_sheet(
            sheet,
            request.path,
            words=printable_words("sheet.j2", search),
            paper=request.paper,
            spoiler_free=request.spoiler_free,
        )
    raise AssertionError("unreachable")  # pragma: no cover


__all__ = ["make_sheet"]
