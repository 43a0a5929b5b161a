"""No printed text is smaller than :data:`~printplay.render.styles.MIN_TEXT` (6 pt).

Every run of text of a representative set of printables is measured as printed: its font
size through the text matrix and every transformation of the page (read with pdfium),
so a diagram drawn small is measured small.  The set: each solitaire's sheet on A4 and
Letter, Ricochet Poker's sheet, every rulebook (and two whose figure shrinks to end a
page), the mats, the book with the smallest cards (Ricochet's curated puzzles, whose
solutions draw its room in miniature), a whole kit, the tuck box (in one piece and in two)
and the scorepads with their most columns.  Nothing is exempt: a card's
corner index keeps to 6 pt however small the card is drawn (it takes more of a miniature
card instead), so no text is small by design.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from conftest import Printed, built_once, mostly_slow
from pdf_geometry import TextRun, text_runs

from printplay.render.styles import MIN_TEXT

if TYPE_CHECKING:
    from printplay.makers.kit_maker import Kit

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


def _poker_sheet(folder: Path) -> Path:
    from printplay.games.poker.standard import StandardOptions
    from printplay.makers.poker_sheet_maker import write_poker_sheet

    return write_poker_sheet(StandardOptions(), 1, folder / "poker.pdf", paper="letter")


Make = Callable[[pytest.FixtureRequest], Path]
"""Where a case's PDF comes from, given the test's request for fixtures."""


def _printed(request: pytest.FixtureRequest) -> Printed:
    printed: Printed = request.getfixturevalue("printed")
    return printed


def _sheet(game: str, paper: str) -> Make:
    return lambda request: _printed(request).sheet(game, 1, paper=paper)


def _printable(kind: str, game: str, paper: str = "a4", options: tuple[str, ...] = ()) -> Make:
    return lambda request: _printed(request).printable(kind, game, options, paper=paper)


def _poker(request: pytest.FixtureRequest) -> Path:
    return built_once(request.getfixturevalue("tmp_path_factory"), "poker-sheet-1", _poker_sheet)


def _kit(request: pytest.FixtureRequest) -> Path:
    """The whole kit of :func:`conftest.tripeaks_kit`: its own pages and every part's."""
    kit: Kit = request.getfixturevalue("tripeaks_kit")
    return kit.path


def _in_tmp_path(make: Callable[[Path], Path]) -> Make:
    return lambda request: make(request.getfixturevalue("tmp_path"))


def _tuck_box(cards: int, paper: str) -> Make:
    def make(folder: Path) -> Path:
        from printplay.makers.tuck_box_maker import make_tuck_box

        path = folder / f"box-{cards}-{paper}.pdf"
        return make_tuck_box(path, cards=cards, thickness=0.35, game="ricochet-poker", paper=paper)

    return _in_tmp_path(make)


def _scorepad(game: str, players: int, options: tuple[str, ...], paper: str) -> Make:
    def make(folder: Path) -> Path:
        from printplay.makers.scorepad_maker import make_scorepad
        from printplay.models.scorepad_model import ScorepadRequest

        request = ScorepadRequest(game, players, options, paper)
        return make_scorepad(folder / f"{game}-scorepad.pdf", request)[0]

    return _in_tmp_path(make)


PRINTABLES: dict[str, Make] = {
    **{
        f"{game} sheet {paper}": _sheet(game, paper)
        for game in ("tripeaks", "pyramid", "ricochet")
        for paper in ("a4", "letter")
    },
    "ricochet-poker sheet letter": _poker,
    **{
        f"{game} rulebook": _printable("rulebook", game)
        for game in ("tripeaks", "pyramid", "ricochet", "ricochet-poker")
    },
    # Their figures must shrink to end page 1: drawn narrower, their words keep their size.
    "pyramid rulebook reserve": _printable("rulebook", "pyramid", options=("reserve",)),
    "ricochet rulebook ball-resets": _printable("rulebook", "ricochet", options=("ball-resets",)),
    **{f"{game} mat": _printable("mat", game) for game in ("tripeaks", "pyramid", "ricochet")},
    "pyramid mat letter": _printable("mat", "pyramid", "letter"),
    "ricochet book": lambda request: _printed(request).curated_book("ricochet"),
    "tripeaks kit": _kit,
    "tuck box letter": _tuck_box(54, "letter"),
    "tuck box in two pieces": _tuck_box(110, "a4"),
    "tripeaks scorepad, eight players": _scorepad("tripeaks", 8, ("card-penalty=1",), "a4"),
    "poker scorepad, eight at home": _scorepad("ricochet-poker", 8, ("home-cap",), "letter"),
}

FAST = {"tripeaks sheet a4", "ricochet rulebook ball-resets", "pyramid mat letter"}
"""The cases the developer's loop keeps (``-m "not slow"``): a sheet, a rulebook whose
figure shrinks, a mat's page map; the others typeset more and run in the full suite."""


@pytest.mark.parametrize("what", mostly_slow(PRINTABLES, fast=FAST))
def test_no_text_is_printed_under_six_points(request: pytest.FixtureRequest, what: str) -> None:
    path = PRINTABLES[what](request)
    runs = text_runs(path)
    assert len(runs) > 20  # the check reads the text
    small = small_text(path)
    assert small == [], f"{what}: {len(small)} runs under {MIN_TEXT} pt, e.g. {small[:5]}"
