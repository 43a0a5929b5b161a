"""Chips, the ball token and the dealer button: enough pieces for the table, true size on the
page, apart from each other, readable in greyscale, and the same PDF every time."""

from __future__ import annotations

import dataclasses
import itertools
import math
from pathlib import Path
from typing import Any

import pytest
from pdf_geometry import MM, close, page_shapes
from pdftext import pdf_text
from pypdf import PdfReader
from reportlab.graphics import renderSVG
from reportlab.graphics.shapes import Drawing
from reportlab.platypus import PageBreak

from printplay.builders.piece_set import component_set
from printplay.builders.table_mat import table_mat
from printplay.core.errors import OptionError, OutputError
from printplay.games import REGISTRY, PieceWords, make_solitaire
from printplay.makers.components_maker import make_components
from printplay.render.components import (
    BALL_DIAMETER_MM,
    BUTTON_DIAMETER_MM,
    CHIP_DIAMETER_MM,
    CHIP_STYLES,
    CUT_LINE,
    GAP_MM,
    SHEET_MARGIN_MM,
    ball_token_drawing,
    chip_drawing,
    component_flowables,
    dealer_button_drawing,
)
from printplay.render.document import PageSetup, build_pdf
from printplay.render.faces import luma

CUT = (CUT_LINE.red, CUT_LINE.green, CUT_LINE.blue)


def cut_circles(path: Path) -> list[list[tuple[float, float, float]]]:
    """Per page: every cut circle as (centre x, centre y, diameter), in millimetres."""
    pages = []
    for number in range(len(PdfReader(path).pages)):
        circles = []
        for shape in page_shapes(path, number):
            if shape.stroke and close(shape.stroke, CUT) and not shape.fill:
                x0, y0, x1, y1 = shape.bbox
                assert abs((x1 - x0) - (y1 - y0)) < 0.01  # round
                circles.append(((x0 + x1) / 2 / MM, (y0 + y1) / 2 / MM, (x1 - x0) / MM))
        pages.append(circles)
    return pages


@pytest.fixture(scope="module", params=["a4", "letter"])
def sheets(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_components(tmp_path_factory.mktemp("parts") / "parts.pdf", paper=request.param)


def test_a_table_of_eight_gets_twenty_antes_each_a_ball_and_a_button() -> None:
    pieces = {piece.name: piece.count for piece in component_set(8)}
    assert pieces == {"chip 1": 80, "chip 5": 16, "ball": 2, "dealer": 2}
    assert sum(int(n.split()[1]) * c for n, c in pieces.items() if n.startswith("chip")) == 160
    assert {p.name: p.count for p in component_set(2)}["chip 1"] == 20
    for bad in (1, 9, 0, "8", 2.5):
        with pytest.raises(OptionError, match="players must be a whole number from 2 to 8"):
            component_set(bad)  # type: ignore[arg-type]


def test_every_piece_is_printed_true_size_on_two_pages(sheets: Path) -> None:
    reader = PdfReader(sheets)
    assert len(reader.pages) == 2
    circles = [c for page in cut_circles(sheets) for c in page]
    assert len(circles) == 100
    for diameter, count in ((CHIP_DIAMETER_MM, 96), (BALL_DIAMETER_MM, 2), (BUTTON_DIAMETER_MM, 2)):
        assert sum(abs(d - diameter) <= 0.1 for _, _, d in circles) == count, diameter


def test_pieces_stay_inside_the_margins_and_apart(sheets: Path) -> None:
    reader = PdfReader(sheets)
    for page, circles in zip(reader.pages, cut_circles(sheets), strict=True):
        width = float(page.mediabox.width) / MM
        height = float(page.mediabox.height) / MM
        margin = SHEET_MARGIN_MM - 0.01
        for x, y, d in circles:
            r = d / 2
            assert margin <= x - r and x + r <= width - margin
            assert margin <= y - r and y + r <= height - margin
        for (x1, y1, d1), (x2, y2, d2) in itertools.combinations(circles, 2):
            assert math.hypot(x1 - x2, y1 - y2) >= (d1 + d2) / 2 + GAP_MM - 0.01


def test_the_sheets_ask_for_no_scaling_and_embed_their_fonts(sheets: Path) -> None:
    reader = PdfReader(sheets)
    root: Any = reader.trailer["/Root"]
    assert root["/ViewerPreferences"]["/PrintScaling"] == "/None"
    for page in reader.pages:
        resources: Any = page["/Resources"]
        for ref in resources.get("/Font", {}).values():
            assert "DejaVu" in str(ref.get_object()["/BaseFont"])
    text = pdf_text(sheets)
    assert text.count("DEALER") == 2 and text.count("BALL") == 2
    assert "cut along the circles" in text


def test_identical_input_gives_identical_bytes(tmp_path: Path) -> None:
    one = make_components(tmp_path / "one.pdf", paper="letter", players=5)
    two = make_components(tmp_path / "two.pdf", paper="letter", players=5)
    assert one.read_bytes() == two.read_bytes()


def test_bad_output_and_paper_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match="does not exist"):
        make_components(tmp_path / "nowhere" / "parts.pdf")
    with pytest.raises(OutputError, match="unknown paper 'a5'"):
        make_components(tmp_path / "parts.pdf", paper="a5")
    with pytest.raises(OptionError, match="players"):
        make_components(tmp_path / "parts.pdf", players=12)
    assert list(tmp_path.iterdir()) == []


def test_chip_values_differ_in_print_grey_and_pattern() -> None:
    one, five = CHIP_STYLES[1], CHIP_STYLES[5]
    assert abs(luma(one.colour) - luma(five.colour)) > 0.2
    assert one.spots != five.spots
    for value in (1, 5):
        svg = renderSVG.drawToString(chip_drawing(value))
        assert f">{value}<" in svg
    with pytest.raises(OptionError, match=r"no chip of value 25 \(choose 1 or 5\)"):
        chip_drawing(25)


def test_drawings_are_their_pieces_size() -> None:
    for drawing, diameter in (
        (chip_drawing(1), CHIP_DIAMETER_MM),
        (ball_token_drawing(), BALL_DIAMETER_MM),
        (dealer_button_drawing(), BUTTON_DIAMETER_MM),
        (chip_drawing(5, diameter_mm=40), 40.0),
    ):
        assert drawing.width == pytest.approx(diameter * MM)
        assert drawing.height == pytest.approx(diameter * MM)
        x0, y0, x1, y1 = drawing.getBounds()
        assert (x0, y0) == pytest.approx((0, 0), abs=0.3)  # the cut line's half stroke
        assert (x1, y1) == pytest.approx((diameter * MM,) * 2, abs=0.3)


def test_the_sheets_drop_into_a_printplay_document(tmp_path: Path) -> None:
    flowables = component_flowables("letter", component_set(8))
    drawings = [f for f in flowables if isinstance(f, Drawing)]
    assert len(drawings) >= 2  # the frame is smaller than the page less its margins
    assert sum(isinstance(f, PageBreak) for f in flowables) == len(drawings) - 1
    setup = PageSetup(paper="letter", title="kit", footer="printplay kit")
    for drawing in drawings:
        assert drawing.width <= setup.frame_width and drawing.height <= setup.frame_height
    path = build_pdf(tmp_path / "kit.pdf", flowables, setup)
    assert len(PdfReader(path).pages) == len(drawings)
    sizes = [d for page in cut_circles(path) for _, _, d in page]
    assert sum(abs(d - CHIP_DIAMETER_MM) <= 0.1 for d in sizes) == 96  # true size in the frame


def test_a_game_names_its_pieces(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert {p.title for p in component_set(2)} == {"chips", "Ricochet ball", "dealer button"}
    puck = {"ball": PieceWords("Puck", "the puck (and a spare)")}
    monkeypatch.setitem(
        REGISTRY, "ricochet", dataclasses.replace(REGISTRY["ricochet"], pieces=puck)
    )
    assert [p.title for p in component_set(2, ["ball"])] == ["Puck"]
    mat = table_mat(make_solitaire("ricochet"), REGISTRY["ricochet"].pieces)
    assert mat.pieces == ("the puck (and a spare)",) and mat.cut_out[0].title == "Puck"
    path = make_components(tmp_path / "puck.pdf", kinds=("ball",))
    assert "printplay · Puck · sheet 1 of 1" in pdf_text(path)
