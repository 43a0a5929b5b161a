"""``printplay stats`` on a real Dask ``LocalCluster`` of two worker processes: the same
records as the local pool, deal for deal; a worker killed mid-run (by its pid) still
gives every deal once; a resumed run adds only what is missing; a scheduler nothing
answers at is one line."""

from __future__ import annotations

import contextlib
import http.server
import json
import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from printplay.analysis.stats_deals import DealRange
from printplay.analysis.stats_run import LocalPool, StatsPlan, StatsRun
from printplay.cli.app import main
from printplay.core.cluster import DaskMap, Scheduler


@pytest.fixture(scope="module", autouse=True)
def _distributed() -> None:
    """Skip the module without Dask's distributed; imported when its tests run, not when the
    suite is collected (each pytest-xdist worker collects every module)."""
    pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster() -> Iterator[DaskMap]:
    """A LocalCluster of two worker processes, one thread each."""
    with DaskMap(Scheduler(workers=2)) as dask_map:
        yield dask_map


def records(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]


def by_deal(path: Path) -> dict[object, tuple[object, ...]]:
    """Each deal's record without its time (which differs from run to run); a deal twice
    in the file fails here."""
    found = records(path)
    deals = [record["deal"] for record in found]
    assert len(deals) == len(set(deals)), "a deal is in the file twice"
    return {r["deal"]: (r["verdict"], r["moves"], r["states"]) for r in found}


def test_dask_gives_the_local_pool_records_deal_for_deal(cluster: DaskMap, tmp_path: Path) -> None:
    plan = StatsPlan("tripeaks", (), DealRange(1, 48), None, chunk=3)
    with StatsRun(plan, tmp_path / "pool.jsonl") as run:
        pool = run.run(LocalPool(2))
    with StatsRun(plan, tmp_path / "dask.jsonl") as run:
        dask = run.run(cluster)
    assert dask.workers == 2
    assert by_deal(tmp_path / "dask.jsonl") == by_deal(tmp_path / "pool.jsonl")
    assert sorted(by_deal(tmp_path / "dask.jsonl")) == list(range(1, 49))
    assert dask.summary.to_json()["interval"] == pool.summary.to_json()["interval"]


def test_a_worker_killed_mid_run_still_gives_every_deal_once(
    cluster: DaskMap, tmp_path: Path
) -> None:
    before = cluster.worker_pids()
    killed: list[int] = []

    def kill_one(done: int, total: int) -> None:
        if done and not killed:  # the first chunk is back: the others are in flight
            victim = next(iter(before.values()))
            os.kill(victim, signal.SIGKILL)
            killed.append(victim)

    plan = StatsPlan("tripeaks", (), DealRange(101, 220), None, chunk=4)
    with StatsRun(plan, tmp_path / "r.jsonl") as run:
        report = run.run(cluster, kill_one)
    assert killed and killed[0] not in cluster.worker_pids().values()  # it did die
    assert cluster.client is not None  # the new worker is set up as the first ones were
    cluster.client.wait_for_workers(2, timeout=120)
    import dask.config

    profiling = cluster.client.run(dask.config.get, "distributed.worker.profile.enabled")
    assert len(profiling) == 2 and not any(profiling.values())
    assert report.new == 120 and report.summary.done == 120
    got = by_deal(tmp_path / "r.jsonl")
    assert sorted(got) == list(range(101, 221))
    plan_local = StatsPlan("tripeaks", (), DealRange(101, 220), None)
    with StatsRun(plan_local, tmp_path / "local.jsonl") as run:
        run.run(LocalPool(1))
    assert got == by_deal(tmp_path / "local.jsonl")


def test_a_resumed_dask_run_adds_only_the_missing_deals(cluster: DaskMap, tmp_path: Path) -> None:
    results = tmp_path / "r.jsonl"
    with StatsRun(StatsPlan("tripeaks", (), DealRange(1, 20), None, chunk=2), results) as run:
        run.run(cluster)
    first = results.read_bytes()
    with StatsRun(StatsPlan("tripeaks", (), DealRange(1, 36), None, chunk=2), results) as run:
        assert run.found == 20 and run.pending == 16
        report = run.run(cluster)
    assert report.new == 16 and report.found == 20
    assert results.read_bytes().startswith(first)
    assert sorted(by_deal(results)) == list(range(1, 37))


def test_the_verb_on_a_local_cluster(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "r.jsonl"
    status = main(
        ["stats", "tripeaks", "--deals", "1..12", "--scheduler", "local:2",
         "--results", str(results), "--json"]
    )  # fmt: skip
    out, err = capsys.readouterr()
    assert status == 0, err
    data = json.loads(out)
    assert data["run"]["on"] == "local:2" and data["run"]["new"] == 12
    assert sorted(by_deal(results)) == list(range(1, 13))


def test_a_scheduler_nothing_answers_at_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    results = tmp_path / "r.jsonl"
    status = main(
        ["stats", "tripeaks", "--deals", "1..3", "--scheduler", f"tcp://127.0.0.1:{port}",
         "--results", str(results)]
    )  # fmt: skip
    _, err = capsys.readouterr()
    assert status == 1 and err.count("\n") == 1
    assert f"cannot reach the Dask scheduler at tcp://127.0.0.1:{port}" in err
    assert not results.exists()


def test_a_running_cluster_is_used_by_its_address(
    cluster: DaskMap, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cluster.client is not None
    address = cluster.client.scheduler.address
    assert address.startswith("tcp://")
    results = tmp_path / "r.jsonl"
    status = main(
        ["stats", "tripeaks", "--deals", "5..16", "--scheduler", address,
         "--results", str(results), "--json"]
    )  # fmt: skip
    out, err = capsys.readouterr()
    assert status == 0, err
    assert json.loads(out)["run"]["on"] == address
    assert sorted(by_deal(results)) == list(range(5, 17))
    assert cluster.worker_pids()  # the cluster is still there for others


SCRIPT = [sys.executable, "-m", "printplay"]


@contextlib.contextmanager
def listener(kind: str) -> Iterator[str]:
    """A server on 127.0.0.1 that is no Dask scheduler, for the time of the block: an HTTP
    server, a listener that accepts and never speaks, or one that greets with a banner."""
    if kind == "http":
        server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), http.server.BaseHTTPRequestHandler
        )
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"tcp://127.0.0.1:{server.server_address[1]}"
        finally:
            server.shutdown()
            server.server_close()
        return
    accepted: list[socket.socket] = []
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen(8)

        def serve() -> None:
            with contextlib.suppress(OSError):
                while True:
                    conn, _ = sock.accept()
                    accepted.append(conn)
                    if kind == "banner":
                        conn.sendall(b"SSH-2.0-OpenSSH_9.6\r\n")

        threading.Thread(target=serve, daemon=True).start()
        try:
            yield f"tcp://127.0.0.1:{sock.getsockname()[1]}"
        finally:
            for conn in accepted:
                conn.close()


@pytest.mark.parametrize(
    ("kind", "reply"),
    [("silent", "no answer within 5 s"), ("http", "no answer within 5 s"),
     ("banner", "unexpected reply")],
)  # fmt: skip
def test_a_server_that_is_no_scheduler_is_one_line(tmp_path: Path, kind: str, reply: str) -> None:
    """Dask's client waits for ever for the greeting of a listener that never speaks (an
    HTTP server waits to be asked), and reads anything else as a huge length (a
    MemoryError): the probe reads the greeting itself, within the promised 5 s."""
    results = tmp_path / "r.jsonl"
    with listener(kind) as address:
        done = subprocess.run(
            [*SCRIPT, "stats", "tripeaks", "--deals", "1..3", "--scheduler", address,
             "--results", str(results)],
            capture_output=True, text=True, timeout=90, check=False,
        )  # fmt: skip
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == f"printplay: error: {address}: not a Dask scheduler ({reply})\n"
    assert not results.exists()


def test_a_host_name_too_long_to_look_up_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """The helper thread that looks the name up printed its own traceback first."""
    status = main(
        ["stats", "tripeaks", "--deals", "1..3", "--scheduler", f"tcp://{'a' * 300}:8786"]
    )
    _, err = capsys.readouterr()
    assert status == 1 and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("printplay: error: cannot reach the Dask scheduler at tcp://aaa")
    assert err.endswith("…: label too long\n")


def test_a_local_cluster_that_cannot_start_is_one_line(tmp_path: Path) -> None:
    """A local cluster refused its scratch folder: 86 lines of traceback, now one."""
    env = {**os.environ, "DASK_TEMPORARY_DIRECTORY": "/dev/null/x"}
    done = subprocess.run(
        [*SCRIPT, "stats", "tripeaks", "--deals", "1..3", "--scheduler", "local:2"],
        capture_output=True, text=True, timeout=120, check=False, env=env,
        start_new_session=True,
    )  # fmt: skip
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == (
        "printplay: error: cannot start a local Dask cluster: Not a directory: '/dev/null/x'\n"
    )
