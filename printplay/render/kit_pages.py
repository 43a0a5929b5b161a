"""The print-and-play kit's own pages and its assembly: cover, contents, blank backs, the
merged file with its outline.

The kit's maker (:mod:`printplay.makers.kit_maker`) decides the parts and makes each one,
or takes one made already (the demo's rulebook, the website's sheets): its pages are the
kit's with the footers numbering them as the kit does (:func:`renumbered`), the very
bytes typesetting it again would give.  This module draws the front pages and the blank
page and puts the kit together with pypdf.  The same input gives the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pypdf import PageObject, PdfReader, PdfWriter
from pypdf.generic import (
    BooleanObject,
    Destination,
    EncodedStreamObject,
    IndirectObject,
    NameObject,
    StreamObject,
)
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfdoc import PDFBase85Encode, PDFZCompress
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, PageBreak, Table, TableStyle

from printplay import __version__
from printplay.core.errors import OutputError
from printplay.render.document import (
    PageSetup,
    Paragraph,
    build_pdf,
    paper_size,
    paper_width,
    pdf_date,
    renumber_footer,
    write_atomically,
)
from printplay.render.fonts import SANS
from printplay.render.styles import Styles, TableCommand, book_styles
from printplay.render.words_markup import Words

FRONT_PAGES = 2
"""The cover and the contents page."""

TOC_DEPTH = {"rulebook": 2}
"""How deep the contents page lists a part's own outline (1: its top entries)."""


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


@dataclass
class KitDocument:
    """One PDF of a part (the sheets are one a deal), under a title of its own if any.

    ``make`` writes it and returns its path; it is called when the page it starts on is
    known, inside :func:`~printplay.render.document.numbered_from` that page.  ``made`` is
    the same PDF made already, numbered from page 1, if there is one: its pages are then
    taken, renumbered (:func:`renumbered`), instead.  ``reader`` holds the pages the kit
    prints."""

    title: str
    make: Callable[[], Path]
    made: Path | None = None
    path: Path | None = None
    reader: PdfReader | None = None
    first: int = 0
    pages: int = 0
    outline: list[Bookmark] = field(default_factory=list)


@dataclass
class KitPart:
    kind: str
    title: str
    sides: str
    documents: list[KitDocument]
    facts: dict[str, object] = field(default_factory=dict)
    """What the cover says of the part (``part_detail`` of ``kit.j2``)."""


def _as_reportlab_writes(data: bytes, filters: tuple[str, ...]) -> bytes | None:
    """A page's drawing encoded through ``filters`` as reportlab encodes it (so that a page
    renumbered is the stream reportlab would have written); ``None`` for other filters."""
    if filters == ("/FlateDecode",):
        return bytes(PDFZCompress.encode(data))
    if filters == ("/ASCII85Decode", "/FlateDecode"):
        return str(PDFBase85Encode.encode(PDFZCompress.encode(data))).encode("latin-1")
    return None


def _as_reportlab_wrote(stream: EncodedStreamObject, filters: tuple[str, ...]) -> bytes:
    """A page's drawing, decoded: through reportlab's own decoders (C) for the filters
    reportlab writes (:func:`_as_reportlab_writes`), else through pypdf's (whose ASCII85
    decoder, in Python, took ten times as long on a kit's parts)."""
    raw = StreamObject.get_data(stream)  # the bytes as stored
    if filters == ("/FlateDecode",):
        return bytes(PDFZCompress.decode(raw))
    if filters == ("/ASCII85Decode", "/FlateDecode"):
        return bytes(PDFZCompress.decode(PDFBase85Encode.decode(raw)))
    return stream.get_data()


def _font_widths(page: PageObject) -> Callable[[str], dict[int, float]]:
    """The widths of the codes of a page's fonts, by the name the page gives each, read
    from their ``/Widths`` (none for a font the page does not hold)."""

    def widths(name: str) -> dict[int, float]:
        fonts = page.get("/Resources", {}).get("/Font", {})
        if name not in fonts:
            return {}
        font = fonts[name].get_object()
        first = int(font.get("/FirstChar", 0))
        return {first + i: float(width) for i, width in enumerate(font.get("/Widths", []))}

    return widths


def renumbered(path: Path, first: int) -> PdfReader | None:
    """The pages of the PDF at ``path``, typeset with its pages numbered from 1, with their
    footers numbering them from ``first`` (in memory, the file untouched): the pages
    typesetting it again inside :func:`~printplay.render.document.numbered_from` would
    give, byte for byte.  ``None`` if a page's footer cannot be renumbered for certain (see
    :func:`~printplay.render.document.renumber_footer`): the part is then typeset again."""
    reader = PdfReader(path)
    for index, page in enumerate(reader.pages):
        contents = page.get("/Contents")
        stream = contents.get_object() if contents is not None else None
        if not isinstance(stream, EncodedStreamObject):
            return None
        found = stream.get("/Filter", ())
        filters = tuple(str(f) for f in found) if isinstance(found, list) else (str(found),)
        width = paper_width(float(page.mediabox.width))
        if width is None:
            return None
        content = _as_reportlab_wrote(stream, filters)
        new = renumber_footer(content, index + 1, first + index, width, _font_widths(page))
        if new is None:
            return None
        if new != content:
            encoded = _as_reportlab_writes(new, filters)
            if encoded is None:
                return None
            StreamObject.set_data(stream, encoded)
            stream.decoded_self = None
    return reader


def outline(reader: PdfReader, offset: int, sides: str, level: int) -> list[Bookmark]:
    """The outline of a part's PDF, its pages moved to where they sit in the kit."""
    step = 2 if sides == "one" else 1
    found: list[Bookmark] = []

    def walk(items: Sequence[object], depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            elif isinstance(item, Destination):
                page = reader.get_destination_page_number(item)
                if page is not None:
                    found.append(Bookmark(str(item.title), offset + page * step, level + depth))

    walk(reader.outline, 0)
    return found


def bookmarks(parts: Sequence[KitPart], words: Words) -> list[Bookmark]:
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


def toc_rows(parts: Sequence[KitPart], depth_limit: int | None) -> list[tuple[str, int, int]]:
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


def draw_front(
    path: Path,
    game: str,
    paper: str,
    parts: Sequence[KitPart],
    part_pages: Sequence[PartPages],
    left_out: Sequence[str],
    body_pages: int,
    words: Words,
    *,
    lite: bool = False,
) -> None:
    """The cover and the contents page of the kit of ``game`` (its title): two pages,
    whatever the contents (the contents list less deep if it would run over); ``lite``:
    the lite kit's (its words say how it differs and how to print it)."""
    styles = book_styles()
    title = words("kit_title", game=game)
    setup = PageSetup(
        paper=paper,
        title=title,
        footer=f"printplay · {title}",
        subject=title,
        keywords=(game, "print and play", "kit"),
    )
    total = FRONT_PAGES + body_pages
    rows = []
    check = cards = ""
    for part, where in zip(parts, part_pages, strict=True):
        pages = f"{where.first}–{where.last}" if where.last > where.first else str(where.first)
        sheets = sum(d.pages for d in part.documents)
        if part.kind == "mat":
            sheets -= 1  # its first page shows the whole mat
        facts = {"sheets": sheets, **part.facts}
        detail = words("part_detail", kind=part.kind, **facts)
        what = f"**{part.title}**" + (f": {detail}" if detail else "")
        rows.append([pages, what, words("print_note", kind=part.kind, sides=part.sides)])
        if part.kind == "deck" and lite:
            cards = str(where.first)  # a lite deck has no print check: its first sheet
        elif part.kind == "deck":
            check = f"{where.first}–{where.first + 1}"
    from printplay.render.markdown_pdf import markdown_to_flowables, page_errors

    cover = words.markdown(
        "cover_markdown",
        game=game,
        parts=rows,
        total=total,
        check=check,
        left_out=list(left_out),
        # (Only the lite kit names the words it adds: a house kit.j2 need not know them.)
        **({"lite": True, "cards": cards} if lite else {}),
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
        story.append(_toc_table(toc_rows(parts, depth), width, styles))
        with page_errors("kit.j2 (cover_markdown)"):
            build_pdf(path, story, setup)
        if len(PdfReader(path).pages) == FRONT_PAGES:
            return
    raise OutputError("the kit's cover and contents do not fit on two pages")


def _toc_table(rows: Sequence[tuple[str, int, int]], width: float, styles: Styles) -> Table:
    from reportlab.lib.styles import ParagraphStyle

    cells = []
    commands: list[TableCommand] = [
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


def draw_blank(path: Path, paper: str, words: Words) -> None:
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


def merge(
    target: str,
    front: Path,
    blank: Path,
    sequence: Sequence[tuple[PdfReader | None, int]],
    bookmarks: Sequence[Bookmark],
    title: str,
    game: str,
    deals: Sequence[str],
) -> None:
    """Put the kit together: the front pages, then every part's pages (``sequence``: a
    part's pages as :attr:`KitDocument.reader` holds them, ``None`` for a blank back) and
    blank backs in order, the outline, the document information (``game``: the game's
    title; ``deals``: the numbered deals its sheets show, as labelled) and the viewer
    preferences."""
    writer = PdfWriter()
    for page in PdfReader(front).pages:
        writer.add_page(page)
    backs = PdfReader(blank)
    for reader, index in sequence:
        writer.add_page((backs if reader is None else reader).pages[index])
    parents: list[IndirectObject] = []
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
    numbers = ", ".join(deals)
    writer.add_metadata(
        {
            "/Title": title,
            "/Author": "printplay",
            "/Creator": f"printplay {__version__}",
            "/Producer": f"printplay {__version__} (reportlab, pypdf)",
            "/Subject": f"{title}" + (f": deals {numbers}" if numbers else ""),
            "/Keywords": ", ".join([game, "print and play", "kit"]),
            "/CreationDate": pdf_date(),
            "/ModDate": pdf_date(),
        }
    )
    out = io.BytesIO()
    writer.write(out)
    Path(target).write_bytes(out.getvalue())


__all__ = [
    "FRONT_PAGES",
    "Bookmark",
    "KitDocument",
    "KitPart",
    "PartPages",
    "bookmarks",
    "draw_blank",
    "draw_front",
    "merge",
    "outline",
    "renumbered",
    "toc_rows",
]
