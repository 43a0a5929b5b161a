"""Benchmark of puzzle books and sheets of a level, timed through the command line.

For each solitaire (standard rules) it writes a mixed book of ``--count`` deals (default
50) with ``--jobs`` processes (default 2), then a sheet of the first deal of each level
(``sheet --difficulty``), and prints the wall-clock time and the processor time (this
process's children: the command and its workers) of each.  These are the figures of
docs/benchmarks.md; the goals are a 50-deal mixed book in 60 s for TriPeaks and Ricochet
and 180 s for Pyramid, and a sheet of a level in 5 s, on the 2-core machine.

    python benchmarks/books.py                       # all three games
    python benchmarks/books.py --game pyramid --count 20 --jobs 1
    python benchmarks/books.py --sheets-only

The machine is shared: when other work runs, the wall clock grows but the processor time
does not, so both are printed.  Figures to read, not to assert.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

GAMES = ("tripeaks", "ricochet", "pyramid")
LEVELS = ("easy", "medium", "hard", "expert")
PRINTPLAY = [sys.executable, "-m", "printplay"]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(argv: list[str]) -> tuple[float, float, str]:
    """Run ``printplay argv``; wall-clock seconds, processor seconds and its stdout."""
    cpu = _children_cpu()
    start = time.perf_counter()
    done = subprocess.run(
        [*PRINTPLAY, *argv], capture_output=True, text=True, check=False, cwd=ROOT
    )
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"printplay {' '.join(argv)} failed: {done.stderr.strip()}")
    return wall, _children_cpu() - cpu, done.stdout


ROOT = Path(__file__).resolve().parent.parent


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--sheets-only", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="printplay-bench-") as name:
        folder = Path(name)
        if not args.sheets_only:
            head = f"{args.count}-deal mixed book | wall clock | processor | deals graded | pages"
            print(f"| game | {head} |")
            print("| --- | --- | --- | --- | --- | --- |")
            for game in args.game or GAMES:
                out = folder / f"{game}.pdf"
                book = ["book", game, "--count", str(args.count), "--difficulty", "mixed"]
                wall, cpu, stdout = timed(
                    [*book, "--jobs", str(args.jobs), "-o", str(out), "--json"]
                )
                manifest = json.loads(stdout)
                tried = max(deal["seed"] for deal in manifest["deals"])
                print(
                    f"| {game} | --jobs {args.jobs} | {wall:.1f} s | {cpu:.1f} s | {tried} | "
                    f"{manifest['pages']} |",
                    flush=True,
                )
        print()
        print("| game | " + " | ".join(f"sheet --difficulty {level}" for level in LEVELS) + " |")
        print("| --- |" + " --- |" * len(LEVELS))
        for game in args.game or GAMES:
            cells = []
            for level in LEVELS:
                out = folder / f"{game}-{level}.pdf"
                wall, cpu, _ = timed(["sheet", game, "--difficulty", level, "-o", str(out)])
                cells.append(f"{wall:.1f} s ({cpu:.1f} s)")
            print(f"| {game} | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
