"""Curated deal collections: ``seeds/<game>.json`` (shipped as ``printplay.seeds``).

These are deals worth printing, with verdicts.  A collection names deals by number (or by
their cards, for explicit deals), with the options they are played under and what the
solver says of them: ``verdict`` (can it be won) and, where recorded, ``best`` (the best
score, or the length of the shortest line).  A graded collection (``first-steps``, the
easy deals to start with; ``expert``) stores more: each deal's ``level``, its ``measures``
(docs/difficulty.md), the winning ``line`` it was graded on with its ``length``, and the
``turning`` points a book's solution draws (move number, moves that keep the deal
winnable there), so a book of them is printed without searching.  The collections a kit
and the demo print sheets of (``first-deals``, ``demo``) store with each winnable deal
the line its sheet's walkthrough search finds (``line``, ``optimal``), replayed and
checked against ``best`` before it is printed.
The demo and the kits print from here; the tests solve the deals again and replay
the stored lines.

>>> [deal.seed for deal in collection("tripeaks", "demo").deals]
[1]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import TypeVar

from printplay.core.deal import Deal
from printplay.core.errors import DealError, GameError
from printplay.core.jsontypes import JsonObject, JsonValue, array, flag, obj, string, whole
from printplay.games import game_name, make_solitaire
from printplay.games.numbering import choose

T = TypeVar("T")


@dataclass(frozen=True)
class SeedDeal:
    """One curated deal: its number or cards, its options, and what the solver says."""

    game: str
    options: tuple[str, ...]
    seed: int | None = None
    cards: str | None = None
    verdict: bool | None = None
    best: int | None = None
    note: str = ""
    level: str | None = None
    length: int | None = None
    optimal: bool | None = None
    """Whether the stored line is proved the shortest."""
    measures: Mapping[str, JsonValue] | None = field(default=None, hash=False)
    line: tuple[Mapping[str, JsonValue], ...] | None = field(default=None, hash=False)
    """The stored winning line, as ``solve --json`` prints moves (compared, not hashed: a
    deal is a key of the results handed to kits and the site)."""
    turning: tuple[tuple[int, int | None], ...] = ()

    def deal(self) -> Deal:
        """The deal itself, under the collection's game and options."""
        game = make_solitaire(self.game, self.options)
        return choose(game, seed=self.seed, codes=self.cards)


@dataclass(frozen=True)
class SeedCollection:
    """A named list of curated deals of one game."""

    game: str
    name: str
    title: str
    about: str
    deals: tuple[SeedDeal, ...]


def _given(data: JsonObject, key: str, read: Callable[[JsonValue, str], T]) -> T | None:
    """``data[key]`` read by ``read``, or ``None`` when it is missing or null."""
    value = data.get(key)
    return None if value is None else read(value, key)


def _turning(value: JsonValue) -> tuple[int, int | None]:
    """A turning point as stored: ``[move number, cards kept or null]``."""
    number, keeping = array(value, "a turning point")
    kept = None if keeping is None else whole(keeping, "a turning point's cards kept")
    return whole(number, "a turning point's move"), kept


def _deal(game: str, data: JsonObject) -> SeedDeal:
    line = _given(data, "line", array)
    return SeedDeal(
        game=game,
        options=tuple(
            string(option, "an option") for option in array(data.get("options", []), "options")
        ),
        seed=_given(data, "seed", whole),
        cards=_given(data, "cards", string),
        verdict=_given(data, "verdict", flag),
        best=_given(data, "best", whole),
        note=_given(data, "note", string) or "",
        level=_given(data, "level", string),
        length=_given(data, "length", whole),
        optimal=_given(data, "optimal", flag),
        measures=_given(data, "measures", obj),
        line=None if line is None else tuple(obj(move, "a move") for move in line),
        turning=tuple(_turning(point) for point in array(data.get("turning", []), "turning")),
    )


@cache
def collections(game: str) -> tuple[SeedCollection, ...]:
    """Every collection of ``game`` (none if it has no seeds file)."""
    name = game_name(game)
    source = resources.files("printplay.seeds") / f"{name}.json"
    if not source.is_file():
        return ()
    data = json.loads(source.read_text(encoding="utf-8"))
    return tuple(
        SeedCollection(
            game=name,
            name=item["name"],
            title=item["title"],
            about=item.get("about", ""),
            deals=tuple(_deal(name, deal) for deal in item["deals"]),
        )
        for item in data["collections"]
    )


def collection(game: str, name: str) -> SeedCollection:
    """The collection ``name`` of ``game``; raises :class:`GameError` if there is none."""
    for found in collections(game):
        if found.name == name:
            return found
    known = ", ".join(c.name for c in collections(game)) or "none"
    raise GameError(f"{game} has no deal collection {name!r} (collections: {known})")


def pick(game: str, name: str, seeds: list[int] | None = None) -> list[SeedDeal]:
    """The deals of collection ``name``, or only those numbered ``seeds`` (in that order;
    a number the collection lacks is played under the standard options)."""
    deals = list(collection(game, name).deals)
    if seeds is None:
        return deals
    by_seed = {deal.seed: deal for deal in deals if deal.seed is not None}
    chosen = []
    for seed in seeds:
        if seed < 1:
            raise DealError(f"deal number must be at least 1, not {seed}")
        chosen.append(by_seed.get(seed, SeedDeal(game_name(game), (), seed=seed)))
    return chosen


__all__ = ["SeedCollection", "SeedDeal", "collection", "collections", "pick"]
