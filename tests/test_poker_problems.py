"""Ricochet Poker's problem book: close decisions from dealt rounds, exact answers at the
back, the question alone on the page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pdftext import page_texts

from printplay.builders.poker_problems import (
    CLOSE,
    build_problem_book,
    casino_decisions,
    standard_decisions,
)
from printplay.cli.app import main
from printplay.games.poker.casino import Buy, CasinoOptions, Fold, deal_round
from printplay.games.poker.dealing import poker_deck
from printplay.games.poker.ev import buy_fold_ev
from printplay.games.poker.standard import StandardOptions


def test_standard_decisions_are_close() -> None:
    found = [d for d in standard_decisions(StandardOptions(players=4), range(1, 8)) if d]
    assert found
    for decision in found:
        assert decision.margin <= CLOSE["standard"]
        ranked = sorted([0, *decision.values.values()], reverse=True)
        assert float(ranked[0] - ranked[1]) == pytest.approx(decision.margin)


def test_casino_decisions_are_close_and_exact() -> None:
    found = [d for d in casino_decisions(3, range(1, 60)) if d]
    assert found
    for decision in found:
        state = decision.state
        assert abs(decision.ev.gain) <= CLOSE["casino"]
        # The last to act: nobody after it, so the value is exact.
        assert not any(p.waiting and p.seat != state.to_act for p in state.players)
        # The same state is reached by replaying the actions before it.
        replay = deal_round(CasinoOptions(players=3), poker_deck(seed=decision.seed))
        for action in decision.actions:
            replay = replay.apply(Buy() if action == "buy" else Fold())
        assert replay == state
        me = state.player(state.to_act or 0)
        standing_hands = state.standing()
        seats = {who for who, _ in standing_hands}
        dead = [c for p in state.players if p.seat not in {me.seat, *seats} for c in p.cards]
        if 0 not in seats:
            dead += list(state.dealer.cards)
        standing = [list(cards) for _, cards in standing_hands]
        again = buy_fold_ev(list(me.cards), standing, dead=dead, pot=state.pot)
        assert again.buy == pytest.approx(decision.ev.buy)


def test_the_problem_book(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "problems.pdf"
    assert main(["book", "ricochet-poker", "--count", "3", "-o", str(out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    problems = data["problems"]
    assert [p["kind"] for p in problems] == ["standard", "standard", "casino"]
    texts = page_texts(out)
    assert data["pages"] == len(texts)
    for problem in problems:
        page = " ".join(texts[problem["problem_page"] - 1].split())
        assert f"Problem {problem['problem']}" in page
        assert problem["replay"].split(" --actions")[0] in page
        assert "Worth" not in page and "better by" not in page and "beats the next" not in page
        answer = " ".join(texts[problem["answer_page"] - 1].split())
        assert f"{problem['answer']}, by {problem['margin']}" in answer
        assert problem["answer_page"] > max(p["problem_page"] for p in problems)
        assert sum(choice["best"] for choice in problem["choices"]) == 1


def test_the_problem_book_is_reproducible() -> None:
    first = build_problem_book(count=2, start=5)
    second = build_problem_book(count=2, start=5)
    assert first.problems == second.problems


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--difficulty", "hard"], "has no levels"),
        (["--count", "0"], "1 to 200 problems"),
        (["--start", "0"], "--start must be"),
        (["--option", "players=9"], "players"),
    ],
)
def test_bad_problem_book_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    out = tmp_path / "p.pdf"
    assert main(["book", "ricochet-poker", "-o", str(out), *argv]) == 1
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
    assert not out.exists()


def test_problems_share_pages_and_no_page_is_mostly_empty(tmp_path: Path) -> None:
    """A problem takes about a third of a page: problems flow, each kept whole, two or
    more a page, and the list of problems follows the how-to page where it fits."""
    from page_fill import half_empty_pages

    out = tmp_path / "problems.pdf"
    assert main(["book", "ricochet-poker", "--count", "6", "-o", str(out)]) == 0
    texts = page_texts(out)
    assert half_empty_pages(out, skip={1}) == []  # the cover is meant so
    asked = [text.count("To deal this round up to here") for text in texts]
    pages = [count for count in asked if count]
    assert sum(pages) == 6 and all(count >= 2 for count in pages[:-1]), asked
    assert any("How to use this book" in text and "List of problems" in text for text in texts)
