"""Two builds of the Pyramid solver side by side: the same decks, runs alternating, CPU time.

Each build is a checkout with its own install (a virtual environment whose Python runs that
checkout's ``benchmarks/pyramid_sameness.py``).  The runs alternate (before, after, before,
after ...) so that load from elsewhere on a shared machine falls on both alike; each run is
one process over the decks.  Per run: the CPU time of ``best_line`` over all the decks (as
the sameness script reports it) and of the whole process (``RUSAGE_CHILDREN``: start-up,
the verdict searches and ``best_line``).  Every run's output must be the same as the
first's, byte for byte (the same positions, lines and lengths), or the script stops::

    python benchmarks/pyramid_side_by_side.py --before /tmp/old --after . --runs 5
    python benchmarks/pyramid_side_by_side.py --before /tmp/old --after . --runs 3 -- --limit 300

Arguments after ``--`` go to the sameness script; the environment goes to both builds
(``PRINTPLAY_PURE=1`` compares their Python cores).  Prints each run, then per build the
median (and range) of both times and the ratio of the medians, after over before.
Figures to read, not to assert.
"""

from __future__ import annotations

import argparse
import re
import resource
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

CPU_LINE = re.compile(r"best_line ([0-9.]+) s CPU")


def run(checkout: Path, extra: Sequence[str]) -> tuple[bytes, float, float]:
    """One run of ``checkout``'s sameness script: its output, the CPU seconds of
    ``best_line`` it reports, and the CPU seconds of the process."""
    python = checkout / ".venv" / "bin" / "python"
    script = checkout / "benchmarks" / "pyramid_sameness.py"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [str(python), str(script), *extra], capture_output=True, check=False, cwd=checkout
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    process = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    found = CPU_LINE.search(done.stderr.decode())
    if done.returncode or found is None:
        sys.exit(f"{checkout}: the run failed: {done.stderr.decode().strip()[-500:]}")
    return done.stdout, float(found.group(1)), process


def summary(name: str, values: Sequence[float]) -> str:
    """The median and range of ``values``."""
    return f"{name} median {statistics.median(values):.2f} s ({min(values):.2f}-{max(values):.2f})"


def main(argv: Sequence[str] | None = None) -> None:
    """Run the builds in turn and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="the checkout to compare to")
    parser.add_argument("--after", type=Path, required=True, help="the checkout measured")
    parser.add_argument("--runs", type=int, default=5, help="runs of each build")
    parser.add_argument("extra", nargs="*", help="arguments of the sameness script")
    args = parser.parse_args(argv)
    builds = {"before": args.before.resolve(), "after": args.after.resolve()}
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in builds}
    first: bytes | None = None
    for n in range(args.runs):
        for name, checkout in builds.items():
            output, best, process = run(checkout, args.extra)
            if first is None:
                first = output
            elif output != first:
                sys.exit(f"run {n + 1} of {name}: the output differs from the first run's")
            times[name].append((best, process))
            print(f"run {n + 1} {name:6}  best_line {best:.2f} s  process {process:.2f} s")
    for name, found in times.items():
        print(
            f"{name:6}  "
            + summary("best_line", [b for b, _p in found])
            + "  "
            + summary("process", [p for _b, p in found])
        )
    for i, what in enumerate(("best_line", "process")):
        old = statistics.median(t[i] for t in times["before"])
        new = statistics.median(t[i] for t in times["after"])
        print(f"{what}: after / before = {new / old:.3f}")
    print("every run's output the same")


if __name__ == "__main__":
    main()
