"""The statistics report's maker: a run's report built into its model and drawn on one
page (``printplay stats --output``)."""

from __future__ import annotations

from pathlib import Path

from printplay.analysis.stats_run import RunReport
from printplay.builders.stats_report import stats_report
from printplay.render.stats_report_pdf import draw_stats_report


def make_stats_report(
    report: RunReport, title: str, command: str, path: Path, *, paper: str = "a4"
) -> Path:
    """Write the report of a run (``title``; ``command``, the command that makes it again)
    as a one-page PDF at ``path``."""
    return draw_stats_report(stats_report(report, title, command, paper=paper), path)


__all__ = ["make_stats_report"]
