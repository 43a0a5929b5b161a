"""Puzzle books: winnable deals of the difficulty asked, graded and proven, solutions at
the back.

:func:`choose_deals` takes deals in order of deal number from ``start``, grades each
(:mod:`printplay.analysis.grading`, on the one parallel map) and keeps those of the level
asked; ``mixed`` asks for a rising ramp, puzzle ``j`` of ``n`` at level ``⌊4j/n⌋``, so
the first quarter is easy and the last expert.  Every deal kept was proven winnable and
its line replayed through the engine.  :func:`build_book` turns the deals into the
:class:`~printplay.models.book_model.PuzzleBook` model, which the book maker
(:mod:`printplay.makers.book_maker`) hands to the renderer.  The same request gives the
same book, byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from printplay.analysis.grading import PLAYOUTS, Graded, grade_deals, keeping_moves
from printplay.analysis.levels import thresholds
from printplay.builders.commands import book_argv, command_line, sheet_request
from printplay.builders.sheet import build_setup
from printplay.builders.walkthrough import build_walkthrough
from printplay.core import options as opts
from printplay.core.deal import MAX_SEED, NUMBERING, check_seed
from printplay.core.errors import GameError, OptionError
from printplay.core.grades import LEVELS, Grade, Measures
from printplay.core.jsontypes import JsonObject, JsonValue
from printplay.core.protocols import BookExtras, RegisteredSolitaire, SolitaireMove
from printplay.core.verdicts import SolveResult
from printplay.games.numbering import numbered
from printplay.models.book_model import CURATED as CURATED_BOOK
from printplay.models.book_model import (
    DIFFICULTIES,
    BookRequest,
    Puzzle,
    PuzzleBook,
    TurningPoint,
)
from printplay.models.printable import Walkthrough

MAX_COUNT = 200
"""The most puzzles a book holds."""

WINDOW_PER_PUZZLE = 40
"""How many deals a book may grade for each puzzle asked before it gives up."""

MIN_WINDOW = 500
"""The fewest deals a book (or a sheet of a level) may grade before it gives up."""

TURNING_POINTS = 3
"""The most turning points a solution draws."""

Progress = Callable[[int, int], None]
"""Told ``(puzzles found, deals graded)`` as a book's deals are chosen."""


Turning = tuple[tuple[int, int | None], ...]
"""A solution's turning points as stored: (move number, moves that keep the deal winnable
there, ``None`` if unsettled)."""


@dataclass(frozen=True)
class Chosen:
    """The deals a book prints, in book order, and how many deals were graded for them;
    ``turning`` holds each deal's stored turning points, if known (a curated collection),
    else they are worked out."""

    deals: tuple[Graded, ...]
    tried: int
    turning: tuple[Turning | None, ...] = ()


def check_difficulty(difficulty: str) -> str:
    """``difficulty`` if it is a level or ``mixed``; else an :class:`OptionError`."""
    if difficulty not in DIFFICULTIES:
        raise OptionError(
            f"unknown difficulty {opts.shown(difficulty)} (choose {', '.join(DIFFICULTIES)})"
        )
    return difficulty


def check_count(count: int) -> int:
    """``count`` if a book can hold that many puzzles; else an :class:`OptionError`."""
    if not 1 <= count <= MAX_COUNT:
        raise OptionError(f"a book holds 1 to {MAX_COUNT} puzzles, not {count}")
    return count


def ramp(count: int, difficulty: str) -> tuple[str, ...]:
    """The level of each puzzle of a book of ``count``: all the same, or for ``mixed`` a
    rising ramp (puzzle ``j`` of ``n``, from 0, at level ``⌊4j/n⌋``).

    >>> ramp(6, "mixed")
    ('easy', 'easy', 'medium', 'hard', 'hard', 'expert')
    >>> ramp(2, "hard")
    ('hard', 'hard')
    """
    check_difficulty(difficulty)
    if difficulty != "mixed":
        return (difficulty,) * count
    return tuple(LEVELS[j * len(LEVELS) // count] for j in range(count))


def search_window(count: int, start: int) -> int:
    """How many deals from ``start`` a book of ``count`` may grade."""
    return min(max(MIN_WINDOW, WINDOW_PER_PUZZLE * count), MAX_SEED - start + 1)


def choose_deals(
    game: RegisteredSolitaire,
    count: int,
    difficulty: str,
    *,
    start: int = 1,
    jobs: int = 1,
    window: int | None = None,
    progress: Progress | None = None,
    numbering: str = NUMBERING,
) -> Chosen:
    """The deals of a book of ``count`` at ``difficulty``: deals numbered in ``numbering``
    from ``start``, in order, each graded, those of the levels asked kept (see
    :func:`ramp`).  If the ``window`` deals after ``start`` (by default
    :func:`search_window`) hold too few, a :class:`GameError` says how many were found
    and tried."""
    check_count(count)
    levels = ramp(count, difficulty)
    check_seed(start)
    tried_at_most = window if window is not None else search_window(count, start)
    tried_at_most = min(tried_at_most, MAX_SEED - start + 1)
    wanted = {level: levels.count(level) for level in LEVELS if level in levels}
    found: dict[str, list[Graded]] = {level: [] for level in wanted}
    deals = [numbered(game, seed, numbering) for seed in range(start, start + tried_at_most)]
    tried = 0
    kept = 0
    for graded in grade_deals(game, deals, levels=tuple(wanted), jobs=jobs):
        tried += 1
        if graded is not None and len(found[graded.grade.level]) < wanted[graded.grade.level]:
            found[graded.grade.level].append(graded)
            kept += 1
        if progress is not None:
            progress(kept, tried)
        if kept == count:
            break
    if kept < count:
        raise GameError(_shortfall(game, wanted, found, start, tried))
    return Chosen(tuple(graded for level in wanted for graded in found[level]), tried)


def _shortfall(
    game: RegisteredSolitaire,
    wanted: dict[str, int],
    found: dict[str, list[Graded]],
    start: int,
    tried: int,
) -> str:
    """Why a book could not be filled, in one line."""
    short = [level for level in wanted if len(found[level]) < wanted[level]]
    what = "; ".join(f"{len(found[level])} of the {wanted[level]} {level}" for level in short)
    rules = opts.summary(game.options)
    return (
        f"too few {game.title} deals ({rules}) of the level asked among deals {start} to "
        f"{start + tried - 1} ({tried} tried): found {what}; try another --start, "
        + ("fewer puzzles or " if sum(wanted.values()) > 1 else "")
        + "another difficulty"
    )


def first_of_level(
    game: RegisteredSolitaire,
    level: str,
    *,
    start: int = 1,
    window: int = MIN_WINDOW,
    numbering: str = NUMBERING,
) -> Graded:
    """The first deal from ``start`` (numbered in ``numbering``) graded ``level`` (see
    :func:`choose_deals`)."""
    if level not in LEVELS:
        raise OptionError(f"unknown level {opts.shown(level)} (choose {', '.join(LEVELS)})")
    return choose_deals(game, 1, level, start=start, window=window, numbering=numbering).deals[0]


def short_move(move: SolitaireMove) -> str:
    """A move in a few characters, for a solution's numbered moves: the card played
    (``7♥``), the cards of a pair (``8♥ + 5♣``), ``turn K♦`` or ``redeal``."""
    if move.kind == "redeal":
        return "redeal"
    labels = [card.label for card in move.cards]
    if move.turns_stock:
        return " ".join(["turn", *labels])
    return " + ".join(labels)


def turning_moves(decision_moves: Sequence[int]) -> list[int]:
    """At most :data:`TURNING_POINTS` of the real decisions, spread along the line (the
    first, the last and the middle one)."""
    numbers = list(decision_moves)
    if len(numbers) > TURNING_POINTS:
        last = len(numbers) - 1
        picks = sorted({round(i * last / (TURNING_POINTS - 1)) for i in range(TURNING_POINTS)})
        numbers = [numbers[i] for i in picks]
    return numbers


def turning_points(
    game: RegisteredSolitaire,
    walk: Walkthrough,
    decision_moves: Sequence[int],
    stored: Turning | None = None,
) -> tuple[TurningPoint, ...]:
    """The turning points a solution draws (:func:`turning_moves`), each with its count
    of moves that keep the deal winnable: ``stored`` (a curated deal's), else searched."""
    known = dict(stored) if stored is not None else {}
    points = []
    for number in turning_moves(decision_moves):
        step = walk.steps[number - 1]
        if number in known:
            keeping = known[number]
        else:
            kept, unsettled = keeping_moves(game, step.before)
            keeping = None if unsettled else kept
        points.append(TurningPoint(step, len(step.before.legal_moves()), keeping))
    return tuple(points)


def build_puzzle(
    game: RegisteredSolitaire,
    number: int,
    graded: Graded,
    turning: Turning | None = None,
    paper: str = "a4",
) -> Puzzle:
    """Puzzle ``number`` of a book: the graded deal's setup (its command prints the deal's
    sheet on the book's ``paper``), and its line replayed through the engine, in short
    words and with its turning points (``turning``, if stored)."""
    walk = build_walkthrough(game, graded.deal, graded.line)
    if not walk.final.is_won:  # a grade's line always wins; this guards the book
        raise GameError(f"{graded.deal.name}: the line does not win")
    measures = graded.grade.measures
    decision_moves = measures.decision_moves if measures is not None else ()
    return Puzzle(
        number=number,
        setup=build_setup(game, graded.deal, sheet_request(game, graded.deal, paper=paper)),
        grade=graded.grade,
        walkthrough=walk,
        moves=tuple(short_move(step.move) for step in walk.steps),
        turning_points=turning_points(game, walk, decision_moves, turning),
    )


def book_command(
    game: RegisteredSolitaire, count: int, difficulty: str, start: int = 1, paper: str = "a4"
) -> str:
    """The command that makes the book again (its output file left out)."""
    request = BookRequest(
        game.name,
        Path(),
        tuple(opts.chosen(game.options)),
        count=count,
        difficulty=difficulty,
        start=start,
        paper=paper,
        curated=difficulty == CURATED_BOOK,
    )
    return command_line(book_argv(request))


def rules_command(game: RegisteredSolitaire) -> str:
    """The command that writes the game's rulebook under its options (its output file left
    out), as a book names it.

    >>> from printplay.games import make_solitaire
    >>> rules_command(make_solitaire("pyramid", ["reshuffle"]))
    'printplay rules pyramid --option reshuffle'
    """
    words = ["rules", game.name]
    chosen = opts.chosen(game.options)
    if chosen:
        words += ["--option", ",".join(chosen)]
    return command_line(words)


def build_book(
    game: RegisteredSolitaire,
    chosen: Chosen,
    difficulty: str,
    *,
    start: int = 1,
    paper: str = "a4",
) -> PuzzleBook:
    """The model of a book of the ``chosen`` deals."""
    from printplay.builders.quickref import quick_card_text

    count = len(chosen.deals)
    extras = book_extras(game, chosen)
    notes = extras.notes or ("",) * count
    if len(notes) != count:
        raise GameError(f"{game.title}'s book extras give {len(notes)} notes for {count} deals")
    puzzles = tuple(
        build_puzzle(
            game,
            number,
            graded,
            chosen.turning[number - 1] if chosen.turning else None,
            paper,
        )
        for number, graded in enumerate(chosen.deals, start=1)
    )
    return PuzzleBook(
        game=game.name,
        title=game.title,
        rules=opts.describe(game.options),
        chosen=tuple(opts.chosen(game.options)),
        difficulty=difficulty,
        command=book_command(game, count, difficulty, start, paper),
        puzzles=tuple(replace(p, note=note) for p, note in zip(puzzles, notes, strict=True)),
        quick=quick_card_text(game.name, opts.chosen(game.options)),
        tried=chosen.tried,
        thresholds=asdict(thresholds(game.name)),
        playouts=PLAYOUTS,
        move_kinds=game.move_kinds(),
        shuffles=game.shuffles_in_play(),
        rules_command=rules_command(game),
        pages=extras.pages,
    )


def book_extras(game: RegisteredSolitaire, chosen: Chosen) -> BookExtras:
    """What ``game`` adds to a book of the ``chosen`` deals through its declaration
    (``book_extras``: a line under each puzzle, pages after them); nothing for most games."""
    from printplay.games import entry

    maker = entry(game.name).extras_maker()
    if maker is None:
        return BookExtras()
    return maker(game, [game.initial_state(graded.deal) for graded in chosen.deals])


CURATED = ("first-steps", "expert")
"""The graded collections of ``seeds/`` a curated book prints, in order."""

CURATE_COMMAND = "python benchmarks/curate_seeds.py --game {game}"
"""The command that grades a game's deals and writes its graded collections."""


def curated_deals(
    game_name: str, names: Sequence[str] = CURATED
) -> tuple[RegisteredSolitaire, Chosen]:
    """The deals of the graded collections ``names`` of ``game_name`` (standard rules),
    with their stored grades, lines and turning points: nothing is searched.  Each line
    is replayed through the engine when the book is built.  A game without them (a new
    game) is a :class:`GameError` naming the command that writes them."""
    from printplay.analysis.curated import collection, collections
    from printplay.games import make_solitaire

    game = make_solitaire(game_name)
    have = {found.name for found in collections(game.name)}
    missing = [name for name in names if name not in have]
    if missing:
        raise GameError(
            f"{game.title} has no graded collection {' or '.join(missing)} to print a curated "
            f"book from: `{CURATE_COMMAND.format(game=game.name)}` grades its deals and "
            f"writes them (seeds/{game.name}.json)"
        )
    deals: list[Graded] = []
    turning: list[Turning | None] = []
    for name in names:
        for seed_deal in collection(game.name, name).deals:
            if seed_deal.options or seed_deal.line is None or seed_deal.measures is None:
                raise GameError(f"{game.title} collection {name!r} holds an ungraded deal")
            measures = Measures.from_json(seed_deal.measures)
            moves = tuple(game.move_from_json(move) for move in seed_deal.line)
            line = SolveResult(
                solvable=True, moves=moves, states=0, seconds=0.0, optimal=seed_deal.optimal
            )
            grade = Grade(seed_deal.level or "", measures)
            deals.append(Graded(seed_deal.deal(), grade, line))
            turning.append(seed_deal.turning)
    return game, Chosen(tuple(deals), 0, tuple(turning))


def curated_record(game: RegisteredSolitaire, graded: Graded) -> JsonObject:
    """A graded deal as a curated collection stores it (see :mod:`printplay.analysis.curated`),
    with its turning points worked out now."""
    measures = graded.grade.measures
    if measures is None or graded.deal.seed is None:
        raise GameError(f"{graded.deal.name} is not a graded numbered deal")
    walk = build_walkthrough(game, graded.deal, graded.line)
    points = turning_points(game, walk, measures.decision_moves)
    turning: list[JsonValue] = [[p.step.number, p.keeping] for p in points]
    line: list[JsonValue] = [move.to_json() for move in graded.line.moves]
    return {
        "seed": graded.deal.seed,
        "options": [],
        "verdict": True,
        "level": graded.grade.level,
        "length": len(graded.line.moves),
        "optimal": graded.line.optimal,
        "measures": measures.to_json(),
        "turning": turning,
        "line": line,
    }


__all__ = [
    "CURATED",
    "CURATE_COMMAND",
    "MAX_COUNT",
    "MIN_WINDOW",
    "TURNING_POINTS",
    "WINDOW_PER_PUZZLE",
    "Chosen",
    "Turning",
    "book_command",
    "book_extras",
    "build_book",
    "build_puzzle",
    "check_count",
    "check_difficulty",
    "choose_deals",
    "curated_deals",
    "curated_record",
    "first_of_level",
    "ramp",
    "rules_command",
    "search_window",
    "short_move",
    "turning_moves",
    "turning_points",
]
