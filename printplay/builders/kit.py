"""What a print-and-play kit holds: its curated deals and whether it has a curated puzzle
book (the kit itself is made by :mod:`printplay.makers.kit_maker`)."""

from __future__ import annotations

from collections.abc import Sequence

from printplay.analysis.curated import SeedDeal, collections, pick
from printplay.core.deal import check_seed
from printplay.games import entry

COLLECTIONS = ("first-deals", "demo")
"""Where a kit's deals come from: the first of these collections the game has."""


DEFAULT_DEAL = 1
"""The deal of a game with no curated collection."""


def deal_label(deal: SeedDeal) -> str:
    """A curated deal named by its number and the options it is played under: ``4``,
    ``1 (reserve)`` (a collection may hold one deal under two rule sets)."""
    options = f" ({', '.join(deal.options)})" if deal.options else ""
    return f"{deal.seed}{options}"


def kit_deals(game: str, numbers: Sequence[int] | None = None) -> list[SeedDeal]:
    """The curated deals a kit of ``game`` prints: the game's first collection of
    :data:`COLLECTIONS`, or those of ``numbers`` (a number the collection lacks is dealt
    with the standard options; a game with no collection deals :data:`DEFAULT_DEAL`)."""
    for number in numbers or ():
        check_seed(number)
    names = [c.name for c in collections(game)]
    found = next((name for name in COLLECTIONS if name in names), None)
    if found is not None:
        return pick(game, found, None if numbers is None else list(numbers))
    seeds = list(numbers) if numbers is not None else [DEFAULT_DEAL]
    return [SeedDeal(entry(game).name, (), seed=seed) for seed in seeds]


def has_curated_book(game: str) -> bool:
    """Whether ``game`` has the graded collections a curated puzzle book prints."""
    from printplay.builders.puzzle_book import CURATED

    names = {c.name for c in collections(game)}
    return all(name in names for name in CURATED)


def curated_count(game: str) -> int:
    """How many deals ``game``'s curated puzzle book holds."""
    from printplay.builders.puzzle_book import CURATED

    return sum(len(c.deals) for c in collections(game) if c.name in CURATED)


__all__ = [
    "COLLECTIONS",
    "DEFAULT_DEAL",
    "curated_count",
    "deal_label",
    "has_curated_book",
    "kit_deals",
]
