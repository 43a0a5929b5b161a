"""Puzzle books: the deals chosen, the PDF (puzzles, contents, solutions), the manifest,
and bad input refused in one line with no file left."""

from __future__ import annotations

import hashlib
import json
import shlex
from pathlib import Path
from typing import Any

import pytest
from conftest import Printed
from pdftext import page_texts
from pypdf import PdfReader

from printplay.analysis.grading import graded
from printplay.builders import puzzle_book
from printplay.builders.puzzle_book import (
    build_book,
    choose_deals,
    first_of_level,
    ramp,
    short_move,
    turning_moves,
)
from printplay.cli.app import main
from printplay.core.deal import MAX_SEED, numbered_deal
from printplay.core.grades import LEVELS
from printplay.games import make_solitaire
from printplay.makers.book_maker import write_book
from printplay.makers.printable_words import printable_words
from printplay.render.board import BoardDiagram
from printplay.render.puzzle_book_pdf import Book, Sketch, _puzzle_page, draw_book, page_setup

pytestmark = pytest.mark.usefixtures("grades_once")
"""A deal graded in this process before is answered as it was (``conftest.grades_once``)."""

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


@pytest.fixture(scope="module")
def small_book(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:  # type: ignore[type-arg]
    """A four-deal mixed TriPeaks book and its manifest."""
    game = make_solitaire("tripeaks")
    path = tmp_path_factory.mktemp("book") / "book.pdf"
    written, manifest = write_book(game, path, count=4, difficulty="mixed")
    return written, manifest


def test_a_mixed_book_rises_from_easy_to_expert() -> None:
    for count in range(1, 30):
        levels = ramp(count, "mixed")
        assert len(levels) == count
        assert [LEVELS.index(level) for level in levels] == sorted(
            LEVELS.index(level) for level in levels
        )
        if count >= 4:
            assert set(levels) == set(LEVELS)
    assert ramp(3, "expert") == ("expert",) * 3


def test_deals_are_taken_in_order_and_of_the_level_asked() -> None:
    game = make_solitaire("ricochet")
    chosen = choose_deals(game, 2, "medium", start=5)
    seeds = [found.deal.seed for found in chosen.deals]
    assert seeds == sorted(seeds) and seeds[0] is not None and seeds[0] >= 5
    assert all(found.grade.level == "medium" for found in chosen.deals)
    last = seeds[-1]
    assert last is not None and chosen.tried == last - 5 + 1
    for seed in range(5, last + 1):
        level = graded(game, numbered_deal(game.deck(), seed)).grade.level
        assert (level == "medium") == (seed in seeds), seed


def test_the_first_deal_of_a_level() -> None:
    game = make_solitaire("tripeaks")
    found = first_of_level(game, "expert", start=2)
    assert found.grade.level == "expert" and found.deal.seed is not None
    for seed in range(2, found.deal.seed):
        assert graded(game, numbered_deal(game.deck(), seed)).grade.level != "expert"


def test_short_moves() -> None:
    game = make_solitaire("pyramid")
    found = graded(game, numbered_deal(game.deck(), 3))
    words = [short_move(move) for move in found.line.moves]
    assert all(words) and any(" + " in word for word in words)
    assert all(not word.startswith("turn") or len(word.split()) == 2 for word in words)


def test_the_book_pdf(small_book: tuple[Path, dict]) -> None:  # type: ignore[type-arg]
    path, manifest = small_book
    texts = page_texts(path)
    deals = manifest["deals"]
    assert manifest["game"] == "tripeaks" and manifest["pages"] == len(texts)
    assert [deal["level"] for deal in deals] == ["easy", "medium", "hard", "expert"]
    puzzle_pages = [deal["puzzle_page"] for deal in deals]
    solution_pages = [deal["solution_page"] for deal in deals]
    # One puzzle a page, in a row; every solution after every puzzle.
    assert puzzle_pages == list(range(puzzle_pages[0], puzzle_pages[0] + 4))
    assert min(solution_pages) > max(puzzle_pages) + 1  # a warning page between
    assert "TriPeaks puzzles" in texts[0] and "How to use this book" in texts[1]
    assert "Quick reference: TriPeaks" in texts[1]
    contents = " ".join(texts[2].split())
    for deal in deals:
        assert f"deal {deal['seed']}" in contents
        assert f"{deal['puzzle_page']} {deal['solution_page']}" in contents
        page = " ".join(texts[deal["puzzle_page"] - 1].split())
        assert f"Puzzle {deal['puzzle']} · {deal['level'].capitalize()}" in page
        assert f"printplay sheet tripeaks --seed {deal['seed']}" in page
        assert f"solution is on page {deal['solution_page']}" in page
        solution = " ".join(texts[deal["solution_page"] - 1].split())
        assert f"Won in {len(deal['moves'])} moves" in solution
        # A solution's turning points are drawn on its page, never parted from it.
        for number in turning_moves(deal["measures"]["decision_moves"]):
            assert f"Before move {number}:" in solution
    assert sum("Solutions" in text and "Stop here" in text for text in texts) == 1
    assert {
        (round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))
        for p in PdfReader(path).pages
    } == {A4}


def test_puzzle_pages_show_no_solution(small_book: tuple[Path, dict]) -> None:  # type: ignore[type-arg]
    path, manifest = small_book
    texts = page_texts(path)
    for deal in manifest["deals"]:
        page = " ".join(texts[deal["puzzle_page"] - 1].split())
        assert "Before move" not in page and "Won in" not in page and "real decision" not in page
        solution = " ".join(texts[deal["solution_page"] - 1].split())
        assert "1 " in solution
    # The puzzle page's flowables: one diagram, the start of the deal, no move marked.
    game = make_solitaire("tripeaks")
    chosen = choose_deals(game, 2, "hard")
    model = build_book(game, chosen, "hard")
    words = printable_words("book.j2")
    book = Book(model, page_setup(model, "a4", words), words, {})
    for puzzle in model.puzzles:
        book.found = {f"solution-{puzzle.number}": 9}
        flowables = _puzzle_page(book, puzzle)
        diagrams = [f.real if isinstance(f, Sketch) else f for f in flowables]
        boards = [f for f in diagrams if isinstance(f, BoardDiagram)]
        assert len(boards) == 1
        assert boards[0].view == puzzle.setup.start.board()
        assert all(slot.badge is None for slot in boards[0].view.slots)


def test_the_manifest_lines_replay_to_a_win(small_book: tuple[Path, dict]) -> None:  # type: ignore[type-arg]
    _, manifest = small_book
    game = make_solitaire("tripeaks")
    for deal in manifest["deals"]:
        assert set(deal) >= {"seed", "level", "measures", "moves", "puzzle_page", "solution_page"}
        state = game.initial_state(numbered_deal(game.deck(), deal["seed"]))
        for move in deal["moves"]:
            state = state.apply(game.move_from_json(move))
        assert state.is_won
        assert deal["measures"]["length"] == len(deal["moves"])


def test_a_book_is_byte_identical_and_letter_sized(tmp_path: Path) -> None:
    game = make_solitaire("ricochet")
    chosen = choose_deals(game, 2, "mixed")
    model = build_book(game, chosen, "mixed", paper="letter")
    first = tmp_path / "one.pdf"
    pages = draw_book(model, first, words=printable_words("book.j2"), paper="letter")
    second = tmp_path / "two.pdf"
    assert draw_book(model, second, words=printable_words("book.j2"), paper="letter") == pages
    assert (
        hashlib.sha256(first.read_bytes()).digest() == hashlib.sha256(second.read_bytes()).digest()
    )
    reader = PdfReader(first)
    sizes = {
        (round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))
        for p in reader.pages
    }
    assert sizes == {LETTER}
    assert [item.title for item in reader.outline if not isinstance(item, list)] == [
        "Ricochet puzzles"
    ]
    sections = next(item for item in reader.outline if isinstance(item, list))
    titles = [item.title for item in sections if not isinstance(item, list)]
    assert titles == ["How to use this book", "List of puzzles", "Puzzles", "Solutions"]


def test_a_books_moves_and_captions_are_typeset_once_for_every_pass(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The paragraphs that hold no page number (a solution's moves, its turning points'
    captions) are made in the first pass and laid out again in the next, not made anew:
    the same book, byte for byte, as with each made again in every pass."""
    from printplay.render import puzzle_book_pdf

    model = build_book(
        make_solitaire("tripeaks"), choose_deals(make_solitaire("tripeaks"), 2, "mixed"), "mixed"
    )
    words = printable_words("book.j2")
    made: list[tuple[int, int, int | None]] = []
    real_text = puzzle_book_pdf._moves_text

    def noted(book: Book, puzzle: Any, first: int = 1, last: int | None = None) -> str:
        made.append((puzzle.number, first, last))
        return real_text(book, puzzle, first, last)

    monkeypatch.setattr(puzzle_book_pdf, "_moves_text", noted)
    kept = tmp_path / "kept.pdf"
    draw_book(model, kept, words=words)
    assert made and len(made) == len(set(made))  # each made once, not once a pass

    def anew(self: Book, name: str, make: Any) -> Any:
        return make()

    monkeypatch.setattr(puzzle_book_pdf.TwoPassBook, "kept", anew)
    made.clear()
    again = tmp_path / "again.pdf"
    draw_book(model, again, words=words)
    assert len(made) > len(set(made))  # (made again in every pass)
    assert kept.read_bytes() == again.read_bytes()


def test_book_command_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "b.pdf"
    argv = ["book", "pyramid", "--count", "1", "--difficulty", "easy", "-o", str(out), "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "pyramid" and data["options"]["reserve"] is False
    assert [deal["level"] for deal in data["deals"]] == ["easy"]
    assert out.read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--difficulty", "impossible"], "unknown difficulty"),
        (["--count", "0"], "1 to 200 puzzles, not 0"),
        (["--count", "-3"], "not -3"),
        (["--count", "1000000000000"], "1 to 200 puzzles"),
        (["--start", "0"], "--start must be a deal number"),
        (["--start", str(MAX_SEED + 1)], "--start must be a deal number"),
        (["--difficulty", "curated", "--count", "3"], "leave out --option, --count"),
        (["--difficulty", "curated", "--option", "no-wrap"], "leave out --option, --count"),
    ],
)
def test_bad_book_input_is_one_line_and_no_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    out = tmp_path / "b.pdf"
    assert main(["book", "tripeaks", "-o", str(out), *argv]) == 1
    err = capsys.readouterr().err
    assert message in err and len(err.splitlines()) == 1 and err.startswith("printplay: error")
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_the_curated_book_names_the_command_that_makes_it_again(
    printed: Printed, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = printed.curated_book("ricochet")  # as the command makes it
    text = " ".join(" ".join(page_texts(first)[:2]).split())
    made_by = text.split("with printplay book ", 1)[1].split("; the same command", 1)[0]
    words = ["book", *shlex.split(made_by)]
    assert words == ["book", "ricochet", "--difficulty", "curated", "-o", "FILE.pdf"]
    again = tmp_path / "again.pdf"
    capsys.readouterr()
    assert main([*words[:-1], str(again)]) == 0
    assert again.read_bytes() == first.read_bytes()


def test_an_unreached_level_says_how_many_were_tried(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(puzzle_book, "MIN_WINDOW", 3)
    monkeypatch.setattr(puzzle_book, "WINDOW_PER_PUZZLE", 1)
    out = tmp_path / "b.pdf"
    argv = ["book", "tripeaks", "--count", "3", "--difficulty", "expert", "-o", str(out)]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert "among deals 1 to 3 (3 tried)" in err and "of the 3 expert" in err
    assert len(err.strip().splitlines()) == 1 and list(tmp_path.iterdir()) == []


def test_an_unwritable_book_is_refused_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "missing" / "b.pdf"
    assert main(["book", "pyramid", "--count", "5", "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "does not exist" in err and len(err.strip().splitlines()) == 1
    assert not out.parent.exists()


def test_sheet_of_a_level(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "s.pdf"
    assert main(["sheet", "ricochet", "--difficulty", "easy", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    game = make_solitaire("ricochet")
    found = first_of_level(game, "easy")
    assert f"{found.deal.name} is the first easy deal from deal 1" in err
    assert f"Ricochet · {found.deal.name} · setup" in page_texts(out)[0]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["tripeaks", "--difficulty", "easy", "--seed", "3"], "not more than one"),
        (["tripeaks", "--start", "3"], "--start goes with --difficulty"),
        (["tripeaks", "--difficulty", "trivial"], "unknown level"),
        (["tripeaks", "--difficulty", "easy", "--start", "0"], "--start must be"),
        (["ricochet-poker", "--difficulty", "easy"], "have no levels"),
    ],
)
def test_bad_sheet_levels(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    out = tmp_path / "s.pdf"
    assert main(["sheet", *argv, "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
    assert not out.exists()


# --- words that fit the game and its options ------------------------------------------------


def _solution_lines(path: Path) -> list[str]:
    """The lines of the book's solution pages (after the page that warns of them)."""
    texts = page_texts(path)
    warning = next(n for n, text in enumerate(texts) if "Stop here if you want" in text)
    return [line.strip() for text in texts[warning + 1 :] for line in text.splitlines()]


@pytest.fixture(scope="module")
def reshuffle_book(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, puzzle_book.Chosen]:
    """A one-puzzle Pyramid book under ``reshuffle``: deal 9, whose line redeals once."""
    game = make_solitaire("pyramid", ["reshuffle"])
    found = graded(game, game.numbered_deal(9))
    assert any(move.kind == "redeal" for move in found.line.moves)
    chosen = puzzle_book.Chosen((found,), 1)
    path = tmp_path_factory.mktemp("reshuffle") / "book.pdf"
    draw_book(build_book(game, chosen, "easy"), path, words=printable_words("book.j2"))
    return path, chosen


def test_a_reshuffle_book_prints_each_new_stock(
    reshuffle_book: tuple[Path, puzzle_book.Chosen],
) -> None:
    """Under ``reshuffle`` a redeal shuffles the waste with the deal's own shuffle: the
    solution prints the new stock it makes, in order, after the redeal (as a sheet does),
    and the book's words say the waste is shuffled and how luck stands."""
    path, chosen = reshuffle_book
    found = chosen.deals[0]
    text = " ".join(" ".join(page_texts(path)).split())
    how = text[text.index("How to use this book") : text.index("The levels")]
    assert "no luck left" not in how and "the deal itself fixes" in how
    assert "printplay rules pyramid --option reshuffle -o FILE.pdf" in how
    key = text[text.index("Each move names") : text.index("Numbers in bold")]
    assert "turned over" not in key and "shuffled into a new stock" in key
    solution = " ".join(_solution_lines(path))
    redeals = [n for n, move in enumerate(found.line.moves, start=1) if move.kind == "redeal"]
    assert redeals
    for number in redeals:
        said = f"Move {number} shuffles the waste. To follow this line, do not shuffle: stack the"
        assert said in solution
        start = solution.index(said)
        after = solution[start:]
        # Each card of the new stock is drawn in order (top first), as the move names it.
        labels = [card.label for card in found.line.moves[number - 1].cards]
        assert len(labels) > 1
        positions = [after.index(label) for label in labels]
        assert positions == sorted(positions)


def test_solution_keys_speak_of_the_game_s_own_moves(small_book: tuple[Path, dict]) -> None:  # type: ignore[type-arg]
    """TriPeaks has no pairs and no redeals, so its book's key to the solutions names
    neither; Pyramid's names both, the redeal as its options make it; the how-to page
    names the real command of the rulebook."""
    path, _ = small_book
    text = " ".join(" ".join(page_texts(path)).split())
    key = text[text.index("Each move names") : text.index("Numbers in bold")]
    assert "pair" not in key and "redeal" not in key and "turn" in key
    assert "printplay rules tripeaks -o FILE.pdf for the whole rulebook" in text
    assert "GAME" not in text
    words = printable_words("book.j2")
    for options, said, unsaid in (
        ((), ["a pair names both", "redeal the waste turned over"], ["shuffled"]),
        (("one-deal",), ["a pair names both", "turn"], ["redeal"]),
        (("reshuffle",), ["redeal the waste shuffled into a new stock"], ["turned over"]),
    ):
        game = make_solitaire("pyramid", options)
        line = words("solutions_key", kinds=game.move_kinds(), shuffled=game.shuffles_in_play())
        line = " ".join(line.replace("<i>", "").replace("</i>", "").split())
        assert all(part in line for part in said) and not any(part in line for part in unsaid)


@pytest.fixture(scope="module")
def curated_letter(printed: Printed) -> Path:
    """Ricochet's curated book (stored lines, nothing searched) on Letter."""
    return printed.curated_book("ricochet", paper="letter")


def test_no_wrapped_line_of_moves_starts_with_a_separator(curated_letter: Path) -> None:
    """A solution's moves are parted by " · ": a line breaks after the dot, so no line
    starts with one."""
    lines = _solution_lines(curated_letter)
    assert sum(line.startswith("1 ") for line in lines) == 12  # every solution read
    assert [line for line in lines if line.startswith("·")] == []


def test_a_letter_book_leaves_no_page_mostly_empty(curated_letter: Path) -> None:
    """On Letter the quick reference does not fit under the how-to: the list of puzzles
    now follows it on its page, instead of leaving it alone there and taking a page of
    its own."""
    from page_fill import half_empty_pages

    texts = page_texts(curated_letter)
    assert half_empty_pages(curated_letter, skip={1}) == []  # the cover is meant so
    assert "Quick reference: Ricochet" in texts[2] and "List of puzzles" in texts[2]
