"""Pyramid's printables: the setup sheet, the walkthrough of the shortest line (a golden
line, not searched again) and the rulebook with its variants."""

from __future__ import annotations

import itertools
from pathlib import Path

from printplay.builders.walkthrough import MIN_SEGMENT, segments, steps_of
from printplay.cli.app import main
from printplay.core.deal import numbered_deal
from printplay.games.pyramid import Pyramid, PyramidOptions
from tests.conftest import Printed, walkthrough_line
from tests.pdftext import page_texts, pdf_text


def test_the_sheet_deals_row_by_row_and_walks_through_every_pass(printed: Printed) -> None:
    pages = page_texts(printed.sheet("pyramid", 1))
    first = pages[0]
    assert "1 7♥ 1·1 row 1, 1st card" in first and "29 J♠ stock, top card (face up)" in first
    text = " ".join(pages)
    assert "the shortest winning line (proven), takes 40 moves" in text
    assert "Redeal (pass 2 of 3" in text and "Won in 40 moves." in text
    assert "Pair 2♠ in row 7 with J♦ in row 7" in text


def test_short_segments_run_on_but_redeals_still_open_a_diagram() -> None:
    game = Pyramid(PyramidOptions(reserve=True, reshuffle=True))
    deal = numbered_deal(game.deck(), 4)
    steps = steps_of(game.initial_state(deal), walkthrough_line(game, deal).moves)
    groups = segments(steps)
    assert sum(len(group) for group in groups) == len(steps)
    for group, following in itertools.pairwise(groups):
        assert len(group) >= MIN_SEGMENT or following[0].opens


def test_an_unwinnable_deal_says_why_and_shows_a_real_attempt(printed: Printed) -> None:
    """Deal 5 is proved lost before any search: the sheet gives the reason, no "0 states",
    and an attempt that is a line the engine plays, not a stuck start."""
    game = Pyramid()
    deal = numbered_deal(game.deck(), 5)
    line = walkthrough_line(game, deal)
    assert line.solvable is False and line.moves == () and line.states == 0
    text = " ".join(pdf_text(printed.sheet("pyramid", 5)).split())
    assert (
        "This deal cannot be won: 3♥ and 3♣ can pair only with 10♦: the other tens lie over "
        "or under them, and a card pairs only once." in text
    )
    assert "(0 states)" not in text and "opens by turning the stock" not in text
    assert "an attempt that takes a card whenever it can; it clears 50 of 52 cards" in text
    assert "1. Pair A♠ in row 7 with Q♥ on the stock" in text
    assert "Stuck with 2 cards still to clear." in text


def test_the_rulebook_follows_the_options(printed: Printed) -> None:
    standard = pdf_text(printed.rulebook("pyramid"))
    assert "cannot pair with the last card that covers it" in standard
    assert "3 passes through the stock in all, so 2 redeals" in standard
    assert "Quick reference: Pyramid" in standard
    # the stored win rates (every deal decided: no Undecided column)
    assert "Won with perfect play" in standard and "A six-row pyramid 75.3%" in standard
    varied = pdf_text(printed.rulebook("pyramid", ("reserve", "clear-the-board", "one-deal")))
    assert "reserve of 6 cards" in varied and "No redeal" in varied
    assert "cards left in the stock, the waste or the reserve do not matter" in varied


def test_a_figure_short_of_room_is_drawn_narrower_on_its_page(printed: Printed) -> None:
    """With a reserve the layout's figure is too tall for the rest of page 1: it is drawn
    narrower there (its labels at their size), not moved on to leave the page half empty."""
    path = printed.rulebook("pyramid", ("reserve",))
    first = " ".join(page_texts(path)[0].split())
    assert "A deal ready to play." in first and "stock 18" in first


def test_a_sheet_has_a_time_budget_and_says_when_it_ran_out(tmp_path: Path) -> None:
    """Deal 973 of the small pyramid takes the solver seconds: the sheet gives up at its
    budget and says so, with no line and no contradicting words."""
    out = tmp_path / "undecided.pdf"
    argv = ["sheet", "pyramid", "--seed", "973", "-O", "small"]
    assert main([*argv, "-o", str(out), "--max-seconds", "0.5"]) == 0
    text = " ".join(pdf_text(out).split())
    assert "Not decided within 0.5 s" in text and "--max-seconds" in text
    assert "opens by turning the stock" not in text and "Stuck" not in text


def test_the_rulebook_tells_published_odds_from_perfect_play(printed: Printed) -> None:
    text = " ".join(pdf_text(printed.rulebook("pyramid")).split())
    assert "about one deal in fifty (about 2%)" in text
    assert "cannot see the stock’s order on its first pass" in text
    assert "face-down" not in text.split("How often can a deal be won?")[1].split("Rulings")[0]
    assert '"significantly easier"' in text.replace("“", '"').replace("”", '"')
    assert "Small with Reserve" in text and "Waste Off Limits with Clear the Board" in text
    text = " ".join(pdf_text(printed.rulebook("pyramid", ("reserve",))).split())
    assert "Clear every card, pyramid, reserve, stock and waste, to win." in text


def test_a_shuffled_redeal_prints_the_new_stock_in_order(printed: Printed) -> None:
    game = Pyramid(PyramidOptions(reshuffle=True))
    deal = numbered_deal(game.deck(), 2)
    line = walkthrough_line(game, deal)
    redeals = [move for move in line.moves if move.kind == "redeal"]
    assert redeals and len(redeals[0].cards) > 1
    text = " ".join(pdf_text(printed.sheet("pyramid", 2, ("reshuffle",))).split())
    count = len(redeals[0].cards)
    assert f"do not shuffle: stack the {count} cards face down in this order, card 1 on top" in text
    after = text.split("card 1 on top.")[1]
    stack = " ".join(
        f"{card.label} {card.label[-1]} {number}"
        for number, card in enumerate(redeals[0].cards, start=1)
    )
    assert after.strip().startswith(stack)


EVERY_OPTION = ["reserve", "clear-the-board", "small", "waste-off-limits", "reshuffle"]
"""Pyramid's options that deepen the layout or add to the walkthrough, all at once."""


def test_a_deep_layout_on_letter_wastes_no_page(printed: Printed) -> None:
    """With a reserve under a six-row pyramid, on Letter, the deal order once took a page
    of its own and every walkthrough segment another: the walkthrough now follows the deal
    order, its diagrams are at most 40% of the page high, and no page but the last shows
    a single segment."""
    from tests.page_fill import half_empty_pages, segments_a_page

    path = printed.sheet("pyramid", 1, tuple(EVERY_OPTION), paper="letter")
    assert half_empty_pages(path) == []
    pages = page_texts(path)
    assert "Deal order" in pages[1] and "walkthrough" in pages[1]
    counts = segments_a_page(path)
    assert all(count >= 2 for count in counts[2:-1]), counts
