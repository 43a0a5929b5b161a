"""The ``printplay`` command line: argument parsing around library calls.

Every verb takes the game first and its options the same way: ``--option NAME`` or
``--option NAME=VALUE``, repeated or comma-separated.  Errors caused by input print one
line on stderr and exit with status 1 (2 for usage errors).
"""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from printplay import options as opts
from printplay.cards import format_labels
from printplay.cli_common import JsonOpt, OptionsOpt, print_json, progress_bar, stderr, stdout
from printplay.cli_poker import poker_app
from printplay.deal import Deal, check_seed, choose_deal, read_deal_file
from printplay.errors import DealError, PrintplayError
from printplay.games import GAMES, OPTION_TYPES, SolitaireGame, game_name, make_game, make_solitaire

app = typer.Typer(
    name="printplay",
    help="Deal, solve and print card games: setup sheets, walkthroughs and rulebooks.",
    add_completion=False,
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)
app.add_typer(poker_app, name="poker")


class Paper(StrEnum):
    """Paper sizes."""

    a4 = "a4"
    letter = "letter"


GameArg = Annotated[str, typer.Argument(help=f"The game: {', '.join(GAMES)}.", show_default=False)]
SeedOpt = Annotated[
    int | None, typer.Option("--seed", "-s", help="Deal number (1 to 2^64-1).", show_default=False)
]
DealOpt = Annotated[
    str | None,
    typer.Option(
        "--deal",
        help="The cards in layout order, as codes like 'Th 7c As ...'.",
        show_default=False,
    ),
]
OutputOpt = Annotated[
    Path, typer.Option("--output", "-o", help="The PDF file to write.", show_default=False)
]
PaperOpt = Annotated[Paper, typer.Option("--paper", help="Paper size.", case_sensitive=False)]


def _game(name: str, options: list[str] | None) -> SolitaireGame:
    return make_solitaire(name, options or [])


def _deal(game: SolitaireGame, seed: int | None, codes: str | None) -> Deal:
    return choose_deal(game.deck(), seed=seed, codes=codes)


@app.command()
def games() -> None:
    """List the games and their options."""
    for name, options_type in OPTION_TYPES.items():
        game = GAMES[name](options_type())
        stdout.print(f"[bold]{name}[/bold]  {game.title}")
        for spec in opts.option_specs(options_type):
            default = "" if spec.is_switch else f" (default {spec.default})"
            stdout.print(f"  --option {spec.usage:<22} {spec.help}{default}")


@app.command()
def deal(
    game: GameArg,
    seed: SeedOpt = None,
    deal: DealOpt = None,
    option: OptionsOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Show a deal: the layout drawn in the terminal, or its JSON."""
    from printplay.deal import SHUFFLE_NAME
    from printplay.render.text import board_text

    the_game = _game(game, option)
    the_deal = _deal(the_game, seed, deal)
    if as_json:
        print_json(
            {
                "game": the_game.name,
                "seed": the_deal.seed,
                "shuffle": SHUFFLE_NAME if the_deal.seed is not None else None,
                "deal_code": the_deal.code,
                "options": opts.to_json(the_game.options),
                **the_game.deal_json(the_deal),
            }
        )
        return
    state = the_game.initial_state(the_deal)
    stdout.print(
        f"{the_game.title} {the_deal.name} ({opts.summary(the_game.options)}), "
        f"code {the_deal.code}\n"
    )
    stdout.print(board_text(state.board()))
    stdout.print("\n[dim]\\[card] face up, (card) face down; the stock, next card first:[/dim]")
    stdout.print("stock: " + format_labels(state.stock))


@app.command()
def solve(
    game: GameArg,
    seed: SeedOpt = None,
    deal: DealOpt = None,
    deal_file: Annotated[
        Path | None,
        typer.Option(
            "--deal-file",
            help="A file of deals, one per line; prints JSON Lines in input order.",
            show_default=False,
        ),
    ] = None,
    option: OptionsOpt = None,
    as_json: JsonOpt = False,
    best_score: Annotated[
        bool,
        typer.Option(
            "--best-score", help="Find the highest-scoring winning line (or the highest score)."
        ),
    ] = False,
    max_states: Annotated[
        int | None,
        typer.Option(
            "--max-states",
            help="Give up (verdict unknown) after this many states.",
            show_default=False,
            min=1,
        ),
    ] = None,
    max_seconds: Annotated[
        float | None,
        typer.Option(
            "--max-seconds",
            help="Give up (verdict unknown) after this many seconds per deal.",
            show_default=False,
            min=0.001,
        ),
    ] = None,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", help="Processes for --deal-file.", min=1)
    ] = 1,
) -> None:
    """Decide whether deals can be won, with a winning line replayed through the engine."""
    from printplay.analysis.batch import result_json, solve_deal, solve_deals
    from printplay.solve.result import Budget

    the_game = _game(game, option)
    budget = Budget(max_states=max_states, max_seconds=max_seconds)
    if deal_file is not None:
        if seed is not None or deal is not None:
            raise DealError("give one of --seed, --deal and --deal-file")
        deals = read_deal_file(deal_file, the_game.deck())
        _solve_batch(the_game, deals, best_score, budget, jobs, result_json, solve_deals)
        return
    if seed is None and deal is None:
        raise DealError("give a deal: --seed N, --deal 'CARDS' or --deal-file FILE")
    the_deal = _deal(the_game, seed, deal)
    result = solve_deal(the_game, the_deal, best=best_score, budget=budget)
    if as_json:
        print_json(result_json(the_game, the_deal, result))
        return
    _print_solution(the_game, the_deal, result)


def _solve_batch(
    game: SolitaireGame,
    deals: list[Deal],
    best: bool,
    budget: Any,
    jobs: int,
    result_json: Any,
    solve_deals: Any,
) -> None:
    counts = {True: 0, False: 0, None: 0}
    total_score = 0
    with progress_bar(disable=len(deals) < 20) as progress:
        task = progress.add_task("solving", total=len(deals))
        results = solve_deals(
            game,
            deals,
            best=best,
            budget=budget,
            jobs=jobs,
            progress=lambda done: progress.update(task, completed=done),
        )
        for index, (the_deal, result) in enumerate(zip(deals, results, strict=True), start=1):
            counts[result.solvable] += 1
            total_score += result.score or 0
            print_json({"index": index, **result_json(game, the_deal, result)})
            sys.stdout.flush()
    summary = (
        f"{len(deals)} deals: {counts[True]} winnable, {counts[False]} not winnable, "
        f"{counts[None]} unknown"
    )
    if best:
        summary += f"; session total score {total_score}"
    stderr.print(summary)


def _print_solution(game: SolitaireGame, the_deal: Deal, result: Any) -> None:
    head = f"{game.title} {the_deal.name} ({opts.summary(game.options)}), code {the_deal.code}"
    stdout.print(head)
    verdict = {True: "winnable", False: "not winnable", None: "unknown (the budget ran out)"}
    line = f"Verdict: {verdict[result.solvable]}"
    if result.score is not None:
        line += f"; score {result.score}"
        if result.optimal is not None:
            line += " (proven best)" if result.optimal else " (not proven best)"
    stdout.print(line + f". Searched {result.states:,} states in {result.seconds:.3f} s.")
    if not result.moves:
        return
    states = [game.initial_state(the_deal)]
    for move in result.moves:
        states.append(states[-1].apply(move))
    title = "Winning line" if result.solvable else "Best attempt"
    stdout.print(f"\n{title} ({len(result.moves)} moves):")
    for number, move in enumerate(result.moves, start=1):
        text = game.describe(states[number - 1], move, states[number])
        stdout.print(f"{number:3}. {text}  [dim](score {states[number].points})[/dim]")


@app.command()
def sheet(
    game: GameArg,
    output: OutputOpt,
    seed: SeedOpt = None,
    deal: DealOpt = None,
    option: OptionsOpt = None,
    paper: PaperOpt = Paper.a4,
    spoiler_free: Annotated[
        bool,
        typer.Option(
            "--spoiler-free",
            help="Page 1 shows only what a player sees (face-down cards as backs, the stock "
            "as a count); the deal order and the solution follow behind spoiler headings.",
        ),
    ] = False,
) -> None:
    """Write a setup sheet and walkthrough (solitaires), or a bot-played deal sheet (poker)."""
    from printplay.render.document import check_writable
    from printplay.render.sheet import build_sheet

    if game_name(game) == "ricochet-poker":
        from printplay.games.poker.standard import standard_options
        from printplay.render.poker_book import build_poker_sheet

        if deal is not None or seed is None:
            raise DealError("a Ricochet Poker deal sheet needs a deal number: --seed N")
        poker = standard_options(option or [])
        check_writable(output)
        stdout.print(str(build_poker_sheet(poker, check_seed(seed), output, paper=paper.value)))
        return
    the_game = _game(game, option)
    the_deal = _deal(the_game, seed, deal)
    check_writable(output)
    with stderr.status("finding the best-scoring line and typesetting the sheet…"):
        path = build_sheet(the_game, the_deal, output, paper=paper.value, spoiler_free=spoiler_free)
    stdout.print(str(path))


@app.command()
def rules(
    game: GameArg, output: OutputOpt, option: OptionsOpt = None, paper: PaperOpt = Paper.a4
) -> None:
    """Write the rulebook of a game as a PDF (the options switch variant text on)."""
    from printplay.render.books import build_game_rulebook
    from printplay.render.document import check_writable

    the_game = make_game(game, option or [])
    check_writable(output)
    stdout.print(str(build_game_rulebook(the_game, output, paper=paper.value)))


@app.command()
def demo(
    output_dir: Annotated[
        Path, typer.Option("--output-dir", help="Where to write the PDFs.")
    ] = Path("output"),
    paper: PaperOpt = Paper.a4,
) -> None:
    """Write example PDFs (rulebook, setup sheet and walkthrough) and print their paths."""
    from printplay.demo import run_demo

    for path in run_demo(output_dir, paper=paper.value):
        stdout.print(str(path))


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        result = app(args=argv, prog_name="printplay", standalone_mode=False)
    except PrintplayError as error:
        stderr.print(f"printplay: error: {error}", markup=False)
        return 1
    except typer.TyperException as error:
        stderr.print(f"printplay: error: {error.format_message()}", markup=False)
        return getattr(error, "exit_code", 2)
    except typer.Abort:
        stderr.print("printplay: aborted", markup=False)
        return 130
    except KeyboardInterrupt:
        stderr.print("printplay: interrupted", markup=False)
        return 130
    except BrokenPipeError:
        return 1
    return result if isinstance(result, int) else 0


def entry() -> None:
    """The console script: exit with :func:`main`'s status."""
    sys.exit(main())


if __name__ == "__main__":
    entry()
