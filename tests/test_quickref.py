"""Quick-reference cards: their words come from the rulebook sources, they print at card size
with the deck (behind each other on the two sides), every letter inside the safe margin and
at least 6.5 pt, and a source without the macros has no card (said in one line)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium
import pytest
from pdf_geometry import MM, close, page_shapes

from printplay.builders.quickref import quick_card_text, quick_card_texts
from printplay.cli.app import main
from printplay.core.errors import GameError, RulebookError
from printplay.games import REGISTRY
from printplay.markup.jinja_source import render_rulebook_source
from printplay.render.deck import DeckOptions, QuickRef, build_deck, plan_deck, quick_ref_cards
from printplay.render.faces import OUTLINE
from printplay.render.quickref_pdf import MIN_TEXT, SAFE_MM, card_styles, quick_card

RULES = Path(__file__).resolve().parent.parent / "rules"
GREY = (OUTLINE.red, OUTLINE.green, OUTLINE.blue)
GAMES = ("tripeaks", "ricochet-poker")


@pytest.fixture(scope="module")
def deck(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_deck(
        tmp_path_factory.mktemp("quick") / "deck.pdf",
        quick_ref=quick_card_texts(GAMES),
        calibration=False,
    )


def test_the_words_come_from_the_rulebook_sources() -> None:
    for game in GAMES:
        text = quick_card_text(game)
        assert text is not None and text.source == f"{game}.md"
    tripeaks = quick_card_text("tripeaks")
    assert tripeaks is not None
    assert "### TriPeaks: how to play" in tripeaks.front
    assert "Deal** 28 cards in four rows" in tripeaks.front
    assert "| Clearing the layout | 100 |" in tripeaks.back
    # The variant in force changes the card as it changes the rulebook.
    no_wrap = quick_card_text("tripeaks", ["no-wrap"])
    assert no_wrap is not None and "No wrap: A and K are ends." in no_wrap.front
    poker = quick_card_text("ricochet-poker")
    assert poker is not None and "**Casino game.**" in poker.front


def test_the_quick_reference_page_says_what_the_card_says() -> None:
    tripeaks = quick_card_text("tripeaks")
    assert tripeaks is not None
    source = (RULES / "tripeaks.md").read_text(encoding="utf-8")
    assert "{{ quick_card_front(card=false) }}" in source
    assert "{{ quick_card_back(card=false) }}" in source
    page = render_rulebook_source(
        "{% import 'tripeaks.md' as book with context %}{{ book.quick_card_front(card=false) }}",
        _tripeaks_context(),
    )
    body = tripeaks.front.split("\n", 2)[2]  # the card without its heading
    assert " ".join(body.split()) in " ".join(page.split())


def _tripeaks_context() -> dict[str, object]:
    from printplay.builders.quickref import rulebook_source

    return dict(rulebook_source("tripeaks").context)


def test_styles_never_go_below_the_smallest_legible_size() -> None:
    for size in (8.0, 6.5):
        styles = card_styles(size)
        sizes = [
            getattr(styles, name).fontSize
            for name in ("body", "small", "cell", "caption", "table_cell", "h3", "list_item")
        ]
        assert min(sizes) >= MIN_TEXT
        assert styles.h3.fontSize > styles.body.fontSize


def test_quick_cards_fill_the_sheet_after_the_deck() -> None:
    assert quick_ref_cards(["a"], 54, 9) == [QuickRef("a")] * 9
    cards = quick_ref_cards(["a", "b"], 54, 9)
    assert cards == [QuickRef("a")] * 5 + [QuickRef("b")] * 4
    assert len(quick_ref_cards(["a", "b", "c"], 54, 4)) == 6  # 2 free, a sheet more
    assert quick_ref_cards([], 54, 9) == []
    pages = plan_deck(DeckOptions(quick_ref=("tripeaks",), layout="gutter-fold"))
    last = [slot.card for slot in pages[-1].slots if slot.side == "face"]
    assert last[:2] == [c for c in last[:2] if not isinstance(c, QuickRef)]
    assert last[2:] == [QuickRef("tripeaks")] * 2


def _boxes(page: int) -> list[tuple[float, float, float, float]]:
    return [
        (x0, y0, x1, y1)
        for slot in plan_deck(DeckOptions(quick_ref=GAMES, calibration=False))[page].slots
        for x0, y0, x1, y1 in [slot.cut.as_tuple()]
    ]


def test_the_cards_are_card_size_with_their_backs_behind_them(deck: Path) -> None:
    pages = plan_deck(DeckOptions(quick_ref=GAMES, calibration=False))
    assert len(pages) == 14 and [p.kind for p in pages[-2:]] == ["faces", "backs"]
    fronts, backs = pages[-2], pages[-1]
    assert all(isinstance(slot.card, QuickRef) for slot in fronts.slots)
    width = fronts.size[0]
    for front, back in zip(fronts.slots, backs.slots, strict=True):
        assert front.card == back.card
        assert back.cut.x0 == pytest.approx(width - front.cut.x1)  # long-edge flip
    for index in (len(pages) - 2, len(pages) - 1):
        outlines = [
            s.bbox
            for s in page_shapes(deck, index)
            if s.stroke and close(s.stroke, GREY) and not s.fill
        ]
        assert len(outlines) == 9
        expected = sorted(_boxes(index))
        for found, box in zip(sorted(outlines), expected, strict=True):
            assert found == pytest.approx(box, abs=0.1 * MM)
            assert (found[2] - found[0]) / MM == pytest.approx(63.0, abs=0.1)
            assert (found[3] - found[1]) / MM == pytest.approx(88.0, abs=0.1)


def test_every_letter_is_inside_the_safe_margin_and_legible(deck: Path) -> None:
    document = pypdfium2.PdfDocument(deck)
    try:
        for index in (len(document) - 2, len(document) - 1):
            cards = _boxes(index)
            safe = [
                (x0 + SAFE_MM * MM, y0 + SAFE_MM * MM, x1 - SAFE_MM * MM, y1 - SAFE_MM * MM)
                for x0, y0, x1, y1 in cards
            ]
            text = document[index].get_textpage()
            counted = 0
            for i in range(text.count_chars()):
                left, bottom, right, top = text.get_charbox(i)
                if right - left <= 0:
                    continue  # spaces and line ends
                middle = ((left + right) / 2, (bottom + top) / 2)
                if not any(
                    x0 <= middle[0] <= x1 and y0 <= middle[1] <= y1 for x0, y0, x1, y1 in cards
                ):
                    continue  # the deck's own label in the margin
                assert any(
                    x0 - 0.5 <= left
                    and right <= x1 + 0.5
                    and y0 - 0.5 <= bottom
                    and top <= y1 + 0.5
                    for x0, y0, x1, y1 in safe
                ), (index, i)
                assert pdfium.FPDFText_GetFontSize(text.raw, i) >= MIN_TEXT - 0.01
                counted += 1
            assert counted > 1000
            text.close()
    finally:
        document.close()


def _house_without_cards(tmp_path: Path) -> Path:
    house = tmp_path / "house"
    house.mkdir()
    text = (RULES / "tripeaks.md").read_text(encoding="utf-8").replace("quick_card_", "qc_")
    (house / "tripeaks.md").write_text(text, encoding="utf-8")
    return house


def test_a_source_without_the_macros_has_no_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    house = _house_without_cards(tmp_path)
    assert quick_card_text("tripeaks", rules_dir=house) is None
    with pytest.raises(GameError, match="TriPeaks has no quick-reference card yet"):
        quick_card_texts(["tripeaks"], rules_dir=house)
    out = tmp_path / "deck.pdf"
    args = ["deck", "-o", str(out), "--quick-ref", "tripeaks", "--rules-dir", str(house)]
    assert main(args) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "defines no quick_card_front and quick_card_back" in err[0]
    assert not out.exists()


def test_a_card_side_too_long_to_fit_is_an_error_naming_the_macro(tmp_path: Path) -> None:
    house = tmp_path / "house"
    house.mkdir()
    text = (RULES / "tripeaks.md").read_text(encoding="utf-8")
    long = "{% macro quick_card_back(card=true) -%}\n" + "Words, words. " * 400
    text = text.replace("{% macro quick_card_back(card=true) -%}", long, 1)
    (house / "tripeaks.md").write_text(text, encoding="utf-8")
    text = quick_card_texts(["tripeaks"], rules_dir=house)["tripeaks"]
    with pytest.raises(RulebookError, match=r"tripeaks.md: .*back \(macro quick_card_back\)"):
        quick_card(text)
    shutil.rmtree(house)


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_every_games_card_fits_in_both_sizes(game: str) -> None:
    for size in ("poker", "bridge"):
        card = quick_card(quick_card_texts([game])[game], size)
        assert set(card.font_sizes) == {"front", "back"}
        assert all(points >= MIN_TEXT for points in card.font_sizes.values())


def _seen_after_turning(page: tuple[float, float], duplex: str) -> tuple[int, int]:
    """How a point of a back page shows to someone holding the cut card face up and turning it
    over left to right, as (x, y) signs: the paper turned on its long edge turns a portrait
    page left to right (the back as printed), a landscape page top to bottom (the back turned
    half round); the short edge the other way."""
    width, height = page
    left_to_right = (duplex == "long-edge") == (width < height)
    return (1, 1) if left_to_right else (-1, -1)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long-edge", "short-edge"])
def test_a_quick_reference_back_reads_upright_when_the_card_is_turned_over(
    tmp_path: Path, paper: str, duplex: str
) -> None:
    """Turn the cut card over left to right, as a player does: the back's heading runs left to
    right and stands above the rest of the card, whichever way the printer turned the paper."""
    path = build_deck(
        tmp_path / "deck.pdf",
        paper=paper,
        duplex=duplex,
        quick_ref=quick_card_texts(["tripeaks"]),
        calibration=False,
    )
    document = pypdfium2.PdfDocument(path)
    try:
        page = document[len(document) - 1]  # the backs of the last sheet
        sx, sy = _seen_after_turning(page.get_size(), duplex)
        textpage = page.get_textpage()
        text = textpage.get_text_range()
        heading = "TriPeaks: layout and scoring"
        seen = 0
        for start in _occurrences(text, heading):
            boxes = [textpage.get_charbox(i) for i in range(start, start + len(heading))]
            xs = [sx * (b[0] + b[2]) / 2 for b in boxes if b[2] > b[0]]
            assert xs == sorted(xs), "the heading runs right to left"
            heading_y = sy * (boxes[0][1] + boxes[0][3]) / 2
            below = text.index("Options in play", start)
            box = textpage.get_charbox(below)
            assert sy * (box[1] + box[3]) / 2 < heading_y, "the heading is upside down"
            seen += 1
        assert seen >= 1
    finally:
        document.close()


def _occurrences(text: str, word: str) -> list[int]:
    found, start = [], text.find(word)
    while start >= 0:
        found.append(start)
        start = text.find(word, start + 1)
    return found
