"""A statistics run: solve a range of numbered deals on a pluggable executor, append each
record to a results file as it arrives, and sum them up.

The executor is anything with a ``map_unordered`` (:class:`Executor`): the local process
pool (:class:`LocalPool`, printplay's one parallel map) or a Dask cluster
(:class:`printplay.core.cluster.DaskMap`).  Work goes out in chunks of deals
(:class:`~printplay.analysis.stats_work.StatsJob`); results come back to this process,
which alone writes.  A run is prepared (:meth:`StatsRun.open`: the game, the options and
the results file are checked, the deals already there read) before any executor starts,
so a refusal leaves everything as it was.

>>> plan = StatsPlan("tripeaks", (), DealRange(1, 6), None)
>>> with StatsRun(plan) as run:
...     report = run.run(LocalPool(1))
>>> report.summary.done, report.new
(6, 6)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Protocol, TypeVar

from printplay.analysis.results_file import Header, ResultsFile
from printplay.analysis.stats_deals import Chunk, DealRange, DoneDeals
from printplay.analysis.stats_records import DealRecord
from printplay.analysis.stats_summary import Summary
from printplay.analysis.stats_work import StatsJob, solve_chunk
from printplay.core import options as opts
from printplay.core.errors import GameError, OptionError
from printplay.core.parallel import parallel_map, worker_count
from printplay.games import entry, make_solitaire

T = TypeVar("T")
R = TypeVar("R")

CHUNK = 100
"""The most deals a chunk holds."""

CHUNK_SECONDS = 60.0
"""With a time per deal, a chunk holds at most this many seconds' worth of deals at that
limit (so a chunk never takes long, and a stop loses little)."""

CHUNKS_A_WORKER = 4
"""A run is cut in at least this many chunks a worker (so that all finish together)."""


class Executor(Protocol):
    """Where chunks are solved: the local pool or a Dask cluster."""

    @property
    def workers(self) -> int:
        """How many chunks it solves at once."""
        ...

    def map_unordered(self, func: Callable[[T], R], items: Iterable[T]) -> Generator[R, None, None]:
        """``func`` of each item, yielded as each finishes."""
        ...


class LocalPool:
    """The local process pool of :func:`printplay.core.parallel.parallel_map` (``--jobs N``;
    with one job, this process)."""

    def __init__(self, jobs: int) -> None:
        if jobs < 1:
            raise OptionError(f"--jobs must be at least 1, not {jobs}")
        self.jobs = jobs

    @property
    def workers(self) -> int:
        """The processes it runs (at most the processors)."""
        return worker_count(self.jobs, self.jobs)

    def map_unordered(self, func: Callable[[T], R], items: Iterable[T]) -> Generator[R, None, None]:
        """``func`` of each item on the pool, as each finishes."""
        yield from parallel_map(func, items, jobs=self.jobs, ordered=False)


@dataclass(frozen=True)
class StatsPlan:
    """What a run solves: deals ``deals`` of ``game`` under ``options`` (as a user writes
    them), each given at most ``max_seconds`` (``None``: no limit)."""

    game: str
    options: tuple[str, ...]
    deals: DealRange
    max_seconds: float | None = None
    chunk: int | None = None
    """Deals a chunk (``None``: chosen from the budget and the workers)."""
    grade: bool = False
    """Whether each deal is graded too (its level in its record)."""


def chunk_size(plan: StatsPlan, pending: int, workers: int) -> int:
    """The deals a chunk: at most :data:`CHUNK` (fewer with a long time per deal), and
    small enough that each worker gets a few chunks."""
    if plan.chunk is not None:
        return plan.chunk
    size = CHUNK
    if plan.max_seconds:
        size = min(size, max(1, int(CHUNK_SECONDS / plan.max_seconds)))
    spread = math.ceil(pending / (CHUNKS_A_WORKER * max(1, workers)))
    return max(1, min(size, spread))


@dataclass(frozen=True)
class RunReport:
    """What a run did: the summary of the whole range (deals found in the results file
    included) and this run's share."""

    summary: Summary
    found: int
    """Deals of the range already in the results file."""
    new: int
    """Deals solved by this run."""
    seconds: float
    """The wall-clock time of this run."""
    workers: int
    repaired: bool
    """Whether a torn last line was cut off the results file."""

    @property
    def rate(self) -> float:
        """Deals solved a second by this run."""
        return self.new / self.seconds if self.seconds > 0 else 0.0


class StatsRun:
    """One run, from its checks to its summary: ``with StatsRun(plan, path) as run:``
    checks the game and options and reads the results file (if any); :meth:`run` solves
    what is missing."""

    def __init__(self, plan: StatsPlan, results: Path | None = None) -> None:
        name = entry(plan.game).name
        if not entry(name).is_solitaire:
            raise GameError(f"{name} has no solver: its win rate cannot be computed")
        if plan.max_seconds is not None and not 0 < plan.max_seconds < math.inf:
            raise OptionError(
                f"the time per deal must be a number of seconds above 0, not {plan.max_seconds:g}"
            )
        game = make_solitaire(name, plan.options)
        chosen = tuple(opts.chosen(game.options))
        self.plan = StatsPlan(name, chosen, plan.deals, plan.max_seconds, plan.chunk, plan.grade)
        self.title = game.title
        label = opts.describe(game.options) if chosen else "standard game"
        self.summary = Summary(name, chosen, label, plan.deals, plan.max_seconds)
        self.done = DoneDeals(plan.deals)
        self.header = Header(
            game=name, options=chosen, max_seconds=plan.max_seconds, grade=plan.grade
        )
        self.file = ResultsFile(results, self.header) if results is not None else None
        self.found = 0

    def __enter__(self) -> StatsRun:
        try:
            self.open()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def open(self) -> None:
        """Check and read the results file: the deals in it are counted and skipped."""
        if self.file is not None:
            self.file.open(self._take)
        self.found = self.done.count

    def _take(self, record: DealRecord) -> bool:
        """Count a record unless its deal is counted already (``False`` then)."""
        if not self.done.add(record.deal):
            return False
        self.summary.add(record)
        return True

    @property
    def pending(self) -> int:
        """Deals of the range not solved yet."""
        return self.done.missing

    def chunks(self, workers: int) -> list[Chunk]:
        """The deals still to solve, in chunks."""
        return list(self.done.pending_runs(chunk_size(self.plan, self.pending, workers)))

    def run(
        self, executor: Executor, progress: Callable[[int, int], None] | None = None
    ) -> RunReport:
        """Solve the missing deals on ``executor``, appending records to the results file
        as chunks arrive; ``progress(done, total)`` after each chunk.  A deal that
        arrives twice (it cannot, but a cluster may be generous) is written and counted
        once."""
        start = time.perf_counter()
        total = self.pending
        plan = self.plan
        jobs = [
            StatsJob(plan.game, plan.options, plan.max_seconds, chunk, plan.grade)
            for chunk in self.chunks(executor.workers)
        ]
        repaired = self.file.start() if self.file is not None and jobs else False
        new = 0
        if progress:
            progress(0, total)
        results = executor.map_unordered(solve_chunk, jobs)
        try:
            for records in results:
                fresh = [record for record in records if self._take(record)]
                if self.file is not None:
                    self.file.append(fresh)
                new += len(fresh)
                if progress:
                    progress(new, total)
        finally:
            results.close()
        seconds = time.perf_counter() - start
        return RunReport(self.summary, self.found, new, seconds, executor.workers, repaired)

    def close(self) -> None:
        """Release the results file (what was appended is forced to disk)."""
        if self.file is not None:
            self.file.close()


__all__ = [
    "CHUNK",
    "Executor",
    "LocalPool",
    "RunReport",
    "StatsPlan",
    "StatsRun",
    "chunk_size",
]
