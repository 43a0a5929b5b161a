"""Ricochet Poker's own data, rebuilt: ``printplay data rebuild strategy`` computes the casino
basic-strategy table (``casino_strategy.json``), ``… edge`` simulates the casino game's house
edge for every table size (``house-edge.json``, ``house-edge-home-cap.json``).  The game's
declaration names these commands (``rebuilds``); :mod:`printplay.cli.data_verb` adds them
under ``printplay data rebuild``.  Each long run shows a progress bar and stores in its
file what was run (:mod:`printplay.core.provenance`)."""

from __future__ import annotations

from typing import Annotated

import typer

from printplay.cli.common import (
    data_dir_checked,
    progress_bar,
    stdout,
)
from printplay.cli.option_types import DataDirOpt, JobsOpt


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

    folder = data_dir_checked(data_dir)
    check_rebuild(samples, folder)  # before the progress bar is drawn
    with progress_bar() as progress:
        task = progress.add_task("strategy rows", total=None)

        def report(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        path = rebuild_strategy_file(folder, samples=samples, seed=seed, jobs=jobs, progress=report)
    stdout.print(str(path), markup=False)


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
    from printplay.analysis.poker_edge_file import (
        STORED_ROUNDS,
        check_rebuild,
        read_edge,
        rebuild_edge_file,
    )

    folder = data_dir_checked(data_dir)
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


__all__ = ["edge", "strategy"]
