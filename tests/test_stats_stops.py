"""A real ``printplay stats`` process stopped mid-run: killed with SIGKILL, or Ctrl-C from
its terminal (SIGINT to its whole process group, workers included), on the local pool and
on a Dask LocalCluster.  The results file stays valid, the same command goes on where it
stopped, and every deal is in the file exactly once, with no gap."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

SCRIPT = [sys.executable, "-m", "printplay"]


def record_lines(path: Path) -> list[dict[str, object]]:
    """The complete records of a results file (a torn last line left out)."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")[1:-1]  # the header, and whatever follows the last newline
    return [json.loads(line) for line in lines]


def start(argv: list[str]) -> subprocess.Popen[str]:
    """``printplay`` in a session of its own, as from a terminal (Ctrl-C reaches the whole
    process group)."""
    return subprocess.Popen(
        [*SCRIPT, *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def wait_for_records(path: Path, process: subprocess.Popen[str], count: int = 1) -> None:
    """Until the file holds ``count`` records (at most a minute)."""
    for _ in range(600):
        if len(record_lines(path)) >= count:
            return
        assert process.poll() is None, process.communicate()
        time.sleep(0.1)
    raise AssertionError("no records appeared")


def end_group(process: subprocess.Popen[str]) -> None:
    """Kill what is left of the process group this test started (workers a SIGKILL of
    their parent left behind)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)


def resume(results: Path, deals: str, *extra: str) -> dict[str, object]:
    done = subprocess.run(
        [*SCRIPT, "stats", "tripeaks", "--deals", deals, "--results", str(results), "--json",
         *extra],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    data: dict[str, object] = json.loads(done.stdout)
    return data


def check_once(results: Path, first: int, last: int) -> None:
    """Every deal of first..last in the file exactly once (others may be there too)."""
    deals = [int(str(record["deal"])) for record in record_lines(results)]
    assert len(deals) == len(set(deals)), "a deal is in the file twice"
    assert set(range(first, last + 1)) <= set(deals)
    assert results.read_bytes().endswith(b"\n")


@pytest.mark.parametrize("executor", [["--jobs", "2"], ["--scheduler", "local:2"]])
def test_sigkill_loses_only_the_deals_in_flight(tmp_path: Path, executor: list[str]) -> None:
    results = tmp_path / "r.jsonl"
    process = start(["stats", "tripeaks", "--deals", "1..20000", "--results", str(results),
                     *executor])  # fmt: skip
    try:
        wait_for_records(results, process)
        os.kill(process.pid, signal.SIGKILL)
        process.communicate(timeout=60)
    finally:
        end_group(process)
    assert process.returncode == -signal.SIGKILL
    kept = record_lines(results)
    assert kept and len(kept) < 20000
    before = results.read_bytes()
    last = 400
    data = resume(results, f"1..{last}", "--jobs", "2")
    done_before = {record["deal"] for record in kept if int(str(record["deal"])) <= last}
    assert data["run"]["found"] == len(done_before)  # type: ignore[index]
    assert data["run"]["new"] == last - len(done_before)  # type: ignore[index]
    check_once(results, 1, last)
    whole = before[: before.rfind(b"\n") + 1]  # what the killed run wrote, a torn line cut
    assert results.read_bytes().startswith(whole)


@pytest.mark.parametrize("executor", [["--jobs", "2"], ["--scheduler", "local:2"]])
def test_ctrl_c_stops_cleanly_and_the_run_goes_on(tmp_path: Path, executor: list[str]) -> None:
    results = tmp_path / "r.jsonl"
    process = start(["stats", "tripeaks", "--deals", "1..20000", "--results", str(results),
                     *executor])  # fmt: skip
    try:
        wait_for_records(results, process)
        os.killpg(process.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
        out, err = process.communicate(timeout=120)
    finally:
        end_group(process)
    assert process.returncode == 130, err
    assert "Traceback" not in err and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 2, err
    assert "deals are kept in" in lines[0] and "run the same command to go on" in lines[0]
    assert lines[1] == "printplay: interrupted (Ctrl-C); nothing half-written was left behind"
    assert results.read_bytes().endswith(b"\n")  # stopped between writes: nothing torn
    kept = len(record_lines(results))
    assert f"{kept:,} of 20,000 deals are kept" in lines[0]
    data = resume(results, "1..300", *executor)
    check_once(results, 1, 300)
    assert data["solved"] == 300


def test_without_dask_the_scheduler_says_how_to_install_it(tmp_path: Path) -> None:
    """An environment where Dask cannot be imported (a package of that name that fails,
    ahead of the real one on the path)."""
    blocker = tmp_path / "blocked" / "distributed"
    blocker.mkdir(parents=True)
    (blocker / "__init__.py").write_text("raise ImportError('No module named distributed')\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "blocked")}
    results = tmp_path / "r.jsonl"
    done = subprocess.run(
        [*SCRIPT, "stats", "tripeaks", "--deals", "1..3", "--scheduler", "local:2",
         "--results", str(results)],
        capture_output=True, text=True, timeout=120, check=False, env=env,
    )  # fmt: skip
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "printplay: error: --scheduler needs Dask: pip install 'printplay[cluster]' "
        "(or: pip install 'dask[distributed]')"
    ]
    assert not results.exists()
    plain = subprocess.run(
        [*SCRIPT, "stats", "tripeaks", "--deals", "1..3", "--jobs", "1"],
        capture_output=True, text=True, timeout=120, check=False, env=env,
    )  # fmt: skip
    assert plain.returncode == 0, plain.stderr  # the local pool needs no Dask


def pool_workers(process: subprocess.Popen[str]) -> list[int]:
    """The worker processes of a command's local pool (its spawned children), once there."""
    psutil = pytest.importorskip("psutil")
    for _ in range(600):
        children = psutil.Process(process.pid).children()
        workers = [c.pid for c in children if "spawn_main" in " ".join(c.cmdline())]
        if len(workers) >= 2:
            return workers
        time.sleep(0.1)
    raise AssertionError("no workers appeared")


def test_a_worker_killed_on_the_local_pool_stops_the_run_in_one_line(tmp_path: Path) -> None:
    """A pool worker killed (by hand, or by the system out of memory) lost its chunk: the
    run used to wait for it forever.  It stops, saying so, with every record that came
    back kept whole; the same command goes on."""
    results = tmp_path / "r.jsonl"
    process = start(["stats", "tripeaks", "--deals", "1..20000", "--jobs", "2",
                     "--results", str(results)])  # fmt: skip
    try:
        wait_for_records(results, process)
        os.kill(pool_workers(process)[0], signal.SIGKILL)
        out, err = process.communicate(timeout=120)
    finally:
        end_group(process)
    assert process.returncode == 1 and out == ""
    kept = record_lines(results)
    assert kept and len(kept) < 20000 and results.read_bytes().endswith(b"\n")
    assert err.splitlines() == [
        "printplay: error: a worker process was killed by SIGKILL (out of memory?); the run "
        f"stopped; {len(kept):,} of 20,000 deals are kept in {results}; run the same command "
        "to go on"
    ]
    data = resume(results, "1..300", "--jobs", "2")
    check_once(results, 1, 300)
    assert data["solved"] == 300


def test_workers_end_quietly_when_the_command_is_killed(tmp_path: Path) -> None:
    """``kill -9`` of the command: its pool workers, orphaned, end by themselves and say
    nothing (they printed a broken pipe's traceback each, on the terminal of the run)."""
    results = tmp_path / "r.jsonl"
    process = start(["stats", "tripeaks", "--deals", "1..20000", "--jobs", "2",
                     "--results", str(results)])  # fmt: skip
    try:
        wait_for_records(results, process)
        workers = pool_workers(process)
        os.kill(process.pid, signal.SIGKILL)
        out, err = process.communicate(timeout=120)  # the end of the pipe: every worker gone
    finally:
        end_group(process)
    assert process.returncode == -signal.SIGKILL
    assert out == "" and err == ""
    psutil = pytest.importorskip("psutil")
    for pid in workers:  # gone, or a zombie that whoever adopted it has not reaped yet
        with contextlib.suppress(psutil.NoSuchProcess):
            assert psutil.Process(pid).status() == psutil.STATUS_ZOMBIE


def test_a_run_stopped_before_its_results_file_is_made_says_nothing_was_kept(
    tmp_path: Path,
) -> None:
    """Stopped while it reaches its scheduler (here a listener that never answers, so the
    moment is certain): no results file yet, and the command says so."""
    results = tmp_path / "r.jsonl"
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        listener.settimeout(120)
        address = f"tcp://127.0.0.1:{listener.getsockname()[1]}"
        process = start(["stats", "tripeaks", "--deals", "1..3", "--scheduler", address,
                         "--results", str(results)])  # fmt: skip
        try:
            connection, _ = listener.accept()  # the command is waiting for its greeting
            with connection:
                process.send_signal(signal.SIGTERM)
                out, err = process.communicate(timeout=60)
        finally:
            end_group(process)
    assert process.returncode == 128 + signal.SIGTERM and out == ""
    assert err.splitlines() == [
        f"printplay: nothing was kept: {results} was not made yet",
        "printplay: stopped by SIGTERM; nothing half-written was left behind",
    ]
    assert not results.exists()
