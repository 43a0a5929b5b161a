"""The curated deal collections in seeds/: every verdict and best line checked again; the
graded collections' stored lines replayed, not searched for again."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from printplay.analysis.curated import collections
from printplay.games import REGISTRY, make_solitaire, solver_for

SEEDED = [
    (collection.game, collection.name, number, deal)
    for game, entry in REGISTRY.items()
    if entry.is_solitaire
    for collection in collections(game)
    for number, deal in enumerate(collection.deals)
    if deal.line is None
]
"""Every curated deal of a game with a solver (the others' seeds name rounds to print),
but those stored with their line (checked by replaying it)."""

GRADED = [
    (collection.game, collection.name, number, deal)
    for game, entry in REGISTRY.items()
    if entry.is_solitaire
    for collection in collections(game)
    for number, deal in enumerate(collection.deals)
    if deal.line is not None
]
"""Every curated deal stored with its grade and winning line."""


def test_every_seeds_file_names_a_registered_game() -> None:
    for source in resources.files("printplay.seeds").iterdir():
        if source.name.endswith(".json"):
            data = json.loads(source.read_text(encoding="utf-8"))
            assert data["game"] in REGISTRY
            assert source.name == f"{data['game']}.json"


def test_each_solitaire_has_a_first_deals_collection() -> None:
    for name, game in REGISTRY.items():
        if game.is_solitaire:
            names = [c.name for c in collections(name)]
            assert "first-deals" in names and "demo" in names, name


def _first_fast(cases: list[tuple[str, str, int, object]]) -> list[object]:
    """``cases`` for ``parametrize``: the first deal of each collection in the developer's
    loop (``-m "not slow"``), the others marked slow."""
    return [
        pytest.param(*case, id=f"{case[0]}-{case[1]}-{case[2]}")
        if case[2] == 0
        else pytest.param(*case, id=f"{case[0]}-{case[1]}-{case[2]}", marks=pytest.mark.slow)
        for case in cases
    ]


@pytest.mark.parametrize(("game", "collection", "number", "deal"), _first_fast(SEEDED))
def test_seeded_verdicts_hold(game: str, collection: str, number: int, deal: object) -> None:
    from printplay.analysis.curated import SeedDeal

    assert isinstance(deal, SeedDeal)
    solitaire = make_solitaire(game, deal.options)
    state = solitaire.initial_state(deal.deal())
    solver = solver_for(solitaire)
    if deal.best is not None:
        result = solver.best_line(state)
        assert result.optimal
        best = result.score if result.score is not None else len(result.moves)
        assert best == deal.best
    else:
        result = solver.solve(state)
    assert result.solvable is deal.verdict


def test_each_solitaire_has_graded_collections() -> None:
    from printplay.builders.puzzle_book import CURATED

    for name, game in REGISTRY.items():
        if game.is_solitaire:
            found = {c.name: c for c in collections(name)}
            for wanted, level in zip(CURATED, ("easy", "expert"), strict=True):
                assert found[wanted].deals, (name, wanted)
                assert {deal.level for deal in found[wanted].deals} == {level}


@pytest.mark.parametrize(
    ("game", "collection", "number", "deal"),
    GRADED,
    ids=[f"{g}-{c}-{n}" for g, c, n, _ in GRADED],
)
def test_stored_lines_win_and_their_grades_hold(
    game: str, collection: str, number: int, deal: object
) -> None:
    """The stored line is replayed through the engine and wins, and the stored measures
    hold together and give the stored level under the thresholds (that the measures are
    the grading's own, the random and greedy players' results with them, is
    :func:`test_stored_grades_are_the_grading_s_own`)."""
    from printplay.analysis.curated import SeedDeal
    from printplay.analysis.levels import level_of
    from printplay.core.grades import Measures
    from printplay.solve.toolkit import replay_line

    assert isinstance(deal, SeedDeal) and deal.line is not None and deal.measures is not None
    solitaire = make_solitaire(game, deal.options)
    the_deal = deal.deal()
    start = solitaire.initial_state(the_deal)
    moves = [solitaire.move_from_json(move) for move in deal.line]
    assert replay_line(start, moves)[-1].is_won
    data = deal.measures
    assert deal.verdict is True and deal.length == len(moves) == data["length"]
    assert all(1 <= move <= len(moves) for move in data["decision_moves"])
    assert data["decisions"] == len(data["decision_moves"])
    fields = ("random_won", "playouts", "greedy_won", "decisions", "length")
    measures = Measures(*(data[field] for field in fields))
    assert level_of(game, measures) == deal.level
    turning = {number for number, _ in deal.turning}
    assert turning <= set(data["decision_moves"])


@pytest.mark.parametrize(
    ("game", "collection", "number", "deal"),
    _first_fast([case for case in GRADED if case[0] != "pyramid"])
    + [
        pytest.param(*case, id=f"{case[0]}-{case[1]}-{case[2]}", marks=pytest.mark.slow)
        for case in GRADED
        if case[0] == "pyramid"
    ],
)
def test_stored_grades_are_the_grading_s_own(
    game: str, collection: str, number: int, deal: object
) -> None:
    """Each graded deal, graded again by the one grading every verb uses (``solve
    --grade``, ``stats --grade``, books), gets the stored level, measures and line: the
    collections were not made another way (the first of each TriPeaks and Ricochet
    collection in the developer's loop; the others, and Pyramid's, a few seconds a deal,
    slow)."""
    from printplay.analysis.curated import SeedDeal
    from printplay.analysis.grading import graded

    assert isinstance(deal, SeedDeal) and deal.measures is not None and deal.line is not None
    solitaire = make_solitaire(game, deal.options)
    found = graded(solitaire, deal.deal())
    assert found.grade.level == deal.level
    assert found.grade.measures is not None
    assert found.grade.measures.to_json() == dict(deal.measures)
    assert [move.to_json() for move in found.line.moves] == list(deal.line)
    assert found.line.optimal == deal.optimal
