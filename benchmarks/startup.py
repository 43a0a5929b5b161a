"""CPU time of printplay's verbs from a fresh process, here and at another commit, side by side.

Each case is a fresh ``printplay`` process; the figure is its CPU time (user + system, from
``RUSAGE_CHILDREN``), the median of ``--runs`` processes, which load from other work on the
machine disturbs less than the wall clock (also printed).  Cases: ``--help``, ``deal``,
``solve`` and ``sheet`` for each solitaire.  With ``--against COMMIT`` the same cases run with
that commit's printplay too, the two taking turns process by process, and the ratio
(this checkout / the other) is printed: the other commit is checked out with ``git archive``
and installed into a venv of its own under ``--cache`` (once; reused by later runs)::

    python benchmarks/startup.py                        # this checkout only
    python benchmarks/startup.py --against f4b39a6      # side by side, with ratios
    python benchmarks/startup.py --against f4b39a6 --cases help deal --runs 9

"This checkout" is the printplay installed beside the Python running this script.  Each
case runs once on each side before it is timed, with Python's bytecode cache on (even if
``PYTHONDONTWRITEBYTECODE`` is set here): the timed runs are a user's second run, not the
first run after an install, which compiles the modules it imports.  Figures to read, not to
assert.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SOLITAIRES = ("tripeaks", "pyramid", "ricochet")
CASES: dict[str, tuple[str, ...]] = {
    "help": ("--help",),
    "deal": ("deal", "tripeaks", "--seed", "1"),
    "solve": ("solve", "tripeaks", "--seed", "1"),
    **{f"sheet-{game}": ("sheet", game, "--seed", "2", "-o", "{out}") for game in SOLITAIRES},
}


def run_once(printplay: Path, args: Sequence[str], scratch: Path) -> tuple[float, float]:
    """One fresh process of ``printplay args``: its wall and CPU seconds."""
    out = scratch / "out.pdf"
    out.unlink(missing_ok=True)
    command = [str(printplay), *(arg.replace("{out}", str(out)) for arg in args)]
    unset = ("PRINTPLAY_PURE", "PYTHONDONTWRITEBYTECODE")
    env = {k: v for k, v in os.environ.items() if k not in unset}
    return timed(command, scratch, env, "startup.py")


def timed(command: list[str], cwd: Path, env: dict[str, str], script: str) -> tuple[float, float]:
    """Run ``command`` once in ``cwd``: its wall and CPU seconds (user + system of the
    child).  A failure ends ``script`` with the command's last error lines."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{script}: {' '.join(command)} failed:\n{done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def installed(commit: str, cache: Path) -> Path:
    """The ``printplay`` of ``commit``, installed (once) into a venv under ``cache``."""
    sha = subprocess.run(
        ["git", "-C", str(REPO), "rev-parse", "--verify", f"{commit}^{{commit}}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    home = cache / sha[:12]
    printplay = home / "venv" / "bin" / "printplay"
    if printplay.exists():
        return printplay
    tree = home / "tree"
    tree.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", sha], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    print(f"installing {commit} ({sha[:12]}) into {home / 'venv'} …", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "venv", str(home / "venv")], check=True)
    pip = [str(home / "venv" / "bin" / "python"), "-m", "pip", "install", "-q", "-e", "."]
    subprocess.run(pip, cwd=tree, check=True)
    return printplay


def main(argv: Sequence[str] | None = None) -> None:
    """Times each case here (and at ``--against``), prints medians and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", help="a commit to compare with, side by side")
    parser.add_argument("--runs", type=int, default=5, help="fresh processes a case (median)")
    parser.add_argument("--cases", nargs="+", choices=sorted(CASES), default=list(CASES))
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path(tempfile.gettempdir()) / "printplay-startup",
        help="where other commits are installed (reused between runs)",
    )
    args = parser.parse_args(argv)
    here = Path(sys.executable).parent / "printplay"
    sides = {"here": here}
    if args.against:
        sides[args.against] = installed(args.against, args.cache)
    figures: dict[tuple[str, str], list[tuple[float, float]]] = {}
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        for case in args.cases:
            for printplay in sides.values():  # compiles and caches what the case imports
                run_once(printplay, CASES[case], scratch)
            for run in range(args.runs):
                order = list(sides.items())
                if run % 2:
                    order.reverse()
                for side, printplay in order:
                    figures.setdefault((case, side), []).append(
                        run_once(printplay, CASES[case], scratch)
                    )
    header = f"{'case':<16}" + "".join(f"{side[:12]:>24}" for side in sides)
    print(header + ("   ratio CPU (wall)" if args.against else ""))
    print(f"{'':<16}" + "".join(f"{'CPU ms (wall ms)':>24}" for _ in sides))
    for case in args.cases:
        medians = []
        for side in sides:
            runs = figures[(case, side)]
            wall = statistics.median(w for w, _ in runs) * 1000
            cpu = statistics.median(c for _, c in runs) * 1000
            medians.append((cpu, wall))
        line = f"{case:<16}" + "".join(f"{cpu:>12.0f} ({wall:>7.0f}) " for cpu, wall in medians)
        if args.against:
            (cpu_here, wall_here), (cpu_there, wall_there) = medians
            line += f"   {cpu_here / cpu_there:.2f} ({wall_here / wall_there:.2f})"
        print(line)
    where = ", ".join(f"{side}: {printplay}" for side, printplay in sides.items())
    print(f"median of {args.runs} fresh processes a case; {where}")


if __name__ == "__main__":
    main()
