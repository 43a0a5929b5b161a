"""The work of ``deal`` and ``solve``, apart from their declarations for typer.

:mod:`printplay.cli.app` declares the two verbs (their options and help) and hands the
values read to :func:`run_deal` and :func:`run_solve`; :mod:`printplay.cli.quick_run` hands
them the values of a plain command line without importing typer.  Nothing here imports a
command-line library.
"""

from __future__ import annotations

import sys
from enum import StrEnum
from typing import TYPE_CHECKING

from printplay.cli.common import print_json, print_path, progress_bar, stderr, stdout
from printplay.core.errors import DealError, GameError, PrintplayError
from printplay.games import BEST_LINES, BestLine, make_solitaire
from printplay.games import entry as game_entry

if TYPE_CHECKING:
    from pathlib import Path

    from printplay.core.deal import Deal
    from printplay.core.grades import Grade
    from printplay.core.protocols import RegisteredSolitaire
    from printplay.core.verdicts import Budget
    from printplay.models.printable import Line


class Numbering(StrEnum):
    """Whose deal numbers --seed counts in."""

    printplay = "printplay"
    pysolfc = "pysolfc"


def game_of(name: str, options: list[str] | None) -> RegisteredSolitaire:
    """The game ``name`` with the options typed (``--option``)."""
    return make_solitaire(name, options or [])


def deal_of(
    game: RegisteredSolitaire, seed: int | None, codes: str | None, numbering: Numbering
) -> Deal:
    """The deal asked for: by ``--seed`` in the ``numbering`` given, or by its cards."""
    from printplay.games.numbering import choose

    return choose(game, seed=seed, codes=codes, numbering=numbering.value)


def run_deal(
    game: str,
    *,
    seed: int | None,
    deal: str | None,
    option: list[str] | None,
    numbering: Numbering,
    as_json: bool,
    output: Path | None,
) -> None:
    """``printplay deal``: the layout drawn in the terminal, its JSON, or a picture file."""
    from printplay.core import options as opts
    from printplay.core.cards import format_labels
    from printplay.games.numbering import naming_json, shuffle_name

    the_game = game_of(game, option)
    the_deal = deal_of(the_game, seed, deal, numbering)
    state = the_game.initial_state(the_deal)
    if output is not None:
        from printplay.render.board import write_board

        print_path(write_board(state.board(), output))
        return
    if as_json:
        print_json(
            {
                "game": the_game.name,
                **naming_json(the_deal),
                "shuffle": shuffle_name(the_deal),
                "deal_code": the_deal.code,
                "options": opts.to_json(the_game.options),
                **the_game.deal_json(the_deal),
            }
        )
        return
    from printplay.render.text import board_text

    stdout.print(
        f"{the_game.title} {the_deal.name} ({opts.summary(the_game.options)}), "
        f"code {the_deal.code}\n"
    )
    stdout.print(board_text(state.board()))
    stdout.print("\n[dim]\\[card] face up, (card) face down; the stock, next card first:[/dim]")
    stock = next((pile.cards for pile in state.board().piles if pile.name == "stock"), ())
    stdout.print("stock: " + format_labels(tuple(reversed(stock))))


def run_solve(
    game: str,
    *,
    seed: int | None,
    deal: str | None,
    deal_file: Path | None,
    option: list[str] | None,
    numbering: Numbering,
    as_json: bool,
    best_score: bool,
    shortest: bool,
    max_states: int | None,
    max_seconds: float | None,
    jobs: int,
    timings: bool,
    grade: bool,
) -> None:
    """``printplay solve``: whether deals can be won, with a winning line replayed through
    the engine."""
    from functools import partial

    from printplay.builders import batch
    from printplay.builders.batch import grade_of, solve_deal
    from printplay.core.deal import read_deal_file
    from printplay.core.verdicts import Budget

    result_json = partial(batch.result_json, timings=timings)

    the_game = game_of(game, option)
    best = _best_line(the_game, best_score=best_score, shortest=shortest)
    budget = Budget(max_states=max_states, max_seconds=max_seconds)
    if deal_file is not None:
        if seed is not None or deal is not None:
            raise DealError("give one of --seed, --deal and --deal-file")
        if numbering != Numbering.printplay:
            raise DealError(
                f"--numbering {numbering.value} says how --seed is read; a deal file gives "
                "the cards"
            )
        deals = read_deal_file(deal_file, the_game.deck(), the_game.initial_state)
        _solve_batch(the_game, deals, best, budget, jobs, grade, timings)
        return
    if seed is None and deal is None:
        raise DealError("give a deal: --seed N, --deal 'CARDS' or --deal-file FILE")
    the_deal = deal_of(the_game, seed, deal, numbering)
    result = solve_deal(the_game, the_deal, best=best, budget=budget)
    if shortest and result.optimal is False:
        raise PrintplayError(
            f"the budget ran out before the shortest line was proven ({result.states:,} "
            "states searched); raise --max-states or --max-seconds"
        )
    the_grade = grade_of(the_game, the_deal) if grade else None
    if as_json:
        data = result_json(the_game, the_deal, result)
        if the_grade is not None:
            data["grade"] = the_grade.to_json()
        print_json(data)
        return
    _print_solution(the_game, the_deal, result, best)
    if the_grade is not None:
        stdout.print(grade_text(the_grade), markup=False)


def _best_line(game: RegisteredSolitaire, *, best_score: bool, shortest: bool) -> BestLine | None:
    """The kind of best line asked for, if any; refuses a flag the game does not offer, or
    both at once."""
    flags: tuple[tuple[BestLine, bool], ...] = (("score", best_score), ("shortest", shortest))
    wanted = [kind for kind, flag in flags if flag]
    if not wanted:
        return None
    offered = game_entry(game.name).lines
    asked = " and ".join(BEST_LINES[kind] for kind in wanted)
    if len(wanted) > 1:
        raise GameError(f"{asked} ask for different lines: give one")
    if wanted[0] not in offered:
        hint = f"; it offers {' or '.join(BEST_LINES[kind] for kind in offered)}" if offered else ""
        raise GameError(f"{game.title} has no {asked}{hint}")
    return wanted[0]


def _solve_batch(
    game: RegisteredSolitaire,
    deals: list[Deal],
    best: BestLine | None,
    budget: Budget,
    jobs: int,
    grade: bool,
    timings: bool,
) -> None:
    from printplay.builders.batch import result_json, solve_deals
    from printplay.core.parallel import cpu_count, worker_count

    workers = worker_count(jobs, len(deals))
    if workers < jobs:
        stderr.print(
            f"printplay: using {workers} process{'es' if workers != 1 else ''}, not {jobs}: "
            f"no more help with {len(deals)} deal{'s' if len(deals) != 1 else ''} on "
            f"{cpu_count()} processor{'s' if cpu_count() != 1 else ''}",
            markup=False,
        )
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
            grade=grade,
        )
        for index, (the_deal, (result, the_grade)) in enumerate(
            zip(deals, results, strict=True), start=1
        ):
            counts[result.solvable] += 1
            total_score += result.score or 0
            data = {"index": index, **result_json(game, the_deal, result, timings=timings)}
            if the_grade is not None:
                data["grade"] = the_grade.to_json()
            print_json(data)
            sys.stdout.flush()
    summary = (
        f"{len(deals)} deals: {counts[True]} winnable, {counts[False]} not winnable, "
        f"{counts[None]} unknown"
    )
    if best == "score":
        summary += f"; session total score {total_score}"
    stderr.print(summary)


def _print_solution(
    game: RegisteredSolitaire, the_deal: Deal, result: Line, best: BestLine | None = None
) -> None:
    from printplay.builders.walkthrough import build_walkthrough
    from printplay.cli.plain_output import escape_markup
    from printplay.core import options as opts

    head = f"{game.title} {the_deal.name} ({opts.summary(game.options)}), code {the_deal.code}"
    stdout.print(head, markup=False)
    verdict = {True: "winnable", False: "not winnable", None: "unknown (the budget ran out)"}
    line = f"Verdict: {verdict[result.solvable]}"
    if result.score is not None:
        line += f"; score {result.score}"
        if best == "score" and result.optimal is not None:
            line += " (proven best)" if result.optimal else " (not proven best)"
    if best == "shortest" and result.solvable:
        proven = "proven shortest" if result.optimal else "not proven shortest"
        line += f"; {len(result.moves)} moves ({proven})"
    if result.states == 0 and result.solvable is False:
        searched = "Proved lost at the start, before any move,"
    else:
        searched = f"Searched {result.states:,} states"
    stdout.print(f"{line}. {searched} in {result.seconds:.3f} s.")
    if not result.moves:
        return
    walk = build_walkthrough(game, the_deal, result)
    title = "Winning line" if result.solvable else "Best attempt"
    stdout.print(f"\n{title} ({len(walk.steps)} moves):")
    for step in walk.steps:
        points = step.after.running_score
        score = f"  [dim](score {points})[/dim]" if points is not None else ""
        stdout.print(f"{step.number:3}. {escape_markup(step.words)}{score}")


def grade_text(grade: Grade) -> str:
    """A grade in one line of words, for the terminal."""
    measures = grade.measures
    if measures is None:
        return f"Grade: {grade.level}."
    greedy = "wins" if measures.greedy_won else "loses"
    return (
        f"Grade: {grade.level}. The random player wins {measures.random_won} of "
        f"{measures.playouts} games ({measures.random_share:.1%}); the greedy player "
        f"{greedy}; {measures.decisions} real decision{'s' if measures.decisions != 1 else ''} "
        f"on a winning line of {measures.length} moves (docs/difficulty.md)."
    )


__all__ = ["Numbering", "deal_of", "game_of", "grade_text", "run_deal", "run_solve"]
