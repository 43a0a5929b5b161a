"""No printed text is smaller than :data:`~printplay.render.styles.MIN_TEXT` (6 pt).

Every run of text of a representative set of printables is measured as printed: its font
size through the text matrix and every transformation of the page (pypdf's text visitor),
so a diagram drawn small is measured small.  The set: each solitaire's sheet on A4 and
Letter, Ricochet Poker's sheet, every rulebook (and two whose figure shrinks to end a
page), the mats, the book with the smallest cards (Ricochet's curated puzzles, whose
solutions draw its room in miniature), a kit's own pages, the tuck box (in one piece and in
two) and the scorepads with their most columns.  Nothing is exempt: a card's
corner index keeps to 6 pt however small the card is drawn (it takes more of a miniature
card instead), so no text is small by design.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import sheet_with_line, walkthrough_line
from pdf_geometry import TextRun, text_runs

from printplay.core.deal import numbered_deal
from printplay.games import make_solitaire
from printplay.makers.requests import make_printable
from printplay.models.printable import PrintRequest
from printplay.render.styles import MIN_TEXT

BY_DESIGN: dict[str, str] = {}
"""Text printed under :data:`MIN_TEXT` on purpose, by what it says, with the reason: none."""


def small_text(path: Path) -> list[TextRun]:
    """The runs of text of the PDF at ``path`` printed under :data:`MIN_TEXT` (to a
    hundredth of a point), but those :data:`BY_DESIGN`."""
    return [
        run
        for run in text_runs(path)
        if round(run.size, 2) < MIN_TEXT and run.text not in BY_DESIGN
    ]


def _sheet(game: str, paper: str) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        solitaire = make_solitaire(game)
        deal = numbered_deal(solitaire.deck(), 1)
        return sheet_with_line(solitaire, deal, folder / f"{game}-{paper}.pdf", paper=paper)

    return make


def _printable(
    kind: str, game: str, paper: str = "a4", options: tuple[str, ...] = ()
) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        request = PrintRequest(game, folder / f"{kind}.pdf", options, paper=paper)
        return make_printable(kind, request)

    return make


def _poker_sheet(folder: Path) -> Path:
    from printplay.games.poker.standard import StandardOptions
    from printplay.makers.poker_sheet_maker import write_poker_sheet

    return write_poker_sheet(StandardOptions(), 1, folder / "poker.pdf", paper="letter")


def _ricochet_book(folder: Path) -> Path:
    from printplay.makers.book_maker import write_curated_book

    return write_curated_book("ricochet", folder / "book.pdf")[0]


def _kit(folder: Path) -> Path:
    from printplay.makers.kit_maker import build_kit

    game = make_solitaire("tripeaks")
    line = walkthrough_line(game, numbered_deal(game.deck(), 1))
    kit = build_kit(
        "tripeaks", folder / "kit.pdf", deals=[1], deck=False, puzzles=False, results={1: line}
    )
    return kit.path


def _tuck_box(cards: int, paper: str) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        from printplay.makers.tuck_box_maker import make_tuck_box

        path = folder / f"box-{cards}-{paper}.pdf"
        return make_tuck_box(path, cards=cards, thickness=0.35, game="ricochet-poker", paper=paper)

    return make


def _scorepad(
    game: str, players: int, options: tuple[str, ...], paper: str
) -> Callable[[Path], Path]:
    def make(folder: Path) -> Path:
        from printplay.makers.scorepad_maker import make_scorepad
        from printplay.models.scorepad_model import ScorepadRequest

        request = ScorepadRequest(game, players, options, paper)
        return make_scorepad(folder / f"{game}-scorepad.pdf", request)[0]

    return make


PRINTABLES: dict[str, Callable[[Path], Path]] = {
    **{
        f"{game} sheet {paper}": _sheet(game, paper)
        for game in ("tripeaks", "pyramid", "ricochet")
        for paper in ("a4", "letter")
    },
    "ricochet-poker sheet letter": _poker_sheet,
    **{
        f"{game} rulebook": _printable("rulebook", game)
        for game in ("tripeaks", "pyramid", "ricochet", "ricochet-poker")
    },
    # Their figures must shrink to end page 1: drawn narrower, their words keep their size.
    "pyramid rulebook reserve": _printable("rulebook", "pyramid", options=("reserve",)),
    "ricochet rulebook ball-resets": _printable("rulebook", "ricochet", options=("ball-resets",)),
    **{f"{game} mat": _printable("mat", game) for game in ("tripeaks", "pyramid", "ricochet")},
    "pyramid mat letter": _printable("mat", "pyramid", "letter"),
    "ricochet book": _ricochet_book,
    "tripeaks kit": _kit,
    "tuck box letter": _tuck_box(54, "letter"),
    "tuck box in two pieces": _tuck_box(110, "a4"),
    "tripeaks scorepad, eight players": _scorepad("tripeaks", 8, ("card-penalty=1",), "a4"),
    "poker scorepad, eight at home": _scorepad("ricochet-poker", 8, ("home-cap",), "letter"),
}


@pytest.mark.parametrize("what", list(PRINTABLES))
def test_no_text_is_printed_under_six_points(tmp_path: Path, what: str) -> None:
    path = PRINTABLES[what](tmp_path)
    runs = text_runs(path)
    assert len(runs) > 20  # the check reads the text
    small = small_text(path)
    assert small == [], f"{what}: {len(small)} runs under {MIN_TEXT} pt, e.g. {small[:5]}"
