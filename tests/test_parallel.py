"""The parallel map: results in order, and signals that come while its pool starts."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any, cast

import pytest

from printplay.core.parallel import (
    Batch,
    WorkerLost,
    _deferred_signals,
    parallel_map,
    worker_pool,
)


class Stopped(Exception):
    """What the test's hang-up handler raises."""


def _stop(signum: int, frame: FrameType | None) -> None:
    raise Stopped(signum)


def _from_another_thread(signum: int) -> None:
    """Send ``signum`` from a thread of this process other than the main one (a progress
    bar's, say): the kernel hands it to that thread, Python runs the handler in the main
    one."""
    sender = threading.Thread(target=signal.raise_signal, args=(signum,))
    sender.start()
    sender.join()


def test_a_signal_while_the_pool_starts_waits_until_it_is_up() -> None:
    """A hang-up taken by another thread while the pool starts is not raised in the
    middle of it (a worker half started would print a traceback of its own) but when it
    is up, to the handler of before."""
    previous = signal.signal(signal.SIGHUP, _stop)
    reached = False
    try:
        with pytest.raises(Stopped), _deferred_signals():
            _from_another_thread(signal.SIGHUP)
            time.sleep(0.05)  # time for the handler to run, were it to run now
            reached = True
        assert reached
        assert signal.getsignal(signal.SIGHUP) is _stop
    finally:
        signal.signal(signal.SIGHUP, previous)


def test_without_the_deferral_the_signal_comes_at_once() -> None:
    """The check above can fail: outside the block the same signal stops the main thread
    straight away."""
    previous = signal.signal(signal.SIGHUP, _stop)
    reached = False
    try:
        with pytest.raises(Stopped):
            _from_another_thread(signal.SIGHUP)
            time.sleep(0.05)
            reached = True
        assert not reached
    finally:
        signal.signal(signal.SIGHUP, previous)


def test_the_map_keeps_the_order_on_two_processes() -> None:
    assert list(parallel_map(abs, [-3, 1, -2, 5, -8], jobs=2)) == [3, 1, 2, 5, 8]


def _swallowed_stop() -> None:
    """A stop signal's handler run where a library swallows what it raises."""
    from printplay.cli import common as cli_common

    with contextlib.suppress(BaseException):  # what a library's bare except does
        cli_common._stop(signal.SIGINT, None)


def test_a_swallowed_stop_still_stops_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from printplay.cli import app as cli
    from printplay.cli.app import main

    real = cli.print_path

    def print_after_a_swallowed_stop(path: Path) -> None:
        _swallowed_stop()
        real(path)

    monkeypatch.setattr(cli, "print_path", print_after_a_swallowed_stop)
    status = main(["rules", "tripeaks", "-o", str(tmp_path / "r.pdf")])
    assert status == 128 + signal.SIGINT
    assert capsys.readouterr().err.startswith("printplay: interrupted (Ctrl-C)")
    # the next run starts with no stop noted
    monkeypatch.setattr(cli, "print_path", real)
    assert main(["deal", "tripeaks", "--seed", "1"]) == 0


def test_a_progress_bar_is_a_checkpoint_for_a_swallowed_stop() -> None:
    from printplay.cli.common import Stopped, forget_stops, progress_bar

    with progress_bar(disable=True) as bar:
        task = bar.add_task("work", total=2)
        bar.advance(task)
        _swallowed_stop()
        with pytest.raises(Stopped):
            bar.update(task, completed=2)
    forget_stops()


@pytest.mark.parametrize(
    ("func", "item", "words"),
    [
        (signal.raise_signal, signal.SIGKILL, "was killed by SIGKILL (out of memory?)"),
        (os._exit, 3, "ended unexpectedly (exit status 3)"),
    ],
)
def test_a_worker_that_dies_stops_the_map(
    func: Callable[[int], object], item: int, words: str
) -> None:
    """A worker gone (SIGKILL, the system out of memory) took its item with it: the map
    stops at once, saying so, where it used to wait for that item forever."""
    with pytest.raises(WorkerLost, match=re.escape(words)):
        list(parallel_map(func, [item, item, item], jobs=2))


def test_an_error_in_a_worker_is_raised_here() -> None:
    with pytest.raises(ValueError, match="invalid literal"):
        list(parallel_map(int, ["1", "x", "3"], jobs=2))
    assert list(parallel_map(abs, range(-9, 9), jobs=2, chunksize=4)) == [
        *range(9, 0, -1),
        *range(9),
    ]


def _pid(_: object) -> int:
    return os.getpid()


def _double_or_fail(value: int) -> int:
    if value < 0:
        raise ValueError(f"negative: {value}")
    return 2 * value


def test_a_pool_keeps_its_workers_from_one_map_to_the_next() -> None:
    """Two maps on one pool run on the same processes (started once, imports warm), not
    on this one."""
    with worker_pool(2) as pool:
        first = set(pool.map(_pid, range(8)))
        second = set(pool.map(_pid, range(8)))
    assert first == second and os.getpid() not in first and len(first) == 2


def _loaded(name: str) -> bool:
    import sys

    return name in sys.modules


def test_a_pool_started_early_has_its_workers_import_what_it_names() -> None:
    """``start`` starts the workers before any map, each importing the modules
    ``preload`` names as it starts (while the caller plans); a map then runs on them."""
    module = "printplay.core.pysolfc"  # imported by no worker otherwise
    with worker_pool(2, preload=(module,)) as pool:
        pool.start()
        started = [worker.process.pid for worker in pool._workers]
        assert len(started) == 2
        assert all(pool.map(_loaded, [module] * 4))
        assert {worker.process.pid for worker in pool._workers} == set(started)
    with worker_pool(2) as pool:
        assert not any(pool.map(_loaded, [module] * 4))
    with worker_pool(1, preload=(module,)) as pool:
        pool.start()  # a pool of one has no workers to start
        assert pool._workers == []


def test_a_batch_takes_tasks_that_needed_an_earlier_result() -> None:
    """A task submitted once another's result is in (a kit once its parts are made) runs
    in the same batch, on the same workers."""
    with worker_pool(2) as pool:
        batch: Batch[object, int] = Batch(pool)
        for value in (1, 2, 3):
            batch.submit(("first", value), _double_or_fail, value)
        seen: dict[object, int] = {}
        for key, result in batch:
            seen[key] = result
            if key == ("first", 2):
                batch.submit("then", _double_or_fail, result)
    assert seen == {("first", 1): 2, ("first", 2): 4, ("first", 3): 6, "then": 8}
    assert batch.submitted == 4


def test_a_batch_of_one_runs_here_in_order() -> None:
    with worker_pool(1) as pool:
        batch: Batch[str, int] = Batch(pool)
        batch.submit("a", _pid, None)
        batch.submit("b", _double_or_fail, 5)
        assert list(batch) == [("a", os.getpid()), ("b", 10)]


def test_an_error_ends_the_workers_and_the_pool_starts_new_ones() -> None:
    """An error in a task is raised here and the workers still busy are ended (none goes on
    with a task nobody waits for); the next map starts fresh workers and gives the right
    results, nothing left over from the failed one."""
    with worker_pool(2) as pool:
        before = set(pool.map(_pid, range(4)))
        batch: Batch[int, int] = Batch(pool)
        for value in (3, -1, 4, 5):
            batch.submit(value, _double_or_fail, value)
        with pytest.raises(ValueError, match="negative: -1"):
            list(batch)
        assert list(pool.map(_double_or_fail, range(6))) == [0, 2, 4, 6, 8, 10]
        after = set(pool.map(_pid, range(4)))
    assert before.isdisjoint(after)


def test_leaving_a_map_early_ends_the_workers() -> None:
    with worker_pool(2) as pool:
        workers = list(pool.map(_pid, range(2)))
        results = pool.map(_double_or_fail, range(100))
        assert next(results) == 0
        results.close()  # the caller stops reading
        assert set(pool.map(_pid, range(4))).isdisjoint(workers)


@dataclass(frozen=True)
class _Part:
    """A job of the toy plan below: its name, and the process that ran it."""

    name: str

    def run(self) -> tuple[str, int]:
        return self.name, os.getpid()


class _KitPlan:
    """Three parts, then a kit once parts a and b are made (as a kit waits for its parts),
    the order results came in noted."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self.pids: set[int] = set()

    def start(self) -> list[tuple[Hashable, Any]]:
        return [(name, _Part(name)) for name in ("a", "b", "c", "d", "e")]

    def done(self, key: Hashable, result: object) -> list[tuple[Hashable, Any]]:
        name, pid = cast("tuple[str, int]", result)
        self.seen.append(name)
        self.pids.add(pid)
        return [("kit", _Part("kit"))] if {"a", "b"} <= set(self.seen) and name in "ab" else []


def test_a_plan_runs_what_waited_for_others_before_the_jobs_queued() -> None:
    """The kit runs as soon as its parts are made, before the jobs queued after them, on
    the pool's processes; progress counts every job, the total growing as jobs are added."""
    from printplay.makers.jobs import run_plans

    plan = _KitPlan()
    told: list[tuple[int, int]] = []
    with worker_pool(1) as pool:
        run_plans(pool, [plan], lambda done, total, what: told.append((done, total)))
    assert plan.seen == ["a", "b", "kit", "c", "d", "e"]
    assert told == [(1, 5), (2, 6), (3, 6), (4, 6), (5, 6), (6, 6)]
    on_two = _KitPlan()
    with worker_pool(2) as pool:
        run_plans(pool, [on_two], None)
    assert sorted(on_two.seen) == sorted(plan.seen)  # in an order the workers' speed decides
    assert on_two.pids and os.getpid() not in on_two.pids


def _collector(_: object) -> tuple[tuple[int, int, int], int]:
    import gc

    return gc.get_threshold(), gc.get_freeze_count()


def test_a_worker_collects_garbage_less_often() -> None:
    """A worker freezes what it imported and collects its youngest objects after
    ``WORKER_GC_THRESHOLDS`` allocations (Python's 700 walked a demo's objects about 30
    times over, 7% of its jobs' CPU); the caller's own thresholds are left as they are."""
    import gc

    from printplay.core.parallel import WORKER_GC_THRESHOLDS

    here = gc.get_threshold()
    with worker_pool(2, preload=("printplay.core.errors",)) as pool:
        pool.start()
        found = list(pool.map(_collector, [None] * 2))
    assert all(threshold == WORKER_GC_THRESHOLDS for threshold, _ in found)
    assert all(frozen > 0 for _, frozen in found)  # the imports frozen
    assert gc.get_threshold() == here
