"""The puzzle-book makers of solitaires: deals chosen (or the curated ones), the book's model
built, the PDF drawn, and the manifest ``book --json`` prints."""

from __future__ import annotations

from pathlib import Path

from printplay.builders.puzzle_book import (
    Progress,
    build_book,
    check_count,
    check_difficulty,
    choose_deals,
    curated_deals,
)
from printplay.core import options as opts
from printplay.core.deal import MAX_SEED
from printplay.core.errors import DealError
from printplay.core.jsontypes import JsonObject, JsonValue
from printplay.core.protocols import RegisteredSolitaire
from printplay.models.book_model import CURATED as CURATED_BOOK
from printplay.models.book_model import (
    BookPages,
    BookRequest,
    PuzzleBook,
)


def manifest(game: RegisteredSolitaire, book: PuzzleBook, pages: BookPages) -> JsonObject:
    """What ``book --json`` prints: the game, its options, and every puzzle's deal, level,
    measures, moves (as ``solve --json`` prints them) and pages."""
    deals: list[JsonValue] = []
    for puzzle, page, solution in zip(
        book.puzzles, pages.puzzle_pages, pages.solution_pages, strict=True
    ):
        measures = puzzle.grade.measures
        deals.append(
            {
                "puzzle": puzzle.number,
                "seed": puzzle.setup.deal.seed,
                "level": puzzle.grade.level,
                "measures": measures.to_json() if measures is not None else None,
                "moves": [step.move.to_json() for step in puzzle.walkthrough.steps],
                "puzzle_page": page,
                "solution_page": solution,
            }
        )
    options: JsonObject = dict(opts.to_json(game.options))
    return {
        "game": game.name,
        "options": options,
        "difficulty": book.difficulty,
        "pages": pages.pages,
        "deals": deals,
    }


def write_curated_book(game_name: str, path: Path, *, paper: str = "a4") -> tuple[Path, JsonObject]:
    """Write the book of ``game_name``'s curated collections (:data:`CURATED`: first
    steps, then expert) to ``path``, from their stored lines; the path and the manifest."""
    from printplay.core.outfile import check_writable
    from printplay.render.puzzle_book_pdf import draw_book

    path = check_writable(Path(path))
    game, chosen = curated_deals(game_name)
    book = build_book(game, chosen, CURATED_BOOK, paper=paper)
    pages = draw_book(book, path, paper=paper)
    return path, manifest(game, book, pages)


def make_book(request: BookRequest) -> tuple[Path, JsonObject]:
    """The registry's book maker for solitaires: a book as ``request`` asks, or the book
    of the curated collections; the path and the manifest."""
    from printplay.games import make_solitaire

    if request.curated:
        return write_curated_book(request.game, request.path, paper=request.paper)
    return write_book(
        make_solitaire(request.game, request.option_texts),
        request.path,
        count=request.count,
        difficulty=request.difficulty,
        start=request.start,
        jobs=request.jobs,
        paper=request.paper,
        progress=request.progress,
    )


def write_book(
    game: RegisteredSolitaire,
    path: Path,
    *,
    count: int,
    difficulty: str,
    start: int = 1,
    jobs: int = 1,
    paper: str = "a4",
    progress: Progress | None = None,
) -> tuple[Path, JsonObject]:
    """Choose, build and write a book to ``path``; the path and the manifest.  Nothing is
    written unless the book is complete (the output is checked first)."""
    from printplay.core.outfile import check_writable
    from printplay.render.document import paper_size
    from printplay.render.puzzle_book_pdf import draw_book

    check_difficulty(difficulty)
    check_count(count)
    paper_size(paper)
    if start < 1 or start > MAX_SEED:
        raise DealError(f"--start must be a deal number from 1 to {MAX_SEED}, not {start}")
    path = check_writable(Path(path))
    chosen = choose_deals(game, count, difficulty, start=start, jobs=jobs, progress=progress)
    book = build_book(game, chosen, difficulty, start=start, paper=paper)
    pages = draw_book(book, path, paper=paper)
    return path, manifest(game, book, pages)


__all__ = ["make_book", "manifest", "write_book", "write_curated_book"]
