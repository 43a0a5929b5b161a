"""Full-size faces and backs, measured on the drawing itself: pips in the classic layouts and
clear of each other and of the indices, court art inside its frame, the suits' inks (and their
greys), the glyph outlines, and the same card rendered to SVG."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from reportlab.graphics import renderSVG
from reportlab.graphics.shapes import Group, Path, String
from reportlab.lib.colors import Color
from reportlab.lib.units import mm

from printplay.core.cards import Card, Rank, Suit, standard_deck
from printplay.core.errors import OptionError
from printplay.render.card_shapes import BLACK, JOKER_INDEX, RED
from printplay.render.faces import (
    BLUE,
    CARD_SIZES,
    GREEN,
    LIGHT_RED,
    PIP_LAYOUTS,
    FaceStyle,
    back_drawing,
    card_back,
    card_colour,
    card_face,
    check_back_text,
    face_drawing,
    glyph,
    luma,
    pip,
    pip_centres,
    suit_colour,
)

STYLES = [FaceStyle(), FaceStyle(large_index=True), FaceStyle(four_colour=True, large_index=True)]
Bounds = tuple[float, float, float, float]


def overlap(a: Bounds, b: Bounds, clearance: float = 0.0) -> bool:
    return (
        a[0] < b[2] + clearance
        and b[0] < a[2] + clearance
        and a[1] < b[3] + clearance
        and b[1] < a[3] + clearance
    )


def part(node: Group, name: str) -> Any:
    """A named part of a card: its ``index``, ``index_rotated``, ``art``, ``fill``..."""
    return getattr(node, name)


def paths(group: Group) -> list[Path]:
    return [node for node in group.contents if isinstance(node, Path)]


def strings(node: object) -> list[str]:
    if isinstance(node, String):
        return [node.text]
    if isinstance(node, Group):
        return [text for child in node.contents for text in strings(child)]
    return []


def contrast(colour: Color) -> float:
    """WCAG contrast ratio against white paper."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    lum = 0.2126 * linear(colour.red) + 0.7152 * linear(colour.green)
    lum += 0.0722 * linear(colour.blue)
    return 1.05 / (lum + 0.05)


# --- pips -------------------------------------------------------------------------------------


def test_pip_layouts_are_the_classic_ones() -> None:
    for rank, layout in PIP_LAYOUTS.items():
        assert len(layout) == rank
        columns = sorted(column for column, _ in layout)
        # Left and right columns mirror each other; the middle column holds the odd pips.
        assert columns.count(-1) == columns.count(1)
        assert columns.count(0) == {1: 1, 2: 2, 3: 3, 5: 1, 7: 1, 8: 2, 9: 1, 10: 2}.get(rank, 0)
        rows = {round(row, 9) for _, row in layout}
        if rank != 7:  # the seven's extra pip sits in the upper half only
            assert {round(1 - row, 9) for _, row in layout} == rows, rank
    assert (0, 0.25) in PIP_LAYOUTS[7] and (0, 0.75) not in PIP_LAYOUTS[7]
    assert {row for column, row in PIP_LAYOUTS[10] if column} == {0, 1 / 3, 2 / 3, 1}


@pytest.mark.parametrize("size", list(CARD_SIZES.values()), ids=list(CARD_SIZES))
@pytest.mark.parametrize("style", STYLES, ids=["standard", "large", "large-four"])
def test_each_numbered_card_has_its_pips_clear_of_each_other_and_the_indices(
    size: object, style: FaceStyle
) -> None:
    for suit, rank in itertools.product(Suit, range(1, 11)):
        card = Card(Rank(rank), suit)
        face = card_face(card, size, style)  # type: ignore[arg-type]
        pips = paths(part(face, "art"))
        assert len(pips) == rank
        boxes = [p.getBounds() for p in pips]
        for a, b in itertools.combinations(boxes, 2):
            assert not overlap(a, b, clearance=0.8 * mm), (card, a, b)
        for index in (part(face, "index").getBounds(), part(face, "index_rotated").getBounds()):
            for box in boxes:
                assert not overlap(box, index, clearance=1.0 * mm), (card, style, box, index)
        upside_down = [y for _, y, turned in pip_centres(card.rank, size, style) if turned]  # type: ignore[arg-type]
        assert all(y < size.height / 2 for y in upside_down)  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", list(CARD_SIZES.values()), ids=list(CARD_SIZES))
@pytest.mark.parametrize("style", STYLES, ids=["standard", "large", "large-four"])
def test_indices_sit_in_the_corners_and_everything_stays_on_the_card(
    size: object, style: FaceStyle
) -> None:
    width, height = size.width, size.height  # type: ignore[attr-defined]
    for card in standard_deck(jokers=2):
        face = card_face(card, size, style)  # type: ignore[arg-type]
        # (Text bounds reach the font's ascent, above the capitals' ink.)
        x0, y0, x1, y1 = part(face, "index").getBounds()
        assert x0 >= 1.0 * mm and y1 <= height
        assert x1 <= 16 * mm and y0 >= height - 32 * mm
        rx0, ry0, rx1, ry1 = part(face, "index_rotated").getBounds()
        assert (rx0, ry0, rx1, ry1) == pytest.approx(
            (width - x1, height - y1, width - x0, height - y0)
        )
        ax0, ay0, ax1, ay1 = part(face, "art").getBounds()
        assert ax0 >= 2 * mm and ay0 >= 2 * mm and ax1 <= width - 2 * mm
        assert ay1 <= height - 2 * mm
        if card.is_joker or card.rank >= Rank.JACK:
            # The court art, crowns and plumes included, stays inside its frame.
            frame = part(face, "art").contents[0].getBounds()
            assert not overlap(frame, part(face, "index").getBounds(), clearance=0.5 * mm), card
            assert (ax0, ay0, ax1, ay1) == pytest.approx(frame, abs=0.6)


def test_indices_are_text_in_the_embedded_font() -> None:
    face = card_face(Card(Rank.TEN, Suit.HEARTS))
    assert strings(part(face, "index")) == ["10", "♥"]
    assert strings(part(face, "index_rotated")) == ["10", "♥"]
    assert strings(part(card_face(Card.make_joker(1)), "index")) == list(JOKER_INDEX)
    assert "printplay" in strings(part(card_face(Card(Rank.ACE, Suit.SPADES)), "art"))


def test_glyphs_are_read_in_font_units_by_fonttools() -> None:
    # the outline's points, its box and its advance are all in the font's units (2048 an em):
    # reportlab's reader gave the advance of a monospace glyph rescaled to 1000 an em
    exclaim = glyph("!", "DejaVuSansMono.ttf")
    assert exclaim.units_per_em == 2048
    assert exclaim.advance == 1233
    assert exclaim.bounds == (516, 0, 719, 1493)
    assert [len(contour) for contour in exclaim.contours] == [6, 4]
    with pytest.raises(ValueError, match="no outline"):
        glyph(" ")


def test_the_big_pips_are_the_fonts_suit_glyphs() -> None:
    assert glyph("♠").bounds == (323, 0, 1512, 1492)
    assert glyph("♥").units_per_em == 2048
    for suit in Suit:
        shape = pip(suit, 100.0, 200.0, 30.0, BLACK)
        x0, y0, x1, y1 = shape.getBounds()
        assert (y1 - y0) == pytest.approx(30.0, abs=0.01)
        assert ((x0 + x1) / 2, (y0 + y1) / 2) == pytest.approx((100.0, 200.0), abs=0.01)
        turned = pip(suit, 100.0, 200.0, 30.0, BLACK, upside_down=True)
        assert turned.getBounds() == pytest.approx((x0, y0, x1, y1), abs=0.01)


# --- colours ----------------------------------------------------------------------------------


def test_suits_keep_the_diagram_colours_and_the_four_colour_deck_recolours_two() -> None:
    assert suit_colour(Suit.HEARTS) == RED and suit_colour(Suit.DIAMONDS) == RED
    assert suit_colour(Suit.SPADES) == BLACK and suit_colour(Suit.CLUBS) == BLACK
    four = FaceStyle(four_colour=True)
    assert suit_colour(Suit.CLUBS, four) == GREEN and suit_colour(Suit.DIAMONDS, four) == BLUE
    assert suit_colour(Suit.HEARTS, four) == LIGHT_RED and suit_colour(Suit.SPADES, four) == BLACK
    assert card_colour(Card.make_joker(1)) == BLACK and card_colour(Card.make_joker(2)) == RED


def test_inks_read_on_white_and_stay_apart_in_greyscale() -> None:
    assert all(contrast(ink) >= 4.5 for ink in (BLACK, RED))
    # Red prints clearly lighter than black on a greyscale printer...
    assert luma(RED) - luma(BLACK) > 0.15
    # ... and the four-colour deck's inks are four greys, spades darkest, then clubs,
    # diamonds and hearts, each an eighth of the scale or more from the next; all read on
    # white (3 : 1 at least: pips and indices are large and bold).
    four = FaceStyle(four_colour=True)
    order = [Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS]
    greys = [luma(suit_colour(suit, four)) for suit in order]
    assert all(b - a >= 0.12 for a, b in itertools.pairwise(greys)), greys
    assert all(contrast(suit_colour(suit, four)) >= 3.0 for suit in order)


def test_court_cards_and_jokers_are_drawn_in_their_ink() -> None:
    for card, style, ink in (
        (Card(Rank.KING, Suit.CLUBS), FaceStyle(four_colour=True), GREEN),
        (Card(Rank.QUEEN, Suit.HEARTS), FaceStyle(), RED),
        (Card.make_joker(2), FaceStyle(), RED),
    ):
        face = card_face(card, CARD_SIZES["poker"], style)
        frame = part(face, "art").contents[0]
        assert frame.strokeColor == ink


# --- backs ------------------------------------------------------------------------------------


def test_the_back_covers_the_card_and_its_bleed() -> None:
    size = CARD_SIZES["poker"]
    back = card_back(size, "The Smiths", bleed=3 * mm)
    assert part(back, "fill").getBounds() == pytest.approx(
        (-3 * mm, -3 * mm, size.width + 3 * mm, size.height + 3 * mm)
    )
    lattice = back.contents[1]
    x0, y0, x1, y1 = lattice.getBounds()
    assert x0 >= -3 * mm - 1e-6 and x1 <= size.width + 3 * mm + 1e-6
    assert y0 >= -3 * mm - 1e-6 and y1 <= size.height + 3 * mm + 1e-6
    assert strings(back).count("The Smiths") == 2  # both ways up
    assert "printplay" in strings(back)


def test_back_text_is_checked() -> None:
    assert check_back_text(None) is None
    assert check_back_text(" a  b ") == "a b"
    with pytest.raises(OptionError, match="room for 24"):
        check_back_text("y" * 25)
    with pytest.raises(OptionError, match="no 漢"):
        check_back_text("漢")


# --- other renderers --------------------------------------------------------------------------


def test_the_same_card_renders_to_svg() -> None:
    svg = renderSVG.drawToString(face_drawing(Card(Rank.SEVEN, Suit.DIAMONDS), bleed_mm=3))
    assert svg.count("<path") >= 7
    assert 'width="195.59' in svg  # 63 mm + 2 × 3 mm = 69 mm
    back = renderSVG.drawToString(back_drawing("bridge", "Ann"))
    assert "printplay" in back and "Ann" in back


def test_standalone_drawings_start_in_the_embedded_font() -> None:
    drawing = face_drawing(Card(Rank.TWO, Suit.CLUBS))
    assert part(drawing, "initialFontName").startswith("PP")
    assert drawing.width == pytest.approx(63 * mm) and drawing.height == pytest.approx(88 * mm)
