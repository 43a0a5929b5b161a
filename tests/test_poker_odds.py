"""Exact buy odds in the standard game, checked against a brute force over card sequences."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import permutations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printplay.core.cards import Card, parse_cards, standard_deck
from printplay.core.errors import DealError, GameError, MoveError, OptionError
from printplay.games.poker import strength
from printplay.games.poker.odds import BuyOdds, escape_counts, position_odds, state_odds
from printplay.games.poker.standard import (
    Buy,
    StandardOptions,
    lowest_seat,
    new_round,
    play_script,
    round_deck,
)

EXAMPLE_TOP = "Kd Jc 8h 7s 2h 9c 2d 9h Qd 5h 8d 8s"


def brute_force(
    hands: Mapping[int, Sequence[Card]], seat: int, pool: Sequence[Card], limit: int, k: int
) -> tuple[Fraction, Fraction]:
    """(P(escape), E[cards received]) by dealing every ordered sequence of ``k`` pool cards.

    Follows the rules literally: one card at a time, stop as soon as the hand is no longer
    the lowest (suits, then seats, break ties).
    """
    bar = min((strength(h, suits=True, limit=limit), s) for s, h in hands.items() if s != seat)
    escaped = received = total = 0
    for sequence in permutations(pool, k):
        hand = list(hands[seat])
        got = 0
        lowest = (strength(hand, suits=True, limit=limit), seat) < bar
        while lowest and got < k:
            hand.append(sequence[got])
            got += 1
            lowest = (strength(hand, suits=True, limit=limit), seat) < bar
        total += 1
        escaped += not lowest
        received += got
    return Fraction(escaped, total), Fraction(received, total)


def hands_of(text: Mapping[int, str]) -> dict[int, tuple[Card, ...]]:
    return {seat: tuple(parse_cards(cards)) for seat, cards in text.items()}


CASES = [
    # (hands still in, seat to act, pool of unseen cards, limit)
    ({1: "Kd", 2: "Jc", 3: "8h", 4: "7s"}, 4, "2h 9c 2d 9h Qd 5h 7c", 5),
    ({1: "Kd", 2: "Kc"}, 2, "2h 3c 2d Kh 5h 5s As", 5),
    ({1: "Ah Ad 3c", 2: "Ks"}, 2, "Kd Kh 3d 3s 4c 5c 6c", 5),
    ({1: "Ac Kc Qc Jc", 2: "2s 3s 4s"}, 2, "5s 6s 9d Td 6h", 5),
    ({1: "X1", 2: "X2"}, 1, "2c 3c Ac Ad 5h", 5),
    ({1: "X1 2c", 2: "3d 3h"}, 1, "X2 4c 5c 6c 7c As", 5),
    ({1: "9c 9d 4h 4s 2c", 2: "Ts 8h 7c"}, 2, "9h 9s Tc 8c 2h 3d", 6),
    ({1: "Ac Ad", 2: "Kc Kd", 3: "2h 5s"}, 3, "2c 5d 5h Ah As 7h 8h", 7),
    ({1: "Qh 9d", 2: "Qd 9h"}, 1, "Jh Th 8h 2d X1 Js", 7),
]


@pytest.mark.parametrize(("hands", "seat", "pool", "limit"), CASES)
def test_odds_match_the_brute_force(
    hands: dict[int, str], seat: int, pool: str, limit: int
) -> None:
    table = hands_of(hands)
    unseen = parse_cards(pool)
    options = StandardOptions(limit=limit, jokers=2)
    odds = position_odds(table, seat, unseen, options)
    assert odds.max_buy == min(limit - len(table[seat]), len(unseen))
    deepest = min(odds.max_buy, 4)
    for k in range(1, deepest + 1):
        buy = odds.buy(k)
        assert (buy.escape, buy.expected_cards) == brute_force(table, seat, unseen, limit, k)


def test_the_worked_example_opening_by_hand() -> None:
    odds = position_odds({1: "Kd", 2: "Jc", 3: "8h", 4: "7s"}, 4)
    # One card escapes with an 8 or better (25 left) or a seven (3): 28 of 48.
    assert odds.buy(1).escape == Fraction(28, 48)
    assert odds.buy(1).expected_cards == 1
    assert odds.lowest == 3 and odds.unseen == 48 and odds.max_buy == 4
    assert [b.k for b in odds.buys] == [1, 2, 3, 4]
    assert odds.still_lowest[0] == 1 and odds.still_lowest[1] == Fraction(20, 48)
    # E[cards] for k = 2 is 1 + P(still lowest after one card).
    assert odds.buy(2).expected_cards == 1 + Fraction(20, 48)


def test_state_odds_equal_position_odds() -> None:
    options = StandardOptions()
    deck = round_deck(options, top=EXAMPLE_TOP)
    state = play_script(options, deck, "buy 3; fold")
    assert state.to_act == 4
    from_state = state_odds(state)
    hands = {p.seat: p.cards for p in state.players if p.status == "in"}
    dead = state.player(3).cards
    from_table = position_odds(hands, 4, options=options, dead=dead)
    assert from_state == from_table
    assert from_state.unseen == 52 - 6 and from_state.max_buy == 2
    with pytest.raises(MoveError, match="the round is over"):
        state_odds(new_round(StandardOptions(players=2), "Kc Kd"))


def test_odds_respect_the_deck_and_max_k() -> None:
    odds = position_odds({1: "Kd", 2: "7s"}, 2, "2c 3c", deck_left=1)
    assert odds.max_buy == 1 and len(odds.buys) == 1
    odds = position_odds({1: "Kd", 2: "7s"}, 2, max_k=2)
    assert odds.max_buy == 4 and [b.k for b in odds.buys] == [1, 2]
    assert position_odds({1: "Kd", 2: "7s"}, 2, max_k=0).buys == ()
    with pytest.raises(MoveError, match="no odds for buying 3"):
        odds.buy(3)


def test_a_hand_at_the_limit_has_no_buys() -> None:
    odds = position_odds({1: "Kd", 2: "2c 3d 4h 5s 7c"}, 2)
    assert odds.max_buy == 0 and odds.buys == ()


def test_a_seat_that_is_not_lowest_escapes_without_cards() -> None:
    odds = position_odds({1: "Kd", 2: "7s"}, 1, max_k=2)
    assert [(b.escape, b.expected_cards) for b in odds.buys] == [(Fraction(1), Fraction(0))] * 2


def test_identical_hands_by_seat() -> None:
    options = StandardOptions(jokers=2)
    # Seat 1's lone joker is lower than seat 2's identical one; seat 2 is not the lowest.
    assert position_odds({1: "X1", 2: "X2"}, 2, options=options, max_k=1).buy(1).escape == 1
    odds = position_odds({1: "X1", 2: "X2"}, 1, options=options, max_k=1)
    assert odds.buy(1).escape == 1  # any card raises a lone joker above the other


def test_odds_json() -> None:
    odds = position_odds({1: "Kd", 2: "Jc", 3: "8h", 4: "7s"}, 4, max_k=2)
    data = json.loads(json.dumps(odds.to_json()))
    assert data["seat"] == 4 and data["cards"] == ["7s"] and data["lowest"] == 3
    assert data["unseen"] == 48 and data["max_buy"] == 4
    assert data["buys"][0] == {
        "k": 1,
        "chips": 1,
        "escape": 0.583333,
        "escape_exact": "7/12",
        "out": 0.416667,
        "expected_cards": 1.0,
        "expected_cards_exact": "1",
    }
    buy = BuyOdds(2, Fraction(1, 2), Fraction(3, 2))
    assert buy.out == Fraction(1, 2) and buy.escape_per_chip == Fraction(1, 4)


def test_bad_positions() -> None:
    with pytest.raises(GameError, match="at least two hands"):
        position_odds({1: "Kd"}, 1)
    with pytest.raises(GameError, match="seat 3 has no hand"):
        position_odds({1: "Kd", 2: "Qd"}, 3)
    with pytest.raises(DealError, match="Kd is in seat 1 and in seat 2"):
        position_odds({1: "Kd", 2: "Kd 2c"}, 1)
    with pytest.raises(DealError, match="Qd is unseen and also in seat 2"):
        position_odds({1: "Kd", 2: "Qd"}, 2, "2c Qd")
    with pytest.raises(DealError, match="the limit is 5"):
        position_odds({1: "Kd", 2: "2c 3c 4c 5c 7d 8d"}, 1)
    with pytest.raises(DealError, match="seat 2's hand, card 1"):
        position_odds({1: "Kd", 2: "1x"}, 1)


def test_sequence_of_hands_means_seats_from_one() -> None:
    assert position_odds(["Kd", "7s"], 2, max_k=1) == position_odds({1: "Kd", 2: "7s"}, 2, max_k=1)


def test_escape_counts_directly() -> None:
    bar = (strength("8h", suits=True), 3)
    assert escape_counts(parse_cards("7s"), 4, bar, parse_cards("2c 9c 7d 3d"), 5, 3) == [
        1,
        2,  # 2c and 3d leave 7 lowest; 9c and 7d escape
        1,  # {2c, 3d}
        0,
    ]


def test_a_strong_table_is_worked_out() -> None:
    """A strong table, where most card sets leave the hand lowest (the search's worst case):
    the odds, exactly (no time limit asserted: the suite's running time shows a slowdown)."""
    odds = position_odds({1: "Ac Ad Kc", 2: "Kd Ks", 3: "2h"}, 3)
    escapes = [buy.escape for buy in odds.buys]
    # one card cannot beat a pair of kings; two cards need a pair above kings, and so on
    assert escapes == [0, Fraction(4, 1035), Fraction(197, 7590), Fraction(14902, 163185)]


# --------------------------------------------------------------------------------------------
# Properties


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 4),
    limit=st.sampled_from((5, 6, 7)),
    jokers=st.integers(0, 2),
    pool_size=st.integers(1, 7),
)
def test_odds_match_the_brute_force_on_random_positions(
    seed: int, players: int, limit: int, jokers: int, pool_size: int
) -> None:
    rng = random.Random(seed)
    deck = standard_deck(jokers)
    rng.shuffle(deck)
    hands: dict[int, tuple[Card, ...]] = {}
    for seat in range(1, players + 1):
        size = rng.randint(1, limit - 1)
        hands[seat], deck = tuple(deck[:size]), deck[size:]
    pool = deck[:pool_size]
    seat = rng.randint(1, players)
    options = StandardOptions(limit=limit, jokers=jokers)
    odds = position_odds(hands, seat, pool, options, max_k=3)
    assert odds.max_buy == min(limit - len(hands[seat]), pool_size)
    for buy in odds.buys:
        assert (buy.escape, buy.expected_cards) == brute_force(hands, seat, pool, limit, buy.k)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(1, 2**32), actions=st.lists(st.integers(0, 9), max_size=6))
def test_odds_are_consistent_in_random_rounds(seed: int, actions: list[int]) -> None:
    options = StandardOptions(players=3)
    state = new_round(options, round_deck(options, seed=seed))
    for pick in actions:
        if state.ended:
            break
        legal = state.legal_actions()
        state = state.apply(legal[pick % len(legal)])
    if state.ended:
        return
    odds = state_odds(state, max_k=3)
    n = odds.unseen
    assert n == state.deck_left
    previous = BuyOdds(0, Fraction(0), Fraction(0))
    for buy in odds.buys:
        assert 0 <= buy.escape <= 1 and buy.escape + buy.out == 1
        assert buy.escape >= previous.escape  # more cards never hurt the chance
        assert previous.expected_cards <= buy.expected_cards <= buy.k
        assert (buy.escape * comb(n, buy.k)).denominator == 1  # counts of card sets
        previous = buy
    assert state.max_buy >= 1
    assert Buy(1) in state.legal_actions()


def test_five_aces_top_changes_who_escapes() -> None:
    """Four Aces against a straight flush: only the joker escapes, and only if five aces top."""
    hands = {1: "Ac Ad Ah As", 2: "2c 3c 4c 5c 6c"}
    plain = position_odds(hands, 1, options=StandardOptions(jokers=1))
    top = position_odds(hands, 1, options=StandardOptions(jokers=1, five_aces_top=True))
    assert plain.unseen == top.unseen == 44
    assert plain.buys[0].escape == 0
    assert top.buys[0].escape == Fraction(1, 44)


def test_five_aces_top_needs_jokers() -> None:
    with pytest.raises(OptionError, match="five-aces-top needs jokers"):
        StandardOptions(five_aces_top=True)
    assert lowest_seat(["X1 Ac Ad Ah As", "2c 3c 4c 5c 6c"], StandardOptions(jokers=1)) == 1
    top = StandardOptions(jokers=1, five_aces_top=True)
    assert lowest_seat(["X1 Ac Ad Ah As", "2c 3c 4c 5c 6c"], top) == 2
