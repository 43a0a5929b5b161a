"""The data of a statistics report (``printplay stats -o report.pdf``): one page of words,
tables and the numbers its charts draw.

Plain, frozen data built by :func:`printplay.builders.stats_report.stats_report` from a
run's summary; :mod:`printplay.render.stats_report_pdf` draws it.  Every word on the page is
decided here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ShareChart:
    """The share of deals won, drawn as one bar across all the deals: proved won, then
    undecided, then proved lost (shares of all the deals, summing to 1), with the 95% range
    of the share that can be won marked over it."""

    won: float
    undecided: float
    lost: float
    low: float
    high: float
    caption: str
    legend: tuple[str, str, str]
    """The words for won, undecided and lost, with their counts."""


@dataclass(frozen=True)
class BarChart:
    """Counts by category: ``bars`` are ``(label, count)`` in order."""

    title: str
    bars: tuple[tuple[str, int], ...]
    caption: str
    axis: str
    """What the categories are (under the axis)."""
    top: int = 1
    """The count at the top of the axis: a tick above the tallest bar."""
    step: int = 1
    """The counts between two ticks (``top`` is a multiple of it)."""
    counts: bool = False
    """Whether each bar has its count written over it."""


@dataclass(frozen=True)
class StatsReport:
    """A statistics run on one page: the headline figure, the share won as a bar with its
    range, the counts and spreads as tables, the line lengths (and levels, when graded) as
    bar charts, and what was run."""

    title: str
    subtitle: str
    headline: str
    share: ShareChart
    counts: tuple[tuple[str, str], ...]
    """Rows of two cells: what, how many."""
    spreads: tuple[tuple[str, ...], ...]
    """A header row, then a row for the time and one for the positions a deal took."""
    lengths: BarChart | None
    levels: BarChart | None
    provenance: tuple[str, ...]
    """Lines of small print: the command, the version and date, the results file."""
    paper: str = "a4"
    footer: str = ""
    keywords: tuple[str, ...] = ()


__all__ = ["BarChart", "ShareChart", "StatsReport"]
