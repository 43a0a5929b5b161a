"""The curated deal collections in seeds/: every verdict and best line checked again; the
graded collections' stored lines replayed, not searched for again; the printed
collections' stored lines the sheets' own search's, checked before they are printed."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from printplay.analysis.curated import collections
from printplay.games import REGISTRY, make_solitaire, solver_for

pytestmark = pytest.mark.usefixtures("grades_once")
"""A deal graded in this process before is answered as it was (``conftest.grades_once``)."""

SEEDED = [
    (collection.game, collection.name, number, deal)
    for game, entry in REGISTRY.items()
    if entry.is_solitaire
    for collection in collections(game)
    for number, deal in enumerate(collection.deals)
    if deal.measures is None
]
"""Every curated deal of a game with a solver (the others' seeds name rounds to print),
but the graded ones (checked by replaying their lines)."""

GRADED = [
    (collection.game, collection.name, number, deal)
    for game, entry in REGISTRY.items()
    if entry.is_solitaire
    for collection in collections(game)
    for number, deal in enumerate(collection.deals)
    if deal.measures is not None
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
    if deal.line is not None:  # the sheet's search: its line is the one stored
        from printplay.builders.walkthrough import choose_line

        result = choose_line(solitaire, state, seconds=None)
        assert [move.to_json() for move in result.moves] == list(deal.line)
        assert result.optimal is deal.optimal is True
        best = result.score if result.score is not None else len(result.moves)
        assert best == deal.best
    elif deal.best is not None:
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


PRINTED = [
    (collection.game, collection.name, number, deal)
    for game, entry in REGISTRY.items()
    if entry.is_solitaire
    for collection in collections(game)
    if collection.name in ("first-deals", "demo")
    for number, deal in enumerate(collection.deals)
]
"""Every deal of the collections a kit and the demo print sheets of."""


@pytest.mark.parametrize(
    ("game", "collection", "number", "deal"),
    PRINTED,
    ids=[f"{g}-{c}-{n}" for g, c, n, _ in PRINTED],
)
def test_printed_deals_that_can_be_won_are_stored_with_a_line_that_replays(
    game: str, collection: str, number: int, deal: object
) -> None:
    """The demo, the kits and the website print these deals' stored lines (no search),
    each replayed through the engine and checked against the stored best; a deal that
    cannot be won is stored with none (its sheet searches, and prints what it searched)."""
    from printplay.analysis.curated import SeedDeal
    from printplay.builders.walkthrough import stored_line

    assert isinstance(deal, SeedDeal)
    line = stored_line(deal)
    if deal.verdict is not True:
        assert deal.line is None and line is None
        return
    assert line is not None and line.solvable is True and line.optimal is True
    assert [move.to_json() for move in line.moves] == list(deal.line or ())
    assert (line.score if line.score is not None else len(line.moves)) == deal.best


def _tampered(deal: object, **changes: object) -> object:
    from dataclasses import replace

    return replace(deal, **changes)  # type: ignore[type-var]


@pytest.mark.parametrize("game", ["tripeaks", "pyramid", "golf", "ricochet"])
def test_a_stored_line_is_checked_not_trusted(game: str) -> None:
    """A line that does not replay, does not win or does not reach the stored best is
    refused in one error naming the command that stores it again."""
    from printplay.analysis.curated import collection
    from printplay.builders.walkthrough import stored_line
    from printplay.core.errors import GameError

    deal = collection(game, "first-deals").deals[0]
    assert deal.line is not None and deal.best is not None
    moves = list(deal.line)
    wrong = [
        _tampered(deal, line=(moves[1], *moves)),  # a move twice: not legal
        _tampered(deal, line=tuple(moves[:-1])),  # one short: not won
        _tampered(deal, best=deal.best + 1),  # the best stored is not the line's
        _tampered(deal, line=({"type": "fly"}, *moves)),  # not a move at all
    ]
    for bad in wrong:
        with pytest.raises(GameError) as raised:
            stored_line(bad)  # type: ignore[arg-type]
        message = str(raised.value)
        assert f"seeds/{game}.json" in message and "\n" not in message
        assert f"curate_seeds.py --lines --game {game}" in message


def test_printed_lines_are_not_searched_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The featured and demo deals' lines come from the seeds (the search refused here);
    the kit takes them too when it is given none; a deal stored without one is searched."""
    from printplay.analysis.curated import collection
    from printplay.builders import walkthrough
    from printplay.builders.site import featured_deals
    from printplay.makers.demo import demo_deals
    from printplay.makers.kit_maker import _result

    searched: list[object] = []

    def search(*args: object, **kwargs: object) -> object:
        searched.append(args)
        raise AssertionError("searched")

    monkeypatch.setattr(walkthrough, "choose_line", search)
    for game in ("tripeaks", "pyramid", "golf", "ricochet"):
        for deal in [*featured_deals(game, 20), *demo_deals(game)]:
            if deal.verdict:
                line = walkthrough.curated_line(deal)
                assert line == walkthrough.stored_line(deal) and line.moves
                assert _result({}, deal) == line
    lost = next(d for d in collection("tripeaks", "first-deals").deals if not d.verdict)
    with pytest.raises(AssertionError, match="searched"):
        walkthrough.curated_line(lost)
    assert _result({}, lost) is None and len(searched) == 1


def test_the_rebuild_stores_the_printed_lines(tmp_path: Path) -> None:
    """``benchmarks/curate_seeds.py --lines`` searches the printed deals' lines again and
    writes the very file shipped (Ricochet's: its searches are quick)."""
    import sys

    shipped = resources.files("printplay.seeds") / "ricochet.json"
    data = json.loads(shipped.read_text(encoding="utf-8"))
    for item in data["collections"]:
        for record in item["deals"]:
            if item["name"] in ("first-deals", "demo"):
                record.pop("line", None)
                record.pop("optimal", None)
    (tmp_path / "ricochet.json").write_text(json.dumps(data), encoding="utf-8")
    benchmarks = str(Path(__file__).resolve().parent.parent / "benchmarks")
    sys.path.insert(0, benchmarks)
    try:
        import curate_seeds
    finally:
        sys.path.remove(benchmarks)
    path = curate_seeds.lines_only("ricochet", tmp_path)
    assert path.read_text(encoding="utf-8") == shipped.read_text(encoding="utf-8")
