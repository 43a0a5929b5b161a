"""Ricochet Poker hand evaluation (rules/ricochet-poker.md): counts, partial hands, suits,
limits, jokers."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, islice

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printplay.core.cards import Card, parse_cards, standard_deck
from printplay.core.errors import CardError, OptionError, PrintplayError
from printplay.games.poker import (
    CATEGORIES,
    HandLike,
    category,
    category_of,
    compare,
    describe,
    evaluate,
    five_card_strengths,
    strength,
    strength5,
)
from printplay.games.poker.hands import _best_fives, _fast_strength, _key, _solve

DECK = standard_deck()
JOKER_DECK = standard_deck(jokers=2)


def general(cards: Sequence[Card], *, suits: bool = False, limit: int = 5) -> int:
    """The readable evaluator's strength, bypassing the tables."""
    value5, order, extra = _solve(list(cards), limit)
    return _key(value5, order, extra, limit, suits)


def fast(cards: Sequence[Card], *, suits: bool = False, limit: int = 5) -> int:
    return _fast_strength(list(cards), limit, suits)


# --------------------------------------------------------------------------------------------
# All five-card hands

EXPECTED_COUNTS = {
    "high card": 1_302_540,
    "pair": 1_098_240,
    "two pair": 123_552,
    "three of a kind": 54_912,
    "straight": 10_200,
    "flush": 5_108,
    "full house": 3_744,
    "four of a kind": 624,
    "straight flush": 36,
    "royal flush": 4,
}


SAMPLE_STEP = 997
"""The enumeration checked against :func:`strength5` at every this many hands."""


@pytest.fixture(scope="module")
def enumerated() -> tuple[Counter[int], list[int]]:
    """Every five-card hand's strength, enumerated once (it takes about 0.3 s): how many
    hands have each, and the strengths of every :data:`SAMPLE_STEP`-th hand, from the first."""
    counts: Counter[int] = Counter()
    sample: list[int] = []
    strengths = five_card_strengths()
    for block in iter(lambda: tuple(islice(strengths, SAMPLE_STEP)), ()):
        counts.update(block)
        sample.append(block[0])
    return counts, sample


@pytest.fixture(scope="module")
def all_strengths(enumerated: tuple[Counter[int], list[int]]) -> Counter[int]:
    return enumerated[0]


def test_category_counts_over_all_five_card_hands(all_strengths: Counter[int]) -> None:
    assert sum(all_strengths.values()) == 2_598_960
    counts: Counter[str] = Counter()
    for value, n in all_strengths.items():
        counts[category_of(value)] += n
    assert dict(counts) == EXPECTED_COUNTS
    assert list(EXPECTED_COUNTS) == list(CATEGORIES)


def test_distinct_five_card_strengths(all_strengths: Counter[int]) -> None:
    assert len(all_strengths) == 7462
    per_category = Counter(category_of(v) for v in all_strengths)
    assert per_category == {
        "high card": 1277,
        "pair": 2860,
        "two pair": 858,
        "three of a kind": 858,
        "straight": 10,
        "flush": 1277,
        "full house": 156,
        "four of a kind": 156,
        "straight flush": 9,
        "royal flush": 1,
    }


def test_enumeration_order_and_strength5_agree(enumerated: tuple[Counter[int], list[int]]) -> None:
    hands = islice(combinations(range(52), 5), 0, None, SAMPLE_STEP)
    for hand, value in zip(hands, enumerated[1], strict=True):
        assert strength5(*hand) == value


def test_fast_path_agrees_with_readable_evaluator_on_every_strength_class() -> None:
    """One hand of each of the 7,462 classes (plus the first hand of each) by both paths."""
    seen: dict[int, tuple[int, ...]] = {}
    for hand, value in zip(combinations(range(52), 5), five_card_strengths(), strict=True):
        if value not in seen:
            seen[value] = hand
    assert len(seen) == 7462
    for value, indices in seen.items():
        cards = [DECK[i] for i in indices]
        assert general(cards) == value, cards
        assert strength(cards) == value
        assert general(cards, suits=True) == fast(cards, suits=True)


def test_fast_path_agrees_with_readable_evaluator_on_random_hands() -> None:
    rng = random.Random(4)
    for _ in range(3000):
        n = rng.randint(1, 7)
        limit = max(n, rng.choice((5, 6, 7)))
        cards = rng.sample(DECK, n)
        for suits in (False, True):
            assert fast(cards, suits=suits, limit=limit) == general(
                cards, suits=suits, limit=limit
            ), (cards, suits, limit)


def test_the_best_fives_of_a_long_hand_are_found_by_sums_of_rank_keys() -> None:
    """Six or seven cards: the best five-card value and every five that makes it, in the
    order of ``combinations``, as valuing each five on its own gives (flushes, ties)."""
    rng = random.Random(6)
    hands = [parse_cards("Ah Kh Qh Jh 9h 2h 2c"), parse_cards("9s 9d 9h 4c 4d 4s 3s")]
    hands += [rng.sample(DECK, rng.choice((6, 7))) for _ in range(1500)]
    for cards in hands:
        fives = list(combinations(cards, 5))
        value = max(strength(five) for five in fives)
        made = [five for five in fives if strength(five) == value]
        assert _best_fives(cards) == (value, made), cards
    assert len(_best_fives(hands[1])[1]) == 3  # any two of the fours fill the full house


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=7, unique=True), st.booleans())
def test_fast_and_readable_agree(cards: list[Card], suits: bool) -> None:
    assert fast(cards, suits=suits, limit=7) == general(cards, suits=suits, limit=7)
    assert evaluate(cards, limit=7).key(suits=suits) == strength(cards, suits=suits, limit=7)
    if len(cards) <= 5:
        assert fast(cards, suits=suits) == general(cards, suits=suits)


# --------------------------------------------------------------------------------------------
# Partial hands (the rules and their worked example)


def higher(a: str, b: str, *, suits: bool = True, limit: int = 5) -> bool:
    return (
        compare(a, b, suits=suits, limit=limit) > 0 and compare(b, a, suits=suits, limit=limit) < 0
    )


@pytest.mark.parametrize(
    ("high", "low"),
    [
        ("Kd 3c", "Kh"),  # K+3 beats K, whatever the suits
        ("Kc 8c", "Ks 3s"),  # K+8 beats K+3
        ("Ac 8c", "As"),  # A+8 beats A
        ("7s 2h 9c", "8h"),  # 9-7-2 beats 8
        ("2h 2d", "7s 2c 9c"),  # pair of 2s beats 9-7-2
        ("Kd 5h 8d 8s", "7s 2c 9c 2d"),  # pair of 8s beats pair of 2s
        ("Kd", "Jc 9h Qd"),  # Q-J-9 is lower than K
        ("2h 2d 3c", "2s 2c"),  # pair of 2s with a kicker beats the bare pair
        ("Ah Kd", "Ac Qs Jh Td"),  # more cards only count when every rank is equal
        ("2c 2d 2h", "Ac As Kc Kd"),  # three of a kind beats two pair
        ("5c 4d 3h 2s Ac", "Ac As Ad Kc"),  # a straight needs five cards...
        ("6c 5d 4h 3s 2c", "5h 4d 3h 2s Ac"),  # ...and the wheel is the lowest straight
        ("Ac Kc Qc Jc 9c", "Ks Qh Jh Th 9h"),  # flush beats straight
        ("2c 2d 2h 3s 3c", "Ac Kc Qc Jc 9c"),  # full house beats flush
        ("2c 2d 2h 2s", "Ac Ad Ah Ks Kd"),  # four of a kind (even with four cards)
        ("5c 4c 3c 2c Ac", "As Ad Ah Ac Kd"),  # steel wheel beats four aces
        ("Ah Kh Qh Jh Th", "Ks Qs Js Ts 9s"),  # royal flush
        ("Ks Kd 8c 8h 3s", "Kc Kh 8d 8s 2s"),  # two pair: kicker decides
        ("Ks Kd 8c 8h", "Kc Kh 7d 7s Ad"),
    ],
)
def test_order(high: str, low: str) -> None:
    assert higher(high, low)
    assert higher(high, low, suits=False)


def test_worked_example() -> None:
    assert higher("7s 2h 9c", "8h")
    assert higher("8h", "Jc") is False
    assert higher("7s 2h 9c 2d", "Jc")
    assert not higher("Jc 9h Qd", "Kd")
    assert higher("Kd 5h 8d 8s", "7s 2h 9c 2d")
    lowest = min(["Kd 5h 8d 8s", "7s 2h 9c 2d"], key=lambda h: strength(h, suits=True))
    assert lowest == "7s 2h 9c 2d"


def test_categories_of_partial_hands() -> None:
    assert category("Kd") == "high card"
    assert category("Kd Ks") == "pair"
    assert category("Kd Ks 2c 2d") == "two pair"
    assert category("Kd Ks Kc") == "three of a kind"
    assert category("Kd Ks Kc Kh") == "four of a kind"
    assert category("Kd Ks Kc 2h 2c") == "full house"
    assert category("2h 3h 4h 5h") == "high card"
    assert category("2h 3h 4h 5h 7h") == "flush"
    assert category("2h 3h 4h 5h 6h") == "straight flush"
    assert category("Th Jh Qh Kh Ah") == "royal flush"
    assert category("Th Jh Qh Kh Ad") == "straight"
    assert category("Jh Qh Kh Ah 2h") == "flush"  # no wrap-around straights
    assert category("Jh Qd Ks Ah 2c") == "high card"


# --------------------------------------------------------------------------------------------
# Suits


def test_suit_tie_breaks() -> None:
    assert compare("Kd", "Kc") > 0
    assert compare("Ks", "Kh") > 0
    assert compare("Kd", "Kc", suits=False) == 0
    # pairs: the higher suit of each pair first, then the second
    assert compare("8s 8c", "8h 8d") > 0
    assert compare("8h 8c", "8h 8d") < 0
    # groups before kickers: the pair's suits decide before the kicker's
    assert compare("8s 8c 3c", "8h 8d 3s") > 0
    # kickers by rank, not by suit
    assert compare("Kc 8c", "Ks 3s") > 0
    # the wheel reads 5-4-3-2-A: the five decides, not the ace
    assert compare("5s 4c 3c 2c Ac", "5h 4c 3c 2c As") > 0
    # a higher straight reads from its top too
    assert compare("6s 5c 4c 3c 2c", "6h 5s 4s 3s 2s") > 0
    # full house: the three of a kind before the pair
    assert compare("Kc Kd Ks 2c 2d", "Kc Kd Kh 2s 2h") > 0


def test_suits_false_splits() -> None:
    assert compare("Ah Kd 7c", "As Kc 7d", suits=False) == 0
    assert compare("5s 4c 3c 2c Ac", "5h 4c 3d 2c As", suits=False) == 0
    assert compare("Ah Kh 8h 4h 2h", "As Ks 8s 4s 2s", suits=False) == 0
    assert compare("Ah Kh 8h 4h 2h", "As Ks 8s 4s 2s") < 0


def hands(max_size: int = 5, deck: list[Card] = DECK) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(deck), min_size=1, max_size=max_size, unique=True)


@settings(max_examples=300, deadline=None)
@given(hands(deck=JOKER_DECK), hands(deck=JOKER_DECK), st.booleans())
def test_antisymmetry(a: list[Card], b: list[Card], suits: bool) -> None:
    assert compare(a, b, suits=suits) == -compare(b, a, suits=suits)
    assert compare(a, a, suits=suits) == 0


@settings(max_examples=300, deadline=None)
@given(hands(deck=JOKER_DECK), hands(deck=JOKER_DECK), hands(deck=JOKER_DECK), st.booleans())
def test_transitivity(a: list[Card], b: list[Card], c: list[Card], suits: bool) -> None:
    x, y, z = sorted([a, b, c], key=lambda h: strength(h, suits=suits))
    assert compare(x, y, suits=suits) <= 0
    assert compare(y, z, suits=suits) <= 0
    assert compare(x, z, suits=suits) <= 0


@settings(max_examples=300, deadline=None)
@given(hands(max_size=7), hands(max_size=7))
def test_suits_decide_every_tie_between_different_hands(a: list[Card], b: list[Card]) -> None:
    """With suits, two hands tie only if they hold the same cards."""
    tie = compare(a, b, limit=7) == 0
    assert tie == (set(a) == set(b))
    if compare(a, b, suits=False, limit=7) != 0:
        assert compare(a, b, limit=7) == compare(a, b, suits=False, limit=7)


@settings(max_examples=200, deadline=None)
@given(hands(max_size=4), st.data())
def test_adding_a_card_never_lowers_a_hand(a: list[Card], data: st.DataObject) -> None:
    extra = data.draw(st.sampled_from([c for c in DECK if c not in a]))
    assert compare([*a, extra], a, suits=False) > 0


def test_card_forms_and_order_do_not_matter() -> None:
    forms: list[HandLike] = [
        "Th 9h 2c",
        "10h 9h 2c",
        "T♥ 9♥ 2♣",
        ["2c", "Th", "9h"],
        parse_cards("9h 2c th"),
    ]
    values = {strength(f, suits=True) for f in forms}
    assert len(values) == 1


# --------------------------------------------------------------------------------------------
# Hand limits 6 and 7


def test_six_and_seven_card_hands() -> None:
    assert category("2c 3d 4h 5s 6c Kd", limit=6) == "straight"
    assert category("Ac Kc Qc Jc Tc 2d 3d", limit=7) == "royal flush"
    assert category("Kh Kd Ks 2c 2d 2h 9s", limit=7) == "full house"
    # the best five decide first
    assert higher("2c 2d 2h 7s 9d Kc", "Ac Ad Kh Ks Qd Jc", limit=6)
    # then the remaining cards as kickers, high to low
    assert higher("Ac Ad Kh Ks Qd Jc", "Ah As Kc Kd Qh 9c", limit=6)
    assert higher("Ac Ad Kh Ks Qd 3c 2c", "Ah As Kc Kd Qh 3d", limit=7)
    # with equal cards, the hand with more cards is higher (here 7 beats 6 beats 5)
    assert higher("Ac Ad Kh Ks Qd Jc Jh", "Ah As Kc Kd Qh Jd", limit=7, suits=False)
    assert higher("9c 8d 6h 5s 3c 2d", "9d 8h 6c 5d 3h", limit=7, suits=False)
    # a six-card straight uses its top five; the low card is a kicker
    assert higher("7c 6d 5h 4s 3c 2d", "7d 6h 5c 4d 3h", limit=6, suits=False)
    # hands of five or fewer are valued the same way under every limit
    assert compare("Kd 3c", "Kh", limit=7) > 0
    assert describe("Ac Ad Kh Ks Qd 3c 2c", limit=7) == (
        "two pair, aces and kings, queen kicker, plus three-two"
    )
    assert evaluate("Ac Ad Kh Ks Qd 3c 2c", limit=7).ranks == (14, 13, 12, 3, 2)


def test_seven_card_suits_use_best_five_then_leftovers() -> None:
    a = "Ac Ad Kh Ks Qd 3c 2s"
    b = "Ah As Kc Kd Qc 3h 2c"
    assert compare(a, b, suits=False, limit=7) == 0
    assert compare(a, b, limit=7) < 0  # aces: (d, c) against (s, h)


def test_limits_reject_too_many_cards() -> None:
    with pytest.raises(CardError, match="at most 5 cards, not 6"):
        strength("2c 3d 4h 5s 6c Kd")
    with pytest.raises(CardError, match="at most 6 cards, not 7"):
        compare("2c 3d 4h 5s 6c Kd Ks", "2d", limit=6)
    with pytest.raises(OptionError, match="5, 6 or 7"):
        strength("2c", limit=8)


# --------------------------------------------------------------------------------------------
# Jokers as bugs


def test_joker_alone_is_an_ace() -> None:
    assert category("X1") == "high card"
    assert compare("X1", "As", suits=False) == 0
    assert compare("X1", "Kc") > 0
    assert compare("X1", "Ac") < 0  # with suits a joker is below clubs
    assert describe("X2") == "ace high (Joker as an ace)"


def test_joker_pairs_an_ace_and_no_other_card() -> None:
    assert category("X1 Ad") == "pair"
    assert compare("X1 Ad", "Ac As", suits=False) == 0
    assert category("X1 Kd") == "high card"
    assert compare("X1 Kd", "Ac Kh", suits=False) == 0
    assert category("X1 X2") == "pair"
    assert category("X1 X2 As") == "three of a kind"
    assert category("X1 Kd Ks") == "pair"  # kings with an ace kicker, not three kings
    assert compare("X1 Kd Ks", "Kc Kh Ac", suits=False) == 0


def test_joker_completes_a_flush() -> None:
    assert category("X1 2h 7h 9h Jh") == "flush"
    assert compare("X1 2h 7h 9h Jh", "Ad 2d 7d 9d Jd", suits=False) == 0
    # the ace of hearts is held: the joker becomes the king
    assert compare("X1 Ah 7h 9h Jh", "Ad Kd 7d 9d Jd", suits=False) == 0
    assert describe("X1 Ah 7h 9h Jh") == (
        "flush, ace-king-jack-nine-seven (Joker as the king of hearts)"
    )


def test_joker_completes_a_straight() -> None:
    assert category("X1 2c 3d 4h 5s") == "straight"
    assert compare("X1 2c 3d 4h 5s", "6c 2c 3d 4h 5s", suits=False) == 0  # the six, not the ace
    assert category("X1 2c 3d 4h 6s") == "straight"
    assert category("X1 Kc Qd Jh Ts") == "straight"
    assert category("X1 X2 Kc Qd 9h") == "straight"
    assert category("X1 Kc Qc Jc 9c") == "straight flush"
    assert category("X1 Kc Qc Jc Tc") == "royal flush"
    assert category("X1 Ac Kc Qc Jc") == "royal flush"
    assert category("X1 2c 3c 4c 5c") == "straight flush"
    assert compare("X1 2c 3c 4c 5c", "6d 2d 3d 4d 5d", suits=False) == 0


def test_joker_prefers_the_best_value() -> None:
    assert category("X1 Ac Ad Kc Ks") == "full house"  # aces full of kings
    assert category("X1 Ac Ad Ah Ks") == "four of a kind"
    assert category("X1 Ac Ad Ah As") == "four of a kind"  # five aces: four with an ace kicker
    assert compare("X1 Ac Ad Ah As", "Kc Ac Ad Ah As", suits=False) > 0
    assert compare("X1 Ac Ad Ah As", "9c Tc Jc Qc Kc", suits=False) < 0
    # a pair of aces beats what the straight draw could not make
    assert category("X1 Ac 3d 4h 9s") == "pair"


def test_jokers_with_limits_and_fast_paths() -> None:
    assert category("X1 2c 3d 4h 5s Kd", limit=6) == "straight"
    assert compare("X1 2c 3d 4h 5s Kd", "6s 2c 3d 4h 5s Kd", limit=6, suits=False) == 0
    assert category("X1 X2 2c 3d 9h Kd Qs", limit=7) == "straight"  # nine to king
    assert category("X1 X2 2c 3d 9h Kd Qd", limit=7) == "flush"  # beats the straight
    assert compare("X1 X2", "X2 X1") == 0


@settings(max_examples=200, deadline=None)
@given(hands(deck=JOKER_DECK))
def test_a_joker_is_never_worse_than_an_ace(cards: list[Card]) -> None:
    jokers = [c for c in cards if c.is_joker]
    aces = [c for c in DECK if c.rank == 1 and c not in cards]
    if not jokers or len(aces) < len(jokers):
        return
    swap = dict(zip(jokers, aces, strict=False))
    assert compare(cards, [swap.get(c, c) for c in cards], suits=False) >= 0


# --------------------------------------------------------------------------------------------
# Five aces: four Aces and a joker, by default and under the option five-aces-top


def test_five_aces_by_default_are_four_aces_below_a_straight_flush() -> None:
    five = "X1 Ac Ad Ah As"
    assert category(five) == "four of a kind"
    assert describe(five) == "four aces, ace kicker (Joker as an ace)"
    assert compare(five, "6c 5c 4c 3c 2c", suits=False) < 0
    assert compare(five, "Ac Ad Ah As Kd", suits=False) > 0


@pytest.mark.parametrize("hand", ["X1 Ac Ad Ah As", "X1 X2 Ac Ad Ah"])
def test_five_aces_top_the_royal_flush_under_the_option(hand: str) -> None:
    assert category(hand, five_aces=True) == "five aces"
    assert describe(hand, five_aces=True).startswith("five aces (Joker")
    for other in ("Ah Kh Qh Jh Th", "6c 5c 4c 3c 2c", "X2 Ks Kd Kh Kc"):
        if set(other.split()) & set(hand.split()):
            continue
        assert compare(hand, other, suits=False, five_aces=True) > 0
        assert compare(hand, other, five_aces=True) > 0
    assert category_of(strength(hand, five_aces=True)) == "five aces"


def test_five_aces_in_longer_hands_keep_their_kickers() -> None:
    assert describe("X1 Ac Ad Ah As Kd", limit=6, five_aces=True) == (
        "five aces, plus king (Joker as an ace)"
    )
    higher, lower = "X1 Ac Ad Ah As Kd", "X1 Ac Ad Ah As Qd"
    assert compare(higher, lower, suits=False, limit=6, five_aces=True) > 0
    assert compare("X1 Ac Ad Ah As", higher, suits=False, limit=6, five_aces=True) < 0


@settings(max_examples=300, deadline=None)
@given(hands(deck=JOKER_DECK), hands(deck=JOKER_DECK))
def test_the_option_changes_only_five_aces(a: list[Card], b: list[Card]) -> None:
    """Hands without five aces compare the same way under both readings."""
    if set(a) & set(b):
        return
    if "five aces" in (category(a, five_aces=True), category(b, five_aces=True)):
        return
    for suits in (False, True):
        assert compare(a, b, suits=suits) == compare(a, b, suits=suits, five_aces=True)


# --------------------------------------------------------------------------------------------
# Words


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        ("Kd", "king high"),
        ("9s 7h 2c", "nine-seven-two"),
        ("Qh 9c Jd", "queen-jack-nine"),
        ("8h 8s", "pair of eights"),
        ("8h 8s Kc", "pair of eights, king kicker"),
        ("8h 8s Kc 3d 2h", "pair of eights, king-three-two kickers"),
        ("6h 6s 6c", "three sixes"),
        ("6h 6s 6c Ad", "three sixes, ace kicker"),
        ("Ks Kd 8c 8h", "two pair, kings and eights"),
        ("Ks Kd Kc 8h 8d", "full house, kings full of eights"),
        ("Qs Qd Qc Qh 2d", "four queens, two kicker"),
        ("5c 4d 3h 2s Ac", "straight, five high"),
        ("9h 8h 7h 6h 5h", "straight flush, nine high"),
        ("Ah Kh Qh Jh Th", "royal flush"),
        ("Ah Jh 8h 4h 2h", "flush, ace-jack-eight-four-two"),
        ("X1 2c 3d 4h 5s", "straight, six high (Joker as a six)"),
    ],
)
def test_describe(hand: str, words: str) -> None:
    assert describe(hand) == words


# --------------------------------------------------------------------------------------------
# Bad input


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("", "at least one card"),
        ([], "at least one card"),
        ("Kd 1h", "unknown card '1h'"),
        ("Kd Zz", "unknown card"),
        ("Kd Qs Kd", "card Kd appears twice"),
        (["Kd", Card.parse("kd")], "card Kd appears twice"),
        ("X1 x1", "card X1 appears twice"),
        ("2c 3c 4c 5c 6c 7c", "at most 5 cards, not 6"),
        ([12], "not a card: 12"),
        (Card.parse("Kd"), "not a single card"),
        (42, "not a hand"),
    ],
)
def test_bad_input(hand: object, message: str) -> None:
    for call in (
        lambda: compare(hand, "2c"),  # type: ignore[arg-type]
        lambda: compare("2c", hand),  # type: ignore[arg-type]
        lambda: category(hand),  # type: ignore[arg-type]
        lambda: strength(hand),  # type: ignore[arg-type]
        lambda: describe(hand),  # type: ignore[arg-type]
    ):
        with pytest.raises(CardError, match=message) as info:
            call()
        assert isinstance(info.value, PrintplayError)
        assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("hand", "limit", "words"),
    [
        ("X1 X2", 5, "pair of aces (Jokers as aces)"),
        ("X1 X2 Ac Ad Ah", 5, "four aces, ace kicker (Jokers as aces)"),
        ("X1 X2 5c 6d 7h", 5, "straight, nine high (Jokers as a nine and an eight)"),
        ("X1 X2 9h Th Jh", 5, "straight flush, king high (Jokers as the king and queen of hearts)"),
        ("Ah Kh Qh Jh X1 X2", 6, "royal flush, plus ace (Jokers as the ten of hearts and an ace)"),
        ("X1 As", 5, "pair of aces (Joker as an ace)"),
    ],
)
def test_two_jokers_are_described_together(hand: str, limit: int, words: str) -> None:
    assert describe(hand, limit=limit) == words
