"""Grading: the measures of a deal, reproducible, and the levels set from them."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from printplay.analysis import grading
from printplay.analysis.grading import (
    decisions,
    grade_deal,
    grade_line,
    graded,
    possible_levels,
)
from printplay.analysis.levels import DEFAULT, level_of, thresholds
from printplay.analysis.players import (
    greedy_move,
    playout_rng,
    random_game,
    without_stock_turns,
)
from printplay.cli.app import main
from printplay.core import options as opts
from printplay.core.deal import Deal, numbered_deal
from printplay.core.grades import GRADES, LEVELS, Grade, Measures, Thresholds
from printplay.core.protocols import RegisteredSolitaire
from printplay.core.verdicts import SolveResult
from printplay.games import REGISTRY, make_solitaire, solver_for
from printplay.solve.toolkit import LineError

pytestmark = pytest.mark.usefixtures("grades_once")
"""A deal graded in this process before is answered as it was (``conftest.grades_once``)."""


def deal_of(
    name: str, seed: int, options: tuple[str, ...] = ()
) -> tuple[RegisteredSolitaire, Deal]:
    game = make_solitaire(name, options)
    return game, numbered_deal(game.deck(), seed)


@pytest.mark.fresh_grades
def test_a_grade_is_the_same_on_every_run() -> None:
    game, deal = deal_of("ricochet", 3)
    first, second = graded(game, deal), graded(game, deal)
    assert first.grade == second.grade and first.grade.winnable
    assert first.line.moves == second.line.moves


def test_random_games_are_seeded_by_the_deal_and_the_options() -> None:
    game, deal = deal_of("tripeaks", 1)
    _, other = deal_of("tripeaks", 2)
    variant = make_solitaire("tripeaks", ["no-wrap"])
    draws = {
        playout_rng(game, deal).random(),
        playout_rng(game, other).random(),
        playout_rng(variant, deal).random(),
    }
    assert len(draws) == 3
    assert playout_rng(game, deal).random() == playout_rng(game, deal).random()


def test_the_random_player_turns_the_stock_only_when_nothing_else_is_legal() -> None:
    game, deal = deal_of("tripeaks", 5)
    state = game.initial_state(deal)
    rng = random.Random(1)
    turned_with_choice = 0
    while not state.is_over:
        legal = state.legal_moves()
        move = rng.choice(without_stock_turns(legal))
        if move.turns_stock and any(not m.turns_stock for m in legal):
            turned_with_choice += 1
        state = state.apply(move)
    assert turned_with_choice == 0
    assert isinstance(random_game(game.initial_state(deal), random.Random(1)), bool)


def test_the_greedy_player_takes_the_move_that_clears_most() -> None:
    game, deal = deal_of("pyramid", 3)
    state = game.initial_state(deal)
    for _ in range(30):
        if state.is_over:
            break
        legal = state.legal_moves()
        move = greedy_move(state)
        others = [m for m in legal if not m.turns_stock]
        if others:
            assert not move.turns_stock
            cleared = state.cards_left - state.apply(move).cards_left
            assert cleared == max(state.cards_left - state.apply(m).cards_left for m in others)
        state = state.apply(move)


def test_decisions_are_positions_where_at_most_half_the_moves_keep_the_deal() -> None:
    game, deal = deal_of("ricochet", 3)
    found = graded(game, deal)
    assert found.grade.measures is not None
    start = game.initial_state(deal)
    chosen, unsettled = decisions(game, start, found.line.moves)
    assert chosen == found.grade.measures.decision_moves and unsettled == 0
    solver = solver_for(game)
    state = start
    for number, move in enumerate(found.line.moves, start=1):
        legal = state.legal_moves()
        kept = sum(
            bool(state.apply(m).is_won or solver.solve(state.apply(m)).solvable) for m in legal
        )
        is_decision = len(legal) >= 2 and 2 * kept <= len(legal)
        assert (number in chosen) == is_decision, number
        state = state.apply(move)


def test_a_stored_line_is_graded_without_searching_and_agrees() -> None:
    game, deal = deal_of("tripeaks", 3)
    found = graded(game, deal)
    assert grade_line(game, deal, found.line.moves) == found.grade
    with pytest.raises(LineError, match="does not win"):
        grade_line(game, deal, found.line.moves[:-1])


def test_an_unwinnable_deal_is_graded_unwinnable() -> None:
    game, deal = deal_of("tripeaks", 8)
    found = graded(game, deal)
    assert found.grade == Grade("unwinnable") and found.line.solvable is False
    assert grade_deal(game, deal, levels=LEVELS) is None
    assert grade_deal(game, deal, levels=["unwinnable"]) is not None


def test_a_deal_outside_the_levels_asked_is_left_unmeasured() -> None:
    game, deal = deal_of("ricochet", 2)
    level = graded(game, deal).grade.level
    assert grade_deal(game, deal, levels=[x for x in LEVELS if x != level]) is None
    again = grade_deal(game, deal, levels=[level])
    assert again is not None and again.grade.level == level


def test_the_levels_a_deal_can_reach_hold_its_level() -> None:
    for seed in range(1, 6):
        game, deal = deal_of("tripeaks", seed)
        found = graded(game, deal)
        measures = found.grade.measures
        if measures is not None:
            reach = possible_levels(game.name, measures.random_won, measures.greedy_won)
            assert found.grade.level in reach


GRADED = sorted(name for name, game in REGISTRY.items() if game.is_solitaire)
"""The games whose deals are graded."""


@pytest.mark.parametrize("game", GRADED)
def test_levels_rise_as_the_measures_get_harder(game: str) -> None:
    def level(won: int, greedy: bool, chosen: int) -> int:
        return LEVELS.index(level_of(game, Measures(won, 200, greedy, chosen, 45)))

    for won in range(0, 201, 5):
        for greedy in (True, False):
            for chosen in range(0, 30, 3):
                here = level(won, greedy, chosen)
                assert here <= level(max(0, won - 5), greedy, chosen)
                assert here <= level(won, False, chosen)
                assert here <= level(won, greedy, chosen + 3)
    assert level(200, True, 0) == 0 and level(0, False, 29) == 3


def test_a_game_declares_its_thresholds(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in GRADED:
        assert thresholds(name) is REGISTRY[name].levels is not None
    measures = Measures(30, 200, True, 2, 45)  # a random share of 0.15
    assert level_of("ricochet", measures) == "easy"
    strict = Thresholds(easy=0.5, medium=0.2, hard=0.1, easy_decisions=1, expert_decisions=3)
    monkeypatch.setitem(
        REGISTRY, "ricochet", dataclasses.replace(REGISTRY["ricochet"], levels=strict)
    )
    assert thresholds("ricochet") is strict and level_of("ricochet", measures) == "hard"


def test_a_game_without_thresholds_is_graded_with_the_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    newcomer = dataclasses.replace(REGISTRY["ricochet"], name="newcomer", aliases=(), levels=None)
    monkeypatch.setitem(REGISTRY, "newcomer", newcomer)
    assert thresholds("newcomer") is DEFAULT
    assert level_of("newcomer", Measures(100, 200, True, 0, 40)) == "easy"
    assert level_of("newcomer", Measures(0, 200, False, 9, 40)) == "expert"
    assert possible_levels("newcomer", 3, False) == ("hard", "expert")


def test_thresholds_must_fall() -> None:
    with pytest.raises(ValueError, match="must fall"):
        Thresholds(easy=0.1, medium=0.2, hard=0.0, easy_decisions=1, expert_decisions=3)


def test_a_grade_holds_measures_only_for_a_level() -> None:
    measures = Measures(10, 200, False, 2, 40)
    with pytest.raises(ValueError, match="no such grade"):
        Grade("impossible", measures)
    with pytest.raises(ValueError, match="comes with its measures"):
        Grade("easy")
    with pytest.raises(ValueError, match="comes with its measures"):
        Grade("unwinnable", measures)
    assert set(GRADES) >= set(LEVELS)


def test_solve_grade_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "ricochet", "--seed", "3", "--grade", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    grade = data["grade"]
    assert grade["level"] in LEVELS
    assert {"random_share", "playouts", "greedy_won", "decisions", "length"} <= set(grade)
    assert grade["playouts"] == grading.PLAYOUTS
    game, deal = deal_of("ricochet", 3)
    assert grade == graded(game, deal).grade.to_json()


def test_solve_grade_text_and_deal_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["solve", "tripeaks", "--seed", "8", "--grade"]) == 0
    assert "Grade: unwinnable." in capsys.readouterr().out
    game, first = deal_of("ricochet", 3)
    _, second = deal_of("ricochet", 10)
    path = tmp_path / "deals.txt"
    path.write_text(" ".join(first.codes) + "\n" + " ".join(second.codes) + "\n")
    assert main(["solve", "ricochet", "--deal-file", str(path), "--grade"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["grade"]["level"] for line in lines][1] == "unwinnable"
    assert lines[0]["grade"] == graded(game, first).grade.to_json()


VARIANTS = [
    (name, options)
    for name, game in REGISTRY.items()
    if game.is_solitaire
    for options in game.win_rates
    if options
]
"""Every variant whose win rate a rulebook prints (the standard games are graded above)."""


FIRST_WINNABLE = {
    ("pyramid", ("one-deal",)): 4,
    ("pyramid", ("waste-off-limits",)): 194,
    ("pyramid", ("waste-off-limits", "clear-the-board")): 3,
    ("golf", ("queens-on-kings",)): 2,
}
"""The first winnable deal of a variant where it is not deal 1."""


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "options"), VARIANTS, ids=[f"{g}-{','.join(o)}" for g, o in VARIANTS]
)
def test_every_variant_is_graded(game: str, options: tuple[str, ...]) -> None:
    """The first winnable deal of each variant gets a level from its measures, and its
    random games are seeded apart from the standard game's."""
    solitaire = make_solitaire(game, options)
    deal = solitaire.numbered_deal(FIRST_WINNABLE.get((game, options), 1))
    found = graded(solitaire, deal)
    assert found.grade.level in LEVELS and found.line.solvable
    assert found.grade.measures is not None
    assert level_of(game, found.grade.measures) == found.grade.level
    assert found.grade.measures.length == len(found.line.moves)
    standard = make_solitaire(game)
    assert playout_rng(solitaire, deal).random() != playout_rng(standard, deal).random()


ONE_ANSWER = [
    pytest.param("pyramid", (), (32,), id="pyramid-deal-32"),
    pytest.param("ricochet", (), (20,), id="ricochet-deal-20"),
    pytest.param("tripeaks", (), (1, 2), id="tripeaks-1-2"),
]
"""Deals whose level every verb must agree on, graded for real: the two where ``stats
--grade`` once measured the solver's first line instead of the shortest (Pyramid 32: easy,
0 real decisions on the 37-move shortest line, but medium on the solver's 54 moves; Pyramid
6, 7, 27 and 36 and Ricochet 20 likewise, among deals 1-40), and two TriPeaks deals."""


def _verbs_grades(
    solitaire: RegisteredSolitaire, seeds: tuple[int, ...]
) -> tuple[dict[int, Grade], dict[int | None, Grade], dict[int, str | None]]:
    """The grade of each deal as ``solve --grade`` gives it (:func:`grade_of`), as the
    books choose deals (:func:`grade_deals`) and the level ``stats --grade`` records (its
    worker, :func:`solve_chunk`)."""
    from printplay.analysis.stats_work import StatsJob, solve_chunk
    from printplay.builders.batch import grade_of

    deals = [solitaire.numbered_deal(seed) for seed in seeds]
    solved = {seed: grade_of(solitaire, deal) for seed, deal in zip(seeds, deals, strict=True)}
    booked = {graded.deal.seed: graded.grade for graded in grading.grade_deals(solitaire, deals)}
    chunks = tuple((seed, seed + 1) for seed in seeds)
    job = StatsJob(solitaire.name, tuple(opts.chosen(solitaire.options)), None, chunks, grade=True)
    stats = {record.deal: record.level for record in solve_chunk(job)}
    return solved, booked, stats


@pytest.mark.parametrize(("game", "options", "seeds"), ONE_ANSWER)
def test_every_verb_gives_a_deal_the_same_grade(
    game: str, options: tuple[str, ...], seeds: tuple[int, ...]
) -> None:
    """One grading, one answer: ``stats --grade`` (its worker's records), ``solve --grade``
    and the books (:func:`grade_deals`, as ``book`` and ``sheet --difficulty`` choose deals)
    give every deal the same level, from the same measures."""
    solved, booked, stats = _verbs_grades(make_solitaire(game, options), seeds)
    assert booked == solved
    assert stats == {seed: grade.level for seed, grade in solved.items()}


ASKED = [
    ("tripeaks", ()),
    ("pyramid", ()),
    ("ricochet", ()),
    ("tripeaks", ("no-wrap",)),
    ("pyramid", ("clear-the-board",)),
    ("ricochet", ("ball-resets",)),
]
"""Every solitaire, standard and a variant: the verbs' routes to the grading checked over
deals 1-40."""


def _stand_in_grade(seed: int) -> Grade:
    """A grade of its own for each deal, every grade in turn, with measures no search
    would give (a verb that grades a deal another way answers something else)."""
    level = GRADES[seed % len(GRADES)]
    if level not in LEVELS:
        return Grade(level)
    return Grade(level, Measures(1000 + seed, 7, seed % 2 == 0, seed % 5, 900 + seed))


@pytest.mark.parametrize(("game", "options"), ASKED, ids=[f"{g}-{','.join(o)}" for g, o in ASKED])
def test_every_verb_asks_the_one_grading_for_each_deal(
    game: str, options: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over deals 1-40: each verb hands every deal, under its game's options, to
    :func:`~printplay.analysis.grading.grade_deal` with no level to filter by, once, and
    gives the grade it answers unchanged (the level, for ``stats``). The grading is a
    stand-in answering a grade of its own for each deal, so no search runs three times
    over (the real grading's agreement is :func:`test_every_verb_gives_a_deal_the_same_grade`;
    that it is reproducible, :func:`test_a_grade_is_the_same_on_every_run`). Made to
    measure its own line again, as it once did, ``stats`` answers real levels and fails
    here."""
    asked: list[tuple[str, tuple[str, ...], tuple[str, ...], object]] = []

    def stand_in(
        solitaire: RegisteredSolitaire, deal: Deal, levels: object = None
    ) -> grading.Graded:
        asked.append((solitaire.name, tuple(opts.chosen(solitaire.options)), deal.codes, levels))
        assert deal.seed is not None
        grade = _stand_in_grade(deal.seed)
        return grading.Graded(deal, grade, SolveResult(grade.winnable, (), 0, 0.0))

    monkeypatch.setattr(grading, "grade_deal", stand_in)
    seeds = tuple(range(1, 41))
    solitaire = make_solitaire(game, options)
    solved, booked, stats = _verbs_grades(solitaire, seeds)
    expected = {seed: _stand_in_grade(seed) for seed in seeds}
    assert solved == expected and booked == expected
    assert stats == {seed: grade.level for seed, grade in expected.items()}
    once = [(game, options, solitaire.numbered_deal(seed).codes, None) for seed in seeds]
    assert asked == once * 3  # solve, the books, stats: each deal once, nothing filtered
