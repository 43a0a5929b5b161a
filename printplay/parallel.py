"""One parallel map for every long job: batch solving, simulations, tables, books.

:func:`parallel_map` runs a function over items on a pool of processes and yields the
results in input order (or, with ``ordered=False``, as they finish), calling
``progress(done)`` as they come.  Workers ignore Ctrl-C
and hang-ups: the parent decides, and whatever stops it (Ctrl-C, SIGTERM, an error in a
worker) terminates the pool at once, so no worker outlives the command.

>>> list(parallel_map(abs, [-3, 1, -2], jobs=1))
[3, 1, 2]
>>> worker_count(1000, 3) <= 3
True
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.pool
import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TypeVar

from printplay.errors import PrintplayError

T = TypeVar("T")
R = TypeVar("R")


def cpu_count() -> int:
    """The processors this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def worker_count(jobs: int, items: int) -> int:
    """How many processes ``jobs`` asks for, capped at the items and the processors."""
    return max(1, min(jobs, items, cpu_count()))


_DEFERRED = {
    getattr(signal, name) for name in ("SIGINT", "SIGHUP", "SIGTERM") if hasattr(signal, name)
}
"""Signals held back while a pool starts (a worker half started when the parent stops
would print a traceback of its own): delivered once the pool is up."""


def _quiet_worker() -> None:
    """Workers leave interrupts to the parent, which terminates them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # held back by the parent as it started us
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _DEFERRED)


def _start_helpers() -> None:
    """Start multiprocessing's resource tracker before any pool, out of reach of a closing
    terminal's SIGHUP and of Ctrl-C (the dispositions are inherited by the process it
    starts): the parent alone decides.  Started first, it is there to clean up the pool's
    semaphores even if the system then refuses to start the workers."""
    from multiprocessing import resource_tracker

    main = threading.current_thread() is threading.main_thread()
    quiet = [getattr(signal, name) for name in ("SIGHUP", "SIGINT") if hasattr(signal, name)]
    previous = [signal.signal(signum, signal.SIG_IGN) for signum in quiet] if main else []
    try:
        resource_tracker.ensure_running()
    finally:
        for signum, handler in zip(quiet, previous, strict=False):
            signal.signal(signum, handler)


@contextmanager
def _deferred_signals() -> Iterator[None]:
    """Hold back :data:`_DEFERRED` signals that come while the block runs and deliver them
    (to the handlers of before) when it ends.

    Blocking them in this thread is not enough: a signal sent to the process may be taken
    by another of its threads (a progress bar's) and Python then runs the handler here all
    the same, between any two steps, say after a worker was started and before it was sent
    what it needs (it then dies with a traceback of its own).  So the handlers only note
    the signal while the block runs.  Outside the main thread nothing is changed."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []

    def note(signum: int, frame: FrameType | None) -> None:
        caught.append(signum)

    previous = {signum: signal.signal(signum, note) for signum in _DEFERRED}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        for signum in dict.fromkeys(caught):
            signal.raise_signal(signum)


@contextmanager
def _blocked_signals() -> Iterator[None]:
    """Block :data:`_DEFERRED` in this thread while the block runs, so that the processes
    it starts begin with them blocked (a worker unblocks them once it ignores Ctrl-C)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _DEFERRED)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _pool(workers: int) -> multiprocessing.pool.Pool:
    """A pool of ``workers`` spawned processes; a refusal of the system to start them is
    one :class:`~printplay.errors.PrintplayError` line.  Call it within
    :func:`_deferred_signals`: interrupts that come while it starts wait until it has
    started."""
    try:
        _start_helpers()  # before the mask: the tracker it starts keeps no signal held
        with _blocked_signals():
            return multiprocessing.get_context("spawn").Pool(workers, initializer=_quiet_worker)
    except OSError as error:
        raise PrintplayError(
            f"the system refused to start {workers} worker processes "
            f"({error.strerror or error}); try --jobs 1"
        ) from None


def parallel_map(
    func: Callable[[T], R],
    items: Iterable[T],
    *,
    jobs: int = 1,
    chunksize: int = 1,
    progress: Callable[[int], None] | None = None,
    ordered: bool = True,
) -> Iterator[R]:
    """``func`` of each item, in input order, on up to ``jobs`` processes.

    ``func`` must be a module-level function (it is sent to spawned processes by name).
    With one job, or one item, it runs in this process.  ``progress(done)`` is called after
    each result.  With ``ordered=False`` results come as they finish (a slow item holds
    back none of the others), in no particular order.
    """
    work = list(items)
    workers = worker_count(jobs, len(work))
    if workers <= 1:
        for done, item in enumerate(work, start=1):
            yield func(item)
            if progress:
                progress(done)
        return
    pool = None
    try:
        with _deferred_signals():  # a signal held back is raised here, the pool then up
            pool = _pool(workers)
        results = (pool.imap if ordered else pool.imap_unordered)(func, work, chunksize=chunksize)
        for done, result in enumerate(results, start=1):
            yield result
            if progress:
                progress(done)
        pool.close()
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()


__all__ = ["cpu_count", "parallel_map", "worker_count"]
