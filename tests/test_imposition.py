"""Books imposed for printing: the booklet's saddle-stitch order (folded and read back, for
8, 12 and 16 pages and every count up to 40), its sheets, and the print-shop PDF's trim and
bleed boxes; checked on small numbered documents and on a real book made by the command.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pypdfium2
import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DecodedStreamObject
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfgen.canvas import Canvas

from printplay.builders.imposition import (
    BOOK_BLEED_MM,
    booklet,
    booklet_order,
    check_imposition,
    imposition_plan,
    print_shop,
)
from printplay.cli.app import main
from printplay.core.errors import OptionError
from printplay.render.imposed_pdf import impose_pdf

MM = 72 / 25.4


def read_folded(sides: tuple[tuple[int | None, int | None], ...]) -> list[int | None]:
    """The pages of printed sheets as a reader meets them once the stack is folded in the
    middle: the sheets stacked in printing order (the first outermost), each with its front
    (the side printed first) outwards; the right halves of the fronts and the left halves
    of the backs read going in, the rest coming out."""
    sheets = [(sides[i], sides[i + 1]) for i in range(0, len(sides), 2)]
    going_in: list[int | None] = []
    coming_out: list[int | None] = []
    for front, back in sheets:
        going_in += [front[1], back[0]]
        coming_out = [back[1], front[0], *coming_out]
    return going_in + coming_out


@pytest.mark.parametrize(
    ("pages", "expected"),
    [
        (8, [(8, 1), (2, 7), (6, 3), (4, 5)]),
        (12, [(12, 1), (2, 11), (10, 3), (4, 9), (8, 5), (6, 7)]),
        (16, [(16, 1), (2, 15), (14, 3), (4, 13), (12, 5), (6, 11), (10, 7), (8, 9)]),
    ],
)
def test_the_booklet_order_of_8_12_and_16_pages(
    pages: int, expected: list[tuple[int, int]]
) -> None:
    order = booklet_order(pages)
    assert list(order) == expected
    assert read_folded(order) == list(range(1, pages + 1))


@pytest.mark.parametrize("pages", range(1, 41))
def test_any_booklet_folds_to_its_pages_in_order_then_blanks(pages: int) -> None:
    order = booklet_order(pages)
    total = -(-pages // 4) * 4
    assert len(order) == total // 2  # two sides a sheet, two pages a side
    assert read_folded(order) == [*range(1, pages + 1), *[None] * (total - pages)]


def numbered_pdf(pages: int, size: tuple[float, float] = A4) -> bytes:
    """A PDF of ``pages`` pages of ``size``, each with its number in the middle and a mark
    in each corner."""
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=size, invariant=1)
    for number in range(1, pages + 1):
        canvas.setFont("Helvetica", 40)
        canvas.drawCentredString(size[0] / 2, size[1] / 2, f"P{number}")
        canvas.setFont("Helvetica", 8)
        canvas.drawString(4, 4, "BL")
        canvas.drawRightString(size[0] - 4, size[1] - 12, "TR")
        canvas.showPage()
    canvas.save()
    return out.getvalue()


def texts_in(pdf: bytes, page: int, box: tuple[float, float, float, float]) -> str:
    """The text of page ``page`` of ``pdf`` inside ``box`` (left, bottom, right, top)."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        textpage = document[page].get_textpage()
        return str(textpage.get_text_bounded(*box))
    finally:
        document.close()


@pytest.mark.parametrize("pages", [8, 12, 16])
@pytest.mark.parametrize("paper", [A4, LETTER], ids=["a4", "letter"])
def test_a_booklet_puts_each_page_on_its_half_of_its_sheet(
    pages: int, paper: tuple[float, float]
) -> None:
    imposed = impose_pdf(numbered_pdf(pages, paper), booklet(pages, paper, paper))
    reader = PdfReader(io.BytesIO(imposed))
    width, height = paper[1], paper[0]
    assert len(reader.pages) == pages // 2
    assert all(
        [float(v) for v in page.mediabox] == pytest.approx([0, 0, width, height])
        for page in reader.pages
    )
    for number, (left, right) in enumerate(booklet_order(pages)):
        found_left = re.findall(r"P\d+", texts_in(imposed, number, (0, 0, width / 2, height)))
        found_right = re.findall(r"P\d+", texts_in(imposed, number, (width / 2, 0, width, height)))
        assert (found_left, found_right) == ([f"P{left}"], [f"P{right}"])
    preferences = reader.trailer["/Root"]["/ViewerPreferences"]  # type: ignore[index]
    assert preferences["/Duplex"] == "/DuplexFlipShortEdge"
    assert preferences["/PrintScaling"] == "/None"


def test_an_a4_page_fills_an_a5_half_exactly() -> None:
    plan = booklet(8, A4, A4)
    last, first = plan.sides[0].placements  # pages 8 and 1
    assert (last.page, first.page) == (7, 0)
    assert (last.x, last.y) == pytest.approx((0, 0), abs=0.05)
    assert first.scale == pytest.approx(2**-0.5, abs=1e-4)
    assert (first.x, first.y) == pytest.approx((A4[1] / 2, 0), abs=0.05)
    letter = booklet(8, LETTER, LETTER).sides[0].placements[1]
    assert letter.scale == pytest.approx(5.5 / 8.5)
    assert letter.x == pytest.approx(LETTER[1] / 2) and letter.y > 0  # centred on its half


def test_a_booklet_fills_its_count_with_blank_pages_at_the_end() -> None:
    plan = booklet(6, A4, A4)
    on_sides = [[placement.page + 1 for placement in side.placements] for side in plan.sides]
    assert on_sides == [[1], [2], [6, 3], [4, 5]]


@pytest.mark.parametrize("paper", [A4, LETTER], ids=["a4", "letter"])
def test_a_print_shop_pdf_grows_each_page_by_the_bleed_and_sets_its_boxes(
    paper: tuple[float, float],
) -> None:
    imposed = impose_pdf(numbered_pdf(3, paper), print_shop(3, paper))
    reader = PdfReader(io.BytesIO(imposed))
    bleed = BOOK_BLEED_MM * MM
    width, height = paper[0] + 2 * bleed, paper[1] + 2 * bleed
    assert len(reader.pages) == 3
    for number, page in enumerate(reader.pages):
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, width, height])
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, width, height])
        trim = [bleed, bleed, bleed + paper[0], bleed + paper[1]]
        assert [float(v) for v in page.trimbox] == pytest.approx(trim)
        # The page's art moved by the bleed: its corner marks inside the trim, near it.
        assert "BL" in texts_in(imposed, number, (bleed, bleed, bleed + 30, bleed + 30))
        assert "BL" not in texts_in(imposed, number, (0, 0, bleed + 3.5, bleed + 3.5))
        top_right = (bleed + paper[0] - 30, bleed + paper[1] - 30, bleed + paper[0], height)
        assert "TR" in texts_in(imposed, number, top_right)
        assert f"P{number + 1}" in texts_in(imposed, number, (0, 0, width, height))


@pytest.mark.parametrize("kind", ["booklet", "print-shop"])
def test_each_page_is_drawn_from_its_own_content_copied_once_as_it_was(kind: str) -> None:
    """Each source page becomes one form holding its content stream byte for byte (nothing
    parsed and written out again, as merging pages did: a book's print-shop PDF grew to 5.7
    times its size) and is drawn from it; the imposed file is about the size of its
    source."""
    source = numbered_pdf(8)
    imposed = impose_pdf(source, imposition_plan(kind, 8, A4, A4))
    pages = PdfReader(io.BytesIO(source)).pages
    forms: dict[str, Any] = {}
    for page in PdfReader(io.BytesIO(imposed)).pages:
        drawn = page["/Resources"]["/XObject"]  # type: ignore[index]
        assert page.get_contents().get_data().count(b" Do Q") == len(drawn)  # type: ignore[union-attr]
        for name, form in drawn.items():
            assert forms.setdefault(name, form.indirect_reference) == form.indirect_reference
            forms[name] = form.get_object()
    assert sorted(forms) == sorted(f"/Page{number}" for number in range(1, 9))
    for name, form in forms.items():
        page = pages[int(name.removeprefix("/Page")) - 1]
        assert form["/Subtype"] == "/Form"
        assert form._data == page["/Contents"].get_object()._data  # still encoded
        assert [float(v) for v in form["/BBox"]] == [float(v) for v in page.mediabox]
    assert len(imposed) < len(source) + 8 * 400


def test_a_page_whose_content_is_not_one_stream_is_not_imposed() -> None:
    writer = PdfWriter()
    page = writer.add_blank_page(*A4)
    parts = []
    for text in (b"BT ET", b"q Q"):
        part = DecodedStreamObject()
        part.set_data(text)
        parts.append(part)
    page.replace_contents(ArrayObject(parts))
    out = io.BytesIO()
    writer.write(out)
    with pytest.raises(ValueError, match="content in one stream"):
        impose_pdf(out.getvalue(), print_shop(1, A4))


def test_an_unknown_imposition_is_refused() -> None:
    assert check_imposition("Booklet") == "booklet"
    assert imposition_plan("pages", 8, A4, A4) is None
    with pytest.raises(OptionError, match=r"unknown imposition 'bindery' \(choose pages"):
        check_imposition("bindery")


def test_the_book_command_makes_a_booklet_of_a_real_book(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "booklet.pdf"
    argv = ["book", "ricochet-poker", "--count", "2", "-o", str(path)]
    assert main([*argv, "--imposition", "booklet", "--json"]) == 0
    manifest = json.loads(capsys.readouterr().out)
    pages = manifest["pages"]
    sheets = -(-pages // 4)
    assert manifest["imposition"] == {
        "kind": "booklet",
        "file_pages": 2 * sheets,
        "sheets": sheets,
        "blank_pages": 4 * sheets - pages,
        "duplex": "short-edge",
    }
    imposed = path.read_bytes()
    assert len(PdfReader(path).pages) == 2 * sheets
    width = A4[1]  # the sheet, landscape
    for number, (left, right) in enumerate(booklet_order(pages)):
        for page, box in (
            (left, (0, 0, width / 2, 12 * MM)),
            (right, (width / 2, 0, width, 12 * MM)),
        ):  # the footers, in the bottom margin of each half
            footer = re.findall(r"page (\d+)", texts_in(imposed, number, box))
            assert footer == ([] if page is None else [str(page)]), (number, page)


def test_a_bad_imposition_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "b.pdf"
    argv = ["book", "tripeaks", "--difficulty", "curated", "-o", str(path)]
    assert main([*argv, "--imposition", "bindery"]) == 2
    err = capsys.readouterr().err
    assert "'--imposition'" in err and not path.exists()


def test_the_book_command_makes_a_print_shop_pdf_of_a_real_book_on_letter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "shop.pdf"
    argv = ["book", "ricochet", "--difficulty", "curated", "--paper", "letter", "-o", str(path)]
    assert main([*argv, "--imposition", "print-shop", "--json"]) == 0
    manifest = json.loads(capsys.readouterr().out)
    assert manifest["imposition"] == {
        "kind": "print-shop",
        "file_pages": manifest["pages"],
        "trim_mm": [215.9, 279.4],
        "bleed_mm": 3.0,
    }
    reader = PdfReader(path)
    bleed = BOOK_BLEED_MM * MM
    assert len(reader.pages) == manifest["pages"]
    for page in reader.pages:
        trim = [bleed, bleed, bleed + LETTER[0], bleed + LETTER[1]]
        assert [float(v) for v in page.trimbox] == pytest.approx(trim)
        assert [float(v) for v in page.bleedbox] == pytest.approx([float(v) for v in page.mediabox])
    for deal in manifest["deals"]:  # the pages the manifest names are the file's pages
        text = texts_in(path.read_bytes(), deal["puzzle_page"] - 1, (0, 0, 1000, 1000))
        assert f"Puzzle {deal['puzzle']}" in text
