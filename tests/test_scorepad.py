"""Scorepads: TriPeaks' and Ricochet Poker's tables to fill in by hand, their formulas read
from the engines, ink-light (thin rules, nothing filled), fitting A4 and Letter, and bad
requests refused in one line."""

from __future__ import annotations

import inspect
import itertools
from pathlib import Path

import pytest
from pdf_geometry import MM, page_shapes
from pypdf import PdfReader

from printplay.cli.app import main
from printplay.games import REGISTRY
from printplay.games.poker import casino
from printplay.games.tripeaks import (
    PEAK_BONUSES,
    RACE_TARGET,
    SECONDS_PER_TIME_POINT,
    TIMED_FAST_MINUTES,
    TIMED_MINUTES,
    chain_points,
)
from printplay.makers import scorepad_maker
from printplay.makers.scorepad_maker import make_scorepad
from printplay.makers.scorepad_maker import scorepad_model as build
from printplay.models import scorepad_model
from printplay.models.scorepad_model import ScorepadRequest, ScoreTable
from printplay.render import scorepad_pdf
from printplay.render.scorepad_pdf import FIRM, MARGIN_MM, MIN_COLUMN_MM, ROW_MM

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}

PADS: dict[str, tuple[str, int | None, tuple[str, ...], str]] = {
    "tripeaks a4": ("tripeaks", None, (), "a4"),
    "tripeaks letter, eight players, a card penalty": (
        "tripeaks",
        8,
        ("card-penalty=2",),
        "letter",
    ),
    "poker a4": ("ricochet-poker", None, (), "a4"),
    "poker letter, seven players": ("ricochet-poker", 7, (), "letter"),
    "poker letter, eight at home": ("ricochet-poker", 8, ("home-cap",), "letter"),
}


@pytest.fixture(scope="module")
def pads(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("pads")
    made = {}
    for number, (name, (game, players, options, paper)) in enumerate(PADS.items()):
        request = ScorepadRequest(game, players, options, paper)
        made[name] = make_scorepad(folder / f"pad{number}.pdf", request)[0]
    return made


def _request(name: str) -> ScorepadRequest:
    game, players, options, paper = PADS[name]
    return ScorepadRequest(game, players, options, paper)


def _text(path: Path, page: int) -> str:
    return " ".join(PdfReader(path).pages[page].extract_text().split())


@pytest.mark.parametrize("name", list(PADS))
def test_ink_light_thin_rules_and_nothing_filled(pads: dict[str, Path], name: str) -> None:
    path = pads[name]
    for page in range(len(PdfReader(path).pages)):
        shapes = page_shapes(path, page)
        assert len(shapes) > 30
        assert all(shape.fill is None for shape in shapes)
        assert all(shape.line_width <= FIRM + 1e-6 for shape in shapes)
        assert all(len(shape.points) == 2 for shape in shapes)  # straight rules only


@pytest.mark.parametrize("name", list(PADS))
def test_each_table_fits_its_paper_with_columns_and_rows_to_write_in(
    pads: dict[str, Path], name: str
) -> None:
    path = pads[name]
    pad = build(_request(name))
    reader = PdfReader(path)
    assert len(reader.pages) == len(pad.tables)
    for page, table in enumerate(pad.tables):
        box = reader.pages[page].mediabox
        size = (float(box.width) / MM, float(box.height) / MM)
        assert sorted(round(v, 1) for v in size) == sorted(PAPERS[pad.paper])
        shapes = page_shapes(path, page)
        xs, ys = set(), set()
        for shape in shapes:
            x0, y0, x1, y1 = (v / MM for v in shape.bbox)
            assert x0 >= MARGIN_MM - 0.01 and y0 >= MARGIN_MM - 0.01
            assert x1 <= size[0] - MARGIN_MM + 0.01 and y1 <= size[1] - MARGIN_MM + 0.01
            if abs(x1 - x0) < 1e-6:
                xs.add(round(x0, 3))
            else:
                ys.add(round(y0, 3))
        # The upright rules: the table's two edges and one between every two columns.
        lefts = sorted(xs)
        assert len(lefts) == len(table.all_columns) + 2
        widths = [b - a for a, b in itertools.pairwise(lefts[1:])]
        assert min(widths) >= MIN_COLUMN_MM * (0.75 if _narrow(table) else 1.0) - 0.01
        rows = sorted(ys)
        heights = [b - a for a, b in itertools.pairwise(rows)]
        numbered = [h for h in heights if abs(h - heights[0]) < 0.01]
        assert len(numbered) >= 8 and heights[0] >= ROW_MM - 0.01


def _narrow(table: ScoreTable) -> bool:
    return any(column.narrow for column in table.all_columns)


@pytest.mark.parametrize("name", list(PADS))
def test_every_heading_prints_whole(pads: dict[str, Path], name: str) -> None:
    pad = build(_request(name))
    for page, table in enumerate(pad.tables):
        text = _text(pads[name], page)
        for column in table.all_columns:
            assert column.heading in text
        for seat in table.seats:
            assert seat in text
        headings = [c.heading for c in table.all_columns] + [table.title, table.row_heading]
        assert not any("…" in heading for heading in headings)
        # No heading, note or label is cut short (the chain formula's "1, 2, 3 …" aside).
        assert text.replace("3 …", "").count("…") == 0, text


def test_tripeaks_scores_from_the_engine(pads: dict[str, Path]) -> None:
    solo = _text(pads["tripeaks a4"], 0)
    first, second, third = PEAK_BONUSES
    assert f"{first} for the first peak cleared, {second} for the second and {third}" in solo
    assert f"12: {chain_points(12)} · 28: {chain_points(28)}" in solo
    assert f"Set a clock for {TIMED_MINUTES} minutes ({TIMED_FAST_MINUTES} for" in solo
    assert f"full {SECONDS_PER_TIME_POINT} seconds left" in solo
    assert "Score = Chains + Peaks + Clear + Time; Total = the Total above + Score" in solo
    assert "no deal scores more than 596" in solo
    multi = _text(pads["tripeaks a4"], 1)
    assert f"The first to reach {RACE_TARGET:,} at the end of a deal wins" in multi
    assert "Multi-hand, four players" in multi and "Player 4" in multi
    penalty = _text(pads["tripeaks letter, eight players, a card penalty"], 0)
    assert "Score = Chains + Peaks + Clear + Time − Left" in penalty
    assert "A lost deal loses 2 for every card left" in penalty and "−2 a card" in penalty


def test_tripeaks_columns_follow_the_options() -> None:
    def columns(*options: str) -> list[str]:
        pad = build(ScorepadRequest("tripeaks", 1, options))
        assert len(pad.tables) == 1  # one player: the solo page alone
        return [column.heading for column in pad.tables[0].all_columns]

    standard = ["Deal", "Chains", "Peaks", "Clear", "Time", "Score", "Total"]
    assert columns() == standard
    assert columns("completion-bonus=0") == [h for h in standard if h != "Clear"]
    assert columns("card-penalty=1") == [*standard[:5], "Left", "Score", "Total"]
    bonus = build(ScorepadRequest("tripeaks", 1, ("completion-bonus=250",))).tables[0]
    assert bonus.all_columns[3].note == "+250"
    assert any("adds 250" in line for line in bonus.formulas)


def test_poker_chips_from_the_engines(pads: dict[str, Path]) -> None:
    standard = _text(pads["poker a4"], 0)
    assert "The standard game, four players" in standard and "Start" in standard
    assert "Chips = the Chips above + Won − Paid" in standard
    assert "a buy of k cards costs k chips" in standard
    casino_page = _text(pads["poker a4"], 1)
    pays = ", ".join(f"{name} {bonus:,}" for name, bonus in casino.BONUSES.items())
    assert pays in casino_page and "royal flush 1,000" in casino_page
    assert "Chips = the Chips above + Won + Bonus − Paid" in casino_page
    assert f"+ {casino.BUY_CHIPS} chip for a buy of exactly {casino.BUY_CARDS} cards" in casino_page
    assert "The house" in casino_page and "Seat" not in casino_page
    home = build(_request("poker letter, eight at home")).tables[1]
    assert home.shared[0].heading == "Seat" and len(home.seats) == 8
    assert "The house" not in home.seats
    assert any(f"royal flush {casino.HOME_CAP}" in line for line in home.formulas)


def test_the_casino_page_is_left_out_when_it_cannot_seat_the_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "pad.pdf"
    status = main(["scorepad", "poker", "--players", "8", "-o", str(target)])
    out, err = capsys.readouterr()
    assert status == 0 and out.strip() == str(target)
    assert err.strip() == (
        "printplay: note: no casino page: the casino game seats at most 7 players besides "
        "the house (home-cap: 8, taking turns to deal)"
    )
    assert len(PdfReader(target).pages) == 1


def test_the_same_pad_gives_the_same_bytes(tmp_path: Path) -> None:
    request = ScorepadRequest("tripeaks")
    first = make_scorepad(tmp_path / "a.pdf", request)[0]
    second = make_scorepad(tmp_path / "b.pdf", request)[0]
    assert first.read_bytes() == second.read_bytes()


def test_the_shared_modules_name_no_game() -> None:
    """What a game prints on its scorepad comes from its own builder, which its registry
    entry names: the model, the maker and the renderer know no game."""
    names = {word for game in REGISTRY.values() for word in (game.name, game.title)}
    names |= {"poker", "Poker", "chips", "peak", "chain"}
    for module in (scorepad_model, scorepad_maker, scorepad_pdf):
        source = inspect.getsource(module)
        assert not [name for name in names if name in source], module.__name__
    assert {name for name, game in REGISTRY.items() if game.scorepad} == {
        "tripeaks",
        "ricochet-poker",
    }


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["nosuchgame"], "unknown game 'nosuchgame'"),
        (["pyramid"], "Pyramid has no scorepad (games with one: tripeaks, ricochet-poker)"),
        (["tripeaks", "--players", "9"], "--players must be from 1 to 8 for TriPeaks"),
        (["tripeaks", "--players", "0"], "--players must be from 1 to 8 for TriPeaks"),
        (["poker", "--players", "1"], "--players must be from 2 to 8 for Ricochet Poker"),
        (["tripeaks", "-O", "bogus"], "unknown option 'bogus'"),
        (["poker", "-O", "card-penalty=2"], "unknown option 'card-penalty'"),
    ],
)
def test_bad_requests_are_refused_in_one_line(
    args: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "pad.pdf"
    status = main(["scorepad", *args, "-o", str(target)])
    out, err = capsys.readouterr()
    assert status == 1 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err, err
    assert list(tmp_path.iterdir()) == []


def test_an_unwritable_path_is_refused_before_anything_is_built(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["scorepad", "tripeaks", "-o", str(tmp_path / "no" / "pad.pdf")])
    err = capsys.readouterr().err
    assert status == 1 and len(err.strip().splitlines()) == 1 and "does not exist" in err
