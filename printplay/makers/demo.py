"""``printplay demo``: write one of each printable of every registered game, a book of
each game (a solitaire's curated puzzles, Ricochet Poker's problems), the print-and-play
kit of one game, and the website (``site/`` inside the demo's folder)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from printplay.analysis.curated import SeedDeal, collections
from printplay.core.errors import OutputError
from printplay.games import REGISTRY
from printplay.makers.requests import MadeKey, made_key, make_printable
from printplay.models.printable import Line, PrintRequest

if TYPE_CHECKING:
    from printplay.makers.kit_maker import ResultKey

DEMO_DEAL = 1
"""The deal number the demo's sheets show when a game has no ``demo`` seed collection."""


FILE_NAMES = {"rulebook": "rules", "sheet": f"deal-{DEMO_DEAL}"}
"""How printables are named in file names (others by their name, spaces as dashes)."""


def demo_path(folder: Path, game: str, printable: str) -> Path:
    """Where the demo writes ``printable`` of ``game``: ``tripeaks-rules.pdf``,
    ``tripeaks-deal-1.pdf``, ``ricochet-poker-table-card.pdf`` …"""
    kind = FILE_NAMES.get(printable, printable.replace(" ", "-"))
    return folder / f"{game}-{kind}.pdf"


def kit_game() -> str | None:
    """The game whose kit the demo writes: the first registered solitaire (its kit has
    every part: rulebook, mat, sheets, deck and quick-reference cards)."""
    return next((game.name for game in REGISTRY.values() if game.is_solitaire), None)


def demo_deals(game: str) -> list[SeedDeal]:
    """The deals the demo prints of ``game``: its ``demo`` collection, else
    :data:`DEMO_DEAL`."""
    demo = [c for c in collections(game) if c.name == "demo"]
    return list(demo[0].deals) if demo else [SeedDeal(game, (), seed=DEMO_DEAL)]


SITE_FOLDER = "site"
"""Where in the demo's folder the website goes."""


def write_books(folder: Path, paper: str) -> list[Path]:
    """The book of every game that has one, as its maker's curated request makes it (a
    solitaire's curated puzzles from their stored lines; Ricochet Poker's problems):
    ``tripeaks-book.pdf`` …"""
    from typing import cast

    from printplay.core.jsontypes import JsonObject
    from printplay.games import load
    from printplay.models.book_model import BookRequest

    paths = []
    for game in REGISTRY.values():
        if game.book is None:
            continue
        maker = cast("Callable[[BookRequest], tuple[Path, JsonObject]]", load(game.book))
        request = BookRequest(
            game.name, folder / f"{game.name}-book.pdf", paper=paper, curated=True
        )
        paths.append(maker(request)[0])
    return paths


def run_demo(folder: Path, *, paper: str = "a4") -> list[Path]:
    """Write every printable of every game into ``folder`` (sheets show the game's demo
    deal, else deal :data:`DEMO_DEAL`), then every game's book, then the kit of
    :func:`kit_game` with its demo deals, then the website into :data:`SITE_FOLDER`; return
    the paths, game by game, the books, the kit, then the site's index page."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(f"cannot create {folder}: {error.strerror or error}") from None
    paths = []
    kit_name = kit_game()
    lines: dict[ResultKey, Line] = {}  # the kit's deals, solved once for its sheets and the kit
    made: dict[MadeKey, Path] = {}  # what the site would make again
    for game in REGISTRY.values():
        deal = demo_deals(game.name)[0]
        if game.name == kit_name and deal.seed is not None:
            lines[deal.seed] = _line(deal)
        for printable in game.printables:
            dealt = printable == "sheet"  # only a sheet prints the deal
            request = PrintRequest(
                game.name,
                demo_path(folder, game.name, printable),
                deal.options,
                seed=deal.seed if dealt else None,
                deal_codes=deal.cards if dealt else None,
                paper=paper,
                result=(
                    lines.get(deal.seed)
                    if dealt and game.name == kit_name and deal.seed is not None
                    else None
                ),
            )
            paths.append(make_printable(printable, request))
            if not dealt:
                made[made_key(printable, request)] = paths[-1]
    paths += write_books(folder, paper)
    if kit_name is not None:
        from printplay.makers.kit_maker import build_kit

        seeds = [deal.seed for deal in demo_deals(kit_name) if deal.seed is not None]
        path = folder / f"{kit_name}-kit.pdf"
        paths.append(build_kit(kit_name, path, paper=paper, deals=seeds, results=lines).path)
    paths.append(_site(folder / SITE_FOLDER, paper, kit_name, lines, made))
    return paths


def _site(
    folder: Path,
    paper: str,
    kit_name: str | None,
    lines: dict[ResultKey, Line],
    made: dict[MadeKey, Path],
) -> Path:
    """The website, its featured deals that the demo solved already not solved again and
    the PDFs the demo made already (``made``) copied, not made again."""
    from printplay.builders.site import featured_deals
    from printplay.makers.site_maker import DEFAULT_DEALS, build_site

    known: dict[SeedDeal, Line] = {}
    if kit_name is not None:
        for deal in featured_deals(kit_name, DEFAULT_DEALS):
            if not deal.options and deal.seed in lines:
                known[deal] = lines[deal.seed]
    build_site(folder, paper=paper, results=known, made=made)
    return folder / "index.html"


def _line(deal: SeedDeal) -> Line:
    """The walkthrough's line of a solitaire's deal (searched once, printed twice)."""
    from printplay.builders.walkthrough import choose_line
    from printplay.games import make_solitaire

    game = make_solitaire(deal.game, deal.options)
    return choose_line(game, game.initial_state(deal.deal()))
