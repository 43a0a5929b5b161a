"""Ink-light drawing, read back: no filled grounds (the rectangles, rounded rectangles and
discs a PDF fills, read with pdfplumber), suits told apart in greyscale, and the lite deck's
blank backs and refusals."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pdfplumber
import pypdfium2
import pytest
from pdftext import page_texts
from reportlab.graphics import renderPDF

from printplay.cli.app import main
from printplay.core.cards import Card, Rank, Suit
from printplay.core.deal import numbered_deal
from printplay.core.errors import OptionError
from printplay.core.ink_mode import ink_light
from printplay.games import make_solitaire
from printplay.makers.components_maker import make_components
from printplay.render.board import write_board
from printplay.render.card_sizes import DEFAULT_CARD
from printplay.render.deck import DeckOptions, build_deck, plan_deck
from printplay.render.faces import FaceStyle, face_drawing, pip_centres

MM = 72 / 25.4


GROUND_MM2 = 100.0
"""A filled rectangle, rounded rectangle or disc larger than this (1 cm²) is a ground."""


def _white(colour: Any) -> bool:
    """Whether a pdfplumber colour is white (grey 1, RGB 1 1 1, CMYK 0 0 0 0) or none."""
    if colour is None:
        return True
    values = tuple(colour) if isinstance(colour, list | tuple) else (colour,)
    if len(values) == 4:
        return all(v <= 0.001 for v in values)
    return all(v >= 0.999 for v in values)


def _box_like(shape: dict[str, Any]) -> bool:
    """Whether every point of a path (ends and control points) lies on the edges of its
    box: a rectangle, a rounded rectangle or a disc, never a glyph (a pip, a letter)."""
    x0, x1, top, bottom = shape["x0"], shape["x1"], shape["top"], shape["bottom"]
    for segment in shape.get("path") or ():
        for x, y in segment[1:]:
            if min(abs(x - x0), abs(x - x1), abs(y - top), abs(y - bottom)) > 0.5:
                return False
    return True


def filled_grounds(path: Path) -> list[tuple[int, str, int, Any]]:
    """The grounds a PDF fills: rectangles, rounded rectangles and discs larger than
    :data:`GROUND_MM2` filled in a colour other than white, as (page, kind, mm², colour)."""
    found = []
    with pdfplumber.open(path) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            for shape in [*page.rects, *page.curves]:
                if not shape.get("fill") or _white(shape.get("non_stroking_color")):
                    continue
                area = shape["width"] * shape["height"] / MM**2
                if area <= GROUND_MM2:
                    continue
                if shape["object_type"] == "rect" or _box_like(shape):
                    kind = shape["object_type"]
                    found.append((number, kind, round(area), shape["non_stroking_color"]))
            page.close()
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
