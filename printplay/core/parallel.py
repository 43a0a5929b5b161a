"""One parallel map for every long job: batch solving, simulations, tables, books, the demo.

:func:`parallel_map` runs a function over items on a pool of processes and yields the
results in input order (or, with ``ordered=False``, as they finish), calling
``progress(done)`` as they come.  A job of several steps keeps one :class:`WorkerPool`
(:func:`worker_pool`) for all of them, its workers started once: its :meth:`~WorkerPool.map`
is the same map, and a :class:`Batch` runs tasks of any kind as workers come free, taking
new ones (those that waited for an earlier result) while it runs.  Workers ignore Ctrl-C
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
import gc
import importlib
import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Generic, TypeAlias, TypeVar

from printplay.core.errors import PrintplayError

T = TypeVar("T")
R = TypeVar("R")
K = TypeVar("K")
V = TypeVar("V")


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


def _serve(conn: Connection, parent: int, preload: tuple[str, ...] = ()) -> None:
    """A worker's life: import the modules ``preload`` names (while the parent plans),
    then run each task sent on ``conn`` (a call without arguments: a function and its
    chunk of items, or its one item) and send back what it returns, until told to stop,
    or until the parent is gone (then it ends quietly: no traceback from a pipe with
    nobody at the other end)."""
    _quiet_worker()
    threading.Thread(target=_orphan_watch, args=(parent,), daemon=True).start()
    for module in preload:
        importlib.import_module(module)
    _collect_less()
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        try:
            reply: tuple[bool, object] = (True, task())
        except Exception as error:  # sent to the parent, which raises it
            reply = (False, error)
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return
        except Exception as error:  # a result or an error that cannot be pickled
            with contextlib.suppress(EOFError, OSError):
                conn.send((False, PrintplayError(f"a worker could not send back: {error}")))


WORKER_GC_THRESHOLDS = (10_000, 10, 10)
"""The garbage collector's thresholds in a worker (Python's are 700, 10, 10)."""


def _collect_less() -> None:
    """Collect garbage less often in a worker: what it imported is frozen (never walked
    again), and the youngest objects are collected after :data:`WORKER_GC_THRESHOLDS`
    allocations instead of 700.  A worker's jobs (typesetting, searching) make objects by
    the million and keep large tables; Python's thresholds walked them all about 30 times
    in a demo, 7% of its jobs' CPU; these, twice (the demo in one process: 13 MB more at
    its peak)."""
    gc.freeze()
    gc.set_threshold(*WORKER_GC_THRESHOLDS)


@dataclass
class _Worker:
    """A worker process and the parent's end of its pipe."""

    process: BaseProcess
    conn: Connection


def _start_worker(preload: tuple[str, ...] = ()) -> _Worker:
    """A spawned worker process (see :func:`_serve`), importing ``preload`` first.  Call
    it within :func:`_deferred_signals`: interrupts that come while it starts wait until
    it has started."""
    context = multiprocessing.get_context("spawn")
    mine, theirs = context.Pipe()
    with _blocked_signals():
        arguments = (theirs, os.getpid(), preload)
        process = context.Process(target=_serve, args=arguments, daemon=True)
        try:
            process.start()
        finally:
            theirs.close()  # the child holds it now: its death is an end of file here
    return _Worker(process, mine)


def _start_workers(count: int, preload: tuple[str, ...] = ()) -> list[_Worker]:
    """``count`` workers (importing ``preload``); a refusal of the system to start them is
    one :class:`~printplay.core.errors.PrintplayError` line."""
    workers: list[_Worker] = []
    try:
        _start_helpers()  # before the mask: the tracker it starts keeps no signal held
        for _ in range(count):
            workers.append(_start_worker(preload))
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


Task: TypeAlias = tuple[K, Callable[[], V]]
"""What a worker is handed: a key the caller knows it by and a call without arguments (it
is pickled: a module-level function with its arguments bound, :func:`functools.partial`)."""


def _apply(func: Callable[[T], R], chunk: list[T]) -> list[R]:
    """``func`` of each item of ``chunk`` (a map's task)."""
    return [func(item) for item in chunk]


def _schedule(
    workers: list[_Worker], next_task: Callable[[], Task[K, V] | None]
) -> Iterator[tuple[K, V]]:
    """``(key, results)`` of each task ``next_task`` hands out, as tasks finish: after each
    result (the caller may have added tasks meanwhile), every idle worker is given the next
    task.  A worker that dies raises
    :class:`WorkerLost`; an error in a task is raised here."""
    busy: dict[int, K] = {}

    def give(index: int) -> None:
        task = next_task()
        if task is None:
            return
        key, call = task
        worker = workers[index]
        try:
            worker.conn.send(call)
        except OSError:  # the worker is gone
            raise _lost(worker) from None
        busy[index] = key

    def give_idle() -> None:
        for index in range(len(workers)):
            if index not in busy:
                give(index)

    give_idle()
    while busy:
        waited: list[object] = [workers[index].conn for index in busy]
        waited += [worker.process.sentinel for worker in workers]
        ready = wait(waited)  # type: ignore[arg-type]
        for index, worker in enumerate(workers):
            if index in busy and worker.conn in ready:
                try:
                    done, value = worker.conn.recv()
                except (EOFError, OSError):
                    raise _lost(worker) from None
                if not done:
                    raise value  # the worker's exception, sent back whole
                key = busy.pop(index)
                yield key, value
                give_idle()  # after the caller saw the result: a task it adds goes first
            elif worker.process.sentinel in ready:  # died, with no answer pending
                raise _lost(worker)


class WorkerPool:
    """Worker processes that serve several maps and batches in turn: started once (on first
    use), so their imports and caches stay warm from one job to the next, and ended by
    :meth:`close` (or the end of :func:`worker_pool`).

    A pool of one runs everything in this process.  Whatever stops a map or a batch before
    its end (an error in a task, a worker lost, the caller leaving the loop, Ctrl-C) ends
    the workers at once, so that none is left running a task nobody waits for; a later map
    starts new ones.  Each worker imports the modules ``preload`` names as it starts."""

    def __init__(self, jobs: int, preload: tuple[str, ...] = ()) -> None:
        self.size = max(1, min(jobs, cpu_count()))
        self.preload = preload
        self._workers: list[_Worker] = []

    def start(self) -> None:
        """Start the workers now rather than at the first map (they import ``preload``
        while the caller goes on, planning what they will run); nothing for a pool of
        one."""
        if self.size > 1:
            self._start()

    def _start(self) -> list[_Worker]:
        if not self._workers:
            with _deferred_signals():  # a signal held back is raised here, the pool then up
                self._workers = _start_workers(self.size, self.preload)
        return self._workers

    def _drive(self, next_task: Callable[[], Task[K, V] | None]) -> Iterator[tuple[K, V]]:
        """:func:`_schedule` on this pool's workers, which are ended if it stops early."""
        workers = self._start()
        finished = False
        try:
            yield from _schedule(workers, next_task)
            finished = True
        finally:
            if not finished:
                self._end()

    def _end(self) -> None:
        workers, self._workers = self._workers, []
        _stop_workers(workers)

    def map(
        self,
        func: Callable[[T], R],
        items: Iterable[T],
        *,
        chunksize: int = 1,
        progress: Callable[[int], None] | None = None,
        ordered: bool = True,
    ) -> Iterator[R]:
        """:func:`parallel_map` on this pool's workers (all of them, however few the
        items)."""
        work = list(items)
        if self.size <= 1 or len(work) <= 1:
            for done, item in enumerate(work, start=1):
                yield func(item)
                if progress:
                    progress(done)
            return
        size = max(1, chunksize)
        starts = iter(range(0, len(work), size))

        def next_chunk() -> Task[int, list[R]] | None:
            first = next(starts, None)
            return (
                None
                if first is None
                else (first, partial(_apply, func, work[first : first + size]))
            )

        waiting: dict[int, list[R]] = {}
        position = done = 0
        for key, results in self._drive(next_chunk):
            if ordered:
                waiting[key] = results
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

    def close(self) -> None:
        """Tell every worker to stop and end them."""
        for worker in self._workers:
            with contextlib.suppress(OSError):
                worker.conn.send(None)
        self._end()


class Batch(Generic[K, V]):
    """Tasks, each a module-level function and one item, run on a :class:`WorkerPool` as
    workers are free, in the order submitted; iterating gives ``(key, result)`` as each
    finishes, and a task submitted meanwhile (one that needed an earlier result) joins the
    queue.  The iteration ends when every task submitted has given its result.  (Its keys
    are ``K``, its results ``V``.)"""

    def __init__(self, pool: WorkerPool) -> None:
        self.pool = pool
        self.queue: deque[Task[K, V]] = deque()
        self.submitted = 0

    def submit(self, key: K, func: Callable[[T], V], item: T, *, first: bool = False) -> None:
        """Queue ``func(item)`` (with ``first``, before every task queued: one that waited
        for others, and that others may wait for); its result comes back with ``key``."""
        task: Task[K, V] = (key, partial(func, item))
        if first:
            self.queue.appendleft(task)
        else:
            self.queue.append(task)
        self.submitted += 1

    def __iter__(self) -> Iterator[tuple[K, V]]:
        if self.pool.size <= 1:
            while self.queue:
                key, call = self.queue.popleft()
                yield key, call()
            return

        def next_task() -> Task[K, V] | None:
            return self.queue.popleft() if self.queue else None

        yield from self.pool._drive(next_task)


@contextmanager
def worker_pool(jobs: int, preload: tuple[str, ...] = ()) -> Iterator[WorkerPool]:
    """A :class:`WorkerPool` of up to ``jobs`` processes (each importing ``preload`` as it
    starts), closed when the block ends."""
    pool = WorkerPool(jobs, preload)
    try:
        yield pool
    finally:
        pool.close()


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
    with worker_pool(worker_count(jobs, len(work))) as pool:
        yield from pool.map(func, work, chunksize=chunksize, progress=progress, ordered=ordered)


__all__ = [
    "Batch",
    "WorkerLost",
    "WorkerPool",
    "cpu_count",
    "parallel_map",
    "worker_count",
    "worker_pool",
]
