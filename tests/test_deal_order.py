"""Following a setup sheet with a real deck lays out the engine's deal.

The sheet says: stack the cards face up in the deal order, card 1 first (at the bottom);
turn the pile over (card 1 on top); deal from the top into the places listed up to the
card before ``stock_from``; put the rest down as it is as the stock.  These tests do
exactly that with a list for a deck and compare the result with the engine's start.
"""

from __future__ import annotations

import pytest

from printplay.builders.sheet import build_setup
from printplay.core.deal import numbered_deal
from printplay.games import REGISTRY, make_solitaire

RULE_SETS = [
    (name, options)
    for name, entry in REGISTRY.items()
    if entry.is_solitaire
    for options in entry.win_rates
] + [("pyramid", ("small", "reserve")), ("tripeaks", ("jokers=2",))]


@pytest.mark.parametrize(("game_name", "options"), RULE_SETS)
def test_following_the_sheet_lays_out_the_deal(game_name: str, options: tuple[str, ...]) -> None:
    game = make_solitaire(game_name, options)
    deal = game.numbered_deal(7)
    setup = build_setup(game, deal)
    assert setup.stock_from is not None, "the stock is not the rest of the pile"
    face_up_pile = [entry.card for entry in setup.deal_order]  # card 1 at the bottom
    in_hand = list(face_up_pile)  # turned over: card 1 on top, dealt from the front
    placed: dict[str, object] = {}
    for entry in setup.deal_order[: setup.stock_from - 1]:
        card = in_hand.pop(0)
        assert card == entry.card
        placed[entry.place] = card
    stock_top_first = in_hand  # put down as it is: the top of the hand is the top
    assert tuple(stock_top_first) == setup.stock
    names = game.deal_positions()
    for index, card in enumerate(deal.cards):
        if names[index] in placed:
            assert placed[names[index]] == card
    start_json = game.initial_state(deal).to_json()
    assert [card.code for card in stock_top_first] == start_json["stock"]


def test_dealing_the_stock_card_by_card_would_reverse_it() -> None:
    """Why the sheet says not to: dealt one by one onto a pile, the first card dealt ends
    at the bottom."""
    game = make_solitaire("tripeaks")
    setup = build_setup(game, numbered_deal(game.deck(), 7))
    assert setup.stock_from is not None
    rest = [entry.card for entry in setup.deal_order[setup.stock_from - 1 :]]
    dealt_pile: list[object] = []
    for card in rest:
        dealt_pile.insert(0, card)  # each card dealt goes on top of the pile
    assert tuple(dealt_pile) == tuple(reversed(setup.stock)) != setup.stock
