"""Paper, page furniture and safe PDF writing shared by every printable.

PDFs are built with reportlab's invariant mode, so identical input gives byte-identical
output, and written to a temporary file that replaces the target only when complete.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import stat
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from printplay import __version__
from printplay.errors import OutputError
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


def check_writable(path: Path) -> Path:
    """Fail early, with a clear message, if ``path`` cannot be written.

    A symbolic link is followed: the file it points to is the one written.  A symbolic link
    loop or a name longer than the file system allows is refused like any other bad path.
    """
    path = Path(path)
    try:
        return _check_writable(path)
    except OutputError:
        raise
    except RuntimeError:  # pathlib's report of a symbolic link loop
        raise OutputError(f"cannot write {_short(path)}: it is a symbolic link loop") from None
    except OSError as error:
        raise OutputError(f"cannot write {_short(path)}: {error.strerror or error}") from None


def _short(path: Path, limit: int = 80) -> str:
    """A path for a message, its middle cut if it is very long."""
    text = str(path)
    return text if len(text) <= limit else f"{text[: limit // 2]}…{text[-limit // 2 :]}"


def _check_writable(path: Path) -> Path:
    if path.is_symlink():
        path = path.resolve(strict=False)
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise OutputError(f"cannot write {_short(path)}: it is a folder")
    if not folder.is_dir():
        raise OutputError(f"cannot write {_short(path)}: folder {_short(folder)} does not exist")
    if path.exists() and not path.is_file():
        raise OutputError(f"cannot write {_short(path)}: it is not a regular file")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise OutputError(f"cannot write {_short(path)}: permission denied")
    name_max = os.pathconf(folder, "PC_NAME_MAX") if hasattr(os, "pathconf") else 255
    if len(os.fsencode(path.name)) + 16 > name_max:  # room for the temporary file's affixes
        raise OutputError(f"cannot write {_short(path)}: the file name is too long")
    return path


def write_atomically(path: Path, produce: Callable[[str], None]) -> Path:
    """Call ``produce(tmp_name)`` to write a temporary file, then move it onto ``path``.

    Nothing is left behind if ``produce`` fails: no half-written file at ``path``.  A file
    being replaced keeps its permissions, and a file with other hard links is rewritten in
    place once the new content is complete (so every link sees it); a new file gets the
    usual permissions under the umask.  PDF dates come from :func:`pdf_dates`.
    """
    path = check_writable(Path(path))
    epoch = pdf_epoch()
    tmp_name: str | None = None
    try:
        # Made inside the try, with signals held until its name is known, so that a signal
        # arriving at any moment leaves nothing behind.
        with _signals_held():
            handle, tmp_name = tempfile.mkstemp(
                prefix=f".{path.name}.", suffix=".tmp", dir=path.parent
            )
        os.close(handle)
        with pdf_dates(epoch):
            produce(tmp_name)
        _put_in_place(tmp_name, path)
    except OSError as error:
        _remove(tmp_name)
        raise OutputError(f"cannot write {_short(path)}: {error.strerror or error}") from None
    except BaseException:
        _remove(tmp_name)
        raise
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _put_in_place(tmp_name: str, path: Path) -> None:
    """Move the finished ``tmp_name`` onto ``path``, keeping what the user set on a file
    being replaced: its permissions, and its hard links."""
    try:
        old = os.stat(path)
    except FileNotFoundError:
        os.chmod(tmp_name, 0o666 & ~_umask())
        os.replace(tmp_name, path)
        return
    if stat.S_ISREG(old.st_mode) and old.st_nlink > 1:
        with open(tmp_name, "rb") as source, open(path, "r+b") as target:
            shutil.copyfileobj(source, target)
            target.truncate()
        os.remove(tmp_name)
        return
    os.chmod(tmp_name, stat.S_IMODE(old.st_mode))
    os.replace(tmp_name, path)


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


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold Ctrl-C, SIGTERM and SIGHUP (in the main thread) until the block is done."""
    held = {signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)}
    blocking = hasattr(signal, "pthread_sigmask") and threading.current_thread() is (
        threading.main_thread()
    )
    if blocking:
        signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        if blocking:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, held)


def _remove(name: str | None) -> None:
    """Remove a temporary file, if there is one."""
    if name is not None:
        with contextlib.suppress(OSError):
            os.unlink(name)


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


def _draw_footer(setup: PageSetup) -> Callable[[Canvas, BaseDocTemplate], None]:
    offset = _FIRST_PAGE.get() - 1

    def draw(canvas: Canvas, doc: BaseDocTemplate) -> None:
        width, _ = setup.size
        canvas.saveState()
        canvas.setFont(SANS, 7.5)
        canvas.setFillGray(0.35)
        canvas.drawString(MARGIN, MARGIN - 2 * mm, setup.footer)
        canvas.drawRightString(width - MARGIN, MARGIN - 2 * mm, f"page {doc.page + offset}")
        canvas.restoreState()

    return draw


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
        width, height = setup.size
        doc = BaseDocTemplate(
            tmp_name,
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

    return write_atomically(path, produce)
