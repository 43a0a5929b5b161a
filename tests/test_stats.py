"""``printplay stats``: records, the results file, the summary and the verb, on the local
pool (tiny ranges of TriPeaks, whose solver is fast).  The Dask cluster, SIGKILL and
Ctrl-C are in ``test_stats_cluster.py`` and ``test_stats_stops.py``."""

from __future__ import annotations

import json
import re
import shlex
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printplay.analysis.grading import graded
from printplay.analysis.interval import WinRate
from printplay.analysis.results_file import Header, ResultsError, ResultsFile
from printplay.analysis.stats_deals import DealRange, DoneDeals, chunk_deals, parse_deals
from printplay.analysis.stats_records import DealRecord, RecordError, record_from_json
from printplay.analysis.stats_run import LocalPool, StatsPlan, StatsRun
from printplay.analysis.stats_summary import Summary
from printplay.analysis.stats_work import StatsJob, solve_chunk
from printplay.cli.app import main
from printplay.core.deal import numbered_deal
from printplay.core.errors import OptionError
from printplay.core.grades import LEVELS
from printplay.games import REGISTRY, make_solitaire, solver_for

pytestmark = pytest.mark.usefixtures("grades_once")
"""A deal graded in this process before is answered as it was (``conftest.grades_once``)."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def records_of(path: Path) -> list[dict[str, object]]:
    """The records of a results file (its header left out), each line read as JSON."""
    lines = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["format"] == "printplay stats results"
    return [json.loads(line) for line in lines[1:]]


def deals_in(path: Path) -> list[int]:
    return sorted(int(str(record["deal"])) for record in records_of(path))


# -- records, ranges, the summary ---------------------------------------------------------------


def test_a_record_is_what_the_solver_found() -> None:
    game = make_solitaire("tripeaks", ())
    [record] = solve_chunk(StatsJob("tripeaks", (), None, ((7, 8),)))
    result = solver_for(game).solve(game.initial_state(numbered_deal(game.deck(), 7)))
    assert record.deal == 7 and record.states == result.states
    assert record.verdict == {True: "won", False: "lost", None: "undecided"}[result.solvable]
    assert record.moves == (len(result.moves) if result.solvable else None)
    assert record_from_json(json.loads(record.to_line())) == record


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"deal": 1, "verdict": "won", "moves": 3, "states": 1, "seconds": 0.1, "extra": 1},
        {"deal": 0, "verdict": "won", "moves": 3, "states": 1, "seconds": 0.1},
        {"deal": 2**64, "verdict": "won", "moves": 3, "states": 1, "seconds": 0.1},
        {"deal": True, "verdict": "won", "moves": 3, "states": 1, "seconds": 0.1},
        {"deal": 1, "verdict": "maybe", "moves": 3, "states": 1, "seconds": 0.1},
        {"deal": 1, "verdict": "won", "moves": None, "states": 1, "seconds": 0.1},
        {"deal": 1, "verdict": "lost", "moves": 3, "states": 1, "seconds": 0.1},
        {"deal": 1, "verdict": "lost", "moves": None, "states": -1, "seconds": 0.1},
        {"deal": 1, "verdict": "lost", "moves": None, "states": 1, "seconds": -0.1},
        {"deal": 1, "verdict": "lost", "moves": None, "states": 1, "seconds": "0.1"},
        {"deal": 1, "verdict": "lost", "moves": None, "states": 1, "seconds": 0.1, "level": ""},
        {"deal": 1, "verdict": "lost", "moves": None, "states": 1, "seconds": 0.1, "level": 3},
    ],
)
def test_a_record_is_read_strictly(data: object) -> None:
    with pytest.raises(RecordError):
        record_from_json(data)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("5..1", "reversed: write 1..5"),
        ("", "write deals as A..B with whole numbers"),
        ("..", "write deals as A..B with whole numbers"),
        ("7", "write deals as A..B with whole numbers"),
        ("+1..+5", "'+1..+5': write deals as A..B with whole numbers, as 1..2000"),
        ("1..+5", "'1..+5': write deals as A..B with whole numbers"),
        ("1.5..3", "write deals as A..B with whole numbers"),
        ("-5..3", "start at 1"),
        ("0..3", "start at 1"),
        ("1..99999999999999999999999", "go up to"),
        ("1..100000001", "at most 100,000,000"),
        ("a..b", "write deals as A..B with whole numbers"),
        ("1..２", "write deals as A..B with whole numbers"),
    ],
)
def test_bad_deal_ranges_are_one_line(text: str, words: str) -> None:
    with pytest.raises(OptionError, match=re.escape(words)) as caught:
        parse_deals(text)
    assert "\n" not in str(caught.value)


def test_a_deal_range_reads_both_ends() -> None:
    assert parse_deals("3..3") == DealRange(3, 3)
    assert parse_deals(" 1 .. 2000 ") == DealRange(1, 2000)
    assert parse_deals(f"{2**64 - 2}..{2**64 - 1}").count == 2


@settings(max_examples=60, deadline=None)
@given(
    first=st.integers(1, 2**64 - 200),
    count=st.integers(1, 150),
    done=st.sets(st.integers(0, 149)),
    size=st.integers(1, 40),
)
def test_chunks_cover_exactly_the_missing_deals(
    first: int, count: int, done: set[int], size: int
) -> None:
    deals = DealRange(first, first + count - 1)
    marks = DoneDeals(deals)
    for offset in done:
        marks.add(first + offset)
    chunks = list(marks.pending_runs(size))
    dealt = [deal for chunk in chunks for deal in chunk_deals(chunk)]
    assert dealt == [deal for deal in range(first, first + count) if deal not in marks]
    assert all(len(list(chunk_deals(chunk))) <= size for chunk in chunks)
    assert all(len(list(chunk_deals(chunk))) == size for chunk in chunks[:-1])
    assert marks.missing == len(dealt)


def test_the_summary_counts_and_widens_the_range() -> None:
    summary = Summary("pyramid", ("small",), "x", DealRange(1, 10), 2.0)
    verdicts = ["won"] * 5 + ["lost"] * 2 + ["undecided"] * 2
    for deal, verdict in enumerate(verdicts, start=1):
        moves = 30 + deal if verdict == "won" else None
        summary.add(DealRecord(deal, verdict, moves, deal * 10, deal / 100, level="hard"))  # type: ignore[arg-type]
    summary.add(DealRecord(99, "won", 3, 1, 0.1, level="easy"))  # outside the range: not counted
    assert (summary.done, summary.missing) == (9, 1)
    data = summary.to_json()
    expected = WinRate(("small",), "x", deals=9, won=5, lost=2, unknown=2, first=1)
    assert data["interval"] == [round(bound, 6) for bound in expected.interval]
    assert (data["won"], data["lost"], data["undecided"]) == (5, 2, 2)
    assert data["states"] == {"mean": 50.0, "p50": 50, "p90": 90, "p99": 90, "max": 90}
    assert data["moves"] == {
        "mean": 33.0, "shortest": 31, "longest": 35,
        "histogram": [[31, 1], [32, 1], [33, 1], [34, 1], [35, 1]],
    }  # fmt: skip
    assert data["levels"] == {"hard": 9}


# -- the verb -----------------------------------------------------------------------------------


def test_stats_writes_a_record_a_deal_and_sums_them_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "r.jsonl"
    status, out, err = run(
        capsys, "stats", "tripeaks", "--deals", "3..14", "--jobs", "2",
        "--results", str(results), "--json",
    )  # fmt: skip
    assert status == 0, err
    assert deals_in(results) == list(range(3, 15))
    header = json.loads(results.read_text().splitlines()[0])
    assert header["game"] == "tripeaks" and header["options"] == [] and header["grade"] is False
    summary = json.loads(out)
    counted = Counter(str(record["verdict"]) for record in records_of(results))
    assert (summary["won"], summary["lost"], summary["undecided"]) == (
        counted["won"], counted["lost"], counted["undecided"],
    )  # fmt: skip
    assert summary["solved"] == 12 and summary["missing"] == 0
    assert summary["run"]["new"] == 12 and summary["run"]["found"] == 0
    reference = solve_chunk(StatsJob("tripeaks", (), None, ((3, 15),)))
    assert {r["deal"]: r["verdict"] for r in records_of(results)} == {
        r.deal: r.verdict for r in reference
    }


def test_stats_grade_gives_each_deal_the_level_solve_grade_gives(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With --grade each record carries the deal's level (unwinnable for a lost deal), the
    same as solve --grade's, the summary counts them, and an ungraded run of the same file
    is refused: grading is part of what a results file holds."""
    results = tmp_path / "r.jsonl"
    argv = ["stats", "ricochet", "--deals", "4..8", "--jobs", "1", "--results", str(results)]
    status, out, err = run(capsys, *argv, "--grade", "--json")
    assert status == 0, err
    header = json.loads(results.read_text().splitlines()[0])
    assert header["grade"] is True
    game = make_solitaire("ricochet")
    levels = {int(str(r["deal"])): r["level"] for r in records_of(results)}
    assert levels == {n: graded(game, numbered_deal(game.deck(), n)).grade.level for n in levels}
    assert "unwinnable" in levels.values() and set(levels.values()) & set(LEVELS)
    assert json.loads(out)["levels"] == dict(Counter(str(v) for v in levels.values()))
    before = results.read_bytes()
    status, _, err = run(capsys, *argv)
    assert status == 1 and err.count("\n") == 1 and "use another results file" in err
    assert results.read_bytes() == before


def test_the_summary_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "stats", "tripeaks", "--deals", "1..6", "--jobs", "1")
    assert status == 0
    assert out.startswith("TriPeaks, standard game: deals 1 to 6\n")
    assert "won " in out and "time a deal: mean" in out and "this run: 6 deals" in out


def test_a_second_run_adds_only_the_missing_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "r.jsonl"
    assert run(capsys, "stats", "tripeaks", "--deals", "1..8", "--jobs", "1",
               "--results", str(results))[0] == 0  # fmt: skip
    first = results.read_bytes()
    status, out, err = run(
        capsys, "stats", "tripeaks", "--deals", "1..15", "--jobs", "2",
        "--results", str(results), "--json",
    )  # fmt: skip
    assert status == 0
    assert "8 of 15 deals are in" in err and "solving the other 7" in err
    assert results.read_bytes().startswith(first)  # appended to, never rewritten
    assert deals_in(results) == list(range(1, 16))
    data = json.loads(out)
    assert data["run"]["found"] == 8 and data["run"]["new"] == 7 and data["solved"] == 15
    status, out, err = run(
        capsys, "stats", "tripeaks", "--deals", "2..5", "--results", str(results), "--json"
    )
    assert status == 0 and "nothing to solve" in err
    assert json.loads(out)["solved"] == 4 and json.loads(out)["run"]["new"] == 0
    assert deals_in(results) == list(range(1, 16))


def test_a_torn_last_line_is_cut_and_its_deal_solved_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "r.jsonl"
    assert run(capsys, "stats", "tripeaks", "--deals", "1..6", "--jobs", "1",
               "--results", str(results))[0] == 0  # fmt: skip
    whole = results.read_bytes()
    # the last record torn in its time, after more digits than its repeat will have
    results.write_bytes(whole[:-2] + b"1234567890123")
    status, out, err = run(
        capsys, "stats", "tripeaks", "--deals", "1..6", "--results", str(results), "--json"
    )
    assert status == 0, err
    assert "cut a torn last line" in err
    assert deals_in(results) == list(range(1, 7))
    assert json.loads(out)["run"]["new"] == 1
    assert len(records_of(results)) == 6  # every line whole JSON: nothing torn is left
    assert results.read_bytes().startswith(whole[: whole.rstrip(b"\n").rfind(b"\n") + 1])


HEADER = (
    '{"format":"printplay stats results","format_version":1,"game":"tripeaks","options":[],'
    '"max_seconds":null,"grade":false,"shuffle":"pp1","printplay":"0.1.0","created":"2026-01-01"}'
)
RECORD = '{"deal":1,"verdict":"won","moves":44,"states":10,"seconds":0.001}'


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "is empty: not a results file"),
        (b"deal,verdict\n1,won\n", "not a printplay stats results file"),
        (b'{"format": "something else"}\n', "not a printplay stats results file"),
        (b"\xff\xfe\n", "not a printplay stats results file"),
        (HEADER, "not a printplay stats results file (no header line)"),
        (HEADER.replace('"grade":false', '"grade":"no"') + "\n", "header line is damaged"),
        (HEADER.replace('"format_version":1', '"format_version":9') + "\n", "another version"),
        (HEADER.replace("tripeaks", "pyramid") + "\n", "another run: game pyramid, not tripeaks;"),
        (HEADER.replace("null", "2") + "\n", "another run: time per deal 2 s, not no limit;"),
        (
            HEADER.replace('"pp1"', '"pysolfc-ms"') + "\n",
            "another run: shuffle pysolfc-ms (PySolFC's numbering), not pp1 (printplay's own); "
            "use another results file",
        ),
        (
            HEADER.replace("false", "true").replace('"options":[]', '"options":["no-wrap"]') + "\n",
            "options no-wrap, not none (the standard game); grading graded, not ungraded;",
        ),
        (f"{HEADER}\n{RECORD}\nnot json\n{RECORD}\n".encode(), "line 3 is not JSON"),
        (f"{HEADER}\n{RECORD}\n{RECORD}\n".encode(), "line 3 repeats deal 1"),
        (f"{HEADER}\n{RECORD}\n[{RECORD}]\n".encode(), "line 3 is not a deal record"),
        (f"{HEADER}\n{RECORD.replace('44', '4' * 60)}\n", "line 2: a number of 60 characters"),
        (f"{HEADER}\n{'[' * 5000}\n".encode(), "line 2 is longer than 4,096 bytes"),
        (f"{HEADER}\n{RECORD[:-1]}," + '"level":"easy"}\n', "the level does not match the header"),
        (f"{HEADER}\n".encode() + b"\xc3\x28\n", "line 2 is not UTF-8 text"),
    ],
)  # fmt: skip
def test_a_results_file_that_is_not_ours_or_damaged_is_refused(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    content: bytes | str,
    words: str,
) -> None:
    results = tmp_path / "r.jsonl"
    data = content.encode() if isinstance(content, str) else content
    results.write_bytes(data)
    status, out, err = run(
        capsys, "stats", "tripeaks", "--deals", "1..3", "--jobs", "1", "--results", str(results)
    )
    assert status == 1 and out == ""
    assert err.count("\n") == 1 and words in err, err
    assert results.read_bytes() == data  # left as it was


def test_results_of_other_options_are_refused_before_anything_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "r.jsonl"
    assert run(capsys, "stats", "tripeaks", "--deals", "1..2", "--option", "jokers=1",
               "--results", str(results))[0] == 0  # fmt: skip
    before = results.read_bytes()
    for options in ([], ["--option", "jokers=2"], ["--option", "jokers=1", "--max-seconds", "9"]):
        status, _, err = run(
            capsys, "stats", "tripeaks", "--deals", "1..4", "--results", str(results), *options
        )
        assert status == 1 and err.count("\n") == 1 and "use another results file" in err
    assert results.read_bytes() == before
    # the same options, written another way, are the same run
    status, _, err = run(capsys, "stats", "tripeaks", "--deals", "1..3", "--option", "jokers=1,",
                         "--results", str(results))  # fmt: skip
    assert status == 0, err
    assert deals_in(results) == [1, 2, 3]


def test_an_unreadable_results_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "loop").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop")
    for path, words in (
        (tmp_path / "loop", "Too many levels of symbolic links"),
        (tmp_path, "is a folder"),
        (tmp_path / "missing" / "r.jsonl", "does not exist"),
    ):
        status, _, err = run(capsys, "stats", "tripeaks", "--deals", "1..2", "--results", str(path))
        assert status == 1 and err.count("\n") == 1 and words in err, err


def test_a_results_file_in_use_is_refused(tmp_path: Path) -> None:
    header = Header("tripeaks", (), None)
    results = tmp_path / "r.jsonl"
    holder = ResultsFile(results, header)
    assert holder.open(lambda record: True) is None
    holder.start()
    other = ResultsFile(results, header)
    try:
        with pytest.raises(ResultsError, match="being written by another run"):
            other.open(lambda record: True)
    finally:
        other.close()
        holder.close()


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--deals", "9..2"], "reversed"),
        (["--deals", "1..3", "--jobs", "0"], "--jobs"),
        (["--deals", "1..3", "--jobs", "2", "--scheduler", "local:2"], "not both"),
        (["--deals", "1..3", "--scheduler", "local:0"], "1 to 512 workers"),
        (["--deals", "1..3", "--scheduler", "udp://x:1"], "local:N (N worker processes) or tcp"),
        (["--deals", "1..3", "--scheduler", "tcp://127.0.0.1:99999"], "port"),
        (["--deals", "1..3", "--max-seconds", "0"], "--max-seconds"),
        (["--deals", "1..3", "-o", "/nonexistent-folder/report.pdf"], "does not exist"),
    ],
)
def test_bad_input_is_one_line_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    results = tmp_path / "r.jsonl"
    status, out, err = run(capsys, "stats", "tripeaks", *argv, "--results", str(results))
    assert status != 0 and out == ""
    assert err.count("\n") == 1 and words in err, err
    assert list(tmp_path.iterdir()) == []


def test_a_game_without_a_solver_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "stats", "ricochet-poker", "--deals", "1..2")
    assert status == 1 and "has no solver" in err and err.count("\n") == 1


def test_the_run_loop_counts_a_deal_that_arrives_twice_once() -> None:
    """An executor that hands back a chunk twice (a cluster may) still gives each deal once."""

    class Twice(LocalPool):
        def map_unordered(self, func, items):  # type: ignore[no-untyped-def]
            for item in items:
                result = func(item)
                yield result
                yield result

    with StatsRun(StatsPlan("tripeaks", (), DealRange(1, 9), None, chunk=4)) as stats_run:
        report = stats_run.run(Twice(1))
    assert report.summary.done == 9 and report.new == 9


def test_a_rebuild_keeps_its_results_files_and_goes_on_from_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain, kept, runs = tmp_path / "plain", tmp_path / "kept", tmp_path / "runs"
    for folder in (plain, kept, runs):
        folder.mkdir()
    common = ["data", "rebuild", "winrates", "tripeaks", "--deals", "5", "--jobs", "1"]
    assert run(capsys, *common, "--data-dir", str(plain))[0] == 0
    assert run(capsys, *common, "--data-dir", str(kept), "--results-dir", str(runs))[0] == 0
    names = sorted(path.name for path in runs.iterdir())
    assert names == sorted(
        f"win-rates-tripeaks-{','.join(options) or 'standard'}.jsonl"
        for options in REGISTRY["tripeaks"].win_rates
    )
    assert all(deals_in(runs / name) == [1, 2, 3, 4, 5] for name in names)

    def rows(folder: Path) -> list[object]:
        data = json.loads((folder / "win-rates-tripeaks.json").read_text())
        assert data["provenance"]["settings"]["scheduler"] is None
        return list(data["rows"])

    assert rows(kept) == rows(plain)
    cut = runs / "win-rates-tripeaks-no-wrap.jsonl"
    cut.write_text("".join(cut.read_text().splitlines(keepends=True)[:3]))  # two deals left
    status, _, err = run(capsys, *common, "--data-dir", str(kept), "--results-dir", str(runs))
    assert status == 0, err
    assert deals_in(cut) == [1, 2, 3, 4, 5] and rows(kept) == rows(plain)


@pytest.mark.parametrize("link", ["same", "symlink", "hardlink", "new"])
def test_a_report_over_the_results_file_is_refused_before_anything_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], link: str
) -> None:
    """``-o`` naming the results file itself (by its name, a symbolic link or a hard link;
    or a new file named twice) would put the PDF in place of every record."""
    results = tmp_path / "r.jsonl"
    if link != "new":
        assert run(capsys, "stats", "tripeaks", "--deals", "1..3", "--jobs", "1",
                   "--results", str(results))[0] == 0  # fmt: skip
    before = results.read_bytes() if results.exists() else None
    output = {"same": results, "new": results, "symlink": tmp_path / "l.pdf"}.get(
        link, tmp_path / "h.pdf"
    )
    if link == "symlink":
        output.symlink_to(results.name)
    if link == "hardlink":
        output.hardlink_to(results)
    status, out, err = run(capsys, "stats", "tripeaks", "--deals", "1..5", "--jobs", "1",
                           "--results", str(results), "-o", str(output))  # fmt: skip
    assert status == 1 and out == ""
    assert err.startswith("printplay: error: -o ") and err.count("\n") == 1
    assert err.endswith(
        f"{output.name} is the --results file: writing it would destroy it; name another "
        "output file\n"
    )
    assert (results.read_bytes() if results.exists() else None) == before


def test_a_report_beside_the_results_file_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results, report = tmp_path / "r.jsonl", tmp_path / "r.pdf"
    status, _, err = run(capsys, "stats", "tripeaks", "--deals", "1..3", "--jobs", "1",
                           "--results", str(results), "-o", str(report))  # fmt: skip
    assert status == 0, err
    assert report.read_bytes().startswith(b"%PDF") and deals_in(results) == [1, 2, 3]


BUDGET_VERBS = [
    ["stats", "tripeaks", "--deals", "1..2", "--results", "{tmp}/r.jsonl"],
    ["solve", "tripeaks", "--seed", "1"],
    ["sheet", "tripeaks", "--seed", "1", "-o", "{tmp}/s.pdf"],
    ["data", "rebuild", "winrates", "tripeaks", "--deals", "2", "--data-dir", "{tmp}",
     "--results-dir", "{tmp}"],
]  # fmt: skip


@pytest.mark.parametrize("verb", BUDGET_VERBS, ids=lambda verb: verb[0])
@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "1e999", "-1", "0.0001", "ten"])
def test_a_budget_no_file_could_hold_is_refused_at_the_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], verb: list[str], value: str
) -> None:
    """A time per deal that is not a finite number above 0 is refused before any work:
    ``inf`` wrote a results header (``Infinity``) that the next run refused."""
    argv = [word.replace("{tmp}", str(tmp_path)) for word in verb]
    status, out, err = run(capsys, *argv, "--max-seconds", value)
    assert status == 2 and out == ""
    assert err.startswith("printplay: error: Invalid value for '--max-seconds': ")
    assert err.count("\n") == 1 and repr(value) in err, err
    assert list(tmp_path.iterdir()) == []


def test_no_time_limit_is_zero_for_a_rebuild_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rebuild = ["data", "rebuild", "winrates", "tripeaks", "--deals", "2", "--jobs", "1"]
    status, _, err = run(capsys, *rebuild, "--max-seconds", "-0", "--data-dir", str(tmp_path))
    assert status == 0, err
    assert json.loads((tmp_path / "win-rates-tripeaks.json").read_text())["budget_seconds"] is None
    status, _, err = run(capsys, "stats", "tripeaks", "--deals", "1..2", "--max-seconds", "0")
    assert status == 2 and "at least 0.001" in err


def test_a_run_with_a_fine_budget_goes_on_with_the_command_it_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The budget round-trips: through the results header, and through the command the
    run prints (which a rerun, or a report reader, types again)."""
    results = tmp_path / "r.jsonl"
    budget = "0.1234567891"
    argv = ["stats", "tripeaks", "--deals", "1..3", "--jobs", "1", "--max-seconds", budget]
    status, out, err = run(capsys, *argv, "--results", str(results), "--json")
    assert status == 0, err
    command = json.loads(out)["run"]["command"]
    assert f"--max-seconds {budget} " in command
    assert json.loads(results.read_text().splitlines()[0])["max_seconds"] == float(budget)
    again = shlex.split(command)[1:]
    again[again.index("1..3")] = "1..5"
    status, out, err = run(capsys, *again, "--jobs", "1", "--json")
    assert status == 0, err
    assert json.loads(out)["run"]["found"] == 3 and json.loads(out)["run"]["new"] == 2
    assert deals_in(results) == [1, 2, 3, 4, 5]
