"""Ricochet Poker's table-card maker: the casino table card, built and drawn."""

from __future__ import annotations

from pathlib import Path

from printplay.builders.poker_table_card import table_card
from printplay.core import options as opts
from printplay.games.poker.book_options import PokerBookOptions
from printplay.models.printable import PrintRequest


def write_table_card(path: Path, *, paper: str = "a4", home_cap: bool = False) -> Path:
    """Write the casino table card to ``path`` (see
    :func:`printplay.render.poker_table_card_pdf.draw_table_card`)."""
    from printplay.core.outfile import check_writable
    from printplay.render.poker_table_card_pdf import draw_table_card

    path = check_writable(Path(path))
    return draw_table_card(table_card(home_cap), path, paper=paper)


def make_table_card(request: PrintRequest) -> Path:
    """The registry's table-card maker (the option ``home-cap`` caps the bonuses)."""
    options = opts.parse_options(PokerBookOptions, request.option_texts)
    return write_table_card(request.path, paper=request.paper, home_cap=options.home_cap)


__all__ = ["make_table_card", "write_table_card"]
