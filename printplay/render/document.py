"""Paper, page furniture and safe PDF writing shared by every printable.

PDFs are built with reportlab's invariant mode, so identical input gives byte-identical
output, and written to a temporary file that replaces the target only when complete.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable, Sequence
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

    A symbolic link is followed: the file it points to is the one written.
    """
    path = Path(path)
    if path.is_symlink():
        path = path.resolve()
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise OutputError(f"cannot write {path}: it is a folder")
    if not folder.is_dir():
        raise OutputError(f"cannot write {path}: folder {folder} does not exist")
    if path.exists() and not path.is_file():
        raise OutputError(f"cannot write {path}: it is not a regular file")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise OutputError(f"cannot write {path}: permission denied")
    return path


def write_atomically(path: Path, produce: Callable[[str], None]) -> Path:
    """Call ``produce(tmp_name)`` to write a temporary file, then move it onto ``path``.

    Nothing is left behind if ``produce`` fails: no half-written file at ``path``.
    """
    path = check_writable(Path(path))
    try:
        handle, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as error:
        raise OutputError(f"cannot write {path}: {error.strerror or error}") from None
    os.close(handle)
    try:
        produce(tmp_name)
        os.chmod(tmp_name, 0o644)
        os.replace(tmp_name, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise OutputError(f"cannot write {path}: {error.strerror or error}") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    return path


@dataclass(frozen=True)
class PageSetup:
    """Paper and the running footer of a document."""

    paper: str = "a4"
    title: str = ""
    footer: str = ""

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


def _draw_footer(setup: PageSetup) -> Callable[[Canvas, BaseDocTemplate], None]:
    def draw(canvas: Canvas, doc: BaseDocTemplate) -> None:
        width, _ = setup.size
        canvas.saveState()
        canvas.setFont(SANS, 7.5)
        canvas.setFillGray(0.35)
        canvas.drawString(MARGIN, MARGIN - 2 * mm, setup.footer)
        canvas.drawRightString(width - MARGIN, MARGIN - 2 * mm, f"page {doc.page}")
        canvas.restoreState()

    return draw


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
