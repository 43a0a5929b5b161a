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
from contextlib import nullcontext
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from printplay import __version__
from printplay import options as opts
from printplay.deal import SHUFFLE_NAME
from printplay.errors import DataError, GameError, OptionError
from printplay.games import entry, make_solitaire, solver_for
from printplay.jsontypes import JsonValue
from printplay.parallel import parallel_map
from printplay.provenance import Provenance, data_path, writable_data_path, write_data_file
from printplay.verdicts import Budget

STORED_DEALS = 2000
"""Deals per option set of the shipped files (deals 1 to 2000)."""

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


def wilson(won: int, total: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``won`` successes in ``total`` trials."""
    if total <= 0:
        return 0.0, 1.0
    p = won / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class WinRate:
    """The verdicts of one option set over a range of deals."""

    options: tuple[str, ...]
    label: str
    deals: int
    won: int
    lost: int
    unknown: int
    first: int = 1
    """The first deal number of the range."""

    @property
    def rate(self) -> float:
        """The share of decided deals that can be won."""
        decided = self.won + self.lost
        return self.won / decided if decided else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% range of the share of all deals that can be won.

        With every deal decided, the Wilson interval of :attr:`rate`.  With some
        undecided, the range holds whatever they turn out to be: from the Wilson low of
        the deals proved winnable to the Wilson high of those plus the undecided.

        >>> WinRate((), "x", deals=100, won=60, lost=40, unknown=0).interval[0] > 0.5
        True
        >>> low, high = WinRate((), "x", deals=100, won=50, lost=30, unknown=20).interval
        >>> round(low, 3), round(high, 3)
        (0.404, 0.781)
        """
        if not self.unknown:
            return wilson(self.won, self.won + self.lost)
        total = self.won + self.lost + self.unknown
        return wilson(self.won, total)[0], wilson(self.won + self.unknown, total)[1]

    def share(self, count: int) -> float:
        """``count`` as a share of all the deals."""
        total = self.won + self.lost + self.unknown
        return count / total if total else 0.0

    def percent(self) -> str:
        """``"64.5% (62.3–66.6%)"``; with undecided deals, the proved shares and the range:
        ``"won 57.5%, lost 11.4%, undecided 31.2% (55.3–90.0%)"``."""
        low, high = self.interval
        span = f"({100 * low:.1f}–{100 * high:.1f}%)"
        if not self.unknown:
            return f"{100 * self.rate:.1f}% {span}"
        return (
            f"won {100 * self.share(self.won):.1f}%, lost {100 * self.share(self.lost):.1f}%, "
            f"undecided {100 * self.share(self.unknown):.1f}% {span}"
        )


def _solve_one(job: tuple[str, tuple[str, ...], int, float | None]) -> bool | None:
    name, options, seed, seconds = job
    game = make_solitaire(name, options)
    state = game.initial_state(game.numbered_deal(seed))
    budget = Budget(max_seconds=seconds) if seconds is not None else None
    return solver_for(game).solve(state, budget=budget).solvable


def option_sets(game: str) -> tuple[tuple[str, ...], ...]:
    """The option sets ``game`` reports win rates for (the standard game by default)."""
    return entry(game).win_rates


def label(game: str, options: Sequence[str]) -> str:
    """A readable name for an option set: ``"standard game"`` or its options in words."""
    built = make_solitaire(game, options)
    return opts.describe(built.options) if opts.chosen(built.options) else "standard game"


def compute(
    game: str,
    sets: Sequence[Sequence[str]],
    *,
    first: int = 1,
    last: int = 2000,
    jobs: int = 1,
    max_seconds: float | None = None,
    progress: Callable[[int, int], None] | None = None,
    keep: Path | None = None,
) -> list[WinRate]:
    """Solve deals ``first`` … ``last`` under each option set; verdicts in input order.
    With ``max_seconds``, a deal the solver has not decided in that time counts as
    unknown.  With ``keep``, a file of verdicts a line (see :func:`read_kept`): the deals
    decided there are not solved again, and each new verdict is added to it as it comes,
    so a run stopped half way, or one that left deals undecided, can be taken up again."""
    name = entry(game).name
    if not entry(name).is_solitaire:
        raise GameError(f"{name} has no solver")
    every = [(tuple(s), seed) for s in sets for seed in range(first, last + 1)]
    known = read_kept(keep, name) if keep is not None else {}
    work = [(name, s, seed, max_seconds) for s, seed in every if known.get((s, seed)) is None]
    total = len(work)
    with keep.open("a", encoding="utf-8") if keep is not None else nullcontext() as log:
        for (_name, s, seed, _seconds), verdict in zip(
            work,
            parallel_map(
                _solve_one,
                work,
                jobs=jobs,
                chunksize=8,
                progress=(lambda done: progress(done, total)) if progress else None,
            ),
            strict=True,
        ):
            known[(s, seed)] = verdict
            if log is not None:
                record = {"game": name, "options": list(s), "deal": seed, "won": verdict}
                log.write(json.dumps(record) + "\n")
                log.flush()
    verdicts = [known.get(item) for item in every]
    count = last - first + 1
    rates = []
    for index, option_set in enumerate(sets):
        chunk = verdicts[index * count : (index + 1) * count]
        rates.append(
            WinRate(
                options=tuple(option_set),
                label=label(name, option_set),
                deals=count,
                won=sum(v is True for v in chunk),
                lost=sum(v is False for v in chunk),
                unknown=sum(v is None for v in chunk),
                first=first,
            )
        )
    return rates


def read_kept(path: Path, game: str) -> dict[tuple[tuple[str, ...], int], bool | None]:
    """The verdicts a file of kept verdicts holds for ``game``: one JSON object a line,
    ``{"game": …, "options": […], "deal": N, "won": true | false | null}`` (a later line
    for the same deal wins; a missing file holds none)."""
    found: dict[tuple[tuple[str, ...], int], bool | None] = {}
    if not path.exists():
        return found
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            options = tuple(str(o) for o in record["options"])
            deal, won = int(record["deal"]), record["won"]
            if record["game"] != game:
                continue
        except (ValueError, KeyError, TypeError) as error:
            raise DataError(f"{path}, line {number}: not a kept verdict ({error})") from None
        if won not in (True, False, None):
            raise DataError(f"{path}, line {number}: won must be true, false or null")
        found[(options, deal)] = won
    return found


def data_file(game: str) -> str:
    """The name of ``game``'s stored win rates in ``printplay/data``."""
    return f"win-rates-{entry(game).name}.json"


def rebuild_command(game: str, deals: int, max_seconds: float | None = None) -> str:
    """The command that rebuilds ``game``'s win rates over deals 1 to ``deals``."""
    budget = f" --max-seconds {max_seconds:g}" if max_seconds is not None else ""
    return f"printplay data rebuild winrates {entry(game).name} --deals {deals}{budget}"


def to_json(
    game: str,
    rates: Sequence[WinRate],
    first: int,
    last: int,
    max_seconds: float | None = None,
    seconds: float | None = None,
    provenance: Provenance | None = None,
) -> dict[str, Any]:
    """The stored form: the rows with their provenance (the budget per deal, if any, the
    wall-clock time the run took and, for a rebuilt file, what made it)."""
    name = entry(game).name
    command = rebuild_command(name, last, max_seconds)
    if first != 1:  # the command solves from deal 1
        command += f" (here from deal {first})"
    data: dict[str, Any] = {
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


def stored(game: str, data_dir: Path | None = None) -> dict[str, Any] | None:
    """The stored win rates of ``game`` as the JSON file holds them, or ``None``
    (``data_dir``: where to look; by default the shipped data)."""
    source = data_path(data_file(game), data_dir)
    if not source.is_file():
        return None
    try:
        data: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    except ValueError as error:
        raise DataError(f"the win-rate file {source} is not JSON: {error}") from None
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
    if deals < 1:
        raise OptionError(f"solve at least one deal, not {deals}")
    if max_seconds is not None and not max_seconds > 0:
        raise OptionError(f"the time per deal must be more than 0 seconds, not {max_seconds:g}")
    return writable_data_path(data_file(name), data_dir)


def rebuild_win_rates(
    game: str,
    *,
    deals: int = STORED_DEALS,
    max_seconds: float | None = None,
    jobs: int = 1,
    data_dir: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    keep: Path | None = None,
) -> tuple[Path, list[WinRate]]:
    """Solve deals 1 to ``deals`` under each of ``game``'s option sets and write its
    win-rate file, with its provenance, in ``data_dir`` (by default over the shipped file);
    the path written and the rates.

    ``max_seconds`` is the time per deal (``None``: no limit); ``progress(done, total)`` is
    called as deals are decided; ``keep`` is a file of verdicts to take up (see
    :func:`compute`).
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
        keep=keep,
    )
    seconds = time.perf_counter() - start
    settings: dict[str, JsonValue] = {
        "game": name,
        "deals": [1, deals],
        "max_seconds": max_seconds,
        "jobs": jobs,
        "option_sets": [list(option_set) for option_set in sets],
        "kept_verdicts": keep is not None,
    }
    provenance = Provenance(rebuild_command(name, deals, max_seconds), settings, seconds)
    data = to_json(name, rates, 1, deals, max_seconds, seconds, provenance)
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    return write_data_file(path, text), rates


def _rates(data: dict[str, Any]) -> list[WinRate]:
    """The rows of stored win-rate data as :class:`WinRate` values."""
    return [
        WinRate(
            options=tuple(row["options"]),
            label=row["label"],
            deals=row["deals"],
            won=row["won"],
            lost=row["lost"],
            unknown=row["unknown"],
            first=row.get("first", data["deals"][0]),
        )
        for row in data["rows"]
    ]


def rulebook_rows(game: str, data_dir: Path | None = None) -> list[dict[str, Any]]:
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
