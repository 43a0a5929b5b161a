"""The commands printables print run as printed and make the same thing again.

Each command is read back from the PDF (or the web page) as a reader sees it, its wrapped
lines joined, and run through the command line in a fresh folder.  The lines the sheets walk
through are the golden ones (:func:`conftest.walkthrough_line`) or a curated deal's stored
line: a run typesets, it does not search again.
"""

from __future__ import annotations

import html
import re
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from conftest import Printed, walkthrough_line
from pdftext import page_texts, pdf_text
from pypdf import PdfReader

import printplay.builders.sheet as sheet_module
from printplay.builders.puzzle_book import curated_deals
from printplay.cli.app import app, main
from printplay.core.deal import Deal, numbered_deal
from printplay.games import make_solitaire

pytestmark = pytest.mark.usefixtures("grades_once")
"""A deal graded in this process before is answered as it was (``conftest.grades_once``)."""

COMMAND = re.compile(r"printplay (?:sheet|book) .*? -o \S+?\.pdf")
"""A printed command, in text whose white space is made single spaces: up to its output."""

LETTER = (612.0, 792.0)


def commands_in(text: str) -> list[str]:
    """Every printed ``printplay`` command in ``text`` (line breaks joined as spaces)."""
    return COMMAND.findall(" ".join(text.split()))


def parsed(command: str) -> list[str]:
    """The arguments of a printed command, checked by the command line's parser (a usage
    error, exit status 2, fails) without running it."""
    words = shlex.split(command)
    assert words[0] == "printplay", command
    group = typer.main.get_command(app)
    context = group.make_context("printplay", list(words[1:]), resilient_parsing=False)
    verb = group.get_command(context, words[1])  # type: ignore[attr-defined]
    assert verb is not None, command
    verb.make_context(words[1], list(words[2:]), parent=context)
    return words[1:]


def run(command: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run a printed command in ``folder`` (exit status 0) and return the file it wrote."""
    argv = parsed(command)
    monkeypatch.chdir(folder)
    assert main(argv) == 0, command
    written = folder / argv[argv.index("-o") + 1]
    assert written.is_file(), command
    return written


def deal_code(path: Path) -> str:
    """The deal code a sheet's first page names."""
    found = re.search(r"deal code (\w{4}-\w{4})", " ".join(page_texts(path)[0].split()))
    assert found is not None
    return found.group(1)


def paper(path: Path) -> tuple[float, float]:
    box = PdfReader(path).pages[0].mediabox
    return round(float(box.width), 2), round(float(box.height), 2)


@pytest.fixture
def known_lines(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    """Sheets walk through known lines: those in this dict by deal code, else the golden
    ones (nothing is searched)."""
    known: dict[str, Any] = {}
    real = sheet_module.build_walkthrough

    def walk(game: Any, deal: Deal, result: Any = None, **kwargs: Any) -> Any:
        line = result or known.get(deal.code) or walkthrough_line(game, deal)
        return real(game, deal, line, **kwargs)

    monkeypatch.setattr(sheet_module, "build_walkthrough", walk)
    yield known


SHEETS = [
    ["tripeaks", "--seed", "1"],
    ["tripeaks", "--seed", "3", "--paper", "letter"],
    ["tripeaks", "--seed", "1", "--max-seconds", "30"],
    ["tripeaks", "--numbering", "pysolfc", "--seed", "617", "-O", "face-up"],
    ["pyramid", "--seed", "1", "--spoiler-free"],
    ["pyramid", "--seed", "1", "-O", "reserve", "--paper", "letter", "--spoiler-free"],
    ["pyramid", "--numbering", "pysolfc", "--seed", "617", "--paper", "letter"],
    ["ricochet", "--seed", "1", "--paper", "letter"],
    ["ricochet", "--seed", "3", "--option", "free-draw"],
    ["ricochet-poker", "--seed", "2", "-O", "players=3", "--paper", "letter", "--spoiler-free"],
]


@pytest.mark.parametrize("argv", SHEETS, ids=[" ".join(argv) for argv in SHEETS])
def test_a_sheets_command_prints_the_same_sheet_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, known_lines: dict[str, Any], argv: list[str]
) -> None:
    first = tmp_path / "first.pdf"
    assert main(["sheet", *argv, "-o", str(first)]) == 0
    commands = commands_in(page_texts(first)[0])
    assert len(commands) == 1
    again = run(commands[0], tmp_path, monkeypatch)
    assert again.read_bytes() == first.read_bytes()  # the very same sheet, flags and all


def test_an_explicit_deals_command_names_its_cards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, known_lines: dict[str, Any]
) -> None:
    game = make_solitaire("ricochet")
    deal = numbered_deal(game.deck(), 1)
    first = tmp_path / "first.pdf"
    argv = ["sheet", "ricochet", "--deal", " ".join(deal.codes), "-o", str(first)]
    assert main(argv) == 0
    (command,) = commands_in(page_texts(first)[0])
    assert "--deal '" in command and command.endswith(f"-o ricochet-deal-{deal.code.lower()}.pdf")
    assert run(command, tmp_path, monkeypatch).read_bytes() == first.read_bytes()


def test_a_sheet_of_a_level_prints_the_command_that_picks_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--difficulty``: the command asks for the first deal of the level from the deal
    itself, so that the sheet names its level again (graded afresh, as the user's run)."""
    first = tmp_path / "first.pdf"
    assert main(["sheet", "tripeaks", "--difficulty", "hard", "-o", str(first)]) == 0
    (command,) = commands_in(page_texts(first)[0])
    assert "--difficulty hard --start " in command
    again = run(command, tmp_path, monkeypatch)
    assert "level hard" in " ".join(page_texts(again)[0].split())
    assert again.read_bytes() == first.read_bytes()


@pytest.fixture(scope="module")
def curated_books(printed: Printed) -> dict[str, Path]:
    """The curated books of TriPeaks on A4 and Pyramid on Letter."""
    return {
        "a4": printed.curated_book("tripeaks"),
        "letter": printed.curated_book("pyramid", paper="letter"),
    }


@pytest.mark.parametrize(("paper_name", "game"), [("a4", "tripeaks"), ("letter", "pyramid")])
def test_every_puzzle_of_a_book_prints_a_command_for_its_sheet(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    known_lines: dict[str, Any],
    curated_books: dict[str, Path],
    paper_name: str,
    game: str,
) -> None:
    book = curated_books[paper_name]
    _, chosen = curated_deals(game)
    texts = page_texts(book)
    puzzles = [page for page in texts if "This deal again" in page]
    assert len(puzzles) == len(chosen.deals)
    for page, graded in zip(puzzles, chosen.deals, strict=True):
        (command,) = [c for c in commands_in(page) if c.startswith("printplay sheet")]
        argv = parsed(command)
        assert argv[argv.index("--seed") + 1] == str(graded.deal.seed)
        assert ("--paper" in argv) == (paper_name == "letter")
        known_lines[graded.deal.code] = graded.line
    # One is run (they are all made alike): the deal of its puzzle, on the book's paper.
    sheet = run(commands_in(puzzles[0])[0], tmp_path, monkeypatch)
    assert deal_code(sheet) == chosen.deals[0].deal.code
    assert paper(sheet) == (LETTER if paper_name == "letter" else (595.28, 841.89))


def test_a_books_cover_gives_the_command_that_makes_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, curated_books: dict[str, Path]
) -> None:
    """The command on the cover of a Letter book makes the same book again (its file name a
    placeholder the reader replaces)."""
    book = curated_books["letter"]
    cover = [c for c in commands_in(page_texts(book)[0]) if c.startswith("printplay book")]
    assert cover == ["printplay book pyramid --difficulty curated --paper letter -o FILE.pdf"]
    assert run(cover[0], tmp_path, monkeypatch).read_bytes() == book.read_bytes()


def test_the_sites_deal_pages_print_commands_that_run(
    built_site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, known_lines: dict[str, Any]
) -> None:
    """Every featured deal's page prints the command of its sheet (the site's paper); each
    runs and prints the deal of the page."""
    pages = sorted(built_site.glob("*/deal-*.html"))
    assert pages
    for number, page in enumerate(pages):
        text = html.unescape(re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8")))
        (command,) = commands_in(text)
        folder = tmp_path / str(number)
        folder.mkdir()
        sheet = run(command, folder, monkeypatch)
        code = re.search(r"deal code (\w{4}-\w{4})", " ".join(text.split()))
        assert code is not None and deal_code(sheet) == code.group(1)


def test_a_kits_sheets_print_commands_that_run(
    printed: Printed,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    known_lines: dict[str, Any],
) -> None:
    """A Letter kit (TriPeaks', as test_kit checks its pages): every command its sheets
    and its puzzles print parses, with the paper; a sheet's runs and prints its deal."""
    kit = printed.kit("tripeaks", paper="letter")
    commands = commands_in(pdf_text(kit.path))
    sheets = [c for c in commands if c.startswith("printplay sheet")]
    assert len(sheets) == len(kit.deals) + len(curated_deals("tripeaks")[1].deals)
    for command in commands:
        assert "--paper letter" in command and parsed(command)
    folder = tmp_path / "run"
    folder.mkdir()
    assert deal_code(run(sheets[0], folder, monkeypatch)) == kit.deals[0].deal().code
