"""Benchmark: ``printplay stats`` on the local process pool against a Dask LocalCluster.

Run from the repository root::

    python benchmarks/stats_dask.py                      # 20,000 TriPeaks deals, 2 workers
    python benchmarks/stats_dask.py --deals 2000 --repeat 3

Each run solves deals 1 to N of the standard game through the stats run loop, writing a
results file as ``printplay stats --results`` does, once with ``--jobs W`` (the local pool)
and once with ``--scheduler local:W`` (Dask: a LocalCluster of W worker processes, one
thread each).  The wall-clock time includes starting the pool or the cluster and closing
it.  Runs alternate (pool, Dask, pool, Dask …) so that a change in the machine's load
falls on both; the records of every run are checked equal, deal for deal (verdict, line
length, positions).  Figures to read, not to assert.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printplay.analysis.stats_deals import DealRange
from printplay.analysis.stats_run import LocalPool, StatsPlan, StatsRun
from printplay.cluster import DaskMap, Scheduler


def records(path: Path) -> dict[int, tuple[object, ...]]:
    """Each deal's record, its time left out."""
    lines = path.read_text(encoding="utf-8").splitlines()[1:]
    found = [json.loads(line) for line in lines]
    return {r["deal"]: (r["verdict"], r["moves"], r["states"]) for r in found}


def one_run(kind: str, deals: int, workers: int, folder: Path, game: str) -> tuple[float, Path]:
    """One run on the pool or on Dask; its wall-clock seconds and its results file."""
    path = folder / f"{kind}-{time.monotonic_ns()}.jsonl"
    plan = StatsPlan(game, (), DealRange(1, deals), None)
    start = time.perf_counter()
    with StatsRun(plan, path) as run:
        if kind == "pool":
            run.run(LocalPool(workers))
        else:
            with DaskMap(Scheduler(workers=workers)) as dask_map:
                run.run(dask_map)
    return time.perf_counter() - start, path


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
    reference: dict[int, tuple[object, ...]] | None = None
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for _ in range(args.repeat):
            for kind in ("pool", "dask"):
                seconds, path = one_run(kind, args.deals, args.workers, folder, args.game)
                got = records(path)
                path.unlink()
                assert len(got) == args.deals, f"{kind}: {len(got)} deals"
                if reference is None:
                    reference = got
                assert got == reference, f"{kind}: records differ"
                times[kind].append(seconds)
                print(f"  {kind:<5} {seconds:8.1f} s", file=sys.stderr)
    pool, dask = statistics.median(times["pool"]), statistics.median(times["dask"])
    print(f"{'':<28} {'wall clock':>10} {'deals/s':>9}")
    print(f"{'local pool, --jobs':<22}{args.workers:<6} {pool:>9.1f}s {args.deals / pool:>9.0f}")
    print(
        f"{'Dask, --scheduler local:':<24}{args.workers:<4} {dask:>9.1f}s {args.deals / dask:>9.0f}"
    )
    print(
        f"Dask's overhead over the pool: {100 * (dask / pool - 1):+.1f}% (median of {args.repeat})"
    )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"records equal deal for deal; load average {load:.2f} at the end", file=sys.stderr)


if __name__ == "__main__":
    main()
