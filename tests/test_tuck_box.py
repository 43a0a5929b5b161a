"""The tuck box: its panels, measured from the lines the PDF draws, are the card plus the
stated clearances; cuts are solid, folds dashed, glue flaps marked; it fits the paper (in two
pieces joined by a tab when one does not) and bad requests are refused in one line."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from pdf_geometry import MM, Shape, close, page_shapes
from pypdf import PdfReader

from printplay.builders.tuck_box import (
    DEPTH_CLEARANCE_MM,
    HEIGHT_CLEARANCE_MM,
    MARGIN_MM,
    WIDTH_CLEARANCE_MM,
    box_size,
    dieline_lines,
    one_piece,
)
from printplay.cli.app import main
from printplay.makers.tuck_box_maker import make_tuck_box, tuck_box_model
from printplay.render.tuck_box_pdf import CUT_INK, FOLD_INK, GLUE_INK

CUT = (CUT_INK.red, CUT_INK.green, CUT_INK.blue)
FOLD = (FOLD_INK.red, FOLD_INK.green, FOLD_INK.blue)
GLUE = (GLUE_INK.red, GLUE_INK.green, GLUE_INK.blue)
TOLERANCE_MM = 0.02
"""How close a measured length must be (reportlab writes points to two decimals)."""

Segment = tuple[tuple[float, float], tuple[float, float]]


@dataclass(frozen=True)
class Drawn:
    """The straight lines of a page's dieline, in mm from the page's bottom left corner."""

    cuts: list[Segment]
    folds: list[Segment]

    def verticals(self, kind: str) -> list[Segment]:
        lines = self.cuts if kind == "cut" else self.folds
        return [s for s in lines if abs(s[0][0] - s[1][0]) < 1e-3]

    def horizontals(self, kind: str) -> list[Segment]:
        lines = self.cuts if kind == "cut" else self.folds
        return [s for s in lines if abs(s[0][1] - s[1][1]) < 1e-3]


def _segment(shape: Shape) -> Segment:
    (x0, y0), (x1, y1) = shape.points
    return (x0 / MM, y0 / MM), (x1 / MM, y1 / MM)


def drawn(path: Path, page: int, above_mm: float) -> Drawn:
    """The cut lines (solid, the cut ink) and fold lines (dashed, the fold ink) a page
    draws above ``above_mm`` (below it lie the legend's samples and the scale bar)."""
    cuts, folds = [], []
    for shape in page_shapes(path, page):
        if shape.stroke is None or len(shape.points) != 2 or shape.bbox[1] / MM < above_mm:
            continue
        if close(shape.stroke, CUT) and not shape.dashed:
            cuts.append(_segment(shape))
        elif close(shape.stroke, FOLD) and shape.dashed:
            folds.append(_segment(shape))
    return Drawn(cuts, folds)


def _distinct(values: list[float]) -> list[float]:
    found: list[float] = []
    for value in sorted(values):
        if not found or value - found[-1] > 0.01:
            found.append(value)
    return found


def measure_one_piece(path: Path, above_mm: float) -> dict[str, tuple[float, float]]:
    """The panels of an upright one-piece dieline, width × height in mm, measured from the
    drawn lines alone: the four vertical folds (side | front | side | back | glue flap),
    the side's outer cut edge, the horizontal folds crossing the sides (to their dust flaps)
    and the back (to the lid and the bottom, and on to the tuck flap and the bottom's flap),
    and the cut edges crossing the front."""
    lines = drawn(path, 0, above_mm)
    folds_x = _distinct([s[0][0] for s in lines.verticals("fold")])
    assert len(folds_x) == 4, folds_x
    left = min(s[0][0] for s in lines.verticals("cut"))
    f1, f2, f3, f4 = folds_x

    def crossing(kind: str, x0: float, x1: float) -> list[float]:
        """The heights of the horizontal lines of ``kind`` crossing the panel from ``x0`` to
        ``x1`` a tenth of the way in (clear of the front's thumb notch)."""
        x = x0 + (x1 - x0) / 10
        return _distinct(
            [
                s[0][1]
                for s in lines.horizontals(kind)
                if min(s[0][0], s[1][0]) < x < max(s[0][0], s[1][0])
            ]
        )

    side = crossing("fold", left, f1)
    back = crossing("fold", f3, f4)
    front_edges = crossing("cut", f1, f2)
    assert len(side) == 2 and len(back) == 4 and len(front_edges) == 2, (side, back, front_edges)
    bottom, foot, top, lid = back
    return {
        "front": (f2 - f1, front_edges[1] - front_edges[0]),
        "side": (f1 - left, side[1] - side[0]),
        "other side": (f3 - f2, side[1] - side[0]),
        "back": (f4 - f3, top - foot),
        "lid": (f4 - f3, lid - top),
        "bottom": (f4 - f3, foot - bottom),
    }


@pytest.fixture(scope="module", params=["a4", "letter"])
def deck_box(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[str, Path]:
    paper = str(request.param)
    path = tmp_path_factory.mktemp("box") / f"box-{paper}.pdf"
    make_tuck_box(path, cards=54, thickness=0.3, game="tripeaks", paper=paper)
    return paper, path


def test_the_panels_measured_from_the_drawing_are_the_card_plus_the_clearances(
    deck_box: tuple[str, Path],
) -> None:
    paper, path = deck_box
    model = tuck_box_model(cards=54, thickness=0.3, game="tripeaks", paper=paper)
    assert len(model.sheets) == 1 and len(PdfReader(path).pages) == 1
    panels = measure_one_piece(path, model.sheets[0].legend_at[1] + 3)
    width = 63.0 + WIDTH_CLEARANCE_MM
    height = 88.0 + HEIGHT_CLEARANCE_MM
    depth = 54 * 0.3 + DEPTH_CLEARANCE_MM
    assert (width, height, round(depth, 2)) == (64.5, 90.0, 18.2)
    expected = {
        "front": (width, height),
        "side": (depth, height),
        "other side": (depth, height),
        "back": (width, height),
        "lid": (width, depth),
        "bottom": (width, depth),
    }
    for name, (w, h) in expected.items():
        got = panels[name]
        assert abs(got[0] - w) < TOLERANCE_MM and abs(got[1] - h) < TOLERANCE_MM, (name, got)
    # The model's panels say the same as the drawing.
    boxes = {panel.name: panel for panel in model.sheets[0].panels}
    for name in ("front", "back", "lid", "bottom"):
        assert abs(boxes[name].width - panels[name][0]) < TOLERANCE_MM
        assert abs(boxes[name].height - panels[name][1]) < TOLERANCE_MM


def test_the_depth_follows_the_count_and_the_thickness() -> None:
    thin = box_size("poker", 63, 88, 54, 0.3)
    thick = box_size("poker", 63, 88, 54, 0.5)
    few = box_size("poker", 63, 88, 10, 0.3)
    assert round(thin.depth, 6) == 18.2 and round(thick.depth, 6) == 29.0
    assert few.depth == 6.0  # made up to the least depth that folds and glues
    bridge = tuck_box_model(size="bridge", cards=54, thickness=0.3)
    assert (bridge.size.width, bridge.size.height) == (57.15 + 1.5, 88.9 + 2.0)


def test_cuts_are_solid_and_folds_dashed_and_every_piece_closes(
    deck_box: tuple[str, Path],
) -> None:
    paper, path = deck_box
    model = tuck_box_model(cards=54, thickness=0.3, game="tripeaks", paper=paper)
    lines = drawn(path, 0, model.sheets[0].legend_at[1] + 3)
    drawn_cuts = len(lines.cuts)
    drawn_folds = len(lines.folds)
    kinds = [line.kind for line in model.sheets[0].lines]
    assert (drawn_cuts, drawn_folds) == (kinds.count("cut"), kinds.count("fold"))
    assert drawn_folds >= 10
    # Every end of a cut line meets another cut line: the outline closes round the piece.
    ends: dict[tuple[float, float], int] = {}
    for a, b in lines.cuts:
        for point in (a, b):
            key = (round(point[0], 1), round(point[1], 1))
            ends[key] = ends.get(key, 0) + 1
    assert all(count % 2 == 0 for count in ends.values()), ends
    # The legend samples a cut, a fold and glue hatching, with their words.
    shapes = page_shapes(path, 0)
    below = [
        s
        for s in shapes
        if s.stroke is not None and s.bbox[3] / MM < model.sheets[0].legend_at[1] + 3
    ]
    assert any(close(s.stroke, CUT) and not s.dashed for s in below if s.stroke)
    assert any(close(s.stroke, FOLD) and s.dashed for s in below if s.stroke)
    assert any(close(s.stroke, GLUE) for s in below if s.stroke)
    text = PdfReader(path).pages[0].extract_text()
    assert "cut" in text and "fold (score it first)" in text and "glue" in text


def test_the_glue_flaps_are_hatched_and_the_name_is_on_the_front(
    deck_box: tuple[str, Path],
) -> None:
    paper, path = deck_box
    model = tuck_box_model(cards=54, thickness=0.3, game="tripeaks", paper=paper)
    sheet = model.sheets[0]
    assert len(sheet.areas) == 2  # the side's glue flap and the bottom's flap
    hatching = [s for s in page_shapes(path, 0) if s.stroke and close(s.stroke, GLUE)]
    for area in sheet.areas:
        xs = [x for x, _ in area.outline]
        ys = [y for _, y in area.outline]
        inside = [
            s
            for s in hatching
            if min(xs) - 5 <= s.bbox[0] / MM and s.bbox[2] / MM <= max(xs) + 5 + max(ys) - min(ys)
        ]
        assert inside, area.label
    front = next(panel for panel in sheet.panels if panel.name == "front")
    title = next(label for label in sheet.labels if label.bold and label.angle == 0)
    assert title.text == "TriPeaks"
    x0, y0, x1, y1 = title.box
    assert front.box[0] < x0 < x1 < front.box[2] and front.box[1] < y0 < y1 < front.box[3]
    assert "TriPeaks" in PdfReader(path).pages[0].extract_text()


def test_everything_printed_keeps_the_margins(deck_box: tuple[str, Path]) -> None:
    paper, path = deck_box
    page = PdfReader(path).pages[0]
    width, height = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
    assert (round(width), round(height)) == ((210, 297) if paper == "a4" else (216, 279))
    model = tuck_box_model(cards=54, thickness=0.3, game="tripeaks", paper=paper)
    boxes = [
        tuple(v / MM for v in shape.bbox)
        for shape in page_shapes(path, 0)
        if not (shape.stroke and close(shape.stroke, GLUE))  # hatching, clipped to its flap
    ]
    for area in model.sheets[0].areas:
        xs, ys = [x for x, _ in area.outline], [y for _, y in area.outline]
        boxes.append((min(xs), min(ys), max(xs), max(ys)))
    for x0, y0, x1, y1 in boxes:
        assert x0 >= MARGIN_MM - 0.5 and y0 >= MARGIN_MM - 0.5, (x0, y0)
        assert x1 <= width - MARGIN_MM + 0.5 and y1 <= height - MARGIN_MM + 0.5, (x1, y1)


def test_a_deck_too_deep_for_one_sheet_is_split_in_two_with_a_glue_tab(tmp_path: Path) -> None:
    path = make_tuck_box(tmp_path / "deep.pdf", cards=110, thickness=0.35, game="poker")
    model = tuck_box_model(cards=110, thickness=0.35, game="poker")
    assert model.split and len(PdfReader(path).pages) == 2
    depth = 110 * 0.35 + DEPTH_CLEARANCE_MM
    for page, sheet in enumerate(model.sheets):
        lines = drawn(path, page, sheet.legend_at[1] + 3)
        folds_x = _distinct([s[0][0] for s in lines.verticals("fold")])
        left = min(s[0][0] for s in lines.verticals("cut"))
        assert len(folds_x) == 2
        assert abs(folds_x[0] - left - depth) < TOLERANCE_MM  # the side
        assert abs(folds_x[1] - folds_x[0] - 64.5) < TOLERANCE_MM  # the front, or the back
    tab = [area for area in model.sheets[0].areas]
    assert len(tab) == 1 and "piece 2" in tab[0].label
    assert "glue the tab of piece 1" in PdfReader(path).pages[0].extract_text()


def test_an_edge_two_parts_share_is_a_fold_and_any_other_a_cut() -> None:
    piece = one_piece(box_size("poker", 63, 88, 54, 0.3))
    lines = dieline_lines(piece.parts)
    folds = [line for line in lines if line.kind == "fold"]
    verticals = [line for line in folds if line.start[0] == line.end[0]]
    # Four upright folds (side | front | side | back | glue flap); across: the first side's
    # two dust flaps, the second side's and the back's in one line at either end, the lid's
    # tuck flap and the bottom's glue flap.
    assert (len(verticals), len(folds) - len(verticals)) == (4, 6)
    assert sorted({line.start[0] for line in verticals}) == [18.2, 82.7, 100.9, 165.4]
    outline = sum(line.length for line in lines if line.kind == "cut")
    assert outline > 2 * (piece.width + piece.height) - 1  # the cut goes all the way round


def test_the_same_box_gives_the_same_bytes(tmp_path: Path) -> None:
    a = make_tuck_box(tmp_path / "a.pdf", cards=54, thickness=0.3)
    b = make_tuck_box(tmp_path / "b.pdf", cards=54, thickness=0.3)
    assert a.read_bytes() == b.read_bytes()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--card-thickness", "0"], "--card-thickness must be from 0.05 to 2 mm a card"),
        (["--card-thickness", "-0.3"], "--card-thickness must be from"),
        (["--card-thickness", "5"], "--card-thickness must be from"),
        (["--card-thickness", "nan"], "--card-thickness must be from"),
        (["--card-thickness", "inf"], "--card-thickness must be from"),
        (["--cards", "0"], "--cards must be a whole number of cards from 1 to 1000"),
        (["--cards", "1001"], "--cards must be a whole number"),
        (["--cards", "300", "--card-thickness", "0.5"], "does not fit a4 paper even in two"),
        (["nosuchgame"], "unknown game 'nosuchgame'"),
        (["--players", "3"], "--players is for the pieces, not --tuck-box"),
    ],
)
def test_bad_requests_are_refused_in_one_line(
    args: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "box.pdf"
    status = main(["components", "--tuck-box", "-o", str(target), *args])
    out, err = capsys.readouterr()
    assert status == 1 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err, err
    assert not target.exists() and list(tmp_path.iterdir()) == []


def test_box_options_need_the_tuck_box_and_paths_must_be_writable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["components", "-o", str(tmp_path / "x.pdf"), "--cards", "54"])
    err = capsys.readouterr().err
    assert status == 1 and err.strip() == "printplay: error: --cards goes with --tuck-box"
    status = main(["components", "--tuck-box", "-o", str(tmp_path / "no" / "box.pdf")])
    err = capsys.readouterr().err
    assert status == 1 and len(err.strip().splitlines()) == 1 and "does not exist" in err
    status = main(["components", "--tuck-box", "--card-thickness", "thin", "-o", "x.pdf"])
    err = capsys.readouterr().err
    assert status == 2 and "--card-thickness" in err and len(err.strip().splitlines()) == 1


def test_the_command_writes_a_box_named_for_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "box.pdf"
    args = ["--cards", "54", "--card-thickness", "0.3", "--paper", "letter"]
    status = main(["components", "ricochet-poker", "--tuck-box", "-o", str(target), *args])
    out, err = capsys.readouterr()
    assert (status, out.strip(), err) == (0, str(target), "")
    reader = PdfReader(target)
    assert reader.metadata is not None
    assert "Ricochet Poker" in reader.pages[0].extract_text()
    assert "inside 64.5 × 90 × 18.2 mm" in str(reader.metadata["/Subject"])
