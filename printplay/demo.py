"""``printplay demo``: write one of everything to a folder and return the paths."""

from __future__ import annotations

from pathlib import Path

from printplay.deal import numbered_deal
from printplay.errors import OutputError
from printplay.games import make_game
from printplay.render.books import build_game_rulebook
from printplay.render.sheet import build_sheet

DEMO_DEAL = 1
"""The deal number the demo's setup sheet shows."""


def run_demo(folder: Path, *, paper: str = "a4") -> list[Path]:
    """Write the TriPeaks rulebook and a setup sheet with walkthrough into ``folder``."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(f"cannot create {folder}: {error.strerror or error}") from None
    tripeaks = make_game("tripeaks")
    paths = [build_game_rulebook(tripeaks, folder / "tripeaks-rules.pdf", paper=paper)]
    deal = numbered_deal(tripeaks.deck(), DEMO_DEAL)
    paths.append(
        build_sheet(tripeaks, deal, folder / f"tripeaks-deal-{DEMO_DEAL}.pdf", paper=paper)
    )
    return paths
