"""Wall and CPU time of ``printplay demo``, here and at another commit, side by side.

Each run is a fresh ``printplay demo`` into a folder of its own; its CPU is the process's
and its workers' (user + system, from ``RUSAGE_CHILDREN``), its wall the clock.  With
``--against COMMIT`` the other commit's demo runs too, the two taking turns run by run, and
the ratios (this checkout / the other) are printed; the other commit is installed once, as
``benchmarks/startup.py`` installs it (under ``--cache``).  ``--jobs N`` runs this
checkout's demo on N processes (by default, one a processor); ``--same-as DIR`` checks
that every run wrote the very files of the demo folder ``DIR`` (``diff -r``)::

    python benchmarks/demo.py --against f4b39a6 --runs 3
    python benchmarks/demo.py --jobs 1 --runs 3          # one process, for the CPU alone

"This checkout" is the printplay installed beside the Python running this script.  Figures
to read, not to assert: on a machine shared with other work the wall clock says how the
scheduler shared it (Linux gives each session its share, however many processes it runs).
"""

from __future__ import annotations

import argparse
import filecmp
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from startup import installed, timed  # the sibling script installs and times commits


def run_once(printplay: Path, folder: Path, jobs: int | None) -> tuple[float, float]:
    """One fresh ``printplay demo`` into ``folder``: its wall and CPU seconds."""
    shutil.rmtree(folder, ignore_errors=True)
    command = [str(printplay), "demo", "--output-dir", str(folder)]
    if jobs is not None:
        command += ["--jobs", str(jobs)]
    env = {k: v for k, v in os.environ.items() if k != "PRINTPLAY_PURE"}
    return timed(command, folder.parent, env, "demo.py")


def same_files(left: Path, right: Path) -> bool:
    """Whether two folders hold the same files with the same bytes (as ``diff -r``)."""
    compared = filecmp.dircmp(left, right)
    if compared.left_only or compared.right_only or compared.funny_files:
        return False
    _, mismatch, errors = filecmp.cmpfiles(left, right, compared.common_files, shallow=False)
    if mismatch or errors:
        return False
    return all(same_files(left / name, right / name) for name in compared.common_dirs)


def main(argv: list[str] | None = None) -> None:
    """Time the demo here (and at ``--against``), print each run, medians and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", help="a commit to compare with, side by side")
    parser.add_argument("--runs", type=int, default=3, help="runs a side (medians)")
    parser.add_argument("--jobs", type=int, help="processes of this checkout's demo")
    parser.add_argument("--same-as", type=Path, help="a demo folder every run must equal")
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path(tempfile.gettempdir()) / "printplay-startup",
        help="where other commits are installed (reused between runs)",
    )
    args = parser.parse_args(argv)
    sides: dict[str, tuple[Path, int | None]] = {
        "here": (Path(sys.executable).parent / "printplay", args.jobs)
    }
    if args.against:
        sides[args.against] = (installed(args.against, args.cache), None)
    figures: dict[str, list[tuple[float, float]]] = {side: [] for side in sides}
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        for run in range(args.runs):
            order = list(sides.items())
            if run % 2:
                order.reverse()
            for side, (printplay, jobs) in order:
                load = os.getloadavg()[0]
                folder = scratch / side.replace("/", "-")
                wall, cpu = run_once(printplay, folder, jobs)
                figures[side].append((wall, cpu))
                same = ""
                if args.same_as is not None and side == "here":
                    same = ", same files" if same_files(args.same_as, folder) else ", FILES DIFFER"
                print(f"run {run + 1} {side}: wall {wall:.1f} s, CPU {cpu:.1f} s "
                      f"(load {load:.1f}{same})", flush=True)  # fmt: skip
    medians = {
        side: (statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs))
        for side, runs in figures.items()
    }
    for side, (wall, cpu) in medians.items():
        print(f"{side}: median wall {wall:.1f} s, median CPU {cpu:.1f} s")
    if args.against:
        (wall_here, cpu_here), (wall_there, cpu_there) = medians.values()
        print(f"ratio here/{args.against}: wall {wall_here / wall_there:.2f}, "
              f"CPU {cpu_here / cpu_there:.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
