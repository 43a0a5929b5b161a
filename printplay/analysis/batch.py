"""Solving many deals: in order, optionally on several processes, with progress reports."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from printplay import options as opts
from printplay.deal import Deal
from printplay.games import SolitaireGame
from printplay.solve.result import Budget, SolveResult


def solve_deal(
    game: SolitaireGame, deal: Deal, *, best: bool = False, budget: Budget | None = None
) -> SolveResult:
    """Solve one deal (or find its best score); the line is replayed by the solver."""
    state = game.initial_state(deal)
    result: SolveResult = (game.best_score if best else game.solve)(state, budget)
    return result


def result_json(game: SolitaireGame, deal: Deal, result: SolveResult) -> dict[str, Any]:
    """The ``solve --json`` object for one deal: the deal's name, then the result."""
    return {
        "game": game.name,
        "seed": deal.seed,
        "deal_code": deal.code,
        "options": opts.to_json(game.options),
        **result.to_json(),
    }


def _work(job: tuple[SolitaireGame, Deal, bool, Budget | None]) -> SolveResult:
    game, deal, best, budget = job
    return solve_deal(game, deal, best=best, budget=budget)


def solve_deals(
    game: SolitaireGame,
    deals: Sequence[Deal],
    *,
    best: bool = False,
    budget: Budget | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Iterator[SolveResult]:
    """Solve ``deals``, yielding results in input order; ``progress(done)`` after each."""
    work = [(game, deal, best, budget) for deal in deals]
    if jobs <= 1 or len(work) < 2:
        for done, job in enumerate(work, start=1):
            yield _work(job)
            if progress:
                progress(done)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for done, result in enumerate(pool.imap(_work, work, chunksize=4), start=1):
            yield result
            if progress:
                progress(done)
