"""Print checks of the Ricochet Poker deal sheet and table card, and of fanned hands."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from pypdf import PdfReader

from printplay.cards import Card, parse_card, standard_deck
from printplay.games.poker import casino
from printplay.games.poker.standard import StandardOptions, StandardState, round_deck
from printplay.render.cards import INDEX_SIZE, index_reach, widest_index
from printplay.render.document import PageSetup
from printplay.render.fonts import register_fonts
from printplay.render.hands import HandsDiagram
from printplay.render.poker_book import (
    MIN_TABLE_CARD_WIDTH,
    _table_diagram,
    bot_round,
    build_poker_sheet,
    build_table_card,
)

EIGHT_SEATS = StandardOptions(players=8, limit=7, jokers=2)


def table_states(options: StandardOptions, seed: int) -> list[StandardState]:
    turns = bot_round(options, round_deck(options, seed=seed))
    return [turn.before for turn in turns] + [turns[-1].after]


def test_every_index_fits_on_its_card_and_the_joker_is_short() -> None:
    for card in standard_deck(jokers=2):
        assert index_reach(card, 1.0) < 0.8, card
    ten = max(index_reach(parse_card(f"T{suit}"), 1.0) for suit in "cdhs")
    assert widest_index() == pytest.approx(ten)
    assert index_reach(Card.make_joker(1), 1.0) <= ten


def test_fanned_cards_leave_the_whole_index_visible() -> None:
    register_fonts()
    hand = [parse_card(code) for code in ("Tc", "Th", "X1", "Ts")]
    for overlap in (0.38, 0.45, 0.7):
        diagram = HandsDiagram([hand], 30.0, overlap=overlap)
        assert diagram.step > max(index_reach(card, 30.0) for card in hand)
    # Single cards side by side (the TriPeaks stock) keep their spacing.
    stock = HandsDiagram([[card] for card in hand], 30.0, group_gap=0.12)
    assert stock.width == pytest.approx(4 * 30.0 + 3 * 0.12 * 30.0)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_eight_seats_stay_legible_and_fit_the_page(paper: str) -> None:
    register_fonts()
    width = PageSetup(paper=paper, title="", footer="").frame_width
    rows = set()
    for state in table_states(EIGHT_SEATS, 5):
        diagram = _table_diagram(state, width)
        assert diagram.width <= width
        assert diagram.card_width >= MIN_TABLE_CARD_WIDTH
        assert diagram.card_width * INDEX_SIZE * 0.86 >= 6.5  # the "10" index, in points
        rows.add(len(diagram.rows))
    assert 1 in rows and max(rows) > 1


def test_the_winner_is_framed_not_shaded() -> None:
    register_fonts()
    final = table_states(StandardOptions(), 3)[-1]
    diagram = _table_diagram(final, 480.0)
    for index, player in enumerate(final.players):
        won = player.status == "won"
        assert diagram.highlights[index] == won
        assert diagram.styles[index].face_down == (player.status in ("folded", "out"))
        if won:
            assert diagram.captions[index].startswith(f"★ seat {player.seat} · won")
    assert any(diagram.highlights)


def test_eight_seat_sheet_is_byte_identical(tmp_path: Path) -> None:
    digests = {
        hashlib.sha256(
            build_poker_sheet(EIGHT_SEATS, 5, tmp_path / name, paper="letter").read_bytes()
        ).hexdigest()
        for name in ("one.pdf", "two.pdf")
    }
    assert len(digests) == 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("home_cap", [False, True])
def test_table_card_cells_do_not_wrap(tmp_path: Path, paper: str, home_cap: bool) -> None:
    path = build_table_card(tmp_path / "card.pdf", paper=paper, home_cap=home_cap)
    lines = [line.strip() for line in PdfReader(path).pages[0].extract_text().splitlines()]
    assert lines.count("Players") == 2
    for rule in casino.KICKOUT_RULES.values():
        assert lines.count(rule.text) == 2, rule.text
    assert lines.count("Bonus paytable (antes)") == 2
