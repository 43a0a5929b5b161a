"""The exact Ricochet solver against the conformance kit's plain searches through the engine
(:mod:`printplay.testing`), and a golden file.

The golden file ``tests/golden/ricochet_solutions.json`` pins the solver's answers (verdict,
line, shortest line and its length) for a few numbered deals under each combination of
``ball-resets`` and ``free-draw``.  After an intended change of behaviour, regenerate it
with::

    PRINTPLAY_REGENERATE_GOLDEN=1 python -m pytest tests/test_ricochet_solver.py -k golden

and review the diff before committing.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from printplay.core.cards import Card, parse_card
from printplay.core.verdicts import Budget, SolveResult
from printplay.games.ricochet import (
    LAYOUT,
    SLOT_WALLS,
    Draw,
    Play,
    Ricochet,
    RicochetOptions,
    RicochetState,
    move_from_json,
)
from printplay.solve.ricochet_solver import LostTables, best_line, encode, short_of_places, solve
from printplay.solve.toolkit import replay_line
from printplay.testing import SearchTooBig, check_solver, reference_search, reference_verdict

GOLDEN = Path(__file__).parent / "golden" / "ricochet_solutions.json"

OPTION_SETS = {
    "standard": RicochetOptions(),
    "ball-resets": RicochetOptions(ball_resets=True),
    "free-draw": RicochetOptions(free_draw=True),
    "ball-resets,free-draw": RicochetOptions(ball_resets=True, free_draw=True),
    "no-wrap": RicochetOptions(wrap=False),
    "free-draw,no-wrap,face-up": RicochetOptions(free_draw=True, wrap=False, face_up=True),
    "stock-ends-game": RicochetOptions(stock_ends_game=True),
    "stock-ends-game,ball-resets,free-draw": RicochetOptions(
        stock_ends_game=True, ball_resets=True, free_draw=True
    ),
}
C = parse_card


# --- the reference: the kit's plain searches, with positions merged by what matters ----------


def key(state: RicochetState) -> tuple[Any, ...]:
    """Everything a position's future depends on (the ball only through its walls): the
    kit's searches merge positions of one key."""
    ball = None if state.ball is None else SLOT_WALLS[state.ball]
    return (state.walls, state.waste_top.rank, ball, len(state.stock))


def replayed(state: RicochetState, result: SolveResult) -> RicochetState:
    return replay_line(state, result.moves)[-1]


# --- positions -------------------------------------------------------------------------------


def numbered_state(options: RicochetOptions, seed: int) -> RicochetState:
    game = Ricochet(options)
    return game.initial_state(game.numbered_deal(seed))


def small_position(
    options: RicochetOptions, seed: int, keep: list[int], stock: int, ball: int | None
) -> RicochetState:
    """A mid-game position from a numbered deal: the cards in ``keep`` and every card
    they lie on (directly or not) stay, the rest are destroyed; the stock is cut short."""
    start = numbered_state(options, seed)
    kept = set(keep)
    for slot in keep:
        kept |= LAYOUT.above(slot)
    walls = tuple(card if slot in kept else None for slot, card in enumerate(start.walls))
    if ball is not None and ball in kept:
        ball = None
    return RicochetState(options, walls, start.waste, start.stock[:stock], ball)


positions = st.builds(
    small_position,
    options=st.sampled_from(list(OPTION_SETS.values())),
    seed=st.integers(min_value=1, max_value=2**40),
    keep=st.lists(st.integers(min_value=0, max_value=31), min_size=1, max_size=5),
    stock=st.integers(min_value=0, max_value=9),
    ball=st.one_of(st.none(), st.integers(min_value=0, max_value=31)),
)
"""Mostly lost positions: a few cards and what they lie on, a random ball."""


@cache
def golden_lines() -> tuple[tuple[str, int, tuple[dict[str, Any], ...]], ...]:
    """The winning lines of the golden file: (options, deal, moves)."""
    stored = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return tuple((e["options"], e["seed"], tuple(e["moves"])) for e in stored if e["solvable"])


def endgame(
    line: int, back: int, stock: int, options: RicochetOptions, swerve: int
) -> RicochetState:
    """A position near the end of a winning line of the golden file, ``back`` moves before
    the end, with the stock cut to ``stock`` cards, then ``swerve`` moves off the line
    (the first legal move each time), under ``options``."""
    name, seed, moves = golden_lines()[line % len(golden_lines())]
    state = numbered_state(OPTION_SETS[name], seed)
    for move in moves[: max(0, len(moves) - back)]:
        state = state.apply(move_from_json(move))
    state = replace(state, options=options, stock=state.stock[:stock])
    for _ in range(swerve):
        if not state.is_over:
            state = state.apply(state.legal_moves()[-1])
    return state


endgames = st.builds(
    endgame,
    line=st.integers(min_value=0, max_value=100),
    back=st.integers(min_value=1, max_value=24),
    stock=st.integers(min_value=0, max_value=19),
    options=st.sampled_from(list(OPTION_SETS.values())),
    swerve=st.sampled_from([0, 0, 1, 2]),
)
"""Often winnable positions: the ends of known wins, sometimes under other options."""


# --- against the reference -----------------------------------------------------------------


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=st.one_of(positions, endgames))
def test_small_positions_agree_with_brute_force(state: RicochetState) -> None:
    assume(state.cards_left <= 14)
    check_against_brute_force(state)


def check_against_brute_force(state: RicochetState) -> bool:
    """Check the solver on ``state`` against the kit's breadth-first search (verdict, lines,
    shortest length); a lost position's best line destroys as many wall cards as any line
    and turns the whole stock.  Returns whether it can be won."""
    agreement = check_solver(Ricochet(state.options), state, cap=10**6, key=key)
    best, fewest_left = agreement.best, agreement.reference.fewest_left
    final = replayed(state, best)
    assert final.is_over
    if not agreement.reference.solvable:
        assert final.cards_left == fewest_left
        assert len(best.moves) == state.cards_left - fewest_left + len(state.stock)
    return agreement.reference.solvable


@pytest.mark.parametrize("name", sorted(OPTION_SETS))
def test_random_endgames_agree_with_brute_force(name: str) -> None:
    """Many positions near the end of known wins, and smaller ones, under each option set."""
    rng = random.Random(name)
    options = OPTION_SETS[name]
    won = lost = 0
    while won + lost < 60 or (min(won, lost) < 15 and won + lost < 200):
        if rng.random() < 0.75:
            state = endgame(rng.randrange(100), rng.randint(1, 24), rng.randint(0, 19), options,
                            rng.choice([0, 0, 1, 2]))  # fmt: skip
        else:
            keep = [rng.randrange(32) for _ in range(rng.randint(1, 6))]
            ball = rng.choice([None, rng.randrange(32)])
            state = small_position(options, rng.randrange(1, 2**40), keep, rng.randint(0, 9), ball)
        if state.cards_left > 14:
            continue
        if check_against_brute_force(state):
            won += 1
        else:
            lost += 1
    assert won >= 15 and lost >= 15


@pytest.mark.parametrize("name", ["standard", "ball-resets", "no-wrap", "stock-ends-game"])
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(seed=st.integers(min_value=1, max_value=2**40))
def test_numbered_deals_agree_with_reference(name: str, seed: int) -> None:
    """Whole deals under strict drawing (free drawing is checked on smaller positions)."""
    state = numbered_state(OPTION_SETS[name], seed)
    try:
        expected = reference_verdict(state, cap=5_000, key=key)
    except SearchTooBig:
        assume(False)
    result = solve(state)
    assert result.solvable is expected
    if expected:
        assert replayed(state, result).is_won


@cache
def verdicts(name: str, seeds: int) -> tuple[bool | None, ...]:
    return tuple(solve(numbered_state(OPTION_SETS[name], s)).solvable for s in range(1, seeds + 1))


@pytest.mark.parametrize("name", ["standard", "ball-resets"])
def test_strict_numbered_deals_agree_with_reference(name: str) -> None:
    """Under strict drawing whole deals are small enough for the plain search."""
    for seed in range(1, 9):
        state = numbered_state(OPTION_SETS[name], seed)
        assert verdicts(name, 8)[seed - 1] is reference_verdict(state, cap=400_000, key=key)


def test_options_change_verdicts() -> None:
    """More freedom never loses a deal: free-draw and ball-resets only add moves."""
    plain = verdicts("standard", 8)
    for name in ("ball-resets", "free-draw", "ball-resets,free-draw"):
        freer = verdicts(name, 8)
        assert all(b for a, b in zip(plain, freer, strict=True) if a)
    assert verdicts("ball-resets,free-draw", 8).count(True) > plain.count(True)


def test_stock_ends_game_never_wins_more_and_sometimes_less() -> None:
    """The stricter ending only takes moves away: every deal it wins is won without it."""
    plain, ends = verdicts("standard", 30), verdicts("stock-ends-game", 30)
    assert all(a for a, b in zip(plain, ends, strict=True) if b)
    assert ends.count(True) < plain.count(True)
    for seed in range(1, 31):  # each deal the ending costs needed its last stock card
        if plain[seed - 1] and not ends[seed - 1]:
            line = solve(numbered_state(OPTION_SETS["standard"], seed)).moves
            assert sum(isinstance(move, Draw) for move in line) == 19


def test_stock_ends_game_whole_deals_agree_with_reference() -> None:
    for seed in range(1, 9):
        state = numbered_state(OPTION_SETS["stock-ends-game"], seed)
        assert verdicts("stock-ends-game", 8)[seed - 1] is reference_verdict(
            state, cap=400_000, key=key
        )


def test_stock_ends_game_hand_made_positions() -> None:
    ends = RicochetOptions(stock_ends_game=True)
    # a six alone in the north wall, a nine on the waste and one stock card, a five: the
    # five would take the six only after the game is over
    walls = (None,) * 24 + (C("6c"),) + (None,) * 7
    state = RicochetState(RicochetOptions(), walls, (C("9h"),), (C("5d"),))
    assert solve(state).solvable is True
    strict = replace(state, options=ends)
    assert solve(strict).solvable is False and reference_verdict(strict, key=key) is False
    best = best_line(strict)
    assert best.solvable is False and [m.kind for m in best.moves] == ["draw"]
    assert replayed(strict, best).lost_reason() is not None
    # with one more card in the stock the five is in time
    longer = replace(strict, stock=(C("5d"), C("Kc")))
    result = best_line(longer)
    assert result.solvable is True and [m.kind for m in result.moves] == ["draw", "play"]
    # the stock already empty: nothing may be destroyed, though a card fits
    over = RicochetState(ends, walls, (C("5d"),), ())
    assert solve(over).solvable is False and best_line(over).moves == ()
    assert solve(replace(over, options=RicochetOptions())).solvable is True


def test_hand_made_positions() -> None:
    # two fives in the north wall, a six on the waste and a four to come
    fives = (None,) * 24 + (C("5c"), C("5d")) + (None,) * 6
    state = RicochetState(RicochetOptions(), fives, (C("6h"),), (C("4s"),))
    # after one five the ball is in the north wall; turning the four leaves it there
    assert solve(state).solvable is False
    assert solve(replace(state, options=RicochetOptions(free_draw=True))).solvable is False
    # with ball-resets the turn lifts it, and the four takes the other five
    resets = replace(state, options=RicochetOptions(ball_resets=True))
    result = solve(resets)
    assert [m.to_json()["type"] for m in result.moves] == ["play", "draw", "play"]
    assert reference_verdict(resets, key=key) and not reference_verdict(state, key=key)
    # wrap: an ace on a king
    king = RicochetState(RicochetOptions(), (None,) * 24 + (C("Kc"),) + (None,) * 7, (C("Ad"),), ())
    assert solve(king).solvable is True
    assert solve(replace(king, options=RicochetOptions(wrap=False))).solvable is False
    # a finished game
    done = RicochetState(RicochetOptions(), (None,) * 32, (C("Ad"),), ())
    assert solve(done).solvable is True and solve(done).moves == ()
    best = best_line(done)
    assert (best.solvable, best.moves, best.optimal) == (True, (), True)


def test_lost_best_line_destroys_the_most() -> None:
    state = small_position(RicochetOptions(), 5, [24, 26, 28, 30], 3, None)
    reference = reference_search(state, key=key)
    assert reference.line is None
    best = best_line(state)
    final = replayed(state, best)
    assert final.is_lost and final.cards_left == reference.fewest_left and best.optimal is True
    assert sum(isinstance(m, Draw) for m in best.moves) == len(state.stock)


def test_shortest_line_beats_the_solver_line() -> None:
    state = numbered_state(OPTION_SETS["free-draw"], 12)
    line = solve(state)
    best = best_line(state)
    assert line.solvable is True and best.solvable is True and best.optimal is True
    assert line.optimal is None
    assert len(best.moves) <= len(line.moves)
    assert sum(isinstance(m, Play) for m in best.moves) == 32
    assert replayed(state, best).is_won


# --- budgets -------------------------------------------------------------------------------


LOST_FREE_DEAL = 31
"""A numbered deal that cannot be won under free-draw (one card short)."""


def lost_free_deal() -> RicochetState:
    return numbered_state(OPTION_SETS["free-draw"], LOST_FREE_DEAL)


def test_budget_gives_unknown() -> None:
    state = lost_free_deal()
    assert solve(state).states > 1000
    result = solve(state, budget=Budget(max_states=1000))
    assert result.solvable is None and result.moves == ()
    assert "budget" in result.reason
    assert 1000 <= result.states < 1000 + Budget(max_states=1000).check_every
    assert solve(state, budget=Budget(max_seconds=0)).solvable is None
    assert result.to_json()["solvable"] is None
    best = best_line(state, budget=Budget(max_states=1000))
    assert best.solvable is None and best.optimal is False and best.reason
    assert replayed(state, best).is_over


def test_best_line_with_budget_returns_best_so_far() -> None:
    state = numbered_state(OPTION_SETS["free-draw"], 12)
    full = best_line(state)
    first = solve(state)
    cut = best_line(state, budget=Budget(max_states=first.states + 70))
    assert cut.solvable is True and cut.optimal is False and "budget" in cut.reason
    assert len(full.moves) <= len(cut.moves) <= len(first.moves)
    assert replayed(state, cut).is_won
    lost = lost_free_deal()
    solved = solve(lost)
    stopped = best_line(lost, budget=Budget(max_states=solved.states + 70))
    assert stopped.solvable is False and stopped.optimal is False
    assert replayed(lost, stopped).is_over


# --- encoding details -------------------------------------------------------------------------


def walls_with(cards: dict[int, str]) -> tuple[Card | None, ...]:
    return tuple(C(cards[slot]) if slot in cards else None for slot in range(32))


def test_counting_test_per_wall() -> None:
    """Cards of one wall cannot go onto each other: two north fives need two places outside
    the north wall."""
    options = RicochetOptions()
    four = (C("4h"),)
    north_six = RicochetState(options, walls_with({24: "5c", 25: "5d", 14: "6h"}), four, ())
    enc = encode(north_six)
    assert short_of_places(enc.supply[0], enc.counts)
    east_six = RicochetState(options, walls_with({24: "5c", 25: "5d", 26: "6h"}), four, ())
    enc = encode(east_six)
    assert not short_of_places(enc.supply[0], enc.counts)
    spare = encode(north_six, leftover=1)
    assert not short_of_places(spare.supply[0], spare.counts)
    three = RicochetState(options, walls_with({24: "5c", 26: "5d", 28: "5h"}), four, (C("6s"),))
    enc = encode(three)
    assert short_of_places(enc.supply[0], enc.counts)  # three fives, two places
    assert not short_of_places(enc.supply[0], encode(east_six).counts)


def test_impossible_position_is_refused() -> None:
    start = numbered_state(RicochetOptions(), 1)
    walls = (None, *start.walls[1:])
    assert encode(replace(start, walls=walls)).mask == 1  # an inner card: fine
    walls = (*start.walls[:12], None, *start.walls[13:])  # a middle card under its covers
    with pytest.raises(ValueError, match="still covered"):
        encode(replace(start, walls=walls))


def test_tables_and_result_json() -> None:
    tables = LostTables()
    assert tables.most_destroyed(3, resets=False) == 3
    state = numbered_state(RicochetOptions(), 2)
    data = best_line(state).to_json()
    assert set(data) >= {"solvable", "moves", "score", "optimal", "stats"}
    assert data["score"] is None
    json.dumps(data)
    assert [move_from_json(m).to_json() for m in data["moves"]] == data["moves"]


# --- golden file ----------------------------------------------------------------------------


GOLDEN_CASES = [
    ("standard", 1), ("standard", 2), ("standard", 17),
    ("ball-resets", 1), ("ball-resets", 2), ("ball-resets", 17),
    ("free-draw", 2), ("free-draw", 12), ("free-draw", 31),
    ("ball-resets,free-draw", 2), ("ball-resets,free-draw", 12), ("ball-resets,free-draw", 144),
]  # fmt: skip
"""Two deals that can be won and one that cannot under each combination of the options."""


def golden_entry(name: str, seed: int) -> dict[str, Any]:
    state = numbered_state(OPTION_SETS[name], seed)
    result = solve(state)
    best = best_line(state)
    final = replayed(state, best)
    return {
        "options": name,
        "seed": seed,
        "solvable": result.solvable,
        "moves": [m.to_json() for m in result.moves],
        "shortest": len(best.moves) if result.solvable else None,
        "cards_left": final.cards_left,
        "best_moves": [m.to_json() for m in best.moves],
    }


def format_golden(entries: list[dict[str, Any]]) -> str:
    """JSON with one move a line, so that a diff shows which moves changed."""
    blocks = []
    for entry in entries:
        fields = []
        for name, value in entry.items():
            if isinstance(value, list):
                moves = ",\n".join(f"    {json.dumps(m)}" for m in value)
                fields.append(f'  "{name}": [\n{moves}\n  ]' if value else f'  "{name}": []')
            else:
                fields.append(f"  {json.dumps(name)}: {json.dumps(value)}")
        blocks.append("{\n" + ",\n".join(fields) + "\n}")
    return "[\n" + ",\n".join(blocks) + "\n]\n"


def test_golden_solutions() -> None:
    if os.environ.get("PRINTPLAY_REGENERATE_GOLDEN"):
        entries = [golden_entry(name, seed) for name, seed in GOLDEN_CASES]
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(format_golden(entries), encoding="utf-8")
    stored = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert [(e["options"], e["seed"]) for e in stored] == GOLDEN_CASES
    for entry in stored:
        start = numbered_state(OPTION_SETS[entry["options"]], entry["seed"])
        for name in ("moves", "best_moves"):
            state = start
            for move in entry[name]:
                state = state.apply(move_from_json(move))
            assert state.is_won is bool(entry["solvable"])
        assert state.is_over and state.cards_left == entry["cards_left"]
        if entry["solvable"]:
            assert len(entry["best_moves"]) == entry["shortest"] <= len(entry["moves"])
        assert golden_entry(entry["options"], entry["seed"]) == entry
