"""Ricochet Poker's problem book as PDF: cover, how to use and the quick reference,
contents, the problems (each kept whole on a page, as many a page as fit), the answers at
the back.

Laid out twice like a puzzle book (:mod:`printplay.render.puzzle_book_pdf`): the first pass
finds the pages, the second prints them.  A problem page shows the table, the facts and
the question, and never its answer.
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Spacer, Table

from printplay import __version__
from printplay.models.book_model import BookPages
from printplay.models.poker_model import Problem, ProblemBook
from printplay.render.card_sizes import DEFAULT_CARD
from printplay.render.document import PageSetup, Paragraph
from printplay.render.pdf_outline import outline_entry
from printplay.render.poker_sheet_pdf import table_diagram
from printplay.render.puzzle_book_pdf import (
    Finish,
    QuickCards,
    TwoPassBook,
    contents_block,
    lay_out_settled,
    quick_reference,
    table_style,
)
from printplay.render.quickref_pdf import quick_card
from printplay.render.styles import TableRow, suit_markup
from printplay.render.words_markup import Words


class ProblemPages(TwoPassBook[ProblemBook]):
    """What every part of a problem book shares."""


def _front(book: ProblemPages) -> list[Flowable]:
    model = book.model
    count = len(model.problems)
    standard = sum(p.kind == "standard" for p in model.problems)
    story: list[Flowable] = [
        outline_entry(book.words("problems_title"), 0),
        Spacer(1, 30 * mm),
        book.para("problems_title", "title"),
        book.para("problems_subtitle", "subtitle", count=count),
        book.para(
            "problems_cover",
            rules=model.rules,
            standard=standard,
            casino=count - standard,
            rounds=model.rounds,
        ),
        Spacer(1, 14 * mm),
        book.para("cover_made", "small", command=escape(model.command), version=__version__),
        PageBreak(),
        outline_entry(book.words("how_heading"), 1),
        book.para("how_heading", "h1"),
        book.para(
            "problems_how",
            close_standard=model.close["standard"],
            close_casino=model.close["casino"],
        ),
        book.para("problems_standard_how"),
        book.para("problems_casino_how"),
    ]
    if model.quick is not None:
        text = model.quick
        cards = book.made("quick", lambda: QuickCards(quick_card(text, DEFAULT_CARD)))
        story += quick_reference(book.para, model.title, cards)
    return story


def _contents(book: ProblemPages) -> list[Flowable]:
    styles = book.styles
    heads = book.words.columns("problems_contents_columns")
    rows: list[TableRow] = [[Paragraph(head, styles.table_header) for head in heads]]
    for problem in book.model.problems:
        rows.append(
            [
                Paragraph(str(problem.number), styles.cell),
                Paragraph(problem.title, styles.cell),
                Paragraph(book.page(f"problem-{problem.number}"), styles.cell),
                Paragraph(book.page(f"answer-{problem.number}"), styles.cell),
            ]
        )
    width = book.setup.frame_width * 0.7
    fractions = (0.18, 0.46, 0.18, 0.18)
    table = Table(rows, colWidths=[width * f for f in fractions], repeatRows=1, hAlign="LEFT")
    table.setStyle(table_style(header=True))
    heading = book.para("problems_contents_heading", "h1")
    return contents_block(book.words("problems_contents_heading"), heading, table)


PROBLEM_GAP = 12 * mm
"""Space between two problems on a page."""


def _problem(book: ProblemPages, problem: Problem) -> list[Flowable]:
    """A problem, kept whole on a page: the table, the facts and the question, never the
    answer."""
    styles = book.styles
    width = book.setup.frame_width
    story: list[Flowable] = [
        outline_entry(book.words("problem_outline", number=problem.number, game=problem.title), 2),
        book.mark(f"problem-{problem.number}"),
        book.para("problem_title", "h1", number=problem.number, game=problem.title),
        Paragraph(escape(problem.rules[:1].upper() + problem.rules[1:]), styles.small),
        Spacer(1, 4 * mm),
        book.drawing(table_diagram(problem.table, width)),
        Spacer(1, 4 * mm),
    ]
    story += [Paragraph(suit_markup(fact), styles.body) for fact in problem.facts]
    story.append(Spacer(1, 3 * mm))
    story.append(Paragraph(f"<b>{suit_markup(problem.question)}</b>", styles.h2))
    story.append(Spacer(1, 6 * mm))
    story.append(
        Paragraph(
            book.words(
                "problem_foot",
                command=escape(problem.replay),
                page=book.page(f"answer-{problem.number}"),
            ),
            styles.small,
        )
    )
    return [KeepTogether(story), Spacer(1, PROBLEM_GAP)]


def _answer(book: ProblemPages, problem: Problem) -> list[Flowable]:
    styles = book.styles
    heads = book.words.columns("answer_columns")
    rows: list[TableRow] = [[Paragraph(head, styles.table_header) for head in heads]]
    for choice in problem.choices:
        bold = "<b>" if choice.best else ""
        end = "</b>" if choice.best else ""
        rows.append(
            [
                Paragraph(f"{bold}{choice.action}{end}", styles.cell),
                Paragraph(f"{bold}{choice.worth}{end}", styles.cell),
                Paragraph(suit_markup(choice.detail), styles.cell),
            ]
        )
    width = book.setup.frame_width
    table = Table(rows, colWidths=[width * 0.14, width * 0.16, width * 0.7], hAlign="LEFT")
    table.setStyle(table_style(header=True))
    head: list[Flowable] = [
        outline_entry(book.words("problem_outline", number=problem.number, game=problem.title), 2),
        book.mark(f"answer-{problem.number}"),
        book.para("answer_title", "lead", number=problem.number, game=problem.title),
        book.para(
            "answer_line",
            answer=problem.answer,
            margin=problem.margin,
            page=book.page(f"problem-{problem.number}"),
        ),
        table,
        Spacer(1, 2 * mm),
    ]
    head += [Paragraph(suit_markup(text), styles.small) for text in problem.reasoning]
    return [KeepTogether(head), Spacer(1, 5 * mm)]


def _story(book: ProblemPages) -> list[Flowable]:
    story = _front(book) + _contents(book)
    story += [PageBreak(), outline_entry(book.words("problems_outline"), 1)]
    for problem in book.model.problems:
        story += _problem(book, problem)
    count = len(book.model.problems)
    story += [
        PageBreak(),
        outline_entry(book.words("answers_heading"), 1),
        Spacer(1, 60 * mm),
        book.para("answers_heading", "title"),
        book.para("answers_warning", "subtitle", count=count),
        PageBreak(),
        book.mark("answers"),
        book.para("answers_heading", "h1"),
    ]
    for problem in book.model.problems:
        story += _answer(book, problem)
    return story


def draw_problem_book(
    model: ProblemBook,
    path: Path,
    *,
    words: Words,
    paper: str = "a4",
    finish: Finish | None = None,
) -> BookPages:
    """Write the problem book ``model`` to ``path``; where its problems and answers landed
    (``words``: the macros of ``book.j2``, or of a house edition of it; ``finish``: what
    turns the laid-out PDF into the one written, an imposition)."""
    setup = PageSetup(
        paper=paper,
        title=words("problems_title"),
        footer=words("problems_footer"),
        subject=f"{words('problems_title')}: {len(model.problems)} close decisions",
        keywords=(model.title, "problems"),
    )
    drawings: dict[str, Flowable] = {}

    def one_pass(found: dict[str, int] | None) -> tuple[list[Flowable], dict[str, int]]:
        book = ProblemPages(model, setup, words, found, drawings)
        return _story(book), book.marks

    marks, pages, _ = lay_out_settled(path, setup, one_pass, finish)
    numbers = [p.number for p in model.problems]
    return BookPages(
        puzzle_pages=tuple(marks[f"problem-{n}"] for n in numbers),
        solution_pages=tuple(marks[f"answer-{n}"] for n in numbers),
        pages=pages,
    )


__all__ = ["draw_problem_book"]
