"""The work a statistics run sends out: solve a chunk of numbered deals, return records.

:func:`solve_chunk` is what runs in a worker process, local or on a Dask cluster: it
takes a :class:`StatsJob` (plain data, cheap to send) and returns a
:class:`~printplay.analysis.stats_records.DealRecord` a deal.  It writes nothing: the
command that started the run alone writes the results file.

>>> job = StatsJob("tripeaks", (), None, ((1, 3),))
>>> [(record.deal, record.verdict) for record in solve_chunk(job)]
[(1, 'won'), (2, 'won')]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from printplay.analysis.grading import graded
from printplay.analysis.stats_deals import Chunk, chunk_deals
from printplay.analysis.stats_records import DealRecord, record_of
from printplay.core.protocols import RegisteredSolitaire
from printplay.core.verdicts import Budget
from printplay.games import make_solitaire, solver_for


@dataclass(frozen=True)
class StatsJob:
    """Solve the deals of ``chunk`` of ``game`` under ``options``, each given at most
    ``max_seconds`` (``None``: no limit); with ``grade``, grade each too."""

    game: str
    options: tuple[str, ...]
    max_seconds: float | None
    chunk: Chunk
    grade: bool = False


@cache
def _game(name: str, options: tuple[str, ...]) -> RegisteredSolitaire:
    """The game, built once a worker."""
    return make_solitaire(name, options)


def solve_chunk(job: StatsJob) -> list[DealRecord]:
    """Solve every deal of ``job`` with the game's exact solver; a record each, in deal
    order.  A graded job grades each deal with the grading every verb uses
    (:func:`~printplay.analysis.grading.graded`, with its own searches and budgets: the
    level is measured on the game's graded line, not on this run's line), so a deal has
    the level ``solve --grade``, books and sheets give it."""
    game = _game(job.game, job.options)
    solver = solver_for(game)
    budget = Budget(max_seconds=job.max_seconds) if job.max_seconds is not None else None
    records = []
    for deal in chunk_deals(job.chunk):
        dealt = game.numbered_deal(deal)
        result = solver.solve(game.initial_state(dealt), budget=budget)
        level = graded(game, dealt).grade.level if job.grade else None
        records.append(record_of(deal, result, level))
    return records


__all__ = ["StatsJob", "solve_chunk"]
