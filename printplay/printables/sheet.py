"""Setup sheets: the model of a deal's setup and walkthrough, and the sheet maker.

:func:`build_setup` gathers what a player needs to lay out a deal (the start, the stock in
order, the deal order, the pieces, the command that remakes the sheet); :func:`build_sheet`
adds the walkthrough; :func:`make_sheet` is the registry's sheet maker: it builds the model
and hands it to the PDF renderer.
"""

from __future__ import annotations

from pathlib import Path

from printplay.core import options as opts
from printplay.core.deal import Deal
from printplay.core.protocols import RegisteredSolitaire
from printplay.games import entry, make_solitaire
from printplay.games.numbering import choose
from printplay.models.printable import DealOrderEntry, Line, PrintRequest, Setup, Sheet
from printplay.printables.commands import command_line, sheet_argv, sheet_request
from printplay.printables.walkthrough import SHEET_SECONDS, build_walkthrough


def build_setup(
    game: RegisteredSolitaire, deal: Deal, request: PrintRequest | None = None
) -> Setup:
    """The setup of ``deal``: its start, stock, deal order, pieces and the command that
    prints its sheet again, built from ``request``, the request of the sheet (by default
    :func:`~printplay.printables.commands.sheet_request`'s)."""
    request = request or sheet_request(game, deal)
    start = game.initial_state(deal)
    board = start.board()
    pile = next((pile for pile in board.piles if pile.name == "stock"), None)
    stock = tuple(reversed(pile.cards)) if pile is not None else ()
    names = game.deal_positions()
    slots = game.layout.slots
    order = tuple(
        DealOrderEntry(
            number,
            deal.cards[index],
            names[index],
            (slots[index].label or "") if index < len(slots) else "",
        )
        for number, index in enumerate(game.deal_order(), start=1)
    )
    face_down = any(not view.face_up for view in board.slots if view.card is not None)
    # The stacked pile's last cards are the stock, next card first, when the game deals it
    # last: the rest of the pile then is the stock as it is.
    tail = tuple(entry.card for entry in order[len(order) - len(stock) :])
    stock_from = len(order) - len(stock) + 1 if stock and tail == stock else None
    return Setup(
        game=game.name,
        title=game.title,
        deal=deal,
        rules=opts.describe(game.options),
        chosen=tuple(opts.chosen(game.options)),
        start=start,
        stock=stock,
        deal_order=order,
        face_down=face_down,
        stock_from=stock_from,
        stock_top_face_up=bool(stock) and pile is not None and pile.face_up,
        pieces=entry(game.name).pieces,
        remake=command_line(sheet_argv(request)),
        level=request.level,
    )


def build_sheet(
    game: RegisteredSolitaire,
    deal: Deal,
    result: Line | None = None,
    *,
    seconds: float | None = SHEET_SECONDS,
    request: PrintRequest | None = None,
) -> Sheet:
    """The setup sheet and walkthrough of ``deal``; ``result`` is the line to walk through
    (by default the game's best line, searched now for at most ``seconds``); ``request``
    the sheet's request, for the command that prints it again (see :func:`build_setup`)."""
    walk = build_walkthrough(game, deal, result, seconds=seconds)
    return Sheet(build_setup(game, deal, request), walk)


def make_sheet(request: PrintRequest) -> Path:
    """The registry's sheet maker for solitaires: deal, solve and write the sheet."""
    from printplay.core.outfile import check_writable
    from printplay.render.sheet import draw_sheet

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
    return draw_sheet(
        sheet,
        request.path,
        paper=request.paper,
        spoiler_free=request.spoiler_free,
        rules_dir=request.rules_dir,
    )


__all__ = ["build_setup", "build_sheet", "make_sheet"]
