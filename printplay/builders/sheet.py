"""Setup sheets: the model of a deal's setup and walkthrough.

:func:`build_setup` gathers what a player needs to lay out a deal (the start, the stock in
order, the deal order, the pieces, the command that remakes the sheet); :func:`build_sheet`
adds the walkthrough.  The registry's sheet maker (:mod:`printplay.makers.sheet_maker`)
builds the model here and hands it to the PDF renderer.
"""

from __future__ import annotations

from printplay.builders.commands import command_line, sheet_argv, sheet_request
from printplay.builders.piece_set import cut_out, listed
from printplay.builders.walkthrough import SHEET_SECONDS, build_walkthrough
from printplay.core import options as opts
from printplay.core.deal import Deal
from printplay.core.protocols import RegisteredSolitaire
from printplay.games import entry
from printplay.models.printable import DealOrderEntry, Line, PrintRequest, Setup, Sheet


def build_setup(
    game: RegisteredSolitaire, deal: Deal, request: PrintRequest | None = None
) -> Setup:
    """The setup of ``deal``: its start, stock, deal order, pieces and the command that
    prints its sheet again, built from ``request``, the request of the sheet (by default
    :func:`~printplay.builders.commands.sheet_request`'s)."""
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
        pieces=listed(entry(game.name).pieces),
        remake=command_line(sheet_argv(request)),
        level=request.level,
        cut_out=cut_out(entry(game.name).pieces),
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


__all__ = ["build_setup", "build_sheet"]
