"""Casino Ricochet Poker: exact EVs, the basic-strategy table and the house-edge simulation."""

from __future__ import annotations

import json
import random
import time
from itertools import combinations

import pytest

from printplay.analysis.poker_edge import (
    EdgeResult,
    deck_indices,
    house_edge,
    simulate_round,
)
from printplay.core.cards import Card, parse_cards
from printplay.core.errors import CardError, DealError, MoveError, OptionError
from printplay.games.poker import strength, strength5
from printplay.games.poker.casino import (
    KICKOUT_RULES,
    Buy,
    CasinoOptions,
    Fold,
    bonus_for,
    deal_round,
    play_out,
    play_script,
)
from printplay.games.poker.completions import bonus_of_strength, completion_strengths
from printplay.games.poker.dealing import poker_deck
from printplay.games.poker.ev import BuyFoldEV, best_action, buy_fold_ev, state_ev
from printplay.games.poker.strategy_build import compute_cell
from printplay.games.poker.strategy_data import is_possible, load_strategy
from printplay.games.poker.strategy_groups import (
    PLAYER_CLASSES,
    STANDING_GROUPS,
    group_index,
    hand_class,
    standing_group,
)
from printplay.games.poker.strategy_play import (
    basic_strategy,
    basic_strategy_action,
    strategy_table,
)

# --------------------------------------------------------------------------------------------
# Completions and exact values


@pytest.mark.parametrize("hand", ["Ah Kh", "7c 2d", "9s 9d", "Tc 9c"])
def test_completion_strengths_match_the_evaluator(hand: str) -> None:
    mine = [c.index for c in parse_cards(hand)]
    dead = set(mine) | {5, 17, 30, 44, 51}
    unseen = [i for i in range(52) if i not in dead]
    expected = [strength5(*mine, *triple) for triple in combinations(unseen, 3)]
    assert completion_strengths(mine[0], mine[1], unseen) == expected


def brute_force_ev(player: str, dealer: str, pot: int) -> float:
    """Buying, by the readable evaluator: pot share (odd chip by suit) + bonus - 2."""
    mine = parse_cards(player)
    theirs = parse_cards(dealer)
    unseen = [c for c in poker_deck(top=player + " " + dealer)[7:]]
    top = strength(theirs)
    total = 0
    count = 0
    for triple in combinations(unseen, 3):
        hand = [*mine, *triple]
        value = strength(hand)
        share = 0
        if value > top:
            share = pot + 1
        elif value == top:
            higher = strength(hand, suits=True) > strength(theirs, suits=True)
            share = (pot + 1) // 2 + (1 if higher and (pot + 1) % 2 else 0)
        total += share + bonus_for(hand)[1]
        count += 1
    return total / count - 2


@pytest.mark.parametrize(
    ("player", "dealer", "pot"),
    [
        ("Kc 9d", "Ks 9s 7h 5d 3c", 2),
        ("Ks 9s", "Kc 9d 7h 5d 3c", 4),
        ("Th 9h", "Qs Qd 8c 4d 2s", 2),
    ],
)
def test_exact_ev_against_brute_force(player: str, dealer: str, pot: int) -> None:
    ev = buy_fold_ev(player, [dealer], pot=pot)
    assert ev.completions == 14190 and ev.fold == -1
    assert ev.buy == pytest.approx(brute_force_ev(player, dealer, pot), abs=1e-12)


def test_state_ev_is_the_engine_average_over_every_completion() -> None:
    """The last of seven players: the value of buying is the engine's mean over completions."""
    options = CasinoOptions(players=7)
    checked = 0
    for seed in range(1, 40):
        deck = poker_deck(seed=seed)
        script = ["buy"] * 6
        state = play_script(options, deck, "; ".join(script))
        if state.is_over or state.order.index(state.to_act or 0) != 6:
            continue
        ev = state_ev(state)
        dealt = 2 * 7 + 5 + 3 * 6
        seat = state.to_act
        assert seat is not None
        total = 0
        rest = deck[dealt:]
        for triple in combinations(rest, 3):
            others = [c for c in rest if c not in triple]
            end = play_script(options, [*deck[:dealt], *triple, *others], [Buy()] * 7)
            total += end.player(seat).net
        assert ev.buy == pytest.approx(total / ev.completions, abs=1e-12)
        assert ev.completions == 455
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_ev_with_nothing_standing_and_dead_cards() -> None:
    ev = buy_fold_ev("7c 2d", [], dead="As Ad Qh 5c 2c 9h 9s", pot=3)
    assert ev.win == 1 and ev.share == 4 and ev.best == "buy"
    assert ev.completions == 43 * 42 * 41 // 6
    data = ev.to_json()
    assert data["best"] == "buy" and set(data) >= {"buy", "fold", "win", "split", "bonus"}


def test_ev_home_cap_lowers_only_the_bonus() -> None:
    plain = buy_fold_ev("Ah Kh", ["Qs Qd 8c 4d 2s"], pot=2)
    capped = buy_fold_ev("Ah Kh", ["Qs Qd 8c 4d 2s"], pot=2, home_cap=True)
    assert capped.win == plain.win and capped.bonus < plain.bonus


def test_ev_is_fast() -> None:
    rng = random.Random(5)
    start = time.perf_counter()
    for _ in range(20):
        cards = rng.sample(range(52), 7)
        hand = [Card.from_index(i) for i in cards]
        buy_fold_ev(hand[:2], [hand[2:]], pot=2)
    assert (time.perf_counter() - start) / 20 < 0.05  # a few milliseconds in practice


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("Ah", ["Ks Kc 9d 5c 2h"]), CardError),
        (("Ah Kh", ["Ks Kc 9d 5c"]), CardError),
        (("Ah Kh", ["Ah Kc 9d 5c 2h"]), DealError),
        (("Ah Zh", ["Ks Kc 9d 5c 2h"]), DealError),
        (("Ah X1", ["Ks Kc 9d 5c 2h"]), DealError),
    ],
)
def test_ev_bad_input(args: tuple[str, list[str]], error: type[Exception]) -> None:
    with pytest.raises(error) as info:
        buy_fold_ev(*args, pot=2)
    assert "\n" not in str(info.value)


def test_ev_bad_pot_and_finished_round() -> None:
    with pytest.raises(OptionError):
        buy_fold_ev("Ah Kh", ["Ks Kc 9d 5c 2h"], pot=0)
    deck = poker_deck(top="7c 2d Qs Qh 9d 5c 3h")
    end = deal_round(CasinoOptions(), deck).apply(Fold())
    with pytest.raises(MoveError):
        state_ev(end)
    with pytest.raises(MoveError):
        basic_strategy_action(end)


def test_best_action_follows_the_exact_value() -> None:
    state = deal_round(CasinoOptions(), poker_deck(top="Ah 7d Ks Kc 9d 5c 2h"))
    assert state_ev(state).best == "fold" and best_action(state) == Fold()
    state = deal_round(CasinoOptions(), poker_deck(top="Ah Ad Ks Kc 9d 5c 2h"))
    assert best_action(state) == Buy() and isinstance(state_ev(state), BuyFoldEV)


# --------------------------------------------------------------------------------------------
# Bonus thresholds and groups


def test_bonus_of_strength_matches_the_engine() -> None:
    rng = random.Random(3)
    hands = [rng.sample(range(52), 5) for _ in range(3000)]
    hands += [[0, 9, 10, 11, 12], [1, 2, 3, 4, 5], [0, 13, 26, 39, 1], [0, 1, 2, 3, 5]]
    for hand in hands:
        cards = [Card.from_index(i) for i in hand]
        for cap in (False, True):
            assert (
                bonus_of_strength(strength5(*hand), home_cap=cap)
                == bonus_for(cards, home_cap=cap)[1]
            )


def test_classes_and_groups() -> None:
    assert len(PLAYER_CLASSES) == 169 and len(STANDING_GROUPS) == 52
    assert hand_class("Kd Ah") == "AKo" and hand_class("2s 3s") == "32s"
    names = [g.name for g in STANDING_GROUPS]
    assert standing_group("7h 5d 4c 3s 2h").name == "7 high"
    assert standing_group("Kh Ks Qd 3c 2s").name == "pair KK, queen kicker or higher"
    assert standing_group("Ah 2s 3d 4c 5s").name == "straight"
    assert standing_group("Ah As Ad Ac 5s").name == names[-1]
    lows = [g.low_strength for g in STANDING_GROUPS]
    assert lows == sorted(lows) and len(set(lows)) == 52
    for rule in KICKOUT_RULES.values():  # every kickout threshold starts a group
        assert rule.strength in lows
    with pytest.raises(CardError):
        hand_class("Ah")
    with pytest.raises(CardError):
        standing_group("Ah Kd")


def test_group_sizes_cover_every_hand() -> None:
    from printplay.games.poker.strategy_build import _group_values

    assert sum(e[3] for group in _group_values() for e in group) == 2_598_960
    for column, group in enumerate(_group_values()):
        assert all(group_index(value) == column for _, _, value, _ in group)


# --------------------------------------------------------------------------------------------
# The stored table


def test_stored_table_recomputes() -> None:
    table = load_strategy()
    rng = random.Random(11)
    cells = [(PLAYER_CLASSES.index("AKo"), 19), (PLAYER_CLASSES.index("22"), 19)]
    cells += [(rng.randrange(169), rng.randrange(52)) for _ in range(6)]
    for row, column in cells:
        fresh = compute_cell(row, column, samples=table.samples, seed=table.seed)
        assert fresh.to_list() == pytest.approx(table.cells[row][column].to_list(), abs=2e-7)


def test_stored_table_shape_and_sense() -> None:
    table = load_strategy()
    assert table.samples % 12 == 0
    data = table.to_json()
    assert data["rows"] == list(PLAYER_CLASSES) and len(data["cells"]) == 169
    for row in range(169):
        for column in range(52):
            cell = table.cells[row][column]
            if not is_possible(row, column):
                assert cell.to_list() == [0.0] * 5
                continue
            assert 0 <= cell.win <= 1 and 0 <= cell.split <= 1 and cell.win + cell.split <= 1
            assert 0 <= cell.bonus_capped <= cell.bonus
    # a pair against a dealer with no pair always wins
    assert table.cells[PLAYER_CLASSES.index("22")][7].win == 1
    assert basic_strategy("Ah Ad", "Ks Kc 9d 5c 2h") == "buy"
    assert basic_strategy("7c 2d", "Qs Qc 9d 5c 2h") == "fold"
    assert basic_strategy("7c 2d", None) == "buy"
    assert basic_strategy("7c 2d", "Qs Qc 9d 5c 2h", pot=20) == "buy"  # a big pot pays


def test_strategy_table_rows() -> None:
    header, rows = strategy_table()
    assert header[:3] == ["hand", "7", "8"] and header[-1] == "KK≤J" and len(header) == 21
    assert len(rows) == 13 + 78 and rows[0][0] == "AA" and rows[-1][0] == "32"
    assert all(len(row) == 21 for row in rows)
    assert {cell for row in rows for cell in row[1:]} <= {"B", "F", "s", "o"}
    assert rows[0][1:] == ["B"] * 20
    _, values = strategy_table(values=True)
    assert values[13][1].count("/") == 1 and values[0][1].startswith("+")


def test_basic_strategy_action_on_the_engine() -> None:
    state = deal_round(CasinoOptions(), poker_deck(top="Ah Ad Ks Kc 9d 5c 2h"))
    assert basic_strategy_action(state) == Buy()
    state = deal_round(CasinoOptions(), poker_deck(top="7c 2d Qs Qc 9d 5c 2h"))
    assert basic_strategy_action(state) == Fold()


# --------------------------------------------------------------------------------------------
# Simulation


def test_fast_deck_is_the_numbered_deck() -> None:
    for seed in (1, 2, 99, 123456789, 2**64 - 1):
        assert deck_indices(seed) == [c.index for c in poker_deck(seed=seed)]


@pytest.mark.parametrize("players", range(1, 8))
def test_fast_round_matches_the_engine(players: int) -> None:
    for seed in range(1, 120):
        home_cap = seed % 3 == 0
        options = CasinoOptions(players=players, home_cap=home_cap)
        end = play_out(deal_round(options, poker_deck(seed=seed)), basic_strategy_action)
        fast = simulate_round(deck_indices(seed), players, home_cap=home_cap)
        assert fast.nets == tuple(p.net for p in end.players), seed
        assert fast.stakes == tuple(p.paid for p in end.players)
        assert fast.house_net == end.house_net
        assert fast.kicked_out == (end.dealer.status == "kicked out")
        assert fast.dealer_share == end.dealer.won


def test_house_edge_is_reproducible_across_processes() -> None:
    seen: list[tuple[int, int]] = []
    one = house_edge(3, 400, seed=77, chunk=60, progress=lambda d, t: seen.append((d, t)))
    two = house_edge(3, 400, seed=77, chunk=60, jobs=2)
    assert one.to_json() == two.to_json()
    assert seen[-1] == (400, 400) and len(seen) == 7
    assert isinstance(one, EdgeResult) and one.rounds == 400
    data = json.loads(json.dumps(one.to_json()))
    assert data["last_deal"] == 476
    assert {"edge_ante", "edge_stake", "edge_ante_smoothed", "bonuses"} <= set(data)
    assert data["edge_ante"]["low"] < data["edge_ante"]["value"] < data["edge_ante"]["high"]
    # per-player net and the edge agree; stake between 1 and 2
    assert one.edge_ante.value == pytest.approx(-one.mean_net)
    assert 1 <= one.mean_stake <= 2
    assert one.edge_stake.value == pytest.approx(one.edge_ante.value / one.mean_stake)


def test_house_edge_matches_engine_sum() -> None:
    result = house_edge(2, 150, seed=5, home_cap=True)
    total = 0
    for seed in range(5, 155):
        end = play_out(
            deal_round(CasinoOptions(players=2, home_cap=True), poker_deck(seed=seed)),
            basic_strategy_action,
        )
        total += sum(p.net for p in end.players)
    assert result.mean_net == pytest.approx(total / 150 / 2)
    # capped at 10, the royal's expectation hardly moves the figure
    assert result.edge_ante_smoothed.value == pytest.approx(result.edge_ante.value, abs=1e-3)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 0, "rounds": 10},
        {"players": 8, "rounds": 10},
        {"players": 1, "rounds": 1},
        {"players": 1, "rounds": 10, "seed": 0},
        {"players": 1, "rounds": 10, "jobs": 0},
        {"players": 1, "rounds": 10, "seed": 2**64 - 5},
    ],
)
def test_house_edge_bad_arguments(kwargs: dict[str, int]) -> None:
    with pytest.raises(OptionError) as info:
        house_edge(**kwargs)  # type: ignore[arg-type]
    assert "\n" not in str(info.value)
