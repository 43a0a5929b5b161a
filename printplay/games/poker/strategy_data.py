"""The casino basic-strategy table: its cells, and storing and loading it.

For every player class and standing group (:mod:`~printplay.games.poker.strategy_groups`) the
table holds the probabilities of beating and of tying the standing hand and the expected
bonus (plain and capped), averaged over sampled pairs of hands
(:mod:`~printplay.games.poker.strategy_build` computes them).  A decision at pot ``P``
(before the buy) is then ``buy`` when ``(P + 1) * (win + split / 2) + bonus - 2 > -1``, a
table lookup and three multiplications; ties count half the pot here (the odd chip is not
modelled).  The table is stored in ``printplay/data/casino_strategy.json``, with its
provenance; rebuild it with ``printplay data rebuild strategy``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from printplay.core.errors import DataError
from printplay.core.jsontypes import JsonObject, JsonValue, array, number, whole
from printplay.core.provenance import data_path, read_data_file
from printplay.games.poker.ev import Choice
from printplay.games.poker.hands import HandLike
from printplay.games.poker.strategy_groups import (
    CLASS_INDEX,
    PLAYER_CLASSES,
    STANDING_GROUPS,
    class_index,
    group_index,
    hand_class,
    standing_group,
)

__all__ = [
    "DATA_FILE",
    "StrategyCell",
    "StrategyTable",
    "is_possible",
    "load_strategy",
    "read_strategy",
]

DATA_FILE = "casino_strategy.json"
"""The stored table, in ``printplay/data``."""


@dataclass(frozen=True)
class StrategyCell:
    """A player class against a standing group: averages over the sampled pairs.

    ``win``/``split``: probability of beating/tying the standing hand when buying; ``bonus``
    and ``bonus_capped`` the expected bonus (plain, home cap); ``sd`` the standard deviation
    of the buy value at pot 2 across the samples (spread within the cell, not an error bar).
    """

    win: float
    split: float
    bonus: float
    bonus_capped: float
    sd: float

    def buy_value(self, pot: int = 2, *, home_cap: bool = False) -> float:
        """Expected net chips of buying at ``pot`` (before the buy); folding is -1."""
        bonus = self.bonus_capped if home_cap else self.bonus
        return (pot + 1) * (self.win + self.split / 2) + bonus - 2

    def decide(self, pot: int = 2, *, home_cap: bool = False) -> Choice:
        """``"buy"`` when buying is worth more than folding's -1."""
        return "buy" if self.buy_value(pot, home_cap=home_cap) > -1 else "fold"

    def to_list(self) -> list[JsonValue]:
        """``[win, split, bonus, bonus_capped, sd]`` rounded for the data file."""
        return [round(v, 7) for v in (self.win, self.split, self.bonus, self.bonus_capped, self.sd)]


def is_possible(row: int, column: int) -> bool:
    """Whether a standing hand of the group can exist beside a hand of the class.

    Only a pair against three of a kind of its own rank cannot (one card of the rank is
    left); such cells hold zeros and are never looked up.
    """
    name, group = PLAYER_CLASSES[row], STANDING_GROUPS[column]
    return not (len(name) == 2 and group.name == f"three of a kind, {name[0] * 3}")


@dataclass(frozen=True)
class StrategyTable:
    """The basic-strategy table: a :class:`StrategyCell` per player class and standing group."""

    cells: tuple[tuple[StrategyCell, ...], ...]
    samples: int
    seed: int
    _decisions: dict[tuple[int, bool], bytes] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    def cell(self, player: HandLike, standing: HandLike) -> StrategyCell:
        """The cell of a two-card hand against a five-card standing hand."""
        row = CLASS_INDEX[hand_class(player)]
        return self.cells[row][STANDING_GROUPS.index(standing_group(standing))]

    def cell_at(self, first: int, second: int, standing_strength: int) -> StrategyCell:
        """The cell by card indices and the standing hand's strength (the fast path)."""
        return self.cells[class_index(first, second)][group_index(standing_strength)]

    def decisions(self, pot: int, home_cap: bool) -> bytes:
        """Buy (1) or fold (0) per ``row * 52 + column`` at ``pot``: the simulations' lookup."""
        found = self._decisions.get((pot, home_cap))
        if found is None:
            found = bytes(
                1 if cell.decide(pot, home_cap=home_cap) == "buy" else 0
                for row in self.cells
                for cell in row
            )
            self._decisions[(pot, home_cap)] = found
        return found

    def to_json(self) -> JsonObject:
        """The data-file form: method, seed, samples, rows, columns, cells."""
        return {
            "format": "printplay-casino-strategy",
            "version": 1,
            "method": (
                "one player against a standing five-card hand, 45 unseen cards; per cell "
                "the mean over `samples` (two-card hand of the class in turn, standing hand "
                "uniform in the group) of exact probabilities over all 14,190 completions; "
                "cell = [win, split, bonus, bonus_capped, sd of the buy value at pot 2]"
            ),
            "seed": self.seed,
            "samples": self.samples,
            "rows": list(PLAYER_CLASSES),
            "columns": [g.name for g in STANDING_GROUPS],
            "cells": [[cell.to_list() for cell in row] for row in self.cells],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JsonValue]) -> StrategyTable:
        """Read the data-file form (checks the rows and columns match this version)."""
        if data.get("rows") != list(PLAYER_CLASSES) or data.get("columns") != [
            g.name for g in STANDING_GROUPS
        ]:
            raise DataError("the strategy table does not match this version's rows/columns")
        try:
            cells = tuple(
                tuple(_cell(cell) for cell in array(row, "a row of cells"))
                for row in array(data["cells"], "cells")
            )
            return cls(cells, whole(data["samples"], "samples"), whole(data["seed"], "seed"))
        except (KeyError, ValueError) as error:
            raise DataError(f"the strategy table is malformed: {error}") from None


def _cell(value: JsonValue) -> StrategyCell:
    """A cell of the data file: ``[win, split, bonus, bonus_capped, sd]``."""
    win, split, bonus, capped, sd = (number(x, "a cell's figure") for x in array(value, "a cell"))
    return StrategyCell(win, split, bonus, capped, sd)


def read_strategy(path: Path) -> StrategyTable:
    """The table stored at ``path``; a :class:`~printplay.core.errors.DataError` if it cannot be
    read (rebuild it with ``printplay data rebuild strategy``)."""
    return StrategyTable.from_json(read_data_file(path, "the strategy table"))


@cache
def load_strategy() -> StrategyTable:
    """The shipped table (``printplay/data/casino_strategy.json``), read once."""
    return read_strategy(data_path(DATA_FILE))
