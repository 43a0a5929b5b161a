"""Print checks of the Ricochet Poker deal sheet and table card, and of fanned hands."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest
from pdftext import mixed_font_lines, page_texts, pdf_text
from pypdf import PdfReader
from reportlab.lib.pagesizes import landscape
from reportlab.lib.units import mm
from reportlab.platypus import Spacer, Table

from printplay.builders.poker_sheet import (
    bot_round,
    build_round,
    deal_places,
    remake_command,
    table_view,
)
from printplay.builders.poker_table_card import table_card
from printplay.core.cards import Card, parse_card, standard_deck
from printplay.core.deal import fingerprint
from printplay.games.poker import casino
from printplay.games.poker.standard import (
    Buy,
    StandardOptions,
    StandardState,
    actions_of,
    play_script,
    round_deck,
    standard_options,
)
from printplay.makers.poker_sheet_maker import write_poker_sheet
from printplay.makers.table_card_maker import write_table_card
from printplay.render.card_shapes import INDEX_SIZE, index_reach, widest_index
from printplay.render.document import PageSetup
from printplay.render.fonts import register_fonts
from printplay.render.hands_diagram import HandsDiagram
from printplay.render.poker_sheet_pdf import (
    MIN_TABLE_CARD_WIDTH,
    ODDS_BUY_WIDTH,
    ODDS_LABEL_WIDTH,
    SheetStyles,
    odds_table,
    table_diagram,
    turn_block,
)
from printplay.render.poker_table_card_pdf import CARD_EDGE, CARD_FOLD, table_card_layout
from printplay.render.styles import book_styles

EIGHT_SEATS = StandardOptions(players=8, limit=7, jokers=2)


def table_states(options: StandardOptions, seed: int) -> list[StandardState]:
    turns = bot_round(options, round_deck(options, seed=seed))
    return [turn.before for turn in turns] + [turns[-1].after]


def test_every_index_fits_on_its_card_and_the_joker_is_short() -> None:
    # A sheet's cards, and the smallest drawn (a Ricochet book's solutions), whose index
    # keeps to the smallest text and so takes more of the card.
    for width, share in ((30.0, 0.8), (15.0, 0.92)):
        for card in standard_deck(jokers=2):
            assert index_reach(card, width) < share * width, card
        ten = max(index_reach(parse_card(f"T{suit}"), width) for suit in "cdhs")
        assert widest_index(width) == pytest.approx(ten)
        assert index_reach(Card.make_joker(1), width) <= ten


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
        diagram = table_diagram(table_view(state), width)
        assert diagram.width <= width
        assert diagram.card_width >= MIN_TABLE_CARD_WIDTH
        assert diagram.card_width * INDEX_SIZE * 0.86 >= 6.5  # the "10" index, in points
        rows.add(len(diagram.rows))
    assert 1 in rows and max(rows) > 1


def test_the_winner_is_framed_not_shaded() -> None:
    register_fonts()
    final = table_states(StandardOptions(), 3)[-1]
    diagram = table_diagram(table_view(final), 480.0)
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
            write_poker_sheet(EIGHT_SEATS, 5, tmp_path / name, paper="letter").read_bytes()
        ).hexdigest()
        for name in ("one.pdf", "two.pdf")
    }
    assert len(digests) == 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("home_cap", [False, True])
def test_table_card_cells_do_not_wrap(tmp_path: Path, paper: str, home_cap: bool) -> None:
    path = write_table_card(tmp_path / "card.pdf", paper=paper, home_cap=home_cap)
    # pypdf keeps each table cell on a line of its own, which is what this test reads.
    lines = [line.strip() for line in PdfReader(path).pages[0].extract_text().splitlines()]
    assert lines.count("Players") == 2
    for rule in casino.KICKOUT_RULES.values():
        assert lines.count(rule.brief) == 2, rule.brief
    assert lines.count("Bonus (antes)") == 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("home_cap", [False, True])
def test_table_card_reads_across_a_table(paper: str, home_cap: bool) -> None:
    """The face is set as large as half the page allows: at least 14 pt."""
    layout = table_card_layout(table_card(home_cap), paper)
    assert layout.size >= 14
    _, height = landscape(PageSetup(paper=paper).size)
    assert layout.height <= height / 2 - CARD_EDGE - CARD_FOLD


def test_table_card_has_every_rule_and_metadata(tmp_path: Path) -> None:
    path = write_table_card(tmp_path / "card.pdf", home_cap=True)
    text = pdf_text(path)
    assert text.count("Won with 2 cards?") == 2 and text.count("still get 3 more") == 2
    assert text.count("unless you folded") == 2 and text.count("Home game") == 2
    assert "'" not in text and '"' not in text
    info = PdfReader(path).metadata
    assert info is not None and "home game" in str(info.title) and info.subject
    assert "(unspecified)" not in str(info.subject) and "home-cap" in str(info.get("/Keywords"))
    assert all(rule.brief for rule in casino.KICKOUT_RULES.values())


# -- The deal sheet: deal order, turns, the short round, words and metadata -----------------


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("sheets")
    made = {
        "four": (StandardOptions(), 1, False),
        "two": (StandardOptions(players=2), 7, False),
        "eight": (EIGHT_SEATS, 5, False),
        "spoiler": (StandardOptions(), 1, True),
    }
    return {
        name: write_poker_sheet(options, seed, folder / f"{name}.pdf", spoiler_free=spoiler)
        for name, (options, seed, spoiler) in made.items()
    }


@pytest.mark.parametrize(("options", "seed"), [(StandardOptions(), 1), (EIGHT_SEATS, 5)])
def test_the_deal_order_replays_the_round(options: StandardOptions, seed: int) -> None:
    """Dealt from the listed order, the round's events deal exactly the listed cards."""
    deck = round_deck(options, seed=seed)
    final = bot_round(options, deck)[-1].after
    places = deal_places(deck, final)
    used = [place for place in places if place]
    assert len(used) == final.position and all(places[: len(used)])
    dealt: dict[int, list[Card]] = {p.seat: [] for p in final.players}
    for card, place in zip(deck, places, strict=True):
        if place:
            dealt[int(place.split()[1])].append(card)
    for player in final.players:
        assert dealt[player.seat] == list(player.cards)
    # the same numbered deck, replayed by the engine, gives the same round
    again = play_script(options, deck, actions_of(final))
    assert again.events == final.events


@pytest.mark.parametrize(("options", "seed"), [(StandardOptions(), 1), (EIGHT_SEATS, 5)])
def test_the_round_model_is_the_bots_round(options: StandardOptions, seed: int) -> None:
    """The sheet's model holds the round the bots played: each turn's table, the buy
    chosen, the odds of every buy the player could make, and the cards it deals."""
    deck = round_deck(options, seed=seed)
    played = bot_round(options, deck)
    model = build_round(options, seed)
    assert len(model.turns) == len(played)
    for turn, bot_turn in zip(model.turns, played, strict=True):
        assert turn.table == table_view(bot_turn.before)
        action = bot_turn.action
        assert turn.bought == (action.k if isinstance(action, Buy) else None)
        to_act = bot_turn.before.to_act
        assert turn.heading.startswith(f"Turn {turn.number}: seat {to_act} to act")
        if bot_turn.odds is None:
            assert turn.odds is None and bot_turn.before.max_buy == 0
        else:
            assert turn.odds is not None
            assert [c.k for c in turn.odds] == [b.k for b in bot_turn.odds.buys]
            assert all(c.worth is not None for c in turn.odds) == turn.valued
    assert model.used == played[-1].after.position
    assert [entry.card for entry in model.deal_order] == deck
    assert [seat.cards for seat in model.final.seats] == [p.cards for p in played[-1].after.players]


def test_the_poker_renderers_load_no_bot_odds_or_strategy() -> None:
    """Drawing the poker printables computes nothing: their renderers load no bot, no odds,
    no strategy table, no solver and no analysis."""
    code = (
        "import sys\n"
        "import printplay.render.poker_rulebook_pdf, printplay.render.poker_sheet_pdf\n"
        "import printplay.render.poker_table_card_pdf, printplay.render.strategy_chart\n"
        "print(' '.join(sorted(sys.modules)))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    forbidden = (
        "printplay.solve",
        "printplay.analysis",
        "printplay.games.poker.bots",
        "printplay.games.poker.odds",
        "printplay.games.poker.ev",
        "printplay.games.poker.strategy",
        "printplay.games.poker.completions",
    )
    assert [name for name in loaded if name.startswith(forbidden)] == []
    assert "printplay.render.poker_sheet_pdf" in loaded


def test_the_deal_order_is_printed_with_stacking_instructions(sheets: dict[str, Path]) -> None:
    text = pdf_text(sheets["four"])
    assert "Deal order" in text and "card 1 is at the bottom" in text
    assert "card 1 is now on top" in text
    deck = round_deck(StandardOptions(), seed=1)
    assert f"1 {deck[0].label} seat 1 · deal" in text
    assert f"Deck code {fingerprint(deck)}: deal number 1 of the printplay shuffle (pp1)" in text


def test_odds_columns_line_up_and_the_action_has_room(sheets: dict[str, Path]) -> None:
    register_fonts()
    styles = SheetStyles.make(book_styles())
    for options, seed in ((StandardOptions(), 1), (EIGHT_SEATS, 5)):
        for turn in build_round(options, seed).turns:
            if turn.odds is None:
                continue
            widths = odds_table(turn, styles)._colWidths
            assert widths == [ODDS_LABEL_WIDTH] + [ODDS_BUY_WIDTH] * len(turn.odds)
            for row in odds_table(turn, styles)._cellvalues:
                for cell in row[1:]:  # no odds cell wraps: each is one line
                    assert len(cell.breakLines([ODDS_BUY_WIDTH - 12]).lines) == 1
            block = turn_block(turn, styles, 480.0)
            table = next(i for i, f in enumerate(block) if isinstance(f, Table))
            space = block[table + 1]
            assert isinstance(space, Spacer) and space.height >= 2 * mm


def test_a_round_that_ends_at_once_says_so(sheets: dict[str, Path]) -> None:
    two = pdf_text(sheets["two"])
    assert "This round ends at its first turn" in two
    assert "no buy is worth its price" in two and "seat 1 folds" in two
    assert "a deal number always names the same cards" in two
    assert "ends at its first turn" not in pdf_text(sheets["four"])


def test_the_sheet_names_options_in_words_and_the_shuffle_once(sheets: dict[str, Path]) -> None:
    first = " ".join(page_texts(sheets["eight"])[0].split())
    assert "Eight players, seven-card limit, two Jokers" in first
    # Only the command that remakes the sheet writes the options as options.
    command = "printplay sheet ricochet-poker --seed 5 --option players=8,limit=7,jokers=2"
    assert first.count(command) == 1
    prose = first.replace(command, "")
    assert "players=" not in prose and "limit=7" not in prose
    text = pdf_text(sheets["eight"])
    assert text.count("pp1") == 1 and "(printplay shuffle pp1)" not in text
    for sheet in sheets.values():
        body = pdf_text(sheet)
        assert "'" not in body and '"' not in body, "straight quotes in print"
        assert mixed_font_lines(sheet) == []


def test_sheet_metadata_and_outline(sheets: dict[str, Path]) -> None:
    titles = set()
    for name, sheet in sheets.items():
        reader = PdfReader(sheet)
        info = reader.metadata
        assert info is not None and info.subject and "(unspecified)" not in info.subject
        assert info.title and info.title.startswith("Ricochet Poker deal ")
        keywords = str(info.get("/Keywords"))
        assert "deck code" in keywords and "players=" in keywords
        titles.add((name == "spoiler", info.title))
        entries = [entry.title for entry in reader.outline if not isinstance(entry, list)]
        nested = [e.title for item in reader.outline if isinstance(item, list) for e in item]
        assert any(t.startswith("Deal ") or t.startswith("Spoilers") for t in entries)
        assert "The end of the round" in nested and any(t.startswith("Turn 1:") for t in nested)
    assert len({title for _, title in titles}) == 3  # four, two and eight seats differ
    eight = PdfReader(sheets["eight"]).metadata
    assert eight is not None and "seven-card limit" in str(eight.title)
    assert "limit=7" in str(eight.get("/Keywords")) and "jokers=2" in str(eight.get("/Keywords"))


def test_the_spoiler_free_sheet_shows_only_the_deal_first(sheets: dict[str, Path]) -> None:
    pages = page_texts(sheets["spoiler"])
    deck = round_deck(StandardOptions(), seed=1)
    first = " ".join(pages[0].split())
    assert "Deal order" not in first and "Turn 1" not in first
    assert deck[4].label not in first  # the first card bought
    assert "Spoilers: the deal order" in pages[1] and "Spoilers: the round" in " ".join(pages[2:])


def test_the_deal_sheet_gives_the_command_that_remakes_it(tmp_path: Path) -> None:
    options = standard_options(["players=3", "jokers=1"])
    command = (
        "printplay sheet ricochet-poker --seed 7 --option players=3,jokers=1"
        " -o ricochet-poker-deal-7-players-3-jokers-1.pdf"
    )
    assert remake_command(options, 7) == command
    assert build_round(options, 7).remake == command
    assert build_round(options, 7, "cautious").remake == ""  # a bot `sheet` does not play
    path = write_poker_sheet(options, 7, tmp_path / "p.pdf")
    assert f"To print this sheet again: {command}" in " ".join(page_texts(path)[0].split())
