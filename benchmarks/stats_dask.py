"""Benchmark: ``printplay stats`` on the local process pool against a Dask LocalCluster.

Run from the repository root::

    python benchmarks/stats_dask.py                      # 20,000 TriPeaks deals, 2 workers
    python benchmarks/stats_dask.py --deals 2000 --repeat 3

Each run solves deals 1 to N of the standard game through the stats run loop, writing a
results file as ``printplay stats --results`` does, once with ``--jobs W`` (the local pool)
and once with ``--scheduler local:W`` (Dask: a LocalCluster of W worker processes, one
thread each).  The wall-clock time includes starting the pool or the cluster and closing
it; the CPU time is that of every process of the run (this one and its workers, once they
have ended), which a machine shared with other work changes far less than the wall clock.
Runs alternate (pool, Dask, pool, Dask …) so that a change in the machine's load falls on
both; the records of every run are checked equal, deal for deal (verdict, line length,
positions).  Figures to read, not to assert.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printplay.analysis.stats_deals import DealRange
from printplay.analysis.stats_run import LocalPool, StatsPlan, StatsRun
from printplay.core.cluster import DaskMap, Scheduler


def records(path: Path) -> dict[int, tuple[object, ...]]:
    """Each deal's record, its time left out."""
    lines = path.read_text(encoding="utf-8").splitlines()[1:]
    found = [json.loads(line) for line in lines]
    return {r["deal"]: (r["verdict"], r["moves"], r["states"]) for r in found}


def cpu_seconds() -> float:
    """The CPU time of this process and of its children that have ended."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def one_run(
    kind: str, deals: int, workers: int, folder: Path, game: str
) -> tuple[float, float, Path]:
    """One run on the pool or on Dask; its wall-clock and CPU seconds and its results
    file."""
    path = folder / f"{kind}-{time.monotonic_ns()}.jsonl"
    plan = StatsPlan(game, (), DealRange(1, deals), None)
    cpu = cpu_seconds()
    start = time.perf_counter()
    with StatsRun(plan, path) as run:
        if kind == "pool":
            run.run(LocalPool(workers))
        else:
            with DaskMap(Scheduler(workers=workers)) as dask_map:
                run.run(dask_map)
    wall = time.perf_counter() - start
    while multiprocessing.active_children():  # every worker ended and counted
        time.sleep(0.05)
    return wall, cpu_seconds() - cpu, path


def main() -> None:
    """Parse the arguments, run the pool and Dask in turn, print a table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=20_000, help="deals 1 to N")
    parser.add_argument("--workers", type=int, default=2, help="processes (both ways)")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each")
    parser.add_argument("--game", default="tripeaks")
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"{args.game}, deals 1 to {args.deals:,}, {args.workers} workers, "
        f"{os.cpu_count()} processors, load average {load:.2f} at the start",
        file=sys.stderr,
    )
    times: dict[str, list[float]] = {"pool": [], "dask": []}
    cpus: dict[str, list[float]] = {"pool": [], "dask": []}
    reference: dict[int, tuple[object, ...]] | None = None
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for _ in range(args.repeat):
            for kind in ("pool", "dask"):
                seconds, cpu, path = one_run(kind, args.deals, args.workers, folder, args.game)
                got = records(path)
                path.unlink()
                assert len(got) == args.deals, f"{kind}: {len(got)} deals"
                if reference is None:
                    reference = got
                assert got == reference, f"{kind}: records differ"
                times[kind].append(seconds)
                cpus[kind].append(cpu)
                print(f"  {kind:<5} {seconds:8.1f} s wall, {cpu:8.1f} s CPU", file=sys.stderr)
    wall = {kind: statistics.median(values) for kind, values in times.items()}
    used = {kind: statistics.median(values) for kind, values in cpus.items()}
    names = {
        "pool": f"local pool, --jobs {args.workers}",
        "dask": f"Dask, --scheduler local:{args.workers}",
    }
    print(f"{'':<30} {'wall clock':>10} {'deals/s':>9} {'CPU time':>10}")
    for kind, what in names.items():
        rate = args.deals / wall[kind]
        print(f"{what:<30} {wall[kind]:>9.1f}s {rate:>9.0f} {used[kind]:>9.1f}s")
    print(
        f"Dask over the pool (medians of {args.repeat}): wall clock "
        f"{100 * (wall['dask'] / wall['pool'] - 1):+.1f}%, CPU time "
        f"{100 * (used['dask'] / used['pool'] - 1):+.1f}%"
    )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"records equal deal for deal; load average {load:.2f} at the end", file=sys.stderr)


if __name__ == "__main__":
    main()
