"""The statistics report (``printplay stats -o report.pdf``): one page on A4 and Letter,
its words and charts, the range and the levels; a report that cannot be written is one
line and nothing is written."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from reportlab.graphics.charts.barcharts import BarChart as ReportlabBarChart

from printplay.analysis.stats_deals import DealRange
from printplay.analysis.stats_records import DealRecord, Verdict
from printplay.analysis.stats_run import RunReport
from printplay.analysis.stats_summary import Summary
from printplay.builders.stats_report import stats_report
from printplay.cli.app import main
from printplay.render import stats_report_pdf as drawing
from printplay.render.stats_report_pdf import draw_stats_report, stats_story
from tests.pdftext import page_texts, pdf_text


def graded_summary() -> Summary:
    """A run of 1,500 deals of 2,000, some undecided, every deal graded."""
    rng = random.Random(5)
    summary = Summary("pyramid", ("small",), "a six-row pyramid", DealRange(1, 2000), 2.0)
    verdicts: list[Verdict] = ["won", "lost", "undecided"]
    for deal in range(1, 1501):
        verdict = rng.choices(verdicts, [64, 14, 22])[0]
        moves = rng.randint(20, 95) if verdict == "won" else None
        level = rng.choice(["expert", "easy", "hard", "medium"])
        summary.add(DealRecord(deal, verdict, moves, rng.randint(1, 10**6), 1.5, level))
    return summary


def test_the_verb_writes_a_one_page_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "report.pdf"
    status = main(["stats", "tripeaks", "--deals", "1..30", "--jobs", "1", "-o", str(report)])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert out.splitlines()[-1] == str(report)
    assert len(page_texts(report)) == 1
    text = pdf_text(report)
    for words in (
        "TriPeaks: how often it can be won",
        "Standard game · deals 1 to 30",
        "of the deals can be won (95% range",
        "Length of the winning line",
        "Made by: printplay stats tripeaks --deals 1..30",
        "A deal took mean median 90% 99% most",
    ):
        assert words in text, words
    assert "Levels" not in text  # not graded: no levels chart


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_undecided_deals_and_levels_fit_one_page(tmp_path: Path, paper: str) -> None:
    summary = graded_summary()
    run = RunReport(summary, found=500, new=1000, seconds=1800.0, workers=4, repaired=False)
    model = stats_report(run, "Pyramid", "printplay stats pyramid --deals 1..2000", paper=paper)
    assert model.levels is not None
    assert [label for label, _ in model.levels.bars] == ["easy", "medium", "hard", "expert"]
    path = draw_stats_report(model, tmp_path / "report.pdf")
    assert len(page_texts(path)) == 1
    text = pdf_text(path)
    low, high = summary.win_rate().interval
    assert f"between {100 * low:.1f}% and {100 * high:.1f}% can be won (95% range)" in text
    assert "1,500 of 2,000 solved so far" in text and "at most 2 s a deal" in text
    assert "Levels" in text and "The level of each of the 1,500 graded deals." in text
    assert "1,000 deals in 30 min 00 s" in text and "500 more were in the results file" in text


def test_the_charts_are_reportlab_charts_of_the_model() -> None:
    summary = graded_summary()
    run = RunReport(summary, found=0, new=1500, seconds=60.0, workers=2, repaired=False)
    model = stats_report(run, "Pyramid", "printplay stats pyramid --deals 1..2000")
    charts = [
        shape
        for flowable in stats_story(model, 500)
        for shape in getattr(flowable, "contents", [])
        if isinstance(shape, ReportlabBarChart)
    ]
    share, lengths, levels = charts
    assert [row[0] for row in share.data] == pytest.approx(
        [100 * model.share.won, 100 * model.share.undecided, 100 * model.share.lost]
    )
    assert list(lengths.data[0]) == [count for _, count in model.lengths.bars]  # type: ignore[union-attr]
    assert sum(lengths.data[0]) == summary.counts["won"]
    assert list(levels.categoryAxis.categoryNames) == ["easy", "medium", "hard", "expert"]


def test_won_undecided_and_lost_differ_in_grey() -> None:
    """The three fills of the share bar are told apart in greyscale print."""
    greys = [
        0.299 * colour.red + 0.587 * colour.green + 0.114 * colour.blue
        for colour in (drawing.WON, drawing.UNDECIDED, drawing.LOST)
    ]
    assert all(abs(a - b) >= 0.15 for i, a in enumerate(greys) for b in greys[i + 1 :])


def test_an_unwritable_report_is_refused_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "report.pdf").mkdir()
    results = tmp_path / "r.jsonl"
    status = main(
        ["stats", "tripeaks", "--deals", "1..3", "--results", str(results),
         "-o", str(tmp_path / "report.pdf")]
    )  # fmt: skip
    out, err = capsys.readouterr()
    assert status == 1 and out == ""
    assert err.count("\n") == 1 and err.startswith("printplay: error: cannot write")
    assert err.rstrip().endswith("report.pdf: it is a folder")
    assert not results.exists()


def test_a_count_axis_ends_on_a_tick_above_the_tallest_bar() -> None:
    """The levels' axis stopped at the tallest bar (392), with no tick there."""
    summary = graded_summary()
    run = RunReport(summary, found=0, new=1500, seconds=60.0, workers=2, repaired=False)
    model = stats_report(run, "Pyramid", "printplay stats pyramid --deals 1..2000")
    charts = [
        shape
        for flowable in stats_story(model, 500)
        for shape in getattr(flowable, "contents", [])
        if isinstance(shape, ReportlabBarChart)
    ]
    for chart in charts[1:]:  # the lengths and the levels
        tallest = max(chart.data[0])
        axis = chart.valueAxis
        assert axis.valueMax > tallest and axis.valueMax % axis.valueStep == 0
        assert axis.valueMax <= tallest + axis.valueStep
        assert 2 <= axis.valueMax // axis.valueStep <= 6
    assert max(count for _, count in model.levels.bars) == 392  # type: ignore[union-attr]
    assert charts[2].valueAxis.valueMax == 400


def test_the_level_bars_carry_their_counts(tmp_path: Path) -> None:
    summary = graded_summary()
    run = RunReport(summary, found=0, new=1500, seconds=60.0, workers=2, repaired=False)
    model = stats_report(run, "Pyramid", "printplay stats pyramid --deals 1..2000")
    path = draw_stats_report(model, tmp_path / "report.pdf")
    text = pdf_text(path)
    levels = text[text.index("Levels") : text.index("The level of each")]
    counts = [str(count) for _, count in model.levels.bars]  # type: ignore[union-attr]
    assert counts == ["339", "378", "392", "391"]
    assert all(count in levels.split() for count in counts), levels


def test_the_report_names_the_results_file_not_its_folders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The page is for sharing: the command on it names the results file by its name
    only (the command printed, and in --json, keeps the path as typed)."""
    report, results = tmp_path / "report.pdf", tmp_path / "runs" / "tripeaks.jsonl"
    results.parent.mkdir()
    status = main(["stats", "tripeaks", "--deals", "1..5", "--jobs", "1",
                   "--results", str(results), "-o", str(report), "--json"])  # fmt: skip
    out, err = capsys.readouterr()
    assert status == 0, err
    assert f"--results {results}" in out.splitlines()[0]
    text = pdf_text(report)
    assert "--results tripeaks.jsonl" in text
    assert str(tmp_path) not in text and "runs" not in text
