"""Ricochet Poker's scorepad: the chips of the standard game (what each player pays, wins
and holds, round by round) and of the casino game (the bonuses the house pays besides),
every figure read from the engines.

The casino page follows the rules' two tables: at a casino the house deals and banks, a
group of columns of its own beside at most :data:`~printplay.games.poker.casino.MAX_PLAYERS`
players; at home (option ``home-cap``) the players take turns dealing, so each round one of
them is the house and a column says who.

:func:`poker_scorepad` is the scorepad builder the registry names for Ricochet Poker.
"""

from __future__ import annotations

from printplay.core import options as opts
from printplay.core.errors import OptionError
from printplay.games.poker import casino
from printplay.games.poker.book_options import PokerBookOptions
from printplay.games.poker.standard import StandardOptions
from printplay.models.scorepad_model import (
    ScoreColumn,
    Scorepad,
    ScorepadRequest,
    ScoreTable,
)

START_CHIPS = 20
"""The chips the rulebook suggests each player starts with ("about 20 each is plenty")."""


def _players_range() -> tuple[int, int]:
    """The standard game's seats, as its ``players`` option allows."""
    spec = next(s for s in opts.option_specs(StandardOptions) if s.name == "players")
    assert spec.minimum is not None and spec.maximum is not None
    return spec.minimum, spec.maximum


def check_players(players: int | None) -> int:
    """``players`` (default: the standard game's) if the standard game seats them."""
    count = StandardOptions().players if players is None else players
    low, high = _players_range()
    if not low <= count <= high:
        raise OptionError(f"--players must be from {low} to {high} for Ricochet Poker, not {count}")
    return count


def _chips(n: int) -> str:
    return f"{n} chip{'' if n == 1 else 's'}"


def _seats(players: int) -> tuple[str, ...]:
    return tuple(f"Player {seat}" for seat in range(1, players + 1))


def _start_words() -> str:
    return (
        f"<b>Start.</b> Everyone takes about {START_CHIPS} chips: write them on the Start "
        "line under Chips."
    )


def standard_table(players: int) -> ScoreTable:
    """The standard game's chips for ``players`` players."""
    ante = StandardOptions().ante
    return ScoreTable(
        title=f"The standard game, {opts.number_words(players)} players",
        intro="A row a round: what each player paid and won, and the chips she holds after it.",
        row_heading="#",
        shared=(ScoreColumn("Pot", "all paid"),),
        seats=_seats(players),
        columns=(
            ScoreColumn("Paid", "ante + buys"),
            ScoreColumn("Won", "pot"),
            ScoreColumn("Chips", "now", total=True),
        ),
        start_row="Start",
        formulas=(
            _start_words(),
            f"<b>Paid</b> = the ante ({_chips(ante)}) + a chip for every card bought: a buy "
            "of <i>k</i> cards costs <i>k</i> chips, however many of them are dealt. Nothing "
            "paid comes back to a player who folds or goes out.",
            "<b>Pot</b> = everyone's Paid this round, and any odd chips left in it from the "
            "round before.",
            "<b>Won.</b> The last player in takes the pot. Players left with hands of the "
            "same ranks that cannot grow split it; odd chips stay in the pot for the next "
            "round.",
            "<b>Chips</b> = the Chips above + Won − Paid. Check: all Chips together are the "
            "chips at the Start less any left in the pot.",
        ),
    )


def _bonus_words(home_cap: bool) -> str:
    cap = casino.HOME_CAP if home_cap else None
    pays = ", ".join(
        f"{name} {min(bonus, cap) if cap else bonus:,}" for name, bonus in casino.BONUSES.items()
    )
    capped = f" (home game: capped at {cap})" if cap else ""
    return (
        f"<b>Bonus</b>, paid by the house to a player whose five cards make a straight or "
        f"better, whether or not she takes the pot, never after folding: {pays}{capped}. "
        "The house writes each bonus it pays as minus."
    )


def casino_table(players: int, home_cap: bool) -> ScoreTable:
    """The casino game's chips: ``players`` seats and the house's columns at a casino, or
    at home (``home_cap``) the seats taking turns to deal."""
    columns = (
        ScoreColumn("Paid", f"{casino.ANTE} or {casino.ANTE + casino.BUY_CHIPS}", narrow=True),
        ScoreColumn("Won", "pot"),
        ScoreColumn("Bonus", "+ or −"),
        ScoreColumn("Chips", "now", total=True),
    )
    paid = (
        f"<b>Paid</b> = the ante ({_chips(casino.ANTE)}, the dealer's too) + "
        f"{_chips(casino.BUY_CHIPS)} for a buy of exactly {casino.BUY_CARDS} cards (a player "
        f"who folds has paid the ante alone). <b>Pot</b> = every Paid this round."
    )
    won = (
        "<b>Won.</b> When one hand is left it takes the pot; identical best hands at the "
        "end split it, the dealer's included. A dealer kicked out folds: her ante stays in "
        "the pot; if every player folds, the dealer's hand takes it."
    )
    chips = "<b>Chips</b> = the Chips above + Won + Bonus − Paid."
    if home_cap:
        return ScoreTable(
            title=f"The casino game at home, {opts.number_words(players)} players taking turns "
            "to deal",
            intro="A row a round: the dealer's seat, then each player's chips; the dealer "
            "writes the house's.",
            row_heading="#",
            shared=(ScoreColumn("Seat", "deals"),),
            seats=_seats(players),
            columns=columns,
            start_row="Start",
            formulas=(
                _start_words(),
                paid,
                won,
                _bonus_words(home_cap),
                f"{chips} The dealer of a round writes the house's part in her own columns: "
                "her ante, the pot if her hand takes it, the bonuses she pays as minus.",
            ),
        )
    return ScoreTable(
        title=f"The casino game, {opts.number_words(players)} "
        f"player{'s' if players > 1 else ''} and the house",
        intro="A row a round: each player's chips and the house's.",
        row_heading="#",
        shared=(ScoreColumn("Pot", "all paid"),),
        seats=(*_seats(players), "The house"),
        columns=columns,
        start_row="Start",
        formulas=(
            _start_words() + " The house starts at 0 and may go below it.",
            paid,
            won,
            _bonus_words(home_cap),
            chips,
        ),
    )


def poker_scorepad(request: ScorepadRequest) -> Scorepad:
    """Ricochet Poker's scorepad under ``request``'s options (``home-cap``: the casino game
    played at home): the standard game's page, and the casino game's when its table seats
    the players (at a casino at most seven besides the house; at home one more)."""
    players = check_players(request.players)
    options = opts.parse_options(PokerBookOptions, request.option_texts)
    tables = [standard_table(players)]
    notes: list[str] = []
    seats = casino.MAX_PLAYERS + (1 if options.home_cap else 0)
    if players <= seats:
        tables.append(casino_table(players, options.home_cap))
    else:
        notes.append(
            f"no casino page: the casino game seats at most {casino.MAX_PLAYERS} players "
            f"besides the house (home-cap: {casino.MAX_PLAYERS + 1}, taking turns to deal)"
        )
    rules = opts.describe(options)
    return Scorepad(
        game="ricochet-poker",
        title="Ricochet Poker scorepad",
        subtitle=rules,
        tables=tuple(tables),
        footer=f"Ricochet Poker scorepad · {rules} · print as many as you need",
        paper=request.paper,
        subject=f"Ricochet Poker scorepad; {rules}; {players} players",
        notes=tuple(notes),
    )


__all__ = ["START_CHIPS", "casino_table", "check_players", "poker_scorepad", "standard_table"]
