"""The print-and-play kit, read back: its pages are its parts' pages with a cover, a contents
page and blank backs; the contents page and the bookmarks point at the right pages; the
footers number the kit's pages; the registry decides the parts; the same input gives the
same bytes.  The kits are built once, with precomputed walkthrough lines (no search)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pypdfium2
import pytest
from conftest import MadeParts, Printed
from page_fill import NEARLY_EMPTY
from page_fill import used as _used
from pdftext import misplaced_bookmarks, page_texts
from pypdf import PdfReader

from printplay.analysis.curated import SeedDeal
from printplay.builders.kit import kit_deals
from printplay.builders.table_mat import table_mat
from printplay.cli.app import main
from printplay.core.errors import DealError
from printplay.games import entry, make_solitaire
from printplay.makers.kit_maker import Kit, _parts, build_kit
from printplay.makers.printable_words import printable_words
from printplay.render.deck import DeckOptions, plan_deck
from printplay.render.kit_pages import FRONT_PAGES
from printplay.render.mats import mat_page_count


@pytest.fixture(scope="module")
def poker_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Ricochet Poker on Letter, no deck, through the command line."""
    path = tmp_path_factory.mktemp("kit") / "poker-kit.pdf"
    status = main(["kit", "poker", "-o", str(path), "--paper", "letter", "--no-deck"])
    assert status == 0
    return path


def _toc(path: Path) -> dict[str, int]:
    """The contents page: title → page number."""
    found = {}
    for line in page_texts(path)[1].splitlines():
        match = re.fullmatch(r"(.+?) (\d+)", line.strip())
        if match and not line.startswith("printplay"):
            found[match.group(1)] = int(match.group(2))
    return found


def _outline(path: Path) -> list[tuple[int, str, int]]:
    """The bookmarks as (level, title, page number from 1)."""
    reader = PdfReader(path)
    found: list[tuple[int, str, int]] = []

    def walk(items: list[Any], level: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, level + 1)
            else:
                found.append((level, item.title, reader.get_destination_page_number(item) + 1))

    walk(reader.outline, 0)
    return found


def test_the_kit_is_its_parts_with_a_cover_contents_and_blank_backs(tripeaks_kit: Kit) -> None:
    kit = tripeaks_kit
    assert [p.kind for p in kit.parts] == ["rulebook", "mat", "sheets", "puzzles", "deck"]
    assert len(PdfReader(kit.path).pages) == kit.pages
    assert kit.pages == FRONT_PAGES + sum(p.printed for p in kit.parts) + len(kit.blanks)
    by_kind = {p.kind: p for p in kit.parts}
    game = make_solitaire("tripeaks")
    assert (
        by_kind["mat"].printed
        == mat_page_count(table_mat(game), "a4", printable_words("kit.j2"))
        == 7
    )
    deck = plan_deck(DeckOptions(quick_ref=("tripeaks",)))
    assert by_kind["deck"].printed == len(deck) == 16
    assert by_kind["sheets"].documents == 2
    # Parts follow each other, each on a fresh sheet (an odd page).
    assert kit.parts[0].first == FRONT_PAGES + 1
    for before, after in zip(kit.parts, kit.parts[1:], strict=False):
        assert after.first in (before.last + 1, before.last + 2)
    assert all(p.first % 2 == 1 for p in kit.parts)
    assert kit.parts[-1].last == kit.pages


def test_one_sided_pages_have_blank_backs_that_say_so(tripeaks_kit: Kit) -> None:
    kit, texts = tripeaks_kit, page_texts(tripeaks_kit.path)
    blank_words = printable_words("kit.j2")("blank_page")
    mat = next(p for p in tripeaks_kit.parts if p.kind == "mat")
    for page in range(mat.first, mat.last + 1):
        assert (page in kit.blanks) == ((page - mat.first) % 2 == 1), page
    for page in kit.blanks:
        assert " ".join(texts[page - 1].split()) == blank_words
    others = [p for p in kit.parts if p.sides == "both"]
    assert not any(p.first in kit.blanks for p in others)


def test_the_contents_page_points_at_the_right_pages(tripeaks_kit: Kit) -> None:
    toc, texts = _toc(tripeaks_kit.path), page_texts(tripeaks_kit.path)
    starts = {p.title: p.first for p in tripeaks_kit.parts}
    for title, first in starts.items():
        assert toc[title] == first, title
    assert "The idea" in texts[toc["The idea"] - 1]
    assert "Quick reference: TriPeaks" in texts[toc["Quick reference: TriPeaks"] - 1]
    assert "TriPeaks table mat" in texts[toc["Table mat"] - 1]
    assert "A1 of 2 × 3" in texts[toc["The pages, A1 to B3"] - 1]
    assert "TriPeaks · deal 8 · setup" in texts[toc["Deal 8 (cannot be won)"] - 1]
    assert "TriPeaks · deal 2 · setup" in texts[toc["Deal 2"] - 1]
    assert "TriPeaks puzzles" in texts[toc["TriPeaks puzzles"] - 1]
    assert "print check" in texts[toc["Print check"] - 1]
    quick = texts[toc["Quick-reference cards"] - 1]
    assert "TriPeaks: how to play" in quick


def test_bookmarks_hold_every_part_and_their_own_outlines(tripeaks_kit: Kit) -> None:
    outline = _outline(tripeaks_kit.path)
    top = [(title, page) for level, title, page in outline if level == 0]
    assert top == [("Cover", 1), ("Contents", 2)] + [(p.title, p.first) for p in tripeaks_kit.parts]
    toc = _toc(tripeaks_kit.path)
    for level, title, page in outline:
        if title in toc and level <= 2:
            assert toc[title] == page, title
    titles = [title for _, title, _ in outline]
    assert {"The idea", "Walkthrough", "A1", "Sheet 6 of 7"} <= set(titles)
    assert (1, "Deal 8 (cannot be won)", toc["Deal 8 (cannot be won)"]) in outline


def test_every_bookmark_of_a_sheet_opens_the_page_of_its_heading(tripeaks_kit: Kit) -> None:
    """The bookmarks of the sheets' sections open the page the section's heading is on."""
    sheets = next(part for part in tripeaks_kit.parts if part.kind == "sheets")
    wrong, checked = misplaced_bookmarks(tripeaks_kit.path, range(sheets.first - 1, sheets.last))
    assert checked >= 8 and wrong == []


def test_footers_number_the_kits_pages(tripeaks_kit: Kit) -> None:
    texts = page_texts(tripeaks_kit.path)
    numbered = [p for p in tripeaks_kit.parts if p.kind in ("rulebook", "sheets", "puzzles")]
    checked = 0
    for part in numbered:
        for page in range(part.first, part.last + 1):
            if page not in tripeaks_kit.blanks:
                footers = re.findall(r"^printplay · .* page (\d+)$", texts[page - 1], re.M)
                assert footers == [str(page)], (page, footers)
                checked += 1
    assert checked >= 10


def test_the_cover_says_what_is_where_and_how_to_print(tripeaks_kit: Kit) -> None:
    cover = " ".join(page_texts(tripeaks_kit.path)[0].split())
    for part in tripeaks_kit.parts:
        assert f"{part.first}–{part.last} {part.title}" in cover
    deck = tripeaks_kit.parts[-1]
    assert f"print pages {deck.first}–{deck.first + 1}, the deck’s print check" in cover
    assert "Print at 100 %" in cover and "on both sides" in cover
    assert "deal 8, deal 2" in cover and "54 cards, 9 quick-reference cards" in cover


def test_the_pdf_asks_for_true_size_and_long_edge_duplex(tripeaks_kit: Kit) -> None:
    reader = PdfReader(tripeaks_kit.path)
    preferences = reader.trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/PrintScaling"] == "/None"
    assert preferences["/Duplex"] == "/DuplexFlipLongEdge"
    info = reader.metadata
    assert info is not None and info.title == "TriPeaks: the print-and-play kit"
    assert info["/CreationDate"] == "D:20261126000000+00'00'"  # the version's date
    assert "/ID" not in reader.trailer


def test_the_registry_decides_the_parts(poker_kit: Path, tmp_path: Path) -> None:
    outline = [title for level, title, _ in _outline(poker_kit) if level == 0]
    assert outline == [
        "Cover",
        "Contents",
        "The rules of Ricochet Poker",
        "Table card",
        "Chips and a dealer button",
        "Setup sheets and walkthroughs",
    ]  # --no-deck: no deck
    texts = page_texts(poker_kit)
    assert "The deck" not in texts[1]
    assert any("Ricochet Poker · deal 1" in text for text in texts)
    # The same input gives the same bytes (no dates, no random document ID).
    again = build_kit("ricochet-poker", tmp_path / "again.pdf", paper="letter", deck=False)
    assert again.path.read_bytes() == poker_kit.read_bytes()


def test_every_kit_deal_prints_the_command_that_remakes_it(
    tripeaks_kit: Kit, poker_kit: Path
) -> None:
    texts = [" ".join(text.split()) for text in page_texts(tripeaks_kit.path)]
    for deal in tripeaks_kit.deals:
        command = f"To print this sheet again: printplay sheet tripeaks --seed {deal.seed}"
        assert sum(text.endswith(command) or f"{command} " in text for text in texts) == 1
    poker = " ".join(" ".join(page_texts(poker_kit)).split())
    assert "To print this sheet again: printplay sheet ricochet-poker --seed 1 " in poker


def test_kit_deals_come_from_the_collection_or_are_dealt_plain() -> None:
    assert [d.seed for d in kit_deals("tripeaks")] == [1, 16, 20, 6, 11, 8]
    picked = kit_deals("tripeaks", [20, 3])
    assert picked[0].verdict is True and picked[1] == SeedDeal("tripeaks", (), seed=3)
    assert [d.seed for d in kit_deals("ricochet-poker")] == [1]  # its demo collection
    for bad in ([0], [2**64]):
        with pytest.raises(DealError, match="deal number"):
            kit_deals("tripeaks", bad)


def test_a_source_without_quick_cards_is_left_out_and_said(tmp_path: Path) -> None:
    house = tmp_path / "house"
    house.mkdir()
    source = Path(__file__).resolve().parent.parent / "rules" / "tripeaks.md"
    text = source.read_text(encoding="utf-8").replace("quick_card_", "card_")
    (house / "tripeaks.md").write_text(text, encoding="utf-8")
    words = printable_words("kit.j2")
    parts, left_out = _parts(entry("tripeaks"), tmp_path, "a4", [], True, house, {}, words)
    assert [p.title for p in parts][-1] == "The deck"
    assert left_out == [
        "No quick-reference cards: rules/tripeaks.md defines no quick_card_front and "
        "quick_card_back macros yet."
    ]
    shutil.rmtree(house)
    parts, left_out = _parts(entry("tripeaks"), tmp_path, "a4", [], False, None, {}, words)
    assert [p.kind for p in parts] == ["rulebook", "mat", "puzzles"] and left_out == []
    parts, _ = _parts(entry("tripeaks"), tmp_path, "a4", [], False, None, {}, words, puzzles=False)
    assert [p.kind for p in parts] == ["rulebook", "mat"]


# --- no page nearly empty -------------------------------------------------------------------


def _sparse_pages(path: Path, blanks: set[int], pages: int) -> list[tuple[int, float]]:
    """The pages of a kit using less than :data:`NEARLY_EMPTY` of their text area, but the
    blank backs (meant so), the puzzle book's page that warns the solutions follow (meant
    so) and the kit's last page."""
    texts = page_texts(path)
    dividers = {n for n, text in enumerate(texts, 1) if "Stop here if you want" in text}
    document = pypdfium2.PdfDocument(path)
    try:
        used = [
            (number, round(_used(document[number - 1]), 2))
            for number in range(1, pages)
            if number not in blanks and number not in dividers
        ]
    finally:
        document.close()
    return [(number, share) for number, share in used if share < NEARLY_EMPTY]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["tripeaks", "pyramid", "ricochet", "ricochet-poker"])
def test_no_page_of_a_kit_is_nearly_empty(printed: Printed, game: str) -> None:
    """Every page of every game's whole kit on Letter uses a fifth of its text area or
    more (see :func:`_sparse_pages`): no walkthrough ends alone on a page (with a blank back
    after it in the kit), no sheet holds two tokens and nothing else."""
    kit = printed.kit(game, paper="letter")
    dividers = [text for text in page_texts(kit.path) if "Stop here if you want" in text]
    assert len(dividers) == (1 if game != "ricochet-poker" else 0)  # the puzzles' answers
    assert _sparse_pages(kit.path, set(kit.blanks), kit.pages) == []


@pytest.mark.parametrize("game", ["tripeaks", "pyramid", "ricochet", "ricochet-poker"])
def test_no_page_of_the_websites_a4_kits_is_nearly_empty(built_site: Path, game: str) -> None:
    """The same on A4, over the kits the demo's website offers (its featured deals): the
    blank backs are the pages saying so."""
    path = built_site / game / f"{game}-kit.pdf"
    texts = page_texts(path)
    blank_words = printable_words("kit.j2")("blank_page")
    blanks = {n for n, text in enumerate(texts, 1) if " ".join(text.split()) == blank_words}
    assert blanks and len(texts) > 10
    assert _sparse_pages(path, blanks, len(texts)) == []


def test_the_print_check_counts_the_pages_of_the_kit(tripeaks_kit: Kit) -> None:
    """The deck's print check, inside a kit, says to print the whole file: the kit's pages,
    not the deck's."""
    deck = tripeaks_kit.parts[-1]
    check = " ".join(page_texts(tripeaks_kit.path)[deck.first - 1].split())
    assert f"Print the whole file, {tripeaks_kit.pages} pages, both sides" in check
    assert tripeaks_kit.pages != deck.printed


def test_the_cover_names_each_deal_with_its_rules(tmp_path: Path) -> None:
    """Pyramid plays deal 1 under two rule sets and deal 4 under two: the cover names the
    options a deal is played under, so no deal reads as listed twice."""
    words = printable_words("kit.j2")
    chosen = kit_deals("pyramid")
    parts, _ = _parts(entry("pyramid"), tmp_path, "a4", chosen, False, None, {}, words)
    sheets = next(part for part in parts if part.kind == "sheets")
    detail = words("part_detail", kind="sheets", **sheets.facts)
    assert detail == (
        "deal 4, deal 7, deal 6, deal 3, deal 1, deal 1 (reserve), deal 4 (one-deal), deal 5"
    )
    assert len(set(detail.split(", "))) == len(chosen)


def test_the_puzzle_book_in_the_kit_gives_the_kits_pages(tripeaks_kit: Kit) -> None:
    """The kit's puzzle book lists its puzzles and solutions by the kit's page numbers."""
    texts = page_texts(tripeaks_kit.path)
    part = next(p for p in tripeaks_kit.parts if p.kind == "puzzles")
    listing = next(n for n in range(part.first, part.last + 1) if "List of puzzles" in texts[n - 1])
    rows = [
        line.split()
        for line in texts[listing - 1].splitlines()
        if re.match(r"^\d+ deal \d+ ", line.strip())
    ]
    assert len(rows) == 12
    for row in rows:
        number, page, solution = row[0], int(row[-2]), int(row[-1])
        assert part.first <= page < solution <= part.last
        assert f"Puzzle {number} ·" in texts[page - 1]
        assert f"Puzzle {number} ·" in texts[solution - 1]


@pytest.mark.slow
def test_a_kit_whose_page_numbers_move_its_pages_is_laid_out_until_they_hold(
    tmp_path: Path,
) -> None:
    """Ricochet's Letter kit with deals 2: the puzzle book's page numbers, as the kit
    numbers them, move a page at the second layout; a third one settles it (this kit had
    been refused), and every reference points at its puzzle."""
    out = tmp_path / "kit.pdf"
    argv = ["kit", "ricochet", "--paper", "letter", "--deals", "2", "--no-deck", "-o", str(out)]
    assert main(argv) == 0
    texts = page_texts(out)
    refs = [
        (page, int(found))
        for page, text in enumerate(texts, start=1)
        for found in re.findall(r"puzzle is on page (\d+)", " ".join(text.split()))
    ]
    assert len(refs) == 12
    for number, (page, puzzle_page) in enumerate(refs, start=1):
        assert puzzle_page < page
        assert f"Puzzle {number} ·" in texts[puzzle_page - 1]
        assert f"Puzzle {number} ·" in texts[page - 1]


def test_a_kit_takes_the_parts_made_already_renumbered(
    tripeaks_kit: Kit, tripeaks_made: MadeParts, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Given the rulebook, the mat and the sheets made already (numbered from page 1), the
    kit typesets none of them again and is the same file, byte for byte: their pages with
    the footers numbering the kit's pages.  Given where the first layout pass of the puzzle
    book printed on its own found its marks, the kit's book makes no first pass."""
    from conftest import KIT_DEALS, walkthrough_line

    from printplay.core.deal import numbered_deal
    from printplay.makers import kit_maker
    from printplay.render import books, puzzle_book_pdf

    game = make_solitaire("tripeaks")
    lines = {n: walkthrough_line(game, numbered_deal(game.deck(), n)) for n in KIT_DEALS}
    made = tripeaks_made.made
    assert sorted(kind for kind, _, _ in made) == ["mat", "rulebook", "sheet", "sheet"]
    typeset: list[str] = []
    printable, rulebook = kit_maker.make_printable, books.draw_rulebook

    def noted(kind: str, request: Any) -> Path:
        typeset.append(kind)
        return printable(kind, request)

    def noted_rulebook(*args: Any, **kwargs: Any) -> Path:
        typeset.append("rulebook")
        return rulebook(*args, **kwargs)

    # The puzzle book printed on its own: the kit's starts from its first layout pass.
    sketched = tripeaks_made.sketched
    assert sketched and all(page >= 1 for page in sketched.values())
    sketches: list[object] = []
    real_sketch = puzzle_book_pdf.Sketch.__init__

    def noted_sketch(self: Any, real: Any) -> None:
        sketches.append(real)
        real_sketch(self, real)

    monkeypatch.setattr(kit_maker, "make_printable", noted)
    monkeypatch.setattr(books, "draw_rulebook", noted_rulebook)
    monkeypatch.setattr(puzzle_book_pdf.Sketch, "__init__", noted_sketch)
    again = build_kit(
        "tripeaks",
        tmp_path / "kit.pdf",
        deals=KIT_DEALS,
        results=lines,
        made=made,
        sketched=sketched,
    )
    assert typeset == [] and sketches == []  # no part typeset again, no first pass sketched
    assert again.path.read_bytes() == tripeaks_kit.path.read_bytes()
    assert again.parts == tripeaks_kit.parts and again.bookmarks == tripeaks_kit.bookmarks


def _footer_content(path: Path) -> bytes:
    return PdfReader(path).pages[0].get_contents().get_data()


def test_a_footer_renumbered_is_the_footer_typeset_so(tmp_path: Path) -> None:
    """A page renumbered is the page typeset inside ``numbered_from``; a page whose footer
    words would be cut beside the wider number, or were cut already, or that has no footer
    of ours, is not renumbered (the kit then typesets the part again)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.platypus import Paragraph

    from printplay.render.document import (
        FOOTER_SIZE,
        PageSetup,
        _footer_room,
        build_pdf,
        fit_text,
        numbered_from,
        renumber_footer,
    )
    from printplay.render.fonts import SANS, register_fonts
    from printplay.render.kit_pages import _font_widths, renumbered
    from printplay.render.styles import book_styles

    register_fonts()
    story = [Paragraph("A page · with words ♠", book_styles().body)]

    def typeset(name: str, footer: str, first: int = 1) -> Path:
        with numbered_from(first):
            return build_pdf(tmp_path / name, story, PageSetup(footer=footer))

    plain = typeset("plain.pdf", "printplay · a footer · standard rules")
    renumbered_pages = renumbered(plain, 117)
    assert renumbered_pages is not None
    expected = _footer_content(typeset("at-117.pdf", "printplay · a footer · standard rules", 117))
    assert renumbered_pages.pages[0].get_contents().get_data() == expected

    # Words that fit beside "page 1" but not beside "page 117".
    width = PageSetup().size[0]
    words = "printplay ·"
    while stringWidth(words, SANS, FOOTER_SIZE) <= _footer_room(width, "page 117"):
        words += " x"
    assert fit_text(words, _footer_room(width, "page 1"), FOOTER_SIZE) == words
    tight = typeset("tight.pdf", words)
    assert renumbered(tight, 117) is None
    assert renumbered(tight, 2) is not None  # the same width: nothing moves
    cut = typeset("cut.pdf", words + " and more words than the footer has room for" * 3)
    assert renumbered(cut, 2) is None  # cut short already: its whole words are not known

    page = PdfReader(plain).pages[0]
    content = page.get_contents().get_data()
    widths = _font_widths(page)
    assert renumber_footer(content, 2, 3, width, widths) is None  # it does not say page 2
    assert renumber_footer(b"q\n1 0 0 1 0 0 cm\nQ\n", 1, 3, width, widths) == (
        b"q\n1 0 0 1 0 0 cm\nQ\n"
    )
    moved = content.replace(b" 529.7031 ", b" 529.7 ", 1)
    assert moved != content
    assert renumber_footer(moved, 1, 3, width, widths) is None  # not placed as ours is
    later = content.replace(b"q\n.35 g\n", b"q\n", 1)
    assert renumber_footer(later, 1, 3, width, widths) is None  # a number, not our footer


def _raw_contents(reader: PdfReader) -> Any:
    """The first page's content stream as stored (still encoded)."""
    return reader.pages[0]["/Contents"].get_object()


def test_a_page_renumbered_is_read_through_reportlabs_decoders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pages of a part made already are read through reportlab's own decoders for the
    filters reportlab writes (pypdf's ASCII85 decoder is Python, ten times slower): the very
    drawing pypdf reads, and the page renumbered as before."""
    from pypdf import filters
    from pypdf.generic import StreamObject

    from printplay.render.document import PageSetup, Paragraph, build_pdf
    from printplay.render.kit_pages import _as_reportlab_wrote, renumbered
    from printplay.render.styles import book_styles

    story = [Paragraph("A page · with words ♠ " * 40, book_styles().body)]
    path = build_pdf(tmp_path / "part.pdf", story, PageSetup(footer="printplay · a footer"))
    stream = _raw_contents(PdfReader(path))
    reportlabs = ("/ASCII85Decode", "/FlateDecode")
    assert tuple(str(f) for f in stream["/Filter"]) == reportlabs
    assert _as_reportlab_wrote(stream, reportlabs) == stream.get_data()  # pypdf's reading
    expected = renumbered(path, 7)
    assert expected is not None

    def refused(*args: Any, **kwargs: Any) -> bytes:
        raise AssertionError("pypdf's ASCII85 decoder used")

    monkeypatch.setattr(filters.ASCII85Decode, "decode", refused)
    again = renumbered(path, 7)
    assert again is not None
    new, old = _raw_contents(again), _raw_contents(expected)
    assert StreamObject.get_data(new) == StreamObject.get_data(old)
    assert StreamObject.get_data(new) != StreamObject.get_data(stream)  # renumbered
