"""Casino Ricochet Poker engine (rules/ricochet-poker.md): every ruling, by stacked decks."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printplay.core.cards import Card
from printplay.core.errors import DealError, MoveError, OptionError, PrintplayError
from printplay.core.options import parse_options
from printplay.games.poker import compare, strength
from printplay.games.poker.casino import (
    BONUSES,
    DEALER,
    KICKOUT_RULES,
    AntesPaid,
    BonusPaid,
    Bought,
    Buy,
    CasinoOptions,
    CasinoState,
    Dealt,
    Fold,
    Folded,
    FreeCards,
    KickoutCheck,
    KnockedOut,
    PotAwarded,
    action_from_json,
    bonus_for,
    deal_round,
    is_kicked_out,
    kickout_rule,
    parse_actions,
    play_script,
)
from printplay.games.poker.dealing import poker_deck


def stacked(*seats: str, dealer: str, then: str = "") -> list[Card]:
    """A deck dealt as the rules say: seats' first cards, seats' second cards, dealer, rest."""
    hands = [s.split() for s in seats]
    top = [h[0] for h in hands] + [h[1] for h in hands] + dealer.split() + then.split()
    return poker_deck(top=" ".join(top))


def one_line(error: PrintplayError) -> bool:
    return "\n" not in str(error) and bool(str(error))


def check_accounts(state: CasinoState) -> None:
    """Chip accounting at the end of a round."""
    assert state.is_over
    staked = sum(p.paid for p in state.players) + state.dealer.paid
    assert sum(p.won for p in state.players) + state.dealer.won == staked
    assert state.pot == 0  # paid out
    awarded = [e for e in state.events if isinstance(e, PotAwarded)]
    assert len(awarded) == 1 and awarded[0].pot == staked
    assert state.house_net == -sum(p.net for p in state.players)


# --------------------------------------------------------------------------------------------
# Options


def test_options_defaults_and_parsing() -> None:
    assert CasinoOptions() == CasinoOptions(players=1, home_cap=False)
    options = parse_options(CasinoOptions, ["players=4, home-cap"])
    assert options.players == 4 and options.home_cap
    assert options.kickout.short == "AAxx"
    assert options.cards_needed == 25


@pytest.mark.parametrize("text", ["players=0", "players=8", "players=x", "players", "cap"])
def test_bad_options_are_one_line_errors(text: str) -> None:
    with pytest.raises(OptionError) as info:
        parse_options(CasinoOptions, [text])
    assert one_line(info.value)


@pytest.mark.parametrize("players", [0, 8, -1, 2.5, True])
def test_bad_players_in_the_dataclass(players: object) -> None:
    with pytest.raises(OptionError) as info:
        CasinoOptions(players=players)  # type: ignore[arg-type]
    assert one_line(info.value)
    with pytest.raises(OptionError):
        kickout_rule(players)  # type: ignore[arg-type]


def test_bad_home_cap_in_the_dataclass() -> None:
    with pytest.raises(OptionError, match="on or off"):
        CasinoOptions(home_cap="yes")  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------
# Kickout thresholds: partial hands compared with suits ignored


@pytest.mark.parametrize(
    ("players", "dealer", "kicked"),
    [
        (1, "Kh Ks Qd 3c 2s", True),  # KKQ32: a pair of kings with a queen, more cards
        (1, "Kh Ks Ad 3c 2s", True),
        (1, "Kh Ks Jd 9c 8s", False),  # KKJ stays
        (1, "Qh Qs Ad Kc 2s", False),
        (2, "Ah As Qd 3c 2s", True),
        (2, "Ah As Jd 9c 8s", False),
        (2, "Kh Ks Qd 3c 2s", False),
        (3, "Th Ts 2d 2c 3s", True),  # TT22 is tens up
        (3, "Jh Js 3d 3c 2s", True),
        (3, "9h 9s 8d 8c As", False),  # 99 88: nines up stays
        (3, "Ah As Kd Qc Js", False),
        (4, "Ah As 2d 2c 3s", True),
        (4, "Kh Ks Qd Qc As", False),
        (5, "2h 2s 2d 3c 4s", True),
        (5, "Ah As Kd Kc Qs", False),
        (6, "Qh Qs Qd 2c 3s", True),
        (6, "Jh Js Jd Ac Ks", False),
        (6, "5h 6s 7d 8c 9s", True),
        (7, "Ah 2s 3d 4c 5s", True),  # the wheel is a straight
        (7, "Ah As Ad Kc Qs", False),
        (7, "2h 7h 9h Jh Kh", True),
    ],
)
def test_kickout_boundaries(players: int, dealer: str, kicked: bool) -> None:
    assert is_kicked_out(dealer, players) is kicked
    rule = KICKOUT_RULES[players]
    assert (compare(dealer, rule.threshold, suits=False) >= 0) is kicked
    assert (strength(dealer) >= rule.strength) is kicked
    used = set(dealer.split())
    spare = [c.code for c in poker_deck(seed=players) if c.code not in used]
    seats = [f"{spare[2 * i]} {spare[2 * i + 1]}" for i in range(players)]
    state = deal_round(CasinoOptions(players=players), stacked(*seats, dealer=dealer))
    assert (state.dealer.status == "kicked out") is kicked
    check = next(e for e in state.events if isinstance(e, KickoutCheck))
    assert check.kicked_out is kicked
    assert ("folds" in check.describe_event()) is kicked


def test_kickout_table_matches_rules() -> None:
    assert [KICKOUT_RULES[n].short for n in range(1, 8)] == [
        "KKQ",
        "AAQ",
        "TTxx",
        "AAxx",
        "trips",
        "QQQ",
        "straight",
    ]
    # thresholds rise with the number of players
    values = [KICKOUT_RULES[n].strength for n in range(1, 8)]
    assert values == sorted(values)


# --------------------------------------------------------------------------------------------
# Deal, antes and acting order


def test_deal_order_seats_then_again_then_dealer() -> None:
    deck = poker_deck(top="As Ks Qs Js Ts 9s 2c 3d 4h 5s 7c 8d")
    state = deal_round(CasinoOptions(players=3), deck)
    assert [p.cards_text for p in state.players] == ["As Js", "Ks Ts", "Qs 9s"]
    assert " ".join(c.code for c in state.dealer.cards) == "2c 3d 4h 5s 7c"
    assert state.stock[0].code == "8d"
    assert state.pot == 4
    assert all(p.paid == 1 for p in state.players) and state.dealer.paid == 1
    assert isinstance(state.events[0], AntesPaid) and state.events[0].pot == 4
    dealt = [e for e in state.events if isinstance(e, Dealt)]
    assert [e.seat for e in dealt] == [1, 2, 3, DEALER]


def test_acting_order_lowest_first_suits_break_ties() -> None:
    # seat 1 K♥3♣, seat 2 K♣3♥: the king decides by suit, clubs lowest: seat 2 acts first
    state = deal_round(
        CasinoOptions(players=3), stacked("Kh 3c", "Kc 3h", "4d 4s", dealer="9c 7d 5h 3s 2d")
    )
    assert state.order == (2, 1, 3)
    assert state.to_act == 2


def test_equal_two_card_hands_by_suit_when_paired() -> None:
    state = deal_round(CasinoOptions(players=2), stacked("8s 8c", "8h 8d", dealer="9c 7d 5h 3s 2d"))
    assert state.order == (2, 1)  # 8♥8♦ below 8♠8♣


# --------------------------------------------------------------------------------------------
# Play against the dealer (one player)


def test_buy_pays_one_and_takes_exactly_three_cards() -> None:
    deck = stacked("7c 2d", dealer="Qs Qh 9d 5c 3h", then="4s 8h Jc")
    state = deal_round(CasinoOptions(), deck)
    end = state.apply(Buy())
    player = end.player(1)
    assert player.cards_text == "7c 2d 4s 8h Jc"
    assert player.paid == 2 and end.pot == 0 and end.max_buy == 0
    assert state.max_buy == 3
    assert player.status == "out" and end.dealer.status == "won"
    assert end.dealer.won == 3 and player.net == -2 and end.house_net == 2
    bought = next(e for e in end.events if isinstance(e, Bought))
    assert bought.pot == 3 and [c.code for c in bought.cards] == ["4s", "8h", "Jc"]
    out = next(e for e in end.events if isinstance(e, KnockedOut))
    assert out.seat == 1 and out.by == DEALER
    check_accounts(end)


def test_player_beats_dealer_takes_pot() -> None:
    deck = stacked("Kd 9c", dealer="8h 8s 5d 3c 2h", then="Ks Kh 4s")
    end = deal_round(CasinoOptions(), deck).apply(Buy())
    assert end.dealer.status == "out" and end.player(1).status == "won"
    assert end.player(1).won == 3 and end.player(1).net == 1
    assert end.events[-1] == PotAwarded(3, ((1, 3),), "three kings, nine-four kickers")
    check_accounts(end)


def test_fold_leaves_the_pot_to_the_dealer() -> None:
    end = deal_round(CasinoOptions(), stacked("7c 2d", dealer="Qs Qh 9d 5c 3h")).apply(Fold())
    assert end.player(1).status == "folded" and end.player(1).net == -1
    assert end.dealer.status == "won" and end.dealer.won == 2 and end.house_net == 1
    assert isinstance(end.events[-2], Folded)
    check_accounts(end)


def test_kicked_out_dealer_one_player_wins_with_two_and_free_cards() -> None:
    deck = stacked("9h Th", dealer="Ks Kd Qc 3c 2s", then="Jd Qh 8c")
    state = deal_round(CasinoOptions(), deck)
    assert state.is_over and state.to_act is None
    player = state.player(1)
    assert player.cards_text == "9h Th Jd Qh 8c" and player.paid == 1
    assert player.status == "won" and player.won == 2 and player.bonus == 2
    assert player.net == 3 and state.dealer.won == 0 and state.house_net == -3
    free = next(e for e in state.events if isinstance(e, FreeCards))
    assert free.seat == 1 and "free" in free.describe_event()
    assert state.legal_actions() == []
    check_accounts(state)


def test_split_with_the_dealer_odd_chip_by_suit() -> None:
    # K-9-7-5-3 against K-9-7-5-3: pot 3 split 1 + 1, odd chip to the higher by suits
    deck = stacked("Kc 9d", dealer="Ks 9s 7h 5d 3c", then="7c 5h 3d")
    end = deal_round(CasinoOptions(), deck).apply(Buy())
    assert end.dealer.status == "won" and end.player(1).status == "won"
    assert end.dealer.won == 2 and end.player(1).won == 1  # K♠ beats K♣ for the odd chip
    award = end.events[-1]
    assert isinstance(award, PotAwarded) and "odd chip" in award.describe_event()
    check_accounts(end)
    deck = stacked("Ks 9s", dealer="Kc 9d 7h 5d 3c", then="7c 5h 3d")
    end = deal_round(CasinoOptions(), deck).apply(Buy())
    assert end.player(1).won == 2 and end.dealer.won == 1 and end.player(1).net == 0
    check_accounts(end)


# --------------------------------------------------------------------------------------------
# Several players


def test_three_way_split_dealer_included() -> None:
    deck = stacked("Kd 9d", "Kh 9h", dealer="Kc 9c 7c 5d 3d", then="7h 5h 3h 7s 5s 3s")
    state = deal_round(CasinoOptions(players=2), deck)
    assert state.order == (1, 2)
    end = play_script(CasinoOptions(players=2), deck, "buy; buy")
    assert [p.status for p in end.players] == ["won", "won"] and end.dealer.status == "won"
    assert [p.won for p in end.players] == [2, 2] and end.dealer.won == 1  # 5 = 1+1+1, +2 odd
    assert [p.net for p in end.players] == [0, 0] and end.house_net == 0
    check_accounts(end)


def test_equal_hands_stay_in_until_beaten() -> None:
    # seat 2 ties the dealer (both stay in), seat 1 then beats both
    deck = stacked("Ad Kd", "Kc 9h", dealer="Ks 9s 7h 5d 3c", then="7c 5h 3d As Ah 2c")
    state = deal_round(CasinoOptions(players=2), deck)
    assert state.order == (2, 1)
    middle = state.apply(Buy())
    assert middle.player(2).status == "in" and middle.dealer.status == "in"
    assert middle.to_act == 1 and len(middle.standing()) == 2
    end = middle.apply(Buy())
    assert end.player(2).status == "out" and end.dealer.status == "out"
    assert end.player(1).won == 5
    outs = [e for e in end.events if isinstance(e, KnockedOut)]
    assert {e.seat for e in outs} == {DEALER, 2} and all(e.by == 1 for e in outs)
    check_accounts(end)


def test_lower_five_card_hand_out_while_others_wait() -> None:
    deck = stacked("Ad Kd", "7c 2d", dealer="Qs Qh 9d 5c 3h", then="4s 8h Jc")
    state = deal_round(CasinoOptions(players=2), deck).apply(Buy())
    assert state.player(2).status == "out" and state.to_act == 1  # seat 1 still acts
    end = state.apply(Fold())
    assert end.dealer.status == "won" and end.dealer.won == 4
    check_accounts(end)


def test_all_players_fold_dealer_takes_the_pot() -> None:
    deck = stacked("Ad Kd", "7c 2d", "3c 4d", dealer="Qs Qh 9d 5c 3h")
    end = play_script(CasinoOptions(players=3), deck, "fold, fold, fold")
    assert end.dealer.won == 4 and all(p.status == "folded" for p in end.players)
    assert end.house_net == 3
    check_accounts(end)


def test_kicked_out_dealer_all_but_one_fold_last_wins_with_two() -> None:
    deck = stacked("Kh 9c", "7d 4s", dealer="As Ad Qh 5c 2c", then="Kd Ks 9h")
    state = deal_round(CasinoOptions(players=2), deck)
    assert state.dealer.status == "kicked out" and state.to_act == 2
    end = state.apply(Fold())
    winner = end.player(1)
    assert winner.cards_text == "Kh 9c Kd Ks 9h" and winner.paid == 1
    assert winner.won == 3 and winner.bonus == 10 and winner.net == 12
    assert end.player(2).net == -1 and end.player(2).bonus == 0
    assert end.house_net == -11
    check_accounts(end)


def test_kicked_out_dealer_three_players_two_fold() -> None:
    deck = stacked("Kh 9c", "7d 4s", "8d 5s", dealer="As Ad Tc Th 2c", then="2d 3d 4d")
    state = deal_round(CasinoOptions(players=3), deck)
    assert state.dealer.status == "kicked out" and state.order == (2, 3, 1)
    end = play_script(CasinoOptions(players=3), deck, "fold; fold")
    assert end.player(1).status == "won" and end.player(1).won == 4
    assert len(end.player(1).cards) == 5
    check_accounts(end)


def test_kicked_out_dealer_buyer_then_folds_wins_with_five() -> None:
    deck = stacked("Kh 9c", "7d 4s", dealer="As Ad Qh 5c 2c", then="2d 3d 6c")
    end = play_script(CasinoOptions(players=2), deck, "buy; fold")
    assert end.player(2).status == "won" and end.player(2).won == 4
    assert end.player(2).cards_text == "7d 4s 2d 3d 6c"
    assert not any(isinstance(e, FreeCards) for e in end.events)
    check_accounts(end)


def test_bonus_paid_even_when_the_pot_is_lost() -> None:
    # seat 2 (lower) makes a straight, seat 1 a flush that beats it
    deck = stacked("Ah 9h", "8c 7d", dealer="Qs Qd 9d 5c 3s", then="6s 5d 4h 2h 3h 8h")
    end = play_script(CasinoOptions(players=2), deck, "buy; buy")
    assert end.player(2).status == "out" and end.player(2).bonus == 2
    assert end.player(1).status == "won" and end.player(1).bonus == 5
    assert end.player(2).net == 0 and end.player(1).won == 5
    bonuses = [e for e in end.events if isinstance(e, BonusPaid)]
    assert [(e.seat, e.category, e.amount) for e in bonuses] == [
        (1, "flush", 5),
        (2, "straight", 2),
    ]
    check_accounts(end)


def test_folded_player_gets_no_bonus() -> None:
    deck = stacked("Ah Kh", "7c 2d", dealer="Qs Qd 9d 5c 3s", then="Qh Jh Th")
    end = play_script(CasinoOptions(players=2), deck, "buy; fold")
    assert end.player(1).status == "folded" and end.player(1).bonus == 0
    assert len(end.player(1).cards) == 2


@pytest.mark.parametrize(("home_cap", "paid"), [(False, 1000), (True, 10)])
def test_royal_flush_bonus_and_home_cap(home_cap: bool, paid: int) -> None:
    deck = stacked("Ah Kh", dealer="Qs Qd 9d 5c 3s", then="Qh Jh Th")
    end = deal_round(CasinoOptions(home_cap=home_cap), deck).apply(Buy())
    assert end.player(1).bonus == paid and end.player(1).net == 1 + paid
    event = next(e for e in end.events if isinstance(e, BonusPaid))
    assert event.full == 1000 and event.amount == paid
    assert ("capped" in event.describe_event()) is home_cap
    check_accounts(end)


@pytest.mark.parametrize(
    ("hand", "name"),
    [
        ("5c 4d 3h 2s Ac", "straight"),
        ("2h 7h 9h Jh Kh", "flush"),
        ("Kh Kd 8c 8s 8d", "full house"),
        ("8h 8d 8c 8s 2d", "four of a kind"),
        ("5h 6h 7h 8h 9h", "straight flush"),
        ("Ts Js Qs Ks As", "royal flush"),
        ("As Ad Ac Kd Kc", "full house"),
        ("As Ad Ac Kd Qc", "three of a kind"),
    ],
)
def test_bonus_table(hand: str, name: str) -> None:
    assert bonus_for(hand) == (name, BONUSES.get(name, 0))
    assert bonus_for(hand, home_cap=True)[1] == min(BONUSES.get(name, 0), 10)


# --------------------------------------------------------------------------------------------
# Actions, scripts and errors


def test_parse_actions() -> None:
    assert parse_actions("buy; fold, buy") == [Buy(), Fold(), Buy()]
    assert parse_actions(" BUY ;f;") == [Buy(), Fold()]
    assert parse_actions("") == []
    with pytest.raises(MoveError) as info:
        parse_actions("buy; raise 3")
    assert "raise 3" in str(info.value) and "action 2" in str(info.value)
    assert one_line(info.value)


def test_actions_json_round_trip() -> None:
    for action in (Buy(), Fold()):
        assert action_from_json(action.to_json()) == action
    with pytest.raises(MoveError):
        action_from_json({"type": "buy", "cards": 2})
    with pytest.raises(MoveError):
        action_from_json({"type": "check"})


def test_apply_after_the_end_and_leftovers() -> None:
    deck = stacked("7c 2d", dealer="Qs Qh 9d 5c 3h")
    end = deal_round(CasinoOptions(), deck).apply(Fold())
    with pytest.raises(MoveError) as info:
        end.apply(Buy())
    assert "over" in str(info.value) and one_line(info.value)
    with pytest.raises(MoveError) as info:
        play_script(CasinoOptions(), deck, "fold; buy; fold")
    message = str(info.value)
    assert "after 1 action" in message and "2 actions left over: buy, fold" in message
    with pytest.raises(MoveError):
        deal_round(CasinoOptions(), deck).apply("buy")  # type: ignore[arg-type]


def test_script_stops_when_actions_run_out() -> None:
    deck = stacked("Ad Kd", "7c 2d", dealer="Qs Qh 9d 5c 3h")
    state = play_script(CasinoOptions(players=2), deck, "fold")
    assert not state.is_over and state.to_act == 1
    assert state.legal_actions() == [Fold(), Buy()]


def test_bad_decks() -> None:
    with pytest.raises(DealError) as info:
        deal_round(CasinoOptions(), poker_deck(seed=1)[:9])
    assert "10" in str(info.value)
    with pytest.raises(DealError) as info:
        deal_round(CasinoOptions(), poker_deck(seed=1, jokers=2))
    assert "joker" in str(info.value)
    with pytest.raises(DealError):
        deal_round(CasinoOptions(), "As Ks As 2c 3c 4c 5c 6c 7c 8c")
    with pytest.raises(DealError) as info:
        deal_round(CasinoOptions(players=7), poker_deck(seed=1)[:39])
    assert "40" in str(info.value) and one_line(info.value)
    with pytest.raises(MoveError):
        deal_round(CasinoOptions(), poker_deck(seed=1)).player(2)


def test_json_shape_and_event_words() -> None:
    deck = stacked("Ah 9h", "8c 7d", dealer="Qs Qd 9d 5c 3s", then="6s 5d 4h 2h 3h 8h")
    end = play_script(CasinoOptions(players=2), deck, "buy; buy")
    data = json.loads(json.dumps(end.to_json()))
    assert {"players", "dealer", "pot", "to_act", "events", "options", "house_net"} <= set(data)
    first = data["players"][0]
    assert {"seat", "cards", "status", "paid", "won", "bonus", "net"} <= set(first)
    assert first == {
        "seat": 1,
        "cards": ["Ah", "9h", "2h", "3h", "8h"],
        "hand": "flush, ace-nine-eight-three-two",
        "status": "won",
        "paid": 2,
        "won": 5,
        "bonus": 5,
        "net": 8,
    }
    assert data["dealer"]["status"] == "out" and data["to_act"] is None
    assert data["options"] == {"players": 2, "home_cap": False}
    assert all("type" in e for e in data["events"])
    words = end.describe().splitlines()
    assert len(words) == len(end.events)
    assert words[0] == "2 players and the dealer ante 1 each: the pot is 3"
    assert "Seat 2 pays 1 (pot 4) and buys 6♠ 5♦ 4♥: straight, eight high" in words


# --------------------------------------------------------------------------------------------
# Random rounds


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(min_value=1, max_value=2**40),
    players=st.integers(min_value=1, max_value=7),
    home_cap=st.booleans(),
    choices=st.lists(st.booleans(), min_size=7, max_size=7),
)
def test_random_rounds(seed: int, players: int, home_cap: bool, choices: list[bool]) -> None:
    options = CasinoOptions(players=players, home_cap=home_cap)
    state = deal_round(options, poker_deck(seed=seed))
    acted: list[int] = []
    steps = 0
    while not state.is_over:
        assert state.to_act is not None and state.to_act not in acted
        assert state.player(state.to_act).waiting
        acted.append(state.to_act)
        state = state.apply(Buy() if choices[steps] else Fold())
        steps += 1
        assert steps <= players
    check_accounts(state)
    buys = sum(p.paid == 2 for p in state.players)
    pot = next(e.pot for e in state.events if isinstance(e, PotAwarded))
    assert pot == players + 1 + buys
    free = [e.seat for e in state.events if isinstance(e, FreeCards)]
    assert len(free) <= 1
    winners = [p for p in state.players if p.status == "won"]
    assert winners or state.dealer.status == "won"
    for p in state.players:
        assert p.status in ("folded", "out", "won")
        if p.status == "folded":
            assert len(p.cards) == 2 and p.paid == 1 and p.won == 0 and p.bonus == 0
        else:
            assert len(p.cards) == 5
            assert p.paid == (1 if p.seat in free else 2)
            amount = bonus_for(p.cards, home_cap=home_cap)[1]
            assert p.bonus == amount
        assert (p.won > 0) == (p.status == "won")
    assert state.dealer.status in ("kicked out", "out", "won")
    assert (state.dealer.status == "kicked out") == is_kicked_out(state.dealer.cards, players)
    assert (state.dealer.won > 0) == (state.dealer.status == "won")
    # the winners' hands are equal and no five-card hand that was compared beats them
    if not free:
        hands = [p.cards for p in winners]
        if state.dealer.status == "won":
            hands.append(state.dealer.cards)
        top = strength(hands[0])
        assert all(strength(h) == top for h in hands)
        compared = [p.cards for p in state.players if p.status == "out"]
        if state.dealer.status != "kicked out":
            compared.append(state.dealer.cards)
        assert all(strength(h) <= top for h in compared)
    shares = sorted(p.won for p in winners) + ([state.dealer.won] if state.dealer.won else [])
    assert max(shares) - min(shares) <= 1
