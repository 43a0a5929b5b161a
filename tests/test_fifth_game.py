"""A fifth game in four files: Putt (tests/fifth_game), registered for these tests only, runs
every verb.

Putt is a pocket golf patience: its engine, solver, rulebook source and declaration live in
``tests/fifth_game`` and nothing in ``printplay/`` knows it.  It asks of the shared code what
Golf, the real fifth game, will: a score where the lowest is best, its own grading
thresholds, fanned columns on the board drawings, and a book extra only it has (each
hole's par and a scorecard), all through its declaration.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fifth_game import ENTRY, FOLDER
from fifth_game.putt import COLUMNS, DEPTH, FAN, LAYOUT, TABLEAU, Putt
from pdftext import pdf_text
from reportlab.graphics.shapes import Circle, Drawing, Group

from printplay.analysis.grading import graded, shortest_line
from printplay.analysis.levels import thresholds
from printplay.cli.app import main
from printplay.core.grades import LEVELS
from printplay.core.layout import SlotView
from printplay.core.verdicts import SolveResult
from printplay.games import REGISTRY, make_solitaire
from printplay.render.board import board_drawing
from printplay.render.card_shapes import CARD_RATIO
from printplay.testing import ConformanceError, check_game

REPO = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.usefixtures("grades_once")
"""A deal graded in this process before is answered as it was (``conftest.grades_once``): the
sheet, book, demo, stats and data tests grade the same first deals of Putt."""

FOUR_FILES = {"__init__.py", "putt.py", "putt_solver.py", "putt.md"}
"""What the game is: its declaration, engine, solver and rulebook source."""


@pytest.fixture(scope="module", autouse=True)
def registered() -> Iterator[None]:
    """Putt in the registry for this module's tests, and gone after them."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(REGISTRY, ENTRY.name, ENTRY)
        yield


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``printplay ARGV`` in this process (the game registered): status, stdout, stderr."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# --- four files, and nothing else -------------------------------------------------------


def test_the_game_is_four_files_the_package_does_not_know() -> None:
    files = {p.name for p in FOLDER.iterdir() if p.is_file() and p.suffix in (".py", ".md")}
    assert files == FOUR_FILES
    for path in (REPO / "printplay").rglob("*"):
        if path.is_file() and path.suffix in (".py", ".md", ".j2", ".json"):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"(?i)\bputt\b|fifth_game", text), path


def test_the_conformance_kit_passes_and_holds_it_to_its_declaration() -> None:
    report = check_game("putt", games=4, positions=4)
    assert report.option_sets == [(), ("wrap",)] and report.scored >= report.compared // 2
    assert report.won + report.lost == report.compared > 10, report.summary()
    # declared the other way, the lowest score it proves is refused as not the best
    highest = dataclasses.replace(ENTRY, score_order="highest")
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(REGISTRY, "putt", highest)
        with pytest.raises(ConformanceError, match=r"this line scores|an exhaustive search"):
            check_game("putt", games=4, positions=4)


def test_its_thresholds_grade_its_deals() -> None:
    assert thresholds("putt") is ENTRY.levels
    game = make_solitaire("putt")
    found = {seed: graded(game, game.numbered_deal(seed)).grade.level for seed in range(1, 16)}
    assert {found[2], found[4], found[3], found[15]} == set(LEVELS)
    assert found[1] == "unwinnable"


def test_its_declaration_can_grade_and_print_the_best_line() -> None:
    """A winnable deal is graded on (and its book prints) the solver's winning line by
    default for a game of points or strokes; ``graded_line="best"`` asks for the best line,
    the one that reaches the par a course prints."""
    game = make_solitaire("putt")
    start = game.initial_state(game.numbered_deal(2))
    first = SolveResult(solvable=True, moves=(), states=0, seconds=0.0)
    assert ENTRY.line_graded() == "winning" and shortest_line(game, start, first) is first
    best = dataclasses.replace(ENTRY, graded_line="best")
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(REGISTRY, "putt", best)
        found = shortest_line(game, start, first)
    assert found.optimal and found.score == -2 and found.moves


# --- every verb ---------------------------------------------------------------------------


def test_deal_solve_grade_and_check(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "deal", "putt", "--seed", "2", "--json")
    dealt = json.loads(out)
    assert status == 0 and [len(c) for c in dealt["columns"]] == [DEPTH] * COLUMNS
    status, out, _ = run(capsys, "solve", "putt", "--seed", "2", "--best-score")
    assert status == 0 and "Verdict: winnable; score -2 (proven best)" in out
    status, out, _ = run(capsys, "solve", "putt", "--seed", "2", "--best-score", "--json")
    best = json.loads(out)
    assert (best["score"], best["optimal"], best["solvable"]) == (-2, True, True)
    status, out, _ = run(capsys, "solve", "putt", "--seed", "15", "--grade")
    assert status == 0 and "Grade: easy." in out
    line = tmp_path / "line.json"
    line.write_text(json.dumps(best), encoding="utf-8")
    status, out, _ = run(capsys, "check", "putt", "--seed", "2", "--line", str(line))
    assert status == 0 and "every one of the 25 moves is legal, and the line wins; score -2" in out


def test_sheet_rules_mat_and_book(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    sheet, rules, mat, book = (tmp_path / f"{name}.pdf" for name in ("s", "r", "m", "b"))
    assert run(capsys, "sheet", "putt", "--seed", "2", "-o", str(sheet))[0] == 0
    words = " ".join(pdf_text(sheet).split())
    assert "the lowest score this deal allows" in words and "scores -2" in words
    argv = ("rules", "putt", "-o", str(rules), "--rules-dir", str(FOLDER))
    assert run(capsys, *argv)[0] == 0
    assert "Putt counts strokes" in " ".join(pdf_text(rules).split())
    assert run(capsys, "mat", "putt", "-o", str(mat))[0] == 0
    argv = ("book", "putt", "--count", "2", "--difficulty", "hard", "-o", str(book), "--json")
    status, out, _ = run(capsys, *argv)
    manifest = json.loads(out)
    assert status == 0 and [d["level"] for d in manifest["deals"]] == ["hard", "hard"]
    text = " ".join(pdf_text(book).split())
    assert text.count("Par −") + text.count("Par ") >= 2 and "Scorecard, holes 1 to 2" in text


def test_stats_and_what_it_cannot_do(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "stats", "putt", "--deals", "1..12", "--jobs", "1", "--grade")
    assert status == 0 and "Putt, standard game: deals 1 to 12" in out
    status, _, err = run(capsys, "components", "putt", "-o", str(tmp_path / "c.pdf"))
    assert status == 1 and "Putt needs no pieces besides the deck" in err
    argv = ("book", "putt", "--difficulty", "curated", "-o", str(tmp_path / "c.pdf"))
    status, _, err = run(capsys, *argv)
    assert status == 1 and err.count("\n") == 1
    assert "python benchmarks/curate_seeds.py --game putt" in err and "Traceback" not in err


@pytest.mark.slow
def test_the_demo_makes_everything_of_it(tmp_path: Path) -> None:
    """The demo's own code, for the fifth game alone: its printables, a book graded now
    (it has no graded collections yet), its kit and its pages of the website."""
    from printplay.makers.demo import run_demo

    paths = run_demo(tmp_path, games=["putt"], rules_dir=FOLDER)
    names = [path.relative_to(tmp_path).as_posix() for path in paths]
    assert names == [
        "putt-rules.pdf",
        "putt-deal-1.pdf",
        "putt-mat.pdf",
        "putt-book.pdf",
        "putt-kit.pdf",
        "site/index.html",
    ]
    book = " ".join(pdf_text(tmp_path / "putt-book.pdf").split())
    for level in LEVELS:
        assert f"· {level.capitalize()}" in book
    assert "Scorecard, holes 1 to 4" in book
    page = (tmp_path / "site" / "putt" / "index.html").read_text(encoding="utf-8")
    assert "the lowest score wins" in " ".join(page.split())
    assert (tmp_path / "site" / "putt" / "deal-1.html").is_file()


@pytest.mark.slow
def test_the_commands_that_make_its_data(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What is generated, not written: the graded seed collections and the win rates."""
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        import curate_seeds
    finally:
        sys.path.remove(str(REPO / "benchmarks"))
    path = curate_seeds.curate("putt", 1, 1, tmp_path, expert=2)
    stored = json.loads(path.read_text(encoding="utf-8"))
    levels = {c["name"]: [d["level"] for d in c["deals"]] for c in stored["collections"]}
    assert levels == {"first-steps": ["easy"], "expert": ["expert", "expert"]}
    game = Putt()
    for collection in stored["collections"]:
        for deal in collection["deals"]:
            state = game.initial_state(game.numbered_deal(deal["seed"]))
            for move in deal["line"]:
                state = state.apply(game.move_from_json(move))
            assert state.is_won
    argv = ("data", "rebuild", "winrates", "putt", "--deals", "10", "--jobs", "1")
    status, out, _ = run(capsys, *argv, "--data-dir", str(tmp_path))
    assert status == 0 and (tmp_path / "win-rates-putt.json").is_file()
    assert len(out.splitlines()) == 3  # a row for each rule set, then the file


# --- fanned columns -------------------------------------------------------------------------


def _discs(drawing: Drawing) -> list[tuple[float, float, float]]:
    """The badge discs of a board drawing: centre and radius, in the drawing's points."""
    found: list[tuple[float, float, float]] = []

    def walk(node: object, dx: float, dy: float) -> None:
        if isinstance(node, Group):
            *_, e, f = node.transform
            for child in node.contents:
                walk(child, dx + e, dy + f)
        elif isinstance(node, Circle) and node.fillColor is not None and node.r > 2:
            found.append((node.cx + dx, node.cy + dy, node.r))

    for item in drawing.contents:
        walk(item, 0.0, 0.0)
    return found


@pytest.mark.parametrize("fan", [0.3, 0.25])
def test_badges_on_a_fanned_column_fall_apart_each_on_its_card(fan: float) -> None:
    """Each card a column's cards cover shows only its top strip: a card's move number
    goes there, on its own card, clear of the next one's (Golf's columns are fanned)."""
    start = Putt().initial_state(Putt().numbered_deal(2))
    view = start.board({slot: str(slot + 1) for slot in range(0, TABLEAU, COLUMNS)})
    if fan != FAN:  # a tighter fan than the game's: the same column, its cards closer
        slots = tuple(
            SlotView(dataclasses.replace(v.slot, y=v.slot.y / FAN * fan), v.card, True, v.badge)
            for v in view.slots
        )
        view = dataclasses.replace(view, slots=slots)
    width = 300.0
    drawing = board_drawing(view, width)
    discs = sorted(_discs(drawing), key=lambda disc: -disc[1])  # the top card's first
    assert len(discs) == DEPTH
    card = width / LAYOUT.width  # a card's width in points
    strip = fan * CARD_RATIO * card  # what a covered card shows of itself
    # where the drawing puts card tops, from the last card's badge (its usual place)
    last_top = discs[-1][1] + (0.5 - 0.1) * CARD_RATIO * card
    for row, (_, y, r) in enumerate(discs[:-1]):
        top = last_top + (DEPTH - 1 - row) * strip
        assert top - strip < y - r and y + r < top, (row, y, r, top)  # inside its strip
    for (x1, y1, r1), (x2, y2, r2) in itertools.pairwise(discs):
        assert ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 >= r1 + r2  # apart


def test_the_terminal_draws_each_row_of_a_fanned_column_on_a_line_of_its_own(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Rows less than half a card apart (a fan of 0.3) each keep a line of the drawing."""
    status, out, _ = run(capsys, "deal", "putt", "--seed", "1")
    cards = Putt().numbered_deal(1).cards
    rows = [
        " ".join(f"[{cards[row * COLUMNS + column].label}]" for column in range(COLUMNS))
        for row in range(DEPTH)
    ]
    drawn = [" ".join(line.split()) for line in out.splitlines()]
    assert status == 0 and drawn[2 : 2 + DEPTH] == rows


def test_the_rulebook_source_is_read_from_a_house_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Outside the package, a game's rulebook source comes through ``--rules-dir``; without
    it the game has no rulebook, and says so in one line."""
    status, _, err = run(capsys, "rules", "putt", "-o", str(tmp_path / "r.pdf"))
    assert status == 1 and err.count("\n") == 1 and "putt.md" in err


def test_the_package_alone_does_not_list_the_fifth_game() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "from printplay.games import REGISTRY; print(sorted(REGISTRY))"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "putt" not in done.stdout
