"""Golf's solver: against plain searches through the engine, golden verdicts and pars."""

from __future__ import annotations

import dataclasses
import gc
import json
import os
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printplay.core.cards import Card
from printplay.core.errors import GameError
from printplay.core.pysolfc import dealt
from printplay.core.verdicts import Budget
from printplay.games import REGISTRY
from printplay.games.golf import (
    COLUMNS,
    DEPTH,
    TABLEAU_SIZE,
    Golf,
    GolfOptions,
    GolfState,
    pysolfc_deal,
)
from printplay.games.tripeaks import TriPeaks
from printplay.solve import compiled, golf_solver
from printplay.solve.golf_solver import Search, best_line, count_units, hosts_for, searched, solve
from printplay.solve.toolkit import Clock, deep_recursion, replay_line
from printplay.testing import ConformanceError, check_game, reference_verdict

OPTIONS = (GolfOptions(), GolfOptions(queens_on_kings=True), GolfOptions(wrap=True))


def fewest_strokes(state: GolfState) -> tuple[bool, int]:
    """Whether ``state`` can be won and its par, by trying every line through the engine
    (positions merged by their JSON): plain and slow, for small positions."""
    memo: dict[str, tuple[bool, int]] = {}

    def best(here: GolfState) -> tuple[bool, int]:
        if here.is_over:
            return here.is_won, here.score
        key = json.dumps(here.to_json())
        if key not in memo:
            outcomes = [best(here.apply(move)) for move in here.legal_moves()]
            memo[key] = (any(won for won, _ in outcomes), min(score for _, score in outcomes))
        return memo[key]

    with deep_recursion():
        return best(state)


def small_position(seed: int, options: GolfOptions, most: int = 2, stock: int = 4) -> GolfState:
    """A small position cut from deal ``seed``: each column keeps its top 0 to ``most``
    cards, the stock its first 0 to ``stock`` cards."""
    rng = random.Random(seed)
    game = Golf(options)
    start = game.initial_state(game.numbered_deal(seed))
    tableau: list[Card | None] = [None] * TABLEAU_SIZE
    for column in range(COLUMNS):
        for row in range(rng.randint(0, most)):
            tableau[row * COLUMNS + column] = start.tableau[row * COLUMNS + column]
    return GolfState(options, tuple(tableau), start.waste, start.stock[: rng.randint(0, stock)])


def check_against_reference(state: GolfState) -> None:
    """The solver's verdict and par are the plain searches', its lines replay."""
    won, par = fewest_strokes(state)
    assert reference_verdict(state, cap=200_000) is won
    verdict = solve(state)
    assert verdict.solvable is won
    if won:
        assert replay_line(state, verdict.moves)[-1].is_won
    best = best_line(state)
    assert best.optimal is True and best.solvable is won
    final = replay_line(state, best.moves)[-1]
    assert final.is_over and final.is_won is won
    assert best.score == final.score == par


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 2**32), st.sampled_from(OPTIONS))
def test_solver_agrees_with_plain_searches_on_small_positions(
    seed: int, options: GolfOptions
) -> None:
    check_against_reference(small_position(seed, options))


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 2**32), st.sampled_from(OPTIONS), st.integers(0, 14))
def test_solver_agrees_with_plain_searches_near_the_end_of_random_games(
    seed: int, options: GolfOptions, back: int
) -> None:
    """Positions ``back`` moves before the end of a random game from a numbered deal."""
    game = Golf(options)
    rng = random.Random(seed)
    here = game.initial_state(game.numbered_deal(seed))
    states = [here]
    while not here.is_over:
        here = here.apply(rng.choice(here.legal_moves()))
        states.append(here)
    state = states[max(0, len(states) - 1 - back)]
    if state.cards_left + len(state.stock) > 16:
        state = states[-1]
    check_against_reference(state)


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTIONS, ids=["standard", "queens", "wrap"])
def test_solver_agrees_on_many_small_positions(options: GolfOptions) -> None:
    """60 positions a rule set: of the bugs planted in the solver (docs/benchmarks.md, "The
    test suite"), the wrap's cycle shifted showed at the 6th; those 300 positions caught no
    other one that 60 miss."""
    for seed in range(1, 61):
        check_against_reference(small_position(seed, options, most=3, stock=5))


# Verdicts of PySolFC's Golf deals 1-20, as black-hole-solver gives them run as PySolFC runs
# it (benchmarks/golf_peers.py): no flag (Dead King Golf), --queens-on-kings (Golf),
# --wrap-ranks (Relaxed Golf).
WON = {
    "standard": {2, 5, 12, 15, 18, 19},
    "queens": {2, 4, 5, 10, 12, 15, 16, 18, 19},
    "wrap": set(range(1, 21)) - {11},
}


def deals(name: str, numbers: range) -> Iterator[tuple[GolfState, bool]]:
    options = OPTIONS[("standard", "queens", "wrap").index(name)]
    for number in numbers:
        yield Golf(options).initial_state(pysolfc_deal(options, number)), number in WON[name]


@pytest.mark.parametrize("name", ["standard", "queens"])
def test_golden_verdicts_of_pysolfc_deals(name: str) -> None:
    for state, won in deals(name, range(1, 11)):
        result = solve(state)
        assert result.solvable is won
        if won:
            assert replay_line(state, result.moves)[-1].is_won


@pytest.mark.slow
@pytest.mark.parametrize("name", ["standard", "queens", "wrap"])
def test_golden_verdicts_of_pysolfc_deals_1_to_20(name: str) -> None:
    for state, won in deals(name, range(1, 21)):
        assert solve(state).solvable is won


PARS = {"standard": {2: 0, 5: -2, 12: -1, 18: -2}, "wrap": {2: -7, 3: -5}}
"""Pars of some won PySolFC deals (the fewest strokes: minus the stock cards left)."""


@pytest.mark.parametrize(("name", "number"), [(n, d) for n in PARS for d in PARS[n]])
def test_golden_pars(name: str, number: int) -> None:
    (state, won), *_ = deals(name, range(number, number + 1))
    assert won
    result = best_line(state)
    assert result.optimal is True and result.solvable is True
    assert result.score == PARS[name][number]
    final = replay_line(state, result.moves)[-1]
    assert final.is_won and final.score == result.score


def test_par_of_a_lost_deal_is_the_fewest_cards_left() -> None:
    state = small_position(11, GolfOptions(), most=3, stock=3)
    won, par = fewest_strokes(state)
    assert not won
    result = best_line(state)
    assert result.solvable is False and result.optimal is True and result.score == par > 0


def test_budget_stops_the_search_with_an_unknown_verdict() -> None:
    state = Golf().initial_state(pysolfc_deal(GolfOptions(), 4))  # lost, some 9,000 nodes
    result = solve(state, budget=Budget(max_states=100))
    assert result.solvable is None and "budget" in result.reason
    line = best_line(state, budget=Budget(max_states=100))
    assert line.solvable is None and not line.moves


def test_a_position_of_another_game_is_refused() -> None:
    tripeaks = TriPeaks()
    other = tripeaks.initial_state(tripeaks.numbered_deal(1))
    with pytest.raises(GameError):
        solve(other)
    with pytest.raises(GameError):
        best_line(other)


def deficit(options: GolfOptions, need: dict[int, int], places: dict[int, int]) -> int:
    """The counting test's unmatched cards for ``need`` cards to place and ``places`` cards
    that may take them, by rank."""
    search = Search([0] * TABLEAU_SIZE, [1], list(hosts_for(options)), options.wrap, Clock(None))
    need_unit, place_unit = count_units(options.wrap, options.queens_on_kings or options.wrap)
    search.need = sum(count * need_unit[rank] for rank, count in need.items())
    search.places = sum(count * place_unit[rank] for rank, count in places.items())
    return search.deficit()


def test_counting_test_sees_a_rank_with_too_few_places() -> None:
    standard = GolfOptions()
    # two Fives to place, one Four and nothing else: one short; with a Six too, enough
    assert deficit(standard, {5: 2}, {4: 1}) == 1
    assert deficit(standard, {5: 2}, {4: 1, 6: 1}) == 0
    # a King offers no place unless something may go onto it
    assert deficit(standard, {12: 1}, {13: 1}) == 1
    assert deficit(GolfOptions(queens_on_kings=True), {12: 1}, {13: 1}) == 0
    # with the wrap an Ace takes a King's place and a King an Ace's
    wrap = GolfOptions(wrap=True)
    assert deficit(wrap, {1: 1}, {13: 1}) == 0
    assert deficit(wrap, {13: 1}, {1: 1}) == 0
    assert deficit(wrap, {1: 1, 3: 1}, {2: 1}) == 1
    # a place serves one card: a Two and a Four both wanting the one Three
    assert deficit(standard, {2: 1, 4: 1}, {3: 1}) == 1
    # round the cycle: Kings and Aces taking each other's places, one each
    assert deficit(wrap, {13: 2, 1: 2}, {13: 2, 1: 2}) == 0
    assert deficit(wrap, {13: 3, 1: 2}, {13: 2, 1: 2}) == 1


def largest_matching(cards: list[int], spots: list[int], hosts: tuple[int, ...]) -> int:
    """How many of ``cards`` (ranks) go onto distinct ``spots`` (ranks) at most, a card
    onto a spot whose rank takes it (augmenting paths)."""
    owner: dict[int, int] = {}

    def augment(card: int, seen: set[int]) -> bool:
        for spot, rank in enumerate(spots):
            if spot in seen or not hosts[rank] >> cards[card] & 1:
                continue
            seen.add(spot)
            if spot not in owner or augment(owner[spot], seen):
                owner[spot] = card
                return True
        return False

    return sum(augment(card, set()) for card in range(len(cards)))


def test_deficit_matches_a_brute_force_matching() -> None:
    """The greedy counting test leaves as many cards unmatched as the best matching of
    cards to places one rank away, on random counts."""
    rng = random.Random(7)
    for options in OPTIONS:
        hosts = hosts_for(options)
        for _ in range(300):
            need = {rank: rng.randint(0, 2) for rank in rng.sample(range(1, 14), 5)}
            places = {rank: rng.randint(0, 2) for rank in rng.sample(range(1, 14), 6)}
            cards = [rank for rank, count in need.items() for _ in range(count)]
            spots = [rank for rank, count in places.items() for _ in range(count)]
            unmatched = len(cards) - largest_matching(cards, spots, hosts)
            assert deficit(options, need, places) == unmatched, (options, need, places)


def test_the_conformance_kit_holds_golf_to_its_declaration(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The kit passes on the registered entry, its pars checked as the lowest score (every
    rule set is run by tests/test_conformance.py); declared the other way, a par is refused
    as not the best score."""
    report = check_game("golf", options=[(), ["wrap"]], games=2, positions=3)
    assert report.scored > 0 and report.won > 0 and report.lost > 0, report.summary()
    highest = dataclasses.replace(REGISTRY["golf"], score_order="highest")
    monkeypatch.setitem(REGISTRY, "golf", highest)
    with pytest.raises(ConformanceError, match=r"this line scores|an exhaustive search"):
        check_game("golf", options=[(), ["wrap"]], games=2, positions=3)


def test_depth_and_columns() -> None:
    assert (COLUMNS, DEPTH, TABLEAU_SIZE) == (7, 5, 35)


def test_the_install_compiled_the_golf_solver() -> None:
    """``pip install`` (setup.py) builds the solver with mypyc; without the build every Golf
    search runs some thirty times slower (set ``PRINTPLAY_PURE=1`` to test without it)."""
    if os.environ.get("PRINTPLAY_PURE"):
        assert compiled.native(golf_solver) is golf_solver
        return
    assert compiled.native(golf_solver) is not golf_solver, (
        "the compiled Golf solver is missing or stale: reinstall (with a C compiler), "
        "or set PRINTPLAY_PURE=1 to test the Python solver"
    )


@pytest.mark.parametrize("name", ["standard", "queens", "wrap"])
def test_the_compiled_search_searches_as_the_python_one(name: str) -> None:
    """setup.py compiles the solver with mypyc: the build (used only while built from this
    very source) finds the same lines through the same positions as the Python module."""
    build = compiled.native(golf_solver)
    if build is golf_solver:
        pytest.skip("no compiled Golf solver in this install (PRINTPLAY_PURE, or stale)")
    assert golf_solver.new_search(Golf().initial_state(dealt(1)), Clock(None)).__class__ is (
        build.Search
    )
    for state, _ in deals(name, range(1, 6)):
        found = []
        for module in (golf_solver, build):
            search = module.Search(
                [0 if card is None else int(card.rank) for card in state.tableau],
                [int(card.rank) for card in (state.waste_top, *state.stock)],
                list(hosts_for(state.options)),
                state.options.wrap,
                Clock(None),
            )
            runs = [searched(search, search.length), searched(search, search.length, slack=3)]
            found.append((runs, search.count))
        assert found[0] == found[1]


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_left_as_it_was(enabled: bool) -> None:
    """The search turns the garbage collector off while its tables live, and back on
    after (a budget run out included) only if it was on."""
    state = Golf().initial_state(pysolfc_deal(GolfOptions(), 4))
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        for run in (solve, best_line):
            assert run(state).solvable is False
            assert gc.isenabled() is enabled
            assert run(state, budget=Budget(max_states=100)).solvable is None
            assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
