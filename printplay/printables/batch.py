"""Solving many deals: in order, optionally on several processes, with progress reports."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from printplay import options as opts
from printplay.deal import Deal
from printplay.games import BestLine, entry, solver_for
from printplay.games.numbering import naming_json
from printplay.games.protocols import RegisteredSolitaire, SolitaireMove
from printplay.parallel import parallel_map
from printplay.verdicts import Budget, SolveResult


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
) -> dict[str, Any]:
    """The ``solve --json`` object for one deal: the deal's name, then the result (with the
    seconds spent only given ``timings``)."""
    return {
        "game": game.name,
        **naming_json(deal),
        "deal_code": deal.code,
        "options": opts.to_json(game.options),
        **result.to_json(timings=timings),
    }


def _work(
    job: tuple[RegisteredSolitaire, Deal, BestLine | None, Budget | None],
) -> SolveResult[SolitaireMove]:
    game, deal, best, budget = job
    return solve_deal(game, deal, best=best, budget=budget)


def solve_deals(
    game: RegisteredSolitaire,
    deals: Sequence[Deal],
    *,
    best: BestLine | None = None,
    budget: Budget | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Iterator[SolveResult[SolitaireMove]]:
    """Solve ``deals``, yielding results in input order; ``progress(done)`` after each."""
    work = [(game, deal, best, budget) for deal in deals]
    return parallel_map(_work, work, jobs=jobs, chunksize=4, progress=progress)
