"""TriPeaks rules and rulings (rules/tripeaks.md), one test each."""

from __future__ import annotations

import random

import pytest

from printplay.core.cards import Card, parse_card, parse_cards
from printplay.core.deal import explicit_deal, numbered_deal
from printplay.core.errors import DealError, MoveError, OptionError
from printplay.core.options import parse_options
from printplay.games.tripeaks import (
    LAYOUT,
    Draw,
    Play,
    TriPeaks,
    TriPeaksOptions,
    TriPeaksState,
    are_neighbours,
    move_from_json,
)
from printplay.testing import played_positions, plays_taken

C = parse_card


def position(
    tableau: dict[int, str],
    waste: str,
    stock: str = "",
    options: TriPeaksOptions | None = None,
    **kwargs: int,
) -> TriPeaksState:
    """A hand-made position: only the listed slots hold cards."""
    cards: list[Card | None] = [None] * 28
    for slot, code in tableau.items():
        cards[slot] = C(code)
    return TriPeaksState(
        options or TriPeaksOptions(), tuple(cards), (C(waste),), tuple(parse_cards(stock)), **kwargs
    )


def full_position(options: TriPeaksOptions | None = None) -> TriPeaksState:
    return TriPeaks(options).initial_state(numbered_deal(TriPeaks(options).deck(), 1))


# Layout ---------------------------------------------------------------------------------


def test_rows_and_slot_numbers() -> None:
    rows = [slot.row for slot in LAYOUT.slots]
    assert rows == [1] * 3 + [2] * 6 + [3] * 9 + [4] * 10
    assert LAYOUT.slots[0].name == "row 1, 1st card"
    assert LAYOUT.slots[20].name == "row 4, 3rd card"


def test_covering_relation_as_the_rules_state_it() -> None:
    for j in range(9):
        assert LAYOUT.slots[9 + j].covered_by == (18 + j, 19 + j)
    for peak in range(3):
        for k in range(2):
            assert LAYOUT.slots[3 + 2 * peak + k].covered_by == (
                9 + 3 * peak + k,
                10 + 3 * peak + k,
            )
        assert LAYOUT.slots[peak].covered_by == (3 + 2 * peak, 4 + 2 * peak)
    assert all(not LAYOUT.slots[s].covered_by for s in range(18, 28))
    for slot in LAYOUT.slots:
        for lower in slot.covered_by:
            assert LAYOUT.slots[lower].row == slot.row + 1
            assert slot.index in LAYOUT.slots[lower].covers


def test_geometry_puts_each_card_between_the_two_that_cover_it() -> None:
    for slot in LAYOUT.slots:
        if slot.covered_by:
            a, b = (LAYOUT.slots[c] for c in slot.covered_by)
            assert slot.x == pytest.approx((a.x + b.x) / 2)
            assert a.y == b.y == slot.y + 0.5
    assert max(s.x for s in LAYOUT.slots) + 1 == pytest.approx(LAYOUT.width)


def test_the_deal_rows_one_to_three_face_down_base_face_up() -> None:
    state = full_position()
    assert [state.is_face_up(s) for s in range(28)] == [False] * 18 + [True] * 10
    assert len(state.stock) == 23 and len(state.waste) == 1


def test_the_first_waste_card_is_card_29_of_the_deal() -> None:
    deal = numbered_deal(TriPeaks().deck(), 7)
    state = TriPeaks().initial_state(deal)
    assert state.waste == (deal.cards[28],)
    assert state.stock == deal.cards[29:]
    assert state.tableau == deal.cards[:28]


def test_face_up_variant_deals_everything_face_up() -> None:
    state = full_position(TriPeaksOptions(face_up=True))
    assert all(state.is_face_up(s) for s in range(28))


def test_wrong_card_count_for_the_options() -> None:
    deal = numbered_deal(TriPeaks().deck(), 1)
    with pytest.raises(DealError, match="53 cards"):
        TriPeaks(TriPeaksOptions(jokers=1)).initial_state(deal)


# Playing ----------------------------------------------------------------------------------


def test_only_exposed_cards_one_rank_away_may_be_played_suit_ignored() -> None:
    state = position({9: "7h", 18: "8s", 19: "6d", 20: "9c"}, waste="7c")
    assert state.plays == (Play(18, C("8s")), Play(19, C("6d")))
    with pytest.raises(MoveError):
        state.apply(Play(9, C("7h")))  # covered by 18 and 19
    with pytest.raises(MoveError):
        state.apply(Play(20, C("9c")))  # two ranks away


def test_ranks_wrap_by_default() -> None:
    assert are_neighbours(C("Ac"), C("Ks")) and are_neighbours(C("Kd"), C("Ah"))
    state = position({18: "Kd", 19: "2s", 20: "Qs"}, waste="Ah")
    assert [p.card.code for p in state.plays] == ["Kd", "2s"]


def test_no_wrap_makes_ace_and_king_ends() -> None:
    options = TriPeaksOptions(wrap=False)
    state = position({18: "Kd", 19: "2s"}, waste="Ah", options=options)
    assert [p.card.code for p in state.plays] == ["2s"]
    state = position({18: "Ad", 19: "Qs"}, waste="Kh", options=options)
    assert [p.card.code for p in state.plays] == ["Qs"]


def test_a_card_turns_face_up_as_soon_as_nothing_covers_it() -> None:
    state = position({9: "5h", 18: "6s", 19: "4d"}, waste="7c")
    assert not state.is_face_up(9)
    state = state.apply(Play(18, C("6s")))
    assert not state.is_face_up(9)
    state = position({9: "5h", 19: "4d"}, waste="3c")
    after = state.apply(Play(19, C("4d")))
    assert after.is_face_up(9) and after.is_exposed(9)
    assert state.describe(Play(19, C("4d")), after).endswith("; 5♥ in row 3 turns up")


def test_ruling_the_stock_may_be_turned_at_any_time() -> None:
    state = position({18: "8s"}, waste="7c", stock="Kd 2c")
    assert state.plays and Draw(C("Kd")) in state.legal_moves()
    after = state.apply(Draw(C("Kd")))
    assert after.waste_top == C("Kd") and after.stock == (C("2c"),)


def test_strict_draw_only_when_no_card_can_be_played() -> None:
    options = TriPeaksOptions(strict_draw=True)
    state = position({18: "8s"}, waste="7c", stock="Kd 2c", options=options)
    assert state.legal_moves() == [Play(18, C("8s"))]
    with pytest.raises(MoveError, match="strict-draw"):
        state.apply(Draw(C("Kd")))
    stuck = position({18: "8s"}, waste="3c", stock="Kd 2c", options=options)
    assert stuck.legal_moves() == [Draw(C("Kd"))]


def test_drawing_must_take_the_next_stock_card() -> None:
    state = position({18: "8s"}, waste="7c", stock="Kd 2c")
    with pytest.raises(MoveError, match="next stock card is Kd"):
        state.apply(Draw(C("2c")))


def test_one_pass_through_the_stock_no_redeal() -> None:
    state = position({18: "8s"}, waste="2c", stock="Kd")
    state = state.apply(Draw(C("Kd")))
    assert state.stock == () and state.legal_moves() == []
    assert state.is_over and state.is_lost


# Ending and scoring --------------------------------------------------------------------


def test_won_when_the_tableau_is_clear_even_with_stock_left() -> None:
    state = position({18: "8s"}, waste="7c", stock="Kd 2c 3c")
    after = state.apply(Play(18, C("8s")))
    assert after.is_won and after.is_over and not after.is_lost
    assert len(after.stock) == 3 and after.legal_moves() == []


def test_lost_when_the_stock_is_empty_and_nothing_fits() -> None:
    state = position({18: "8s", 19: "9s"}, waste="2c")
    assert state.is_lost and not state.is_won


def test_chain_scores_its_position_and_a_stock_turn_resets_it() -> None:
    state = position({18: "8s", 19: "9s", 20: "Th", 21: "4c", 22: "Kd"}, waste="7c", stock="3d Qs")
    scores = []
    for move in [
        Play(18, C("8s")),
        Play(19, C("9s")),
        Play(20, C("Th")),
        Draw(C("3d")),
        Play(21, C("4c")),
        Draw(C("Qs")),
        Play(22, C("Kd")),
    ]:
        state = state.apply(move)
        scores.append(state.points)
    assert scores == [1, 3, 6, 6, 7, 7, 8 + 100]
    assert state.chain == 1


def test_peak_bonuses_go_15_30_45_in_the_order_the_peaks_are_cleared() -> None:
    state = position({2: "5c", 0: "6c", 1: "7d"}, waste="4s")
    state = state.apply(Play(2, C("5c")))  # right peak first: chain 1 + 15
    assert state.points == 1 + 15
    state = state.apply(Play(0, C("6c")))  # chain 2 + 30
    assert state.points == 1 + 15 + 2 + 30
    state = state.apply(Play(1, C("7d")))  # chain 3 + 45 + completion 100
    assert state.points == 1 + 15 + 2 + 30 + 3 + 45 + 100
    assert state.is_won


def test_completion_bonus_is_configurable() -> None:
    state = position({18: "8s"}, waste="7c", options=TriPeaksOptions(completion_bonus=200))
    assert state.apply(Play(18, C("8s"))).score == 201


def test_card_penalty_applies_to_a_lost_game_only() -> None:
    options = TriPeaksOptions(card_penalty=5)
    lost = position({18: "8s", 19: "9s", 20: "Ts"}, waste="2c", options=options, points=12)
    assert lost.is_lost and lost.score == 12 - 3 * 5 and lost.points == 12
    going = position({18: "8s"}, waste="2c", stock="9c", options=options, points=12)
    assert going.score == 12


# Jokers ----------------------------------------------------------------------------------


def test_a_joker_in_the_tableau_goes_onto_any_card() -> None:
    options = TriPeaksOptions(jokers=1)
    state = position({18: "X1", 19: "9s"}, waste="2c", options=options)
    assert state.plays == (Play(18, C("X1")),)


def test_any_card_goes_onto_a_joker() -> None:
    options = TriPeaksOptions(jokers=2)
    state = position({18: "9s", 19: "Kd", 20: "X2"}, waste="X1", options=options)
    assert [p.card.code for p in state.plays] == ["9s", "Kd", "X2"]
    after = state.apply(Play(19, C("Kd")))
    assert after.chain == 1 and after.points == 1


def test_joker_deals_have_53_or_54_cards() -> None:
    for jokers in (1, 2):
        game = TriPeaks(TriPeaksOptions(jokers=jokers))
        state = game.initial_state(numbered_deal(game.deck(), 3))
        assert len(state.stock) == 23 + jokers


def test_jokers_in_stock_deals_the_tableau_from_the_52_cards() -> None:
    plain = TriPeaks().numbered_deal(7)
    for jokers in (1, 2):
        game = TriPeaks(TriPeaksOptions(jokers=jokers, jokers_in_stock=True))
        deal = game.numbered_deal(7)
        assert deal.seed == 7 and len(deal.cards) == 52 + jokers
        assert deal.cards[:28] == plain.cards[:28]  # the tableau of the deal without jokers
        rest = [card for card in deal.cards[28:] if not card.is_joker]
        assert rest == list(plain.cards[28:])  # the stock in its order, jokers put in
        state = game.initial_state(deal)
        assert not any(card is not None and card.is_joker for card in state.tableau)
        assert sum(card.is_joker for card in (*state.waste, *state.stock)) == jokers


def test_jokers_in_stock_deals_are_reproducible_and_the_default_deal_is_unchanged() -> None:
    game = TriPeaks(TriPeaksOptions(jokers=2, jokers_in_stock=True))
    assert game.numbered_deal(1) == game.numbered_deal(1)
    assert game.numbered_deal(1).codes[28:35] == ["Js", "7d", "Qs", "X1", "3c", "8d", "Td"]
    assert game.numbered_deal(1).code == "SJF3-52TW"
    anywhere = TriPeaks(TriPeaksOptions(jokers=2))
    assert anywhere.numbered_deal(1) == numbered_deal(anywhere.deck(), 1)
    assert TriPeaks().numbered_deal(1) == numbered_deal(TriPeaks().deck(), 1)


def test_jokers_in_stock_spread_the_jokers_over_the_whole_stock() -> None:
    game = TriPeaks(TriPeaksOptions(jokers=1, jokers_in_stock=True))
    places = {game.numbered_deal(seed).codes.index("X1") for seed in range(1, 400)}
    assert places == set(range(28, 53))  # the first waste card to the last stock card


def test_jokers_in_stock_refuses_a_joker_in_the_tableau() -> None:
    game = TriPeaks(TriPeaksOptions(jokers=1, jokers_in_stock=True))
    cards = list(numbered_deal(TriPeaks(TriPeaksOptions(jokers=1)).deck(), 1).cards)
    where = cards.index(C("X1"))
    cards[where], cards[5] = cards[5], cards[where]
    with pytest.raises(DealError, match=r"card 6: X1 is a joker in the tableau.*jokers-in-stock"):
        game.initial_state(cards)
    cards[5], cards[40] = cards[40], cards[5]
    assert game.initial_state(cards).stock[11] == C("X1")


def test_jokers_in_stock_needs_jokers() -> None:
    with pytest.raises(OptionError, match="jokers-in-stock needs jokers"):
        TriPeaksOptions(jokers_in_stock=True)
    with pytest.raises(OptionError, match="add jokers=1 or jokers=2"):
        parse_options(TriPeaksOptions, ["jokers-in-stock"])
    assert parse_options(TriPeaksOptions, ["jokers-in-stock", "jokers=2"]).jokers_in_stock


def test_a_joker_turned_from_the_stock_takes_any_card() -> None:
    options = TriPeaksOptions(jokers=1, jokers_in_stock=True)
    state = position({18: "9s", 19: "Kd"}, waste="2c", stock="X1 4h", options=options)
    assert state.plays == ()
    after = state.apply(Draw(C("X1")))
    assert [p.card.code for p in after.plays] == ["9s", "Kd"]


# Moves ------------------------------------------------------------------------------------


@pytest.mark.parametrize("texts", [(), ("no-wrap",), ("jokers=2",), ("strict-draw", "face-up")])
def test_the_plays_are_the_moves_apply_takes_and_the_count_is_the_cards_there(
    texts: tuple[str, ...],
) -> None:
    """``plays`` takes the open cards from ``Layout.open_cards`` and ``cards_left`` is
    counted once, for speed: the plays are exactly the cards ``apply`` takes, and the count
    the cards there, along random games."""
    game = TriPeaks(parse_options(TriPeaksOptions, list(texts)))
    for state in played_positions(game, range(1, 7), random.Random(5)):
        assert state.plays == plays_taken(state, state.tableau)
        assert state.cards_left == sum(card is not None for card in state.tableau)


def test_moves_round_trip_through_json() -> None:
    for move in [Play(21, C("7c")), Draw(C("Kd"))]:
        assert move_from_json(move.to_json()) == move
    assert Play(21, C("7c")).to_json() == {"type": "play", "slot": 21, "card": "7c"}
    with pytest.raises(MoveError):
        move_from_json({"type": "jump"})
    with pytest.raises(MoveError):
        move_from_json({"type": "play", "slot": "x", "card": "7c"})


def test_playing_the_wrong_card_from_a_slot_is_refused() -> None:
    state = position({18: "8s"}, waste="7c")
    with pytest.raises(MoveError):
        state.apply(Play(18, C("8h")))


def test_describe_a_peak_top_and_a_draw() -> None:
    state = position({0: "5c", 1: "Kh", 2: "Kc", 19: "9s"}, waste="4s", stock="Kd")
    after = state.apply(Play(0, C("5c")))
    assert state.describe(Play(0, C("5c")), after) == (
        "Play 5♣ from row 1, 1st card onto 4♠: chain 1, +16 points (peak bonus 15)"
    )
    after = state.apply(Draw(C("Kd")))
    assert state.describe(Draw(C("Kd")), after) == "Turn K♦ from the stock (0 left)"


def test_external_deck_line_reads_in_layout_order(external_decks: list[str]) -> None:
    deal = explicit_deal(external_decks[0], TriPeaks().deck())
    state = TriPeaks().initial_state(deal)
    codes = external_decks[0].split()
    assert state.to_json() == {"tableau": codes[:28], "waste": [codes[28]], "stock": codes[29:]}
