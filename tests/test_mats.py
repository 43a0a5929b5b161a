"""Table mats: every place at true size where the layout puts it (turned as its slot turns),
tiles inside the printable area, overlapping by the same amount, alignment marks on every
seam, page labels, and the PDF read back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from pdf_geometry import MM, close, operations, page_shapes
from pdftext import page_texts
from pypdf import PdfReader

from printplay.cards import Card, standard_deck
from printplay.deal import Deal
from printplay.errors import GameError
from printplay.games import make_solitaire
from printplay.games.layout import BoardView, Layout, PileView, Slot, SlotView
from printplay.printables.model import PrintRequest
from printplay.printables.requests import make_printable
from printplay.render.mats import (
    CARD_MM,
    GUIDE,
    MARGINS_MM,
    MARK_RADIUS_MM,
    OVERLAP_MM,
    PLACE_FILL,
    MatPlan,
    build_mat,
    plan_mat,
)

FILL = (PLACE_FILL.red, PLACE_FILL.green, PLACE_FILL.blue)
INK = (GUIDE.red, GUIDE.green, GUIDE.blue)
TOL = 0.1  # mm


@pytest.fixture(scope="module", params=["a4", "letter"])
def mat(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_mat("tripeaks", tmp_path_factory.mktemp("mat") / "mat.pdf", paper=request.param)


def _plan(path: Path) -> MatPlan:
    paper = (
        "a4" if round(float(PdfReader(path).pages[0].mediabox.width)) in (595, 842) else "letter"
    )
    return plan_mat(make_solitaire("tripeaks"), paper)


def _size(box: tuple[float, float, float, float]) -> tuple[float, float]:
    return box[2] - box[0], box[3] - box[1]


def test_every_slot_and_pile_has_a_true_size_place() -> None:
    game = make_solitaire("tripeaks")
    for paper in ("a4", "letter"):
        plan = plan_mat(game, paper)
        slots = [p for p in plan.places if p.kind == "slot"]
        assert len(slots) == len(game.layout.slots) == 28
        assert [p.name for p in slots] == [s.name for s in game.layout.slots]
        assert [p.label for p in slots] == [s.label for s in game.layout.slots]
        assert sorted(p.name for p in plan.places if p.kind == "pile") == ["stock", "waste"]
        for place in plan.places:
            assert _size(place.box) == pytest.approx(CARD_MM)
            assert place.text_at is not None
        # Neighbours in a row are the layout's pitch apart, rows half a card apart.
        assert slots[19].cx - slots[18].cx == pytest.approx(game.layout.pitch * CARD_MM[0])
        assert slots[18].cy - slots[9].cy == pytest.approx(CARD_MM[0] * 88.9 / 63.5 / 2)


def test_a_covered_card_is_named_where_it_stays_in_sight() -> None:
    plan = plan_mat(make_solitaire("tripeaks"), "a4")
    slots = [p for p in plan.places if p.kind == "slot"]
    for place in slots[:18]:  # rows 1-3: their lower half lies under the next row
        assert place.text_at is not None
        assert place.text_at[1] < place.cy - 10
    for place in slots[18:]:  # the base: nothing on it
        assert place.text_at == pytest.approx((place.cx, place.cy), abs=2.1)


def test_tiles_cover_the_mat_overlapping_inside_the_printable_area() -> None:
    for paper, pages in (("a4", 6), ("letter", 6)):
        plan = plan_mat(make_solitaire("tripeaks"), paper)
        assert (plan.rows, plan.columns, len(plan.tiles)) == (2, 3, pages)
        assert plan.page[0] > plan.page[1]  # landscape: fewer pages
        width, height = plan.content
        left, right, top, bottom = MARGINS_MM
        assert min(MARGINS_MM) >= 10
        assert width + left + right == pytest.approx(plan.page[0] / MM)
        assert height + top + bottom == pytest.approx(plan.page[1] / MM)
        for tile in plan.tiles:
            assert _size(tile.region) == pytest.approx((width, height))
            right_tile = plan.tile_at(tile.row, tile.column + 1)
            if right_tile:
                assert tile.region[2] - right_tile.region[0] == pytest.approx(OVERLAP_MM)
            below = plan.tile_at(tile.row + 1, tile.column)
            if below:
                assert tile.region[3] - below.region[1] == pytest.approx(OVERLAP_MM)
        for place in plan.places:  # every point of every place is printed somewhere
            x0, y0, x1, y1 = place.box
            for x in (x0, (x0 + x1) / 2, x1):
                for y in (y0, (y0 + y1) / 2, y1):
                    assert any(
                        t.region[0] <= x <= t.region[2] and t.region[1] <= y <= t.region[3]
                        for t in plan.tiles
                    )


def _clip(path: Path, index: int) -> tuple[float, float, float, float]:
    """The rectangle a page's drawing is clipped to (page points)."""
    data = PdfReader(path).pages[index].get_contents().get_data()
    ops = operations(data)
    for (operands, op), (_, after) in pairwise(ops):
        if op == b"re" and after in (b"W", b"W*"):
            x, y, w, h = operands
            return x, y, x + w, y + h
    raise AssertionError("no clipping rectangle")


def test_the_pdf_prints_the_places_at_true_size_inside_the_margins(mat: Path) -> None:
    plan = _plan(mat)
    reader = PdfReader(mat)
    assert len(reader.pages) == 1 + len(plan.tiles)
    texts = page_texts(mat)
    assert "Putting it together" in texts[0]
    left, _, top, _ = MARGINS_MM
    for number, tile in enumerate(plan.tiles, start=1):
        page_w, page_h = (float(v) for v in reader.pages[number].mediabox.upper_right)
        assert (page_w, page_h) == pytest.approx(plan.page)
        x0, y0, x1, y1 = _clip(mat, number)
        assert x0 / MM == pytest.approx(left, abs=0.01)
        assert (page_h - y1) / MM == pytest.approx(top, abs=0.01)
        assert min(x0, y0, page_w - x1, page_h - y1) / MM >= 10 - 0.01
        places = [s for s in page_shapes(mat, number) if s.fill and close(s.fill, FILL)]
        assert len(places) == 28  # all drawn, clipped to the page's part
        for shape in places:
            assert shape.size_mm == pytest.approx(CARD_MM, abs=TOL)
        label = f"{tile.name} of {plan.rows} × {plan.columns}"
        assert label in " ".join(texts[number].split())


def test_alignment_marks_sit_on_every_seam_and_dashed_lines_where_edges_go(mat: Path) -> None:
    plan = _plan(mat)
    left, _, top, _ = MARGINS_MM
    for number, tile in enumerate(plan.tiles, start=1):
        shapes = page_shapes(mat, number)
        marks = [
            s
            for s in shapes
            if s.stroke and close(s.stroke, INK) and not s.fill
            and _size(s.bbox)[0] / MM == pytest.approx(2 * MARK_RADIUS_MM, abs=0.05)
        ]  # fmt: skip
        # Back to mat millimetres: every mark is centred on a seam.
        seams_x, seams_y = plan.seams()
        for shape in marks:
            x0, y0, x1, y1 = shape.bbox
            mx = tile.region[0] + ((x0 + x1) / 2) / MM - left
            my = tile.region[1] + (plan.page[1] - (y0 + y1) / 2) / MM - top
            assert any(abs(mx - s) < 0.01 for s in seams_x) or any(
                abs(my - s) < 0.01 for s in seams_y
            )
        assert marks
        dashed = [s for s in shapes if s.dashed and s.stroke and close(s.stroke, INK)]
        if plan.tile_at(tile.row, tile.column + 1):
            x = (left + plan.content[0] - OVERLAP_MM) * MM
            assert any(abs(s.bbox[0] - x) < 0.01 and abs(s.bbox[2] - x) < 0.01 for s in dashed)
        if plan.tile_at(tile.row + 1, tile.column):
            y = plan.page[1] - (top + plan.content[1] - OVERLAP_MM) * MM
            assert any(abs(s.bbox[1] - y) < 0.01 and abs(s.bbox[3] - y) < 0.01 for s in dashed)


def test_identical_input_gives_identical_bytes(tmp_path: Path) -> None:
    one = build_mat("tripeaks", tmp_path / "one.pdf", paper="letter")
    two = build_mat("tripeaks", tmp_path / "two.pdf", paper="letter")
    assert one.read_bytes() == two.read_bytes()


# --- a layout with a turned card, drawn from the protocols alone -------------------------------


LAYOUT = Layout(
    (
        Slot(0, "upright", 1, 0.0, 0.0, (), (), True, label="U"),
        Slot(1, "turned", 1, 1.5, 0.0, (), (), True, rotation=90.0, label="T"),
    ),
    width=3.0,
    height=1.0,
)


@dataclass(frozen=True)
class _State:
    def board(self, badges: Mapping[int, str] | None = None) -> BoardView:
        card = standard_deck()[0]
        slots = tuple(SlotView(slot, card, True) for slot in LAYOUT.slots)
        piles = (PileView("stock", (card,), False, 0.0, 1.3),)
        return BoardView(slots, piles, 3.0, 2.4)


class _Game:
    name = "turned"
    title = "Turned"
    layout = LAYOUT

    def deck(self) -> list[Card]:
        return standard_deck()

    def initial_state(self, deal: Deal) -> Any:
        return _State()


def test_a_turned_slot_gets_a_turned_place(tmp_path: Path) -> None:
    game: Any = _Game()
    plan = plan_mat(game, "a4")
    upright, turned, stock = plan.places
    assert _size(upright.box) == pytest.approx(CARD_MM)
    assert _size(turned.box) == pytest.approx(CARD_MM[::-1])
    assert stock.kind == "pile" and stock.label == "stock"
    path = build_mat(game, tmp_path / "turned.pdf")
    sizes = sorted(
        tuple(round(v, 1) for v in s.size_mm)
        for s in page_shapes(path, 1)
        if s.fill and close(s.fill, FILL)
    )
    assert sizes == [(63.0, 88.0), (88.0, 63.0)]


def test_only_a_game_with_a_layout_has_a_mat(tmp_path: Path) -> None:
    with pytest.raises(GameError, match="Ricochet Poker has no mat"):
        make_printable("mat", PrintRequest("ricochet-poker", tmp_path / "m.pdf"))
    assert list(tmp_path.iterdir()) == []
