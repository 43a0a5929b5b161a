"""The print-and-play kit: everything to play one game at a real table, in one PDF.

A kit is the game's printables, built by their own builders and put together with pypdf,
after a cover (what is inside, how to print) and a contents page:

- the rulebook (if the game's rulebook source is written);
- the game's other printables (a table card …);
- the table mat (a solitaire, with the pieces the game needs to cut out on its first page)
  or the pieces on sheets of their own (chips, a dealer button: the registry's ``pieces``);
- setup sheets with walkthroughs of a few curated deals (``seeds/<game>.json``, collection
  ``first-deals``, else ``demo``; ``deals`` picks them by number), printed from the lines
  they are stored with, replayed and checked (a deal stored without one is searched);
- a puzzle book of the game's graded collections (``first-steps``, then ``expert``),
  printed from their stored lines and grades: no search;
- the deck, with the game's quick-reference cards when its rulebook source defines them.

The registry decides which parts a game has; nothing here names a game.  A part made
already (``made``: the demo's rulebook and mat, the website's sheets) is not typeset
again: its pages are taken, their footers renumbered as the kit numbers them
(:func:`~printplay.render.kit_pages.renumbered`).  The rulebook's source is gathered once,
for the quick-reference cards and the check that it is written.  The kit is meant
to be printed whole on both sides: every part starts on a fresh sheet (an odd page), and
the pages meant for one side only (the mat, the pieces, a table card) are followed by blank
backs.  The rulebook's and the sheets' footers number the kit's pages, the contents page
gives every part's first page, and the PDF's outline (bookmarks) holds every part with its
own outline inside.  The same input gives the same bytes.

A lite kit (``lite``) is the same kit drawn for less ink and fewer sheets: every part drawn
ink-light (inside :func:`printplay.core.ink_mode.ink_light`: no filled grounds, outlines
instead), the deck in outline faces whose hearts and diamonds are hollow (they tell apart
from spades and clubs in greyscale), with blank backs and no print check (and no jokers,
for a game that never deals one: its quick-reference cards then fit on the last sheet of
cards), and the parts printed on both sides of the paper (the rulebook, the sheets, the
puzzle book) running on from page to page instead of each starting on a fresh sheet.
"""

from __future__ import annotations

import itertools
import tempfile
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from pypdf import PdfReader

from printplay.analysis.curated import SeedDeal
from printplay.builders.kit import curated_count, deal_label, has_curated_book, kit_deals
from printplay.builders.quickref import quick_card_words, rulebook_source
from printplay.builders.walkthrough import stored_line
from printplay.core.ink_mode import ink_light
from printplay.core.options import option_specs
from printplay.core.outfile import check_writable
from printplay.games import GameEntry, entry
from printplay.makers.printable_words import house_path, printable_words
from printplay.makers.requests import Made, made_key, make_printable
from printplay.models.printable import Line, PrintRequest
from printplay.render.document import (
    first_page_number,
    numbered_from,
    paper_size,
    write_atomically,
)
from printplay.render.fonts import register_fonts
from printplay.render.kit_pages import (
    FRONT_PAGES,
    Bookmark,
    KitDocument,
    KitPart,
    PartPages,
    bookmarks,
    draw_blank,
    draw_front,
    merge,
    outline,
    renumbered,
)
from printplay.render.mats import mat_prints_pieces
from printplay.render.words_markup import Words

ResultKey = SeedDeal | int | tuple[int, tuple[str, ...]]
"""A curated deal, a deal number and its options, or a deal number: how precomputed results
are given."""


@dataclass(frozen=True)
class Kit:
    """What :func:`build_kit` wrote."""

    path: Path
    game: str
    pages: int
    parts: tuple[PartPages, ...]
    blanks: tuple[int, ...]
    """The kit's blank pages (1-based)."""
    left_out: tuple[str, ...]
    """What the game has no source for yet, in words (printed on the cover too)."""
    bookmarks: tuple[Bookmark, ...]
    deals: tuple[SeedDeal, ...]
    lite: bool = False

    @property
    def sheets(self) -> int:
        """The sheets of paper the kit takes, printed on both sides as it is meant to be."""
        return -(-self.pages // 2)


RUN_ON = frozenset({"rulebook", "sheets", "puzzles"})
"""The parts of a lite kit whose documents start on the next page, front or back, rather
than on a fresh sheet (the parts to cut out or tape together, and the deck, still start on
one)."""


def build_kit(
    game: str,
    path: Path | str,
    *,
    paper: str = "a4",
    deals: Sequence[int] | Sequence[SeedDeal] | None = None,
    deck: bool = True,
    rules_dir: Path | None = None,
    results: Mapping[ResultKey, Line] | None = None,
    puzzles: bool = True,
    lite: bool = False,
    made: Made | None = None,
    sketched: Mapping[str, int] | None = None,
) -> Kit:
    """Write the print-and-play kit of ``game`` to ``path`` (see the module text).

    ``deals`` picks the curated deals by number (by default the whole collection), or
    gives them (the website's featured deals, a deal number twice under different
    options); ``deck`` leaves the deck out when false; ``rules_dir`` is a folder of house
    sources (rulebook, quick-reference cards, the kit's words); ``results`` maps deals (a
    :class:`~printplay.analysis.curated.SeedDeal`, a deal number and its options, or a deal number)
    to solver results to print instead of searching (tests pass precomputed lines);
    ``puzzles`` leaves the curated puzzle book out when false; ``lite`` makes the lite kit
    (see the module text); ``made`` holds parts made already
    (:data:`~printplay.makers.requests.Made`, a sheet's request with its result), whose
    pages the kit takes instead of typesetting them again; ``sketched`` is where the first
    layout pass of the game's curated puzzle book found its marks, printed already (the
    demo's book): the kit's book starts from there.  A lite kit takes only parts drawn
    ink-light (:func:`~printplay.makers.requests.made_key`) and no full book's marks.
    """
    game_entry = entry(game)
    path = check_writable(Path(path))
    paper_size(paper)
    words = printable_words("kit.j2", house_path(rules_dir))
    given = [deal for deal in deals or () if isinstance(deal, SeedDeal)]
    numbers = None if deals is None or given else [d for d in deals if isinstance(d, int)]
    chosen = given or kit_deals(game_entry.name, numbers)
    if "sheet" not in game_entry.printables:
        chosen = []
    register_fonts()
    with tempfile.TemporaryDirectory(prefix="printplay-kit-") as name, ink_light(lite):
        folder = Path(name)
        parts, left_out = _parts(
            game_entry,
            folder,
            paper,
            chosen,
            deck,
            rules_dir,
            results or {},
            words,
            puzzles=puzzles,
            lite=lite,
            made=made or {},  # looked up in the kit's ink mode: a lite kit takes no full part
            sketched=None if lite else sketched,  # found by a book drawn in full ink
        )
        sequence, blanks, part_pages = _build_parts(parts, RUN_ON if lite else frozenset())
        marks = bookmarks(parts, words)
        front = folder / "front.pdf"
        draw_front(
            front,
            game_entry.title,
            paper,
            parts,
            part_pages,
            left_out,
            len(sequence),
            words,
            lite=lite,
        )
        blank = folder / "blank.pdf"
        draw_blank(blank, paper, words)
        title = words("kit_title", game=game_entry.title)

        def produce(tmp_name: str) -> None:
            numbered = [deal_label(deal) for deal in chosen if deal.seed is not None]
            merge(tmp_name, front, blank, sequence, marks, title, game_entry.title, numbered)

        write_atomically(path, produce)
    return Kit(
        path,
        game_entry.name,
        FRONT_PAGES + len(sequence),
        tuple(part_pages),
        tuple(blanks),
        tuple(left_out),
        tuple(marks),
        tuple(chosen),
        lite,
    )


def _parts(
    game: GameEntry,
    folder: Path,
    paper: str,
    deals: Sequence[SeedDeal],
    deck: bool,
    rules_dir: Path | None,
    results: Mapping[ResultKey, Line],
    words: Words,
    *,
    puzzles: bool = True,
    lite: bool = False,
    made: Made | None = None,
    sketched: Mapping[str, int] | None = None,
) -> tuple[list[KitPart], list[str]]:
    """The parts of ``game``'s kit, in order, and what is left out for want of a source."""
    parts: list[KitPart] = []
    left_out: list[str] = []
    counter = itertools.count(1)
    made = made or {}

    def printable(title: str, kind: str, deal: SeedDeal | None = None) -> KitDocument:
        """A part's document: ``kind`` as the registry makes it, of ``deal`` if any, unless
        ``made`` holds it."""
        target = folder / f"{next(counter)}-{kind.replace(' ', '-')}.pdf"
        request = PrintRequest(game.name, target, paper=paper, rules_dir=rules_dir)
        if deal is not None:
            request = replace(
                request,
                option_texts=deal.options,
                seed=deal.seed,
                deal_codes=deal.cards,
                result=_result(results, deal),
            )

        def make() -> Path:
            return make_printable(kind, request)

        return KitDocument(title, make, made.get(made_key(kind, request)))

    def add(
        kind: str, title: str, sides: str, documents: list[KitDocument], **facts: object
    ) -> None:
        parts.append(KitPart(kind, title, sides, documents, facts))

    # The rulebook's source, gathered once: the check that it is written and the
    # quick-reference cards read it.  The rulebook is its maker's (rendered and typeset
    # under one house deadline), unless made already.
    source = rulebook_source(game.name, rules_dir=rules_dir)
    has_source = source.exists()
    if "rulebook" in game.printables:
        if has_source:
            title = words("part_title", kind="rulebook", game=game.title)
            add("rulebook", title, "both", [printable("", "rulebook")])
        else:
            where = f"rules/{source.template}"
            left_out.append(words("left_out_rulebook", game=game.title, source=where))
    for kind in game.printables:
        if kind not in ("rulebook", "sheet", "mat"):
            title = words("part_title", kind="other", game=game.title, name=kind)
            add(kind, title, "one", [printable("", kind)])
    # A mat prints the game's pieces on its first page (one side only, nothing lost on its
    # back when they are cut out): they need no sheet of their own.
    on_mat = tuple(game.pieces) if "mat" in game.printables and mat_prints_pieces(words) else ()
    if "mat" in game.printables:
        title = words("part_title", kind="mat", game=game.title, pieces=on_mat)
        add("mat", title, "one", [printable("", "mat")])
    loose = tuple(piece for piece in game.pieces if piece not in on_mat)
    if loose:

        def components() -> Path:
            from printplay.makers.components_maker import make_components

            return make_components(
                folder / "components.pdf", paper=paper, kinds=loose, words=game.pieces
            )

        title = words("part_title", kind="components", game=game.title, pieces=loose)
        add("components", title, "one", [KitDocument("", components)])
    if deals:
        sheets = []
        for deal in deals:
            name = f"deal {deal.seed}" if deal.seed is not None else "an explicit deal"
            heading = words(
                "deal_title", deal=name, rules=", ".join(deal.options), verdict=deal.verdict
            )
            sheets.append(printable(heading, "sheet", deal=deal))
        numbers = [deal_label(deal) for deal in deals if deal.seed is not None]
        title = words("part_title", kind="sheets", game=game.title)
        add("sheets", title, "both", sheets, deals=numbers)
    if puzzles and has_curated_book(game.name):
        from printplay.makers.book_maker import curated_book

        def book() -> Path:
            target = folder / "puzzles.pdf"
            found = curated_book(
                game.name, target, paper=paper, sketched=sketched, rules_dir=rules_dir
            )
            return found[0]

        title = words("part_title", kind="puzzles", game=game.title)
        add("puzzles", title, "both", [KitDocument("", book)], deals=curated_count(game.name))
    if deck:
        text = quick_card_words(source) if has_source else None
        quick = text is not None
        if has_source and not quick:
            where = f"rules/{source.template}"
            left_out.append(words("left_out_quick", game=game.title, source=where))

        from printplay.render.deck import DeckOptions, QuickRef, plan_deck

        # A lite deck leaves out the jokers of a game that never deals one: its
        # quick-reference cards then fit on the last sheet of cards.
        jokers = 2 if not lite or _has_jokers(game) else 0
        plan = plan_deck(
            DeckOptions(
                paper=paper, quick_ref=(game.name,) if quick else (), jokers=jokers, lite=lite
            )
        )

        def build_deck_part() -> Path:
            from printplay.render.deck import build_deck

            # The deck is the kit's last part: its print check says how long the kit is.
            return build_deck(
                folder / "deck.pdf",
                paper=paper,
                quick_ref={game.name: text} if text is not None else None,
                file_pages=first_page_number() - 1 + len(plan),
                jokers=jokers,
                lite=lite,
            )

        faces = [slot.card for page in plan if page.kind == "faces" for slot in page.slots]
        extra = sum(isinstance(card, QuickRef) for card in faces)
        title = words("part_title", kind="deck", game=game.title, name="quick" if quick else "")
        add(
            "deck",
            title,
            "both",
            [KitDocument("", build_deck_part)],
            cards=len(faces) - extra,
            quick=extra,
            **({"lite": True} if lite else {}),
        )
    return parts, left_out


def _has_jokers(game: GameEntry) -> bool:
    """Whether ``game`` has an option that deals jokers."""
    return any(spec.name == "jokers" for spec in option_specs(game.options_type))


def _result(results: Mapping[ResultKey, Line], deal: SeedDeal) -> Line | None:
    """The result given for ``deal``: under the deal itself, its number and options, or its
    number; else the line the curated deal is stored with, checked (none: the sheet
    searches)."""
    if deal in results:
        return results[deal]
    given = None
    if deal.seed is not None:
        given = results.get((deal.seed, deal.options), results.get(deal.seed))
    return given if given is not None else stored_line(deal)


def _build_parts(
    parts: list[KitPart], run_on: Collection[str] = ()
) -> tuple[list[tuple[PdfReader | None, int]], list[int], list[PartPages]]:
    """Build every part in order, each document starting on an odd page (a fresh sheet),
    but those of the kinds of ``run_on``, which start on the next page, or take its pages
    renumbered if it was made already; the kit's pages after the front matter, as
    ``(pages, page)`` (``None``: a blank back), the blank pages and where each part is."""
    sequence: list[tuple[PdfReader | None, int]] = []
    blanks: list[int] = []
    part_pages: list[PartPages] = []

    def page() -> int:
        return FRONT_PAGES + len(sequence)

    def blank() -> None:
        sequence.append((None, 0))
        blanks.append(page())

    for part in parts:
        for document in part.documents:
            if page() % 2 and part.kind not in run_on:  # the next page would be a back
                blank()
            document.first = page() + 1
            reader = None if document.made is None else renumbered(document.made, document.first)
            if reader is None:
                with numbered_from(document.first):
                    document.path = document.make()
                reader = PdfReader(document.path)
            else:
                document.path = document.made
            document.reader = reader
            document.pages = len(reader.pages)
            for index in range(document.pages):
                sequence.append((reader, index))
                if part.sides == "one":
                    blank()
            document.outline = outline(reader, document.first - 1, part.sides, 0)
        first = part.documents[0].first
        part_pages.append(
            PartPages(
                part.kind,
                part.title,
                first,
                page(),
                part.sides,
                len(part.documents),
                sum(d.pages for d in part.documents),
            )
        )
    return sequence, blanks, part_pages


@dataclass(frozen=True)
class KitJob:
    """:func:`build_kit` as a job (:mod:`printplay.makers.jobs`): a game's kit, the parts
    ``made`` holds taken from there."""

    game: str
    target: Path
    paper: str
    deals: tuple[int, ...] | tuple[SeedDeal, ...] | None
    rules_dir: Path | None
    results: Mapping[ResultKey, Line]
    made: Made
    sketched: Mapping[str, int] | None = None

    def run(self) -> Kit:
        """Make it."""
        return build_kit(
            self.game,
            self.target,
            paper=self.paper,
            deals=self.deals,
            rules_dir=self.rules_dir,
            results=self.results,
            made=self.made,
            sketched=self.sketched,
        )


def make_kit(
    request: PrintRequest, *, deals: Sequence[int] | None = None, deck: bool = True
) -> Path:
    """The kit of ``request.game`` at ``request.path`` (its paper and house sources)."""
    return build_kit(
        request.game,
        request.path,
        paper=request.paper,
        deals=deals,
        deck=deck,
        rules_dir=request.rules_dir,
    ).path


__all__ = ["RUN_ON", "Kit", "KitJob", "ResultKey", "build_kit", "make_kit"]
