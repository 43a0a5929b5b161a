"""``printplay demo``: write one of each printable of every registered game, a book of
each game (a solitaire's curated puzzles, Ricochet Poker's problems), the print-and-play
kit of one game, and the website (``site/`` inside the demo's folder).

Everything it makes is independent of the rest but for what it reuses, so it is made as
jobs on a pool of processes (:mod:`printplay.makers.jobs`; the command line asks for one a
processor), the demo's and the website's in one run: first the printables and the books,
the kit as soon as its parts are made (it takes their pages, not typesetting them again);
beside them the website's jobs, those that copy a PDF of the demo's (and put it in its
kits) as soon as it is made.  The sheets print the lines stored in ``seeds/``, checked,
instead of searching."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from printplay.analysis.curated import SeedDeal, collections
from printplay.core.errors import OutputError
from printplay.core.parallel import worker_pool
from printplay.games import REGISTRY, GameEntry
from printplay.makers.jobs import Job, Progress, run_plans
from printplay.makers.requests import MadeKey, made_key, make_printable
from printplay.models.printable import Line, PrintRequest

if TYPE_CHECKING:
    from printplay.makers.kit_maker import ResultKey
    from printplay.makers.site_maker import SitePlan
    from printplay.models.book_model import BookRequest

DEMO_DEAL = 1
"""The deal number the demo's sheets show when a game has no ``demo`` seed collection."""


FILE_NAMES = {"rulebook": "rules"}
"""How printables are named in file names (a sheet by its deal, others by their name,
spaces as dashes)."""


def demo_path(folder: Path, game: str, printable: str, seed: int | None = None) -> Path:
    """Where the demo writes ``printable`` of ``game`` (a sheet, of deal ``seed``):
    ``tripeaks-rules.pdf``, ``tripeaks-deal-1.pdf``, ``ricochet-poker-table-card.pdf`` …"""
    if printable == "sheet":
        kind = "deal" if seed is None else f"deal-{seed}"
    else:
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


@dataclass(frozen=True)
class Printed:
    """What a printable's job made: the path written and the request it was made from
    (with the line it prints, if it was searched)."""

    kind: str
    path: Path
    request: PrintRequest


@dataclass(frozen=True)
class BookMade:
    """What a book's job made: the game, the path written and, for a solitaire's curated
    puzzle book, where its first layout pass found its marks (the kits print the same
    book, numbered on)."""

    game: str
    path: Path
    sketched: dict[str, int] | None


@dataclass(frozen=True)
class PrintableJob:
    """A printable of the demo by the registry's maker; with ``solve``, a sheet whose line
    is searched first and printed as given (the kit and the website print it too)."""

    kind: str
    request: PrintRequest
    solve: SeedDeal | None = None

    def run(self) -> Printed:
        """Make it."""
        request = self.request
        if self.solve is not None:
            request = replace(request, result=_line(self.solve))
        return Printed(self.kind, make_printable(self.kind, request), request)


@dataclass(frozen=True)
class BookJob:
    """A game's book as :func:`book_request` asks its maker."""

    request: BookRequest

    def run(self) -> BookMade:
        """Make it."""
        from printplay.games import SOLITAIRE_BOOK
        from printplay.makers.requests import book_maker

        request = self.request
        if REGISTRY[request.game].book == SOLITAIRE_BOOK and request.curated:  # as it makes it
            from printplay.makers.book_maker import curated_book

            path, _, pages = curated_book(request.game, request.path, paper=request.paper)
            return BookMade(request.game, path, dict(pages.sketched))
        return BookMade(request.game, book_maker(request.game)(request)[0], None)


class DemoPlan:
    """The demo's own files (:func:`run_demo`) as jobs: every printable of every game (of
    ``games``) and every book at once, the kit once the printables it takes are made."""

    def __init__(
        self,
        folder: Path,
        paper: str,
        games: Sequence[str] | None = None,
        rules_dir: Path | None = None,
    ) -> None:
        self.folder = folder
        self.paper = paper
        self.names = list(REGISTRY) if games is None else list(games)
        self.rules_dir = rules_dir
        self.kit_name = kit_game(self.names)
        self.made: dict[MadeKey, Path] = {}
        self.stored = {name: _stored(name) for name in self.names}
        """Each game's demo deal's stored line (checked), if it has one."""
        self.lines: dict[int, Line] = {}
        """The lines of the kit's game's demo deals, by deal number."""
        self.sketched: dict[str, dict[str, int]] = {}
        self.waiting: set[Hashable] = set()

    def printables(self) -> list[tuple[Hashable, PrintableJob]]:
        """A job per printable of each game, in registry order: a sheet shows the game's
        demo deal, from its stored line (the kit's game's line, if none is stored, searched
        first, to be printed again)."""
        jobs: list[tuple[Hashable, PrintableJob]] = []
        for game in (REGISTRY[name] for name in self.names):
            deal = demo_deals(game.name)[0]
            for printable in game.printables:
                dealt = printable == "sheet"  # only a sheet prints the deal
                request = PrintRequest(
                    game.name,
                    demo_path(self.folder, game.name, printable, deal.seed),
                    deal.options,
                    seed=deal.seed if dealt else None,
                    deal_codes=deal.cards if dealt else None,
                    paper=self.paper,
                    rules_dir=self.rules_dir,
                    result=self.stored[game.name] if dealt else None,
                )
                kit = dealt and game.name == self.kit_name and deal.seed is not None
                solve = kit and request.result is None
                job = PrintableJob(printable, request, deal if solve else None)
                jobs.append(((game.name, printable), job))
        return jobs

    def books(self) -> list[tuple[Hashable, BookJob]]:
        """A job per game with a book: ``tripeaks-book.pdf`` …"""
        return [
            ((game.name, "book"), BookJob(book_request(game, self.folder, self.paper)))
            for game in (REGISTRY[name] for name in self.names)
            if game.book is not None
        ]

    def kit_path(self) -> Path | None:
        """Where the kit goes (none without a solitaire)."""
        return None if self.kit_name is None else self.folder / f"{self.kit_name}-kit.pdf"

    def start(self) -> list[tuple[Hashable, Job]]:
        """The kit's game's printables and book first (the kit waits for them), then the
        other books (the longest jobs), then the rest."""
        jobs: list[tuple[Hashable, Job]] = [*self.printables(), *self.books()]

        def kit_part(key: Hashable) -> bool:
            return isinstance(key, tuple) and key[0] == self.kit_name

        first = [(key, job) for key, job in jobs if kit_part(key)]
        rest = [(key, job) for key, job in jobs if not kit_part(key)]
        self.waiting = {key for key, _ in first}
        books = [(key, job) for key, job in rest if isinstance(job, BookJob)]
        others = [(key, job) for key, job in rest if not isinstance(job, BookJob)]
        return [*first, *books, *others]

    def done(self, key: Hashable, result: object) -> list[tuple[Hashable, Job]]:
        """Note what a printable or a book made (the site copies the printables, the kits
        take their pages, and start from the first pass of the books); the kit once its
        game's printables and book are made."""
        if isinstance(result, BookMade):
            game = result.game
            if result.sketched is not None:
                self.sketched[game] = result.sketched
        elif isinstance(result, Printed):
            game, request = result.request.game, result.request
            self.made[made_key(result.kind, request)] = result.path
            if game == self.kit_name and request.result is not None and request.seed is not None:
                self.lines[request.seed] = request.result
        else:  # the kit
            return []
        self.waiting.discard(key)
        target = self.kit_path()
        if self.waiting or target is None or game != self.kit_name:
            return []
        from printplay.makers.kit_maker import KitJob

        assert self.kit_name is not None
        seeds = tuple(deal.seed for deal in demo_deals(self.kit_name) if deal.seed is not None)
        results: dict[ResultKey, Line] = {seed: line for seed, line in self.lines.items()}
        made, sketched = dict(self.made), self.sketched.get(self.kit_name)
        kit = KitJob(
            self.kit_name, target, self.paper, seeds, self.rules_dir, results, made, sketched
        )
        return [("kit", kit)]

    def pending(self) -> list[MadeKey]:
        """The keys (:func:`~printplay.makers.requests.made_key`) of the printables the demo
        will make, known before they are made (a line searched first is not)."""
        return [made_key(job.kind, job.request) for _, job in self.printables() if not job.solve]

    def sketching(self) -> list[str]:
        """The games whose curated puzzle book the demo prints (the first layout pass of
        each is noted: the site's kits start from it)."""
        from printplay.games import SOLITAIRE_BOOK

        return [
            job.request.game
            for _, job in self.books()
            if REGISTRY[job.request.game].book == SOLITAIRE_BOOK and job.request.curated
        ]

    def paths(self) -> list[Path]:
        """What the demo wrote, game by game, the books, then the kit."""
        paths = [job.request.path for _, job in self.printables()]
        paths += [job.request.path for _, job in self.books()]
        target = self.kit_path()
        return paths + ([target] if target is not None else [])


def run_demo(
    folder: Path,
    *,
    paper: str = "a4",
    games: Sequence[str] | None = None,
    rules_dir: Path | None = None,
    jobs: int = 1,
    progress: Progress | None = None,
) -> list[Path]:
    """Write every printable of every game (or of ``games``) into ``folder`` (sheets show
    the game's demo deal, else deal :data:`DEMO_DEAL`), every game's book, the kit of
    :func:`kit_game` with its demo deals, then the website into :data:`SITE_FOLDER`; return
    the paths, game by game, the books, the kit, then the site's index page.
    ``rules_dir`` is a folder of house sources read first (a game whose rulebook source is
    not bundled brings it so).  ``jobs`` processes make them (by default this one: a game
    registered in this process alone, a test's, is known to no other); ``progress`` is
    told of each file made.

    The demo's files and the website's are one run of jobs (:class:`DemoAndSite`): the
    site's jobs that copy a PDF of the demo's wait for it, the others run beside the
    demo's, and the workers start (and import what the jobs need) while it is planned."""
    from printplay.games import entry
    from printplay.makers.site_maker import planned_site

    names = list(REGISTRY) if games is None else [entry(name).name for name in games]
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(f"cannot create {folder}: {error.strerror or error}") from None
    with worker_pool(jobs, preload=WORKER_IMPORTS) as pool:
        pool.start()  # the workers import while this process plans
        plan = DemoPlan(folder, paper, names, rules_dir)
        planned = planned_site(
            folder / SITE_FOLDER,
            paper=paper,
            games=None if games is None else names,
            rules_dir=rules_dir,
            results=_known(plan),
            pending=plan.pending(),
            sketching=plan.sketching(),
        )
        with planned as site:
            run_plans(pool, [DemoAndSite(plan, site)], progress)
    return [*plan.paths(), folder / SITE_FOLDER / "index.html"]


WORKER_IMPORTS = (
    "printplay.makers.demo",
    "printplay.makers.site_maker",
    "printplay.makers.kit_maker",
    "printplay.makers.book_maker",
)
"""What the demo's workers import as they start, while the parent plans: the makers its
jobs run (they import the rest)."""


def _known(plan: DemoPlan) -> dict[SeedDeal, Line]:
    """The lines of the site's featured deals of the kit's game that the demo prints (the
    site copies the demo's sheets of them)."""
    from printplay.builders.site import featured_deals
    from printplay.makers.site_maker import DEFAULT_DEALS

    if plan.kit_name is None:
        return {}
    known: dict[SeedDeal, Line] = {}
    line = plan.stored[plan.kit_name]
    seeds = {deal.seed for deal in demo_deals(plan.kit_name)[:1] if not deal.options}
    for deal in featured_deals(plan.kit_name, DEFAULT_DEALS):
        if line is not None and not deal.options and deal.seed in seeds:
            known[deal] = line
    return known


class DemoAndSite:
    """The demo's plan and its website's as one (:class:`~printplay.makers.jobs.Plan`):
    every job of both at once, the demo's first; as the demo's results come, the site is
    told of the PDFs and books' first passes made (:meth:`SitePlan.arrived
    <printplay.makers.site_maker.SitePlan.arrived>`) and runs the jobs that waited for
    them; once the demo's last job is done, any still waiting."""

    def __init__(self, demo: DemoPlan, site: SitePlan) -> None:
        self.demo = demo
        self.site = site
        self.running = 0
        """The demo's jobs started and not yet done."""

    def start(self) -> list[tuple[Hashable, Job]]:
        """The demo's jobs, then the site's that wait for none of them."""
        return [*self._demo(self.demo.start()), *self._site(self.site.start())]

    def done(self, key: Hashable, result: object) -> list[tuple[Hashable, Job]]:
        """Tell the plan the job was its; the jobs that can run now."""
        assert isinstance(key, tuple)
        side, inner = key
        if side == "site":
            return self._site(self.site.done(inner, result))
        self.running -= 1
        jobs = self._demo(self.demo.done(inner, result))
        arrived = self.site.arrived(self.demo.made, self.demo.sketched, last=not self.running)
        return [*jobs, *self._site(arrived)]

    def _demo(self, jobs: list[tuple[Hashable, Job]]) -> list[tuple[Hashable, Job]]:
        self.running += len(jobs)
        return [(("demo", key), job) for key, job in jobs]

    @staticmethod
    def _site(jobs: list[tuple[Hashable, Job]]) -> list[tuple[Hashable, Job]]:
        return [(("site", key), job) for key, job in jobs]


def _stored(game: str) -> Line | None:
    """The stored line of ``game``'s demo deal, checked (none for a game with no solver or
    no line stored)."""
    from printplay.builders.walkthrough import stored_line

    if not REGISTRY[game].is_solitaire:
        return None
    return stored_line(demo_deals(game)[0])


def _line(deal: SeedDeal) -> Line:
    """The walkthrough's line of a solitaire's deal (its stored line checked, else searched;
    printed twice)."""
    from printplay.builders.walkthrough import curated_line

    return curated_line(deal)
