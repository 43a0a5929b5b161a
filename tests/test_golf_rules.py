"""Golf's engine: one test per ruling of rules/golf.md, the layout, the JSON and the deals."""

from __future__ import annotations

import json
import random

import pytest
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game as PysolCardsGame
from pysol_cards.random import RandomBase

from printplay.core.cards import Card, standard_deck
from printplay.core.deal import numbered_deal
from printplay.core.errors import DealError, MoveError
from printplay.games.golf import (
    COLUMNS,
    LAYOUT,
    STOCK_SIZE,
    TABLEAU_SIZE,
    Draw,
    Golf,
    GolfOptions,
    GolfState,
    Play,
    move_from_json,
    pysolfc_deal,
)
from printplay.testing import played_positions, plays_taken, random_playout

STANDARD = GolfOptions()
QUEENS = GolfOptions(queens_on_kings=True)
WRAP = GolfOptions(wrap=True)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in text.split())


def position(
    bottoms: str, top: str, stock: str = "", options: GolfOptions = STANDARD, above: str = ""
) -> GolfState:
    """A position with the given bottom cards in columns 1, 2 … (one card each, or the
    card ``above`` over column 1's), the waste's top card and the stock."""
    tableau: list[Card | None] = [None] * TABLEAU_SIZE
    for column, card in enumerate(cards(bottoms)):
        tableau[4 * COLUMNS + column] = card
    if above:
        tableau[3 * COLUMNS] = Card.parse(above)
    return GolfState(options, tuple(tableau), cards(top), cards(stock))


def played(state: GolfState) -> set[str]:
    return {move.card.code for move in state.legal_moves() if isinstance(move, Play)}


# --- one test per ruling -----------------------------------------------------------------


def test_ruling_nothing_goes_onto_a_king() -> None:
    state = position("Qh Ad 2c", "Ks", "5d")
    assert played(state) == set()
    assert state.legal_moves() == [Draw(Card.parse("5d"))]


def test_ruling_a_king_goes_onto_a_queen() -> None:
    assert played(position("Kh Jd", "Qs")) == {"Kh", "Jd"}


def test_ruling_ace_and_king_are_not_neighbours_without_the_wrap() -> None:
    assert played(position("Kh 2d", "As")) == {"2d"}
    assert played(position("Ah", "Ks", options=QUEENS)) == set()


def test_ruling_queens_on_kings_lets_only_a_queen_follow_a_king() -> None:
    assert played(position("Qh Ad Jc", "Ks", options=QUEENS)) == {"Qh"}


def test_ruling_wrap_makes_ace_and_king_neighbours_and_a_king_takes_ace_or_queen() -> None:
    assert played(position("Qh Ad Jc", "Ks", options=WRAP)) == {"Qh", "Ad"}
    assert played(position("Kh 2d 3c", "As", options=WRAP)) == {"Kh", "2d"}
    both = GolfOptions(wrap=True, queens_on_kings=True)
    assert played(position("Qh Ad Jc", "Ks", options=both)) == {"Qh", "Ad"}


def test_ruling_only_the_bottom_card_of_a_column_is_free() -> None:
    state = position("9c", "8s", above="7d")  # 7d lies under 9c: it fits 8s, yet is covered
    assert played(state) == {"9c"}
    with pytest.raises(MoveError):
        state.apply(Play(3 * COLUMNS, Card.parse("7d")))
    after = state.apply(Play(4 * COLUMNS, Card.parse("9c")))
    assert after.is_exposed(3 * COLUMNS)


def test_ruling_the_stock_may_be_turned_while_a_card_could_be_played() -> None:
    state = position("9c", "8s", "2d 3d")
    assert state.legal_moves() == [Play(4 * COLUMNS, Card.parse("9c")), Draw(Card.parse("2d"))]


def test_ruling_the_stock_is_used_once() -> None:
    state = position("9c", "8s", "2d").apply(Draw(Card.parse("2d")))
    assert state.stock == () and state.legal_moves() == []
    assert state.is_over and not state.is_won
    with pytest.raises(MoveError):
        state.apply(Draw(Card.parse("8s")))


def test_ruling_the_first_waste_card_is_the_card_dealt_after_the_columns() -> None:
    deal = numbered_deal(standard_deck(), 7)
    state = Golf().initial_state(deal)
    assert state.waste == (deal.cards[TABLEAU_SIZE],)
    assert state.stock == deal.cards[TABLEAU_SIZE + 1 :]
    assert len(state.stock) == STOCK_SIZE == 16


def test_ruling_the_game_ends_when_the_columns_are_clear() -> None:
    state = position("9c", "8s", "2d 3d 4d")
    won = state.apply(Play(4 * COLUMNS, Card.parse("9c")))
    assert won.is_won and won.is_over and won.legal_moves() == []
    with pytest.raises(MoveError):
        won.apply(Draw(Card.parse("2d")))
    assert won.score == -3


def test_ruling_suits_do_not_matter() -> None:
    assert played(position("4h 4s 6c 6d 5h", "5h")) == {"4h", "4s", "6c", "6d"}


def test_ruling_empty_columns_stay_empty() -> None:
    game = Golf()
    rng = random.Random(3)
    for seed in range(1, 6):
        steps = random_playout(game.initial_state(game.numbered_deal(seed)), rng)
        for step in steps:
            before, after = step.before.heights, step.after.heights
            assert all(b >= a for b, a in zip(before, after, strict=True))


@pytest.mark.parametrize("options", [STANDARD, QUEENS, WRAP], ids=["standard", "queens", "wrap"])
def test_the_plays_are_the_moves_apply_takes_and_the_count_is_the_cards_there(
    options: GolfOptions,
) -> None:
    """``plays`` takes the open cards from the layout's table (``Layout.open_cards``) and
    ``cards_left`` is counted once, both for speed: the plays are exactly the cards
    ``apply`` takes, and the count the cards there, along random games and on a position no
    game reaches (a gap in a column: the card above it is open too)."""
    gap = list(position("9c 8d", "9s", above="7d", options=options).tableau)
    gap[COLUMNS] = Card.parse("Th")  # column 1 holds rows 2, 4 and 5: row 3 is empty
    states = [GolfState(options, tuple(gap), cards("9s"), ())]
    assert states[0].plays == (Play(COLUMNS, Card.parse("Th")), Play(29, Card.parse("8d")))
    states += played_positions(Golf(options), range(1, 9), random.Random(7))
    for state in states:
        assert state.plays == plays_taken(state, state.tableau)
        assert state.cards_left == sum(card is not None for card in state.tableau)


def test_ruling_strokes_a_lost_deal_scores_the_cards_left() -> None:
    state = position("9c Jd", "8s", "")
    final = state.apply(Play(4 * COLUMNS, Card.parse("9c")))
    assert final.is_over and not final.is_won
    assert final.score == final.cards_left == 1
    assert final.running_score == final.score


# --- layout, moves, JSON -----------------------------------------------------------------


def test_layout_columns_overlap_downward_and_each_card_is_covered_by_the_next() -> None:
    assert len(LAYOUT) == 35
    for slot in LAYOUT.slots:
        row, column = divmod(slot.index, COLUMNS)
        assert slot.name == f"column {column + 1}, {('1st', '2nd', '3rd', '4th', '5th')[row]} card"
        assert slot.covered_by == ((slot.index + COLUMNS,) if row < 4 else ())
        assert slot.x == pytest.approx(column * LAYOUT.pitch)
        assert slot.y > LAYOUT.slots[slot.index - COLUMNS].y if row else slot.y == 0
        assert slot.dealt_face_up


def test_deal_order_is_layout_order_and_positions_are_named() -> None:
    game = Golf()
    assert game.deal_order() == list(range(52))
    positions = game.deal_positions()
    assert positions[0] == "column 1, 1st card" and positions[34] == "column 7, 5th card"
    assert positions[35] == "waste, face up" and positions[51] == "stock, 16th to turn"


def test_deal_json_gives_columns_top_card_first() -> None:
    game = Golf()
    deal = game.numbered_deal(1)
    data = game.deal_json(deal)
    assert list(data) == ["columns", "waste", "stock"]
    assert [column[0] for column in data["columns"]] == deal.codes[:7]
    assert [column[-1] for column in data["columns"]] == deal.codes[28:35]
    assert data["waste"] == [deal.codes[35]] and data["stock"] == deal.codes[36:]
    json.dumps(data)


def test_to_json_columns_shrink_from_the_bottom() -> None:
    state = position("9c", "8s", "2d", above="7d")
    after = state.apply(Play(4 * COLUMNS, Card.parse("9c")))
    assert state.to_json()["columns"][0] == ["7d", "9c"]
    assert after.to_json()["columns"][0] == ["7d"]
    assert after.to_json()["waste"] == ["8s", "9c"]


def test_moves_read_back_from_json() -> None:
    for move in (Play(30, Card.parse("7c")), Draw(Card.parse("Kd"))):
        assert move_from_json(move.to_json()) == move
    with pytest.raises(MoveError):
        move_from_json({"type": "pair", "cards": ["7c", "6d"]})


def test_describe_says_what_a_move_did() -> None:
    state = position("9c", "8s", "2d 3d")
    won = state.apply(Play(4 * COLUMNS, Card.parse("9c")))
    text = state.describe(Play(4 * COLUMNS, Card.parse("9c")), won)
    assert text == (
        "Play 9♣ from column 1, 5th card onto 8♠: the columns are clear, won with 2 cards "
        "left in the stock (score -2)"
    )
    other = position("9c Jd", "8s", "2d")
    after = other.apply(Play(4 * COLUMNS, Card.parse("9c")))
    assert other.describe(Play(4 * COLUMNS, Card.parse("9c")), after).endswith(
        "(1 left in the columns); column 1 is clear"
    )
    assert other.describe(Draw(Card.parse("2d")), other.apply(Draw(Card.parse("2d")))) == (
        "Turn 2♦ from the stock (0 left)"
    )


def test_a_deal_short_of_a_card_or_with_a_card_twice_is_refused() -> None:
    game = Golf()
    deal = list(game.numbered_deal(1).cards)
    with pytest.raises(DealError):
        game.initial_state(deal[:51])
    with pytest.raises(DealError):
        game.initial_state([*deal[:51], deal[0]])


# --- PySolFC's numbers -------------------------------------------------------------------


def pysol_cards_board(number: int) -> list[str]:
    """The board pysol-cards (PySolFC's own dealer) prints for its game ``number`` of
    Golf: talon (next card first), foundation (the waste card), then the columns."""
    game = PysolCardsGame("golf", number, RandomBase.DEALS_PYSOLFC)
    text: str = game.calc_layout_string(CardRenderer(True))
    return text.lower().splitlines()


@pytest.mark.parametrize("number", [1, 2, 24, 617, 31999, 32001])
def test_pysolfc_deals_match_the_boards_pysolfc_prints(number: int) -> None:
    state = Golf().initial_state(pysolfc_deal(GolfOptions(), number))
    board = pysol_cards_board(number)
    assert board[0] == "talon: " + " ".join(card.code.lower() for card in state.stock)
    assert board[1] == "foundations: " + state.waste_top.code.lower()
    for line, column in zip(board[2:], state.columns(), strict=True):
        assert line == " ".join(card.code.lower() for card in column)


def test_pysolfc_game_24_pinned() -> None:
    """PySolFC's Golf #24, as its solver reads it (black-hole-solver's board format)."""
    state = Golf().initial_state(pysolfc_deal(GolfOptions(wrap=True), 24))
    assert [" ".join(c.code for c in column) for column in state.columns()] == [
        "4c 7s 5s Kh Tc",
        "5h 2c 6c 6s Ts",
        "Qc Qh 9c 7d Ad",
        "5d 9s 3c 8c 4d",
        "2d 2s 6h Ac Qs",
        "7h Kd Jc 9h 3h",
        "Ah Js Th 5c 3s",
    ]
    assert state.waste_top.code == "Jh"
    assert (
        " ".join(c.code for c in state.stock) == "Td Kc 8h 8s 4s 4h Ks 6d 8d 7c Jd 9d 2h Qd 3d As"
    )
    assert pysolfc_deal(GolfOptions(), 24).name == "PySolFC game #24"


def test_rulebook_context_says_what_goes_onto_a_king() -> None:
    assert Golf().rulebook_context()["on_king"] == []
    assert Golf(QUEENS).rulebook_context()["on_king"] == ["queen"]
    assert Golf(WRAP).rulebook_context()["on_king"] == ["ace", "queen"]
    worked = Golf().rulebook_context()["worked"]
    assert worked["steps"][0] == "Play J♠ from column 1, 5th card onto 10♥ (34 left in the columns)"
