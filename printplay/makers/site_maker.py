"""The website: the rules reference as static pages, built from the PDFs' own sources.

:func:`build_site` plans the site (:class:`~printplay.models.site_model.Site`): for
every registered game its rulebook model under the standard rules and under each variant
(:func:`~printplay.builders.site.variant_sets`), the featured deals of each solitaire (the
first of its kit's curated deals, solved here,
:func:`~printplay.builders.site.featured_deals`), and the PDFs that go with them,
built by the registry's makers from the same models' inputs: rulebooks, a sheet for each
featured deal, the mats and the other printables, and the kits.  The web renderer
(:mod:`printplay.render.site_html`) writes the pages beside them.

The site is built in a folder beside the target and moved in when it is complete
(:mod:`printplay.core.outfolder`): a folder holding files printplay did not write is refused
unless forced, and those files are never deleted.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Protocol, runtime_checkable

from pypdf import PdfReader

from printplay.analysis.curated import SeedDeal
from printplay.builders.commands import sheet_request
from printplay.builders.sheet import build_sheet
from printplay.builders.site import featured_deals, variant_sets
from printplay.builders.walkthrough import choose_line
from printplay.core import options as opts
from printplay.core.errors import OutputError
from printplay.core.outfolder import check_folder, publish, staging_folder
from printplay.games import REGISTRY, GameEntry, entry, load, make_solitaire, not_a
from printplay.makers.kit_maker import ResultKey, build_kit
from printplay.makers.requests import Made, make_printable
from printplay.models.printable import Line, PrintRequest
from printplay.models.site_model import Book, DealPage, Download, GamePage, Site, VariantPage
from printplay.render.document import paper_size
from printplay.render.sheet_pdf import draw_sheet
from printplay.render.site_html import write_site
from printplay.render.web_rulebook import rulebook_markdown

DEFAULT_DEALS = 3
"""Featured deals a solitaire gets when none are asked for."""

MAX_DEALS = 20
"""The most featured deals a solitaire may get."""


@runtime_checkable
class BookBuilder(Protocol):
    """What a registry entry's ``rulebook_model`` names: the whole model a game's rulebook
    is drawn from, under options."""

    def __call__(
        self, game: str, option_texts: Sequence[str], /, *, rules_dir: Path | None = None
    ) -> Book:
        """The rulebook's model of ``game`` under ``option_texts``."""
        ...


_UNSAFE = re.compile(r"[^a-z0-9-]+")

Progress = Callable[[str], None]
"""Told what the builder is doing, a few words at a time (a spinner's text)."""


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


class _Builder:
    """Builds one site into a staging folder."""

    def __init__(
        self,
        staging: Path,
        *,
        paper: str,
        rules_dir: Path | None,
        results: Mapping[SeedDeal, Line],
        made: Made,
        progress: Progress,
    ) -> None:
        self.staging = staging
        self.paper = paper
        self.rules_dir = rules_dir
        self.results = results
        self.made = made
        self.progress = progress
        self.files: list[str] = []

    def pdf(self, path: str, kind: str, title: str, make: Callable[[Path], Path]) -> Download:
        """Build a PDF at ``path`` (in the site) with ``make`` and describe it."""
        target = self.staging / path
        target.parent.mkdir(parents=True, exist_ok=True)
        make(target)
        self.files.append(path)
        return Download(path, kind, title, _pages(target))

    def printable(
        self, game: GameEntry, kind: str, path: str, options: Sequence[str] = ()
    ) -> Download:
        """A printable of ``game`` by the registry's maker."""

        def make(target: Path) -> Path:
            request = PrintRequest(
                game.name, target, tuple(options), paper=self.paper, rules_dir=self.rules_dir
            )
            return make_printable(kind, request, self.made)

        return self.pdf(path, kind, kind, make)

    def book(self, game: GameEntry, options: Sequence[str]) -> Book:
        """The whole model the rulebook is drawn from, under ``options``."""
        maker = load(game.rulebook_model)
        if not isinstance(maker, BookBuilder):
            raise not_a(game.rulebook_model, "rulebook model builder")
        return maker(game.name, tuple(options), rules_dir=self.rules_dir)

    def variant(self, game: GameEntry, options: tuple[str, ...]) -> VariantPage:
        """The variant page of ``options`` and its rulebook's PDF."""
        self.progress(f"{game.title} rules with {', '.join(options)}")
        slug = _slug(options)
        book = self.book(game, options)
        pdf = self.printable(game, "rulebook", f"{game.name}/{game.name}-rules-{slug}.pdf", options)
        parsed = opts.parse_options(game.options_type, options)
        specs = {spec.name: spec for spec in opts.option_specs(game.options_type)}
        about = tuple(specs[option.partition("=")[0]].help for option in options)
        return VariantPage(
            f"{game.name}/{slug}.html", options, opts.describe(parsed), about, book, pdf
        )

    def deal(self, game: GameEntry, deal: SeedDeal) -> tuple[DealPage, Line]:
        """A featured deal's page, solved (or its given line), and its sheet's PDF."""
        self.progress(f"{game.title} {_deal_name(deal)}: solving and typesetting its sheet")
        solitaire = make_solitaire(game.name, deal.options)
        dealt = deal.deal()
        line = self.results.get(deal) or choose_line(solitaire, solitaire.initial_state(dealt))
        again = sheet_request(solitaire, dealt, paper=self.paper)  # the command it prints
        sheet = build_sheet(solitaire, dealt, line, request=again)
        name = _deal_file(deal)

        def make(target: Path) -> Path:
            return draw_sheet(sheet, target, paper=self.paper, rules_dir=self.rules_dir)

        pdf = self.pdf(f"{game.name}/{game.name}-{name}.pdf", "sheet", _deal_name(deal), make)
        page = DealPage(f"{game.name}/{name}.html", _deal_name(deal), deal.note, sheet, pdf)
        return page, line

    def game(self, game: GameEntry, book: Book, deal_count: int) -> GamePage:
        """A game's page (``book``: its rulebook's model under the standard rules), its
        variants, its featured deals and its PDFs."""
        self.progress(f"{game.title} rules")
        downloads = [self.printable(game, "rulebook", f"{game.name}/{game.name}-rules.pdf")]
        for kind in game.printables:
            if kind not in ("rulebook", "sheet"):
                file = f"{game.name}/{game.name}-{kind.replace(' ', '-')}.pdf"
                downloads.append(self.printable(game, kind, file))
        variants = tuple(self.variant(game, options) for options in variant_sets(game.name))
        chosen = featured_deals(game.name, deal_count)
        deals: list[DealPage] = []
        lines: dict[ResultKey, Line] = {}
        for deal in chosen:
            page, line = self.deal(game, deal)
            deals.append(page)
            lines[deal] = line
        self.progress(f"{game.title} print-and-play kit")
        # A solitaire's kit prints the featured deals' sheets (none with --deals 0); another
        # game's kit prints its own curated rounds.

        def kit(target: Path) -> Path:
            return build_kit(
                game.name,
                target,
                paper=self.paper,
                deals=chosen if game.is_solitaire else None,
                rules_dir=self.rules_dir,
                results=lines,
            ).path

        downloads.append(self.pdf(f"{game.name}/{game.name}-kit.pdf", "kit", "kit", kit))
        return GamePage(
            game.name,
            game.title,
            f"{game.name}/index.html",
            book,
            variants,
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
    progress: Progress | None = None,
) -> Site:
    """Build the website into ``folder`` (see the module's text) and return its model.

    ``deals`` is how many featured deals each solitaire gets (0 to :data:`MAX_DEALS`);
    ``paper`` the PDFs' paper; ``rules_dir`` a folder of house sources (rulebooks, the
    sheets' and the site's words); ``force`` writes into a folder holding other files
    (leaving them alone).  ``games`` limits the site to some games (all by default) and
    ``results`` gives featured deals' lines instead of searching them (tests use both).
    ``made`` holds PDFs written already (the demo's, see
    :data:`~printplay.makers.requests.Made`): the site copies those.
    """
    if not 0 <= deals <= MAX_DEALS:
        raise OutputError(f"--deals must be from 0 to {MAX_DEALS}, not {deals}")
    paper_size(paper)
    if rules_dir is not None and not Path(rules_dir).is_dir():
        raise OutputError(f"--rules-dir {rules_dir}: no such folder")
    folder = Path(folder)
    names = [entry(name).name for name in games] if games is not None else list(REGISTRY)
    previous = check_folder(folder, force=force)
    tell = progress or (lambda _: None)
    with staging_folder(folder) as staging:
        builder = _Builder(
            staging,
            paper=paper,
            rules_dir=rules_dir,
            results=results or {},
            made=made or {},
            progress=tell,
        )
        books = {name: builder.book(REGISTRY[name], ()) for name in names}
        for book in books.values():
            rulebook_markdown(book)  # a broken house source stops the build here, at once
        pages = tuple(builder.game(REGISTRY[name], books[name], deals) for name in names)
        search = (Path(rules_dir),) if rules_dir is not None else ()
        site = Site(pages, paper, search)
        tell("writing the pages")
        written = write_site(site, staging)
        publish(staging, folder, sorted([*builder.files, *written]), previous)
    return site


__all__ = ["DEFAULT_DEALS", "MAX_DEALS", "build_site"]
