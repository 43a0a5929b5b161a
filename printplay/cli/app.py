"""The ``printplay`` command line: argument parsing around library calls.

Every verb takes the game first and its options the same way: ``--option NAME`` or
``--option NAME=VALUE``, repeated or comma-separated.  Errors caused by input print one
line on stderr and exit with status 1 (2 for usage errors).
"""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from printplay.cli.common import (
    Paper,
    Stopped,
    clip,
    forget_stops,
    guard_streams,
    house_folder,
    output_file,
    output_folder,
    print_json,
    print_path,
    progress_bar,
    seconds_budget,
    stderr,
    stdout,
    working,
)
from printplay.cli.deal_solve import Numbering, run_deal, run_solve
from printplay.cli.deal_solve import deal_of as _deal
from printplay.cli.deal_solve import game_of as _game
from printplay.cli.option_types import JsonOpt, OptionsOpt, PaperOpt, RulesDirOpt
from printplay.cli.root_help import ROOT_HELP, VERSION_HELP
from printplay.cli.run import guarded
from printplay.cli.run import main as main  # the command line's entry, as ever
from printplay.cli.sheet_verb import run_sheet
from printplay.cli.verb_table import VerbTable
from printplay.core.errors import DealError, OptionError
from printplay.games import REGISTRY, BestLine, game_name
from printplay.games import entry as game_entry
from printplay.models.print_profiles import DEFAULT_PROFILE, PROFILES
from printplay.render.card_sizes import CARD_SIZES, DEFAULT_CARD

verbs = VerbTable()
"""The verbs, in the order ``--help`` lists them; each is built when a run reaches it."""

app = verbs.app(
    name="printplay",
    help=ROOT_HELP,
    add_completion=False,
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)
verbs.lazy_command("book", "printplay.cli.book_verb:book")


def _show_version(value: bool) -> None:
    """Print the version and how the search core runs, then stop (``--version``)."""
    if value:
        from printplay.cli.version import version_lines

        sys.stdout.write("".join(f"{line}\n" for line in version_lines()))
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help=VERSION_HELP,
            callback=_show_version,
            is_eager=True,
        ),
    ] = False,
) -> None:
    """The options before any verb."""


def _known_game(value: str | None) -> str | None:
    """Check the game first (an eager argument), so that ``printplay sheet -- -tripeaks``
    names the unknown game rather than an option the rest of the line then lacks."""
    if value is not None:
        game_name(value)
    return value


GameArg = Annotated[
    str,
    typer.Argument(
        help=f"The game: {', '.join(REGISTRY)}.",
        show_default=False,
        callback=_known_game,
        is_eager=True,
    ),
]
SeedOpt = Annotated[
    int | None,
    typer.Option(
        "--seed",
        "-s",
        help="Deal number: 1 to 2^64-1, or a PySolFC game number (1 to 10^20) under "
        "--numbering pysolfc.",
        show_default=False,
    ),
]


NumberingOpt = Annotated[
    Numbering,
    typer.Option(
        "--numbering",
        case_sensitive=False,
        help="Whose deal numbers --seed counts in: printplay's own, or PySolFC's game "
        "numbers (for "
        + ", ".join(found.title for found in REGISTRY.values() if found.pysolfc)
        + "; docs/deals.md).",
    ),
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
    Path,
    typer.Option(
        "--output", "-o", help="The PDF file to write.", show_default=False, parser=output_file
    ),
]


@verbs.command()
def games() -> None:
    """List the games, what each can do, and their options."""
    from printplay.core import options as opts

    for game in REGISTRY.values():
        can = ", ".join(sorted(game.capabilities))
        stdout.print(f"[bold]{game.name}[/bold]  {game.title}  [dim]({can})[/dim]")
        for spec in opts.option_specs(game.options_type):
            default = "" if spec.is_switch else f" (default {spec.default})"
            stdout.print(f"  --option {spec.usage:<22} {spec.help}{default}")


@verbs.command()
def deal(
    game: GameArg,
    seed: SeedOpt = None,
    deal: DealOpt = None,
    option: OptionsOpt = None,
    numbering: NumberingOpt = Numbering.printplay,
    as_json: JsonOpt = False,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Write the layout picture to this file: .svg, .png or .pdf.",
            show_default=False,
            parser=output_file,
        ),
    ] = None,
) -> None:
    """Show a deal: the layout drawn in the terminal, its JSON, or a picture file."""
    run_deal(
        game,
        seed=seed,
        deal=deal,
        option=option,
        numbering=numbering,
        as_json=as_json,
        output=output,
    )


def _offering(kind: BestLine) -> str:
    """The games that offer a kind of best line, for ``solve --help``."""
    return ", ".join(entry.title for entry in REGISTRY.values() if kind in entry.lines)


@verbs.command()
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
    numbering: NumberingOpt = Numbering.printplay,
    as_json: JsonOpt = False,
    best_score: Annotated[
        bool,
        typer.Option(
            "--best-score",
            help="Find the best-scoring line: the highest score, or the lowest where the "
            "game counts strokes (" + _offering("score") + ").",
        ),
    ] = False,
    shortest: Annotated[
        bool,
        typer.Option(
            "--shortest",
            help="Find the provably shortest winning line, every move counting one ("
            + _offering("shortest")
            + ").",
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
            parser=seconds_budget(),
        ),
    ] = None,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", help="Processes for --deal-file.", min=1)
    ] = 1,
    timings: Annotated[
        bool,
        typer.Option(
            "--timings",
            help="Put the seconds spent in the JSON's stats (left out by default, so the same "
            "deal always gives the same bytes).",
        ),
    ] = False,
    grade: Annotated[
        bool,
        typer.Option(
            "--grade",
            help="Grade each deal too: easy, medium, hard, expert or unwinnable, with the "
            "measures the level comes from (docs/difficulty.md).",
        ),
    ] = False,
) -> None:
    """Decide whether deals can be won, with a winning line replayed through the engine."""
    run_solve(
        game,
        seed=seed,
        deal=deal,
        deal_file=deal_file,
        option=option,
        numbering=numbering,
        as_json=as_json,
        best_score=best_score,
        shortest=shortest,
        max_states=max_states,
        max_seconds=max_seconds,
        jobs=jobs,
        timings=timings,
        grade=grade,
    )


@verbs.command()
def check(
    game: GameArg,
    line: Annotated[
        Path,
        typer.Option(
            "--line",
            "-l",
            help="The moves as JSON: what `solve --json` prints, or a list of moves "
            "(docs/json.md); - reads standard input.",
            show_default=False,
        ),
    ],
    seed: SeedOpt = None,
    deal: DealOpt = None,
    option: OptionsOpt = None,
    numbering: NumberingOpt = Numbering.printplay,
    as_json: Annotated[bool, typer.Option("--json", help="Print the verdict as JSON.")] = False,
) -> None:
    """Replay a line of moves through the engine: is every move legal, and does it win?

    Anyone's line can be checked this way, a solver's or a player's; an illegal move is
    named with its number and the rule it breaks.
    """
    from printplay.games.numbering import naming_json
    from printplay.solve.toolkit import read_line, replay_line

    the_game = _game(game, option)
    if seed is None and deal is None:
        raise DealError("give a deal: --seed N or --deal 'CARDS'")
    the_deal = _deal(the_game, seed, deal, numbering)
    moves = read_line(the_game, line)
    states = replay_line(the_game.initial_state(the_deal), moves)
    final = states[-1]
    verdict = {
        "game": the_game.name,
        **naming_json(the_deal),
        "deal_code": the_deal.code,
        "legal": True,
        "won": final.is_won,
        "moves": len(moves),
        "cards_left": final.cards_left,
        "stock_left": final.stock_left,
        "score": final.score,
    }
    if as_json:
        print_json(verdict)
        return
    outcome = "wins" if final.is_won else f"does not win: {final.status()}"
    score = f"; score {final.score}" if final.score is not None else ""
    stdout.print(
        f"{the_game.title} {the_deal.name}: "
        + ("its one move is" if len(moves) == 1 else f"every one of the {len(moves)} moves is")
        + f" legal, and the line {outcome}{score}.",
        markup=False,
    )


verbs.lazy_command("stats", "printplay.cli.stats_verb:stats")


SHEET_HELP = " ".join(
    [
        "Write a setup sheet and walkthrough of a deal, with the layout, the deal order to "
        "stack a real deck and every move of the best line.",
        *(game.sheet_help for game in REGISTRY.values() if game.sheet_help),
    ]
)


@verbs.command(help=SHEET_HELP)
def sheet(
    game: GameArg,
    output: OutputOpt,
    seed: SeedOpt = None,
    deal: DealOpt = None,
    option: OptionsOpt = None,
    numbering: NumberingOpt = Numbering.printplay,
    paper: PaperOpt = Paper.a4,
    spoiler_free: Annotated[
        bool,
        typer.Option(
            "--spoiler-free",
            help="Page 1 shows only what a player sees (face-down cards as backs, the stock "
            "as a count); the deal order and the solution follow behind spoiler headings.",
        ),
    ] = False,
    rules_dir: RulesDirOpt = None,
    max_seconds: Annotated[
        float,
        typer.Option(
            "--max-seconds",
            help="The most time spent deciding the deal; a deal not settled by then gets a "
            "sheet that says so.",
            parser=seconds_budget(most=86400.0),
        ),
    ] = 60.0,
    difficulty: Annotated[
        str | None,
        typer.Option(
            "--difficulty",
            "-d",
            help="Instead of --seed: the first deal of this level (easy, medium, hard or "
            "expert; docs/difficulty.md) from --start on.",
            show_default=False,
        ),
    ] = None,
    start: Annotated[
        int | None,
        typer.Option(
            "--start",
            help="With --difficulty: the first deal number looked at (default 1).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Write a setup sheet and walkthrough of a deal (see :data:`SHEET_HELP`)."""
    run_sheet(
        game,
        output=output,
        seed=seed,
        deal=deal,
        option=option,
        numbering=numbering,
        paper=paper,
        spoiler_free=spoiler_free,
        rules_dir=rules_dir,
        max_seconds=max_seconds,
        difficulty=difficulty,
        start=start,
    )


@verbs.command()
def rules(
    game: GameArg,
    output: OutputOpt,
    option: OptionsOpt = None,
    paper: PaperOpt = Paper.a4,
    rules_dir: RulesDirOpt = None,
) -> None:
    """Write the rulebook of a game as a PDF (the options switch variant text on)."""
    _print_printable("rulebook", game, output, option, paper, rules_dir)


def _print_printable(
    kind: str,
    game: str,
    output: Path,
    option: list[str] | None,
    paper: Paper,
    rules_dir: Path | None,
) -> None:
    """Write printable ``kind`` of ``game`` (no deal) and print its path."""
    from printplay.makers.requests import make_printable
    from printplay.models.printable import PrintRequest

    request = PrintRequest(
        game_entry(game).name,
        output,
        tuple(option or ()),
        paper=paper.value,
        rules_dir=house_folder(rules_dir, output),
    )
    print_path(make_printable(kind, request))


class DuplexChoice(StrEnum):
    """How the printer turns the sheet for its second side."""

    long_edge = "long-edge"
    short_edge = "short-edge"


class DeckLayoutChoice(StrEnum):
    """Deck layouts."""

    duplex = "duplex"
    gutter_fold = "gutter-fold"


def _card_size(text: str) -> str:
    """A card size by name (a usage error naming the choices if it is none)."""
    if text.lower() not in CARD_SIZES:
        raise typer.BadParameter(f"{clip(text)!r} is not one of {', '.join(map(repr, CARD_SIZES))}")
    return text.lower()


def _back_offset(text: str) -> tuple[float, float]:
    """``X,Y`` in millimetres (a usage error if it is not two numbers)."""
    parts = text.replace(" ", "").split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = (float(part) for part in parts)
    except ValueError:
        raise typer.BadParameter(
            f"{clip(text)!r} is not X,Y (two numbers in millimetres, e.g. 1.5,-0.5)",
            param_hint="'--back-offset'",
        ) from None
    return x, y


def _numbers(text: str | None, flag: str) -> list[int] | None:
    """``1,5,9`` as numbers (a usage error if one is not a whole number)."""
    if text is None:
        return None
    numbers = []
    for part in text.replace(" ", "").split(","):
        digits = part[1:] if part.startswith("-") else part
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 20:
            raise typer.BadParameter(
                f"{clip(text)!r} is not a list of deal numbers such as 1,5,9", param_hint=flag
            )
        numbers.append(int(part))
    return numbers


class ExportFormat(StrEnum):
    """The file format of a per-card export."""

    png = "png"
    pdf = "pdf"


def _print_profile(text: str | None) -> str | None:
    """A print profile by name (a usage error naming the choices if it is none)."""
    if text is not None and text.lower() not in PROFILES:
        raise typer.BadParameter(f"{clip(text)!r} is not one of {', '.join(map(repr, PROFILES))}")
    return None if text is None else text.lower()


@verbs.command()
def deck(
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="The PDF file of printable sheets to write.",
            show_default=False,
            parser=output_file,
        ),
    ] = None,
    export: Annotated[
        Path | None,
        typer.Option(
            "--export",
            help="Instead of sheets, write a file per card side into this folder, at a print "
            "shop's size with bleed, and a manifest.json (docs/print-and-play.md).",
            show_default=False,
            parser=output_folder,
            metavar="FOLDER",
        ),
    ] = None,
    export_format: Annotated[
        ExportFormat | None,
        typer.Option(
            "--format",
            help="With --export: png images (the default) or one-page pdf files.",
            case_sensitive=False,
            show_default=False,
        ),
    ] = None,
    profile: Annotated[
        str | None,
        typer.Option(
            "--profile",
            help="With --export: the print profile, "
            + ", ".join(PROFILES)
            + f" (default {DEFAULT_PROFILE}).",
            callback=_print_profile,
            show_default=False,
        ),
    ] = None,
    jokers: Annotated[
        int | None,
        typer.Option(
            "--jokers",
            help="How many jokers (0 to 2): the sheets print 2 unless told, an export none.",
            min=0,
            max=2,
            show_default=False,
        ),
    ] = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="With --export: write into a folder that holds files printplay did not "
            "write: they are left alone (never deleted), files named as the export's are "
            "replaced.",
        ),
    ] = False,
    paper: PaperOpt = Paper.a4,
    size: Annotated[
        str,
        typer.Option(
            "--size",
            help="The card size: "
            + ", ".join(
                f"{c.name} ({c.width_mm:g} × {c.height_mm:g} mm)" for c in CARD_SIZES.values()
            )
            + ".",
            callback=_card_size,
        ),
    ] = DEFAULT_CARD.name,
    duplex: Annotated[
        DuplexChoice,
        typer.Option(
            "--duplex",
            help="How your printer turns the sheet: long-edge (like a book; the usual) or "
            "short-edge (like a calendar).",
        ),
    ] = DuplexChoice.long_edge,
    back_offset: Annotated[
        str,
        typer.Option(
            "--back-offset",
            help="Move every back by X,Y mm as seen on the back (x right, y up), to make up "
            "for a printer out of register; read it off the print check. Each within ±5.",
            metavar="X,Y",
        ),
    ] = "0,0",
    layout: Annotated[
        DeckLayoutChoice,
        typer.Option(
            "--layout",
            help="duplex (faces and backs on the two sides) or gutter-fold (one-sided: fold "
            "each sheet, glue, cut).",
        ),
    ] = DeckLayoutChoice.duplex,
    bleed: Annotated[
        bool, typer.Option("--bleed", help="Card art runs 3 mm past the cut line.")
    ] = False,
    four_colour: Annotated[
        bool,
        typer.Option(
            "--four-colour",
            help="Clubs green, diamonds blue, hearts bright red: four greys in greyscale.",
        ),
    ] = False,
    large_index: Annotated[
        bool, typer.Option("--large-index", help="Bigger corner indices, for low vision.")
    ] = False,
    back_text: Annotated[
        str | None,
        typer.Option(
            "--back-text",
            help="Your own line on every back (24 characters at most).",
            show_default=False,
        ),
    ] = None,
    no_calibration: Annotated[
        bool, typer.Option("--no-calibration", help="Leave out the print check.")
    ] = False,
    lite: Annotated[
        bool,
        typer.Option(
            "--lite",
            help="For less ink: faces in outline (hearts and diamonds hollow, apart from "
            "spades and clubs in greyscale), the backs left blank, no print check.",
        ),
    ] = False,
    quick_ref: Annotated[
        list[str] | None,
        typer.Option(
            "--quick-ref",
            help="Add the quick-reference cards of GAME (repeat for more games): they fill "
            "a sheet after the deck (with --export, a file for each side).",
            metavar="GAME",
            show_default=False,
        ),
    ] = None,
    rules_dir: RulesDirOpt = None,
) -> None:
    """Write a printable deck: 52 cards and two jokers at true size, backs for duplex
    printing, crop marks and a print check; or, with --export, each card side as a file a
    print-on-demand service takes, and a manifest."""
    if export is not None:
        if lite:
            raise OptionError(
                "--lite is for the sheets printed at home, not --export: a print shop prints "
                "the cards' full faces and backs"
            )
        sheet_only = {
            "--output": output is not None,
            "--paper": paper != Paper.a4,
            "--size": size != DEFAULT_CARD.name,
            "--duplex": duplex != DuplexChoice.long_edge,
            "--back-offset": back_offset != "0,0",
            "--layout": layout != DeckLayoutChoice.duplex,
            "--bleed": bleed,
            "--no-calibration": no_calibration,
        }
        given = [flag for flag, on in sheet_only.items() if on]
        if given:
            raise OptionError(
                f"{given[0]} is for the printable sheets, not --export: an export takes its "
                "card size and bleed from --profile"
            )
        from printplay.makers.card_export_maker import export_deck

        folder = export_deck(
            export,
            profile=profile or DEFAULT_PROFILE,
            fmt=(export_format or ExportFormat.png).value,
            jokers=0 if jokers is None else jokers,
            games=quick_ref or (),
            rules_dir=house_folder(rules_dir),
            four_colour=four_colour,
            large_index=large_index,
            back_text=back_text,
            force=force,
        )
        print_path(folder)
        return
    if export_format is not None or profile is not None or force:
        flag = "--format" if export_format is not None else "--profile" if profile else "--force"
        raise OptionError(f"{flag} goes with --export FOLDER (a file per card side)")
    if output is None:
        raise OptionError(
            "give --output FILE for the printable sheets, or --export FOLDER for a file per "
            "card side"
        )
    from printplay.makers.deck_maker import make_deck

    path = make_deck(
        output,
        games=quick_ref or (),
        rules_dir=house_folder(rules_dir, output),
        paper=paper.value,
        size=size,
        duplex=duplex.value,
        back_offset=_back_offset(back_offset),
        layout=layout.value,
        bleed=bleed,
        four_colour=four_colour,
        large_index=large_index,
        back_text=back_text,
        calibration=not no_calibration,
        jokers=2 if jokers is None else jokers,
        lite=lite,
    )
    print_path(path)


@verbs.command()
def components(
    output: OutputOpt,
    game: Annotated[
        str | None,
        typer.Argument(
            help="Only the pieces this game needs (by default every piece); with --tuck-box, "
            "the name printed on the box.",
            show_default=False,
        ),
    ] = None,
    paper: PaperOpt = Paper.a4,
    players: Annotated[
        int | None,
        typer.Option("--players", help="Players at the table (2 to 8; default 8).", min=2, max=8),
    ] = None,
    tuck_box: Annotated[
        bool,
        typer.Option(
            "--tuck-box",
            help="Write a tuck box for the deck instead of the pieces: a one-piece dieline "
            "(two pieces to glue when it does not fit the paper), cut and fold lines, the "
            "game's name on it.",
        ),
    ] = False,
    cards: Annotated[
        int | None,
        typer.Option(
            "--cards",
            help="With --tuck-box: the cards the box holds (default 54, the printable deck).",
            show_default=False,
        ),
    ] = None,
    card_thickness: Annotated[
        float | None,
        typer.Option(
            "--card-thickness",
            help="With --tuck-box: a card's thickness in mm (default 0.30; measure twenty "
            "sleeved cards and divide).",
            metavar="MM",
            show_default=False,
        ),
    ] = None,
    size: Annotated[
        str | None,
        typer.Option(
            "--size",
            help="With --tuck-box: the deck's card size, as printplay deck --size.",
            callback=lambda text: None if text is None else _card_size(text),
            show_default=False,
        ),
    ] = None,
    rules_dir: RulesDirOpt = None,
) -> None:
    """Write the pieces the games need besides the deck (chips, a ball token, a dealer
    button) to print and cut out, or with --tuck-box a tuck box for the deck."""
    from printplay.core.errors import GameError, OptionError

    box_options = {"--cards": cards, "--card-thickness": card_thickness, "--size": size}
    if tuck_box:
        if players is not None:
            raise OptionError("--players is for the pieces, not --tuck-box")
        from printplay.makers.tuck_box_maker import make_tuck_box

        path = make_tuck_box(
            output,
            size=size or DEFAULT_CARD.name,
            cards=cards,
            thickness=card_thickness,
            game=game,
            paper=paper.value,
            rules_dir=house_folder(rules_dir, output),
        )
        print_path(path)
        return
    given = [flag for flag, value in box_options.items() if value is not None]
    if rules_dir is not None:
        given.append("--rules-dir")
    if given:
        raise OptionError(f"{given[0]} goes with --tuck-box")
    from printplay.builders.piece_set import MAX_PLAYERS
    from printplay.makers.components_maker import make_components

    kinds = words = None
    if game is not None:
        found = game_entry(game)
        if not found.pieces:
            raise GameError(f"{found.title} needs no pieces besides the deck")
        kinds, words = tuple(found.pieces), found.pieces
    seats = MAX_PLAYERS if players is None else players
    path = make_components(output, paper=paper.value, players=seats, kinds=kinds, words=words)
    print_path(path)


@verbs.command()
def scorepad(
    game: GameArg,
    output: OutputOpt,
    paper: PaperOpt = Paper.a4,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            help="Players with columns of their own (each game says how many it takes; by "
            "default its usual table).",
            show_default=False,
        ),
    ] = None,
    option: OptionsOpt = None,
) -> None:
    """Write a game's scorepad to fill in by hand: a row a deal or round, columns for each
    player, the formulas at the foot of every page."""
    from printplay.makers.scorepad_maker import make_scorepad
    from printplay.models.scorepad_model import ScorepadRequest

    request = ScorepadRequest(game_entry(game).name, players, tuple(option or ()), paper.value)
    path, pad = make_scorepad(output, request)
    for note in pad.notes:
        stderr.print(f"printplay: note: {note}", markup=False)
    print_path(path)


@verbs.command()
def mat(
    game: GameArg,
    output: OutputOpt,
    option: OptionsOpt = None,
    paper: PaperOpt = Paper.a4,
    rules_dir: RulesDirOpt = None,
) -> None:
    """Write a solitaire's table mat: its layout at true size on pages to tape together."""
    _print_printable("mat", game, output, option, paper, rules_dir)


@verbs.command()
def kit(
    game: GameArg,
    output: OutputOpt,
    paper: PaperOpt = Paper.a4,
    deals: Annotated[
        str | None,
        typer.Option(
            "--deals",
            help="The curated deals to print setup sheets of, by number (e.g. 1,5,9); a "
            "number not in the game's first-deals collection is dealt with standard options. "
            "By default the whole collection.",
            metavar="N,N,…",
            show_default=False,
        ),
    ] = None,
    no_deck: Annotated[bool, typer.Option("--no-deck", help="Leave out the deck.")] = False,
    no_puzzles: Annotated[
        bool,
        typer.Option("--no-puzzles", help="Leave out the puzzle book of the game's curated deals."),
    ] = False,
    rules_dir: RulesDirOpt = None,
    lite: Annotated[
        bool,
        typer.Option(
            "--lite",
            help="The lite kit, for less ink and fewer sheets: no filled grounds, card faces "
            "in outline (hearts and diamonds hollow, apart from spades and clubs in "
            "greyscale), no card backs and no print check; says its sheets and ink.",
        ),
    ] = False,
) -> None:
    """Write a game's print-and-play kit: cover, contents, rulebook, mat or pieces, setup
    sheets of curated deals, a puzzle book of its graded deals and the deck with
    quick-reference cards, in one PDF."""
    from printplay.makers.kit_maker import build_kit

    numbers = _numbers(deals, "'--deals'")
    with stderr.status("building the kit: rulebook, sheets (solving the deals), deck…"):
        made = build_kit(
            game_entry(game).name,
            output,
            paper=paper.value,
            deals=numbers,
            deck=not no_deck,
            rules_dir=house_folder(rules_dir, output),
            puzzles=not no_puzzles,
            lite=lite,
        )
    for note in made.left_out:
        stderr.print(f"printplay: note: {note}", markup=False)
    if lite:
        from printplay.makers.ink_coverage import measure_ink

        ink = measure_ink(made.path)
        stderr.print(
            f"printplay: lite kit: {made.sheets} sheets ({made.pages} pages), ink "
            f"{ink.share:.1%} of the page area",
            markup=False,
        )
    print_path(made.path)


JobsOpt = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        help="Processes making the files (by default one a processor).",
        min=1,
        show_default=False,
    ),
]


SITE_HELP = (
    "Write the rules reference as a static website into a folder: an index, a page per game "
    "(the rulebook, from the same sources as the PDF), a page per variant, featured deals "
    "with their solutions, and the PDFs they link to. With --serve, serve a built site on "
    "127.0.0.1 for a preview instead (Ctrl-C stops)."
)


@verbs.command(help=SITE_HELP)
def site(
    output_dir: Annotated[
        Path,
        typer.Option(
            "--output",
            "-o",
            "--output-dir",
            help="The folder the site is written into (or served from).",
            parser=output_folder,
        ),
    ] = Path("output/site"),
    deals: Annotated[
        int,
        typer.Option("--deals", help="Featured deals for each solitaire.", min=0, max=20),
    ] = 3,
    paper: PaperOpt = Paper.a4,
    rules_dir: RulesDirOpt = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Write into a folder that holds files printplay did not write: they are "
            "left alone (never deleted), files named as the site's are replaced.",
        ),
    ] = False,
    serve: Annotated[
        bool,
        typer.Option(
            "--serve", help="Serve the built site on 127.0.0.1 for a preview (Ctrl-C stops)."
        ),
    ] = False,
    port: Annotated[
        int, typer.Option("--port", help="The port --serve listens on.", min=0, max=65535)
    ] = 8000,
    jobs: JobsOpt = None,
) -> None:
    """Write the website, or serve it (see :data:`SITE_HELP`)."""
    if serve:
        from printplay.cli.preview import serve as serve_site

        def ready(address: str) -> None:
            stderr.print(f"Serving {output_dir} at {address} (Ctrl-C stops)", markup=False)

        try:
            serve_site(output_dir, port, ready=ready)
        except Stopped:
            forget_stops()  # Ctrl-C is how serving ends: the run ends well
            stderr.print("printplay: stopped serving", markup=False)
        return
    from printplay.core.parallel import cpu_count, worker_pool
    from printplay.makers.site_maker import build_site

    with (
        working("building the site: rulebooks, variants, featured deals (solved), kits"),
        worker_pool(jobs or cpu_count()) as pool,
    ):
        build_site(
            output_dir,
            deals=deals,
            paper=paper.value,
            rules_dir=house_folder(rules_dir),
            force=force,
            pool=pool,
        )
    print_path(output_dir / "index.html")


@verbs.command()
def demo(
    output_dir: Annotated[
        Path, typer.Option("--output-dir", help="Where to write the PDFs.", parser=output_folder)
    ] = Path("output"),
    paper: PaperOpt = Paper.a4,
    jobs: JobsOpt = None,
) -> None:
    """Write one of each printable of every game (rulebooks, sheets …), the books, a kit
    and the website, and print the paths."""
    from printplay.core.parallel import cpu_count
    from printplay.makers.demo import run_demo

    with progress_bar() as progress:
        task = progress.add_task("making the demo", total=None)

        def report(done: int, total: int, what: str) -> None:
            progress.update(task, completed=done, total=total)

        processes = jobs or cpu_count()
        paths = run_demo(output_dir, paper=paper.value, jobs=processes, progress=report)
    for path in paths:
        print_path(path)


for _entry in REGISTRY.values():
    if _entry.verbs is not None:
        verbs.lazy_group(*_entry.verbs)
verbs.lazy_group("data", "printplay.cli.data_verb:data_app")


def run_typer(args: list[str]) -> int:
    """Run the command line ``args`` through typer (see :func:`printplay.cli.run.main`,
    which runs the plain ones without it); returns the exit status.  No arguments print the
    help page."""
    if not args:
        guard_streams()
        stdout.print(
            typer.main.get_command(app).get_help(
                typer.Context(typer.main.get_command(app), info_name="printplay")
            )
        )
        return 0
    return guarded(lambda: app(args=args, prog_name="printplay", standalone_mode=False))


if __name__ == "__main__":
    from printplay.cli.launch import entry

    entry()
