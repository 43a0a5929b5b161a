"""``printplay demo``: write one of everything to a folder and return the paths."""

from __future__ import annotations

from pathlib import Path

from printplay.deal import numbered_deal
from printplay.errors import OutputError
from printplay.games import make_game
from printplay.games.poker.standard import StandardOptions
from printplay.render.books import build_game_rulebook
from printplay.render.poker_book import build_poker_sheet, build_table_card
from printplay.render.sheet import build_sheet

DEMO_DEAL = 1
"""The deal number the demo's sheets show."""


def run_demo(folder: Path, *, paper: str = "a4") -> list[Path]:
    """Write the rulebooks, a TriPeaks setup sheet with walkthrough, a Ricochet Poker deal
    sheet and the casino table card into ``folder``."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(f"cannot create {folder}: {error.strerror or error}") from None
    tripeaks = make_game("tripeaks")
    deal = numbered_deal(tripeaks.deck(), DEMO_DEAL)
    poker = make_game("ricochet-poker")
    return [
        build_game_rulebook(tripeaks, folder / "tripeaks-rules.pdf", paper=paper),
        build_sheet(tripeaks, deal, folder / f"tripeaks-deal-{DEMO_DEAL}.pdf", paper=paper),
        build_game_rulebook(poker, folder / "ricochet-poker-rules.pdf", paper=paper),
        build_poker_sheet(
            StandardOptions(),
            DEMO_DEAL,
            folder / f"ricochet-poker-deal-{DEMO_DEAL}.pdf",
            paper=paper,
        ),
        build_table_card(folder / "ricochet-poker-table-card.pdf", paper=paper),
    ]
