"""``printplay stats GAME --deals A..B``: how often a solitaire can be won, over many deals,
on this machine or a Dask cluster.

Every deal is solved exactly; each record is appended to the results file (``--results``)
as it arrives, so the same command run again goes on where a stopped run left off.  The
summary (won, lost, undecided, the share won with its 95% range, times, positions, line
lengths) is printed in words or as JSON, and ``-o report.pdf`` draws it on one page.
"""

from __future__ import annotations

import contextlib
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from printplay.cli.common import (
    Paper,
    Stopped,
    output_file,
    print_json,
    print_path,
    progress_bar,
    seconds_budget,
    stderr,
    stdout,
)
from printplay.cli.option_types import JsonOpt, OptionsOpt, PaperOpt
from printplay.core.errors import OptionError, PrintplayError
from printplay.games import REGISTRY, game_name

if TYPE_CHECKING:
    from printplay.analysis.stats_run import Executor, RunReport, StatsRun

DealsOpt = Annotated[
    str,
    typer.Option(
        "--deals",
        help="The numbered deals to solve, A..B (both included), as 1..2000.",
        show_default=False,
    ),
]
SchedulerOpt = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        help="Run on Dask: local:N starts N worker processes here; tcp://HOST:PORT uses a "
        "running cluster (see docs/scale.md). Without it, the local process pool.",
        show_default=False,
    ),
]
ResultsOpt = Annotated[
    Path | None,
    typer.Option(
        "--results",
        help="The JSON Lines file each deal's record is appended to. Run the same command "
        "again and it skips the deals already there.",
        show_default=False,
        parser=output_file,
    ),
]


def _known_game(value: str | None) -> str | None:
    """Name an unknown game before any missing option."""
    if value is not None:
        game_name(value)
    return value


def _command(
    game: str,
    deals: str,
    options: tuple[str, ...],
    max_seconds: float | None,
    results: Path | None,
    grade: bool = False,
) -> str:
    """The command that makes (or goes on with) this run, for the report."""
    from printplay.analysis.results_file import seconds_text

    words = ["printplay", "stats", game, "--deals", deals]
    if options:
        words += ["--option", ",".join(options)]
    if grade:
        words.append("--grade")
    if max_seconds is not None:
        words += ["--max-seconds", seconds_text(max_seconds)]
    if results is not None:
        words += ["--results", str(results)]
    return shlex.join(words)


@contextlib.contextmanager
def _executor(jobs: int | None, scheduler: str | None) -> Iterator[Executor]:
    """The local pool, or the Dask cluster of ``--scheduler`` for the time of the block."""
    from printplay.analysis.stats_run import LocalPool
    from printplay.core.cluster import DaskMap, parse_scheduler
    from printplay.core.parallel import cpu_count

    if scheduler is None:
        yield LocalPool(jobs if jobs is not None else cpu_count())
        return
    with DaskMap(parse_scheduler(scheduler)) as dask_map:
        yield dask_map


def stats(
    game: Annotated[
        str,
        typer.Argument(
            help=f"The solitaire: {', '.join(n for n, e in REGISTRY.items() if e.is_solitaire)}.",
            show_default=False,
            callback=_known_game,
            is_eager=True,
        ),
    ],
    deals: DealsOpt,
    option: OptionsOpt = None,
    grade: Annotated[
        bool,
        typer.Option(
            "--grade",
            help="Grade each deal too (easy … expert, as solve --grade does): the levels are "
            "counted and charted. Slower: each winnable deal plays 200 random games.",
        ),
    ] = False,
    max_seconds: Annotated[
        float | None,
        typer.Option(
            "--max-seconds",
            help="Time per deal; a deal not decided by then counts as undecided (and widens "
            "the range). Default: no limit.",
            show_default=False,
            parser=seconds_budget(),
        ),
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            help="Local processes (default: one a processor).",
            show_default=False,
            min=1,
        ),
    ] = None,
    scheduler: SchedulerOpt = None,
    results: ResultsOpt = None,
    as_json: JsonOpt = False,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Write a one-page PDF report with charts.",
            show_default=False,
            parser=output_file,
        ),
    ] = None,
    paper: PaperOpt = Paper.a4,
) -> None:
    """How often a solitaire can be won: solve numbered deals exactly and sum them up.

    Each deal's record is appended to --results as it arrives; run the same command again
    to go on after a stop (Ctrl-C, a crash, a power cut). Prints won, lost, undecided, the
    share won with its 95% range, times and line lengths (--json: as JSON); -o writes a
    one-page report.
    """
    from printplay.analysis.stats_deals import parse_deals
    from printplay.analysis.stats_run import StatsPlan, StatsRun
    from printplay.core.cluster import parse_scheduler, require_dask
    from printplay.core.outfile import check_writable, refuse_input_as_output

    if jobs is not None and scheduler is not None:
        raise OptionError("give --jobs or --scheduler, not both")
    if output is not None and results is not None:
        refuse_input_as_output(output, [("the --results file", results)])
    plan = StatsPlan(game, tuple(option or ()), parse_deals(deals), max_seconds, grade=grade)
    if scheduler is not None:
        parse_scheduler(scheduler)
        require_dask()
    if output is not None:
        check_writable(output)
    with StatsRun(plan, results) as run:
        command = _command(
            run.plan.game, str(plan.deals), run.plan.options, max_seconds, results, grade
        )
        if run.found:
            rest = f"solving the other {run.pending:,}" if run.pending else "nothing to solve"
            stderr.print(
                f"printplay: {run.found:,} of {plan.deals.count:,} deals are in {results} "
                f"already; {rest}",
                markup=False,
            )
        idle = (None, None) if not run.pending else (jobs, scheduler)  # nothing to start
        try:
            with _executor(*idle) as executor, progress_bar(rate="deals") as bar:
                task = bar.add_task(f"{run.plan.game} deals", total=run.pending)
                report = run.run(executor, lambda done, _: bar.update(task, completed=done))
        except Stopped:
            if results is not None:
                stderr.print(f"printplay: {_kept(run, results)}", markup=False)
            raise
        except PrintplayError as error:  # the cluster went away, the disk filled …
            if results is None or not run.done.count:
                raise
            raise type(error)(f"{error}; {_kept(run, results)}") from None
    if report.repaired:
        stderr.print(
            f"printplay: cut a torn last line off {results} (a deal in flight when a run "
            "stopped); it was solved again",
            markup=False,
        )
    _print_summary(run.title, report, as_json, results, scheduler, command)
    if output is not None:
        from printplay.makers.stats_report_maker import make_stats_report

        shown = Path(results.name) if results is not None else None  # no folders on paper
        made_by = _command(
            run.plan.game, str(plan.deals), run.plan.options, max_seconds, shown, grade
        )
        print_path(make_stats_report(report, run.title, made_by, output, paper=paper.value))


def _kept(run: StatsRun, results: Path) -> str:
    """What a stopped run leaves: ``"1,200 of 20,000 deals are kept in r.jsonl; …"``, or
    nothing at all when it stopped before it made the file."""
    if not results.exists():
        return f"nothing was kept: {results} was not made yet"
    return (
        f"{run.done.count:,} of {run.plan.deals.count:,} deals are kept in {results}; run the "
        "same command to go on"
    )


def _print_summary(
    title: str,
    report: RunReport,
    as_json: bool,
    results: Path | None,
    scheduler: str | None,
    command: str,
) -> None:
    """The summary on stdout, in words or as one JSON object."""
    from printplay.analysis.stats_summary import duration, summary_lines

    where = scheduler or f"{report.workers} local process{'es' if report.workers != 1 else ''}"
    if as_json:
        data = report.summary.to_json()
        data["run"] = {
            "command": command,
            "found": report.found,
            "new": report.new,
            "seconds": round(report.seconds, 3),
            "deals_per_second": round(report.rate, 1),
            "on": where,
            "workers": report.workers,
            "results": str(results) if results is not None else None,
            "repaired": report.repaired,
        }
        print_json(data)
        return
    for line in summary_lines(report.summary, title):
        stdout.print(line, markup=False)
    if report.new:
        stdout.print(
            f"this run: {report.new:,} deals in {duration(report.seconds)} "
            f"({report.rate:,.1f} a second) on {where}",
            markup=False,
        )
    if results is not None:
        print_path(results)


__all__ = ["stats"]
