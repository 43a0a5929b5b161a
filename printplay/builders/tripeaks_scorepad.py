"""TriPeaks' scorepad: a page for a player's deals (chains, peaks, the completion bonus, the
timed game's bonus, the card penalty when it is in force) and a page for the multi-hand game
(a deal score and a running total for each player), every figure read from the engine.

:func:`tripeaks_scorepad` is the scorepad builder the registry names for TriPeaks.
"""

from __future__ import annotations

from printplay.core import options as opts
from printplay.core.errors import OptionError
from printplay.games import make_game
from printplay.games.tripeaks import (
    RACE_TARGET,
    SECONDS_PER_TIME_POINT,
    SESSION_DEALS,
    TABLEAU_SIZE,
    TIMED_FAST_MINUTES,
    TIMED_MINUTES,
    TriPeaks,
    TriPeaksOptions,
    chain_points,
    time_bonus,
)
from printplay.models.scorepad_model import (
    ScoreColumn,
    Scorepad,
    ScorepadRequest,
    ScoreTable,
)

DEFAULT_PLAYERS = 4
"""The multi-hand page's players unless told."""

MAX_PLAYERS = 8
"""The most players the multi-hand page has columns for."""

CHAIN_TABLE_UP_TO = 12
"""The chain points the footer lists, from one card to this many."""


def check_players(players: int | None) -> int:
    """``players`` (default :data:`DEFAULT_PLAYERS`) if from 1 to :data:`MAX_PLAYERS`."""
    count = DEFAULT_PLAYERS if players is None else players
    if not 1 <= count <= MAX_PLAYERS:
        raise OptionError(
            f"--players must be from 1 to {MAX_PLAYERS} for TriPeaks (1: the solo page "
            f"alone), not {count}"
        )
    return count


def _chain_words() -> str:
    pairs = " · ".join(f"{n}: {chain_points(n)}" for n in range(1, CHAIN_TABLE_UP_TO + 1))
    return (
        f"<b>Chains.</b> Every card moved onto the waste scores its place in the chain (1, 2, "
        f"3 …; turning a stock card starts a new chain), so a chain of <i>n</i> cards scores "
        f"<i>n</i>(<i>n</i>+1)/2. Cards → points: {pairs} · {TABLEAU_SIZE}: "
        f"{chain_points(TABLEAU_SIZE)}. Write the chains' sum."
    )


def _solo_columns(options: TriPeaksOptions) -> tuple[ScoreColumn, ...]:
    first, second, third = options.peak_bonuses
    columns = [
        ScoreColumn("Deal", "number"),
        ScoreColumn("Chains", "sum"),
        ScoreColumn("Peaks", f"{first}·{second}·{third}"),
    ]
    if options.completion_bonus:
        columns.append(ScoreColumn("Clear", f"+{options.completion_bonus}"))
    columns.append(ScoreColumn("Time", f"+1 a {SECONDS_PER_TIME_POINT} s"))
    if options.card_penalty:
        columns.append(ScoreColumn("Left", f"−{options.card_penalty} a card"))
    columns += [ScoreColumn("Score", "this deal"), ScoreColumn("Total", "so far", total=True)]
    return tuple(columns)


def _score_words(options: TriPeaksOptions, best: int) -> str:
    terms = ["Chains", "Peaks"]
    if options.completion_bonus:
        terms.append("Clear")
    terms.append("Time")
    formula = " + ".join(terms) + (" − Left" if options.card_penalty else "")
    return (
        f"<b>Score</b> = {formula}; <b>Total</b> = the Total above + Score. Without the time "
        f"bonus no deal scores more than {best}."
    )


def _solo_formulas(options: TriPeaksOptions, best: int) -> tuple[str, ...]:
    first, second, third = options.peak_bonuses
    lines = [
        _chain_words(),
        f"<b>Peaks.</b> Taking a peak top scores {first} for the first peak cleared, "
        f"{second} for the second and {third} for the third ({first + second + third} in all).",
    ]
    if options.completion_bonus:
        lines.append(
            f"<b>Clear.</b> Clearing all {TABLEAU_SIZE} cards of the layout adds "
            f"{options.completion_bonus}."
        )
    penalty = f" (less {options.card_penalty} a card left)" if options.card_penalty else ""
    lines.append(
        f"<b>Time</b> (the timed game). Set a clock for {TIMED_MINUTES} minutes "
        f"({TIMED_FAST_MINUTES} for practised players); when it rings, the deal scores what "
        f"you have{penalty}. Clear all {TABLEAU_SIZE} cards first and add a point for every "
        f"full {SECONDS_PER_TIME_POINT} seconds left ({SECONDS_PER_TIME_POINT * 6 - 1} s "
        f"left: {time_bonus(SECONDS_PER_TIME_POINT * 6 - 1)}). Untimed: leave it empty."
    )
    if options.card_penalty:
        lines.append(
            f"<b>Left.</b> A lost deal loses {options.card_penalty} for every card left in "
            f"the layout: write {options.card_penalty} × the cards left."
        )
    lines.append(_score_words(options, best))
    return tuple(lines)


def _multi_formulas() -> tuple[str, ...]:
    return (
        "<b>Multi-hand.</b> Everyone deals the same deal (the same deal number, a deck each) "
        "and all play at once, each keeping her own score: work a deal's <b>Score</b> out as "
        "on the solo page, then <b>Total</b> = the Total above + Score. A lost deal still "
        "scores its chains and bonuses.",
        f"<b>The race.</b> The first to reach {RACE_TARGET:,} at the end of a deal wins; if "
        f"two pass it together, the higher Total wins. <b>A fixed evening.</b> Play "
        f"{opts.number_words(SESSION_DEALS)} deals and compare Totals.",
    )


def tripeaks_scorepad(request: ScorepadRequest) -> Scorepad:
    """TriPeaks' scorepad under ``request``'s options: the solo and timed page, and for two
    players or more the multi-hand page with a column pair for each."""
    players = check_players(request.players)
    game = make_game("tripeaks", request.option_texts)
    assert isinstance(game, TriPeaks)
    options = game.options
    rules = opts.describe(options)
    tables = [
        ScoreTable(
            title="Solo and timed deals",
            intro="A row a deal: add the chains as you play, the bonuses at the end.",
            row_heading="#",
            shared=_solo_columns(options),
            seats=(),
            columns=(),
            formulas=_solo_formulas(options, game.best_possible()),
        )
    ]
    if players > 1:
        tables.append(
            ScoreTable(
                title=f"Multi-hand, {opts.number_words(players)} players",
                intro="A row a deal, a pair of columns a player: write your name at the top.",
                row_heading="#",
                shared=(ScoreColumn("Deal", "number"),),
                seats=tuple(f"Player {seat}" for seat in range(1, players + 1)),
                columns=(
                    ScoreColumn("Score", "this deal"),
                    ScoreColumn("Total", "so far", total=True),
                ),
                formulas=_multi_formulas(),
            )
        )
    return Scorepad(
        game="tripeaks",
        title="TriPeaks scorepad",
        subtitle=rules,
        tables=tuple(tables),
        footer=f"TriPeaks scorepad · {rules} · print as many as you need",
        paper=request.paper,
        subject=f"TriPeaks scorepad; {rules}; {players} player{'s' if players > 1 else ''}",
    )


__all__ = ["DEFAULT_PLAYERS", "MAX_PLAYERS", "check_players", "tripeaks_scorepad"]
