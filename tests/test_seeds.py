"""The curated deal collections in seeds/: every verdict and best line checked again."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from printplay.curated import collections
from printplay.games import REGISTRY, make_solitaire, solver_for

SEEDED = [
    (collection.game, collection.name, number, deal)
    for game, entry in REGISTRY.items()
    if entry.is_solitaire
    for collection in collections(game)
    for number, deal in enumerate(collection.deals)
]
"""Every curated deal of a game with a solver (the others' seeds name rounds to print)."""


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


@pytest.mark.parametrize(
    ("game", "collection", "number", "deal"),
    SEEDED,
    ids=[f"{g}-{c}-{n}" for g, c, n, _ in SEEDED],
)
def test_seeded_verdicts_hold(game: str, collection: str, number: int, deal: object) -> None:
    from printplay.curated import SeedDeal

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
