"""Solving many deals: in order, optionally on several processes, with progress reports;
with ``grade``, each deal graded too (:mod:`printplay.analysis.grading`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, TypeAlias

from printplay.core import options as opts
from printplay.core.deal import Deal
from printplay.core.jsontypes import JsonObject
from printplay.core.protocols import RegisteredSolitaire, SolitaireMove
from printplay.core.verdicts import Budget, SolveResult
from printplay.games import BestLine, entry, solver_for
from printplay.games.numbering import naming_json

if TYPE_CHECKING:  # a run that grades nothing creates none of the grades' classes
    from printplay.core.grades import Grade

Solved: TypeAlias = "tuple[SolveResult[SolitaireMove], Grade | None]"
"""A deal's result, with its grade when one was asked for."""


def solve_deal(
    game: RegisteredSolitaire,
    deal: Deal,
    *,
    best: BestLine | None = None,
    budget: Budget | None = None,
) -> SolveResult[SolitaireMove]:
    """Solve one deal, or find its best line of the kind ``best`` (a kind the game offers);
    the line is replayed by the solver."""
    state = game.initial_state(deal)
    if best is None:
        return solver_for(game).solve(state, budget=budget)
    return entry(game.name).line_finder(best)(state, budget=budget)


def result_json(
    game: RegisteredSolitaire,
    deal: Deal,
    result: SolveResult[SolitaireMove],
    *,
    timings: bool = False,
) -> JsonObject:
    """The ``solve --json`` object for one deal: the deal's name, then the result (with the
    seconds spent only given ``timings``)."""
    return {
        "game": game.name,
        **naming_json(deal),
        "deal_code": deal.code,
        "options": opts.to_json(game.options),
        **result.to_json(timings=timings),
    }


def grade_of(game: RegisteredSolitaire, deal: Deal) -> Grade:
    """The grade of ``deal`` (searched for with the grading's own budgets, so a deal has
    the same grade whatever line or budget ``solve`` was asked for)."""
    from printplay.analysis.grading import graded

    return graded(game, deal).grade


def _work(
    job: tuple[RegisteredSolitaire, Deal, BestLine | None, Budget | None, bool],
) -> Solved:
    game, deal, best, budget, grade = job
    result = solve_deal(game, deal, best=best, budget=budget)
    return result, grade_of(game, deal) if grade else None


def solve_deals(
    game: RegisteredSolitaire,
    deals: Sequence[Deal],
    *,
    best: BestLine | None = None,
    budget: Budget | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    grade: bool = False,
) -> Iterator[Solved]:
    """Solve ``deals`` (and grade them, given ``grade``), yielding results in input order;
    ``progress(done)`` after each."""
    from printplay.core.parallel import parallel_map  # a pool only for many deals

    work = [(game, deal, best, budget, grade) for deal in deals]
    return parallel_map(_work, work, jobs=jobs, chunksize=4, progress=progress)
