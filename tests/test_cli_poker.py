"""``printplay poker …`` and the poker printables, end to end through the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pdftext import pdf_text
from pypdf import PdfReader

from printplay.cli.app import main

EXAMPLE_DECK = "Kd Jc 8h 7s 2h 9c 2d 9h Qd 5h 8d 8s"
EXAMPLE_ACTIONS = "buy 3; fold; buy 2; buy 2; buy 4"
FULL_DECK = [rank + suit for suit in "cdhs" for rank in "A23456789TJQK"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def text_of(path: Path) -> str:
    return pdf_text(path)


def test_the_worked_example_replays_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys,
        "poker",
        "play",
        "--players",
        "4",
        "--deck",
        EXAMPLE_DECK,
        "--actions",
        EXAMPLE_ACTIONS,
        "--json",
    )
    assert status == 0, err
    data = json.loads(out)
    players = {p["seat"]: p for p in data["players"]}
    assert players[1]["cards"] == ["Kd", "5h", "8d", "8s"] and players[1]["status"] == "in"
    assert players[2]["cards"] == ["Jc", "9h", "Qd"] and players[2]["status"] == "out"
    assert players[3]["cards"] == ["8h"] and players[3]["status"] == "folded"
    assert players[4]["cards"] == ["7s", "2h", "9c", "2d"] and players[4]["status"] == "in"
    assert data["pot"] == 15 and data["to_act"] == 4 and data["max_buy"] == 1
    pots = [e["pot"] for e in data["events"] if e["type"] in ("buy", "fold")]
    assert pots == [7, 7, 9, 11, 15]
    assert {p["seat"]: p["paid"] for p in data["players"]} == {1: 5, 2: 3, 3: 1, 4: 6}


def test_play_text_tells_the_story(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "poker", "play", "--deck", EXAMPLE_DECK, "--actions", EXAMPLE_ACTIONS
    )
    assert status == 0
    assert "Seat 4 (7♠) buys 3 for 3 chips and receives 2♥, 9♣" in out
    assert out.strip().endswith("Pot 15; seat 4 to act, may buy 1 card")


def test_casino_play(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        "poker",
        "play",
        "--casino",
        "--players",
        "3",
        "--seed",
        "5",
        "--actions",
        "buy; fold; buy",
        "--json",
    )
    assert status == 0
    data = json.loads(out)
    assert data["to_act"] is None and len(data["players"]) == 3
    assert sum(p["net"] for p in data["players"]) == -data["house_net"]


def test_odds_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "poker", "odds", "--hands", "Kd | Jc | 8h | 7s", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["seat"] == 4 and data["max_buy"] == 4
    escapes = [b["escape"] for b in data["buys"]]
    assert escapes == sorted(escapes) and 0 < escapes[0] < escapes[-1] < 1


def test_odds_chances_never_round_to_certain(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "poker", "odds", "--hands", "Kd | Jc | 8h | 7s")
    assert status == 0
    assert "99.48%" in out and "100.00%" not in out


def test_strategy_fits_a_terminal_and_has_a_home_cap_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    tables = []
    for flags in ([], ["--home-cap"]):
        status, out, _ = run(capsys, "poker", "strategy", *flags)
        assert status == 0
        assert max(len(line) for line in out.splitlines()) <= 80
        tables.append(out)
    assert "home cap" in tables[1] and tables[0] != tables[1]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["poker", "play", "--players", "9", "--seed", "1"], "players must be at most 8"),
        (["poker", "play", "--players", "8", "--casino", "--seed", "1"], "at most 7"),
        (["poker", "play", "--deck", "Kd Jc Kd"], "Kd appears 2 times"),
        (["poker", "play", "--deck", "Kd Jc 1x"], "unknown card '1x'"),
        (
            [
                "poker",
                "play",
                "--deck",
                EXAMPLE_DECK,
                "--actions",
                "buy 3; fold; buy 2; buy 2; buy 4; buy 2",
            ],
            "can buy at most 1 card",
        ),
        (["poker", "play", "--deck", EXAMPLE_DECK, "--actions", "buy 6"], "at most 4 cards"),
        (["poker", "play", "--seed", "1", "--actions", "raise 2"], "raise"),
        (["poker", "play", "--casino", "--seed", "1", "--actions", "buy 2"], "buy"),
        (["poker", "play", "--seed", "0"], "deal number must be between 1 and"),
        (["poker", "play", "--seed", "1", "--option", "limit=8"], "must be one of 5, 6, 7"),
        (["poker", "odds", "--hands", "Kd | Kd"], "Kd"),
        (["poker", "odds", "--hands", "Kd"], "at least two hands"),
        (["poker", "odds", "--hands", "Kd | Jc", "--seat", "1"], "seat 1 does not act"),
        (["poker", "play", "--casino", "--deck", "X1 Kd"], "the casino game has no jokers"),
        (["poker", "odds", "--hands", "Kd | 7s 2h 9c 2d 5c 6c"], "limit is 5"),
        (["poker", "edge", "-p", "8", "--rounds", "10"], "1 to 7 players"),
        (["poker", "edge", "--rounds", "0"], "--rounds"),
        (["deal", "ricochet-poker", "--seed", "1"], "has no layout to deal or solve"),
        (["sheet", "ricochet-poker", "-o", "x.pdf"], "needs a deal number"),
        (["poker", "table-card", "-o", "/nonexistent/card.pdf"], "does not exist"),
        # odds: jokers only with the jokers option, and only those the option adds
        (["poker", "odds", "--hands", "X1 | Kd"], "jokers need the jokers option"),
        (["poker", "odds", "--hands", "X2 | Kd", "-O", "jokers=1"], "holds only X1"),
        (["poker", "odds", "--hands", "Kd | Jc", "--dead", "X1"], "X1 is not in this deck"),
        (["poker", "play", "--deck", "X2 Kd", "-O", "jokers=1"], "holds only X1"),
        # odds: no more seats than the game has
        (["poker", "odds", "--hands", "Kd|Jc|8h|7s|6s|5s|4s|3s|2s"], "at most 8"),
        (["poker", "odds", "--hands", "Kd | Jc | 8h", "-O", "players=2"], "more than the 2"),
        (["poker", "odds", "--hands", "Kd 2c | Jc", "-O", "limit=7"], "starts with 2"),
        (["poker", "odds", "--hands", "Kd | | Jc"], "every seat needs at least one card"),
        (["poker", "odds", "--hands", "Kd | Jc", "--dead", "Kd"], "Kd is in seat 1"),
        (["poker", "odds", "--hands", "Kd Kd | Jc"], "Kd appears 2 times"),
        (["poker", "odds", "--hands", "Kd | Jc", "--seat", "9"], "seat 9 has no hand"),
        (["poker", "odds", "--hands", "♥ | Jc"], "unknown card"),
        # ev: a buy needs three unseen cards; no more hands than the table seats
        (
            [
                "poker",
                "ev",
                "--player",
                "Ah 7d",
                "--dead",
                " ".join(c for c in FULL_DECK if c not in ("Ah", "7d", "2c", "3c")),
            ],
            "at most 40 cards",
        ),
        (
            [
                "poker",
                "ev",
                "--player",
                "Ah 7d",
                "--standing",
                " | ".join([" ".join(FULL_DECK[i : i + 5]) for i in range(0, 40, 5)]),
            ],
            "at most 7 five-card",
        ),
        (["poker", "ev", "--player", "Ah 7d", "--standing", "|||"], "every hand needs five"),
        (["poker", "ev", "--player", "Ah 7d", "--standing", "Ks Kc 9d 5c"], "five cards, not 4"),
        (["poker", "ev", "--player", "Ah 7d", "--standing", "X1 Kc 9d 5c 2h"], "no jokers"),
        (["poker", "ev", "--player", "Ah Ah"], "Ah appears 2 times"),
        (["poker", "ev", "--player", ""], "two cards, not 0"),
        (["poker", "ev", "--player", "Ah 7d 8d"], "two cards, not 3"),
        (["poker", "ev", "--player", "Ah 7d", "--dead", "7d"], "7d is on the table twice"),
        # play: actions, players, decks
        (["poker", "play", "--seed", "1", "--actions", "buy 0"], "at least 1 card"),
        (["poker", "play", "--seed", "1", "--actions", "buy -1"], "cannot read action"),
        (["poker", "play", "--seed", "1", "--actions", "b"], "cannot read action"),
        (["poker", "play", "--seed", "1", "--actions", "buy 1e3"], "cannot read action"),
        (["poker", "play", "--seed", "1", "--actions", "buy " + "9" * 30], "at most 4 cards"),
        (["poker", "play", "--seed", "1", "--actions", "f; f; f; f"], "1 action left over"),
        (["poker", "play", "-p", "3", "-O", "players=3", "--seed", "1"], "number of players once"),
        (["poker", "play", "-p", "1", "--seed", "1"], "at least 2"),
        (["poker", "play", "-p", "9" * 30, "--seed", "1"], "at most 8"),
        (["poker", "play", "--seed", "9" * 30], "deal number must be between"),
        (["poker", "play", "--deck", ""], "at least one card"),
        (["poker", "play", "--deck", ",,,"], "at least one card"),
        (["poker", "play", "--seed", "1", "-O", "="], "unknown option"),
        (["poker", "play", "--seed", "1", "-O", "ante=0"], "at least 1"),
        (["poker", "play", "--casino", "--seed", "1", "-O", "jokers=1"], "unknown option"),
        (["poker", "play", "--casino", "--seed", "1", "--actions", "fold 2"], "unknown action"),
        (["poker", "play", "--casino", "--seed", "1", "--actions", "buy; buy"], "left over"),
        (["poker", "play", "--casino", "-p", "0", "--seed", "1"], "at least 1"),
        # edge: one line, no progress bar drawn first
        (["poker", "edge", "-p", "1", "--rounds", "10", "--seed", str(2**64 - 1)], "go past"),
        (["sheet", "ricochet-poker", "--seed", "1", "-o", "x.pdf", "-O", "home-cap"], "unknown"),
        (["rules", "ricochet-poker", "-o", "x.pdf", "-O", "players=3"], "unknown option"),
    ],
)
def test_bad_poker_input_gives_one_clear_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status != 0 and out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("printplay: error: ") and message in err, err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["poker", "table-card", "-o", "card.pdf", "--paper", "a5"], "'a5' is not one of"),
        (["poker", "ev", "--player", "Ah 7d", "--pot", "1"], "--pot"),
        (["poker", "ev", "--player", "Ah 7d", "--pot", "15"], "--pot"),
        (["poker", "ev", "--player", "Ah 7d", "--pot", "9" * 30], "--pot"),
        (["poker", "ev", "--player", "Ah 7d", "--pot", "abc"], "--pot"),
        (["poker", "odds"], "Missing option '--hands'"),
        (["poker", "ev"], "Missing option '--player'"),
        (["poker", "odds", "--hands", "Kd | Jc", "--seat", "x"], "--seat"),
        (["poker", "edge", "--rounds", "1"], "--rounds"),
        (["poker", "edge", "--jobs", "0"], "--jobs"),
        (["poker", "play", "--players", "two"], "--players"),
        (["poker", "frobnicate"], "No such command"),
    ],
)
def test_poker_usage_errors_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    """The same mistake exits the same way on every verb: usage errors exit 2."""
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "", (status, out)
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("printplay: error: ") and message in err, err


def test_the_pot_limits_agree(capsys: pytest.CaptureFixture[str]) -> None:
    """The command line's --pot range is the library's: the casino pot before a buy."""
    from printplay.cli.poker_verb import MAX_CASINO_POT, MIN_CASINO_POT
    from printplay.core.errors import OptionError
    from printplay.games.poker.ev import MAX_POT, MIN_POT, buy_fold_ev

    assert (MIN_CASINO_POT, MAX_CASINO_POT) == (MIN_POT, MAX_POT)
    for pot in (MIN_POT - 1, MAX_POT + 1):
        with pytest.raises(OptionError, match="the pot before a buy"):
            buy_fold_ev("Ah 7d", pot=pot)
    status, out, _ = run(capsys, "poker", "ev", "--player", "Ah 7d", "--pot", str(MAX_POT))
    assert status == 0 and "BUY" in out


def test_a_buy_with_fewer_than_three_unseen_cards_is_refused() -> None:
    """The library refuses a position where three cards cannot be dealt (no division by 0)."""
    from printplay.core.cards import Card
    from printplay.core.errors import DealError
    from printplay.games.poker.ev import _exact_ev

    mine = [Card.parse("Ah"), Card.parse("7d")]
    for unseen in (0, 1, 2):
        seen = set(range(52 - unseen))
        with pytest.raises(DealError, match=f"only {unseen} are left unseen"):
            _exact_ev(mine, [], seen, 2, False)


def test_edge_is_reproducible_and_reports_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for jobs in ("1", "2"):
        status, out, _ = run(
            capsys,
            "poker",
            "edge",
            "-p",
            "2",
            "--rounds",
            "3000",
            "--seed",
            "7",
            "--jobs",
            jobs,
            "--json",
        )
        assert status == 0
        outputs.append(json.loads(out))
    assert outputs[0] == outputs[1]
    result = outputs[0]["results"][0]
    edge = result["edge_ante"]
    assert edge["low"] < edge["value"] < edge["high"] and result["rounds"] == 3000
    assert outputs[0]["command"] == "printplay poker edge -p 2 --rounds 3000 --seed 7"


def test_poker_printables(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "rules.pdf"
    assert run(capsys, "rules", "ricochet-poker", "-o", str(rules))[0] == 0
    text = text_of(rules)
    for heading in (
        "Hands",
        "The standard game",
        "The casino game",
        "Basic strategy",
        "The house edge",
        "Rulings",
        "Quick reference: Ricochet Poker",
    ):
        assert heading in text
    assert all(symbol in text for symbol in "♠♥♦♣")
    assert "royal flush" in text.lower() and "1000" in text
    card = tmp_path / "card.pdf"
    assert run(capsys, "poker", "table-card", "-o", str(card), "--paper", "letter")[0] == 0
    reader = PdfReader(card)
    assert len(reader.pages) == 1
    assert (float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)) == (
        792.0,
        612.0,
    )
    assert text_of(card).count("Ricochet Poker · Casino") == 2
    sheet = tmp_path / "sheet.pdf"
    assert run(capsys, "sheet", "ricochet-poker", "--seed", "3", "-o", str(sheet))[0] == 0
    text = text_of(sheet)
    assert "Ricochet Poker · deal 3" in text and "Turn 1: seat" in text
    assert "Escapes last place" in text and "The end of the round" in text


def test_casino_ev(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "poker", "ev", "--player", "Ah 7d", "--standing", "Ks Kc 9d 5c 2h", "--json"
    )
    assert status == 0
    data = json.loads(out)
    assert data["best"] == "fold" and data["fold"] == -1 and data["completions"] == 14190
    assert data["buy"] == pytest.approx(-1.3385, abs=1e-4)
    status, _, err = run(capsys, "poker", "ev", "--player", "Ah 7d", "--standing", "Ks Kc")
    assert status == 1 and "five cards, not 2" in err
