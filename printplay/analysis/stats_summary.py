"""What a statistics run says: won, lost, undecided, the share won with its 95% range,
the time and positions a deal took, the lengths of the winning lines and the levels.

The share won and its range are those of :class:`~printplay.analysis.interval.WinRate`
(undecided deals widen the range: it holds whatever they turn out to be).  Times and
positions are summed up by their mean and percentiles (nearest rank); line lengths and
levels are counted.

>>> summary = Summary("tripeaks", (), "standard game", DealRange(1, 4), None)
>>> for deal, verdict, moves in ((1, "won", 40), (2, "won", 44), (3, "lost", None)):
...     summary.add(DealRecord(deal, verdict, moves, states=100 * deal, seconds=0.01))
>>> summary.done, summary.missing, summary.win_rate().won
(3, 1, 2)
>>> summary.spread("states")["p50"]
200
"""

from __future__ import annotations

import math
from array import array
from collections import Counter
from typing import Literal

from printplay.analysis.interval import WinRate
from printplay.analysis.stats_deals import DealRange
from printplay.analysis.stats_records import DealRecord
from printplay.core.deal import SHUFFLE_NAME
from printplay.core.jsontypes import JsonObject, JsonValue

PERCENTILES = (50, 90, 99)
"""The percentiles reported of time and positions."""

LEVELS = ("easy", "medium", "hard", "expert")
"""The levels of a graded run, easiest first: they are listed in this order (any other
name after them, alphabetically)."""

INTERVAL_WORDS = "95% Wilson score interval of the share of all deals won; undecided deals widen it"
"""What the range is, as the JSON says."""


def percentile(ordered: list[float] | list[int], share: float) -> float | int:
    """The nearest-rank percentile ``share`` (0–100) of sorted values (0 when none).

    >>> percentile([1, 2, 3, 4], 50), percentile([1, 2, 3, 4], 99)
    (2, 4)
    """
    if not ordered:
        return 0
    rank = max(1, math.ceil(share / 100 * len(ordered)))
    return ordered[rank - 1]


class Summary:
    """The records of one game under one option set over a range of deals, summed up as
    they come (:meth:`add`); a deal outside the range is not counted."""

    def __init__(
        self,
        game: str,
        options: tuple[str, ...],
        label: str,
        deals: DealRange,
        max_seconds: float | None,
    ) -> None:
        self.game = game
        self.options = options
        self.label = label
        self.deals = deals
        self.max_seconds = max_seconds
        self.counts: Counter[str] = Counter()
        self.seconds = array("d")
        self.states = array("q")
        self.lengths: Counter[int] = Counter()
        self.levels: Counter[str] = Counter()

    def add(self, record: DealRecord) -> None:
        """Count ``record`` (if its deal is in the range)."""
        if record.deal not in self.deals:
            return
        self.counts[record.verdict] += 1
        self.seconds.append(record.seconds)
        self.states.append(record.states)
        if record.moves is not None:
            self.lengths[record.moves] += 1
        if record.level is not None:
            self.levels[record.level] += 1

    @property
    def done(self) -> int:
        """Deals of the range counted."""
        return len(self.seconds)

    @property
    def missing(self) -> int:
        """Deals of the range not counted (a run that was stopped)."""
        return self.deals.count - self.done

    def win_rate(self) -> WinRate:
        """The verdicts as a :class:`WinRate` (its share, range and wording)."""
        return WinRate(
            options=self.options,
            label=self.label,
            deals=self.done,
            won=self.counts["won"],
            lost=self.counts["lost"],
            unknown=self.counts["undecided"],
            first=self.deals.first,
        )

    def spread(self, what: Literal["seconds", "states"]) -> dict[str, float | int]:
        """The mean, the percentiles (``p50`` …) and the largest of the time or the
        positions a deal took."""
        values = self.seconds if what == "seconds" else self.states
        ordered = sorted(values)
        mean = sum(ordered) / len(ordered) if ordered else 0
        spread: dict[str, float | int] = {"mean": mean}
        for share in PERCENTILES:
            spread[f"p{share}"] = percentile(ordered, share)
        spread["max"] = ordered[-1] if ordered else 0
        if what == "seconds":
            return {key: round(value, 6) for key, value in spread.items()}
        return {key: round(value, 1) if key == "mean" else value for key, value in spread.items()}

    def line_lengths(self) -> list[tuple[int, int]]:
        """How many winning lines have each length, shortest first."""
        return sorted(self.lengths.items())

    def to_json(self) -> JsonObject:
        """The summary as ``printplay stats --json`` prints it (docs/json.md)."""
        rate = self.win_rate()
        low, high = rate.interval
        won = sum(self.lengths.values())
        mean_moves = sum(n * c for n, c in self.lengths.items()) / won if won else None
        histogram: list[JsonValue] = [[length, count] for length, count in self.line_lengths()]
        seconds: JsonObject = dict(self.spread("seconds"))
        states: JsonObject = dict(self.spread("states"))
        return {
            "game": self.game,
            "options": list(self.options),
            "label": self.label,
            "deals": [self.deals.first, self.deals.last],
            "shuffle": SHUFFLE_NAME,
            "max_seconds": self.max_seconds,
            "solved": self.done,
            "missing": self.missing,
            "won": rate.won,
            "lost": rate.lost,
            "undecided": rate.unknown,
            "win_rate": round(rate.rate, 6),
            "interval": [round(low, 6), round(high, 6)],
            "interval_is": INTERVAL_WORDS,
            "seconds": seconds,
            "states": states,
            "moves": {
                "mean": round(mean_moves, 2) if mean_moves is not None else None,
                "shortest": min(self.lengths) if self.lengths else None,
                "longest": max(self.lengths) if self.lengths else None,
                "histogram": histogram,
            },
            "levels": dict(ordered_levels(self.levels)),
        }


def ordered_levels(levels: Counter[str]) -> list[tuple[str, int]]:
    """The levels counted, easiest first (:data:`LEVELS`), other names after them.

    >>> ordered_levels(Counter({"hard": 2, "easy": 5, "odd": 1}))
    [('easy', 5), ('hard', 2), ('odd', 1)]
    """
    rank = {name: index for index, name in enumerate(LEVELS)}
    return sorted(levels.items(), key=lambda item: (rank.get(item[0], len(LEVELS)), item[0]))


def duration(seconds: float) -> str:
    """A time for people: ``"610 µs"``, ``"6.1 ms"``, ``"4.2 s"``, ``"3 min 20 s"``,
    ``"2 h 05 min"``.

    >>> duration(0.00061), duration(0.0061), duration(4.2), duration(200), duration(7500)
    ('610 µs', '6.1 ms', '4.2 s', '3 min 20 s', '2 h 05 min')
    """
    if seconds < 0.001:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1000:.3g} ms"
    if seconds < 60:
        return f"{seconds:.3g} s"
    if seconds < 3600:
        return f"{int(seconds // 60)} min {int(seconds % 60):02d} s"
    return f"{int(seconds // 3600)} h {int(seconds % 3600 // 60):02d} min"


def summary_lines(summary: Summary, title: str) -> list[str]:
    """The summary in words, a few lines, as ``printplay stats`` prints it."""
    rate = summary.win_rate()
    deals = summary.deals
    head = f"{title}, {summary.label}: deals {deals.first:,} to {deals.last:,}"
    if summary.max_seconds:
        head += f", at most {summary.max_seconds:g} s a deal"
    lines = [head]
    if summary.missing:
        lines.append(f"{summary.missing:,} of {deals.count:,} deals not solved yet")
    counts = f"won {rate.won:,}, lost {rate.lost:,}, undecided {rate.unknown:,}"
    lines.append(f"{counts}: {rate.percent() if summary.done else 'no deal solved'}")
    if summary.done:
        time = summary.spread("seconds")
        states = summary.spread("states")
        lines.append(
            "time a deal: mean {}, median {}, 90% {}, 99% {}, longest {}".format(
                *(duration(float(time[key])) for key in ("mean", "p50", "p90", "p99", "max"))
            )
        )
        lines.append(
            "positions a deal: mean {:,.0f}, median {:,}, 90% {:,}, 99% {:,}, most {:,}".format(
                *(states[key] for key in ("mean", "p50", "p90", "p99", "max"))
            )
        )
    if summary.lengths:
        moves = summary.to_json()["moves"]
        assert isinstance(moves, dict)
        lines.append(
            f"winning lines: {moves['mean']} moves on average, from {moves['shortest']} to "
            f"{moves['longest']}"
        )
    if summary.levels:
        levels = ", ".join(f"{level} {count:,}" for level, count in ordered_levels(summary.levels))
        lines.append(f"levels: {levels}")
    return lines


__all__ = [
    "INTERVAL_WORDS",
    "LEVELS",
    "PERCENTILES",
    "Summary",
    "duration",
    "ordered_levels",
    "percentile",
    "summary_lines",
]
