"""The rulebook's basic-strategy chart, as data: the stored table's decisions, their
groups and the words around them (:mod:`printplay.render.strategy_chart` draws it)."""

from __future__ import annotations

from collections.abc import Sequence

from printplay.games.poker.strategy_play import strategy_table
from printplay.models.printable import StrategyChart

DECISION_WORDS: dict[str, str] = {
    "B": "buy",
    "F": "fold",
    "s": "buy only if your two cards are suited",
    "o": "buy only if your two cards are offsuit",
}
"""The chart's legend, by cell code, in the legend's order."""


def row_group(row: Sequence[str]) -> str:
    """A chart row's group: ``"pairs"``, or the high card of an unpaired hand."""
    name = row[0]
    return "pairs" if name[0] == name[1] else name[0]


def strategy_chart(home_cap: bool = False) -> StrategyChart:
    """The basic strategy of one player against the dealer at the smallest pot, as the
    rulebook charts it (``home_cap``: with the bonuses capped)."""
    header, rows = strategy_table(home_cap=home_cap)
    pair_column = next(i for i, label in enumerate(header) if label[:1] * 2 == label[:2])
    used = [code for code in DECISION_WORDS if any(code in row[1:] for row in rows)]
    return StrategyChart(
        header=tuple(header),
        rows=tuple(tuple(row) for row in rows),
        groups=tuple(row_group(row) for row in rows),
        spans=(
            ("her highest card, no pair", 1, pair_column),
            ("her pair", pair_column, len(header)),
        ),
        pair_column=pair_column,
        legend=tuple((code, DECISION_WORDS[code]) for code in used),
    )


__all__ = ["DECISION_WORDS", "row_group", "strategy_chart"]
