"""The puzzle-book makers of solitaires: deals chosen (or the curated ones), the book's model
built, the PDF drawn, and the manifest ``book --json`` prints."""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from pathlib import Path

from printplay.builders.imposition import check_imposition, imposition_manifest, imposition_plan
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

Finish = Callable[[bytes], bytes]
"""What turns a laid-out book's PDF into the PDF written (an imposition)."""


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


def imposed(imposition: str, paper: str) -> Finish | None:
    """What turns a book laid out on ``paper`` into its ``imposition`` (``None`` for
    ``pages``: the book as laid out); an error now for an unknown imposition or paper."""
    from printplay.render.document import paper_size
    from printplay.render.imposed_pdf import impose_pdf

    kind = check_imposition(imposition)
    size = paper_size(paper)
    if kind == "pages":
        return None

    def finish(pdf: bytes) -> bytes:
        plan = imposition_plan(kind, _page_count(pdf), size, size)
        assert plan is not None
        return impose_pdf(pdf, plan)

    return finish


def _page_count(pdf: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


def with_imposition(manifest: JsonObject, imposition: str, pages: int, paper: str) -> JsonObject:
    """``manifest`` with an ``imposition`` entry saying how its ``pages`` were imposed
    (none for ``pages``: the manifest as it was)."""
    from printplay.render.document import paper_size

    size = paper_size(paper)
    plan = imposition_plan(imposition, pages, size, size)
    if plan is None:
        return manifest
    return {**manifest, "imposition": imposition_manifest(plan, pages)}


def _drawn(
    book: PuzzleBook,
    path: Path,
    *,
    paper: str,
    finish: Finish | None,
    sketched: Mapping[str, int] | None = None,
    rules_dir: Path | None = None,
) -> BookPages:
    """``book`` drawn to ``path`` in the words of ``book.j2`` (a house edition first, from
    ``rules_dir``, and then under the house deadline)."""
    from printplay.core.templating import render_deadline
    from printplay.makers.printable_words import house_path, printable_words
    from printplay.render.puzzle_book_pdf import draw_book

    search = house_path(rules_dir)
    with render_deadline(search, "the puzzle book"):
        words = printable_words("book.j2", search)
        return draw_book(book, path, words=words, paper=paper, finish=finish, sketched=sketched)


def write_curated_book(
    game_name: str,
    path: Path,
    *,
    paper: str = "a4",
    imposition: str = "pages",
    rules_dir: Path | None = None,
) -> tuple[Path, JsonObject]:
    """Write the book of ``game_name``'s curated collections (:data:`CURATED`: first
    steps, then expert) to ``path``, from their stored lines, imposed as ``imposition``
    asks (``rules_dir``: house sources, its ``book.j2`` read first); the path and the
    manifest."""
    written, made, _ = curated_book(
        game_name, path, paper=paper, imposition=imposition, rules_dir=rules_dir
    )
    return written, made


def curated_book(
    game_name: str,
    path: Path,
    *,
    paper: str = "a4",
    imposition: str = "pages",
    sketched: Mapping[str, int] | None = None,
    rules_dir: Path | None = None,
) -> tuple[Path, JsonObject, BookPages]:
    """:func:`write_curated_book`, and where its pages landed; ``sketched`` is where the
    first layout pass of the same book found its marks, from an earlier printing of it
    (:attr:`~printplay.models.book_model.BookPages.sketched`): not laid out again (the
    kits print the book the demo printed, numbered on).  With house sources
    (``rules_dir``) the book is laid out in full: its words may differ from the earlier
    printing's."""
    from printplay.core.outfile import check_writable

    finish = imposed(imposition, paper)
    path = check_writable(Path(path))
    game, chosen = curated_deals(game_name)
    book = build_book(game, chosen, CURATED_BOOK, paper=paper)
    marks = sketched if rules_dir is None else None
    pages = _drawn(book, path, paper=paper, finish=finish, sketched=marks, rules_dir=rules_dir)
    made = with_imposition(manifest(game, book, pages), imposition, pages.pages, paper)
    return path, made, pages


def make_book(request: BookRequest) -> tuple[Path, JsonObject]:
    """The registry's book maker for solitaires: a book as ``request`` asks, or the book
    of the curated collections; the path and the manifest."""
    from printplay.games import make_solitaire

    if request.curated:
        return write_curated_book(
            request.game,
            request.path,
            paper=request.paper,
            imposition=request.imposition,
            rules_dir=request.rules_dir,
        )
    return write_book(
        make_solitaire(request.game, request.option_texts),
        request.path,
        count=request.count,
        difficulty=request.difficulty,
        start=request.start,
        jobs=request.jobs,
        paper=request.paper,
        progress=request.progress,
        imposition=request.imposition,
        rules_dir=request.rules_dir,
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
    imposition: str = "pages",
    rules_dir: Path | None = None,
) -> tuple[Path, JsonObject]:
    """Choose, build and write a book to ``path``, imposed as ``imposition`` asks
    (``rules_dir``: house sources, its ``book.j2`` read first); the path and the manifest.
    Nothing is written unless the book is complete (the output is checked first)."""
    from printplay.core.outfile import check_writable

    check_difficulty(difficulty)
    check_count(count)
    finish = imposed(imposition, paper)
    if start < 1 or start > MAX_SEED:
        raise DealError(f"--start must be a deal number from 1 to {MAX_SEED}, not {start}")
    path = check_writable(Path(path))
    chosen = choose_deals(game, count, difficulty, start=start, jobs=jobs, progress=progress)
    book = build_book(game, chosen, difficulty, start=start, paper=paper)
    pages = _drawn(book, path, paper=paper, finish=finish, rules_dir=rules_dir)
    return path, with_imposition(manifest(game, book, pages), imposition, pages.pages, paper)


__all__ = [
    "curated_book",
    "imposed",
    "make_book",
    "manifest",
    "with_imposition",
    "write_book",
    "write_curated_book",
]
