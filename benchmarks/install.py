"""Wall and CPU time of installing printplay at two commits, side by side.

Each commit is checked out (``git archive``) into a folder of its own; then, run after run,
the two take turns (the order swapped every run) at each case:

* ``editable``: a fresh venv, then ``pip install -e '.[test]'``;
* ``nocc``: the same with ``CC=/bin/false``, a machine without a working C compiler;
* ``nocompile``: ``pip install --no-compile -e '.[test]'``: no byte-code written at
  install (Python writes it as each module is first imported);
* ``uv``: ``pip install uv``, then ``uv pip install -e '.[test]'`` (uv reads no pip
  configuration, and writes no byte-code by default), both timed;
* ``wheel``: ``python -m build --wheel`` (``build`` must be installed where this runs).

Only the install (or the build) is timed, not the making of the venv: wall clock, and the
CPU time of every process it ran (user + system, ``RUSAGE_CHILDREN``), which load from
other work on the machine disturbs less.  The pip cache should be warm (one ``--warmup``
round installs each commit once untimed).  After an editable install the script asks
``printplay --version`` how the Pyramid core runs.  Prints each run, then the medians and
the ratio of the second commit's to the first's::

    python benchmarks/install.py --base f4b39a6 --head HEAD --runs 3
    python benchmarks/install.py --cases editable --runs 1 --warmup 0

Figures to read, not to assert.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CASES = ("editable", "nocc", "nocompile", "uv", "wheel")


def checkout(commit: str, folder: Path) -> Path:
    """The tree of ``commit`` written into ``folder``."""
    folder.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", commit], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def timed(command: Sequence[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Runs ``command``; its wall and CPU seconds (the CPU of all its processes)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"install.py: {' '.join(command)} failed in {cwd}:\n{done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def install(case: str, tree: Path, scratch: Path) -> tuple[float, float, str]:
    """One timed install of ``tree``: wall, CPU, and how its Pyramid core runs."""
    env = {k: v for k, v in os.environ.items() if k not in ("PRINTPLAY_PURE", "CC")}
    if case == "nocc":
        env["CC"] = "/bin/false"
    shutil.rmtree(tree / "build", ignore_errors=True)
    for built in tree.glob("printplay/**/*.so"):  # an earlier run's extensions
        built.unlink()
    if case == "wheel":
        out = scratch / "dist"
        wall, cpu = timed([sys.executable, "-m", "build", "--wheel", "-o", str(out)], tree, env)
        shutil.rmtree(out)
        return wall, cpu, "-"
    venv = scratch / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    pip = [python, "-m", "pip", "install", "-q"]
    if case == "uv":
        pip_wall, pip_cpu = timed([*pip, "uv"], tree, env)
        uv = [str(venv / "bin" / "uv"), "pip", "install", "-q", "--python", python]
        uv_wall, uv_cpu = timed([*uv, "-e", ".[test]"], tree, env)
        wall, cpu = pip_wall + uv_wall, pip_cpu + uv_cpu
    else:
        flags = ["--no-compile"] if case == "nocompile" else []
        wall, cpu = timed([*pip, *flags, "-e", ".[test]"], tree, env)
    core = subprocess.run(
        [str(venv / "bin" / "python"), "-c", PROBE], capture_output=True, text=True, cwd=scratch
    ).stdout.strip()
    shutil.rmtree(venv)
    return wall, cpu, core


PROBE = """
import importlib
from printplay.solve import compiled
try:  # one module before the core was split (f4b39a6), its search module after
    core = importlib.import_module("printplay.solve.pyramid_core")
except ImportError:
    core = importlib.import_module("printplay.solve.pyramid_search")
print(compiled.native(core) is not core)
"""
"""Whether the install runs the compiled core, asked the same way of either commit."""


def main(argv: Sequence[str] | None = None) -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", default="f4b39a6", help="the first commit")
    parser.add_argument("--head", default="HEAD", help="the second commit")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=1, help="untimed rounds first")
    parser.add_argument("--cases", nargs="*", choices=CASES, default=list(CASES))
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="printplay-install-") as temp:
        root = Path(temp)
        trees = {c: checkout(c, root / f"tree-{i}") for i, c in enumerate((args.base, args.head))}
        times: dict[tuple[str, str], list[tuple[float, float]]] = {}
        print(f"load average at the start: {os.getloadavg()}", flush=True)
        for run in range(-args.warmup, args.runs):
            order = list(trees) if run % 2 == 0 else list(reversed(trees))
            for case in args.cases:
                for commit in order:
                    wall, cpu, core = install(case, trees[commit], root / "scratch")
                    label = "warm-up" if run < 0 else f"run {run + 1}"
                    print(
                        f"{label}  {case:8}  {commit:10}  wall {wall:6.1f} s  "
                        f"CPU {cpu:6.1f} s  compiled core: {core}  "
                        f"load {os.getloadavg()[0]:.1f}",
                        flush=True,
                    )
                    if run >= 0:
                        times.setdefault((case, commit), []).append((wall, cpu))
        print(f"load average at the end: {os.getloadavg()}")
    print(f"\nmedians of {args.runs} runs  (ratio = {args.head} / {args.base})")
    for case in args.cases:
        walls = {c: statistics.median(w for w, _ in times[case, c]) for c in trees}
        cpus = {c: statistics.median(u for _, u in times[case, c]) for c in trees}
        print(
            f"{case:8}  {args.base}: wall {walls[args.base]:.1f} s, CPU {cpus[args.base]:.1f} s"
            f"   {args.head}: wall {walls[args.head]:.1f} s, CPU {cpus[args.head]:.1f} s"
            f"   ratio wall {walls[args.head] / walls[args.base]:.2f}, "
            f"CPU {cpus[args.head] / cpus[args.base]:.2f}"
        )


if __name__ == "__main__":
    main()
