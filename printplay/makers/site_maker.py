"""The website: the rules reference as static pages, built from the PDFs' own sources.

:func:`build_site` plans the site (:class:`~printplay.models.site_model.Site`): for
every registered game its rulebook model under the standard rules and under each variant
(:func:`~printplay.builders.site.variant_sets`), the featured deals of each solitaire (the
first of its kit's curated deals, printed from their stored lines, checked, or solved
here, :func:`~printplay.builders.site.featured_deals`), and the PDFs that go with them,
built by the registry's makers from the same models' inputs: rulebooks, a sheet for each
featured deal, the mats and the other printables, and the kits.  The web renderer
(:mod:`printplay.render.site_html`) writes the pages beside them.

The site is built in a folder beside the target and moved in when it is complete
(:mod:`printplay.core.outfolder`): a folder holding files printplay did not write is refused
unless forced, and those files are never deleted.
"""

from __future__ import annotations

import contextlib
import re
import shutil
from collections.abc import Collection, Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypeAlias

from pypdf import PdfReader

from printplay.analysis.curated import SeedDeal
from printplay.builders.commands import sheet_request
from printplay.builders.sheet import build_sheet
from printplay.builders.site import featured_deals, variant_sets
from printplay.builders.walkthrough import curated_line, stored_line
from printplay.core import options as opts
from printplay.core.errors import OutputError
from printplay.core.outfolder import check_folder, publish, staging_folder
from printplay.core.parallel import WorkerPool, worker_pool
from printplay.core.templating import render_deadline
from printplay.games import REGISTRY, GameEntry, entry, make_solitaire
from printplay.makers.jobs import Job, Progress, run_plans
from printplay.makers.kit_maker import Kit, KitJob, ResultKey
from printplay.makers.printable_words import house_path, printable_words
from printplay.makers.requests import (
    Made,
    MadeKey,
    made_key,
    make_printable,
    rulebook_book,
    rulebook_pdf,
)
from printplay.models.printable import Line, PrintRequest, Sheet
from printplay.models.site_model import Book, DealPage, Download, GamePage, Site, VariantPage
from printplay.render.document import paper_size
from printplay.render.sheet_pdf import draw_sheet
from printplay.render.site_deal import game_deal_page
from printplay.render.site_html import write_site
from printplay.render.site_pages import RulebookText, rulebook_text
from printplay.render.site_shell import Page, SiteWords

DEFAULT_DEALS = 3
"""Featured deals a solitaire gets when none are asked for."""

MAX_DEALS = 20
"""The most featured deals a solitaire may get."""

_UNSAFE = re.compile(r"[^a-z0-9-]+")


def _slug(options: Sequence[str]) -> str:
    return _UNSAFE.sub("-", "-".join(options).lower()).strip("-")


def _deal_name(deal: SeedDeal) -> str:
    name = f"deal {deal.seed}" if deal.seed is not None else "an explicit deal"
    return f"{name} ({', '.join(deal.options)})" if deal.options else name


def _deal_file(deal: SeedDeal) -> str:
    base = f"deal-{deal.seed}" if deal.seed is not None else "deal"
    return f"{base}-{_slug(deal.options)}" if deal.options else base


def _pages(path: Path) -> int:
    return len(PdfReader(path).pages)


# -- The jobs: each makes one file (or copies one made already), on whichever process is free --


@dataclass(frozen=True)
class RulebookMade:
    """What a rulebook's job made: its model, the rulebook as its web page shows it and the
    PDF's pages."""

    game: str
    options: tuple[str, ...]
    book: Book
    drawn: RulebookText
    pages: int


@dataclass(frozen=True)
class PrintableMade:
    """What another printable's job made: its PDF's pages."""

    game: str
    kind: str
    pages: int


@dataclass(frozen=True)
class DealMade:
    """What a featured deal's job made: the line, the sheet's model, the PDF's pages and
    the deal's page."""

    deal: SeedDeal
    line: Line
    sheet: Sheet
    pages: int
    page: Page


@dataclass(frozen=True)
class RulebookJob:
    """A game's rulebook under ``options``: its whole model, built once, the PDF drawn from
    it (or a copy of ``made``, the same PDF made already) and the rulebook as its web page
    shows it."""

    game: str
    options: tuple[str, ...]
    target: Path
    paper: str
    rules_dir: Path | None
    made: Path | None = None

    def run(self) -> RulebookMade:
        """Make it: made from house sources, the rendering of its source, its web page and
        its PDF together take at most :data:`~printplay.core.templating.MAX_RENDER_SECONDS`."""
        game = entry(self.game)
        with render_deadline(house_path(self.rules_dir), f"the rulebook of {game.title}"):
            # the source rendered: a broken house source stops here, before any PDF
            book = rulebook_book(game, self.options, self.rules_dir)
            drawn = rulebook_text(book)
            if self.made is not None:
                shutil.copyfile(self.made, self.target)
            else:
                rulebook_pdf(game)(book, self.target, paper=self.paper)
        return RulebookMade(self.game, self.options, book, drawn, _pages(self.target))


@dataclass(frozen=True)
class PrintableJob:
    """Another printable of a game (a mat, a table card) by the registry's maker, or a copy
    of the one ``made`` holds."""

    kind: str
    request: PrintRequest
    made: Made

    def run(self) -> PrintableMade:
        """Make it."""
        pages = _pages(make_printable(self.kind, self.request, self.made))
        return PrintableMade(self.request.game, self.kind, pages)


@dataclass(frozen=True)
class DealJob:
    """A featured deal: its line (``line``, else its stored line checked, else searched now),
    its sheet's model and PDF (a copy of ``made``, the same sheet made already, if there is
    one) and its web page."""

    deal: SeedDeal
    line: Line | None
    target: Path
    page: str
    pdf: str
    title: str
    home: str
    paper: str
    rules_dir: Path | None
    made: Path | None = None

    def run(self) -> DealMade:
        """Make it."""
        deal = self.deal
        solitaire = make_solitaire(deal.game, deal.options)
        dealt = deal.deal()
        line = self.line or curated_line(deal)
        again = sheet_request(solitaire, dealt, paper=self.paper)  # the command it prints
        sheet = build_sheet(solitaire, dealt, line, request=again)
        search = house_path(self.rules_dir)
        if self.made is not None:
            shutil.copyfile(self.made, self.target)
        else:
            with render_deadline(search, "the setup sheet"):
                pdf_words = printable_words("sheet.j2", search)
                draw_sheet(sheet, self.target, words=pdf_words, paper=self.paper)
        download = Download(self.pdf, "sheet", _deal_name(deal), _pages(self.target))
        page = DealPage(self.page, _deal_name(deal), deal.note, sheet, download)
        site_words = SiteWords(printable_words("site.j2", search, markup=False))
        sheet_words = printable_words("sheet.j2", search)
        drawn = game_deal_page(deal.game, self.title, self.home, page, sheet_words, site_words)
        return DealMade(deal, line, sheet, download.pages, drawn)


def _rules_pdf(name: str, options: Sequence[str]) -> str:
    """Where in the site the rulebook of ``name`` under ``options`` is."""
    return f"{name}/{name}-rules-{_slug(options)}.pdf" if options else f"{name}/{name}-rules.pdf"


def _deal_pdf(deal: SeedDeal) -> str:
    """Where in the site the sheet of a featured deal is."""
    return f"{deal.game}/{deal.game}-{_deal_file(deal)}.pdf"


def _printable_pdf(name: str, kind: str) -> str:
    """Where in the site another printable (a mat, a kit) of ``name`` is."""
    return f"{name}/{name}-{kind.replace(' ', '-')}.pdf"


# -- The plan: which jobs, in which order, and the site put together from their results -----


SiteJob: TypeAlias = RulebookJob | PrintableJob | DealJob
"""A job of the site that may copy a PDF made already instead of making it."""


class SitePlan:
    """The site of ``names`` built into ``staging`` as jobs (:mod:`printplay.makers.jobs`):
    each game's rulebooks (standard and variants), other printables and featured deals
    first, its kit once the parts it takes are made, then the :class:`Site` and the parts
    of its pages drawn on the way.

    Run beside another plan (the demo's), the site is told of the PDFs that plan will
    make (``pending``) and the games whose curated book it will print (``sketching``): a
    job that would copy one of those PDFs waits for it, and a game's kit for the book's
    first layout pass; :meth:`arrived` tells the site what came, and the jobs it lets run."""

    def __init__(
        self,
        staging: Path,
        names: Sequence[str],
        *,
        deals: int,
        paper: str,
        rules_dir: Path | None,
        results: Mapping[SeedDeal, Line],
        made: Made,
        sketched: Mapping[str, Mapping[str, int]] | None = None,
        pending: Collection[MadeKey] = (),
        sketching: Collection[str] = (),
    ) -> None:
        self.staging = staging
        self.sketched: dict[str, Mapping[str, int]] = dict(sketched or {})
        self.pending = set(pending) - set(made)
        self.sketching = set(sketching) - set(self.sketched)
        self.held: dict[MadeKey, list[tuple[Hashable, SiteJob]]] = {}
        self.built: Site | None = None
        """The site's model, once its pages are written (:func:`planned_site`)."""
        self.names = list(names)
        self.deal_count = deals
        self.paper = paper
        self.rules_dir = rules_dir
        self.results = results
        self.made: dict[MadeKey, Path] = dict(made)
        self.files: list[str] = []
        self.rulebooks: dict[tuple[str, tuple[str, ...]], RulebookMade] = {}
        self.deals: dict[SeedDeal, DealMade] = {}
        self.pages: dict[tuple[str, str], int] = {}
        """The pages of the other printables and of the kits, by game and kind."""
        self.waiting: dict[str, set[Hashable]] = {}
        self.drawn: dict[str, RulebookText] = {}
        self.deal_pages: dict[str, Page] = {}

    def _file(self, path: str) -> Path:
        target = self.staging / path
        target.parent.mkdir(parents=True, exist_ok=True)
        self.files.append(path)
        return target

    def _copying(self, key: Hashable, job: SiteJob, made: MadeKey) -> list[tuple[Hashable, Job]]:
        """``job``, which copies the PDF ``made`` names if there is one: now, or once the
        other plan has made it (:meth:`arrived`)."""
        if made in self.pending:
            self.held.setdefault(made, []).append((key, job))
            return []
        return [(key, self._with_made(job, made))]

    def _with_made(self, job: SiteJob, made: MadeKey) -> SiteJob:
        """``job`` with what it copies: the PDF of ``made`` (a printable's job looks it up
        in the PDFs made so far)."""
        if isinstance(job, PrintableJob):
            return replace(job, made=dict(self.made))
        return replace(job, made=self.made.get(made))

    def arrived(
        self, made: Made, sketched: Mapping[str, Mapping[str, int]], *, last: bool = False
    ) -> list[tuple[Hashable, Job]]:
        """Note the PDFs and the books' first passes the other plan made so far; the jobs
        that waited for them.  With ``last`` (the other plan is done) every job still
        waiting runs, making what never came itself."""
        came = self.pending & made.keys()
        for key in came:
            self.made[key] = made[key]
        self.pending = set() if last else self.pending - came
        jobs: list[tuple[Hashable, Job]] = []
        for key in [key for key in self.held if key not in self.pending]:
            jobs += [(name, self._with_made(job, key)) for name, job in self.held.pop(key)]
        for game in sorted(game for game in self.sketching if last or game in sketched):
            self.sketching.discard(game)
            if game in sketched:
                self.sketched[game] = sketched[game]
            jobs += self._part_done(game, ("book", game))
        return jobs

    def _request(self, game: str) -> PrintRequest:
        """A printable's request of ``game`` under the standard rules, as a kit asks for it
        (with no path)."""
        return PrintRequest(game, Path(), paper=self.paper, rules_dir=self.rules_dir)

    def start(self) -> list[tuple[Hashable, Job]]:
        """Every job but the kits: the standard rulebooks first (a broken house source
        shows at once), then what the kits wait for (the other printables, the featured
        deals: the longest jobs, their search), then the variants."""
        jobs: list[tuple[Hashable, Job]] = []
        parts_jobs: list[tuple[Hashable, Job]] = []
        later: list[tuple[Hashable, Job]] = []
        for name in self.names:
            game = REGISTRY[name]
            parts: set[Hashable] = set()
            rulebook = self._request(name)
            key = (name, "rulebook", ())
            path = self._file(_rules_pdf(name, ()))
            standard = RulebookJob(name, (), path, self.paper, self.rules_dir)
            jobs += self._copying(key, standard, made_key("rulebook", rulebook))
            parts.add(key)
            if name in self.sketching:  # its kit's book starts from the book printed
                parts.add(("book", name))
            for kind in game.printables:
                if kind not in ("rulebook", "sheet"):
                    path = self._file(_printable_pdf(name, kind))
                    request = replace(self._request(name), path=path)
                    other = PrintableJob(kind, request, {})
                    parts_jobs += self._copying((name, kind), other, made_key(kind, request))
                    parts.add((name, kind))
            for options in variant_sets(name):
                path = self._file(_rules_pdf(name, options))
                variant = RulebookJob(name, options, path, self.paper, self.rules_dir)
                later.append(((name, "rulebook", options), variant))
            for deal in featured_deals(name, self.deal_count):
                page = f"{name}/{_deal_file(deal)}.html"
                pdf = _deal_pdf(deal)
                line = self.results.get(deal) or stored_line(deal)
                featured = DealJob(
                    deal,
                    line,
                    self._file(pdf),
                    page,
                    pdf,
                    game.title,
                    f"{name}/index.html",
                    self.paper,
                    self.rules_dir,
                )
                job_key = (name, "deal", deal)
                if line is None:  # searched by the job
                    parts_jobs.append((job_key, featured))
                else:
                    sheet = made_key("sheet", self._sheet_request(deal, line))
                    parts_jobs += self._copying(job_key, featured, sheet)
                parts.add(job_key)
            self.waiting[name] = parts
        return jobs + parts_jobs + later

    def done(self, key: Hashable, result: object) -> list[tuple[Hashable, Job]]:
        """Note a result; a game's kit once its rulebook, printables and sheets are made."""
        if isinstance(result, RulebookMade):
            name, options = result.game, result.options
            self.rulebooks[(name, options)] = result
            page = f"{name}/{_slug(options)}.html" if options else f"{name}/index.html"
            self.drawn[page] = result.drawn
            if not options:
                request = self._request(name)
                self.made[made_key("rulebook", request)] = self.staging / _rules_pdf(name, ())
        elif isinstance(result, DealMade):
            name = result.deal.game
            self.deals[result.deal] = result
            self.deal_pages[result.page.path] = result.page
            request = self._sheet_request(result.deal, result.line)
            self.made[made_key("sheet", request)] = self.staging / _deal_pdf(result.deal)
        elif isinstance(result, PrintableMade):
            name = result.game
            self.pages[(name, result.kind)] = result.pages
            request = self._request(name)
            self.made[made_key(result.kind, request)] = self.staging / _printable_pdf(
                name, result.kind
            )
        elif isinstance(result, Kit):
            self.pages[(result.game, "kit")] = result.pages
            return []
        else:
            return []
        return self._part_done(name, key)

    def _part_done(self, name: str, key: Hashable) -> list[tuple[Hashable, Job]]:
        """Note that the part ``key`` of ``name``'s kit is made; the kit once all are."""
        waiting = self.waiting.get(name)
        if waiting is None or key not in waiting:
            return []
        waiting.discard(key)
        if waiting:
            return []
        del self.waiting[name]
        return [((name, "kit"), self._kit(name))]

    def _sheet_request(self, deal: SeedDeal, line: Line) -> PrintRequest:
        """The request the sheet of ``deal`` printing ``line`` is made from (as a kit asks
        for it)."""
        return replace(
            self._request(deal.game),
            option_texts=deal.options,
            seed=deal.seed,
            deal_codes=deal.cards,
            result=line,
        )

    def _kit(self, name: str) -> KitJob:
        """The kit of ``name``: a solitaire's prints its featured deals' sheets (none with no
        featured deal), another game's its own curated rounds."""
        game = REGISTRY[name]
        chosen = featured_deals(name, self.deal_count)
        lines: dict[ResultKey, Line] = {deal: self.deals[deal].line for deal in chosen}
        return KitJob(
            name,
            self._file(_printable_pdf(name, "kit")),
            self.paper,
            tuple(chosen) if game.is_solitaire else None,
            self.rules_dir,
            lines,
            dict(self.made),
            self.sketched.get(name),
        )

    def site(self) -> Site:
        """The site, from the jobs' results."""
        pages = tuple(self._game(REGISTRY[name]) for name in self.names)
        search = (Path(self.rules_dir),) if self.rules_dir is not None else ()
        return Site(pages, self.paper, search)

    def _game(self, game: GameEntry) -> GamePage:
        name = game.name
        standard = self.rulebooks[(name, ())]
        downloads = [Download(_rules_pdf(name, ()), "rulebook", "rulebook", standard.pages)]
        for kind in game.printables:
            if kind not in ("rulebook", "sheet"):
                pages = self.pages[(name, kind)]
                downloads.append(Download(_printable_pdf(name, kind), kind, kind, pages))
        variants = []
        for options in variant_sets(name):
            variant = self.rulebooks[(name, options)]
            parsed = opts.parse_options(game.options_type, options)
            specs = {spec.name: spec for spec in opts.option_specs(game.options_type)}
            about = tuple(specs[option.partition("=")[0]].help for option in options)
            pdf = Download(_rules_pdf(name, options), "rulebook", "rulebook", variant.pages)
            page = f"{name}/{_slug(options)}.html"
            rules = opts.describe(parsed)
            variants.append(VariantPage(page, options, rules, about, variant.book, pdf))
        deals = []
        for deal in featured_deals(name, self.deal_count):
            featured = self.deals[deal]
            pdf = Download(_deal_pdf(deal), "sheet", _deal_name(deal), featured.pages)
            deals.append(
                DealPage(featured.page.path, _deal_name(deal), deal.note, featured.sheet, pdf)
            )
        kit = Download(_printable_pdf(name, "kit"), "kit", "kit", self.pages[(name, "kit")])
        downloads.append(kit)
        return GamePage(
            name,
            game.title,
            f"{name}/index.html",
            standard.book,
            tuple(variants),
            tuple(deals),
            tuple(downloads),
        )


def build_site(
    folder: Path,
    *,
    deals: int = DEFAULT_DEALS,
    paper: str = "a4",
    rules_dir: Path | None = None,
    force: bool = False,
    games: Sequence[str] | None = None,
    results: Mapping[SeedDeal, Line] | None = None,
    made: Made | None = None,
    sketched: Mapping[str, Mapping[str, int]] | None = None,
    pool: WorkerPool | None = None,
    progress: Progress | None = None,
) -> Site:
    """Build the website into ``folder`` (see the module's text) and return its model.

    ``deals`` is how many featured deals each solitaire gets (0 to :data:`MAX_DEALS`);
    ``paper`` the PDFs' paper; ``rules_dir`` a folder of house sources (rulebooks, the
    sheets' and the site's words); ``force`` writes into a folder holding other files
    (leaving them alone).  ``games`` limits the site to some games (all by default) and
    ``results`` gives featured deals' lines instead of searching them (tests use both).
    ``made`` holds PDFs written already (see :data:`~printplay.makers.requests.Made`):
    the site copies those, and its kits take their pages; ``sketched`` gives, by game,
    where the first layout pass of its curated puzzle book found its marks (a book printed
    already): the kits' books start there.  ``pool`` runs the jobs on its processes (by
    default this one); ``progress`` is told of each job done.
    """
    planned = planned_site(
        folder,
        deals=deals,
        paper=paper,
        rules_dir=rules_dir,
        force=force,
        games=games,
        results=results,
        made=made,
        sketched=sketched,
    )
    with planned as plan, contextlib.ExitStack() as stack:
        running = pool or stack.enter_context(worker_pool(1))
        run_plans(running, [plan], progress)
    assert plan.built is not None
    return plan.built


@contextmanager
def planned_site(
    folder: Path,
    *,
    deals: int = DEFAULT_DEALS,
    paper: str = "a4",
    rules_dir: Path | None = None,
    force: bool = False,
    games: Sequence[str] | None = None,
    results: Mapping[SeedDeal, Line] | None = None,
    made: Made | None = None,
    sketched: Mapping[str, Mapping[str, int]] | None = None,
    pending: Collection[MadeKey] = (),
    sketching: Collection[str] = (),
) -> Iterator[SitePlan]:
    """The :class:`SitePlan` of the site :func:`build_site` builds (the same arguments;
    ``pending`` and ``sketching`` as :class:`SitePlan` takes them), its folder checked and
    its staging folder made: the caller runs its jobs (beside others, the demo's), and
    when the block ends the pages are written and the site moved into ``folder``, its
    model then in the plan's ``built``.  An error in the block leaves ``folder`` as it
    was."""
    if not 0 <= deals <= MAX_DEALS:
        raise OutputError(f"--deals must be from 0 to {MAX_DEALS}, not {deals}")
    paper_size(paper)
    if rules_dir is not None and not Path(rules_dir).is_dir():
        raise OutputError(f"--rules-dir {rules_dir}: no such folder")
    folder = Path(folder)
    names = [entry(name).name for name in games] if games is not None else list(REGISTRY)
    previous = check_folder(folder, force=force)
    with staging_folder(folder) as staging:
        plan = SitePlan(
            staging,
            names,
            deals=deals,
            paper=paper,
            rules_dir=rules_dir,
            results=results or {},
            made=made or {},
            sketched=sketched,
            pending=pending,
            sketching=sketching,
        )
        yield plan
        site = plan.site()
        words = printable_words("site.j2", site.search_path, markup=False)
        sheet_words = printable_words("sheet.j2", site.search_path)
        written = write_site(
            site, staging, plan.drawn, plan.deal_pages, words=words, sheet_words=sheet_words
        )
        publish(staging, folder, sorted([*plan.files, *written]), previous)
        plan.built = site


__all__ = ["DEFAULT_DEALS", "MAX_DEALS", "SiteJob", "SitePlan", "build_site", "planned_site"]
