"""``printplay demo``: write one of each printable of every registered game, a book of
each game (a solitaire's curated puzzles, Ricochet Poker's problems), the print-and-play
kit of one game, and the website (``site/`` inside the demo's folder)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from printplay.analysis.curated import SeedDeal, collections
from printplay.core.errors import OutputError
from printplay.games import REGISTRY, GameEntry
from printplay.makers.requests import MadeKey, made_key, make_printable
from printplay.models.printable import Line, PrintRequest

if TYPE_CHECKING:
    from printplay.makers.kit_maker import ResultKey
    from printplay.models.book_model import BookRequest

DEMO_DEAL = 1
"""The deal number the demo's sheets show when a game has no ``demo`` seed collection."""


FILE_NAMES = {"rulebook": "rules", "sheet": f"deal-{DEMO_DEAL}"}
"""How printables are named in file names (others by their name, spaces as dashes)."""


def demo_path(folder: Path, game: str, printable: str) -> Path:
    """Where the demo writes ``printable`` of ``game``: ``tripeaks-rules.pdf``,
    ``tripeaks-deal-1.pdf``, ``ricochet-poker-table-card.pdf`` …"""
    kind = FILE_NAMES.get(printable, printable.replace(" ", "-"))
    return folder / f"{game}-{kind}.pdf"


def kit_game(games: Sequence[str] | None = None) -> str | None:
    """The game whose kit the demo writes: the first registered solitaire (of ``games``, if
    given; its kit has every part: rulebook, mat, sheets, deck and quick-reference
    cards)."""
    names = list(REGISTRY) if games is None else games
    return next((name for name in names if REGISTRY[name].is_solitaire), None)


def demo_deals(game: str) -> list[SeedDeal]:
    """The deals the demo prints of ``game``: its ``demo`` collection, else
    :data:`DEMO_DEAL`."""
    demo = [c for c in collections(game) if c.name == "demo"]
    return list(demo[0].deals) if demo else [SeedDeal(game, (), seed=DEMO_DEAL)]


SITE_FOLDER = "site"
"""Where in the demo's folder the website goes."""


DEMO_BOOK = 4
"""The puzzles of the book the demo grades for a solitaire with no graded collections (a
new game, before ``benchmarks/curate_seeds.py`` has written them): one of each level."""


def book_request(game: GameEntry, folder: Path, paper: str) -> BookRequest:
    """What the demo asks ``game``'s book maker for: the curated book (a solitaire's graded
    collections, printed from their stored lines; another game's own, Ricochet Poker's
    problems), or for a solitaire without graded collections a book of :data:`DEMO_BOOK`
    deals graded now, one of each level."""
    from printplay.builders.kit import has_curated_book
    from printplay.models.book_model import BookRequest

    path = folder / f"{game.name}-book.pdf"
    if game.is_solitaire and not has_curated_book(game.name):
        return BookRequest(game.name, path, count=DEMO_BOOK, difficulty="mixed", paper=paper)
    return BookRequest(game.name, path, paper=paper, curated=True)


def write_books(folder: Path, paper: str, games: Sequence[str] | None = None) -> list[Path]:
    """The book of every game that has one (or of ``games``), as :func:`book_request` asks
    its maker: ``tripeaks-book.pdf`` …"""
    from printplay.makers.requests import book_maker

    paths = []
    for game in REGISTRY.values():
        if game.book is None or (games is not None and game.name not in games):
            continue
        maker = book_maker(game.name)
        paths.append(maker(book_request(game, folder, paper))[0])
    return paths


def run_demo(
    folder: Path,
    *,
    paper: str = "a4",
    games: Sequence[str] | None = None,
    rules_dir: Path | None = None,
) -> list[Path]:
    """Write every printable of every game (or of ``games``) into ``folder`` (sheets show
    the game's demo deal, else deal :data:`DEMO_DEAL`), then every game's book, then the
    kit of :func:`kit_game` with its demo deals, then the website into
    :data:`SITE_FOLDER`; return the paths, game by game, the books, the kit, then the
    site's index page.  ``rules_dir`` is a folder of house sources read first (a game
    whose rulebook source is not bundled brings it so)."""
    from printplay.games import entry

    names = list(REGISTRY) if games is None else [entry(name).name for name in games]
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(f"cannot create {folder}: {error.strerror or error}") from None
    paths = []
    kit_name = kit_game(names)
    lines: dict[ResultKey, Line] = {}  # the kit's deals, solved once for its sheets and the kit
    made: dict[MadeKey, Path] = {}  # what the site would make again
    for game in (REGISTRY[name] for name in names):
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
                rules_dir=rules_dir,
                result=(
                    lines.get(deal.seed)
                    if dealt and game.name == kit_name and deal.seed is not None
                    else None
                ),
            )
            paths.append(make_printable(printable, request))
            if not dealt:
                made[made_key(printable, request)] = paths[-1]
    paths += write_books(folder, paper, names)
    if kit_name is not None:
        from printplay.makers.kit_maker import build_kit

        seeds = [deal.seed for deal in demo_deals(kit_name) if deal.seed is not None]
        path = folder / f"{kit_name}-kit.pdf"
        kit = build_kit(
            kit_name, path, paper=paper, deals=seeds, results=lines, rules_dir=rules_dir
        )
        paths.append(kit.path)
    site = Site(paper, kit_name, None if games is None else names, rules_dir)
    paths.append(_site(folder / SITE_FOLDER, site, lines, made))
    return paths


@dataclass(frozen=True)
class Site:
    """What the demo's website is built with: the paper, the game whose kit the demo made,
    the games it shows (``None``: all) and the house folder its sources are read from."""

    paper: str
    kit_name: str | None
    games: Sequence[str] | None = None
    rules_dir: Path | None = None


def _site(
    folder: Path,
    site: Site,
    lines: dict[ResultKey, Line],
    made: dict[MadeKey, Path],
) -> Path:
    """The website, its featured deals that the demo solved already not solved again and
    the PDFs the demo made already (``made``) copied, not made again."""
    from printplay.builders.site import featured_deals
    from printplay.makers.site_maker import DEFAULT_DEALS, build_site

    known: dict[SeedDeal, Line] = {}
    if site.kit_name is not None:
        for deal in featured_deals(site.kit_name, DEFAULT_DEALS):
            if not deal.options and deal.seed in lines:
                known[deal] = lines[deal.seed]
    build_site(
        folder,
        paper=site.paper,
        results=known,
        made=made,
        games=site.games,
        rules_dir=site.rules_dir,
    )
    return folder / "index.html"


def _line(deal: SeedDeal) -> Line:
    """The walkthrough's line of a solitaire's deal (searched once, printed twice)."""
    from printplay.builders.walkthrough import choose_line
    from printplay.games import make_solitaire

    game = make_solitaire(deal.game, deal.options)
    return choose_line(game, game.initial_state(deal.deal()))
