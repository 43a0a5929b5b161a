"""TriPeaks setup sheets, walkthroughs and rulebooks: spoilers, page breaks, words.

Everything is read back from the PDFs with pypdf.  A card printed on a diagram extracts as
its rank and suit on separate lines ("6", "♦"); in running text as "6♦".
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from conftest import Printed, sheet_with_line
from pdftext import page_texts

from printplay.core.cards import Card
from printplay.core.deal import numbered_deal
from printplay.games import make_game
from printplay.games.tripeaks import (
    LAYOUT,
    Play,
    TriPeaks,
    TriPeaksOptions,
    TriPeaksState,
)

CARD = re.compile(r"(?<![\w])(10|[2-9AJQK])\s?([♠♥♦♣])")
FOOTER = re.compile(r"^(printplay · .*|page \d+)$")
SHORT_PAGE = 150
"""A page whose text, footer aside, is shorter than this is a near-empty page."""


@cache
def pages_of(path: Path) -> list[str]:
    """The text of each page, footer removed, runs of white space made single spaces
    (read once per file: sheets are built once per module, see :func:`sheet`)."""
    texts = []
    for page in page_texts(path):
        lines = [line for line in page.splitlines() if line.strip()]
        body = [line for line in lines if not FOOTER.match(line.strip())]
        texts.append(" ".join(" ".join(body).split()))
    return texts


def cards_shown(text: str) -> set[str]:
    """The labels of the cards a page's text shows (diagrams and running text)."""
    return {rank + suit for rank, suit in CARD.findall(text)}


def sheet(
    printed: Printed,
    seed: int,
    options: list[str],
    *,
    paper: str = "a4",
    spoiler_free: bool = False,
) -> Path:
    """The TriPeaks sheet of deal ``seed``, typeset once a run (:class:`conftest.Printed`)."""
    return printed.sheet("tripeaks", seed, tuple(options), paper=paper, spoiler_free=spoiler_free)


@pytest.fixture(scope="module")
def spoiler_free_1(printed: Printed) -> Path:
    return sheet(printed, 1, [], spoiler_free=True)


# -- spoiler-free sheets ------------------------------------------------------------------------


def test_spoiler_free_first_page_shows_only_what_a_player_sees(spoiler_free_1: Path) -> None:
    state = TriPeaks().initial_state(numbered_deal(TriPeaks().deck(), 1))
    visible = {
        card.label
        for slot, card in enumerate(state.tableau)
        if card is not None and state.is_face_up(slot)
    } | {state.waste_top.label}
    hidden = {
        card.label
        for slot, card in enumerate(state.tableau)
        if card is not None and not state.is_face_up(slot)
    } | {card.label for card in state.stock}
    first = pages_of(spoiler_free_1)[0]
    assert cards_shown(first) == visible
    assert not cards_shown(first) & hidden
    assert "The stock holds 23 cards" in first
    assert "page 3, the dealer's page" in first
    assert "Deal order" not in first and "stock, 1st to turn" not in first
    assert "Spoilers" in first  # it says where the spoilers are, and what they are called


def test_spoiler_free_deal_order_and_solution_are_behind_spoiler_headings(
    spoiler_free_1: Path,
) -> None:
    pages = pages_of(spoiler_free_1)
    # Page 2 is the back of the players' page when printed on both sides: no spoilers.
    assert pages[1].startswith("Notes") and not cards_shown(pages[1])
    dealer = pages[2]
    assert dealer.startswith("Spoilers: the dealer's page")
    deal = numbered_deal(TriPeaks().deck(), 1)
    for number, card in enumerate(deal.cards, start=1):
        assert re.search(rf"\b{number} {re.escape(card.label)} (\d·\d+ row|waste|stock)", dealer)
    assert pages[3].startswith("Spoilers: the solution")
    assert all("This deal can be won" not in page for page in pages[:3])
    assert all("Spoilers: the solution" not in page for page in pages[:3])


def test_a_plain_sheet_keeps_the_deal_order_on_page_one(printed: Printed) -> None:
    pages = pages_of(sheet(printed, 1, []))
    deal = numbered_deal(TriPeaks().deck(), 1)
    assert cards_shown(pages[0]) == {card.label for card in deal.cards}
    assert "Spoilers" not in " ".join(pages)
    assert pages[1].startswith("TriPeaks · deal 1 · walkthrough")


@pytest.mark.slow
def test_spoiler_free_sheet_is_byte_identical_for_identical_input(
    printed: Printed, tmp_path: Path
) -> None:
    game = make_game("tripeaks", [])
    deal = numbered_deal(game.deck(), 3)
    again = sheet_with_line(game, deal, tmp_path / "again.pdf", spoiler_free=True)
    first = sheet(printed, 3, [], spoiler_free=True)
    assert again.read_bytes() == first.read_bytes()


# -- page breaks ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "options", "paper", "spoiler_free"),
    [
        (1, [], "a4", False),
        (1, [], "letter", True),
        (3, ["jokers=2", "no-wrap"], "a4", False),
        (3, ["jokers=2", "no-wrap"], "letter", True),
        (8, [], "letter", False),
        (42, [], "a4", True),
    ],
)
def test_no_sheet_page_is_nearly_empty(
    printed: Printed, seed: int, options: list[str], paper: str, spoiler_free: bool
) -> None:
    path = sheet(printed, seed, options, paper=paper, spoiler_free=spoiler_free)
    for number, text in enumerate(pages_of(path), start=1):
        assert len(text) >= SHORT_PAGE, f"page {number} holds only {text!r}"


def test_jokers_fit_the_deal_order_on_one_page(printed: Printed) -> None:
    for paper in ("a4", "letter"):
        first = pages_of(sheet(printed, 3, ["jokers=2", "no-wrap"], paper=paper))[0]
        assert "54 K♦ stock, 25th to turn" in first
        assert re.search(r"\b22 Joker 4·4 row 4, 4th card", first)  # not "Joke r"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(
    "options", [[], ["strict-draw", "no-wrap"], ["face-up"], ["jokers=2", "card-penalty=3"]]
)
def test_no_rulebook_page_is_nearly_empty(printed: Printed, options: list[str], paper: str) -> None:
    path = printed.rulebook("tripeaks", tuple(options), paper=paper)
    for number, text in enumerate(pages_of(path), start=1):
        assert len(text) >= SHORT_PAGE, f"page {number} holds only {text!r}"


# -- the walkthrough ----------------------------------------------------------------------------


def test_every_diagram_labels_its_piles_by_name_and_count(printed: Printed) -> None:
    """ "stock 23" and "waste 1" under the piles, never "stock (23)" beside a bare "1" under
    the waste (read as a move number)."""
    pages = [" ".join(page.split()) for page in page_texts(sheet(printed, 1, []))]
    text = " ".join(pages)
    stocks = re.findall(r"\bstock (\d+)\b", text)
    wastes = re.findall(r"\bwaste (\d+)\b", text)
    assert len(stocks) == len(wastes) >= 5  # the setup's diagram and the walkthrough's
    assert "stock 23" in pages[1] and "waste 1" in pages[1]  # the start of deal 1
    assert not re.search(r"(stock|waste) \(\d+\)", text)


def test_the_walkthrough_always_starts_with_the_starting_board(printed: Printed) -> None:
    """Deal 42's best line opens with a stock turn: the start is drawn before it."""
    text = " ".join(pages_of(sheet(printed, 42, [])))
    walk = text[text.index("TriPeaks · deal 42 · walkthrough") :]
    start = walk.index("The start")
    assert start < walk.index("Stock turn") < walk.index("1. Turn")
    assert "the line opens by turning the stock" in walk[start : walk.index("1. Turn")]
    state = TriPeaks().initial_state(numbered_deal(TriPeaks().deck(), 42))
    assert f"The waste shows {state.waste_top.label}" in walk


def test_a_line_opening_with_a_play_lists_it_at_the_start(printed: Printed) -> None:
    text = " ".join(pages_of(sheet(printed, 1, [])))
    walk = text[text.index("walkthrough") :]
    assert walk.index("The start") < walk.index("1. Play") < walk.index("Stock turn")
    assert "the line opens by turning the stock" not in walk


def test_the_last_move_names_the_completion_bonus(printed: Printed) -> None:
    text = " ".join(pages_of(sheet(printed, 1, [])))
    assert "+146 points (peak bonus 45, completion bonus 100); the tableau is clear" in text
    assert text.endswith("Won in 47 moves. Final score 288.")


def test_describe_names_the_completion_bonus() -> None:
    tableau: list[Card | None] = [None] * len(LAYOUT.slots)
    tableau[27] = Card.parse("9s")
    move = Play(27, Card.parse("9s"))
    for bonus, words in ((100, " (completion bonus 100)"), (0, "")):
        options = TriPeaksOptions(completion_bonus=bonus)
        before = TriPeaksState(options, tuple(tableau), (Card.parse("8h"),), ())
        after = before.apply(move)
        assert before.describe(move, after) == (
            f"Play 9♠ from row 4, 10th card onto 8♥: chain 1, +{1 + bonus} point"
            f"{'s' if bonus else ''}{words}; the tableau is clear"
        )


# -- the rulebook ----------------------------------------------------------------------------


def rulebook_text(printed: Printed, options: list[str]) -> str:
    return " ".join(pages_of(printed.rulebook("tripeaks", tuple(options))))


def test_rulebook_tips_follow_the_options(printed: Printed) -> None:
    standard = rulebook_text(printed, [])
    assert "With the stock turned at any time" in standard
    assert "Prefer moves that free face-down cards" in standard
    assert "Under strict-draw" not in standard and "The whole tableau is in sight" not in standard
    strict = rulebook_text(printed, ["strict-draw"])
    assert "With the stock turned at any time" not in strict
    assert "Under strict-draw you must play while any card fits" in strict
    assert "the variant strict-draw, which this book follows" in strict
    face_up = rulebook_text(printed, ["face-up"])
    assert "Prefer moves that free face-down cards" not in face_up
    assert "The whole tableau is in sight" in face_up
    no_wrap = rulebook_text(printed, ["no-wrap", "jokers=1"])
    assert "Aces and Kings are dead ends" in no_wrap and "keep it for the moment" in no_wrap
    assert "dead ends" not in standard and "keep it for the moment" not in standard


def test_variant_names_are_never_broken_in_the_table(printed: Printed) -> None:
    text = rulebook_text(printed, ["strict-draw", "no-wrap"])
    for name in ("no-wrap", "face-up", "strict-draw", "jokers", "completion-bonus"):
        assert re.search(rf"\b{name} [A-Z]", text), name
    assert "completion-bonus Points for clearing" in text
    assert "card-penalty Points lost" in text


def test_walkthrough_search_is_bounded_by_states_not_time() -> None:
    # a time budget would make the chosen line, and so the PDF, depend on the machine
    from printplay.builders.walkthrough import WALKTHROUGH_BUDGET

    assert WALKTHROUGH_BUDGET.max_seconds is None and WALKTHROUGH_BUDGET.max_states


def test_a_lost_deal_ends_with_the_card_penalty_named(printed: Printed) -> None:
    text = " ".join(pages_of(sheet(printed, 8, ["card-penalty=5"])))
    assert "Stuck with 2 cards still to clear." in text
    assert "Final score 161: 171 points less the card penalty of 5 a card left (10)." in text
    one_left = " ".join(pages_of(sheet(printed, 17, [])))
    assert "Stuck with 1 card still to clear." in one_left


def test_face_up_sheets_mention_no_face_down_cards(printed: Printed) -> None:
    plain = " ".join(pages_of(sheet(printed, 5, ["face-up"])))
    assert "face down;" not in plain and "Every card of the layout is dealt face up." in plain
    hidden = pages_of(sheet(printed, 5, ["face-up"], spoiler_free=True))[0]
    assert "Dark cards" not in hidden and "face-down cards" not in hidden
    assert "The order of the stock is on page 3" in hidden


def test_face_up_rulebook_has_no_turning_up_ruling(printed: Printed) -> None:
    assert "Turning cards up." in rulebook_text(printed, [])
    face_up = rulebook_text(printed, ["face-up"])
    assert "Turning cards up." not in face_up and "only the stock stays hidden" in face_up


def test_no_wrap_tip_remembers_the_jokers(printed: Printed) -> None:
    assert "only a 2 (or a joker) goes on an Ace" in rulebook_text(printed, ["no-wrap", "jokers=2"])
    assert "only a 2 goes on an Ace" in rulebook_text(printed, ["no-wrap"])


def test_a_long_chain_goes_on_under_a_new_diagram(printed: Printed) -> None:
    pages = pages_of(sheet(printed, 1000, []))
    text = " ".join(pages)
    assert "The line goes on from move 20" in text
    # every page of the walkthrough opens with a heading over a diagram, never with moves
    # cut off from the picture they describe
    for page in pages[1:]:
        assert not re.match(r"^\d+\. (Play|Turn)", page), page[:80]


def test_the_rulebook_sets_published_odds_beside_perfect_play(printed: Printed) -> None:
    from printplay.analysis.winrates import rulebook_rows

    rates = {tuple(r["options"]): r["row"][1] for r in rulebook_rows("tripeaks")}
    text = " ".join(rulebook_text(printed, []).split())
    assert "about 90%" in text
    assert f"wins {rates[('strict-draw',)]} of deals" in text
    assert f"lifts it to {rates[()]}" in text
    assert "house suggestions of this book" in text and "from the digital game" not in text
    for tip in ("Plan around the peak tops", "Attack one peak at a time", "Use the wrap"):
        assert tip in text
    assert "Use the wrap" not in rulebook_text(printed, ["no-wrap"])


def test_a_sheet_kept_as_first_built_is_not_laid_out_again() -> None:
    """A sheet whose last page is nearly empty is laid out again with smaller diagrams,
    then with its last segments kept together; when neither does better, the first layout
    is what is written, not made a fourth time, and a better one is taken as soon as found."""
    from printplay.render.sheet_pdf import DIAGRAM_SHARES, _End, _fitted

    calls: list[tuple[float, int]] = []

    def build(pages: int, used: float) -> object:
        def made(share: float, together: int) -> tuple[bytes, _End]:
            calls.append((share, together))
            end = _End(100.0)
            end.page, end.used = pages, used
            return f"{share}/{together}".encode(), end

        return made

    assert _fitted(b"first", 3, build(3, 0.1), DIAGRAM_SHARES[1:]) == b"first"  # type: ignore[arg-type]
    assert calls == [(share, 1) for share in DIAGRAM_SHARES[1:]] + [(DIAGRAM_SHARES[0], 2)]
    calls.clear()
    assert _fitted(b"first", 3, build(2, 0.9), DIAGRAM_SHARES[1:]) == b"0.52/1"  # type: ignore[arg-type]
    assert calls == [(DIAGRAM_SHARES[1], 1)]
