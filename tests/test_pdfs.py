"""The printables: setup sheets, walkthroughs and rulebooks, read back with pypdf."""

from __future__ import annotations

import ast
import hashlib
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import DemoRun, Printed, sheet_with_line
from pdftext import misplaced_bookmarks, outline, page_texts, pdf_text
from pypdf import PdfReader

from printplay.core.deal import explicit_deal, numbered_deal
from printplay.games import make_game
from printplay.games.tripeaks import TriPeaks
from printplay.makers.kit_maker import Kit
from printplay.makers.rulebook_maker import write_rulebook
from printplay.solve.tripeaks_solver import best_score

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


def text_of(path: Path) -> str:
    """All the text of a PDF, with runs of white space (line breaks too) made single spaces."""
    return pdf_text(path)


def sizes(path: Path) -> set[tuple[float, float]]:
    return {
        (round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))
        for p in PdfReader(path).pages
    }


@pytest.fixture(scope="module")
def sheet_1(printed: Printed) -> Path:
    return printed.sheet("tripeaks", 1)


def test_sheet_names_the_deal_and_shows_every_card(sheet_1: Path) -> None:
    text = text_of(sheet_1)
    assert "TriPeaks · deal 1 · setup" in text
    assert "deal code BUZX-PAEV" in text
    assert all(symbol in text for symbol in "♠♥♦♣")
    deal = numbered_deal(TriPeaks().deck(), 1)
    first_page = " ".join(page_texts(sheet_1)[0].split())
    for number, card in enumerate(deal.cards, start=1):
        assert re.search(
            rf"\b{number} {re.escape(card.label)} (\d·\d+ row|waste|stock)", first_page
        )
    assert "waste, face up" in first_page and "stock, 23rd to turn" in first_page


def test_walkthrough_numbers_every_move_of_the_replayed_line(sheet_1: Path) -> None:
    game = TriPeaks()
    state = game.initial_state(numbered_deal(game.deck(), 1))
    result = best_score(state)
    text = text_of(sheet_1)
    assert "This deal can be won." in text
    for number in range(1, len(result.moves) + 1):
        assert f"{number}. " in text
    assert f"Won in {len(result.moves)} moves. Final score {result.score}." in text
    assert "turns up" in text and "Stock turn" in text


def test_sheet_sizes(printed: Printed) -> None:
    assert sizes(printed.sheet("tripeaks", 2)) == {A4}
    assert sizes(printed.sheet("tripeaks", 2, paper="letter")) == {LETTER}


def test_output_is_byte_identical_for_identical_input(printed: Printed, tmp_path: Path) -> None:
    """Typeset again (in this process; the first may have been typeset in another), a
    sheet and a rulebook are the same bytes."""
    game = TriPeaks()
    deal = numbered_deal(game.deck(), 3)
    again = sheet_with_line(game, deal, tmp_path / "again.pdf")
    assert digest(again) == digest(printed.sheet("tripeaks", 3))
    rules = write_rulebook(game, tmp_path / "rules.pdf")
    assert digest(rules) == digest(printed.rulebook("tripeaks"))


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_spoiler_free_sheet_draws_backs(printed: Printed) -> None:
    plain = printed.sheet("tripeaks", 1)
    hidden = printed.sheet("tripeaks", 1, spoiler_free=True)
    assert "Dark cards are dealt face down." in text_of(hidden)
    assert plain.read_bytes() != hidden.read_bytes()


def test_an_unwinnable_deal_says_so(tmp_path: Path, external_decks: list[str]) -> None:
    game = TriPeaks()
    deal = explicit_deal(external_decks[UNWINNABLE_DECK], game.deck())
    text = text_of(sheet_with_line(game, deal, tmp_path / "lost.pdf"))
    assert "This deal cannot be won" in text
    assert "The best attempt below clears" in text
    assert "Stuck with" in text


UNWINNABLE_DECK = 50
"""Index (from 0) of an external deck the published solvers find unwinnable."""


def test_rulebook_text_and_rulings(printed: Printed) -> None:
    path = printed.rulebook("tripeaks")
    text = text_of(path)
    for heading in (
        "The layout",
        "How to play",
        "Scoring",
        "Variants",
        "Rulings",
        "Quick reference: TriPeaks",
    ):
        assert heading in text
    assert "at any time" in text and "K-A-2" in text
    assert "only when no free card can be played" not in text
    assert all(symbol in text for symbol in "♠♥♦♣")
    assert sizes(path) == {A4}
    last_page = page_texts(path)[-1]
    assert "Quick reference: TriPeaks" in last_page and "Rulings" not in last_page


def test_options_switch_the_variant_text(tmp_path: Path) -> None:
    game = make_game("tripeaks", ["strict-draw", "no-wrap", "jokers=2", "card-penalty=3"])
    text = text_of(write_rulebook(game, tmp_path / "rules.pdf", paper="letter"))
    assert "only when no free card can be played" in text
    assert "Ace and King are the ends of the ranks" in text
    assert "plus 2 jokers (54 cards in all)" in text
    assert "take off 3 points" in text
    assert "K-A-2 is a run" not in text


def test_demo_writes_real_pdfs(demo_run: DemoRun) -> None:
    paths = list(demo_run.paths)
    assert [p.name for p in paths] == [
        "tripeaks-rules.pdf",
        "tripeaks-deal-1.pdf",
        "tripeaks-mat.pdf",
        "pyramid-rules.pdf",
        "pyramid-deal-1.pdf",
        "pyramid-mat.pdf",
        "ricochet-rules.pdf",
        "ricochet-deal-1.pdf",
        "ricochet-mat.pdf",
        "golf-rules.pdf",
        "golf-deal-25.pdf",
        "golf-mat.pdf",
        "ricochet-poker-rules.pdf",
        "ricochet-poker-deal-1.pdf",
        "ricochet-poker-table-card.pdf",
        "tripeaks-book.pdf",
        "pyramid-book.pdf",
        "ricochet-book.pdf",
        "golf-book.pdf",
        "ricochet-poker-book.pdf",
        "tripeaks-kit.pdf",
        "index.html",
    ]
    for path in paths[:-1]:
        assert path.read_bytes().startswith(b"%PDF-") and len(PdfReader(path).pages) >= 1
    site = paths[-1]
    assert site == demo_run.folder / "site" / "index.html"
    assert site.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert (site.parent / "tripeaks" / "tripeaks-rules.pdf").is_file()


def test_the_demos_kit_waits_for_its_parts_and_takes_them(tmp_path: Path) -> None:
    """The demo makes everything at once but its kit, which it asks for as soon as the kit's
    game's printables and book are made (before the jobs queued), handing it those PDFs
    (the sheet under its request with the line stored in seeds/, checked: no search), the
    line and where the book's first layout pass found its marks: the kit typesets none
    again."""
    from printplay.builders.walkthrough import stored_line
    from printplay.makers.demo import BookMade, DemoPlan, PrintableJob, Printed, demo_deals
    from printplay.makers.kit_maker import KitJob
    from printplay.makers.requests import made_key
    from printplay.models.printable import PrintRequest

    plan = DemoPlan(tmp_path, "a4")
    jobs = plan.start()
    kit_game = plan.kit_name
    assert kit_game == "tripeaks"
    first = [key for key, _ in jobs[:4]]
    assert first == [
        ("tripeaks", "rulebook"),
        ("tripeaks", "sheet"),
        ("tripeaks", "mat"),
        ("tripeaks", "book"),
    ]
    assert {key for key, _ in jobs} >= {("pyramid", "sheet"), ("pyramid", "book")}
    line = stored_line(demo_deals("tripeaks")[0])
    assert line is not None and line.moves
    followed = []
    for key, job in jobs[:3]:
        assert isinstance(job, PrintableJob) and job.solve is None  # nothing to search
        assert job.request.result == (line if job.kind == "sheet" else None)
        followed += plan.done(key, Printed(job.kind, job.request.path, job.request))
    assert followed == []  # the book is still to come
    book = BookMade("tripeaks", tmp_path / "book.pdf", {"puzzle-1": 3})
    [(key, kit)] = plan.done(("tripeaks", "book"), book)
    assert key == "kit" and isinstance(kit, KitJob) and kit.game == "tripeaks"
    assert kit.results == {1: line} and kit.deals == (1,) and kit.sketched == {"puzzle-1": 3}
    for kind, request in (
        ("rulebook", PrintRequest("tripeaks", Path())),
        ("mat", PrintRequest("tripeaks", Path())),
        ("sheet", PrintRequest("tripeaks", Path(), seed=1, result=line)),
    ):
        assert kit.made[made_key(kind, request)].name.startswith("tripeaks-")


def test_a_long_footer_is_cut_short_of_the_page_number(tmp_path: Path) -> None:
    """Five options on Letter: the footer is cut with an ellipsis before the page number,
    keeps the deal code, and nothing of it reaches past the right margin."""
    import pypdfium2

    from printplay.cli.app import main
    from printplay.render.document import MARGIN

    out = tmp_path / "long.pdf"
    options = "reserve,clear-the-board,small,one-deal,waste-off-limits"
    argv = ["sheet", "pyramid", "--seed", "6", "-O", options, "--paper", "letter"]
    assert main([*argv, "-o", str(out)]) == 0
    document = pypdfium2.PdfDocument(out)
    try:
        page = document[0]
        width, _ = page.get_size()
        text = page.get_textpage()
        footer = [
            text.get_charbox(i)
            for i in range(text.count_chars())
            if text.get_charbox(i)[1] < MARGIN and text.get_text_range(i, 1).strip()
        ]
        line = text.get_text_bounded(0, 0, width, MARGIN)
        text.close()
    finally:
        document.close()
    assert "code " in line and "…" in line and line.rstrip().endswith("page 1")
    assert max(box[2] for box in footer) <= width - MARGIN + 0.5
    words = line.split("page 1")[0]
    assert words.rstrip().endswith("…")


def _used_share(page: object) -> float:
    """How far down the page its text and drawings reach, as a share of the text area
    (the footer left out)."""
    _, height = page.get_size()  # type: ignore[attr-defined]
    lowest = height
    for item in page.get_objects():  # type: ignore[attr-defined]
        _, bottom, _, _ = item.get_bounds()
        if bottom > 55:  # above the footer line
            lowest = min(lowest, bottom)
    return (height - 60 - lowest) / (height - 100)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["tripeaks", "pyramid", "ricochet", "ricochet-poker"])
def test_no_rulebook_page_is_left_half_empty(printed: Printed, game: str, paper: str) -> None:
    """Every page is at least half used, but the last and the one before the quick
    reference (which starts a page of its own)."""
    import pypdfium2

    out = printed.rulebook(game, paper=paper)
    document = pypdfium2.PdfDocument(out)
    try:
        texts = [document[i].get_textpage().get_text_range() for i in range(len(document))]
        shares = [_used_share(document[i]) for i in range(len(document))]
    finally:
        document.close()
    for number, share in enumerate(shares[:-1]):
        opening = texts[number + 1].splitlines()[:2]  # the footer, then the first line
        before_quick_reference = any(line.startswith("Quick reference") for line in opening)
        if not before_quick_reference:
            assert share >= 0.5, f"page {number + 1} of {game} ({paper}) is {share:.0%} used"


def test_every_sheet_prints_the_command_that_remakes_it(tmp_path: Path) -> None:
    from printplay.cli.app import main

    out = tmp_path / "s.pdf"
    assert main(["sheet", "pyramid", "--seed", "5", "-O", "reserve", "-o", str(out)]) == 0
    first = " ".join(page_texts(out)[0].split())
    assert "To print this sheet again: printplay sheet pyramid --seed 5 --option reserve" in first


# --- printed at true size ---------------------------------------------------------------------


def _true_size_pdfs(folder: Path, printed: Printed, kit: Kit) -> dict[str, Path]:
    """One of every PDF meant to be printed at its true size: the deck, a mat, the pieces,
    the casino table card, a setup sheet with a token to cut out, and a kit."""
    from printplay.makers.components_maker import make_components
    from printplay.makers.table_card_maker import write_table_card
    from printplay.render.deck import build_deck

    return {
        "deck": build_deck(folder / "deck.pdf", calibration=False),
        "mat": printed.printable("mat", "pyramid", paper="letter"),
        "components": make_components(folder / "parts.pdf", kinds=("ball",)),
        "table card": write_table_card(folder / "card.pdf"),
        "sheet with the ball": printed.sheet("ricochet", 1),
        "kit": kit.path,
    }


def test_every_pdf_printed_at_true_size_asks_viewers_not_to_scale_it(
    printed: Printed, tripeaks_kit: Kit, tmp_path: Path
) -> None:
    """A viewer's "fit to page" would shrink cards, tokens and mats: each PDF meant to print
    at true size carries /ViewerPreferences /PrintScaling /None."""
    for what, path in _true_size_pdfs(tmp_path, printed, tripeaks_kit).items():
        root: Any = PdfReader(path).trailer["/Root"]
        preferences = root.get("/ViewerPreferences", {})
        assert preferences.get("/PrintScaling") == "/None", what
    # A sheet with nothing to cut out is read, not measured: it leaves the viewer be.
    plain = PdfReader(printed.sheet("tripeaks", 1)).trailer["/Root"]  # no pieces
    assert "/PrintScaling" not in plain.get("/ViewerPreferences", {})


# --- bookmarks ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "seed", "flags"),
    [
        ("ricochet", 1, {}),
        ("tripeaks", 3, {"paper": "letter"}),
        ("pyramid", 1, {"spoiler_free": True}),
        ("ricochet-poker", 1, {}),
    ],
)
def test_every_bookmark_of_a_sheet_opens_the_page_of_its_heading(
    printed: Printed, tmp_path: Path, game: str, seed: int, flags: dict[str, Any]
) -> None:
    """A walkthrough's section that starts at the top of a page is bookmarked on that page,
    not at the foot of the page before (its heading and its bookmark go together)."""
    from printplay.games.poker.standard import StandardOptions
    from printplay.makers.poker_sheet_maker import write_poker_sheet

    path = tmp_path / f"{game}.pdf"
    if game == "ricochet-poker":
        write_poker_sheet(StandardOptions(), seed, path, **flags)
    else:
        path = printed.sheet(game, seed, **flags)
    wrong, checked = misplaced_bookmarks(path)
    assert checked == len(outline(path)) >= 6  # every title is printed: all are checked
    assert wrong == []


def test_a_paragraph_breaks_its_lines_once_a_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """reportlab wraps a paragraph again and again at one width (a table measures its cells,
    then draws them): the lines of a width met before are the ones broken then, not broken
    again, and the same as a fresh paragraph's; another width breaks them anew."""
    from reportlab.platypus import Paragraph as PlainParagraph

    from printplay.render.document import Paragraph
    from printplay.render.styles import book_styles

    broken: list[object] = []
    real = PlainParagraph.breakLines

    def counted(self: PlainParagraph, widths: Any) -> Any:
        broken.append(widths)
        return real(self, widths)

    monkeypatch.setattr(PlainParagraph, "breakLines", counted)
    style = book_styles().body
    text = "Play a card one rank above or below the waste card, then the next. " * 4
    paragraph = Paragraph(text, style)
    narrow = paragraph.wrap(150, 1000)
    narrow_lines = paragraph.blPara.lines
    wide = paragraph.wrap(300, 1000)
    assert paragraph.wrap(150, 1000) == narrow and len(broken) == 2
    assert paragraph.blPara.lines is narrow_lines and wide[1] < narrow[1]
    fresh = Paragraph(text, style)
    assert fresh.wrap(150, 1000) == narrow
    assert fresh.blPara.lines == narrow_lines


def test_a_paragraphs_hex_colours_reach_reportlab_as_the_same_colour_read_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A ``color="#rrggbb"`` of a paragraph's markup (every suit symbol's) is handed to
    reportlab as ``rgb(r,g,b)``, which it reads at once (a ``#rrggbb`` it first tries as
    a Python expression): the very colour, for every byte of a channel, and the same
    fragments as reportlab's own paragraph makes of the markup."""
    from reportlab.lib.colors import HexColor, toColor
    from reportlab.platypus import Paragraph as PlainParagraph

    from printplay.render.document import Paragraph
    from printplay.render.styles import book_styles

    for byte in range(256):
        digits = f"{byte:02x}{255 - byte:02x}{byte // 2:02x}"
        markup = f'<font color="#{digits}">x</font>'
        read = Paragraph(markup, book_styles().body).frags[0].textColor
        assert read.rgba() == HexColor(f"#{digits}").rgba() == toColor(f"#{digits}").rgba()
    markup = (
        "10<font color='#c8102e'>\u2665</font> and <b>K<font color=\"#000000\">\u2660</font></b>"
    )
    tried: list[object] = []  # what reportlab's colour reader tried as an expression
    real = ast.literal_eval

    def noted(value: Any) -> Any:
        tried.append(value)
        return real(value)

    monkeypatch.setattr(ast, "literal_eval", noted)
    ours = Paragraph(markup, book_styles().body)
    assert not any(str(value).startswith("#") for value in tried)
    theirs = PlainParagraph(markup, book_styles().body)
    assert [(f.text, f.fontName, f.textColor.rgba()) for f in ours.frags] == [
        (f.text, f.fontName, f.textColor.rgba()) for f in theirs.frags
    ]


def test_the_sites_jobs_run_beside_the_demos_those_that_copy_its_pdfs_once_made(
    tmp_path: Path,
) -> None:
    """The demo and its website are one run: the site's jobs that make nothing the demo
    makes (its variants, featured deals the demo does not print) start at once; one that
    copies a PDF of the demo's waits for it, then copies it; a kit waits for the demo's
    book's first layout pass; once the demo's last job is done nothing waits any more."""
    from printplay.makers.demo import DemoAndSite, DemoPlan, PrintableJob, Printed
    from printplay.makers.site_maker import RulebookJob, planned_site

    demo = DemoPlan(tmp_path, "a4")
    planned = planned_site(tmp_path / "site", pending=demo.pending(), sketching=demo.sketching())
    with pytest.raises(AssertionError, match="stop"), planned as site:
        both = DemoAndSite(demo, site)
        first = both.start()
        keys = [key for key, _ in first]
        assert keys[: len(demo.start())] == [("demo", key) for key, _ in demo.start()]
        assert ("site", ("tripeaks", "rulebook", ("no-wrap",))) in keys  # a variant
        assert ("site", ("tripeaks", "rulebook", ())) not in keys  # waits for the demo's
        assert ("site", ("tripeaks", "mat")) not in keys
        demo_jobs = dict(first)
        rulebook = demo_jobs[("demo", ("tripeaks", "rulebook"))]
        assert isinstance(rulebook, PrintableJob)
        written = Printed("rulebook", rulebook.request.path, rulebook.request)
        released = both.done(("demo", ("tripeaks", "rulebook")), written)
        [(key, job)] = released
        assert key == ("site", ("tripeaks", "rulebook", ()))
        assert isinstance(job, RulebookJob) and job.made == rulebook.request.path
        assert site.waiting["tripeaks"] >= {("book", "tripeaks")}  # the kit's book pass
        both.running = 1  # as if the demo's last job came now: nothing waits any more
        mat = demo_jobs[("demo", ("tripeaks", "mat"))]
        assert isinstance(mat, PrintableJob)
        released = both.done(
            ("demo", ("tripeaks", "mat")), Printed("mat", mat.request.path, mat.request)
        )
        assert not site.held and not site.pending and not site.sketching
        assert ("site", ("tripeaks", "mat")) in [key for key, _ in released]
        assert ("site", ("pyramid", "rulebook", ())) in [key for key, _ in released]
        assert ("book", "tripeaks") not in site.waiting.get("tripeaks", set())
        raise AssertionError("stop")  # the site is not written
    assert not (tmp_path / "site").exists()
