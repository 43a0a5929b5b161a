"""The statistics report's model, from a run: the words and numbers of its one page.

>>> winning_bins({40: 3, 41: 1, 43: 2})
(('40', 3), ('41', 1), ('42', 0), ('43', 2))
>>> winning_bins({n: 1 for n in range(10, 100)})[:2]
(('10–14', 5), ('15–19', 5))
>>> axis_scale(392), axis_scale(40), axis_scale(3)
((400, 100), (50, 10), (4, 1))
"""

from __future__ import annotations

from collections.abc import Mapping

from printplay import __version__
from printplay.analysis.stats_run import RunReport
from printplay.analysis.stats_summary import PERCENTILES, duration, ordered_levels
from printplay.core.provenance import today
from printplay.models.stats_model import BarChart, ShareChart, StatsReport

MOST_BARS = 40
"""The most bars the line-length histogram draws; longer spans are binned."""

_NICE_WIDTHS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)

MOST_TICKS = 6
"""The most steps a chart's count axis is cut into."""


def axis_scale(tallest: int) -> tuple[int, int]:
    """The top of a count axis and its step: the first tick above the tallest bar, with
    a round step (1, 2 or 5 times a power of ten) that cuts it in at most
    :data:`MOST_TICKS` steps."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            if (tallest // (step * factor) + 1) <= MOST_TICKS:
                return (tallest // (step * factor) + 1) * step * factor, step * factor
        step *= 10


def winning_bins(lengths: Mapping[int, int]) -> tuple[tuple[str, int], ...]:
    """The line lengths as histogram bars: one a length, or bins of a round width so that
    there are at most :data:`MOST_BARS`; empty bins in between are kept."""
    if not lengths:
        return ()
    low, high = min(lengths), max(lengths)
    width = next((w for w in _NICE_WIDTHS if (high - low) // w < MOST_BARS), _NICE_WIDTHS[-1])
    start = low - low % width if width > 1 else low
    bars = []
    for edge in range(start, high + 1, width):
        count = sum(lengths.get(n, 0) for n in range(edge, edge + width))
        label = str(edge) if width == 1 else f"{edge}–{edge + width - 1}"
        bars.append((label, count))
    return tuple(bars)


def _percent(share: float) -> str:
    return f"{100 * share:.1f}%"


def _range(low: float, high: float) -> str:
    return f"{100 * low:.1f}–{100 * high:.1f}%"


def stats_report(report: RunReport, title: str, command: str, *, paper: str = "a4") -> StatsReport:
    """The report of a run of ``title`` (the game as printed), made by ``command``."""
    summary = report.summary
    rate = summary.win_rate()
    low, high = rate.interval
    deals = summary.deals
    total = rate.won + rate.lost + rate.unknown
    share = {key: (count / total if total else 0.0) for key, count in summary.counts.items()}
    label = summary.label[:1].upper() + summary.label[1:]
    subtitle = f"{label} · deals {deals.first:,} to {deals.last:,}"
    if summary.max_seconds:
        subtitle += f" · at most {summary.max_seconds:g} s a deal"
    if summary.missing:
        subtitle += f" · {summary.done:,} of {deals.count:,} solved so far"
    if not total:
        headline = "No deal solved yet."
    elif not rate.unknown:
        headline = f"{_percent(rate.rate)} of the deals can be won (95% range {_range(low, high)})."
    else:
        headline = (
            f"{_percent(share['won'])} proved winnable, {_percent(share['lost'])} proved lost, "
            f"{_percent(share['undecided'])} undecided: between {_percent(low)} and "
            f"{_percent(high)} can be won (95% range)."
        )
    legend = (
        f"won {rate.won:,}",
        f"undecided {rate.unknown:,}",
        f"lost {rate.lost:,}",
    )
    caption = (
        "Every deal solved exactly with perfect play. The bar spans all the deals; the bracket "
        "is the 95% range of the share that can be won"
        + (", which holds whatever the undecided deals turn out to be." if rate.unknown else ".")
    )
    chart = ShareChart(
        won=share.get("won", 0.0),
        undecided=share.get("undecided", 0.0),
        lost=share.get("lost", 0.0),
        low=low,
        high=high,
        caption=caption,
        legend=legend,
    )
    counts = (
        ("Deals solved", f"{summary.done:,} of {deals.count:,}"),
        ("Won", f"{rate.won:,} ({_percent(share.get('won', 0.0))})"),
        ("Lost", f"{rate.lost:,} ({_percent(share.get('lost', 0.0))})"),
        ("Undecided", f"{rate.unknown:,} ({_percent(share.get('undecided', 0.0))})"),
        ("Share of decided deals won", _percent(rate.rate)),
        ("95% range of the share won", _range(low, high)),
        (
            "Time per deal",
            f"at most {summary.max_seconds:g} s" if summary.max_seconds else "no limit",
        ),
    )
    time = summary.spread("seconds")
    states = summary.spread("states")
    keys = ("mean", *(f"p{p}" for p in PERCENTILES), "max")
    spreads = (
        ("A deal took", "mean", "median", *(f"{p}%" for p in PERCENTILES[1:]), "most"),
        ("time", *(duration(float(time[key])) for key in keys)),
        ("positions", *(f"{states[key]:,.0f}" for key in keys)),
    )
    won_lines = sum(summary.lengths.values())
    lengths = None
    if won_lines:
        mean = sum(n * c for n, c in summary.lengths.items()) / won_lines
        bins = winning_bins(summary.lengths)
        top, step = axis_scale(max(count for _, count in bins))
        lengths = BarChart(
            title="Length of the winning line",
            bars=bins,
            caption=(
                f"Moves in the winning line the solver found, for the {won_lines:,} deals won: "
                f"{mean:.1f} on average, from {min(summary.lengths)} to {max(summary.lengths)}. "
                "Any winning line, not the shortest."
            ),
            axis="moves",
            top=top,
            step=step,
        )
    levels = None
    if summary.levels:
        graded = sum(summary.levels.values())
        top, step = axis_scale(max(summary.levels.values()))
        levels = BarChart(
            title="Levels",
            bars=tuple(ordered_levels(summary.levels)),
            caption=f"The level of each of the {graded:,} graded deals.",
            axis="level",
            top=top,
            step=step,
            counts=True,
        )
    where = f"{report.workers} process{'es' if report.workers != 1 else ''}"
    provenance = [
        f"Made by: {command}",
        f"printplay {__version__}, {today()}; numbered deals (shuffle pp1).",
    ]
    if report.new:
        provenance.append(
            f"This run: {report.new:,} deals in {duration(report.seconds)} "
            f"({report.rate:,.1f} a second, {where})"
            + (f"; {report.found:,} more were in the results file." if report.found else ".")
        )
    return StatsReport(
        title=f"{title}: how often it can be won",
        subtitle=subtitle,
        headline=headline,
        share=chart,
        counts=counts,
        spreads=spreads,
        lengths=lengths,
        levels=levels,
        provenance=tuple(provenance),
        paper=paper,
        footer=f"{title} · {summary.label} · deals {deals.first:,}–{deals.last:,}",
        keywords=(summary.game, summary.label, "win rate"),
    )


__all__ = ["MOST_BARS", "axis_scale", "stats_report", "winning_bins"]
