"""The print-and-play kit: everything to play one game at a real table, in one PDF.

A kit is the game's printables, built by their own builders and put together with pypdf,
after a cover (what is inside, how to print) and a contents page:

- the rulebook (if the game's rulebook source is written);
- the game's other printables (a table card …);
- the table mat (a solitaire) and the pieces the game needs (chips, the ball, a dealer
  button: the registry's ``pieces``);
- setup sheets with walkthroughs of a few curated deals (``seeds/<game>.json``, collection
  ``first-deals``, else ``demo``; ``deals`` picks them by number);
- the deck, with the game's quick-reference cards when its rulebook source defines them.

The registry decides which parts a game has; nothing here names a game.  The kit is meant
to be printed whole on both sides: every part starts on a fresh sheet (an odd page), and
the pages meant for one side only (the mat, the pieces, a table card) are followed by blank
backs.  The rulebook's and the sheets' footers number the kit's pages, the contents page
gives every part's first page, and the PDF's outline (bookmarks) holds every part with its
own outline inside.  The same input gives the same bytes.
"""

from __future__ import annotations

import io
import itertools
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pypdf import PdfReader, PdfWriter
from pypdf.generic import BooleanObject, NameObject
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, PageBreak, Paragraph, Table, TableStyle

from printplay import __version__
from printplay.curated import SeedDeal, collections, pick
from printplay.deal import check_seed
from printplay.errors import OutputError
from printplay.games import GameEntry, entry
from printplay.render.document import (
    PageSetup,
    build_pdf,
    check_writable,
    numbered_from,
    paper_size,
    write_atomically,
)
from printplay.render.fonts import SANS, register_fonts
from printplay.render.printables import PrintRequest, make_printable
from printplay.render.rulebook import Words
from printplay.render.styles import book_styles

FRONT_PAGES = 2
"""The cover and the contents page."""

COLLECTIONS = ("first-deals", "demo")
"""Where a kit's deals come from: the first of these collections the game has."""

DEFAULT_DEAL = 1
"""The deal of a game with no curated collection."""

TOC_DEPTH = {"rulebook": 2}
"""How deep the contents page lists a part's own outline (1: its top entries)."""

FIXED_DATE = "D:20000101000000+00'00'"
"""The kit's creation date, as reportlab's invariant mode writes it: no clock in the file."""


@dataclass(frozen=True)
class Bookmark:
    """An outline entry of the kit: its title, its page (0-based) and its level."""

    title: str
    page: int
    level: int


@dataclass(frozen=True)
class PartPages:
    """Where a part of the kit is: its pages (1-based, blank backs included)."""

    kind: str
    title: str
    first: int
    last: int
    sides: str
    """``"both"`` or ``"one"`` (each page followed by a blank back)."""
    documents: int = 1
    printed: int = 0
    """The pages of the part's own PDFs (blank pages not counted)."""


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


@dataclass
class _Document:
    """One PDF of a part (the sheets are one a deal), under a title of its own if any.

    ``make`` writes it and returns its path; it is called when the page it starts on is
    known, inside :func:`~printplay.render.document.numbered_from` that page."""

    title: str
    make: Callable[[], Path]
    path: Path | None = None
    first: int = 0
    pages: int = 0
    outline: list[Bookmark] = field(default_factory=list)


@dataclass
class _Part:
    kind: str
    title: str
    sides: str
    documents: list[_Document]
    facts: dict[str, Any] = field(default_factory=dict)
    """What the cover says of the part (``part_detail`` of ``kit.j2``)."""


def kit_deals(game: str, numbers: Sequence[int] | None = None) -> list[SeedDeal]:
    """The curated deals a kit of ``game`` prints: the game's first collection of
    :data:`COLLECTIONS`, or those of ``numbers`` (a number the collection lacks is dealt
    with the standard options; a game with no collection deals :data:`DEFAULT_DEAL`)."""
    for number in numbers or ():
        check_seed(number)
    names = [c.name for c in collections(game)]
    found = next((name for name in COLLECTIONS if name in names), None)
    if found is not None:
        return pick(game, found, None if numbers is None else list(numbers))
    seeds = list(numbers) if numbers is not None else [DEFAULT_DEAL]
    return [SeedDeal(entry(game).name, (), seed=seed) for seed in seeds]


def _outline(path: Path, offset: int, sides: str, level: int) -> list[Bookmark]:
    """The outline of the PDF at ``path``, its pages moved to where they sit in the kit."""
    reader = PdfReader(path)
    step = 2 if sides == "one" else 1
    found: list[Bookmark] = []

    def walk(items: Sequence[Any], depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                page = reader.get_destination_page_number(item)
                if page is not None:
                    found.append(Bookmark(str(item.title), offset + page * step, level + depth))

    walk(reader.outline, 0)
    return found


def build_kit(
    game: str,
    path: Path | str,
    *,
    paper: str = "a4",
    deals: Sequence[int] | None = None,
    deck: bool = True,
    rules_dir: Path | None = None,
    results: Mapping[int, Any] | None = None,
) -> Kit:
    """Write the print-and-play kit of ``game`` to ``path`` (see the module text).

    ``deals`` picks the curated deals by number (by default the whole collection); ``deck``
    leaves the deck out when false; ``rules_dir`` is a folder of house sources (rulebook,
    quick-reference cards, the kit's words); ``results`` maps deal numbers to solver results
    to print instead of searching (tests pass precomputed lines).
    """
    game_entry = entry(game)
    path = check_writable(Path(path))
    paper_size(paper)
    words = Words("kit.j2", [rules_dir] if rules_dir is not None else [])
    chosen = kit_deals(game_entry.name, deals) if "sheet" in game_entry.printables else []
    register_fonts()
    with tempfile.TemporaryDirectory(prefix="printplay-kit-") as name:
        folder = Path(name)
        parts, left_out = _parts(
            game_entry, folder, paper, chosen, deck, rules_dir, results or {}, words
        )
        sequence, blanks, part_pages = _build_parts(parts)
        bookmarks = _bookmarks(parts, words)
        front = folder / "front.pdf"
        _build_front(front, game_entry, paper, parts, part_pages, left_out, len(sequence), words)
        blank = folder / "blank.pdf"
        _build_blank(blank, paper, words)
        title = words("kit_title", game=game_entry.title)

        def produce(tmp_name: str) -> None:
            _merge(tmp_name, front, blank, sequence, bookmarks, title, game_entry, chosen)

        write_atomically(path, produce)
    return Kit(
        path,
        game_entry.name,
        FRONT_PAGES + len(sequence),
        tuple(part_pages),
        tuple(blanks),
        tuple(left_out),
        tuple(bookmarks),
        tuple(chosen),
    )


def _parts(
    game: GameEntry,
    folder: Path,
    paper: str,
    deals: Sequence[SeedDeal],
    deck: bool,
    rules_dir: Path | None,
    results: Mapping[int, Any],
    words: Words,
) -> tuple[list[_Part], list[str]]:
    """The parts of ``game``'s kit, in order, and what is left out for want of a source."""
    from printplay.render.quickref import quick_card_text, rulebook_source

    parts: list[_Part] = []
    left_out: list[str] = []
    counter = itertools.count(1)

    def printable(kind: str, **request: Any) -> Callable[[], Path]:
        target = folder / f"{next(counter)}-{kind.replace(' ', '-')}.pdf"

        def make() -> Path:
            return make_printable(
                kind,
                PrintRequest(game.name, target, paper=paper, rules_dir=rules_dir, **request),
            )

        return make

    def add(kind: str, title: str, sides: str, documents: list[_Document], **facts: Any) -> None:
        parts.append(_Part(kind, title, sides, documents, facts))

    source = rulebook_source(game.name, rules_dir=rules_dir)
    has_source = source.exists()
    if "rulebook" in game.printables:
        if has_source:
            title = words("part_title", kind="rulebook", game=game.title)
            add("rulebook", title, "both", [_Document("", printable("rulebook"))])
        else:
            where = f"rules/{source.template}"
            left_out.append(words("left_out_rulebook", game=game.title, source=where))
    for kind in game.printables:
        if kind not in ("rulebook", "sheet", "mat"):
            title = words("part_title", kind="other", game=game.title, name=kind)
            add(kind, title, "one", [_Document("", printable(kind))])
    if "mat" in game.printables:
        title = words("part_title", kind="mat", game=game.title)
        add("mat", title, "one", [_Document("", printable("mat"))])
    if game.pieces:

        def components() -> Path:
            from printplay.render.components import build_components

            return build_components(folder / "components.pdf", paper=paper, kinds=game.pieces)

        title = words("part_title", kind="components", game=game.title, pieces=game.pieces)
        add("components", title, "one", [_Document("", components)])
    if deals:
        sheets = []
        for deal in deals:
            name = f"deal {deal.seed}" if deal.seed is not None else "an explicit deal"
            heading = words(
                "deal_title", deal=name, rules=", ".join(deal.options), verdict=deal.verdict
            )
            make = printable(
                "sheet",
                option_texts=deal.options,
                seed=deal.seed,
                deal_codes=deal.cards,
                result=results.get(deal.seed) if deal.seed is not None else None,
            )
            sheets.append(_Document(heading, make))
        numbers = [str(deal.seed) for deal in deals if deal.seed is not None]
        title = words("part_title", kind="sheets", game=game.title)
        add("sheets", title, "both", sheets, deals=numbers)
    if deck:
        quick = has_source and quick_card_text(game.name, rules_dir=rules_dir) is not None
        if has_source and not quick:
            where = f"rules/{source.template}"
            left_out.append(words("left_out_quick", game=game.title, source=where))

        def build_deck_part() -> Path:
            from printplay.render.deck import build_deck

            return build_deck(
                folder / "deck.pdf",
                paper=paper,
                quick_ref=(game.name,) if quick else (),
                rules_dir=rules_dir,
            )

        from printplay.render.deck import DeckOptions, QuickRef, plan_deck

        plan = plan_deck(DeckOptions(paper=paper, quick_ref=(game.name,) if quick else ()))
        faces = [slot.card for page in plan if page.kind == "faces" for slot in page.slots]
        extra = sum(isinstance(card, QuickRef) for card in faces)
        title = words("part_title", kind="deck", game=game.title, name="quick" if quick else "")
        add(
            "deck",
            title,
            "both",
            [_Document("", build_deck_part)],
            cards=len(faces) - extra,
            quick=extra,
        )
    return parts, left_out


def _build_parts(
    parts: list[_Part],
) -> tuple[list[tuple[Path | None, int]], list[int], list[PartPages]]:
    """Build every part in order, each document starting on an odd page (a fresh sheet);
    the kit's pages after the front matter, as ``(file, page)`` (``None``: a blank back),
    the blank pages and where each part is."""
    sequence: list[tuple[Path | None, int]] = []
    blanks: list[int] = []
    part_pages: list[PartPages] = []

    def page() -> int:
        return FRONT_PAGES + len(sequence)

    def blank() -> None:
        sequence.append((None, 0))
        blanks.append(page())

    for part in parts:
        for document in part.documents:
            if page() % 2:  # the next page would be a back
                blank()
            document.first = page() + 1
            with numbered_from(document.first):
                document.path = document.make()
            document.pages = len(PdfReader(document.path).pages)
            for index in range(document.pages):
                sequence.append((document.path, index))
                if part.sides == "one":
                    blank()
            document.outline = _outline(document.path, document.first - 1, part.sides, 0)
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


def _bookmarks(parts: Sequence[_Part], words: Words) -> list[Bookmark]:
    """The kit's outline: the cover and contents, then each part and inside it its
    documents (titled, for sheets) with their own outlines."""
    marks = [Bookmark(words("cover_heading"), 0, 0), Bookmark(words("contents_heading"), 1, 0)]
    for part in parts:
        marks.append(Bookmark(part.title, part.documents[0].first - 1, 0))
        for document in part.documents:
            depth = 1
            if document.title:
                marks.append(Bookmark(document.title, document.first - 1, 1))
                depth = 2
            marks += [Bookmark(m.title, m.page, m.level + depth) for m in document.outline]
    return marks


def _toc_rows(parts: Sequence[_Part], depth_limit: int | None) -> list[tuple[str, int, int]]:
    """The contents page's rows: (title, page, level)."""
    rows: list[tuple[str, int, int]] = []
    for part in parts:
        rows.append((part.title, part.documents[0].first, 0))
        depth = TOC_DEPTH.get(part.kind, 1)
        if depth_limit is not None:
            depth = min(depth, depth_limit)
        for document in part.documents:
            if document.title:
                if depth >= 1:
                    rows.append((document.title, document.first, 1))
                continue
            for mark in document.outline:
                if mark.level < depth:
                    rows.append((mark.title, mark.page + 1, 1 + mark.level))
    return rows


def _build_front(
    path: Path,
    game: GameEntry,
    paper: str,
    parts: Sequence[_Part],
    part_pages: Sequence[PartPages],
    left_out: Sequence[str],
    body_pages: int,
    words: Words,
) -> None:
    """The cover and the contents page: two pages, whatever the contents (the contents
    list less deep if it would run over)."""
    styles = book_styles()
    title = words("kit_title", game=game.title)
    setup = PageSetup(
        paper=paper,
        title=title,
        footer=f"printplay · {title}",
        subject=title,
        keywords=(game.title, "print and play", "kit"),
    )
    total = FRONT_PAGES + body_pages
    rows = []
    check = ""
    for part, where in zip(parts, part_pages, strict=True):
        pages = f"{where.first}–{where.last}" if where.last > where.first else str(where.first)
        facts = {"sheets": sum(d.pages for d in part.documents), **part.facts}
        if part.kind == "mat":
            facts["sheets"] -= 1  # its first page shows the whole mat
        detail = words("part_detail", kind=part.kind, **facts)
        what = f"**{part.title}**" + (f": {detail}" if detail else "")
        rows.append([pages, what, words("print_note", kind=part.kind, sides=part.sides)])
        if part.kind == "deck":
            check = f"{where.first}–{where.first + 1}"
    from printplay.render.markdown_pdf import markdown_to_flowables, page_errors

    cover = words.markdown(
        "cover_markdown",
        game=game.title,
        parts=rows,
        total=total,
        check=check,
        left_out=list(left_out),
    )
    width = setup.frame_width
    for depth in (None, 1, 0):
        story: list[Flowable] = markdown_to_flowables(
            cover,
            width=width,
            height=setup.frame_height,
            outline=False,
            source="kit.j2 (cover_markdown)",
        )
        story.append(PageBreak())
        story.append(Paragraph(words("contents_heading"), styles.h1))
        story.append(_toc_table(_toc_rows(parts, depth), width, styles))
        with page_errors("kit.j2 (cover_markdown)"):
            build_pdf(path, story, setup)
        if len(PdfReader(path).pages) == FRONT_PAGES:
            return
    raise OutputError("the kit's cover and contents do not fit on two pages")


def _toc_table(rows: Sequence[tuple[str, int, int]], width: float, styles: Any) -> Table:
    from reportlab.lib.styles import ParagraphStyle

    cells = []
    commands: list[tuple[Any, ...]] = [
        ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 1.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2),
    ]
    for index, (title, page, level) in enumerate(rows):
        style = ParagraphStyle(
            f"toc-{level}",
            parent=styles.table_header if level == 0 else styles.table_cell,
            fontSize=11 if level == 0 else 9.5,
            leading=14 if level == 0 else 12,
            leftIndent=14 * level,
            textColor=styles.palette.accent if level == 0 else styles.palette.ink,
        )
        number = ParagraphStyle("n", parent=style, alignment=2, leftIndent=0)
        cells.append([Paragraph(title, style), Paragraph(str(page), number)])
        if level == 0 and index:
            commands.append(("TOPPADDING", (0, index), (-1, index), 7))
        commands.append(("LINEBELOW", (0, index), (-1, index), 0.3, styles.palette.rule))
    table = Table(cells, colWidths=[width - 20 * mm, 20 * mm], style=TableStyle(commands))
    return table


def _build_blank(path: Path, paper: str, words: Words) -> None:
    """A page with one small line on it (a page with nothing at all may be skipped by a
    printer, and the backs after it would slip a page)."""
    width, height = paper_size(paper)

    def produce(tmp_name: str) -> None:
        canvas = Canvas(tmp_name, pagesize=(width, height), invariant=1)
        canvas.setFont(SANS, 7)
        canvas.setFillGray(0.55)
        canvas.drawCentredString(width / 2, 20 * mm, words("blank_page"))
        canvas.showPage()
        canvas.save()

    write_atomically(path, produce)


def _merge(
    target: str,
    front: Path,
    blank: Path,
    sequence: Sequence[tuple[Path | None, int]],
    bookmarks: Sequence[Bookmark],
    title: str,
    game: GameEntry,
    deals: Sequence[SeedDeal],
) -> None:
    """Put the kit together: the front pages, then every part's pages and blank backs in
    order, the outline, the document information and the viewer preferences."""
    writer = PdfWriter()
    readers: dict[Path, PdfReader] = {}

    def reader(path: Path) -> PdfReader:
        if path not in readers:
            readers[path] = PdfReader(path)
        return readers[path]

    for page in reader(front).pages:
        writer.add_page(page)
    for path, index in sequence:
        writer.add_page(reader(blank if path is None else path).pages[index])
    parents: list[Any] = []
    for mark in bookmarks:
        del parents[mark.level :]
        parent = parents[-1] if parents else None
        item = writer.add_outline_item(
            title=mark.title, page_number=mark.page, parent=parent, is_open=mark.level == 0
        )
        parents.append(item)
    writer.page_mode = "/UseOutlines"
    preferences = writer.create_viewer_preferences()
    preferences[NameObject("/PrintScaling")] = NameObject("/None")
    preferences[NameObject("/Duplex")] = NameObject("/DuplexFlipLongEdge")
    preferences[NameObject("/DisplayDocTitle")] = BooleanObject(True)
    numbers = ", ".join(str(d.seed) for d in deals if d.seed is not None)
    writer.add_metadata(
        {
            "/Title": title,
            "/Author": "printplay",
            "/Creator": f"printplay {__version__}",
            "/Producer": f"printplay {__version__} (reportlab, pypdf)",
            "/Subject": f"{title}" + (f": deals {numbers}" if numbers else ""),
            "/Keywords": ", ".join([game.title, "print and play", "kit"]),
            "/CreationDate": FIXED_DATE,
            "/ModDate": FIXED_DATE,
        }
    )
    out = io.BytesIO()
    writer.write(out)
    Path(target).write_bytes(out.getvalue())


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


__all__ = [
    "COLLECTIONS",
    "Bookmark",
    "Kit",
    "PartPages",
    "build_kit",
    "kit_deals",
    "make_kit",
]
