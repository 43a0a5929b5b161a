"""Table mats: every place at true size where the layout puts it (turned as its slot turns),
tiles inside the printable area, overlapping by the same amount, alignment marks on every
seam, page labels, and the PDF read back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

import pypdfium2
import pytest
from conftest import Printed
from pdf_geometry import MM, close, operations, page_shapes
from pdftext import page_texts
from pypdf import PdfReader

from printplay.builders.table_mat import table_mat
from printplay.core.cards import Card, standard_deck
from printplay.core.deal import Deal, numbered_deal
from printplay.core.errors import GameError
from printplay.core.layout import BoardView, Layout, PileView, Slot, SlotView
from printplay.games import make_solitaire
from printplay.makers.printable_words import printable_words
from printplay.makers.requests import make_printable
from printplay.models.printable import PrintRequest, TableMat
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
KIT = printable_words("kit.j2")
"""The mat's words, as ``printplay mat`` makes them (the bundled ``kit.j2``)."""


def mat_of(game: Any) -> TableMat:
    """The mat model of ``game`` (a name, or an engine), with no pieces to cut out."""
    return table_mat(make_solitaire(game) if isinstance(game, str) else game)


@pytest.fixture(scope="module", params=["a4", "letter"])
def mat(request: pytest.FixtureRequest, printed: Printed) -> Path:
    """TriPeaks' mat on A4 and Letter, as ``printplay mat`` makes it (typeset once a run)."""
    return printed.printable("mat", "tripeaks", paper=request.param)


def _plan(path: Path) -> MatPlan:
    paper = (
        "a4" if round(float(PdfReader(path).pages[0].mediabox.width)) in (595, 842) else "letter"
    )
    return plan_mat(mat_of("tripeaks"), paper, words=KIT)


def _size(box: tuple[float, float, float, float]) -> tuple[float, float]:
    return box[2] - box[0], box[3] - box[1]


def test_every_slot_and_pile_has_a_true_size_place() -> None:
    game = make_solitaire("tripeaks")
    for paper in ("a4", "letter"):
        plan = plan_mat(mat_of(game), paper, words=KIT)
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
    plan = plan_mat(mat_of("tripeaks"), "a4", words=KIT)
    slots = [p for p in plan.places if p.kind == "slot"]
    for place in slots[:18]:  # rows 1-3: their lower half lies under the next row
        assert place.text_at is not None
        assert place.text_at[1] < place.cy - 10
    xs, ys = plan.seams()
    for place in slots[18:]:  # the base: nothing on it, named in its middle unless on a seam
        assert place.text_at is not None
        if all(abs(y - place.cy) > 12 for y in ys) and all(abs(x - place.cx) > 25 for x in xs):
            assert place.text_at == pytest.approx((place.cx, place.cy), abs=2.1)
        else:
            assert place.text_at[1] == pytest.approx(place.cy, abs=2.1)  # moved along


def test_tiles_cover_the_mat_overlapping_inside_the_printable_area() -> None:
    for paper, pages in (("a4", 6), ("letter", 6)):
        plan = plan_mat(mat_of("tripeaks"), paper, words=KIT)
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


def test_identical_input_gives_identical_bytes(printed: Printed, tmp_path: Path) -> None:
    one = printed.printable("mat", "tripeaks", paper="letter")  # made once a run
    two = build_mat(mat_of("tripeaks"), tmp_path / "two.pdf", words=KIT, paper="letter")
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

    def numbered_deal(self, seed: int) -> Deal:
        return numbered_deal(self.deck(), seed)

    def initial_state(self, deal: Deal) -> Any:
        return _State()


def test_a_turned_slot_gets_a_turned_place(tmp_path: Path) -> None:
    game: Any = _Game()
    plan = plan_mat(mat_of(game), "a4", words=KIT)
    upright, turned, stock = plan.places
    assert _size(upright.box) == pytest.approx(CARD_MM)
    assert _size(turned.box) == pytest.approx(CARD_MM[::-1])
    assert stock.kind == "pile" and stock.label == "stock"
    path = build_mat(mat_of(game), tmp_path / "turned.pdf", words=KIT)
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


# --- every solitaire: words clear of the seams, one target a corner, the foot inside ---------

GAMES = ("tripeaks", "pyramid", "ricochet")


@pytest.fixture(scope="module", params=[(g, p) for g in GAMES for p in ("a4", "letter")])
def any_mat(request: pytest.FixtureRequest, printed: Printed) -> tuple[Path, MatPlan]:
    """Each solitaire's mat on A4 and Letter (typeset once a run) and its plan."""
    game, paper = request.param
    return printed.printable("mat", game, paper=paper), plan_mat(mat_of(game), paper, words=KIT)


Rect = tuple[float, float, float, float]


def _content_rect(plan: MatPlan) -> Rect:
    """The printed part of a tile's page, in page points."""
    left, _, top, _ = MARGINS_MM
    width, height = plan.content
    page_h = plan.page[1]
    return left * MM, page_h - (top + height) * MM, (left + width) * MM, page_h - top * MM


def _chars(path: Path, index: int) -> list[Rect]:
    """The box of every letter printed on page ``index``."""
    document = pypdfium2.PdfDocument(path)
    try:
        textpage = document[index].get_textpage()
        boxes = [textpage.get_charbox(i) for i in range(textpage.count_chars())]
        return [b for b in boxes if b[2] > b[0] and b[3] > b[1]]
    finally:
        document.close()


def _targets(path: Path, index: int) -> list[tuple[float, float]]:
    """The centres of the registration circles on page ``index`` (page points)."""
    found = []
    for shape in page_shapes(path, index):
        x0, y0, x1, y1 = shape.bbox
        circle = abs((x1 - x0) / MM - 2 * MARK_RADIUS_MM) < 0.05 and abs(x1 - x0 - (y1 - y0)) < 0.05
        if circle and shape.stroke and close(shape.stroke, INK) and not shape.fill:
            found.append(((x0 + x1) / 2, (y0 + y1) / 2))
    return found


def _touches(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_words_on_the_mat_keep_clear_of_seams_and_targets(any_mat: tuple[Path, MatPlan]) -> None:
    """No letter of a place's name, a pile's count, a wall label or a token is crossed by a
    seam (the dashed line where the next page's edge goes, this page's own cut edges) or by
    a registration target's circle and cross."""
    path, plan = any_mat
    x0, y0, x1, y1 = content = _content_rect(plan)
    reach = 2 * MARK_RADIUS_MM * MM
    for number, tile in enumerate(plan.tiles, start=1):
        lines: list[Rect] = []
        for shape in page_shapes(path, number):
            if shape.dashed and shape.stroke and close(shape.stroke, INK):
                lines.append(shape.bbox)
        if plan.tile_at(tile.row, tile.column - 1):
            lines.append((x0, y0, x0, y1))  # the left edge, cut
        if plan.tile_at(tile.row - 1, tile.column):
            lines.append((x0, y1, x1, y1))  # the top edge, cut
        crosses = [(x - reach, y - reach, x + reach, y + reach) for x, y in _targets(path, number)]
        assert crosses
        letters = [
            c
            for c in _chars(path, number)
            if content[0] < (c[0] + c[2]) / 2 < content[2]
            and content[1] < (c[1] + c[3]) / 2 < content[3]
        ]
        for letter in letters:
            inner = (letter[0] + 0.2, letter[1] + 0.2, letter[2] - 0.2, letter[3] - 0.2)
            grown = (inner[0] - 0.01, inner[1] - 0.01, inner[2] + 0.01, inner[3] + 0.01)
            assert not any(_touches(grown, line) for line in lines), (tile.name, letter)
            assert not any(_touches(inner, cross) for cross in crosses), (tile.name, letter)


def _corners(plan: MatPlan) -> set[tuple[float, float]]:
    """Where a seam between two pages side by side crosses or meets one between two pages one
    above the other (mat millimetres)."""
    uprights, levels = [], []
    for tile in plan.tiles:
        x0, y0, x1, y1 = tile.region
        if plan.tile_at(tile.row, tile.column - 1):
            uprights.append((x0, y0, y1))
        if plan.tile_at(tile.row - 1, tile.column):
            levels.append((y0, x0, x1))
    return {
        (round(x, 3), round(y, 3))
        for x, top, bottom in uprights
        for y, left, right in levels
        if top - 1e-6 <= y <= bottom + 1e-6 and left - 1e-6 <= x <= right + 1e-6
    }


def test_one_target_at_each_corner_and_no_two_crosses_touch(any_mat: tuple[Path, MatPlan]) -> None:
    path, plan = any_mat
    left, _, top, _ = MARGINS_MM
    found: set[tuple[float, float]] = set()
    for number, tile in enumerate(plan.tiles, start=1):
        for x, y in _targets(path, number):  # back to mat millimetres
            mx = tile.region[0] + x / MM - left
            my = tile.region[1] + (plan.page[1] - y) / MM - top
            found.add((round(mx, 2), round(my, 2)))
    targets = list(plan.marks)
    assert len(found) >= len(targets)  # each printed (on every page it falls on)
    for x, y in found:
        assert any(abs(x - tx) < 0.02 and abs(y - ty) < 0.02 for tx, ty in targets)
    reach = 2 * MARK_RADIUS_MM
    for i, a in enumerate(targets):
        for b in targets[i + 1 :]:
            assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 2 * reach, (a, b)
    corners = _corners(plan)
    assert corners or plan.rows == 1 or plan.columns == 1
    for corner in corners:
        near = [t for t in targets if max(abs(t[0] - corner[0]), abs(t[1] - corner[1])) < 20]
        assert near == [pytest.approx(corner, abs=1e-3)], corner


def test_the_foot_of_every_page_keeps_ten_millimetres_from_the_edges(
    any_mat: tuple[Path, MatPlan],
) -> None:
    """The page label, the 50 mm bar and the page map sit in the foot, 10 mm or more from
    every edge: rendered, the outer 10 mm below the mat are blank but for the crop mark of a
    cut left edge, and the foot has ink (greyscale, as a mono printer prints it)."""
    path, plan = any_mat
    scale = 2.0
    left, _, _, bottom = MARGINS_MM
    document = pypdfium2.PdfDocument(path)
    try:
        for number, tile in enumerate(plan.tiles, start=1):
            image = document[number].render(scale=scale).to_pil().convert("L")
            width, height = image.size
            px = scale * MM  # pixels a millimetre
            mark_x = round(left * px)  # the crop mark of a cut left edge
            below = image.crop((0, height - round(10 * px) + 2, width, height))
            foot = image.crop((0, height - round(bottom * px), width, height - round(10 * px)))
            for name, part in (("under the foot", below), ("beside the foot", foot)):
                for x in range(part.width):
                    if abs(x - mark_x) <= 2 and plan.tile_at(tile.row, tile.column - 1):
                        continue
                    inside = 10 * px - 2 < x < width - 10 * px + 2  # a pixel either way
                    if name == "beside the foot" and inside:
                        continue
                    column = part.crop((x, 0, x + 1, part.height))
                    assert column.getextrema()[0] > 240, (tile.name, name, round(x / px, 1))
            assert foot.getextrema()[0] < 128  # the label, the bar and the map are there
    finally:
        document.close()


@pytest.mark.parametrize(("game", "paper"), [("pyramid", "a4"), ("pyramid", "letter")])
def test_the_page_map_names_every_page_in_six_point_letters(
    printed: Printed, game: str, paper: str
) -> None:
    """Three rows of pages (A4) or pages taller than wide (Letter): the map grows, or its
    cells widen, until each holds its page's name at 6 pt (it was 5 pt, or left out)."""
    from pdf_geometry import text_runs

    from printplay.render.styles import MIN_TEXT

    path = printed.printable("mat", game, paper=paper)
    plan = plan_mat(mat_of(game), paper, words=KIT)
    names = {tile.name for tile in plan.tiles}
    here = [run for run in text_runs(path) if run.page == 2]  # the first tile's page
    assert {run.text for run in here} >= names
    assert all(run.size >= MIN_TEXT for run in here if run.text in names)
