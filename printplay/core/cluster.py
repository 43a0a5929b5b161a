"""The parallel map on a Dask cluster: ``--scheduler local:N`` or ``tcp://HOST:PORT``.

:class:`DaskMap` runs a function over items as Dask tasks and yields the results as they
finish, to this process alone (the caller, which alone writes anything).  ``local:N``
starts a ``LocalCluster`` of N worker processes with one thread each; ``tcp://HOST:PORT``
connects to a running cluster (``dask scheduler`` and ``dask worker`` started by hand, or
by dask-jobqueue or Kubernetes).  A bounded number of tasks is in flight; a task whose
worker dies is run again elsewhere by Dask (``retries`` also covers a task that fails), so
every item's result arrives once.  Ctrl-C in this process cancels what is in flight and
closes the cluster; local workers ignore Ctrl-C and hang-ups and leave them to it.

Dask is imported here only when a scheduler is used, so other commands start as fast
as before; without it, :func:`require_dask` says in one line how to install it.

>>> parse_scheduler("local:2")
Scheduler(workers=2, address=None)
>>> parse_scheduler("tcp://10.0.0.5:8786").address
'tcp://10.0.0.5:8786'
"""

from __future__ import annotations

import contextlib
import copy
import itertools
import logging
import math
import os
import signal
import socket
import struct
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING, TypeVar

from printplay import __version__
from printplay.core.errors import PrintplayError

if TYPE_CHECKING:
    from distributed import Client, Future, LocalCluster

T = TypeVar("T")
R = TypeVar("R")
P = TypeVar("P")

INSTALL_HINT = "pip install 'printplay[cluster]' (or: pip install 'dask[distributed]')"
"""How to install Dask, as the one-line refusal says."""

CONNECT_SECONDS = 5.0
"""How long reaching a scheduler may take before the run is refused."""

RETRIES = 3
"""How many times a task that fails is run again (a task whose worker dies is moved to
another worker by Dask without counting against these)."""

WORKERS_COUNTED_EVERY = 5.0
"""How often (seconds) the workers are counted again to size the work in flight."""

LOCAL_SETTINGS: dict[str, object] = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "200ms",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "1s",
}
"""Dask's settings for a local cluster: its diagnostics (a statistical profiler sampling
each worker every 10 ms, event-loop and system monitors polling many times a second),
which nothing here shows, cost about a tenth of the machine during a run (measured:
docs/benchmarks.md); they are turned off or slowed down."""

MAX_LOCAL_WORKERS = 512
"""The most worker processes ``local:N`` starts."""


class SchedulerError(PrintplayError):
    """A scheduler that cannot be used: a bad address, an unreachable one, no Dask."""


@dataclass(frozen=True)
class Scheduler:
    """Where tasks run: ``workers`` local processes (``local:N``) or the cluster at
    ``address`` (``tcp://HOST:PORT``)."""

    workers: int | None = None
    address: str | None = None

    def __str__(self) -> str:
        return self.address if self.address is not None else f"local:{self.workers}"


def parse_scheduler(text: str) -> Scheduler:
    """Read ``local:N`` or ``tcp://HOST:PORT``; anything else is one line saying what
    is expected."""
    usage = "--scheduler takes local:N (N worker processes) or tcp://HOST:PORT"
    shown = text if len(text) <= 60 else text[:59] + "…"
    if text.startswith("local:"):
        count = text.removeprefix("local:")
        if not (count.isascii() and count.isdigit()) or len(count) > 6:
            raise SchedulerError(f"{usage}, not {shown!r}")
        workers = int(count)
        if not 1 <= workers <= MAX_LOCAL_WORKERS:
            raise SchedulerError(
                f"--scheduler local:N takes 1 to {MAX_LOCAL_WORKERS} workers, not {workers}"
            )
        return Scheduler(workers=workers)
    if text.startswith("tcp://"):
        host, colon, port = text.removeprefix("tcp://").rpartition(":")
        host = host.removeprefix("[").removesuffix("]")
        if not colon or not host or not (port.isascii() and port.isdigit()) or len(port) > 5:
            raise SchedulerError(f"{usage}, not {shown!r}")
        if not 1 <= int(port) <= 65535:
            raise SchedulerError(f"the port of {shown!r} must be 1 to 65535")
        return Scheduler(address=text)
    raise SchedulerError(f"{usage}, not {shown!r}")


def require_dask() -> None:
    """Refuse in one line, with the command that installs it, if Dask is missing."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise SchedulerError(f"--scheduler needs Dask: {INSTALL_HINT}") from None


GREETING_LIMIT = 1 << 16
"""The longest greeting a scheduler is expected to send (a few dozen bytes: its
compression, Python version and pickle protocol)."""


class _NotDask(Exception):
    """What the probe found at an address: something, but no Dask scheduler."""


def _receive(sock: socket.socket, count: int, deadline: float) -> bytes:
    """``count`` bytes from ``sock`` by ``deadline`` (fewer: the peer hung up)."""
    data = b""
    while len(data) < count:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        sock.settimeout(left)
        chunk = sock.recv(count - len(data))
        if not chunk:
            break
        data += chunk
    return data


def _greeted(sock: socket.socket, deadline: float, seconds: float) -> None:
    """Check that the peer greets as a Dask scheduler does: unasked, with one framed
    message (its length in 8 bytes, then that many bytes, opening with a small count of
    frames).  Anything else (an HTTP server waits to be asked; a silent listener says
    nothing) is :class:`_NotDask`.  Nothing is sent, so nothing runs there.  The time
    allowed is up at ``deadline`` (``seconds`` in all, for the message)."""
    try:
        head = _receive(sock, 8, deadline)
    except TimeoutError:
        raise _NotDask(f"no answer within {seconds:g} s") from None
    if len(head) < 8:
        raise _NotDask("it hung up")
    (length,) = struct.unpack("<Q", head)
    if not 16 <= length <= GREETING_LIMIT:
        raise _NotDask("unexpected reply")
    try:
        body = _receive(sock, length, deadline)
    except TimeoutError:
        raise _NotDask("unexpected reply") from None
    (frames,) = struct.unpack("<Q", body[:8]) if len(body) == length else (0,)
    if not 1 <= frames <= 64:
        raise _NotDask("unexpected reply")


def _probe(address: str, seconds: float) -> None:
    """Refuse quickly an address where no Dask scheduler answers: the name is resolved,
    a connection made and the scheduler's greeting read in a helper thread, given at most
    ``seconds`` in all (a name server, or a listener, that never answers does not hang
    the run; Dask's own client would wait for ever for a greeting that never comes)."""
    host, _, port = address.removeprefix("tcp://").rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    shown = address if len(address) <= 80 else address[:79] + "…"
    deadline = time.monotonic() + seconds
    problem: list[str] = []

    def attempt() -> None:
        try:
            sock = socket.create_connection((host, int(port)), timeout=seconds)
        except Exception as error:  # refused, unknown, or a name too long to look up …
            problem.append(f"cannot reach the Dask scheduler at {shown}: {_reason(error)}")
            return
        try:
            with sock:
                _greeted(sock, deadline, seconds)
        except _NotDask as error:
            problem.append(f"{shown}: not a Dask scheduler ({error})")
        except OSError as error:
            problem.append(f"{shown}: not a Dask scheduler ({_reason(error)})")

    helper = threading.Thread(target=attempt, daemon=True)
    helper.start()
    helper.join(seconds + 0.5)
    if helper.is_alive():
        problem.append(
            f"cannot reach the Dask scheduler at {shown}: no answer within {seconds:g} s"
        )
    if problem:
        raise SchedulerError(problem[0])


def _reason(error: BaseException) -> str:
    """An exception in a few words: the system's, or the innermost cause's."""
    while error.__cause__ is not None or error.__context__ is not None:
        error = error.__cause__ or error.__context__  # type: ignore[assignment]
    if isinstance(error, OSError) and error.strerror:
        where = f": {error.filename!r}" if error.filename else ""
        return f"{error.strerror}{where}"
    return str(error) or type(error).__name__


@contextlib.contextmanager
def _interrupts_ignored() -> Iterator[None]:
    """Ctrl-C and hang-ups ignored while the block runs (in the main thread), so that
    worker processes started in it inherit the ignoring: the caller alone decides."""
    names = ("SIGINT", "SIGHUP")
    signums = [getattr(signal, name) for name in names if hasattr(signal, name)]
    main = threading.current_thread() is threading.main_thread()
    previous = [signal.signal(signum, signal.SIG_IGN) for signum in signums] if main else []
    try:
        yield
    finally:
        for signum, handler in zip(signums, previous, strict=False):
            signal.signal(signum, handler)


def _quiet_logs() -> None:
    """Dask's own log lines (a worker lost, a reconnection failed …) kept off the terminal:
    what matters reaches the user as one line.  Dask's configuration gives some of its
    loggers levels of their own, so each is quietened."""
    names = [name for name in logging.root.manager.loggerDict if name.startswith("distributed")]
    for name in ["distributed", *names]:
        logging.getLogger(name).setLevel(logging.CRITICAL)


def _printplay_version() -> str:
    """This printplay's version (run on every worker: the same version must run there)."""
    return __version__


def _killed_as_error(results: Iterable[P]) -> Iterator[P]:
    """``results``, with a task that killed worker after worker (Dask gives up after a
    few) reported in one line."""
    from distributed import KilledWorker

    try:
        yield from results
    except KilledWorker as error:
        raise SchedulerError(
            f"Dask gave a task up after {error.allowed_failures + 1} of its workers died "
            "running it: they may lack memory"
        ) from None


class DaskMap:
    """A Dask cluster for the time of a ``with`` block, and the map that runs on it.

    >>> with DaskMap(Scheduler(workers=1)) as dask_map:  # doctest: +SKIP
    ...     sorted(dask_map.map_unordered(abs, [-1, 2, -3]))
    [1, 2, 3]
    """

    def __init__(self, scheduler: Scheduler, *, connect_seconds: float = CONNECT_SECONDS):
        self.scheduler = scheduler
        self.connect_seconds = connect_seconds
        self.client: Client | None = None
        self.cluster: LocalCluster | None = None

    def __enter__(self) -> DaskMap:
        require_dask()
        try:
            self._start()
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

    def _start(self) -> None:
        import dask
        from distributed import Client, LocalCluster

        _quiet_logs()
        if self.scheduler.address is None:
            workers = copy.deepcopy(dask.config.config)  # for every worker, restarts too
            dask.config.set(LOCAL_SETTINGS, config=workers)
            try:
                with _interrupts_ignored(), dask.config.set(LOCAL_SETTINGS):
                    self.cluster = LocalCluster(
                        n_workers=self.scheduler.workers,
                        threads_per_worker=1,
                        processes=True,
                        dashboard_address="127.0.0.1:0",  # no fixed port to clash on
                        silence_logs=logging.CRITICAL,
                        preload=["printplay.core.cluster_worker"],
                        config=workers,
                    )
                    self.client = Client(self.cluster, timeout=self.connect_seconds)
            except Exception as error:  # Dask reports a failed start in many ways
                raise SchedulerError(
                    f"cannot start a local Dask cluster: {_reason(error)}"
                ) from None
            return
        address = self.scheduler.address
        _probe(address, self.connect_seconds)
        try:
            self.client = Client(address, timeout=self.connect_seconds)
        except Exception as error:  # Dask reports a failed connection in many ways
            reason = str(error) or type(error).__name__
            raise SchedulerError(
                f"cannot connect to the Dask scheduler at {address}: {reason}"
            ) from None
        self._check_versions()

    def _check_versions(self) -> None:
        """Refuse workers that cannot run this printplay, or run another version."""
        assert self.client is not None
        try:
            versions = self.client.run(_printplay_version, on_error="return")
        except Exception as error:
            raise SchedulerError(
                f"cannot ask the workers at {self.scheduler} their version: {error}"
            ) from None
        for worker, version in versions.items():
            if version != __version__:
                found = version if isinstance(version, str) else "no printplay"
                raise SchedulerError(
                    f"worker {worker} runs {found}, this is printplay {__version__}: install "
                    "the same printplay on every machine"
                )

    @property
    def workers(self) -> int:
        """The threads the cluster has now (at least 1: a cluster still starting its
        workers counts as one)."""
        assert self.client is not None
        threads: dict[str, int] = self.client.nthreads()
        return max(1, sum(threads.values()))

    def worker_pids(self) -> dict[str, int]:
        """The process id of each worker, by address."""
        assert self.client is not None
        return dict(self.client.run(os.getpid))

    def map_unordered(
        self, func: Callable[[T], R], items: Iterable[T], *, window: int | None = None
    ) -> Generator[R, None, None]:
        """``func`` of each item, on the cluster, yielded as each finishes (in no
        particular order); at most ``window`` tasks in flight (by default four a worker
        thread, counted again every few seconds as workers join or leave).  ``func`` must
        be importable by the workers (a module-level function of an installed package)."""
        from distributed import as_completed

        assert self.client is not None
        client = self.client
        source = iter(items)
        pending: set[Future[R]] = set()
        limit, counted = 0, -math.inf

        def wanted() -> int:
            nonlocal limit, counted
            if window is not None:
                return window
            if time.monotonic() - counted > WORKERS_COUNTED_EVERY:
                limit, counted = 4 * self.workers, time.monotonic()
            return limit

        def submit(item: T) -> Future[R]:
            future = client.submit(func, item, pure=False, retries=RETRIES)
            pending.add(future)
            return future

        try:
            finished = as_completed(
                [submit(item) for item in itertools.islice(source, wanted())], with_results=True
            )
            for future, result in _killed_as_error(finished):
                pending.discard(future)
                if future.status != "finished":  # cancelled: the scheduler went away
                    raise SchedulerError(
                        f"the Dask scheduler at {self.scheduler} dropped the work (it stopped, "
                        "or lost its connection)"
                    )
                yield result
                for item in itertools.islice(source, max(0, wanted() - len(pending))):
                    finished.add(submit(item))
        finally:
            if pending:
                with contextlib.suppress(Exception):
                    client.cancel(list(pending))

    def close(self) -> None:
        """Close the connection and, if this process started it, the cluster."""
        client, cluster = self.client, self.cluster
        self.client = self.cluster = None
        with _interrupts_ignored():
            if client is not None:
                with contextlib.suppress(Exception):
                    client.close(timeout=self.connect_seconds)
            if cluster is not None:
                with contextlib.suppress(Exception):
                    cluster.close(timeout=self.connect_seconds)


__all__ = [
    "CONNECT_SECONDS",
    "INSTALL_HINT",
    "DaskMap",
    "Scheduler",
    "SchedulerError",
    "parse_scheduler",
    "require_dask",
]
