"""The lite kit, read back against the full one: no filled grounds (the rectangles, rounded
rectangles and discs a PDF fills, read with pdfium), no more sheets, less ink (measured
on the rendered pages), suits told apart in greyscale, and the lite deck's refusals.  The
kits are built once a run, with the golden walkthrough lines (no search)."""

from __future__ import annotations

import ctypes
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pypdfium2
import pypdfium2.raw as pdfium
import pytest
from conftest import KIT_DEALS, MadeParts, Printed, built_once, walkthrough_line
from pdftext import page_texts
from reportlab.graphics import renderPDF
from reportlab.lib.colors import black
from reportlab.pdfgen.canvas import Canvas

from printplay.cli.app import main
from printplay.core.cards import Card, Rank, Suit
from printplay.core.deal import numbered_deal
from printplay.core.errors import OptionError
from printplay.core.ink_mode import ink_light
from printplay.games import entry, make_solitaire
from printplay.makers.components_maker import make_components
from printplay.makers.ink_coverage import measure_ink
from printplay.makers.kit_maker import RUN_ON, Kit, _parts, build_kit
from printplay.makers.printable_words import printable_words
from printplay.render.board import write_board
from printplay.render.card_sizes import DEFAULT_CARD
from printplay.render.deck import DeckOptions, build_deck, plan_deck
from printplay.render.faces import FaceStyle, face_drawing, pip_centres

MM = 72 / 25.4

GROUND_MM2 = 100.0
"""A filled rectangle, rounded rectangle or disc larger than this (1 cm²) is a ground."""


@pytest.fixture(scope="module")
def tripeaks_kits(tmp_path_factory: pytest.TempPathFactory, tripeaks_kit: Kit) -> dict[str, Kit]:
    """TriPeaks' full kit (the run's) and its lite kit, the same deals in both."""

    def build(folder: Path) -> Kit:
        game = make_solitaire("tripeaks")
        lines = {n: walkthrough_line(game, numbered_deal(game.deck(), n)) for n in KIT_DEALS}
        return build_kit("tripeaks", folder / "lite.pdf", deals=KIT_DEALS, results=lines, lite=True)

    return {"full": tripeaks_kit, "lite": built_once(tmp_path_factory, "tripeaks-lite-kit", build)}


@pytest.fixture(scope="module")
def poker_kits(tmp_path_factory: pytest.TempPathFactory, printed: Printed) -> dict[str, Kit]:
    """Ricochet Poker's kits: its chips, dealer buttons, table card and strategy chart."""
    lite = built_once(
        tmp_path_factory,
        "poker-lite-kit",
        lambda folder: build_kit("ricochet-poker", folder / "lite.pdf", lite=True),
    )
    return {"full": printed.kit("ricochet-poker", paper="a4"), "lite": lite}


Point = tuple[float, float]


def _segments(shape: Any) -> Iterator[tuple[int, Point]]:
    """A path's segments, each its kind (``FPDF_SEGMENT_*``) and its point on the page (a
    Bézier curve is three segments: two control points, then where it ends)."""
    matrix = shape.get_matrix()
    x, y = ctypes.c_float(), ctypes.c_float()
    for index in range(pdfium.FPDFPath_CountSegments(shape.raw)):
        segment = pdfium.FPDFPath_GetPathSegment(shape.raw, index)
        pdfium.FPDFPathSegment_GetPoint(segment, x, y)
        yield pdfium.FPDFPathSegment_GetType(segment), matrix.on_point(x.value, y.value)


def _fill(shape: Any) -> tuple[int, int, int] | None:
    """The colour a path fills (RGB, 0 to 255), or None when it fills nothing."""
    mode, stroke = ctypes.c_int(), ctypes.c_int()
    pdfium.FPDFPath_GetDrawMode(shape.raw, mode, stroke)
    if not mode.value:
        return None
    red, green, blue, alpha = (ctypes.c_uint() for _ in range(4))
    pdfium.FPDFPageObj_GetFillColor(shape.raw, red, green, blue, alpha)
    return red.value, green.value, blue.value


def _ground(shape: Any) -> tuple[str, float] | None:
    """A filled path's kind and size in mm² when it is box-like: every point (ends and
    control points) on the edges of the box its ends span, as a rectangle, a rounded
    rectangle or a disc, never a glyph (a pip, a letter). ``rect`` when its edges are
    straight, ``curve`` when any is curved."""
    segments = list(_segments(shape))
    ends, run = [], 0
    for kind, point in segments:
        run = run + 1 if kind == pdfium.FPDF_SEGMENT_BEZIERTO else 0
        if run % 3 == 0:
            ends.append(point)
    if not ends:
        return None
    xs, ys = [x for x, _ in ends], [y for _, y in ends]
    left, right, bottom, top = min(xs), max(xs), min(ys), max(ys)
    for x, y in (point for _, point in segments):
        if min(abs(x - left), abs(x - right), abs(y - bottom), abs(y - top)) > 0.5:
            return None
    curved = any(kind == pdfium.FPDF_SEGMENT_BEZIERTO for kind, _ in segments)
    return "curve" if curved else "rect", (right - left) * (top - bottom) / MM**2


def filled_grounds(path: Path, pages: int | None = None) -> list[tuple[int, str, int, Any]]:
    """The grounds a PDF fills: rectangles, rounded rectangles and discs larger than
    :data:`GROUND_MM2` filled in a colour other than white, as (page, kind, mm², colour);
    read up to the ``pages``-th page that has any (by default every page)."""
    found: list[tuple[int, str, int, Any]] = []
    document = pypdfium2.PdfDocument(path)
    try:
        for number, page in enumerate(document, start=1):
            if pages is not None and len({page for page, *_ in found}) >= pages:
                break
            for shape in page.get_objects(filter=[pdfium.FPDF_PAGEOBJ_PATH]):
                colour = _fill(shape)
                if colour is None or colour == (255, 255, 255):
                    continue
                ground = _ground(shape)
                if ground is not None and ground[1] > GROUND_MM2:
                    found.append((number, ground[0], round(ground[1]), colour))
    finally:
        document.close()
    return found


def test_drawn_ink_light_the_grounds_are_white(tmp_path: Path) -> None:
    """The chips, dealer buttons and ball token, and a Ricochet board (its walls tinted, its
    cards face down), fill grounds; drawn ink-light, none."""
    game = make_solitaire("ricochet")
    view = game.initial_state(numbered_deal(game.deck(), 11)).board()
    for light in (False, True):
        with ink_light(light):
            pieces = make_components(tmp_path / f"pieces-{light}.pdf")
            board = write_board(view, tmp_path / f"board-{light}.pdf", show_hidden=False)
        grounds = [filled_grounds(pieces), filled_grounds(board)]
        if light:
            assert grounds == [[], []]
        else:
            assert all(len(found) > 10 for found in grounds)


def test_a_lite_kit_fills_no_ground(
    tripeaks_kits: dict[str, Kit], poker_kits: dict[str, Kit]
) -> None:
    """The full kits fill grounds everywhere (table headers, callouts, mat places, backs,
    court panels, chips, the strategy chart); the lite kits none larger than 1 cm²."""
    for kits in (tripeaks_kits, poker_kits):
        full = filled_grounds(kits["full"].path, pages=12)
        assert {kind for _, kind, _, _ in full} == {"rect", "curve"}
        assert len({page for page, *_ in full}) == 12
        assert filled_grounds(kits["lite"].path) == []


def test_a_lite_kit_takes_no_more_sheets(
    tripeaks_kits: dict[str, Kit], poker_kits: dict[str, Kit]
) -> None:
    for kits in (tripeaks_kits, poker_kits):
        full, lite = kits["full"], kits["lite"]
        assert [p.kind for p in lite.parts] == [p.kind for p in full.parts]
        assert lite.sheets < full.sheets
        assert lite.sheets == -(-lite.pages // 2)
    # TriPeaks: two pages of print check fewer; the sheets and the puzzle book run on, no
    # blank page before them (the mat and the deck still start on a fresh sheet).
    full, lite = tripeaks_kits["full"], tripeaks_kits["lite"]
    deck = {kit.lite: next(p for p in kit.parts if p.kind == "deck") for kit in (full, lite)}
    assert deck[False].printed - deck[True].printed == 2
    for before, part in zip(lite.parts, lite.parts[1:], strict=False):
        if part.kind in RUN_ON:
            assert part.first == before.last + 1, part.kind
        else:
            assert part.first % 2 == 1, part.kind
    texts = page_texts(lite.path)
    assert not any("print check" in text for text in texts[deck[True].first - 1 :])


@pytest.mark.slow
def test_a_lite_kit_takes_no_part_made_in_full_ink(
    tripeaks_kits: dict[str, Kit], tripeaks_made: MadeParts, tmp_path: Path
) -> None:
    """Handed the parts the demo made in full ink (the rulebook, the mat, the sheets) and
    where its full puzzle book found its marks, a lite kit takes none of them: it is the
    lite kit made without them, byte for byte (so it fills no ground either: see
    :func:`test_a_lite_kit_fills_no_ground`)."""
    game = make_solitaire("tripeaks")
    lines = {n: walkthrough_line(game, numbered_deal(game.deck(), n)) for n in KIT_DEALS}
    assert sorted(kind for kind, _, _ in tripeaks_made.made) == [
        "mat",
        "rulebook",
        "sheet",
        "sheet",
    ]
    lite = build_kit(
        "tripeaks",
        tmp_path / "lite.pdf",
        deals=KIT_DEALS,
        results=lines,
        lite=True,
        made=tripeaks_made.made,
        sketched=tripeaks_made.sketched,
    )
    assert lite.path.read_bytes() == tripeaks_kits["lite"].path.read_bytes()


def test_a_lite_kits_words_say_how_it_is_drawn(tripeaks_kits: dict[str, Kit]) -> None:
    """Face-down cards are striped, not dark or shaded, in the lite kit's words; the cover
    says what the lite kit leaves out and how to check the printer without a print check."""
    full = " ".join(" ".join(page_texts(tripeaks_kits["full"].path)).split())
    lite = " ".join(" ".join(page_texts(tripeaks_kits["lite"].path)).split())
    assert "dark cards (card backs) are face down" in full
    assert "Shaded, striped cards are dealt face down" in full
    assert "striped cards (card backs) are face down" in lite
    assert "Striped cards are dealt face down" in lite
    assert "dark cards" not in lite and "Shaded" not in lite and "shaded" not in lite
    deck = next(p for p in tripeaks_kits["lite"].parts if p.kind == "deck")
    assert f"print page {deck.first}, the first sheet of cards" in lite
    assert "no card backs and no print check" in lite and "lite kit" not in full


def test_a_lite_kit_deals_no_jokers_to_a_game_without_them(tmp_path: Path) -> None:
    """Pyramid never deals a joker: its lite deck has 52 cards, and its two quick-reference
    cards fill the last sheet's free places instead of a sheet of their own."""
    words = printable_words("kit.j2")
    decks = {}
    for game, lite in (("pyramid", False), ("pyramid", True), ("tripeaks", True)):
        parts, _ = _parts(entry(game), tmp_path, "a4", [], True, None, {}, words, lite=lite)
        decks[game, lite] = next(part.facts for part in parts if part.kind == "deck")
    assert decks["pyramid", False] == {"cards": 54, "quick": 9}
    assert decks["pyramid", True] == {"cards": 52, "quick": 2, "lite": True}
    assert decks["tripeaks", True] == {"cards": 54, "quick": 9, "lite": True}


def test_a_lite_decks_backs_are_blank_but_the_quick_reference_cards(tmp_path: Path) -> None:
    options = DeckOptions(lite=True, quick_ref=("tripeaks",))
    pages = plan_deck(options)
    assert [page.kind for page in pages[:2]] == ["faces", "backs"]  # no print check
    backs = [page for page in pages if page.kind == "backs"]
    assert len(backs) == len([page for page in pages if page.kind == "faces"]) == 7
    assert [len(page.slots) for page in backs] == [0] * 6 + [9]
    assert options.style == FaceStyle(outline=True)
    path = build_deck(tmp_path / "deck.pdf", lite=True)
    texts = page_texts(path)
    assert len(texts) == 12
    assert all("the backs are left blank" in text for text in texts[1::2])


def test_a_lite_kit_inks_less(tripeaks_kits: dict[str, Kit], poker_kits: dict[str, Kit]) -> None:
    for kits in (tripeaks_kits, poker_kits):
        full, lite = measure_ink(kits["full"].path), measure_ink(kits["lite"].path)
        assert (full.pages, lite.pages) == (kits["full"].pages, kits["lite"].pages)
        assert lite.share < full.share / 2
        assert lite.inked_pages < full.inked_pages / 2


def test_ink_coverage_counts_the_share_of_the_page_printed_on(tmp_path: Path) -> None:
    """A page half black and a blank page: a quarter of the paper is inked."""
    path = tmp_path / "half.pdf"
    canvas = Canvas(str(path), pagesize=(200, 100))
    canvas.setFillColor(black)
    canvas.rect(0, 0, 100, 100, stroke=0, fill=1)
    canvas.showPage()
    canvas.showPage()
    canvas.save()
    ink = measure_ink(path)
    assert ink.pages == 2
    assert ink.share == pytest.approx(0.25, abs=0.01)
    assert ink.inked_pages == pytest.approx(0.5, abs=0.02)


def _grey(card: Card, style: FaceStyle) -> Any:
    """The face of ``card`` in ``style`` rendered in greys at 150 dpi."""
    buffer = io.BytesIO()
    renderPDF.drawToFile(face_drawing(card, style=style), buffer)
    document = pypdfium2.PdfDocument(buffer.getvalue())
    try:
        return document[0].render(scale=150 / 72, grayscale=True).to_pil().convert("L")
    finally:
        document.close()


def _middle_pip(card: Card, style: FaceStyle) -> int:
    """The grey level at the centre of the middle pip of a five."""
    image = _grey(card, style)
    x, y, _ = pip_centres(Rank.FIVE, DEFAULT_CARD, style)[2]
    scale = image.width / DEFAULT_CARD.width
    level: int = image.getpixel((round(x * scale), round(image.height - y * scale)))
    return level


def test_lite_suits_are_told_apart_in_greyscale() -> None:
    """In outline faces a heart is hollow and a spade solid, so the two colours print apart
    on a greyscale printer; full faces print both as solid greys."""
    heart, spade = Card(Rank.FIVE, Suit.HEARTS), Card(Rank.FIVE, Suit.SPADES)
    lite = FaceStyle(outline=True)
    assert _middle_pip(heart, lite) > 240 and _middle_pip(spade, lite) < 60
    assert _middle_pip(heart, FaceStyle()) < 120 and _middle_pip(spade, FaceStyle()) < 60
    # The diamonds too, and in the four-colour deck; clubs stay solid.
    assert _middle_pip(Card(Rank.FIVE, Suit.DIAMONDS), lite) > 240
    four = FaceStyle(outline=True, four_colour=True)
    assert _middle_pip(Card(Rank.FIVE, Suit.HEARTS), four) > 240
    assert _middle_pip(Card(Rank.FIVE, Suit.CLUBS), four) < 100


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (["--bleed"], "a lite deck's faces are white to their edges, with nothing to bleed"),
        (["--back-text", "Smith"], "a lite deck prints no backs to carry a back text"),
        (["--layout", "gutter-fold"], "a lite deck has no backs to fold behind its faces"),
    ],
)
def test_a_lite_deck_refuses_what_it_cannot_print_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, options: list[str], words: str
) -> None:
    path = tmp_path / "deck.pdf"
    assert main(["deck", "--lite", *options, "-o", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"printplay: error: {words}") and err.count("\n") == 1
    assert not path.exists()
    with pytest.raises(OptionError, match="ask for lite or for"):
        DeckOptions(lite=True, **{"bleed": True})


def test_lite_is_refused_with_an_export(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    assert main(["deck", "--lite", "--export", str(folder)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("printplay: error: --lite is for the sheets printed at home")
    assert err.count("\n") == 1 and not folder.exists()


def test_the_command_line_says_a_lite_kits_sheets_and_ink(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "kit.pdf"
    assert main(["kit", "ricochet-poker", "--lite", "--no-deck", "-o", str(path)]) == 0
    out, err = capsys.readouterr()
    assert out.strip() == str(path)
    pages = len(page_texts(path))
    ink = measure_ink(path)
    line = f"printplay: lite kit: {-(-pages // 2)} sheets ({pages} pages), ink {ink.share:.1%}"
    assert line + " of the page area" in err
    assert "Print-and-play kit, lite" in page_texts(path)[0]
