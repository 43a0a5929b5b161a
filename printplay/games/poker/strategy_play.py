"""The casino basic strategy in play: buy or fold by the stored table, and the table's
decisions as printed.

A player applies the basic strategy (:func:`basic_strategy`) against the best five-card
hand standing (the dealer's or another player's; they are equal) with the actual pot, and
buys when nothing is standing; :func:`basic_strategy_action` does so for an engine state.
The decisions are lookups in the table of :mod:`~printplay.games.poker.strategy_data`;
:func:`strategy_table` lays them out as the rulebook's chart and the terminal print them.
"""

from __future__ import annotations

from collections.abc import Sequence

from printplay.core.errors import MoveError
from printplay.games.poker.casino import Action, Buy, CasinoState, Fold
from printplay.games.poker.completions import read_casino_hand
from printplay.games.poker.ev import Choice
from printplay.games.poker.hands import HandLike, strength
from printplay.games.poker.strategy_data import StrategyTable, load_strategy
from printplay.games.poker.strategy_groups import (
    CLASS_INDEX,
    ONE_PLAYER_COLUMNS,
    PLAYER_CLASSES,
    STANDING_GROUPS,
)

__all__ = ["basic_strategy", "basic_strategy_action", "strategy_table"]


def basic_strategy(
    player: HandLike,
    standing: HandLike | None,
    *,
    pot: int = 2,
    home_cap: bool = False,
    table: StrategyTable | None = None,
) -> Choice:
    """``"buy"`` or ``"fold"`` for two cards against the best five-card hand standing.

    ``standing`` is the dealer's hand (or, with several players, the best bought hand); with
    ``None`` (nothing standing) the answer is ``"buy"``.  ``pot`` is the pot before the buy:
    2 for one player against the dealer.

    >>> basic_strategy("Ah Ad", "Ks Kc 9d 5c 2h"), basic_strategy("7c 2d", "Qs Qc 9d 5c 2h")
    ('buy', 'fold')
    """
    if standing is None:
        read_casino_hand(player, "the player's hand")
        return "buy"
    return (table or load_strategy()).cell(player, standing).decide(pot, home_cap=home_cap)


def basic_strategy_action(state: CasinoState) -> Action:
    """The basic strategy's action for the player to act in an engine state.

    Against the best five-card hand standing (any of them: they are equal) at the actual
    pot; buy when nothing is standing.
    """
    if state.to_act is None:
        raise MoveError("the round is over: no one is to act")
    player = state.player(state.to_act)
    standing = state.standing()
    if not standing:
        return Buy()
    value = strength(standing[0][1])
    cell = load_strategy().cell_at(player.cards[0].index, player.cards[1].index, value)
    buy = cell.decide(state.pot, home_cap=state.options.home_cap) == "buy"
    return Buy() if buy else Fold()


def _compact(choices: Sequence[Choice]) -> str:
    if all(c == "buy" for c in choices):
        return "B"
    if all(c == "fold" for c in choices):
        return "F"
    return "s" if choices[0] == "buy" else "o"


def strategy_table(
    *,
    home_cap: bool = False,
    pot: int = 2,
    columns: int = ONE_PLAYER_COLUMNS,
    values: bool = False,
    table: StrategyTable | None = None,
) -> tuple[list[str], list[list[str]]]:
    """The basic strategy as a header and rows, for a rulebook or the terminal.

    Rows are pairs (AA…22) then unpaired hands by high and second card (AK … 32); columns
    the first ``columns`` standing groups (by default the dealer's hands below the one-player
    kickout, 7 high … KK with a jack or lower).  A cell is ``B`` (buy), ``F`` (fold), or for
    unpaired hands ``s`` (buy suited only) or ``o`` (buy offsuit only).  With ``values`` the
    cells give the buy value instead (suited/offsuit), where folding is -1.
    """
    data = table or load_strategy()
    header = ["hand", *(g.label for g in STANDING_GROUPS[:columns])]
    rows: list[list[str]] = []
    for name in PLAYER_CLASSES:
        if name.endswith("o"):
            continue
        kinds = [name] if len(name) == 2 else [name, name[:2] + "o"]
        cells = [data.cells[CLASS_INDEX[k]] for k in kinds]
        row = [name[:2]]
        for col in range(columns):
            if values:
                row.append(
                    "/".join(f"{c[col].buy_value(pot, home_cap=home_cap):+.2f}" for c in cells)
                )
            else:
                row.append(_compact([c[col].decide(pot, home_cap=home_cap) for c in cells]))
        rows.append(row)
    return header, rows
