"""Pyramid rules, rulings and variants (rules/pyramid.md), one test each; JSON and bad input."""

from __future__ import annotations

import json
import random
from dataclasses import fields
from pathlib import Path

import pytest

from printplay.cli.app import main
from printplay.core.cards import Card, format_cards, parse_card, parse_cards, standard_deck
from printplay.core.deal import explicit_deal, numbered_deal
from printplay.core.errors import DealError, MoveError
from printplay.core.options import option_specs, parse_options
from printplay.games import entry, make_solitaire
from printplay.games.pyramid import (
    STOCK_TOP,
    TABLEAU,
    WASTE_TOP,
    Draw,
    King,
    Pair,
    Place,
    Pyramid,
    PyramidOptions,
    PyramidState,
    Redeal,
    deal_key,
    layout_for,
    move_from_json,
    pairs_with,
    reshuffled,
    row_of,
    slot_of,
    start_state,
    value,
)
from printplay.testing import played_positions

C = parse_card
OPTION_NAMES = [spec.name for spec in option_specs(PyramidOptions)]


def position(
    tableau: dict[int, str],
    stock: str = "",
    waste: str = "",
    options: PyramidOptions | None = None,
    reserve: dict[int, str] | None = None,
    pass_number: int = 1,
) -> PyramidState:
    """A hand-made position: only the listed slots and reserve cards hold cards; ``waste``
    runs from the bottom card to the top, ``stock`` from the top card down."""
    options = options or PyramidOptions()
    cards: list[Card | None] = [None] * options.tableau_size
    for slot, code in tableau.items():
        cards[slot] = C(code)
    kept: list[Card | None] = [None] * options.reserve_size
    for index, code in (reserve or {}).items():
        kept[index] = C(code)
    return PyramidState(
        options,
        tuple(cards),
        tuple(kept),
        tuple(parse_cards(stock)),
        tuple(parse_cards(waste)),
        pass_number,
        key=b"k" * 32,
    )


def game_of(*names: str) -> Pyramid:
    return Pyramid(parse_options(PyramidOptions, list(names)))


def start(*names: str, seed: int = 1) -> PyramidState:
    game = game_of(*names)
    return game.initial_state(numbered_deal(game.deck(), seed))


def t(slot: int) -> Place:
    return Place.tableau(slot)


def turn_all(state: PyramidState) -> PyramidState:
    """``state`` after turning every stock card, removing nothing."""
    while state.stock:
        state = state.apply(Draw(state.stock[0]))
    return state


# Layout -----------------------------------------------------------------------------------


def test_rows_slot_numbers_and_covering() -> None:
    layout = layout_for(PyramidOptions())
    assert len(layout) == 28
    assert [slot.row for slot in layout.slots] == [r for r in range(1, 8) for _ in range(r)]
    for r in range(7):
        for c in range(r + 1):
            slot = layout.slots[slot_of(r, c)]
            assert slot.position == c + 1 and row_of(slot.index) == r
            expected = (slot_of(r + 1, c), slot_of(r + 1, c + 1)) if r < 6 else ()
            assert slot.covered_by == expected
    assert layout.slots[0].name == "row 1, 1st card"
    assert layout.slots[27].name == "row 7, 7th card"
    assert all(slot.dealt_face_up for slot in layout.slots)
    assert layout.noun == "pyramid"


def test_cards_of_a_row_overlap_the_row_above() -> None:
    layout = layout_for(PyramidOptions())
    for slot in layout.slots:
        for cover in slot.covered_by:
            under = layout.slots[cover]
            assert under.y > slot.y and abs(under.x - slot.x) < 1


def test_the_reserve_follows_the_pyramid_in_the_layout() -> None:
    layout = layout_for(PyramidOptions(reserve=True))
    assert len(layout) == 34
    reserve = layout.slots[28:]
    assert [slot.name for slot in reserve][:2] == ["reserve, 1st card", "reserve, 2nd card"]
    assert all(not slot.covered_by and not slot.covers for slot in reserve)
    bottom = max(slot.y for slot in layout.slots[:28])
    assert all(slot.y >= bottom + 1 for slot in reserve)  # a row of its own, never covered
    assert [label.text for label in layout.labels][-1] == "reserve"


# Values and removals --------------------------------------------------------------------------


def test_values_and_the_pairs_that_total_13() -> None:
    assert [value(C(f"{r}c")) for r in "A23456789TJQK"] == list(range(1, 14))
    for a, b in ("AQ", "2J", "3T", "49", "58", "67"):
        assert pairs_with(C(a + "h"), C(b + "s")) and pairs_with(C(b + "d"), C(a + "c"))
    assert not pairs_with(C("7h"), C("7s"))
    assert not any(pairs_with(C("Kh"), card) for card in standard_deck())


def test_a_king_is_removed_alone() -> None:
    state = position({21: "Ks", 22: "Ac"}, stock="Qd")
    kings = [move for move in state.legal_moves() if isinstance(move, King)]
    assert kings == [King(C("Ks"), t(21))]
    after = state.apply(kings[0])
    assert after.tableau[21] is None and after.tableau[22] == C("Ac")
    with pytest.raises(MoveError, match="do not pair"):
        state.apply(Pair((C("Ks"), C("Ac")), (t(21), t(22))))
    with pytest.raises(MoveError, match="only a king"):
        state.apply(King(C("Ac"), t(22)))


def test_pairs_of_available_cards_are_removed() -> None:
    state = position({21: "8h", 27: "5c"}, stock="2d")
    pair = Pair((C("8h"), C("5c")), (t(21), t(27)))
    assert pair in state.legal_moves()
    after = state.apply(pair)
    assert after.tableau[21] is None and after.tableau[27] is None
    assert after.stock == state.stock  # removed cards go out of play


def test_covered_cards_are_not_available() -> None:
    state = position({15: "8h", 21: "Ts", 22: "3c"}, stock="5c")
    assert (t(15), C("8h")) not in state.available
    with pytest.raises(MoveError, match="still covered by row 7, 1st card and row 7, 2nd card"):
        state.apply(Pair((C("8h"), C("5c")), (t(15), STOCK_TOP)))
    freed = state.apply(Pair((C("Ts"), C("3c")), (t(21), t(22))))
    assert (t(15), C("8h")) in freed.available  # uncovered once both cards over it are gone


def test_ruling_a_card_cannot_pair_with_the_card_that_covers_it() -> None:
    # 5♣ (row 7) is the last card covering 8♥ (row 6): availability is judged before the move.
    state = position({15: "8h", 21: "5c"}, stock="Qd")
    assert not any(isinstance(move, Pair) for move in state.legal_moves())
    with pytest.raises(MoveError, match="still covered"):
        state.apply(Pair((C("8h"), C("5c")), (t(15), t(21))))


def test_ruling_the_stock_top_and_the_waste_top_are_both_in_play() -> None:
    state = position({21: "8h", 22: "Jc"}, stock="5c 9d", waste="2s")
    assert [move.to_json()["from"] for move in state.legal_moves() if isinstance(move, Pair)] == [
        ["t:21", "stock"],
        ["t:22", "waste"],
    ]
    assert (STOCK_TOP, C("5c")) in state.available and (WASTE_TOP, C("2s")) in state.available


def test_ruling_the_stock_top_pairs_with_the_waste_top_and_the_next_cards_come_into_play() -> None:
    state = position({21: "Ks"}, stock="5c 9d", waste="4h 8h")
    pair = Pair((C("5c"), C("8h")), (STOCK_TOP, WASTE_TOP))
    assert pair in state.legal_moves()
    after = state.apply(pair)
    assert after.stock == (C("9d"),) and after.waste == (C("4h"),)
    assert (STOCK_TOP, C("9d")) in after.available and (WASTE_TOP, C("4h")) in after.available
    assert Pair((C("9d"), C("4h")), (STOCK_TOP, WASTE_TOP)) in after.legal_moves()


def test_a_draw_turns_the_stock_top_onto_the_waste_at_any_time() -> None:
    state = position({21: "8h", 22: "5c"}, stock="2d 3d", waste="4s")
    assert Draw(C("2d")) in state.legal_moves()  # even with a pair to remove
    after = state.apply(Draw(C("2d")))
    assert after.stock == (C("3d"),) and after.waste == (C("4s"), C("2d"))
    with pytest.raises(MoveError, match="top stock card is 3d"):
        after.apply(Draw(C("9s")))


def test_a_redeal_turns_the_waste_over_keeping_its_order() -> None:
    state = turn_all(start())
    assert state.pass_number == 1 and not state.stock
    redeal = state.legal_moves()[-1]
    assert redeal == Redeal()
    after = state.apply(redeal)
    assert after.stock == start().stock  # the first card turned is on top again
    assert after.waste == () and after.pass_number == 2


def test_the_redeal_order_is_kept_with_cards_removed_from_the_waste() -> None:
    state = position({27: "Ks"}, stock="Ah 5c 8d 2c 9c")
    for _ in range(2):
        state = state.apply(Draw(state.stock[0]))
    state = state.apply(Pair((C("8d"), C("5c")), (STOCK_TOP, WASTE_TOP)))
    state = turn_all(state)
    assert state.waste == (C("Ah"), C("2c"), C("9c"))
    assert state.apply(Redeal()).stock == (C("Ah"), C("2c"), C("9c"))


def test_three_passes_two_redeals() -> None:
    state = start()
    for pass_number in (1, 2, 3):
        assert state.pass_number == pass_number
        assert state.status().startswith(f"pass {pass_number} of 3")
        state = turn_all(state)
        if pass_number < 3:
            state = state.apply(Redeal())
    assert not state.can_redeal() and Redeal() not in state.legal_moves()
    with pytest.raises(MoveError, match=r"last pass \(3 of 3\)"):
        state.apply(Redeal())


def test_ruling_a_redeal_needs_cards_on_the_waste() -> None:
    state = position({21: "8h", 22: "3c"})
    assert not state.can_redeal()
    assert state.is_over and not state.is_won
    with pytest.raises(MoveError, match="the waste is empty"):
        state.apply(Redeal())


def test_a_redeal_waits_for_the_stock_to_run_out() -> None:
    state = position({21: "8h"}, stock="2c", waste="3c")
    assert Redeal() not in state.legal_moves()
    with pytest.raises(MoveError, match="1 card is still in the stock"):
        state.apply(Redeal())


def test_won_only_when_every_card_is_removed() -> None:
    cleared_pyramid = position({}, stock="Ks")
    assert not cleared_pyramid.is_won and cleared_pyramid.cards_left == 1
    after = cleared_pyramid.apply(King(C("Ks"), STOCK_TOP))
    assert after.is_won and after.is_over and after.cards_left == 0
    assert after.legal_moves() == []
    with pytest.raises(MoveError, match="won"):
        after.apply(Draw(C("Ks")))
    assert not position({}, waste="Qs").is_won


def test_lost_when_the_third_pass_is_over_and_no_removal_is_possible() -> None:
    state = position({21: "8h", 22: "3c"}, waste="2c 4d", pass_number=3)
    assert state.legal_moves() == [] and state.is_over and not state.is_won
    second = position({21: "8h", 22: "3c"}, waste="2c 4d", pass_number=2)
    assert second.legal_moves() == [Redeal()]


def test_ruling_counting_a_line_every_pair_king_turn_and_redeal_is_one_step() -> None:
    state = position({21: "Ks", 22: "8h"}, stock="5c 9d")
    line = [
        King(C("Ks"), t(21)),
        Draw(C("5c")),
        Pair((C("8h"), C("5c")), (t(22), WASTE_TOP)),
        Draw(C("9d")),
        Redeal(),
    ]
    states = [state]
    for move in line:
        states.append(states[-1].apply(move))
    assert len(states) == len(line) + 1  # one position per step: nothing is compound
    assert [move.kind for move in line] == ["king", "draw", "pair", "draw", "redeal"]


# Variants -----------------------------------------------------------------------------------


def test_reserve_six_cards_in_play_and_a_smaller_stock() -> None:
    state = start("reserve")
    assert len(state.reserve) == 6 and len(state.stock) == 18
    reserve = [(place.code, card) for place, card in state.available if place.code[0] == "r"]
    assert [code for code, _ in reserve] == [f"r:{i}" for i in range(6)]
    # A reserve card pairs with the pyramid, the stock, the waste or another reserve card.
    pos = position(
        {21: "8h"}, stock="Jd", waste="9c", options=PyramidOptions(reserve=True),
        reserve={0: "5c", 3: "2s", 5: "4d"},
    )  # fmt: skip
    pairs = {tuple(m.to_json()["from"]) for m in pos.legal_moves() if isinstance(m, Pair)}
    assert pairs == {("t:21", "r:0"), ("r:3", "stock"), ("r:5", "waste")}
    move = next(m for m in pos.legal_moves() if isinstance(m, Pair) and m.places[0] == t(21))
    assert move.slots == (21, 28)
    after = pos.apply(move)
    assert after.reserve[0] is None and after.reserve[3] == C("2s")


def test_reserve_cards_must_go_too_unless_clear_the_board() -> None:
    options = PyramidOptions(reserve=True)
    assert not position({}, options=options, reserve={2: "4c"}).is_won
    assert position(
        {}, options=PyramidOptions(reserve=True, clear_the_board=True), reserve={2: "4c"}
    ).is_won


def test_ruling_clear_the_board_with_a_reserve_counts_only_the_pyramid() -> None:
    options = PyramidOptions(reserve=True, clear_the_board=True)
    state = position({27: "Kh"}, stock="9c", waste="4s", options=options, reserve={0: "2d"})
    assert state.cards_left == 1
    after = state.apply(King(C("Kh"), t(27)))
    assert after.is_won and after.is_over and after.legal_moves() == []
    assert "the pyramid is clear: won" in state.describe(King(C("Kh"), t(27)), after)


def test_clear_the_board_wins_with_the_stock_and_waste_left() -> None:
    options = PyramidOptions(clear_the_board=True)
    assert position({}, stock="2c", waste="3c", options=options).is_won
    assert not position({}, stock="2c", waste="3c").is_won


def test_small_six_rows_of_21_cards_and_a_larger_stock() -> None:
    state = start("small")
    assert len(state.tableau) == 21 and len(state.stock) == 31
    layout = state.layout
    assert len(layout) == 21 and max(slot.row for slot in layout.slots) == 6
    assert all(not slot.covered_by for slot in layout.slots[15:21])
    assert start("small", "reserve").stock_left == 25


def test_one_deal_no_redeal() -> None:
    state = turn_all(start("one-deal"))
    assert not state.can_redeal()
    assert not any(isinstance(move, Redeal) for move in state.legal_moves())
    with pytest.raises(MoveError, match="one pass only"):
        state.apply(Redeal())
    assert state.status().startswith("pass 1 of 1")


def test_waste_off_limits_the_waste_is_never_used_but_redeals_go_on() -> None:
    options = PyramidOptions(waste_off_limits=True)
    state = position({21: "8h"}, stock="Ks", waste="5c", options=options)
    assert [move.kind for move in state.legal_moves()] == ["king", "draw"]
    with pytest.raises(MoveError, match="off limits"):
        state.apply(Pair((C("8h"), C("5c")), (t(21), WASTE_TOP)))
    drawn = state.apply(Draw(C("Ks")))
    assert drawn.legal_moves() == [Redeal()]  # the K♠ on the waste is no use
    assert drawn.apply(Redeal()).stock == (C("5c"), C("Ks"))


def test_reshuffle_shuffles_the_waste_as_the_deal_fixes_it() -> None:
    state = turn_all(start("reshuffle"))
    redeal = state.legal_moves()[-1]
    assert isinstance(redeal, Redeal) and redeal.stock is not None
    assert redeal.stock == reshuffled(state.waste, state.key, 1)
    assert sorted(redeal.stock, key=str) == sorted(state.waste, key=str)
    assert redeal.stock != state.waste
    after = state.apply(redeal)
    assert after.stock == redeal.stock and after.pass_number == 2
    second = turn_all(after).legal_moves()[-1]
    assert isinstance(second, Redeal) and second.stock == reshuffled(
        turn_all(after).waste, state.key, 2
    )
    # Reproducible: the same deal reshuffles alike, by number or by its cards.
    again = turn_all(start("reshuffle")).legal_moves()[-1]
    game = game_of("reshuffle")
    explicit = game.initial_state(
        explicit_deal(format_cards(numbered_deal(game.deck(), 1).cards), game.deck())
    )
    assert turn_all(explicit).legal_moves()[-1] == again == redeal
    other = turn_all(start("reshuffle", seed=2))
    assert other.key != state.key


def test_reshuffle_key_is_the_deal_cards() -> None:
    game = game_of("reshuffle", "reserve")
    deal = numbered_deal(game.deck(), 7)
    assert game.initial_state(deal).key == deal_key(deal.cards)
    assert len(deal_key(deal.cards)) == 32


def test_reshuffle_refuses_a_redeal_naming_another_stock() -> None:
    state = turn_all(start("reshuffle"))
    wrong = Redeal(tuple(state.waste))  # the waste merely turned over
    with pytest.raises(MoveError, match="shuffles the waste into the stock Qs Kd"):
        state.apply(wrong)
    data = {"type": "redeal", "stock": [card.code for card in state.waste]}
    with pytest.raises(MoveError, match="shuffles the waste"):
        state.apply(game_of("reshuffle").move_from_json(data))
    assert state.apply(Redeal()) == state.apply(state.legal_moves()[-1])  # unnamed: the shuffle


def test_a_plain_redeal_naming_its_stock() -> None:
    state = turn_all(start())
    assert state.apply(Redeal(state.waste)) == state.apply(Redeal())
    with pytest.raises(MoveError, match="turns the waste into the stock"):
        state.apply(Redeal(tuple(reversed(state.waste))))


def test_options_combine() -> None:
    state = start(*OPTION_NAMES)
    assert len(state.tableau) == 21 and len(state.reserve) == 6 and len(state.stock) == 25
    assert not any(isinstance(move, Redeal) for move in turn_all(state).legal_moves())


# JSON ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("texts", [(), ("reserve",), ("clear-the-board", "small"), ("reshuffle",)])
def test_the_cards_in_play_are_the_free_ones_and_won_is_every_card_gone(
    texts: tuple[str, ...],
) -> None:
    """``available`` takes the free cards from ``Layout.open_cards`` and ``is_won`` is kept
    once asked: the tableau cards in play are those :meth:`PyramidState.is_free` finds free,
    and a position is won exactly when the cards it must clear are gone, along random games."""
    game = Pyramid(parse_options(PyramidOptions, list(texts)))
    for state in played_positions(game, range(1, 7), random.Random(11)):
        free = [
            (Place.tableau(slot), card)
            for slot, card in enumerate(state.tableau)
            if card is not None and state.is_free(slot)
        ]
        assert [entry for entry in state.available if entry[0].pile == TABLEAU] == free
        cleared = not any(state.tableau) and (
            game.options.clear_the_board or not (state.stock or state.waste or any(state.reserve))
        )
        assert state.is_won == cleared


@pytest.mark.parametrize(
    "data",
    [
        {"type": "pair", "cards": ["8h", "5c"], "from": ["t:27", "waste"]},
        {"type": "pair", "cards": ["Ac", "Qd"], "from": ["stock", "waste"]},
        {"type": "king", "card": "Ks", "from": "stock"},
        {"type": "king", "card": "Kd", "from": "t:0"},
        {"type": "draw", "card": "Kd"},
        {"type": "redeal"},
        {"type": "redeal", "stock": ["9c", "Kh"]},
    ],
)
def test_moves_round_trip_through_json(data: dict[str, object]) -> None:
    move = move_from_json(data)
    assert move.to_json() == data and move.kind == data["type"]
    assert move_from_json(json.loads(json.dumps(move.to_json()))) == move


def test_reserve_places_round_trip_and_map_to_layout_slots() -> None:
    game = game_of("reserve", "small")
    move = game.move_from_json({"type": "pair", "cards": ["5c", "8h"], "from": ["r:5", "t:20"]})
    assert move.to_json() == {"type": "pair", "cards": ["8h", "5c"], "from": ["t:20", "r:5"]}
    assert move.slots == (20, 26)
    king = game.move_from_json({"type": "king", "card": "Kc", "from": "r:0"})
    assert king.slots == (21,) and king.turns_stock is False
    assert game.move_from_json({"type": "draw", "card": "2c"}).turns_stock


def test_a_pair_is_the_same_move_whichever_card_comes_first() -> None:
    a = move_from_json({"type": "pair", "cards": ["8h", "5c"], "from": ["t:27", "waste"]})
    b = move_from_json({"type": "pair", "cards": ["5c", "8h"], "from": ["waste", "t:27"]})
    assert a == b and a.cards == (C("8h"), C("5c"))


@pytest.mark.parametrize("names", [[], *[[name] for name in OPTION_NAMES], OPTION_NAMES])
def test_every_legal_move_round_trips_and_the_protocol_holds(names: list[str]) -> None:
    game = make_solitaire("pyramid", names)
    state = game.initial_state(numbered_deal(game.deck(), 3))
    seen: set[str] = set()
    for _ in range(200):
        moves = state.legal_moves()
        if not moves:
            break
        for move in moves:
            assert game.move_from_json(move.to_json()) == move
            assert move.kind == move.to_json()["type"]
            assert len(move.slots) <= 2 and isinstance(move.turns_stock, bool)
            seen.add(move.kind)
        state = state.apply(moves[0] if moves[0].kind != "draw" else moves[-1])
    assert {"draw", "redeal"} <= seen or "one-deal" in names


@pytest.mark.parametrize("names", [[], *[[name] for name in OPTION_NAMES], OPTION_NAMES])
def test_deal_json_shape_under_every_option(names: list[str]) -> None:
    game = game_of(*names)
    deal = numbered_deal(game.deck(), 1)
    data = game.deal_json(deal)
    assert list(data) == ["tableau", "reserve", "stock", "waste"]
    o = game.options
    assert len(data["tableau"]) == (21 if o.small else 28)
    assert len(data["reserve"]) == (6 if o.reserve else 0)
    assert len(data["stock"]) == 52 - len(data["tableau"]) - len(data["reserve"])
    assert data["waste"] == []
    assert data["tableau"] + data["reserve"] + data["stock"] == deal.codes  # layout order
    assert len(game.deal_positions()) == 52


def test_deal_json_through_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "pyramid", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "pyramid" and data["seed"] == 1
    assert data["tableau"][:3] == ["7h", "3s", "6c"] and data["stock"][0] == "Js"
    assert data["reserve"] == [] and data["waste"] == []
    assert (
        main(["deal", "pile-of-twenty-eight", "--seed", "1", "--option", "reserve", "--json"]) == 0
    )
    assert len(json.loads(capsys.readouterr().out)["reserve"]) == 6


def test_deal_pictures_through_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for names in ([], ["reserve"]):
        out = tmp_path / f"board-{len(names)}.png"
        argv = ["deal", "pyramid", "--seed", "1", "-o", str(out)]
        for name in names:
            argv += ["--option", name]
        assert main(argv) == 0
        assert out.read_bytes().startswith(b"\x89PNG")
    assert main(["deal", "pyramid", "--seed", "1"]) == 0
    text = capsys.readouterr().out
    assert "[7♥]" in text and "stock [J♠] (24)" in text


# Bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize("names", [[], *[[name] for name in OPTION_NAMES], OPTION_NAMES])
def test_wrong_card_counts_give_a_clear_error(names: list[str]) -> None:
    game = game_of(*names)
    cards = numbered_deal(game.deck(), 1).cards
    with pytest.raises(DealError, match=r"a Pyramid deal has 52 cards .* not 51"):
        game.initial_state(cards[:51])
    with pytest.raises(DealError, match="appears 2 times"):
        game.initial_state((*cards[:51], cards[0]))
    codes = format_cards(cards)
    argv = ["deal", "pyramid", "--deal", codes, "--json"]
    for name in names:
        argv += ["--option", name]
    assert main(argv) == 0  # 52 cards are right under every option
    assert main([*argv[:3], " ".join(codes.split()[:50]), *argv[4:]]) == 1


def test_start_state_checks_the_parts() -> None:
    cards = standard_deck()
    state = start_state(PyramidOptions(), cards[:28], (), cards[28:])
    assert state.key == deal_key(cards) and len(state.stock) == 24
    with pytest.raises(DealError, match="28 pyramid cards and 6 reserve cards, not 28 and 0"):
        start_state(PyramidOptions(reserve=True), cards[:28], (), cards[28:])


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "play", "slot": 3, "card": "7c"}, "unknown Pyramid move type 'play'"),
        ({"cards": ["8h", "5c"]}, "unknown Pyramid move type None"),
        ({"type": "pair", "cards": ["8h", "5c"], "from": ["t:27"]}, "two cards and two places"),
        ({"type": "pair", "cards": "8h 5c", "from": ["t:1", "t:2"]}, "two cards and two places"),
        ({"type": "pair", "cards": ["8h", "5c"], "from": ["t:27", "t:27"]}, "both cards"),
        ({"type": "pair", "cards": ["8h", "5x"], "from": ["t:27", "waste"]}, "malformed"),
        ({"type": "pair", "cards": ["8h", 5], "from": ["t:27", "waste"]}, "a card is a code"),
        ({"type": "king", "card": "Ks", "from": "t:28"}, "no tableau slot 28"),
        ({"type": "king", "card": "Ks", "from": "r:0"}, "no reserve without the reserve option"),
        ({"type": "king", "card": "Ks", "from": "pile"}, "unknown place 'pile'"),
        ({"type": "king", "card": "Ks", "from": "t:-1"}, "unknown place 't:-1'"),
        ({"type": "king", "card": "Ks", "from": 27}, "a place is a string"),
        ({"type": "king", "card": "Ks"}, "malformed"),
        ({"type": "draw"}, "malformed"),
        ({"type": "redeal", "stock": "9c Kh"}, "list of card codes"),
        ({"type": "redeal", "stock": ["9c", "9c"]}, "names a card twice"),
    ],
)
def test_malformed_moves_are_refused(data: dict[str, object], message: str) -> None:
    with pytest.raises(MoveError, match=message):
        move_from_json(data)


def test_a_reserve_card_that_does_not_exist_is_refused() -> None:
    with pytest.raises(MoveError, match=r"no reserve card 6 \(reserve cards 0–5\)"):
        game_of("reserve").move_from_json({"type": "king", "card": "Ks", "from": "r:6"})
    with pytest.raises(MoveError, match=r"no tableau slot 21 \(slots 0–20\)"):
        game_of("small").move_from_json({"type": "king", "card": "Ks", "from": "t:21"})


def test_illegal_moves_are_refused_with_reasons() -> None:
    state = position({21: "8h", 22: "6c", 15: "Qs"}, stock="2d", waste="7d")
    with pytest.raises(MoveError, match="do not pair: their values total 14"):
        state.apply(Pair((C("8h"), C("6c")), (t(21), t(22))))
    with pytest.raises(MoveError, match="t:21 holds 8h, not 5c"):
        state.apply(Pair((C("5c"), C("8h")), (t(21), t(22))))
    with pytest.raises(MoveError, match="from t:3: it is empty"):
        state.apply(King(C("Kd"), t(3)))
    with pytest.raises(MoveError, match="stock holds 2d, not Ks"):
        state.apply(King(C("Ks"), STOCK_TOP))
    with pytest.raises(MoveError, match="top stock card is 2d"):
        state.apply(Draw(C("3d")))
    with pytest.raises(MoveError, match="the stock is empty"):
        position({21: "8h"}, waste="2d").apply(Draw(C("2d")))
    with pytest.raises(MoveError, match="not a Pyramid move"):
        state.apply("draw")  # type: ignore[arg-type]


# Words and pictures ---------------------------------------------------------------------------


def test_describe_says_what_each_move_did() -> None:
    state = position({15: "4d", 21: "8h", 22: "5c", 27: "Ks"}, stock="9c 3c", waste="6s Qd")
    pair = Pair((C("8h"), C("5c")), (t(21), t(22)))
    assert state.describe(pair, state.apply(pair)) == (
        "Pair 8♥ in row 7 with 5♣ in row 7; frees 4♦ in row 6"
    )
    king = King(C("Ks"), t(27))
    assert state.describe(king, state.apply(king)) == "Remove K♠ from row 7"
    both = Pair((C("9c"), C("4d")), (STOCK_TOP, WASTE_TOP))
    here = position({}, stock="9c 3c", waste="6s 4d")
    assert here.describe(both, here.apply(both)) == (
        "Pair 9♣ on the stock with 4♦ on the waste; the stock now shows 3♣; the waste now shows 6♠"
    )
    last_stock = position({21: "Kc"}, stock="Kd")
    assert last_stock.describe(
        King(C("Kd"), STOCK_TOP), last_stock.apply(King(C("Kd"), STOCK_TOP))
    ) == ("Remove K♦ from the stock; the stock is empty")
    draw = Draw(C("9c"))
    assert state.describe(draw, state.apply(draw)) == (
        "Turn 9♣ from the stock onto the waste (1 left; 3♣ on top)"
    )
    turned = position({21: "8h"}, waste="2c 3c")
    assert turned.describe(Redeal(), turned.apply(Redeal())) == (
        "Redeal: turn the waste over for pass 2 of 3 (2 cards, 2♣ on top)"
    )
    last = position({0: "Kh"})
    end = King(C("Kh"), t(0))
    assert last.describe(end, last.apply(end)) == "Remove K♥ from row 1; every card is out: won"


def test_milestones_at_a_redeal_and_a_cleared_row() -> None:
    state = position({21: "8h", 22: "5c", 27: "Ks", 1: "Kd", 2: "Kc"}, waste="3c")
    assert not state.milestone(King(C("Ks"), t(27)), state.apply(King(C("Ks"), t(27))))
    row7 = state.apply(King(C("Ks"), t(27)))
    pair = Pair((C("8h"), C("5c")), (t(21), t(22)))
    after = row7.apply(pair)
    assert row7.milestone(pair, after)
    assert row7.describe(pair, after).endswith("row 7 cleared")
    assert state.milestone(Redeal(), state.apply(Redeal()))
    assert not position({}, stock="2c 3c").milestone(Draw(C("2c")), position({}, stock="3c"))


def test_status_board_and_positions() -> None:
    state = start("reserve")
    assert state.status() == "pass 1 of 3, 18 in the stock, 0 on the waste"
    assert state.score is None and state.running_score is None
    assert state.cards_left == 52 and state.stock_left == 18
    board = state.board({28: "1"})
    assert len(board.slots) == 34 and board.slots[28].badge == "1"
    stock, waste = board.piles
    assert stock.name == "stock" and stock.face_up and stock.cards[-1] == state.stock[0]
    assert waste.name == "waste" and waste.cards == ()
    names = game_of("reserve").deal_positions()
    assert names[0] == "row 1, 1st card" and names[28] == "reserve, 1st card"
    assert names[34:36] == ["stock, top card (face up)", "stock, 2nd from the top"]
    assert state.to_json()["pass"] == 1


def test_rulebook_facts() -> None:
    facts = game_of("small", "reserve", "one-deal").rulebook_context()
    assert facts["tableau_size"] == 21 and facts["reserve_size"] == 6
    assert facts["stock_size"] == 25 and facts["passes"] == 1 and facts["redeals"] == 0
    assert [(p["low"], p["high"]) for p in facts["pairs"]] == [
        ("A", "Q"), ("2", "J"), ("3", "10"), ("4", "9"), ("5", "8"), ("6", "7"),
    ]  # fmt: skip
    standard = Pyramid().rulebook_context()
    assert standard["passes"] == 3 and standard["stock_size"] == 24 and standard["rows"] == 7


def test_the_registry_knows_pyramid() -> None:
    game_entry = entry("Pile of Twenty-Eight")
    assert game_entry.name == "pyramid" and game_entry.best_line == "shortest"
    assert game_entry.solver == "printplay.solve.pyramid_solver"
    assert make_solitaire("pyramid", ["reshuffle"]).options == PyramidOptions(reshuffle=True)
    assert [f.name for f in fields(PyramidOptions)] == [
        "reserve", "clear_the_board", "small", "one_deal", "waste_off_limits", "reshuffle",
    ]  # fmt: skip
