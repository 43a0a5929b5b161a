"""One parallel map for every long job: batch solving, simulations, tables, books.

:func:`parallel_map` runs a function over items on a pool of processes and yields the
results in input order (or, with ``ordered=False``, as they finish), calling
``progress(done)`` as they come.  Workers ignore Ctrl-C
and hang-ups: the parent decides, and whatever stops it (Ctrl-C, SIGTERM, an error in a
worker) terminates the pool at once, so no worker outlives the command.

Each worker has a pipe of its own (no lock shared between workers that a killed one
could leave held), so the death of a worker (SIGKILL, the system out of memory) is seen
at once and stops the map with one :class:`WorkerLost` line instead of a wait for ever;
and a worker whose parent is gone (``kill -9`` of the command) ends by itself, quietly.

>>> list(parallel_map(abs, [-3, 1, -2], jobs=1))
[3, 1, 2]
>>> worker_count(1000, 3) <= 3
True
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import TypeVar

from printplay.core.errors import PrintplayError

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


class WorkerLost(PrintplayError):
    """A worker process died while the map ran (killed by hand or by the system short of
    memory): what it held is lost, the rest of the map is not waited for."""


ORPHAN_CHECK_SECONDS = 0.5
"""How often a worker checks that the process that started it is still there."""


def _orphan_watch(parent: int) -> None:
    """End this worker, quietly, once its parent is gone (killed with SIGKILL, say): it
    would only finish its task to find nobody to send it to."""
    while True:
        time.sleep(ORPHAN_CHECK_SECONDS)
        if os.getppid() != parent:
            os._exit(0)


def _serve(conn: Connection, parent: int) -> None:
    """A worker's life: run each task sent on ``conn`` (a function and a chunk of items)
    and send back its results, until told to stop, or until the parent is gone (then it
    ends quietly: no traceback from a pipe with nobody at the other end)."""
    _quiet_worker()
    threading.Thread(target=_orphan_watch, args=(parent,), daemon=True).start()
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        func, chunk = task
        try:
            reply: tuple[bool, object] = (True, [func(item) for item in chunk])
        except Exception as error:  # sent to the parent, which raises it
            reply = (False, error)
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return
        except Exception as error:  # a result or an error that cannot be pickled
            with contextlib.suppress(EOFError, OSError):
                conn.send((False, PrintplayError(f"a worker could not send back: {error}")))


@dataclass
class _Worker:
    """A worker process, the parent's end of its pipe, and the chunk it is running."""

    process: BaseProcess
    conn: Connection
    chunk: int | None = None


def _start_worker() -> _Worker:
    """A spawned worker process (see :func:`_serve`).  Call it within
    :func:`_deferred_signals`: interrupts that come while it starts wait until it has
    started."""
    context = multiprocessing.get_context("spawn")
    mine, theirs = context.Pipe()
    with _blocked_signals():
        process = context.Process(target=_serve, args=(theirs, os.getpid()), daemon=True)
        try:
            process.start()
        finally:
            theirs.close()  # the child holds it now: its death is an end of file here
    return _Worker(process, mine)


def _start_workers(count: int) -> list[_Worker]:
    """``count`` workers; a refusal of the system to start them is one
    :class:`~printplay.core.errors.PrintplayError` line."""
    workers: list[_Worker] = []
    try:
        _start_helpers()  # before the mask: the tracker it starts keeps no signal held
        for _ in range(count):
            workers.append(_start_worker())
    except OSError as error:
        _stop_workers(workers)
        raise PrintplayError(
            f"the system refused to start {count} worker processes "
            f"({error.strerror or error}); try --jobs 1"
        ) from None
    return workers


def _stop_workers(workers: list[_Worker]) -> None:
    """End every worker at once (those still running a task too) and reap them."""
    for worker in workers:
        with contextlib.suppress(OSError, ValueError):
            worker.process.terminate()
    for worker in workers:
        with contextlib.suppress(OSError, ValueError):
            worker.process.join()
            worker.conn.close()


def _lost(worker: _Worker) -> WorkerLost:
    """What a worker's death is, in words."""
    worker.process.join()
    code = worker.process.exitcode
    if code is not None and code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        memory = " (out of memory?)" if -code == signal.SIGKILL else ""
        how = f"was killed by {name}{memory}"
    else:
        how = f"ended unexpectedly (exit status {code})"
    return WorkerLost(f"a worker process {how}; the run stopped")


def _results(
    func: Callable[[T], R], work: list[T], workers: list[_Worker], chunksize: int
) -> Iterator[tuple[int, list[R]]]:
    """``(first index, results)`` of each chunk of ``work``, as chunks finish; a worker
    that dies raises :class:`WorkerLost`, an error in ``func`` is raised here."""
    starts = iter(range(0, len(work), chunksize))

    def hand_out(worker: _Worker) -> None:
        worker.chunk = next(starts, None)
        if worker.chunk is not None:
            try:
                worker.conn.send((func, work[worker.chunk : worker.chunk + chunksize]))
            except OSError:  # the worker is gone
                raise _lost(worker) from None

    for worker in workers:
        hand_out(worker)
    while any(worker.chunk is not None for worker in workers):
        waited: list[object] = [worker.conn for worker in workers if worker.chunk is not None]
        waited += [worker.process.sentinel for worker in workers]
        ready = wait(waited)  # type: ignore[arg-type]
        for worker in workers:
            first = worker.chunk
            if first is not None and worker.conn in ready:
                try:
                    done, value = worker.conn.recv()
                except (EOFError, OSError):
                    raise _lost(worker) from None
                if not done:
                    raise value  # the worker's exception, sent back whole
                hand_out(worker)
                yield first, value
            elif worker.process.sentinel in ready:  # died, with no answer pending
                raise _lost(worker)


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
    back none of the others), in no particular order.  A worker process that dies
    (killed, or out of memory) stops the map with :class:`WorkerLost`: the results already
    yielded stand.
    """
    work = list(items)
    count = worker_count(jobs, len(work))
    if count <= 1:
        for done, item in enumerate(work, start=1):
            yield func(item)
            if progress:
                progress(done)
        return
    workers: list[_Worker] = []
    try:
        with _deferred_signals():  # a signal held back is raised here, the pool then up
            workers = _start_workers(count)
        waiting: dict[int, list[R]] = {}
        position = done = 0
        for first, results in _results(func, work, workers, max(1, chunksize)):
            if ordered:
                waiting[first] = results
                ready: list[R] = []
                while position in waiting:
                    chunk = waiting.pop(position)
                    ready += chunk
                    position += len(chunk)
            else:
                ready = results
            for result in ready:
                yield result
                done += 1
                if progress:
                    progress(done)
        for worker in workers:
            with contextlib.suppress(OSError):
                worker.conn.send(None)
    finally:
        _stop_workers(workers)


__all__ = ["WorkerLost", "cpu_count", "parallel_map", "worker_count"]
