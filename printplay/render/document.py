"""Paper, page furniture and PDF writing shared by every printable.

PDFs are built with reportlab's invariant mode, so identical input gives byte-identical
output, dated with :func:`pdf_epoch`, and written to a temporary file that replaces the
target only when complete (:mod:`printplay.core.outfile`).
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.styles import PropertySet
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate
from reportlab.platypus import Paragraph as PlainParagraph
from reportlab.platypus.paraparser import ParaFrag
from reportlab.rl_config import _FUZZ

from printplay import __version__
from printplay.core.errors import OutputError
from printplay.core.outfile import write_atomically as write_file
from printplay.render.fonts import SANS, register_fonts

PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}
"""Page sizes in points, portrait."""

MARGIN = 14 * mm
"""Margin on every side: inside what home printers can print."""


def paper_size(name: str) -> tuple[float, float]:
    """The page size for ``"a4"`` or ``"letter"``."""
    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise OutputError(f"unknown paper {name!r} (choose a4 or letter)") from None


def write_atomically(path: Path, produce: Callable[[str], None]) -> Path:
    """:func:`printplay.core.outfile.write_atomically` for PDFs: reportlab dates what
    ``produce`` writes with :func:`pdf_epoch` (checked before anything is written)."""
    epoch = pdf_epoch()

    def dated(tmp_name: str) -> None:
        with pdf_dates(epoch):
            produce(tmp_name)

    return write_file(path, dated)


RELEASE_EPOCH = 1_795_651_200
"""2026-11-26 00:00 UTC, the date of this version: every PDF says it was made then (a real
date that does not change from run to run), unless ``SOURCE_DATE_EPOCH`` says otherwise."""

_LAST_EPOCH = 253_402_300_799
"""9999-12-31 23:59:59 UTC, the last moment a PDF date can hold."""


def pdf_epoch() -> int:
    """The time PDFs are dated with: ``SOURCE_DATE_EPOCH`` (the reproducible-builds
    convention: whole seconds since 1970) if set, else :data:`RELEASE_EPOCH`.  A value that
    is not such a number is refused in one line."""
    raw = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not raw:
        return RELEASE_EPOCH
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 12 or int(raw) > _LAST_EPOCH:
        raise OutputError(
            f"SOURCE_DATE_EPOCH must be whole seconds since 1970 (up to the year 9999), "
            f"not {raw[:40]!r}: unset it or fix it"
        )
    return int(raw)


@contextlib.contextmanager
def pdf_dates(epoch: int | None = None) -> Iterator[None]:
    """Within the block, reportlab dates PDFs at ``epoch`` (by default :func:`pdf_epoch`)."""
    value = str(pdf_epoch() if epoch is None else epoch)
    previous = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = value
    try:
        yield
    finally:
        if previous is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = previous


def pdf_date(epoch: int | None = None) -> str:
    """A PDF date string (``D:20261126000000+00'00'``) for ``epoch`` (default
    :func:`pdf_epoch`)."""
    moment = time.gmtime(pdf_epoch() if epoch is None else epoch)
    return time.strftime("D:%Y%m%d%H%M%S+00'00'", moment)


@dataclass(frozen=True)
class PageSetup:
    """Paper, the running footer and the metadata of a document.

    ``title``, ``subject`` and ``keywords`` go into the PDF's document information, so a
    file names its game, deal and options wherever it is listed.
    """

    paper: str = "a4"
    title: str = ""
    footer: str = ""
    subject: str = ""
    keywords: tuple[str, ...] = ()
    true_size: bool = False
    """Whether something on the pages is to be printed at its true size (a token to cut
    out): the PDF asks viewers not to scale it (``/PrintScaling /None``)."""

    @property
    def size(self) -> tuple[float, float]:
        """Page width and height in points."""
        return paper_size(self.paper)

    @property
    def frame_width(self) -> float:
        """The width available to text between the margins."""
        return self.size[0] - 2 * MARGIN

    @property
    def frame_height(self) -> float:
        """The height available between the margins (footer excluded)."""
        return self.size[1] - 2 * MARGIN - 6 * mm


_FIRST_PAGE: ContextVar[int] = ContextVar("printplay_first_page", default=1)
"""The number printed on the first page of documents built now (see :func:`numbered_from`)."""


@contextlib.contextmanager
def numbered_from(first: int) -> Iterator[None]:
    """Number the pages of the documents built inside the block from ``first``: a part of a
    kit prints the kit's page numbers, which its contents page refers to."""
    token = _FIRST_PAGE.set(first)
    try:
        yield
    finally:
        _FIRST_PAGE.reset(token)


def page_offset() -> int:
    """What to add to a page's number within a document to get the number its footer
    prints (non-zero inside :func:`numbered_from`)."""
    return _FIRST_PAGE.get() - 1


FOOTER_SIZE = 7.5
"""The footer's type size in points."""


def fit_text(text: str, width: float, size: float, font: str = SANS) -> str:
    """``text`` cut to fit ``width`` points in ``font`` at ``size``, with an ellipsis
    where it was cut (at a word boundary where one is near)."""
    if stringWidth(text, font, size) <= width:
        return text
    cut = text
    while cut and stringWidth(cut + " …", font, size) > width:
        cut = cut[:-1]
    spaced = cut.rsplit(" ", 1)[0]
    cut = spaced if len(spaced) > len(cut) * 0.8 else cut
    return cut.rstrip(" ·,") + " …"


def first_page_number() -> int:
    """The number the documents built now print on their first page (1 unless inside
    :func:`numbered_from`)."""
    return _FIRST_PAGE.get()


def _page_label(number: int) -> str:
    """What the footer prints at the right of page ``number``."""
    return f"page {number}"


def _footer_room(width: float, label: str) -> float:
    """The points left for the footer's words on a page ``width`` wide beside ``label``."""
    return width - 2 * MARGIN - stringWidth(label, SANS, FOOTER_SIZE) - 6 * mm


def _draw_footer(setup: PageSetup) -> Callable[[Canvas, BaseDocTemplate], None]:
    offset = _FIRST_PAGE.get() - 1

    def draw(canvas: Canvas, doc: BaseDocTemplate) -> None:
        width, _ = setup.size
        if setup.true_size:
            canvas.setViewerPreference("PrintScaling", "None")
        page = _page_label(doc.page + offset)
        room = _footer_room(width, page)
        canvas.saveState()
        canvas.setFont(SANS, FOOTER_SIZE)
        canvas.setFillGray(0.35)
        canvas.drawString(MARGIN, MARGIN - 2 * mm, fit_text(setup.footer, room, FOOTER_SIZE))
        canvas.drawRightString(width - MARGIN, MARGIN - 2 * mm, page)
        canvas.restoreState()

    return draw


_FOOTER = re.compile(
    rb"\A[^\n]*\nq\n[^\n(]*\n"  # the page's first step, then the footer's state and grey
    rb"BT [^\n(]* Tm (?P<font>/\S+) [^\n(]*\((?P<words>(?:[^\\()\n]|\\.)*)\) Tj T\* ET\n"
    rb"(?P<number>BT 1 0 0 1 \S+ (?P<y>\S+) Tm (?P=font) (?P<size>[^\n(]*)"
    rb"\(page (?P<page>\d+)\) Tj T\* ET\n)Q\n"
)
"""The footer :func:`_draw_footer` draws first on every page of :func:`lay_out`: its words,
then the page's number."""

_SOME_FOOTER = re.compile(rb"\(page \d+\) Tj")

_PDF_ESCAPES = {ord(k): v for k, v in {"n": 10, "r": 13, "t": 9, "b": 8, "f": 12}.items()}


def _pdf_string(raw: bytes) -> bytes:
    """The bytes of a PDF literal string as written between its parentheses."""
    out = bytearray()
    index = 0
    while index < len(raw):
        byte = raw[index]
        index += 1
        if byte != 0x5C:  # a backslash
            out.append(byte)
            continue
        octal = re.match(rb"[0-7]{1,3}", raw[index : index + 3])
        if octal is not None:
            out.append(int(octal.group(), 8) & 0xFF)
            index += len(octal.group())
        elif index < len(raw):
            out.append(_PDF_ESCAPES.get(raw[index], raw[index]))
            index += 1
    return bytes(out)


def paper_width(written: float) -> float | None:
    """The width of the paper of :data:`PAPERS` a PDF's page box ``written`` (rounded, as
    the file holds it) is, portrait or landscape: the very number its pages were laid out
    on; ``None`` for another paper."""
    for size in PAPERS.values():
        for side in size:
            if abs(side - written) < 0.001:
                return side
    return None


def renumber_footer(
    content: bytes,
    old: int,
    new: int,
    width: float,
    widths: Callable[[str], Mapping[int, float]],
) -> bytes | None:
    """A page's drawing (``content``, as :func:`lay_out` wrote it) with its footer numbering
    it ``new`` instead of ``old``, exactly as a document built inside
    :func:`numbered_from` would have drawn it: the same bytes but for the number and where
    it starts.  ``width`` is the page's width (the paper's, :func:`paper_width`: the
    number the footer was placed by, not the file's rounding of it); ``widths(font)`` the
    widths of the codes of the font the page names ``font`` (``"/F1+0"``), in thousandths
    of its size (the PDF's ``/Widths``).

    A page with no footer comes back as it is.  ``None`` when the footer cannot be redrawn
    for certain: it is not as :func:`_draw_footer` draws it, it does not say ``old``, or
    its words were cut short or would be beside the wider number (where the footer's words
    would read differently)."""
    found = _FOOTER.match(content)
    if found is None:
        return None if _SOME_FOOTER.search(content, 0, 2000) else content
    if int(found["page"]) != old:
        return None

    def number(page: int) -> bytes:
        label = _page_label(page)
        x = fp_str(width - MARGIN - stringWidth(label, SANS, FOOTER_SIZE)).encode()
        return b"BT 1 0 0 1 %s %s Tm %s %s(%s) Tj T* ET\n" % (
            x,
            found["y"],
            found["font"],
            found["size"],
            label.encode(),
        )

    if number(old) != found["number"]:
        return None  # not drawn as this module draws it
    words = _pdf_string(found["words"])
    if words and not 0x20 < words[-1] < 0x7F:
        return None  # may end in the ellipsis of words cut short
    known = widths(found["font"].decode("latin-1"))
    if any(code not in known for code in words):
        return None
    words_width = sum(known[code] for code in words) * FOOTER_SIZE / 1000
    if words_width > _footer_room(width, _page_label(new)) - 0.01:
        return None
    return content[: found.start("number")] + number(new) + content[found.end("number") :]


_HEX_COLOR = re.compile(r"""\bcolor=(["'])#([0-9a-fA-F]{6})\1""")
"""A ``color`` attribute of a paragraph's markup written ``#rrggbb``."""


def css_color(found: re.Match[str]) -> str:
    """The ``color="#rrggbb"`` attribute ``found`` as ``color="rgb(r,g,b)"``: reportlab
    makes the same colour of both (each channel a byte over 255).

    >>> css_color(_HEX_COLOR.search('<font color="#c8102e">'))
    'color="rgb(200,16,46)"'
    """
    quote, digits = found.group(1), found.group(2)
    channels = ",".join(str(int(digits[i : i + 2], 16)) for i in (0, 2, 4))
    return f"color={quote}rgb({channels}){quote}"


class Paragraph(PlainParagraph):
    """reportlab's paragraph, its lines broken once for each width it is wrapped to.

    reportlab wraps a paragraph again and again at one width (a table measures its cells,
    then draws them; a frame tries a flowable, then places it), breaking its lines anew each
    time.  The lines depend on the width alone, so the lines of a width, once broken, are
    kept and given back; the same PDF comes out.  (A split paragraph's halves are new
    paragraphs, with no lines kept.)

    Its markup's colours written ``#rrggbb`` (every suit symbol's) are handed to reportlab
    as ``rgb(r,g,b)``: the same colour (:func:`css_color`), which reportlab reads at once,
    where it tries a ``#rrggbb`` as a Python expression first (about 30 µs each)."""

    def __init__(
        self,
        text: str,
        style: PropertySet | None = None,
        bulletText: str | None = None,
        frags: list[ParaFrag] | None = None,
        caseSensitive: int = 1,
        encoding: str = "utf8",
    ) -> None:
        read = text
        if isinstance(text, str) and "color=" in text:  # a split's halves have no text
            read = _HEX_COLOR.sub(css_color, text)
        super().__init__(read, style, bulletText, frags, caseSensitive, encoding)
        self.text = text  # the markup as written (reportlab keeps it, and reads it no more)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """The paragraph's size at ``availWidth`` (its lines broken, or kept from before)."""
        if availWidth < _FUZZ:  # no room: reportlab's answer, nothing to keep
            return super().wrap(availWidth, availHeight)
        kept = self.__dict__.setdefault("_printplay_wrapped", {})
        found = kept.get(availWidth)
        if found is None:
            super().wrap(availWidth, availHeight)
            found = {name: self.__dict__[name] for name in _WRAPPED if name in self.__dict__}
            kept[availWidth] = found
        else:
            self.__dict__.update(found)
        return self.width, self.height


_WRAPPED = ("width", "height", "blPara", "_wrapWidths", "_width_max")
"""What reportlab's :meth:`Paragraph.wrap` sets, all its drawing reads of it."""


def bookmark_page(canvas: Canvas, title: str, level: int = 0) -> None:
    """Add an outline entry (bookmark) for the page being drawn, at ``level`` (0 the top;
    a level may go at most one deeper than the entry before it)."""
    count = int(getattr(canvas, "_printplay_bookmarks", 0)) + 1
    canvas._printplay_bookmarks = count  # type: ignore[attr-defined]
    if count == 1:
        canvas.showOutline()
    key = f"printplay-page-{count}"
    canvas.bookmarkPage(key)
    canvas.addOutlineEntry(title, key, level=level, closed=level > 0)


def build_pdf(path: Path, flowables: Sequence[Flowable], setup: PageSetup) -> Path:
    """Lay out ``flowables`` on pages of ``setup.paper`` and write the PDF atomically."""
    register_fonts()

    def produce(tmp_name: str) -> None:
        lay_out(tmp_name, flowables, setup)

    return write_atomically(path, produce)


def lay_out(target: str | IO[bytes], flowables: Sequence[Flowable], setup: PageSetup) -> None:
    """Lay out ``flowables`` on pages of ``setup.paper`` into ``target`` (a file name, or
    a stream: a first pass that finds where things land writes to memory)."""
    register_fonts()
    with pdf_dates():
        width, height = setup.size
        doc = BaseDocTemplate(
            target,
            pagesize=(width, height),
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN,
            bottomMargin=MARGIN + 6 * mm,
            title=setup.title,
            subject=setup.subject or setup.title,
            keywords=list(setup.keywords),
            author="printplay",
            creator=f"printplay {__version__}",
            invariant=1,
        )
        frame = Frame(
            MARGIN,
            MARGIN + 6 * mm,
            setup.frame_width,
            setup.frame_height,
            id="body",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        doc.addPageTemplates([PageTemplate("page", [frame], onPage=_draw_footer(setup))])
        doc.build(list(flowables))
