"""``printplay poker …``: Ricochet Poker at the command line (a thin layer over the library).

Verbs: ``play`` (scripted rounds, standard or ``--casino``), ``odds`` (exact buy odds for a
position), ``edge`` (the casino's house edge by simulation), ``strategy`` (the casino basic
strategy table) and ``table-card`` (a printable casino table card).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from printplay.cli.common import (
    Paper,
    output_file,
    print_json,
    print_path,
    progress_bar,
    stdout,
)
from printplay.cli.option_types import JsonOpt, OptionsOpt, PaperOpt
from printplay.core.errors import DealError, GameError, OptionError

MIN_CASINO_POT = 2
"""The smallest casino pot before a buy: one player's ante and the dealer's."""
MAX_CASINO_POT = 14
"""The largest: seven players' and the dealer's antes and six earlier buys."""

poker_app = typer.Typer(
    name="poker",
    help="Ricochet Poker: play scripted rounds, exact odds, the casino's house edge.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

CasinoOpt = Annotated[bool, typer.Option("--casino", help="The casino game (against the house).")]

if TYPE_CHECKING:
    from rich.progress import TaskID

    from printplay.games.poker.casino import CasinoState


@poker_app.command()
def play(
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            help="Players at the table (default 4; the same as --option players=N).",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", "-s", help="Deal number.", show_default=False)
    ] = None,
    deck: Annotated[
        str | None,
        typer.Option(
            "--deck",
            help="The top of the deck in dealing order ('Kd Jc 8h 7s …'); the rest follows in "
            "canonical order (or the --seed deal's order).",
            show_default=False,
        ),
    ] = None,
    actions: Annotated[
        str,
        typer.Option(
            "--actions",
            "-a",
            help="Actions in turn for whoever is to act: 'buy 3; fold; buy 2' (casino: "
            "'buy; fold').",
        ),
    ] = "",
    option: OptionsOpt = None,
    casino: CasinoOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Deal a round and apply scripted actions to whoever is to act, in turn."""
    from printplay.core import options as opts
    from printplay.games.poker.dealing import poker_deck

    texts = list(option or [])
    if players is not None:
        if "players" in _option_names(texts):
            raise OptionError("give the number of players once: --players N or --option players=N")
        texts.insert(0, f"players={players}")
    if casino:
        from printplay.games.poker import casino as table

        options = opts.parse_options(table.CasinoOptions, texts)
        cards = poker_deck(seed=seed, top=deck, joker_hint="the casino game has no jokers")
        state = table.play_script(options, cards, table.parse_actions(actions))
        lines = [event.describe_event() for event in state.events]
        summary = _casino_summary(state)
    else:
        from printplay.games.poker import standard

        game = standard.standard_options(texts)
        cards = standard.round_deck(game, seed=seed, top=deck)
        round_ = standard.play_script(game, cards, standard.parse_actions(actions))
        if as_json:
            print_json(round_.to_json())
            return
        lines = [standard.describe_event(event) for event in round_.events]
        summary = round_.describe()
        state = None
    if as_json and state is not None:
        print_json(state.to_json())
        return
    for line in [*lines, "", *summary]:
        stdout.print(line, markup=False)


def _option_names(texts: list[str]) -> set[str]:
    """The option names written in ``--option`` texts (``"players=3, limit=6"``)."""
    return {
        part.partition("=")[0].strip().lower().replace("_", "-")
        for text in texts
        for part in text.split(",")
        if part.strip()
    }


def _casino_summary(state: CasinoState) -> list[str]:
    lines = [
        f"Seat {p.seat}: {' '.join(c.label for c in p.cards)}, {p.status}, net {p.net:+d}"
        for p in state.players
    ]
    lines.append(f"Dealer: {' '.join(c.label for c in state.dealer.cards)}, {state.dealer.status}")
    if state.to_act is None:
        lines.append(f"Round over; the house's net {state.house_net:+d}")
    else:
        lines.append(f"Pot {state.pot}; seat {state.to_act} to act (buy or fold)")
    return lines


@poker_app.command()
def odds(
    hands: Annotated[
        str,
        typer.Option(
            "--hands",
            help="The hands still in, seat by seat, separated by '|': 'Kd | Jc | 8h | 7s 2h 9c'.",
            show_default=False,
        ),
    ],
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            help="The seat to work out (default: the lowest hand, who acts).",
            show_default=False,
        ),
    ] = None,
    dead: Annotated[
        str, typer.Option("--dead", help="Cards out of play on the table (folded hands).")
    ] = "",
    option: OptionsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Exact odds of escaping last place for every buy, in a standard-game position."""
    from rich.table import Table

    from printplay.core.cards import format_labels
    from printplay.games.poker.odds import chance, position_odds
    from printplay.games.poker.standard import lowest_seat, standard_options

    options = standard_options(option or [])
    table = [part.strip() for part in hands.split("|")]
    if any(not part for part in table):
        raise DealError("--hands: every seat needs at least one card (seats are separated by |)")
    if len(table) < 2:
        raise GameError("--hands needs at least two hands, separated by |")
    if "players" in _option_names(option or []) and len(table) > options.players:
        raise GameError(
            f"--hands gives {len(table)} hands, more than the {options.players} players of "
            "--option players"
        )
    lowest = lowest_seat(table, options)
    for number, part in enumerate(table, start=1):
        if len(part.replace(",", " ").split()) < options.start_cards:
            raise DealError(
                f"seat {number} holds one card; in the {options.limit}-card game every hand "
                f"starts with {options.start_cards}"
            )
    if seat is not None and seat != lowest and 1 <= seat <= len(table):
        raise GameError(f"seat {seat} does not act: seat {lowest} holds the lowest hand")
    result = position_odds(table, lowest if seat is None else seat, options=options, dead=dead)
    if as_json:
        print_json(result.to_json())
        return
    cards = format_labels(result.cards)
    head = (
        f"Seat {result.seat} ({cards}) against seat {result.lowest}; {result.unseen} cards unseen"
    )
    if not result.buys:
        stdout.print(f"{head}; there is no card left to buy.")
        return
    stdout.print(f"{head}; may buy up to {result.max_buy}.")
    grid = Table("buy", "escapes last place", "out", "expected cards", "chips")
    for buy in result.buys:
        grid.add_row(
            str(buy.k),
            chance(buy.escape, digits=2),
            chance(buy.out, digits=2),
            f"{float(buy.expected_cards):.3f}",
            str(buy.chips),
        )
    stdout.print(grid)


@poker_app.command()
def ev(
    player: Annotated[
        str,
        typer.Option("--player", help="The two cards of the player to act.", show_default=False),
    ],
    standing: Annotated[
        str,
        typer.Option(
            "--standing",
            help="The five-card hands still in, separated by '|' (the dealer's if she plays).",
        ),
    ] = "",
    dead: Annotated[
        str, typer.Option("--dead", help="Other cards on the table (other players' cards).")
    ] = "",
    pot: Annotated[
        int,
        typer.Option(
            "--pot",
            help="The pot before the buy: the antes (players and dealer) and earlier buys.",
            min=MIN_CASINO_POT,
            max=MAX_CASINO_POT,
        ),
    ] = MIN_CASINO_POT,
    home_cap: Annotated[bool, typer.Option("--home-cap", help="Cap bonuses at 10.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Casino game: the exact value of buying three cards versus folding."""
    from printplay.games.poker.ev import buy_fold_ev

    hands = [part.strip() for part in standing.split("|")] if standing.strip() else []
    if any(not hand for hand in hands):
        raise DealError("--standing: every hand needs five cards (hands are separated by |)")
    result = buy_fold_ev(player, hands, dead=dead, pot=pot, home_cap=home_cap)
    if as_json:
        print_json(result.to_json())
        return
    stdout.print(
        f"Buy: {result.buy:+.4f} chips · fold: {result.fold:+.4f} chips → "
        f"{result.best.upper()} (over {result.completions:,} three-card draws)",
        markup=False,
    )
    stdout.print(
        f"Chance to win {result.win:.2%}, to split {result.split:.2%}; expected bonus "
        f"{result.bonus:.4f}, expected pot share {result.share:.4f} (pot {result.pot})",
        markup=False,
    )


@poker_app.command()
def edge(
    players: Annotated[
        list[int] | None,
        typer.Option(
            "--players",
            "-p",
            help="Numbers of players (1 to 7); repeat. Default: all.",
            show_default=False,
        ),
    ] = None,
    rounds: Annotated[
        int,
        typer.Option(
            "--rounds", "-r", help="Rounds to simulate for each number of players.", min=2
        ),
    ] = 200_000,
    seed: Annotated[
        int,
        typer.Option("--seed", "-s", help="Master seed: same seed and rounds, same result.", min=1),
    ] = 1,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Processes.", min=1)] = 2,
    home_cap: Annotated[bool, typer.Option("--home-cap", help="Cap bonuses at 10.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """The casino game's house edge under the basic strategy, by simulation, with 95% CIs."""
    from rich.table import Table

    from printplay.analysis.poker_edge import check_edge, house_edge
    from printplay.analysis.poker_edge_file import edge_command

    counts = players or list(range(1, 8))
    for count in counts:
        if not 1 <= count <= 7:
            raise GameError(f"the casino game seats 1 to 7 players, not {count}")
        check_edge(count, rounds, seed=seed, jobs=jobs)  # before the progress bar is drawn
    command = edge_command(rounds, seed, home_cap=home_cap, players=players or ())
    results = []
    with progress_bar() as progress:
        for count in counts:
            task = progress.add_task(f"{count} player{'s' if count > 1 else ''}", total=rounds)

            def report(done: int, total: int, task: TaskID = task) -> None:
                progress.update(task, completed=done)

            results.append(
                house_edge(count, rounds, seed=seed, jobs=jobs, home_cap=home_cap, progress=report)
            )
    if as_json:
        print_json({"command": command, "results": [r.to_json() for r in results]})
        return
    grid = Table("players", "rounds", "edge per ante", "royal smoothed", "edge per chip staked")
    for result in results:
        grid.add_row(
            str(result.players),
            f"{result.rounds:,}",
            result.edge_ante.percent(),
            result.edge_ante_smoothed.percent(),
            result.edge_stake.percent(),
        )
    stdout.print(grid)
    stdout.print(f"95% intervals; {command}", markup=False)


@poker_app.command()
def strategy(
    home_cap: Annotated[
        bool, typer.Option("--home-cap", help="With bonuses capped at 10 (the home cap).")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """The casino basic strategy for one player against the dealer."""
    from rich.table import Table

    from printplay.games.poker.strategy_play import strategy_table

    header, rows = strategy_table(home_cap=home_cap)
    if as_json:
        print_json({"home_cap": home_cap, "header": [*header], "rows": [[*row] for row in rows]})
        return
    grid = Table(box=None, padding=(0, 1, 0, 0), pad_edge=False, header_style="bold")
    for name in header:
        grid.add_column(name, no_wrap=True, justify="left" if name == "hand" else "center")
    for row in rows:
        grid.add_row(*(str(cell) for cell in row))
    cap = " (home cap)" if home_cap else ""
    stdout.print(f"Basic strategy{cap}: your two cards (rows), the dealer's hand (columns)")
    stdout.print(grid)
    used = {cell for row in rows for cell in row[1:]}
    legend = {"B": "B buy", "F": "F fold", "s": "s buy if suited", "o": "o buy if offsuit"}
    stdout.print(", ".join(text for code, text in legend.items() if code in used) + ".")


@poker_app.command("table-card")
def table_card(
    output: Annotated[
        Path,
        typer.Option(
            "--output", "-o", help="The PDF file to write.", show_default=False, parser=output_file
        ),
    ],
    paper: PaperOpt = Paper.a4,
    home_cap: Annotated[bool, typer.Option("--home-cap", help="Print the home cap of 10.")] = False,
) -> None:
    """A casino table card (kickout table, paytable, order of play) to fold and stand up."""
    from printplay.makers.table_card_maker import write_table_card

    print_path(write_table_card(output, paper=paper.value, home_cap=home_cap))
