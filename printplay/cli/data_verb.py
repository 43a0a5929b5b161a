"""``printplay data …``: the computed data printplay ships, and the one way to rebuild it.

``printplay data rebuild winrates GAME`` solves numbered deals under each of a solitaire's
rule sets (``win-rates-GAME.json``), each rule set a ``printplay stats`` run (on the local
pool or, with ``--scheduler``, on Dask; resumable with ``--results-dir``); ``… lattices``
lists the lattices of played-card masks the solvers read instead of listing them
(``lattices.bin``, a quarter of a second), those each game's declaration names.  A game's
own data files have their own rebuild commands, which its declaration names
(``rebuilds``): Ricochet Poker's casino strategy and house edge.
Each long run shows a progress bar, and each stores in its file what was run
(:mod:`printplay.core.provenance`).  The defaults are the settings the shipped files
were made with; ``--data-dir`` writes elsewhere, leaving the shipped data alone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from printplay.cli.common import (
    command_named,
    data_dir_checked,
    progress_bar,
    seconds_budget,
    stdout,
)
from printplay.cli.option_types import DataDirOpt, JobsOpt
from printplay.core.errors import OutputError
from printplay.games import REGISTRY

data_app = typer.Typer(
    name="data",
    help="The computed data printplay ships (win rates, lattices of played-card masks, "
    "and the games' own tables).",
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
    folder = data_dir_checked(data_dir)
    runs = data_dir_checked(results_dir, "--results-dir")
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


for _game in REGISTRY.values():  # a game's own data: its declaration names the commands
    for _command in _game.rebuilds:
        rebuild_app.command()(command_named(_command))


@rebuild_app.command()
def lattices(data_dir: DataDirOpt = None) -> None:
    """List the lattices of played-card masks the solvers read instead of listing them
    (those each game's declaration names: TriPeaks' tableau from the start) and store
    them."""
    import time

    from printplay.core.outfile import bytes_writer, write_atomically
    from printplay.core.provenance import Provenance, writable_data_path
    from printplay.solve import lattice_store, playdraw

    path = writable_data_path(lattice_store.FILE, data_dir_checked(data_dir))
    began = time.monotonic()
    found: list[tuple[lattice_store.Key, lattice_store.Lists]] = []
    for rules, mask, exposed in playdraw.declared_lattices():
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


__all__ = ["data_app", "lattices", "rebuild_app", "winrates"]
