"""The Ricochet Poker rulebook's computed facts: the strategy summary, the odds positions, the
variants and the rulings (rules/ricochet-poker.md), and the rulebook built from them."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import Printed
from pdftext import mixed_font_lines, page_texts, pdf_text
from pypdf import PdfReader

from printplay.builders.poker_chart import DECISION_WORDS, strategy_chart
from printplay.core.errors import OptionError
from printplay.core.ink_mode import ink_light
from printplay.games.poker.book_options import PokerBookOptions
from printplay.games.poker.game import ODDS_SPOTS, RicochetPoker
from printplay.games.poker.odds import Odds, chance, position_odds, state_odds
from printplay.games.poker.standard import StandardOptions, StandardState
from printplay.games.poker.strategy_data import StrategyTable, load_strategy
from printplay.games.poker.strategy_groups import (
    CLASS_INDEX,
    ONE_PLAYER_COLUMNS,
    PLAYER_CLASSES,
    STANDING_GROUPS,
)
from printplay.games.poker.strategy_play import strategy_table
from printplay.games.poker.strategy_words import strategy_summary
from printplay.makers.poker_rulebook_maker import write_poker_rulebook
from printplay.render.document import PageSetup
from printplay.render.strategy_chart import DECISION_FILLS, StrategyChartDiagram
from printplay.render.svg import svg_text

COLUMN = {g.label: i for i, g in enumerate(STANDING_GROUPS[:ONE_PLAYER_COLUMNS])}


def text_of(path: Path) -> str:
    """The book's text (typographic quotes, as printed)."""
    return pdf_text(path)


def decision(name: str, column: int, home_cap: bool, table: StrategyTable | None = None) -> str:
    data = table or load_strategy()
    return data.cells[CLASS_INDEX[name]][column].decide(2, home_cap=home_cap)


# -- The basic strategy in short ---------------------------------------------------------------


@pytest.mark.parametrize("home_cap", [False, True])
def test_the_summary_agrees_with_every_cell_of_the_table(home_cap: bool) -> None:
    summary = strategy_summary(home_cap=home_cap)
    said = 0
    for name in PLAYER_CLASSES:
        for column in range(ONE_PLAYER_COLUMNS):
            predicted = summary.predict(name, column)
            if predicted is not None:
                said += 1
                assert predicted == decision(name, column, home_cap), (name, column)
    # the sentences say something about most cells: the rest is left to the table
    assert said > 0.8 * len(PLAYER_CLASSES) * ONE_PLAYER_COLUMNS


@pytest.mark.parametrize("home_cap", [False, True])
def test_the_summary_agrees_with_the_printed_table(home_cap: bool) -> None:
    """The printed B/F/s cells, read back, match what the sentences claim."""
    summary = strategy_summary(home_cap=home_cap)
    header, rows = strategy_table(home_cap=home_cap)
    for row in rows:
        for label, cell in zip(header[1:], row[1:], strict=True):
            column = COLUMN[label]
            if row[0][0] == row[0][1]:
                claims = {"B": summary.predict(row[0], column)}
            else:
                claims = {"s": summary.predict(row[0] + "s", column)}
                claims["o"] = summary.predict(row[0] + "o", column)
            for kind, predicted in claims.items():
                if predicted is None:
                    continue
                buys = cell == "B" or cell == kind
                assert predicted == ("buy" if buys else "fold"), (row[0], label, kind, cell)


def test_the_home_cap_summary_folds_a_pair_against_a_higher_pair() -> None:
    plain, capped = strategy_summary(), strategy_summary(home_cap=True)
    for mine, hers in (("JJ", "QQ"), ("TT", "JJ"), ("88", "99")):
        assert decision(mine, COLUMN[hers], True) == "fold"
        assert capped.predict(mine, COLUMN[hers]) == "fold"
        assert plain.predict(mine, COLUMN[hers]) == "buy"
    assert "with a pair of your own: always buy." in plain.sentences[1]
    assert "always buy" not in capped.sentences[1]
    assert "fold when it is higher than yours" in capped.sentences[1]


def test_the_summary_claims_nothing_false_about_suited_hands() -> None:
    """A4 against 55 and A3 against 44 buy only suited: no rule may call them buys."""
    for home_cap in (False, True):
        summary = strategy_summary(home_cap=home_cap)
        for name, hers in (("A4", "55"), ("A3", "44")):
            for kind in "so":
                predicted = summary.predict(name + kind, COLUMN[hers])
                assert predicted in (None, decision(name + kind, COLUMN[hers], home_cap))
        assert "lower card ranks above her pair" not in " ".join(summary.sentences)


def test_a_rule_with_few_exceptions_names_them() -> None:
    data = load_strategy()
    cells = [list(row) for row in data.cells]
    folding = replace(cells[CLASS_INDEX["AKs"]][0], win=0.0, split=0.0, bonus=0.0)
    cells[CLASS_INDEX["AKs"]][0] = folding
    table = StrategyTable(tuple(tuple(row) for row in cells), data.samples, data.seed)
    summary = strategy_summary(table=table)
    assert summary.sentences[0] == (
        "Against a dealer with no pair, always buy (but fold with AK suited against 7)."
    )
    assert summary.predict("AKs", 0) == "fold" and summary.predict("AKo", 0) == "buy"


def test_the_strategy_header_writes_tens_as_the_rows_do() -> None:
    header, rows = strategy_table()
    assert "10" not in header and "T" in header and "TT" in header
    assert any(row[0] == "AT" for row in rows)


# -- Odds of common positions ------------------------------------------------------------------


@pytest.mark.parametrize("limit", [5, 6, 7])
@pytest.mark.parametrize("jokers", [0, 2])
def test_the_odds_positions_are_legal_and_computed(
    limit: int, jokers: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each row of the odds table: its spot's position, legal, and the odds the table was
    computed from (:func:`state_odds` of that position, noted as the table asks for them
    rather than computed a second time) are the engine's for the same hands given as hands
    on the table (:func:`position_odds`), as the row prints them."""
    from printplay.games.poker import game

    computed: list[tuple[StandardState, Odds]] = []

    def noted(state: StandardState, *, max_k: int | None = None) -> Odds:
        odds = state_odds(state, max_k=max_k)
        computed.append((state, odds))
        return odds

    monkeypatch.setattr(game, "state_odds", noted)
    options = StandardOptions(limit=limit, jokers=jokers)
    header, rows, align = RicochetPoker(PokerBookOptions(limit=limit, jokers=jokers)).odds_table()
    assert len(rows) == len(ODDS_SPOTS) >= 3 and len(align) == len(header)
    assert len(computed) == len(ODDS_SPOTS)
    for spot, row, (asked, odds) in zip(ODDS_SPOTS, rows, computed, strict=True):
        state = spot.state(options)
        assert asked == state
        assert state.to_act is not None and state.max_buy >= 1
        for player in state.players:
            assert options.start_cards <= len(player.cards) <= limit
        me = state.player(state.to_act)
        assert row[1] == "\u00a0".join(["Seat", f"{me.seat}:", *(c.label for c in me.cards)])
        others = [p for p in state.players if p.status == "in" and p.seat != me.seat]
        assert row[2].split("<br>") == [
            "\u00a0".join(["Seat", f"{p.seat}:", *(c.label for c in p.cards)]) for p in others
        ]
        # the engine's odds, checked against the position given as hands on the table
        hands = {p.seat: p.cards for p in state.players if p.status == "in"}
        dead = [c for p in state.players if p.status != "in" for c in p.cards]
        again = position_odds(hands, me.seat, options=options, dead=dead)
        assert odds.buys == again.buys
        chances = [chance(b.escape) for b in again.buys]
        assert row[3 : 3 + len(chances)] == chances
        assert all(cell == "—" for cell in row[3 + len(chances) :])


def test_the_seven_card_game_shows_two_card_hands() -> None:
    _, rows, _ = RicochetPoker(PokerBookOptions(limit=7)).odds_table()
    for row in rows:
        assert len(row[1].split()) >= 4  # "Seat", "N:" and two cards (split() parts at U+00A0)
        assert all(len(hand.split()) >= 4 for hand in row[2].split("<br>"))


# -- The rulebook ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def default_text(default_book: Path) -> str:
    return text_of(default_book)


def test_the_default_rulebook_describes_every_variant(default_text: str) -> None:
    text = default_text
    assert "describes the standard game" not in text and "covers both games" in text
    variants = text[text.index("Variants Each variant") : text.index("Rulings Where")]
    for needle in ("limit=6", "limit=7", "jokers=1", "jokers=2", "home-cap"):
        assert needle in variants
    assert "two cards at the start" in variants
    assert "capped at 10" in variants
    assert "None is in force in this edition" in variants


def test_the_rulings_hold_every_ruling_of_the_rules(default_text: str) -> None:
    rulings = default_text[default_text.index("Rulings Where") :]
    for needle in (
        "first difference decides",  # suits, card by card in order of significance
        "cards left over count as kickers",  # 6- and 7-card hands
        "four aces, ace kicker",  # five aces
        "a Joker ranks below clubs",  # where a joker ranks in suit order
        "spare Joker",  # a leftover joker is an Ace kicker
        "cannot buy and is out",  # a lowest hand at the limit
        "the lower by suit acts",  # ties in rank, different suits
        "equal two-card hands go in order of suits",  # casino order
        "split the pot, the dealer included",
        "did not fold",  # no bonus for a folder
        "the dealer’s hand takes the pot",
        "divided by the ante",  # the house edge convention
    ):
        assert needle in rulings, needle


def test_the_rulebook_prints_the_computed_summary(default_text: str) -> None:
    for sentence in strategy_summary().sentences:
        assert sentence in default_text
    assert "always buy with a pair" not in default_text.lower()


def test_the_seven_card_rulebook_deals_two_cards(tmp_path: Path) -> None:
    game = RicochetPoker(PokerBookOptions(limit=7, jokers=2))
    text = text_of(write_poker_rulebook(game, tmp_path / "rules.pdf", paper="letter"))
    assert "Deal each player two cards" in text and "Two cards each" in text
    assert "In force in this edition: seven-card limit, two Jokers" in text
    assert "with 2 Jokers in the deck" in text
    assert ") (Joker" not in text and ") (joker" not in text


def test_the_home_cap_rulebook_prints_its_own_summary(tmp_path: Path) -> None:
    game = RicochetPoker(PokerBookOptions(home_cap=True))
    text = text_of(write_poker_rulebook(game, tmp_path / "rules.pdf"))
    for sentence in strategy_summary(home_cap=True).sentences:
        assert sentence in text
    assert "The home cap is in force in this edition" in text


# -- Print: the chart, the odds table, the wording, rulings, typography, metadata ------------


@pytest.fixture(scope="module")
def variant_book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = RicochetPoker(PokerBookOptions(limit=7, jokers=2, home_cap=True, five_aces_top=True))
    return write_poker_rulebook(game, tmp_path_factory.mktemp("v") / "rules.pdf", paper="letter")


@pytest.fixture(scope="module")
def default_book(printed: Printed) -> Path:
    """The rulebook ``printplay rules ricochet-poker`` makes (typeset once a run)."""
    return printed.rulebook("ricochet-poker")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("home_cap", [False, True])
def test_the_strategy_chart_fits_one_page(paper: str, home_cap: bool) -> None:
    _, rows = strategy_table(home_cap=home_cap)
    chart = StrategyChartDiagram(strategy_chart(home_cap=home_cap))
    setup = PageSetup(paper=paper)
    width, height = chart.wrap(setup.frame_width, setup.frame_height)
    assert width <= setup.frame_width and height <= setup.frame_height - 60  # heading, caption
    assert sum(len(panel) for panel in chart.panels) == len(rows) == 91


def test_the_chart_is_drawn_once_a_process_for_each_chart_width_and_ink() -> None:
    """The rulebook of every variant shows the same chart, on its page and in its PDF: the
    drawing is made once and shared, a new one for another chart, width or ink mode."""
    chart, capped = strategy_chart(), strategy_chart(home_cap=True)
    width = PageSetup().frame_width
    first = StrategyChartDiagram(chart).drawing(width)
    assert StrategyChartDiagram(strategy_chart()).drawing(width) is first
    assert StrategyChartDiagram(capped).drawing(width) is not first
    assert StrategyChartDiagram(chart).drawing(width - 10).width == width - 10
    with ink_light():
        light = StrategyChartDiagram(chart).drawing(width)
    assert light is not first and len(light.contents) < len(first.contents)  # no shading
    assert svg_text(StrategyChartDiagram(chart)._drawing(width)) == svg_text(first)


def test_the_chart_is_on_one_page_with_its_key(default_book: Path, variant_book: Path) -> None:
    _, rows = strategy_table()
    for book in (default_book, variant_book):
        pages = [" ".join(page.split()) for page in page_texts(book)]
        chart = [page for page in pages if "Key: B buy F fold" in page]
        assert len(chart) == 1
        assert all(f" {row[0]} " in chart[0] for row in rows)
        assert "buy only if your two cards are suited" in chart[0]


def test_the_chart_shades_each_decision_apart_in_grey() -> None:
    def grey(code: str) -> float:
        red, green, blue = (int(DECISION_FILLS[code][i : i + 2], 16) for i in (1, 3, 5))
        return (0.299 * red + 0.587 * green + 0.114 * blue) / 255

    assert grey("B") - grey("F") > 0.15  # buy light, fold darker, in colour and in grey
    assert set(DECISION_WORDS) == {"B", "F", "s", "o"}


def test_the_odds_table_names_every_hand_by_seat(default_text: str) -> None:
    assert "You hold The other hands" in default_text
    assert "Seat 3: 4♦ Seat 1: Q♠ Seat 2: 9♣ Seat 4: J♥ Seat 5: 7♦" in default_text


def test_the_wording_is_true_wherever_the_chart_falls(default_text: str) -> None:
    for where in ("below", "above", "on the next page", "overleaf"):
        for thing in ("table", "chart"):
            assert f"{thing} {where}" not in default_text
    assert "the chart shows every case" in default_text
    assert "see the table" not in default_text


def test_the_strategy_and_the_edge_say_what_was_computed(default_text: str) -> None:
    assert "weighs every three-card draw exactly" not in default_text
    assert f"{load_strategy().samples} times" in default_text and "14,190 ways" in default_text
    assert "every player following the basic strategy" not in default_text
    simulated = default_text.split("What was simulated.")[1].split("Variants")[0]
    for needle in ("at the pot as it is", "she always buys", "exactly the chart", "columns for"):
        assert needle in simulated, needle


def test_the_five_aces_ruling_gives_its_reason_and_the_other_reading(
    default_text: str, variant_book: Path
) -> None:
    rulings = default_text[default_text.index("Rulings Where") :]
    assert "made on purpose" in rulings and "five-aces-top" in rulings
    assert "four aces, ace kicker" in rulings
    text = pdf_text(variant_book)
    assert "Five aces Joker A♣ A♦ A♥ A♠ four Aces and a Joker (variant)" in text
    assert "Five aces (the variant in force)" in text and "is five aces (Joker as an ace)" in text
    with pytest.raises(OptionError, match="needs jokers"):
        PokerBookOptions(five_aces_top=True)


def test_one_joker_label_in_text(variant_book: Path) -> None:
    text = pdf_text(variant_book)
    assert "JKR" not in text
    prose = text.replace("jokers=", "")
    assert re.findall(r"\bjokers?\b", prose) == [], "the card is a Joker in print"


def test_typography_of_the_rulebooks(default_book: Path, variant_book: Path) -> None:
    for book in (default_book, variant_book):
        text = pdf_text(book)
        assert "'" not in text and '"' not in text, "straight quotes in print"
        assert mixed_font_lines(book) == []
        for page in page_texts(book):
            for line in page.splitlines():
                if "printplay poker edge" in line:  # a command is never broken across lines
                    assert re.search(r"printplay poker edge( -p \d)* --rounds \d+ --seed \d+", line)


def test_rulebook_metadata(default_book: Path, variant_book: Path) -> None:
    titles = set()
    for book in (default_book, variant_book):
        info = PdfReader(book).metadata
        assert info is not None and info.title and info.subject
        assert "(unspecified)" not in info.subject
        titles.add(info.title)
    assert len(titles) == 2
    info = PdfReader(variant_book).metadata
    assert info is not None and "seven-card limit" in str(info.title)
    assert "limit=7" in str(info.get("/Keywords"))


def test_every_summary_of_the_casino_game_has_the_two_card_winner(default_text: str) -> None:
    quick = default_text[default_text.index("Quick reference: Ricochet Poker") :]
    assert "wins with two cards still gets three more" in quick
    assert "wins with two cards, and still receives three cards" in default_text


def test_the_worked_example_is_in_the_rulebook_as_the_engine_plays_it(
    default_text: str,
) -> None:
    from printplay.games.poker.game import worked_example

    text = " ".join(default_text.split())
    example = worked_example()
    assert "A round, played out" in text
    assert "Pot 15; seat 4 to act, may buy 1 card." in text
    for line in example["events"][5:]:
        assert " ".join(line.split()).replace("'", "’") in text
    assert example["table"][-1] == "Pot 15; seat 4 to act, may buy 1 card"


def test_the_player_count_of_the_two_write_ups_is_settled(default_text: str) -> None:
    text = " ".join(default_text.split())
    assert "one says 3 to 6 players, the other 2 to 8. This book follows 2 to 8" in text


# -- What the rulebook's figures show is built before it is drawn -------------------------------


def test_the_hands_of_the_rulebook_are_named_by_the_builder() -> None:
    from printplay.builders.poker_rulebook import poker_rulebook
    from printplay.models.printable import CardsFigure, StrategyChart

    model = poker_rulebook(RicochetPoker())
    hands = model.figures["hands"]
    assert isinstance(hands, CardsFigure) and hands.option == "hands"
    row = hands.shown["Kd|Kc 3h|Ks 8d"]
    assert [[card.code for card in group] for group in row.groups] == [
        ["Kd"],
        ["Kc", "3h"],
        ["Ks", "8d"],
    ]
    assert row.captions == ("king high", "king-three", "king-eight")
    assert isinstance(model.figures["strategy"], StrategyChart)
    assert model.text is not None and "[[diagram hands hands='Kd|Kc 3h|Ks 8d']]" in model.text


def test_a_bad_hand_in_a_house_source_is_one_line_naming_its_marker(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from printplay.cli.app import main

    house = tmp_path / "house"
    house.mkdir()
    (house / "ricochet-poker.md").write_text(
        '# Rules\n\nShort hands.\n\n{{ diagram("hands", hands="Kd|Zz 3h") }}\n', "utf-8"
    )
    out = tmp_path / "rules.pdf"
    assert main(["rules", "ricochet-poker", "-o", str(out), "--rules-dir", str(house)]) == 1
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "ricochet-poker.md, line 5 of the rendered text" in err
    assert "[[diagram hands hands='Kd|Zz 3h']]" in err and not out.exists()


def test_the_casino_ante_is_read_from_the_casino_not_typed_in_the_source(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The casino game's setup and its quick-reference card say the casino's own ante."""
    from printplay.builders.poker_rulebook import poker_rulebook
    from printplay.builders.quickref import quick_card_text
    from printplay.games.poker import casino

    text = poker_rulebook(RicochetPoker()).text
    assert "Everyone, the dealer included, antes 1 chip. Each player" in text
    monkeypatch.setattr(casino, "ANTE", 2)
    text = poker_rulebook(RicochetPoker()).text
    assert "Everyone, the dealer included, antes 2 chips. Each player" in text
    card = quick_card_text("ricochet-poker")
    assert card is not None and "Everyone antes 2;" in card.back + card.front
