"""The data books are drawn from: what a book maker is asked for, a solitaire's puzzle book
(its puzzles, their setups, grades and solutions) and where a book's pages landed.  (Ricochet
Poker's problem book is in :mod:`printplay.models.poker_model`.)

Plain, frozen data built by :mod:`printplay.builders.puzzle_book`; the renderer
(:mod:`printplay.render.puzzle_book_pdf`) draws it and computes nothing.  This module imports
no solver, no analysis and no bot.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from printplay.core.cards import Card
from printplay.core.grades import Grade
from printplay.core.protocols import BookPage
from printplay.models.printable import QuickCardText, Setup, Step, Walkthrough

DIFFICULTIES = ("easy", "medium", "hard", "expert", "mixed")
"""What a book may ask for: one level, or ``mixed`` (a rising ramp of all four)."""

CURATED = "curated"
"""What ``printplay book`` is asked for the book of a game's curated collections."""


@dataclass(frozen=True)
class BookRequest:
    """What ``printplay book`` asks a game's book maker for: the game and its options,
    how many puzzles of which difficulty from which deal, the processes, the paper, the
    imposition and the file.  ``curated`` asks for the book of the game's curated
    collections instead (the demo's and the kit's: nothing searched); ``progress`` is told
    ``(puzzles found, deals tried)``."""

    game: str
    path: Path
    option_texts: tuple[str, ...] = ()
    count: int = 12
    difficulty: str = "mixed"
    start: int = 1
    jobs: int = 1
    paper: str = "a4"
    curated: bool = False
    progress: Callable[[int, int], None] | None = None
    imposition: str = "pages"
    """How the pages are put on paper (one of
    :data:`printplay.models.imposition_model.IMPOSITIONS`)."""
    rules_dir: Path | None = None
    """A folder of house sources: its ``book.j2`` words the book (``None``: the bundled)."""


@dataclass(frozen=True)
class TurningPoint:
    """A real decision on a puzzle's winning line, drawn in its solution: the step the
    line takes there, how many legal moves there were and how many of them keep the deal
    winnable (``None`` where the budgeted search left one unsettled)."""

    step: Step
    choices: int
    keeping: int | None


@dataclass(frozen=True)
class Puzzle:
    """One puzzle of a book: its number in the book, the deal's setup, its grade, the
    winning line (replayed through the engine) in short words, the turning points its
    solution draws, and the line its game prints under its heading (a golf hole's par;
    empty for most games)."""

    number: int
    setup: Setup
    grade: Grade
    walkthrough: Walkthrough
    moves: tuple[str, ...]
    """Each move of the line in a few characters (``7♥``, ``turn K♦``, ``8♥ + 5♣``)."""
    turning_points: tuple[TurningPoint, ...]
    note: str = ""

    @property
    def new_stocks(self) -> dict[int, tuple[Card, ...]]:
        """The new stock each move that shuffles one lays down, top card first, by move
        number (a shuffled redeal names the order the deal's shuffle gave: to follow the
        line, a player stacks the cards so rather than shuffling); empty for a game that
        shuffles nothing in play."""
        return {
            step.number: step.move.cards
            for step in self.walkthrough.steps
            if step.move.turns_stock and len(step.move.cards) > 1
        }


@dataclass(frozen=True)
class PuzzleBook:
    """A book of graded, winnable deals of one game, with the solutions at the back.

    ``difficulty`` is what was asked (a level or ``mixed``); ``command`` the command that
    makes the book again; ``quick`` the game's quick-reference card, if its rulebook
    defines one; ``tried`` how many deals were graded to find the puzzles;
    ``thresholds`` the game's level thresholds and ``playouts`` the random games a deal
    is measured with (the book explains the levels with them).  ``move_kinds`` are the
    kinds of move the game's lines hold under its options and ``shuffles`` says whether
    play shuffles cards after the deal (the engine's declaration: the book's words about
    moves and luck follow them); ``rules_command`` writes the game's rulebook under the
    book's options.  ``pages`` are what the game adds after the puzzles through its
    declaration (a golf course's scorecard).
    """

    game: str
    title: str
    rules: str
    chosen: tuple[str, ...]
    difficulty: str
    command: str
    puzzles: tuple[Puzzle, ...]
    quick: QuickCardText | None
    tried: int
    thresholds: Mapping[str, float]
    playouts: int
    move_kinds: tuple[str, ...]
    shuffles: bool
    rules_command: str
    pages: tuple[BookPage, ...] = ()


@dataclass(frozen=True)
class BookPages:
    """Where a book's puzzles and solutions landed: 1-based page numbers, one entry a
    puzzle, and the book's length."""

    puzzle_pages: tuple[int, ...]
    solution_pages: tuple[int, ...]
    pages: int
    sketched: tuple[tuple[str, int], ...] = ()
    """Where the first of the passes that laid the book out found each of its marks,
    numbered from page 1: another printing of the same book (in a kit) starts from them."""


__all__ = [
    "DIFFICULTIES",
    "BookPages",
    "BookRequest",
    "Puzzle",
    "PuzzleBook",
    "TurningPoint",
]
