"""Reading the text of our PDFs back, fast: pdfium's text extraction (C, via pypdfium2).

pypdf reads the same text but takes about 25 times as long, and the suite reads hundreds of
pages.  A card on a diagram extracts as its rank and suit together ("7♥", then the big pip
"♥" on a line of its own), running text as typeset.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pypdfium2

_cache: dict[tuple[str, float], list[str]] = {}


def page_texts(path: Path | str) -> list[str]:
    """The text of each page of the PDF at ``path`` (read once per file version)."""
    path = Path(path)
    key = (str(path.resolve()), path.stat().st_mtime)
    if key not in _cache:
        document = pypdfium2.PdfDocument(path)
        try:
            texts = []
            for page in document:
                textpage = page.get_textpage()
                texts.append(textpage.get_text_bounded().replace("\r\n", "\n"))
                textpage.close()
                page.close()
        finally:
            document.close()
        _cache[key] = texts
    return _cache[key]


def pdf_text(path: Path | str) -> str:
    """All the text of a PDF, runs of white space (line breaks too) made single spaces."""
    return " ".join(" ".join(page_texts(path)).split())


def mixed_font_lines(path: Path | str) -> list[str]:
    """Text lines of the PDF that mix serif and sans-serif faces (suit symbols and monospaced
    code aside), as ``"page N: text"``: a line is one face, whatever its weight or slant."""
    import ctypes

    import pypdfium2.raw as raw

    found = []
    document = pypdfium2.PdfDocument(path)
    try:
        name = ctypes.create_string_buffer(256)
        flags = ctypes.c_int()
        for number, page in enumerate(document, start=1):
            textpage = page.get_textpage()
            lines: dict[int, list[tuple[str, str]]] = {}
            for index in range(textpage.count_chars()):
                char = chr(raw.FPDFText_GetUnicode(textpage, index))
                if char.isspace() or char in "♠♥♦♣":
                    continue
                raw.FPDFText_GetFontInfo(textpage, index, name, 256, ctypes.byref(flags))
                font = name.value.decode(errors="replace")
                family = "mono" if "Mono" in font else "serif" if "Serif" in font else "sans"
                _, bottom, _, _ = textpage.get_charbox(index)
                lines.setdefault(round(bottom), []).append((family, char))
            for chars in lines.values():
                families = {family for family, _ in chars}
                if {"serif", "sans"} <= families:
                    found.append(f"page {number}: " + "".join(char for _, char in chars))
            textpage.close()
            page.close()
    finally:
        document.close()
    return found


def outline(path: Path | str) -> list[tuple[str, int]]:
    """The PDF's outline (bookmarks), depth first: each entry's title and the number of
    the page it opens (from 0)."""
    from pypdf import PdfReader

    reader = PdfReader(path)
    found: list[tuple[str, int]] = []

    def walk(items: list[Any]) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                found.append((str(item.title), reader.get_destination_page_number(item)))

    walk(reader.outline)
    return found


def _folded(text: str) -> str:
    return " ".join(text.split()).casefold()


def misplaced_bookmarks(path: Path | str, pages: range | None = None) -> tuple[list[str], int]:
    """The outline entries of the PDF (those opening one of ``pages``, from 0; by default
    any) whose title is printed on those pages but not on the page the entry opens, as
    ``"TITLE -> page N (printed on M)"``; and how many entries were checked (those whose
    title is printed there: a kit's part titles, say, are not)."""
    texts = [_folded(text) for text in page_texts(path)]
    pages = pages if pages is not None else range(len(texts))
    wrong: list[str] = []
    checked = 0
    for title, page in outline(path):
        key = _folded(title)
        where = [number for number in pages if key in texts[number]]
        if page not in pages or not where:
            continue
        checked += 1
        if page not in where:
            wrong.append(f"{title} -> page {page + 1} (printed on {where[0] + 1})")
    return wrong, checked
