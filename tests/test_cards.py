"""Card parsing and formatting."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printplay.core.cards import (
    Card,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
    standard_deck,
)
from printplay.core.errors import CardError


@pytest.mark.parametrize("text", ["Th", "th", "TH", "10h", "10H", "T♥", "t♥", "10♥", "T♡", " Th "])
def test_every_spelling_of_the_ten_of_hearts(text: str) -> None:
    assert parse_card(text) == Card(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("As", "As"),
        ("2c", "2c"),
        ("qD", "Qd"),
        ("K♠", "Ks"),
        ("j♣", "Jc"),
        ("x1", "X1"),
        ("X2", "X2"),
    ],
)
def test_codes(text: str, code: str) -> None:
    assert parse_card(text).code == code


@pytest.mark.parametrize("text", ["", "1h", "11h", "Tx", "Z", "X3", "X0", "Th7", "10", "h"])
def test_bad_cards_are_named(text: str) -> None:
    with pytest.raises(CardError, match="unknown card"):
        parse_card(text)


def test_labels_and_names() -> None:
    ten = parse_card("Th")
    assert (ten.label, ten.symbol, ten.name, ten.is_red) == ("10♥", "T♥", "ten of hearts", True)
    assert not parse_card("As").is_red
    joker = parse_card("X2")
    assert (joker.is_joker, joker.label, joker.code, joker.index) == (True, "Joker", "X2", 53)


def test_suit_order_is_alphabetical() -> None:
    assert Suit.CLUBS < Suit.DIAMONDS < Suit.HEARTS < Suit.SPADES


def test_deck() -> None:
    deck = standard_deck()
    assert len(deck) == len(set(deck)) == 52
    assert [c.index for c in deck] == list(range(52))
    assert len(standard_deck(1)) == 53 and standard_deck(2)[-2:] == [
        Card.make_joker(1),
        Card.make_joker(2),
    ]
    with pytest.raises(CardError):
        standard_deck(3)


def test_invalid_card_objects_are_refused() -> None:
    with pytest.raises(CardError):
        Card(Rank.ACE)
    with pytest.raises(CardError):
        Card(Rank.JOKER, Suit.CLUBS, 1)


def test_parse_cards_separators_and_objects() -> None:
    cards = parse_cards("As,2c; 10h\tX1")
    assert format_cards(cards) == "As 2c Th X1"
    assert parse_cards([cards[0], "Kd"]) == [cards[0], parse_card("Kd")]


@given(st.integers(min_value=0, max_value=53))
def test_every_card_round_trips(index: int) -> None:
    card = Card.from_index(index)
    assert parse_card(card.code) == card
    assert parse_card(card.label if not card.is_joker else card.code) == card
    assert card.index == index
