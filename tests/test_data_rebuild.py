"""``printplay data rebuild …``: tiny rebuilds into a temporary folder, read back by the
loaders, with their provenance; bad input refused on one line; the shipped data untouched."""

from __future__ import annotations

import dataclasses
import inspect
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from printplay import __version__
from printplay.analysis import winrates
from printplay.analysis.poker_edge import house_edge
from printplay.analysis.poker_edge_file import (
    EDGE_FILES,
    STORED_ROUNDS,
    STORED_SEED,
    edge_command,
    read_edge,
)
from printplay.builders.poker_rulebook import house_edge_rows
from printplay.cli import data_verb as cli_data
from printplay.cli import poker_rebuild
from printplay.cli.app import main
from printplay.core.errors import DataError
from printplay.core.provenance import shipped_data_dir
from printplay.games import REGISTRY
from printplay.games.poker import strategy_build
from printplay.games.poker.strategy_build import DEFAULT_SAMPLES, DEFAULT_SEED, compute_cell
from printplay.games.poker.strategy_data import (
    DATA_FILE,
    StrategyCell,
    StrategyTable,
    load_strategy,
    read_strategy,
)

DATE = re.compile(r"^\d{4}-\d\d-\d\d$")
Progress = Callable[[int, int], None] | None


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def shipped() -> dict[str, bytes]:
    """The shipped data files' bytes, to check that no rebuild here touches them."""
    return {path.name: path.read_bytes() for path in shipped_data_dir().glob("*.json")}


def untouched(before: dict[str, bytes]) -> bool:
    now = {path.name: path.read_bytes() for path in shipped_data_dir().glob("*.json")}
    return now == before


def provenance_of(path: Path) -> dict[str, object]:
    found = json.loads(path.read_text(encoding="utf-8"))["provenance"]
    assert isinstance(found, dict)
    assert found["printplay"] == __version__ and DATE.match(str(found["date"]))
    assert isinstance(found["run_seconds"], int)
    return found


def test_win_rates_rebuilt_and_read_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shipped: dict[str, bytes]
) -> None:
    status, out, err = run(
        capsys, "data", "rebuild", "winrates", "tripeaks", "--deals", "4", "--jobs", "1",
        "--data-dir", str(tmp_path),
    )  # fmt: skip
    assert status == 0 and err.strip() == ""  # a progress bar only
    path = tmp_path / "win-rates-tripeaks.json"
    assert out.splitlines()[-1] == str(path)
    rates = winrates.load("tripeaks", data_dir=tmp_path)
    assert rates is not None
    assert [rate.options for rate in rates] == [tuple(s) for s in REGISTRY["tripeaks"].win_rates]
    assert all(rate.deals == 4 and rate.first == 1 for rate in rates)
    assert all(rate.won + rate.lost + rate.unknown == 4 and rate.unknown == 0 for rate in rates)
    rows = winrates.rulebook_rows("tripeaks", data_dir=tmp_path)
    assert len(rows) == len(rates) and all(row["last"] == 4 for row in rows)
    found = provenance_of(path)
    assert found["command"] == "printplay data rebuild winrates tripeaks --deals 4"
    settings = found["settings"]
    assert isinstance(settings, dict)
    assert settings["deals"] == [1, 4] and settings["max_seconds"] is None
    assert settings["jobs"] == 1 and len(settings["option_sets"]) == len(rates)
    assert json.loads(path.read_text())["command"] == found["command"]
    assert untouched(shipped)


def test_a_time_per_deal_is_stored_as_the_budget(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(
        capsys, "data", "rebuild", "winrates", "ricochet", "--deals", "2", "--jobs", "1",
        "--max-seconds", "5", "--data-dir", str(tmp_path),
    )  # fmt: skip
    assert status == 0 and err.strip() == ""  # a progress bar only
    data = json.loads((tmp_path / "win-rates-ricochet.json").read_text())
    assert data["budget_seconds"] == 5.0 and data["provenance"]["settings"]["max_seconds"] == 5.0
    assert data["command"].endswith("--deals 2 --max-seconds 5")
    assert winrates.rulebook_rows("ricochet", data_dir=tmp_path)[0]["budget"] == "5 s"


def test_the_house_edge_rebuilt_and_read_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], shipped: dict[str, bytes]
) -> None:
    for flags in ([], ["--home-cap"]):
        status, out, err = run(
            capsys, "data", "rebuild", "edge", "--rounds", "40", "--seed", "5", "--jobs", "1",
            "--data-dir", str(tmp_path), *flags,
        )  # fmt: skip
        assert status == 0 and err.strip() == ""  # a progress bar only
        home_cap = bool(flags)
        path = tmp_path / EDGE_FILES[home_cap]
        assert out.splitlines()[-1] == str(path)
        stored = read_edge(home_cap, tmp_path)
        assert [row.players for row in stored.rows] == list(range(1, 8))
        assert stored.rounds == 40 and stored.command == edge_command(40, 5, home_cap=home_cap)
        three = house_edge(3, 40, seed=5, home_cap=home_cap)
        assert stored.rows[2].edge_ante.value == three.edge_ante.value
        assert stored.rows[2].edge_stake.low == three.edge_stake.low
        rows, command, rounds = house_edge_rows(home_cap, tmp_path)
        assert len(rows) == 7 and command == stored.command and rounds == 40
        found = provenance_of(path)
        cap = " --home-cap" if home_cap else ""
        assert found["command"] == f"printplay data rebuild edge --rounds 40 --seed 5{cap}"
        settings = found["settings"]
        assert isinstance(settings, dict)
        assert settings["rounds"] == 40 and settings["seed"] == 5
        assert settings["home_cap"] is home_cap and settings["players"] == list(range(1, 8))
    assert untouched(shipped)


def test_the_strategy_table_rebuilt_and_read_back(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    shipped: dict[str, bytes],
) -> None:
    """The whole table takes half a minute even at one sample a cell, so the rebuild here
    computes two rows (the others are left empty); the file, its provenance and reading it
    back are the same as for the whole table."""
    build = strategy_build.build_strategy
    rows = (0, 14)  # AA and AKo

    def two_rows(*, samples: int, seed: int, jobs: int, progress: Progress) -> StrategyTable:
        return build(samples=samples, seed=seed, jobs=jobs, rows=rows, progress=progress)

    monkeypatch.setattr(strategy_build, "build_strategy", two_rows)
    status, out, err = run(
        capsys, "data", "rebuild", "strategy", "--samples", "12", "--seed", "3", "--jobs", "1",
        "--data-dir", str(tmp_path),
    )  # fmt: skip
    assert status == 0 and err.strip() == ""  # a progress bar only
    path = tmp_path / DATA_FILE
    assert out.splitlines()[-1] == str(path)
    table = read_strategy(path)
    assert (table.samples, table.seed) == (12, 3)
    for row in rows:
        for column in (0, 8, 19):
            cell = compute_cell(row, column, samples=12, seed=3)
            assert table.cells[row][column] == StrategyCell(*cell.to_list())
    assert table.cells[1][0] == StrategyCell(0.0, 0.0, 0.0, 0.0, 0.0)
    found = provenance_of(path)
    assert found["command"] == "printplay data rebuild strategy --samples 12 --seed 3"
    assert found["settings"] == {"samples": 12, "seed": 3, "jobs": 1}
    assert untouched(shipped)


def test_the_lattices_rebuilt_are_the_shipped_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``data rebuild lattices`` lists TriPeaks' lattice again: the file it writes holds
    what the shipped one does, and what the solver reads is what listing it gives."""
    from printplay.solve import lattice_store, playdraw
    from printplay.solve.tripeaks_solver import SHIPPED_LATTICES

    shipped_bytes = (shipped_data_dir() / lattice_store.FILE).read_bytes()
    status, out, err = run(capsys, "data", "rebuild", "lattices", "--data-dir", str(tmp_path))
    assert status == 0 and err == ""
    path = tmp_path / lattice_store.FILE
    assert out.splitlines() == ["22,932 masks, 119,364 plays", str(path)]
    rebuilt = lattice_store.read_file(path)
    assert rebuilt == lattice_store.read(shipped_bytes)
    assert len(rebuilt) == len(SHIPPED_LATTICES) == 1
    for rules, mask, exposed in SHIPPED_LATTICES:
        key = playdraw.lattice_key(rules, mask, exposed)
        assert lattice_store.stored(key) == rebuilt[key] == playdraw.listed(rules, mask, exposed)
    assert (shipped_data_dir() / lattice_store.FILE).read_bytes() == shipped_bytes


def test_the_lattices_listed_are_those_the_games_declare(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Which lattices a rebuild lists is each game's declaration (``lattices``), not a
    game the command knows."""
    from printplay.solve import playdraw
    from printplay.solve.tripeaks_solver import SHIPPED_LATTICES

    tripeaks = REGISTRY["tripeaks"]
    assert tripeaks.lattices is not None
    assert playdraw.declared_lattices() == list(SHIPPED_LATTICES)
    monkeypatch.setitem(REGISTRY, "tripeaks", dataclasses.replace(tripeaks, lattices=None))
    assert playdraw.declared_lattices() == []
    wrong = dataclasses.replace(tripeaks, lattices="printplay.solve.tripeaks_solver:RULES")
    monkeypatch.setitem(REGISTRY, "tripeaks", wrong)
    status, out, err = run(capsys, "data", "rebuild", "lattices", "--data-dir", str(tmp_path))
    assert status == 1 and out == "" and list(tmp_path.iterdir()) == []
    assert err.strip().count("\n") == 0 and "is not a tuple of (rules, mask, exposed)" in err


def test_a_lattice_file_that_cannot_be_read_is_passed_over(tmp_path: Path) -> None:
    """A missing, damaged or foreign lattice file gives no lattice (they are then listed),
    never an error."""
    import marshal
    import zlib

    from printplay.solve import lattice_store

    good = (shipped_data_dir() / lattice_store.FILE).read_bytes()
    cases = {
        "damaged": good[:1000] + bytes([good[1000] ^ 1]) + good[1001:],
        "cut short": good[: len(good) // 2],
        "not zlib": b"hello",
        "not marshal": zlib.compress(b"hello"),
        "other format": zlib.compress(marshal.dumps({"format": 99, "lattices": {}})),
        "no lattices": zlib.compress(marshal.dumps({"format": lattice_store.FORMAT})),
    }
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
        assert lattice_store.read_file(tmp_path / name) == {}, name
    assert lattice_store.read_file(tmp_path / "missing") == {}
    (tmp_path / "good").write_bytes(good)
    assert len(lattice_store.read_file(tmp_path / "good")) == 1


def test_the_defaults_are_the_shipped_files_settings() -> None:
    table = load_strategy()
    assert (table.samples, table.seed) == (DEFAULT_SAMPLES, DEFAULT_SEED)
    strategy = inspect.signature(poker_rebuild.strategy).parameters
    assert strategy["samples"].default == DEFAULT_SAMPLES and strategy["seed"].default == 1
    edge_help = " ".join(str(poker_rebuild.edge.__annotations__["rounds"]).split())
    for home_cap in (False, True):
        stored = read_edge(home_cap)
        assert stored.rounds == STORED_ROUNDS[home_cap]
        assert stored.command == edge_command(
            STORED_ROUNDS[home_cap], STORED_SEED, home_cap=home_cap
        )
        assert f"{STORED_ROUNDS[home_cap]:,}" in edge_help
    deals = inspect.signature(cli_data.winrates).parameters["deals"].default
    assert deals == winrates.STORED_DEALS
    for name in REGISTRY:
        data = winrates.stored(name)
        if data is not None:
            assert data["deals"] == [1, winrates.STORED_DEALS], name
            assert winrates.stored_budget(name) == data.get("budget_seconds"), name
    assert winrates.stored_budget("pyramid") == 10.0 and winrates.stored_budget("ricochet") is None


@pytest.mark.parametrize(
    ("argv", "status", "message"),
    [
        (["winrates", "ricochet-poker"], 1, "has no solver"),
        (["winrates", "no-such-game"], 1, "unknown game"),
        (["winrates", "tripeaks", "--deals", "0"], 2, "--deals"),
        (["winrates", "tripeaks", "--deals", "100000001"], 1, "one run takes at most 100,000,000"),
        (["winrates", "tripeaks", "--deals", str(10**30)], 1, "one run takes at most 100,000,000"),
        (["winrates", "tripeaks", "--max-seconds", "-1"], 2, "--max-seconds"),
        (["strategy", "--samples", "0"], 2, "--samples"),
        (["edge", "--rounds", "1"], 2, "--rounds"),
        (["edge", "--seed", "18446744073709551615"], 1, "go past the last deal"),
        (["winrates", "tripeaks", "--data-dir", "{missing}"], 1, "no such folder"),
        (["strategy", "--data-dir", "{file}"], 1, "no such folder"),
        (["edge", "--data-dir", "{missing}"], 1, "no such folder"),
        (["lattices", "--data-dir", "{file}"], 1, "no such folder"),
    ],
)
def test_bad_input_is_one_line_and_writes_nothing(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    shipped: dict[str, bytes],
    argv: list[str],
    status: int,
    message: str,
) -> None:
    (tmp_path / "a-file").write_text("")
    places = {"{missing}": str(tmp_path / "missing"), "{file}": str(tmp_path / "a-file")}
    args = [places.get(arg, arg) for arg in argv]
    if "--data-dir" not in args:
        args += ["--data-dir", str(tmp_path)]
    code, out, err = run(capsys, "data", "rebuild", *args)
    assert code == status and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err, err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a-file"]
    assert untouched(shipped)


def test_a_broken_data_file_is_one_error(tmp_path: Path) -> None:
    (tmp_path / EDGE_FILES[False]).write_text('{"command": "x", "results": [{"players": 1}]}')
    with pytest.raises(DataError, match="'rounds' is missing"):
        read_edge(False, tmp_path)
    (tmp_path / EDGE_FILES[True]).write_text("not json")
    with pytest.raises(DataError, match="not JSON"):
        read_edge(True, tmp_path)
    with pytest.raises(DataError, match="cannot read"):
        read_strategy(tmp_path / DATA_FILE)
