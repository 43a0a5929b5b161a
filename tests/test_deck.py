"""The printable deck PDF, read back: card sizes and positions to 0.1 mm, backs behind their
faces for both duplex flips and the gutter fold, crop marks outside every card, page boxes,
viewer preferences, page count, byte-identical output and clear errors."""

from __future__ import annotations

import itertools
import os
from pathlib import Path
from typing import Any

import pypdfium2
import pytest
from conftest import built_once
from pdf_geometry import MM, Shape, close, page_shapes
from pypdf import PdfReader

from printplay.builders.quickref import quick_card_texts
from printplay.core.cards import Card
from printplay.core.errors import OptionError, OutputError, PrintplayError
from printplay.render.card_shapes import BACK_FILL
from printplay.render.deck import (
    BLEED_MM,
    Box,
    DeckOptions,
    build_deck,
    plan_deck,
)
from printplay.render.faces import OUTLINE

A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)
WHITE = (1.0, 1.0, 1.0)
NAVY = (BACK_FILL.red, BACK_FILL.green, BACK_FILL.blue)
GREY = (OUTLINE.red, OUTLINE.green, OUTLINE.blue)
TOLERANCE = 0.1  # mm


Box4 = tuple[float, float, float, float]


def _mm(box: Box4) -> Box4:
    return tuple(round(v / MM, 2) for v in box)  # type: ignore[return-value]


def outlines(shape_list: list[Shape]) -> list[Box4]:
    """Cut lines of the faces: the thin grey rounded outlines."""
    return [s.bbox for s in shape_list if s.stroke and close(s.stroke, GREY) and not s.fill]


def papers(shape_list: list[Shape]) -> list[Box4]:
    """The white rectangles under the faces (the card and its bleed)."""
    return [s.bbox for s in shape_list if s.rectangle and s.fill and close(s.fill, WHITE)]


def backs(shape_list: list[Shape]) -> list[Box4]:
    """The navy full-bleed rectangles of the backs."""
    return [s.bbox for s in shape_list if s.rectangle and s.fill and close(s.fill, NAVY)]


def marks(shape_list: list[Shape]) -> list[Shape]:
    """Crop marks: thin black strokes."""
    return [
        s
        for s in shape_list
        if s.stroke and close(s.stroke, (0, 0, 0)) and abs(s.line_width - 0.3) < 1e-3
    ]


def _box4(box: Any) -> Box4:
    x0, y0, x1, y1 = (float(v) for v in box)
    return x0, y0, x1, y1


def page_mm(page: object) -> tuple[float, float]:
    box = page.mediabox  # type: ignore[attr-defined]
    return round(float(box.width) / MM, 1), round(float(box.height) / MM, 1)


def same(a: Box4, b: Box4, tolerance_mm: float = TOLERANCE) -> bool:
    return all(abs(x - y) <= tolerance_mm * MM for x, y in zip(a, b, strict=True))


def matches(found: list[Box4], expected: list[Box4]) -> bool:
    """Every expected box is found (to 0.1 mm), and nothing else."""
    if len(found) != len(expected):
        return False
    left = list(found)
    for box in expected:
        hit = next((f for f in left if same(f, box)), None)
        if hit is None:
            return False
        left.remove(hit)
    return True


def intersects(segment: Box4, box: Box4) -> bool:
    """Does the axis-aligned segment (as a bbox) touch the inside of ``box``?"""
    x0, y0, x1, y1 = segment
    return x0 < box[2] and x1 > box[0] and y0 < box[3] and y1 > box[1]


@pytest.fixture(scope="module")
def a4_deck(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_deck(tmp_path_factory.mktemp("deck") / "deck.pdf")


@pytest.fixture(scope="module")
def letter_short(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_deck(
        tmp_path_factory.mktemp("deck") / "deck.pdf",
        paper="letter",
        duplex="short-edge",
        back_offset=(1.5, -2.0),
        back_text="Family Night",
    )


@pytest.fixture(scope="module")
def a4_bleed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_deck(
        tmp_path_factory.mktemp("deck") / "deck.pdf", bleed=True, size="bridge", four_colour=True
    )


@pytest.fixture(scope="module")
def fold(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_deck(
        tmp_path_factory.mktemp("deck") / "deck.pdf", layout="gutter-fold", paper="letter"
    )


@pytest.fixture(scope="module")
def fold_across(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Bled poker cards folded on Letter: four do not fit across, so the fold runs across."""
    return build_deck(
        tmp_path_factory.mktemp("deck") / "deck.pdf",
        layout="gutter-fold",
        paper="letter",
        bleed=True,
        quick_ref=quick_card_texts(["tripeaks"]),
    )


# --- pages and sizes --------------------------------------------------------------------------


def test_six_sheets_of_faces_and_backs_after_the_print_check(a4_deck: Path) -> None:
    reader = PdfReader(a4_deck)
    assert len(reader.pages) == 2 + 6 * 2
    assert {page_mm(p) for p in reader.pages} == {A4}
    text = {n: " ".join(reader.pages[n].extract_text().split()) for n in (0, 1, 2, 3, 12, 13)}
    assert "print check" in text[0] and "the back" in text[1]
    for sheet in (1, 6):
        assert f"sheet {sheet} of 6 · faces" in text[2 * sheet]
        assert f"sheet {sheet} of 6 · backs" in text[1 + 2 * sheet]


@pytest.fixture(scope="module")
def letter_bridge(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_deck(
        tmp_path_factory.mktemp("deck") / "deck.pdf",
        paper="letter",
        size="bridge",
        calibration=False,
    )


def test_without_the_print_check_the_deck_is_only_sheets_of_cards(letter_bridge: Path) -> None:
    assert len(PdfReader(letter_bridge).pages) == 7 * 2  # 54 cards, eight to a Letter sheet


@pytest.mark.parametrize(
    ("which", "page", "card", "grid", "first"),
    [("a4_deck", A4, (63.0, 88.0), (3, 3), 2),
     ("letter_short", LETTER[::-1], (63.0, 88.0), (4, 2), 2),
     ("letter_bridge", LETTER[::-1], (57.15, 88.9), (4, 2), 0),
     ("a4_bridge", A4, (57.15, 88.9), (3, 3), 0)],
)  # fmt: skip
def test_cards_at_true_size_centred_on_the_sheet(
    request: pytest.FixtureRequest,
    which: str,
    page: tuple[float, float],
    card: tuple[float, float],
    grid: tuple[int, int],
    first: int,
) -> None:
    """A4 takes nine cards on a portrait sheet; US Letter, too short for three rows with
    10 mm margins, eight on a landscape one."""
    if which == "a4_bridge":
        path = build_deck(
            request.getfixturevalue("tmp_path") / "deck.pdf", size="bridge", calibration=False
        )
    else:
        path = request.getfixturevalue(which)
    reader = PdfReader(path)
    assert page_mm(reader.pages[first]) == page
    width, height = page
    columns, rows = grid
    left = (width - columns * card[0]) / 2
    top = height - (height - rows * card[1]) / 2
    expected = [
        (
            (left + c * card[0]) * MM,
            (top - (r + 1) * card[1]) * MM,
            (left + (c + 1) * card[0]) * MM,
            (top - r * card[1]) * MM,
        )
        for r in range(rows)
        for c in range(columns)
    ]
    found = page_shapes(path, first)
    cuts = outlines(found)
    sizes = [((b[2] - b[0]) / MM, (b[3] - b[1]) / MM) for b in cuts]
    assert all(abs(w - card[0]) <= TOLERANCE and abs(h - card[1]) <= TOLERANCE for w, h in sizes)
    assert matches(cuts, expected), [_mm(b) for b in cuts]
    assert matches(papers(found), cuts)  # no bleed: the white card is the cut card
    last = outlines(page_shapes(path, len(reader.pages) - 2))  # the last sheet of faces
    assert 0 < len(last) <= columns * rows
    assert all(any(same(b, e) for e in expected) for b in last)


def test_every_card_of_the_deck_is_printed_once(a4_deck: Path) -> None:
    reader = PdfReader(a4_deck)
    text = "".join(p.extract_text() for p in reader.pages[2::2])
    for symbol in "♠♥♦♣":
        # Every card shows its suit twice (both corners) and nothing else prints suits as text.
        assert text.count(symbol) == 13 * 2, symbol
    for rank in ("A", "K", "Q", "J", "10"):
        assert text.count(rank) >= 4 * 2
    assert text.count("J") >= 4 * 2 + 2 * 2  # four jacks, and the two jokers' JKR


# --- duplex -----------------------------------------------------------------------------------


def turns_top_to_bottom(width: float, height: float, duplex: str) -> bool:
    """How the paper turns over: about its long edge (like a book) or its short edge (like
    a calendar). A portrait page turned on its long edge turns left to right; a landscape
    page's long edge runs across it, so it turns top to bottom."""
    about_vertical_edge = (duplex == "long-edge") == (width < height)
    return not about_vertical_edge


def _mirror(box: Box4, width: float, height: float, duplex: str) -> Box4:
    x0, y0, x1, y1 = box
    if turns_top_to_bottom(width, height, duplex):
        return (x0, height - y1, x1, height - y0)
    return (width - x1, y0, width - x0, y1)


def _shift(box: Box4, dx: float, dy: float) -> Box4:
    return (box[0] + dx * MM, box[1] + dy * MM, box[2] + dx * MM, box[3] + dy * MM)


@pytest.mark.parametrize("which", ["a4_deck", "letter_short"])
def test_each_back_is_printed_behind_its_face(request: pytest.FixtureRequest, which: str) -> None:
    path: Path = request.getfixturevalue(which)
    duplex, offset = ("long-edge", (0.0, 0.0)) if which == "a4_deck" else ("short-edge", (1.5, -2))
    reader = PdfReader(path)
    for number in range(2, len(reader.pages), 2):
        front, back = reader.pages[number], reader.pages[number + 1]
        width, height = float(front.mediabox.width), float(front.mediabox.height)
        faces = outlines(page_shapes(path, number))
        expected = [_shift(_mirror(b, width, height, duplex), *offset) for b in faces]
        assert matches(backs(page_shapes(path, number + 1)), expected)
        # The page's trim box follows the backs too.
        assert same(_box4(back.trimbox), Box.around(Box(*b) for b in expected).as_tuple())


def test_long_edge_backs_swap_the_columns_and_keep_the_rows() -> None:
    pages = plan_deck(DeckOptions(calibration=False))
    front, back = pages[0], pages[1]
    for face, rear in zip(front.slots, back.slots, strict=True):
        assert face.card == rear.card
        assert rear.side == "back"
        assert abs(rear.cut.y0 - face.cut.y0) < 1e-6
        assert abs((rear.cut.x0 + rear.cut.x1) + (face.cut.x0 + face.cut.x1) - 2 * 595.2756) < 1e-3


def test_the_print_check_crosses_are_behind_each_other(letter_short: Path) -> None:
    pages = plan_deck(DeckOptions(paper="letter", duplex="short-edge", back_offset=(1.5, -2.0)))
    front, back = pages[0], pages[1]
    assert front.size == pages[2].size  # landscape, as the sheets of cards are
    width = front.size[0]
    for (fx, fy), (bx, by) in zip(front.targets, back.targets, strict=True):
        assert abs(bx - (width - fx + 1.5 * MM)) < 1e-6  # a landscape sheet turned left to right
        assert abs(by - (fy - 2.0 * MM)) < 1e-6
    portrait = plan_deck(DeckOptions(duplex="short-edge", back_offset=(1.5, -2.0)))
    height = portrait[0].size[1]
    for (fx, fy), (bx, by) in zip(portrait[0].targets, portrait[1].targets, strict=True):
        assert abs(bx - (fx + 1.5 * MM)) < 1e-6  # a portrait one top to bottom
        assert abs(by - (height - fy - 2.0 * MM)) < 1e-6
    text = " ".join(PdfReader(letter_short).pages[1].extract_text().split())
    assert "moves the backs by x +1.5 mm, y -2 mm" in text


def test_viewer_preferences_ask_for_no_scaling_and_the_flip(
    a4_deck: Path, letter_short: Path, fold: Path
) -> None:
    for path, duplex in (
        (a4_deck, "/DuplexFlipLongEdge"),
        (letter_short, "/DuplexFlipShortEdge"),
        (fold, "/Simplex"),
    ):
        root: Any = PdfReader(path).trailer["/Root"]
        prefs = root["/ViewerPreferences"]
        assert prefs["/PrintScaling"] == "/None"
        assert prefs["/Duplex"] == duplex


# --- crop marks and page boxes ----------------------------------------------------------------


@pytest.mark.parametrize("which", ["a4_deck", "letter_short", "a4_bleed", "fold", "fold_across"])
def test_crop_marks_run_to_the_edge_and_never_touch_a_card(
    request: pytest.FixtureRequest, which: str
) -> None:
    path: Path = request.getfixturevalue(which)
    reader = PdfReader(path)
    card_pages = [n for n in range(len(reader.pages)) if outlines(page_shapes(path, n))]
    assert card_pages
    for number in card_pages:
        page = reader.pages[number]
        found = page_shapes(path, number)
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        art = papers(found) + backs(found)
        cut_lines = outlines(found)
        lines = marks(found)
        assert lines
        for line in lines:
            box = line.bbox
            assert box[0] == box[2] or box[1] == box[3], "marks are straight"
            assert not any(intersects(box, card) for card in art), _mm(box)
            assert not any(intersects(box, card) for card in cut_lines), _mm(box)
            assert box[0] >= 0 and box[2] <= width + 1e-6 and 0 <= box[1] <= height + 1e-6
        # Every cut line has a mark reaching the top or bottom edge (vertical cuts) or a
        # side (horizontal cuts), where the margin leaves room for one.
        xs = {round(v, 2) for b in cut_lines for v in (b[0], b[2])}
        for x in xs:
            ends = [m.bbox for m in lines if abs(m.bbox[0] - x) < 0.01 and m.bbox[0] == m.bbox[2]]
            assert any(abs(b[3] - height) < 0.01 for b in ends), x / MM
            assert any(abs(b[1]) < 0.01 for b in ends), x / MM
        side_margin = min(min(b[0] for b in art), width - max(b[2] for b in art))
        if side_margin > 3 * MM:
            ys = {round(v, 2) for b in cut_lines for v in (b[1], b[3])}
            for y in ys:
                ends = [
                    m.bbox for m in lines if abs(m.bbox[1] - y) < 0.01 and m.bbox[1] == m.bbox[3]
                ]
                assert any(abs(b[0]) < 0.01 for b in ends), y / MM
                assert any(abs(b[2] - width) < 0.01 for b in ends), y / MM


def test_trim_and_bleed_boxes(a4_deck: Path, a4_bleed: Path) -> None:
    for path, bleed in ((a4_deck, 0.0), (a4_bleed, BLEED_MM)):
        reader = PdfReader(path)
        for number, page in enumerate(reader.pages):
            assert "/TrimBox" in page and "/BleedBox" in page
            trim = _box4(page.trimbox)
            bleed_box = _box4(page.bleedbox)
            media = _box4(page.mediabox)
            if number < 2:  # the print check: the whole page
                assert trim == bleed_box == media
                continue
            found = page_shapes(path, number)
            cards = outlines(found) or [
                (b[0] + bleed * MM, b[1] + bleed * MM, b[2] - bleed * MM, b[3] - bleed * MM)
                for b in backs(found)
            ]
            # Bled cards lie eight to a landscape sheet (six on the last).
            assert len(cards) == 9 if bleed == 0 else len(cards) in (8, 6)
            assert same(trim, Box.around(Box(*c) for c in cards).as_tuple())
            grown = Box.around(Box(*c) for c in cards).grown(bleed * MM)
            assert same(bleed_box, grown.clipped(Box(*media)).as_tuple())


def test_bleed_extends_the_art_three_millimetres_and_spaces_the_grid(a4_bleed: Path) -> None:
    found = page_shapes(a4_bleed, 2)
    cuts = sorted(outlines(found))
    whites = papers(found)
    assert len(cuts) == 8 and len(whites) == 8  # four across a landscape sheet, two down
    for cut in cuts:
        grown = (cut[0] - 3 * MM, cut[1] - 3 * MM, cut[2] + 3 * MM, cut[3] + 3 * MM)
        assert any(same(w, grown) for w in whites)
        assert abs((cut[2] - cut[0]) / MM - 57.15) <= TOLERANCE
        assert abs((cut[3] - cut[1]) / MM - 88.9) <= TOLERANCE
    lefts = sorted({round(c[0] / MM, 2) for c in cuts})
    assert [b - a for a, b in itertools.pairwise(lefts)] == pytest.approx(
        [63.15, 63.15, 63.15], abs=0.02
    )
    navy = backs(page_shapes(a4_bleed, 3))
    assert all(abs((b[2] - b[0]) / MM - 63.15) <= TOLERANCE for b in navy)


# --- gutter fold ------------------------------------------------------------------------------


def test_gutter_fold_puts_each_back_across_the_fold_from_its_face(fold: Path) -> None:
    reader = PdfReader(fold)
    assert len(reader.pages) == 1 + 14  # 54 cards, four to a page
    assert {page_mm(p) for p in reader.pages} == {(279.4, 215.9)}
    for number, page in enumerate(reader.pages):
        if number == 0:
            continue
        found = page_shapes(fold, number)
        width = float(page.mediabox.width)
        faces = outlines(found)
        assert all(b[2] < width / 2 for b in faces)
        expected = [(width - b[2], b[1], width - b[0], b[3]) for b in faces]
        assert matches(backs(found), expected)
        folds = [s.bbox for s in found if s.dashed]
        assert any(abs(b[0] - width / 2) < 0.01 and b[0] == b[2] for b in folds)
    assert len(outlines(page_shapes(fold, len(reader.pages) - 1))) == 2  # the two jokers


def test_bled_poker_cards_fold_across_a_letter_sheet(fold_across: Path) -> None:
    """Three faces above a fold across the landscape sheet, their backs below, each the
    mirror of its face about the fold; a quick-reference card's back turned half round,
    to read upright once the cut card is turned over left to right."""
    reader = PdfReader(fold_across)
    assert len(reader.pages) == 1 + 18 + 1  # the check, 54 cards three a sheet, the quick refs
    assert {page_mm(p) for p in reader.pages} == {(279.4, 215.9)}
    for number in range(1, len(reader.pages) - 1):  # the sheets of playing cards
        page = reader.pages[number]
        height = float(page.mediabox.height)
        found = page_shapes(fold_across, number)
        faces = outlines(found)
        assert len(faces) == 3 and all(b[1] > height / 2 for b in faces)
        grown = [(b[0] - 3 * MM, b[1] - 3 * MM, b[2] + 3 * MM, b[3] + 3 * MM) for b in faces]
        expected = [(b[0], height - b[3], b[2], height - b[1]) for b in grown]
        assert matches(backs(found), expected), number
        folds = [s.bbox for s in found if s.dashed]
        assert any(abs(b[1] - height / 2) < 0.01 and b[1] == b[3] for b in folds)
    quick = plan_deck(
        DeckOptions(paper="letter", bleed=True, layout="gutter-fold", quick_ref=("tripeaks",))
    )[-1]
    document = pypdfium2.PdfDocument(fold_across)
    try:
        textpage = document[len(document) - 1].get_textpage()
        text = textpage.get_text_range()
        at = text.index("TriPeaks: layout and scoring")
        box = textpage.get_charbox(at)
    finally:
        document.close()
    back = next(slot for slot in quick.slots if slot.side == "back")
    # The back's title sits near the bottom of its card: the card is upside down on the page.
    assert back.cut.y0 < box[1] < back.cut.y0 + 15 * MM


# --- identical output, options and errors -----------------------------------------------------


def test_identical_input_gives_identical_bytes(letter_short: Path, tmp_path: Path) -> None:
    again = build_deck(
        tmp_path / "again.pdf",
        paper="letter",
        duplex="short-edge",
        back_offset=(1.5, -2.0),
        back_text="Family Night",
    )
    assert again.read_bytes() == letter_short.read_bytes()


@pytest.mark.parametrize("jokers", [0, 1, 2])
def test_the_deck_holds_the_jokers_asked_for(jokers: int) -> None:
    faces = [
        slot.card
        for page in plan_deck(DeckOptions(jokers=jokers))
        for slot in page.slots
        if slot.side == "face"
    ]
    assert len(faces) == 52 + jokers
    assert [card.code for card in faces if isinstance(card, Card) and card.is_joker] == [
        f"X{n}" for n in range(1, jokers + 1)
    ]
    with pytest.raises(OptionError, match="0, 1 or 2 jokers"):
        DeckOptions(jokers=3)


def test_the_command_line_passes_the_jokers_to_the_sheets(tmp_path: Path) -> None:
    from printplay.cli.app import main

    path = tmp_path / "deck.pdf"
    assert main(["deck", "-o", str(path), "--jokers", "1", "--no-calibration"]) == 0
    metadata = PdfReader(path).metadata
    assert metadata is not None and str(metadata["/Subject"]).endswith("· 1 joker")


def test_options_are_read_forgivingly() -> None:
    options = DeckOptions(paper="A4", size="Poker", duplex="LONG-EDGE", back_offset=[1, "-0.5"])  # type: ignore[arg-type]
    assert (options.paper, options.size, options.duplex) == ("a4", "poker", "long-edge")
    assert options.back_offset == (1.0, -0.5)
    assert DeckOptions(back_text="   ").back_text is None
    assert DeckOptions(back_text="  The   Smiths ").back_text == "The Smiths"


@pytest.mark.parametrize(
    ("options", "error", "words"),
    [
        ({"size": "tarot"}, OptionError, "unknown card size 'tarot' (choose poker or bridge)"),
        ({"paper": "a3"}, OutputError, "unknown paper 'a3' (choose a4 or letter)"),
        ({"duplex": "sideways"}, OptionError, "unknown duplex mode 'sideways'"),
        ({"layout": "booklet"}, OptionError, "unknown deck layout 'booklet'"),
        ({"back_offset": (6, 0)}, OptionError, "back offset (6, 0) mm is too large"),
        ({"back_offset": (0, -5.5)}, OptionError, "within ±5 mm"),
        ({"back_offset": (1,)}, OptionError, "is not two numbers"),
        ({"back_offset": ("x", 1)}, OptionError, "is not two numbers"),
        ({"back_offset": (float("nan"), 0)}, OptionError, "not two finite numbers"),
        (
            {"paper": "letter", "bleed": True, "layout": "gutter-fold", "back_offset": (0, 1)},
            OptionError,
            "back offset (0, 1) mm is too large for the gutter-fold layout of poker cards on "
            "letter paper: it moves the backs onto the faces across the fold",
        ),
        (
            {"layout": "gutter-fold", "bleed": True, "back_offset": (-1, 0)},
            OptionError,
            "moves the backs onto the faces across the fold",
        ),
        ({"back_text": "x" * 30}, OptionError, "a back has room for 24"),
        ({"back_text": "漢字"}, OptionError, "the bundled font has no 字 漢"),
    ],
)
def test_bad_options_raise_one_clear_error(
    tmp_path: Path, options: dict[str, object], error: type[PrintplayError], words: str
) -> None:
    path = tmp_path / "deck.pdf"
    with pytest.raises(error) as caught:
        build_deck(path, **options)  # type: ignore[arg-type]
    message = str(caught.value)
    assert words in message
    assert "\n" not in message
    assert not path.exists()
    assert os.listdir(tmp_path) == []


def test_an_unwritable_path_is_an_output_error(unprivileged: None, tmp_path: Path) -> None:
    with pytest.raises(OutputError, match="does not exist"):
        build_deck(tmp_path / "missing" / "deck.pdf")
    with pytest.raises(OutputError, match="it is a folder"):
        build_deck(tmp_path)
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        with pytest.raises(OutputError, match="permission denied"):
            build_deck(locked / "deck.pdf")
    finally:
        locked.chmod(0o700)


def test_a_failed_build_leaves_an_existing_file_alone(tmp_path: Path) -> None:
    path = tmp_path / "deck.pdf"
    path.write_bytes(b"old")
    with pytest.raises(OptionError):
        build_deck(path, duplex="diagonal")
    assert path.read_bytes() == b"old"


def test_every_font_is_embedded(a4_deck: Path) -> None:
    reader = PdfReader(a4_deck)
    for page in reader.pages:
        resources: Any = page["/Resources"]
        for ref in resources.get("/Font", {}).values():
            font = ref.get_object()
            if "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            else:
                descriptor = font["/FontDescriptor"]
            assert "/FontFile2" in descriptor.get_object(), font["/BaseFont"]
            assert "DejaVu" in str(font["/BaseFont"]), font["/BaseFont"]
    assert b"Helvetica" not in a4_deck.read_bytes()  # forms included


# --- printed, as pixels -----------------------------------------------------------------------


def test_rendered_backs_cover_the_faces_and_the_margins_stay_clear(a4_deck: Path) -> None:
    """Render a sheet as a printer would and look: behind every face's corners there is
    back pattern (navy, not paper), and the margins beyond the marks are blank."""
    pdfium = pytest.importorskip("pypdfium2")
    pdf = pdfium.PdfDocument(a4_deck)
    dpi = 50
    scale = dpi / 72
    pages = plan_deck(DeckOptions())
    front, back = pages[2], pages[3]
    image = pdf[3].render(scale=scale).to_pil().convert("RGB")
    width = front.size[0]
    for slot in front.slots:
        for x, y in (
            (slot.cut.x0 + 2 * MM, slot.cut.y0 + 2 * MM),
            (slot.cut.x1 - 2 * MM, slot.cut.y1 - 2 * MM),
        ):
            bx, by = width - x, y  # long-edge flip
            r, g, b = image.getpixel((int(bx * scale), int(image.height - by * scale)))
            assert b > r + 30 and r < 120, (slot.card, (r, g, b))
    face_image = pdf[2].render(scale=scale).to_pil().convert("L")
    corner = face_image.crop((0, 0, int(5 * MM * scale), int(5 * MM * scale)))
    assert corner.getextrema()[0] > 250  # nothing printed in the page's corner
    del back


def test_a_short_last_sheet_keeps_its_marks_in_the_margins() -> None:
    pages = plan_deck(DeckOptions(layout="gutter-fold", paper="letter"))
    last = pages[-1]
    assert len(last.slots) == 4 and last.grid is not None  # two faces, two backs
    grid = last.grid
    fold = last.size[0] / 2
    for x0, y0, x1, y1 in last.marks:
        if x0 == x1:  # vertical: above or below the whole sheet's cards
            assert min(y0, y1) >= grid.y1 or max(y0, y1) <= grid.y0
        else:  # horizontal: beside the cards, or in the gutter round the fold
            assert max(x0, x1) <= grid.x0 or min(x0, x1) >= grid.x1 or x0 < fold < x1
    full = {round(abs(m[3] - m[1]), 3) for m in pages[1].marks if m[0] == m[2]}
    short = {round(abs(m[3] - m[1]), 3) for m in last.marks if m[0] == m[2]}
    assert short <= full


# --- every configuration: margins, marks, footers, backs --------------------------------------

CONFIGURATIONS = [
    (paper, size, layout, bleed, duplex)
    for paper in ("a4", "letter")
    for size in ("poker", "bridge")
    for layout, duplex in (
        ("duplex", "long-edge"),
        ("duplex", "short-edge"),
        ("gutter-fold", "long-edge"),
    )
    for bleed in (False, True)
]
"""Every deck a user can ask for."""

MARGIN_MM = 10.0
FOOTER_MM = 6.0


def _configured(
    factory: pytest.TempPathFactory, paper: str, size: str, layout: str, bleed: bool, duplex: str
) -> Path:
    """The deck of one configuration, built once a run for the tests that measure it."""
    name = f"deck-{paper}-{size}-{layout}-{'bleed' if bleed else 'trim'}-{duplex}"

    def build(folder: Path) -> Path:
        return build_deck(
            folder / "deck.pdf",
            paper=paper,
            size=size,
            layout=layout,
            bleed=bleed,
            duplex=duplex,
            calibration=False,
        )

    return built_once(factory, name, build)


def _footer_bottom(path: Path, index: int) -> tuple[float, float]:
    """The lowest and highest point of the footer's letters on page ``index``."""
    document = pypdfium2.PdfDocument(path)
    try:
        textpage = document[index].get_textpage()
        text = textpage.get_text_range()
        start = text.index("printplay deck")
        boxes = [textpage.get_charbox(i) for i in range(start, start + len("printplay deck"))]
        return min(b[1] for b in boxes), max(b[3] for b in boxes)
    finally:
        document.close()


@pytest.mark.parametrize(("paper", "size", "layout", "bleed", "duplex"), CONFIGURATIONS)
def test_every_sheet_leaves_ten_millimetres_for_marks_and_footer(
    tmp_path_factory: pytest.TempPathFactory,
    paper: str,
    size: str,
    layout: str,
    bleed: bool,
    duplex: str,
) -> None:
    """A home printer cannot print the outer few millimetres: every sheet keeps 10 mm of
    paper round the cards' art, every cut line has a mark in that margin at both ends at
    least 8.5 mm long, and the footer sits 6 mm or more from the edge, off the art."""
    path = _configured(tmp_path_factory, paper, size, layout, bleed, duplex)
    reader = PdfReader(path)
    for number in (0, 1):  # a full sheet's faces and (duplex) its backs
        page = reader.pages[number]
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        found = page_shapes(path, number)
        art = papers(found) + backs(found)
        assert art
        left, bottom = min(b[0] for b in art), min(b[1] for b in art)
        right, top = width - max(b[2] for b in art), height - max(b[3] for b in art)
        assert min(left, bottom, right, top) >= MARGIN_MM * MM - 0.01, [
            round(v / MM, 2) for v in (left, bottom, right, top)
        ]
        low, high = _footer_bottom(path, number)
        assert low >= FOOTER_MM * MM - 1.5 and high <= bottom - 1.0 * MM
        cut_lines = outlines(found)
        if not cut_lines:
            continue  # a page of backs has no marks
        lines = [m.bbox for m in marks(found)]
        for x in {round(v, 2) for b in cut_lines for v in (b[0], b[2])}:
            ends = [b for b in lines if abs(b[0] - x) < 0.01 and b[0] == b[2]]
            assert any(abs(b[3] - height) < 0.01 and b[3] - b[1] >= 8.5 * MM for b in ends)
            assert any(abs(b[1]) < 0.01 and b[3] - b[1] >= 8.5 * MM for b in ends)
        for y in {round(v, 2) for b in cut_lines for v in (b[1], b[3])}:
            ends = [b for b in lines if abs(b[1] - y) < 0.01 and b[1] == b[3]]
            assert any(abs(b[0]) < 0.01 and b[2] - b[0] >= 8.5 * MM for b in ends)
            assert any(abs(b[2] - width) < 0.01 and b[2] - b[0] >= 8.5 * MM for b in ends)


@pytest.mark.parametrize(
    ("paper", "size", "bleed", "duplex"),
    [(p, s, b, d) for p, s, _, b, d in CONFIGURATIONS if _ == "duplex"],
)
def test_backs_land_behind_their_faces_on_every_paper(
    tmp_path_factory: pytest.TempPathFactory, paper: str, size: str, bleed: bool, duplex: str
) -> None:
    path = _configured(tmp_path_factory, paper, size, "duplex", bleed, duplex)
    reader = PdfReader(path)
    for number in range(0, len(reader.pages), 2):
        page = reader.pages[number]
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        faces = outlines(page_shapes(path, number))
        grown = [(b[0] - bleed * 3 * MM, b[1] - bleed * 3 * MM, b[2] + bleed * 3 * MM,
                  b[3] + bleed * 3 * MM) for b in faces]  # fmt: skip
        expected = [_mirror(b, width, height, duplex) for b in grown]
        assert matches(backs(page_shapes(path, number + 1)), expected), (number, paper, size)


def test_letter_takes_bled_cards_on_landscape_sheets() -> None:
    """Poker cards with bleed: three across a landscape Letter sheet, two down; bridge
    cards four across."""
    poker = plan_deck(DeckOptions(paper="letter", bleed=True, calibration=False))
    bridge = plan_deck(DeckOptions(paper="letter", bleed=True, size="bridge", calibration=False))
    assert poker[0].size == bridge[0].size == (792.0, 612.0)
    assert (len(poker[0].slots), len(poker) // 2) == (6, 9)
    assert (len(bridge[0].slots), len(bridge) // 2) == (8, 7)


def test_a_four_colour_deck_prints_four_greys_on_a_greyscale_printer(tmp_path: Path) -> None:
    """Rendered in grey, as a mono printer prints it: the pips of each suit's number cards
    are one grey, spades darkest, then clubs, diamonds and hearts, each at least 28 levels
    (of 255) from the next, and hearts still dark enough to read (below 140)."""
    options = DeckOptions(four_colour=True, calibration=False)
    path = build_deck(tmp_path / "deck.pdf", four_colour=True, calibration=False)
    document = pypdfium2.PdfDocument(path)
    scale = 2.0
    found: dict[str, list[float]] = {}
    try:
        for index, page in enumerate(plan_deck(options)):
            if page.kind != "faces":
                continue
            image = document[index].render(scale=scale, grayscale=True).to_pil().convert("L")
            height = image.height
            for slot in page.slots:
                card = slot.card
                if not isinstance(card, Card) or card.suit is None or not 2 <= card.rank <= 10:
                    continue
                inset = 8 * MM
                box = (
                    round((slot.cut.x0 + inset) * scale),
                    round(height - (slot.cut.y1 - inset) * scale),
                    round((slot.cut.x1 - inset) * scale),
                    round(height - (slot.cut.y0 + inset) * scale),
                )
                ink = sorted(v for v in image.crop(box).tobytes() if v < 200)
                found.setdefault(card.suit.name, []).append(ink[len(ink) // 4])
    finally:
        document.close()
    greys = {suit: sum(values) / len(values) for suit, values in found.items()}
    spread = {suit: max(values) - min(values) for suit, values in found.items()}
    assert max(spread.values()) <= 4, spread
    order = [greys[suit] for suit in ("SPADES", "CLUBS", "DIAMONDS", "HEARTS")]
    assert all(b - a >= 28 for a, b in itertools.pairwise(order)), order
    assert order[-1] < 140, order


def _numbers(path: Path, page_index: int) -> list[tuple[int, float, float]]:
    """The whole numbers printed on a page, each with its middle (x, y) in mm from the
    bottom left."""
    document = pypdfium2.PdfDocument(path)
    try:
        textpage = document[page_index].get_textpage()
        chars = []
        for index in range(textpage.count_chars()):
            char = textpage.get_text_range(index, 1)
            if char.isdigit():
                chars.append((char, textpage.get_charbox(index)))
    finally:
        document.close()
    numbers: list[tuple[str, list[float]]] = []
    for char, (left, bottom, right, top) in chars:
        if (
            numbers
            and abs(numbers[-1][1][1] - bottom) < 0.5
            and 0 <= left - numbers[-1][1][2] < 1.5
        ):
            text, box = numbers[-1]
            numbers[-1] = (text + char, [box[0], box[1], right, max(box[3], top)])
        else:
            numbers.append((char, [left, bottom, right, top]))
    return [
        (int(text), (box[0] + box[2]) / 2 / MM, (box[1] + box[3]) / 2 / MM) for text, box in numbers
    ]


@pytest.mark.parametrize("which", ["a4_deck", "fold"])
def test_the_print_checks_rulers_count_the_way_their_words_say(
    request: pytest.FixtureRequest, which: str
) -> None:
    """The rulers count the way the words beside them say they run: "100 mm across" 0 to
    10 rightwards, "100 mm down" 0 to 10 downwards, the centimetres numbered 10 mm apart."""
    path: Path = request.getfixturevalue(which)
    text = " ".join(PdfReader(path).pages[0].extract_text().split())
    assert "100 mm across" in text and "100 mm down" in text
    numbers = _numbers(path, 0)
    for axis, step in ((1, 10.0), (2, -10.0)):  # across: x grows; down: y falls
        # a ruler's numbers share a line (the same y across, about the same x down)
        ordered = sorted(numbers, key=lambda n: n[3 - axis])
        lines = [[ordered[0]]]
        for number in ordered[1:]:
            if number[3 - axis] - lines[-1][-1][3 - axis] < 1.5:
                lines[-1].append(number)
            else:
                lines.append([number])
        ruler = sorted(max(lines, key=len), key=lambda n: n[axis] * step)
        assert [n[0] for n in ruler] == list(range(11)), (which, ruler)
        for before, after in itertools.pairwise(ruler):
            assert abs(after[axis] - before[axis] - step) < 0.2, (which, before, after)
