"""Tests of the exact Pyramid solver (printplay.solve.pyramid_solver): hand-built positions with
known answers, engine replays, a golden file, a sample of the published decks, and a
comparison with the conformance kit's breadth-first search through the engine on small
random positions (:func:`printplay.testing.check_solver`).

The full 1500-deck run is a benchmark (benchmarks/pyramid_solver.py), not a test.
"""

from __future__ import annotations

import functools
import itertools
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import mostly_slow
from reference_answers import answer

import printplay.testing.solver as conformance_solver
from printplay.core.cards import Card, parse_card, standard_deck
from printplay.core.deal import explicit_deal, numbered_deal
from printplay.core.verdicts import Budget
from printplay.games import make_game, solver_for
from printplay.games.pyramid import Pyramid, PyramidOptions, PyramidState, deal_key
from printplay.solve import pyramid_cycle
from printplay.solve import pyramid_solver as pyramid
from printplay.solve.pyramid_bound import Bound
from printplay.solve.pyramid_cycle import clearable_cycle, deletions, fewest_in_cycle
from printplay.solve.pyramid_dead import DeadTests
from printplay.solve.pyramid_encoding import (
    KING,
    ORDER_BITS,
    PASS_SHIFT,
    PTR_SHIFT,
    UNREACHABLE,
    Puzzle,
    RankIndex,
    Tables,
    geometry,
    pack,
    relaxed_removals,
    unpack,
)
from printplay.solve.pyramid_search import Searcher
from printplay.solve.toolkit import Clock, replay_line
from printplay.testing import Reference, check_solver, reference_search, reference_shortest

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden" / "pyramid_solutions.json"
DECKS = HERE / "data" / "random-decks-1500.txt"


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(code) for code in text.split())


def position(
    options: PyramidOptions,
    tableau: dict[int, str],
    stock: str = "",
    waste: str = "",
    reserve: str = "",
    pass_number: int = 1,
) -> PyramidState:
    """A mid-game position: ``tableau`` maps slots to cards (all other slots empty)."""
    size = options.tableau_size
    table = tuple(parse_card(tableau[s]) if s in tableau else None for s in range(size))
    spare = cards(reserve) + (None,) * (options.reserve_size - len(reserve.split()))
    return PyramidState(
        options,
        table,
        spare,
        cards(stock),
        cards(waste),
        pass_number,
        deal_key(standard_deck()),
    )


def shortest(state: PyramidState) -> int | None:
    """The length of the shortest win by the kit's breadth-first search through the engine
    (``None``: lost)."""
    line = reference_shortest(state, 10**6)
    return None if line is None else len(line)


def check_line(state: PyramidState, result: Any) -> None:
    """A winning result's line wins when replayed through the engine."""
    assert result.solvable is True
    assert replay_line(state, result.moves)[-1].is_won


CLEAR = PyramidOptions(clear_the_board=True)
POINTER_BITS = 63 << PTR_SHIFT
PASS_BITS = 3 << PASS_SHIFT
LOCKED = {0: "Kh", 1: "9c", 2: "Tc", 3: "3d", 4: "Ks", 5: "4d"}
"""The top three rows of a pyramid whose two pairs, (9, 4) and (10, 3), lock each other."""


@pytest.mark.parametrize(
    ("options", "tableau", "stock", "waste", "expected"),
    [
        # the apex and an ace on the stock: one pair
        (CLEAR, {0: "Qh"}, "Ac", "", 1),
        # draw the two, then the ace is the stock top
        (CLEAR, {0: "Qh"}, "2c Ac", "", 2),
        # a card cannot pair with the card covering it: the 7 goes with the stock's 6,
        # then the apex with the 7 beneath
        (CLEAR, {0: "6h", 1: "7c"}, "6d 7s", "", 2),
        # ... and without a second 7 the apex is stuck
        (CLEAR, {0: "6h", 1: "7c"}, "6d 2s", "", None),
        # the waste top is in play; off limits, it takes a redeal
        (CLEAR, {0: "Qh"}, "2c", "Ac", 1),
        (PyramidOptions(clear_the_board=True, waste_off_limits=True), {0: "Qh"}, "2c", "Ac", 3),
        (
            PyramidOptions(clear_the_board=True, waste_off_limits=True, one_deal=True),
            {0: "Qh"},
            "2c",
            "Ac",
            None,
        ),
        # the standard game: every card must go; the stock top and the waste top pair
        (PyramidOptions(), {}, "5c 8d", "", 2),
        (PyramidOptions(), {}, "Kc", "", 1),
        (PyramidOptions(), {0: "Kd"}, "5c 8d 6s", "", None),
        # two compatible pairs that lock each other (the 3 waits for the 10, which waits
        # for the 4, which waits for the 9, which waits for the 3): lost, though the
        # counting test finds a pyramid partner for every card
        (CLEAR, LOCKED, "Ac Qc", "", None),
        # ... an outside 10 unlocks them (and the pyramid's 10 then takes the outside 3)
        (CLEAR, LOCKED, "Th 3h", "", 5),
        (CLEAR, LOCKED, "3h Th", "", 6),
    ],
)
def test_hand_built_positions(
    options: PyramidOptions, tableau: dict[int, str], stock: str, waste: str, expected: int | None
) -> None:
    state = position(options, tableau, stock, waste)
    assert shortest(state) == expected
    verdict = pyramid.solve(state)
    best = pyramid.best_line(state)
    if expected is None:
        assert verdict.solvable is False and best.solvable is False
        assert verdict.moves == () and best.moves == ()
    else:
        check_line(state, verdict)
        check_line(state, best)
        assert best.optimal is True
        assert len(best.moves) == expected


def test_reshuffle_takes_the_engines_stock() -> None:
    """Under reshuffle the new stock is the engine's: the line names it and replays."""
    options = PyramidOptions(clear_the_board=True, waste_off_limits=True, reshuffle=True)
    state = position(options, {0: "Qh"}, "", "Ac 5c 6c 7c 8c 9c")
    new_stock = state.next_stock()
    best = pyramid.best_line(state)
    check_line(state, best)
    assert best.moves[0].to_json() == {"type": "redeal", "stock": [c.code for c in new_stock]}
    assert len(best.moves) == 2 + [c.code for c in new_stock].index("Ac")


def test_pyramid_shapes_are_the_catalan_numbers() -> None:
    assert len(geometry(7).shapes) == 1430
    assert len(geometry(6).shapes) == 429


def test_locked_pyramid_is_lost_without_a_search() -> None:
    state = position(CLEAR, LOCKED, "Ac Qc")
    assert pyramid.solve(state).states == 0
    assert pyramid.best_line(state).solvable is False


@pytest.mark.parametrize("reshuffle", [False, True])
def test_lost_positions_cover_every_later_pointer(reshuffle: bool) -> None:
    """The lost table is keyed without the pointer (and, except under reshuffle, without
    the pass), so one proof covers the later pointers too."""
    game = Pyramid(PyramidOptions(clear_the_board=True, reshuffle=reshuffle))
    puzzle = pyramid.encode(game.initial_state(numbered_deal(game.deck(), 2))).puzzle
    searcher = Searcher(puzzle, Clock(None))
    assert searcher.decide() is not None
    assert len(searcher.lost) > 10
    kept = PASS_BITS if reshuffle else 0
    assert all(key & POINTER_BITS == 0 and key & PASS_BITS == key & kept for key in searcher.lost)


@pytest.mark.parametrize("seed", mostly_slow(range(30), fast=range(5)))
def test_lost_positions_are_filed_by_ranks(seed: int) -> None:
    """:meth:`RankIndex.by_ranks` files two positions together exactly when they have the
    same shape, the same ranks in the reserve, in the waste and in the stock (bottom to
    top, top to bottom), and the same pass; the pointer it gives grows with the waste."""
    rng = random.Random(seed)
    n = rng.randint(1, 12)
    cycle = tuple(rng.choice((1, 5, 8, 12, 13)) for _ in range(n))
    reserve = tuple(rng.choice((0, 5, 8)) for _ in range(rng.choice((0, 3))))
    puzzle = Puzzle(1, (0,), reserve, cycle, 0, 2, clear_board=False)
    index = RankIndex(Tables(puzzle))
    seen: dict[tuple[object, ...], tuple[int, int]] = {}
    by_key: dict[int, tuple[object, ...]] = {}
    for cyc in range(1 << n):
        for res in range(1 << len(reserve)):
            if any(res >> i & 1 and not r for i, r in enumerate(reserve)):
                continue
            for ptr in [p for p in range(n) if cyc >> p & 1] + [n]:
                for passes in (0, 1):
                    key = pack(0, passes, ptr, 0, res | cyc << len(reserve))
                    where, at = index.by_ranks(key)
                    assert at >> 6 == passes
                    ranks = tuple(r for p, r in enumerate(cycle) if cyc >> p & 1)
                    waste = (cyc & ((1 << ptr) - 1)).bit_count()
                    kept = sorted(r for i, r in enumerate(reserve) if res >> i & 1)
                    plain = (tuple(kept), ranks, waste, passes)
                    assert seen.setdefault(plain, (where, at)) == (where, at)
                    assert by_key.setdefault(where << 8 | at, plain) == plain
    for (res, ranks, waste, passes), (where, at) in seen.items():
        later = seen.get((res, ranks, waste + 1, passes))
        if later is not None:
            assert later[0] == where and later[1] > at


@pytest.mark.parametrize("seed", range(20))
def test_ranks_of_a_child_cycle_found_from_its_parent(seed: int) -> None:
    """:meth:`RankIndex.cycle_after` (the shortest-line search's way to the ranks of a
    child's cycle from its parent's) gives what :meth:`RankIndex.by_ranks` gives afresh."""
    rng = random.Random(seed)
    n = rng.randint(2, 24)
    cycle = tuple(rng.choice((1, 5, 8, 12, 13) if seed % 2 else range(1, 14)) for _ in range(n))
    puzzle = Puzzle(1, (0,), (), cycle, 0, 2, clear_board=True)
    for _ in range(200):
        cyc = rng.getrandbits(n) | 1 << rng.randrange(n)
        fresh = RankIndex(Tables(puzzle))
        fresh.by_ranks(pack(0, 0, 0, 0, cyc))
        canon, places = fresh.rank_cycles[cyc << ORDER_BITS]
        cards = [p for p in range(n) if cyc >> p & 1]
        child = cyc
        for p in rng.sample(cards, min(len(cards), rng.choice((1, 2)))):
            child ^= 1 << p
        got = fresh.cycle_after(0, cyc, canon, places, child)
        again = RankIndex(Tables(puzzle))
        again.by_ranks(pack(0, 0, 0, 0, child))
        assert got == again.rank_cycles[child << ORDER_BITS]


def plain_relaxed_steps(rows: int, ranks: list[int], outside: int) -> int | None:
    """The fewest steps clearing a ``rows``-row pyramid of ``ranks`` when a partner of each
    rank in ``outside`` (bits) is always at hand: a plain search over sets of (row, card)."""
    cells = {(r, c): ranks[r * (r + 1) // 2 + c] for r in range(rows) for c in range(r + 1)}

    def free(left: frozenset[tuple[int, int]]) -> list[tuple[int, int]]:
        return [(r, c) for r, c in left if (r + 1, c) not in left and (r + 1, c + 1) not in left]

    @functools.cache
    def steps(left: frozenset[tuple[int, int]]) -> int | None:
        if not left:
            return 0
        options = []
        here = free(left)
        for i, cell in enumerate(here):
            rank = cells[cell]
            if rank == 13 or outside >> (13 - rank) & 1:
                options.append(steps(left - {cell}))
            for other in here[i + 1 :]:
                if cells[other] + rank == 13:
                    options.append(steps(left - {cell, other}))
        found = [n for n in options if n is not None]
        return 1 + min(found) if found else None

    return steps(frozenset(cells))


@pytest.mark.parametrize("seed", range(40))
def test_relaxed_removals_match_a_plain_search(seed: int) -> None:
    rng = random.Random(seed)
    rows = rng.choice((3, 4, 5))
    geo = geometry(rows)
    ranks = [rng.randint(1, 13) for _ in range(geo.size)]
    outside = rng.getrandbits(13) << 1
    table = relaxed_removals(geo, ranks, geo.shapes[0], outside)
    expected = plain_relaxed_steps(rows, ranks, outside)
    assert table[0] == (UNREACHABLE if expected is None else expected)


@pytest.mark.parametrize("deal", [1, 2, 3, 6])
def test_removal_bound_and_stuck_test_agree_with_the_counting_test(deal: int) -> None:
    """Per shape: the relaxed removal bound is at least the counting bound (the slack is
    never negative), and the stuck test clears exactly the shapes it can clear."""
    game = Pyramid(CLEAR)
    puzzle = pyramid.encode(game.initial_state(numbered_deal(game.deck(), deal))).puzzle
    tables = Tables(puzzle)
    tests = DeadTests(tables, RankIndex(tables))
    outside = 0
    for rank in puzzle.cycle:
        outside |= 1 << rank
    outside &= ~1
    for sid in range(len(tables.geo.shapes)):
        info = tables.shape(sid)
        clearable = tests.clearable(sid, outside)
        assert clearable is (info[5] < UNREACHABLE)
        if clearable:
            assert info[8] >= 0 and info[8] % 2 == 0


def test_registry_binds_the_solver() -> None:
    game = make_game("pyramid", ["clear-the-board"])
    state = game.initial_state(numbered_deal(game.deck(), 1))
    result = solver_for(game).best_line(state)
    check_line(state, result)
    assert result.optimal is True


def test_budget_gives_unknown_never_a_guess() -> None:
    game = Pyramid(PyramidOptions(small=True))
    state = game.initial_state(numbered_deal(game.deck(), 973))
    result = pyramid.solve(state, budget=Budget(max_states=64))
    assert result.solvable is None and result.reason


def test_budget_in_best_line_keeps_the_winning_line() -> None:
    game = Pyramid(CLEAR)
    state = game.initial_state(numbered_deal(game.deck(), 1))
    found = pyramid.solve(state)
    assert found.solvable is True
    result = pyramid.best_line(state, budget=Budget(max_states=found.states + 64))
    check_line(state, result)
    assert result.optimal in (True, False)
    if result.optimal is False:
        assert result.reason


def golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("case", golden()["deals"], ids=lambda case: case["name"])
def test_golden_shortest_lines(case: dict[str, Any]) -> None:
    game = make_game("pyramid", case["options"])
    if "seed" in case:
        state = game.initial_state(numbered_deal(game.deck(), case["seed"]))
    else:
        state = game.initial_state(explicit_deal(case["deck"], game.deck()))
    result = pyramid.best_line(state)
    assert result.solvable is case["solvable"]
    if case["solvable"]:
        check_line(state, result)
        assert result.optimal is True
        assert len(result.moves) == case["length"]


def test_sample_of_the_published_decks() -> None:
    """Verdicts under clear-the-board for every 75th deck (the full run: the benchmark)."""
    sample = golden()["decks_clear_the_board"]
    lines = [line for line in DECKS.read_text(encoding="utf-8").splitlines() if line.strip()]
    game = Pyramid(CLEAR)
    for number, expected in sample.items():
        state = game.initial_state(explicit_deal(lines[int(number) - 1], game.deck()))
        result = pyramid.solve(state)
        assert result.solvable is expected, number
        if expected:
            check_line(state, result)


def test_too_few_partners_decides_the_children_of_an_undecided_start() -> None:
    """Deck 582 of the published 1500 cannot be won under clear-the-board.  The
    too-few-partners test gives up at the first position (too many shapes to look at), but
    the verdict search runs it on every child, where the shapes it remembered decide: a
    handful of positions instead of 118,978."""
    lines = DECKS.read_text(encoding="utf-8").splitlines()
    game = Pyramid(CLEAR)
    result = pyramid.solve(game.initial_state(explicit_deal(lines[581], game.deck())))
    assert result.solvable is False
    assert result.states <= 10


def random_position(rng: random.Random) -> PyramidState:
    """A small random position: the top rows of a pyramid, a short stock and waste."""
    flags = {
        name: rng.random() < 0.35
        for name in ("reserve", "clear_the_board", "small", "one_deal", "waste_off_limits")
    }
    flags["reshuffle"] = rng.random() < 0.3
    options = PyramidOptions(**flags)
    deck = standard_deck()
    rng.shuffle(deck)
    rows = rng.choice((1, 2, 3))
    tableau = {s: deck.pop().code for s in range(rows * (rows + 1) // 2)}
    reserve = (
        " ".join(deck.pop().code for _ in range(rng.choice((0, 2)))) if flags["reserve"] else ""
    )
    stock = " ".join(deck.pop().code for _ in range(rng.randint(0, 5)))
    waste = " ".join(deck.pop().code for _ in range(rng.randint(0, 3)))
    return position(options, tableau, stock, waste, reserve, rng.randint(1, options.passes))


def four_row_position(rng: random.Random) -> PyramidState:
    """A random 4-row pyramid with a stock rich in partners of its cards, so that about a
    quarter can be won, with locked pairs, redeals and reshuffles more often than above."""
    flags = {name: rng.random() < 0.35 for name in ("reserve", "one_deal", "waste_off_limits")}
    flags["clear_the_board"] = rng.random() < 0.8
    flags["reshuffle"] = rng.random() < 0.5
    options = PyramidOptions(**flags)
    deck = standard_deck()
    rng.shuffle(deck)
    tableau = {s: deck.pop() for s in range(10)}
    partners = [13 - card.rank for card in tableau.values() if card.rank != 13]
    rng.shuffle(partners)
    stock = []
    for rank in partners[: rng.randint(6, 10)]:
        found = [card for card in deck if card.rank == rank]
        if found:
            deck.remove(found[0])
            stock.append(found[0])
    stock += [deck.pop() for _ in range(rng.randint(0, 2))]
    rng.shuffle(stock)
    reserve = (
        " ".join(deck.pop().code for _ in range(rng.choice((0, 2)))) if flags["reserve"] else ""
    )
    waste = " ".join(deck.pop().code for _ in range(rng.randint(0, 3)))
    return position(
        options,
        {s: card.code for s, card in tableau.items()},
        " ".join(card.code for card in stock),
        waste,
        reserve,
        rng.randint(1, options.passes),
    )


def assert_agrees_with_breadth_first_search(
    state: PyramidState, *, stored: bool | None = None
) -> None:
    """Verdict, winning lines and shortest length agree with the kit's plain search through
    the engine. With ``stored``, the search's answer is the one stored
    (:mod:`reference_answers`, :func:`stored_search`) when ``True``; when ``False`` it is
    searched for, and must be the one stored."""
    if stored is None:
        check_solver(Pyramid(state.options), state, cap=10**6)
        return
    with pytest.MonkeyPatch.context() as patch:
        search = functools.partial(stored_search, live=not stored)
        patch.setattr(conformance_solver, "reference_search", search)
        check_solver(Pyramid(state.options), state, cap=10**6)


def stored_search(
    state: PyramidState, cap: int, *, key: Any = None, live: bool = False
) -> Reference:
    """:func:`~printplay.testing.reference_search` from ``state`` (its shortest line, the
    fewest cards left, the positions visited), as it answered when its answers were stored;
    searched for again when ``live`` or when not stored."""
    game = Pyramid(state.options)

    def search() -> list[Any]:
        found = reference_search(state, cap, key=key)
        line = None if found.line is None else [move.to_json() for move in found.line]
        assert line is None or tuple(map(game.move_from_json, line)) == found.line
        return [line, found.fewest_left, found.positions]

    kind = f"breadth-first, cap {cap}, key {getattr(key, '__name__', key)}"
    line, fewest, positions = answer(
        "pyramid", kind, state, f"{kind}: {state.options}", search, live=live
    )
    moves = None if line is None else tuple(map(game.move_from_json, line))
    return Reference(moves, fewest, positions)


@pytest.mark.parametrize("seed", range(60))
def test_agrees_with_breadth_first_search(seed: int) -> None:
    assert_agrees_with_breadth_first_search(random_position(random.Random(seed)))


FOUR_ROWS_LOOP = [*range(10), 1415]
FEW_RANKS_LOOP = range(8)
"""The seeds of the two tests below the developer's loop keeps: their reference searches
run every run (and check the answers stored); the other seeds' are read stored."""


@pytest.mark.parametrize("seed", mostly_slow([*range(45), 1415], fast=FOUR_ROWS_LOOP))
def test_agrees_with_breadth_first_search_on_four_rows(seed: int) -> None:
    """The same on 4-row pyramids with up to twelve stock cards (seed 7 once failed with
    a reserve, seed 1415 under reshuffle). Of the bugs planted in the solver
    (docs/benchmarks.md, "The test suite"), seed 3 caught a removal pairing skipped, seed
    17 a king on the waste left; seeds 45-59 (one of them the costliest case) caught none
    the first 45 miss."""
    stored = seed not in FOUR_ROWS_LOOP
    assert_agrees_with_breadth_first_search(four_row_position(random.Random(seed)), stored=stored)


def few_ranks_position(rng: random.Random) -> PyramidState:
    """A random 4-row pyramid dealt from the cards of three pairs of ranks and the kings,
    so that many cards share a rank: positions differing only in which card of a rank is
    gone are common, and the shortest-line search keeps one of them (by ranks)."""
    flags = {name: rng.random() < 0.3 for name in ("reserve", "one_deal", "waste_off_limits")}
    flags["clear_the_board"] = rng.random() < 0.8
    options = PyramidOptions(**flags)
    low = rng.sample(range(1, 7), 3)
    deck = [card for card in standard_deck() if card.rank in {13, *low, *(13 - a for a in low)}]
    rng.shuffle(deck)
    tableau = {s: deck.pop().code for s in range(10)}
    reserve = (
        " ".join(deck.pop().code for _ in range(rng.choice((0, 2)))) if flags["reserve"] else ""
    )
    stock = " ".join(deck.pop().code for _ in range(rng.randint(6, 11)))
    waste = " ".join(deck.pop().code for _ in range(rng.randint(0, 3)))
    return position(options, tableau, stock, waste, reserve, rng.randint(1, options.passes))


@pytest.mark.parametrize("seed", mostly_slow(range(16), fast=FEW_RANKS_LOOP))
def test_agrees_with_breadth_first_search_with_few_ranks(seed: int) -> None:
    """The same on deals of few ranks, where the shortest-line search merges positions
    with the same ranks in the same places (:meth:`RankIndex.by_ranks`). Seed 0 caught
    both bugs planted in the solver that any of seeds 0-39 caught (docs/benchmarks.md)."""
    stored = seed not in FEW_RANKS_LOOP
    assert_agrees_with_breadth_first_search(few_ranks_position(random.Random(seed)), stored=stored)


def brute_fewest(
    word: list[tuple[int, bool]], partner: int, cost: Callable[[list[tuple[int, bool]]], int]
) -> int:
    """The least ``cost`` of the cards going with a partner from elsewhere (each of a rank
    in ``partner``), the rest pairing off as neighbours in some order: every set of cards
    to remove tried."""

    @functools.cache
    def clears(rest: tuple[tuple[int, bool], ...]) -> bool:
        if not rest:
            return True
        return any(
            a[0] + b[0] == 13 and not (a[1] and b[1]) and clears(rest[:i] + rest[i + 2 :])
            for i, (a, b) in enumerate(itertools.pairwise(rest))
        )

    fewest = UNREACHABLE
    cards_ = [c for c in word if c[0] != 13]
    for chosen in range(1 << len(cards_)):
        gone = [c for i, c in enumerate(cards_) if chosen >> i & 1]
        if any(not partner >> r & 1 for r, _w in gone):
            continue
        paid = cost(gone)
        if paid < fewest and clears(tuple(c for i, c in enumerate(cards_) if not chosen >> i & 1)):
            fewest = paid
    return fewest


def brute_deletions(word: list[tuple[int, bool]], partner: int) -> int:
    """:func:`deletions` by trying every set of cards to remove (:func:`brute_fewest`)."""
    return brute_fewest(word, partner, len)


@pytest.mark.parametrize("seed", range(120))
def test_deletions_match_a_plain_search(seed: int) -> None:
    """The fewest cycle cards needing a partner from elsewhere, against trying every set
    (from seed 40 on, whole cycles of 5, 8 and 3 split by the pointer, only the 3 or the
    10 taking a partner from elsewhere: two neighbours above the pointer must not be paired
    off first while cards below it are left; seed 73 caught that)."""
    rng = random.Random(seed)
    if seed < 40:
        n = rng.randint(1, 10)
        ranks = [rng.choice((1, 2, 11, 12, 13, 6, 7)) for _ in range(n)]
        ptr = rng.randint(0, n) if rng.random() < 0.5 else 0
        partner = rng.getrandbits(14) & ~1
        cyc = rng.getrandbits(n) | 1
    else:
        n = rng.randint(4, 10)
        ranks = [rng.choice((5, 8, 3)) for _ in range(n)]
        ptr = rng.randint(1, n - 1)
        partner = 1 << 3 | (1 << 10 if rng.random() < 0.3 else 0)
        cyc = (1 << n) - 1
    word = [(ranks[p], p < ptr) for p in range(n) if cyc >> p & 1]
    fewest = brute_deletions(word, partner)
    assert deletions(ranks, cyc, ptr, partner, -1) == fewest
    mates = [
        sum(1 << q for q in range(p + 1, n) if ranks[q] + r == 13) for p, r in enumerate(ranks)
    ]
    kings = sum(1 << p for p, r in enumerate(ranks) if r == 13)
    assert clearable_cycle(ranks, mates, cyc & ~kings, ptr, partner) is (fewest < UNREACHABLE)
    assert fewest_in_cycle(ranks, mates, cyc & ~kings, ptr, partner) == fewest


@pytest.mark.parametrize("seed", range(20))
def test_fewest_deletions_on_long_words(seed: int) -> None:
    """The interval recursion on byte-wide fields against the plain one, on words of up to
    40 cards (too long to try every set)."""
    rng = random.Random(seed)
    n = rng.randint(1, 40)
    word = [rng.randint(1, 12) for _ in range(n)]
    lows = rng.getrandbits(n) if rng.random() < 0.3 else 0
    mates = [
        sum(
            1 << k
            for k in range(i + 1, n)
            if word[k] + word[i] == 13 and not (lows >> i & 1 and lows >> k & 1)
        )
        for i in range(n)
    ]
    partner = rng.getrandbits(13) | (1 << 13 if rng.random() < 0.5 else 0)

    @functools.cache
    def fewest(i: int, j: int) -> int:
        if i >= j:
            return 0
        options = [1 + fewest(i + 1, j)] if partner >> word[i] & 1 else []
        options += [
            fewest(i + 1, k) + fewest(k + 1, j) for k in range(i + 1, j) if mates[i] >> k & 1
        ]
        return min(options, default=UNREACHABLE)

    expected = fewest(0, n)
    assert pyramid_cycle._fewest_left(word, mates, partner) == min(expected, UNREACHABLE)


def brute_fewest_of_rank(word: list[tuple[int, bool]], partner: int, rank: int) -> int:
    """The fewest cards of ``rank`` going with a partner from elsewhere, the rest pairing
    off as neighbours: every set of cards to remove tried (:func:`brute_fewest`)."""
    return brute_fewest(word, partner, lambda gone: sum(r == rank for r, _w in gone))


@pytest.mark.parametrize("seed", range(80))
def test_fewest_of_one_rank_match_a_plain_search(seed: int) -> None:
    """The fewest cycle cards of one rank needing a partner from elsewhere (the other ranks
    with a partner going for nothing: :meth:`DeadTests.short_by_rank`), against trying every
    set, on words of few ranks so that a rank often repeats."""
    rng = random.Random(seed)
    n = rng.randint(1, 11)
    alphabet = rng.choice(((1, 12, 2, 11, 13), (5, 8, 3, 10), (4, 9, 6, 7, 5, 8)))
    ranks = [rng.choice(alphabet) for _ in range(n)]
    ptr = rng.randint(0, n) if rng.random() < 0.5 else 0
    partner = rng.getrandbits(13) << 1
    cyc = rng.getrandbits(n) | 1
    word = [(ranks[p], p < ptr) for p in range(n) if cyc >> p & 1]
    mates = [
        sum(1 << q for q in range(p + 1, n) if ranks[q] + r == 13) for p, r in enumerate(ranks)
    ]
    kings = sum(1 << p for p, r in enumerate(ranks) if r == 13)
    for rank in sorted(set(alphabet) - {13}):
        expected = brute_fewest_of_rank(word, partner, rank)
        found = fewest_in_cycle(ranks, mates, cyc & ~kings, ptr, partner, 1 << rank)
        assert found == expected, (rank, word, partner)


@pytest.mark.parametrize("seed", range(20))
def test_fewest_of_one_rank_on_long_words(seed: int) -> None:
    """The interval recursion on byte-wide fields counting one rank against the plain
    one, on words of up to 40 cards."""
    rng = random.Random(seed)
    n = rng.randint(1, 40)
    word = [rng.randint(1, 12) for _ in range(n)]
    lows = rng.getrandbits(n) if rng.random() < 0.3 else 0
    mates = [
        sum(
            1 << k
            for k in range(i + 1, n)
            if word[k] + word[i] == 13 and not (lows >> i & 1 and lows >> k & 1)
        )
        for i in range(n)
    ]
    partner = rng.getrandbits(13) << 1
    costly = 1 << rng.randint(1, 12)

    @functools.cache
    def fewest(i: int, j: int) -> int:
        if i >= j:
            return 0
        cost = 1 if costly >> word[i] & 1 else 0
        options = [cost + fewest(i + 1, j)] if partner >> word[i] & 1 else []
        options += [
            fewest(i + 1, k) + fewest(k + 1, j) for k in range(i + 1, j) if mates[i] >> k & 1
        ]
        return min(options, default=UNREACHABLE)

    expected = fewest(0, n)
    found = fewest_in_cycle(word, mates, (1 << n) - 1, 0, partner, costly)
    assert found == min(expected, UNREACHABLE)


def test_deletions_below_the_pointer() -> None:
    """``5 8 3 | 5 8`` on the last pass with a partner for the 3: the 3 goes, the 8 below
    pairs with the 5 above and the 5 below with the 8 above (pairing the two above first,
    as neighbours, would leave the 5 and 8 below, which never pair)."""
    ranks = [5, 8, 3, 5, 8]
    assert deletions(ranks, 0b11111, 3, 1 << 3, -1) == 1
    mates = [
        sum(1 << q for q in range(p + 1, 5) if ranks[q] + r == 13) for p, r in enumerate(ranks)
    ]
    assert fewest_in_cycle(ranks, mates, 0b11111, 3, 1 << 3) == 1


def cut_position(
    rng: random.Random,
    options: PyramidOptions,
    tableau: list[Card],
    loose: list[Card],
    reserve: list[Card],
) -> PyramidState:
    """The position of ``tableau`` with ``loose`` cut at random: its first cards the waste,
    the rest the stock; ``reserve`` as given; on the last pass or a random one."""
    cut = rng.randint(0, len(loose))
    passes = options.passes if rng.random() < 0.5 else rng.randint(1, options.passes)
    return split_position(options, tableau, loose, cut, reserve, passes)


def split_position(
    options: PyramidOptions,
    tableau: list[Card],
    loose: list[Card],
    cut: int,
    reserve: list[Card],
    passes: int,
) -> PyramidState:
    """The position of ``tableau`` with ``loose[:cut]`` the waste and the rest the stock,
    ``reserve`` as given, on pass ``passes``."""
    return position(
        options,
        {s: card.code for s, card in enumerate(tableau)},
        " ".join(card.code for card in loose[cut:]),
        " ".join(card.code for card in loose[:cut]),
        " ".join(card.code for card in reserve),
        passes,
    )


def every_card_position(rng: random.Random) -> PyramidState:
    """A small random position of a game where every card must go, built of pairs making
    13 (so that about half can be won): one to three pyramid rows, the partners spread
    over the stock, the waste and the reserve, often on the last pass."""
    flags = {name: rng.random() < 0.3 for name in ("reserve", "one_deal", "waste_off_limits")}
    flags["reshuffle"] = rng.random() < 0.25
    options = PyramidOptions(**flags)
    deck = standard_deck()
    rng.shuffle(deck)
    rows = rng.choice((1, 2, 2, 3))
    tableau = [deck.pop() for _ in range(rows * (rows + 1) // 2)]
    loose: list[Card] = []
    for card in [*tableau, *(deck.pop() for _ in range(rng.randint(0, 3)))]:
        if card.rank != 13:
            found = [c for c in deck if c.rank == 13 - card.rank]
            if found:
                deck.remove(found[0])
                loose.append(found[0])
    rng.shuffle(loose)
    reserve = [loose.pop() for _ in range(min(len(loose), rng.choice((0, 1, 2))))]
    if not flags["reserve"]:
        loose += reserve
        reserve = []
    return cut_position(rng, options, tableau, loose, reserve)


@pytest.mark.parametrize("seed", range(80))
def test_every_card_games_agree_with_breadth_first_search(seed: int) -> None:
    """The tests for games where every card must go (the stock and waste cannot all pair
    off) against the kit's plain search."""
    assert_agrees_with_breadth_first_search(every_card_position(random.Random(seed)))


def rank_heavy_position(rng: random.Random) -> PyramidState:
    """A small random position of a game where every card must go, of two or three pairs
    of ranks (all four cards of each rank, less a few pairs), so that the stock and waste
    often hold more cards of one rank than the pyramid and reserve hold partners for:
    one to three pyramid rows, often on the last pass."""
    options = PyramidOptions(reserve=rng.random() < 0.3, one_deal=rng.random() < 0.3)
    lows = rng.sample(range(1, 7), rng.choice((2, 2, 3)))
    by_rank = {r: [c for c in standard_deck() if c.rank == r] for a in lows for r in (a, 13 - a)}
    for a in lows:
        for _ in range(rng.randint(0, 2)):
            by_rank[a].remove(rng.choice(by_rank[a]))
            by_rank[13 - a].remove(rng.choice(by_rank[13 - a]))
    deck = [c for group in by_rank.values() for c in group]
    rng.shuffle(deck)
    rows = rng.choice((1, 2, 3))
    size = rows * (rows + 1) // 2
    tableau, rest = deck[:size], deck[size:]
    while len(rest) > 11:
        rest.pop()
    reserve = [rest.pop() for _ in range(rng.choice((0, 1, 2)))] if options.reserve else []
    return cut_position(rng, options, tableau, rest, reserve)


@pytest.mark.parametrize("seed", range(60))
def test_rank_heavy_positions_agree_with_breadth_first_search(seed: int) -> None:
    """The per-rank cycle test (:meth:`DeadTests.short_by_rank`) inside the whole solver,
    against the kit's plain search, on positions of few ranks."""
    assert_agrees_with_breadth_first_search(rank_heavy_position(random.Random(seed)))


@pytest.mark.parametrize("seed", range(60))
def test_short_by_rank_matches_trying_every_set(seed: int) -> None:
    """:meth:`DeadTests.short_by_rank` (which leaves out the pairs of ranks that may all go
    for nothing) against the fewest cards of each rank needing a partner from elsewhere
    found by trying every set on the whole cycle, at every pointer of the start's pass."""
    state = rank_heavy_position(random.Random(seed))
    t = Tables(pyramid.encode(state).puzzle)
    tests = DeadTests(t, RankIndex(t))
    sid, passes, _ptr, oid, mask = unpack(t.start)
    counts = t.shape(sid)[7]
    ranks = t.order_ranks[oid]
    cyc = mask >> t.nres
    have = list(counts)
    for i, r in enumerate(t.res_ranks):
        if mask >> i & 1:
            have[r] += 1
    partner = sum(1 << (13 - r) for r in range(1, 13) if have[r])
    for ptr in range(len(ranks) + 1) if passes == t.max_pass else [0]:
        word = [(ranks[p], p < ptr) for p in range(len(ranks)) if cyc >> p & 1]
        # (a rank with no more cards in the cycle than partners outside it is not tried)
        expected = any(
            sum(r == a for r, _w in word) > have[13 - a]
            and brute_fewest_of_rank(word, partner, a) > have[13 - a]
            for a in range(1, 7)
        )
        assert tests.short_by_rank(counts, oid, mask, ptr, partner) is expected


def test_short_by_rank_cuts_only_lost_positions() -> None:
    """Every start the per-rank test finds dead where the total test alone does not is lost
    by the kit's plain search, and the test finds some."""
    cut = 0
    for seed in range(300):
        state = rank_heavy_position(random.Random(seed))
        t = Tables(pyramid.encode(state).puzzle)
        sid, passes, ptr, oid, mask = unpack(t.start)
        if not mask >> t.nres:
            continue
        info = t.shape(sid)
        at = ptr if passes == t.max_pass else 0
        if not DeadTests(t, RankIndex(t)).unreducible(info, oid, mask, at):
            continue
        total_only = DeadTests(t, RankIndex(t))
        total_only.short_by_rank = lambda *args: False  # type: ignore[method-assign]
        if total_only.unreducible(info, oid, mask, at):
            continue
        cut += 1
        assert reference_shortest(state, 10**6) is None, seed
    assert cut >= 5


def plain_limited_clear(ranks: list[int], left: frozenset[int], counts: dict[int, int]) -> bool:
    """Whether the 3-row pyramid cards ``left`` can all go by kings, pairs among them and
    pairs with outside cards, ``counts[z]`` of rank ``z``: every order tried."""
    if not left:
        return True
    free = [s for s in left if not any(c in left for c in COVERS[s])]
    for s in free:
        rest = left - {s}
        if ranks[s] == 13 and plain_limited_clear(ranks, rest, counts):
            return True
        z = 13 - ranks[s]
        if counts.get(z, 0) and plain_limited_clear(ranks, rest, {**counts, z: counts[z] - 1}):
            return True
        pairs = [u for u in free if u > s and ranks[s] + ranks[u] == 13]
        if any(plain_limited_clear(ranks, rest - {u}, counts) for u in pairs):
            return True
    return False


COVERS = {0: (1, 2), 1: (3, 4), 2: (4, 5), 3: (), 4: (), 5: ()}
"""The slots lying on each slot of a 3-row pyramid."""


@pytest.mark.parametrize("seed", range(60))
def test_limited_partners_match_a_plain_search(seed: int) -> None:
    """The pyramid taken apart with a count of outside cards per rank, each used once,
    against trying every order on a 3-row pyramid."""
    rng = random.Random(seed)
    ranks = [rng.choice((1, 4, 9, 12, 13, 5, 8)) for _ in range(6)]
    counts = {z: rng.choice((0, 1, 1, 2, 3)) for z in (1, 4, 9, 12, 5, 8)}
    t = Tables(Puzzle(3, tuple(ranks), (), (1,), 0, 0))
    packed = sum(counts[z] << 3 * z for z in counts)
    expected = plain_limited_clear(ranks, frozenset(range(6)), counts)
    assert DeadTests(t, RankIndex(t)).limited_clear(t.start_sid, packed) is expected


def waste_heavy_position(rng: random.Random, short_stock: bool = False) -> PyramidState:
    """A small clear-the-board position with a deep waste: the partners of the pyramid's
    cards spread over the stock and the waste, with cards of a few other ranks between
    them, so that cards under the waste top often cannot be dug out (the access bound's
    :meth:`Bound.room`); ``short_stock``: at most two stock cards."""
    options = PyramidOptions(
        clear_the_board=True, one_deal=rng.random() < 0.2, reserve=rng.random() < 0.2
    )
    deck = standard_deck()
    rng.shuffle(deck)
    rows = rng.choice((2, 3, 3))
    tableau = [deck.pop() for _ in range(rows * (rows + 1) // 2)]
    loose: list[Card] = []
    for card in tableau:
        found = [c for c in deck if c.rank == 13 - card.rank]
        if card.rank != 13 and found and rng.random() < 0.8:
            deck.remove(found[0])
            loose.append(found[0])
    others = [c for c in deck if c.rank in rng.sample(range(1, 14), 3)]
    for card in others[: rng.randint(1, 5)]:
        deck.remove(card)
        loose.append(card)
    rng.shuffle(loose)
    reserve = [loose.pop()] if options.reserve and loose else []
    cut = rng.randint(len(loose) // 3, len(loose))
    if short_stock:
        cut = max(0, len(loose) - rng.randint(0, 2))
    return split_position(options, tableau, loose, cut, reserve, rng.randint(1, options.passes))


def bound_of(state: PyramidState) -> int:
    """The A* lower bound of ``state`` (:meth:`Bound.bound`)."""
    t = Tables(pyramid.encode(state).puzzle)
    return Bound(t, RankIndex(t)).bound(t.start)


@pytest.mark.parametrize("seed", range(200))
@pytest.mark.parametrize("short_stock", [False, True])
def test_bound_never_above_the_shortest_win(seed: int, short_stock: bool) -> None:
    """Admissible: at every position of a shortest line found by the kit's breadth-first
    search through the engine, the bound is at most the steps left (and a position the
    search finds lost may get any bound)."""
    state = waste_heavy_position(random.Random(seed), short_stock)
    line = reference_shortest(state, 10**6)
    if line is None:
        return
    for done, here in enumerate(replay_line(state, line)):
        assert bound_of(here) <= len(line) - done, (seed, done)


def test_room_raises_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """:meth:`Bound.room`: the 7 the apex needs lies under three 5s, and the 8 of the
    pyramid and the 8 of the stock can take only two of them, so the 7 comes only after
    the three stock cards have gone and a redeal: four steps beyond the three removing
    steps (the bound is exact here).  Without the count (every waste card
    with a partner free to leave) the 7 is dug out for two steps; the bound never rises
    without it on the positions above."""
    options = PyramidOptions(clear_the_board=True)
    state = position(options, {0: "6h", 1: "8c", 2: "Kc"}, "8d 2c 3c", "7s 5h 5d 5s")
    assert bound_of(state) == 3 + 4 == shortest(state)
    states = [waste_heavy_position(random.Random(seed)) for seed in range(120)]
    with_room = [bound_of(state) for state in states]
    monkeypatch.setattr(Bound, "room", lambda *_args: 8)
    assert bound_of(state) == 3 + 2
    without = [bound_of(state) for state in states]
    assert all(a >= b for a, b in zip(with_room, without, strict=True))


def test_partners_that_cannot_be_free_raise_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """The positions above exercise :meth:`Bound.partnerable`: with every pyramid card
    taken to be free whenever wanted, the bound is lower on some of them."""
    states = [waste_heavy_position(random.Random(seed)) for seed in range(120)]
    timed = [bound_of(state) for state in states]
    monkeypatch.setattr(Bound, "partnerable", lambda *_args: (0, *[4] * 12, 0))
    untimed = [bound_of(state) for state in states]
    assert all(a >= b for a, b in zip(timed, untimed, strict=True))
    assert sum(a > b for a, b in zip(timed, untimed, strict=True)) >= 3


def can_be_free(ranks: list[int], covers: list[int], left: int, outside: int) -> int:
    """The cards of ``left`` (a set of slots, as bits) that are free in some position
    reached by kings, pyramid pairs and pairs with outside cards of the ranks ``outside``
    (as bits), every order tried."""
    seen = {left}
    todo = [left]
    found = 0
    while todo:
        here = todo.pop()
        free = [s for s in range(len(ranks)) if here >> s & 1 and not covers[s] & here]
        for s in free:
            found |= 1 << s
        nexts = [here ^ 1 << s for s in free if ranks[s] == KING or outside >> (13 - ranks[s]) & 1]
        nexts += [here ^ 1 << s ^ 1 << u for s in free for u in free if ranks[s] + ranks[u] == 13]
        for nxt in nexts:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return found


@pytest.mark.parametrize("seed", range(80))
def test_partnerable_keeps_every_card_that_can_be_free(seed: int) -> None:
    """:meth:`Bound.partnerable` over-approximates: it counts, per partner rank, at
    least the pyramid cards that some order of removals frees, with outside partners of
    the ranks in play only (4-row pyramids of few ranks, every shape and a random set of
    ranks in play)."""
    rng = random.Random(seed)
    rows = 4
    low = rng.sample(range(1, 7), 3)
    ranks = [rng.choice((KING, *low, *(13 - a for a in low))) for _ in range(10)]
    t = Tables(Puzzle(rows, tuple(ranks), (), (1,), 0, 0))
    bound = Bound(t, RankIndex(t))
    geo = t.geo
    for sid, shape in enumerate(geo.shapes):
        outside = sum(1 << z for z in range(1, KING) if rng.random() < 0.4)
        free = can_be_free(ranks, list(geo.covered_by), shape, outside)
        wanted = [0] * 14
        for s in range(10):
            if free >> s & 1 and ranks[s] != KING:
                wanted[13 - ranks[s]] += 1
        crit = bound.blocking(sid)[0]
        caps = bound.partnerable(sid, outside & crit)
        assert all(c >= w for c, w in zip(caps, wanted, strict=True)), (sid, outside)


def test_a_pyramid_partner_that_waits_for_the_same_rank_does_not_free_a_card() -> None:
    """:meth:`Bound.blocking` follows partners: the 3 on the second row (slot 4) can go
    with the 10 beside it, but that 10 lies under a 3 that only an outside 10 takes, so
    either way the 3 waits for a 10 from outside, and so does the 6 it lies on (slot 1).
    A 7 from outside cannot pair with the 6 before a 10 has come into play; a search of
    every order of removals agrees."""
    k = KING
    ranks = [k, 6, k, k, 3, 10, k, k, k, 3]
    t = Tables(Puzzle(4, tuple(ranks), (), (1,), 0, 0))
    bound = Bound(t, RankIndex(t))
    every_card = (1 << 10) - 1
    full = t.geo.index[every_card]
    crit = bound.blocking(full)[0]
    assert crit >> 10 & 1
    assert not bound.partnerable(full, 0)[7]
    assert bound.partnerable(full, 1 << 10)[7]
    covers = list(t.geo.covered_by)
    assert not can_be_free(ranks, covers, every_card, 0) >> 1 & 1
    assert can_be_free(ranks, covers, every_card, 1 << 10) >> 1 & 1
