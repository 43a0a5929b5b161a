"""How often a deal can be won with perfect play: exact verdicts over numbered deals.

Each option set of a game (the standard game, each variant …) is solved over deals
``first`` … ``last`` by the game's exact solver; the share won comes with a 95% Wilson
interval.  The result is stored as computed data with its provenance in
``printplay/data/win-rates-<game>.json`` and printed by the rulebooks::

    python -m printplay.analysis.winrates ricochet --jobs 2
    python -m printplay.analysis.winrates pyramid --last 400 --max-seconds 3 --jobs 2

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

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from printplay import __version__
from printplay import options as opts
from printplay.deal import SHUFFLE_NAME, numbered_deal
from printplay.errors import GameError
from printplay.games import entry, make_solitaire, solver_for
from printplay.parallel import parallel_map
from printplay.verdicts import Budget

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
    state = game.initial_state(numbered_deal(game.deck(), seed))
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
) -> list[WinRate]:
    """Solve deals ``first`` … ``last`` under each option set; verdicts in input order.
    With ``max_seconds``, a deal the solver has not decided in that time counts as
    unknown."""
    name = entry(game).name
    if not entry(name).is_solitaire:
        raise GameError(f"{name} has no solver")
    work = [(name, tuple(s), seed, max_seconds) for s in sets for seed in range(first, last + 1)]
    total = len(work)
    verdicts = list(
        parallel_map(
            _solve_one,
            work,
            jobs=jobs,
            chunksize=8,
            progress=(lambda done: progress(done, total)) if progress else None,
        )
    )
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


def data_file(game: str) -> str:
    """The name of ``game``'s stored win rates in ``printplay/data``."""
    return f"win-rates-{entry(game).name}.json"


def to_json(
    game: str,
    rates: Sequence[WinRate],
    first: int,
    last: int,
    max_seconds: float | None = None,
    seconds: float | None = None,
) -> dict[str, Any]:
    """The stored form: the rows with their provenance (the budget per deal, if any, and
    the wall-clock time the run took)."""
    name = entry(game).name
    budget = f" --max-seconds {max_seconds:g}" if max_seconds is not None else ""
    return {
        "game": name,
        "what": "share of numbered deals that can be won with perfect play (exact solver)",
        "deals": [first, last],
        "shuffle": SHUFFLE_NAME,
        "interval": "95% Wilson score interval",
        "command": f"python -m printplay.analysis.winrates {name} --first {first} --last {last}"
        + budget,
        "budget_seconds": max_seconds,
        "run_seconds": round(seconds) if seconds is not None else None,
        "printplay": __version__,
        "rows": [asdict(rate) for rate in rates],
    }


def stored(game: str) -> dict[str, Any] | None:
    """The stored win rates of ``game`` as the JSON file holds them, or ``None``."""
    source = resources.files("printplay") / "data" / data_file(game)
    if not source.is_file():
        return None
    data: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    return data


def load(game: str) -> list[WinRate] | None:
    """The stored win rates of ``game``, or ``None`` if none are stored."""
    data = stored(game)
    return None if data is None else _rates(data)


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


def rulebook_rows(game: str) -> list[dict[str, Any]]:
    """The stored win rates as a rulebook prints them (``templates/rulebook.j2``)."""
    rows = []
    data = stored(game) or {"rows": []}
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


def main(argv: Sequence[str] | None = None) -> int:
    """Compute and store a game's win rates (``python -m printplay.analysis.winrates``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--output", type=Path, default=None)
    parser.add_argument(
        "--max-seconds",
        type=float,
        default=None,
        help="time per deal; a deal not decided by then counts as unknown",
    )
    args = parser.parse_args(argv)
    name = entry(args.game).name
    start = time.perf_counter()

    def report(done: int, total: int) -> None:
        if done % 500 == 0 or done == total:
            print(f"\r{done}/{total} deals", end="", file=sys.stderr, flush=True)

    rates = compute(
        name,
        option_sets(name),
        first=args.first,
        last=args.last,
        jobs=args.jobs,
        max_seconds=args.max_seconds,
        progress=report,
    )
    print(file=sys.stderr)
    path = args.output or Path(str(resources.files("printplay") / "data" / data_file(name)))
    path.write_text(
        json.dumps(
            to_json(
                name,
                rates,
                args.first,
                args.last,
                args.max_seconds,
                time.perf_counter() - start,
            ),
            indent=1,
            ensure_ascii=False,
        )
        + "\n",
        encoding="utf-8",
    )
    for rate in rates:
        counts = f"{rate.won}/{rate.won + rate.lost + rate.unknown}"
        print(f"{rate.label:<40} {counts:>11}  {rate.percent()}")
    print(f"{time.perf_counter() - start:.0f} s; written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
