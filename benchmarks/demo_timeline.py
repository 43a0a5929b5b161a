"""A timeline of ``printplay demo``'s jobs: which worker ran each, from when to when, with
its CPU, then each worker's idle stretches and the last jobs to end.

    python benchmarks/demo_timeline.py --jobs 2 --output-dir /tmp/d

It runs ``run_demo`` in this process (the workers as the command starts them); each task
the pool is handed is wrapped so that the worker notes its start, end and CPU in a file
of lines the parent reads at the end.  Figures to read (where the cores wait), not to
assert: wall times stretch with the machine's load, CPU times less.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the workers import this module

NOTES = Path(tempfile.gettempdir()) / f"demo-timeline-{os.getpid()}.jsonl"
"""Where the workers note their tasks (the parent's process id names it)."""

GAP = 0.2
"""Idle stretches of a worker shorter than this (seconds) are not listed."""


def timed_call(notes: str, func: Callable[[object], object], key: object, item: object) -> object:
    """``func(item)``, its wall and CPU noted in ``notes`` under ``key`` (in the worker)."""
    start, cpu = time.time(), time.process_time()
    result = func(item)
    line = {
        "pid": os.getpid(),
        "key": short(key),
        "start": start,
        "end": time.time(),
        "cpu": time.process_time() - cpu,
    }
    with open(notes, "a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")
    return result


def short(key: object) -> str:
    """A job's key in a few words (a featured deal by its game, number and options)."""
    from printplay.analysis.curated import SeedDeal

    def part(value: object) -> str:
        if isinstance(value, SeedDeal):
            return f"deal {value.seed}{' ' + ','.join(value.options) if value.options else ''}"
        if isinstance(value, tuple):
            return "(" + " ".join(part(item) for item in value) + ")"
        return str(value)

    return part(key)


def main(argv: list[str] | None = None) -> None:
    """Run the demo once with every task timed; print the timeline and the idle stretches."""
    from printplay.core import parallel
    from printplay.makers.demo import run_demo

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=2, help="processes (as demo --jobs)")
    parser.add_argument("--output-dir", type=Path, required=True, help="the demo's folder")
    args = parser.parse_args(argv)
    submit = parallel.Batch.submit

    def timed_submit(
        self: parallel.Batch[object, object],
        key: object,
        func: Callable[[object], object],
        item: object,
        *,
        first: bool = False,
    ) -> None:
        submit(self, key, partial(timed_call, str(NOTES), func, key), item, first=first)

    parallel.Batch.submit = timed_submit  # type: ignore[method-assign]
    NOTES.unlink(missing_ok=True)
    shutil.rmtree(args.output_dir, ignore_errors=True)
    began = time.time()
    run_demo(args.output_dir, jobs=args.jobs)
    total = time.time() - began
    rows = sorted(
        (json.loads(line) for line in NOTES.read_text(encoding="utf-8").splitlines()),
        key=lambda row: row["start"],
    )
    NOTES.unlink()
    workers = sorted({row["pid"] for row in rows})
    for row in rows:
        print(f"w{workers.index(row['pid'])} {row['start'] - began:7.2f} {row['end'] - began:7.2f} "
              f"CPU {row['cpu']:5.2f}  {row['key']}")  # fmt: skip
    print(f"total {total:.2f} s wall, the jobs' CPU {sum(row['cpu'] for row in rows):.2f} s")
    for number, pid in enumerate(workers):
        mine = [row for row in rows if row["pid"] == pid]
        gaps = [
            f"{after['start'] - before['end']:.2f} s after {before['key']}"
            for before, after in itertools.pairwise(mine)
            if after["start"] - before["end"] > GAP
        ]
        idle = "; ".join(gaps) or "none"
        print(f"worker {number}: first job at {mine[0]['start'] - began:.2f} s, last ends "
              f"{mine[-1]['end'] - began:.2f} s; idle between jobs: {idle}")  # fmt: skip
    last = sorted(rows, key=lambda row: row["end"])[-3:]
    print("last to end: " + "; ".join(f"{row['key']} {row['end'] - began:.2f} s" for row in last))


if __name__ == "__main__":
    main()
