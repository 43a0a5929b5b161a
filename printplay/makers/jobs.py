"""Makers that make many files at once (the website, the demo) as jobs on one worker pool.

A :class:`Plan` says which jobs to run first and, as each result comes in, which jobs that
waited for it can run now (a kit once its parts are made); :func:`run_plans` runs the jobs
of one or more plans on a :class:`~printplay.core.parallel.WorkerPool` as workers come
free, and tells each plan its results.  A job is plain data with a ``run`` method: it is
sent to a worker process, so everything it holds can be pickled, and what it returns too.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Protocol

from printplay.core.parallel import Batch, WorkerPool


class Job(Protocol):
    """One file (or a few) to make, on whichever process is free."""

    def run(self) -> object:
        """Make it; what the plan needs to know of it."""
        ...


class Plan(Protocol):
    """What to make, and in which order the results allow."""

    def start(self) -> list[tuple[Hashable, Job]]:
        """The jobs that can run at once, each with a key of its own."""
        ...

    def done(self, key: Hashable, result: object) -> list[tuple[Hashable, Job]]:
        """Note the result of the job of ``key``; the jobs it lets run, if any."""
        ...


Progress = Callable[[int, int, str], None]
"""Told, after each job, how many are done, how many there are so far and what was made."""


def run_job(job: Job) -> object:
    """Run ``job`` (in a worker process: a module-level function the pool can name)."""
    return job.run()


def run_plans(pool: WorkerPool, plans: Sequence[Plan], progress: Progress | None = None) -> None:
    """Run every job of ``plans`` on ``pool``, the ones that wait for others as soon as they
    can (before the jobs queued), each result told to its plan.  An error in a job stops
    everything (the pool ends the jobs still running) and is raised here."""
    batch: Batch[tuple[int, Hashable], object] = Batch(pool)
    owners: dict[tuple[int, Hashable], Plan] = {}

    def submit(number: int, plan: Plan, jobs: list[tuple[Hashable, Job]], first: bool) -> None:
        for key, job in reversed(jobs) if first else jobs:
            owners[(number, key)] = plan
            batch.submit((number, key), run_job, job, first=first)

    for number, plan in enumerate(plans):
        submit(number, plan, plan.start(), first=False)
    for done, ((number, key), result) in enumerate(batch, start=1):
        plan = owners.pop((number, key))
        # A job that waited for others goes first: it is often long (a kit), and the
        # last jobs should be short ones, so that no process waits idle at the end.
        submit(number, plan, plan.done(key, result), first=True)
        if progress is not None:
            progress(done, batch.submitted, str(key))


__all__ = ["Job", "Plan", "Progress", "run_job", "run_plans"]
