"""``printplay data …``: the computed data printplay ships, and the one way to rebuild it.

``printplay data rebuild winrates GAME`` solves numbered deals under each of a solitaire's
rule sets (``win-rates-GAME.json``), each rule set a ``printplay stats`` run (on the local
pool or, with ``--scheduler``, on Dask; resumable with ``--results-dir``); ``… strategy``
computes the casino basic-strategy table (``casino_strategy.json``); ``… edge`` simulates
the casino game's house edge for every table size (``house-edge.json``,
``house-edge-home-cap.json``); ``… lattices`` lists the lattices of played-card masks the
TriPeaks solver reads instead of listing them (``lattices.bin``, a quarter of a second).
Each long run shows a progress bar, and each stores in its file what was run
(:mod:`printplay.core.provenance`).  The defaults are the settings the shipped files
were made with; ``--data-dir`` writes elsewhere, leaving the shipped data alone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from printplay.cli.common import progress_bar, seconds_budget, stdout
from printplay.core.errors import OutputError

data_app = typer.Typer(
    name="data",
    help="The computed data printplay ships (win rates, casino strategy, house edge, "
    "lattices of played-card masks).",
    no_args_is_help=True,
    rich_markup_mode=None,
)
rebuild_app = typer.Typer(
    name="rebuild",
    help="Recompute a data file (the long ones with a progress bar) and store what was run in it.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
data_app.add_typer(rebuild_app, name="rebuild")

DataDirOpt = Annotated[
    Path | None,
    typer.Option(
        "--data-dir",
        help="Write the file in this folder instead of over the shipped data.",
        show_default=False,
    ),
]
JobsOpt = Annotated[int, typer.Option("--jobs", "-j", help="Processes.", min=1)]


def _data_dir(folder: Path | None, flag: str = "--data-dir") -> Path | None:
    """``--data-dir`` (or ``flag``), checked to be a folder."""
    if folder is not None and not folder.is_dir():
        raise OutputError(f"{flag} {folder}: no such folder")
    return folder


@rebuild_app.command()
def winrates(
    game: Annotated[
        str, typer.Argument(help="The solitaire whose win rates to compute.", show_default=False)
    ],
    deals: Annotated[
        int,
        typer.Option("--deals", help="Solve deals 1 to N under each rule set.", min=1),
    ] = 2000,
    max_seconds: Annotated[
        float | None,
        typer.Option(
            "--max-seconds",
            help="Time per deal; a deal not decided by then counts as undecided. 0: no "
            "limit. Default: the time the shipped file was made with, if any.",
            show_default=False,
            parser=seconds_budget(zero=True),
        ),
    ] = None,
    jobs: JobsOpt = 2,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler",
            help="Solve on Dask instead of --jobs local processes: local:N or tcp://HOST:PORT "
            "(as printplay stats).",
            show_default=False,
        ),
    ] = None,
    results_dir: Annotated[
        Path | None,
        typer.Option(
            "--results-dir",
            help="Keep each rule set's results file (JSON Lines, as printplay stats writes) "
            "in this folder: a stopped rebuild run again goes on where it stopped.",
            show_default=False,
        ),
    ] = None,
    data_dir: DataDirOpt = None,
) -> None:
    """Solve numbered deals under each rule set of a solitaire and store its win rates
    (each rule set a printplay stats run)."""
    import contextlib

    from printplay.analysis.winrates import check_rebuild, rebuild_win_rates, stored_budget
    from printplay.core.cluster import DaskMap, parse_scheduler, require_dask
    from printplay.games import entry

    name = entry(game).name
    budget = stored_budget(name) if max_seconds is None else (max_seconds or None)
    folder = _data_dir(data_dir)
    runs = _data_dir(results_dir, "--results-dir")
    check_rebuild(name, deals, budget, folder)  # before the progress bar is drawn
    where = parse_scheduler(scheduler) if scheduler is not None else None
    if where is not None:
        require_dask()
    with contextlib.ExitStack() as stack, progress_bar(rate="deals") as progress:
        executor = stack.enter_context(DaskMap(where)) if where is not None else None
        task = progress.add_task(f"{name} deals", total=None)

        def report(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        path, rates = rebuild_win_rates(
            name,
            deals=deals,
            max_seconds=budget,
            jobs=jobs,
            data_dir=folder,
            progress=report,
            executor=executor,
            scheduler=scheduler,
            results_dir=runs,
        )
    for rate in rates:
        counts = f"{rate.won}/{rate.won + rate.lost + rate.unknown}"
        stdout.print(f"{rate.label:<40} {counts:>11}  {rate.percent()}", markup=False)
    stdout.print(str(path), markup=False)


@rebuild_app.command()
def strategy(
    samples: Annotated[
        int,
        typer.Option(
            "--samples",
            help="Pairs of hands sampled for each cell (a multiple of 12 uses every hand of "
            "a class equally often).",
            min=1,
        ),
    ] = 480,
    seed: Annotated[int, typer.Option("--seed", "-s", help="The sampling seed.", min=1)] = 1,
    jobs: JobsOpt = 2,
    data_dir: DataDirOpt = None,
) -> None:
    """Compute the casino basic-strategy table (a few minutes on two processes)."""
    from printplay.games.poker.strategy_build import check_rebuild, rebuild_strategy_file

    folder = _data_dir(data_dir)
    check_rebuild(samples, folder)  # before the progress bar is drawn
    with progress_bar() as progress:
        task = progress.add_task("strategy rows", total=None)

        def report(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        path = rebuild_strategy_file(folder, samples=samples, seed=seed, jobs=jobs, progress=report)
    stdout.print(str(path), markup=False)


@rebuild_app.command()
def edge(
    rounds: Annotated[
        int | None,
        typer.Option(
            "--rounds",
            "-r",
            help="Rounds for each number of players, 1 to 7. Default: as the shipped files "
            "(4,000,000; 1,000,000 with --home-cap).",
            min=2,
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", "-s", help="The first deal of the simulation.", min=1)
    ] = 1,
    home_cap: Annotated[
        bool, typer.Option("--home-cap", help="The home game: bonuses capped at 10.")
    ] = False,
    jobs: JobsOpt = 2,
    data_dir: DataDirOpt = None,
) -> None:
    """Simulate the casino game's house edge under the basic strategy and store it."""
    from printplay.analysis.edge_file import (
        STORED_ROUNDS,
        check_rebuild,
        read_edge,
        rebuild_edge_file,
    )

    folder = _data_dir(data_dir)
    count = STORED_ROUNDS[home_cap] if rounds is None else rounds
    check_rebuild(home_cap, count, seed=seed, jobs=jobs, data_dir=folder)  # before the bar
    with progress_bar() as progress:
        tasks = {
            players: progress.add_task(f"{players} player{'s' if players > 1 else ''}", total=count)
            for players in range(1, 8)
        }

        def report(players: int, done: int, total: int) -> None:
            progress.update(tasks[players], completed=done)

        path = rebuild_edge_file(
            home_cap, rounds=count, seed=seed, jobs=jobs, data_dir=folder, progress=report
        )
    stored = read_edge(home_cap, folder)
    for row in stored.rows:
        stdout.print(
            f"{row.players} player{'s' if row.players > 1 else ' '}  edge per ante "
            f"{100 * row.edge_ante.value:.2f}% ({100 * row.edge_ante.low:.2f} to "
            f"{100 * row.edge_ante.high:.2f})",
            markup=False,
        )
    stdout.print(str(path), markup=False)


@rebuild_app.command()
def lattices(data_dir: DataDirOpt = None) -> None:
    """List the lattices of played-card masks the solvers read instead of listing them
    (TriPeaks' tableau from the start) and store them."""
    import time

    from printplay.core.outfile import bytes_writer, write_atomically
    from printplay.core.provenance import Provenance, writable_data_path
    from printplay.solve import lattice_store, playdraw
    from printplay.solve.tripeaks_solver import SHIPPED_LATTICES

    path = writable_data_path(lattice_store.FILE, _data_dir(data_dir))
    began = time.monotonic()
    found: list[tuple[lattice_store.Key, lattice_store.Lists]] = []
    for rules, mask, exposed in SHIPPED_LATTICES:
        lists = playdraw.listed(rules, mask, exposed)
        if lists is None:
            raise OutputError(f"a lattice has more than {playdraw.LATTICE_LIMIT:,} masks")
        found.append((playdraw.lattice_key(rules, mask, exposed), lists))
    made = Provenance("printplay data rebuild lattices", {}, time.monotonic() - began)
    data = lattice_store.encode_file(found, made.to_json())
    write_atomically(path, bytes_writer(data))
    for _, (masks, kids, _slots) in found:
        plays = sum(len(row) for row in kids)
        stdout.print(f"{len(masks):,} masks, {plays:,} plays", markup=False)
    stdout.print(str(path), markup=False)


__all__ = ["data_app", "edge", "lattices", "rebuild_app", "strategy", "winrates"]
