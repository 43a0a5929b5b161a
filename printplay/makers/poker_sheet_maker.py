"""Ricochet Poker's deal-sheet maker: a numbered round played by bots, built and drawn."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from printplay.builders.poker_sheet import SHEET_BOT, build_round, remake_command
from printplay.core.deal import check_seed
from printplay.core.errors import DealError
from printplay.games.numbering import check_numbering
from printplay.games.poker.standard import (
    StandardOptions,
    standard_options,
)
from printplay.models.printable import PrintRequest


def write_poker_sheet(
    options: StandardOptions,
    seed: int,
    path: Path,
    *,
    paper: str = "a4",
    bot_name: str = SHEET_BOT,
    spoiler_free: bool = False,
) -> Path:
    """Write the deal sheet of round ``seed`` played by bots to ``path`` (see
    :func:`printplay.render.poker_sheet_pdf.draw_poker_sheet`)."""
    from printplay.core.outfile import check_writable
    from printplay.render.poker_sheet_pdf import draw_poker_sheet

    path = check_writable(Path(path))
    model = build_round(options, seed, bot_name)
    if model.remake:  # this very sheet again: its paper, its flags
        again = remake_command(options, seed, paper=paper, spoiler_free=spoiler_free)
        model = replace(model, remake=again)
    return draw_poker_sheet(model, path, paper=paper, spoiler_free=spoiler_free)


def make_sheet(request: PrintRequest) -> Path:
    """The registry's sheet maker: a numbered round played by bots, under the standard
    game's options (players, limit, jokers …)."""
    if request.deal_codes is not None:
        raise DealError(
            "a Ricochet Poker deal sheet is made from a deal number (--seed N), not --deal"
        )
    if request.seed is None:
        raise DealError("a Ricochet Poker deal sheet needs a deal number: --seed N")
    check_numbering(request.game, request.numbering)
    from printplay.core.outfile import check_writable

    options = standard_options(request.option_texts)
    path = check_writable(request.path)  # a bad path is reported before a bad seed
    return write_poker_sheet(
        options,
        check_seed(request.seed),
        path,
        paper=request.paper,
        spoiler_free=request.spoiler_free,
    )


__all__ = ["make_sheet", "write_poker_sheet"]
