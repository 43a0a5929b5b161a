"""How often a deal can be won with perfect play: exact verdicts over numbered deals.

Each option set of a game (the standard game, each variant …) is solved over deals
``first`` … ``last`` by the game's exact solver; the share won comes with a 95% Wilson
interval.  The result is stored as computed data with its provenance in
``printplay/data/win-rates-<game>.json`` (:func:`rebuild_win_rates`) and printed by the
rulebooks::

    printplay data rebuild winrates ricochet --jobs 2
    printplay data rebuild winrates pyramid --deals 400 --max-seconds 3 --jobs 2

A game whose hardest deals take long to prove may be given a time per deal
(``--max-seconds``): deals not decided by then are counted apart, and the 95% range then
holds whatever they turn out to be (see :attr:`WinRate.interval`); the rulebook shows the
shares proved won, proved lost and undecided.

A game names the option sets worth a row in its registry entry's ``win_rates`` (a tuple of
option-text tuples).

>>> interval = wilson(998, 1500)
>>> round(interval[0], 4), round(interval[1], 4)
(0.6411, 0.6888)
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path

from printplay import __version__
from printplay.analysis.interval import Z95 as Z95
from printplay.analysis.interval import WinRate as WinRate
from printplay.analysis.interval import wilson as wilson
from printplay.analysis.results_file import seconds_text
from printplay.analysis.stats_deals import DealRange, checked_range
from printplay.analysis.stats_run import Executor, LocalPool, StatsPlan, StatsRun
from printplay.core import options as opts
from printplay.core.deal import SHUFFLE_NAME
from printplay.core.errors import DataError, GameError, OptionError
from printplay.core.jsontypes import JsonObject, JsonValue, array, obj, string, whole
from printplay.core.provenance import Provenance, data_path, writable_data_path, write_data_file
from printplay.core.textfile import read_text
from printplay.games import entry, make_solitaire

STORED_DEALS = 2000
"""Deals per option set of the shipped files (deals 1 to 2000)."""


def option_sets(game: str) -> tuple[tuple[str, ...], ...]:
    """The option sets ``game`` reports win rates for (the standard game by default)."""
    return entry(game).win_rates


def label(game: str, options: Sequence[str]) -> str:
    """A readable name for an option set: ``"standard game"`` or its options in words."""
    built = make_solitaire(game, options)
    return opts.describe(built.options) if opts.chosen(built.options) else "standard game"


def results_name(game: str, options: Sequence[str]) -> str:
    """The name of the results file of one option set in a rebuild's ``--results-dir``:
    ``win-rates-pyramid-standard.jsonl``, ``win-rates-tripeaks-jokers=1.jsonl``."""
    chosen = ",".join(options) or "standard"
    return f"win-rates-{entry(game).name}-{chosen}.jsonl"


def compute(
    game: str,
    sets: Sequence[Sequence[str]],
    *,
    first: int = 1,
    last: int = 2000,
    jobs: int = 1,
    max_seconds: float | None = None,
    progress: Callable[[int, int], None] | None = None,
    executor: Executor | None = None,
    results_dir: Path | None = None,
) -> list[WinRate]:
    """Solve deals ``first`` … ``last`` under each option set; verdicts in input order.
    With ``max_seconds``, a deal the solver has not decided in that time counts as
    unknown.

    Each option set is a ``printplay stats`` run (:class:`StatsRun`) on ``executor`` (by
    default the local pool of ``jobs`` processes); with ``results_dir``, each keeps its
    results file there (:func:`results_name`), so a stopped rebuild goes on where it
    stopped."""
    name = entry(game).name
    if not entry(name).is_solitaire:
        raise GameError(f"{name} has no solver")
    deals = DealRange(first, last)
    runner = executor if executor is not None else LocalPool(jobs)
    total = len(sets) * deals.count
    rates = []
    for index, option_set in enumerate(sets):
        path = results_dir / results_name(name, option_set) if results_dir is not None else None
        plan = StatsPlan(name, tuple(option_set), deals, max_seconds)
        with StatsRun(plan, path) as run:
            base = index * deals.count + run.found

            def report(done: int, _: int, base: int = base) -> None:
                if progress:
                    progress(base + done, total)

            summary = run.run(runner, report).summary
        counted = summary.win_rate()
        rates.append(
            WinRate(
                options=tuple(option_set),
                label=label(name, option_set),
                deals=deals.count,
                won=counted.won,
                lost=counted.lost,
                unknown=counted.unknown,
                first=first,
            )
        )
    return rates


def data_file(game: str) -> str:
    """The name of ``game``'s stored win rates in ``printplay/data``."""
    return f"win-rates-{entry(game).name}.json"


def rebuild_command(game: str, deals: int, max_seconds: float | None = None) -> str:
    """The command that rebuilds ``game``'s win rates over deals 1 to ``deals``."""
    budget = f" --max-seconds {seconds_text(max_seconds)}" if max_seconds is not None else ""
    return f"printplay data rebuild winrates {entry(game).name} --deals {deals}{budget}"


def to_json(
    game: str,
    rates: Sequence[WinRate],
    first: int,
    last: int,
    max_seconds: float | None = None,
    seconds: float | None = None,
    provenance: Provenance | None = None,
) -> JsonObject:
    """The stored form: the rows with their provenance (the budget per deal, if any, the
    wall-clock time the run took and, for a rebuilt file, what made it)."""
    name = entry(game).name
    command = rebuild_command(name, last, max_seconds)
    if first != 1:  # the command solves from deal 1
        command += f" (here from deal {first})"
    data: JsonObject = {
        "game": name,
        "what": "share of numbered deals that can be won with perfect play (exact solver)",
        "deals": [first, last],
        "shuffle": SHUFFLE_NAME,
        "interval": "95% Wilson score interval",
        "command": command,
        "budget_seconds": max_seconds,
        "run_seconds": round(seconds) if seconds is not None else None,
        "printplay": __version__,
        "rows": [asdict(rate) for rate in rates],
    }
    if provenance is not None:
        data["provenance"] = provenance.to_json()
    return data


def stored(game: str, data_dir: Path | None = None) -> JsonObject | None:
    """The stored win rates of ``game`` as the JSON file holds them, or ``None``
    (``data_dir``: where to look; by default the shipped data)."""
    source = data_path(data_file(game), data_dir)
    if not source.is_file():
        return None
    try:
        data = json.loads(read_text(source, "win-rate file", error=DataError))
    except ValueError as error:
        raise DataError(f"the win-rate file {source} is not JSON: {error}") from None
    if not isinstance(data, dict):
        raise DataError(f"the win-rate file {source} holds no JSON object")
    return data


def load(game: str, data_dir: Path | None = None) -> list[WinRate] | None:
    """The stored win rates of ``game``, or ``None`` if none are stored."""
    data = stored(game, data_dir)
    return None if data is None else _rates(data)


def stored_budget(game: str) -> float | None:
    """The time per deal the shipped win rates of ``game`` were computed with (``None``:
    no limit, or none shipped): the default of a rebuild."""
    data = stored(game)
    budget = data.get("budget_seconds") if data is not None else None
    return float(budget) if isinstance(budget, int | float) else None


def check_rebuild(
    game: str, deals: int, max_seconds: float | None, data_dir: Path | None = None
) -> Path:
    """The file :func:`rebuild_win_rates` would write, after checking its arguments (a game
    with a solver, at least one deal, a positive time per deal, a writable folder), so that
    a command can refuse them before it starts."""
    name = entry(game).name
    if not entry(name).is_solitaire:
        raise GameError(f"{name} has no solver: its win rates cannot be computed")
    checked_range(1, deals, f"--deals {deals}", advice="")  # the limits of a stats run
    if max_seconds is not None and not 0 < max_seconds < math.inf:
        raise OptionError(
            f"the time per deal must be a number of seconds above 0, not {max_seconds:g}"
        )
    return writable_data_path(data_file(name), data_dir)


def rebuild_win_rates(
    game: str,
    *,
    deals: int = STORED_DEALS,
    max_seconds: float | None = None,
    jobs: int = 1,
    data_dir: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    executor: Executor | None = None,
    scheduler: str | None = None,
    results_dir: Path | None = None,
) -> tuple[Path, list[WinRate]]:
    """Solve deals 1 to ``deals`` under each of ``game``'s option sets and write its
    win-rate file, with its provenance, in ``data_dir`` (by default over the shipped file);
    the path written and the rates.

    ``max_seconds`` is the time per deal (``None``: no limit); ``progress(done, total)`` is
    called as deals are decided.  The deals are solved by ``printplay stats``'s machinery
    (:func:`compute`): on ``executor`` (by default the local pool of ``jobs`` processes;
    ``scheduler`` names a Dask one in the provenance), keeping results files in
    ``results_dir`` if given.
    """
    name = entry(game).name
    path = check_rebuild(name, deals, max_seconds, data_dir)
    start = time.perf_counter()
    sets = option_sets(name)
    rates = compute(
        name,
        sets,
        first=1,
        last=deals,
        jobs=jobs,
        max_seconds=max_seconds,
        progress=progress,
        executor=executor,
        results_dir=results_dir,
    )
    seconds = time.perf_counter() - start
    settings: dict[str, JsonValue] = {
        "game": name,
        "deals": [1, deals],
        "max_seconds": max_seconds,
        "jobs": jobs,
        "scheduler": scheduler,
        "option_sets": [list(option_set) for option_set in sets],
    }
    provenance = Provenance(rebuild_command(name, deals, max_seconds), settings, seconds)
    data = to_json(name, rates, 1, deals, max_seconds, seconds, provenance)
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    return write_data_file(path, text), rates


def _rates(data: JsonObject) -> list[WinRate]:
    """The rows of stored win-rate data as :class:`WinRate` values (a :class:`DataError`
    saying what is wrong if they are malformed)."""
    try:
        rows = [obj(row, "a row") for row in array(data["rows"], "rows")]
        return [
            _rate(row, lambda: whole(array(data["deals"], "deals")[0], "deals")) for row in rows
        ]
    except (KeyError, IndexError, ValueError) as error:
        raise DataError(
            f"the stored win rates of {data.get('game')} are malformed: {error}"
        ) from None


def _rate(row: JsonObject, first: Callable[[], int]) -> WinRate:
    """One row of stored win rates; ``first`` the file's first deal, for a row that does
    not say its own."""
    return WinRate(
        options=tuple(string(option, "an option") for option in array(row["options"], "options")),
        label=string(row["label"], "label"),
        deals=whole(row["deals"], "deals"),
        won=whole(row["won"], "won"),
        lost=whole(row["lost"], "lost"),
        unknown=whole(row["unknown"], "unknown"),
        first=whole(row["first"], "first") if "first" in row else first(),
    )


def rulebook_rows(game: str, data_dir: Path | None = None) -> list[dict[str, object]]:
    """The stored win rates as a rulebook prints them (``templates/rulebook.j2``)."""
    rows = []
    data = stored(game, data_dir) or {"rows": []}
    budget = data.get("budget_seconds")
    for rate in _rates(data):
        low, high = rate.interval
        name = rate.label[:1].upper() + rate.label[1:]
        span = f"{100 * low:.1f}–{100 * high:.1f}%"
        rows.append(
            {
                "row": [name, f"{100 * rate.rate:.1f}%", span, f"{rate.won + rate.lost:,}"],
                "row_undecided": [
                    name,
                    f"{100 * rate.share(rate.won):.1f}%",
                    f"{100 * rate.share(rate.lost):.1f}%",
                    f"{100 * rate.share(rate.unknown):.1f}%",
                    span,
                ],
                "first": rate.first,
                "last": rate.first + rate.deals - 1,
                "unknown": rate.unknown,
                "budget": f"{budget:g} s" if budget else "a few seconds",
                "options": list(rate.options),
            }
        )
    return rows
