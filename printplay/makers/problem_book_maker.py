"""Ricochet Poker's problem-book maker: the book's model built, the PDF drawn, and the
manifest ``book ricochet-poker --json`` prints."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from printplay.builders.poker_problems import build_problem_book
from printplay.core import options as opts
from printplay.core.errors import OptionError
from printplay.core.jsontypes import JsonObject, JsonValue
from printplay.games.poker.standard import (
    standard_options,
)
from printplay.models.book_model import BookPages, BookRequest
from printplay.models.poker_model import ProblemBook


def problem_manifest(
    book: ProblemBook, pages: BookPages, option_texts: Sequence[str]
) -> JsonObject:
    """What ``book ricochet-poker --json`` prints: every problem's kind, round, answer,
    choices and pages."""
    options = standard_options(option_texts)
    problems: list[JsonValue] = []
    for problem, page, answer in zip(
        book.problems, pages.puzzle_pages, pages.solution_pages, strict=True
    ):
        choices: list[JsonValue] = [
            {"action": c.action, "worth": c.worth, "best": c.best} for c in problem.choices
        ]
        problems.append(
            {
                "problem": problem.number,
                "kind": problem.kind,
                "replay": problem.replay,
                "answer": problem.answer,
                "margin": problem.margin,
                "choices": choices,
                "problem_page": page,
                "answer_page": answer,
            }
        )
    return {
        "game": "ricochet-poker",
        "options": dict(opts.to_json(options)),
        "pages": pages.pages,
        "problems": problems,
    }


DEMO_PROBLEMS = 6
"""How many problems the curated problem book (the demo's) holds."""


def make_book(request: BookRequest) -> tuple[Path, JsonObject]:
    """The registry's book maker for Ricochet Poker: the problem book (``curated``: the
    demo's, :data:`DEMO_PROBLEMS` problems from round 1)."""
    if request.curated:
        return write_problem_book(
            request.path,
            count=DEMO_PROBLEMS,
            paper=request.paper,
            imposition=request.imposition,
            rules_dir=request.rules_dir,
        )
    return write_problem_book(
        request.path,
        count=request.count,
        difficulty=request.difficulty,
        option_texts=request.option_texts,
        start=request.start,
        paper=request.paper,
        imposition=request.imposition,
        rules_dir=request.rules_dir,
    )


def write_problem_book(
    path: Path,
    *,
    count: int,
    difficulty: str = "mixed",
    option_texts: Sequence[str] = (),
    start: int = 1,
    paper: str = "a4",
    imposition: str = "pages",
    rules_dir: Path | None = None,
) -> tuple[Path, JsonObject]:
    """Build and write the problem book to ``path``, imposed as ``imposition`` asks
    (``rules_dir``: house sources, its ``book.j2`` read first, drawn under the house
    deadline); the path and the manifest.  A problem book has no levels: ``difficulty``
    must be ``mixed``."""
    from printplay.core.outfile import check_writable
    from printplay.core.templating import render_deadline
    from printplay.makers.book_maker import imposed, with_imposition
    from printplay.makers.printable_words import house_path, printable_words
    from printplay.render.poker_problems_pdf import draw_problem_book

    if difficulty != "mixed":
        raise OptionError(
            f"a Ricochet Poker problem book has no levels (every problem is a close call): "
            f"leave out --difficulty, not {opts.shown(difficulty)}"
        )
    finish = imposed(imposition, paper)
    path = check_writable(Path(path))
    model = build_problem_book(option_texts, count=count, start=start, paper=paper)
    search = house_path(rules_dir)
    with render_deadline(search, "the problem book"):
        words = printable_words("book.j2", search)
        pages = draw_problem_book(model, path, words=words, paper=paper, finish=finish)
    data = problem_manifest(model, pages, option_texts)
    return path, with_imposition(data, imposition, pages.pages, paper)


__all__ = ["DEMO_PROBLEMS", "make_book", "problem_manifest", "write_problem_book"]
