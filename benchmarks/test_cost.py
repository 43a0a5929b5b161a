"""What the test suite costs: processor time per file and per test, and the two tiers.

Runs pytest with the arguments after ``--`` (default: the README's command, ``-n auto``)
and this module loaded as a pytest plugin in the controller and in every xdist worker. The
plugin records, for every test, the processor time its setup, call and teardown took in the
worker (``time.process_time``) plus the processor time of the child processes the worker
reaped meanwhile (``RUSAGE_CHILDREN``: subprocess CLI calls, process pools, a local Dask
cluster). The script prints the whole command's processor time (user + system of pytest and
all its descendants) and wall clock, then the cost per file and the costliest tests, and how
much of it is marked ``slow`` (what ``-m "not slow"`` leaves out).

    python benchmarks/test_cost.py                           # the README's command
    python benchmarks/test_cost.py -- -n auto -m "not slow"  # the developer's tier
    python benchmarks/test_cost.py --top 60 -- -n 0 tests/test_kit.py
    python benchmarks/test_cost.py --report costs.jsonl      # print a saved run again
    python benchmarks/test_cost.py --report new.jsonl --against old.jsonl  # side by side

A session fixture's cost lands on the first test that asks for it. What no test accounts
for (interpreter start, imports, collection, xdist) is printed as overhead. The machine is
shared: the wall clock grows with other work, the processor time hardly does; figures to
read, not to assert. ``--against`` a run saved at another commit also prints the two side
by side: the whole commands, and like for like the tests present in both (by test id),
so that tests added since are not counted against the suite's old ones. Run it from the
checkout whose tests it measures, with that checkout's interpreter (``.venv/bin/python``).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Generator, Sequence
from pathlib import Path
from typing import Any

import pytest

RECORDS = "TEST_COST_RECORDS"
"""Environment variable: the folder where each pytest process writes its records."""


# --- The pytest plugin (loaded with ``-p test_cost``) ----------------------------------------


def _cpu() -> tuple[float, float]:
    """This process's processor seconds and its reaped children's."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time(), children.ru_utime + children.ru_stime


class _Recorder:
    """Per-test processor time of one pytest process, appended to a JSON-lines file."""

    def __init__(self, folder: Path) -> None:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        self.path = folder / f"{worker}-{os.getpid()}.jsonl"
        self.rows: list[dict[str, Any]] = []

    def record(self, item: Any, own: float, children: float, wall: float) -> None:
        self.rows.append(
            {
                "test": item.nodeid,
                "file": item.nodeid.split("::")[0],
                "slow": item.get_closest_marker("slow") is not None,
                "own": own,
                "children": children,
                "wall": wall,
            }
        )

    def flush(self) -> None:
        with self.path.open("a", encoding="utf-8") as out:
            for row in self.rows:
                out.write(json.dumps(row) + "\n")
        self.rows.clear()


_recorder: _Recorder | None = None


def pytest_configure(config: Any) -> None:
    """Start recording when the script set the records folder."""
    global _recorder
    folder = os.environ.get(RECORDS)
    if folder and _recorder is None:
        _recorder = _Recorder(Path(folder))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: Any, nextitem: Any) -> Generator[None, None, None]:
    """Time the whole protocol of one test: setup, call and teardown."""
    own, children = _cpu()
    start = time.perf_counter()
    yield
    if _recorder is not None:
        own_end, children_end = _cpu()
        _recorder.record(item, own_end - own, children_end - children, time.perf_counter() - start)


def pytest_sessionfinish(session: Any) -> None:
    """Write this process's records."""
    if _recorder is not None:
        _recorder.flush()


# --- The script --------------------------------------------------------------------------------


def run(pytest_args: Sequence[str], folder: Path) -> tuple[int, float, float]:
    """Run pytest with this plugin; its exit code, processor seconds and wall seconds."""
    env = dict(os.environ)
    env[RECORDS] = str(folder)
    here = str(Path(__file__).resolve().parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (here, env.get("PYTHONPATH", "")) if p)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    argv = [sys.executable, "-m", "pytest", "-p", "test_cost", "-p", "no:cacheprovider"]
    code = subprocess.run([*argv, *pytest_args], check=False, env=env).returncode
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return code, cpu, wall


def load(folder: Path) -> list[dict[str, Any]]:
    """Every record the pytest processes wrote into ``folder``."""
    rows = []
    for path in sorted(folder.glob("*.jsonl")):
        rows.extend(json.loads(line) for line in path.read_text(encoding="utf-8").splitlines())
    return rows


def report(rows: list[dict[str, Any]], total: float | None, wall: float | None, top: int) -> str:
    """The figures: totals, tiers, per file and the ``top`` costliest tests."""
    cost = {row["test"]: row["own"] + row["children"] for row in rows}
    tests = sum(cost.values())
    slow = sum(cost[row["test"]] for row in rows if row["slow"])
    lines = []
    if total is not None and wall is not None:
        lines.append(f"command: {total:.1f} s CPU (user+sys, all processes), {wall:.1f} s wall")
        lines.append(f"overhead (start, imports, collection, xdist): {total - tests:.1f} s CPU")
    lines.append(
        f"tests: {len(rows)}, {tests:.1f} s CPU; marked slow: "
        f"{sum(row['slow'] for row in rows)}, {slow:.1f} s; not slow: {tests - slow:.1f} s"
    )
    per_file: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for row in rows:
        entry = per_file[row["file"]]
        entry[0] += cost[row["test"]]
        entry[1] += cost[row["test"]] if row["slow"] else 0.0
        entry[2] += 1
    lines.append("\nCPU s  (slow)  tests  file")
    for name, (seconds, in_slow, count) in sorted(per_file.items(), key=lambda kv: -kv[1][0]):
        lines.append(f"{seconds:6.1f} {in_slow:6.1f} {int(count):6d}  {name}")
    lines.append(f"\nthe {top} costliest tests (CPU s, of which child processes; slow):")
    for row in sorted(rows, key=lambda r: -cost[r["test"]])[:top]:
        mark = " slow" if row["slow"] else ""
        lines.append(f"{cost[row['test']]:6.2f} {row['children']:6.2f}{mark:5}  {row['test']}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the suite (or read a saved run) and print what it cost."""
    args = list(sys.argv[1:] if argv is None else argv)
    pytest_args = ["-n", "auto"]
    if "--" in args:
        at = args.index("--")
        args, pytest_args = args[:at], args[at + 1 :]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=40, help="costliest tests to list")
    parser.add_argument("--save", type=Path, help="keep the per-test records in this file")
    parser.add_argument("--report", type=Path, help="print a saved run instead of running")
    parser.add_argument("--against", type=Path, help="a run saved elsewhere to compare with")
    options = parser.parse_args(args)
    if options.report:
        head, rows = load_file(options.report)
        print(f"pytest {head['args']} (exit {head['exit']})")
        print(report(rows, head["cpu"], head["wall"], options.top))
        if options.against:
            print(compare((head, rows), load_file(options.against)))
        return 0
    with tempfile.TemporaryDirectory(prefix="test-cost-") as folder:
        code, cpu, wall = run(pytest_args, Path(folder))
        rows = load(Path(folder))
    head = {"args": " ".join(pytest_args), "exit": code, "cpu": cpu, "wall": wall}
    if options.save:
        text = "".join(json.dumps(row) + "\n" for row in [head, *rows])
        options.save.write_text(text, encoding="utf-8")
    print(f"\npytest {head['args']} (exit {code})")
    print(report(rows, cpu, wall, options.top))
    if options.against:
        print(compare((head, rows), load_file(options.against)))
    return code


Run = tuple[dict[str, Any], list[dict[str, Any]]]


def compare(here: Run, there: Run) -> str:
    """Two runs side by side: the whole commands' CPU, and the tests both have (same id)."""
    (head, rows), (other_head, other_rows) = here, there
    cost = {row["test"]: row["own"] + row["children"] for row in rows}
    other = {row["test"]: row["own"] + row["children"] for row in other_rows}
    shared = cost.keys() & other.keys()
    mine, theirs = sum(cost[t] for t in shared), sum(other[t] for t in shared)
    only = sum(v for t, v in cost.items() if t not in other)
    cpu, other_cpu = head["cpu"], other_head["cpu"]
    lines = [
        f"\nagainst the saved run: whole command {cpu:.1f} / {other_cpu:.1f} s CPU"
        f" = {cpu / other_cpu:.2f}",
        f"tests in both ({len(shared)} of {len(cost)} here, {len(other)} there): "
        f"{mine:.1f} / {theirs:.1f} s CPU = {mine / theirs:.2f}",
        f"tests only here: {len(cost) - len(shared)}, {only:.1f} s CPU",
    ]
    return "\n".join(lines)


def load_file(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The command line and totals of a saved run (``--save``), and its records."""
    head, *rows = (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines())
    return head, rows


if __name__ == "__main__":
    raise SystemExit(main())
